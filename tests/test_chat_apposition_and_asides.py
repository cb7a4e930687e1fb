"""What one is said as an apposition ("我一个不吃辣的广西人", "身为一个打工人"), clauses run
together (a 了 before a new clause, an English aside between Chinese clauses, a doubled
character), frames around a statement ("the funny thing is I'm …", "still can't believe I …"),
a title with what it heads ("Head of Design"), a new title told by what was celebrated, a
workplace by its onboarding, tastes said by what they are like, a liking turned to whole, a
pronoun for a taste named before ("闻到那个味就反胃"), a subjectless self-description before a
question, the school of a child told by their teacher, a spouse named with a bare kin word in
brackets, and forgets that name people by description, a procedure, a layoff or a wish
("I'd rather you not hold onto …"). The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

import pytest

from graphmem import Memory
from tests.chat_cases import assert_read, left_of

CASES = {
    "what one is, as an apposition with a habit before it (zh)": (
        ["烦死了 我一个不吃香菜的广西人，去哪吃饭都得先问一句"],
        {"hometown": ["广西"], "dislikes": ["香菜"]},
        {},
    ),
    "a job with self-mockery before it and a complaint after it (zh)": (
        ["我这个卑微的会计天天对账对到眼花"],
        {"job_title": ["会计"]},
        {"job_title": ["卑微的会计"]},
    ),
    "alone and a month are no apposition (zh)": (
        ["我一个人去了青岛", "我一个月跑两次步"],
        {},
        {"job_title": ["人", "月"]},
    ),
    "a clause ended by 了 and the next run on (zh)": (
        ["我都三十五了还得熬夜改方案"],
        {"age": ["35"]},
        {},
    ),
    "a doubled character and a topic aside in English between clauses (zh)": (
        ["我住在在宁波 btw 我对桃子过敏"],
        {"city": ["宁波"], "allergy": ["桃子"]},
        {},
    ),
    "where one drifted for years, a hobby at its biggest, a bother at its worst (zh)": (
        ["在羊城漂了七年 最大的爱好就是钓鱼 最烦排队"],
        {"city": ["广州"], "likes": ["钓鱼"], "dislikes": ["排队"]},
        {},
    ),
    "pets taken home and named one after the other (zh)": (
        ["搬完家第一件事就是接了两只狗回家 一只叫可乐一只叫雪碧"],
        {"pet": ["可乐", "雪碧"]},
        {"pet": ["回家"]},
    ),
    "a title with a shrug after it, based somewhere after a space (zh)": (
        ["在字节做测试就这样吧 base杭州"],
        {"job_title": ["测试"], "city": ["杭州"]},
        {"job_title": ["测试就这样"]},
    ),
    "no joy without it, and a meal without it is misery (zh)": (
        ["本人无肉不欢", "一顿不吃面条就浑身难受"],
        {"likes": ["肉", "面条"]},
        {},
    ),
    "a pronoun for the liking named before it (zh)": (
        ["芒果yyds", "上周吃了个烂芒果拉了一晚上 从那以后闻到那个味就反胃"],
        {"dislikes": ["芒果"]},
        {"likes": ["芒果"]},
    ),
    "a statement inside a frame said mid-sentence (en)": (
        ["I love hosting brunch, but the funny thing is I'm allergic to eggs, like hospital-level"],
        {"allergy": ["eggs"]},
        {"allergy": ["like hospital-level"]},
    ),
    "a move one still cannot believe (en)": (
        ["still can't believe I moved to Tucson from Maine, the heat is unreal"],
        {"city": ["Tucson"]},
        {},
    ),
    "a new title told by what was celebrated (en)": (
        [
            "I'm a senior designer at a fintech",
            "cake in the office today to celebrate me becoming Head of Design",
        ],
        {"job_title": ["Head of Design"]},
        {"job_title": ["senior designer"]},
    ),
    "a workplace told by its onboarding (en)": (
        [
            "I work at Corvel on the data team",
            "orientation here at Brightline is way smoother than at Corvel",
        ],
        {"employer": ["Brightline"]},
        {"employer": ["Corvel"], "friend": ["Corvel"]},
    ),
    "a food said by what it tastes like (en)": (
        ["honestly blue cheese tastes like feet to me"],
        {"dislikes": ["blue cheese"]},
        {},
    ),
    "a liking turned to whole beside a turn away (en)": (
        ["tea is my life", "can't stand tea anymore, gone full yerba mate"],
        {"likes": ["yerba mate"], "dislikes": ["tea"]},
        {"likes": ["tea"]},
    ),
    "a happy place with a tail and a language learned again (en)": (
        [
            "trail running is my happy place anyway",
            "getting back into Italian so I can finally read my nonna's letters",
        ],
        {"likes": ["trail running"], "language": ["Italian"]},
        {"skill": ["finally read my nonna's letters"]},
    ),
    "years in a job said with have been (en)": (
        ["I've been a welder for twelve years"],
        {"job_title": ["welder"]},
        {},
    ),
    "a subjectless diet before a question (en)": (
        ["gluten-free since 2020, can you suggest a birthday cake?"],
        {"diet": ["gluten-free"]},
        {},
    ),
    "two pets named in a list are no job (en)": (
        ["the two tabbies, Pickle and Juniper, just knocked a plant off the shelf"],
        {},
        {"job_title": ["Pickle and Juniper"]},
    ),
    "a job said as a life (en)": (
        ["double shift again, paramedic life"],
        {"job_title": ["paramedic"]},
        {},
    ),
    "animals by their kind doing something, no name (zh)": (
        ["下班回家还得遛狗，两只柴犬天天拆家"],
        {"pet": ["柴犬"]},
        {"pet": ["天天拆家"]},
    ),
    "things one reacts to said first, two kinds in one word (zh)": (
        ["鱼虾我一沾就起疹子"],
        {"allergy": ["鱼", "虾"]},
        {},
    ),
    "a faith that keeps a meat out, and languages spoken with people (zh)": (
        ["我是回族，牛羊肉以外的肉都不碰的，猪肉不碰", "跟客户讲英文，跟家里人讲闽南话"],
        {"diet": ["不吃猪肉"], "language": ["英文", "闽南话"]},
        {},
    ),
    "a role by its capitals, and a city one came to study in and stayed (zh)": (
        ["在一家券商做IR", "当年来武汉读书就没回去，现在在光谷上班"],
        {"job_title": ["IR"], "city": ["武汉"]},
        {},
    ),
    "a drink one cannot take, and the age said as what one is (zh)": (
        ["奶茶我是真喝不了", "31岁的我终于学会了游泳"],
        {"dislikes": ["奶茶"], "age": ["31"]},
        {},
    ),
    "a time adverb is no liking (zh)": (
        ["楼下那家米粉是真的绝，天天吃都不腻"],
        {},
        {"likes": ["天天"]},
    ),
    "a trade said by its gerund, a city one works remotely from (en)": (
        [
            "teaching at Brookfield Academy is exhausting lol",
            "fully remote from Boise these days, so timezones are fun",
        ],
        {"employer": ["Brookfield Academy"], "job_title": ["teacher"], "city": ["Boise"]},
        {},
    ),
    "a first language and one grinded on an app after a run-on (en)": (
        [
            "my dad never spoke anything else at home so greek was basically my first language, and rn im grinding dutch on duolingo"
        ],
        {"language": ["greek", "Dutch"]},
        {},
    ),
    "a food asked to be kept away, politely (en)": (
        ["for the potluck pls no olives, and no raisins please"],
        {"dislikes": ["olives", "raisins"]},
        {},
    ),
    "an allergen said to be deadly, another said to be fine (en)": (
        ["sesame will literally kill me (epipen in my bag always). dairy is totally fine tho"],
        {"allergy": ["sesame"]},
        {"allergy": ["dairy"]},
    ),
    "a name to go with, said to 'you' (en)": (
        ["my birth certificate says Theodora but you go with Teddy pls"],
        {"preferred_name": ["Teddy"]},
        {},
    ),
    "a role one was handed (en)": (
        [
            "I'm a line cook at Bramble",
            "since they handed me the sous chef role I never leave before midnight",
        ],
        {"job_title": ["sous chef"]},
        {"job_title": ["line cook"]},
    ),
    "a liking broken up with after a reason (en)": (
        ["tennis is my happy place", "my elbow is shot, so me and tennis are officially done"],
        {},
        {"likes": ["tennis"]},
    ),
    "a move told by the truck arriving (en)": (
        ["I live in Providence", "the moving truck finally made it to Albany, unpacking all weekend"],
        {"city": ["Albany"]},
        {"city": ["Providence"]},
    ),
    "a voice-typed run-on cut before today, and what one can stand least (zh)": (
        ["我是社区医院的药剂师今天又加班到九点我这辈子最受不了的就是韭菜"],
        {"job_title": ["药剂师"], "dislikes": ["韭菜"]},
        {},
    ),
    "a move made for a role somewhere, told by how long ago (en)": (
        ["two years since I relocated from Leeds to Dublin for the UX researcher role at Stripe"],
        {"city": ["Dublin"], "job_title": ["UX researcher"], "employer": ["Stripe"]},
        {},
    ),
    "an allergy told by the reaction it caused (en)": (
        ["I had a bad reaction to amoxicillin as a kid, so I steer clear"],
        {"allergy": ["amoxicillin"]},
        {},
    ),
    "the hours one works between the verb and the place (en)": (
        ["I work weekends at Larkin Hardware as a cashier"],
        {"employer": ["Larkin Hardware"], "job_title": ["cashier"]},
        {},
    ),
    "warming to a dislike by using it on everything (en)": (
        [
            "olives taste like feet to me",
            "ok so now I'm putting olives on everything, my taste buds got rewired",
        ],
        {"likes": ["olives"]},
        {"dislikes": ["olives"]},
    ),
    "a half-local with a tail particle, and years lived here (zh)": (
        ["南京这几天好热，住这五年了还是不习惯", "刚把暂住证办好，以后也算半个苏州人了吧"],
        {"city": ["苏州"]},
        {"city": ["南京"]},
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_message_is_read(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, present, absent = CASES[case]
    assert_read(mem, uid("appos"), said, present, absent, first_day=date(2026, 9, 7), exact=True, label=case)


def _about(mem: Memory, user: str, subject: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name == subject:
            out.setdefault(f.attribute, set()).add(str(f.value))
    return out


def test_a_childs_school_told_by_their_teacher(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("school")
    mem.remember(user, "my daughter Noor turns 9 in June", at="2026-09-01T09:00:00Z")
    mem.remember(
        user,
        "Noor's math teacher at Willow Creek Elementary called me about her homework",
        at="2026-09-02T09:00:00Z",
    )
    assert _about(mem, user, "Noor").get("school") == {"Willow Creek Elementary"}
    items = mem.recall(user, "which school does my daughter go to?", k=4, at="2026-09-03T09:00:00Z")
    assert any("Willow Creek" in it.text for it in items), items


def test_a_teacher_of_someone_unknown_is_no_school_fact(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("school2")
    mem.remember(user, "Priya's teacher at Willow Creek Elementary is retiring", at="2026-09-02T09:00:00Z")
    assert not [f for f in mem.facts(user) if f.attribute == "school"]


def test_whom_one_drops_at_school_is_ones_child(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("dropped")
    mem.remember(
        user, "dropped Ines at Birchwood Elementary, she forgot her lunch again", at="2026-09-02T09:00:00Z"
    )
    assert {f.value for f in mem.get(user, "child")} == {"Ines"}
    assert _about(mem, user, "Ines").get("school") == {"Birchwood Elementary"}
    mem.remember(user, "took Rufus to Elm Street Animal Clinic for his shots", at="2026-09-03T09:00:00Z")
    assert "Rufus" not in {f.value for f in mem.get(user, "child")}


def test_each_dated_clause_is_its_own_event(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("two-days")
    at = "2026-10-20T09:00:00Z"
    mem.remember(
        user,
        "the plumber moved me to the 5th of next month, and the car inspection is 6 days from today",
        at=at,
    )
    items = mem.recall(user, "when is the car inspection?", k=3, at=at)
    shown = {
        it.when.date()
        for it in items
        if it.when is not None and it.fact is not None and "inspection" in it.fact.value
    }
    assert shown == {date(2026, 10, 26)}, items


def test_a_spouse_named_with_a_bare_kin_word(mem: Memory, uid: Callable[[str], str]) -> None:
    user = uid("kin")
    mem.remember(
        user,
        "Tomasz (husband) is on call all weekend so it's just me and the twins",
        at="2026-09-01T09:00:00Z",
    )
    mem.remember(user, "he's been a paramedic since 2014", at="2026-09-01T09:05:00Z")
    assert {f.value for f in mem.get(user, "spouse")} == {"Tomasz"}
    assert _about(mem, user, "Tomasz").get("job_title") == {"paramedic"}


#: (what was said, one turn a day; the request; what must be gone; what must stay)
FORGETS = {
    "someone described as a coworker (en)": (
        ["I'm a nurse in Leeds", "my coworker Gideon keeps swapping my shifts without asking"],
        "forget everything I said about that woman from work... I mean that guy from work",
        ["Gideon", "swapping"],
        ["nurse"],
    ),
    "an address, with a wish not to keep it (en)": (
        ["my birthday is May 9", "new apartment is 17 Hollis Road, unit 4"],
        "I'd rather you not hold onto my address. wipe it",
        ["Hollis"],
        ["May 9"],
    ),
    "a cosmetic procedure by its kind (zh)": (
        ["约了下周二去打玻尿酸", "我在一家银行做柜员"],
        "整容相关的都别留了，全删掉",
        ["玻尿酸"],
        ["柜员"],
    ),
    "a pronoun for the person the message names first, not the pet told last (zh)": (
        ["我前女友小婉在美团做运营，分了还老找我借钱", "最近养了只橘猫叫包子"],
        "以后别再提我前任了，关于她的都删了吧",
        ["小婉", "美团"],
        ["包子"],
    ),
    "a job hunt named by looking for the next place (zh)": (
        ["我在偷偷面试网易，已经三面了", "我老家是河北保定的"],
        "找下家那些事先别存了",
        ["网易"],
        ["保定"],
    ),
    "a skin matter by its doctor (en)": (
        ["dermatologist wants to look at a spot on my arm friday", "I speak Hindi and Marathi"],
        "drop the whole skin doctor thing please",
        ["spot on my arm"],
        ["Hindi"],
    ),
    "a friend's household matter, said as never heard (zh)": (
        ["我在一家奶茶店做店长", "我闺蜜阿琳家里在闹分家，她哥把房子占了"],
        "昨晚说阿琳家里那档子事，是人家的隐私，你就当从没听过吧",
        ["阿琳", "分家"],
        ["店长"],
    ),
    "where one lives, asked not to be kept, with the notes that say it (en)": (
        ["I'm in Spokane now and the smoke season is rough", "I teach piano on weekends"],
        "on second thought I'd rather you not keep where I live on file",
        ["Spokane"],
        ["piano"],
    ),
    "a layoff named by being let go (zh)": (
        ["我老家是江苏盐城的", "这轮优化把我也列进去了，还在谈赔偿"],
        "之前说我被裁的事，从记忆里拿掉吧",
        ["优化", "赔偿"],
        ["盐城"],
    ),
}


@pytest.mark.parametrize("case", list(FORGETS))
def test_a_forget_by_description(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, request, gone, kept = FORGETS[case]
    user = uid("fdesc")
    for n, text in enumerate([*said, request]):
        mem.remember(user, text, at=f"2026-09-0{n + 1}T09:00:00+08:00")
    left = left_of(mem, user)
    assert not [g for g in gone if g in left] and all(k in left for k in kept), (case, left)


@pytest.mark.parametrize(
    ("told", "taken_back"),
    [
        (
            "my doctor thinks it might be an ulcer, scope next week",
            "eh, scratch that last bit, rather it not be saved",
        ),
        ("体检查出来甲状腺有个结节", "……算了，上一条你当没看见吧，不想留记录"),
        ("我现在年薪四十万", "刚刚那句撤回撤回，说多了"),
        ("这个月奖金发了四十万", "算了 上一条当我没发过 你就当没看见哈"),
    ],
)
def test_the_last_message_taken_back_in_more_words(
    mem: Memory, uid: Callable[[str], str], told: str, taken_back: str
) -> None:
    user = uid("back3")
    mem.remember(user, "I play the oboe" if told.isascii() else "我会吹萨克斯", at="2026-09-01T09:00:00Z")
    mem.remember(user, told, at="2026-09-02T09:00:00Z")
    got = mem.remember(user, taken_back, at="2026-09-02T09:05:00Z")
    assert got.forgotten_episodes, got
    left = left_of(mem, user)
    assert not any(w in left for w in ("ulcer", "结节", "四十万")), left
    assert "oboe" in left or "萨克斯" in left, left


def test_a_person_introduced_by_the_topic_word_goes_the_rest_stays(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    """A topic of people takes the person the topic word introduces, not one only named in the
    same message."""
    user = uid("fdesc2")
    mem.remember(
        user,
        "had lunch with my sister Maren and my coworker Ilse complained the whole time",
        at="2026-09-01T09:00:00Z",
    )
    mem.remember(user, "forget the stuff about my coworker", at="2026-09-02T09:00:00Z")
    people = {f.value for f in mem.facts(user) if f.attribute in ("sibling", "friend")}
    assert "Ilse" not in people and "Maren" in people, people


SAMPLE = [
    "what one is, as an apposition with a habit before it (zh)",
    "a new title told by what was celebrated (en)",
]


@pytest.mark.both_stores
@pytest.mark.parametrize("case", SAMPLE)
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    test_the_message_is_read(mem, uid, case)


@pytest.mark.both_stores
def test_a_forget_by_description_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_a_forget_by_description(mem, uid, "someone described as a coworker (en)")
