// Erasure: a fact that shared a forgotten fact's message keeps its provenance with the
// forgotten value taken out; its source text and fulltext terms (search_text, the terms
// joined by spaces as when the fact was added) are replaced. The vector is replaced
// separately (fact_set_vectors).
MATCH (f:Fact {user_id: $user_id, id: $id})
SET f.source_text = $source_text, f.search_text = $search_text
RETURN count(f) AS updated
