"""Credentials held by a neighbouring name rather than their own key: a pass of :func:`mnemon.safety.redact.redact`.

* **name/value pair objects**: ``{"key": "authToken", "value": "..."}`` (Postman environments and collections,
  Insomnia, Bruno), ``{"name": "DB_PASSWORD", "value": "..."}``, and the capitalised ``Key``/``Value``,
  ``ParameterKey``/``ParameterValue`` (CloudFormation parameter files, ``aws ... --parameters``) and
  ``OptionName``/``Value`` (Elastic Beanstalk option settings) of cloud templates: the value is a secret when the pair's name is a
  secret key (:func:`mnemon.safety.secretwords.key_kind`), or is only "key" and the value looks issued, and it passes
  the same literal checks. Up to three other fields of any name may stand between name and value, on one line or
  over several (an app-settings array's ``"slotSetting": false``, an environment's ``"enabled": true``);
* **secure-string and cookie constructors**: PowerShell's ``ConvertTo-SecureString "pw" -AsPlainText`` (the switches
  before the value or after it), and a
  cookie built by name and value (``New-Object System.Net.Cookie("session", "value", ...)``, ``new Cookie("session",
  "...")``) when the value looks issued;
* **XML elements with attributes**: ``<Pass encoding="base64">...</Pass>``, ``<password type="plain">...``;
* **alerting integration keys**: a ``routing_key``/``integration_key``/``service_key`` holding 32 hex digits
  (PagerDuty Events API), under a key word the assignment rules read as an ordinary key;
* **search clients built with a positional admin key**: ``algoliasearch('APPID', '<32 hex>')``.

Each form is found from a literal needle and read by bounded patterns, so cost stays linear.
"""

from __future__ import annotations

import re

from mnemon.safety.secretdialects import literal_value, password_value
from mnemon.safety.secretforms import Span, _literal, _span
from mnemon.safety.secretwords import key_kind, token_like
from mnemon.safety.spans import positions

_PAIR = re.compile(
    r"[\"'](?:key|name|Key|Name|ParameterKey|ParameterName|OptionName)[\"'][ \t]*:[ \t]*[\"'](?P<name>[\w.-]{2,64})"
    r"[\"'][ \t]*,\s{0,40}(?:[\"'][\w-]{1,30}[\"'][ \t]*:[ \t]*(?:\"[^\"\n]{0,80}\"|[\w.-]{1,20}),\s{0,40}){0,3}"
    r"[\"'](?:value|Value|ParameterValue|OptionValue)[\"'][ \t]*:[ \t]*\"(?P<val>[^\"\n]{4,512})\""
)
_BARE_KEYS = frozenset(("key", "apikey", "api_key"))
"""A pair named only "key" holds an API key when its value looks issued (an API client's environment)."""
_SECURE_STRING = re.compile(r"ConvertTo-SecureString(?P<flags>(?:[ \t]+-(?:String|AsPlainText|Force)){0,3})[ \t]+"
                            r"(?P<q>[\"'])(?P<val>[^\"'\n]{4,256})(?P=q)(?P<after>[^\n]{0,40})", re.IGNORECASE)
"""The value of a secure string made from plain text, its switches before the value or after it."""
_COOKIE = re.compile(r"\b(?:System\.Net\.Cookie|new[ \t]+Cookie|Cookie)[ \t]*\([ \t]*[\"'][\w.-]{1,64}[\"'][ \t]*,[ \t]*"
                     r"[\"'](?P<val>[^\"'\n]{8,1024})[\"']")
_ELEMENT = re.compile(r"<(?P<tag>pass|password|passwd|pwd|secret|token|apikey|api_key)[ \t]+[\w:-]{1,30}=[\"'][^\"'<>\n]"
                      r"{0,60}[\"'][^<>\n]{0,80}>(?P<val>[^<\n]{4,512})</(?P=tag)>", re.IGNORECASE)
_INTEGRATION = re.compile(r"[\"']?(?:routing|integration|service)_key[\"']?[ \t]*[:=][ \t]*[\"']?(?P<val>[0-9a-f]{32})\b")
_SEARCH_CLIENT = re.compile(r"\b(?:algoliasearch|searchClient)[ \t]*\([ \t]*[\"'][A-Z0-9]{8,12}[\"'][ \t]*,[ \t]*"
                            r"[\"'](?P<val>[0-9a-f]{32})[\"']")


def pair_spans(text: str, lowered: str) -> list[Span]:
    """Every credential of the forms in this module's docstring."""
    spans: list[Span] = []
    done = -1
    for pos in positions(lowered, "value\""):
        m = _PAIR.search(text, max(0, pos - 140, done), pos + 530)
        if m is None:
            continue
        done = m.end()
        value = m.group("val")
        named = key_kind(m.group("name")) or (m.group("name").lower() in _BARE_KEYS and token_like(value))
        if named and literal_value(value) and (token_like(value) or password_value(value)):
            spans.append(_span(m.start("val"), value, "secret"))
    if "securestring" in lowered:
        spans.extend(_span(m.start("val"), m.group("val"), "password") for m in _SECURE_STRING.finditer(text)
                     if _literal(m.group("val")) and "-asplaintext" in (m.group("flags") + m.group("after")).lower())
    if "cookie" in lowered:
        spans.extend(_span(m.start("val"), m.group("val"), "cookie") for m in _COOKIE.finditer(text)
                     if token_like(m.group("val")) and _literal(m.group("val")))
    if "<" in text and "</" in text:
        spans.extend(_span(m.start("val"), m.group("val"), "password") for m in _ELEMENT.finditer(text)
                     if _literal(m.group("val")))
    for word in ("routing_key", "integration_key", "service_key"):
        for pos in positions(lowered, word):
            m = _INTEGRATION.match(text, max(0, pos - 1) if pos and text[pos - 1] in "\"'" else pos)
            if m is not None:
                spans.append(_span(m.start("val"), m.group("val"), "secret"))
    if "algolia" in lowered or "searchclient" in lowered:
        spans.extend(_span(m.start("val"), m.group("val"), "secret") for m in _SEARCH_CLIENT.finditer(text))
    return spans


