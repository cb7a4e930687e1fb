"""The analyst surface on every store: `Memory.graph`, its writers, the CLI and the
cookbook questions (Cypher on Neo4j and networkx on the embedded store agree)."""

from __future__ import annotations

import io
import json
import re
import uuid
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import networkx as nx
import pytest

from graphmem import Memory
from graphmem.errors import GraphMemError
from graphmem.extract import RuleExtractor
from graphmem.model import Fact
from graphmem.shells.cli.main import main
from graphmem.views.analyst import COLUMNS, QUERIES, run, run_on_graph
from graphmem.views.graph import to_json, write_graph, write_graphml

# The analyst cookbook runs as Cypher on Neo4j and as networkx on SQLite: both paths, one answer.
pytestmark = pytest.mark.both_stores

T0 = "2026-01-05T10:00:00Z"
T1 = "2026-02-01T10:00:00Z"
T2 = "2026-02-03T10:00:00Z"


def _seed(mem: Memory, u: str) -> None:
    mem.remember(u, "我女儿朵朵对花生过敏。", at=T0, ref="m1")
    mem.remember(u, "I live in Lyon.", at=T0, ref="m2")
    mem.remember(u, "We moved to Porto last month.", at=T1, ref="m3")
    mem.remember(u, "I work at Initech.", at=T0, ref="m4")
    mem.remember(u, "Actually, I work at Globex, not Initech.", at=T2, ref="m5")


def _facts(g: nx.MultiDiGraph) -> dict[str, dict]:
    return {d["value"]: d | {"id": n} for n, d in g.nodes(data=True) if d["kind"] == "fact"}


def test_graph_has_typed_nodes_and_edges(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("graph")
    _seed(mem, u)
    mem.remember(uid("other"), "I live in Oslo.", at=T0)
    g = mem.graph(u)
    assert isinstance(g, nx.MultiDiGraph) and g.graph["user_id"] == u
    facts = _facts(g)
    assert set(facts) >= {"朵朵", "花生", "Porto", "Globex"}
    assert "Lyon" not in facts and "Oslo" not in facts  # frozen by default; never another user's
    assert all(d["status"] == "active" for d in facts.values())
    porto = facts["Porto"]
    assert porto["attribute"] == "city" and porto["ref"] == "m3" and porto["source"] == "user_declared"
    assert "Porto" in porto["source_text"] and porto["confidence"] > 0.5
    assert porto["recorded_at"].startswith("2026-02-01")

    entities = {d["name"]: n for n, d in g.nodes(data=True) if d["kind"] == "entity"}
    assert g.nodes[entities["self"]]["type"] == "self" and g.nodes[entities["朵朵"]]["type"] == "person"
    child, allergy = facts["朵朵"], facts["花生"]
    assert g.has_edge(child["id"], entities["self"], key="SUBJECT")
    assert g.has_edge(child["id"], entities["朵朵"], key="OBJECT")
    assert g.has_edge(allergy["id"], entities["朵朵"], key="SUBJECT")
    assert not any(k == "SUPERSEDES" for *_, k in g.edges(keys=True))


def test_graph_with_frozen_facts_and_time_travel(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("graph-frozen")
    _seed(mem, u)
    g = mem.graph(u, include_frozen=True)
    facts = _facts(g)
    assert facts["Lyon"]["status"] == "frozen" and facts["Porto"]["status"] == "active"
    edge = g.get_edge_data(facts["Porto"]["id"], facts["Lyon"]["id"], key="SUPERSEDES")
    assert edge is not None and edge["rule"] and edge["at"].startswith("2026-02-01")
    assert g.has_edge(facts["Globex"]["id"], facts["Initech"]["id"], key="SUPERSEDES")

    before = _facts(mem.graph(u, as_of="2026-01-20T00:00:00Z"))
    assert before["Lyon"]["status"] == "active" and "Porto" not in before and "Globex" not in before
    then = mem.graph(u, as_of="2026-02-02T00:00:00Z", include_frozen=True)
    f = _facts(then)
    assert f["Lyon"]["status"] == "frozen" and f["Initech"]["status"] == "active"
    assert then.has_edge(f["Porto"]["id"], f["Lyon"]["id"], key="SUPERSEDES")


def test_writers_round_trip(mem: Memory, uid: Callable[[str], str], tmp_path: Path) -> None:
    u = uid("graph-io")
    _seed(mem, u)
    g = mem.graph(u, include_frozen=True)
    buf = io.BytesIO()
    write_graphml(g, buf)
    back = nx.read_graphml(io.BytesIO(buf.getvalue()), force_multigraph=True)
    assert back.number_of_nodes() == g.number_of_nodes() and back.number_of_edges() == g.number_of_edges()
    assert {d.get("value") for _, d in back.nodes(data=True)} >= {"花生", "Lyon"}

    data = json.loads(json.dumps(to_json(g), ensure_ascii=False))
    assert data["directed"] and data["multigraph"]
    assert {n["id"] for n in data["nodes"]} == set(g.nodes)
    assert sorted(link["key"] for link in data["links"]) == sorted(k for *_, k in g.edges(keys=True))

    for fmt in ("graphml", "json", "html"):
        write_graph(g, fmt, tmp_path / f"g.{fmt}")
        assert (tmp_path / f"g.{fmt}").stat().st_size > 500
    with pytest.raises(ValueError):
        write_graph(g, "dot", tmp_path / "g.dot")


# ---- the cookbook --------------------------------------------------------------------------------


def _raw_fact(u: str, subject: Fact, attribute: str, value: str, at: str) -> Fact:
    t = datetime.fromisoformat(at.replace("Z", "+00:00")).astimezone(timezone.utc)
    return Fact(
        id=f"f_raw_{uuid.uuid4().hex[:12]}", user_id=u, subject_id=subject.subject_id,
        subject_name=subject.subject_name, attribute=attribute, value=value, kind="preference",
        source="user_declared", confidence=0.9, status="active", text=f"{attribute} {value}",
        source_text=f"imported: {attribute} {value}", recorded_at=t, valid_from=t, last_accessed_at=t,
        half_life_days=30.0,
    )  # fmt: skip


def _with_conflicts(mem: Memory, u: str) -> None:
    """Memory with every kind of open conflict. Arbitration never leaves two active values
    of a single-valued attribute, nor likes X with dislikes X, so those two are written
    straight through the store (as a buggy import or a concurrent writer might)."""
    _seed(mem, u)
    mem.remember(u, "I like jazz.", at=T0)
    city = mem.get(u, "city")[0]
    rows = [_raw_fact(u, city, "city", "Braga", T2), _raw_fact(u, city, "dislikes", "Jazz", T2)]

    def write(w: object) -> None:
        for f in rows:
            w.add_fact(f, [f.value.lower()], None)  # type: ignore[attr-defined]

    mem.store.write(u, write)


def test_cookbook_answers(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("cook")
    _with_conflicts(mem, u)
    timeline = run(mem, u, "timeline")
    assert [r["at"] for r in timeline] == sorted(r["at"] for r in timeline)
    porto = next(r for r in timeline if r["value"] == "Porto")
    assert porto["replaces"] == ["Lyon"] and porto["ref"] == "m3" and porto["status"] == "active"

    corrected = {(r["subject"], r["attribute"]): r for r in run(mem, u, "most_corrected")}
    assert corrected[("self", "city")]["corrections"] == 1
    assert corrected[("self", "employer")]["current"] == ["Globex"]

    by_source = run(mem, u, "facts_by_source")
    assert by_source[0]["source"] == "user_declared" and by_source[0]["frozen"] == 2
    assert "allergy" in by_source[0]["attributes"]

    conflicts = {(r["kind"], r["attribute"]): r for r in run(mem, u, "open_conflicts")}
    assert conflicts[("multiple_active", "city")]["values"] == ["Porto", "Braga"]
    assert conflicts[("polarity", "likes/dislikes")]["values"] == ["jazz", "Jazz"]
    for name in QUERIES:
        for row in run(mem, u, name):
            assert tuple(row) == COLUMNS[name]


def test_frozen_news_newer_than_the_active_fact(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("frozen-news")
    mem.remember(u, "I live in Lyon.", at=T0)
    m2 = Memory(mem.store, extractor=_Inferred(RuleExtractor()))  # shares mem's store: not closed
    r = m2.remember(u, "I live in Nice.", at=T1)
    assert r.kept_frozen, r
    rows = [r for r in run(mem, u, "open_conflicts") if r["kind"] == "frozen_newer"]
    assert [(r["attribute"], r["values"]) for r in rows] == [("city", ["Lyon", "Nice"])]


class _Inferred:
    """Any extractor, with every candidate marked model_inferred (loses to declared facts)."""

    name = "inferred"
    needs_active_facts = True

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def extract(self, sentences, context):  # type: ignore[no-untyped-def]
        out = self.inner.extract(sentences, context)  # type: ignore[attr-defined]
        for c in out.candidates:
            c.source = "model_inferred"
        return out


def test_cypher_and_networkx_agree(mem: Memory, uid: Callable[[str], str]) -> None:
    """On Neo4j `run` executes cypher/analyst/*.cypher; the networkx answers must match."""
    u = uid("agree")
    _with_conflicts(mem, u)
    g = mem.graph(u, include_frozen=True)
    for name in QUERIES:
        assert run(mem, u, name) == run_on_graph(g, name), name


ROOT = Path(__file__).resolve().parents[1]
_WRITES = re.compile(r"\b(CREATE|MERGE|SET|DELETE|REMOVE|DETACH|FOREACH|LOAD\s+CSV|CALL\s+\w+\.)", re.I)


def test_cookbook_files_are_read_only_and_anchored() -> None:
    folder = ROOT / "cypher" / "analyst"
    assert sorted(p.stem for p in folder.glob("*.cypher")) == sorted(QUERIES)
    for name in QUERIES:
        code = "\n".join(
            line.split("//")[0]
            for line in (folder / f"{name}.cypher").read_text(encoding="utf-8").splitlines()
        )
        assert not _WRITES.search(code), f"{name}: {_WRITES.search(code)}"
        # Every node pattern with a label is bound to a variable filtered by the user.
        for var in re.findall(r"\((\w+):(?:Fact|Entity|Audit|Episode|User)\b", code):
            assert re.search(rf"\b{var}\.user_id = \$user_id|{var}:User \{{user_id: \$user_id\}}", code), (
                name,
                var,
            )
        header = (folder / f"{name}.cypher").read_text(encoding="utf-8")
        assert "Columns: " + ", ".join(COLUMNS[name]) in header


def test_grass_styles_every_label() -> None:
    grass = (ROOT / "cypher" / "graphmem.grass").read_text(encoding="utf-8")
    for label, caption in (
        ("User", "{user_id}"), ("Entity", "{name}"), ("Fact", "{attribute} = {value}"),
        ("Episode", "{role}"), ("Audit", "{action}"),
    ):  # fmt: skip
        block = re.search(rf"^node\.{label} \{{(.*?)^\}}", grass, re.S | re.M)
        assert block and f'caption: "{caption}"' in block.group(1), label
    supersedes = re.search(r"^relationship\.SUPERSEDES \{(.*?)^\}", grass, re.S | re.M)
    assert supersedes and "#DC2626" in supersedes.group(1) and "{rule}" in supersedes.group(1)


def test_unknown_query_is_refused(mem: Memory, uid: Callable[[str], str]) -> None:
    with pytest.raises(GraphMemError):
        run(mem, uid("x"), "drop_everything")
    with pytest.raises(GraphMemError):
        run(mem, uid("x"), "../timeline")


# ---- CLI ------------------------------------------------------------------------------------------


def test_cli_graph_and_cypher(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "cli.db")
    with Memory(db) as m:
        _seed(m, "u1")
    out = tmp_path / "u1.html"
    assert main(["--store", db, "graph", "--user", "u1", "--format", "html", "--all", "-o", str(out)]) == 0
    assert "<svg" in out.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["--store", db, "graph", "--user", "u1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert any(n.get("value") == "Porto" for n in data["nodes"])
    assert main(["--store", db, "graph", "--user", "u1", "--format", "graphml", "--as-of", T0]) == 0
    assert "<graphml" in capsys.readouterr().out

    assert main(["--store", db, "cypher", "most_corrected", "--user", "u1"]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].split() == list(COLUMNS["most_corrected"]) and "city" in table
    assert main(["--store", db, "cypher", "timeline", "--user", "u1", "--json"]) == 0
    assert [r["value"] for r in json.loads(capsys.readouterr().out)][:2] == ["朵朵", "花生"]
    with pytest.raises(SystemExit):
        main(["--store", db, "cypher", "nope", "--user", "u1"])
