"""How a message frames the sentences it holds: a list under a lead-in, a question on a premise.

A lead-in ("house rules:", "my personal rules, for every repo of mine:") says what the items of
the list after it are: each item is a rule, meant where the lead-in says, though on its own it
reads as an order ("one scenario per test") or a bare fact. The lead-in itself is no note.

A question often rests on a fact the user states on the way ("given that we picked X for the
lookups, is it fine to ...?", "since every screen here takes its colours from the theme, which
token ...?"): the question is work to answer, its premise is a statement like any other.

An order given on a condition met again and again ("when you add a dependency, tell me its
licence") is a standing rule, not a task.
"""

from __future__ import annotations

import re

from mnemon.claude.scopewords import EVERY_PROJECT

_I = re.IGNORECASE

# what a list of rules is called, in English and the other languages the cues cover
_RULES = re.compile(r"\b(?:(?:house |ground |team |our |my |personal |hard )?rules?|conventions?|guidelines?|"
                    r"polic(?:y|ies)|standards|principles|do'?s and don'?ts|non-negotiables?|règles|reglas|regras|"
                    r"regeln|regole|regels|conventies|richtlijnen)\b", _I)
# "given that X, is it ...?": the premise, then the question it leads to
_PREMISE = re.compile(r"^(?:(?:so|ok|okay|and|but|also)[,\s]+)?(?:given(?: that)?|since|now that|seeing (?:as|that)|"
                      r"considering(?: that)?)\s+(?P<premise>[^?]{24,}?),\s+(?P<question>(?:(?:so|then)\s+)?"
                      r"(?:is|are|am|do|does|did|should|shall|can|could|would|will|which|what|how|why|where|who|"
                      r"when|any)\b[^?]*\?)$", _I)
_EVERY_PROJECT = re.compile(EVERY_PROJECT, _I)
_TIME = re.compile(r"^(?:yesterday|today|last|this|the last|a few|\d|when|then|before|after)\b", _I)


def premise(question: str) -> tuple[str, str] | None:
    """The fact a question rests on and the question itself, or None when it states none
    ("since yesterday, why ...?" dates the question, it states nothing)."""
    m = _PREMISE.match(question.strip())
    if m is None or _TIME.match(m.group("premise")):
        return None
    return m.group("premise").strip(), m.group("question").strip()


def leads(parts: list[tuple[str, bool]]) -> list[tuple[bool, bool, bool]]:
    """For each sentence (text, is a list item): whether it is a lead-in of rules, whether it is
    an item under one, and whether that lead-in means every project of the user's."""
    out: list[tuple[bool, bool, bool]] = []
    leading = False  # the items that follow are under a lead-in of rules
    everywhere = False
    for n, (part, item) in enumerate(parts):
        if item and leading:
            out.append((False, True, everywhere))
            continue
        heads = not item and part.endswith(":") and n + 1 < len(parts) and parts[n + 1][1]
        everywhere = heads and _EVERY_PROJECT.search(part) is not None
        leading = heads and (everywhere or _RULES.search(part) is not None)
        out.append((leading, False, False))
    return out


# an order for each time something happens ("when you add a dependency, tell me its licence", "before
# you merge any branch, rebase it"): a thing named by "a", "an" or "any" is one of many, so the order
# stands; "when you're done, run the tests" is given once. A place it holds for may lead it in
# ("wherever I work: ...").
_PLACE_LEAD = re.compile(r"^\W*(?:whatever|wherever|whichever|no matter (?:which|what|where)|regardless of|"
                         r"in (?:every|any|all)) [^:,]{1,40}[:,]\s*", _I)
_CONDITION = re.compile(r"^\W*(?:whenever [^,]{2,80}|(?:every|each) time [^,]{2,80}|(?:when|if|before|after|once) "
                        r"(?:you|we) \w+ (?:(?:in|to|on|from|for|up|out) )?(?:a|an|any|new|another) [^,]{1,60}),\s*",
                        _I)


def conditional_order(sentence: str) -> str | None:
    """The order a sentence gives for each time its condition is met ("when you add a dependency,
    tell me its licence" gives "tell me its licence"), or None: the caller tells whether that is an order."""
    body = _PLACE_LEAD.sub("", sentence, count=1)
    m = _CONDITION.match(body)
    return body[m.end():] if m else None


# a text the user dictates for the record ("write the commit message for this fix: ...", "put this as the doc
# comment on parse(), word for word: /// ..."): the request is work, the text is what they state
_DICTATED = re.compile(
    r"^\W*(?:(?:please|pls|ok|now|and)[,\s]+)?(?:write|put|use|add|make|set|paste|take)\b[^:]{0,60}?\b(?:commit message|"
    r"commit|doc ?comment|docstring|comment|pr description|pull request description|description|changelog(?: entry)?|"
    r"release notes?|adr|readme (?:section|note|paragraph))\b[^:]{0,50}:\s*(?P<text>\S.{19,})$", _I | re.S)
_QUOTE_MARKS = "'\"‘’“”`"


def dictated(sentence: str) -> str | None:
    """The text a request dictates for a commit message, a comment or a document, without its comment
    marks and quotes; None when the sentence dictates nothing."""
    m = _DICTATED.match(sentence.strip())
    if m is None:
        return None
    text = re.sub(r"^(?:///?|#+|--|\*)\s*", "", m.group("text").strip())
    if len(text) > 2 and text[0] in _QUOTE_MARKS and text.rstrip(".!")[-1:] in tuple(_QUOTE_MARKS):
        text = text.strip(_QUOTE_MARKS + " ")  # the whole text quoted, not a quoted word at its start
    return text or None
