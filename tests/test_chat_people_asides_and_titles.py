"""The user's people and pets said with something between the relation and the name: an aside
between dashes ("X — our old tabby, … — sees …", X——我家的柯基，…——…); a relation word, what
sort of friend, then the full name between commas, a bracket after it ("my pal from …, First
Last, works …", "my better half, X (…), …"); a pet said as "the cat" with a titled name between
commas ("the dog, Sir X, …"); a pet's kind word and name, then its breed as an aside (狗子X，一只
柯基，…); a boss by a nickname, then the full name (我们主管老X，X某某，…). The name gets its
relation, what is said of them stays on them, and recall by the relation word reaches it.
Another's pet or person, a dash aside that names no relation, and "the cat next door" are no one
of the user's. The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_on_user

_AT = "2026-11-16T09:00:00+08:00"


def _held_on(mem: Memory, user: str, name: str) -> dict[str, set[str]]:
    """The active values held on one of the user's people or pets, by attribute, lower-cased."""
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name.lower() == name.lower():
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    return active


#: (what is said, the name, the user's link to them, (attribute, a part of a value held on them)
#: or None, (attribute, a part of a value the user must not have been given) or None)
PEOPLE = {
    # an aside between dashes
    "a tabby's aside between em dashes, its vet its own (en)": (
        "Juniper — my tabby, a grumpy old lady at 15 — goes to Dr. Lindqvist at Riverbend Vet",
        "Juniper", ("pet", "juniper"), ("note", "riverbend"), None,
    ),
    "a golden said by the breed word alone, between double hyphens (en)": (
        "Rocco -- our golden, the goofball of the house -- sees Dr. Haas at Pine Hill Animal Hospital",
        "Rocco", ("pet", "rocco"), ("note", "pine hill"), None,
    ),
    "a beagle mix between en dashes (en)": (
        "Tilly – our beagle mix, a rescue from Tennessee – gets her shots at Northgate Animal Clinic",
        "Tilly", ("pet", "tilly"), ("note", "northgate"), None,
    ),
    "an oldest friend between dashes, her move hers (en)": (
        "Marisol — my oldest friend, known her since kindergarten — just moved to Tucson",
        "Marisol", ("friend", "marisol"), ("city", "tucson"), ("city", "tucson"),
    ),
    "a lab's aside between dashes inside the sentence (en)": (
        "we took Waffles — our lab, nine this spring — to Dr. Ortiz at Lakeview Vet yesterday",
        "Waffles", ("pet", "waffles"), None, None,
    ),
    "a corgi between 破折号, its vet its own (zh)": (
        "豆包——我家的柯基，家里的开心果——每次打针都去瑞鹏宠物医院找李医生",
        "豆包", ("pet", "豆包"), ("note", "瑞鹏"), None,
    ),
    "a British shorthair between single dashes, its checkups (zh)": (
        "年糕—我家的英短，今年五岁—每年体检都去芭比堂动物医院找刘医生",
        "年糕", ("pet", "年糕"), ("note", "芭比堂"), None,
    ),
    "a teddy between double hyphens, its skin trouble its own (zh)": (
        "可乐--我的泰迪--最近在安安宠物医院看皮肤病", "可乐", ("pet", "可乐"), ("note", "安安宠物医院"), None,
    ),
    "a dachshund's age in the aside, its cleaning its own (en)": (
        "Pickle — my 12yo dachshund — has a dental cleaning with Dr. Moreau at Elm Street Vet next week",
        "Pickle", ("pet", "pickle"), ("event", "elm street"), None,
    ),
    "a husky between dashes typed with no spaces (en)": (
        "Bruno—our husky, loud as anything—is on joint supplements from Dr. Reyes at Hillcrest Animal Hospital",
        "Bruno", ("pet", "bruno"), ("note", "hillcrest"), None,
    ),
    "a little brother between dashes, his school his (en)": (
        "Gabe — my little brother, the family troublemaker — got into Purdue", "Gabe", ("sibling", "gabe"),
        ("school", "purdue"), ("school", "purdue"),
    ),
    "a cockatiel between hyphens with spaces, its vet its own (en)": (
        "Nugget - my cockatiel, a tiny tyrant - sees Dr. Ellis at Avian Care Clinic", "Nugget", ("pet", "nugget"),
        ("note", "avian care"), None,
    ),
    "a cousin between 破折号, his wedding his (zh)": (
        "阿强——我表哥，在深圳做外贸——下个月结婚", "阿强", ("relative", "阿强"), ("event", "结婚"), None,
    ),
    "a daughter between 破折号, her school hers (zh)": (
        "甜甜——我女儿，刚上一年级——在实验小学读书", "甜甜", ("child", "甜甜"), ("school", "实验小学"),
        ("school", "实验小学"),
    ),
    # one's person named, then an aside saying what they are like
    "a named brother, a description between dashes, his school his (en)": (
        "my brother Sam — the family genius — got into MIT", "Sam", ("sibling", "sam"), ("school", "mit"),
        ("likes", "mit"),
    ),
    "a named son, his age in a dash aside, his class his (en)": (
        "my son Theo – 6 years old, total chaos – started karate at Kicks Dojo", "Theo", ("child", "theo"),
        ("age", "6"), None,
    ),
    "a named daughter, a description in brackets (en)": (
        "my daughter Ava (the drama queen) got into Juilliard", "Ava", ("child", "ava"), None, ("likes", "juilliard"),
    ),
    "a named brother, a description between 破折号, his school his (zh)": (
        "我弟小杰——家里的学霸——考上了清华", "小杰", ("sibling", "小杰"), ("school", "清华"), ("school", "清华"),
    ),
    "a named 闺蜜, a description between 破折号, her trip hers (zh)": (
        "我闺蜜安安——一个十足的吃货——下个月去成都出差", "安安", ("friend", "安安"), ("event", "成都"), None,
    ),
    # a relation word, what sort, then the name between commas
    "a spouse as 'better half', a bracket after the name, her employer hers (en)": (
        "my better half, Ines (we met in grad school), works at Boeing as an engineer",
        "Ines", ("spouse", "ines"), ("employer", "boeing"), ("employer", "boeing"),
    ),
    "a buddy from the army, a full name, where he lives his (en)": (
        "my buddy from my army days, Tobias Keller, lives out in Spokane now",
        "Tobias Keller", ("friend", "tobias keller"), ("city", "spokane"), ("city", "spokane"),
    ),
    "a pal from the gym, a full name, her employer hers (en)": (
        "my pal from the climbing gym, Priya Nair, works at Genentech now",
        "Priya Nair", ("friend", "priya nair"), ("employer", "genentech"), ("employer", "genentech"),
    ),
    "a spouse as 'other half' between commas, his trade his (en)": (
        "my other half, Desmond, is a firefighter in Leeds", "Desmond", ("spouse", "desmond"),
        ("job_title", "firefighter"), ("job_title", "firefighter"),
    ),
    "our cat with a titled name, her allergy hers (en)": (
        "our cat, Lady Marmalade, is allergic to fish", "Lady Marmalade", ("pet", "lady marmalade"),
        ("allergy", "fish"), ("allergy", "fish"),
    ),
    "'the dog' with a titled name heading the message, his age his (en)": (
        "the dog, Sir Wagsalot, is 11 years old", "Sir Wagsalot", ("pet", "sir wagsalot"),
        ("age", "11"), ("age", "11"),
    ),
    "'the cat' with Mrs. and a stop (en)": (
        "the cat, Mrs. Pemberton, naps on my lap every evening", "Mrs. Pemberton", ("pet", "mrs. pemberton"),
        None, None,
    ),
    "a bestie since school, a full name (en)": (
        "my bestie since third grade, Kayla Brooks, just got engaged", "Kayla Brooks", ("friend", "kayla brooks"),
        ("note", "engaged"), None,
    ),
    "'wifey' and a name between commas, her city hers (en)": (
        "my wifey, Carmen, teaches yoga in Austin", "Carmen", ("spouse", "carmen"), ("city", "austin"),
        ("city", "austin"),
    ),
    "'the missus' and a name between commas, her employer hers (en)": (
        "the missus, Brenda, is a nurse at St. Luke's", "Brenda", ("spouse", "brenda"), ("employer", "luke"),
        ("employer", "luke"),
    ),
    "a bracket that trails off after the name ends no sentence (en)": (
        "my other half, Rafael (married 25 yrs…), works at Costco", "Rafael", ("spouse", "rafael"),
        ("employer", "costco"), ("employer", "costco"),
    ),
    "'the dog' and a plain name heading the message (en)": (
        "the dog, Biscuit, hates thunderstorms", "Biscuit", ("pet", "biscuit"), ("dislikes", "thunderstorms"),
        ("dislikes", "thunderstorms"),
    ),
    "'the kitten' and a professor's title (en)": (
        "the kitten, Professor Whiskers, is scared of the vacuum", "Professor Whiskers",
        ("pet", "professor whiskers"), ("note", "vacuum"), None,
    ),
    "a 闺蜜 and a nickname between commas, her trip hers (zh)": (
        "我闺蜜，小雅，下周去杭州出差", "小雅", ("friend", "小雅"), ("event", "杭州"), None,
    ),
    "a cousin and a full name between commas, his employer his (zh)": (
        "我表哥，刘洋，在华为做工程师", "刘洋", ("relative", "刘洋"), ("employer", "华为"), ("employer", "华为"),
    ),
    "a childhood friend and a name between commas, his city his (zh)": (
        "我发小，张伟，现在住在成都", "张伟", ("friend", "张伟"), ("city", "成都"), ("city", "成都"),
    ),
    "a husband and a name between commas, his job his (zh)": (
        "我老公，陈志明，在中学当老师", "陈志明", ("spouse", "陈志明"), ("job_title", "老师"), ("job_title", "老师"),
    ),
    # a pet's kind word and name, then its breed as an aside
    "狗子 and a name, a corgi as an aside, its vet its own (zh)": (
        "狗子豆包，一只胖乎乎的柯基，每次体检都去新瑞鹏动物医院找王医生",
        "豆包", ("pet", "豆包"), ("note", "新瑞鹏"), None,
    ),
    "猫咪 and a name, a shorthair as an aside set apart by spaces (zh)": (
        "猫咪年糕 一只三岁的英短 每次绝育复查都去芭比堂动物医院找刘医生",
        "年糕", ("pet", "年糕"), ("note", "芭比堂"), None,
    ),
    "猫主子 and a name, 是只橘猫 as the aside, its vet its own (zh)": (
        "我家猫主子元宝，是只橘猫，每次都在宠爱国际动物医院找陈医生看病",
        "元宝", ("pet", "元宝"), ("note", "宠爱国际"), None,
    ),
    "兔子 and a name, a lop as the aside (zh)": (
        "兔子团团 一只垂耳兔 最近不爱吃草", "团团", ("pet", "团团"), None, None,
    ),
    # a boss by a nickname, then the full name
    "a 主管 by nickname then full name (zh)": (
        "我们主管老周 周建国 脾气还行就是爱开会", "老周", ("friend", "老周"), ("name", "周建国"), ("name", "周建国"),
    ),
    "a 领导 by nickname then full name, what is said his (zh)": (
        "我们领导老何，何晓东，人挺随和的", "老何", ("friend", "老何"), ("name", "何晓东"), ("name", "何晓东"),
    ),
    "a 老板 by 小 and the surname, a plan his (zh)": (
        "我老板小林，林佳怡，下周要来我们部门开会", "小林", ("friend", "小林"), ("name", "林佳怡"), ("name", "林佳怡"),
    ),
    "a 老板 called X总, then the full name (zh)": (
        "我们老板 钱总 钱文博 下个月要去新加坡开会", "钱总", ("friend", "钱总"), ("name", "钱文博"),
        ("name", "钱文博"),
    ),
    "a colleague by nickname then full name, where he lives his (zh)": (
        "我同事老赵 赵明 住在我家楼下", "老赵", ("friend", "老赵"), ("name", "赵明"), ("name", "赵明"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(PEOPLE))
def test_the_name_is_the_users_and_what_is_said_is_theirs(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, name, (link_attribute, linked), theirs, not_mine = PEOPLE[case]
    user = uid("asides-titles")
    mem.remember(user, said, at=_AT)
    got = {str(f.value).lower() for f in mem.get(user, link_attribute)}
    assert linked in got, (case, got, held_on_user(mem, user))
    if theirs is not None:
        held = _held_on(mem, user, name)
        assert any(theirs[1] in v for v in held.get(theirs[0], set())), (case, held)
    if not_mine is not None:
        mine = held_on_user(mem, user)
        assert not any(not_mine[1] in v for v in mine.get(not_mine[0], set())), (case, mine)


#: (what is said, the name, the age the aside says, or None when it says none of theirs)
AGES = {
    "a golden's age said 'at 13' in a dash aside (en)": (
        "Rocco -- our golden, the old man of the house at 13 -- sees Dr. Haas at Pine Hill Animal Hospital",
        "Rocco", "13",
    ),
    "a cat's age in brackets (en)": ("Figaro (my 7yo tuxedo cat) hates the carrier", "Figaro", "7"),
    "a shorthair's age after a comma in a dash aside (zh)": (
        "年糕—我家的英短，五岁了—每年体检都去芭比堂动物医院找刘医生", "年糕", "5",
    ),
    "a ragdoll's age in full-width brackets (zh)": ("团子（我家两岁的布偶）最近掉毛很厉害", "团子", "2"),
    "a friend married at some age is no age of hers (en)": (
        "Marisol — my oldest friend, married at 22 — just moved to Tucson", "Marisol", None,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(AGES))
def test_an_age_in_the_aside_is_theirs(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, name, age = AGES[case]
    user = uid("aside-age")
    mem.remember(user, said, at=_AT)
    held = _held_on(mem, user, name).get("age", set())
    assert (held == {age}) if age else not held, (case, held)


_RELATIONS = ("child", "pet", "friend", "sibling", "parent", "spouse", "partner", "relative")

#: (what is said, the names that must be no one's relation to the user)
NOT_PEOPLE = {
    "the cat next door, named between commas (en)": ("the cat next door, Smokey, sleeps on our porch", ["smokey"]),
    "'the cat' that belongs to the neighbours (en)": (
        "the cat, Smokey, belongs to the Hendersons but sleeps on our porch", ["smokey"],
    ),
    "a dash aside that names no relation (en)": (
        "Luca — the barista with the tattoos — finally learned my order", ["luca"],
    ),
    "a dash aside saying someone else's dog (en)": ("Coco — my sister's poodle — has fleas again", ["coco"]),
    "a friend of someone else's between commas (en)": (
        "my sister's friend, Dana Wu, lives in Reno", ["dana wu", "dana"],
    ),
    "a dash aside of a shop's cat (zh)": ("豆豆——楼下小卖部的猫——天天来我家蹭饭", ["豆豆"]),
    "a neighbour's dog with its breed aside (zh)": ("邻居家的狗子旺财，一只柯基，天天在楼下叫", ["旺财"]),
    "a day word where the name would stand (zh)": ("我老公，今天，又加班到半夜", ["今天"]),
    "a hyphen aside that names no relation (en)": ("Beans - my favorite barista - quit today", ["beans"]),
    "a holiday with a dash aside naming the kids (en)": (
        "Halloween — my kids' favorite night of the year — means a costume crisis", ["halloween"],
    ),
    "a sister's boyfriend with a description between dashes (en)": (
        "my sister's boyfriend Raj — a total gym rat — moved to Pune", ["raj"],
    ),
    "a dash aside saying a neighbour's husky (en)": ("Milo — my neighbor's husky — howls all night", ["milo"]),
    "'the dog' one is fostering (en)": ("the dog, Rufus, is one we're fostering for a month", ["rufus"]),
    "a coworker's husband between commas (en)": (
        "my coworker's husband, Dev Patel, runs a bakery", ["dev patel", "dev"],
    ),
    "a dash aside saying a friend's corgi (zh)": ("豆包——我朋友家的柯基——来我家住了两天", ["豆包"]),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NOT_PEOPLE))
def test_no_one_else_is_made_the_users(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, names = NOT_PEOPLE[case]
    user = uid("not-asides")
    mem.remember(user, said, at=_AT)
    mine = held_on_user(mem, user)
    linked = {v for attribute in _RELATIONS for v in mine.get(attribute, set())}
    assert not linked & set(names), (case, mine)


#: (what is said, the relation, all the names it holds): a full name or a titled one is one
#: name, not also its first word
ONE_NAME = {
    "a full name after 'my pal' (en)": ("my pal Marcus Oyelaran just moved to Leeds", "friend", {"marcus oyelaran"}),
    "a titled cat's name (en)": ("my cat Sir Pounce naps on my keyboard all day", "pet", {"sir pounce"}),
    "a titled dog's name with a stop (en)": ("our dog Mr. Noodles is 9 years old", "pet", {"mr. noodles"}),
}  # fmt: skip


@pytest.mark.parametrize("case", list(ONE_NAME))
def test_a_full_or_titled_name_is_one_name(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, attribute, names = ONE_NAME[case]
    user = uid("one-name")
    mem.remember(user, said, at=_AT)
    assert {str(f.value).lower() for f in mem.get(user, attribute)} == names, case


def test_a_nickname_and_another_full_name_are_two_people(mem: Memory, uid: Callable[[str], str]) -> None:
    """老周 and a full name with another surname: the full name is not 老周's."""
    user = uid("two-bosses")
    mem.remember(user, "我们主管老周，王建国，都挺照顾我的", at=_AT)
    assert "王建国" not in _held_on(mem, user, "老周").get("name", set())


def test_a_dash_aside_with_no_relation_leaves_the_move_unread_as_the_users(
    mem: Memory, uid: Callable[[str], str]
) -> None:
    user = uid("dash-no-relation")
    mem.remember(user, "Luca — the barista with the tattoos — just moved to Denver", at=_AT)
    assert "denver" not in held_on_user(mem, user).get("city", set())


#: (what is said, a question by the relation, a word of the answer)
RECALLED = {
    "a golden's vet, asked by 'my dog' (en)": (
        "Rocco -- our golden, the goofball of the house -- sees Dr. Haas at Pine Hill Animal Hospital",
        "who is my dog's vet", "Pine Hill",
    ),
    "a buddy's city, asked by 'my friend' (en)": (
        "my buddy from my army days, Tobias Keller, lives out in Spokane now", "where does my friend live",
        "Spokane",
    ),
    "a spouse's name, asked by 'my wife' (en)": (
        "my better half, Ines (we met in grad school), works at Boeing as an engineer", "what's my wife called",
        "Ines",
    ),
    "a corgi's clinic, asked by 我家狗 (zh)": (
        "狗子豆包，一只胖乎乎的柯基，每次体检都去新瑞鹏动物医院找王医生", "我家狗去哪个医院看病", "新瑞鹏",
    ),
    "a brother's school, asked by 'my brother' (en)": (
        "Gabe — my little brother, the family troublemaker — got into Purdue", "where does my brother go to school",
        "Purdue",
    ),
    "a cousin's employer, asked by 表哥 (zh)": ("我表哥，刘洋，在华为做工程师", "我表哥在哪上班", "华为"),
    "a boss's full name, asked by 老板 (zh)": (
        "我们老板 钱总 钱文博 下个月要去新加坡开会", "我老板叫什么", "钱文博",
    ),
    "a boss's full name, asked by 上司 (zh)": ("我们主管老周 周建国 脾气还行就是爱开会", "我上司叫什么", "周建国"),
    "a boss's full name, asked by 领导 (zh)": ("我们领导老何，何晓东，人挺随和的", "我领导叫什么名字", "何晓东"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(RECALLED))
def test_what_is_said_of_them_is_recalled_by_the_relation(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, asked, word = RECALLED[case]
    user = uid("asides-recall")
    mem.remember(user, said, at=_AT)
    mem.remember(
        user,
        "周末想去爬山" if "\u4e00" <= asked[0] <= "\u9fff" else "I like hiking",
        at="2026-11-17T09:00:00+08:00",
    )
    found = [
        it.fact.text + " " + str(it.fact.value) for it in mem.recall(user, asked, k=5) if it.fact is not None
    ]
    assert any(word in x for x in found), (case, found)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_name_is_the_users_and_what_is_said_is_theirs(
        mem, uid, "a buddy from the army, a full name, where he lives his (en)"
    )
    test_the_name_is_the_users_and_what_is_said_is_theirs(mem, uid, "a 主管 by nickname then full name (zh)")
