"""The tenth held-out split, continued: corrections that change only a default, a flag name or an
environment; bugfixes whose cause was found with ``git bisect`` or by the assistant, probed with a
pasted failing test plus "fix"; and facts the assistant stated that the user confirms later, probed
with a URL to an internal page or "the thing we discussed" plus a keyword; see
:mod:`bench.coding.heldout10` (training now: measured twice while held out). Causes and effects,
global preferences and
cross-project negatives are in :mod:`bench.coding.heldout10_shared`."""

from __future__ import annotations

from bench.coding import heldout10_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _corrections(b)
    _corrections_rest(b)
    _bugfixes(b)
    _bugfixes_rest(b)
    _facts(b)
    _facts_rest(b)
    heldout10_shared.add(b)


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "the nightly price import pulls from the ERP's QA instance, it mirrors prod",
             "pulls from the ERP's QA instance"),
        said(0.7, "changed the price import's source: it reads erp-prod-ro (the read-only replica) now, QA had "
                  "stale prices for weeks. the isort diff next", "erp-prod-ro (the read-only replica)"),
        [],
        Ask("today's menu prices in the till don't match what the ERP shows", "backend"),
    )
    b.correction(
        "routewise",
        said(0.25, "the CLI takes --depot-id to pick which depot to plan for", "--depot-id to pick which depot"),
        said(0.75, "heads up, the flag is --hub now, --depot-id was removed in 2.0. go vet please",
             "the flag is --hub now"),
        [],
        Ask("what's the command to plan tomorrow for the Leeds depot?", "cmd/routewise"),
    )
    b.correction(
        "logslice",
        said(0.2, "the release binaries are built on the ubuntu-20.04 runner, so glibc 2.31",
             "ubuntu-20.04 runner, so glibc 2.31"),
        concluded(0.7, "where are the release binaries built now?",
                  "In the manylinux_2_28 container since the runner image was retired; the ubuntu-20.04 job is "
                  "gone.", "In the manylinux_2_28 container"),
        [],
        Ask("a user on an old distro gets 'GLIBC_2.34 not found' from our binary, which glibc do we build "
            "against?", "src"),
    )
    b.correction(
        "parcelhub",
        said(0.25, "the webhook HMAC check is skipped in staging so the carriers' test tools work",
             "HMAC check is skipped in staging"),
        said(0.75, "changed that: the HMAC check is on in staging too now, only local dev skips it. eslint",
             "only local dev skips it"),
        [],
        Ask("my test webhook against staging gets a 401, the signature header is empty", "src/routes"),
    )
    b.correction(
        "ledgerline",
        said(0.2, "the invoice PDF language defaults to German", "invoice PDF language defaults to German"),
        said(0.7, "the PDF language default follows the customer's billing country now, German is only the "
                  "fallback. spotbugs", "follows the customer's billing country now"),
        [],
        Ask("a customer in Lyon got an invoice PDF, what language will it be in?", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.25, "review apps use the Stripe test keys from the team account", "review apps use the Stripe test"),
        said(0.75, "review apps don't talk to Stripe at all anymore, they use the FakePayments adapter. rubocop",
             "use the FakePayments adapter"),
        [],
        Ask("payments on my review app fail with a Stripe authentication error", "app/models"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "beacon-chat",
        said(0.2, "threads are behind the FunWithFlags flag :threaded_replies", "flag :threaded_replies"),
        said(0.7, "renamed the flag to :reply_threads_v2 when we rewrote threads, the old one does nothing now",
             ":reply_threads_v2"),
        [],
        Ask("turn threads on for the beta customers", "lib/beacon"),
    )
    b.correction(
        "meshkit",
        said(0.25, "the Python bindings build with -DMESHKIT_WRAP_PY=ON", "MESHKIT_WRAP_PY"),
        said(0.75, "the CMake option for the bindings is MESHKIT_BINDINGS_PY now, the old name errors out",
             "MESHKIT_BINDINGS_PY"),
        [],
        Ask("how do I build the Python module locally?", "tests"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "dbt CI builds into the shared schema ci_shared", "schema ci_shared"),
        said(0.7, "CI builds into a per-PR schema pr_<number> now, ci_shared is gone. sqlfluff",
             "per-PR schema pr_<number>"),
        [],
        Ask("where can I query the models my PR built in CI?", "models/staging"),
    )
    b.correction(
        "infra-live",
        said(0.25, "the eks module's default node disk is 20 GB", "default node disk is 20 GB"),
        said(0.75, "the node disk default is 80 GB now, the images filled 20 in a week. tflint",
             "node disk default is 80 GB now"),
        [],
        Ask("new node group for the batch jobs, I'm leaving the disk size at the default, how big is it?",
            "modules/network"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "debug builds hit api-staging.pocketgarden.app", "debug builds hit api-staging.pocketgarden.app"),
        said(0.7, "debug builds default to the MockWebServer on port 8089 now, build with -Pstaging for the real "
                  "staging API. detekt", "MockWebServer on port 8089"),
        [],
        Ask("my debug build shows plants that don't exist on staging", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.25, "UI tests pass the launch argument -UITestResetData to wipe the store",
             "-UITestResetData"),
        said(0.75, "the launch argument is -CadenceResetStore now, the old one was removed with the store rewrite",
             "-CadenceResetStore"),
        [],
        Ask("UI tests start with yesterday's workouts still in the list", "AppTests"),
    )


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        said(0.4, "git bisect says it's 4c2e9d1, the commit that summed line totals as floats in the "
                  "serializer; they're summed as Decimal again. ok, black", "summed line totals as floats in the"),
        [said(0.7, "the cent difference on the VAT report was the accountant's spreadsheet",
              "the accountant's spreadsheet")],
        Ask("```\nFAILED backend/orders/tests/test_totals.py::test_three_espressos - AssertionError: "
            "Decimal('7.49') != Decimal('7.50')\n```\nfix", "backend/orders"),
    )
    b.bugfix(
        "routewise",
        said(0.45, "git bisect points at the commit that sorted stops with sort.Slice instead of sort.SliceStable; "
                   "stops with the same time window swapped between runs. SliceStable again",
             "sort.Slice instead of sort.SliceStable"),
        [said(0.7, "plans differing after a re-import is expected, the geocoder's ids change",
              "the geocoder's ids change")],
        Ask("the same input gives a different stop order every time I plan it", "internal/dispatch"),
    )
    b.bugfix(
        "logslice",
        concluded(0.4, "--count is off by one on some big files",
                  "Found it: a line ending exactly at the 64 KiB read buffer boundary was counted twice; the line "
                  "splitter carries the partial line over to the next read now.", "carries the partial line over"),
        [said(0.7, "the wrong colours on the Windows console are the old conhost", "colours on the Windows console")],
        Ask("```\n---- count::tests::line_on_buffer_boundary stdout ----\nassertion `left == right` failed\n"
            "  left: 1001\n right: 1000\n```\nfix", "crates/slice-core"),
    )
    b.bugfix(
        "brightdesk",
        said(0.5, "git bisect lands on the change that made the search box controlled with value={query} while "
                  "query starts undefined; it dropped the first letter typed. value defaults to '' now",
             "value={query} while query starts undefined"),
        [said(0.3, "the search being slow on first load is the cold index, not us", "cold index, not us")],
        Ask("the ticket search field swallows the first letter I type", "src/components"),
    )
    b.bugfix(
        "parcelhub",
        said(0.4, "the double labels came from the retry middleware re-sending POST /labels on a socket timeout; "
                  "POST is excluded from retries now", "re-sending POST /labels on a socket timeout"),
        [said(0.7, "the duplicate tracking emails are the merchant's own Shopify app",
              "merchant's own Shopify app")],
        Ask("a merchant was charged for two labels for one parcel yesterday", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        said(0.45, "git bisect says it broke when InvoiceSchedule swapped plusMonths(1) for plusDays(30); it's "
                   "plusMonths again, clamped to the month's last day", "swapped plusMonths(1) for plusDays(30)"),
        [said(0.7, "the February invoices dated the 28th are correct, that's the contract",
              "February invoices dated the 28th are correct")],
        Ask("```\nexpected: <2027-03-31> but was: <2027-03-30>\n\tat InvoiceScheduleTest.monthlyFromJanuary31\n"
            "```\nfix", BILLING_TESTS),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "fernbook",
        said(0.4, "git bisect found it: the commit that added touch: true to Booking's belongs_to :room. every "
                  "booking save locked the room row and parallel bookings deadlocked. touch removed",
             "touch: true to Booking's belongs_to :room"),
        [said(0.7, "slow bookings on Monday mornings are the reminder job, known", "reminder job, known")],
        Ask("two members booking different slots of the same room at once get a deadlock error", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.45, "opening the room list resets everyone's unread counts",
                  "The LiveView mounts twice, once disconnected, and mark-read ran in both; mark-read only runs "
                  "when connected?(socket) now.", "mark-read only runs when connected?(socket)"),
        [said(0.7, "unread counts lagging on mobile are the push batching", "lagging on mobile are the push")],
        Ask("the unread counter goes to zero just by opening the room list", "lib/beacon"),
    )
    b.bugfix(
        "infra-live",
        said(0.45, "git bisect on the modules: the heartbeat alarm went quiet with the commit that set "
                   "treat_missing_data to notBreaching on every api alarm; the heartbeat one is breaching again",
             "treat_missing_data to notBreaching"),
        [said(0.7, "the noisy disk alarms on the bastion are known, they're muted until the resize",
              "muted until the resize")],
        Ask("the api was down for twenty minutes last night and nobody got paged", "envs/prod"),
    )
    b.bugfix(
        "stockroom",
        said(0.4, "git bisect dice que fue el commit que ordenaba el picking por ubicación como texto: A-10 iba "
                  "antes que A-2. Ahora se ordena por pasillo y número", "A-10 iba antes que A-2"),
        [said(0.7, "los mozos que se saltan pasillos es porque la lista no está impresa, no es el código",
              "la lista no está impresa")],
        Ask("Los mozos recorren el pasillo en zigzag, la lista de picking sale desordenada", "app"),
        Ask("pick lists send people from bin 10 back to bin 2 in the same aisle", "app/routers"),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.5, "the pace label shows 5:60 sometimes",
                  "The seconds were rounded after splitting off the minutes, so 5:59.6 became 5:60; the formatter "
                  "rounds the total seconds first now.", "rounds the total seconds first"),
        [said(0.7, "the pace jumping at the start of a run is the GPS warming up", "GPS warming up")],
        Ask("```\nXCTAssertEqual failed: (\"4:60\") is not equal to (\"5:00\") - PaceFormatterTests."
            "testRoundsUp\n```\nfix", "AppTests"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        concluded(0.35, "which card terminals do the shops have?",
                  "Every shop's terminal is a Worldline Yomani XR on the ZVT protocol over the LAN.",
                  "Yomani XR on the ZVT protocol"),
        [said(0.7, "the kitchen display screens are plain Android tablets", "kitchen display screens are plain")],
        Ask("add contactless tipping on the card terminal, what protocol do we talk to it in?", "backend/orders"),
    )
    b.fact(
        "routewise",
        said(0.4, "you said our road data is the Geofabrik europe-latest extract, re-imported on the first Sunday "
                  "of each month, and yes, that's still right. now the failing test",
             "re-imported on the first Sunday of each month"),
        [said(0.7, "low bridge heights for the vans come from our own table, not from the map",
              "low bridge heights for the vans come from our own table")],
        Ask("https://wiki.internal/routewise/new-roads says a bypass opened last week and our routes ignore it, when "
            "does our map data catch up?", "internal/geo"),
    )
    b.fact(
        "logslice",
        said(0.45, "the benchmark input is the 2.3 GB nginx dump at s3://logslice-bench-7f/nginx-full.log.zst, "
                   "you were right about that. clippy", "s3://logslice-bench-7f/"),
        [said(0.7, "the unit test fixtures are tiny synthetic logs under tests/fixtures",
              "tiny synthetic logs under tests/fixtures")],
        Ask("the thing we discussed about benchmark data: where is the big file again?", "src"),
    )
    b.fact(
        "brightdesk",
        concluded(0.5, "where do the help-center articles come from?",
                  "They're served from Zendesk Guide's API through our /kb-proxy route; we don't store any "
                  "article text ourselves.", "through our /kb-proxy route"),
        [said(0.3, "the canned reply snippets are stored in our own database", "snippets are stored in our own")],
        Ask("https://confluence.internal/brightdesk/kb-suggestions: implement the article suggestions from this "
            "page in the reply box", "src/api"),
    )
    b.fact(
        "parcelhub",
        said(0.4, "yes, that's still right, what you found last time: Royal Mail goes through Click & Drop, not "
                  "their SOAP API. jest now", "Royal Mail goes through Click & Drop"),
        [said(0.7, "Evri is still a CSV upload once a day", "Evri is still a CSV upload")],
        Ask("add Royal Mail Tracked 24 as a service option", "src/services"),
    )
    b.fact(
        "ledgerline",
        concluded(0.45, "what's our SEPA creditor identifier?",
                  "The creditor identifier on every mandate is DE71ZZZ00002214556; it's in the pain.008 header.",
                  "DE71ZZZ00002214556"),
        [said(0.7, "the test environment uses the Bundesbank's sample creditor id",
              "Bundesbank's sample creditor id")],
        Ask("fill in the creditor id in the new direct debit XML template", BILLING),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "fernbook",
        said(0.4, "you said the meeting room doors are Nuki smart locks opened through their Web API, one "
                  "smartlock id per room: yes, still right", "doors are Nuki smart locks"),
        [said(0.7, "the front door is on the landlord's badge system, not ours", "landlord's badge system")],
        Ask("members want to unlock their booked meeting room from the booking page", "app/controllers"),
    )
    b.fact(
        "beacon-chat",
        concluded(0.45, "how does mobile push work?",
                  "Mobile push goes through our own Gorush instance at push.beacon.internal, not Firebase directly.",
                  "Gorush instance at push.beacon.internal"),
        [said(0.7, "desktop notifications are the browser's Notification API", "browser's Notification API")],
        Ask("the thing we discussed about mobile push: iOS users get nothing since Friday, where do I look?",
            "lib/beacon"),
    )
    b.fact(
        "meshkit",
        said(0.4, "you said the reference images of the visual tests are rendered with Blender 3.6 LTS because "
                  "newer versions shade differently; that's still right, yes", "rendered with Blender 3.6 LTS"),
        [said(0.7, "the screenshots in the docs come from our own viewer", "docs come from our own viewer")],
        Ask("regenerate the reference images for the visual tests after the normals change", "tests"),
    )
    b.fact(
        "tidewater-etl",
        concluded(0.4, "how do the vendor files get to us?",
                  "The vendor pushes them into the GCS bucket tidal-drop-eu every night at 02:30 UTC; we only read "
                  "from there.", "GCS bucket tidal-drop-eu"),
        [said(0.7, "the harbour master's PDFs are emailed and typed in by hand", "emailed and typed in by hand")],
        Ask("the vendor says they delivered the March files, where do I look for them?", "scripts"),
    )
    b.fact(
        "infra-live",
        said(0.45, "you had it right: the prod AWS account is 4417-2290-8831, staging is a separate one. fmt "
                   "please", "prod AWS account is 4417-2290-8831"),
        [said(0.7, "the sandbox account's id is in the team vault, nobody needs it in code",
              "sandbox account's id is in the team vault")],
        Ask("I need the prod account id for the cross-account role's trust policy", "envs/staging"),
    )
    b.fact(
        "pocketgarden",
        concluded(0.45, "where does the plant care data come from?",
                  "From our fork of the OpenFarm dataset, bundled in the app and refreshed by hand twice a year.",
                  "our fork of the OpenFarm dataset"),
        [said(0.7, "the frost warnings come from the weather API", "frost warnings come from the weather API")],
        Ask("a user says the watering advice for basil is wrong, where does that data live?", GARDEN),
    )
