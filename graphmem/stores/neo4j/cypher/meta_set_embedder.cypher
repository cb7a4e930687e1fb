MERGE (g:GraphmemMeta {key: 'meta'})
SET g.embedder_model = $model, g.embedder_dim = $dim
