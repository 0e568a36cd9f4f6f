"""A local stand-in for the Anthropic Messages API, for driving the real Claude Code.

It answers ``POST /v1/messages`` (any query string) with the server-sent-event stream Claude
Code expects (message_start, ping, one text block, message_delta with ``end_turn``,
message_stop), answers ``HEAD /`` (Claude Code warms the connection), and keeps every
request body it received, decoded from JSON, in arrival order. Tests take a mark before a
run (:meth:`MockAPI.mark`) and read what arrived after it (:meth:`MockAPI.since`), so one
server serves a whole module of runs.

A test can make the model call tools: :attr:`MockAPI.responder` is asked first for each
request body and may answer a :class:`ToolUse` (one ``tool_use`` block, ``stop_reason``
``tool_use``; Claude Code runs the tool and sends its result in the next request), a text,
or None for the default reply.

Standard library only; it binds 127.0.0.1 on an ephemeral port and serves each request in
its own thread.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

REPLY = "OK."


@dataclass(frozen=True)
class ToolUse:
    """A reply that calls one tool."""

    name: str
    input: dict[str, Any] = field(default_factory=dict)
    id: str = field(default_factory=lambda: "toolu_" + uuid.uuid4().hex[:24])

    def block(self) -> dict[str, Any]:
        return {"type": "tool_use", "id": self.id, "name": self.name, "input": self.input}


Responder = Callable[[dict[str, Any]], "str | ToolUse | None"]


def tool_stream(call: ToolUse, model: str) -> bytes:
    """The full SSE body of a reply that is one tool_use block."""
    start = {"type": "message_start", "message": {
        "id": "msg_" + uuid.uuid4().hex[:24], "type": "message", "role": "assistant", "model": model,
        "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}}
    return b"".join((
        _sse("message_start", start),
        _sse("content_block_start", {"type": "content_block_start", "index": 0,
                                     "content_block": {**call.block(), "input": {}}}),
        _sse("content_block_delta", {"type": "content_block_delta", "index": 0,
                                     "delta": {"type": "input_json_delta", "partial_json": json.dumps(call.input)}}),
        _sse("content_block_stop", {"type": "content_block_stop", "index": 0}),
        _sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None},
                               "usage": {"input_tokens": 10, "output_tokens": 20}}),
        _sse("message_stop", {"type": "message_stop"}),
    ))


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def stream(text: str, model: str) -> bytes:
    """The full SSE body of a one-text-block reply."""
    msg_id = "msg_" + uuid.uuid4().hex[:24]
    usage = {"input_tokens": 10, "output_tokens": max(1, len(text) // 4)}
    return b"".join(
        (
            _sse(
                "message_start",
                {
                    "type": "message_start",
                    "message": {
                        "id": msg_id,
                        "type": "message",
                        "role": "assistant",
                        "model": model,
                        "content": [],
                        "stop_reason": None,
                        "stop_sequence": None,
                        "usage": {"input_tokens": 10, "output_tokens": 1},
                    },
                },
            ),
            _sse("ping", {"type": "ping"}),
            _sse(
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
            ),
            _sse(
                "content_block_delta",
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}},
            ),
            _sse("content_block_stop", {"type": "content_block_stop", "index": 0}),
            _sse(
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                    "usage": usage,
                },
            ),
            _sse("message_stop", {"type": "message_stop"}),
        )
    )


class MockAPI:
    """The server and its request log. Use :func:`running` to start and stop it."""

    def __init__(self, reply: str = REPLY) -> None:
        self.reply = reply
        self.responder: Responder | None = None
        self._lock = threading.Lock()
        self._bodies: list[dict[str, Any]] = []
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="mock-api", daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def mark(self) -> int:
        with self._lock:
            return len(self._bodies)

    def since(self, mark: int) -> list[dict[str, Any]]:
        """Request bodies received after ``mark``."""
        with self._lock:
            return list(self._bodies[mark:])

    def _record(self, body: dict[str, Any]) -> None:
        with self._lock:
            self._bodies.append(body)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
                pass

            def do_HEAD(self) -> None:  # noqa: N802 - stdlib naming
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_GET(self) -> None:  # noqa: N802
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                path = self.path.split("?", 1)[0]
                if path != "/v1/messages":
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                try:
                    body = json.loads(raw)
                except ValueError:
                    body = {"_unparsed": raw.decode("utf-8", "replace")}
                api._record(body)
                model = body.get("model", "claude-mock") if isinstance(body, dict) else "claude-mock"
                responder = api.responder
                answer = responder(body) if responder is not None and isinstance(body, dict) else None
                reply = answer if answer is not None else api.reply
                if isinstance(body, dict) and body.get("stream"):
                    payload = (tool_stream(reply, str(model)) if isinstance(reply, ToolUse)
                               else stream(reply, str(model)))
                    ctype = "text/event-stream"
                else:
                    payload = json.dumps(
                        {
                            "id": "msg_" + uuid.uuid4().hex[:24],
                            "type": "message",
                            "role": "assistant",
                            "model": model,
                            "content": [reply.block() if isinstance(reply, ToolUse) else {"type": "text", "text": reply}],
                            "stop_reason": "tool_use" if isinstance(reply, ToolUse) else "end_turn",
                            "stop_sequence": None,
                            "usage": {"input_tokens": 10, "output_tokens": 2},
                        }
                    ).encode()
                    ctype = "application/json"
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

        return Handler

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


@contextmanager
def running(reply: str = REPLY) -> Iterator[MockAPI]:
    api = MockAPI(reply)
    api.start()
    try:
        yield api
    finally:
        api.stop()
