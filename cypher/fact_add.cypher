// $props holds every Fact field (datetimes as epoch seconds) plus ukey and search_text.
// $embedding (null when the fact has no usable vector) is stored as a float32 vector
// property: half the size of a Cypher list of floats, and exact cosine reads it faster.
// The edges to the subject, the object entity and this transaction's episode are made
// when those nodes exist.
MATCH (u:User {user_id: $user_id})
SET u.seq = u.seq + 1
CREATE (f:Fact)
SET f = $props, f.user_id = $user_id, f.seq = u.seq
WITH f
CALL (f) {
  WITH f WHERE $embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(f, 'embedding', $embedding)
}
CALL (f) {
  MATCH (s:Entity {user_id: $user_id, id: f.subject_id})
  CREATE (f)-[:SUBJECT]->(s)
}
CALL (f) {
  MATCH (o:Entity {user_id: $user_id, id: f.object_id})
  CREATE (f)-[:OBJECT]->(o)
}
CALL (f) {
  MATCH (m:Episode {user_id: $user_id, id: $episode_id})
  CREATE (f)-[:FROM_EPISODE]->(m)
}
RETURN f.id AS id
