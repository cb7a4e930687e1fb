"""Helpers of the Neo4j store: URIs, Lucene escaping, property maps and error mapping.

Kept apart from `neo4j.py` so they can be tested without a server.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

import numpy as np

from graphmem.errors import (
    GraphMemError,
    StoreAuthError,
    StoreError,
    StoreUnavailableError,
    WriteOutcomeUnknownError,
)
from graphmem.facts.keys import decay_key, value_key
from graphmem.model import AuditRecord, Entity, Fact
from graphmem.stores.common import FACT_FIELDS as STORED_FACT_FIELDS
from graphmem.stores.common import user_key
from graphmem.stores.neo4j.bounded import DeadlinePassed
from graphmem.text.timestamps import from_epoch, to_epoch

#: Lucene's query syntax characters (QueryParser.escape) plus the operator words.
_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/<>=])')
_LUCENE_WORDS = frozenset({"AND", "OR", "NOT", "TO"})
#: Lucene refuses boolean queries with more than 1024 clauses.
MAX_QUERY_TERMS = 1000


def lucene_term(term: str) -> str:
    """One term, escaped so Lucene reads it as a literal word, never as syntax."""
    escaped = _LUCENE_SPECIAL.sub(r"\\\1", term)
    if escaped in _LUCENE_WORDS:
        escaped = "\\" + escaped
    return escaped


def index_terms(terms: Sequence[str]) -> list[str]:
    """Terms split on whitespace the same way for indexing and querying (Python's notion
    of whitespace is a superset of the `whitespace` analyzer's), empty ones dropped."""
    return [part for t in terms if isinstance(t, str) for part in t.split()]


def lucene_query(user_id: str, terms: Sequence[str], related: Sequence[str] = ()) -> str | None:
    """`ukey:"<token>" AND status:active AND search_text:(t1 OR t2 ...)`, or None for no terms.

    Terms are split on whitespace (the index analyzer does the same), de-duplicated and
    each escaped; the user token is hex, so quoting it is enough. `related` words count
    RELATED_BOOST of the query's own (`lucene_words`).
    """
    words = lucene_words(terms, related)
    if words is None:
        return None
    return f'ukey:"{user_key(user_id)}" AND status:active AND search_text:({words})'


#: What a word of a concept the query names counts against one of the query's own words:
#: "what colour is my car?" still asks first for the message about the car's colour, not
#: for one that names a car make.
RELATED_BOOST = 0.3


def lucene_words(terms: Sequence[str], related: Sequence[str] = (), cap: int = MAX_QUERY_TERMS) -> str | None:
    """`t1 OR t2 OR r1^0.3 ...`: the terms, escaped and de-duplicated, then the related
    words they do not already hold, boosted down (at most `cap` words); None for none."""
    own = dict.fromkeys(index_terms(terms))
    more = [t for t in dict.fromkeys(index_terms(related)) if t not in own]
    words = [lucene_term(t) for t in own] + [f"{lucene_term(t)}^{RELATED_BOOST}" for t in more]
    return " OR ".join(words[:cap]) if words else None


def split_uri(uri: str) -> tuple[str, str, tuple[str, str] | None]:
    """(URI for the driver, URI safe to show, credentials from `scheme://user:pw@host`)."""
    parts = urlsplit(uri)
    if parts.username is None and parts.password is None:
        return uri, uri, None
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    clean = urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    creds = (unquote(parts.username or ""), unquote(parts.password or ""))
    return clean, clean, creds


# ---- property maps ----------------------------------------------------------------


def usable_vector(vector: np.ndarray | None) -> list[float] | None:
    """The vector as floats, or None when it has no direction (zero or non-finite)."""
    if vector is None:
        return None
    v = np.asarray(vector, dtype=np.float32).ravel()
    if v.size == 0 or not np.all(np.isfinite(v)):
        return None
    norm = float(np.linalg.norm(v))
    if norm == 0.0 or not math.isfinite(norm):
        return None
    return [float(x) for x in v]


def fact_props(fact: Fact, user_id: str, terms: Sequence[str]) -> dict[str, Any]:
    """Every Fact field (datetimes as epoch seconds) plus ukey and search_text; the
    embedding goes separately (`usable_vector`), stored as a float32 vector property."""
    f = fact
    props: dict[str, Any] = {
        "id": f.id, "user_id": user_id, "subject_id": f.subject_id, "subject_name": f.subject_name,
        "attribute": f.attribute, "value": f.value, "kind": f.kind, "source": f.source,
        "confidence": float(f.confidence), "status": f.status, "text": f.text, "source_text": f.source_text,
        "recorded_at": to_epoch(f.recorded_at), "valid_from": to_epoch(f.valid_from),
        "valid_to": to_epoch(f.valid_to), "last_accessed_at": to_epoch(f.last_accessed_at),
        "access_count": int(f.access_count), "half_life_days": float(f.half_life_days), "ref": f.ref,
        "object_id": f.object_id, "qualifier": f.qualifier, "superseded_by": f.superseded_by,
        "inferred": bool(f.inferred),
        "ukey": user_key(user_id), "search_text": " ".join(index_terms(terms)),
        "value_key": value_key(f.value),
    }  # fmt: skip
    props["decay_key"] = decay_key(f.confidence, f.half_life_days, props["last_accessed_at"])
    return props


def fact_update_params(fact: Fact, user_id: str) -> dict[str, Any]:
    f = fact
    return {
        "user_id": user_id, "id": f.id, "status": f.status, "valid_to": to_epoch(f.valid_to),
        "confidence": float(f.confidence), "last_accessed_at": to_epoch(f.last_accessed_at),
        "access_count": int(f.access_count), "superseded_by": f.superseded_by, "value": f.value,
        "text": f.text, "object_id": f.object_id, "value_key": value_key(f.value),
        "decay_key": decay_key(f.confidence, f.half_life_days, to_epoch(f.last_accessed_at)),  # type: ignore[arg-type]
    }  # fmt: skip


#: A fact as the statements that return facts list it: each returns one record,
#: `collect([f.id, f.user_id, ...]) AS facts` in this order: the stored fields
#: (common.FACT_FIELDS, read by common.fact_from) and seq (search_text adds the score).
#: The Python driver spends ~18 µs on every record, several times what the values cost,
#: so a hundred facts in one record decode about 2.5× faster than a hundred records.
FACT_FIELDS = (*STORED_FACT_FIELDS, "seq")
#: Where `seq` and (search_text only) the score sit in a fact list.
SEQ = FACT_FIELDS.index("seq")
SCORE = len(FACT_FIELDS)


def entity_params(entity: Entity, user_id: str) -> dict[str, Any]:
    return {
        "user_id": user_id, "id": entity.id, "name": entity.name, "type": entity.type,
        "aliases": [str(a) for a in entity.aliases], "created_at": to_epoch(entity.created_at),
    }  # fmt: skip


def entity_from(m: Mapping[str, Any]) -> Entity:
    return Entity(
        m["id"], m["user_id"], m["name"], m["type"], tuple(m["aliases"] or ()), from_epoch(m["created_at"])
    )


def audit_from(m: Mapping[str, Any]) -> AuditRecord:
    return AuditRecord(
        m["id"], m["user_id"], from_epoch(m["at"]), m["action"], m["rule"],  # type: ignore[arg-type]
        m["new_fact_id"], m["old_fact_id"], m["detail"] or "",
    )  # fmt: skip


# ---- errors ---------------------------------------------------------------------------

_UNKNOWN = (
    "Neo4j at {uri}: the commit of {what} was sent but no answer came ({reason}); it may have "
    "been written. Retrying with the same key is safe"
)
_TIMED_OUT = "Neo.ClientError.Transaction.TransactionTimedOut"
_SLOW = "Neo4j at {uri} did not answer in time: {what} was not written ({reason})"
_REASON = re.compile(r"reason ([^\n]*?)\)?\s*$", re.MULTILINE)


def short_reason(e: BaseException) -> str:
    """One line of what the driver said, without its internals."""
    text = str(getattr(e, "message", None) or e)
    m = _REASON.search(text)
    if m:
        return m.group(1)
    line = text.strip().splitlines()[0] if text.strip() else type(e).__name__
    return line if len(line) <= 200 else line[:197] + "..."


#: Every driver error graphmem can meet, most specific first (a subclass before its base):
#: (driver class name, graphmem error, what it says). The first match decides; "rolled
#: back" vs "outcome unknown" is decided here and nowhere else.
#: - IncompleteCommit: the commit was sent and the connection died before the answer.
#: - ConstraintError in a write the driver retried: the ids are the same in every attempt,
#:   so a duplicate means an earlier attempt committed before its answer was lost. On a
#:   first attempt it is an ordinary refusal, rolled back (the row below it).
#: - Everything else failed before any commit, so the transaction was rolled back.
ERROR_TABLE: tuple[tuple[str, type[GraphMemError], str], ...] = (
    ("AuthError", StoreAuthError, "Neo4j at {uri} refused the credentials ({reason})"),
    ("IncompleteCommit", WriteOutcomeUnknownError, _UNKNOWN),
    ("ConstraintError", WriteOutcomeUnknownError, _UNKNOWN),  # only when retried (map_error)
    ("ServiceUnavailable", StoreUnavailableError, "cannot reach Neo4j at {uri}: {what} was not written ({reason})"),
    ("SessionExpired", StoreUnavailableError, "cannot reach Neo4j at {uri}: {what} was not written ({reason})"),
    ("ConnectionAcquisitionTimeoutError", StoreUnavailableError, _SLOW),
    ("ConfigurationError", StoreUnavailableError, "cannot connect to Neo4j at {uri}: {reason}"),
    ("TransientError", StoreUnavailableError, "Neo4j at {uri} stayed busy: {what} was rolled back ({code}: {reason})"),
    ("Neo4jError", StoreError, "Neo4j at {uri}: {what} failed and was rolled back ({code}: {reason})"),
    ("DriverError", StoreError, "Neo4j at {uri}: {what} failed and was rolled back ({code}: {reason})"),
)  # fmt: skip


def map_error(e: BaseException, uri: str, what: str, retried: bool = False) -> GraphMemError | None:
    """The graphmem error for a driver exception (first match of ERROR_TABLE), or None;
    `retried`: the driver ran the transaction function more than once."""
    from neo4j import exceptions as nx

    if isinstance(e, DeadlinePassed):
        if e.commit_sent:
            return WriteOutcomeUnknownError(_UNKNOWN.format(uri=uri, what=what, reason=e))
        return StoreUnavailableError(_SLOW.format(uri=uri, what=what, reason=e))
    code = getattr(e, "code", None) or ""
    if isinstance(e, nx.ClientError) and code.startswith(_TIMED_OUT):
        # The server ended the transaction at the store timeout (bounded.py sets it).
        return StoreUnavailableError(_SLOW.format(uri=uri, what=what, reason=short_reason(e)))
    for name, cls, template in ERROR_TABLE:
        if isinstance(e, getattr(nx, name)):
            if name == "ConstraintError" and not retried:
                continue
            code = getattr(e, "code", None) or type(e).__name__
            return cls(template.format(uri=uri, what=what, reason=short_reason(e), code=code))
    return None


@contextmanager
def mapped_errors(uri: str, what: str, attempts: list[int] | None = None) -> Iterator[None]:
    """Turn driver exceptions into graphmem's errors (ERROR_TABLE), naming the URI;
    `attempts` counts the runs of a transaction function (see map_error's `retried`)."""
    try:
        yield
    except GraphMemError:
        raise
    except Exception as e:
        mapped = map_error(e, uri, what, retried=bool(attempts) and attempts[0] > 1)  # type: ignore[index]
        if mapped is None:
            raise
        raise mapped from e
