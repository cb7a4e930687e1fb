"""The offline HTML view: what the page holds, and what headless Chromium shows of it.

The screenshot test needs Debian's Chromium (`apt-get install chromium`, and for
readable Chinese a CJK font such as `fonts-wqy-zenhei`). Without Chromium it fails,
saying so: a view nobody has looked at is not tested.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import zlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from graphmem import Memory
from graphmem.views.html import FROZEN_FILL, clip, render_html

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def _seed(mem: Memory, u: str) -> None:
    said = [
        ("2026-01-05T10:00:00Z", "我叫王磊，我在字节做测试。"),
        ("2026-01-06T10:00:00Z", "我女儿朵朵对花生过敏。"),
        ("2026-01-06T11:00:00Z", "朵朵不喜欢吃胡萝卜。"),
        ("2026-01-07T10:00:00Z", "我哥哥在腾讯工作。"),
        ("2026-01-08T10:00:00Z", "My friend Lucy lives in Paris."),
        ("2026-01-09T10:00:00Z", "我住在上海。"),
        ("2026-02-01T10:00:00Z", "我已经从字节离职了，现在在阿里巴巴做产品经理。"),
        ("2026-02-03T10:00:00Z", "我搬到杭州了。"),
        ("2026-02-05T10:00:00Z", "我喜欢爬山。"),
    ]
    for n, (at, text) in enumerate(said, 1):
        mem.remember(u, text, at=at, ref=f"msg-{n}")


def test_page_is_offline_escaped_and_explains_itself(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("html")
    _seed(mem, u)
    mem.remember(u, 'I like <script>alert("x")</script> & "quotes".', at="2026-02-06T10:00:00Z")
    page = render_html(mem.graph(u, include_frozen=True))
    # Offline: nothing is fetched, no external script, style, font or image.
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "url(http" not in page
    # User text is escaped everywhere.
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page
    assert page.count("<script>") == 1  # the bundled view script only
    # Provenance on hover: source sentence, ref, source, confidence, recorded time.
    title = re.search(r"<title>(self · city = 杭州[^<]*)</title>", page)
    assert title, "no tooltip for the 杭州 fact"
    tip = title.group(1)
    for needle in (
        "said: “我搬到杭州了",
        "ref: msg-8",
        "source: user_declared",
        "confidence 0.90",
        "recorded: 2026-02-03",
    ):
        assert needle in tip, (needle, tip)
    # Frozen facts greyed out, SUPERSEDES drawn, a legend, CJK fonts.
    assert 'class="node fact frozen"' in page and FROZEN_FILL in page
    assert 'class="edge supersedes"' in page and "SUPERSEDES · rule:" in page
    assert 'class="legend"' in page and "frozen fact" in page
    assert "WenQuanYi Zen Hei" in page and "Noto Sans CJK SC" in page
    # Deterministic: the same graph renders to the same page.
    assert page == render_html(mem.graph(u, include_frozen=True))


def test_clip_counts_cjk_wide() -> None:
    assert clip("short", 13, 200) == "short"
    assert clip("很长很长很长很长很长很长很长很长很长很长", 13, 100).endswith("…")
    assert len(clip("很长很长很长很长很长很长很长很长很长很长", 13, 100)) < len(clip("x" * 20, 13, 100))


# ---- the screenshot ---------------------------------------------------------------------------


def read_png(path: Path) -> tuple[int, int, list[tuple[int, int, int]]]:
    """(width, height, RGB pixels) of an 8-bit, non-interlaced RGB or RGBA PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        chunk = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    pixels: list[tuple[int, int, int]] = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        pixels.extend(tuple(line[x * bpp : x * bpp + 3]) for x in range(width))  # type: ignore[misc]
        prev = line
    return width, height, pixels


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _near(counts: Counter, colour: tuple[int, int, int], tol: int = 6) -> int:
    return sum(n for c, n in counts.items() if all(abs(c[i] - colour[i]) <= tol for i in range(3)))


@pytest.mark.slow  # headless Chromium
def test_screenshot_in_headless_chromium(mem: Memory, uid: Callable[[str], str], tmp_path: Path) -> None:
    if not Path(CHROMIUM).exists():
        found = shutil.which("chromium")
        pytest.fail(
            f"{CHROMIUM} not found{f' (there is {found})' if found else ''}: the HTML view is tested in "
            "Debian's Chromium; install it with `apt-get install chromium` (and `fonts-wqy-zenhei` for CJK text)"
        )
    u = uid("shot")
    _seed(mem, u)
    page = tmp_path / "graph.html"
    page.write_text(render_html(mem.graph(u, include_frozen=True)), encoding="utf-8")
    png = tmp_path / "graph.png"
    cmd = [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}", f"--screenshot={png}",
           "--window-size=1200,800", page.resolve().as_uri()]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert png.exists(), f"chromium wrote no screenshot (exit {proc.returncode}): {proc.stderr[-2000:]}"

    width, height, pixels = read_png(png)
    assert (width, height) == (1200, 800)
    counts = Counter(pixels)
    background = counts.most_common(1)[0][0]
    drawn = sum(n for c, n in counts.items() if c != background) / len(pixels)
    assert drawn > 0.15, f"only {drawn:.1%} of the screenshot differs from the background"
    assert len(counts) > 200, "too few distinct colours for text, nodes and edges"
    # Greyed-out frozen facts (上海, 字节, 测试): each pill is 220×40 px of that grey.
    assert _near(counts, _hex(FROZEN_FILL), tol=2) > 2 * 4000, "no greyed frozen facts on screen"
    # Entity nodes (the user in indigo, people in sky blue) and the red SUPERSEDES edges.
    assert _near(counts, _hex("#4f46e5")) > 800, "no node for the user"
    assert _near(counts, _hex("#0ea5e9")) > 3 * 800, "no nodes for the people"
    assert _near(counts, _hex("#dc2626"), tol=40) > 60, "no SUPERSEDES edge drawn"
