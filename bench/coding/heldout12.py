"""The twelfth held-out split: fresh facts and probes; written as the next held-out split.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: decisions inside a pasted Slack thread (names, times and
all) with the user's one-word go-ahead, and decisions the user announces as "for the record"
between two chores; rules the user states as complaints ("I hate it when ...", "drives me up the
wall ..."); corrections that change a name rather than a number (a renamed queue, a renamed
service, a moved owner) and decisions reversed twice over three sessions where only the last
holds; bugs found in a pasted shell session (command, output, "so that's why"), in a pasted
postmortem timeline, or under a stack trace with "found it"; facts under a pasted docker-compose
or Makefile excerpt with a one-line comment, and facts from a pasted Slack thread; causes that are
a config change whose effect arrives sessions later as a user report in plain words; global
preferences in Norwegian, Slovak, Indonesian and Croatian (three of them probed in that language).
Probes paste stack traces and ask "what's going on", name a ticket id and a vague task, follow a
long paste with a short question, and many are typed from a subdirectory; the irrelevant prompts
are regex help, shell one-liners, commit-message wording and a library's error explained, in the
projects' vocabulary. Decisions, rules, corrections and irrelevant prompts are here; bugfixes,
facts, causes and effects, global preferences and cross-project negatives are in
:mod:`bench.coding.heldout12_more`.

heldout12 is written to be held out after heldout11. Before its first figure the lead changed a few
words of its turns that were other splits' planted values, and replaced one cross-project case that
restated dev's (f2a54b2). Its first figure was taken at f2a54b2, before any rule change (results in
``bench/results/coding_heldout12_none_f2a54b2.json``, both 0.365) and its second at 3af0428 (0.333). It
is training from the release after (5dd2d24 on): its failures may be read and tuned on. heldout13
(:mod:`bench.coding.heldout13`) is the held-out split now.
"""

from __future__ import annotations

from bench.coding import heldout12_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout12")
    _decisions(b)
    _rules(b)
    _corrections(b)
    _corrections_rest(b)
    heldout12_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.35, "pasting the thread so it's somewhere:\n```\n[10:02] teodor: people bring their own wine on "
                   "Tuesdays, what do we charge?\n[10:05] aylin: ok decided: corkage is a flat fee per table, rung "
                   "as its own CORKAGE item, never charged per guest\n[10:06] teodor: 👍\n```\nyep. now the flaky "
                   "report test", "corkage is a flat fee per table"),
        [said(0.7, "cakes brought in by guests are free, no cake-cutting charge", "no cake-cutting charge")],
        Ask("TILL-882 table 9 brought their own Rioja, add a per-person BYO charge to the bill", "backend/orders"),
        Ask("how should the till charge a group that brings its own wine?", "backend"),
    )
    b.decision(
        "routewise",
        said(0.4, "for the record, legal signed off: proof-of-delivery photos are kept for 45 days then purged, "
                  "no longer. ok, back to the vet errors", "kept for 45 days then purged"),
        [said(0.75, "driver signatures on paper manifests are scanned and archived by the depot, not by us",
              "scanned and archived by the depot")],
        Ask("a customer disputes a drop from last spring, pull the doorstep photo from the bucket",
            "internal/dispatch"),
        Ask("write the cleanup job for old delivery photos, what cutoff?", "cmd/routewise"),
    )
    b.decision(
        "logslice",
        said(0.4, "for the record, we talked it over on the maintainers call: slice prints identical consecutive "
                  "lines as they are; collapsing repeats stays behind the opt-in --collapse flag, people count "
                  "them. anyway, clippy", "collapsing repeats stays behind the opt-in --collapse flag"),
        [said(0.7, "blank lines are dropped only with --no-blank", "blank lines are dropped only with")],
        Ask("a user says the output is full of the same 'connection reset' line 4,000 times, fold those "
            "into one by default", "src"),
        Ask("should the default writer merge runs of duplicate lines into 'last message repeated N times'?",
            "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        said(0.45, "```\n[14:31] odile: an angry customer looked up one of our agents at home\n[14:33] kasimir: "
                   "because replies sign with the full name\n[14:35] odile: decision: replies show the agent's "
                   "first name only, the surname never leaves our side\n```\ngood call. back to the style guide",
             "the surname never leaves our side"),
        [said(0.75, "internal notes show the agent's full name and avatar to colleagues",
              "internal notes show the agent's full name")],
        Ask("put the agent's full name and job title under each reply in the customer portal", "src/components"),
        Ask("BD-1207 customers want to know exactly who answered them, show it on the reply", "src/api"),
    )
    b.decision(
        "parcelhub",
        said(0.4, "for the record: signature on delivery is an opt-in extra per parcel, charged, and never on by "
                  "default, merchants hated the failed first attempts. ok, the eslint thing",
             "signature on delivery is an opt-in extra per parcel"),
        [said(0.7, "age-restricted items always need ID at the door, that's the courier's rule",
              "always need ID at the door")],
        Ask("make every parcel over £100 require a signature automatically", "src/services"),
        Ask("PH-512 merchant asks why their parcels are left at the door, what's our default?", "src/routes"),
    )
    b.decision(
        "ledgerline",
        said(0.45, "```\n[09:12] carla (finance): customers keep asking to drop seats in month two\n[09:20] ben: "
                   "we agreed: seat count can only go down at renewal, mid-term removals just schedule it\n"
                   "```\nfine, that's what we build. now the migration warning",
             "seat count can only go down at renewal"),
        [said(0.75, "adding seats mid-term is charged immediately, prorated", "adding seats mid-term is charged")],
        Ask("support wants a button to remove three seats from an annual plan today and refund them", BILLING),
        Ask("SeatChangeService: what should a downgrade in the middle of the term do?", BILLING_TESTS),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "fernbook",
        said(0.4, "I hate controllers that grow a dozen custom actions. a controller has only the seven REST "
                  "actions; anything else becomes its own resource controller", "only the seven REST actions"),
        [said(0.7, "the admin namespace may keep its bulk actions for now", "keep its bulk actions for now")],
        Ask("add a 'checkin' action to DesksController for the front desk", "app/controllers"),
        Ask("where does the endpoint that cancels a booking go?", "spec"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "it drives me up the wall when someone logs a whole %Message{} in prod. log the message id, "
                   "never the message body, ever", "log the message id, never the message body"),
        [said(0.75, "the audit log keeps the sender and room of each delete", "keeps the sender and room")],
        Ask("add some logging to the channel handler so I can see what's being sent", "lib/beacon_web/channels"),
        Ask("Logger.info the incoming payload in handle_in for debugging", "lib/beacon"),
    )
    b.rule(
        "meshkit",
        said(0.4, "I hate bare doubles for lengths in the API, nobody knows if it's mm or metres. every length "
                  "in a public signature is the meshkit::Length strong type, never a plain double",
             "the meshkit::Length strong type, never a plain double"),
        [said(0.7, "angles may stay plain doubles in radians", "angles may stay plain doubles")],
        Ask("add an offset(double distance) overload to the shell operator", "include/meshkit"),
        Ask("the hole-filling pass needs a max edge length parameter, add it", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.4, "```yaml\nmodels:\n  - name: stg_gauge_readings\n    meta:\n      owner: '@hydro-data'  "
                  "# every model names an owning team here or the CI check refuses it\n```\nthat comment is the "
                  "rule. ok, next", "every model names an owning team here"),
        [said(0.7, "seeds don't need an owner, they're reference data", "seeds don't need an owner")],
        Ask("add a staging model for the harbour pilot bookings", "models/staging"),
        Ask("the new stg_buoy_battery model got refused in CI, what's it missing?", "dags"),
    )
    b.rule(
        "infra-live",
        said(0.45, "I can't stand it when a plan in staging shows changes in prod. every environment is its own "
                   "root module under envs/, nobody uses terraform workspaces here",
             "nobody uses terraform workspaces here"),
        [said(0.75, "the bootstrap state bucket is the one thing created by hand", "created by hand")],
        Ask("set up a third environment for the load tests, a new workspace would be quickest", "envs/staging"),
        Ask("how do I add a 'perf' environment next to prod and staging?", "envs/prod"),
    )
    b.rule(
        "pocketgarden",
        said(0.4, "drives me nuts when a composable can't be padded from outside. every composable takes "
                  "modifier: Modifier = Modifier as its first optional parameter and applies it to its root",
             "modifier: Modifier = Modifier as its first optional parameter"),
        [said(0.7, "screen-level composables take their view model as the first parameter",
              "screen-level composables take their view model")],
        Ask("write a PlantCard composable with the photo, name and next watering date", GARDEN),
        Ask("the watering chip can't be given extra padding by its parent, fix its signature",
            "app/src/test/java/com/acme/garden"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "stockroom",
        said(0.2, "putaway jobs are published on the putaway-tasks queue, the forklift app consumes it",
             "putaway-tasks queue"),
        said(0.7, "heads up, ops renamed it: the putaway queue is wh.putaway.v2 now, the old name is gone. "
                  "mypy next", "wh.putaway.v2"),
        [said(0.45, "stock-take sheets go to their own queue, stocktake-sheets", "stocktake-sheets")],
        Ask("after a pallet is received, publish the job that tells a forklift where to shelve it", "app/routers"),
        Ask("the forklift tablets get nothing since Monday, which queue should we publish to?", "app"),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "Hana Achterberg owns the VoiceOver work, ask her before you change any spoken run announcement",
             "Hana Achterberg owns the VoiceOver work"),
        said(0.9, "small update: after the reorg Ruairi Byrne took over VoiceOver and the spoken split "
                  "announcements, Hana moved to the web team. swiftformat please", "Ruairi Byrne took over VoiceOver"),
        [],
        Ask("who should sign off on rewording what the app says aloud at each kilometre?", "App/Views"),
        Ask("need a reviewer for the screen-reader labels on the workout summary, who is it?", "AppTests"),
    )
    b.correction(
        "tillpoint",
        said(0.15, "a table's bill auto-closes 3 hours after the last order, waiters forget",
             "auto-closes 3 hours after the last order"),
        said(0.75, "ok final answer on bills, sorry for the back and forth: auto-close comes back, but after 5 "
                   "hours of quiet, the 3 hours cut off long dinners", "but after 5 hours of quiet"),
        [said(0.45, "drop the bill auto-close, the waiter closes every bill by hand from now on",
              "the waiter closes every bill by hand")],
        Ask("a long birthday dinner got its bill closed on them, how long is the idle limit now?", "backend/orders"),
        Ask("write the management command that closes forgotten open bills", "backend/reports"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "routewise",
        said(0.2, "arrival estimates come from the eta-oracle service, call it per stop", "eta-oracle service"),
        said(0.7, "it got renamed in the platform cleanup: the ETA service is arrival-predictor now, the old DNS "
                  "name stops resolving on Friday", "arrival-predictor"),
        [],
        Ask("the driver app needs a fresh ETA after each drop, call the prediction service", "internal/geo"),
        Ask("dial tcp: lookup failed for the ETA host since the weekend, what's the new name?", "cmd/routewise"),
    )
    b.correction(
        "brightdesk",
        concluded(0.2, "who owns the email-ingest worker?",
                  "The email-ingest worker belongs to team Osprey; their name is on the CODEOWNERS line for "
                  "workers/ingest.", "belongs to team Osprey"),
        said(0.7, "CODEOWNERS is out of date: email ingest moved to team Kestrel last sprint, Osprey only does "
                  "the widget now. eslint", "email ingest moved to team Kestrel"),
        [],
        Ask("inbound emails land as duplicate tickets, which team do I page?", "src/api"),
        Ask("who should review my change to the ingest worker's reply parsing?", "src/components"),
    )
    b.correction(
        "ledgerline",
        said(0.15, "plan upgrades are prorated to the second, that's what the old biller did",
             "prorated to the second"),
        said(0.8, "third time, and this one sticks: prorate upgrades in whole days, rounded down, finance signed "
                  "it", "prorate upgrades in whole days, rounded down"),
        [said(0.45, "change of plan: no proration at all on upgrades, the new price starts next cycle",
              "no proration at all on upgrades")],
        Ask("customer upgrades from Team to Business halfway through March, compute the charge", BILLING),
        Ask("write the test for an upgrade on day 17 of a 30-day period", BILLING_TESTS),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("regex for a table label like 'T12' or 'T7B', letter T then digits then an "
                                  "optional letter", "backend"))
    b.irrelevant("routewise", Ask("shell one-liner: count lines in every .go file under internal, biggest "
                                  "first", "internal/dispatch"))
    b.irrelevant("logslice", Ask("which is better English for a commit title: 'handle empty lines' or 'handles "
                                 "empty lines'?", "src"))
    b.irrelevant("brightdesk", Ask("explain this React warning in one sentence: 'Each child in a list should have "
                                   "a unique key prop'", "src/components"))
    b.irrelevant("parcelhub", Ask("jq: print only the .id of every element in a JSON array file", "src/routes"))
    b.irrelevant("ledgerline", Ask("what does Java's 'error: unmappable character for encoding ASCII' mean?",
                                   BILLING))
    b.irrelevant("fernbook", Ask("regex that matches a Rails migration filename like "
                                 "20240131120000_add_foo.rb", "app/models"))
    b.irrelevant("beacon-chat", Ask("explain Elixir's 'warning: variable \"socket\" is unused' and how to "
                                    "silence it", "lib/beacon_web/channels"))
    b.irrelevant("meshkit", Ask("find + sed: replace tabs with four spaces in every .hpp under include",
                                "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("better wording for this commit message: 'fix stuff in the gauge model'",
                                      "models/staging"))
    b.irrelevant("infra-live", Ask("what does 'Error: Unsupported block type' mean in HCL, generally?",
                                   "modules/network"))
    b.irrelevant("pocketgarden", Ask("Kotlin: how do I pad a day-of-month to two digits in a string template?",
                                     GARDEN))
    b.irrelevant("stockroom", Ask("awk: sum the third column of a whitespace-separated file", "tests"))
    b.irrelevant("cadence-ios", Ask("regex for a duration like 1:05:33 or 45:10, hours optional", "App"))
    b.irrelevant("parcelhub", Ask("in one line: what does npm's 'ERESOLVE unable to resolve dependency tree' "
                                  "mean?", "src/services"))
