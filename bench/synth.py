"""Synthetic stores for the speed benchmark: realistic developer text, clustered vectors.

Texts come from templates filled from a fixed vocabulary with a seeded random generator, so
every run builds the same store: decisions, facts, preferences and bug notes about libraries,
files and services, and conversational turns like the ones capture stores. Each text has a
topic; its vector is the topic's centre plus noise, normalised (384 dimensions like the
local embedder), so nearest neighbours are mostly same-topic, as with a real embedder.
Creation times advance a few minutes per memory, so temporal, entity and semantic edges
form the way they do in use.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

DIM = 384
TOPICS = 64

LIBRARIES = ["numpy", "pandas", "sqlite", "postgres", "redis", "fastapi", "django", "flask", "pytest", "httpx",
             "msgpack", "pydantic", "sqlalchemy", "celery", "kafka", "react", "vite", "webpack", "typescript",
             "eslint", "ruff", "mypy", "docker", "kubernetes", "terraform", "nginx", "grpc", "protobuf", "asyncio",
             "uvicorn", "gunicorn", "alembic", "boto3", "s3", "grafana", "prometheus", "sentry", "jwt", "oauth",
             "tailwind"]
FILES = ["src/api/routes.py", "src/db/models.py", "src/auth/session.py", "config/settings.toml", "Makefile",
         "docker-compose.yml", "src/worker/tasks.py", "tests/test_api.py", "src/cache.py", "src/billing/invoice.py",
         "frontend/src/App.tsx", "frontend/src/hooks/useAuth.ts", "scripts/deploy.sh", "src/search/index.py",
         "migrations/0042_add_index.py", "src/cli/main.py", "src/events/bus.py", "pyproject.toml",
         "src/payments/stripe.py", "src/notify/email.py"]
SERVICES = ["billing-service", "auth-gateway", "search-api", "ingest-worker", "notification-hub", "user-service",
            "report-builder", "export-job", "media-proxy", "audit-log", "rate-limiter", "scheduler"]
PEOPLE = ["Alice", "Bob", "Priya", "Marco", "Yuki", "Fatima", "Lena", "Omar", "Chen", "Sofia"]
ISSUES = ["a race condition", "a memory leak", "slow queries", "flaky tests", "a deadlock", "timeouts under load",
          "stale cache entries", "a broken migration", "unicode errors", "a missing index", "duplicate events",
          "an off-by-one error", "connection pool exhaustion", "a retry storm"]
VERBS = ["use", "switch to", "keep", "drop", "pin", "upgrade", "avoid", "wrap"]
REASONS = ["it halves the latency", "the team already knows it", "it removes a dependency", "it is easier to test",
           "the old one leaked connections", "it works offline", "the licence is simpler", "it scales past 10k rps",
           "it keeps the API stable", "the benchmark showed a 3x gain"]

TEMPLATES = [
    ("decision", "Decided to {verb} {lib} in {service} because {reason}."),
    ("decision", "We chose {lib} over {lib2} for {service}; {reason}."),
    ("fact", "{service} reads its settings from {file} and talks to {lib} on startup."),
    ("fact", "The {service} deploy runs {lib} migrations before traffic is switched."),
    ("fact", "{file} owns the {lib} client; everything else imports it from there."),
    ("preference", "{person} prefers {lib} for new code and wants type hints everywhere."),
    ("preference", "Always run {lib} before committing changes to {file}."),
    ("insight", "Found {issue} in {file}: {service} retried without backoff, so {lib} saturated."),
    ("insight", "{issue} in {service} was caused by {lib} holding a lock across an await."),
    ("context", "Working on {service}: refactoring {file} to drop {lib2} and use {lib}."),
    ("general", "User: can you check why {service} is slow after the {lib} upgrade?\n\n"
                "Assistant: Profiled {file}; {issue} explains most of it. Fixed by batching the {lib} calls."),
    ("general", "User: write a test for {file} covering {issue}.\n\n"
                "Assistant: Added tests/test_{slug}.py with three cases; {lib} fixtures reset state between them."),
    ("general", "User: what does {person} think about {lib2}?\n\n"
                "Assistant: {person} wants to {verb} {lib} instead, since {reason}."),
]


@dataclass(frozen=True)
class SynthMemory:
    content: str
    category: str
    entities: tuple[str, ...]
    topic: int
    created_at: float


def generate(n: int, *, seed: int = 7, start: float = 1_700_000_000.0, step_s: float = 300.0) -> Iterator[SynthMemory]:
    """``n`` memories in creation order (deterministic for a given seed)."""
    rng = random.Random(seed)
    for i in range(n):
        topic = rng.randrange(TOPICS)
        trng = random.Random(seed * 1_000_003 + topic)
        lib = LIBRARIES[topic % len(LIBRARIES)] if rng.random() < 0.7 else rng.choice(LIBRARIES)
        service = SERVICES[trng.randrange(len(SERVICES))] if rng.random() < 0.6 else rng.choice(SERVICES)
        file = FILES[trng.randrange(len(FILES))] if rng.random() < 0.6 else rng.choice(FILES)
        category, template = rng.choice(TEMPLATES)
        content = template.format(
            verb=rng.choice(VERBS), lib=lib, lib2=rng.choice(LIBRARIES), service=service, file=file,
            reason=rng.choice(REASONS), person=rng.choice(PEOPLE), issue=rng.choice(ISSUES),
            slug=file.rsplit("/", 1)[-1].split(".")[0],
        )
        content += f" (note {i})"
        yield SynthMemory(content, category, (lib, service, file), topic, start + i * step_s)


def centres(*, seed: int = 7, dim: int = DIM) -> np.ndarray:
    """One unit vector per topic."""
    rng = np.random.default_rng(seed)
    c = rng.standard_normal((TOPICS, dim)).astype(np.float32)
    out: np.ndarray = c / np.linalg.norm(c, axis=1, keepdims=True)
    return out


def vectors(topics: list[int], *, seed: int = 7, dim: int = DIM) -> np.ndarray:
    """Unit vectors near their topic's centre, float32, shape ``(len(topics), dim)``.

    Each is ``centre + s * noise`` with ``|noise| ~ 1`` and ``s`` drawn from 0.4..1.4, so
    same-topic cosines spread from about 0.35 to 0.85 (a few pairs cross the engine's
    semantic auto-link threshold, as near-duplicates do) and other topics sit near 0.
    """
    rng = np.random.default_rng(seed + len(topics))
    base = centres(seed=seed, dim=dim)[np.asarray(topics, dtype=np.int64)]
    scale = rng.uniform(0.4, 1.4, size=(len(topics), 1)).astype(np.float32)
    noise = rng.standard_normal(base.shape).astype(np.float32) / np.float32(np.sqrt(dim))
    v = base + scale * noise
    out: np.ndarray = (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)
    return out


def query_vector(topic: int, *, seed: int = 7, dim: int = DIM) -> np.ndarray:
    """A query's vector: its topic's centre with a little noise."""
    out: np.ndarray = vectors([topic], seed=seed + 1000 + topic, dim=dim)[0]
    return out


QUERIES = [
    "why is {service} slow",
    "what did we decide about {lib}",
    "how does {service} load its settings",
    "fix {issue} in {file}",
    "which library does {person} prefer",
    "tests for {file}",
]


def queries(n: int, *, seed: int = 11) -> list[tuple[str, int]]:
    """``n`` realistic prompts with the topic each is about (for a query vector)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        topic = rng.randrange(TOPICS)
        text = rng.choice(QUERIES).format(
            service=rng.choice(SERVICES), lib=LIBRARIES[topic % len(LIBRARIES)], issue=rng.choice(ISSUES),
            file=rng.choice(FILES), person=rng.choice(PEOPLE))
        out.append((text, topic))
    return out
