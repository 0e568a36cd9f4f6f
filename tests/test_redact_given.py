"""Rules for the classes of round 26's missed secrets (family set tests/data/training/secrets_t22.txt): passwords
fed to commands that read them as passwords, a password between a domain user and a host, join tokens and RPC keys
in URL paths, credentials files in columns, keys written as byte lists, cleartext markers, passwords in Lisp, Forth
and q code, passwords said in chat without a copula or as user / password, identity dumps and vendor key headers;
and the look-alikes (trace headers, ids named as ids, DIDs, salted hashes, binary config data, a password manager's
entry name). Examples are made up."""

from __future__ import annotations

import random

import pytest

from mnemon.safety.redact import redact

_RNG = random.Random(2626)
_HEX32 = "".join(_RNG.choice("0123456789abcdef") for _ in range(32))
_HEX64 = "".join(_RNG.choice("0123456789abcdef") for _ in range(64))
_BYTES = ", ".join(str(_RNG.randrange(256)) for _ in range(16))


@pytest.mark.parametrize(("text", "value"), [
    ("echo 'Tq7-Lm2#zXw9' | sshfs svc@files.lab:/srv /mnt/srv -o password_stdin", "Tq7-Lm2#zXw9"),
    ("usermod -p \"$(openssl passwd -6 'Pr4irie_Dust!9')\" svc", "Pr4irie_Dust!9"),
    ("mkpasswd -m sha-512 Walnut#Ridge42", "Walnut#Ridge42"),
    ("valkey-cli -h kv01 -a 'Rook-Ember-7712' info", "Rook-Ember-7712"),
    ("sops --set '[\"mail\"][\"smtp_password\"] \"Lark&Fen88\"' app.enc.yaml", "Lark&Fen88"),
    ("govc vm.info -u 'ops@corp.local:birch-cobalt-ferry512@vc.lab.example' web01", "birch-cobalt-ferry512"),
    (f"microk8s join 10.9.8.7:25000/{_HEX32}/a1b2c3d4e5f6", _HEX32),
    (f"RPC_URL=https://rpc.chain.example/base/{_HEX64}", _HEX64),
    ("# /etc/davfs2/secrets\nhttps://dav.lab.example/remote.php/dav  mia  Gx7!pLm2qRw", "Gx7!pLm2qRw"),
    (f"zigbee:\n  network_key: [{_BYTES}]", f"[{_BYTES}]"),
    ('user = ops { login = cleartext "Heron-Quartz-2291" }', "Heron-Quartz-2291"),
    ('(defvar my-imap-password "Sable!Wren-55")', "Sable!Wren-55"),
    ("(setq smtpmail-auth-credentials '((\"smtp.lab\" 587 \"me@lab\" \"alder-finch-mossy77\")))", "alder-finch-mossy77"),
    ('s" Ember*Lake-31" broker-pass 2!', "Ember*Lake-31"),
    ("h:hopen `:tp.lab:5010:quant:Delta-Pine44*", "Delta-Pine44*"),
    ("Crimean Tatar: wifi parolü orchard-lumen-basin318, kimsege aytma.", "orchard-lumen-basin318"),
    ("Interlingua: le contrasigno del router es Quill-Harbor-91!", "Quill-Harbor-91!"),
    ("vpn for the lab: user jdoe / tundra-maple-kiln447 until Friday", "tundra-maple-kiln447"),
    (f'{{"priv": "{_HEX64}", "pub": "{_HEX64[::-1]}"}}', _HEX64),
    ("x-speechco-key: 4f1c2a9e-7b3d-4e8a-9c1f-2d3e4f5a6b7c", "4f1c2a9e-7b3d-4e8a-9c1f-2d3e4f5a6b7c"),
])
def test_round26_secret_classes_are_redacted(text: str, value: str) -> None:
    out, _ = redact(text)
    assert value not in out, out


@pytest.mark.parametrize("text", [
    "echo 'hello' | sshfs svc@files.lab:/srv /mnt/srv -o password_stdin",
    "mkpasswd -m help",
    "valkey-cli -h kv01 -p 6379 info",
    "sops --set '[\"mail\"][\"host\"] \"smtp.lab.example\"' app.enc.yaml",
    "microk8s add-node --token-ttl 600",
    "# /etc/hosts\n10.0.0.5   nas.lab.example   nas",
    "ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]",
    'user = ops { login = des "$1$ab$abcdefghij" }',
    '(define db-host "db.lab.example")',
    "h:hopen `:tp.lab:5010",
    "build matrix: linux / macos / windows",
    "grpc-trace-bin: AAB1c2VyLXRyYWNlLWlkAAAB",
    "X-Client-Data: CJa2yQEIpbbJAQjBtskBCKmdygEI",
    "Firebase UID Zq8rT2nVbX9sLmPa3ZyW1eC4dFh8 signed in",
    "clerk: user_2aBcD3eFgH4iJkL5mNoP6qRsT7u created (session sess_9ZyXwVuTsRqPoNmLkJiHgFeD1c)",
    "did:key:z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH",
    '"rpc-password": "{4b15f8c64d1a8e271d3385077460e776c2f4fcd3aBcDeFgH",',
    "binaryData:\n  icon.png: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ",
    "$ lpass show --password 'Infra/vcenter-prod'",
])
def test_round26_look_alikes_are_left_alone(text: str) -> None:
    assert redact(text)[0] == text


def test_rules_version_raised_for_round26_classes() -> None:
    from mnemon.safety import redact as redact_module

    assert redact_module.RULES_VERSION >= 20  # stored memories are redacted again with these rules
