"""Names listed after a count in Chinese: "两只猫，一只叫可乐一只叫雪碧", "两个娃，叫甜甜和乐乐",
"家里两只狗：大黄和小黑". One link each, so a pet or child named in a list is known by name."""

from __future__ import annotations

import re

from graphmem.text.terms import zh_number

_LEAD = re.compile(r"^[，,：:\s]*(?:分别|一个|一只|一条)?(?:名字)?(?:叫做?|名叫)?")
#: What introduces each name of the list ("一只叫", "另一个叫", "老二叫").
_EACH = re.compile(
    r"(?:另一?(?:只|个|条|位)|一(?:只|个|条|位)|老[大二三]|大的|小的)(?:[\u4e00-\u9fff]{1,3}?的?)??(?:名字)?(?:叫做?|名叫)"
)
#: Each name right after what introduces it ("一只橘的叫大橘为重（…），一只三花叫年糕"): read so
#: when the list is said item by item, remarks between them ("名字不是我起的") skipped.
_EACH_NAME = re.compile(
    _EACH.pattern
    + r"(?P<n>[\u4e00-\u9fff]{1,4}?|[A-Z][A-Za-z'-]{1,20})(?=[，,。！!～~\s（(）)]|$|和|另?一(?:只|个|条|位))"
)
_SEP = re.compile(r"和|跟|与|、|，|,|还有|以及")
_NAME = re.compile(r"[\u4e00-\u9fff]{1,4}|[A-Z][A-Za-z'-]{1,20}")
#: Words no name is made of: a remark about them ("都很乖"), not one more name.
_NOT_NAME = re.compile(r"[的了是很都也在有和会就还太真好]|特别|非常|可爱|调皮|一起")


def listed_names(sentence: str, word: str, count: str | None) -> list[str]:
    """The names listed right after `word` (猫, 娃) in `sentence`: at least two, no more than
    the count said before it, or none at all."""
    at = sentence.find(word)
    if at < 0:
        return []
    after = sentence[at + len(word) :]
    each = [m["n"] for m in _EACH_NAME.finditer(after)]
    if len(each) >= 2 and not any(_NOT_NAME.search(n) for n in each):
        n = zh_number(count) if count else None
        return each if not (n and len(each) > n) else []
    rest = _EACH.sub("，", after)
    rest = _LEAD.sub("", rest)
    names: list[str] = []
    for item in _SEP.split(rest):
        item = item.strip(" 。！!~～")
        if not item:
            continue
        if not _NAME.fullmatch(item) or _NOT_NAME.search(item):
            break
        names.append(item)
    n = zh_number(count) if count else None
    if len(names) < 2 or (n and len(names) > n):
        return []
    return names
