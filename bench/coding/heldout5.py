"""The fifth held-out split: fresh facts and probes, measured three times while held out; training since.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
per-probe results or failures; the earlier splits' planted statements, probes and irrelevant
prompts were read only to keep these facts, values and wordings clear of them. Same repositories,
new facts, in voices and forms the earlier splits do not use: long multi-paragraph prompts with
several unrelated asks and the fact in one numbered item; facts inside pasted markdown tables,
meeting-note bullet lists, an ADR excerpt, a pasted Slack thread with timestamps, a pull request's
"Why" section, a CONTRIBUTING excerpt, PR-template checklists, and code comments or docstrings in a
pasted diff; decisions and rules stated negatively ("we are NOT doing X, Y instead"); facts given
as the premise of a question ("since we moved to X, why does ..."); one dictated run-on message
with typos and no punctuation; facts the assistant concludes after reading files; corrections
said as "scratch that" about something said sessions earlier, some restated again later by the
assistant; global preferences in Portuguese, Italian and Dutch, as "in any repo of mine" and as a
bullet list of personal rules. Probes are questions with pronouns and vague follow-ups, error
messages pasted as the whole prompt, and prompts in which only a subordinate clause needs
memory; the irrelevant prompts are generic programming questions in the projects' vocabulary
(exclusion constraints, ETags, NAT gateways, k-d trees) that need no planted fact. Decisions,
rules, corrections and irrelevant prompts are here; bugfixes, facts, causes and effects, global
preferences and cross-project negatives are in :mod:`bench.coding.heldout5_more`.

heldout5 was measured three times while held out (at 504f15a, before that release's tuning, and at b6f5d6b
with each embedder; its held-out figures are the ``bench/results/coding_heldout5_*.json`` of those runs);
training since. The splits held out now are :mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10`
and :mod:`bench.coding.heldout11`.
"""

from __future__ import annotations

from bench.coding import heldout5_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout5")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    _corrections_backend(b)
    _corrections_rest(b)
    heldout5_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.35, "Morning. A few things for today, in no particular order.\n\n1. The flake8 job is red on main "
                   "since yesterday, probably the new plugin version.\n\n2. About the customer-facing screens: "
                   "we are NOT buying the terminal vendor's second-screen app. The customer display is a plain "
                   "page served by the till backend, and it gets the basket pushed over Django Channels as items "
                   "are scanned.\n\n3. Could you also look at why the receipts admin page is slow to open? Start "
                   "with number 1.", "Django Channels"),
        [concluded(0.6, "how does the kitchen printer get orders?",
                   "The kitchen ticket goes to the printer after payment as one job; nothing is pushed live to "
                   "any screen.", "kitchen ticket goes to the printer after payment")],
        Ask("the screen facing the customer should show each item and the running total as the cashier scans",
            "backend/orders"),
    )
    b.decision(
        "routewise",
        said(0.5, "result of the basemap spike, pasting the table from the doc so it's here:\n\n"
                  "| option | hosting | cost/month | verdict |\n|---|---|---|---|\n"
                  "| self-hosted tile server | us | 2 VMs + ops | rejected |\n"
                  "| MapTiler vector tiles + MapLibre GL | them | 310 | chosen |\n"
                  "| Google Maps JS | them | 1,800 | rejected |\n\n"
                  "we are NOT running our own tile server. now, can you fix the lint in geo?",
             "MapTiler vector tiles"),
        [said(0.25, "the printed route sheets for drivers have no map, just the ordered stop list, keep it that way. "
                    "can you look at the failing geo test", "printed route sheets for drivers have no map")],
        Ask("dispatchers want a satellite layer they can toggle on the planner map", "internal/geo"),
    )
    b.decision(
        "parcelhub",
        said(0.45, "ok so after the pricing review: we are NOT doing per-parcel rate shopping across carriers. "
                   "each merchant picks a default carrier per zone in their settings and we use that, finance "
                   "wants predictable invoices. anyway, the eslint errors", "default carrier per zone"),
        [concluded(0.7, "how is parcel insurance handled?",
                   "Insurance above the standard cover always goes through the carrier's own cover product; we "
                   "never insure parcels ourselves.", "carrier's own cover product")],
        Ask("for every new parcel, automatically pick whichever carrier quotes cheapest", "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.3, "pasting the ADR so the reasoning is on record:\n\n## ADR-031: e-invoicing\nStatus: accepted\n"
                  "Decision: we do not run our own Peppol access point. E-invoices are sent through Storecove's "
                  "API; we keep the UBL we generate for our records.\nConsequence: Storecove's webhook tells us "
                  "when the buyer's access point accepted it.\n\nok, now the failing mapper test please",
             "Storecove"),
        [concluded(0.55, "how do the two old customers get their invoices?",
                   "The two customers who still want paper get their invoices printed and posted by Docmail from "
                   "the PDF; that path has nothing to do with e-invoicing.", "printed and posted by Docmail")],
        Ask("the Belgian customer says they can only accept invoices over Peppol from January, what do we have to "
            "do?", BILLING),
        Ask("credit notes have to go out electronically as well, same way as invoices. also clear the Sonar smells "
            "in CreditNoteService while you're in there", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.4, "notes from today's product call:\n- search: Postgres full-text through the pg_search gem, "
                  "Elasticsearch is off the table, we don't want another box\n- Lisbon opens in March\n"
                  "- nobody owns the newsletter, parked\ncan you start with the rubocop offences",
             "pg_search gem"),
        [concluded(0.65, "how does the amenities filter work?",
                   "The amenities filter queries a jsonb column on rooms with a GIN index; it matches exact "
                   "amenity keys, not free text.", "amenities filter queries a jsonb column")],
        Ask("members want to type words like 'whiteboard' or 'quiet' and find rooms whose description mentions them",
            "app/models"),
    )
    b.decision(
        "beacon-chat",
        said(0.55, "pasting the thread from #beacon-dev so it's in the log:\n\n[10:42] lena: who fetches link "
                   "previews? I don't want the Phoenix nodes doing outbound HTTP to random sites\n[10:44] marco: "
                   "agreed. a separate unfurl service in Go does it, the channel just gets the result pushed\n"
                   "[10:45] lena: 👍 ship it\n\ncan you fix the dialyzer warning in the presence module",
             "separate unfurl service"),
        [said(0.3, "GIF search goes through the Tenor API called from the browser directly, the server never sees "
                   "it. can u bump credo", "Tenor API called from the browser")],
        Ask("when someone pastes a URL in a room, show the page title and a thumbnail under the message",
            "lib/beacon"),
    )
    b.decision(
        "stockroom",
        said(0.6, "for the record, we are NOT doing websockets to the handhelds. the wifi in the halls drops "
                  "them constantly. handhelds poll /tasks every 5 s with ETag so an unchanged list costs a 304. "
                  "ok, can you fix the mypy errors in the router now", "poll /tasks every 5 s with ETag"),
        [concluded(0.4, "how does the supervisor dashboard update?",
                   "The supervisor dashboard in the office gets live counts over server-sent events from "
                   "/dashboard/stream; it runs on wired desktops.", "server-sent events")],
        Ask("pickers should see an urgent task appear on the handheld without pressing refresh", "app/routers"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        said(0.45, "re the lookaround issue: we are NOT switching to fancy-regex, its backtracking blew up on the "
                   "fuzz corpus. fancy-regex is out, the regex crate stays and people combine --grep with "
                   "--grep-not instead. next: the windows CI job", "fancy-regex is out"),
        [concluded(0.25, "what matches the --files patterns?",
                   "The --files patterns are matched with the globset crate, compiled once into a set.",
                   "globset crate")],
        Ask("a user wants 'ERROR not followed by retry' as one pattern, can you support lookahead in --grep?",
            "src"),
    )
    b.decision(
        "brightdesk",
        said(0.5, "since we moved customer lookup to a hosted customer index on Meilisearch last sprint, why does "
                  "the bundle analyser still show the old fuse.js in the vendor chunk? something must still import "
                  "it", "customer index on Meilisearch"),
        [concluded(0.3, "how is ticket search done?",
                   "Ticket search stays on the backend's own Postgres search behind /api/tickets?q=; the frontend "
                   "only debounces the box.", "backend's own Postgres search")],
        Ask("agents want to find a customer from the top bar by typing part of their email or company name",
            "src/components"),
    )
    b.decision(
        "meshkit",
        said(0.4, "given that we went with nanoflann for the closest-point queries instead of writing our own "
                  "k-d tree, is it ok to build the index once per mesh and keep it in the Mesh object, or does "
                  "that break the copy semantics?", "nanoflann"),
        [concluded(0.7, "what does the ray casting use?",
                   "Ray casting for the thickness check uses Embree on the studio builds and a brute-force "
                   "fallback elsewhere.", "Embree on the studio builds")],
        Ask("snap every scan vertex to the nearest vertex of the reference mesh; the double loop takes minutes",
            "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.3, "to close the Dagster thread: we are NOT migrating, we stay on Airflow. new DAGs are written "
                  "with the TaskFlow API though, no more PythonOperator boilerplate. the old ones get converted "
                  "when someone touches them. ok, sqlfluff please", "TaskFlow API"),
        [concluded(0.6, "what does the legacy hourly DAG run?",
                   "The legacy hourly DAG is a chain of BashOperator tasks calling the scripts in scripts/; it "
                   "predates the warehouse.", "BashOperator tasks calling the scripts")],
        Ask("write a new DAG that pulls the rainfall radar tiles every hour", "dags"),
    )
    b.decision(
        "infra-live",
        said(0.55, "pasting the comparison from the RFC:\n\n| ingress option | TLS | cost | verdict |\n|---|---|---|---|"
                   "\n| ingress-nginx | cert-manager | 3 nodes | dropped |\n| AWS Load Balancer Controller | ACM | "
                   "per ALB | adopted |\n\nmigration of the old ones is next quarter. can u fmt the modules first",
             "AWS Load Balancer Controller"),
        [concluded(0.35, "how do internal services find each other?",
                   "Internal services resolve each other through the Cloud Map namespace svc.internal; nothing "
                   "internal goes through a load balancer.", "Cloud Map namespace")],
        Ask("put the new grafana on a public hostname with https", "envs/prod"),
    )
    b.decision(
        "pocketgarden",
        said(0.6, "here's the PR description, tell me if it reads ok:\n\n## Why\nWe are not building the new "
                  "home-screen widgets with RemoteViews XML any more: every layout change meant two files and no "
                  "previews. New widgets are written with Jetpack Glance, in Compose style, and read the same "
                  "snapshot as before.\n\n## How\nSee WaterTodayWidget.", "Jetpack Glance"),
        [said(0.35, "the custom notification layouts stay plain RemoteViews, they're two lines of text. can you fix "
                    "the padding on the plant card", "notification layouts stay plain RemoteViews")],
        Ask("add a home-screen widget listing the plants that need water today", GARDEN),
    )
    b.decision(
        "cadence-ios",
        concluded(0.45, "read Package.swift and the stats views and tell me what draws the graphs now",
                  "Package.swift no longer lists any charting package, and StatsView and TrendView both import "
                  "Charts: the graphs are drawn with Swift Charts, DGCharts was removed with the last dependency "
                  "cleanup.", "drawn with Swift Charts"),
        [said(0.7, "the heart rate sparkline on the live screen is a hand-drawn Path, keep it, it's cheaper while "
                   "the workout runs. can u fix the preview crash", "hand-drawn Path")],
        Ask("add a bar graph of weekly training volume to the stats tab", "App/Views"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.5, "this is our PR template now, stick to it:\n\n- [ ] tests added\n- [ ] management commands take "
                  "--shop and refuse to touch every shop unless --all-shops is passed\n- [ ] migrations "
                  "reviewed\n\ncan you check the open PR against it", "--all-shops"),
        [concluded(0.3, "why does import_products run on every shop?",
                   "import_products runs on all shops by design: the catalogue is chain-wide, there is nothing "
                   "per shop to choose.", "the catalogue is chain-wide")],
        Ask("write a management command that recalculates yesterday's totals after the tax fix",
            "backend/reports"),
    )
    b.rule(
        "routewise",
        said(0.4, "look at this diff before you change anything in dispatch:\n\n```diff\n+// Distances in this "
                  "package are metres as int32. Never float64 kilometres: the planner sums thousands of legs\n"
                  "+// and the driver app compares them for equality.\n type Leg struct {\n-\tKm float64\n+\tMeters "
                  "int32\n```\nthat's the rule for dispatch. now the stops handler test", "metres as int32"),
        [said(0.7, "durations on the wire are ISO-8601 strings like PT14M, the driver app parses them. can u tidy "
                   "go.mod", "ISO-8601 strings like PT14M")],
        Ask("add the distance from the previous stop to each stop of a plan", "internal/dispatch"),
    )
    b.rule(
        "parcelhub",
        said(0.3, "Three unrelated things.\n\nFirst, the staging deploy failed on the docker build, the log is in "
                  "CI.\n\nSecond, and I'd like this to stick: any route that reads shipments goes through the "
                  "scopeToMerchant() middleware, which adds the caller's merchant to every query. No query on "
                  "shipments without it, one merchant must never see another's parcels.\n\nThird, the README "
                  "badge is broken. Deploy first.", "scopeToMerchant()"),
        [concluded(0.6, "do the ops routes filter by merchant?",
                   "No, the internal /ops routes see every merchant's shipments on purpose; they sit behind the "
                   "staff VPN.", "see every merchant's shipments on purpose")],
        Ask("add GET /shipments/export that returns a CSV of all shipments from the last 30 days",
            "src/routes"),
    )
    b.rule(
        "ledgerline",
        concluded(0.35, "read build.gradle and the test resources and tell me how repository tests get a database",
                  "build.gradle pulls in the container-based Postgres test module and application-test.yml has no "
                  "embedded driver: repository tests here run against a real Postgres container, never H2, "
                  "because the queries use Postgres-only features.", "never H2"),
        [said(0.6, "the bank API contract tests use WireMock stubs from src/test/resources/bank, don't hit the "
                   "sandbox from tests. can u fix the javadoc warnings", "WireMock stubs")],
        Ask("write a test for the new overdue-invoices repository query", BILLING_TESTS),
    )
    b.rule(
        "fernbook",
        said(0.45, "this is from the diff Joana merged, keep to it everywhere:\n\n```diff\n+  # House rule: mail "
                   "goes out only with deliver_later from an after_commit callback,\n+  # never inside the "
                   "transaction (a rollback would already have emailed the member).\n+  after_commit "
                   ":send_confirmation, on: :create\n```\nnow the flaky calendar spec please",
             "deliver_later from an after_commit"),
        [concluded(0.7, "why is the admin password reset mail sent immediately?",
                   "The admin password reset mail uses deliver_now on purpose: there is no transaction around it "
                   "and the admin waits for it.", "deliver_now on purpose")],
        Ask("email the member a confirmation when they book a room", "app/models"),
    )
    b.rule(
        "beacon-chat",
        said(0.6, "ok so rule for this repo every new table gets binary_id primay keys no integer ids anymore "
                  "the legacy users table keeps its own thing dont touch it and then can you look at the flaky "
                  "presence test thx", "binary_id primay keys"),
        [concluded(0.35, "what kind of ids does the users table have?",
                   "The users table keeps its bigint serial ids from before; foreign keys to it stay integers.",
                   "keeps its bigint serial ids")],
        Ask("add a table for message reactions", "lib/beacon"),
    )
    b.rule(
        "stockroom",
        said(0.25, "pasting the docstring I put on the base service, it's the rule for anything touching stock:"
                   "\n\n```python\nclass StockService:\n    \"\"\"Every method that changes a quantity writes a "
                   "row to stock_audit in the same\n    transaction as the change. No audit row, no change.\"\"\"\n"
                   "```\nok now the failing pick test", "stock_audit"),
        [said(0.55, "read-only endpoints aren't audited, the access log is enough for those. can you fix the "
                    "pydantic warning", "access log is enough")],
        Ask("add an endpoint that moves a quantity of one product from one bin to another", "app/routers"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.35, "from CONTRIBUTING.md, the part people skip:\n\n## Adding a flag\n1. Give it a long name.\n"
                   "2. Regenerate the completion snapshot in tests/snapshots and commit it with the flag.\n"
                   "3. Mention it in CHANGELOG.md under Unreleased.\n\nkeep to that. now the archive test",
             "completion snapshot"),
        [said(0.65, "hidden debug flags like --dump-plan need no completion entry and no changelog line. can u "
                    "clean up main.rs", "hidden debug flags like --dump-plan")],
        Ask("add a --max-lines flag that stops after N matches", "src"),
    )
    b.rule(
        "brightdesk",
        said(0.3, "since every user-visible string here has to go through t() from src/i18n, how do I do plurals "
                  "like '3 open tickets' vs '1 open ticket'? the docs of the lib are confusing",
             "t() from src/i18n"),
        [concluded(0.6, "do test ids need translating?",
                   "No: data-testid values and log lines are English-only and never go through translation.",
                   "data-testid values and log lines")],
        Ask("add an empty state to the macros list that says there are no macros yet", "src/components"),
    )
    b.rule(
        "meshkit",
        said(0.5, "new PR template for the library, please follow it:\n\n- [ ] every function in "
                  "include/meshkit is exported with MESHKIT_API\n- [ ] new algorithms have a test in tests/\n"
                  "- [ ] no new third-party code without asking\n\nok now the decimator warning",
             "MESHKIT_API"),
        [concluded(0.3, "do the detail headers need the export macro?",
                   "No, headers under src/detail are internal and need no export macro; they never reach the "
                   "installed include tree.", "src/detail are internal")],
        Ask("make compute_curvature() callable by library users", "include/meshkit"),
    )
    b.rule(
        "tidewater-etl",
        said(0.4, "to be clear about reviews from now on: we are NOT merging models without tests on their grain. "
                  "every model's yml gets unique plus not_null on the grain columns, or it doesn't go in. now "
                  "the airflow pin pls", "tests on their grain"),
        [said(0.7, "seeds are exempt from tests, Nadia checks the CSVs by hand when the lab sends them. can you "
                   "fix the seed column types", "seeds are exempt from tests")],
        Ask("add a staging model for the tide predictions feed", "models/staging"),
    )
    b.rule(
        "infra-live",
        said(0.6, "saw this in the diff review, it's the rule here:\n\n```diff\n+# Conditional or repeated "
                  "resources use for_each over a map, never count: count re-addresses\n+# every resource after a "
                  "removed element and terraform wants to recreate them.\n```\nok, can you plan staging",
             "for_each over a map"),
        [concluded(0.3, "is count ok on data sources?",
                   "Yes, data sources may use count = 0 or 1 as a switch; nothing is recreated when they change.",
                   "data sources may use count")],
        Ask("create one IAM role per worker queue", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.45, "since spacing in composables here always comes from GardenTheme.spacing and never raw dp, "
                   "which token do I use for the 12 between the chips? there's small and medium", "GardenTheme.spacing"),
        [concluded(0.65, "what size are the icons?",
                   "Icons are fixed at 24.dp as the Material spec says; that size is not a spacing token.",
                   "fixed at 24.dp")],
        Ask("give the plant cards in the list a bit more room between them", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.55, "writing this down for the UI tests, house rules:\n- find elements by accessibilityIdentifier "
                   "only, never by label text, labels are localised\n- one workout flow per test\n"
                   "- no sleep(), wait for existence\nok, the snapshot failures next", "accessibilityIdentifier only"),
        [said(0.3, "snapshot tests render in en_GB only, that's on purpose. can u fix the build warning",
              "render in en_GB only")],
        Ask("write a UI test that starts an interval workout and pauses it", "AppTests"),
    )


def _corrections_backend(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "receipts print the last four digits of the card under the total, put that in the template",
             "last four digits of the card"),
        said(0.7, "scratch what I said about card digits on receipts a while back: legal says no digits at all now, "
                  "only the card scheme name, like Visa", "only the card scheme name",
             echo="Going by the earlier note, the receipt shows only the card scheme name, no digits."),
        [],
        Ask("print the payment details at the bottom of the receipt", "backend/orders"),
    )
    b.correction(
        "routewise",
        concluded(0.25, "when does the planner let the first van leave?",
                  "Unless a depot overrides it, the planner's default first departure is 06:00 local time.",
                  "default first departure is 06:00"),
        said(0.75, "scratch the six o'clock default for first departures, vans roll out at 05:30 now unless the "
                   "depot says otherwise", "roll out at 05:30 now"),
        [],
        Ask("a depot with no override, what's the earliest the plan will send a van out?", "internal/dispatch"),
    )
    b.correction(
        "parcelhub",
        said(0.3, "the Saturday delivery surcharge is 4.50, added to the quote when the merchant ticks Saturday",
             "Saturday delivery surcharge is 4.50"),
        said(0.8, "Saturday surcharge: scratch the old price, the carriers raised theirs, it's 5.95 now",
             "it's 5.95 now"),
        [],
        Ask("quote a parcel for Saturday delivery, what extra goes on top?", "src/services"),
    )
    b.correction(
        "ledgerline",
        said(0.2, "late-payment interest is 8% above base rate, per day overdue", "8% above base rate"),
        said(0.65, "interest on late invoices: scratch the base-rate thing, finance wants a flat 1.5% per month "
                   "now, pro rata by day", "flat 1.5% per month"),
        [],
        Ask("work out the interest on an invoice paid 60 days late", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.25, "guests must be registered by the member at least 1 hour before arrival, reception prints the "
                   "badges", "at least 1 hour before arrival"),
        concluded(0.7, "is the guest registration cut-off still the same?",
                  "No, scratch the old cut-off: since the badge printers moved to reception, guests can be "
                  "registered until a quarter of an hour before they arrive.", "until a quarter of an hour before"),
        [],
        Ask("a member tries to add a visitor half an hour before the meeting and gets refused, is that right?",
            "app/models"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "a message is capped at 4,000 characters, the channel rejects longer ones",
             "capped at 4,000 characters"),
        said(0.85, "message length: scratch the 4,000 cap, people paste stack traces. 12k chars max now, same "
                   "rejection message", "12k chars max now"),
        [],
        Ask("someone pasted a 6,000 character log into a room and it bounced, should it have?", "lib/beacon"),
    )
    b.correction(
        "stockroom",
        said(0.2, "cycle counts are monthly per aisle, the count job picks the aisle", "monthly per aisle"),
        said(0.6, "cycle counts: scratch monthly, it's every two weeks for A-items and quarterly for the rest",
             "every two weeks for A-items",
             echo="Per the earlier note, cycle counts run every two weeks for A-items and quarterly for the rest."),
        [],
        Ask("schedule the next count for aisle C, it's all fast movers", "app"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.25, "WARN lines are yellow in the coloured output, ERROR red, put that in the man page",
             "WARN lines are yellow"),
        said(0.7, "colours: scratch the yellow for warnings, unreadable on light terminals. warnings are magenta "
                  "now, errors stay red", "warnings are magenta now"),
        [],
        Ask("what colour does a warning line get? I'm writing the alt text for the README screenshot", "src"),
    )
    b.correction(
        "brightdesk",
        concluded(0.2, "how often do reply drafts get saved?",
                  "Reply drafts autosave on a timer that fires twice a minute while the box has focus.",
                  "timer that fires twice a minute"),
        said(0.65, "drafts: scratch the timer. autosave on blur plus a 2 s debounce while typing, the timer lost "
                   "too much", "blur plus a 2 s debounce"),
        [],
        Ask("an agent lost half a reply when the tab crashed, how often is that text saved?", "src/components"),
    )
    b.correction(
        "meshkit",
        said(0.3, "write_ply emits binary little-endian by default, ascii only when asked",
             "binary little-endian by default"),
        said(0.8, "PLY export: scratch binary as the default, the studio diffs the files. ASCII PLY by default now, "
                  "binary when asked", "ASCII PLY by default"),
        [],
        Ask("what encoding does the PLY writer pick when the caller doesn't say? put it in the doc comment",
            "include/meshkit"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "readings move to the archive table after three months, the hot table stays small",
             "archive table after three months"),
        concluded(0.65, "is the archive cut-off still the same?",
                  "No, scratch the three months: the hydrologists compare year on year, so readings move to the "
                  "archive after 400 days now.", "archive after 400 days"),
        [],
        Ask("write the job that moves old readings out of the hot table", "scripts"),
    )
    b.correction(
        "infra-live",
        said(0.3, "the static site's CloudFront default TTL is 1 hour, no invalidations", "default TTL is 1 hour"),
        said(0.75, "CDN TTL: scratch the hour, it's 24 hours now and the deploy job invalidates the paths it "
                   "changed", "24 hours now and the deploy job invalidates"),
        [],
        Ask("marketing replaced an image outside a deploy and the site still shows the old one, how long until it "
            "goes?", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "plant photos are resized to 1600 px on the long edge before upload", "1600 px on the long edge"),
        said(0.7, "photo size: scratch 1600, people zoom in on leaves. 2048 px long edge now, same WebP quality",
             "2048 px long edge now"),
        [],
        Ask("users say their plant photos look soft when zoomed in, what size do we keep them at?", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "rest between sets defaults to 90 seconds when the user doesn't pick one",
             "rest between sets defaults to 90 seconds"),
        said(0.75, "default rest: scratch the 90, it's 60 s now, people kept skipping the end of it",
             "it's 60 s now"),
        [],
        Ask("someone adds a set without choosing a rest, what does the timer count down from?", "App"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("Django signals vs overriding save(), which is the cleaner place for side "
                                  "effects, in general?"))
    b.irrelevant("tillpoint", Ask("what does select_for_update do in Django, one paragraph", "backend/orders"))
    b.irrelevant("routewise", Ask("what's the brute-force complexity of the travelling salesman problem?"))
    b.irrelevant("logslice", Ask("how does Rust's regex crate guarantee linear-time matching, short version?"))
    b.irrelevant("brightdesk", Ask("controlled vs uncontrolled inputs in React, what's the difference?"))
    b.irrelevant("parcelhub", Ask("what is an idempotency key in an HTTP API, in two sentences?"))
    b.irrelevant("ledgerline", Ask("what does @Transactional(readOnly = true) actually change in Spring?"))
    b.irrelevant("ledgerline", Ask("formula for compound interest, just the formula", BILLING))
    b.irrelevant("fernbook", Ask("what is a Postgres exclusion constraint, generally speaking?"))
    b.irrelevant("beacon-chat", Ask("how does Phoenix Presence avoid conflicts between nodes, conceptually?"))
    b.irrelevant("meshkit", Ask("k-d tree vs BVH, when is which better?"))
    b.irrelevant("tidewater-etl", Ask("what does it mean for an Airflow task to be idempotent?"))
    b.irrelevant("infra-live", Ask("NAT gateway vs internet gateway in a VPC, what's the difference?"))
    b.irrelevant("pocketgarden", Ask("hardware bitmaps vs software bitmaps on Android, in plain words?"))
    b.irrelevant("stockroom", Ask("what are ETag and If-None-Match for, generally?"))
    b.irrelevant("cadence-ios", Ask("what does HealthKit's authorization status notDetermined mean?"))
