// Every node of the user (each label through its user_id index), every relationship that
// touches one of them, and every index entry of their facts and episodes (fulltext: one
// per node with a ukey; vector: one per node with an embedding). delete_user reports the same number.
CALL () {
  MATCH (n:User {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:UserLock {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:WriteKey {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Entity {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Fact {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Audit {user_id: $user_id}) RETURN n
  UNION
  MATCH (n:Episode {user_id: $user_id}) RETURN n
}
WITH collect(n) AS nodes
CALL (nodes) {
  UNWIND nodes AS n
  MATCH (n)-[r]-()
  RETURN count(DISTINCT r) AS rels
}
CALL (nodes) {
  UNWIND nodes AS n
  WITH n WHERE n:Fact OR n:Episode
  RETURN count(n.ukey) + count(n.embedding) AS entries
}
RETURN size(nodes) + rels + entries AS rows
