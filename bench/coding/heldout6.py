"""The sixth held-out split: fresh facts and probes, measured while held out; training now.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: the user reviewing a diff the assistant just produced
("no, revert that bit: we decided ..."); answers to a clarifying question the assistant asked,
quoted above the answer; facts under a pasted terminal session, stack trace, crash log or
console warning, with the user's one-line comment; rules restated after a mistake the assistant
made in the same session; facts spread over two consecutive sentences joined by a pronoun ("...
It comes from ..."); corrections that change only a number or a unit ("one day, not two");
conclusions the assistant draws after running a command (race detector, sanitizer, heap
snapshot, a benchmark, terraform apply); causes that are one-line configuration changes whose
symptom is reported weeks later in other words; global preferences said in romanised Japanese,
Swedish and Polish, as "whatever repo I'm in" and inside the answer to a clarifying question.
Probes are mostly tasks, some terse, some naming the component by a synonym, many typed in a
subdirectory of the repository; the irrelevant prompts share the projects' vocabulary
(receipts, stops, bins, includes, the README) but need no planted fact: typo fixes, renames,
small refactors and general programming questions. Decisions, rules and irrelevant prompts are
here; corrections, bugfixes and facts are in :mod:`bench.coding.heldout6_more`; causes and
effects, global preferences and cross-project negatives in :mod:`bench.coding.heldout6_shared`.

heldout6 was measured while held out, right after it was planted (931b1a3) and after the next
release's rules (328b2f2, each embedder, rerun at 5fcc87f); its held-out figures are the
``bench/results/coding_heldout6_*.json`` of those runs. It is a training split now; the splits
held out now are :mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10` and
:mod:`bench.coding.heldout11`.
"""

from __future__ import annotations

from bench.coding import heldout6_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout6")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    heldout6_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "looking at your diff: drop the celery part. we decided against a task queue for the z-reports, "
                  "they're produced by a cron'd management command at close of day, one less daemon on the shop "
                  "servers. the rest of the diff is fine, keep the template changes", "cron'd management command"),
        [concluded(0.65, "how do the loyalty points emails go out?",
                   "Loyalty emails are sent through the Mailjet batch API once a night from the head office "
                   "server; the shops never send mail.", "Mailjet batch API")],
        Ask("make the end-of-day report produce itself after the last shift instead of a manager pressing the "
            "button", "backend/reports"),
    )
    b.decision(
        "routewise",
        said(0.45, "> Should the ETA recalculation follow the drivers' GPS pings, or poll the driver table?\n\n"
                   "neither. we settled on recomputing ETAs only when a driver marks a stop done, the "
                   "stop-completed event; the GPS-driven ETAs in the pilot jittered by minutes. go with that",
             "only when a driver marks a stop done"),
        [said(0.3, "the live map moves the driver pin on every GPS ping, throttled to one per 3 s on the client. "
                   "can you fix the flaky assign test", "one per 3 s on the client")],
        Ask("customers' arrival time text should keep itself up to date through the day, wire that up",
            "internal/dispatch"),
    )
    b.decision(
        "parcelhub",
        said(0.5, "```\n$ npm ls pdf-lib puppeteer\nparcelhub@3.4.0 /srv/parcelhub\n└── pdf-lib@1.17.1\n```\n"
                  "good, that's how it should look. CN23 customs forms are filled into the carrier's own PDF "
                  "template with pdf-lib, we dropped the headless-browser rendering for good. now the failing "
                  "route test please", "template with pdf-lib"),
        [said(0.25, "packing slips are plain HTML the merchant prints from their browser, we never make PDFs for "
                    "them. can u fix lint in routes", "packing slips are plain HTML")],
        Ask("international parcels need their customs declaration attached, generate it", "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.35, "> For the dunning letters, should the reminder fee be its own invoice or a line on the next "
                   "statement?\n\na line on the next statement. a separate invoice for a five euro fee confuses "
                   "people and starts its own dunning loop. write it like that",
             "line on the next statement"),
        [concluded(0.6, "how is late payment interest booked?",
                   "Late interest is booked to its own ledger account 4810 and only shows in the annual summary.",
                   "ledger account 4810")],
        Ask("charge the reminder fee when the second dunning letter goes out", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.55, "your diff adds a Redis counter for room occupancy. revert that bit: we decided occupancy is "
                   "computed from bookings on read with a window query, fernbook runs no Redis and won't for this. "
                   "the controller part looks good", "computed from bookings on read"),
        [said(0.3, "the check-in kiosk keeps the day's bookings in localStorage so it works when the wifi dies. "
                   "can you fix the flaky booking spec", "keeps the day's bookings in localStorage")],
        Ask("show live occupancy per floor on the admin dashboard", "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        concluded(0.4, "run the two-node fanout test with both pubsub adapters and pick the one we keep",
                  "Two nodes, 5,000 subscribers: with the Redis adapter p99 fanout was 410 ms, with the built-in "
                  ":pg adapter over the Erlang distribution 38 ms. We keep the built-in :pg adapter; the Redis "
                  "adapter is removed from mix.exs.", "built-in :pg adapter"),
        [said(0.6, "typing indicators are never persisted, they only exist as broadcasts. can u bump the deps",
              "typing indicators are never persisted")],
        Ask("we're adding a third node next month, how will a message reach people connected to the other ones?",
            "lib/beacon"),
    )
    b.decision(
        "stockroom",
        concluded(0.5, "grep the code and tell me how we talk to the label printers now",
                  "Everything goes through app/printing/zpl.py: the ZPL is rendered on the server and sent raw "
                  "over TCP to each printer's port 9100; the old CUPS queue is referenced nowhere any more.",
                  "sent raw over TCP"),
        [said(0.3, "packing lists for customers are PDFs mailed by the ERP, not by us. can u fix the mypy "
                   "complaint", "PDFs mailed by the ERP")],
        Ask("print a shelf label whenever a new bin is created", "app/routers"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        concluded(0.35, "bench both inflate backends on the 2GB fixture and decide, I trust you",
                  "flate2 with its zlib-rs backend read the 2 GB fixture in 1.9 s, miniz_oxide in 3.4 s, same "
                  "bytes out. Cargo.toml now turns on flate2's zlib-rs feature and the default backend is off.",
                  "flate2's zlib-rs feature"),
        [said(0.6, "for .xz input we shell out to the xz binary if it's on PATH, no crate, it's rare. can you fix "
                   "the clippy lint", "shell out to the xz binary")],
        Ask("reading gzipped logs feels slow, which decompressor are we on?", "src"),
        Ask("add gzip input support to the reader in the core crate", "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        said(0.45, "We compared three rich text editors for canned replies last week. The one that won is Lexical "
                   "from Meta; its paste handling was the only one that survived Outlook HTML, so the canned-reply "
                   "editor is built on it. can you fix the type error in TicketList first",
             "Lexical from Meta"),
        [concluded(0.65, "what renders the customer's email in a ticket?",
                   "Incoming emails are shown in a sandboxed iframe with DOMPurify-cleaned HTML; agents never edit "
                   "them.", "sandboxed iframe with DOMPurify")],
        Ask("agents want bold, lists and links when they write saved reply templates", "src/components"),
    )
    b.decision(
        "meshkit",
        said(0.5, "We spent two weeks on our own UV chart packer. It's gone now; xatlas does the packing from "
                  "here on, because ours wasted a third of the texture on the ear scans. ok, the sanitizer build",
             "xatlas does the packing"),
        [concluded(0.3, "how are vertex colours carried over after decimation?",
                   "Colours are carried over by a barycentric lookup on the original triangle nearest to each "
                   "kept vertex.", "barycentric lookup on the original triangle")],
        Ask("generate texture coordinates for the decimated scan so the photo texture can be baked", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.4, "in your DAG diff you added a FileSensor poking the lab drop every minute. no: for the lab "
                  "results we agreed the upload fires an S3 event and a Dataset-driven DAG picks it up, no sensors "
                  "sitting on worker slots. redo that part please", "Dataset-driven DAG"),
        [said(0.65, "the gauge vendor still gets polled on a schedule, they have no push, that's fine. sqlfluff "
                    "please", "they have no push")],
        Ask("lab files should be loaded as soon as they land, not at the next hourly run", "dags"),
    )
    b.decision(
        "infra-live",
        said(0.3, "> Do you want the new Postgres on RDS or on Aurora Serverless v2?\n\nplain RDS, Multi-AZ. "
                  "serverless v2 gave us sluggish scale-ups in the trial and costs more at our steady load. carry "
                  "on", "plain RDS, Multi-AZ"),
        [concluded(0.55, "what does the analytics team use as its warehouse database?",
                   "Analytics runs its own Redshift Serverless workgroup in the data account; it is not managed in "
                   "this repo.", "Redshift Serverless workgroup")],
        Ask("add a database for the new booking service, staging first", "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        said(0.45, "```\n$ ./gradlew :app:dependencies --configuration releaseRuntimeClasspath | grep room\n"
                   "+--- androidx.room:room-runtime:2.6.1\n```\nyes, and it stays that way: SQLDelight was only "
                   "interesting for the KMP idea and that's shelved, no iOS app this year. the care log goes in "
                   "Room like the rest", "SQLDelight was only interesting for the KMP idea",
             "care log goes in Room"),
        [said(0.25, "the user's settings live in Proto DataStore, not in the database. can you fix the preview",
              "Proto DataStore")],
        Ask("persist the fertiliser log entries locally so they survive restarts", GARDEN),
    )
    b.decision(
        "cadence-ios",
        said(0.55, "RevenueCat was the other candidate for the pro subscription. We dropped it: the paywall is "
                   "SubscriptionStoreView from StoreKit 2, free and the native sheet goes through review without "
                   "questions. now the watch build please", "SubscriptionStoreView"),
        [concluded(0.35, "how do testers get the pro features?",
                   "Testers get pro through a build flag that is only set in TestFlight builds, "
                   "PRO_UNLOCKED_FOR_TESTFLIGHT, not through sandbox purchases.", "PRO_UNLOCKED_FOR_TESTFLIGHT")],
        Ask("build the screen where people buy the yearly plan", "App/Views"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.5, "you did it again, 4.2 in the fixture. in this repo money never passes through a float, not "
                  "even in tests: Decimal('4.20') from a string, always. fix the fixture you just wrote",
             "Decimal('4.20') from a string"),
        [concluded(0.3, "how are deli scale weights stored?",
                   "Deli scale weights are stored as integer grams straight from the scale's serial protocol.",
                   "integer grams straight from the scale")],
        Ask("write a test for splitting a tip between two waiters", "backend/orders"),
    )
    b.rule(
        "routewise",
        said(0.55, "in your diff the assignment warning logs the driver's phone number. nope: driver PII never "
                   "goes into logs here, use driver_ref and nothing else. please change all three log lines",
             "driver PII never goes into logs"),
        [said(0.35, "customer addresses do go into the planning debug dumps, ops needs them and the dumps are "
                    "encrypted at rest. can you fix vet", "planning debug dumps")],
        Ask("add a log line when a driver turns down an assigned route", "internal/dispatch"),
    )
    b.rule(
        "parcelhub",
        said(0.4, "> Should the new carrier adapter throw on an unknown service code or fall back to standard?\n\n"
                  "throw. house rule: adapters never guess, an unknown code is a CarrierConfigError and it pages "
                  "us. a silent fallback once cost us a pallet of wrong labels", "adapters never guess"),
        [concluded(0.6, "what does the quote route do when a carrier times out?",
                   "A carrier that times out is simply left out of the quote list; the others are still shown.",
                   "simply left out of the quote list")],
        Ask("write the adapter for the new Baltic courier, a few of its service codes don't map to ours yet",
            "src/services"),
    )
    b.rule(
        "ledgerline",
        said(0.45, "```\n$ ./gradlew test --tests '*InvoiceNumbering*'\nInvoiceNumberingTest > no_gaps_after_a_"
                   "failed_issue() PASSED\nBUILD SUCCESSFUL in 14s\n```\nthat test is the rule in code form: "
                   "invoice numbers are gapless per legal entity, a failed issue rolls its number back in the same "
                   "transaction. never take them from a database sequence", "gapless per legal entity"),
        [said(0.7, "credit note numbers may have gaps, the auditor confirmed, they come from their own "
                   "sequence. bump the gradle plugin", "credit note numbers may have gaps")],
        Ask("issue the month-end invoices on parallel threads, the run is too slow", BILLING),
        Ask("write a test that issues two invoices for the same entity at the same time", BILLING_TESTS),
    )
    b.rule(
        "fernbook",
        said(0.35, "ugh, a query in the view again. in fernbook views never touch the database: controllers hand "
                   "them everything preloaded, and bullet fails the spec run when a view queries",
             "bullet fails the spec run"),
        [concluded(0.65, "can mailer templates load associations?",
                   "Mailer templates may load associations; bullet is switched off for mailer specs.",
                   "bullet is switched off for mailer specs")],
        Ask("show the host member's avatar next to each booking in the room calendar", "app/controllers"),
    )
    b.rule(
        "stockroom",
        said(0.6, "Quick one about the routers. None of them opens a database session itself; they get it from "
                  "the get_uow dependency, which commits or rolls back when the request ends.",
             "get_uow dependency"),
        [concluded(0.4, "how do the background jobs get a database session?",
                   "Background jobs open their own session with a context manager from app/jobs/base.py, outside "
                   "any request.", "app/jobs/base.py")],
        Ask("add a PATCH endpoint that moves a pallet to another bin", "app/routers"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.4, "About error output. Every message we print to stderr starts with the program name and a colon, "
                  "then lowercase text with no trailing period, like the coreutils do; the integration tests match "
                  "on it.", "no trailing period, like the coreutils",
             "starts with the program name and a colon"),
        [concluded(0.7, "what exit code do we use when nothing matched?",
                   "No match exits with 1, like grep does; real errors exit with 2.", "No match exits with 1")],
        Ask("print an error when the --since date can't be parsed", "src"),
    )
    b.rule(
        "brightdesk",
        said(0.5, "again with the absolute timestamps in the list. in this app every time shown to agents is "
                  "relative ('3 h ago') with the absolute time in the title tooltip, never the other way round",
             "absolute time in the title tooltip"),
        [said(0.25, "exported CSVs use absolute ISO timestamps, the reporting people need them. fix the lint",
              "exported CSVs use absolute ISO timestamps")],
        Ask("show when the customer last replied on each row of the ticket list", "src/components"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "About channel payloads. They are always built by a function in BeaconWeb.Payload, never a map "
                   "literal inside the channel, so the client contract lives in one module.",
             "BeaconWeb.Payload"),
        [said(0.7, "messages between nodes over PubSub are plain tuples, that's fine, no struct needed. can you fix "
                   "the dialyzer warning", "plain tuples, that's fine")],
        Ask("push the edited message to everyone in the room after an edit", "lib/beacon_web/channels"),
    )
    b.rule(
        "meshkit",
        said(0.55, "your diff adds assert(idx < n) in the collapse loop. we use MK_DEBUG_CHECK for that here, plain "
                   "assert is banned because the studio builds ship without NDEBUG", "MK_DEBUG_CHECK"),
        [concluded(0.3, "what do public functions do with invalid input?",
                   "Public entry points check their arguments and return an error code, in release builds too.",
                   "return an error code, in release builds too")],
        Ask("check that the vertex index is in range in the edge collapse", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.5, "you hard-coded the station list in the DAG again. rule: the set of stations is read from the "
                  "dim_station model at run time, never a python list in dags/", "dim_station model at run time"),
        [said(0.3, "the parameter codes (stage, flow, temp) are a constant in the code, they haven't changed in ten "
                   "years. fix sqlfluff", "parameter codes (stage, flow, temp)")],
        Ask("new DAG that fetches water temperature for every station", "dags"),
    )
    b.rule(
        "infra-live",
        said(0.4, "> Should I tag the new bucket with just Name, or the full set?\n\nthe full set, always. every "
                  "resource gets owner, data-class and env from the provider's default_tags, never a tags block "
                  "per resource", "owner, data-class and env"),
        [concluded(0.7, "why don't the kubernetes-created volumes carry our tags?",
                   "Volumes made by the EBS CSI driver take their tags from the StorageClass, not from the "
                   "provider's default tags.", "tags from the StorageClass")],
        Ask("create an S3 bucket for the load test results", "envs/staging"),
    )
    b.rule(
        "pocketgarden",
        said(0.35, "```\n$ ./gradlew lintDebug\n...\nError: Hardcoded string \"Water now\", should use @string "
                   "resource [HardcodedText]\n```\nthat's deliberate: every string a user sees lives in strings.xml, "
                   "previews included, and lint errors on HardcodedText in this project",
             "lint errors on HardcodedText"),
        [said(0.6, "log messages and test names can be inline english, no resources for those. can u fix the "
                   "detekt thing", "test names can be inline english")],
        Ask("add a 'Skip today' button to the watering reminder card", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.45, "no, not DispatchQueue.main.asyncAfter for the countdown. UI timing in this app always goes "
                   "through the Clock protocol we inject, so tests can run on a test clock",
             "Clock protocol we inject"),
        [said(0.7, "the metronome click schedules itself on the audio render thread, that's the one exception. "
                   "can u fix the warning", "metronome click schedules itself")],
        Ask("add a 3-2-1 countdown before each interval starts", "App"),
        Ask("write a test that the rest timer fires after thirty seconds", "AppTests"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("fix the spelling of 'recieve' in the receipt footer template", "backend"))
    b.irrelevant("tillpoint", Ask("rename tmp2 in daily.py to something that says what it holds",
                                  "backend/reports"))
    b.irrelevant("routewise", Ask("walk me through what the loop in assign.go does, line by line",
                                  "internal/dispatch"))
    b.irrelevant("logslice", Ask("add doc comments to the public functions in filter.rs", "src"))
    b.irrelevant("logslice", Ask("why does cargo warn about an unused import that's only used under cfg(test)?"))
    b.irrelevant("brightdesk", Ask("useMemo vs useCallback, what's the difference in one paragraph?"))
    b.irrelevant("parcelhub", Ask("the README says 'seperate' twice, fix the spelling"))
    b.irrelevant("ledgerline", Ask("pull the repeated null checks in InvoiceService into one private helper",
                                   BILLING))
    b.irrelevant("fernbook", Ask("rename Booking#dur to duration everywhere", "app/models"))
    b.irrelevant("beacon-chat", Ask("what happens to a GenServer.call when the server is busy past the timeout, "
                                    "generally?"))
    b.irrelevant("meshkit", Ask("sort the includes in mesh.hpp alphabetically", "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("reformat stg_readings.sql so every column sits on its own line",
                                      "models/staging"))
    b.irrelevant("infra-live", Ask("terraform taint vs -replace, what's the difference?"))
    b.irrelevant("pocketgarden", Ask("remember vs rememberSaveable in Compose, in plain words?"))
    b.irrelevant("stockroom", Ask("split the long test in test_items.py into three smaller ones", "tests"))
    b.irrelevant("cadence-ios", Ask("fix 'Sucessfully' in the comment at the top of TimerScreen", "App/Views"))
