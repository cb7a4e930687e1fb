"""The offline rule extractor on Chinese: behaviour over sentences written for these tests
(not the public scenario wording), then every public zh scenario line and distractor.

A case lists candidates that must be present (every given field must match) and ones
that must not; values are compared exactly, so a sloppier span fails the test.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from graphmem.extract import (
    ExtractContext,
    Extractor,
    KnownEntity,
    RuleExtractor,
    detect_language,
    relation_of,
    relation_words,
)
from graphmem.facts.vocab import OPPOSITES, is_single
from graphmem.model import Fact

from .eval_dir import PUBLIC

EX = RuleExtractor()
DISTRACTORS = [
    "我喜欢看纪录片。",
    "我每天早上七点起床。",
    "我会说一点日语。",
    "我周末经常去图书馆。",
    "我有一辆白色的自行车。",
    "我最喜欢的颜色是绿色。",
    "我大学学的是机械工程。",
    "我每周打两次羽毛球。",
]


def E(attribute: str, value: str, **fields) -> dict:
    return {"attribute": attribute, "value": value, **fields}


def A(attribute: str, **fields) -> dict:
    """Any candidate of this attribute."""
    return {"attribute": attribute, **fields}


def fact(attribute: str, value: str, subject: str = "self") -> Fact:
    now = datetime(2026, 1, 1, tzinfo=timezone.utc)
    return Fact(
        id=f"f-{attribute}-{value}",
        user_id="u",
        subject_id="e-" + subject,
        subject_name=subject,
        attribute=attribute,
        value=value,
        kind="profile",
        source="user_declared",
        confidence=0.9,
        status="active",
        text="",
        source_text="",
        recorded_at=now,
        valid_from=now,
        last_accessed_at=now,
        half_life_days=365,
    )


def run(sentences, known=(), facts=()):
    sentences = [sentences] if isinstance(sentences, str) else list(sentences)
    return EX.extract(sentences, ExtractContext(known_entities=list(known), active_facts=list(facts)))


def _matches(c, spec: dict) -> bool:
    return all(getattr(c, k) == v for k, v in spec.items())


def _show(out) -> str:
    return "; ".join(
        f"{c.subject}.{c.attribute}={c.value!r}"
        + "".join(f" {k}={getattr(c, k)!r}" for k in ("qualifier", "kind", "replaces") if getattr(c, k))
        + (" retract" if c.retract else "")
        + (" correction" if c.correction else "")
        for c in out.candidates
    ) + (f" | ignored={[i.text for i in out.ignored]}" if out.ignored else "")


def check(out, want=(), absent=()):
    for spec in want:
        assert any(_matches(c, spec) for c in out.candidates), f"missing {spec}: {_show(out)}"
    for spec in absent:
        assert not any(_matches(c, spec) for c in out.candidates), f"unexpected {spec}: {_show(out)}"


CASES = [
    # name, age, birthday, gender
    ("我叫王磊。", [E("name", "王磊")], []),
    ("我的名字是陈晓。", [E("name", "陈晓")], []),
    ("叫我小王就行。", [E("preferred_name", "小王")], [E("name", "小王")]),
    ("朋友们都叫我阿杰。", [E("preferred_name", "阿杰")], []),
    ("我的小名叫豆芽。", [E("preferred_name", "豆芽")], []),
    ("我今年二十八岁。", [E("age", "28")], []),
    ("我已经50岁了。", [E("age", "50")], []),
    ("我今年33。", [E("age", "33")], []),
    ("我的生日是3月12号。", [E("birthday", "3月12日")], []),
    ("我是五月二十日出生的。", [E("birthday", "5月20日")], []),
    ("我是女生。", [E("gender", "女")], []),
    # hometown and city
    ("我是湖南人。", [E("hometown", "湖南")], []),
    ("我老家是广东潮汕的。", [E("hometown", "广东潮汕")], []),
    ("我来自哈尔滨。", [E("hometown", "哈尔滨")], []),
    ("我是个急性子的人。", [], [E("hometown", "个急性子的")]),
    ("我住在南京。", [E("city", "南京")], []),
    ("我们上个月搬到了厦门。", [E("city", "厦门")], [A("event")]),
    ("我现在定居在温哥华。", [E("city", "温哥华")], []),
    ("我在青岛生活。", [E("city", "青岛")], []),
    ("我住在公司附近。", [], [A("city")]),
    ("我是四川成都人。", [E("hometown", "四川成都")], []),
    ("我是土生土长的天津人。", [E("hometown", "天津")], []),
    ("我其实是重庆的。", [E("hometown", "重庆", correction=True)], []),
    ("我人在苏州。", [E("city", "苏州")], []),
    ("我下个月就要搬到西安了。", [E("city", "西安")], []),
    # work
    ("我在招商银行做客户经理。", [E("employer", "招商银行"), E("job_title", "客户经理")], []),
    ("我在网易上班。", [E("employer", "网易")], []),
    ("我是美团的算法工程师。", [E("employer", "美团"), E("job_title", "算法工程师")], []),
    ("我刚入职了小米。", [E("employer", "小米")], []),
    ("我是一名护士。", [E("job_title", "护士")], []),
    ("我是做销售的。", [E("job_title", "销售")], []),
    # close kin said without 我 are the speaker's, and what follows is theirs
    ("闺女叫糖糖，今年五岁", [E("child", "糖糖"), E("age", "5", subject="糖糖")], [A("age", subject="self")]),
    ("我今年三十七", [E("age", "37")], []),
    ("老公今年四十二", [E("age", "42", subject="老公")], [E("age", "42", subject="self")]),
    ("男朋友在字节上班", [E("employer", "字节", subject="男朋友")], [E("employer", "字节", subject="self")]),
    ("叫我Mia就好", [E("preferred_name", "Mia")], []),
    ("老婆饼真好吃", [], [A("spouse")]),
    ("老家河南的，目前在杭州搬砖", [E("city", "杭州")], []),
    # the age turned at a birthday; the party itself, dated, an event
    ("女儿上周六过了六岁生日", [E("age", "6", subject="女儿"), A("event")], [A("age", subject="self")]),
    ("刚过完四十岁生日，感慨万千", [E("age", "40")], []),
    # a reaction told instead of 过敏 is an allergy; 碰到 is the verb, not part of the value
    ("我一吃菠萝嘴巴就肿", [E("allergy", "菠萝")], []),
    ("儿子喝牛奶会起疹子", [E("allergy", "牛奶", subject="儿子")], [A("allergy", subject="self")]),
    ("我碰到花粉就过敏", [E("allergy", "花粉")], [E("allergy", "到花粉")]),
    ("吃辣的就拉肚子", [], [A("allergy")]),
    # "X的" right after saying where one is from narrows it
    ("我是广东人，汕头的", [E("hometown", "汕头")], []),
    ("我喜欢吃米粉，桂林的", [], [A("hometown")]),
    # 我是X人 is where one is from even when X starts with a surname's character
    ("我是沈阳人，在北京上班", [E("hometown", "沈阳")], [A("name")]),
    ("俺是黄山人", [E("hometown", "黄山")], [A("name")]),
    ("现在算是半个厦门人了哈哈", [E("city", "厦门")], []),
    # where the user and a partner live together is where the user lives
    ("我和媳妇住在昆明", [E("city", "昆明")], []),
    # names listed after a count: one link each
    ("我养了两只兔子，一只叫年糕一只叫汤圆", [E("pet", "年糕"), E("pet", "汤圆")], []),
    ("家里三条狗：旺财、来福和小白", [E("pet", "旺财"), E("pet", "来福"), E("pet", "小白")], []),
    ("我有两只猫，都特别黏人", [], [A("pet", value="都特别黏人")]),
    # "只喝X" / "只吃X": a habit one keeps to; "只吃素" the diet
    ("早上一般只喝豆浆", [E("likes", "豆浆")], []),
    ("我妈只吃素", [E("diet", "素食")], []),
    ("昨天只吃了两个包子", [], [A("likes")]),
    ("我只喝热的", [], [A("likes")]),
    # a change to what one owns or uses, the subject dropped: the speaker's, kept as a note
    ("上个月换了台小米电视，画质不错", [E("event", "上个月换了台小米电视")], []),
    ("旧电脑卖了，入手了一台MacBook", [E("note", "旧电脑卖了，入手了一台MacBook")], []),
    # the measure word after the job, no 是; 我自己 / 我本人 as the speaker
    ("本人护士一枚，三班倒。", [E("job_title", "护士")], []),
    ("我就是普通上班族一个", [], [A("job_title")]),
    ("我自己在苏州，爸妈在老家", [E("city", "苏州")], []),
    ("我本人是会计", [E("job_title", "会计")], []),
    ("我在深圳工作。", [E("city", "深圳")], [A("employer")]),
    ("我在成都的一家游戏公司上班。", [E("city", "成都"), E("employer", "游戏公司")], []),
    ("我以前在百度工作。", [A("note")], [A("employer")]),
    ("我在家做饭。", [], [A("employer"), A("job_title")]),
    ("我在控糖。", [E("diet", "控糖")], [A("employer"), A("city")]),
    # retractions and corrections
    ("我从京东离职了。", [E("employer", "京东", retract=True, correction=True)], [A("city")]),
    (
        "我离开了字节，现在在快手做产品经理。",
        [
            E("employer", "字节", retract=True),
            E("employer", "快手", replaces="字节"),
            E("job_title", "产品经理"),
        ],
        [],
    ),
    ("以后不要再提前公司了。", [E("*", "前公司", retract=True)], []),
    ("不要再说前东家的事了。", [E("*", "前东家", retract=True)], []),
    ("更正一下，我是河南人。", [E("hometown", "河南", correction=True)], []),
    (
        "我不是厨师，我是面包师。",
        [E("job_title", "厨师", retract=True), E("job_title", "面包师", replaces="厨师")],
        [],
    ),
    ("我已经不住在北京了。", [E("city", "北京", retract=True)], [E("city", "北京", retract=False)]),
    (
        "我不在杭州工作了，现在在南京。",
        [E("city", "杭州", retract=True), E("city", "南京", replaces="杭州")],
        [],
    ),
    ("忘掉我住在上海这件事。", [E("city", "上海", retract=True)], [E("city", "上海", retract=False)]),
    # preferences, polarity and normalised values
    ("我特别喜欢吃火锅。", [E("likes", "火锅")], []),
    ("我爱看科幻电影。", [E("likes", "科幻电影")], []),
    ("我讨厌香菜。", [E("dislikes", "香菜")], [A("likes")]),
    ("我不喜欢喝咖啡了。", [E("dislikes", "咖啡")], [A("likes")]),
    ("以后别给我推荐恐怖片了。", [E("dislikes", "恐怖片")], []),
    ("我不吃羊肉。", [E("dislikes", "羊肉")], []),
    ("我最喜欢的水果是芒果。", [E("likes", "芒果", qualifier="水果")], []),
    ("我对古典音乐很感兴趣。", [E("likes", "古典音乐")], []),
    ("我对政治不感兴趣。", [E("dislikes", "政治")], [A("likes")]),
    ("我是个篮球迷。", [E("likes", "篮球")], [A("job_title")]),
    ("我的爱好是游泳、看书和爬山。", [E("likes", "游泳"), E("likes", "看书"), E("likes", "爬山")], []),
    ("下象棋是我的爱好。", [E("likes", "象棋")], []),
    ("我在减脂，油炸的东西就别推荐了。", [E("dislikes", "油炸的东西")], []),
    # diet and allergy
    ("我从去年开始吃素了。", [E("diet", "素食")], []),
    ("我不能吃辣。", [E("diet", "不吃辣")], []),
    ("我在戒糖。", [E("diet", "控糖")], []),
    ("我什么都吃，不挑食。", [E("diet", "杂食")], []),
    ("我对青霉素过敏。", [E("allergy", "青霉素")], []),
    ("我对花生和虾过敏。", [E("allergy", "花生"), E("allergy", "虾")], []),
    ("我花粉过敏。", [E("allergy", "花粉")], []),
    ("我吃芒果会过敏。", [E("allergy", "芒果")], []),
    # language and skill
    ("我会讲粤语。", [E("language", "粤语")], []),
    ("我会说一些法语。", [E("language", "法语")], []),
    ("我会游泳。", [E("skill", "游泳")], []),
    ("我擅长写代码。", [E("skill", "写代码")], []),
    # family, friends and pets: links plus facts about them
    ("我儿子叫小宇。", [E("child", "小宇", qualifier="son", object_type="person")], [A("name")]),
    (
        "我老婆叫林琳，她是设计师。",
        [
            E("spouse", "林琳", qualifier="wife"),
            E("job_title", "设计师", subject="林琳", subject_relation="wife"),
        ],
        [E("job_title", "设计师", subject="self")],
    ),
    (
        "我妈妈对猫过敏。",
        [
            E("parent", "妈妈", qualifier="mother"),
            E("allergy", "猫", subject="妈妈", subject_relation="mother"),
        ],
        [E("allergy", "猫", subject="self")],
    ),
    (
        "我有一个女儿，叫朵朵。",
        [E("child", "朵朵", qualifier="daughter")],
        [E("child", "女儿"), E("name", "朵朵")],
    ),
    (
        "我家猫咪叫年糕，是只布偶。",
        [
            E("pet", "年糕", qualifier="cat", object_type="pet"),
            E("note", "布偶", subject="年糕", subject_type="pet"),
        ],
        [],
    ),
    (
        "我哥王强在华为上班。",
        [E("sibling", "王强", qualifier="brother"), E("employer", "华为", subject="王强")],
        [E("employer", "华为", subject="self")],
    ),
    (
        "我男朋友是律师。",
        [E("partner", "男朋友", qualifier="boyfriend"), E("job_title", "律师", subject="男朋友")],
        [],
    ),
    ("我和小周分手了。", [E("partner", "小周", retract=True)], []),
    (
        "我养了一只金毛，叫可乐。",
        [E("pet", "可乐", qualifier="dog"), E("note", "金毛", subject="可乐")],
        [E("pet", "金毛")],
    ),
    ("可乐是我家的狗。", [E("pet", "可乐", qualifier="dog")], []),
    ("小满是我女儿。", [E("child", "小满", qualifier="daughter")], []),
    # events: one-off are events, weekly schedules are facts, habits are notes
    ("下周三我要去北京出差。", [E("event", "下周三我要去北京出差", kind=None)], [A("city")]),
    ("我明天晚上约了朋友吃饭。", [E("event", "我明天晚上约了朋友吃饭")], [A("friend")]),
    ("我每周一晚上上吉他课。", [E("event", "我每周一晚上上吉他课", kind="fact")], []),
    ("我昨天去看了牙医。", [E("event", "我昨天去看了牙医")], []),
    ("我每天晚上十点睡觉。", [E("note", "我每天晚上十点睡觉")], [A("event")]),
    # notes and explicit "remember"
    ("记住，我的车停在B2层。", [E("note", "我的车停在B2层")], []),
    ("我有一台MacBook。", [E("note", "我有一台MacBook")], []),
    ("帮我记一下，每周四上午交月报。", [E("event", "每周四上午交月报", kind="fact")], []),
    # a job change said with where they left, after a time word
    ("我前年从网易跳槽到了小红书。", [E("employer", "小红书")], [A("note"), A("event")]),
    ("去年三月我从京东跳到拼多多了", [E("employer", "拼多多")], []),
    # "can't eat": a restriction in the user's words, not a taste
    ("我儿子不能吃花生。", [E("diet", "不能吃花生", subject="儿子")], [A("dislikes"), A("note")]),
    ("我不能喝牛奶，一喝就拉肚子", [E("diet", "不能喝牛奶")], [A("dislikes")]),
    # reply style
    ("请用中文回答我。", [E("reply_style", "请用中文回答我")], []),
    ("以后回复我的时候简短一点。", [E("reply_style", "以后回复我的时候简短一点")], []),
    ("答案尽量用列表。", [E("reply_style", "答案尽量用列表")], []),
    ("我喜欢和朋友聊天，说话比较直接。", [], [A("reply_style")]),
    # 今年 before a bare number says how old; 人 before an adverb is the speaker
    ("我叫陈晨，今年35，做会计的", [E("name", "陈晨"), E("age", "35")], [A("event")]),
    ("上周辞职了，人现在在西安", [E("city", "西安")], []),
    # a company said alone after the job; "base" a city
    ("我是产品经理，在美团，base上海", [E("employer", "美团"), E("city", "上海")], []),
    # an internship that became the job
    ("毕业后在网易实习转正了", [E("employer", "网易")], []),
    # an event as the time something holds from
    ("结婚以后我们搬到了无锡", [E("city", "无锡")], []),
    ("我养了一条金鱼叫泡泡", [E("pet", "泡泡", qualifier="goldfish")], []),
    # what both are, the user among them
    ("我跟我对象都是程序员", [E("job_title", "程序员")], []),
    # the elder and the younger, once children were named
    ("家里两个孩子，大的叫安安，小的叫宁宁", [E("child", "安安"), E("child", "宁宁")], []),
]


@pytest.mark.parametrize("text,want,absent", CASES, ids=[c[0] for c in CASES])
def test_sentence(text, want, absent):
    out = run(text)
    check(out, want, absent)
    for c in out.candidates:
        assert c.source_text and c.source_text in text, "source_text must be the clause as said"


@pytest.mark.parametrize(
    "text",
    [
        "哈哈哈",
        "这部电影真不错。",
        "今天天气很好。",
        "我觉得还行吧。",
        "好的，谢谢。",
        "嗯嗯",
        "今天好累啊",
        "我今天心情不错。",
        "我刚吃完饭。",
        "我想问一下明天会不会下雨。",
    ],
)
def test_nothing_memorable_is_ignored(text):
    out = run(text)
    assert out.candidates == [], _show(out)
    assert [(i.text, i.reason) for i in out.ignored] == [(text, "nothing_memorable")]


def test_known_entity_starts_a_sentence():
    out = run("乐乐下周五要考试。", known=[KnownEntity("乐乐", "person", "son")])
    check(
        out, [E("event", "乐乐下周五要考试", subject="乐乐", subject_type="person", subject_relation="son")]
    )


def test_alias_of_known_entity():
    out = run("年糕最近很挑食。", known=[KnownEntity("Mochi", "pet", "cat", aliases=("年糕",))])
    check(out, [E("note", "年糕最近很挑食", subject="Mochi", subject_type="pet")])


def test_pronoun_refers_to_third_party_named_earlier_in_the_call():
    out = run(["我女儿叫甜甜。", "她每周六上午学钢琴。"])
    check(out, [E("child", "甜甜"), E("event", "她每周六上午学钢琴", subject="甜甜", kind="fact")])


def test_unnamed_relative_then_pet_retraction_uses_known_names():
    out = run("我的狗去世了。", known=[KnownEntity("旺财", "pet", "dog")])
    check(out, [E("pet", "旺财", retract=True)], [E("pet", "狗")])


def test_bare_correction_uses_active_facts():
    out = run("不是四川，是重庆。", facts=[fact("hometown", "四川")])
    check(out, [E("hometown", "重庆", correction=True, replaces="四川")])


def test_bare_correction_trims_like_the_stored_value():
    out = run("说错了，不是四川人，是重庆人。", facts=[fact("hometown", "四川")])
    check(out, [E("hometown", "重庆", correction=True)], [E("hometown", "重庆人")])


def test_quitting_without_a_name_retracts_the_employer_on_record():
    out = run("我辞职了。", facts=[fact("employer", "甲公司")])
    check(out, [E("employer", "甲公司", retract=True)])


def test_same_object_across_polarity():
    liked = run("我超爱吃甜食。").candidates
    disliked = run("以后别再给我推荐甜食了。").candidates
    assert [c.value for c in liked if c.attribute == "likes"] == ["甜食"]
    assert [c.value for c in disliked if c.attribute == "dislikes"] == ["甜食"]


def test_distractors_are_remembered_with_their_keys():
    got = {}
    for text in DISTRACTORS:
        out = run(text)
        assert out.candidates, f"{text} was dropped"
        got[text] = {(c.attribute, c.value) for c in out.candidates}
    assert ("likes", "纪录片") in got["我喜欢看纪录片。"]
    assert ("language", "日语") in got["我会说一点日语。"]
    assert ("likes", "绿色") in got["我最喜欢的颜色是绿色。"]
    assert all(a == "note" for a, _ in got["我每天早上七点起床。"])
    assert all(a != "event" for a, _ in got["我周末经常去图书馆。"])


def _zh_scenarios() -> list[dict]:
    path = PUBLIC
    if not path.exists():
        return []
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [
        r for r in rows if any(detect_language(s.get("say", "")) == "zh" for s in r["steps"] if "say" in s)
    ]


def replay(scenario: dict) -> dict[int, list]:
    """Candidates per `say` step, carrying the entities each user introduced forward as the
    engine does (so "乐乐每周三…" knows 乐乐). Assistant turns never reach the extractor."""
    known: dict[str, list[KnownEntity]] = {}
    said = {}
    for i, step in enumerate(scenario["steps"]):
        if "say" in step and step.get("role", "user") == "user":
            user = known.setdefault(step["user"], [])
            said[i] = run(step["say"], known=user).candidates
            user += [
                KnownEntity(c.value, c.object_type, c.qualifier or c.attribute)
                for c in said[i]
                if c.object_type
            ]
    return said


def check_probes(scenario: dict) -> None:
    """What each `get` probe needs must be extracted before it, and the latest word on the
    attribute must not still assert a value the probe says is gone (for multi-valued keys:
    the latest line about that value, which may flip its polarity); recall probes need
    their words kept; `facts` probes need noise to produce nothing."""
    said = replay(scenario)
    for i, step in enumerate(scenario["steps"]):
        before = {j: cs for j, cs in said.items() if j < i}
        flat = [c for cs in before.values() for c in cs]
        if "get" in step:
            attrs = set(step["get"])
            values = [c.value for c in flat if c.attribute in attrs and not c.retract]
            if step.get("has"):
                assert any(h in v for v in values for h in step["has"]), (step, values)
            related = attrs | {OPPOSITES[a] for a in attrs if a in OPPOSITES} | {"*"}
            for stale in step.get("lacks", []):
                if all(is_single(a) for a in attrs):
                    latest = [cs for cs in before.values() if any(c.attribute in attrs for c in cs)][-1:]
                else:
                    latest = [
                        cs
                        for cs in before.values()
                        if any(c.attribute in related and stale in c.value for c in cs)
                    ][-1:]
                for c in latest[0] if latest else []:
                    assert not (c.attribute in attrs and not c.retract and stale in c.value), (step, c)
        elif "recall" in step and step.get("has"):
            texts = [c.value + " " + c.source_text for c in flat]
            assert any(h in t for t in texts for h in step["has"]), (step, texts)
        elif "facts" in step:
            for gone in step.get("lacks", []):
                assert not any(gone in c.value for c in flat), (gone, [c.value for c in flat])


@pytest.mark.parametrize("scenario", _zh_scenarios(), ids=lambda s: s["id"])
def test_public_scenario_lines(scenario):
    if scenario["cat"] == "security":
        pytest.skip("secrets are refused by the gate before extraction")
    check_probes(scenario)


def test_public_employer_change_keys():
    """The employer-change message: retraction of the old employer, the new one with its title."""
    out = run("我已经从蓝鲸网络离职了，目前在海川银行做数据分析师，不要再提蓝鲸网络了。")
    check(
        out,
        [
            E("employer", "蓝鲸网络", retract=True, correction=True),
            E("employer", "海川银行", retract=False, replaces="蓝鲸网络"),
            E("job_title", "数据分析师"),
            E("*", "蓝鲸网络", retract=True),
        ],
        [E("employer", "蓝鲸网络", retract=False)],
    )


def test_relations_table():
    assert relation_of("女儿") == ("child", "daughter")
    assert relation_of("哥哥") == ("sibling", "brother")
    assert relation_of("狗狗") == ("pet", "dog")
    assert relation_of("老公") == ("spouse", "husband")
    assert relation_of("桌子") is None
    words = relation_words("zh")
    assert "妈妈" in words and "son" not in words
    assert list(words) == sorted(words, key=len, reverse=True)


def test_detect_language():
    assert detect_language("我在Google做PM") == "zh"
    assert detect_language("我偏好用Rust写后端") == "zh"
    assert detect_language("I love 火锅") == "en"
    assert detect_language("hello") == "en"


def test_rule_extractor_satisfies_protocol():
    assert isinstance(EX, Extractor) and EX.name == "rules"
    out = EX.extract([], ExtractContext())
    assert out.candidates == [] and out.ignored == [] and out.usage == {}


def test_pieces_are_the_shared_sentences_with_a_chinese_second_step():
    from graphmem.extract import rules_zh
    from graphmem.gate import split_sentences

    text = "我叫林晓。我在宁波读的高中！周末我常去书店"
    assert rules_zh.pieces(text) == split_sentences(text)
    # Emoji end a sentence; a tilde ends a piece the shared splitter keeps whole.
    assert rules_zh.pieces("我养了一只猫🐱它叫年糕") == ["我养了一只猫。", "它叫年糕"]
    assert rules_zh.pieces("周末去爬山了～下周我要去厦门出差") == ["周末去爬山了～", "下周我要去厦门出差"]
    # A long run typed without punctuation is cut before the words that open a clause.
    run_on = "我老家在湖南岳阳后来在武汉读的大学现在在杭州做产品经理"
    assert rules_zh.cut_clauses(run_on) == ["我老家在湖南岳阳，后来在武汉读的大学，现在在杭州做产品经理"]
    assert rules_zh.pieces("我叫林晓。" + run_on) == ["我叫林晓。", *rules_zh.cut_clauses(run_on)]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("我会说闽南话和一点点英语", [E("language", "闽南话"), E("language", "英语")]),
        (
            "能讲德语、西班牙语还有几句日语",
            [E("language", "德语"), E("language", "西班牙语"), E("language", "日语")],
        ),
    ],
)
def test_a_spoken_language_list_names_every_language(text, want):
    check(run(text), want)


def test_going_back_home_to_work_moves_the_city_and_names_the_hometown():
    check(run("研究生读完了，回老家南昌上班了"), [E("city", "南昌"), E("hometown", "南昌")])
    check(run("他回重庆发展了"), [], [A("hometown")])
