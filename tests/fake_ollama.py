"""A real HTTP server on 127.0.0.1 that speaks the two Ollama endpoints Mnemon uses.

``GET /api/tags`` lists ``models``; ``POST /api/embed`` ``{model, input}`` answers
``{model, embeddings}`` with deterministic vectors: the sum of one hash-seeded random
direction per lowercase word, scaled (not unit length, as a real server may send), so texts
sharing words are similar. Misbehaviour is switched per endpoint with ``tags_mode`` and
``embed_mode`` (see ``MODES``); every request is recorded in ``requests``.

Import it as ``from fake_ollama import FakeOllama`` (see ``fakes.py`` on import paths).
"""

from __future__ import annotations

import hashlib
import json
import re
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np

MODES = (
    "ok",            # well-formed answer
    "http500",       # HTTP 500 with an Ollama-style {"error": ...} body
    "not_found",     # HTTP 404 {"error": "model ... not found, try pulling it first"}
    "garbage",       # HTTP 200 with a body that is not JSON
    "wrong_shape",   # /api/tags: "models" is not a list; /api/embed: no "embeddings" key
    "wrong_dim",     # /api/embed: vectors one longer than ``dim``
    "wrong_count",   # /api/embed: one vector fewer than inputs
    "ragged",        # /api/embed: the last row one longer (rows of different lengths from 2 inputs)
    "strings",       # /api/embed: rows of strings
    "nan",           # /api/embed: a NaN inside a vector
    "zero",          # /api/embed: all-zero vectors
    "slow",          # answer only after ``delay`` seconds
)

_WORD = re.compile(r"\w+", re.UNICODE)


def word_vector(text: str, dim: int) -> np.ndarray:
    """The fake server's (non-normalised) embedding of ``text``."""
    vec = np.zeros(dim, dtype=np.float64)
    for word in _WORD.findall(text.lower()) or [""]:
        seed = int.from_bytes(hashlib.sha256(word.encode("utf-8", "replace")).digest()[:8], "little")
        vec += np.random.default_rng(seed).standard_normal(dim)
    return vec * 3.0


def closed_port_url() -> str:
    """An http URL on 127.0.0.1 where nothing listens (connections are refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


class _Server(ThreadingHTTPServer):
    """Tracks open connections so :meth:`FakeOllama.stop` can cut keep-alive clients off,
    as a server that died would."""

    daemon_threads = True
    fake: FakeOllama

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        super().__init__(address, handler)
        self.connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        with self.connections_lock:
            self.connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self.connections_lock:
            self.connections.discard(request)
        super().shutdown_request(request)

    def drop_connections(self) -> None:
        with self.connections_lock:
            open_now = list(self.connections)
        for sock in open_now:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that gave up (timeout test) leaves a broken pipe: expected, not news.
        pass


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        fake = self.server.fake
        fake.record("GET", self.path, None)
        if self.path != "/api/tags":
            self._send(404, b"404 page not found", "text/plain")
            return
        if self._misbehave(fake.tags_mode):
            return
        if fake.tags_mode == "wrong_shape":
            self._json(200, {"models": "nomic-embed-text"})
            return
        self._json(200, {"models": [{"name": name, "model": name, "size": 274302450} for name in fake.models]})

    def do_POST(self) -> None:
        fake = self.server.fake
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw)
        except ValueError:
            body = None
        fake.record("POST", self.path, body)
        if self.path != "/api/embed":
            self._send(404, b"404 page not found", "text/plain")
            return
        if not isinstance(body, dict) or not isinstance(body.get("input"), list):
            self._json(400, {"error": "invalid input type"})
            return
        model = str(body.get("model"))
        if model not in fake.models and f"{model}:latest" not in fake.models:
            self._json(404, {"error": f'model "{model}" not found, try pulling it first'})
            return
        mode = fake.embed_mode
        if self._misbehave(mode):
            return
        texts = [str(t) for t in body["input"]]
        rows = [word_vector(t, fake.dim + (1 if mode == "wrong_dim" else 0)).tolist() for t in texts]
        if mode == "wrong_shape":
            self._json(200, {"model": model})
            return
        if mode == "wrong_count":
            rows = rows[:-1]
        elif mode == "ragged":
            rows[-1] = rows[-1] + [1.0]
        elif mode == "strings":
            rows = [[str(x) for x in row] for row in rows]
        elif mode == "nan":
            rows[0][0] = float("nan")
        elif mode == "zero":
            rows = [[0.0] * len(row) for row in rows]
        self._json(200, {"model": model, "embeddings": rows, "total_duration": 1000})

    def _misbehave(self, mode: str) -> bool:
        fake = self.server.fake
        if mode == "slow":
            fake.stopping.wait(fake.delay)
            return False
        if mode == "http500":
            self._json(500, {"error": "llama runner process has terminated"})
            return True
        if mode == "not_found":
            self._json(404, {"error": "model not found, try pulling it first"})
            return True
        if mode == "garbage":
            self._send(200, b"<html>definitely not json", "application/json")
            return True
        return False

    def _json(self, status: int, data: Any) -> None:
        self._send(status, json.dumps(data).encode("utf-8"), "application/json; charset=utf-8")

    def _send(self, status: int, payload: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class FakeOllama:
    """Start with ``with FakeOllama() as server:``; ``server.url`` is its base URL."""

    def __init__(self, models: tuple[str, ...] = ("nomic-embed-text:latest",), dim: int = 32) -> None:
        self.models = list(models)
        self.dim = dim
        self.tags_mode = "ok"
        self.embed_mode = "ok"
        self.delay = 1.0
        self.requests: list[tuple[str, str, Any]] = []
        self.stopping = threading.Event()
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), _Handler)
        self._server.fake = self
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), name="fake-ollama",
                                        daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def record(self, method: str, path: str, body: Any) -> None:
        with self._lock:
            self.requests.append((method, path, body))

    def embed_inputs(self) -> list[list[str]]:
        """The ``input`` lists of every /api/embed request so far, in order."""
        with self._lock:
            return [list(body["input"]) for method, path, body in self.requests
                    if path == "/api/embed" and isinstance(body, dict)]

    def start(self) -> FakeOllama:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._server.drop_connections()
        self._thread.join(timeout=5)

    def __enter__(self) -> FakeOllama:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
