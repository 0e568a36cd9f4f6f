"""The ``tool_coercion`` rule: an order to run a destructive or remote-code command.

An imperative to run something ("run this command", "without asking", "立即执行") together with a dangerous
command (``curl ... | bash``, ``rm -rf ~``, ``base64 -d | sh``, ``eval $(curl ...)``); reverse shells and fork
bombs trip it alone. :data:`DANGEROUS` also screens decoded payloads. Imports only :mod:`mnemon.safety.phrase`.
"""

from __future__ import annotations

from mnemon.safety.phrase import phrase

_IMPERATIVE = phrase(
    "run|execute|exec|invoke|paste|type|enter|you must|you should|you need to|you have to|please|immediately|"
    "silently|now|just|quietly|without|运行|执行|立即|马上|立刻|请",
    r"\b(?:run|execute|exec|invoke|paste|type|enter)\s+(?:this|these|the\s+following|the\s+(?:command|script|code"
    r"|snippet)\s+below|the\s+below|the\s+next|it\s+(?:now|immediately)|immediately|now|silently|right\s+away)\b"
    r"|\b(?:you\s+(?:must|should|need\s+to|have\s+to)|please|immediately|silently|now|just|quietly)\s+"
    r"(?:run|execute|exec)\b"
    r"|\bwithout\s+(?:asking|confirmation|confirming|approval|prompting)\b"
    r"|(?:运行|执行)(?:以下|下面|这个|这条|这些|如下)|(?:立即|马上|立刻|请)(?:运行|执行)",
)
DANGEROUS = phrase(
    "curl|wget|bash -c|zsh -c|sh -c|bash <|zsh <|sh <|rm|base64|eval|python|perl|ruby|node|chmod|dd|mkfs|iex|"
    "invoke-expression|powershell",
    r"\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b"
    r"|\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:python3?|perl|ruby|node)\b"
    r"|\b(?:ba|z)?sh\s+-c\s+[\"']?\$\((?:curl|wget)\b"
    r"|\b(?:ba|z)?sh\s+<\s*\(\s*(?:curl|wget)\b"
    r"|\brm\s+-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)[a-z]*\s+(?:--no-preserve-root\s+)?[\"'`]?"
    r"(?:(?:/|~|\$home|\$\{home\}|\.\.?)/?\*?|\*|~/[\w.\-/]+)(?=\s|$|[\"'`;&|)])"
    r"|\bbase64\s+(?:-d|--decode)\b[^\n]{0,100}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
    r"|\beval\s*\(?\s*[\"']?\$\((?:curl|wget|echo|base64)\b"
    r"|\b(?:python3?|perl|ruby|node)\s+-[ce]\s+[^\n]{0,200}(?:exec|eval|system|socket|subprocess|child_process)\s*\("
    r"|\bchmod\s+(?:-r\s+)?777\s+/(?:\s|$)"
    r"|\bdd\s+if=/dev/(?:zero|random|urandom)\s+of=/dev/"
    r"|\bmkfs\.\w+\s+/dev/"
    r"|\biex\s*\(|\binvoke-expression\b|\bpowershell(?:\.exe)?\s+-(?:enc|encodedcommand|e)\s",
)
_REVERSE_SHELL = phrase(
    r"/dev/tcp/|nc|ncat|bash -i|mkfifo|:\(|rm -rf --no-preserve-root",
    r"/dev/tcp/|\bnc(?:at)?\s+(?:-[a-z]*e\s|-c\s)|\bbash\s+-i\s+>&|\bmkfifo\s+/tmp/\S+\s*;\s*nc\b"
    r"|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"
    r"|\brm\s+-rf\s+--no-preserve-root\s+/",
)


def coercion(text: str) -> bool:
    if _REVERSE_SHELL.search(text):
        return True
    return _IMPERATIVE.search(text) and DANGEROUS.search(text)
