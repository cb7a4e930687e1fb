// The FROM links of the facts $fact_ids and of the facts that came from the episodes
// $episode_ids, with what recall needs of each fact (status, what superseded it, its
// subject and attribute); and the episodes of both (those named and those the facts came
// from), as episodes_by_ids returns them: recall reads them next, and gets them in this
// round trip.
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
WITH collect([f.id, m.id, f.status, f.superseded_by, f.subject_id, f.attribute]) AS links,
     collect(DISTINCT m) AS linked
CALL () {
  UNWIND $episode_ids AS id
  MATCH (m:Episode {user_id: $user_id, id: id})
  RETURN collect(m) AS named
}
WITH links, linked + named AS found
CALL (found) {
  UNWIND found AS m
  WITH DISTINCT m
  RETURN collect(m {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to,
                    .speaker, .seq}) AS episodes
}
RETURN links, episodes
