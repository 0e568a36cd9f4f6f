"""The thirteenth held-out split, continued: bugfixes (under a property test's minimal failing input, a
query plan, ``strace`` or ``curl -sI`` output, a diff hunk "that hunk was the bug", in a commit
message the user asks for, or the assistant's reading of a symptom), facts (under a pasted justfile
recipe, ``gh secret list``, ``git remote -v``, package.json scripts, ``dig`` or ``systemctl
list-timers`` with a one-line comment) and causes and effects (a dependency upgrade or a cron
schedule, and sessions later a customer's words in a support ticket, an app-store review or an email
with the assistant's diagnosis); see :mod:`bench.coding.heldout13`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, BILLING_TESTS


def add(b: SplitBuilder) -> None:
    _bugfixes(b)
    _bugfixes_rest(b)
    _facts(b)
    _causal(b)
    _causal_rest(b)


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        said(0.4, "```\nproptest: Test failed: every input line comes out exactly once\nminimal failing input: "
                  "line_len = 8192, lines = 2\n```\nthere it is: a line that straddles the 8 KiB read boundary was "
                  "emitted as two lines, the tail of the buffer never got carried into the next read. the reader "
                  "keeps the partial line now", "straddles the 8 KiB read boundary"),
        [said(0.7, "lines cut at 64 KB are the default max line length, that one's documented",
              "default max line length, that one's documented")],
        Ask("some long JSON log lines come out broken in two, always around the same offset", "src"),
        Ask("a stack trace line shows up as two separate matches with --grep, the second half has no timestamp, "
            "what's going on?", "crates/slice-core"),
    )
    b.bugfix(
        "ledgerline",
        said(0.45, "```\nSeq Scan on invoice_lines  (cost=0.00..48211.40 rows=212 width=96)\n  Filter: "
                   "(lower((customer_ref)::text) = 'acme-77'::text)\n```\nthere's the 9 seconds on the statement "
                   "page: the index is on customer_ref but the query lowercases it, so Postgres can't use it. "
                   "added an expression index on lower(customer_ref) in V58", "expression index on lower(customer_ref)"),
        [said(0.75, "the slow PDF statements were the font subsetting, not the database",
              "font subsetting, not the database")],
        Ask("the statement page for big customers takes forever to load", BILLING),
        Ask("findByCustomerRefIgnoreCase is slow as hell on prod data, any idea?", BILLING_TESTS),
    )
    b.bugfix(
        "routewise",
        said(0.4, "```\n$ strace -f -e trace=connect ./routewise plan --depot BSY\nconnect(7, {sa_family=AF_INET6, "
                  "sin6_port=htons(443), ...}) = -1 ETIMEDOUT (Connection timed out)\n```\nthat's the 30-second "
                  "hang at startup on site: the tile client tries IPv6 first and the depot network silently drops "
                  "it. the dialer is pinned to tcp4 now", "tries IPv6 first and the depot network silently drops it"),
        [said(0.7, "the slow first plan of the day is the cold tile cache, expected", "cold tile cache, expected")],
        Ask("at the Barnsley depot the planner sits there for half a minute before doing anything", "cmd/routewise"),
        Ask("tile downloads only stall on the depot wifi, fine from home, what's going on?", "internal/geo"),
        Ask("```\ndial tcp [2a05:d01c:3f::14]:443: i/o timeout\n```\n?", "internal/dispatch"),
    )
    b.bugfix(
        "fernbook",
        said(0.45, "write the commit message for this fix: 'Book again' reused the old booking's desk number, and "
                   "desk numbers are only unique per floor, so members got desk 12 on whatever floor came first; "
                   "it rebooks by desk_id now",
             "desk numbers are only unique per floor"),
        [said(0.75, "the floor plan showing desks on the wrong floor for a day was the uploaded SVG's layer order",
              "uploaded SVG's layer order")],
        Ask("a member hit 'book again' and ended up on the third floor instead of her usual desk on the second",
            "app/models"),
        Ask("rebooking last week's desk sometimes picks a desk in another part of the building, why?", "spec"),
    )

def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "brightdesk",
        said(0.4, "```diff\n-  useEffect(() => subscribe(ticketId), []);\n+  useEffect(() => subscribe(ticketId), "
                  "[ticketId]);\n```\nthat hunk was the bug: the live subscription kept listening to the first "
                  "ticket the agent opened, so replies on the next ticket only showed after a reload",
             "kept listening to the first ticket the agent opened"),
        [said(0.7, "the doubled replies in a thread were two browser tabs on the same ticket",
              "two browser tabs on the same ticket")],
        Ask("agents say new customer replies don't appear until they refresh, but only after switching tickets",
            "src/components"),
        Ask("live updates die after opening a second conversation from the side panel", "src/api"),
    )
    b.bugfix(
        "tidewater-etl",
        concluded(0.45, "the Scottish gauges show up in the North Sea on the map, and their catchment joins are "
                        "all empty",
                  "The vendor's GeoJSON is [lon, lat] and the loader read it as [lat, lon], so every Scottish "
                  "station landed offshore and matched no catchment; the loader takes coordinates in GeoJSON "
                  "order now.", "GeoJSON is [lon, lat] and the loader read it as [lat, lon]"),
        [said(0.75, "the stuck runs last week were a full worker disk, not the scheduler",
              "full worker disk, not the scheduler")],
        Ask("the new Welsh stations are plotted somewhere in the Atlantic", "models/staging"),
        Ask("the spatial join of stations to catchments returns nothing for the new feed, why?", "dags"),
    )
    b.bugfix(
        "parcelhub",
        said(0.4, "```\n$ curl -sI -H 'Accept-Language: cy' https://track.parcelhub.example/p/PH8812\n"
                  "content-language: cy\ncache-control: public, max-age=600\n```\nno Vary header, so the CDN kept "
                  "whichever language came first and served the Welsh tracking page to everyone. added Vary: "
                  "Accept-Language", "served the Welsh tracking page to everyone"),
        [said(0.7, "the stale delivery status on tracking pages was the carrier's webhook lagging",
              "carrier's webhook lagging")],
        Ask("English customers sometimes get the parcel tracking page in another language", "src/routes"),
        Ask("tracking page shows Polish text to a user in Hull, what's going on?", "src/services"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.4, "```just\nprofile:\n    cargo flamegraph --bench scan_throughput -o perf/flame.svg\n```\nthat's "
                  "the recipe we profile with, the svg goes in perf/. ok, clippy",
             "cargo flamegraph --bench scan_throughput"),
        [said(0.7, "heap profiling is done with dhat behind the dhat-heap feature", "behind the dhat-heap feature")],
        Ask("the regex path got slower, I want to see where the time goes", "crates/slice-core"),
        Ask("how do we usually get a flame graph of the scanner?", "src"),
    )
    b.fact(
        "parcelhub",
        said(0.45, "```\n$ gh secret list\nNAME                       UPDATED\nPARCELFORCE_SANDBOX_KEY    about 2 "
                   "months ago\nNPM_TOKEN                  about 1 year ago\n```\nthe carrier sandbox tests read "
                   "PARCELFORCE_SANDBOX_KEY, Nkechi rotates it. now the flaky jest test", "PARCELFORCE_SANDBOX_KEY"),
        [said(0.75, "the label printing job's token lives in the printer service's own vault entry",
              "printer service's own vault entry")],
        Ask("the carrier sandbox contract tests fail with 401 in CI, which secret do they use?", "src/services"),
        Ask("add a workflow step that runs the Parcelforce sandbox suite", "src/routes"),
    )
    b.fact(
        "meshkit",
        said(0.4, "```\n$ git remote -v\norigin    git@git.acme.dev:geom/meshkit.git (fetch)\nupstream  "
                  "https://github.com/halfspace-lab/trimesh-core.git (fetch)\n```\nright, upstream is the "
                  "open-source project we forked; their fixes get cherry-picked from that remote",
             "halfspace-lab/trimesh-core"),
        [said(0.7, "the vendored single-header libraries are copied by hand, no remote for them",
              "copied by hand, no remote for them")],
        Ask("the original project fixed a crash in their quadric decimation, pull that fix in", "src"),
        Ask("which repo did this library start life as a fork of?", "include/meshkit"),
        Ask("```\nfatal: 'upstream' does not appear to be a git repository\n```\n? fresh clone, I want their "
            "latest fix", "tests"),
    )
    b.fact(
        "brightdesk",
        said(0.45, "```json\n\"scripts\": {\n  \"size\": \"size-limit\",\n  \"analyze\": \"source-map-explorer "
                   "'dist/assets/*.js'\"\n}\n```\nnpm run analyze is how we see what bloats the bundle; the budget in "
                   ".size-limit.json is 310 kB. ok, the tests", "source-map-explorer",
             "budget in .size-limit.json is 310 kB"),
        [said(0.75, "images go through the CDN's resizer, not the bundler", "CDN's resizer, not the bundler")],
        Ask("the main chunk grew by 90 kB after the editor upgrade, find out what's in it", "src/components"),
        Ask("CI says the bundle is over budget, what's the limit and how do I see what's big?", "src/api"),
    )
    b.fact(
        "routewise",
        said(0.4, "```\n$ dig +short rw-hooks.routewise.io\ningress-euw2.routewise.io.\n35.177.20.14\n```\nyes, "
                  "that's where Samsara posts the van telematics, path /hooks/samsara. ok, the linter",
             "rw-hooks.routewise.io"),
        [said(0.7, "driver app crash reports go straight to the vendor, we host nothing for them",
              "we host nothing for them")],
        Ask("the van GPS pings stopped arriving, which host do they come in on?", "internal/geo"),
        Ask("register our webhook URL with the telematics vendor, what's the address?", "cmd/routewise"),
    )
    b.fact(
        "tillpoint",
        said(0.45, "```\n$ systemctl list-timers | grep tillpoint\nThu 14:20  tillpoint-menusync.timer  "
                   "tillpoint-menusync.service\n```\nso the menu push to Deliveroo and Uber Eats runs every 20 "
                   "minutes from that timer on till-ops-01. fine, the flake8 thing", "tillpoint-menusync.timer",
             "till-ops-01"),
        [said(0.75, "card terminal firmware is pushed by the payment provider overnight",
              "pushed by the payment provider overnight")],
        Ask("Deliveroo still shows yesterday's specials, when does our menu push run and from where?", "backend"),
        Ask("restart the thing that syncs the menu to the delivery apps", "backend/reports"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "stockroom",
        said(0.2, "merged the bot's bump PR: fpdf2 2.7.9 → 2.8.1 for the delivery notes, nothing else in it",
             "fpdf2 2.7.9 → 2.8.1"),
        concluded(0.7, "support ticket: 'the delivery note for Łukasz Wróbel has little boxes where his name "
                       "should be'",
                  "The 2.8 fpdf2 release stopped substituting glyphs the built-in Helvetica lacks, so letters "
                  "outside Latin-1 such as Ł print as boxes; the notes need an embedded TTF font.",
                  "stopped substituting glyphs the built-in Helvetica lacks"),
        [],
        Ask("the delivery note shows empty squares instead of the Ł in a customer's name", "app/routers",
            want="cause"),
        Ask("bump fpdf2 for the pick lists too, same version as the delivery notes", "app", want="effect"),
    )
    b.causal(
        "brightdesk",
        said(0.2, "moved the search reindex cron to 05:40 so it stops fighting the database backup at 02:00",
             "search reindex cron to 05:40"),
        concluded(0.7, "email from a customer's team lead: 'every morning around 6 our agents can't find tickets that "
                       "came in overnight, by 7 it's fine'",
                  "The full reindex starts at 05:40 and runs about forty minutes, and overnight tickets aren't "
                  "searchable until it finishes, so the early shift searches the night before's index.",
                  "aren't searchable until it finishes"),
        [],
        Ask("early-shift agents say search can't find last night's emails until about seven", "src/api",
            want="cause"),
        Ask("move the nightly reindex to 06:30 so it's well clear of the backups", "src/components", want="effect"),
        Ask("a customer's team lead says search is useless first thing in the morning", "", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.25, "bumped jackson-databind from 2.15 to 2.18 with the Spring Boot upgrade",
             "jackson-databind from 2.15 to 2.18"),
        concluded(0.75, "a partner writes: 'your invoice.paid webhook says amount 1E+3 since Tuesday, our parser "
                        "rejects it'",
                  "After the Jackson bump, amounts that went through stripTrailingZeros serialise in scientific "
                  "notation; WRITE_BIGDECIMAL_AS_PLAIN is switched on now.", "serialise in scientific notation"),
        [],
        Ask("a partner's system rejects our webhooks because the amount looks like 2.5E+2", BILLING, want="cause"),
        Ask("upgrade jackson again to pick up the newest patch release", BILLING_TESTS, want="effect"),
        Ask("the reporting service is still on the old Jackson, bring it up to the same version", "", want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "cadence-ios",
        said(0.2, "the long-run reminder push is scheduled for Fridays at 18:00 UTC in the backend cron, one batch "
                  "for everyone", "Fridays at 18:00 UTC"),
        concluded(0.7, "App Store review, 2 stars: 'love the app but the long run reminder wakes me up at 4am on "
                       "Saturday'",
                  "The push goes out at 18:00 UTC for everyone, which is 4 a.m. Saturday in Sydney, so Australian "
                  "runners get woken; it should go out on each user's local Friday evening.",
                  "4 a.m. Saturday in Sydney"),
        [],
        Ask("a runner in Brisbane says the weekend-run notification buzzes in the middle of the night", "App",
            want="cause"),
        Ask("send the new race-week push in the same single UTC batch as the long-run reminder", "AppTests",
            want="effect"),
    )
    b.causal(
        "tidewater-etl",
        said(0.25, "pushed the nightly dbt build to 05:15 so it's after the warehouse maintenance window",
             "nightly dbt build to 05:15"),
        concluded(0.75, "the ferry operator's planning desk writes: 'the morning water bulletin has shown the "
                        "day-before-yesterday's figures all week'",
                  "The 06:00 bulletin reads the marts while the build that starts at 05:15 is still running (it "
                  "takes about 70 minutes), so it picks up the previous night's tables.",
                  "reads the marts while the build that starts at 05:15 is still running"),
        [],
        Ask("the 6am bulletin carries stale numbers every day this week", "dags", want="cause"),
        Ask("let's push the nightly build even later, to half past five", "models/staging", want="effect"),
    )
    b.causal(
        "fernbook",
        said(0.2, "upgraded the ice_cube gem to 0.17 for the recurring bookings, the changelog looked harmless",
             "ice_cube gem to 0.17"),
        concluded(0.7, "a member emails: 'my standing Monday 8am desk booking skipped the Monday after the clocks "
                       "went forward'",
                  "ice_cube 0.17 expands the rule in UTC when the start time has no zone, so after the clock change "
                  "that Monday's occurrence falls on the wrong day and is dropped; the schedule carries the "
                  "member's zone now.", "expands the rule in UTC when the start time has no zone"),
        [],
        Ask("a member's weekly recurring booking vanished for one week in spring", "app/models", want="cause"),
        Ask("bump ice_cube to the newest for the meeting room series too", "spec", want="effect"),
    )
