CALL () {
  MATCH (n:Entity {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Fact {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Audit {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Episode {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:User {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:UserLock {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:WriteKey {user_id: $user_id}) RETURN n
}
DETACH DELETE n
