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
// One record: the facts as lists in neo4j_util.FACT_FIELDS order (one record per fact
// costs the Python driver several times more).
RETURN collect([f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
                f.confidence, f.status, f.text, f.source_text, f.recorded_at, f.valid_from, f.valid_to,
                f.last_accessed_at, f.access_count, f.half_life_days, f.ref, f.object_id, f.qualifier,
                f.superseded_by, f.inferred, f.rule, f.seq]) AS facts
