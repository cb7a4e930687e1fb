// The user's latest episode at or before $at: the turn a new message follows (NEXT), and
// the turn that one follows (`before`, null when none): a remember re-indexes the latest
// turn with the words of the one before it, which saves it a round trip.
MATCH (m:Episode) USING INDEX m:Episode(user_id, at)
WHERE m.user_id = $user_id AND m.at <= $at
WITH m ORDER BY m.at DESC, m.seq DESC
LIMIT 1
OPTIONAL MATCH (p:Episode {user_id: $user_id, id: m.prev_id})
RETURN m {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to, .speaker} AS m,
       p {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to, .speaker} AS before
