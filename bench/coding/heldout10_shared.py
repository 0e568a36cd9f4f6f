"""The tenth held-out split, the cases that span sessions or projects: causes and effects (a setting
changed in one session, its symptom diagnosed sessions later; in stockroom in Spanish), global
preferences (said in Catalan, romanised Persian, Ukrainian and romanised Bengali, and in English as
"house style for me" and "in any repo you touch for me"; one probed in Spanish) and cross-project
negatives (two projects answering the same question their own way); see
:mod:`bench.coding.heldout10` (training now: measured twice while held out)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _causal(b)
    _causal_rest(b)
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "stockroom",
        said(0.25, "activé la caché de las respuestas de /stock durante 10 minutos, la base de datos iba justa",
             "caché de las respuestas de /stock durante 10 minutos"),
        concluded(0.7, "los mozos van a buscar cajas que el sistema dice que hay y no están",
                  "El stock que ven tiene hasta 10 minutos de retraso, así que van a buscar cajas que no están; la "
                  "caché dura 15 segundos ahora.", "la caché dura 15 segundos ahora"),
        [said(0.5, "las cajas que faltan en el muelle 3 son un error de recepción del proveedor",
              "error de recepción del proveedor")],
        Ask("El escáner dice que quedan 12 cajas en A-04 y la estantería está vacía", "app", want="cause"),
        Ask("¿Puedo cachear también /pedidos para aliviar la base de datos?", "app/routers", want="effect"),
    )
    b.causal(
        "brightdesk",
        said(0.2, "switched the inbox sort to 'last customer reply' instead of 'last activity', agents asked",
             "sort to 'last customer reply' instead of 'last activity'"),
        concluded(0.7, "tickets with our own follow-ups keep breaching their SLA",
                  "Tickets where only an agent wrote last never move up, so they sink to the bottom and breach their "
                  "SLA unnoticed; the inbox pins tickets near their SLA deadline on top now.",
                  "sink to the bottom and breach their SLA unnoticed"),
        [said(0.5, "the assignee avatars missing is the CDN purge from Monday", "CDN purge from Monday")],
        Ask("nobody noticed three tickets waiting on our follow-up until they breached", "src/components",
            want="cause"),
        Ask("can I use the same sort in the escalations view?", "src/components", want="effect"),
    )
    b.causal(
        "logslice",
        said(0.25, "raised the default --threads to 16, the big servers were idle", "default --threads to 16"),
        concluded(0.75, "slice gets OOM-killed on the small CI machines since the update",
                  "Each worker thread holds a 256 MB read buffer, so 16 of them need 4 GB on a 2 GB runner; threads "
                  "default to the core count now.", "holds a 256 MB read buffer"),
        [said(0.5, "the slow case-insensitive search on big files is the Unicode tables", "the Unicode tables")],
        Ask("slice gets killed on our small build boxes since the update, fine on my laptop", "src", want="cause"),
        Ask("can we raise the default thread count even more for the 64-core servers?", "crates/slice-core",
            want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "ledgerline",
        said(0.2, "set spring.jackson.default-property-inclusion=non_null, the JSON was noisy",
             "default-property-inclusion=non_null"),
        concluded(0.7, "the bank's portal shows every open mandate as expired",
                  "Their client expects mandateEndDate: null for open mandates; with the field missing they treat "
                  "the mandate as expired. The mandate DTO includes nulls again.", "treat the mandate as expired"),
        [said(0.5, "mandates the portal lists twice are the migration from the old bank",
              "migration from the old bank")],
        Ask("since the last release the bank's portal says all our open mandates ended", BILLING, want="cause"),
        Ask("can I drop nulls from the payouts API JSON as well?", BILLING_TESTS, want="effect"),
    )
    b.causal(
        "infra-live",
        said(0.25, "set deregistration_delay to 5 seconds on the api target group, deploys were slow",
             "deregistration_delay to 5 seconds"),
        concluded(0.75, "customers say big uploads fail sometimes",
                  "Uploads in flight during a deploy are cut because connections are dropped after 5 s of draining; "
                  "it's 120 s again.", "connections are dropped after 5 s of draining"),
        [said(0.5, "uploads over 100 MB failing are the WAF body limit, by design", "WAF body limit, by design")],
        Ask("uploads fail now and then, always around when we deploy", "envs/prod", want="cause"),
        Ask("deploys are slow again, can I shorten the target group draining?", "modules/network", want="effect"),
    )
    b.causal(
        "pocketgarden",
        said(0.2, "set setRequiresBatteryNotLow(true) on the watering reminder work request",
             "setRequiresBatteryNotLow(true)"),
        concluded(0.7, "some users never get the evening watering reminder",
                  "With that constraint the scheduler holds the reminder while the battery is low, and many phones "
                  "are low by evening; reminders run without it now.", "holds the reminder while the battery is low"),
        [said(0.5, "reminders arriving late on Xiaomi phones are MIUI's autostart setting",
              "MIUI's autostart setting")],
        Ask("a user says the reminder only shows up after she charges her phone", GARDEN, want="cause"),
        Ask("add the same battery constraint to the photo backup job", GARDEN, want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "tidewater-etl",
        said(0.4, "per a tots els meus projectes: quan m'expliquis un canvi, posa primer el resum en una línia i "
                  "després els detalls. D'acord, ara sqlfluff", "posa primer el resum en una línia"),
        [there("fernbook", said(0.4, "in fernbook the PR description starts with the details, the summary goes "
                                     "last in the template", "summary goes last in the template"))],
        Ask("explain what you'd change in the dispatcher to support two depots", "internal/dispatch",
            project="routewise"),
        Ask("walk me through the fix you'd make to the mandate importer", BILLING, project="ledgerline"),
    )
    b.global_pref(
        "routewise",
        said(0.45, "baraye hame-ye proje-haye man: dar javab-hat az jadval estefade nakon, list-e sade benevis, "
                   "terminal-am jadval ra kharab mikone. khob, hala golangci-lint", "az jadval estefade nakon"),
        [there("infra-live", said(0.45, "in infra-live put the plan summary in a markdown table: resource, action, "
                                        "reason", "markdown table: resource, action, reason"))],
        Ask("compare the three carriers' prices for a 2 kg parcel to France", "src/services", project="parcelhub"),
        Ask("Compara los tres modelos de escáner que nos ofrecen los proveedores", "app/routers",
            project="stockroom"),
    )
    b.global_pref(
        "logslice",
        said(0.4, "це для всіх моїх проєктів: старий код видаляй, не коментуй його, git усе пам'ятає. Гаразд, "
                  "тепер clippy", "старий код видаляй, не коментуй його, git"),
        [there("tillpoint", said(0.4, "in tillpoint keep the old tax code commented out for the auditors until 2027",
                                 "commented out for the auditors"))],
        Ask("drop the old kanban view, nobody uses it anymore", "src/components", project="brightdesk"),
        Ask("remove the legacy CSV importer path from the extract", "scripts", project="tidewater-etl"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "beacon-chat",
        said(0.45, "eta amar shob project-er jonno: shell command dile, sathe ekta line-e bolo oita ki kore. "
                   "accha, ebar mix format", "ekta line-e bolo oita ki kore"),
        [there("brightdesk", said(0.45, "in brightdesk just give me the npm commands, no explanations",
                                  "just give me the npm commands, no explanations"))],
        Ask("how do I find which security group blocks the database port?", "envs/staging", project="infra-live"),
        Ask("how do I see which Airflow tasks failed last night from the command line?", "dags",
            project="tidewater-etl"),
        Ask("how do I pull the crash logs off a test phone?", GARDEN, project="pocketgarden"),
    )
    b.global_pref(
        "ledgerline",
        said(0.4, "house style for me, every project: booleans are named as questions, isActive, hasMandate, never "
                  "flag or status. ok, the sonar findings", "booleans are named as questions"),
        [there("meshkit", said(0.4, "in meshkit the option structs keep plain boolean names like smooth and "
                                    "weld, they mirror the CLI", "plain boolean names like smooth and weld"))],
        Ask("add a field that says whether a booking was paid", "app/models", project="fernbook"),
        Ask("track whether the user has finished onboarding", "App", project="cadence-ios"),
    )
    b.global_pref(
        "meshkit",
        said(0.45, "in any repo you touch for me: a rename goes in its own commit, never mixed with a behaviour "
                   "change. now the tests", "a rename goes in its own commit"),
        [there("tillpoint", said(0.45, "in tillpoint squash everything into one commit per PR, renames included",
                                 "squash everything into one commit per PR"))],
        Ask("rename parse_line to parse_record and make it skip empty lines", "src", project="logslice"),
        Ask("rename TicketPane to TicketPanel and fix its scroll bug", "src/components", project="brightdesk"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.4, "the Django admin is only reachable over the office VPN at admin.tillpoint.internal",
                          "office VPN at admin.tillpoint.internal"),
        "fernbook", said(0.4, "admin users are members with the staff flag set from the Rails console",
                         "staff flag set from the Rails console"),
        Ask("a new accountant needs admin access, how does she get in?", "backend", project="tillpoint"),
        Ask("a new community manager needs the admin pages, how do I give her access?", "app/controllers",
            project="fernbook"),
    )
    b.cross(
        "routewise", said(0.45, "list endpoints paginate with an opaque cursor in next_page_token",
                          "opaque cursor in next_page_token"),
        "parcelhub", said(0.45, "list endpoints take page and per_page, per_page capped at 200",
                          "per_page capped at 200"),
        Ask("add a list endpoint for past routes", "cmd/routewise", project="routewise"),
        Ask("add GET /shipments for merchants, some have thousands", "src/routes", project="parcelhub"),
    )
    b.cross(
        "logslice", said(0.4, "prebuilt binaries ship for Linux and macOS only, Windows users build from source",
                         "prebuilt binaries ship for Linux and macOS only"),
        "meshkit", said(0.4, "on publie des binaires pour Linux, macOS et Windows (MSVC) à chaque version",
                        "binaires pour Linux, macOS et Windows"),
        Ask("a user asks for a Windows download of slice, do we have one?", "src", project="logslice"),
        Ask("Un utilisateur demande un binaire Windows de meshkit, on en fournit ?", "include/meshkit",
            project="meshkit"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "beacon-chat", said(0.45, "user sessions last 30 days, refreshed on each connect",
                            "sessions last 30 days, refreshed on each connect"),
        "brightdesk", said(0.45, "agent sessions expire after 8 hours idle, support asked for it",
                           "agent sessions expire after 8 hours idle"),
        Ask("users complain they have to log in again, how long should a session last?", "lib/beacon",
            project="beacon-chat"),
        Ask("agents got logged out mid-shift, what's the session length supposed to be?", "src/api",
            project="brightdesk"),
    )
    b.cross(
        "stockroom", said(0.4, "los productos descatalogados se marcan archivado=true y se quedan para siempre",
                          "se marcan archivado=true"),
        "tidewater-etl", said(0.4, "raw vendor files older than 20 months are deleted by the lake's lifecycle rule",
                              "older than 20 months are deleted by the lake's"),
        Ask("¿Qué hacemos con los productos que ya no vendemos, los borramos?", "app", project="stockroom"),
        Ask("can we get rid of the old raw vendor files? the bucket is huge", "dags", project="tidewater-etl"),
    )
    b.cross(
        "infra-live", said(0.45, "we roll back by reverting the PR and letting CI apply the revert, nobody touches "
                                 "state by hand", "reverting the PR and letting CI apply the revert"),
        "pocketgarden", said(0.45, "a bad release means we halt the staged rollout in the Play Console and ship a "
                                   "hotfix", "halt the staged rollout in the Play Console"),
        Ask("yesterday's change broke the prod load balancer, how do we roll back?", "envs/prod",
            project="infra-live"),
        Ask("the new version crashes on some Samsung phones, how do we roll back?", GARDEN, project="pocketgarden"),
    )
