"""A forget by topic said in the many ways people say it, both languages: the verbs of erasing
and of not keeping, "everything / the stuff / what I said about <topic>", 把/关于/那些/的事/
的记录 with 删/清/忘/别存/别留; the topic a person, a relation said with another word than
the one first used ("my ex" for "my ex-girlfriend Dana", "my former boss" for "my old boss"),
or a subject (a Chinese verb split by what it takes, 住了两周院). What is no request (the
user's own forgetting, a question about forgetting, "don't keep this") stays a message, and
what is about another topic stays."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.gate import DONT_KEEP, FORGET, REMEMBER, control_of
from graphmem.write.spoken_forget import topic

SAID = "2026-04-06T10:00:00Z"
ASKED = "2026-04-08T10:00:00Z"
LATER = "2026-04-20T10:00:00Z"


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("erase the stuff about my ex", "my ex"),
        ("don't hold on to what I said about my old landlord", "my old landlord"),
        ("please don't keep anything I mentioned about Ingrid", "Ingrid"),
        ("stop remembering things about my ex-husband, ok?", "my ex-husband"),
        ("ditch whatever I told you earlier about the lawsuit", "the lawsuit"),
        ("you can let go of everything about my old job now", "my old job"),
        ("no need to keep the stuff I shared about the biopsy anymore", "the biopsy"),
        ("I'd like you to wipe any record of my former roommate", "my former roommate"),
        ("honestly, just throw away what I told you about the breakup", "the breakup"),
        ("could you scrap all the things I said regarding Mr. Feld?", "Mr"),  # a clause ends at "."
        ("前任那些别存了", "前任"),
        ("关于我前同事的记录都清掉吧", "我前同事"),
        ("把我做胃镜的事忘了吧", "我做胃镜"),
        ("之前跟你说过的老房东的那些都别留了", "老房东"),
        ("跟阿豪有关的内容全部删掉", "阿豪"),
        ("能不能把关于离职的那些清一下？", "离职"),
        ("别再记着我前夫的事了", "我前夫"),
        ("体检那件事你别存了，删掉吧", "体检"),
        ("关于搬家的内容都清掉，谢谢", "搬家"),
    ],
)
def test_a_topic_request_is_read_with_its_topic(text: str, named: str) -> None:
    c = control_of(text)
    assert c is not None and c.kind == FORGET, (text, c)
    assert topic(text) == named


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I always forget my keys", None),  # the user's own forgetting
        ("I keep forgetting stuff about my ex's birthday", None),
        ("how do I forget about my ex?", None),  # a question about forgetting
        ("did you delete what I told you about Ingrid?", None),
        ("can you forget things?", None),  # no topic
        ("drop the kids off at school at 8", None),  # a verb that erases other things too
        ("I tried to erase the stuff about my ex from my head", None),
        ("don't keep this", DONT_KEEP),  # this message, not a topic
        ("don't forget what I said about Ingrid", REMEMBER),
        ("forget it, never mind", None),
        ("forget about work for a sec, what should I cook tonight?", None),  # put aside in talk
        ("let's forget the budget for now", None),
        ("我把前任的照片都删了", None),  # what the user did
        ("前任的聊天记录我早就清了", None),
        ("我老是忘了带伞", None),
        ("怎么才能把前任忘掉", None),
        ("你会把我说的删了吗？", None),  # a question
        ("这个别记", DONT_KEEP),
    ],
)
def test_what_is_no_topic_request_is_not_read_as_one(text: str, kind: str | None) -> None:
    c = control_of(text)
    assert (c.kind if c else None) == kind, (text, c)


def _texts(mem: Memory, u: str) -> str:
    out = [f"{f.subject_name} {f.value} {f.text} {f.source_text}" for f in mem.facts(u, include_frozen=True)]
    out += [e.text for e in mem.store.reader(u).episodes()]
    return "\n".join(out)


CASES = [
    pytest.param(
        [
            "My ex-boyfriend Lucas plays the cello.",
            "Lucas moved to Montreal after we split.",
            "I started dating Arjun in February.",
            "My ex-boss Viktor hired me twice.",  # an ex-boss is no ex
            "I'm allergic to cashews.",
        ],
        "don't hold on to anything I told you about my ex",
        ["Lucas", "cello", "Montreal"],
        ["Arjun", "Viktor", "cashews"],
        id="en-ex-said-as-ex-boyfriend",
    ),
    pytest.param(
        [
            "My old boss Henrike made me redo every report.",
            "Henrike once called me at midnight about a typo.",
            "My manager Tobias is very relaxed.",
            "I go climbing on Tuesdays.",
        ],
        "erase the stuff about my former boss",
        ["Henrike", "typo"],
        ["Tobias", "climbing"],
        id="en-former-boss-said-as-old-boss",
    ),
    pytest.param(
        [
            "I had shoulder surgery in 2024.",
            "The surgeries left a long scar.",
            "My sister works at a bakery.",
        ],
        "please get rid of whatever I said about my shoulder surgery",
        ["shoulder", "scar"],
        ["bakery"],
        id="en-subject-and-its-head-word",
    ),
    pytest.param(
        [
            "前年我住了三周院。",
            "住院那阵子瘦了八斤。",
            "我妈住在杭州。",
            "我住在苏州。",  # 住 of 住院 is no question of where the user lives
            "我喜欢喝乌龙茶。",
        ],
        "住院那些别存了",
        ["三周", "瘦了"],
        ["杭州", "苏州", "乌龙茶"],
        id="zh-split-verb",
    ),
    pytest.param(
        [
            "我前女友叫晓雯。",
            "晓雯去年去了新加坡。",
            "我现在的女朋友叫思琪。",
            "我在一家咨询公司上班。",
        ],
        "关于我前任的记录都删了",
        ["晓雯", "新加坡"],
        ["思琪", "咨询公司"],
        id="zh-ex-said-as-ex-girlfriend",
    ),
    pytest.param(
        [
            "去年冬天我做了个鼻炎手术。",
            "我在苏州做会计。",
        ],
        "做手术那回的事你别存了，都删了吧",  # the act said twice; the object said apart from its verb
        ["鼻炎"],
        ["会计"],
        id="zh-light-verb-and-a-second-act",
    ),
]


@pytest.mark.parametrize(("told", "request_", "gone", "kept"), CASES)
def test_a_topic_forget_in_other_words_erases_its_facts_and_turns_only(
    mem: Memory, uid: Callable[[str], str], told: list[str], request_: str, gone: list[str], kept: list[str]
) -> None:
    u, other = uid("me"), uid("other")
    for text in told:
        mem.remember(u, text, at=SAID)
        mem.remember(other, text, at=SAID)
    before = len(mem.store.reader(u).episodes())

    r = mem.remember(u, request_, at=ASKED)

    assert [x.kind for x in r.refused] == ["user_request"] and r.episode_id is None
    assert r.forgotten_episodes and r.changed  # the confirmation says what went
    blob = _texts(mem, u)
    assert not [w for w in gone if w in blob], blob
    assert not [w for w in kept if w not in blob], blob
    assert len(mem.store.reader(u).episodes()) == before - len(r.forgotten_episodes)
    theirs = _texts(mem, other)
    assert all(w in theirs for w in gone + kept)  # another user's memory is untouched


@pytest.mark.parametrize(
    "text",
    ["I always forget my keys when I'm in a rush.", "how do I forget about my ex?", "我老是忘了带伞。"],
)
def test_a_sentence_about_forgetting_is_kept_and_forgets_nothing(
    mem: Memory, uid: Callable[[str], str], text: str
) -> None:
    u = uid("keys")
    mem.remember(u, "My ex Lucas still has my keys.", at=SAID)
    r = mem.remember(u, text, at=ASKED)
    assert r.episode_id is not None and not r.retracted and not r.forgotten_episodes
    assert "Lucas" in _texts(mem, u)


@pytest.mark.both_stores
def test_a_topic_forget_end_to_end(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("e2e")
    for text in (
        "My former flatmate Oskar never paid the internet bill.",
        "Oskar borrowed my drill and kept it.",
        "我前夫叫大伟。",
        "大伟上个月又换了工作。",
        "I'm vegetarian.",
        "我女儿叫朵朵。",
    ):
        mem.remember(u, text, at=SAID)
    en = mem.remember(u, "scrap everything I said about my old flatmate please", at=ASKED)
    zh = mem.remember(u, "之前说前任的那些都别留了", at=ASKED)
    assert en.forgotten_episodes and zh.forgotten_episodes
    blob = _texts(mem, u)
    for word in ("Oskar", "drill", "internet", "大伟"):
        assert word not in blob, blob
    for q in ("who is Oskar?", "what did Oskar borrow?", "大伟是谁？"):
        for it in mem.recall(u, q, k=6, at=LATER):
            assert "Oskar" not in it.text and "大伟" not in it.text
    assert [f.value for f in mem.get(u, "diet", at=LATER)] == ["vegetarian"]
    assert "朵朵" in blob
