// Audit records of one user; $fact_ids (null = all) keeps those naming one of the facts.
MATCH (u:User {user_id: $user_id})-[:HAS_AUDIT]->(a:Audit)
WHERE a.user_id = $user_id
  AND ($fact_ids IS NULL OR a.new_fact_id IN $fact_ids OR a.old_fact_id IN $fact_ids)
RETURN a.id AS id, a.user_id AS user_id, a.at AS at, a.action AS action, a.rule AS rule,
       a.new_fact_id AS new_fact_id, a.old_fact_id AS old_fact_id, a.detail AS detail,
       a.extraction_rule AS extraction_rule
ORDER BY a.at, a.seq
