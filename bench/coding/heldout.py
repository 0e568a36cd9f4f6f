"""The first held-out split, a training split since :mod:`bench.coding.heldout2` was written.

Written separately from :mod:`bench.coding.dev`: other facts in the same repositories, other
phrasings (terser, chattier, more indirect), other project pairings for the global preferences
and the cross-project negatives. It was held out until ec1192e, whose capture cues, value slots
and kinds of work were written after reading its failures; the next held-out split was
:mod:`bench.coding.heldout2`; the splits held out now are :mod:`bench.coding.heldout9`,
:mod:`bench.coding.heldout10` and :mod:`bench.coding.heldout11`.
"""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.model import Split


def build() -> Split:
    b = SplitBuilder("heldout")
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
        said(0.5, "fyi loyalty points get calculated on the net amount after discounts. finance insisted, they were "
                  "paying out on list price before. anyway can you look at the points expiry job", "net amount after discounts",
             echo="Keeping to the earlier note: points are earned on the net amount after discounts, so the expiry "
                  "job works from the same figure."),
        [concluded(0.3, "is there a limit on staff discounts?",
                   "Yes, the discount engine caps the staff discount at 30% per receipt.", "caps the staff discount")],
        Ask("give double loyalty points during the weekend promotion", "backend/orders"),
    )
    b.decision(
        "routewise",
        concluded(0.55, "gRPC or plain JSON for the driver app API?",
                  "TL;DR we stay on JSON over HTTP for the driver app: the app team's HTTP stack already handles "
                  "offline retries, and gRPC on flaky mobile networks gave us nothing but pain in the trial.",
                  "JSON over HTTP"),
        [said(0.3, "internal calls between dispatch and billing go over NATS with protobuf payloads, just so you know. "
                   "can you bump the client?", "NATS with protobuf")],
        Ask("add an endpoint the driver app calls to report a failed delivery", "cmd/routewise"),
    )
    b.decision(
        "logslice",
        said(0.6, "went with rayon for the multi-file mode btw, an async runtime felt like overkill for pure cpu work. "
                  "next thing: the progress bar", "rayon"),
        [concluded(0.4, "how does --follow notice new lines?",
                   "The follow mode watches files through the notify crate and re-reads from the last offset.",
                   "notify crate")],
        Ask("make scanning a directory of 400 log files faster", "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        concluded(0.4, "should the reply editor be rich text or markdown?",
                  "Going with markdown stored as plain text and rendered with react-markdown; agents paste from email "
                  "and the rich-text editor mangled the pasted HTML every time.", "react-markdown"),
        [said(0.65, "internal notes stay plain textareas, zero formatting, agents asked for that", "plain textareas")],
        Ask("let agents use bold text and bullet lists in their replies", "src/components"),
    )
    b.decision(
        "ledgerline",
        said(0.55, "we picked OpenPDF with Thymeleaf-rendered HTML for invoice PDFs; the old report-designer templates "
                   "were unmaintainable. can you port the credit note layout", "OpenPDF"),
        [concluded(0.35, "how are the CSV statements written?",
                   "The CSV statements are written with the Commons CSV printer, semicolon-separated for the bank.",
                   "Commons CSV")],
        Ask("put the company's bank details at the bottom of every invoice document",
            "src/main/java/com/acme/billing"),
    )
    b.decision(
        "fernbook",
        said(0.45, "payments: we're going with Stripe Checkout, the hosted page, so we never touch card data and stay "
                   "out of most of PCI. please stub the return URL controller", "Stripe Checkout"),
        [concluded(0.7, "how do admins issue refunds?",
                   "Admins issue refunds from the booking page, which opens the payment provider's dashboard link for "
                   "that charge.", "dashboard link")],
        Ask("let members pay for a booking when they confirm it", "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        concluded(0.6, "how should file uploads be stored?",
                  "Uploads go straight to the bucket with presigned URLs the server generates, so the BEAM never "
                  "streams file bodies; that was the call after last month's memory spike.", "presigned URLs"),
        [said(0.35, "avatars get resized by the imgproxy sidecar, not in elixir", "imgproxy")],
        Ask("allow people to paste screenshots into the chat", "lib/beacon_web/channels"),
    )
    b.decision(
        "meshkit",
        said(0.25, "decided: no exceptions in the core library. -fno-exceptions stays on and errors are return codes; "
                   "the studio that embeds us builds without them", "-fno-exceptions"),
        [concluded(0.6, "can the command-line tool throw?",
                   "The CLI tool on top of the library may use exceptions; it catches them in main.", "CLI tool on top")],
        Ask("add error handling to the PLY reader for truncated files", "src"),
    )
    b.decision(
        "tidewater-etl",
        concluded(0.45, "which framework for the data quality checks?",
                  "We keep data quality checks as dbt tests only and skip a second framework: one tool, one place to "
                  "look, and the team already knows dbt.", "dbt tests only"),
        [said(0.7, "freshness alerts come from the airflow SLA miss callback, that part stays", "SLA miss callback")],
        Ask("add a check that rainfall values are never negative", "models/staging"),
    )
    b.decision(
        "infra-live",
        concluded(0.35, "how should envs reference our modules?",
                  "Conclusion: we pin every module by git tag (ref=vX.Y.Z) from the modules repository instead of "
                  "relative paths, so prod only moves when someone bumps the tag.", "pin every module by git tag"),
        [said(0.6, "providers get a pessimistic constraint like ~> 5.40 and nothing tighter", "pessimistic constraint")],
        Ask("use the new version of the network module in prod", "envs/prod"),
    )
    b.decision(
        "pocketgarden",
        said(0.6, "every new screen is Jetpack Compose, no more XML layouts. the old ones get migrated when we touch "
                  "them. ok can you do the watering history list", "Jetpack Compose",
             echo="The earlier note says new screens are Jetpack Compose, so this one is a composable too."),
        [concluded(0.35, "what does the settings screen use?",
                   "The settings screen is still a PreferenceFragmentCompat; it works and nobody touches it.",
                   "PreferenceFragmentCompat")],
        Ask("build the plant detail screen with a photo gallery", "app/src/main/java/com/acme/garden"),
    )
    b.decision(
        "stockroom",
        concluded(0.5, "polling or events for the ERP integration?",
                  "We consume the ERP's change events from the Kafka topic erp.stock.changes instead of polling; the "
                  "minute-by-minute poll was missing short-lived reservations.", "erp.stock.changes",
                  echo="the note from before still holds: we read erp.stock.changes rather than polling, so I hooked "
                       "the handler onto that consumer."),
        [said(0.3, "purchase orders still arrive as a nightly SFTP file, don't touch that path", "SFTP file")],
        Ask("update our stock when the ERP changes an item's quantity", "app"),
    )
    b.decision(
        "cadence-ios",
        concluded(0.3, "which persistence layer for the workout history?",
                  "We'll use GRDB over SQLite for the workout history, since the newer Apple framework couldn't do the "
                  "aggregate queries the stats screen needs.", "GRDB"),
        [said(0.6, "user preferences stay in @AppStorage, it's four toggles", "@AppStorage")],
        Ask("add a screen that shows total workout minutes per week", "App/Views"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.35, "house rule: every money field is DecimalField(max_digits=12, decimal_places=2), never a float "
                   "field, even for 'just a percentage'", "max_digits=12"),
        [concluded(0.6, "can quantities be fractional?",
                   "No, quantities are positive integers: the shops don't sell fractions of an item.",
                   "don't sell fractions")],
        Ask("add a tip amount to orders", "backend/orders"),
    )
    b.rule(
        "routewise",
        concluded(0.5, "is it fine to use a package-level http client?",
                  "Not in this repo: every outbound HTTP client is built with an explicit Timeout and passed in; never "
                  "http.DefaultClient, which has no timeout at all.", "http.DefaultClient"),
        [said(0.3, "db calls just use the context deadline from the request, nothing extra",
              "context deadline from the request")],
        Ask("call the weather service to adjust ETAs when it rains", "internal/dispatch"),
    )
    b.rule(
        "logslice",
        said(0.4, "pls remember: public API changes in slice-core need a changelog entry AND a cargo semver-checks "
                  "run before merge", "semver-checks"),
        [concluded(0.6, "do CLI flags follow semver?",
                   "CLI flags may change between minor versions; the README says so.", "between minor versions")],
        Ask("make Record's fields private and add getters", "crates/slice-core"),
    )
    b.rule(
        "brightdesk",
        said(0.55, "in here every new component ships with a story and an axe accessibility check in its test",
             "axe accessibility check",
             echo="As the note says, new components come with a story and an axe accessibility check, so I added "
                  "both."),
        [concluded(0.3, "where do the end-to-end tests run?",
                   "The end-to-end tests run in Playwright against the staging API every night.", "Playwright")],
        Ask("add a dropdown to choose a ticket's priority", "src/components"),
    )
    b.rule(
        "parcelhub",
        said(0.3, "quick rule: money and weights are integers in minor units here (pence, grams), never floats",
             "minor units"),
        [concluded(0.6, "which unit do dimensions come in?",
                   "Dimensions arrive in centimetres from the warehouse scanners.", "centimetres")],
        Ask("add a surcharge for parcels over 20 kg", "src/services"),
    )
    b.rule(
        "ledgerline",
        concluded(0.6, "can I call the repository straight from the controller to save time?",
                  "Please don't: the layering here is controller, then service, then repository, and an ArchUnit test "
                  "fails the build when a controller reaches past the service.", "ArchUnit"),
        [said(0.4, "dto mapping is hand-written, static from() methods on the dto", "static from() methods")],
        Ask("add an endpoint that lists a customer's unpaid invoices", "src/main/java/com/acme/billing"),
    )
    b.rule(
        "fernbook",
        said(0.6, "in this codebase every new table gets a uuid primary key, not a serial id. we expose ids in urls",
             "uuid primary key", echo="Going by the note: new table, so it gets a uuid primary key."),
        [concluded(0.35, "what ids do join tables use?",
                   "Join tables keep the Rails default bigint ids; they never appear in URLs.", "default bigint ids")],
        Ask("add a table for waitlist entries when a room is full", "app/models"),
    )
    b.rule(
        "beacon-chat",
        said(0.3, "rule: no process dictionary, ever. state lives in the socket assigns or in a GenServer",
             "process dictionary"),
        [concluded(0.6, "what is ETS used for here?",
                   "ETS holds the rate limiter counters, one table owned by the limiter process.",
                   "rate limiter counters")],
        Ask("remember which rooms a user muted during their session", "lib/beacon_web/channels"),
    )
    b.rule(
        "meshkit",
        concluded(0.55, "can I use std::unordered_map for the edge lookup?",
                  "In hot paths we use the flat hash map from the vendored abseil everywhere; std::unordered_map was "
                  "30% of simplify() time in the last profile.", "abseil"),
        [said(0.3, "ordered containers are fine in the i/o code, don't bother there", "fine in the i/o code")],
        Ask("build a vertex-to-faces adjacency lookup for the smoothing pass", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.6, "rule here: no SELECT * in any model past staging, list the columns", "SELECT *"),
        [concluded(0.3, "can staging models pull every column?",
                   "Staging models may select everything from the source; that's what they are for.",
                   "select everything")],
        Ask("build the mart model for weekly sensor uptime", "models/staging"),
    )
    b.rule(
        "infra-live",
        concluded(0.45, "can I just run apply from my laptop?",
                  "No: applies to prod only ever run from the Atlantis bot on the merged pull request; laptops only "
                  "plan.", "Atlantis"),
        [said(0.25, "staging can be applied from a laptop with the sandbox role", "sandbox role")],
        Ask("roll the new security group rule out to prod", "envs/prod"),
    )
    b.rule(
        "stockroom",
        said(0.45, "in this repo every db query goes through the repository classes in app/repos; routers never touch "
                   "the session directly", "app/repos"),
        [concluded(0.7, "how do background jobs get a database session?",
                   "Background jobs open their own session with the session_scope helper.", "session_scope")],
        Ask("add an endpoint listing items below their reorder level", "app/routers"),
    )
    b.rule(
        "cadence-ios",
        concluded(0.5, "can I use Combine for the timer updates?",
                  "The convention here is async/await with AsyncStream for anything new; Combine stays only where it "
                  "already is.", "AsyncStream"),
        [said(0.3, "the legacy settings screen still has its publishers, leave it", "legacy settings screen")],
        Ask("stream heart-rate samples from the watch into the workout view", "App"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        concluded(0.25, "what's the reduced VAT rate in the system?",
                  "The reduced rate is configured as 5% in the VAT table in settings.", "configured as 5%"),
        said(0.7, "govt change: the reduced VAT band is 7% from this quarter, finance already updated the table",
             "band is 7%"),
        [],
        Ask("print the VAT breakdown on takeaway receipts", "backend/reports"),
    )
    b.correction(
        "routewise",
        said(0.2, "max stops per driver is 40, plan validation should enforce it", "max stops per driver is 40"),
        said(0.6, "ops raised the cap, drivers can take 55 stops now on the new vans", "55 stops"),
        [],
        Ask("validate a plan before publishing it so no driver is overloaded", "internal/dispatch"),
    )
    b.correction(
        "logslice",
        said(0.3, "msrv is 1.70, don't use anything newer", "msrv is 1.70"),
        said(0.75, "bumped the minimum supported rust to 1.80 in Cargo.toml", "rust to 1.80"),
        [],
        Ask("can I use std::sync::LazyLock for the regex cache?", "src"),
    )
    b.correction(
        "brightdesk",
        concluded(0.35, "how long are ticket lists cached?",
                  "Ticket lists are considered fresh for 5 minutes (staleTime) before they refetch.",
                  "fresh for 5 minutes"),
        said(0.7, "support leads complained. set the ticket list staleTime down to 20 seconds", "20 seconds"),
        [],
        Ask("new tickets take too long to show up in the list", "src/api"),
    )
    b.correction(
        "parcelhub",
        said(0.25, "the free-shipping threshold is £50, add it to the quote response", "threshold is £50"),
        said(0.7, "marketing moved free shipping to orders over £75 starting monday", "over £75"),
        [],
        Ask("show the free shipping badge in the quote response", "src/routes"),
    )
    b.correction(
        "ledgerline",
        said(0.2, "payment terms default to net 30 unless the contract says otherwise", "net 30"),
        concluded(0.65, "what are the default payment terms now?",
                  "Since the finance change, new customers default to net 14; existing contracts keep theirs.",
                  "net 14"),
        [],
        Ask("set the due date when an invoice is issued", "src/main/java/com/acme/billing"),
    )
    b.correction(
        "fernbook",
        concluded(0.3, "what's the maximum length of a booking?",
                  "A single booking can run at most 4 hours; the model enforces it.", "at most 4 hours"),
        said(0.65, "members can now book up to a full day (10 hours) in one go, ops agreed", "10 hours"),
        [],
        Ask("add booking length validation to the booking form", "app/models"),
    )
    b.correction(
        "beacon-chat",
        said(0.25, "rooms are capped at 200 members", "capped at 200 members"),
        said(0.7, "we lifted the room cap to 1000 for the enterprise plan", "cap to 1000"),
        [],
        Ask("add a check when someone gets invited to a room that's full", "lib/beacon"),
    )
    b.correction(
        "meshkit",
        said(0.3, "heads up the obj loader only handles triangles", "only handles triangles"),
        concluded(0.7, "does the loader do quads now?",
                  "Yes, since last week the loader triangulates quads and n-gons with ear clipping on load.",
                  "ear clipping"),
        [],
        Ask("import this mesh exported from Blender with quad faces", "src"),
    )
    b.correction(
        "tidewater-etl",
        concluded(0.2, "which database is the warehouse?",
                  "The warehouse is the Postgres instance tidewater-wh-1.", "tidewater-wh-1"),
        said(0.6, "we moved the warehouse to Snowflake, account tw_analytics; the old box is read-only now",
             "Snowflake"),
        [],
        Ask("set up the dbt profile for a new teammate", "models/staging"),
    )
    b.correction(
        "infra-live",
        said(0.3, "the EKS node groups run 1.28", "node groups run 1.28"),
        said(0.7, "cluster's been upgraded to kubernetes 1.30, node groups too", "kubernetes 1.30"),
        [],
        Ask("add a node group for the batch jobs", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "the api base is https://api.pocketgarden.app/v1", "pocketgarden.app/v1"),
        said(0.7, "the first api is retired; the app talks to the v2 API with token auth now", "v2 API"),
        [],
        Ask("add the call that syncs plant photos to the server", "app/src/main/java/com/acme/garden"),
    )
    b.correction(
        "stockroom",
        said(0.25, "the reorder job runs every hour", "runs every hour"),
        said(0.65, "switched the reorder job to run at 06:00 and 14:00 only, the hourly one spammed suppliers",
             "06:00 and 14:00"),
        [],
        Ask("add low-stock emails to the reorder job", "app"),
    )
    b.correction(
        "cadence-ios",
        concluded(0.3, "how long are work intervals by default?",
                  "New plans default to 45-second work intervals.", "45-second"),
        said(0.7, "design changed the default to 40 seconds of work, 20 rest", "40 seconds of work"),
        [],
        Ask("create the quick-start plan for first-time users", "App"),
    )


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        concluded(0.55, "the barcode scanner sometimes adds an item twice",
                  "The scanner sends a trailing carriage return which the form treated as a second submit; the SKU "
                  "field now ignores Enter for 300 ms after a scan.", "carriage return"),
        [concluded(0.3, "some prices show as 0.00",
                   "Those SKUs had their leading zeros stripped by a spreadsheet import, so the lookup missed.",
                   "leading zeros")],
        Ask("one scan sometimes puts the same item in the basket twice", "backend/orders"),
    )
    b.bugfix(
        "routewise",
        concluded(0.35, "the service leaks goroutines",
                  "Each plan request started a goroutine waiting on a channel nobody closed when the client went away; "
                  "it now selects on ctx.Done() too.", "ctx.Done()"),
        [concluded(0.6, "memory grows during the morning peak",
                   "The zone index was rebuilt on every request; it's built once at start now.",
                   "rebuilt on every request")],
        Ask("the goroutine count keeps climbing over the day in prod", "internal/dispatch"),
    )
    b.bugfix(
        "logslice",
        concluded(0.5, "counts are wrong for files with Windows line endings",
                  "The line splitter kept the trailing CR byte on each line, so the level on the last field never "
                  "matched. Lines are trimmed with trim_end_matches now.", "trim_end_matches"),
        [concluded(0.3, "empty gzip files are reported as plain text",
                   "The magic bytes check needs two bytes, so empty gzip files fell through to plain text.",
                   "magic bytes")],
        Ask("the warning count is zero on logs that came from a Windows server", "src"),
    )
    b.bugfix(
        "brightdesk",
        concluded(0.6, "the reply box loses what I typed when a new ticket arrives",
                  "The editors were keyed by the list index, so a new ticket at the top remounted every editor; they "
                  "are keyed by ticket id now.", "keyed by the list index"),
        [concluded(0.3, "the unread badge is wrong",
                   "The websocket sends counts per inbox and the badge added them twice.", "counts per inbox")],
        Ask("my half-written reply vanished when the list refreshed", "src/components"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.4, "some tracking webhooks get rejected with 401",
                  "The HMAC was computed over re-serialised JSON instead of the raw body, so any whitespace difference "
                  "broke it. We verify against the raw request buffer now.", "raw request buffer"),
        [concluded(0.65, "big webhook payloads fail with 413",
                   "The JSON body parser's 100kb default limit rejected them; the limit is 1mb now.", "100kb")],
        Ask("carrier webhooks fail signature verification for a handful of events", "src/routes"),
    )
    b.bugfix(
        "ledgerline",
        concluded(0.45, "some invoices get the same number",
                  "Two nodes allocated numbers from cached sequence blocks: the sequence allocationSize was 50 with a "
                  "pooled optimiser on both. Invoice numbers now use allocationSize 1.", "allocationSize"),
        [concluded(0.7, "reminder emails went out twice",
                   "The scheduler ran on both nodes; ShedLock now makes sure only one runs it.", "ShedLock")],
        Ask("finance found two invoices with the same number after we scaled up", "src/main/java/com/acme/billing"),
    )
    b.bugfix(
        "fernbook",
        concluded(0.35, "the calendar feed shows bookings an hour off",
                  "The iCal export wrote local times without a TZID, so calendar apps assumed UTC; the feed includes "
                  "the VTIMEZONE block now.", "VTIMEZONE"),
        [concluded(0.65, "closed rooms show up in the room list",
                   "The scope ignored archived_at; archived rooms are filtered out now.", "archived_at")],
        Ask("members say their bookings appear at the wrong time in their Google calendar", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.5, "why did the node crash with too many atoms?",
                  "We called String.to_atom on room names from the client, and atoms are never garbage collected. "
                  "It's String.to_existing_atom plus an allow-list now.", "to_existing_atom"),
        [concluded(0.3, "a process mailbox kept growing",
                   "A logger handler was blocking, so log messages piled up in the caller's mailbox.",
                   "logger handler")],
        Ask("the BEAM went down overnight with a system_limit error", "lib/beacon"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.6, "other tools can't open our PLY output",
                  "The header declared the face list as uchar counts but we wrote 32-bit counts; the list count type "
                  "now matches the header.", "list count type"),
        [concluded(0.3, "normals from OBJ files are ignored",
                   "The face parser skipped the vn index after a double slash, so normals were never attached.",
                   "vn index")],
        Ask("MeshLab refuses to load the PLY files we export", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        concluded(0.55, "the daily model is missing some readings",
                  "The incremental filter took only rows newer than the target's latest reading_at, so late arrivals "
                  "were skipped; it uses a two-day lookback window now.", "lookback window"),
        [concluded(0.3, "the extract failed on one file",
                   "That CSV had a trailing comma in the header, which made an empty column name.", "trailing comma")],
        Ask("readings that arrive late never make it into the daily table", "models/staging"),
    )
    b.bugfix(
        "infra-live",
        concluded(0.3, "apply keeps failing with a state lock error",
                  "A crashed CI job left its lock behind; terraform force-unlock with the lock ID from the error "
                  "cleared it, and CI now passes -lock-timeout=5m.", "force-unlock"),
        [concluded(0.6, "plan takes ages and sometimes times out",
                   "The plan was refreshing 900 resources; the big module is split out now.",
                   "refreshing 900 resources")],
        Ask("terraform says the state is locked but nobody is running anything", "envs/staging"),
    )
    b.bugfix(
        "pocketgarden",
        concluded(0.45, "the watering notification shows up twice",
                  "After the upgrade both the old broadcast receiver and the new worker fired; the receiver is now "
                  "removed from the manifest.", "receiver is now removed"),
        [concluded(0.7, "notification icons are white squares",
                   "The small icon had colour in it; Android draws those as white squares.", "white squares")],
        Ask("people get duplicate watering notifications since the update", "app/src/main/java/com/acme/garden"),
    )
    b.bugfix(
        "stockroom",
        concluded(0.6, "bin search returns nothing for some SKUs",
                  "The scanner import stored SKUs uppercased but the search used them as typed; the column is citext "
                  "now, so the lookup is case-insensitive.", "citext"),
        [concluded(0.35, "bin search is slow",
                   "It was missing an index on aisle; added.", "index on aisle")],
        Ask("searching for sku ab-12 finds nothing but AB-12 works", "app/routers"),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.35, "the app crashes when a workout ends",
                  "The completion handler updated published state from the HealthKit callback queue; hopping to the "
                  "main queue first fixed the crash.", "HealthKit callback queue"),
        [concluded(0.65, "the rest countdown is silent",
                   "The silent switch mutes the countdown sound because the audio session category was ambient.",
                   "category was ambient")],
        Ask("the app crashes right as a workout finishes", "App"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        concluded(0.4, "who can give me access to the payment terminal sandbox?",
                  "The terminal sandbox is run by Ines Okafor on the payments team; she hands out the test merchant "
                  "IDs.", "Ines Okafor"),
        [said(0.65, "the till hardware vendor's contact details are on the wiki page Till suppliers",
              "Till suppliers")],
        Ask("I need a test merchant account to try the card refund flow", "backend/orders"),
    )
    b.fact(
        "routewise",
        said(0.45, "prod dashboards are grafana.internal/d/routewise-core, look there before paging anyone",
             "routewise-core",
             echo="Going by the note, I checked the routewise-core dashboard first: latency is flat."),
        [concluded(0.7, "where do errors get reported?",
                   "Errors go to the Sentry project rw-backend, one issue per stack trace.", "rw-backend")],
        Ask("check whether plan latency went up after yesterday's deploy", "cmd/routewise"),
    )
    b.fact(
        "logslice",
        said(0.3, "benchmarks: cargo bench with --save-baseline main before and after, then compare with critcmp",
             "critcmp"),
        [concluded(0.6, "what do we profile with?",
                   "On Linux we profile with samply and open the result in the Firefox profiler.", "samply")],
        Ask("measure whether the new parser is actually faster", "crates/slice-core"),
    )
    b.fact(
        "brightdesk",
        said(0.3, "feature flags live in LaunchDarkly, project support-web. Dev has the sdk keys", "support-web"),
        [concluded(0.6, "who runs the A/B tests?",
                   "A/B tests go through the marketing team's Optimizely account.", "Optimizely")],
        Ask("hide the new macro panel behind a flag", "src/components"),
    )
    b.fact(
        "parcelhub",
        concluded(0.6, "how do I get a sandbox label printed?",
                  "Sandbox labels go through the carrier test account PH-TEST-0042: set CARRIER_ENV=sandbox and they "
                  "print with a VOID watermark.", "PH-TEST-0042", "CARRIER_ENV=sandbox"),
        [said(0.35, "the production carrier account number is in the vault under carriers/prod", "carriers/prod")],
        Ask("generate a test label for the QA team", "src/services"),
    )
    b.fact(
        "ledgerline",
        said(0.6, "the nightly statement run is the CronJob ledger-statements in the billing namespace",
             "ledger-statements"),
        [concluded(0.35, "what sends the payment reminders?",
                   "Payment reminders go out from the ledger-dunning job every morning.", "ledger-dunning")],
        Ask("rerun last night's statements for one customer", "src/main/java/com/acme/billing"),
    )
    b.fact(
        "fernbook",
        said(0.55, "the support inbox for booking problems is bookings@fernbook.example, route failed-payment emails "
                   "there", "bookings@fernbook.example"),
        [concluded(0.3, "which address do marketing emails come from?",
                   "Marketing emails are sent from hello@fernbook.example.", "hello@fernbook.example")],
        Ask("send an alert email when a booking payment fails", "app/models"),
    )
    b.fact(
        "beacon-chat",
        concluded(0.35, "how do I get a shell on the prod node?",
                  "Use fly ssh console -a beacon-prod, then bin/beacon remote to attach to the running node.",
                  "bin/beacon remote"),
        [said(0.6, "logs are shipped to Better Stack, source beacon-web", "Better Stack")],
        Ask("I need to look at a GenServer's state on the live system", "lib/beacon"),
    )
    b.fact(
        "meshkit",
        said(0.5, "the windows build needs VCPKG_ROOT pointing at C:\\vcpkg, CI sets it in the job env",
             "VCPKG_ROOT"),
        [concluded(0.25, "which compiler do macOS builds use?",
                   "macOS builds use Homebrew's llvm, not Apple clang.", "Homebrew's llvm")],
        Ask("set up the Windows build on my new machine"),
    )
    b.fact(
        "tidewater-etl",
        concluded(0.3, "who owns the sensor firmware?",
                  "The sensor firmware belongs to the hardware group; the contact there is Femi Adeyemi.",
                  "Femi Adeyemi"),
        [said(0.6, "the billing export is owned by Rachel Moreau in finance systems", "Rachel Moreau")],
        Ask("the sensors send readings in the wrong unit, who do I talk to?", "scripts"),
    )
    b.fact(
        "infra-live",
        said(0.4, "tf state bucket is acme-tfstate-prod-7c1f. don't create a new one per env", "acme-tfstate-prod"),
        [concluded(0.65, "where do the access logs go?",
                   "Access logs go to the acme-central-logs bucket in the security account.", "acme-central-logs")],
        Ask("set up remote state for the new search cluster", "envs/staging"),
    )
    b.fact(
        "pocketgarden",
        concluded(0.55, "how do we get crash reports from beta testers?",
                  "Beta crash reports land in Crashlytics under the app id com.acme.garden.beta, and in the Play "
                  "Console's pre-launch reports.", "com.acme.garden.beta"),
        [said(0.3, "production crashes get triaged by Lena Park every monday", "Lena Park")],
        Ask("find out why the beta build crashes on start-up for some testers", "app/src/main/java/com/acme/garden"),
    )
    b.fact(
        "stockroom",
        said(0.35, "for local dev, make db-up starts postgres on port 55432 with the seed data", "port 55432",
             "make db-up"),
        [concluded(0.65, "what database do the unit tests use?",
                   "The unit tests use a throwaway database through testcontainers.", "testcontainers")],
        Ask("run the integration tests against a real database on my laptop", "tests"),
    )
    b.fact(
        "cadence-ios",
        said(0.6, "the HealthKit entitlement is only in the Cadence-Internal scheme, the public scheme doesn't have it",
             "Cadence-Internal"),
        [concluded(0.3, "what's the App Group id?",
                   "The App Group is group.com.acme.cadence, shared with the watch extension.",
                   "group.com.acme.cadence")],
        Ask("read the user's resting heart rate to suggest intervals", "App"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        concluded(0.3, "the reports page is slow, can we cache it?",
                  "I added per-view caching with cache_page(900) on the daily report view.", "cache_page(900)"),
        said(0.65, "managers say the daily report doesn't show sales from the last quarter hour. they think the tills "
                   "are broken", "last quarter hour"),
        [concluded(0.5, "why is the CSV download slow?",
                   "The CSV download was slow because of a missing index on created.", "missing index on created")],
        Ask("the end-of-day report is missing the most recent sales", "backend/reports", want="cause"),
    )
    b.causal(
        "routewise",
        said(0.4, "I set GOGC=off in the container to squeeze latency, memory is cheap", "GOGC=off"),
        concluded(0.75, "pods get OOMKilled every few hours",
                  "The heap only grows: with the garbage collector disabled the process runs until the 2 GiB limit and "
                  "the kubelet kills it.", "garbage collector disabled"),
        [concluded(0.55, "why is CPU throttled?",
                   "The throttling comes from the 500m limit on the container.", "500m limit")],
        Ask("I'm thinking of turning GC off in the other services too, for latency", "cmd/routewise", want="effect"),
    )
    b.causal(
        "logslice",
        said(0.35, "switched the reader to mmap for big files, way faster", "mmap"),
        concluded(0.7, "it crashed with SIGBUS on the rotating logs",
                  "When logrotate truncates a file we have mapped, touching the vanished pages raises SIGBUS; that's "
                  "the crash.", "SIGBUS"),
        [concluded(0.5, "why did it panic on empty files?",
                   "The panic came from slicing [0..1] on an empty buffer.", "slicing [0..1]")],
        Ask("it dies with a bus error when the log is rotated while we scan it", "src", want="cause"),
    )
    b.causal(
        "brightdesk",
        said(0.3, "I set the websocket to reconnect immediately with no backoff, agents hated the delay",
             "no backoff"),
        concluded(0.65, "the realtime server fell over after the deploy",
                  "After the deploy every open dashboard reconnected at the same instant and kept retrying in a tight "
                  "loop, a thundering herd of 3,000 clients.", "thundering herd"),
        [concluded(0.5, "the dashboard leaks memory",
                   "The leak was an uncleared interval in the clock widget.", "uncleared interval")],
        Ask("reconnecting still feels slow to agents, can we make it even more aggressive?", "src/api",
            want="effect"),
    )
    b.causal(
        "parcelhub",
        concluded(0.45, "can we speed up quotes?",
                  "I made the quote endpoint fire all carrier requests together and wait with Promise.all.",
                  "Promise.all"),
        said(0.75, "one carrier going down now makes every quote fail, not just theirs", "every quote fail"),
        [concluded(0.6, "quotes come back with the wrong price sometimes",
                   "The quote cache was keyed without the weight, so similar parcels shared a price.",
                   "without the weight")],
        Ask("quotes fail completely whenever a single carrier has an outage", "src/services", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.3, "turned on batch inserts, hibernate.jdbc.batch_size=50, for the statement job", "batch_size=50"),
        concluded(0.6, "the statement job's memory use jumped",
                  "The persistence context holds every entity until the batch flushes and is never cleared, so memory "
                  "grows with the run; it needs clear() per batch.", "clear() per batch"),
        [concluded(0.45, "why was the statement job slow before?",
                   "It was slow because of the N+1 on customers.", "N+1 on customers")],
        Ask("let's raise the batch size to 500 so the statement job gets faster still",
            "src/main/java/com/acme/billing", want="effect"),
    )
    b.causal(
        "fernbook",
        said(0.35, "moved the reminder job onto the web dynos with the async adapter to save the worker dyno",
             "async adapter"),
        concluded(0.7, "some reminders never get sent",
                  "Jobs queued in the web process's memory are lost whenever a dyno restarts, and dynos restart "
                  "daily, so reminders queued before a restart vanish.", "dynos restart daily"),
        [concluded(0.5, "reminders from mobile bookings are in English for everyone",
                   "Bookings made on mobile stored the wrong locale.", "wrong locale")],
        Ask("a few members never got their booking reminder", "app/models", want="cause"),
    )
    b.causal(
        "beacon-chat",
        concluded(0.4, "can presence be made cheaper?",
                  "I raised the Presence broadcast period to 10 seconds to cut the diff traffic.",
                  "broadcast period to 10 seconds"),
        said(0.75, "people say the green online dot lags behind when someone leaves", "online dot lags"),
        [concluded(0.55, "typing indicators get stuck",
                   "The stop event is lost when the tab closes, so the indicator stays.", "stop event is lost")],
        Ask("presence traffic is still high, can we batch the broadcasts even more?", "lib/beacon_web/channels",
            want="effect"),
    )
    b.causal(
        "meshkit",
        said(0.3, "switched the index buffer to 16-bit indices to save memory", "16-bit indices"),
        concluded(0.65, "large scans come out garbled",
                  "Meshes with more than 65,535 vertices wrap around in the index buffer, so faces point at the wrong "
                  "vertices.", "65,535 vertices"),
        [concluded(0.45, "vertex colours disappear on export",
                   "The writer only handles float colors and drops the byte ones.", "float colors")],
        Ask("big meshes turn into spaghetti after export but small ones are fine", "src", want="cause"),
    )
    b.causal(
        "tidewater-etl",
        concluded(0.4, "the warehouse bill is high",
                  "I changed the readings table clustering to sensor_id only, dropping the date key, to speed up the "
                  "per-sensor dashboards.", "sensor_id only"),
        said(0.7, "the daily rollup now scans the whole readings table and takes an hour",
             "scans the whole readings table"),
        [concluded(0.55, "the dashboards show yesterday's numbers in the morning",
                   "The dashboard cache expires at midnight UTC, before the load finishes.", "expires at midnight")],
        Ask("why did the daily rollup suddenly get so slow?", "models/staging", want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.3, "set deletion_protection = false on the staging database so the nightly rebuild can drop it",
             "deletion_protection = false"),
        concluded(0.6, "did we lose the staging data?",
                  "Yes: the rebuild dropped the staging database along with the QA team's test accounts, since "
                  "nothing protects it any more.", "QA team's test accounts"),
        [concluded(0.45, "staging certificates expired",
                   "They expired because the DNS validation record had been removed.", "DNS validation record")],
        Ask("I want to turn off deletion protection on the prod replica for the same reason", "envs/prod",
            want="effect"),
    )
    b.causal(
        "stockroom",
        said(0.35, "set pool_pre_ping=False on the engine, it added a round trip per request", "pool_pre_ping=False"),
        concluded(0.7, "we get 'server closed the connection unexpectedly' every morning",
                  "The first requests each morning reuse connections the database closed overnight, and without a "
                  "liveness check they fail.", "closed overnight"),
        [concluded(0.5, "requests time out around noon",
                   "The noon timeouts are the ERP sync holding locks on the stock table.", "holding locks")],
        Ask("the first few requests every morning fail with a database connection error", "app", want="cause"),
    )
    b.causal(
        "cadence-ios",
        said(0.3, "I turned on background audio mode so the timer keeps running when the phone locks",
             "background audio mode"),
        concluded(0.7, "App Review rejected the build",
                  "Review rejected it under guideline 2.5.4: background audio is only allowed when the app plays "
                  "audio continuously.", "guideline 2.5.4"),
        [concluded(0.5, "the screenshots were rejected",
                   "The screenshots were rejected for showing a status bar with a carrier name.", "status bar")],
        Ask("let's keep the app alive in the background for the rest timer the same way", "App", want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "logslice",
        said(0.5, "general thing, goes for all my repos: small functions with early returns over nested ifs please",
             "early returns"),
        [there("tidewater-etl", concluded(0.5, "why are the dbt macros so nested?",
                                          "In the dbt macros we allow deep nesting; Jinja has no clean way to exit "
                                          "a macro early.", "deep nesting"))],
        Ask("refactor the quote validation into something readable", "src/services", project="parcelhub"),
        Ask("clean up the payment allocation method", "src/main/java/com/acme/billing", project="ledgerline"),
        Ask("tidy the reserve function, it's a mess of conditions", "app/routers", project="stockroom"),
    )
    b.global_pref(
        "infra-live",
        said(0.6, "across everything I work on: never add a new dependency without asking me first",
             "without asking me first"),
        [there("brightdesk", said(0.4, "this repo lets Renovate add dev dependencies on its own", "Renovate"))],
        Ask("add a library for parsing barcodes", "backend/orders", project="tillpoint"),
        Ask("we need a markdown renderer for messages", "lib/beacon", project="beacon-chat"),
        Ask("add charts to the stats screen", "App/Views", project="cadence-ios"),
    )
    b.global_pref(
        "ledgerline",
        said(0.4, "for me personally, in every project: explain what a command does before running anything "
                  "destructive", "before running anything destructive"),
        [there("routewise", said(0.5, "in this repo the Makefile's clean target is safe to run any time",
                                 "safe to run any time"))],
        Ask("clear out the build directory and rebuild from scratch", project="meshkit"),
        Ask("reset the local database and reseed it", project="fernbook"),
        Ask("wipe the emulator data and reinstall the app", project="pocketgarden"),
    )
    b.global_pref(
        "beacon-chat",
        said(0.3, "I prefer tests named as sentences describing behaviour, in all my projects: 'rejects expired "
                  "tokens', not 'test_token_2'", "named as sentences"),
        [there("meshkit", said(0.45, "gtest names here are CamelCase Suite.Case, the CI parser needs that",
                               "CamelCase Suite.Case"))],
        Ask("add tests for the capacity check", "internal/dispatch", project="routewise"),
        Ask("write tests for the SLA timer", "src/components", project="brightdesk"),
        Ask("add a test for the extract dedupe", "scripts", project="tidewater-etl"),
    )
    b.global_pref(
        "pocketgarden",
        said(0.5, "globally: when you're unsure about a requirement, ask me one question instead of guessing",
             "ask me one question"),
        [there("parcelhub", said(0.5, "for carrier API quirks, check docs/carriers before asking anyone",
                                 "docs/carriers"))],
        Ask("implement the returns flow", "app", project="stockroom"),
        Ask("support partial refunds on invoices", "src/main/java/com/acme/billing", project="ledgerline"),
        Ask("set up the disaster recovery region", "envs/prod", project="infra-live"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.45, "transactional email goes through Postmark, templates live there too", "Postmark"),
        "fernbook", said(0.45, "emails go out through Amazon SES via ActionMailer's smtp settings", "Amazon SES"),
        Ask("email the daily summary to the store managers", "backend/reports", project="tillpoint"),
        Ask("send a receipt email after each booking", "app/models", project="fernbook"),
    )
    b.cross(
        "routewise", said(0.5, "api docs are the hand-written OpenAPI file in api/openapi.yaml", "api/openapi.yaml"),
        "stockroom", said(0.5, "docs come from the framework's auto-generated schema, never hand-write them",
                          "auto-generated schema"),
        Ask("document the new failed-delivery endpoint", project="routewise"),
        Ask("document the bin transfer endpoint", "app/routers", project="stockroom"),
    )
    b.cross(
        "brightdesk", said(0.35, "icons come from lucide-react, nothing else", "lucide-react"),
        "cadence-ios", said(0.35, "icons are SF Symbols only in this app", "SF Symbols"),
        Ask("add an icon to the escalate button", "src/components", project="brightdesk"),
        Ask("add an icon for the rest interval", "App/Views", project="cadence-ios"),
    )
    b.cross(
        "parcelhub", said(0.55, "logs are structured JSON lines to stdout, one object per event, the collector "
                                "parses them", "structured JSON lines"),
        "logslice", said(0.55, "diagnostics go to stderr through the tracing crate with env-filter", "env-filter"),
        Ask("add logging when a label fails to print", "src/services", project="parcelhub"),
        Ask("add debug output when a line fails to parse", "src", project="logslice"),
    )
    b.cross(
        "ledgerline", said(0.5, "all billing dates are in Europe/London whatever the customer's country",
                           "Europe/London"),
        "tidewater-etl", said(0.5, "every timestamp in the warehouse is UTC; the dashboards convert",
                              "dashboards convert"),
        Ask("add the billing period dates to the statement", "src/main/java/com/acme/billing", project="ledgerline"),
        Ask("build a daily aggregate of the readings", "models/staging", project="tidewater-etl"),
    )
    b.cross(
        "meshkit", said(0.4, "formatting is clang-format with the Chromium style file at the root", "Chromium style"),
        "pocketgarden", said(0.4, "formatting is ktlint with the android_studio code style",
                             "android_studio code style"),
        Ask("format the new files before I commit", "src", project="meshkit"),
        Ask("make the new screen's code match our formatting", "app/src/main/java/com/acme/garden",
            project="pocketgarden"),
    )
    b.cross(
        "beacon-chat", said(0.45, "prod deploys happen automatically when main is green, no manual step",
                            "automatically when main is green"),
        "infra-live", said(0.45, "prod changes need two approvals on the pull request before anything is applied",
                           "two approvals"),
        Ask("get my fix out to production", project="beacon-chat"),
        Ask("get my change to the prod VPC live", "envs/prod", project="infra-live"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("what's the difference between a list and a tuple?"))
    b.irrelevant("routewise", Ask("how do I write a table-driven test in Go?"))
    b.irrelevant("logslice", Ask("explain the lifetimes in this function signature", "src"))
    b.irrelevant("brightdesk", Ask("what's the keyboard shortcut to rename a symbol in VS Code?"))
    b.irrelevant("parcelhub", Ask("convert this callback to async/await", "src/routes"))
    b.irrelevant("ledgerline", Ask("what's the difference between a record and a class in Java?"))
    b.irrelevant("fernbook", Ask("how do I run a single rspec example?"))
    b.irrelevant("beacon-chat", Ask("explain the pin operator"))
    b.irrelevant("meshkit", Ask("what's the rule of five?"))
    b.irrelevant("tidewater-etl", Ask("what's a window function, in two sentences?"))
    b.irrelevant("infra-live", Ask("how do I see the git log for one file?"))
    b.irrelevant("pocketgarden", Ask("what's the difference between val and var?"))
    b.irrelevant("stockroom", Ask("how do I pretty-print JSON from the command line?"))
    b.irrelevant("cadence-ios", Ask("how do I rename a file in Xcode without breaking references?"))
