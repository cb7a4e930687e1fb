// Refresh of a client-side vector cache (see Neo4jStore): the user's rev, epoch and
// created_at, the facts with a vector whose seq is above $since, in seq order, with their
// status, and the [id, status] of facts updated (useq, see write_batch) above $since. The
// cache passes what it holds ($rev, $epoch, $created); a cache of another epoch or of an
// earlier user with the same id reloads everything (since = -1), and an unchanged rev
// reads no fact at all. The (user_id, seq) index makes the incremental read a range seek;
// the hint keeps it one (unhinted, the planner scanned the user_id index of every user).
// replan=skip: index seeks only, whatever the statistics; no replanning as data grows.
CYPHER replan=skip
MATCH (u:User {user_id: $user_id})
WITH u, coalesce(u.epoch, 0) AS epoch
WITH u, epoch, CASE WHEN u.created_at = $created AND epoch = $epoch THEN $since ELSE -1 END AS since
CALL (u, since) {
  WITH u, since WHERE since < 0 OR u.rev <> $rev
  MATCH (f:Fact) USING INDEX f:Fact(user_id, seq)
  WHERE f.user_id = $user_id AND f.seq > since AND f.embedding IS NOT NULL
  WITH f ORDER BY f.seq
  RETURN collect([f.id, f.seq, f.embedding, f.status]) AS rows
}
CALL (u, since) {
  WITH u, since WHERE since >= 0 AND u.rev <> $rev
  MATCH (f:Fact) USING INDEX f:Fact(user_id, useq)
  WHERE f.user_id = $user_id AND f.useq > since
  RETURN collect([f.id, f.status]) AS updated
}
RETURN u.rev AS rev, epoch, u.created_at AS created, since, rows, updated
