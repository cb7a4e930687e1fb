// Erasure of one fact (forget): every audit record of the user that names the fact, as
// new or old fact, gets $marker for its detail (which held values such as
// "city=Paris -> city=Rome"); ids, action, rule and time stay. Records with no detail
// are left alone. Seeks the user's audit nodes through the user_id index.
MATCH (a:Audit {user_id: $user_id})
WHERE (a.new_fact_id = $id OR a.old_fact_id = $id)
  AND NOT coalesce(a.detail, '') IN ['', $marker]
SET a.detail = $marker
RETURN count(a) AS changed
