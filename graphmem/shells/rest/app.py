"""The REST routes: each checks the key against the user id of its path, makes one
`AsyncMemory` call and wraps the result with the user and store it used."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Body, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from graphmem import __version__
from graphmem.errors import GraphMemError, InvalidInputError
from graphmem.shells.rest.encode import FastJSON
from graphmem.shells.rest.guard import (
    DEFAULT_BODY_TIMEOUT,
    DEFAULT_MAX_BODY,
    AccessDenied,
    BodyLimit,
    HostGuard,
    check_access,
)
from graphmem.shells.rest.schemas import MAX_BATCH, QUERY_SCHEMA, MemoryIn, query_of
from graphmem.shells.service.api_keys import KeyRing
from graphmem.shells.service.errors import status_of
from graphmem.shells.service.jsonable import recall_record, remember_result, to_jsonable
from graphmem.shells.service.lazy import LazyMemory
from graphmem.text.timestamps import parse_time
from graphmem.write import validate

_log = logging.getLogger("graphmem.shells.rest")


@dataclass(frozen=True)
class ServiceSettings:
    """What the CLI (or an embedding program) decides; nothing here reads the environment."""

    keys: KeyRing = field(default_factory=KeyRing)
    max_body_bytes: int = DEFAULT_MAX_BODY
    #: Host names (`host` or `host:port`) answered besides loopback; `("*",)`: any.
    allowed_hosts: tuple[str, ...] = ()
    body_timeout: float = DEFAULT_BODY_TIMEOUT

    @property
    def checks_host(self) -> bool:
        """Without keys every request is trusted, so only loopback Host names (and those
        allowed) are: a page whose name resolves to 127.0.0.1 gets 421. With keys, a
        request needs a key a rebinding page cannot have, so the Host is checked only
        when `allowed_hosts` lists names (a deployment that wants both)."""
        if "*" in self.allowed_hosts:
            return False
        return not self.keys or bool(self.allowed_hosts)


def create_app(memory: LazyMemory, settings: ServiceSettings | None = None) -> Any:
    """The ASGI app: FastAPI routes behind the Host check and the body limit. `memory` is
    closed at shutdown."""
    settings = settings or ServiceSettings()
    app: Any = BodyLimit(_routes(memory, settings), settings.max_body_bytes, settings.body_timeout)
    if settings.checks_host:
        app = HostGuard(app, settings.allowed_hosts)
    return app


def _routes(lazy: LazyMemory, settings: ServiceSettings) -> FastAPI:
    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> Any:
        warming = lazy.warming()  # the first request would otherwise load jieba and dateparser
        yield
        warming.cancel()
        await lazy.close()

    api = FastAPI(
        title="graphmem",
        version=__version__,
        description="Per-user long-term memory for AI agents: remember, recall, facts, history, "
        "forget, export and import, over one graphmem store.",
        lifespan=lifespan,
    )
    keys = settings.keys

    def envelope(user_id: str, status: int = 200, **body: Any) -> JSONResponse:
        # A Response skips FastAPI's jsonable_encoder pass: the body is JSON types already
        # (recall items keep their datetimes, which orjson writes itself).
        return FastJSON({"user_id": user_id, "store": lazy.store, **body}, status_code=status)

    async def memory_for(request: Request, user_id: str) -> Any:
        check_access(keys, request.headers, user_id)
        validate.user_id(user_id)
        return await lazy.get()

    # ---- errors: one handler per family, statuses from the one table -------------------
    @api.exception_handler(GraphMemError)
    async def graphmem_error(_: Request, exc: GraphMemError) -> JSONResponse:
        status, code = status_of(exc)
        # The message may quote the request (an attribute, a time); only the class is logged.
        _log.info("request failed: %s -> %d", type(exc).__name__, status)
        return JSONResponse({"error": code, "detail": str(exc)}, status_code=status)

    @api.exception_handler(AccessDenied)
    async def access_denied(_: Request, exc: AccessDenied) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse(
            {"error": exc.code, "detail": exc.detail}, status_code=exc.status, headers=headers
        )

    @api.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        # Where and why only; pydantic's `input` would echo the caller's text back.
        problems = [{"loc": list(e.get("loc", ())), "msg": e.get("msg", "")} for e in exc.errors()]
        return JSONResponse({"error": "invalid_request", "detail": problems}, status_code=422)

    @api.exception_handler(Exception)
    async def crash(_: Request, exc: Exception) -> JSONResponse:
        _log.error("unexpected %s while serving a request", type(exc).__name__)
        return JSONResponse({"error": "internal_error", "detail": "unexpected server error"}, status_code=500)

    # ---- health ------------------------------------------------------------------------
    @api.get("/healthz", summary="The process is up")
    async def healthz() -> dict[str, Any]:
        return {"status": "ok", "version": __version__}

    @api.get("/readyz", summary="The store answers")
    async def readyz() -> JSONResponse:
        try:
            mem = await lazy.get()
            await mem.ready()
        except GraphMemError as exc:
            status, code = status_of(exc)
            return JSONResponse({"status": "unavailable", "error": code, "detail": str(exc),
                                 "store": lazy.store}, status_code=503)  # fmt: skip
        # `warm`: the pipelines the first message needs are loaded (false for the first
        # seconds after startup, while requests are answered, only slower).
        return JSONResponse({"status": "ready", "store": lazy.store, "warm": lazy.warmed})

    # ---- write -------------------------------------------------------------------------
    @api.post("/v1/users/{user_id}/memories", summary="Remember one message or a list of them")
    async def remember(
        request: Request, user_id: str, body: Annotated[MemoryIn | list[MemoryIn], Body()]
    ) -> JSONResponse:
        mem = await memory_for(request, user_id)
        items = body if isinstance(body, list) else [body]
        if len(items) > MAX_BATCH:
            raise InvalidInputError(f"at most {MAX_BATCH} messages per request, not {len(items)}")
        for m in items:  # all checked before the first write, so bad input writes nothing
            validate.text(m.text, mem.memory.config.max_text_chars)
            validate.ref(m.ref)
            parse_time(m.at)
        results = []
        for m in items:  # one transaction each, in order
            r = await mem.remember(user_id, m.text, role=m.role, at=m.at, ref=m.ref)
            results.append(remember_result(r))
        if isinstance(body, list):
            return envelope(user_id, results=results)
        return envelope(user_id, result=results[0])

    # ---- read --------------------------------------------------------------------------
    # recall and context read their body themselves (see query_of): FastAPI's generic body
    # handling was a sizeable part of a recall's cost in the service. The schema they document
    # is the same QueryIn.
    query_body = {
        "requestBody": {"required": True, "content": {"application/json": {"schema": QUERY_SCHEMA}}}
    }

    @api.post("/v1/users/{user_id}/recall", summary="The memories most useful for a query",
              openapi_extra=query_body)  # fmt: skip
    async def recall(request: Request, user_id: str) -> JSONResponse:
        body = await query_of(request)
        mem = await memory_for(request, user_id)
        items = await mem.recall(user_id, body.query, k=body.k, at=body.at)
        return envelope(user_id, query=body.query, items=[recall_record(it) for it in items])

    @api.post("/v1/users/{user_id}/context", summary="The MemoryContext block for a query",
              openapi_extra=query_body)  # fmt: skip
    async def context(request: Request, user_id: str) -> JSONResponse:
        body = await query_of(request)
        mem = await memory_for(request, user_id)
        ctx = await mem.context(user_id, body.query, k=body.k, at=body.at)
        return envelope(
            user_id, query=body.query, text=ctx.text, items=[recall_record(it) for it in ctx.items]
        )

    @api.get("/v1/users/{user_id}/facts", summary="The user's facts")
    async def facts(
        request: Request,
        user_id: str,
        include_frozen: bool = Query(False, description="also facts a correction superseded"),
        as_of: str | None = Query(None, description="ISO-8601: what was believed at that time"),
    ) -> JSONResponse:
        mem = await memory_for(request, user_id)
        found = await mem.facts(user_id, include_frozen, as_of=as_of)
        return envelope(user_id, facts=to_jsonable(found))

    @api.get("/v1/users/{user_id}/facts/{attribute}", summary="Active facts of one attribute")
    async def get_fact(
        request: Request,
        user_id: str,
        attribute: str,
        at: str | None = Query(None),
        as_of: str | None = Query(None),
        subject: str | None = Query(None, description="an entity's name (default: the user)"),
    ) -> JSONResponse:
        mem = await memory_for(request, user_id)
        found = await mem.get(user_id, attribute, at, subject=subject, as_of=as_of)
        return envelope(user_id, attribute=attribute, facts=to_jsonable(found))

    @api.get("/v1/users/{user_id}/facts/{attribute}/history", summary="An attribute's supersession chain")
    async def history(request: Request, user_id: str, attribute: str) -> JSONResponse:
        mem = await memory_for(request, user_id)
        entries = await mem.history(user_id, attribute)
        return envelope(user_id, attribute=attribute, history=to_jsonable(entries))

    # ---- erase -------------------------------------------------------------------------
    @api.delete("/v1/users/{user_id}/facts/{fact_id}", summary="Forget one fact and its traces")
    async def forget(request: Request, user_id: str, fact_id: str) -> JSONResponse:
        mem = await memory_for(request, user_id)
        if not await mem.forget(user_id, fact_id):
            return envelope(user_id, 404, error="unknown_fact", detail="this user has no fact with that id")
        return envelope(user_id, forgotten=fact_id)

    @api.delete("/v1/users/{user_id}", summary="Erase everything of the user")
    async def forget_user(request: Request, user_id: str) -> JSONResponse:
        mem = await memory_for(request, user_id)
        return envelope(user_id, rows_removed=await mem.forget_user(user_id))

    # ---- portability -------------------------------------------------------------------
    @api.get("/v1/users/{user_id}/export", summary="The user's versioned export document")
    async def export(request: Request, user_id: str) -> JSONResponse:
        mem = await memory_for(request, user_id)
        report = await mem.export(user_id)
        doc = report.document
        return envelope(user_id, document=json.loads(doc) if isinstance(doc, str) else doc)

    @api.post("/v1/users/{user_id}/import", summary="Import an export document as this user")
    async def import_(
        request: Request,
        user_id: str,
        document: Annotated[dict[str, Any], Body(description="an export document (GET .../export)")],
        dry_run: bool = Query(False),
    ) -> JSONResponse:
        mem = await memory_for(request, user_id)
        # The path's user, never the document's: a document cannot write into someone else.
        report = await mem.import_(document, as_user=user_id, dry_run=dry_run)
        return envelope(user_id, report=to_jsonable(report))

    return api
