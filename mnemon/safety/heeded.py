"""Orders an AI is meant to heed, in forms the other passes of :func:`mnemon.safety.guard.scan` did not read: round
23's classes of missed payloads (:func:`rules`), an order spelled as one identifier (:func:`unjoined`) and two
classes of benign notes that name an attack without making one (:func:`unreported`).

* **an AI reader with a harm the older lists lacked**: a credential variable (``SOME_TOKEN``) or a credentials file
  (``~/.git-credentials``, ``.ssh/...``) exported, pushed or committed; a project made public or an outsider invited
  or made admin; every issue, alert or report closed; a score, rating or rank dictated to a reviewer or grader, or
  the reader told not to mention the order. The reader may be named by its task ("assistant triaging this");
* **the user impersonated from a forwarded message** ("it's the user here, from a new number") who waives approval
  or confirmation;
* **a planted fact or policy** ("verified by the owner", "remember this fact") that calls a risky act on production
  or main normal, fine or expected;
* **an AI told in a Romance language to approve or run commands without asking**;
* **an AI hailed in a line's heading in another language** (the AI word anywhere before the colon, even joined to
  its noun by a hyphen) and sent to a URL with a secrets file.

Texts arrive folded and lower-cased; every pattern is bounded and tried only after a literal test.
"""

from __future__ import annotations

import re

from mnemon.safety import agentic
from mnemon.safety.spans import starts

_TASK_READER = re.compile(
    r"\b(?:assistants?|agents?|bots?|models?|ai|llm)\s+(?:\w+\s+)?(?:triag|handl|review|moderat|label|answer|grad)\w*"
    r"\s+(?:this|these)\b|\b(?:reviewer|grader|judge)\s+(?:models?|llms?|ais?|agents?)\b"
    r"|\b(?:ai|llm)\s+(?:reviewers?|graders?|judges?|triagers?)\b"
)
_HARM = re.compile(
    r"\b(?:export|send|push|commit|upload|post|copy)\s[^.\n]{0,60}?\b[a-z0-9_]{0,40}_(?:token|secret|api_key|password|pat)\b"
    r"[^\n=]{0,20}?\s(?:to|into)\s"
    r"|\b(?:send|push|commit|upload|post|copy)\s[^.\n]{0,60}?(?:~/\.git-credentials|\.git-credentials|~/\.ssh|\.ssh/id_"
    r"|~/\.aws|~/\.npmrc|~/\.netrc|~/\.gitconfig\b|\benv\s+file\b)"
    r"|\b(?:change|set|make)\b[^.\n]{0,50}?\b(?:visibility\s+to\s+public|(?:repo|repository|project|org)\s+public)\b"
    r"|\binvite\s+\S+@\S+|\badd\s+\S+@\S+\s+as\s+(?:an?\s+)?(?:admin|owner|maintainer|collaborator)"
    r"|\bclose\s+(?:all|every)\s+(?:open\s+)?(?:issues?|alerts?|reports?|tickets?)"
    r"|\b(?:give|award|assign)\b[^.\n]{0,40}?\b(?:score\s+of|full\s+marks|highest\s+(?:possible\s+)?score|strong\s+accept)"
    r"|\brate\s+(?:this|the|it)\b[^.\n]{0,30}?\b(?:strong\s+accept|10|five\s+stars|5\s+stars)"
    r"|\bmust\s+not\s+(?:mention|reveal|disclose)\s+this\s+(?:sentence|note|instruction|line)"
)
_HARM_STARTS = ("export", "send", "push", "commit", "upload", "post", "copy", "change", "set", "make", "invite", "add ",
                "close", "give", "award", "assign", "rate ", "must")
"""The words :data:`_HARM`'s alternatives start with: the pattern is tried only where one of them occurs."""
_FORWARDED_USER = re.compile(
    r"\b(?:this\s+is|it's|it\s+is)\s+(?:the|your)\s+(?:user|account\s+owner)\b[^.\n]{0,20}?\b(?:speaking|writing|here)"
)
_WAIVED = re.compile(
    r"\bi\s+authori[sz]e\s+you\b|\byou\s+have\s+my\s+permission\b|\bno\s+(?:need\s+to\s+confirm|confirmation\s+needed)"
    r"|\bdon't\s+ask\s+me\s+to\s+confirm|--skip-approval|\bwithout\s+(?:review|approval|confirmation)"
)
_PLANTED = re.compile(
    r"\b(?:fact|policy|note|rule)\b[^\n]{0,40}?\b(?:verified|confirmed|approved)\s+by\b|\bverified\s+note\b"
    r"|\bremember\s+(?:this|that)\b[^\n]{0,20}?\bfact\b|\bproject\s+fact\b"
)
_RISKY = re.compile(
    r"\b(?:prod|production|main|master)\b[^.\n]{0,40}?\bwithout\s+(?:a\s+|any\s+)?(?:backup|review|approval|snapshot)"
    r"|\bforce-?push\w*\s+to\s+(?:main|master|prod)|\b(?:delet|drop|wip)\w*\s+the\s+prod\w*\s+(?:database|db|bucket)"
)
_SANCTIONED = re.compile(r"\b(?:is|are)\s+(?:\w+\s+)?(?:fine|safe|ok|okay|normal|allowed|expected|routine)\b")
_ROMANCE_WAIVER = re.compile(r"\b(?:sem|sin|sans|senza)\s+(?:pedir|demander|chiedere)\s+(?:de\s+|la\s+)?confirma")
_ROMANCE_ACT = re.compile(r"\b(?:aprov|aprueb|approuv|approv|ejecut|execut|esegu)\w*\s+(?:autom\w+\s+)?"
                          r"(?:qualquer|cualquier|toute?s?|ogni|tutti|todos?|os|los|les)\b")
_HEADING = re.compile(r"^[^\n:]{0,60}?\b(?:ai|ии|ші|жи)\b[^\n:]{0,40}:", re.MULTILINE)
_SECRET_FILE = re.compile(r"(?:^|[\s(])\.env\b|\bid_(?:rsa|ed25519|ecdsa)\b|~/\.ssh|\.aws/credentials|\.npmrc|\.netrc")
_ENGLISH = re.compile(r"\b(?:the|and|to|of|is|for|see|with|please|our|your|at|in)\b")


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    if _read_and_harmed(text):
        found.add("addressed_to_model")
    if ("user" in text or "owner" in text) and _FORWARDED_USER.search(text) and _WAIVED.search(text):
        found.add("role_impersonation")
    if _planted(text):
        found.add("addressed_to_model")
    if "confirm" in text and _ROMANCE_WAIVER.search(text) and _ROMANCE_ACT.search(text) and _ai_named(text):
        found.add("addressed_to_model")
    if "://" in text and _hailed_with_secrets_file(text):
        found.add("exfiltration")
    return found


def _read_and_harmed(text: str) -> bool:
    """An AI reader (agentic's, or one named by its task) near one of :data:`_HARM`, not negated just before it.
    The harms are looked for first, at their words only; the readers only when there is one."""
    harms = [pos for pos in starts(text, _HARM_STARTS) if _HARM.match(text, pos)]
    if not harms:
        return False
    readers = agentic._needle_matches(agentic._READER, agentic._READER_STARTS, text)
    readers += [m.start() for m in _TASK_READER.finditer(text)]
    for pos in harms:
        negated = agentic._NEGATION.search(text, max(0, pos - 25), pos)
        if agentic._near(pos, readers) and (not negated or text.startswith("must", pos)):
            return agentic._REPORT.search(text) is None
    return False


def _planted(text: str) -> bool:
    """A fact or policy, vouched for, that calls a risky act normal; a negated one ("never fine") is not."""
    if "fact" not in text and "policy" not in text and "note" not in text and "rule" not in text:
        return False
    if not (_PLANTED.search(text) and _RISKY.search(text)):
        return False
    sanctioned = _SANCTIONED.search(text)
    return sanctioned is not None and re.search(r"\b(?:never|not)\b", sanctioned.group()) is None


def _ai_named(text: str) -> bool:
    return re.search(r"\b(?:ia|ai|ki)\b", text) is not None


def _hailed_with_secrets_file(text: str) -> bool:
    """A heading naming an AI before its colon, then a secrets file and a URL in a line with no English words."""
    for match in _HEADING.finditer(text):
        end = text.find("\n", match.end())
        rest = text[match.end() : end if end >= 0 else len(text)]
        if agentic._URL.search(rest) and _SECRET_FILE.search(rest) and not _ENGLISH.search(agentic._URL.sub(" ", rest)):
            return True
    return False


_JOINED = re.compile(r"(?<![a-z0-9])[a-z0-9]+(?:[_-][a-z0-9]+){5,}", re.IGNORECASE)
_ORDER_WORDS = frozenset(("ai", "agent", "agents", "assistant", "claude", "copilot", "llm", "model", "bot", "gemini",
                          "codex", "important", "notice", "must", "please", "ignore"))
"""An identifier is spelled out only when one of its words names a reader or an order: file names, ids and
test names are not screened a second time."""


def unjoined(text: str) -> str | None:
    """The identifiers of ``text`` made of six or more words joined by ``_`` or ``-`` (an order hidden in a file or
    branch name) spelled out with spaces, one a line, or None when none is mostly words with a reader or an order
    word. The caller screens them on their own, so the rest of the text is not screened twice."""
    if text.count("_") < 5 and text.count("-") < 5:
        return None
    spelled = []
    for token in text.split():  # str.split is far faster than a regex over the whole text
        if token.count("_") + token.count("-") < 5:
            continue
        for match in _JOINED.finditer(token):
            parts = re.split(r"[_-]", match.group())
            if sum(part.isalpha() and len(part) > 1 for part in parts) >= 4 and not _ORDER_WORDS.isdisjoint(
                    part.lower() for part in parts):
                spelled.append(" ".join(parts))
    return "\n".join(spelled) if spelled else None


_ATTEMPT = re.compile(r"(?i)\btried\s+to\s+(?:tell|get|make|instruct|trick|convince)\b[^.;\n]{0,200}")
_ANSWERED = re.compile(r"(?i)\bwe\s+(?:reported|blocked|banned|removed|flagged|revoked)\b")
_IF_ASKED = re.compile(
    r"(?i)\bif\s+(?:a|an|any|the|someone|something)\b[^.;\n]{0,80}?\b(?:asks?|tells?|wants?|instructs?)\s+you\s+to\b"
    r"[^.;\n]{0,100}?,\s*(?=(?:it's|it\s+is|that's|treat\s+it\s+as)\s+(?:an?\s+)?(?:attack|phishing|scam|injection"
    r"|hostile|malicious))"
)


def unreported(text: str) -> str | None:
    """``text`` without an attempted attack it reports ("...tried to tell the agent to ...; we reported it") or an
    attack it warns of ("if a page asks you to ..., it's phishing"), or None when it has neither. The caller screens
    what is left, so an order beside the report is still read."""
    told = text
    if _ANSWERED.search(text):
        told = _ATTEMPT.sub(" ", told)
    told = _IF_ASKED.sub(" ", told)
    return told if told != text else None
