"""The thirteenth held-out split, the cases that span projects: global preferences (said in Estonian,
Lithuanian, Welsh and Slovenian, three of them probed in that language too, and in English as "my
default everywhere") and cross-project negatives (two projects answering the same question their
own way); see :mod:`bench.coding.heldout13`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said, there
from bench.coding.projects import BILLING, BILLING_TESTS


def add(b: SplitBuilder) -> None:
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "routewise",
        said(0.4, "see kehtib kõigis minu projektides: kui lisad uue keskkonnamuutuja, lisa see ka README tabelisse "
                  "koos näiteväärtusega. hea, nüüd testid", "lisa see ka README tabelisse"),
        [there("tillpoint", said(0.4, "in tillpoint the settings reference is generated from settings.py, never "
                                      "hand-edit the README for variables",
                                 "settings reference is generated from settings.py"))],
        Ask("read the carrier request timeout from an env var instead of the constant", "src/services",
            project="parcelhub"),
        Ask("add a LOGSLICE_NO_PAGER variable that turns the pager off", "src", project="logslice"),
        Ask("lisa keskkonnamuutuja, mis lülitab beetafunktsioonid sisse", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "tidewater-etl",
        said(0.45, "tai galioja visiems mano projektams: prieš keisdamas funkcijos parašą, pirma parodyk visas "
                   "vietas, kur ji kviečiama. gerai, dabar dbt testai", "parodyk visas vietas, kur ji kviečiama"),
        [there("meshkit", said(0.45, "in meshkit just change the signature, the compiler lists every caller anyway",
                               "the compiler lists every caller anyway"))],
        Ask("add a currency argument to InvoiceCalculator.total", BILLING, project="ledgerline"),
        Ask("add a priority parameter to fetchTicket and update it", "src/api", project="brightdesk"),
        Ask("pridėk parametrą warehouse_id prie reserve_stock funkcijos", "app", project="stockroom"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "pocketgarden",
        said(0.4, "mae hyn yn wir ym mhob prosiect sydd gen i: pan wyt ti'n gadael TODO, rho fy llythrennau cyntaf "
                  "a'r dyddiad ynddo. iawn, nawr y lint", "rho fy llythrennau cyntaf a'r dyddiad"),
        [there("infra-live", said(0.4, "no TODOs in infra-live at all, open an issue and link it in the PR",
                                  "open an issue and link it in the PR"))],
        Ask("stub out the congestion-charge calculation for now, we'll fill it in later", "internal/dispatch",
            project="routewise"),
        Ask("leave the reverse-charge VAT branch unimplemented with a note for next sprint", BILLING_TESTS,
            project="ledgerline"),
        Ask("skip the self-intersecting input case for now and mark it", "src", project="meshkit"),
    )
    b.global_pref(
        "ledgerline",
        said(0.45, "to velja za vse moje projekte: preden predlagaš migracijo baze, povej, ali zaklene tabelo in za "
                   "koliko časa. v redu, zdaj checkstyle", "povej, ali zaklene tabelo"),
        [there("stockroom", said(0.45, "stockroom's tables are tiny, migrations there need no lock notes",
                                 "migrations there need no lock notes"))],
        Ask("add a non-null course number column to order lines", "backend/orders", project="tillpoint"),
        Ask("add an index on bookings(desk_id, starts_at)", "app/models", project="fernbook"),
        Ask("dodaj stolpec edited_at v tabelo messages", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "infra-live",
        said(0.45, "my default everywhere: when you hand me a long shell command, put each flag on its own line with "
                   "a trailing backslash so I can read it. ok, tflint",
             "each flag on its own line with a trailing backslash"),
        [there("logslice", said(0.45, "logslice's README examples stay one-liners, people copy them",
                                "README examples stay one-liners"))],
        Ask("give me the docker run command for a local Postgres with a volume and the env vars", "backend",
            project="tillpoint"),
        Ask("the aws cli command to copy yesterday's exports to the archive bucket, please", "scripts",
            project="tidewater-etl"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "brightdesk", said(0.4, "deleted tickets sit in the trash for 30 days before the purge job takes them",
                           "sit in the trash for 30 days"),
        "fernbook", said(0.4, "cancelled bookings are purged right away, only the audit entry stays",
                         "purged right away, only the audit entry stays"),
        Ask("an agent deleted a ticket by mistake yesterday, can we get it back?", "src/components",
            project="brightdesk"),
        Ask("a member cancelled a booking by accident an hour ago, can we restore it?", "app/controllers",
            project="fernbook"),
    )
    b.cross(
        "parcelhub", said(0.45, "every response echoes the caller's X-Request-Id, we mint one when it's missing",
                          "echoes the caller's X-Request-Id"),
        "ledgerline", said(0.45, "tracing here is W3C traceparent only, no custom id headers are read",
                           "W3C traceparent only"),
        Ask("a merchant's developer wants to match their calls to our logs, which header should they send?",
            "src/routes", project="parcelhub"),
        Ask("the tax partner asks how to trace one of their calls through our logs, which header do we honour?",
            BILLING, project="ledgerline"),
    )
    b.cross(
        "fernbook", said(0.4, "the booking calendar's week starts on Monday for every member, whatever their locale",
                         "week starts on Monday for every member"),
        "cadence-ios", said(0.4, "weekly distance totals follow the phone's calendar settings, so US runners' weeks "
                                 "start on Sunday", "follow the phone's calendar settings"),
        Ask("the 'this week' desk view should begin on which day?", "app/models", project="fernbook"),
        Ask("which day does the weekly mileage ring reset?", "App/Views", project="cadence-ios"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "routewise", said(0.45, "application logs go to Loki and are kept 14 days", "go to Loki and are kept 14 days"),
        "beacon-chat", said(0.45, "server logs are kept for 3 days only, nothing from the chats may linger",
                            "kept for 3 days only"),
        Ask("a customer complaint from last week, can I still find the planner logs for it?", "internal/dispatch",
            project="routewise"),
        Ask("support wants last Tuesday's server logs for a user's report, do we still have them?", "test",
            project="beacon-chat"),
        Ask("how far back can I search the app logs?", "", project="routewise"),
        Ask("how long do our server logs stick around?", "", project="beacon-chat"),
    )
    b.cross(
        "tidewater-etl", said(0.4, "warehouse read access is the hydro-readers group, the data lead approves it in "
                                   "the access portal", "hydro-readers group"),
        "infra-live", said(0.4, "prod AWS access goes through Teleport with a second approver, sessions last an hour",
                           "Teleport with a second approver"),
        Ask("the new analyst needs to query the marts, how does she get in?", "models/staging",
            project="tidewater-etl"),
        Ask("I need to look at something in the prod account console, how do I get in?", "envs/staging",
            project="infra-live"),
    )
    b.cross(
        "meshkit", said(0.45, "security reports go to security@meshkit.dev, the PGP key is in SECURITY.md",
                        "security@meshkit.dev"),
        "logslice", said(0.45, "vulnerabilities are reported only through GitHub's private advisory form, never by "
                               "email", "GitHub's private advisory form"),
        Ask("someone found a heap overflow in the PLY reader, where should they report it?", "include/meshkit",
            project="meshkit"),
        Ask("write the SECURITY.md section on how to report a vulnerability", "src", project="logslice"),
    )
