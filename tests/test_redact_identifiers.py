"""The secret classes added after round 8 joined training: ``openssl -k`` passwords and a rotated credential's
new value told with no link verb ("new value X", "it's now X"); and the look-alikes that must come out unchanged:
CI cache keys (words and a content hash), ARNs and URNs after "account", GnuPG key listings and the key id of a
JSON Web Key or JWT header. Every value is made up; each caught case leaked on the rules before (RULES_VERSION 4),
and each look-alike marked "changed before" was changed by them (the others guard the new rules' edges)."""

from __future__ import annotations

import pytest

from mnemon.safety import redact as redact_mod
from mnemon.safety.redact import redact

CAUGHT = [
    ("openssl enc -aes-128-cbc -pbkdf2 -k Wq3!zLx8Mp2v -in notes.txt -out notes.enc", "Wq3!zLx8Mp2v"),
    ("openssl aes-256-cbc -a -salt -k 'Tz5#qWm2Lx9p' < dump.sql > dump.sql.aes", "Tz5#qWm2Lx9p"),
    ("rotated the partner signing key, new value 3f79bb7b435b05321651daefd374cdc681dc06faa65e374e38337b88ca046dea",
     "3f79bb7b435b05321651daefd374cdc681dc06faa65e374e38337b88ca046dea"),
    ("Regenerated the Slack app token, new value: Kq7xWm2pLz9T#", "Kq7xWm2pLz9T#"),
    ("we rotated the client secret yesterday, it's now 8d969eef6ecad3c29a3a629280e686cf",
     "8d969eef6ecad3c29a3a629280e686cf"),
]

UNCHANGED = [
    "openssl enc -d -aes-256-cbc -pbkdf2 -k $BACKUP_KEY -in b.enc -out b.tar",
    "sort -k 3 -t: /etc/passwd",
    "rotated the partner signing key, new value is in the secrets manager",
    "Cache restored from key: Linux-yarn-3b5d5c3712955042212316173ccf37be800a4f8e5a5c3d1a9d7c8e0f2b4a6c81",  # changed before
    "Cache saved with key: Windows-nuget-2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824",  # changed before
    "restored cache v2-packages-486ea46224d1bb4fb680f34f7c9ad96a8f24ec88be73ea8e5a6c65260e9cb8a7",
    '{"Account": "123412341234", "Arn": "arn:aws:sts::123412341234:assumed-role/admin/alice"}',  # changed before
    "login account urn:li:person:77731 is linked",  # changed before
    "pub   rsa2048/0x9E4B1C7A2D5F8036 2020-05-17 [SC]",  # changed before
    "ssb   nistp256/5C1A9E3B7D2F4068 2021-01-02 [E]",  # changed before
    '{"alg":"ES256","kid":"Pq4xW9mLz2TkR7vNb3sY8cHd"}',  # changed before
]


@pytest.mark.parametrize(("text", "value"), CAUGHT)
def test_class_member_is_redacted(text: str, value: str) -> None:
    out, kinds = redact(text)
    assert value not in out, out
    assert kinds


@pytest.mark.parametrize("text", UNCHANGED)
def test_look_alike_is_unchanged(text: str) -> None:
    assert redact(text)[0] == text


def test_vendor_keys_with_a_hex_body_stay_redacted() -> None:
    """An abbreviated vendor prefix before hex is a key, not a cache key; a JWK's private member is judged."""
    token = "dop_v1_" + "4e07408562bedb8b60ce05c1decfe3ad16b72230967de01f640b7e4729b49fce"
    assert token[7:] not in redact(f"DIGITALOCEAN_ACCESS_TOKEN={token}")[0]
    assert token[7:] not in redact(f"doctl auth init -t {token}")[0]
    private = "Gk7QzX2mWp9LvT4rNb8sYc3HdJ5fKa1eXw6"
    assert private not in redact(f'{{"kty":"oct","kid":"k1","k":"{private}"}}')[0]


def test_rules_version_raised_with_these_classes() -> None:
    assert redact_mod.RULES_VERSION >= 5
