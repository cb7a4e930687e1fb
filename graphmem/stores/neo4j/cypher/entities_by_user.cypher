MATCH (u:User {user_id: $user_id})-[:HAS_ENTITY]->(e:Entity)
WHERE e.user_id = $user_id
RETURN e.id AS id, e.user_id AS user_id, e.name AS name, e.type AS type, e.aliases AS aliases,
       e.created_at AS created_at
ORDER BY e.seq
