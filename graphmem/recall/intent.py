"""What a query asks about: attributes, relation hops and named entities.

Keyword cues map onto the attribute vocabulary in both languages. A cue is a
substring for Chinese and a whole word (after light stemming) for English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from graphmem.extract.relations import RELATION_WORDS
from graphmem.model import Entity
from graphmem.text.asked_dates import asks_ahead
from graphmem.text.terms import normalize, stem

_FOOD = ("diet", "allergy", "dislikes", "likes")
_SCHEDULE = ("event",)
#: What a question about what lies ahead asks for (graphmem.recall.recaller.specificity).
SCHEDULE = _SCHEDULE
_TASK = ("reply_style",)

# (attributes, zh cues, en cues)
_CUES: list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = [
    (
        ("employer", "job_title"),
        (
            "上班",
            "工作",
            "公司",
            "单位",
            "职业",
            "岗位",
            "做什么的",
            "老板",
            "入职",
            "跳槽",
            "生意",
            "买卖",
            "营生",
            "哪行",
            "行业",
        ),
        (
            "work",
            "job",
            "business",
            "trade",
            "company",
            "employer",
            "office",
            "career",
            "boss",
            "living",
            "profession",
            "occupation",
        ),
    ),
    (("job_title",), ("职位", "职称", "干什么"), ("title", "role", "position")),
    (
        ("school",),
        ("学校", "上学", "读书", "念书", "小学", "中学", "初中", "高中", "大学", "幼儿园", "年级", "在哪读"),
        (
            "school",
            "college",
            "university",
            "uni",
            "kindergarten",
            "preschool",
            "grade",
            "study",
            "studies",
            "attend",
        ),
    ),
    (
        ("city",),
        ("住", "城市", "生活在", "在哪生活", "定居", "搬", "常驻", "现居", "在哪"),
        ("live", "city", "based", "move", "moved", "reside", "located", "town"),
    ),
    (
        ("hometown",),
        ("老家", "家乡", "哪里人", "哪儿人", "籍贯", "来自", "出生"),
        ("hometown", "from", "grew", "origin", "originally", "born"),
    ),
    (("name", "preferred_name"), ("名字", "叫什么", "称呼", "叫我"), ("name", "called", "call")),
    (("age", "birthday"), ("岁", "年龄", "多大", "生日", "出生"), ("age", "old", "birthday", "born")),
    (
        _FOOD,
        (
            "吃",
            "餐",
            "饭",
            "菜",
            "食",
            "零食",
            "下午茶",
            "甜点",
            "点心",
            "外卖",
            "饮料",
            "喝",
            "做饭",
            "菜谱",
            "食谱",
            "请客",
            "聚餐",
            "忌口",
            "饮食",
        ),
        (
            "eat",
            "food",
            "dinner",
            "lunch",
            "breakfast",
            "recipe",
            "restaurant",
            "snack",
            "cook",
            "meal",
            "dessert",
            "drink",
            "menu",
            "dish",
            "diet",
            "dietary",
            "nutrition",
            "takeout",
            "grocery",
            "groceries",
            "bake",
            "treat",
        ),
    ),
    # Medicines: what the user must not take is an allergy as often as a food is.
    (
        ("allergy",),
        ("过敏", "药", "药物", "吃药", "用药", "处方", "抗生素"),
        (
            "allergy",
            "allergic",
            "allergies",
            "medicine",
            "medicines",
            "medication",
            "medications",
            "drug",
            "drugs",
            "prescription",
            "pill",
            "pills",
            "antibiotic",
            "antibiotics",
        ),
    ),  # fmt: skip
    (("pet",), ("宠物", "狗", "猫", "养"), ("pet", "dog", "cat", "puppy", "kitten")),
    (
        _SCHEDULE,
        (
            "安排",
            "计划",
            "日程",
            "行程",
            "明天",
            "后天",
            "今天",
            "周末",
            "下周",
            "这周",
            "本周",
            "出差",
            "会议",
            "开会",
            "约",
            "航班",
            "飞",
            "旅行",
            "旅游",
            "课",
        ),
        (
            "schedule",
            "plan",
            "plans",
            "appointment",
            "week",
            "tomorrow",
            "today",
            "tonight",
            "weekend",
            "trip",
            "travel",
            "fly",
            "flight",
            "flying",
            "meeting",
            "calendar",
            "agenda",
            "upcoming",
            "event",
            "class",
            "lesson",
        ),
    ),
    (
        ("likes", "dislikes"),
        ("喜欢", "爱好", "兴趣", "讨厌", "推荐", "玩", "消遣", "娱乐", "运动", "迷上"),
        (
            "like",
            "enjoy",
            "sport",
            "sports",
            "into",
            "pastime",
            "hobby",
            "hobbies",
            "fun",
            "love",
            "hate",
            "interest",
            "recommend",
            "suggest",
            "favorite",
            "favourite",
        ),
    ),
    (("language",), ("语言", "说什么话", "外语"), ("language", "speak", "languages")),
    (("skill",), ("会什么", "技能", "擅长"), ("skill", "skills", "good")),
    (("diet",), ("饮食", "素", "减肥", "控糖"), ("diet", "vegan", "vegetarian")),
    (
        _TASK,
        (
            "帮我",
            "请",
            "对比",
            "比较",
            "总结",
            "解释",
            "写",
            "回答",
            "回复",
            "列",
            "推荐",
            "分析",
            "整理",
            "介绍",
        ),
        (
            "help",
            "compare",
            "summarize",
            "summarise",
            "explain",
            "write",
            "answer",
            "reply",
            "list",
            "draft",
            "recommend",
            "suggest",
            "analyze",
            "analyse",
            "describe",
            "outline",
        ),
    ),
]

#: Constraints that come back with a related entity whenever the query is about doing
#: something for them (giving, buying, cooking, recommending), food words or not.
CONSTRAINTS = ("allergy", "diet", "dislikes")

# Verbs and nouns of doing something for someone: buying, giving, cooking, recommending.
_CARE_ZH = (
    "买", "送", "礼物", "做饭", "做菜", "做点", "做些", "做个", "煮", "烤", "准备", "推荐", "挑",
    "选个", "选点", "选购", "带点", "带些", "带个", "喂", "订", "点餐", "点菜", "招待", "款待",
)  # fmt: skip
_CARE_EN = (
    "buy", "bought", "gift", "present", "cook", "bake", "prepare", "pack", "order", "recommend",
    "suggest", "feed", "treat", "serve", "host", "shop", "shopping", "surprise",
)  # fmt: skip
# Generic verbs that only mean "for them" together with "for" (make something for, get her ...).
_CARE_EN_WEAK = ("make", "get", "bring", "pick", "choose", "plan", "take", "give", "grab")

# Single-character Chinese relation words (哥, 妈, 狗) count only right after one of these,
# as in 我哥 / 我的妈 / 我家狗 / 他的哥.
_ZH_SINGLE_PREFIX = ("我", "的", "家")

_EN_WORD = re.compile(r"[a-z]+")


@dataclass
class Intent:
    attributes: set[str] = field(default_factory=set)
    #: The query asks what lies ahead ("what's coming up?"): every plan is an answer,
    #: ordered by its day rather than by the words it shares with the question.
    ahead: bool = False
    #: (attribute, qualifier, word) of each relation word, in the order the query says them
    relations: list[tuple[str, str | None, str]] = field(default_factory=list)
    relation_pos: list[int] = field(default_factory=list)  # where each relation word starts
    entities: list[Entity] = field(default_factory=list)
    entity_pos: dict[str, int] = field(default_factory=dict)  # entity id -> where it is named
    care: bool = False  # the query is about doing something for someone (buy, cook, give, ...)
    #: The query names the user's household ("cook for the family", "全家"): everyone one
    #: link of `HOUSEHOLD` away is asked about, side by side (not a chain of relations).
    household: bool = False
    text: str = ""  # the normalised query

    def link_attributes(self) -> list[str]:
        """The link attributes the query walks: its relation words', and the household's."""
        attrs = {a for a, _, _ in self.relations} | ({a for a, _ in HOUSEHOLD} if self.household else set())
        if any(a in ("partner", "spouse") and q is None for a, q, _ in self.relations):
            attrs |= {"partner", "spouse"}  # 对象, "my partner": married or not (recall.hops)
        return sorted(attrs)


#: Who "the family" is when the user asks for it: their spouse or partner and children.
HOUSEHOLD: tuple[tuple[str, str | None], ...] = (("spouse", None), ("partner", None), ("child", None))
_HOUSEHOLD_EN = re.compile(
    r"\b(?:(?:my|our|the)\s+(?:whole\s+|entire\s+)?family|(?:my|our)\s+household|everyone at home|"
    r"(?:my|our|the)\s+(?:wife|husband|partner)\s+and\s+(?:kids|children))\b"
)
_HOUSEHOLD_ZH = ("家人", "全家", "一家人", "家里人", "一家子", "一家三口", "一家四口", "老婆孩子", "老公孩子")


@lru_cache(maxsize=1)
def _normalized_relation_words() -> tuple[tuple[str, str], ...]:
    return tuple((word, normalize(word)) for word in RELATION_WORDS)


def _relation_spans(norm: str) -> list[tuple[int, int, str]]:
    """(start, end, word) of every relation word, longest match first, no overlaps."""
    found: list[tuple[int, int, str]] = []
    for word, w in _normalized_relation_words():
        if w not in norm:  # most queries name none of them: skip the search
            continue
        if w.isascii():
            for m in re.finditer(rf"(?<![a-z]){re.escape(w)}(?:s|es)?(?![a-z])", norm):
                found.append((m.start(), m.end(), word))
            continue
        start = norm.find(w)
        while start >= 0:
            if len(w) > 1 or norm[:start].endswith(_ZH_SINGLE_PREFIX):
                found.append((start, start + len(w), word))
            start = norm.find(w, start + 1)
    found.sort(key=lambda t: (t[0], -(t[1] - t[0])))
    kept: list[tuple[int, int, str]] = []
    end = -1
    for span in found:
        if span[0] >= end:
            kept.append(span)
            end = span[1]
    return kept


def _is_care(norm: str, words: set[str]) -> bool:
    if any(c in norm for c in _CARE_ZH):
        return True
    if any(c in words for c in _CARE_EN):
        return True
    return "for" in words and any(c in words for c in _CARE_EN_WEAK)


def parse(query: str, entities: list[Entity]) -> Intent:
    norm = normalize(query)
    words = {stem(w) for w in _EN_WORD.findall(norm)} | set(_EN_WORD.findall(norm))
    intent = Intent(text=norm)
    for attrs, zh, en in _CUES:
        if any(c in norm for c in zh) or any(c in words or stem(c) in words for c in en):
            intent.attributes.update(attrs)
    if asks_ahead(norm):  # "what's coming up?": what lies ahead is the user's plans
        intent.attributes.update(_SCHEDULE)
        intent.ahead = True
    for start, _end, word in _relation_spans(norm):
        attr, qual = RELATION_WORDS[word]
        intent.relations.append((attr, qual, word))
        intent.relation_pos.append(start)
    intent.care = _is_care(norm, words)
    intent.household = bool(_HOUSEHOLD_EN.search(norm)) or any(w in norm for w in _HOUSEHOLD_ZH)
    for e in entities:
        if e.type == "self":
            continue
        names = (e.name, *e.aliases)
        for n in names:
            key = normalize(n)
            if len(key) < 2 or key in RELATION_WORDS:
                continue
            if key not in norm:  # the name is not there at all
                pos = -1
            elif key.isascii():
                m = re.search(rf"\b{re.escape(key)}\b", norm)
                pos = m.start() if m else -1
            else:
                pos = norm.find(key)
            if pos >= 0:
                intent.entities.append(e)
                intent.entity_pos[e.id] = pos
                break
    return intent
