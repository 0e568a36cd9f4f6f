"""The eighth held-out split: fresh facts and probes, measured at ccf1006 and b992e95 while held out; training now.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: an architecture decision record or a CONTRIBUTING.md
excerpt pasted with a one-line comment; meeting notes and a dictated voice memo pasted as one
wall of text; the user correcting the assistant's summary of the session ("not quite: ...");
facts given as the answer to the assistant's yes/no guess ("is it 8080?" "no, ..."); a
correction buried mid-way in a long message about something else; a dependency bump whose
symptom is reported sessions later; rules stated as what a reviewer keeps rejecting; global
preferences in romanised Vietnamese, Greek and Hebrew and in English as "this is just how I work"
and "for me personally, anywhere"; two projects making opposite choices on the same question.
Probes are markdown checklists ("- [ ] wire X"), prompts with a short code snippet, prompts that
name only a file path, terse one-liners and questions asked of a teammate ("what did we say
about ..."); the irrelevant prompts share the projects' vocabulary but need no planted fact.
Decisions, rules and irrelevant prompts are here; corrections, bugfixes and facts are in
:mod:`bench.coding.heldout8_more`; causes and effects, global preferences and cross-project
negatives in :mod:`bench.coding.heldout8_shared`.

heldout8 was measured while held out at ccf1006 (its first figure, ``bench/results/coding_heldout8_none_ccf1006.json``)
and at b992e95; its failures were read by class and tuned on in the release after, while
:mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10` and :mod:`bench.coding.heldout11` were held out.
"""

from __future__ import annotations

from bench.coding import heldout8_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout8")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    heldout8_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "pasting the ADR we merged so you have it:\n\n# ADR 014: receipt delivery\nStatus: accepted\n"
                  "Decision: digital receipts are sent as SMS links through Twilio Messaging Services; no "
                  "receipt emails, since half the walk-in customers never give an address.\n\n"
                  "anyway that's done. can you look at the failing migration test", "SMS links through Twilio"),
        [concluded(0.65, "how do the end-of-day reports reach the shop owners?",
                   "The end-of-day reports are emailed to owners as an XLSX attachment by a management command.",
                   "emailed to owners as an XLSX attachment")],
        Ask("- [ ] send the customer a receipt after checkout\n- [ ] tests", "backend/orders"),
    )
    b.decision(
        "routewise",
        said(0.45, "voice memo from the planning meeting, transcribed, sorry it's one blob: ok so we talked about "
                   "the map tiles again and the outcome is we self-host Protomaps PMTiles on our own bucket and "
                   "stop paying for the Mapbox tile quota, Jonas will do the extract, also somebody needs to "
                   "water the office plants, and the Friday demo moves to Thursday. right, can you fix the "
                   "staticcheck warning now", "self-host Protomaps PMTiles"),
        [said(0.7, "geocoding stays on the Pelias box Jonas runs, that one is cheap enough. go vet is red btw",
              "Pelias box Jonas runs")],
        Ask("the driver web view needs a basemap under the route line, set up where the tiles come from",
            "cmd/routewise"),
    )
    b.decision(
        "parcelhub",
        concluded(0.5, "summarise what we settled today",
                  "Summary: we settled on webhooks to merchants being retried with exponential backoff, up to "
                  "eight attempts over a day. Correction noted from you: signatures use an Ed25519 detached "
                  "signature header, not HMAC, so merchants can verify without a shared secret.",
                  "Ed25519 detached signature header"),
        [said(0.3, "internal service-to-service calls keep the mTLS from the mesh, nothing extra. lint pls",
              "keep the mTLS from the mesh")],
        Ask("merchant asks how they can check a tracking webhook really came from us", "src/services"),
    )
    b.decision(
        "ledgerline",
        concluded(0.4, "is the invoice PDF rendered with JasperReports?",
                  "No, you said it's rendered with OpenHTMLtoPDF from a Thymeleaf template since Jasper's "
                  "designer files were unmaintainable; I will leave the Jasper dependency out.",
                  "OpenHTMLtoPDF from a Thymeleaf template"),
        [said(0.65, "the dunning letters are plain text emails on purpose, no PDF. mvn verify is failing",
              "plain text emails on purpose")],
        Ask("add the VAT breakdown table at the bottom of the printable invoice", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.35, "meeting notes from today (pasting as is): attendees Ruth, me, Dario. room pricing: "
                   "decided half-hour slots billed per started slot, no per-minute billing, accountants hate "
                   "odd amounts. coffee machine broken again. next sync in two weeks. -- ok can you fix the "
                   "N+1 in the members index", "billed per started slot"),
        [said(0.6, "day passes are a flat price, no slots at all. rspec has a pending spec to clean up",
              "day passes are a flat price")],
        Ask("someone booked the boardroom 10:00-10:40, work out what to charge", "app/models"),
    )
    b.decision(
        "stockroom",
        said(0.45, "from CONTRIBUTING.md, just so you know where we landed:\n\n> ### Background work\n> Long "
                   "jobs (imports, relabelling) run on arq workers with Redis. Do not use FastAPI "
                   "BackgroundTasks for anything over a second.\n\nnow the mypy errors please",
             "run on arq workers with Redis"),
        [concluded(0.7, "how are the nightly stock snapshots taken?",
                   "The nightly stock snapshot is a Postgres materialized view refreshed by pg_cron at 02:00.",
                   "refreshed by pg_cron at 02:00")],
        Ask("```python\n@router.post('/imports')\nasync def upload(file: UploadFile):\n    ...  # parse 50k rows\n"
            "```\nthis times out, move the parsing out of the request", "app/routers"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        concluded(0.45, "are we reading files with async tokio?",
                  "You said no: tokio was dropped, files are read by a fixed pool of std::thread workers fed by a "
                  "crossbeam channel, since async bought nothing for local files.", "fixed pool of std::thread workers"),
        [said(0.7, "stdin is always read line by line, we can't seek it anyway. clippy next",
              "we can't seek it anyway")],
        Ask("make the file reader async so it can overlap reads with parsing", "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        said(0.5, "ADR pasted:\n\n## 0007 Realtime ticket updates\nAccepted. The agent inbox receives updates over "
                  "long-polling on /inbox/changes, not websockets, because the corporate proxies of two large "
                  "customers kill websocket upgrades.\n\nthat's it. fix the eslint errors in Inbox.tsx",
             "kill websocket upgrades"),
        [said(0.3, "the customer-facing widget polls every 30 s, it's fine for them. prettier pls",
              "widget polls every 30 s")],
        Ask("new tickets should appear in the agent list without a reload", "src/components"),
        Ask("what did we say about realtime for the inbox, sockets?", "src/api"),
    )
    b.decision(
        "meshkit",
        concluded(0.4, "est-ce qu'on lit les fichiers STL avec assimp ?",
                  "Non, tu m'as dit qu'on a retiré assimp : les STL et PLY sont lus par nos propres lecteurs "
                  "dans src/io, assimp tirait 40 Mo de dépendances.", "assimp tirait 40 Mo de dépendances"),
        [said(0.65, "Pour le glTF on garde cgltf, c'est un seul header. Corrige le warning stp",
              "on garde cgltf, c'est un seul header")],
        Ask("Il faut lire des fichiers PLY binaires, on ajoute quelle bibliothèque ?", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.4, "not quite on your summary: we did NOT decide on Great Expectations. data tests stay in dbt, "
                  "with dbt-expectations macros for the range checks, one tool is enough. the rest of your summary "
                  "is right", "dbt-expectations macros for the range checks"),
        [concluded(0.6, "how are source freshness alerts sent?",
                   "Source freshness failures post to the #tide-alerts Slack channel from the Airflow callback.",
                   "#tide-alerts Slack channel")],
        Ask("- [ ] check that salinity readings stay between 0 and 42\n- [ ] fail the run if not",
            "models/staging"),
    )
    b.decision(
        "infra-live",
        said(0.5, "meeting notes, pasted raw: budget review. outcome: NAT gateways only in one AZ for staging, "
                  "prod keeps one per AZ. Priya to check reserved instances. lunch order was wrong again. "
                  "decision on secrets: git-crypt over the secrets/ folder in the repo, not Vault, nobody wants "
                  "to run Vault. -- ok, terraform validate fails on the iam module", "git-crypt over the secrets/ folder"),
        [said(0.3, "database passwords are generated by RDS and kept in its managed secret, leave those. fmt pls",
              "kept in its managed secret")],
        Ask("the grafana admin password needs to live somewhere for the staging deploy", "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        concluded(0.45, "are plant photos uploaded to the cloud?",
                  "No, you said photos stay on the device only, in app-specific storage, and backups go through "
                  "Android Auto Backup; there is no server for them.", "stay on the device only"),
        [said(0.7, "the plant catalogue is downloaded once as a bundled JSON update. ktlint again",
              "bundled JSON update")],
        Ask("add a way to get the plant photos back after someone switches phones", GARDEN),
    )
    b.decision(
        "cadence-ios",
        said(0.5, "is it Core Data? no. we went with NSPersistentCloudKitContainer for the workout history so it syncs to iCloud, the migration from the "
                  "old plist store runs once at first launch. ok the build warning in SessionStore",
             "NSPersistentCloudKitContainer for the workout history"),
        [said(0.3, "user settings are saved as JSON in the shared container, no database for those. fix swiftlint",
              "saved as JSON in the shared container")],
        Ask("persist every finished interval session so the history tab can list them", "App"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.4, "Gideon has bounced three of my PRs for the same thing so let me save you the trouble: no raw "
                  "SQL in views, ever. if the ORM can't do it, it goes in a function in backend/reports/rawsql.py "
                  "with a test. ok, now the flake8 errors", "in a function in backend/reports/rawsql.py"),
        [said(0.7, "migrations may use RunSQL when needed, that's different. black is complaining",
              "migrations may use RunSQL")],
        Ask("the weekly takings view needs a window function, write the query", "backend/reports"),
        Ask("what did we say about hand-written SQL in the views?", "backend"),
    )
    b.rule(
        "routewise",
        said(0.5, "the reviewer keeps rejecting table tests without t.Parallel() and a name field, so: every "
                  "table-driven test calls t.Parallel() in the subtest and has a name. fix the ones in "
                  "dispatch_test.go", "calls t.Parallel() in the subtest"),
        [said(0.3, "integration tests under test/e2e run serially because they share the database. lint pls",
              "run serially because they share the database")],
        Ask("internal/dispatch/assign_test.go", "internal/dispatch"),
    )
    b.rule(
        "parcelhub",
        said(0.45, "CONTRIBUTING excerpt, pasting because you keep missing it:\n\n> Every request body is "
                   "validated with a zod schema from src/validation/bodies before it reaches a service. Handlers never "
                   "read req.body fields directly.\n\nnow fix the failing jest suite", "zod schema from src/validation/bodies"),
        [concluded(0.7, "do query strings get validated too?",
                   "Query strings are parsed by the pagination helper only; nothing else reads them.",
                   "parsed by the pagination helper only")],
        Ask("new POST /pickups endpoint, takes an address and a time window", "src/routes"),
    )
    b.rule(
        "ledgerline",
        said(0.35, "Marta rejected my PR again for the same reason, so write it down: money is never a double or a "
                   "BigDecimal in signatures, always the Money value object with its currency. ok, the Sonar "
                   "findings", "always the Money value object"),
        [said(0.6, "exchange rates themselves are BigDecimal with scale 6, that's fine. checkstyle",
              "BigDecimal with scale 6")],
        Ask("add a method that applies an early-payment discount to an invoice total", BILLING),
        Ask("```java\npublic double lateFee(Invoice invoice, int daysLate)\n```\nimplement this", BILLING),
    )
    b.rule(
        "fernbook",
        said(0.5, "reviewer feedback I keep getting: every new background job has to be idempotent and take ids, "
                  "never ActiveRecord objects, as arguments. please fix the job you wrote yesterday",
             "take ids, never ActiveRecord objects"),
        [said(0.25, "mailers can take records through deliver_later, GlobalID handles it. rubocop pls",
              "GlobalID handles it")],
        Ask("write a job that sends the monthly invoice to each company member", "app/models"),
    )
    b.rule(
        "beacon-chat",
        said(0.4, "the review bot and Hanne both keep flagging it: no Repo calls in channel modules. channels go "
                  "through the context functions in lib/beacon only. fix the room channel",
             "no Repo calls in channel modules"),
        [said(0.7, "seeds and mix tasks can hit Repo directly, nobody cares. credo warnings pls",
              "seeds and mix tasks can hit Repo directly")],
        Ask("pin a message when a moderator sends 'pin' over the socket", "lib/beacon_web/channels"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.45, "the thing reviewers keep bouncing: no unwrapping or expect outside tests and main.rs. library "
                  "code returns a thiserror enum. fix parse.rs accordingly", "returns a thiserror enum"),
        [said(0.7, "benches can unwrap all they like. clippy is fine otherwise", "benches can unwrap all")],
        Ask("```rust\nlet ts = line[..19].parse::<Timestamp>().unwrap();\n```\nadd support for ISO week dates here",
            "crates/slice-core"),
    )
    b.rule(
        "brightdesk",
        said(0.5, "pasting from CONTRIBUTING.md:\n\n> Every user-visible string goes through t() with a key in "
                  "src/i18n/en.json. Literal strings in JSX fail the lint.\n\nso please fix the snooze menu",
             "key in src/i18n/en.json"),
        [said(0.3, "console messages and error codes stay in English literals, not translated. tsc errors pls",
              "stay in English literals")],
        Ask("- [ ] empty state for the inbox when there are no tickets", "src/components"),
    )
    b.rule(
        "meshkit",
        said(0.4, "Le relecteur rejette systématiquement les PR sans test de régression sur un maillage de "
                  "tests/data : toute correction de bug ajoute un fichier .obj minimal qui la reproduit. "
                  "Corrige le CMakeLists maintenant", "ajoute un fichier .obj minimal"),
        [said(0.7, "Les refactorisations pures n'ont pas besoin de nouveau maillage. Lance clang-format",
              "pas besoin de nouveau maillage")],
        Ask("Corrige le crash quand un maillage a des faces dégénérées", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.45, "Osei keeps rejecting DAGs for this: every task sets retries=3 and an sla, fix the tides DAG", "retries=3 and an sla"),
        [concluded(0.7, "do the dbt models need their own retries?",
                   "dbt models get no retries of their own; the Airflow task around dbt build retries the run.",
                   "Airflow task around dbt build retries")],
        Ask("dags/buoy_ingest.py", "dags"),
    )
    b.rule(
        "infra-live",
        said(0.4, "Priya rejects any module without these so: every resource gets the default_tags of owner, "
                  "cost-center and env through the provider block, never per resource. fix the s3 module",
             "owner, cost-center and env"),
        [said(0.65, "the route53 records can't take tags, ignore those. tflint please",
              "route53 records can't take tags")],
        Ask("add an SQS queue for the ingest events", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.5, "review keeps sending this back: no business logic in composables. screens get state from a "
                  "ViewModel exposing a StateFlow of a UiState data class. fix the watering screen",
             "StateFlow of a UiState data class"),
        [said(0.3, "previews can build fake states inline, that's fine. detekt pls",
              "previews can build fake states inline")],
        Ask("- [ ] fertiliser reminder screen\n- [ ] show next due date", GARDEN),
    )
    b.rule(
        "stockroom",
        said(0.35, "Ewa's dev team keeps rejecting it: every endpoint that changes stock must carry "
                   "a client-generated scan_id the server dedupes on, scanners retry on bad wifi. fix the transfer endpoint",
             "client-generated scan_id"),
        [said(0.7, "GET endpoints don't need any of that, obviously. ruff", "GET endpoints don't need any")],
        Ask("POST endpoint to move stock between two bins", "app/routers"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("sort the imports in backend/orders/admin.py alphabetically", "backend/orders"))
    b.irrelevant("tillpoint", Ask("what does select_for_update(skip_locked=True) do, in a sentence?"))
    b.irrelevant("routewise", Ask("- [ ] rename dist to distanceMeters in route.go", "internal/geo"))
    b.irrelevant("logslice", Ask("why does the borrow checker complain about this?\n```rust\nlet a = &mut v;\n"
                                 "let b = &v;\n```", "src"))
    b.irrelevant("brightdesk", Ask("what's the difference between useMemo and useCallback, one line each",
                                   "src/components"))
    b.irrelevant("parcelhub", Ask("the JSDoc on quoteShipment says @returns {number} but it returns an object, "
                                  "fix the comment", "src/services"))
    b.irrelevant("ledgerline", Ask("explain @Transactional(readOnly = true) to a junior in two lines", BILLING))
    b.irrelevant("fernbook", Ask("spell check the flash messages in bookings_controller.rb", "app/controllers"))
    b.irrelevant("beacon-chat", Ask("what's the difference between a GenServer call and cast?", "lib/beacon"))
    b.irrelevant("meshkit", Ask("Renomme la variable tmp en barycentre dans smooth.cpp", "src"))
    b.irrelevant("tidewater-etl", Ask("add a trailing newline to every sql file in models/staging",
                                      "models/staging"))
    b.irrelevant("infra-live", Ask("what is the difference between count and for_each in terraform, briefly?",
                                   "envs/prod"))
    b.irrelevant("pocketgarden", Ask("LaunchedEffect vs rememberCoroutineScope, when do I use which?", GARDEN))
    b.irrelevant("stockroom", Ask("add type hints to the two helpers at the bottom of utils.py", "app"))
    b.irrelevant("cadence-ios", Ask("the doc comment on IntervalPlan has a typo, 'recieve', fix it", "App"))
    b.irrelevant("routewise", Ask("what's the idiomatic way to check an error type in Go, errors.As or a type "
                                  "switch?", "cmd/routewise"))
