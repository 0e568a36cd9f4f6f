"""The seventeenth held-out split, the cases that span projects: global preferences (three in English,
scoped as "put this in your memory for everything with my name on it", "a me thing, not a <repo> thing"
and "across all the repos under ~/code"; one in Russian, probed once in Russian, and one in Chinese, probed
twice in Chinese) and cross-project negatives (two projects using one word, canary, dead letter, shadow or pin,
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
        said(0.4, "put this in your memory for everything with my name on it, not a tillpoint thing: any script or "
                  "command that deletes or rewrites data runs as a dry run by default and only changes anything "
                  "when I pass --apply. ok, black is complaining", "only changes anything when I pass --apply"),
        [there("infra-live", said(0.4, "infra-live's cleanup lambdas delete straight away, they run on a schedule "
                                       "with nobody watching", "cleanup lambdas delete straight away"))],
        Ask("write a rake task that removes members who never confirmed their email", "app/models",
            project="fernbook"),
        Ask("admin command to purge cancelled stops older than a year", "cmd/routewise", project="routewise"),
        Ask("script to drop the duplicated readings from the raw table", "scripts", project="tidewater-etl"),
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
        said(0.4, "across all the repos under ~/code, not just this one: when you move or rename a file, use git mv "
                  "so the history follows the file, never delete and re-create. ok, the ts errors",
             "use git mv so the history follows the file"),
        [there("infra-live", said(0.4, "in infra-live a renamed resource gets a moved block, the state follows that "
                                       "way", "a renamed resource gets a moved block"))],
        Ask("move the pricing helpers out of views.py into their own pricing.py", "backend", project="tillpoint"),
        Ask("rename HumidityMonitor.kt to ClimateMonitor.kt", GARDEN, project="pocketgarden"),
        Ask("split src/filter.rs into a filter/ module with two files", "src", project="logslice"),
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
        said(0.4, "这个适用于我所有的项目，不只是这里：就算我用中文跟你说话，代码里的注释和 docstring 也一律用英文写，"
                  "同事都看得懂。好，现在 swiftlint", "注释和 docstring 也一律用英文写"),
        [there("logslice", said(0.4, "logslice's user guide gets a Chinese translation in docs/zh, community "
                                     "volunteers keep it up", "Chinese translation in docs/zh"))],
        Ask("给邀请链接过期的那个函数加上注释", "lib/beacon", project="beacon-chat"),
        Ask("document the functions in the shipping cost calculator", "src/services", project="parcelhub"),
        Ask("给潮位修正的函数写 docstring", "scripts", project="tidewater-etl"),
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
        "parcelhub", said(0.45, "tracking callbacks that fail 5 times go to the carrier-status-dlq queue, and npm run "
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
        "cadence-ios", said(0.4, "pinning a workout keeps it at the top of the plans list, three pins at most",
                            "keeps it at the top of the plans list, three pins at most"),
        "pocketgarden", said(0.4, "pinning a plant puts it on the home-screen widget, four pins at most",
                             "puts it on the home-screen widget, four pins at most"),
        Ask("how many workouts can someone pin?", "App/Views", project="cadence-ios"),
        Ask("what does pinning a plant do?", GARDEN, project="pocketgarden"),
        Ask("test the limit on pins", "AppTests", project="cadence-ios"),
    )
