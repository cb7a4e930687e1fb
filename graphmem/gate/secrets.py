"""Secret detection for the write gate: find credentials and identity numbers in text.

Nothing a user types that looks like a card number, an ID number, a password, a
one-time code, an API key, a private key, a bank account or a passport number may
reach the store, a log or an embedding. `find_secrets` locates them, `redact`
replaces them with ``[REDACTED:<kind>]``. Detection favours refusing too much over
leaking: a checksum (Luhn, ID check digit, IBAN mod 97) or a nearby keyword is
enough. Standard library only; every pattern is compiled at import.

Detection runs on a normalised copy of the text (`normalise`: NFKC, zero-width and
formatting characters dropped, exotic spaces made plain), and each span found there is
mapped back onto the original text, so `8\u200b4111…`, a card grouped with thin spaces
or dots and full-width digits are redacted whole, invisible characters included. Every
quantifier is bounded, so detection stays linear in the text's length.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from graphmem.gate.checksums import cn_id_ok, iban_ok, luhn
from graphmem.gate.secret_text import normalise
from graphmem.gate.spoken_secrets import DETECTORS as SPOKEN

__all__ = ["SecretMatch", "find_secrets", "redact"]


@dataclass(frozen=True)
class SecretMatch:
    """Where a secret sits in a text; `reason` describes it without quoting it."""

    kind: str  # card_number | national_id | ssn | password | verification_code | api_key | private_key | bank_account | passport
    start: int
    end: int
    reason: str


_END = re.compile(r"[。！？!?\n]")  # keyword windows never cross a sentence end
# Cues a detector cannot match without, each looser than the pattern that needs it (same
# flags, no look-arounds): a text without one skips the patterns, which try every position
# of it, for a scan in C. Only work is skipped, never a detection: when a cue is found,
# everything runs as it would without the cue.
_DIGIT = re.compile(r"\d")  # every number pattern: IDs, SSNs, IBANs, runs, codes, PINs
_SEP = r"(?:\s*(?:is|was|=|:|：|是|为|是：|[—–-]{1,2})\s*|\s*)"
_NUM_L = r"(?<![0-9A-Za-z$¥€£+#])(?<!\d[.:/])"  # not inside a longer token, decimal, time or price
_NUM_R = r"(?![0-9A-Za-z%])(?![.:/]\d)"
_UNIT = re.compile(
    r"\s*(?:年|月|日|号|点|岁|元|块|万|美元|个|次|分|秒|天|小时|%|am\b|pm\b|dollars|usd|rmb|yuan|years?\b|k\b)",
    re.I,
)

# Latin cue words stand alone, digits included: "cc" or "2fa" inside a digest or an id is no cue.
_CARD_KW = re.compile(
    r"卡号|信用卡|银行卡|储蓄卡|借记卡|银联|(?<![a-z0-9])(?:card|credit|debit|visa|master\s?card|amex|american express|discover|unionpay|cc)(?![a-z0-9])",
    re.I,
)
_BANK_KW = re.compile(
    r"银行账|账号|帐号|账户|帐户|户号|(?<![a-z])(?:account\s*(?:number|no\b|num\b|#)|bank account|checking|savings|acct|routing"
    r"|sort code|iban|account(?=\s*(?:#|:|：|=|is\b)?\s*\d))",
    re.I,
)
_ID_KW = re.compile(
    r"身份证|证件号|(?<![a-z])(?:id\s*(?:number|no\b|card|#)|national id|identity (?:card|number)|resident id)",
    re.I,
)
_SSN_KW = re.compile(r"(?<![a-z])(?:ssn|social security|社会安全号|社安号)", re.I)
_PASSPORT_KW = re.compile(r"护照|通行证|(?<![a-z])passport", re.I)
_VC_KW = re.compile(
    r"验证码|校验码|动态码|动态密码|动态口令|短信码|授权码|确认码|登录码|(?<![a-z0-9])(?:otp|totp|one[- ]time (?:pass(?:word|code)?|code|pin)"
    r"|verification code|verify code|security code|auth(?:entication|orization)? code|log[- ]?in code|sign[- ]in code"
    r"|confirmation code|access code|sms code|text code|2fa(?: code)?|two[- ]factor(?: code)?|mfa(?: code)?)(?![a-z0-9])",
    re.I,
)
_TOKEN_KW = re.compile(
    r"密钥|秘钥|令牌|私钥|凭证|(?<![a-z])(?:api[ _-]?key|access[ _-]?key|secret|token|key|credentials?|private key)(?![a-z])",
    re.I,
)


def _entropy(s: str) -> float:
    return -sum(n / len(s) * math.log2(n / len(s)) for n in (s.count(c) for c in set(s)))


def _window(text: str, start: int, end: int, before: int = 32, after: int = 14) -> tuple[str, str]:
    """The text just before and just after a span, cut at sentence ends."""
    left = text[max(0, start - before) : start]
    cut = [m.end() for m in _END.finditer(left)]
    right = text[end : end + after]
    stop = _END.search(right)
    return left[cut[-1] :] if cut else left, right[: stop.start()] if stop else right


def _near(kw: re.Pattern[str], text: str, start: int, end: int, before: int = 32, after: int = 14) -> bool:
    left, right = _window(text, start, end, before, after)
    # The value's first character stays visible so a keyword may require a number right after it.
    return bool(kw.search(left + text[start : start + 1]) or kw.search(right))


Found = Iterator[tuple[str, int, int, str]]

# Vendor formats are recognisable on their own, no keyword needed.
_VENDOR_KEYS = [
    (r"\bsk-(?:[A-Za-z0-9]+-){0,3}[A-Za-z0-9_-]{16,}", "an API key (sk-… secret key)"),
    (r"\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}", "a Stripe API key"),
    (r"\bwhsec_[A-Za-z0-9]{16,}", "a webhook signing secret"),
    (r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b", "an AWS access key id"),
    (r"\bgh[pousr]_[A-Za-z0-9]{20,}", "a GitHub token"),
    (r"\bgithub_pat_[A-Za-z0-9_]{20,}", "a GitHub fine-grained token"),
    (r"\bglpat-[A-Za-z0-9_-]{16,}", "a GitLab token"),
    (r"\bxox[abposr]-[A-Za-z0-9-]{10,}", "a Slack token"),
    (r"\bAIza[0-9A-Za-z_-]{30,}", "a Google API key"),
    (r"\bya29\.[0-9A-Za-z_-]{20,}", "a Google OAuth token"),
    (r"\bhf_[A-Za-z0-9]{30,}", "a Hugging Face token"),
    (r"\bnpm_[A-Za-z0-9]{30,}", "an npm token"),
    (r"\bSG\.[\w-]{16,}\.[\w-]{16,}", "a SendGrid API key"),
    (r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}", "a JSON Web Token"),
    (r"hooks\.slack\.com/services/[A-Za-z0-9/]{20,}", "a Slack webhook URL"),
]
# The letters the patterns above start with: the lookahead lets the engine pass over every
# other character (most of a message, all of a CJK one) without trying each pattern.
_VENDOR_FIRST = "sprwAgxyhnSe"
_VENDOR = re.compile(
    f"(?=[{_VENDOR_FIRST}])(?:" + "|".join(f"(?P<v{i}>{p})" for i, (p, _) in enumerate(_VENDOR_KEYS)) + ")"
)
_PEM = re.compile(
    r"-----BEGIN[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
)
_BEARER = re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/-]{12,}=*)")
_URL_CRED = re.compile(r"(?<![a-z0-9+.-])[a-z][a-z0-9+.-]{0,30}://[^\s:/@]{1,256}:([^\s@/]{1,256})@", re.I)
_URL_PARAM = re.compile(
    r"[?&](?:(api_?key|key|token|access_token|auth|secret|sig|signature)|(password|passwd|pwd))=([^&\s#]+)",
    re.I,
)


#: What each vendor pattern cannot match without, in the order above: English prose is full
#: of the letters `_VENDOR_FIRST` names, and a search for these costs microseconds.
_VENDOR_LITERALS = (
    "sk-", "sk_", "pk_", "rk_", "whsec_", "AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA",
    "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xox", "AIza", "ya29.", "hf_", "npm_",
    "SG.", "eyJ", "hooks.slack.com/services/",
)  # fmt: skip


def _keys(text: str) -> Found:
    for m in _PEM.finditer(text):
        yield "private_key", m.start(), m.end(), "a PEM private key block"
    if any(lit in text for lit in _VENDOR_LITERALS):
        for m in _VENDOR.finditer(text):
            yield "api_key", m.start(), m.end(), _VENDOR_KEYS[int(str(m.lastgroup)[1:])][1]
    if "bearer" in text.lower():  # none of the four letters re.I folds onto ASCII matters here
        for m in _BEARER.finditer(text):
            yield "api_key", m.start(1), m.end(1), "a bearer token"
    if "://" in text:
        for m in _URL_CRED.finditer(text):
            yield "password", m.start(1), m.end(1), "a password embedded in a URL"
    for m in _URL_PARAM.finditer(text) if "=" in text else ():
        kind = "password" if m.group(2) else "api_key"
        yield kind, m.start(3), m.end(3), f"a {'password' if m.group(2) else 'credential'} in a URL query"


_CN_ID = re.compile(
    r"(?<![0-9A-Za-z])[1-8]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])"
)
_CN_ID_LOOSE = re.compile(r"(?<![0-9A-Za-z])(?:\d(?:[ .-]?\d){16}[ .-]?[\dXx]|\d{15})(?![0-9A-Za-z])")
_CN_ID_OLD = re.compile(r"^[1-8]\d{5}\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}$")
_SSN = re.compile(r"(?<![\d-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\d-])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b")
# Digit groups joined by a space, a dot or a hyphen (thin and other spaces are plain
# spaces after `normalise`): `4111.1111.1111.1111` is one run.
_RUN = re.compile(_NUM_L + r"\d(?:[ .-]?\d){5,40}" + _NUM_R)
_DATE = re.compile(r"(?:19|20)\d\d([-./])\d\d\1\d\d")
_CVV = re.compile(r"(?i)(?<![a-z])(?:cvv2?|cvc2?|cvn|安全码|背面三位数?)" + _SEP + r"(\d{3,4})(?!\d)")


def _identity(text: str) -> Found:
    if not _DIGIT.search(text):
        return
    for m in _CN_ID.finditer(text):
        if cn_id_ok(m.group()):
            yield "national_id", m.start(), m.end(), "a Chinese resident ID number (check digit valid)"
    for m in _CN_ID_LOOSE.finditer(text):
        compact = re.sub(r"[ .-]", "", m.group())
        if len(compact) == 18 and _CN_ID.fullmatch(compact) and cn_id_ok(compact):
            yield "national_id", m.start(), m.end(), "a Chinese resident ID number (check digit valid)"
        elif _near(_ID_KW, text, m.start(), m.end()):
            yield "national_id", m.start(), m.end(), "an ID number next to an ID keyword"
    for m in _SSN.finditer(text):
        yield "ssn", m.start(), m.end(), "a US Social Security number"
    for m in _IBAN.finditer(text):
        value, end = m.group(), m.end()
        while value:  # the last group may have swallowed a following capitalised word
            compact = value.replace(" ", "")
            if iban_ok(compact) or (len(compact) >= 15 and _near(_BANK_KW, text, m.start(), end)):
                yield "bank_account", m.start(), end, "an IBAN bank account number"
                break
            value = value.rsplit(" ", 1)[0] if " " in value else ""
            end = m.start() + len(value)


def _digit_runs(text: str) -> Found:
    """Long digit runs, possibly grouped by spaces or dashes: cards, accounts, IDs."""
    if not _DIGIT.search(text):
        return
    for m in _RUN.finditer(text):
        s, e, raw = m.start(), m.end(), m.group()
        if _UNIT.match(text, e) or _DATE.fullmatch(raw):
            continue
        digits = re.sub(r"\D", "", raw)
        n = len(digits)
        if n == 9 and _near(_SSN_KW, text, s, e):
            yield "ssn", s, e, "a US Social Security number"
        elif n in (15, 18) and _near(_ID_KW, text, s, e):
            yield "national_id", s, e, "an ID number next to an ID keyword"
        elif 13 <= n <= 19 and digits[0] in "23456" and luhn(digits):
            yield "card_number", s, e, "a payment card number (Luhn-valid)"
        elif n >= 12 and _near(_CARD_KW, text, s, e):
            yield "card_number", s, e, "a payment card number (next to a card keyword)"
        elif n >= 6 and _near(_BANK_KW, text, s, e):
            yield "bank_account", s, e, "a bank account number"
        elif 7 <= n <= 10 and _near(_PASSPORT_KW, text, s, e, 24):
            yield "passport", s, e, "a passport number"
        elif n == 15 and _CN_ID_OLD.match(digits):
            yield "national_id", s, e, "an old-style 15-digit Chinese ID number"
    for m in _CVV.finditer(text):
        yield "card_number", m.start(1), m.end(1), "a card security code (CVV)"


_PASSPORT = re.compile(r"(?<![0-9A-Za-z])[A-Za-z]{1,2}\d{6,9}(?![0-9A-Za-z])")
_VC_VALUE = re.compile(_NUM_L + r"(\d{4,8}|\d{3}[ -]\d{3}|\d(?:[ .-]\d){3,7})" + _NUM_R)
_VC_FWD = re.compile(r"(?:" + _VC_KW.pattern + r")([^。！？!?\n\d]{0,24}?)" + _VC_VALUE.pattern, re.I)
_VC_BACK = re.compile(_VC_VALUE.pattern + r"[^。！？!?\n\d]{0,10}?(?:" + _VC_KW.pattern + ")", re.I)
_CODE_IS = re.compile(r"(?i)(?<![a-z])(\w{1,30}\s+)?code\s*(?:is|was|:|=|：|#)\s*" + _VC_VALUE.pattern)
# "code is 1234" alone is a one-time code, unless it is one of these everyday codes.
_NOT_OTP = re.compile(
    r"zip|postal|post|area|country|dial|promo|promotion|discount|coupon|referral|invite|invitation|error|status"
    r"|exit|color|colour|dress|source|course|product|tax|qr|bar|morse",
    re.I,
)
_YEAR = re.compile(r"(?:19|20)\d\d")
_PASSPORT_CUE = re.compile(r"护照|通行证|passport", re.I)  # _PASSPORT_KW without its look-behind
_CODE_CUE = re.compile(r"code", re.I)  # _CODE_IS
_EXPLICIT = re.compile(r"(?:is|was|:|：|=|是|为)\s*$", re.I)


def _codes(text: str) -> Found:
    if not _DIGIT.search(text):  # every pattern here ends in a number
        return
    if _PASSPORT_CUE.search(text):  # `_near` reads windows of the text: a cue in one is in it
        for m in _PASSPORT.finditer(text):
            if _near(_PASSPORT_KW, text, m.start(), m.end(), 24, 0):
                yield "passport", m.start(), m.end(), "a passport number"
    if _VC_KW.search(text):  # both patterns hold the keyword pattern itself
        yield from _one_time_codes(text)
    if _CODE_CUE.search(text):
        for m in _CODE_IS.finditer(text):
            if not (m.group(1) and _NOT_OTP.fullmatch(m.group(1).strip())):
                yield "verification_code", m.start(2), m.end(2), "a one-time verification code"


def _one_time_codes(text: str) -> Found:
    for m in _VC_FWD.finditer(text):
        value, gap = m.group(2), m.group(1)
        if _UNIT.match(text, m.end()) or (_YEAR.fullmatch(value) and not _EXPLICIT.search(gap)):
            continue
        yield "verification_code", m.start(2), m.end(2), "a one-time verification code"
    for m in _VC_BACK.finditer(text):
        if not _UNIT.match(text, m.end(1)):
            yield "verification_code", m.start(1), m.end(1), "a one-time verification code"


_PW_KW = (
    r"(?i)(?<![a-z])(?:pass[ -]?(?:word|code|phrase)s?|passwd|pwd|pw|passwort|mot de passe|contraseña)"
    r"(?![a-z])(?:'s)?"
)
# A password spelled out with spaces ("S I F a 3 %") is one value, not its first letter.
_PW_VAL = (
    r"(?P<val>\"[^\"\n]{1,64}\"|'[^'\n]{1,64}'|“[^”\n]{1,64}”"
    r"|(?:\S ){3,62}\S(?!\S)|\S{1,200})"
)
# Punctuation between a cue word and its value: `—`, `:`, `->`, `=`, `,`, `|`.
_PW_PUNCT = r"[—–\-−:：=>→⇒,，;；|~]{1,3}"  # separators only: `$`, `{`, `!` may open a password
# "password [for my bank account] is|:|— X": an explicit separator, so any token counts.
_PW_EN = re.compile(
    _PW_KW + r"(?:\s+(?:for|to|of|on|at)(?:\s+[\w.@'-]{1,40}){1,4}?)?"
    r"(?P<sep>\s*(?:\b(?:is|was|to|as)\b(?:\s*(?:now|still|just))?\s*(?:"
    + _PW_PUNCT
    + r")?|"
    + _PW_PUNCT
    + r"))\s*"
    + _PW_VAL
)
_PW_CUE = re.compile(r"(?i)p(?:ass|w)|mot de passe|contraseña")  # _PW_KW, loosened
# "password hunter2": no separator, so only a password-shaped token counts.
_PW_EN_BARE = re.compile(_PW_KW + r"(?P<sep>)\s+" + _PW_VAL)
# "门禁密码也记一下：842619": a few words between the cue and an explicit colon still lead to a
# password-shaped value ("密码强度要求：至少8位" is no password).
_PW_ZH = re.compile(
    r"(?:密码|口令|暗号|密碼|口令码)(?P<gap>[\u4e00-\u9fff]{1,8}?(?=\s*[：:=]))?(?P<sep>\s*(?:[—–\-:：=,，]{1,3}\s*)?(?:是|为|為|就是|设成了?|设为|设置[成为]了?|改成了?|改为|换成了?)?"
    r"\s*(?:[—–\-:：=]{1,3})?|)\s*"
    r"(?P<val>“[^”\n]{1,64}”|\"[^\"\n]{1,64}\"|(?:[!-~] ){3,62}[!-~](?![!-~])|[!-~]{1,64}|[^\s，。！？；、,;：:]{1,64})"
)
_PIN = re.compile(r"(?i)(?<![a-z])pin(?:\s*(?:code|number|no\.?)|码)?" + _SEP + r"(\d{4,8})(?!\d)")
_PW_STOP = re.compile(
    r"(?:the|a|an|too|very|so|not|wrong|incorrect|weak|strong|long|short|expired|required|same|different|correct"
    r"|empty|missing|changed|reset|set|stored|saved|in|on|my|your|it|this|that|and|or|manager|protected|hint"
    r"|policy|field|requirements?|what|which|where|forgotten|lost|case[- ]sensitive|secure|safe|easy|hard"
    r"|none|null|nil|true|false|undefined|optional|\*+|x{3,}|\.\.\.|<[^>]*>|\{[^}]*\}|\$\{\w+\}?|\$[A-Z][A-Z_]+|os\.\S*|env\S*|str|string|bytes|int|any|return|password|self)"
    r"|(?:什么|多少|啥|错|不|太|很|过期|忘|对|正确|一样|相同|几|修改|重置|找回|多|也|都|还|了|的|吗|呢).*",
    re.I,
)
# Closing quotes and sentence punctuation after a value are not part of it; `!`, `?`, `%`
# and the like stay with it, as passwords end in them ("…378!").
_TRAIL = "\"'”’.,;:)]}>"


def _passwords(text: str) -> Found:
    for rx in (_PW_EN, _PW_EN_BARE, _PW_ZH) if _PW_CUE.search(text) else (_PW_ZH,):
        for m in rx.finditer(text):
            s, e = m.span("val")
            while e > s and text[e - 1] in _TRAIL:
                e -= 1
            while s < e and text[s] in "\"'“‘(":
                s += 1
            value = text[s:e]
            quoted = m.group("val")[:1] in "\"'“"
            if quoted:  # a quoted value goes whole, quotes included
                s, e = m.span("val")
            if not value or (_PW_STOP.fullmatch(value.rstrip("!?")) and not quoted):
                continue
            if m.groupdict().get("gap") and not (value.isascii() and not value.isalpha()):
                continue  # words between cue and colon: only a password-shaped token counts
            if not m.group("sep").strip() and not (
                value.isascii() and len(value) >= 4 and not value.isalpha()
            ):
                continue  # no "is"/":" after the keyword: only a password-shaped token counts
            yield "password", s, e, "a password"
    for m in _PIN.finditer(text) if _DIGIT.search(text) else ():
        if not (_YEAR.fullmatch(m.group(1)) and not _EXPLICIT.search(text[: m.start(1)])):
            yield "password", m.start(1), m.end(1), "a PIN"


_TOKEN = re.compile(r"(?<![A-Za-z0-9_\-+/=.])[A-Za-z0-9][A-Za-z0-9_\-+/=.]{19,512}")


def _classes(s: str) -> int:
    return sum((any(c.islower() for c in s), any(c.isupper() for c in s), any(c.isdigit() for c in s)))


def _unkeyed_ok(value: str) -> bool:
    """Without a keyword, only a token shaped like a credential: no dotted/path names, plenty of digits."""
    return "." not in value and "/" not in value and sum(c.isdigit() for c in value) >= 4


def _wordy(value: str) -> bool:
    """An identifier or file name made of words: `customer_id_2`, `config.prod.yaml`, `org.neo4j.Driver`."""
    return all(p.isalpha() or (p.isdigit() and len(p) <= 4) for p in re.split(r"[_\-./]+", value) if p)


def _tokens(text: str) -> Found:
    for m in _TOKEN.finditer(text):
        value = m.group().rstrip(".")
        s, e = m.start(), m.start() + len(value)
        if "://" in text[max(0, s - 8) : s] or "@" in text[max(0, s - 1) : e + 1]:
            continue
        if _entropy(value) < 3.0 or _classes(value) < 2 or _wordy(value):
            continue
        left, right = _window(text, s, e, 40, 20)
        kw = [k.group().lower() for k in _TOKEN_KW.finditer(left)] + [
            k.group().lower() for k in _TOKEN_KW.finditer(right)
        ]
        if any(k in ("私钥", "private key") for k in kw):
            yield "private_key", s, e, "a private key next to a private-key keyword"
        elif kw:
            yield "api_key", s, e, "a high-entropy token next to a key/token keyword"
        elif len(value) >= 32 and _classes(value) == 3 and _entropy(value) >= 4.0 and _unkeyed_ok(value):
            yield "api_key", s, e, "a long random-looking token"


# Order is priority: an earlier detector's kind wins over any later overlapping span's. The
# secrets said in prose (graphmem.gate.spoken_secrets) come last.
_DETECTORS: list[Callable[[str], Found]] = [
    _keys,
    _identity,
    _digit_runs,
    _codes,
    _passwords,
    _tokens,
    *SPOKEN,
]


def find_secrets(text: str) -> list[SecretMatch]:
    """Every secret in `text`, in order, non-overlapping."""
    if not text:
        return []
    folded, origin = normalise(text)
    spans = [
        (s, e, rank, kind, reason)
        for rank, detect in enumerate(_DETECTORS)
        for kind, s, e, reason in detect(folded)
        if e > s
    ]
    spans.sort()
    # Overlapping spans are redacted as their union, one sweep: a password whose tail looks
    # like an account number goes whole, not in part. The kind is that of the earliest
    # detector's span (a card before a password that overlaps it).
    found: list[SecretMatch] = []
    group: list[tuple[int, int, int, str, str]] = []
    for span in [*spans, None]:
        if group and (span is None or span[0] >= max(g[1] for g in group)):
            lo, hi = group[0][0], max(g[1] for g in group)
            first = min(group, key=lambda g: (g[2], g[0]))
            found.append(SecretMatch(first[3], lo, hi, first[4]))
            group = []
        if span is not None:
            group.append(span)
    found.sort(key=lambda f: f.start)
    if origin is None:
        return found
    # Back onto the original text: from the first character's origin to just past the
    # last's, so invisible characters inside a secret go with it.
    mapped: list[SecretMatch] = []
    for f in found:
        s, e = origin[f.start], origin[f.end - 1] + 1
        if mapped and s < mapped[-1].end:  # two spans from one original character
            prev = mapped.pop()
            s, kind, reason = prev.start, prev.kind, prev.reason
            mapped.append(SecretMatch(kind, s, max(e, prev.end), reason))
        else:
            mapped.append(SecretMatch(f.kind, s, e, f.reason))
    return mapped


def redact(text: str) -> str:
    """`text` with every secret replaced by ``[REDACTED:<kind>]``."""
    return apply_redaction(text, find_secrets(text))


def apply_redaction(text: str, found: list[SecretMatch]) -> str:
    """`text` with the given (sorted, non-overlapping) matches replaced."""
    out, pos = [], 0
    for f in found:
        out += [text[pos : f.start], f"[REDACTED:{f.kind}]"]
        pos = f.end
    return "".join(out) + text[pos:]
