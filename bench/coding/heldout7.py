"""The seventh held-out split: fresh facts and probes, measured at 8a40a3e and 33fbc02; training now.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: decisions and rules made by editing the assistant's
numbered plan ("2 is wrong: ..."); messages forwarded from a colleague ("from Ifeoma:", "fwd
from Osei") and GitHub review comments pasted with their reviewer's handle; a closed tracker
ticket and ``git log`` / ``git show`` output pasted with the user's one-line comment; rules
given as "from now on"; facts the assistant found with a command (``ss -ltnp``, ``grep``, a
Makefile) and quoted back, which the user confirms in one word ("yes", "yup", "right");
small markdown tables of printers and cron jobs; one project (meshkit) where the user writes
in French throughout, probes included; corrections that arrive as "update:" or "heads up" from
a colleague, "ignore what I said about ...", one that changes only the unit (weeks, not days)
and one that changes what a limit is counted per (consignment, not parcel); causal chains over
three sessions (the change, the symptom reported with no diagnosis, the assistant's diagnosis);
global preferences said in romanised Korean and Hindi, in Turkish, as "no matter the codebase"
and as "in anything I work on". Probes are imperative tasks, some with typos, prompts quoting
an error message or a crash, components named by a synonym or a file path, many typed in a
subdirectory; the irrelevant prompts share the projects' vocabulary (takings, imports, refs,
callbacks, sealed types) but need no planted fact: renames, formatting, a README heading and
general "what is the difference" questions asked inside a project. Decisions, rules and
irrelevant prompts are here; corrections, bugfixes and facts are in
:mod:`bench.coding.heldout7_more`; causes and effects, global preferences and cross-project
negatives in :mod:`bench.coding.heldout7_shared`.

heldout7 was measured while held out at 8a40a3e (its first figure) and 33fbc02; its held-out figures
are those runs' ``bench/results/coding_heldout7_*.json``. It is a training split now; the splits held
out now are :mod:`bench.coding.heldout9`, :mod:`bench.coding.heldout10` and :mod:`bench.coding.heldout11`.
"""

from __future__ import annotations

from bench.coding import heldout7_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout7")
    _decisions_backend(b)
    _decisions_rest(b)
    _rules_backend(b)
    _rules_rest(b)
    heldout7_more.add(b)
    _irrelevant(b)
    return b.split


def _decisions_backend(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.35, "your plan:\n1. add a Voucher model\n2. store the voucher code hashed with bcrypt\n3. expose a "
                   "redeem endpoint\n\n2 is wrong: voucher codes get looked up when scanned, not verified like a "
                   "password, so we keep them as HMAC-SHA256 digests keyed by VOUCHER_PEPPER. bcrypt can't be "
                   "indexed. 1 and 3 are fine, go", "HMAC-SHA256 digests"),
        [concluded(0.6, "how are the staff PINs stored?",
                   "Staff PINs are stored with Django's default PBKDF2 hasher, like passwords; they are only ever "
                   "checked against one user, never searched.", "stored with Django's default PBKDF2")],
        Ask("store the promo vouchers marketing prints so the till can find one when its barcode is scanned",
            "backend/orders"),
    )
    b.decision(
        "routewise",
        said(0.5, "from Keiko, pasting: \"re the toll costs, we talked it over with finance: routes get priced "
                  "with the TollGuru per-trip API at planning time only, we are not paying for live toll lookups "
                  "on every ping\"\n\nso that's settled. can you fix the vet warning in assign.go",
             "TollGuru per-trip API"),
        [said(0.3, "fuel cost per km is the monthly figure ops types into the admin, no API for that one. fix the "
                   "import cycle please", "monthly figure ops types into the admin")],
        Ask("show what each route will cost in motorway tolls on the plan summary", "internal/dispatch"),
    )
    b.decision(
        "parcelhub",
        said(0.55, "```\nPAR-431  Returns: label format   [Done]\nOutcome: paperless QR returns only. The customer "
                   "shows the code at a drop-off shop; we stopped emailing printable PDFs because half the "
                   "customers have no printer.\n```\nthat one's closed. bump express to the latest 4.x please",
             "paperless QR returns only"),
        [concluded(0.3, "how do merchants get their return manifests?",
                   "Merchants download the return manifest as CSV from the dashboard; nothing is pushed to them.",
                   "return manifest as CSV from the dashboard")],
        Ask("a buyer wants to send a jacket back, generate whatever they need to hand it in", "src/routes"),
    )
    b.decision(
        "ledgerline",
        said(0.4, "re your plan for payment matching:\n1. match on the end-to-end reference: fine\n2. a partial "
                  "payment is spread pro rata over the open invoices: no. it pays off the oldest open invoice "
                  "first, then the next one; pro rata left every invoice half paid and dunning went nuts\n3. "
                  "unmatched payments go to the suspense queue: fine\ngo ahead",
             "pays off the oldest open invoice first"),
        [said(0.65, "overpayments stay on the customer account as credit, we never refund on our own. can you fix "
                    "the checkstyle errors", "stay on the customer account as credit")],
        Ask("customer transferred 300 while owing three invoices of 200 each, allocate the money", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.45, "forwarding what Ruth wrote in #fernbook-dev: \"guest wifi: we generate a code per booking and "
                   "print it on the confirmation, through the UniFi hotspot voucher API. no captive portal "
                   "sign-up\". that's what we do then. can u fix the rubocop offenses", "UniFi hotspot voucher API"),
        [concluded(0.25, "how do members open the doors?",
                   "Members open the doors with the Salto KS app; fernbook only sends the member list to Salto "
                   "each night.", "Salto KS app")],
        Ask("visitors coming to a meeting room need internet, put access on their confirmation email",
            "app/models"),
    )
    b.decision(
        "beacon-chat",
        said(0.4, "> From mix.exs and the upload controller it looks like attachments are scanned by a ClamAV "
                  "sidecar (clamd over TCP) before the download link is issued, and the VirusTotal client module "
                  "is unused. Is that the intended design?\n\nyes", "ClamAV sidecar (clamd over TCP)"),
        [said(0.7, "photos get their EXIF stripped in the browser before upload, GPS included. fix the credo "
                   "warning", "EXIF stripped in the browser")],
        Ask("let people attach PDFs and zips to messages, and keep us safe from nasty files", "lib/beacon"),
    )
    b.decision(
        "stockroom",
        said(0.4, "message from Ewa (warehouse mgr), pasting: \"on the counting screens the counters must not see "
                  "the system quantity, otherwise they just type it back. blind counts please\". agreed, so the "
                  "count endpoint doesn't send the expected qty. can you fix the pydantic warning",
             "blind counts please"),
        [concluded(0.65, "what do pickers see on the pick screen?",
                   "The pick screen shows bin, item, the quantity to pick and the next bin; it never shows stock "
                   "on hand.", "quantity to pick and the next bin")],
        Ask("build the API the handhelds call when a counter opens a bin for stocktaking", "app/routers"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "logslice",
        said(0.45, "```\n$ git log -1 --format=%B\nswitch the time index to a sorted Vec + binary search\n\nThe "
                   "BTreeMap index cost 3x the memory on 40M-line files and we only ever do range lookups after a "
                   "full build.\n```\nthat's where we ended up, keep it in mind. now clippy",
             "sorted Vec + binary search"),
        [concluded(0.7, "how does --grep pick lines so fast?",
                   "The --grep path prefilters each chunk with an Aho-Corasick automaton over the literal parts of "
                   "the pattern before the regex runs.", "Aho-Corasick automaton over the literal parts")],
        Ask("jump straight to 14:00 in a 30 GB log without scanning from the top", "crates/slice-core"),
        Ask("the timestamp lookup table eats a lot of RAM on big files, what's it built on?", "src"),
    )
    b.decision(
        "brightdesk",
        said(0.4, "Tamsin left this on my PR and she's right, so that's the decision:\n\n> **tamsin-okoro** "
                  "commented on src/api/tickets.ts line 88\n> Merging must keep the older ticket as the survivor "
                  "and close the newer one as merged_into; support agreed customers quote the first number they "
                  "got.\n\nplease change the merge call", "older ticket as the survivor"),
        [said(0.65, "splitting a ticket makes a brand new one with the selected messages, the original stays open. "
                    "fix the flaky test in TicketList", "brand new one with the selected messages")],
        Ask("add a 'combine with...' action to the ticket toolbar for duplicates", "src/components"),
    )
    b.decision(
        "meshkit",
        said(0.35, "Bon, on a tranché pour le lissage : on garde le lissage de Taubin (lambda/mu) et pas le "
                   "laplacien simple, qui faisait rétrécir les scans d'oreilles de deux millimètres. Tu peux "
                   "corriger le warning de clang-tidy ?", "lissage de Taubin"),
        [said(0.6, "Les normales des sommets sont pondérées par les angles des coins, pas par les aires. Lance "
                   "les tests stp", "pondérées par les angles des coins")],
        Ask("Ajoute une passe de lissage après la décimation, le maillage sort tout bruité", "src"),
    )
    b.decision(
        "tidewater-etl",
        said(0.5, "Fwd from Osei (data eng lead):\n> Decided on the call: raw vendor payloads land as Parquet, "
                  "partitioned by reading_date, compressed. No more gzipped JSON in the raw bucket, the Athena scans "
                  "were costing us.\n\nok noted. please fix the sqlfluff errors in stg_readings",
             "partitioned by reading_date"),
        [concluded(0.3, "what format do the lab exports come in?",
                   "The lab exports arrive as semicolon-separated CSV in Latin-1; extract.py converts them to UTF-8 "
                   "first.", "semicolon-separated CSV in Latin-1")],
        Ask("write the extractor for the new rain gauge vendor and store what it downloads", "scripts"),
    )
    b.decision(
        "infra-live",
        said(0.45, "Marek on my PR, pasting because it's the decision now:\n\n> **marek-h** commented on "
                   "modules/network/main.tf\n> one thing: we agreed third-party images come through the ECR "
                   "pull-through cache rule for docker.io, never straight from Docker Hub. the rate limits bit us "
                   "twice\n\nso use that in the module. then fmt", "ECR pull-through cache rule"),
        [said(0.7, "our own app images get pushed by GitHub Actions with immutable tags, semver only. can u fix "
                   "tflint", "immutable tags, semver only")],
        Ask("the new grafana deployment pulls grafana/grafana:11, set up where the cluster gets that image from",
            "envs/staging"),
    )
    b.decision(
        "pocketgarden",
        said(0.5, "your plan for pro:\n1. paywall screen: ok\n2. monthly subscription through Play Billing: no, "
                  "it's a single lifetime in-app product, garden_pro_lifetime. reviews of the competitor app hated "
                  "subscriptions for a plant app\n3. restore purchases button: ok\ngo", "garden_pro_lifetime"),
        [said(0.3, "ads: none, ever, not even in the free tier. fix the detekt warnings pls",
              "none, ever, not even in the free tier")],
        Ask("wire up the purchase behind the 'Unlock more plants' button", GARDEN),
    )
    b.decision(
        "cadence-ios",
        said(0.55, "```\n$ git show --stat HEAD~3\n    Drop Combine timers, drive the ring from the schedule\n```\n"
                   "that's the direction btw: the progress ring animates off TimelineView(.animation) and the "
                   "model only stores dates. fix the swiftlint warnings", "TimelineView(.animation)"),
        [concluded(0.3, "how are heart rate samples read during a workout?",
                   "Heart rate comes from an HKAnchoredObjectQuery started with the workout builder; nothing "
                   "polls.", "HKAnchoredObjectQuery")],
        Ask("the circular progress thing stutters, redo how it animates during an interval", "App/Views"),
    )


def _rules_backend(b: SplitBuilder) -> None:
    b.rule(
        "tillpoint",
        said(0.45, "from now on every view that changes money writes an audit row, AuditEntry.record(actor, "
                   "before, after), in the same transaction. I found a discount change nobody can explain. ok, "
                   "the lint now", "AuditEntry.record(actor, before, after)"),
        [said(0.7, "read-only report views don't need audit rows, nginx logs them anyway. can you fix the flake8 "
                   "stuff", "nginx logs them anyway")],
        Ask("add an endpoint so a supervisor can void a line after the sale is closed", "backend/orders"),
    )
    b.rule(
        "routewise",
        said(0.5, "pasting Bogdan's comment from the PR:\n\n> every exported func in internal/ that does I/O takes "
                  "a context.Context as its first argument, no context.Background() below main. this keeps biting "
                  "us on shutdown\n\nplease apply that to the geocoder you just wrote",
             "no context.Background() below main"),
        [concluded(0.3, "do the pure geo helpers need a context?",
                   "Pure helpers in internal/geo like haversine take no context; they do no I/O and never block.",
                   "like haversine take no context")],
        Ask("write a func that fetches a depot's opening hours from the partner API", "internal/geo"),
    )
    b.rule(
        "parcelhub",
        said(0.4, "from Ifeoma, our security person: \"anything that calls a carrier API reads its credentials "
                  "through getCarrierSecret(), which goes to Vault. no process.env for carrier keys any more\". so "
                  "that's the rule now. can u fix eslint", "getCarrierSecret()"),
        [said(0.7, "the merchant webhook secret is fine in an env var, it's ours, not a carrier's. prettier please",
              "webhook secret is fine in an env var")],
        Ask("write the client for the new Nordic courier's booking API, they sent us a key and a secret",
            "src/services"),
    )
    b.rule(
        "ledgerline",
        said(0.5, "Hyun-woo's review, I agree with it:\n\n> ```suggestion\n> public Money outstanding(Invoice "
                  "invoice)\n> ```\n> public methods in billing hand out a Money value object, never a bare "
                  "BigDecimal: the currency has to travel with the amount\n\nplease fix the other two signatures "
                  "too", "never a bare BigDecimal"),
        [concluded(0.3, "what do the JPA entities store amounts as?",
                   "Entities store an amount as two columns, amount_minor as a long and currency as a char(3).",
                   "amount_minor as a long")],
        Ask("add a method returning how much a customer still owes over all their invoices", BILLING),
    )
    b.rule(
        "fernbook",
        said(0.3, "from now on: no strftime in views or mailers. times go through the fb_time helper in "
                  "app/helpers/time_helper.rb so the space's timezone is applied. i keep finding UTC times on the "
                  "site", "fb_time helper"),
        [said(0.6, "in the JSON API times are ISO 8601 with offset, that's the serializer's job, no helper there. "
                   "can you fix the failing booking spec", "ISO 8601 with offset, that's the serializer's job")],
        Ask("show the booking's start and end on the cancellation page", "app/controllers"),
    )
    b.rule(
        "stockroom",
        said(0.5, "from now on every endpoint that moves stock takes an Idempotency-Key header and stores it in "
                  "stock_moves.request_key; the handhelds retry on flaky wifi and we double-moved a pallet. ok "
                  "now ruff", "stock_moves.request_key"),
        [concluded(0.75, "do the read endpoints need that key too?",
                   "No: GET endpoints ignore the Idempotency-Key header; only the writes record it.",
                   "GET endpoints ignore the Idempotency-Key")],
        Ask("add an endpoint to transfer stock between two warehouses", "app/routers"),
    )
    b.rule(
        "beacon-chat",
        said(0.55, "your plan:\n1. add handle_in(\"pin\", ...): ok\n2. check admin in the JS client: no. every "
                   "handle_in starts with Beacon.Policy.can?/3 on the server, clients are never trusted\n3. "
                   "broadcast pinned: ok\ngo", "Beacon.Policy.can?/3"),
        [said(0.3, "the REST endpoints authorize in a plug pipeline, :require_member, not per action. fix the "
                   "credo warnings", ":require_member")],
        Ask("let room moderators delete other people's messages over the socket", "lib/beacon_web/channels"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "logslice",
        said(0.55, "ok and from now on: any new flag gets a changelog line plus an end-to-end test in "
                   "tests/cli.rs that runs the binary with it, same PR. I forgot twice. now clippy",
             "end-to-end test in tests/cli.rs that runs the binary"),
        [said(0.3, "internal refactors never go in the changelog, only things users can see. fix the fmt diff "
                   "please", "internal refactors never go in the changelog")],
        Ask("add a --reverse option that prints the newest lines first", "src"),
    )
    b.rule(
        "brightdesk",
        said(0.35, "plan looks ok except 3: don't fetch in the component with useEffect. every request in this app "
                   "goes through a generated hook from orval in src/api/gen, the lint rule blocks raw fetch. redo 3",
             "generated hook from orval"),
        [concluded(0.6, "how does the file upload talk to the server?",
                   "Uploads are the exception: they use XMLHttpRequest directly for progress events, in "
                   "src/api/upload.ts.", "XMLHttpRequest directly for progress events")],
        Ask("load the customer's previous tickets in the sidebar", "src/components"),
        Ask("add the call that snoozes a ticket until tomorow", "src/api"),
    )
    b.rule(
        "meshkit",
        said(0.45, "Désormais, toute fonction publique de l'API prend une MeshView (une vue non propriétaire), "
                   "jamais un Mesh par valeur ; on a perdu trois jours sur des copies de 2 Go. Corrige le test qui "
                   "échoue maintenant", "jamais un Mesh par valeur"),
        [said(0.7, "Les fonctions internes de src/detail peuvent prendre ce qu'elles veulent, ça ne compte pas pour "
                   "l'API. Tu peux formater le fichier ?", "peuvent prendre ce qu'elles veulent")],
        Ask("Ajoute une fonction publique qui calcule l'aire totale d'un maillage", "include/meshkit"),
    )
    b.rule(
        "tidewater-etl",
        said(0.4, "from now on every incremental model sets on_schema_change='fail'. a silent append_new_columns "
                  "hid a vendor rename for a month. ok, the DAG test", "on_schema_change='fail'"),
        [said(0.7, "snapshots keep the default schema handling, they're small and we rebuild them anyway. sqlfluff "
                   "pls", "snapshots keep the default schema handling")],
        Ask("add an incremental model for hourly water temperature", "models/staging"),
    )
    b.rule(
        "infra-live",
        said(0.35, "forwarding Ana from the audit: \"every security group rule needs a description naming the "
                   "ticket that asked for it, the auditors flag undocumented rules\". so do that from now on "
                   "please. terraform fmt after", "description naming the ticket"),
        [concluded(0.6, "do NACL entries need descriptions too?",
                   "NACL entries can't carry descriptions in AWS; the network module keeps a comment above each "
                   "rule number instead.", "comment above each rule number")],
        Ask("open 5432 from the reporting subnet to the read replica", "modules/network"),
    )
    b.rule(
        "pocketgarden",
        said(0.45, "review comment from Sunita on the history screen, pasting:\n\n> dates on screen always come "
                   "from DateTimeFormatter.ofLocalizedDate(FormatStyle.MEDIUM), never a hand-written pattern like "
                   "dd/MM; US users read 03/04 wrong\n\nfix it in HistoryScreen and anywhere else you touched",
             "FormatStyle.MEDIUM"),
        [said(0.7, "exported photo file names use yyyyMMdd_HHmm, that's not for humans. fix ktlint",
              "yyyyMMdd_HHmm")],
        Ask("show the day each plant was last repotted on its card", GARDEN),
    )
    b.rule(
        "cadence-ios",
        said(0.4, "frm now on no UIImpactFeedbackGenerator in views. all haptics go thru HapticsPlayer so the "
                  "'reduce haptics' setting is respected. ok the build warnings", "HapticsPlayer"),
        [said(0.7, "the watch app calls WKInterfaceDevice.play directly, it has no settings screen. fix the warning "
                   "in TimerModel", "WKInterfaceDevice.play directly")],
        Ask("buzz the phone when an interval ends", "App/Views"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("rename the variable ttl in daily.py to total_takings", "backend/reports"))
    b.irrelevant("tillpoint", Ask("in Python, what's the difference between __str__ and __repr__ on a model?"))
    b.irrelevant("routewise", Ask("gofmt is unhappy with the import grouping in server.go, tidy it",
                                  "internal/dispatch"))
    b.irrelevant("logslice", Ask("explain what the lifetime 'a on the Filter struct is for", "src"))
    b.irrelevant("brightdesk", Ask("how do I type a component that forwards its ref in TypeScript?",
                                   "src/components"))
    b.irrelevant("parcelhub", Ask("convert the callback in quotes.js to async/await, same behaviour", "src/routes"))
    b.irrelevant("ledgerline", Ask("propagation = REQUIRES_NEW in Spring, what does it do, in two sentences?", BILLING))
    b.irrelevant("fernbook", Ask("the README has two 'Setup' headings, merge them into one"))
    b.irrelevant("beacon-chat", Ask("rewrite the nested case in rooms.ex as a with expression", "lib/beacon"))
    b.irrelevant("meshkit", Ask("Quelle est la différence entre std::vector::reserve et resize ?", "src"))
    b.irrelevant("tidewater-etl", Ask("CTE or subquery in Postgres, is there a performance difference these days?",
                                      "models/staging"))
    b.irrelevant("infra-live", Ask("line up the equals signs in variables.tf the way terraform fmt would",
                                   "modules/network"))
    b.irrelevant("pocketgarden", Ask("what's a sealed interface in Kotlin and when would I pick it over an enum?",
                                     GARDEN))
    b.irrelevant("stockroom", Ask("fix the typo 'quantitiy' in the docstrings of schemas.py", "app"))
    b.irrelevant("cadence-ios", Ask("rename TimerModel.tick() to advanceOneSecond() and update the callers", "App"))
    b.irrelevant("cadence-ios", Ask("@State vs @StateObject, what's the difference, briefly?", "App/Views"))
