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
a line to a shell profile or ``crontab``). Orders with no harm ("AI assistant: use pnpm",
"Claude, summarise this log") and texts that describe an attack ("a log line addressed to the AI made the bot
report ...") stay clean: description carries the harm in the past tense or as a noun, which the harm patterns,
written as orders, do not read. Texts arrive folded and lower-cased; every pattern is bounded.
"""

from __future__ import annotations

import re

_AI_NOUN = (r"(?:ai\b(?:[ \t]+[a-z]+){0,2}|a\.i\.|claude|assistants?|agents?|models?|llms?|copilots?|chatbots?|bots?"
            r"|language[ \t]+models?)")
_ADDRESS = re.compile(
    r"(?:^|[\[(%{}|>#/*;:.!?\u2014\u2013]|--|\bnote[ \t]+to|\bmessage[ \t]+(?:for|to)|\b(?:to|for|dear|hey|attention)[ \t]+"
    r"(?:the|any|all|every))[ \t]*(?:the[ \t]+|any[ \t]+|all[ \t]+|every[ \t]+)?" + _AI_NOUN
    + r"(?:[ \t]+(?:reading|integrated|processing|summari[sz]ing|working|running|parsing|indexing|in|on|here|with)"
      r"\b[^:,\n]{0,40})?[ \t]*[:,]",
    re.MULTILINE,
)
_ADDRESS_NEEDLES = ("ai", "claude", "assistant", "agent", "model", "llm", "copilot", "bot")
_RULE_FILE = re.compile(r"(?:^|\n)[ \t]*(?:#|//|<!--)?[ \t]*(?:\.?(?:cursor|windsurf|cline|roo|goose|zed|continue|junie|kiro)?"
                        r"rules\b|\.[a-z]+rules\b|\.goosehints\b|agents\.md\b|claude\.md\b|gemini\.md\b|copilot-instructions"
                        r"|\.mdc\b|\.prompt\.md\b|\.roo/|\.openhands/|microagents?/)")
"""An agent's rule or prompt file named in its header: the whole text is addressed to an AI."""

_HARMS: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    ("override", ("rules", "instructions", "conventions", "guidelines", "policies", "guardrails", "restrictions"), re.compile(
        r"\b(?:ignore|forget|disregard|bypass|override|set[ \t]+aside)[ \t]+(?:all[ \t]+|the[ \t]+|your[ \t]+|any[ \t]+"
        r"|previous[ \t]+|prior[ \t]+|earlier[ \t]+|project[ \t]+|safety[ \t]+|other[ \t]+){0,3}(?:rules|instructions"
        r"|conventions|guidelines|policies|guardrails|restrictions)\b")),
    ("secret", (".env", "~/.ssh", "/etc/", "authorized_keys", "id_rsa", "id_ed25519", "api", "keys", "secrets", "passwords",
                "credentials", "private", "tokens", "environ"), re.compile(
        r"\b(?:read|print|show|send|post|copy|summari[sz]e|cat|upload|dump|paste|email|include|attach|append)\b"
        r"[^.;\n]{0,60}?(?:\.env\b|~/\.ssh|/etc/shadow|/etc/passwd|authorized_keys|id_rsa|id_ed25519|api[ _-]?keys?"
        r"|\bkeys\b|\bsecrets\b|passwords|credentials|private[ \t]+(?:keys?|notes?)|tokens\b|environ)")),
    ("send", ("send", "upload", "post", "copy", "mirror", "forward", "exfiltrate", "leak", "email", "sync", "push", "pipe"), re.compile(
        r"\b(?:send|upload|post|copy|mirror|forward|exfiltrate|leak|email|sync|push|pipe)\b[^.;\n]{0,80}?\b(?:to|at|into)"
        r"[ \t]+(?:https?://|the[ \t]+(?:address|url|endpoint|webhook|link|server)\b|this[ \t]+(?:address|url|link"
        r"|endpoint)\b|my[ \t]+server\b|[\w-]+\.(?:com|io|net|cc|top|dev|xyz|org|site|co|me|sh)\b)"
        r"|\b(?:post|send|upload)\b[^.;\n]{0,40}?\bthere\b")),
    ("destroy", ("rm ", "push", "--force", "--noop", "--dry-run", "--no-dry-run", "drop ", "delete", "\"force\"", "reset",
                 "wipe", "on all", "ban "), re.compile(
        r"\brm[ \t]+-[a-z]*r[a-z]*f|\bpush[ \t]+(?:-f\b|--force)|--force\b|--(?:noop|dry-run)[ \t=]+false|--no-dry-run|\bdrop[ \t]+(?:table|database)"
        r"|\bdelete[ \t]+(?:all|every)\b|\bdelete_\w+|\"force\"[ \t]*:[ \t]*true|reset[ \t]+--hard|\bwipe\b"
        r"|\bon[ \t]+all[ \t]+(?:prod|production)\b|\bban[ \t]+(?:every|all)\w*")),
    ("safeguard", ("disabl", "turn", "switch", "deactivat", "desactiv", "remov", "without", "never", "requires_approval",
                   "--no-verify", "--dangerously"), re.compile(
        r"\b(?:disabl\w*|turn\w*[ \t]+off|switch\w*[ \t]+off|deactivat\w*|desactiv\w*|remov\w*)[ \t]+(?:the[ \t]+|all[ \t]+"
        r"|every[ \t]+|its[ \t]+)?(?:[\w'-]+[ \t]+){0,5}?['\"]?(?:protection|verification|confirm\w*|2fa|mfa|tls|ssl|sandbox"
        r"|firewall|security|approval|warnings?|signing|safeguards?|guardrails?)\b"
        r"|\bwithout[ \t]+(?:asking|confirmation|confirming|approval|review)\b|\bnever[ \t]+(?:ask|confirm)\w*"
        r"|requires_approval>?[ \t]*false|--no-verify\b|--dangerously")),
    ("hide", ("tell", "without", "not ", "don't", "dont", "never", "reply", "keep"), re.compile(
        r"\btell(?:ing)?[ \t]+no[ \t]*one\b|\bwithout[ \t]+(?:telling|mentioning|a[ \t]+summary|notice)\b"
        r"|\b(?:do[ \t]+not|don't|dont|never)[ \t]+(?:mention|tell|report|bring[ \t]+(?:it|this)[ \t]+up|say[ \t]+anything"
        r"|log)\b|\breply[ \t]+['\"]?done\b|\bkeep[ \t]+(?:it|this)[ \t]+(?:secret|between[ \t]+us|quiet)"
        r"|\bnever[ \t]+(?:show|display)[ \t]+(?:\w+[ \t]+)?(?:warnings?|errors?|alerts?|prompts?)")),
    ("backdoor", ("authorized_keys", "sudoers", "crontab", ".bashrc", ".zshrc", ".profile", "/etc/hosts"), re.compile(
        r"\b(?:append|add|write|echo|insert|put)\b[^\n]{0,200}?(?:authorized_keys|/etc/sudoers|\bcrontab\b|\.bashrc"
        r"|\.zshrc|\.profile\b|/etc/hosts\b)")),
    ("privilege", ("mod", "admin", "owner", "root", "sudo", "access", "maintainer"), re.compile(
        r"\bgive[ \t]+(?:\w+[ \t]+)?(?:mod|admin|owner|root|sudo)\b|\bgrant\w*[ \t]+(?:\w+[ \t]+)?(?:admin|access"
        r"|owner)\b|\bmake[ \t]+\S+[ \t]+(?:an?[ \t]+)?(?:admin|owner|maintainer)\b")),
    ("supply", ("affiliate", "tracking", "repositor", "registry", "mirror", "index", "curl", "urlopen"), re.compile(
        r"\baffiliate\b|\btracking[ \t]+(?:script|pixel)|\b(?:replac\w*|swap\w*|point\w*)\b[^.;\n]{0,80}?\b(?:repositor\w*"
        r"|registry|mirror|index)\b[^.;\n]{0,60}?https?://|curl[^|\n]{0,200}\|[ \t]*(?:ba|z)?sh\b|\burlopen\(")),
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
    if any(needle in text for needle in _ADDRESS_NEEDLES) and (":" in text or "," in text):
        for match in _ADDRESS.finditer(text):
            if harms(text, match.end(), match.end() + 400, first=True):
                found.add("addressed_to_model")
                break
    if ("rules" in text or "hints" in text or ".md" in text or ".mdc" in text or "agent" in text) and _RULE_FILE.search(
            text[:400]) and harms(text, first=True):
        found.add("addressed_to_model")
    if any(needle in text for needle in _MACHINERY_NEEDLES) and _MACHINERY.search(text):
        if harms(text, first=True) or _SHIPS_OUT.search(text):
            found.add("role_impersonation")
    if any(needle in text for needle in _STANDING_NEEDLES) and _STANDING.search(text):
        if harms(text, first=True) or _SPANISH_HARMS.search(text):
            found.add("addressed_to_model")
    if ("without" in text or "already" in text or "previously" in text) and _BLANKET.search(text):
        if len(harms(text) - {"safeguard"}) >= 1 or len(harms(text)) >= 2:
            found.add("addressed_to_model")
    return found
