"""Whether a Chinese sentence asks the assistant for a style of reply ("回答简洁一点",
"以后多用表格", "别说废话"): such a request becomes the `reply_style` fact, not a statement
about the user. A request addresses the assistant, names its output and a style, or is one
of the set phrases that say all three at once."""

from __future__ import annotations

import re

_STYLE_CUE = re.compile(
    r"回答|回复|答复|答案|回我|解释|说话|讲话|语气|格式|输出|排版|写的时候|给我写|^(?:多用|少用|请用|尽量用|请多用)"
)
_STYLE_ADDR = re.compile(
    r"你|您|请|以后|今后|麻烦|给我|回我|跟我|尽量|最好|希望|^(?:多用|少用|别|不要|用|回答|回复|说话)"
)
_STYLE_WORD = re.compile(
    r"简洁|简短|简单点|精简|详细|啰嗦|表格|列表|分点|要点|条理|英文|中文|英语|双语|口语化?|正式|幽默|直接|废话|客套|"
    r"emoji|表情|markdown|代码|举例|例子|步骤|长篇大论|大段|字数|短一?点|长一?点|少用|多用|不要用|别用|通俗",
    re.I,
)
_STYLE_ALONE = re.compile(r"别说废话|少说废话|不要客套|直接说重点|说重点|少点废话")


def is_reply_style(s: str) -> bool:
    return bool(
        _STYLE_ALONE.search(s) or (_STYLE_CUE.search(s) and _STYLE_WORD.search(s) and _STYLE_ADDR.search(s))
    )
