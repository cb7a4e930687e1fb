"""A real HTTP server speaking the OpenAI wire format, scripted per test.

`POST /v1/chat/completions` answers from a queue of scripted replies (a JSON answer,
a refusal, malformed content, a malformed HTTP body, an error status, a delay); when
the queue is empty it answers `{"facts": []}`. `POST /v1/embeddings` returns
deterministic bag-of-words vectors (hashed words, so texts sharing words are close),
honouring `dimensions` and `encoding_format`, unless an error is scripted. Every
request body is recorded, so tests can check exactly what left the process.

    def test_x(openai_server):
        openai_server.answer({"facts": [...]})
        ext = OpenAIExtractor("stub-model", base_url=openai_server.url, api_key="k")
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest

DEFAULT_EMBED_DIM = 1536


@dataclass
class Reply:
    """One scripted response."""

    status: int = 200
    body: Any = None  # a JSON-able object, sent as JSON
    raw: bytes | None = None  # sent as is (a malformed body)
    delay: float = 0.0
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Request:
    path: str
    body: Any  # parsed JSON, or the raw text when it was not JSON
    text: str  # the raw request body


def _words(text: str) -> list[str]:
    out, word = [], []
    for ch in text.lower():
        if ch.isalnum():
            word.append(ch)
        elif word:
            out.append("".join(word))
            word = []
    if word:
        out.append("".join(word))
    return out


def stub_vector(text: str, dim: int) -> list[float]:
    """A deterministic, deliberately unnormalised vector: hashed words, scaled by 3."""
    v = np.zeros(dim, dtype=np.float64)
    for w in _words(text) or [text]:
        h = int.from_bytes(hashlib.sha256(w.encode("utf-8")).digest()[:8], "big")
        v[h % dim] += 1.0 if (h >> 63) & 1 else -1.0
    return [float(x) * 3.0 for x in v]


class OpenAIStub:
    def __init__(self) -> None:
        self.chat_queue: deque[Reply] = deque()
        self.embed_queue: deque[Reply] = deque()
        self.requests: list[Request] = []
        self.reported_usage: list[dict[str, int]] = []  # what each chat reply told the client
        self.shuffle_embeddings = False
        self._lock = threading.Lock()
        self._count = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    # ---- scripting ----------------------------------------------------------
    def answer(self, doc: Any, *, delay: float = 0.0, usage: tuple[int, int] | None = None) -> None:
        """The model answers with `doc` as its JSON content."""
        self.chat_queue.append(Reply(body=self._completion(json.dumps(doc), usage=usage), delay=delay))

    def answer_text(self, content: str, *, finish_reason: str = "stop") -> None:
        """The model answers with arbitrary content (e.g. text that is not JSON)."""
        self.chat_queue.append(Reply(body=self._completion(content, finish_reason=finish_reason)))

    def refuse(self, why: str = "I can't help with that.") -> None:
        self.chat_queue.append(Reply(body=self._completion(None, refusal=why)))

    def fail(self, status: int, *, queue: str = "chat") -> None:
        body = {"error": {"message": f"stub error {status}", "type": "server_error", "code": None}}
        # retry-after-ms keeps the SDK's retry back-off short in tests.
        reply = Reply(status=status, body=body, headers={"retry-after-ms": "10"})
        (self.chat_queue if queue == "chat" else self.embed_queue).append(reply)

    def malformed_body(self) -> None:
        self.chat_queue.append(Reply(raw=b'{"id": "chatcmpl-x", "choices": [ {"mess'))

    def _completion(
        self,
        content: str | None,
        *,
        refusal: str | None = None,
        finish_reason: str = "stop",
        usage: tuple[int, int] | None = None,
    ) -> dict[str, Any]:
        prompt, completion = usage or (0, 0)
        return {
            "object": "chat.completion",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content, "refusal": refusal},
                    "finish_reason": finish_reason,
                    "logprobs": None,
                }
            ],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion},
        }

    # ---- what was received ----------------------------------------------------
    @property
    def chat_requests(self) -> list[Any]:
        return [r.body for r in self.requests if r.path.endswith("/chat/completions")]

    @property
    def embed_requests(self) -> list[Any]:
        return [r.body for r in self.requests if r.path.endswith("/embeddings")]

    def user_payloads(self) -> list[dict[str, Any]]:
        """The JSON payload of the user message of every chat request."""
        out = []
        for body in self.chat_requests:
            user = next(m for m in body["messages"] if m["role"] == "user")
            out.append(json.loads(user["content"]))
        return out

    def all_text(self) -> str:
        return "\n".join(r.text for r in self.requests)

    # ---- serving -----------------------------------------------------------------
    def _chat(self, body: Any) -> Reply:
        with self._lock:
            reply = (
                self.chat_queue.popleft()
                if self.chat_queue
                else Reply(body=self._completion('{"facts": []}'))
            )
            self._count += 1
            n = self._count
        if reply.body is not None and reply.status == 200 and "choices" in reply.body:
            out = dict(reply.body)
            out.update(id=f"chatcmpl-stub-{n}", created=int(time.time()), model=body.get("model", "stub"))
            usage = dict(out["usage"])
            if not usage["prompt_tokens"]:  # a plausible count: ~4 characters per token
                usage["prompt_tokens"] = max(1, len(json.dumps(body.get("messages", []))) // 4)
                content = out["choices"][0]["message"]["content"] or ""
                usage["completion_tokens"] = max(1, len(content) // 4)
            usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
            out["usage"] = usage
            with self._lock:
                self.reported_usage.append(usage)
            return Reply(body=out, delay=reply.delay)
        return reply

    def _embeddings(self, body: Any) -> Reply:
        with self._lock:
            if self.embed_queue:
                return self.embed_queue.popleft()
        inputs = body["input"] if isinstance(body["input"], list) else [body["input"]]
        dim = int(body.get("dimensions") or DEFAULT_EMBED_DIM)
        data = []
        for i, text in enumerate(inputs):
            vec = stub_vector(text, dim)
            emb: Any = vec
            if body.get("encoding_format") == "base64":
                emb = base64.b64encode(np.asarray(vec, dtype=np.float32).tobytes()).decode("ascii")
            data.append({"object": "embedding", "index": i, "embedding": emb})
        if self.shuffle_embeddings:
            data.reverse()
        tokens = sum(len(_words(t)) for t in inputs)
        return Reply(
            body={
                "object": "list",
                "data": data,
                "model": body.get("model"),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            }
        )

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # Headers and body go out in separate writes; without this, Nagle plus the
            # client's delayed ACK add ~40 ms to every keep-alive response.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server naming
                length = int(self.headers.get("Content-Length") or 0)
                text = self.rfile.read(length).decode("utf-8")
                try:
                    body: Any = json.loads(text)
                except ValueError:
                    body = text
                path = self.path.split("?", 1)[0]
                with stub._lock:
                    stub.requests.append(Request(path, body, text))
                if path.endswith("/chat/completions"):
                    reply = stub._chat(body if isinstance(body, dict) else {})
                elif path.endswith("/embeddings"):
                    reply = stub._embeddings(body)
                else:
                    reply = Reply(status=404, body={"error": {"message": "no such route"}})
                if reply.delay:
                    time.sleep(reply.delay)
                payload = reply.raw if reply.raw is not None else json.dumps(reply.body).encode("utf-8")
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    for k, v in reply.headers.items():
                        self.send_header(k, v)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

        return Handler

    def start(self) -> OpenAIStub:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(name="openai_server")
def openai_server_fixture() -> Iterator[OpenAIStub]:
    stub = OpenAIStub().start()
    try:
        yield stub
    finally:
        stub.stop()
