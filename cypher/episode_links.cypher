// The FROM links of the facts $fact_ids and of the facts that came from the episodes
// $episode_ids, with what recall needs of each fact (status, what superseded it, its
// subject and attribute).
CALL () {
  UNWIND $fact_ids AS id
  MATCH (f:Fact {user_id: $user_id, id: id})-[:FROM]->(m:Episode)
  WHERE m.user_id = $user_id
  RETURN f, m
  UNION
  UNWIND $episode_ids AS id
  MATCH (m:Episode {user_id: $user_id, id: id})<-[:FROM]-(f:Fact)
  WHERE f.user_id = $user_id
  RETURN f, m
}
RETURN collect([f.id, m.id, f.status, f.superseded_by, f.subject_id, f.attribute]) AS links
