"""Secrets set by name in a server's or tool's directive line: a pass of :func:`mnemon.safety.redact.redact`.

Web servers, process managers and many config files set a variable or a header with words, not with ``=``:
``SetEnv STRIPE_TOKEN ...`` (Apache), ``fastcgi_param DB_PASSWORD ...;`` and ``proxy_set_header X-Auth-Token
"...";`` (nginx), ``RequestHeader set X-Api-Key ...``, ``more_set_headers "X-Api-Secret: ...";``. A line made of
one or two directive words, a name and a value is read here: the value is a secret when the name is a secret key
(:func:`mnemon.safety.secretwords.key_kind`) and the value is a literal that looks issued or reads as a password
(not a variable such as ``$http_x_token`` nor a placeholder). Names that only hold a secret's word inside
(``PassEnv``, ``SetEnvIf``) take no value here. Two more forms set a secret by name: a Vim script ``let g:name =
'...'`` (or ``let $NAME``) whose name is a secret key, and the id half of an access key pair (``..._ACCESS_ID``,
``..._ACCESS_KEY_ID``, ``..._API_KEY_ID`` holding an issued value) in a text that also sets the secret half.
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
_LET = re.compile(r"^[ \t]*let[ \t]+(?:[gbwtsv]:|\$)(?P<name>[A-Za-z_][\w#.]{1,64})[ \t]*=[ \t]*(?P<q>[\"'])"
                  r"(?P<val>[^\"'\n]{6,512})(?P=q)", re.MULTILINE)
"""A Vim script variable (``let g:plugin_api_key = '...'``) or environment variable (``let $TOKEN = '...'``)."""
_LET_GATE = re.compile(r"\blet[ \t]+[bwtsv]:")
_ACCESS_ID = re.compile(r"^[ \t]*(?:export[ \t]+)?(?P<name>[A-Za-z][\w]{0,40}?(?:access[_-]?(?:key[_-]?)?id|api[_-]?key[_-]?id))"
                        r"[ \t]*[=:][ \t]*[\"']?(?P<val>[A-Za-z0-9+/]{12,64})[\"']?[ \t]*$", re.MULTILINE | re.IGNORECASE)
"""The id half of an access key pair (``SERVICE_ACCESS_ID=...``, ``..._API_KEY_ID=...``) beside its secret half."""
_NO_VALUE = frozenset(("passenv", "setenvif", "unsetenv", "unset", "export", "declare", "local", "readonly"))


def directive_spans(text: str, lowered: str) -> list[Span]:
    """Values of the directive lines of this module's docstring."""
    if not any(word in lowered for word in _NEEDLES):
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
    if "let " in lowered and ("let g:" in lowered or "let $" in lowered or _LET_GATE.search(lowered)):
        for match in _LET.finditer(text):
            value = match.group("val")
            if key_kind(match.group("name").replace("#", "_")) and literal_value(value) and token_like(value):
                spans.append(_span(match.start("val"), value, "secret"))
    if "access_id" in lowered or "accessid" in lowered or "key_id" in lowered or "keyid" in lowered:
        spans.extend(_access_ids(text, lowered))
    return spans


_NEEDLES = ("key", "token", "secret", "pass", "pwd", "credential", "auth")


def _access_ids(text: str, lowered: str) -> list[Span]:
    """Access key ids that look issued, in a text that also assigns the pair's secret half (a secret or key)."""
    spans: list[Span] = []
    for match in _ACCESS_ID.finditer(text):
        value = match.group("val")
        stem = match.group("name").lower().rsplit("_id", 1)[0].rsplit("id", 1)[0].rstrip("_-")
        partner = ("secret" in lowered or stem + "=" in lowered or stem + " =" in lowered
                   or stem.replace("_id", "") + "_key" in lowered)
        if partner and token_like(value) and any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
            spans.append(_span(match.start("val"), value, "access_key_id"))
    return spans
