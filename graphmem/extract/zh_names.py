"""A name right after a relation word in Chinese (我女儿[朵朵]对花生过敏, 我朋友[小李]养了只柯基,
我同事[老周]家有只泰迪): where the name ends and the predicate starts, read from the words
that open a predicate and from the dictionary's part-of-speech tags."""

from __future__ import annotations

import re

from graphmem.extract import common as c
from graphmem.extract import zh_values as zv
from graphmem.extract.common import link
from graphmem.extract.lexicon import words
from graphmem.extract.relations import entity_type, relation_of
from graphmem.lang import fragment

# What may follow a name right after a relation word: 我女儿朵朵[对]…, 我哥王强[是]….
_PRED_START = re.compile(
    rf"^(?:对|在|是|今年|每|喜欢|爱|不|叫|住|也|很|最|已经|刚|要|会|有|的|还|都|和|跟|从|特别|非常|比较|挺|正在|"
    rf"现在|目前|平时|一直|终于|才|就|又|过敏|上|读|学|考|去|来|将|打算|准备|想|做|当|被|说|开始|搬|换|找|只|总|老是|天天|每天|"
    # what happens to them: "我闺蜜小美怀孕了", "表姐小雯离婚了"
    rf"怀孕|离婚|结婚|订婚|生了|生病|住院|得了|得过|查出|确诊|出国|辞职|跳槽|升职|毕业|退休|回国|分手|{zv.N}+岁|{zv.TIME}|"
    # how they insist or surprise: "老公大伟非要…", "闺蜜小雅居然…"
    rf"非要|非得|偏要|偏偏|硬要|硬是|愣是|死活|居然|竟然|突然|总是|总爱|老想|成天|整天|动不动)"
)
NAME_FIRST_BAD = frozenset(
    "在对是不也很都还就又才从把被给和跟叫要会有去来今明昨每已刚正最特非比挺平一这那说想喜爱讨住做当学读考得过没能可该怎什为因"
    "所但而并然上下前后里外中的了着太真好多少几"
)
_AA_NOT_NAMES = frozenset(
    words("画画 天天 常常 刚刚 渐渐 慢慢 偷偷 好好 往往 稍稍 看看 想想 试试 谢谢 哈哈 嘿嘿 呵呵")
)


#: Dictionary tags of words a predicate starts with: a verb, an adverb, a preposition.
_PREDICATE_TAGS = frozenset({"v", "vd", "d", "p"})
_NOT_NAME_START_TAGS = frozenset({"v", "vg", "vd", "d", "p", "k", "u", "c", "uj", "ul", "y"})


#: After a name, what is at that person's home (周家 is a word too, but 老周家有 reads so).
_AT_HOME = re.compile(r"家(?:里|的|有|养)")


def starts_predicate(rest: str) -> bool:
    """Whether `rest` reads as the predicate after a name: a known opening (是, 在, 今年…) or
    the name's home (小李家有只金毛, 阿杰家的猫: what is at one's home is one's own)."""
    return bool(_PRED_START.match(rest) or _AT_HOME.match(rest))


def _verb_after_name(name: str, rest: str) -> bool:
    """Whether `rest` starts with a word the dictionary tags a verb, adverb or preposition
    (小李养了只…, 阿杰送她…), after a `name` of two or three characters whose first one is
    no verb, adverb, particle or suffix itself (儿子[喝牛奶会]起疹子, 同事[们都]喊我: no names)."""
    if len(name) > 3 or c.zh_pos(name[0]) in _NOT_NAME_START_TAGS:
        return False
    return any(c.zh_pos(rest[:k]) in _PREDICATE_TAGS for k in (2, 1) if len(rest) >= k)


#: Words of 阿 and one more that are kin, not a nickname.
_A_KIN = frozenset(
    {"阿姨", "阿婆", "阿公", "阿爸", "阿妈", "阿伯", "阿叔", "阿嫂", "阿哥", "阿姐", "阿妹", "阿弟"}
)


def name_after(after: str, state: c.State, pet: bool = False) -> tuple[str, int] | None:
    """A name right after a relation word: 我女儿[朵朵]对花生过敏, 我哥[王强]是医生. A pet is
    often named after a thing (我家猫[奶盖]只吃…, 狗[煤球]): for one, a noun is a name too."""
    if hit := state.entity_at(after, word_boundary=False):
        return hit[0].name, hit[1]
    if not pet and (full := _full_name(after)):
        return full, len(full)
    m = re.match(r"[A-Z][a-z]+", after)
    if m and len(after) > m.end():
        return m.group(0), m.end()
    # "我儿子豆豆，今年…": a nickname that ends its clause (朵朵, 小雨, 阿杰) is the name
    if (
        not pet
        and len(after) == 2
        and (after[0] == after[1] or after[0] in "小阿")
        and after not in _AA_NOT_NAMES
        and after not in _A_KIN
        and not relation_of(after)
        and re.fullmatch(r"[\u4e00-\u9fff]{2}", after)
    ):
        return after, 2
    for n in (2, 3, 4):
        name, rest = after[:n], after[n:]
        if n == 2 and len(name) == 2 and name[0] in "老小" and name[1] in _SURNAME_CHARS and not pet:
            return name, n  # 老刘, 小王: one's own called by the surname, whatever follows it
        if (
            n == 2
            and len(name) == 2
            and re.fullmatch(r"[\u4e00-\u9fff]+", name)
            and name[0] == "阿"
            and name not in _A_KIN
            and (not rest or rest[0] not in "姨婆公爸妈")
        ):
            return name, n  # 阿杰, 阿雨: a nickname by its 阿, whatever follows it
        if (
            len(name) < n
            or not re.fullmatch(r"[\u4e00-\u9fff]+", name)
            or not rest
            or not (starts_predicate(rest) or _verb_after_name(name, rest))
        ):
            continue
        if n > 2 and starts_predicate(after[2:]):
            continue  # 老公建军[非要]…: what is said of them opens inside a longer name
        if n == 2 and name[0] == name[1]:  # 朵朵, 乐乐: reduplicated pet names and nicknames
            if name not in _AA_NOT_NAMES:
                return name, n
            continue
        name_tags = (
            ("nr", "nrt", "nrfg", "nz", "n") if pet and not relation_of(name) else ("nr", "nrt", "nrfg", "nz")
        )
        tag_ok = name[0] not in NAME_FIRST_BAD and c.zh_pos(name) in (None, *name_tags)
        if (
            (name[0] in "小阿老" or tag_ok)
            and not zv.TIME_RX.match(name)
            and not any(ch in "的了是在对我你他她它们" for ch in name)
            and name[-1] not in "很也都就还又太真最挺超好"  # 老婆饼很好吃: an adverb ends no name
            and not c.is_org_zh(name)  # 我女儿幼儿园开学了: where she goes, not who she is
            # 我儿子[终于要]上学了, 我女儿[身体一直]不太好: an adverb at either end is no name's
            and (n == 2 or not {c.zh_pos(name[:2]), c.zh_pos(name[-2:])} & {"d", "ad", "p", "c"})
            # 我女儿幼儿园开学: "幼儿园开" ends inside a word (开学), so it is no name
            and (c.zh_pos(name[-1] + rest[0]) is None or _AT_HOME.match(rest))
        ):
            return name, n
    return None


#: The single-character surnames (lang/zh/fragments.toml SURNAMES): 老刘, 小王 call someone by one.
_SURNAME_CHARS = frozenset(fragment("zh", "SURNAMES")) - frozenset(
    "欧阳司上官诸葛"
)  # not a part of a two-character one
#: A surname and one or two more characters (陈一鸣, 周野), read as a full name where it ends the
#: clause or a predicate opens after it (lang/zh/fragments.toml SURNAMES).
_SURNAMED = re.compile(rf"[{fragment('zh', 'SURNAMES')}][\u4e00-\u9fff]{{1,2}}")
#: Characters no given name ends or holds: particles, adverbs, the copula.
_NOT_IN_GIVEN = frozenset("的了是在和跟对把被给也都就还又太真最挺超好很吧呢啊吗呀啦")


def _full_name(after: str) -> str | None:
    """我儿子[陈一鸣]在实验二小上学, 我老公[周野]: a surname and a given name, the three-character
    reading first. Not a time (周末), a word the dictionary knows as no name (马上, 高兴), a title
    after a surname (林医生), nor a name cut inside a word (陈一[鸣在]: 陈一 is no reading)."""
    m = _SURNAMED.match(after)
    if m is None:
        return None
    for n in (3, 2):
        name, rest = after[:n], after[n:]
        if len(name) < n or n > len(m.group(0)) or set(name[1:]) & _NOT_IN_GIVEN:
            continue
        if rest and not (rest[0] in "，, " or starts_predicate(rest)):
            continue
        if zv.TIME_RX.match(name) or c.zh_pos(name) not in (None, "nr", "nrt", "nrfg"):
            continue
        if n == 3 and (c.zh_pos(name[1:]) in ("n", "v", "t", "d") or starts_predicate(after[2:])):
            continue  # 林医生, 王磊[是]…: a title, or a two-character name with its predicate
        if n == 2 and c.zh_pos(name[1] + rest[:1]) not in (None, "nr", "nrt", "nrfg") and rest:
            continue  # 陈一[鸣在]: the second character opens a word with what follows
        return name
    return None


#: Words that point at someone without naming them (他, 这位, 你们): never a name.
_POINTING = re.compile(r"(?:他|她|它|这|那|哪|你|我)(?:个|位|们|只|条)?|谁|您")


def points_at_someone(word: str) -> bool:
    return bool(_POINTING.fullmatch(word))


#: One of the user's people named inside a clause about someone else or about both: "我跟我老公
#: 阿杰都是remote上班", "带我女儿朵朵去打疫苗"; and a name said to be one of them: "以后小周就是我老公了".
#: One of the user's people named as the object of what is done ("跟我老婆…", "送我儿子乐乐去…",
#: "陪我妈…"); not after a comparison ("比我爸妈加起来都多" names no one).
_WITH_RELATION = re.compile(
    rf"(?:跟|和|与|带着?|陪着?|同|替|给|送|接|帮|叫|喊|让|等|找|哄|教|看望|去看|约|催|劝|问|告诉|通知|提醒|请|还有|以及|另外)"
    rf"我(?:的|家)?(?P<rel>{zv.REL})"
)
_NAME_IS_RELATION = re.compile(
    rf"(?:^|[，,。！!？?\s]|以后|现在|从此|今后|起|开始|以来)(?P<name>[\u4e00-\u9fff]{{2,3}}?|[A-Z][a-z]+)(?:就|已经|正式)?(?:是|成了|成为)了?我(?:的)?(?P<rel>{zv.REL})(?:了|啦)?(?=$|[，,。！!？?\s])"
)


def people_mentioned(s: str) -> list[re.Match[str]]:
    """Where the user's people are named inside `s` (a relation word after 我 and a verb),
    found once for `meet_people_named_before`."""
    return list(_WITH_RELATION.finditer(s)) if "我" in s else []


def meet_people_named_before(s: str, upto: int, mentions: list[re.Match[str]], state: c.State) -> None:
    """Make the user's people named in `mentions` (of `s`) before `upto` known to `state`, so a
    他 or 她 in the clause there is one of them ("给我好朋友阿杰过生日，他是湖人死忠粉"). The
    mentions met are taken off the list."""
    while mentions and mentions[0].end() <= upto:
        m = mentions.pop(0)
        named = name_after(s[m.end() : upto], state)
        rel = relation_of(m["rel"])
        if named and rel and not points_at_someone(named[0]) and not named[0].startswith(("他", "她", "你")):
            attribute, qual = rel
            state.add(named[0], entity_type(attribute), qual or attribute)


def people_named_inside(s: str, out: list, state: c.State, sentence: str) -> list:
    """Links to the user's people named inside the sentence that no clause has linked yet."""
    linked = {str(x.value) for x in out if x.object_type}
    found: list = []
    hits: list[tuple[str, str]] = []
    for m in _WITH_RELATION.finditer(s):
        if named := name_after(s[m.end() :], state):
            hits.append((m["rel"], named[0]))
    hits += [(m["rel"], m["name"]) for m in _NAME_IS_RELATION.finditer(s)]
    for rel_word, name in hits:
        rel = relation_of(rel_word)
        if not rel or name in linked or points_at_someone(name) or name.startswith(("他", "她", "你")):
            continue
        attribute, qual = rel
        state.add(name, entity_type(attribute), qual or attribute)
        linked.add(name)
        found.append(link(attribute, qual, name, sentence))
    return c.builtin(found, "zh", "named_inside") if found else []
