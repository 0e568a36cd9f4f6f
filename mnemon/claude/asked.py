"""A question with a descriptive lead: "the export keeps failing like this, where should I look?"; and
the lead that hands over the evidence of a problem: "the export failed again last night, here is the log:".

The lead describes a problem the person is asking help with (what they see, what was pasted): it is
the question's context, like the question itself, not a fact to keep. Stored as a statement, it came
back in later sessions as if it were settled knowledge ("The nightly export keeps failing with a
timeout"), long after the fix. The turn's trace keeps the whole question as the search context of
its answer, so nothing is lost by not making the lead a note.

A lead that states something of its own (a decision, a rule, a correction, a cause: "we moved the
export to the replica, where should I look for the lag?") keeps its kind: only plain statements and
facts are dropped, and only when they describe a malfunction or what was pasted, right before a
question that asks where the trouble comes from or how to find or fix it, or when they end by handing
over what was pasted (a colon after "here is the log", "like this", "it says").
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# a question asking for the cause, the place or the fix of a problem
HELP_ASK = re.compile(
    r"^\W*(?:(?:so|and|but|ok|okay|any)\s+)?(?:"
    r"where (?:should|do|can|could|would|might|must) (?:i|we|one) (?:even )?(?:look|check|start|begin|dig|search|debug)"
    r"|where (?:is|does) (?:it|this|that) (?:come from|coming from)|where(?:'s| is) the (?:bug|problem|issue)"
    r"|what (?:should|do|can|could|would) (?:i|we) (?:check|look at|look for|try|do|change)"
    r"|(?:any|got any|have any|an?) (?:idea|ideas|clue|clues|pointers?|hints?|thoughts|suggestions?|leads?)\b"
    r"|ideas\b|thoughts\b|why\b|how come\b"
    r"|what(?:'s| is| could be| might be| would be) (?:wrong|going on|happening|causing|behind|"
    r"the (?:cause|problem|issue|culprit|reason|fix))"
    r"|what (?:could|might|would|can) (?:cause|be causing|make)"
    r"|how (?:do|can|should|would|could|to) (?:i |we )?(?:fix|debug|find|track|trace|solve|narrow|diagnose|"
    r"figure|investigate|troubleshoot|stop)"
    r"|what am i (?:missing|doing wrong)|(?:is|could) (?:this|that|it) (?:be )?(?:a |an )?(?:known|bug|race)"
    r"|(?:can|could) you (?:help|tell me why|see why|spot|figure out|find out)"
    r")",
    _I,
)

# what such a lead describes: a malfunction, or the thing pasted with it ("fails like this")
OBSERVED = re.compile(
    r"\bkeeps? \w+ing\b|\bfail(?:s|ed|ing|ure|ures)?\b|\btim(?:es|ed|ing) out\b|\btimeouts?\b|\berror(?:s|ed)?\b"
    r"|\bcrash|\bexception|\blike (?:this|that|so)\b|\bthis (?:way|error|trace|warning|output|message)\b"
    r"|\bstopped \w+ing\b|\b(?:won't|can't|doesn't|isn't|didn't|wasn't|aren't|don't|never)\b"
    r"|\bbroken?\b|\bbreaks\b|\bhang(?:s|ing)?\b|\bflak(?:y|es)\b|\bslow(?:er)?\b|\bwrong\b|\bstuck\b|\bmissing\b"
    r"|\bempty\b|\bblank\b|\bwarns?\b|\bwarnings?\b|\bcomplains?\b|\brejects?\b|\brefuses?\b|\bleaks?\b"
    r"|\bdrops?\b|\bdropping\b|\bduplicat|\breturn(?:s|ed|ing)? (?:an? )?(?:[45]\d\d|null|nil|none|nothing|garbage)\b",
    _I,
)

MAX_LEAD = 2  # sentences of description before the question, at most

# a line that hands over evidence of the problem it names: "..., here is the log:", "it fails like this:"
PRESENTS = re.compile(r"(?:\bhere(?:'s| is| are)\b[^:]{0,40}|\blike (?:this|so)|\bwhat (?:i|we) (?:get|see)|"
                      r"\b(?:it|this) (?:says|prints|shows|outputs)|\boutput|\btrace(?:back)?|\blogs?)\s*:$", _I)


def presented(parts: list[str], shapes: list[str]) -> set[int]:
    """The indexes of the parts that hand over the evidence of a problem they describe ("the export
    failed again last night, here is the log:")."""
    return {i for i, (part, shape) in enumerate(zip(parts, shapes, strict=True))
            if shape == "statement" and PRESENTS.search(part) and OBSERVED.search(part)}


def described(parts: list[str], shapes: list[str]) -> set[int]:
    """The indexes of the parts that are the descriptive lead of a question asking help with it."""
    leads: set[int] = set()
    for i, (part, shape) in enumerate(zip(parts, shapes, strict=True)):
        if shape != "question" or not HELP_ASK.match(part):
            continue
        j = i - 1
        while j >= 0 and i - j <= MAX_LEAD and shapes[j] == "statement" and OBSERVED.search(parts[j]):
            leads.add(j)
            j -= 1
    return leads
