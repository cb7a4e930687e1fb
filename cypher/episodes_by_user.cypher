MATCH (u:User {user_id: $user_id})-[:HAS_EPISODE]->(m:Episode)
WHERE m.user_id = $user_id
RETURN m.id AS id, m.user_id AS user_id, m.role AS role, m.text AS text, m.at AS at, m.ref AS ref
ORDER BY m.at, m.seq
