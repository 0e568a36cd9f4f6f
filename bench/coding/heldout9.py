"""The ninth held-out split: fresh facts and probes; training now (measured twice while held out).

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: a teammates' Slack thread pasted with names and times;
a standup update, a handover note before leave, a release-note draft and a poll result with the
decision in one line of them; a pasted docker-compose, Makefile, crontab, .env.example, xcconfig
or ``git shortlog`` excerpt with the user's one-line comment; a shell session pasted whole (the
command, its output, then "so that's why ..."); an incident timeline pasted from a postmortem;
rules said as complaints ("I hate it when ...", "it drives me up the wall ..."); corrections that
change a name rather than a number (a renamed queue, topic, event or subcommand, an owner who moved
team) and decisions reversed twice over three sessions (only the last one holds); causes that are a
settings change whose symptom arrives sessions later as a customer's complaint in plain words;
global preferences said in Swahili, Tagalog, romanised Thai and Malay and in English as "across
the board" and "that goes for every codebase I touch". Probes are prompts pasting a stack trace
or an error line and asking "what's going on", prompts naming a ticket id and a vague task,
follow-up questions after a long paste, prompts in the user's second language (Tagalog, Malay,
French in meshkit) and prompts typed from a subdirectory; the irrelevant prompts ask for a regex,
a shell one-liner, the wording of a commit message or the meaning of a library's error, in the
projects' vocabulary. Decisions, rules and irrelevant prompts are here; corrections, bugfixes and
facts are in :mod:`bench.coding.heldout9_more`; causes and effects, global preferences and
cross-project negatives in :mod:`bench.coding.heldout9_shared`.

heldout9 was held out until measured twice: its first figure at b992e95, its second at b5d5bdf
(both 0.314 and 0.322). It is training from the release after (f302c4e on): its failures may be
read and tuned on. heldout11 and heldout12 are the held-out splits now.
"""

from __future__ import annotations

from bench.coding import heldout9_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout9")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    heldout9_more.add(b)
    _irrelevant(b)
    _irrelevant_rest(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "pasting the thread from #till-dev so you have it:\n\n[10:02] Lena Brandt: when a table wants to "
                  "split the bill, do we allow any amounts?\n[10:05] Tomasz Kowal: the terminal can't refund part of "
                  "a split payment, so no\n[10:06] Lena Brandt: ok, final: bills are split by seat only, each seat's "
                  "items on its own payment, no free-amount splitting\n[10:06] Tomasz Kowal: agreed\n\nanyway, the "
                  "failing migration test first please", "bills are split by seat only"),
        [said(0.65, "the service charge is shared evenly across everyone on the bill, that one's not per item. "
                    "black is unhappy with views.py", "service charge is shared evenly across everyone")],
        Ask("TILL-412: table of six wants to pay separately, implement it", "backend/orders"),
        Ask("a group wants to put 50 euros each on two cards and the rest on a third, can the till do that?",
            "backend"),
    )
    b.decision(
        "routewise",
        said(0.45, "standup notes for the doc: yesterday: capacity bug. today: the driver app. blockers: none. and we "
                   "settled what customers see: a two-hour arrival window, not an exact time, the exact minute was "
                   "wrong for 4 stops in 10. ok, go test is red on main", "a two-hour arrival window"),
        [said(0.7, "dispatchers still see the exact computed minute in the console, they want it. go vet please",
              "dispatchers still see the exact computed minute")],
        Ask("the tracking SMS should tell the customer when the van arrives", "internal/dispatch"),
    )
    b.decision(
        "parcelhub",
        said(0.5, "poll closed, 5 votes to 2: a merchant account has exactly one currency, GBP or EUR, picked at "
                  "signup, no mixed-currency accounts, because the carriers invoice us per account. thanks all. now "
                  "the jest timeout", "exactly one currency, GBP or EUR, picked at signup"),
        [said(0.3, "customs values on the CN23 are always declared in the parcel's own currency, whatever it is. "
                   "lint pls", "declared in the parcel's own currency")],
        Ask("MERCH-58: a merchant with a UK and an Irish warehouse wants quotes in both pounds and euros",
            "src/services"),
    )
    b.decision(
        "ledgerline",
        said(0.45, "draft for the release notes, check the tone: 'Invoices are now issued as PDF/A-3 with the "
                   "ZUGFeRD XML embedded, so customers in Germany can book them without retyping.' that line is the "
                   "decision, we are not sending a separate XML attachment. next, checkstyle",
             "PDF/A-3 with the ZUGFeRD XML embedded"),
        [said(0.7, "payment reminders stay plain PDF letters, no embedded data. gradle warnings next",
              "payment reminders stay plain PDF letters")],
        Ask("a customer in Munich wants invoices their accounting software can read, what do we send?", BILLING),
        Ask("InvoicePdfRenderer needs the machine-readable part, where does it go?", BILLING),
        Ask("```\nFrom: buchhaltung@kunde-muenchen.example\nSubject: Ihre Rechnungen\n\nSehr geehrte Damen und "
            "Herren,\nunsere Buchhaltungssoftware kann Ihre Rechnungen nicht automatisch einlesen. Wir tippen "
            "jede Rechnung von Hand ab. Gibt es eine andere Möglichkeit?\nMit freundlichen Grüßen\n```\nok so "
            "what do we tell them?", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.4, "```yaml\n  search:\n    image: typesense/typesense:0.25.2\n    volumes:\n      - typesense:/data\n"
                  "```\n^ we picked typesense over elasticsearch for room search, one binary, fits on the small "
                  "droplet. ok, rubocop", "typesense over elasticsearch for room search"),
        [said(0.6, "member search in the admin is a plain ILIKE on name and email, 3000 rows, nothing fancy",
              "plain ILIKE on name and email")],
        Ask("room search should find 'confrence room' even with the typo", "app/controllers"),
    )
    b.decision(
        "beacon-chat",
        said(0.45, "handover before I'm off for two weeks: threads are one level deep, a reply to a reply goes "
                   "into the same thread, no nesting, because the mobile layout can't show it. the rest is in the "
                   "ticket. fix the credo warnings", "a reply to a reply goes into the same thread"),
        [said(0.25, "quoted messages can quote anything, even across rooms, that's separate. format please",
              "quoted messages can quote anything")],
        Ask("CHAT-77: let people answer a specific reply inside a thread", "lib/beacon"),
    )
    b.decision(
        "stockroom",
        concluded(0.4, "standup recap for me? I missed it",
                  "The one decision: barcode lookups go to a Redis hash keyed by EAN, refreshed on every product "
                  "change, instead of hitting Postgres, because the handhelds need an answer in under 20 ms.",
                  "Redis hash keyed by EAN"),
        [said(0.65, "product photos are served straight from the bucket, no cache in front. ruff pls",
              "served straight from the bucket, no cache")],
        Ask("scanning a box takes almost a second before the product shows, speed up the lookup", "app/routers"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        said(0.4, "handover note since I'm away next week: timestamps are only auto-detected for RFC 3164 syslog "
                  "and ISO 8601; anything else needs --ts-pattern with a strftime string, we decided no heuristic "
                  "guessing, it was wrong silently. the clippy job is yours", "no heuristic guessing"),
        [said(0.7, "the level names are matched case-insensitively, WARN and warn are the same. fmt pls",
              "matched case-insensitively, WARN and warn")],
        Ask("a user's nginx logs aren't parsed, can we detect their date format automatically?", "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        said(0.5, "TL;DR for the macros thread: canned replies are Liquid templates rendered on the server, the "
                  "admins edit them without a deploy, the client only gets the rendered text. long version in "
                  "Notion, don't read it. now the tsc errors", "Liquid templates rendered on the server"),
        [said(0.3, "signatures are plain text per agent, stored in their profile. prettier pls",
              "signatures are plain text per agent")],
        Ask("agents want a canned reply that includes the customer's first name", "src/components"),
    )
    b.decision(
        "meshkit",
        said(0.45, "Pour la mémoire on a tranché : les indices de faces sont en uint32_t, pas size_t, ça divise la "
                   "taille par deux et au-delà de 4 milliards de sommets on refuse le fichier. Lance les tests",
             "indices de faces sont en uint32_t"),
        [said(0.7, "Les compteurs affichés dans les statistiques restent en size_t, c'est juste de l'affichage. "
                   "Corrige le warning -Wshadow", "compteurs affichés dans les statistiques")],
        Ask("Ajoute le type Face pour le nouveau format de quads, quel type d'indice ?", "include/meshkit"),
    )
    b.decision(
        "tidewater-etl",
        said(0.4, "from the retro doc, pasting the one line that matters: 'vendor files are read with DuckDB in "
                  "the extract step, not pandas; pandas ran out of memory on the 4 GB dumps.' ok, the sqlfluff "
                  "errors", "read with DuckDB in the extract step"),
        [said(0.65, "the small reference CSVs are dbt seeds, no extract step at all",
              "reference CSVs are dbt seeds")],
        Ask("DATA-97: the extract task gets OOM-killed on the new 6 GB vendor dump", "scripts"),
    )
    b.decision(
        "infra-live",
        said(0.5, "```\n$ aws ec2 describe-instances --filters Name=tag:env,Values=staging | jq '.Reservations | "
                  "length'\n38\n```\n38 instances idling all night. so that's why we decided staging scales to zero "
                  "at 20:00 and back at 07:00 with scheduled actions on every node group. now tflint",
             "scales to zero at 20:00"),
        [said(0.3, "prod node groups never scale below three, that's firm. fmt please",
              "never scale below three")],
        Ask("the team in Singapore can't use staging in their morning, why is nothing running?", "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        said(0.45, "pasting from the team thread:\n\n[14:10] Aroha: plant id from photos, on device or server?\n"
                   "[14:12] Bilal: server, we proxy Pl@ntNet; the on-device model was right 4 times in 10\n[14:12] "
                   "Aroha: fine, identification goes through our Pl@ntNet proxy then\n\nok, ktlint",
             "identification goes through our Pl@ntNet proxy"),
        [said(0.7, "the weather card is fetched live and never cached more than an hour. detekt pls",
              "never cached more than an hour")],
        Ask("users want to snap a leaf and get the plant's name", GARDEN),
    )
    b.decision(
        "cadence-ios",
        said(0.4, "release note draft: 'Cadence now speaks German.' and the decision behind it: we ship English and "
                  "German only, other languages wait until we have a paid translator, machine translations got "
                  "1-star reviews. ok, fix the swiftlint warnings", "English and German only"),
        [said(0.7, "units follow the phone's region, metric or imperial, no in-app switch. build please",
              "units follow the phone's region")],
        Ask("someone offered to translate the app into Polish on GitHub, should I merge their strings?", "App"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.4, "it drives me up the wall when a test depends on today's date. any test that touches dates "
                  "freezes time with time-machine, not freezegun, freezegun doubles our suite time. now flake8",
             "freezes time with time-machine"),
        [said(0.7, "factory_boy sequences for order numbers are fine to rely on in tests. isort pls",
              "sequences for order numbers are fine")],
        Ask("write tests for the birthday discount, it only applies on the customer's birthday", "backend/orders"),
    )
    b.rule(
        "routewise",
        said(0.45, "I hate it when goroutines are started with a bare go func() and nobody waits for them. "
                   "concurrent work uses errgroup.WithContext so errors come back and cancel the rest. fix "
                   "geo/batch.go", "errgroup.WithContext"),
        [said(0.7, "the metrics flusher is the one fire-and-forget goroutine, it's started in main. lint",
              "metrics flusher is the one fire-and-forget goroutine")],
        Ask("DISP-310: geocode the 200 new stops in parallel instead of one by one", "internal/geo"),
    )
    b.rule(
        "parcelhub",
        said(0.5, "it bugs me every single time: carrier names are never string literals in services, use the "
                  "CarrierCode constants from src/services/carrierCodes.js. please fix pricing.js",
             "CarrierCode constants"),
        [said(0.3, "test fixtures can spell carrier names out as strings, nobody cares there. eslint",
              "fixtures can spell carrier names out")],
        Ask("add DHL Parcel to the quote comparison", "src/services"),
    )
    b.rule(
        "ledgerline",
        said(0.4, "I hate seeing a full IBAN in the logs. anything logged goes through IbanMasker first, last four "
                  "characters only. fix the mandate importer", "IbanMasker"),
        [said(0.7, "the audit table keeps the full IBAN encrypted, regulators need it. spotbugs",
              "keeps the full IBAN encrypted")],
        Ask("add debug logging to the SEPA mandate import so we see which rows fail", BILLING),
        Ask("log the bank account of each direct debit we send, for support", BILLING),
    )
    b.rule(
        "fernbook",
        said(0.5, "honestly I hate N+1 queries more than anything. the Bullet gem must stay silent in the request "
                  "specs, every index action preloads what its view shows. fix the rooms index",
             "the Bullet gem must stay silent"),
        [said(0.25, "the admin CSV export can be slow, it runs at night. rubocop pls",
              "admin CSV export can be slow")],
        Ask("list each member's upcoming bookings with the room and its floor on the dashboard", "app/controllers"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "I can't stand migrations that lock the messages table. every index on messages is created "
                   "concurrently, with @disable_ddl_transaction and @disable_migration_lock. fix the one you wrote",
             "@disable_migration_lock"),
        [said(0.7, "small lookup tables like reaction_sets can be migrated the normal way. mix format",
              "small lookup tables like reaction_sets")],
        Ask("add an index on messages for thread_id", "lib/beacon"),
    )
    b.rule(
        "stockroom",
        said(0.4, "I hate it when a migration ships in the same PR as the code that needs it. Alembic migrations "
                  "get their own PR, deployed before the code. split yesterday's branch please",
             "Alembic migrations get their own PR"),
        [said(0.7, "the demo seed script can change together with the code, it's not prod. mypy",
              "demo seed script can change together")],
        Ask("add min_shelf_life_days to products and use it in the picking order", "app"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.4, "I hate it when a new crate drags in half of crates.io. every dependency is added with "
                  "default-features = false and only the features we call. fix the chrono line you added",
             "default-features = false and only the features"),
        [said(0.7, "dev-dependencies can keep their default features, they don't ship",
              "dev-dependencies can keep their default features")],
        Ask("add reqwest so --from-url can download a remote log", "src"),
    )
    b.rule(
        "brightdesk",
        said(0.45, "I really hate lists keyed by the array index, they shuffle state around on every sort. in a "
                   "rendered list the key is the entity's id, always. fix the macro picker",
             "the key is the entity's id, always"),
        [said(0.7, "the static menus built from a constant array can use the label as key, they never reorder",
              "can use the label as key")],
        Ask("render the attachments under each message in the ticket thread", "src/components"),
    )
    b.rule(
        "meshkit",
        said(0.4, "Ça m'énerve de voir des printf de debug oubliés. Les messages passent par meshkit::log avec un "
                  "niveau, jamais std::cout ni printf dans src. Corrige simplify.cpp",
             "jamais std::cout ni printf dans src"),
        [said(0.7, "Les exemples dans examples/ peuvent écrire sur std::cout, ce sont des démos",
              "peuvent écrire sur std::cout")],
        Ask("Affiche le nombre de triangles supprimés à chaque passe de décimation", "src"),
    )
    b.rule(
        "tidewater-etl",
        said(0.45, "it drives me nuts when a DAG has start_date=datetime.now(). every DAG gets a fixed pendulum "
                   "start date and catchup=False unless we're backfilling on purpose. fix tides_hourly",
             "fixed pendulum start date"),
        [said(0.7, "dbt snapshots don't care about dates, leave their config alone. sqlfluff",
              "dbt snapshots don't care about dates")],
        Ask("new DAG for the tide gauge feed, every 15 minutes", "dags"),
    )
    b.rule(
        "infra-live",
        said(0.5, "```make\nfmt:\n\tterraform fmt -recursive\n# resource names come from module.label (null-label), "
                  "never a hand-built string\n```\nyou built a name by hand again in the queue module. I hate that. "
                  "fix it", "resource names come from module.label"),
        [said(0.3, "tags other than Name are free-form, add whatever helps. tflint",
              "tags other than Name are free-form")],
        Ask("new module for the CloudFront distribution in front of the docs bucket", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.4, "I hate hardcoded colours. every colour comes from MaterialTheme.colorScheme, a Color(0xFF...) "
                  "literal in a screen gets rejected. fix the plant card",
             "every colour comes from MaterialTheme.colorScheme"),
        [said(0.7, "the plant illustrations keep their own palette baked into the vector drawables",
              "palette baked into the vector drawables")],
        Ask("make the overdue watering badge red", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.45, "singletons make me angry. no new `static let shared` anywhere: a new service is injected "
                   "through @Environment from the App struct. the old SessionStore.shared stays until the rewrite",
             "injected through @Environment from the App struct"),
        [said(0.7, "the logger can stay a global constant, it has no state", "logger can stay a global constant")],
        Ask("add a service that fetches the coach's plans from the server", "App"),
        Ask("```swift\nfinal class PlanSync {\n    static let shared = PlanSync()\n}\n```\nwire this into the "
            "history view", "App/Views"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("regex that matches order numbers like TP-000123 but not TP-123",
                                  "backend/orders"))
    b.irrelevant("routewise", Ask("one-liner to count the .go files that import internal/geo", "cmd/routewise"))
    b.irrelevant("logslice", Ask("what does error[E0502] mean, in plain words?", "src"))
    b.irrelevant("brightdesk", Ask("make this commit message fit in 50 characters: 'Fix the issue where the ticket "
                                   "list would not scroll back to the top after the filter changed'",
                                   "src/components"))
    b.irrelevant("parcelhub", Ask("npm install says ERESOLVE unable to resolve dependency tree, what does that "
                                  "mean?"))
    b.irrelevant("ledgerline", Ask("what's a regex for a German IBAN? just the pattern", BILLING_TESTS))
    b.irrelevant("fernbook", Ask("sed one-liner to replace 'Desk' with 'Workspace' in config/locales/en.yml"))
    b.irrelevant("beacon-chat", Ask("explain: ** (Protocol.UndefinedError) protocol Enumerable not implemented "
                                    "for nil", "lib/beacon"))


def _irrelevant_rest(b: SplitBuilder) -> None:
    b.irrelevant("meshkit", Ask("Explique-moi cette erreur du linker : undefined reference to vtable for "
                                "meshkit::Reader", "src"))
    b.irrelevant("tidewater-etl", Ask("jq filter that prints the dag_id of every failed run in this JSON", "dags"))
    b.irrelevant("infra-live", Ask("write a commit message for: aws provider 5.31 -> 5.40, plan shows no changes",
                                   "envs/staging"))
    b.irrelevant("pocketgarden", Ask("Gradle says Could not resolve all files for configuration "
                                     "':app:debugRuntimeClasspath', what does that usually mean?", GARDEN))
    b.irrelevant("stockroom", Ask("regex for bin codes like A-14-03: aisle letter, two-digit rack, two-digit shelf",
                                  "app"))
    b.irrelevant("cadence-ios", Ask("what does 'Publishing changes from within view updates is not allowed' mean?",
                                    "App/Views"))
    b.irrelevant("routewise", Ask("awk one-liner to sum the third column of stops.csv"))
    b.irrelevant("fernbook", Ask("button label: 'cancelation' or 'cancellation'?", "app/controllers"))
    b.irrelevant("brightdesk", Ask("shell command to list every file under src that still imports lodash",
                                   "src/api"))
