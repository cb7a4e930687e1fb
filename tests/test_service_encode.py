"""The REST service's orjson encoding writes what `to_jsonable` + the standard library would:
the same bytes for real recall results (facts, kept messages, Chinese text, dated plans) on
both stores, the same refusals for what JSON cannot hold."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest

from graphmem import Memory
from graphmem.shells.rest.encode import dumps
from graphmem.shells.service.jsonable import recall_item, recall_record, to_jsonable


def stdlib(obj: object) -> bytes:
    # What starlette's JSONResponse wrote before: compact, non-ASCII kept.
    return json.dumps(to_jsonable(obj), ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def test_recall_records_encode_like_recall_items(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("enc")
    said = [
        ("I moved to Lisbon and I work at Orvane as a welder.", "2026-03-02T09:15:00+00:00"),
        ("我养了一只叫豆包的猫，住在杭州。", "2026-03-04T20:00:00+08:00"),
        ("Next Friday I fly to Oslo for a cousin's wedding.", None),
        ("The rain kept going all evening and the bus was late again.", None),
    ]
    for text, at in said:
        mem.remember(u, text, at=at)
    kinds = set()
    for query in ("where do I live and work?", "我的猫叫什么", "what is coming up?", "how was the bus?"):
        items = mem.recall(u, query, k=8)
        assert items, query
        kinds.update(it.kind for it in items)
        assert [dumps(recall_record(it)) for it in items] == [stdlib(recall_item(it)) for it in items]
        envelope = {"user_id": u, "store": "s", "query": query, "items": [recall_record(it) for it in items]}
        assert dumps(envelope) == stdlib({**envelope, "items": [recall_item(it) for it in items]})
    assert kinds == {"fact", "episode"}


@pytest.mark.parametrize(
    "value",
    [
        datetime(2026, 5, 1, 7, 30, tzinfo=timezone.utc),
        datetime(2026, 5, 1, 7, 30, 0, 120, tzinfo=timezone(timedelta(hours=-5))),
        datetime(2026, 5, 1),
        {"when": [datetime(2026, 1, 2, 3, 4, 5, 6)], "n": (1, 2.5, None, True), "名": "值"},
        np.float64(0.25),
    ],
)
def test_values_encode_like_the_standard_library(value: object) -> None:
    assert dumps(value) == stdlib(value)


def test_what_json_cannot_hold_is_refused() -> None:
    with pytest.raises(TypeError):
        dumps({"tags": {"a", "b"}})
    with pytest.raises(TypeError):
        stdlib({"tags": {"a", "b"}})
