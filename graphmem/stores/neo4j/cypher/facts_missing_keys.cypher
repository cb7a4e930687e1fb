// Schema migration to version 2 (all users): a batch of facts written before facts kept
// value_key and decay_key; the store computes the keys (graphmem/keys.py) and sets them.
MATCH (f:Fact)
WHERE f.value_key IS NULL OR f.decay_key IS NULL
RETURN f.user_id AS user_id, f.id AS id, f.value AS value, f.confidence AS confidence,
       f.half_life_days AS half_life_days, f.last_accessed_at AS last_accessed_at
LIMIT $limit
