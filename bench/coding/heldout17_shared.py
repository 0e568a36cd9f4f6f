"""The seventeenth held-out split, the cases that span projects: global preferences (three in English,
scoped as "put this in your memory for everything with my name on it", "a me thing, not a <repo> thing"
and "across all the repos under ~/code"; one in Russian and one in Chinese, each probed once in its own
language) and cross-project negatives (two projects using one word, canary, dead letter, shadow or pin,
for different things, and two projects answering "how does a PR get merged" their own way); see
:mod:`bench.coding.heldout17`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "tillpoint",
        said(0.4, "put this in your memory for everything with my name on it, not a tillpoint thing: test data "
                  "never looks like real people, names like Test Cashier, emails @example.com, phone numbers from "
                  "the 555 range. ok, black is complaining", "names like Test Cashier, emails @example.com"),
        [there("cadence-ios", said(0.4, "cadence's store screenshots show our designer's own real runs, she agreed "
                                        "to it", "designer's own real runs, she agreed"))],
        Ask("add a factory for members with some realistic-looking data", "spec", project="fernbook"),
        Ask("seed script for the local db with a handful of customers and tickets", "src/api", project="brightdesk"),
        Ask("fixtures for the driver assignment tests, a few drivers with contact details", "internal/dispatch",
            project="routewise"),
    )
    b.global_pref(
        "meshkit",
        said(0.45, "this is a me thing, not a meshkit thing, so carry it to every repo: whenever you add a feature "
                   "flag or an env toggle, put its removal date in a comment right next to it. ok, clang-tidy",
             "put its removal date in a comment right next to it"),
        [there("fernbook", said(0.45, "fernbook's partner feature gates are permanent kill switches, nobody "
                                      "plans to remove them", "permanent kill switches, nobody plans to remove"))],
        Ask("put the new plant card layout behind a flag", GARDEN, project="pocketgarden"),
        Ask("gate the redesigned map tiles behind an env toggle", "internal/geo", project="routewise"),
        Ask("add a switch so we can turn the new VAT breakdown on per shop", "backend/reports",
            project="tillpoint"),
    )
    b.global_pref(
        "parcelhub",
        said(0.4, "across all the repos under ~/code, not just this one: when you give me a search command, use rg "
                  "and fd, I don't have GNU grep on the mac and -P blows up. ok, the ts errors",
             "use rg and fd, I don't have GNU grep on the mac"),
        [there("infra-live", said(0.4, "infra-live's CI scripts use plain grep, the runner image has no ripgrep",
                                  "runner image has no ripgrep"))],
        Ask("how do I find every place that still calls legacy_price from the terminal?", "backend",
            project="tillpoint"),
        Ask("give me a command that lists every .kt file mentioning WorkManager", GARDEN, project="pocketgarden"),
        Ask("search the crates for leftover dbg! calls from the shell", "crates/slice-core", project="logslice"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "stockroom",
        said(0.45, "это для всех моих репозиториев, не только для этого: если меняешь публичный API, в том же коммите "
                   "добавь строку в CHANGELOG.md в раздел Unreleased. ладно, теперь mypy",
             "добавь строку в CHANGELOG.md в раздел Unreleased"),
        [there("cadence-ios", said(0.45, "cadence keeps no changelog file, the App Store text is the only release "
                                         "log", "keeps no changelog file"))],
        Ask("rename the --since flag to --after", "src", project="logslice"),
        Ask("add an estimated_delivery field to the public shipment response", "src/routes", project="parcelhub"),
        Ask("добавь параметр max_error в публичную функцию simplify()", "include/meshkit", project="meshkit"),
    )
    b.global_pref(
        "cadence-ios",
        said(0.4, "这个适用于我所有的项目，不只是这里：写单元测试的时候每个测试只 assert 一件事，不要把五个断言塞进同一个测试。"
                  "好，现在 swiftlint", "每个测试只 assert 一件事"),
        [there("logslice", said(0.4, "logslice's parser tests are table-driven, one test runs a hundred cases",
                                "one test runs a hundred cases"))],
        Ask("write tests for the invite link expiry", "test", project="beacon-chat"),
        Ask("tests for the shipping cost calculator", "src/services", project="parcelhub"),
        Ask("给潮位修正的函数写单元测试", "scripts", project="tidewater-etl"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "routewise", said(0.4, "a canary here is the new planner image on 5% of traffic for 30 minutes through Argo "
                               "Rollouts, promoted if the error rate holds", "on 5% of traffic for 30 minutes"),
        "infra-live", said(0.4, "our canaries are CloudWatch Synthetics scripts that log in to the portal every five "
                                "minutes from two regions", "CloudWatch Synthetics scripts that log in"),
        Ask("how long does a canary run before a new build gets everything?", "cmd/routewise", project="routewise"),
        Ask("what do our canaries actually check?", "envs/prod", project="infra-live"),
        Ask("add a canary for the new ALB listener", "modules/network", project="infra-live"),
    )
    b.cross(
        "parcelhub", said(0.45, "tracking callbacks that fail 5 times go to the parcel-events-dlq queue, and npm run "
                                "redrive puts them back", "npm run redrive puts them back"),
        "tidewater-etl", said(0.45, "readings that fail parsing go to the dead-letter table raw.dlq_readings, the "
                                    "data steward reviews it on Mondays", "dead-letter table raw.dlq_readings"),
        Ask("where do broken tracking events end up and how do I replay them?", "src/services", project="parcelhub"),
        Ask("where do unparseable gauge rows go?", "models/staging", project="tidewater-etl"),
        Ask("check the dead letters from last night", "src/routes", project="parcelhub"),
    )
    b.cross(
        "tillpoint", said(0.4, "PRs are merged by Mergify once CI is green and someone adds the ready-to-merge label, "
                               "nobody presses the button", "merged by Mergify once CI is green"),
        "stockroom", said(0.4, "the author merges their own PR after one approval, no merge bots in stockroom",
                          "the author merges their own PR after one approval"),
        Ask("my PR is approved, do I merge it myself?", "backend/orders", project="tillpoint"),
        Ask("who hits merge once a PR is approved?", "app", project="stockroom"),
        Ask("CI is green on my branch, what's the last step to land it", "tests", project="stockroom"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "ledgerline", said(0.45, "shadow mode means the new rating engine prices every invoice next to the old one "
                                 "and logs the differences, the customer only ever sees the old price",
                           "customer only ever sees the old price"),
        "brightdesk", said(0.45, "in shadow mode the auto-triage model picks a queue for each ticket but only writes "
                                 "it to triage_suggestions, agents don't see it", "only writes it to triage_suggestions"),
        Ask("what does turning on shadow mode change for customers' bills?", BILLING, project="ledgerline"),
        Ask("where do the shadow results go so I can compare?", BILLING_TESTS, project="ledgerline"),
        Ask("with the triage model in shadow, what do agents see?", "src/components", project="brightdesk"),
    )
    b.cross(
        "beacon-chat", said(0.4, "only room admins can pin, and a room holds at most 50 pinned messages",
                            "at most 50 pinned messages"),
        "pocketgarden", said(0.4, "pinning a plant puts it on the home-screen widget, four pins at most",
                             "puts it on the home-screen widget, four pins at most"),
        Ask("how many messages can be pinned in one room?", "lib/beacon_web/channels", project="beacon-chat"),
        Ask("what does pinning a plant do?", GARDEN, project="pocketgarden"),
        Ask("test the limit on pins", "test", project="beacon-chat"),
    )
