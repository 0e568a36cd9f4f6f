"""The eighteenth held-out split, continued: bugfixes (diagnosed from ``perf report``, the browser's
devtools console, a ``jstack`` thread dump, ``:recon.proc_count`` in a remote iex shell and the
``pg_stat_statements`` view), facts (under ``gh pr view``, ``systemctl cat``, ``env | grep``,
``npm config get`` and ``git config --get``) and causes and effects said in different
sessions, the effect arriving as a pasted helpdesk ticket with its fields, a Grafana alert, a store
review, a downstream user's GitHub issue and a data consumer's email; see :mod:`bench.coding.heldout18`."""

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
        said(0.4, "```\n$ perf report --stdio --no-children | head -6\n  31.20%  slice  [.] alloc::raw_vec::"
                  "RawVec<T,A>::grow_one\n  18.75%  slice  [.] core::str::from_utf8\n```\nthere: the context "
                  "window kept the last -B lines as owned Strings, copied out of the chunk for every line read. the "
                  "ring holds byte ranges into the chunk now, nothing is copied until a match prints it",
             "the ring holds byte ranges into the chunk now"),
        [said(0.7, "the chunk itself is reused between reads, it's allocated once per thread",
              "chunk itself is reused between reads")],
        Ask("-B 5 makes slice three times slower, why?", "src"),
        Ask("asking for lines before each match burns CPU in the allocator", "crates/slice-core"),
        Ask("profile shows grow_one at the top when context is on", "src"),
    )
    b.bugfix(
        "brightdesk",
        said(0.45, "devtools console on prod:\n```\nMixed Content: The page at 'https://desk.brightdesk.app/tickets/"
                   "88121' was loaded over HTTPS, but requested an insecure resource 'http://files.brightdesk.app/a/"
                   "3f9.png'. This request has been blocked\n```\nso that's it: VITE_ATTACHMENT_HOST in "
                   ".env.production still had http://. it's https now and the build fails if that variable isn't "
                   "https", "VITE_ATTACHMENT_HOST in .env.production still had http://"),
        [said(0.75, "on localhost the attachment host is plain http on purpose",
              "attachment host is plain http on purpose")],
        Ask("images customers attach show as broken in production only", "src/components"),
        Ask("screenshots in tickets don't load but the link opens fine in a new tab", "src/api"),
        Ask("chrome blocks something on the ticket page, attachments missing", "src/components"),
    )
    b.bugfix(
        "ledgerline",
        said(0.4, "```\n$ jstack 4121 | grep -c 'HikariPool.getConnection'\n200\n```\nall 200 Tomcat threads waiting "
                  "for a connection: the @Transactional on PaymentWebhookController.handle held the connection open "
                  "across the fraud-check HTTP call. the fraud check runs before the transaction starts now",
             "held the connection open across the fraud-check HTTP call"),
        [said(0.7, "the invoice export reads through a separate read-only pool", "separate read-only pool")],
        Ask("payment provider webhooks time out and then the whole API hangs", BILLING),
        Ask("Connection is not available, request timed out after 30000ms under webhook load", BILLING_TESTS),
        Ask("thread dump shows everything stuck in getConnection", BILLING),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "beacon-chat",
        concluded(0.45, "```\niex(beacon@10.0.3.4)1> :recon.proc_count(:reductions, 3)\n[{#PID<0.4412.0>, 98112034, "
                        "[current_function: {Beacon.Search.Indexer, :reindex_room, 1}]}, ...]\n```\nwhy is that one so "
                        "busy?",
                  "Beacon.Search.Indexer handled every message_edited event by re-indexing the whole room's history "
                  "instead of the one edited message, so a busy room with many edits kept it at full CPU. It "
                  "re-indexes only the edited message now.",
                  "re-indexing the whole room's history instead of the one edited message"),
        [said(0.7, "the indexer batches new messages every two seconds, that lag is intended",
              "batches new messages every two seconds")],
        Ask("one scheduler is pinned at 100% whenever people fix typos in a big room", "lib/beacon"),
        Ask("editing a message makes search CPU spike", "lib/beacon"),
        Ask("which process burns all the reductions on the node?", "test"),
    )
    b.bugfix(
        "tillpoint",
        said(0.45, "```\n=# SELECT calls, mean_exec_time, left(query, 50) FROM pg_stat_statements ORDER BY "
                   "total_exec_time DESC LIMIT 1;\n 91544 | 640.2 | SELECT COUNT(*) AS \"__count\" FROM \"orders_order\"\n"
                   "```\nthere it is: the till's recent-orders panel used Django's Paginator, which counts the whole "
                   "orders table on every refresh. it seeks past the last (created_at, id) it showed now, no count",
             "Paginator, which counts the whole orders table on every refresh"),
        [said(0.75, "the back-office order list keeps page numbers, it's used a few times a day",
              "back-office order list keeps page numbers")],
        Ask("the recent orders list on the till got slower every month", "backend/orders"),
        Ask("database CPU is pegged whenever the shops are busy, the order panel is involved", "backend"),
        Ask("make the till's last-orders sidebar cheap on the db", "backend/reports"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "fernbook",
        said(0.45, "```\n$ gh pr view 1482 --comments | tail -4\nfernbook-bot commented:\n  Preview ready: "
                   "https://pr-1482.preview.fernbook.dev (seeded with demo members, reset on every push)\n```\nthat's "
                   "the pattern for every PR, send QA the link. ok, the failing request spec",
             "pr-1482.preview.fernbook.dev"),
        [said(0.75, "staging is deployed from main only, never from a PR", "staging is deployed from main only")],
        Ask("where can QA click through my branch before merge?", "app/controllers"),
        Ask("url for the reveiw app of a PR", "spec"),
        Ask("the designer wants to try the new booking flow from my PR, where do I send her?", "app/models"),
    )
    b.fact(
        "stockroom",
        said(0.4, "```\n$ systemctl cat stockroom-worker.service\n[Service]\nEnvironmentFile=/etc/stockroom/worker.env\n"
                  "ExecStart=/srv/stockroom/.venv/bin/dramatiq app.workers\n```\nso on the box the worker's settings "
                  "come from /etc/stockroom/worker.env, not the repo's .env. right, the mypy errors",
             "/etc/stockroom/worker.env"),
        [said(0.7, "the API process on the box runs in docker, its env comes from the compose file",
              "its env comes from the compose file")],
        Ask("changed the SMTP host for the background jobs on the server, where do I put it?", "app"),
        Ask("the worker on prod still uses the old supplier token, where's it configured?", "app/routers"),
        Ask("which file does the systemd worker read its variables from?", "tests"),
    )
    b.fact(
        "infra-live",
        said(0.45, "```\n$ env | grep ^TF_\nTF_PLUGIN_CACHE_DIR=/opt/tf-plugin-cache\nTF_IN_AUTOMATION=1\n```\nthat's on "
                   "every CI runner: providers are cached in /opt/tf-plugin-cache, baked into the runner image, so init "
                   "doesn't download the AWS provider each job. ok, tflint", "/opt/tf-plugin-cache"),
        [said(0.75, "on laptops nobody sets a plugin cache, each checkout downloads its own",
              "on laptops nobody sets a plugin cache")],
        Ask("terraform init takes ages in the pipeline, are providers cached anywhere?", "envs/staging"),
        Ask("where do the ci runners keep provider binaries", "modules/network"),
        Ask("bump the aws provider, will the runners need anything refreshed?", "envs/prod"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "parcelhub",
        said(0.4, "```\n$ npm config get @parcelhub:registry\nhttps://npm.parcelhub.internal/\n```\nthat's where "
                  "every @parcelhub/* package comes from, the carrier SDK wrappers included; you need the VPN for "
                  "npm ci. ok, the ts errors", "https://npm.parcelhub.internal/"),
        [said(0.7, "public packages still come from registry.npmjs.org", "public packages still come from")],
        Ask("npm ci fails with 404 on @parcelhub/carrier-sdk", "src/services"),
        Ask("where do we publish the shared label-format package?", "src/routes"),
        Ask("set up .npmrc on my new machine for the internal packages", "src/services"),
    )
    b.fact(
        "cadence-ios",
        said(0.45, "```\n$ git config --get core.hooksPath\n.githooks\n$ ls .githooks\npre-commit\n```\nright, the "
                   "hooks are versioned in .githooks and every clone has to run git config core.hooksPath .githooks "
                   "once; "
                   "pre-commit lints the staged Swift files. ok, the swiftlint warnings",
             "git config core.hooksPath .githooks"),
        [said(0.75, "CI doesn't rely on the hooks, it runs the linters itself", "CI doesn't rely on the hooks")],
        Ask("fresh clone, my commits skip the lint check that everyone else gets", "App"),
        Ask("where do our git hooks live and how do I turn them on?", "AppTests"),
        Ask("onboarding step for new devs so the pre-commit lint runs", "App/Views"),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.35, "receipts print a QR code to the e-receipt now instead of the full item list, saves a metre of "
                   "paper a day per till. ok, the black errors",
             "QR code to the e-receipt now instead of the full item list"),
        said(0.75, "helpdesk ticket, pasting:\n```\n#48213  Priority: High  Requester: manager, Rua Augusta\n"
                   "'returns desk cannot match returns any more, the paper receipts have no items on them'\n```",
             "the paper receipts have no items on them"),
        [said(0.55, "gift receipts never showed prices, that's unchanged", "gift receipts never showed prices")],
        Ask("the returns counter says customers' receipts are useless for refunds now", "backend/orders", want="cause"),
        Ask("what did dropping the item lines from printed receipts break?", "backend", want="effect"),
        Ask("anyone affected by the paperless receipt change?", "backend/reports", want="effect"),
    )
    b.causal(
        "routewise",
        said(0.3, "the driver app uploads the whole GPS breadcrumb trail in one request when the shift is closed, "
                  "no more streaming during the day",
             "whole GPS breadcrumb trail in one request when the shift is closed"),
        said(0.7, "```\n[FIRING] shift_close_failures > 5/min\nsummary: POST /shifts/close returns 413 Request Entity "
                  "Too Large, rural depots\n```", "POST /shifts/close returns 413"),
        [said(0.5, "the request body limit on the API gateway is 10 MB",
              "request body limit on the API gateway is 10 MB")],
        Ask("drivers on long country routes can't close their shift", "cmd/routewise", want="cause"),
        Ask("any fallout from batching the location trail to the end of the day?", "internal/geo", want="effect"),
        Ask("413 on shift close, what changed", "internal/dispatch", want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "pocketgarden",
        said(0.35, "the home-screen widget refreshes every 2 hours now instead of every 30 minutes, battery "
                   "historian showed it waking the phone too often",
             "refreshes every 2 hours now instead of every 30 minutes"),
        said(0.75, "new Play review, 2 stars: 'the widget keeps telling me my fern is thirsty after I've watered it "
                   "and ticked it off in the app'", "widget keeps telling me my fern is thirsty"),
        [said(0.55, "the widget can be resized to 4x2, the layout reflows", "can be resized to 4x2")],
        Ask("widget still shows plants as dry after watering", GARDEN, want="cause"),
        Ask("anything users would notice from the slower widget update interval?", GARDEN_TESTS, want="effect"),
        Ask("why are people complaining about stale watering status on the home screen?", GARDEN, want="cause"),
    )
    b.causal(
        "meshkit",
        said(0.4, "3.2 exports a single CMake target, meshkit::meshkit; the old meshkit_static alias is gone, static "
                  "or shared is chosen with BUILD_SHARED_LIBS", "the old meshkit_static alias is gone"),
        said(0.75, "issue #318 from a downstream user: 'after updating to 3.2, target_link_libraries(app "
                   "meshkit_static) fails: target not found'", "target_link_libraries(app meshkit_static) fails"),
        [said(0.55, "the pkg-config file is still installed for non-CMake users", "pkg-config file is still installed")],
        Ask("users say their CMake link line broke after the upgrade", "tests", want="cause"),
        Ask("does removing the old static target name break anyone?", "src", want="effect"),
        Ask("triage the new issue about a missing cmake target", "include/meshkit", want="cause"),
    )
    b.causal(
        "tidewater-etl",
        said(0.4, "the public stations mart takes station names from the national registry's English names now, "
                  "not the local names we typed in by hand", "registry's English names now"),
        said(0.7, "email from the harbour authority: 'your feed renamed Aberdaugleddau to Milford Haven, our bilingual "
                  "signage pulls from it, please restore the Welsh names'", "please restore the Welsh names"),
        [said(0.5, "station ids didn't change, only display names", "station ids didn't change")],
        Ask("a partner says the place names in our data changed language", "models/staging", want="cause"),
        Ask("who might notice that we switched where station names come from?", "dags", want="effect"),
        Ask("why did a harbour in Wales get an English name in the export?", "scripts", want="cause"),
    )
