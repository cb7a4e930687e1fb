// The user's latest episode at or before $at: the turn a new message follows (NEXT).
MATCH (m:Episode) USING INDEX m:Episode(user_id, at)
WHERE m.user_id = $user_id AND m.at <= $at
WITH m ORDER BY m.at DESC, m.seq DESC
LIMIT 1
RETURN m {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to, .speaker} AS m
