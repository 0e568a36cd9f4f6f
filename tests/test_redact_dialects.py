"""Round 13's secret classes: passwords told in more languages, other languages' binding forms, CSV columns,
protocol transcripts, positional command-line secrets, client helpers, issued shapes, and values published by
design (made-up members of each class; every case fails on the rules before them)."""

from __future__ import annotations

import pytest

from mnemon.safety.redact import redact

SECRETS = [
    ("Sw: Nenosiri la printa ni {}", "Heron42#dusk"),
    ("Cy: Y cyfrinair i'r wici yw {}", "Tawel77!nant"),
    ("Et: Ruuteri parool on {}.", "Kask31*meri"),
    ("Fi: Wikin salasana on {}", "Kuusi58!lumi"),
    ("Sq: Fjalëkalimi i serverit është {}", "Mali93#det"),
    ("Bn: ল্যাবের পাসওয়ার্ড হলো {}", "Nodi61!tara"),
    ("Kk: Пошта құпия сөзі: {}", "Dala48*kun"),
    ("Ne: ल्याबको पासवर्ड {} हो।", "Himal27#pani"),
    ("Am: የላቡ የይለፍ ቃል {} ነው።", "Abay19!wuha"),
    ("Arabizi: el password beta3 el wifi howa {} ya 3am", "Nakhla55#bahr"),
    ('#define SECRET_MQTT_KEY "{}"', "Jq7Lm2Xr9Vt4Kp"),
    ('Private Const GEO_KEY As String = "{}"', "5d2e8f0a1b3c4d6e7f8091a2b3c4d5e6"),
    ('weather_key <- "{}"', "7c41e09b2d5f8a63c1e0b7d94f2a6c85"),
    ('{{:host "db" :password "{}"}}', "Quartz61*fern"),
    ('{{ldap_password, "{}"}}', "Vole52#brook"),
    ("imappass = {}", "wren-moss-tide-41"),
    ("pass_phrase={}", "ember-lark-vault-88"),
    ("ROUTING_APP_CERTIFICATE={}", "4e9a0c7b1d3f5a8e2c6b9d0f1a3e5c7b"),
    ("<ProductKeyPassword>\n  <Value>{}</Value>\n</ProductKeyPassword>", "Gable39!rust"),
    ('{{"ParameterKey": "MasterPassword", "ParameterValue": "{}"}}', "%7Tk_q9Lm*Zr2"),
    ("site,login,password\nhttps://wiki.lan,ops,{}", "Cedar24!mist"),
    ("USER deploy\n331 Password required.\nPASS {}\n230 OK", "plume-ridge-otter-63"),
    ('17100000.1 [0 10.1.1.1:5000] "AUTH" "{}"', "brine-cedar-wisp-19"),
    ("mc alias set nas http://nas.lan:9000 admin {}", "Moth71*lantern"),
    ("signtool sign /f build.pfx /p {} out.exe", "Finch36!reed"),
    ("docker login -u='bot' -p='{}' registry.lan", "R7K2M9Q4W1X8Z3N6P5T0V2B4C8D1F7G3"),
    ("snyk auth {}", "3b2c1d0e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"),
    ("lorawan-cli set --session.keys.nwk-s-key.key {}", "9A3C5E7F1B2D4F6A8C0E2A4C6E8A0B1D"),
    ('http.bearer_auth("{}")', "KEY4QW8ZLCXD2VMI7RJT5NBAU1HEY_QzWk3Lp8Vx2Mn7Rb4Tc9Ys1"),
    ('{{"source": ["wandb.login(key=\\"{}\\")"]}}', "0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e"),
    ("x-parcel-team: {}", "Qh7Zr2Lx9Vw4Ks1Nb8Tm"),
    ("nostr key {}", "nsec1nat457r4f36vu5h6v48g4t4g39lua8md7er754fzvnxxrmhdh6mzpwl58u"),
    ("# /etc/postfix/sasl_passwd\n[relay.mail.example]:587 app@mail.example:{}", "Cove82!ridge"),
    ('/snmp community set [ find default=yes ] name="{}"', "tq7m2xw9lp4k"),
    ('{{"devId": "ab12cd34ef56gh78ij90kl", "key": "{}", "version": "3.4"}}', "QwErTyUiOpAsDfGh"),
    ("app password {} for the mail client", "k2p9-x7mq-v4zt-r8ns"),
]


@pytest.mark.parametrize(("template", "value"), SECRETS)
def test_round_13_secret_classes_are_redacted(template: str, value: str) -> None:
    text = template.format(value)
    assert value not in redact(text)[0], text


BENIGN = [
    "Et: Parool on muudetud, uus on paroolihalduris.",
    "Sw: Nenosiri ni lazima liwe refu.",
    "Arabizi: el password howa nafs el adim",
    '#define BUILD_TAG "release-2.4"',
    'Const SHEET As String = "Q3 totals"',
    'sort_key <- "0a1b2c3d4e5f60718293a4b5c6d7e8f9"',
    '{"ParameterKey": "InstanceType", "ParameterValue": "m5.large"}',
    "<AdminPassword>\n  <Value>*REMOVED*</Value>\n</AdminPassword>",
    "Issue key,Summary,Status\nOPS-77,Rotate keys,Done",
    "username,password_changed_at\nada,2026-03-01",
    "USER anonymous\n331 Password required.\nPASS ****\n230 OK",
    "mc alias set local http://localhost:9000 $ACCESS $SECRET",
    "gpg --default-key 7D1E3A9C5B2F4E6A8C0D1E3F5A7B9C2D4E6F8A0B --sign notes.txt",
    "snyk auth $SNYK_TOKEN",
    "[Service]\nLoadCredential=token:/run/credstore/svc.token",
    "network={\n    psk=ext:LAB_WIFI\n}",
    "untrusted comment: minisign public key 5A6B7C8D\nRWQzT4kPq9Lm2Xv7Nb1Hc6Jd3Fg8Sa5Wr0Ye4Ut7Io2Pk9Lz3Mx6Cv1Bn8",
    "tx signature: 4xJk9mZq2Lr7Vb3Nw8Pc5Hs1Td6Fg0Ya2Ke7Mu4Qi9Ro3Sp8Wt5Xv1Yz6Ab2Cd7Ef4Gh9Jk3Lm8Np5Qr1St6Uv",
    "SHA256E-s20480--9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0.png",
    "acme-challenge http-01 token Zk3Lq9Vx2Mb7Nw4Pc8Hs1Td6Fg0Ya5Ke2Ru7Io3Sp9Wt",
]


@pytest.mark.parametrize("text", BENIGN)
def test_round_13_look_alikes_stay(text: str) -> None:
    assert redact(text)[0] == text
