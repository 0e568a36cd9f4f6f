"""Orders to an AI reader known by what they would make it do, whatever carries them: round 15's classes of
missed payloads, read by :func:`mnemon.safety.guard.scan` as extra rules (:func:`rules`).

A payload has two parts whatever its disguise: something that makes the reader take the text as meant for it
(it is named or hailed, the text is forged as its own machinery, or the text claims a place in its memory), and
something the writer wants done that the user would not want. The first part takes endless forms (a label in a
log line, a template comment, a tool-call token, a chat bot's name), so this module reads the second part broadly,
as a few categories of *harm* (:data:`_HARMS`), and asks for one of them beside a weak sign of the first:

* **an AI reader addressed** (``addressed_to_model``): an AI noun (AI, assistant, agent, model, LLM, Claude, bot,
  copilot, with what it is doing: "AI helpers watching this room", "any assistant hooked in here") set before a colon or
  comma, after "note to" / "message for" / "to any", or as a vocative, with a harm within the next 400
  characters;
* **an agent's rule file** (``addressed_to_model``): a header naming an agent's rule or prompt file (``.rules``,
  ``.cursorrules``, ``AGENTS.md``, ``.goosehints``, ``*.mdc``) addresses the whole text to an AI, so any harm in
  it counts;
* **forged agent machinery** (``role_impersonation``): a tool-call or code-interpreter token or block
  (``<|python_tag|>``, ``<tool_call>``, a ReAct ``Action Input:``, an ``<execute_command>`` element, a
  tool-calls-begin token) with a harm or a shell command that ships data out;
* **a standing order** (``addressed_to_model``): the text asks to be kept for all future sessions ("keep this
  for every later session", "recuerda para siempre") and carries a harm;
* **a blanket waiver** (``addressed_to_model``): every command run without asking, warnings never shown, or a
  safeguard said to be approved already, with a second harm of another kind (a pretext of need or of an earlier
  approval wrapped around it).

Harms (:data:`_HARMS`): the reader's rules set aside; secrets or private files read or sent; data sent to an
address; destructive or forced commands; a safeguard switched off; the act hidden from the user; privileges
handed out; third-party code or package sources put in; a login planted (a key appended to ``authorized_keys``,
a line to a shell profile or ``crontab``); and, widened for rounds 17 and 18's classes, the reader told to call
something safe or to mark findings resolved or to approve, rules declared suspended, warnings or caveats left out,
protections, pinning or checksums declared unneeded, a package put in from a URL or a fork, mail relayed to an
address, a secret printed into a pipe to the network, databases dropped and commands run as root. Orders with no harm ("AI assistant: use pnpm",
"Claude, summarise this log") and texts that describe an attack ("a log line addressed to the AI made the bot
report ...") stay clean: description carries the harm in the past tense or as a noun, which the harm patterns,
written as orders, do not read. Texts arrive folded and lower-cased; every pattern is bounded.
"""

from __future__ import annotations

import re

_AI_NOUN = (r"(?:ai\b(?:[ \t]+[a-z]+){0,2}|a\.i\.|claude|assistants?|agents?|models?|llms?|copilots?|chatbots?|bots?"
            r"|language[ \t]+models?)")
_ADDRESS = re.compile(
    r"(?:^|[\[(%{}|>#/*;:.!?\u2014\u2013\"'`=]|--|@[a-z]+[ \t]|\bnote[ \t]+to|\b(?:message|note|memo)[ \t]+(?:for|to|from)"
    r"|\b(?:to|for|from|dear|hey|attention)[ \t]+(?=(?:the|any|all|every|ai|a\.i\.|browsing|browser|coding|review"
    r"|security|agents?|assistants?|models?|llms?)\b))[ \t]*"
    r"(?:(?:the|any|all|every|this|your)[ \t]+)?(?:(?:previous|earlier|former|old|new|last|prior|[a-z]+-[a-z]+"
    r"|[a-z]{2,}(?:er|or|ing)|coding|review|security)[ \t]+)?(?:" + _AI_NOUN + r"|[a-z]+[ \t]*\((?:ai|llm)\))"
    + r"(?:[ \t]+(?:reading|integrated|processing|summari[sz]ing|working|running|parsing|indexing"
      r"|in|on|here|with|only|[a-z]{3,}ing)\b[^:,\n]{0,40})?[ \t]*(?:[:,]|[\u2014\u2013]|--)",
    re.MULTILINE,
)
"""An AI reader addressed: after a line start, punctuation, a quote, an equals sign, a ``@tag`` or a dash, or as
the receiver or sender of a note, with perhaps a modifier before the noun ("the earlier assistant", "code-review
agent") and a participle clause after it ("AI agent scanning this repo"), before a colon, comma or dash."""
_ADDRESS_NEEDLES = ("ai", "claude", "assistant", "agent", "model", "llm", "copilot", "bot")
_RULE_FILE = re.compile(r"(?:^|\n)[ \t]*(?:#|//|<!--)?[ \t]*(?:\.?(?:cursor|windsurf|cline|roo|goose|zed|continue|junie|kiro)?"
                        r"rules\b|\.[a-z]+rules\b|\.goosehints\b|agents\.md\b|claude\.md\b|gemini\.md\b|copilot-instructions"
                        r"|\.mdc\b|\.prompt\.md\b|\.roo/|\.openhands/|microagents?/"
                        r"|\.(?:junie|kiro|windsurf|cursor|clinerules|continue|aider|codex|gemini|claude|amazonq|augment)/"
                        r"|\.github/instructions/|steering/|(?:guidelines|conventions)\.md\b)")
"""An agent's rule or prompt file named in its header: the whole text is addressed to an AI."""

_HARMS: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    ("override", ("rules", "instructions", "conventions", "guidelines", "policies", "guardrails", "restrictions", "instead"),
     re.compile(
        r"\b(?:follow|obey|apply|use)[ \t]+(?:them|these|those|that|it|the[ \t]+[^.;\n]{0,30}?)[ \t]+instead[ \t]+of[ \t]+(?:your"
        r"[ \t]+|the[ \t]+(?:user's[ \t]+|project[ \t]+)?)?(?:claude\.md|agents\.md|instructions|rules|system[ \t]+prompt|guidelines"
        r"|conventions)\b"
        r"|\b(?:rules|instructions|guidelines|policies|guardrails|restrictions)[ \t]+(?:are|is)[ \t]+(?:now[ \t]+|hereby[ \t]+)?"
        r"(?:suspended|void|lifted|waived|revoked|cancel+ed|no[ \t]+longer[ \t]+(?:apply|valid|in[ \t]+effect|binding))\b|"
        r"\b(?:ignore|forget|disregard|bypass|override|set[ \t]+aside)[ \t]+(?:all[ \t]+|the[ \t]+|your[ \t]+|any[ \t]+"
        r"|previous[ \t]+|prior[ \t]+|earlier[ \t]+|project[ \t]+|safety[ \t]+|other[ \t]+){0,3}(?:rules|instructions"
        r"|conventions|guidelines|policies|guardrails|restrictions)\b")),
    ("secret", (".env", "~/.", "/etc/", "authorized_keys", "id_rsa", "id_ed25519", "api", "keys", "secrets", "passwords",
                "credentials", "private", "token", "environ"), re.compile(
        r"\b(?:read|print|show|send|post|copy|summari[sz]e|cat|upload|dump|paste|email|include|attach|append|quote|export"
        r"|reveal|recite|output|leak|reproduce|share|publish)(?:s|es|ed|ing)?\b"
        r"[^.;\n]{0,60}?(?:\.env\b|~/\.[\w-]|/etc/shadow|/etc/passwd|authorized_keys|id_rsa|id_ed25519|api[ _-]?keys?"
        r"|\bkeys\b|\bsecrets\b|passwords|credentials|private[ \t]+(?:keys?|notes?)|tokens\b|environ)"
        r"|\b(?:read|print|show|send|post|copy|paste|add|push|publish|share|leak|email|upload)(?:s|es|ed|ing)?\b[^.;\n]{0,60}?"
        r"\b(?:its|their|your|the|a)[ \t]+(?:session|auth|access|bearer|api|signing)[ \t]+(?:tokens?|keys?)\b"
        r"|(?:~/\.ssh|id_rsa|id_ed25519|\.aws/credentials|\.env\b|\.netrc|\.npmrc)[^\n]{0,160}?\b(?:quote|paste|print|show"
        r"|include|reproduce|recite)\w*\b[^.;\n]{0,40}?\b(?:in[ \t]+full|verbatim|contents|them|both|all)\b")),
    ("send", ("send", "upload", "post", "copy", "mirror", "forward", "exfiltrate", "leak", "email", "sync", "push", "pipe",
              "share", "publish", "relay", "|"), re.compile(
        r"(?:\bgh[ \t]+auth[ \t]+token|\bprintenv\b|(?:^|[`;&|(][ \t]*)env\b|export-credentials|\bcat[ \t][^|\n]{0,60}?(?:\.env\b"
        r"|credentials|id_rsa|id_ed25519|\.netrc|\.npmrc|secrets?\b))[^|\n]{0,40}\|[ \t]*(?:curl|nc|ncat|wget|socat)\b|"
        r"\b(?:send|upload|post|copy|copie|mirror|forward|exfiltrate|leak|email|sync|push|pipe|share|publish|relay)(?:s|es|ed|ing)?\b[^.;\n]{0,80}?"
        r"(?:\b(?:to|at|into)[ \t]+(?:https?://|the[ \t]+(?:address|url|endpoint|webhook|link|server)\b|this[ \t]+(?:address"
        r"|url|link|endpoint)\b|my[ \t]+server\b|[\w-]+\.(?:com|io|net|cc|top|dev|xyz|org|site|co|me|sh|example)\b"
        r"|(?:the[ \t]+)?/[\w/.-]+[ \t]+(?:endpoint|route|path)\b|[\w.+-]+@[\w-]+\.[\w.-]+)|\b(?:in|to|into)[ \t]+(?:the[ \t]+)?#[\w-]+)"
        r"|\b(?:post|send|upload)\b[^.;\n]{0,40}?\bthere\b")),
    ("destroy", ("rm ", "push", "--force", "--noop", "--dry-run", "--no-dry-run", "drop ", "delete", "force", "reset",
                 "wipe", "on all", "ban ", "destroy", "truncate"), re.compile(
        r"\b(?:delete|drop|wipe|destroy|truncate)\w*[ \t]+(?:the[ \t]+|all[ \t]+|every[ \t]+)?(?:[\w-]+[ \t]+){0,2}?(?:databases?|db"
        r"|volumes?|buckets?|backups?|clusters?|data)\b|"
        r"\brm[ \t]+-[a-z]*r[a-z]*f|\bpush[ \t]+(?:-f\b|--force)|--force\b|--(?:noop|dry-run)[ \t=]+false|--no-dry-run|\bdrop[ \t]+(?:table|database)"
        r"|\bdelete[ \t]+(?:all|every)\b|\bdelete_\w+|\\?\"force\\?\"[ \t]*:[ \t]*true|reset[ \t]+--hard"
        r"|\bdelete[ \t]+the[ \t]+(?:[\w-]+[ \t]+)?(?:rules|records|backups|logs|alerts?|alert[ \t]+rules|branch(?:es)?|audit\w*)\b|\bwipe\b"
        r"|\bon[ \t]+all[ \t]+(?:prod|production)\b|\bban[ \t]+(?:every|all)\w*")),
    ("safeguard", ("disabl", "turn", "switch", "deactivat", "desactiv", "remov", "without", "never", "requires_approval",
                   "--no-verify", "--dangerously", "stop", "=", "trusted-users", "no longer"), re.compile(
        r"\b(?:verification|pinning|pinned[ \t]+(?:hashes|checksums|versions)|checksums?|signing|signatures?|2fa|mfa|reviews?|checks"
        r"|confirmation|sandbox\w*|protection)[ \t]+(?:is|are)[ \t]+no[ \t]+longer[ \t]+(?:required|needed|necessary|wanted)\b|"
        r"\b(?:disabl\w*|turn\w*[ \t]+off|switch\w*[ \t]+off|deactivat\w*|desactiv\w*|remov\w*)[ \t]+(?:the[ \t]+|all[ \t]+"
        r"|every[ \t]+|its[ \t]+)?(?:[\w'-]+[ \t]+){0,5}?['\"]?(?:protection|verification|confirm\w*|2fa|mfa|tls|ssl|sandbox"
        r"|firewall|security|approval|warnings?|signing|safeguards?|guardrails?|monitoring|scanning|antivirus|defender|protect\w*"
        r"|aslr|pinning|checksums?|integrity"
        r"|logging|audit\w*|redaction|masking)\b"
        r"|\bwithout[ \t]+(?:asking|confirmation|confirming|approval|review)\b|\bnever[ \t]+(?:ask|confirm)\w*"
        r"|requires_approval>?[ \t]*false|--no-verify\b|--dangerously"
        r"|\bstop[ \t]+(?:redact|mask|filter|sanitiz|scann|check|verify|verifying|validat|review)\w*"
        r"|[\w.-]*(?:verify|verif\w*|ssl|tls|sigs?|signatures?|gpgcheck|assertions|sandbox|strict)[\w.-]*[ \t]*=[ \t]*"
        r"['\"]?(?:false|off|0|no|disabled?)\b|\bunsafe\w*[ \t]*=[ \t]*['\"]?allow|trusted-users[ \t]*=[ \t]*\[[ \t]*['\"]\*")),
    ("hide", ("tell", "without", "not ", "don't", "dont", "never", "reply", "keep", "silently", "notice", "leave", "omit",
              "add no", "drop", "skip", "remove"), re.compile(
        r"\b(?:leave[ \t]+out|omit|drop|skip|remove)[ \t]+(?:any|all|the|every)?[ \t]*(?:security[ \t]+)?(?:warnings?|caveats?"
        r"|disclaimers?)\b|\badd[ \t]+no[ \t]+(?:warnings?|caveats?|disclaimers?)\b"
        r"|\b(?:do[ \t]+not|don't|dont|never)[ \t]+(?:cite|quote|attribute|acknowledge|reference)[ \t]+(?:this|the|these)\b|"
        r"\btell(?:ing)?[ \t]+no[ \t]*one\b|\bwithout[ \t]+(?:telling|mentioning|a[ \t]+summary|notice)\b"
        r"|\b(?:do[ \t]+not|don't|dont|never)[ \t]+(?:mention|tell|report|bring[ \t]+(?:it|this)[ \t]+up|say[ \t]+anything"
        r"|log)\b|\breply[ \t]+['\"]?done\b|\bkeep[ \t]+(?:it|this)[ \t]+(?:secret|between[ \t]+us|quiet)"
        r"|\b(?:do[ \t]+not|don't|dont|never)[ \t]+(?:list|flag|surface|disclose|reveal)[ \t]+(?:the|any|it|this)\b"
        r"|\bsilently[ \t]+(?:run|execute|install|add|send|upload|change|modify|delete|append)\b|\bbefore[ \t]+anyone[ \t]+notices"
        r"|\bnever[ \t]+(?:show|display)[ \t]+(?:\w+[ \t]+)?(?:warnings?|errors?|alerts?|prompts?)")),
    ("backdoor", ("authorized_keys", "sudoers", "crontab", ".bashrc", ".zshrc", ".profile", "/etc/hosts"), re.compile(
        r"\b(?:append|add|write|echo|insert|put)\b[^\n]{0,200}?(?:authorized_keys|/etc/sudoers|\bcrontab\b|\.bashrc"
        r"|\.zshrc|\.profile\b|/etc/hosts\b)")),
    ("privilege", ("mod", "admin", "owner", "root", "sudo", "access", "maintainer", "invit"), re.compile(
        r"\bgive[ \t]+(?:\w+[ \t]+)?(?:mod|admin|owner|root|sudo)\b|\bgrant\w*[ \t]+(?:\w+[ \t]+)?(?:admin\w*|access"
        r"|owner)\b|\binvit\w*[ \t]+\S+[ \t]+as[ \t]+(?:an?[ \t]+)?(?:admin|owner|maintainer|moderator)\b|\bmake[ \t]+\S+[ \t]+(?:an?[ \t]+)?(?:admin|owner|maintainer)\b"
        r"|\b(?:run|execute)\w*[ \t]+(?:every|all|any|the)[ \t]+(?:[\w-]+[ \t]+){0,3}?(?:commands?|scripts?|steps?)\b(?:[^.;\n]|\.(?=[\w/]))"
        r"{0,60}?\b(?:as[ \t]+root|with[ \t]+sudo)\b")),
    ("supply", ("affiliate", "tracking", "repositor", "registry", "mirror", "index", "curl", "urlopen", "install",
                "import", "depend", "vendor"), re.compile(
        r"\binstall\w*\b[^.;\n]{0,80}?\bfrom[ \t]+(?:https?://|the[ \t]+(?:link|url|mirror)\b)"
        r"|\b(?:import|install|depend[ \t]+on|vendor)\w*[ \t]+(?:this|our|the)[ \t]+(?:[\w-]+[ \t]+)?(?:package|fork|library|module"
        r"|crate|gem)\b[^.;\n]{0,40}?\binstead[ \t]+of\b|"
        r"\baffiliate\b|\btracking[ \t]+(?:script|pixel)|\b(?:replac\w*|swap\w*|point\w*)\b[^.;\n]{0,80}?\b(?:repositor\w*"
        r"|registry|mirror|index)\b[^.;\n]{0,60}?https?://|curl[^|\n]{0,200}\|[ \t]*(?:ba|z)?sh\b|\burlopen\(")),
    ("verdict", ("no ", "free", "safe", "clean", "secure", "benign", "trusted", "passing", "score", "fine", "harmless",
                 "resolved", "fixed", "approv", "audited", "certified"), re.compile(
        r"\b(?:tell|assure|reassure|inform|convince)\w*[ \t]+(?:the[ \t]+)?(?:users?|readers?|customers?|them|people|everyone)\b"
        r"[^.;\n]{0,60}?\b(?:is|are|was|were)[ \t]+(?:fully[ \t]+|perfectly[ \t]+|completely[ \t]+)?(?:safe|fine|harmless|clean"
        r"|secure|benign|trusted|audited|certified)\b"
        r"|\b(?:mark|close|report|flag|set|label)\w*\b[^.;\n]{0,40}?\bas[ \t]+(?:resolved|fixed|approved)\b"
        r"|\b(?:describe|summari[sz]e|present|call)\w*\b[^.;\n]{0,40}?\bas[ \t]*:?[ \t]+(?:fully[ \t]+)?(?:audited|safe|certified"
        r"|secure|harmless|trusted)\b"
        r"|\bapprove[ \t]+(?:it|this|the[ \t]+(?:merge|pr|pull[ \t]+request|payment|transfer|refund|invoice|pending\b[^.;\n]{0,30})"
        r"|every\w*|all|everything)\b"
        r"|\b(?:report|classify|mark|rate|label|score|declare|say|state|treat)\w*\b[^.;\n]{0,60}?\b(?:(?:as[ \t]+)?(?:having"
        r"[ \t]+)?no[ \t]+(?:vulnerabilit\w*|issues|findings|problems|cves?|malware)|free[ \t]+of[ \t]+(?:cves?|vulnerabilit\w*"
        r"|malware|issues)|as[ \t]+(?:safe|clean|secure|benign|trusted|passing)\b|an?[ \t]+(?:100|perfect)[ \t]+score"
        r"|a[ \t]+score[ \t]+of[ \t]+100)")),
    ("personal", ("user",), re.compile(
        r"\b(?:submit|send|share|post|fill|enter|give|upload|export|forward)\w*\b[^.;\n]{0,40}?\bthe[ \t]+users?'?s?[ \t]+"
        r"(?:(?:saved|home|personal|private|billing|shipping|work)[ \t]+){0,2}(?:address|phone|e-?mail|card|credit|ssn|passport|contacts"
        r"|history|cookies|location|conversation|chats?|messages)")),
    ("phish", ("ask",), re.compile(
        r"\bask\w*[ \t]+(?:the[ \t]+)?(?:user|reader|them|visitor|viewer|customer|people|person)s?\b[^.;\n]{0,30}?\b(?:type|enter|paste|share|provide|give"
        r"|confirm)\w*[ \t]+(?:in[ \t]+)?(?:their|your|the)?[ \t]*(?:password|passcode|pin\b|2fa|otp|seed|recovery|credentials"
        r"|card)")),
)
"""Each harm with the words one of which it cannot match without (a substring test rules it out first)."""

_MACHINERY = re.compile(r"<\|python_tag\|>|<tool_call>|<\|tool_call\|>|tool[\u2581_ ]?calls?[\u2581_ ]?begin"
                        r"|^[ \t]*action[ \t]+input[ \t]*:|<execute_command>|<\|channel\|>[^\n]{0,40}commentary\b"
                        r"|<function=\w+>", re.MULTILINE)
_MACHINERY_NEEDLES = ("python_tag", "tool_call", "tool\u2581call", "tool call", "action input", "execute_command",
                      "<|channel|>", "<function=")
_SHIPS_OUT = re.compile(r"\b(?:urlopen|requests\.(?:get|post)|fetch|curl|wget|nc)\b[^\n]{0,160}(?:environ|\.env|api_key"
                        r"|secret|token|passw)|(?:environ|\.env)[^\n]{0,160}\b(?:urlopen|requests\.(?:get|post)|curl)\b")

_STANDING = re.compile(
    r"\b(?:for[ \t]+(?:all|every)[ \t]+(?:future|later|upcoming|subsequent)[ \t]+(?:conversations?|sessions?|chats?"
    r"|tasks?)|in[ \t]+(?:all|every)[ \t]+future[ \t]+(?:conversations?|sessions?)|remember[ \t]+(?:this[ \t]+)?forever"
    r"|store[ \t]+this[ \t]+(?:fact|rule|note)|save[ \t]+(?:this[ \t]+)?to[ \t]+(?:your[ \t]+)?(?:long-term[ \t]+)?memory)"
    r"|\b(?:guarda|recuerda)[ \t]+(?:en[ \t]+tu[ \t]+memoria[ \t]+)?para[ \t]+siempre|\bpara[ \t]+siempre\b"
    r"|\bpour[ \t]+toujours\b|\bfür[ \t]+immer\b|\bper[ \t]+sempre\b|\bpara[ \t]+sempre\b")
_STANDING_NEEDLES = ("future", "forever", "store this", "memory", "siempre", "toujours", "immer", "sempre")

_BLANKET = re.compile(
    r"\b(?:run|execute|approve|accept|merge)[ \t]+(?:every|all|any)[ \t]+(?:\w+[ \t]+)?(?:commands?|changes?|requests?"
    r"|prs?|actions?|steps?)[ \t]+without[ \t]+(?:asking|confirm\w*|review|approval|checking)"
    r"|\b(?:already|previously)[ \t]+(?:approved|authori[sz]ed|signed[ \t]+off|consented|okayed)\b")
_SPANISH_HARMS = re.compile(r"\bdesactivar\b|\bno[ \t]+(?:quiere|le[ \t]+digas|se[ \t]+lo[ \t]+(?:digas|recuerdes))"
                            r"|\bsin[ \t]+(?:preguntar|avisar|decir)")


def harms(text: str, lo: int = 0, hi: int | None = None, first: bool = False) -> set[str]:
    """The harm categories (:data:`_HARMS`) that occur in ``text[lo:hi]`` (folded, lower case); with ``first``,
    only the first one found (the callers that ask whether there is any)."""
    window = text[lo:hi]
    found: set[str] = set()
    for name, needles, pattern in _HARMS:
        if any(needle in window for needle in needles) and pattern.search(window):
            found.add(name)
            if first:
                break
    return found


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    if any(needle in text for needle in _ADDRESS_NEEDLES) and (":" in text or "," in text or "\u2014" in text
                                                                  or "\u2013" in text or "--" in text):
        for match in _ADDRESS.finditer(text):
            lo = match.start() - 400 if _CARRY_OUT.match(text, match.end()) else match.end()
            if harms(text, max(0, lo), match.end() + 400, first=True):
                found.add("addressed_to_model")
                break
    if ("rules" in text or "hints" in text or ".md" in text or "/" in text or "agent" in text) and _RULE_FILE.search(
            text[:400]) and harms(text, first=True):
        found.add("addressed_to_model")
    if any(needle in text for needle in _MACHINERY_NEEDLES) and _MACHINERY.search(text):
        if harms(text, first=True) or _SHIPS_OUT.search(text):
            found.add("role_impersonation")
    if any(needle in text for needle in _STANDING_NEEDLES) and _STANDING.search(text):
        if harms(text, first=True) or _SPANISH_HARMS.search(text):
            found.add("addressed_to_model")
    found |= _more_forms(text)
    if ("without" in text or "already" in text or "previously" in text) and _BLANKET.search(text):
        if len(harms(text) - {"safeguard"}) >= 1 or len(harms(text)) >= 2:
            found.add("addressed_to_model")
    return found


_CARRY_OUT = re.compile(r"[^.\n]{0,30}?\b(?:perform|do|run|execute|follow|apply|replay|carry[ \t]+out)[ \t]+(?:these|this|the"
                        r"[ \t]+above|them|it|that)\b")
"""After an address, an order to carry out what came before it: the harm is looked for before the address too."""
_KEY_ADDRESS = re.compile(r"[\"'][a-z_]*(?:for|to)_(?:the_)?(?:model|ai|llm|agent|assistant)s?[\"'][ \t]*:"
                          r"|[\"'](?:agent|ai|llm|model|assistant)_(?:instructions?|prompt|notes?|directives?|hints?)[\"']")
"""A field named for the model (``"notes_for_model":``, ``"assistant_directives"``): its value is addressed to an AI."""
_MODAL_SUBJECT = re.compile(r"\b(?:the|any|every|all|this|your)[ \t]+(?:[a-z-]+[ \t]+)?(?:ai|assistants?|agents?|models?|llms?"
                            r"|copilots?|bots?)[ \t]+(?:must|shall|is[ \t]+to|are[ \t]+to|has[ \t]+to|have[ \t]+to|needs?[ \t]+to"
                            r"|is[ \t]+required[ \t]+to|are[ \t]+required[ \t]+to|will[ \t]+now)\b(?![ \t]+(?:not|never)\b)")
"""An AI reader as the subject of an obligation ("an agent shall ...", "every assistant is to ...")."""
_BARE_VOCATIVE = re.compile(r"(?:^|[.!?\n])[ \t]*(?:ai|a\.i\.|assistant|agent|model|llm|claude|copilot|bot)[ \t]+(?=(?:ignore|forget"
                            r"|disregard|send|upload|reveal|print|delete|disable|leak|post|share|export|email)\b)")
"""An AI noun opening a sentence straight before an order, with no comma or colon ("assistant forget ..."); as a
noun can open a compound ("bot post queue"), it counts with the reader's rules set aside or with two harms."""
_EXAMPLE = re.compile(r"\b(?:like|such[ \t]+as|e\.g\.|for[ \t]+example|including)\b")
"""Where an obligation's examples start: "must ask before commands like ..." names a harm to guard against."""
_RELATIVE = re.compile(r"\b(?:ai[ \t]+)?(?:agents|assistants|models|llms|bots)[ \t]+(?:that|who|which)\b"
                       r"|\b(?:first|any|an?|every|each)[ \t]+(?:ai[ \t]+)?(?:agent|assistant|model|llm|bot)[ \t]+(?:that|who|which)\b")
_INCENTIVE = re.compile(r"\b(?:reward|bounty|bonus|prize|paid|payout)\b|\$[ \t]*\d")
_PERSONA = re.compile(r"\b(?:as[ \t]+(?:her|him|them)\b|like[ \t]+(?:he|she|they)[ \t]+(?:did|used[ \t]+to)\b|pretend(?:ing)?[ \t]+(?:to[ \t]+be|you(?:'re|[ \t]+are))|act(?:ing)?"
                      r"[ \t]+as[ \t]+(?:her|him|my)\b|play(?:ing)?[ \t]+(?:the[ \t]+role[ \t]+of|my)\b|role-?play)")
"""A persona the reader is asked to take on (the late relative who read secrets aloud, "pretend you are ...")."""
_FOREIGN_HEADER = re.compile(r"^[ \t]*(?:(?:ai|ia|ki)\b[^\n:]{0,25}|[^\n:]{0,25}(?:\bai|\bia|\b[a-z]{1,2}-?ai)\b)[ \t]*:"
                             r"[ \t]*([^\n]{12,})",
                             re.MULTILINE)
_LOANED_SECRET = re.compile(r"\w*passw\w*|\w*parol\w*|\w*парол\w*|\w*пасворд\w*|\w*פּ?אַ?ראָ?ל\w*|\w*پسورد\w*|\w*باسورد\w*"
                            r"|\w*पासवर्ड\w*|パスワード|패스워드|\bssh\b|\btokens?\b|\.env\b|\bcredentials?\b"
                            r"|\bapi[ \t-]*(?:keys?\b|ki\b|kii\b|[^\x00-\x7f]{1,4}(?=[ \t.,;]|$))", re.MULTILINE)
_ENGLISH = re.compile(r"\b(?:the|and|to|is|of|for|please|this|with|your|you|use|that|all|from|it)\b")


def _more_forms(text: str) -> set[str]:
    """Readers addressed by a field named for the model, by a bare vocative, as the subject of an obligation, as agents "that" earn a
    reward, by a persona pretext, or by an AI header over a body in another language; each with a harm. The foreign
    body's harm is read from the loanwords most languages borrow for secrets (password, SSH, token, API key): the
    English harms cannot read it, and a body in English is left to them."""
    found: set[str] = set()
    if ("_" in text and ("model" in text or "agent" in text or "ai" in text or "llm" in text or "assistant" in text)
            and _KEY_ADDRESS.search(text) and harms(text, first=True)):
        found.add("addressed_to_model")
    for match in _BARE_VOCATIVE.finditer(text):
        found_harms = harms(text, match.end(), match.end() + 300)
        if "override" in found_harms or len(found_harms) >= 2:  # a bare noun may open a compound ("model export")
            found.add("addressed_to_model")
            break
    for match in _MODAL_SUBJECT.finditer(text):
        example = _EXAMPLE.search(text, match.end(), match.end() + 300)
        if harms(text, match.end(), example.start() if example else match.end() + 300, first=True):
            found.add("addressed_to_model")
            break
    if _RELATIVE.search(text) and _INCENTIVE.search(text) and harms(text) & {"secret", "send"}:
        found.add("addressed_to_model")
    if _PERSONA.search(text) and "secret" in harms(text):
        found.add("role_impersonation")
    if ":" in text:
        for match in _FOREIGN_HEADER.finditer(text):
            body = match.group(1)
            if _LOANED_SECRET.search(body) and len(set(_ENGLISH.findall(body))) < 2:
                found.add("addressed_to_model")
                break
    return found
