// The first $limit of these fact ids (ranked, best first) that are the user's active
// facts, in rank order and with their fields (as facts.cypher lists them): the status check of
// the vector cache's best candidates (the cache holds every fact with a vector), one
// (user_id, id) unique index seek per id. The caller sends more candidates than it needs.
UNWIND range(0, size($ids) - 1) AS rank
MATCH (f:Fact {user_id: $user_id, id: $ids[rank]})
WHERE f.status = 'active'
WITH f, rank
ORDER BY rank
LIMIT $limit
// One record: the facts as lists in neo4j_util.FACT_FIELDS order (one record per fact
// costs the Python driver several times more).
RETURN collect([f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
                f.confidence, f.status, f.text, f.source_text, f.recorded_at, f.valid_from, f.valid_to,
                f.last_accessed_at, f.access_count, f.half_life_days, f.ref, f.object_id, f.qualifier,
                f.superseded_by, f.inferred, f.rule, f.seq]) AS facts
