"""The fourth held-out split: fresh facts and probes, measured twice (at 8f189fc and 480735b); training since.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
per-probe results or failures; the earlier splits' planted statements, probes and irrelevant
prompts were read only to keep these facts, values and wordings clear of them. Same repositories,
new facts, in voices and forms the earlier splits do not use: terse chat-speak full of
abbreviations (fyi, w/, b/c, tbh, rn), facts buried in pasted command output (``docker compose
ps``, ``kubectl get``, ``xcodebuild -list``) that the assistant then summarises, decisions stated as
the outcome of a benchmark the assistant ran (numbers first, the choice last), rules stated as
complaints after a mistake ("why did you ... again, we never ... here"), code-review comments
pasted in as quotes, corrections that come several sessions later and restate only the changed
part ("re the z-report: 23:30 now") or arrive as a pasted config diff, global preferences said
in French and Spanish or as "I always ..." in a third project, cross-project pairs that made
opposite choices on the same question, and statements placed early, midway and late in their
sessions. Probes are one-line imperatives, symptoms described in other words than the fact,
and multi-part prompts of which only one part needs memory; the irrelevant prompts share topic
words with planted facts (isochrones, doctests, HTTP 429, SCD2) but need none of them.
Decisions, rules, corrections and irrelevant prompts are here; bugfixes, facts, causes and
effects, global preferences and cross-project negatives are in :mod:`bench.coding.heldout4_more`.

heldout4 was measured twice while held out, at 8f189fc (right after it was planted) and at 480735b;
training since. Its held-out figures are those commits' ``bench/results/coding_heldout4_none*.json``; the
splits held out now are :mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10` and
:mod:`bench.coding.heldout11`.
"""

from __future__ import annotations

from bench.coding import heldout4_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout4")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    _corrections_backend(b)
    _corrections_rest(b)
    heldout4_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        concluded(0.3, "bench the three json libs on the head office sync payload and pick the fastest, I don't care "
                       "which",
                  "Results, 10,000 receipt lines, 50 runs each: stdlib json 412 ms, ujson 140 ms, orjson 61 ms. As "
                  "you said, the fastest wins: the head office sync serialises with orjson from now on; it returns "
                  "bytes, so the view passes them straight to the response.", "orjson"),
        [said(0.55, "supplier price lists come in as XML, we read them with lxml iterparse so the 200MB ones don't "
                    "blow up memory. can u check the import test", "lxml iterparse")],
        Ask("the nightly sales push to head office spends ages encoding the payload, speed it up", "backend/orders"),
    )
    b.decision(
        "routewise",
        said(0.6, "fyi we're going w/ Valhalla for the reachability polygons, our router can't do isochrones. it runs as "
                  "its own container next to the router. ok ship the stops handler fix", "Valhalla"),
        [concluded(0.25, "how is the depot catchment on the admin drawn?",
                   "The depot catchment on the admin is a static PNG that the ops team redraws each quarter; "
                   "nothing computes it.", "static PNG that the ops team redraws")],
        Ask("shade the area a driver can reach in 20 minutes from the depot on the planner map", "internal/geo"),
    )
    b.decision(
        "parcelhub",
        concluded(0.5, "run both address checkers over last quarter's returned parcels and pick one",
                  "Over the 2,000 parcels returned as undeliverable: Loqate flagged 97.8% of the bad addresses, the "
                  "open-source matcher 81.2%, at 3p per lookup against nothing. You said beforehand that accuracy "
                  "decides, so address validation at checkout goes through Loqate.", "Loqate"),
        [said(0.35, "carrier service points come live from each carrier's own locator API, we don't cache those. "
                    "can you look at the flaky label test", "own locator API")],
        Ask("too many parcels bounce because people type rubbish addresses, check them before the order goes "
            "through", "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.4, "tl;dr FX on invoices: rate locked at invoice issue date, not at payment date, finance signed off "
                  "w/ the auditors. ok pls look at the flaky PaymentMatcherTest", "locked at invoice issue date",
             echo="Going by the earlier note: foreign-currency invoice totals use the rate locked at invoice issue "
                  "date."),
        [concluded(0.7, "what rate do incoming foreign payments use?",
                   "Incoming payments in a foreign currency are booked at the rate of the day they arrive, because "
                   "that is what the bank credits.", "rate of the day they arrive")],
        Ask("a USD invoice issued in March got paid in May, which rate goes on the invoice total?", BILLING),
        Ask("convert foreign-currency invoice totals to GBP for the ledger export, and also fix the checkstyle "
            "warnings in the exporter", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.2, "ngl devise is overkill for us, we're moving login to the rails 8 authentication generator, ppl only "
                  "sign in w/ email+pw anyway. can u look at the failing request spec first", "authentication generator"),
        [said(0.65, "the enterprise tenants log in through WorkOS SSO, that part stays separate. bump rubocop pls",
              "WorkOS SSO")],
        Ask("add 'remember me' to the member login", "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        concluded(0.45, "load test the three ways of fanning out typing indicators at 5k sockets and keep the best",
                  "At 5,000 simulated sockets, p99 per typing event: PubSub broadcast on the room topic 38 ms, a "
                  "GenServer per room 95 ms, Registry dispatch 12 ms. Going with Registry dispatch for typing "
                  "indicators, as agreed the fastest one stays.", "Registry dispatch"),
        [said(0.75, "reactions are batched by the room process and flushed every 200 ms, leave that alone. can u fix "
                    "the dialyzer warning", "flushed every 200 ms")],
        Ask("show 'Ana is typing…' in big rooms without the server falling over", "lib/beacon"),
    )
    b.decision(
        "stockroom",
        concluded(0.55, "EXPLAIN ANALYZE for the bin history query, pasted below. what now?\n\n"
                        "Seq Scan on movements  (cost=0.00..912345.10 rows=41023311)\n"
                        "  Filter: (bin_id = 4411)\n  Rows Removed by Filter: 41022907\n"
                        "Execution Time: 9120.331 ms",
                  "The plan is a sequential scan over 41 million movements for one bin. As we discussed, movements "
                  "get range-partitioned by month, with pg_partman creating next month's partition ahead of time, "
                  "so a bin's history only touches the months it asks for.", "pg_partman"),
        [said(0.3, "bins are tiny, leave that table alone, the (aisle, shelf) index is enough. can you add the "
                   "missing type hints in the router", "(aisle, shelf) index")],
        Ask("the history page for a bin takes nine seconds now that we have two years of scans", "app/routers"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        said(0.35, "```\n$ hyperfine 'logslice --json-in big.ndjson' (serde_json)  Time (mean): 2.81 s\n"
                   "$ hyperfine 'logslice --json-in big.ndjson' (simd-json)   Time (mean): 1.12 s\n```\n"
                   "so simd-json for the structured input path, behind the default feature. the plain text path "
                   "doesn't change. next: the --color flag docs", "simd-json"),
        [concluded(0.65, "what reads the config file?",
                   "The config file is read with the toml_edit crate so comments survive when we rewrite it; "
                   "start-up cost does not matter there.", "toml_edit crate")],
        Ask("add jq-style field selection on structured log lines", "src"),
    )
    b.decision(
        "brightdesk",
        said(0.5, "pasting Ana's review on #412 so it's on record:\n> we agreed in the frontend sync: every data grid "
                  "uses TanStack Table. please don't hand-roll sorting and pagination again\nfair. can you redo the "
                  "assignment grid with it", "TanStack Table"),
        [concluded(0.3, "is the ticket sidebar a table component?",
                   "No, the key-value list in the ticket sidebar is a plain <dl> with two columns of CSS grid; it "
                   "needs no table library.", "plain <dl>")],
        Ask("the accounts page needs a sortable, paginated list of customers with their open ticket count",
            "src/components"),
    )
    b.decision(
        "meshkit",
        said(0.7, "booleans: we vendor the Manifold library for union/difference, CGAL is GPL and the studio can't "
                  "ship that. ok now the PLY reader warnings", "Manifold library"),
        [concluded(0.4, "how does the hole filler triangulate?",
                   "The hole filler triangulates each boundary loop with a minimum-weight dynamic program; no "
                   "external library is involved.", "minimum-weight dynamic program")],
        Ask("subtract the mounting-hole cylinder from the bracket mesh", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.45, "pasting Sanjay's review comment from the PR:\n> station metadata must be a dbt snapshot (SCD2), "
                   "not overwritten in place - we need to know where a gauge stood at the time of each reading\n"
                   "agreed, let's do that. anyway can you look at the sqlfluff errors", "dbt snapshot (SCD2)"),
        [said(0.2, "calibration constants are a seed, overwritten whenever the lab sends a new sheet, no history "
                   "needed. fix the seed types pls", "overwritten whenever the lab sends")],
        Ask("a gauge was moved 2 km downstream in June and now all its old readings show the new position",
            "models/staging"),
    )
    b.decision(
        "infra-live",
        said(0.55, "went w/ External Secrets Operator pulling from Parameter Store, sealed-secrets was a pain to "
                   "rotate. can u tf fmt the modules", "External Secrets Operator"),
        [concluded(0.3, "where does CI get its deploy credentials?",
                   "CI's deploy credentials are GitHub environment secrets scoped to each environment; nothing in "
                   "the cluster reads them.", "GitHub environment secrets")],
        Ask("the new worker service needs its database password inside the cluster, wire it up", "envs/prod"),
    )
    b.decision(
        "pocketgarden",
        said(0.3, "DI: Hilt, not Koin, b/c we want the wiring errors at compile time not at startup on someone's "
                  "phone. pls set up the app module", "Hilt, not Koin"),
        [concluded(0.6, "how do the widgets get their data?",
                   "The home-screen widgets read a small snapshot file that the sync worker writes; they have no "
                   "dependency graph of their own.", "small snapshot file")],
        Ask("the detail screen's viewmodel needs the new ReminderRepository, hook it up", GARDEN),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "two things: 1) the watch app is a standalone watchOS app w/ its own workout session, not mirrored "
                  "from the phone, people leave the phone in the locker 2) fix the snapshot test pls",
             "standalone watchOS app"),
        [concluded(0.75, "who starts the Live Activity?",
                   "Live Activities are started by the phone app only, when a workout begins there.",
                   "started by the phone app only")],
        Ask("let people start a workout from the wrist when the phone is at home", "App"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.4, "why did you rename the column in one migration again?? we never rename in one step here: add the "
                  "new column, backfill, drop the old one a release later, the tills run old code for days. redo it",
             "drop the old one a release later"),
        [said(0.7, "new nullable columns can go in a single migration, no ceremony. can you add discount_reason",
              "single migration, no ceremony")],
        Ask("rename Product.sku_code to Product.barcode", "backend"),
    )
    b.rule(
        "routewise",
        said(0.65, "you built the query with fmt.Sprintf again. we never do that here, queries live in queries/*.sql "
                   "and sqlc generates the Go. regenerate and delete the Sprintf", "sqlc generates the Go"),
        [concluded(0.35, "how are schema changes applied?",
                   "Schema changes are goose files in db/migrations, applied by the deploy job before the new "
                   "pods start.", "goose files in db/migrations")],
        Ask("list the plans of one depot for a date range, the dispatchers want it on the admin", "internal/dispatch"),
    )
    b.rule(
        "parcelhub",
        said(0.3, "rule fwiw: every handler is async and wrapped in asyncHandler() so rejections reach the error "
                  "middleware. no try/catch in each route. ok the manifest endpoint", "asyncHandler()"),
        [concluded(0.6, "why is the health route different?",
                   "The health route is sync on purpose and answers before any middleware that could hang.",
                   "health route is sync on purpose")],
        Ask("DELETE /shipments/:id to cancel a shipment before pickup", "src/routes"),
    )
    b.rule(
        "ledgerline",
        said(0.5, "why did you catch Exception again in the service... we never catch generic Exception in "
                  "services here. catch what you can handle, the rest goes up to the GlobalErrorAdvice. fix it pls",
             "GlobalErrorAdvice"),
        [said(0.25, "the batch runner's top level may catch Throwable, it logs and marks the run failed, that's "
                    "the one place. can you rename the job params", "catch Throwable")],
        Ask("handle the bank API being down when we submit a payment run", BILLING),
    )
    b.rule(
        "fernbook",
        said(0.6, "pasting my own review comment so we don't do this again:\n> no default_scope, ever. it leaks "
                  "into every query and unscoped is a trap. named scopes only.\nok can you fix the room search "
                  "spec", "no default_scope, ever"),
        [concluded(0.3, "are counter caches allowed?",
                   "Yes, counter caches are fine; rooms.bookings_count is one and the dashboard depends on it.",
                   "rooms.bookings_count")],
        Ask("hide cancelled bookings from every list in the app", "app/models"),
    )
    b.rule(
        "beacon-chat",
        said(0.35, "you put a Repo call in the channel again. channels never touch Repo here, they call the "
                   "Beacon.Messaging context and that's it. move it", "Beacon.Messaging context",
             echo="Per the note from before, the channel goes through the Beacon.Messaging context, not Repo."),
        [said(0.7, "priv/repo/seeds.exs uses Repo.insert_all directly, that's fine, it's a script. can u add a "
                   "second room to the seeds", "Repo.insert_all directly")],
        Ask("when someone pins a message, save it and tell everyone in the room", "lib/beacon_web/channels"),
    )
    b.rule(
        "stockroom",
        said(0.45, "why is there os.environ in the router again?! we never read env vars in modules here, "
                   "everything goes through the Settings class in app/config.py so it's validated at startup",
             "Settings class in app/config.py"),
        [concluded(0.75, "can the tests set environment variables?",
                   "Yes, tests/conftest.py may set environment variables before the app is imported; that is how "
                   "the test database URL gets in.", "conftest.py may set environment variables")],
        Ask("make the reservation timeout configurable per depot, and add a test for it", "app"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.55, "from the review, pasting:\n> every pub item in slice-core needs a doc comment with an example "
                   "that runs as a doctest. CI runs cargo test --doc.\nplease keep to that. now the --since parser",
             "runs as a doctest"),
        [said(0.3, "private helpers in the cli crate need no doc comments, don't bother. can u tidy main.rs",
              "private helpers in the cli crate")],
        Ask("expose the line classifier from the core crate so the plugin crate can use it", "crates/slice-core"),
    )
    b.rule(
        "brightdesk",
        said(0.35, "why did you fetch inside a useEffect again. we never fetch in effects here, every server call is "
                   "a query hook in src/api/hooks. pls move it", "src/api/hooks"),
        [concluded(0.65, "does the live feed use a query?",
                   "No: the websocket feed pushes into the store directly; it is not a query and has no cache key.",
                   "pushes into the store directly")],
        Ask("load the customer's previous tickets when the side panel opens", "src/components"),
    )
    b.rule(
        "meshkit",
        said(0.25, "rule for src/: no naked new or delete, unique_ptr or a container, asan keeps catching us. ok "
                   "now the decimator", "no naked new or delete"),
        [concluded(0.55, "how does the C API allocate?",
                   "The C API shim allocates with malloc because the studio frees results with free(); that file is "
                   "the exception.", "frees results with free()")],
        Ask("add a half-edge structure for the boundary walker", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.6, "why is the schema name hardcoded in the model again. we never hardcode schemas in models, use "
                  "source() or ref() so the targets work. fix the two new ones", "never hardcode schemas in models"),
        [said(0.35, "the one-off backfill script in scripts/ names the schema, that's fine, it's run by hand. can u "
                    "add a --dry-run", "backfill script in scripts/ names the schema")],
        Ask("add a model that joins the readings to the table of station owners", "models/staging"),
    )
    b.rule(
        "infra-live",
        said(0.4, "from Priya's review, pasting so it sticks:\n> every module needs versions.tf with "
                  "required_providers and a README generated by terraform-docs, CI fails without them\n"
                  "ok, can you plan staging", "terraform-docs"),
        [concluded(0.7, "do the env folders need a README?",
                   "No, the envs/ folders are just wiring of modules; they need no README of their own.",
                   "envs/ folders are just wiring")],
        Ask("create a module for the SQS queues the workers read from", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.5, "u used Log.d again... we never use android.util.Log here, Timber only, the release tree drops "
                  "debug lines. pls fix", "Timber only"),
        [concluded(0.2, "how do crash reports get breadcrumbs?",
                   "Breadcrumbs for crash reports are added with Crashlytics.log in the few places that matter, "
                   "not through the app's logging.", "Crashlytics.log")],
        Ask("add some logging to the watering scheduler so I can see why it skips days", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.65, "pasting the review on the stats PR:\n> views here never own business logic. every screen gets an "
                   "@Observable model in App/Models, previews inject a fake one\nsorry, my bad. can you split it",
             "@Observable model in App/Models"),
        [said(0.3, "the onboarding carousel is pure view code, no model needed, it's three pages of text. fix the "
                   "typo on page 2", "onboarding carousel is pure view code")],
        Ask("build the screen that shows personal records per exercise", "App/Views"),
    )


def _corrections_backend(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.15, "the z-report goes out by email at 22:00 to the area manager, after the last shop closes. add it "
                   "to the ops doc", "22:00 to the area manager"),
        said(0.8, "re the z-report mail: half eleven now, the late shops complained", "half eleven"),
        [],
        Ask("schedule the z-report mail for the new shop in Leeds", "backend/reports"),
    )
    b.correction(
        "routewise",
        concluded(0.2, "what's the shift limit in the planner?",
                  "The planner caps a driver's shift length at 9 hours, breaks included.", "shift length at 9 hours"),
        said(0.7, "shift cap -> 10h from jan, union deal. breaks still count", "10h from jan"),
        [],
        Ask("the planner refuses a route of nine and a half hours, is that right?", "internal/dispatch"),
    )
    b.correction(
        "parcelhub",
        said(0.25, "returns window is 14 days from delivery, the returns endpoint should refuse after that",
             "returns window is 14 days"),
        said(0.75, "returns: the xmas 30-day window stays for good, still counted from delivery", "30-day window stays"),
        [],
        Ask("customer got the parcel on 1 Oct and wants to send it back on 20 Oct, do we accept it?", "src/routes"),
    )
    b.correction(
        "ledgerline",
        said(0.3, "the payment run to the bank is daily at 16:00, suppliers get paid next morning",
             "daily at 16:00"),
        said(0.85, "heads up, payment run: twice a day now, 10:00 and 16:00. nothing else changed",
             "twice a day now"),
        [],
        Ask("supplier asks when they'll get paid if we approve their invoice at 9am, what do I tell them?",
            BILLING),
    )
    b.correction(
        "fernbook",
        said(0.1, "no-show fee is a flat 10 euros, charge it the day after", "flat 10 euros"),
        concluded(0.6, "the no-show fee still the same?",
                  "No: ops changed it last month, a no-show is now charged 50% of the booking price instead of a "
                  "flat amount; the day-after timing is the same.", "50% of the booking price"),
        [],
        Ask("charge the member who didn't turn up for yesterday's meeting room booking", "app/models"),
    )
    b.correction(
        "beacon-chat",
        said(0.2, "free plan: messages are deleted after 90 days, paid plans keep everything",
             "deleted after 90 days"),
        said(0.65, "msg retention on the free plan is 1 yr now, marketing thing", "1 yr now"),
        [],
        Ask("write the job that purges old messages for free workspaces", "lib/beacon"),
    )
    b.correction(
        "stockroom",
        said(0.35, "a pick list holds at most 50 lines, split anything bigger into two lists", "at most 50 lines"),
        said(0.9, "pasting the settings diff from ops so it's here:\n```\n- PICK_LIST_MAX_LINES = 50\n"
                  "+ PICK_LIST_MAX_LINES = 120\n```\nthe new carts hold more. can u run the tests",
             "PICK_LIST_MAX_LINES = 120"),
        [],
        Ask("picker says order 8812 came out as two pick lists, it only has 70 lines", "app/routers"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.2, "--context defaults to 3 lines around a match, put that in the help", "defaults to 3 lines"),
        said(0.7, "re --context: default 0 now, only when asked. too noisy", "default 0 now"),
        [],
        Ask("document in the man page what you get when you don't pass --context", "src"),
    )
    b.correction(
        "brightdesk",
        said(0.25, "attachments in the reply box go up to 10 MB, reject bigger ones on the client",
             "go up to 10 MB"),
        said(0.75, "backend raised it, mirror it in the client:\n```\n- MAX_ATTACHMENT_MB: 10\n"
                   "+ MAX_ATTACHMENT_MB: 35\n```", "MAX_ATTACHMENT_MB: 35"),
        [],
        Ask("agent says a 20 MB pdf gets rejected by the reply box before it even uploads", "src/components"),
    )
    b.correction(
        "meshkit",
        said(0.3, "simplify() keeps 50% of the faces when the caller gives no target", "keeps 50% of the faces"),
        said(0.8, "default simplify ratio -> 0.25, the viewer team asked", "ratio -> 0.25"),
        [],
        Ask("what does simplify do if the caller doesn't pass a ratio? write it in the header comment",
            "include/meshkit"),
    )
    b.correction(
        "tidewater-etl",
        said(0.15, "the gauges DAG pulls every quarter hour, that's all the vendor allows", "every quarter hour"),
        concluded(0.6, "is the gauges schedule still the same?",
                  "No, since the flood warning contract the gauges DAG runs every 5 minutes; the vendor lifted the "
                  "limit for us.", "every 5 minutes"),
        [],
        Ask("flood team says our water levels are up to a quarter of an hour old, is that expected?", "dags"),
    )
    b.correction(
        "infra-live",
        said(0.3, "staging shuts down at 20:00 on weekdays through the instance scheduler",
             "shuts down at 20:00"),
        said(0.75, "staging off-hours: 22:00 now, for the US folks", "22:00 now"),
        [],
        Ask("US QA says staging dies in the middle of their afternoon", "envs/staging"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "shortest watering interval is one day, the picker shouldn't go below",
             "shortest watering interval is one day"),
        said(0.7, "interval can be 12h now, the hydroponics people asked", "12h now"),
        [],
        Ask("let users water their basil twice a day", GARDEN),
    )
    b.correction(
        "cadence-ios",
        concluded(0.25, "what does the end-of-interval sound do?",
                  "The last three seconds of an interval beep once per second, 3-2-1.", "beep once per second"),
        said(0.8, "countdown sound: only one beep at zero now, design found 3-2-1 annoying", "one beep at zero"),
        [],
        Ask("add a 'halfway' voice cue, and keep the end-of-interval sound as designed", "App"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("what does a Z-report on a cash register usually contain, generally speaking?"))
    b.irrelevant("routewise", Ask("what's an isochrone, in one sentence?"))
    b.irrelevant("routewise", Ask("zero value of a map in Go, can I write to it?", "internal/geo"))
    b.irrelevant("logslice", Ask("what is a doctest in Rust and where does it run?"))
    b.irrelevant("brightdesk", Ask("how does optimistic UI work in general? two sentences"))
    b.irrelevant("parcelhub", Ask("what does HTTP 429 mean and what's Retry-After for?"))
    b.irrelevant("parcelhub", Ask("rename the variable `x` to `parcel` in this function", "src/services"))
    b.irrelevant("ledgerline", Ask("optimistic vs pessimistic locking in JPA, textbook answer please"))
    b.irrelevant("fernbook", Ask("soft delete vs hard delete, what are the trade-offs in general?"))
    b.irrelevant("beacon-chat", Ask("how is Registry different from :pg in Erlang, conceptually?"))
    b.irrelevant("meshkit", Ask("what does SPDX stand for?"))
    b.irrelevant("tidewater-etl", Ask("what's a type 2 slowly changing dimension, short version"))
    b.irrelevant("infra-live", Ask("S3 Object Lock: governance vs compliance mode, what's the difference?"))
    b.irrelevant("pocketgarden", Ask("Hilt vs plain Dagger, what does Hilt add?"))
    b.irrelevant("stockroom", Ask("what does table partitioning in postgres buy you, in general?"))
    b.irrelevant("cadence-ios", Ask("what is an audio session category on iOS, in plain words?"))
