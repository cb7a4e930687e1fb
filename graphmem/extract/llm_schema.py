"""The LLM extractor's structured output: the JSON schema sent as `response_format`
(strict mode) and the validation of whatever comes back against it, with the limits
strict modes cannot express."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from graphmem.errors import ExtractionError
from graphmem.model import KINDS

_ATTR_RE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
_SUBJECT_TYPES = ("self", "person", "pet", "place", "org", "thing")
_OBJECT_TYPES = ("person", "pet", "place", "org", "thing")
_SOURCES = ("user_declared", "model_inferred")
_MAX_FACTS = 20
#: Length limits, enforced by `validate` only: strict structured-output modes reject
#: maxLength/maxItems/pattern on several providers, so the wire schema sticks to the
#: common subset (types, enums, every key required, nullable instead of optional).
_LIMITS = {
    "subject": 100,
    "value": 300,
    "evidence": 500,
    "subject_relation": 40,
    "qualifier": 40,
    "replaces": 300,
}


def _prop(kind: str, enum: Sequence[str] | None = None, nullable: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"type": [kind, "null"] if nullable else kind}
    if enum is not None:
        out["enum"] = [*enum, None] if nullable else list(enum)
    return out


_FACT_PROPERTIES: dict[str, dict[str, Any]] = {
    "subject": _prop("string"),
    "subject_type": _prop("string", _SUBJECT_TYPES),
    "subject_relation": _prop("string", nullable=True),
    "attribute": _prop("string"),
    "value": _prop("string"),
    "object_type": _prop("string", _OBJECT_TYPES, nullable=True),
    "qualifier": _prop("string", nullable=True),
    "kind": _prop("string", KINDS, nullable=True),
    "source": _prop("string", _SOURCES),
    "polarity": _prop("string", ("positive", "negative")),
    "correction": _prop("boolean"),
    "replaces": _prop("string", nullable=True),
    "evidence": _prop("string"),
}

#: The schema sent as `response_format` (strict mode) and checked again, with the
#: limits above, by `validate` on whatever comes back.
EXTRACTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["facts"],
    "properties": {
        "facts": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": list(_FACT_PROPERTIES),
                "properties": _FACT_PROPERTIES,
            },
        }
    },
}


class LLMExtractionError(ExtractionError):
    """The LLM call failed. `reason` is a short code safe to log (never message text);
    `usage` holds the tokens the failed call still consumed, when the server said."""

    def __init__(self, reason: str, detail: str = "", usage: dict[str, int] | None = None) -> None:
        super().__init__(f"LLM extraction failed: {reason}" + (f" ({detail})" if detail else ""))
        self.reason = reason
        self.usage = dict(usage or {})


# ---- validation ---------------------------------------------------------------------


def _fail(path: str, problem: str) -> LLMExtractionError:
    # The path and problem name the field, never its content: this text reaches logs.
    return LLMExtractionError("schema_violation", f"{path}: {problem}")


def _check_string(item: dict[str, Any], key: str, path: str, limit: int, *, nullable: bool = False) -> None:
    v = item[key]
    if v is None and nullable:
        return
    if not isinstance(v, str):
        raise _fail(f"{path}.{key}", "expected a string" + (" or null" if nullable else ""))
    if len(v) > limit:
        raise _fail(f"{path}.{key}", f"longer than {limit} characters")


def _check_enum(item: dict[str, Any], key: str, path: str, allowed: Sequence[Any]) -> None:
    if item[key] not in allowed:
        raise _fail(f"{path}.{key}", "not one of the allowed values")


def validate(doc: Any) -> list[dict[str, Any]]:
    """The `facts` list of a model answer, checked field by field against the schema."""
    if not isinstance(doc, dict) or set(doc) != {"facts"}:
        raise _fail("$", "expected an object with exactly the key 'facts'")
    facts = doc["facts"]
    if not isinstance(facts, list):
        raise _fail("$.facts", "expected an array")
    if len(facts) > _MAX_FACTS:
        raise _fail("$.facts", f"more than {_MAX_FACTS} items")
    for i, item in enumerate(facts):
        path = f"$.facts[{i}]"
        if not isinstance(item, dict):
            raise _fail(path, "expected an object")
        keys = set(item)
        if keys != set(_FACT_PROPERTIES):
            missing, extra = sorted(set(_FACT_PROPERTIES) - keys), sorted(keys - set(_FACT_PROPERTIES))
            raise _fail(path, f"missing {missing}, unexpected {extra}")
        for key, limit in _LIMITS.items():
            _check_string(
                item, key, path, limit, nullable=key in ("subject_relation", "qualifier", "replaces")
            )
        if not isinstance(item["attribute"], str) or not _ATTR_RE.match(item["attribute"]):
            raise _fail(f"{path}.attribute", "not a lower_snake_case identifier")
        if not item["value"].strip():
            raise _fail(f"{path}.value", "empty")
        if not item["subject"].strip():
            raise _fail(f"{path}.subject", "empty")
        _check_enum(item, "subject_type", path, _SUBJECT_TYPES)
        _check_enum(item, "object_type", path, [*_OBJECT_TYPES, None])
        _check_enum(item, "kind", path, [*KINDS, None])
        _check_enum(item, "source", path, _SOURCES)
        _check_enum(item, "polarity", path, ("positive", "negative"))
        if not isinstance(item["correction"], bool):
            raise _fail(f"{path}.correction", "expected a boolean")
    return facts


# ---- prompt building ------------------------------------------------------------------
