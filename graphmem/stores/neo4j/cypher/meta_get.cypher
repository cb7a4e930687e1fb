OPTIONAL MATCH (g:GraphmemMeta {key: 'meta'})
RETURN g.schema_version AS schema_version, g.schema_hash AS schema_hash,
       g.embedder_model AS embedder_model, g.embedder_dim AS embedder_dim
