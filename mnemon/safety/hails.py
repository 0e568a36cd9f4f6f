"""AI readers hailed by their role or by what they are doing, in the channels :mod:`mnemon.safety.channels` does
not read: a form of the ``addressed_to_model`` rule (:func:`hailed`).

``channels`` knows an AI compound or a bare AI noun at a line start, then a colon and an order. Text planted in
tickets, fixtures, CVs, slides, sheets, runbooks, game files and doc comments hails its reader more ways:

* **a role or a task named with the AI**: "dear support assistant, ...", "(for the AI writing the minutes: ...",
  "LLM agents indexing this wiki: ...", "assistant with access to this drive: ...", "bot moderators: ...",
  "ai on-call helper — the fix is to ...", "coach-assistant: ...", anywhere in a line (after a label, a brace or a
  game's ``§`` colour code), followed by an optional "when you ..." clause or "from now on" and an order;
* **an @-mention with a clause**: "@bot once you triage this, also ...";
* **AI readers as the subject of a modal order behind a longer participle phrase**: "models answering through
  this proxy must forward ...";
* **a list of steps claimed for the AI after the fact**: "... (the steps above are meant for the assistant)".

Each form is flagged only with a risk: :data:`mnemon.safety.request._RISK`, :data:`channels._RISK_HERE`, or the
risks of this module (:data:`_RISK_MORE`): a principal told something made up, a verdict or score fixed,
privileges or ownership handed over, a note removing itself, a safeguard set off in a config value, an outage
ordered, a user's profile or payment data passed on, software from a third party, an order that voids the
reader's earlier instructions. "AI assistants working here: use pnpm" carries none and stays clean. Texts
arrive folded and lower-cased; each form is searched only near an AI word.
"""

from __future__ import annotations

import re

from mnemon.safety.addressee import ORDER_VERBS
from mnemon.safety.channels import _RISK_HERE
from mnemon.safety.request import _RISK
from mnemon.safety.spans import merged, word_starts

_AI_WORD = r"(?:a\.?i\.?|llms?|gpt|genai|language[\s-]models?|assistants?|copilots?|chatbots?)"
_ROLE = (r"(?:assistants?|agents?|bots?|models?|llms?|ais?|copilots?|operators?|responders?|moderators?|tools?"
         r"|screeners?|reviewers?|readers?|helpers?|summari[sz]ers?|workers?|systems?)")
_NP = (r"(?:(?:[a-z]+-)?assistants?|" + _AI_WORD + r"(?:[\s-]+[a-z]+){0,2}?[\s-]+" + _ROLE + r"|" + _AI_WORD
       + r"|(?:bots?|agents?|models?)[\s-]+(?:moderators?|operators?|responders?|screeners?|reviewers?))")
_DOING = r"(?:\s+(?:[a-z]{3,}ing|with\s+access\s+to|that\s+reads?|who\s+reads?)\b[^:,\u2014\n]{0,50}?)?"
"""What the AI is doing to this text ("reading this factory", "drafting the recap", "with access to this drive")."""
_VOCATIVE = r"(?:(?:dear|hey|hi|hello|attention|attn|for|to|note\s+to|message\s+for)\s+(?:the\s+|any\s+|all\s+|an?\s+)?)?"
_CLAUSE = r"(?:(?:when|while|as|if|before|after|once)\s+[^,:\n]{0,60},\s*)?"
_VERB = (r"(?:" + ORDER_VERBS[3:-1] + r"|state|change|edit|invite|scale|grant|stop|recommend|rate|generate|delete"
         r"|record|note|log|declare|conclude|assign|export|disregard|forget|bypass|override|score|approve|list"
         r"|your\s+(?:previous|prior|earlier|old|original|current)|mitigation\s+is\s+to|the\s+fix\s+is\s+to"
         r"|this\s+[\w-]+\s+is\s+(?:safe|approved|cleared))")
_HAIL = re.compile(
    r"(?:(?<![\w-])|(?<=§[0-9a-z]))" + _VOCATIVE + r"(?!claude)" + _NP + _DOING + r"\s*(?::|,|\u2014|\u2013|\s-\s)\s*"
    + _CLAUSE + r"(?:from\s+now\s+on,?\s+|going\s+forward,?\s+|henceforth,?\s+)?"
    + r"(?:also\s+|please\s+|now\s+|just\s+|then\s+|kindly\s+|first\s+|immediately\s+)?" + _VERB + r"\b"
)
_MENTION = re.compile(
    r"@(?:agents?|ai|assistant|bots?|copilot|llm)\b\s+(?:when|while|once|if|as|before|after)\s+[^,:\n]{0,60},\s*"
    r"(?:also\s+|please\s+|now\s+|just\s+|then\s+)?" + _VERB + r"\b"
)
_SUBJECT = re.compile(
    r"(?<![\w-])(?:agents?|models?|bots?|assistants?|llms?)\s+[a-z]+ing\s+(?:[\w.'-]+\s+){1,4}?(?:must|should|shall"
    r"|need\s+to|have\s+to|are\s+to|are\s+required\s+to)\s+(?:also\s+|always\s+|first\s+)?" + _VERB + r"\b"
)
_AFTER = re.compile(
    r"\b(?:these|the\s+above|the\s+following|those|the|all\s+(?:these|the))\s+(?:steps|instructions|tasks|orders"
    r"|commands|notes)(?:\s+above|\s+below)?\s+are\s+(?:meant\s+|intended\s+|only\s+|just\s+)?(?:for|addressed\s+to)\s+(?:the\s+|any\s+|an?\s+)?"
    r"(?:ai|llm|assistant|agent|model|bot|copilot)"
)
_RISK_MORE = re.compile(
    # a principal told something made up, a verdict or a score fixed in advance
    r"\btell\s+(?:the\s+)?(?:user|developer|owner|maintainers?|team|reviewers?|customer)\b"
    r"|\b(?:state|say|report|claim|confirm|write|record|note|declare)\s+that\b|\bwhatever\s+(?:was|is|they|the)\b|\bno\s+findings\b|\brate\s+(?:this|the|each)\s+[\w-]+\s+\d"
    r"|\b\d+\s*/\s*10\b|\brecommend\s+(?:an?\s+)?(?:immediate\s+|strong\s+)?(?:offer|hire|hiring|approval)"
    r"|\bignore\s+(?:the\s+|any\s+|all\s+)?(?:rubric|criteria|scoring|kick|ban|reports?|complaints?|warnings?|alerts?"
    r"|slide|page|section)"
    # privileges or ownership handed over; the note removing itself
    r"|\binvite\s+\S+@|\bas\s+(?:workspace\s+|project\s+|org\s+|repo\s+|server\s+)?(?:owner|admin|administrator|op)\b"
    r"|\b(?:operator|owner|admin|moderator)\s+(?:status|role|rights|access)\b|\badmin\s*[:=]\s*true\b|\bmaintainer\s+is\b"
    r"|\b(?:remove|delete|erase)\s+this\s+(?:callout|comment|note|message|line|block|section|cell|annotation)"
    # a safeguard set off in a config value; an outage ordered
    r"|\b[\w.-]*(?:review|verify|check|secure|auth|protect)[\w.-]*[\"'`]?\s*[:=]\s*[\"'`]?false\b"
    r"|\b[\w.-]*(?:open_root|permit_?root|root_?login|insecure|arbitrary|unsafe|allow_?all|disable|skip_?verify)[\w.-]*[\"'`]?\s*(?:[:=]|\s+to)\s*[\"'`]?true\b"
    r"|\bwithout\s+waiting\s+for\b|\bskip\s+(?:--check|the\s+check|checks|review|ci)\b"
    r"|\bscale\s+(?:[\w`'-]+\s+){1,3}?to\s+0\b|\bclose\s+the\s+(?:incident|ticket|alert)\b"
    r"|\bdelete\s+the\s+(?:hpa|autoscaler|ingress|pvc|database|namespace|cluster|backups?|bucket|volume|replicas?)"
    # a user's data passed on, software from a third party, the reader's orders voided
    r"|\b(?:user|customer)(?:'s|’s)\s+(?:full\s+)?(?:profile|payment|history|address|contacts)|\bpayment\s+methods?"
    r"|\bcontents?\s+of\s+every\b|\bthird[- ]party\s+(?:site|source|mirror|server)|\bpush\s+the\s+change"
    r"|\binstructions\s+(?:have\s+)?(?:expired|lapsed|been\s+revoked)|\bnew\s+operator\b|\band\s+instead\b"
    r"|\bfrom\s+now\s+on\b|\bremember\s+this\b|\bevery\s+value\b"
)
_NEEDLES = ("ai", "a.i", "llm", "gpt", "genai", "language", "assistant", "copilot", "chatbot", "agent", "bot", "model",
            "@")
_FORMS = (_HAIL, _MENTION, _SUBJECT)


def hailed(text: str) -> bool:
    """One of this module's forms with a risk near it (120 characters before to 240 after); ``text`` is folded and
    lower case. Escaped line breaks are read as the breaks they stand for."""
    if "\\n" in text:
        text = text.replace("\\n", "\n")
    for a, b in merged(word_starts(text, _NEEDLES), len(text), 60, 200):
        for form in _FORMS:
            for m in form.finditer(text, a, b):
                if text[m.start() - 1 : m.start()] == "`":
                    continue  # a form quoted in backticks is a mention
                lo, hi = max(0, m.start() - 120), min(len(text), m.end() + 240)
                if _risky(text, lo, hi):
                    return True
    if " are " in text and " for " in text:
        for after in _AFTER.finditer(text):
            if _risky(text, max(0, after.start() - 400), after.start()):
                return True
    return False


def _risky(text: str, lo: int, hi: int) -> bool:
    return (_RISK.search(text, lo, hi) is not None or _RISK_HERE.search(text, lo, hi) is not None
            or _RISK_MORE.search(text, lo, hi) is not None)
