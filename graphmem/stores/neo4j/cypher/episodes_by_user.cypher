MATCH (u:User {user_id: $user_id})-[:HAS_EPISODE]->(m:Episode)
WHERE m.user_id = $user_id
WITH m ORDER BY m.at, m.seq
RETURN m {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to, .speaker} AS m
