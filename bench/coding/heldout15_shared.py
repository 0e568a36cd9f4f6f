"""The fifteenth held-out split, the cases that span projects: global preferences (said in Swahili,
Icelandic, Basque and Maltese, each probed once in that language too, and in English) and
cross-project negatives (two projects using one word, cursor, tier, chunk or snooze, for different
things, and two projects answering one plain question their own way); see
:mod:`bench.coding.heldout15`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "logslice",
        said(0.4, "hii ni kwa miradi yangu yote, si hapa tu: ukirekebisha hitilafu, andika test kwanza na "
                  "uiendeshe ionekane inafeli kabla ya kubadilisha code. sawa, sasa clippy",
             "andika test kwanza na uiendeshe ionekane inafeli"),
        [there("meshkit", said(0.4, "in meshkit the fuzz corpus gets the crashing input after the fix lands, "
                                    "that's fine", "fuzz corpus gets the crashing input after the fix"))],
        Ask("fix the off-by-one in the shipments list pagination", "src/routes", project="parcelhub"),
        Ask("the overdue flag is wrong for invoices due today, fix it", BILLING, project="ledgerline"),
        Ask("rekebisha hitilafu: jumla ya mauzo ya siku haijumuishi malipo ya mwisho", "backend/reports",
            project="tillpoint"),
    )
    b.global_pref(
        "ledgerline",
        said(0.45, "þetta gildir í öllum verkefnunum mínum: notaðu breska stafsetningu í öllum texta sem notandinn "
                   "sér, colour, cancelled, organisation. jæja, checkstyle",
             "notaðu breska stafsetningu"),
        [there("brightdesk", said(0.45, "brightdesk's UI copy is US English, the customers are mostly in the "
                                        "States", "UI copy is US English"))],
        Ask("add an empty-state message for when a user has no plants yet", GARDEN, project="pocketgarden"),
        Ask("write the confirmation text shown after a booking is cancelled", "app/controllers",
            project="fernbook"),
        Ask("skrifaðu villuboðin fyrir þegar hlaup er of stutt til að vista", "App/Views",
            project="cadence-ios"),
    )
    b.global_pref(
        "fernbook",
        said(0.4, "hau nire proiektu guztietarako da: ez instalatu paketerik edo gem-ik galdetu gabe, lehenengo "
                  "esan zer eta zergatik. ondo, rubocop", "ez instalatu paketerik edo gem-ik galdetu gabe"),
        [there("tidewater-etl", said(0.4, "tidewater's requirements are compiled by the bot every Monday, it adds "
                                          "packages on its own", "compiled by the bot every Monday"))],
        Ask("parse the uploaded CSVs with a proper library instead of split(',')", "app", project="stockroom"),
        Ask("we need a date picker in the ticket filter", "src/components", project="brightdesk"),
        Ask("gehitu liburutegi bat QR kodeak irakurtzeko", GARDEN, project="pocketgarden"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "tidewater-etl",
        said(0.45, "dan japplika għall-proġetti kollha tiegħi: meta tagħtini għażliet, poġġi r-rakkomandazzjoni "
                   "tiegħek l-ewwel u għid għaliex. tajjeb, issa d-dbt tests",
             "poġġi r-rakkomandazzjoni tiegħek l-ewwel"),
        [there("tillpoint", said(0.45, "tillpoint's design notes list options in the order they came up, no "
                                       "favourite marked", "in the order they came up, no favourite marked"))],
        Ask("should the follow mode use inotify or just poll the file?", "src", project="logslice"),
        Ask("options for caching geocoding results between runs?", "internal/geo", project="routewise"),
        Ask("x'inhuma l-għażliet biex naħżnu l-attachments tal-messaġġi?", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "cadence-ios",
        said(0.4, "not just this app, everywhere I work: don't reformat lines you aren't otherwise changing, "
                  "the diff should only show what the task needs. ok, swiftlint",
             "don't reformat lines you aren't otherwise changing"),
        [there("infra-live", said(0.4, "in infra-live the pre-commit hook runs terraform fmt on every file, "
                                       "whole-file diffs are normal there", "whole-file diffs are normal there"))],
        Ask("add a null check to the customer lookup in the invoice service", BILLING, project="ledgerline"),
        Ask("change the retry count in the carrier client from 3 to 5", "src/services", project="parcelhub"),
        Ask("add a --quiet flag to the ingest script", "scripts", project="tidewater-etl"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "logslice", said(0.4, "the --resume cursor is the file's inode plus a byte offset, kept under "
                              "~/.cache/slice/cursors", "inode plus a byte offset"),
        "brightdesk", said(0.4, "the ticket list's paging cursor is base64 of the last row's updated_at and id, "
                                "clients treat it as opaque", "base64 of the last row's updated_at and id"),
        Ask("how does resuming where we left off work after the log rotates?", "src", project="logslice"),
        Ask("what's inside the cursor the tickets API hands back?", "src/api", project="brightdesk"),
        Ask("where is the cursor stored between runs?", "crates/slice-core", project="logslice"),
    )
    b.cross(
        "ledgerline", said(0.45, "a pricing tier is picked by invoices per month: up to 500, up to 5,000, or "
                                 "unlimited", "up to 500, up to 5,000, or unlimited"),
        "parcelhub", said(0.45, "a service tier means next-day, 48h or economy, and each carrier module maps "
                                "those to its own product codes", "next-day, 48h or economy"),
        Ask("which tier does a customer sending 800 invoices a month land in?", BILLING, project="ledgerline"),
        Ask("what tiers can a merchant choose from when booking?", "src/routes", project="parcelhub"),
        Ask("add a tier to the Royal Mail mapping", "src/services", project="parcelhub"),
    )
    b.cross(
        "logslice", said(0.45, "a chunk is 4 MiB of input handed to one worker thread, cut at the next newline",
                         "4 MiB of input handed to one worker thread"),
        "tidewater-etl", said(0.45, "in the backfill a chunk is one station-month, each a separate task",
                              "a chunk is one station-month"),
        Ask("how big is each chunk the parallel reader works on?", "crates/slice-core", project="logslice"),
        Ask("how is the historic reload split into chunks?", "dags", project="tidewater-etl"),
        Ask("chunk size for the reader threads?", project="logslice"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "brightdesk", said(0.4, "snoozing a ticket hides it until the chosen date, then it comes back as "
                                "pending", "then it comes back as pending"),
        "pocketgarden", said(0.4, "snoozing a watering reminder moves it by 24 hours, at most three times in a "
                                  "row", "at most three times in a row"),
        Ask("what happens when an agent snoozes something?", "src/components", project="brightdesk"),
        Ask("how long does the snooze button on a reminder push it?", GARDEN, project="pocketgarden"),
        Ask("can users snooze forever?", "app/src/test/java/com/acme/garden", project="pocketgarden"),
    )
    b.cross(
        "parcelhub", said(0.45, "for verbose logs locally set LOG_LEVEL=trace, and PARCELHUB_HTTP_LOG=1 dumps "
                                "the carrier request bodies", "PARCELHUB_HTTP_LOG=1"),
        "pocketgarden", said(0.45, "to get verbose logs tap the version row in About seven times, the debug "
                                   "drawer has the log level switch", "tap the version row in About seven times"),
        Ask("how do I turn on detailed logging on my machine?", "src/services", project="parcelhub"),
        Ask("how do I get more logging out of a test build on my phone?", GARDEN, project="pocketgarden"),
        Ask("need to see what we send to DPD, how do I log it?", "src/routes", project="parcelhub"),
    )
