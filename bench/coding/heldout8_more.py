"""The eighth held-out split, continued: corrections (buried mid-way in a long message about
something else, "not quite:" on the assistant's summary, the answer to the assistant's guess),
bugfixes (the assistant's conclusion after a session of digging, or the user's one-paragraph
post-mortem) and facts (given as the answer to a yes/no guess, "is it 8080?" "no, ...", or in a
pasted excerpt); see :mod:`bench.coding.heldout8` (first measured at ccf1006; training once
measured a second time, heldout9 is the next held-out split). Causes and effects, global
preferences and cross-project negatives are in :mod:`bench.coding.heldout8_shared`."""

from __future__ import annotations

from bench.coding import heldout8_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _corrections(b)
    _corrections_rest(b)
    _bugfixes(b)
    _facts(b)
    heldout8_shared.add(b)


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "tips are pooled and split weekly by hours worked", "split weekly by hours worked"),
        said(0.7, "long one, sorry: the printer driver is still flaky on the Epson in shop 3, and the reports page "
                  "is slow again, but mostly I wanted to say that tips are split per shift now, not weekly, the "
                  "staff asked for it, and the split is still by hours. anyway can you look at the printer first",
             "tips are split per shift now"),
        [],
        Ask("work out the tip share for each waiter for Saturday", "backend/reports"),
    )
    b.correction(
        "routewise",
        concluded(0.25, "what's the driver break rule we enforce?",
                  "The planner inserts a 30-minute break after 5 hours of driving.", "30-minute break after 5 hours"),
        said(0.7, "not quite, your summary from last week is off: the break is 45 minutes after 4.5 hours of "
                  "driving, that's the EU rule. the rest was right", "45 minutes after 4.5 hours"),
        [],
        Ask("- [ ] insert driver rest stops into long routes", "internal/dispatch"),
        Ask("how long is the mandatory stop we plan for drivers, and after how much driving?", "cmd/routewise"),
    )
    b.correction(
        "parcelhub",
        said(0.25, "label PDFs are A6, every carrier takes A6", "label PDFs are A6"),
        said(0.75, "so the bump to the barcode library went fine, the tests are green, the docs are updated, oh and I was wrong "
                   "about labels: the default is 100x150 mm now, the big carriers' thermal printers want that, A6 "
                   "only on request. can you tidy the changelog", "default is 100x150 mm now"),
        [],
        Ask("what page size do we render shipping labels at?", "src/services"),
    )
    b.correction(
        "ledgerline",
        said(0.2, "invoices are due 30 days after the invoice date", "30 days after the invoice date"),
        concluded(0.7, "so payment terms are still 30 days?",
                  "No, you corrected that: payment terms are 14 days net from the delivery date now, per the new "
                  "general terms.", "14 days net from the delivery date"),
        [],
        Ask("compute the due date on the new invoice", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.25, "bookings can be cancelled free of charge up to 24 hours before", "up to 24 hours before"),
        said(0.75, "two things from Ruth's email: the wifi password changes monday, and the free cancellation "
                   "window is two full days now, not 24 hours, too many last-minute no-shows. the wifi is not our problem",
             "window is two full days now"),
        [],
        Ask("member cancels 30 hours before their slot, do we charge?", "app/controllers"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "messages can be edited for 10 minutes after sending", "edited for 10 minutes"),
        concluded(0.75, "is the edit window still 10 minutes?",
                  "No: you said the edit window is unlimited now, only an '(edited)' marker is shown, after the "
                  "community asked for it.", "edit window is unlimited now"),
        [],
        Ask("someone wants to fix a typo in yesterday's message, can they?", "lib/beacon"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "stockroom",
        said(0.2, "cycle counts run every quarter for every bin", "every quarter for every bin"),
        said(0.7, "I'm writing up the release notes and the auditors' letter and one thing changed in between: A "
                  "items get counted monthly now, B and C stay quarterly. the release notes can wait",
             "A items get counted monthly now"),
        [],
        Ask("schedule next month's cycle counts", "app"),
    )
    b.correction(
        "logslice",
        said(0.25, "the default output timezone is the machine's local time", "machine's local time"),
        said(0.75, "scratch the local time thing: output is UTC by default now, --local-time switches it back, "
                   "people diffed logs from two servers and got confused", "output is UTC by default now"),
        [],
        Ask("timestamps in the output are an hour off from my wall clock, is that a bug?", "src"),
    )
    b.correction(
        "infra-live",
        said(0.3, "prod RDS backups are kept for 7 days", "backups are kept for 7 days"),
        said(0.75, "the audit came back, mostly fine, two nits about IAM, and the RDS retention must be 35 days "
                   "for prod, the maximum, not 7. the nits can wait", "retention must be 35 days"),
        [],
        Ask("how far back can we restore the prod database?", "envs/prod"),
        Ask("- [ ] backup retention on the prod postgres instance", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        said(0.25, "watering reminders go off at 6:45 local time", "go off at 6:45 local time"),
        concluded(0.7, "6:45 for reminders still?",
                  "No, you said reminders fire at sunset now, computed from the user's location, because morning "
                  "notifications got swiped away.", "reminders fire at sunset now"),
        [],
        Ask("when should today's watering notification go off?", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "the default rest between sets is 90 seconds", "rest between sets is 90 seconds"),
        said(0.7, "in the middle of the TestFlight feedback: people want less waiting, so the default rest is 60 "
                  "seconds now, the rest of the feedback is about the font size, I'll paste it later",
             "default rest is 60 seconds now"),
        [],
        Ask("new workout template, what rest time do we prefill?", "App/Views"),
    )
    b.correction(
        "meshkit",
        said(0.25, "La tolérance de soudure des sommets est de 1e-6", "soudure des sommets est de 1e-6"),
        said(0.75, "Petite correction au passage, en plus du bug d'export : la tolérance de soudure est relative "
                   "maintenant, 1e-5 fois la diagonale de la boîte englobante", "1e-5 fois la diagonale"),
        [],
        Ask("Les sommets dupliqués ne sont pas fusionnés sur un grand scan, quelle tolérance on utilise ?", "src"),
    )


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        concluded(0.5, "why do some receipts show yesterday's date right after midnight?",
                  "Found it: the receipt template formats timezone.now() without localtime, so it prints the UTC "
                  "date; wrapping it in timezone.localtime fixes receipts between midnight and 1 am.",
                  "formats timezone.now() without localtime"),
        [said(0.3, "the Z report date is the business day, which ends at 4 am, that's intentional",
              "business day, which ends at 4 am")],
        Ask("a sale at 00:20 printed the previous day on the slip", "backend/orders"),
    )
    b.bugfix(
        "routewise",
        concluded(0.5, "dig into the duplicated stops",
                  "The duplicated stops came from retrying the optimiser call after a timeout without an "
                  "idempotency key, so both runs wrote stops; the fix passes the plan id as the request key.",
                  "passes the plan id as the request key"),
        [said(0.7, "stops with the same address but different customers are legit, don't merge them",
              "different customers are legit")],
        Ask("route shows the same drop twice after the solver was slow", "internal/dispatch"),
    )
    b.bugfix(
        "parcelhub",
        said(0.5, "post-mortem for the record: the tracking page leaked other merchants' parcels because the "
                  "cache key was the tracking number only; two carriers reuse numbers. key is carrier plus "
                  "number now. ok, eslint", "cache key was the tracking number only"),
        [concluded(0.3, "why is tracking stale for DPD?", "DPD's API only updates every 2 hours; nothing to fix.",
                   "only updates every 2 hours")],
        Ask("customer opened their tracking link and saw somebody else's parcel", "src/routes"),
        Ask("tracking lookup returns a parcel belonging to another merchant with the same number", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        concluded(0.5, "why are some credit notes off by a cent?",
                  "The credit note summed rounded line amounts while the invoice rounded the total; both now "
                  "round each line before summing.", "round each line before summing"),
        [said(0.7, "the FX rounding difference goes to account 6990, that's by design", "goes to account 6990")],
        Ask("credit note is 0.01 different from the invoice it cancels", BILLING),
    )
    b.bugfix(
        "fernbook",
        said(0.45, "found it myself: double bookings happened because the overlap check and the insert were not "
                   "under the same lock. the check and the insert run under SERIALIZABLE isolation with a retry now. rspec next",
             "SERIALIZABLE isolation with a retry"),
        [said(0.7, "members booking two different rooms at once is allowed", "two different rooms at once")],
        Ask("two people ended up with the same room at the same time", "app/models"),
    )
    b.bugfix(
        "beacon-chat",
        concluded(0.5, "why do notifications arrive twice on two-node deploys?",
                  "Each node ran its own notifier for every message; it now runs only on the node that owns the "
                  "room through Horde registry lookup.", "node that owns the room through Horde"),
        [said(0.3, "users get one email and one push, that's two channels, fine", "one email and one push")],
        Ask("people get every push notification twice since we scaled out", "lib/beacon"),
    )
    b.bugfix(
        "logslice",
        concluded(0.55, "why does --since miss lines at DST change?",
                  "Timestamps without an offset were parsed as local time after the jump, so the hour repeated at "
                  "the autumn change sorted wrong; the parser now carries the fold bit from chrono.",
                  "carries the fold bit from chrono"),
        [said(0.3, "leap seconds are ignored, logs never have them", "leap seconds are ignored")],
        Ask("filtering around 02:30 on the last Sunday of October drops lines", "src"),
    )
    b.bugfix(
        "brightdesk",
        said(0.5, "so the blank screen after login was the CDN caching index.html for an hour while the chunk "
                  "hashes changed under it. index.html is never cached at the edge now. prettier pls",
             "CDN caching index.html for an hour"),
        [concluded(0.3, "why is the dashboard blank for one customer?",
                   "That customer's admin disabled JavaScript through policy; nothing on our side.",
                   "disabled JavaScript through policy")],
        Ask("after a deploy some agents get a white page until they hard refresh", "src/components"),
    )
    b.bugfix(
        "stockroom",
        concluded(0.5, "why did stock go negative in bin A-14?",
                  "Two pickers decremented the same row concurrently; the update now uses "
                  "SELECT ... FOR UPDATE on the stock row inside the pick transaction.",
                  "FOR UPDATE on the stock row"),
        [said(0.7, "negative stock in the virtual RETURNS bin is expected", "virtual RETURNS bin")],
        Ask("the on-hand count went below zero after a busy morning", "app/routers"),
        Ask("what did we do about two pickers racing on the same stock row?", "app"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.5, "the reminders vanished after reboot because the alarms weren't re-registered; there's a "
                  "BOOT_COMPLETED receiver that reschedules them now. detekt", "BOOT_COMPLETED receiver"),
        [said(0.3, "reminders are silent in do-not-disturb, that's Android, not us", "do-not-disturb, that's "
              "Android")],
        Ask("user says no watering reminders since they restarted the phone", GARDEN),
    )
    b.bugfix(
        "cadence-ios",
        concluded(0.5, "why does the timer stop in the background?",
                  "The timer relied on a Timer running while suspended; it now schedules a local notification for "
                  "each interval end and recomputes from the start date on resume.",
                  "recomputes from the start date on resume"),
        [said(0.7, "the watch haptic being late by a second is watchOS, leave it", "late by a second is watchOS")],
        Ask("lock the phone mid-workout and the countdown is wrong when you come back", "App"),
    )
    b.bugfix(
        "tidewater-etl",
        concluded(0.5, "why did the tides model double-count yesterday?",
                  "The incremental filter used >= on loaded_at, so the boundary batch was loaded twice; it is a "
                  "merge on reading_id with a unique_key now.", "merge on reading_id with a unique_key"),
        [said(0.3, "duplicate readings from the vendor itself are dropped in staging", "from the vendor itself")],
        Ask("row counts in fct_tides doubled for one hour at the batch boundary", "models/staging"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        concluded(0.4, "is the dev server on 8000 like usual?",
                  "You said no, it's 8443 with the self-signed cert, because the card terminal SDK refuses "
                  "plain HTTP.", "it's 8443 with the self-signed cert"),
        [said(0.6, "the docs site runs on 8010 when you serve it locally", "runs on 8010")],
        Ask("open the till UI locally, which URL?", "backend"),
    )
    b.fact(
        "routewise",
        said(0.4, "is the solver address in an env var? yes, OPTIMIZER_GRPC_ADDR, defaults to localhost:7071",
             "OPTIMIZER_GRPC_ADDR"),
        [said(0.6, "the geocoder key is GEO_KEY_FILE, a path, not the key", "GEO_KEY_FILE")],
        Ask("point my local planner at the staging solver", "cmd/routewise"),
    )
    b.fact(
        "parcelhub",
        concluded(0.45, "is deploy just npm run deploy?",
                  "No, you said deploys go through `make ship ENV=prod`, which builds the image and runs the "
                  "migration job first.", "make ship ENV=prod"),
        [said(0.6, "preview environments are created by the PR bot, no command", "created by the PR bot")],
        Ask("ship the hotfix to production", "src/services"),
        Ask("how do I deploy?", "src/routes"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "who owns the SEPA exporter? Joanna Wrzesień, ask her before touching the XML",
             "Joanna Wrzesień"),
        [said(0.7, "the PDF templates belong to the design team, no single person", "belong to the design team")],
        Ask("I need to change the pain.001 export, who should review?", BILLING),
    )
    b.fact(
        "fernbook",
        concluded(0.4, "are the seeds loaded with rails db:seed?",
                  "You said no: demo data comes from `bin/rails demo:load`, db:seed only creates the admin user.",
                  "bin/rails demo:load"),
        [said(0.6, "test fixtures are factories only, no yaml fixtures", "factories only, no yaml")],
        Ask("I need a local database with some members and bookings to click around", "app/models"),
    )
    b.fact(
        "beacon-chat",
        said(0.4, "is the uploads dir configured? yes, UPLOADS_ROOT, /srv/beacon/uploads in prod",
             "/srv/beacon/uploads"),
        [said(0.6, "the avatar cache lives in tmp, it's disposable", "avatar cache lives in tmp")],
        Ask("where do the attachment files end up on the prod box?", "lib/beacon"),
    )
    b.fact(
        "meshkit",
        said(0.4, "Qui maintient les bindings Python ? Aurélien Ferrand, demande-lui avant de toucher à "
                  "nanobind", "Aurélien Ferrand"),
        [said(0.6, "Le code C++ du cœur n'a pas de responsable unique, tout le monde relit", "tout le monde relit")],
        Ask("Je dois exposer la décimation côté Python, qui doit relire ?", "include/meshkit"),
    )
    b.fact(
        "tidewater-etl",
        concluded(0.4, "is the Airflow UI on 8080?",
                  "You said no: locally it's http://localhost:8793 because 8080 is taken by the vendor mock.",
                  "localhost:8793"),
        [said(0.6, "the dbt docs serve on whatever port, nobody uses them", "nobody uses them")],
        Ask("I want to trigger the buoy DAG by hand locally", "dags"),
    )
    b.fact(
        "infra-live",
        said(0.4, "state bucket? it's tfstate-acme-euw1-7f3a, with the lock table tf-locks-euw1",
             "tfstate-acme-euw1-7f3a"),
        [said(0.6, "the old state bucket from the us account is read-only, don't use it", "from the us account")],
        Ask("set up the backend block for the new envs/sandbox folder", "envs/staging"),
        Ask("terraform init for a fresh environment, which bucket holds the state?", "envs/prod"),
    )
    b.fact(
        "pocketgarden",
        concluded(0.4, "does the release build need a keystore password env var?",
                  "Yes, you said it reads GARDEN_UPLOAD_KEY_PASS, and the keystore itself sits in the team vault "
                  "as upload-2025.jks.", "GARDEN_UPLOAD_KEY_PASS"),
        [said(0.6, "debug builds use the default debug keystore", "default debug keystore")],
        Ask("build a signed bundle for the Play Console", GARDEN),
    )
    b.fact(
        "stockroom",
        said(0.4, "is there a healthcheck path? yes, /internal/livez, the load balancer hits it",
             "/internal/livez"),
        [said(0.6, "metrics are on a separate port for Prometheus", "separate port for Prometheus")],
        Ask("what URL should the new uptime monitor ping?", "app"),
    )
    b.fact(
        "cadence-ios",
        concluded(0.4, "is the bundle id com.acme.cadence?",
                  "You said it's io.cadencefit.app, kept from before the acquisition, and the watch target "
                  "appends .watchkitapp.", "io.cadencefit.app"),
        [said(0.6, "the widget extension has a separate bundle suffix", "separate bundle suffix")],
        Ask("register the app for push notifications in the developer portal", "App"),
    )
