"""Which strings were generated: the judgement behind redaction of tokens that no named rule knows.

A secret of a vendor nobody wrote a rule for is still a run of characters drawn at random, and a random
draw looks different from what people write. :func:`looks_generated` says whether a string looks drawn: long
enough, mixing classes (upper, lower, digits, base64 symbols) as a draw does, switching between them often,
and not made of words (a camelCase identifier or a path also mixes classes, but in long lower-case runs full
of vowels). The thresholds are set on simulated draws: a 24-character base62 string fails them about once in
a hundred.

:func:`spans` finds such strings in free text and returns the ones that are secrets, with the allowances for
what developers paste all day and is not secret:

* hashes and ids: hex of any length (git SHAs, checksums, request ids), UUIDs and ULIDs are never judged
  on their own; a value led by a hash name (``sha256:``, ``sha512-``, ``h1:``, ``md5``) or inside an
  ``integrity``/``checksum``/``digest`` field is a digest;
* encoded data that is not a credential: base64 that decodes to readable text (unless it decodes to
  ``user:password`` or a private key), ``data:...;base64,`` payloads, SSH and PGP public keys, certificate
  and public-key blocks;
* public key material: the value of a ``PublicKey``/``public_key`` field, a JSON Web Key's public members,
  a publishable key (a prefix part ``pk``, ``pub``, ``phc``, ``...PUBK``);
* request and trace ids: the value of a field or header whose name ends in "id" (``X-Amz-Cf-Id:``,
  ``"traceId":``) unless the name also says secret, token, key, session or auth;
* identifiers led by a short object prefix (``evt_``, ``cus_``: a body under 26 characters), and URL path
  segments, unless the URL is a webhook or bot endpoint (see :func:`hook_spans`);
* identifiers named by the public object they identify, just before (``playlist PL...``, ``Sentry issue
  PAYMENTS-...``, a Vault token ``accessor``) or just after (``X is the short-link slug for ...``).

A *prefixed* token (a short lower-case prefix such as ``abc_`` or ``ab-v1-`` before the body, the convention of
nearly every vendor since 2021) is judged on its body, and a hex or base36 body counts there too: a bare hex
string is a digest, a prefixed one is a key. A prefix made of an English word (``build_``, ``linux-``) marks an
id or a cache key, not a vendor; an abbreviation (four consonants in a row, or ending in ``pat``) is a vendor's.
A prefix naming the secret (``AGE-SECRET-KEY-``, ``..._pat_``) lowers the bar to 16 mixed letters and digits in
any alphabet, and ``<mixed-case id>.<32+ hex>`` is a token carrying its own id. Everything here is linear: one scan for runs of token
characters, then constant work per character of each run.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator

_RUN = re.compile(r"(?<![A-Za-z0-9+/_\-.~%])[A-Za-z0-9+/_\-.~]{16,}={0,2}(?![A-Za-z0-9+/=_\-~])")
"""Runs of token characters long enough to hold a secret."""

_CANDIDATE = re.compile(r"[0-9+/]")
"""Every string judged generated holds a digit or a base64 symbol: runs without one are words or names."""

MIN_BARE = 24
"""Shortest unprefixed run judged: shorter random strings are mostly ids (nanoid, Firebase keys)."""
MIN_PREFIXED = 26
"""Shortest body after a prefix: object ids such as ``evt_`` + 24 characters stay."""

_HEX = re.compile(r"^(?:0x)?[0-9a-fA-F]+$")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_VOWELS = frozenset("aeiouAEIOU")
_WORDISH = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{3,}(?![a-z])")
_HASH_NAMES = re.compile(
    r"(?i)(?:sha(?:1|224|256|384|512)?|md5|blake2[bs]?|blake3|xxh(?:32|64|128)?|crc32|h1|murmur3?|"
    r"integrity|checksum|digest|hash|etag|fingerprint|sum)[\s\"'=:\-]{0,4}$"
)
_PUBLIC_CONTEXT = re.compile(
    r"(?:ssh-(?:rsa|dss|ed25519)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com|base64,"
    r"|(?i:public[_\- ]?key|pub[_\-]?key)[\"']?[ \t]*[:=][ \t]*[\"']?)\s*$"
)
"""Public by design: an SSH public key, a data URL, the value of a ``PublicKey``/``public_key`` field."""
_JWK_PUBLIC = re.compile(r"\"(?:n|e|x|y|x5t|x5t#S256|x5c)\"[ \t]*:[ \t]*\[?[ \t]*\"$")
"""A JSON Web Key's public members (modulus, exponent, curve point, certificate): public; ``d``, ``p``,
``q``, ``dp``, ``dq``, ``qi`` and ``k`` are the private ones and stay judged."""
_BLOCK_BEGIN = re.compile(r"-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|"
                          r"CERTIFICATE REQUEST|X509 CRL)-----")
_BLOCK_END = re.compile(r"-----END (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|PGP PUBLIC KEY BLOCK|PGP SIGNATURE|"
                        r"CERTIFICATE REQUEST|X509 CRL)-----")
_PREFIX = re.compile(r"^((?:[A-Za-z][A-Za-z0-9]{0,9}[_-]){1,3})")
_GLUED_HEX = re.compile(r"([a-z]{1,5}[g-z])([0-9a-f]{32,})")
_PREFIX_WORD = re.compile(r"^[a-z]{5,}$")
_CONSONANTS = re.compile(r"[bcdfghjklmnpqrstvwxz]{4,}")
"""Four consonants in a row: a vendor's abbreviation (``shpss``, ``sntryu``), not an English word."""
_PATH_WORD = re.compile(r"(?:^|/)[a-z]{3,}(?:/|$)")
_PUBLIC_PART = re.compile(r"(?i)^(?:pub|public|publishable|phc|\w{0,8}pubk)$")


def _publishable(parts: list[str]) -> bool:
    """A prefix naming a key a vendor publishes for browsers and apps: ``pk_live_``/``pk_test_`` (Stripe,
    Clerk, Paystack), PostHog's ``phc_``, Flutterwave's ``FLWPUBK-``, any ``pub_``. A bare ``pk_`` is not one
    (Klaviyo's private keys are ``pk_`` + hex)."""
    lowered = [p.lower() for p in parts]
    if "pk" in lowered[:-1] and lowered[lowered.index("pk") + 1] in ("live", "test"):
        return True
    return any(_PUBLIC_PART.match(p) for p in parts)
_SECRETISH_PART = re.compile(r"(?i)^(?:key|keys|secret|token|pat|api|auth|pw|pass|priv|private|sk|rk|ak)$")


_CLASS_OF = str.maketrans(
    {**{c: "u" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}, **{c: "l" for c in "abcdefghijklmnopqrstuvwxyz"},
     **{c: "d" for c in "0123456789"}, "+": "s", "/": "s"}
)
_CLASS_RUN = re.compile(r"u+|l+|d+|s+|[^euldsx]+")


def _class_string(s: str) -> str:
    """One letter per character: u(pper), l(ower), d(igit), s(ymbol + or /), anything else kept."""
    return s.translate(_CLASS_OF)


_CLASS_BYTES = bytes(
    b"u"[0] if 65 <= code <= 90 else b"l"[0] if 97 <= code <= 122 else b"d"[0] if 48 <= code <= 57
    else b"s"[0] if code in b"+/" else b"o"[0]
    for code in range(256)
)
""":data:`_CLASS_OF` for ASCII text as a bytes table, with every other character made ``o``: in ASCII the
other characters are one class, so two neighbours are in one class exactly when their codes are equal."""


def _classes(s: str) -> tuple[int, int, int, int]:
    if s.isascii():
        codes = s.encode("ascii").translate(_CLASS_BYTES)
        return codes.count(b"u"), codes.count(b"l"), codes.count(b"d"), codes.count(b"s")
    classes = _class_string(s)
    return classes.count("u"), classes.count("l"), classes.count("d"), classes.count("s")


def _runs(s: str) -> int:
    """How many runs of one class ``s`` holds (the matches of :data:`_CLASS_RUN` in its class string). In ASCII,
    neighbours of one class have equal codes, so their XOR is a zero byte: runs = length - zero bytes."""
    if not s.isascii():
        return len(_CLASS_RUN.findall(_class_string(s)))
    codes = s.encode("ascii").translate(_CLASS_BYTES)
    changes = int.from_bytes(codes[1:], "big") ^ int.from_bytes(codes[:-1], "big")
    return len(codes) - changes.to_bytes(max(0, len(codes) - 1), "big").count(0)


def _switch_rate(s: str) -> float:
    """How often adjacent characters change class (upper, lower, digit, other): ~0.6 for a draw."""
    return (_runs(s) - 1) / max(1, len(s) - 1)


def _wordy(s: str, letters: int | None = None) -> bool:
    """Made of words: most letters sit in word-like runs and vowels are as common as in language. ``letters``
    is the count of ASCII letters in ``s``, when the caller has it."""
    if letters is None:
        upper, lower, _, _ = _classes(s)
        letters = upper + lower
    if not letters:
        return False
    if s.isascii():
        vowels = (len(s) - len(s.encode("ascii").translate(None, b"aeiouAEIOU"))) / letters
    else:
        vowels = sum(map(s.count, "aeiouAEIOU")) / letters
    return vowels >= 0.3 and sum(map(len, _WORDISH.findall(s))) >= 0.55 * len(s)


def looks_generated(s: str, minimum: int = MIN_BARE) -> bool:
    """A base62/base64 draw: mixed case with digits (or base64 symbols), frequent class switches, no words."""
    core = s.strip("=._-~")
    if len(core) < minimum:
        return False
    upper, lower, digit, symbol = _classes(core)
    if not (upper and lower and (digit or symbol)) or upper + lower + digit + symbol < 0.9 * len(core):
        return False
    threshold = 0.4 if len(core) < 32 else 0.36
    switches = (_runs(core) - 1) / max(1, len(core) - 1)
    return switches >= threshold and not _wordy(core, upper + lower)


def looks_generated_lower(s: str, minimum: int) -> bool:
    """A base32/base36 draw in one case (lower, or upper as bech32 keys are) with digits spread through letters."""
    if len(s) < minimum or not s.isalnum() or not (s.islower() or s.isupper()) or _HEX.match(s):
        return False
    digits = sum(1 for c in s if c.isdigit())
    return 0.12 * len(s) <= digits <= 0.6 * len(s) and _switch_rate(s) >= 0.25 and not _wordy(s)


def base64_bytes(s: str) -> bytes | None:
    """The bytes of strict base64 (standard or URL-safe alphabet, padding optional) of 8 characters or more, else None."""
    body = s.rstrip("=")
    if len(body) < 8 or len(body) % 4 == 1:
        return None
    try:
        return base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_" if ("-" in body or "_" in body) else None,
                                validate=True)
    except (binascii.Error, ValueError):
        return None


def decodes_to_text(s: str) -> bool:
    """Base64 of readable text (JSON, a sentence, a config line) that holds no credential."""
    raw = base64_bytes(s)
    if raw is None:
        return False
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    printable = sum(1 for c in text if c.isprintable() or c in "\n\t\r")
    if printable < 0.95 * len(text):
        return False
    stripped = text.strip()
    if len(stripped) >= 16 and _TOKEN_TEXT.fullmatch(stripped) and _judge(stripped):
        return False  # base64 of a token (a Kubernetes Secret's data): the token is the secret
    return not decoded_credential(text)


_TOKEN_TEXT = re.compile(r"[A-Za-z0-9_\-.+/=~]+")


_USER_PASS = re.compile(r"^[\w.@+\-]{1,64}:[^\s]{4,}$")
_DECODED_FIELD = re.compile(
    r"(?i)[\"']?(?:password|passwd|secret|token|auth|api[_\-]?key|access[_\-]?key|private[_\-]?key|client[_\-]?secret)"
    r"[\"']?[ \t]*[:=][ \t]*[\"']?(?P<val>[^\s\"',}{]{4,})"
)
"""A credential field inside decoded JSON or config (a ``.dockerconfigjson``'s ``"password"``/``"auth"``)."""


def decoded_credential(text: str) -> bool:
    """Decoded text that is itself a credential (``user:password``, a private key block) or holds one in a
    password, secret, token, auth or key field (Kubernetes ``.dockerconfigjson``, an encoded ``.env``)."""
    if "PRIVATE KEY" in text or _USER_PASS.match(text.strip()) is not None:
        return True
    return any(not _FIELD_REFERENCE.match(m.group("val")) for m in _DECODED_FIELD.finditer(text))


_FIELD_REFERENCE = re.compile(r"^(?:\$|\{|<|null$|none$|true$|false$)", re.IGNORECASE)


def _judge(run: str) -> bool:
    """Whether a run (already known to sit outside a URL and outside allowed contexts) is a secret."""
    if _HEX.match(run) or _UUID.fullmatch(run):
        return False
    prefix = _PREFIX.match(run)
    if prefix and _plausible_prefix(prefix.group(1)):
        parts = [p for p in re.split(r"[_-]", prefix.group(1)) if p]
        body = run[prefix.end():]
        flat = body.replace("_", "").replace("-", "")
        words = [p for p in parts if _word_part(p)]
        if _HASH_NAMES.match(parts[0] + "-") or len(words) > (1 if len(parts) > 1 else 0):
            return False
        if _publishable(parts):
            return False
        secretish = any(_SECRETISH_PART.match(p) for p in parts)
        if _UUID.fullmatch(body):
            return secretish
        if secretish and _self_described(flat):
            return True
        if len(body) < MIN_PREFIXED or _UUID.search(body):
            return False
        return (
            looks_generated(body, MIN_PREFIXED)
            or (_HEX.match(flat) is not None and len(flat) >= 32 and not words)
            or looks_generated_lower(flat, 32)
        )
    glued = _GLUED_HEX.fullmatch(run)
    if glued and not _HASH_NAMES.match(glued.group(1) + "-"):
        return True  # a short lower-case prefix glued to 32+ hex digits: a vendor key, not a digest
    if "/" in run and _PATH_WORD.search(run):
        return False  # a path such as src/components/Foo2Bar
    return looks_generated(run) and not decodes_to_text(run)


def _word_part(part: str) -> bool:
    """A prefix part that is an English word (``build``, ``linux``): ids, cache keys and names carry those."""
    if _PREFIX_WORD.match(part) is None or _SECRETISH_PART.match(part) or part.endswith(("pat", "tok")):
        return False  # ``shpat``: an abbreviation ending in "personal access token"
    return not _CONSONANTS.search(part)


def _self_described(body: str) -> bool:
    """The body of a token whose prefix names it a secret (``AGE-SECRET-KEY-1...``, ``xyz_pat_...``):
    16 or more letters and digits mixed, in any case or alphabet, that do not read as words."""
    if len(body) < 16 or not body.isalnum() or body.isdigit() or body.isalpha():
        return False
    return _HEX.match(body) is not None or not _wordy(body)


def _plausible_prefix(prefix: str) -> bool:
    """A vendor-style prefix: short parts, each all lower case (``ghx_``, ``ab-v1-``) or all upper (``AB_``)."""
    parts = [p for p in re.split(r"[_-]", prefix) if p]
    return all(p.islower() or p.isupper() or p.isdigit() for p in parts) and all(len(p) <= 8 for p in parts)


def _protected(text: str) -> list[tuple[int, int]]:
    """Certificate and public-key blocks: base64 that is public by design."""
    if "-----BEGIN" not in text:
        return []
    found = []
    for begin in _BLOCK_BEGIN.finditer(text):
        end = _BLOCK_END.search(text, begin.end())
        found.append((begin.start(), end.end() if end else len(text)))
    return found


def _in_url(text: str, start: int) -> bool:
    """Whether the run starting at ``start`` is part of a URL (its whitespace-delimited word holds ``://``)."""
    word_start = max(text.rfind(" ", 0, start), text.rfind("\n", 0, start), text.rfind("\t", 0, start)) + 1
    return "://" in text[word_start:start] or text[max(0, start - 3):start] == "://"


_HASHED_NAME = re.compile(r"(?P<name>(?:[A-Za-z0-9]{1,24}[-_]){2,12})(?:[0-9a-f]{32,128}|[0-9A-F]{32,128})")
_PLATFORM_PART = re.compile(r"(?i)^(?:linux|windows|win|macos|darwin|osx|ubuntu|debian|alpine|x64|x86|arm64|amd64)$")
_VERSION_PART = re.compile(r"(?i)^v\d{1,3}$")
_NAME_WORD = re.compile(r"^[a-z]{4,}$")
_KEY_LISTING = re.compile(
    r"(?i)(?:rsa|dsa|elg|ed25519|cv25519|ed448|cv448|nistp\d{3}|brainpoolp\d{3}r1|secp256k1)\d{0,5}/(?:0x)?[0-9a-f]{8,40}"
)
"""A GnuPG key listing's ``<algorithm><bits>/<key id>`` (``pub rsa4096/0x7C3E...``): a public key's id."""


def hashed_name(value: str) -> bool:
    """A name ending in a content hash, as CI cache keys are (``Linux-node-modules-<sha256>``,
    ``v1-dependencies-<sha256>``): two or more parts before the hex, among them a platform (``Linux``,
    ``macOS``, ``x64``), two words, or a version and a word. A vendor key's prefix is abbreviations
    (``dop_v1_<hex>``) and stays judged."""
    match = _HASHED_NAME.fullmatch(value)
    if match is None:
        return False
    parts = [p for p in re.split(r"[-_]", match.group("name")) if p]
    if any(_PLATFORM_PART.match(p) for p in parts):
        return True
    words = sum(1 for p in parts if _NAME_WORD.match(p.lower()) and not _SECRETISH_PART.match(p)
                and not _CONSONANTS.search(p.lower()))
    return words >= 2 or (words == 1 and any(_VERSION_PART.match(p) for p in parts))


def public_identifier(value: str) -> bool:
    """A value that names something public rather than holding a secret: a content-hashed name
    (:func:`hashed_name`) or a GnuPG key listing (:data:`_KEY_LISTING`)."""
    return hashed_name(value) or _KEY_LISTING.fullmatch(value) is not None


_KID_CONTEXT = re.compile(r"(?i)(?<![\w-])kid[\"']?[ \t]*[:=]?[ \t]*[\"']?$")
"""The value of a ``kid`` (a JSON Web Key's or a JWT header's key id, in JSON or a log line): public."""


def spans(text: str) -> Iterator[tuple[int, int]]:
    """Spans of generated secrets in ``text`` outside URLs, hash contexts and public blocks."""
    protected = _protected(text)
    jwks = '"kty"' in text
    urls = "://" in text  # no run lies in a URL of a text without one: :func:`_in_url` is skipped
    for match in _RUN.finditer(text):
        start, end = match.span()
        run = match.group(0).rstrip(".")
        end = start + len(run)
        if len(run) < 20 or _CANDIDATE.search(run) is None or (protected and any(a <= start < b for a, b in protected)):
            continue
        parts = [p for p in run.split(".") if p]
        if (urls and _in_url(text, start)) or not (any(_judge(p) for p in parts) or _id_dot_secret(parts)):
            continue
        before = text[max(0, start - 40):start]
        if _hash_or_public_context(before) or _id_context(before):
            continue
        if jwks and _JWK_PUBLIC.search(before):
            continue
        if public_identifier(run) or ("kid" in before.lower() and _KID_CONTEXT.search(before)):
            continue
        if labelled_id(text, start, end):
            continue
        yield start, end


def labelled_id(text: str, start: int, end: int) -> bool:
    """The string at ``text[start:end]`` is named as a public object's identifier just before or after it
    (:func:`_labelled_before`, :data:`_LABELLED_AFTER`)."""
    return _labelled_before(text[max(0, start - 40):start]) or _LABELLED_AFTER.match(text, end, end + 60) is not None


def _labelled_before(before: str) -> bool:
    """The words just before a run, past blanks, quotes and ``:#=(``, end in an id noun (``playlist``, ``Sentry
    issue``, ``.data.accessor``), maybe followed by "id", "code" or "number"."""
    stripped = before.rstrip(_LABEL_SEPARATORS)
    if len(stripped) == len(before) or "(" in before[len(stripped):]:
        return False  # the run is glued to a word, or an argument of a call ("bot.run('...')")
    words = stripped.lower().replace(".", " ").replace("_", " ").split()[-2:]
    if words and words[-1] in _ID_SUFFIXES:
        words = words[:-1]
    return bool(words) and words[-1] in _ID_NOUN_SET


_ID_NOUN_WORDS = (
    "accessor issue slug playlist video shortlink short-link link shortcode permalink ticket order invoice job build "
    "trace span event shipment parcel booking reservation confirmation case incident alert run revision release "
    "snapshot deployment pod container image document doc page sheet spreadsheet board channel folder asset object "
    "customer"
)
_ID_NOUN_SET = frozenset(_ID_NOUN_WORDS.split())
_ID_NOUNS = "(?:" + "|".join(sorted(_ID_NOUN_SET, key=len, reverse=True)) + ")"
_ID_SUFFIXES = frozenset(("id", "code", "number", "no", "no."))
_LABEL_SEPARATORS = " \t\n\"'(:#="
_LABELLED_AFTER = re.compile(
    r"(?i)[\"')]?[ \t]+(?:is|was)[ \t]+(?:the|our|a|an|its)[ \t]+(?:[\w-]+[ \t]+){0,2}?" + _ID_NOUNS
    + r"(?:[ \t]+(?:id|code|number))?\b"
)
"""A run said to be such an identifier just after it: ``X is the short-link slug for the doc``."""


_CONTEXT_NEEDLE = re.compile(
    r"sha|md5|blake|xxh|crc32|h1|murmur|integrity|checksum|digest|hash|etag|fingerprint|sum|ssh-|ecdsa-|base64,|pub"
)
"""Every :data:`_HASH_NAMES` or :data:`_PUBLIC_CONTEXT` match holds one of these, in lower case."""


def _hash_or_public_context(before: str) -> bool:
    """The text before a run names a hash or public key material. Plain ASCII text holding none of
    :data:`_CONTEXT_NEEDLE` cannot match, which one literal search rules out cheaply; elsewhere letters such as
    "ſ" match ASCII ones under ``re.IGNORECASE``, so the patterns are always tried."""
    if before.isascii() and _CONTEXT_NEEDLE.search(before.lower()) is None:
        return False
    return _HASH_NAMES.search(before) is not None or _PUBLIC_CONTEXT.search(before) is not None


_ID_KEY = re.compile(r"(?P<key>[A-Za-z][\w.\-]{0,60})[\"']?[ \t]*[:=][ \t]*[\"']?$")
_ID_WORDS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_SECRET_ID_WORDS = frozenset(("secret", "token", "key", "pass", "password", "auth", "session", "api", "access"))


def _id_context(before: str) -> bool:
    """The run is the value of an id field or header (``X-Amz-Cf-Id:``, ``X-Request-Id:``, ``"traceId":``,
    ``correlation_id=``): a request, trace or object id, not a credential. A secret's id (``secret_id``,
    ``session-id``, ``api_key_id``) is not such a field."""
    if "id" not in before.lower():
        return False
    key = _ID_KEY.search(before)
    if key is None:
        return False
    words = [w.lower() for w in _ID_WORDS.findall(key.group("key"))]
    return len(words) >= 2 and words[-1] == "id" and not _SECRET_ID_WORDS.intersection(words)


_MIXED_ID = re.compile(r"(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{12,}")


def _id_dot_secret(parts: list[str]) -> bool:
    """``<id>.<secret>``: a mixed-case id of 12+ letters and digits dotted to 32+ hex digits, the form of
    personal access tokens that carry their own id (a file name with a content hash has no such id)."""
    if len(parts) < 2:
        return False
    hex_part = any(len(p) >= 32 and _HEX.match(p) and not p.startswith("0x") for p in parts)
    return hex_part and any(_MIXED_ID.fullmatch(p) and not _HEX.match(p) for p in parts)


_HOOK_WORD = re.compile(
    r"(?i)^(?:hooks?|webhooks?|webhookb2|incomingwebhook|build_hooks|integration|integrations|trigger|"
    r"catch|bot[0-9]{5,}:.*|services|workflows|key|keys|token|tokens|secret|callback|notify|hook-\w+|send)$"
)
_URL = re.compile(r"[a-z][a-z0-9+.\-]{1,20}://[^\s\"'<>`]{4,2048}", re.IGNORECASE)
_HOOK_NEEDLES = ("hook", "/bot", "integration", "trigger", "/key/", "/keys/", "/token", "/secret")


def _scheme_start(text: str, colon: int) -> int:
    start = colon
    while start > 0 and colon - start < 21 and (text[start - 1].isalnum() or text[start - 1] in "+.-"):
        start -= 1
    return start



def _hook_segment(segment: str) -> bool:
    """A path segment of a webhook URL that is its secret: random, hex, base36 with digits, or a UUID."""
    if len(segment) < 6 or segment.isdigit() or _placeholder_segment(segment):
        return False
    if _UUID.fullmatch(segment) or (_HEX.match(segment) and len(segment) >= 16):
        return True
    upper, lower, digit, _ = _classes(segment)
    if len(segment) >= 16 and digit and (upper or lower) and not _wordy(segment):
        return True
    return bool(digit and (upper or lower) and len(segment) >= 6 and not _wordy(segment) and
                re.fullmatch(r"[A-Za-z0-9_\-]+", segment))


def _placeholder_segment(segment: str) -> bool:
    return (
        segment.startswith(("<", "{", "$", ":"))
        or len(set(segment.lower())) <= 2
        or segment.upper() == segment and segment.isalpha()
    )


def hook_spans(text: str) -> Iterator[tuple[int, int]]:
    """Secret path segments of webhook and bot URLs: the segments after a hook-like segment
    (``/hooks/``, ``/webhooks/``, ``/integration/``, ``/bot<id>:<token>``, ``/trigger/.../key/``) that look
    issued rather than named."""
    lowered = text.lower()
    if "://" not in text or not any(word in lowered for word in _HOOK_NEEDLES):
        return
    pos = text.find("://")
    while pos >= 0:
        url = _URL.match(text, _scheme_start(text, pos))
        pos = text.find("://", pos + 3)
        if url is None:
            continue
        rest = url.group(0)
        path_start = rest.find("/", rest.find("://") + 3)
        if path_start < 0:
            continue
        path_end = len(rest)
        for stop in "?#":
            index = rest.find(stop, path_start)
            if index >= 0:
                path_end = min(path_end, index)
        base = url.start() + path_start
        segments = rest[path_start:path_end].split("/")
        host = rest[:path_start].lower()
        armed = "hook" in host
        cursor = base
        for segment in segments:
            seg_start = cursor
            cursor += len(segment) + 1
            if not segment:
                continue
            telegram = re.fullmatch(r"bot(\d{5,12}:[A-Za-z0-9_\-]{20,})", segment)
            if telegram:
                yield seg_start + 3, seg_start + len(segment)
                continue
            if armed and _hook_segment(segment.rstrip(".,;)")):
                yield seg_start, seg_start + len(segment.rstrip(".,;)"))
            elif _HOOK_WORD.match(segment) or "hook" in segment.lower():
                armed = True
