"""Values a secret rule would take that point at a secret or are public by their label, whatever the vendor: a
filter of :func:`mnemon.safety.redact.redact`'s spans, called from :func:`mnemon.safety.secretinert.inert`
(round 16's classes of changed look-alikes).

* **a key its label calls public**: the words before the value on its line, or the property-list ``<key>`` before
  a ``<string>``, name a public key in any spelling (``PublicEDKey``, ``public signing key``, "push public key
  (ship it to the browser):") and no secret, private key, token or password;
* **a secret store's resource path** in place of a value: ``projects/<n>/secrets/<name>/versions/<v>``, a
  secrets-manager or parameter-store ARN, a key-vault secret URL;
* **a build secret mount**: the ``id=...,env=|src=|target=...`` argument of ``--secret`` or ``--mount=type=secret``
  names where the secret comes from, not the secret;
* **a Windows security identifier** (``S-1-5-21-...``), which names an account;
* **a hashed known_hosts entry** (``|1|salt|hash``), a keyed hash of a host name;
* **ciphertext in a vendor's envelope**: ``EV[...]``, ``ENCRYPTED[...]``, ``SECURE[...]`` and kin, upper-case
  tags whose bracket holds what a platform encrypted at rest.
"""

from __future__ import annotations

import re

_PUBLIC_WORD = re.compile(r"(?i)public[ _-]?(?:[a-z]{0,12}[ _-]?)?key|\bpub[ _-]?key")
_SECRET_WORD = re.compile(r"(?i)secret|private|passw|token|credential|\bpriv")
_PLIST_KEY = re.compile(r"<key>([^<\n]{1,80})</key>\s*<string>$")
_RESOURCE = re.compile(r"(?:projects|organizations)/[\w.-]{1,80}/secrets/[\w.-]{1,200}(?:/versions/[\w.-]{1,40})?"
                       r"|arn:aws[\w-]{0,12}:(?:secretsmanager|ssm):[\w-]{0,20}:\d{0,12}:(?:secret:|parameter/)[\w./+=@-]{1,256}"
                       r"|https://[\w-]{1,63}\.vault\.azure\.net/secrets/[\w./-]{1,200}")
_MOUNT = re.compile(r"(?:--secret[ \t=]+|type=secret,)(?:[\w-]+=[\w./~$-]*,)*$")
_MOUNT_ARG = re.compile(r"(?:id|env|src|source|target|dst|required|mode|uid|gid|type)=[\w./~$-]*"
                        r"(?:,(?:id|env|src|source|target|dst|required|mode|uid|gid|type)=[\w./~$-]*)*")
_SID = re.compile(r"S-1-\d{1,3}(?:-\d{1,10}){1,14}")
_KNOWN_HOST = re.compile(r"\|1\|(?:[A-Za-z0-9+/]{27}=\|)?$")
_ENVELOPE = re.compile(r"\b(?:EV|ENC|ENCRYPTED|SECURE|CIPHER|CIPHERTEXT|SEALED)\[[^\]\n]{8,1000}\]")


def pointer(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is one of this module's classes (its docstring), so it is not redacted."""
    value = text[start:end]
    line_start = max(text.rfind("\n", max(0, start - 200), start) + 1, start - 200)
    before = text[line_start:start]
    if _SID.fullmatch(value) or (value.startswith("S-1-") and _SID.match(text, start)):
        return True
    if _RESOURCE.fullmatch(value) or _KNOWN_HOST.search(before[-40:]):
        return True
    if ("secret" in before and _MOUNT.search(before)) or (
            value.startswith("id=") and "secret" in before and _MOUNT_ARG.fullmatch(value)):
        return True
    if "[" in before and _enveloped(text, line_start, start, end):
        return True
    return _public_label(text, line_start, start)


def _enveloped(text: str, line_start: int, start: int, end: int) -> bool:
    for match in _ENVELOPE.finditer(text, line_start, min(len(text), end + 1000)):
        if match.start() <= start and end <= match.end():
            return True
    return False


def _public_label(text: str, line_start: int, start: int) -> bool:
    """The label before the value names a public key and nothing secret: the line's words before it, or the
    property-list key before its ``<string>``."""
    before = text[line_start:start]
    if not before.strip() or before.rstrip().endswith("<string>"):
        plist = _PLIST_KEY.search(text, max(0, start - 120), start)
        label = plist.group(1) if plist else ""
    else:
        tail = before[-100:]
        label = tail[max(tail.rfind(","), tail.rfind(";")) + 1 :]  # after the last "," or ";"
    if label.isascii() and "pub" not in label.lower():
        return False  # every match of _PUBLIC_WORD holds "pub" (in ASCII text, in any case)
    return bool(label) and _PUBLIC_WORD.search(label) is not None and _SECRET_WORD.search(label) is None
