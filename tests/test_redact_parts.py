"""Rules of mnemon.safety.secretparts and the new filters of mnemon.safety.secretpublic (the classes of round 12's
misses and changed look-alikes), each with look-alikes that must stay. Values are made up."""

from __future__ import annotations

import pytest

from mnemon.safety.redact import redact

_UUID = "7d1c2b3a-4e5f-4a6b-9c8d-0e1f2a3b4c5d"


@pytest.mark.parametrize(("text", "values"), [
    ("export NPM_TOKEN=$(printf '%s%s%s' 'npm_Qa7Rt' 'Lm2Xw9Zp' 'Kc4Vb8Nn')", ["npm_Qa7Rt", "Lm2Xw9Zp", "Kc4Vb8Nn"]),
    ('api_secret = "".join(["Tr0ut-Glass", "-Wq93Lmz"])', ["Tr0ut-Glass", "-Wq93Lmz"]),
    ("SECRET_KEY=Vh3kP9wQz2LmX8aR\\\n  Yt6Bn4Cd7Fg1Hj", ["Vh3kP9wQz2LmX8aR", "Yt6Bn4Cd7Fg1Hj"]),
    ("backup seed words: "
     "maple orbit tiger salad velvet crown museum pencil ribbon stove wagon canyon", ["maple orbit tiger"]),
    ("accounts: ['0x" + "4f" * 32 + "']", ["0x" + "4f" * 32]),
    ("anchor keypair file [" + ",".join(str((i * 37) % 256) for i in range(64)) + "]", ["0,37,74"]),
    (f"- name: CODECOV_TOKEN\n  value: {_UUID}", [_UUID]),
    ("jenkins-cli -auth robot:11a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7 list-jobs", ["11a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7"]),
    ('BUNDLE_GEMS__ACME__DEV: "octo:5f4e3d2c1b0a99887766554433221100"', ["5f4e3d2c1b0a99887766554433221100"]),
    ("sasl.mechanisms=PLAIN\nsasl.username=Q7W2E9R4T1Y8U3I6", ["Q7W2E9R4T1Y8U3I6"]),
    ("user nkey seed:\nSUBOBMSRHWXVHA3N6VBQ7ZKGKF6J2OQLNCWXTBUEJYHC6O3P3ZXSHFJ4IQ", ["SUBOBMSRHWXVHA3N6VBQ7ZKGKF6J2OQLNCWXTBUEJYHC6O3P3ZXSHFJ4IQ"]),
    ("curl -u me@x.example:ATATT3xFf" + "Qz9_Lm-Rt8" * 10 + "=A1B2C3D4 https://x.atlassian.net", ["ATATT3xFf"]),
    (f"LD_SDK=sdk-{_UUID}", [f"sdk-{_UUID}"]),
    (f'"name": "organizations/{_UUID}/apiKeys/{_UUID}"', [f"organizations/{_UUID}"]),
    (f"Token created\n{_UUID}\nStore it now: it is shown once.", [_UUID]),
    ("kim: anyone know the wifi pw for lab 3?\nraj: Teal-Harbor-404 I think", ["Teal-Harbor-404"]),
    ("sticky note: admin / Plum-Vector-88", ["Plum-Vector-88"]),
])
def test_parts_and_new_forms_are_redacted(text: str, values: list[str]) -> None:
    out, _ = redact(text)
    for value in values:
        assert value not in out, (value, out)


@pytest.mark.parametrize("text", [
    "export MSG=$(printf '%s %s' 'good' 'morning')",
    'csv_line = ",".join(["id", "name", "email"])',
    "mnemonic: amber amber amber amber amber amber amber amber amber amber amber lotus",
    "block 0x" + "ab" * 32 + " mined",
    "- name: REPLICAS\n  value: three",
    "admin / settings / users",
    "the form is ``admin / PASSWORD`` or ``admin / Pa55word!`` in the docs",
    "ana: what's the pw rule?\nlee: at least twelve characters",
    "token: xoxb-****-****-****",
    "<password>{AQAAABAAAAAQ0123456789abcdefghijklmnopq=}</password>",
    "postgresql:\n  auth:\n    existingSecret: pg-credentials",
    "gcloud secrets versions access 7 --secret=github-app-key --project=ops",
    '{"id": "msg_01XyZ9AbCdEfGhIjKlMnOpQr", "type": "message"}',
    "charge for pi_3AbCdEfGhIjKlMnOpQrStUv succeeded",
    "x-amz-id-2: 4k9+Qw2ZrT8mYx7Lp3Vb6Nc1Hd5Jf0Gs2Ka8We4Ru7Ti1Yo3Pl6Mn9Bv5Cx2Zq8Aw4Es7Dr1Ft=",
    "next_page_token: b2Zmc2V0OjQwMHxuZXh0",
    "program id 9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    "RFC 7519 section 3.1 example token: eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UifQ.ZXhhbXBsZS1zaWduYXR1cmU",
])
def test_lookalikes_stay(text: str) -> None:
    assert redact(text)[0] == text
