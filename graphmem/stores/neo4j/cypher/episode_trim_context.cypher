// Erasure: the neighbours of episodes a scrub rewrote (the turn before each and its
// reply, NEXT either way) hold the old text's terms in their context; each loses the
// terms the rewrite removed. $items: [{id, gone: [term]}]; the rewritten episodes
// themselves ($skip) are left alone (cypher/episode_set_text clears their context).
UNWIND $items AS it
MATCH (m:Episode {user_id: $user_id, id: it.id})-[:NEXT]-(n:Episode)
WHERE n.user_id = $user_id AND NOT n.id IN $skip
WITH n, reduce(g = [], l IN collect(it.gone) | g + l) AS gone
WITH n, gone, split(coalesce(n.context_text, ''), ' ') AS held
WITH n, held, [w IN held WHERE NOT w IN gone] AS kept
WHERE size(kept) < size(held)
SET n.context_text = reduce(s = '', w IN kept | CASE s WHEN '' THEN w ELSE s + ' ' + w END)
RETURN count(n) AS trimmed
