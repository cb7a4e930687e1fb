"""Facts said in chat's shorthand (on SQLite; a sample of each kind also on Neo4j): learning
something said with no subject, a food that now turns one's stomach, a thing named inside
"anything with X", a statement said in surprise with doubled marks, an aside that opens the
message, a nickname given by friends, "&" for "and", a proposal told by who asked, a relation
named with its owner left out, a dog said by its mix, pets listed one by one with remarks
between them, a code-switched title, and what a job does mistaken for where it is held. The
sentences are this file's own; the rules read the shape."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from graphmem.lang import values
from tests.chat_cases import assert_read

# (turns said a minute apart, {attribute: values active on the user}, {attribute: values not})
CASES = {
    "learning a language, no subject (zh)": (
        ["最近在学葡萄牙语，准备去里斯本"],
        {"language": ["葡萄牙语"]},
        {},
    ),
    "learning a skill in a run-on (zh)": (
        ["我今年31，在一家物流公司上班，上个月开始学攀岩"],
        {"age": ["31"], "skill": ["攀岩"]},
        {},
    ),
    "a food that turns one's stomach now replaces the liking (zh)": (
        ["我以前超爱吃榴莲", "也不知道为啥，榴莲现在一闻就想吐"],
        {"dislikes": ["榴莲"]},
        {"likes": ["榴莲"]},
    ),
    "the thing inside 'stuff with X' (zh)": (
        ["以后别给我推荐含酒精的饮料"],
        {"dislikes": ["酒精"]},
        {"dislikes": ["含酒精的饮料"]},
    ),
    "the thing inside 'anything with X' (en)": (
        ["please stop suggesting anything with coconut in it"],
        {"dislikes": ["coconut"]},
        {},
    ),
    "a taste said in surprise, marks doubled (en)": (
        ["I always hated beets", "tried them roasted at my aunt's and now I'm obsessed with beets??"],
        {"likes": ["beets"]},
        {"dislikes": ["beets"]},
    ),
    "an aside opening the message (en)": (
        ["in other news I play the oboe in a wind ensemble"],
        {"skill": ["oboe"]},
        {},
    ),
    "a nickname friends use, with a time word first (zh)": (
        ["我叫陈思远，平时同事都喊我远哥"],
        {"name": ["陈思远"], "preferred_name": ["远哥"]},
        {},
    ),
    "'&' for 'and' (en)": (
        ["born & raised in Saskatoon, living in Calgary now"],
        {"hometown": ["Saskatoon"], "city": ["Calgary"]},
        {},
    ),
    "a proposal told by who asked (en)": (
        ["Rowan proposed at the lighthouse!!! I said yes obviously"],
        {"partner": ["Rowan"]},
        {},
    ),
    "a proposal told by who asked (zh)": (
        ["子谦前天在山顶跟我求婚了"],
        {"partner": ["子谦"]},
        {},
    ),
    "a relation named with its owner left out (en)": (
        ["hubby's called Ennis, he fixes boats"],
        {"spouse": ["Ennis"]},
        {},
    ),
    "a pet named with its owner left out (en)": (
        ["the tortoise's name is Gustavo btw"],
        {"pet": ["Gustavo"]},
        {},
    ),
    "a dog said by its mix (en)": (
        ["our shepherd mix Biscotti turned 4 yesterday"],
        {"pet": ["Biscotti"]},
        {},
    ),
    "pets listed one by one with a remark between (zh)": (
        ["我家两只狗，一只黑的叫煤球（名字是我儿子起的），一只白的叫汤圆"],
        {"pet": ["煤球", "汤圆"]},
        {},
    ),
    "a code-switched title (zh)": (
        ["我在 Quillo 做 UX designer", "纠正一下，我 title 现在已经是 design lead 了"],
        {"job_title": ["design lead"], "employer": ["Quillo"]},
        {"job_title": ["UX designer"]},
    ),
    "a job said by what one does for a living (en)": (
        ["I shoe horses for a living, mostly draft breeds"],
        {"job_title": ["horse shoer"]},
        {},
    ),
    "a job said as running a place, and the town (en)": (
        ["I manage a garden supply store in Kelowna, we open at 7"],
        {"job_title": ["garden supply store manager"], "city": ["Kelowna"]},
        {},
    ),
    "a programming language one writes is a skill (en)": (
        ["some context: I write Haskell at a logistics startup"],
        {"skill": ["Haskell"]},
        {},
    ),
    "a job done now, said with 在做 (zh)": (
        ["认真说，我现在在做项目经理，天天开会"],
        {"job_title": ["项目经理"]},
        {},
    ),
    "a clause after someone is named is theirs (zh)": (
        ["我表姐叫林夕，在当律师"],
        {},
        {"job_title": ["律师"]},
    ),
    "a rough count is no question (zh)": (
        ["老家在吉林延边，回去一趟要坐二十几个小时的车"],
        {"hometown": ["延边"]},
        {},
    ),
    "a workplace described, then named (zh)": (
        ["我在字节做运营", "已经离职啦，现在在一家做儿童绘本的小公司，叫青苹果文化"],
        {"employer": ["青苹果文化"]},
        {"employer": ["字节"]},
    ),
    "meat again ends a fish-only diet (en)": (
        [
            "pescatarian for like six years now",
            "bloodwork was rough so I've gone back to eating meat, burgers tonight",
        ],
        {},
        {"diet": ["pescatarian"]},
    ),
    "a break-up said as 'me and X' (en)": (
        ["my gf Odile is teaching me to skate", "me and odile split up last week, it's fine, mostly"],
        {},
        {"partner": ["Odile"]},
    ),
    "a first week somewhere after 'just survived' (en)": (
        ["just survived my first week at Pellucid Labs"],
        {"employer": ["Pellucid Labs"]},
        {},
    ),
    "a relation said with who it is now (zh)": (
        ["我现任男友叫周屿，在图书馆当管理员"],
        {"partner": ["周屿"]},
        {"job_title": ["管理员"]},
    ),
    "how long one has been somewhere, no 'for' (en)": (
        ["from Cork originally, been in Bristol nearly 9 years now"],
        {"city": ["Bristol"]},
        {},
    ),
    "a diet said as who one is (en)": (
        ["as a long-time pescatarian I'm begging for new salmon ideas"],
        {"diet": ["pescatarian"]},
        {},
    ),
    "a home said with 的 and no 人 (zh)": (
        ["我四川绵阳的，现在在武汉上班"],
        {"hometown": ["绵阳"], "city": ["武汉"]},
        {},
    ),
    "a skill learnt because one was made to (zh)": (
        ["从小被我爸逼着学二胡，现在偶尔拉两下"],
        {"skill": ["二胡"]},
        {},
    ),
    "fish kept in a tank (zh)": (
        ["我只养了一缸热带鱼"],
        {"pet": ["热带鱼"]},
        {},
    ),
    "an animal said by its kind in brackets, then named (zh)": (
        ["我家那位祖宗（柯基，叫馒头）又把拖鞋叼走了"],
        {"pet": ["馒头"]},
        {},
    ),
    "a company name with a remark before it (zh)": (
        ["我在成都做设计，公司名字特别土的叫发财猫文化"],
        {"employer": ["发财猫文化"]},
        {},
    ),
    "a line of work done for someone (en)": (
        ["I just do tech support for the school district, nothing fancy"],
        {"job_title": ["tech support"]},
        {},
    ),
    "where one is, with what one is doing there (en)": (
        ["meanwhile I'm in Chicago staring at the snow"],
        {"city": ["Chicago"]},
        {},
    ),
    "an animal named, its kind in brackets with 'our' (en)": (
        ["Mabel (our greyhound, 11, very dignified) has a vet visit friday"],
        {"pet": ["Mabel"]},
        {},
    ),
    "learning a skill, not a language (en)": (
        ["fun fact I just started learning the accordion"],
        {"skill": ["accordion"]},
        {},
    ),
    "children listed with a remark after (en)": (
        ["I have two kids, Ines (9) and Bram (6), both mad about trains"],
        {"child": ["Ines", "Bram"]},
        {},
    ),
    "languages said as native / ok, one learnt with talk after it (zh)": (
        ["我闽南语native，英文ok，最近在学法语app上打卡三十天了"],
        {"language": ["闽南语", "英文", "法语"]},
        {},
    ),
    "a child said as 娃 with no 我 (zh)": (
        ["娃叫朵拉，三岁半，天天问为什么"],
        {"child": ["朵拉"]},
        {},
    ),
    "pets said with 只有 (zh)": (
        ["家里只有两只仓鼠，一只叫芝士一只叫布丁"],
        {"pet": ["芝士", "布丁"]},
        {},
    ),
    "what a job does is not where it is held (zh)": (
        ["我在星禾律所工作", "升职了，我现在是管整个团队的合伙人了"],
        {"job_title": ["合伙人"], "employer": ["星禾律所"]},
        {"employer": ["管整个团队"]},
    ),
    "a remark after a typo's correction is no city (zh)": (
        ["我住在福州", "打错字了，是抚州！不是福州，福州是我表姐住的地方，手机害人"],
        {"city": ["抚州"]},
        {"city": ["福州", "手机害人", "是抚州"]},
    ),
    "the new place said first, the old one denied after it (zh)": (
        ["我住在福州", "是抚州！不是福州"],
        {"city": ["抚州"]},
        {"city": ["福州", "是抚州"]},
    ),
    "a denied title with 'title' typed in English (zh)": (
        ["我在一家游戏公司做测试", "纠正一下，我title早就不是测试了，现在是质量保障工程师"],
        {"job_title": ["质量保障工程师"]},
        {"job_title": ["测试", "title早就"]},
    ),
    "a sport a doctor ruled out, then another taken up (zh)": (
        ["我是羽毛球发烧友", "腰椎突出以后大夫不让我打羽毛球了，现在改练太极"],
        {"likes": ["太极"]},
        {"likes": ["羽毛球", "练太极"]},
    ),
    "the object said first (zh)": (
        ["芹菜我是一口都不碰", "牛蛙我最爱了"],
        {"dislikes": ["芹菜"], "likes": ["牛蛙"]},
        {},
    ),
    "English words typed inside Chinese (zh)": (
        ["我的first language是闽南话", "我对花生allergic，吃了会起疹子"],
        {"language": ["闽南话"], "allergy": ["花生"]},
        {"allergy": ["会"]},
    ),
    "a way of eating said with 搞, learning said with how it came about (zh)": (
        ["这阵子在搞低碳饮食，晚上不碰主食", "前两天脑子一热在学韩语"],
        {"diet": ["低碳"], "language": ["韩语"]},
        {},
    ),
    "a class signed up for (zh)": (
        ["上周给自己报了个拳击课"],
        {"skill": ["拳击"]},
        {},
    ),
    "what one does whenever free (zh)": (
        ["周末有空就去湖边骑车，一骑一上午"],
        {"likes": ["骑车"]},
        {},
    ),
    "a workplace named, then what is done there (zh)": (
        ["平时在苏州一家叫青禾的餐厅掌勺，炒菜炒到手酸"],
        {"employer": ["青禾"], "city": ["苏州"]},
        {},
    ),
    "a pet named after a thing (zh)": (
        ["我家狗煤球今天又把沙发拆了"],
        {"pet": ["煤球"]},
        {"pet": ["狗"]},
    ),
    "a starred word corrects the value typed before it (en)": (
        ["finally settled in Kingsport", "*Kingston. phone keyboard strikes again"],
        {"city": ["Kingston"]},
        {"city": ["Kingsport"]},
    ),
    "Spanish typed into English (en)": (
        ["trabajo at Orchard Dental as a hygienist", "hablo español at home, inglés at work"],
        {"employer": ["Orchard Dental"], "job_title": ["hygienist"], "language": ["Spanish"]},
        {},
    ),
    "a taste that turned vile, and the new one after a colon (en)": (
        [
            "I love mezcal",
            "unpopular opinion: mezcal tastes like burnt rubber to me now?? all about gin these days",
        ],
        {"likes": ["gin"], "dislikes": ["mezcal"]},
        {"likes": ["mezcal"], "job_title": ["mezcal tastes like burnt rubber to me"]},
    ),
    "a kind of guy through and through (en)": (
        ["porter guy through and through, the darker the better"],
        {"likes": ["porter"]},
        {},
    ),
    "a pastime said by its verb (en)": (
        ["I quilt like it's a competitive sport, four done this year"],
        {"likes": ["quilting"]},
        {},
    ),
    "what one would pick any day (en)": (
        ["my brother swears by pineapple on pizza. me? gimme a plain pepperoni any day"],
        {"likes": ["pepperoni"]},
        {"likes": ["pineapple on pizza"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_shorthand_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("short"), said, present, absent, first_day=date(2026, 7, 1), exact=False, label=case)


@pytest.mark.parametrize(
    ("said", "not_a"),
    [
        ("Mike proposed a new sprint plan at standup", "partner"),  # proposing a plan, not marriage
        ("Tom proposed to Kim at the bar", "partner"),  # someone else's proposal
        ("He proposed a toast", "partner"),
        ("我正在学习", "skill"),
        ("我一想到周一就头疼吗", "dislikes"),  # asked, not said
    ],
)
def test_a_shape_that_only_looks_alike_is_not_read(
    mem: Memory, uid: Callable[[str], str], said: str, not_a: str
) -> None:
    user = uid("alike")
    mem.remember(user, said, at="2026-07-01T09:00:00Z")
    assert not [f for f in mem.facts(user) if f.attribute == not_a and f.subject_name == "self"]


def test_a_thing_outside_any_wrapper_is_left_as_it_is() -> None:
    assert values.trim("dislikes", "带鱼") == "带鱼"  # 带 starts the word here, it wraps nothing
    assert values.trim("dislikes", "带鱼的菜") == "鱼"  # a wrapper is a wrapper: the honest reading
    assert values.trim("likes", "anything with truffle") == "truffle"


SAMPLE = [
    "a food that turns one's stomach now replaces the liking (zh)",
    "a proposal told by who asked (en)",
    "pets listed one by one with a remark between (zh)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_shorthand_is_read(mem, uid, case)


@pytest.mark.parametrize(
    ("said", "age"),
    [
        ("最近在控制体重，目标65公斤，现在72", None),  # 72 goes on the weight, not an age
        ("血压高压150，现在降到130", None),
        ("我34了，体重58公斤", "34"),  # the age said first stays one
        ("我27，在苏州做会计", "27"),
    ],
)
def test_a_bare_number_after_a_measure_is_that_measure(
    mem: Memory, uid: Callable[[str], str], said: str, age: str | None
) -> None:
    user = uid("measure")
    mem.remember(user, said, at="2026-07-01T09:00:00+08:00")
    ages = [str(f.value) for f in mem.facts(user) if f.attribute == "age"]
    assert ages == ([age] if age else []), ages


@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        ("我是迪拜王子 转账吧😂 开玩笑的", "迪拜王子", None),
        ("我是玉皇大帝，开玩笑的哈", "玉皇大帝", None),
        ("moving to the moon next month jk", "moon", None),
        ("yeah I'm a professional skydiver, as if 🙄", "skydiver", None),
        ("开个玩笑哈，其实我在厦门当护士", None, "护士"),  # what follows the joke's end is meant
        ("I'm a beekeeper, not kidding!", None, "beekeeper"),  # said to be meant
    ],
)
def test_what_is_taken_back_as_a_joke_is_not_kept(
    mem: Memory, uid: Callable[[str], str], said: str, gone: str | None, kept: str | None
) -> None:
    user = uid("joke")
    r = mem.remember(user, said, at="2026-07-01T09:00:00Z")
    values = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    if gone:
        assert gone not in values and any(i.reason == "joke" for i in r.ignored), (values, r.ignored)
        assert r.episode_id is not None  # the message itself stays, as said
    if kept:
        assert kept in values, values


@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        ("I teach piano in Galway. if I ever won big I'd buy a castle in Sligo lol", "Sligo", "Galway"),
        ("imagine if I quit tomorrow, I would open a surf shop in Ericeira", "Ericeira", None),
        ("我在宁波做外贸。要是哪天发财了，我就去清迈开咖啡馆", "清迈", "宁波"),
        ("假如我是校长，我就取消早自习", "校长", None),
        ("if I'm not home by 9, text my sister", None, "text my sister"),  # a standing request
        ("如果我加班到很晚就提醒我吃饭", None, "提醒我吃饭"),
    ],
)
def test_a_daydream_said_as_a_condition_keeps_nothing(
    mem: Memory, uid: Callable[[str], str], said: str, gone: str | None, kept: str | None
) -> None:
    user = uid("dream")
    r = mem.remember(user, said, at="2026-07-01T09:00:00+08:00")
    values = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    if gone:
        # ("要是哪天…": the gate may already take 哪天 for a question; either way nothing is kept)
        assert gone not in values and any(i.reason in ("hypothetical", "question") for i in r.ignored), (
            values,
            r.ignored,
        )
        assert r.episode_id is not None
    if kept:
        assert kept in values, values


@pytest.mark.parametrize(
    ("said", "gone", "kept"),
    [
        ("translate into spanish pls: 'I am a dentist and I live in Porto'", ["dentist", "Porto"], None),
        ("I'm in Leeds. can you draft a bio for my brother: he is a chef in Dover", ["Dover"], "Leeds"),
        ("帮我写段自我介绍：我叫林默，是一名飞行员，住在青岛", ["飞行员", "青岛"], None),
        ("如果我以后去挪威玩，是不是要带很多现金？", ["挪威"], None),  # a condition set up for a question
        ("要是当年选了医学，我现在肯定是医生了", ["医生"], None),
    ],
)
def test_what_states_nothing_of_the_user_keeps_nothing(
    mem: Memory, uid: Callable[[str], str], said: str, gone: list[str], kept: str | None
) -> None:
    user = uid("material")
    mem.remember(user, said, at="2026-07-01T09:00:00+08:00")
    values = " ".join(f"{f.value} {f.source_text}" for f in mem.facts(user))
    for word in gone:
        assert word not in values, values
    if kept:
        assert kept in values, values


@pytest.mark.parametrize(
    "said",
    [
        "降血脂的药医生让我减成隔天一片",  # medication, the 我 only as who was told
        "公积金加上月薪，一个月到手一万三左右",  # money
        "这周四终面，紧张到睡不着",  # a job hunt
    ],
)
def test_a_subjectless_sentence_on_a_matter_of_ones_life_is_kept(
    mem: Memory, uid: Callable[[str], str], said: str
) -> None:
    """Chinese chat leaves out the 我: a sentence that speaks of a matter of one's life
    (graphmem/lang/zh/topics.toml) is the user's and is kept as a note."""
    u = uid("life")
    r = mem.remember(u, said, at="2026-05-04T21:00:00+08:00")
    notes = [f for f in r.added if f.attribute == "note"]
    assert notes and notes[0].subject_name == "self", (r.added, r.ignored)


@pytest.mark.parametrize(
    "said", ["他最近一直在吃降压药", "你说的那个面试挺难的吧", "今天天气不错，适合出去玩"]
)
def test_a_sentence_about_someone_else_or_the_day_is_not_made_the_users(
    mem: Memory, uid: Callable[[str], str], said: str
) -> None:
    u = uid("other")
    mem.remember(u, said, at="2026-05-04T21:00:00+08:00")
    assert not [f for f in mem.facts(u) if f.subject_name == "self" and f.attribute == "note"]
