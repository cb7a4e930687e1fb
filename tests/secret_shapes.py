"""Secrets in many shapes, both languages, for the secrets matrix (tests and benchmark).

Each shape is (message, secret): the secret as typed (separators, invisible characters
and all); `fragments` gives the pieces of it that must never be stored.
"""

from __future__ import annotations

import re
import unicodedata

from hypothesis import strategies as st

INVISIBLE = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"]
SEPARATORS = [" ", ".", "-", "\u2009", "\u00a0", "\u202f", "\u3000", "\u200b", ""]
_PW_CHARS = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!%#@$&*^~"
_KEY_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def luhn_complete(body: str) -> str:
    total = 0
    for i, ch in enumerate(reversed(body + "0")):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return body + str((10 - total % 10) % 10)


def cn_id_complete(body17: str) -> str:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    return body17 + "10X98765432"[sum(int(c) * w for c, w in zip(body17, weights, strict=True)) % 11]


def _grouped(digits: str, sep: str, size: int = 4) -> str:
    return sep.join(digits[i : i + size] for i in range(0, len(digits), size))


def _full_width(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


_PASSWORD_EN = [
    "my {svc} password — {s}",
    "my {svc} login password: {s}",
    "the password for my {svc} account is {s}",
    "pwd = {s} (for {svc})",
    "my passcode is now {s}",
    "{svc} pw -> {s}",
    "remember my password, {s}, for {svc}",
]
_PASSWORD_ZH = [
    "我的{svc}密码是{s}",
    "{svc}登录密码为 {s}",
    "密码：{s}",
    "支付密码—— {s}",
    "{svc}的密码就是 {s}，别忘了",
]
_CARD = [
    "my card number is {s}",
    "please charge {s} for the order",
    "卡号 {s}",
    "我的银行卡是{s}，帮我记一下",
    "use card {s} next time",
]
_CNID = ["我的身份证号是{s}", "身份证：{s}", "my ID number is {s}", "证件号 {s}"]
_CODE = [
    "验证码是{s}",
    "the verification code is {s}",
    "OTP: {s}",
    "短信验证码 {s}，五分钟内有效",
    "my 2FA code is {s}",
]
_KEY = ["my api key is {s}", "密钥 {s}", "use this token: {s}", "OPENAI key {s} for the bot"]
_SERVICES = ["bank", "email", "wifi", "laptop", "work", "招商银行", "邮箱", "微信"]


@st.composite
def secret_messages(draw: st.DrawFn) -> tuple[str, str, str]:
    """(kind, message, secret as typed)."""
    kind = draw(st.sampled_from(["password", "card", "cn_id", "code", "api_key"]))
    svc = draw(st.sampled_from(_SERVICES))
    if kind == "password":
        letters = draw(st.text(alphabet=_PW_CHARS, min_size=8, max_size=14))
        marks = draw(st.text(alphabet="23456789!%#@$&*", min_size=len(letters), max_size=len(letters)))
        # Every third character a digit or symbol: no run of the password reads as a word,
        # so a leak check cannot mistake a schema word ("embedder") for a fragment of it.
        core = "".join(m if i % 3 == 2 else c for i, (c, m) in enumerate(zip(letters, marks)))
        shape = draw(st.sampled_from(["plain", "spaced", "invisible", "fullwidth"]))
        secret = {
            "plain": core,
            "spaced": " ".join(core),
            "invisible": core[:3] + draw(st.sampled_from(INVISIBLE)) + core[3:],
            "fullwidth": _full_width(core),
        }[shape]
        template = draw(st.sampled_from(_PASSWORD_EN + _PASSWORD_ZH))
    elif kind == "card":
        body = draw(st.sampled_from(["4", "5", "3", "6", "2"])) + draw(
            st.text(alphabet="0123456789", min_size=14, max_size=14)
        )
        secret = _grouped(luhn_complete(body), draw(st.sampled_from(SEPARATORS)))
        template = draw(st.sampled_from(_CARD))
    elif kind == "cn_id":
        birth = f"{draw(st.integers(1950, 2005))}{draw(st.integers(1, 12)):02d}{draw(st.integers(1, 28)):02d}"
        body = (
            draw(st.sampled_from(["110105", "310101", "440301", "510104"]))
            + birth
            + draw(st.text(alphabet="0123456789", min_size=3, max_size=3))
        )
        number = cn_id_complete(body)
        sep = draw(st.sampled_from(["", " ", "-", ".", "\u2009", "\u200b"]))
        secret = sep.join([number[:6], number[6:14], number[14:]]) if sep else number
        template = draw(st.sampled_from(_CNID))
    elif kind == "code":
        digits = draw(
            st.text(alphabet="0123456789", min_size=6, max_size=6).filter(
                lambda d: not d.startswith(("19", "20"))
            )
        )
        secret = draw(
            st.sampled_from(
                [digits, " ".join(digits), _full_width(digits), digits[:3] + "\u200b" + digits[3:]]
            )
        )
        template = draw(st.sampled_from(_CODE))
    else:
        core = "sk-" + draw(st.text(alphabet=_KEY_CHARS, min_size=32, max_size=40))
        cut = draw(st.integers(3, len(core) - 1))
        secret = draw(
            st.sampled_from([core, core[:cut] + "\u200b" + core[cut:], core[:cut] + "\u2060" + core[cut:]])
        )
        template = draw(st.sampled_from(_KEY))
    return kind, template.format(s=secret, svc=svc), secret


def compact(secret: str) -> str:
    """The secret's own characters: NFKC, without separators or invisible characters."""
    folded = unicodedata.normalize("NFKC", secret)
    return re.sub(r"[\s.\-\u200b-\u200d\u2060\ufeff\u00ad]", "", folded)


def fragments(secret: str) -> list[str]:
    """Every piece of the secret that counts as a leak: windows of its compact form (8
    characters for digits, 6 otherwise; the whole of a shorter one), and the same windows
    of each separator-free group as typed."""
    core = compact(secret)
    # Long numbers get 8-digit windows: 6 digits occur by chance in hex ids and timestamps.
    mostly_digits = sum(c.isdigit() for c in core) >= 0.8 * len(core)
    size = 8 if mostly_digits and len(core) > 8 else 6
    size = min(size, len(core))
    out = {core[i : i + size] for i in range(len(core) - size + 1)}
    return sorted(out)


def leaked(secret: str, haystack: str) -> list[str]:
    """The fragments of `secret` found in `haystack` (case-insensitive: indexes fold case)."""
    hay = haystack.casefold()
    hay_compact = re.sub(r"[\s.\-\u200b-\u200d\u2060\ufeff\u00ad]", "", unicodedata.normalize("NFKC", hay))
    return [f for f in fragments(secret) if f.casefold() in hay or f.casefold() in hay_compact]
