// Erasure of one fact (forget): each of $needles, in the order given, is replaced by
// $marker in the texts of the user's episodes (the message log); only episodes that
// change are written, and their ids, new and old texts come back so the store re-indexes
// them (cypher/episode_set_text) and trims their neighbours' context
// (cypher/episode_trim_context). Which needles, in which order, is the caller's policy
// (graphmem.write.erasure.forget_fact); empty ones are skipped.
MATCH (m:Episode {user_id: $user_id})
WITH m, m.text AS old, reduce(t = m.text, n IN [x IN $needles WHERE size(x) > 0] | replace(t, n, $marker)) AS text
WHERE text <> old
SET m.text = text
RETURN collect([m.id, text, old]) AS changed
