"""The nineteenth held-out split, the cases that span projects: global preferences (three in English,
scoped as "user-level, not project-level", "true for whichever project I open next too" and "this goes in
my ~/.claude/CLAUDE.md, not this repo's" (a dependency bump's commit message, a new file's opening comment, a
Dockerfile's base image); one in Bulgarian, probed once in Bulgarian (down migrations), and one in
Tamil, probed once in Tamil (API paths)) and cross-project negatives (two projects using one word, void, orphan, ghost,
bucket or stamp, for different things); see :mod:`bench.coding.heldout19`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def add(b: SplitBuilder) -> None:
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "stockroom",
        said(0.4, "treat this as user-level, not project-level: when you bump a dependency for me, the commit message "
                  "says why, with a link to the changelog, never just 'bump x'. now the mypy errors",
             "with a link to the changelog, never just"),
        [there("tillpoint", said(0.4, "tillpoint's dependency bumps all go into the weekly maintenance PR with a "
                                      "generated message", "weekly maintenance PR with a generated message"))],
        Ask("upgrade axios to the latest minor and commit it", "src/services", project="parcelhub"),
        Ask("bump the kotlin gradle plugin", GARDEN_TESTS, project="pocketgarden"),
        Ask("update phoenix_live_view to 1.0 and write the commit", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "ledgerline",
        said(0.45, "true for whichever project I open next too, not just billing: every new source file you create "
                   "for me starts with a one-line comment saying what it's for. right, the checkstyle output",
             "starts with a one-line comment saying what it's for"),
        [there("brightdesk", said(0.45, "brightdesk's component files start straight with the imports, the file "
                                        "name says enough", "start straight with the imports"))],
        Ask("create a new file for the stop clustering code", "internal/geo", project="routewise"),
        Ask("new module for redeeming vouchers at the till", "backend/orders", project="tillpoint"),
        Ask("put the push receipt handling in its own module", "lib/beacon", project="beacon-chat"),
        Ask("add a class for the light sensor calibration", GARDEN, project="pocketgarden"),
    )
    b.global_pref(
        "cadence-ios",
        said(0.4, "this goes in my ~/.claude/CLAUDE.md, not this repo's: any Dockerfile you write for me pins its "
                  "base image by digest, @sha256:..., never a floating tag. ok, the swiftlint warnings",
             "pins its base image by digest"),
        [there("parcelhub", said(0.4, "parcelhub's Dockerfile stays on the node:20-alpine tag, someone bumps it "
                                      "by hand each quarter", "stays on the node:20-alpine tag"))],
        Ask("write a Dockerfile for the tide backfill job", "scripts", project="tidewater-etl"),
        Ask("containerise the stock importer", "app", project="stockroom"),
        Ask("image for running the slice benchmarks in CI", "src", project="logslice"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "routewise",
        said(0.45, "Това важи за всички мои проекти, не само за този: когато пишеш миграция на базата, винаги пиши и "
                   "обратната миграция (down), дори да е само една грешка с обяснение. добре, сега golangci-lint",
             "винаги пиши и обратната миграция (down)"),
        [there("fernbook", said(0.45, "fernbook's data migrations raise ActiveRecord::IrreversibleMigration on purpose, "
                                      "there's no way back from a data fix", "no way back from a data fix"))],
        Ask("добави колона discount_code към таблицата с поръчките", "backend/orders", project="tillpoint"),
        Ask("alembic migration that adds a supplier_rating column", "app", project="stockroom"),
        Ask("ecto migration for a pinned_at column on messages", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "parcelhub",
        said(0.4, "இது இந்த repo-க்கு மட்டும் இல்ல, என்னோட எல்லா project-க்கும்: நீ புது API endpoint design பண்ணும்போது "
                  "path-ல plural noun, kebab-case, verb வேண்டாம், /shipping-labels மாதிரி, /createLabel இல்ல. சரி, "
                  "இப்போ eslint", "path-ல plural noun, kebab-case, verb வேண்டாம்"),
        [there("ledgerline", said(0.4, "ledgerline's partner API paths stay camelCase, the SDKs generated from them "
                                       "expect it", "the SDKs generated from them expect it"))],
        Ask("gift card balance பார்க்க ஒரு API endpoint சேர்க்கணும்", "backend/orders", project="tillpoint"),
        Ask("add an API endpoint to extend a booking by an hour", "app/controllers", project="fernbook"),
        Ask("route that lists a supplier's open purchase orders", "app/routers", project="stockroom"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.4, "voiding a line on an open sale needs a manager's card tap once the sale is over 50 EUR",
                          "needs a manager's card tap once the sale is over 50 EUR"),
        "ledgerline", said(0.4, "a voided invoice keeps its number in the sequence and a credit note for the full "
                                "amount is issued against it", "keeps its number in the sequence and a credit note"),
        Ask("cashier wants to void a scanned item, what does she need?", "backend/orders", project="tillpoint"),
        Ask("how do we void an invoice that went to the wrong customer?", BILLING, project="ledgerline"),
        Ask("implement voiding for invoices", BILLING_TESTS, project="ledgerline"),
    )
    b.cross(
        "meshkit", said(0.45, "cleanup() drops orphan vertices, the ones no face references, and renumbers the rest",
                        "orphan vertices, the ones no face references"),
        "infra-live", said(0.45, "an orphan here is any AWS resource without the ManagedBy=terraform tag; the weekly "
                                 "report lists them and owners get 14 days before deletion",
                           "without the ManagedBy=terraform tag"),
        Ask("what counts as an orphan in a mesh and what happens to it?", "include/meshkit", project="meshkit"),
        Ask("an EC2 box showed up in the orphan report, what does that mean for it?", "envs/prod",
            project="infra-live"),
        Ask("my test mesh lost vertices after cleanup", "tests", project="meshkit"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "beacon-chat", said(0.4, "deleting an account turns the user into a ghost: their messages stay, signed "
                                 "'former member', and the profile is erased", "signed 'former member'"),
        "routewise", said(0.4, "a ghost stop is one whose order was cancelled after the route went out; it stays on "
                               "the driver's list greyed out until the next replan",
                          "stays on the driver's list greyed out"),
        Ask("what happens to someone's messages once they delete their account?", "lib/beacon", project="beacon-chat"),
        Ask("driver sees a grey stop on the list, what is it?", "cmd/routewise", project="routewise"),
        Ask("customer cancelled mid-route, what does the driver's app show for that drop-off?", "internal/dispatch",
            project="routewise"),
        Ask("ghost users in the member list, where do they come from?", "test", project="beacon-chat"),
    )
    b.cross(
        "parcelhub", said(0.45, "the API limit is a token bucket per merchant key, 100 tokens refilled at 10 a second",
                          "100 tokens refilled at 10 a second"),
        "logslice", said(0.45, "--histogram buckets matching lines by minute unless --bucket says otherwise",
                         "buckets matching lines by minute unless --bucket"),
        Ask("how does the rate limiter decide a merchant gets a 429?", "src/routes", project="parcelhub"),
        Ask("how wide are the histogram buckets by default?", "src", project="logslice"),
        Ask("merchant fires 150 requests at once, how many go through?", "src/services", project="parcelhub"),
    )
    b.cross(
        "stockroom", said(0.4, "a stamp on a delivery note means the goods were counted at the dock; unstamped notes "
                               "can't be booked into stock", "unstamped notes can't be booked into stock"),
        "cadence-ios", said(0.4, "a stamp is the badge a runner earns for a streak week, shown on the profile grid",
                            "badge a runner earns for a streak week"),
        Ask("can receiving book a delivery that has no stamp yet?", "app/routers", project="stockroom"),
        Ask("what's a stamp on the runner profile?", "App/Views", project="cadence-ios"),
        Ask("she ran four times this week and got no stamp, bug?", "AppTests", project="cadence-ios"),
    )
