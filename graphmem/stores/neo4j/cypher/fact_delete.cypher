// Deletes one fact; a deletion bumps the user's epoch, which makes every process reload
// its cached vectors of the user instead of refreshing them incrementally.
MATCH (f:Fact {user_id: $user_id, id: $id})
DETACH DELETE f
WITH count(*) AS deleted
CALL (deleted) {
  WITH deleted WHERE deleted > 0
  MATCH (u:User {user_id: $user_id})
  SET u.epoch = coalesce(u.epoch, 0) + 1
}
RETURN deleted
