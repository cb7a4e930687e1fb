"""The helpers both stores share (graphmem/stores/common.py) keep the stored formats."""

from __future__ import annotations

from graphmem.stores.base import FORGOTTEN
from graphmem.stores.common import FACT_FIELDS, fact_filters, scrub_needles, user_key, widening
from graphmem.stores.neo4j.util import FACT_FIELDS as NEO4J_FACT_FIELDS
from graphmem.stores.sqlite.rows import FACT_COLS


def test_user_key_is_the_stored_token() -> None:
    # Written into every FTS row and fulltext-indexed node: it must never change.
    assert user_key("ana-7") == "ud9176e9d0de28c16d91b"
    assert user_key("ana-8") != user_key("ana-7")


def test_both_stores_keep_facts_in_one_field_order() -> None:
    assert FACT_COLS == (
        "id, user_id, subject_id, subject_name, attribute, value, kind, source, confidence, status, "
        "text, source_text, recorded_at, valid_from, valid_to, last_accessed_at, access_count, "
        "half_life_days, ref, object_id, qualifier, superseded_by, inferred, rule"
    )
    assert (*FACT_FIELDS, "seq") == NEO4J_FACT_FIELDS


def test_filters_are_deduplicated_and_an_empty_one_matches_nothing() -> None:
    got = fact_filters(("active", "active", "frozen"), None, ["s1"], None, None)
    assert got == {"statuses": ["active", "frozen"], "attributes": None, "subject_ids": ["s1"],
                   "ids": None, "value_keys": None}  # fmt: skip
    assert fact_filters(("active",), [], None, None, None) is None
    assert fact_filters(None, None, None, None, None) == dict.fromkeys(got)


def test_scrub_needles_drop_empty_repeated_and_the_marker() -> None:
    assert scrub_needles(["Oslo", "", "Oslo", FORGOTTEN, "Bergen"]) == ["Oslo", "Bergen"]


def test_widening_reaches_every_candidate_once() -> None:
    assert list(widening(100, 10)) == [(0, 10), (10, 40), (40, 100)]
    assert list(widening(5, 10)) == [(0, 5)]
