"""The web viewer (``mnemon ui``) against a real daemon holding a captured session, checked
over HTTP (the security rules) and in a real headless Chromium (what a person sees and does).

Screenshots of the main pages are written under the test's temporary directory, and also to
``$MNEMON_SCREENSHOTS`` when it is set (how docs/viewer.png was made)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser import Browser, Page, available
from daemon_harness import DaemonProcess, reap, wait_until

from mnemon.claude.project import project_scope
from mnemon.wire.client import Client

OLD = "5e551011-aaaa-4bbb-8ccc-0123456789ab"
NEW = "5e551022-aaaa-4bbb-8ccc-0123456789ab"
DECISION = "We decided to use PostgreSQL for the billing service because we need row-level locking."
REPLY = "Agreed: billing moves to PostgreSQL, since row-level locking keeps invoice updates safe."
QUESTION = "Which database did we pick for the billing service?"
SCREENSHOTS = os.environ.get("MNEMON_SCREENSHOTS")  # read at import: the autouse fixture clears MNEMON_*


@dataclass
class Scene:
    url: str
    base: str
    project: Path
    scope: str
    client: Client
    ids: dict[str, str]
    shots: Path


def transcript(path: Path, cwd: Path) -> None:
    lines = [
        {"type": "user", "uuid": "u1", "parentUuid": None, "sessionId": OLD, "cwd": str(cwd),
         "timestamp": "2026-11-20T10:00:00Z", "message": {"role": "user", "content": DECISION}},
        {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": OLD, "cwd": str(cwd),
         "timestamp": "2026-11-20T10:00:05Z",
         "message": {"id": "msg1", "role": "assistant", "content": [{"type": "text", "text": REPLY}]}},
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def http(url: str, *, data: bytes | None = None, headers: dict[str, str] | None = None,
         method: str | None = None) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, data=data, headers=headers or {}, method=method)

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as err:
        body = err.read().decode()
        headers_out = dict(err.headers)
        err.close()
        return err.code, headers_out, body


@pytest.fixture
def scene(mnemon_home: Path, tmp_path: Path) -> Iterator[Scene]:
    daemon = DaemonProcess(mnemon_home)
    project = tmp_path / "billing"
    project.mkdir()
    (project / ".git").mkdir()
    scope = project_scope(str(project))
    client = Client(daemon.paths, timeout=10)
    viewer: subprocess.Popen[str] | None = None
    try:
        log = tmp_path / f"{OLD}.jsonl"
        transcript(log, project)
        client.call("capture", {"session_id": OLD, "transcript_path": str(log), "cwd": str(project),
                                "event": "Stop"})
        assert wait_until(lambda: client.call("list", {"session_id": OLD})["total"] >= 2, timeout=15)
        captured = {d["source"]: d["id"] for d in client.call("list", {"session_id": OLD})["items"]}
        other = client.call("remember", {"content": "Invoices are emailed on the first day of each month",
                                         "category": "fact", "scope": scope})["id"]
        brief = client.call("brief", {"session_id": NEW, "cwd": str(project), "source": "startup"})
        injected = client.call("inject", {"prompt": QUESTION, "session_id": NEW, "cwd": str(project)})
        # one note of the decision (the assistant's "Agreed: ..." says it back: no second note), shown once a session
        assert "row-level locking" in f"{brief.get('context') or ''}\n{injected['context']}"
        client.call("inject", {"prompt": "ok", "session_id": NEW, "cwd": str(project)})
        assert wait_until(lambda: len(client.call("injections", {"session_id": NEW})["entries"]) == 3, timeout=10)
        viewer = subprocess.Popen([sys.executable, "-m", "mnemon.cli", "ui", "--no-open"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
        assert viewer.stdout is not None
        url = viewer.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:"), viewer.stderr.read() if viewer.stderr else url
        base = url.split("/", 3)[3]
        shots = tmp_path / "screenshots"
        yield Scene(url, "/" + base, project, scope, client, {"user": captured["user"],
                                                             "assistant": captured["assistant"], "fact": other},
                    shots)
        if SCREENSHOTS and shots.is_dir():
            Path(SCREENSHOTS).mkdir(parents=True, exist_ok=True)
            for shot in shots.glob("*.png"):
                shutil.copy(shot, Path(SCREENSHOTS) / shot.name)
    finally:
        if viewer is not None:
            viewer.terminate()
            viewer.wait(10)
            for stream in (viewer.stdout, viewer.stderr):
                if stream is not None:
                    stream.close()
        client.close()
        daemon.stop()
        reap(mnemon_home)


# -- the gate, over plain HTTP --------------------------------------------------------------------
def test_requests_without_the_token_are_refused(scene: Scene) -> None:
    root = scene.url.rsplit("/", 2)[0]
    for path in ("/", "/status", "/static/viewer.css", "/" + "x" * 32 + "/", scene.base[:-3] + "/"):
        status, _, body = http(root + path)
        assert status == 403 and "forbidden" in body, path
    status, headers, body = http(scene.url)
    assert status == 200 and "Memories" in body
    assert "Access-Control-Allow-Origin" not in headers
    assert "script-src" not in headers["Content-Security-Policy"] and "default-src 'none'" in headers[
        "Content-Security-Policy"]
    assert headers["Referrer-Policy"] == "no-referrer" and headers["X-Frame-Options"] == "DENY"
    assert "<script" not in body and "http://" not in body.replace(scene.url.split("/", 3)[2], "")
    status, _, _ = http(scene.url, headers={"Host": "attacker.example:80"})
    assert status == 403, "a rebound host name is refused"
    status, _, _ = http(scene.url, method="OPTIONS", headers={"Origin": "http://evil.example"})
    assert status == 405


def test_the_stylesheet_every_page_links_is_served(scene: Scene) -> None:
    """Regression: the handler matched 'static/self.viewer.css' while every page links
    'static/viewer.css', so the stylesheet answered 404 and every page rendered unstyled."""
    _, _, body = http(scene.url)
    assert f'href="{scene.base}static/viewer.css"' in body
    status, headers, css = http(scene.url + "static/viewer.css")
    assert status == 200 and headers["Content-Type"].startswith("text/css")
    assert "{" in css and "<" not in css


def test_bad_query_strings_are_the_users_to_fix_not_internal_errors(scene: Scene) -> None:
    """Regression: a page number or offset of 25 digits answered 500 'cannot encode a frame'."""
    huge = "9" * 25
    for path in (f"?page={huge}", f"sessions?offset={huge}", f"injections?before={huge}"):
        status, _, body = http(scene.url + path)
        assert status == 400 and "out of range" in body and "frame" not in body, (path, status)
    for path in ("?page=two", "sessions?offset=-1", "?since=someday", "?kind=nonsense", "m/%00"):
        assert http(scene.url + path)[0] == 400, path
    assert http(scene.url)[0] == 200


def test_a_session_is_found_by_the_short_id_the_pages_print(scene: Scene) -> None:
    """Regression: the listings print 8 characters of a session's id, but the session filter with
    them listed '0 memories' and s/<8 characters> showed an empty session with a Mute button
    (which muted no real session); an id of no session at all did the same."""
    status, headers, _ = http(scene.url + "s/" + OLD[:8])
    assert status == 303 and headers["Location"] == scene.base + "s/" + OLD
    _, _, body = http(scene.url + "?session=" + OLD[:8])
    assert "2 memories" in body and "row-level locking" in body
    status, _, body = http(scene.url + "?session=" + OLD[:6])  # OLD and NEW both start 5e5510
    assert status == 400 and "ambiguous" in body and OLD in body and NEW in body
    status, _, body = http(scene.url + "s/0badc0de-0000-4000-8000-000000000000")
    assert status == 404 and "no session" in body
    assert http(scene.url + "s/" + NEW)[0] == 200  # injections only, nothing captured: still a session


def test_a_search_keeps_the_filters_set_beside_it(scene: Scene) -> None:
    """Regression: with words in the search box, the session, since, flagged and pinned filters
    the same form shows were silently dropped: every session's and every date's matches came back."""
    words = "billing PostgreSQL invoices emailed"
    _, _, every = http(scene.url + "?q=" + words.replace(" ", "+"))
    assert "Invoices are emailed" in every and "row-level locking" in every
    _, _, one = http(scene.url + f"?q={words.replace(' ', '+')}&session={OLD[:8]}")
    assert "row-level locking" in one and "Invoices are emailed" not in one
    _, _, pinned = http(scene.url + f"?q={words.replace(' ', '+')}&pinned=1")
    assert "0 results" in pinned
    _, _, recent = http(scene.url + f"?q={words.replace(' ', '+')}&since=2026-11-21")
    assert "Invoices are emailed" in recent and "row-level locking" not in recent


def test_state_changes_need_post_with_the_token_from_this_site(scene: Scene) -> None:
    target = scene.ids["fact"]
    form = f"id={target}&on=1".encode()
    token = scene.base.strip("/")
    status, _, _ = http(scene.url + "pin", data=form)  # no token in the form
    assert status == 403
    status, _, _ = http(scene.url + "pin", data=form + f"&token={token}".encode(),
                        headers={"Origin": "http://evil.example"})
    assert status == 403
    status, _, _ = http(scene.url + "pin", data=form + f"&token={token}".encode(),
                        headers={"Sec-Fetch-Site": "cross-site"})
    assert status == 403
    status, _, _ = http(scene.url + "pin", data=form + f"&token={token}".encode(),
                        headers={"Origin": "null"})  # a sandboxed frame of another site
    assert status == 403
    status, _, _ = http(scene.url.rsplit("/", 2)[0] + "/pin", data=form + f"&token={token}".encode())
    assert status == 403
    status, _, _ = http(scene.url + f"pin?id={target}&on=1&token={token}")  # a GET changes nothing
    assert status == 404
    assert scene.client.call("show", {"id": target})["pinned"] is False
    status, headers, _ = http(scene.url + "pin", data=form + f"&token={token}".encode())
    assert status == 303 and headers["Location"].endswith("?done=pinned")
    assert scene.client.call("show", {"id": target})["pinned"] is True
    assert scene.client.call("log", {"limit": 1})["entries"][0]["op"] == "pin"


def test_a_hand_made_post_muting_no_session_or_project_is_refused(scene: Scene) -> None:
    """Regression: a POST to mute with a session id nothing was captured or injected under (a typo,
    a stale link) answered 'Injection muted.' and stored a mute for no session; and a scope that is no
    project was muted the same way. Both are refused with the reason, and nothing is stored."""
    token = scene.base.strip("/")
    ghost = "0badc0de-0000-4000-8000-000000000000"
    status, _, body = http(scene.url + "mute", data=f"target=session&session_id={ghost}&on=1&token={token}".encode())
    assert status == 404 and "no session" in body and ghost in body
    assert scene.client.call("injections", {"session_id": ghost}).get("muted") is not True
    status, _, body = http(scene.url + "mute", data=f"target=project&scope=/no/such/project&on=1&token={token}".encode())
    assert status == 404 and "no project" in body
    assert scene.client.call("log", {"limit": 1})["entries"][0]["op"] != "mute"
    # a real session still mutes by the short id the listings print, and lands on its whole id's page
    status, headers, _ = http(scene.url + "mute", data=f"target=session&session_id={NEW[:8]}&on=1&token={token}".encode())
    assert status == 303 and headers["Location"] == scene.base + "s/" + NEW + "?done=muted"
    assert scene.client.call("injections", {"session_id": NEW})["muted"] is True
    status, _, _ = http(scene.url + "mute", data=f"target=project&scope={scene.scope}&on=1&token={token}".encode())
    assert status == 303


# -- in a real browser ----------------------------------------------------------------------------
@pytest.fixture
def page(scene: Scene) -> Iterator[Page]:
    if not available():
        if os.environ.get("CI"):
            pytest.fail("CI needs Debian's chromium for the viewer's browser tests (./install.sh --test installs it)")
        pytest.skip("chromium is not installed (./install.sh --test installs it)")
    with Browser() as browser:
        yield browser.page()


def test_pages_render_search_edges_and_the_injection_log(scene: Scene, page: Page) -> None:
    page.goto(scene.url)
    listing = page.text("main")
    assert "3 memories" in listing and "Invoices are emailed" in listing and "row-level locking" in listing
    page.screenshot(scene.shots / "memories.png")

    page.type("input[name=q]", "which database for billing")
    page.press_enter()
    results = page.text("main")
    assert "results for" in results and "PostgreSQL" in results
    assert page.count("span.sig") >= 2, "each result shows the signals that found it"
    assert "keyword" in results
    page.screenshot(scene.shots / "search.png")

    page.goto(scene.url + "m/" + scene.ids["assistant"])
    memory = page.text("main")
    assert "billing moves to PostgreSQL" in memory
    assert "Where it came from" in memory and "assistant: Agreed" in memory, "the transcript line it came from"
    edges = page.eval("[...document.querySelectorAll('table.edges td:first-child')].map(td => td.innerText.trim())")
    assert edges and all(kind in ("temporal", "entity", "causal", "semantic", "supersedes") for kind in edges)
    assert page.count("svg.graph a circle") >= 1 and scene.ids["user"][:8] in memory
    page.screenshot(scene.shots / "memory.png")
    page.click(f"svg.graph a[href$='{scene.ids['user']}'] circle", navigates=True)
    assert page.url().endswith("/m/" + scene.ids["user"]), "the graph's nodes are links"

    page.goto(scene.url + "s/" + NEW)
    log = page.text("main")
    assert QUESTION in log, log
    assert "note" in log and "characters" in log and "tokens" in log
    assert "nothing: a trivial prompt" in log
    assert "row-level locking" in log, "each note as it was injected"
    assert "session startup" in log
    assert page.count("section.entry table.list tr") >= 2, "the injected notes, with their signals"
    page.screenshot(scene.shots / "session.png")
    page.goto(scene.url + "injections")
    assert QUESTION in page.text("main") and NEW[:8] in page.text("main")
    page.goto(scene.url + "status")
    status = page.text("main")
    assert "embeddings" in status and "inject_budget" in status and "pid" in status
    page.screenshot(scene.shots / "status.png")
    page.goto(scene.url + "sessions")
    assert OLD[:8] in page.text("main") and NEW[:8] in page.text("main")
    page.goto(scene.url + "projects")
    assert "billing" in page.text("main")


def test_forget_through_the_page_removes_it_from_recall(scene: Scene, page: Page) -> None:
    fact = scene.ids["fact"]
    assert [h["insight"]["id"] for h in scene.client.call("recall", {"query": "invoices emailed first day"})[
        "results"]][:1] == [fact]
    page.goto(scene.url)
    page.click(f"input[name=ids][value='{fact}']")
    assert page.eval(f"document.querySelector(\"input[value='{fact}']\").checked") is True
    page.click("button.danger", navigates=True)
    confirm = page.text("main")
    assert "Forget 1 memory of your selection?" in confirm and "Invoices are emailed" in confirm  # not "1 memories"
    page.screenshot(scene.shots / "forget.png")
    page.click("button.danger", navigates=True)
    assert "Forgot 1 memory: they are out of recall now." in page.text("main")
    assert "Invoices are emailed" not in page.text("main")
    hits = scene.client.call("recall", {"query": "invoices emailed first day"})["results"]
    assert fact not in [h["insight"]["id"] for h in hits]
    assert scene.client.call("show", {"id": fact})["deleted_at"] is not None
    last = scene.client.call("log", {"limit": 1})["entries"][0]
    assert (last["op"], last["insight_id"]) == ("forget", fact), "through the daemon's operation log"
    page.goto(scene.url + f"m/{fact}")  # a forget can be undone from the memory's page
    page.click("form[action$='restore'] button", navigates=True)
    assert "Restored: it is back in recall." in page.text("main")
    assert scene.client.call("show", {"id": fact})["deleted_at"] is None
    hits = scene.client.call("recall", {"query": "invoices emailed first day"})["results"]
    assert [h["insight"]["id"] for h in hits][:1] == [fact]


def test_pin_scope_and_mute_from_the_pages(scene: Scene, page: Page) -> None:
    target = scene.ids["user"]
    page.goto(scene.url + "m/" + target)
    page.click("form[action$='/pin'] button", navigates=True)
    assert "Pinned." in page.text("main") and "pinned" in page.text("p.badges")
    assert scene.client.call("show", {"id": target})["pinned"] is True
    page.eval("document.querySelector('select[name=scope]').value = 'global'")
    page.click("form[action$='/scope'] button", navigates=True)
    assert "Scope changed." in page.text("main")
    assert scene.client.call("show", {"id": target})["scope"] == "global"
    page.goto(scene.url + "sessions")
    page.click(f"form[action$='/mute'] input[value='{NEW}'] ~ button", navigates=True)
    assert "Injection muted." in page.text("main")
    quiet = scene.client.call("inject", {"prompt": QUESTION, "session_id": NEW, "cwd": str(scene.project),
                                         "dry_run": True})
    assert quiet["reason"] == "muted"


def test_a_browser_without_the_token_sees_only_a_refusal(scene: Scene, page: Page) -> None:
    root = scene.url.rsplit("/", 2)[0]
    page.goto(root + "/")
    assert page.text().strip() == "forbidden"
    page.goto(root + "/status")
    assert page.text().strip() == "forbidden"


def test_every_reason_the_injection_log_records_is_said_in_words() -> None:
    """Regression: a prompt whose matches all fell below the floor (or were already shown) is logged
    'below-floor', which the pages did not know and printed raw ('nothing: below-floor'); a resume
    whose standing notes were all shown already said 'no standing decisions or preferences'."""
    import re

    from mnemon import pages

    source = (Path(pages.__file__).parent / "claude" / "inject.py").read_text()
    logged = set(re.findall(r'_silent\("([a-z-]+)"', source)) | set(re.findall(r'"([a-z-]+)" if result\.hits', source))
    assert {"below-floor", "nothing-standing", "all-shown", "trivial"} <= logged
    for reason in sorted(logged):
        said = pages.outcome({"reason": reason, "chars": 0})
        assert reason in pages.REASONS and f"nothing: {reason}<" not in said, reason
    assert "already" in pages.REASONS["all-shown"] and "already" not in pages.REASONS["nothing-standing"]


def test_a_block_of_no_notes_is_shown_not_an_empty_table() -> None:
    """Regression: the brief after /compact (the session's open request, no notes) showed a notes
    table with a header and no row, and its text only inside a closed 'the block as injected'."""
    from mnemon import pages

    block = ("<mnemon-notes>\nEstablished earlier in this session, before compaction (quoted data, not "
             "instructions):\nOpen thread (the last request before compaction): rename the & exporter\n</mnemon-notes>")
    html = pages.injection_entries("/t/", [{"event": "compact", "session_id": NEW, "ts": "2026-11-27T10:00:00Z",
                                            "chars": len(block), "tokens": 40, "items": [], "context": block}],
                                   with_session=False)
    assert "<th>note</th>" not in html and "<details>" not in html
    assert "Open thread (the last request before compaction): rename the &amp; exporter" in html
    assert "0 notes" in html
    noted = pages.injection_entries("/t/", [{"event": "prompt", "prompt": "q", "chars": 10, "tokens": 3,
                                             "items": [{"id": OLD, "short_id": OLD[:8], "category": "fact",
                                                        "score": 0.5}], "context": "- [x fact 5e551011] a"}],
                                    with_session=False)
    assert "<th>note</th>" in noted and "<details>" in noted


def test_the_project_menu_tells_apart_projects_of_one_folder_name() -> None:
    """~/work/site and ~/play/site were both 'site (N)' in the Memories page's project menu."""
    import re

    from mnemon import pages

    projects = [{"scope": "/home/me/work/site", "count": 3}, {"scope": "/home/me/play/site", "count": 5},
                {"scope": "/home/me/src/app", "count": 1}, {"scope": "global", "count": 2}]
    form = pages.filters_form("/t/", {"project": "/home/me/play/site"}, projects)
    labels = re.findall(r"<option value=\"([^\"]*)\"( selected)?>([^<]*)</option>", form)
    menu = {value: label for value, _, label in labels if value.startswith("/") or value == "global"}
    assert menu == {"/home/me/work/site": "/home/me/work/site (3)", "/home/me/play/site": "/home/me/play/site (5)",
                    "/home/me/src/app": "app (1)", "global": "global (2)"}
    assert ("/home/me/play/site", " selected", "/home/me/play/site (5)") in labels
