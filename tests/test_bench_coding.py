"""The coding-memory benchmark: its corpus, its scoring and one small run through the real CLI.

The generator must write transcripts the capture path reads the way it reads Claude Code's own
(compared line by line with a transcript the real CLI wrote, ``claude_code_2.1.332_headless.jsonl``),
every planted value must survive capture, the validator must catch a value that leaks into filler,
and the scorer must count what it claims to.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.coding import corpus as corpus_mod
from bench.coding import runner, unplanted
from bench.coding.baselines import BM25Baseline, Doc, captured_docs, pack
from bench.coding.cases import Ask, SplitBuilder, said
from bench.coding.model import KINDS, SPLITS, Probe
from bench.coding.projects import PROJECTS
from bench.coding.score import judge, percentile, summarise
from bench.coding.transcripts import transcript_dir
from mnemon.claude.capture import capture_transcript
from mnemon.claude.project import clear_cache, project_scope
from mnemon.claude.transcript import Cursor, parse_turns, read_chunk
from mnemon.config import Config, load
from mnemon.engine.memory import Memory

ROOT = Path(__file__).resolve().parents[1]
REAL = ROOT / "tests" / "data" / "transcripts" / "claude_code_2.1.332_headless.jsonl"
ANCHOR = dt.date(2026, 6, 1)
SMALL = ("tillpoint", "stockroom", "routewise", "cadence-ios")
ENVELOPE = ("uuid", "parentUuid", "sessionId", "timestamp", "cwd", "version", "gitBranch", "isSidechain", "userType")


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[corpus_mod.Corpus]:
    root = tmp_path_factory.mktemp("corpus")
    clear_cache()
    yield corpus_mod.generate(root, anchor=ANCHOR, projects=SMALL, sessions=5, fillers=(2, 4))
    clear_cache()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _kind(line: dict[str, Any]) -> str:
    kind = str(line.get("type"))
    if kind == "attachment":
        return f"attachment:{line['attachment'].get('type')}"
    if kind == "system":
        return f"system:{line.get('subtype')}"
    if kind == "user":
        content = line["message"]["content"]
        results = isinstance(content, list) and any(b.get("type") == "tool_result" for b in content)
        return "user:result" if results else "user:prompt"
    return kind


# -- the corpus ---------------------------------------------------------------------------------------


def test_small_corpus_is_sound_and_in_claude_codes_layout(small: corpus_mod.Corpus) -> None:
    assert corpus_mod.validate(small) == []
    stats = small.stats()
    assert stats["projects"] == len(SMALL) and stats["sessions"] == 5 * len(SMALL)
    for session in small.sessions:
        assert session.path.parent == transcript_dir(small.transcripts, session.cwd)
        assert session.path.name == f"{session.session_id}.jsonl"
        repo = small.repos[session.project]
        assert (repo / ".git").is_dir()
        assert project_scope(session.cwd) == str(repo)  # sessions in subdirectories map back to the repository
    assert any(s.cwd != str(small.repos[s.project]) for s in small.sessions)
    sidechains = list(small.transcripts.rglob("subagents/agent-*.jsonl"))
    for side in sidechains:
        assert all(line["isSidechain"] is True for line in _lines(side))


def test_lines_carry_the_envelope_and_the_shapes_claude_code_writes(small: corpus_mod.Corpus) -> None:
    kinds: set[str] = set()
    for session in small.sessions:
        lines = _lines(session.path)
        pending: dict[str, str] = {}
        messages: dict[str, int] = {}
        for line in lines:
            kind = _kind(line)
            kinds.add(kind)
            if kind in ("user:prompt", "user:result", "assistant") or kind.startswith(("system:", "attachment:")):
                missing = [k for k in ENVELOPE if k not in line]
                assert not missing, f"{kind} line lacks {missing}"
                assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["timestamp"])
                assert line["sessionId"] == session.session_id and line["cwd"] == session.cwd
            if kind == "assistant":
                content = line["message"]["content"]
                assert len(content) == 1, "one content block per assistant line"
                messages[line["message"]["id"]] = messages.get(line["message"]["id"], 0) + 1
                if content[0]["type"] == "tool_use":
                    pending[content[0]["id"]] = content[0]["name"]
            if kind == "user:result":
                for block in line["message"]["content"]:
                    assert pending.pop(block["tool_use_id"], None) is not None, "a tool_result without its tool_use"
        assert not pending, f"tool calls without a result: {pending}"
        assert max(messages.values()) > 1, "some API messages span several lines"
    for expected in ("queue-operation", "last-prompt", "cost-state", "user:prompt", "user:result", "assistant",
                     "system:stop_hook_summary", "attachment:hook_additional_context", "attachment:environment"):
        assert expected in kinds, expected


def test_new_style_lines_carry_every_key_the_real_cli_wrote(small: corpus_mod.Corpus) -> None:
    real: dict[str, set[str]] = {}
    for line in _lines(REAL):
        real.setdefault(_kind(line), set()).update(line)
    headless_only = {"promptSource", "rowSource", "turnOrigin", "sentAtMs"}  # `claude -p` marks its own prompts
    ours: dict[str, set[str]] = {}
    for session in small.sessions:
        lines = _lines(session.path)
        if not any(ln.get("type") == "api-request" for ln in lines):
            continue  # an older CLI version: the pre-2.1.300 shapes
        for line in lines:
            ours.setdefault(_kind(line), set()).update(line)
    assert ours, "the small corpus has sessions in the newer format"
    for kind in ("user:prompt", "assistant", "attachment:hook_additional_context", "attachment:environment",
                 "attachment:date", "system:stop_hook_summary", "last-prompt", "queue-operation", "cost-state"):
        missing = real[kind] - ours.get(kind, set()) - headless_only
        assert not missing, f"{kind}: the real CLI writes {sorted(missing)} and the generator does not"


def test_the_capture_path_reads_the_generators_turns(small: corpus_mod.Corpus) -> None:
    for session in small.sessions:
        chunk = read_chunk(str(session.path), Cursor())
        assert chunk.eof and chunk.bad_lines == 0
        turns = parse_turns(chunk.records, cwd=session.cwd)
        assert [t.prompt for t in turns] == [t.prompt for t in session.turns]
        for mine, theirs in zip(session.turns, turns, strict=True):
            assert mine.reply == theirs.text
    docs = captured_docs(small)  # what the BM25 baselines index: the same captured turns
    assert [d.text for d in docs] == [text for s in small.sessions for t in s.turns for text in (t.prompt, t.reply)
                                      if text.strip()]


def test_capture_stores_every_planted_value_and_none_of_the_noise(small: corpus_mod.Corpus, tmp_path: Path) -> None:
    memory = Memory.open(tmp_path / "m.db", config=load(env={}, overrides={"embedder": "none"}))
    try:
        for session in small.sessions:
            summary = capture_transcript(memory, session_id=session.session_id, transcript_path=str(session.path),
                                         cwd=session.cwd, event="import")
            assert summary["errors"] == 0 and summary["bad_lines"] == 0
        stored = [r["content"] for r in memory.export() if r.get("kind", "insight") == "insight"]
    finally:
        memory.close()
    text = "\x00".join(corpus_mod.norm(c) for c in stored)
    says = [s for sp in small.splits.values() for s in sp.says]
    assert says
    for say in says:
        if not say.values:  # a valueless report (heldout7's middle sessions): nothing to lose, as validate() says
            continue
        assert any(corpus_mod.norm(v) in text for v in say.values), f"{say.key} was lost by capture"
    for noise in ("<mnemon-notes>", "caveat: the messages below", "[request interrupted",
                  "this session is being continued", "searching the repository.", "<system-reminder>"):
        assert noise not in text, noise


def test_generation_is_deterministic(tmp_path: Path) -> None:
    def transcripts(root: Path) -> dict[str, str]:
        corpus = corpus_mod.generate(root, anchor=ANCHOR, projects=("meshkit",), sessions=3, fillers=(2, 3))
        return {p.relative_to(corpus.transcripts).as_posix().replace(str(root), "<root>").replace(
            re.sub(r"[^A-Za-z0-9]", "-", str(root)), "<root>"): p.read_text().replace(str(root), "<root>")
            for p in sorted(corpus.transcripts.rglob("*.jsonl"))}

    assert transcripts(tmp_path / "a") == transcripts(tmp_path / "b")


def test_the_full_corpus_is_sound(tmp_path: Path) -> None:
    """The small corpus holds few projects: a split whose text repeats another split's planted value in a
    project it leaves out passed there and stopped `bench coding --split all` (heldout12 did)."""
    clear_cache()
    try:
        assert corpus_mod.validate(corpus_mod.generate(tmp_path)) == []
    finally:
        clear_cache()


def test_validate_catches_a_planted_value_that_also_appears_in_filler(tmp_path: Path) -> None:
    builder = SplitBuilder("dev")
    # the stack's test command is run in filler turns too, so this "fact" is not planted once
    builder.fact("tillpoint", said(0.5, "to run the tests, use pytest -q backend from the root", "pytest -q backend"),
                 [], Ask("run the test suite for me"))
    builder.irrelevant("tillpoint", Ask("fix the typo in the README header"))
    corpus = corpus_mod.generate(tmp_path, anchor=ANCHOR, projects=("tillpoint",), sessions=4, fillers=(4, 6),
                                 splits={"dev": builder.split})
    problems = corpus_mod.validate(corpus)
    assert any("'pytest -q backend' also occurs in tillpoint/" in p for p in problems), problems


def test_the_splits_are_complete_and_separate() -> None:
    splits = corpus_mod.load_splits()
    names = {p.name for p in PROJECTS}
    values: dict[str, set[str]] = {}
    for name in SPLITS:
        split = splits[name]
        counts = {k: sum(1 for p in split.probes if p.kind == k) for k in KINDS}
        assert min(counts.values()) >= corpus_mod.MIN_PROBES_PER_KIND, (name, counts)
        assert len({p.id for p in split.probes}) == len(split.probes)
        assert {p.project for p in split.probes} <= names and {s.project for s in split.says} <= names
        values[name] = {corpus_mod.norm(v) for s in split.says for v in s.values}
        for probe in split.probes:
            assert probe.expect_empty == (probe.kind == "irrelevant")
    texts = {name: {corpus_mod.norm(s.text) for s in splits[name].says} for name in SPLITS}
    prompts = {name: {corpus_mod.norm(p.prompt) for p in splits[name].probes} for name in SPLITS}
    for i, one in enumerate(SPLITS):
        for two in SPLITS[i + 1:]:
            assert not values[one] & values[two], (one, two, values[one] & values[two])
            assert not texts[one] & texts[two], (one, two)
            assert not prompts[one] & prompts[two], (one, two, prompts[one] & prompts[two])


def test_every_split_is_offered_by_the_command_line_and_all_runs_them_all() -> None:
    from bench.__main__ import _parser, coding_splits

    assert SPLITS == ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7",
                      "heldout8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13",
                      "heldout14", "heldout15", "heldout16", "heldout17", "heldout18", "heldout19")
    for name in SPLITS:
        assert coding_splits(_parser().parse_args(["coding", "--split", name]).split) == (name,)
    assert coding_splits(_parser().parse_args(["coding", "--split", "all"]).split) == SPLITS
    with pytest.raises(SystemExit):
        _parser().parse_args(["coding", "--split", "heldout20"])


def test_no_project_name_or_planted_value_appears_in_the_engine() -> None:
    splits = corpus_mod.load_splits()
    words = {p.name for p in PROJECTS} | {v for sp in splits.values() for s in sp.says for v in s.values}
    # general vocabulary the engine had before the corpus was written: a list of technologies in
    # mnemon/engine/text.py, a docstring in mnemon/safety/guard.py, a method call in mnemon/wire/client.py
    already_there = {"rabbitmq", "snowflake", "netlify", "emoji", "unwrap()"}
    sources = {path: path.read_text(encoding="utf-8").lower()
               for folder in ("mnemon", "daemon", "hooks") for path in (ROOT / folder).rglob("*.py")}
    wanted = sorted({w.lower() for w in words} - already_there, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in wanted) + r")(?!\w)")
    found = sorted({f"{m.group(0)!r} in {path.relative_to(ROOT)}" for path, text in sources.items()
                    for m in pattern.finditer(text)})
    assert not found, "benchmark words in the engine: " + ", ".join(found)


# -- scoring ------------------------------------------------------------------------------------------


def _probe(kind: str = "fact", expect: tuple[str, ...] = ("port 7420",), forbid: tuple[str, ...] = ("port 9464",),
           pid: str = "t-1") -> Probe:
    return Probe(pid, "dev", kind, "routewise", "", "curl it", expect, forbid, expect_empty=not expect)


def test_judge_matches_case_and_whitespace_insensitively_and_flags_forbidden_strings() -> None:
    block = "<mnemon-notes>\nNotes\n- [2026-01-02 fact 0a1b2c3d] The service listens on PORT\n 7420 locally.\n</mnemon-notes>"
    good = judge(block, _probe())
    assert good.hit is True and good.clean and not good.empty and good.chars == len(block)
    dirty = judge(block + "\n- metrics on port 9464", _probe())
    assert dirty.hit is True and not dirty.clean and dirty.forbidden == ("port 9464",)
    miss = judge("<mnemon-notes>\n- something else\n</mnemon-notes>", _probe())
    assert miss.hit is False and miss.clean
    empty = judge("", _probe(kind="irrelevant", expect=(), forbid=("port 7420",)))
    assert empty.hit is None and empty.clean and empty.empty and empty.chars == 0


def test_summarise_counts_hit_clean_both_and_abstention() -> None:
    probes = [_probe(pid="a"), _probe(pid="b"), _probe(pid="c"),
              _probe(kind="irrelevant", expect=(), forbid=("port 7420",), pid="d"),
              _probe(kind="irrelevant", expect=(), forbid=("port 7420",), pid="e")]
    blocks = ["port 7420", "port 7420 and port 9464", "nothing useful", "", "port 7420 again"]
    report = summarise(probes, [judge(b, p) for b, p in zip(blocks, probes, strict=True)])
    overall = report["overall"]
    assert overall["n"] == 5
    assert overall["hit"] == round(2 / 3, 4) and overall["both"] == round(1 / 3, 4)
    assert overall["clean"] == round(3 / 5, 4)
    assert overall["abstention"] == 0.5 and overall["irrelevant_with_planted_fact"] == 1
    assert report["by_kind"]["irrelevant"]["hit"] is None
    assert overall["mean_chars"] == round(sum(len(b) for b in blocks) / 5, 1)
    assert percentile([3, 1, 2, 10], 50) == 2 and percentile([3, 1, 2, 10], 95) == 10 and percentile([], 95) == 0.0


def test_bm25_packs_like_mnemon_and_the_context_variant_searches_the_neighbour() -> None:
    docs = [Doc("p", "user", "why is the export slow", "", "2026-01-01"),
            Doc("p", "assistant", "It serialised every row one at a time; batching fixed it.", "why is the export slow",
                "2026-01-01"),
            Doc("q", "user", "the export in the other project", "", "2026-01-01")]
    plain, ctx = BM25Baseline(docs, with_context=False), BM25Baseline(docs, with_context=True)
    try:
        assert "batching" not in plain.block("export slow", "p")
        assert "batching fixed it" in ctx.block("export slow", "p")
        assert "other project" not in ctx.block("export", "p")  # one project's turns only
        assert plain.block("zebra", "p") == ""
    finally:
        plain.close()
        ctx.close()
    config = Config()
    long_docs = [(Doc("p", "assistant", "word " * 600, "", "2026-01-01"), i) for i in range(12)]
    block = pack(long_docs, config)
    assert len(block) <= min(4 * config.inject_budget, config.inject_max_chars)
    lines = block.splitlines()
    assert lines[0] == "<mnemon-notes>" and lines[-1] == "</mnemon-notes>"
    assert all(len(line) <= 800 + 40 for line in lines[2:-1])


# -- a run through the real CLI and daemon ----------------------------------------------------------------


def test_a_small_run_through_the_cli_scores_every_probe(tmp_path: Path) -> None:
    reports = runner.run(splits=("dev", "heldout"), embedder="none", cli_sample=3,
                         generate={"anchor": ANCHOR, "projects": SMALL, "sessions": 4, "fillers": (2, 3)})
    assert set(reports) == {"dev", "heldout"}
    for report in reports.values():
        assert report["probes_total"] == len(report["probes"]) > 0
        assert report["latency_ms"]["cli"]["n"] == 3 and report["latency_ms"]["cli"]["p50"] > 0
        assert report["expected_in_store"]["found"] == report["expected_in_store"]["probes"]
        for name in runner.SYSTEMS:
            overall = report["systems"][name]["overall"]
            assert overall["n"] == report["probes_total"]
            for key in ("hit", "clean", "both"):
                assert overall[key] is None or 0.0 <= overall[key] <= 1.0
        for row in report["probes"]:
            for name in runner.SYSTEMS:
                assert row[name]["clean"] == (not row[name]["forbidden_found"])
        report["commit"] = "test"
        table = runner.format_table(report)
        assert "inject latency through the CLI" in table and "cross-project negative" in table
        saved = runner.save(report, tmp_path)
        assert json.loads(saved.read_text())["split"] == report["split"]
    assert reports["dev"]["import"]["failed"] == 0
    rows = reports["dev"]["unplanted"]
    assert [r["list"] for r in rows] == [p.name for p in unplanted.LISTS]
    for row in rows:
        assert row["empty"] + len(row["got_a_block"]) == row["prompts"]
    assert "unplanted prompts left empty" in runner.format_unplanted(rows)


def test_the_unplanted_prompts_name_no_planted_fact_and_no_split_prompt() -> None:
    splits = corpus_mod.load_splits()
    values = {corpus_mod.norm(v) for sp in splits.values() for s in sp.says for v in s.values}
    prompts = {corpus_mod.norm(p.prompt) for sp in splits.values() for p in sp.probes}
    every = [corpus_mod.norm(q) for plist in unplanted.LISTS for q in plist.prompts]
    assert len(every) == len(set(every)) and not set(every) & prompts
    assert not [(v, q) for v in values for q in every if v in q]
    assert [p.tuned for p in unplanted.LISTS][-1] is False  # the newest round is the one not tuned on
