"""The second held-out split, continued: facts, causes and effects, global preferences,
cross-project negatives and irrelevant prompts (see :mod:`bench.coding.heldout2`)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _facts_backend(b)
    _facts_rest(b)
    _causal_backend(b)
    _causal_rest(b)
    _globals(b)
    _cross(b)
    _irrelevant(b)


def _facts_backend(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.4, "can u run the migrations and fix the flake8 stuff. oh and the sentry project for the tills is "
                  "tillpoint-pos now, DSN is in 1password, not the old one. then rerun the tests", "tillpoint-pos"),
        [concluded(0.65, "where do celery task failures get reported?",
                   "Celery task failures go to the shared ops-alerts Slack channel, not to error tracking.",
                   "ops-alerts")],
        Ask("hook up error reporting in the new receipt service", "backend"),
    )
    b.fact(
        "routewise",
        concluded(0.5, "why is the router's map data missing the new roundabout?",
                  "The routing graph is built from an OpenStreetMap extract, so anything drawn in OSM after the last "
                  "rebuild is invisible to it; the roundabout was mapped four days ago. Nothing is wrong with the "
                  "importer. For reference: the extract is rebuilt weekly by the osm-refresh CronJob in the routing "
                  "namespace.", "osm-refresh CronJob"),
        [said(0.3, "the planner's own cron is plan-prewarm, runs at 5am. can you make its log less chatty",
              "plan-prewarm")],
        Ask("the new bypass road doesn't show up in the routes yet, when do map changes land?", "internal/geo"),
    )
    b.fact(
        "routewise",
        said(0.65, "fyi any change to the plan JSON goes past Lucía Ferrer first, she owns the driver app's API "
                   "contract. ok now the flaky zone test", "Lucía Ferrer"),
        [concluded(0.4, "who's on call for the planner?",
                   "Planner on-call rotates weekly in the PagerDuty schedule routing-primary.", "routing-primary")],
        Ask("rename the eta field in the plan response to arrival_estimate", "internal/dispatch"),
    )
    b.fact(
        "brightdesk",
        said(0.45, "flags live in the LaunchDarkly project helpdesk-ui, ask Ines for access. then remove the old "
                   "kanban flag", "helpdesk-ui"),
        [concluded(0.7, "where are translations managed?",
                   "UI translations are managed in Lokalise and pulled at build time.", "Lokalise")],
        Ask("put the new bulk-close button behind a flag", "src/components"),
    )
    b.fact(
        "parcelhub",
        said(0.5, "merging the rates PR now. dpd sandbox creds are in PARCEL_SANDBOX_DPD_KEY btw, prod ones come "
                  "from the helm chart. can you also fix the lint errors", "PARCEL_SANDBOX_DPD_KEY"),
        [concluded(0.3, "which variable holds the UPS credentials?",
                   "UPS reads PARCEL_UPS_CLIENT_ID together with its client secret.", "PARCEL_UPS_CLIENT_ID")],
        Ask("try creating a test label against DPD from my laptop", "src/services"),
    )
    b.fact(
        "ledgerline",
        concluded(0.55, "what actually kicks off invoicing each night?",
                  "Nothing in the app schedules it: the nightly invoice run is started by the billing-nightly job in "
                  "Jenkins at 01:15 CET, which calls the internal endpoint.", "billing-nightly"),
        [said(0.3, "payout reconciliation is a separate jenkins job, recon-payouts, dont mix them up",
              "recon-payouts")],
        Ask("the invoices weren't generated last night, how do i rerun it?"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "invoice pdf templates are thymeleaf, in src/main/resources/templates/invoice/. can u also "
                  "check the footer date format", "templates/invoice/"),
        [concluded(0.7, "what renders credit notes?",
                   "Credit notes still use the JasperReports file creditnote.jrxml.", "creditnote.jrxml")],
        Ask("move the company address in the invoice footer to the left", BILLING),
    )
    b.fact(
        "stockroom",
        concluded(0.45, "the app crashed at startup after I added a migration",
                  "It tried to run the migration itself at start-up while another replica was doing the same. I "
                  "removed that. One thing to keep in mind: migrations are run by the deploy pipeline with make "
                  "migrate ENV=prod, never from the app's startup.", "make migrate ENV=prod"),
        [said(0.7, "seed data for local dev is make seed-demo, add it to the readme", "make seed-demo")],
        Ask("i added a column to bins, how do i get it onto the production database?", "app"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.35, "benchmarks: cargo bench --bench throughput against the corpus in /srv/logcorpus on the perf box. "
                   "anyway, the clap upgrade", "/srv/logcorpus"),
        [concluded(0.6, "where do the fuzz seeds live?",
                   "The fuzz seeds are in fuzz/corpus/parse_line.", "fuzz/corpus/parse_line")],
        Ask("measure whether the new chunker is actually faster", "crates/slice-core"),
    )
    b.fact(
        "fernbook",
        said(0.5, "door-lock integration belongs to Henrik Solberg's team, they run the lock gateway. not us. "
                  "anyway the calendar export", "Henrik Solberg"),
        [concluded(0.3, "who handles payments?",
                   "Payments are Amara Okafor's area, including refunds.", "Amara Okafor")],
        Ask("the door codes sent with bookings stopped working, who can i ask?", "app/models"),
    )
    b.fact(
        "beacon-chat",
        said(0.35, "locally mix phx.server runs on port 4100 because 4000 clashes with the other app. also add "
                   "credo to CI pls", "port 4100",
             echo="The dev server is on port 4100 here, per the earlier note, so that's the URL to open."),
        [concluded(0.6, "where is LiveDashboard?",
                   "LiveDashboard is mounted at /dev/dashboard, in development only.", "/dev/dashboard")],
        Ask("open the app in my browser to check the room list", "lib/beacon_web/channels"),
    )
    b.fact(
        "meshkit",
        concluded(0.6, "how do users know a release download is genuine?",
                  "Release tarballs get a detached signature in CI, and the public key is committed so anyone can "
                  "check. The signatures are made with minisign, key in keys/release.pub.", "minisign"),
        [said(0.3, "docs are doxygen with the doxygen-awesome theme, can you fix the broken links",
              "doxygen-awesome")],
        Ask("cut a release and make sure people can verify the download"),
    )
    b.fact(
        "tidewater-etl",
        said(0.45, "the dbt prod target is called warehouse_prd, not prod. profile's in ~/.dbt on the airflow box",
             "warehouse_prd"),
        [concluded(0.7, "what target do local runs use?",
                   "Local runs use the dev_sandbox target with your own schema.", "dev_sandbox")],
        Ask("run the new model against production for a one-off backfill", "models/staging"),
    )
    b.fact(
        "infra-live",
        said(0.55, "network stack state is key network/terraform.tfstate in bucket acme-tfstate-eu. ok now plan "
                   "the nat change", "acme-tfstate-eu"),
        [concluded(0.3, "where is the DNS state?",
                   "DNS lives in a separate Terraform Cloud workspace called dns-global.", "dns-global")],
        Ask("i need to import an existing subnet into the network stack's state", "modules/network"),
    )
    b.fact(
        "pocketgarden",
        said(0.45, "plant identification backend is plantid.acme.dev/v3, the key goes in local.properties. then the "
                   "camera permission thing", "plantid.acme.dev/v3"),
        [concluded(0.65, "where does the weather come from?",
                   "Weather comes from the open-meteo API, no key needed.", "open-meteo")],
        Ask("add a 'what plant is this?' button to the camera screen", GARDEN),
    )
    b.fact(
        "cadence-ios",
        said(0.5, "our apple developer team id is Q7K2M9XWL4, every target signs with it. then the widget crash",
             "Q7K2M9XWL4"),
        [concluded(0.3, "which API key does CI use for App Store Connect?",
                   "CI uses the App Store Connect API key with key id 8HJ4ZQ2T6N, kept in the CI secrets.",
                   "8HJ4ZQ2T6N")],
        Ask("set up code signing for the new widget extension target", "App"),
    )


def _causal_backend(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.3, "hardening: set DATA_UPLOAD_MAX_NUMBER_FIELDS down to 500. can you also check the csrf settings",
             "DATA_UPLOAD_MAX_NUMBER_FIELDS"),
        concluded(0.7, "the bulk price editor in admin gives a 400",
                  "The bulk editor posts one field per product, which is over 500 for the big categories, so Django "
                  "refuses the request with TooManyFieldsSent.", "TooManyFieldsSent"),
        [said(0.5, "bumped the session cookie age to two weeks, managers kept getting logged out",
              "cookie age to two weeks")],
        Ask("bulk editing prices for the drinks category fails with bad request", "backend", want="cause"),
        Ask("tighten the other request limits in settings too", "backend", want="effect"),
    )
    b.causal(
        "routewise",
        said(0.35, "set a 2s timeout on calls to the routing engine, tail latency was killing the api",
             "2s timeout on calls to the routing engine"),
        concluded(0.7, "regional plans fail with context deadline exceeded",
                  "The regional plans need distance matrices over 200 stops, which take the routing engine three to "
                  "four seconds.", "matrices over 200 stops"),
        [concluded(0.5, "why are geocoding calls slow on mondays?",
                   "The geocoder's cache is flushed on Sunday night, so Monday starts cold.", "flushed on Sunday")],
        Ask("the regional plans error out with context deadline exceeded, what changed?", "internal/dispatch",
            want="cause"),
    )
    b.causal(
        "brightdesk",
        concluded(0.3, "the bundle is 4 MB, can we split it?",
                  "I lazy-loaded every route with React.lazy and Suspense; the first load is 900 KB now.",
                  "React.lazy"),
        said(0.65, "after deploys people who had the app open get a blank screen when they click to another page, "
                   "console says ChunkLoadError. look at the filters first though", "ChunkLoadError"),
        [concluded(0.5, "why is the first paint slow?",
                   "First paint waits on the web font; it's font-display swap now.", "font-display swap")],
        Ask("a few agents get a white screen after every release until they reload", "src/components", want="cause"),
        Ask("code-split the reports page the same way", "src/components", want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.4, "turned on keepAlive on the carrier http agent with maxSockets 50, saves the tls handshakes",
             "maxSockets 50"),
        concluded(0.75, "random ECONNRESET from the carrier",
                  "The carrier's load balancer closes idle connections after 5 s while our agent keeps them for "
                  "15 s, so a reused socket is sometimes already closed.", "closes idle connections after 5 s"),
        [concluded(0.55, "DNS lookups show up in the traces",
                   "Each call resolved the carrier host again; there's a small DNS cache now.", "small DNS cache")],
        Ask("we get sporadic ECONNRESET calling the carrier after quiet periods", "src/services", want="cause"),
    )
    b.causal(
        "ledgerline",
        said(0.3, "finally set spring.jpa.open-in-view=false", "open-in-view=false"),
        concluded(0.65, "the invoice preview fails now",
                  "The preview template walks customer.contacts after the service returned, and without an open "
                  "session Hibernate fails with could not initialize proxy.", "could not initialize proxy"),
        [concluded(0.5, "startup got slower",
                   "Startup is slower because of the new classpath scan for the batch jobs.", "classpath scan")],
        Ask("why did the invoice preview start failing with a proxy error after the config cleanup?", BILLING,
            want="cause"),
    )
    b.causal(
        "fernbook",
        concluded(0.35, "can we make the test suite faster?",
                  "I set up parallel_tests with 4 processes; the suite takes 3 minutes now.", "parallel_tests"),
        concluded(0.7, "why do the booking specs fail at random now?",
                  "Several specs hard-code room number 101 in a shared seed, so the processes collide on the unique "
                  "index.", "room number 101"),
        [concluded(0.5, "the system specs are slow",
                   "The system specs spend most of their time starting headless Chrome.", "starting headless Chrome")],
        Ask("make CI faster, can we go to 8 test processes?", "spec", want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "beacon-chat",
        said(0.35, "made messages temporary_assigns in the room liveview so the server doesn't keep them",
             "temporary_assigns"),
        concluded(0.7, "edits don't show up for other people",
                  "The server no longer holds the rendered messages, so an edit can't re-render in place; the edited "
                  "message has to be sent again with stream_insert.", "stream_insert"),
        [concluded(0.5, "presence list flickers",
                   "The presence list re-sorted on every diff; it's sorted by join time now.", "sorted by join time")],
        Ask("edited messages don't change for other people until they refresh", "lib/beacon", want="cause"),
    )
    b.causal(
        "tidewater-etl",
        said(0.4, "staging models are materialized='ephemeral' now, saves a lot of warehouse storage",
             "materialized='ephemeral'"),
        concluded(0.75, "the BI tool can't find stg_tides anymore",
                  "Those models are inlined as CTEs into the models that use them and never created as tables, so "
                  "Looker has nothing to query.", "inlined as CTEs"),
        [concluded(0.55, "the marts run slower",
                   "The marts got slower after the warehouse was resized down to small.", "resized down to small")],
        Ask("the dashboard team says the staging tables vanished from the warehouse", "models/staging", want="cause"),
    )
    b.causal(
        "infra-live",
        said(0.3, "lowered the RDS backup retention to 1 day, snapshot costs", "backup retention to 1 day"),
        concluded(0.65, "why couldn't we restore friday's data on monday?",
                  "Point-in-time recovery only reaches back 24 hours with the current setting, so Friday was already "
                  "gone by Monday.", "reaches back 24 hours"),
        [concluded(0.5, "restores take forever",
                   "Restores are slow because the snapshots are copied across regions first.", "copied across regions")],
        Ask("cut the backup retention on the staging database as well", "envs/staging", want="effect"),
    )
    b.causal(
        "pocketgarden",
        said(0.4, "enabled R8 full mode in gradle.properties, the apk is 30% smaller", "R8 full mode"),
        concluded(0.7, "release crashes parsing the sync response",
                  "The shrinker renamed the fields of the Gson sync DTOs, so nothing matched the JSON; they have "
                  "@SerializedName now.", "renamed the fields of the Gson"),
        [concluded(0.5, "release build is slower to start",
                   "Cold start got slower because the baseline profile wasn't shipped.", "baseline profile")],
        Ask("the release build can't read the plant sync response but debug works fine", GARDEN, want="cause"),
    )
    b.causal(
        "cadence-ios",
        said(0.3, "moved the ring animation to a CADisplayLink at 60 Hz, it's buttery now", "CADisplayLink"),
        said(0.7, "people are complaining the app drains their battery on long rides. can you check the crash "
                  "report from yesterday first", "drains their battery"),
        [concluded(0.5, "the app is big to download",
                   "Most of the download size is the uncompressed audio cues.", "uncompressed audio cues")],
        Ask("battery usage is awful during two hour workouts, why?", "App", want="cause"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "fernbook",
        said(0.45, "across every project i work on: no abbreviations in names. write configuration not cfg, count "
                   "not cnt. ok, the rspec warnings", "no abbreviations in names"),
        [there("brightdesk", said(0.5, "in this repo we keep the backend's short names like tkt and cust in the "
                                       "api types so they match the payloads", "tkt and cust"))],
        Ask("add a struct holding the simplifier's settings", "src", project="meshkit"),
        Ask("add a helper that converts the gauge readings to metres", "scripts", project="tidewater-etl"),
        Ask("write the function that computes reorder quantities per item", "app", project="stockroom"),
    )
    b.global_pref(
        "ledgerline",
        said(0.5, "btw this goes for all my repos: comments explain why, not what. dont narrate the code",
             "explain why, not what"),
        [there("meshkit", said(0.4, "public headers here need doxygen comments on every function, with @brief and "
                                    "@param", "@brief and @param"))],
        Ask("implement the straight-line fallback when the router is down", "internal/geo", project="routewise"),
        Ask("write the function that picks the next watering date from soil moisture", GARDEN,
            project="pocketgarden"),
        Ask("merge rest intervals shorter than 5 seconds into the previous one", "App", project="cadence-ios"),
    )
    b.global_pref(
        "tidewater-etl",
        said(0.4, "personal thing, applies everywhere: never push to a remote for me. commit locally and stop, i "
                  "push myself", "never push to a remote"),
        [there("infra-live", concluded(0.5, "who tags the module releases?",
                                       "CI pushes the release tags itself once a PR is merged; nobody tags by hand.",
                                       "CI pushes the release tags"))],
        Ask("finish up the quotes change and get it onto github", "src/routes", project="parcelhub"),
        Ask("ship the reactions branch", project="beacon-chat"),
        Ask("wrap up the chunker work and send it up", "crates/slice-core", project="logslice"),
    )
    b.global_pref(
        "pocketgarden",
        said(0.55, "just so you know, generally for me: keep answers short, bullets, skip the recap at the end",
             "skip the recap"),
        [there("ledgerline", said(0.6, "design notes in this repo go in docs/writeups as full prose, reviewers want "
                                       "the context", "docs/writeups"))],
        Ask("explain how the z-report gets built", "backend/reports", project="tillpoint"),
        Ask("what does the network module do?", "modules/network", project="infra-live"),
        Ask("walk me through how a booking gets confirmed", "app/models", project="fernbook"),
    )
    b.global_pref(
        "beacon-chat",
        said(0.3, "i use fish shell on all my machines, so shell snippets for me need to be fish compatible, no "
                  "export FOO=bar", "fish shell"),
        [there("tillpoint", concluded(0.5, "what shell do the deploy scripts use?",
                                      "The deploy scripts are POSIX sh, run by the CI image's dash.", "POSIX sh"))],
        Ask("give me the command to set the env vars and run the planner locally", "cmd/routewise",
            project="routewise"),
        Ask("how do i point the dev server at the staging api for one run", project="brightdesk"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.5, "feature toggles here are django-waffle switches, add one for the loyalty screen",
                          "django-waffle"),
        "fernbook", said(0.5, "flags in this app are Flipper with the active record adapter, gate the wizard with "
                              "it", "Flipper"),
        Ask("hide the new loyalty screen behind a toggle until launch", "backend", project="tillpoint"),
        Ask("roll the new booking wizard out to 10% of members", "app/controllers", project="fernbook"),
    )
    b.cross(
        "routewise", said(0.45, "metrics go out as OTLP to the collector, no prometheus client in this service",
                          "OTLP to the collector"),
        "beacon-chat", said(0.45, "metrics here come from PromEx, scraped by prometheus", "PromEx"),
        Ask("count how many plans get re-optimised per hour", "internal/dispatch", project="routewise"),
        Ask("track messages sent per minute so we can graph it", "lib/beacon", project="beacon-chat"),
    )
    b.cross(
        "brightdesk", said(0.4, "tests mock the api with MSW handlers in src/mocks, never mock fetch by hand",
                           "MSW handlers"),
        "parcelhub", said(0.4, "in tests outbound http is intercepted with nock, real network is disabled",
                          "intercepted with nock"),
        Ask("write a test for the ticket assignment call", "src/api", project="brightdesk"),
        Ask("test the DHL client's error handling", "src/services", project="parcelhub"),
    )
    b.cross(
        "ledgerline", said(0.55, "list endpoints use keyset pagination on (issued_at, id), never offsets",
                           "keyset pagination"),
        "stockroom", said(0.55, "lists here are limit/offset with a max limit of 500, the scanners expect that",
                          "limit/offset"),
        Ask("add an endpoint listing a customer's payments", BILLING, project="ledgerline"),
        Ask("add a list endpoint for stock movements", "app/routers", project="stockroom"),
    )
    b.cross(
        "meshkit", said(0.35, "we format with clang-format, column limit 100, CI checks it", "column limit 100"),
        "logslice", said(0.35, "rustfmt.toml sets max_width = 110, CI runs cargo fmt --check", "max_width = 110"),
        Ask("reformat the new heap code before i review it, lines are too long", "src", project="meshkit"),
        Ask("the chunker has some really long lines, wrap them properly", "crates/slice-core", project="logslice"),
    )
    b.cross(
        "pocketgarden", said(0.6, "translations come from Crowdin, a github action syncs strings.xml both ways",
                             "Crowdin"),
        "cadence-ios", said(0.6, "we localise with a string catalog, Localizable.xcstrings, edited in xcode",
                            "Localizable.xcstrings"),
        Ask("add german translations for the watering screen", GARDEN, project="pocketgarden"),
        Ask("add spanish for the workout summary screen", "App/Views", project="cadence-ios"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("fix the typo in the README: 'recieve' should be 'receive'"))
    b.irrelevant("routewise", Ask("what does this regex do? ^[A-Z]{2}-\\d{3,5}$"))
    b.irrelevant("logslice", Ask("add a test for parse_line with an empty line", "src"))
    b.irrelevant("brightdesk", Ask("whats the diff between useMemo and useCallback, i always mix them up"))
    b.irrelevant("parcelhub", Ask("what's the difference between PUT and PATCH again"))
    b.irrelevant("ledgerline", Ask("explain what readOnly = true on @Transactional actually does"))
    b.irrelevant("fernbook", Ask("fix the indentation in this spec, rubocop is complaining", "spec"))
    b.irrelevant("beacon-chat", Ask("what does the pin operator do in elixir"))
    b.irrelevant("meshkit", Ask("can the compiler vectorise this loop? the one with the cross product", "src"))
    b.irrelevant("tidewater-etl", Ask("explain what a left anti join is, with a tiny example"))
    b.irrelevant("infra-live", Ask("explain what depends_on does in this file, is it even needed", "modules/network"))
    b.irrelevant("pocketgarden", Ask("val vs const val in kotlin?"))
    b.irrelevant("stockroom", Ask("add a test for the validator i just wrote in this file", "tests"))
    b.irrelevant("cadence-ios", Ask("@State vs @Binding, when do i use which"))
    b.irrelevant("routewise", Ask("typo in the log message: 'recieved stop'. fix pls", "internal/dispatch"))
    b.irrelevant("parcelhub", Ask("what does this regex do: /^\\d{5}(-\\d{4})?$/", "src/services"))
