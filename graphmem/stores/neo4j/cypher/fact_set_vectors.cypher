// Re-embedding: new vectors for some of the user's facts ($items: [{id, embedding}]),
// stored as float32 vector properties. A null embedding (no usable direction) removes
// the property, and with it the vector index entry. The user's epoch is bumped, so every
// process reloads its cached vectors of the user.
MATCH (u:User {user_id: $user_id})
SET u.epoch = coalesce(u.epoch, 0) + 1
WITH u
UNWIND $items AS item
MATCH (f:Fact {user_id: $user_id, id: item.id})
CALL (f, item) {
  WITH f, item WHERE item.embedding IS NULL
  REMOVE f.embedding
}
CALL (f, item) {
  WITH f, item WHERE item.embedding IS NOT NULL
  CALL db.create.setNodeVectorProperty(f, 'embedding', item.embedding)
}
