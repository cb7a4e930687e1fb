// Forget one episode: its neighbours are linked to each other (NEXT and prev_id), the
// facts that came from it lose the link, and the node goes with its index entries; the
// user's epoch moves so every vector cache reloads.
MATCH (u:User {user_id: $user_id})
MATCH (m:Episode {user_id: $user_id, id: $id})
OPTIONAL MATCH (p:Episode {user_id: $user_id})-[:NEXT]->(m)
OPTIONAL MATCH (m)-[:NEXT]->(n:Episode {user_id: $user_id})
CALL (p, n, m) {
  WITH p, n, m WHERE p IS NOT NULL AND n IS NOT NULL
  CREATE (p)-[:NEXT]->(n)
}
CALL (n, m) {
  WITH n, m WHERE n IS NOT NULL
  SET n.prev_id = m.prev_id
}
SET u.epoch = coalesce(u.epoch, 0) + 1
DETACH DELETE m
RETURN count(*) AS deleted
