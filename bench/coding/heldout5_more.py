"""The fifth held-out split, continued: bugfixes, facts, causes and effects (see
:mod:`bench.coding.heldout5`; measured three times while held out, training since). Global preferences and
cross-project negatives are in :mod:`bench.coding.heldout5_shared`."""

from __future__ import annotations

from bench.coding import heldout5_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _bugfixes_backend(b)
    _bugfixes_rest(b)
    _facts_backend(b)
    _facts_rest(b)
    _causal_backend(b)
    _causal_rest(b)
    heldout5_shared.add(b)


def _bugfixes_backend(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        said(0.55, "pasting the commit so you have the context for the next bit:\n\n```\nfix(reports): VAT report "
                   "double-counted split payments\n\nA sale paid half cash, half card produced one VAT line per "
                   "tender. Group by sale_id before summing tenders.\n```\nnow can you add the regression test "
                   "for it", "Group by sale_id before summing tenders"),
        [concluded(0.3, "why was the discount report a day behind?",
                   "The discount report's date filter compared against the date the batch ran, not the sale date; "
                   "it filters on sold_on now.", "filters on sold_on now")],
        Ask("VAT on the monthly report comes out too high for shops where people pay part cash part card",
            "backend/reports"),
    )
    b.bugfix(
        "routewise",
        concluded(0.4, "the planning run for big depots gets OOM-killed, pprof heap below\n\n"
                       "flat  flat%   sum%\n11.8GB 84.1% 84.1%  dispatch.(*candidate).clone",
                  "Every candidate route cloned the whole distance matrix before scoring a swap. The candidates "
                  "now share one read-only matrix and only copy their own stop order, so memory is flat in the "
                  "number of candidates.", "share one read-only matrix"),
        [said(0.65, "the 30 s cap on a planning run is a product call, dispatchers won't wait longer. don't raise "
                    "it. can u fix vet", "30 s cap on a planning run")],
        Ask("the Birmingham depot's nightly planning eats 14 GB and the pod gets killed", "internal/dispatch"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.5, "a merchant got the same 'delivered' webhook five times, find out why",
                  "Each retry of a webhook went out as a new delivery with no stable id, so the merchant could not "
                  "tell a retry from a new event. Every delivery now carries an X-Parcelhub-Delivery header that "
                  "stays the same across retries, and the docs tell merchants to dedupe on it.",
                  "X-Parcelhub-Delivery"),
        [said(0.25, "webhooks answered with 410 mean the merchant removed the endpoint, we disable it after "
                    "three. that's intended. can u fix the typo in the docs", "merchant removed the endpoint")],
        Ask("Shopsy says every status event reaches them several times and their stock counts go wrong",
            "src/services"),
    )
    b.bugfix(
        "ledgerline",
        concluded(0.3, "the bank bounced this morning's payment file, their status report below\n\n"
                       "RJCT FF01 /Document/CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf[3]/CdtrAgt/FinInstnId/BICFI "
                       "value 'deutdeffxxx' invalid",
                  "Supplier bank details typed in by clerks were written into the pain.001 file as entered, and "
                  "the bank's schema only accepts capitals for BIC and IBAN. The file writer now does "
                  "upcase IBAN and BIC with spaces stripped before writing, whatever the supplier record holds.",
                  "upcase IBAN and BIC"),
        [said(0.6, "the bank's 'duplicate file' warnings were us resending the same message id after a timeout, "
                   "there's a new MsgId per attempt now. can you bump spring boot", "new MsgId per attempt")],
        Ask("payment run rejected again: RJCT FF01 CdtrAcct/Id/IBAN 'gb29 nwbk 6016 1331 9268 19' invalid, only "
            "for the new supplier Maria set up", BILLING),
    )
    b.bugfix(
        "fernbook",
        said(0.35, "the bookings in the past thing: the check was only in the web form, the mobile app posts to "
                   "the API and skipped it. there's a model validation starts_at_in_future now, so every path "
                   "gets it. can you fix the rubocop offence in the job next", "starts_at_in_future"),
        [concluded(0.65, "why can some bookings last twelve hours?",
                   "Bookings longer than 8 h are allowed for admins on purpose, for events; members are capped.",
                   "longer than 8 h are allowed for admins")],
        Ask("a member has a booking for last Tuesday that they made this morning from their phone, how?",
            "app/models"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.45, "some unread badges show negative numbers, look at it",
                  "Read receipts from two devices arrived out of order and the older one moved the read marker "
                  "back, so the unread count went below zero. The marker now only moves forward: the update "
                  "writes GREATEST(existing, incoming).", "GREATEST(existing, incoming)"),
        [said(0.2, "the unread badge not clearing on iOS is the app's own badge cache, their bug. can u bump "
                   "phoenix", "app's own badge cache")],
        Ask("the unread counter next to a room says -3 for some people", "lib/beacon"),
    )
    b.bugfix(
        "stockroom",
        said(0.5, "negative stock after two concurrent picks: it was read, subtract, write. now it's one "
                  "UPDATE ... SET qty = qty - :n WHERE qty >= :n and zero rows means someone got there first. "
                  "ok, the flaky reservation test next", "WHERE qty >= :n"),
        [concluded(0.3, "why does the dashboard show -1 for some products?",
                   "A -1 on the dashboard is returns in transit, counted against the bin before they arrive; "
                   "that is by design.", "returns in transit, counted against")],
        Ask("two pickers took the last box of the same product at the same moment and now the bin shows minus "
            "one", "app/routers"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        concluded(0.5, "highlighting panics on some French logs",
                  "The highlighter sliced the line at byte offsets from the match plus a fixed context width, "
                  "which can land inside a multi-byte character. It now walks char_indices to find the cut "
                  "points, so a cut always falls on a character boundary.", "char_indices"),
        [said(0.3, "the panic on empty input files was an unchecked lines().next(), fixed. can you update the "
                   "changelog", "unchecked lines().next()")],
        Ask("thread 'main' panicked at src/output.rs:88:27:\nbyte index 7 is not a char boundary; it is inside "
            "'ü' (bytes 6..8) of `Grüße aus Köln`", "src"),
    )
    b.bugfix(
        "brightdesk",
        said(0.4, "the list jumping back to page 1: the page number was useState inside a component that "
                  "remounts on every refetch. moved the page into the URL search params, survives refetch and "
                  "reload. anyway can you bump msw", "page into the URL search params"),
        [concluded(0.7, "why does the thread view jump when new messages arrive?",
                   "The jump in the thread view is the browser's scroll anchoring fighting our scroll restore; "
                   "overflow-anchor is off on that container now.", "overflow-anchor is off")],
        Ask("every half minute the customers table resets to the first page while I'm on page 4",
            "src/components"),
    )
    b.bugfix(
        "meshkit",
        said(0.6, "here's the fix, for the record:\n\n```diff\n-    float area = 0.5f * cross.norm();\n+    // double: "
                  "float lost the tiny faces of the dense scans, their area came out 0\n+    // and the quadric "
                  "weight divided by it.\n+    double area = 0.5 * cross.norm();\n```\ncan you run the "
                  "sanitizer build", "float lost the tiny faces"),
        [concluded(0.3, "what happens to NaN normals on degenerate triangles?",
                   "NaN normals on degenerate triangles are skipped by the accumulator on purpose; the vertex "
                   "keeps the average of its other faces.", "skipped by the accumulator on purpose")],
        Ask("decimating a 20-million-triangle scan gives inf everywhere and the result is empty", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        concluded(0.35, "fetch_levels fails every Monday morning, log below\n\njson.decoder.JSONDecodeError: "
                        "Expecting value: line 1 column 1 (char 0)",
                  "The vendor answers 200 with an empty body when a station sent nothing over the weekend, and "
                  "json.loads('') raised. An empty body now counts as no readings for that station; other "
                  "parse errors still fail the task.", "empty body now counts as no readings"),
        [said(0.7, "the timeouts on tuesday nights are the vendor's maintenance window, 01-03 UTC, ignore those. "
                   "can you bump dbt", "vendor's maintenance window")],
        Ask("JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n  File \"dags/gauges.py\", line 57, in "
            "fetch_rainfall", "dags"),
    )
    b.bugfix(
        "infra-live",
        said(0.45, "the perpetual diff on the db security group: inline ingress blocks mixed with separate rule "
                   "resources, each undid the other. all rules are aws_vpc_security_group_ingress_rule resources "
                   "now, no inline blocks. can u plan prod", "aws_vpc_security_group_ingress_rule"),
        [concluded(0.7, "why does the ECS service always show a diff?",
                   "The ECS service's diff is the image tag the deploy pipeline sets; the module has ignore_changes "
                   "on the task definition for that.", "ignore_changes on the task definition")],
        Ask("every plan wants to update the cache's security group even though nobody touched it",
            "modules/network"),
    )
    b.bugfix(
        "pocketgarden",
        concluded(0.55, "the watering history shows the wrong day for some users, find out why",
                  "The history turned each event's epoch millis into a LocalDate in UTC, so anyone west of UTC "
                  "watering in the evening saw the next day, and east of UTC in the early morning the day before. "
                  "The conversion now uses ZoneId.systemDefault().", "ZoneId.systemDefault()"),
        [said(0.25, "history entries older than two years are pruned on purpose, the sync payload was huge. can "
                    "you fix the detekt warning", "pruned on purpose")],
        Ask("a user in Vancouver says her history shows Wednesday for the basil she watered on Tuesday evening",
            GARDEN),
    )
    b.bugfix(
        "cadence-ios",
        said(0.3, "found why finished workouts weren't in Health: we asked authorization for the workout type but "
                  "not for activeEnergyBurned, and the save of the samples failed silently. both are requested "
                  "now. can you fix the UI test", "activeEnergyBurned"),
        [concluded(0.65, "why do iPad users see no Health data?",
                   "iPads before iPadOS 17 have no Health store at all, so the app hides the Health section there.",
                   "iPads before iPadOS 17")],
        Ask("Error Domain=com.apple.healthkit Code=4 \"Not authorized\" when saving calories at the end of a "
            "session, but the user tapped Allow", "App"),
    )


def _facts_backend(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.4, "since the staging tills point at till-stg.acme-retail.test, why does the discount screen still "
                  "show prod prices? is there a cache between them?", "till-stg.acme-retail.test"),
        [concluded(0.7, "what do the training tills talk to?",
                   "The training tills use the demo tenant on the production server, with fake products.",
                   "demo tenant on the production server")],
        Ask("point my dev till at staging so I can try the new discount flow there", "backend"),
    )
    b.fact(
        "routewise",
        concluded(0.3, "from the CODEOWNERS file and the wiki, make me a table of who owns what around us",
                  "| part | owner | needs their sign-off for |\n|---|---|---|\n| driver app | Ilse Brandvold's "
                  "mobile team | any change to the stop or route payloads |\n| dispatch API | this team | - |\n"
                  "\nSo anything the driver app reads goes past Ilse Brandvold first.", "Ilse Brandvold"),
        [said(0.6, "the geocoder instance is run by the platform group, Ola Nordmann is the contact, we just call "
                   "it. can u tidy the flags", "Ola Nordmann")],
        Ask("I want to rename a field in the stop response that the drivers' phones read, who has to agree?",
            "internal/dispatch"),
    )
    b.fact(
        "parcelhub",
        concluded(0.45, "read .env.example and tell me which switch stops us from buying real labels",
                  ".env.example has CARRIER_MODE=sandbox, and src/services reads it: with sandbox every carrier "
                  "adapter uses the carrier's test endpoint and test credentials, with live they buy real labels.",
                  "CARRIER_MODE"),
        [said(0.2, "NODE_ENV only toggles log format here, nothing else. can you fix the prettier diff",
              "NODE_ENV only toggles log format")],
        Ask("I'm about to try label printing on my laptop, make sure it doesn't charge us for real labels",
            "src/services"),
    )
    b.fact(
        "ledgerline",
        said(0.5, "Couple of things.\n\nThe local Postgres from docker-compose listens on localhost:54329, "
                  "5432 clashed with everyone's own install.\n\nAnd separately, the PaymentRunService javadoc is "
                  "out of date, could you rewrite it? Then the checkstyle warnings.", "localhost:54329"),
        [concluded(0.3, "which port do the test databases use?",
                   "Test databases get a random port each run from the container library; nothing is fixed.",
                   "random port each run from the container")],
        Ask("connect DBeaver to my local billing database", BILLING),
    )
    b.fact(
        "fernbook",
        said(0.3, "the accountants' member list comes from bin/rails exports:members MONTH=2026-05, it writes the "
                  "CSV to the exports bucket and mails them the link. ok now the mailer preview",
             "exports:members"),
        [concluded(0.6, "where do the members' invoices come from?",
                   "Members' invoice PDFs are produced by Stripe Billing and emailed by it; we generate none of "
                   "them.", "produced by Stripe Billing")],
        Ask("the accountant wants last month's list of members again, how do I produce it?", "app/controllers"),
    )
    b.fact(
        "beacon-chat",
        said(0.6, "fwiw push notifications don't go out from here, the notifier service does it and it's Dario "
                  "Conti's team that runs it. can you look at the failing channel test", "Dario Conti"),
        [concluded(0.35, "who owns the email digests?",
                   "The email digests belong to the growth team; they run the job from their own repo.",
                   "digests belong to the growth team")],
        Ask("Android pushes stopped arriving yesterday, who do I talk to?", "lib/beacon"),
    )
    b.fact(
        "stockroom",
        said(0.35, "to fake a handheld locally: python -m tools.fake_scanner --depot RTM, it sends scans to the "
                   "local API like a real device. can you fix the test that hits the network", "tools.fake_scanner"),
        [said(0.65, "the scale simulator only returns a fixed 1.0 kg, don't test weights with it. can you add type "
                    "hints in the picking service", "scale simulator only returns a fixed 1.0 kg")],
        Ask("I want to walk through the picking flow on my laptop without a real handheld", "app"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.45, "the big sample logs aren't in git, `just fetch-fixtures` downloads them into tests/fixtures. "
                   "ok now the --color docs", "just fetch-fixtures"),
        [concluded(0.2, "where do the small test logs come from?",
                   "The small logs in tests/data are committed and written by hand; nothing generates them.",
                   "committed and written by hand")],
        Ask("integration tests fail on a fresh clone with 'fixtures/apache_big.log: No such file'",
            "crates/slice-core"),
    )
    b.fact(
        "brightdesk",
        said(0.55, "since the design tokens are owned by Ingrid Solberg in the design system team, should I open "
                   "the issue in their repo or ping her? the brand purple is off", "Ingrid Solberg"),
        [concluded(0.3, "who maintains the icons?",
                   "The icons come from Phosphor as a package; nobody internal owns them.", "come from Phosphor")],
        Ask("the purple in our tokens doesn't match the new logo, who decides on that?", "src/components"),
    )
    b.fact(
        "meshkit",
        concluded(0.4, "git status after a fresh clone shows the test data as tiny text files, what's up?",
                  "Those are Git LFS pointers: the sample meshes under tests/data/lfs are stored in LFS, so after "
                  "cloning you need git lfs pull before the tests can read them.", "tests/data/lfs"),
        [said(0.7, "the giant scans are not in the repo at all, they're on the studio NAS under scans/raw, ask "
                   "before copying. can u fix the warning", "studio NAS under scans/raw")],
        Ask("on the new CI runner every loader test fails with 'invalid STL header'", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.5, "connections, so we stop guessing:\n\n| conn_id | what |\n|---|---|\n| tw_warehouse_rw | "
                  "loader role, writes RAW and STAGING |\n| gauges_vendor | the vendor REST API |\n\nthe new "
                  "sensors DAG should be fine now, can you check the retries", "tw_warehouse_rw"),
        [said(0.25, "the analysts' connection is tw_warehouse_ro, read only, never write through it. can you "
                    "tidy the sql", "tw_warehouse_ro")],
        Ask("the new DAG has to write its rows into the warehouse, which connection do I use?", "dags"),
    )
    b.fact(
        "infra-live",
        concluded(0.55, "cat envs/prod/backend.tf, where does state live?\n\nterraform {\n  backend \"s3\" {\n"
                        "    bucket = \"acme-tfstate-live\"\n    key    = \"prod/terraform.tfstate\"\n  }\n}",
                  "State for every env lives in the acme-tfstate-live bucket, one key per env folder, with the "
                  "DynamoDB table for locking.", "acme-tfstate-live"),
        [said(0.3, "the bootstrap stack that creates that bucket keeps its state local, committed encrypted. "
                   "can u fmt", "state local, committed encrypted")],
        Ask("terraform init in the new env folder asks me which backend bucket to use", "envs/staging"),
    )
    b.fact(
        "pocketgarden",
        said(0.35, "the qa flavour's API_BASE points at the mock backend on port 8097, run it with "
                   "./scripts/mock-api.sh, it serves canned plants and empty lists. can you fix the lint baseline",
             "mock backend on port 8097"),
        [concluded(0.65, "what does the prod flavour talk to?",
                   "The prod flavour's API_BASE is the public API; there is no flavour for staging, you point "
                   "the debug build at it by hand in local.properties.", "point the debug build at it by hand")],
        Ask("I want the app to talk to a fake backend while I check the empty states", GARDEN),
    )
    b.fact(
        "cadence-ios",
        said(0.65, "the spoken cues are recorded by Maya Lindqvist, she sends the WAVs and they go in "
                   "App/Resources/Cues. anyway can you fix the flaky timer test", "Maya Lindqvist"),
        [concluded(0.4, "where do the beeps come from?",
                   "The beeps are generated in code with AVAudioEngine tones; there are no files for them.",
                   "generated in code with AVAudioEngine")],
        Ask("we need a new spoken cue that says 'last round', who makes those?", "App"),
    )


def _causal_backend(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.25, "receipts print the shop logo as a raster image on every receipt now, marketing asked",
             "logo as a raster image on every receipt"),
        concluded(0.7, "why are the lunch queues so slow at the Leeds shop?",
                  "The tills wait for the printer: each receipt takes 4 seconds to print because the logo bitmap "
                  "is sent line by line, and at lunch that adds up to a queue.", "each receipt takes 4 seconds"),
        [said(0.5, "the printer pausing mid-receipt on the old tills was the paper-low sensor, fixed in firmware",
              "paper-low sensor")],
        Ask("since last week the till sits waiting on the printer after every sale and lunchtime queues are out "
            "the door", "backend/orders", want="cause"),
        Ask("marketing now wants a QR code picture at the bottom of every receipt too, anything to watch out "
            "for?", "backend/orders", want="effect"),
    )
    b.causal(
        "routewise",
        said(0.3, "the geocode cache key now rounds coordinates to 4 decimals, the hit rate tripled",
             "rounds coordinates to 4 decimals"),
        said(0.75, "two customers in the same terrace come out as one stop on the plan, the second just vanishes. "
                   "can you fix the vet warning first", "come out as one stop on the plan"),
        [concluded(0.5, "why are some stops duplicated after the CSV import?",
                   "The duplicates come from dispatchers uploading the same CSV twice; the import now warns.",
                   "uploading the same CSV twice")],
        Ask("numbers 3 and 5 on the same street show up as a single stop on the map", "internal/geo",
            want="cause"),
    )
    b.causal(
        "parcelhub",
        said(0.35, "label PDFs live in S3 now with a lifecycle rule that deletes them after 30 days",
             "deletes them after 30 days"),
        concluded(0.8, "why does reprinting old labels fail?",
                  "Reprinting a label for a parcel older than a month gives a 404 from the labels route: the PDF "
                  "is gone and we never regenerate it.", "gives a 404 from the labels route"),
        [said(0.55, "the blank labels last week were the Zebra driver, not us", "the Zebra driver")],
        Ask("the warehouse can't reprint the label for a return from two months ago", "src/routes", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.2, "heap is capped at -Xmx512m in the container now, to fit the smaller nodes", "-Xmx512m"),
        concluded(0.6, "the year-end statement batch died, what happened?",
                  "It died with OutOfMemoryError: Java heap space while building all statements in one list; "
                  "that batch needs far more than the container now allows.", "OutOfMemoryError: Java heap space"),
        [said(0.4, "the slow start of the batch is the schema validation at boot, known",
              "schema validation at boot")],
        Ask("the statements job fell over on its first run of the year, the others are fine", BILLING,
            want="cause"),
    )
    b.causal(
        "fernbook",
        said(0.3, "rack-attack throttles logins to 5 per minute per IP now, credential stuffing",
             "5 per minute per IP"),
        said(0.7, "the whole Lisbon space got locked out at 9 this morning, they all sit behind one IP. fix the "
                  "flaky spec first pls", "whole Lisbon space got locked out"),
        [concluded(0.5, "why do some members get logged out at noon?",
                   "Their sessions hit the 12-hour absolute timeout; that's the security setting.",
                   "12-hour absolute timeout")],
        Ask("on Monday morning nobody at one of our coworking sites can sign in, it says try again later",
            "app/controllers", want="cause"),
        Ask("should I put the same throttle on the booking API, or did that cause trouble?", "app/controllers",
            want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.4, "the server drops a socket after 2 missed heartbeats instead of 5 now, dead sockets free up "
                  "faster", "after 2 missed heartbeats instead of 5"),
        concluded(0.75, "mobile users complain about reconnects, why?",
                  "On trains and in lifts the phone misses two heartbeats easily, so their sockets are dropped "
                  "and they keep seeing 'reconnecting'.", "keep seeing 'reconnecting'"),
        [said(0.55, "the reconnect storm after deploys is the load balancer draining, known",
              "load balancer draining")],
        Ask("people on patchy 4G get thrown out of rooms and rejoin every few minutes", "lib/beacon_web/channels",
            want="cause"),
    )
    b.causal(
        "stockroom",
        said(0.3, "the picking endpoint caches the bin layout for an hour now, it was 40% of the query time",
             "caches the bin layout for an hour"),
        said(0.7, "after we re-slotted aisle D the handhelds sent pickers to the old shelves all morning. can you "
                  "fix the mypy thing first", "sent pickers to the old shelves"),
        [concluded(0.5, "why do labels show old bin names?",
                   "The printed labels show old bin names because they were printed before the rename; reprint "
                   "them.", "printed before the rename")],
        Ask("we moved products to new shelves and the scanners keep sending people to the old spots",
            "app/routers", want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "logslice",
        said(0.35, "--json writes ASCII-only output now, everything else escaped, the old SIEM choked on raw UTF-8",
             "ASCII-only output"),
        said(0.75, "the Tokyo team says the hostnames and messages in our JSON are unreadable escape sequences "
                   "now. can you do the windows path thing first", "unreadable escape sequences"),
        [concluded(0.5, "why are timestamps in the JSON strings?",
                   "Timestamps are strings in the JSON because jq and the SIEM both lose precision on large "
                   "integers.", "lose precision on large integers")],
        Ask("Japanese log messages come out of the json mode as \\u30ed\\u30b0 soup instead of text", "src",
            want="cause"),
    )
    b.causal(
        "brightdesk",
        said(0.25, "set refetchOnWindowFocus: false on the ticket queries, the API was getting hammered by tab "
                   "switching", "refetchOnWindowFocus: false"),
        concluded(0.7, "why do agents answer tickets that are already closed?",
                  "An agent back from a break sees the queue as it was when they left: it only refreshes on its "
                  "timer, so they open tickets that colleagues already closed.",
                  "open tickets that colleagues already closed"),
        [said(0.5, "the grey flash on the ticket page was the skeleton loader, removed", "skeleton loader")],
        Ask("two agents replied to the same customer because one of them still saw the ticket as open after "
            "lunch", "src/components", want="cause"),
        Ask("the customers page queries hit the API a lot too, can I turn off their focus refetch the same way?",
            "src/api", want="effect"),
    )
    b.causal(
        "meshkit",
        said(0.3, "the OBJ loader parses on 8 threads now, one chunk of the file each, big scans load 5x faster",
             "one chunk of the file each"),
        said(0.7, "the round-trip golden tests flake: face order differs between runs, same faces, other order. "
                  "can u look at the PLY warning first", "face order differs between runs"),
        [concluded(0.5, "why did the debug build get slower?",
                   "The debug build got slower because the sanitizers are on by default there now.",
                   "sanitizers are on by default")],
        Ask("load_obj then write_obj gives a different file every other run, the faces get shuffled", "tests",
            want="cause"),
        Ask("could we parse PLY files in parallel chunks too? did that cause anything last time?", "src",
            want="effect"),
    )
    b.causal(
        "tidewater-etl",
        said(0.25, "the vendor client has a 10 s timeout and zero retries now, we'd rather skip a reading than "
                   "pile up runs", "10 s timeout and zero retries"),
        concluded(0.7, "why does the river chart have holes?",
                  "Whenever the vendor is slow a fetch times out and that quarter-hour is simply missing, so the "
                  "charts show single gaps every few hours.", "that quarter-hour is simply missing"),
        [said(0.45, "the flat lines on the chart at night are the gauges in power-save mode", "power-save mode")],
        Ask("the river level chart has single missing points every few hours, no errors in the logs", "dags",
            want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.3, "VPC flow logs go to CloudWatch for all subnets now, ALL traffic, security wanted them",
             "flow logs go to CloudWatch for all subnets"),
        concluded(0.75, "why is the AWS bill up this month?",
                  "Most of the increase is log ingestion: the CloudWatch bill tripled since every subnet started "
                  "sending its accepted and rejected traffic.", "CloudWatch bill tripled"),
        [said(0.5, "the NAT data charges are the image pulls, we know, the pull-through cache will fix that",
              "NAT data charges are the image pulls")],
        Ask("finance asks why our logging costs on AWS jumped this month", "envs/prod", want="cause"),
    )
    b.causal(
        "pocketgarden",
        said(0.4, "image loading decodes to hardware bitmaps now, saves a lot of heap on old phones",
             "decodes to hardware bitmaps"),
        said(0.8, "the crop screen crashes the moment you drag a handle, only since the last release. can u fix "
                  "the lint first", "crashes the moment you drag a handle"),
        [concluded(0.6, "why were crops saved rotated?",
                   "Crops were saved rotated because the EXIF orientation was ignored; it is applied now.",
                   "EXIF orientation was ignored")],
        Ask("cropping a plant photo kills the app as soon as I touch the corners", GARDEN, want="cause"),
    )
    b.causal(
        "cadence-ios",
        said(0.35, "the streak widget's timeline refreshes every 4 hours now, battery complaints",
             "refreshes every 4 hours"),
        said(0.75, "people say the home screen widget still shows yesterday's streak after a workout. can u look "
                   "at the watch build first", "still shows yesterday's streak"),
        [concluded(0.55, "why is the widget blank on first install?",
                   "The widget is blank on first install until the app has been opened once to write the shared "
                   "container.", "opened once to write the shared")],
        Ask("I finished a workout an hour ago and the widget still says 4 days", "App", want="cause"),
    )
