// The first $limit of these fact ids (ranked, best first) that are the user's active
// facts, in rank order and with their fields (as in facts.cypher): the status check of
// the vector cache's best candidates (the cache holds every fact with a vector), one
// (user_id, id) unique index seek per id. The caller sends more candidates than it needs.
UNWIND range(0, size($ids) - 1) AS rank
MATCH (f:Fact {user_id: $user_id, id: $ids[rank]})
WHERE f.status = 'active'
WITH f, rank
ORDER BY rank
LIMIT $limit
RETURN f.id AS id, f.user_id AS user_id, f.subject_id AS subject_id, f.subject_name AS subject_name,
       f.attribute AS attribute, f.value AS value, f.kind AS kind, f.source AS source,
       f.confidence AS confidence, f.status AS status, f.text AS text, f.source_text AS source_text,
       f.recorded_at AS recorded_at, f.valid_from AS valid_from, f.valid_to AS valid_to,
       f.last_accessed_at AS last_accessed_at, f.access_count AS access_count,
       f.half_life_days AS half_life_days, f.ref AS ref, f.object_id AS object_id,
       f.qualifier AS qualifier, f.superseded_by AS superseded_by, f.inferred AS inferred, f.seq AS seq
