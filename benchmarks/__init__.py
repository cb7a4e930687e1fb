"""graphmem benchmarks: behaviour vs baselines, LoCoMo evidence recall, latency and scale.

Run everything with `python -m benchmarks.run` (or `make bench`); `--quick` is the CI
smoke check. Modules:

- `behaviour`: replays shared/eval scenario files against graphmem and two baselines;
- `locomo`: LoCoMo evidence recall@k against BM25 and dense retrieval over raw turns;
- `scale`: remember/recall latency against facts per user and number of users;
- `baselines`: the baselines (they live here only, never in the library);
- `synth`: synthetic but realistic messages (en + zh) for the scale benchmark;
- `neo4j_env`: finding or starting a Neo4j server for the Neo4j rows;
- `common`: timing, percentiles, tables, token counts, machine info.
"""
