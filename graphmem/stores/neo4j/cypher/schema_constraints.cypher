// Uniqueness constraints (Community edition). Ids are unique per user, not globally:
// composite (user_id, id) keys keep users' subgraphs independent (one user can never
// collide with, or probe for, another user's ids) and give every by-id lookup an exact
// index seek on both properties. Each statement runs in its own schema transaction.
CREATE CONSTRAINT graphmem_user_id IF NOT EXISTS
FOR (u:User) REQUIRE u.user_id IS UNIQUE;

CREATE CONSTRAINT graphmem_user_lock IF NOT EXISTS
FOR (l:UserLock) REQUIRE l.user_id IS UNIQUE;

CREATE CONSTRAINT graphmem_entity_key IF NOT EXISTS
FOR (e:Entity) REQUIRE (e.user_id, e.id) IS UNIQUE;

CREATE CONSTRAINT graphmem_fact_key IF NOT EXISTS
FOR (f:Fact) REQUIRE (f.user_id, f.id) IS UNIQUE;

CREATE CONSTRAINT graphmem_audit_key IF NOT EXISTS
FOR (a:Audit) REQUIRE (a.user_id, a.id) IS UNIQUE;

CREATE CONSTRAINT graphmem_episode_key IF NOT EXISTS
FOR (m:Episode) REQUIRE (m.user_id, m.id) IS UNIQUE;

CREATE CONSTRAINT graphmem_meta_key IF NOT EXISTS
FOR (g:GraphmemMeta) REQUIRE g.key IS UNIQUE;

CREATE CONSTRAINT graphmem_write_key IF NOT EXISTS
FOR (k:WriteKey) REQUIRE (k.user_id, k.key) IS UNIQUE;
