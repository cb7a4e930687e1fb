"""LLM extraction through any OpenAI-compatible chat-completions endpoint, and the
`rules | llm | hybrid` modes that combine it with the offline rules.

    from graphmem.extract.llm import OpenAIExtractor, make_extractor
    llm = OpenAIExtractor("gpt-4o-mini", api_key="sk-...")            # OpenAI
    llm = OpenAIExtractor("qwen2.5:7b", base_url="http://localhost:11434/v1")  # Ollama
    mem = Memory("memory.db", extractor=make_extractor("hybrid", llm=llm))

The model answers with JSON constrained by a schema (`response_format=json_schema`);
the answer is validated again here, because OpenAI-compatible servers differ in how
strictly they honour the schema. Any failure (timeout, HTTP error, invalid JSON,
schema violation, refusal, truncation) raises `LLMExtractionError`; the hybrid wrapper
then logs a warning and uses the rules' output alone, so a message is never lost and
never half-extracted. Text is passed through `gate.redact` before it leaves the process.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from graphmem import gate
from graphmem.errors import ExtractionError, InvalidInputError
from graphmem.extract import ExtractContext, Extractor, ExtractOutput, RuleExtractor
from graphmem.extract.common import hedged
from graphmem.extract.llm_schema import EXTRACTION_SCHEMA, LLMExtractionError
from graphmem.extract.llm_schema import validate as _validate
from graphmem.facts.keys import value_key
from graphmem.facts.vocab import is_single
from graphmem.model import SELF, Candidate, Fact, Ignored
from graphmem.text.terms import unique_terms

__all__ = [
    "EXTRACTION_SCHEMA",
    "MODES",
    "HybridExtractor",
    "LLMExtractionError",
    "PROMPT_VERSION",
    "OpenAIExtractor",
    "load_prompt",
    "make_extractor",
    "relevant_facts",
]

_log = logging.getLogger("graphmem")

MODES = ("rules", "llm", "hybrid")
OPENAI_BASE_URL = "https://api.openai.com/v1"
#: Sent when no key is given: local servers ignore it, and passing it stops the SDK
#: from reading OPENAI_API_KEY itself (library code never reads the environment).
_NO_KEY = "no-key"

_PROMPT_DIR = Path(__file__).resolve().parent / "prompts"
_VERSION_RE = re.compile(r"^v[0-9]{1,3}$")
_SELF_WORDS = frozenset({"self", "user", "me", "i", "myself", "the user", "我"})
_SAYS_SELF = re.compile(r"\b(?:I|I'm|I am|my|me|call me|i'm|im)\b|我|本人|叫我", re.I)


#: The prompt new extractors use; older versions stay loadable for replaying old runs.
PROMPT_VERSION = "v2"


@lru_cache(maxsize=8)
def load_prompt(version: str = PROMPT_VERSION) -> str:
    """The system prompt `graphmem/extract/prompts/extract_<version>.txt`, read once per version."""
    if not _VERSION_RE.match(version):
        raise InvalidInputError(f"prompt_version must look like 'v1', not {version!r}")
    path = _PROMPT_DIR / f"extract_{version}.txt"
    try:
        return path.read_text(encoding="utf-8")
    except OSError as e:
        raise InvalidInputError(f"no extraction prompt {version!r} (looked for {path})") from e


def relevant_facts(facts: Sequence[Fact], sentences: Sequence[str], limit: int = 40) -> list[Fact]:
    """The active facts that bear on a message: every single-valued fact (a new value
    would supersede it, so the model must see it), and multi-valued ones sharing a
    term with the message (so "I don't like jazz anymore" finds `likes jazz`)."""
    words = set(unique_terms(" ".join(sentences)))
    scored: list[tuple[int, int, Fact]] = []
    for n, f in enumerate(facts):
        overlap = len(
            words & set(unique_terms(f"{f.attribute.replace('_', ' ')} {f.value} {f.subject_name}"))
        )
        if is_single(f.attribute) or overlap:
            scored.append((overlap + (1 if is_single(f.attribute) else 0), n, f))
    # Most overlapping first, then most recent, so the cap drops the least related.
    scored.sort(key=lambda t: (-t[0], -t[1]))
    return [f for _, _, f in scored[:limit]]


def _user_payload(sentences: Sequence[str], context: ExtractContext, limit: int) -> str:
    facts = relevant_facts(context.active_facts, sentences, limit)
    payload = {
        "message": gate.redact("\n".join(sentences)),
        "known_facts": [
            {
                "subject": gate.redact(f.subject_name),
                "attribute": f.attribute,
                "value": gate.redact(f.value),
                "source": f.source,
            }
            for f in facts
        ],
        "known_entities": [
            {"name": gate.redact(e.name), "type": e.type, "relation": e.relation}
            for e in context.known_entities[:limit]
        ],
    }
    return json.dumps(payload, ensure_ascii=False)


# ---- the extractor -----------------------------------------------------------------------


def _usage_of(resp: Any) -> dict[str, int]:
    u = getattr(resp, "usage", None)
    if u is None:
        return {}
    out = {}
    for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
        v = getattr(u, key, None)
        if isinstance(v, int):
            out[key] = v
    return out


def _add_usage(into: dict[str, int], usage: dict[str, int]) -> None:
    for k, v in usage.items():
        into[k] = into.get(k, 0) + v


class OpenAIExtractor:
    """Candidate facts from an OpenAI-compatible chat model with JSON-schema output.

    `base_url` and `api_key` are passed explicitly to the SDK (defaults: OpenAI's URL
    and a placeholder key for local servers), so nothing here reads the environment.
    `client` lets a caller bring a configured `openai.OpenAI` instance.
    """

    needs_active_facts = True

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 20.0,
        max_retries: int = 1,
        client: Any = None,
        prompt_version: str = PROMPT_VERSION,
        *,
        temperature: float | None = 0.0,
        max_context_facts: int = 40,
    ) -> None:
        if not isinstance(model, str) or not model.strip():
            raise InvalidInputError("model must be a non-empty string")
        self.model = model
        self.name = f"llm:{model}"
        self.prompt_version = prompt_version
        self.system_prompt = load_prompt(prompt_version)
        self.temperature = temperature
        self.max_context_facts = max_context_facts
        self.usage_total: dict[str, int] = {}
        self._lock = threading.Lock()
        try:
            import openai
        except ImportError as e:  # pragma: no cover - depends on the install
            raise ExtractionError(
                "the LLM extractor needs the openai package: pip install graphmem[openai]"
            ) from e
        self._openai = openai
        self._client = client or openai.OpenAI(
            base_url=base_url or OPENAI_BASE_URL,
            api_key=api_key or _NO_KEY,
            timeout=timeout,
            max_retries=max_retries,
        )

    def _record(self, usage: dict[str, int], failed: bool) -> None:
        with self._lock:
            _add_usage(self.usage_total, usage)
            self.usage_total["requests"] = self.usage_total.get("requests", 0) + 1
            if failed:
                self.usage_total["failures"] = self.usage_total.get("failures", 0) + 1

    def _call(self, sentences: Sequence[str], context: ExtractContext) -> Any:
        oa = self._openai
        kwargs: dict[str, Any] = {}
        if self.temperature is not None:
            kwargs["temperature"] = self.temperature
        try:
            return self._client.chat.completions.create(
                model=self.model,
                messages=[
                    {"role": "system", "content": self.system_prompt},
                    {"role": "user", "content": _user_payload(sentences, context, self.max_context_facts)},
                ],
                response_format={
                    "type": "json_schema",
                    "json_schema": {
                        "name": f"graphmem_facts_{self.prompt_version}",
                        "strict": True,
                        "schema": EXTRACTION_SCHEMA,
                    },
                },
                **kwargs,
            )
        except oa.APITimeoutError as e:
            raise LLMExtractionError("timeout") from e
        except oa.APIStatusError as e:
            raise LLMExtractionError(f"http_{e.status_code}") from e
        except oa.APIConnectionError as e:
            raise LLMExtractionError("connection_error") from e
        except (oa.OpenAIError, ValueError, TypeError) as e:
            # The SDK raises ValueError (JSONDecodeError) or a validation error on a
            # response body that is not the chat-completions shape.
            raise LLMExtractionError("bad_response", type(e).__name__) from e

    def _parse(self, resp: Any, usage: dict[str, int]) -> list[dict[str, Any]]:
        choices = getattr(resp, "choices", None)
        if not choices:
            raise LLMExtractionError("bad_response", "no choices", usage)
        choice = choices[0]
        message = choice.message
        if getattr(message, "refusal", None):
            raise LLMExtractionError("refusal", usage=usage)
        if choice.finish_reason == "length":
            raise LLMExtractionError("truncated", usage=usage)
        if choice.finish_reason == "content_filter":
            raise LLMExtractionError("content_filter", usage=usage)
        content = message.content
        if not isinstance(content, str) or not content.strip():
            raise LLMExtractionError("empty_answer", usage=usage)
        try:
            doc = json.loads(content)
        except ValueError as e:
            raise LLMExtractionError("invalid_json", usage=usage) from e
        try:
            return _validate(doc)
        except LLMExtractionError as e:
            e.usage = usage
            raise

    def extract(self, sentences: Sequence[str], context: ExtractContext | None = None) -> ExtractOutput:
        context = context or ExtractContext()
        sentences = [s for s in (s.strip() for s in sentences) if s]
        if not sentences:
            return ExtractOutput([], [])
        usage: dict[str, int] = {}
        try:
            resp = self._call(sentences, context)
            usage = _usage_of(resp)
            items = self._parse(resp, usage)
        except LLMExtractionError:
            self._record(usage, failed=True)
            raise
        self._record(usage, failed=False)
        candidates = [_to_candidate(item, sentences) for item in items]
        found_in = {c.source_text for c in candidates}
        ignored = [
            Ignored(s, "nothing_memorable") for s in sentences if not any(t in s or s in t for t in found_in)
        ]
        return ExtractOutput(candidates, ignored, dict(usage))


def _source_text(evidence: str, sentences: Sequence[str]) -> str:
    """Provenance is user text, never model text: the sentence holding the evidence."""
    ev = evidence.strip()
    if ev:
        for s in sentences:
            if ev in s:
                return s
        folded = ev.casefold()
        for s in sentences:
            if folded in s.casefold():
                return s
    return " ".join(sentences)


def _to_candidate(item: dict[str, Any], sentences: Sequence[str]) -> Candidate:
    subject = item["subject"].strip()
    is_self = item["subject_type"] == "self" or subject.casefold() in _SELF_WORDS
    source_text = _source_text(item["evidence"], sentences)
    source = item["source"]
    # The same guards as the rules: a hedged clause is a guess, and the user's own name comes
    # only from a clause that says it is the user's (not "…a dog, we call him Pixel").
    plain = source == "user_declared" and item["polarity"] != "negative" and not item["correction"]
    not_of_self = (
        is_self and item["attribute"] in ("name", "preferred_name") and not _SAYS_SELF.search(source_text)
    )
    if plain and (hedged(source_text) or not_of_self):
        source = "model_inferred"
    return Candidate(
        attribute=item["attribute"],
        value=item["value"].strip(),
        subject=SELF if is_self else subject,
        subject_type="self" if is_self else item["subject_type"],
        subject_relation=None if is_self else item["subject_relation"],
        object_type=item["object_type"],
        qualifier=item["qualifier"],
        kind=item["kind"],
        source=source,
        correction=item["correction"],
        retract=item["polarity"] == "negative",
        replaces=item["replaces"] or None,
        source_text=source_text,
        rule="llm",  # what made it: the model, not a rule of a language pack
    )


# ---- modes ---------------------------------------------------------------------------------


def _key(c: Candidate) -> tuple[str, str, str]:
    return (c.subject.casefold(), c.attribute, value_key(c.value))


class HybridExtractor:
    """`rules`, `llm` or `hybrid` (default) extraction with a fallback to rules.

    hybrid: rules first, then the LLM; an LLM candidate is kept only when the rules did
    not already propose the same (subject, attribute, value), nor a value of the same
    single-valued attribute for that subject (so the two never fight inside one message).
    llm: the LLM alone. In both, any LLM failure logs a warning and returns exactly
    what the rules alone would have returned.
    """

    def __init__(self, llm: Extractor, rules: Extractor | None = None, mode: str = "hybrid") -> None:
        if mode not in MODES:
            raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
        self.llm = llm
        self.rules: Extractor = rules or RuleExtractor()
        self.mode = mode
        self.name = f"{mode}:{getattr(llm, 'name', 'llm')}"
        self.needs_active_facts = mode != "rules"

    @property
    def usage_total(self) -> dict[str, int]:
        return dict(getattr(self.llm, "usage_total", {}))

    def _rules(self, sentences: Sequence[str], context: ExtractContext) -> ExtractOutput:
        # The rules see the context Memory would give them on their own, so a fallback
        # is exactly the rules-only result.
        if not getattr(self.rules, "needs_active_facts", False):
            context = ExtractContext(known_entities=context.known_entities, active_facts=[])
        return self.rules.extract(sentences, context)

    def extract(self, sentences: Sequence[str], context: ExtractContext | None = None) -> ExtractOutput:
        context = context or ExtractContext()
        if self.mode == "rules":
            return self._rules(sentences, context)
        base = self._rules(sentences, context) if self.mode == "hybrid" else None
        try:
            found = self.llm.extract(sentences, context)
        except Exception as e:  # noqa: BLE001 - any LLM failure falls back; the reason is logged
            reason = e.reason if isinstance(e, LLMExtractionError) else type(e).__name__
            _log.warning("LLM extraction failed (%s); using the rule extractor for this message", reason)
            out = base if base is not None else self._rules(sentences, context)
            usage = dict(out.usage)
            _add_usage(usage, getattr(e, "usage", {}) or {})
            return ExtractOutput(list(out.candidates), list(out.ignored), usage)
        if base is None:
            return found
        return _merge(base, found)


def _merge(base: ExtractOutput, found: ExtractOutput) -> ExtractOutput:
    seen = {_key(c) for c in base.candidates}
    singles = {(c.subject.casefold(), c.attribute) for c in base.candidates if is_single(c.attribute)}
    extra: list[Candidate] = []
    for c in found.candidates:
        k = _key(c)
        if k in seen or (not c.retract and (k[0], k[1]) in singles):
            continue
        seen.add(k)
        extra.append(c)
    # A clause the rules found nothing in is no longer "ignored" once the LLM found something there.
    covered = [c.source_text for c in extra if c.source_text]
    ignored = [
        i
        for i in base.ignored
        if not (i.reason == "nothing_memorable" and any(i.text in t or t in i.text for t in covered))
    ]
    # Likewise a rules note (the sentence kept whole for want of a pattern) gives way to the
    # facts the LLM read in the same words.
    structured = [t for c in extra if c.attribute not in ("note", "event") and (t := c.source_text)]
    kept = [
        c
        for c in base.candidates
        if not (c.attribute == "note" and any(t in c.value or c.value in t for t in structured))
    ]
    usage = dict(base.usage)
    _add_usage(usage, found.usage)
    return ExtractOutput([*kept, *extra], ignored, usage)


def make_extractor(
    mode: str = "hybrid", llm: Extractor | None = None, rules: Extractor | None = None
) -> Extractor:
    """The extractor for a mode: `rules` needs nothing, `llm` and `hybrid` need `llm`."""
    if mode not in MODES:
        raise InvalidInputError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "rules":
        return rules or RuleExtractor()
    if llm is None:
        raise InvalidInputError(f"extraction mode {mode!r} needs an LLM extractor (llm=...)")
    return HybridExtractor(llm, rules=rules, mode=mode)
