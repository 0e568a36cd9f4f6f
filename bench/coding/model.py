"""The benchmark's vocabulary: projects, planted statements, cases and probes.

A *statement* (:class:`Say`) is one sentence that matters, said once, in passing, by the user
(inside a prompt) or by the assistant (inside the conclusion of a reply), in one project at
one point of its timeline (``at``, 0 to 1 across the project's sessions). Its ``values`` are
the strings that identify it: a probe that needs it expects one of them in the injected block;
a probe it would mislead forbids them. A *case* groups what one probe kind needs: the planted
statements, the near-miss distractors (same topic and words, another answer) and the probes.

Every value is checked by :func:`bench.coding.corpus.validate`: it occurs in the captured text
of its own statement (and of that statement's later echo) and nowhere else in the corpus, so a
hit can only come from the statement it names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

KINDS = ("decision", "rule", "correction", "bugfix", "fact", "causal", "global", "cross-project", "irrelevant")
KIND_TITLES = {
    "decision": "decision",
    "rule": "preference / project rule",
    "correction": "correction",
    "bugfix": "bugfix",
    "fact": "fact",
    "causal": "causal",
    "global": "global preference",
    "cross-project": "cross-project negative",
    "irrelevant": "irrelevant",
}
SPLITS = ("dev", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7",
          "heldout8", "heldout9", "heldout10", "heldout11", "heldout12", "heldout13",
          "heldout14", "heldout15", "heldout16", "heldout17", "heldout18", "heldout19")


@dataclass(frozen=True)
class Project:
    """One git repository: its name, stack (a key of :data:`bench.coding.stacks.STACKS`) and the
    subdirectories sessions may start from."""

    name: str
    stack: str
    subdirs: tuple[str, ...]
    sessions: int  # how many sessions the corpus writes for it (12 to 20)


@dataclass(frozen=True)
class Say:
    """One planted statement (see the module docstring).

    ``who`` is ``"user"`` (``text`` is the whole prompt) or ``"assistant"`` (``ask`` is the
    prompt, ``text`` the conclusion the reply ends on). ``echo``, when set, is the assistant
    restating the statement in a later session after Mnemon injected it as a note.
    """

    project: str
    who: str
    at: float
    text: str
    values: tuple[str, ...]
    ask: str = ""
    echo: str = ""
    role: str = "fact"  # fact | near | old (a superseded value)
    key: str = ""  # set by the split builder: "<split>/<case>/<n>"


@dataclass(frozen=True)
class Probe:
    """A prompt typed at the start of a new session, and what its injected block must hold."""

    id: str
    split: str
    kind: str
    project: str
    sub: str  # the subdirectory of the repository it is typed in ("" for the root)
    prompt: str
    expect_any: tuple[str, ...]
    forbid: tuple[str, ...]
    expect_empty: bool = False

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "split": self.split, "kind": self.kind, "project": self.project, "sub": self.sub,
                "prompt": self.prompt, "expect_any": list(self.expect_any), "forbid": list(self.forbid),
                "expect_empty": self.expect_empty}


@dataclass(frozen=True)
class Case:
    """One planted fact (or pair) of a kind, its distractors and its probes."""

    key: str
    kind: str
    says: tuple[Say, ...]
    probes: tuple[Probe, ...]


@dataclass
class Split:
    """Everything one split plants and asks."""

    name: str
    cases: list[Case] = field(default_factory=list)

    @property
    def says(self) -> list[Say]:
        return [s for c in self.cases for s in c.says]

    @property
    def probes(self) -> list[Probe]:
        return [p for c in self.cases for p in c.probes]
