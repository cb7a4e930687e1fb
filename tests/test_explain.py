"""`Memory.explain` / `graphmem explain`: what remember would keep of a message and why,
stored nowhere. Each piece comes back with the reason it was dropped, or with the rules that
read it (fired or passed) and the candidates they made, each carrying its rule's id."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from graphmem import Memory
from graphmem.extract import rules_en, rules_zh
from graphmem.model import Explanation

ROOT = Path(__file__).resolve().parents[1]
RULES = {r.id: r for pack in (rules_en.PACK, rules_zh.PACK) for r in pack.rules()}


def _reasons(e: Explanation) -> dict[str, str | None]:
    return {p.text: p.reason for p in e.pieces}


def _handler(rule_id: str) -> str:
    return RULES[rule_id].handler_name


def test_each_piece_says_why_it_was_dropped_or_which_rule_read_it(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    u = uid("explain")
    mem = open_memory()
    e = mem.explain(
        u,
        "Hey there! My cousin Ines is allergic to sesame. Which train goes to Leeds? "
        "My password is Hunter2!Hunter2. Whales sing at night.",
    )
    reasons = _reasons(e)
    assert reasons["Hey there!"] == "greeting"
    assert reasons["Which train goes to Leeds?"] == "question"
    assert reasons["My password is [REDACTED:password]."] == "secret"
    assert reasons["Whales sing at night."] == "no_rule_matched"
    assert [x.kind for x in e.refused] == ["password"]
    [read] = [p for p in e.pieces if p.reason is None]
    assert read.text == "My cousin Ines is allergic to sesame."
    made = {(c.subject, c.attribute, c.value): c.rule for c in read.candidates}
    assert _handler(made[("Ines", "allergy", "sesame")]) == "allergy"
    assert made[("self", "relative", "Ines")] == "en.builtin.relation_link"  # "my cousin Ines": no table rule
    assert [(rid, out) for rid, out in read.rules if out == "fired"] == [
        (made[("Ines", "allergy", "sesame")], "fired")
    ]
    assert "Hunter2" not in json.dumps([p.text for p in e.pieces]) and "Hunter2" not in e.text
    # in message order, and nothing written
    texts = [p.text for p in e.pieces]
    assert texts == sorted(texts, key=e.text.find)
    assert mem.facts(u, include_frozen=True) == []
    assert mem.recall(u, "Ines sesame allergy") == []


def test_a_rule_that_matched_and_declined_is_shown_as_passed(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    # "I'm in <a place> now" reads a city only when what follows "in" is a place
    e = open_memory().explain(uid("passed"), "I'm in a terrible mood now.")
    [piece] = e.pieces
    assert piece.reason == "no_rule_matched" and not piece.candidates
    rules = [out for _, out in piece.rules if out != "cue"]  # ("now" is a change cue, not a rule)
    assert "passed" in rules and all(out == "passed" for out in rules)


def test_what_the_user_said_before_is_known_to_the_explanation(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    u = uid("known")
    mem = open_memory()
    mem.remember(u, "我家有只猫叫团子。", at="2026-02-01T09:00:00Z")
    before = mem.facts(u, include_frozen=True)
    e = mem.explain(u, "团子上个月去喵星了")
    [piece] = e.pieces
    assert [_handler(c.rule) for c in piece.candidates if c.retract] == ["pet_died"]
    assert [c.value for c in piece.candidates if c.retract] == ["团子"]
    assert mem.facts(u, include_frozen=True) == before  # explained, not retracted
    # the same sentence for a user who never mentioned 团子 is only a dated note
    other = mem.explain(uid("stranger"), "团子上个月去喵星了")
    assert not [c for p in other.pieces for c in p.candidates if c.retract]


def test_a_message_not_to_keep_is_explained_as_memory_control(
    open_memory: Callable[..., Memory], uid: Callable[[str], str]
) -> None:
    e = open_memory().explain(uid("control"), "别记这个：我在偷偷找工作")
    assert e.control == "dont_keep"
    assert [p.reason for p in e.pieces] == ["control"]
    assert not [c for p in e.pieces for c in p.candidates]


def test_irony_drops_the_taste_it_would_have_kept(open_memory: Callable[..., Memory]) -> None:
    e = open_memory().explain(None, "I just LOVE waiting in line at the DMV 🙄")
    [piece] = [p for p in e.pieces if p.rules]
    assert piece.reason == "irony" and not piece.candidates
    assert any(_handler(rid) == "likes" and out == "fired" for rid, out in piece.rules)


def _cli(store: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", str(store), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip


def test_the_cli_shows_rules_and_reasons_and_stores_nothing(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    out = _cli(db, "explain", "--user", "u", "我在苏州一家医院当护士。你觉得明天会下雨吗？")
    assert out.returncode == 0, out.stderr
    assert "question: 你觉得明天会下雨吗？" in out.stdout
    assert "+ employer = 医院" in out.stdout or "+ job_title = 护士" in out.stdout
    fired = [line.split()[0] for line in out.stdout.splitlines() if line.strip().endswith("fired")]
    assert fired and all(f in RULES for f in fired)
    data = json.loads(_cli(db, "explain", "--json", "Stop suggesting horror films, please.").stdout)
    [piece] = data["pieces"]
    assert [c["attribute"] for c in piece["candidates"]] == ["dislikes"]
    assert _handler(piece["candidates"][0]["rule"]) == "dislikes"
    facts = _cli(db, "facts", "--user", "u", "--json")
    assert facts.returncode == 0 and json.loads(facts.stdout) == []
