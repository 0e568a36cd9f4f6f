"""Credentials entered at a prompt, typed by a script or filed as keys, in forms the other passes of
:func:`mnemon.safety.redact.redact` did not read: round 25's classes of missed secrets, a pass of its own
(:func:`entered_spans`, run inside ``secretheard``'s late pass), and its look-alike classes (:func:`public_form`).
Each form is guarded by a literal, so text without it costs one ``in`` test per form.

* **a password sent after a server prompts for it** in a challenge-response transcript: the client's line after
  ``334`` and the base64 of "Password:" (SMTP ``AUTH LOGIN``);
* **a private key with its chain's secret-key prefix** (``edsk``, ``spsk``, ``p2sk`` and base58), written bare or
  after an ``unencrypted:`` label;
* **a key file whose type names a signing or secret key**: the hex body (``cborHex``, ``hex``) of an object whose
  ``type`` or ``kind`` says ``SigningKey``, ``SecretKey`` or ``PrivateKey`` (a verification key's is public);
* **a symmetric key line in a key file**: a key id, an algorithm (``MD5``, ``SHA1``, ``SHA256``, ``AES128CMAC``
  ...) and the key, alone on a line (NTP and chrony key files), the key marked ``HEX:``/``ASCII:``, or in a text
  naming a keys file, or not a bare hex run (a digest listing);
* **a named argument whose name names a secret in colon-pair syntax** (``:password<...>``, ``:api-token('...')``);
* **a field named for a secret given its value by a declaration clause** (``WS-PASS PIC X(16) VALUE '...'``);
* **a password given by position to an account or client command**: ``net user NAME PASSWORD /add``, and a
  short password flag (``-w``, ``-P``, ``-p``) on a command line that also names the user (``-U``/``-u``), when
  the value has a password's mix (a port or a file is not);
* **credentials typed by an automation script into a login form**: the value between a Tab and an Enter key
  (``user{Tab}PASSWORD{Enter}``, also across ``Send`` lines; ``xdotool key Tab; xdotool type '...'``).

Look-alikes (:func:`public_form`): a vendor prefix followed by a ``<placeholder>`` (``sk_live_<your-key>``); the
key data of DNS records that publish keys (``DNSKEY``, ``CDNSKEY``, ``KEY``, ``TLSA``, ``SSHFP``, ``DS``,
``IPSECKEY``, ``RRSIG``); a base64 line under a signing tool's ``untrusted comment: signature ...`` line; and the
metadata of an encrypted value (``auth_tag``, ``iv``, ``nonce``) beside its ``encrypted_data``; and a segment of a
path joined with ``/`` operators in code (:func:`path_join`).
"""

from __future__ import annotations

import re

from mnemon.safety import secretgiven, secretshown
from mnemon.safety.secretnoted import _literal, _mixed
from mnemon.safety.secretwords import key_kind, marker
from mnemon.safety.spans import starts

Span = tuple[int, int, str, str]

_PROMPTED = re.compile(r"334[ \t]+(?:UGFzc3dvcmQ6|cGFzc3dvcmQ6|UEFTU1dPUkQ6)[ \t]*\r?\n[ \t]*(?:C[ \t]*:[ \t]*|>+[ \t]*)?"
                       r"(?P<val>[A-Za-z0-9+/]{4,256}={0,2})[ \t]*\r?(?:\n|$)")
"""The client's answer to ``334 `` and the base64 of "Password:" (three spellings of the prompt)."""
_CHAIN_PREFIXES = ("edsk", "spsk", "p2sk")
_CHAIN_KEY = re.compile(r"(?:edsk|spsk|p2sk)[1-9A-HJ-NP-Za-km-z]{50}(?:[1-9A-HJ-NP-Za-km-z]{44})?"
                        r"(?![A-Za-z0-9])")
_KEY_TYPE = re.compile(r"(?i)[\"'](?:type|kind)[\"'][ \t]*:[ \t]*[\"'][\w.-]{0,40}(?:signing|secret|private)key[\w.-]{0,40}"
                       r"[\"']")
_KEY_BODY = re.compile(r"(?i)[\"'](?:cborhex|hex|keyhex|secret|bytes)[\"'][ \t]*:[ \t]*[\"'](?P<val>[0-9a-f]{64,256})[\"']")
_KEY_LINE = re.compile(
    r"(?i)[ \t]*\d{1,5}[ \t]+(?:md5|sha1|sha224|sha256|sha384|sha512|sha3-\d{3}|rmd160|aes128cmac|aes256cmac"
    r"|aes-128-cmac|aes-256-cmac|(?P<m>m))[ \t]+(?P<mark>(?:hex|ascii):)?(?P<val>[^\s#]{8,128})[ \t]*(?=\r?\n|$)"
)
_KEY_LINE_HEAD_AFTER_NEWLINE = re.compile(r"\n[ \t]*\d{1,5}[ \t]+(?:md5|sha|rmd|aes|m[ \t])")
"""A line opening like a key-file line (run on the lower case: a regex that opens with a literal is scanned for
quickly)."""
_HEX = re.compile(r"[0-9a-fA-F]+")
_COLON_PAIR = re.compile(r":(?P<key>[A-Za-z][\w-]{1,40})(?:<(?P<val>[^<>\s]{4,128})>"
                         r"|\([ \t]*(?P<q>[\"'])(?P<val2>[^\"'\n]{4,128})(?P=q)[ \t]*\))")
_PIC_VALUE = re.compile(r"(?i)(?P<name>[a-z][\w-]{0,40})[ \t]+pic(?:ture)?[ \t]+x\(\d{1,4}\)[ \t]+value[ \t]+"
                        r"(?P<q>[\"'])(?P<val>[^\"'\n]{4,128})(?P=q)")
_NET_USER = re.compile(r"(?i)net user[ \t]+(?:\"[^\"\n]{1,40}\"|[^\s/\"*]{1,40})[ \t]+(?P<q>\"?)(?P<val>[^\s/\"*][^\s\"]{3,127})"
                       r"(?P=q)(?=[ \t]+/|[ \t]*$)")
_SHORT_FLAG = re.compile(r"(?<=[ \t])-(?:w|P|p)[ \t]+(?P<q>[\"']?)(?P<val>[^\s\"'\-$][^\s\"']{5,127})(?P=q)(?=\s|$)")
_USER_FLAG = re.compile(r"-(?:U|u)[ \t]*[\w.@\\-]{1,64}(?=\s)")
_TAB_ENTER = re.compile(
    r"(?i)\{tab\}(?:[ \t]*\"?[ \t]*\r?\n[ \t]*send\w{0,6}[ \t,]*\"?)?(?P<val>[^{}\s\"]{4,128})\{(?:enter|return)\}"
)
_XDOTOOL = re.compile(r"(?i)xdotool[ \t]+key[ \t]+tab\b[^\n]{0,20}?xdotool[ \t]+type[ \t]+(?:--?[\w-]{1,20}[ \t]+\S{1,10}[ \t]+)*"
                      r"(?P<q>[\"'])(?P<val>[^\"'\n]{4,128})(?P=q)")


def entered_spans(text: str, lowered: str) -> list[Span]:
    """The spans of this module's forms (its docstring); each regex is tried only where its literal occurs."""
    spans: list[Span] = []
    if "334" in text:
        spans += [_span(m, "password") for m in _PROMPTED.finditer(text)]
    for pos in starts(text, _CHAIN_PREFIXES) if ("edsk" in text or "spsk" in text or "p2sk" in text) else ():
        chain = _CHAIN_KEY.match(text, pos)
        if chain is not None and (pos == 0 or not text[pos - 1].isalnum()):
            spans.append((chain.start(), chain.end(), marker("private_key"), "private_key"))
    if "key" in lowered and ("signingkey" in lowered or "secretkey" in lowered or "privatekey" in lowered):
        spans += _typed_key_files(text)
    spans += _key_lines(text, lowered)
    spans += _colon_pairs(text, lowered)
    for pos in starts(lowered, (" pic x(", " picture x(")) if "x(" in lowered else ():
        line_start = text.rfind("\n", max(0, pos - 60), pos) + 1
        value = _PIC_VALUE.search(text, max(line_start, pos - 60), pos + 200)
        if value is not None and key_kind(value.group("name")) is not None and _literal(value.group("val")):
            spans.append(_span(value, "password"))
    for pos in starts(lowered, ("net user ",)) if "net user " in lowered else ():
        account = _NET_USER.match(text, pos)
        if account is not None and _password(account.group("val")):
            spans.append(_span(account, "password"))
    if " -u" in lowered:
        spans += _short_flags(text, lowered)
    if "{tab}" in lowered:
        spans += [_span(m, "password") for m in _TAB_ENTER.finditer(text) if _literal(m.group("val"))]
    if "xdotool" in lowered:
        spans += [_span(m, "password") for m in _XDOTOOL.finditer(text) if _literal(m.group("val"))]
    return spans + secretgiven.given_spans(text, lowered) + secretshown.shown_spans(text, lowered)  # rounds 26, 27


def _span(match: re.Match[str], kind: str, group: str = "val") -> Span:
    return match.start(group), match.end(group), marker(kind), kind


def _password(value: str) -> bool:
    return _literal(value) and _mixed(value)


def _typed_key_files(text: str) -> list[Span]:
    """The hex body of an object whose type names a signing, secret or private key (within 300 characters)."""
    spans: list[Span] = []
    for typed in _KEY_TYPE.finditer(text):
        lo, hi = max(0, typed.start() - 300), min(len(text), typed.end() + 300)
        spans += [_span(m, "private_key") for m in _KEY_BODY.finditer(text, lo, hi)]
    return spans


def _key_line(match: re.Match[str], lowered: str) -> bool:
    """A key file's line: the key marked, the text naming a keys file, or a key that is not a bare hex digest."""
    value = match.group("val")
    if not _literal(value):
        return False
    if match.group("mark") or "keys" in lowered:
        return True
    return _HEX.fullmatch(value) is None and _mixed(value)


_KEY_LINE_HEAD = re.compile(r"(?i)[ \t]*\d{1,5}[ \t]+(?:md5|sha1|sha224|sha256|sha384|sha512|sha3-\d{3}|rmd160|aes128cmac"
                            r"|aes256cmac|aes-128-cmac|aes-256-cmac|m)[ \t]+(?:hex:|ascii:)?")


def filed_key(text: str, start: int) -> bool:
    """The value at ``start`` is the key of a key file's line (:data:`_KEY_LINE`): its algorithm is not a digest's
    label."""
    if start == 0 or text[start - 1] not in " \t:" or not _marks(text)[5]:
        return False
    line_start = text.rfind("\n", max(0, start - 40), start) + 1
    return (line_start > 0 or start <= 40) and _KEY_LINE_HEAD.fullmatch(text, line_start, start) is not None


_JOIN_BEFORE = re.compile(r"[\w)\]\"'][ \t]+/[ \t]+[\"']?$")
_JOIN_AFTER = re.compile(r"[\"']?(?:[ \t]+/[ \t]+[\"'\w.(]|[ \t]*\))")
"""A ``/`` operator has blanks around it; a URL's or a file path's slashes have none."""


def path_join(text: str, start: int, end: int) -> bool:
    """The value is a segment of a path built with a ``/`` operator in code (``home / ".ivy2" / "x"``)."""
    if not _marks(text)[4] or text.find("/", max(0, start - 4), start) < 0:
        return False
    return _JOIN_BEFORE.search(text, max(0, start - 24), start) is not None and _JOIN_AFTER.match(text, end) is not None


def _key_lines(text: str, lowered: str) -> list[Span]:
    """Key-file lines (:data:`_KEY_LINE`), read from the start of a line whose algorithm comes within 8 characters."""
    heads = [m.start() + 1 for m in _KEY_LINE_HEAD_AFTER_NEWLINE.finditer(lowered)]
    if lowered[:1].isdigit() or lowered[:1] in " \t":
        heads.insert(0, 0)
    spans: list[Span] = []
    for line_start in heads:
        match = _KEY_LINE.match(text, line_start)
        if match is not None and (match.group("m") is None or "keys" in lowered) and _key_line(match, lowered):
            spans.append(_span(match, "secret"))
    return spans


_COLON_NAMED = re.compile(r":[a-z0-9_-]{0,30}(?:pass|secret|token|key|pw|credential|auth)[a-z0-9_-]{0,20}[<(]")
"""A colon, a name holding a secret word, and the bracket of a colon pair (run on the lower case: a regex that opens
with a literal is scanned for quickly)."""


def _colon_pairs(text: str, lowered: str) -> list[Span]:
    """``:name<value>`` and ``:name('value')`` whose name names a secret."""
    spans: list[Span] = []
    for named in _COLON_NAMED.finditer(lowered):
        colon = named.start()
        match = _COLON_PAIR.match(text, colon)
        if match is None or (colon and (text[colon - 1].isalnum() or text[colon - 1] in "_:")):
            continue
        kind = key_kind(match.group("key").replace("-", "_"))
        group = "val" if match.group("val") is not None else "val2"
        value = match.group(group)
        if kind is not None and _literal(value) and not value.startswith(("%", "*")):
            spans.append(_span(match, kind, group))
    return spans


def _short_flags(text: str, lowered: str) -> list[Span]:
    """``-w``/``-P``/``-p`` values with a password's mix on a line that also passes ``-U``/``-u`` a user."""
    spans: list[Span] = []
    done = -1
    for pos in starts(lowered, (" -u",)):
        line_start = text.rfind("\n", 0, pos) + 1
        if line_start <= done or not _USER_FLAG.match(text, pos + 1):
            continue
        done = line_start
        line_end = text.find("\n", pos)
        line_end = len(text) if line_end < 0 else line_end
        spans += [_span(m, "password") for m in _SHORT_FLAG.finditer(text, line_start, line_end)
                  if _password(m.group("val"))]
    return spans


_PLACEHOLDER_TAIL = re.compile(r"<[\w .-]{2,60}>")
_DNS_KEY_RECORD = re.compile(r"\bIN[ \t]+(?:DNSKEY|CDNSKEY|KEY|TLSA|SSHFP|DS|CDS|IPSECKEY|RRSIG|SMIMEA|OPENPGPKEY)"
                             r"[ \t][^\n]{0,80}$")
_SIGNATURE_CAPTION = re.compile(r"(?i)^untrusted comment:[^\n]{0,80}\bsignature\b")
_CIPHER_META = re.compile(r"(?i)[\"']?(?:auth_?tag|authtag|auth-tag|iv|nonce|tag)[\"']?[ \t]*:[ \t]*[\"']?$")


_LAST: tuple[str | None, tuple[bool, bool, bool, bool, bool, bool]] = (None, (False,) * 6)


def _marks(text: str) -> tuple[bool, bool, bool, bool, bool, bool]:
    """Which look-alike forms the text can hold at all (a ``<``, a DNS class, a signature caption, encryption
    metadata, a ``/`` operator, a key-file line), worked out once per text (the last text is kept), so the spans of
    a text without them cost one lookup each."""
    global _LAST
    last = _LAST  # one read: another thread may replace it, never half of it
    if last[0] is not text:
        last = (text, ("<" in text, "IN" in text, "untrusted comment" in text,
                       "encrypted_data" in text or "ciphertext" in text, " / " in text or "\t/ " in text,
                       _KEY_LINE_HEAD_AFTER_NEWLINE.search(text.lower()) is not None or text[:1].isdigit()
                       or text[:1] in " \t"))
        _LAST = last
    return last[1]


def public_form(text: str, start: int, end: int) -> bool:
    """The value ``text[start:end]`` is one of this module's look-alikes (its docstring). Every test reads a bounded
    window around the value, so a text full of values costs the same per value; the line is looked for only once
    a literal of the form is found."""
    angle, dns, signed, sealed, _, _ = _marks(text)
    if angle and text[end : end + 1] == "<" and text[end - 1 : end] in "._-" and _PLACEHOLDER_TAIL.match(text, end):
        return True
    if dns and text.find("IN", max(0, start - 200), start) >= 0:
        line_start = text.rfind("\n", max(0, start - 200), start) + 1
        if _DNS_KEY_RECORD.search(text, max(line_start, start - 200), start):
            return True
    if signed and start and text[start - 1] == "\n":
        previous = text[max(text.rfind("\n", max(0, start - 200), start - 1) + 1, start - 200) : start - 1]
        if _SIGNATURE_CAPTION.match(previous):
            return True
    if not sealed:
        return False
    lo, hi = max(0, start - 400), end + 400
    if text.find("encrypted_data", lo, hi) < 0 and text.find("ciphertext", lo, hi) < 0:
        return False
    line_start = text.rfind("\n", max(0, start - 30), start) + 1
    return _CIPHER_META.search(text, max(line_start, start - 30), start) is not None
