"""The sixth held-out split, continued: corrections (most change only a number or a unit),
bugfixes (many under a pasted stack trace or found by a command the assistant ran) and facts
(see :mod:`bench.coding.heldout6`; training now, heldout9, heldout10 and heldout11 are held out). Causes and
effects, global preferences and cross-project negatives are in :mod:`bench.coding.heldout6_shared`."""

from __future__ import annotations

from bench.coding import heldout6_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _corrections_backend(b)
    _corrections_rest(b)
    _bugfixes_backend(b)
    _bugfixes_rest(b)
    _facts_backend(b)
    _facts_rest(b)
    heldout6_shared.add(b)


def _corrections_backend(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "gift cards expire 12 months after their last use, that's in the T&Cs",
             "12 months after their last use"),
        said(0.7, "gift card expiry, one number changes: 36 months after the last use, not 12. legal read the "
                  "T&Cs again", "36 months after the last use"),
        [],
        Ask("a customer's gift card was last used two years ago, will the till still take it?", "backend/orders"),
    )
    b.correction(
        "routewise",
        said(0.25, "the depot geofence is 150 m, a driver inside it counts as back at base",
             "depot geofence is 150 m"),
        said(0.75, "geofence: make it 400 m, not 150. the big yards kept marking parked drivers as away",
             "make it 400 m, not 150",
             echo="From the earlier note on the geofence (make it 400 m, not 150), I used 400 m for the depot radius."),
        [],
        Ask("drivers parked at the far end of the Leeds yard still show as on the road, what radius do we use?",
            "internal/geo"),
    )
    b.correction(
        "parcelhub",
        said(0.3, "labels render at 203 dpi for the warehouse printers", "labels render at 203 dpi"),
        said(0.7, "label resolution: 300 dpi, not 203. the new printers at the Tilbury site are 300",
             "label resolution: 300 dpi"),
        [],
        Ask("barcodes on labels come out fuzzy on the new printers, what resolution do we draw them at?",
            "src/services"),
    )
    b.correction(
        "ledgerline",
        concluded(0.2, "how long does an approved payment run stay valid?",
                  "An approved payment run must be released within two days, after that it expires and needs "
                  "approving again.", "released within two days"),
        said(0.65, "payment run release window: one day, not two. treasury wants same-day",
             "release window: one day"),
        [],
        Ask("a run approved on Monday morning is still waiting on Tuesday afternoon, can finance still release "
            "it?", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.25, "there's a 10 min buffer between two bookings of the same room, for cleaning",
             "10 min buffer between two bookings"),
        said(0.7, "room buffer: 20 min, not 10, the cleaners asked", "room buffer: 20 min"),
        [],
        Ask("why can't I book room 3 at 14:00 when the meeting before ends at 14:00?", "app/models"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "you can edit your own message for 5 minutes after sending", "edit your own message for 5 minutes"),
        said(0.8, "edit window: an hour, not 5 minutes, people fix typos late", "edit window: an hour"),
        [],
        Ask("someone wants to fix a typo in a message they sent 20 minutes ago, is that allowed?", "lib/beacon"),
    )
    b.correction(
        "stockroom",
        said(0.2, "a reservation is released after 30 min if nobody picks it", "released after 30 min if nobody"),
        concluded(0.6, "is the reservation hold still half an hour?",
                  "No, it changed with the wave picking: a reservation is now held for 2 hours before it is "
                  "released, not 30 minutes.", "held for 2 hours before it is released"),
        [],
        Ask("an order reserved stock before lunch and nobody has picked it, when does that stock free up?", "app"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.3, "--follow checks the file for new lines every 250 ms", "checks the file for new lines every 250 ms"),
        said(0.75, "follow mode: 1 s between checks, not 250 ms, laptops kept waking up",
             "1 s between checks"),
        [],
        Ask("how often does follow mode look for new lines?", "src"),
    )
    b.correction(
        "brightdesk",
        said(0.2, "a ticket row turns orange 2 hours before its SLA deadline", "orange 2 hours before its SLA"),
        said(0.6, "SLA colour: minutes, not hours. it's orange 30 minutes before the deadline",
             "orange 30 minutes before the deadline"),
        [],
        Ask("when does a ticket row start showing the SLA warning colour?", "src/components"),
    )
    b.correction(
        "meshkit",
        said(0.25, "the default weld epsilon is 1e-5 mm", "weld epsilon is 1e-5 mm"),
        said(0.7, "weld epsilon: 10 micrometres, not 1e-5 mm, that was below float resolution on the big scans",
             "weld epsilon: 10 micrometres"),
        [],
        Ask("two vertices 5 microns apart didn't get merged, what tolerance does welding use?", "src"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "stage readings are stored as mm above gauge zero", "mm above gauge zero"),
        said(0.65, "stage unit: metres, not mm. the vendor switched, so staging stores metres above gauge zero now",
             "stores metres above gauge zero"),
        [],
        Ask("the flood dashboard shows the river at 1.8, 1.8 what?", "models/staging"),
    )
    b.correction(
        "infra-live",
        said(0.3, "the public ALB idle timeout stays at the 60 second default", "stays at the 60 second default"),
        said(0.7, "ALB idle timeout: 300 s, not 60, big report downloads kept getting cut",
             "ALB idle timeout: 300 s"),
        [],
        Ask("large exports over https get cut off after a while, what's our load balancer timeout?", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "watering reminders fire at 8:00 local time unless the user picks a time",
             "fire at 8:00 local time"),
        concluded(0.7, "is the default reminder still at eight?",
                  "No: since 2.3 the default reminder time is 7:30 local, product moved it so people water before "
                  "work.", "default reminder time is 7:30"),
        [],
        Ask("a new user never set a reminder time, when will the app nag them?", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "auto-pause kicks in after 10 s without motion", "after 10 s without motion"),
        said(0.75, "auto-pause: 25 s without motion, not 10, it was pausing at every traffic light",
             "25 s without motion"),
        [],
        Ask("my run paused itself while I waited at a crossing, how long does it wait before pausing?", "App"),
    )


def _bugfixes_backend(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        said(0.45, "```\nTraceback (most recent call last):\n  File \"backend/orders/views.py\", line 212, in refund\n"
                   "    line = order.lines.get(sku=sku)\norders.models.OrderLine.MultipleObjectsReturned: get() "
                   "returned more than one OrderLine\n```\nfound it: the same SKU can sit on two lines when it's "
                   "scanned twice at different prices, so refunds go by line id now, never by sku",
             "refunds go by line id now"),
        [concluded(0.7, "why did the refund screen show the wrong VAT?",
                   "The refund screen used today's VAT rate instead of the rate stored on the original sale; it "
                   "reads the stored rate now.", "rate stored on the original sale")],
        Ask("refunding one of two wine bottles that were scanned separately crashes the till", "backend/orders"),
    )
    b.bugfix(
        "routewise",
        concluded(0.5, "run the race detector on the dispatch tests and fix whatever it finds",
                  "go test -race flagged a concurrent map write in the assignment cache: two planner goroutines "
                  "updated driverLoad at once. The map is now guarded by a sync.RWMutex held in the planner "
                  "struct, and -race is clean over 50 runs.", "guarded by a sync.RWMutex"),
        [said(0.3, "the panic in the geo tests on an empty polygon was a nil slice, fixed, ignore that one",
              "empty polygon was a nil slice")],
        Ask("fatal error: concurrent map writes. the planner died twice in prod tonight", "internal/dispatch"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.6, "the tracking sync hangs after a few hours, attach the inspector and look",
                  "The heap snapshot holds thousands of open sockets to carrier tracking hosts: the fetch calls had "
                  "no timeout, so a carrier that stopped answering kept them open forever. Every tracking fetch "
                  "now passes AbortSignal.timeout(8000).", "AbortSignal.timeout(8000)"),
        [said(0.35, "the slow quote endpoint was the pricing table being rebuilt per request, it's cached now",
              "pricing table being rebuilt per request")],
        Ask("tracking updates stop coming in after the service has been up a day, a restart fixes it",
            "src/services"),
    )
    b.bugfix(
        "ledgerline",
        said(0.55, "```\norg.springframework.dao.DataIntegrityViolationException: could not execute statement; "
                   "duplicate key value violates unique constraint \"uk_invoice_external_ref\"\n```\nthat's the "
                   "importer retrying after a timeout and inserting the same invoice again. it upserts on "
                   "external_ref now, ON CONFLICT DO NOTHING, so a retry is harmless", "upserts on external_ref"),
        [concluded(0.3, "why do some supplier invoices come in twice with different references?",
                   "Those suppliers send a corrected invoice under a new reference; it is a real second document.",
                   "corrected invoice under a new reference")],
        Ask("uk_invoice_external_ref violation in the import log again this morning", BILLING),
    )
    b.bugfix(
        "fernbook",
        said(0.4, "The double charge for standing bookings came from the weekly billing job. It ran on two dynos "
                  "at once after the scale-up; it takes a pg advisory lock now, so only one copy charges.",
             "takes a pg advisory lock"),
        [said(0.65, "members charged a different amount in March: that was the VAT change, expected",
              "that was the VAT change, expected")],
        Ask("a member got billed twice for her recurring Monday desk", "app/models"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.5, "```\n[error] GenServer #PID<0.4211.0> terminating\n** (stop) exited in: GenServer.call("
                  "Beacon.RoomServer, {:join, ...}, 5000)\n    ** (EXIT) time out\n```\nthe room server ran a "
                  "query inside handle_call for every join, so big rooms timed out. the member list is loaded "
                  "once in handle_continue now and a join only touches state", "loaded once in handle_continue"),
        [concluded(0.75, "why do room servers restart at night?",
                   "They restart at night because the deploy rolls the nodes at 03:00; their state is rebuilt from "
                   "the database.", "deploy rolls the nodes at 03:00")],
        Ask("joining the all-hands room times out when lots of people come in at once", "lib/beacon"),
    )
    b.bugfix(
        "stockroom",
        said(0.45, "The picks stuck in 'in progress' were orphaned by handhelds going offline mid-pick. They're "
                   "reclaimed now by a sweeper that resets picks idle for 20 minutes back to open.",
             "resets picks idle for 20 minutes"),
        [said(0.7, "the duplicated pick confirmations were the handheld double-tap, a firmware fix, not ours",
              "handheld double-tap")],
        Ask("a bunch of picks have said in progress since yesterday and nobody's working on them", "app/routers"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        said(0.4, "Found why --since dropped the first minutes. It compared the timestamps as strings, and lines "
                  "without a zero-padded hour sorted wrong; it parses them into epoch seconds before comparing now.",
             "without a zero-padded hour"),
        [concluded(0.7, "why do lines without a timestamp vanish with --since?",
                   "Lines without a timestamp take the previous line's time, so they stay with their record.",
                   "take the previous line's time")],
        Ask("with --since 09:00 I lose the 9:05 entries from the old syslog files", "src"),
    )
    b.bugfix(
        "brightdesk",
        said(0.55, "```\nWarning: Cannot update a component (`Inbox`) while rendering a different component "
                   "(`UnreadBadge`).\n```\nthat was the badge calling the parent's setState during render. it "
                   "derives the count from props now and the parent updates in an effect. can you clean up the "
                   "test after", "derives the count from props"),
        [said(0.3, "the act(...) warnings in the tests are from the fake timers, harmless",
              "fake timers, harmless")],
        Ask("console is flooded with 'Cannot update a component while rendering a different component' on the "
            "inbox page", "src/components"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.45, "run the ASan build on the OBJ that crashes and tell me what it is",
                  "ASan reports a heap-buffer-overflow in parse_face: negative OBJ indices, which count back from "
                  "the end of the vertex list, were used as they are. They are now converted with n + idx before "
                  "the lookup, and a test loads a file that uses them.", "converted with n + idx"),
        [said(0.25, "the crash on a group with no faces is fixed, that was front() on an empty vector",
              "front() on an empty vector")],
        Ask("loading an OBJ exported from Blender with relative face indices crashes the loader", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        said(0.5, "```\npsycopg2.errors.NumericValueOutOfRange: value overflows numeric format\nCONTEXT:  COPY "
                  "stg_flow, line 4411, column flow_m3s\n```\nthat's the vendor's 9.99e37 meaning 'sensor "
                  "offline' landing in a numeric(10,3). the extract maps the sentinel to NULL now",
             "maps the sentinel to NULL"),
        [concluded(0.75, "why are there negative flows in the data?",
                   "Negative flows are real at tidal stations when the water runs back upstream; they are kept.",
                   "real at tidal stations")],
        Ask("the flow load dies on a single row with a numeric overflow every few days", "scripts"),
    )
    b.bugfix(
        "infra-live",
        concluded(0.4, "terraform apply fails on the lambda in staging, run it and find out why",
                  "The apply failed with InvalidParameterValueException: the zip is built on the arm64 CI runners "
                  "with arm64 wheels, while the function ran x86_64. The module now sets the function's "
                  "architecture to arm64, matching the build.", "architecture to arm64, matching the build"),
        [said(0.65, "the lambda timeouts in prod were VPC cold starts, provisioned concurrency fixed them",
              "lambda timeouts in prod were VPC cold starts")],
        Ask("the thumbnail lambda dies on import with 'invalid ELF header'", "envs/staging"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.55, "```\njava.lang.IllegalStateException: Cannot access database on the main thread since it may "
                   "potentially lock the UI for a long period of time.\n  at com.acme.garden.widget."
                   "PlantWidgetReceiver.onUpdate\n```\nthe widget receiver read Room directly in onUpdate. it "
                   "enqueues a one-off worker now, which reads and pushes the update",
             "enqueues a one-off worker"),
        [concluded(0.3, "why did the app crash when rotating during a photo pick?",
                   "The picker result went to a destroyed fragment; the launcher is registered in onCreate now.",
                   "launcher is registered in onCreate")],
        Ask("the app crashes when the home screen widget refreshes, something about the database and the main "
            "thread", GARDEN),
    )
    b.bugfix(
        "cadence-ios",
        said(0.6, "```\nFatal error: Index out of range\n0 Cadence TimerModel.advance() TimerModel.swift:88\n```\n"
                  "advance() ran once more after the last interval when the app came back from background. it's "
                  "guarded with isFinished now", "guarded with isFinished"),
        [concluded(0.35, "why does the lock screen show the wrong interval name?",
                   "The Live Activity was updated before the model advanced; the update is sent after the state "
                   "change now.", "Live Activity was updated before the model")],
        Ask("app crashes with index out of range when I unlock the phone at the end of a workout", "App"),
    )


def _facts_backend(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.5, "```\n$ make receipts-replay SHOP=042 DAY=2026-03-14\nreplaying 318 receipts against "
                  "localhost ...\n```\nfyi that's the replay tool, it needs the fake fiscal printer up first "
                  "(docker compose up fiscal-sim) or every receipt fails", "make receipts-replay"),
        [said(0.3, "make load-fixtures only loads products and staff, no receipts. fix the lint",
              "make load-fixtures only loads products")],
        Ask("I need to re-run yesterday's sales from shop 17 against my local backend to reproduce the bug",
            "backend"),
    )
    b.fact(
        "routewise",
        said(0.35, "The solver's time budget can come with each request now. When the request doesn't say, it "
                   "comes from ROUTEWISE_PLAN_BUDGET_MS, which defaults to 8000.", "ROUTEWISE_PLAN_BUDGET_MS"),
        [concluded(0.6, "what decides which depots a planning run covers?",
                   "Each run covers exactly one depot, taken from the URL; there is no setting for it.",
                   "exactly one depot, taken from the URL")],
        Ask("planning runs give up too early on my laptop, how do I give them longer?", "cmd/routewise"),
    )
    b.fact(
        "parcelhub",
        said(0.45, "> Who do I page if a carrier integration breaks at night?\n\nthe carriers rota, and this "
                   "quarter the primary is Zofia Nowak, her number is in the rota sheet",
             "Zofia Nowak"),
        [concluded(0.7, "who owns the merchant dashboard?",
                   "The merchant dashboard belongs to the Storefront team; Arjun Mehta leads it.", "Arjun Mehta")],
        Ask("the Evri adapter is failing at 2am, who do I wake up?", "src/services"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "```\n$ ./gradlew bootRun --args='--spring.profiles.active=taxsandbox'\n... TaxGatewayClient : "
                  "tenant=LLTAX-SBX-7731 endpoint=https://sandbox.taxgw.example\n```\nthat tenant is the shared "
                  "sandbox one, safe to hammer. the real tenant is in vault", "LLTAX-SBX-7731"),
        [said(0.6, "the FX rates feed has no sandbox, tests use the recorded fixture in src/test/resources/fx. fix "
                   "checkstyle", "recorded fixture in src/test/resources/fx")],
        Ask("try the VAT calculation against the tax service without touching production", BILLING),
    )
    b.fact(
        "fernbook",
        said(0.55, "config/pricing.yml isn't ours to change alone. Greta Lindahl from finance owns it, and any PR "
                   "touching it needs her approval.", "Greta Lindahl"),
        [concluded(0.3, "who maintains the door-lock integration?",
                   "The door-lock integration is maintained by the vendor's engineer, Bram de Wit, through their "
                   "support portal.", "Bram de Wit")],
        Ask("raise the hourly rate of the big meeting room by 5 euros", "app/models"),
    )
    b.fact(
        "beacon-chat",
        concluded(0.45, "start the local two-node cluster and tell me how to get onto the second node",
                  "Both nodes are up: beacon_a@127.0.0.1 serves HTTP and beacon_b@127.0.0.1 runs headless. Attach "
                  "with iex --sname probe --remsh beacon_b@127.0.0.1; the cookie is in .iex.cookie.",
                  "--remsh beacon_b@127.0.0.1"),
        [said(0.7, "prod nodes are only reachable through the bastion, never remsh into them from a laptop",
              "only reachable through the bastion")],
        Ask("I want an iex shell on the headless node of my local cluster to look at the registry", "lib/beacon"),
    )
    b.fact(
        "stockroom",
        concluded(0.5, "what decides which warehouse a dev instance pretends to be? read app/config.py",
                  "Settings.site_code, read from the STOCKROOM_SITE environment variable; it defaults to DEV1 and "
                  "decides which bins and printers are loaded.", "STOCKROOM_SITE"),
        [said(0.3, "the ERP company number is fixed per deployment in the helm values, don't add an env var for it",
              "fixed per deployment in the helm values")],
        Ask("run my local instance as the Rotterdam warehouse", "app"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.5, "> Who can publish slice-core to crates.io?\n\nonly Noor Haddad holds the owner token, so every "
                  "slice-core release goes through her", "Noor Haddad"),
        [said(0.3, "the homebrew tap is looked after by Kenji Mori, ping him after a release", "Kenji Mori")],
        Ask("slice-core 0.12 needs to be on crates.io today, what do I need?", "crates/slice-core"),
    )
    b.fact(
        "brightdesk",
        concluded(0.4, "where does the flag for the new composer come from? read the code",
                  "The composer flag is read from window.__BD_FLAGS__, which the backend writes into index.html; "
                  "there is no flag service on the client.", "window.__BD_FLAGS__"),
        [said(0.6, "the Dutch client's theme override comes from a ?skin= query param, demos only",
              "theme override comes from a ?skin= query")],
        Ask("switch on the new composer for my local session so I can try it", "src/api"),
    )
    b.fact(
        "meshkit",
        said(0.45, "The golden outputs for the decimation tests aren't edited by hand. They're produced by "
                   "tools/regen_goldens.py, and only that script may write them.", "tools/regen_goldens.py"),
        [concluded(0.7, "where do the benchmark meshes come from?",
                   "Benchmark meshes are downloaded on demand into ~/.cache/meshkit-bench by the bench runner.",
                   "~/.cache/meshkit-bench")],
        Ask("the decimation goldens are out of date after my change, update them", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.35, "```\n$ airflow connections get tw_lab_sftp -o yaml\nconn_type: sftp\nhost: sftp.labpartner."
                   "example\nport: 2222\n```\nthe lab's SFTP listens on 2222, not 22, and the key only lives in that "
                   "Airflow connection", "lab's SFTP listens on 2222"),
        [said(0.6, "the gauge vendor's API is plain https on 443, nothing special", "plain https on 443")],
        Ask("sftp from the worker to the lab server hangs on connect", "scripts"),
    )
    b.fact(
        "infra-live",
        said(0.5, "> Can I just loosen the WAF rate rule for the partner API?\n\nnot on your own. modules/waf "
                  "belongs to security and Hannah Keller signs off every change there", "Hannah Keller"),
        [concluded(0.25, "who runs the site-to-site VPN?",
                   "The site-to-site VPN is run by the network team; Jonas Berg is the contact.", "Jonas Berg")],
        Ask("partners get 403s from the firewall when they burst, raise the limit to 2000 per five minutes",
            "envs/prod"),
    )
    b.fact(
        "pocketgarden",
        said(0.4, "```\n$ bundle exec fastlane android internal\n[✔] Uploaded to Play Console, track: internal\n"
                  "```\nthat's the only way builds reach testers, fastlane android internal, nobody uploads an aab "
                  "by hand", "fastlane android internal"),
        [concluded(0.65, "how do the designers get builds?",
                   "Designers install from Firebase App Distribution; the nightly CI job uploads there.",
                   "Firebase App Distribution")],
        Ask("get this build to the beta testers", GARDEN),
    )
    b.fact(
        "cadence-ios",
        said(0.5, "The watch complications were built by Sofia Marchetti. She reviews every change to them, so "
                  "add her to those PRs.", "Sofia Marchetti"),
        [said(0.3, "our translation vendor contact is Tomás Rivera, he gets the string catalog exports",
              "Tomás Rivera")],
        Ask("change the ring colours on the watch complication", "App"),
    )
