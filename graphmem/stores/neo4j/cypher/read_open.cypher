// The opening read of one user (see VectorCache.refresh): the refresh of the client-side
// fact and episode vector caches, the user's entities, and, for a recall, its BM25 hits
// over facts and over episodes: one round trip.
//
// Vector refresh: the user's rev, epoch and created_at, the facts with a vector whose seq
// is above $since, in seq order, with their status, and the [id, status] of facts updated
// (useq, see write_batch) above $since. The cache passes what it holds ($rev, $epoch,
// $created); a cache of another epoch or of an earlier user with the same id reloads
// everything (since = -1), and an unchanged rev reads no fact at all. A load of more than
// $max_rows - 1 facts reads no vector and says so (complete = false): the first query
// about a large user is scored on the server instead. Reads are range seeks on
// (user_id, seq) / (user_id, useq), hinted (unhinted, the planner scanned the user_id
// index of every user). The planner seeks before it filters, so a read that is not wanted
// gets a lower bound no seq reaches (`never`) instead of a WHERE: its seek is empty, not a
// read of every fact newer than $since.
//
// BM25 ($text_query null: none): as cypher/search_text, the same fact lists and score;
// over episodes ($episode_query null: none) as cypher/episode_search_text.
//
// Episode vectors ($episode_since null: not asked for): as cypher/episode_vectors, the
// episodes with a vector above the seq the episode cache holds, or all of them when it
// holds another epoch or an earlier user of the same id (episode_from = -1).
// replan=skip: index seeks only, whatever the statistics; no replanning as data grows.
CYPHER replan=skip
MATCH (u:User {user_id: $user_id})
WITH u, coalesce(u.epoch, 0) AS epoch, 9223372036854775807 AS never
WITH u, epoch, never,
     CASE WHEN u.created_at = $created AND epoch = $epoch THEN $since ELSE -1 END AS since
WITH u, epoch, since, never,
     CASE WHEN since < 0 OR u.rev <> $rev THEN since ELSE never END AS new_from,
     CASE WHEN since >= 0 AND u.rev <> $rev THEN since ELSE never END AS updated_from
CALL (new_from) {
  MATCH (f:Fact) USING INDEX f:Fact(user_id, seq)
  WHERE f.user_id = $user_id AND f.seq > new_from
  WITH f LIMIT $max_rows
  RETURN count(f) < $max_rows AS complete
}
WITH u, epoch, since, updated_from, complete, CASE WHEN complete THEN new_from ELSE never END AS load_from
CALL (load_from) {
  MATCH (f:Fact) USING INDEX f:Fact(user_id, seq)
  WHERE f.user_id = $user_id AND f.seq > load_from AND f.embedding IS NOT NULL
  WITH f ORDER BY f.seq
  RETURN collect([f.id, f.seq, f.embedding, f.status]) AS rows
}
CALL (updated_from) {
  MATCH (f:Fact) USING INDEX f:Fact(user_id, useq)
  WHERE f.user_id = $user_id AND f.useq > updated_from
  RETURN collect([f.id, f.status]) AS updated
}
// The user's entities come along: a recall starts with them.
CALL (u) {
  MATCH (u)-[:HAS_ENTITY]->(e:Entity)
  WHERE e.user_id = $user_id
  WITH e ORDER BY e.seq
  RETURN collect(e {.id, .user_id, .name, .type, .aliases, .created_at}) AS entities
}
CALL () {
  WITH $text_query AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('graphmem_fact_text', q, {limit: $text_limit})
  YIELD node AS f, score
  WHERE f.user_id = $user_id AND f.status = 'active'
  WITH f, score
  ORDER BY score DESC
  LIMIT $text_limit
  RETURN collect([f.id, f.user_id, f.subject_id, f.subject_name, f.attribute, f.value, f.kind, f.source,
                  f.confidence, f.status, f.text, f.source_text, f.recorded_at, f.valid_from, f.valid_to,
                  f.last_accessed_at, f.access_count, f.half_life_days, f.ref, f.object_id, f.qualifier,
                  f.superseded_by, f.inferred, f.rule, f.seq, score]) AS text_hits
}
CALL () {
  WITH $episode_query AS q
  WHERE q IS NOT NULL
  CALL db.index.fulltext.queryNodes('graphmem_episode_text', q, {limit: $episode_limit})
  YIELD node AS m, score
  WHERE m.user_id = $user_id
  WITH m, score
  ORDER BY score DESC
  LIMIT $episode_limit
  RETURN collect([m.id, score]) AS episode_hits
}
WITH u, epoch, since, complete, rows, updated, entities, text_hits, episode_hits,
     CASE WHEN $episode_since IS NULL THEN 9223372036854775807
          WHEN epoch = $episode_epoch AND u.created_at = $episode_created THEN $episode_since
          ELSE -1 END AS episode_from
CALL (episode_from) {
  MATCH (m:Episode) USING INDEX m:Episode(user_id, seq)
  WHERE m.user_id = $user_id AND m.seq > episode_from AND m.embedding IS NOT NULL
  WITH m ORDER BY m.seq
  RETURN collect([m.id, m.seq, m.embedding]) AS episode_rows
}
RETURN u.rev AS rev, epoch, u.created_at AS created, since, complete, rows, updated, entities, text_hits,
       episode_hits, episode_from, episode_rows
