"""The ninth held-out split, continued: corrections (a renamed queue, topic, event or subcommand,
an owner who moved team, a region that moved, and decisions reversed twice over three sessions of
which only the last holds), bugfixes (an incident timeline pasted from a postmortem, a stack trace or a
shell session with "so that's why", a customer's complaint in plain words and the fix) and facts
(in a pasted docker-compose, Makefile, crontab, .env.example, ``git shortlog`` or shell session with
a one-line comment); see :mod:`bench.coding.heldout9` (training now: measured twice while
held out). Causes and effects, global preferences and cross-project negatives are in
:mod:`bench.coding.heldout9_shared`."""

from __future__ import annotations

from bench.coding import heldout9_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _corrections(b)
    _corrections_rest(b)
    _bugfixes(b)
    _bugfixes_rest(b)
    _facts(b)
    _facts_rest(b)
    heldout9_shared.add(b)


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "the receipt printing tasks go to the celery queue called printjobs, the worker on each shop box "
                  "listens there", "queue called printjobs"),
        said(0.7, "heads up, renamed: the print queue is till.print.high now, printjobs is gone since the broker "
                  "move. anyway, the isort diff", "till.print.high"),
        [],
        Ask("the new shop box doesn't print anything, which queue should its worker consume?", "backend"),
    )
    b.correction(
        "parcelhub",
        said(0.25, "carrier tracking callbacks land on the SQS queue parcel-events and the poller drains it",
             "SQS queue parcel-events"),
        concluded(0.75, "which queue do the tracking callbacks use now?",
                  "You renamed it: callbacks land on carrier-status-inbound since the split of the events queue; "
                  "parcel-events only carries our own outbound notifications now.", "carrier-status-inbound"),
        [],
        Ask("I need to replay yesterday's tracking updates from DPD, where do they queue?", "src/services"),
    )
    b.correction(
        "brightdesk",
        said(0.2, "the billing widget in the sidebar belongs to Magda Zielińska, ping her for reviews",
             "belongs to Magda Zielińska"),
        said(0.7, "Magda moved to the mobile team last month, so the billing widget is Rui Antunes's now, he "
                  "reviews anything in there. the eslint stuff next", "billing widget is Rui Antunes's now"),
        [],
        Ask("I changed how the sidebar shows overdue invoices, who should review it?", "src/components"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "moderation events are broadcast on the PubSub topic \"mod:events\"", "topic \"mod:events\""),
        said(0.75, "we split the audit log out, so the topic got renamed: moderation events go to "
                   "\"moderation:audit\" now. nothing else changed. mix credo", "\"moderation:audit\""),
        [],
        Ask("the new audit LiveView should update when a moderator bans someone", "lib/beacon"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "our contact at the port authority for the sensor feed is Jan de Vries", "Jan de Vries"),
        said(0.7, "Jan retired in the spring; for the sensor feed we talk to Marieke Bosman now. ok, the dbt "
                  "deprecation warnings", "Marieke Bosman"),
        [],
        Ask("the harbour feed has been empty since yesterday, who do I email at the port?", "scripts"),
    )
    b.correction(
        "infra-live",
        said(0.25, "the DR copies of the backups go to eu-west-3", "DR copies of the backups go to eu-west-3"),
        said(0.75, "DR moved, by the way: disaster recovery lives in eu-north-1 now, cheaper and the auditors "
                   "liked the distance. tflint please", "disaster recovery lives in eu-north-1"),
        [],
        Ask("set up cross-region replication for the new exports bucket", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "the analytics event for a watering is water_logged", "event for a watering is water_logged"),
        said(0.7, "renamed the analytics events to the new naming scheme, a watering is plant_hydrated now. the "
                  "dashboard was updated too. detekt", "plant_hydrated"),
        [],
        Ask("send an analytics event when someone taps the watering can on a plant", GARDEN),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "routewise",
        said(0.2, "the planner only looks one day ahead, tomorrow's orders and nothing else",
             "only looks one day ahead"),
        said(0.75, "ok, last word on the planning horizon after the ops meeting: two days, final, not three and not "
                   "one. go test please", "planning horizon after the ops meeting: two days"),
        [said(0.45, "stretch the planner to three days ahead so we can batch rural drops",
              "three days ahead so we can batch")],
        Ask("- [ ] only pull orders inside the planning window into the nightly run", "internal/dispatch"),
        Ask("how far ahead does the planner look now?", "cmd/routewise"),
    )
    b.correction(
        "ledgerline",
        said(0.2, "amounts under 5 EUR are not invoiced, they roll into next month's invoice",
             "under 5 EUR are not invoiced"),
        said(0.75, "finance overruled both earlier versions: there is no minimum amount at all now, every "
                   "positive balance gets its invoice. that's the one. sonar next", "no minimum amount at all now"),
        [said(0.45, "drop the roll-over threshold to 1 EUR, customers complained", "roll-over threshold to 1 EUR")],
        Ask("a customer used 2.40 EUR of API calls in March, do they get an invoice?", BILLING),
    )
    b.correction(
        "meshkit",
        said(0.2, "Le ratio de simplification par défaut est 0.5", "simplification par défaut est 0.5"),
        said(0.75, "Bon, c'est tranché après les retours des clients : 0.3 par défaut, ni 0.25 ni 0.5. Lance "
                   "clang-tidy", "0.3 par défaut, ni 0.25"),
        [said(0.45, "On passe le ratio par défaut à 0.25, les maillages de scan sont énormes",
              "ratio par défaut à 0.25")],
        Ask("Quel ratio de décimation on applique quand l'utilisateur n'en donne pas ?", "src"),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "workouts are exported as GPX files from the share sheet", "exported as GPX files"),
        said(0.75, "final answer on export after Strava's feedback: FIT files, not GPX and not TCX. the font "
                   "issue next", "FIT files, not GPX and not TCX"),
        [said(0.45, "switch the export to TCX, it keeps the heart rate", "switch the export to TCX")],
        Ask("users want to send a finished workout to another training app", "App"),
    )
    b.correction(
        "fernbook",
        said(0.2, "members can book up to 60 days ahead", "book up to 60 days ahead"),
        said(0.7, "```\n$ bin/rails runner 'puts Booking::MAX_ADVANCE_DAYS'\n90\n```\nhuh. so members can book 90 "
                  "days out, not 60 like I told you. fine, leave it at 90", "members can book 90 days out"),
        [],
        Ask("a member asks how far in advance they can reserve a desk", "app/controllers"),
    )
    b.correction(
        "stockroom",
        said(0.25, "alerts for lots past their best-before date post to the #warehouse-ops Slack channel",
             "#warehouse-ops Slack channel"),
        said(0.7, "pasting from the thread:\n\n[09:14] Dorota: the expiry alerts are drowning ops\n[09:15] "
                  "Kwame: move them to #expiry-watch then\n[09:15] Dorota: done\n\nso update the notifier. "
                  "ruff after", "#expiry-watch"),
        [],
        Ask("post to Slack when a yoghurt lot goes out of date in the cold room", "app"),
    )
    b.correction(
        "logslice",
        said(0.25, "the subcommand that lists the chattiest sources is logslice top", "logslice top"),
        said(0.75, "renamed for the 0.5 release: it's logslice loudest now, top clashed with the unix tool in "
                   "people's muscle memory and the old name is gone. clippy", "logslice loudest"),
        [],
        Ask("which command shows the ten sources that log the most?", "src"),
    )


def _bugfixes(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        said(0.5, "pasting the timeline from the postmortem doc:\n\n14:02 first report, card payments declined in "
                  "shop 2\n14:10 all shops affected\n14:31 root cause: the terminal gateway's leaf certificate, "
                  "pinned in settings, expired\n14:40 fix deployed: we pin the intermediate CA instead of the leaf\n"
                  "\nok, next thing, the slow admin", "pin the intermediate CA instead of the leaf"),
        [said(0.3, "the cash drawer not opening in shop 1 was its USB hub, replaced",
              "cash drawer not opening in shop 1")],
        Ask("every card payment fails with an SSL handshake error since this morning", "backend"),
    )
    b.bugfix(
        "routewise",
        said(0.5, "```\npanic: assignment to entry in nil map\n\ngoroutine 41 [running]:\ngithub.com/acme/routewise/"
                  "internal/dispatch.(*Planner).addStop(...)\n```\nso that's why: the per-depot map only existed for "
                  "depots with vans. it's initialised in NewPlanner for every depot now. go vet",
             "initialised in NewPlanner for every depot"),
        [said(0.7, "the nil pointer in geo.Snap last week was a missing road segment in the upstream data",
              "missing road segment in the upstream data")],
        Ask("planner panics as soon as we add the new Leeds depot, which has no vans yet. what's going on?",
            "internal/dispatch"),
    )
    b.bugfix(
        "logslice",
        said(0.45, "```\n$ logslice count huge.log\nmemory allocation of 8589934592 bytes failed\nAborted\n```\nso "
                   "that's why: count read the whole file with read_to_string. it streams with BufReader and a 64 KiB "
                   "buffer now", "streams with BufReader and a 64 KiB buffer"),
        [said(0.7, "the slow start on network drives is the NFS mount, not our code",
              "slow start on network drives")],
        Ask("it aborts with 'memory allocation failed' on a 9 GB file", "src"),
    )
    b.bugfix(
        "brightdesk",
        concluded(0.5, "agents say a screenshot pasted into a reply gets attached twice",
                  "In Chrome a pasted image fires both the paste handler and the drop zone's handler; the paste "
                  "handler calls preventDefault now, so only it uploads the image.",
                  "paste handler calls preventDefault now"),
        [said(0.3, "a PDF attached twice when the agent picks it twice in the dialog is their doing",
              "picks it twice in the dialog")],
        Ask("every image I ctrl+v into the reply box shows up two times in the attachments", "src/components"),
    )
    b.bugfix(
        "parcelhub",
        said(0.5, "postmortem timeline, for the record:\n\n09:00 quotes for large boxes come out at a tenth of the "
                  "price\n09:20 rollback of the config change, prices normal\n10:05 cause: VOLUMETRIC_DIVISOR was read "
                  "from the env as a string and the weight formula concatenated instead of dividing\n10:30 fix: env "
                  "numbers parsed and validated at boot\n\nok, back to eslint", "parsed and validated at boot"),
        [said(0.3, "Channel Islands quotes are high because of the customs surcharge, that's correct",
              "high because of the customs surcharge")],
        Ask("oversized parcels are quoted absurdly cheap after yesterday's deploy", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        said(0.5, "```\njava.time.DateTimeException: Invalid date 'February 29' as '2027' is not a leap year\n\tat "
                  "java.time.LocalDate.create(LocalDate.java:459)\n\tat com.acme.billing.RenewalScheduler.next"
                  "(RenewalScheduler.java:88)\n```\nso that's why the renewals job died: it rebuilt the date with "
                  "LocalDate.of(year + 1, ...). it uses plusYears now, which clamps to 28 February",
             "uses plusYears now, which clamps"),
        [said(0.7, "renewals landing on a Sunday are invoiced on the Monday, by design",
              "invoiced on the Monday, by design")],
        Ask("yearly subscriptions that started on a leap day blow up the renewal run", BILLING),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "fernbook",
        concluded(0.5, "members say the confirmation page says 'booking not found' right after they book",
                  "The confirmation page read from the replica, which lags a second behind; it reads with "
                  "connected_to(role: :writing) now, so the new booking is always there.",
                  "connected_to(role: :writing)"),
        [said(0.3, "the calendar invite showing UTC is Outlook's own setting, not us",
              "calendar invite showing UTC is Outlook's")],
        Ask("right after paying, some members get an error saying their reservation doesn't exist", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.5, "```\niex> Process.info(pid, :message_queue_len)\n{:message_queue_len, 214903}\n```\nso that's why "
                  "#general was so slow: the room process kept every message in its state. history lives in an ETS "
                  "table per room now and the process keeps only the last 50", "ETS table per room"),
        [said(0.7, "the slow join on mobile is the 3G handshake, nothing we can do",
              "slow join on mobile is the 3G")],
        Ask("in the busiest room a new message takes ten seconds to show up", "lib/beacon_web/channels"),
    )
    b.bugfix(
        "meshkit",
        said(0.5, "```\n==8812==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffd\n    #0 in "
                  "meshkit::read_ply_header src/ply.cpp:57\n```\nVoilà pourquoi : l'en-tête était lu dans un tampon "
                  "de 64 octets ; on lit avec std::getline dans une std::string maintenant",
             "std::getline dans une std::string maintenant"),
        [said(0.3, "Le plantage sur les fichiers vides venait d'un fichier tronqué chez le client",
              "fichier tronqué chez le client")],
        Ask("Un PLY avec un long commentaire dans l'en-tête fait planter le lecteur, une idée ?", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        said(0.5, "timeline for the postmortem:\n03:10 nightly_load failed at extract\n03:25 retried, same error\n"
                  "03:40 cause: the vendor switched the CSV delimiter to semicolons without telling anyone\n04:00 fix: "
                  "extract sniffs the delimiter with csv.Sniffer before reading\n\nok, back to the sqlfluff errors",
             "sniffs the delimiter with csv.Sniffer"),
        [said(0.7, "the missing rows in July were a sensor outage at the pier, nothing to fix",
              "sensor outage at the pier")],
        Ask("extract produced one giant column called 'sensor_id;reading_at;value' this morning", "scripts"),
    )
    b.bugfix(
        "infra-live",
        said(0.5, "```\n$ terraform plan\n-/+ resource \"aws_db_instance\" \"main\" {\n  ~ availability_zone = "
                  "\"euw1-az1\" -> \"euw1-az2\" # forces replacement\n```\nso that's why it wanted a new database: "
                  "RDS failed over to the other AZ. we dropped availability_zone from the module for Multi-AZ "
                  "instances", "dropped availability_zone from the module"),
        [said(0.3, "the NAT EIP replacement in staging was expected, we moved AZ on purpose",
              "NAT EIP replacement in staging was expected")],
        Ask("plan says it will destroy and recreate the prod postgres, nobody touched it", "envs/prod"),
    )
    b.bugfix(
        "pocketgarden",
        concluded(0.5, "reviews say the app asks for notification permission every single time it opens",
                  "Tapping 'not now' on our rationale dialog was never saved, so onboarding asked again on every "
                  "start; the refusal is stored with its date and we ask again after 14 days at the earliest.",
                  "ask again after 14 days at the earliest"),
        [said(0.3, "the system dialog not showing at all after two refusals is Android's rule",
              "not showing at all after two refusals")],
        Ask("1-star review: 'stop nagging me about notifications every time I open the app'", GARDEN),
    )
    b.bugfix(
        "stockroom",
        said(0.5, "```\nsqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 reached, connection timed "
                  "out\n```\nso that's why the handhelds froze at shift start: the bin lookup dependency never closed "
                  "its session. it's a yield dependency with a finally now", "yield dependency with a finally"),
        [said(0.7, "the 502s right after midnight are the nightly deploy restart, known",
              "502s right after midnight")],
        Ask("at 6am when all the scanners log in the API stops answering and the log says the pool is exhausted",
            "app"),
        Ask("```\nTraceback (most recent call last):\n  File \"app/routers/bins.py\", line 41, in lookup_bin\n"
            "    async with session.begin():\nsqlalchemy.exc.TimeoutError: QueuePool limit of size 5 overflow 10 "
            "reached, connection timed out, timeout 30.00\n```\nwhat's going on", "app/routers"),
    )
    b.bugfix(
        "cadence-ios",
        said(0.5, "console output:\n```\nStartWorkoutIntent.perform() - SessionStore.shared.plans is empty\n```\nso "
                  "that's why 'Hey Siri, start my usual workout' opened the app and did nothing: the intent ran before "
                  "the store had loaded. perform() awaits SessionStore.ready first now",
             "perform() awaits SessionStore.ready first"),
        [said(0.7, "Siri mishearing the workout name is Siri, we can't fix that", "Siri mishearing the workout name")],
        Ask("the voice shortcut launches Cadence but the workout never starts", "App"),
    )


def _facts(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.4, "```yaml\n  redis:\n    image: redis:7\n    ports:\n      - \"6391:6379\"\n```\nhost port 6391 "
                  "because the label printer software squats 6379 on the shop laptops. ok, the celery warning",
             "host port 6391 because the label printer"),
        [said(0.6, "flower runs on its default port when you start it, nobody changed that",
              "flower runs on its default port")],
        Ask("connect redis-cli to the local cache, I want to look at the session keys", "backend"),
    )
    b.fact(
        "routewise",
        said(0.4, "```make\nseed-depots:\n\tgo run ./cmd/seed --file testdata/depots_uk.geojson\n```\nthat target is "
                  "how you get depots into a fresh local db", "testdata/depots_uk.geojson"),
        [said(0.6, "driver fixtures are generated on the fly inside the tests, no file",
              "driver fixtures are generated on the fly")],
        Ask("my local database has no depots, how do I load some?", "cmd/routewise"),
    )
    b.fact(
        "logslice",
        said(0.4, "```\n$ git log --format='%an' -- src/platform/windows.rs | sort | uniq -c\n     27 Yusuf Demir\n"
                  "      2 dependabot[bot]\n```\nso the Windows code is Yusuf's, he has the only Windows box",
             "Yusuf Demir"),
        [said(0.6, "the macOS bits have no owner, whoever breaks them fixes them", "macOS bits have no owner")],
        Ask("a user says --follow does nothing on Windows, who should look at it?", "src"),
    )
    b.fact(
        "brightdesk",
        said(0.4, "from .env.example:\n```\nVITE_SUPPORT_API_URL=http://localhost:4010   # the Prism mock\n```\nswap "
                  "that for the staging URL when you need real data", "VITE_SUPPORT_API_URL"),
        [said(0.6, "VITE_FEEDBACK_WIDGET_ID is empty locally and that's fine", "VITE_FEEDBACK_WIDGET_ID")],
        Ask("point the dashboard at the staging ticket API instead of the mock", "src/api"),
    )
    b.fact(
        "parcelhub",
        said(0.4, "crontab -l on the box:\n```\n*/15 * * * * node scripts/pollTracking.js --carriers=all\n```\nthat's "
                  "the only cron, it runs as the user parcelbot", "runs as the user parcelbot"),
        [said(0.6, "invoice reconciliation is triggered by the carrier's webhook, there's no cron for it",
              "reconciliation is triggered by the carrier's webhook")],
        Ask("tracking statuses haven't refreshed for an hour, which account runs the poller on the box?",
            "src/services"),
    )
    b.fact(
        "ledgerline",
        said(0.4, "from the team channel:\n\n[11:20] Hélène: who has the dunning service pager this month?\n[11:21] "
                  "Bartek: Ngozi Eze until the 30th\n\nthere you go", "Ngozi Eze"),
        [said(0.6, "the statements job has no on-call at all, it retries itself", "statements job has no on-call")],
        Ask("dunning emails stopped going out, who do I page?", BILLING),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "fernbook",
        said(0.4, "```\n$ git shortlog -sn -- lib/accounting_sync\n    41  Anneke Vos\n     3  Tom Okafor\n"
                  "```\nso the Xero sync is basically Anneke's, ask her before you touch it", "Anneke Vos"),
        [said(0.6, "the payments integration was written by an agency, nobody here owns it",
              "written by an agency, nobody here owns it")],
        Ask("last month's invoices never showed up in the accountant's Xero, who knows that code?", "app/models"),
    )
    b.fact(
        "beacon-chat",
        said(0.4, "```\n$ op item get 'beacon apns push' --fields label=key_id\nQ7XK29LMPA\n```\nso the APNs key "
                  "sits in the 'beacon apns push' item and the server reads its path from APNS_KEY_PATH",
             "'beacon apns push' item"),
        [said(0.6, "Android pushes go through FCM with the service account the platform team manages",
              "FCM with the service account the platform team")],
        Ask("iPhone users stopped getting push notifications after I rotated our secrets, where is that key kept?",
            "lib/beacon"),
    )
    b.fact(
        "meshkit",
        said(0.4, "```\n$ ssh bench-ryzen-02 nproc\n32\n```\nvoilà, c'est la machine de référence : les chiffres de "
                  "perf qu'on publie viennent de bench-ryzen-02, jamais d'un portable", "bench-ryzen-02"),
        [said(0.6, "Les runners de la CI sont partagés, leurs temps ne veulent rien dire",
              "leurs temps ne veulent rien dire")],
        Ask("Je veux comparer la nouvelle décimation avec l'ancienne, où est-ce que je mesure ?", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.4, "```\nWAREHOUSE_DSN=postgresql://etl@warehouse-ro.internal:5439/tides   # read-only replica\n```\n"
                  "that's the line from .env.example, use it for ad hoc queries", "warehouse-ro.internal:5439"),
        [said(0.6, "the Airflow metadata database is a local sqlite file in dev", "local sqlite file in dev")],
        Ask("connect psql to the warehouse to check yesterday's row counts", "scripts"),
        Ask("```\n sensor_id | readings\n-----------+----------\n HV-02     |     1411\n HV-03     |        0\n "
            "HV-07     |     1398\n(3 rows)\n```\nOsei sent me this from the warehouse. how do I run the same "
            "query myself?", "scripts"),
    )
    b.fact(
        "infra-live",
        said(0.4, "```\n$ aws sts get-caller-identity\n\"Arn\": \"arn:aws:sts::210987654321:assumed-role/"
                  "PlatformAdmin-euw1/dana\"\n```\nthat's the role you need for anything in prod", "PlatformAdmin-euw1"),
        [said(0.6, "CI assumes its role through OIDC, there are no keys anywhere", "assumes its role through OIDC")],
        Ask("which role do I assume to run a plan against prod from my laptop?", "envs/prod"),
    )
    b.fact(
        "pocketgarden",
        said(0.4, "local.properties needs one line for the map screen: MAPS_KEY_DEBUG=..., the key is in the team "
                  "vault under 'garden maps debug'", "MAPS_KEY_DEBUG"),
        [said(0.6, "release builds get their maps key injected by CI, never locally", "injected by CI, never locally")],
        Ask("fresh checkout, the garden map screen is just grey on my emulator", GARDEN),
    )
    b.fact(
        "stockroom",
        said(0.4, "```yaml\n  minio:\n    ports: [\"9400:9000\"]\n```\nthe printed shelf tags go into the bucket "
                  "shelf-tag-pdfs on that minio", "shelf-tag-pdfs"),
        [said(0.6, "the product photos bucket is only on the real S3, not in compose", "only on the real S3")],
        Ask("reprint the tags for aisle C, where are the files kept locally?", "app"),
    )
    b.fact(
        "cadence-ios",
        said(0.4, "```\nAPI_HOST = api-stg.cadencefit.dev\n```\nthat's Config/Staging.xcconfig, the Staging scheme "
                  "reads it", "api-stg.cadencefit.dev"),
        [said(0.6, "the production host is baked into the Release config, don't touch it", "baked into the Release")],
        Ask("run the app against the staging backend", "App"),
    )
