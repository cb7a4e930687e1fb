"""Fusion of recall channels: pure functions (no I/O), so alternatives can be measured.

A channel is a best-first list of (key, raw score); keys name what was found in one
namespace across channels (recall uses `f:<fact id>` and `e:<episode id>`). Both
functions return key -> fused score; larger is better.

- `rrf`: Reciprocal Rank Fusion, sum of weight / (k + rank). Scores are ignored, so a
  channel's clear winner counts barely more than its runner-up.
- `score_fusion`: per query, each channel's raw scores are divided by that channel's
  best score (BM25 and cosine both become 0..1 with the top hit at 1), weighted and
  summed. The exact lookup has no relevance score but says how specifically it singled
  each fact out, in (0, 1] (graphmem.recall.recaller.specificity): that counts as it is, so
  every fact it names is an answer and a crowd shares little (the same for the messages
  about the days a question names, `episode_dated`, each scored 1); the graph channel's walk
  (links, context) adds a boost that falls with rank. A close second keeps most of its
  score; a distant tail little.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Channels = Mapping[str, Sequence[tuple[str, float]]]

#: How rank-only channels are scored in `score_fusion`: boost / (1 + rank / RANK_SCALE).
RANK_SCALE = 4.0


def rrf(channels: Channels, weights: Mapping[str, float], k: float) -> dict[str, float]:
    """sum over channels of weight / (k + rank), rank 1-based."""
    fused: dict[str, float] = {}
    for ch, hits in channels.items():
        w = weights.get(ch, 1.0)
        for rank, (key, _) in enumerate(hits, start=1):
            fused[key] = fused.get(key, 0.0) + w / (k + rank)
    return fused


def score_fusion(
    channels: Channels,
    weights: Mapping[str, float],
    rank_only: Sequence[str] = ("graph",),
    absolute: Sequence[str] = ("exact", "episode_dated"),
) -> dict[str, float]:
    """sum over channels of weight × score / best score of that channel (this query);
    `absolute` channels' scores are already in (0, 1] and count as they are (weight ×
    score: every fact the exact lookup singles out is an answer, whatever its place in
    the list); `rank_only` channels contribute weight × score / (1 + (rank - 1) / RANK_SCALE)."""
    fused: dict[str, float] = {}
    for ch, hits in channels.items():
        w = weights.get(ch, 1.0)
        if not hits:
            continue
        if ch in absolute or ch in rank_only:
            for rank, (key, s) in enumerate(hits):
                decay = 1.0 if ch in absolute else 1.0 + rank / RANK_SCALE
                fused[key] = fused.get(key, 0.0) + w * min(1.0, max(0.0, s)) / decay
            continue
        best = max(s for _, s in hits)
        if best <= 0:
            continue
        for key, s in hits:
            fused[key] = fused.get(key, 0.0) + w * max(0.0, s) / best
    return fused


FUSIONS = {"rrf": "rrf", "score": "score_fusion"}


def fuse(method: str, channels: Channels, weights: Mapping[str, float], rrf_k: float) -> dict[str, float]:
    if method == "rrf":
        return rrf(channels, weights, rrf_k)
    if method == "score":
        return score_fusion(channels, weights)
    raise ValueError(f"unknown fusion {method!r}; known: {', '.join(FUSIONS)}")
