// How many active facts this user has (index count) and how many facts exist in all:
// decides between exact per-user cosine and the oversampled index.
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status = 'active'
WITH count(f) AS mine
CALL () {
  MATCH (g:Fact)
  RETURN count(g) AS total
}
RETURN mine, total
