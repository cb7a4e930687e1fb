"""What a remember's idempotency key stores of its result, and the first result rebuilt
from it: a retry with the same key answers as the first call did, from the facts as
they are stored now."""

from __future__ import annotations

import json

from graphmem.model import Fact, Ignored, Refusal, RememberResult
from graphmem.stores.base import UserReader


def result_record(r: RememberResult) -> str:
    """What a remember's idempotency key keeps of its result: ids, and the ignored and
    refused notes (redacted again: the record is stored), never a fact's content."""
    from graphmem.gate.secrets import redact

    return json.dumps({
        "episode_id": r.episode_id, "added": [f.id for f in r.added],
        "superseded": [[o.id, n.id] for o, n in r.superseded], "reinforced": [f.id for f in r.reinforced],
        "retracted": [f.id for f in r.retracted], "kept_frozen": [f.id for f in r.kept_frozen],
        "audit": [a.id for a in r.audit], "ignored": [[redact(i.text), i.reason] for i in r.ignored],
        "refused": [[x.kind, x.reason] for x in r.refused], "usage": r.usage,
    }, ensure_ascii=False)  # fmt: skip


def replayed(r: UserReader, uid: str, record: str) -> RememberResult:
    """The first result of a key, rebuilt from its record and the facts as stored now."""
    d = json.loads(record)
    ids = [
        *d["added"],
        *d["reinforced"],
        *d["retracted"],
        *d["kept_frozen"],
        *(i for p in d["superseded"] for i in p),
    ]
    facts = {f.id: f for f in r.facts(ids=ids, statuses=None)} if ids else {}
    audit = {a.id: a for a in r.audit(ids)} if ids else {}

    def pick(key: str) -> list[Fact]:
        return [facts[i] for i in d[key] if i in facts]

    return RememberResult(
        user_id=uid, added=pick("added"), reinforced=pick("reinforced"), retracted=pick("retracted"),
        kept_frozen=pick("kept_frozen"),
        superseded=[(facts[o], facts[n]) for o, n in d["superseded"] if o in facts and n in facts],
        audit=[audit[i] for i in d["audit"] if i in audit], ignored=[Ignored(t, why) for t, why in d["ignored"]],
        refused=[Refusal(k, why) for k, why in d["refused"]], episode_id=d["episode_id"], usage=dict(d["usage"]),
    )  # fmt: skip
