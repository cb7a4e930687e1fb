"""From fused keys to recall items: facts and episodes in one ranking.

A fact and the episode it came from never take two slots: the episode's fused score
lifts its best fact found (the fact is a precise key onto the turn, the turn's words
are extra keys for the fact) and the fact item carries the episode. An episode none of
whose facts was found is an item of its own, weighted by role (the user's own words
above an assistant's) and, when all its facts were superseded, as history that never
ranks above the active fact of the same attribute. Time intents then prefer memories
with a resolved date, or dated inside the range the query names, or (a question about
what lies ahead) dated today or later; a query that names a speaker prefers what that
speaker said.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date, datetime

from graphmem.config import Config
from graphmem.model import Episode, Fact, RecallItem
from graphmem.stores.base import EpisodeLink, UserReader
from graphmem.text import terms as textproc
from graphmem.text.spans import TimeSpan


@dataclass(frozen=True)
class TimeIntent:
    asks_when: bool  # "when did I…", "什么时候"
    span: TimeSpan | None  # the days the query names ("last weekend", "上周")
    ahead_of: date | None = None  # "what's coming up?": the day the query is asked on


def assemble(
    r: UserReader,
    config: Config,
    fused: dict[str, float],
    ranks: dict[str, dict[str, int]],
    facts: dict[str, Fact],
    paths: dict[str, list[str]],
    weight: Callable[[Fact], float],
    intent: TimeIntent,
    episode_age: Callable[[Episode], float],
    query_terms: frozenset[str] = frozenset(),
    said_age: Callable[[Fact], float] | None = None,
) -> list[RecallItem]:
    fact_ids = [k[2:] for k in fused if k.startswith("f:")]
    episode_ids = [k[2:] for k in fused if k.startswith("e:")]
    links = r.episode_links(fact_ids, episode_ids) if (fact_ids or episode_ids) else []
    episode_of = {ln.fact_id: ln.episode_id for ln in links}
    facts_of: dict[str, list[EpisodeLink]] = {}
    for ln in links:
        facts_of.setdefault(ln.episode_id, []).append(ln)
    wanted = set(episode_ids) | {episode_of[f] for f in fact_ids if f in episode_of}
    episodes = {e.id: e for e in r.episodes(ids=sorted(wanted))} if wanted else {}

    def role_weight(ep: Episode) -> float:
        return config.episode_weight if ep.role == "user" else config.assistant_weight

    items: dict[str, RecallItem] = {}
    for fid in fact_ids:
        f = facts.get(fid)
        if f is None or f.status != "active":
            continue
        ep = episodes.get(episode_of.get(fid, ""))
        score = fused["f:" + fid] * weight(f)
        items["f:" + fid] = RecallItem(f, score, dict(ranks.get("f:" + fid, {})), paths.get(fid, []), ep)
    history: list[tuple[RecallItem, set[tuple[str, str]]]] = []
    taken_back: list[tuple[RecallItem, list[EpisodeLink]]] = []
    for eid in episode_ids:
        ep = episodes.get(eid)
        if ep is None:
            continue
        score, channels = fused["e:" + eid] * role_weight(ep), ranks.get("e:" + eid, {})
        found = [items["f:" + ln.fact_id] for ln in facts_of.get(eid, []) if "f:" + ln.fact_id in items]
        if found:  # the message's words lift its best fact found (one slot for both) ...
            best = max(found, key=lambda it: it.score)
            assert best.fact is not None
            # ... as old as the fact was when said: a stale plan's message does not
            # outrank a fresh one, and recalling the plan does not make its words new.
            age = said_age(best.fact) if said_age else weight(best.fact) / max(best.fact.confidence, 1e-9)
            best.score += score * age
            best.channels.update(channels)
            continue
        item = RecallItem(None, score * episode_age(ep), dict(channels), [], ep)
        own = facts_of.get(eid, [])
        if own and all(ln.status != "active" for ln in own):
            item.score *= config.superseded_episode_weight
            history.append((item, {(ln.subject_id, ln.attribute) for ln in own}))
            if all(ln.superseded_by is None for ln in own):
                taken_back.append((item, own))
        items["e:" + eid] = item
    for item, own in taken_back:
        _with_retraction(r, item, own, items, episodes)

    out = list(items.values())
    named = _speakers_named(episodes.values(), query_terms)
    for it in out:
        it.score *= _time_factor(it, config, intent)
        if it.episode is not None and it.episode.speaker in named:
            it.score *= 1.0 + config.speaker_boost
    # History never outranks the active fact that replaced it (same subject and attribute).
    for it, keys in history:
        caps = [o.score for o in out if o.fact is not None and (o.fact.subject_id, o.fact.attribute) in keys]
        if caps:
            it.score = min(it.score, min(caps) * 0.999)
    out.sort(key=lambda it: (-it.score, it.fact.id if it.fact else it.episode.id if it.episode else ""))
    return out


def _with_retraction(
    r: UserReader,
    old: RecallItem,
    own: list[EpisodeLink],
    items: dict[str, RecallItem],
    episodes: dict[str, Episode],
) -> None:
    """A message whose every fact the user took back ("scratch the half marathon") and
    nothing replaced: the message that took them back ranks just above it, so the old
    words never answer alone. It is the user's latest message when the last of them was
    retracted (a retraction happens as its message is remembered). Its fact, if found,
    is lifted instead (a message and its fact take one slot)."""
    frozen = r.facts(ids=[ln.fact_id for ln in own], statuses=None)
    ended = [f.valid_to for f in frozen if f.valid_to is not None]
    said = r.last_episode(max(ended)) if ended else None
    if (
        said is None
        or old.episode is None
        or said.role != "user"
        or said.id == old.episode.id
        or said.at <= old.episode.at
    ):
        return
    lift = old.score * 1.001
    mine = [
        items["f:" + ln.fact_id]
        for ln in r.episode_links(episode_ids=[said.id])
        if "f:" + ln.fact_id in items
    ]
    if mine:
        best = max(mine, key=lambda it: it.score)
        best.score = max(best.score, lift)
        return
    current = items.get("e:" + said.id)
    if current is not None:
        current.score = max(current.score, lift)
        return
    episodes[said.id] = said
    items["e:" + said.id] = RecallItem(None, lift, {"retraction": 1}, [], said)


def _speakers_named(episodes: Iterable[Episode], query_terms: frozenset[str]) -> set[str]:
    """The speakers whose name the query says ("what did Ola say about the trip"): in a
    conversation of two people each name is in half the turns, so BM25 gives it no
    weight (its IDF is nil), yet the question is about that person's words."""
    names = {e.speaker for e in episodes if e.speaker}
    return {n for n in names if query_terms.intersection(textproc.query_terms(n))}


def resolved_date(it: RecallItem) -> datetime | None:
    """The date a memory refers to when the message named one ("yesterday"), else None."""
    f, e = it.fact, it.episode
    if f is not None and f.valid_from != f.recorded_at:
        return f.valid_from
    if e is not None and e.refers_from is not None:
        return e.refers_from
    return None


def _in_span(ep: Episode | None, when: datetime | None, span: TimeSpan) -> bool:
    days = [d for d in (when, ep.at if ep else None) if d is not None]
    return any(span.start <= d.date() <= span.end for d in days)


def _time_factor(it: RecallItem, config: Config, intent: TimeIntent) -> float:
    factor = 1.0
    dated = resolved_date(it)
    if intent.asks_when and dated is not None:
        factor *= 1.0 + config.dated_boost
    if intent.span is not None:
        when = dated or (it.fact.recorded_at if it.fact is not None else None)
        if _in_span(it.episode, when, intent.span):
            factor *= 1.0 + config.range_boost
    elif intent.ahead_of is not None and dated is not None:
        # What lies ahead: a memory of a day still to come, not one whose day has passed
        # (an undated memory is neither).
        factor *= 1.0 + config.ahead_boost if dated.date() >= intent.ahead_of else config.past_plan_weight
    return factor
