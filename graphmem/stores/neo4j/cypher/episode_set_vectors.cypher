// Re-embedding: new vectors for some of the user's episodes ($items: [{id, embedding}]),
// as fact_set_vectors does for facts; the user's epoch is bumped so every cache reloads.
MATCH (u:User {user_id: $user_id})
SET u.epoch = coalesce(u.epoch, 0) + 1
WITH u
UNWIND $items AS item
MATCH (m:Episode {user_id: $user_id, id: item.id})
CALL (m, item) {
  WITH m, item WHERE item.embedding IS NULL
  REMOVE m.embedding
}
CALL (m, item) {
  WITH m, item WHERE item.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(m, 'embedding', item.embedding)
}
