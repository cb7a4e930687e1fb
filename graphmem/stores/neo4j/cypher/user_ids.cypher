MATCH (u:User)
RETURN u.user_id AS user_id
UNION
MATCH (f:Fact)
WHERE f.user_id IS NOT NULL
RETURN DISTINCT f.user_id AS user_id
