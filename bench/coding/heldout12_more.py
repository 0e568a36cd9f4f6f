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
                  "Letter after the OS update. set it back to the 4-by-6 inch label in the provisioning script",
             "CUPS profile defaulted to Letter"),
        [said(0.7, "the blurry barcodes at the Leeds dock were a dirty print head", "dirty print head")],
        Ask("warehouse says shipping labels print with the bottom third missing since the weekend", "src/services"),
        Ask("PH-340 labels chopped off again on a new printer, what's going on?", "src/routes"),
    )
    b.bugfix(
        "fernbook",
        said(0.45, "postmortem draft, tidy the wording:\n```\n08:10 deploy of the avatar crop feature\n08:25 "
                   "members report broken profile pictures everywhere\n08:50 root cause: Active Storage variants "
                   "switched to the vips processor but libvips is not in the production image\n09:05 fix: "
                   "libvips added to the Dockerfile's apt line\n```", "libvips is not in the production image"),
        [said(0.75, "the slow avatar uploads from the office were the guest wifi's upload cap",
              "guest wifi's upload cap")],
        Ask("members' profile photos show as broken images since this morning's deploy", "app/models"),
        Ask("```\nLoadError: Could not open library 'vips.so.42'\n```\nwhat's going on?", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.4, "```\niex> msg = \"great job 🎉🎉\"; binary_part(msg, 0, 12) |> String.valid?()\nfalse\n```\n"
                  "so that's why the notification previews show a � at the end: the preview was cut to bytes with "
                  "binary_part, mid-character. it uses String.slice on graphemes now",
             "cut to bytes with binary_part, mid-character"),
        [said(0.7, "the blank previews on iOS were the notification service extension crashing",
              "notification service extension crashing")],
        Ask("push previews end in a question-mark diamond when the message has emoji in it", "lib/beacon"),
        Ask("Jason.EncodeError invalid byte in the preview field, what's going on?", "test"),
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
        said(0.4, "postmortem timeline for the staging outage:\n```\n02:10 staging API 500s, DB read-only\n02:30 "
                  "root cause: max_allocated_storage equalled allocated_storage, so storage autoscaling could "
                  "never grow the disk\n02:45 fix: max_allocated_storage set to 4x the allocation\n```",
             "max_allocated_storage equalled allocated_storage"),
        [said(0.75, "the staging slowness in March was a missing index, not the instance",
              "missing index, not the instance")],
        Ask("the reporting database filled its disk overnight even though we thought it grows by itself",
            "envs/prod"),
        Ask("write the module for a new Postgres instance for the search service", "modules/network"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.45, "```\n$ adb logcat | grep -i compose\nD/Recompose: PlantList items=212 recomposed=212\n```\n"
                   "so that's why the list jumps to the top after watering one plant: LazyColumn items had no "
                   "stable key, every item recomposed. items(plants, key = { it.id }) now",
             "LazyColumn items had no stable key"),
        [said(0.7, "the stutter on old phones was the full-size photos, thumbnails fixed it",
              "full-size photos, thumbnails fixed it")],
        Ask("users say the plant list scrolls back to the top whenever they tick one off", GARDEN),
        Ask("the journal list loses its scroll position after an edit, same kind of thing?",
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
        said(0.4, "```\n[11:14] mira: which account do I sign into on the simulator for the sync tests?\n[11:15] "
                  "sam: runner@cadence.test, the password is the 1Password item cadence-sim-login\n```\nnoting "
                  "that here. ok, swiftlint", "1Password item cadence-sim-login"),
        [said(0.7, "real devices use your own Apple ID, never the shared one", "never the shared one")],
        Ask("the sync UI test needs a logged-in user on the simulator, what credentials?", "AppTests"),
        Ask("which login do I use to try the cloud backup in the simulator?", "App"),
    )
    b.fact(
        "logslice",
        said(0.45, "```\n[16:40] ola: where do the nightly throughput numbers come from?\n[16:41] maintainer: the "
                   "box bench-02.logslice.dev, ssh in as ci, results land in ~/runs\n```\nright, now the changelog",
             "bench-02.logslice.dev"),
        [said(0.75, "the README's numbers were measured on a laptop, roughly", "measured on a laptop")],
        Ask("compare the new SIMD splitter against main on the proper benchmark machine", "crates/slice-core"),
        Ask("where do I run the throughput comparison so the numbers are comparable?", "src"),
    )
    b.fact(
        "brightdesk",
        said(0.4, "```yaml\n    environment:\n      VITE_DESK_HELP_CENTER_ORIGIN: https://help.desk.example  # public "
                  "knowledge base the reply editor links to\n```\nok. the tests", "VITE_DESK_HELP_CENTER_ORIGIN"),
        [said(0.7, "the API base URL comes from VITE_API_BASE", "VITE_API_BASE")],
        Ask("the 'insert article link' button in the reply editor points at nothing on staging", "src/components"),
        Ask("which env var tells the frontend where the help articles live?", "src/api"),
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
        said(0.25, "photo uploads now wait for an unmetered network in the background job's constraints",
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
        [there("logslice", said(0.45, "logslice's scripts are plain Bourne shell for the BSDs, so set -eu there",
                                "plain Bourne shell for the BSDs"))],
        Ask("write a bash script that dumps the staging database and uploads it", "scripts",
            project="tidewater-etl"),
        Ask("napiši skriptu koja pokreće sve testove i skuplja pokrivenost", "tests", project="meshkit"),
        Ask("a small script to rotate the local dev certificates", "lib/beacon", project="beacon-chat"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "routewise", said(0.4, "on SIGTERM the server drains in-flight plans for 25 seconds before it exits",
                          "drains in-flight plans for 25 seconds"),
        "stockroom", said(0.4, "uvicorn runs with --timeout-graceful-shutdown 8, the pickers' requests are short",
                          "--timeout-graceful-shutdown 8"),
        Ask("how long does a pod get to finish its work when Kubernetes stops it?", "cmd/routewise",
            project="routewise"),
        Ask("set terminationGracePeriodSeconds for the new deployment, what does the app need?", "app",
            project="stockroom"),
    )
    b.cross(
        "parcelhub", said(0.45, "every outbound call identifies itself as User-Agent parcelhub-bot/<version>",
                          "parcelhub-bot/<version>"),
        "ledgerline", said(0.45, "outbound calls send User-Agent LedgerLine-Billing plus the build number",
                           "LedgerLine-Billing plus the build number"),
        Ask("Evri asks what our requests identify themselves as, so they can allow-list us", "src/services",
            project="parcelhub"),
        Ask("the tax API wants to know our client identifier header, what do we send?", BILLING,
            project="ledgerline"),
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
        "tidewater-etl", said(0.45, "a failed DAG run posts in #tw-alarms and emails the table's data owner",
                              "posts in #tw-alarms and emails the table's data owner"),
        "infra-live", said(0.45, "a failed apply in CI messages #plat-apply-fails and leaves the workspace locked",
                           "messages #plat-apply-fails and leaves the workspace locked"),
        Ask("the nightly load failed at 3am, who gets told?", "dags", project="tidewater-etl"),
        Ask("who finds out when a terraform apply breaks halfway in the pipeline?", "envs/prod",
            project="infra-live"),
    )
    b.cross(
        "logslice", said(0.4, "release tags look like slice-v0.18.2, one per crate", "tags look like slice-v0.18.2"),
        "meshkit", said(0.4, "we tag calendar versions like 2026.04.1", "tag calendar versions like"),
        Ask("tag the release I just merged", "src", project="logslice"),
        Ask("what should the tag for this month's release be called?", "include/meshkit", project="meshkit"),
    )
    b.cross(
        "brightdesk", said(0.45, "every user-facing string change gets a thumbs-up in #copy-review before merge",
                           "thumbs-up in #copy-review"),
        "pocketgarden", said(0.45, "wording changes in the app only need Wren's approval on the Figma frame",
                             "Wren's approval on the Figma frame"),
        Ask("reword the empty-inbox message to sound friendlier and open the PR", "src/components",
            project="brightdesk"),
        Ask("change the 'No plants yet' text to something warmer, who needs to okay it?", GARDEN,
            project="pocketgarden"),
    )
