"""The corpus's fourteen projects: one git repository each, each on its own stack.

Every split plants its facts in these repositories; each held-out split's facts, probes and
project pairings are its own (:mod:`bench.coding.heldout`, :mod:`bench.coding.heldout2`,
:mod:`bench.coding.heldout3`, :mod:`bench.coding.heldout4`, :mod:`bench.coding.heldout5`,
:mod:`bench.coding.heldout6`, :mod:`bench.coding.heldout7`,
:mod:`bench.coding.heldout8`, :mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10`,
:mod:`bench.coding.heldout11`, :mod:`bench.coding.heldout12`,
:mod:`bench.coding.heldout13`, :mod:`bench.coding.heldout14`, :mod:`bench.coding.heldout15`,
:mod:`bench.coding.heldout16`, :mod:`bench.coding.heldout17`,
:mod:`bench.coding.heldout18`,
:mod:`bench.coding.heldout19`).
"""

from __future__ import annotations

from bench.coding.model import Project

# deep package paths the splits' probes start from, named once
BILLING = "src/main/java/com/acme/billing"
BILLING_TESTS = "src/test/java/com/acme/billing"
GARDEN = "app/src/main/java/com/acme/garden"

PROJECTS: tuple[Project, ...] = (
    Project("tillpoint", "django", ("backend", "backend/orders", "backend/reports"), 18),
    Project("routewise", "go", ("cmd/routewise", "internal/dispatch", "internal/geo"), 17),
    Project("logslice", "rust", ("src", "crates/slice-core"), 13),
    Project("brightdesk", "react", ("src/components", "src/api"), 16),
    Project("parcelhub", "express", ("src/routes", "src/services"), 15),
    Project("ledgerline", "spring", (BILLING, BILLING_TESTS), 17),
    Project("fernbook", "rails", ("app/models", "app/controllers", "spec"), 15),
    Project("beacon-chat", "phoenix", ("lib/beacon", "lib/beacon_web/channels", "test"), 14),
    Project("meshkit", "cpp", ("src", "include/meshkit", "tests"), 12),
    Project("tidewater-etl", "pipeline", ("dags", "models/staging", "scripts"), 16),
    Project("infra-live", "terraform", ("envs/prod", "envs/staging", "modules/network"), 15),
    Project("pocketgarden", "android", (GARDEN, "app/src/test/java/com/acme/garden"), 13),
    Project("stockroom", "fastapi", ("app", "app/routers", "tests"), 16),
    Project("cadence-ios", "ios", ("App", "App/Views", "AppTests"), 12),
)

BY_NAME = {p.name: p for p in PROJECTS}
