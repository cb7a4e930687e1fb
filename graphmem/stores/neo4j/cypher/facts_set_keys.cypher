// Schema migration to version 2: sets the keys computed for a batch (facts_missing_keys).
UNWIND $items AS k
MATCH (f:Fact {user_id: k.user_id, id: k.id})
SET f.value_key = k.value_key, f.decay_key = k.decay_key
