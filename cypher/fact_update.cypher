// Status, validity, confidence, access fields, value/text and the OBJECT edge of one fact.
MATCH (f:Fact {user_id: $user_id, id: $id})
SET f.status = $status, f.valid_to = $valid_to, f.confidence = $confidence,
    f.last_accessed_at = $last_accessed_at, f.access_count = $access_count,
    f.superseded_by = $superseded_by, f.value = $value, f.text = $text, f.object_id = $object_id
WITH f
CALL (f) {
  MATCH (f)-[r:OBJECT]->(o:Entity)
  WHERE o.id IS NULL OR o.id <> $object_id OR $object_id IS NULL
  DELETE r
}
CALL (f) {
  MATCH (o:Entity {user_id: $user_id, id: $object_id})
  WHERE NOT (f)-[:OBJECT]->(o)
  CREATE (f)-[:OBJECT]->(o)
}
RETURN f.id AS id
