// Browser: one user's subgraph to look at, anchored at $user_id. The user, their entities,
// the facts about them (active and frozen; archived ones are forgotten) with their SUBJECT
// and OBJECT edges, and the SUPERSEDES edges from each fact to the one it replaced.
// `graphmem browse --user U` puts this in Neo4j Browser's editor, after `:param user_id`.
MATCH (u:User {user_id: $user_id})-[h:HAS_ENTITY]->(e:Entity)
WHERE e.user_id = $user_id
OPTIONAL MATCH (f:Fact)-[r:SUBJECT|OBJECT]->(e)
WHERE f.user_id = $user_id AND f.status <> 'archived'
OPTIONAL MATCH (f)-[s:SUPERSEDES]->(o:Fact)
WHERE o.user_id = $user_id AND o.status <> 'archived'
RETURN u, h, e, r, f, s, o
