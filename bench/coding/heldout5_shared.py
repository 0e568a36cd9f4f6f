"""The fifth held-out split, end: global preferences (said in Portuguese, Italian and Dutch, as
"in any repo of mine" and as a bullet list of personal rules) and cross-project negatives (see
:mod:`bench.coding.heldout5`; measured three times while held out, training since)."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, concluded, said, there
from bench.coding.projects import BILLING, GARDEN


def add(b: SplitBuilder) -> None:
    _globals(b)
    _cross(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "pocketgarden",
        said(0.45, "uma coisa para todos os meus projetos: nomes de branch sempre no formato tipo/descricao-curta, "
                   "por exemplo fix/rega-atrasada, nada de nomes soltos. bom, vamos ao bug do cartão da planta",
             "tipo/descricao-curta"),
        [there("routewise", said(0.4, "branches here are named after the ticket number, like RW-812-stop-order, "
                                      "the board links them", "named after the ticket number"))],
        Ask("start a branch for the max-lines work", "src", project="logslice"),
        Ask("make me a branch for the bin transfer endpoint", "app", project="stockroom"),
        Ask("new branch please, I'm about to change how guests are registered", "app/models", project="fernbook"),
    )
    b.global_pref(
        "ledgerline",
        said(0.55, "una cosa per tutti i miei progetti: niente numeri magici nel codice, ogni costante con un nome "
                   "che dica cosa significa. ok, torniamo al PaymentMatcher", "ogni costante con un nome"),
        [there("meshkit", said(0.5, "in the geometry kernels literal numbers are fine inline, naming every "
                                    "epsilon makes the formulas unreadable", "literal numbers are fine inline"))],
        Ask("make the toast disappear after four seconds", "src/components", project="brightdesk"),
        Ask("skip depots farther than 80 km from the first stop", "internal/dispatch", project="routewise"),
        Ask("vibrate three times when the interval ends", "App", project="cadence-ios"),
    )
    b.global_pref(
        "infra-live",
        said(0.35, "in any repo of mine: every TODO you leave gets a link to an issue, no bare TODOs. ok, plan "
                   "staging please", "no bare TODOs"),
        [there("tidewater-etl", concluded(0.6, "are TODO comments ok in the models?",
                                          "Yes, TODOs without links are fine in this repo; the team sweeps them "
                                          "every sprint.", "sweeps them every sprint"))],
        Ask("stub out the refund path for loyalty sales, we'll finish it next sprint", "backend/orders",
            project="tillpoint"),
        Ask("leave the quad case unimplemented for now, triangles first", "src", project="meshkit"),
        Ask("only handle text messages in the export for now, files can come later", "lib/beacon",
            project="beacon-chat"),
    )
    b.global_pref(
        "tidewater-etl",
        said(0.5, "iets voor al mijn projecten: nooit echte tokens of wachtwoorden in voorbeeldcode of docs, "
                  "altijd placeholders zoals <TOKEN>. oké, nu de sensor-DAG", "placeholders zoals <TOKEN>"),
        [there("parcelhub", said(0.45, "the carrier sandbox key in our docs is the real one, it's public anyway, "
                                       "leave it", "real one, it's public anyway"))],
        Ask("write the README section that shows how to call the plant sync API with curl", GARDEN,
            project="pocketgarden"),
        Ask("give me an example request for the payment run endpoint for the wiki page", BILLING,
            project="ledgerline"),
    )
    b.global_pref(
        "brightdesk",
        said(0.3, "my personal rules, for any repo of mine:\n- new config options are documented in the same "
                  "commit that adds them\n- no force pushes on shared branches\n- keep PRs under 400 lines\n"
                  "ok now the macro bug", "documented in the same commit"),
        [there("stockroom", said(0.5, "config here documents itself through the Settings class, no separate "
                                      "docs page", "documents itself through the Settings class"))],
        Ask("make the number of label retries configurable", "src/services", project="parcelhub"),
        Ask("turn the log retention days into a variable of the module", "modules/network", project="infra-live"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "tillpoint", said(0.3, "anything that shows up in a URL is a ULID in a separate public_id column, the "
                               "integer pk never leaves the server", "ULID in a separate public_id column"),
        "stockroom", concluded(0.3, "what identifies a bin in the API?",
                               "Bins and products are addressed by their human codes in URLs, like /bins/C-04-2, "
                               "because pickers read them off the shelf.", "human codes in URLs"),
        Ask("add a page for a single receipt that the customer can open from the email link", "backend/orders",
            project="tillpoint"),
        Ask("add an endpoint that returns what is in one bin", "app/routers", project="stockroom"),
    )
    b.cross(
        "routewise", concluded(0.55, "how do releases get built?",
                               "Release binaries are built by goreleaser from a git tag; the config is "
                               ".goreleaser.yaml at the root.", "goreleaser from a git tag"),
        "logslice", said(0.55, "releases here are cargo dist, tag and push and it builds every target",
                         "releases here are cargo dist"),
        Ask("publish the v2.3 binaries", "cmd/routewise", project="routewise"),
        Ask("publish the 0.9 binaries for mac and linux", "src", project="logslice"),
    )
    b.cross(
        "parcelhub", said(0.4, "logs are pino JSON lines to stdout, the platform ships them, no files",
                          "pino JSON lines to stdout"),
        "ledgerline", said(0.4, "logback writes a rolling file under /var/log/ledgerline and filebeat ships it",
                           "/var/log/ledgerline"),
        Ask("log every carrier response status", "src/services", project="parcelhub"),
        Ask("log when a payment run starts and when it finishes", BILLING, project="ledgerline"),
    )
    b.cross(
        "fernbook", said(0.45, "API docs are rswag request specs that generate swagger.yaml, the mobile team reads "
                               "that", "rswag request specs"),
        "beacon-chat", concluded(0.45, "where is the socket protocol documented?",
                                 "The channel protocol is documented by hand in docs/protocol.md, one section per "
                                 "event; there is no generated spec.", "docs/protocol.md"),
        Ask("document the new guest endpoint for the mobile team", "app/controllers", project="fernbook"),
        Ask("document the new 'pin' event for the client developers", "lib/beacon_web/channels",
            project="beacon-chat"),
    )
    b.cross(
        "brightdesk", said(0.2, "pnpm only in this repo, npm install breaks the workspace links",
                           "pnpm only in this repo"),
        "parcelhub", said(0.2, "plain npm here, package-lock.json is the truth, npm ci on machines and in CI",
                          "package-lock.json is the truth"),
        Ask("install the dependencies on my new laptop", project="brightdesk"),
        Ask("set up the dependencies for the new CI job", "src/routes", project="parcelhub"),
    )
    b.cross(
        "pocketgarden", said(0.55, "units are metric only, no imperial toggle, the plant data is all metric",
                             "metric only, no imperial toggle"),
        "cadence-ios", said(0.55, "weights follow the user's locale, kg or lb from Locale.measurementSystem",
                            "Locale.measurementSystem"),
        Ask("show the pot diameter on the plant card", GARDEN, project="pocketgarden"),
        Ask("show the weight lifted on each set row", "App/Views", project="cadence-ios"),
    )
    b.cross(
        "tidewater-etl", said(0.35, "locally you run everything in the astro runtime image, python comes with it, "
                                    "don't install your own", "astro runtime image"),
        "infra-live", said(0.35, "terraform is pinned in .terraform-version, tfenv picks it up",
                           ".terraform-version"),
        Ask("which python do I need locally to run the DAG tests?", "dags", project="tidewater-etl"),
        Ask("which terraform do I install on my new laptop?", "envs/staging", project="infra-live"),
    )
