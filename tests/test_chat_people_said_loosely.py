"""The user's people and pets named the loose chat way: a name, then an aside saying who it is
("Pip (my 4yo beagle) …", "Rosa, my oldest friend, …", 豆豆（我家三岁的泰迪）…); a name heading
the message with its relation said later in it ("nora lost her first tooth today!! my daughter
…", 小宝今天… 我儿子…); a name given as the answer to the assistant's question ("how many kids
do you have?" → "just the one, Ezra, 5"); a pet by a chat word for its kind (狗子X, 猫主子X,
"the pupper X", "our floof X"); a friend's or child's news as the sentence ("X got hired by …").
Each name gets its relation, and what the message says of them is theirs, not the user's. A name
with no relation said, a place in the aside, two names for one relation: none is guessed.
The sentences are this file's own."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from graphmem import Memory
from tests.chat_cases import held_on_user

_AT = "2026-11-09T09:00:00+08:00"


def _held_on(mem: Memory, user: str, name: str) -> dict[str, set[str]]:
    """The active values held on one of the user's people, by attribute, lower-cased."""
    active: dict[str, set[str]] = {}
    for f in mem.facts(user):
        if f.subject_name.lower() == name.lower():
            active.setdefault(f.attribute, set()).add(str(f.value).lower())
    return active


def _say(mem: Memory, user: str, said: str | tuple[str, str]) -> None:
    """One user message, or the assistant's question and the user's answer a minute later."""
    if isinstance(said, tuple):
        mem.remember(user, said[0], role="assistant", at="2026-11-09T08:59:00+08:00")
        said = said[1]
    mem.remember(user, said, at=_AT)


#: (what is said (or the assistant's question and the answer), the name, the user's link to them,
#: (attribute, a part of a value held on them) or None, (attribute, a part of a value the user
#: must not have been given) or None)
PEOPLE = {
    # a name, then an aside that says who it is
    "a beagle named before its bracketed kind, its vet its own (en)": (
        "Pip (my 4yo beagle) has an ear infection, vet is Dr. Alvarez at Maple Grove Animal Hospital",
        "Pip", ("pet", "pip"), ("note", "maple grove"), None,
    ),
    "a best friend in brackets, hired somewhere (en)": (
        "Jonah (my best friend since college) just got hired by Stripe", "Jonah", ("friend", "jonah"),
        ("employer", "stripe"), ("employer", "stripe"),
    ),
    "an oldest friend between commas, her job hers (en)": (
        "Rosa, my oldest friend, works at Kaiser as a nurse now", "Rosa", ("friend", "rosa"),
        ("employer", "kaiser"), ("job_title", "nurse"),
    ),
    "a lower-case cat name and 'our old tabby' (en)": (
        "gus (our old tabby) is on insulin now, dr. patel at Cedar Paws Vet is his vet", "Gus", ("pet", "gus"),
        ("note", "cedar paws"), None,
    ),
    "a roommate in brackets who started a job (en)": (
        "Mira (my college roommate) just started at Deloitte as an auditor", "Mira", ("friend", "mira"),
        ("employer", "deloitte"), ("job_title", "auditor"),
    ),
    "a teddy in full-width brackets with its age, its illness its own (zh)": (
        "豆豆（我家三岁的泰迪）今天去宠物医院查出来胰腺炎", "豆豆", ("pet", "豆豆"), ("event", "胰腺炎"), None,
    ),
    "a college roommate in brackets who changed jobs (zh)": (
        "阿凯（我大学室友）跳槽去了字节", "阿凯", ("friend", "阿凯"), ("employer", "字节"), ("employer", "字节"),
    ),
    "a childhood friend between commas (zh)": (
        "周周，我发小，下个月去华为上班", "周周", ("friend", "周周"), ("event", "华为"), ("employer", "华为"),
    ),
    "the eldest child in brackets, her school hers (zh)": (
        "朵朵（我家老大）在实验小学上二年级", "朵朵", ("child", "朵朵"), ("school", "实验小学"), ("school", "实验小学"),
    ),
    # a name heading the message, its relation said later
    "a lower-case daughter's first tooth, 'my daughter' after (en)": (
        "nora lost her first tooth today!! my daughter is growing up too fast", "Nora", ("child", "nora"),
        ("event", "tooth"), None,
    ),
    "a cat's allergy, 'my kitty' said after (en)": (
        "Milo is allergic to chicken apparently, my kitty is so picky", "Milo", ("pet", "milo"),
        ("allergy", "chicken"), ("allergy", "chicken"),
    ),
    "a son's first kindergarten day, 我儿子 at the end (zh)": (
        "小宝今天第一天上幼儿园 哭成泪人 我儿子太粘人了", "小宝", ("child", "小宝"), ("event", "幼儿园"), None,
    ),
    "a daughter's fever with a temperature between (zh)": (
        "乐乐今天发烧了 39度 我女儿身体一直不太好", "乐乐", ("child", "乐乐"), ("event", "发烧"), None,
    ),
    # a name answering the assistant's question
    "the one child named with his age, answering how many (en)": (
        ("how many kids do you have?", "just the one, Ezra, 5"), "Ezra", ("child", "ezra"), ("age", "5"), ("age", "5"),
    ),
    "a dog's name answered in lower case with a laugh (en)": (
        ("what's your dog's name?", "biscuit lol"), "Biscuit", ("pet", "biscuit"), None, None,
    ),
    "a cat's name, then her age and mood (en)": (
        ("aww what's your cat called?", "Pickle, she's 3 and very grumpy"), "Pickle", ("pet", "pickle"),
        ("age", "3"), ("age", "3"),
    ),
    "a dog's name after 叫, then its age (zh)": (
        ("你家狗狗叫什么名字？", "叫可乐 两岁了"), "可乐", ("pet", "可乐"), ("age", "2"), ("age", "2"),
    ),
    "the only child, named after 就一个 (zh)": (
        ("你有几个孩子？", "就一个 叫小满 上大班"), "小满", ("child", "小满"), None, None,
    ),
    "a child named by name and age alone (zh)": (
        ("你家孩子多大了？", "朵朵 四岁了"), "朵朵", ("child", "朵朵"), ("age", "4"), ("age", "4"),
    ),
    "a son's name with a bang and his age (en)": (
        ("what's your son's name?", "Ezra! he's 5"), "Ezra", ("child", "ezra"), ("age", "5"), ("age", "5"),
    ),
    "a 毛孩子's name, then its breed (zh)": (
        ("你家毛孩子叫什么", "团子 是只布偶"), "团子", ("pet", "团子"), ("note", "布偶"), None,
    ),
    # a pet by a chat word for its kind
    "狗子 and a name, the clinic it was taken to (zh)": (
        "狗子旺财昨天吐了 带去瑞鹏宠物医院看了", "旺财", ("pet", "旺财"), ("note", "瑞鹏宠物医院"), None,
    ),
    "猫主子 and a name, its allergy its own (zh)": (
        "猫主子咪咪对鸡肉过敏", "咪咪", ("pet", "咪咪"), ("allergy", "鸡肉"), ("allergy", "鸡肉"),
    ),
    "毛孩子 after 我家, its diagnosis its own (zh)": (
        "我家毛孩子豆包确诊了猫鼻支", "豆包", ("pet", "豆包"), ("note", "猫鼻支"), None,
    ),
    "'the pupper' and a name, its vet its own (en)": (
        "the pupper Waffles goes to Dr. Kim at Bayside Vet", "Waffles", ("pet", "waffles"), ("note", "bayside"), None,
    ),
    "'our floof' and a name, no typo made of the kind (en)": (
        "our floof Bear has hip dysplasia", "Bear", ("pet", "bear"), ("note", "dysplasia"), None,
    ),
    "'my fur baby' and a name, her specialist hers (en)": (
        "my fur baby Olive has a heart murmur, her cardiologist is at Westside Vet", "Olive", ("pet", "olive"),
        ("note", "westside"), None,
    ),
    # a pet named after a thing, after a chat word for its kind and 我家
    "a dog named after a drink after 我家狗子 (zh)": (
        "我家狗子雪碧最近老是挠耳朵 带去宠物医院看了", "雪碧", ("pet", "雪碧"), ("note", "宠物医院"), None,
    ),
    "a cat named after a snack after 我的猫咪 (zh)": (
        "我的猫咪麻薯又把花盆推倒了", "麻薯", ("pet", "麻薯"), None, None,
    ),
    # a child said by where they come among one's children
    "the youngest between commas (en)": (
        "Milo, my youngest, just started swim lessons at the Y", "Milo", ("child", "milo"), None, None,
    ),
    "the eldest in brackets inside the sentence (en)": (
        "picked up Hazel (my eldest) from band camp, she's obsessed with the trombone now", "Hazel",
        ("child", "hazel"), None, None,
    ),
    # the relation first, then its name and what is said of them between dashes
    "the relation, then its name between dashes (en)": (
        "the hubby — Marco, bless him — finally passed his CPA exam", "Marco", ("spouse", "marco"),
        ("note", "cpa"), None,
    ),
    "the one at home, a nickname and the full name in brackets (zh)": (
        "我家那位（老周 大名周志远）在市一医院当护工", "周志远", ("spouse", "周志远"), ("job_title", "护工"),
        ("job_title", "护工"),
    ),
    # the spouse said as the one at home, then a name
    "那口子 and a name, a job hers (zh)": (
        "我家那口子春燕在社区医院当药剂师", "春燕", ("spouse", "春燕"), ("job_title", "药剂师"),
        ("job_title", "药剂师"),
    ),
    "a husband's name before 非要 (zh)": (
        "老公志刚非要周末去爬泰山", "志刚", ("spouse", "志刚"), None, None,
    ),
    # a friend's or child's news as the sentence
    "a friend's new job with 'my best friend' after (en)": (
        "Theo got hired by Shopify!! my best friend is finally employed lol", "Theo", ("friend", "theo"),
        ("employer", "shopify"), ("employer", "shopify"),
    ),
    "a daughter's kindergarten said before 'my daughter' (en)": (
        "Lily starts kindergarten at Oakwood Elementary next week, can't believe my daughter is that big", "Lily",
        ("child", "lily"), ("school", "oakwood elementary"), ("school", "oakwood elementary"),
    ),
    "a kid's school after a 'lol' lead, 'my kid' after (en)": (
        "lol Ezra got into Hillcrest Academy, my kid is a genius", "Ezra", ("child", "ezra"),
        ("school", "hillcrest academy"), ("school", "hillcrest academy"),
    ),
    "a 闺蜜's offer, 我闺蜜 after (zh)": (
        "小雨拿到了腾讯的offer 我闺蜜太牛了", "小雨", ("friend", "小雨"), ("note", "腾讯"), None,
    ),
    "a son's kindergarten, 我儿子 after (zh)": (
        "乐乐下周开始在阳光幼儿园上学 我儿子终于要上学了", "乐乐", ("child", "乐乐"), ("school", "阳光幼儿园"),
        ("school", "阳光幼儿园"),
    ),
    "a 发小 hired, said with 被 (zh)": (
        "阿杰被字节录用了！！我发小终于熬出头了", "阿杰", ("friend", "阿杰"), ("note", "字节"), None,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(PEOPLE))
def test_the_name_is_the_users_person_and_what_is_said_is_theirs(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, name, (link_attribute, linked), theirs, not_mine = PEOPLE[case]
    user = uid("said-loosely")
    _say(mem, user, said)
    got = {str(f.value).lower() for f in mem.get(user, link_attribute)}
    assert linked in got, (case, got, held_on_user(mem, user))
    if theirs is not None:
        held = _held_on(mem, user, name)
        assert any(theirs[1] in v for v in held.get(theirs[0], set())), (case, held)
    if not_mine is not None:
        mine = held_on_user(mem, user)
        assert not any(not_mine[1] in v for v in mine.get(not_mine[0], set())), (case, mine)


_RELATIONS = ("child", "pet", "friend", "sibling", "parent", "spouse", "partner", "relative")

#: (what is said, the names that must be no one's relation to the user)
NOT_PEOPLE = {
    "a company in brackets is no relation (en)": ("Jonah (Stripe) got me a referral", ["jonah", "stripe"]),
    "a city in brackets is no relation (en)": ("Pip (Portland) says it's raining again", ["pip", "portland"]),
    "a mall in brackets is no relation (zh)": ("豆豆（万达广场）那边新开了一家店", ["豆豆", "万达广场"]),
    "someone else's dog in brackets (en)": ("Coco (my sister's dog) has fleas again", ["coco"]),
    "someone else's dog in brackets (zh)": ("可可（我姐家的狗）又掉毛了", ["可可"]),
    "two names joined, one relation word (en)": (
        "Theo and Sam got hired by Shopify!! my best friend is finally employed lol", ["theo", "sam"],
    ),
    "two names in two clauses, one relation word (en)": (
        "Theo got hired by Shopify and Max got promoted, my best friend is thrilled", ["theo", "max"],
    ),
    "two names, one 闺蜜 (zh)": ("小雨和阿杰都拿到了腾讯的offer 我闺蜜太牛了", ["小雨", "阿杰"]),
    "two relations said, one name (zh)": ("乐乐今天发烧了 我妈和我儿子都在家", ["乐乐"]),
    "the relation acts on the one named (en)": ("Hazel got her ears pierced today, my sister took her", ["hazel"]),
    "a common word heads the message (en)": ("work got crazy today, my daughter had a fever", ["work"]),
    "a name with no relation said (en)": ("Nora lost her keys again lol", ["nora"]),
    "a name with no relation said (zh)": ("小雨今天又迟到了", ["小雨"]),
    "a kind word then no name (zh)": ("狗狗好可爱", ["好可", "好可爱"]),
    "a neighbour's dog after 'the doggo next door' (en)": ("the doggo next door Rex barks all night", ["rex"]),
    "an answer with no question before it (en)": ("biscuit lol", ["biscuit"]),
    "an answer that names no one (en)": (("what's your dog's name?", "lol why"), ["lol", "why"]),
    "two names answering how many kids (en)": (("how many kids do you have?", "two, Ezra and Maya"), ["ezra", "maya"]),
    "an age alone answering how old (zh)": (("你家孩子多大了？", "四岁了"), ["四岁", "四岁了"]),
    "no name yet (zh)": (("你家猫叫啥？", "还没起名字呢"), ["还没起", "还没"]),
    "an adverb after 我家狗子 is no name (zh)": ("我家狗子刚才又偷吃了", ["刚才", "刚才又"]),
    "a maybe after 我家狗狗 is no name (zh)": ("我家狗狗可能是感冒了", ["可能"]),
}  # fmt: skip


@pytest.mark.parametrize("case", list(NOT_PEOPLE))
def test_no_relation_is_guessed(mem: Memory, uid: Callable[[str], str], case: str) -> None:
    said, names = NOT_PEOPLE[case]
    user = uid("not-loosely")
    _say(mem, user, said)
    mine = held_on_user(mem, user)
    linked = {v for attribute in _RELATIONS for v in mine.get(attribute, set())}
    assert not linked & set(names), (case, mine)


#: (what is said, a question by the relation, the user's link to them, a word of the answer held
#: on that person or pet)
RECALLED = {
    "a dog's vet, asked by 'my dog' (en)": (
        "Pip (my 4yo beagle) has an ear infection, vet is Dr. Alvarez at Maple Grove Animal Hospital",
        "who is my dog's vet", "pet", "Maple Grove",
    ),
    "a best friend's employer, asked by the relation (en)": (
        "Theo got hired by Shopify!! my best friend is finally employed lol", "where does my best friend work",
        "friend", "Shopify",
    ),
    "a cat's allergy, asked by 'my cat' (en)": (
        "Milo is allergic to chicken apparently, my kitty is so picky", "what is my cat allergic to", "pet", "chicken",
    ),
    "a roommate's new employer, asked by 室友 (zh)": ("阿凯（我大学室友）跳槽去了字节", "我室友在哪上班", "friend", "字节"),
    "a cat's allergy, asked by 我家猫 (zh)": ("猫主子咪咪对鸡肉过敏", "我家猫对什么过敏", "pet", "鸡肉"),
    "a son's kindergarten, asked by 我儿子 (zh)": (
        "乐乐下周开始在阳光幼儿园上学 我儿子终于要上学了", "我儿子在哪个幼儿园", "child", "阳光幼儿园",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(RECALLED))
def test_what_is_said_of_them_is_recalled_by_the_relation(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, asked, link_attribute, word = RECALLED[case]
    user = uid("loosely-recall")
    mem.remember(user, said, at=_AT)
    mem.remember(
        user,
        "周末想去爬山" if "\u4e00" <= asked[0] <= "\u9fff" else "I like hiking",
        at="2026-11-10T09:00:00+08:00",
    )
    # a fact held on the user's person or pet of that relation answers, not the message alone
    linked = {str(f.value).lower() for f in mem.get(user, link_attribute)}
    found = [
        it.fact.text + " " + str(it.fact.value)
        for it in mem.recall(user, asked, k=5)
        if it.fact is not None and it.fact.subject_name.lower() in linked
    ]
    assert any(word in x for x in found), (case, found)


@pytest.mark.both_stores
def test_a_sample_on_every_store(mem: Memory, uid: Callable[[str], str]) -> None:
    test_the_name_is_the_users_person_and_what_is_said_is_theirs(
        mem, uid, "the one child named with his age, answering how many (en)"
    )
    test_the_name_is_the_users_person_and_what_is_said_is_theirs(
        mem, uid, "a college roommate in brackets who changed jobs (zh)"
    )


#: A name with its aside inside the sentence, not heading it (the user's sentences of this file).
INSIDE = {
    "a pet's aside after its name inside the sentence": (
        "took Pip (my 9yo beagle) to Dr. Kim at Oakside Vet, she has arthritis now", "pet", "Pip",
    ),
    "a friend's aside with how long one has known them": (
        "Jonah (known him since 3rd grade, my best friend) finally got hired by Nike", "friend", "Jonah",
    ),
    "an aside naming someone else's stays theirs": (
        "met Coco (my sister's dog) at the park today", "pet", None,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(INSIDE))
def test_an_aside_inside_the_sentence_names_the_relation(
    mem: Memory, uid: Callable[[str], str], case: str
) -> None:
    said, attribute, name = INSIDE[case]
    user = uid("aside-inside")
    mem.remember(user, said, at="2026-11-02T09:00:00Z")
    held = {str(f.value) for f in mem.get(user, attribute)}
    assert (name in held) if name else not held, (case, held)
