"""The second held-out split: fresh facts and probes, measured once.

Written after the first held-out split had been read too often to stay honest, by an author who
read neither the engine nor that split's cases. Same repositories, new facts, phrased the way
developers really type: terse and lowercase, with typos, several requests in one prompt, the fact
buried mid-message or stated by the assistant at the end of a long reply, corrections said
indirectly, rules said as complaints, global preferences in varied words, and probes that are
tasks worded unlike the note they need. Decisions, rules, corrections and bugfixes are here; facts,
causes and effects, global preferences, cross-project negatives and irrelevant prompts are in
:mod:`bench.coding.heldout2_more`.

Its first and only held-out figure was taken at ec1192e (``bench/results/coding_heldout2_none.json`` of
that commit). Since then it is a training split: its failures were read to write the capture cues,
kinds of work and injection rules of the session that planted :mod:`bench.coding.heldout3` (held out
then, training since 18ef35d; the splits held out now are :mod:`bench.coding.heldout9`,
:mod:`bench.coding.heldout10` and :mod:`bench.coding.heldout11`).
"""

from __future__ import annotations

from bench.coding import heldout2_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout2")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    _corrections_backend(b)
    _corrections_rest(b)
    _bugfixes_backend(b)
    _bugfixes_rest(b)
    heldout2_more.add(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.45, "ok so for gift cards we went with a ledger of movements per card instead of a balance column, "
                   "accounting wants the audit trail. whatever, can u look at why the gift card admin page is so slow",
             "ledger of movements",
             echo="Since gift cards are kept as a ledger of movements, the top-up is a new movement row rather than "
                  "an update to a balance."),
        [concluded(0.65, "how do the paper vouchers work?",
                   "Paper vouchers are only a discount code on the Voucher model with a single-use flag; nothing is "
                   "stored per customer.", "single-use flag")],
        Ask("let customers top up a gift card at the till", "backend/orders"),
    )
    b.decision(
        "routewise",
        concluded(0.4, "the optimise endpoint times out for the big depots, options?",
                  "There are three ways out: make the solver faster, raise the load balancer timeout, or take the "
                  "solver out of the request. The first is weeks of work and the second only moves the limit. So, "
                  "as we agreed: optimisation runs in a separate worker that consumes jobs from NATS JetStream, and "
                  "the handler only enqueues and returns a job id, because a 300-stop plan can take 40 seconds and "
                  "the load balancer cuts requests at 30.", "NATS JetStream"),
        [said(0.6, "driver push notifications go through FCM topics, that's unrelated to the planner. can you add "
                   "the depot id to the payload", "FCM topics")],
        Ask("add a button so dispatchers can re-optimise tomorrow's routes for a whole depot", "internal/dispatch"),
    )
    b.decision(
        "brightdesk",
        said(0.35, "decided: forms use react-hook-form with zod schemas from now on, formik re-rendered the 40 field "
                   "ticket form on every keypress. also can u bump vite while youre at it",
             "react-hook-form"),
        [concluded(0.6, "what does the reply box use for rich text?",
                   "The reply box is TipTap and stores ProseMirror JSON, which the API renders to HTML for email.",
                   "TipTap")],
        Ask("build the customer profile edit screen, with validation on email and phone", "src/components"),
    )
    b.decision(
        "parcelhub",
        concluded(0.5, "label rendering eats memory, what do we do?",
                  "I compared the two options on the staging pods. Headless Chromium needed about 600 MB per pod and "
                  "two seconds to start, and we only ever draw boxes, text and a barcode. We agreed to draw the "
                  "labels with pdfkit directly and drop Chromium from the image.", "pdfkit"),
        [said(0.3, "customs invoices get rendered by the carrier, we just post them JSON. anyway can you fix the "
                   "flaky quote test", "rendered by the carrier")],
        Ask("add a return label customers can print at home", "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.55, "fyi we moved the dunning run to Spring Batch with chunks of 200 invoices; the @Scheduled loop held "
                   "one transaction for the whole run and deadlocked with incoming payments. next: the statement "
                   "footer", "Spring Batch"),
        [concluded(0.3, "how are exchange rates loaded?",
                   "Exchange rates are the ECB reference rates, fetched once a day by a plain scheduled method; it's "
                   "one small request.", "ECB reference rates")],
        Ask("send reminder emails for invoices that are 30 days overdue", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.4, "we're doing live availability with Turbo Streams, not polling. polling every 5s was hammering "
                  "the db at 9am. pls convert the room grid first", "Turbo Streams"),
        [concluded(0.7, "how does the admin dashboard refresh?",
                   "The admin dashboard just reloads with a meta refresh every minute; nobody has asked for more.",
                   "meta refresh")],
        Ask("when someone books a room, other people looking at the calendar should see it without reloading",
            "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        said(0.5, "attachments: browser uploads straight to S3 with presigned uploads, NOT through phoenix. the node "
                  "ran out of memory on a 200mb video. ok now the reactions bug", "presigned uploads"),
        [concluded(0.3, "where do avatars live?",
                   "Avatars are resized into three sizes with Mogrify and kept on the app's local volume.",
                   "Mogrify")],
        Ask("let people share a pdf in a chat room", "lib/beacon"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        said(0.3, "several -e patterns get compiled into one RegexSet, not joined with |, it was 5x faster on the "
                  "nginx logs. can you port count_matching to it", "RegexSet"),
        [concluded(0.6, "how does --fixed-strings work?",
                   "Fixed strings skip the regex engine entirely and use the memmem finder from memchr.",
                   "memmem finder")],
        Ask("let people pass a bunch of patterns at once and match any of them", "src"),
    )
    b.decision(
        "meshkit",
        concluded(0.45, "octree or bvh for the picking queries?",
                  "I benchmarked both on the scan set: the octree was about three times slower on thin, elongated "
                  "scans because most cells end up nearly empty. Decision for the record: the spatial index is a "
                  "BVH built with the SAH heuristic, and the octree code goes.", "SAH heuristic"),
        [said(0.7, "the vertex welder uses a plain hash grid for nearest lookups, dont touch it. anyway the ply "
                   "writer warnings", "plain hash grid")],
        Ask("implement ray picking so the viewer can select the triangle under the mouse", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.35, "raw tables get partitioned by ingestion date, not event date. late sensors upload 3 days late "
                   "and kept rewriting old partitions. can you redo raw_readings", "ingestion date"),
        [concluded(0.6, "is the billing table partitioned?",
                   "No, the billing table is clustered by customer_id and not partitioned; it's only 2 GB.",
                   "clustered by customer_id")],
        Ask("add the humidity sensors' raw table to the warehouse", "models/staging"),
    )
    b.decision(
        "infra-live",
        said(0.3, "decided w/ security: one AWS account per environment under Organizations, no more prod and "
                  "staging sharing an account with tags. blast radius. plan the move of the staging vpc",
             "one AWS account per environment",
             echo="As the earlier note has it, every environment gets one AWS account per environment, so the new "
                  "one starts with its own account in the organisation."),
        [concluded(0.6, "how are the developer sandboxes set up?",
                   "Developer sandboxes share a single account with per-person IAM permission boundaries.",
                   "per-person IAM permission boundaries")],
        Ask("spin up a QA environment for the mobile team", "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        said(0.5, "decision: plant photos get compressed to WebP at 80 before upload, jpeg was eating peoples data "
                  "plans. also the crash in the calendar view, look at that after", "WebP at 80"),
        [concluded(0.3, "what makes the thumbnails in the plant list?",
                   "List thumbnails are generated by Coil on the fly and cached on disk.", "generated by Coil")],
        Ask("let users attach several photos when they log a plant's growth", GARDEN),
    )
    b.decision(
        "stockroom",
        said(0.45, "movements get UUIDv7 primary keys, so they sort by time and the scanners can mint them offline. "
                   "can u write the model", "UUIDv7"),
        [concluded(0.7, "should items get uuids too?",
                   "No: items keep the integer ids the ERP assigns, since every ERP message refers to them.",
                   "integer ids the ERP assigns")],
        Ask("create the table for stock count sessions", "app"),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "we went w/ SwiftData for workout history, core data boilerplate was killing us. plans stay where "
                  "they are. can you sketch the model", "SwiftData"),
        [concluded(0.65, "where are the settings kept?",
                   "Settings are plain user defaults keys prefixed with cadence dot, read directly by the views.",
                   "plain user defaults keys")],
        Ask("show a list of the last 30 workouts with their total time", "App/Views"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.5, "stop putting print() in views!! use the structlog logger, i keep finding prints in the prod "
                  "logs. anyway, the void receipt view", "structlog"),
        [concluded(0.3, "how should management commands write output?",
                   "Management commands write to self.stdout so call_command can capture it in tests.",
                   "self.stdout")],
        Ask("add some debugging output to the refund flow, something is off with partial refunds", "backend/orders"),
    )
    b.rule(
        "routewise",
        said(0.35, "pls stop panicking in library code. return errors wrapped with fmt.Errorf and %w, only main gets "
                   "to exit", "wrapped with fmt.Errorf"),
        [concluded(0.6, "is log.Fatal ok in the migration tool?",
                   "The one-shot tool under cmd/migrate may call log.Fatal; nothing imports it.", "cmd/migrate")],
        Ask("parse the depot opening hours from the config and handle bad input", "internal/dispatch"),
    )
    b.rule(
        "brightdesk",
        said(0.55, "ugh someone used inline styles again. css modules only in this repo, no style={{}} props. fix "
                   "the ticket header pls", "css modules only"),
        [concluded(0.3, "why is the email preview styled differently?",
                   "The email preview iframe uses inlined styles because mail clients ignore stylesheets.",
                   "inlined styles")],
        Ask("make the priority badge red when a ticket is urgent", "src/components"),
    )
    b.rule(
        "parcelhub",
        said(0.6, "stop logging full addresses, GDPR. log the shipment id and run anything personal through "
                  "maskPII() first. can you grep for the ones in the tracking service", "maskPII()"),
        [concluded(0.35, "what do we log when a carrier call fails?",
                   "Carrier errors are logged with the raw response body truncated to 2 KB.", "truncated to 2 KB")],
        Ask("add logging to the address normaliser so we can see what goes wrong", "src/services"),
    )
    b.rule(
        "ledgerline",
        concluded(0.45, "the customer endpoint returns half the database, why?",
                  "It serialises the Customer entity directly, so Jackson walks every relation it can reach. I "
                  "replaced it with a DTO. One thing worth knowing for this codebase: controllers never return "
                  "entities, always a record DTO mapped by MapStruct, so lazy fields never leak into the JSON.",
                  "record DTO"),
        [said(0.7, "the internal admin endpoints return a generic Map for now, thats fine, they're temporary",
              "generic Map")],
        Ask("expose GET /customers/{id}/balance", BILLING),
    )
    b.rule(
        "fernbook",
        said(0.3, "nit but please: no callbacks on models anymore. after_save side effects go in the service that "
                  "does the action. we got burned twice", "no callbacks on models"),
        [concluded(0.6, "where are booking times rounded?",
                   "Booking times are rounded to 15-minute steps in a before_validation on the form object.",
                   "15-minute steps")],
        Ask("send a slack message whenever a booking gets cancelled", "app/models"),
    )
    b.rule(
        "stockroom",
        said(0.4, "dont do sync db calls in async endpoints, it blocks the loop. everything is AsyncSession here. "
                  "fix the bins router", "AsyncSession"),
        [concluded(0.65, "how does the nightly reconcile talk to the database?",
                   "The reconcile script is a plain sync script with a normal session; it runs outside the app.",
                   "plain sync script")],
        Ask("add an endpoint listing items below their reorder point", "app/routers"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.5, "every flag needs a long form, no single-letter-only flags. people script against this thing. "
                  "can you look at -x", "single-letter-only flags"),
        [concluded(0.3, "how do environment variables interact with flags?",
                   "Environment variables override the config file but never a flag, and they're prefixed LOGSLICE_.",
                   "prefixed LOGSLICE_")],
        Ask("add an option to ignore case when matching", "src"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "quick rule: no Process.sleep in tests, ever. use assert_receive with a timeout, CI flakes "
                   "otherwise", "assert_receive"),
        [concluded(0.7, "how long do the channel tests wait?",
                   "The channel case template raises the ExUnit timeout to 10 seconds for the slow join tests.",
                   "ExUnit timeout")],
        Ask("write a test that the typing indicator goes away after 3s", "test"),
    )
    b.rule(
        "meshkit",
        said(0.35, "no exceptions across the C API boundary. everything in the C header returns an mk_status code. "
                   "fix mk_load", "mk_status"),
        [concluded(0.6, "what does the python binding do on errors?",
                   "The Python binding translates errors into ValueError with the message from the core.",
                   "translates errors into ValueError")],
        Ask("expose the simplify function to C callers", "include/meshkit"),
    )
    b.rule(
        "tidewater-etl",
        said(0.55, "stop using star selects in models. spell the columns out, schema drift upstream broke prod twice",
             "spell the columns out"),
        [concluded(0.3, "are wildcard selects ok in notebooks?",
                   "In the scratch notebooks wildcard selects are fine; they never run in production.",
                   "scratch notebooks")],
        Ask("write a staging model for the tide gauge metadata", "models/staging"),
    )
    b.rule(
        "infra-live",
        said(0.45, "every resource gets the cost-center tag, finance yelled at us again. put it in default_tags on "
                   "the provider, dont tag by hand", "cost-center tag"),
        [concluded(0.7, "what tags do the node groups need?",
                   "The node groups also need the karpenter.sh/discovery tag so autoscaling finds them.",
                   "karpenter.sh/discovery")],
        Ask("add an SQS queue for the order events", "envs/prod"),
    )
    b.rule(
        "pocketgarden",
        said(0.4, "argh. no !! in kotlin code please. requireNotNull with a message, or handle the null",
             "requireNotNull"),
        [concluded(0.65, "is lateinit ok?",
                   "lateinit is allowed for injected fields in fragments only.", "lateinit is allowed")],
        Ask("read the plant id from the intent extras and open the detail screen", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.6, "stop adding print statements, use os.Logger with our subsystem, i cant filter prints in Console",
             "os.Logger"),
        [concluded(0.35, "does the watch app log anything?",
                   "The watch extension logs nothing in release; debug builds use a DEBUG-only logger.",
                   "DEBUG-only logger")],
        Ask("add some logging around the sync to the watch so i can debug it", "App"),
    )


def _corrections_backend(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "receipt printers are ESC/POS over USB on every till, add that to the setup doc",
             "ESC/POS over USB"),
        said(0.65, "scratch that printer note, the new tills print over the network with the Epson ePOS-Print API. "
                   "the usb ones are being returned", "ePOS-Print"),
        [],
        Ask("reprint the last receipt from the admin", "backend/orders"),
    )
    b.correction(
        "routewise",
        said(0.25, "routes are capped at 25 stops per route, validate that in the plan request",
             "25 stops per route"),
        concluded(0.7, "the planner rejects routes ops says are fine",
                  "Turns out ops raised the cap last month when the bigger vans arrived: it is 40 stops a route now, "
                  "and the validator still had the old number.", "40 stops a route"),
        [],
        Ask("validate the plan request so it rejects overloaded routes", "internal/dispatch"),
    )
    b.correction(
        "brightdesk",
        said(0.3, "ticket page size is 50, keep it consistent across lists", "page size is 50"),
        said(0.7, "product says 25 a page now, fifty was too slow on the agents' old laptops. anyway can u fix the "
                  "sort arrow", "25 a page"),
        [],
        Ask("add pagination to the archived tickets view", "src/components"),
    )
    b.correction(
        "parcelhub",
        said(0.25, "free shipping over €50, put the threshold in the pricing config", "free shipping over €50"),
        said(0.6, "marketing changed it again, free delivery kicks in at €75 from this month", "kicks in at €75"),
        [],
        Ask("show customers how much more they need to add to get free delivery", "src/routes"),
    )
    b.correction(
        "ledgerline",
        said(0.3, "vat rates are in vat_rates.csv under resources, update it when a country changes",
             "vat_rates.csv"),
        concluded(0.7, "where do VAT rates come from now?",
                  "Actually, the CSV is no longer read: VAT rates come from the tax_rates table, seeded by a "
                  "migration, so a new rate is a new migration.", "tax_rates table"),
        [],
        Ask("add the new reduced VAT rate for Ireland", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.2, "bookings have a max length of 4 hours, enforce it in the model", "max length of 4 hours"),
        said(0.55, "ops changed their mind, bookings can be a full working day now, up to 9.5 hours",
             "up to 9.5 hours"),
        [],
        Ask("the booking form should reject bookings that are too long", "app/models"),
    )
    b.correction(
        "stockroom",
        said(0.25, "clients authenticate with an X-Depot-Key header, document it in the readme", "X-Depot-Key"),
        said(0.65, "turns out we moved to oauth2 client credentials from Keycloak last week, the key header is gone",
             "client credentials from Keycloak"),
        [],
        Ask("write a script that calls the items API from the ERP side", "app"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.2, "default output is plain lines, one match per line. document that in --help",
             "default output is plain lines"),
        said(0.6, "scratch that, default output is ndjson now, plain lines need --format text. can u look at the "
                  "clippy warnings too", "default output is ndjson"),
        [],
        Ask("add an example to the readme that pipes the matches into jq", "src"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "rooms cap at 100 members, enforce it on join", "cap at 100 members"),
        said(0.7, "forget the old member cap, enterprise rooms go to 2,000 members now", "2,000 members"),
        [],
        Ask("invite a whole department to a room in one go", "lib/beacon"),
    )
    b.correction(
        "meshkit",
        said(0.25, "we use Eigen for the vector math, no hand-rolled vec3", "Eigen for the vector math"),
        said(0.6, "we ripped Eigen out, it's glm everywhere now, compile times were awful", "glm everywhere"),
        [],
        Ask("add a function to compute the centroid of a mesh", "src"),
    )
    b.correction(
        "tidewater-etl",
        concluded(0.2, "how does airflow run dbt?",
                  "dbt runs as one BashOperator task per DAG, calling dbt build for the whole project.",
                  "one BashOperator task per DAG"),
        said(0.65, "turns out we moved dbt to astronomer-cosmos last week, every model is its own task now",
             "astronomer-cosmos"),
        [],
        Ask("make the staging models retry on their own when one fails", "dags"),
    )
    b.correction(
        "infra-live",
        said(0.3, "we pin terraform 1.5.7 everywhere", "terraform 1.5.7"),
        said(0.7, "after the licence change we're on OpenTofu 1.8 now, CI runs tofu", "OpenTofu 1.8"),
        [],
        Ask("add a required version constraint to the new module", "modules/network"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "the reminder notification channel id is watering_v1", "watering_v1"),
        said(0.6, "i renamed the notification channel to plant_care after the redesign, the old one gets deleted on "
                  "upgrade", "plant_care"),
        [],
        Ask("send a notification when fertiliser is due", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.3, "a plan can have at most 12 intervals, clamp it in the editor", "at most 12 intervals"),
        said(0.75, "heard from design: plans can have up to 30 intervals now", "up to 30 intervals"),
        [],
        Ask("add a button to duplicate an interval in the plan editor", "App/Views"),
    )


def _bugfixes_backend(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        concluded(0.35, "barcodes dont scan for some products",
                  "Those are EAN-13 codes that start with 0: the barcode column was an IntegerField, so the 0 at the "
                  "front was dropped on import. It's a CharField now, with a migration that pads the old values.",
                  "barcode column was an IntegerField"),
        [concluded(0.6, "the scanner beeps twice on every scan",
                   "The scanner was configured to send a CR+LF suffix; it sends CR only now.", "CR+LF suffix")],
        Ask("products from the US supplier can't be found by barcode after the import", "backend"),
    )
    b.bugfix(
        "routewise",
        concluded(0.5, "the planner gets OOM killed every night",
                  "Goroutine leak: every plan request started a ticker for progress updates and never stopped it. "
                  "Added defer ticker.Stop() in the handler.", "ticker.Stop()"),
        [concluded(0.3, "cpu spikes at 9am",
                   "The 9am CPU spike is the geocoding batch; it's expected and bounded.", "geocoding batch")],
        Ask("memory of the routewise pod keeps climbing until kubernetes kills it", "cmd/routewise"),
    )
    b.bugfix(
        "brightdesk",
        concluded(0.6, "people get logged out randomly",
                  "Two tabs refreshed the token at the same moment, and with rotating refresh tokens the second "
                  "refresh invalidated the first. Refreshes now go through one shared promise, coordinated across "
                  "tabs with a BroadcastChannel.", "BroadcastChannel"),
        [concluded(0.3, "session ends right after lunch",
                   "Idle sessions end after 30 minutes by design (security policy).", "by design (security policy)")],
        Ask("agents with several tabs open keep getting kicked back to the login page", "src/api"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.4, "webhook signature check fails for every event",
                  "express.json() parsed the body before the HMAC check, so the signature was computed over "
                  "re-serialised JSON. The webhook route now takes the raw bytes with express.raw().",
                  "express.raw()"),
        [concluded(0.7, "carrier webhook gets a 413",
                   "The 413 came from the default body size limit; it's raised for the manifest route.",
                   "default body size limit")],
        Ask("the new carrier's webhook calls all fail verification", "src/routes"),
    )
    b.bugfix(
        "ledgerline",
        concluded(0.55, "payment got booked twice when the bank retried",
                  "Bank callbacks were deduplicated on our own payment id, which a retry doesn't carry. They're keyed "
                  "on the bank's end_to_end_id now, with a unique constraint.", "end_to_end_id"),
        [concluded(0.25, "payment amounts are off by a factor of 100",
                   "One bank sends amounts in cents; its adapter converts them now.", "amounts in cents")],
        Ask("a customer was charged twice after the bank had an outage", BILLING),
    )
    b.bugfix(
        "fernbook",
        concluded(0.45, "links in the emails are broken",
                  "default_url_options was missing in production.rb, so every mailer link pointed at localhost:3000.",
                  "default_url_options"),
        [concluded(0.7, "confirmation emails land in spam",
                   "The new sending domain had no DKIM record; it's published now.", "DKIM record")],
        Ask("the confirm-booking link in the email doesnt work for members", "app/controllers"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        concluded(0.5, "counts differ between runs on the same file",
                  "The parallel chunker cut at 1 MiB boundaries without looking for a newline, so a line straddling "
                  "two chunks was counted twice or mangled. Each chunk now extends to the next newline.",
                  "straddling two chunks"),
        [concluded(0.3, "matches print weirdly on windows",
                   "Windows input kept CRLF line endings in the match; they're trimmed now.", "CRLF line endings")],
        Ask("-j 8 gives a slightly different match count than -j 1", "crates/slice-core"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.55, "the node's memory keeps growing",
                  "Each room's process kept every message in its state forever. It keeps the last 200 messages now "
                  "and loads older ones from the database.", "last 200 messages"),
        [concluded(0.3, "binary memory spikes after image uploads",
                   "Upload binaries stayed referenced by a long-lived process; it hibernates after each upload now.",
                   "hibernates after each upload")],
        Ask("the beam node uses more and more RAM in busy rooms", "lib/beacon"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.4, "loading big files crashes on windows only",
                  "long is 32-bit on MSVC, so the byte offset overflowed past 2 GB. Offsets are std::int64_t now.",
                  "32-bit on MSVC"),
        [concluded(0.65, "crash on an empty OBJ file",
                   "load_obj dereferenced the first face without checking there was one; it returns early now.",
                   "dereferenced the first face")],
        Ask("loading a 3 GB scan crashes on the windows build machine", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        concluded(0.5, "water temperature is null for some stations",
                  "The German stations switched their CSVs to a comma decimal separator, so pandas read 12,5 as a "
                  "string and the numeric cast made it NaN. The extract now passes decimal=',' per station.",
                  "comma decimal separator"),
        [concluded(0.25, "some readings are dated a day early",
                   "The DAG's logical date was treated as local time; it's UTC now.", "logical date was treated")],
        Ask("water temp is blank for all the Hamburg stations since tuesday", "scripts"),
    )
    b.bugfix(
        "pocketgarden",
        concluded(0.45, "app crashes on launch after the update",
                  "The Room database went from version 4 to 5 without a migration and without a destructive "
                  "fallback, so opening it threw. Added Migration(4, 5) that adds the new column.", "Migration(4, 5)"),
        [concluded(0.7, "crash on first install on Android 8",
                   "The launcher crashed because the adaptive icons were missing for API 26.", "adaptive icons")],
        Ask("beta testers say the app crashes right after they update it", GARDEN),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.55, "audio cues stop when the screen locks",
                  "The audio session category was .ambient, which the lock silences. It's .playback with "
                  ".mixWithOthers now, so music apps keep playing too.", ".mixWithOthers"),
        [concluded(0.3, "cues are too quiet",
                   "The cue files were mastered at -20 LUFS; they're re-exported louder.", "-20 LUFS")],
        Ask("no interval beeps once my phone is locked in my pocket", "App"),
    )
