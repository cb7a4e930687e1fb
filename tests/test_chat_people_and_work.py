"""Work, people and tastes said the way chat says them (on SQLite; a sample of each kind also on
Neo4j): a title after a dash in a promotion, an employer left by its initials, being somewhere
"in-house" or "at X as Y", doing a line of work at a place, a taste of which only one remains,
a comparative that is no job, a favourite said with "absolute", the locals of a place, an
allergy named as the subject of what it did, a person named in brackets or inside a clause
about both, a workplace named after its kind, a move by one's company to a branch, a change of
role, a pastime given up, and a pronoun that names no one. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timezone

import pytest

from graphmem import Memory
from graphmem.facts.vocab import RELATION_KEYS
from graphmem.text.dates import find_spans
from tests.chat_cases import assert_read

# (turns said a day apart, {attribute: values active on the user}, {attribute: values not active})
CASES = {
    "a promotion with the title after a dash (en)": (
        ["I'm a junior designer at Loftworks", "they moved me up — Design Lead effective Monday 🎉"],
        {"job_title": ["design lead"], "employer": ["loftworks"]},
        {"job_title": ["junior designer"]},
    ),
    "an employer left by its initials (en)": (
        [
            "I'm an associate at Barlow & Finch",
            "quit B&F at the start of last month, contracting for Meridian now",
        ],
        {"employer": ["meridian"]},
        {"employer": ["barlow & finch"]},
    ),
    "being at a place as a job (en)": (
        ["right now I'm at Brightwave as a recruiter, it's fine"],
        {"employer": ["brightwave"], "job_title": ["recruiter"]},
        {},
    ),
    "a line of work done at a place (en)": (
        ["doing frontend at Lumalane these days, lots of react"],
        {"employer": ["lumalane"], "job_title": ["frontend"]},
        {},
    ),
    "only one taste remains (en)": (
        ["I love craft IPAs", "honestly burned out on IPAs. sours only now haha"],
        {"likes": ["sours"]},
        {"likes": ["craft ipas"]},
    ),
    "a comparative is no job (en)": (
        ["the new place is so much calmer, way nicer people"],
        {},
        {"job_title": ["calmer", "nicer people", "way nicer people"]},
    ),
    "a favourite said with 'all-time', and a comparative after it (en)": (
        ["ramen is my all-time fave, the spicier the better"],
        {"likes": ["ramen"]},
        {"job_title": ["spicier the better"]},
    ),
    "the locals of a place (en)": (
        ["we're pretty much locals in Spokane now, six winters in"],
        {"city": ["spokane"]},
        {},
    ),
    "an allergy as the subject of what it did (en)": (
        ["ugh my cashew allergy kicked in at the work party"],
        {"allergy": ["cashew"]},
        {},
    ),
    "a pastime given up with 不再, another taken up (zh)": (
        ["我特别喜欢打羽毛球", "手腕伤了，不再打羽毛球了，改成慢跑了"],
        {"likes": ["慢跑"]},
        {"likes": ["打羽毛球"]},
    ),
    "moved by one's company to a branch (zh)": (
        ["我在南京上班", "领导把我调到苏州分公司了，下周报到"],
        {"city": ["苏州"]},
        {"city": ["南京"], "employer": ["分公司"]},
    ),
    "a change of role (zh)": (
        ["我是做测试的", "最近转岗做开发了，压力有点大"],
        {"job_title": ["开发"]},
        {"job_title": ["测试"]},
    ),
    "a change said before where it leads (zh)": (
        ["不开店了，改成在一家叫云杉科技的公司上班"],
        {"employer": ["云杉科技"]},
        {},
    ),
    "a taste one came around to (en)": (
        ["I can't stand beets", "ok fine, I've finally warmed up to beets, roasted ones anyway"],
        {"likes": ["beets"]},
        {"dislikes": ["beets"]},
    ),
    "going back to a place in a message about leaving (zh)": (
        ["我住在深圳", "房子退租了，离开鹏城了，回长沙了，轻松多了"],
        {"city": ["长沙"]},
        {"city": ["深圳"]},
    ),
    "going back alone is a visit, not a move (zh)": (
        ["我住在深圳", "国庆回长沙了，吃了三天粉"],
        {"city": ["深圳"]},
        {"city": ["长沙"]},
    ),
    "born n raised, and everyone literally calls me (en)": (
        ["born n raised in Dundee, literally everyone calls me Fee"],
        {"hometown": ["dundee"], "preferred_name": ["fee"]},
        {},
    ),
    "a place written in Chinese inside English (en)": (
        ["I'm from 泉州 originally, moved here for uni"],
        {"hometown": ["泉州"]},
        {},
    ),
    "a no said twice is no question (zh)": (
        ["我今年41", "不对不对 说错了，其实已经42了"],
        {"age": ["42"]},
        {"age": ["41"]},
    ),
    "where one is from, said with pride (zh)": (
        ["一个土生土长的武汉伢，现在在苏州上班"],
        {"hometown": ["武汉"], "city": ["苏州"]},
        {},
    ),
    "an allergy named first, then how it has been (zh)": (
        ["海鲜过敏挺严重的，上次进了急诊"],
        {"allergy": ["海鲜"]},
        {"allergy": ["急诊"]},
    ),
    "a job in slang at a workplace named as one (en)": (
        ["I'm a glorified spreadsheet jockey at an insurer called Harbright, kill me"],
        {"employer": ["harbright"]},
        {},
    ),
    "where one is based, said as a hyphen (en)": (
        ["I'm a Valencia-based illustrator these days"],
        {"city": ["valencia"]},
        {},
    ),
    "a kind of workplace is no name (en)": (
        ["I work at a Denver-based nonprofit"],
        {},
        {"employer": ["a denver-based nonprofit", "denver-based nonprofit"]},
    ),
    "a line of work written at a place, and a question no one asks (zh)": (
        ["在猪厂写前端，天天改需求", "现在去了一家叫松果数据的小公司当架构师，没人管我几点走"],
        {"employer": ["松果数据"], "job_title": ["架构师"]},
        {"job_title": ["前端"]},
    ),
    "a workplace named after its kind (zh)": (
        ["我在一家律所叫汇诚，做助理"],
        {"employer": ["汇诚"]},
        {},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("chat"), said, present, absent, first_day=date(2026, 10, 10), exact=True, label=case)


# (turns, relation, the name it must link)
PEOPLE = {
    "a name in brackets after the relation (en)": (
        ["the wife (Marisol) is learning pottery"],
        "spouse",
        "Marisol",
    ),
    "a relation named inside a clause about both (zh)": (["我和我媳妇小雅周末去爬山了"], "spouse", "小雅"),
    "a name said to be the relation from now on (zh)": (
        ["从今天起阿哲就是我男朋友了，嘿嘿"],
        "partner",
        "阿哲",
    ),
    "one had, then named after a comma (en)": (
        ["got a new boyfriend!! his name's Ade, he plays bass"],
        "partner",
        "Ade",
    ),
}


@pytest.mark.parametrize("case", list(PEOPLE))
def test_the_person_is_linked(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, relation, name = PEOPLE[case]
    user = uid("people")
    for text in said:
        mem.remember(user, text, at="2026-10-10T09:00:00+08:00")
    assert name in [str(f.value) for f in mem.facts(user) if f.attribute == relation], mem.facts(user)


@pytest.mark.parametrize("said", ["她是我妹妹", "这是我同事", "他是我表哥"])
def test_a_pronoun_names_no_one(mem: Memory, uid: Callable[[str], str], said: str) -> None:
    user = uid("pointing")
    mem.remember(user, said, at="2026-10-10T09:00:00+08:00")
    named = [str(f.value) for f in mem.facts(user) if f.attribute in RELATION_KEYS]
    assert not [n for n in named if n[0] in "她他这那它"], named


def test_a_kin_word_then_a_time_is_the_users_kin(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("kin")
    mem.remember(user, "女儿下个月去滨江幼儿园报到，有点舍不得", at="2026-10-10T09:00:00+08:00")
    schools = [(f.subject_name, f.value) for f in mem.facts(user) if f.attribute == "school"]
    assert schools == [("女儿", "滨江幼儿园")], schools


def test_an_old_job_forgotten_keeps_the_new_one(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("oldjob")
    mem.remember(user, "I used to bartend at Copper Lantern, brutal hours", at="2026-10-10T09:00:00Z")
    mem.remember(user, "I'm a barista at Fieldwork Coffee now", at="2026-10-11T09:00:00Z")
    mem.remember(user, "forget what I said about my old job please", at="2026-10-12T09:00:00Z")
    said = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    assert "Copper Lantern" not in said, said
    assert [f.value for f in mem.get(user, "employer")] == ["Fieldwork Coffee"]


def test_a_word_for_the_thing_reaches_a_memory_told_in_other_words(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    user = uid("concept")
    mem.remember(
        user,
        "got into a fender-bender on the ring road two days back, just scratches",
        at="2026-10-10T09:00:00Z",
    )
    mem.remember(user, "I'm reading a book about whales", at="2026-10-10T09:05:00Z")
    top = mem.recall(user, "when was my car accident?", k=3, at="2026-10-20T09:00:00Z")
    assert top and "fender-bender" in top[0].text, [i.text for i in top]
    assert "2026-10-08" in " ".join(i.text for i in top[:1]) or any(
        "2026-10-08" in str(getattr(i, "date", "")) for i in top[:1]
    ), [vars(i) for i in top[:1]]


@pytest.mark.parametrize(
    ("text", "day"), [("four days back we had a storm", "2026-10-06"), ("a week back", "2026-10-03")]
)
def test_days_back_are_days_ago(text: str, day: str) -> None:
    spans = find_spans(text, datetime(2026, 10, 10, 12, tzinfo=timezone.utc))
    assert [s.start_dt.date().isoformat() for s in spans] == [day]


@pytest.mark.parametrize("text", ["I sat in the back", "two rows back from the stage"])
def test_back_alone_is_no_date(text: str) -> None:
    assert find_spans(text, datetime(2026, 10, 10, tzinfo=timezone.utc)) == []


SAMPLE = [
    "an employer left by its initials (en)",
    "moved by one's company to a branch (zh)",
    "a pastime given up with 不再, another taken up (zh)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)


@pytest.mark.both_stores
def test_people_and_forgetting_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_person_is_linked(mem, uid, "a relation named inside a clause about both (zh)")
    test_an_old_job_forgotten_keeps_the_new_one(mem, uid)


@pytest.mark.parametrize(
    ("said", "name", "old"),
    [
        (
            ["everyone calls me Mags", "nobody calls me Mags anymore, it's Maggie these days"],
            "Maggie",
            "Mags",
        ),
        (["call me Jonny", "don't call me Jonny, it's Jon now"], "Jon", "Jonny"),
        (["朋友们都叫我小Q", "现在没人叫我小Q了，都叫我阿晴"], "阿晴", "小Q"),
        (["叫我K哥就行"], "K哥", None),
    ],
)
def test_a_name_others_use_changes(
    mem: Memory, uid: Callable[[str], str], said: list[str], name: str, old: str | None
) -> None:
    user = uid("nick")
    for day, text in enumerate(said):
        mem.remember(user, text, at=f"2026-10-{day + 10}T09:00:00+08:00")
    assert [f.value for f in mem.get(user, "preferred_name")] == [name]


def test_forgetting_a_matter_about_a_pet_keeps_the_pet(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("petmatter")
    mem.remember(user, "我家猫叫年糕，三岁，特别粘人", at="2026-10-01T09:00:00+08:00")
    mem.remember(user, "年糕前几天查出来有结石，要换处方粮", at="2026-10-05T09:00:00+08:00")
    mem.remember(user, "年糕生病那事删了吧，不想老想着", at="2026-10-06T09:00:00+08:00")
    said = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    assert "结石" not in said, said
    assert [f.value for f in mem.get(user, "pet")] == ["年糕"]


@pytest.mark.parametrize("request_said", ["体检那块帮我forget掉吧，不想留记录", "体检那块帮我删掉吧，谢谢"])
def test_a_forget_with_the_english_verb_or_a_reason_after_it(
    mem: Memory, uid: Callable[[str], str], request_said: str
) -> None:
    user = uid("cs-forget")
    mem.remember(user, "上周体检查出来血脂有点高，医生让少吃油", at="2026-10-01T09:00:00+08:00")
    mem.remember(user, "我在美的做结构工程师", at="2026-10-01T09:05:00+08:00")
    mem.remember(user, request_said, at="2026-10-02T09:00:00+08:00")
    said = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    assert "血脂" not in said, said
    assert [f.value for f in mem.get(user, "employer")] == ["美的"]


@pytest.mark.parametrize(
    ("text", "first", "last"),
    [
        ("this coming weekend we're repainting the hall", "2026-10-10", "2026-10-11"),
        ("the night before last the power went out", "2026-10-05", "2026-10-05"),
    ],
)
def test_weekends_ahead_and_nights_before_last(text: str, first: str, last: str) -> None:
    spans = find_spans(text, datetime(2026, 10, 7, 12, tzinfo=timezone.utc))  # a Wednesday
    assert [(s.start_dt.date().isoformat(), s.end_dt.date().isoformat()) for s in spans] == [(first, last)]


@pytest.mark.parametrize(
    ("said", "relation", "name"),
    [
        ("我老婆叫周敏，儿子乐乐六岁了，天天闹腾", "child", "乐乐"),
        ("老公阿伟在银行上班", "spouse", "阿伟"),
    ],
)
def test_a_kin_word_then_a_name_then_what_is_said(
    mem: Memory, uid: Callable[[str], str], said: str, relation: str, name: str
) -> None:
    user = uid("kin-name")
    mem.remember(user, said, at="2026-10-10T09:00:00+08:00")
    assert name in [str(f.value) for f in mem.facts(user) if f.attribute == relation], mem.facts(user)


@pytest.mark.parametrize("said", ["老婆饼很好吃", "老公鸡汤炖好了没"])
def test_a_pastry_named_after_kin_is_no_kin(mem: Memory, uid: Callable[[str], str], said: str) -> None:
    user = uid("pastry")
    mem.remember(user, said, at="2026-10-10T09:00:00+08:00")
    assert not [f for f in mem.facts(user) if f.attribute in RELATION_KEYS], mem.facts(user)


def test_two_dated_plans_in_one_shouted_message(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("two-dates")
    mem.remember(
        user,
        "vet for the cat tomorrow, AND my brother's graduation is two weeks from today",
        at="2026-10-07T09:00:00Z",
    )
    top = mem.recall(user, "when is my brother's graduation?", k=3, at="2026-10-08T09:00:00Z")
    assert "2026-10-21" in [i.day for i in top[:2]], [(i.text, i.day) for i in top]
