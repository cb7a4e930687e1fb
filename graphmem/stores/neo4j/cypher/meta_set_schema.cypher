// Records the schema version (never lowers it) and the fingerprint of the schema files.
MERGE (g:GraphmemMeta {key: 'meta'})
SET g.schema_version = CASE
  WHEN g.schema_version IS NULL OR g.schema_version < $version THEN $version
  ELSE g.schema_version END,
  g.schema_hash = $hash
RETURN g.schema_version AS schema_version
