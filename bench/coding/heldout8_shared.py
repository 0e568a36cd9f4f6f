"""The eighth held-out split, end: causes and effects (most a dependency bump or a settings change
whose symptom is reported sessions later, with the assistant's diagnosis after it), global
preferences (said in romanised Vietnamese, Greek and Hebrew, and in English as "this is just how I
work" and "for me personally, anywhere") and cross-project negatives (two projects making opposite
choices on the same question); see :mod:`bench.coding.heldout8` (first measured at ccf1006;
training once measured a second time, heldout9 is the next held-out split)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _causal(b)
    _causal_rest(b)
    _globals(b)
    _cross(b)


def _causal(b: SplitBuilder) -> None:
    b.causal(
        "tillpoint",
        said(0.2, "bumped django-money from 2.x to 3.1 with the other deps, tests pass", "django-money from 2.x to 3.1"),
        concluded(0.75, "why do the card totals in the Z report show three decimals?",
                  "Since the django-money upgrade, Money.amount keeps the database's four decimal places instead of "
                  "quantizing to the currency, so the Z report sums print 12.3400; we quantize in the serializer now.",
                  "keeps the database's four decimal places"),
        [said(0.5, "the cash drawer total is off by the float, that's the manager forgetting to log it",
              "manager forgetting to log it")],
        Ask("end of day report prints amounts like 45.5000", "backend/reports", want="cause"),
        Ask("renovate wants to bump django-money again, anything that bit us last time?", "backend", want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.2, "upgraded node-fetch to v3 for the carrier clients", "node-fetch to v3"),
        concluded(0.7, "why does the Royal Mail client hang forever sometimes?",
                  "node-fetch 3 dropped the `timeout` option we passed, so it is silently ignored; the Royal Mail "
                  "client now passes an AbortSignal.timeout(10000).", "silently ignored; the Royal Mail client"),
        [said(0.5, "Evri's sandbox is down every Sunday, not our bug", "sandbox is down every Sunday")],
        Ask("carrier requests never time out anymore, one stuck call blocked the queue", "src/services",
            want="cause"),
        Ask("should we move the webhook sender to the same fetch library version too?", "src/services",
            want="effect"),
    )
    b.causal(
        "ledgerline",
        said(0.25, "switched the JVM flags to -XX:+UseZGC with a 512m heap cap on the batch pods",
             "-XX:+UseZGC with a 512m heap cap"),
        concluded(0.8, "why did the month-end invoicing run die?",
                  "The month-end run loads every open contract into memory; with the 512m cap it hits "
                  "OutOfMemoryError around contract 40k, so the run now pages contracts by 2000.",
                  "OutOfMemoryError around contract 40k"),
        [said(0.5, "the daily reminder job is slow because the SMTP relay throttles us", "SMTP relay throttles")],
        Ask("month end batch crashed with heap space errors", BILLING, want="cause"),
        Ask("ops wants to lower the memory limit on the billing batch pods further, ok?", BILLING, want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "beacon-chat",
        said(0.25, "bumped phoenix_pubsub and set the pool_size to 1 on the PG2 adapter, fewer processes",
             "pool_size to 1 on the PG2 adapter"),
        concluded(0.75, "why are typing indicators laggy in busy rooms?",
                  "With one pubsub shard every broadcast in the cluster queues behind the same process, so typing "
                  "events wait behind message fan-out in big rooms.", "queues behind the same process"),
        [said(0.5, "the delay on read receipts is the 2 s batching, by design", "the 2 s batching")],
        Ask("'x is typing' shows up seconds late in the large rooms", "lib/beacon_web/channels", want="cause"),
        Ask("can we trim the pubsub setup even more to save memory?", "lib/beacon", want="effect"),
    )
    b.causal(
        "tidewater-etl",
        said(0.2, "set the Airflow pool for vendor APIs to 2 slots, they complained about our request rate",
             "vendor APIs to 2 slots"),
        concluded(0.75, "why did the morning dashboards show yesterday's data?",
                  "With two slots the 14 vendor extract tasks queue for hours, so the downstream dbt run starts "
                  "after the dashboards refresh at 07:00.", "queue for hours, so the downstream dbt run"),
        [said(0.5, "the salinity chart was empty because the buoy was serviced", "buoy was serviced")],
        Ask("the 7am dashboards are a day behind again", "dags", want="cause"),
        Ask("the vendor asks us to cut concurrency to one slot, what happens?", "dags", want="effect"),
    )
    b.causal(
        "pocketgarden",
        said(0.25, "targetSdk is 34 now, Play requires it", "targetSdk is 34 now"),
        concluded(0.75, "why do reminders come late on Android 14?",
                  "Since targeting 34, SCHEDULE_EXACT_ALARM is no longer granted by default, so our alarms fall "
                  "back to inexact ones; the app now asks for the permission on the reminders screen.",
                  "SCHEDULE_EXACT_ALARM is no longer granted"),
        [said(0.5, "the Pixel battery saver delaying things is the user's setting", "Pixel battery saver")],
        Ask("watering reminders come an hour late on newer phones", GARDEN, want="cause"),
        Ask("we have to raise the target API level again next year, what broke last time?", GARDEN,
            want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "routewise",
        said(0.4, "cai nay ap dung cho moi du an cua toi: commit message viet theo Conventional Commits, kieu "
                  "feat(scope): ..., khong ngoai le. ok, gio sua lint", "theo Conventional Commits, kieu feat(scope)"),
        [there("meshkit", said(0.4, "Ici les messages de commit commencent par le module entre crochets, [io] "
                                    "par exemple", "le module entre crochets"))],
        Ask("commit the pickup work so far", "src/routes", project="parcelhub"),
        Ask("write the commit message for the receipt change", "backend/orders", project="tillpoint"),
        Ask("commit this", "App", project="cadence-ios"),
    )
    b.global_pref(
        "ledgerline",
        said(0.45, "auto isxyei se ola ta project mou: otan grafeis test, prota grapse to test pou apotygxanei, "
                   "deixe mou to na apotygxanei, kai meta ti diorthosi. entaksei, tora checkstyle",
             "deixe mou to na apotygxanei"),
        [there("fernbook", said(0.45, "here specs come after the code, we're not dogmatic about it",
                                "specs come after the code"))],
        Ask("fix the bug where the bin label shows the wrong aisle", "app", project="stockroom"),
        Ask("the --since flag is off by one, fix it", "src", project="logslice"),
        Ask("fix the wrong tax on tips", "backend/orders", project="tillpoint"),
    )
    b.global_pref(
        "brightdesk",
        said(0.4, "ze nakhon lekhol haprojektim sheli: al tosif tlut khadasha bli lishol oti kodem, gam im hi "
                  "ktana. tov, akhshav ha-eslint", "al tosif tlut khadasha bli lishol"),
        [there("tidewater-etl", said(0.4, "add whatever python package you need to requirements, just pin it",
                                     "add whatever python package you need"))],
        Ask("parse the vendor's date strings, they come in ten formats", "src/services", project="parcelhub"),
        Ask("we need fuzzy search over plant names", GARDEN, project="pocketgarden"),
        Ask("Ajoute la lecture des fichiers 3MF", "src", project="meshkit"),
    )
    b.global_pref(
        "fernbook",
        said(0.5, "this is just how I work, in any repo: when you're done, end with a list of the files you "
                  "touched and one line per file, nothing else. ok, the migration", "one line per file"),
        [there("logslice", said(0.5, "in this repo just give me the diff, no summary", "just give me the diff"))],
        Ask("refactor the pricing helpers into their own module", "app", project="stockroom"),
        Ask("move the socket auth into a plug", "lib/beacon_web/channels", project="beacon-chat"),
    )
    b.global_pref(
        "infra-live",
        said(0.5, "for me personally, anywhere: never run anything that talks to production without showing me "
                  "the exact command and waiting for my ok. right, back to the plan output",
             "showing me the exact command and waiting for my ok"),
        [there("tidewater-etl", said(0.6, "backfills on prod are fine to run here, the DAG is idempotent",
                                     "backfills on prod are fine to run here"))],
        Ask("delete the test merchant from the prod database", "src/services", project="parcelhub"),
        Ask("restart the prod pods so the new config loads", "cmd/routewise", project="routewise"),
        Ask("drop the unused index on the production invoices table", BILLING, project="ledgerline"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.45, "feature flags here are rows in a FeatureSwitch table, toggled in the Django admin",
                          "rows in a FeatureSwitch table"),
        "stockroom", said(0.45, "we don't do feature flags in stockroom, unfinished work stays on its branch",
                          "unfinished work stays on its branch"),
        Ask("hide the new loyalty screen behind a flag until launch", "backend", project="tillpoint"),
        Ask("put the new put-away flow behind a toggle", "app/routers", project="stockroom"),
    )
    b.cross(
        "routewise", said(0.5, "routewise logs with log/slog in JSON to stdout, no files", "log/slog in JSON"),
        "logslice", said(0.5, "logslice itself logs nothing unless RUST_LOG is set, through tracing to stderr",
                         "through tracing to stderr"),
        Ask("add logging around the solver retries", "internal/dispatch", project="routewise"),
        Ask("log why a line was skipped", "crates/slice-core", project="logslice"),
    )
    b.cross(
        "brightdesk", said(0.4, "brightdesk's tests are Vitest with Testing Library, no Jest left",
                           "Vitest with Testing Library"),
        "parcelhub", said(0.4, "parcelhub's tests use node:test and supertest, we dropped mocha",
                          "node:test and supertest"),
        Ask("- [ ] test for the snooze menu", "src/components", project="brightdesk"),
        Ask("- [ ] test for the pickup route", "src/routes", project="parcelhub"),
    )
    b.cross(
        "fernbook", said(0.5, "fernbook's dates are shown in the space's timezone, Europe/Lisbon, always",
                         "the space's timezone, Europe/Lisbon"),
        "beacon-chat", said(0.5, "beacon shows every time in the reader's browser timezone",
                            "reader's browser timezone"),
        Ask("show the booking time on the confirmation page", "app/controllers", project="fernbook"),
        Ask("show when a message was sent", "lib/beacon", project="beacon-chat"),
    )
    b.cross(
        "ledgerline", said(0.4, "ledgerline's schema changes are Liquibase changelogs in db/changelog",
                           "Liquibase changelogs in db/changelog"),
        "tidewater-etl", said(0.4, "the warehouse has no migrations, dbt rebuilds tables from the models",
                              "dbt rebuilds tables from the models"),
        Ask("add a column for the customer's VAT id", BILLING, project="ledgerline"),
        Ask("add a column for the sensor depth to the readings table", "models/staging",
            project="tidewater-etl"),
    )
    b.cross(
        "cadence-ios", said(0.45, "cadence supports iOS 17 and up, nothing older", "iOS 17 and up"),
        "pocketgarden", said(0.45, "pocketgarden keeps minSdk 26 because of the older tablets in garden centres",
                             "minSdk 26 because of the older tablets"),
        Ask("can I use the new Observation framework here?", "App/Views", project="cadence-ios"),
        Ask("what's the oldest Android version we must keep working?", GARDEN, project="pocketgarden"),
    )
