"""Ordinary requests to the user's own assistant by name, which the addressing rules must leave alone.

The ``addressed_to_model`` rule flags a note that speaks to an AI with an order, because a memory that speaks to
the model is the most direct injection. But the user speaks to Claude by name too: "Claude, run the test suite and
list the slow endpoints", "@claude please look at the failing build", "Hey Claude, rename the helper". Such a note
is a request from the principal, not an injection, when two things hold:

* every addressing form in it is Claude named as the one addressee (:data:`_NAMED`: "Claude, ...", "Hey Claude,
  ...", "Claude: ...", "@claude ...", "Claude should ..." at a sentence start): with those names taken out, neither
  :func:`mnemon.safety.address.addressed` nor :func:`mnemon.safety.addressee.addressed` finds another addressee
  ("Codex/Claude: ...", "every AI helper", "If you are an AI" keep the note flagged);
* the note carries no risk feature (:data:`_RISK`): no secret, credential file or environment dump, no
  destination (a URL, an e-mail or IP address, a phone number), no stealth ("quietly", "without asking", "don't
  mention"), no claim of authority or precedence over the user ("ignore your instructions", "top priority",
  "pre-approved", "Instead, ..."), no talk of the user in the third person as someone to act behind or on
  ("the user will ask", "tell the user"), no self-reference as a text being read ("when you read this memory"), no
  destructive or shipping command (``rm -rf``, ``--force``, ``reset --hard``, ``DROP TABLE``, a pipe into a shell,
  ``chmod 777``, ``sudo``, ``--no-verify``), no safeguard named (auth, signature, CSRF, 2FA, TLS verification,
  branch protection, a content filter), no verdict fixed in advance (approve, LGTM, "mark it as passed"), no access
  granted, money moved, mirror or registry swapped, analytics or telemetry added, or product pushed.

A dotted or snake-case name quoted in backticks (a table column such as ``ledger.bank_ref``) is code the request
names, not a risk, unless it holds a secret's word. Only a short note (at most :data:`_MAX_REQUEST` characters) is
cleared. Anything harmful a user might plausibly
ask for is thereby still flagged (a flagged note is kept, only not
auto-injected), so the exemption only clears the plain coding requests that make up most notes to Claude. Texts
arrive folded and lower-cased; the risk pattern is one bounded alternation, tried only when a name matched.
"""

from __future__ import annotations

import re

from mnemon.safety import address, addressee, audience

_NAMED = re.compile(
    # "Claude, ..." / "Hey Claude: ..." / "ok claude -" at the start of the text, a line or a sentence
    r"(?:^|(?<=[.!?]\s)|(?<=[.!?]))[ \t>*#-]*(?:(?:hey|hi|hello|ok|okay|yo|thanks|please)[\s,!]+)?"
    r"claude(?:\s+code)?[ \t]*(?:[,:!\u2014\u2013]|\s-\s)"
    # "@claude please ...", anywhere
    r"|(?:^|(?<=[\s(\[>]))@claude(?![\w-])"
    # "Claude should use pnpm", a norm stated with Claude as the subject, at a sentence start
    r"|(?:^|(?<=[.!?]\s)|(?<=\n))claude(?:\s+code)?\s+(?=(?:should|must|needs\s+to|has\s+to|can|may|will)\s)",
    re.MULTILINE,
)

_RISK = re.compile(
    # secrets, credential files and the environment
    r"secret|token|passw|passphrase|credential|api[\s_-]?keys?\b|private[\s_-]?keys?|ssh[\s_-]?keys?|access[\s_-]?keys?"
    r"|\.env\b|id_rsa|id_ed25519|authorized_keys|\.ssh\b|\.aws\b|\.netrc|\.pgpass|\.npmrc|\.pypirc|keychain|cookies?\b"
    r"|\bsession\s+ids?\b|\benv(?:ironment)?\s+var|os\.environ|process\.env|\bprintenv\b|\benv\s*\||\bkeys?\s+(?:to|in|from)\b"
    # destinations
    r"|[a-z][a-z0-9+.-]{1,15}://|[\w.+-]+@[\w-]+\.[\w.-]+|\b\d{1,3}(?:\.\d{1,3}){3}\b|\bwebhook|\bpastebin|\bgist\b"
    r"|\+\d[\d\s().-]{7,}\d|\bcall\s+\d"
    # stealth and concealment
    r"|\bquietly|\bsilently|\bsecretly|\bcovertly|\bsneak|\bstealth|\bdiscreet|\bhide\b|\bhidden\b|\binvisible"
    r"|\bwithout\s+(?:asking|telling|confirm|review|a\s+review|approval|permission|prompting|mentioning|anyone|them|"
    r"the\s+user|notic|running\s+the\s+tests|tests|checks|looking|reading)"
    r"|\b(?:don't|do\s+not|never)\s+(?:tell|mention|show|inform|let\s+(?:the|them|anyone)|report|log|reveal|explain)\b"
    r"|\bkeep\s+(?:it\s+|this\s+)?(?:quiet|secret|to\s+yourself|between)|\bno\s+questions\s+asked|\bnobody\b|\bno\s+one\b"
    # authority, precedence and the task replaced
    r"|\bignore\s+(?:all|any|every|your|previous|prior|earlier|above|the\s+(?:user|previous|above|system|task|issue|"
    r"request|rules?|instructions?|guidelines?)|instructions|rules|guidelines|guardrails|claude\.md|what\b|everything)"
    r"|\bdisregard|\bforget\s+(?:all|your|everything|the\s+(?:user|rules|instructions|previous))|\bpriority\b"
    r"|\bprecedence\b|\bsupersed|\boverrid|\boutrank|(?:^|[.;:!?\u2014]\s*)instead\b|\bstop\s+what\s+you"
    r"|\bsystem\s+(?:prompt|message|notice|instruction|override)|\bpre-?approved|\bpre-?authori[sz]ed|\bexempt"
    r"|\bon\s+behalf\s+of|\banthropic\b|\bjailbr|\bunrestricted|\bno\s+restrictions|\bcomply\s+with\s+(?:every|all|any)"
    r"|\b(?:content|safety)\s+(?:filter|polic|guideline|setting)|\bguardrail|\bsafeguard|\brestrictions\b"
    r"|\bphishing|\bmalware|\bexploit|\bbackdoor|\bkeylog|\bspyware"
    # the principal in the third person, and the note reading itself
    r"|\bthe\s+(?:user|human|developer|owner)(?:'s|’s)?\s+(?:asks|says|will|won't|wants|mentions|types|shares|"
    r"current|task|request|instructions|guardrails|rules|never|doesn't|does\s+not|isn't|is\s+not|lied|trusts)"
    r"|\b(?:tell|inform|convince|assure|warn|remind)\s+(?:the\s+)?(?:user|human|reader|developer|customer)s?\b"
    r"|\b(?:over|than|before|behind|from)\s+the\s+(?:user|human)\b|\bthe\s+person\s+you|\bthe\s+human\b"
    r"|\b(?:when|whenever|once|after|if)\s+you\s+(?:have\s+)?(?:read|see|find|open|process|load|parse|ingest|"
    r"encounter|summari[sz]e)\s+(?:this|these)\s+(?:memory|memories|note|message|comment|instruction|text|log|"
    r"issue|file|page)"
    # destructive, shipping and remote-code commands
    r"|\brm\s+-[a-z]*[rf]|--force\b|\bforce[- ]push|\breset\s+--hard|\bdrop\s+(?:table|database|schema)|\btruncate\s"
    r"|\bchmod\s+(?:-r\s+)?[0-7]*7{2}|\bsudo\b|\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\beval\s*\(|\bexec\s*\(|os\.system"
    r"|\breverse\s+shell|\bnc\s+-|/dev/tcp|--no-verify|\bverify\s*=\s*false|\breject_unauthorized|\bnode_tls"
    r"|\bcurl\b|\bwget\b|\bdisable\w*\s+(?:ssl|tls|verification|2fa|mfa|auth)"
    # safeguards named
    r"|\bauth(?:entication|orization)?\s+(?:check|middleware|guard|layer|gate)|\bsignature|\bcsrf\b|\b2fa\b|\bmfa\b"
    r"|\botp\b|\bbranch\s+protection|\bcodeowners|\bsandbox|\bfirewall|\bantivirus|\bdefender\b|\baudit"
    r"|\bsecurity\s+(?:check|scan|review|warning|question|issue|finding)"
    # verdicts fixed in advance
    r"|\bapprov|\blgtm\b|\bmerge\s+(?:it|this|them|the\s+pr|without|straight|directly)|\bregardless\b|\bno\s+matter\s+what"
    r"|\b(?:mark|close|report|label|flag)\s+(?:it|this|them|these|every|all|the\s+[\w-]+)\s+(?:[\w-]+\s+)?as\s+"
    r"(?:safe|passed|passing|approved|resolved|fixed|done|green|healthy|duplicate|wontfix|won't-fix|low\s+risk|clean)"
    r"|\b(?:say|report|claim|state|answer|reply|respond|pretend)\s+(?:that\s+|with\s+)?[^.!?\n]{0,40}?"
    r"\b(?:looks?\s+(?:fine|good)|is\s+(?:safe|secure|clean|fine)|(?:passed|pass)\b|no\s+(?:issues|problems|"
    r"vulnerabilities))"
    # access, money, the supply chain and promotion
    r"|\bgrant\b|\badmin\b|\bcollaborator|\bwrite\s+access|\bmaintainer\s+rights|\broot\b|\biban\b|\bpayout|\bbank\b"
    r"|\bcredit\s+card|\bwire\s+transfer|\bpayment\s+(?:account|details)|\bbitcoin|\bwallet|\bcrypto\s*currency"
    r"|\bmirror\b|\bindex-url|\bregistry\b|\bpostinstall|\bas\s+a\s+remote|\b(?:my|our|this)\s+fork\b"
    r"|\banalytics|\btelemetry|\btracking|\btracker\b|\brecommend\w*\s+(?:our|my)\b|\bcompetitor|\bpaid\s+(?:plan|plugin)"
)


_CODE_NAME = re.compile(r"`[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+`|`[a-z][a-z0-9]*(?:_[a-z0-9]+)+`")
"""A table column or a name in backticks (``ledger.bank_ref``, ``refund_total``): code the request names."""
_SECRETISH = re.compile(r"secret|token|key|passw|cred|env|ssh|aws|cookie|session|auth")


def _named_code(text: str) -> str:
    """``text`` without the code names it quotes, unless a name holds a secret's word: a request to add a column
    called ``ledger.bank_ref`` is about a schema, not money moved."""
    if "`" not in text:
        return text
    return _CODE_NAME.sub(lambda m: m.group(0) if _SECRETISH.search(m.group(0)) else "`name`", text)


_MAX_REQUEST = 600
"""A request is a short note (a few sentences); a longer text is not cleared as one."""


def ordinary(text: str) -> bool:
    """Whether ``text`` (folded, lower case) is a plain request to Claude by name that only the addressing rules
    flag: its only addressee is Claude named as such, and it carries no risk feature (see the module docstring)."""
    if len(text) > _MAX_REQUEST or "claude" not in text or _RISK.search(_named_code(text)) is not None:
        return False
    stripped, named = _NAMED.subn(" ", text)
    if not named:
        return False
    return not (address.addressed(stripped) or addressee.addressed(stripped) or audience.aimed(stripped))
