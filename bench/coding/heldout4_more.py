"""The fourth held-out split, continued: bugfixes, facts, causes and effects, global preferences
and cross-project negatives (see :mod:`bench.coding.heldout4`; measured twice, at 8f189fc and 480735b,
training since)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _bugfixes_backend(b)
    _bugfixes_rest(b)
    _facts_backend(b)
    _facts_rest(b)
    _causal_backend(b)
    _causal_rest(b)
    _causal_devices(b)
    _globals(b)
    _cross(b)


def _bugfixes_backend(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        concluded(0.6, "refunds keep failing for old receipts, gateway log below\n"
                       "POST /v2/refunds 400 {\"error\":\"invalid_reference\",\"ref\":\"TX1-88213\"}",
                  "Receipts from before the terminal swap stored the transaction id with the old terminal's TX1- "
                  "prefix, which the new gateway rejects as a reference. The refund call now strips TX1- before "
                  "sending; newer receipts never had it.", "strips TX1-"),
        [said(0.3, "the 'not allowed' on big refunds is by design, anything over 500 needs a manager PIN. can you "
                   "make the message say that", "needs a manager PIN")],
        Ask("refund button says 'invalid reference' for a sale from last spring but works for today's sales",
            "backend/orders"),
    )
    b.bugfix(
        "routewise",
        said(0.45, "fyi the ETA hour jump was the tz database missing in the slim image, LoadLocation failed and "
                   "we silently used UTC. fixed w/ import _ \"time/tzdata\" in main. pls add a test that fails "
                   "without it", "time/tzdata"),
        [concluded(0.7, "why was the depot list empty after the deploy?",
                   "The depot list was empty because the config volume was not mounted in the new pod spec; "
                   "nothing was wrong with the code.", "config volume was not mounted")],
        Ask("arrival times in the driver app are exactly one hour off, two in summer, since the container change",
            "cmd/routewise"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.35, "checkout rejects some European addresses, can you find why",
                  "The postcode check assumed five digits everywhere, so Swiss, Austrian and Danish four-digit "
                  "postcodes failed. Postcode patterns are now per country, from src/data/postcode-rules.json.",
                  "postcode-rules.json"),
        [said(0.65, "irish addresses w/o an Eircode are accepted on purpose, the carriers cope. can u add a test "
                    "for that", "w/o an Eircode")],
        Ask("order to 8004 Zürich fails validation at checkout with 'invalid postal code'", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        said(0.55, "pasting Tom's review comment, he found it:\n> the off-by-a-cent on instalments: you divide and "
                   "round each part. allocate instead, with the remainder going to the last instalment\n"
                   "done that way now. can you run the full test suite", "remainder going to the last instalment"),
        [concluded(0.3, "why does the VAT report differ by a cent from the bank?",
                   "The one-cent differences in the VAT report come from the bank's own rounding per line; audit "
                   "accepted them as they are.", "bank's own rounding per line")],
        Ask("a 100 euro invoice split into three payments adds up to 99.99", BILLING),
    )
    b.bugfix(
        "fernbook",
        concluded(0.4, "bookings#show is 500ing for some rooms, log attached",
                  "The confirmation page called room.photo.url on rooms that have no photo attached, which raised "
                  "on nil. It checks photo.attached? now and shows a placeholder image otherwise.",
                  "photo.attached?"),
        [said(0.75, "the 500 on room search was the page param arriving as a string, fixed w/ to_i. can you bump "
                    "pagy", "page param arriving as a string")],
        Ask("members get the error page right after booking one of the new phone booths, older rooms are fine",
            "app/controllers"),
    )
    b.bugfix(
        "stockroom",
        said(0.25, "the overnight count dying on big depots: 20 concurrent tasks on a pool of 5 connections. it's "
                   "capped w/ asyncio.Semaphore(5) now, same as the pool. ok now the flaky reservation test",
             "asyncio.Semaphore(5)"),
        [concluded(0.6, "why the 502s at 6am?",
                   "The 502s at six in the morning are the ERP sync restarting its workers; they stop within a "
                   "minute and are expected.", "ERP sync restarting its workers")],
        Ask("the overnight stock count never finishes for the Rotterdam depot, small depots are fine", "app"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.5, "muted rooms still notify people, why?",
                  "The mute check read the member cache, which is only refreshed on join, so a mute set after "
                  "joining was never seen. Notifications now check room_members.muted_until from the database.",
                  "muted_until"),
        [said(0.25, "double pushes were iOS and web both registered for the same user, we dedupe by user now. can "
                    "u fix the credo thing", "both registered for the same user")],
        Ask("I muted #random and my phone still buzzes for every message there", "lib/beacon"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        said(0.3, "the broken ndjson for the latin-1 logs: we used from_utf8_unchecked on the raw line. now it's "
                  "String::from_utf8_lossy, bad bytes become U+FFFD. next up the --since docs",
             "from_utf8_lossy"),
        [concluded(0.65, "why are the colours garbage on Windows 10?",
                   "The console was not in ANSI mode; enable_ansi_support is called at start now.",
                   "enable_ansi_support")],
        Ask("jq refuses our json output for the old mainframe logs, says the string is not valid", "src"),
    )
    b.bugfix(
        "brightdesk",
        said(0.7, "the double replies: ctrl+enter twice fired two mutations. the send button and the shortcut are "
                  "disabled while mutation.isPending now. anyway, bump vitest", "mutation.isPending"),
        [concluded(0.4, "why did agents get each notification twice?",
                   "The notification worker was registered twice, once from main.tsx and once from the PWA plugin; "
                   "only the plugin registers it now.", "registered twice, once from main.tsx")],
        Ask("a customer got the same answer three times from one agent within a second", "src/components"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.5, "some STL files explode on load, others are fine",
                  "Those are binary STL files whose 80-byte header starts with the word 'solid', so we took them "
                  "for ASCII. A file is now treated as binary whenever its size equals 84 + 50 * triangle count.",
                  "84 + 50 * triangle count"),
        [said(0.2, "ply loading was slow b/c the reader did a getline per element, it reads blocks now. can u "
                   "update the changelog", "getline per element")],
        Ask("loading some STL files exported from SolidWorks gives garbage triangles or a crash", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        said(0.5, "fyi dupes in fct_readings after the clocks went back: dedupe was on the local timestamp and "
                  "01:00-02:00 happens twice. dedupes on reading_at_utc now. then the airflow pin", "reading_at_utc"),
        [concluded(0.25, "why were station names null in the mart?",
                   "The join used the uppercase station code while the new stations come in lowercase; the join "
                   "lowercases both sides now.", "join used the uppercase station code")],
        Ask("we got two rows per gauge for one hour on the last Sunday of October", "models/staging"),
    )
    b.bugfix(
        "infra-live",
        concluded(0.45, "apply in the DR env fails with BucketAlreadyExists, we don't own that bucket",
                  "S3 bucket names are global across all accounts, and someone outside already had that name. "
                  "The module now suffixes the account id to every bucket name.", "suffixes the account id"),
        [said(0.7, "InvalidClientTokenId in CI was the OIDC thumbprint going stale, updated. can u plan prod",
              "OIDC thumbprint going stale")],
        Ask("standing up the logs module in the new region fails, aws says the bucket name is taken",
            "modules/network"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.6, "camera crash in beta: FileProvider authority mismatch, the manifest said "
                  "${applicationId}.provider and the code hardcoded com.acme.garden.provider, beta has a suffix. "
                  "code uses BuildConfig now. can u check lint", "FileProvider authority mismatch"),
        [concluded(0.3, "why are plant photos blurry in the detail view?",
                   "The detail view was showing the thumbnail instead of the full image; it loads the original "
                   "now.", "showing the thumbnail instead of the full")],
        Ask("app closes as soon as I press the shutter on the plant photo screen, only in the beta flavour", GARDEN),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.55, "ending a workout from the lock screen leaves the timer going, look at it",
                  "The intent behind the lock-screen button ended the workout but never invalidated the model's "
                  "timer. WorkoutSession.end() now cancels the timer and the sounds itself, whoever calls it.",
                  "WorkoutSession.end()"),
        [said(0.25, "the live activity saying 'stale' after 8 hours is the system limit, nothing to fix. can you "
                    "fix the snapshot", "is the system limit")],
        Ask("I stopped my workout from the lock screen but the phone kept counting and beeping in my pocket", "App"),
    )


def _facts_backend(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        concluded(0.5, "what's running here?\n\nNAME                 STATUS   PORTS\nweb                  Up 2h    "
                       "0.0.0.0:8000->8000/tcp\nprinter-emulator     Up 2h    0.0.0.0:9111->9100/tcp\n"
                       "drawer-sim           Up 2h    0.0.0.0:9112->9200/tcp",
                  "From that output: the web app is on 8000, and the receipt printer emulator the tills print to "
                  "locally is published on host port 9111 (it listens on 9100 inside the container).",
                  "host port 9111"),
        [said(0.3, "the cash drawer sim answers pings only, nothing opens it in tests. can u fix the flake8 stuff",
              "cash drawer sim answers pings only")],
        Ask("local receipts don't print, the till app says connection refused on the printer", "backend/orders"),
    )
    b.fact(
        "routewise",
        said(0.65, "```\n$ kubectl get cronjobs -n dispatch\nNAME             SCHEDULE    LAST SCHEDULE\n"
                   "nightly-replan   30 1 * * *  9h\nstale-sweeper    */10 * * *  4m\n```\nonly nightly-replan "
                   "matters, it recomputes tomorrow's routes. the other one's junk. anyway the logs", "nightly-replan"),
        [concluded(0.35, "who runs the geocode warm-up?",
                   "The geocode-warm job belongs to the data team and runs in their namespace, not ours.",
                   "geocode-warm job")],
        Ask("tomorrow's routes weren't recomputed overnight, where do I start looking?", "internal/dispatch"),
    )
    b.fact(
        "parcelhub",
        concluded(0.6, "which of these do I run before merging a carrier change?\n\n$ npm run\n  test\n  "
                       "test:e2e\n  test:contract\n  lint\n  gen:types",
                  "test:contract is the one: it runs the Pact tests against the carrier stubs, and it's what CI's "
                  "contract stage calls. test:e2e needs the whole stack running and is nightly only.",
                  "test:contract"),
        [said(0.2, "gen:types regenerates the carrier types from their OpenAPI files, run it when a carrier bumps "
                   "their spec", "regenerates the carrier types")],
        Ask("before I merge the DPD adapter change, run the checks that we still speak the carriers' API",
            "src/services"),
    )
    b.fact(
        "ledgerline",
        said(0.35, "three things: the bank's sandbox API is at sandbox.openbank.example/v2, fix the typo in the "
                   "README, and rename PaymentRunner to PaymentRunService", "sandbox.openbank.example"),
        [concluded(0.65, "how do we reach the production bank API?",
                   "Production calls go through the egress proxy egress.ledger.internal; the bank allow-lists "
                   "only its address.", "egress.ledger.internal")],
        Ask("write an integration test that submits a payment to the bank's test environment", BILLING_TESTS),
    )
    b.fact(
        "fernbook",
        concluded(0.45, "output of fly secrets list for both apps, which lock token is where?\n\n"
                        "fernbook-prod: LOCKGW_TOKEN  STRIPE_WH_SECRET  DATABASE_URL\n"
                        "fernbook-staging: STRIPE_WH_SECRET  DATABASE_URL",
                  "The door-lock gateway token LOCKGW_TOKEN is set on the production app only; staging has the "
                  "Stripe webhook secret and the database URL but no lock token.", "LOCKGW_TOKEN"),
        [said(0.75, "the stripe webhook secret is per app, rotate both when you rotate one. can u bump the stripe "
                    "gem", "per app, rotate both")],
        Ask("unlocking doors works in prod but staging gets a 401 from the lock service", "app/controllers"),
    )
    b.fact(
        "stockroom",
        said(0.55, "ok 2 things: the handheld firmware is managed by Kofi Mensah at the hardware vendor, he's the "
                   "one to email. and pls bump ruff", "Kofi Mensah",
             echo="From the earlier note: handheld firmware questions go to Kofi Mensah at the vendor."),
        [concluded(0.3, "who services the label printers?",
                   "The label printers are serviced by the printer vendor's partner; tickets go through their "
                   "portal, not email.", "tickets go through their portal")],
        Ask("the handhelds in aisle G send a weird prefix before every barcode since the update, who can roll "
            "that back?", "app"),
    )
    b.fact(
        "beacon-chat",
        said(0.4, "from the review:\n> load tests live in loadtest/, run k6 run loadtest/rooms.js against the "
                  "beacon-perf env, not staging\nnoted. can you fix the presence test", "loadtest/rooms.js"),
        [concluded(0.7, "what are the old soak tests?",
                   "The soak tests are a separate Tsung setup on the old box, run by hand before big releases.",
                   "separate Tsung setup")],
        Ask("I changed the fan-out, check it still holds 10k sockets before we ship", "lib/beacon"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.5, "from the review, so you know:\n> fuzz targets run nightly with -max_total_time=300 each, add "
                  "yours to fuzz/Cargo.toml and the workflow matrix\nok, now the archive flag",
             "-max_total_time=300"),
        [concluded(0.2, "does miri run in CI?",
                   "Miri runs weekly on the core crate only; the CLI crate is skipped because of its I/O.",
                   "Miri runs weekly")],
        Ask("I wrote a fuzz target for the new filter parser, how do we run these?", "crates/slice-core"),
    )
    b.fact(
        "brightdesk",
        said(0.3, "fyi staging FE is desk-stg.brightdesk.io, basic auth user qa, pw in 1pw. anyway the lint errors",
             "desk-stg.brightdesk.io"),
        [concluded(0.6, "where's the component catalogue?",
                   "The component catalogue is published to Chromatic on every push to main.", "published to Chromatic")],
        Ask("send QA a link where they can try the new macros UI", "src/components"),
    )
    b.fact(
        "meshkit",
        concluded(0.55, "ctest -N lists fewer tests than last month?\n\nTest #1: unit_heap\nTest #2: unit_quadric\n"
                        "Test #3: io_ply\nTotal Tests: 3",
                  "They are still there: the big-scan regression suite is labelled heavy and is excluded from the "
                  "default run; ctest -L heavy runs it.", "ctest -L heavy"),
        [said(0.3, "the cuda tests are labelled cuda and only run on the box with the card. can u fix the warning",
              "labelled cuda")],
        Ask("run the full regression set, big scans included, before I tag", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.7, "btw pipeline alerts go to #tw-data-alerts, not #data, nobody reads that. then the sensor dag",
             "#tw-data-alerts"),
        [concluded(0.4, "where do dbt test failures go?",
                   "dbt test failures are mailed to the analytics distribution list by the run wrapper.",
                   "analytics distribution list")],
        Ask("make the gauge DAG shout somewhere when it fails, and bump the amazon provider while you're there", "dags"),
    )
    b.fact(
        "infra-live",
        concluded(0.35, "aws organizations list-accounts | jq, which one holds the shared stuff?\n\n"
                        "acme-prod  acme-staging  acme-shared-svcs  acme-log-archive",
                  "acme-shared-svcs is the shared-services account: the ECR repositories for every environment "
                  "and the base images live there. acme-log-archive only receives logs.", "acme-shared-svcs"),
        [said(0.65, "the log archive account is write-only for us, reading needs a break-glass role. can u fmt",
              "break-glass role")],
        Ask("I need to push the new base image, which account are the container registries in?", "envs/prod"),
    )
    b.fact(
        "pocketgarden",
        said(0.4, "species data (light, water, toxicity) is maintained by Yuki Tanaka at the botanical garden "
                  "partner, we just import it. can u fix the plant card padding", "Yuki Tanaka"),
        [concluded(0.7, "who does the translations?",
                   "Translations are reviewed by Olga Petrenko for the Slavic languages and by the agency for the "
                   "rest.", "Olga Petrenko")],
        Ask("the app says basil wants full shade, that's wrong, who fixes that?", GARDEN),
    )
    b.fact(
        "cadence-ios",
        concluded(0.6, "xcodebuild -list, which scheme do the UI tests use?\n\nSchemes:\n    Cadence\n"
                       "    Cadence-Beta\n    Cadence-UITests\n    CadenceWidgets",
                  "The UI tests only exist in the Cadence-UITests scheme, and CI runs them on the iPhone 15 "
                  "simulator with iOS 17.5. CadenceWidgets has no tests.", "Cadence-UITests"),
        [said(0.3, "the widgets scheme has no test target, don't add one to CI. can u fix the build warning",
              "widgets scheme has no test target")],
        Ask("run the UI tests locally the way CI does", "AppTests"),
    )


def _causal_backend(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.25, "set SESSION_COOKIE_SAMESITE to Strict for the back office, pen test finding. can you check the "
                   "csrf settings too", "SESSION_COOKIE_SAMESITE"),
        said(0.75, "managers who click the daily report link in the email land on the login page every time, even "
                   "logged in. first the flake8 errors pls", "land on the login page every time"),
        [concluded(0.5, "why do the old iPads loop on login?",
                   "The login loop on the old iPads is their clock being hours off, so the session looked expired.",
                   "clock being hours off")],
        Ask("why do managers have to log in again whenever they open the report from the email?", "backend/reports",
            want="cause"),
        Ask("I want to tighten the back office cookies further, anything that bit us last time?", "backend",
            want="effect"),
    )
    b.causal(
        "routewise",
        said(0.3, "geo index is an R-tree now, rebuilt every 15 min in the background, lookups are 40x faster",
             "rebuilt every 15 min"),
        concluded(0.7, "dispatch says new customers are missing from the stop search",
                  "A stop added by the dispatcher is invisible in map search until the next rebuild, up to a "
                  "quarter of an hour later.", "invisible in map search"),
        [said(0.5, "map search missing house numbers with letters like 12a is the tokenizer, known", "like 12a")],
        Ask("dispatcher adds a customer and the stop search can't find it, but ten minutes later it can",
            "internal/geo", want="cause"),
    )
    b.causal(
        "parcelhub",
        said(0.3, "public tracking API is rate limited to 60/min per IP now, scrapers were hammering it",
             "60/min per IP"),
        concluded(0.8, "Shopsy's sync is failing every night, why?",
                  "Shopsy's whole tracking sync comes from one NAT address, so it gets 429s all night once it "
                  "passes the limit.", "429s all night"),
        [said(0.55, "the 429s from DHL are their quota of 250 calls a minute, nothing on our side", "quota of 250")],
        Ask("the marketplace's integration team says our tracking endpoint keeps telling them to slow down",
            "src/routes", want="cause"),
        Ask("we want the same per-IP limit on the quote endpoint, who could that hurt?", "src/routes",
            want="effect"),
    )
    b.causal(
        "ledgerline",
        said(0.2, "added @Version optimistic locking on Invoice, two clerks were overwriting each other",
             "@Version optimistic locking"),
        concluded(0.6, "why did the dunning run crash this afternoon?",
                  "It failed with ObjectOptimisticLockingFailureException: a clerk saved an invoice while the run "
                  "held an older copy of it.", "ObjectOptimisticLockingFailureException"),
        [said(0.4, "the 3am PDF job failures were the disk filling with temp files, cleaned up",
              "disk filling with temp files")],
        Ask("dunning run died at 14:20, right when Maria was fixing an address on an overdue invoice", BILLING,
            want="cause"),
    )
    b.causal(
        "fernbook",
        said(0.35, "room photos use active storage direct uploads now, the bucket's CORS allowed origin is only the "
                   "production domain", "allowed origin is only the production domain"),
        said(0.7, "room photo uploads on staging spin forever, prod is fine. look at the mailer preview first",
             "spin forever"),
        [concluded(0.5, "why did big photos fail?",
                   "Big photos failed on the 5 MB limit in nginx; it's 20 MB now.", "5 MB limit in nginx")],
        Ask("QA can't attach a picture to a room on staging, the progress bar never moves", "app/controllers",
            want="cause"),
    )
    b.causal(
        "stockroom",
        said(0.2, "uvicorn runs with --limit-concurrency 100 now so a burst can't take the box down",
             "--limit-concurrency 100"),
        said(0.65, "at shift start half the scanners get 503s for a minute, then it's fine. can u look at the count job "
                   "first", "get 503s for a minute"),
        [concluded(0.45, "why do long exports get 504?",
                   "Long exports hit the load balancer's idle timeout of 60 s; they stream now.",
                   "idle timeout of 60 s")],
        Ask("when the morning shift logs in all at once, half the handhelds show 'service unavailable'", "app",
            want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "logslice",
        said(0.25, "--threads defaults to the number of cores now, was 1", "defaults to the number of cores"),
        said(0.75, "ops says the nightly grep cron makes the other jobs on the build box crawl. can you do the "
                   "windows path bug first", "other jobs on the build box crawl"),
        [concluded(0.5, "why is it slow on the NAS?",
                   "On the NAS it reads in 4 KiB chunks, which is slow over SMB; the chunk size is 1 MiB now.",
                   "4 KiB chunks")],
        Ask("since the upgrade our log-search cron hogs the whole machine", "src", want="cause"),
    )
    b.causal(
        "brightdesk",
        said(0.3, "status changes are optimistic updates now, the UI felt sluggish", "optimistic updates"),
        concluded(0.7, "why do tickets reopen themselves?",
                  "When the backend refuses a close because of the SLA lock, the ticket that already showed closed "
                  "flips back to open a second later.", "flips back to open"),
        [said(0.5, "the status badge lagging was a css transition of 400 ms, removed", "transition of 400 ms")],
        Ask("agents swear they closed the ticket, it shows closed for a moment and then it's open again",
            "src/components", want="cause"),
    )
    b.causal(
        "beacon-chat",
        said(0.4, "check_origin is only our main domain now, security review", "check_origin"),
        said(0.8, "customers who embed the chat widget on their own site say it never connects anymore. can u look "
                  "at the mix warnings first", "embed the chat widget on their own site"),
        [concluded(0.6, "why is the widget's styling broken?",
                   "The widget's styles broke because the host page's CSS leaked in; it renders in a shadow DOM "
                   "now.", "renders in a shadow DOM")],
        Ask("the embedded widget on partner websites stopped connecting last week", "lib/beacon_web/channels",
            want="cause"),
        Ask("I want to lock the socket endpoint down to our own domain, what should I watch out for?",
            "lib/beacon_web/channels", want="effect"),
    )
    b.causal(
        "meshkit",
        said(0.35, "weld tolerance is relative to the bounding box diagonal now, 1e-6 of it", "bounding box diagonal"),
        concluded(0.75, "why are the thin parts of the figurine gone?",
                  "Parts thinner than the tolerance, like the strands of hair on the figurine scans, get welded "
                  "into one sheet on big meshes.", "welded into one sheet"),
        [said(0.55, "the holes in the figurine were missing back faces from the scanner, not us", "missing back faces")],
        Ask("after import the two prongs of the fork scan are merged into one blob", "src", want="cause"),
    )
    b.causal(
        "tidewater-etl",
        said(0.3, "gauges DAG has max_active_runs=1 now, overlapping runs were double-writing",
             "max_active_runs=1"),
        concluded(0.7, "why are the dashboards stuck?",
                  "One run hung on the vendor API and every later run queued behind it, so the dashboards froze at "
                  "the morning's values.", "froze at the morning's values"),
        [said(0.5, "dashboards being behind in the afternoon is the looker cache of 6h, known",
              "looker cache of 6h")],
        Ask("level dashboards have shown 07:00 values all day, no errors anywhere", "dags", want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.25, "audit bucket has Object Lock in compliance mode, 1 year, auditors asked",
             "Object Lock in compliance mode"),
        said(0.7, "tearing down the old staging env gets stuck on the audit bucket, AccessDenied on DeleteObject. "
                  "can u plan prod first", "AccessDenied on DeleteObject"),
        [concluded(0.5, "why couldn't we delete the logs bucket?",
                   "The logs bucket could not be deleted because versioning keeps old versions of every object; "
                   "they have to be removed first.", "versioning keeps old versions")],
        Ask("destroy of the retired staging stack hangs on one bucket and errors that we can't remove objects",
            "envs/staging", want="cause"),
    )


def _causal_devices(b: SplitBuilder) -> None:
    b.causal(
        "pocketgarden",
        said(0.3, "thread policy w/ penaltyDeath in debug builds now, want to catch main thread IO early",
             "penaltyDeath"),
        said(0.7, "the debug build dies the moment I open the photo screen, release is fine. check the lint first",
             "debug build dies the moment"),
        [concluded(0.5, "why did release crash on the photo screen?",
                   "The release crash on the photo screen was out of memory on 50-megapixel images; they are "
                   "downsampled now.", "50-megapixel images")],
        Ask("only in debug: opening the photo screen kills the app instantly", GARDEN, want="cause"),
    )
    b.causal(
        "cadence-ios",
        said(0.3, "audio session uses .duckOthers during intervals so the cues are audible over music",
             ".duckOthers"),
        said(0.75, "users say their podcasts stay quiet for the whole workout, not just during cues. can u do the "
                   "watch crash first", "podcasts stay quiet for the whole workout"),
        [concluded(0.5, "why does music stop when a workout starts?",
                   "Music stopping at the start is Spotify's own interruption handling; we can't change it.",
                   "Spotify's own interruption handling")],
        Ask("my audiobook goes quiet as soon as I start a workout and only comes back when I stop", "App",
            want="cause"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "brightdesk",
        said(0.4, "petite chose pour tous mes projets : quand tu ajoutes une dépendance, épingle la version exacte, "
                  "pas de ^ ni de ~. bon, le bug du tri dans la liste", "épingle la version exacte"),
        [there("parcelhub", said(0.45, "package.json here keeps caret ranges, the lockfile pins, dependabot does the "
                                       "rest", "keeps caret ranges"))],
        Ask("add the crc32fast crate", "src", project="logslice"),
        Ask("add tenacity for the ERP retries", "app", project="stockroom"),
        Ask("pull in swift-collections for the ordered set", "App", project="cadence-ios"),
    )
    b.global_pref(
        "stockroom",
        said(0.6, "una cosa para todos mis proyectos: los mensajes de error para el usuario siempre dicen qué hacer "
                  "después, no solo qué falló. bueno, sigamos con el router de bins", "qué hacer después"),
        [there("ledgerline", concluded(0.5, "what do API errors contain?",
                                       "API errors here are error codes only, like BILL-E-042; the client app "
                                       "turns them into text.", "error codes only, like"))],
        Ask("show an error when the room is already taken", "app/controllers", project="fernbook"),
        Ask("handle the plant photo upload failing", GARDEN, project="pocketgarden"),
        Ask("return an error when a plan has no drivers available", "internal/dispatch", project="routewise"),
    )
    b.global_pref(
        "meshkit",
        said(0.45, "I always review in the terminal, so in any of my repos, when you change something show me a "
                   "unified diff, not the whole file. ok the decimator", "show me a unified diff"),
        [there("cadence-ios", said(0.5, "PRs here need before/after screenshots for any UI change, design checks "
                                        "them", "before/after screenshots"))],
        Ask("change the receipt footer text to the new address", "backend", project="tillpoint"),
        Ask("drop the test-station column from the station model", "models/staging", project="tidewater-etl"),
        Ask("bump the worker instance type to the next size up", "envs/staging", project="infra-live"),
    )
    b.global_pref(
        "routewise",
        said(0.35, "fyi for any repo of mine: smallest change that fixes it, no drive-by refactors, separate PR if "
                   "you must. ok next the stops handler", "no drive-by refactors"),
        [there("brightdesk", said(0.55, "boy scout rule in this repo, clean up what you touch", "boy scout rule"))],
        Ask("fix the NPE in InvoiceMailer when the contact has no email", BILLING, project="ledgerline"),
        Ask("fix the crash when someone creates a room with an empty name", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "tidewater-etl",
        concluded(0.55, "why did you write the PR text as one paragraph again? for me, in every project: PR "
                        "descriptions get Context, Change and Risk headings",
                  "Rewritten with the three headings. Noted for every repository: pull request descriptions as "
                  "Context / Change / Risk.", "Context / Change / Risk"),
        [there("infra-live", said(0.4, "PRs here use the checklist from the template, tick every box",
                                  "checklist from the template"))],
        Ask("open a PR for the welder fix", "src", project="meshkit"),
        Ask("write up the pull request for the cancellation change", "app/models", project="fernbook"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "brightdesk", said(0.2, "node version for this repo is in .nvmrc, Node 20, nvm use and you're set", ".nvmrc"),
        "parcelhub", said(0.2, "node is pinned w/ Volta in package.json, 22.x, volta picks it up", "pinned w/ Volta"),
        Ask("which node do I install to work on this?", project="brightdesk"),
        Ask("my node is 18, get me set up to run the service", "src/routes", project="parcelhub"),
    )
    b.cross(
        "tillpoint", said(0.45, "times here are stored in shop local time, the tax reports are per local day",
                          "shop local time"),
        "stockroom", concluded(0.45, "what time zone do we store?",
                               "Timestamps are UTC end to end here; only the handheld display converts.",
                               "UTC end to end"),
        Ask("add a 'sold at' timestamp to each receipt line", "backend/orders", project="tillpoint"),
        Ask("record when each pick was scanned", "app", project="stockroom"),
    )
    b.cross(
        "fernbook", said(0.5, "on-call paging for this app is Opsgenie, team fernbook-core", "Opsgenie"),
        "beacon-chat", said(0.5, "pages go through incident.io here, the escalation path is in the chat-core "
                                 "schedule", "incident.io"),
        Ask("make the payment-failure alert wake someone up at night", "app/controllers", project="fernbook"),
        Ask("page whoever is on call when the socket count drops to zero", "lib/beacon", project="beacon-chat"),
    )
    b.cross(
        "meshkit", said(0.6, "every source file starts with the SPDX line, MPL-2.0, the studio's lawyers check",
                        "SPDX line, MPL-2.0"),
        "logslice", said(0.6, "no per-file license headers here, the LICENSE file at the root covers everything",
                         "no per-file license headers"),
        Ask("create the source file for the quad remesher and add it to the CMakeLists", "src", project="meshkit"),
        Ask("add a module for sniffing the compression format", "src", project="logslice"),
    )
    b.cross(
        "pocketgarden", said(0.4, "dark mode just follows the system setting, no in-app toggle, decided w/ design",
                             "follows the system setting"),
        "cadence-ios", said(0.4, "appearance is an in-app picker here: system, light, dark. stored per device",
                            "in-app picker"),
        Ask("users ask for a dark mode switch in settings", GARDEN, project="pocketgarden"),
        Ask("add a dark theme option", "App/Views", project="cadence-ios"),
    )
    b.cross(
        "ledgerline", said(0.5, "nothing in billing is ever deleted, rows get voided_at and stay", "voided_at"),
        "fernbook", said(0.5, "deleting a member here really deletes, gdpr, hard delete w/ dependent: :destroy",
                         "hard delete w/ dependent"),
        Ask("let clerks remove a duplicate customer", BILLING, project="ledgerline"),
        Ask("add 'delete my account' to the member settings", "app/controllers", project="fernbook"),
    )
    b.cross(
        "routewise", said(0.3, "json fields are camelCase in the api, the driver app wants that",
                          "camelCase in the api"),
        "beacon-chat", said(0.3, "payload keys are snake_case here, same as the elixir structs", "snake_case here"),
        Ask("add the estimated arrival and the driver's name to the stop response", "internal/dispatch",
            project="routewise"),
        Ask("add the sender's display name and avatar url to the new message payload", "lib/beacon_web/channels",
            project="beacon-chat"),
    )
