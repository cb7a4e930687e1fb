// Migration 2 -> 3: index older episodes ($items: [{user_id, id, ukey, search_text}]),
// thread each after the previous one of the same user (prev_id, position, NEXT) when
// the store computed one, and turn their facts' FROM_EPISODE links into FROM.
UNWIND $items AS it
MATCH (m:Episode {user_id: it.user_id, id: it.id})
SET m.ukey = it.ukey, m.search_text = it.search_text, m.context_text = '', m.prev_id = it.prev_id,
    m.position = it.position
WITH m, it
CALL (m, it) {
  MATCH (p:Episode {user_id: it.user_id, id: it.prev_id})
  MERGE (p)-[:NEXT]->(m)
}
CALL (m) {
  MATCH (f:Fact)-[r:FROM_EPISODE]->(m)
  MERGE (f)-[:FROM]->(m)
  DELETE r
}
RETURN count(m) AS updated
