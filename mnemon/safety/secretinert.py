"""Values a secret rule would take that are not secrets by what they are: a filter of
:func:`mnemon.safety.redact.redact`'s spans, written once per class rather than once per vendor.

Generated-looking strings are pasted all day that unlock nothing; each class below is recognised by its frame,
not by a vendor's prefix, so a new vendor's member of the class is left alone too:

* **armoured blocks holding no private key**: the body of a ``-----BEGIN <LABEL>-----`` block whose label names
  no private or secret key, no seed, and no key unless a public one (signatures, messages, parameters,
  certificates, requests, revocation lists, encrypted files);
* **digests, signatures and build ids**: a value tagged with a hash algorithm (``sha-256=``, ``sha512-``,
  ``md5:``, a package index's ``Q1`` SHA-1 marker), or whose label (the last two words before it on its line, or
  the line before when it starts a line) names a digest, checksum, signature, fingerprint, integrity hash or build
  id and no secret (``X-...-Signature: v1=...``, ``checksum:``, ``-buildid=``). A "signing key", an "hmac
  secret", a signature in a URL's query (a pre-signed link is the capability) or on a line that names the key id
  it was signed with (``Credential=``, ``AWS4-``), an upper-case ``..._HMAC=`` setting and the literal given to an HMAC
  constructor are still secrets;
* **ciphertext**: a value with an encryption envelope's prefix (``encrypted:``, Vault transit ``vault:v1:``), or
  whose label says the value is encrypted (``..._ENCRYPTED``, ``ciphertext``), or a ``..._VAULT_...`` blob whose
  label names no secret;
* **where a secret lives**: a secret store's URI (``gcpsm://``, ``awssm://``, ``azkv://``, ``sm://`` ...), and a
  stored secret's ``name:version`` in a flag that maps secrets to variables (``--update-secrets=X=name:3``);
* **public halves and ids**: a value labelled as a CA bundle or certificate, a public key, or an id (``"id"``,
  ``credentialId``, ``uuid``, ``trace id``), with no secret word in the label; a value the comment after it on
  its line calls public or publishable (a mobile client key bundled with the build) and not secret or private;
* **pointers and public labels** (:mod:`mnemon.safety.secretpointers`): a key its label calls public in any
  spelling, a secret store's resource path, a build secret mount's argument, a Windows SID, a hashed known_hosts
  entry, ciphertext in a vendor's upper-case envelope.
"""

from __future__ import annotations

import re

from mnemon.safety.secretentered import filed_key, path_join
from mnemon.safety.secretpointers import pointer

_ARMOUR = re.compile(r"-----BEGIN ([A-Z0-9 ]{1,40})-----")
_ARMOUR_REACH = 16_000
"""How far back a block's BEGIN line is looked for (a longer body is not a pasted signature or certificate)."""
_LINE_REACH = 240
"""How far back the start of a value's line is looked for (bounded, so each span costs the same)."""
_ENVELOPES = ("encrypted:", "vault:v1:", "vault:v2:", "vault:v3:")
_STORE_SCHEMES = ("sm://", "gcpsm://", "awssm://", "azkv://", "akv://", "berglas://", "ssm://", "asm://",
                  "secretsmanager://", "doppler://", "infisical://", "bws://", "keyvault://", "gsm://", "ref+")
_TOKEN_CHAR_STRING = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=:_.-"
_ALGORITHM_TAG = re.compile(r"(?i)(?:sha-?(?:1|224|256|384|512)|sha3-(?:256|384|512)|md5|blake2[bs]?|blake3|crc32c?)"
                            r"[-=:]:?$")
_DIGEST_WORDS = re.compile(r"signature|digest|checksum|\bhash|hmac|fingerprint|integrity|build[ _-]?id|\bsha\d")
_VETO = re.compile(r"secret|passw|pepper|p(?<!\wp)ass\b|_pass\b|passphrase|pwd|token|private|credential(?!_?id)|a(?<!\wa)uth"
                   r"|cookie|session|bearer|signing|\?|&|x-amz|k(?<!publick)(?<!public[ _-]k)(?<!pubk)ey\b|key[ _-]?(?:id|secret)"
                   r"|access")
r"""Label words of a secret. Every branch opens with a literal, so ``re`` skips to the characters that can start one:
``\bauth`` is written ``a(?<!\wa)uth`` (the same test, made after the first letter) and the lookbehinds before
``key`` likewise."""
_KEY_MATERIAL = re.compile(r"(?:secret|private)[ \t]+key")
"""A secret or private key stays one when its caption says it is stored encrypted (a passphrase guards it)."""
_VAULT_LABEL = re.compile(r"_vault_|\bvault_")
_PUBLIC_LABEL = re.compile(r"ca[ _-]?(?:bundle|cert)|public[ _-]?key|\bpubkey")
_ID_SLOT = re.compile(r"(?:^|[^a-z0-9_])(?:[\"']?(?:id|rawid|credentialid|uuid|guid|ksuid)|(?:trace|request|event|span"
                      r"|correlation)[ _-]?id)[\"']?[ \t]*[:=]?[ \t]*[\"']?$")
_INERT_LABEL = re.compile("|".join(p.pattern for p in (_VAULT_LABEL, _DIGEST_WORDS, _ID_SLOT, _PUBLIC_LABEL)))
"""Any label of a value that is no secret: one search instead of four."""
_SECRETS_FLAG = re.compile(r"--(?:set|update)-secrets[= ]")
_STORED_NAME = re.compile(r"(?:[A-Za-z_]\w{0,80}=)?[A-Za-z][\w.-]{0,80}:(?:latest|\d{1,6})"
                          r"(?:,(?:[A-Za-z_]\w{0,80}=)?[A-Za-z][\w.-]{0,80}:(?:latest|\d{1,6})){0,20}")
_CHECKSUM_SHAPE = re.compile(r"Q1[A-Za-z0-9+/]{27}=")
"""A package index's checksum with its algorithm marker (``Q1`` and the base64 of a SHA-1)."""
_CAPTION = re.compile(r"[ \t]+(?:#|//|--|;|\()[ \t]*([^\n]{0,160})")


def inert(text: str, start: int, end: int) -> bool:
    """The value ``text[start:end]`` is one of this module's classes (its docstring), so it is not redacted."""
    head = _token_head(text, start)
    lead = text[head:start]
    value = text[start:end]
    if value.startswith(_ENVELOPES) or value.startswith(_STORE_SCHEMES) or (
            lead.endswith(_ENVELOPES) and not lead.lower().endswith("unencrypted:")):
        return True
    if filed_key(text, start):  # a key file's line names the key's algorithm, not a digest
        return False
    if path_join(text, start, end):
        return True
    if pointer(text, start, end):  # round 16's classes: public labels, store paths, mounts, SIDs, envelopes
        return True
    if _CHECKSUM_SHAPE.fullmatch(value) or _ALGORITHM_TAG.search(lead[-14:]):
        return True
    if _in_public_armour(text, start):
        return True
    line_start = max(text.rfind("\n", max(0, start - _LINE_REACH), start) + 1, start - _LINE_REACH, 0)
    before = text[line_start:start].lower()
    if "aws4-" in before or "credential=" in before:
        return False  # a request signed with a key id names that key: its signature is the capability
    label = " ".join(before.rsplit(None, 2)[-2:])  # the last two words, without splitting the whole line
    if not before.strip() and line_start:
        label = text[max(text.rfind("\n", max(0, line_start - 62), line_start - 1) + 1, line_start - 61) : line_start - 1].lower()
    if ("encrypted" in label.replace("unencrypted", "") or "ciphertext" in label) and not _KEY_MATERIAL.search(label):
        return True
    if "-secrets" in before and _stored_names(text, line_start, start, end):
        return True
    if _VETO.search(label) or ("hmac" in before and _HMAC_KEY.search(text, line_start, start)) or (
            "secret" in before and _SECRET_ID.search(before)):
        return False
    return _INERT_LABEL.search(label) is not None or _public_caption(text, end)


_HMAC_KEY = re.compile(r"(?:^|[\s;])(?:export[ \t]+)?[A-Z0-9_]*HMAC[A-Z0-9_]*[ \t]*[=:][ \t]*[\"']?$"
                       r"|(?i:hmac[\w:<>., ]{0,40}?(?:new(?:_from_slice|_varkey)?|init|create|key)\(\s*b?[\"'])$", re.MULTILINE)
"""Where an "hmac" label holds the key, not a digest: an upper-case setting named for it (digests are computed, not
configured) and the literal given to an HMAC constructor."""
_SECRET_ID = re.compile(r"secret[ _-]?id[\"']?[ \t]*[:=]?[ \t]*[\"']?$")
"""A "secret id" label (Vault AppRole, Consul, Nomad): the id *is* the credential, whatever "id" says alone."""


def _stored_names(text: str, line_start: int, start: int, end: int) -> bool:
    """``text[start:end]`` lies in the argument of a flag mapping variables to stored secrets, and that argument is
    only ``NAME=secret-name:version`` items."""
    flags = list(_SECRETS_FLAG.finditer(text, line_start, start))
    if not flags:
        return False
    flag = flags[-1]
    arg_end = flag.end()
    while arg_end < len(text) and not text[arg_end].isspace():
        arg_end += 1
    return end <= arg_end and _STORED_NAME.fullmatch(text, flag.end(), arg_end) is not None


def _token_head(text: str, start: int) -> int:
    """Where the run of token characters holding ``start`` begins (at most 24 characters back)."""
    floor = max(0, start - 24)
    return floor + len(text[floor:start].rstrip(_TOKEN_CHAR_STRING))  # the token characters just before ``start``


def _in_public_armour(text: str, start: int) -> bool:
    """``start`` lies in the body of an armoured block whose label names no private or secret key."""
    begin = text.rfind("-----BEGIN ", max(0, start - _ARMOUR_REACH), start)
    if begin < 0 or "-----END " in text[begin:start]:
        return False
    match = _ARMOUR.match(text, begin)
    if match is None:
        return False
    label = match.group(1)
    if "PRIVATE" in label or "SECRET" in label or "SEED" in label:
        return False
    return "KEY" not in label or "PUBLIC" in label


def _public_caption(text: str, end: int) -> bool:
    """The comment after the value on its line says the value is public or publishable, and nothing secret."""
    match = _CAPTION.match(text, end)
    if match is None:
        return False
    caption = match.group(1).lower()
    if "public" not in caption and "publishable" not in caption:
        return False
    return not any(word in caption for word in ("secret", "private", "not public", "non-public", "server-side"))
