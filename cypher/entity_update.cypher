MATCH (e:Entity {user_id: $user_id, id: $id})
SET e.name = $name, e.type = $type, e.aliases = $aliases
