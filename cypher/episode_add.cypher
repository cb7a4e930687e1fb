MATCH (u:User {user_id: $user_id})
SET u.seq = u.seq + 1
CREATE (u)-[:HAS_EPISODE]->(:Episode {
  id: $id, user_id: $user_id, role: $role, text: $text, at: $at, ref: $ref, seq: u.seq
})
