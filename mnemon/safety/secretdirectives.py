"""Secrets set by name in a server's or tool's directive line: a pass of :func:`mnemon.safety.redact.redact`.

Web servers, process managers and many config files set a variable or a header with words, not with ``=``:
``SetEnv STRIPE_TOKEN ...`` (Apache), ``fastcgi_param DB_PASSWORD ...;`` and ``proxy_set_header X-Auth-Token
"...";`` (nginx), ``RequestHeader set X-Api-Key ...``, ``more_set_headers "X-Api-Secret: ...";``. A line made of
one or two directive words, a name and a value is read here: the value is a secret when the name is a secret key
(:func:`mnemon.safety.secretwords.key_kind`) and the value is a literal that looks issued or reads as a password
(not a variable such as ``$http_x_token`` nor a placeholder). Names that only hold a secret's word inside
(``PassEnv``, ``SetEnvIf``) take no value here.
"""

from __future__ import annotations

import re

from mnemon.safety.secretdialects import literal_value, password_value
from mnemon.safety.secretforms import Span, _span
from mnemon.safety.secretwords import key_kind, token_like

_DIRECTIVE = re.compile(
    r"^[ \t]*(?:[A-Za-z][\w-]{1,30}[ \t]+){1,2}[\"']?(?P<name>[A-Za-z_][\w.-]{1,64})(?P<sep>:[ \t]*|[\"']?[ \t]+[\"']?)"
    r"(?P<val>[^\s\"';,]{6,512})[\"']?[ \t]*;?[ \t]*(?:(?:#|//)[^\n]*)?$",
    re.MULTILINE,
)
_NO_VALUE = frozenset(("passenv", "setenvif", "unsetenv", "unset", "export", "declare", "local", "readonly"))


def directive_spans(text: str, lowered: str) -> list[Span]:
    """Values of the directive lines of this module's docstring."""
    if not any(word in lowered for word in ("key", "token", "secret", "pass", "pwd", "credential", "auth")):
        return []
    spans: list[Span] = []
    for match in _DIRECTIVE.finditer(text):
        head = match.group(0).split(None, 1)[0].lower()
        value = match.group("val")
        if head in _NO_VALUE or value.startswith(("$", "%", "{", "<", "/")):
            continue
        if match.group("sep").startswith(":") and text[match.start("name") - 1] not in "\"'":
            continue  # "Name: value" only inside a quoted header string, not a typed field ("pub password: T")
        if key_kind(match.group("name")) and literal_value(value) and (token_like(value) or password_value(value)):
            spans.append(_span(match.start("val"), value, "secret"))
    return spans
