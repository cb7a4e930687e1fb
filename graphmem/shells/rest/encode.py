"""The REST service's JSON responses, written by orjson (a dependency of the server extra).

orjson writes datetimes as ISO-8601 exactly as `datetime.isoformat` does, so a response may
carry `recall_record`'s datetimes as they are; anything else it does not know goes through
`to_jsonable` first. A NaN or infinity becomes null (JSON has neither)."""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import JSONResponse

from graphmem.shells.service.jsonable import to_jsonable


def _fallback(obj: Any) -> Any:
    plain = to_jsonable(obj)
    if plain is obj:
        raise TypeError(f"{type(obj).__name__} is not JSON serialisable")
    return plain


def dumps(content: Any) -> bytes:
    return orjson.dumps(content, default=_fallback, option=orjson.OPT_SERIALIZE_NUMPY)


class FastJSON(JSONResponse):
    """A JSONResponse rendered by orjson (a recall response's encoding was a sizeable part
    of its time in the service)."""

    def render(self, content: Any) -> bytes:
        return dumps(content)
