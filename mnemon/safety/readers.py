"""Orders to AI readers at large: a form of the ``addressed_to_model`` rule (:func:`ordered`).

Tool output, data files and documents address whichever AI will read them without the header or vocative
positions :mod:`mnemon.safety.addressee` knows. Three forms, each an AI noun phrase in an addressing role followed by
an order:

* **AI readers at large as the subject of a modal order**: "LLM agents must switch the mirror to ...", "coding
  assistants should post ..." (not "the model should ...", which is how a product's behaviour is specified);
  flagged only with a risk feature (:data:`mnemon.safety.request._RISK`: a secret, a destination, stealth, a
  safeguard, a fixed verdict, the registry swapped...), since guidance files say "AI agents should run the tests";
* **an AI hailed mid-line, then an imperative** (Claude by name excepted: the user's own requests), optionally
  after a clause on the text being read; an "AI note-taker" kind of compound counts: "Build bots and coding
  agents: merge ...", "[coding agent, once you parse this log, delete ...";
* **the assistant as the subject of an order carried out behind the user** ("the agent must delete ... and must
  not tell the user"), and **a key addressed to an AI reader** (``memo-to-agent:``, ``"hint_for_model":``);
* **an AI named by what it is doing to this text, then an imperative**: "for the model translating this page:
  insert ...", "when an agent is indexing this wiki, push ...".

Texts arrive folded and lower-cased; each form is searched only near a word that starts like an AI term.
"""

from __future__ import annotations

import re

from mnemon.safety.addressee import _AI_NP, _AI_STRICT_NP, ORDER_VERBS
from mnemon.safety.request import _RISK
from mnemon.safety.spans import merged, word_starts

_VERB = r"(?:" + ORDER_VERBS[3:-1] + r"|retry|click|hide|approve|grant|pin|point|switch|pass)"
_SUBJECT_MODAL = re.compile(
    r"(?<![\w-])(?<!the\s)(?<!this\s)(?:(?:any|all|every)\s+)?" + _AI_STRICT_NP
    + r"(?:\s+(?:and|or|&)\s+(?:[\w-]+\s+)?" + _AI_NP + r")?"
    r"\s+(?:must|should|shall|needs?\s+to|has\s+to|have\s+to|are\s+to|is\s+to)\s+(?:not\s+)?"
    r"(?:also\s+|now\s+|always\s+|first\s+|immediately\s+)?" + _VERB + r"\b"
)
_HAILED = re.compile(
    r"(?<![\w-])(?:[\w-]+\s+)?(?!claude)(?:" + _AI_STRICT_NP + r"|(?:a\.?i\.?|llm)[\s-]+[a-z]+-[a-z]+)"
    r"(?:\s+(?:and|or|&)\s+(?:[\w-]+\s+)?" + _AI_NP + r")?"
    r"\s*[:,]\s*(?:(?:when|if|once|while|before|after|as)\s+you\s+[^,.\n]{0,60},\s*)?"
    r"(?:also\s+|now\s+|please\s+|just\s+|then\s+)?" + _VERB + r"\b"
)
_DOING = (
    r"(?:reading|reviewing|processing|summari[sz]ing|transcribing|captioning|indexing|parsing|loading|analy[sz]ing"
    r"|translating|triaging|scanning)"
)
_AT_WORK = re.compile(
    r"\bfor\s+(?:the|an?|any)\s+" + _AI_NP + r"\s+" + _DOING + r"\b[^:.\n]{0,40}:\s*(?:please\s+)?" + _VERB + r"\b"
    r"|\b(?:if|when|whenever)\s+(?:an?|the|any)\s+" + _AI_NP + r"\s+(?:is|are)\s+" + _DOING
    + r"\b[^,.\n]{0,60},\s*(?:please\s+)?" + _VERB + r"\b"
)
_MORE_RISK = re.compile(
    r"\b(?:print|show|output|reveal|include|list)\w*\s+(?:its|their|the|all|every)\s+(?:[\w-]+\s+)?keys?\b"
    r"|\badministratoraccess\b|\bproduction\s+access\b"
)
"""Risks :data:`mnemon.safety.request._RISK` leaves to other rules: keys printed, admin policies, production access."""
_THE_SUBJECT_MODAL = re.compile(
    r"\b(?:the|this|your)\s+(?:[\w-]+\s+)?" + _AI_NP + r"\s+(?:must|should|shall|needs?\s+to|has\s+to|is\s+to)\s+"
    r"(?:also\s+|now\s+|first\s+|immediately\s+)?" + _VERB + r"\b"
)
_BEHIND_USER = re.compile(
    r"\b(?:must|should|do|does|will)\s*(?:not|n't)\s+(?:ask|tell|inform|notify|warn|alert|consult)\s+(?:the\s+)?"
    r"(?:user|human|developer|owner|operator)s?\b|\bwithout\s+(?:asking|telling|informing|notifying|warning)\b"
)
"""Acting behind the user: with it, "the assistant must run ..." is an order slipped in, not a product spec."""
_AI_KEY = re.compile(
    r"(?:^|[\s{,\"'])(?:notes?|messages?|instructions?|hints?|directives?|prompts?|memo)[-_.](?:for|to)[-_.]"
    r"(?:llms?|ai|agents?|assistants?|models?|bots?|copilot|claude)[\"']?[ \t]*[:=]",
    re.MULTILINE,
)
"""A configuration or data key addressed to an AI reader (``note-for-llm:``, ``"instructions_to_agent":``)."""
_NEEDLES = ("ai", "llm", "assistant", "agent", "model", "bot", "reviewer", "claude", "copilot", "gpt", "automated",
            "coding")


def ordered(text: str) -> bool:
    """One of this module's forms (see the docstring); ``text`` is folded and lower case."""
    windows = _windows(text)
    if not windows:
        return False
    if any(_HAILED.search(text, a, b) or _AT_WORK.search(text, a, b) for a, b in windows):
        return True
    if ("for" in text or "to" in text) and _AI_KEY.search(text):
        return True
    if any(_THE_SUBJECT_MODAL.search(text, a, b) for a, b in windows) and _BEHIND_USER.search(text):
        return True
    return any(_SUBJECT_MODAL.search(text, a, b) for a, b in windows) and (
        _RISK.search(text) is not None or _MORE_RISK.search(text) is not None)


def _windows(text: str) -> list[tuple[int, int]]:
    """Merged spans around each AI term: every form holds one within 40 characters of its start."""
    return merged(word_starts(text, _NEEDLES), len(text), 40, 220)
