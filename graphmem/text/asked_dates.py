"""What a question asks of dates: when something happened ("when did I…", "什么时候"), what lies
ahead ("what's coming up?", "接下来有什么安排"), or the days it names ("last weekend", "上周")."""

from __future__ import annotations

import re
from datetime import datetime

from graphmem.text.dates import first_range
from graphmem.text.spans import TimeSpan

__all__ = ["asks_ahead", "is_time_question", "query_range"]


_TIME_QUESTION = re.compile(
    r"\bwhen\b|\bwhat\s+(?:date|day|time|year|month)\b|\bhow\s+long\s+ago\b|\bwhich\s+(?:day|year|month|week)\b"
    r"|什么时候|哪天|哪一天|几号|几月|哪年|哪一年|多久以前|啥时候|何时",
    re.IGNORECASE,
)


def is_time_question(text: str) -> bool:
    """Does the query ask when something happened ("when did I…", "什么时候")?"""
    return _TIME_QUESTION.search(text) is not None


_AHEAD = re.compile(
    r"\b(?:coming\s+up|upcoming|what'?s\s+next|what\s+is\s+next|next\s+up|ahead\s+of\s+me"
    r"|on\s+my\s+(?:calendar|schedule|agenda|plate)|(?:any|my)\s+plans|have\s+planned|planned|scheduled)\b"
    r"|接下来|即将|快到了|快要|马上要|马上就要|就要到|最近有什么(?:安排|计划|事)|有什么(?:安排|计划|打算)|什么(?:安排|计划)|日程|行程",
    re.IGNORECASE,
)


def asks_ahead(text: str) -> bool:
    """Does the query ask what lies ahead ("what's coming up?", "接下来有什么安排")?"""
    return _AHEAD.search(text) is not None


def query_range(text: str, at: datetime) -> TimeSpan | None:
    """The days a question is about ("what did I do last weekend", "上周"), if it names them."""
    return first_range(text, at, fuzzy=True)
