"""The memory tools: each one thin call of `Memory`, described for a model.

Every result is structured content (JSON, naming the user and store it used) plus a
short text rendering for clients that show only text. A library error becomes a tool
error whose text names the problem; nothing else about the server leaks.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from graphmem import __version__
from graphmem.aio import AsyncMemory
from graphmem.errors import GraphMemError
from graphmem.shells.mcp.scope import UserScope
from graphmem.shells.service.errors import status_of
from graphmem.shells.service.jsonable import recall_item, remember_result, to_jsonable
from graphmem.shells.service.lazy import LazyMemory
from graphmem.text.memory_dates import fact_day

INSTRUCTIONS = (
    "Long-term memory about the current user. Call `context` (or `recall`) before answering "
    "anything that may depend on what the user told you earlier; call `remember` with the "
    "user's own message when they tell you something lasting about themselves (where they "
    "live, work, what they like, plans, corrections). Corrections supersede old facts by "
    "themselves. Never store secrets; the server refuses them anyway."
)

READ = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)
WRITE = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
)
ERASE = ToolAnnotations(
    read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
)

Text = Annotated[str, Field(description="The user's message, in their own words.")]
Query = Annotated[str, Field(description="What you need to know, in plain words (any language).")]
TopK = Annotated[int, Field(ge=1, le=100, description="How many memories to return (default 6).")]
Attribute = Annotated[
    str, Field(description="A fact key such as city, employer, diet, likes, allergy, child, event, note.")
]


def _result(text: str, data: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def build_server(lazy: LazyMemory, scope: UserScope, *, name: str = "graphmem") -> MCPServer:
    """An MCPServer whose tools act on `scope`'s user over `lazy`'s store."""

    @asynccontextmanager
    async def lifespan(_: MCPServer) -> AsyncIterator[None]:
        # The first tool call would otherwise load jieba, spaCy and dateparser (seconds).
        # The SDK enters this once as the server starts: over stdio, and over HTTP in its
        # session manager.
        warming = lazy.warming()
        try:
            yield
        finally:
            warming.cancel()

    # WARNING: the SDK logs failed calls at INFO, and their messages may quote arguments.
    server: MCPServer = MCPServer(
        name, instructions=INSTRUCTIONS, version=__version__, log_level="WARNING", lifespan=lifespan
    )

    async def call(ctx: Context, fn: Callable[[AsyncMemory, str], Awaitable[Any]]) -> tuple[str, Any]:
        try:
            user = scope.user_for(ctx)
            mem = await lazy.get()
            return user, await fn(mem, user)
        except GraphMemError as e:
            _, code = status_of(e)
            raise ToolError(f"{code}: {e}") from e

    def stamp(user: str, **data: Any) -> dict[str, Any]:
        return {"user_id": user, "store": lazy.store, **data}

    @server.tool(
        title="Remember a message",
        description="Store what the user said so it can be recalled in later conversations. Pass the "
        "user's message verbatim; facts are extracted, corrections supersede older facts, "
        "and secrets, small talk and questions are not kept. Returns what was added, "
        "superseded, reinforced, ignored or refused.",
        annotations=WRITE,
    )
    async def remember(
        ctx: Context,
        text: Text,
        role: Annotated[
            str,
            Field(
                description="Who said it: user (default) or assistant, system, tool; "
                "only the user's own words become facts."
            ),
        ] = "user",  # fmt: skip
        at: Annotated[str | None, Field(description="ISO-8601 time it was said (default now).")] = None,
        ref: Annotated[
            str | None, Field(description="Your id for the message; the same ref twice is stored once.")
        ] = None,  # fmt: skip
    ) -> CallToolResult:
        user, r = await call(ctx, lambda m, u: m.remember(u, text, role=role, at=at, ref=ref))
        data = remember_result(r)
        lines = [f"+ {f.text}" for f in r.added] + [f"~ {o.value} -> {n.value}" for o, n in r.superseded]
        lines += [f"= {f.text}" for f in r.reinforced] + [f"refused: {x.kind}" for x in r.refused]
        summary = "\n".join(lines) or "nothing new to remember"
        return _result(summary, stamp(user, result=data))

    @server.tool(
        title="Recall memories",
        description="The user's stored memories most relevant to a query, best first, each with its "
        "score and the channels that found it. Use before answering questions about the "
        "user's life, preferences, people or plans.",
        annotations=READ,
    )
    async def recall(ctx: Context, query: Query, k: TopK = 6) -> CallToolResult:
        user, items = await call(ctx, lambda m, u: m.recall(u, query, k=k))
        text = (
            "\n".join(f"{n}. {it.text} [{it.day}]" for n, it in enumerate(items, 1)) or "(nothing recalled)"
        )
        return _result(text, stamp(user, query=query, items=[recall_item(it) for it in items]))

    @server.tool(
        title="Memory context block",
        description="A ready-made MemoryContext block (the relevant memories, dated, with their "
        "source) to read before answering the user's message.",
        annotations=READ,
    )
    async def context(ctx: Context, query: Query, k: TopK = 6) -> CallToolResult:
        user, block = await call(ctx, lambda m, u: m.context(u, query, k=k))
        return _result(block.text, stamp(user, query=query, text=block.text,
                                         items=[recall_item(it) for it in block.items]))  # fmt: skip

    @server.tool(
        title="Get a fact",
        description="The current value(s) of one attribute of the user, surest first, "
        "e.g. city, employer, diet, allergy, child.",
        annotations=READ,
    )
    async def get_fact(ctx: Context, attribute: Attribute) -> CallToolResult:
        user, facts = await call(ctx, lambda m, u: m.get(u, attribute))
        text = ", ".join(f.value for f in facts) or f"(no {attribute} known)"
        return _result(text, stamp(user, attribute=attribute, facts=to_jsonable(facts)))

    @server.tool(
        title="List facts",
        description="Every active fact stored about the user; with include_frozen, also the facts "
        "that later corrections superseded.",
        annotations=READ,
    )
    async def list_facts(
        ctx: Context,
        include_frozen: Annotated[bool, Field(description="Also list superseded (frozen) facts.")] = False,
    ) -> CallToolResult:
        user, facts = await call(ctx, lambda m, u: m.facts(u, include_frozen))
        text = (
            "\n".join(
                f"{f.attribute} = {f.value} ({f.status}, {fact_day(f).isoformat()}, id {f.id})" for f in facts
            )
            or "(no facts)"
        )
        return _result(text, stamp(user, facts=to_jsonable(facts)))

    @server.tool(
        title="Fact history",
        description="How an attribute changed over time (or every attribute): each fact oldest first, "
        "with the audit records saying which rule superseded what.",
        annotations=READ,
    )
    async def fact_history(
        ctx: Context,
        attribute: Annotated[str | None, Field(description="A fact key; omit for every attribute.")] = None,
    ) -> CallToolResult:
        user, entries = await call(ctx, lambda m, u: m.history(u, attribute))
        text = "\n".join(
            f"{e.fact.valid_from.date().isoformat()} {e.fact.attribute} = {e.fact.value} ({e.fact.status})"
            for e in entries
        )
        return _result(text or "(no history)", stamp(user, attribute=attribute, history=to_jsonable(entries)))

    @server.tool(
        title="Forget a fact",
        description="Permanently delete one fact (by the id list_facts or recall shows) and erase its "
        "content from the message log. Only when the user asks to forget something.",
        annotations=ERASE,
    )
    async def forget(
        ctx: Context, fact_id: Annotated[str, Field(description="The id of the fact to delete.")]
    ) -> CallToolResult:
        user, gone = await call(ctx, lambda m, u: m.forget(u, fact_id))
        text = f"forgot {fact_id}" if gone else f"no fact {fact_id} for this user"
        return _result(text, stamp(user, fact_id=fact_id, forgotten=bool(gone)))

    @server.tool(
        title="Export memory",
        description="The user's whole memory as graphmem's versioned JSON export document "
        "(facts, entities, history, messages), e.g. to move it elsewhere.",
        annotations=READ,
    )
    async def export_memory(ctx: Context) -> CallToolResult:
        user, report = await call(ctx, lambda m, u: m.export(u))
        doc = json.loads(report.document) if isinstance(report.document, str) else report.document
        text = f"exported {len(doc.get('facts', []))} facts and {len(doc.get('episodes', []))} messages"
        return _result(text, stamp(user, document=doc))

    @server.tool(
        title="Memory status",
        description="Which store and user this server uses, how many facts it holds by status, the "
        "embedder and the graphmem version.",
        annotations=READ,
    )
    async def status(ctx: Context) -> CallToolResult:
        user, facts = await call(ctx, lambda m, u: m.facts(u, include_frozen=True))
        mem = await lazy.get()
        counts = dict(Counter(f.status for f in facts))
        embedder = {"model": mem.memory.embedder.model, "dim": mem.memory.embedder.dim}
        data = stamp(user, counts=counts, embedder=embedder, version=__version__)
        text = f"user {user} on {lazy.store}: {counts.get('active', 0)} active facts (graphmem {__version__})"
        return _result(text, data)

    return server
