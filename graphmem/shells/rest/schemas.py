"""Request bodies of the REST service. Shapes only: `Memory` and `graphmem.write.validate`
decide what a valid value is, so the service and the library cannot disagree."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, ValidationError

#: Most messages one POST /memories may carry (each is its own transaction).
MAX_BATCH = 100


class MemoryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(description="The message, as the user (or assistant) said it.")
    role: Literal["user", "assistant", "system", "tool"] = Field(
        "user", description="Who said it; only the user's own words become facts."
    )
    at: str | None = Field(None, description="ISO-8601 time the message was said (default: now).")
    ref: str | None = Field(None, description="Your id for the message: provenance, and the idempotency key.")


class QueryIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    query: str = Field(description="What the memory is needed for, in plain words.")
    k: int = Field(6, description="How many memories to return (1 to 100).")
    at: str | None = Field(None, description="ISO-8601 time that stands for now (decay, validity).")


#: QueryIn's JSON schema, for the OpenAPI of the routes that read it with `query_of`.
QUERY_SCHEMA: dict[str, Any] = QueryIn.model_json_schema()


async def query_of(request: Request) -> QueryIn:
    """The request's body as a QueryIn, read by pydantic straight from the JSON bytes (one
    pass, no dict in between). As for a body FastAPI reads: a JSON content type is
    required, and what does not fit is a RequestValidationError (422) located in "body"."""
    content_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    major, _, minor = content_type.partition("/")
    if major != "application" or not (minor == "json" or minor.endswith("+json")):
        raise RequestValidationError(
            [{"loc": ("body",), "msg": "the body must be JSON (Content-Type: application/json)"}]
        )
    try:
        return QueryIn.model_validate_json(await request.body())
    except ValidationError as e:
        problems = [
            {"loc": ("body", *err["loc"]), "msg": err["msg"]} for err in e.errors(include_input=False)
        ]
        raise RequestValidationError(problems) from None
