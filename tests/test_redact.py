"""Tests for mnemon.safety.redact: <private> stripping, the labelled secret corpus, benign look-alikes, speed safety.

The corpus lives in tests/data/secrets_positive.txt (templates; secret values come from seeded generators
below, so no real secret is ever stored) and tests/data/secrets_benign.txt (literal lines).
"""

from __future__ import annotations

import random
import re
import string
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.security import (
    GENERATORS,
    RETIRED,
    SEED,
    Secret,
    corpora,
    load_training_secrets,
    load_training_secrets_benign,
    pem,
)
from mnemon.safety.redact import redact, strip_private
from tests.scaling import assert_linear

DATA = Path(__file__).parent / "data"
BASE62 = string.ascii_letters + string.digits
URLSAFE = BASE62 + "-_"
_pem = pem
Sample = Secret


def load_positive(seed: int = SEED) -> list[Secret]:
    return load_training_secrets(seed)


def load_benign() -> list[str]:
    return load_training_secrets_benign()


def corpus_figures() -> dict[str, object]:
    """Measured detection figures over the corpus (printed by test_corpus_figures with -s)."""
    positive = load_positive()
    leaked = [s for s in positive if any(secret in redact(s.text)[0] for secret in s.values)]
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


def test_training_family_sets() -> None:
    """The family sets in tests/data/training/ (the lines the generalising rules were written against)."""
    sets = [c for c in corpora() if c.split == "training" and c.name == "secrets"]
    assert sets and RETIRED.is_dir()
    from bench.security import load_labelled

    for path in sorted(RETIRED.glob("secrets_*.txt")):
        corpus = load_labelled(path, "training")
        leaked = [s.text for s in corpus.secrets if any(v in redact(s.text)[0] for v in s.values)]
        changed = [line for line in corpus.benign if redact(line)[0] != line]
        # family sets are kept whole; a retired held-out round keeps at least the bar for unseen corpora
        round_file = re.search(r"_r\d+\.txt$", path.name) is not None
        assert len(leaked) / len(corpus.secrets) <= (0.10 if round_file else 0.02), (path.name, leaked)
        assert len(changed) / len(corpus.benign) <= (0.03 if round_file else 0.01), (path.name, changed)


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
    assert [s.values for s in a if s.kind == "github_token"] != [
        s.values for s in b if s.kind == "github_token"
    ]
    for sample in load_positive(7):
        assert not any(secret in redact(sample.text)[0] for secret in sample.values), sample.text


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
    "protocol-blanks": " " * 100_000 + "pass\n",
    "said-nouns": "password ke " * 9_000,
    "byte-arrays": "[" + "200," * 25_000,
    "connect-calls": "connect('a', " * 8_000,
    "typed-values": "param key string = '" * 5_000,
    "pass-lines": "> PASS \n" * 12_000,
    "prompted-lines": "334 UGFzc3dvcmQ6\n" * 6_000,
    "chain-prefixes": "edsk" * 25_000,
    "key-lines": "1 SHA256 HEX:\n" * 7_000,
    "colon-pairs": ":password<" * 10_000,
    "pic-values": " PIC X(8) VALUE '" * 6_000,
    "net-users": "net user a " * 9_000,
    "user-flags": " -U a -w " * 11_000,
    "tab-keys": "{Tab}" * 20_000 + "{Enter}",
    "signature-lines": "untrusted comment: signature\n" * 3_500,
    "path-joins": 'home / ".a" / ' * 7_000,
    "stdin-fed": "echo 'abcd' | " * 7_000 + "password_stdin",
    "hashed-clear": "openssl passwd -6 -salt x " * 4_000,
    "resp-clients": "redis-cli -a " * 8_000,
    "sops-sets": "--set '[\"password\" " * 6_000,
    "domain-users": "a@b.c:" * 17_000 + "d@e.f",
    "join-paths": "join a:25000/" * 7_000,
    "rpc-keys": "https://rpc.a/" * 7_000,
    "credential-columns": "# /etc/davfs2/secrets\n" + "a.b c d\n" * 12_000,
    "byte-keys": "key: [" + "1, " * 30_000,
    "cleartext": "cleartext " * 10_000,
    "lisp-defs": '(def pass "' * 9_000,
    "forth-strings": 's" ' * 30_000,
    "hopen": "hopen `:a:1:" * 8_000,
    "elided": "parol " * 16_000,
    "user-slash": "user a / " * 11_000,
    "priv-json": '"priv": "' * 10_000,
    "vendor-headers": "x-a-key: " * 11_000,
    "public-forms": "did:key:" * 12_000,
    "row-labels": "Key Content : " * 8_000,
    "ldap-flags": "ldapadd -s " * 8_000,
    "positional-credentials": 'Credentials("a", ' * 7_000,
    "key-logs": "CLIENT_RANDOM " * 8_000,
    "tshark-fields": "tshark -e ldap.simple\n" + "a\tb\n" * 20_000,
    "erlang-cookies": "-setcookie erlang-cookie " * 4_000,
    "escaped-quotes": "PASSWORD=\\\\\"" * 8_000,
    "spoken-passwords": "pasword na " * 10_000,
    "node-urls": "https://nd-1-2-3.a/" * 6_000,
    "cipher-strings": "2.aaaaaaaaaa|" * 8_000,
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_input_is_linear(name: str) -> None:
    text = ADVERSARIAL[name]
    start = time.process_time()
    redact(text)
    elapsed = time.process_time() - start
    assert elapsed < 1.0, f"{name}: {elapsed:.3f}s for {len(text)} chars"


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_adversarial_input_scales_linearly(name: str) -> None:
    """A pass that rescans the whole text once per candidate span fails this ('colons' did)."""
    assert_linear(redact, ADVERSARIAL[name], name)


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


@pytest.mark.parametrize("url,secret", [
    # a workspace id may be capitals alone; the last segment is the secret
    ("https://hooks.slack.com/services/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", True),
    ("https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", False),
    ("https://hooks.slack.com/services/YOUR/WEBHOOK/URL", False),
])
def test_a_slack_webhook_whose_workspace_id_is_capitals_alone_is_redacted(url: str, secret: bool) -> None:
    out, kinds = redact(f" {url} ")  # the test generator's shape that slipped through (seed 28864)
    assert bool(kinds) is secret and (url not in out) is secret, out
