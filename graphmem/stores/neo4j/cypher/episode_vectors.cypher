// The client-side cache of one user's episode vectors (graphmem/stores/neo4j/episodes.py):
// the user's epoch and created_at, and the episodes with a vector whose seq is above
// $since, in seq order (episodes are append-only; a delete or scrub bumps the epoch, and
// a cache of another epoch passes since = -1 to reload). Range seek on (user_id, seq).
MATCH (u:User {user_id: $user_id})
WITH u, CASE WHEN coalesce(u.epoch, 0) = $epoch AND u.created_at = $created THEN $since ELSE -1 END AS since
CALL (since) {
  MATCH (m:Episode) USING INDEX m:Episode(user_id, seq)
  WHERE m.user_id = $user_id AND m.seq > since AND m.embedding IS NOT NULL
  WITH m ORDER BY m.seq
  RETURN collect([m.id, m.seq, m.embedding]) AS rows
}
RETURN coalesce(u.epoch, 0) AS epoch, u.created_at AS created, since, rows
