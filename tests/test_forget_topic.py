"""A forget said after the fact, by topic, both languages, on every store: the facts whose
words, people or past attributes the topic names go, with the turns that said them; what is
about someone or something else stays, and so does every other user's memory."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from graphmem.gate import FORGET, control_of

SAID = "2026-03-02T09:00:00Z"
ASKED = "2026-03-05T09:00:00Z"
LATER = "2026-03-09T09:00:00Z"


def _texts(mem: Memory, u: str) -> str:
    """Every text the store holds for the user: facts of any status, their sources, messages."""
    facts = mem.facts(u, include_frozen=True)
    out = [f"{f.subject_name} {f.value} {f.text} {f.source_text}" for f in facts]
    out += [e.text for e in mem.store.reader(u).episodes()]
    return "\n".join(out)


# (what the user told, the request, words that must be gone, words that must stay)
CASES = [
    pytest.param(
        [
            "My former landlord Bertram never fixed the heating.",
            "Bertram finally returned my deposit after six months.",
            "I'm allergic to shellfish.",
            "My brother Tomas is a nurse in Leeds.",
        ],
        "could you wipe everything I've told you about my former landlord?",
        ["Bertram", "heating", "deposit"],
        ["shellfish", "Tomas", "Leeds"],
        id="en-person-named-later-by-name",
    ),
    pytest.param(
        [
            "Still hung up on my ex-girlfriend, honestly.",
            "My ex-girlfriend moved to Lisbon last spring.",
            "I play bass in a covers band.",
            "My coworker Lena lent me her bike.",
        ],
        "Please get rid of whatever you know about my ex-girlfriend.",
        ["hung up", "Lisbon"],
        ["bass", "Lena"],
        id="en-relation-phrase",
    ),
    pytest.param(
        [
            "前男友阿杰上个月还给我发消息。",
            "阿杰在广州开了家奶茶店。",
            "我对芒果过敏。",
            "我表哥在成都当老师。",
        ],
        "以前跟你说的前男友的事全都删掉吧",
        ["阿杰", "奶茶店"],
        ["芒果", "成都"],
        id="zh-person-and-nickname",
    ),
    pytest.param(
        [
            "去年做手术住了一周院，现在恢复得挺好。",
            "我每天早上跑步五公里。",
            "我女儿在上幼儿园。",
        ],
        "把我做手术那次的事忘了吧",
        ["做手术"],
        ["跑步", "幼儿园"],
        id="zh-an-event",
    ),
    # the topic named in other words than the turns (graphmem/lang/<language>/topics.toml)
    pytest.param(
        [
            "had a phone screen with a recruiter from Quillfeather, onsite is next thursday",
            "I'm lactose intolerant.",
        ],
        "pls forget all the job search stuff, not happening",
        ["Quillfeather", "onsite"],
        ["lactose"],
        id="en-topic-group-job-search",
    ),
    pytest.param(
        ["my counsellor thinks the insomnia is from work stress", "I live in Lisbon."],
        "can you scrub the therapy stuff from memory",
        ["insomnia", "counsellor"],
        ["Lisbon"],
        id="en-topic-group-therapy-said-by-its-person",
    ),
    pytest.param(
        ["花呗还欠着八千多，这个月又要还不上了", "我养了一只边牧叫可乐"],
        "还钱那事别记着了 删掉吧 烦",
        ["花呗", "八千"],
        ["可乐"],
        id="zh-topic-group-money-spaced-request",
    ),
    pytest.param(
        ["开始控糖了 每天只吃一顿主食 目标瘦十五斤", "我养了只布偶叫年糕"],
        "算了 减肥那茬你忘了吧 坚持不下去",
        ["主食", "十五斤"],
        ["年糕"],
        id="zh-topic-said-as-that-matter-then-more-talk",
    ),
    pytest.param(
        ["上周体检说我血脂偏高", "我在宁波做外贸"],
        "关于我体检的那些内容 全部删掉吧",
        ["血脂"],
        ["宁波"],
        id="zh-topic-and-act-parted-by-a-space",
    ),
    pytest.param(
        ["my flat is 3F, Harbour View Mansions, if the courier asks", "I'm allergic to kiwi."],
        "actually take my address back out pls",
        ["Harbour View", "courier"],
        ["kiwi"],
        id="en-take-it-back-out",
    ),
    pytest.param(
        ["blew 200 quid on the slots last night, don't judge", "my sister Pia is a vet in York"],
        "forget the gambling thing from the other night",
        ["slots", "quid"],
        ["Pia", "York"],
        id="en-topic-group-with-when-it-was-said",
    ),
    pytest.param(
        ["我前任叫阿凯 在做房产中介 天天加班", "我是成都人"],
        "关于我前任的所有事都忘了吧",
        ["阿凯", "房产中介"],
        ["成都"],
        id="zh-all-about-my-ex",
    ),
    pytest.param(
        ["表姐小雯离婚了 还没跟家里说", "我最近在学滑板"],
        "小雯那个事忘掉 不是我的事",
        ["离婚"],
        ["滑板"],
        id="zh-that-matter-of-a-named-person",
    ),
    pytest.param(
        ["second interview at Fennick Partners tomorrow, case study on logistics", "I'm from Leeds."],
        "scrap the interview stuff from earlier pls",
        ["Fennick", "logistics"],
        ["Leeds"],
        id="en-scrap-the-stuff-from-earlier",
    ),
    pytest.param(
        ["偷偷去猎头推荐的那家聊了聊，下周终面", "我是武汉人"],
        "算了 把我跳槽那件事忘了吧 没戏了",
        ["猎头", "终面"],
        ["武汉"],
        id="zh-topic-group-job-change-spaced-request",
    ),
    pytest.param(
        [
            "the Priya situation at work got ugly, she reported me to facilities over the thermostat",
            "I'm from Cork.",
        ],
        "ugh forget the Priya situation, it got sorted. wipe all that",
        ["thermostat", "facilities"],
        ["Cork"],
        id="en-request-pointing-back-at-a-thing-named-before-it",
    ),
    pytest.param(
        ["Holloway Legal is handling my claim against the builder, hearing in June", "I teach yoga."],
        "actually pretend I never said anything about the claim, it may settle",
        ["Holloway", "builder"],
        ["yoga"],
        id="en-pretend-never-said",
    ),
    pytest.param(
        ["gastro says it's IBS so I'm on low FODMAP for a month", "I play cello in a community orchestra."],
        "forget the gut health stuff tbh",
        ["FODMAP", "gastro"],
        ["cello"],
        id="en-life-topic-with-a-filler-after-it",
    ),
    pytest.param(
        ["我们组那个律师老周天天在会议室吃榴莲", "我是南京人"],
        "那个律师的事先别记了，人家离职了",
        ["榴莲", "会议室"],
        ["南京"],
        id="zh-that-one-with-an-adverb-before-the-act",
    ),
    pytest.param(
        ["我外公上周心脏搭了桥，还在ICU观察", "我在合肥做会计"],
        "外公的情况你别记了，想起来难受",
        ["搭了桥", "ICU"],
        ["合肥"],
        id="zh-someones-condition",
    ),
    pytest.param(
        ["读研那会儿我在墨尔本的餐馆刷盘子", "我现在在宁波上班"],
        "读研那会儿的事就不用记了",
        ["刷盘子", "餐馆"],
        ["宁波"],
        id="zh-a-period-of-life-named-by-when",
    ),
    pytest.param(
        ["我网贷逾期了两个月，催收天天打电话", "我养了只边牧"],
        "钱那事你当没听过吧",
        ["催收", "逾期"],
        ["边牧"],
        id="zh-money-named-in-one-word",
    ),
    pytest.param(
        ["我前男友阿凯在光谷开了家烧烤店", "我在武汉做平面设计"],
        "以后关于我前男友的事情你都别记了",
        ["阿凯", "烧烤"],
        ["平面设计"],
        id="zh-a-time-before-the-topic",
    ),
    pytest.param(
        ["我现在92公斤，体脂28，目标减到80", "我是福建莆田人"],
        "体重那些数字帮我删掉吧",
        ["92公斤", "体脂"],
        ["莆田"],
        id="zh-those-numbers",
    ),
    pytest.param(
        ["I owe the credit union about 9k, paying 300 a month", "I'm a bus driver in Dunedin."],
        "forget what I said about the money situation yeah",
        ["credit union", "9k"],
        ["bus driver"],
        id="en-a-shrug-after-the-topic",
    ),
    pytest.param(
        ["我在面网易，三面过了就准备提离职", "我住在杭州滨江"],
        "跳槽那事黄了 你就当我没说过 全忘掉吧",
        ["网易", "三面"],
        ["杭州"],
        id="zh-the-act-alone-pointing-back-at-a-matter",
    ),
    pytest.param(
        ["国庆想去西安玩，机票都看好了", "我是做会计的"],
        "旅游那个计划取消了 你就忘了吧",
        ["西安", "机票"],
        ["会计"],
        id="zh-a-plan-pointed-back-at",
    ),
    pytest.param(
        ["got thrown out of the karaoke bar last night for hogging the mic", "my parrot Kiwi says hello"],
        "forget the story about last night lmao",
        ["karaoke", "hogging"],
        ["Kiwi"],
        id="en-the-story-about-a-night",
    ),
    pytest.param(
        ["buying my husband a vintage watch for his birthday, keep it quiet", "his name is Tomasz."],
        "you can forget all the gift stuff now, he loved it",
        ["vintage watch"],
        ["Tomasz"],
        id="en-a-gift-topic-keeps-the-person",
    ),
    pytest.param(
        [
            "I'm a welder at Norrow Steel",
            "we're suing the builder over the cracked foundation, attorney is Priya Vance",
        ],
        "ok scrap everything about the lawsuit please",
        ["cracked foundation", "Vance"],
        ["Norrow Steel"],
        id="en-a-legal-matter-in-other-words",
    ),
    pytest.param(
        ["我在海澜物流做调度", "上周体检查出肝上有个囊肿，医生让三个月后复查"],
        "把我生病的事都删了吧",
        ["囊肿", "复查"],
        ["海澜物流"],
        id="zh-an-illness-in-other-words",
    ),
    pytest.param(
        [
            "I teach chemistry at Kelby High",
            "the biopsy on the lump came back fine, follow-up scan in august",
        ],
        "eh forget the health scare stuff",
        ["biopsy", "follow-up scan"],
        ["chemistry"],
        id="en-an-interjection-before-the-request",
    ),
    pytest.param(
        ["我在青柠科技做测试", "偷偷在面Orbita，下周二去终面"],
        "换工作的事 forget it，就当我没说过",
        ["Orbita"],
        ["青柠科技"],
        id="zh-the-act-typed-in-english-after-a-space",
    ),
    pytest.param(
        [
            "my cousin Hallie is coming for thanksgiving",
            "my friend Ros is going through a messy divorce, he kept the house",
        ],
        "scratch what I said about my friend's divorce, not mine to tell",
        ["Ros", "messy divorce"],
        ["Hallie"],
        id="en-a-friend-told-of-only-in-the-story-goes-with-it",
    ),
    pytest.param(
        ["my friend Ros and I run a pottery stall on sundays", "my friend Ros is going through a divorce"],
        "scratch what I said about my friend's divorce",
        ["going through a divorce"],
        ["pottery"],
        id="en-a-friend-told-of-elsewhere-stays",
    ),
    pytest.param(
        ["cutting carbs to drop to 80kg by june, keto since monday", "my neighbour Ilse waters my plants"],
        "please scrap all the diet stuff I told you, not proud of it",
        ["80kg"],
        ["Ilse"],
        id="en-who-said-it-is-no-part-of-the-topic",
    ),
    pytest.param(
        ["我领导老周天天让我周末加班", "我住在泉州，离古城很近"],
        "领导那些事 forget 掉吧",
        ["老周"],
        ["泉州"],
        id="zh-the-act-in-english-spaced-from-its-particle",
    ),
    # an area named as a whole ("the medical stuff", "身体那些事") takes every topic in it
    pytest.param(
        [
            "the cardiologist put me on a beta blocker, 25mg in the mornings",
            "also the dermatologist froze off a weird mole on tuesday",
            "I restore vintage radios on weekends",
        ],
        "eh, ditch all the medical stuff from before",
        ["beta blocker", "mole"],
        ["radios"],
        id="en-an-area-takes-all-its-topics",
    ),
    pytest.param(
        ["最近肠胃一直不好，做了个肠镜说有两个小息肉", "降压药现在一天吃两片", "我周末在社区教小孩下围棋"],
        "身体方面的那些事你都别记了",
        ["息肉", "降压药"],
        ["围棋"],
        id="zh-an-area-takes-all-its-topics",
    ),
    # two matters in one request: each of them
    pytest.param(
        ["到手一个月一万一，车贷每月还三千二", "我养了两只仓鼠，叫豆包和花卷"],
        "工资和车贷那些数字帮我删了吧",
        ["一万一", "三千二"],
        ["豆包"],
        id="zh-two-matters-at-once",
    ),
    pytest.param(
        [
            "my take-home is like 3.9k a month",
            "and the mortgage eats 1,650 of it",
            "I sing tenor in a barbershop quartet",
        ],
        "hm, can you wipe the salary and the mortgage stuff",
        ["3.9k", "1,650"],
        ["tenor"],
        id="en-two-matters-at-once",
    ),
    # a detail of the user's own, with a keeping verb negated
    pytest.param(
        ["my new place is 12 Quarry Road, flat 3, the buzzer is broken", "my sister Odile teaches cello"],
        "hmm actually don't keep my address",
        ["Quarry"],
        ["cello"],
        id="en-a-detail-not-to-keep",
    ),
    pytest.param(
        ["下周准备去大阪待五天，酒店已经订好了", "我是幼儿园老师"],
        "那趟出行的事就删了吧，计划取消了",
        ["大阪"],
        ["幼儿园"],
        id="zh-a-trip-named-as-the-journey",
    ),
    pytest.param(
        ["年底打算搬去惠州，房子都看好了", "我在一家奶茶店当店长"],
        "之前说的搬家那些你就当我没说吧，全删了",
        ["惠州"],
        ["店长"],
        id="zh-a-move-said-as-搬去",
    ),
    pytest.param(
        [
            "we're relocating to Tulsa in the spring, movers booked for april",
            "my partner Ines plays the oboe",
        ],
        "scratch everything about the move, it fell through",
        ["Tulsa"],
        ["oboe"],
        id="en-a-move-said-as-relocating",
    ),
    pytest.param(
        [
            "my previous job at Quillmark Freight was awful, the shift lead screamed at everyone",
            "these days I'm a line cook at Saffron Table",
        ],
        "can you drop the stuff about my old job",
        ["Quillmark", "screamed"],
        ["Saffron Table"],
        id="en-old-said-as-previous",
    ),
    pytest.param(
        [
            "I still owe my cousin $300 for the concert tickets and it's awkward",
            "I'm learning the ukulele",
        ],
        "ok about the money I owe, forget that whole saga",
        ["$300", "concert tickets"],
        ["ukulele"],
        id="en-matter-named-then-pointed-back-at",
    ),
    pytest.param(
        [
            "之前和同学合伙弄了个火锅店，开了八个月就倒闭了，亏了二十来万",
            "我现在住在青岛",
        ],
        "开店那段往事就当我没说过吧",
        ["火锅店", "二十来万"],
        ["青岛"],
        id="zh-a-business-by-its-life-topic",
    ),
    pytest.param(
        [
            "the road trip to Moab was cancelled after the car broke down in Provo, lost the motel deposit too",
            "my buddy Colt was going to do the road trip with me",
            "my favorite band is Khruangbin",
        ],
        "please forget everything about the road trip that never happened",
        ["Moab", "Provo", "motel", "going to do"],
        ["Khruangbin"],
        id="en-what-is-said-of-the-matter-is-no-part-of-its-name",
    ),
    pytest.param(
        [
            "之前那份工作在一家小贷公司做催收，天天被骂，工资还拖欠",
            "现在在宁波一家外贸公司做跟单",
        ],
        "上一份工作那些烂事就别记着了",
        ["催收", "拖欠"],
        ["宁波"],
        id="zh-matter-said-with-what-one-thinks-of-it",
    ),
]


@pytest.mark.parametrize(("told", "request_", "gone", "kept"), CASES)
def test_a_topic_forget_erases_its_facts_and_turns_only(
    mem: Memory,
    uid: Callable[[str], str],
    told: list[str],
    request_: str,
    gone: list[str],
    kept: list[str],
) -> None:
    u, other = uid("me"), uid("other")
    for text in told:
        mem.remember(u, text, at=SAID)
        mem.remember(other, text, at=SAID)  # another user who said the very same things
    before = len(mem.store.reader(u).episodes())
    assert control_of(request_) is not None and control_of(request_).kind == FORGET  # type: ignore[union-attr]

    r = mem.remember(u, request_, at=ASKED)

    assert [x.kind for x in r.refused] == ["user_request"] and r.episode_id is None  # the request is not kept
    assert r.retracted and r.forgotten_episodes and r.changed  # the confirmation says what went
    blob = _texts(mem, u)
    for word in gone:
        assert word not in blob, (word, blob)
    for word in kept:
        assert word in blob, (word, blob)
    assert len(mem.store.reader(u).episodes()) == before - len(r.forgotten_episodes)
    for it in mem.recall(u, request_.split()[-1], k=8, at=LATER):
        assert not any(word in f"{it.text} {it.episode.text if it.episode else ''}" for word in gone)
    # nothing of another user's memory is touched
    theirs = _texts(mem, other)
    for word in gone + kept:
        assert word in theirs
    assert len(mem.store.reader(other).episodes()) == len(told)


@pytest.mark.parametrize(
    ("told", "request_", "old", "current"),
    [
        pytest.param(
            ["I worked at Hooli as a tester.", "I work at Initrode.", "I now work at Pied Piper."],
            "forget everything about my previous job, please",
            ["Hooli", "Initrode"],
            "Pied Piper",
            id="en",
        ),
        pytest.param(
            ["我在美团上班。", "我现在在京东上班了。"],
            "原来单位的事都别记了",
            ["美团"],
            "京东",
            id="zh",
        ),
    ],
)
def test_a_past_attribute_topic_leaves_the_current_value(
    mem: Memory, uid: Callable[[str], str], told: list[str], request_: str, old: list[str], current: str
) -> None:
    u = uid("job")
    for text in told:
        mem.remember(u, text, at=SAID)
    r = mem.remember(u, request_, at=ASKED)
    assert r.retracted
    blob = _texts(mem, u)
    assert not any(word in blob for word in old), blob
    assert [f.value for f in mem.get(u, "employer", at=LATER)] == [current]


def test_a_topic_nothing_was_said_about_forgets_nothing(mem: Memory, uid: Callable[[str], str]) -> None:
    u = uid("none")
    mem.remember(u, "My neighbour Olga grows tomatoes.", at=SAID)
    mem.remember(u, "我喜欢吃酸菜鱼。", at=SAID)
    for request_ in ("scratch everything I told you about my old flatmate", "关于我前同事的那些都别记了"):
        r = mem.remember(u, request_, at=ASKED)
        assert not r.retracted and not r.forgotten_episodes
        assert [i.reason for i in r.ignored] == ["nothing_to_forget"]
    blob = _texts(mem, u)
    assert "Olga" in blob and "酸菜鱼" in blob


@pytest.mark.parametrize(
    ("text", "forget"),
    [
        ("scratch everything I told you about my old flatmate", True),
        ("could you clear out anything you know about my ex-husband?", True),
        ("wipe your memory of my old roommate", True),
        ("forget I ever mentioned the layoffs", True),
        ("前同事那些事都忘了吧", True),
        ("我之前说的那个相亲对象的事就都删了吧", True),
        ("跟我前同事有关的都别记了", True),
        ("关于我前公司的那些都不要记了", True),
        # not requests: the user's own forgetting, a scratch, a correction, don't-keep-this
        ("那件事我早就忘了", False),
        ("don't keep my phone number, please", True),
        ("hm delete all the money stuff", True),
        ("don't keep my keys in the glovebox", False),
        ("I scratched my arm on a nail", False),
        ("scratch the pottery class, I'm too busy", False),
        ("我把钥匙忘在公司了", False),
    ],
)
def test_topic_requests_are_told_from_other_words(text: str, forget: bool) -> None:
    c = control_of(text)
    assert (c is not None and c.kind == FORGET) is forget, c


def test_words_standing_after_a_relation_are_not_taken_for_names(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    u = uid("notnames")
    mem.remember(u, "前男友老是迟到，我受够了。", at=SAID)
    mem.remember(u, "这个月老是下雨，衣服都晒不干。", at=SAID)
    mem.remember(u, "My ex, Honestly the worst texter ever.", at=SAID)
    mem.remember(u, "Honestly the new bakery downtown is great.", at=SAID)
    mem.remember(u, "前男友的事都删了吧", at=ASKED)
    mem.remember(u, "forget anything you know about my ex", at=ASKED)
    blob = _texts(mem, u)
    assert "迟到" not in blob and "texter" not in blob
    assert "下雨" in blob and "bakery" in blob
