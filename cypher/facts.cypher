// Facts of one user. Each list parameter is null (no filter) or the values to keep.
// The access path is chosen by the parameters: by id (the (user_id, id) unique index),
// else by attribute (the (user_id, attribute) index), else all of the user's facts (the
// user_id index); a branch whose guard is false never touches its index.
CALL () {
  WITH 1 AS go WHERE $ids IS NOT NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id AND f.id IN $ids
  RETURN f
  UNION
  WITH 1 AS go WHERE $ids IS NULL AND $attributes IS NOT NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id AND f.attribute IN $attributes
  RETURN f
  UNION
  WITH 1 AS go WHERE $ids IS NULL AND $attributes IS NULL
  MATCH (f:Fact) WHERE f.user_id = $user_id
  RETURN f
}
WITH f
WHERE ($statuses IS NULL OR f.status IN $statuses)
  AND ($attributes IS NULL OR f.attribute IN $attributes)
  AND ($subject_ids IS NULL OR f.subject_id IN $subject_ids)
// Explicit fields: never ship the embedding or the index text back.
RETURN f {
  .id, .user_id, .subject_id, .subject_name, .attribute, .value, .kind, .source, .confidence,
  .status, .text, .source_text, .recorded_at, .valid_from, .valid_to, .last_accessed_at,
  .access_count, .half_life_days, .ref, .object_id, .qualifier, .superseded_by, .inferred, .seq
} AS f
ORDER BY f.recorded_at, f.seq
