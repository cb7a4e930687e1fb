// Exact cosine over one user's active facts (the (user_id, status) index, no other user's
// facts are read). vector.similarity.cosine gives (1 + cos) / 2; the store converts back.
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status = 'active'
  AND f.embedding IS NOT NULL AND size(f.embedding) = size($vector)
WITH f, vector.similarity.cosine(f.embedding, $vector) AS score
ORDER BY score DESC, f.seq
LIMIT $limit
RETURN f.id AS id, score
