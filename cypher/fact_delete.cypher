MATCH (f:Fact {user_id: $user_id, id: $id})
DETACH DELETE f
RETURN count(*) AS deleted
