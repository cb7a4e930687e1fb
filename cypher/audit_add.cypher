MATCH (u:User {user_id: $user_id})
SET u.seq = u.seq + 1
CREATE (u)-[:HAS_AUDIT]->(:Audit {
  id: $id, user_id: $user_id, at: $at, action: $action, rule: $rule,
  new_fact_id: $new_fact_id, old_fact_id: $old_fact_id, detail: $detail, seq: u.seq
})
