"""Values a secret rule would take that say by their own form that they are public: a filter of
:func:`mnemon.safety.redact.redact`'s spans.

* **public-prefixed client identifiers**: a Mapbox public token (``pk.`` followed by its base64 JSON header), a
  Datadog RUM client token (``pub`` and 32 hex digits), and the value of a captcha ``sitekey`` (reCAPTCHA,
  hCaptcha, Turnstile), which the page ships to every browser;
* **documentation samples**: a value holding an upper-case ``EXAMPLE`` run, the way vendors mark the credentials
  of their docs;
* **secret references**: ``op://vault/item/field`` (1Password), resolved at run time and holding no value;
* **base64 of public formats**: a PNG, GIF or JPEG image and a DER public key (``MIIBIjAN...``: the start of an
  RSA SubjectPublicKeyInfo, as in a DKIM ``p=`` record).
"""

from __future__ import annotations

import re

_PUBLIC_PREFIXES = ("pk.eyJ", "op://", "iVBORw0KGgo", "R0lGODlh", "R0lGODdh", "/9j/4", "MIIBIjAN", "MIICIjAN",
                    "MIIBCgKC", "MIGfMA0G")
_RUM_TOKEN = re.compile(r"pub[0-9a-f]{32}")
_SITEKEY = re.compile(r"site[-_]?key[\"']?[ \t]*[=:][ \t]*[\"']?$", re.IGNORECASE)


def public(text: str, start: int, end: int) -> bool:
    """The value ``text[start:end]`` is public by its form (this module's docstring)."""
    value = text[start:end]
    if value.startswith(_PUBLIC_PREFIXES) or "EXAMPLE" in value or _RUM_TOKEN.fullmatch(value):
        return True
    return _SITEKEY.search(text, max(0, start - 40), start) is not None
