// Migration 2 -> 3: episodes written before episodes were indexed (no ukey), a batch at
// a time, in each user's time order, with the user's previous episode before the batch.
MATCH (m:Episode)
WHERE m.ukey IS NULL
WITH m ORDER BY m.user_id, m.at, m.seq
LIMIT $limit
RETURN m.user_id AS user_id, m.id AS id, m.text AS text, m.at AS at
