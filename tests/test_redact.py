"""Tests for mnemon.redact: <private> stripping, the labelled secret corpus, benign look-alikes, speed safety.

The corpus lives in tests/data/secrets_positive.txt (templates; secret values come from seeded generators
below, so no real secret is ever stored) and tests/data/secrets_benign.txt (literal lines).
"""

from __future__ import annotations

import base64
import json
import random
import re
import string
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mnemon.redact import redact, strip_private

DATA = Path(__file__).parent / "data"
BASE62 = string.ascii_letters + string.digits
URLSAFE = BASE62 + "-_"


def _pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _pem(rng: random.Random, label: str, lines: int, escaped: bool = False) -> tuple[str, list[str]]:
    body = [_pick(rng, BASE62 + "+/", 64) for _ in range(lines)]
    sep = "\\n" if escaped else "\n"
    block = sep.join([f"-----BEGIN {label}-----", *body, f"-----END {label}-----"])
    return block, body


def _jwt(rng: random.Random) -> str:
    header = _b64url(json.dumps({"alg": "HS256", "typ": "JWT"}).encode())
    claims = {"sub": str(rng.randrange(10**9)), "name": "Ada", "iat": 1700000000 + rng.randrange(10**6)}
    payload = _b64url(json.dumps(claims).encode())
    return f"{header}.{payload}.{_pick(rng, URLSAFE, 43)}"


Generator = Callable[[random.Random], tuple[str, list[str]]]


def _token(fn: Callable[[random.Random], str]) -> Generator:
    def generate(rng: random.Random) -> tuple[str, list[str]]:
        value = fn(rng)
        return value, [value]

    return generate


def _slack_webhook(rng: random.Random) -> tuple[str, list[str]]:
    path = f"T{_pick(rng, string.ascii_uppercase + string.digits, 8)}/B{_pick(rng, string.ascii_uppercase + string.digits, 8)}/{_pick(rng, BASE62, 24)}"
    return f"https://hooks.slack.com/services/{path}", [path]


def _pem_truncated(rng: random.Random) -> tuple[str, list[str]]:
    block, body = _pem(rng, "RSA PRIVATE KEY", 4)
    return block.rsplit("\n", 1)[0], body


def _pem_indented(rng: random.Random) -> tuple[str, list[str]]:
    block, body = _pem(rng, "OPENSSH PRIVATE KEY", 4)
    return block.replace("\n", "\n  "), body


def _jwt_payload(rng: random.Random) -> tuple[str, list[str]]:
    payload = _b64url(json.dumps({"sub": str(rng.randrange(10**9)), "admin": True}).encode())
    return payload, [payload]


GENERATORS: dict[str, Generator] = {
    "pem_rsa": lambda rng: _pem(rng, "RSA PRIVATE KEY", 6),
    "pem_openssh": lambda rng: _pem(rng, "OPENSSH PRIVATE KEY", 5),
    "pem_ec": lambda rng: _pem(rng, "EC PRIVATE KEY", 3),
    "pem_pkcs8": lambda rng: _pem(rng, "PRIVATE KEY", 8),
    "pem_pgp": lambda rng: _pem(rng, "PGP PRIVATE KEY BLOCK", 6),
    "pem_json": lambda rng: _pem(rng, "PRIVATE KEY", 4, escaped=True),
    "pem_truncated": _pem_truncated,
    "pem_openssh_indented": _pem_indented,
    "jwt_payload": _jwt_payload,
    "akia": _token(lambda r: "AKIA" + _pick(r, string.ascii_uppercase + "234567", 16)),
    "asia": _token(lambda r: "ASIA" + _pick(r, string.ascii_uppercase + "234567", 16)),
    "aws_secret": _token(lambda r: _pick(r, BASE62 + "/+", 40)),
    "ghp": _token(lambda r: "ghp_" + _pick(r, BASE62, 36)),
    "gho": _token(lambda r: "gho_" + _pick(r, BASE62, 36)),
    "ghu": _token(lambda r: "ghu_" + _pick(r, BASE62, 36)),
    "ghs": _token(lambda r: "ghs_" + _pick(r, BASE62, 36)),
    "ghr": _token(lambda r: "ghr_" + _pick(r, BASE62, 36)),
    "github_pat": _token(lambda r: "github_pat_" + _pick(r, BASE62, 22) + "_" + _pick(r, BASE62, 59)),
    "glpat": _token(lambda r: "glpat-" + _pick(r, URLSAFE, 20)),
    "xoxb": _token(
        lambda r: f"xoxb-{_pick(r, string.digits, 12)}-{_pick(r, string.digits, 13)}-{_pick(r, BASE62, 24)}"
    ),
    "xoxp": _token(
        lambda r: (
            f"xoxp-{_pick(r, string.digits, 12)}-{_pick(r, string.digits, 12)}-{_pick(r, string.digits, 13)}-{_pick(r, 'abcdef0123456789', 32)}"
        )
    ),
    "xoxa": _token(lambda r: f"xoxa-2-{_pick(r, string.digits, 12)}-{_pick(r, BASE62, 30)}"),
    "slack_webhook": _slack_webhook,
    "sk_live": _token(lambda r: "sk_live_" + _pick(r, BASE62, 24)),
    "sk_test": _token(lambda r: "sk_test_" + _pick(r, BASE62, 99)),
    "rk_live": _token(lambda r: "rk_live_" + _pick(r, BASE62, 24)),
    "openai_legacy": _token(lambda r: "sk-" + _pick(r, BASE62, 20) + "T3BlbkFJ" + _pick(r, BASE62, 20)),
    "openai_proj": _token(lambda r: "sk-proj-" + _pick(r, URLSAFE, 156)),
    "openai_svc": _token(lambda r: "sk-svcacct-" + _pick(r, URLSAFE, 64)),
    "anthropic": _token(lambda r: "sk-ant-api03-" + _pick(r, URLSAFE, 93) + "AA"),
    "google_api": _token(lambda r: "AIza" + _pick(r, URLSAFE, 35)),
    "gocspx": _token(lambda r: "GOCSPX-" + _pick(r, URLSAFE, 28)),
    "ya29": _token(lambda r: "ya29." + _pick(r, URLSAFE, 120)),
    "jwt": _token(_jwt),
    "bearer_hex": _token(lambda r: _pick(r, "0123456789abcdef", 40)),
    "bearer_opaque": _token(lambda r: _pick(r, BASE62, 32) + "." + _pick(r, BASE62, 16)),
    "basic": _token(lambda r: base64.b64encode(f"ci-bot:{_pick(r, BASE62, 14)}".encode()).decode()),
    "npm": _token(lambda r: "npm_" + _pick(r, BASE62, 36)),
    "pypi": _token(lambda r: "pypi-AgEIcHlwaS5vcmc" + _pick(r, URLSAFE, 70)),
    "hf": _token(lambda r: "hf_" + _pick(r, string.ascii_letters, 34)),
    "sendgrid": _token(lambda r: "SG." + _pick(r, URLSAFE, 22) + "." + _pick(r, URLSAFE, 43)),
}

_SLOT = re.compile(r"\{(=[^{}]+|[a-z0-9_]+)\}")


@dataclass(frozen=True)
class Sample:
    kind: str
    text: str
    secrets: tuple[str, ...]


def load_positive(seed: int = 20240917) -> list[Sample]:
    rng = random.Random(seed)
    samples = []
    for line in (DATA / "secrets_positive.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        kind, template = (part.strip() for part in line.split(" | ", 1))
        template = template.replace("\\n", "\n").replace("\\t", "\t")
        secrets: list[str] = []

        def fill(match: re.Match[str], secrets: list[str] = secrets) -> str:
            slot = match.group(1)
            if slot.startswith("="):
                secrets.append(slot[1:])
                return slot[1:]
            text, values = GENERATORS[slot](rng)
            secrets.extend(values)
            return text

        text = _SLOT.sub(fill, template)
        if not secrets:
            secrets.append(text.rsplit("=", 1)[-1])
        samples.append(Sample(kind, text, tuple(secrets)))
    return samples


def load_benign() -> list[str]:
    lines = (DATA / "secrets_benign.txt").read_text(encoding="utf-8").splitlines()
    return [line.replace("\\n", "\n") for line in lines if line.strip() and not line.startswith("# ")]


def corpus_figures() -> dict[str, object]:
    """Measured detection figures over the corpus (printed by test_corpus_figures with -s)."""
    positive = load_positive()
    leaked = [s for s in positive if any(secret in redact(s.text)[0] for secret in s.secrets)]
    wrong_kind = [s for s in positive if s not in leaked and s.kind not in redact(s.text)[1]]
    benign = load_benign()
    changed = [line for line in benign if redact(line)[0] != line]
    return {
        "secrets": len(positive),
        "kinds": len({s.kind for s in positive}),
        "caught": len(positive) - len(leaked),
        "leaked": [s.text for s in leaked],
        "wrong_kind": [(s.kind, redact(s.text)[1]) for s in wrong_kind],
        "benign": len(benign),
        "benign_changed": changed,
    }


def test_corpus_is_large_and_covers_every_kind() -> None:
    positive = load_positive()
    assert len(positive) >= 100
    assert len(load_benign()) >= 200
    required = {
        "private_key", "aws_access_key", "aws_secret_key", "github_token", "gitlab_token", "slack_token",
        "slack_webhook", "stripe_key", "openai_key", "anthropic_key", "google_api_key", "google_oauth_secret",
        "jwt", "url_password", "password", "secret",
    }  # fmt: skip
    assert required <= {s.kind for s in positive}


def test_corpus_figures() -> None:
    figures = corpus_figures()
    secrets = figures["secrets"]
    caught = figures["caught"]
    benign = figures["benign"]
    changed = figures["benign_changed"]
    assert isinstance(secrets, int) and isinstance(caught, int) and isinstance(benign, int)
    assert isinstance(changed, list)
    print(
        f"\nredact corpus: {caught}/{secrets} secrets caught ({100 * caught / secrets:.1f}%), "
        f"{len(changed)}/{benign} benign lines changed ({100 * len(changed) / benign:.1f}%)"
    )
    assert caught / secrets >= 0.99, figures["leaked"]
    assert len(changed) / benign <= 0.01, changed
    assert not figures["wrong_kind"], figures["wrong_kind"]


@pytest.mark.parametrize("sample", load_positive(), ids=lambda s: s.kind)
def test_each_secret_is_replaced_by_a_marker(sample: Sample) -> None:
    out, kinds = redact(sample.text)
    assert "[REDACTED:" in out
    assert kinds == tuple(sorted(set(kinds)))


def test_generated_values_are_fresh_per_seed() -> None:
    a = load_positive(1)
    b = load_positive(2)
    assert [s.secrets for s in a if s.kind == "github_token"] != [
        s.secrets for s in b if s.kind == "github_token"
    ]
    for sample in load_positive(7):
        assert not any(secret in redact(sample.text)[0] for secret in sample.secrets), sample.text


# ---- shapes of the output ----


def test_url_password_keeps_scheme_user_and_host() -> None:
    out, kinds = redact("DATABASE_URL=postgres://app:Xk9vQ2mLr7@db.internal:5432/app?sslmode=require")
    assert out == "DATABASE_URL=postgres://app:[REDACTED:url_password]@db.internal:5432/app?sslmode=require"
    assert kinds == ("url_password",)


def test_assignment_keeps_key_and_quotes() -> None:
    assert redact('password = "Tr0ub4dor&3"') == ('password = "[REDACTED:password]"', ("password",))
    assert (
        redact("export STRIPE_SECRET_KEY='abc123DEF456ghi'")[0]
        == "export STRIPE_SECRET_KEY='[REDACTED:secret]'"
    )
    assert redact('{"api_key": "4f9c2e7a1b8d6f3e", "user": "ada"}')[0] == (
        '{"api_key": "[REDACTED:secret]", "user": "ada"}'
    )


def test_private_key_block_is_removed_whole() -> None:
    block, body = _pem(random.Random(3), "OPENSSH PRIVATE KEY", 5)
    out, kinds = redact(f"before\n{block}\nafter")
    assert out == "before\n[REDACTED:private_key]\nafter"
    assert kinds == ("private_key",)


def test_two_key_blocks_and_text_between_survive() -> None:
    rng = random.Random(4)
    first, _ = _pem(rng, "RSA PRIVATE KEY", 3)
    second, _ = _pem(rng, "EC PRIVATE KEY", 2)
    out, _ = redact(f"{first}\nmiddle text\n{second}")
    assert out == "[REDACTED:private_key]\nmiddle text\n[REDACTED:private_key]"


def test_kinds_are_sorted_and_unique() -> None:
    text = "GITHUB_TOKEN=ghp_" + "a1B2" * 9 + "\npassword = 'hunter22'\nother=ghp_" + "Z9y8" * 9
    out, kinds = redact(text)
    assert kinds == ("github_token", "password")
    assert "ghp_" not in out


def test_clean_text_is_returned_unchanged() -> None:
    text = "We decided to keep SQLite as the store; recall is served from RAM.\n"
    assert redact(text) == (text, ())


def test_already_redacted_text_is_stable() -> None:
    once, kinds = redact("token = 'ghp_" + "Q" * 36 + "' and password=hunter2x")
    assert redact(once) == (once, ())
    assert kinds == ("github_token",) or "password" in kinds


# ---- <private> ----


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a <private>b</private> c", "a  c"),
        ("a <PRIVATE>b</Private> c", "a  c"),
        ("a < private >b</ private > c", "a  c"),
        ('a <private reason="pii">b</private> c', "a  c"),
        ("a <private>line1\nline2\n</private>c", "a c"),
        ("x<private>1</private>y<private>2</private>z", "xyz"),
        ("x<private>1<private>2</private>3</private>y", "xy"),
        ("keep <private>drop everything\nafter this", "keep "),
        ("stray </private> close", "stray  close"),
        ("x<private>a</private>b</private>c", "xbc"),
        ("nothing private here", "nothing private here"),
        ("<private></private>", ""),
        ("a<private/>b", "ab"),
        ("a<private-notes>b</private-notes>", "a<private-notes>b</private-notes>"),
        ("a</private/>b", "ab"),
        ("never stores `<private>` spans", "never stores `<private>` spans"),
        ("`<private>`x</private> y", "`<private>`x y"),
        ("`<private>secret`", "`"),
    ],
)
def test_strip_private(text: str, expected: str) -> None:
    assert strip_private(text) == expected


def test_redact_strips_private_before_secrets() -> None:
    out, kinds = redact("note <private>my password = hunter22</private> done")
    assert out == "note  done"
    assert kinds == ()


@given(st.text(alphabet=st.sampled_from(list("ab <>/private\nPRIVATE")), max_size=200))
@settings(max_examples=300, deadline=None)
def test_strip_private_is_idempotent_and_leaves_no_span(text: str) -> None:
    once = strip_private(text)
    assert strip_private(once) == once
    assert re.search(r"<\s*private(?![\w-])[^<>\n]{0,200}>", once, re.IGNORECASE) is None


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_redact_never_raises_and_is_idempotent(text: str) -> None:
    once, _ = redact(text)
    assert redact(once)[0] == once


# ---- adversarial inputs: linear time (a generous bound; real speed is measured in bench/) ----

ADVERSARIAL = {
    "hyphen-run": "a-" * 50_000,
    "dot-run": "a." * 50_000,
    "assignments": "password=" * 11_000,
    "colons": "token: " * 14_000,
    "open-quote": 'password="' + "a\\" * 50_000,
    "schemes": "a://" * 25_000,
    "userinfo": "x://u:" * 16_000,
    "pem-begins": "-----BEGIN PRIVATE KEY-----" * 3_700,
    "pem-body": "-----BEGIN RSA PRIVATE KEY-----\n" + "A" * 100_000,
    "jwt-prefixes": "eyJ-" * 25_000,
    "sk-run": "sk-" * 33_000,
    "bearer": "Bearer " * 14_000,
    "base64": "".join(random.Random(0).choice(BASE62 + "+/") for _ in range(100_000)),
    "private-opens": "<private>" * 11_000,
    "angles": "<" * 100_000,
    "keywords": "key " * 25_000,
    "secret-words": "secret" * 16_000,
    "annotation": "password: " + "a, " * 33_000,
    "placeholder": 'token="your_' + "a_" * 50_000 + '"',
    "aws-context": ("aws " + "A" * 39 + "/") * 2_000,
    "xml-open": "<password>" + "a" * 100_000,
    "xml-pairs": "<a>b</a" * 14_000,
    "fish-set": "set -x A_TOKEN \n" * 6_000,
    "tool-flags": "mysql -p" * 12_000,
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_input_is_linear(name: str) -> None:
    text = ADVERSARIAL[name]
    start = time.process_time()
    redact(text)
    elapsed = time.process_time() - start
    assert elapsed < 1.0, f"{name}: {elapsed:.3f}s for {len(text)} chars"


_FILLER = st.text(
    alphabet=st.sampled_from(list(string.ascii_letters + string.digits + " .,:;=-_/\n")), max_size=40
)


@given(
    st.sampled_from(
        sorted(
            k
            for k in GENERATORS
            if not k.startswith(("pem_", "bearer", "basic", "aws_secret", "jwt_payload"))
        )
    ),
    st.integers(0, 2**32),
    _FILLER,
    _FILLER,
)
@settings(max_examples=400, deadline=None)
def test_shaped_token_is_redacted_in_any_surrounding(name: str, seed: int, before: str, after: str) -> None:
    token, values = GENERATORS[name](random.Random(seed))
    out, kinds = redact(f"{before} {token} {after}")
    assert kinds
    for value in values:
        assert value not in out
