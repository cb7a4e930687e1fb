MATCH (u:User {user_id: $user_id})
RETURN u.rev AS rev
