"""The eighteenth held-out split: fresh facts and probes, written blind by cwriter18.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any engine test, nor any
split's results or failures, and who never ran Mnemon on this split; the earlier splits' planted statements,
probes and irrelevant prompts were read only to keep these facts, values, subjects and wordings clear of
them (and not to contradict what they plant in the same project). Same fourteen repositories, new facts,
in forms the earlier splits do not use: decisions given while the user reviews one hunk of the
assistant's diff, as an entry the user dictates for docs/FAQ.md, as the one condition of a PR approval,
as one bullet of a pasted migration plan, in a reply that quotes the assistant's question with
"> " and answers it inline, and as the user's "agreed" under a designer's pasted Penpot comment; rules
written into a heredoc the user pastes (appending to the conventions document), appended to CLAUDE.md
on the user's request, said as "the linter can't see this one, so remember", said while a CI job is being
rerun for an unrelated failure, and said when the user hands over the keyboard in a pairing session
("your turn to drive; before you start"); corrections made inside a parenthesis of an unrelated request,
twice in a row on one value over three sessions (only the last holds, the middle one is a near miss),
as a ``sed -i`` one-liner the user ran, as a GitHub ```` ```suggestion ```` block the user left on their
own PR (heldout7 pasted one from a reviewer, for a rule) and as "your spec asserts X, that's stale".
Bugfixes, facts and causes and effects are in :mod:`bench.coding.heldout18_more`; global preferences (three in English with new ways of saying scope,
one in Japanese, one in Arabic) and cross-project negatives in :mod:`bench.coding.heldout18_shared`.
The irrelevant prompts are kinds of request no earlier split has: probability puzzles (the birthday
paradox, Monty Hall), a prime check, a Fermi estimate, a p-value in plain words, a word problem, a
café survey, a quote for a wall, GDPR roles, the long and short scale, a quaternion's meaning, the
Challenger Deep, which countries drive on the left, rhumb lines, the CAP theorem, houseplants and cats,
the Fibonacci sequence and running calories, in the projects' vocabulary, on no subject any split plants
in their project.

heldout18 is written to be held out after heldout17. Never tune the engine on it, and do not read its
failures to do so. heldout19 (:mod:`bench.coding.heldout19`) is the next held-out split.
"""

from __future__ import annotations

from bench.coding import heldout18_more, heldout18_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def build() -> Split:
    b = SplitBuilder("heldout18")
    _decisions(b)
    _decisions_rest(b)
    _rules(b)
    _rules_rest(b)
    _corrections(b)
    _corrections_rest(b)
    heldout18_more.add(b)
    heldout18_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "looking at this hunk of yours:\n```diff\n@@ -88,6 +88,9 @@ def add_line(basket, product):\n"
                  "+    if product.age_restricted and not basket.age_checked:\n+        raise AgeCheckRequired(product)\n"
                  "```\nyes, that's the one we want: the ID check pops up the moment an age-restricted item is "
                  "scanned, not at payment, so the cashier isn't halfway through a card tap when it blocks. keep "
                  "the hunk, drop the one below it", "ID check pops up the moment an age-restricted item is scanned"),
        [said(0.7, "the minimum age on wine and beer is a setting per shop, some shops are in regions with 16",
              "minimum age on wine and beer is a setting per shop")],
        Ask("move the alcohol verification prompt to the payment screen, it's annoying mid-scan", "backend/orders"),
        Ask("at what point does the till make the cashier check ID", "backend"),
        Ask("test for selling a bottle of vodka to an unverified basket", "backend/orders"),
    )
    b.decision(
        "routewise",
        said(0.45, "add this entry to docs/FAQ.md as is:\n```\n### Does the driver app do turn-by-turn navigation?\n"
                   "No, and it won't. The stop screen hands off to Google Maps or Waze through a deep link, whichever "
                   "the driver picked in settings; routing voices and lane data are not ours to maintain.\n```\n"
                   "now, the flaky geo test",
             "hands off to Google Maps or Waze through a deep link"),
        [said(0.75, "the stop screen's mini map is rendered by us, it only shows the pin and the depot",
              "mini map is rendered by us, it only shows the pin")],
        Ask("drivers want spoken directions to the next drop, add navigation to the app", "cmd/routewise"),
        Ask("how does the driver get route guidance to a stop?", "internal/dispatch"),
        Ask("sketch an API for turn instructions between two stops", "internal/geo"),
    )
    b.decision(
        "logslice",
        said(0.4, "approving Jonas's --fields PR on one condition, and tell him: no regex-automata. it stays one "
                  "regex engine, find() first and captures() only on the lines that matched, his lazy DFA bought "
                  "20% on one file and a second engine in the tree forever. then clippy",
             "captures() only on the lines that matched"),
        [said(0.7, "the --fields output keeps the input's field order, not the order given on the command line",
              "keeps the input's field order")],
        Ask("field extraction is slow, switch it to regex-automata", "crates/slice-core"),
        Ask("how does --fields pull values out of each line, performance-wise?", "src"),
        Ask("refactor the extractor so it grabs the groups for every line up front", "crates/slice-core"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "tidewater-etl",
        said(0.4, "the upgrade plan as it stands, paste it into docs/upgrade.md:\n- pin apache-airflow 3.0.x in the "
                  "image, constraints file from the release\n- SubDagOperator in tides_daily becomes a TaskGroup\n- we "
                  "stay on the CeleryExecutor through the upgrade, the KubernetesExecutor is a later project\n- "
                  "metadata db backup before the migration, restore tested on staging\nok, the import errors first",
             "stay on the CeleryExecutor through the upgrade"),
        [said(0.7, "the Celery workers run with a concurrency of 8 per pod", "concurrency of 8 per pod")],
        Ask("while we're on Airflow 3 anyway, switch us to the kubernetes executor", "dags"),
        Ask("which executor do the tasks run on after the version bump?", "scripts"),
    )
    b.decision(
        "pocketgarden",
        said(0.45, "> Should thirsty plants each get their own notification, or one grouped notification?\n\none per "
                   "day, listing every plant that needs water, tapped it opens the today screen. people with 40 "
                   "plants were getting 40 buzzes. the rest of your plan is fine, go",
             "one per day, listing every plant that needs water"),
        [said(0.7, "the fertiliser reminder stays its own notification, it's only monthly",
              "fertiliser reminder stays its own notification")],
        Ask("send a notification for each plant when it's due", GARDEN),
        Ask("my phone buzzed once this morning for six plants, is that intended?", GARDEN),
        Ask("write a test for how due plants become reminder notifications", GARDEN_TESTS),
    )
    b.decision(
        "fernbook",
        said(0.4, "the designer's comment on the members screen, from Penpot:\n> Directory cards: first name and "
                  "last initial only, photo optional. Full names only after a booking together. — Leonor\n\n"
                  "agreed, build it like that. then the rubocop offences", "first name and last initial only"),
        [said(0.75, "the admin view of members keeps full names and emails", "admin view of members keeps full names")],
        Ask("render the member directory with everyone's full name and company", "app/controllers"),
        Ask("what name do members see for each other on the community page?", "app/models"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "brightdesk",
        said(0.4, "run this, it's the convention we agreed at the frontend sync:\n```\ncat <<'EOF' >> docs/CONVENTIONS.md"
                  "\n## Imports\n- No barrel files. src/components has no index.ts re-exports; import a component "
                  "from its own file.\nEOF\n```\nthen fix the two barrels you added yesterday",
             "No barrel files"),
        [said(0.7, "the design system package does ship one entry point, that's its public API",
              "design system package does ship one entry point")],
        Ask("add an index.ts to src/components/tickets so imports are shorter", "src/components"),
        Ask("export all the sidebar widgets from one place", "src/components"),
        Ask("create the MacroPicker component and wire it into the reply box", "src/components"),
        Ask("the import paths in TicketList are long, tidy them", "src/api"),
    )
    b.rule(
        "stockroom",
        said(0.45, "add this to CLAUDE.md under House rules, word for word: 'Quantities and prices are Decimal end "
                   "to end: pydantic fields use Decimal, columns are Numeric, never float. Half a kilo of screws "
                   "is 0.5, not 0.49999.' then carry on with the receiving endpoint",
             "Quantities and prices are Decimal end to end"),
        [said(0.75, "counts of whole packages are plain int, that's fine", "counts of whole packages are plain int")],
        Ask("add a unit_price field to the purchase order line schema", "app/routers"),
        Ask("model for goods sold by weight, like cable by the metre", "app"),
        Ask("my test compares 0.1 + 0.2 of a stock quantity and fails, what type should it be?", "tests"),
    )
    b.rule(
        "meshkit",
        said(0.4, "clang-tidy can't see this one, so remember it: any algorithm that can run for more than a second "
                  "takes a meshkit::Progress& and checks progress.cancelled() at least every 4096 faces, so the studio's "
                  "cancel button works, even where it's usually fast. ok, the ctest failures",
             "checks progress.cancelled() at least every 4096 faces"),
        [said(0.7, "the readers report progress by bytes read, not by faces", "report progress by bytes read")],
        Ask("implement isotropic remeshing as a new free function", "src"),
        Ask("the studio can't stop a hole-filling run once it started", "include/meshkit"),
        Ask("signature for the new smoothing pass, what parameters does it need?", "tests"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "infra-live",
        said(0.45, "rerunning the plan job, it died on a registry timeout, nothing to do with us. while it runs, so "
                   "it's said: resource names come from local.name_prefix, which carries the environment; nobody "
                   "hard-codes \"prod-\" or \"staging-\" into a name string",
             "resource names come from local.name_prefix"),
        [said(0.75, "the ACM certificates are named after their domain, no prefix",
              "certificates are named after their domain")],
        Ask("create an SQS queue called prod-invoice-events", "envs/prod"),
        Ask("how should I name the new ElastiCache cluster?", "modules/network"),
        Ask("add a log group for the importer lambda in staging", "envs/staging"),
    )
    b.rule(
        "ledgerline",
        said(0.4, "your turn to drive. before you start: log calls here are parameterised, log.info(\"invoice {} "
                  "settled\", id), never string concatenation or String.format inside the call, the JSON encoder "
                  "keeps the arguments as fields. go", "log calls here are parameterised"),
        [said(0.7, "audit events are not log lines, they go through AuditTrail.record",
              "they go through AuditTrail.record")],
        Ask("add a log line when a payment run starts, with the run id and count", BILLING),
        Ask("log.warn(\"retrying \" + attempt) is fine for the bank client, right?", BILLING),
        Ask("add debug logging to the proration calculation", BILLING_TESTS),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "cadence-ios",
        said(0.2, "the cooldown after the last interval defaults to 5 minutes of easy jogging",
             "cooldown after the last interval defaults to 5 minutes"),
        said(0.8, "can you add the cooldown toggle to the plan editor (the default cooldown is 3 minutes since "
                  "build 212, five was longer than most warm-ups) and put it under the interval list",
             "the default cooldown is 3 minutes"),
        [said(0.45, "the warm-up length is whatever the coach plan says, no app default",
              "warm-up length is whatever the coach plan says")],
        Ask("how long is the easy bit at the end of an interval session by default?", "App"),
        Ask("tset for the default cool-down lenght", "AppTests"),
        Ask("my workout ended with a 3 min jog, shouldn't it be longer?", "App/Views"),
    )
    b.correction(
        "stockroom",
        said(0.2, "a purchase order above 5,000 EUR needs a second approver before it goes to the supplier",
             "above 5,000 EUR needs a second approver"),
        said(0.7, "and again on the purchase order approvals, sorry: it's neither of the numbers I gave you. finance's "
                  "new policy puts the second sign-off at 7,500 EUR, anything below goes out with one approval",
             "second sign-off at 7,500 EUR"),
        [said(0.45, "correction on PO approvals: the second approver kicks in at 10,000 EUR, not 5,000",
              "the second approver kicks in at 10,000 EUR"),
         said(0.55, "the approver can't be the person who raised the order", "approver can't be the person who raised")],
        Ask("what amount makes a purchase order need two people to sign off?", "app"),
        Ask("write the check that holds back large supplier orders for approval", "app/routers"),
        Ask("an 8k order to the screw supplier went out with one approval, bug?", "tests"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "we pull the gauge vendor's API in pages of 500 readings", "pages of 500 readings"),
        said(0.7, "```\n$ sed -i 's/VENDOR_PAGE_SIZE = 500/VENDOR_PAGE_SIZE = 200/' scripts/extract_vendor.py\n```\n"
                  "ran that myself. the vendor rejects anything above 200 per page since their last API release, "
                  "the 500 is history. fix the test that still says 500",
             "rejects anything above 200 per page"),
        [said(0.45, "the vendor allows 60 requests a minute per key", "60 requests a minute per key")],
        Ask("how many readings per request do we ask the vendr for", "scripts"),
        Ask("extract fails with 400 'page size too large', why", "dags"),
        Ask("speed up the vendor pull by asking for 1000 rows a page", "scripts"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "beacon-chat",
        said(0.2, "a user may post 10 messages per 10 seconds in a room before they're slowed down",
             "10 messages per 10 seconds in a room"),
        said(0.75, "review comment I left on my own PR, apply it:\n```suggestion\n@burst_limit 5\n```\nthe slow-mode "
                   "limit is 5 messages per 10 seconds now, the moduledoc still says 10 and that's stale",
             "limit is 5 messages per 10 seconds now"),
        [said(0.45, "room admins are never rate limited", "room admins are never rate limited")],
        Ask("how fast can somone post before the room throttles them", "lib/beacon"),
        Ask("test that spamming a room gets the user slowed down", "test"),
        Ask("a user says they got 'slow down' after six quick messages, bug?", "lib/beacon_web/channels"),
    )
    b.correction(
        "fernbook",
        said(0.2, "a locker key deposit is 20 EUR, refunded when the key comes back", "locker key deposit is 20 EUR"),
        concluded(0.7, "your spec asserts a 20 EUR locker deposit, that's stale. what is it now?",
                  "Fixed the spec: the locker deposit is 35 EUR since the smart locks came in, the fob costs more to "
                  "replace than the old key, and Locker::DEPOSIT_CENTS is 3500 to match.",
                  "the locker deposit is 35 EUR since the smart locks"),
        [said(0.45, "lockers are rented by the month, never by the day", "lockers are rented by the month")],
        Ask("how much do we charge up front when someone takes a locker?", "app/models"),
        Ask("a member was charged 35 on top of the locker rent, what's that?", "app/controllers"),
        Ask("write the spec for refunding the locker deposit", "spec"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("quick maths: 340 coffees a day at 2.80 each, how much over a 360-day year?",
                                  "backend"))
    b.irrelevant("routewise", Ask("which European countries drive on the left?", "internal/geo"))
    b.irrelevant("logslice", Ask("the Monty Hall problem in three sentences, why does switching win?", "src"))
    b.irrelevant("brightdesk", Ask("suggest a short quote about patience for the support team's wall, not cheesy",
                                   "src/components"))
    b.irrelevant("parcelhub", Ask("birthday paradox: chance two of 23 people share a birthday, and why so high?",
                                  "src/routes"))
    b.irrelevant("ledgerline", Ask("GDPR: data controller vs data processor, one sentence each", BILLING))
    b.irrelevant("fernbook", Ask("fermi estimate: how many piano tuners in Chicago, show the steps", "spec"))
    b.irrelevant("beacon-chat", Ask("explain a p-value in plain words, no formulas", "lib/beacon"))
    b.irrelevant("meshkit", Ask("what does a quaternion's w component mean, intuitively?", "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("how deep is the Challenger Deep, roughly, and who first got to the bottom?",
                                      "models/staging"))
    b.irrelevant("infra-live", Ask("CAP theorem in one paragraph, no jargon", "envs/prod"))
    b.irrelevant("pocketgarden", Ask("which common houseplants are safe around cats? short list", GARDEN))
    b.irrelevant("stockroom", Ask("what comes next: 1, 1, 2, 3, 5, 8, and what's the sequence called?", "app"))
    b.irrelevant("cadence-ios", Ask("roughly how many calories does a 70 kg person burn running 10 km?",
                                    "App/Views"))
    b.irrelevant("tillpoint", Ask("write three generic questions for a café customer survey", "backend/reports"))
    b.irrelevant("logslice", Ask("is 2^31 - 1 a prime number?", "crates/slice-core"))
    b.irrelevant("ledgerline", Ask("long scale vs short scale: what did 'a billion' mean in Britain before 1974?",
                                   BILLING_TESTS))
    b.irrelevant("routewise", Ask("great-circle distance vs rhumb line, one paragraph", "cmd/routewise"))
