// Analyst: conflicts still open in the user's memory. Read-only; anchored at $user_id.
//   multiple_active  a single-valued attribute ($single_attributes) with more than one
//                    active value for the same subject
//   polarity         the same subject actively likes and dislikes the same value
//   frozen_newer     news kept frozen (it lost arbitration) that is newer than the active
//                    fact holding its place: worth a look, the world may have changed
// Columns: kind, subject, attribute, values, fact_ids, at
CALL () {
  MATCH (f:Fact)
  WHERE f.user_id = $user_id AND f.status = 'active' AND f.attribute IN $single_attributes
  WITH f
  ORDER BY f.recorded_at, f.seq
  WITH f.subject_id AS sid, f.attribute AS attribute, collect(f) AS fs
  WHERE size(fs) > 1
  RETURN 'multiple_active' AS kind, fs[0].subject_name AS subject, attribute,
         [x IN fs | x.value] AS values, [x IN fs | x.id] AS fact_ids, fs[size(fs) - 1].recorded_at AS at
  UNION ALL
  MATCH (l:Fact)
  WHERE l.user_id = $user_id AND l.status = 'active' AND l.attribute = 'likes'
  MATCH (d:Fact)
  WHERE d.user_id = $user_id AND d.status = 'active' AND d.attribute = 'dislikes'
    AND d.subject_id = l.subject_id AND toLower(trim(d.value)) = toLower(trim(l.value))
  RETURN 'polarity' AS kind, l.subject_name AS subject, 'likes/dislikes' AS attribute,
         [l.value, d.value] AS values, [l.id, d.id] AS fact_ids,
         CASE WHEN l.recorded_at > d.recorded_at THEN l.recorded_at ELSE d.recorded_at END AS at
  UNION ALL
  MATCH (a:Fact)-[:SUPERSEDES]->(o:Fact)
  WHERE a.user_id = $user_id AND o.user_id = $user_id AND a.status = 'active'
    AND o.status = 'frozen' AND o.recorded_at > a.recorded_at
  RETURN 'frozen_newer' AS kind, a.subject_name AS subject, a.attribute AS attribute,
         [a.value, o.value] AS values, [a.id, o.id] AS fact_ids, o.recorded_at AS at
}
RETURN kind, subject, attribute, values, fact_ids, at
ORDER BY kind, subject, attribute, at
