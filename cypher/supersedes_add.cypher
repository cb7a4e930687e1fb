// Idempotent, like the SQLite store's INSERT OR IGNORE: the first rule and time stay.
MATCH (u:User {user_id: $user_id})
MATCH (n:Fact {user_id: $user_id, id: $new_id})
MATCH (o:Fact {user_id: $user_id, id: $old_id})
MERGE (n)-[s:SUPERSEDES]->(o)
  ON CREATE SET u.seq = u.seq + 1, s.rule = $rule, s.at = $at, s.seq = u.seq
