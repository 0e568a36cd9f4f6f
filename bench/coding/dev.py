"""The dev split: planted facts, near misses and probes the engine may be tuned on.

Hand-written, one case per fact (see :mod:`bench.coding.cases` for what each builder call
implies). Probes were fixed before any tuning; change one only with a reason in the commit
message, and add new probes rather than rewording failing ones.
"""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.model import Split


def build() -> Split:
    b = SplitBuilder("dev")
    _decisions(b)
    _rules(b)
    _corrections(b)
    _bugfixes(b)
    _facts(b)
    _causal(b)
    _globals(b)
    _cross(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.3, "Let's get the receipt export going. For the record, we're doing the PDFs with WeasyPrint, since the "
                  "design team already hands us HTML and CSS for every receipt layout. Start with the sales receipt.",
             "WeasyPrint",
             echo="Going by the earlier note, receipts are rendered with WeasyPrint from the designers' HTML, so I "
                  "reused that setup for the refund slip."),
        [concluded(0.6, "why is the shelf label module so old-fashioned compared to everything else?",
                   "The shelf-label printer code draws each label directly with the ReportLab canvas API; it predates "
                   "the rest of the app and only knows the one label size.", "ReportLab")],
        Ask("generate a PDF version of the end-of-day report so managers can download it", "backend/reports"),
    )
    b.decision(
        "routewise",
        concluded(0.4, "should we keep computing driving distances ourselves or call out to something?",
                  "My recommendation, and what we agreed on: route distances come from a self-hosted OSRM instance, "
                  "because at our volume per-element billing from a hosted matrix API would cost more than the whole "
                  "cluster.", "OSRM"),
        [said(0.7, "for geocoding new customer addresses we call Nominatim, that's a separate thing from routing. "
                   "Can you add a retry around that call?", "Nominatim")],
        Ask("add travel-time estimates between consecutive stops to the plan response", "internal/dispatch"),
    )
    b.decision(
        "ledgerline",
        said(0.35, "Heads up before you touch the money code: we settled on BigDecimal with HALF_EVEN rounding "
                   "everywhere, because the auditors reconcile against the bank's banker's-rounding totals. Now, can "
                   "you look at the credit note totals?", "HALF_EVEN",
             echo="Per the earlier note, amounts are BigDecimal with HALF_EVEN rounding, so the fee is rounded the "
                  "same way as everything else."),
        [concluded(0.6, "how does the tax report exporter format amounts?",
                   "The tax report exporter formats amounts with DecimalFormat and two fixed decimals; it doesn't round "
                   "anything itself, it receives values that are already rounded.", "DecimalFormat")],
        Ask("add a late-payment fee of 1.5% per month to overdue invoices", "src/main/java/com/acme/billing"),
    )
    b.decision(
        "brightdesk",
        said(0.45, "We keep shared UI state in Zustand stores from now on, not context: the context version "
                   "re-rendered the whole ticket table on every keystroke. Can you move the sidebar state over first?",
             "Zustand"),
        [concluded(0.7, "is it a problem that the theme uses React context?",
                   "The colour theme lives in a ThemeProvider at the root and only changes when someone toggles dark "
                   "mode, so context is fine there.", "ThemeProvider")],
        Ask("add a filter panel whose selection (agents, date range) several components need to read",
            "src/components"),
    )
    b.decision(
        "parcelhub",
        concluded(0.5, "what's the best way to make label creation safe to retry?",
                  "We'll go with idempotency keys stored in a table with a unique index rather than an in-memory map: "
                  "the API runs on four pods, so a map would only dedupe within one pod.", "idempotency keys",
                  echo="The note from earlier applies here: label creation is guarded by idempotency keys in a table "
                       "with a unique index, so the retry reuses the request's key."),
        [said(0.2, "the tracking webhook dedupes by the carrier's event_id, we just drop repeats. Add a counter for "
                   "the dropped ones.", "event_id")],
        Ask("add a retry when the carrier API times out during label creation", "src/services"),
    )
    b.decision(
        "fernbook",
        said(0.3, "Decision on time zones: booking times are stored as UTC and converted in the view layer using the "
                  "room's own time_zone column, because members book rooms in three cities. Please fix the calendar "
                  "export accordingly.", "time_zone column"),
        [concluded(0.6, "which zone do reminder emails use?",
                   "Reminder emails are scheduled relative to the member's profile timezone, not the room's.",
                   "profile timezone")],
        Ask("show the booking start times on the room page", "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        said(0.4, "let's keep message history in Postgres and not bring in a separate store; at our size a partial "
                  "index on (room_id, inserted_at) is plenty. ok, next: the history pagination.", "partial index"),
        [concluded(0.65, "where is presence stored?",
                   "Presence lives in Phoenix.Tracker's CRDT in memory; nothing about it is persisted.", "CRDT")],
        Ask("add search over a room's message history", "lib/beacon"),
    )
    b.decision(
        "meshkit",
        concluded(0.35, "float or double for the simplifier's error metric?",
                  "We use double precision for the quadric error metric: with floats, three simplification passes "
                  "left visible creases on the test scans.", "double precision"),
        [said(0.6, "vertex positions stay float to keep meshes small in memory, don't widen them. Anyway, look at the "
                   "PLY writer.", "positions stay float")],
        Ask("implement the error computation for an edge collapse", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.3, "For the big fact tables we're going with incremental models keyed on reading_at; full refreshes "
                  "were taking four hours. Can you convert the readings fact first?", "incremental models",
             echo="Following the earlier note, I built it as one of the incremental models keyed on reading_at."),
        [concluded(0.6, "should the dimension tables be incremental too?",
                   "No need: the dimension tables are small and are rebuilt as plain views on every run.",
                   "plain views")],
        Ask("add a new fact table for daily rainfall per sensor", "models/staging"),
    )
    b.decision(
        "infra-live",
        said(0.5, "State stays in S3 with DynamoDB locking. We decided against a hosted state service because "
                  "security won't sign off on a third party holding our state. Moving on, the staging VPC.",
             "DynamoDB locking"),
        [concluded(0.7, "which role does CI use in the staging account?",
                   "The staging account's provider assumes a role named ci-deployer; CI has no long-lived keys.",
                   "ci-deployer")],
        Ask("set up the backend configuration for the new analytics environment", "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        said(0.4, "Watering reminders are scheduled with WorkManager periodic work, not exact alarms, because exact "
                  "alarms need a special permission on recent Android versions. Can you wire up the settings toggle?",
             "WorkManager"),
        [concluded(0.7, "how does the home-screen widget refresh?",
                   "The widget refreshes through a JobScheduler job that the launcher triggers.", "JobScheduler")],
        Ask("add a reminder when a plant hasn't been watered for a week", "app/src/main/java/com/acme/garden"),
    )
    b.decision(
        "stockroom",
        said(0.35, "For stock reservations we use SELECT ... FOR UPDATE SKIP LOCKED so two pickers never grab the same "
                   "bin; advisory locks were too easy to leak. Can you write the reservation query?", "SKIP LOCKED"),
        [concluded(0.6, "do the bin counts need locking too?",
                   "Bin counts are reconciled nightly by a cron job that runs alone, so there's no locking there.",
                   "reconciled nightly")],
        Ask("implement reserving stock for an order with several lines", "app/routers"),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "How we do timing from now on: derive the remaining time from the wall-clock start timestamp on "
                  "every tick instead of decrementing a counter; the counter drifted whenever the app was "
                  "backgrounded. Please update the interval view.", "wall-clock start timestamp"),
        [concluded(0.7, "why do haptics sometimes come late?",
                   "Haptics are queued on a serial dispatch queue behind the sound playback, so they wait for it.",
                   "serial dispatch queue")],
        Ask("add pause and resume to the workout timer", "App"),
    )
    b.decision(
        "logslice",
        said(0.45, "we parse timestamps with the jiff crate now; the other crate's time zone handling kept biting us. "
                   "Can you port the RFC 3339 parser?", "jiff"),
        [concluded(0.7, "what do we use for coloured output?",
                   "Coloured output goes through owo-colors, and it's turned off when stdout isn't a terminal.",
                   "owo-colors")],
        Ask("support filtering by a relative time window like --since 2h", "src"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.3, "one thing about this repo: we never call unwrap() outside tests. Errors go up with ? and anyhow "
                  "context so the CLI prints a proper message. Now please look at the gzip reader.", "unwrap()"),
        [concluded(0.6, "is expect() ok in the benchmark harness?",
                   "In the benchmarks folder we allow expect() with a message, since that code never ships.",
                   "expect() with a message")],
        Ask("add reading compressed .zst files to the input layer", "crates/slice-core"),
    )
    b.rule(
        "tillpoint",
        said(0.55, "house rule here: never write raw SQL in views. Everything goes through the ORM or through a "
                   "function in backend/reports/queries.py. With that in mind, clean up the refunds view.",
             "reports/queries.py",
             echo="As the earlier note says, reporting SQL belongs in backend/reports/queries.py, so I put the new "
                  "aggregate there instead of in the view."),
        [concluded(0.7, "how should data backfills be written?",
                   "Migrations that backfill data use RunPython with batched updates of 500 rows so they don't lock "
                   "the table.", "batched updates of 500 rows")],
        Ask("add an endpoint that returns the top ten SKUs by revenue this week", "backend/orders"),
    )
    b.rule(
        "brightdesk",
        said(0.25, "in this repo we don't use default exports, named exports only; it keeps imports greppable. ok, "
                   "now the ticket header.", "named exports only"),
        [concluded(0.5, "why do the storybook files export differently?",
                   "Storybook stories are the one exception: CSF needs a default export for the story metadata.",
                   "storybook")],
        Ask("create an SLA countdown component for the ticket header", "src/components"),
    )
    b.rule(
        "parcelhub",
        said(0.4, "rule of the house: every outbound carrier call goes through lib/http.js so it gets the timeout and "
                  "the request-id header. Never call fetch directly. Can you check the tracking service for that?",
             "lib/http.js"),
        [concluded(0.65, "how does the quotes route talk to the pricing service?",
                   "Internal calls to the pricing service use the grpc client in src/clients, not HTTP.",
                   "grpc client")],
        Ask("integrate the new DHL rates endpoint into quotes", "src/services"),
    )
    b.rule(
        "ledgerline",
        concluded(0.5, "can I add a field to the Invoice entity directly?",
                  "Not directly: in this codebase schema changes always go through a new Flyway migration file, never "
                  "Hibernate's ddl-auto, and the entity follows the migration.", "Flyway"),
        [said(0.3, "test data comes from the builders in InvoiceFixtures, we don't use SQL seed files. Please add a "
                   "builder for credit notes.", "InvoiceFixtures")],
        Ask("add a purchase-order number to invoices", "src/main/java/com/acme/billing"),
    )
    b.rule(
        "fernbook",
        said(0.35, "we never put business logic in controllers in this app. It goes into service objects under "
                   "app/services, one public call method each. Keep that in mind for the check-in flow.",
             "app/services"),
        [concluded(0.6, "where do the validation messages come from?",
                   "Form validation messages live in config/locales/en.yml, keyed by model and attribute.", "en.yml")],
        Ask("add a rule that members can't book more than 8 hours a day", "app/controllers"),
    )
    b.rule(
        "beacon-chat",
        said(0.6, "in this repo all PubSub topic names are built by BeaconWeb.Topics, never string-interpolated "
                  "inline. Fix the two places in the room channel that do it.", "BeaconWeb.Topics"),
        [concluded(0.4, "how are the telemetry events named?",
                   "Telemetry event names are prefixed with [:beacon, :chat] and end with the action.",
                   ":beacon, :chat")],
        Ask("broadcast a typing indicator to everyone in the room", "lib/beacon_web/channels"),
    )
    b.rule(
        "infra-live",
        said(0.3, "in this repo we never hard-code AMI IDs. They always come from the aws_ami data source filtered by "
                  "our golden-image tag. Please fix the worker module.", "golden-image tag",
             echo="As noted before, the AMI comes from the aws_ami data source filtered by the golden-image tag."),
        [concluded(0.6, "what instance sizes does staging use?",
                   "Instance sizes in staging are t3.medium across the board, to keep the bill flat.", "t3.medium")],
        Ask("add a bastion host to the prod network", "envs/prod"),
    )
    b.rule(
        "tidewater-etl",
        said(0.45, "rule for this repo: every new dbt model gets a uniqueness test on its grain before it's merged. "
                   "Can you check the two models from last week?", "on its grain"),
        [concluded(0.65, "when do we use seeds?",
                   "Seed CSVs are only for lookup tables under a thousand rows; anything bigger is a source.",
                   "seed CSVs")],
        Ask("add a model for monthly billing totals per customer", "models/staging"),
    )
    b.rule(
        "meshkit",
        said(0.5, "in this repo every public function in include/meshkit takes std::span, not a raw pointer plus "
                  "size. Please fix load_obj's overload.", "std::span"),
        [concluded(0.7, "how does the OBJ loader report errors?",
                   "The OBJ loader reports errors through std::expected with a line number in the error.",
                   "std::expected")],
        Ask("add a function that computes per-face areas", "include/meshkit"),
    )
    b.rule(
        "routewise",
        said(0.65, "house rule: handlers never print to stdout, they log through the request-scoped logger they get "
                   "from the context. Can you fix the plans handler?", "request-scoped logger"),
        [concluded(0.4, "how does the batch importer report progress?",
                   "The batch importer writes its progress to stderr as plain lines, one per thousand stops.",
                   "progress to stderr")],
        Ask("add a log line to the plan endpoint when a driver has no capacity left", "internal/dispatch"),
    )
    b.rule(
        "stockroom",
        said(0.25, "in this service every endpoint returns errors as RFC 7807 problem+json, no bare detail strings. "
                   "Can you update the items router?", "problem+json"),
        [concluded(0.6, "what does the health check return?",
                   "The health check returns plain text OK for the load balancer and nothing else.", "plain text OK")],
        Ask("add an endpoint to move stock between two bins, with proper validation errors", "app/routers"),
    )
    b.rule(
        "pocketgarden",
        said(0.5, "in this app all user-visible strings go in strings.xml, with a plurals entry wherever a count "
                  "appears. No hard-coded text in composables. Please fix the plant card.", "plurals entry"),
        [concluded(0.7, "what log tags do we use?",
                   "Log tags are the class simple name, declared as a private constant at the top of each file.",
                   "class simple name")],
        Ask("show how many plants need water today on the home screen", "app/src/main/java/com/acme/garden"),
    )
    b.rule(
        "cadence-ios",
        said(0.3, "we never force-unwrap in this codebase, swiftlint's force_unwrapping rule is on as an error. "
                  "Can you look at the plan decoder?", "force_unwrapping"),
        [concluded(0.6, "what do the SwiftUI previews use for data?",
                   "Previews use the in-memory store, seeded with two sample plans.", "in-memory store")],
        Ask("load the saved interval plans from disk when the app starts", "App"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "the staging database is at staging-db.internal on port 5433, can you add that to the env "
                  "example file?", "port 5433"),
        said(0.6, "FYI staging Postgres now goes through PgBouncer on port 6432 and the direct port is closed. "
                  "Update whatever needs updating.", "port 6432"),
        [],
        Ask("point my local psql at the staging database", "backend"),
    )
    b.correction(
        "routewise",
        concluded(0.25, "how often do drivers send their location?",
                  "Drivers' phones post their location every 30 seconds; the staleness warning fires after three "
                  "missed updates.", "every 30 seconds"),
        said(0.7, "the mobile team changed it: driver pings now come every 10 seconds while a route is active, so "
                  "adjust the staleness math.", "every 10 seconds"),
        [],
        Ask("tune the driver-location staleness threshold", "internal/dispatch"),
    )
    b.correction(
        "ledgerline",
        said(0.2, "invoices are numbered per year, like INV-2024-00017. Add that format to the validation.",
             "INV-2024-00017"),
        said(0.65, "finance changed the numbering: it's now one sequence per legal entity, for example LL-UK-000451, "
                   "no year in it. Please adapt the validator.", "LL-UK-000451"),
        [],
        Ask("write the function that allocates the next invoice number", "src/main/java/com/acme/billing"),
    )
    b.correction(
        "brightdesk",
        said(0.3, "the API base URL for local dev is http://localhost:8080/api, put it in the env example.",
             "localhost:8080/api"),
        said(0.7, "backend moved: locally the API is now served through the Vite proxy at /backend, so use relative "
                  "URLs everywhere.", "Vite proxy at /backend"),
        [],
        Ask("add the fetch call for ticket tags", "src/api"),
    )
    b.correction(
        "parcelhub",
        concluded(0.2, "what's the timeout on carrier calls?",
                  "Carrier calls time out after 5 seconds; it's set in the client defaults.", "after 5 seconds"),
        said(0.55, "we bumped the carrier timeout to 12 seconds, the DPD sandbox is slow. Can you update the tests "
                   "that assume the old value?", "12 seconds"),
        [],
        Ask("add a new carrier client for the GLS API", "src/services"),
    )
    b.correction(
        "fernbook",
        said(0.25, "cancellation is free until 48 hours before the booking starts; add that to the booking model.",
             "48 hours"),
        said(0.75, "policy change from ops: free cancellation now ends 6 hours before the start. Please update it.",
             "6 hours before"),
        [],
        Ask("implement the cancel button's refund logic", "app/models"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "messages can be edited for 15 minutes after posting, enforce that in the context module.",
             "15 minutes"),
        said(0.7, "product wants the time limit on edits gone: a message can be edited until someone replies to it. "
                  "Can you change the check?", "until someone replies"),
        [],
        Ask("add the edit-message endpoint", "lib/beacon"),
    )
    b.correction(
        "tidewater-etl",
        concluded(0.2, "when does the nightly load run?",
                  "The nightly DAG runs at 02:00 UTC, after the billing export lands.", "02:00 UTC"),
        said(0.6, "the billing export moved later, so the nightly DAG now runs at 04:30 UTC. Change the schedule.",
             "04:30 UTC"),
        [],
        Ask("add a sensor that waits for the billing export before the transform step", "dags"),
    )
    b.correction(
        "infra-live",
        said(0.3, "prod runs in eu-west-1, remember that when you write the provider block.", "eu-west-1"),
        said(0.7, "we finished the migration: prod lives in eu-central-1 now and the old region is being torn down.",
             "eu-central-1"),
        [],
        Ask("create an S3 bucket for prod backups", "envs/prod"),
    )
    b.correction(
        "stockroom",
        said(0.25, "the pick list API is versioned under /v1/picks, please document it.", "/v1/picks"),
        concluded(0.65, "are clients still on the old pick endpoints?",
                  "No: everything moved to /v2/pick-lists last sprint, and the old routes now return 410.",
                  "/v2/pick-lists"),
        [],
        Ask("add a query parameter to filter pick lists by warehouse zone", "app/routers"),
    )
    b.correction(
        "meshkit",
        said(0.3, "we target C++17, so no concepts or ranges please. Can you review the heap code?", "target C++17"),
        said(0.6, "we moved the build to C++20 this week, so ranges and designated initialisers are fine now.",
             "build to C++20"),
        [],
        Ask("can I use concepts to constrain the mesh loader templates?", "src"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "our minSdk is 24, keep that in mind for the date code.", "minSdk is 24"),
        said(0.6, "we raised minSdk to 26 so we can use java.time without desugaring.", "minSdk to 26"),
        [],
        Ask("use the modern date APIs for the watering schedule", "app/src/main/java/com/acme/garden"),
    )
    b.correction(
        "cadence-ios",
        said(0.3, "the app supports iOS 16 and up, so no iOS 17-only APIs.", "iOS 16 and up"),
        said(0.7, "we dropped the old release: the deployment target is iOS 17 now, so the Observation framework "
                  "is available.", "deployment target is iOS 17"),
        [],
        Ask("convert TimerModel to the new observation macros", "App"),
    )


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        concluded(0.4, "the Z-report totals are off by a cent on some days, can you dig in?",
                  "Root cause: line amounts were summed as floats before being converted to Decimal. I changed the "
                  "report to keep Decimal end to end and quantize once at the end with ROUND_HALF_UP.",
                  "quantize once", "ROUND_HALF_UP"),
        [concluded(0.7, "closing a till failed with an IntegrityError, why?",
                   "Two clerks closed the same till at once; I wrapped the close in select_for_update so the second "
                   "one waits and then sees it's closed.", "select_for_update")],
        Ask("the monthly sales export is a few cents off compared with what the tills printed", "backend/reports"),
    )
    b.bugfix(
        "routewise",
        concluded(0.5, "some plans assign stops to drivers on the other side of the city, why?",
                  "Found it: the distance function got latitude and longitude swapped for stops imported from the CSV "
                  "uploader, because that file's columns are lon,lat. The importer now normalises the order.",
                  "lon,lat"),
        [concluded(0.3, "plans come back empty after midnight, what's wrong?",
                   "The plan query's date filter used local time instead of UTC, so after midnight it asked for "
                   "tomorrow.", "date filter used local time")],
        Ask("a driver in the north got a stop 40 km south even though closer drivers had room", "internal/geo"),
    )
    b.bugfix(
        "brightdesk",
        concluded(0.45, "the ticket list flickers and refetches constantly",
                  "The culprit was the query key: it included a new Date() object built on every render, so each "
                  "render was a new cache entry. The key now uses the filter's ISO date string.", "new Date() object"),
        [said(0.7, "the avatar images flicker on hover because the CDN sends no-cache, that's on their side. Just add "
                   "a placeholder.", "no-cache")],
        Ask("the agents' dashboard keeps hammering the API with the same request over and over", "src/api"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.55, "labels sometimes come out with the wrong postcode",
                  "Root cause: the address normaliser mutated the shared address object from the request cache, so "
                  "concurrent requests saw each other's postcodes. Fixed by cloning with structuredClone before "
                  "normalising.", "structuredClone"),
        [concluded(0.3, "why are the printed labels cut off?",
                   "The printer profile was A4 instead of 4x6, so the bottom third fell off the label.", "4x6")],
        Ask("two shipments printed with each other's delivery address when we were busy", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        concluded(0.35, "the statement job fails with LazyInitializationException",
                  "It happens because the statement job touches invoice.lines outside the transaction. I added a fetch "
                  "join in the repository query (JOIN FETCH i.lines) so the lines load with the invoice.",
                  "JOIN FETCH"),
        [concluded(0.6, "the credit-note endpoint threw a NullPointerException",
                   "It failed for customers with no VAT number; the lookup now returns an Optional.",
                   "no VAT number")],
        Ask("monthly statement generation crashes with a lazy loading error on the line items",
            "src/main/java/com/acme/billing"),
    )
    b.bugfix(
        "fernbook",
        concluded(0.6, "double bookings happened twice this week",
                  "The overlap check and the insert weren't atomic. I added an exclusion constraint on the booking "
                  "time range per room, so the database itself rejects overlaps.", "exclusion constraint"),
        [concluded(0.3, "members got the same reminder email twice",
                   "The job was retried after a mail timeout; it now checks reminded_at before sending.",
                   "reminded_at")],
        Ask("two members ended up with the same room at the same time", "app/models"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.5, "users get disconnected every minute or so",
                  "Root cause: the ingress idle timeout was 55 seconds and our channel heartbeat ran every 60, so "
                  "quiet sockets were cut. The heartbeat is now 25 seconds.", "ingress idle timeout"),
        [concluded(0.7, "messages show up out of order for some people",
                   "The client sorted by the local clock instead of the server's inserted_at; a skewed laptop clock "
                   "reordered them.", "sorted by the local clock")],
        Ask("chat connections keep dropping for people who leave the tab open without typing",
            "lib/beacon_web/channels"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.45, "simplify() sometimes produces holes",
                  "The holes come from collapsing edges on the boundary: boundary edges had no penalty plane in their "
                  "quadric, so they collapsed freely. I added perpendicular penalty planes for boundary edges.",
                  "penalty plane"),
        [concluded(0.2, "normals are flipped on some imported files",
                   "Those PLY files had clockwise face winding; the loader now detects it and flips the faces.",
                   "clockwise face winding")],
        Ask("after decimation the open edges of a scan get eaten away", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        concluded(0.4, "stg_readings has duplicate rows again",
                  "The duplicates come from the sensor firmware resending its last batch after a reconnect, with the "
                  "same reading_at but a new upload_id; the dedupe now ignores upload_id.", "upload_id"),
        [concluded(0.7, "the nightly run failed on the transform step",
                   "The Airflow pool had only one slot and the backfill was holding it, so the transform timed out.",
                   "pool had only one slot")],
        Ask("the daily tide averages are inflated on days with connectivity problems", "models/staging"),
    )
    b.bugfix(
        "infra-live",
        concluded(0.55, "terraform plan wants to recreate the prod database",
                  "The replacement is triggered because someone changed the snapshot_identifier argument, which forces "
                  "a new resource. Ignoring changes to snapshot_identifier in the lifecycle block keeps the instance.",
                  "snapshot_identifier"),
        [concluded(0.3, "why does the plan show drift on the app security group?",
                   "Someone added a rule by hand in the console; I imported it into the configuration.",
                   "added a rule by hand")],
        Ask("the plan for prod says it will destroy and recreate the RDS instance", "envs/prod"),
    )
    b.bugfix(
        "pocketgarden",
        concluded(0.5, "the plant list crashes after rotating the phone",
                  "Root cause: the adapter kept a reference to the old Activity through its click listener, so after "
                  "rotation it used a destroyed context. The listener now goes through the ViewModel's event flow.",
                  "destroyed context"),
        [concluded(0.3, "the photo picker crashes on newer phones",
                   "It needed the READ_MEDIA_IMAGES permission that replaced the storage one.", "READ_MEDIA_IMAGES")],
        Ask("the app crashes when I turn the screen sideways on the plants screen",
            "app/src/main/java/com/acme/garden"),
    )
    b.bugfix(
        "stockroom",
        concluded(0.45, "stock counts go negative sometimes",
                  "Two movements read the same quantity and both wrote back their own result, a lost update. The move "
                  "is now one atomic UPDATE with the condition quantity >= :qty.", "quantity >= :qty"),
        [concluded(0.7, "the item list endpoint got slow",
                   "An N+1 on bins: each item loaded its bins separately. Fixed with selectinload.", "selectinload")],
        Ask("inventory shows minus three units for a bin after a busy afternoon", "app"),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.6, "the timer skips a second now and then",
                  "The Timer was scheduled in the default run loop mode, which pauses while the user scrolls; it's now "
                  "added in the .common modes.", ".common modes"),
        [concluded(0.3, "the watch complication shows stale data",
                   "The complication's timeline reload budget was used up by midday; reloads are now batched.",
                   "reload budget")],
        Ask("the countdown freezes while I scroll through the interval list", "App/Views"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "routewise",
        said(0.3, "routewise listens on port 7420 locally, can you put that in the README's run section?",
             "port 7420",
             echo="Per the earlier note the service is on port 7420 locally, so the smoke test now calls that."),
        [concluded(0.6, "where does Prometheus scrape us?",
                   "Prometheus scrapes the separate metrics listener on port 9464.", "port 9464")],
        Ask("curl the plans endpoint on my machine to check the new field", "cmd/routewise"),
    )
    b.fact(
        "tillpoint",
        said(0.45, "to deploy it's make release TARGET=shops from the repo root; the old fabric script is dead. Can "
                   "you delete it?", "make release TARGET=shops"),
        [concluded(0.7, "how is the docs site published?",
                   "The docs site publishes with make docs-publish, separately from the app.", "docs-publish")],
        Ask("ship the new report to production", "backend"),
    )
    b.fact(
        "ledgerline",
        said(0.35, "the bank integration reads its credentials from LEDGER_BANK_API_TOKEN, which is in the vault. "
                   "Add a clear error when it's missing.", "LEDGER_BANK_API_TOKEN"),
        [concluded(0.6, "where does the mailer get its password?",
                   "The SMTP password comes from LEDGER_MAIL_SECRET.", "LEDGER_MAIL_SECRET")],
        Ask("run the bank sync locally against the sandbox"),
    )
    b.fact(
        "brightdesk",
        said(0.55, "Marta Quinlan owns the design system package, so ask her before changing any shared component. "
                   "For now just fix the tooltip in our own code.", "Marta Quinlan"),
        [concluded(0.3, "who do we talk to about the ticket API?",
                   "Tobias Ferreira owns the ticket API on the backend side.", "Tobias Ferreira")],
        Ask("change the shared Button component's padding", "src/components"),
    )
    b.fact(
        "parcelhub",
        concluded(0.4, "where do the carrier rate tables live?",
                  "The rate tables are CSV files in data/rates/<carrier>/<month>.csv, loaded at start-up by the "
                  "pricing service.", "data/rates/"),
        [concluded(0.6, "where are the zones defined?",
                   "Zone mappings are in config/zones.json, keyed by postcode prefix.", "config/zones.json")],
        Ask("update the DPD prices for next month", "src/services"),
    )
    b.fact(
        "fernbook",
        said(0.25, "staging is fernbook-staging.fly.dev and you deploy it with fly deploy -c fly.staging.toml. Can "
                   "you add that to the docs?", "fly.staging.toml", "fernbook-staging.fly.dev"),
        [concluded(0.6, "is the marketing site in this repo?",
                   "No, the marketing site is a separate Netlify project.", "Netlify")],
        Ask("push this branch to staging so product can try it", "app/controllers"),
    )
    b.fact(
        "beacon-chat",
        said(0.45, "for local dev you need BEACON_TURN_SECRET set or the video calls won't connect. Add it to the "
                   "example env.", "BEACON_TURN_SECRET"),
        [concluded(0.7, "what's BEACON_PUSH_KEY for?",
                   "BEACON_PUSH_KEY is only needed for mobile push notifications.", "BEACON_PUSH_KEY")],
        Ask("I want to try the video call button on my laptop", "lib/beacon"),
    )
    b.fact(
        "tidewater-etl",
        said(0.3, "raw sensor files land in s3://tidewater-raw/sensors/ partitioned by date. The extract script "
                  "should read from there.", "s3://tidewater-raw/sensors/"),
        [concluded(0.6, "where does the billing export land?",
                   "The billing export lands in the tidewater-billing bucket under exports/.", "tidewater-billing")],
        Ask("backfill last week's sensor readings", "scripts"),
    )
    b.fact(
        "infra-live",
        said(0.6, "the on-call owner for networking is Priya Natarajan; loop her in on anything touching routes.",
             "Priya Natarajan"),
        [concluded(0.3, "who owns the databases?",
                   "Databases belong to the data platform team; their contact is Oskar Lindqvist.", "Oskar Lindqvist")],
        Ask("I need someone to approve this VPC peering change", "modules/network"),
    )
    b.fact(
        "meshkit",
        said(0.35, "the test meshes are in tests/data/meshes, and the big ones are pulled with "
                   "scripts/fetch_meshes.sh. Add the dragon to the list.", "fetch_meshes.sh"),
        [concluded(0.6, "where do benchmark results go?",
                   "Benchmark results are appended to bench/results.csv with the commit hash.", "results.csv")],
        Ask("add a regression test using the Stanford bunny", "tests"),
    )
    b.fact(
        "stockroom",
        said(0.5, "the warehouse scanners reach us through SCANNER_GATEWAY_URL; in the depot it's "
                  "http://scanners.depot.lan. Wire it into the settings.", "SCANNER_GATEWAY_URL"),
        [concluded(0.3, "how does the ERP sync find the ERP?",
                   "The ERP sync reads ERP_SYNC_ENDPOINT at start-up.", "ERP_SYNC_ENDPOINT")],
        Ask("test the barcode scan flow end to end", "app"),
    )
    b.fact(
        "pocketgarden",
        said(0.4, "release builds are signed with the key in the team password vault under garden-upload-key. "
                  "Please add the signing config.", "garden-upload-key"),
        [concluded(0.7, "which keystore do debug builds use?",
                   "Debug builds use the checked-in app/debug.keystore.", "debug.keystore")],
        Ask("build a signed release APK for the beta testers"),
    )
    b.fact(
        "cadence-ios",
        said(0.5, "TestFlight builds go out with bundle exec fastlane beta, it bumps the build number itself.",
             "fastlane beta"),
        [concluded(0.3, "how are the App Store screenshots made?",
                   "Screenshots are generated with fastlane snapshot on the UI test target.", "fastlane snapshot")],
        Ask("get this build to the testers", "App"),
    )
    b.fact(
        "logslice",
        said(0.55, "the crate is published by the CI release job when you push a tag like v0.5.0; never run the "
                   "publish by hand.", "push a tag"),
        [concluded(0.7, "how does the Homebrew formula get updated?",
                   "A bot updates the homebrew formula in the tap repository after each release.", "homebrew formula")],
        Ask("release the new version with the time window flag", "src"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.3, "I turned on persistent DB connections, CONN_MAX_AGE=600, to cut the connection overhead. Check "
                  "nothing breaks in the tests.", "CONN_MAX_AGE=600"),
        concluded(0.6, "Postgres is refusing connections in the evening",
                  "The server hits max_connections around six: every worker now holds its connections open for ten "
                  "minutes, so the pool never shrinks when the evening batch starts.", "max_connections"),
        [said(0.5, "I raised the gunicorn timeout to 60s for the export endpoint.", "timeout to 60s")],
        Ask("the database says too many clients during the evening reports, what changed?", "backend", want="cause"),
    )
    b.causal(
        "routewise",
        said(0.35, "I set the plan cache TTL to a day to save routing calls.", "plan cache TTL"),
        concluded(0.7, "drivers complain that the plan ignores stops added in the morning",
                  "Stops added after the plan was computed don't show up because the cached plan is served until it "
                  "expires; nothing invalidates it when a stop is added.", "nothing invalidates it"),
        [concluded(0.5, "do geocoder results expire?",
                   "Geocoder results are cached forever; addresses don't move.", "cached forever")],
        Ask("I want plans cached even longer to cut API costs further", "internal/dispatch", want="effect"),
    )
    b.causal(
        "brightdesk",
        said(0.4, "I enabled React StrictMode in main.tsx, finally.", "StrictMode"),
        concluded(0.65, "why does opening a ticket log two analytics events in dev?",
                  "In development the effects run twice on mount, so the analytics call in the ticket view's effect "
                  "fires twice; production fires once.", "effects run twice"),
        [concluded(0.5, "where does the double scrollbar come from?",
                   "The double scrollbar came from the modal's overflow style.", "double scrollbar")],
        Ask("in dev every page view gets tracked twice, what did we change?", "src/components", want="cause"),
    )
    b.causal(
        "parcelhub",
        said(0.3, "I put the label PDFs in /tmp on the pods instead of object storage for now, it's faster.",
             "/tmp on the pods"),
        concluded(0.7, "customers get a 404 when they download labels",
                  "Label downloads 404 whenever the request lands on a different pod than the one that generated the "
                  "file, and after every deploy they're all gone.", "different pod"),
        [concluded(0.5, "tracking pages 404 for old parcels",
                   "Tracking pages 404 for parcels older than 90 days because the carrier purges them.",
                   "older than 90 days")],
        Ask("let's keep storing generated labels on local disk, it's simpler; add a cleanup job for old ones",
            "src/services", want="effect"),
    )
    b.causal(
        "ledgerline",
        said(0.35, "I added a Hibernate second-level cache for Customer entities, the statement job is much faster.",
             "second-level cache"),
        concluded(0.7, "address changes from the admin tool don't show on new invoices",
                  "Customer address changes made in the admin tool show up on invoices only after a restart, because "
                  "the admin tool writes with plain JDBC and bypasses the entity cache.", "only after a restart"),
        [concluded(0.5, "invoice PDFs show the old logo",
                   "The PDFs show the old logo because the template is cached by the CDN for a day.", "old logo")],
        Ask("customers updated their billing address but new invoices still show the old one",
            "src/main/java/com/acme/billing", want="cause"),
    )
    b.causal(
        "fernbook",
        said(0.3, "we moved session storage to the cookie store so we can drop the session database.",
             "cookie store"),
        concluded(0.65, "booking with lots of rooms selected blows up",
                  "The cart of selected rooms is kept in the session, and with many rooms it exceeds 4 KB, so Rails "
                  "raises CookieOverflow.", "CookieOverflow"),
        [concluded(0.45, "the booking form sometimes fails with a CSRF error",
                   "The CSRF errors came from the page being cached by the service worker.", "service worker")],
        Ask("we want members to be able to pick up to 30 rooms in one booking, what will break?", "app/controllers",
            want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.4, "I lowered the Repo pool_size to 5 to fit the smaller database plan.", "pool_size to 5"),
        concluded(0.7, "posting a message times out under load",
                  "Message posts time out under load because presence sync has checked out all the connections; the "
                  "log shows DBConnection.ConnectionError queue timeouts.", "DBConnection.ConnectionError"),
        [concluded(0.5, "why is message search so slow?",
                   "Search was slow because of a missing trigram index on the body.", "trigram index")],
        Ask("can we shrink the database connection pool further to save money?", want="effect"),
    )
    b.causal(
        "meshkit",
        said(0.3, "I turned on -ffast-math for the release build, simplify got 20% faster.", "-ffast-math"),
        concluded(0.65, "the degenerate-triangle check stopped catching NaN normals in release",
                  "isnan() checks are optimised away in release builds, so NaN normals pass the degenerate-face check "
                  "and reach the writer.", "optimised away"),
        [concluded(0.5, "why are asan builds so slow?",
                   "Asan builds are slow mostly because of the quadratic edge heap rebuild.", "edge heap rebuild")],
        Ask("release builds write NaN normals that debug builds reject, why?", "src", want="cause"),
    )
    b.causal(
        "tidewater-etl",
        said(0.35, "I set catchup=True on the nightly DAG so we can backfill from the start date.", "catchup=True"),
        concluded(0.7, "the warehouse fell over after the scheduler restart",
                  "After the scheduler restart, Airflow queued 180 runs at once and the warehouse connection limit was "
                  "hit.", "180 runs"),
        [concluded(0.5, "the load failed on the billing file",
                   "The billing file had a BOM at the start, which broke the header match.", "had a BOM")],
        Ask("I'm restarting the scheduler tonight, anything I should watch out for?", "dags", want="effect"),
    )
    b.causal(
        "infra-live",
        said(0.3, "I switched prod to a single NAT gateway to save money.", "single NAT gateway"),
        concluded(0.65, "why did prod lose outbound internet last night?",
                  "Every private subnet routes through the one NAT in zone b, so when that zone had an incident all "
                  "outbound traffic stopped.", "outbound traffic stopped"),
        [concluded(0.5, "the office VPN dropped",
                   "The VPN dropped because the customer gateway IP changed after the ISP swap.",
                   "customer gateway IP")],
        Ask("prod lost connectivity to the internet during the zone outage, why wasn't it redundant?", "envs/prod",
            want="cause"),
    )
    b.causal(
        "stockroom",
        said(0.4, "I enabled response compression with GZipMiddleware for every route.", "GZipMiddleware"),
        concluded(0.7, "the scanners time out on the stock endpoint",
                  "The handheld scanners' HTTP client doesn't support gzip and waits for the full body, so the "
                  "compressed streaming responses hang until the timeout.", "doesn't support gzip"),
        [concluded(0.5, "the CSV export is slow",
                   "The export was slow because it serialised every row through pydantic.", "through pydantic")],
        Ask("let's also compress the stock level responses more aggressively, they're big", "app/routers",
            want="effect"),
    )
    b.causal(
        "pocketgarden",
        concluded(0.35, "how do we cut battery use?",
                  "I switched the watering sync to a 6-hour periodic worker with a battery-not-low constraint.",
                  "battery-not-low constraint"),
        said(0.7, "reminders now arrive hours late on some phones, people are annoyed. Can you look at the "
                  "notification channel settings meanwhile?", "hours late"),
        [concluded(0.5, "the plant list stutters when scrolling",
                   "The stutter was image decoding on the main thread; thumbnails are decoded off it now.",
                   "image decoding")],
        Ask("why are watering reminders delayed on cheap phones?", want="cause"),
    )
    b.causal(
        "cadence-ios",
        said(0.3, "I moved the interval plans from UserDefaults to a JSON file in Application Support.",
             "Application Support"),
        concluded(0.65, "users lost their plans after updating",
                  "Plans saved before the update are still in UserDefaults and nothing migrates them, so the app "
                  "starts with an empty list.", "nothing migrates them"),
        [concluded(0.5, "the watch lost sync",
                   "The watch lost sync because WCSession wasn't activated early enough at launch.", "WCSession")],
        Ask("I'd like to move the settings out of UserDefaults the same way we did for the plans", "App",
            want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "tillpoint",
        said(0.4, "Side note, for all my projects: write commit messages in the imperative mood and keep the subject "
                  "under 60 characters. Now let's fix the refund view.", "imperative mood"),
        [there("ledgerline", said(0.5, "in this repo commit subjects start with the Jira key, like BILL-231. Fix the "
                                       "last one.", "Jira key"))],
        Ask("write the commit for the capacity fix", project="routewise"),
        Ask("commit what we did on the reservation endpoint", "app/routers", project="stockroom"),
        Ask("commit this with a good message", project="meshkit"),
    )
    b.global_pref(
        "brightdesk",
        said(0.6, "In every repo I work in, show me the plan and wait for my go before editing more than three files. "
                  "Ok, the search bar next.", "before editing more than three files"),
        [there("parcelhub", said(0.5, "here, big refactors need an ADR in docs/adr before any code changes.",
                                 "docs/adr"))],
        Ask("move all the booking validations into a new module and update the callers", project="fernbook"),
        Ask("restructure the filter code into one module per predicate", "src", project="logslice"),
        Ask("rename all the staging models to the new naming scheme", project="tidewater-etl"),
    )
    b.global_pref(
        "routewise",
        said(0.5, "globally, I don't want emoji anywhere: not in code, comments, logs or commit messages.", "emoji"),
        [there("pocketgarden", concluded(0.5, "which icons do the plant cards use?",
                                         "Plant cards use the Material icon set only, outlined style.",
                                         "Material icon set"))],
        Ask("add a friendly welcome message when someone joins a room", project="beacon-chat"),
        Ask("write the release notes text for the new version", project="cadence-ios"),
        Ask("add a success message to the label endpoint's response", "src/routes", project="parcelhub"),
    )
    b.global_pref(
        "stockroom",
        said(0.3, "for all my projects: when you fix a bug, write the failing test first and show it to me failing "
                  "before you touch the code.", "failing test first"),
        [there("meshkit", said(0.5, "in this repo fuzz tests live in tests/fuzz and run nightly only.",
                               "tests/fuzz"))],
        Ask("fix the bug where bookings ending at midnight show on the wrong day", "app/models", project="fernbook"),
        Ask("fix the unread counter that never resets", "lib/beacon", project="beacon-chat"),
        Ask("fix the crash when a driver has zero capacity", "internal/dispatch", project="routewise"),
    )
    b.global_pref(
        "cadence-ios",
        said(0.5, "I always want British spelling in anything user-facing, in every project of mine: colour, "
                  "cancelled, organise.", "British spelling"),
        [there("brightdesk", concluded(0.5, "which spelling does the UI copy use?",
                                       "This product's UI copy follows the US style guide from marketing.",
                                       "US style guide"))],
        Ask("add the text for the empty state when you have no plants yet", project="pocketgarden"),
        Ask("write the cancellation confirmation email text", project="fernbook"),
        Ask("add an error message for when a till is closed twice", "backend/orders", project="tillpoint"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.4, "background jobs here run on Celery with RabbitMQ as the broker; add the report job "
                               "to it.", "RabbitMQ"),
        "stockroom", said(0.4, "background work in this service uses arq on Redis, keep it that way for the new "
                               "sync.", "arq on Redis"),
        Ask("send the end-of-day report email in the background", "backend/reports", project="tillpoint"),
        Ask("recompute bin utilisation in a background job after each movement", "app", project="stockroom"),
    )
    b.cross(
        "parcelhub", said(0.5, "we use Luxon for dates here because of all the carrier time zones. Fix the ETA "
                               "helper.", "Luxon"),
        "brightdesk", said(0.5, "dates here go through date-fns, it tree-shakes better. Use it in the ticket list.",
                           "date-fns"),
        Ask("show the estimated delivery date in the recipient's local time", "src/services", project="parcelhub"),
        Ask("display how long ago each ticket was last updated", "src/components", project="brightdesk"),
    )
    b.cross(
        "routewise", said(0.4, "config is read from /etc/routewise/config.toml in prod and ./config.toml locally.",
                          "/etc/routewise"),
        "logslice", said(0.4, "user config lives in ~/.config/logslice/filters.yaml, and flags override it.",
                         "filters.yaml"),
        Ask("add a setting for the maximum number of stops per driver", project="routewise"),
        Ask("add a config option for the default colour mode", "src", project="logslice"),
    )
    b.cross(
        "fernbook", said(0.45, "API clients authenticate with Doorkeeper OAuth tokens, scopes per partner.",
                         "Doorkeeper"),
        "ledgerline", said(0.45, "partners call our API with mTLS client certificates, issued per partner.",
                           "mTLS client certificates"),
        Ask("add an API endpoint for partners to list room availability", "app/controllers", project="fernbook"),
        Ask("expose invoice status to the partner portal", "src/main/java/com/acme/billing", project="ledgerline"),
    )
    b.cross(
        "beacon-chat", said(0.5, "CI runs on Buildkite with our own agents; the config is in .buildkite/.",
                            "Buildkite"),
        "meshkit", said(0.5, "CI here is the workflow on the self-hosted GPU runner, the cloud runners are too slow.",
                        "self-hosted GPU runner"),
        Ask("add a CI step that runs dialyzer", project="beacon-chat"),
        Ask("make CI run the sanitizer build on every pull request", project="meshkit"),
    )
    b.cross(
        "tidewater-etl", said(0.4, "Airflow connections come from AWS Secrets Manager through the secrets backend; "
                                   "nothing goes in the UI.", "Secrets Manager"),
        "infra-live", said(0.4, "secrets for Terraform are read from SOPS-encrypted files under secrets/.", "SOPS"),
        Ask("add a connection for the new weather API", "dags", project="tidewater-etl"),
        Ask("add the monitoring API key to the prod module", "envs/prod", project="infra-live"),
    )
    b.cross(
        "pocketgarden", said(0.45, "product analytics go to Firebase Analytics, events named in snake_case.",
                             "Firebase Analytics"),
        "cadence-ios", said(0.45, "analytics in this app go to TelemetryDeck only, nothing else.", "TelemetryDeck"),
        Ask("track when a user adds a new plant", "app/src/main/java/com/acme/garden", project="pocketgarden"),
        Ask("log an event when a workout is completed", "App", project="cadence-ios"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("fix the typo in the README header"))
    b.irrelevant("routewise", Ask("what's the difference between a buffered and an unbuffered channel?"))
    b.irrelevant("logslice", Ask("convert this match into an if let", "src"))
    b.irrelevant("brightdesk", Ask("sort the imports in this file alphabetically", "src/components"))
    b.irrelevant("parcelhub", Ask("what does HTTP 422 mean exactly?"))
    b.irrelevant("ledgerline", Ask("generate a serialVersionUID for this class", "src/main/java/com/acme/billing"))
    b.irrelevant("fernbook", Ask("explain what the safe navigation operator does in Ruby"))
    b.irrelevant("beacon-chat", Ask("what's the difference between a GenServer call and a cast?"))
    b.irrelevant("meshkit", Ask("add a newline at the end of the file", "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("write a regex that matches ISO 8601 dates"))
    b.irrelevant("infra-live", Ask("what's the difference between count and for_each?"))
    b.irrelevant("pocketgarden", Ask("how do I clear the Gradle cache?"))
    b.irrelevant("stockroom", Ask("explain list comprehensions versus generator expressions"))
    b.irrelevant("cadence-ios", Ask("what does @MainActor do?"))
    # work on what is at hand, which needs no memory of earlier sessions (added in the second round of dev
    # probes, written without looking at the held-out split)
    b.irrelevant("tillpoint", Ask("add type hints to this function", "backend/orders"))
    b.irrelevant("routewise", Ask("rename this variable to something clearer", "internal/dispatch"))
    b.irrelevant("logslice", Ask("what's the time complexity of this loop?", "src"))
    b.irrelevant("brightdesk", Ask("add a docstring to the function I just wrote", "src/components"))
    b.irrelevant("parcelhub", Ask("pretty-print this JSON for me"))
    b.irrelevant("ledgerline", Ask("explain this stack trace line by line", "src/main/java/com/acme/billing"))
    b.irrelevant("fernbook", Ask("summarise what this file does in two sentences", "app/models"))
    b.irrelevant("beacon-chat", Ask("split this long function into two smaller ones", "lib/beacon"))
    b.irrelevant("meshkit", Ask("why does std::sort need a strict weak ordering?"))
    b.irrelevant("tidewater-etl", Ask("turn this list of column names into a comma-separated string"))
