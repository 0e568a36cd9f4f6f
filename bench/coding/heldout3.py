"""The third held-out split: fresh facts and probes, measured once (at 18ef35d); training since.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
per-probe results or failures; only the earlier splits' planted statements were read, to keep
these facts, wordings and irrelevant prompts clear of them. Same repositories, new facts, said
the way other users talk: long rambling messages with the fact in a subordinate clause,
non-native English, dictated speech without punctuation, facts that only the assistant states
in its summary after reading files, decisions reached over two turns (the user picks "B" and
the assistant's reply says what B was), corrections that restate the whole setting, rules
given by example ("same as the bins router"), global preferences said in passing in another
project (one of them in German), and probes that are bug reports, pasted stack traces or
imperatives that never name the fact's subject. Decisions, rules, corrections and irrelevant
prompts are here; bugfixes, facts, causes and effects, global preferences and cross-project
negatives are in :mod:`bench.coding.heldout3_more`.

heldout3 was measured once at 18ef35d; training since. Its first and only held-out figure is that
commit's ``bench/results/coding_heldout3_none.json``; the splits held out now are
:mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10` and :mod:`bench.coding.heldout11`.
"""

from __future__ import annotations

from bench.coding import heldout3_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout3")
    _decisions_backend(b)
    _decisions_warehouse(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    _corrections_backend(b)
    _corrections_rest(b)
    heldout3_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.35, "so yeah I talked to Marco about it this morning and he's fine with it, and since nobody wants to "
                   "run and patch another cluster just for twelve shops we're doing the product search with django's "
                   "SearchVector on the postgres we already have rather than elasticsearch, which honestly I would "
                   "have liked but whatever, it's fine. anyway what I actually wanted: can you look at why the admin "
                   "list filter for suppliers shows every supplier twice",
             "SearchVector"),
        [concluded(0.6, "how does the supplier lookup on the purchase screen match names?",
                   "The supplier lookup on the purchase screen uses pg_trgm similarity on the name with a 0.3 "
                   "threshold; it is a separate query from anything on the till side.", "pg_trgm similarity")],
        Ask("cashiers need to find 'biscuit choc' when they type 'choc biscuit' in the product picker",
            "backend/orders"),
    )
    b.decision(
        "routewise",
        concluded(0.45, "B, the hexagon one. go ahead",
                  "Going with option B as you picked: stops are bucketed into H3 cells at resolution 8 and a zone "
                  "lookup is now a set lookup on the cell id, replacing the point-in-polygon scan over every zone. "
                  "I've updated the importer to store the cell id on each stop.", "H3 cells"),
        [said(0.7, "depot boundaries are GeoJSON polygons drawn by ops in the admin, they're small, leave those as "
                   "they are. can you bump chi", "drawn by ops in the admin")],
        Ask("find every stop within about a kilometre of a given stop, it has to be fast for the live map",
            "internal/geo"),
    )
    b.decision(
        "parcelhub",
        concluded(0.55, "look at the worker setup and tell me what we ended up with for label generation, I lost "
                        "track during the holidays",
                  "From worker.js, the compose file and the thread linked in the last PR: label generation runs on "
                  "BullMQ queues on the Redis we already have, one queue per carrier, chosen over SQS because each "
                  "carrier needs its own retry backoff and rate limit. The API only enqueues and returns 202.",
                  "BullMQ"),
        [said(0.3, "tracking webhooks are processed inline in the route handler, no queue, they're tiny. can you "
                   "look at the lint errors in src/routes", "processed inline in the route handler")],
        Ask("building the end-of-day manifest PDF takes 8 seconds and the request times out, get it out of the "
            "request", "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.5, "Before I forget, and this is more for whoever picks up the refunds ticket than for you right now: "
                  "when we sat down with the auditors last week (which took forever because of the room booking "
                  "mess, don't ask) we agreed that a refund is never a change to the original invoice but always a "
                  "separate credit note with its own number, so an invoice stays immutable once issued. Anyway, "
                  "can you look at the failing CurrencyConverterTest?", "immutable once issued"),
        [concluded(0.3, "what happens to a pro-forma when the quote changes?",
                   "Pro-forma invoices are simply overwritten when the quote changes; they have no number and are "
                   "never sent to the ledger.", "simply overwritten")],
        Ask("customer was overcharged 40 euros on last month's invoice, build the flow to fix the amount", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.4, "We have decided to send the booking reminders by SMS with Twilio, only for members who opt in, "
                  "because the reminder emails nobody is reading them, the open rate is 6%. Please can you prepare "
                  "the opt-in field on the member first?", "SMS with Twilio"),
        [concluded(0.65, "where do the admin two-factor codes come from?",
                   "Admin two-factor codes are TOTP from an authenticator app, generated with the rotp gem; no "
                   "messages are sent for them.", "rotp gem")],
        Ask("members keep forgetting their bookings, ping their phone an hour before the start", "app/models"),
    )
    b.decision(
        "beacon-chat",
        concluded(0.35, "A. the pointer one. do it",
                  "Going with option A, as you picked: read receipts are one last_read_message_id per member and "
                  "room, moved forward with an upsert, instead of a row per message per reader, which would be "
                  "about 40 million rows a month at current traffic.", "last_read_message_id"),
        [said(0.6, "unread counts for the mobile badge are computed by the push service from its own event log, "
                   "not by us. can you fix the credo warnings", "push service from its own event log")],
        Ask("show 'seen by 3' under the last message in a room", "lib/beacon"),
    )


def _decisions_warehouse(b: SplitBuilder) -> None:
    b.decision(
        "stockroom",
        said(0.45, "decision on the bin labels: Code 128, not QR, because the old handheld scanners in aisle A to D "
                   "can't read 2D codes and we're not replacing them this year. ok now the flaky reservation test",
             "Code 128"),
        [concluded(0.7, "what do the pallet labels from suppliers use?",
                   "Supplier pallet labels carry GS1 application identifiers; we only read the SSCC from them and "
                   "never print them ourselves.", "SSCC")],
        Ask("print labels for the bins in the new aisle F", "app"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        said(0.4, "we decide to use zstd for the --archive output and not gzip, because the decompress is many "
                  "times faster for the people who grep the archives after. please you can start with the writer?",
             "zstd"),
        [said(0.7, "on the input side we still accept .gz and .bz2 files, this don't change. can you check the "
                   "clippy warning in main", ".bz2 files")],
        Ask("add a flag that saves the matched lines into a compressed file next to the input", "src"),
    )
    b.decision(
        "brightdesk",
        said(0.3, "ok so for the charts on the reporting page we are going with recharts not chartjs because it is "
                  "just react components and the designers can style it then can you also look at why the date "
                  "picker closes when i click the month", "recharts"),
        [concluded(0.6, "is the sparkline in the ticket row a library?",
                   "No, the sparkline in the ticket row is a hand-drawn SVG path of the last 14 days; no library is "
                   "involved.", "hand-drawn SVG path")],
        Ask("the team lead wants a bar graph of tickets closed per agent per week on the reports page",
            "src/components"),
    )
    b.decision(
        "meshkit",
        said(0.5, "right so the decision on the cache file is we write our own little binary format dot mkcache "
                  "with a version header instead of protobuf because protobuf pulls a whole build dependency for "
                  "three structs okay and then can you look at the warning in the tests", "mkcache"),
        [concluded(0.3, "what does the exporter write for the web viewer?",
                   "The exporter writes glTF binary files for the web viewer, with the normals quantised to 16 "
                   "bits.", "glTF binary")],
        Ask("loading the big scans takes forever, keep the simplified mesh around on disk so the second load is "
            "instant", "src"),
    )
    b.decision(
        "tidewater-etl",
        concluded(0.55, "read the notes in docs/ and the last two PRs on the cleaning models and tell me what we "
                        "agreed on bad readings",
                  "From the cleaning models and the review thread on the last PR: out-of-range readings are never "
                  "deleted. They get a quality_flag column set to 'suspect' or 'invalid' and stay in the table, "
                  "because the hydrologists audit them and asked to see the raw value.", "quality_flag column"),
        [said(0.35, "test stations, the ones with ids starting with T, get dropped entirely in staging, they're "
                    "bench rigs. can you fix the dbt deprecation warnings", "ids starting with T")],
        Ask("the river gauge at Millbrook sometimes reports 9999 for the water level, deal with that in cleaning",
            "models/staging"),
    )
    b.decision(
        "infra-live",
        said(0.4, "long story short after the audit, and I'm only mentioning it because you'll see the bastion "
                  "module going away: shell access to anything goes through SSM Session Manager from now on and "
                  "port 22 gets closed everywhere, no more bastion, no more keys on laptops. for today though can "
                  "you just plan the staging change for the log bucket", "SSM Session Manager"),
        [concluded(0.6, "how do the CI runners get into the private subnets?",
                   "The CI runners assume a role through GitHub OIDC and only talk to the AWS APIs; they never open "
                   "a connection into the private subnets.", "GitHub OIDC")],
        Ask("the new contractor needs to get a shell on the staging batch box, set that up", "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        said(0.45, "For the offline mode we decide: the app keep the plants in Room and when it sync it is "
                   "last-write-wins by updated_at, no merging of the fields. It is simple and the users edit mostly "
                   "from one phone. Now please the crash when rotating on the photo screen", "last-write-wins"),
        [concluded(0.7, "are photos synced?",
                   "No. Photos stay on the device and are never uploaded unless the user exports a plant.",
                   "never uploaded unless the user exports")],
        Ask("someone edited the same plant on their tablet and their phone while both were offline, and after sync "
            "one of the edits was gone. expected or a bug?", GARDEN),
    )
    b.decision(
        "cadence-ios",
        said(0.6, "sharing: we render a card with ImageRenderer and hand it to ShareLink, no web page and no deep "
                  "link backend for now. ok, the haptics on the watch next", "ImageRenderer"),
        [concluded(0.35, "how do people get a plan out of the app?",
                   "Plans are exported as a plain .json document through the Files app; there is no import from "
                   "other apps yet.", "plain .json document")],
        Ask("let people post their finished workout to Instagram stories or Messages", "App/Views"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.5, "like last time with the refunds endpoint: every new endpoint gets a permission class from "
                  "backend/permissions.py, never AllowAny, not even for the 'internal' ones. ok the stock count view",
             "never AllowAny"),
        [concluded(0.3, "how does the website read the product feed?",
                   "The public product feed for the website authenticates with a static key in the X-Feed-Key "
                   "header, not a user account.", "X-Feed-Key")],
        Ask("expose the till float counts as a read-only endpoint for the area managers", "backend/reports"),
    )
    b.rule(
        "routewise",
        said(0.35, "same as in eta.go please, dispatch code gets the time from the injected Clock in internal/clock, "
                   "never time.Now() directly, otherwise the tests depend on the wall clock",
             "internal/clock"),
        [said(0.65, "log timestamps are whatever zap stamps on them, don't bother with those. can you shorten the "
                    "startup log", "whatever zap stamps")],
        Ask("reject plan requests for dates that are already over", "internal/dispatch"),
    )
    b.rule(
        "parcelhub",
        said(0.45, "one more thing for this repo all the route handlers validate the body with the zod schemas in "
                   "src/schemas before touching anything else no manual if checks ok now the tracking endpoint",
             "src/schemas"),
        [concluded(0.7, "how are query strings parsed?",
                   "Query strings go through the qs defaults of the framework, nothing custom; arrays come in as "
                   "repeated keys.", "qs defaults")],
        Ask("add POST /returns that takes an order id and a reason", "src/routes"),
    )
    b.rule(
        "ledgerline",
        said(0.4, "same as we did in InvoiceService last sprint: constructor injection only, no @Autowired on fields, "
                  "final fields everywhere. can you sort out the credit note service the same way",
             "no @Autowired on fields"),
        [concluded(0.6, "are field mocks ok in tests?",
                   "Yes, test classes may use @MockBean fields; the constructor rule is for production classes "
                   "only.", "@MockBean fields")],
        Ask("create a service that mails the monthly statement PDFs to the customers' accountants", BILLING),
    )
    b.rule(
        "fernbook",
        concluded(0.55, "the expiry mailer job ran out of memory last night, why?",
                  "It loaded every member with .all.each, 180,000 records at once. I rewrote it with find_each. As "
                  "you said afterwards, that's the rule for all jobs in this app: anything that walks a table in a "
                  "background job uses find_each in batches, never .all.each.", "find_each"),
        [said(0.3, "in the admin csv export pluck is fine, it's a few thousand rows. can you add the phone column",
              "pluck is fine")],
        Ask("write a job that emails every member whose membership ends this month", "app/models"),
    )
    b.rule(
        "stockroom",
        said(0.6, "like the bins router: every endpoint declares a response_model, we never return bare dicts from "
                  "a route. go on with the suppliers one", "response_model"),
        [concluded(0.4, "why aren't the debug endpoints in the docs?",
                   "The /internal/debug endpoints return raw dicts on purpose and are excluded from the schema with "
                   "include_in_schema=False.", "include_in_schema=False")],
        Ask("add GET /suppliers/{id}/lead-times", "app/routers"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "again a hardcoded english string in the channel. every user facing text goes through "
                   "BeaconWeb.Gettext, that's the rule since the portuguese launch. fix the join error",
             "BeaconWeb.Gettext"),
        [concluded(0.7, "should log messages be translated too?",
                   "No, log messages stay in English and are never passed through translation; only what a user "
                   "sees is.", "log messages stay in English")],
        Ask("tell people why their message was refused when they post to a room they were kicked from",
            "lib/beacon_web/channels"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.5, "In this repository we never allocate inside the hot loop, all the line buffers are reused from "
                  "the BufPool, please respect it also in the new code. Now the --count flag", "BufPool"),
        [said(0.25, "for the config loading the allocation is no problem, it run once at start. can you make the "
                    "error message nicer", "it run once at start")],
        Ask("support matching on the value of one JSON field in each line", "src"),
    )
    b.rule(
        "brightdesk",
        said(0.55, "again a hex colour in a component... like I said on the badge PR, colours come only from "
                   "src/theme/tokens.ts, nothing hard-coded, the dark theme breaks every time",
             "src/theme/tokens.ts"),
        [concluded(0.3, "can the charts use their own colours?",
                   "The charts get their own palette array of eight fixed colours from the designers; they do not "
                   "switch with the theme.", "own palette array")],
        Ask("make the priority pill red for urgent tickets", "src/components"),
    )
    b.rule(
        "meshkit",
        said(0.4, "Please in this repo every new algorithm come with a benchmark in bench/ using Google Benchmark, we "
                  "follow the regressions from it in CI. Now can you look at the PLY header parsing", "Google Benchmark"),
        [concluded(0.65, "do the file readers need benchmarks?",
                   "Not for the readers and writers: the disk is the bottleneck there, so they are only "
                   "measured end to end.", "the disk is the bottleneck")],
        Ask("implement Loop subdivision for the smoothing step", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.3, "same as the stations model: every column in snake_case with the unit as suffix, like flow_m3s and "
                  "level_cm, so nobody has to guess. can you redo the rainfall one that way", "unit as suffix"),
        [concluded(0.6, "why do the source tables have CamelCase columns?",
                   "Source tables keep whatever names the vendor sends, CamelCase included; renaming happens in "
                   "the staging models.", "whatever names the vendor sends")],
        Ask("add the water temperature and turbidity to the readings model", "models/staging"),
    )
    b.rule(
        "infra-live",
        concluded(0.5, "why did the security review flag the worker module?",
                  "It allowed ingress from anywhere on 8080. I've narrowed it to the load balancer's security group. "
                  "For the record, as the review put it: no security group here gets ingress from 0.0.0.0/0 except "
                  "on the public ALB; everything else references another security group.",
                  "except on the public ALB"),
        [said(0.7, "egress is wide open everywhere for now, that's accepted until the proxy project. can you format "
                   "the vars file", "egress is wide open")],
        Ask("open the metrics port on the worker nodes so the new collector can scrape them", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.35, "please no coroutine outside of viewModelScope in the screens, I found again a GlobalScope.launch "
                   "in the plant detail. it leak when the user leave the screen", "viewModelScope"),
        [concluded(0.6, "what scope do the background sync workers use?",
                   "The background sync workers are CoroutineWorker subclasses and run in the scope the worker "
                   "gives them.", "CoroutineWorker subclasses")],
        Ask("load the weather forecast when the plant detail screen opens", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.45, "reminder like on the timer screen: every custom control gets an accessibility label and has to "
                   "work with Dynamic Type all the way to AX5, I test with the biggest size", "AX5"),
        [concluded(0.7, "do the complications follow the text size?",
                   "The watch complications are exempt: they have fixed sizes set by the system families.",
                   "fixed sizes set by the system")],
        Ask("add a stepper to set the number of rounds in the plan editor", "App/Views"),
    )


def _corrections_backend(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "receipts are kept for 6 years in the archive bucket, put that in the retention doc",
             "kept for 6 years"),
        said(0.7, "update on the retention thing, the whole setting so nobody has to piece it together: receipts "
                  "still go to the archive bucket and still get gzipped, but they're kept 10 years now because the "
                  "tax office changed the rule for card payments. everything else about the archive job stays as it "
                  "was", "kept 10 years"),
        [],
        Ask("write the cleanup job that deletes old receipts from the archive", "backend/reports"),
    )
    b.correction(
        "routewise",
        concluded(0.25, "how does the ETA work?",
                  "The ETA assumes an average speed of 30 km/h on every leg, plus three minutes per stop.",
                  "30 km/h on every leg"),
        said(0.65, "so to restate the ETA model after the change, all of it: the first 20 km use the traffic speeds "
                   "from the routing engine, anything beyond that a flat 45 km/h, and stops still add three minutes "
                   "each. the old single average is gone", "flat 45 km/h"),
        [],
        Ask("drivers say arrival times are off by 20 minutes on the long rural routes, check the estimate maths",
            "internal/dispatch"),
    )
    b.correction(
        "parcelhub",
        said(0.3, "max weight per parcel is 31.5 kg for every carrier, reject anything heavier in the quote",
             "31.5 kg for every carrier"),
        concluded(0.75, "are weight limits still global?",
                  "No. The single global limit is gone since the DPD and GLS contracts were renegotiated: the limit "
                  "is set per carrier in the carrier config, 40 kg for DPD and GLS and 20 kg for Royal Mail.",
                  "per carrier in the carrier config"),
        [],
        Ask("customer can't book a 35 kilo parcel, quote endpoint says too heavy", "src/routes"),
    )
    b.correction(
        "ledgerline",
        said(0.3, "late fee is 2% per month on the open amount, add it to the dunning letter", "2% per month"),
        said(0.7, "the late fee, the whole setting again because legal rewrote it: a flat €15 per overdue invoice, "
                  "charged once when the first reminder goes out, no monthly percentage any more, that one wasn't "
                  "enforceable", "flat €15"),
        [],
        Ask("implement the fee we charge when an invoice goes overdue", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.2, "members can have at most 3 upcoming bookings, the booking form should block the 4th",
             "at most 3 upcoming"),
        concluded(0.6, "does the upcoming bookings limit still apply to everyone?",
                  "After the pricing change it depends on the plan: basic members keep a cap of three upcoming "
                  "bookings, and premium members have no limit on upcoming bookings.",
                  "premium members have no limit"),
        [],
        Ask("a premium member got 'too many bookings' when trying to book a fourth room, is that right?",
            "app/models"),
    )
    b.correction(
        "stockroom",
        said(0.25, "low stock means under 10 units for every item, send the purchasing email then",
             "10 units for every item"),
        said(0.65, "the low-stock rule, restated: each item has its own reorder_point column that purchasing sets, "
                   "default 5, and the alert fires when on_hand drops below that. the fixed ten is gone",
             "reorder_point column"),
        [],
        Ask("the low stock email keeps firing for items that purchasing says are fine", "app"),
    )
    b.correction(
        "beacon-chat",
        concluded(0.3, "what's the upload limit?",
                  "Uploads are limited to 25 MB per file; the presign step refuses anything larger.", "25 MB per file"),
        said(0.7, "the upload limit, the whole thing again since it confused support: 100 MB for everyone, videos "
                  "included, checked in the presign step and not in the channel", "100 MB for everyone"),
        [],
        Ask("user says their 60mb screen recording won't upload, is that a bug?", "lib/beacon"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.3, "lines longer than 64 KiB get truncated, write that in the README limitations section",
             "64 KiB get truncated"),
        concluded(0.7, "what happens now with the giant lines?",
                  "With the new reader the limit is 1 MiB per line, and a longer line is skipped with a warning on "
                  "stderr instead of being cut; the old truncation is gone.", "skipped with a warning"),
        [],
        Ask("someone piped a minified JS bundle through it and the output looks like garbage", "src"),
    )
    b.correction(
        "brightdesk",
        said(0.25, "we support the last two versions of Chrome, Firefox and Safari, nothing older",
             "last two versions of Chrome"),
        said(0.6, "browser support, the full setting now: browserslist is '> 0.5%, not dead' plus Safari 15 as the "
                  "floor, because the big customer's iPads are stuck on 15. the 'last two versions' line is wrong "
                  "now", "Safari 15 as the floor"),
        [],
        Ask("can I use the CSS :has() selector for the ticket row hover?", "src/components"),
    )
    b.correction(
        "meshkit",
        said(0.2, "minimum is CMake 3.16, don't use anything newer in the CMakeLists", "CMake 3.16"),
        said(0.7, "we require CMake 3.28 now, for the module scanning, so the 3.16 rule is over", "CMake 3.28"),
        [],
        Ask("build fails on the ubuntu 22.04 runner, the apt cmake is too old", "src"),
    )
    b.correction(
        "tidewater-etl",
        said(0.3, "dbt runs with 4 threads, the warehouse can't take more", "runs with 4 threads"),
        concluded(0.7, "what thread count does dbt use now?",
                  "Since the warehouse upgrade the prod target runs dbt with 12 threads; local runs keep their own "
                  "setting in the profile.", "12 threads"),
        [],
        Ask("the nightly dbt build got slower as we added models, can we parallelise it more?", "dags"),
    )
    b.correction(
        "infra-live",
        said(0.2, "prod database is a db.r6g.large, staging should mirror the class", "db.r6g.large"),
        said(0.6, "resized the prod database to db.r6g.2xlarge after the black friday load, everything else on it "
                  "unchanged", "db.r6g.2xlarge"),
        [],
        Ask("make the staging db match the prod instance class", "envs/staging"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "targetSdk is 33, don't raise it without telling me", "targetSdk is 33"),
        said(0.65, "we are on targetSdk 35 now, Play require it since august, I did the bump", "targetSdk 35"),
        [],
        Ask("do we need to handle the new edge-to-edge default in the plant list screen?", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "iCloud sync is off, plans are on device only", "plans are on device only"),
        concluded(0.65, "did the sync ship?",
                  "Yes: plans now sync through the CloudKit private database, with the local store as a cache.",
                  "CloudKit private database"),
        [],
        Ask("restored my iPad from a backup and the plan list was empty until I opened the app twice. what should "
            "happen?", "App"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("what's the difference between select_related and prefetch_related?"))
    b.irrelevant("routewise", Ask("what does iota do in a Go const block?"))
    b.irrelevant("routewise", Ask("how do I read benchmark output, what's ns/op vs B/op?", "internal/geo"))
    b.irrelevant("logslice", Ask("iter() vs into_iter() vs iter_mut(), when do I use which"))
    b.irrelevant("brightdesk", Ask("interface vs type in TypeScript, which one and why"))
    b.irrelevant("parcelhub", Ask("in what order do setTimeout, setImmediate and process.nextTick run?"))
    b.irrelevant("parcelhub", Ask("== vs === in JS, one sentence"))
    b.irrelevant("ledgerline", Ask("Optional.orElse vs orElseGet, what's the actual difference?", BILLING))
    b.irrelevant("fernbook", Ask("what's the difference between includes, preload and eager_load?"))
    b.irrelevant("beacon-chat", Ask("Enum vs Stream in elixir, when is Stream worth it"))
    b.irrelevant("meshkit", Ask("should I std::move a local when I return it?", "src"))
    b.irrelevant("tidewater-etl", Ask("ROWS BETWEEN vs RANGE BETWEEN in a window, quick explanation"))
    b.irrelevant("infra-live", Ask("what does a moved block do in terraform?"))
    b.irrelevant("pocketgarden", Ask("sealed class vs sealed interface in kotlin?"))
    b.irrelevant("stockroom", Ask("how does the walrus operator work, tiny example"))
    b.irrelevant("cadence-ios", Ask("what does 'some View' actually mean in swift"))
