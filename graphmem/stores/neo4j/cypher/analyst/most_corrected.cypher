// Analyst: the attributes the user corrected most. A correction is a fact that a later
// statement froze (superseded or retracted); news kept frozen because it lost arbitration
// (an older fact SUPERSEDES it) is not one. Read-only; anchored at $user_id.
// Columns: subject, attribute, corrections, versions, current, last_at
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status <> 'archived'
OPTIONAL MATCH (w:Fact)-[:SUPERSEDES]->(f)
WHERE w.user_id = $user_id AND w.recorded_at < f.recorded_at
WITH f, count(w) > 0 AS kept_news
ORDER BY f.recorded_at, f.seq
WITH f.subject_id AS sid, f.subject_name AS subject, f.attribute AS attribute,
     sum(CASE WHEN f.status = 'frozen' AND NOT kept_news THEN 1 ELSE 0 END) AS corrections,
     count(f) AS versions,
     collect(CASE WHEN f.status = 'active' THEN f.value END) AS current,
     max(f.recorded_at) AS last_at
WHERE corrections > 0
RETURN subject, attribute, corrections, versions, current, last_at
ORDER BY corrections DESC, versions DESC, subject, attribute
