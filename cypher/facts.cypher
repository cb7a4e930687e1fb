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
// Explicit fields as columns (never the embedding or the index text): a large user's
// active facts are thousands of rows, and columns decode much faster than maps.
RETURN f.id AS id, f.user_id AS user_id, f.subject_id AS subject_id, f.subject_name AS subject_name,
       f.attribute AS attribute, f.value AS value, f.kind AS kind, f.source AS source,
       f.confidence AS confidence, f.status AS status, f.text AS text, f.source_text AS source_text,
       f.recorded_at AS recorded_at, f.valid_from AS valid_from, f.valid_to AS valid_to,
       f.last_accessed_at AS last_accessed_at, f.access_count AS access_count,
       f.half_life_days AS half_life_days, f.ref AS ref, f.object_id AS object_id,
       f.qualifier AS qualifier, f.superseded_by AS superseded_by, f.inferred AS inferred, f.seq AS seq
ORDER BY f.recorded_at, f.seq
