"""The nineteenth held-out split, continued: bugfixes (diagnosed from ``GODEBUG=gctrace=1`` output,
``redis-cli --bigkeys``, ``adb shell pm get-app-links``, a ``tracemalloc`` snapshot diff and a
``mitmdump`` count of duplicate requests), facts (under ``aws configure list-profiles``, ``psql``'s
``\\conninfo``, ``git lfs ls-files``, ``mix phx.routes`` and ``keytool -list``) and causes and effects
said in different sessions, the effect arriving as a Google Search Console email, an accessibility
audit's finding, a partner's firewall team writing in, a penetration test report's finding and a
Crashlytics velocity alert; see :mod:`bench.coding.heldout19`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said
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
        "routewise",
        said(0.4, "```\n$ GODEBUG=gctrace=1 ./routewise serve 2>&1 | tail -1\ngc 8812 @901.3s 38%: 0.1+412+0.2 ms clock, "
                  "2900->2950->1480 MB, 2960 MB goal, 8 P\n```\n38% of the time in GC. every replan decoded each leg's "
                  "polyline again into a fresh []LatLng, millions of small slices. decoded legs are kept in an LRU by "
                  "leg id now and GC is down to 3%", "decoded legs are kept in an LRU by leg id"),
        [said(0.7, "the routing API sends the leg polylines encoded at precision 6",
              "leg polylines encoded at precision 6")],
        Ask("replans get slower through the day and memory goes up and down like a saw", "internal/dispatch"),
        Ask("the planner spends a third of its cpu collecting garbage", "cmd/routewise"),
        Ask("cut the allocations in the route geometry code", "internal/geo"),
        Ask("replan p99 jumped after the big depot added 400 stops", "internal/dispatch"),
    )
    b.bugfix(
        "parcelhub",
        said(0.45, "```\n$ redis-cli --bigkeys\n[00.00%] Biggest hash found so far '\"track:sess\"' with 2104877 fields\n"
                   "```\nthat's the leak: tracking-page sessions all went into one hash with no expiry. each session "
                   "is its own key with a 30 minute TTL now", "each session is its own key with a 30 minute TTL"),
        [said(0.7, "the rendered label cache in Redis is flushed on every deploy",
              "label cache in Redis is flushed on every deploy")],
        Ask("redis memory climbs until it starts evicting, what's eating it?", "src/services"),
        Ask("used_memory grows every day although traffic is flat", "src/routes"),
        Ask("how should we keep the public tracking page's sessions in redis?", "src/services"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.4, "```\n$ adb shell pm get-app-links com.acme.garden\n  com.acme.garden:\n    Domain verification state:\n"
                  "      share.pocketgarden.app: 1024\n```\n1024 is a failed verification: assetlinks.json on "
                  "share.pocketgarden.app answered with a 301 to www, and Android doesn't follow redirects for it. it's "
                  "served directly with a 200 now", "assetlinks.json on share.pocketgarden.app answered with a 301"),
        [said(0.7, "a link to a plant you can't see opens the 'not shared with you' screen",
              "opens the 'not shared with you' screen")],
        Ask("tapping a shared plant link opens chrome instead of the app", GARDEN),
        Ask("app link verification is failing on android 12 and up", GARDEN_TESTS),
        Ask("links friends send me to their plants stopped opening in the app", GARDEN),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "stockroom",
        said(0.45, "```\n>>> snap2.compare_to(snap1, 'lineno')[0]\n<StatisticDiff traceback=<Traceback (<Frame filename="
                   "'app/webhooks.py' lineno=88>,)> size=412 MiB (+409 MiB)>\n```\nline 88 is a debug list someone "
                   "left in the carrier webhook handler: every payload was appended to _recent_payloads and never "
                   "trimmed. it's a deque(maxlen=100) now", "it's a deque(maxlen=100) now"),
        [said(0.75, "carrier webhooks are acknowledged before they're processed",
              "acknowledged before they're processed")],
        Ask("the api process grows by a few hundred MB a day until it's OOM-killed", "app/routers"),
        Ask("memory only goes up on days with lots of deliveries", "app"),
        Ask("review the carrier webhook handler for anything that holds on to memory", "tests"),
    )
    b.bugfix(
        "cadence-ios",
        said(0.4, "```\n$ mitmdump -nr launch.flow | grep -c 'GET /v2/plans/today'\n11\n```\neleven identical requests "
                  "at launch: every tab's view model fetched today's plan on init. one PlanStore fetches it once and "
                  "the tabs observe it now", "every tab's view model fetched today's plan on init"),
        [said(0.7, "the plan is refetched when the app comes back to the foreground after an hour",
              "refetched when the app comes back to the foreground after an hour")],
        Ask("app launch hits the backend with the same request again and again", "App"),
        Ask("cold start takes 3 seconds on a slow network, why", "App/Views"),
        Ask("add a new tab that shows today's session", "App/Views"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "infra-live",
        said(0.4, "```\n$ aws configure list-profiles\nacme-prod-apply\nacme-staging-apply\nacme-readonly\n```\n"
                  "right, those are the SSO profiles: a prod plan runs with AWS_PROFILE=acme-prod-apply after aws sso "
                  "login, and acme-readonly is for poking around", "AWS_PROFILE=acme-prod-apply"),
        [said(0.7, "the SSO session lasts 8 hours, then aws sso login again",
              "SSO session lasts 8 hours")],
        Ask("terraform plan in prod says no valid credential sources found", "envs/prod"),
        Ask("which aws profile do I need to apply the production stack?", "modules/network"),
        Ask("set up my new laptop to run plans against prod", "envs/staging"),
    )
    b.fact(
        "tillpoint",
        said(0.45, "```\ntillpoint=> \\conninfo\nYou are connected to database \"tillpoint\" as user \"till_ro\" on host "
                   "\"pg-replica.shop.internal\" at port \"6432\".\n```\nright, the reports go through pgbouncer on 6432 "
                   "to the replica as till_ro, so a report can't write, by design",
             "pg-replica.shop.internal", "till_ro"),
        [said(0.75, "the till backend itself connects to the primary as till_app",
              "connects to the primary as till_app")],
        Ask("which database do the sales reports read from, and as which user?", "backend/reports"),
        Ask("report tries to cache a total and gets 'cannot execute UPDATE in a read-only transaction'",
            "backend/reports"),
        Ask("connection details for running a report query by hand", "backend"),
    )
    b.fact(
        "logslice",
        said(0.4, "```\n$ git lfs ls-files | head -2\n3e1a9c0b2d * tests/fixtures/huge/nginx-7gb.log.zst\n"
                  "77d0f1e4aa * tests/fixtures/huge/journald-2gb.log.zst\n```\nthe big fixtures under "
                  "tests/fixtures/huge are in LFS; run git lfs pull before cargo test --features slow-tests",
             "tests/fixtures/huge are in LFS"),
        [said(0.7, "the small fixtures are plain files in git, a few KB each", "small fixtures are plain files in git")],
        Ask("the slow tests fail parsing the 7gb nginx fixture, it looks like a text pointer", "src"),
        Ask("where do the huge test logs come from, cargo test can't open them", "crates/slice-core"),
        Ask("set up my laptop to run the slow test suite", "src"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "beacon-chat",
        said(0.45, "```\n$ mix phx.routes | grep Push\n  POST  /hooks/push/:provider  BeaconWeb.PushWebhookController "
                   ":receive\n```\nthat's the one route the push providers call back on, APNs and FCM delivery "
                   "receipts land there. ok, credo", "/hooks/push/:provider"),
        [said(0.75, "push receipts older than a week are deleted by the pruner", "push receipts older than a week")],
        Ask("what url do apns/fcm post delivery receipts to?", "lib/beacon_web/channels"),
        Ask("FCM callbacks come back 404, which endpoint should they hit", "lib/beacon"),
        Ask("add signature verification to the push provider callback", "test"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "```\n$ keytool -list -keystore src/main/resources/tls/bank-truststore.p12\nbank-root-g2, Jun 3, 2024, "
                  "trustedCertEntry\n```\nthat's the truststore BankClient's mTLS uses, only the bank's root in it; its "
                  "password is BANK_TRUSTSTORE_PASSWORD in prod", "src/main/resources/tls/bank-truststore.p12"),
        [said(0.7, "the PSP client uses the JVM's default cacerts, no custom truststore",
              "PSP client uses the JVM's default cacerts")],
        Ask("the bank rotates its root CA next month, where does the new cert go?", BILLING),
        Ask("PKIX path building failed when we call the bank", BILLING),
        Ask("which trust store does the bank connection use", BILLING_TESTS),
        Ask("integration test for the bank handshake needs the right certificates", BILLING_TESTS),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "fernbook",
        said(0.35, "room pages render client-side now: the Rails view only ships an empty div that the booking "
                   "widget's JS fills in, it made the widget much simpler", "the Rails view only ships an empty div"),
        said(0.75, "email from Google Search Console:\n```\nNew page indexing issue detected for fernbook.com\n"
                   "'Crawled - currently not indexed' rose to 214 pages (/rooms/*)\n```\nso our room pages are "
                   "dropping out of google", "currently not indexed' rose to 214 pages"),
        [said(0.55, "the sitemap is regenerated every night by a rake task", "sitemap is regenerated every night")],
        Ask("why did our meeting room pages disappear from google?", "app/controllers", want="cause"),
        Ask("did moving the room page rendering into the browser have side effects?", "app/models", want="effect"),
        Ask("search traffic to the rooms fell off a cliff", "spec", want="cause"),
    )
    b.causal(
        "brightdesk",
        said(0.4, "a ticket's priority is shown only by the colour of its dot now, we dropped the P1/P2 text to "
                  "declutter the list", "shown only by the colour of its dot now"),
        said(0.7, "the accessibility audit is back, finding 7: 'Ticket priority is conveyed by colour alone (WCAG "
                  "1.4.1); colour-blind agents could not tell urgent tickets apart'",
             "colour-blind agents could not tell urgent tickets apart"),
        [said(0.5, "the queue's sort order didn't change, urgent tickets still sit on top",
              "urgent tickets still sit on top")],
        Ask("an agent with deuteranopia can't see which tickets are urgent", "src/components", want="cause"),
        Ask("what did taking the priority labels out of the list break?", "src/components", want="effect"),
        Ask("wcag finding about colour in the queue, where does it come from", "src/api", want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "infra-live",
        said(0.35, "all envs leave through the shared NAT in the hub account now, the per-env NAT gateways are "
                   "deleted; one egress IP for everything", "per-env NAT gateways are deleted"),
        said(0.75, "the freight partner's firewall team wrote in: 'since Tuesday your SFTP uploads come from "
                   "18.200.41.7, which is not on our allow list; connections are refused'",
             "which is not on our allow list; connections are refused"),
        [said(0.55, "the hub NAT sits in two AZs for redundancy", "hub NAT sits in two AZs")],
        Ask("the partner's sftp refuses us since this week", "envs/prod", want="cause"),
        Ask("did consolidating outbound traffic break anything for outside parties?", "modules/network",
            want="effect"),
        Ask("which integrations need telling when our egress address changes?", "modules/network", want="effect"),
        Ask("uploads to the freight partner time out, our side or theirs?", "envs/staging", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.4, "the invoice PDF links are plain /invoices/{id}/pdf now, no signed token, the portal checks the "
                  "session anyway", "no signed token, the portal checks the session anyway"),
        said(0.75, "pentest report, finding H-2: 'Invoice PDFs retrievable by incrementing the numeric id in the "
                   "e-mailed links; the download endpoint does no authorisation'",
             "retrievable by incrementing the numeric id"),
        [said(0.55, "the PDF download sets Content-Disposition: attachment with the invoice number as file name",
              "Content-Disposition: attachment with the invoice number")],
        Ask("the pentesters downloaded other customers' invoices, how?", BILLING, want="cause"),
        Ask("security impact of dropping the signed invoice urls?", BILLING_TESTS, want="effect"),
        Ask("fix finding H-2", BILLING, want="cause"),
    )
    b.causal(
        "cadence-ios",
        said(0.35, "workout history is loaded all at once into memory now for the year chart, no paging",
             "loaded all at once into memory now for the year chart"),
        said(0.7, "Crashlytics velocity alert: 'EXC_RESOURCE RESOURCE_TYPE_MEMORY in HistoryViewModel.load(), 1.9% of "
                  "sessions, mostly iPhone SE'", "EXC_RESOURCE RESOURCE_TYPE_MEMORY in HistoryViewModel.load()"),
        [said(0.5, "the year chart aggregates by week, 52 bars", "aggregates by week, 52 bars")],
        Ask("app gets killed on older iphones when opening the history tab", "App/Views", want="cause"),
        Ask("risk of loading every workout for the yearly graph?", "App", want="effect"),
        Ask("memory crash spike on SE devices, what changed", "AppTests", want="cause"),
    )
