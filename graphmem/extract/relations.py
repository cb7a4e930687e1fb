"""Relation words, Chinese and English, shared by the extractor and recall.

Each word maps to the attribute that links the user to that person or pet and a
canonical qualifier, so "我哥哥", "my brother" and "my bro" all become
`sibling/brother`. Recall uses the same table to read "my daughter" or
"我哥哥的公司" in a query, so both sides agree on what a word means.

Extended family and people from work have no core key; they use the open
`relative` attribute and `friend` with a qualifier (colleague, boss, ...).
"""

from __future__ import annotations

import re
from functools import lru_cache

from graphmem.lang import data

#: word -> (attribute, canonical qualifier or None)
RELATION_WORDS: dict[str, tuple[str, str | None]] = {}


def _add(attribute: str, qualifier: str | None, words: str) -> None:
    for word in words.split():  # "_" joins multi-word entries
        RELATION_WORDS[word.replace("_", " ")] = (attribute, qualifier)


# Chinese. Single characters (哥, 妈) only ever match right after 我/我的/我家.
_add("child", "son", "儿子 大儿子 小儿子 二儿子 儿子们")
_add("child", "daughter", "女儿 大女儿 小女儿 二女儿 闺女")
_add("child", None, "孩子 小孩 孩子们 娃 宝宝 小朋友 老大 老二 老三 老幺 大宝 二宝 三宝 小宝 大娃 二娃")
_add("sibling", "brother", "哥哥 弟弟 哥 弟 大哥 二哥 三哥 四哥 小弟 二弟 三弟 兄弟")
_add("sibling", "sister", "姐姐 妹妹 姐 妹 大姐 二姐 三姐 四姐 小妹 二妹 三妹")
_add("spouse", "husband", "老公 丈夫 先生")
_add("spouse", "wife", "老婆 妻子 太太 媳妇 夫人")
_add(
    "spouse", None, "爱人 配偶 另一半 老伴 老伴儿 老婆子 老头子 家那位 家那口子 那口子"
)  # 我家那位: said only with 我家
_add("partner", "boyfriend", "男朋友 男友")
_add("partner", "girlfriend", "女朋友 女友")
_add("partner", "fiance", "未婚夫")
_add("partner", "fiancee", "未婚妻")
_add("partner", None, "对象")
_add("parent", "father", "爸爸 父亲 爸 老爸 爹")
_add("parent", "mother", "妈妈 母亲 妈 老妈 娘")
_add("parent", None, "父母 爸妈 家长")
_add("relative", "grandfather", "爷爷 外公 姥爷")
_add("relative", "grandmother", "奶奶 外婆 姥姥")
_add("relative", "uncle", "叔叔 舅舅 伯伯 姑父 姨父")
_add("relative", "aunt", "阿姨 姑姑 舅妈 婶婶 姨妈")
_add("relative", "cousin", "表哥 表姐 表弟 表妹 堂哥 堂姐 堂弟 堂妹")
# grandchildren, nieces and nephews, and children's spouses: the people a grandparent or an
# aunt talks of ("外孙在学校…", "我儿媳妇…")
_add("relative", "grandson", "孙子 外孙 大孙子 小孙子")
_add("relative", "granddaughter", "孙女 外孙女 大孙女 小孙女")
_add("relative", "nephew", "侄子 外甥")
_add("relative", "niece", "侄女 外甥女")
_add("relative", "son-in-law", "女婿")
_add("relative", "daughter-in-law", "儿媳妇 儿媳")
_add(
    "friend",
    "friend",
    "朋友 好朋友 好友 闺蜜 哥们 发小 老朋友 老姐妹 老哥们 老伙计 牌友 棋友 舞伴 球友 饭搭子 搭子",
)
_add("friend", "colleague", "同事")
_add("friend", "boss", "老板 领导 上司 主管")
_add("friend", "roommate", "室友")
_add("friend", "classmate", "同学")
_add("friend", "neighbor", "邻居")
_add("pet", "dog", "狗 狗狗 小狗 狗子 爱犬 汪星人 狗主子 狗儿子 狗闺女")
_add("pet", "cat", "猫 猫咪 小猫 猫猫 喵 猫主子 喵星人 小猫咪 主子 猫儿子 猫闺女")
_add("pet", None, "毛孩子")
_add("pet", "rabbit", "兔子 小兔子 垂耳兔 侏儒兔 荷兰兔 兔兔")
_add("pet", "hamster", "仓鼠 金丝熊")
_add("pet", "parrot", "鹦鹉 玄凤 玄凤鹦鹉 虎皮鹦鹉 牡丹鹦鹉")
_add("pet", "turtle", "乌龟 陆龟 草龟")
_add("pet", "goldfish", "金鱼")
_add("pet", "fish", "孔雀鱼 热带鱼 锦鲤 斗鱼 鹦鹉鱼 观赏鱼")
_add("pet", "lizard", "蜥蜴 守宫 鬃狮蜥")
_add("pet", "snake", "蛇")
_add("pet", "chinchilla", "龙猫")
_add("pet", "guinea pig", "荷兰猪 豚鼠")

# English (lowercase; plurals are folded by relation_of).
_add("child", "son", "son boy")
_add("child", "daughter", "daughter girl")
_add("child", None, "kid kiddo child children baby toddler")
_add("sibling", "brother", "brother bro")
_add("sibling", "sister", "sister sis")
_add("sibling", None, "sibling")
_add("spouse", "husband", "husband hubby hubs")
_add("spouse", "wife", "wife wifey missus")
_add("spouse", None, "spouse better_half other_half")
_add("partner", "boyfriend", "boyfriend bf")
_add("partner", "girlfriend", "girlfriend gf")
_add("partner", "fiance", "fiance fiancé")
_add("partner", "fiancee", "fiancee fiancée")
_add("partner", None, "partner")
_add("parent", "father", "dad father daddy papa")
_add("parent", "mother", "mom mother mum mommy mama")
_add("parent", None, "parent parents")
_add("relative", "grandfather", "grandpa grandfather granddad")
_add("relative", "grandmother", "grandma grandmother granny")
_add("relative", "uncle", "uncle")
_add("relative", "aunt", "aunt auntie")
_add("relative", "cousin", "cousin")
_add("relative", "nephew", "nephew")
_add("relative", "niece", "niece")
_add("relative", "grandson", "grandson")
_add("relative", "granddaughter", "granddaughter")
_add("relative", None, "grandkid grandchild grandchildren grandbaby")
_add("relative", "son-in-law", "son-in-law son_in_law")
_add("relative", "daughter-in-law", "daughter-in-law daughter_in_law")
# In-laws, so "my brother-in-law" is one relation, not the user's brother. (Chinese 姐夫/嫂子
# stay unlisted: read as 姐/嫂 they still reach the sister whose husband the message names.)
_add("relative", "brother-in-law", "brother-in-law brother_in_law")
_add("relative", "sister-in-law", "sister-in-law sister_in_law")
_add("relative", "father-in-law", "father-in-law father_in_law")
_add("relative", "mother-in-law", "mother-in-law mother_in_law")
_add("friend", "friend", "friend buddy pal bff")
_add("friend", "best friend", "best_friend bestie")
_add("friend", "colleague", "colleague coworker co-worker")
_add("friend", "boss", "boss manager")
_add("friend", "roommate", "roommate flatmate housemate")
_add("friend", "classmate", "classmate")
_add("friend", "neighbor", "neighbor neighbour")
_add("pet", "dog", "dog puppy pup doggo pupper")
_add("pet", "cat", "cat kitten kitty")
_add("pet", None, "floof fur_baby furbaby")
_add("pet", "rabbit", "rabbit bunny")
_add("pet", "hamster", "hamster")
_add("pet", "parrot", "parrot")
_add("pet", "turtle", "turtle tortoise")
_add("pet", "hedgehog", "hedgehog")
_add("pet", "rat", "rat")
_add("pet", "axolotl", "axolotl")
_add("pet", "horse", "horse")
_add("pet", "goldfish", "goldfish")
_add("pet", "fish", "fish guppy guppies")
_add("pet", "betta", "betta")
_add("pet", "lizard", "lizard gecko iguana bearded_dragon leopard_gecko chameleon")
_add("pet", "snake", "snake python corn_snake")
_add("pet", "ferret", "ferret")
_add("pet", "chinchilla", "chinchilla")
_add("pet", "guinea pig", "guinea_pig")
_add("pet", "bird", "bird budgie cockatiel canary parakeet lovebird macaw cockatoo")
# breeds that name nothing else ("my beagle", "Pickles is my labrador"); "lab", "boxer",
# "persian", "bengal", "maltese" and "husky" name people, places or things as often
_add("pet", "dog", "labrador golden_retriever poodle corgi beagle bulldog pug shiba chihuahua terrier dachshund "
     "german_shepherd border_collie collie retriever goldendoodle labradoodle greyhound schnauzer spaniel "
     "pitbull pit_bull rottweiler samoyed whippet dalmatian doberman weimaraner vizsla bernedoodle "
     "cockapoo cavapoo maltipoo sheltie pomeranian yorkie frenchie")  # fmt: skip
_add("pet", "cat", "siamese ragdoll tabby sphynx calico")
# a dog said by the mix it is ("our lab mix Juniper"): "lab" or "husky" alone names other things
_add("pet", "dog", "mutt lab_mix pit_mix husky_mix shepherd_mix boxer_mix terrier_mix collie_mix doodle")


def _is_cjk(word: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" for ch in word)


def relation_of(word: str) -> tuple[str, str | None] | None:
    """(attribute, qualifier) for a relation word, or None; folds case and English plurals."""
    w = word.strip().lower()
    if w in RELATION_WORDS:
        return RELATION_WORDS[w]
    for suffix, repl in (("ren", ""), ("ies", "y"), ("s", "")):
        if w.endswith(suffix) and w[: len(w) - len(suffix)] + repl in RELATION_WORDS:
            return RELATION_WORDS[w[: len(w) - len(suffix)] + repl]
    return None


def sibling_side(word: str) -> str | None:
    """Elder or younger, for a sibling still known by its Chinese word: 我姐 and 我妹 share
    the qualifier sister but are two people, so one never stands for the other."""
    w = word.strip()
    if len(w) > 3 or not w:
        return None
    return "elder" if any(ch in w for ch in "姐哥") else "younger" if any(ch in w for ch in "妹弟") else None


def other_sibling(known_word: str, word: str) -> bool:
    """True when the two relation words name siblings of different sides (姐 and 妹)."""
    a, b = sibling_side(known_word), sibling_side(word)
    return a is not None and b is not None and a != b


@lru_cache(maxsize=4)
def relation_words(lang: str) -> tuple[str, ...]:
    """The relation words of one language ("zh" or "en"), longest first for regex alternation."""
    want_zh = lang.startswith("zh")
    words = [w for w in RELATION_WORDS if _is_cjk(w) == want_zh]
    return tuple(sorted(words, key=len, reverse=True))


@lru_cache(maxsize=2)
def relation_alternation(lang: str) -> str:
    """The relation words of one language of two characters or letters or more, longest first,
    as a regex alternation (a single character, 哥 or 妈, names one only right after 我)."""
    return "|".join(re.escape(w) for w in relation_words(lang) if len(w) > 1)


def entity_type(attribute: str) -> str:
    """The type of the entity a relation attribute's value names."""
    return "pet" if attribute == "pet" else "person"


#: What the one the user dates is to them, by the word for them ("this guy", 一个叫X的男生).
_DATED_AS = {
    "guy": "boyfriend", "man": "boyfriend", "dude": "boyfriend", "boy": "boyfriend", "fella": "boyfriend",
    "bloke": "boyfriend", "girl": "girlfriend", "woman": "girlfriend", "lady": "girlfriend", "gal": "girlfriend",
    "男": "boyfriend", "小哥": "boyfriend", "小伙": "boyfriend", "帅哥": "boyfriend",
    "女": "girlfriend", "小姐姐": "girlfriend", "姑娘": "girlfriend", "美女": "girlfriend",
}  # fmt: skip


def dated_as(word: str) -> str | None:
    """'boyfriend' or 'girlfriend' for a word the one dated is called by ("guy", 男生), else None;
    a Chinese word by how it starts (男生, 男孩子)."""
    w = word.strip().lower()
    if w in _DATED_AS:
        return _DATED_AS[w]
    return next((q for k, q in _DATED_AS.items() if not k.isascii() and w.startswith(k)), None)


@lru_cache(maxsize=2)
def _someone_else_rx(lang: str) -> re.Pattern[str]:
    people = sorted(
        {*(w for w in relation_words(lang) if len(w) > 1), *data(lang, "cues.toml")["others"]["words"]},
        key=len,
        reverse=True,
    )
    alt = "|".join(map(re.escape, people))
    if lang == "en":
        return re.compile(rf"\b(?:my|our|his|her)\s+(?:{alt})(?:'s)?\b|\b(?:he|she|his|her)\b", re.I)
    # chat drops the 我 before one's own people at the start of a clause ("男朋友在字节上班")
    # (with what sort of one before the word: 我大学室友, 我以前的同事, 我好朋友)
    sort = r"(?:大学|高中|初中|小学|研究生|以前的?|之前的?|前|老|新|好|亲)?"
    return re.compile(
        rf"(?:我|我的|^|(?<=[，,。！？!?\s])){sort}(?:{alt})|(?<!其)他|她"
    )  # 其他: "the others"


def names_someone_else(text: str, lang: str) -> bool:
    """Whether `text` is about one of the user's people or another person ("my son's epipen",
    "我前任在字节上班", "她上次过敏"): a fact read from it by what goes with it is not the user's."""
    return _someone_else_rx(lang).search(text) is not None
