// Analyst: how much of the user's memory each source contributed (declared by the user,
// observed from behaviour, inferred by a model), and how sure it is. Read-only;
// anchored at $user_id.
// Columns: source, facts, active, frozen, avg_confidence, attributes
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status <> 'archived'
WITH f
ORDER BY f.attribute
WITH f.source AS source, count(f) AS facts,
     sum(CASE WHEN f.status = 'active' THEN 1 ELSE 0 END) AS active,
     sum(CASE WHEN f.status = 'frozen' THEN 1 ELSE 0 END) AS frozen,
     avg(f.confidence) AS avg_confidence,
     collect(DISTINCT f.attribute) AS attributes
RETURN source, facts, active, frozen, avg_confidence, attributes
ORDER BY facts DESC, source
