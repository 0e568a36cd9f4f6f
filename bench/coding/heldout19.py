"""The nineteenth held-out split: fresh facts and probes, written blind by cwriter19.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any engine test, nor any
split's results or failures, and who never ran Mnemon on this split; the earlier splits' planted statements,
probes and irrelevant prompts were read only to keep these facts, values, subjects and wordings clear of
them (and not to contradict what they plant in the same project). Same fourteen repositories, new facts,
in forms the earlier splits do not use: decisions pasted as a tracker ticket closed "Won't Do" with its
resolution comment, as a design doc's comment thread marked resolved, as the message of an annotated
``git tag``, as the "Alternatives considered" section of an issue the user opened, as the message of a
Swift ``@available(*, deprecated, ...)`` attribute the user dictates, and as the comment the user closes a
Dependabot PR with; rules given as a Semgrep rule the user pastes into ``.semgrep.yml``, as the message of a
revert commit, as a Danger bot's PR comment the user endorses, as a quote of the repository's founder, and
as the "yes, but" answer to the assistant's quoted permission question; corrections written IRC-style
(``s/old/new/`` on what the user said sessions ago), forced by a vendor's changelog entry the user pastes,
labelled "erratum", shown as a table row marked "(was ...)", and made by a failing test the user says is
right ("the test is right, the code is stale"). Bugfixes, facts and causes and effects are in
:mod:`bench.coding.heldout19_more`; global preferences (three in English with new ways of saying scope,
one in Bulgarian, one in Tamil) and cross-project negatives in :mod:`bench.coding.heldout19_shared`.
The irrelevant prompts are kinds of request no earlier split has: history and trivia (the first barcode
scan, the Utah teapot), astronomy (tidal locking), why a byte is 8 bits, a chess opening, a knot, music theory, a
baking substitution, Morse code, lighthouse signals, desk ergonomics, a crossword clue, a riddle,
exercise physiology, a board game's rules and a car's warning light, in the projects'
vocabulary, on no subject any split plants in their project.

heldout19 is written to be held out after heldout18. Never tune the engine on it, and do not read its
failures to do so.
"""

from __future__ import annotations

from bench.coding import heldout19_more, heldout19_shared
from bench.coding.cases import Ask, SplitBuilder, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def build() -> Split:
    b = SplitBuilder("heldout19")
    _decisions(b)
    _decisions_rest(b)
    _rules(b)
    _rules_rest(b)
    _corrections(b)
    _corrections_rest(b)
    heldout19_more.add(b)
    heldout19_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "closing this one, here's what I put on the ticket:\n```\nTILL-2291  Offline mode for card payments\n"
                  "Status: Closed   Resolution: Won't Do\nComment: when the card terminal loses its connection the till "
                  "switches to cash only and says so on the screen. We will not store card payments to forward later, "
                  "the chargeback risk would sit with the shop.\n```\nnext, the migration that failed on CI",
             "switches to cash only and says so on the screen"),
        [said(0.7, "a refund to a card needs the terminal online, cash refunds don't",
              "a refund to a card needs the terminal online")],
        Ask("card reader lost wifi, can we queue the card payments and send them when it's back?", "backend/orders"),
        Ask("what happens at checkout when the payment terminal has no network", "backend"),
        Ask("implement store-and-forward for card transactions", "backend/orders"),
    )
    b.decision(
        "brightdesk",
        said(0.45, "from the design doc's comments, this thread is resolved:\n> Pia: do agents see each other typing "
                   "in the same ticket?\n> me: no live typing dots. a banner 'Sam is replying' shows as soon as "
                   "another agent opens the reply box, that's enough to stop double answers\n> Pia: ok ✓ Resolved\n\n"
                   "build it like that. then the failing vitest run",
             "shows as soon as another agent opens the reply box"),
        [said(0.75, "internal notes never show the banner, only customer replies do",
              "internal notes never show the banner")],
        Ask("show live typing dots when another agent is writing on the same ticket", "src/components"),
        Ask("two of us answered the same customer twice yesterday, how are we supposed to notice?", "src/api"),
        Ask("wire the presence websocket into the reply composer", "src/components"),
    )
    b.decision(
        "logslice",
        said(0.4, "tag it with this message, word for word:\n```\ngit tag -a v2.0.0 -m \"v2.0.0: --since and --until "
                  "are inclusive at both ends. A line stamped exactly at --until is printed; 1.x dropped it.\"\n```\n"
                  "then push the tag and I'll write the release notes",
             "are inclusive at both ends"),
        [said(0.7, "--since accepts relative times like 15m or 2h, counted back from now",
              "relative times like 15m or 2h, counted back from now")],
        Ask("the line logged at exactly 10:00:00 is missing when I slice up to 10:00", "src"),
        Ask("is the end of the time window open or closed?", "crates/slice-core"),
        Ask("write tests for the boundaries of the time filter", "src"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "meshkit",
        said(0.45, "here's the issue I opened, read it and start on the implementation:\n```\n## Geodesic distance on "
                   "meshes\n### Alternatives considered\n- exact MMP: rejected, quadratic memory and fragile on scans\n"
                   "- Dijkstra on the edge graph: rejected, up to 20% too long on coarse meshes\n- **chosen**: the heat "
                   "method, factorising the cotangent Laplacian once and reusing it for every source point\n```",
             "the heat method, factorising the cotangent Laplacian once"),
        [said(0.75, "geodesic distances come back per vertex, not per face", "come back per vertex, not per face")],
        Ask("implement surface distance between two points, Dijkstra over the edges is good enough right?", "src"),
        Ask("how do we get distances along the surface from many seed points without it being slow?",
            "include/meshkit"),
        Ask("add a test for distance along the surface of a unit sphere", "tests"),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "put this on the old API so nobody reaches for it again:\n```swift\n@available(*, deprecated, message: "
                  "\"Sharing a workout exports a .fit file only. The CSV export is gone, every coaching platform we "
                  "checked reads FIT.\")\nfunc exportWorkoutCSV(_ workout: Workout) -> URL\n```\nthen the snapshot tests",
             "The CSV export is gone"),
        [said(0.7, "the FIT file has one lap per interval, warm-up and cooldown included",
              "one lap per interval, warm-up and cooldown included")],
        Ask("a coach wants my interval session as a spreadsheet, add that to the share sheet", "App"),
        Ask("what file does sharing a finished run produce?", "App/Views"),
    )
    b.decision(
        "stockroom",
        said(0.45, "closing dependabot's 'Bump sqlalchemy from 1.4.52 to 2.0.30' with this comment: 'not via a bot bump. "
                   "We move to 2.0 by hand in one PR that rewrites the queries to select() style; until then 1.4 stays "
                   "pinned and SQLALCHEMY_WARN_20=1 stays on in CI.' ok, the flaky receiving test",
             "We move to 2.0 by hand in one PR"),
        [said(0.75, "alembic is already on its latest release, that one is fine to bump",
              "alembic is already on its latest release")],
        Ask("merge the open sqlalchemy 2 upgrade PR from the bot?", "app"),
        Ask("plan for getting off the 1.4 ORM", "app/routers"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.4, "add this to .semgrep.yml and make the CI job fail on it:\n```yaml\n- id: no-naive-now\n  pattern: "
                  "datetime.now()\n  message: use django.utils.timezone.now(); a naive datetime.now() puts shop "
                  "times off by the UTC offset\n  languages: [python]\n  severity: ERROR\n```",
             "use django.utils.timezone.now()"),
        [said(0.7, "the receipt footer prints local shop time, formatted with the shop's locale",
              "receipt footer prints local shop time")],
        Ask("stamp the time the cash drawer is opened on the drawer log", "backend/reports"),
        Ask("what's wrong with calling datetime.now() in the refund view?", "backend/orders"),
        Ask("add a closed_at when the cashier ends the shift", "backend"),
        Ask("helper returning the current time for the sales summary header", "backend/reports"),
    )
    b.rule(
        "routewise",
        said(0.45, "revert it, with this message:\n```\nRevert \"dispatch: call geocoder inside the assignment loop\"\n\n"
                   "No network calls inside the solver's loop. Everything the solver needs is fetched before it "
                   "starts and passed in; one slow geocoder response stalled every plan.\n```",
             "No network calls inside the solver's loop"),
        [said(0.75, "the solver may log inside the loop, at debug level only", "log inside the loop, at debug level")],
        Ask("look up live traffic for each candidate stop while assigning drivers", "internal/dispatch"),
        Ask("can the planner ask the ETA service per stop pair as it goes?", "internal/dispatch"),
        Ask("add a weather check to route assignment", "cmd/routewise"),
    )
    b.rule(
        "fernbook",
        said(0.4, "danger's comment on my PR, and it's right, that's the house rule:\n```\n🚫 db/migrate/"
                  "20240611_index_bookings_room.rb adds an index without algorithm: :concurrently. Indexes on big "
                  "tables are added concurrently, in a migration with disable_ddl_transaction!\n```\nfix it the way "
                  "it says", "added concurrently, in a migration with disable_ddl_transaction"),
        [said(0.7, "small lookup tables like room_types can take a plain add_index",
              "room_types can take a plain add_index")],
        Ask("add an index on bookings.member_id", "app/models"),
        Ask("the deploy locked the bookings table for minutes while migrating, how should indexes go in?",
            "app/controllers"),
        Ask("composite index on invoices (member_id, issued_on) please", "spec"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "ledgerline",
        said(0.45, "as Grete put it when she started this repo: 'money leaves the building only through the "
                   "PayoutGateway.' no controller, job or listener calls the bank client directly; PayoutGateway does "
                   "the four-eyes check and writes the audit row",
             "only through the PayoutGateway"),
        [said(0.75, "card refunds go back through the PSP's refund API, they never touch the bank",
              "card refunds go back through the PSP's refund API")],
        Ask("add an endpoint that pays a supplier invoice straight away", BILLING),
        Ask("the nightly job should transfer partner commissions, just inject BankClient", BILLING),
        Ask("test for paying out a partner's balance", BILLING_TESTS),
    )
    b.rule(
        "beacon-chat",
        said(0.4, "> Can I use Task.start for sending the digest emails?\n\nyou can use tasks, but never a bare "
                  "Task.start or Task.async in app code: every background task runs under Beacon.TaskSupervisor with "
                  "Task.Supervisor.start_child, so a crash is logged and shutdown waits for it. go",
             "every background task runs under Beacon.TaskSupervisor"),
        [said(0.7, "tests can use Task.async freely", "tests can use Task.async freely")],
        Ask("fire off the link preview fetch in the background when a message is posted", "lib/beacon_web/channels"),
        Ask("spawn something to resize the avatar after upload", "lib/beacon"),
        Ask("is Task.start ok for the webhook to the moderation service?", "lib/beacon"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "infra-live",
        said(0.2, "the prod ALB's idle timeout is 60 seconds, the AWS default", "idle timeout is 60 seconds"),
        said(0.7, "s/60 seconds/two minutes/ on what I told you about the prod ALB. the portal's report downloads "
                  "need it, so idle_timeout = 120 in envs/prod", "idle_timeout = 120 in envs/prod"),
        [said(0.45, "the internal ALB in staging keeps deletion protection off", "keeps deletion protection off")],
        Ask("how long does the production load balancer keep an idle connection open?", "envs/prod"),
        Ask("long report exports get cut with a 504 after a while, what's the LB setting", "modules/network"),
        Ask("tflint complains the alb module has no idle timeout set, what value for prod", "envs/prod"),
        Ask("new ALB for the partner API in prod, same settings as the main one", "envs/prod"),
    )
    b.correction(
        "parcelhub",
        said(0.2, "the carrier cuts address lines at 35 characters, so we reject anything longer up front",
             "cuts address lines at 35 characters"),
        said(0.75, "from the carrier's changelog:\n```\n2024-09-02  Shipments: address lines accept up to 50 "
                   "characters (previously 35).\n```\nso our schema allows 50 characters per address line now. "
                   "update the zod schema and the error text",
             "allows 50 characters per address line now"),
        [said(0.45, "the company name is its own field, it never counts against an address line",
              "company name is its own field")],
        Ask("long street names get rejected by our validation, what's the limit?", "src/routes"),
        Ask("how many chars can one line of the address have", "src/services"),
        Ask("update the zod schema for the recipient address", "src/routes"),
    )
    b.correction(
        "meshkit",
        said(0.2, "the STEP importer tessellates with a chord tolerance of 0.1 mm by default",
             "chord tolerance of 0.1 mm by default"),
        said(0.7, "erratum on the STEP chord tolerance I gave you last month: it's 0.05 mm by default, 0.1 mm gave "
                  "faceted fillets that customers saw in their renders. the doc comment in the importer was right, my "
                  "message wasn't", "it's 0.05 mm by default"),
        [said(0.45, "the angular tolerance for STEP tessellation is 15 degrees",
              "angular tolerance for STEP tessellation is 15 degrees")],
        Ask("how fine does the cad import triangulate curved surfaces by default?", "src"),
        Ask("customers see flat facets on rounded edges after importing a .stp file, what's our default?",
            "include/meshkit"),
        Ask("test for the default tessellation of an imported cylinder", "tests"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "tidewater-etl",
        said(0.2, "tides_hourly retries a failed task 4 times before anyone gets paged",
             "retries a failed task 4 times before anyone gets paged"),
        said(0.7, "new DAG defaults, put them in the runbook:\n| dag | retries | retry delay |\n|---|---|---|\n"
                  "| tides_hourly | 2 (was 4) | 5 min |\n\nfour retries meant the page came an hour late. ok, the "
                  "sqlfluff errors", "tides_hourly | 2 (was 4)"),
        [said(0.45, "the nightly marts DAG never retries, a rerun needs a human", "nightly marts DAG never retries")],
        Ask("how many times does the hourly tide dag retry a failed task?", "dags"),
        Ask("the page for a broken vendor pull came really late, how many attempts before it alerts?", "scripts"),
        Ask("set default_args for the new hourly dag the same as the tides one", "dags"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "photo history keeps the last 5 photos per plant, older ones are deleted",
             "keeps the last 5 photos per plant"),
        said(0.75, "```\nPhotoRetentionTest > keepsTenPerPlant FAILED\n    expected: 10\n     but was: 5\n```\nthe test "
                   "is right, the code is stale: we keep the last 10 photos per plant since the growth timelapse "
                   "shipped. fix PhotoStore, not the test", "we keep the last 10 photos per plant"),
        [said(0.45, "the timelapse plays at 4 frames per second", "timelapse plays at 4 frames per second")],
        Ask("how many pictures of one plant do we hold on to?", GARDEN),
        Ask("the timelapse only ever has five frames, bug?", GARDEN),
        Ask("write the job that prunes old plant photos", GARDEN_TESTS),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("what was the first product ever scanned by a barcode at a checkout?",
                                  "backend/reports"))
    b.irrelevant("routewise", Ask("why does the moon always show us the same face?", "internal/geo"))
    b.irrelevant("logslice", Ask("why is a byte 8 bits, was it always?", "src"))
    b.irrelevant("brightdesk", Ask("chess: first few moves of the Sicilian defence and the idea behind it",
                                   "src/components"))
    b.irrelevant("parcelhub", Ask("which knot should I use to tie a tarp down on a trailer?", "src/services"))
    b.irrelevant("ledgerline", Ask("music theory: what makes a chord minor instead of major?", BILLING))
    b.irrelevant("fernbook", Ask("substitute for buttermilk in pancakes for the coworking breakfast?", "app/models"))
    b.irrelevant("beacon-chat", Ask("spell SOS in morse code, and why those letters?", "lib/beacon"))
    b.irrelevant("meshkit", Ask("who made the Utah teapot and why does every renderer test with it?", "src"))
    b.irrelevant("tidewater-etl", Ask("how does each lighthouse get its own flash pattern?", "models/staging"))
    b.irrelevant("infra-live", Ask("at what height should a monitor sit on a standing desk?", "envs/staging"))
    b.irrelevant("pocketgarden", Ask("crossword clue 'garden tool for leaves', 4 letters, ends in E", GARDEN))
    b.irrelevant("stockroom", Ask("riddle: what has keys but can't open locks? and two more like it", "tests"))
    b.irrelevant("cadence-ios", Ask("what does VO2 max actually measure, in two sentences?", "AppTests"))
    b.irrelevant("tillpoint", Ask("monopoly rules: do you still collect rent while you're in jail?",
                                  "backend/orders"))
    b.irrelevant("routewise", Ask("check engine light blinking vs steady, what's the difference?", "cmd/routewise"))
