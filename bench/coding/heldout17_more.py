"""The seventeenth held-out split, continued: bugfixes (diagnosed from ``heaptrack``, Xcode Instruments'
Leaks, ``lsof`` on a running worker, ``tcpdump`` on a bastion and ``dmesg``'s OOM killer line), facts
(under ``kubectl get ingress``, ``printenv``, ``aws s3 ls``, ``brew services list`` and ``lsof -i``)
and causes and effects said in different sessions, the effect mostly reported as a complaint that does
not name its cause; see :mod:`bench.coding.heldout17`."""

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
        "meshkit",
        said(0.4, "```\n$ heaptrack_print heaptrack.meshkit-cli.31877.zst | head\nPEAK MEMORY CONSUMERS\n3.10G peak "
                  "memory consumed over 1412 calls from\n  meshkit::HalfedgeMesh::reserve(unsigned long)\n```\nthere "
                  "it is: reserve(faces * 3) sat inside the per-patch loop, so every patch reserved room for the "
                  "whole mesh again. reserve happens once in the loader now. ok, the ctest run",
             "reserve(faces * 3) sat inside the per-patch loop"),
        [said(0.7, "the kd-tree nodes come from a pool, their allocations in the profile are expected",
              "kd-tree nodes come from a pool")],
        Ask("loading the 2M-face scan eats 3 gigs of RAM", "src"),
        Ask("memory explodes on meshes split into lots of patches", "tests"),
        Ask("why is peak memory so much higher than the mesh size?", "include/meshkit"),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.45, "Instruments Leaks after five start/stop cycles: five WorkoutSessionModel instances alive, "
                        "the cycle graph ends in NotificationCenter. what is holding them?",
                  "The model registers with addObserver(forName:object:queue:using:) for the audio interruption "
                  "notification; the block captures self strongly and the observer token was never removed, so "
                  "NotificationCenter keeps every model alive. The block captures [weak self] now and the token is "
                  "removed in finish(), so the model deinits after each workout.",
                  "the observer token was never removed"),
        [said(0.75, "the HealthKit anchored query is stopped in onDisappear, that one is fine",
              "anchored query is stopped in onDisappear")],
        Ask("memory goes up a bit after every run I finish", "App"),
        Ask("deinit of the session view model never fires", "AppTests"),
        Ask("Instruments shows leaked workout sessions again after the refactor", "App/Views"),
    )
    b.bugfix(
        "stockroom",
        said(0.45, "```\n$ lsof -p $(pgrep -f 'dramatiq app.workers') | grep -c sftp\n1019\n```\nfound it: the "
                   "purchase-order poller opened a paramiko Transport per poll and only closed it when the listing "
                   "succeeded, so every failed listing leaked a connection. it's a context manager now",
             "only closed it when the listing succeeded"),
        [said(0.7, "the supplier's SFTP server drops idle sessions after 10 minutes",
              "drops idle sessions after 10 minutes")],
        Ask("the worker dies with Too many open files after a couple of days", "app"),
        Ask("OSError: [Errno 24] in the po poller", "tests"),
        Ask("file descriptors keep climbing on the background worker", "app/routers"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "infra-live",
        said(0.4, "```\n$ sudo tcpdump -ni any host 10.86.41.12 and port 5432\nIP 10.86.12.7.48122 > 10.86.41.12.5432: "
                  "Flags [S]\nIP 10.86.12.7.48122 > 10.86.41.12.5432: Flags [S]\n```\nSYNs out, nothing back: the new "
                  "private subnets' NACL allowed 5432 in but denied the ephemeral ports 1024-65535 on the way back. "
                  "added the return rule in modules/network", "denied the ephemeral ports 1024-65535 on the way back"),
        [said(0.7, "the RDS security group only admits 5432 from the app security group",
              "only admits 5432 from the app security group")],
        Ask("lambdas in the new subnets time out connecting to postgres", "modules/network"),
        Ask("connection to the db hangs from the fresh private subnet, SG looks right", "envs/prod"),
        Ask("packets leave but no reply comes back from the database in staging", "envs/staging"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.45, "```\n$ dmesg -T | tail -1\n[Tue Mar 10 14:02:51 2026] Out of memory: Killed process 2231 "
                   "(beam.smp) total-vm:9402116kB\n```\nthat was the member CSV import: it did File.read! on the whole "
                   "upload and one customer sent 1.8 GB. it goes through File.stream! line by line now",
             "File.read! on the whole upload"),
        [said(0.75, "member imports are limited to admins of the workspace", "member imports are limited to admins")],
        Ask("the node got killed when a customer uploaded their member list", "lib/beacon"),
        Ask("beam.smp OOM during bulk user import", "test"),
        Ask("importing a big csv of people takes the whole server down", "lib/beacon_web/channels"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "routewise",
        said(0.45, "```\n$ kubectl get ingress -n dispatch\nNAME             CLASS   HOSTS                        "
                   "ADDRESS\nrw-admin-console  nginx   dispatch-admin.rw.internal   10.40.2.9\n```\nthat's the only "
                   "place the dispatcher console lives, VPN only. ok, back to the failing test",
             "dispatch-admin.rw.internal"),
        [said(0.75, "the public tracking page is served by the web team, not from this cluster",
              "public tracking page is served by the web team")],
        Ask("what URL do dispatchers open to get to the console?", "cmd/routewise"),
        Ask("add the console's hostname to the CORS allow list", "internal/dispatch"),
        Ask("where's the dispatcher UI hosted?", "internal/geo"),
    )
    b.fact(
        "tidewater-etl",
        said(0.4, "```\n$ printenv | grep OPENLINEAGE\nOPENLINEAGE_URL=http://marquez.tw.internal:5000\n"
                  "OPENLINEAGE_NAMESPACE=tidewater\n```\nlineage from every task ends up in Marquez under that "
                  "namespace. fine, the sqlfluff run", "OPENLINEAGE_URL=http://marquez.tw.internal:5000"),
        [said(0.7, "column-level lineage is not captured, only datasets", "column-level lineage is not captured")],
        Ask("where can I see which upstream tables feed the surge mart?", "models/staging"),
        Ask("point the local airflow at the lineage server", "dags"),
        Ask("what's the lineage backend's address", "scripts"),
    )
    b.fact(
        "brightdesk",
        said(0.45, "```\n$ aws s3 ls s3://bd-reporting-drop/ticket-stats/\n2026-03-01 02:10:44     88211 "
                   "2026-02-28.csv\n2026-03-02 02:10:39     90457 2026-03-01.csv\n```\nthat's where the nightly "
                   "ticket stats go, the BI team picks them up from s3://bd-reporting-drop/ticket-stats/. right, the "
                   "type errors", "s3://bd-reporting-drop/ticket-stats/"),
        [said(0.75, "the BI dashboards refresh at 07:00", "BI dashboards refresh at 07:00")],
        Ask("where does the daily ticket numbers file get written?", "src/api"),
        Ask("BI says yesterday's stats file is missing, where should I look?", "src/components"),
        Ask("add a column to the nightly stats export, where does that file end up?", "src/api"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "fernbook",
        said(0.4, "```\n$ brew services list\nName           Status  User\npostgresql@16  started kai\nmailpit        "
                  "started kai\nredis          none\n```\nthat's the dev setup, mails in development land in mailpit "
                  "at localhost:8025. ok, the rspec failures", "mailpit at localhost:8025"),
        [said(0.7, "in CI the mailer uses the :test delivery method", "mailer uses the :test delivery method")],
        Ask("I triggered a booking confirmation locally, where do I see the email?", "app/controllers"),
        Ask("the password reset mail in dev, how do I open it", "app/models"),
        Ask("set up a new laptop to read outgoing dev emails", "spec"),
    )
    b.fact(
        "ledgerline",
        said(0.45, "```\n$ lsof -nP -i :5005\nCOMMAND   PID USER  FD  TYPE NODE NAME\ncom.docke 812 dev   45u IPv6 "
                   "TCP *:5005 (LISTEN)\n```\nright, compose starts billing with the JDWP agent on 5005, attach the "
                   "IntelliJ remote debugger there. now the spotbugs", "JDWP agent on 5005"),
        [said(0.75, "the compose Postgres is published on 55432 so it doesn't clash with a local one",
              "published on 55432")],
        Ask("how do I attach a debugger to billing running in docker?", BILLING),
        Ask("breakpoints in the dunning job when running locally, which port?", BILLING_TESTS),
        Ask("remote debug config for intellij", BILLING),
    )


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "pocketgarden",
        said(0.35, "shipped it: Google sign-in goes through Credential Manager now, the old GoogleSignIn SDK is gone "
                   "from the build. now the ktlint", "Google sign-in goes through Credential Manager now"),
        said(0.75, "support inbox: three people on Huawei phones without Play services say they can't log in "
                   "anymore, the button does nothing", "Huawei phones without Play services say they can't log in"),
        [said(0.55, "email and password login is still there for everyone", "email and password login is still there")],
        Ask("users with phones that have no google services can't sign in", GARDEN, want="cause"),
        Ask("anything to watch out for now that we use credential manager for sign-in?", GARDEN_TESTS, want="effect"),
        Ask("login button dead on some devices since the spring release", GARDEN, want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.3, "dunning reminders now go out from billing@ledgerline.example instead of the noreply address, "
                  "customers kept asking how to reply", "go out from billing@ledgerline.example"),
        said(0.7, "the billing team says their shared inbox gets 300 replies a week to payment reminders and they "
                  "can't keep up", "300 replies a week to payment reminders"),
        [said(0.5, "invoice emails themselves still come from invoices@", "invoice emails themselves still come from")],
        Ask("why is the finance inbox drowning in replies to reminder emails?", BILLING, want="cause"),
        Ask("what happened after we changed the sender on the dunning mails?", BILLING_TESTS, want="effect"),
        Ask("can we switch the overdue reminder sender address back?", BILLING, want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "logslice",
        said(0.35, "set lto = \"fat\" and codegen-units = 1 in the release profile, the binary is 18% faster on the "
                   "grep benchmark", "lto = \"fat\" and codegen-units = 1"),
        said(0.7, "the release workflow takes 14 minutes per target now, it used to be 5",
             "takes 14 minutes per target now"),
        [said(0.5, "debug builds still use incremental compilation", "debug builds still use incremental")],
        Ask("why did the release CI get so slow?", "src", want="cause"),
        Ask("what does the link-time optimisation setting cost us?", "crates/slice-core", want="effect"),
        Ask("release jobs nearly tripled in duration, what changed", "src", want="cause"),
    )
    b.causal(
        "fernbook",
        said(0.4, "rack-attack now throttles /api/bookings to 20 requests a minute per API token, one partner was "
                  "polling it every second", "throttles /api/bookings to 20 requests a minute per API token"),
        said(0.75, "the lobby kiosk in Lisbon shows 'try again later' every morning around nine when everyone "
                   "checks in", "shows 'try again later' every morning around nine"),
        [said(0.55, "the kiosk uses its own API token, separate from the mobile app",
              "kiosk uses its own API token")],
        Ask("the check-in screen in the lobby errors at 9am rush", "app/controllers", want="cause"),
        Ask("does the new per-token limit on bookings hurt any of our own clients?", "app/models", want="effect"),
        Ask("thinking of tightening the bookings API rate limit further, anything that would break?", "spec",
            want="effect"),
    )
    b.causal(
        "infra-live",
        said(0.4, "turned on S3 Intelligent-Tiering with the archive access tiers for the ALB logs bucket, it cuts "
                  "the bill by a third", "Intelligent-Tiering with the archive access tiers"),
        said(0.7, "Athena queries over last year's load balancer logs fail with 'The operation is not valid for "
                  "the object's access tier'", "not valid for the object's access tier"),
        [said(0.55, "the CloudTrail bucket stays on standard storage", "CloudTrail bucket stays on standard storage")],
        Ask("security can't query old ALB logs in Athena anymore", "envs/prod", want="cause"),
        Ask("side effects of the cheaper storage class on the logs bucket?", "modules/network", want="effect"),
        Ask("the incident review needs last March's access logs, athena errors out", "envs/staging", want="cause"),
    )
