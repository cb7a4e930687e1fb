// Approximate nearest neighbours from the shared vector index, oversampled ($k >= $limit)
// and then filtered to the user's active facts. Scores are (1 + cos) / 2.
CALL db.index.vector.queryNodes('graphmem_fact_embedding', $k, $vector)
YIELD node, score
WHERE node.user_id = $user_id AND node.status = 'active'
RETURN node.id AS id, score
ORDER BY score DESC
LIMIT $limit
