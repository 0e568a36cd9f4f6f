"""The local web viewer (``mnemon ui``): browse, search and steer the memory from a browser.

A process of its own, so the daemon keeps no TCP listener and nothing here is on the hooks'
path: a small threaded HTTP server that asks the daemon for everything over its socket
(``mnemon.wire.client``, one connection per server thread) and renders pages with
:mod:`mnemon.pages`. Every change (forget, restore, pin, scope, mute) is a daemon op, so it runs on
the daemon's writer and lands in the operation log exactly as from the CLI.

Security, for a server any local program or web page could try to reach:

* it binds 127.0.0.1 only, on the port asked for (by default any free one);
* every URL starts with a random token made at each start (``secrets.token_urlsafe``); a
  request without it, or with another, gets 403 and nothing else;
* the Host header must name 127.0.0.1 or localhost on this port (a DNS-rebinding page
  carries its own host name);
* state changes only by POST, with the token in the path and in the form; a POST whose
  ``Origin`` or ``Sec-Fetch-Site`` says it came from another site gets 403 (``Origin: null``,
  what a browser sends under no-referrer, passes only with ``Sec-Fetch-Site: same-origin``);
* no CORS headers at all, ``Content-Security-Policy`` allowing only this origin's stylesheet
  and forms (no script, no frames), ``Referrer-Policy: no-referrer`` so the token never leaves
  in a Referer, ``Cache-Control: no-store``;
* nothing is fetched from anywhere else: the stylesheet ships in the package.

The token is printed with the URL, once, to the terminal that ran ``mnemon ui``.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from mnemon import pages
from mnemon.engine.model import DIRECTED_EDGES
from mnemon.errors import DaemonError, InvalidInput, MnemonError, NotFound
from mnemon.paths import Paths
from mnemon.sessionids import known_session, whole_session
from mnemon.wire.client import Client

log = logging.getLogger("mnemon.viewer")

HOST = "127.0.0.1"
PAGE = 50
MAX_FORM = 512 * 1024  # bytes of a POST body (a few thousand ids)
MAX_NEIGHBOURS = 24
SESSION_LOG = 100  # injection-log entries on a session page (the newest)
MAX_SOURCE_LINE = 2 * 1024 * 1024
CALL_TIMEOUT = 30.0
CSP = ("default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
       "frame-ancestors 'none'; base-uri 'none'")
DONE = {"forgot": "Forgot {memories}: they are out of recall now.", "pinned": "Pinned.", "unpinned": "Unpinned.",
        "scoped": "Scope changed.", "restored": "Restored: it is back in recall.", "muted": "Injection muted.",
        "unmuted": "Injection resumed."}


class Viewer:
    """The server, its token and its daemon connections. ``serve_forever`` until ``close``."""

    def __init__(self, paths: Paths | None = None, *, port: int = 0, token: str | None = None) -> None:
        self.paths = paths or Paths.resolve()
        self.token = token or secrets.token_urlsafe(24)
        self.base = f"/{self.token}/"
        self._local = threading.local()
        self._clients: list[Client] = []
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer((HOST, port), _handler(self))
        self.server.daemon_threads = True
        self.port = int(self.server.server_address[1])
        self.css = resources.files("mnemon").joinpath("static/viewer.css").read_bytes()

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}{self.base}"

    def call(self, op: str, args: dict[str, Any] | None = None) -> Any:
        client = getattr(self._local, "client", None)
        if client is None:
            client = Client(self.paths, timeout=CALL_TIMEOUT, autostart="wait")
            self._local.client = client
            with self._lock:
                self._clients.append(client)
        return client.call(op, args or {})

    def serve_forever(self) -> None:
        self.server.serve_forever(poll_interval=0.25)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        with self._lock:
            for client in self._clients:
                client.close()
            self._clients.clear()

    # -- pages -------------------------------------------------------------------------------
    def page(self, route: str, query: dict[str, str]) -> tuple[int, str] | tuple[int, str, str]:
        notice = _notice(query)
        if route == "":
            return 200, self.memories(query, notice)
        if route.startswith("m/"):
            return 200, self.memory(unquote(route[2:]), notice)
        if route == "sessions":
            page = self.call("sessions", {"offset": _int(query.get("offset"), 0), "limit": PAGE})
            return 200, pages.sessions(self.base, self.token, page, notice=notice)
        if route.startswith("s/"):
            sid = unquote(route[2:])
            whole = whole_session(self.call, sid)  # the 8 characters the listings print work too
            if whole != sid:
                return 303, "", f"{self.base}s/{_quote(whole)}"
            return 200, self.session(sid, notice)
        if route == "injections":
            before = _int(query.get("before"), 0) or None
            entries = self.call("injections", {"limit": PAGE, "before": before, "with_context": False})["entries"]
            older = entries[-1]["seq"] if len(entries) == PAGE else None
            return 200, pages.injections(self.base, entries, older=older)
        if route == "projects":
            return 200, pages.projects(self.base, self.token, self.call("projects")["items"], notice=notice)
        if route == "status":
            return 200, pages.status(self.base, self.call("status"), self.call("config"))
        raise NotFound(f"no page {route!r}")

    def memories(self, query: dict[str, str], notice: str) -> str:
        projects = self.call("projects")["items"]
        scope = query.get("project") or None
        kinds = [query["kind"]] if query.get("kind") else None
        since = None
        if query.get("since"):
            from mnemon.cli import parse_when

            since = parse_when(query["since"], "since")
        session = whole_session(self.call, query["session"].strip()) if query.get("session", "").strip() else None
        if query.get("q", "").strip():
            # the listing's filters hold for a search too: time in the recall itself, the rest on its results
            narrow = bool(session or query.get("flagged") or query.get("pinned"))
            result = self.call("recall", {"query": query["q"], "limit": 200 if narrow else 30,
                                          "scopes": [scope] if scope else None, "categories": kinds, "since": since,
                                          "touch": False})
            if narrow:
                hits = [h for h in result.get("results") or []
                        if (not session or h["insight"].get("session_id") == session)
                        and (not query.get("flagged") or h["insight"].get("flags"))
                        and (not query.get("pinned") or h["insight"].get("pinned"))]
                result = {**result, "results": hits[:30]}
            return pages.search(self.base, query, result, projects)
        page = self.call("list", {"scopes": [scope] if scope else None, "session_id": session,
                                  "categories": kinds, "since": since,
                                  "flagged": True if query.get("flagged") else None,
                                  "pinned": True if query.get("pinned") else None,
                                  "include_deleted": bool(query.get("deleted")),
                                  "offset": (max(_int(query.get("page"), 1), 1) - 1) * PAGE, "limit": PAGE})
        return pages.memories(self.base, self.token, query, page, projects, notice=notice)

    def memory(self, key: str, notice: str) -> str:
        d = self.call("show", {"id": key})
        edges = sorted(d.get("edges") or [], key=lambda edge: -float(edge["weight"]))
        links: dict[str, list[tuple[str, float, str]]] = {}
        for edge in edges:
            out = edge["source_id"] == d["id"]
            other = edge["target_id"] if out else edge["source_id"]
            if other not in links and len(links) >= MAX_NEIGHBOURS:
                continue
            directed = edge["type"] in DIRECTED_EDGES
            links.setdefault(other, []).append(
                (edge["type"], float(edge["weight"]), ("out" if out else "in") if directed else "both"))
        found = {item["id"]: item for item in self.call(
            "list", {"ids": list(links), "include_deleted": True, "limit": MAX_NEIGHBOURS})["items"]} if links else {}
        neighbours = [(found[other], kinds) for other, kinds in links.items() if other in found]
        try:
            around = self.call("timeline", {"id": d["id"], "before": 3, "after": 3})
        except MnemonError:
            around = None
        meta = d.get("metadata") or {}
        source = transcript_excerpt(meta.get("transcript"), meta.get("line"))
        scopes = [str(p["scope"]) for p in self.call("projects")["items"]]
        return pages.memory(self.base, self.token, d, neighbours=neighbours, around=around, source=source,
                            scopes=scopes, notice=notice)

    def session(self, sid: str, notice: str) -> str:
        page = self.call("list", {"session_id": sid, "limit": 1000})
        logged = self.call("injections", {"session_id": sid, "limit": SESSION_LOG})
        if not page["total"] and not logged["entries"] and not logged.get("muted"):
            raise NotFound(f"no session {sid!r}: nothing captured or injected under that id (see Sessions)")
        return pages.session(self.base, self.token, sid, page, logged["entries"], bool(logged.get("muted")),
                             notice=notice)

    # -- actions -----------------------------------------------------------------------------
    def act(self, route: str, form: dict[str, list[str]]) -> tuple[int, str, str | None]:
        """(status, body, redirect location) for a POST."""
        one = {k: v[-1] for k, v in form.items() if v}
        if route == "forget":
            ids = [i for i in form.get("ids", []) if i]
            args: dict[str, Any]
            if ids:
                what, args = "your selection", {"ids": ids}
            elif one.get("session_id"):
                what, args = f"session {one['session_id']}", {"session_id": one["session_id"]}
            elif one.get("scope"):
                what, args = f"project {one['scope']}", {"scope": one["scope"]}
            else:
                raise InvalidInput("nothing selected to forget: tick memories first")
            if one.get("confirm") == "1":
                done = self.call("forget_many", {**args, "expect": _required(one, "expect")})
                return 303, "", f"{self.base}?done=forgot&n={done['count']}"
            preview = self.call("forget_many", {**args, "dry_run": True})
            if not preview["count"]:
                raise NotFound(f"no memory of {what} to forget")
            return 200, pages.confirm_forget(self.base, self.token, what, args, preview), None
        if route == "restore":
            shown = self.call("restore", {"ids": [_required(one, "ids")]})["items"][0]
            return 303, "", f"{self.base}m/{shown['id']}?done=restored"
        if route == "pin":
            on = one.get("on") == "1"
            shown = self.call("pin", {"id": _required(one, "id"), "on": on})
            return 303, "", f"{self.base}m/{shown['id']}?done={'pinned' if on else 'unpinned'}"
        if route == "scope":
            shown = self.call("scope", {"id": _required(one, "id"), "scope": _required(one, "scope")})
            return 303, "", f"{self.base}m/{shown['id']}?done=scoped"
        if route == "mute":
            on = one.get("on") == "1"
            target = _required(one, "target")
            done = "muted" if on else "unmuted"
            if target == "session":
                sid = known_session(self.call, _required(one, "session_id"))
                self.call("mute", {"target": "session", "session_id": sid, "on": on})
                return 303, "", f"{self.base}s/{_quote(sid)}?done={done}"
            scope = _required(one, "scope")
            if on and scope not in {str(p["scope"]) for p in self.call("projects")["items"]}:
                raise NotFound(f"no project {scope!r}: nothing of it is stored (see Projects); nothing was muted")
            self.call("mute", {"target": "project", "scope": scope, "on": on})
            return 303, "", f"{self.base}projects?done={done}"
        raise NotFound(f"no action {route!r}")


def transcript_excerpt(path: object, line: object, limit: int = 4000) -> dict[str, str] | None:
    """The transcript line a memory was captured from, as role and text, with private spans
    and secrets removed like everything Mnemon shows (None when it cannot be read)."""
    if not isinstance(path, str) or not isinstance(line, int) or isinstance(line, bool) or line < 1:
        return None
    try:
        with open(path, "rb") as handle:
            found = next((text for number, text in enumerate(handle, 1) if number == line), None)
        if found is None:
            return None
        entry = json.loads(found[:MAX_SOURCE_LINE])
    except (OSError, ValueError):
        return None
    if not isinstance(entry, dict):
        return None
    raw_message = entry.get("message")
    message: dict[str, Any] = raw_message if isinstance(raw_message, dict) else {}
    from mnemon.claude.transcript import content_blocks
    from mnemon.safety.redact import redact

    parts: list[str] = []
    for block in content_blocks(message):
        if block.get("type") == "text":
            parts.append(str(block.get("text", "")))
        elif block.get("type") == "tool_use":
            parts.append(f"[tool {block.get('name')}]")
    text = redact("\n".join(p for p in parts if p))[0].strip()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return {"role": str(message.get("role") or entry.get("type") or ""), "text": text}


def _notice(query: dict[str, str]) -> str:
    template = DONE.get(query.get("done", ""))
    return template.format(memories=pages.memories_n(_int(query.get("n"), 0))) if template else ""


def _int(value: str | None, default: int) -> int:
    try:
        return int(value) if value not in (None, "") else default
    except ValueError:
        raise InvalidInput(f"{value!r} is not a number") from None


def _required(form: dict[str, str], name: str) -> str:
    value = form.get(name, "").strip()
    if not value:
        raise InvalidInput(f"the form is missing {name!r}")
    return value


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


_STATUS = ((InvalidInput, 400), (NotFound, 404), (DaemonError, 503), (MnemonError, 500))


class _Handler(BaseHTTPRequestHandler):
    """The viewer's HTTP handler: the token and Host gate, then a page (GET) or an action (POST, same-origin
    forms only). :func:`_handler` binds it to one :class:`Viewer`."""

    server_version = "mnemon-viewer"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    viewer: Viewer

    def _hosts(self) -> set[str]:  # the port is known once the socket is bound
        return {f"{HOST}:{self.viewer.port}", f"localhost:{self.viewer.port}"}

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the stdlib's name
        log.debug("%s " + format, self.address_string(), *args)

    # -- the gate --------------------------------------------------------------------
    def _route(self) -> str | None:
        """The path after the token, or None when the request may not pass (403 sent)."""
        path = urlsplit(self.path).path
        first, _, rest = path.lstrip("/").partition("/")
        allowed = (hmac.compare_digest(first.encode(), self.viewer.token.encode())
                   and self.headers.get("Host", "") in self._hosts())
        if not allowed:
            self._send(403, b"forbidden\n", "text/plain; charset=utf-8")
            return None
        if not path.startswith(self.viewer.base):
            self._redirect(self.viewer.base)
            return None
        return rest

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        route = self._route()
        if route is None:
            return
        if route == "static/viewer.css":
            self._send(200, self.viewer.css, "text/css; charset=utf-8")
            return
        query = {k: v[-1] for k, v in parse_qs(urlsplit(self.path).query).items()}
        self._answer(lambda: self.viewer.page(route.rstrip("/") if route != "" else "", query))

    def do_POST(self) -> None:  # noqa: N802
        route = self._route()
        if route is None:
            return
        origin = self.headers.get("Origin")
        site = self.headers.get("Sec-Fetch-Site")
        # with no-referrer, browsers send "Origin: null" on a form POST; Sec-Fetch-Site still
        # tells a same-origin form from another site's
        foreign = (origin is not None and origin not in {f"http://{h}" for h in self._hosts()}
                   and not (origin == "null" and site == "same-origin"))
        if foreign or site not in (None, "same-origin", "none"):
            self._send(403, b"cross-site request refused\n", "text/plain; charset=utf-8")
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_FORM:
            self._send(413, b"a form of at most 512 KiB, with a valid Content-Length\n", "text/plain; charset=utf-8")
            return
        form = parse_qs(self.rfile.read(length).decode("utf-8", "replace"), keep_blank_values=True)
        sent = (form.get("token") or [""])[-1]
        if not hmac.compare_digest(sent.encode(), self.viewer.token.encode()):
            self._send(403, b"forbidden\n", "text/plain; charset=utf-8")
            return
        self._answer(lambda: self.viewer.act(route.rstrip("/"), form))

    def _refuse(self) -> None:
        if self._route() is not None:
            self._send(405, b"method not allowed\n", "text/plain; charset=utf-8", allow="GET, POST")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = _refuse  # noqa: N815

    # -- answers ---------------------------------------------------------------------
    def _answer(self, produce: Any) -> None:
        try:
            result = produce()
        except MnemonError as err:
            code = next(c for cls, c in _STATUS if isinstance(err, cls))
            self._send(code, pages.error(self.viewer.base, code, err.message).encode(), "text/html; charset=utf-8")
            return
        except Exception as err:  # a page that fails must not take the viewer down: say so, log it
            log.exception("viewer page failed")
            self._send(500, pages.error(self.viewer.base, 500, f"internal error: {err}").encode(),
                       "text/html; charset=utf-8")
            return
        if isinstance(result, tuple) and result[0] == 303:
            self._redirect(result[-1])
            return
        code, body = result[0], result[1]
        self._send(code, body.encode(), "text/html; charset=utf-8")

    def _redirect(self, location: str) -> None:
        self._send(303, b"", "text/plain; charset=utf-8", location=location)

    def _send(self, code: int, body: bytes, ctype: str, **extra: str) -> None:
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        for key, value in extra.items():
            self.send_header(key.capitalize(), value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def _handler(viewer: Viewer) -> type[BaseHTTPRequestHandler]:
    """A handler class bound to ``viewer`` (``http.server`` builds one handler per request from a class)."""
    return type("Handler", (_Handler,), {"viewer": viewer})


def main(paths: Paths | None = None, *, port: int = 0, open_browser: bool = True) -> int:
    """Serve until interrupted; prints the URL (with its token) first."""
    import sys

    try:
        viewer = Viewer(paths, port=port)
    except OSError as err:  # a port the user chose is taken: say which, and what to do
        if not port:
            raise
        raise InvalidInput(f"cannot listen on {HOST}:{port} ({err.strerror or err}); choose another --port, "
                           "or leave --port out for a free one") from None
    try:
        viewer.call("ping")  # start the daemon now, not on the first page
        print(viewer.url, flush=True)
        print("Mnemon's viewer is running at the address above (this machine only); Ctrl-C stops it.",
              file=sys.stderr, flush=True)
        if open_browser:
            import webbrowser

            webbrowser.open(viewer.url)
        viewer.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        viewer.close()
    return 0

