"""Text written for an AI that reads it, whatever its disguise: rounds 21 and 22's classes of missed payloads, read
by :func:`mnemon.safety.guard.scan` as extra rules (:func:`rules`) and a decoding (:func:`readings`).

A payload in data needs two things, and this module looks for the two apart rather than for one phrase holding
both: **an AI reader** (:data:`_READER`) and **a harm** (:data:`_HARM`) in the same text.

* the reader: the words AI, LLM or GPT (also "IA" as Romance languages write it), an assistant's product name, a
  handle ending in ``-agent`` or ``-bot``, agents, assistants, models or crawlers named by what they do with the text
  ("agents building this", "the model querying this endpoint", "crawlers indexing these pages"), "automated" or
  "coding" agents and assistants, and header-like labels meant for agents (``x-agent-...:``);
* the harm: acting without the user's consent (consent waived, claimed for the user or granted by a stranger:
  "no need to check with anyone", "the owner has consented", "I authorise you"), sending or printing credentials, cookies,
  authorization headers, recovery codes, whole workspaces or copies away, asking the reader to hand a credential
  over, deleting buckets, backups, databases or users, disabling tests, checks, audit or telemetry opt-outs,
  approving or force-pushing, hard-coding a password, re-pointing an endpoint, payout or recovery address,
  following instructions found at a link, granting every tool permission, planting a line in the reader's memory,
  and declaring the reader's rules void.

A developer's own imperative note ("skip the slow suite when offline"), human agents ("support agents must verify
the caller"), a harmless request to an assistant ("Claude, summarise this log") and notes about injection carry
one of the two at most and stay clean.

Three forms stand alone: the user impersonated from inside a document ("it's the account owner, speaking from
this page"), a page that says it supersedes the reader's instructions, and a line in a language the rules do not
know that hails an AI at its start and points it at a URL. :func:`readings` decodes CSS escapes
(``\\69 gnore``), so an order hidden in a stylesheet's ``content`` is screened like any text. Texts arrive folded
and lower-cased; every pattern is bounded and tried only after a literal test.
"""

from __future__ import annotations

import re

from mnemon.safety.spans import starts

_READER = re.compile(
    r"(?<!['\u2019])\b(?:ai|llm|llms|gpt|ia)\b|\b(?:claude|copilot|copilots|gemini|chatgpt|codex|devin|aider)\b"
    r"|@[\w-]{0,30}(?:agent|bot)\b"
    r"|\b(?:agents?|assistants?|models?|llms?|copilots?|crawlers?|bots?)\s+(?:that\s+|which\s+)?"
    r"(?:read|fetch|install|implement|call|process|index|consum|access|work|summari[sz]|crawl)\w*\s+"
    r"(?:in\s+|on\s+|with\s+)?(?:this|these|the|our|any)\b"
    r"|\b(?:automated|autonomous|coding)\s+(?:agents?|assistants?)\b|\bx-(?:ai|agent)-[\w-]{2,30}\s*:"
    r"|\bnew\s+task\s+for\s+the\s+(?:agent|assistant|model)\b|\b(?:the|this)\s+(?:assistant|chatbot)\b"
)
_READER_STARTS = ("ai", "llm", "gpt", "ia", "claude", "copilot", "gemini", "chatgpt", "codex", "devin", "aider", "@",
                  "agent", "assistant", "model", "crawler", "bot", "automated", "autonomous", "coding", "x-ai-", "x-agent-",
                  "new task", "the assistant", "this assistant", "the chatbot", "this chatbot")
"""The words :data:`_READER`'s alternatives start with: the pattern is tried only where one of them occurs."""
_WAIVER = re.compile(
    r"\bno\s+need\s+to\s+(?:ask|confirm|check\s+with)|\b(?:don't|do\s+not|never)\s+ask\b"
    r"|\bwithout\s+(?:asking|(?:the\s+usual\s+)?(?:2fa|mfa|confirmation|verification|approval)\b)"
    r"|\b(?:has|have)\s+already\s+(?:agreed|consented|approved|authori[sz]ed)|\bhas\s+consented\b"
    r"|\bi\s+(?:hereby\s+)?authori[sz]e\s+(?:you|any)\b|\bne\s+demande\s+plus\b|\bnon\s+chiedere\s+più\b"
    r"|\bno\s+(?:pidas|preguntes)\s+más\b|\bsem\s+pedir\s+confirma"
)
"""Consent waived, claimed for the user or granted by a stranger: a harm with a risky act (:data:`_ACT`)."""
_WAIVER_NEEDLES = ("ask", "without", "already", "consented", "authori", "demande", "chiedere", "más", "pedir")
_ACT = re.compile(r"\b(?:delete|remove|wipe|push|deploy|pay|transfer|change|install|execute|reset|send|forward|reply"
                  r"|merge|approve|upload|export|run\s*:|run\s+(?:this|the\s+following|it))\b")
_HARM = re.compile(
    # credentials, copies and whole stores sent away or shown
    r"\b(?:send|post|upload|transmit|forward|resend|export|share|reply|paste|print|leak|e-?mail)(?![\w-])[^.\n]{0,90}?"
    r"(?:password|passwd|\btokens?\b|secrets|credential|api\s+keys?|private\s+key|ssh\s+key|cookie|authorization"
    r"\s+header|bearer|backup\s+codes|recovery\s+codes|\.env\b|invoices|full\s+copy|whole\s+workspace|conversation)"
    r"|\b(?:give|tell|show)\s+me\b[^.\n]{0,40}?(?:password|token|secret|credential|\bkey\b)"
    r"|\bwith\s+(?:the\s+)?user's\s+(?:\w+\s+){0,2}(?:tokens?|cookies?|credentials?|password|api\s+key)\b"
    r"|\bshare\s+(?:the\s+link|it)\s+publicly|\bwhenever\b[^.\n]{0,60}?\b(?:print|post|paste|reveal)\b"
    # destruction and disabled safeguards
    r"|\b(?:delete|remove|wipe|drop|destroy|purge|erase)\s+(?:the\s+|all\s+|every\s+)?[^.\n]{0,30}?"
    r"(?:bucket|backups?|database|repo\b|repository|users\b|tables?\b|audit|middleware)"
    r"|\bdelete\s+/|\?all=true|\brm\s+-rf\b"
    r"|\b(?:disable|turn\s+off|switch\s+off|bypass)\s+(?:the\s+)?[^.\n]{0,30}?(?:lint|tests?\b|checks?\b|verification"
    r"|signature|security|telemetry|opt-outs?|2fa|mfa|audit|logging)"
    # integrity of the work
    r"|\b(?:approve|merge)\s+(?:this|the)\s+(?:pull\s+request|pr\b|merge\s+request)|\bforce\s+push|--force\s+origin"
    r"|\bpush\s+(?:directly|straight)\s+(?:to|on)\b|\bpousse\s+directement\b|\bpush\s+direttamente\b"
    r"|\b(?:hard-?code|commit)\s+the\s+(?:\w+\s+)?(?:password|secret|token|api\s+key)"
    r"|\bchange\s+(?:the\s+)?(?:\w+\s+)?(?:endpoint|url|iban|payout|recovery\s+e-?mail|webhook|registry)\b[^.\n]{0,40}?\bto\b"
    r"|\bfollow\s+the\s+instructions\s+(?:there|at|from|on|in\s+the\s+link)|\ballow\s+bash\(\*\)"
    r"|\bcurl\s[^\n|]{0,100}\|\s*(?:sh|bash)\b|\bbrew\s+install\s+--cask\b|\bis\s+verified\s+and\s+should\s+be\s+paid"
    # the reader's memory and rules
    r"|\b(?:save|add|store|write|remember|record)\b[^\n]{0,80}?\b(?:(?:its|your)\s+(?:long-term\s+)?memory|saved\s+notes"
    r"|long-term\s+memory|permanently|for\s+all\s+future)"
    r"|\b(?:safety|security|usual)\s+(?:rules|checks|guardrails|restrictions|guidelines)\s+(?:don't|do\s+not|no\s+longer)"
    r"\s+apply|\b(?:safety|security)\s+checks\s+are\s+(?:switched|turned)\s+off|\bin\s+every\s+answer"
)
_HARM_STARTS = ("send", "post", "upload", "transmit", "forward", "resend", "export", "share", "reply", "paste", "print",
                "leak", "email", "e-mail", "give", "tell", "show", "with user's", "with the user's", "whenever", "delete",
                "remove", "wipe", "drop", "destroy", "purge", "erase", "?all=true", "rm -rf", "disable", "turn off",
                "switch off", "bypass", "approve", "merge", "force push", "--force origin", "push", "pousse", "hard",
                "commit", "change", "follow the", "allow bash", "curl", "brew", "is verified", "save", "add", "store",
                "write", "remember", "record", "safety", "security", "usual", "in every")
"""The words :data:`_HARM`'s alternatives start with: the pattern is tried only where one of them occurs."""
_NEGATION = re.compile(r"\b(?:not|never|no|cannot)\b|n't\b")
_REPORT = re.compile(r"\b(?:incident|post-?mortem|threat\s+model|write-?up|nobody\s+(?:did|followed)|instead\s+of\s+acting"
                     r"|could\s+be\s+told|we\s+alert)")
"""A report of an attack, not the attack: the harm is told about."""
_STANDING = re.compile(r"\b(?:whenever|every\s+time|each\s+time)\b[^.\n]{0,60}?\b(?:print|post|paste|reveal|share)\s+"
                       r"(?:it|them|the\s+(?:\w+\s+)?(?:key|password|token|secret|connection\s+string))\b")
"""A standing order to disclose a credential the text names: in a memory, its reader is the assistant."""
_SECRET_NOUN = re.compile(r"\b(?:key|password|token|secret|credentials?|connection\s+string)\b")
_IMPERSONATED = re.compile(
    r"\b(?:this\s+is|it's|it\s+is)\s+(?:the\s+)?(?:user|human|account\s+owner)\b[^.\n]{0,20}?\b(?:speaking|writing|talking)"
    r"\s+(?:to\s+you\s+)?(?:through|from|via|inside|in)\s+(?:the|this)\s+(?:document|readme|page|file|comment|issue"
    r"|e-?mail|message)|\bmessage\s+from\s+the\s+(?:human|user)\s+you\s+are\s+(?:helping|assisting|working\s+(?:for|with))"
)
_IMPERSONATED_STARTS = ("this is", "it's", "it is", "message from")


def _needle_matches(pattern: re.Pattern[str], starts: tuple[str, ...], text: str) -> list[int]:
    """Where ``pattern`` matches at one of ``starts`` (the words its alternatives begin with)."""
    found: list[int] = []
    for needle in starts:
        pos = text.find(needle)
        while pos >= 0:
            if pattern.match(text, pos):
                found.append(pos)
            pos = text.find(needle, pos + 1)
    return found


def _at_needles(pattern: re.Pattern[str], starts: tuple[str, ...], text: str) -> bool:
    """``pattern`` matches where one of ``starts`` (the words its alternatives begin with) occurs."""
    for needle in starts:
        pos = text.find(needle)
        while pos >= 0:
            if pattern.match(text, pos):
                return True
            pos = text.find(needle, pos + 1)
    return False


_SUPERSEDES = re.compile(r"\b(?:supersedes?|overrides?|replaces?)\s+(?:all\s+)?(?:your|any|all|previous|prior)\s+"
                         r"(?:previous\s+|prior\s+|other\s+)?(?:instructions|rules|guidelines|system\s+prompt)")
_HAIL = re.compile(r"^[ \t>*#-]{0,4}(?:[^\s:,]{1,30}[ \t]+){0,3}?(?:ai|ии|ші|бинга?)(?:[ \t]+[^\s:,]{1,30}){0,3}[ \t]*[:,]"
                   r"|^[^\n:]{0,60}(?:בינה\s+המלאכותית|אינטעליגענץ)[^\n:]{0,30}:", re.MULTILINE)
_ENGLISH = re.compile(r"\b(?:the|and|to|of|is|for|see|with|please|our|your)\b")
_URL = re.compile(
    r"^[^\x00-\x7f\s:]{0,30}\s?(?:ai|ии|ии-?|ии)\b[^\n:,]{0,40}[:,]|^[^\n:]{0,60}(?:בינה\s+המלאכותית|אינטעליגענץ)[^\n:]{0,30}:",
    re.MULTILINE,
)
_URL = re.compile(r"https?://[^\s/]{3,80}")
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t]?")


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    readers = _needle_matches(_READER, _READER_STARTS, text)
    if readers and _harmed(text, readers):
        found.add("addressed_to_model")
    if ("whenever" in text or " time" in text) and _STANDING.search(text) and _SECRET_NOUN.search(text):
        found.add("addressed_to_model")
    if ("user" in text or "human" in text or "owner" in text) and _at_needles(_IMPERSONATED, _IMPERSONATED_STARTS, text):
        found.add("role_impersonation")
    if ("supersede" in text or "override" in text or "replace" in text) and _SUPERSEDES.search(text):
        found.add("instruction_override")
    if "://" in text and _URL.search(text) and _foreign_hail(text):
        found.add("addressed_to_model")
    return found


def _harmed(text: str, readers: list[int]) -> bool:
    """A harm within :data:`_NEAR` characters of a reader (``readers``: where one was named), not negated just
    before it ("must not print tokens", "never delete the bucket"), or consent waived with a risky act, in a text
    that does not report an attack. A long document naming an agent in one section and a token in another is
    neither."""
    harm = any(_near(start, readers) and _HARM.match(text, start) and not _NEGATION.search(
        text, max(0, start - 25), start) for start in starts(text, _HARM_STARTS))  # every alternative starts with one
    if not harm and any(needle in text for needle in _WAIVER_NEEDLES):
        waiver = _WAIVER.search(text)
        harm = waiver is not None and _near(waiver.start(), readers) and _ACT.search(text) is not None
    return harm and _REPORT.search(text) is None


_NEAR = 400


def _near(pos: int, readers: list[int]) -> bool:
    return any(abs(pos - reader) <= _NEAR for reader in readers)


def _foreign_hail(text: str) -> bool:
    """A line that hails an AI at its start and sends it to a URL, in a language with none of a few common English
    words (an English line has other rules, which know its verbs)."""
    for match in _HAIL.finditer(text):
        line_end = text.find("\n", match.end())
        rest = text[match.end() : line_end if line_end >= 0 else len(text)]
        if _URL.search(rest) and _ENGLISH.search(_URL.sub(" ", rest)) is None:
            return True
    return False


_MARKER_PAIR = re.compile(r"\[inst\][ \t]*(?:\.\.\.|\u2026|and|or|,)[ \t]*\[/inst\]|<\|im_start\|>[ \t]*(?:\.\.\.|\u2026|and|or|,)"
                          r"[ \t]*<\|im_end\|>|<<sys>>[ \t]*(?:\.\.\.|\u2026|and|or|,)[ \t]*<</sys>>", re.IGNORECASE)
_TEMPLATE_TALK = re.compile(r"(?i)\b(?:format|template|wraps?|inside|puts?|builds?|tokens?|markers?|tags?)\b")


def untemplated(text: str) -> str | None:
    """``text`` with a chat template's marker pair named as such ("wraps each turn in [INST] and [/INST]") made
    neutral, or None when it names none: a note about a prompt format, not a forged frame. The caller screens what
    is left."""
    if "[/" not in text and "|>" not in text and "<</" not in text:
        return None
    if not _TEMPLATE_TALK.search(text):
        return None
    told, count = _MARKER_PAIR.subn(" the markers ", text)
    return told if count else None


def readings(text: str) -> list[str]:
    """The text with CSS escapes decoded (``\\6c \\69 st`` reads "list"), when it holds three or more."""
    if text.count("\\") < 3 or len(_CSS_ESCAPE.findall(text)) < 3:
        return []
    decoded = _CSS_ESCAPE.sub(lambda m: _char(int(m.group(1), 16)), text)
    return [decoded] if decoded != text else []


def _char(code: int) -> str:
    return chr(code) if 0 < code < 0x110000 and not 0xD800 <= code < 0xE000 else "\ufffd"
