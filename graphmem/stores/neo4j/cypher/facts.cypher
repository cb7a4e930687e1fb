// Facts of one user. Each list parameter is null (no filter) or the values to keep;
// $value_keys filters on keys.value_key (what arbitration compares).
// The access path is chosen by the parameters: by id (the (user_id, id) unique index),
// else by attribute (the (user_id, attribute) index, with value_key when given), else by
// subject (the entities' SUBJECT edges), else all of the user's facts (the user_id
// index); a branch whose guard is false never touches its index.
// replan=skip: each branch is one index seek whatever the statistics; no replanning.
CYPHER replan=skip
CALL () {
  WITH 1 AS go WHERE $ids IS NOT NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id AND f.id IN $ids
  RETURN f
  UNION
  WITH 1 AS go WHERE $ids IS NULL AND $attributes IS NOT NULL AND $value_keys IS NOT NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id AND f.attribute IN $attributes AND f.value_key IN $value_keys
  RETURN f
  UNION
  WITH 1 AS go WHERE $ids IS NULL AND $attributes IS NOT NULL AND $value_keys IS NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id AND f.attribute IN $attributes
  RETURN f
  UNION
  // About given entities: walk their SUBJECT edges (a friend has a few facts; the
  // user-wide index would read every fact the user has).
  WITH 1 AS go WHERE $ids IS NULL AND $attributes IS NULL AND $subject_ids IS NOT NULL
  MATCH (e:Entity) WHERE e.user_id = $user_id AND e.id IN $subject_ids
  MATCH (e)<-[:SUBJECT]-(f:Fact)
  WHERE f.user_id = $user_id
  RETURN f
  UNION
  WITH 1 AS go WHERE $ids IS NULL AND $attributes IS NULL AND $subject_ids IS NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id
  RETURN f
}
WITH f
WHERE ($statuses IS NULL OR f.status IN $statuses)
  AND ($attributes IS NULL OR f.attribute IN $attributes)
  AND ($subject_ids IS NULL OR f.subject_id IN $subject_ids)
  AND ($value_keys IS NULL OR f.value_key IN $value_keys)
// Explicit fields, never the embedding or the index text (a large user's active facts
// are thousands), as lists in neo4j_util.FACT_FIELDS order in one record: one record
// per fact costs the Python driver several times more.
WITH f ORDER BY f.recorded_at, f.seq
RETURN collect([f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
                f.confidence, f.status, f.text, f.source_text, f.recorded_at, f.valid_from, f.valid_to,
                f.last_accessed_at, f.access_count, f.half_life_days, f.ref, f.object_id, f.qualifier,
                f.superseded_by, f.inferred, f.rule, f.seq]) AS facts
