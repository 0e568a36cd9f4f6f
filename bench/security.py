"""Secrets and prompt-injection screens measured per split: ``python -m bench security [--json]``.

Two splits, kept apart on purpose (tests/data/heldout/README.md has the protocol):

- **training**: the corpora the rules were written against, ``tests/data/secrets_positive.txt`` (templates whose
  secret values come from the seeded :data:`GENERATORS` below), ``secrets_benign.txt``,
  ``injection_payloads.txt`` and ``injection_benign.txt``, plus the files in ``tests/data/training/`` (family
  sets written to develop the rules, and held-out rounds retired into training once a newer round exists);
- **held-out**: one file per round in ``tests/data/heldout/`` (``secrets_r1.txt``, ``injection_r1.txt``, ...),
  each committed before the rule change it measures and never used to write rules.

Rounds retired into training are also listed one by one (split ``training rN``; their lines are already in the
``training`` row and are not timed again), so the table says plainly which rounds are training now; the
``held-out`` rows are exactly the round files ``tests/data/heldout/`` holds (rounds 1-27 are training now; the
held-out round is 28 once it lands, and until then no round is held out).

Per corpus and split it prints: secrets caught (no marked value survives :func:`mnemon.safety.redact.redact`), benign
lines unchanged, injection payloads flagged by :func:`mnemon.safety.guard.scan`, benign notes flagged, and the
p50 time to redact (and to scan) one 1,000-character memory built from the corpus lines. ``--show-misses``
lists the training lines a rule misses or wrongly hits; held-out lines are never listed, so that nobody
writes a rule against them by accident. Timing: each memory is redacted (and scanned) five times and its
fastest run kept; the figure is the median over memories.
"""

from __future__ import annotations

import base64
import json
import random
import re
import statistics
import string
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
HELDOUT = DATA / "heldout"
RETIRED = DATA / "training"
MEMORY_CHARS = 1000
"""The size of one memory in the timing figure."""

BASE62 = string.ascii_letters + string.digits
URLSAFE = BASE62 + "-_"


def _pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def pem(rng: random.Random, label: str, lines: int, escaped: bool = False) -> tuple[str, list[str]]:
    """A private-key block of random base64 lines, and its body lines (the secret values)."""
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
    upper = string.ascii_uppercase + string.digits
    path = f"T{_pick(rng, upper, 8)}/B{_pick(rng, upper, 8)}/{_pick(rng, BASE62, 24)}"
    return f"https://hooks.slack.com/services/{path}", [path]


def _pem_truncated(rng: random.Random) -> tuple[str, list[str]]:
    block, body = pem(rng, "RSA PRIVATE KEY", 4)
    return block.rsplit("\n", 1)[0], body


def _pem_indented(rng: random.Random) -> tuple[str, list[str]]:
    block, body = pem(rng, "OPENSSH PRIVATE KEY", 4)
    return block.replace("\n", "\n  "), body


def _jwt_payload(rng: random.Random) -> tuple[str, list[str]]:
    payload = _b64url(json.dumps({"sub": str(rng.randrange(10**9)), "admin": True}).encode())
    return payload, [payload]


GENERATORS: dict[str, Generator] = {
    "pem_rsa": lambda rng: pem(rng, "RSA PRIVATE KEY", 6),
    "pem_openssh": lambda rng: pem(rng, "OPENSSH PRIVATE KEY", 5),
    "pem_ec": lambda rng: pem(rng, "EC PRIVATE KEY", 3),
    "pem_pkcs8": lambda rng: pem(rng, "PRIVATE KEY", 8),
    "pem_pgp": lambda rng: pem(rng, "PGP PRIVATE KEY BLOCK", 6),
    "pem_json": lambda rng: pem(rng, "PRIVATE KEY", 4, escaped=True),
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
            f"xoxp-{_pick(r, string.digits, 12)}-{_pick(r, string.digits, 12)}-{_pick(r, string.digits, 13)}"
            f"-{_pick(r, 'abcdef0123456789', 32)}"
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
"""Seeded secret generators for the training templates: no real secret is ever stored in the corpus."""

SEED = 20240917
_SLOT = re.compile(r"\{(=[^{}]+|[a-z0-9_]+)\}")
_ESCAPE = re.compile(r"\\(n|t|\\|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})")
_MARKED = re.compile("⟦([^⟦⟧]*)⟧")


def unescape(text: str) -> str:
    """``\\n``, ``\\t``, ``\\\\``, ``\\uXXXX`` and ``\\UXXXXXXXX`` escapes of the corpus files."""

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        return {"n": "\n", "t": "\t", "\\": "\\"}.get(code) or chr(int(code[1:], 16))

    return _ESCAPE.sub(one, text)


@dataclass(frozen=True)
class Secret:
    """A text holding secrets; ``values`` must all be gone after redaction."""

    kind: str
    text: str
    values: tuple[str, ...]


@dataclass
class Corpus:
    """One split of one screen: positives (secrets or payloads) and benign lines."""

    split: str
    name: str
    secrets: list[Secret] = field(default_factory=list)
    payloads: list[str] = field(default_factory=list)
    benign: list[str] = field(default_factory=list)


def _data_lines(path: Path) -> Iterable[str]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            yield line


def load_training_secrets(seed: int = SEED) -> list[Secret]:
    """tests/data/secrets_positive.txt with every ``{generator}`` slot filled from a seeded generator."""
    rng = random.Random(seed)
    samples = []
    for line in _data_lines(DATA / "secrets_positive.txt"):
        kind, template = (part.strip() for part in line.split(" | ", 1))
        template = template.replace("\\n", "\n").replace("\\t", "\t")
        values: list[str] = []

        def fill(match: re.Match[str], values: list[str] = values) -> str:
            slot = match.group(1)
            if slot.startswith("="):
                values.append(slot[1:])
                return slot[1:]
            text, found = GENERATORS[slot](rng)
            values.extend(found)
            return text

        text = _SLOT.sub(fill, template)
        if not values:
            values.append(text.rsplit("=", 1)[-1])
        samples.append(Secret(kind, text, tuple(values)))
    return samples


def load_training_secrets_benign() -> list[str]:
    return [line.replace("\\n", "\n") for line in _data_lines(DATA / "secrets_benign.txt")]


def load_training_payloads() -> list[tuple[str, str]]:
    """(expected rule, text) pairs of tests/data/injection_payloads.txt."""
    pairs = []
    for line in _data_lines(DATA / "injection_payloads.txt"):
        rule, text = line.split(" | ", 1)
        pairs.append((rule.strip(), unescape(text).strip()))
    return pairs


def load_training_injection_benign() -> list[str]:
    return [unescape(line) for line in _data_lines(DATA / "injection_benign.txt")]


def load_labelled(path: Path, split: str) -> Corpus:
    """A round file in the held-out format (tests/data/heldout/README.md)."""
    name = "secrets" if path.name.startswith("secrets") else "injection"
    corpus = Corpus(split, name)
    for number, line in enumerate(_data_lines(path), 1):
        label, sep, raw = line.partition(" | ")
        if not sep:
            raise ValueError(f"{path.name}: line {number} has no ' | ' between label and text: {line[:60]!r}")
        text = unescape(raw)
        label = label.strip()
        if name == "secrets" and label == "secret":
            values = tuple(_MARKED.findall(text))
            if not values:
                raise ValueError(f"{path.name}: secret line {number} marks no value between ⟦ and ⟧")
            corpus.secrets.append(Secret("heldout", _MARKED.sub(r"\1", text), values))
        elif name == "injection" and label == "inject":
            corpus.payloads.append(text)
        elif label == "benign":
            corpus.benign.append(text)
        else:
            raise ValueError(f"{path.name}: line {number} has an unknown label {label!r}")
    return corpus


def _round(path: Path) -> str:
    match = re.search(r"_(r\d+)\.txt$", path.name)
    return match.group(1) if match else path.stem


def corpora() -> list[Corpus]:
    """Training first (built-in files, family sets and retired rounds, all together), then each retired round
    again on its own (split ``training rN``: already in the first rows, listed so the table says which rounds are
    training now), then each held-out round in order."""
    secrets = Corpus("training", "secrets", secrets=load_training_secrets(),
                     benign=load_training_secrets_benign())
    injection = Corpus("training", "injection", payloads=[t for _, t in load_training_payloads()],
                       benign=load_training_injection_benign())
    for path in sorted(RETIRED.glob("*.txt")) if RETIRED.is_dir() else ():
        extra = load_labelled(path, "training")
        target = secrets if extra.name == "secrets" else injection
        target.secrets += extra.secrets
        target.payloads += extra.payloads
        target.benign += extra.benign
    result = [secrets, injection]
    for path in _rounds(RETIRED):
        result.append(load_labelled(path, f"training {_round(path)}"))
    for path in _rounds(HELDOUT):
        result.append(load_labelled(path, f"held-out {_round(path)}"))
    return result


def _rounds(folder: Path) -> list[Path]:
    """The round files (``*_rN.txt``) of a folder, by round then secrets before injection."""
    if not folder.is_dir():
        return []
    paths = [p for p in folder.glob("*_r*.txt") if re.search(r"_r\d+\.txt$", p.name)]
    return sorted(paths, key=lambda p: (int(_round(p)[1:]), p.name.startswith("injection")))


def _memories(lines: list[str], size: int = MEMORY_CHARS) -> list[str]:
    """Corpus lines packed into memories of ``size`` characters (the last partial one dropped)."""
    memories: list[str] = []
    current = ""
    for line in lines:
        current = f"{current}\n{line}" if current else line
        while len(current) >= size:
            memories.append(current[:size])
            current = current[size:]
    return memories


def _p50_ms(fn: Callable[[str], object], memories: list[str], repeats: int) -> float:
    """p50 over memories of each memory's fastest of ``repeats`` runs: the fastest run is the one other
    processes on a shared machine interrupted least, so the figure measures the screen, not the load."""
    fastest = [min(_time_ns(fn, memory) for _ in range(repeats)) for memory in memories]
    return statistics.median(fastest) / 1e6


def _time_ns(fn: Callable[[str], object], memory: str) -> int:
    start = time.perf_counter_ns()
    fn(memory)
    return time.perf_counter_ns() - start


def measure(corpus: Corpus, show_misses: bool = False, repeats: int = 5) -> dict[str, Any]:
    """The figures of one corpus; misses are listed only for the training split."""
    from mnemon.safety.guard import scan
    from mnemon.safety.redact import redact

    row: dict[str, Any] = {"split": corpus.split, "corpus": corpus.name}
    listed = show_misses and corpus.split == "training"
    if corpus.name == "secrets":
        leaked = [s for s in corpus.secrets if any(v in redact(s.text)[0] for v in s.values)]
        changed = [line for line in corpus.benign if redact(line)[0] != line]
        row.update(
            secrets=len(corpus.secrets), caught=len(corpus.secrets) - len(leaked),
            caught_rate=_rate(len(corpus.secrets) - len(leaked), len(corpus.secrets)),
            benign=len(corpus.benign), benign_unchanged=len(corpus.benign) - len(changed),
            benign_unchanged_rate=_rate(len(corpus.benign) - len(changed), len(corpus.benign)),
        )
        lines = [s.text for s in corpus.secrets] + corpus.benign
        if listed:
            row["missed"] = [s.text for s in leaked]
            row["benign_changed"] = [[line, redact(line)[0]] for line in changed]
    else:
        missed = [text for text in corpus.payloads if not scan(text)]
        flagged = [text for text in corpus.benign if scan(text)]
        row.update(
            payloads=len(corpus.payloads), flagged=len(corpus.payloads) - len(missed),
            flagged_rate=_rate(len(corpus.payloads) - len(missed), len(corpus.payloads)),
            benign=len(corpus.benign), benign_flagged=len(flagged),
            benign_flagged_rate=_rate(len(flagged), len(corpus.benign)),
        )
        lines = corpus.payloads + corpus.benign
        if listed:
            row["missed"] = missed
            row["benign_flagged_lines"] = [[text, list(scan(text))] for text in flagged]
    if corpus.split.startswith("training r"):  # its lines are timed in the whole training row
        row.update(memories_timed=0, redact_p50_ms_per_1000_chars=None, scan_p50_ms_per_1000_chars=None)
        return row
    memories = _memories(random.Random(0).sample(lines, len(lines)))
    row["memories_timed"] = len(memories)
    row["redact_p50_ms_per_1000_chars"] = round(_p50_ms(redact, memories, repeats), 4) if memories else None
    row["scan_p50_ms_per_1000_chars"] = round(_p50_ms(scan, memories, repeats), 4) if memories else None
    return row


def _rate(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def run(show_misses: bool = False) -> dict[str, Any]:
    return {"memory_chars": MEMORY_CHARS, "rows": [measure(c, show_misses) for c in corpora()]}


def run_detect_secrets() -> dict[str, Any]:
    """The same secrets figures for Yelp's detect-secrets (every default plugin) used as a redactor: each
    value it reports is replaced. It is not a dependency; install it to compare (``pip install detect-secrets``)."""
    try:
        from detect_secrets.core.scan import scan_line
        from detect_secrets.settings import default_settings
    except ImportError:
        from mnemon.errors import InvalidInput

        raise InvalidInput("detect-secrets is not installed; `pip install detect-secrets` to compare") from None

    def ds_redact(text: str) -> str:
        out = text
        for line in text.split("\n"):
            for found in scan_line(line):
                if found.secret_value:
                    out = out.replace(found.secret_value, "[REDACTED]")
        return out

    rows = []
    with default_settings():
        for corpus in corpora():
            if corpus.name != "secrets":
                continue
            leaked = [s for s in corpus.secrets if any(v in ds_redact(s.text) for v in s.values)]
            changed = [line for line in corpus.benign if ds_redact(line) != line]
            memories = _memories([s.text for s in corpus.secrets] + corpus.benign)
            rows.append({
                "split": corpus.split, "corpus": "secrets (detect-secrets)", "secrets": len(corpus.secrets),
                "caught": len(corpus.secrets) - len(leaked), "benign": len(corpus.benign),
                "benign_unchanged": len(corpus.benign) - len(changed),
                "redact_p50_ms_per_1000_chars": round(_p50_ms(ds_redact, memories, 3), 4) if memories else None,
                "scan_p50_ms_per_1000_chars": None,
            })
    return {"memory_chars": MEMORY_CHARS, "rows": rows}


def _fraction(part: int, whole: int) -> str:
    return f"{part}/{whole} ({part / whole:.3f})" if whole else "-"


def format_table(report: dict[str, Any]) -> str:
    out = [
        f"secrets and injection screens (commit {report.get('commit') or 'unknown'}); "
        f"timing p50 per {report['memory_chars']}-character memory",
        "",
        f"{'split':<13} {'corpus':<26} {'caught / flagged':<22} {'benign ok':<22} {'redact ms':>9} {'scan ms':>8}",
    ]
    for row in report["rows"]:
        if row["corpus"].startswith("secrets"):
            hit = _fraction(row["caught"], row["secrets"])
            ok = _fraction(row["benign_unchanged"], row["benign"]) + " unchanged"
        else:
            hit = _fraction(row["flagged"], row["payloads"])
            ok = _fraction(row["benign_flagged"], row["benign"]) + " flagged"
        redact_ms = row["redact_p50_ms_per_1000_chars"]
        scan_ms = row["scan_p50_ms_per_1000_chars"]
        out.append(
            f"{row['split']:<13} {row['corpus']:<26} {hit:<22} {ok:<22} "
            f"{redact_ms if redact_ms is not None else '-':>9} {scan_ms if scan_ms is not None else '-':>8}"
        )
    for row in report["rows"]:
        for key in ("missed", "benign_changed", "benign_flagged_lines"):
            if row.get(key):
                out.append("")
                out.append(f"{row['split']} {row['corpus']} {key.replace('_', ' ')}:")
                out.extend(f"  {json.dumps(item, ensure_ascii=False)}" for item in row[key])
    return "\n".join(out)
