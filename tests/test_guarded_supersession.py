"""Guarded supersession: a single-valued fact of the user changes only on an explicit statement
or correction about the user. A few hundred everyday sentences (templates × vocabularies,
about pets, shops, friends, family, plans, hedges and trips) leave the profile as it was;
hedged news is kept frozen as model_inferred, with an audit record."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product

from graphmem import Memory

T0 = "2026-06-01T09:00:00Z"
T1 = "2026-06-02T09:00:00Z"

PROFILE_EN = "My name is Nadia Brooks. I'm 41. I live in Portland and I'm originally from Tucson. I work at Acme Robotics as a product manager."
PROFILE_ZH = "我叫沈悦，今年33岁，住在厦门，是江西人，在海鸥科技做产品经理。"
SINGLE = (
    "name",
    "preferred_name",
    "age",
    "birthday",
    "gender",
    "hometown",
    "city",
    "employer",
    "job_title",
    "spouse",
)

_EN_PEOPLE = ["Marta", "Jonah", "Priti", "Wes", "Lena"]
_EN_REL = ["sister", "brother", "cousin", "neighbor", "coworker", "friend"]
_EN_PETS = ["puppy", "kitten", "beagle", "parrot", "rabbit"]
_EN_PET_NAMES = ["Noodle", "Ziggy", "Clover", "Mochi"]
_EN_PLACES = ["Boise", "Lisbon", "Denver", "Kyoto", "Halifax"]
_EN_ORGS = ["Globex", "Initrode", "Umbrella Labs", "Vandelay Industries"]
_EN_SHOPS = ["bakery", "bar", "bookshop", "noodle place"]
_EN_SHOP_NAMES = ["Golden Crust", "The Owl", "Paper Moon", "Slurp House"]
_EN_TEMPLATES = [
    "My {rel} {p} lives in {place}.",
    "{p} works at {org} now.",
    "My {rel} {p} just moved to {place}.",
    "We got a {pet} and we call him {pn}.",
    "Our new {pet} is called {pn}.",
    "A new {shop} opened near the office, it's called {sn}.",
    "I might move to {place} someday, not sure yet.",
    "Thinking about applying to {org} at some point.",
    "Had lunch with {p} at {sn} today.",
    "{p} is originally from {place}.",
    "My {rel}'s birthday is March 3.",
    "I visited {place} last weekend, lovely city.",
    "My {rel} {p} is a nurse at {org}.",
    "{p} and I went hiking near {place}.",
]

_ZH_PEOPLE = ["小敏", "老周", "阿杰", "晓雯"]
_ZH_REL = ["姐姐", "表哥", "同事", "朋友", "室友"]
_ZH_PETS = ["柯基", "橘猫", "鹦鹉", "兔子"]
_ZH_PET_NAMES = ["糯米", "可可", "旺财", "团子"]
_ZH_PLACES = ["成都", "西安", "青岛", "昆明", "南宁"]
_ZH_ORGS = ["蓝湖科技", "星云传媒", "华夏银行"]
_ZH_SHOPS = ["奶茶店", "面馆", "书店", "烧烤店"]
_ZH_SHOP_NAMES = ["一点甜", "老街坊", "半山书屋", "炭火居"]
_ZH_TEMPLATES = [
    "我{rel}{p}住在{place}。",
    "我{rel}{p}在{org}上班。",
    "我{rel}下个月搬到{place}。",
    "我们家新养了一只{pet}，叫{pn}。",
    "楼下新开了一家{shop}，叫{sn}。",
    "我可能会搬去{place}吧，还没想好。",
    "上周去{place}玩了，挺好的。",
    "今天和{p}在{sn}吃了饭。",
    "{p}是{place}人。",
    "我{rel}的生日是3月8号。",
    "我{rel}{p}是{org}的设计师。",
    "打算明年去{place}旅游。",
]


def _sentences(templates: list[str], vocab: dict[str, list[str]], n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    for t in templates:
        keys = [k for k in vocab if "{" + k + "}" in t]
        combos = list(product(*(vocab[k] for k in keys)))
        rng.shuffle(combos)
        out += [t.format(**dict(zip(keys, c))) for c in combos[: max(1, n // len(templates))]]
    return out


EN = _sentences(
    _EN_TEMPLATES,
    {"p": _EN_PEOPLE, "rel": _EN_REL, "pet": _EN_PETS, "pn": _EN_PET_NAMES, "place": _EN_PLACES,
     "org": _EN_ORGS, "shop": _EN_SHOPS, "sn": _EN_SHOP_NAMES},
    n=200, seed=1,
)  # fmt: skip
ZH = _sentences(
    _ZH_TEMPLATES,
    {"p": _ZH_PEOPLE, "rel": _ZH_REL, "pet": _ZH_PETS, "pn": _ZH_PET_NAMES, "place": _ZH_PLACES,
     "org": _ZH_ORGS, "shop": _ZH_SHOPS, "sn": _ZH_SHOP_NAMES},
    n=180, seed=2,
)  # fmt: skip


def _profile(mem: Memory, u: str) -> dict[str, list[str]]:
    return {a: sorted(f.value for f in mem.get(u, a)) for a in SINGLE}


def test_the_corpus_is_a_few_hundred_sentences() -> None:
    assert len(EN) + len(ZH) >= 280 and len(set(EN + ZH)) == len(EN + ZH)


def _replay(mem: Memory, u: str, profile: str, sentences: list[str]) -> None:
    mem.remember(u, profile, at=T0)
    before = _profile(mem, u)
    assert sum(bool(v) for v in before.values()) >= 6, before
    changed = []
    for s in sentences:
        mem.remember(u, s, at=T1)
        now = _profile(mem, u)
        if now != before:
            changed.append((s, {k: (before[k], now[k]) for k in SINGLE if now[k] != before[k]}))
            before = now
    assert not changed, changed[:5]


def test_everyday_english_never_changes_the_profile(mem: Memory, uid: Callable[[str], str]) -> None:
    _replay(mem, uid("guard-en"), PROFILE_EN, EN)


def test_everyday_chinese_never_changes_the_profile(mem: Memory, uid: Callable[[str], str]) -> None:
    _replay(mem, uid("guard-zh"), PROFILE_ZH, ZH)


def test_hedged_news_is_kept_frozen_as_an_inference(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("hedge")
    mem.remember(u, "I live in Tampa.", at=T0)
    r = mem.remember(u, "Pretty sure we're moving to Raleigh in the fall.", at=T1)
    assert [f.value for f in mem.get(u, "city")] == ["Tampa"]
    raleigh = [f for f in mem.facts(u, include_frozen=True) if f.value == "Raleigh"]
    assert [(f.status, f.source) for f in raleigh] == [("frozen", "model_inferred")]
    assert any(a.action == "keep_frozen" for a in r.audit)
    mem.remember(u, "我住在宁波。", at=T0)
    mem.remember(u, "我可能要搬去苏州了，还没定。", at=T1)
    assert [f.value for f in mem.get(u, "city")] == ["宁波"]
    # An explicit statement still supersedes.
    mem.remember(u, "我搬到苏州了。", at="2026-07-01T09:00:00Z")
    assert [f.value for f in mem.get(u, "city")] == ["苏州"]
