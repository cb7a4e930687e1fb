MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.id IN $ids
SET f.last_accessed_at = CASE WHEN f.last_accessed_at >= $at THEN f.last_accessed_at ELSE $at END,
    f.access_count = f.access_count + 1
