"""Values a secret rule would take that are provably no credential: a filter of
:func:`mnemon.safety.redact.redact`'s spans (:func:`known`, :func:`constant`, :func:`unsigned_jwt`).

The policy (README, "Secrets and prompt injection"): a value may stay only when it cannot be a live credential
whoever pasted it. A look-alike that *would* unlock something if a user pasted their own value in its place stays
redacted, because a missed secret costs more than a redacted look-alike. So the classes here are recognised by
what the value *is*, never by a caption a user could write next to their own key ("test key", "RFC example"):

* **published constants**, by exact value (:data:`CONSTANTS`): a standard's test vector (an RFC's or NIST's sample
  private or HMAC key), a vendor's documented always-passing test key, a licence string a library documents for
  free use, an image's documented default password. Anyone can read them where they were published; a key of
  the same shape that is not the published one is redacted as before;
* **an unsigned JWT** (:func:`unsigned_jwt`): header ``"alg": "none"`` and an empty signature. It carries no key
  material and grants nothing a verifier should accept; a signed token stays redacted whatever its claims say;
* **base64 of ordinary content** (:func:`_encoded_plain`): a value that decodes to words (``a sample nonce``), to
  settings (``layout=wide;tz=UTC``), to a JSON object, or to binary framing around readable names (a protobuf or
  gRPC body), where the decoded text itself holds no secret (it is redacted again to check) and the value's label
  names no password, token, secret, session or auth. A base64 password, passphrase or ``user:password`` pair under
  such a label stays redacted;
* **ids, digests and signatures in headers that say so** (:func:`_id_header`): ``Message-ID``, ``In-Reply-To``,
  ``References``, ``ETag``, ``Content-MD5``, ``Digest``, ``DKIM-Signature`` and ``ARC-*`` (published in every mail),
  the WebSocket handshake's ``Sec-WebSocket-Key``/``-Accept`` (a nonce and its digest), and any header whose name
  ends in ``id`` (``X-Upload-Id``, ``x-correlation-id``) unless the name speaks of a session, auth, a token, a key
  or a secret;
* **ciphertext made to be committed** (:func:`_committed`): a sealed-secrets controller's ``encryptedData`` values
  and the body of an encrypted credentials file (``*.yml.enc``: ``data--iv--tag``), readable only with a key kept
  elsewhere. Maven's ``{...}`` password stays redacted: its master password is encrypted with a public constant, so
  the pair decodes with public tools.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from mnemon.safety.entropy import base64_bytes

CONSTANTS = frozenset((
    # RFC 8032 section 7.1 (Ed25519) test 1 to 3 secret keys
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
    # RFC 7748 section 6.1 (X25519) Alice's and Bob's private keys
    "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
    "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
    # FIPS-197 / NIST SP 800-38A AES-128, -192 and -256 example keys
    "2b7e151628aed2a6abf7158809cf4f3c",
    "8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b",
    "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
    # RFC 7515 appendix A.1 HMAC SHA-256 key (JWK "k")
    "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow",
    # Google reCAPTCHA v2 test site key and secret (always pass, documented in the reCAPTCHA FAQ)
    "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI",
    "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe",
    # hCaptcha and Cloudflare Turnstile documented test keys
    "10000000-ffff-ffff-ffff-000000000001",
    "0x0000000000000000000000000000000000000000",
    "1x0000000000000000000000000000000AA",
    "2x0000000000000000000000000000000AA",
    "3x0000000000000000000000000000000AA",
    # Stripe's documentation test keys (shown to every reader of its API reference)
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "pk_test_TYooMQauvdEDq54NiTphI7jx",
    # Azurite / the Azure storage emulator's well-known account key
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
    # licence strings libraries document for free use (Handsontable, FullCalendar)
    "non-commercial-and-evaluation",
    "GPL-My-Project-Is-Open-Source",
    "CC-Attribution-NonCommercial-NoDerivatives",
    # documented image defaults (MinIO's root user and password, Firebird's SYSDBA password)
    "minioadmin",
    "masterkey",
))
"""Published constants, each from the public source named above it: recognised by exact value only."""

_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_")
_SECRET_LABEL = re.compile(r"pass|pwd|secret|token|credential|auth|session|private|\bsid\b|api[_-]?key")
_HEADER = re.compile(r"[ \t]*([A-Za-z][A-Za-z0-9-]{1,60})[ \t]*:")
_ID_HEADERS = frozenset(("message-id", "in-reply-to", "references", "content-id", "etag", "content-md5", "digest",
                         "dkim-signature", "sec-websocket-key", "sec-websocket-accept", "x-google-dkim-signature"))
_HEADER_VETO = re.compile(r"session|auth|token|key|secret|csrf|xsrf|cookie|pass|api")
_WORD = re.compile(r"[A-Za-z]{2,}")
_PAIR = re.compile(r"[A-Za-z_][\w.-]{0,30}=[^=;&,\s]{1,80}")
_ENC_BODY = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}--[A-Za-z0-9+/]{12,}={0,2}--[A-Za-z0-9+/]{16,}={0,2}")


def constant(value: str) -> bool:
    """``value`` is one of the :data:`CONSTANTS` (quotes around it ignored)."""
    return value.strip("\"'") in CONSTANTS


def known(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is provably no credential (this module's docstring)."""
    value = text[start:end]
    whole = _whole(text, start, end)
    if constant(value) or whole in CONSTANTS or ("eyJ" in value and unsigned_jwt(whole)):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    return _id_header(text, line_start, start) or _committed(text, whole, start, end) or _encoded_plain(
        text, whole.rstrip("."), line_start, start)


def _whole(text: str, start: int, end: int) -> str:
    """The run of token characters the span lies in (a rule may have taken part of a value), at most
    :data:`_REACH` characters either side, so a long run costs no more than a short one."""
    low, high = max(0, start - _REACH), min(len(text), end + _REACH)
    while start > low and text[start - 1] in _B64 and text[start - 1] != "=":  # padding only ends a value
        start -= 1
    while end < high and (text[end] in _B64 or text[end] == "."):
        end += 1
    return text[start:end]


_REACH = 600


def unsigned_jwt(token: str) -> bool:
    """A JWT whose header says ``"alg": "none"`` and whose signature is empty (``header.claims.``)."""
    parts = token.split(".")
    if len(parts) != 3 or parts[2] or not parts[0].startswith("eyJ"):
        return False
    header = base64_bytes(parts[0])
    if header is None:
        return False
    try:
        data = json.loads(header.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(data, dict) and str(data.get("alg", "")).lower() == "none"


def _id_header(text: str, line_start: int, start: int) -> bool:
    """The value sits in a header that names an id, a digest or a signature (this module's docstring)."""
    header = _HEADER.match(text, line_start)
    if header is None or header.end() > start:
        return False
    name = header.group(1).lower()
    if name in _ID_HEADERS or name.startswith("arc-"):
        return True
    return name.endswith("id") and "-" in name and _HEADER_VETO.search(name) is None


def _committed(text: str, whole: str, start: int, end: int) -> bool:
    """Sealed-secrets ``encryptedData`` values and an encrypted credentials file's ``data--iv--tag`` body."""
    encrypted_file, sealed = _mentions(text)
    if encrypted_file and _ENC_BODY.fullmatch(whole):
        return True
    if not sealed:
        return False
    above = text.rfind("encryptedData", max(0, start - 4012), start)
    return above >= 0 and start - above < 4000 and text[start:end].startswith("Ag") and end - start >= 64


@lru_cache(maxsize=8)
def _mentions(text: str) -> tuple[bool, bool]:
    """Whether ``text`` names an encrypted file and sealed data: read once per text, not once per span (a text of
    thousands of candidate spans was quadratic)."""
    return ".enc" in text, "encryptedData" in text


def _encoded_plain(text: str, value: str, line_start: int, start: int) -> bool:
    """Base64 of words, settings, a JSON object or binary framing around names, holding no secret itself."""
    if len(value) < 12 or _SECRET_LABEL.search(text[max(line_start, start - 40) : start].lower()):
        return False
    raw = base64_bytes(value)
    if raw is None or len(raw) < 8:
        return False
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False  # a byte at 0x80 or above: neither text nor framing around names (most key material stops here)
    if not (_plain_shape(decoded) if decoded.isprintable() else _framed_names(raw)):
        return False
    from mnemon.safety.redact import redact  # the decoded text is screened like any text

    return redact(decoded)[0] == decoded


def _plain_shape(decoded: str) -> bool:
    """Words with spaces between them, two or more ``name=value`` settings, or a JSON object."""
    if decoded.startswith("{"):
        try:
            return isinstance(json.loads(decoded), dict)
        except ValueError:
            return False
    if len(_PAIR.findall(decoded)) >= 2:
        return True
    words = decoded.split()
    return len(words) >= 3 and sum(1 for w in words if _WORD.fullmatch(w.strip(".,;:!?'\""))) >= 3


def _framed_names(raw: bytes) -> bool:
    """Binary framing (bytes below 0x20, as a protobuf's tags and lengths are) around two or more readable names
    that make up most of the body: random key material is neither."""
    runs: list[int] = []
    run = 0
    for byte in raw:
        if 32 <= byte < 127:
            run += 1
            continue
        if byte >= 0x20:
            return False
        if run:
            runs.append(run)
        run = 0
    if run:
        runs.append(run)
    long_runs = [n for n in runs if n >= 4]
    return len(long_runs) >= 2 and sum(long_runs) * 10 >= len(raw) * 6
