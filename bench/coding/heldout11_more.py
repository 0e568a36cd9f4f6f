"""The eleventh held-out split, continued: corrections (the assistant correcting its own earlier
answer, "as of ..." changeovers and a stale wiki page put right), bugfixes (solved by the user
mid-sentence while describing them, under a pasted crash-reporter digest with "root cause:", or
explained the way the user told support) and facts (relayed from a new hire's question, or under a
pasted Procfile, Dockerfile, ssh config, Kubernetes manifest, CI workflow or pyproject table); see
:mod:`bench.coding.heldout11`. Causes and effects, global preferences and cross-project negatives
are in :mod:`bench.coding.heldout11_shared`."""

from __future__ import annotations

from bench.coding import heldout11_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _corrections(b)
    _corrections_rest(b)
    _bugfixes(b)
    _bugfixes_rest(b)
    _facts(b)
    _facts_rest(b)
    heldout11_shared.add(b)


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "all the shops' receipt printers take 80 mm rolls, so the receipt layout is 48 characters wide",
             "layout is 48 characters wide"),
        said(0.7, "as of 1 March every shop runs the compact 58 mm printers: receipt lines are 32 characters wide "
                  "now. black please", "receipt lines are 32 characters wide now"),
        [],
        Ask("the new allergen footer on the receipt wraps in odd places, how many characters fit on a line?",
            "backend/orders"),
    )
    b.correction(
        "routewise",
        concluded(0.15, "how many vans does the Sheffield depot have?",
                  "Sheffield runs 14 vans; that's the fleet row for depot SHF in the seed data.",
                  "Sheffield runs 14 vans"),
        concluded(0.75, "the Sheffield plan used more vans than you said it has",
                  "I told you Sheffield had 14 vans; I was wrong. Since the Wakefield merge the SHF fleet is 19 "
                  "vans, the seed row was simply never updated.", "the SHF fleet is 19 vans"),
        [],
        Ask("capacity check: can Sheffield cover the 900 drops on Black Friday with its own vans?",
            "internal/dispatch"),
    )
    b.correction(
        "logslice",
        said(0.2, "user questions go to the Discord's #help channel, the maintainers watch it",
             "Discord's #help channel"),
        said(0.7, "the wiki is stale on that: support moved to GitHub Discussions in the spring, the Discord is "
                  "read-only now. clippy", "support moved to GitHub Discussions"),
        [],
        Ask("update the 'Getting help' line in the --help footer so people know where to ask", "src"),
    )
    b.correction(
        "brightdesk",
        said(0.3, "customers' custom portal domains get their certificates from Let's Encrypt through our Caddy "
                  "edge", "Let's Encrypt through our Caddy edge"),
        said(0.7, "as of the October release custom portal domains are issued through Cloudflare for SaaS, the "
                  "Caddy edge is gone. prettier", "issued through Cloudflare for SaaS"),
        [],
        Ask("a customer set up help.theirshop.example as their portal domain and the browser says the "
            "certificate is invalid, where do certs come from?", "src/api"),
    )
    b.correction(
        "parcelhub",
        concluded(0.2, "how often do the carrier rate cards refresh?",
                  "The carrier rate cards are re-imported every Monday at 04:00 by the rates job.",
                  "rate cards are re-imported every Monday"),
        concluded(0.7, "the DPD price went up on the 1st and our quotes only changed today",
                  "I said the rate cards refresh every Monday; that was wrong. The rates job runs on the first "
                  "working day of each month, the Monday schedule was the old cron.",
                  "first working day of each month"),
        [],
        Ask("a carrier announced new prices from the 15th, when will our quotes pick them up?", "src/services"),
    )
    b.correction(
        "ledgerline",
        said(0.25, "issued invoice PDFs are archived in the bucket ll-invoice-archive for ten years",
             "archived in the bucket ll-invoice-archive"),
        said(0.75, "the wiki is outdated: issued PDFs are archived in the d.velop DMS since the audit, the bucket "
                   "is only a 30-day cache. spotbugs", "archived in the d.velop DMS"),
        [],
        Ask("the auditor wants the original PDF of an invoice from 2023, where do I fetch it from?", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.2, "each member gets 100 print pages a month on the hallway printer",
             "100 print pages a month"),
        said(0.7, "as of January the print allowance is 250 pages a month per member, the landlord pays the "
                  "toner now. rubocop", "print allowance is 250 pages"),
        [],
        Ask("a member says the printer refused her job at page 130 this month, is that right?", "app/models"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "beacon-chat",
        concluded(0.25, "which app versions can still connect?",
                  "The socket accepts mobile clients from 3.0 up; older ones get an upgrade prompt.",
                  "accepts mobile clients from 3.0 up"),
        concluded(0.75, "a user on app 3.2 says the app only shows 'please update'",
                  "I told you earlier that 3.0 was the floor; I was wrong. Since the protocol change the socket "
                  "refuses anything below 3.4, which is why 3.2 sees the upgrade prompt.",
                  "refuses anything below 3.4"),
        [],
        Ask("support asks which mobile app version a customer needs at least to keep chatting", "lib/beacon"),
    )
    b.correction(
        "meshkit",
        said(0.2, "the OBJ writer prints coordinates with 6 decimal places", "coordinates with 6 decimal places"),
        said(0.7, "the wiki's out of date there: the OBJ writer uses 9 significant digits now, the 6 decimals "
                  "flattened small parts", "uses 9 significant digits now"),
        [],
        Ask("a user's 2 mm watch gear comes back from export with faceted teeth, how precise is our OBJ output?",
            "src"),
    )
    b.correction(
        "tidewater-etl",
        said(0.25, "the vendor's API is api.tidalvendor.example/v1, basic auth", "api.tidalvendor.example/v1"),
        said(0.75, "as of 1 April the vendor retired v1: it's tidalvendor.example/v3 now and every call needs "
                   "an X-Client-Id header. sqlfluff", "tidalvendor.example/v3 now"),
        [],
        Ask("the vendor pull task gets 410 Gone since this morning", "dags"),
    )
    b.correction(
        "infra-live",
        concluded(0.2, "which Postgres version is prod on?",
                  "The prod RDS instance runs Postgres 14, parameter group pg14-prod.", "parameter group pg14-prod"),
        concluded(0.7, "why is there a pg16 parameter group in prod?",
                  "I had that wrong before: prod moved to Postgres 16 with the blue/green upgrade in June; the "
                  "parameter group in use is pg16-prod-tuned.", "pg16-prod-tuned"),
        [],
        Ask("can I use MERGE ... RETURNING in the prod database, or is our version too old?", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "the in-app support chat is the Zendesk messaging SDK", "Zendesk messaging SDK"),
        said(0.7, "the wiki's wrong on that, in-app support chat is Crisp since the pricing change, the old SDK "
                  "was removed. detekt", "in-app support chat is Crisp"),
        [],
        Ask("users say the 'Talk to us' button opens a blank screen", GARDEN),
    )
    b.correction(
        "stockroom",
        said(0.25, "the dock label printer sits at 10.0.4.21 on the warehouse VLAN",
             "dock label printer sits at 10.0.4.21"),
        said(0.75, "as of the move to the new hall the dock printer answers on 10.0.7.15, the old address is "
                   "the office copier now. ruff", "dock printer answers on 10.0.7.15"),
        [],
        Ask("pallet labels from the dock tablet come out of the office copier", "app"),
    )
    b.correction(
        "cadence-ios",
        concluded(0.25, "which backend host does the app talk to?",
                  "The app's base URL is api.cadence.fit for every build.", "base URL is api.cadence.fit"),
        concluded(0.75, "release builds time out on sync but the website is fine",
                  "I was wrong earlier: that host only serves the marketing site now. The app syncs with "
                  "sync.cadence.fit since the CDN move; release builds still had the old host.",
                  "syncs with sync.cadence.fit"),
        [],
        Ask("set the base URL for the new Release-Staging configuration, same prod host as the App Store "
            "build", "App"),
    )


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        said(0.4, "moving an order to another table loses the course timings and the kitchen fires everything at "
                  "once, I think it's the... wait. oh. the move copies the lines but not their fire_after "
                  "times. ok, it copies them now, fixed. never mind, do the isort thing",
             "copies the lines but not their fire_after"),
        [said(0.7, "the mains arriving early at table 12 was a waiter pressing 'fire all', not the till",
              "waiter pressing 'fire all'")],
        Ask("we moved a party from table 4 to the terrace and the kitchen got the desserts with the starters",
            "backend/orders"),
    )
    b.bugfix(
        "routewise",
        said(0.45, "```\nSentry ROUTEWISE-4C1  watchdog: plan still running after 120s\n  internal/dispatch/"
                   "improve.go:77 twoOpt\n  61 events, all plans with duplicate addresses\n```\nroot cause: two "
                   "stops at identical coordinates let the 2-opt pass swap them back and forth forever; zero-gain "
                   "swaps are skipped now", "zero-gain swaps are skipped now"),
        [said(0.85, "the slow plans on Mondays are just the weekend backlog, twice the stops",
              "weekend backlog, twice the stops")],
        Ask("```\nwatchdog: plan 88213 still running after 120s\ngoroutine 7 [running]:\n"
            "internal/dispatch.twoOpt(...)\n\timprove.go:77\n```\nthe plan for a block of flats with 40 deliveries "
            "never finishes, any idea?", "internal/dispatch"),
    )
    b.bugfix(
        "logslice",
        said(0.4, "what I told the user in the issue: slice counted only the first part of their .gz because "
                  "logrotate had appended several gzip members into one file and we decoded only the first "
                  "member; it reads them all with MultiGzDecoder now", "decoded only the first member"),
        [said(0.7, "corrupt .gz files stop with an error naming the byte offset, on purpose",
              "stop with an error naming the byte offset")],
        Ask("slice -c finds 12 matches in app.log.gz but zcat app.log.gz | grep -c finds 3,000", "crates/slice-core"),
    )
    b.bugfix(
        "brightdesk",
        said(0.5, "the 'mine' counter in the sidebar counts tickets of the whole team, probably the websocket... "
                  "hang on. the selector filters on team_id instead of assignee_id. yep, assignee_id now, ignore "
                  "me. prettier", "filters on team_id instead of assignee_id"),
        [said(0.3, "the counter lagging a few seconds after a reassign is the socket batching, fine",
              "counter lagging a few seconds after a reassign")],
        Ask("my 'assigned to me' number says 37 but I only have 4 tickets", "src/components"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "parcelhub",
        said(0.4, "```\nSentry PARCELHUB-9K  RangeError: Invalid time value\n  src/services/eta.js in formatEta\n"
                  "  318 events, every one from browsers with locale ar-SA\n```\nroot cause: that locale defaults "
                  "to the Islamic calendar and our parser choked on it; we pass calendar: 'gregory' to "
                  "Intl.DateTimeFormat now", "calendar: 'gregory'"),
        [said(0.7, "the ETA showing yesterday's date for Australian merchants is their own server clock",
              "ETA showing yesterday's date for Australian merchants")],
        Ask("merchants in Riyadh get a blank tracking page and the console says Invalid time value", "src/routes"),
    )
    b.bugfix(
        "ledgerline",
        said(0.45, "told support in plain words: customers who changed plan mid-month paid the switch day twice, "
                   "once on each plan, because both periods included it; now the switch day belongs to the new "
                   "plan only", "switch day belongs to the new plan only"),
        [said(0.7, "mid-year changes on annual plans are credited by the sales team by hand",
              "mid-year changes on annual plans are credited")],
        Ask("a customer upgraded on the 14th and their invoice charges the 14th on both plans", BILLING),
    )
    b.bugfix(
        "fernbook",
        said(0.4, "rooms under maintenance still show up as bookable today, I bet it's the... oh wait. the scope "
                  "compares maintenance_until with Date.current, and a room fixed 'until today 18:00' counts as "
                  "done at midnight. compares with Time.zone.now now, sorted. rubocop now",
             "compares maintenance_until with Date.current"),
        [said(0.7, "rooms hidden from the list on Sundays is the opening-hours setting",
              "rooms hidden from the list on Sundays")],
        Ask("a member booked the Elm room this morning while the painters were still in it", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.45, "```\nSentry BEACON-2RQ  (Jason.EncodeError) invalid byte 0xE9 in string\n  BeaconWeb.RoomChannel."
                   "broadcast_message/2\n  412 events, all from the email-to-channel gateway\n```\nroot cause: "
                   "emails in Latin-1 went into messages undecoded; the gateway converts the body to UTF-8 using "
                   "the MIME charset now", "converts the body to UTF-8 using the MIME charset"),
        [said(0.7, "emails with huge signatures being cut is the 20 KB body limit, by design",
              "20 KB body limit, by design")],
        Ask("messages forwarded from a French customer's email crash the room with Jason.EncodeError",
            "lib/beacon_web/channels"),
    )
    b.bugfix(
        "meshkit",
        said(0.4, "what I told the user: the simplifier smeared their textures because the edge-collapse cost "
                  "ignored UV seams, so it merged vertices across them; seam edges are locked during collapse now",
             "seam edges are locked during collapse"),
        [said(0.7, "textures coming out mirrored from glTF are the exporter's flipped V axis, not ours",
              "exporter's flipped V axis")],
        Ask("after decimating the statue to 10% the marble texture is stretched along the back", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        said(0.45, "the Brest readings are doubled every day, maybe the vendor sends... no wait. their station "
                   "code 'BRST' and our legacy 'BRS' both map to station 17 in the seed. dropped the legacy row, "
                   "fine. sqlfluff", "'BRST' and our legacy 'BRS' both map to station 17"),
        [said(0.7, "the missing Roscoff readings in February were the gauge being offline",
              "missing Roscoff readings in February")],
        Ask("the tide chart for one French station shows every reading twice", "models/staging"),
    )
    b.bugfix(
        "infra-live",
        said(0.45, "told the devs in plain words: the cert for the new api domain stayed 'pending validation' for "
                   "two days because the validation CNAME was created in the private hosted zone, where ACM can't "
                   "see it; it goes in the public zone now", "validation CNAME was created in the private hosted"),
        [said(0.7, "the cert warning on the old marketing domain is the agency's, not ours",
              "cert warning on the old marketing domain")],
        Ask("the certificate for status.ourdomain has been stuck on pending validation since Tuesday",
            "envs/prod"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.4, "told support in plain words: people who renamed a plant on the website got a sync error on "
                  "the phone forever, because the sync inserted every plant the server sent and the renamed one "
                  "collided with its own row (UNIQUE on remote_id); the DAO uses @Upsert now",
             "the DAO uses @Upsert now"),
        [said(0.7, "the camera being black on some Motorolas is their camera HAL, reported upstream",
              "their camera HAL, reported upstream")],
        Ask("sync keeps failing for a user since she renamed her fern on the website", GARDEN),
    )
    b.bugfix(
        "stockroom",
        said(0.4, "the bin capacity check lets too much in sometimes... oh. the scanner sends half pallets as 0.5 "
                  "and we int() them to 0, so they never count. rounded up now, fixed. the pytest warning next",
             "we int() them to 0"),
        [said(0.7, "overfull bins in aisle C are the night shift ignoring the alert",
              "night shift ignoring the alert")],
        Ask("bins say there's room left when they're physically full of half pallets", "app/routers"),
    )
    b.bugfix(
        "cadence-ios",
        said(0.45, "told support: the weekly summary missed runs that started before midnight on Sunday because the "
                   "week was bucketed by the workout's end date; it's bucketed by the start date now",
             "bucketed by the workout's end date"),
        [said(0.7, "runs appearing twice in the history are the user importing the same GPX export twice",
              "importing the same GPX export twice")],
        Ask("my late Sunday run is missing from last week's summary", "App/Views"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.4, "```\nrelease: python manage.py migrate && python manage.py load_allergens data/allergens_eu14.csv\n"
                  "web: gunicorn tillpoint.wsgi --workers 3\n```\nthat's the Procfile; the allergen table is "
                  "reloaded from that CSV on every release, fyi. now ruff", "load_allergens data/allergens_eu14.csv"),
        [said(0.7, "the menu photos are uploaded by the shops in the admin", "menu photos are uploaded by the shops")],
        Ask("sesame is missing from the allergen picker, where do the allergens come from?", "backend"),
    )
    b.fact(
        "routewise",
        said(0.45, "the new hire asked where live traffic comes from; told him: TomTom's Traffic Flow API, polled "
                   "every five minutes into the speed_profiles table", "TomTom's Traffic Flow API"),
        [said(0.85, "historical speeds per road segment come from our own van pings",
              "historical speeds per road segment come from our own")],
        Ask("ETAs ignore today's jam on the ring road, where are live speeds supposed to come from?", "internal/geo"),
    )
    b.fact(
        "logslice",
        said(0.4, "```yaml\nbuild-arm:\n  runs-on: [self-hosted, slice-arm-01]\n  steps:\n    - run: cargo build "
                  "--release --target aarch64-unknown-linux-musl\n```\nthat's release.yml; the ARM binaries are "
                  "built on our own box, GitHub has no ARM runner for us", "self-hosted, slice-arm-01"),
        [said(0.7, "the macOS universal binary is stitched together with lipo on the hosted runner",
              "stitched together with lipo")],
        Ask("the Raspberry Pi build of the last release is missing from the downloads, which machine builds "
            "it?", "crates/slice-core"),
    )
    b.fact(
        "brightdesk",
        said(0.5, "the new hire asked what the end-to-end tests log in as; told her: tenant demo-acme on staging "
                  "with the user e2e-bot, password in the CI secrets", "tenant demo-acme on staging"),
        [said(0.3, "the component tests mock the API with msw, no tenant at all",
              "component tests mock the API with msw")],
        Ask("write a Playwright test for merging two tickets, what account should it use?", "src/components"),
    )
    b.fact(
        "parcelhub",
        said(0.45, "```Dockerfile\nFROM node:20-bookworm-slim\nRUN apt-get update && apt-get install -y "
                   "fonts-noto-cjk\nENV LABEL_FONT_DIR=/usr/share/fonts/opentype/noto\n```\nthat's why the label "
                   "renderer can print Japanese addresses, fyi. carry on",
             "LABEL_FONT_DIR=/usr/share/fonts/opentype/noto"),
        [said(0.7, "the merchant dashboard loads its fonts from a CDN", "dashboard loads its fonts from a CDN")],
        Ask("labels for Korean addresses print empty boxes instead of characters", "src/services"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "the new hire asked who signs off on tax changes; told her: Teodora Vasile in finance, nothing "
                  "touching VAT merges without her approval on the PR", "Teodora Vasile in finance"),
        [said(0.7, "pricing page changes are approved by the product lead",
              "pricing page changes are approved by the product lead")],
        Ask("I've changed how reverse charge applies to B2B customers in Austria, who should review it?",
            BILLING_TESTS),
    )
    b.fact(
        "fernbook",
        said(0.45, "```\nHost fern-prod\n  HostName app1.fernbook.example\n  User deploy\n  Port 2207\n```\nfrom my "
                   "~/.ssh/config: prod sshd listens on 2207, not 22. ok, the failing spec", "prod sshd listens on 2207"),
        [said(0.7, "staging is a review app, you get a console through the platform CLI",
              "console through the platform CLI")],
        Ask("I need a Rails console on production, ssh times out", "app/models"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "beacon-chat",
        said(0.4, "```yaml\nenv:\n  - name: RELEASE_COOKIE\n    valueFrom:\n      secretKeyRef: {name: beacon-erlang-"
                  "dist, key: cookie}\n```\nthe nodes only cluster if they share that secret, fyi. credo next",
             "beacon-erlang-dist"),
        [said(0.7, "the staging deployment is a single pod, there is nothing for it to join",
              "staging deployment is a single pod")],
        Ask("the new pods in the second region won't join the cluster, they just run alone", "lib/beacon"),
    )
    b.fact(
        "meshkit",
        said(0.45, "the intern asked where the perf numbers come from; told him: the benchmarks run nightly on the "
                   "dedicated box perf-mini-3 and a bot posts the diff on the PR", "dedicated box perf-mini-3"),
        [said(0.7, "the unit tests run on the hosted runners, no special hardware",
              "unit tests run on the hosted runners")],
        Ask("my PR slowed down the remesher, how do I get trustworthy timings before and after?", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.4, "the new analyst asked where the ship arrival times come from; told her: the MarineTraffic "
                  "port-calls API, pulled hourly by the port_calls DAG into raw.port_calls",
             "MarineTraffic port-calls API"),
        [said(0.7, "berth assignments are typed in by the harbour office, no feed",
              "berth assignments are typed in by the harbour office")],
        Ask("the container ship that docked at 6 this morning isn't in the arrivals model yet, when does that "
            "data land?", "dags"),
    )
    b.fact(
        "infra-live",
        said(0.45, "```yaml\n# .github/workflows/drift.yml\non:\n  schedule:\n    - cron: '17 3 * * *'\n```\n"
                   "drift detection runs plan on every env at 03:17 and posts to #infra-drift. fmt please",
             "posts to #infra-drift"),
        [said(0.7, "apply results are posted as PR comments, nowhere else",
              "apply results are posted as PR comments")],
        Ask("someone changed a security group in the console last night, where would we have seen that?",
            "envs/staging"),
    )
    b.fact(
        "pocketgarden",
        said(0.4, "the new hire asked who can add beta testers; told him: only Ruth Akinyi, she owns the Play "
                  "Console account, so ask her", "only Ruth Akinyi"),
        [said(0.7, "internal testers are added through the Google group garden-internal",
              "Google group garden-internal")],
        Ask("my cousin wants to try the beta of the app, how do I get him in?", GARDEN),
    )
    b.fact(
        "stockroom",
        said(0.45, "```toml\n[tool.stockroom.erp]\nkind = \"odoo\"\nversion = 16\nprotocol = \"xmlrpc\"\nuser = "
                   "\"api-stockroom\"\n```\nthat's how we talk to the ERP, fyi. mypy now", "user = \"api-stockroom\""),
        [said(0.7, "the carrier bookings go through the shipping team's own service",
              "shipping team's own service")],
        Ask("purchase prices in our API don't match the ERP, which account do we read them with?", "tests"),
    )
    b.fact(
        "cadence-ios",
        said(0.45, "the new hire asked who can submit builds for App Store review; told her: only Jonna Virtanen "
                   "has the App Manager role, so ask her", "only Jonna Virtanen"),
        [said(0.7, "TestFlight internal builds can be pushed by anyone on the team",
              "TestFlight internal builds can be pushed by anyone")],
        Ask("the 4.2 build is ready, who can send it to review?", "AppTests"),
    )
