// Erasure of one fact (forget): each of $needles, JSON-escaped as a remember's record holds
// text (it keeps what the remember ignored), is replaced by $marker in the results of the
// user's idempotency records. Seeks the user's records through the user_id index.
MATCH (k:WriteKey {user_id: $user_id})
WITH k, reduce(t = k.result, n IN [x IN $needles WHERE size(x) > 0] | replace(t, n, $marker)) AS result
WHERE result <> k.result
SET k.result = result
RETURN count(k) AS changed
