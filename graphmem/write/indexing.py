"""What a fact is found by: one rule for remember, import, erasure and re-embedding.

- its vector embeds the fact's rendered text and the clause it came from
  (`vector_text`), so a paraphrase of what was said finds it;
- its BM25 terms are the rendered text's terms plus the terms of the whole message it
  came from (`search_terms`), so a fact can be found by what was said around it; a long
  message's facts take their own clause's terms instead (`message_terms`). A message's
  terms are computed once per message; where the message is not at hand (an imported
  fact), its clause stands in.
"""

from __future__ import annotations

from collections.abc import Sequence

from graphmem.text.terms import clause_terms, message_terms, short_message_terms, terms

__all__ = ["clause_terms", "message_terms", "search_terms", "short_message_terms", "vector_text"]


def vector_text(text: str, source_text: str) -> str:
    """The string embedded for a fact."""
    return f"{text} {source_text}".strip()


def search_terms(text: str, around: Sequence[str]) -> list[str]:
    """The BM25 terms of a fact: its rendered text's, then its message's (`message_terms`)."""
    return terms(text) + list(around)
