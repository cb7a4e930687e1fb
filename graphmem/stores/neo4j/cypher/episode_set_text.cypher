// Episodes a scrub rewrote (erasure): new BM25 terms from the new text, no context
// terms and no vector (both described the old text); the user's epoch moves so every
// vector cache reloads. $items: [{id, search_text}].
MATCH (u:User {user_id: $user_id})
SET u.epoch = coalesce(u.epoch, 0) + 1
WITH u
UNWIND $items AS it
MATCH (m:Episode {user_id: $user_id, id: it.id})
SET m.search_text = it.search_text, m.context_text = ''
REMOVE m.embedding
RETURN count(m) AS changed
