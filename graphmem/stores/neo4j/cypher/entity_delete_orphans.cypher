// Erasure: those of the entities $ids that no fact names any more (no SUBJECT or OBJECT
// edge from a fact: forgetting a fact can leave its subject or object, whose name may be
// the forgotten value, alone) are deleted with their HAS_ENTITY edge. Never the user's
// `self` entity.
UNWIND $ids AS id
MATCH (e:Entity {user_id: $user_id, id: id})
WHERE e.type <> 'self' AND NOT EXISTS { (e)<-[:SUBJECT|OBJECT]-(:Fact) }
DETACH DELETE e
RETURN count(*) AS deleted
