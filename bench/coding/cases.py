"""The small language the hand-written splits are written in.

A split module (:mod:`bench.coding.dev`, :mod:`bench.coding.heldout`, :mod:`bench.coding.heldout2`)
calls one builder method per case; the method derives each probe's expectations from the
statements it names, so the written data says what is planted and asked, and this module says
what that implies:

* ``decision``, ``rule``, ``bugfix``, ``fact``: expect the fact's values, forbid the near misses'.
* ``correction``: expect the new value, forbid the superseded one (and the near misses').
* ``causal``: each probe asks about one side and expects the other's values.
* ``global_pref``: stated in one project, probed in others; forbids another project's house
  rule on the same topic (it must not leak).
* ``cross``: two projects answer the same question differently; a probe in one expects its own
  answer and forbids the other's.
* ``irrelevant``: expects an empty block; what it forbids (every planted value of its project
  and every global preference) is filled in by :meth:`bench.coding.corpus.Corpus.probes`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bench.coding.model import Case, Probe, Say, Split


def said(at: float, text: str, *values: str, echo: str = "") -> Say:
    """The user says it, inside a prompt (``text`` is the whole prompt)."""
    return Say(project="", who="user", at=at, text=text, values=tuple(values), echo=echo)


def concluded(at: float, ask: str, text: str, *values: str, echo: str = "") -> Say:
    """The assistant concludes it: ``ask`` is the prompt, ``text`` the end of the reply."""
    return Say(project="", who="assistant", at=at, text=text, values=tuple(values), ask=ask, echo=echo)


def there(project: str, say: Say) -> Say:
    """A statement made in another project than the case's own."""
    return dataclasses.replace(say, project=project)


@dataclass(frozen=True)
class Ask:
    """A probe as written: where it is typed, what it says, and for some kinds which side it needs."""

    prompt: str
    sub: str = ""
    project: str = ""  # global_pref and cross: the project it is typed in
    want: str = ""  # causal: "cause" or "effect", the side whose values must be injected


class SplitBuilder:
    """Collects the cases of one split, numbering cases, statements and probes."""

    def __init__(self, name: str) -> None:
        self.split = Split(name)
        self._probe_counts: dict[str, int] = {}

    def _case(self, kind: str, project: str, says: Sequence[tuple[Say, str]],
              probes: Sequence[tuple[Ask, Sequence[str], Sequence[str]]]) -> Case:
        number = len(self.split.cases) + 1
        key = f"{self.split.name}/{number:03d}-{kind}"
        placed = tuple(
            dataclasses.replace(say, project=say.project or project, role=role, key=f"{key}/{i}")
            for i, (say, role) in enumerate(says)
        )
        built = []
        for ask, expect, forbid in probes:
            self._probe_counts[kind] = self._probe_counts.get(kind, 0) + 1
            pid = f"{self.split.name}-{kind}-{self._probe_counts[kind]:02d}"
            built.append(Probe(pid, self.split.name, kind, ask.project or project, ask.sub, ask.prompt,
                               tuple(expect), tuple(dict.fromkeys(forbid)), expect_empty=not expect))
        case = Case(key, kind, placed, tuple(built))
        self.split.cases.append(case)
        return case

    def _single(self, kind: str, project: str, fact: Say, near: Iterable[Say], asks: Iterable[Ask]) -> Case:
        near = list(near)
        forbid = [v for n in near for v in n.values]
        return self._case(kind, project, [(fact, "fact")] + [(n, "near") for n in near],
                          [(a, fact.values, forbid) for a in asks])

    def decision(self, project: str, fact: Say, near: Iterable[Say], *asks: Ask) -> Case:
        return self._single("decision", project, fact, near, asks)

    def rule(self, project: str, fact: Say, near: Iterable[Say], *asks: Ask) -> Case:
        return self._single("rule", project, fact, near, asks)

    def bugfix(self, project: str, fact: Say, near: Iterable[Say], *asks: Ask) -> Case:
        return self._single("bugfix", project, fact, near, asks)

    def fact(self, project: str, fact: Say, near: Iterable[Say], *asks: Ask) -> Case:
        return self._single("fact", project, fact, near, asks)

    def correction(self, project: str, old: Say, new: Say, near: Iterable[Say], *asks: Ask) -> Case:
        if old.at >= new.at:
            raise ValueError(f"{project}: a correction must come after the value it replaces")
        near = list(near)
        forbid = list(old.values) + [v for n in near for v in n.values]
        return self._case("correction", project, [(old, "old"), (new, "fact")] + [(n, "near") for n in near],
                          [(a, new.values, forbid) for a in asks])

    def causal(self, project: str, cause: Say, effect: Say, near: Iterable[Say], *asks: Ask) -> Case:
        near = list(near)
        forbid = [v for n in near for v in n.values]
        probes = []
        for a in asks:
            if a.want not in ("cause", "effect"):
                raise ValueError(f"causal probe {a.prompt!r}: want must be 'cause' or 'effect'")
            probes.append((a, (cause if a.want == "cause" else effect).values, forbid))
        return self._case("causal", project, [(cause, "fact"), (effect, "fact")] + [(n, "near") for n in near],
                          probes)

    def global_pref(self, project: str, fact: Say, near: Iterable[Say], *asks: Ask) -> Case:
        near = list(near)
        for a in asks:
            if not a.project or a.project == project:
                raise ValueError(f"global preference probe {a.prompt!r} must be typed in another project")
            if any(n.project == a.project for n in near):
                raise ValueError(f"probe {a.prompt!r} is typed where its near miss is the house rule")
        forbid = [v for n in near for v in n.values]
        return self._case("global", project, [(fact, "fact")] + [(n, "near") for n in near],
                          [(a, fact.values, forbid) for a in asks])

    def cross(self, first: str, first_say: Say, second: str, second_say: Say, *asks: Ask) -> Case:
        one, two = there(first, first_say), there(second, second_say)
        probes = []
        for a in asks:
            if a.project == first:
                probes.append((a, one.values, two.values))
            elif a.project == second:
                probes.append((a, two.values, one.values))
            else:
                raise ValueError(f"cross-project probe {a.prompt!r} must be typed in {first} or {second}")
        return self._case("cross-project", first, [(one, "fact"), (two, "fact")], probes)

    def irrelevant(self, project: str, *asks: Ask) -> Case:
        return self._case("irrelevant", project, [], [(a, (), ()) for a in asks])


def probe_with_forbid(probe: Probe, forbid: Iterable[str]) -> Probe:
    return dataclasses.replace(probe, forbid=tuple(dict.fromkeys(forbid)))
