// The idempotency record of one remember (graphmem.memory): the result the first write
// with this key returned. Read inside the write, after the user's lock, so a retry of a
// write that did commit finds it and changes nothing.
MATCH (k:WriteKey {user_id: $user_id, key: $key})
RETURN k.result AS result
