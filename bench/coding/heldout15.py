"""The fifteenth held-out split: fresh facts and probes; written as the next held-out split.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's results or
failures; the earlier splits' planted statements, probes and irrelevant prompts were read only to keep
these facts, values and wordings clear of them. Same repositories, new facts, in forms the earlier
splits do not use: decisions taken in a reply to a code review comment, by a coin flip, by deferring to
a teammate ("she knows the floor better, her call"), in a commit message the user dictates, as a
condition that came true ("if ... then ...; it did") and by a show of hands at standup; rules stated as
a complaint, as a checklist pasted from the wiki, as a comment in a lint config and as a hurried
typo-ridden line; corrections said days later at the start of a new session, passed on in a teammate's
message, or as "scrap what I said about ..."; bugs found through a flaky CI job's third rerun, a ``gdb``
backtrace of a core dump, a customer's screenshot described in words, a JVM ``hs_err`` file and a flaky
split bill test; facts under ``docker compose ps``, ``go env``, ``cargo tree``, ``df -h``, ``ls -la``
and an actuator ``curl``; causes and effects told backwards (the effect reported first, its cause found
sessions later); global preferences in Swahili, Icelandic, Basque and Maltese (each probed once in that
language) and in English; cross-project negatives where two projects use one word (cursor, tier, chunk,
snooze) for different things, and one plain question answered two ways. Probes paraphrase the subject
with no shared word, ask by symptom, are terse or typo-ridden and mostly come from a subdirectory; the
irrelevant prompts ask for a poem, a pronunciation, an etymology, an analogy, a time-zone or base
conversion, an interview question, a licence question or a meeting agenda, in the projects' vocabulary.
Decisions, rules, corrections and irrelevant prompts are here; bugfixes, facts and causes and effects
are in :mod:`bench.coding.heldout15_more`; global preferences and cross-project negatives in
:mod:`bench.coding.heldout15_shared`.

heldout15 was written to be held out after heldout14. Its first figure was taken at 5cd3262 (both 0.342;
the engine of 1210a75 on the same corpus 0.350) and its second at 019e21f (0.333). It is training from the
release after (706dea0 on): its failures may be read and tuned on. heldout16
(:mod:`bench.coding.heldout16`) is the held-out split now.
"""

from __future__ import annotations

from bench.coding import heldout15_more, heldout15_shared
from bench.coding.cases import Ask, SplitBuilder, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def build() -> Split:
    b = SplitBuilder("heldout15")
    _decisions(b)
    _rules(b)
    _corrections(b)
    _corrections_rest(b)
    heldout15_more.add(b)
    heldout15_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "meshkit",
        said(0.4, "replying to your review comment on the decimation PR: agreed, the hand-rolled free list goes. "
                  "scratch memory in simplify() comes from a std::pmr::monotonic_buffer_resource created per call "
                  "and dropped at the end, nothing global. push the change and then look at the clang-tidy run",
             "std::pmr::monotonic_buffer_resource created per call"),
        [said(0.7, "the OBJ reader interns material names in one string table per file",
              "interns material names in one string table per file")],
        Ask("profiling shows simplify spends a third of its time in malloc, write a pool for the temp buffers",
            "src"),
        Ask("where does the decimation pass get its temporary memory from?", "include/meshkit"),
        Ask("add a global arena so repeated simplify calls reuse scratch space", "src"),
    )
    b.decision(
        "logslice",
        said(0.35, "we couldn't agree so we flipped a coin, heads won: timestamps in the output are printed in the "
                   "reader's local zone, and only --utc switches that. write it in the man page. next, the bench "
                   "numbers", "printed in the reader's local zone, and only --utc"),
        [said(0.7, "input timestamps without an offset are assumed to be in the log's own zone",
              "assumed to be in the log's own zone")],
        Ask("user in Singapore asks why the times slice shows differ from the raw log lines", "src"),
        Ask("make the output show times as UTC by default, ops people expect it", "crates/slice-core"),
    )
    b.decision(
        "stockroom",
        said(0.4, "Oluwaseun runs the floor, so I'm leaving it to her and she says: pick lists are ordered by the "
                  "snake walk through the aisles, up one side and down the next, never by SKU or by order line. "
                  "ok, back to the pydantic warning", "ordered by the snake walk through the aisles"),
        [said(0.8, "each picker gets at most 40 lines per trolley run", "at most 40 lines per trolley run")],
        Ask("sort the generated pick list by product code, it looks tidier", "app/routers"),
        Ask("in what order do pickers get the lines on their handhelds?", "app"),
        Ask("pikcers complain the list makes them zigzag, what's teh ordering supposed to be", "tests"),
    )
    b.decision(
        "tidewater-etl",
        said(0.45, "commit it with this message: 'schedule: gauge ingest runs hourly at minute 17; the vendor API "
                   "throttles everyone who calls on the hour'. then open the PR",
             "gauge ingest runs hourly at minute 17"),
        [said(0.75, "the tide tables are pulled once a week on Sunday night", "pulled once a week on Sunday night")],
        Ask("set the readings DAG to @hourly, the odd schedule looks like a typo", "dags"),
        Ask("we keep getting 429s from the gauge provider, when do we call them?", "scripts"),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "we said: if fewer than half of beta testers grant write access to Health, we stop writing "
                  "workouts there and keep them in the app only. beta came back at 31%. so that's it, workouts stay "
                  "in-app, no HKWorkout saves. ok, the snapshot tests", "no HKWorkout saves"),
        [said(0.55, "resting heart rate is still read from Health if the user allows it",
              "resting heart rate is still read from Health")],
        Ask("after a run finishes, also save it to the Health app like Strava does", "App"),
        Ask("do finished sessions end up in Apple's fitness database?", "AppTests"),
        Ask("users ask why their runs don't show up in the Activity rings", "App/Views"),
    )
    b.decision(
        "parcelhub",
        said(0.45, "show of hands at standup, four to one: labels are produced as 6x4 inch thermal PDFs only, the "
                   "sheet-of-four office paper layout is dropped. fine, now the ts errors",
             "6x4 inch thermal PDFs only"),
        [said(0.7, "customs forms are still printed on plain paper, three copies",
              "printed on plain paper, three copies")],
        Ask("a merchant without a thermal printer wants labels they can print on normal sheets", "src/services"),
        Ask("PCL-1930 add a page size option to the label endpoint", "src/routes"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "brightdesk",
        said(0.4, "I'm so tired of finding z-index: 9999 in every other component. every stacking value comes "
                  "from the layers map in src/theme/layers.ts, no raw numbers, ever. the modal bug last week was two "
                  "9999s fighting. ok, the jest failure", "layers map in src/theme/layers.ts"),
        [said(0.7, "spacing uses the 4px scale from the design tokens", "4px scale from the design tokens")],
        Ask("the toast shows up behind the side panel, bring it to the front", "src/components"),
        Ask("new dropdown menu gets hidden under the ticket header, fix the overlap", "src/components"),
        Ask("which value should a new popover's stacking order be?", "src/api"),
    )
    b.rule(
        "ledgerline",
        said(0.45, "pasting the wiki's 'Before you open a PR' list so we both follow it:\n1. ./mvnw verify passes\n"
                   "2. every new controller method carries @PreAuthorize with an explicit role, even read-only "
                   "ones\n3. the changelog fragment is in changes/\nok, do those for the credit limit branch",
             "every new controller method carries @PreAuthorize"),
        [said(0.75, "the actuator endpoints are secured in SecurityConfig, not per method",
              "secured in SecurityConfig, not per method")],
        Ask("add a GET endpoint that lists a customer's open credit notes", BILLING),
        Ask("write the controller for exporting invoices as CSV", BILLING),
        Ask("test that the new refunds endpoint is wired up", BILLING_TESTS),
    )
    b.rule(
        "routewise",
        said(0.4, "```yaml\n# .golangci.yml\nlinters-settings:\n  depguard:\n    rules:\n      main:\n        deny:\n"
                  "          - pkg: github.com/pkg/errors\n            desc: stdlib errors and fmt.Errorf with %w only\n"
                  "```\nthat comment is the rule, the linter just enforces it. now fix what it flags",
             "stdlib errors and fmt.Errorf with %w only"),
        [said(0.75, "the geo package may import the proj bindings, nothing else does",
              "may import the proj bindings")],
        Ask("wrap the solver error with a stack trace so we can see where it came from", "internal/dispatch"),
        Ask("add errors.Wrap around the DB failure in the assignment code", "internal/dispatch"),
    )
    b.rule(
        "fernbook",
        said(0.45, "quick b4 standup: no sleep() in specs evr, its why ci takes 19 min. wait w/ travel_to or "
                   "have_enqueued_job, nevr real time. ok go", "no sleep() in specs evr"),
        [said(0.7, "system specs run headless chrome at 1280x800", "headless chrome at 1280x800")],
        Ask("the reminder mailer spec is flaky, add a short pause before checking the delivery", "spec"),
        Ask("test that a booking expires after 15 minutes", "spec"),
        Ask("spec for the nightly cleanup job, it runs 2 seconds after enqueue", "app/models"),
    )
    b.rule(
        "tillpoint",
        said(0.4, "and again someone put cursor.execute() with a hand-written query in a view. how many times: "
                  "views use the ORM, and if it really needs SQL it goes in backend/orders/queries.py as a named "
                  "function with a test. ok, the migration", "backend/orders/queries.py as a named function"),
        [said(0.7, "the reports app may use database views created in migrations", "database views created in migrations")],
        Ask("the covers-per-hour query is too slow with the ORM, just write the SQL in the view", "backend/orders"),
        Ask("need a raw query for the top-selling dishes by weekday", "backend"),
    )
    b.rule(
        "pocketgarden",
        said(0.45, "```yaml\n# detekt.yml\ncomplexity:\n  LongParameterList:\n    functionThreshold: 5  # a sixth "
                   "parameter means the arguments become a params data class\n```\nthat's why the build is red, "
                   "fix the three it found", "a sixth parameter means the arguments become a params data class"),
        [said(0.75, "composables are exempt from the parameter limit, detekt ignores @Composable",
              "detekt ignores @Composable")],
        Ask("scheduleWatering needs light level, humidity, pot size and soil type too, add them as arguments",
            GARDEN),
        Ask("write createPlant(name, species, room, light, potSize, wateringDays)", GARDEN),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "stockroom",
        said(0.2, "top racks take pallets up to 1.8 m high, the putaway check uses that",
             "pallets up to 1.8 m high"),
        said(0.85, "scrap what I said about pallet height: the insurer's survey says the top level only takes "
                  "1.55 m, the sprinkler heads are lower there. change the putaway check. ok, tests",
             "top level only takes 1.55 m"),
        [said(0.45, "ground-level bays have no height limit, only a weight one", "ground-level bays have no height limit")],
        Ask("how tall can a load be on the highest shelf?", "app"),
        Ask("putaway let a 1.7 m pallet go to level 4, is that ok?", "app/routers"),
        Ask("write a test for the max pallet height rule", "tests"),
    )
    b.correction(
        "infra-live",
        said(0.2, "every CloudWatch log group gets retention_in_days = 14 from the logging module",
             "retention_in_days = 14"),
        said(0.7, "Sam just messaged: 'compliance came back, prod log groups keep 400 days now, staging stays as it "
                  "was'. so the module default is wrong for prod, fix it please",
             "prod log groups keep 400 days"),
        [said(0.45, "VPC flow logs go to S3 with a lifecycle rule, not to CloudWatch",
              "flow logs go to S3 with a lifecycle rule")],
        Ask("how long do we hold on to production application logs?", "envs/prod"),
        Ask("auditor asks for logs from ten months ago, do we still have them?", "modules/network"),
    )
    b.correction(
        "beacon-chat",
        said(0.2, "presence flips a user to away after 5 minutes without input", "away after 5 minutes without input"),
        said(0.75, "scrap what I said about the away status: it's 12 minutes, and only desktop clients report idle, "
                   "the phone apps never mark anyone away. ok, dialyzer",
             "only desktop clients report idle"),
        [said(0.45, "do-not-disturb is set by the user and never flips on its own", "never flips on its own")],
        Ask("my coworker shows as away on her phone while she's typing, bug?", "lib/beacon"),
        Ask("how long before someone's dot goes yellow?", "lib/beacon_web/channels"),
        Ask("test for the inactivity status change", "test"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "brightdesk",
        said(0.2, "tickets waiting on the customer auto-close after 5 days", "auto-close after 5 days"),
        said(0.75, "picking up from last week: I had the auto-close wrong, it's 10 days of no reply, and a "
                   "reminder goes out on day 7. support lead confirmed. fix the copy in the settings page",
             "10 days of no reply, and a reminder goes out on day 7"),
        [said(0.45, "spam tickets are deleted after 30 days", "spam tickets are deleted after 30 days")],
        Ask("customer asks how long we wait before closing a ticket they didn't answer", "src/components"),
        Ask("when does a pending ticket shut itself?", "src/api"),
    )
    b.correction(
        "routewise",
        said(0.2, "the solver gets 30 seconds per depot, then we take the best plan it has",
             "30 seconds per depot"),
        said(0.7, "from Ines on Slack, forwarding: 'since we moved the planner to the 32-core box the solver budget "
                  "is 2 minutes per depot, the 30 s was the old VM'. update the config doc",
             "2 minutes per depot"),
        [said(0.45, "re-plans during the day get 5 seconds", "re-plans during the day get 5 seconds")],
        Ask("how long does the optimiser run before it returns a plan?", "cmd/routewise"),
        Ask("night plans look worse than before, is the search cut short?", "internal/dispatch"),
        Ask("set the timeout for the overnight solve", "internal/geo"),
    )
    b.correction(
        "meshkit",
        said(0.2, "the oldest compiler we support is GCC 11", "oldest compiler we support is GCC 11"),
        said(0.75, "new session, one thing from yesterday: the floor is GCC 13, not 11, the Debian users were moved "
                   "to the toolchain image. so std::ranges is fine now", "the floor is GCC 13"),
        [said(0.45, "on macOS we support the last two Xcode releases", "last two Xcode releases")],
        Ask("can I use std::ranges::sort in the mesh code or will old compilers choke?", "src"),
        Ask("which g++ should the oldest CI job use?", "tests"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("write a limerick about a till that won't balance at closing, for the team "
                                  "channel", "backend/reports"))
    b.irrelevant("routewise", Ask("how do you say Dijkstra out loud? the Dutch ij trips me up",
                                  "internal/geo"))
    b.irrelevant("logslice", Ask("where does the name grep come from?", "src"))
    b.irrelevant("brightdesk", Ask("give me an analogy for React's reconciliation that a product manager would "
                                   "get", "src/components"))
    b.irrelevant("parcelhub", Ask("14:30 in London next Monday, what time is that in Auckland?", "src/services"))
    b.irrelevant("ledgerline", Ask("2027 in roman numerals please, it's for a slide", BILLING))
    b.irrelevant("fernbook", Ask("a new hire asks what PTAL and LGTM stand for", "spec"))
    b.irrelevant("beacon-chat", Ask("generally speaking, can MIT-licensed code be bundled in an Apache-2.0 "
                                    "project?", "lib/beacon"))
    b.irrelevant("meshkit", Ask("Euler's formula for a convex polyhedron, V minus E plus F equals what?",
                                "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("turn this into a markdown table: station, mean, max / A, 1.2, 3.4 / B, "
                                      "0.9, 2.2", "scripts"))
    b.irrelevant("infra-live", Ask("how do people pronounce kubectl? we have a bet going", "envs/staging"))
    b.irrelevant("pocketgarden", Ask("agenda for a 30-minute sprint retro, five bullet points", GARDEN))
    b.irrelevant("stockroom", Ask("200 in binary and in hex, please", "app"))
    b.irrelevant("cadence-ios", Ask("write a haiku about a unit test that only fails on Fridays", "AppTests"))
    b.irrelevant("routewise", Ask("three good questions to ask a senior Go candidate in an interview",
                                  "cmd/routewise"))
    b.irrelevant("brightdesk", Ask("why is a software defect called a bug? the short history", "src/api"))
    b.irrelevant("parcelhub", Ask("one polite sentence to decline a meeting that has no agenda", "src/routes"))
    b.irrelevant("stockroom", Ask("five made-up but realistic UK company names for test data", "tests"))
    b.irrelevant("logslice", Ask("what's Conway's law, in one sentence?", "crates/slice-core"))
