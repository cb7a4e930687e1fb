"""An allergy test's result told as news: what it cleared goes from the allergies on record,
what it found is kept. Said clause by clause in one report ("the banana patch was clean,
walnuts still flared up"), an allergen of a kind on record (prawns for shellfish), the new
allergen told a piece later ("…came back negative?? it's horses"), the verdict typed after a
lead (结果虾没事, 反而测出来对尘螨过敏). And what must stay: someone else's result, a result
that found the allergen, "fine" said where no test is talked of. The sentences are this file's
own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import assert_change

#: (turns, the allergy held now or "" for none asked, allergies no longer held)
CLEARED = {
    "a report cleared one and kept another (en)": (
        ["heads up, I'm allergic to walnuts and bananas",
         "saw an immunologist this week: the banana patch was totally clean, walnuts still flared up"],
        "walnuts", ["banana"],
    ),
    "a kind cleared by its members (en)": (
        ["shellfish allergy here, keep it off any dinner plans",
         "blood panel is back — prawns and lobster both negative. the hives were from the detergent apparently"],
        "", ["shellfish"],
    ),
    "a drug cleared, a new allergen found (en)": (
        ["I'm allergic to aspirin",
         "the drug challenge went fine, aspirin is ok after all. the scratch test did show up for mould though"],
        "mould", ["aspirin"],
    ),
    "the new allergen said a piece later (en)": (
        ["allergic to cats since forever",
         "got my results!! the cat one came back negative?? it's horses. no idea when I'd ever meet one"],
        "horses", ["cat"],
    ),
    "one negative, one still positive (zh)": (
        ["我对芒果和花生过敏",
         "上周去医院做了过敏原检测，芒果那项是阴性，花生还是阳性，以后芒果随便吃"],
        "花生", ["芒果"],
    ),
    "a kind cleared by its members (zh)": (
        ["我海鲜过敏，别给我推荐海鲜馆子", "报告出来了 蟹和扇贝都是阴性 当年起疹子是别的原因"],
        "", ["海鲜"],
    ),
    "a drug wrongly blamed, a new allergen found (zh)": (
        ["我对青霉素过敏", "今天做完皮试，青霉素是冤枉的，反而测出来对尘螨过敏，难怪一打扫就打喷嚏"],
        "尘螨", ["青霉素"],
    ),
    "a one-character allergen after a lead (zh)": (
        ["我对虾过敏", "验血单子拿到了 结果虾没事 医生说放心吃"],
        "", ["虾"],
    ),
}  # fmt: skip

#: (turns, the allergy that must still be held)
KEPT = {
    "someone else's result (zh)": (["我对芒果过敏", "女儿做了过敏原检测，她芒果是阴性"], "芒果"),
    "someone else's result (en)": (
        ["I'm allergic to peanuts", "my son's allergy test came back negative for peanuts, huge relief"], "peanuts",
    ),
    "the test found it (zh)": (["我对虾过敏", "过敏原检测做了 虾那项还是阳性 别的都阴性"], "虾"),
    "the test found it (en)": (
        ["allergic to sesame", "allergist says the sesame skin test was positive again, everything else negative"],
        "sesame",
    ),
    "'fine' where no test is talked of (en)": (
        ["I'm allergic to kiwi", "the kiwi at the market looked fine but I walked past it obviously"], "kiwi",
    ),
    "a test of something else (en)": (["I'm allergic to latex", "covid test negative, back at work tomorrow"], "latex"),
    "'cleared' where no test is talked of (en)": (
        ["I'm allergic to shellfish", "finally cleared all the shellfish out of the freezer, the smell alone"], "shellfish",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CLEARED))
def test_what_the_test_cleared_goes(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, value, gone = CLEARED[case]
    assert_change(mem, uid("tested"), said, "allergy", value, gone, label=case)


@pytest.mark.parametrize("case", list(KEPT))
def test_what_the_test_did_not_clear_stays(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, kept = KEPT[case]
    assert_change(mem, uid("kept"), said, "allergy", kept, [], label=case)


def test_the_retraction_is_audited(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("audit")
    mem.remember(user, "I'm allergic to penicillin", at="2026-03-01T10:00:00Z")
    result = mem.remember(
        user,
        "penicillin challenge at the allergist: came back clean, no reaction at all",
        at="2026-03-05T10:00:00Z",
    )
    assert [f.value for f in result.retracted] == ["penicillin"]
    assert not mem.get(user, "allergy")
    (old,) = [f for f in mem.facts(user, include_frozen=True) if f.attribute == "allergy"]
    assert old.value == "penicillin" and old.status != "active"


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_what_the_test_cleared_goes(mem, uid, "a drug wrongly blamed, a new allergen found (zh)")
    test_what_the_test_cleared_goes(mem, uid, "the new allergen said a piece later (en)")
