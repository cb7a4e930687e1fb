"""Relative and absolute dates in messages, resolved against the message's time.

Spans are found by a small bilingual pattern set (cheap, so a message without a date
costs a regex scan and nothing more); each span is then resolved by `dateparser`
(a maintained parser that knows relative English expressions and month names).
Chinese forms are first rewritten into the English expression they mean (昨天 →
yesterday, 两天前 → 2 days ago, 3月3日 → March 3): dateparser's Chinese data does not
cover numerals (两, 三) or 上周六-style weekdays. Calendar-week forms (上周六, last
week, next Friday) are computed here from the week the message was sent in, which is
what they mean in both languages and what dateparser leaves to its own heuristics.

`find_spans(text, at)` -> the resolved spans, each a date range [start, end] of whole
days (UTC); what a question asks of dates is graphmem.text.asked_dates.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone

from graphmem.text.coming import EN_ORDINAL, WEEKDAY_SHORT, coming
from graphmem.text.day_context import read_in_context
from graphmem.text.holidays import holiday_spans
from graphmem.text.offsets import offset_spans
from graphmem.text.periods import (
    SHIFT_ZH,
    WD,
    WEEKDAYS_EN,
    WEEKDAYS_ZH,
    month_form,
    parsed_day,
    part_zh,
    resolve_en_family,
    week_form,
    year_form,
    zh_bare_weekday,
)
from graphmem.text.spans import TimeSpan
from graphmem.text.terms import zh_number

__all__ = [
    "TimeSpan",
    "find_spans",
    "first_range",
    "warm",
]


_MONTHS_EN = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
              "october", "november", "december")  # fmt: skip
_NUM_EN = ("one two three four five six seven eight nine ten eleven twelve").split()

_N_EN = r"(?:\d{1,3}|a|an|(?:a\s+)?couple(?:\s+of)?|few|a\s+few|" + "|".join(_NUM_EN) + ")"
_UNIT_EN = r"(?:day|week|fortnight|month|year)s?"
_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_ORD = r"\d{1,2}(?:st|nd|rd|th)"

# Every expression starts with a letter or a digit: the lookahead in front lets the
# engine pass over other characters (a CJK message) without trying each alternative.
_EN = re.compile(
    r"(?=[a-z\d])(?<![a-z])(?:"
    r"(?:(?:the\s+)?day\s+before\s+)?yesterday|today|tonight|(?:the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr)|tomorrow"
    r"|tmrw|tmr|tomorow|tommorow|tommorrow|2morrow|yday|yesterdy|later\s+this\s+(?:week|month|year)"
    # "the Saturday before last", "the week after next"
    r"|(?:the\s+)?(?:" + WD + r"|week(?:end)?)\s+(?:before\s+last|after\s+next)"
    # "next month on the 5th", "the 5th of next month"
    r"|(?:last|this|next)\s+month\s+on\s+the\s+" + _ORD +
    r"|(?:on\s+)?the\s+" + _ORD + r"\s+(?:of\s+)?(?:last|this|next)\s+month"
    # "mid next month", "the end of the year", "early next week", "end of this month"
    r"|(?:early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of)[\s-]+(?:the|this|next|last)\s+(?:week|month|year)"
    r"|(?:early|mid|late)[\s-]+(?:week|month|year)"
    # "the last day of this month", "first day of next month"
    r"|(?:on\s+)?(?:the\s+)?(?:last|first)\s+day\s+of\s+(?:the|this|next|last)\s+month"
    # "Friday next week", "next week's Friday", "Thursday of last week", "this coming Friday"
    r"|(?:on\s+)?" + WD + r"\s+(?:of\s+)?(?:last|this|next)\s+week"
    r"|(?:last|this|next)\s+week(?:'s)?\s+(?:on\s+)?" + WD +
    r"|(?:this\s+)?coming\s+(?:" + WD + r"|weekend)"
    r"|(?:this\s+)?past\s+(?:" + WD + r"|weekend)"
    r"|(?:the\s+)?night\s+before\s+last" +
    r"|last\s+night|this\s+(?:morning|afternoon|evening)"
    r"|(?:last|this|next|past)\s+(?:week(?:end)?|month|year|" + WD + r")"
    r"|(?:on\s+)?" + WD +
    # "flying out sat", "dinner on thurs", "til fri": a weekday cut short, after a word that
    # only a day follows that way ("I sat down", "the sun" are none)
    r"|(?:(?<=\bout\s)|(?<=\bon\s)|(?<=\bthis\s)|(?<=\bnext\s)|(?<=\btil\s)|(?<=\btill\s)|(?<=\buntil\s)"
    r"|(?<=\bby\s))(?:mon|tues?|wed|thur?s?|fri|sat)(?![a-z'])\.?"
    r"|(?:(?<=\bon\s)|(?<=\btil\s)|(?<=\buntil\s)|(?<=\bnext\s))sun(?![a-z'])\.?" +
    # "on the 19th", "— the 19th, at …": a day of this month or the next; not a floor or a time
    r"|(?:on\s+)?the\s+\d{1,2}(?:st|nd|rd|th)(?!\s+(?:of\s+)?" + _MON + r")"
    r"(?!\s+(?:century|floor|time|times|place|grade|percentile|row|round|gen|generation|edition|amendment|try|attempt|year|anniversary|birthday)\b)" +
    r"|" + _N_EN + r"\s+" + _UNIT_EN + r"\s+(?:ago|back|from\s+(?:now|today))"
    # "in exactly 10 days", "in like 2 weeks": how sure one is is no part of the day
    r"|in\s+(?:(?:exactly|just|only|about|around|roughly|approximately|approx|like|another|precisely)\s+)?" + _N_EN + r"\s+" + _UNIT_EN +
    r"|" + _MON + r"\.?,?\s+(?:of\s+)?\d{4}(?!\d)"
    # "in 2016", "back in 2009", "since early 2021": the year
    r"|(?:back\s+)?(?:in|since|during)\s+(?:(?:early|late|mid)[\s-]+)?(?:19|20)\d\d(?![\d/-])"
    r"|" + _MON + r"\.?\s+" + _DAY + r"(?!\d)(?:,?\s+\d{4})?"
    r"|" + _DAY + r"\s+(?:of\s+)?" + _MON + r"(?:,?\s+\d{4})?"
    r")(?![a-z])",
    re.IGNORECASE,
)  # fmt: skip
#: `_EN` without re.I, for a lower-cased text: a case-sensitive search costs a fraction of
#: a case-insensitive one. Where `str.lower` keeps every character in its place and the
#: text holds none of the four characters re.I matches with an ASCII letter (İ ı ſ K), it
#: finds the same spans.
_EN_LOWER = re.compile(_EN.pattern)
_RE_I_ODD = re.compile("[\u0130\u0131\u017f\u212a]")
_ZN = r"[0-9零一二两三四五六七八九十]{1,3}"
#: Parts of a month: 月初, 月中 (not 中国, 中文, 中心), 月底/月末, 上旬/中旬/下旬.
_PART_ZH = r"(?:初|底|末|上旬|中旬|下旬|中(?![国文心午秋]))"
_ZH = re.compile(
    # The lookahead names every alternative's first character: the search then skips the
    # other positions at once (without it, 3 ms on an 8,000-character message).
    r"(?=[大前昨今明后上下这本周星礼去半月年\d零一二两三四五六七八九十])(?:"
    r"大前天|前天|前晚|昨天|昨晚|昨早|今天|今晚|今早|明天|明晚|明早|大后天|后天"
    # said in the north: 昨儿个, 昨个, 今儿, 明儿个, 前儿
    r"|(?:大前|前|昨|今|明|后)(?:儿个|儿|个)(?![月人子头星礼周年季])"
    r"|(?:上上|下下|上|下|这|本)(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]?"
    r"|(?<![每上下这本个一二三四五六七八九十两几叫])(?:周|星期|礼拜)[一二三四五六日天末](?![一二三四五六七八九十次])"
    # 下个月5号, 下个月中, 下下个月, 月底 (this month's), 下旬
    r"|(?:上上|下下|上|下|这|本)个?月(?:" + _ZN + r"[日号]|" + _PART_ZH + r"|的?(?:最后一天|第一天))?"
    r"|(?<![上下这本个每\d零一二两三四五六七八九十])月(?:初|底|末|上旬|中旬|下旬)"
    # 今年年底, 明年初, 年底 (this year's)
    r"|(?:前年|去年|今年|明年|后年)(?:年?(?:初|底|末|中(?![国文心午秋])))?"
    r"|(?<![每\d零一二两三四五六七八九十前去今明后])年(?:初|底|末)"
    r"|(?:" + _ZN + r"|半)(?:个)?(?:天|周|星期|礼拜|月|年)(?:前|以前|之前|后|以后|之后)"
    r"|" + _ZN + r"个半月(?:前|以前|之前|后|以后|之后)"
    r"|(?:(?:\d{4}|[零一二三四五六七八九]{4})年)?" + _ZN + r"月(?:" + _ZN + r"[日号]|" + _PART_ZH + r")"
    # 2018年 said alone: the year (2018年3月 with no day names a month, not read here)
    r"|(?<!\d)(?:19|20)\d\d年(?![\d零一二两三四五六七八九十]{1,2}月|\d|龄|纪|代|级)"
    r")"
)  # fmt: skip


def warm() -> None:
    """Import dateparser and load its English data now (most of a second, once per
    process) instead of inside the first message that names a date."""
    parsed_day.__wrapped__("march 3", date(2000, 1, 1), "past")


_MONTH_YEAR = re.compile(_MON + r"\.?,? (?:of )?(\d{4})")


#: How chat spells the two days next to today ("dentist tmrw").
_CHAT_SPELLING = {"tmrw": "tomorrow", "tmr": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow",
                  "tommorrow": "tomorrow", "2morrow": "tomorrow", "yday": "yesterday", "yesterdy": "yesterday"}  # fmt: skip


#: A year said alone, in either language ("in 2016", "2018年").
_YEAR_ALONE = re.compile(r"(?:back in |in |since |during )?(?:(?:early|late|mid)[\s-]+)?((?:19|20)\d\d)年?")


def _year(span: str, base: date) -> tuple[date, date] | None:
    m = _YEAR_ALONE.fullmatch(span)
    if m is None or not 1900 <= int(m[1]) <= base.year + 10:
        return None
    return date(int(m[1]), 1, 1), date(int(m[1]), 12, 31)


def _resolve_en(span: str, base: date, fuzzy: bool = False) -> tuple[date, date] | None:
    s = re.sub(r" back$", " ago", " ".join(span.lower().split()))  # "two days back" is "two days ago"
    s = WEEKDAY_SHORT.get(s.rstrip("."), s)
    # "this coming weekend" is the weekend ahead; "the night before last" the day before yesterday's
    s = re.sub(r"^(?:this )?coming weekend$", "this weekend", s)
    s = re.sub(r"^(?:the )?night before last$", "2 days ago", s)
    s = re.sub(r"^(?:this )?past ", "last ", s)  # "this past Tuesday": the latest one gone
    s = s.removeprefix("on ")
    if (whole_year := _year(s, base)) is not None:
        return whole_year
    if (got := resolve_en_family(s, base)) is not None:
        return got
    if m := _MONTH_YEAR.fullmatch(s):  # "December 2023": the whole month
        month = next(i for i, name in enumerate(_MONTHS_EN, start=1) if s.startswith(name[:3]))
        first = date(int(m.group(1)), month, 1)
        return first, month_form(0, first)[1]
    m = re.fullmatch(r"(last|this|next|past) (week(?:end)?|month|year|" + WD + ")", s)
    if m:
        which, unit = m.groups()
        shift = {"last": -1, "past": -1, "this": 0, "next": 1}[which]
        if unit in ("week", "weekend"):
            return week_form(shift, None, base, weekend=unit == "weekend")
        if unit == "month":
            return month_form(shift, base)
        if unit == "year":
            return year_form(shift, base)
        wd = WEEKDAYS_EN.index(unit)
        if which == "this":
            return week_form(0, wd, base)
        # "last Saturday": the latest Saturday before the base day; "next Friday" the
        # first one after it (dateparser's reading too).
        found = parsed_day(f"{which} {unit}", base, "past" if shift < 0 else "future")
        return (found, found) if found else None
    if s in WEEKDAYS_EN:  # a bare weekday in a statement: the latest one (past tense is the common case)
        delta = (base.weekday() - WEEKDAYS_EN.index(s)) % 7
        d = base - timedelta(days=delta)
        return d, d
    if m := EN_ORDINAL.fullmatch(s):  # "on the 22nd": that day of this month (the latest)
        day = int(m.group(1))
        first, last = month_form(0 if day <= base.day else -1, base)
        if not 1 <= day <= last.day:  # no such day in that month
            return None
        return first.replace(day=day), first.replace(day=day)
    if s == "tonight":
        return base, base
    s = _CHAT_SPELLING.get(s, s)
    if m := re.fullmatch(r"later this (week|month|year)", s):  # the rest of it, from tomorrow
        unit = m.group(1)
        end = (
            week_form(0, None, base)
            if unit == "week"
            else month_form(0, base)
            if unit == "month"
            else year_form(0, base)
        )[1]
        return min(base + timedelta(days=1), end), end
    if re.fullmatch(r"(?:the\s+)?day\s+after\s+(?:tomorrow|tmrw|tmr)", s):  # chat drops the "the"
        s = "in 2 days"
    if re.fullmatch(r"(?:the\s+)?day\s+before\s+yesterday", s):
        s = "2 days ago"
    if m := re.fullmatch(r"(.+) from (?:now|today)", s):  # "three weeks from now": in three weeks
        s = "in " + m.group(1)
    s = re.sub(r"\b(an?|\w+) fortnights?\b", lambda f: f"{f.group(1)} fortnight", s)
    s = re.sub(r"\b(?:an?|1|one) fortnight\b", "2 weeks", s)
    s = re.sub(r"\b(?:a )?couple(?: of)?\b", "2", s)
    s = re.sub(r"\b(?:a few|few)\b", "3", s)
    s = re.sub(r"\b(?:an?)\b(?= (?:day|week|month|year))", "1", s)
    for i, word in enumerate(_NUM_EN, start=1):
        s = re.sub(rf"\b{word}\b", str(i), s)
    s = re.sub(
        r"^in (?:exactly|just|only|about|around|roughly|approximately|approx|like|another|precisely) ",
        "in ",
        s,
    )
    future = s.startswith("in ") or s in ("tomorrow",)
    found = parsed_day(s, base, "future" if future else "past")
    if found is None:
        return None
    if found < base and _MONTH_DAY.fullmatch(s):
        # "July 25", 7月25号 with no year: the one ahead when it is under half a year off ("机票
        # 订好了 7月25号回国" said on 2 July); a day further ahead than that was last year's
        ahead = _same_day_ahead(found, base)
        if ahead is not None and (ahead - base).days <= 183:
            return ahead, ahead
    unit = re.search(r"(week|month|year)s?\b", s)
    if unit and ("ago" in s or s.startswith("in ")):
        # "two months ago" names about that day, give or take half the month around it; "two
        # weeks ago" the day itself in a message (the date shown for it), the days around it
        # in a question (`fuzzy`: "what did I do two weeks ago?" means about then).
        half = {"week": 3, "month": 15, "year": 182}[unit.group(1)] if fuzzy else 0
        return found - timedelta(days=half), found + timedelta(days=half)
    return found, found


def _resolve_zh(span: str, base: date, fuzzy: bool = False) -> tuple[date, date] | None:
    if (whole_year := _year(span, base)) is not None:
        return whole_year
    fixed = {
        "大前天": -3,
        "前天": -2,
        "昨天": -1,
        "昨晚": -1,
        "今天": 0,
        "今晚": 0,
        "明天": 1,
        "明晚": 1,
        "明早": 1,
        "今早": 0,
        "昨早": -1,
        "前晚": -2,
        "后天": 2,
        "大后天": 3,
    }
    spoken = re.fullmatch(r"(大前|前|昨|今|明|后)(?:儿个|儿|个)", span)  # 昨儿个: 昨天
    if spoken:
        span = spoken[1] + "天"
    if span in fixed:
        d = base + timedelta(days=fixed[span])
        return d, d
    m = re.fullmatch(r"(上上|下下|上|下|这|本)(?:个)?(?:周|星期|礼拜)([一二三四五六日天末]?)", span)
    if m:
        shift = SHIFT_ZH[m.group(1)]
        day = m.group(2)
        return week_form(shift, WEEKDAYS_ZH[day] if day and day != "末" else None, base, weekend=day == "末")
    m = re.fullmatch(
        r"(上上|下下|上|下|这|本)?个?月(?:(" + _ZN + r")[日号]|(" + _PART_ZH + r")|的?(最后一天|第一天))?",
        span,
    )
    if m:
        first, last = month_form(SHIFT_ZH[m.group(1) or "这"], base)
        if m.group(4):  # 这个月最后一天: that day itself
            return (last, last) if m.group(4) == "最后一天" else (first, first)
        if m.group(3):  # 下个月中: the middle of next month; 月底: the end of this one
            return part_zh(m.group(3), first, last)
        if m.group(2) is None:
            return first, last
        day = zh_number(m.group(2))  # "下个月5号": that day of the month
        if not day or day > last.day:  # no such day: the month is still meant
            return first, last
        return first.replace(day=day), first.replace(day=day)
    m = re.fullmatch(r"(前年|去年|今年|明年|后年)?年?(初|底|末|中)?", span)
    if m and (m.group(1) or m.group(2)):
        first, last = year_form(
            {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}[m.group(1) or "今年"], base
        )
        return part_zh(m.group(2), first, last) if m.group(2) else (first, last)
    m = re.fullmatch(r"(" + _ZN + r")个半月(前|以前|之前|后|以后|之后)", span)
    if m:  # 一个半月后: in six weeks, give or take
        n = zh_number(m.group(1))
        if n is None:
            return None
        days = n * 30 + 15
        d = base - timedelta(days=days) if m.group(2).endswith("前") else base + timedelta(days=days)
        return d, d
    m = re.fullmatch(r"(" + _ZN + r"|半)(?:个)?(天|周|星期|礼拜|月|年)(前|以前|之前|后|以后|之后)", span)
    if m:
        if m.group(1) == "半":  # 半个月前: a fortnight or so; 半年后: six months
            if m.group(2) in ("月", "年"):
                expr = "15 days" if m.group(2) == "月" else "6 months"
                return _resolve_en(f"{expr} ago" if m.group(3).endswith("前") else f"in {expr}", base, fuzzy)
            return None
        n = zh_number(m.group(1))
        if n is None:
            return None
        unit = {"天": "days", "周": "weeks", "星期": "weeks", "礼拜": "weeks", "月": "months", "年": "years"}[
            m.group(2)
        ]
        expr = f"{n} {unit} ago" if m.group(3).endswith("前") else f"in {n} {unit}"
        return _resolve_en(expr, base, fuzzy)
    m = re.fullmatch(r"(?:(\d{4}|[零一二三四五六七八九]{4})年)?(" + _ZN + r")月(" + _PART_ZH + r")", span)
    if m:  # 三月底, 2027年5月中旬: that part of that month (this year's unless named)
        year = zh_number(m.group(1)) if m.group(1) else base.year
        month = zh_number(m.group(2))
        if not month or not year or not 1 <= month <= 12:
            return None
        first = date(year, month, 1)
        return part_zh(m.group(3), first, month_form(0, first)[1])
    m = re.fullmatch(r"(?:(\d{4}|[零一二三四五六七八九]{4})年)?(" + _ZN + r")月(" + _ZN + r")[日号]", span)
    if m:
        year = zh_number(m.group(1)) if m.group(1) else None
        month, day = zh_number(m.group(2)), zh_number(m.group(3))
        if not month or not day or not 1 <= month <= 12:
            return None
        expr = f"{_MONTHS_EN[month - 1]} {day}" + (f" {year}" if year else "")
        return _resolve_en(expr, base, fuzzy)
    return None


#: A month and a day with no year ("july 25", "25 july", "july 25th").
_MONTH_DAY = re.compile(
    r"(?:(?P<m>[a-z]{3,9})\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?[a-z]{3,9})", re.I
)


def _same_day_ahead(day: date, base: date) -> date | None:
    """The same month and day in the first year it is not before `base`."""
    for year in (base.year, base.year + 1):
        try:
            ahead = day.replace(year=year)
        except ValueError:  # 29 February
            continue
        if ahead >= base:
            return ahead
    return None


_EVERY_EN = re.compile(r"\b(?:every|each)\s+(?:other\s+)?$", re.I)


def find_spans(text: str, at: datetime, *, fuzzy: bool = False) -> list[TimeSpan]:
    """Every date expression of `text` with the days it covers, resolved against `at`;
    `fuzzy` for a question (see `_resolve_en`). The day is `at`'s own (its offset as given:
    "前天" said at 07:50 +08:00 counts from that day, not from UTC's); naive is UTC."""
    base = at.date() if at.tzinfo is not None else at.replace(tzinfo=timezone.utc).date()
    out: list[TimeSpan] = []
    # A long message names the same few expressions many times ("last month"); each is
    # resolved once per call (a resolution may ask dateparser, the slow part).
    resolved: dict[tuple[int, str], tuple[date, date] | None] = {}
    low = text.lower()
    en, searched = (_EN_LOWER, low) if len(low) == len(text) and not _RE_I_ODD.search(text) else (_EN, text)
    # Days counted from another day ("a week from Wednesday", 两周后的周五) win over the
    # shorter expressions inside them.
    counted = offset_spans(text, base)
    # holidays, and days counted from one ("the Saturday after Thanksgiving", 中秋前一天)
    counted += [h for h in holiday_spans(text, base) if not any(s < h[1] and h[0] < e for s, e, _ in counted)]
    out.extend(TimeSpan(text[s:e], d, d) for s, e, d in counted)
    for lang, (pattern, resolve) in enumerate(((en, _resolve_en), (_ZH, _resolve_zh))):
        for m in pattern.finditer(searched if lang == 0 else text):
            if any(s < m.end() and m.start() < e for s, e, _ in counted):
                continue
            span = text[m.start() : m.end()]
            if lang == 0 and _EVERY_EN.search(text, max(0, m.start() - 12), m.start()):
                continue  # "every Friday": a habit, no day of its own (每周五 is not matched at all)
            if (
                lang == 1
                and span[0] in "周星礼"
                and (bare := zh_bare_weekday(text, m.start(), m.end(), base))
            ):
                out.append(TimeSpan(span, *bare))  # its reading depends on the words around it
                continue
            if (lang, span) not in resolved:
                try:
                    resolved[lang, span] = resolve(span, base, fuzzy)
                except (ValueError, OverflowError):  # a day that does not exist (Feb 30)
                    resolved[lang, span] = None
            got = resolved[lang, span]
            if got is not None:
                out.append(TimeSpan(span, *coming(text, m.span(), lang, got, base)))
    if counted:  # in the order they are said
        where = {id(sp): i for i, sp in enumerate(out)}
        out.sort(key=lambda sp: (text.find(sp.text), where[id(sp)]))
    return read_in_context(text, out, base)


def without_zh_dates(text: str) -> str:
    """`text` with its Chinese date expressions blanked: in a question ("2月1日我去了哪里"),
    their characters (日, 月, 1) are no words a memory of that day shares, and meet any
    memory saying 日语 or 5月; the days themselves are asked through `query_range`."""
    return _ZH.sub(" ", text) if _ZH.search(text) else text


def first_range(text: str, at: datetime, *, fuzzy: bool = False) -> TimeSpan | None:
    spans = find_spans(text, at, fuzzy=fuzzy)
    return spans[0] if spans else None
