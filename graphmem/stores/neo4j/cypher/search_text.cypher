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
// One record: the facts as lists in neo4j_util.FACT_FIELDS order, then the score (one
// record per fact costs the Python driver several times more).
RETURN collect([f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
                f.confidence, f.status, f.text, f.source_text, f.recorded_at, f.valid_from, f.valid_to,
                f.last_accessed_at, f.access_count, f.half_life_days, f.ref, f.object_id, f.qualifier,
                f.superseded_by, f.inferred, f.rule, f.seq, score]) AS facts
