"""The tenth held-out split: fresh facts and probes; training now (measured twice while held out).

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's
results or failures; the earlier splits' planted statements, probes and irrelevant prompts were
read only to keep these facts, values and wordings clear of them. Same repositories, new facts,
in forms the earlier splits do not use: a decision recorded as a TODO comment in pasted code; a fact
or decision the assistant stated in an earlier session that the user confirms later ("yes, that's
still right"); rules given as a lead's numbered list of "don'ts"; one project (stockroom) where the
user writes in Spanish; corrections that change only a default, a flag name or an environment;
causes found with ``git bisect``; global preferences in Catalan, romanised Persian, Ukrainian and
romanised Bengali and in English as "house style for me" and "in any repo you touch for me". Probes
are a pasted failing test plus "fix", a diff to review, a URL to an internal page, "the thing we
discussed" plus a keyword and Spanish prompts in stockroom; the irrelevant prompts ask to convert,
translate, name or count things in the projects' vocabulary. Decisions, rules and irrelevant prompts
are here; corrections, bugfixes and facts are in :mod:`bench.coding.heldout10_more`; causes and
effects, global preferences and cross-project negatives in :mod:`bench.coding.heldout10_shared`.

heldout10 was written to be held out after heldout9; its first figure was taken at 9a4f730 (both
0.381) and its second at b5d5bdf (0.361). It is training from the release after (f302c4e on): its
failures may be read and tuned on. heldout11 and heldout12 are the held-out splits now.
"""

from __future__ import annotations

from bench.coding import heldout10_more
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def build() -> Split:
    b = SplitBuilder("heldout10")
    _decisions(b)
    _decisions_rest(b)
    _rules(b)
    _rules_rest(b)
    heldout10_more.add(b)
    _irrelevant(b)
    _irrelevant_rest(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "```python\nclass FloorPlanView(APIView):\n    # TODO(decided with ops): the table map is a JSON "
                  "floor plan per shop uploaded in the admin, no drag-and-drop editor\n    def get(self, request, "
                  "shop_id):\n        ...\n```\nthis view returns 500 for shop 7, look", "JSON floor plan per shop"),
        [said(0.7, "table numbers are unique per shop, not per room. flake8 pls",
              "table numbers are unique per shop, not per room")],
        Ask("the new shop has a terrace with 8 tables, how do the waiters get them on screen?", "backend"),
    )
    b.decision(
        "routewise",
        said(0.45, "```go\n// TODO: agreed in planning: reroute only when a driver is more than a quarter of an hour "
                   "behind, never on every GPS ping\nfunc (s *Service) OnPosition(p Ping) error {\n```\nthe vet warning is "
                   "in this file", "more than a quarter of an hour behind"),
        [said(0.7, "the ETA in the customer SMS refreshes every 30 s while the van is within 2 km",
              "refreshes every 30 s while the van is within 2 km")],
        Ask("recompute the route whenever the truck's position changes", "internal/dispatch"),
    )
    b.decision(
        "logslice",
        concluded(0.3, "how do we group multi-line records?",
                  "We settled it earlier: a line that starts with whitespace joins the record above, that's the only "
                  "continuation rule, no guessing from content.", "that's the only continuation rule"),
        [said(0.6, "a record is capped at 10,000 lines, the rest is cut with a marker",
              "capped at 10,000 lines")],
        Ask("a user's multi-line JSON records come out split, can we guess where each record ends?", "src"),
    )
    b.decision(
        "brightdesk",
        said(0.5, "```tsx\n// TODO(decided w/ Oskar): the satisfaction survey goes out 24 hours after a ticket is "
                  "solved, one per ticket, never per reply\nexport function SurveySettings() {\n```\nfix the type "
                  "error in there", "24 hours after a ticket is solved, one per ticket"),
        [said(0.3, "no survey for tickets closed as spam. prettier", "no survey for tickets closed as spam")],
        Ask("send the CSAT survey whenever an agent replies", "src/api"),
        Ask("customers complain they get a rating email after every single answer", "src/components"),
    )
    b.decision(
        "parcelhub",
        said(0.45, "you proposed it in the last session and yes, that's still right: returns are drop-off at a "
                   "parcel shop only, no courier pickup for returns. ok, the jest failures",
             "no courier pickup for returns"),
        [said(0.7, "outbound pickups are booked for the next working day by default",
              "outbound pickups are booked for the next working day")],
        Ask("a customer wants the courier to come and collect their return from home", "src/services"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "ledgerline",
        said(0.4, "```java\n// TODO decided with finance: invoices under 1 euro are not issued, the amount rolls "
                  "into the next period\npublic Optional<Invoice> close(Period p) {\n```\nsonar flags this "
                  "method, have a look", "invoices under 1 euro are not issued"),
        [said(0.7, "credit notes of any amount are always issued", "credit notes of any amount are always")],
        Ask("a customer's usage this month comes to 0.40 EUR, generate their invoice", BILLING),
    )
    b.decision(
        "fernbook",
        said(0.45, "you told me two weeks ago that guest passes are capped at three per member per month; yes, "
                   "that's still right, keep it. rubocop next", "guest passes are capped at three per member"),
        [said(0.7, "guests can't book rooms themselves, only the member can", "guests can't book rooms themselves")],
        Ask("a member wants to bring five guests to events this month, let her", "app/models"),
    )
    b.decision(
        "beacon-chat",
        said(0.4, "```elixir\n# TODO: decided: edit history keeps only the last five versions of a message\n"
                  "def edit_message(msg, attrs) do\n```\ncredo complains about this function",
             "only the last five versions of a message"),
        [said(0.7, "deleted messages are tombstoned with the body wiped", "tombstoned with the body wiped")],
        Ask("show an 'edited' label with the whole history of every change", "lib/beacon"),
    )
    b.decision(
        "meshkit",
        said(0.45, "```cpp\n// TODO(decided): hole filling closes holes up to 64 boundary edges, bigger ones are "
                   "reported, never patched\nvoid fill_holes(Mesh& m) {\n```\nthe -Wconversion warning is here",
             "holes up to 64 boundary edges"),
        [said(0.7, "non-manifold edges are split before any repair pass", "non-manifold edges are split before")],
        Ask("scanned meshes have big gaps under the feet, fill them automatically", "src"),
    )
    b.decision(
        "stockroom",
        said(0.4, "Decidido en la reunión: las devoluciones de clientes van a la zona de cuarentena Q-01 y no "
                  "vuelven al stock hasta que calidad las revise. Ahora arregla mypy", "zona de cuarentena Q-01"),
        [said(0.7, "los palés dañados del proveedor se rechazan en el muelle, ni entran",
              "se rechazan en el muelle")],
        Ask("Un cliente devolvió 3 cajas de aceite, mételas otra vez en el stock", "app"),
        Ask("book today's customer returns back into available stock", "app/routers"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "tidewater-etl",
        said(0.4, "Priya (our lead) sent her don'ts for this repo:\n1. don't use Jinja loops to generate columns, "
                  "write them out\n2. don't merge without the PR's dbt build green\nok, now sqlfluff",
             "don't use Jinja loops to generate columns"),
        [said(0.7, "the date spine macro is the one allowed exception to writing SQL out by hand",
              "date spine macro is the one allowed exception")],
        Ask("pivot the 12 sensor types into columns in stg_sensor_wide", "models/staging"),
    )
    b.rule(
        "infra-live",
        said(0.45, "don'ts from Marek, pinned in #infra:\n1. don't use local-exec provisioners, anything that needs "
                   "a script is a pipeline step\n2. don't apply on Fridays\nfix the runner module",
             "don't use local-exec provisioners"),
        [said(0.7, "the DNS module's external data source calling a script is grandfathered in",
              "external data source calling a script is grandfathered")],
        Ask("after the RDS instance is created, run our schema bootstrap SQL against it", "modules/network"),
    )
    b.rule(
        "routewise",
        said(0.4, "Dana's list of don'ts:\n1. don't open a DB transaction in a handler, only the service layer "
                  "opens one\n2. don't merge red builds\nnow golangci-lint", "only the service layer opens one"),
        [said(0.7, "the migration tool opens its own transactions, leave it", "migration tool opens its own")],
        Ask("the assign-driver handler should update the stop and the driver together, atomically",
            "internal/dispatch"),
    )
    b.rule(
        "pocketgarden",
        said(0.45, "the lead's don'ts for the Android code:\n1. don't use delay() or Thread.sleep in tests, use "
                   "the TestDispatcher's advanceTimeBy\n2. don't suppress lint warnings without a comment\nfix the "
                   "reminder test", "TestDispatcher's advanceTimeBy"),
        [said(0.7, "the instrumented screenshot tests may wait on idling resources",
              "screenshot tests may wait on idling resources")],
        Ask("test that the watering reminder fires after two days", "app/src/test/java/com/acme/garden"),
    )
    b.rule(
        "cadence-ios",
        said(0.4, "don'ts from Ines, our iOS lead:\n1. don't show a raw Error to users, map it to a UserFacingError "
                  "with a localized message\n2. don't add pods, SwiftPM only\nok, swiftlint",
             "map it to a UserFacingError"),
        [said(0.7, "debug builds may print the raw error in the console overlay",
              "print the raw error in the console overlay")],
        Ask("show an alert when syncing a workout to the server fails", "App/Views"),
    )
    b.rule(
        "beacon-chat",
        said(0.45, "list of don'ts from the lead:\n1. don't render a link a user posted without rel=\"noopener "
                   "nofollow ugc\"\n2. don't skip the channel tests\nfix the message component",
             "rel=\"noopener nofollow ugc\""),
        [said(0.7, "links in admin announcements are followed normally", "links in admin announcements")],
        Ask("turn the URLs in chat messages into clickable links", "lib/beacon"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "ledgerline",
        said(0.4, "Henrik's don'ts, since you asked:\n1. don't catch Exception in services, catch the specific one "
                  "and rethrow as BillingException\n2. don't use field injection\nspotbugs next",
             "rethrow as BillingException"),
        [said(0.7, "the scheduler's top-level loop can catch Exception so it keeps running",
              "top-level loop can catch Exception")],
        Ask("call the tax rate service and handle its failures", BILLING),
        Ask("the mandate importer swallows errors and carries on, make it fail properly", BILLING_TESTS),
    )
    b.rule(
        "parcelhub",
        said(0.45, "my lead's don'ts:\n1. don't await inside a for loop over parcels, use p-map with concurrency 8"
                   "\n2. don't commit .env files\nfix tracking.js", "p-map with concurrency 8"),
        [said(0.7, "the label printer queue is processed one at a time on purpose",
              "printer queue is processed one at a time")],
        Ask("fetch the tracking status for every parcel in a manifest", "src/services"),
    )
    b.rule(
        "stockroom",
        said(0.4, "Regla de Lucía, la jefa: nunca se borran filas de movimientos de stock, se corrigen con un "
                  "movimiento inverso. Arregla el router de ajustes", "se corrigen con un movimiento inverso"),
        [said(0.7, "los borradores de pedidos sí se pueden borrar", "borradores de pedidos sí se pueden borrar")],
        Ask("Un mozo registró 50 cajas de más esta mañana, borra ese movimiento", "app/routers"),
    )
    b.rule(
        "fernbook",
        said(0.45, "Kasia's don'ts for the Rails side:\n1. don't use update_column, it skips validations and the "
                   "audit trail\n2. don't add gems without asking\nfix the check-in controller",
             "update_column, it skips validations and the audit trail"),
        [said(0.7, "counter caches are updated with update_counters, that's fine",
              "update_counters, that's fine")],
        Ask("mark a booking as no-show from the admin, quick and dirty is fine", "app/controllers"),
    )
    b.rule(
        "brightdesk",
        said(0.4, "Oskar's don'ts:\n1. don't keep ticket ids in localStorage, per-tab state lives in the URL "
                  "query string\n2. don't ship console.log\nfix the inbox filter", "per-tab state lives in the URL"),
        [said(0.7, "the agent's theme choice is kept in localStorage", "theme choice is kept in localStorage")],
        Ask("remember which ticket the agent had open when they refresh the page", "src/components"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("put this cron line into plain English: 15 3 * * 1-5", "backend/reports"))
    b.irrelevant("routewise", Ask("review this diff for spelling only:\n```diff\n- // recieve the stops from the "
                                  "planner\n+ // receive the stops from the planner\n```", "internal/dispatch"))
    b.irrelevant("logslice", Ask("translate the tagline 'slice through gigabytes of logs' into German", "src"))
    b.irrelevant("brightdesk", Ask("suggest a name for a hook that tracks whether the browser tab has focus",
                                   "src/components"))
    b.irrelevant("parcelhub", Ask("turn this curl into a fetch call: curl -X POST -H 'Content-Type: "
                                  "application/json' -d '{\"weight\":2}' http://localhost:3000/quote",
                                  "src/routes"))
    b.irrelevant("ledgerline", Ask("how many working days are there between 3 and 28 March 2027, Mon to Fri?",
                                   BILLING))
    b.irrelevant("fernbook", Ask("what's the plural of 'person' and 'attendee' for the i18n file, just the "
                                 "English forms", "app/models"))
    b.irrelevant("beacon-chat", Ask("what does mix deps.unlock --unused actually do?", "test"))


def _irrelevant_rest(b: SplitBuilder) -> None:
    b.irrelevant("meshkit", Ask("draw me an ASCII diagram of a half-edge with its twin and next pointers",
                                "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("in plain words, what does ROWS BETWEEN 2 PRECEDING AND CURRENT ROW do?",
                                      "models/staging"))
    b.irrelevant("infra-live", Ask("first and last usable address of 10.20.0.0/19?", "envs/prod"))
    b.irrelevant("pocketgarden", Ask("three name ideas for the app's new dark theme, something botanical",
                                     GARDEN))
    b.irrelevant("stockroom", Ask("¿Cómo se dice 'forklift' en español de España, carretilla o montacargas?",
                                  "app"))
    b.irrelevant("cadence-ios", Ask("Xcode keyboard shortcut to jump to a symbol's definition?", "App"))
    b.irrelevant("tillpoint", Ask("how many seconds are in 36 hours? quick sanity check", "backend"))
