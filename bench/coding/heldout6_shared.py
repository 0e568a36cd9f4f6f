"""The sixth held-out split, end: causes and effects (a one-line configuration change, and the
symptom it causes reported weeks later in other words), global preferences (said in romanised
Japanese, Swedish and Polish, as "whatever repo I'm in" and inside the answer to a clarifying
question) and cross-project negatives (see :mod:`bench.coding.heldout6`; training now, the
splits held out now are :mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10` and
:mod:`bench.coding.heldout11`)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _causal_backend(b)
    _causal_rest(b)
    _globals(b)
    _cross(b)


def _causal_backend(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.2, "set gunicorn's --max-requests to 50 in deploy/gunicorn.conf.py so the workers' memory stays flat",
             "--max-requests to 50"),
        concluded(0.75, "why do card payments sometimes fail with 'terminal session lost' when the shop is busy?",
                  "Workers are recycled every 50 requests, and a worker recycled in the middle of a payment drops "
                  "the open session with the card terminal; at busy times that happens several times an hour.",
                  "drops the open session with the card terminal"),
        [said(0.5, "the 'terminal offline' banner early in the morning is the terminals' own update window",
              "terminals' own update window")],
        Ask("card payments fail now and then with terminal session lost, only at rush hour", "backend/orders",
            want="cause"),
        Ask("can I recycle the workers even more often to save RAM on the shop servers?", "backend",
            want="effect"),
    )
    b.causal(
        "routewise",
        said(0.25, "WriteTimeout on the planner's http.Server is 10s now in the chart values, the slowloris finding "
                   "from the pentest", "WriteTimeout on the planner's http.Server is 10s"),
        said(0.8, "plan downloads for the big depots end in truncated JSON and the UI just spins. fix vet first",
             "end in truncated JSON"),
        [concluded(0.5, "why does the plan page time out for the Bristol depot?",
                   "Bristol had 900 unassigned stops and the pre-filter was switched off for that depot.",
                   "pre-filter was switched off for that depot")],
        Ask("the planner hangs on large depots and the downloaded plan stops in the middle of an array",
            "cmd/routewise", want="cause"),
        Ask("security wants the server timeouts shortened further, did that bite us last time?",
            "internal/dispatch", want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.2, "NODE_OPTIONS in the Dockerfile caps max old space at 256 MB now, the pods were oversized",
             "caps max old space at 256 MB"),
        said(0.7, "since a few weeks the end-of-day manifest for the big merchants crashes the pod. anyway, "
                  "prettier", "end-of-day manifest for the big merchants crashes"),
        [concluded(0.5, "why did the manifest list some parcels twice?",
                   "The doubles were parcels that got relabelled; the manifest keeps only the latest label now.",
                   "keeps only the latest label now")],
        Ask("FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory, while building "
            "the daily manifest", "src/services", want="cause"),
        Ask("can we shrink node's memory on the pods again to save money?", "src/routes", want="effect"),
    )
    b.causal(
        "ledgerline",
        said(0.3, "hikari maximumPoolSize is 5 per instance now, the DBA asked, we run 12 instances",
             "maximumPoolSize is 5 per instance"),
        concluded(0.8, "the payment run takes 40 minutes now instead of 6, why?",
                  "The parallel payment steps all wait for a connection: with five per instance the 16 workers "
                  "queue behind each other, so the run is effectively serial.", "16 workers queue behind each other"),
        [said(0.55, "the slowness in the mornings is the statement import hogging the disk",
              "statement import hogging the disk")],
        Ask("month-end payment run crawls, the threads all sit in HikariPool.getConnection", BILLING,
            want="cause"),
        Ask("the DBA wants fewer connections per instance again, what breaks if we do it?", BILLING,
            want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "logslice",
        said(0.3, "panic = \"abort\" in the release profile now, the binary is 300 KB smaller",
             "panic = \"abort\" in the release profile"),
        concluded(0.75, "why don't we reset the colours any more when it crashes?",
                  "With panics aborting, the Drop of the output guard never runs, so the terminal stays in the "
                  "last colour and the partial-output notice is never printed.", "terminal stays in the last colour"),
        [said(0.5, "the coloured garbage after ctrl-c on windows is conhost, known", "conhost, known")],
        Ask("after a crash my terminal keeps the last colour until I run reset", "src", want="cause"),
        Ask("I want the release binary smaller still, any catch with how panics are handled?", "src",
            want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.25, "endpoint config: websocket compress: true now, saves bandwidth on mobile",
             "websocket compress: true"),
        said(0.75, "the nodes' CPU has been at 90% for a couple of weeks, big rooms are the worst. fix the test "
                   "first", "CPU has been at 90% for a couple of weeks"),
        [concluded(0.5, "why did memory jump after the last deploy?",
                   "Memory rose because the hot rooms' history moved into ETS; that is expected.",
                   "history moved into ETS")],
        Ask("CPU on the chat nodes is pegged whenever a big room gets busy", "lib/beacon", want="cause"),
        Ask("mobile users burn a lot of data, can we compress the socket frames?", "lib/beacon_web/channels",
            want="effect"),
    )
    b.causal(
        "infra-live",
        said(0.3, "node group update_config max_unavailable_percentage = 50 now, upgrades took all day",
             "max_unavailable_percentage = 50"),
        concluded(0.8, "why did checkout go down during the AMI update?",
                  "Half the nodes were drained at once and both checkout pods sat on them; with no "
                  "PodDisruptionBudget there was a window with none running.", "no PodDisruptionBudget there"),
        [said(0.5, "the 502s at 6am were the ALB health check grace period, bumped it",
              "health check grace period, bumped")],
        Ask("checkout was down for a few minutes during last night's node rollout", "envs/prod", want="cause"),
        Ask("can we make the node upgrades faster by draining more nodes at a time?", "envs/prod",
            want="effect"),
    )
    b.causal(
        "cadence-ios",
        said(0.3, "background app refresh is off in Info.plist now, we didn't use it and review asked",
             "background app refresh is off"),
        said(0.8, "users say the training plan doesn't update until they open the app. check the UI test first",
             "training plan doesn't update until they open the app"),
        [concluded(0.5, "why do push notifications arrive late?",
                   "Pushes go out with low priority to save battery, so the system delivers them in batches.",
                   "go out with low priority")],
        Ask("the coach's weekly plan only appears after I launch the app", "App", want="cause"),
        Ask("let's drop more background capabilities from the plist, anything to worry about?", "App",
            want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "routewise",
        said(0.4, "kore wa zenbu no purojekuto ni tsuite da kedo: komitto messeeji wa eigo de, saisho no gyou wa "
                  "gojuu moji inai. ja, vet no keikoku onegai", "saisho no gyou wa gojuu moji inai"),
        [there("fernbook", said(0.4, "commit subjects here follow Conventional Commits, feat: fix: and so on, "
                                     "the changelog is built from them", "follow Conventional Commits"))],
        Ask("commit what we have", "src", project="logslice"),
        Ask("commit this with a decent message", "app", project="stockroom"),
        Ask("write the commit for the receipt footer change", "backend", project="tillpoint"),
    )
    b.global_pref(
        "meshkit",
        said(0.5, "en sak för alla mina projekt: skriv aldrig kommentarer som bara upprepar koden, bara varför "
                  "något är som det är. nu sanitizer-bygget", "kommentarer som bara upprepar koden"),
        [there("tidewater-etl", said(0.3, "every dbt model here gets a header comment listing its columns, even "
                                          "the obvious ones", "header comment listing its columns"))],
        Ask("comment the retry logic in the carrier adapter so the next person gets it", "src/services",
            project="parcelhub"),
        Ask("add comments to TimerModel, it's hard to follow", "App", project="cadence-ios"),
        Ask("put some comments on the presence diffing function", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "stockroom",
        said(0.55, "whatever repo I'm in: when you add a dependency, tell me its licence before you install it. "
                   "I got bitten by AGPL once. ok, the router now", "tell me its licence before you install"),
        [there("brightdesk", said(0.3, "licence checks run in CI here through license-checker, no need to ask "
                                       "about deps", "licence checks run in CI here"))],
        Ask("add a library for polyline encoding", "internal/geo", project="routewise"),
        Ask("pull in a charting library for the watering history", GARDEN, project="pocketgarden"),
        Ask("add the tflint aws ruleset plugin", "envs/prod", project="infra-live"),
    )
    b.global_pref(
        "pocketgarden",
        said(0.35, "dla wszystkich moich projektów: nie uruchamiaj migracji ani skryptów na produkcji bez mojego "
                   "wyraźnego tak. dobra, teraz lint", "bez mojego wyraźnego tak"),
        [there("cadence-ios", said(0.5, "migrations here run on their own at app launch, nobody approves them",
                                   "run on their own at app launch"))],
        Ask("run the backfill for the missing VAT codes on prod", BILLING, project="ledgerline"),
        Ask("apply the new migration to the production database", "backend", project="tillpoint"),
        Ask("run the script that recalculates members' credits on production", "app/models", project="fernbook"),
    )
    b.global_pref(
        "parcelhub",
        said(0.45, "> Want me to add a test for this?\n\nyes, and in general, in any project of mine: when you fix "
                   "a bug, write the test that reproduces it first and show it to me red before the fix. ok go",
             "show it to me red before the fix"),
        [there("beacon-chat", said(0.6, "bug fixes here get their test afterwards in the same PR, the order "
                                        "doesn't matter", "test afterwards in the same PR"))],
        Ask("the unread badge says 0 when there are unread tickets, fix it", "src/components", project="brightdesk"),
        Ask("fix the crash on an empty --grep pattern", "src", project="logslice"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.35, "background jobs here run on django-rq with one queue per shop",
                          "django-rq with one queue per shop"),
        "stockroom", concluded(0.35, "what runs async work here?",
                               "Async work goes through Dramatiq actors declared in app/workers.py, with Redis as "
                               "the broker.", "Dramatiq actors"),
        Ask("send the receipt email without making the cashier wait", "backend/orders", project="tillpoint"),
        Ask("recalculate bin fill levels in the background after each delivery", "app", project="stockroom"),
    )
    b.cross(
        "routewise", said(0.3, "the admin CLI is built on urfave/cli v2, no cobra", "urfave/cli v2"),
        "logslice", concluded(0.3, "what parses the command line?",
                              "Arguments are parsed by clap's derive API, all in src/cli.rs.", "clap's derive API"),
        Ask("add a subcommand to the admin tool that reprocesses one day", "cmd/routewise", project="routewise"),
        Ask("add a --count-only flag", "src", project="logslice"),
    )
    b.cross(
        "brightdesk", said(0.4, "unit tests run on Vitest, with jsdom", "unit tests run on Vitest"),
        "parcelhub", said(0.4, "tests here use node's built-in runner, node --test, no jest",
                          "node --test, no jest"),
        Ask("write a test for the SLA countdown hook", "src/components", project="brightdesk"),
        Ask("add a test for the zone lookup", "src/services", project="parcelhub"),
    )
    b.cross(
        "ledgerline", said(0.5, "API versions are in the path, /api/v3/ is current, an old version lives 12 months "
                                "after the next one ships", "/api/v3/ is current"),
        "fernbook", said(0.5, "the API is versioned through the Accept header, "
                              "application/vnd.fernbook+json; version=2", "vnd.fernbook+json; version=2"),
        Ask("make a breaking change to the invoice list response for the new portal", BILLING,
            project="ledgerline"),
        Ask("the mobile app needs another shape for the booking response without breaking old app versions",
            "app/controllers", project="fernbook"),
    )
    b.cross(
        "meshkit", said(0.45, "third-party code is vendored in extern/ as git subtrees",
                        "vendored in extern/ as git subtrees"),
        "cadence-ios", said(0.45, "dependencies come through Swift Package Manager only, no CocoaPods",
                            "Swift Package Manager only, no CocoaPods"),
        Ask("add a small JSON library so we can read the scan metadata", "include/meshkit", project="meshkit"),
        Ask("add a library for confetti on the finish screen", "App/Views", project="cadence-ios"),
    )
    b.cross(
        "tidewater-etl", said(0.55, "model docs are dbt docs, served at docs.tidewater.internal after each deploy",
                              "docs.tidewater.internal"),
        "infra-live", said(0.55, "architecture docs are diagrams-as-code in diagrams/, with the python diagrams "
                                 "package", "diagrams-as-code in diagrams/"),
        Ask("document the new rainfall model so the analysts can find it", "models/staging",
            project="tidewater-etl"),
        Ask("document how the new VPC peering fits in", "modules/network", project="infra-live"),
    )
    b.cross(
        "pocketgarden", said(0.6, "screens navigate with Navigation Compose and type-safe routes",
                             "Navigation Compose and type-safe routes"),
        "cadence-ios", concluded(0.6, "how does navigation work in the app?",
                                 "Navigation is a NavigationStack driven by a Router enum in App/Navigation.",
                                 "Router enum in App/Navigation"),
        Ask("add a plant details screen that opens from the list", GARDEN, project="pocketgarden"),
        Ask("open the workout summary when a session ends", "App/Views", project="cadence-ios"),
    )
