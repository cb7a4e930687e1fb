// BM25 over one user's active facts. $query is built by the store from escaped terms:
//   ukey:"<hash of user id>" AND status:active AND search_text:(t1 OR t2 ...)
// and the WHERE repeats both conditions in Cypher as a second guard.
CALL db.index.fulltext.queryNodes('graphmem_fact_text', $query, {limit: $limit})
YIELD node, score
WHERE node.user_id = $user_id AND node.status = 'active'
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $limit
