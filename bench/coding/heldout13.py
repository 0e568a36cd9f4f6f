"""The thirteenth held-out split: fresh facts and probes; written as the next held-out split.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's results
or failures; the earlier splits' planted statements, probes and irrelevant prompts were read only to
keep these facts, values and wordings clear of them. Same repositories, new facts, in forms the
earlier splits do not use: decisions picked by ordinal from the assistant's options ("the second
one: ..."), dictated word for word as a doc comment, pinned in a channel, written into a reply to a
customer the user asks to polish, or reached by thinking aloud ("ok, decided: ..."); rules given as
the reason the user stopped the assistant's edit, as "if you remember one thing about this
codebase", as "at my last job we ...; here, never", as what the user will approve and as a lesson
learned; corrections that change a path, an owner or a flag (a prefix misremembered, a zone "true
until the migration", a struck-through launch flag, a forwarded review rota, a pasted ``git mv``, a
renamed variable); bugs under a property test's minimal failing input, a query plan, ``strace`` or
``curl -sI`` output, a diff hunk ("that hunk was the bug"), in a commit message the user asks for,
or the assistant's reading of a map that puts stations at sea; facts under a pasted justfile recipe,
``gh secret list``, ``git remote -v``, package.json scripts, ``dig`` or ``systemctl list-timers``;
causes that are a dependency upgrade or a cron schedule whose effect arrives as a customer's words
(a support ticket, an app-store review, a partner's or a customer's email) with the assistant's
diagnosis; global preferences in Estonian, Lithuanian, Welsh and Slovenian (three probed in that
language) and in English as "my default everywhere". Probes are terse ("same for ..."), quote an
error and ask "?", name a ticket id and a vague task, are typed in the user's second language, from
a subdirectory or (a few) at the root; the irrelevant prompts are git questions, date and unit
arithmetic, the wording of a title or status line and general SQL or language questions, in the
projects' vocabulary. Decisions, rules, corrections and irrelevant prompts are here; bugfixes, facts
and causes and effects are in :mod:`bench.coding.heldout13_more`; global preferences and
cross-project negatives in :mod:`bench.coding.heldout13_shared`.

heldout13 was written to be held out after heldout12. Its first figure was taken at 3af0428 (both
0.336) and its second at 1689c7d (0.345). It is training from the release after (c8b0a8a on): its
failures may be read and tuned on. heldout14 (:mod:`bench.coding.heldout14`) is the held-out split now.
"""

from __future__ import annotations

from bench.coding import heldout13_more, heldout13_shared
from bench.coding.cases import Ask, SplitBuilder, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout13")
    _decisions(b)
    _rules(b)
    _corrections(b)
    _corrections_rest(b)
    heldout13_more.add(b)
    heldout13_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "you asked which way to go on bookings: the second one. reservations stay in our own table plan, "
                  "no OpenTable or ResDiary sync, their per-cover commission eats the margin on set menus. ok, now "
                  "the failing migration test", "no OpenTable or ResDiary sync"),
        [said(0.7, "walk-ins get a table from the host stand screen, first come first served, no queue app",
              "first come first served, no queue app")],
        Ask("TILL-1123 the owner's cousin says we should be on OpenTable, wire up the integration", "backend"),
        Ask("a guest wants to book table 4 for Friday from a booking website, how do bookings reach us?",
            "backend/orders"),
    )
    b.decision(
        "routewise",
        said(0.35, "📌 pinned by Wojtek Zielinski in #dispatch-eng: when a driver calls in sick, their stops go back "
                   "to the dispatcher's pool and a person hands them out; no auto-reassignment to the nearest van, it "
                   "wrecked the other routes' time windows.\n\nthat's the pin. now the golangci complaints",
             "no auto-reassignment to the nearest van"),
        [said(0.7, "a van that breaks down mid-route hands its remaining stops to the standby van of that depot, "
                   "in one piece", "standby van of that depot")],
        Ask("driver phoned in ill at 6am, write the bit that gives his stops to whoever's closest",
            "internal/dispatch"),
        Ask("RW-742 absence flow: what happens to the drops of someone who's off today?", "cmd/routewise"),
    )
    b.decision(
        "logslice",
        said(0.4, "put this as the doc comment on fn merge_inputs(), word for word:\n/// With several input files, "
                  "lines are interleaved by their timestamps like sort -m, never printed file after file; that is "
                  "what people reading a cluster's logs expect.\n(we settled it in the issue with the k8s folks)",
             "interleaved by their timestamps like sort -m"),
        [said(0.7, "an input file that can't be opened is reported on stderr and the run carries on, exit status 2 "
                   "at the end", "reported on stderr and the run carries on")],
        Ask("`slice pod-a.log pod-b.log` prints all of pod-a and then all of pod-b, is that on purpose?", "src"),
        Ask("implement reading two files at once in the slice-core reader", "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        said(0.45, "polish this before I send it to Halcyon Dental: 'Hi Ingrid, thanks for asking. The reference on "
                   "your emails is a random six-character code on purpose, not our internal ticket number: a "
                   "competitor once counted our volume from the sequential ids, so we won't expose them.' warmer "
                   "please", "random six-character code on purpose"),
        [said(0.75, "links between agents use the numeric ticket id, that's fine inside the app",
              "numeric ticket id, that's fine inside the app")],
        Ask("customers should see 'Ticket #48211' in the email subject so they can quote it, add that", "src/api"),
        Ask("BD-1502 generate the reference we show customers when a new ticket is created", "src/components"),
    )
    b.decision(
        "parcelhub",
        said(0.4, "thinking out loud about the emissions badge... the carriers' numbers aren't comparable, we'd be "
                  "putting our name on a guess, and a merchant already asked whether it's certified. ok, decided: "
                  "no CO2 estimate is shown at checkout, not even per carrier. anyway, the jest timeout",
             "no CO2 estimate is shown at checkout"),
        [said(0.7, "the merchant dashboard may show monthly parcel counts per carrier",
              "monthly parcel counts per carrier")],
        Ask("a merchant wants a little green leaf with grams of CO2 next to each delivery option in the widget",
            "src/routes"),
        Ask("add an emissions figure to the quote response for each carrier", "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.45, "of your three options, the first: a customer's billing currency is fixed when the account is "
                   "created; to switch, finance opens a new account and moves the subscription. mixed-currency "
                   "ledgers broke the revenue report last time. go ahead",
             "billing currency is fixed when the account is created"),
        [said(0.75, "prices on the marketing site follow the visitor's locale, that's display only",
              "follow the visitor's locale")],
        Ask("a Swiss customer wants to pay in CHF from next month instead of EUR, add a way to change it on the "
            "account", BILLING),
        Ask("AccountService.changeCurrency(): write it and its test", BILLING_TESTS),
        Ask("LL-2290 currency switch for account 8812, sort it", BILLING),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "fernbook",
        said(0.4, "no, I stopped that edit on purpose. with Turbo here a failed form renders with status "
                  ":unprocessable_entity and a successful one redirects with status: :see_other, otherwise Turbo "
                  "swallows the response. you returned 200 on the error", "redirects with status: :see_other"),
        [said(0.7, "the JSON API under /api keeps plain 201 and 422 with an errors object",
              "plain 201 and 422 with an errors object")],
        Ask("the new desk-request form doesn't show errors when the date is missing, the page just sits there",
            "app/controllers"),
        Ask("write the create action for the MeetingRoomsController form", "spec"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "if you remember one thing about this codebase: every channel's join/3 calls "
                   "Beacon.Policy.authorize_join/2 as its first line, before assigns or presence, no exceptions. a "
                   "private room leaked once", "Beacon.Policy.authorize_join/2 as its first line"),
        [said(0.75, "the public lobby channel lets anyone join read-only, that's by design",
              "lets anyone join read-only")],
        Ask("add a DirectMessageChannel so two users can chat privately", "lib/beacon_web/channels"),
        Ask("the new 'announcements:*' topic needs a channel module, scaffold it", "lib/beacon"),
    )
    b.rule(
        "meshkit",
        said(0.4, "at my last job we threw through the public API and every caller paid for it. here, never: a "
                  "public function returns tl::expected<T, meshkit::Error>, and no throw crosses include/meshkit",
             "no throw crosses include/meshkit"),
        [said(0.7, "inside src the parsers may throw, they're caught at the API boundary",
              "caught at the API boundary")],
        Ask("make load_stl throw a std::runtime_error when the file is truncated", "include/meshkit"),
        Ask("how should remesh() tell the caller that the target edge length is negative?", "src"),
    )
    b.rule(
        "infra-live",
        said(0.45, "lesson learned the hard way, after the orphaned NAT gateway: no resource blocks live directly "
                   "under envs/, an environment only calls modules", "no resource blocks live directly under envs"),
        [said(0.75, "moved and import blocks may sit in envs/ while a refactor is in flight",
              "import blocks may sit in envs")],
        Ask("just drop an aws_sns_topic for the alerts into envs/prod/main.tf", "envs/prod"),
        Ask("add a one-off S3 bucket for the auditors' exports in staging", "envs/staging"),
        Ask("same as last time, a quick aws_cloudwatch_log_group straight in envs/staging/main.tf", "envs/staging"),
    )
    b.rule(
        "pocketgarden",
        said(0.4, "I'll only approve PRs where coroutines get their dispatcher from the injected DispatcherProvider; a "
                  "hard-coded Dispatchers.IO in a repository makes the tests flaky",
             "dispatcher from the injected DispatcherProvider"),
        [said(0.7, "UI code may launch on the view model's own scope with the default Main dispatcher",
              "view model's own scope with the default Main dispatcher")],
        Ask("move the photo compression in PlantPhotoRepository off the main thread", GARDEN),
        Ask("the WateringLogRepository test times out waiting on a background read, how should the repo pick its "
            "thread?", "app/src/test/java/com/acme/garden"),
    )
    b.rule(
        "stockroom",
        said(0.45, "(interrupted your edit) no db.commit() in a router, ever: the unit-of-work dependency commits "
                   "once when the request succeeds and rolls back otherwise", "unit-of-work dependency commits once"),
        [said(0.75, "the nightly stock snapshot job manages its own session and commits per batch",
              "commits per batch")],
        Ask("in the goods-in endpoint, commit after the header insert so the lines can reference it", "app/routers"),
        Ask("a bin transfer half-saves when the second insert fails, add commits after each step", "app"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tidewater-etl",
        said(0.2, "raw telemetry from the gauges lands in s3://tw-landing/raw/gauges/, one file per station per hour",
             "s3://tw-landing/raw/gauges/"),
        said(0.7, "I misremembered the bucket layout last time: new telemetry lands under s3://tw-landing/v2/"
                  "telemetry/ partitioned by date; the raw/ prefix only holds the archive from before the move. ok, "
                  "the lint", "s3://tw-landing/v2/telemetry/"),
        [said(0.45, "radar rainfall tiles arrive in s3://tw-radar/tiles/, that's another vendor",
              "s3://tw-radar/tiles/")],
        Ask("today's sensor finds no new gauge files, where should it be looking?", "dags"),
        Ask("write a script that lists yesterday's telemetry files for station 4071", "scripts"),
        Ask("gauges sensor again. point it at the right prefix", "dags"),
    )
    b.correction(
        "infra-live",
        said(0.2, "the records of the public zone are managed in the web team's Cloudflare account, not here",
             "the web team's Cloudflare account"),
        said(0.75, "that was true until the migration: the public zone's records are in Route 53 now, managed in "
                   "modules/dns of this repo; Cloudflare only fronts the CDN", "managed in modules/dns of this repo"),
        [said(0.45, "internal names under corp.internal come from the AD domain controllers",
              "AD domain controllers")],
        Ask("add a CNAME for status.acme-live.io pointing at the status page vendor", "envs/prod"),
        Ask("who changes MX records for the company domain, or can I do it from here?", "modules/network"),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "UI tests hit the stub server when you pass -UseStubBackend YES in the scheme's arguments",
             "-UseStubBackend YES"),
        said(0.7, "~~-UseStubBackend~~ is dead since the test-plan cleanup: the stub switch is the "
                  "CADENCE_STUB_API=1 environment variable in UITests.xctestplan", "CADENCE_STUB_API=1"),
        [said(0.45, "snapshot tests render with fixture data, no server at all", "snapshot tests render with fixture")],
        Ask("UI tests on CI are calling the real API again, how do I point them at the stub?", "AppTests"),
        Ask("write a UI test for the interval editor that works offline", "App/Views"),
        Ask("same for the watch app's UI tests, how do they get the stub?", "AppTests"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "meshkit",
        said(0.2, "Renske Verbruggen reviews anything that touches the mesh boolean operations",
             "Renske Verbruggen reviews"),
        said(0.75, "forwarding the rota from the team lead: 'boolean ops reviews go to Halvard Økland from now on, "
                   "Renske is on leave until March.' noted. now clang-format", "go to Halvard Økland"),
        [],
        Ask("who should review my fix for union() on coplanar faces?", "src"),
        Ask("need a reviewer for the mesh difference robustness patch", "tests"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "Room's exported schema JSON is written to app/schemas, commit it with each migration",
             "written to app/schemas"),
        said(0.7, "```\n$ git mv app/schemas app/src/roomSchemas\n```\nand room.schemaLocation points at "
                  "app/src/roomSchemas now; the migration tests read from there", "app/src/roomSchemas"),
        [],
        Ask("I bumped the database version to 9, where do the exported schema files go?", GARDEN),
        Ask("MigrationTestHelper can't find 8.json, where should it be?", "app/src/test/java/com/acme/garden"),
    )
    b.correction(
        "stockroom",
        said(0.2, "the short-walk pick routes are switched on with PICKPATH_V2=on in the environment",
             "PICKPATH_V2=on"),
        said(0.75, "correction on the pick routes: the settings refactor renamed it, it's "
                   "STOCKROOM_SHORT_WALK_PICKING=true, the old variable is ignored",
             "STOCKROOM_SHORT_WALK_PICKING=true"),
        [said(0.45, "the batch-picking experiment is off everywhere, no flag needed",
              "batch-picking experiment is off everywhere")],
        Ask("turn on the shorter picking routes on staging", "app"),
        Ask("pickers in the test environment still walk the old routes, which setting did I miss?", "tests"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("git: how do I see which commit last touched line 40 of "
                                  "backend/orders/models.py?", "backend/orders"))
    b.irrelevant("routewise", Ask("how many days from 3 March to 19 May, counting both ends?", "internal/dispatch"))
    b.irrelevant("logslice", Ask("in two lines: what's the difference between cargo check and cargo build?", "src"))
    b.irrelevant("brightdesk", Ask("status line wording: 'your ticket was escalated' or 'we escalated your "
                                   "ticket', which reads friendlier?", "src/components"))
    b.irrelevant("parcelhub", Ask("which HTTP status fits 'this parcel is too heavy for that service', 400 or "
                                  "422?", "src/routes"))
    b.irrelevant("ledgerline", Ask("if a plan starts on 31 January, what does LocalDate.plusMonths(1) give, and "
                                   "plusMonths(6)?", BILLING))
    b.irrelevant("fernbook", Ask("git: squash my last three commits into one without an editor opening",
                                 "app/controllers"))
    b.irrelevant("beacon-chat", Ask("Elixir: when do I reach for `with` instead of nested `case`, briefly?",
                                    "lib/beacon"))
    b.irrelevant("meshkit", Ask("is 2^20 vertices more or less than a million, and by how many?", "src"))
    b.irrelevant("tidewater-etl", Ask("what weekday was 29 February 2024?", "dags"))
    b.irrelevant("infra-live", Ask("git: list the local branches already merged into main so I can delete them",
                                   "envs/staging"))
    b.irrelevant("pocketgarden", Ask("what's the Android Studio shortcut to reformat a file on Linux?", GARDEN))
    b.irrelevant("stockroom", Ask("SQL in general: UNION versus UNION ALL, when does it matter?", "app"))
    b.irrelevant("cadence-ios", Ask("just the arithmetic: a 7:40 per mile pace is how many seconds per km?",
                                    "AppTests"))
    b.irrelevant("routewise", Ask("PR title: 'Speed up stop sorting' or 'Make stop sorting faster'?",
                                  "cmd/routewise"))
    b.irrelevant("ledgerline", Ask("git: undo a merge commit that's already pushed to a shared branch, without "
                                   "rewriting history", BILLING_TESTS))
