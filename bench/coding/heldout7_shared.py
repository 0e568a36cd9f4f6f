"""The seventh held-out split, the cases that span sessions or projects: causes and effects (five
of them over three sessions: the change, a symptom reported with no diagnosis, the assistant's
diagnosis), global preferences (romanised Korean and Hindi, Turkish, "no matter the codebase",
"in anything I work on") and cross-project negatives (see :mod:`bench.coding.heldout7`; measured at
8a40a3e and 33fbc02 while held out; training now, heldout9,
heldout10 and heldout11 are held out).

In a three-session chain the middle report is planted as a statement with no values: it is the
noise a developer leaves ("why is X slow? anyway, fix the lint"), and no probe expects or
forbids it."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _causal_backend(b)
    _causal_rest(b)
    _globals(b)
    _cross(b)


def _causal_backend(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.2, "set ATOMIC_REQUESTS = True in settings, half-written orders were too common",
             "ATOMIC_REQUESTS = True"),
        concluded(0.8, "why is the loyalty stamp missing for a few seconds after a payment?",
                  "The loyalty webhook is sent from inside the view, but the whole request is one transaction now, "
                  "so the loyalty app asks for the stamp before the commit and finds nothing; the call belongs in "
                  "transaction.on_commit.", "asks for the stamp before the commit"),
        [said(0.5, "the loyalty app sometimes shows no stamp when the customer checks right after paying. weird. "
                   "fix the typo in the footer template first")],
        Ask("loyalty app says no stamp yet right after a sale, then it turns up a bit later", "backend/orders",
            want="cause"),
        Ask("I'd like to turn off the request-wide transactions, what did they break before?", "backend",
            want="effect"),
    )
    b.causal(
        "routewise",
        said(0.25, "GOMAXPROCS is pinned to 2 in the deployment now, matching the CPU limit",
             "GOMAXPROCS is pinned to 2"),
        said(0.75, "the nightly re-optimisation of the Hamburg fleet overran into the morning shift, drivers got "
                   "their plans at 7. can you fix the lint first", "overran into the morning shift"),
        [concluded(0.5, "why was the Tuesday plan empty for one depot?",
                   "That depot had its opening hours set to zero by an admin typo; the empty plan was correct.",
                   "opening hours set to zero by an admin typo")],
        Ask("overnight route optimisation for the big fleets isn't finished when drivers clock in",
            "cmd/routewise", want="cause"),
        Ask("is it fine to keep the planner's Go runtime held to two threads?", "internal/dispatch",
            want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.2, "the DB pool went from 20 to 4 per pod, we run 30 pods now", "from 20 to 4 per pod"),
        said(0.7, "bulk label creation for the big merchants times out after 30 s now. prettier first",
             "bulk label creation for the big merchants times out"),
        [concluded(0.45, "why are some labels missing the barcode?",
                   "Those labels were for a carrier whose template lacked the barcode field; it's added now.",
                   "template lacked the barcode field")],
        Ask("a merchant uploaded 2000 orders and generating their labels dies with a timeout", "src/routes",
            want="cause"),
        Ask("ops wants even fewer database connections per pod, any downside?", "src/services", want="effect"),
    )
    b.causal(
        "ledgerline",
        said(0.2, "the API serialises amounts as BigDecimal as numbers, not strings, since the portal team asked "
                  "for numbers", "BigDecimal as numbers, not strings"),
        concluded(0.8, "dig into why the portal shows long decimals",
                  "The portal parses the JSON amounts into JavaScript doubles now that they arrive as numbers, and "
                  "adds them up there; the float error shows on the total line.",
                  "parses the JSON amounts into JavaScript doubles"),
        [said(0.5, "the customer portal shows totals like 300.00000000000006, odd. can you bump spring boot first")],
        Ask("portal total reads 300.00000000000006 €", BILLING, want="cause"),
        Ask("the mobile client wants amounts as plain JSON numbers too, should we do it?", BILLING,
            want="effect"),
    )
    b.causal(
        "fernbook",
        said(0.3, "puma workers down to 1 with 5 threads, to fit the smaller dyno", "puma workers down to 1"),
        said(0.8, "the calendar page is slow every morning at 9 when everyone books desks. fix the rspec warning "
                  "first", "slow every morning at 9"),
        [concluded(0.55, "why is the invoice page slow?",
                   "The invoice page renders PDFs inline; it has always been slow and only admins use it.",
                   "renders PDFs inline")],
        Ask("desk booking crawls during the morning rush", "app/controllers", want="cause"),
        Ask("can we go to an even smaller dyno with a single puma process?", "app/models", want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "logslice",
        said(0.25, "RegexBuilder size_limit is 50 MB now, the security team's IOC lists didn't compile",
             "size_limit is 50 MB"),
        concluded(0.8, "figure out why startup is slow with the IOC filter file",
                  "With the larger limit the 30k-pattern IOC list compiles into one giant DFA, which takes about "
                  "4 s before the first line is read.", "compiles into one giant DFA"),
        [said(0.5, "why does logslice take ages to start with the big filter file? anyway, the clippy lint first")],
        Ask("startup hangs for seconds with a huge -f patterns file before any output", "src", want="cause"),
        Ask("can we raise the compiled regex limit again for even bigger pattern lists?", "crates/slice-core",
            want="effect"),
    )
    b.causal(
        "brightdesk",
        said(0.25, "auth moved to an HttpOnly session cookie, the bearer token in localStorage is gone",
             "HttpOnly session cookie"),
        concluded(0.8, "why does the embedded widget think nobody is signed in?",
                  "The widget runs on the customer's domain, so the session cookie is a third-party cookie there "
                  "and browsers drop it; the widget needs its own short-lived token exchange.",
                  "a third-party cookie there and browsers drop it"),
        [said(0.5, "the help-centre widget on customers' own sites says 'not signed in' for everyone now. can u "
                   "look at the lint first")],
        Ask("widget embedded on acme-bikes.com always asks people to sign in", "src/api", want="cause"),
        Ask("security wants the token out of localStorage in the widget too, what went wrong last time we "
            "changed how auth is stored?", "src/components", want="effect"),
    )
    b.causal(
        "beacon-chat",
        said(0.25, "presence is tracked per open tab now, not once per user", "tracked per open tab now"),
        concluded(0.75, "why does the online list flicker in big rooms?",
                  "Each tab's join and leave produces its own presence diff, so people with many tabs open "
                  "generate a storm of diffs and the list re-renders constantly.", "storm of diffs"),
        [said(0.5, "the 'last seen' time being a minute off is the client clock, ignore",
              "the client clock, ignore")],
        Ask("the member sidebar keeps blinking in the all-hands room", "lib/beacon_web/channels", want="cause"),
        Ask("should presence be tracked per device for the new multi-device feature?", "lib/beacon",
            want="effect"),
    )
    b.causal(
        "infra-live",
        said(0.2, "switched the data bucket to SSE-KMS with our CMK, bucket keys off", "SSE-KMS with our CMK"),
        concluded(0.8, "explain the KMS charges",
                  "Every GET and PUT on the data bucket calls KMS now because bucket keys are off; with the "
                  "analytics jobs reading millions of small objects that is millions of KMS requests a day.",
                  "millions of KMS requests a day"),
        [said(0.5, "the AWS bill has a KMS line that wasn't there before, around 900 dollars. fix fmt first")],
        Ask("why did our key management bill jump this month?", "envs/prod", want="cause"),
        Ask("compliance wants the logs bucket encrypted with our own key as well, cost impact?", "envs/prod",
            want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "tillpoint",
        said(0.4, "igeon modeun projekte haedangdwae: PR seolmyeongeun hangsang 'Why / What / How to test' se "
                  "bubuneuro sseojwo. ja, ije lint", "Why / What / How to test"),
        [there("ledgerline", said(0.4, "PR descriptions here follow .github/pull_request_template.md with the "
                                       "Jira link first", "with the Jira link first"))],
        Ask("open a PR for the retry change", "src/services", project="parcelhub"),
        Ask("write up the pull request for the new flag", "src", project="logslice"),
        Ask("draft the PR text for the booking export fix", "app/controllers", project="fernbook"),
    )
    b.global_pref(
        "stockroom",
        said(0.5, "yeh har project ke liye hai: koi bhi naya environment variable add karo to .env.example mein "
                  "bhi daalna, ek comment ke saath. theek hai, ab tests", ".env.example mein bhi daalna"),
        [there("infra-live", said(0.5, "there's no .env.example here, variables are documented in the module's "
                                       "variables.tf only", "documented in the module's variables.tf only"))],
        Ask("make the geocoder timeout configurable from the environment", "internal/geo", project="routewise"),
        Ask("add a setting for the SLA warning threshold that ops can change per deploy", "src/components",
            project="brightdesk"),
        Ask("read the bucket name for lab files from an env var instead of hardcoding it", "dags",
            project="tidewater-etl"),
    )
    b.global_pref(
        "beacon-chat",
        said(0.35, "no matter the codebase: never silence a failing test with skip or pending to get CI green, "
                   "tell me and we decide together. ok, the deps", "tell me and we decide together"),
        [there("pocketgarden", said(0.35, "flaky UI tests here get @Ignore with a ticket number, the nightly job "
                                          "lists them", "@Ignore with a ticket number"))],
        Ask("the pricing test breaks on the build server every other run, make CI pass", "src/services",
            project="parcelhub"),
        Ask("spec/models/booking_spec.rb fails randomly in CI, get it out of the way so we can deploy", "spec",
            project="fernbook"),
        Ask("CI's red because of the flakey dispatch test, make it green", "internal/dispatch",
            project="routewise"),
        Ask("the SLA countdown test only fails on CI, sort it so I can merge", "src/components",
            project="brightdesk"),
    )
    b.global_pref(
        "cadence-ios",
        said(0.5, "in anything I work on, branch names start with the ticket number, like 482-fix-rest-timer. ok, "
                  "back to the warning", "like 482-fix-rest-timer"),
        [there("tidewater-etl", said(0.5, "branches here are named after the DAG they touch, ticket numbers go in "
                                          "the PR only", "named after the DAG they touch"))],
        Ask("start a branch for issue 1207, the sweeper for abandoned picks", "app", project="stockroom"),
        Ask("make a new branch for ticket 88 about pinning the AMI", "envs/staging", project="infra-live"),
        Ask("create a branch to work on issue 3141, broken gzip detection", "crates/slice-core",
            project="logslice"),
    )
    b.global_pref(
        "ledgerline",
        said(0.45, "bu bütün projelerim için geçerli: bir komutu çalıştırmadan önce ne yapacağını tek cümleyle "
                   "söyle, sonra çalıştır. tamam, şimdi checkstyle", "ne yapacağını tek cümleyle söyle"),
        [there("meshkit", said(0.45, "Ici tu peux lancer les scripts de tools/ sans me demander, ils ne touchent "
                                     "que build/", "ils ne touchent que build/"))],
        Ask("clear out the old docker images on the staging box", "backend", project="tillpoint"),
        Ask("run the data migration script against the dev database", "app", project="stockroom"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.45, "formatting here is black with line-length 99 and isort's black profile",
                          "black with line-length 99"),
        "stockroom", concluded(0.45, "what formats the code here?",
                               "pyproject.toml configures ruff format with a line length of 120 and "
                               "quote-style single.", "quote-style single"),
        Ask("reformat the new reports module the way the repo wants it", "backend/reports", project="tillpoint"),
        Ask("format the routers i just wrote", "app/routers", project="stockroom"),
    )
    b.cross(
        "routewise", said(0.4, "panics and errors go to GlitchTip, self-hosted, through the sentry-go SDK",
                          "GlitchTip, self-hosted"),
        "logslice", said(0.4, "logslice has no telemetry at all, crash reports are whatever users paste into "
                              "GitHub issues", "no telemetry at all"),
        Ask("hook up crash reporting for the planner", "cmd/routewise", project="routewise"),
        Ask("add crash reporting so we hear about panics out in the field", "src", project="logslice"),
    )
    b.cross(
        "brightdesk", said(0.5, "the agent UI ships in English, German and Japanese only",
                           "English, German and Japanese only"),
        "fernbook", said(0.5, "fernbook is in English and Portuguese, pt-PT not pt-BR, the Lisbon members "
                              "complained", "pt-PT not pt-BR"),
        Ask("add translations for the new snooze button", "src/components", project="brightdesk"),
        Ask("translate the new waitlist email", "app/models", project="fernbook"),
    )
    b.cross(
        "parcelhub", said(0.4, "public ids are prefixed nanoids like shp_V1StGXR8, never the database id",
                          "prefixed nanoids like shp_"),
        "ledgerline", concluded(0.4, "what id do we expose for invoices?",
                                "Invoices are exposed by their legal invoice number; the UUID stays internal.",
                                "exposed by their legal invoice number"),
        Ask("expose returns in the merchant API, what identifier do they get?", "src/routes", project="parcelhub"),
        Ask("the portal needs a link to each credit note, what goes in the URL?", BILLING, project="ledgerline"),
    )
    b.cross(
        "meshkit", said(0.55, "La CI tourne sur GitLab CI, sur nos propres runners à l'atelier",
                        "GitLab CI, sur nos propres runners"),
        "pocketgarden", said(0.55, "CI here is Bitrise, the workflow lives in bitrise.yml",
                             "Bitrise, the workflow lives in bitrise.yml"),
        Ask("Ajoute une étape de CI qui lance les tests sous ASan", "tests", project="meshkit"),
        Ask("run the unit tests in CI on every pull request", GARDEN, project="pocketgarden"),
    )
    b.cross(
        "tidewater-etl", said(0.5, "the pipeline code targets python 3.11, the astro image pins it",
                              "targets python 3.11"),
        "infra-live", concluded(0.5, "what python do the lambda helpers use?",
                                "The lambda helpers in modules/lambda run on python3.12, packaged as one zip per "
                                "function.", "run on python3.12"),
        Ask("can I use the new PEP 695 generics syntax in extract.py?", "scripts", project="tidewater-etl"),
        Ask("write a small lambda that tags new EBS volumes, which runtime?", "modules/network",
            project="infra-live"),
    )
    b.cross(
        "beacon-chat", said(0.6, "recurring jobs are Oban cron entries in config/config.exs, no quantum",
                            "Oban cron entries"),
        "routewise", said(0.6, "scheduled work runs as Kubernetes CronJobs calling the admin CLI, nothing is "
                               "scheduled in-process", "nothing is scheduled in-process"),
        Ask("purge expired invites every night", "lib/beacon", project="beacon-chat"),
        Ask("recompute the depot statistics every night at 2", "cmd/routewise", project="routewise"),
    )
