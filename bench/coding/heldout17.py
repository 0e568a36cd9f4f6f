"""The seventeenth held-out split: fresh facts and probes, written blind by cwriter17.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any engine test, nor any
split's results or failures, and who never ran Mnemon on this split; the earlier splits' planted statements,
probes and irrelevant prompts were read only to keep these facts, values, subjects and wordings clear of
them (and not to contradict what they plant in the same project). Same fourteen repositories, new facts,
in forms the earlier splits do not use: decisions reached from a pasted Lighthouse report, from a ``wrk``
load test of two HTTP clients, written as the comment a PR is closed with, kept as a revert the user
shows with ``git log -p``, dictated by voice with no punctuation, and relayed "as discussed" from a call;
rules given after the user stops a command the assistant was about to run, in reply to a review comment
on one line, as "if I see X again in a PR I'm bouncing it", as "muscle memory here is ..." and as a
habit the user wants copied from one module; corrections labelled "correction:", forwarded from a chat
message of a colleague, as "you told me X last week, that's wrong", as "disregard the ... I gave you" and
as the commit message the assistant writes for the fix. Bugfixes, facts and causes and effects are in
:mod:`bench.coding.heldout17_more`; global preferences (three in English with new ways of saying scope,
one in Russian, one in Chinese) and cross-project negatives in :mod:`bench.coding.heldout17_shared`.
The irrelevant prompts are everyday language and tool questions (Python identity, Go loop variables, Rust
``impl Trait``, React hooks, HTTP verbs, Java ``volatile``, Ruby safe navigation, Elixir keyword lists,
C++ move semantics, Bloom filters, file links, Kotlin scope functions, named tuples, Swift attributes, vim,
mutexes, CSS units and centring, tail recursion) on no subject any split plants in their project.

heldout17 was written to be held out after heldout16. Its first figure was taken at 3d4a1a3 (0.471 on the
eighteen-split corpus) and its second at 7c40dc3 (0.455 on the nineteen-split corpus). It is training from the
release after (72805f9 on): its failures may be read and tuned on. heldout18 (:mod:`bench.coding.heldout18`)
is the held-out split now.
"""

from __future__ import annotations

from bench.coding import heldout17_more, heldout17_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def build() -> Split:
    b = SplitBuilder("heldout17")
    _decisions(b)
    _decisions_rest(b)
    _rules(b)
    _rules_rest(b)
    _corrections(b)
    _corrections_rest(b)
    heldout17_more.add(b)
    heldout17_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "brightdesk",
        said(0.4, "lighthouse on /tickets/:id, mobile preset:\n```\nPerformance 41\nTotal Blocking Time 1,840 ms\n"
                  "Reduce unused JavaScript  editor-*.js  410 KiB\n```\nso: the rich-text chunk is loaded with a "
                  "dynamic import() only when the agent clicks Reply, TicketView itself never imports it. ok, the "
                  "failing snapshot now", "dynamic import() only when the agent clicks Reply"),
        [said(0.7, "the customer sidebar on the ticket page renders eagerly, it's small",
              "customer sidebar on the ticket page renders eagerly")],
        Ask("import RichEditor at the top of TicketView so the reply box is instant", "src/components"),
        Ask("there's a spinner the first time I hit reply on a ticket, is that a bug?", "src/components"),
        Ask("ticket page js got heavy again, what was the plan for the editor bundle", "src/api"),
    )
    b.decision(
        "parcelhub",
        said(0.35, "```\n$ wrk -t4 -c64 -d30s http://localhost:3000/rates/quote\naxios:   2310.44 req/s  p99 88ms\n"
                   "undici:  5941.02 req/s  p99 31ms\n```\nthat settles it, calls to the carriers go through undici's "
                   "request() from now on; the axios instance stays only for our internal services. now the eslint "
                   "errors", "calls to the carriers go through undici's request()"),
        [said(0.7, "outgoing merchant webhooks are sent by the outbox worker, not by the carrier clients",
              "sent by the outbox worker, not by the carrier clients")],
        Ask("write a client for the InPost API, axios is fine", "src/services"),
        Ask("which http lib should the new Colissimo integration use?", "src/services"),
        Ask("why isnt the DHL rates call using axios like the rest", "src/routes"),
    )
    b.decision(
        "routewise",
        said(0.45, "close #412 with this comment and move on: 'not doing GraphQL. the driver app's overfetching is "
                   "solved by ?fields= sparse fieldsets on the REST endpoints, one API to secure and cache is "
                   "enough.' then the vet warnings", "solved by ?fields= sparse fieldsets"),
        [said(0.75, "the dispatcher console's bulk edits go through POST /stops:batchUpdate",
              "bulk edits go through POST /stops:batchUpdate")],
        Ask("set up gqlgen so the driver app can ask for only the stop fields it shows", "internal/dispatch"),
        Ask("the driver app downloads massive stop payloads on 3G, how are clients meant to trim responses?",
            "cmd/routewise"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "meshkit",
        said(0.4, "```\n$ git log -p -1 -- src/io/obj_reader.cpp\ncommit 7d2e1f0\n    Revert \"obj: parse floats "
                  "with std::from_chars\"\n```\nthat revert stays. Apple clang's libc++ has no floating-point "
                  "from_chars on the macOS versions we ship for, so we parse with fast_float, header-only. ok, "
                  "clang-tidy", "so we parse with fast_float, header-only"),
        [said(0.7, "the PLY reader's binary path memcpys straight into the vertex buffer",
              "memcpys straight into the vertex buffer")],
        Ask("speed up OBJ loading by switching the float parsing to std::from_chars", "src"),
        Ask("what turns the text coordinates into doubles in the obj reader, and why not the standard library?",
            "include/meshkit"),
    )
    b.decision(
        "cadence-ios",
        said(0.45, "ok dictating this on the bike sorry we are going with a 3 2 1 spoken countdown before each "
                   "interval instead of the beep because people with music on never heard the beep ok can you fix "
                   "the swiftlint thing when you get a sec", "3 2 1 spoken countdown before each interval"),
        [said(0.75, "the end of the whole workout is marked by the long chime", "marked by the long chime")],
        Ask("add a beep sound effect right before the next interval starts", "App"),
        Ask("what do runners hear just before an interval switches?", "App/Views"),
        Ask("unit test for the pre-interval audio cue", "AppTests"),
    )
    b.decision(
        "stockroom",
        said(0.4, "as discussed with finance and the auditors on Tuesday: stock is valued FIFO, not weighted "
                  "average, each lot keeps its own purchase cost so a write-off hits the oldest price. ok, the "
                  "pytest failures", "stock is valued FIFO, not weighted average"),
        [said(0.7, "the reorder point uses the average daily pick over the last 28 days",
              "average daily pick over the last 28 days")],
        Ask("compute item cost as the average of all receipts so far for the value report", "app/routers"),
        Ask("when we write off damaged stock, which purchase price does it use?", "app"),
        Ask("implement cost of goods for a pick across several lots", "tests"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.4, "no, stop, don't run makemigrations --merge. in this repo a migration clash is fixed by "
                  "renumbering your own migration on top of main, never with a merge migration. redo it that way",
             "never with a merge migration"),
        [said(0.7, "the migrations of the reports app are squashed once a year before the spring release",
              "squashed once a year before the spring release")],
        Ask("after the rebase there are two 0087 migrations in orders, sort it out", "backend/orders"),
        Ask("makemigrations says Conflicting migrations detected in reports", "backend/reports"),
        Ask("how do we resolve two branches both adding a migration?", "backend"),
    )
    b.rule(
        "ledgerline",
        said(0.45, "re your comment on line 88 of DunningRepositoryTest: yes, move it. any test that touches "
                   "Postgres is annotated @BillingIT, which boots one throwaway Postgres container per JVM; a bare "
                   "@SpringBootTest with H2 doesn't get through review here", "annotated @BillingIT"),
        [said(0.75, "pure unit tests of the pricing maths use plain JUnit, no Spring context",
              "pricing maths use plain JUnit")],
        Ask("write an integration test for the refund repository", BILLING_TESTS),
        Ask("new test for InvoiceDao against a real db, what's the setup?", BILLING_TESTS),
        Ask("add a @SpringBootTest with an in-memory database for the credit note query", BILLING),
    )
    b.rule(
        "cadence-ios",
        said(0.4, "if I see one more Codable model in a PR without a round-trip test against a recorded payload in "
                  "AppTests/Payloads I'm bouncing it, the API changed shape under us twice. fine, back to the build "
                  "error", "round-trip test against a recorded payload in AppTests/Payloads"),
        [said(0.7, "types only stored locally, like the settings file, don't need a payload test",
              "types only stored locally, like the settings file")],
        Ask("add a Codable struct for the coach plan response", "App"),
        Ask("new model for the leaderboard endpoint, what tests does it need?", "AppTests"),
        Ask("decode the weather API JSON into a model for the run summary", "App/Views"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "infra-live",
        said(0.45, "muscle memory here is: no wildcard actions in the policy documents we write, every statement "
                   "lists its actions one by one, \"s3:*\" doesn't get past review. ok, tflint",
             "every statement lists its actions one by one"),
        [said(0.75, "AWS managed policies like ReadOnlyAccess may be attached as they are",
              "managed policies like ReadOnlyAccess may be attached")],
        Ask("give the exporter lambda access to the reports bucket", "modules/network"),
        Ask("CI role needs to push to ECR and read the artifacts bucket, s3:* on that bucket is fine right?",
            "envs/staging"),
        Ask("write the IAM policy for the nightly backup job", "envs/prod"),
    )
    b.rule(
        "beacon-chat",
        said(0.4, "copy what lib/beacon/presence_test.exs does for the new tests: ExUnit modules that touch the "
                  "database are async: true on the SQL sandbox, and one that can't be async carries a comment "
                  "saying why. that's the house habit. ok, the dialyzer warnings",
             "one that can't be async carries a comment"),
        [said(0.7, "the channel tests share one endpoint started in test_helper.exs",
              "share one endpoint started in test_helper.exs")],
        Ask("write tests for the room invite context", "test"),
        Ask("my new DB test is flaky when run alongside others, can I just make it synchronous?", "test"),
        Ask("ExUnit setup for the mentions module tests", "lib/beacon"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.2, "slice starts one worker thread per physical core", "one worker thread per physical core"),
        said(0.7, "correction: it's logical cores minus one for the workers now, the reader thread needs a core of "
                  "its own or it starves on big files. fix the doc comment too",
             "logical cores minus one for the workers"),
        [said(0.45, "--jobs overrides the worker count", "--jobs overrides the worker count")],
        Ask("how many threads does slice spin up by default?", "crates/slice-core"),
        Ask("write a test for the default worker count", "src"),
        Ask("on my 8-core laptop with 16 threads slice uses how many workers?", "src"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "the frost alert goes out when the forecast low drops below 2°C", "forecast low drops below 2°C"),
        said(0.7, "forwarding from Ines in #garden-app: 'heads up, frost alerts trigger at 4°C now, at 2 the "
                  "young plants were already gone by morning'. change the threshold",
             "frost alerts trigger at 4°C now"),
        [said(0.45, "the heat warning fires at 32°C", "heat warning fires at 32°C")],
        Ask("what temperature makes the app warn about frost?", GARDEN),
        Ask("test the cold-night alert boundary", GARDEN_TESTS),
        Ask("forecast says 3 degrees tonight and I got no alert, bug?", GARDEN),
    )
    b.correction(
        "parcelhub",
        said(0.2, "the address autocomplete starts querying after 3 characters", "starts querying after 3 characters"),
        said(0.7, "you told me last week the autocomplete kicks in at 3 characters, that's wrong: it waits for 5, "
                  "every lookup is billed and 3 letters matched half the country",
             "it waits for 5, every lookup is billed"),
        [said(0.45, "autocomplete requests are debounced by 250 ms", "debounced by 250 ms")],
        Ask("how many letters before we call the address lookup?", "src/routes"),
        Ask("the address suggestions don't appear when I type 'Lee', why", "src/services"),
        Ask("unit test for the minimum input length of the address search", "src/services"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "routewise",
        said(0.2, "a driver waits 3 minutes at the door before they can mark a stop as not home",
             "waits 3 minutes at the door"),
        said(0.75, "disregard the 3 minutes I gave you for the not-home wait, the customers complained: the button "
                   "unlocks after 5 minutes at the stop now", "unlocks after 5 minutes at the stop"),
        [said(0.45, "a not-home stop goes back into the next day's plan automatically",
              "goes back into the next day's plan automatically")],
        Ask("how long must a driver wait before the failed-delivery option appears?", "internal/dispatch"),
        Ask("drivers say they can't mark nobody-home right away, is that intended?", "cmd/routewise"),
        Ask("test the timer on the no-answer button", "internal/dispatch"),
    )
    b.correction(
        "brightdesk",
        said(0.2, "a ticket nobody picks up is auto-assigned round-robin after a quarter of an hour",
             "auto-assigned round-robin after a quarter of an hour"),
        concluded(0.7, "commit the routing change, message is up to you but say what the real wait is",
                  "Committed as 'fix(routing): auto-assign unclaimed tickets after 10 min, not 15'. Unclaimed "
                  "tickets are handed out after 10 minutes now, the 15 let the morning queue pile up.",
                  "Unclaimed tickets are handed out after 10 minutes now"),
        [said(0.45, "VIP customers' tickets skip the round-robin and go to the account owner",
              "skip the round-robin and go to the account owner")],
        Ask("how long does a ticket sit in the queue before the system gives it to someone?", "src/components"),
        Ask("write a test for the auto-assignment delay", "src/api"),
        Ask("a ticket waited 12 minutes unowned and then got assigned, is that expected?", "src/api"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("python: is vs ==, quick example where they differ", "backend"))
    b.irrelevant("routewise", Ask("go: why did closures in a for loop all see the last value before 1.22?",
                                  "internal/geo"))
    b.irrelevant("logslice", Ask("impl Trait in argument position vs a generic parameter, what's the actual "
                                 "difference?", "src"))
    b.irrelevant("brightdesk", Ask("useMemo vs useCallback in two sentences", "src/components"))
    b.irrelevant("parcelhub", Ask("PUT vs PATCH, one line each", "src/routes"))
    b.irrelevant("ledgerline", Ask("what does volatile actually guarantee in java, briefly", BILLING))
    b.irrelevant("fernbook", Ask("ruby: what's the difference between &. and try?", "app/models"))
    b.irrelevant("beacon-chat", Ask("elixir: keyword list vs map, when do I pick which?",
                                    "lib/beacon"))
    b.irrelevant("meshkit", Ask("std::move vs std::forward, short version", "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("explain a Bloom filter in two sentences", "models/staging"))
    b.irrelevant("infra-live", Ask("hard link vs symlink, explain like I'm new to linux", "envs/staging"))
    b.irrelevant("pocketgarden", Ask("kotlin: let vs apply, when do I use which?", GARDEN))
    b.irrelevant("stockroom", Ask("python: tuple vs namedtuple, when is the second worth it?",
                                  "app"))
    b.irrelevant("cadence-ios", Ask("what does @discardableResult do in swift", "App"))
    b.irrelevant("tillpoint", Ask("how do I quit vim without saving, I'm stuck", "backend/reports"))
    b.irrelevant("routewise", Ask("mutex vs semaphore in plain words", "cmd/routewise"))
    b.irrelevant("brightdesk", Ask("css: em vs rem, which one for padding?", "src/api"))
    b.irrelevant("beacon-chat", Ask("explain tail recursion with a factorial example in elixir", "test"))
    b.irrelevant("fernbook", Ask("css: shortest way to centre a div both ways", "app/controllers"))
