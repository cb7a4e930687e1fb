"""Who a Chinese clause is about, and the rest of it: the user (我, 我们, a clause with its
subject dropped), one of their people (我女儿, 老公叫大伟 said without 我, 我家那位), someone named
before, a pronoun for the one spoken of last. The predicate tables read the rest. The
counterpart of subjects_en."""

from __future__ import annotations

import re
from functools import cache

from graphmem.extract import common as c
from graphmem.extract import zh_values as zv
from graphmem.extract.common import ME, Subject, link
from graphmem.extract.lexicon import ZH_BREEDS
from graphmem.extract.relations import entity_type, other_sibling, relation_of
from graphmem.extract.zh_names import NAME_FIRST_BAD, name_after, starts_predicate
from graphmem.lang import data

__all__ = ["LEAD_TIME", "SELF", "subject"]


# A reply-style request talks about the assistant's output, names a style, and addresses it.
LEAD_TIME = re.compile(
    rf"^(?:(?:{zv.TIME}|以后|今后|往后|从今往后|从现在起|从此|前几年|这几年|前些年|几年前|那几年|这两年"
    r"|(?:毕业|退休|结婚|回国|生娃|生完孩子|搬家"
    # what happened to one, since when a taste or a habit changed ("怀上二胎以后…", "做完手术后…")
    r"|怀孕|怀上[^，,\s]{0,2}|怀了[^，,\s]{0,2}|生完[^，,\s]{0,3}|出院|做完手术|手术|确诊|分手|离婚|入职|跳槽|上了年纪|年纪大了"
    r")(?:以|之)?后)[，,\s]*)+"
)


#: A change said before where it leads ("改成在青藤上班", "换成去健身房练"): the statement is the
#: rest; what changed from is read from what was said before (arbitration).
#: What an animal leaves that one is allergic to ("猫毛过敏", "狗皮屑一碰就过敏").
_ANIMAL_ALLERGEN = re.compile(r"^(?:毛|毛发|皮屑|的毛)[^，,。]{0,6}过敏")
_CHANGE_LEAD = re.compile(r"^(?:改成|改为|换成|转成|变成)(?=在|去|到)")


#: What starts a predicate right after a word for someone (叫, 是, 在, 今年, 喜欢…): what a kin
#: word said without 我, or 我家那位, must be followed by to be the subject.
_PREDICATE_START = "叫|是|在|对|今年|不|也|很|最|特别|喜欢|爱|有|会|刚|已经|现在|想|要|每|属|从|还|就|又|得"
_REL_SUBJ = re.compile(
    # "我现在的女朋友", "我现任男友", "我新的同事": who the relation is now changes nothing of whose
    rf"^(?:(?:我们?|咱们?)(?:现在的|现任的?|新的?|目前的)?(?:的|家的?|家里的?|养的)?"
    # "家里的狗是只柯基", "家里主子…": the home said without 我 is the speaker's
    rf"|家里的?(?=(?:{zv.PET_WORD})))(?P<rel>{zv.REL})"
    # Close kin said without 我 ("老公叫大伟", "女儿今年5岁") are the speaker's: Chinese drops
    # the 我 there. Only before what starts a predicate, so "老婆饼" stays a pastry.
    r"|^(?P<kin>老公|老婆|媳妇儿?|老伴儿?|爱人|另一半|男朋友|女朋友|男友|女友|对象|儿子|女儿|闺女|娃|孩子|宝宝|小孩|老爸|老妈|爸爸|妈妈|"
    r"哥哥|姐姐|弟弟|妹妹|公公|婆婆|岳父|岳母|爷爷|奶奶|外公|外婆|姥姥|姥爷)"
    rf"(?={_PREDICATE_START}|去年|明年|上个?月|下个?月|在读|读|上|"
    # or a time first ("儿子九月份去实验二小上学", "女儿下周三考试")
    rf"吃|喝|一吃|一喝|天天|(?:{zv.TIME})(?:去|要|就|开始|上|在|会|得|考|参加|入学|报到|转|搬|换|住"
    # what happened to them ("闺女昨天吃了两只虾", "儿子前天发烧了")
    rf"|吃了|喝了|发烧|生病|感冒|住院|过敏|摔|哭|起疹子|出疹子|拉肚子|吐了|学会|拿了|得了)"
    # or the name others call them by ("闺女小名儿果果")
    r"|(?:小名|乳名|奶名|大名|昵称|外号)"
    # or the kin's name first ("女儿豆豆五岁了", "老公大伟在医院上班")
    r"|[\u4e00-\u9fff]{2,3}(?:今年|[一二三四五六七八九十两\d]{1,2}岁|在|是|上|读|已经|刚|也|很|特别|叫|对|从小|打小|最|天天|每天))"
)


#: The spouse said as the one at home (我家那位, 那口子), and what may follow it when it is.
_ONE_AT_HOME = frozenset({"家那位", "家那口子", "那口子"})


_SAID_OF_THEM = re.compile(_PREDICATE_START + r"|天天|最近|又|总|老是|一直|[，,。！!？?\s]|$")


# "人也搬到深圳了", "人已经到上海了": 人 before an adverb is the speaker in person.
SELF = re.compile(
    # (the couple or the household said with it: "我们老两口住…", "我们一家人都…")
    r"^(?:我们?|本人|咱们?|俺们?)(?:自己|本人|老两口|两口子|俩|一家人?|全家)?(?:家(?!人))?|^人(?=(?:也|已经|早就|现在|目前|刚|还)\S)"
)


#: "我和老公都是老师", "我们俩都是医生": what both are, the user among them.
_BOTH = re.compile(  # "我跟老公住在苏州" too: where both live is where the user lives
    rf"^(?:我(?:和|跟|与)(?:我的?)?(?:{zv.REL})|我们|咱们)(?:俩|两个|两人|二人)?(?=(?:也)?都|(?:一起|现在|目前)?住)"
)


#: "今年29": a number after 今年 says how old, so 今年 is no time to strip from the clause.
_AGE_NOW = re.compile(r"^(?:[1-9]\d|[一二三四五六七八九]?十[一二三四五六七八九]?)(?:周岁|岁)?(?:了|啦)?$")


_PRONOUN = re.compile(r"^(?P<p>他|她|它)(?!们)")
#: Who says something of him or her, before the pronoun ("医生说她…", "老师讲他…").
_SAID_OF_HER = re.compile(
    r"^(?:医生|大夫|护士|老师|专家|报告|检查结果|化验单)(?:都|也)?(?:说|讲|告诉我|诊断)(?=[他她它](?!们))"
)


#: A pet said by its breed or its colour and kind, then its name: "我家柯基豆包…", "我们家布偶叫
#: 雪球", and at the head of a message with no owner said ("橘猫大黄最近…", "金毛旺财每个月…"):
#: chat names its own pets so. (A bare kind with no name after it is read by the frames.)
_BREED_SUBJ = re.compile(
    r"^(?P<own>(?:我|我们|咱|咱们|俺)(?:家的?|养的)?|家里的?)?"
    rf"(?P<kind>{'|'.join(sorted(map(re.escape, ZH_BREEDS), key=len, reverse=True))})"
)


_PET_NAME = re.compile(r"[\u4e00-\u9fff]{2}")


def _pet_by_breed(rest: str, text: str, state: c.State):
    """(subject, predicate, links) of a clause that opens with a pet's breed and its name, or None.
    Without an owner said, only at the head of a sentence nothing says is someone else's."""
    m = _BREED_SUBJ.match(rest)
    if m is None:
        return None
    sentence = (state.sentence or text).strip()
    if not m["own"] and (not sentence.startswith(rest) or _not_mine().search(sentence)):
        return None
    after = rest[m.end() :]
    called = re.match(r"(?:叫|名叫|叫做)", after)  # "我们家布偶叫雪球": the name after 叫
    said = after[called.end() :] if called else after
    named = name_after(said, state, pet=True)
    if named and not m["own"] and not called and not starts_predicate(said[named[1] :]):
        # "金毛掉毛太严重了": with no owner said, a name must be followed by what is said of it
        named = None
    alone = _PET_NAME.match(said) if named is None else None
    if alone and alone[0][0] not in NAME_FIRST_BAD and (called or starts_predicate(said[alone.end() :])):
        # a pet's name is any word (大黄, 小白): two characters after its kind, before what is
        # said of it
        named = alone[0], alone.end()
    if named is None or named[0] in ZH_BREEDS or relation_of(named[0]) or named[0] in _not_names():
        return None
    species = ZH_BREEDS[m["kind"]]
    pet = state.add(named[0], "pet", species)
    end = (called.end() if called else 0) + named[1]
    links = [link("pet", species, named[0], text), c.cand("note", m["kind"], pet, text)]
    return pet, after[end:], links


#: Tags of words that are no pet's name: a verb, an adverb, a time, a place, a number, a pronoun.
_NO_PET_NAME_TAGS = frozenset(
    {"v", "vg", "vd", "d", "ad", "p", "c", "u", "uj", "ul", "y", "t", "f", "m", "r", "q"}
)


def _pet_named_after_kind(said: str) -> tuple[str, int] | None:
    """The name after a chat word for one's pet ("我家狗子可乐最近老掉毛", "我的猫主子布丁又…"):
    pets are named after things (可乐, 馒头), so any two characters are its name when what
    follows is said of a pet, unless they are a word of time, manner or doing (狗子最近…, 狗子刚才…)."""
    m = _PET_NAME.match(said)
    if m is None or m[0] in _not_names() or relation_of(m[0]) or m[0] in ZH_BREEDS:
        return None
    if c.zh_pos(m[0]) in _NO_PET_NAME_TAGS or not _after_pet_name().match(said[m.end() :]):
        return None
    return m[0], m.end()


@cache
def _after_pet_name() -> re.Pattern[str]:
    """What follows a pet's name: what it does or what is said of it."""
    return re.compile(data("zh", "cues.toml")["pets_by_breed"]["after_name"])


@cache
def _not_mine() -> re.Pattern[str]:
    """What makes a pet named in a message someone else's (朋友家的, 邻居家)."""
    return re.compile(data("zh", "cues.toml")["pets_by_breed"]["not_mine"])


@cache
def _not_names() -> frozenset[str]:
    """The words that follow a kind without being a name (最近, 今天, 一只)."""
    return frozenset(data("zh", "cues.toml")["pets_by_breed"]["not_names"])


_NEW_PARTNER = re.compile(r"^(?:新|现任|现在的)(?:的)?(?P<rel>男朋友|女朋友|男友|女友|对象|老公|老婆)")


_ORDINAL_CHILD = re.compile(
    r"^(?P<rel>老大|老二|老三|老幺|大宝|二宝|三宝|大娃|二娃)(?=叫|名叫|今年|上|在|是|读|刚)"
)


#: "两个娃，大的叫朵朵，小的叫豆包": the elder and the younger, once children were named.
_ELDER_YOUNGER = re.compile(r"^(?P<rel>大的|小的|大一点的|小一点的)(?=叫|名叫)")


_CHILDREN_SAID = re.compile(r"娃|孩子|儿子|女儿|闺女|宝宝|小孩")


def subject(text: str, state: c.State, inherited: Subject | None):
    """(subject, predicate, explicit, relation links) for one clause."""
    lead = LEAD_TIME.match(text)
    if lead and text[: lead.end()].rstrip("，, ").endswith("今年") and _AGE_NOW.match(text[lead.end() :]):
        lead = None
    rest = _CHANGE_LEAD.sub("", text[lead.end() :] if lead else text)
    if pet := _pet_by_breed(rest, text, state):
        return pet[0], pet[1], True, pet[2]
    m = _REL_SUBJ.match(rest)
    if (
        m
        and m["rel"] in _ONE_AT_HOME
        and not _SAID_OF_THEM.match(rest[m.end() :])
        and not name_after(rest[m.end() :], state)  # "我家那口子小敏是护士": the spouse, named
    ):
        m = None  # "我家那位祖宗，柯基…": 那位 before a noun is that one, no spouse
    if m and _ANIMAL_ALLERGEN.match(rest[m.end() :]):
        m = None  # "我猫毛过敏": an allergy to cat hair, said of me, not of my cat
    if m:
        word = m["rel"] or m["kin"]
        attr, qual = relation_of(word) or ("friend", None)
        after = rest[m.end() :]
        named = name_after(after, state, pet=attr == "pet")
        if named is None and attr == "pet":
            named = _pet_named_after_kind(after)
        if named:
            subj = state.add(named[0], entity_type(attr), qual or attr)
            return subj, after[named[1] :], True, [link(attr, qual, named[0], text)]
        known = (
            [k for k in state.by_relation(qual) if not other_sibling(k.name, word)]
            if qual
            else state.one_partner(attr)
        )
        subj = known[0] if len(known) == 1 else Subject(word, entity_type(attr), qual or attr, named=False)
        state.mention(subj)
        return subj, after, True, []
    if m := _BOTH.match(rest):
        return ME, rest[m.end() :], True, []
    if m := SELF.match(rest):
        return ME, rest[m.end() :], True, []
    if m := _NEW_PARTNER.match(rest):  # 我脱单啦，新男友叫周扬
        attr, qual = relation_of(m["rel"]) or ("partner", None)
        subj = Subject(m["rel"], "person", qual or attr, named=False)
        state.mention(subj)
        return subj, rest[m.end() :], True, []
    if (m := _ELDER_YOUNGER.match(rest)) and _CHILDREN_SAID.search(state.sentence or ""):
        subj = Subject("孩子", "person", "child", named=False)
        state.mention(subj)
        return subj, rest[m.end() :], True, []
    if m := _ORDINAL_CHILD.match(rest):  # 我有两个娃，老大叫甜甜：the elder child, named next
        attr, qual = relation_of(m["rel"]) or ("child", None)
        subj = Subject(m["rel"], "person", qual or attr, named=False)
        state.mention(subj)
        return subj, rest[m.end() :], True, []
    if hit := state.entity_at(rest, word_boundary=False):
        state.mention(hit[0])
        return hit[0], rest[hit[1] :], True, []
    # "医生说她是海鲜过敏": what a doctor says of her is hers
    rest = _SAID_OF_HER.sub("", rest)
    if m := _PRONOUN.match(rest):
        who = state.pronoun(pet=m["p"] == "它")
        return who, rest[m.end() :], who is not None, []
    # Chinese drops the subject; a user's message with none is most often about the user.
    return inherited or ME, rest, False, []


# --- who a clause is about, beyond its own subject (read by rules_zh.extract_sentence) ---

#: Someone a 他 or 她 stands for whom nothing names: what is said of them is no one's to keep.
SOMEONE = Subject("他", "person", None, named=False)

#: What a doctor or a test says of the user, told ("医生说我真正过敏的是头孢", "报告显示我乳糖不耐"):
#: a statement about the user.
FOUND_OF_ME = re.compile(
    r"^(?:医生|大夫|过敏科|皮肤科|体检报告|检查报告|报告|检查结果|化验单|结果|测试结果)(?:都|也)?(?:说|显示|写着|讲|告诉我|确诊)了?(?:是)?(?=我)"
)


#: Someone met, not one of the user's own ("相亲见了个男生", "认识了一个姑娘"), named in the next
#: clause by itself ("叫郑一鸣").
NEWCOMER = re.compile(
    r"(?:见了|认识了|遇到了?|碰到了?|加了|介绍了|来了)(?:一)?(?:个|位)(?:新的?)?"
    r"(?:男生|女生|人|姑娘|女孩|男孩|小伙子?|小姐姐|小哥哥?|哥们|大叔|阿姨|男的|女的|同事|朋友|邻居)"
)


@cache
def _others_alone() -> re.Pattern[str]:
    words = "|".join(
        sorted(map(re.escape, data("zh", "cues.toml")["others"]["words"]), key=len, reverse=True)
    )
    return re.compile(rf"(?:我|我的)(?P<w>{words})(?P<n>[\u4e00-\u9fff]{{2,3}}|[A-Za-z]+)?")


def other_alone(clause: str) -> str | None:
    """The person a clause names and says nothing more of, who is no one of the user's own (前任,
    相亲对象): by name when one is given."""
    m = _others_alone().fullmatch(clause)
    return (m["n"] or m["w"]) if m else None


NAMED_ALONE = re.compile(r"(?:他|她)?(?:叫|名叫|叫做)(?P<n>[\u4e00-\u9fff]{2,4}|[A-Z][a-z]+)")
