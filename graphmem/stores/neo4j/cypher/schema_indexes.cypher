// Range indexes: every per-user read seeks by user_id (never a label scan).
CREATE INDEX graphmem_fact_user IF NOT EXISTS
FOR (f:Fact) ON (f.user_id);

CREATE INDEX graphmem_fact_user_attribute IF NOT EXISTS
FOR (f:Fact) ON (f.user_id, f.attribute);

// Arbitration seeks a candidate's identical or opposite values (graphmem/keys.py).
CREATE INDEX graphmem_fact_user_attribute_value IF NOT EXISTS
FOR (f:Fact) ON (f.user_id, f.attribute, f.value_key);

// Recall reads the surest facts of a crowded attribute in this order (facts_top).
CREATE INDEX graphmem_fact_user_attribute_decay IF NOT EXISTS
FOR (f:Fact) ON (f.user_id, f.attribute, f.status, f.decay_key);

CREATE INDEX graphmem_fact_user_status IF NOT EXISTS
FOR (f:Fact) ON (f.user_id, f.status);

// The vector cache's incremental refresh: a user's facts above a seq (cypher/read_open).
CREATE INDEX graphmem_fact_user_seq IF NOT EXISTS
FOR (f:Fact) ON (f.user_id, f.seq);

// ... and the facts whose status changed above a seq (useq, set by write_batch).
CREATE INDEX graphmem_fact_user_useq IF NOT EXISTS
FOR (f:Fact) ON (f.user_id, f.useq);

CREATE INDEX graphmem_entity_user IF NOT EXISTS
FOR (e:Entity) ON (e.user_id);

CREATE INDEX graphmem_audit_user IF NOT EXISTS
FOR (a:Audit) ON (a.user_id);

CREATE INDEX graphmem_episode_user IF NOT EXISTS
FOR (m:Episode) ON (m.user_id);

// A new message follows the user's latest one (episode_last) ...
CREATE INDEX graphmem_episode_user_at IF NOT EXISTS
FOR (m:Episode) ON (m.user_id, m.at);

// ... and the episode vector cache refreshes above a seq (episode_vectors).
CREATE INDEX graphmem_episode_user_seq IF NOT EXISTS
FOR (m:Episode) ON (m.user_id, m.seq);

// The kept messages' BM25: their own words and, weighted lower at query time, their
// context (speaker, neighbouring turns, date words); same analyzer as the facts'.
CREATE FULLTEXT INDEX graphmem_episode_text IF NOT EXISTS
FOR (m:Episode) ON EACH [m.ukey, m.search_text, m.context_text]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}};

// BM25. search_text holds textproc.terms() joined by spaces (lower-cased, punctuation-free,
// Chinese already segmented by jieba plus single characters), so the `whitespace` analyzer
// indexes exactly the terms the SQLite store indexes; ukey (a hash of the user id) and
// status are in the same index so the Lucene query itself is per-user and active-only.
CREATE FULLTEXT INDEX graphmem_fact_text IF NOT EXISTS
FOR (f:Fact) ON EACH [f.ukey, f.search_text, f.status]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace', `fulltext.eventually_consistent`: false}};

// Cosine over unit vectors. No fixed dimension (the embedder decides; the engine refuses a
// store whose vectors came from another embedder). Quantization off: 5.26 quantizes by
// default, which would make index scores disagree with exact cosine.
CREATE VECTOR INDEX graphmem_fact_embedding IF NOT EXISTS
FOR (f:Fact) ON (f.embedding)
OPTIONS {indexConfig: {`vector.similarity_function`: 'cosine', `vector.quantization.enabled`: false}};

// Erasure and the row count find a user's idempotency records (the constraint's
// composite (user_id, key) index needs both).
CREATE INDEX graphmem_write_key_user IF NOT EXISTS
FOR (k:WriteKey) ON (k.user_id);
