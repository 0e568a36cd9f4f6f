"""The twelfth held-out split, continued: bugfixes (a pasted shell session ending "so that's why", a
pasted postmortem timeline, a stack trace with "found it"), facts (under a pasted docker-compose or
Makefile excerpt with a one-line comment, or in a pasted Slack thread), causes and effects (a
config change, and sessions later the symptom as a user report in plain words with the assistant's
diagnosis), global preferences (said in Norwegian, Slovak, Indonesian and Croatian) and
cross-project negatives; see :mod:`bench.coding.heldout12`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _bugfixes(b)
    _facts(b)
    _causal(b)
    _globals(b)
    _cross(b)


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "parcelhub",
        said(0.4, "```\n$ lpoptions -p zebra-dock3 -l | grep PageSize\nPageSize/Media Size: *Letter w288h432\n"
                  "```\nso that's why the labels come out cropped: the dock printer's CUPS profile defaulted to "
                  "Letter after the OS update. set it back to 4x6 in the provisioning script",
             "CUPS profile defaulted to Letter"),
        [said(0.7, "the blurry barcodes at the Leeds dock were a dirty print head", "dirty print head")],
        Ask("warehouse says shipping labels print with the bottom third missing since the weekend", "src/services"),
        Ask("PH-340 labels chopped off again on a new printer, what's going on?", "src/routes"),
    )
    b.bugfix(
        "fernbook",
        said(0.45, "postmortem draft, tidy the wording:\n```\n07:00 waitlist emails go out\n07:03 members "
                   "report getting each email twice\n07:40 root cause: the clock process ran on both web dynos "
                   "after the scale-up, so every scheduled job fired twice\n07:55 fix: clock moved to its own "
                   "dyno type, web never runs it\n```", "clock process ran on both web dynos"),
        [said(0.75, "the duplicate invoices in May were a double click on the pay button",
              "double click on the pay button")],
        Ask("members say they got the monthly digest two times this morning", "app/models"),
        Ask("every cron job seems to run twice since we went to two web dynos, why?", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.4, "```\niex(beacon@10.0.3.7)> Beacon.Presence.list(\"room:lobby\") |> map_size()\n412\n```\n"
                  "so that's why the member list balloons after a deploy: the old node's pids are never "
                  "untracked, its shutdown skips Presence.untrack. added it to terminate/2",
             "its shutdown skips Presence.untrack"),
        [said(0.7, "the empty member list on Safari was the websocket falling back to longpoll",
              "falling back to longpoll")],
        Ask("the room sidebar shows 400 people online in a team of 30, right after we deployed", "lib/beacon"),
        Ask("ghost users in the online list until the next restart, what's going on?", "test"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.45, "```\nprogram received signal SIGSEGV (stack overflow)\n#0 KdTree::build(...) kdtree.cpp:88\n"
                        "#1 KdTree::build(...) kdtree.cpp:97\n#2 KdTree::build(...) kdtree.cpp:97\n...\n```\n"
                        "this only happens on the scanner exports",
                  "Found it: with many identical points the split compared with strict less-than, so one side "
                  "never shrinks and build() recurses forever; the split now puts equal points on alternating "
                  "sides.", "split compared with strict less-than"),
        [said(0.75, "the crash loading .ply files from Blender was the big-endian header",
              "big-endian header")],
        Ask("stack overflow in the spatial index when a scan has lots of duplicate vertices", "src"),
        Ask("```\n#0 KdTree::build kdtree.cpp:97\n#1 KdTree::build kdtree.cpp:97\n```\nwhat's going on?", "tests"),
    )
    b.bugfix(
        "infra-live",
        said(0.4, "postmortem timeline for the S3 bill:\n```\nday 1  bill alert at 3x normal\nday 2  root cause: "
                  "VPC flow logs bucket had no lifecycle rule, two years of logs in Standard\nday 2  fix: "
                  "expire after 90 days, Glacier after 30\n```", "flow logs bucket had no lifecycle rule"),
        [said(0.75, "the spike in data transfer was the backup job crossing regions",
              "backup job crossing regions")],
        Ask("finance asks why the storage line on the AWS bill keeps growing every month", "envs/prod"),
        Ask("add a new bucket for the ALB access logs", "modules/network"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.45, "```\n$ adb shell dumpsys deviceidle | grep mState\n  mState=IDLE\n$ adb shell dumpsys alarm | "
                   "grep garden\n  (nothing)\n```\nso that's why reminders are late overnight: we use setExact "
                   "without allow-while-idle and Doze swallows the watering alarms. switched to "
                   "setExactAndAllowWhileIdle", "Doze swallows the watering alarms"),
        [said(0.7, "the missing reminders on Xiaomi phones were the vendor's autostart setting",
              "vendor's autostart setting")],
        Ask("users say the 7am watering reminder shows up at 9 when the phone sat on the nightstand", GARDEN),
        Ask("reminder test: what alarm API should the scheduler use so it fires in idle?",
            "app/src/test/java/com/acme/garden"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "stockroom",
        said(0.4, "```yaml\n  redis-stocklock:\n    image: redis:7\n    ports: [\"6391:6379\"]  # stock reservations "
                  "lock here, not in the cache redis\n```\nthat's the one. now the alembic head",
             "redis-stocklock"),
        [said(0.7, "the response cache is the plain redis service on the default port",
              "plain redis service on the default port")],
        Ask("reserve stock for an order so two pickers can't grab the same units, which Redis do I lock in?", "app"),
        Ask("integration test for concurrent reservations: what host does the lock client need?", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.45, "```make\nstations:\n\taws s3 cp s3://tw-ref/stations.parquet data/  # the one true station "
                   "list\n```\nok, the dag next", "s3://tw-ref/stations.parquet"),
        [said(0.75, "the old CSV of stations in the repo is from 2021 and wrong", "CSV of stations in the repo")],
        Ask("a new gauge at Port Ellen, where's the master list of stations I add it to?", "scripts"),
        Ask("the dag needs the station metadata, where does it come from?", "dags"),
    )
    b.fact(
        "cadence-ios",
        said(0.4, "```\n[11:14] mira: how do I get a build to the internal testers?\n[11:15] sam: bundle exec "
                  "fastlane ship_canary, it bumps the build and uploads\n```\nnoting that here. ok, swiftlint",
             "fastlane ship_canary"),
        [said(0.7, "App Store releases are still done by hand by Sam", "done by hand by Sam")],
        Ask("push this branch to the internal testers", "App"),
        Ask("what's the command for a beta build again?", "AppTests"),
    )
    b.fact(
        "logslice",
        said(0.45, "```\n[16:40] ola: where's the crates.io token for publishing?\n[16:41] maintainer: in the "
                   "team vault, item oss-crates-publish\n```\nright, now the changelog", "oss-crates-publish"),
        [said(0.75, "the docs.rs build needs no token, it triggers itself", "docs.rs build needs no token")],
        Ask("cut 0.19.0 and publish slice-core, I need the credentials", "crates/slice-core"),
        Ask("cargo publish says 'no token found', where do we keep it?", "src"),
    )
    b.fact(
        "brightdesk",
        said(0.4, "```yaml\n    environment:\n      VITE_DESK_REALTIME_ORIGIN: wss://rt.desk.internal:7443  # the "
                  "live-updates gateway\n```\nok. the tests", "VITE_DESK_REALTIME_ORIGIN"),
        [said(0.7, "the API base URL comes from VITE_API_BASE", "VITE_API_BASE")],
        Ask("the ticket list should update live when a colleague replies, connect to the push gateway",
            "src/api"),
        Ask("new agents' browsers never get live updates in the staging build, what env var is missing?",
            "src/components"),
    )
    b.fact(
        "routewise",
        said(0.45, "```make\nseed-depots:\n\tgo run ./cmd/seeddepots --from s3://rw-ref/depots.csv  # depot "
                   "addresses and opening hours\n```\nthat's it. golangci next", "s3://rw-ref/depots.csv"),
        [said(0.75, "the vehicle list is maintained in the fleet admin UI", "fleet admin UI")],
        Ask("the Doncaster depot moved, where do I change its address?", "internal/geo"),
        Ask("RW-611 depot opening hours wrong in the planner, fix the source", "cmd/routewise"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.2, "set print_heat=1 in printer.ini on all tills, the rolls were running out too fast",
             "print_heat=1 in printer.ini"),
        concluded(0.7, "customers are bringing back receipts from last week that are nearly white, they can't "
                       "claim expenses",
                  "With the heat at level 1 the thermal paper is barely darkened, so the print fades within days; "
                  "level 3 lasts.", "barely darkened, so the print fades within days"),
        [said(0.5, "the smudged receipts at the airport shop were a cheap paper batch", "cheap paper batch")],
        Ask("a guest says her receipt went blank in her wallet, what's up?", "backend/reports", want="cause"),
        Ask("let's lower the printer heat further to save more paper", "backend", want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.2, "raised the carrier price cache in quoteCache.js to 24 hours, the API bill was silly",
             "carrier price cache in quoteCache.js to 24 hours"),
        concluded(0.75, "merchant email: 'your checkout charged my customer £6.10 but the invoice from you says "
                        "£6.85'",
                  "The day-old cached price missed Monday's fuel surcharge, so checkout charged yesterday's rate "
                  "while billing used today's.", "missed Monday's fuel surcharge"),
        [],
        Ask("merchants see a different shipping price at checkout than on their invoice", "src/routes",
            want="cause"),
        Ask("can we cache the carrier prices even longer, say a week?", "src/services", want="effect"),
    )
    b.causal(
        "ledgerline",
        said(0.2, "turned on strict 3-D Secure for every card charge in PaymentConfig, the bank asked",
             "strict 3-D Secure for every card charge"),
        concluded(0.7, "the overnight renewals dashboard shows 31% failed last night, usually it's 2%",
                  "Renewals run at night with nobody at the card, and strict 3-D Secure wants the cardholder to "
                  "confirm, so off-session renewals fail.", "strict 3-D Secure wants the cardholder"),
        [said(0.5, "the failed charges on the 1st were the provider's outage", "provider's outage")],
        Ask("lots of subscriptions lapsed overnight, customers say their card is fine", BILLING, want="cause"),
        Ask("the bank wants strong customer authentication on annual renewals too", BILLING_TESTS, want="effect"),
    )
    b.causal(
        "stockroom",
        said(0.25, "set STOCK_ROUNDING=whole_units in the settings, fractional stock confused the buyers",
             "STOCK_ROUNDING=whole_units"),
        concluded(0.75, "the deli says the last 0.4 kg of every cheese wheel vanishes from the system",
                  "Rounded to whole units, each leftover under half a kilo becomes zero, so the remnants of loose "
                  "goods vanish from stock.", "remnants of loose goods vanish from stock"),
        [],
        Ask("the butcher counter says small leftover weights disappear from inventory", "app/routers",
            want="cause"),
        Ask("apply the same whole-unit rounding to the bulk spices", "app", want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.2, "switched Android pushes to priority normal in push.ex to save the users' battery",
             "Android pushes to priority normal"),
        concluded(0.7, "people on Android say messages arrive ten minutes late when the phone is locked",
                  "Normal-priority pushes are held back while the phone dozes, so locked Android phones get "
                  "messages minutes late.", "Normal-priority pushes are held back"),
        [said(0.5, "iOS users missing sounds had focus mode on", "focus mode on")],
        Ask("why are chat notifications so slow on a locked Pixel?", "lib/beacon", want="cause"),
        Ask("lower the priority of pushes on iOS too to save battery", "lib/beacon_web/channels", want="effect"),
    )
    b.causal(
        "pocketgarden",
        said(0.25, "photo uploads now wait for an unmetered network in the WorkManager constraints",
             "wait for an unmetered network"),
        concluded(0.75, "a user says plant photos she took in the garden never show up on her tablet",
                  "Her photos are taken on mobile data and the upload only runs on Wi-Fi, so they sit queued on "
                  "the phone.", "upload only runs on Wi-Fi, so they sit queued"),
        [],
        Ask("photos taken on the phone never reach the other device", GARDEN, want="cause"),
        Ask("make the diary backup use the same network constraint as photos",
            "app/src/test/java/com/acme/garden", want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "logslice",
        said(0.4, "gjelder alle prosjektene mine: når du foreslår en ny avhengighet, si hvor stor den er og hvor "
                  "mange avhengigheter den drar inn. ok, nå testene", "si hvor stor den er"),
        [there("stockroom", said(0.4, "in stockroom don't bother with package sizes, the image is huge anyway",
                                 "don't bother with package sizes"))],
        Ask("pull in a library to parse iCalendar files for the desk bookings", "app/models", project="fernbook"),
        Ask("we need fuzzy matching of street names, is there a crate or package for that?", "internal/geo",
            project="routewise"),
        Ask("finn et bibliotek for å lese GPX-filer fra klokka", "App", project="cadence-ios"),
    )
    b.global_pref(
        "meshkit",
        said(0.45, "platí pre všetky moje projekty: keď ideš niečo mazať, najprv mi ukáž zoznam súborov. dobre, "
                   "teraz clang-tidy", "najprv mi ukáž zoznam súborov"),
        [there("tidewater-etl", said(0.45, "in tidewater just delete the old run artefacts, no need to ask",
                                     "delete the old run artefacts"))],
        Ask("clean out the unused icons from the drawable folders", GARDEN, project="pocketgarden"),
        Ask("remove the dead migrations that were squashed last year", "backend", project="tillpoint"),
        Ask("vymaž staré snapshot testy, ktoré už nič nekontrolujú", "src/components", project="brightdesk"),
    )
    b.global_pref(
        "cadence-ios",
        said(0.4, "untuk semua proyek saya: setiap fungsi baru yang publik harus punya contoh input dan output di "
                  "komentarnya. oke, sekarang build", "contoh input dan output di komentarnya"),
        [there("infra-live", said(0.4, "in infra-live the variable descriptions are enough, no examples",
                                  "variable descriptions are enough"))],
        Ask("write a helper that turns a parcel weight in grams into the carrier's weight band", "src/services",
            project="parcelhub"),
        Ask("add a public function that converts a ticket's age to 'x hours ago'", "src/api",
            project="brightdesk"),
        Ask("add a function that normalises a depot code like ' shf ' to 'SHF'", "internal/dispatch",
            project="routewise"),
    )
    b.global_pref(
        "infra-live",
        said(0.45, "vrijedi za sve moje projekte: svaka shell skripta počinje sa set -euo pipefail, bez "
                   "iznimke. dobro, sad tflint", "počinje sa set -euo pipefail"),
        [there("logslice", said(0.45, "logslice's scripts are POSIX sh for the BSDs, so plain set -eu there",
                                "POSIX sh for the BSDs"))],
        Ask("write a bash script that dumps the staging database and uploads it", "scripts",
            project="tidewater-etl"),
        Ask("napiši skriptu koja pokreće sve testove i skuplja pokrivenost", "tests", project="meshkit"),
        Ask("a small script to rotate the local dev certificates", "lib/beacon", project="beacon-chat"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "routewise", said(0.4, "our health endpoint is /healthz on the admin port", "/healthz on the admin port"),
        "stockroom", said(0.4, "the load balancer checks /ops/ping, it must not touch the database",
                          "/ops/ping, it must not touch the database"),
        Ask("the new Kubernetes probe needs a path, which one?", "cmd/routewise", project="routewise"),
        Ask("add a liveness check endpoint for the new deployment", "app/routers", project="stockroom"),
    )
    b.cross(
        "parcelhub", said(0.45, "API versions go in the X-Parcelhub-Version header, never the URL",
                          "X-Parcelhub-Version header"),
        "ledgerline", said(0.45, "our API version is in the path, /api/v7/ today", "in the path, /api/v7/"),
        Ask("add a breaking change to the bookings response; how do clients opt in?", "src/routes",
            project="parcelhub"),
        Ask("InvoiceController needs a v8 shape, how do I expose it?", BILLING, project="ledgerline"),
    )
    b.cross(
        "fernbook", said(0.4, "deleted members are hidden with discarded_at from the discard gem, rows stay",
                         "discarded_at from the discard gem"),
        "beacon-chat", said(0.4, "deleted messages are hard-deleted, a tombstone row keeps only the id",
                            "a tombstone row keeps only the id"),
        Ask("implement 'delete my account' for a member", "app/controllers", project="fernbook"),
        Ask("implement delete for a message someone regrets sending", "lib/beacon", project="beacon-chat"),
    )
    b.cross(
        "tidewater-etl", said(0.45, "Airflow connections come from Secrets Manager under tw/airflow/",
                              "Secrets Manager under tw/airflow/"),
        "infra-live", said(0.45, "secrets live in SOPS-encrypted files under secrets/, with the KMS key",
                           "SOPS-encrypted files under secrets/"),
        Ask("the new FTP source needs a password, where do I put it?", "dags", project="tidewater-etl"),
        Ask("where does the Grafana admin password for prod go?", "envs/prod", project="infra-live"),
    )
    b.cross(
        "logslice", said(0.4, "release tags look like slice-v0.18.2, one per crate", "tags look like slice-v0.18.2"),
        "meshkit", said(0.4, "we tag calendar versions like 2026.04.1", "tag calendar versions like"),
        Ask("tag the release I just merged", "src", project="logslice"),
        Ask("what should the tag for this month's release be called?", "include/meshkit", project="meshkit"),
    )
    b.cross(
        "brightdesk", said(0.45, "analytics events are snake_case object_action, like ticket_snoozed",
                           "snake_case object_action"),
        "pocketgarden", said(0.45, "analytics events are Title Case phrases, like 'Plant Watered'",
                             "Title Case phrases"),
        Ask("track when an agent pins an internal note, what do I call the event?", "src/components",
            project="brightdesk"),
        Ask("log an analytics event when a user adds a new pot", GARDEN, project="pocketgarden"),
    )
