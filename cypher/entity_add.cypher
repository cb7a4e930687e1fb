MATCH (u:User {user_id: $user_id})
SET u.seq = u.seq + 1
CREATE (u)-[:HAS_ENTITY]->(e:Entity {
  id: $id, user_id: $user_id, name: $name, type: $type, aliases: $aliases, created_at: $created_at,
  seq: u.seq
})
