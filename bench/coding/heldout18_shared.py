"""The eighteenth held-out split, the cases that span projects: global preferences (three in English,
scoped as "this follows me, not the repo", "file it under me, not under <repo>" and "part of my profile,
it goes wherever I go"; one in Japanese, probed once in Japanese, and one in Arabic, probed once in Arabic)
and cross-project negatives (two projects using one word, freeze, quarantine, tombstone, lease or draft,
for different things); see :mod:`bench.coding.heldout18`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def add(b: SplitBuilder) -> None:
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "fernbook",
        said(0.4, "this follows me, not the repo: every outbound HTTP call you write for me sets an explicit "
                  "connect and read timeout, a library's default of 'wait forever' is never acceptable. ok, the "
                  "rubocop offences", "sets an explicit connect and read timeout"),
        [there("pocketgarden", said(0.4, "pocketgarden leaves Coil's network timeouts at the library defaults for the "
                                         "plant pictures, nobody tunes them",
                                   "leaves Coil's network timeouts at the library defaults"))],
        Ask("call the fiscal printer's cloud API when a z-report closes", "backend/reports", project="tillpoint"),
        Ask("fetch the coach plans from the server with URLSession", "App", project="cadence-ios"),
        Ask("write a client for the supplier's availability endpoint", "app", project="stockroom"),
    )
    b.global_pref(
        "routewise",
        said(0.45, "file it under me, not under routewise: any SQL you write for me has the keywords in upper case "
                   "and one clause per line, SELECT / FROM / WHERE each on its own line. anyway, golangci-lint",
             "has the keywords in upper case and one clause per line"),
        [there("tidewater-etl", said(0.45, "tidewater's sqlfluff profile wants lower-case keywords in the dbt models",
                                     "wants lower-case keywords in the dbt models"))],
        Ask("raw query for the rooms with the most messages this month", "lib/beacon", project="beacon-chat"),
        Ask("native query that lists customers with two unpaid invoices", BILLING, project="ledgerline"),
        Ask("raw SQL for the monthly room occupancy report", "app/models", project="fernbook"),
    )
    b.global_pref(
        "brightdesk",
        said(0.4, "consider this part of my profile, it goes wherever I go: log lines never carry an email address, "
                  "a name or a phone number, log our internal user id instead. ok, the vitest failures",
             "log lines never carry an email address, a name or a phone number"),
        [there("beacon-chat", said(0.4, "beacon's audit trail stores the actor's email, the compliance team asks "
                                        "for it", "audit trail stores the actor's email"))],
        Ask("log it when a runner connects their Strava account", "App", project="cadence-ios"),
        Ask("add a log line when someone shares a plant with a friend", GARDEN, project="pocketgarden"),
        Ask("log the supplier contact when a purchase order is emailed", "app", project="stockroom"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "tidewater-etl",
        said(0.45, "これはここだけじゃなくて、私の全部のプロジェクト共通のルール：cron 式を書いたら、その横に UTC で何時に動くかを"
                   "普通の言葉でコメントしておくこと。よし、次は sqlfluff", "UTC で何時に動くかを普通の言葉でコメント"),
        [there("routewise", said(0.45, "routewise's CronJobs set timeZone to Europe/Amsterdam, their schedules are "
                                       "local time", "CronJobs set timeZone to Europe/Amsterdam"))],
        Ask("毎晩、期限切れの棚卸しデータを消すジョブをスケジュールして", "app", project="stockroom"),
        Ask("schedule the monthly member statistics email", "app/models", project="fernbook"),
        Ask("run the unused EBS volume report every Monday morning", "envs/prod", project="infra-live"),
    )
    b.global_pref(
        "ledgerline",
        said(0.4, "هذا ينطبق على كل مشاريعي، وليس هنا فقط: لا تكتب sleep ثابتًا في الاختبارات أبدًا، انتظر الشرط نفسه مع "
                  "مهلة قصوى. حسنًا، الآن spotbugs", "لا تكتب sleep ثابتًا في الاختبارات أبدًا"),
        [there("meshkit", said(0.4, "meshkit's timer tests sleep on purpose, they measure the sleep itself",
                               "timer tests sleep on purpose"))],
        Ask("اكتب اختبارًا ينتظر حتى يصل إيصال الطلب إلى الطابعة", "backend/orders", project="tillpoint"),
        Ask("test that a failed carrier callback is retried after the backoff", "src/services", project="parcelhub"),
        Ask("test that the replan job picks up a stop added a moment ago", "internal/dispatch", project="routewise"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "stockroom", said(0.4, "a frozen bin is one in the stocktake: no picks and no put-aways until the count for "
                               "that bin is signed off", "no picks and no put-aways until the count"),
        "infra-live", said(0.4, "the change freeze runs from 18 December to 5 January, a prod apply in that window "
                                "needs an approved exception issue", "needs an approved exception issue"),
        Ask("can a picker take stock from a frozen location?", "app/routers", project="stockroom"),
        Ask("what does the freeze mean for my prod change on the 22nd?", "envs/prod", project="infra-live"),
        Ask("hotfix for the NAT routes has to go out during the freeze, how?", "modules/network",
            project="infra-live"),
    )
    b.cross(
        "meshkit", said(0.45, "a quarantined test carries the ctest label quarantine, CI runs with -LE quarantine, "
                              "and it comes back within two weeks or gets deleted", "CI runs with -LE quarantine"),
        "parcelhub", said(0.45, "a merchant endpoint that fails 50 webhook deliveries in a row is quarantined: "
                                "paused for 24 hours and the merchant gets an email",
                          "paused for 24 hours and the merchant gets an email"),
        Ask("how do I quarantine the flaky remesh test?", "tests", project="meshkit"),
        Ask("what happens to a merchant's endpoint when it's quarantined?", "src/routes", project="parcelhub"),
        Ask("a merchant says our callbacks stopped for a whole day", "src/services", project="parcelhub"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "ledgerline", said(0.4, "deleting a customer publishes a tombstone, a null value for their key, to the "
                                "compacted customer-events topic, so compaction drops them",
                           "a null value for their key, to the compacted customer-events topic"),
        "pocketgarden", said(0.4, "deleting a plant writes a tombstone row that sync pushes to the user's other "
                                  "devices, tombstones are purged after 90 days", "tombstones are purged after 90 days"),
        Ask("how does a customer deletion reach the other services?", BILLING_TESTS, project="ledgerline"),
        Ask("I deleted a plant on my phone, what happens on my tablet?", GARDEN, project="pocketgarden"),
        Ask("when do the deletion markers get cleaned up?", GARDEN_TESTS, project="pocketgarden"),
    )
    b.cross(
        "routewise", said(0.45, "only one planner replica solves at a time: it holds the Kubernetes Lease "
                                "planner-leader, renewed every 5 s with a 15 s duration", "Lease planner-leader"),
        "tidewater-etl", said(0.45, "an extract task takes a lease on a vendor file by writing <file>.lease next to it "
                                    "in S3, a lease older than 20 minutes counts as dead",
                              "a lease older than 20 minutes counts as dead"),
        Ask("how do the planner pods avoid solving the same plan twice?", "internal/dispatch", project="routewise"),
        Ask("two extract runs grabbed the same vendor file, how is that supposed to be prevented?", "dags",
            project="tidewater-etl"),
        Ask("what are the .lease files in the raw bucket and can I delete them?", "scripts", project="tidewater-etl"),
    )
    b.cross(
        "parcelhub", said(0.4, "a draft shipment is one without a label yet, it isn't billed, and drafts older than "
                               "7 days drop out of the merchant's list", "drafts older than 7 days drop out"),
        "fernbook", said(0.4, "a draft booking is one without payment, the DraftSweeper deletes drafts older than "
                              "2 hours", "DraftSweeper deletes drafts older than 2 hours"),
        Ask("do merchants pay for a shipment they saved but never printed a label for?", "src/routes",
            project="parcelhub"),
        Ask("what happens to bookings people never paid for?", "app/models", project="fernbook"),
        Ask("how long does a draft stick around?", "spec", project="fernbook"),
    )
