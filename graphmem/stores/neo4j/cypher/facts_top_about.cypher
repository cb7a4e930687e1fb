// The `$top` facts of one user with the highest decay key (keys.decay_key: the surest
// after time decay) about the given entities, of the given statuses (both required):
// what recall reads when a question is about many people at once ("my friends"), whose
// facts together can be hundreds while the exact channel keeps a few dozen. Walks the
// entities' SUBJECT edges; ties keep the older fact first, as facts_top does.
CYPHER replan=skip
MATCH (e:Entity) WHERE e.user_id = $user_id AND e.id IN $subject_ids
MATCH (e)<-[:SUBJECT]-(f:Fact)
WHERE f.user_id = $user_id AND f.status IN $statuses AND f.subject_id IN $subject_ids
WITH f ORDER BY coalesce(f.decay_key, -1.0e308) DESC, f.seq LIMIT $top
// One record: the facts as lists in neo4j_util.FACT_FIELDS order.
RETURN collect([f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
                f.confidence, f.status, f.text, f.source_text, f.recorded_at, f.valid_from, f.valid_to,
                f.last_accessed_at, f.access_count, f.half_life_days, f.ref, f.object_id, f.qualifier,
                f.superseded_by, f.inferred, f.rule, f.seq]) AS facts
