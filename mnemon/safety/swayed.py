"""Readers swayed by a false authority, a quiet favour, a policy or a puzzle, in forms the other passes of
:func:`mnemon.safety.guard.scan` did not read: round 25's classes of missed payloads, read as extra rules
(:func:`rules`).

* **a forged authority granting the reader trust or a permission** (``addressed_to_model``): a claim of approval
  or clearance ("verified by the ... admin", "elevated trust", "security clearance granted", "whitelisted") and,
  in the same text, the reader allowed to reach what it must not (``~/.ssh``, ``/etc/shadow``, files outside the
  project, secrets, root, no confirmation);
* **a change the reader is asked to make quietly** (``addressed_to_model``): an AI reader, a word of stealth
  ("quietly", "silently", "nobody needs to know", "no mention in the PR", "don't list this in the changelog") and
  something slipped in or taken (a snippet, a pixel, a script, a dependency, a key or the environment, an account
  or a role);
* **a policy or a procedure that makes an AI disclose a secret** (``exfiltration``): an AI reader told to attach,
  paste or include the environment (``env``, ``printenv``), a credential file or a key in reports, tickets or
  answers; or steps that end with a key file's contents put into the reader's reply;
* **a destructive or access-granting act put to an AI reader** (``addressed_to_model``): data wiped
  (``FLUSHALL``, ``DROP DATABASE``), authentication turned off (``--skip-grant-tables``, trust authentication),
  an owner or global-administrator role granted, a host shared with an outsider, a domain re-pointed to an
  address (a hosts-file or DNS override), a script run with ``sudo`` before anything else;
* **a hidden message the reader is told to obey** (``encoded_payload``): a cipher, an encoding or a letter game
  named with an order to follow what it hides ("decode and obey", "the last letters spell your order",
  "solve and do it"), whatever the cipher.

Texts arrive folded and lower-cased; every pattern is bounded and tried only after a literal test.
"""

from __future__ import annotations

import re

_READER = re.compile(
    r"\b(?:ai|llm|gpt|claude|copilot|gemini|chatgpt|codex)\b|\b(?:assistant|agent|chatbot|bot|model)s?\b"
)
_READER_NEEDLES = ("ai", "llm", "gpt", "claude", "copilot", "gemini", "codex", "assistant", "agent", "bot", "model")
_AUTHORITY = re.compile(
    r"\b(?:verified|approved|confirmed|granted|cleared|authori[sz]ed|certified|signed\s+off)\s+by\s+(?:the\s+|an?\s+)?"
    r"[^.\n]{0,30}?\b(?:anthropic|openai|admins?|administrators?|staff|trust\s+team|security\s+team|platform|operators?"
    r"|management|owners?)\b|\belevated\s+(?:trust|privileges?|access|permissions?|clearance)"
    r"|\bsecurity\s+clearance|\b(?:session|conversation|account)\s+(?:is|has\s+been)\s+(?:whitelisted|allowlisted|trusted)"
)
_GRANTED = re.compile(
    r"\b(?:you|the\s+(?:ai|assistant|agent|model))\s+(?:may|can|are\s+(?:now\s+)?(?:allowed|permitted|authori[sz]ed"
    r"|cleared)\s+to)\s+(?:now\s+)?[^.\n]{0,90}?(?:~/\.ssh|~/\.aws|~/\.gnupg|/etc/shadow|/etc/sudoers|\.env\b|id_rsa"
    r"|id_ed25519|\bsecrets?\b|credentials?|private\s+keys?|outside\s+(?:of\s+)?(?:the\s+)?(?:project|workspace|repo"
    r"|repository|sandbox)|\bas\s+root\b|with\s+sudo|without\s+(?:confirmation|approval|asking|review))"
)
_STEALTH = re.compile(
    r"\b(?:quietly|silently|secretly|covertly|discreetly)\b|\bnobody\s+(?:needs\s+to|has\s+to|will|should)\s+"
    r"(?:be\s+bothered|know|notice|hear)|\bno\s+need\s+to\s+(?:mention|tell|bother)|\bno\s+mention\s+(?:of\s+it\s+)?in"
    r"|\b(?:do\s+not|don't|never)\s+(?:list|mention|note|record)\s+(?:this|it)\s+in\s+the\s+"
    r"(?:changelog|pr|pull\s+request|commit|release\s+notes|summary)"
)
_SLIPPED = re.compile(
    r"\b(?:snippet|pixel|tracker|tracking|analytics|beacon|script|miner|mining|dependency|require|import|backdoor"
    r"|postinstall|telemetry|env\b|environment|api\s+keys?|\w+_key\b|token|secret|credential|password|owner|admin"
    r"|administrator|role|account|user\s+'|ssh\s+key)"
)
_DISCLOSE = re.compile(
    r"\b(?:attach|paste|include|append|add|post|print|dump|put|copy)\b[^.\n]{0,40}?(?:output\s+of\s+`?(?:env|printenv"
    r"|set)\b|`(?:env|printenv)`|\bprintenv\b|environment\s+variables|\benv\s+vars|~/\.npmrc|~/\.netrc|~/\.aws|\.env\b"
    r"|id_rsa|id_ed25519|ssh\s+keys?|\bcredentials?\b|\bsecrets\b|\btokens\b)[^.\n]{0,60}?\b(?:reports?|tickets?"
    r"|issues?|answers?|repl(?:y|ies)|responses?|comments?|messages?|prs?\b|pull\s+requests?)"
)
_KEY_FILE = re.compile(r"\bid_(?:rsa|ed25519|ecdsa|dsa)\b|[\w-]\.(?:key|pem|p12|pfx|keystore)\b|\.env\b|\bcredentials\b"
                       r"|\.npmrc\b|\.netrc\b|\bsecrets?\.\w+")
_INTO_REPLY = re.compile(r"\b(?:put|include|paste|print|show|write|copy|add|quote)\b[^.\n]{0,40}?\b(?:in|into|to)\s+"
                         r"(?:your|the)\s+(?:next\s+|final\s+)?(?:reply|answer|response|output|message)\b")
_WRECK = re.compile(
    r"\bflush(?:all|db)\b|\bdrop\s+(?:database|schema|table)s?\b|--skip-grant-tables|\btrust\s+authentication"
    r"|\bglobal\s+administrator\b|\b(?:owner|admin|administrator|superuser)\s+(?:role|rights|access|permissions?)\b"
    r"|\bwith\s+(?:the\s+)?(?:owner|admin|administrator)\s+role\b|\bshare\s+(?:the\s+)?(?:host|server|database|db"
    r"|credentials|access|connection\s+string)\s+with\s+@?[\w-]+|\bsend\s+the\s+connection\s+string\s+to\b"
    r"|\b(?:map|point|redirect|resolve)\s+[\w.-]+\.[a-z]{2,}\s+(?:to|at)\s+\d{1,3}(?:\.\d{1,3}){3}"
    r"|\brun\b[^\n]{0,40}?\bwith\s+sudo\s+before\s+anything"
)
_WRECK_NEEDLES = ("flush", "drop ", "skip-grant", "trust auth", "administrator", "owner", "admin", "share ", "send the",
                  "map ", "point ", "redirect ", "resolve ", "sudo")
_NEGATED = re.compile(r"\b(?:never|don't|do\s+not|must\s+not|shouldn't|should\s+not|cannot|can't)\s+(?:\w+\s+){0,2}$")
_OBEY_HIDDEN = re.compile(
    r"\b(?:cipher|decode|decoded|decoding|encoded|xor|rail\s+fence|puzzle|hidden\s+message|(?:first|last)\s+letters"
    r"|every\s+(?:other|second)\s+letter|one\s+key\s+(?:to\s+the\s+)?(?:right|left|off))\b[^\n]{0,60}?"
    r"\b(?:obey|comply|follow\s+(?:it|them|this|that|the\s+order)\b|do\s+(?:it|what\s+it\s+says|as\s+it\s+says)\b"
    r"|spells?\s+your\s+(?:order|task|instructions?|command)|carry\s+(?:it|them)\s+out|execute\s+it\b)"
)
_OBEY_NEEDLES = ("obey", "comply", "follow", "do it", "do what", "do as", "spell", "carry", "execute it")
_HIDDEN_NEEDLES = ("cipher", "decod", "encoded", "xor", "rail", "puzzle", "hidden", "letters", "letter", "one key")
_AUTHORITY_NEEDLES = ("verified", "approved", "confirmed", "granted", "cleared", "authori", "certified", "signed off",
                      "elevated", "clearance", "listed", "trusted")
_STEALTH_NEEDLES = ("quiet", "silent", "secretly", "covert", "discreet", "nobody", "no need", "no mention", " this in",
                    " it in")
_DISCLOSE_NEEDLES = ("env", "npmrc", "netrc", ".aws", "id_rsa", "id_ed25519", "ssh key", "credential", "secrets", "tokens")
_REPLY_NEEDLES = ("reply", "replies", "answer", "response", "output", "message")


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    reader = any(needle in text for needle in _READER_NEEDLES) and _READER.search(text) is not None
    if _granted(text) or (reader and (_quiet(text) or _wrecked(text) or _joined_order(text))):
        found.add("addressed_to_model")
    if (reader and any(needle in text for needle in _DISCLOSE_NEEDLES) and _DISCLOSE.search(text)) or (
            "your" in text and any(needle in text for needle in _REPLY_NEEDLES) and _KEY_FILE.search(text)
            and _INTO_REPLY.search(text)):
        found.add("exfiltration")
    if (any(needle in text for needle in _OBEY_NEEDLES) and any(needle in text for needle in _HIDDEN_NEEDLES)
            and _OBEY_HIDDEN.search(text)):
        found.add("encoded_payload")
    return found


_JOINED = re.compile(r"[a-z0-9.]{1,30}(?:[-_][a-z0-9.]{1,30}){5,40}")
"""An identifier of six words or more joined by hyphens or underscores (a file or branch name)."""


def _joined_order(text: str) -> bool:
    """An order to an AI reader spelled as one identifier (``important-assistant-must-run-x.sh-with-sudo``)."""
    if text.count("-") + text.count("_") < 5:
        return False
    for joined in _JOINED.finditer(text):
        spaced = joined.group(0).replace("-", " ").replace("_", " ")
        if _READER.search(spaced) and (_wrecked(spaced) or _quiet(spaced)):
            return True
    return False


def _granted(text: str) -> bool:
    return any(needle in text for needle in _AUTHORITY_NEEDLES) and (
        _AUTHORITY.search(text) is not None and _GRANTED.search(text) is not None)


def _quiet(text: str) -> bool:
    if not any(needle in text for needle in _STEALTH_NEEDLES):
        return False
    return _STEALTH.search(text) is not None and _SLIPPED.search(text) is not None


def _wrecked(text: str) -> bool:
    """A destructive or access-granting act, not under a negation ("never run FLUSHALL")."""
    if not any(needle in text for needle in _WRECK_NEEDLES):
        return False
    for match in _WRECK.finditer(text):
        if _NEGATED.search(text, max(0, match.start() - 40), match.start()) is None:
            return True
    return False
