// BM25 over one user's active facts. $query is built by the store from escaped terms:
//   ukey:"<hash of user id>" AND status:active AND search_text:(t1 OR t2 ...)
// and the WHERE repeats both conditions in Cypher as a second guard. The hits come with
// their fields (as in facts.cypher), so a recall need not read them again.
CALL db.index.fulltext.queryNodes('graphmem_fact_text', $query, {limit: $limit})
YIELD node AS f, score
WHERE f.user_id = $user_id AND f.status = 'active'
WITH f, score
ORDER BY score DESC
LIMIT $limit
RETURN f.id AS id, f.user_id AS user_id, f.subject_id AS subject_id, f.subject_name AS subject_name,
       f.attribute AS attribute, f.value AS value, f.kind AS kind, f.source AS source,
       f.confidence AS confidence, f.status AS status, f.text AS text, f.source_text AS source_text,
       f.recorded_at AS recorded_at, f.valid_from AS valid_from, f.valid_to AS valid_to,
       f.last_accessed_at AS last_accessed_at, f.access_count AS access_count,
       f.half_life_days AS half_life_days, f.ref AS ref, f.object_id AS object_id,
       f.qualifier AS qualifier, f.superseded_by AS superseded_by, f.inferred AS inferred, f.seq AS seq, score
