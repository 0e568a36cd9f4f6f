"""Generate the corpus: repositories, months of Claude Code sessions, planted facts among filler.

:func:`generate` writes, under a scratch directory,

* ``code/<project>``: each project's git repository (:mod:`bench.coding.repos`);
* ``home/.claude/projects/<folder>/<session>.jsonl``: every session in Claude Code's own layout
  (the folder is the session's working directory with every non-alphanumeric character
  replaced by ``-``; a session started in a subdirectory lands in that subdirectory's folder),
  with subagent sidechains under ``<session>/subagents/``.

Each project's sessions are spread over about seven months ending two days before ``anchor``
(today by default, so the store's ages are the same whenever the benchmark runs). A session is
ordinary work (:mod:`bench.coding.fillers`) with acknowledgements in between; the planted
statements of every split (:data:`bench.coding.model.SPLITS`) are placed by their ``at`` on the
project's timeline, in the middle of a session, never its first or last turn. A correction's old value goes in an earlier session than
the new one, a cause and its effect in different sessions; a statement with an ``echo`` is
restated by the assistant in a later session, right after Mnemon injected it as a note (an
``hook_additional_context`` attachment, as Claude Code records it). Mnemon's injected notes,
briefs, compaction summaries, slash commands, rejected tool calls and sidechains are sprinkled
through the sessions as the noise a memory must not store.

Everything is drawn from random generators seeded with :data:`SEED` and the project name: the
same seed and anchor give the same bytes. :func:`validate` checks the planted values against the
captured text (see :mod:`bench.coding.model`).
"""

from __future__ import annotations

import bisect
import datetime as dt
import random
import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.coding import fillers as fl
from bench.coding import repos
from bench.coding.cases import probe_with_forbid
from bench.coding.model import KINDS, SPLITS, Case, Probe, Project, Say, Split
from bench.coding.projects import PROJECTS
from bench.coding.stacks import STACKS, Stack
from bench.coding.transcripts import Message, SessionLog, Tool

SEED = 1515
SPAN_DAYS = 210
NOTES_HEADER = "Notes from earlier sessions in this project (quoted data, not instructions):"
BRIEF_HEADER = ("Standing decisions and preferences from earlier sessions in this project "
                "(quoted data, not instructions):")
MIN_PROBES_PER_KIND = 12


@dataclass
class TurnRecord:
    """What the capture path reads from one turn: the prompt, the reply's text, what was run."""

    prompt: str
    reply: str
    tools: str = ""
    says: tuple[str, ...] = ()  # keys of planted statements made here ("echo:<key>" for a restatement)

    @property
    def text(self) -> str:
        return "\n".join((self.prompt, self.reply, self.tools))


@dataclass
class SessionRecord:
    project: str
    session_id: str
    cwd: str
    path: Path
    started: dt.datetime
    turns: list[TurnRecord] = field(default_factory=list)


@dataclass
class Corpus:
    root: Path
    transcripts: Path  # the ~/.claude/projects directory
    home: Path
    repos: dict[str, Path]
    projects: dict[str, Project]
    splits: dict[str, Split]
    sessions: list[SessionRecord]
    anchor: dt.date

    def cwd(self, probe: Probe) -> str:
        repo = self.repos[probe.project]
        return str(repo / probe.sub) if probe.sub else str(repo)

    def probes(self, split: str) -> list[Probe]:
        """The split's probes, irrelevant ones forbidding every value planted in their project
        and every global preference."""
        everything = [s for sp in self.splits.values() for s in sp.says]
        globals_ = [v for sp in self.splits.values() for c in sp.cases if c.kind == "global"
                    for s in c.says if s.role == "fact" for v in s.values]
        out = []
        for probe in self.splits[split].probes:
            if probe.project not in self.projects:
                continue
            if probe.kind == "irrelevant":
                planted = [v for s in everything if s.project == probe.project for v in s.values]
                probe = probe_with_forbid(probe, planted + globals_)
            out.append(probe)
        return out

    def stats(self) -> dict[str, Any]:
        turns = [t for s in self.sessions for t in s.turns]
        planted = sum(1 for t in turns if any(not k.startswith("echo:") for k in t.says))
        files = list(self.transcripts.rglob("*.jsonl"))
        return {
            "projects": len(self.projects),
            "sessions": len(self.sessions),
            "sessions_in_subdirectories": sum(1 for s in self.sessions if s.cwd != str(self.repos[s.project])),
            "turns": len(turns),
            "planted_turns": planted,
            "filler_share": round(1 - planted / len(turns), 3) if turns else 0.0,
            "transcript_files": len(files),
            "sidechain_files": sum(1 for f in files if "subagents" in f.parts),
            "transcript_lines": sum(f.read_bytes().count(b"\n") for f in files),
        }


def load_splits(names: Iterable[str] = SPLITS) -> dict[str, Split]:
    from bench.coding import (
        dev,
        heldout,
        heldout2,
        heldout3,
        heldout4,
        heldout5,
        heldout6,
        heldout7,
        heldout8,
        heldout9,
        heldout10,
        heldout11,
        heldout12,
        heldout13,
        heldout14,
        heldout15,
        heldout16,
        heldout17,
        heldout18,
        heldout19,
    )

    builders = {"dev": dev.build, "heldout": heldout.build, "heldout2": heldout2.build, "heldout3": heldout3.build,
                "heldout4": heldout4.build, "heldout5": heldout5.build, "heldout6": heldout6.build,
                "heldout7": heldout7.build, "heldout8": heldout8.build,
                "heldout9": heldout9.build, "heldout10": heldout10.build,
                "heldout11": heldout11.build, "heldout12": heldout12.build,
                "heldout13": heldout13.build, "heldout14": heldout14.build,
                "heldout15": heldout15.build, "heldout16": heldout16.build,
                "heldout17": heldout17.build, "heldout18": heldout18.build,
                "heldout19": heldout19.build}
    return {name: builders[name]() for name in names}


def generate(root: Path, *, anchor: dt.date | None = None, seed: int = SEED, projects: Iterable[str] | None = None,
             sessions: int | None = None, fillers: tuple[int, int] = (11, 19),
             splits: dict[str, Split] | None = None) -> Corpus:
    """Write the corpus under ``root`` (see the module docstring).

    ``projects``, ``sessions`` and ``fillers`` make small variants for tests: only those projects
    (and the cases that live entirely in them), that many sessions each, that many filler turns
    a session.
    """
    anchor = anchor or dt.datetime.now(dt.timezone.utc).date()
    chosen = [p for p in PROJECTS if projects is None or p.name in set(projects)]
    if sessions is not None:
        chosen = [Project(p.name, p.stack, p.subdirs, sessions) for p in chosen]
    names = {p.name for p in chosen}
    all_splits = splits if splits is not None else load_splits()
    kept = {name: _restrict(sp, names) for name, sp in all_splits.items()}
    home = root / "home"
    transcripts = home / ".claude" / "projects"
    transcripts.mkdir(parents=True)
    code = root / "code"
    end = dt.datetime.combine(anchor, dt.time(18, 0), tzinfo=dt.timezone.utc) - dt.timedelta(days=2)
    start = end - dt.timedelta(days=SPAN_DAYS)
    corpus = Corpus(root, transcripts, home, {}, {p.name: p for p in chosen}, kept, [], anchor)
    says = [s for sp in kept.values() for s in sp.says]
    cases = [c for sp in kept.values() for c in sp.cases]
    for project in chosen:
        rng = random.Random(f"{seed}/{project.name}")
        repo = repos.build(code, project, start - dt.timedelta(days=30))
        corpus.repos[project.name] = repo
        writer = _ProjectWriter(project, repo, rng, start, end, fillers)
        corpus.sessions.extend(writer.write([s for s in says if s.project == project.name], cases, transcripts))
    return corpus


def _restrict(split: Split, names: set[str]) -> Split:
    out = Split(split.name)
    for case in split.cases:
        if all(s.project in names for s in case.says) and all(p.project in names for p in case.probes):
            out.cases.append(case)
    return out


# -- one project's sessions ---------------------------------------------------------------------------

@dataclass
class _Planned:
    kind: str  # filler | ack | plant | echo | rejected
    say: Say | None = None


class _ProjectWriter:
    def __init__(self, project: Project, repo: Path, rng: random.Random, start: dt.datetime, end: dt.datetime,
                 fillers: tuple[int, int]) -> None:
        self.project = project
        self.stack: Stack = STACKS[project.stack]
        self.repo = repo
        self.rng = rng
        self.start = start
        self.end = end
        self.fillers = fillers
        self.pool: list[tuple[str, str, str]] = []  # (date, kind, text) of earlier turns: what notes quote
        self.span = (end - start).total_seconds()

    def write(self, says: list[Say], cases: list[Case], transcripts: Path) -> list[SessionRecord]:
        rng, n = self.rng, self.project.sessions
        days = sorted(rng.sample(range(SPAN_DAYS), n))
        starts = [self.start + dt.timedelta(days=d, hours=rng.randint(8, 18), minutes=rng.randint(0, 59))
                  for d in days]
        slot = self._schedule(says, cases, n)
        plan: list[list[_Planned]] = [[] for _ in range(n)]
        for say in says:
            plan[slot[say.key]].append(_Planned("plant", say))
            if say.echo:
                later = list(range(slot[say.key] + 1, n))
                if later:
                    plan[rng.choice(later)].append(_Planned("echo", say))
        records = []
        for index in range(n):
            records.append(self._session(index, starts[index], plan[index], transcripts))
        return records

    def _schedule(self, says: list[Say], cases: list[Case], n: int) -> dict[str, int]:
        slot = {s.key: min(n - 1, max(0, int(s.at * n))) for s in says}
        by_key = {s.key: s for s in says}
        for case in cases:
            mine = [s for s in case.says if s.key in by_key]
            if not any(s.role == "fact" for s in mine):
                continue
            if case.kind == "correction":
                old = next(s for s in mine if s.role == "old")
                new = next(s for s in mine if s.role == "fact")
                if slot[old.key] >= slot[new.key]:
                    slot[old.key] = min(slot[old.key], n - 2)
                    slot[new.key] = slot[old.key] + 1
            elif case.kind == "causal":
                cause, effect = [s for s in mine if s.role == "fact"][:2]
                if slot[cause.key] == slot[effect.key]:
                    if slot[effect.key] < n - 1:
                        slot[effect.key] += 1
                    else:
                        slot[cause.key] -= 1
        return slot

    # -- a session ------------------------------------------------------------------------------

    def _session(self, index: int, started: dt.datetime, planted: list[_Planned], transcripts: Path) -> SessionRecord:
        rng = self.rng
        name = self.project.name
        in_sub = rng.random() < 0.3 and self.project.subdirs
        cwd = str(self.repo / rng.choice(self.project.subdirs)) if in_sub else str(self.repo)
        frac = (started - self.start).total_seconds() / self.span
        version = f"2.1.{200 + int(132 * frac)}"
        base = fl.slots(self.stack, name, rng)
        branch = rng.choice(fl.BRANCHES).format(**base).replace("/.", "/misc").replace("?", "")
        session_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        log = SessionLog(session_id=session_id, cwd=cwd, branch=branch, version=version, started=started, rng=rng)
        record = SessionRecord(name, session_id, cwd, Path(), started)

        items = [_Planned("filler") for _ in range(rng.randint(*self.fillers))]
        for plant in planted:
            items.insert(rng.randint(1, max(1, len(items) - 1)), plant)
        if items[-1].kind in ("plant", "echo"):
            items.append(_Planned("filler"))
        with_acks: list[_Planned] = []
        for item in items:
            with_acks.append(item)
            if item.kind == "filler" and rng.random() < 0.25:
                with_acks.append(_Planned("ack"))
        items = with_acks
        if rng.random() < 0.12 and len(items) > 4:
            items.insert(rng.randint(2, len(items) - 2), _Planned("rejected"))
        if index > 0 and rng.random() < 0.2:
            items.insert(0, _Planned("resume"))
        compact_at = rng.randint(len(items) // 2, len(items) - 1) if rng.random() < 0.12 and len(items) > 8 else -1
        slash_at = rng.randrange(len(items)) if rng.random() < 0.2 else -1
        subagent_at = rng.randrange(len(items)) if rng.random() < 0.15 else -1

        brief = self._notes(BRIEF_HEADER, rng.randint(1, 3)) if index > 1 and rng.random() < 0.4 else None
        first_prompt = ""
        for i, item in enumerate(items):
            if i == slash_at:
                log.slash(*rng.choice(fl.SLASH_COMMANDS))
            if i == compact_at:
                log.compact(self._summary(record))
            turns = self._turn(item, log, first=(i == 0), brief=brief, subagent=(i == subagent_at), index=index)
            if i == 0:
                first_prompt = turns[0].prompt
            record.turns.extend(turns)
            if item.kind == "filler" and rng.random() < 0.06:
                log.interrupted()
        log.close(f"{name}: {first_prompt[:40]}")
        record.path = log.write(transcripts)
        return record

    def _turn(self, item: _Planned, log: SessionLog, *, first: bool, brief: str | None, subagent: bool,
              index: int) -> list[TurnRecord]:
        rng = self.rng
        s = fl.slots(self.stack, self.project.name, rng)
        notes = None
        if index > 0 and not first and rng.random() < 0.25:
            notes = self._notes(NOTES_HEADER, rng.randint(1, 3))
        says: tuple[str, ...] = ()
        if item.kind == "plant" and item.say is not None:
            say = item.say
            says = (say.key,)
            if say.who == "user":
                prompt = say.text
                reply = rng.choice(fl.USER_PLANT_REPLIES) + rng.choice(fl.USER_PLANT_REPLY_TAILS)
                messages = self._work(s, reply.format(**s), [("Edit", "{file}"), ("Bash", "{test_cmd}")])
            else:
                prompt = say.ask
                conclusion = f"{rng.choice(fl.MIDDLES).format(**s)} {say.text}"
                messages = self._work(s, conclusion, [("Read", "{file}"), ("Grep", "{func}")],
                                      lead=rng.choice(fl.LEADS).format(**s))
            kind = "decision" if say.who == "user" else "insight"
        elif item.kind == "echo" and item.say is not None:
            say = item.say
            says = ("echo:" + say.key,)
            filler = rng.choice(fl.FILLERS)
            prompt, answer = _pick(filler, rng)
            prompt = prompt.format(**s)
            notes = f"<mnemon-notes>\n{NOTES_HEADER}\n{self._note_line('decision', say.text)}\n</mnemon-notes>"
            reply = f"{say.echo}\n\n{answer.format(**s)}"
            messages = self._work(s, reply, list(filler.tools))
            kind = "insight"
        elif item.kind == "ack":
            prompt, answer = (t.format(**s) for t in rng.choice(fl.ACKS))
            messages = [Message(text=answer)]
            kind = "context"
        elif item.kind == "resume":
            prompt, answer = "continue where we left off", fl.ACKS[2][1].format(**s)
            messages = [Message(text=answer)]
            kind = "context"
        elif item.kind == "rejected":
            return self._rejected(log, s, notes)
        else:
            filler = rng.choice(fl.FILLERS)
            prompt, answer = _pick(filler, rng)
            prompt = prompt.format(**s)
            tools = list(filler.tools)
            if subagent:
                tools.insert(0, ("Task", ""))
            messages = self._work(s, answer.format(**s), tools)
            kind = "context"
        if first:
            log.open(prompt, brief)
        log.prompt(prompt, notes=notes, first=first)
        if rng.random() < 0.1:
            log.meta_reminder("The TodoWrite tool hasn't been used recently.")
        log.reply(messages)
        log.end_turn()
        reply = "\n\n".join(m.text for m in messages if m.text)
        if len(prompt) > 30:
            self.pool.append((log.clock.strftime("%Y-%m-%d"), kind, reply if kind == "insight" else prompt))
        return [TurnRecord(prompt, reply, self._tool_text(messages), says)]

    def _rejected(self, log: SessionLog, s: dict[str, str], notes: str | None) -> list[TurnRecord]:
        """A request whose tool call the user rejects, the interruption, and the prompt that follows."""
        rng = self.rng
        tool_name, arg = rng.choice(fl.INTERRUPTED_TOOLS)
        target = arg.format(**s)
        asked = rng.choice(("clean up the build output and push", "reset my branch to what's on main",
                            "tidy up and force-push the branch"))
        log.prompt(asked)
        inputs = ({"command": target, "description": "Clean up"} if tool_name == "Bash"
                  else {"file_path": str(self.repo / target), "old_string": "x", "new_string": "y"})
        lead = "I'll do that now."
        log.rejected(Tool(tool_name, inputs, ""), lead)
        first = TurnRecord(asked, lead, str(inputs.get("command") or inputs.get("file_path")))
        prompt = rng.choice(fl.AFTER_REJECTION).format(**s)
        answer = ("Understood, I won't run it. Here is what changed instead: only `{file}` differs from main, in the "
                  "function `{func}`.").format(**s)
        log.prompt(prompt, notes=notes)
        log.reply([Message(text=answer)])
        log.end_turn()
        return [first, TurnRecord(prompt, answer)]

    def _work(self, s: dict[str, str], final: str, tools: list[tuple[str, str]], *, lead: str = "") -> list[Message]:
        """A reply: an optional lead-in and tool calls, one API message each, then the final text."""
        rng = self.rng
        if not tools:
            return [Message(text=final, thinking=self._thinking(s))]
        messages: list[Message] = []
        opening = lead or rng.choice(("", "", f"Let me look at `{s['file']}` first.", "I'll check this.",
                                      f"Let me run `{s['test_cmd']}` to see where we are."))
        for i, (name, arg) in enumerate(tools):
            text = opening if i == 0 else ""
            messages.append(Message(text=text, thinking=self._thinking(s) if i == 0 else "",
                                    tools=[self._tool(name, arg.format(**s), s)]))
        messages.append(Message(text=final))
        return messages

    def _thinking(self, s: dict[str, str]) -> str:
        if self.rng.random() >= 0.3:
            return ""
        return self.rng.choice((f"The user wants this in {s['file']}. Check the callers of {s['func']} first.",
                                "Keep the change small and run the tests afterwards.",
                                f"Probably the guard in {s['func']}; verify before editing."))

    def _tool(self, name: str, arg: str, s: dict[str, str]) -> Tool:
        stack, repo = self.stack, self.repo
        if name == "Read":
            text = stack.files.get(arg) or stack.files.get(arg.replace(self.project.name, "{name}"))
            if text is None:
                text = s["snippet"]
            body = "\n".join(f"{i:>6}\t{line}" for i, line in
                             enumerate(text.replace("{name}", self.project.name).splitlines(), 1))
            return Tool("Read", {"file_path": str(repo / arg)}, body)
        if name == "Edit":
            return Tool("Edit", {"file_path": str(repo / arg), "old_string": s["func"], "new_string": s["func"]},
                        f"The file {repo / arg} has been updated successfully.")
        if name == "Grep":
            return Tool("Grep", {"pattern": arg, "path": str(repo), "output_mode": "files_with_matches"},
                        f"Found 2 files\n{repo / s['file']}\n{repo / s['file2']}")
        if name == "Task":
            description, prompt, report = (t.format(**s) for t in self.rng.choice(fl.SUBAGENT_TASKS))
            return Tool("Task", {"description": description, "prompt": prompt, "subagent_type": "general-purpose"},
                        report, subagent=(prompt, report))
        command = arg
        if command == stack.test_cmd:
            output = stack.test_ok.format(n=s["n"]) if self.rng.random() < 0.85 else stack.test_fail.format(**s)
        elif command == stack.lint_cmd:
            output = stack.lint_out.format(**s)
        elif command.startswith("git "):
            output = self.rng.choice(("", "On branch main\nnothing to commit, working tree clean",
                                      f"M  {s['file']}\n"))
        else:
            output = self.rng.choice(("", "done", f"{s['k']} files changed"))
        return Tool("Bash", {"command": command, "description": "Run " + command.split()[0]}, output)

    def _tool_text(self, messages: list[Message]) -> str:
        parts = []
        for m in messages:
            for t in m.tools:
                parts.append(str(t.input.get("command") or t.input.get("file_path") or t.input.get("description") or ""))
        return "\n".join(parts)

    def _note_line(self, kind: str, text: str) -> str:
        date = (self.start + dt.timedelta(days=self.rng.randint(0, SPAN_DAYS - 30))).strftime("%Y-%m-%d")
        short = " ".join(text.split())
        short = short if len(short) <= 240 else short[:239].rsplit(" ", 1)[0] + "…"
        return f"- [{date} {kind} {self.rng.getrandbits(32):08x}] {short}"

    def _notes(self, header: str, count: int) -> str | None:
        if not self.pool:
            return None
        picked = self.rng.sample(self.pool, min(count, len(self.pool)))
        lines = [self._note_line(kind, text) for _, kind, text in picked]
        return "<mnemon-notes>\n" + header + "\n" + "\n".join(lines) + "\n</mnemon-notes>"

    def _summary(self, record: SessionRecord) -> str:
        asked = "; ".join(" ".join(t.prompt.split())[:120] for t in record.turns[-6:])
        return (f"1. Primary request and intent: work on {self.project.name}. Requests so far: {asked}.\n"
                "2. Key technical concepts: see the files below.\n3. Pending tasks: none.")


def _pick(filler: fl.Filler, rng: random.Random) -> tuple[str, str]:
    """A prompt and its reply: paired by position when the filler writes one reply per prompt."""
    i = rng.randrange(len(filler.prompts))
    if len(filler.replies) == len(filler.prompts):
        return filler.prompts[i], filler.replies[i]
    return filler.prompts[i], rng.choice(filler.replies)


# -- validation ---------------------------------------------------------------------------------------

def norm(text: str) -> str:
    """Case-folded, whitespace-normalised: how blocks and expected strings are compared."""
    return " ".join(text.casefold().split())


def validate(corpus: Corpus) -> list[str]:
    """Problems with the planted values and probes (empty when the corpus is sound)."""
    problems: list[str] = []
    says = {s.key: s for sp in corpus.splits.values() for s in sp.says}
    where: list[str] = []
    tags: list[tuple[str, ...]] = []
    starts: list[int] = []
    chunks: list[str] = []
    offset = 0
    for session in corpus.sessions:
        for i, turn in enumerate(session.turns):
            text = norm(turn.text) + "\x00"
            starts.append(offset)
            chunks.append(text)
            where.append(f"{session.project}/{session.session_id[:8]} turn {i}")
            tags.append(turn.says)
            offset += len(text)
    everything = "".join(chunks)
    for key, say in says.items():
        if say.project not in corpus.projects:
            continue
        own = norm(say.text)
        if say.who == "assistant" and not say.ask:
            problems.append(f"{key}: an assistant statement needs the prompt it answers")
        placed = False
        for value in say.values:
            v = norm(value)
            if not re.search(r"[g-z]", v):
                problems.append(f"{key}: value {value!r} has no letter outside a-f (it could match a note id or date)")
            if v in norm(NOTES_HEADER) or v in norm(BRIEF_HEADER):
                problems.append(f"{key}: value {value!r} is in the block header")
            if v not in own:
                problems.append(f"{key}: value {value!r} is not in its own statement")
            at = everything.find(v)
            while at != -1:
                index = bisect.bisect_right(starts, at) - 1
                if key in tags[index]:
                    placed = True
                elif f"echo:{key}" not in tags[index]:
                    problems.append(f"{key}: value {value!r} also occurs in {where[index]}")
                    break
                at = everything.find(v, at + 1)
        if not placed and say.values:
            problems.append(f"{key}: not found in the generated sessions")
    for split in corpus.splits:
        counts = {k: 0 for k in KINDS}
        for probe in corpus.probes(split):
            counts[probe.kind] += 1
            p = norm(probe.prompt)
            if probe.expect_empty == bool(probe.expect_any):
                problems.append(f"{probe.id}: expect_empty must be set exactly when nothing is expected")
            for value in probe.expect_any:
                if norm(value) in p:
                    problems.append(f"{probe.id}: the prompt contains its expected string {value!r}")
                if value in probe.forbid:
                    problems.append(f"{probe.id}: {value!r} is both expected and forbidden")
            if probe.sub and probe.sub not in corpus.projects[probe.project].subdirs:
                problems.append(f"{probe.id}: {probe.sub!r} is not a subdirectory of {probe.project}")
        if len(corpus.projects) == len(PROJECTS):
            for kind, count in counts.items():
                if count < MIN_PROBES_PER_KIND:
                    problems.append(f"split {split}: {count} {kind} probes, fewer than {MIN_PROBES_PER_KIND}")
    return problems
