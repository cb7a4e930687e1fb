// Up to $limit of the user's episodes about a day in [$start, $end]: the days the message
// named (refers_from..refers_to), else the day it was said; the latest such days first.
MATCH (m:Episode) USING INDEX m:Episode(user_id)
WHERE m.user_id = $user_id
  AND ((m.refers_from IS NOT NULL AND m.refers_from <= $end AND coalesce(m.refers_to, m.refers_from) >= $start)
    OR (m.refers_from IS NULL AND m.at >= $start AND m.at <= $end))
WITH m ORDER BY coalesce(m.refers_from, m.at) DESC, m.seq DESC
LIMIT $limit
RETURN m {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to, .speaker} AS m
