"""The seventh held-out split, continued: corrections (from a colleague, "update:", "ignore what
I said", one changing only the unit), bugfixes (under a pasted GitHub issue, CI failure, crash log
or commit, found by ``git bisect``, or confirmed in one word) and facts (in pasted tables, a
CODEOWNERS file, forwarded messages, or found by a command the assistant ran and confirmed by the
user); see :mod:`bench.coding.heldout7` (measured at 8a40a3e and 33fbc02 while held out; training now,
heldout9, heldout10 and heldout11 are held out). Causes and effects, global preferences and
cross-project negatives are in :mod:`bench.coding.heldout7_shared`."""

from __future__ import annotations

from bench.coding import heldout7_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _corrections_backend(b)
    _corrections_rest(b)
    _bugfixes_backend(b)
    _bugfixes_rest(b)
    _facts_backend(b)
    _facts_rest(b)
    heldout7_shared.add(b)


def _corrections_backend(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "happy hour prices run 17:00 to 19:00 in every shop, the switch is in PriceSchedule",
             "17:00 to 19:00 in every shop"),
        said(0.7, "update on happy hour: it ends at 18:30 now, not 19:00, the franchise owners voted. the start "
                  "is unchanged", "ends at 18:30 now"),
        [],
        Ask("a customer paid full price for a pint at 18:45 and is complaining, were we right?", "backend/orders"),
    )
    b.correction(
        "routewise",
        concluded(0.2, "what's the max van payload the planner assumes?",
                  "The planner assumes 1,200 kg max payload per van unless the vehicle row says otherwise.",
                  "1,200 kg max payload per van"),
        said(0.7, "Kasia from fleet just told me the vans were re-plated: the default payload is 950 kg now, "
                  "not 1,200. nothing else changed", "default payload is 950 kg"),
        [],
        Ask("planner loaded 1.1 tonnes into one van and the driver refused to leave, what weight limit do we "
            "plan with?", "internal/dispatch"),
    )
    b.correction(
        "parcelhub",
        said(0.3, "insurance is included up to £100 per parcel, above that the merchant buys extra cover",
             "included up to £100 per parcel"),
        said(0.75, "correction to the insurance thing from a while back: the included cover counts per "
                   "consignment, not per parcel. still £100, but a 3-box consignment gets £100 in total",
             "per consignment, not per parcel"),
        [],
        Ask("merchant sent 4 boxes as one shipment and all of them got lost, how much are they covered for "
            "without extras?", "src/services"),
    )
    b.correction(
        "ledgerline",
        concluded(0.25, "what's the cutoff for same-day SEPA?",
                  "Payment files submitted before 14:00 Frankfurt time go out the same day.",
                  "before 14:00 Frankfurt time"),
        said(0.7, "heads up, the bank moved the same-day cutoff: 11:30 now, not 14:00. the payment run scheduler "
                  "needs to know", "11:30 now, not 14:00"),
        [],
        Ask("if finance releases the supplier payments at noon, do they leave the bank today?", BILLING),
    )
    b.correction(
        "fernbook",
        said(0.2, "members can bring up to 2 guests per day, guests sign in at the desk", "up to 2 guests per day"),
        said(0.65, "from Ruth: the guest limit is per week now, 3 a week, not 2 a day. people abused it on event "
                   "days", "3 a week, not 2 a day"),
        [],
        Ask("a member is bringing a guest for the fourth time this week, should the app let her?", "app/models"),
    )
    b.correction(
        "beacon-chat",
        said(0.3, "thumbnails are generated for images up to 20 megapixels", "up to 20 megapixels"),
        said(0.75, "change of plan on thumbnails: the limit is in bytes now, images up to 8 MB, whatever the "
                   "resolution", "images up to 8 MB, whatever the resolution"),
        [],
        Ask("someone uploaded a 12 MB phone photo and there's no preview, is that a bug?", "lib/beacon"),
    )
    b.correction(
        "stockroom",
        said(0.2, "pallets over 800 kg must go to floor-level bins, rack level 0 only", "pallets over 800 kg"),
        said(0.7, "the racking was re-certified: pallets up to 1,000 kg may go on level 1 now, the floor-only rule "
                  "starts above 1,000 kg", "floor-only rule starts above 1,000 kg"),
        [],
        Ask("put-away wants a 900 kg pallet on the floor, could it go up a level instead?", "app"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "logslice",
        said(0.25, "the default chunk size for parallel scanning is 8 MiB, tuned on my laptop",
             "chunk size for parallel scanning is 8 MiB"),
        said(0.75, "ignore what I said about 8 MiB chunks, that was laptop tuning. the default is 512 KiB per "
                   "chunk, small files only ever got one thread", "512 KiB per chunk"),
        [],
        Ask("a 5 MB file only keeps one core busy, how big are the pieces we split input into?",
            "crates/slice-core"),
    )
    b.correction(
        "brightdesk",
        said(0.2, "attachments are previewed inline up to 5 MB, above that it's a download link",
             "previewed inline up to 5 MB"),
        concluded(0.65, "grep for the preview limit, is it still 5?",
                  "No: PREVIEW_MAX_BYTES in src/components/Attachment.tsx is 2 MB since the memory complaints, so "
                  "anything above 2 MB gets a download link.", "is 2 MB since the memory complaints"),
        [],
        Ask("why does a 3 MB screenshot show up as a download link instead of the image?", "src/components"),
    )
    b.correction(
        "meshkit",
        said(0.25, "À l'export OBJ on écrit les coordonnées avec 6 décimales, ça suffit", "avec 6 décimales"),
        said(0.7, "Correction pour l'export OBJ : 9 chiffres significatifs, pas 6 décimales ; les scans en mètres "
                  "perdaient le détail", "9 chiffres significatifs"),
        [],
        Ask("Avec quelle précision on écrit chaque coordonnée dans les OBJ exportés ?", "src"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "the river-level alert fires at 3.5 m at the Harbour Bridge gauge", "alert fires at 3.5 m"),
        said(0.7, "update from the flood team: the alert threshold at Harbour Bridge is 3.2 m now, they lowered it "
                  "after the winter", "threshold at Harbour Bridge is 3.2 m"),
        [],
        Ask("the Harbour Bridge gauge read 3.3 last night and nobody got paged, is the alert broken?", "dags"),
    )
    b.correction(
        "infra-live",
        said(0.3, "the log bucket expires objects after 90 days", "expires objects after 90 days"),
        said(0.75, "log retention, only the unit changes: 90 weeks, not 90 days. compliance wants about 18 months",
             "90 weeks, not 90 days"),
        [],
        Ask("how long do we keep the ALB access logs before the lifecycle rule deletes them?", "envs/prod"),
    )
    b.correction(
        "pocketgarden",
        concluded(0.25, "how big can a garden get?",
                  "A garden can hold at most 200 plants; the list isn't paged.", "at most 200 plants"),
        said(0.7, "the plant cap goes to 500, paging landed last sprint, so the old limit is gone",
             "plant cap goes to 500"),
        [],
        Ask("a user says the app won't let them add their 201st plant, what's our limit?", GARDEN),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "the cool-down block defaults to 5 minutes at the end of every plan",
             "cool-down block defaults to 5 minutes"),
        said(0.75, "from Lotte in product: cool-down default is 3 minutes, not 5. same for every plan",
             "cool-down default is 3 minutes"),
        [],
        Ask("how long is the cooldown at the end of a generated plan?", "App"),
    )


def _bugfixes_backend(b: SplitBuilder) -> None:
    b.bugfix(
        "tillpoint",
        said(0.5, "GitHub issue #214 from the Bergen shop: 'receipts print the total twice when paying with two "
                  "cards'. root cause: the split-tender path called render_totals() once per tender; it's called "
                  "once per receipt after the tender loop now", "once per receipt after the tender loop"),
        [said(0.3, "the blank receipt at the start of the day is the printer's self test, not us",
              "printer's self test, not us")],
        Ask("paying half cash half card prints the totals block two times", "backend/orders"),
    )
    b.bugfix(
        "routewise",
        concluded(0.45, "bisect the ETA regression between v2.3 and v2.4",
                  "git bisect lands on the commit that looked up the speed profile by the vehicle's home depot "
                  "instead of the leg's start depot. I reverted that lookup: profiles are read per leg again, and "
                  "the ETA test for cross-depot routes passes.", "profiles are read per leg again"),
        [said(0.7, "ETAs being off on Sundays is the roadworks feed being empty on weekends, known",
              "roadworks feed being empty on weekends")],
        Ask("routes that start at one depot and finish at another have silly arrival times since 2.4",
            "internal/dispatch"),
    )
    b.bugfix(
        "parcelhub",
        concluded(0.5, "labels for Irish addresses come out with the wrong sort code, look into it",
                  "The sort code came from the first three characters of the postcode read as a UK outward code; "
                  "Irish codes need their routing key. Lookups now take the 3-character routing key via "
                  "parseEircode() and the Dublin test passes.", "routing key via parseEircode()"),
        [said(0.25, "Northern Ireland labels going to the GB hub was the BT prefix rule, already fixed",
              "going to the GB hub")],
        Ask("Dublin parcels keep getting routed to the wrong depot on the label", "src/services"),
    )
    b.bugfix(
        "ledgerline",
        said(0.4, "```\nInvoicePdfTest > renders_polish_characters() FAILED\n    expected: \"Łódź\" but was: "
                  "\"?ód?\"\n```\nroot cause: the PDF font subset was built from Latin-1 only. the font is loaded "
                  "with Identity-H encoding now, so any glyph in the TTF works", "Identity-H encoding"),
        [concluded(0.7, "why do some invoices show the old address?",
                   "Invoices freeze the billing address at issue time; a later address change only affects new "
                   "invoices.", "freeze the billing address at issue time")],
        Ask("customer names with Czech letters come out as question marks on the invoice pdf", BILLING),
    )
    b.bugfix(
        "fernbook",
        said(0.55, "members.csv opening as mojibake in Excel: Excel guesses Windows-1252 when there's no BOM. the "
                   "export writes a UTF-8 BOM first now, and the spec checks the first three bytes",
             "writes a UTF-8 BOM first"),
        [said(0.3, "the member export being slow for the Lisbon space is just its 9k members, fine",
              "just its 9k members")],
        Ask("the admin's member export shows names like JoÃ£o when opened in Excel", "app/controllers"),
    )
    b.bugfix(
        "beacon-chat",
        said(0.45, "> The duplicate messages after a reconnect came from the client resending its outbox while the "
                   "server had already stored them. I made the insert idempotent on client_msg_id with a unique "
                   "index and on_conflict: :nothing. Keep it that way?\n\nyep", "idempotent on client_msg_id"),
        [concluded(0.7, "why do messages sometimes show out of order?",
                   "Messages stored in the same millisecond are ordered by their id, which the UI sorts on; it is "
                   "only visual.", "ordered by their id, which the UI sorts on")],
        Ask("after the train wifi drops and comes back my message shows up twice in the room", "lib/beacon"),
    )
    b.bugfix(
        "stockroom",
        said(0.4, "```\n$ git log -1 --oneline\n4be21d0 lock bins in id order in move_stock\n```\nthat's the fix "
                  "for the two-handheld deadlock: move_stock locks both bins with SELECT ... FOR UPDATE ordered by "
                  "bin id, always the lower id first", "ordered by bin id, always the lower id first"),
        [said(0.7, "the timeout on the nightly ERP import is their side being slow, not a lock. fix mypy",
              "their side being slow, not a lock")],
        Ask("two pickers moving stock between the same pair of bins got a deadlock detected error",
            "app/routers"),
    )


def _bugfixes_rest(b: SplitBuilder) -> None:
    b.bugfix(
        "logslice",
        said(0.35, "```\n---- tests::reads_utf16 stdout ----\nthread 'tests::reads_utf16' panicked at src/main.rs:88:"
                   "\nbyte index 3 is not a char boundary\n```\nthat was UTF-16 logs from the Windows event export "
                   "being read as UTF-8. we sniff the BOM now and transcode with encoding_rs before splitting lines",
             "transcode with encoding_rs"),
        [concluded(0.65, "why are some lines printed with a question mark box?",
                   "Those lines hold invalid UTF-8 from a truncated write; decoding replaces the bad bytes with "
                   "U+FFFD on purpose.", "replaces the bad bytes with U+FFFD")],
        Ask("panicked: byte index 5 is not a char boundary, on an export from Windows Event Viewer", "src"),
    )
    b.bugfix(
        "brightdesk",
        said(0.45, "GitHub issue from a customer admin: 'drafts vanish when I switch tickets'. the draft was keyed "
                   "by the component instance; drafts are saved in sessionStorage under draft:<ticketId> now",
             "sessionStorage under draft:<ticketId>"),
        [said(0.7, "drafts not syncing between two laptops is expected, they're per browser. fix the type error",
              "drafts not syncing between two laptops")],
        Ask("agent types half a reply, opens another ticket, comes back and the text is gone", "src/components"),
    )
    b.bugfix(
        "meshkit",
        said(0.5, "Trouvé pourquoi le décimateur plantait sur les scans de dents : des arêtes non-manifold "
                  "partagées par trois faces. On les sépare maintenant avant de construire la file de priorité, et "
                  "il y a un test avec un maillage en T", "arêtes non-manifold partagées par trois faces"),
        [said(0.25, "Les trous dans le résultat après décimation des cheveux, c'est normal, l'entrée est une soupe "
                    "de triangles", "l'entrée est une soupe de triangles")],
        Ask("Le simplificateur plante sur un maillage où une arête touche trois triangles", "src"),
    )
    b.bugfix(
        "tidewater-etl",
        said(0.45, "```\nERROR - psycopg2.errors.DeadlockDetected: deadlock detected\nDETAIL:  Process 4121 waits "
                   "for ShareLock on transaction 99812\n```\nthe two hourly loads were merging into fct_readings in "
                   "different key orders. both sort by (station_id, reading_at) before the MERGE now",
             "sort by (station_id, reading_at) before the MERGE"),
        [concluded(0.7, "why did the load fail on Sunday night?",
                   "Sunday's failure was the warehouse's own restart for patching; the retry succeeded.",
                   "warehouse's own restart for patching")],
        Ask("DeadlockDetected in the hourly load again when two stations' files arrive together", "dags"),
    )
    b.bugfix(
        "infra-live",
        said(0.5, "GitHub issue #77: 'plan always shows a diff on the RDS parameter group'. cause: apply_method was "
                  "missing, AWS reported pending-reboot and terraform saw drift. every parameter sets apply_method "
                  "= \"pending-reboot\" explicitly now and the plan is clean",
             "apply_method = \"pending-reboot\" explicitly"),
        [said(0.25, "the perpetual diff on the launch template was the AMI data source, pinned it",
              "AMI data source, pinned it")],
        Ask("every plan in prod wants to change the postgres parameters, even right after an apply", "envs/prod"),
    )
    b.bugfix(
        "pocketgarden",
        said(0.5, "Play Console vitals: 'ANR in PlantListActivity, main thread blocked in SharedPreferences."
                  "commit'. root cause: the sort order was saved with commit() on every scroll. it's saved once in "
                  "onStop through DataStore now", "saved once in onStop"),
        [concluded(0.7, "what's the ANR at app start on old phones?",
                   "The cold-start ANRs on Android 8 devices are the WebView provider updating; they don't point at "
                   "our code.", "WebView provider updating")],
        Ask("we're getting app-not-responding reports on the plant list when people fling through it", GARDEN),
    )
    b.bugfix(
        "cadence-ios",
        said(0.55, "crash log from TestFlight:\n```\nFatal error: Index out of range\nIntervalEngine.advance() + "
                   "212\n```\nit happened when a plan ended on a rest with zero seconds. advance() skips zero-length "
                   "intervals now instead of indexing past the end", "skips zero-length intervals"),
        [concluded(0.3, "why does the timer lose a second after backgrounding?",
                   "The lost second after backgrounding is the display rounding down; the stored dates are exact.",
                   "display rounding down")],
        Ask("app crashes right at the end of my custom workout, the one that finishes with a 0 s rest", "App"),
    )


def _facts_backend(b: SplitBuilder) -> None:
    b.fact(
        "tillpoint",
        said(0.4, "for reference, the printers per shop:\n\n| shop | receipt printer | kitchen printer |\n|---|---|"
                  "---|\n| Harbourside | 10.40.2.31 | 10.40.2.32 |\n| Old Town | 10.41.2.31 | none |\n\nkitchen "
                  "printers are only in Harbourside. ok can you fix the failing report test",
             "Harbourside | 10.40.2.31", "kitchen printers are only in Harbourside"),
        [concluded(0.7, "what's the card terminal's address in Old Town?",
                   "The Old Town card terminal is on 10.41.3.10 and is paired by serial, not by IP.",
                   "paired by serial, not by IP")],
        Ask("the receipt printer at the Harbourside shop went quiet, what address should it answer on?", "backend"),
    )
    b.fact(
        "routewise",
        said(0.5, "> ss -ltnp on the staging box shows the planner's pprof listener bound to 127.0.0.1:6061, not "
                  "the public interface. Is that where you want me to profile from?\n\nyes",
             "pprof listener bound to 127.0.0.1:6061"),
        [said(0.3, "the health check is /livez on the main port, k8s uses it. can u fix the lint",
              "/livez on the main port")],
        Ask("grab a cpu profile of the planner on staging while it solves the big depot", "cmd/routewise"),
    )
    b.fact(
        "parcelhub",
        concluded(0.55, "how do we deploy to the pilot merchants?",
                  "From the Makefile and the runbook: pilot deploys are `make ship STAGE=pilot`, which builds the "
                  "image and rolls only the parcelhub-pilot deployment.", "make ship STAGE=pilot"),
        [said(0.3, "the sandbox environment redeploys itself on every merge to main, no command needed. fix eslint",
              "redeploys itself on every merge to main")],
        Ask("push this branch out to the pilot customers", "src/routes"),
    )
    b.fact(
        "ledgerline",
        said(0.45, "| job | cron | owner |\n|---|---|---|\n| interest-accrual | 0 2 * * * | Tove Aas |\n| "
                   "fx-revaluation | 0 3 1 * * | Tove Aas |\n\nthat's from the ops wiki, so Tove owns the "
                   "accounting jobs. fix the checkstyle thing", "interest-accrual | 0 2 * * *", "Tove Aas"),
        [concluded(0.7, "when do the statement emails go out?",
                   "Statement emails go out at 07:00 on the first working day of the month, from the statements "
                   "job.", "07:00 on the first working day")],
        Ask("I'm changing the accrual job, when does it run and who should I tell?", BILLING),
    )
    b.fact(
        "fernbook",
        said(0.35, "fyi the door controller exports land in /srv/fernbook/door-audit, one file per day, the "
                   "auditors read them there. can you fix the rubocop stuff", "/srv/fernbook/door-audit"),
        [said(0.65, "uploaded room photos are in the fernbook-room-photos bucket, not on disk. fix the flaky spec",
              "fernbook-room-photos bucket")],
        Ask("find out who badged into the building last Saturday night", "app/models"),
    )
    b.fact(
        "beacon-chat",
        said(0.35, "> config/runtime.exs reads the cluster gossip port from BEACON_GOSSIP_PORT, and the firewall "
                   "rules in the infra repo allow exactly that port. Right?\n\nright", "BEACON_GOSSIP_PORT"),
        [said(0.65, "the metrics endpoint is scraped on the app's own port, /metrics behind basic auth. fix credo",
              "/metrics behind basic auth")],
        Ask("the new node never joins the cluster, what do I have to open in its security group?", "lib/beacon"),
    )
    b.fact(
        "stockroom",
        said(0.45, "from Tobiah on the ops side: \"the label printers' shared secret lives in STOCKROOM_ZPL_TOKEN "
                   "now, rotate it in the vault, not in the helm file\". ok, ruff please", "STOCKROOM_ZPL_TOKEN"),
        [said(0.75, "the ERP sync credentials are a client certificate mounted at /etc/stockroom/erp.pem, no env "
                    "var. fix the test", "/etc/stockroom/erp.pem")],
        Ask("the printers reject our jobs with 401 since the vault rotation, which setting holds their token?",
            "app"),
    )


def _facts_rest(b: SplitBuilder) -> None:
    b.fact(
        "logslice",
        said(0.4, "fwd from Mirela: \"I'm taking over the homebrew tap and the AUR package, ping me for anything "
                  "packaging\". so packaging questions go to Mirela Dragan now. ok clippy", "Mirela Dragan"),
        [said(0.7, "the crates.io publishing token belongs to the CI bot account, not a person. fix the fmt",
              "belongs to the CI bot account")],
        Ask("who should review my change to the PKGBUILD for Arch?"),
    )
    b.fact(
        "brightdesk",
        said(0.5, "the in-app help widget reads its app id from VITE_BD_INTERCOM_APP_ID, CI injects another one "
                  "for staging. fix the lint pls", "VITE_BD_INTERCOM_APP_ID"),
        [said(0.25, "the maps key on the customer address card is hardcoded on purpose, it's restricted by "
                    "referrer. fix the test", "restricted by referrer")],
        Ask("the help bubble doesn't appear on the staging build, where does it get its id from?",
            "src/components"),
    )
    b.fact(
        "meshkit",
        said(0.4, "Pour info, les maillages de référence pour les benchmarks sont sur le serveur de l'atelier, "
                  "//atelier-scan/meshkit-ref ; montez-le avant de lancer quoi que ce soit. Tu peux lancer ctest ?",
             "//atelier-scan/meshkit-ref"),
        [said(0.7, "Les fichiers des tests unitaires, eux, sont petits et dans le dépôt. Corrige le warning stp",
              "petits et dans le dépôt")],
        Ask("Je veux lancer le benchmark de décimation sur les gros scans, ils sont où ?", "tests"),
    )
    b.fact(
        "tidewater-etl",
        said(0.5, "```\n$ cat .github/CODEOWNERS\nmodels/marts/  @tidewater/hydrology-analysts\ndags/          "
                  "@kwame-data\n```\nright, so mart changes need a hydrology-analysts approval. can you fix sqlfluff",
             "@tidewater/hydrology-analysts"),
        [said(0.25, "staging models don't need anyone's approval beyond the normal review. run dbt build",
              "don't need anyone's approval beyond")],
        Ask("I changed the daily rainfall mart, who has to sign off the PR?", "models/staging"),
    )
    b.fact(
        "infra-live",
        said(0.55, "the DNS zone for internal services is corp.acme-int.net, delegated from the shared account. "
                   "ok terraform fmt", "corp.acme-int.net"),
        [concluded(0.3, "what's the public zone called?",
                   "Public records live in the shop's public hosted zone, which is managed by marketing's agency.",
                   "managed by marketing's agency")],
        Ask("give the new reporting service a private hostname", "modules/network"),
    )
    b.fact(
        "pocketgarden",
        said(0.3, "> The screenshot tests run with ./gradlew :app:verifyPaparazziDebug and the goldens live in "
                  "app/src/test/snapshots. Is that the command you run before merging?\n\nyup",
             "verifyPaparazziDebug"),
        [said(0.65, "instrumented tests only run in the nightly device farm job, never locally. fix the lint",
              "nightly device farm job")],
        Ask("I tweaked the padding on the plant card, check I didn't break how the screens look", GARDEN),
    )
    b.fact(
        "cadence-ios",
        said(0.45, "the bundle id of the widget extension is com.acme.cadence.widgets, fastlane match needs it "
                   "for the profiles. ok the UI test", "com.acme.cadence.widgets"),
        [concluded(0.7, "what's the watch app's bundle id?",
                   "The watch app is com.acme.cadence.watchkitapp and it ships inside the phone app.",
                   "com.acme.cadence.watchkitapp")],
        Ask("set up signing for the home screen widget target", "App"),
    )
