"""`explain`: what `remember` would make of a message, written nowhere.

The same steps as a remember up to arbitration: the memory-control request, the secret and
noise gates, the rule extractor (with a trace of every rule that matched each piece, fired
or passed) and the irony gate; nothing is stored, embedded or logged. Each piece of the
message comes back in message order, either with the reason it was dropped or with the
rules that read it and the candidates they made (`graphmem explain TEXT`).
"""

from __future__ import annotations

from dataclasses import replace

from graphmem import gate
from graphmem.extract import ExtractContext, Extractor, RuleExtractor
from graphmem.gate.secrets import SecretMatch
from graphmem.gate.sentences import sentence_spans
from graphmem.lang import Trace
from graphmem.model import Candidate, ExplainedPiece, Explanation

#: What the extractor reports of a piece it read and found nothing in, as `explain` says it.
NO_RULE = "no_rule_matched"


def _rules_of(extractor: Extractor) -> RuleExtractor | None:
    """The rule extractor to trace: the extractor itself, or the rules a hybrid or LLM
    extractor falls back to (explain asks no model: it shows what the rules read)."""
    if isinstance(extractor, RuleExtractor):
        return extractor
    rules = getattr(extractor, "rules", None)
    return rules if isinstance(rules, RuleExtractor) else None


def explain(
    user_id: str | None, text: str, role: str, extractor: Extractor, context: ExtractContext
) -> Explanation:
    """The explanation of `text` said by `role`; `context` is what the extractor knows of
    the user (graphmem.extract.protocol.read_context)."""
    control = gate.control_of(text) if role == "user" else None
    secrets = gate.find_secrets(text)
    out = Explanation(user_id, gate.apply_redaction(text, secrets), control.kind if control else None)
    if control is not None and control.kind == gate.DONT_KEEP:
        out.pieces.append(ExplainedPiece(out.text, "control"))
        return out
    screened = gate.screen(text, role, keep=control is not None and control.kind == gate.REMEMBER)
    out.refused = list(screened.refused)
    dropped: list[tuple[str, str]] = [(i.text, i.reason) for i in screened.ignored]
    dropped += [  # a sentence holding a secret is kept by no gate: shown redacted
        (_redacted(text, s, e, secrets), "secret")
        for s, e in sentence_spans(text, secrets)
        if any(f.start < e and s < f.end for f in secrets)
    ]
    read: list[ExplainedPiece] = []
    if screened.sentences:
        rules = _rules_of(extractor)
        trace = Trace()
        if rules is not None:
            found = rules.extract(screened.sentences, context, trace=trace)
        else:
            found = extractor.extract(screened.sentences, context)
        kept: list[Candidate] = list(found.candidates)
        if role == "user" and gate.ironic(text):  # "I just LOVE Mondays 🙄": no taste is one
            kept = gate.without_tastes(kept)[0]
        ids = {id(c) for c in kept}
        read = [
            ExplainedPiece(
                p.text,
                None if any(id(c) in ids for c in p.candidates) else _why_nothing(p.candidates),
                tuple(p.steps),
                tuple(c for c in p.candidates if id(c) in ids),
            )
            for p in trace.pieces
        ]
        if rules is None:  # an extractor that keeps no trace: each sentence with its candidates
            read = [
                ExplainedPiece(s, None, (), tuple(c for c in kept if c.source_text and c.source_text in s))
                for s in screened.sentences
            ]
        dropped += [(i.text, i.reason) for i in found.ignored if i.reason != "nothing_memorable"]
    pieces = [*read, *(ExplainedPiece(t, r) for t, r in dropped if t)]
    out.pieces = sorted(pieces, key=lambda p: _position(out.text, p.text))
    return out


def _redacted(text: str, start: int, end: int, secrets: list[SecretMatch]) -> str:
    """The sentence text[start:end] with its secrets redacted."""
    inside = [replace(f, start=f.start - start, end=f.end - start) for f in secrets if start <= f.start < end]
    return gate.apply_redaction(text[start:end], inside).strip()


def _why_nothing(made: tuple[Candidate, ...] | list[Candidate]) -> str:
    return "irony" if made else NO_RULE


def _position(text: str, piece: str) -> int:
    at = text.find(piece.strip())
    return at if at >= 0 else len(text)


__all__ = ["NO_RULE", "explain"]
