"""The speed rewrites of the redaction filters decide exactly as the plain forms they replaced.

Each rewrite (a pattern whose branches open with a literal, a loop replaced by ``rstrip``, a needle test before a
pattern) is checked here against the plain form, kept in this file as the reference, on boundary cases and on
seeded random strings built from the characters that matter. ``python -m bench.safety_equiv`` checks the whole
of ``redact`` the same way on a fixed corpus.
"""

from __future__ import annotations

import random
import re

from mnemon.safety import secretinert, secretpublic

_PLAIN_VETO = re.compile(
    r"secret|passw|pepper|\bpass\b|_pass\b|passphrase|pwd|token|private|credential(?!_?id)|\bauth|cookie|session"
    r"|bearer|signing|[?&]|x-amz|(?<!public)(?<!public[ _-])(?<!pub)key\b|key[ _-]?(?:id|secret)|access"
)


def _random_strings(alphabet: str, count: int, longest: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(alphabet) for _ in range(rng.randrange(1, longest))) for _ in range(count)]


def test_veto_matches_where_the_plain_pattern_does() -> None:
    cases = ["public key", "publickey", "public_key", "public-key", "pubkey", "api key", "xkey", "key", "keys",
             "auth", "oauth", "x auth", "_auth", "éauth", "pass", "bypass", "pass_", "_pass", "passé", "a?b", "a&b",
             "credential_id", "credentialid", "credentials", "signing key", "ssh public key", "p", "k", "a"]
    for text in cases + _random_strings("abceiklnoprstuwyz _-?&é", 10_000, 24, 7):
        plain, fast = _PLAIN_VETO.search(text), secretinert._VETO.search(text)
        assert (plain.span() if plain else None) == (fast.span() if fast else None), text


def _plain_token_head(text: str, start: int) -> int:
    head = start
    while head > max(0, start - 24) and text[head - 1] in secretinert._TOKEN_CHAR_STRING:
        head -= 1
    return head


def test_token_head_is_the_run_of_token_characters_before_the_value() -> None:
    for text in _random_strings("aZ9+/=:_.- \n\"é", 800, 60, 8):
        for start in range(len(text) + 1):
            assert secretinert._token_head(text, start) == _plain_token_head(text, start), (text, start)


def _plain_counting(value: str, minimum: int = 12) -> bool:
    if len(value) < minimum:
        return False
    low = value.lower()
    return all(ord(b) - ord(a) == 1 or (a, b) in {("9", "a"), ("f", "0"), ("9", "0")} for a, b in zip(low, low[1:], strict=False))


def test_counting_and_samples_decide_as_before() -> None:
    values = ["0123456789abcdef", "3456789abcdef012", "cdef0123456789ab", "ABCDEF0123456789", "67890123", "xyz0123",
              "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig", "eyJ.a", "a.b.c", "12"]
    rng = random.Random(9)
    for _ in range(5_000):
        start = rng.randrange(16)
        values.append("".join("0123456789abcdef"[(start + i) % 16] for i in range(rng.randrange(6, 20)))
                      + rng.choice(["", "x", "0", "g"]))
    for value in values + _random_strings("0189aAfF.eyJ", 5_000, 24, 10):
        assert secretpublic.counting(value) == _plain_counting(value), value
        assert secretpublic.counting(value, 8) == _plain_counting(value, 8), value


def test_transaction_label_needle_test_agrees_with_the_pattern() -> None:
    cases = ["tx: ", "TXN ", "Transaction hash = ", "transaction_id: '", "tx_sig=", "ſ tx ", "TRANſACTION ID: ",
             "no label here: ", ""]
    for before in cases + _random_strings("txnarsciohdTXN _-:=\"'ſ", 20_000, 30, 11):
        assert secretpublic._tx_label(before) == (secretpublic._TX_LABEL.search(before) is not None), before
