"""Words developers use for one thing: query expansion for recall.

A prompt rarely repeats the words of the note it needs: "ship it to production" needs the note
that says how to *deploy*, "try it on my machine" the one about running *locally*, "who can
approve this" the one naming an *owner*. Each group below gathers words that stand for one
concept in everyday software work (general vocabulary of the trade, in British and American
spellings; never the names of a project, its facts or its people). Recall expands a query's
words with the other members of their groups, at a fraction of their weight, so a note that
says the same thing in other words is found, while a note that matches the words themselves
still ranks first (:data:`EXPAND_WEIGHT`).

Groups are small on purpose: a word in a broad group ("error", "file") would make everything
relevant to everything, and a word of several senses ("commit" a change or an offset, "push" a
branch or a notification) is left out. Each group lists surface words; :func:`expansions` maps a query's
stemmed tokens to their group-mates (:func:`expand`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache

from mnemon.engine import text

GROUPS: tuple[tuple[str, ...], ...] = (
    # where code runs
    ("deploy", "deployment", "deploying", "ship", "shipping", "release", "releasing", "publish", "rollout"),
    ("prod", "production", "live"),
    ("staging", "preprod", "pre-production", "stage"),
    ("local", "locally", "laptop", "localhost", "machine", "workstation"),
    ("server", "host", "instance", "vm"),
    ("container", "docker", "image", "pod", "kubernetes", "k8s"),
    ("region", "zone", "datacenter", "data centre", "availability zone"),
    ("network", "networking", "vpc", "subnet", "peering", "firewall", "route", "routes", "gateway", "nat"),
    ("dns", "domain", "hostname"),
    ("url", "endpoint", "uri", "address"),
    ("port", "listen", "listens", "listening"),
    # people and process
    ("owner", "owns", "owned", "maintainer", "maintains", "responsible", "on-call", "oncall", "contact"),
    ("approve", "approval", "approves", "review", "reviewer", "sign-off", "signoff", "lgtm"),
    ("tester", "testers", "beta", "qa", "testflight", "pilot"),
    ("customer", "customers", "client", "clients", "user", "users", "member", "members"),
    ("team", "ops", "operations", "sre", "devops", "infra", "infrastructure"),
    # code changes
    ("refactor", "restructure", "reorganise", "reorganize", "rework", "rewrite", "cleanup", "clean-up"),
    ("rename", "renaming", "naming"),
    ("bug", "defect", "regression", "glitch"),
    ("crash", "crashes", "panic", "segfault", "exception", "abort"),
    ("fix", "fixes", "patch", "hotfix", "repair"),
    ("slow", "slowness", "latency", "lag", "sluggish", "performance", "perf"),
    ("fast", "faster", "speed", "speedup", "quick", "quicker"),
    ("timeout", "timeouts", "time out", "times out", "deadline"),
    ("flaky", "flake", "flakes", "intermittent", "intermittently", "sporadic"),
    ("test", "tests", "testing", "spec", "specs", "suite"),
    ("mock", "mocks", "stub", "stubs", "fake", "fakes"),
    ("fixture", "fixtures", "seed", "seeds", "factory", "factories", "builder", "builders"),
    ("lint", "linter", "linting", "format", "formatter", "formatting", "style"),
    ("typing", "typed", "type-check", "typecheck", "mypy", "tsc"),
    ("dependency", "dependencies", "package", "packages", "library", "libraries", "crate", "crates", "gem",
     "gems", "module", "modules", "lib"),
    ("upgrade", "bump", "update", "version"),
    ("branch", "merge", "rebase", "pr", "pull request"),
    ("ci", "pipeline", "workflow", "build", "builds", "runner", "runners", "actions"),
    ("docs", "documentation", "readme", "wiki", "guide", "changelog", "release notes"),
    ("comment", "comments", "docstring", "docstrings"),
    # what code handles
    ("config", "configuration", "settings", "setting", "option", "options", "flag", "flags"),
    ("env", "environment", "variable", "variables", "env var", "dotenv"),
    ("secret", "secrets", "credential", "credentials", "token", "tokens", "password", "vault"),
    ("auth", "authentication", "authenticate", "login", "log in", "sign in", "signin", "oauth", "sso", "session"),
    ("permission", "permissions", "authorization", "authorisation", "access", "role", "roles", "scope", "scopes"),
    ("db", "database", "databases", "sql", "postgres", "postgresql", "mysql", "sqlite", "psql"),
    ("table", "tables", "schema", "column", "columns", "index", "indexes", "indices"),
    ("migration", "migrations", "migrate", "alembic", "liquibase"),
    ("query", "queries", "orm", "select", "join"),
    ("transaction", "transactions", "atomic", "lock", "locking", "locks", "race", "concurrent", "concurrency"),
    ("cache", "caching", "cached", "memoize", "memoise", "ttl", "redis", "memcached"),
    ("queue", "queues", "job", "jobs", "worker", "workers", "background", "task", "tasks", "celery", "sidekiq",
     "cron", "scheduler", "scheduled"),
    ("retry", "retries", "backoff", "retrying", "idempotent", "idempotency"),
    ("log", "logs", "logging", "logger", "print", "stdout", "stderr", "trace", "tracing"),
    ("metric", "metrics", "monitoring", "dashboard", "alert", "alerts", "alerting", "observability"),
    ("analytics", "tracking", "track", "telemetry", "event", "events"),
    ("message", "messages", "copy", "wording", "label", "labels", "notification", "notifications", "email",
     "emails", "emoji", "spelling", "user-facing"),
    ("error", "errors", "failure", "failures", "validation", "invalid"),
    ("date", "dates", "timestamp", "timestamps", "timezone", "time zone", "utc", "datetime", "clock"),
    ("money", "price", "prices", "pricing", "amount", "amounts", "currency", "decimal", "rounding", "cents",
     "pence", "fee", "fees", "cost", "costs", "invoice", "invoices", "billing"),
    ("storage", "bucket", "buckets", "s3", "blob", "blobs", "upload", "uploads", "object storage"),
    ("file", "files", "path", "paths", "folder", "folders", "directory", "directories", "dir"),
    ("api", "apis", "endpoint", "endpoints", "route", "routes", "handler", "handlers", "controller",
     "controllers", "rest", "http"),
    ("request", "requests", "response", "responses", "payload"),
    ("ui", "frontend", "front-end", "screen", "screens", "page", "pages", "view", "views", "component",
     "components", "widget", "widgets", "button", "buttons", "user-facing"),
    ("style", "styles", "css", "theme", "theming", "colour", "color", "dark mode"),
    ("mobile", "android", "ios", "phone", "phones", "app", "apps"),
    ("notification", "notifications", "reminder", "reminders", "alarm", "alarms"),
    ("search", "filter", "filters", "filtering", "query"),
    ("importer", "ingest", "ingestion", "loader"),
    ("export", "exports", "exporter", "report", "reports", "reporting", "pdf", "csv"),
    ("memory", "ram", "heap", "leak", "leaks", "oom"),
    ("thread", "threads", "async", "await", "goroutine", "goroutines", "process", "processes"),
    ("security", "vulnerability", "vulnerabilities", "cve", "advisory", "audit"),
    ("precision", "float", "floats", "double", "decimal", "rounding"),
    ("compress", "compressed", "compression", "gzip", "gzipped", "brotli", "lz4", "deflate", "snappy"),
    ("geospatial", "spatial", "nearby", "radius", "geohash", "postgis", "haversine", "polygon", "polygons",
     "coordinates", "latitude", "longitude", "geofence"),
    ("full-text", "fulltext", "fuzzy", "trigram", "trigrams", "elasticsearch", "opensearch", "tsvector",
     "meilisearch", "typesense", "ranking"),
    ("locale", "locales", "l10n", "localisation", "localization", "thousands separator", "decimal separator",
     "number format"),
    ("encoding", "utf-8", "utf8", "latin-1", "latin1", "charset", "unicode", "ascii", "mojibake", "accented",
     "umlaut", "umlauts", "diacritics"),
    ("reconnect", "reconnects", "reconnected", "reconnection", "rejoin", "rejoins", "resubscribe", "wakes",
),
    ("duplicate", "duplicates", "duplicated", "twice", "dedupe", "dedup", "deduplicate", "deduplication"),
    ("accessibility", "a11y", "screen reader", "voiceover", "talkback", "dynamic type", "accessible", "aria"),
    ("stale", "outdated", "invalidate", "invalidation", "lru"),
    ("parallel", "parallelise", "parallelize", "parallelism", "multithreaded", "multi-threaded", "cores", "cpu",
     "cpus", "openmp"),
    ("retention", "retain", "retained", "purge", "prune", "pruning", "expire", "expiry", "lifecycle", "archive",
     "archived", "archiving"),
)

EXPAND_WEIGHT = 0.5  # a group-mate counts this much of the query word it stands for


@lru_cache(maxsize=1)
def _index() -> dict[str, tuple[tuple[str, str], ...]]:
    """Stemmed token -> (stem, surface word) of every other single-word member of its groups."""
    members: dict[str, dict[str, str]] = {}
    for group in GROUPS:
        words: dict[str, str] = {}
        for word in group:
            toks = text.tokens(word)
            if len(toks) == 1:
                words.setdefault(toks[0], word)
        for token in words:
            mates = members.setdefault(token, {})
            for stem, word in words.items():
                if stem != token:
                    mates.setdefault(stem, word)
    return {token: tuple(sorted(mates.items())) for token, mates in members.items()}


@dataclass(frozen=True)
class Expansion:
    """A query's group-mates: ``words`` (surface forms, for the keyword index) and ``mates``
    (query token -> the stems standing for it, for scoring)."""

    words: tuple[str, ...]
    mates: dict[str, frozenset[str]]


def expand(tokens: Collection[str], limit: int = 24) -> Expansion:
    """The group-mates of a query's stemmed ``tokens`` that the query does not hold itself."""
    index = _index()
    words: list[str] = []
    mates: dict[str, set[str]] = {}
    for token in sorted(tokens):
        for stem, word in index.get(token, ()):
            if stem in tokens:
                continue
            mates.setdefault(token, set()).add(stem)
            if word not in words and len(words) < limit:
                words.append(word)
    return Expansion(tuple(words), {t: frozenset(m) for t, m in mates.items()})


@lru_cache(maxsize=1)
def _canon() -> dict[str, str]:
    """Stemmed token -> the first stem of the first group it belongs to."""
    out: dict[str, str] = {}
    for group in GROUPS:
        stems = [toks[0] for toks in map(text.tokens, group) if len(toks) == 1]
        for stem in stems:
            out.setdefault(stem, stems[0])
    return out


def canonical(tokens: Collection[str]) -> frozenset[str]:
    """Tokens with each group member replaced by its group's first word, so two statements of
    one subject in other words ("the staging database", "staging Postgres") compare equal."""
    canon = _canon()
    return frozenset(canon.get(t, t) for t in tokens)
