// The `$top` facts of one user with the highest decay key (keys.decay_key: the surest
// after time decay) among the given attributes and statuses (both required here),
// optionally about the given subjects. A crowded attribute (thousands of events) is
// read in decay order from the (user_id, attribute, status, decay_key) index, one
// attribute and status at a time, and stops after `$top`; only the head crosses the wire.
CYPHER replan=skip
UNWIND $attributes AS attribute
UNWIND $statuses AS status
CALL (attribute, status) {
  MATCH (f:Fact)
  USING INDEX f:Fact(user_id, attribute, status, decay_key)
  WHERE f.user_id = $user_id AND f.attribute = attribute AND f.status = status AND f.decay_key IS NOT NULL
    AND ($subject_ids IS NULL OR f.subject_id IN $subject_ids)
  // Ordering by the whole index key (equal on its first three) lets the index supply the
  // order: the seek stops after $top rows instead of sorting every fact of the attribute.
  WITH f ORDER BY f.user_id DESC, f.attribute DESC, f.status DESC, f.decay_key DESC LIMIT $top
  RETURN f
}
WITH f ORDER BY f.decay_key DESC, f.seq LIMIT $top
RETURN f.id AS id, f.user_id AS user_id, f.subject_id AS subject_id, f.subject_name AS subject_name,
       f.attribute AS attribute, f.value AS value, f.kind AS kind, f.source AS source,
       f.confidence AS confidence, f.status AS status, f.text AS text, f.source_text AS source_text,
       f.recorded_at AS recorded_at, f.valid_from AS valid_from, f.valid_to AS valid_to,
       f.last_accessed_at AS last_accessed_at, f.access_count AS access_count,
       f.half_life_days AS half_life_days, f.ref AS ref, f.object_id AS object_id,
       f.qualifier AS qualifier, f.superseded_by AS superseded_by, f.inferred AS inferred, f.seq AS seq
