// First statement of every write. It serialises writers of the same user: the write lock
// on the user's (:UserLock) node is held until commit, so the next writer waits here and
// then sees this one's committed facts. The lock lives on its own relationship-free node,
// not on the (:User) root: the root becomes a dense node (over 50 HAS_ENTITY / HAS_EPISODE
// / HAS_AUDIT edges), and a writer waiting on a dense node's lock already holds its
// relationship-group lock, which deadlocks with the holder creating the next edge.
// It also returns the user's entities (every write path reads them first), saving a
// round trip; `epoch` (bumped when vectors are deleted or replaced) starts at 0.
MERGE (l:UserLock {user_id: $user_id})
  ON CREATE SET l.writes = 1
  ON MATCH SET l.writes = l.writes + 1
WITH l
MERGE (u:User {user_id: $user_id})
  ON CREATE SET u.rev = 1, u.seq = 0, u.epoch = 0, u.created_at = $now
  ON MATCH SET u.rev = u.rev + 1
WITH u
CALL (u) {
  MATCH (u)-[:HAS_ENTITY]->(e:Entity)
  WHERE e.user_id = $user_id
  WITH e ORDER BY e.seq
  RETURN collect(e {.id, .user_id, .name, .type, .aliases, .created_at}) AS entities
}
RETURN u.rev AS rev, entities
