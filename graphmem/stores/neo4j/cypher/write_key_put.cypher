// Records a remember's key and result in the same transaction as its writes: both commit
// or neither does. (user_id, key) is unique (schema_constraints), so two writes can never
// both record one key.
CREATE (:WriteKey {user_id: $user_id, key: $key, result: $result, at: $at})
