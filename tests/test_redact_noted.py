"""Rules for the classes of round 23's missed secrets (family set tests/data/training/secrets_t19.txt): one-time
password seeds named in prose, a French password said with "c'est", Gaelic and Irish password nouns, Rust string
constants typed before their value, passwords handed to directory bind calls, keys named with what they protect, and
base64 of a PEM certificate (public) beside base64 of a private key (not). Examples are made up."""

from __future__ import annotations

import base64

import pytest

from mnemon.safety.redact import redact


@pytest.mark.parametrize(("text", "value"), [
    ("authenticator seed for the NAS (base32): NB2HI4DTHIXS6ZLYMFWXA3DFFZXXEZ3B", "NB2HI4DTHIXS6ZLYMFWXA3DFFZXXEZ3B"),
    ("the otp key if the camera can't read the code: KRSXG5DJNZTXE2LPOVZTMNBXGY4TQ7AB", "KRSXG5DJNZTXE2LPOVZTMNBXGY4TQ7AB"),
    ("le mot de passe du NAS de la maison c'est Pumice6620.stoat pour le moment", "Pumice6620.stoat"),
    ("facal-faire a' bhogsa: Thistle7734.wren", "Thistle7734.wren"),
    ("pasfhocal don ródaire nua: Bramble4490.kite", "Bramble4490.kite"),
    ('pub const API_SECRET: &str = "c0ffee51d2a8e7b94f1d6e3a2b5c8d9e0f1a2b3c";', "c0ffee51d2a8e7b94f1d6e3a2b5c8d9e0f1a2b3c"),
    ('const SESSION_SALT: &str = "5d1c8e3a7f2b9d4e6a0c1f8b3d7e2a9c4f6b0d5e8a1c3f7b9d2e4a6c0f8b1d3e";',
     "5d1c8e3a7f2b9d4e6a0c1f8b3d7e2a9c4f6b0d5e8a1c3f7b9d2e4a6c0f8b1d3e"),
    ('srv.simple_bind_s("uid=backup,ou=svc,dc=home,dc=test", "Nettle3306.crow")', "Nettle3306.crow"),
    ('dir.bind("uid=mailer,ou=apps,dc=office,dc=test", "Sorrel5521.jay")', "Sorrel5521.jay"),
    ("decryption key for the media vault: 7f3e9a1c5b2d8f4e6a0c3b9d1e7f5a2c8b4d6e0f3a9c1b7d5e2f8a4c6b0d3e9f",
     "7f3e9a1c5b2d8f4e6a0c3b9d1e7f5a2c8b4d6e0f3a9c1b7d5e2f8a4c6b0d3e9f"),
])
def test_round23_secret_classes_are_redacted(text: str, value: str) -> None:
    out, _ = redact(text)
    assert value not in out
    assert "[REDACTED:" in out


@pytest.mark.parametrize("text", [
    "the 2FA seed lives in the team vault; scan the QR code from there",
    "le mot de passe du routeur c'est celui qui est écrit sous la boîte",
    "const TOKEN_HEADER_LEN: usize = 32;",
    'const SECRET_FILE: &str = "/run/secrets/app";',
    'srv.simple_bind_s("uid=backup,ou=svc,dc=home,dc=test", os.environ["BIND_PW"])',
    "encryption key for the media vault: stored in the HSM, never exported",
])
def test_round23_secret_look_alikes_are_unchanged(text: str) -> None:
    assert redact(text)[0] == text


def _blob(header: str) -> str:
    """The header's base64, then a made-up DER body's (as a real certificate's base64 reads: no words)."""
    body = bytes((i * 73 + 41) % 256 for i in range(120))
    return base64.b64encode(header.encode() + b"\n" + body).decode()


def test_base64_of_a_certificate_is_public_and_of_a_private_key_is_not() -> None:
    certificate = "server-ca-data: " + _blob("-----BEGIN CERTIFICATE-----")
    public_key = "verifyKey: " + _blob("-----BEGIN PUBLIC KEY-----")
    assert redact(certificate)[0] == certificate
    assert redact(public_key)[0] == public_key
    private = _blob("-----BEGIN EC PRIVATE KEY-----")
    assert private not in redact("client-key-data: " + private)[0]
    bundle = base64.b64encode(b"-----BEGIN CERTIFICATE-----\nMIIBx\n-----END CERTIFICATE-----\n"
                              b"-----BEGIN PRIVATE KEY-----\nMIIEvQIBADAN\n-----END PRIVATE KEY-----\n").decode()
    assert bundle not in redact("tls.pem: " + bundle)[0]
