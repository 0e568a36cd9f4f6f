"""Orders to the reader found by their structure, scored over several weak features instead of one phrase each.

guard's phrase rules catch the families they were written for; a fresh paraphrase slips past them. This screen
asks what an injected order *does* rather than how it is worded. A note is an order to the reader when, inside
one sentence and the next, it

* **addresses a reader**: a second-person word ("you", "your"), an imperative opening a clause ("make sure
  ...", "reply only ..."), or an AI noun ("the assistant", "any agent"); and
* shows at least two kinds of **intent** (weights in brackets; the sum must reach 2):

  - ``stealth`` (1): quietly, silently, without telling or asking, "keep this between us", "don't mention";
  - ``conceal`` (2): the principal kept in the dark: "no need to tell the developer", "make sure the user never
    finds out", "don't mention it to the maintainers";
  - ``weaken`` (1): checks, tests, reviews, confirmations or certificate verification skipped or switched off,
    "without reading the diff", "you never need to ask", a back door or a new collaborator;
  - ``consent`` (1): approval claimed for the order: "the owner has approved", "you have been cleared to", "by
    order of the security team";
  - ``forge`` (2): the principal's words or state made up: "pretend the user said yes", "the user knows";
  - ``hijack`` (1): the reader's own output steered: "your answers ... should", "respond only with", "always say";
  - ``falsify`` (1): a verdict fixed in advance: "say that the audit passed", whatever the file says;
  - ``leak`` (1): a secret (``.env``, keys, tokens, credentials) moved, shown or echoed;
  - ``origin`` (1): the note claims to be the real or higher-priority order, or to come from the developer;
  - ``obsolete`` (1): the reader's guidelines, instructions or training called outdated or replaced;
  - ``delegate`` (1): "carry out whatever is written in TODO.md";
  - ``standing`` (0.5): from now on, whenever, any time; ``destination`` (0.5): a URL, an e-mail or IP address.

A single kind is ordinary engineering talk ("Quietly retry failed uploads", "Skip CI for docs-only changes",
"Send the metrics to metrics@example.com", "You must restart the daemon"); two kinds aimed at a reader are how
an injected order reads. Negated weakening ("never skip the tests") does not count.

:func:`frame` finds upper-case operator and system banners ("BEGIN OPERATOR MESSAGE", "=== ADMIN OVERRIDE ===")
and double-bracketed authority labels ("[[ADMIN]]") that open an order.

Texts arrive folded and lower-cased (``guard._fold``), except for :func:`frame`, which reads the folded text
with its case. Every pattern has bounded repetition; each is run once over the text and its hits are assigned to
sentences, so the cost is linear.
"""

from __future__ import annotations

import re
from bisect import bisect_right

_PRINCIPAL = (
    r"(?:the\s+|your\s+|my\s+|our\s+)?(?:user|developer|dev|owner|maintainers?|human|operator|reviewers?|boss|"
    r"lead|admins?)"
)

_FEATURES: tuple[tuple[str, float, tuple[str, ...], re.Pattern[str]], ...] = (
    # (kind, weight, needles: one must occur for the pattern to be tried, pattern)
    ("stealth", 1.0, ('quiet', 'silent', 'secret', 'covert', 'discreet', 'stealth', 'unnoticed', 'without', 'keep', 'mention', 'say', 'bring', 'disclose', 'explain', 'flag it', 'report it', 'note it', 'tell', 'inform', 'let', 'nobody'), re.compile(
        r"\b(?:quietly|silently|secretly|covertly|discreetly|stealthily|unnoticed|on\s+the\s+quiet)\b"
        r"|\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing|mentioning|letting|flagging|"
        r"reporting|saying|announcing|explaining)\b"
        r"|\bkeep\s+(?:this|it|that)\s+(?:between\s+(?:us|ourselves)|(?:a\s+)?secret|quiet|to\s+yourself|"
        r"off\s+the\s+record)\b"
        r"|\b(?:don't|do\s+not|never|no\s+need\s+to)\s+(?:mention|say\s+(?:why|anything|a\s+word)|bring\s+(?:it|this|"
        r"that)\s+up|disclose|explain\s+why|flag\s+it|report\s+it|note\s+it)\b"
        r"|\b(?:don't|do\s+not|never)\s+(?:tell|inform|let)\s+(?:anyone|anybody)\b|\bnobody\s+(?:needs\s+to|must|should)"
        r"\s+(?:know|find\s+out|notice)\b"
    )),
    ("conceal", 2.0, ('tell', 'mention', 'inform', 'notify', 'alert', 'bother', 'let', 'never', 'not', "n't", 'hide', 'conceal'), re.compile(
        r"\b(?:don't|do\s+not|never|no\s+need\s+to|without|not)\s+(?:tell(?:ing)?|mention(?:ing)?\s+(?:it|this|that|"
        r"them|anything)\s+to|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|bother(?:ing)?|let(?:ting)?)\s+"
        + _PRINCIPAL + r"\b(?!\s+(?:know\s+)?(?:how|when|where|which|whether)\b)"
        r"|\b" + _PRINCIPAL + r"\s+(?:must\s+|should\s+|will\s+|can\s+)?(?:never|not|n't|doesn't|does\s+not|won't|"
        r"will\s+not|can't|cannot)\s+(?:ever\s+)?(?:finds?\s+out|notices?|realises?|realizes?|learns?\s+(?:of|about)|"
        r"suspects?|knows?\s+(?:about|that|what))\b"
        r"|\b(?:hide|conceal)\s+(?:it|this|that|them|the\s+\w+)\s+from\s+" + _PRINCIPAL + r"\b"
    )),
    ("weaken", 1.0, ('skip', 'bypass', 'disable', 'turn off', 'switch', 'comment out', 'stop', 'suppress', 'silence', 'circumvent', 'neuter', 'weaken', 'loosen', 'relax', 'waive', 'are', 'is', 'ha', 'without', 'verify', 'backdoor', 'back door', 'fallback', 'master', 'skeleton', 'accept'), re.compile(
        r"\b(?:skip|skipping|bypass|disable|turn\s+off|switch\s+off|comment\s+out|stop\s+(?:running|flagging|"
        r"warning\s+about|reporting|checking)|suppress|silence|circumvent|neuter|weaken|loosen|relax|waive)\b"
        r"[^.;!?\n]{0,40}?\b(?:reviews?|tests?|ci|checks?|verification|verify|confirmations?|2fa|mfa|two-factor|"
        r"auth(?:entication|orization)?|tls|ssl|certificates?|warnings?|safety|security|protections?|lint(?:ing|er)?|"
        r"audits?|scans?|guardrails|sandbox|approvals?|signing|signatures?|validation|sanitization|csrf|risks?|"
        r"vulnerabilit(?:y|ies)|eval\(\)|alerts?)\b"
        r"|\b(?:safety|security|checks?|guardrails|restrictions|filters?|reviews?|confirmations?|tests|"
        r"verification|protections?)(?:\s+(?:in|on|for|of)\s+[\w./-]+)?\s+(?:are|is|have\s+been|has\s+been)\s+(?:now\s+)?(?:switched\s+off|turned\s+off|"
        r"disabled|off|lifted|removed|suspended|waived|optional|not\s+(?:required|needed)|unnecessary|fake|bogus|"
        r"pointless|obsolete)\b"
        r"|\bwithout\s+(?:a\s+|any\s+)?(?:review(?:ing)?|reading|confirmation|confirming|checking|testing|approval|"
        r"looking\s+at|running\s+the\s+tests)\b"
        r"|\bverify\s*=\s*false\b|\b(?:backdoor|back\s+door|fallback\s+login|master\s+password|skeleton\s+key)\b"
        r"|\baccepts?\s+(?:any|every|the)\s+password\b"
    )),
    ("access", 1.0, ('add ', 'grant'), re.compile(
        r"\badd\s+\S+\s+(?:as\s+)?(?:an?\s+)?(?:maintainer|collaborator|admin|owner|co-?owner|codeowner)s?\b"
        r"|\bgrant\s+\S+\s+(?:admin|write|owner|root|push)\s+(?:access|rights|permissions?)\b"
    )),
    ("consent", 1.0, ('approved', 'authori', 'okayed', 'cleared', 'sanctioned', 'you', 'permission'), re.compile(
        r"\b(?:approved|authori[sz]ed|pre-?approved|okayed|cleared|sanctioned)\s+(?:every|all|any|everything|"
        r"anything|whatever)\b"
        r"|\byou(?:'ve|\s+have)?\s+(?:been|got|have)\s+(?:cleared|authori[sz]ed|granted|given\s+(?:permission|"
        r"clearance|approval|the\s+go-ahead)|pre-?approved|permission\s+from)\b"
        r"|\byou\s+have\s+(?:the\s+)?(?:[\w']+\s+){0,2}(?:permission|blessing|approval|go-ahead|authori[sz]ation)\s+"
        r"(?:from|of)\b"
        r"|\byou(?:'re|\s+are)\s+(?:now\s+)?(?:allowed|permitted|cleared|authori[sz]ed)\s+to\s+(?:read|send|share|"
        r"skip|bypass|disable|delete|push|run|execute|ignore|echo|print|upload|commit|merge|approve|access|turn)\b"
        r"|\bpermission\s+granted\b"
    )),
    ("claimed", 0.5, ('approved', 'authori', 'signed off', 'okayed', "ok'd", 'cleared', 'consented', 'sanctioned', 'green', 'want', 'order', 'behalf', 'blessing', 'permission', 'approval'), re.compile(
        r"\b(?:user|owner|maintainers?|developers?|team|admins?|operator|lead|boss|management|cto|owners)(?:'s)?\s+"
        r"(?:has\s+|have\s+)?(?:already\s+)?(?:approved|authori[sz]ed|signed\s+off|pre-?approved|okayed|ok'd|"
        r"cleared|consented|sanctioned|green-?lit|wants?\s+(?:you|it|this))\b"
        r"|\b(?:by\s+order|on\s+(?:the\s+)?orders?|on\s+behalf|with\s+the\s+(?:blessing|permission|approval))\s+of\b"
        r"|\bsigned\s+off\s+on\s+(?:it|this|that)\b"
    )),
    ("unleash", 1.5, ('you', 'your'), re.compile(
        r"\byou\s+(?:no\s+longer|don't|do\s+not|never|won't)\s+(?:need|have)\s+(?:to\s+)?(?:ask|confirm|check|"
        r"(?:any\s+)?(?:permission|confirmation|approval|review))\b"
        r"|\byour\s+(?:safety|security)\s+(?:checks|rules|filters|guidelines|restrictions|training)\b"
    )),
    ("forge", 2.0, ('pretend', 'knows', 'agreed', "won't", 'never', 'assume'), re.compile(
        r"\bpretend\s+(?:that\s+)?" + _PRINCIPAL + r"\s+(?:said|agreed|approved|answered|confirmed|asked|wants?|"
        r"replied)\b"
        r"|\b(?:the\s+)?(?:user|developer|owner)\s+(?:already\s+)?(?:knows(?:\s+about\s+(?:it|this))?[.;,!]|"
        r"agreed\s+to\s+(?:this|it)|won't\s+(?:check|mind|notice|read)|never\s+(?:checks|reads|looks|reviews))"
        r"|\bassume\s+(?:that\s+)?" + _PRINCIPAL + r"\s+(?:said|agreed|approved|answered|confirmed)\s+yes\b"
    )),
    ("hijack", 1.0, ('your', 'answer', 'respond', 'reply', 'always', 'only', 'say'), re.compile(
        r"\byour\s+(?:answers?|replies|responses?|output|reviews?|summar(?:y|ies)|reports?)\b"
        r"|\b(?:answer|respond|reply)\s+(?:to\s+)?(?:every|all|any|each|only)\b"
        r"|\b(?:always|only)\s+(?:say|answer|respond|reply|report|claim|state)\b"
        r"|\b(?:respond|reply|answer|say)\s+(?:only\s+)?(?:with\s+)?[\"'“‘][^\"'”’\n]{1,40}[\"'”’]"
        r"|\b(?:respond|reply|answer)\s+only\s+with\b"
    )),
    ("falsify", 1.0, ('say', 'report', 'claim', 'state', 'answer', 'reply', 'confirm', 'tell', 'regardless', 'no matter', 'whatever', 'irrespective', 'lgtm'), re.compile(
        r"\b(?:say|report|claim|state|answer|reply|confirm|tell\s+\w+)\s+(?:that\s+)?[^.;!?\n]{0,50}?\b(?:passed|"
        r"is\s+safe|are\s+safe|looks?\s+good|is\s+fine|no\s+issues|is\s+secure|are\s+green|succeeded|lgtm|"
        r"no\s+restrictions)\b"
        r"|\b(?:regardless\s+of|no\s+matter|whatever|irrespective\s+of)\s+(?:what\s+)?(?:the\s+)?[\w./-]+"
        r"(?:\s+[\w./-]+)?\s+(?:says?|shows?|contains?|reports?|returns?)\b"
        r"|\b(?:respond|reply|answer)\s+[\"'“‘]?lgtm\b"
    )),
    ("leak", 1.0, ('.env', 'credential', 'token', 'api', 'password', 'private', 'id_', '.pem', 'secret', 'ssh', '~/.aws', 'env', 'cookie', 'session'), re.compile(
        r"\b(?:send|upload|post|paste|echo|print|share|email|forward|leak|expose|publish|put|include|append|copy|"
        r"sync|mirror|dump|reveal|show|output|collect|gather|grab|exfiltrate|transmit|read)\b[^.;!?\n]{0,50}?"
        r"(?:\.env\b|\bcredentials?\b|\btokens?\b|\bapi[\s_-]?keys?\b|\bpasswords?\b|\bprivate[\s_-]?keys?\b|"
        r"\bid_(?:rsa|ed25519|ecdsa)\b|\.pem\b|\bsecrets?\b|\bssh[\s_-]keys?\b|~/\.ssh\b|~/\.aws\b|"
        r"\benv(?:ironment)?\s+var(?:iable)?s\b|\bcookies?\b|\bsession\s+ids?\b)"
    )),
    ("origin", 1.0, ('coming', 'priority', 'job', 'task', 'goal', 'purpose', 'mission', 'this', 'treat'), re.compile(
        r"\bcoming\s+(?:straight\s+|directly\s+)?from\s+(?:the\s+)?(?:developer|owner|user|operator|admin|"
        r"maintainers?|system)\b"
        r"|\b(?:new|real|true|actual|top|highest|first)\s+(?:priority|job|task|goal|purpose|mission)\s+(?:for\s+you|"
        r"is|in\s+this|:)"
        r"|\b(?:in|from)\s+this\s+(?:note|memory|file|message|comment|document)\s+(?:replaces?|supersedes?|"
        r"overrides?|takes?\s+precedence|wins?|comes?\s+first|appl(?:y|ies)\s+instead)\b"
        r"|\btreat\s+(?:this|it|anything|everything|whatever)\b[^.;!?\n]{0,40}?\bas\s+(?:coming|an?\s+order|orders|"
        r"instructions?|authoritative|binding|official)\b"
    )),
    ("precedence", 1.0, ('above', 'over', 'before', 'instead', 'ahead', 'priority', 'precedence'), re.compile(
        r"\b(?:above|over|before|instead\s+of|ahead\s+of)\s+(?:whatever|anything|what|everything)\s+(?:the\s+user|"
        r"they|the\s+developer|the\s+human|the\s+operator)\s+(?:types?|says?|asks?|writes?|wants?)\b"
        r"|\bpriority\s+(?:0|zero|one|1)\b|\bhighest[\s-]priority\b|\boverrides?\s+(?:the\s+user|everything|"
        r"all\s+other)\b|\btakes?\s+precedence\s+over\s+(?:the\s+user|anything|everything|whatever)\b"
    )),
    ("obsolete", 1.0, ('outdated', 'obsolete', 'void', 'supersede', 'replace', 'revoked', 'no longer', 'override'), re.compile(
        r"\b(?:guidelines|instructions|rules|prompt|training|directives|policies|safeguards)\b[^.;!?\n]{0,40}?"
        r"\b(?:are|is|were|have\s+been|has\s+been)\s+(?:now\s+)?(?:outdated|obsolete|void|superseded|replaced|"
        r"revoked|no\s+longer\s+(?:valid|in\s+force|binding))\b"
        r"|\b(?:replace|supersede|override)s?\s+(?:them|those|your\s+\w+)\b"
    )),
    ("delegate", 1.0, ('whatever', 'everything', 'anything', 'all that'), re.compile(
        r"\b(?:carry\s+out|execute|run|follow|do|obey|perform|apply)\s+(?:whatever|everything|anything|all\s+that)"
        r"\s+(?:is\s+|it\s+)?(?:written|said|says|listed|appears?|found|stated|in)\b"
        r"|\bwhatever\s+the\s+next\s+(?:message|line|note|memory)\s+says\b"
    )),
    ("standing", 0.5, ('from ', 'going forward', 'henceforth', 'whenever', 'time', 'session'), re.compile(
        r"\b(?:from\s+(?:now|this\s+(?:message|point|note|memory)|here)\s+on(?:wards?)?|going\s+forward|henceforth|"
        r"whenever|every\s+time|any\s+time|anytime|each\s+time|in\s+(?:every|all|future)\s+sessions?)\b"
    )),
    ("destination", 0.5, ('://', '@', '.', 'public', 'pastebin', 'chat'), re.compile(
        r"\b[a-z][a-z0-9+.-]{1,10}://[^\s]+|\b[\w.+-]+@[\w-]+\.[\w.]+\b|\b\d{1,3}(?:\.\d{1,3}){3}\b"
        r"|\bpublic\s+(?:gist|paste|repo|bucket|channel)\b|\bpastebin\b|\b(?:in|into)\s+the\s+chat\b"
    )),
)

_NEGATED_WEAKEN = re.compile(
    r"\b(?:never|don't|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|not|no\s+one\s+should|avoid)\s+"
    r"(?:[\w'-]+\s+)?\Z"
)
_SECOND_PERSON = re.compile(r"\b(?:you|your|yourself|you'll|you're|you've|you'd)\b")
_AI_READER = re.compile(
    r"\b(?:the|any|every|each|whichever|whatever)\s+(?:[\w-]+\s+)?(?:assistant|agent|model|ai|llm|bot|copilot|"
    r"claude)s?\b|\bwhoever\s+reads\s+this\b|\breads?\s+this\s+next\b"
)
_IMPERATIVE = re.compile(
    r"(?:^|(?<=[.!?;:\n(\"“])|(?<=,\s))\s*(?:(?:please|just|now|also|then|and)\s+)?(?:make\s+sure|ensure|stop|"
    r"keep|treat|reply|respond|answer|say|add|remove|delete|disable|skip|turn|switch|comment|send|upload|post|"
    r"paste|echo|print|share|email|forward|put|include|copy|sync|dump|reveal|show|collect|grab|read|pretend|"
    r"assume|approve|merge|push|commit|deploy|run|execute|carry|follow|obey|change|set|edit|write|replace|ignore|"
    r"forget|drop|grant|give|tell|mark|hide|accept|act|consider|silently|quietly|secretly|never|always|don't|"
    r"do\s+not)\b"
)
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n|[。！？；]")
_THRESHOLD = 2.0


def _sentence_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in _SENTENCE_END.finditer(text)]


def scores(text: str) -> dict[str, float]:
    """The intent kinds, with their weights, of the best-scoring pair of adjacent sentences of ``text`` (folded,
    lower case) that addresses a reader and reaches the threshold; empty when there is none."""
    candidates = [(name, weight, pattern) for name, weight, needles, pattern in _FEATURES
                  if any(needle in text for needle in needles)]
    if sum(weight for _, weight, _ in candidates) < _THRESHOLD:
        return {}
    starts = _sentence_starts(text)
    count = len(starts)
    found: list[dict[str, float]] = [{} for _ in range(count)]
    for name, weight, pattern in candidates:
        for match in pattern.finditer(text):
            if name in ("weaken", "leak") and _NEGATED_WEAKEN.search(text, max(0, match.start() - 30), match.start()):
                continue
            found[bisect_right(starts, match.start()) - 1][name] = weight
    best: dict[str, float] = {}
    for index in range(count):
        pair = range(index, min(count, index + 2))
        merged: dict[str, float] = {}
        for i in pair:
            merged.update(found[i])
        if sum(merged.values()) <= sum(best.values()) or sum(merged.values()) < _THRESHOLD:
            continue
        end = starts[pair[-1] + 1] if pair[-1] + 1 < count else len(text)
        if any(pattern.search(text, starts[index], end) for pattern in (_SECOND_PERSON, _AI_READER, _IMPERATIVE)):
            best = merged
    return best


def directive(text: str) -> str | None:
    """The guard rule for an order to the reader in ``text`` (folded, lower case) by :func:`scores`:
    ``conceal_from_user`` when keeping the principal in the dark is what carries it, else ``addressed_to_model``;
    None when there is no such order."""
    found = scores(text)
    if sum(found.values()) < _THRESHOLD:
        return None
    if "conceal" in found and sum(found.values()) - found["conceal"] < _THRESHOLD:
        return "conceal_from_user"
    return "addressed_to_model"


_FRAME = re.compile(
    r"\b(?:BEGIN|START|END|OPEN|CLOSE)\s+(?:OF\s+)?(?:THE\s+)?(?:SYSTEM|OPERATOR|ADMIN|ADMINISTRATOR|DEVELOPER|"
    r"ROOT|TRUSTED|PRIORITY|PRIVILEGED|INTERNAL|OVERRIDE)\s+(?:MESSAGE|PROMPT|INSTRUCTIONS?|NOTICE|BLOCK|DIRECTIVES?|"
    r"ORDERS?|COMMANDS?|CONTEXT|SECTION)\b"
    r"|\[\[\s*(?:SYSTEM|ADMIN|ROOT|OPERATOR|DEVELOPER|OVERRIDE|PRIORITY|SUDO)\s*\]\]"
    r"|(?:^|\n)\s*(?:={3,}|-{3,}|#{2,}|\*{3,})\s*(?:SYSTEM|OPERATOR|ADMIN|DEVELOPER|ROOT)\s+(?:OVERRIDE|MESSAGE|"
    r"PROMPT|NOTICE|INSTRUCTIONS?)\s*(?:={3,}|-{3,}|#{2,}|\*{3,})?"
)


def frame(folded: str) -> bool:
    """An upper-case operator or system banner, or a double-bracketed authority label (``folded`` keeps its case)."""
    if "[[" not in folded and not any(word in folded for word in ("SYSTEM", "OPERATOR", "ADMIN", "DEVELOPER", "ROOT",
                                                                 "TRUSTED", "PRIORITY", "PRIVILEGED", "INTERNAL",
                                                                 "OVERRIDE")):
        return False
    return _FRAME.search(folded) is not None
