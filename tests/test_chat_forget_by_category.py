"""Forgets said after the fact that name the topic loosely, by a category word the earlier turn
never used (on SQLite, a sample on Neo4j): "the mental health stuff" for a therapist and panic
attacks, "the money thing" for bets lost, "that whole neighbour feud" for a neighbour by name and
the HOA, "the trip" for a guesthouse booked and a ride planned, "stuff about my ex" for an
ex-boyfriend by name, "住院的事" for a parent's operation, 心理方面, 邻居那摊子事, 出游的事. The
request points back by a descriptor ("that confession from the other night, the money one"),
or runs on without punctuation after other news or inside a polite run, or names a person only
by role ("the guy next door", 对门那个). The person the forgotten turn named goes with it; what
other turns told (a diet, a name, an instrument) stays. A sentence about forgetting or deleting
is no request, and a category that matches nothing forgets nothing and says so. The sentences
are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from graphmem.gate import FORGET, control_of
from graphmem.gate.forget_request import topic_request
from graphmem.write.forget_topic import says_topic, topic_of
from tests.chat_cases import forget_after

#: told, something else, the request, words of what is gone, a word kept
FORGETS: dict[str, tuple[str, str, str, tuple[str, ...], str]] = {
    # 1. a category word the turn never used
    "mental health, for a therapist, meds and panic attacks (en)": (
        "started seeing a therapist named Dr. Okafor for the panic attacks, she also put me on buspirone",
        "I've been vegetarian since college",
        "you can forget the mental health stuff, I'd rather not have it on file",
        ("Okafor", "panic", "buspirone"), "vegetarian",
    ),
    "the money thing, for bets lost (en)": (
        "lost like 900 bucks on parlays over the weekend, my wife doesn't know",
        "my daughter's name is Priya",
        "hey can you delete the money thing I told you about",
        ("parlays", "900"), "Priya",
    ),
    "a neighbour feud, the neighbour by name and the HOA (en)": (
        "my neighbour Rodney keeps parking his boat across my driveway and now the HOA is fining ME for it",
        "I'm learning the banjo, three months in",
        "pls forget that whole neighbour feud",
        ("Rodney", "HOA", "driveway"), "banjo",
    ),
    "the trip, for a guesthouse and a ride (en)": (
        "booked a little guesthouse in Hallstatt for the first week of june, gonna bike around the lake",
        "I'm lactose intolerant",
        "scratch the trip stuff, plans changed",
        ("Hallstatt", "guesthouse"), "lactose",
    ),
    "stuff about my ex, for an ex-boyfriend by name (en)": (
        "my ex-boyfriend Tobias showed up at my work again yesterday, I had to ask security to walk him out",
        "I play the cello in a community orchestra",
        "forget all the stuff about my ex, I'm done with that chapter",
        ("Tobias", "security"), "cello",
    ),
    "the hospital thing, for a mother's hip replaced (en)": (
        "my mom is getting her hip replaced at St. Anselm's on thursday, I'm taking the week off",
        "I'm doing the couch to 5k program",
        "the hospital thing from last week, you can drop it, she's home now",
        ("Anselm", "hip"), "5k",
    ),
    "心理方面, for a counsellor and panic (zh)": (
        "最近每周去看一次心理医生，惊恐发作的时候手会一直抖",
        "我最近在学尤克里里",
        "心理方面的那些事你就别记了",
        ("心理医生", "惊恐"), "尤克里里",
    ),
    "钱那件事, for money lost at cards (zh)": (
        "上周跟朋友打牌输了五千块，还没敢跟老婆说",
        "我在吃素，已经两年了",
        "钱那件事你帮我删了吧",
        ("五千", "打牌"), "吃素",
    ),
    "邻居那摊子事, for a neighbour by name and the property office (zh)": (
        "对门老孙天天把鞋柜堆在楼道里，找了物业三次都没用",
        "我叫林小满",
        "邻居那摊子事别记了，闹心",
        ("老孙", "鞋柜", "物业"), "林小满",
    ),
    "出游的事, for a guesthouse and a ride (zh)": (
        "五一订了莫干山的民宿，打算骑车绕一圈",
        "我在学古筝",
        "出游的事你删了吧，去不成了",
        ("莫干山", "民宿"), "古筝",
    ),
    "前任的那堆破事, for an ex by name (zh)": (
        "前男友阿凯又发微信来借钱，说是要还信用卡",
        "我最近在减肥，晚上不吃主食",
        "前任的那堆破事都给我删了",
        ("阿凯", "借钱"), "减肥",
    ),
    "住院的事, for a father's operation (zh)": (
        "我爸下周三在华山医院做胆囊切除",
        "我养了两只猫",
        "我爸住院的事不用记了",
        ("华山", "胆囊"), "两只猫",
    ),
    # 2. pointing back by a descriptor
    "that confession, the money one (en)": (
        "ok confession: I blew my whole bonus on sports bets last month",
        "I'm allergic to peanuts",
        "that confession from the other night, the money one, please forget it",
        ("bonus", "sports bets"), "peanuts",
    ),
    "the one about the guy next door (en)": (
        "my neighbour Doug cut down the hedge between our yards without asking, I'm furious",
        "I'm training for a half marathon",
        "forget the one about the guy next door",
        ("Doug", "hedge"), "marathon",
    ),
    "说邻居的那条 (zh)": (
        "楼下那户姓钱的大半夜还在敲墙，我报了两次警",
        "我是做会计的",
        "说邻居的那条删了吧",
        ("敲墙", "报了两次警"), "会计",
    ),
    "旅游那条 (zh)": (
        "国庆打算去桂林，订了阳朔的民宿，还想骑车去遇龙河",
        "我女儿今年上小学三年级",
        "旅游那条你忘了吧",
        ("阳朔", "遇龙河"), "三年级",
    ),
    # 3. run on without punctuation, after news or inside a polite run
    "run on after news, the neighbour by role (en)": (
        "my neighbor Marguerite called the HOA on me over my fence color, so now there's a hearing",
        "I go by Sam, not Samantha",
        "update me and the guy next door finally talked it out so you can forget the whole thing with the neighbour now",
        ("Marguerite", "fence"), "Sam",
    ),
    "run on, the money one, after news (en)": (
        "lost 2k at the casino in vegas, feel like an idiot",
        "I'm learning to play the drums",
        "paid it all back last night lol anyway delete that gambling confession thanks",
        ("2k", "vegas"), "drums",
    ),
    "a polite run, the family's hospital matter (zh)": (
        "我妈上个月在瑞金医院做了甲状腺手术，现在还在恢复",
        "我在学日语",
        "那个住院的事你就不用记了家里人不想让外人知道你删了吧谢谢啦",
        ("瑞金", "甲状腺"), "日语",
    ),
    "a run on after news, the neighbour by role (zh)": (
        "隔壁邻居老周把车停在我家门口，物业调解了两次",
        "我不吃辣",
        "跟他已经和好了对门那个人的事你就忘了吧",
        ("老周", "物业"), "不吃辣",
    ),
}  # fmt: skip

SAMPLE = (
    "a neighbour feud, the neighbour by name and the HOA (en)",
    "前任的那堆破事, for an ex by name (zh)",
)


def _check(mem: Memory, user: str, case: str) -> None:
    told, other, asked, gone, kept = FORGETS[case]
    left = forget_after(mem, user, told, other, asked, first_day=date(2026, 12, 1))
    facts = " ".join(f"{f.subject_name} {f.value} {f.source_text}" for f in mem.facts(user))
    recalled = " ".join(it.text for it in mem.recall(user, told, k=5))
    for word in gone:
        assert word.lower() not in left.lower(), (case, word, left)
        assert word.lower() not in facts.lower(), (case, word, facts)
        assert word.lower() not in recalled.lower(), (case, word, recalled)
    assert kept in left and kept in facts, (case, kept, facts)


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_topic_named_by_its_category_is_forgotten(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    _check(mem, uid("category"), case)


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    _check(mem, uid("category-sample"), case)


#: more phrasings of each construct: the request, and a turn its topic must reach
PHRASINGS = [
    # a category word the turn never used
    ("ok so my therapist says im doing better so u can forget the mental health stuff",
     "started seeing a therapist for the panic attacks"),
    ("can you wipe the emotional stuff I told you about", "my counselor put me on sertraline for the anxiety"),
    ("forget my money stuff pls", "lost like 900 bucks on parlays this weekend"),
    ("drop the vacation plans, not happening", "booked a guesthouse in Hallstatt for june"),
    ("please forget the hospital stuff about my mom", "my mom is getting her hip replaced thursday"),
    ("心理健康那块你都删了吧", "最近每周去看心理医生，惊恐发作的时候手抖"),
    ("情绪问题那些你就别记了", "焦虑得睡不着，咨询师让我写日记"),
    ("跟邻居闹的那些不用记了", "对门老孙天天把鞋柜堆在楼道里"),
    ("出去玩那件事别记了", "五一订了莫干山的民宿，打算骑车绕一圈"),
    ("我妈开刀那事你就别存了", "我妈上个月在瑞金医院做了甲状腺手术"),
    # pointing back by a descriptor
    ("the one about my ex, scrub it", "my ex-boyfriend Tobias showed up at my work again"),
    ("that rant from last week, the neighbour one, delete it", "Gary parked his boat across my driveway, the HOA is useless"),
    ("赌钱那次 你删了吧", "上周跟朋友打牌输了五千块"),
    ("吐槽楼上那家的那条你删了吧", "楼上那家半夜还在敲墙"),
    # run on, or inside a polite run, or the person by role
    ("nvm the neighbor drama, wipe it", "the HOA fined me because Gary complained about my fence"),
    ("sorted it out w him lol you can delete the neighbour beef now", "my neighbor Gary keeps parking across my driveway"),
    ("forget everything about the guy next door 🙏", "my neighbor Gary keeps parking across my driveway"),
    ("paid it all back lol anyway delete that gambling confession thx", "lost 2k at the casino in vegas"),
    ("事情解决啦那个对门大爷的事你也删了吧", "对门大爷把电动车停在楼道里"),
    ("前任那堆破事都给我删了不想再提了谢谢", "前男友阿凯又发微信来借钱"),
    ("那个出游的事你就别记了计划取消了你删了吧", "国庆订了阳朔的民宿"),
]  # fmt: skip


@pytest.mark.parametrize(("asked", "turn"), PHRASINGS)
def test_the_topic_read_reaches_the_turn(asked: str, turn: str) -> None:
    req = topic_request(asked)
    assert req is not None, asked
    assert says_topic(turn, topic_of(req.topic, [], [])), (asked, req, turn)


@pytest.mark.parametrize(
    ("told", "asked", "person"),
    [
        (
            "my neighbour Rodney keeps parking his boat across my driveway and now the HOA is fining ME for it",
            "pls forget that whole neighbour feud",
            "Rodney",
        ),
        ("my ex Dominic still has my record player, he won't give it back", "delete the ex stuff", "Dominic"),
        ("前男友阿凯又发微信来借钱，说是要还信用卡", "前任的那堆破事都给我删了", "阿凯"),
        ("对门老孙天天把鞋柜堆在楼道里，找了物业三次都没用", "邻居那摊子事别记了，闹心", "老孙"),
    ],
)
def test_the_person_named_in_the_turn_goes_with_it(
    mem: Memory, uid: Callable[[str], str], told: str, asked: str, person: str
) -> None:
    user = uid("category-person")
    mem.remember(user, told, at="2026-12-01T09:00:00Z")
    mem.remember(user, "my name is Lena Fischer", at="2026-12-02T09:00:00Z")
    mem.remember(user, asked, at="2026-12-03T09:00:00Z")
    held = mem.facts(user, include_frozen=True)
    about = [(f.subject_name, f.attribute, f.value) for f in held if person in f"{f.subject_name} {f.value}"]
    assert about == [], about
    assert any(f.attribute == "name" and "Lena" in str(f.value) for f in mem.facts(user)), held


@pytest.mark.parametrize(
    ("told", "asked"),
    [
        ("I'm learning the trumpet, slowly", "forget the mental health stuff"),
        ("I'm learning the trumpet, slowly", "can you drop that whole neighbour feud thing"),
        ("我在学小号", "前任的那堆破事都删了吧"),
        ("我在学小号", "住院的事你就别记了"),
    ],
)
def test_a_category_that_matches_nothing_forgets_nothing(
    mem: Memory, uid: Callable[[str], str], told: str, asked: str
) -> None:
    user = uid("category-none")
    mem.remember(user, told, at="2026-12-01T09:00:00Z")
    before = [(f.attribute, f.value) for f in mem.facts(user)]
    result = mem.remember(user, asked, at="2026-12-02T09:00:00Z")
    assert not result.changed, result
    assert any(i.reason == "nothing_to_forget" for i in result.ignored), result
    assert [(f.attribute, f.value) for f in mem.facts(user)] == before
    assert result.episode_id is None  # the request is not kept as a message either


@pytest.mark.parametrize(
    "message",
    [
        "my phone deleted all the trip photos when it updated, so annoying",
        "I forgot my therapist appointment again, she charged me anyway",
        "ugh I keep forgetting the neighbour's name, is it Ron or Rod",
        "the bank wiped my overdraft fee after I called, small win",
        "手机自动清理把旅游的照片都删了",
        "我又忘了心理医生的预约，白交了钱",
        "邻居把我们的聊天群删了，估计是生气了",
        "lol anyway I deleted the trip photos by accident",
        "我忘了跟物业说楼道灯坏了",
    ],
)
def test_a_sentence_about_forgetting_is_no_request(message: str) -> None:
    found = control_of(message)
    assert found is None or found.kind != FORGET, (message, found)


def test_a_sentence_about_forgetting_forgets_nothing(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("category-statement")
    mem.remember(user, "booked a guesthouse in Hallstatt for june", at="2026-12-01T09:00:00Z")
    mem.remember(user, "my phone deleted all the trip photos when it updated", at="2026-12-02T09:00:00Z")
    left = " ".join(e.text for e in mem.store.reader(user).episodes())
    assert "Hallstatt" in left, left
