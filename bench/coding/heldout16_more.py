"""The sixteenth held-out split, continued: bugfixes (diagnosed from a ``git bisect run``, a profiler flame
graph, a Sentry issue, a diff of a good run's log against a bad one's, a heap dump and a ``py-spy
dump``), facts (under ``kubectl get hpa``, ``ip addr``, ``openssl x509``, ``pip show`` and ``bundle exec
whenever`` with a one-line comment, and one given only as a row of a table) and causes and effects linked
through a middle step, the effect reported in another session, mostly without naming the change behind it; see
:mod:`bench.coding.heldout16`."""

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
        "logslice",
        said(0.4, "```\n$ git bisect run ./ci/invert_json.sh\n...\nc41d07e is the first bad commit\n    filter: share "
                  "one match buffer across outputs\n```\nso that's where --invert --json started printing {} for "
                  "every line: the JSON writer reads the match buffer, which the inverted path never fills. it fills "
                  "it now too. next, the changelog", "the inverted path never fills"),
        [said(0.7, "--invert with --count counts the non-matching lines, that's intended",
              "counts the non-matching lines, that's intended")],
        Ask("slice -v --json gives me a screen full of empty braces", "src"),
        Ask("excluded-lines output in json mode is all blank objects, regression?", "crates/slice-core"),
        Ask("empty {} for each line when I exclude a pattern and want JSON"),
    )
    b.bugfix(
        "routewise",
        concluded(0.45, "flame graph from last night's planning run: the widest tower sits under improveRoute, and "
                        "most of it is encoding/json, about 58% of the width, with debug logging off. what's going on?",
                  "improveRoute passes json.Marshal of the whole plan as an argument to a slog.Debug call, and Go "
                  "evaluates arguments before the logger checks the level, so every iteration serialises the plan "
                  "and throws it away. I've wrapped the plan in a LogValuer so it is only encoded when debug is on; "
                  "the json tower is gone from the profile.",
                  "json.Marshal of the whole plan as an argument to a slog.Debug call"),
        [said(0.75, "the geocoder cache hit rate is about 92%, that's fine", "geocoder cache hit rate is about 92%")],
        Ask("the night plan burns cpu even though we don't log at debug level", "internal/dispatch"),
        Ask("why does route optimisation spend so long serialising things?", "internal/geo"),
        Ask("profile: loads of time encoding structs nobody reads", "cmd/routewise"),
    )
    b.bugfix(
        "brightdesk",
        said(0.45, "Sentry issue BRIGHTDESK-4K2, 1,318 events, 212 users:\n```\nTypeError: Cannot read properties of "
                   "null (reading 'split')\n  at initials (src/components/CustomerChip.tsx:14)\n```\nall on tickets "
                   "that came in by email: those customers have no name, only an address. initials() falls back to "
                   "the first letter of the email now", "falls back to the first letter of the email"),
        [said(0.7, "tickets from the chat widget always carry a name, the widget asks for it",
              "the widget asks for it")],
        Ask("the ticket list crashes when the ticket was opened by mailing support", "src/components"),
        Ask("customer chip throws on null", "src/components"),
        Ask("what letters go in the avatar circle when the requester never gave a name?", "src/api"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "beacon-chat",
        said(0.4, "diffed the log of the good run against the bad one:\n```diff\n- [info] room_export: PUT "
                  "beacon-exports.s3.eu-north-1.amazonaws.com 200\n+ [warning] room_export: PUT "
                  "beacon-exports.s3.amazonaws.com 301 PermanentRedirect\n```\nthe new release lost the ExAws region "
                  "config, so it fell back to us-east-1 and S3 answered with a redirect. the region is set in "
                  "runtime.exs from AWS_REGION now", "lost the ExAws region config"),
        [said(0.75, "export archives are deleted from the bucket after 7 days",
              "export archives are deleted from the bucket after 7 days")],
        Ask("room history exports fail with a 301 since the deploy", "lib/beacon"),
        Ask("the chat archive job broke after the last release, storage says permanent redirect", "test"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.45, "heap dump after ten trips into the light meter: 10 retained LightMeterFragment instances, all held "
                   "by SensorManager through our SensorEventListener. we registered it in onResume and never "
                   "unregistered; onPause unregisters it now", "never unregistered; onPause unregisters it now"),
        [said(0.7, "the camera preview leak last spring was CameraX's own bug, fixed by the library update",
              "CameraX's own bug")],
        Ask("the app gets slower every time I open the lux measuring screen", GARDEN),
        Ask("LeakCanary keeps flagging the light sensor screen", GARDEN_TESTS),
    )
    b.bugfix(
        "stockroom",
        concluded(0.4, "```\n$ py-spy dump --pid 4121\nThread 0x7F1 (active): \"MainThread\"\n    find_longest_match "
                       "(difflib.py:305)\n    ratio (difflib.py:622)\n    similar_items (app/variance.py:88)\n```\n"
                       "the stocktake variance report has been running for 40 minutes",
                  "similar_items compares every counted product name with every catalogue name through "
                  "difflib.SequenceMatcher, which is quadratic in rows and in string length; at 60k products it never "
                  "finishes. I replaced it with a lookup on the normalised product code and only fall back to fuzzy "
                  "matching for the few lines left unmatched.",
                  "every catalogue name through difflib.SequenceMatcher"),
        [said(0.75, "the variance report rounds quantities to whole units", "rounds quantities to whole units")],
        Ask("the count discrepancy report never finishes for the big warehouse", "app"),
        Ask("variance job pegs a core for an hour", "app/routers"),
        Ask("why is matching counted items against the catalogue so slow?", "tests"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "beacon-chat",
        said(0.4, "```\n$ kubectl get hpa -n beacon\nNAME         REFERENCE               TARGETS   MINPODS   MAXPODS"
                  "   REPLICAS\nbeacon-web   Deployment/beacon-web   41%/65%   3         12        4\n```\nso the web "
                  "pods scale between 3 and 12 on CPU at 65%, the sockets rebalance on their own. ok, the dialyzer "
                  "warning", "scale between 3 and 12 on CPU at 65%"),
        [said(0.75, "the presence workers are a fixed StatefulSet of 2", "fixed StatefulSet of 2")],
        Ask("how many web pods can we end up with at peak?", "lib/beacon_web/channels"),
        Ask("what's the autoscaling threshold for the phoenix deployment?", "lib/beacon"),
        Ask("load test: at what point do extra pods get added?", "test"),
    )
    b.fact(
        "tillpoint",
        said(0.45, "```\n$ ip addr show wg-hq\n7: wg-hq: <POINTOPOINT,NOARP,UP,LOWER_UP> mtu 1420\n    inet "
                   "10.77.4.2/16 scope global wg-hq\n```\nevery shop's till server reaches head office through that "
                   "WireGuard interface, wg-hq on 10.77.0.0/16; when it's down, sales queue up locally. ok, migrations",
             "wg-hq on 10.77.0.0/16"),
        [said(0.7, "head office has no route into the shops; only the shops dial out, head office never connects in",
              "only the shops dial out")],
        Ask("the Leeds shop's sales stopped arriving at head office, what link do they use?", "backend/orders"),
        Ask("which network interface does a shop server use to reach the central API?", "backend"),
    )
    b.fact(
        "parcelhub",
        said(0.4, "```\n$ openssl x509 -noout -subject -enddate -in /etc/parcelhub/certs/gls-client.pem\n"
                  "subject=CN = parcelhub-api, O = Parcelhub Ltd\nnotAfter=Sep 30 12:00:00 2026 GMT\n```\nthe GLS "
                  "API only talks to us with that client certificate, /etc/parcelhub/certs/gls-client.pem, and it is "
                  "renewed by hand in the GLS partner portal. fine, the lint", "/etc/parcelhub/certs/gls-client.pem"),
        [said(0.75, "DPD authenticates with an API key header, no certificate", "DPD authenticates with an API key header")],
        Ask("GLS calls started failing with a TLS handshake error this morning", "src/services"),
        Ask("where's the key pair we present to GLS, and when does it run out?", "src/routes"),
        Ask("the GLS client cert expires soon, what do I replace?", "src/services"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "stockroom",
        said(0.45, "```\n$ pip show stockroom-rfid\nName: stockroom-rfid\nVersion: 0.9.2\nLocation: "
                   "/opt/venvs/gates/lib/python3.12/site-packages\n```\nthe RFID gates at the loading bay run from "
                   "that separate venv, /opt/venvs/gates, not the app's; install their fixes there. ok, pytest",
             "/opt/venvs/gates"),
        [said(0.75, "the scanner SDK wheels live in the app's own virtualenv",
              "scanner SDK wheels live in the app's own virtualenv")],
        Ask("patched the gate reader library, where do I install it on the box?", "app"),
        Ask("the tag readers at the bay still run old code after pip install", "app/routers"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "for the partner onboarding doc:\n\n| environment | base URL | data |\n|---|---|---|\n| partner "
                  "sandbox | https://partners-sandbox.ledgerline.test | wiped nightly 01:00 UTC |\n| production | "
                  "https://api.ledgerline.example | live |\n\nok, the checkstyle", "partners-sandbox.ledgerline.test"),
        [said(0.7, "internal QA uses the uat cluster, partners never see it", "internal QA uses the uat cluster")],
        Ask("a new partner wants somewhere to try the invoice API without real money", BILLING),
        Ask("which host do integrators test against, and does their data stick around?", BILLING_TESTS),
        Ask("partner says their test invoices vanished overnight", BILLING),
    )
    b.fact(
        "fernbook",
        said(0.45, "```\n$ bundle exec whenever\n0 6 * * 1 /bin/bash -l -c 'cd /srv/fernbook/current && bin/rails "
                   "members:inactive_report'\n## [message] Above is your schedule file converted to cron syntax\n```\n"
                   "the Monday list of members who haven't booked in 60 days comes from that cron entry on app-1, "
                   "written by whenever from config/schedule.rb, not from Sidekiq. ok, rspec",
             "members:inactive_report"),
        [said(0.7, "the invoice reminders run as Sidekiq jobs", "invoice reminders run as Sidekiq jobs")],
        Ask("office managers didn't get the list of dormant members this week", "app/models"),
        Ask("where is the weekly report of people who stopped booking scheduled?", "app/controllers"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.3, "the table-side ordering page now sends orders straight to the kitchen, no waiter confirmation, "
                  "guests liked the speed", "sends orders straight to the kitchen, no waiter confirmation"),
        said(0.65, "head chef says food waste is way up: dishes get cooked for tables that are already empty, the "
                   "guests ordered on their phones and left without paying, and nobody looks at those orders any "
                   "more. ok, tests", "dishes get cooked for tables that are already empty"),
        [],
        Ask("why are we binning so many plates lately?", "backend/reports", want="cause"),
        Ask("let phone orders from the bar area skip staff approval too", "backend/orders", want="effect"),
        Ask("walkouts after ordering on the phone, what changed?", "backend", want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.3, "set reserved_concurrent_executions = 5 on the image-resizer lambda, it was eating the account's "
                  "concurrency", "reserved_concurrent_executions = 5 on the image-resizer"),
        concluded(0.7, "product thumbnails show up twenty minutes after upload on weekday mornings, why?",
                  "At nine the upload burst arrives faster than the resizer is allowed to run, so the messages wait "
                  "in the resize queue and drain slowly; the thumbnails only appear once the backlog clears.",
                  "messages wait in the resize queue and drain slowly"),
        [],
        Ask("thumbnails lag badly every morning", "envs/prod", want="cause"),
        Ask("put the same concurrency cap on the pdf-render function", "modules/network", want="effect"),
    )
    b.causal(
        "pocketgarden",
        said(0.3, "the plant-ID TFLite model (48 MB) now ships inside the base APK instead of the on-demand feature "
                  "module, the split install was flaky", "ships inside the base APK instead of the on-demand feature module"),
        said(0.7, "Play Console: new installs from India and Indonesia down 22% since the release; the download went "
                  "past the size where Play asks people on mobile data to wait for wifi, and most never come back. "
                  "ok, detekt", "new installs from India and Indonesia down 22%"),
        [],
        Ask("why did installs in emerging markets fall off after the last update?", GARDEN, want="cause"),
        Ask("bundle the leaf disease detector into the main app as well", GARDEN_TESTS, want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "brightdesk",
        said(0.3, "the ticket list now prefetches the whole thread of the first 50 tickets as soon as it loads, so "
                  "opening one feels instant", "prefetches the whole thread of the first 50 tickets"),
        concluded(0.65, "agents get 'Too many requests' banners for the first few minutes of every shift, why?",
                  "When a shift starts, every agent's dashboard fires its fifty thread requests at once, and the "
                  "API's per-user limit of 30 requests a minute answers the overflow with 429s until the burst "
                  "passes.", "per-user limit of 30 requests a minute answers the overflow with 429s"),
        [],
        Ask("everyone sees rate-limit errors right after logging in in the morning", "src/api", want="cause"),
        Ask("warm the customer profile panel the same way for the top tickets", "src/components", want="effect"),
        Ask("429s at shift start, what changed?", "src/components", want="cause"),
    )
    b.causal(
        "parcelhub",
        said(0.3, "tracking texts now go out from our new shortcode 60321 instead of the alphanumeric sender, it's "
                  "cheaper", "shortcode 60321"),
        said(0.7, "German recipients stopped getting 'out for delivery' texts entirely; their networks filter "
                  "messages from foreign shortcodes as spam. UK is fine. back to the types",
             "filter messages from foreign shortcodes"),
        [],
        Ask("customers in Germany say they never get the delivery SMS", "src/services", want="cause"),
        Ask("switch the return-label texts to the same sender as tracking", "src/routes", want="effect"),
    )
    b.causal(
        "cadence-ios",
        said(0.3, "the interval runner now schedules a local notification for every interval cue up front when the "
                  "workout starts, so cues fire even if the app is killed",
             "schedules a local notification for every interval cue up front"),
        concluded(0.55, "long pyramid sessions lose their last cues, the final intervals are silent",
                  "iOS keeps at most 64 pending local notifications per app; a 45-interval pyramid schedules two per "
                  "interval, so everything past the 64th is dropped without a word.",
                  "at most 64 pending local notifications per app"),
        [],
        Ask("the last few intervals of a long workout make no sound", "App", want="cause"),
        Ask("also pre-schedule the halfway and cooldown announcements", "AppTests", want="effect"),
    )
