"""The ninth held-out split, the cases that span sessions or projects: causes and effects (a
settings change, then sessions later a customer's complaint in plain words with the assistant's
diagnosis), global preferences (said in Swahili, Tagalog, romanised Thai and Malay, and in English
as "across the board" and "that goes for every codebase I touch"; two of them probed in the user's
second language) and cross-project negatives (two projects answering the same question their own
way); see :mod:`bench.coding.heldout9` (training now: measured twice while held out)."""

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
        "tillpoint",
        said(0.25, "turned USE_THOUSAND_SEPARATOR on with the de-CH locale for the Zurich shops, the reports read "
                   "better", "USE_THOUSAND_SEPARATOR on with the de-CH locale"),
        concluded(0.7, "the Zurich shop says big card payments fail and small ones go through",
                  "The amount sent to the card terminal was formatted with the locale, so anything over 999 went out "
                  "as 1'250.00 and the terminal rejected it; amounts go to the terminal unlocalised now.",
                  "went out as 1'250.00"),
        [said(0.5, "the Zurich receipts printing in German is the till's own language setting",
              "Zurich receipts printing in German")],
        Ask("customers in the Swiss shop can pay 80 francs by card but not 1200", "backend/orders", want="cause"),
        Ask("can we switch on the same number formatting for the Austrian shops?", "backend", want="effect"),
    )
    b.causal(
        "routewise",
        said(0.2, "added omitempty to every field of the Stop struct, the plan JSON was huge",
             "omitempty to every field of the Stop struct"),
        concluded(0.7, "drivers say the first stop of every route is missing in the app",
                  "omitempty drops a zero Sequence, so the first stop goes out with no sequence and the driver app "
                  "skips stops without one; Sequence is always sent again.", "drops a zero Sequence"),
        [said(0.5, "stops missing on routes imported from the old CSV format have no postcode column",
              "old CSV format have no postcode column")],
        Ask("every driver's list starts at stop two since Tuesday", "internal/dispatch", want="cause"),
        Ask("the plan response is still big, can I drop empty fields from the Leg struct too?", "internal/dispatch",
            want="effect"),
    )
    b.causal(
        "parcelhub",
        said(0.25, "set express.json({ limit: '128kb' }) on the whole app, the security scan flagged the default",
             "limit: '128kb'"),
        concluded(0.75, "a big merchant says their morning manifest upload just says 'error'",
                  "Their manifests are 600 parcels, about 400 kB of JSON, so the 128 kB body limit rejects them with "
                  "413; the manifest route has its own 5 MB limit now.", "manifest route has its own 5 MB limit"),
        [said(0.5, "single label requests failing for FedEx were their API key rotation",
              "failing for FedEx were their API key rotation")],
        Ask("small shops can upload their daily manifest but the large ones can't anymore", "src/routes",
            want="cause"),
        Ask("security review wants a smaller request body limit on every route", "src/routes", want="effect"),
    )
    b.causal(
        "fernbook",
        said(0.2, "raised the Sidekiq concurrency to 25 on the worker so the mail backlog clears faster",
             "Sidekiq concurrency to 25"),
        concluded(0.7, "members get a random 'something went wrong' when booking in the morning",
                  "25 Sidekiq threads plus the Puma threads exceed the database's 40 connection limit when the "
                  "morning reminders run, so web requests fail to get a connection.",
                  "exceed the database's 40 connection limit"),
        [said(0.5, "the booking page is slow on step 2 because of the availability query, known",
              "slow on step 2 because of the availability query")],
        Ask("between 8 and 9 am bookings fail now and then with an error page", "app/controllers", want="cause"),
        Ask("can I bump the background worker threads again? the queue is long", "app/models", want="effect"),
    )


def _causal_rest(b: SplitBuilder) -> None:
    b.causal(
        "beacon-chat",
        said(0.25, "lowered max_frame_size to 64 KB on the socket transport, smaller attack surface",
             "max_frame_size to 64 KB"),
        concluded(0.75, "users say pasting a long log into the chat just does nothing",
                  "Frames over the limit are dropped and the socket reconnects silently, so long pastes vanish; the "
                  "client now uploads anything over 48 KB as an attachment.", "uploads anything over 48 KB"),
        [said(0.5, "the connection dropping every 60 s at one customer is their proxy idle timeout",
              "their proxy idle timeout")],
        Ask("someone pasted a stack trace into a room and it never appeared, no error either", "lib/beacon",
            want="cause"),
        Ask("can we shrink what the websocket accepts per message even further?", "lib/beacon_web/channels",
            want="effect"),
    )
    b.causal(
        "tidewater-etl",
        said(0.2, "changed generate_schema_name so prod models land in analytics instead of analytics_prod",
             "land in analytics instead of analytics_prod"),
        concluded(0.75, "finance says every chart in their reports shows no data since Monday",
                  "Their Metabase questions still read from analytics_prod, which stopped being refreshed when the "
                  "schema moved; the questions were repointed to analytics.", "Metabase questions still read from"),
        [said(0.5, "the harbour traffic dashboard is empty on Sundays, no ships come in",
              "empty on Sundays, no ships")],
        Ask("finance's charts are all blank this week, nothing failed in Airflow", "models/staging", want="cause"),
        Ask("I want to rename the dev schemas as well, what do I need to warn people about?", "models/staging",
            want="effect"),
    )
    b.causal(
        "cadence-ios",
        said(0.25, "set NSFileProtectionComplete on the workout store, the security review asked for it",
             "NSFileProtectionComplete on the workout store"),
        concluded(0.75, "runners say sessions recorded on the watch before they unlock the phone never show up",
                  "With complete protection the store can't be opened while the phone is locked, so the watch's "
                  "saves fail; it uses completeUntilFirstUserAuthentication now.",
                  "can't be opened while the phone is locked"),
        [said(0.5, "the gaps in the heart rate graph are the watch losing skin contact",
              "watch losing skin contact")],
        Ask("my morning run from the watch is missing in the app, I hadn't unlocked my phone yet", "App",
            want="cause"),
        Ask("security wants the strongest file protection on all our data, any downside?", "App", want="effect"),
    )


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "stockroom",
        said(0.4, "hii ni kwa kila mradi wangu: kwenye amri za shell unazoniandikia, tumia chaguo ndefu, --recursive "
                  "badala ya -r, ili nizielewe baadaye. sawa, sasa ruff", "tumia chaguo ndefu"),
        [there("infra-live", said(0.4, "in infra-live's scripts keep the short flags, they match the AWS docs we "
                                       "copy from", "keep the short flags, they match"))],
        Ask("script to gzip last month's raw CSVs and move them to the archive folder", "scripts",
            project="tidewater-etl"),
        Ask("give me the command to delete all the exported route PDFs older than 90 days", "cmd/routewise",
            project="routewise"),
        Ask("how do I copy the label templates into dist on build?", "src/services", project="parcelhub"),
    )
    b.global_pref(
        "beacon-chat",
        said(0.45, "para sa lahat ng proyekto ko ito: walang magic number sa code, ilagay mo sa constant na may "
                   "pangalan. sige, ayusin mo na ang credo", "ilagay mo sa constant na may pangalan"),
        [there("meshkit", said(0.45, "Ici les coefficients des formules du papier restent en ligne, 0.5 * (a + b), "
                                     "c'est plus lisible", "coefficients des formules du papier restent en ligne"))],
        Ask("convert the gauge heights from feet to metres in the extract", "scripts", project="tidewater-etl"),
        Ask("mark a ticket as stale after three days without a customer reply", "src/api", project="brightdesk"),
        Ask("pakidagdag ng limitasyon na siyam na oras ng pagmamaneho bawat driver", "internal/dispatch",
            project="routewise"),
    )
    b.global_pref(
        "infra-live",
        said(0.5, "kot ni chai kap thuk project khong chan: ya commit eng, hai chan commit eng samoe, khae bok wa "
                  "set laeo. ok, tor pai terraform validate", "hai chan commit eng samoe"),
        [there("tillpoint", said(0.5, "in tillpoint commit straight away once the tests pass, I read the log later",
                                 "commit straight away once the tests pass"))],
        Ask("fix the eslint errors and wrap it up", "src/routes", project="parcelhub"),
        Ask("the detekt fixes look done, finish up", GARDEN, project="pocketgarden"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "logslice",
        said(0.4, "ini untuk semua projek saya: jangan tambah fail baru kalau boleh ubah fail yang sedia ada. ok, "
                  "sekarang clippy", "jangan tambah fail baru kalau boleh ubah"),
        [there("brightdesk", said(0.4, "in brightdesk it's one component per file, a new component always gets "
                                       "its own file", "new component always gets its own file"))],
        Ask("add a helper that formats bin codes for the labels", "app", project="stockroom"),
        Ask("add a function that parses the tide gauge timestamps", "scripts", project="tidewater-etl"),
        Ask("tambah fungsi untuk format masa mesej dalam senarai bilik", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "pocketgarden",
        said(0.5, "across the board, not just this app: when you run tests, show me only the failures and the "
                  "count, never the whole passing output. anyway, the compose preview",
             "show me only the failures and the count"),
        [there("routewise", said(0.5, "for routewise paste me the full go test -v output, I like reading it",
                                 "full go test -v output, I like"))],
        Ask("run the booking specs", "spec", project="fernbook"),
        Ask("run the billing tests after your change", BILLING_TESTS, project="ledgerline"),
    )
    b.global_pref(
        "ledgerline",
        said(0.45, "that goes for every codebase I touch: a function with more than three parameters takes an "
                   "options object or a struct instead. ok, the sonar findings",
             "more than three parameters takes an options object"),
        [there("cadence-ios", said(0.45, "in cadence Swift's argument labels are enough, long parameter lists are "
                                         "fine", "argument labels are enough"))],
        Ask("write a function that builds a receipt line from product, quantity, unit price, discount and tax rate",
            "backend/orders", project="tillpoint"),
        Ask("Écris une fonction de lissage qui prend le maillage, le nombre d'itérations, lambda, mu et les sommets "
            "fixes", "src", project="meshkit"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.4, "each till authenticates to the backend with its own device token, issued in the "
                               "Django admin and revoked there", "its own device token, issued in the Django admin"),
        "stockroom", said(0.4, "the handhelds log in with the picker's badge number and a PIN and get a JWT good "
                               "for one shift", "badge number and a PIN"),
        Ask("a new till arrives in shop 5 on Monday, how does it get access to the API?", "backend",
            project="tillpoint"),
        Ask("a new handheld scanner needs to call the API, how does it authenticate?", "app/routers",
            project="stockroom"),
    )
    b.cross(
        "routewise", said(0.5, "routewise reads its settings from one HCL file per depot, depots/<code>.hcl",
                          "one HCL file per depot"),
        "logslice", said(0.5, "logslice reads a TOML file under the XDG config dir, nothing per project",
                         "TOML file under the XDG config dir"),
        Ask("add a setting for the maximum shift length", "cmd/routewise", project="routewise"),
        Ask("let users set a default --level somewhere so they don't type it each time", "src", project="logslice"),
    )
    b.cross(
        "brightdesk", said(0.45, "brightdesk sends product analytics to our self-hosted PostHog, one event per agent "
                                 "action", "self-hosted PostHog"),
        "cadence-ios", said(0.45, "cadence has no analytics SDK at all, the privacy label says no data collected",
                            "no analytics SDK at all"),
        Ask("track how often agents use the new merge button", "src/components", project="brightdesk"),
        Ask("I'd like to know how many people open the new history tab", "App/Views", project="cadence-ios"),
    )
    b.cross(
        "parcelhub", said(0.4, "parcelhub never deletes a shipment, it gets a cancelled_at and stays",
                          "it gets a cancelled_at and stays"),
        "beacon-chat", said(0.4, "in beacon a message its author deletes is replaced by a tombstone row, the text "
                                  "is wiped at once", "replaced by a tombstone row"),
        Ask("merchant wants to delete a shipment they created by mistake", "src/routes", project="parcelhub"),
        Ask("a user deleted a message, what happens to it in the database?", "lib/beacon", project="beacon-chat"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "infra-live", said(0.5, "our EventBridge schedules set schedule_expression_timezone to Europe/Amsterdam and "
                                "are written in office time", "schedule_expression_timezone to Europe/Amsterdam"),
        "tidewater-etl", said(0.5, "every DAG schedule in tidewater is a UTC cron, whatever the harbour clock says",
                              "is a UTC cron, whatever the harbour clock says"),
        Ask("run the key rotation Lambda every night at two", "modules/network", project="infra-live"),
        Ask("the gauge DAG should run at six in the morning, harbour time", "dags", project="tidewater-etl"),
    )
    b.cross(
        "meshkit", said(0.45, "meshkit suit un versionnage calendaire, 2026.3 pour la troisième version de l'année",
                        "versionnage calendaire"),
        "pocketgarden", said(0.45, "pocketgarden's versionCode is the CI run number and versionName is plain semver",
                             "versionCode is the CI run number"),
        Ask("Prépare la prochaine version, quel numéro on lui donne ?", "src", project="meshkit"),
        Ask("bump the app version for the next Play release", GARDEN, project="pocketgarden"),
    )
    b.cross(
        "ledgerline", said(0.5, "in ledgerline a failed job lands in the job_failures table and is retried by hand "
                                "from the admin screen, nothing retries on its own", "lands in the job_failures table"),
        "fernbook", said(0.5, "fernbook's jobs retry with Sidekiq's own backoff, 25 times, then sit in the Dead set",
                         "then sit in the Dead set"),
        Ask("the overnight export job failed, will it run again by itself?", BILLING, project="ledgerline"),
        Ask("the job that emails a member's invoice failed once, does it get another go?", "app/models",
            project="fernbook"),
    )
