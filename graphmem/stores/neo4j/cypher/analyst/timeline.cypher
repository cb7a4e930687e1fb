// Analyst: the user's timeline, every fact (active and frozen; archived ones are forgotten)
// in the order it was recorded, with the values it replaced. Read-only; anchored at $user_id.
// Columns: at, subject, attribute, value, status, source, confidence, ref, source_text, replaces
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status <> 'archived'
OPTIONAL MATCH (f)-[:SUPERSEDES]->(o:Fact)
WHERE o.user_id = $user_id AND o.recorded_at <= f.recorded_at
WITH f, o
ORDER BY o.value
WITH f, collect(o.value) AS replaces
RETURN f.recorded_at AS at, f.subject_name AS subject, f.attribute AS attribute, f.value AS value,
       f.status AS status, f.source AS source, f.confidence AS confidence, f.ref AS ref,
       f.source_text AS source_text, replaces
ORDER BY f.recorded_at, f.seq
