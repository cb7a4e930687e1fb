// Record an access (recall): last_accessed_at = max(old, $at), access_count + 1. Runs as
// its own small write without bumping the user's rev (an access changes no content, so
// vector caches stay valid), but it does take the user's (:UserLock) write lock first,
// like every writer, so it waits for a remember in progress and never loses an update.
MATCH (l:UserLock {user_id: $user_id})
SET l.touches = coalesce(l.touches, 0) + 1
WITH l
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.id IN $ids
// The decay key moves by exactly as much as the last access does (see graphmem/keys.py).
SET f.decay_key = f.decay_key + CASE WHEN f.last_accessed_at >= $at THEN 0 ELSE $at - f.last_accessed_at END,
    f.last_accessed_at = CASE WHEN f.last_accessed_at >= $at THEN f.last_accessed_at ELSE $at END,
    f.access_count = f.access_count + 1
