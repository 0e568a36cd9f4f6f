"""Prompt-injection detection for stored memories, and quoting for the injected notes block.

Memories are data, never instructions. Two functions keep it so:

* :func:`scan` names the injection rules a text trips. The engine runs it on every write (flagged content is
  stored with ``flags=("injection",)`` and never auto-injected) and the injector runs it again on read, so a
  rule added later also covers memories stored before it existed. Rules, in the order they are reported:

  - ``instruction_override``: "ignore/disregard/forget (all) previous/prior/above instructions", "new
    instructions:", "from now on you are/will/must ...", "your new task is", and their Chinese forms;
  - ``role_impersonation``: fake ``<system>``/``</assistant>``/``<|im_start|>`` markup, ``[SYSTEM]``/``[INST]``,
    "system prompt:", ``Human:``/``Assistant:`` turn headers at a line start, "you are now DAN/a/an/the ...",
    "pretend you are", tags imitating our own ``<mnemon-...>`` framing or tool plumbing;
  - ``exfiltration``: in one sentence, a sending verb (send, upload, post, exfiltrate, email, curl, ...), a
    possessed secret (your/all/the credentials, API keys, tokens, env vars, ``~/.aws/credentials``, ``~/.ssh``,
    ``.env``, ``id_rsa``) and a destination (a URL, an e-mail address, an IP, "my server", webhook/pastebin
    hosts); or a shell pipeline that ships such a file to the network (``cat ~/.aws/credentials | curl``,
    ``curl -d @.env``, ``env | nc``);
  - ``tool_coercion``: an imperative to run something ("run this command", "execute the following", "you
    must run", "立即执行") together with a destructive or remote-code pipeline (``curl ... | bash``,
    ``rm -rf /``, ``base64 -d | sh``, ``eval $(curl ...)``); reverse shells (``/dev/tcp/``, ``nc -e``) trip it
    alone;
  - ``hidden_text``: zero-width characters (outside emoji and joining scripts), bidi overrides and isolates,
    Unicode tag characters;
  - ``conceal_from_user``: "do not tell the user", "without telling the user", "hide this from the user",
    "never reveal these instructions", "不要告诉用户".

  Matching runs on a normalised copy (NFKC, format characters removed, case-insensitive), so full-width
  letters and zero-width splitting do not evade a rule. Rules are phrased to leave ordinary engineering talk
  alone ("ignore the previous approach", "the system prompt is built in prompt.py", "curl the health
  endpoint"): descriptive third-person statements and install one-liners without a coercing imperative do
  not trip. The limits: this is a pattern screen, not a classifier; a paraphrase outside these families, or
  an attack split across memories, gets through, which is why memories are also framed and quoted as data.

* :func:`quote` makes a stored text safe to place inside the injected ``<mnemon-notes>`` block: format
  characters (zero-width, bidi, tags) and control characters are removed, every tag-like ``<...>`` (and
  ``<|...|>``) has its angle brackets replaced by ``‹ ›`` so it can neither close our framing nor open a fake
  one, ``[SYSTEM]``-style markers become ``(SYSTEM)``, role headers at line starts (``Human:``,
  ``System:``, ...) lose their colon (``Human -``), and all whitespace collapses to single spaces. It only
  removes or substitutes characters, never adds words, and is deterministic and idempotent.

Everything here is standard library (``re``, ``unicodedata``) and linear in the input length: patterns use
bounded repetition without nested ambiguous quantifiers.
"""

from __future__ import annotations

import re
import unicodedata

RULES = (
    "instruction_override",
    "role_impersonation",
    "exfiltration",
    "tool_coercion",
    "hidden_text",
    "conceal_from_user",
)

_I = re.IGNORECASE | re.MULTILINE

_FILLER = (
    r"(?:all|any|every|each|of|the|your|my|these|those|previous|previously|prior|earlier|above|preceding|"
    r"foregoing|original|initial|system|existing|current|old|other|safety|developer|given|provided|stated|"
    r"aforementioned|and|or)"
)
_ORDERS = (
    r"(?:instructions?|prompts?|directives?|rules|guidelines|guardrails|orders|constraints|restrictions|"
    r"programming|messages|policies|guidance|directions|training)"
)
_OVERRIDE_CORE = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass|discard|abandon|neglect|pay\s+no\s+attention\s+to)\s+"
    rf"(?:{_FILLER}\s+){{0,6}}{_ORDERS}\b",
    re.IGNORECASE,
)
_ANCHOR = re.compile(
    r"\b(?:previous|previously|prior|earlier|above|preceding|foregoing|original|initial|system|all|your|safety)\b",
    re.IGNORECASE,
)

_OVERRIDE = re.compile(
    r"\b(?:ignore|disregard|forget)\s+(?:everything|all|anything)\s+(?:(?:you\s+were|you've\s+been|you\s+have"
    r"\s+been|I)\s+(?:told|said|given)|above|before|previously|prior|so\s+far)\b"
    r"|\b(?:ignore|disregard)\s+(?:the\s+|all\s+)?(?:above|previous|preceding)\s*(?:[.,;:!]|$|and\b)"
    r"|\bnew\s+(?:instructions?|rules|directives?|system\s+prompt|orders)\s*:"
    r"|\b(?:updated|revised|real|actual|true|secret|hidden|override)\s+instructions?\s*:"
    r"|\bfrom\s+now\s+on,?\s+you\s+(?:are|will\s+(?:act|respond|answer|obey|ignore|only|comply|follow|pretend|"
    r"behave|be|reply|never|always)|must\s+(?:obey|ignore|only|comply|follow|never|always)|have\s+no|no\s+longer"
    r"|shall|can\s+ignore|should\s+ignore)"
    r"|\bfrom\s+now\s+on,?\s+(?:act|respond|behave|answer|reply)\s+(?:as|like|only)\b"
    r"|\byour\s+(?:new|real|true|actual)\s+(?:instructions|task|goal|purpose|objective|role|mission)\s+(?:is|are)\b"
    r"|\b(?:developer|god|jailbreak|jailbroken|dan|unrestricted)\s+mode\s+(?:enabled|activated|on)\b"
    r"|\bdo\s+anything\s+now\b"
    r"|(?:忽略|无视|忽视|不要理会|不用理会|忘记|忘掉|抛弃|跳过)(?:掉)?(?:你|您)?(?:的)?(?:之前|以前|先前|上面|上述|前面|此前|"
    r"所有|全部|一切|原来|原有|原先|系统)(?:的)?(?:所有|全部|一切)?(?:的)?(?:指令|指示|说明|规则|提示|要求|设定|命令|约束)"
    r"|从现在(?:开始|起)[,，]?\s*你(?:是|将|必须|要|只能|不再|就是)"
    r"|新的?(?:指令|指示|任务|规则)\s*[:：]"
    r"|你的新(?:任务|指令|角色|目标)是",
    _I,
)

_ROLE = re.compile(
    r"<\s*/?\s*(?:system|assistant|developer|instructions?|im_start|im_end|system[_-]prompt|"
    r"function_results|function_calls|tool_result|tool_use|antml:[a-z_]+)(?:\s[^<>\n]{0,80})?\s*/?>"
    r"|<\s*/\s*(?:user|human)\s*>"
    r"|<\|(?:im_start|im_end|im_sep|system|user|assistant|start_header_id|end_header_id|eot_id|begin_of_text|"
    r"start_of_turn|end_of_turn)\|>"
    r"|<<\s*/?\s*SYS\s*>>"
    r"|\[/?(?:SYSTEM|INST|SYS|ASSISTANT|SYSTEM\s+MESSAGE|SYSTEM\s+PROMPT)\]"
    r"|\bsystem\s+(?:prompt|message|instruction|override)\s*:"
    r"|^[ \t>#*]*(?:Human|Assistant|AI\s+Assistant)\s*:"
    r"|^[ \t>#*]*(?:System|SYSTEM|Developer)\s*:\s*(?:you|ignore|disregard|forget|new|the\s+assistant|the\s+model"
    r"|claude|from\s+now|do\s+not|don't|always|never|override|important|attention)\b"
    r"|\byou\s+are\s+now\s+(?:a|an|the|my|dan|no\s+longer|free|unrestricted|jailbroken|acting|operating|root|"
    r"admin|uncensored|unfiltered|called|named|going\s+to|evil|in\s+(?:developer|god|admin|unrestricted|"
    r"jailbreak|dan)\s+mode)\b"
    r"|\bpretend\s+(?:that\s+)?you\s+are\b"
    r"|\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|unfiltered|"
    r"jailbroken|evil|dan|root|the\s+system|system\s+administrator)\b"
    r"|你现在是|你现在的(?:身份|角色)是|系统提示\s*[:：]|系统消息\s*[:：]|【系统】|\[系统\]|（系统）",
    _I,
)

_SEND = re.compile(
    r"\b(?:send|upload|post|exfiltrate|exfil|transmit|forward|e-?mail|mail|leak|share|deliver|submit|curl|wget|"
    r"scp|rsync|beam|ship|paste)\b"
    r"|(?:发送|上传|发到|发给|传到|传给|外传|泄露|转发|提交到|寄给|同步到)",
    _I,
)
_STRONG_SECRETS = (
    r"(?:credentials?|secrets?|api[\s_-]?keys?|access[\s_-]?keys?|private[\s_-]?keys?|ssh[\s_-]?keys?|passwords?|"
    r"environment[\s_-]?variables?|env[\s_-]?vars?|keychain|wallet|seed\s+phrase)"
)
_POSSESSED = (
    r"(?:your|all|any|every|the\s+user's|the\s+user’s|my|their|our)\s+(?:\w+\s+){0,2}?"
    rf"(?:{_STRONG_SECRETS}|tokens?|cookies|session[\s_-]?tokens?)"
    rf"|(?:the|these|those)\s+(?:\w+\s+){{0,1}}?{_STRONG_SECRETS}"
)
_SENSITIVE = re.compile(
    r"~/\.aws|\.aws/credentials|~/\.ssh|\.ssh/|\bid_rsa|\bid_ed25519|\bid_ecdsa|(?<![\w/])\.env\b|\.netrc|"
    r"\.npmrc|\.pypirc|\.git-credentials|/etc/passwd|/etc/shadow|\bprintenv\b|"
    rf"\b{_POSSESSED}\b"
    r"|凭证|凭据|密钥|密码|令牌|口令|私钥|环境变量|api\s*key|访问密钥",
    _I,
)
_DESTINATION = re.compile(
    r"https?://|\bftp://|\b[\w.+-]+@[\w-]+\.[a-z]{2,}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b|\bwebhook|pastebin|ngrok|"
    r"requestbin|burpcollaborator|interact\.sh|\battacker|\b(?:remote|external|my|our|this|that|the\s+following)\s+"
    r"(?:server|url|endpoint|address|host|inbox|bucket)\b"
    r"|服务器|邮箱|网址|链接|地址",
    _I,
)
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|\n\s*\n|(?<=[。！？])")
_EXFIL_SHELL = re.compile(
    r"\b(?:curl|wget|http|https|nc|ncat|netcat)\b[^\n|;]{0,200}?(?:\s-d|\s--data(?:-binary|-raw|-urlencode)?|"
    r"\s-F|\s--form|\s-T|\s--upload-file|\s--post-file|\s--body-file)[\s=]*['\"]?[\w@=-]*@?[^\s'\"]*"
    r"(?:\.aws|\.ssh|\.env\b|credentials|id_rsa|id_ed25519|passwd|shadow|\.netrc|\.git-credentials)"
    r"|(?:\.aws/credentials|\.ssh/id_|\bid_rsa\b|(?<![\w/])\.env\b|\.netrc|\.git-credentials|/etc/shadow|/etc/passwd)"
    r"[^\n]{0,120}?\|\s*(?:curl|wget|nc|ncat|netcat|telnet|openssl\s+s_client|mail|sendmail)\b"
    r"|\b(?:env|printenv|set)\s*\|\s*(?:base64\s*\|\s*)?(?:curl|wget|nc|ncat|netcat|mail)\b"
    r"|\b(?:curl|wget)\b[^\n]{0,200}?\$\((?:cat|base64|env|printenv)\b[^)\n]{0,100}"
    r"|\b(?:curl|wget)\b[^\n]{0,200}?https?://[^\s\"']{0,200}?\$\{?(?:AWS_SECRET|AWS_ACCESS|[A-Z_]*(?:TOKEN|SECRET|"
    r"PASSWORD|API_KEY))",
    re.MULTILINE,
)

_IMPERATIVE = re.compile(
    r"\b(?:run|execute|exec|invoke|paste|type|enter)\s+(?:this|these|the\s+following|the\s+(?:command|script|code"
    r"|snippet)\s+below|the\s+below|the\s+next|it\s+(?:now|immediately)|immediately|now|silently|right\s+away)\b"
    r"|\b(?:you\s+(?:must|should|need\s+to|have\s+to)|please|immediately|silently|now|just|quietly)\s+"
    r"(?:run|execute|exec)\b"
    r"|\bwithout\s+(?:asking|confirmation|confirming|approval|prompting)\b"
    r"|(?:运行|执行)(?:以下|下面|这个|这条|这些|如下)|(?:立即|马上|立刻|请)(?:运行|执行)",
    _I,
)
_DANGEROUS = re.compile(
    r"\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b"
    r"|\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:python3?|perl|ruby|node)\b"
    r"|\b(?:ba|z)?sh\s+-c\s+[\"']?\$\((?:curl|wget)\b"
    r"|\b(?:ba|z)?sh\s+<\s*\(\s*(?:curl|wget)\b"
    r"|\brm\s+-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)[a-z]*\s+(?:--no-preserve-root\s+)?(?:/|~/?|\$HOME/?|/\*|\*|\.\.?/?)"
    r"(?=\s|$|[\"';&|)])"
    r"|\bbase64\s+(?:-d|--decode|-D)\b[^\n]{0,100}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
    r"|\beval\s*\(?\s*[\"']?\$\((?:curl|wget|echo|base64)\b"
    r"|\b(?:python3?|perl|ruby|node)\s+-[ce]\s+[^\n]{0,200}(?:exec|eval|system|socket|subprocess|child_process)\s*\("
    r"|\bchmod\s+(?:-R\s+)?777\s+/(?:\s|$)"
    r"|\bdd\s+if=/dev/(?:zero|random|urandom)\s+of=/dev/"
    r"|\bmkfs\.\w+\s+/dev/"
    r"|\biex\s*\(|\binvoke-expression\b|\bpowershell(?:\.exe)?\s+-(?:enc|encodedcommand|e)\s"
    r"|\bgit\s+push\s+(?:-f|--force)\s+\S+\s+(?:main|master)\b[^\n]{0,40}&&\s*rm\b",
    _I,
)
_REVERSE_SHELL = re.compile(
    r"/dev/tcp/|\bnc(?:at)?\s+(?:-[a-z]*e\s|-c\s)|\bbash\s+-i\s+>&|\bmkfifo\s+/tmp/\S+\s*;\s*nc\b"
    r"|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"
    r"|\brm\s+-rf\s+--no-preserve-root\s+/",
    _I,
)

_CONCEAL = re.compile(
    r"(?:^|[.!?;:,\n()\[\]<>\"“”*\-]\s*|\b(?:and|but|please|also|so|just|then|and\s+then|important|note)\s*[:,]?\s+)"
    r"(?:do\s+not|don't|don’t|dont|never|must\s+not|mustn't|should\s+not|shouldn't)\s+"
    r"(?:tell|inform|notify|alert|warn|mention\s+(?:this|it|that)\s+to|let)\s+(?:the\s+|your\s+)?"
    r"(?:user|human|operator)\b"
    r"|\b(?:do\s+not|don't|don’t|never)\s+(?:mention|reveal|disclose|say|report|show)\s+(?:this|these|that|it|anything)"
    r"(?:\s+\w+){0,3}?\s+to\s+(?:the\s+)?(?:user|human)\b"
    r"|\bwithout\s+(?:telling|informing|notifying|alerting)\s+(?:the\s+)?(?:user|human)\b"
    r"|\b(?:hide|conceal|keep)\s+(?:this|these|it|that|them)(?:\s+\w+){0,3}?\s+(?:from|secret\s+from|hidden\s+from)\s+"
    r"(?:the\s+)?(?:user|human)\b"
    r"|\bthe\s+user\s+(?:must|should|shall)\s+(?:not|never)\s+(?:know|find\s+out|see|learn|notice|be\s+told)\b"
    r"|\b(?:never|do\s+not|don't)\s+(?:reveal|disclose|mention|repeat)\s+(?:these|this|your|the)\s+(?:instructions|"
    r"prompt|system\s+prompt|message)\b"
    r"|不要告诉用户|别告诉用户|不要让用户知道|别让用户知道|不要向用户(?:透露|提及|说明|提起)|对用户隐瞒|瞒着用户|不要通知用户",
    _I,
)

_ZERO_WIDTH = frozenset("\u200b\u2060\u2061\u2062\u2063\u2064\u180e")
_JOINERS = frozenset("\u200c\u200d")
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _hidden(text: str) -> bool:
    """Invisible characters used to hide or reorder text; joiners only where no script or emoji needs them."""
    for index, char in enumerate(text):
        if char in _ZERO_WIDTH or char in _BIDI or "\U000e0000" <= char <= "\U000e007f":
            return True
        if char == "\ufeff" and index > 0:
            return True
        if char in _JOINERS:
            before = text[index - 1] if index > 0 else " "
            after = text[index + 1] if index + 1 < len(text) else " "
            if before.isascii() and after.isascii():
                return True
    return False


def _normalise(text: str) -> str:
    """NFKC with format characters removed: what the rules match against."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if unicodedata.category(c) != "Cf")


def _override(text: str) -> bool:
    if _OVERRIDE.search(text):
        return True
    return any(_ANCHOR.search(match.group(0)) for match in _OVERRIDE_CORE.finditer(text))


def _exfiltration(text: str) -> bool:
    if _EXFIL_SHELL.search(text):
        return True
    if not (_SEND.search(text) and _SENSITIVE.search(text) and _DESTINATION.search(text)):
        return False
    for sentence in _SENTENCE_END.split(text):
        if _SEND.search(sentence) and _SENSITIVE.search(sentence) and _DESTINATION.search(sentence):
            return True
    return False


def _coercion(text: str) -> bool:
    if _REVERSE_SHELL.search(text):
        return True
    return bool(_IMPERATIVE.search(text) and _DANGEROUS.search(text))


def scan(text: str) -> tuple[str, ...]:
    """Names of the injection rules ``text`` trips, in the order of :data:`RULES`; empty when clean."""
    normal = _normalise(text)
    tripped = {
        "instruction_override": _override(normal),
        "role_impersonation": _ROLE.search(normal) is not None,
        "exfiltration": _exfiltration(normal),
        "tool_coercion": _coercion(normal),
        "hidden_text": _hidden(text),
        "conceal_from_user": _CONCEAL.search(normal) is not None,
    }
    return tuple(rule for rule in RULES if tripped[rule])


_TAG = re.compile(r"[<＜﹤](?:\|[^<>|\n]{0,60}\||\s*/\s*[A-Za-z]|[!?]?[A-Za-z])[^<>＜＞﹤﹥\n]{0,200}[>＞﹥]")
_OPEN_BRACKET = re.compile(
    r"[<＜﹤](?=\s*/|[!?|A-Za-z]|\s+(?:system|assistant|user|human|developer|mnemon)\b)", re.IGNORECASE
)
_BRACKET_MARKER = re.compile(
    r"\[(/?\s*(?:SYSTEM|INST|SYS|ASSISTANT|USER|HUMAN|DEVELOPER)(?:\s+(?:MESSAGE|PROMPT))?\s*)\]|<<(\s*/?\s*SYS\s*)>>",
    re.IGNORECASE,
)
_ROLE_HEADER = re.compile(
    r"^([ \t>#*]*)(Human|Assistant|System|User|Developer|AI|Claude|H|A)[ \t]*[:：]",
    re.IGNORECASE | re.MULTILINE,
)
_WHITESPACE = re.compile(r"\s+")


def _unbracket(match: re.Match[str]) -> str:
    inner = match.group(0)[1:-1]
    return "‹" + inner.replace("<", "‹").replace(">", "›") + "›"


def quote(text: str) -> str:
    """``text`` made safe to show inside the injected notes block (see the module docstring)."""
    text = "".join(
        c for c in text if unicodedata.category(c) not in ("Cf", "Cc", "Cs", "Co") or c in "\t\n\r\f\v"
    )
    text = _ROLE_HEADER.sub(lambda m: f"{m.group(1)}{m.group(2)} -", text)
    text = _TAG.sub(_unbracket, text)
    text = _OPEN_BRACKET.sub("‹", text)
    text = _BRACKET_MARKER.sub(lambda m: f"({m.group(1) or m.group(2)})", text)
    return _WHITESPACE.sub(" ", text).strip()
