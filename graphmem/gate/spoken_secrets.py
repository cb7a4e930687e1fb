"""Secrets said the way people say them, not the way forms ask for them.

`graphmem.gate.secrets` finds a value next to its label ("password: X", "card number
X"). People also give a login as a pair ("for the NAS: admin / X", "<email> and it's X
to log in"), a password by the verb that set it ("I set it to X", "改成了X"), a wallet's
seed phrase as plain words, a code in the text message that brought it ("G-123456 is your
… verification code"), a card in halves ("starts with … ends with …", 前八位/后八位) or
over lines, a password with a space inside, an IBAN inside Chinese text, a Social
Security number as nine bare digits. Each family below is one detector; each yields
`(kind, start, end, reason)` on the normalised text like the detectors of `secrets`.

Checksums keep ordinary numbers (an order number, a room code) out: a split card must be
Luhn-valid once joined, an IBAN must pass mod 97, an SSN must follow the area/group/serial
rules. A value without a checksum needs a cue in the message and a password's shape
(letters with digits or symbols), so "ends with a happy ending" or "I set it to 21
degrees" stay facts. Every quantifier is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from graphmem.gate.checksums import iban_ok, luhn, ssn_ok

__all__ = ["DETECTORS"]

Found = Iterator[tuple[str, int, int, str]]

# What makes a login: words that say a value is one, in both languages.
_LOGIN_CUE = re.compile(
    r"(?i)(?<![a-z])(?:pass(?:word|code|phrase)?s?|passwd|pwd|pw|pin|log[- ]?ins?|sign[- ]?ins?|credentials?|creds"
    r"|user ?names?|usernames?|accounts?|wi-?fi key)(?![a-z])|密码|密碼|口令|登录|登陆|登入|账号|帐号|账户|用户名"
)
# A value set by a verb is a password only when the message speaks of one (not of a user name).
_PW_CUE = re.compile(
    r"(?i)(?<![a-z])(?:pass(?:word|code|phrase)?s?|passwd|pwd|pw|pin|log[- ]?ins?|sign[- ]?ins?|credentials?|creds"
    r"|wi-?fi key)(?![a-z])|密码|密碼|口令|登录|登陆|登入"
)
_ADDRESS = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+|(?:https?://|www\.)\S+|[\w-]+\.(?:com|org|net|io|cn)\b", re.I)
_TRAIL = "\"'”’.,;:)]}>。，；：）"


def _mentions(text: str, words: tuple[str, ...]) -> bool:
    """Whether `text` holds one of `words` (lower case) anywhere: a scan in C that lets a
    detector skip a message without its cue, far cheaper than the cue pattern's own scan.
    Only work is skipped: the cue patterns are each matched by one of their words."""
    low = text.lower()
    return any(w in low for w in words)


_LOGIN_WORDS = ("pass", "pw", "pin", "log", "sign", "cred", "user", "account", "wi", "密码", "密碼", "口令", "登录",
                "登陆", "登入", "账号", "帐号", "账户", "用户名")  # fmt: skip


def _shaped(value: str) -> bool:
    """A password's shape: at least 6 characters, letters with digits or symbols (or
    digits with symbols), no unit or time look."""
    if not 6 <= len(value) <= 64 or not value.isascii() or _ADDRESS.search(value):
        return False
    letters = any(c.isalpha() for c in value)
    digits = any(c.isdigit() for c in value)
    symbols = any(not c.isalnum() for c in value)
    if re.fullmatch(
        r"\d{1,2}[:.]\d\d(?:[ap]m)?|\$?[\d.,]+[km%]?|v?\d+(?:\.\d+)+|\d+(?:st|nd|rd|th|s)", value, re.I
    ):
        return False
    return (letters and (digits or symbols)) or (
        digits and symbols and sum(c.isdigit() for c in value) < len(value) - 1
    )


def _strip(text: str, s: int, e: int) -> tuple[int, int]:
    while e > s and text[e - 1] in _TRAIL:
        e -= 1
    while s < e and text[s] in "\"'“‘(（":
        s += 1
    return s, e


def _cue_near(
    text: str,
    start: int,
    before: int = 160,
    after: int = 60,
    end: int | None = None,
    cue: re.Pattern[str] = _LOGIN_CUE,
) -> bool:
    left = text[max(0, start - before) : start]
    right = text[end : end + after] if end is not None else ""
    return bool(cue.search(left) or cue.search(right))


_UNIT_AFTER = re.compile(r"\s*(?:年|月|日|号|点|岁|元|块|美元|dollars|usd|am\b|pm\b|years?\b|%)", re.I)


# ---- credential pairs: "admin / X", "user admin pass X", "<email> and it's X to log in" -----

_PAIR = re.compile(r"(?<![\w/])([\w.@+-]{2,64})\s{0,2}(?:/|\||：|:(?=\S))\s{0,2}(\S{4,64})")
_EMAIL_AND = re.compile(
    r"[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}\s{0,3}(?:,|，|and|with|/|plus|和|密码)?\s{0,3}"
    r"(?:it'?s|it is|the pass(?:word)? is|pass(?:word)?|pw|pwd|是)?\s{0,3}[:：]?\s{0,3}(\S{4,64})",
    re.I,
)
_LOGIN_AFTER = re.compile(
    r"(?i)(?:to|for|when)\s+(?:log|sign)\s*-?\s*(?:in|on)|login|sign-?in|登录|登陆|登入"
)
_USER_PASS = re.compile(
    r"(?i)(?<![a-z])(?:user(?:name)?|login|id|用户名?|账号)\s*[:：=]?\s*[\w.@+-]{2,64}[,，;；]?\s{0,3}"
    r"(?:and\s+)?(?:pass(?:word)?|pwd|pw|密码)\s*[:：=]?\s*(\S{1,64})"
)


def _pairs(text: str) -> Found:
    if not _mentions(text, _LOGIN_WORDS):  # each pattern below needs a login cue (or "to log in")
        return
    for m in _PAIR.finditer(text):
        user, (s, e) = m.group(1), _strip(text, *m.span(2))
        value = text[s:e]
        if user.isdigit() or not _shaped(value) or not _cue_near(text, m.start(), 80):
            continue
        yield "password", s, e, "a password given as a user / password pair"
    for m in _EMAIL_AND.finditer(text):
        s, e = _strip(text, *m.span(1))
        value = text[s:e]
        if (
            _shaped(value)
            and "@" not in value
            and (_LOGIN_AFTER.search(text, e, e + 40) or _cue_near(text, m.start(), 80))
        ):
            yield "password", s, e, "a password given with the account's email address"
    for m in _USER_PASS.finditer(text):
        s, e = _strip(text, *m.span(1))
        if e - s >= 3:
            yield "password", s, e, "a password given with its user name"


# ---- a password by the verb that set it: "I set it to X", "it's now X", "改成了X" -----------

_SET_EN = re.compile(
    r"(?i)(?<![a-z])(?:set (?:it|that|this|mine|the (?:new )?one) (?:up )?(?:to|as)|(?:changed|switched|reset|updated) "
    r"(?:it|that|this|mine|the (?:new )?one)? ?(?:to|into)|(?:it'?s|it is) now|now (?:it'?s|it is)"
    r"|(?:the )?new one(?:'s| is)|made it)\s*[:：\"'“]?\s*(\S{1,64})"
)
_SET_ZH = re.compile(
    r"(?:改成了?|改为|改做|设成了?|设为|设置[成为]了?|换成了?|定成了?|现在是|新的是)\s*[:：\"“]?\s*([!-~]{1,64})"
)


def _set_to(text: str) -> Found:
    if not _mentions(text, _LOGIN_WORDS):  # _PW_CUE's words are among them
        return
    for rx in (_SET_EN, _SET_ZH):
        for m in rx.finditer(text):
            s, e = _strip(text, *m.span(1))
            if _shaped(text[s:e]) and _cue_near(text, m.start(), 160, 40, e, _PW_CUE):
                yield "password", s, e, "a password given by the verb that set it"


# ---- "I use X as my password", "X is my password", "都用X当密码" ------------------------------

_USE_AS = re.compile(
    r"(?i)(?<![a-z])(?:use|used|using|have|keep)\s+(\S{3,64})\s+(?:as|for)\s+(?:my|the|a|our)\s+(?:[\w-]{1,20}\s+){0,3}"
    r"(?:pass(?:word|code|phrase)?|pwd|pw|pin|login)(?![a-z])(?!\s*(?:manager|vault|app|keeper|hint|generator|policy|reset))"
)
_IS_MY = re.compile(
    r"(?i)(?<![\w])(\S{3,64})\s+(?:is|was|=)\s+(?:my|the|our)\s+(?:[\w-]{1,20}\s+){0,3}(?:pass(?:word|code)|pwd|pw)(?![a-z])"
    r"(?!\s*(?:manager|vault|app|keeper|hint|generator|policy|reset))"
)
_USE_ZH = re.compile(r"用\s*[\"“]?([!-~]{3,64}?)[\"”]?\s*(?:当|做|作为|作)\s*(?:\w{0,4})?(?:密码|口令)")
_NOT_VALUE = re.compile(r"(?i)it|this|that|one|same|something|anything|what|which|this one|the same|\d{1,3}")


def _use_as(text: str) -> Found:
    if not _mentions(text, ("pass", "pw", "pin", "login", "密码", "口令")):  # what the patterns end in
        return
    for rx in (_USE_AS, _IS_MY, _USE_ZH):
        for m in rx.finditer(text):
            s, e = _strip(text, *m.span(1))
            value = text[s:e]
            shaped = len(value) >= 4 and not _NOT_VALUE.fullmatch(value) and not value.isalpha()
            camel = len(value) >= 6 and value.isalpha() and not value.islower() and not value.istitle()
            if shaped or camel:  # "Pq7!zx#2!", "BlueHorse": a word of the language is not enough
                yield "password", s, e, "a password named as the one in use"


# ---- passphrases and seed phrases of plain words ------------------------------------------

_SEED_CUE = re.compile(
    r"(?i)(?<![a-z])(?:(?:secret |wallet |backup |recovery |seed |mnemonic )+(?:phrase|words?|sentence)"
    r"|(?:12|twelve|24|twenty-four)[ -]words?(?: (?:seed|phrase|backup))?|pass ?phrase)(?![a-z])"
    r"|助记词|恢复短语|恢复词|种子短语|密语"
)
_WORDS = re.compile(r"[a-z]{2,12}(?:[ ,，、\n]{1,3}[a-z]{2,12}){2,29}")
_LEAD = frozenset("is are was my our the for of wallet words phrase it its this here goes".split())
_WORD_STOP = frozenset("the a an in on at my your his her its our their is are was stored written kept saved somewhere "
                       "safe not and or to of for with hidden".split())  # fmt: skip


def _phrases(text: str) -> Found:
    if not _mentions(text, ("phrase", "word", "sentence", "助记词", "恢复", "种子短语", "密语")):
        return
    done = 0
    for cue in _SEED_CUE.finditer(text):
        if cue.start() < done:  # a cue inside a phrase already taken
            continue
        m = _WORDS.search(text, cue.end(), cue.end() + 400)
        if (
            m is None
            or m.start() - cue.end() > 40
            or re.search(r"[.!?。！？\n]", text[cue.end() : m.start()])
        ):
            continue
        tokens = list(re.finditer(r"[a-z]+", m.group()))
        lead = 0  # "is", "for my wallet are": words that introduce the phrase, not of it
        while lead < min(len(tokens), 5) and tokens[lead].group() in _LEAD:
            lead += 1
        said = {t.group() for t in tokens[:lead]}
        explicit = bool(said & {"is", "are", "was"}) or bool(
            re.search(r"[:：=是为—]", text[cue.end() : m.start()])
        )
        words = [t.group() for t in tokens[lead:]]
        if not words or words[0] in _WORD_STOP:
            continue
        seed = cue.group().lower().replace(" ", "") not in ("passphrase", "密语")
        plain = sum(w in _WORD_STOP for w in words) <= 1
        if (seed and len(words) >= 12) or (explicit and len(words) >= 3 and plain):
            done = m.end()
            yield "password", m.start() + tokens[lead].start(), m.end(), "a passphrase or wallet seed phrase"


# ---- a password with a space inside, in Chinese text --------------------------------------

_PW_SPACED_ZH = re.compile(
    r"(?:密码|密碼|口令)[^，。！？\n]{0,12}?(?:是|为|為|：|:)\s*([!-~]{1,32}(?: [!-~]{1,32}){1,5})(?![!-~])"
)


def _spaced_zh(text: str) -> Found:
    if not _mentions(text, ("密码", "密碼", "口令")):
        return
    for m in _PW_SPACED_ZH.finditer(text):
        s, e = _strip(text, *m.span(1))
        if e - s >= 4:
            yield "password", s, e, "a password with a space inside"


# ---- IBANs written without spaces inside other text (CJK letters are word characters) -----

_IBAN_COMPACT = re.compile(r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}[A-Z0-9]{11,30}(?![A-Za-z0-9])")
_IBAN_GROUPED = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,3})?(?![A-Za-z0-9])"
)


_IBAN_CUE = re.compile(r"[A-Z]{2}\d\d")


def _ibans(text: str) -> Found:
    if not _IBAN_CUE.search(text):
        return
    for rx in (_IBAN_COMPACT, _IBAN_GROUPED):
        for m in rx.finditer(text):
            if iban_ok(m.group().replace(" ", "")):
                yield "bank_account", m.start(), m.end(), "an IBAN bank account number (mod 97 valid)"


# ---- Social Security numbers as bare digits ----------------------------------------------

_SSN_CUE = re.compile(
    r"(?i)(?<![a-z])(?:ssn|ss#|social security|social sec|socsec|social(?= (?:is|number|#|no\b)))(?![a-z])"
    r"|社会安全号|社安号|社会保障号"
)
_NINE = re.compile(r"(?<![\d.,:/$-])\d{3}[ .]?\d{2}[ .]?\d{4}(?![\d%])(?![.,:/]\d)")


def _ssns(text: str) -> Found:
    if not _mentions(text, ("ssn", "ss#", "social", "socsec", "社会安全号", "社安号", "社会保障号")):
        return
    for m in _NINE.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if ssn_ok(digits) and _SSN_CUE.search(text, max(0, m.start() - 80), m.start()):
            yield "ssn", m.start(), m.end(), "a US Social Security number (next to its name)"


# ---- codes in the message that brought them ----------------------------------------------

_OTP_WORDS = (
    r"(?:verification|verify|security|login|log-in|sign-in|sign in|one-time|one time|confirmation|access|auth"
    r"|authentication|2fa|two-factor|otp|sms|text|passcode)"
)
_CODE_BACK = re.compile(
    r"(?i)(?<![A-Za-z0-9])((?:[A-Z]{1,3}-)?\d{4,8}|\d{3}[ -]\d{3})(?![\d])[^.!?。！？\n\d]{0,48}?"
    r"(?:is|as)\s+(?:your|the)\s+(?:(?!(?:and|or|but|the|a|room|table|seat|gate)\b)[\w-]{1,20}\s+){0,4}?(?:"
    + _OTP_WORDS
    + r"\s+)?(?:code|pin|otp|passcode)(?![a-z])"
)
_CODE_SENT = re.compile(
    r"(?i)(?<![a-z])(?:code|pin|otp|passcode)\s+(?:that\s+|which\s+)?(?:they|he|she|the bank|[\w]{2,20})?\s*"
    r"(?:just\s+)?(?:texted|sent|messaged|emailed|gave|read|sms'?d|got|received)[^.!?。\n\d]{0,24}?"
    r"(?:is|was|:|：|=)\s*((?:[A-Z]{1,3}-)?\d(?:[ -]?\d){3,7})(?![\d])"
)


def _codes(text: str) -> Found:
    if not (_mentions(text, ("code", "pin", "otp")) and re.search(r"\d", text)):
        return
    for rx in (_CODE_BACK, _CODE_SENT):  # 验证码 and its kin: graphmem.gate.secrets
        for m in rx.finditer(text):
            if _UNIT_AFTER.match(text, m.end(1)):
                continue
            yield (
                "verification_code",
                m.start(1),
                m.end(1),
                "a one-time code from the message that brought it",
            )


# ---- card numbers in pieces: halves, groups across words or lines -------------------------

# Cues and groups stand alone: the digits inside a hex digest or an id ("3f4401cc2b…") and
# the date of a timestamp ("2026-03-09T18:…") are not pieces of a card, nor is "cc" in them a cue.
_CARD_CUE = re.compile(r"(?i)(?<![a-z0-9])(?:card|credit|debit|visa|master ?card|amex|cc)(?![a-z0-9])|卡")
_GROUP = re.compile(r"(?<![\dA-Za-z.,:/$¥€£])\d(?:[ .-]?\d){3,9}(?![\dA-Za-z%])(?![.,:/]\d)")
_ISO_DATE = re.compile(r"(?:19|20)\d\d([-./])\d\d\1\d\d")


def _split_cards(text: str) -> Found:
    if not _mentions(text, ("card", "credit", "debit", "visa", "master", "amex", "cc", "卡")):
        return
    groups = [
        m
        for m in _GROUP.finditer(text)
        if not (_UNIT_AFTER.match(text, m.end()) or _ISO_DATE.fullmatch(m.group()))
    ]
    for i in range(len(groups)):
        digits = ""
        for j in range(i, min(i + 6, len(groups))):
            if j > i and groups[j].start() - groups[j - 1].end() > 60:
                break
            digits += re.sub(r"\D", "", groups[j].group())
            joined = j > i and 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn(digits)
            if joined and _CARD_CUE.search(text, max(0, groups[i].start() - 120), groups[j].end() + 40):
                for g in groups[i : j + 1]:
                    yield (
                        "card_number",
                        g.start(),
                        g.end(),
                        "a card number given in pieces (Luhn-valid joined)",
                    )
                break
            if len(digits) > 19:
                break


DETECTORS: list[Callable[[str], Found]] = [_ibans, _ssns, _split_cards, _codes, _phrases, _spaced_zh, _pairs,
                                           _set_to, _use_as]  # fmt: skip
