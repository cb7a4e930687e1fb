// A query vector with no direction (e.g. only punctuation) has no cosine: like the SQLite
// store, every active fact with a vector scores 0; oldest first.
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status = 'active' AND f.embedding IS NOT NULL
RETURN f.id AS id, 0.5 AS score
ORDER BY f.recorded_at, f.seq
LIMIT $limit
