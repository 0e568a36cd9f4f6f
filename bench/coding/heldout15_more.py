"""The fifteenth held-out split, continued: bugfixes (found through a flaky CI job's third rerun, a
``gdb`` backtrace of a core dump, a customer's screenshot described in words, a JVM ``hs_err`` file,
a flaky test that split a bill differently per run), facts (under ``docker compose ps``, ``go env``,
``cargo tree``, ``df -h``, ``ls -la`` or an actuator ``curl``, with a one-line comment) and causes and
effects told backwards: the effect is reported first and left open, and sessions later the cause is
found and said; see :mod:`bench.coding.heldout15`."""

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
        "routewise",
        said(0.4, "third rerun of the CI job finally failed in a way I could read: TestAssignVans compared the "
                  "assignments in whatever order the map handed them out, so it passed or failed by luck. the "
                  "test sorts by van id before comparing now. ok, next", "in whatever order the map handed them out"),
        [said(0.7, "the slow CI last month was the module cache not being restored",
              "module cache not being restored")],
        Ask("TestAssignVans passes locally and fails on CI every few runs", "internal/dispatch"),
        Ask("flaky assignment test again?? same input, different result", "cmd/routewise"),
        Ask("van assignment test red on CI, green on rerun. why"),
    )
    b.bugfix(
        "meshkit",
        concluded(0.45, "```\n$ gdb ./meshkit-cli core.48213\n#0  meshkit::detail::visit_face (f=4194301) at "
                        "components.cpp:41\n#1  meshkit::detail::visit_face (f=4194300) at components.cpp:47\n"
                        "#2  meshkit::detail::visit_face (f=4194299) at components.cpp:47\n... (174k frames)\n```\n"
                        "segfault on the 5M-face city scan",
                  "visit_face recurses once per neighbouring face, so one long connected strip of faces needs a "
                  "stack frame per face and overflows the 8 MB stack. The fix is an explicit std::vector worklist "
                  "in connected_components instead of recursion; I've made that change.",
                  "explicit std::vector worklist in connected_components"),
        [said(0.7, "the wrong island count on the teapot was a duplicated seam vertex", "duplicated seam vertex")],
        Ask("splitting a huge scan into parts segfaults, small meshes are fine", "src"),
        Ask("stack overflow when counting mesh islands", "tests"),
        Ask("why does the component labelling crash only on really big inputs?", "include/meshkit"),
    )
    b.bugfix(
        "cadence-ios",
        said(0.4, "customer sent a screenshot: the week view shows Sunday's long run as the first day of the next "
                  "week, and her weekly total is short by 21 km. we grouped by a week that starts Monday, but her "
                  "calendar starts on Sunday; grouping uses Calendar.current's firstWeekday now",
             "grouping uses Calendar.current's firstWeekday"),
        [said(0.6, "the missing splits on the watch were a rounding of the lap distance",
              "rounding of the lap distance")],
        Ask("an American user says her weekly mileage drops a run", "App/Views"),
        Ask("weekly totals are wrong for people whose week begins on a sunday", "App"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "ledgerline",
        said(0.45, "```\n# A fatal error has been detected by the Java Runtime Environment:\n#  SIGSEGV (0xb) at "
                   "pc=0x00007f3a1c2e4b10\n# Problematic frame:\n# C  [libz.so.1+0x9b10]  inflate_fast+0x2a0\n```"
                   "\nfrom the hs_err file. two threads were sharing one java.util.zip.Inflater in "
                   "AttachmentReader; each read gets its own Inflater now and ends it in finally",
             "sharing one java.util.zip.Inflater in AttachmentReader"),
        [said(0.7, "the OOM kill on the batch pod was the heap set above the container limit",
              "heap set above the container limit")],
        Ask("the billing JVM died with SIGSEGV in libz while importing remittance zips", BILLING),
        Ask("native crash in the attachment import under load", BILLING_TESTS),
        Ask("hs_err file points at inflate_fast, what did we do last time?", BILLING),
    )
    b.bugfix(
        "tillpoint",
        said(0.4, "test_split_bill_three_ways fails one run in five: the leftover penny went to whichever seat came "
                  "first out of a set(), so which diner paid the extra 1p changed per run. leftover now goes to "
                  "the lowest seat number", "leftover now goes to the lowest seat number"),
        [said(0.75, "the service charge on split bills is split evenly, pennies included",
              "service charge on split bills is split evenly")],
        Ask("splitting £10 between three people gives a different extra penny each time", "backend/orders"),
        Ask("the bill splitting test is flaky, fix it", "backend"),
    )
    b.bugfix(
        "fernbook",
        said(0.45, "customer screenshot from Hallvard: on the floor plan desk labels sit on top of each other in "
                   "the east wing, everything squashed into the top left. the SVG's viewBox was hard-coded to "
                   "0 0 1000 1000 and their plan is 4000 wide; the viewBox comes from the uploaded plan now",
             "viewBox was hard-coded to 0 0 1000 1000"),
        [said(0.75, "blurry plan images were the thumbnail being used at full size",
              "thumbnail being used at full size")],
        Ask("big office floor plans render with all the desks bunched in a corner", "app/controllers"),
        Ask("desk markers overlap on a wide floor plan", "spec"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "brightdesk",
        said(0.4, "```\n$ docker compose ps\nNAME               SERVICE   STATUS   PORTS\nbrightdesk-api-1   "
                  "api       running  0.0.0.0:4010->4010/tcp\nbrightdesk-mail-1  mailpit   running  "
                  "0.0.0.0:8126->8025/tcp\n```\nmail the app sends locally ends up in that mailpit, open "
                  "localhost:8126 to read it. ok, the hooks test", "localhost:8126"),
        [said(0.75, "component previews fake the API in the browser, no container for that",
              "fake the API in the browser, no container")],
        Ask("I triggered a password reset on my dev setup, where do I see the email?", "src/components"),
        Ask("where do outgoing notification emails go when running locally?", "src/api"),
    )
    b.fact(
        "routewise",
        said(0.45, "```\n$ go env GOPRIVATE GOPROXY\ngit.routewise.internal/*\nhttps://proxy.golang.org,direct\n```"
                   "\nthe shared geo helpers are private modules on our own git server, that's why GOPRIVATE has to "
                   "be set. ok, vet", "git.routewise.internal"),
        [said(0.75, "the vendored proj bindings are checked into third_party", "checked into third_party")],
        Ask("go mod download fails with 410 Gone for our internal package on a new laptop", "cmd/routewise"),
        Ask("what do I put in GOPRIVATE on the CI runner?", "internal/geo"),
        Ask("where do the private go modules live?", "internal/dispatch"),
    )
    b.fact(
        "logslice",
        said(0.4, "```\n$ cargo tree -e features -i maxminddb\nmaxminddb v0.24.0\n└── slice-core feature "
                  "\"geoip\"\n```\nso the country column for client IPs only comes in with the geoip feature and "
                  "it's off by default; the release builds turn it on. ok, clippy",
             "only comes in with the geoip feature"),
        [said(0.7, "the musl builds link jemalloc statically", "musl builds link jemalloc statically")],
        Ask("--enrich country works with the released binary but my local build says unknown enricher", "src"),
        Ask("how do I get IP-to-country lookups in a dev build?", "crates/slice-core"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "tidewater-etl",
        said(0.45, "```\n$ df -h /mnt/tw-scratch\nFilesystem      Size  Used Avail Use% Mounted on\n/dev/nvme2n1    "
                   "1.8T  1.6T  200G  89% /mnt/tw-scratch\n```\nthat's where the workers unpack vendor zips before "
                   "loading, it's wiped every Sunday. ok, sqlfluff", "/mnt/tw-scratch"),
        [said(0.75, "the DAG logs go to the object store, not the worker disk", "DAG logs go to the object store")],
        Ask("the worker ran out of disk unpacking the archives, which volume is that?", "dags"),
        Ask("where are the unzipped vendor files while they load?", "scripts"),
        Ask("disk full on the worker again, which mount is it"),
    )
    b.fact(
        "stockroom",
        said(0.4, "```\n$ ls -la /etc/stockroom/\n-rw-r----- 1 root stock  1204 Mar  2 09:14 zones.yaml\n"
                  "-rw-r----- 1 root stock   388 Mar  2 09:14 scanners.env\n```\nthe aisle to zone map lives in "
                  "/etc/stockroom/zones.yaml on the gateway box, the app reads it at startup. ok, mypy",
             "/etc/stockroom/zones.yaml"),
        [said(0.9, "bin capacities are in the database, edited in the admin", "bin capacities are in the database")],
        Ask("we added aisle R, where do I tell the system which zone it belongs to?", "app"),
        Ask("zone lookup returns None for the new aisles", "app/routers"),
        Ask("which file has the aisle-to-area mapping on the warehouse server?", "tests"),
    )
    b.fact(
        "ledgerline",
        said(0.45, "```\n$ curl -s localhost:9464/actuator/info\n{\"build\":{\"version\":\"4.12.0\"}}\n```\nthe "
                   "management endpoints listen on 9464, separate from the API port, and only inside the cluster. "
                   "fine, the checkstyle", "listen on 9464"),
        [said(0.7, "the API itself is on 8080 behind the gateway", "API itself is on 8080 behind the gateway")],
        Ask("which port do I scrape for the billing service's health and metrics?", BILLING),
        Ask("the readiness probe hits the wrong port, what should it be?", BILLING_TESTS),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "pocketgarden",
        concluded(0.55, "found why the reminders misbehave?",
                  "Yes: the watering reminders were switched from the periodic background job to an exact alarm that fires "
                  "every 10 minutes to check the soil schedule, so the phone wakes up all night.",
                  "exact alarm that fires every 10 minutes"),
        said(0.25, "Play reviews this week: 'drains 9% battery overnight since the update'. no idea yet, parking it, "
                   "fix the lint first", "drains 9% battery overnight"),
        [],
        Ask("people say the app eats their battery while they sleep", GARDEN, want="cause"),
        Ask("use the same alarm approach for the fertiliser reminders", GARDEN_TESTS, want="effect"),
    )
    b.causal(
        "tillpoint",
        said(0.6, "got it: the card terminal calls got an automatic retry after a 5 second timeout last sprint, and "
                  "the terminal was still processing the first attempt", "automatic retry after a 5 second timeout"),
        said(0.3, "lunch rush: three customers saw 'duplicate transaction' declines on the card terminal, one got "
                  "charged twice. no clue, leave it for now, the tests", "one got charged twice"),
        [],
        Ask("customers charged twice at busy times, what changed?", "backend/orders", want="cause"),
        Ask("add the same timeout-and-retry to the voucher redemption call", "backend", want="effect"),
        Ask("terminal says duplicate transaction when the restaurant is full", "backend/reports", want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.65, "found the staging 502s: someone set deregistration_delay to 0 on the target groups to make "
                   "deploys faster, so in-flight requests are cut when a task drains",
             "deregistration_delay to 0 on the target groups"),
        said(0.3, "every staging deploy gives a few seconds of 502s from the load balancer, QA noticed. leave it, "
                  "tflint first", "few seconds of 502s from the load balancer"),
        [],
        Ask("the ALB returns bad gateway briefly on each rollout", "envs/staging", want="cause"),
        Ask("copy the faster-deploy target group settings to prod", "envs/prod", want="effect"),
        Ask("why 502s in staging whenever we deploy", want="cause"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "ledgerline",
        said(0.6, "the slow invoice run is the new VAT number check: every invoice to an EU business now calls the "
                  "VIES service once, no cache, and VIES answers in seconds", "calls the VIES service once, no cache"),
        said(0.25, "the monthly invoice run on the 1st took seven hours instead of forty minutes. park it, the "
                   "checkstyle first", "took seven hours instead of forty minutes"),
        [],
        Ask("month-start billing crawled along this time, why?", BILLING, want="cause"),
        Ask("also validate VAT numbers when a credit note is issued", BILLING_TESTS, want="effect"),
        Ask("the first-of-month job barely finished before lunch", BILLING, want="cause"),
    )
    b.causal(
        "beacon-chat",
        said(0.6, "the late Android pushes: we switched FCM messages to normal priority to stay under the quota, "
                  "and Doze batches normal-priority messages", "switched FCM messages to normal priority"),
        said(0.3, "android users say chat notifications arrive ten or twelve minutes late, iOS is fine. parking that, "
                  "credo first", "arrive ten or twelve minutes late"),
        [],
        Ask("Android push notifications come in way after the message", "lib/beacon", want="cause"),
        Ask("send mention notifications with the same FCM settings", "lib/beacon_web/channels", want="effect"),
    )
    b.causal(
        "logslice",
        said(0.6, "the memory growth is --uniq: its dedupe window became unbounded in 0.14, so every line's hash "
                  "is kept for as long as the run lasts", "dedupe window became unbounded"),
        said(0.25, "with --follow on a busy log, slice grows to 3 GB in an afternoon. parking it, the release "
                   "notes first", "grows to 3 GB in an afternoon"),
        [],
        Ask("tailing a log for hours makes slice's RSS climb forever", "src", want="cause"),
        Ask("make --count-distinct keep its seen set the same way --uniq does", "crates/slice-core", want="effect"),
    )
