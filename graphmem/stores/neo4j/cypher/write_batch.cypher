// The writes of one user that a writer buffered, sent as one statement (before its next
// read and at the end of the transaction) instead of one statement each. $ops holds one
// map per buffered call, in call order, with `kind` and `n` (its 1-based position): node
// and edge seqs are the root's seq before the batch + n, so they follow call order
// exactly as one statement per call would. One list of mixed kinds, not one list per
// kind: the plan cache keys on each list parameter's size class, and seven lists would
// make dozens of plans of this large statement. Kinds run in this order, which meets
// every dependency (a fact's subject, object and episode exist before it; both facts of a
// SUPERSEDES edge exist before the edge):
//   episode        {id, role, text, at, ref, prev_id, position, refers_from, refers_to,
//                  speaker, ukey, search_text, context_text, embedding}: NEXT from the
//                  previous turn (prev_id) when it exists
//   episode_context {id, context_text}: an episode's context terms (its reply arrived)
//   entity         {id, name, type, aliases, created_at}
//   entity_update  {id, name, type, aliases}
//   fact           {props, embedding, episode_id}: FROM the episode; props holds every Fact field
//                  (datetimes as epoch seconds) plus ukey, search_text, value_key and
//                  decay_key (graphmem/keys.py); embedding
//                  (null without a usable vector) is stored as a float32 vector property
//   fact_update    {id, status, valid_to, confidence, last_accessed_at, access_count,
//                   superseded_by, value, text, object_id, value_key, decay_key}
//   supersedes     {new_id, old_id, rule, at}: idempotent like INSERT OR IGNORE, the
//                  first rule and time stay
//   audit          {id, at, action, rule, new_fact_id, old_fact_id, detail, extraction_rule}
//   write_key      {key, result, at}: a remember's idempotency record; (user_id, key) is
//                  unique, so a second record of one key fails the whole write
// replan=skip: the plan (unique-key seeks only) does not depend on data statistics, and
// planning this statement costs a few hundred ms; a growing database would replan it.
CYPHER replan=skip
MATCH (u:User {user_id: $user_id})
WITH u, u.seq AS base
SET u.seq = base + size($ops)
WITH u, base
CALL (u, base) {
  UNWIND [op IN $ops WHERE op.kind = 'episode'] AS e
  CREATE (u)-[:HAS_EPISODE]->(m:Episode {
    id: e.id, user_id: $user_id, role: e.role, text: e.text, at: e.at, ref: e.ref, seq: base + e.n,
    prev_id: e.prev_id, position: e.position, refers_from: e.refers_from, refers_to: e.refers_to,
    speaker: e.speaker, ukey: e.ukey, search_text: e.search_text, context_text: e.context_text
  })
  WITH m, e
  CALL (m, e) {
    WITH m, e WHERE e.embedding IS NOT NULL
    CALL db.create.setNodeVectorProperty(m, 'embedding', e.embedding)
  }
  CALL (m, e) {
    MATCH (p:Episode {user_id: $user_id, id: e.prev_id})
    CREATE (p)-[:NEXT]->(m)
  }
}
CALL () {
  UNWIND [op IN $ops WHERE op.kind = 'episode_context'] AS e
  MATCH (m:Episode {user_id: $user_id, id: e.id})
  SET m.context_text = e.context_text
}
CALL (u, base) {
  UNWIND [op IN $ops WHERE op.kind = 'entity'] AS e
  CREATE (u)-[:HAS_ENTITY]->(:Entity {
    id: e.id, user_id: $user_id, name: e.name, type: e.type, aliases: e.aliases,
    created_at: e.created_at, seq: base + e.n
  })
}
CALL () {
  UNWIND [op IN $ops WHERE op.kind = 'entity_update'] AS e
  MATCH (x:Entity {user_id: $user_id, id: e.id})
  SET x.name = e.name, x.type = e.type, x.aliases = e.aliases
}
CALL (base) {
  UNWIND [op IN $ops WHERE op.kind = 'fact'] AS p
  CREATE (f:Fact)
  SET f = p.props, f.user_id = $user_id, f.seq = base + p.n
  WITH f, p
  CALL (f, p) {
    WITH f, p WHERE p.embedding IS NOT NULL
    CALL db.create.setNodeVectorProperty(f, 'embedding', p.embedding)
  }
  CALL (f) {
    MATCH (s:Entity {user_id: $user_id, id: f.subject_id})
    CREATE (f)-[:SUBJECT]->(s)
  }
  CALL (f) {
    MATCH (o:Entity {user_id: $user_id, id: f.object_id})
    CREATE (f)-[:OBJECT]->(o)
  }
  CALL (f, p) {
    MATCH (m:Episode {user_id: $user_id, id: p.episode_id})
    CREATE (f)-[:FROM]->(m)
  }
}
CALL (base) {
  UNWIND [op IN $ops WHERE op.kind = 'fact_update'] AS p
  MATCH (f:Fact {user_id: $user_id, id: p.id})
  // useq: when the fact last changed, from the same counter as seq, so a vector cache
  // learns which of its facts stopped being active (cypher/read_open).
  SET f.useq = base + p.n, f.status = p.status, f.valid_to = p.valid_to, f.confidence = p.confidence,
      f.last_accessed_at = p.last_accessed_at, f.access_count = p.access_count,
      f.superseded_by = p.superseded_by, f.value = p.value, f.text = p.text, f.object_id = p.object_id,
      f.value_key = p.value_key, f.decay_key = p.decay_key
  WITH f, p
  CALL (f, p) {
    MATCH (f)-[r:OBJECT]->(o:Entity)
    WHERE o.id IS NULL OR o.id <> p.object_id OR p.object_id IS NULL
    DELETE r
  }
  CALL (f, p) {
    MATCH (o:Entity {user_id: $user_id, id: p.object_id})
    WHERE NOT (f)-[:OBJECT]->(o)
    CREATE (f)-[:OBJECT]->(o)
  }
}
CALL (base) {
  UNWIND [op IN $ops WHERE op.kind = 'supersedes'] AS s
  MATCH (n:Fact {user_id: $user_id, id: s.new_id})
  MATCH (o:Fact {user_id: $user_id, id: s.old_id})
  MERGE (n)-[e:SUPERSEDES]->(o)
    ON CREATE SET e.rule = s.rule, e.at = s.at, e.seq = base + s.n
}
CALL (u, base) {
  UNWIND [op IN $ops WHERE op.kind = 'audit'] AS a
  CREATE (u)-[:HAS_AUDIT]->(:Audit {
    id: a.id, user_id: $user_id, at: a.at, action: a.action, rule: a.rule,
    new_fact_id: a.new_fact_id, old_fact_id: a.old_fact_id, detail: a.detail,
    extraction_rule: a.extraction_rule, seq: base + a.n
  })
}
CALL () {
  UNWIND [op IN $ops WHERE op.kind = 'write_key'] AS k
  CREATE (:WriteKey {user_id: $user_id, key: k.key, result: k.result, at: k.at})
}
RETURN base
