// Some of the user's episodes, by id (recall reads the episodes of its hits).
UNWIND $ids AS id
MATCH (m:Episode {user_id: $user_id, id: id})
WITH m ORDER BY m.at, m.seq
RETURN m {.id, .user_id, .role, .text, .at, .ref, .prev_id, .position, .refers_from, .refers_to, .speaker} AS m
