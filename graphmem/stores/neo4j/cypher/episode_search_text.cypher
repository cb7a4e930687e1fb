// BM25 over one user's episodes. $query is built by the store from escaped terms:
//   ukey:"<hash of user id>" AND (search_text:(t1 OR t2 ...) OR context_text:(t1 OR t2 ...)^w)
// (the message's own words, and its neighbours and speaker weighted lower); the WHERE
// repeats the user condition in Cypher as a second guard.
CALL db.index.fulltext.queryNodes('graphmem_episode_text', $query, {limit: $limit})
YIELD node AS m, score
WHERE m.user_id = $user_id
WITH m, score
ORDER BY score DESC
LIMIT $limit
RETURN collect([m.id, score]) AS hits
