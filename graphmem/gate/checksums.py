"""Check digits of the numbers the secret detectors recognise: a payment card's Luhn
digit, an IBAN's mod-97 remainder, a Chinese resident ID's ISO 7064 check character and
the validity rules of a US Social Security number. A checksum lets a detector refuse a
number without a keyword next to it, and lets an ordinary code that fails it be kept."""

from __future__ import annotations

__all__ = ["cn_id_ok", "iban_ok", "luhn", "ssn_ok"]


def luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def cn_id_ok(value: str) -> bool:
    weights = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
    check = "10X98765432"[sum(int(c) * w for c, w in zip(value[:17], weights, strict=True)) % 11]
    return value[17].upper() == check


def iban_ok(value: str) -> bool:
    """`value` (no spaces, upper case) has an IBAN's length and its mod-97 remainder of 1."""
    if not 15 <= len(value) <= 34 or not value.isalnum():
        return False
    s = value[4:] + value[:4]
    return int("".join(str(int(c, 36)) for c in s)) % 97 == 1


def ssn_ok(digits: str) -> bool:
    """Nine digits a Social Security number can be: area not 000, 666 or 9xx, group not 00,
    serial not 0000."""
    if len(digits) != 9 or not digits.isdigit():
        return False
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"
