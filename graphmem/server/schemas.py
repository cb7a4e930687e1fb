"""Request bodies of the REST service. Shapes only: `Memory` and `graphmem.validate`
decide what a valid value is, so the service and the library cannot disagree."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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
