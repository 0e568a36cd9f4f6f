"""The fourteenth held-out split, continued: bugfixes (under an ``xxd`` dump, a valgrind report the
assistant explains and offers to fix, a regression test's name and docstring the user dictates, a
search race the assistant explains, a ``PIPESTATUS`` line or a ``git blame`` excerpt), facts (under
``pip freeze``, ``.tool-versions``, ``bin/rails routes``, ``ccache -s``, ``swift package describe``
or ``helm list`` with a one-line comment) and causes and effects (a change said in passing, and
sessions later its effect in another team's words: a QA ticket, an on-call page, finance, a coach
writing to support, a shop manager, sales; with the assistant's diagnosis); see
:mod:`bench.coding.heldout14`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def add(b: SplitBuilder) -> None:
    _bugfixes(b)
    _bugfixes_rest(b)
    _facts(b)
    _facts_rest(b)
    _causal(b)
    _causal_rest(b)


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tidewater-etl",
        said(0.4, "```\n$ head -c 32 landing/stations_2026-05.dat | xxd\n00000000: 5457 3034 3731 0000 0000 0000 "
                  "2c52 6976  TW0471......,Riv\n```\nthere we go, the new vendor pads station ids with NUL bytes "
                  "to 12 bytes, so 'TW0471' never equals the padded key and the join drops every station. the "
                  "loader strips \\x00 now", "pads station ids with NUL bytes"),
        [said(0.7, "the doubled gauge rows last month were the vendor resending a full day",
              "vendor resending a full day")],
        Ask("the new supplier's stations match nothing in dim_station, the ids look identical when I print them",
            "models/staging"),
        Ask("len(station_id) says 12 but the id is 6 characters, wtf?", "scripts"),
        Ask("station ids from the .dat feed have trailing junk that strip() doesn't remove", "dags"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.45, "```\n==4121== Invalid read of size 8\n==4121==    at 0x4A2F1C: meshkit::HalfEdge::next() "
                        "const (halfedge.cpp:88)\n==4121==  Address 0x5b3e0c0 is 16 bytes inside a block of size "
                        "96 free'd\n==4121==    by 0x4A1B77: std::vector<meshkit::HalfEdge>::_M_realloc_insert\n"
                        "```\nsimplify() on the 2M-face scan",
                  "collapse_edge keeps a HalfEdge& into the edge vector and then appends the new edges, so the "
                  "push_back reallocates and the reference dangles; reserve() would only hide it. The fix is to "
                  "hold indices instead of references across the insert. Shall I change it?",
                  "hold indices instead of references"),
        [said(0.7, "the crash on empty OBJ files was a missing face count check", "missing face count check")],
        Ask("simplify() crashes on big meshes but only in release, debug runs clean", "src"),
        Ask("ASan: heap-use-after-free in collapse_edge, any idea?", "tests"),
    )
    b.bugfix(
        "stockroom",
        said(0.45, "name the regression test test_case_pack_received_as_units and give it this docstring: "
                   "\"receiving ignored the line's uom, so a case of 12 on the delivery note was booked as 12 cases "
                   "(144 units); quantities are converted to units at receiving now.\" then run it",
             "receiving ignored the line's uom"),
        [said(0.55, "the negative stock in bin C-07 last week was a manual correction by the night shift",
              "manual correction by the night shift")],
        Ask("we received 6 boxes of toner and the system says we have 72 boxes", "app/routers"),
        Ask("stock after deliveries is way too high for things that come in cartons", "tests"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "brightdesk",
        concluded(0.4, "search box: if I type fast the list sometimes shows results for an older query, like "
                       "'refun' instead of 'refund'",
                  "Each keystroke past the debounce fires a fetch, and the last response to arrive wins, so a slow "
                  "request for 'refun' can land after 'refund' and overwrite it. I'd abort the previous request "
                  "with an AbortController in useTickets and drop responses for a stale query. Want me to do that?",
                  "the last response to arrive wins"),
        [said(0.7, "the slow first paint of the ticket list was avatars loading at full size",
              "avatars loading at full size")],
        Ask("ticket search sometimes shows results that don't match what's in the box", "src/components"),
        Ask("filter results flicker and settle on the wrong set when I type quickly, why?", "src/api"),
        Ask("race in useTickets? search results jump around", "src/components"),
    )
    b.bugfix(
        "logslice",
        said(0.4, "```\n$ slice --grep timeout big.log | head -3; echo ${PIPESTATUS[@]}\n...\n141 0\n```\nthat's "
                  "the broken pipe panic people reported: when head closes the pipe we panicked on the next write. "
                  "slice exits quietly on EPIPE now, status 0. ok clippy", "exits quietly on EPIPE"),
        [said(0.7, "exit status 1 means no line matched, same as grep", "no line matched, same as grep")],
        Ask("piping slice into head prints a panic at the end", "src"),
        Ask("thread 'main' panicked at 'failed printing to stdout: Broken pipe (os error 32)' ?",
            "crates/slice-core"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.45, "```\n$ git blame -L 57,58 app/src/main/java/com/acme/garden/PlantListViewModel.kt\n3b7e91c2 "
                   "(Ana 2026-01-19 57) plants.sortedBy { it.name }\n```\nthat's why Échinacée and Ästhetik land "
                   "after Zinnia: plain compareTo sorts by code point. it uses a Collator for the device locale now",
             "uses a Collator for the device locale"),
        [said(0.75, "plants with the same name are ordered by when they were added", "ordered by when they were added")],
        Ask("French user says plants starting with É show up at the bottom of her list", GARDEN),
        Ask("alphabetical order is off for accented names in the garden list", GARDEN_TESTS),
        Ask("sorting bug: 'Ölbaum' comes after 'Zitrone', fix", GARDEN),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "stockroom",
        said(0.4, "```\n$ pip freeze | grep -i -e xl -e calamine\nopenpyxl==3.1.2\npython-calamine==0.2.3\n```\n"
                  "supplier price lists are read with python-calamine, openpyxl only writes our exports. ok, the "
                  "mypy errors", "read with python-calamine"),
        [said(0.9, "the stock valuation export is a CSV, not a spreadsheet", "stock valuation export is a CSV")],
        Ask("the supplier's new .xlsx price list won't import, which library reads those?", "app"),
        Ask("reading the 40k-row supplier sheet takes a full minute, what are we parsing it with?", "app/routers"),
    )
    b.fact(
        "beacon-chat",
        said(0.45, "```\n$ cat .tool-versions\nerlang 26.2.5\nelixir 1.16.3-otp-26\n```\nasdf reads that locally "
                   "and the CI image is built from the same file, so bump versions there, not in the workflow. ok, "
                   "dialyzer", "elixir 1.16.3-otp-26"),
        [said(0.75, "the Node version for the assets comes from the Dockerfile's base image",
              "Node version for the assets comes from the Dockerfile")],
        Ask("want to try Elixir 1.17 for the new type warnings, where do I change it for everyone?", "lib/beacon"),
        Ask("CI compiles with a different OTP than my laptop, where's that pinned?", "test"),
        Ask("bump erlang to 27 for everyone", "lib/beacon_web/channels"),
    )
    b.fact(
        "fernbook",
        said(0.4, "```\n$ bin/rails routes -g slack\n slack_commands POST /integrations/slack/commands(.:format) "
                  "integrations/slack#command\n```\nright, that's what /desk in Slack posts to, the signing secret "
                  "is checked in the controller. back to the rubocop offences", "/integrations/slack/commands"),
        [said(0.7, "the Teams integration is a plain incoming webhook, no commands",
              "Teams integration is a plain incoming webhook")],
        Ask("typing /desk tomorrow in Slack just says dispatch_failed, which endpoint handles that?",
            "app/controllers"),
        Ask("add a /desk cancel subcommand to the slack integration", "spec"),
        Ask("Slack says our slash command's request URL is invalid after the domain move, what path is it?",
            "app/controllers"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "meshkit",
        said(0.45, "```\n$ ccache -s | head -3\nCache directory:  /mnt/ccache/meshkit\nMax cache size:   20.0 GB\n"
                   "```\nthat's the shared cache on the build box, CI and the dev VMs all point CCACHE_DIR there. "
                   "fine, clang-tidy", "/mnt/ccache/meshkit"),
        [said(0.75, "the Windows runner doesn't cache anything at all", "Windows runner doesn't cache anything")],
        Ask("clean builds on the build box take 25 minutes again, is the compiler cache even being hit?", "src"),
        Ask("point my new dev VM at the shared compile cache", "tests"),
    )
    b.fact(
        "cadence-ios",
        said(0.45, "```\n$ swift package --package-path Packages/IntervalKit describe | head -3\nName: IntervalKit\n"
                   "Path: /Users/dee/src/cadence-ios/Packages/IntervalKit\n```\nthe interval engine lives in that "
                   "local package; its tests run with swift test from Packages/IntervalKit, xcodebuild never sees "
                   "them. ok, swiftlint", "swift test from Packages/IntervalKit"),
        [said(0.75, "the watch UI code is in the CadenceWatch target, not in a package",
              "in the CadenceWatch target, not in a package")],
        Ask("added a test for advanceInterval but xcodebuild test doesn't run it, where do those tests go?",
            "AppTests"),
        Ask("how do I run just the workout-engine unit tests, quickly?", "App"),
    )
    b.fact(
        "routewise",
        said(0.4, "```\n$ helm list -n dispatch\nNAME             NAMESPACE  REVISION  STATUS    CHART\nrw-planner       "
                  "dispatch   87        deployed  routewise-2.14.0\nrw-tacho-ingest  dispatch   12        deployed  "
                  "tacho-ingest-0.6.1\n```\nthe tacho one parses the drivers' tachograph card downloads, separate "
                  "chart, separate release. ok the lint", "rw-tacho-ingest"),
        [said(0.7, "driver hours in the planner come from the rota, not from the tachographs",
              "driver hours in the planner come from the rota")],
        Ask("driver card files uploaded this morning aren't parsed, what do I restart?", "cmd/routewise"),
        Ask("which deployment handles the .ddd downloads from the vans?", "internal/dispatch"),
        Ask("helm: what's the release name of the thing that reads driver card data? need to roll it back",
            "internal/geo"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "parcelhub",
        said(0.2, "swapped the hand-written address regexes for libpostal's parser in normaliseAddress, much better "
                  "on messy input", "libpostal's parser in normaliseAddress"),
        concluded(0.7, "QA-418: 'Labels for addresses like \"3/12 King Street\" print \"12 King Street\". Steps: "
                       "create a shipment to 3/12 King Street, Leeds. Expected: flat 3 on the label.'",
                  "libpostal reads '3/12' as a house number range and keeps only the last part, so the flat number "
                  "before the slash is dropped; normaliseAddress has to keep the unit.",
                  "the flat number before the slash is dropped"),
        [],
        Ask("apartment numbers are missing on some printed labels", "src/services", want="cause"),
        Ask("run return addresses through libpostal as well, same as deliveries", "src/routes", want="effect"),
    )
    b.causal(
        "infra-live",
        said(0.25, "added an S3 gateway endpoint to the prod VPC with a policy that only allows our own buckets, it "
                   "cuts the NAT bill", "policy that only allows our own buckets"),
        concluded(0.75, "page from the data team's on-call, P2: 'tidewater ingest DAG failing since 02:10 with "
                        "AccessDenied on the vendor's bucket, nothing changed on our side'",
                  "Their workers run in the prod VPC, so reads of the vendor's bucket now go through the gateway "
                  "endpoint, whose policy denies any bucket outside our account; the vendor's bucket has to be added "
                  "to the endpoint policy.", "whose policy denies any bucket outside our account"),
        [],
        Ask("a prod job gets AccessDenied reading a partner's public S3 bucket, worked last week", "envs/prod",
            want="cause"),
        Ask("add the same S3 endpoint setup to staging", "envs/staging", want="effect"),
        Ask("nightly ingest for the data people broke with AccessDenied, did we change anything network-wise?",
            "modules/network", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.2, "the payment matcher now matches incoming bank transfers by reference only, the amount check threw "
                  "out too many partial payments", "matches incoming bank transfers by reference only"),
        concluded(0.7, "from finance: 'two invoices for Brightwater Ltd show as paid but we only received one "
                       "transfer of £1,200, can you check?'",
                  "The transfer's reference quoted both invoice numbers, and since matching ignores the amount, one "
                  "payment settled both invoices; the matcher has to allocate the amount, not just read the "
                  "reference.", "one payment settled both invoices"),
        [],
        Ask("finance says an invoice is marked paid but the money never came", BILLING, want="cause"),
        Ask("use the same reference-only matching for returned direct debits", BILLING_TESTS, want="effect"),
        Ask("a customer paid one invoice and both of his open invoices got closed", BILLING_TESTS, want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "cadence-ios",
        said(0.25, "the nightly storage cleanup now thins GPS traces of runs older than 60 days to one point every "
                   "50 m, the database was getting huge", "thins GPS traces of runs older than 60 days"),
        concluded(0.75, "a running coach writes to support: 'my athletes' runs from the spring look like they cut "
                        "straight through houses when I zoom in on the map, the recent ones are fine'",
                  "Runs older than 60 days were thinned by the cleanup to one point per 50 m, so the bends between "
                  "the kept points render as straight chords through buildings; the cleanup should thin with a "
                  "tolerance instead of a fixed spacing.", "bends between the kept points render as straight chords"),
        [],
        Ask("old runs on the map cut corners through buildings, new ones look right", "App/Views", want="cause"),
        Ask("apply the same trace cleanup to watch-only workouts", "App", want="effect"),
    )
    b.causal(
        "tillpoint",
        said(0.25, "the daily takings email now goes out from reports@tillpoint-mail.co.uk through our new mail "
                   "provider instead of the old Gmail account", "reports@tillpoint-mail.co.uk"),
        concluded(0.75, "forwarded from the Didsbury shop manager: 'not had the end of day takings email all week, "
                        "checked spam, nothing'",
                  "The new sending domain has no SPF entry or DKIM key for the mail provider, so the managers' "
                  "Microsoft 365 quietly quarantines the mail; the DNS records need adding.",
                  "no SPF entry or DKIM key for the mail provider"),
        [],
        Ask("shop managers stopped getting the nightly sales email", "backend/reports", want="cause"),
        Ask("send the weekly stock summary from that same reports address", "backend", want="effect"),
        Ask("move the password-reset emails over to the new reports sender too", "backend/orders", want="effect"),
    )
    b.causal(
        "fernbook",
        said(0.2, "turned on the strict CSP from the pen test, frame-ancestors 'none' included",
             "frame-ancestors 'none' included"),
        concluded(0.7, "from sales in #customer-escalations: 'Nordhaven says the desk booking widget on their "
                       "intranet is just a grey box since Tuesday'",
                  "The widget is embedded in their intranet page as a frame, and the new policy tells browsers to "
                  "refuse any framing, so it renders blank; the widget route needs its own policy listing the "
                  "customers' intranet origins.", "tells browsers to refuse any framing"),
        [],
        Ask("a customer's embedded booking widget shows up empty in their SharePoint page", "app/controllers",
            want="cause"),
        Ask("apply the pen-test CSP to the public API docs page too", "spec", want="effect"),
    )
