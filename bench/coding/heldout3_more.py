"""The third held-out split, continued: bugfixes, facts, causes and effects, global preferences
and cross-project negatives (see :mod:`bench.coding.heldout3`; measured once at 18ef35d, training since)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _bugfixes_backend(b)
    _bugfixes_rest(b)
    _facts_backend(b)
    _facts_rest(b)
    _causal_backend(b)
    _causal_rest(b)
    _causal_garden(b)
    _globals(b)
    _cross(b)


def _bugfixes_backend(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        concluded(0.5, "why do we get duplicate receipt numbers at lunchtime?",
                  "I read the receipt view and the gunicorn config. Each of the four workers kept its own copy of "
                  "the receipt counter in memory, so two workers could hand out the same number in a busy minute. "
                  "Receipt numbers now come from a Postgres sequence, receipt_no_seq.", "receipt_no_seq"),
        [concluded(0.3, "why did customers get two loyalty emails?",
                   "The signal that sends the loyalty email fired on every save of the customer; it fires on "
                   "create now.", "fires on create now")],
        Ask("IntegrityError: duplicate key value violates unique constraint \"orders_receipt_number_key\"\n"
            "DETAIL:  Key (receipt_number)=(A-20931) already exists.\nhappens a few times a day, always around noon",
            "backend/orders"),
    )
    b.bugfix(
        "routewise",
        concluded(0.6, "prod panicked overnight, logs attached",
                  "The crash is the zone cache map being written by the refresh goroutine while handlers read it. "
                  "The cache is now an atomic.Pointer to an immutable map that the refresher swaps in whole.",
                  "atomic.Pointer"),
        [said(0.4, "the panic on empty plans was index out of range on stops[0], I put a length check in, can you "
                   "add a test for it", "length check in")],
        Ask("fatal error: concurrent map read and map write\n\ngoroutine 4127 [running]:\n"
            "internal/geo.(*ZoneIndex).Lookup(...)\n\tinternal/geo/zones.go:88", "internal/geo"),
    )
    b.bugfix(
        "parcelhub",
        said(0.4, "found the Oslo thing, the ZPL went out without ^CI28 so the printer read it as latin-1 and "
                  "every ø became a question mark. added it to the label header. can you check the other carriers "
                  "templates", "^CI28"),
        [concluded(0.7, "why couldn't the scanners read the barcode on the small labels?",
                   "The barcode module width was 1 dot, which the scanners can't resolve; it's 2 dots now.",
                   "module width was 1 dot")],
        Ask("warehouse in Malmö says the labels print 'J?rgen' instead of the customer's name", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        concluded(0.45, "why does the UK invoice show a comma as the decimal separator?",
                  "The PDF formatter used the JVM default locale of the server, which is de_DE on the new hosts. "
                  "The formatter now takes the customer's locale explicitly.", "JVM default locale"),
        [said(0.65, "the missing euro sign on the PDFs was the font not having the glyph, the font is embedded now. "
                    "can you remove the old font files", "font is embedded now")],
        Ask("invoice for Acme Ltd shows 1.234,50 instead of 1,234.50, the customer is confused", BILLING),
    )
    b.bugfix(
        "fernbook",
        said(0.5, "ok the reset links that expired instantly: token expiry compared Time.now in the server zone "
                  "with a utc timestamp, so for anyone east of utc they were dead on arrival. it's Time.current now. "
                  "next, the rubocop stuff", "Time.current"),
        [concluded(0.3, "why did magic links stop working for Outlook users?",
                   "Outlook's Safe Links pre-clicked them and used them up; the link now opens a confirm page "
                   "first.", "Safe Links pre-clicked")],
        Ask("members in Sydney click the password reset link right away and it says expired", "app/controllers"),
    )
    b.bugfix(
        "stockroom",
        concluded(0.55, "the scanners get 401 on /items but curl works, why?",
                  "The scanners called /items without the trailing slash, got a 307 redirect to /items/, and their "
                  "client dropped the Authorization header on the redirect. Routes are declared without a trailing "
                  "slash now and the app runs with redirect_slashes=False.", "redirect_slashes=False"),
        [said(0.3, "the other 401s from the depot were the scanners' clocks being off, the token looked expired. "
                   "ntp is fixed", "clocks being off")],
        Ask("handheld gets 401 Unauthorized on GET /bins but the same token works from my laptop with /bins/",
            "app/routers"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        said(0.55, "the --since bug at the DST change: timestamps without an offset were parsed in local time. now "
                   "they are UTC unless --tz is given, I wrote it in the help", "unless --tz is given"),
        [concluded(0.3, "why did --tail show one line too few?",
                   "It counted the trailing newline at the end of the file as a line; it's skipped now.",
                   "trailing newline at the end of the file")],
        Ask("ran --since '2026-03-29 01:30' on the server logs and got nothing for the following hour, the lines "
            "are definitely there", "src"),
    )
    b.bugfix(
        "brightdesk",
        concluded(0.45, "why does the tab eat memory when agents open lots of tickets?",
                  "The attachment preview created a blob URL with URL.createObjectURL for every screenshot and "
                  "never released it. It calls revokeObjectURL on unmount now.", "revokeObjectURL"),
        [said(0.7, "the other memory growth in the ticket list was a websocket listener added per render, cleaned "
                   "up in the effect now. can you bump msw", "listener added per render")],
        Ask("chrome tab hits 2gb after an agent opens like 50 tickets with screenshots, then 'Aw, Snap!'",
            "src/components"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.35, "found the duplicate messages: the js client called channel.join() again on every reconnect so "
                   "each reconnect added a subscription. joins are guarded by channel.state now. can you look at "
                   "the presence test", "channel.state"),
        [concluded(0.65, "why did messages come out of order under load?",
                   "Two nodes broadcast the same room's messages without a shared sequence; the room process now "
                   "stamps them.", "two nodes broadcast")],
        Ask("after my laptop sleeps and wakes up, every new message shows up two or three times in the room",
            "lib/beacon_web/channels"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.4, "why are there dark spots after heavy decimation?",
                  "The edge collapse never checked the faces around the collapsed edge, so some triangles flipped "
                  "over. A collapse is now rejected when it flips a face normal by more than 90 degrees.",
                  "flips a face normal"),
        [said(0.7, "the black patches in the viewer are zero-area triangles left by the welder, they're dropped on "
                   "export now. can you update the changelog", "zero-area triangles")],
        Ask("after decimating the bunny to 5% some triangles render inside out, dark blotches all over the ears",
            "src"),
    )
    b.bugfix(
        "tidewater-etl",
        said(0.6, "alpine stations were off by a factor 1000 because the vendor switched level from metres to "
                  "millimetres without telling anybody, the unit is now read from the file header. anyway the "
                  "airflow upgrade", "unit is now read from the file header"),
        [concluded(0.3, "why were the US station temperatures so high?",
                   "The US station reports in Fahrenheit; staging converts it to Celsius now.",
                   "reports in Fahrenheit")],
        Ask("level at ALP-07 jumped from 2.3 to 2300 overnight, nothing happened on the river", "models/staging"),
    )
    b.bugfix(
        "infra-live",
        concluded(0.5, "why does every plan show a change to the node policy?",
                  "The policy JSON in the heredoc had its keys in a different order from what AWS returns, so every "
                  "plan saw a difference. It's built with the aws_iam_policy_document data source now, which "
                  "normalises it.", "aws_iam_policy_document"),
        [said(0.3, "the perpetual diff on the db security group was inline rules mixed with separate rule "
                   "resources, I removed the inline ones. can you plan staging", "inline rules mixed with")],
        Ask("every plan shows '~ update in-place' on module.workers.aws_iam_policy.node and nobody touched it",
            "envs/prod"),
    )
    b.bugfix(
        "pocketgarden",
        concluded(0.5, "why do some people get no reminders at all?",
                  "On Android 13 and later notifications need the POST_NOTIFICATIONS runtime permission, and the app "
                  "never asked for it. It's requested now when the first reminder is set.", "POST_NOTIFICATIONS"),
        [said(0.3, "the silent reminders were because the channel was created with IMPORTANCE_LOW, fixed. can you "
                   "check the detekt report", "IMPORTANCE_LOW")],
        Ask("user with a Pixel 7 says not one watering reminder since they installed it", GARDEN),
    )


def _facts_backend(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.55, "the migration for the basket table is fine I think, though before anything ships that changes "
                   "what the till screen shows we need Dana Whitfield to sign it off, she runs the shop-floor rollout "
                   "and the cashiers' training, so keep that in mind, but for now just run the tests",
             "Dana Whitfield"),
        [concluded(0.3, "who makes the receipt designs?",
                   "The receipt templates come from the brand agency; their contact is Piet Jansen, and they send "
                   "HTML mock-ups.", "Piet Jansen")],
        Ask("we want to move the discount button on the till screen to the left, who needs to okay that?",
            "backend"),
    )
    b.fact(
        "routewise",
        concluded(0.4, "why does the optimiser sit at 100% of one core?",
                  "I read cmd/routewise/main.go and the deployment manifest. The solver takes its worker count from "
                  "ROUTEWISE_SOLVER_THREADS, which the manifest never sets, and the default is one.",
                  "ROUTEWISE_SOLVER_THREADS"),
        [said(0.7, "ROUTEWISE_GEO_CACHE_MB sizes the geocoder cache, 256 is plenty. can you tidy the flags help",
              "ROUTEWISE_GEO_CACHE_MB")],
        Ask("the optimiser only uses one cpu on the 8-core nodes, make it use all of them", "cmd/routewise"),
    )
    b.fact(
        "parcelhub",
        said(0.45, "for local work there's a fake carrier, docker compose up carrier-mock and it answers like DHL "
                   "and DPD do on port 8089. anyway the quote rounding", "carrier-mock"),
        [concluded(0.65, "is there a stub for the pricing service?",
                   "Yes, pricing-stub in the compose file answers on 8091 with fixed prices.", "pricing-stub")],
        Ask("I want to run the DHL label flow on my machine without hitting DHL", "src/services"),
    )
    b.fact(
        "ledgerline",
        concluded(0.35, "where do the SEPA files go?",
                  "From SepaExportJob and the deployment config: the direct debit XML files are written to "
                  "/var/ledger/sepa-out, where the bank's SFTP agent collects them every 30 minutes.",
                  "/var/ledger/sepa-out"),
        [said(0.6, "incoming bank statements, the camt.053 ones, land in /var/ledger/camt-in. can you add a check "
                   "for empty files", "/var/ledger/camt-in")],
        Ask("the bank says they never got today's direct debit batch, where do I look on the server?", BILLING),
    )
    b.fact(
        "fernbook",
        said(0.5, "For questions about the invoices for companies (B2B), please ask Joana Ribeiro, she is the one who "
                  "know the accounting of the coworking. Can you fix the spec for the membership first?",
             "Joana Ribeiro"),
        [concluded(0.3, "who writes the room descriptions?",
                   "Room photos and descriptions are edited by the community team; Mateo Ruiz runs it.",
                   "Mateo Ruiz")],
        Ask("a company wants its monthly invoice to list each employee's bookings separately, who do I check the "
            "format with?", "app/models"),
    )
    b.fact(
        "beacon-chat",
        said(0.4, "the moderation dashboard is its own endpoint on port 4010, only reachable over the VPN, so it's "
                  "never exposed on the public one. ok the typing indicator", "port 4010"),
        [concluded(0.7, "where are the API docs served?",
                   "The public API docs are served at /api/docs on the main endpoint.", "/api/docs")],
        Ask("where do I open the moderation tools on staging? localhost:4000/admin gives a 404", "lib/beacon"),
    )
    b.fact(
        "stockroom",
        concluded(0.5, "how does the app reach the depot label printer?",
                  "After reading docker-compose.yml and app/printing.py: the depot's label printer is the CUPS "
                  "queue depot-zebra-1, and the app sends jobs to it with lp -d from the API container.",
                  "depot-zebra-1"),
        [said(0.3, "the office printer is office-laser, nothing in the app ever uses it. can you delete the old "
                   "print test", "office-laser")],
        Ask("send a test label to the printer in the depot from the api container", "app"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.6, "the man page is generated, you run cargo xtask man and it writes doc/logslice.1 from the clap "
                  "definitions. ok can you look at the bench numbers", "cargo xtask man"),
        [concluded(0.35, "where do the shell completions come from?",
                   "Shell completions are generated by build.rs into the target directory at build time.",
                   "generated by build.rs")],
        Ask("the manual page that ships in the deb still lists the old flags", "src"),
    )
    b.fact(
        "brightdesk",
        concluded(0.5, "where do the API types come from?",
                  "The types in src/api/generated are produced from the backend's OpenAPI spec by npm run gen:api; "
                  "nobody edits them by hand.", "npm run gen:api"),
        [said(0.25, "the icon sprite is built with npm run build:icons, don't commit the output", "npm run build:icons")],
        Ask("the backend added a priority field to tickets and our TS types don't have it yet", "src/api"),
    )
    b.fact(
        "meshkit",
        said(0.45, "for memory bugs use cmake --preset asan then ctest in build-asan, the default preset has no "
                   "sanitizers. then the docs", "--preset asan"),
        [concluded(0.6, "how do we measure test coverage?",
                   "Coverage comes from cmake --preset coverage followed by ctest and gcovr.", "--preset coverage")],
        Ask("there's a heap-use-after-free somewhere in the decimator, help me catch it", "src"),
    )
    b.fact(
        "tidewater-etl",
        said(0.35, "oh and the airflow ui for prod is at airflow dot tidewater dot internal and you log in with the "
                   "okta tile called tidewater data platform not the normal one ok now the dag tests",
             "tidewater data platform"),
        [concluded(0.65, "where's the dbt docs site?",
                   "The dbt docs site is a static build on S3 behind CloudFront, refreshed after each prod run.",
                   "behind CloudFront")],
        Ask("how do I get into prod airflow to clear a failed task?", "dags"),
    )
    b.fact(
        "infra-live",
        said(0.55, "the prod kubernetes cluster is acme-prod-euc1, in case you need it for kubeconfig. can you plan "
                   "the node group change", "acme-prod-euc1"),
        [concluded(0.3, "what's the staging cluster called?",
                   "The staging cluster is acme-stg-euc1, in the staging account.", "acme-stg-euc1")],
        Ask("give me the aws eks update-kubeconfig command for production", "envs/prod"),
    )
    b.fact(
        "pocketgarden",
        said(0.5, "in Play Console the internal testing track is called seedlings, the team is in it. Can you "
                  "increase the versionCode?", "seedlings"),
        [concluded(0.3, "what's the closed beta track called?",
                   "The closed beta track is called sprouts, with about 300 outside testers.", "sprouts")],
        Ask("put this build in front of the team's testers on Play", GARDEN),
    )
    b.fact(
        "cadence-ios",
        concluded(0.6, "what are the TestFlight groups?",
                  "App Store Connect has two groups: the internal one for the team, and the external group Early "
                  "Birds, which is the public beta.", "Early Birds"),
        [said(0.35, "internal testers are the group Acme Staff, they get every build automatically. can you fix the "
                    "snapshot test", "Acme Staff")],
        Ask("get the new build to the outside beta testers", "App"),
    )


def _causal_backend(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.3, "turned on django-axes for the admin and till logins, lockout after 3 failed attempts. can you "
                  "check the login template", "django-axes"),
        concluded(0.7, "why are the Mall branch cashiers blocked every evening?",
                  "The Mall branch shares one login across the tills, so at shift change several people type it "
                  "at once and the failed attempts add up; the account ends up locked out at shift change.",
                  "locked out at shift change"),
        [concluded(0.5, "why is the login page slow?",
                   "The login page is slow because of the password hasher iterations, about 300 ms per attempt.",
                   "hasher iterations")],
        Ask("why do the shared till accounts keep getting blocked?", "backend", want="cause"),
    )
    b.causal(
        "routewise",
        said(0.25, "reduced the plan retention to 7 days in the cleanup job, the table was 300 GB",
             "retention to 7 days"),
        said(0.75, "finance says the monthly mileage report only has the last week in it. can you look at the "
                   "driver export first", "only has the last week"),
        [concluded(0.5, "why is the mileage so low for some drivers?",
                   "Their mileage is low because the GPS drops in tunnels and the gaps are not interpolated.",
                   "GPS drops in tunnels")],
        Ask("the mileage report for October is missing three weeks of data", "internal/dispatch", want="cause"),
    )
    b.causal(
        "parcelhub",
        said(0.35, "moved the rate lookup into a 24h in-process LRU, pricing calls dropped by 95%",
             "24h in-process LRU"),
        concluded(0.7, "why were quotes wrong on the 1st?",
                  "The carrier changed its prices on the 1st and the quotes stayed wrong until the pods restarted, "
                  "because each pod kept serving the prices it had already looked up.",
                  "wrong until the pods restarted"),
        [said(0.5, "quotes for Northern Ireland were wrong because of the zone mapping for BT postcodes, fixed",
              "BT postcodes")],
        Ask("DPD raised prices yesterday but we're still quoting the old ones", "src/services", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.3, "PDF rendering is @Async now with the default executor, the endpoint returns right away",
             "PDF rendering is @Async"),
        concluded(0.75, "why did the month-end run crash?",
                  "The JVM ran out of native threads: with no pool configured every invoice's PDF got a new "
                  "thread, and at month end that is 40,000 threads, so it failed with unable to create native "
                  "thread.", "unable to create native thread"),
        [concluded(0.5, "why is startup slower?",
                   "Startup is slower because the font cache is warmed for the PDF templates.",
                   "font cache is warmed")],
        Ask("month-end run died with java.lang.OutOfMemoryError, the heap was only half full", BILLING,
            want="cause"),
    )
    b.causal(
        "fernbook",
        said(0.3, "we cache the availability grid for 10 minutes in Rails.cache now, the page was doing 400 queries",
             "availability grid for 10 minutes"),
        said(0.7, "members keep clicking on rooms that look free and get 'already booked' after. can you look at "
                  "the booking emails first", "get 'already booked'"),
        [concluded(0.5, "why are booking emails late?",
                   "Booking emails are late because the mailers queue has the lowest weight in Sidekiq.",
                   "mailers queue has the lowest weight")],
        Ask("people click on rooms that show as free and then are told they're taken", "app/controllers",
            want="cause"),
    )
    b.causal(
        "stockroom",
        said(0.4, "the stock snapshot is kept in a module-level dict per worker now, way faster than asking "
                  "postgres", "module-level dict"),
        concluded(0.75, "why does the bin page show different numbers?",
                  "Consecutive requests land on different workers and each worker has its own snapshot, so two "
                  "requests in a row show different stock for the same bin.",
                  "different stock for the same bin"),
        [said(0.55, "the dashboard numbers lag a minute because it polls every 60 s, that's fine",
              "polls every 60 s")],
        Ask("refreshing the bin page flips between 12 and 15 units, nothing moved", "app/routers", want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "logslice",
        said(0.3, "stdout goes through a BufWriter with 64 KiB now, throughput doubled", "BufWriter"),
        said(0.7, "with --follow nothing shows up until a lot of lines have arrived, users think it hangs. can you "
                  "look at the windows build first", "nothing shows up until"),
        [concluded(0.5, "why do colours disappear in tmux?",
                   "The colours disappear in tmux because TERM is screen there and the detection treats it as "
                   "monochrome.", "TERM is screen")],
        Ask("follow mode is laggy, lines come in bursts like a minute late", "src", want="cause"),
    )
    b.causal(
        "brightdesk",
        said(0.35, "switched the ticket list to virtualised rows with react-window, 5000 tickets scroll smoothly now",
             "react-window"),
        concluded(0.7, "why can't agents find tickets with Ctrl+F?",
                  "Only the rows on screen exist in the DOM, so the browser's find no longer finds tickets further "
                  "down the list.", "no longer finds tickets further down"),
        [said(0.5, "the table header misalignment was the scrollbar width on Windows, fixed with a gutter",
              "scrollbar width on Windows")],
        Ask("agents say browser search can't find a ticket that is definitely in the list", "src/components",
            want="cause"),
        Ask("we want the same smooth scrolling in the customer list, anything I should warn the agents about?",
            "src/components", want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.3, "set hibernate_after to 15 seconds on the room liveview, memory per connection halved",
             "hibernate_after"),
        said(0.7, "the first keystroke in a room after a pause lags by half a second, people notice. can you fix "
                  "the avatar upload first", "first keystroke"),
        [concluded(0.5, "why is typing laggy on Firefox?",
                   "On Firefox the lag comes from the autosize textarea hook measuring on every input.",
                   "autosize textarea hook")],
        Ask("typing in a room after being idle a bit has this weird half-second delay on the first letter",
            "lib/beacon", want="cause"),
    )
    b.causal(
        "meshkit",
        said(0.3, "enabled OpenMP for the quadric accumulation, simplify is 3x faster on 8 cores",
              "OpenMP for the quadric accumulation"),
        concluded(0.7, "why do the golden tests flake?",
                  "The sums are accumulated in a different order on each run, so simplify results differ slightly "
                  "between runs and the golden comparison fails now and then.", "differ slightly between runs"),
        [said(0.5, "the golden tests broke on ARM because of FMA contraction, we compile with -ffp-contract=off now",
              "FMA contraction")],
        Ask("test_simplify_golden fails maybe one run in five on CI, tiny vertex differences", "tests", want="cause"),
        Ask("I'd like to parallelise the normal computation like the quadrics, anything to watch out for?", "src",
            want="effect"),
    )
    b.causal(
        "tidewater-etl",
        concluded(0.3, "what does the new lifecycle rule do?",
                  "The raw bucket's lifecycle rule now moves files to S3 Glacier after 30 days, which cuts the "
                  "storage bill by about two thirds.", "Glacier after 30 days"),
        said(0.75, "backfills older than a month fail on the extract task with InvalidObjectState. can you check "
                   "the sensor list first", "InvalidObjectState"),
        [concluded(0.5, "why did the 2023 backfill fail?",
                   "The 2023 files are under a different prefix layout in the old bucket, so the extract found "
                   "nothing.", "different prefix layout")],
        Ask("reprocessing March fails in extract, botocore complains about the object's storage class", "dags",
            want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.35, "staging node group is on spot instances now, saves about 60%", "spot instances"),
        concluded(0.75, "why do the staging migrations die?",
                  "The long-running migration jobs get killed mid-way whenever the node under them is reclaimed, "
                  "which happens a few times a week.", "killed mid-way"),
        [said(0.55, "the evicted pods last week were disk pressure from old image layers, I added a cleanup",
              "disk pressure from old image layers")],
        Ask("the staging db migration job died halfway through again, third time this week", "envs/staging",
            want="cause"),
    )


def _causal_garden(b: SplitBuilder) -> None:
    b.causal(
        "pocketgarden",
        said(0.3, "I set android:allowBackup=false, the backup was restoring stale tokens", "allowBackup=false"),
        said(0.7, "users who change phone get their plants back after login but lose their reminder settings, all "
                  "the times are gone, the reviews are bad. first check the widget please",
             "lose their reminder settings"),
        [concluded(0.5, "why aren't photos restored?",
                   "Photos are not restored because they are stored in the cache dir, which is never backed up.",
                   "stored in the cache dir")],
        Ask("a user moved to a new phone: the plants came back after logging in, but every watering time they had "
            "set is gone", GARDEN, want="cause"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "logslice",
        said(0.45, "btw I'm red-green colour blind, so in anything you build for me, any project, never show status "
                   "only by red versus green, add a symbol or a word. now the --color flag",
             "red-green colour blind"),
        [there("tidewater-etl", concluded(0.5, "what colours does the pipeline status page use?",
                                          "The pipeline status page uses the standard red/green traffic light that "
                                          "ops expects.", "standard red/green traffic light"))],
        Ask("show the SLA state on each ticket row: ok, at risk, breached", "src/components", project="brightdesk"),
        Ask("the progress ring should make it obvious whether you're in work or rest", "App/Views",
            project="cadence-ios"),
        Ask("on the area managers' page, mark each till online or offline so it's clear at a glance",
            "backend/reports", project="tillpoint"),
    )
    b.global_pref(
        "tidewater-etl",
        said(0.55, "Ich bin Deutscher, manchmal schreibe ich auf Deutsch, but please always answer me in English, in "
                   "every project, my colleagues read the chats later. So, the DAG for the gauges",
             "always answer me in English"),
        [there("parcelhub", said(0.5, "the customer emails in this repo are written in the customer's language, "
                                      "German for .de orders", "German for .de orders"))],
        Ask("kannst du mir erklären, wie die Reservierung der Lagerplätze funktioniert?", "app",
            project="stockroom"),
        Ask("warum schlägt der Test für die Buchungsbestätigung fehl?", "spec", project="fernbook"),
        Ask("schreib mir bitte eine Funktion, die die Fläche aller Dreiecke summiert", "src", project="meshkit"),
    )
    b.global_pref(
        "ledgerline",
        concluded(0.4, "ugh, you wrote 03/04 again in the changelog. for me dates are always year, month, day, in "
                       "every project, I work with Americans and Europeans and nobody knows which is which",
                  "Fixed the changelog entry. Noted for everything I write for you, in any project: dates as "
                  "YYYY-MM-DD, never 03/04/2026.", "YYYY-MM-DD"),
        [there("fernbook", said(0.5, "booking confirmations here show the date long form, like Tuesday 4 March, "
                                     "members asked for it", "long form, like Tuesday"))],
        Ask("add the expected delivery day to the tracking email", "src/services", project="parcelhub"),
        Ask("show when the plant was last watered on its card", GARDEN, project="pocketgarden"),
        Ask("print the time range the matches cover at the end of the summary", "src", project="logslice"),
    )
    b.global_pref(
        "meshkit",
        said(0.5, "and one thing that goes for all my projects never ever mark a test as skipped or xfail just to "
                  "get CI green tell me instead and we decide ok now the ply writer",
             "never ever mark a test as skipped"),
        [there("beacon-chat", said(0.4, "the slow integration tests are tagged :external and excluded on CI here, "
                                        "they run nightly, that's intended", "tagged :external"))],
        Ask("CI is red because TestZoneLookup times out, just get main green again so I can release",
            "cmd/routewise", project="routewise"),
        Ask("test_reserve_bin only fails on CI, I need the pipeline to pass today", "tests", project="stockroom"),
        Ask("the snapshot tests fail on the new Xcode, make CI pass", "AppTests", project="cadence-ios"),
    )
    b.global_pref(
        "pocketgarden",
        said(0.6, "one more thing, and not only for this app: when you give me shell commands, one per line, no && "
                  "chaining, I run them one by one and I want to see where it breaks", "no && chaining"),
        [there("infra-live", concluded(0.5, "how is the plan wrapper meant to be run?",
                                       "The plan wrapper is one line on purpose: init, validate and plan chained "
                                       "with &&, so CI stops at the first failure.", "chained with &&"))],
        Ask("how do I regenerate the lockfile and rerun the tests?", "src/routes", project="parcelhub"),
        Ask("what are the steps to rebuild the docker image locally and start it?", project="ledgerline"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "routewise", said(0.5, "breaking changes to the api get a new media type, "
                               "application/vnd.routewise.v2+json, the old one keeps working", "application/vnd.routewise"),
        "parcelhub", said(0.5, "we version the api with a Parcel-Version date header, like Stripe does, clients pin "
                               "a date", "Parcel-Version"),
        Ask("the plan response needs a breaking change to the stops array, how do we ship it without breaking the "
            "driver app?", "internal/dispatch", project="routewise"),
        Ask("I need to rename fields in the quote response but old clients must keep working", "src/routes",
            project="parcelhub"),
    )
    b.cross(
        "tillpoint", said(0.4, "deps here are pip-tools: edit requirements.in and compile, never touch the txt by "
                               "hand", "pip-tools"),
        "stockroom", said(0.4, "this service is on uv, the lock is uv.lock, don't use pip here", "uv.lock"),
        Ask("add the stripe sdk to the project", "backend", project="tillpoint"),
        Ask("add httpx as a dependency", "app", project="stockroom"),
    )
    b.cross(
        "brightdesk", concluded(0.55, "where do frontend errors go?",
                                "Frontend errors are reported to Bugsnag through the error boundary and the api "
                                "client's catch handler.", "Bugsnag"),
        "fernbook", said(0.55, "errors in this app go to Honeybadger, the notifier is already in the initializer",
                         "Honeybadger"),
        Ask("report caught errors from the api client somewhere we can see them", "src/api", project="brightdesk"),
        Ask("the payment callback fails silently sometimes, make sure we hear about it", "app/controllers",
            project="fernbook"),
    )
    b.cross(
        "ledgerline", said(0.45, "library versions live in the version catalog, gradle/libs.versions.toml, never "
                                 "inline in the build file", "libs.versions.toml"),
        "meshkit", said(0.45, "third-party code comes in through CPM.cmake in cmake/deps.cmake, no git submodules",
                        "CPM.cmake"),
        Ask("add Resilience4j for the retries in the bank client", BILLING, project="ledgerline"),
        Ask("pull in the fmt library for the log formatting", "src", project="meshkit"),
    )
    b.cross(
        "beacon-chat", said(0.6, "the changelog is generated by git-cliff from the conventional commits, nobody "
                                 "writes it by hand", "git-cliff"),
        "cadence-ios", concluded(0.6, "how are the App Store release notes made?",
                                 "The What's New text is written by hand in "
                                 "fastlane/metadata/en-GB/release_notes.txt before each submission.",
                                 "release_notes.txt"),
        Ask("write up what changed since the last release for the announcement", "lib/beacon",
            project="beacon-chat"),
        Ask("prepare the what's new text for version 3.2", "App", project="cadence-ios"),
    )
    b.cross(
        "tidewater-etl", said(0.35, "runbooks for this pipeline are in the Data Ops space in Notion, the on-call "
                                    "reads them from there", "Data Ops space in Notion"),
        "infra-live", said(0.35, "runbooks live in the repo, docs/runbooks, one markdown file per module, reviewed "
                                 "like code", "docs/runbooks"),
        Ask("the gauge ingestion is down at 3am, what's the procedure and where is it written?", "dags",
            project="tidewater-etl"),
        Ask("write down the steps to rotate the VPN certificates so on-call can do it", "modules/network",
            project="infra-live"),
    )

