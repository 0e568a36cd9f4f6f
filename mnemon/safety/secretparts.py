"""Credentials the other passes of :func:`mnemon.safety.redact.redact` read only in part, or not at all because
their form is new to them: a pass of its own (:func:`part_spans`).

* **values split into pieces**: the literal parts of a secret joined at run time (``KEY=$(printf '%s%s' 'ab' 'cd')``,
  ``secret = "".join(["ab", "cd"])``) when the name is a secret key, and the continuation of a value cut by a
  backslash and a line break (``KEY=abc\\`` then ``def``);
* **wallet secrets**: a recovery (seed) phrase of 12 to 24 lower-case words after a word naming it or assigned to a
  ``MNEMONIC``/``SEED_PHRASE`` key, its words mostly distinct (a development chain's default phrase repeats one
  word); a 0x-prefixed 64-hex private key in an ``accounts: [...]`` list or after a
  private-key name or flag; a keypair file's 64 bytes (``[12,250,...]``) when the text names a keypair;
* **names and values apart**: a YAML list item's ``name:`` that is a secret key, with its ``value:`` on the next
  line (CI variables); Bundler's per-host credentials
  (``BUNDLE_<HOST>__<TLD>: "user:password"``); the API key Confluent Cloud uses as the SASL user name (16 upper-case
  letters and digits, in a text naming SASL);
* **issued forms with a fixed prefix**: NATS nkey seeds (``SU``/``SA``/``SO`` and 56 base32 letters, in a text
  naming an nkey), Atlassian API
  tokens (``ATATT3``), LaunchDarkly server and mobile keys (``sdk-``/``mob-`` and a UUID), and a CDP API key's name
  (``organizations/<uuid>/apiKeys/<uuid>``), which signs requests together with its private key;
* **a password given as a reply**: the first word of a chat line answering a question about a password ("what's
  the root pw for the nas?" then "lee: Teal-Orbit-19 ..."), and the value after ``admin /`` or ``root /`` in
  jotted credentials, when it reads as a password;
* **a token a console shows once**: a UUID or issued value alone on its line in a text that says it will only be
  shown once ("copy it now, you won't see it again").

Each form is looked for only when a literal needle it must hold occurs, so cost stays linear and small.
"""

from __future__ import annotations

import re

from mnemon.safety.secretforms import Span, _literal, _password_like, _span
from mnemon.safety.secretwords import key_kind, token_like
from mnemon.safety.spans import positions, word_starts

_PRINTF = re.compile(r"(?<![\w.-])(?P<key>[A-Za-z_][\w.-]{1,64}+)[ \t]*=[ \t]*[\"']?\$\([ \t]*printf[ \t]+[\"']?(?:%s)+[\"']?"
                     r"(?P<parts>(?:[ \t]+(?:'[^'\n]{2,200}'|\"[^\"\n]{2,200}\"))+)")
_JOIN = re.compile(r"(?<![\w.-])(?P<key>[A-Za-z_][\w.-]{1,64}+)[\"']?[ \t]*[:=][ \t]*(?:[\"'][^\"'\n]{0,3}[\"']|\w+)\.join\([ \t]*"
                   r"[\[(](?P<parts>[^\])\n]{4,400})[\])]")
_PIECE = re.compile(r"'([^'\n]{2,200})'|\"([^\"\n]{2,200})\"")
_CONTINUED = re.compile(r"(?<![\w.-])(?P<key>[A-Za-z_][\w.-]{1,64}+)[ \t]*[:=][ \t]*[\"']?(?P<head>[^\s\"'\\]{6,200}+)\\\n"
                        r"[ \t]*(?P<tail>[^\s\"'\\]{4,200})")
"""Keys and heads are read possessively ({m,n}+) from where an identifier starts: a long line without the form
costs one pass, not a backtracking search."""
_SEED_WORDS = ("seed phrase", "seed words", "wallet seed", "seed_phrase", "mnemonic", "recovery phrase", "secret phrase",
               "backup phrase")
"""Words naming a recovery phrase: four holding "seed", "mnemonic", three holding " phrase" (not "passphrase")."""
_SEED = re.compile(r"(?<![\w-])(?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8}(?![\w-])")
_ETH_KEY = re.compile(r"(?<![0-9a-fA-Fx])0x[0-9a-fA-F]{64}(?![0-9a-fA-F])")
_ETH_CUE = re.compile(r"(?i)(?:accounts[\"']?[ \t]*:[ \t]*\[[ \t]*[\"']?|priv(?:ate)?[_-]?key[\"']?[ \t]*[:=][ \t]*[\"']?"
                      r"|--private-key[ \t=]+[\"']?|(?:deployer|signer|wallet)[_-]?(?:key|pk)[\"']?[ \t]*[:=][ \t]*[\"']?)$")
_KEYPAIR = re.compile(r"\[[ \t]*(?P<val>(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)[ \t]*,[ \t]*){63}(?:25[0-5]|2[0-4]\d|1?\d?\d))"
                      r"[ \t]*\]")
_YAML_PAIR = re.compile(r"-[ \t]+name:[ \t]*[\"']?(?P<name>[\w.-]{2,64})[\"']?[ \t]*\r?\n[ \t]+value:[ \t]*[\"']?"
                        r"(?P<val>[^\s\"'#]{6,512})")
_BUNDLE = re.compile(r"\bBUNDLE_[A-Z0-9_]+__[A-Z0-9]+[\"']?[ \t]*[:=][ \t]*[\"']?[\w.@+-]{1,64}:(?P<val>[^\s\"']{6,256})")
_SASL_USER = re.compile(r"username(?:[ \t]*[=:][ \t]*[\"']?|[ \t]*=[ \t]*\")(?P<val>(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])"
                        r"[A-Z0-9]{16})(?![\w])", re.IGNORECASE)
_SHAPES = (
    (("ATATT3",), re.compile(r"ATATT3[A-Za-z0-9_\-=]{60,400}(?![\w=-])"), "token"),
    (("sdk-", "mob-"), re.compile(r"(?<![\w-])(?:sdk|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b"), "secret"),
    (("/apiKeys/",), re.compile(r"organizations/[0-9a-f-]{36}/apiKeys/[0-9a-f-]{36}"), "secret"),
)
_JOTTED = re.compile(r"(?i)(?<![\w`'\"-])(?:admin|root|user(?:name)?|login|sa|postgres)[ \t]+/[ \t]+"
                     r"(?P<val>[^\s/`'\"]{6,64})(?=[\s,;)]|$)")
_NKEY_SEED = re.compile(r"S[UAOCNPX][A-Z2-7]{56}(?![A-Z0-9])")
_NKEY_NEEDLES = ("SU", "SA", "SO", "SC", "SN", "SP", "SX")
"""NATS tooling names what it prints or reads: a seed is looked for only in a text holding one of these."""
_PW_WORD = re.compile(r"\b(?:pw|pwd|pass(?:word|wd|phrase)?|pin|login)\b")
_ANSWER = re.compile(r"[ \t]*[\w .-]{1,20}:[ \t]*(?P<val>[^\s,;]{6,64})")
_SHOWN_ONCE = re.compile(r"(?i)\b(?:(?:only|once)\s+be\s+shown|shown\s+(?:only\s+)?once|won't\s+(?:be\s+able\s+to\s+)?see\s+it"
                         r"\s+again|will\s+not\s+be\s+(?:shown|displayed)\s+again|copy\s+it\s+now)\b")
_LONE_VALUE = re.compile(r"(?m)^[ \t]*(?P<val>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_\-]{24,128})"
                         r"[ \t]*$")


def part_spans(text: str, lowered: str) -> list[Span]:
    """Every credential of the forms in this module's docstring."""
    spans = _split_spans(text, lowered) + _wallet_spans(text, lowered)
    for pos in positions(text, "value:"):  # the item's "- name:" is read back from each value
        m = _YAML_PAIR.search(text, max(0, pos - 110), pos + 530)
        if m is not None and key_kind(m.group("name")) and _literal(m.group("val")) and token_like(m.group("val")):
            spans.append(_span(m.start("val"), m.group("val"), "secret"))
    if "BUNDLE_" in text:
        spans.extend(_span(m.start("val"), m.group("val"), "password") for m in _BUNDLE.finditer(text))
    if "sasl" in lowered:
        for pos in positions(lowered, "username"):
            m = _SASL_USER.match(text, pos)
            if m is not None:
                spans.append(_span(m.start("val"), m.group("val"), "secret"))
    for needles, pattern, kind in _SHAPES:
        if any(needle in text for needle in needles):
            spans.extend(_span(m.start(), m.group(0), kind) for m in pattern.finditer(text))
    if "nkey" in lowered:
        for needle in _NKEY_NEEDLES:
            for pos in positions(text, needle):
                m = _NKEY_SEED.match(text, pos)
                if m is not None and (pos == 0 or not text[pos - 1].isalnum()):
                    spans.append(_span(pos, m.group(0), "secret"))
    spans.extend(_reply_spans(text, lowered))
    if ("shown" in lowered or "again" in lowered) and _SHOWN_ONCE.search(text):
        spans.extend(_span(m.start("val"), m.group("val"), "token") for m in _LONE_VALUE.finditer(text)
                     if token_like(m.group("val")))
    return spans


def _reply_spans(text: str, lowered: str) -> list[Span]:
    """A password answering a question about it on the line before, or jotted after ``admin /``."""
    spans: list[Span] = []
    asked = "pass" in lowered or "login" in lowered or "pin" in lowered or "pw" in lowered
    questions = ((positions(text, "?\n") if "?" in text else []) + word_starts(lowered, ("what", "anyone"))) if asked else []
    done = -1
    for pos in sorted(questions):
        start, end = lowered.rfind("\n", 0, pos) + 1, lowered.find("\n", pos)
        if end < 0 or end <= done or end - start > 160 or _PW_WORD.search(lowered, start, end) is None:
            continue
        done = end
        m = _ANSWER.match(text, end + 1)
        if m is not None and _password_like(m.group("val")) and _literal(m.group("val")):
            spans.append(_span(m.start("val"), m.group("val"), "password"))
    if "/" in text and " / " in text:
        for pos in positions(text, " / "):
            m = _JOTTED.search(text, max(0, pos - 12), pos + 70)
            if m is not None and _password_like(m.group("val")) and _literal(m.group("val")):
                spans.append(_span(m.start("val"), m.group("val"), "password"))
    return spans


def _split_spans(text: str, lowered: str) -> list[Span]:
    """The pieces of a secret joined at run time, and a value continued past a backslash line break."""
    spans: list[Span] = []
    if "$" in text and "printf" in lowered:  # one-character tests first: memchr is far cheaper than a word search
        for m in _PRINTF.finditer(text):
            if key_kind(m.group("key")):
                spans.extend(_pieces(m.group("parts"), m.start("parts")))
    if "(" in text and ".join(" in lowered:
        for m in _JOIN.finditer(text):
            if key_kind(m.group("key")):
                spans.extend(_pieces(m.group("parts"), m.start("parts")))
    for pos in positions(text, "\\\n") if "\\" in text else ():
        cont = _CONTINUED.search(text, text.rfind("\n", 0, pos) + 1, pos + 220)
        if cont is None or not key_kind(cont.group("key")):
            continue
        head, tail = cont.group("head"), cont.group("tail")
        if head.startswith("[REDACTED:"):  # the head had a vendor's shape and is gone already
            if token_like(tail):
                spans.append(_span(cont.start("tail"), tail, "secret"))
        elif token_like(head + tail):
            spans.append(_span(cont.start("head"), head, "secret"))
            spans.append(_span(cont.start("tail"), tail, "secret"))
    return spans


def _pieces(parts: str, offset: int) -> list[Span]:
    found: list[Span] = []
    for piece in _PIECE.finditer(parts):
        value = piece.group(1) if piece.group(1) is not None else piece.group(2)
        start = offset + piece.start(1 if piece.group(1) is not None else 2)
        if _literal(value) and not value.startswith("%"):
            found.append(_span(start, value, "secret"))
    return found


def _wallet_spans(text: str, lowered: str) -> list[Span]:
    """Recovery phrases, 0x private keys in signer slots, and keypair bytes."""
    spans: list[Span] = []
    cues = (_SEED_WORDS[:4] if "seed" in lowered else ()) + (("mnemonic",) if "mnemonic" in lowered else ()) + (
        _SEED_WORDS[5:] if " phrase" in lowered else ())
    for pos in word_starts(lowered, cues) if cues else ():
        m = _SEED.search(text, pos, pos + 480)
        words = m.group(0).split() if m is not None else []
        if m is not None and m.start() - pos <= 100 and len(set(words)) * 3 >= len(words) * 2:
            spans.append(_span(m.start(), m.group(0), "secret"))
            break
    for pos in positions(lowered, "0x") if "x" in lowered else ():
        m = _ETH_KEY.match(text, pos)
        if m is not None and _ETH_CUE.search(text, max(0, pos - 40), pos):
            spans.append(_span(pos, m.group(0), "private_key"))
    if "[" in text and "keypair" in lowered and text.count(",") >= 63:
        spans.extend(_span(m.start("val"), m.group("val"), "private_key") for m in _KEYPAIR.finditer(text))
    return spans

