"""How a text says one key of a forget's topic (graphmem.write.forget_topic): a Chinese word,
also with what a verb takes between it and its object, or an English word in any of its forms."""

from __future__ import annotations

import re

from graphmem.text.terms import cjk_words

__all__ = ["says"]

_CJK = re.compile(r"[\u4e00-\u9fff]")
#: Measure words and particles that split a Chinese verb from its object (住了两周院, 离过婚).
_ZH_SPLIT = r"(?:(?:了|过|着)(?:[一两三四五六七八九十几半\d]+个?[次场周天年月趟回个星期礼拜]{0,2})?|[一两三四五六七八九十几半\d]+个?[次场周天年月趟回个星期礼拜]{1,2})"
#: Objects a Chinese verb takes so often that it is said without them: 欠(钱), 面(试), 借(钱), 还(款).
_GENERIC_OBJECT = frozenset("钱试款债账")


def says(text: str, key: str) -> bool:
    """Does `text` say `key`: a Chinese word in it, also split by what a verb takes between
    it and its object (住院: 住了两周院); an English one as a word, in any of its forms
    (surgery: surgeries; divorce: divorced); a key of words joined by "&" when every one is."""
    if "&" in key:  # every word of the topic, anywhere in the text
        return all(says(text, part) for part in key.split("&"))
    if _CJK.search(key):
        if key not in text and key.startswith("被") and len(key) >= 3:
            # "被约谈": 被公司约谈 (who did it comes between)
            return re.search("被[\u4e00-\u9fff]{0,4}?" + re.escape(key[1:]), text) is not None
        if key not in text and 3 <= len(key) <= 5:
            # "搬成都": 搬去成都, 搬到了成都; a one-character verb and its object, with where or
            # how far the verb goes between them
            words = cjk_words(key)
            if len(words) == 2 and len(words[0]) == 1 and len(words[1]) >= 2:
                between = r"(?:去|到|来|回|进|出|过|了|完){0,2}"
                return re.search(re.escape(words[0]) + between + re.escape(words[1]), text) is not None
        return key in text or (
            len(key) == 2
            and (
                re.search(re.escape(key[0]) + _ZH_SPLIT + re.escape(key[1]), text) is not None
                # a verb whose object goes without saying ("欠钱": 欠了两万; "面试": 在面ByteDance,
                # 二面过了): the verb with its aspect, or with the company it is done at
                or (
                    key[1] in _GENERIC_OBJECT
                    and re.search(re.escape(key[0]) + r"(?:了|过|着|下|[A-Za-z])", text) is not None
                )
            )
        )
    stem = (  # "therapy": therapies, therapist
        re.escape(key[:-1]) + r"(?:y|ies|ic|ical|ist|ists)"
        if key.endswith("y") and len(key) > 3
        else re.escape(key)
    )
    forms = r"(?:s|es|d|ed|ing|ized|ised)?" if re.search(r"[a-z]$", key) else ""
    if re.fullmatch(r"[a-z]{5,}al", key, re.I):  # "proposal": proposing, propose; "refusal": refused
        stem, forms = re.escape(key[:-2]), r"(?:e|es|ed|ing|al|als)"
    elif re.fullmatch(r"[a-z]{6,}", key, re.I) and not key.endswith(
        "y"
    ):  # "interview": interviewed, interviewer
        # an adverb is no form of the word ("finals" is not "finally")
        stem, forms = re.escape(key[:-1]), re.escape(key[-1]) + r"?(?!ly(?![a-z]))[a-z]{0,4}"
    # "ex" is not "ex-boss": a hyphen goes on with the word
    # a unit after its number ("50mg") is the word still
    return re.search(r"(?<![A-Za-z_-])" + stem + forms + r"(?![\w]|-\w)", text, re.I) is not None
