"""The eleventh held-out split, the cases that span sessions or projects: causes and effects (an
experiment, a flag or a schedule change, and sessions later its effect as pasted dashboard numbers,
a forwarded email or an app-store review, with the assistant's diagnosis), global preferences (said
in Finnish, Czech, Romanian and Hungarian, and in English as "standing instruction, all my repos" and
"wherever we work together"; three of them probed in that language too) and cross-project negatives
(two projects answering the same question their own way); see :mod:`bench.coding.heldout11`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _causal(b)
    _causal_rest(b)
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.25, "set the till to log the waiter out after 60 seconds without a tap, the owners want it locked "
                   "fast", "log the waiter out after 60 seconds without a tap"),
        concluded(0.7, "```\nsupport inbox, last 7 days: 'order disappeared' x 23\n```\nwhat's that about?",
                  "An unsent order lives only in the open session, so the 60-second logout throws away whatever a "
                  "waiter had typed when a guest called them over; unsent orders are kept as drafts per waiter "
                  "now.", "logout throws away whatever a waiter had typed"),
        [said(0.5, "the orders missing from Friday's report were the offline till syncing late",
              "offline till syncing late")],
        Ask("waiters say half-typed orders vanish when they get pulled away to another table", "backend/orders",
            want="cause"),
        Ask("the owners want the till to lock after 30 seconds instead, go ahead", "backend", want="effect"),
    )
    b.causal(
        "routewise",
        said(0.15, "rolled out the tight-windows experiment to half the customers: delivery slots shrink from "
                   "2 hours to 30 minutes", "slots shrink from 2 hours to 30 minutes"),
        concluded(0.7, "```\nroutes/day   142 -> 171\nstops/route   38 -> 29\n```\nwhy?",
                  "With 30-minute slots far fewer stops fit into one van's day, so the planner opens more routes; "
                  "the experiment costs about 29 extra vans a day.", "far fewer stops fit into one van's day"),
        [said(0.5, "the longer routes in Cornwall are the new postcode areas, expected",
              "longer routes in Cornwall")],
        Ask("why did we suddenly need so many more vans this month?", "internal/dispatch", want="cause"),
        Ask("sales wants half-hour delivery slots for every customer from next week", "cmd/routewise",
            want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.2, "moved the manifest close job from 17:00 to 15:00 so the warehouse team can leave earlier",
             "manifest close job from 17:00 to 15:00"),
        concluded(0.7, "forwarded from support: 'Hi, orders we paid for at 4pm weren't collected until the next "
                       "day, three days in a row. What changed?'",
                  "Parcels booked after 15:00 miss that day's closed manifest, so the courier only collects them "
                  "the next day.", "miss that day's closed manifest"),
        [said(0.5, "the missed collections in Glasgow last week were the courier's strike",
              "missed collections in Glasgow")],
        Ask("merchants complain their afternoon orders ship a day late", "src/services", want="cause"),
        Ask("the warehouse wants the manifest to close at 14:00 from now on", "src/routes", want="effect"),
    )
    b.causal(
        "fernbook",
        said(0.2, "turned on the experiment that hides the hourly price until the second step of booking",
             "hides the hourly price until the second step"),
        concluded(0.75, "```\nbooking funnel   step1->step2 61%   step2->paid 74% -> 48%\n```\nwhat happened?",
                  "People see the price only at step two and drop out there; the fall to 48% starts the day the "
                  "experiment went on.", "see the price only at step two and drop out"),
        [said(0.5, "the dip in bookings over Easter is the holidays, same every year",
              "dip in bookings over Easter")],
        Ask("paid bookings fell by a third, people abandon at the summary step", "app/controllers", want="cause"),
        Ask("marketing wants the monthly desk price hidden until checkout as well", "app/models", want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "tidewater-etl",
        said(0.25, "set the vendor loader to skip rows with a null quality flag, they were noisy",
             "skip rows with a null quality flag"),
        concluded(0.7, "forwarded from the port authority: 'your tide heights for Dover have a gap every night "
                       "between 1 and 3'",
                  "The Dover gauge leaves the quality flag empty during its nightly self-check, so those readings "
                  "were skipped; null flags are kept and marked unverified now.",
                  "leaves the quality flag empty during its nightly self-check"),
        [said(0.5, "the spikes at Felixstowe are ship wakes, the vendor smooths them later",
              "spikes at Felixstowe are ship wakes")],
        Ask("the harbour master says our Dover readings have holes every night", "models/staging", want="cause"),
        Ask("can I drop rows with an empty quality flag from the wind feed too?", "scripts", want="effect"),
    )
    b.causal(
        "cadence-ios",
        said(0.2, "set the run tracker's GPS to kCLLocationAccuracyHundredMeters, it saves a lot of battery",
             "kCLLocationAccuracyHundredMeters"),
        concluded(0.7, "App Store review, 2 stars: 'trail runs come out 15% short and the map cuts every corner'",
                  "With 100 m accuracy the tracker gets few, coarse fixes, so winding trails are drawn as straight "
                  "chords and the distance comes out short; runs use best accuracy again.",
                  "winding trails are drawn as straight chords"),
        [said(0.5, "the distance differing from the treadmill's display is the treadmill's own calibration",
              "treadmill's own calibration")],
        Ask("trail runners say their distance is way shorter than their watch shows", "App", want="cause"),
        Ask("battery drain complaints again, can we lower the location accuracy for runs?", "App/Views",
            want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.25, "link previews are fetched before the message is broadcast now, so everyone sees the card at "
                   "once", "link previews are fetched before the message is broadcast"),
        concluded(0.7, "```\np95 message fan-out   90 ms -> 2.4 s   (messages with a URL only)\n```\nwhy?",
                  "The broadcast waits for the preview fetch, and slow sites hold the message for seconds; the "
                  "message goes out first and the card follows as an update now.",
                  "broadcast waits for the preview fetch"),
        [said(0.5, "slow sends in the Sydney region are the cross-ocean hop to the database",
              "cross-ocean hop to the database")],
        Ask("messages with a link in them show up seconds after the others", "lib/beacon", want="cause"),
        Ask("can we also unfurl the GitHub issue title before we send the message out?",
            "lib/beacon_web/channels", want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "meshkit",
        said(0.4, "tämä koskee kaikkia projektejani: kun ehdotat useampaa vaihtoehtoa, suosittele yhtä ja kerro "
                  "miksi. no niin, nyt testit", "suosittele yhtä ja kerro miksi"),
        [there("parcelhub", said(0.4, "in parcelhub just list the options neutrally, the team decides in the "
                                      "weekly call", "list the options neutrally"))],
        Ask("should the planner's distance cache be Redis or an in-process LRU? what are the options",
            "internal/geo", project="routewise"),
        Ask("how could we push bookings into members' Google calendars? a few ways please", "app/models",
            project="fernbook"),
        Ask("mitä vaihtoehtoja meillä on varastosaldojen synkronointiin ERP:n kanssa?", "app",
            project="stockroom"),
    )
    b.global_pref(
        "tillpoint",
        said(0.45, "platí pro všechny moje projekty: ke každému regulárnímu výrazu napiš komentář s příkladem "
                   "řetězce, který chytá. dobře, teď black", "komentář s příkladem řetězce"),
        [there("ledgerline", said(0.45, "in ledgerline the regexes are explained in the ValidationPatterns "
                                        "javadoc, no inline comments", "explained in the ValidationPatterns"))],
        Ask("write a regex that pulls the request id out of lines like 'req=ab12-77f0 GET /v1/items'", "src",
            project="logslice"),
        Ask("match the tracking numbers that look like two letters, nine digits, then GB", "src/routes",
            project="parcelhub"),
        Ask("napiš regex, který z názvu tréninku vytáhne vzdálenost, třeba '10k tempo' nebo '21.1 km long'",
            "App", project="cadence-ios"),
    )
    b.global_pref(
        "stockroom",
        said(0.4, "pentru toate proiectele mele: când îmi dai un fragment de cod, spune-mi mai întâi în ce fișier "
                  "merge. bine, acum pytest", "spune-mi mai întâi în ce fișier"),
        [there("pocketgarden", said(0.4, "in pocketgarden paste the code without file names, Android Studio "
                                    "finds the class for me", "Android Studio finds the class for me"))],
        Ask("give me the snippet that greys out a ticket row once it is snoozed", "src/components",
            project="brightdesk"),
        Ask("arată-mi codul pentru un test dbt care verifică că nivelul apei nu e negativ", "models/staging",
            project="tidewater-etl"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "cadence-ios",
        said(0.45, "minden projektemre érvényes: ha egy könyvtár API-ját használod, add meg a dokumentációs oldal "
                   "linkjét is. oké, most swiftlint", "add meg a dokumentációs oldal linkjét"),
        [there("infra-live", said(0.45, "in infra-live don't paste provider doc links, I have the registry docs "
                                        "open anyway", "don't paste provider doc links"))],
        Ask("schedule the payment run with Spring's @Scheduled and a cron from the config", BILLING,
            project="ledgerline"),
        Ask("use WorkManager's periodic work for the weekly fertiliser reminder", GARDEN, project="pocketgarden"),
    )
    b.global_pref(
        "brightdesk",
        said(0.5, "standing instruction, all my repos: after you change code, tell me the exact command to check "
                  "it myself. ok, the type errors", "the exact command to check it myself"),
        [there("meshkit", said(0.5, "in meshkit you needn't tell me how to check, ctest runs on every save",
                               "ctest runs on every save"))],
        Ask("fix the off-by-one in the stop numbering on the driver's manifest", "internal/dispatch",
            project="routewise"),
        Ask("make the late-fee rounding half-up instead of half-even", BILLING_TESTS, project="ledgerline"),
    )
    b.global_pref(
        "infra-live",
        said(0.45, "wherever we work together, not just here: a number with a unit carries the unit in its name, "
                   "timeout_ms, size_bytes, never a bare timeout. now tflint", "timeout_ms, size_bytes, never a bare"),
        [there("tidewater-etl", said(0.45, "in tidewater column names never carry units, the units live in the "
                                           "column docs", "units live in the column docs"))],
        Ask("add a setting for how long we wait on a carrier's API before giving up", "src/services",
            project="parcelhub"),
        Ask("add a config value for the largest upload we accept in a room", "lib/beacon", project="beacon-chat"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.4, "staging gets last night's prod dump every Monday, anonymised by the scrub_pii "
                               "command before anyone can log in", "anonymised by the scrub_pii command"),
        "stockroom", said(0.4, "staging here only ever holds the seed fixtures from tests/seed, never a copy of "
                               "production", "only ever holds the seed fixtures from tests/seed"),
        Ask("I need realistic orders on staging to test the new end-of-day report, how do I get them?",
            "backend/reports", project="tillpoint"),
        Ask("I need realistic stock levels on staging to try the replenishment screen, where do they come from?",
            "app", project="stockroom"),
    )
    b.cross(
        "routewise", said(0.45, "the version string is stamped at build time with -ldflags -X main.version from "
                                "git describe", "-X main.version from git describe"),
        "logslice", said(0.45, "slice --version prints CARGO_PKG_VERSION plus the short git sha that build.rs "
                               "embeds", "short git sha that build.rs embeds"),
        Ask("routewise --version says 'dev' on the server, how is the version supposed to get in?",
            "cmd/routewise", project="routewise"),
        Ask("a bug report says 'slice 0.9.1' but I need the exact commit, how do we embed that?", "src",
            project="logslice"),
    )
    b.cross(
        "brightdesk", said(0.4, "new features are announced in the in-app What's new popover, fed from "
                                "public/whats-new.json", "fed from public/whats-new.json"),
        "fernbook", said(0.4, "changes are announced only in the monthly member newsletter, nothing inside the "
                              "app itself", "only in the monthly member newsletter"),
        Ask("we shipped ticket merging, how do agents find out about it?", "src/components", project="brightdesk"),
        Ask("we shipped recurring bookings, how do members hear about it?", "app/controllers", project="fernbook"),
    )
    b.cross(
        "parcelhub", said(0.45, "the API reference is built from openapi/parcelhub.yaml by Redocly and published "
                                "on docs.parcelhub.example", "built from openapi/parcelhub.yaml by Redocly"),
        "ledgerline", said(0.45, "partners get the API docs only as a PDF handbook from their partner manager, "
                                 "nothing about the API is public", "only as a PDF handbook from their partner"),
        Ask("I added the cancel-shipment endpoint, how do merchants get to read about it?", "src/routes",
            project="parcelhub"),
        Ask("I added the refund-status endpoint, how do partners get to read about it?", BILLING,
            project="ledgerline"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "beacon-chat", said(0.4, "in-app help opens a direct message with the @beacon-help bot account, staffed "
                                 "by support", "direct message with the @beacon-help bot"),
        "cadence-ios", said(0.4, "Settings > Contact opens a mail to help@cadence.fit with the diagnostics file "
                                 "attached", "mail to help@cadence.fit"),
        Ask("where does the 'Get help' button in the sidebar send people?", "lib/beacon", project="beacon-chat"),
        Ask("where does the 'Get help' row in settings send people?", "App/Views", project="cadence-ios"),
    )
    b.cross(
        "meshkit", said(0.45, "-Werror is on only in CI, local builds just warn so you can iterate",
                        "-Werror is on only in CI"),
        "pocketgarden", said(0.45, "allWarningsAsErrors is on in every build here, local included",
                             "allWarningsAsErrors is on in every build"),
        Ask("my local build stops on an unused-variable warning, is that how it should be?", "tests",
            project="meshkit"),
        Ask("my local build stops on a deprecation warning, is that how it should be?", GARDEN,
            project="pocketgarden"),
    )
    b.cross(
        "tidewater-etl", said(0.4, "the BigQuery project has a custom quota of 2 TB scanned per user per day, "
                                   "that's our cost guard", "2 TB scanned per user per day"),
        "infra-live", said(0.4, "AWS Budgets alerts at 80% of the monthly budget into #infra-costs, that's the "
                                "cost guard", "alerts at 80% of the monthly budget"),
        Ask("what stops a runaway query from blowing up our cloud bill?", "dags", project="tidewater-etl"),
        Ask("what stops a forgotten GPU instance from blowing up our cloud bill?", "envs/prod",
            project="infra-live"),
    )
