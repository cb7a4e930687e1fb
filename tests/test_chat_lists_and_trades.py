"""Profiles typed as lists, trades named by their shape, and changes said in passing (on
SQLite; a sample of each kind also on Neo4j, whose side of storing them the contract suite covers): a numbered list
typed on one line, a labelled field ("hobbies: …"), animals listed with their names, an aside
in brackets, a trade known by how its word is made (lineman, 质检员) rather than by a list,
a workplace glued to a title (招行客户经理), a home one goes back to, the language of a home,
an animal walked or cuddled at home, a city come to for months, "whoever … whoever" said
as no question. The sentences are this file's own; the rules read the shape."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.gate.sentences import enumeration, split

AT = "2026-05-04T09:00:00Z"

# (message, {attribute: values that must be active}, {attribute: values that must not be})
CASES = {
    "numbered list on one line (zh)": (
        "简单说下我自己：1.叫我阿棠 2.33岁 3.在西安做外贸跟单 4.不吃羊肉",
        {"preferred_name": ["阿棠"], "age": ["33"], "city": ["西安"], "dislikes": ["羊肉"]},
        {},
    ),
    "numbered list with brackets (en)": (
        "about me 1) 52 2) welder 3) from Dayton",
        {"age": ["52"], "job_title": ["welder"], "hometown": ["Dayton"]},
        {},
    ),
    "labelled fields in a bullet list": (
        "- 44\n- hobbies: birdwatching, chess\n- allergies: latex",
        {"age": ["44"], "likes": ["birdwatching", "chess"], "allergy": ["latex"]},
        {},
    ),
    "animals listed with names": (
        "bio:\n- 26\n- three ferrets, Juno & Mabel & Ziggy",
        {"age": ["26"], "pet": ["Juno", "Mabel", "Ziggy"]},
        {},
    ),
    "animals counted, not named": (
        "- 37\n- two rescue greyhounds who hog the sofa",
        {"age": ["37"], "pet": ["dog"]},
        {},
    ),
    "aside in brackets after a list item": (
        "- 38\n- farrier (shoeing horses, yes)",
        {"age": ["38"], "job_title": ["farrier"]},
        {},
    ),
    "labelled field in Chinese": (
        "1. 二十九\n2. 爱好：钓鱼、下象棋",
        {"age": ["29"], "likes": ["钓鱼", "下象棋"]},
        {},
    ),
    "Chinese aside in brackets is its own clause": (
        "我花生过敏（一点都不能碰）",
        {"allergy": ["花生"]},
        {},
    ),
    "a trade by its English suffix": (
        "I'm a linesman at Harbor Power",
        {"job_title": ["linesman"], "employer": ["Harbor Power"]},
        {},
    ),
    "a human is no trade": ("I'm a human", {}, {"job_title": ["human"]}),
    "a trade by its Chinese suffix": ("我是个质检员", {"job_title": ["质检员"]}, {}),
    "a member is no trade": ("我是健身房会员", {}, {"job_title": ["健身房会员", "会员"]}),
    "workplace glued to a title": (
        "我是建行客户经理",
        {"employer": ["建行"], "job_title": ["客户经理"]},
        {},
    ),
    "a field before a title is no workplace": (
        "我现在是软件架构师",
        {"job_title": ["软件架构师"]},
        {"employer": ["软件"], "job_title": ["架构师"]},
    ),
    "how long one has worked somewhere": (
        "been slaving away at Ortolan Dairy since 2019, night crew",
        {"employer": ["Ortolan Dairy"]},
        {},
    ),
    "a workplace with a while-clause after it": (
        "I'm a cashier at Pell Grocers while I finish my degree",
        {"employer": ["Pell Grocers"]},
        {"employer": ["Pell Grocers while I finish my degree"]},
    ),
    "married, with who they were before the name": (
        "married my long-distance girlfriend Ines in March, still feels unreal",
        {"spouse": ["Ines"]},
        {},
    ),
    "a job one talks of being": (
        "ngl being a bus driver on the night route is wild",
        {"job_title": ["bus driver"]},
        {},
    ),
    "being what is no job": ("being a middle child is hard", {}, {"job_title": ["middle child"]}),
    "moved here, then what happens since": ("搬来青岛以后就爱上了赶海", {"city": ["青岛"]}, {}),
    "moved here, how long ago": ("我搬过来昆明半年了", {"city": ["昆明"]}, {}),
    "the home's animal, its kind then its name": (
        "家里的猫是一只暹罗叫可可",
        {"pet": ["可可"]},
        {"pet": ["猫"]},
    ),
    "the home's dog, named in the next clause": ("家里的狗是只萨摩，叫雪团", {"pet": ["雪团"]}, {}),
    "the trade one is in": ("干殡葬这行十年了，做防腐师", {"job_title": ["防腐师"]}, {}),
    "home gone back to": ("好久没回赣州老家了", {"hometown": ["赣州"]}, {}),
    "language of the home": ("我们家在家都讲潮汕话", {"language": ["潮汕话"]}, {}),
    "an animal walked at home is one's own": ("下班回家还得遛狗", {"pet": ["狗"]}, {}),
    "a cat cuddled at a cafe is not": ("周末去猫咖撸猫", {}, {"pet": ["猫"]}),
    "a city come to for months, by nickname": ("来蓉城半年多了", {"city": ["成都"]}, {}),
    "whoever … whoever is no question": ("不吃葱 谁放葱谁买单", {"dislikes": ["葱"]}, {}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_list_or_trade_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    user = uid("lists")
    mem.remember(user, said, at=AT)
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name == "self":
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    for attribute, values in present.items():
        for v in values:
            assert v.lower() in active.get(attribute, set()), (case, attribute, v, active)
    for attribute, values in absent.items():
        for v in values:
            assert v.lower() not in active.get(attribute, set()), (case, attribute, v, active)


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("1.叫我小周 2.41岁 3.在杭州", ["1.叫我小周", "2.41岁", "3.在杭州"]),
        ("list: 1) milk 2) eggs", ["list:", "1) milk", "2) eggs"]),
        ("prices went 1.5 2.5 3.5 this year", ["prices went 1.5 2.5 3.5 this year"]),
        ("v1.2 beats 2.0", ["v1.2 beats 2.0"]),
        ("rooms 2) and 3) were free", ["rooms 2) and 3) were free"]),
    ],
)
def test_a_list_typed_on_one_line_is_cut_at_its_marks(text: str, items: list[str]) -> None:
    assert split(text) == items
    assert bool(enumeration(text)) == (len(items) > 1)  # a list starts at 1


@pytest.mark.parametrize(
    ("text", "items"),
    [
        # a laugh between two statements ends the first where the second opens with a subject
        (
            "we got a ferret named Bo lmao he bites everyone",
            ["we got a ferret named Bo lmao", "he bites everyone"],
        ),
        ("not keto haha but low carb", ["not keto haha but low carb"]),
        ("lollipops i love", ["lollipops i love"]),
    ],
)
def test_a_laugh_between_statements_ends_the_first(text: str, items: list[str]) -> None:
    assert split(text) == items


# (messages in order, {attribute: values active after the last}, {attribute: values not active})
CHANGES = {
    "a liking ended with its object said before it": (
        ["我特别喜欢吃榴莲", "榴莲现在不怎么爱吃了，闻着就上头"],
        {},
        {"likes": ["榴莲"]},
    ),
    "a liking ended with its object left out, named earlier in the sentence": (
        ["最爱的饮料是生椰拿铁", "后来喝拿铁总是心悸，早就不喜欢了，改喝柠檬水了"],
        {"likes": ["柠檬水"]},
        {"likes": ["生椰拿铁"]},
    ),
    "an ending with nothing named ends nothing": (
        ["我喜欢爬山", "唉最近不爱了"],
        {"likes": ["爬山"]},
        {},
    ),
    "a change said with a shrug after it": (
        ["I'm vegetarian", "back on chicken, doctor wants more protein. flexitarian now I guess"],
        {"diet": ["flexitarian"]},
        {"diet": ["vegetarian"]},
    ),
    "a hedge before the value still hedges": (
        ["I live in Boise", "I think I might move to Reno"],
        {"city": ["Boise"]},
        {"city": ["Reno"]},
    ),
    "a taste dead to one is disliked": (
        ["I love sour gummies", "sour gummies are dead to me after that cavity"],
        {"dislikes": ["sour gummies"]},
        {"likes": ["sour gummies"]},
    ),
    "a taste out for now is only left": (
        ["I love running", "ankle is busted so running is out"],
        {},
        {"likes": ["running"], "dislikes": ["running"]},
    ),
    "a line of work done for a named place": (
        ["I do payroll for a dairy co-op called Northfield Creamery"],
        {"job_title": ["payroll"], "employer": ["Northfield Creamery"]},
        {},
    ),
    "landed at a new place, on a new team": (
        [
            "I'm a tester at Quarrystone",
            "Quarrystone folded. landed at Brightwell tho, on the tools team now",
        ],
        {"employer": ["Brightwell"], "job_title": ["tools"]},
        {"employer": ["Quarrystone"], "job_title": ["tester"]},
    ),
    "a title said as the title (zh)": (
        ["我在一家咨询公司做分析师", "换了组 title是高级分析师了"],
        {"job_title": ["高级分析师"]},
        {"job_title": ["分析师"]},
    ),
    "this year's age said again (zh)": (
        ["我今年五十一了", "查了户口本，今年该是五十二，不是五十一"],
        {"age": ["52"]},
        {"age": ["51"]},
    ),
    "a number a price should be is no age (zh)": (["这件外套应该是三十"], {}, {"age": ["30"]}),
    "a correction glued to the clause after it (zh)": (
        ["我在厦门读研", "不对不对", "手快打错了 我在福州 厦门是我姐在的地方"],
        {"city": ["福州"]},
        {"city": ["厦门"]},
    ),
    "a subject studied is no job (zh)": (["我在杭州读研，学会计"], {}, {"job_title": ["学会计"]}),
    "the right number, then the wrong one (zh)": (
        ["我今年34", "打错了 43 不是34😂 手快"],
        {"age": ["43"]},
        {"age": ["34", "手快"]},
    ),
    "a name not to use, then the one to use (zh)": (
        ["叫我阿杰就行", "以后别叫我阿杰了，叫杰哥吧"],
        {"preferred_name": ["杰哥"]},
        {"preferred_name": ["阿杰"]},
    ),
    "a workplace named by its kind": (["work at the cannery, night shift"], {"employer": ["cannery"]}, {}),
    "a place interviewed at is no workplace (zh)": (
        ["我在一家医院做护士", "偷偷告诉你 我在面一家做潜水培训的公司 二面过了"],
        {"job_title": ["护士"]},
        {"employer": ["面一家做潜水培训的公司", "面一家"]},
    ),
    "a pet with a hyphened word before it": (
        ["so I adopted a one-eyed tabby called Marmalade, she hates my slippers"],
        {"pet": ["Marmalade"]},
        {},
    ),
    "a cat called by chat's word for it (zh)": (["我家喵星人最近掉毛"], {"pet": ["喵星人"]}, {}),
    "more of a kind of guy": (["honestly I'm more of a board game guy"], {"likes": ["board game"]}, {}),
    "a taste insisted on with a tag (zh)": (["我明明只爱喝美式好吗"], {"likes": ["美式"]}, {}),
    "a subject taught (zh)": (["说正经的 我在一所小学教美术"], {"job_title": ["美术老师"]}, {}),
    "a lead saying what is real (zh)": (["现实是还在合肥搬砖"], {"city": ["合肥"]}, {}),
    "the real job beside a joke": (
        ["I'm basically a professional snacker lol", "day job is IT support at Lumora"],
        {"job_title": ["it support"]},
        {"job_title": ["professional snacker", "snacker"]},
    ),
    "a language being learnt": (
        ["four months into learning Portuguese, can order coffee now"],
        {"language": ["portuguese"]},
        {},
    ),
    "a pet named, its kind in brackets": (
        ["Pickle (beagle, 6, a menace) ate a sock"],
        {"pet": ["Pickle"]},
        {},
    ),
    "a pet kept by the person the sentence is about (zh)": (
        ["我奶奶八十多了，一个人住在乡下，养了只大黄狗叫旺仔"],
        {},
        {"pet": ["旺仔"]},
    ),
    "a pet kept where one lives (zh)": (["在多伦多养了只龙猫叫团子"], {"pet": ["团子"]}, {}),
    "what follows a named relative is theirs (zh)": (
        ["我有个表姐叫小雯，在成都开花店"],
        {},
        {"city": ["成都"]},
    ),
    "a pet's name in brackets (zh)": (
        ["我家主子（三花，大名叫芝士饼）又在半夜跑酷"],
        {"pet": ["芝士饼"]},
        {},
    ),
    "never tired of a food (zh)": (["螺蛳粉天天吃不腻"], {"likes": ["螺蛳粉"]}, {}),
    "what one really likes (zh)": (["真正喜欢的是夜骑"], {"likes": ["夜骑"]}, {}),
    "chat's word for a worker is no job (zh)": (
        ["鹏城打工人一枚"],
        {"city": ["深圳"]},
        {"job_title": ["鹏城打工人"]},
    ),
    "what one actually loves": (
        ["what I actually love is tide pooling w my kids"],
        {"likes": ["tide pooling"]},
        {},
    ),
    "a place that has been home": (
        ["boise's been home for 9 yrs, still hate the wind"],
        {"city": ["Boise"]},
        {},
    ),
    "where the flat is now": (["workshop and flat are both in Leeds now"], {"city": ["Leeds"]}, {}),
    "a pet's kind then its name in brackets": (
        ["my void (black cat, Soot) ate my sandwich"],
        {"pet": ["Soot"]},
        {},
    ),
    "a partner's name in brackets": (["bf (Rafael) is a line cook at Ember"], {"partner": ["Rafael"]}, {}),
    "happy is no trade (zh)": (
        ["在一家叫木言的工作室做剪辑，累但开心是真的"],
        {"job_title": ["剪辑"]},
        {"job_title": ["开心是真"]},
    ),
}


@pytest.mark.parametrize("case", list(CHANGES))
def test_the_change_said_in_passing_is_kept(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CHANGES[case]
    user = uid("change")
    for i, text in enumerate(said):
        mem.remember(user, text, at=f"2026-05-0{i + 1}T09:00:00Z")
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name == "self":
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    for attribute, values in present.items():
        for v in values:
            assert v.lower() in active.get(attribute, set()), (case, attribute, v, active)
    for attribute, values in absent.items():
        for v in values:
            assert v.lower() not in active.get(attribute, set()), (case, attribute, v, active)


@pytest.mark.parametrize(
    ("said", "at", "day"),
    [
        ("my knee scan is at Riverside on the 23rd, need a lift", "2026-03-10T09:00:00Z", "2026-03-23"),
        ("the 4th, at the county office: my naturalisation interview", "2026-03-10T09:00:00Z", "2026-04-04"),
        ("got paid on the 5th finally", "2026-03-10T09:00:00Z", "2026-03-05"),
        ("五天前把手腕扭了", "2026-03-10T09:00:00+08:00", "2026-03-05"),
        ("前天刚跟房东吵了一架", "2026-03-10T09:00:00+08:00", "2026-03-08"),
        ("两周后去青岛出差", "2026-03-10T09:00:00+08:00", "2026-03-24"),
    ],
)
def test_a_day_counted_or_of_the_month_dates_the_event(
    mem: Memory, uid: Callable[[str], str], said: str, at: str, day: str
) -> None:
    user = uid("dated")
    mem.remember(user, said, at=at)
    items = mem.recall(user, said, k=3, at=at)
    assert any(it.date is not None and it.date.date().isoformat() == day for it in items), [
        (it.text, it.date) for it in items
    ]


#: One case of each kind, run on every store.
SAMPLE = ["numbered list on one line (zh)", "animals listed with names", "workplace glued to a title"]
CHANGE_SAMPLE = ["landed at a new place, on a new team", "this year's age said again (zh)"]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_of_lists_and_trades_on_every_store(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    test_the_list_or_trade_is_read(mem, uid, case)


@pytest.mark.both_stores
@pytest.mark.parametrize("case", CHANGE_SAMPLE)
def test_a_sample_of_changes_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_change_said_in_passing_is_kept(mem, uid, case)
