"""The eleventh held-out split: fresh facts and probes; written as the next held-out split.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: a decision inside a pasted email (headers and all) with
the user's one-line verdict; a decision inside a commit message the user asks to tighten; a
decision given as the one fixed point of an otherwise free task ("do it however you like, but
..."); rules that surface as a custom pre-commit hook, lint rule or CI check failing, which the user
endorses; rules said as "what I tell every new hire here"; corrections the assistant makes to its
own earlier answer ("I told you X; I was wrong"), corrections dated "as of ..." and corrections of a
stale wiki page; bugs the user solves mid-sentence while describing them ("wait. oh."), bugs under a
pasted crash-reporter digest with "root cause:", and bugs explained the way the user told support;
facts relayed from a new hire's question ("the new hire asked ...; told her ...") and facts under a
pasted Procfile, Dockerfile, ssh config, Kubernetes manifest, CI workflow or pyproject table; causes
that are an experiment, a flag or a schedule change whose effect arrives as pasted dashboard numbers,
a forwarded email or an app-store review; global preferences in Finnish, Czech, Romanian and
Hungarian and in English as "standing instruction, all my repos" and "wherever we work together".
Probes are user stories ("As a support lead I want ..."), conventional-commit titles, quoted
customer complaints, stack traces with "any idea?", prompts in Finnish, Czech and Romanian, and
many typed from a subdirectory; the irrelevant prompts ask to check, convert, spell out, draw or
explain small things in the projects' vocabulary. Decisions, rules and irrelevant prompts are here;
corrections, bugfixes and facts are in :mod:`bench.coding.heldout11_more`; causes and effects,
global preferences and cross-project negatives in :mod:`bench.coding.heldout11_shared`.

heldout11 was written to be held out after heldout10. Its first figure was taken at b5d5bdf (results
committed in 569f990) and its second at 3af0428 (both 0.407). It is training from the release after
(5dd2d24 on): its failures may be read and tuned on. heldout13 is the held-out split now.
"""

from __future__ import annotations

from bench.coding import heldout11_more
from bench.coding.cases import Ask, SplitBuilder, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout11")
    _decisions(b)
    _decisions_rest(b)
    _rules(b)
    _rules_rest(b)
    heldout11_more.add(b)
    _irrelevant(b)
    _irrelevant_rest(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "```\nFrom: marta.quell@tillpoint-franchise.example\nSubject: Re: Pfand\n\nWe went through it "
                  "with the tax adviser: the bottle deposit is always its own line on the bill, never folded into "
                  "the drink's price, since the deposit carries no VAT.\n```\nthat settles it. now the failing "
                  "migration", "always its own line on the bill"),
        [said(0.7, "returned bottles are refunded in cash only, never onto a card",
              "returned bottles are refunded in cash only")],
        Ask("make the lemonade 3.40 with the bottle deposit included so the menu looks simpler", "backend/orders"),
        Ask("As a shop manager I want drink prices shown with the Pfand baked in", "backend"),
    )
    b.decision(
        "routewise",
        said(0.45, "tighten this commit message, keep the meaning:\n\n```\ndispatch: keep orders whole\n\nWe decided "
                   "the planner never splits one customer's order across two vans, even when that leaves a van "
                   "half empty; customers hated getting half a delivery.\n```", "never splits one customer's order"),
        [said(0.85, "pallets over 600 kg always go on the tail-lift vans", "pallets over 600 kg always go on")],
        Ask("feat(dispatch): fill the last van by moving some of a big order's crates into it", "internal/dispatch"),
    )
    b.decision(
        "logslice",
        said(0.4, "restructure the directory walker however you like, one thing is settled though: slice never "
                  "follows symlinks when it walks a directory, people had loops through /proc",
             "never follows symlinks when it walks a directory"),
        [said(0.7, "a single file given by path is read even if it is a symlink",
              "single file given by path is read even if it is a symlink")],
        Ask("a user's /var/log/app is a symlink farm and slice -r skips everything, add an option to descend "
            "into links by default", "src"),
    )
    b.decision(
        "brightdesk",
        said(0.5, "```\nFrom: lena.brandt@brightdesk.example\nSubject: pending tickets\n\nDecision from the CS "
                  "leads: a ticket waiting on the customer is closed automatically after 5 days of silence, with "
                  "one nudge email on day 3.\n```\nok, we build that later; first the flaky test",
             "closed automatically after 5 days of silence"),
        [said(0.3, "tickets waiting on a third party never close on their own",
              "waiting on a third party never close")],
        Ask("As a support lead I want stale pending tickets cleaned out of the queue", "src/api"),
        Ask("a customer answered on day six and found the ticket gone, is that on purpose?", "src/components"),
    )
    b.decision(
        "parcelhub",
        said(0.4, "make this commit message shorter:\n\n```\ncheckout: refuse PO boxes\n\nAfter the February "
                  "losses we decided checkout refuses PO Box addresses outright for every service, since none of "
                  "our couriers deliver to them reliably.\n```", "refuses PO Box addresses outright"),
        [said(0.7, "BFPO forces addresses are handled by the Royal Mail integration only",
              "BFPO forces addresses are handled")],
        Ask("a merchant says their customer can only receive at 'PO Box 114, Inverness', let the booking through",
            "src/routes"),
    )
    b.decision(
        "ledgerline",
        said(0.45, "lay out the trial classes however you see fit; the one fixed point: trials are 14 days and "
                   "never ask for a card up front, sales was very clear", "never ask for a card up front"),
        [said(0.7, "enterprise pilots are contracts, they don't go through the trial code",
              "enterprise pilots are contracts")],
        Ask("add a payment-method step to the trial signup so conversions are smoother", BILLING),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "fernbook",
        said(0.4, "```\nFrom: ops@fernbook.example\nSubject: dogs\n\nAfter the vote at the members' meeting: dogs "
                  "are allowed only on the ground floor, and a member bringing one books a desk marked "
                  "dog_friendly. Upstairs stays dog-free.\n```\nfine by me. rspec next",
             "books a desk marked dog_friendly"),
        [said(0.7, "service animals are welcome on every floor, no booking flag needed",
              "service animals are welcome on every floor")],
        Ask("a member wants to bring her spaniel to a second-floor desk tomorrow, book it for her",
            "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        said(0.45, "reword this commit message, it's clumsy:\n\n```\nvoice: cap recordings\n\nWe decided voice "
                   "messages stop recording at two minutes so we never have to transcode long audio on the "
                   "server.\n```", "voice messages stop recording at two minutes"),
        [said(0.7, "video messages play from the sender's original file, nobody re-encodes them",
              "play from the sender's original file")],
        Ask("users want to send ten-minute voice notes, lift whatever limit there is", "lib/beacon"),
    )
    b.decision(
        "meshkit",
        said(0.4, "restructure the parallel passes however you want; the settled part: the library never starts "
                  "threads of its own, callers hand in an executor or everything runs on the calling thread",
             "the library never starts threads of its own"),
        [said(0.7, "the command-line tool does create a pool sized to the core count",
              "command-line tool does create a pool sized to the core count")],
        Ask("the normal recomputation is slow on big scans, spin up a std::thread per chunk inside it", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.45, "```\nFrom: hydro@portauthority.example\nSubject: units\n\nAs agreed on Tuesday's call: every "
                   "water level you publish is in metres above chart datum, never above mean sea level and never "
                   "in feet.\n```\ngood. now the dag import error", "metres above chart datum"),
        [said(0.7, "wave heights from the buoys stay in the vendor's decimetres in the raw layer",
              "wave heights from the buoys stay in the vendor's decimetres")],
        Ask("the US stations report in feet relative to MLLW, add them to fct_water_levels as they are",
            "models/staging"),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "tighten this commit message:\n\n```\nzones: take max heart rate from the user\n\nDecided: "
                  "heart-rate zones come from the max HR the user types in settings; we never estimate it from "
                  "age, the 220-minus-age formula was off for half the beta testers.\n```",
             "we never estimate it from age"),
        [said(0.7, "resting heart rate is read once a day when the app opens",
              "resting heart rate is read once a day")],
        Ask("new users have no heart-rate zones until they visit settings, just derive a default from their "
            "birthday", "App/Views"),
    )
    b.decision(
        "stockroom",
        said(0.45, "organise the picking module as you like, but it's decided: picking is FEFO, the lot with the "
                   "earliest best-before date goes out first, not the oldest receipt",
             "the lot with the earliest best-before date goes out first"),
        [said(0.7, "returned goods are never picked before quality releases them, whatever their date",
              "never picked before quality releases them")],
        Ask("pick list: send the pickers to whichever pallet of yoghurt arrived first", "app/routers"),
        Ask("the olive oil pick should take the lot we received earliest, right? write it that way", "app"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.4, "the pre-commit hook blocked me:\n```\ncheck-money-in-templates.........Failed\n"
                  "backend/templates/receipt.html:22: raw price variable; every amount in a template goes through "
                  "the |till_money filter\n```\nthat's our rule and it's a good one. fix it",
             "goes through the |till_money filter"),
        [said(0.7, "the CSV exports write plain decimals, no filter, the accountants want raw numbers",
              "CSV exports write plain decimals, no filter")],
        Ask("print the service charge for groups of eight or more on the bill", "backend/orders"),
    )
    b.rule(
        "routewise",
        said(0.45, "what I tell every new hire on routewise: in the planner every span of time is a "
                   "time.Duration and every instant a time.Time, never an int of seconds or minutes",
             "never an int of seconds or minutes"),
        [said(0.7, "the JSON API sends durations as whole seconds, converted at the handler",
              "JSON API sends durations as whole seconds")],
        Ask("add a field for how long a driver's lunch break is to the Shift struct", "internal/dispatch"),
    )
    b.rule(
        "logslice",
        said(0.4, "CI failed on my branch:\n```\ncheck-no-print: crates/slice-core/src/index.rs:40 uses println! in "
                  "library code; the library writes only through the Sink trait\n```\nyeah, that check stays. fix",
             "the library writes only through the Sink trait"),
        [said(0.7, "the binary's main may print the usage text directly", "main may print the usage text directly")],
        Ask("slice-core should report how many files it skipped, just print a line at the end", "crates/slice-core"),
    )
    b.rule(
        "brightdesk",
        said(0.5, "what I tell every new hire here: every modal opens through useModal() so Escape, focus "
                  "trapping and the back button behave the same; nobody renders <Dialog> by hand",
             "every modal opens through useModal()"),
        [said(0.3, "toasts are fired with notify() and close on their own, no hook needed",
              "toasts are fired with notify()")],
        Ask("ask the agent to confirm before a ticket is deleted, with a little popup", "src/components"),
    )
    b.rule(
        "parcelhub",
        said(0.45, "husky stopped the commit:\n```\n✖ no-bare-fetch: src/services/evri.js:31 calls fetch directly; "
                   "carrier calls go through carrierFetch() so every request lands in the carrier audit log\n```\nright, "
                   "I keep forgetting. fix", "carrier calls go through carrierFetch()"),
        [said(0.7, "calls to our own internal services use the plain axios instance",
              "calls to our own internal services use the plain axios")],
        Ask("call DHL's shipment cancellation endpoint when a merchant voids a label", "src/services"),
    )
    b.rule(
        "ledgerline",
        said(0.4, "what I tell every new hire in ledgerline: no business logic on the JPA entities, entities are "
                  "plain data and the rules live in the *Rules classes next to their service",
             "the rules live in the *Rules classes"),
        [said(0.7, "bean validation annotations like @NotNull are fine on the entities",
              "bean validation annotations like @NotNull are fine")],
        Ask("put the late-fee calculation straight on the Invoice entity, it's simpler", BILLING),
        Ask("where do I write the discount logic for annual plans?", BILLING_TESTS),
    )
    b.rule(
        "fernbook",
        said(0.45, "CI output:\n```\nFernCops/ScopedBySpace: app/models/locker.rb:12: model without space_id; "
                   "every table is scoped by space\n```\nthat cop is ours and it stays. fix it",
             "every table is scoped by space"),
        [said(0.7, "the global tables, plans and countries, are the exceptions the cop allows",
              "plans and countries, are the exceptions")],
        Ask("add a table for the lost-and-found items the front desk logs", "app/models"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "beacon-chat",
        said(0.4, "the one thing I tell every new hire on beacon: outside services are faked in tests with Mox "
                  "behaviours from Beacon.Ports, never Bypass and never the live API",
             "faked in tests with Mox behaviours from Beacon.Ports"),
        [said(0.7, "the dev seeds script may call the real translation sandbox, that's allowed",
              "dev seeds script may call the real translation sandbox")],
        Ask("write tests for the module that sends messages to the translation service", "test"),
    )
    b.rule(
        "meshkit",
        said(0.4, "the header check failed:\n```\ninclude/meshkit/remesh.hpp:3: using-directive in a public header; "
                  "headers never say 'using namespace', spell the names out\n```\nthat's the rule, I agree with "
                  "it. fix", "headers never say 'using namespace'"),
        [said(0.7, "the .cpp files may use namespace aliases like namespace mk = meshkit",
              "namespace aliases like namespace mk = meshkit")],
        Ask("the new curvature header is full of std:: everywhere, make it shorter to read", "include/meshkit"),
    )
    b.rule(
        "infra-live",
        said(0.45, "what I tell every new hire on infra-live: anything that holds data, RDS, EFS, a bucket with "
                   "objects in it, gets lifecycle { prevent_destroy = true } in the module itself",
             "lifecycle { prevent_destroy = true } in the module itself"),
        [said(0.7, "the ephemeral preview environments are built without any destroy protection",
              "ephemeral preview environments are built without any destroy")],
        Ask("write the module for the new Postgres instance that holds the audit events", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.4, "lint failed:\n```\nGardenDetector/MissingMigrationTest: AppDatabase version 12 has no "
                  "MigrationTestHelper test for 11 -> 12\n```\nour own check, yes, every Room migration gets one. "
                  "fix", "has no MigrationTestHelper test"),
        [said(0.7, "the pre-populated plant catalogue in assets is rebuilt from scratch, not migrated",
              "plant catalogue in assets is rebuilt from scratch")],
        Ask("add a 'last repotted' date column to the plant table", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.45, "what I tell every new hire: every health-data call goes through the HealthGateway actor in "
                   "Services, no view model touches HKHealthStore itself", "no view model touches HKHealthStore"),
        [said(0.7, "the widget extension keeps its own small store and that's allowed",
              "widget extension keeps its own small store")],
        Ask("read today's step count in the SummaryViewModel", "App/Views"),
    )
    b.rule(
        "stockroom",
        said(0.4, "CI check failed:\n```\ncheck-warehouse-scope: app/routers/movements.py:48 query on movements "
                  "without a warehouse_id filter\n```\nyes that's our rule, every query on movements filters by "
                  "warehouse. fix", "query on movements without a warehouse_id filter"),
        [said(0.7, "the nightly valuation report sums across all warehouses on purpose",
              "nightly valuation report sums across all warehouses")],
        Ask("endpoint: the last 100 stock movements for a SKU", "app/routers"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("what's the German word for 'receipt roll', the thing you load into the "
                                  "printer?", "backend"))
    b.irrelevant("routewise", Ask("is this valid YAML?\n```\nvans: [small, large\nregion: north\n```",
                                  "cmd/routewise"))
    b.irrelevant("logslice", Ask("what's the Unicode code point of the horizontal ellipsis?", "src"))
    b.irrelevant("brightdesk", Ask("sketch a mermaid sequence diagram: agent opens a ticket, the API returns "
                                   "it, the agent replies", "src/components"))
    b.irrelevant("parcelhub", Ask("is the ISO 3166 alpha-2 code for Britain GB or UK?", "src/services"))
    b.irrelevant("ledgerline", Ask("what's 19% of 2,340.50? just the number", BILLING))
    b.irrelevant("fernbook", Ask("spell out RSVP and say which language it comes from", "spec"))
    b.irrelevant("beacon-chat", Ask("roughly what is the Sec-WebSocket-Key header for?",
                                    "lib/beacon_web/channels"))
    b.irrelevant("meshkit", Ask("how do I write a lowercase Greek epsilon in a Doxygen comment?",
                                "include/meshkit"))


def _irrelevant_rest(b: SplitBuilder) -> None:
    b.irrelevant("tidewater-etl", Ask("turn these ids into a SQL IN list: 101 204 377 412", "models/staging"))
    b.irrelevant("infra-live", Ask("512 MiB in MB, to one decimal?", "envs/staging"))
    b.irrelevant("pocketgarden", Ask("what's the botanical name of sweet basil?", GARDEN))
    b.irrelevant("stockroom", Ask("what does the last digit of an EAN-13 barcode stand for?", "tests"))
    b.irrelevant("cadence-ios", Ask("how many metres are there in a mile, exactly?", "App"))
    b.irrelevant("tillpoint", Ask("python f-string that left-pads an int to six digits with zeros?",
                                  "backend/orders"))
    b.irrelevant("routewise", Ask("what's Go's answer to Python's enumerate() when looping a slice?",
                                  "internal/geo"))
    b.irrelevant("ledgerline", Ask("in one line, what does the transient keyword do on a Java field?",
                                   BILLING_TESTS))
    b.irrelevant("brightdesk", Ask("give me a hex colour that's a calm teal for a secondary button",
                                   "src/api"))
