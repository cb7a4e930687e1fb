"""Neo4j Browser on a user's memory: the guide, the URL `graphmem browse` builds, and the
real thing: the launcher's Browser in headless Chromium, showing a user's styled subgraph.

The Chromium test needs Debian's Chromium (`apt-get install chromium`) and a Neo4j Browser
served by tools/neo4j/neo4j.sh: the one tests/neo4j_server.py starts, or the one named by
GRAPHMEM_NEO4J_BROWSER_URL (CI's .ci/run exports it beside GRAPHMEM_NEO4J_URI). With
GRAPHMEM_NEO4J_URI pointing at a server of your own and no GRAPHMEM_NEO4J_BROWSER_URL, it
skips and says so; a Browser URL that is given but does not answer fails it.
Set GRAPHMEM_BROWSER_SCREENSHOT=PATH to keep the screenshot (docs/browser-subgraph.png).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import urllib.request
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from graphmem import Memory
from graphmem.views.analyst import QUERIES, single_attributes
from graphmem.views.browse import browser_base, browser_url, cypher_literal, guide_html, subgraph_query

from . import neo4j_server
from .chromium_cdp import CHROMIUM, CdpError, Chromium
from .test_html_view import read_png

ROOT = Path(__file__).resolve().parents[1]


# ---- the guide and the URL, no server needed ---------------------------------------------------


def test_guide_file_is_generated_from_the_cookbook() -> None:
    on_disk = (ROOT / "cypher" / "browser" / "guide.html").read_text(encoding="utf-8")
    assert on_disk == guide_html(), "run: python -m graphmem.views.browse > cypher/browser/guide.html"
    slides = re.findall(r"<slide>(.*?)</slide>", on_disk, re.S)
    assert len(slides) == 1 + len(QUERIES)
    blocks = [html.unescape(b) for b in re.findall(r'<pre class="runnable">(.*?)</pre>', on_disk, re.S)]
    assert blocks[:2] == [":param user_id => 'u1'", subgraph_query()]
    for name in QUERIES:
        body = (ROOT / "cypher" / "analyst" / f"{name}.cypher").read_text(encoding="utf-8")
        assert any(b in body and "$user_id" in b for b in blocks), name
    assert ":param single_attributes => [" + ", ".join(f"'{a}'" for a in single_attributes()) + "]" in blocks


def test_subgraph_query_is_read_only_and_anchored() -> None:
    q = subgraph_query()
    assert not re.search(r"\b(CREATE|MERGE|SET|DELETE|REMOVE|DETACH|FOREACH|CALL)\b", q, re.I)
    for var in re.findall(r"\((\w+):(?:Fact|Entity|User)\b", q):
        assert re.search(rf"\b{var}\.user_id = \$user_id|{var}:User \{{user_id: \$user_id\}}", q), var
    assert "SUPERSEDES" in q


def _arg(url: str) -> str:
    # What Browser itself does: decode the whole URL (+ as space), then split at & and #
    decoded = unquote(url.replace("+", " "))
    found = re.findall(r"[?&]arg=([^&#]*)", decoded)
    assert len(found) == 1, decoded
    return found[0]


def test_url_prefills_the_connection_and_the_param() -> None:
    base = browser_base("bolt://127.0.0.1:7687", {})
    assert base == "http://127.0.0.1:7474/browser/"
    url = browser_url("bolt://127.0.0.1:7687", "u1", base)
    q = parse_qs(urlsplit(url).query)
    assert q["dbms"] == ["bolt://127.0.0.1:7687"] and q["preselectAuthMethod"] == ["NO_AUTH"]
    assert q["cmd"] == ["edit"] and _arg(url) == ":param user_id => 'u1'"
    # neo4j.sh's URL (with its own query) as the base; credentials never reach the URL
    base = browser_base(
        "bolt://x", {"GRAPHMEM_NEO4J_BROWSER_URL": "http://127.0.0.1:7599/browser/?dbms=bolt://z"}
    )
    assert base == "http://127.0.0.1:7599/browser/"
    url = browser_url("bolt://neo4j:s3cret-pw@db.local:7690", "u1", base)
    assert "s3cret" not in url
    q = parse_qs(urlsplit(url).query)
    assert q["dbms"] == ["bolt://neo4j@db.local:7690"] and q["preselectAuthMethod"] == ["NATIVE"]


@pytest.mark.parametrize(
    "user", ["o'neil", "a&b=c", "x#1", "back\\slash", "50% + 李雷", "'; MATCH (n) DETACH DELETE n //"]
)
def test_user_id_survives_browsers_url_parsing(user: str) -> None:
    arg = _arg(browser_url("bolt://127.0.0.1:7687", user, "http://127.0.0.1:7474/browser/"))
    literal = arg.removeprefix(":param user_id => ")
    assert literal == cypher_literal(user, for_url=True)
    # and the literal means the user id: undo Cypher's escapes
    assert json.loads('"' + literal[1:-1].replace('"', '\\"').replace("\\'", "'") + '"') == user


def test_embedded_store_is_refused_clearly(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", str(tmp_path / "m.db"), "browse", "--user", "u1", "--print-url"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 2 and r.stdout == ""
    assert "needs a Neo4j store" in r.stderr and "graph --user U --format html" in r.stderr
    assert not (tmp_path / "m.db").exists()


def test_browse_starts_the_web_browser_with_the_url(
    neo4j_uri: str, uid: Callable[[str], str], tmp_path: Path
) -> None:
    """Without --print-url, `webbrowser` starts $BROWSER: here a real command that records its URL."""
    u = uid("opener")
    with Memory(neo4j_uri) as mem:
        mem.remember(u, "I live in Oslo.", at="2026-01-05T10:00:00Z")
    got = tmp_path / "opened.txt"
    recorder = f"{sys.executable} -c \"import sys; open(sys.argv[1], 'w').write(sys.argv[2])\" {got} %s"
    env = {**os.environ, "BROWSER": recorder, "GRAPHMEM_NEO4J_BROWSER_URL": "http://127.0.0.1:9/browser/"}
    base = [sys.executable, "-m", "graphmem", "--store", neo4j_uri, "browse"]
    r = subprocess.run([*base, "--user", u], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    assert got.read_text() == r.stdout.strip() == browser_url(neo4j_uri, u, "http://127.0.0.1:9/browser/")
    assert "no Neo4j Browser answers at http://127.0.0.1:9/browser/" in r.stderr  # said, not fatal
    r = subprocess.run(
        [*base, "--user", uid("nobody")], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env
    )
    assert r.returncode == 0 and "has no facts" in r.stderr


# ---- the real Browser in headless Chromium ------------------------------------------------------


def _seed(mem: Memory, u: str, other: str) -> None:
    said = [
        ("2026-01-05T10:00:00Z", "我叫王磊，我在字节做测试。"),
        ("2026-01-06T10:00:00Z", "我女儿朵朵对花生过敏。"),
        ("2026-01-08T10:00:00Z", "My friend Lucy lives in Paris."),
        ("2026-01-09T10:00:00Z", "我住在上海。"),
        ("2026-02-03T10:00:00Z", "我搬到杭州了。"),
    ]
    for n, (at, text) in enumerate(said, 1):
        mem.remember(u, text, at=at, ref=f"msg-{n}")
    mem.remember(other, "My friend Zed lives in Oslo.", at="2026-01-05T10:00:00Z")


def _browser_or_skip(uri: str) -> str:
    found = neo4j_server.browser_url(uri)
    if not found:
        pytest.skip(
            "no Neo4j Browser for this server: GRAPHMEM_NEO4J_URI names a server of your own and "
            "GRAPHMEM_NEO4J_BROWSER_URL is unset; start one with tools/neo4j/neo4j.sh and export "
            "GRAPHMEM_NEO4J_BROWSER_URL=$(tools/neo4j/neo4j.sh browser-url PORT), or unset GRAPHMEM_NEO4J_URI"
        )
    base = browser_base(uri, {}, found)
    try:
        with urllib.request.urlopen(base, timeout=10) as r:
            assert r.status == 200
    except OSError as e:
        pytest.fail(f"Neo4j Browser {base} does not answer ({e}); is the server started by neo4j.sh running?")
    return base


#: The page's state in one call: editor text, guide blocks, stream text, graph nodes and edges.
_STATE = """(() => {
  const lines = document.querySelector('[data-testid=activeEditor] .view-lines');
  return {
    editor: lines ? lines.innerText.replace(/\\u00a0/g, ' ') : '',
    guide: Array.from(document.querySelectorAll('pre.runnable')).map(p => p.textContent),
    text: document.body.innerText,
    loginForm: !!document.querySelector('[data-testid=password]'),
    nodes: Array.from(document.querySelectorAll('svg g.node')).map(g => ({
      caption: Array.from(g.querySelectorAll('text.caption')).map(t => t.textContent.trim()).join(' '),
      fill: (g.querySelector('circle.b-outline') || {getAttribute: () => ''}).getAttribute('fill')})),
    edges: Array.from(document.querySelectorAll('svg g.relationship')).map(g => ({
      caption: g.textContent.trim(),
      fill: (g.querySelector('path.b-outline') || {getAttribute: () => ''}).getAttribute('fill')})),
  };
})()"""

_LOGIN = """((user, pw) => {
  const set = (el, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, v);
    el.dispatchEvent(new Event('input', {bubbles: true}));
  };
  set(document.querySelector('[data-testid=username]'), user);
  set(document.querySelector('[data-testid=password]'), pw);
  document.querySelector('[data-testid=connect]').click();
  return true;
})(%s, %s)"""


def _state(c: Chromium) -> dict:
    return c.evaluate(_STATE)  # type: ignore[no-any-return]


def _run_editor(c: Chromium) -> None:
    c.evaluate("document.querySelector('[data-testid=editor-Run]').click()")


def test_browser_shows_the_users_styled_subgraph(
    neo4j_uri: str, uid: Callable[[str], str], tmp_path: Path
) -> None:
    if not Path(CHROMIUM).exists():
        found = shutil.which("chromium")
        pytest.fail(f"{CHROMIUM} not found{f' (there is {found})' if found else ''}: the Browser view is tested "
                    "in Debian's Chromium; install it with `apt-get install chromium`")  # fmt: skip
    base = _browser_or_skip(neo4j_uri)
    u, other = uid("o'neil & co #1"), uid("zed")
    with Memory(neo4j_uri) as mem:
        _seed(mem, u, other)
        frozen = {f.value for f in mem.facts(u, include_frozen=True) if f.status == "frozen"}
        assert "上海" in frozen
        with mem.store._driver.session(database=mem.store.database) as s:  # type: ignore[attr-defined]
            n_supersedes = s.run(
                "MATCH (n:Fact {user_id: $u})-[r:SUPERSEDES]->(o:Fact {user_id: $u}) RETURN count(r) AS n",
                u=u,
            ).single()["n"]
    assert n_supersedes >= 1

    cli = subprocess.run(
        [sys.executable, "-m", "graphmem", "--store", neo4j_uri, "browse", "--user", u, "--print-url",
         "--browser-url", base],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    url = cli.stdout.strip()
    login = urlsplit(neo4j_uri)

    png = tmp_path / "browser.png"
    with Chromium(tmp_path / "profile", width=1280, height=760) as c:
        try:
            c.navigate(url)
            # Connected (at once without auth), the post-connect commands ran: graphmem's guide is in
            # the stream, and the editor holds the :param from the URL.
            if login.password:
                c.wait_for("!!document.querySelector('[data-testid=password]')", 90, "the login form")
                c.evaluate(_LOGIN % (json.dumps(login.username or "neo4j"), json.dumps(login.password)))
            c.wait_for(
                "document.querySelectorAll('pre.runnable').length > 1",
                90,
                "graphmem's guide (post-connect :play)",
            )
            c.wait_for(f"(() => {{ const s = {_STATE}; return s.editor.includes(':param user_id') && s; }})()",
                       30, "the :param in the editor")  # fmt: skip
            # :style fetches the grass before its frame appears, so it may land after the guide's
            c.wait_for("document.body.innerText.includes(':style http')", 30, "the post-connect :style")
            # 1. run the :param: Browser shows the parameter it set, the user id unharmed
            _run_editor(c)
            c.wait_for(f"document.body.innerText.includes({json.dumps(json.dumps(u, ensure_ascii=False)[1:-1])})",
                       30, "the $user_id parameter frame")  # fmt: skip
            # 2. the guide's subgraph block into the editor, 3. run it
            c.evaluate(
                "Array.from(document.querySelectorAll('pre.runnable')).find(p => p.textContent.includes('HAS_ENTITY')).click()"
            )
            c.wait_for("document.querySelector('[data-testid=activeEditor]').innerText.includes('HAS_ENTITY')", 30,
                       "the subgraph query in the editor")  # fmt: skip
            _run_editor(c)
            c.wait_for("document.querySelectorAll('svg g.node').length > 5 && "
                       "document.body.innerText.includes('SUPERSEDES (')", 60, "the subgraph drawn")  # fmt: skip
            c.evaluate("new Promise(r => setTimeout(r, 3000))", timeout=10)  # let the layout settle
            state = _state(c)
            png.write_bytes(c.screenshot())
        except (CdpError, AssertionError):
            png.write_bytes(c.screenshot())
            raise

    shot = f" (screenshot: {png})"
    captions = [n["caption"] for n in state["nodes"]]
    fills = {n["caption"]: n["fill"] for n in state["nodes"]}
    # The user, their entities and facts, with graphmem.grass's captions and colours
    users = [n["caption"] for n in state["nodes"] if n["fill"] == "#4F46E5"]  # a long id is cut short: "…"
    assert len(users) == 1 and len(users[0]) > 5 and u.startswith(users[0].rstrip("…")), (u, fills, shot)
    for name in ("self", "朵朵", "Lucy"):
        assert fills.get(name) == "#0EA5E9", (name, fills, shot)
    joined = " | ".join(captions)
    for fact in ("city = 杭州", "city = 上海", "allergy = 花生", "child = 朵朵", "city = Paris"):
        assert fact in joined, (fact, joined, shot)
    assert "Zed" not in joined, "another user's entity is on screen" + shot
    # SUPERSEDES edges red (their caption may be cut short: "SUPERSE…"), as many as the store holds
    red = [e for e in state["edges"] if e["fill"] == "#DC2626"]
    assert len(red) == n_supersedes and all(e["caption"].startswith("SUPERSE") for e in red), (
        state["edges"],
        shot,
    )
    assert f"SUPERSEDES ({n_supersedes})" in state["text"]

    # And on the screen: indigo user, sky-blue entities, red SUPERSEDES edges
    width, height, pixels = read_png(png)
    assert (width, height) == (1280, 760)
    counts = Counter(pixels)

    def near(rgb: tuple[int, int, int], tol: int = 8) -> int:
        return sum(n for c, n in counts.items() if all(abs(c[i] - rgb[i]) <= tol for i in range(3)))

    assert near((0x4F, 0x46, 0xE5)) > 1000, "no user node on screen" + shot
    assert near((0x0E, 0xA5, 0xE9)) > 3 * 1000, "no entity nodes on screen" + shot
    assert near((0xDC, 0x26, 0x26), tol=40) > 40, "no red SUPERSEDES edge on screen" + shot
    keep = os.environ.get("GRAPHMEM_BROWSER_SCREENSHOT")
    if keep:
        shutil.copyfile(png, keep)
