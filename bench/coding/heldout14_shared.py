"""The fourteenth held-out split, the cases that span projects: global preferences (said in Danish,
Afrikaans, Latvian and Galician, each probed once in that language too, and in English as "wherever I
am") and cross-project negatives (two projects using one word, channel, drop, release or plan, for
different things, and two projects answering one question their own way); see
:mod:`bench.coding.heldout14`."""

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
        "brightdesk",
        said(0.4, "det gælder i alle mine projekter, ikke kun her: kør aldrig git push selv, jeg pusher altid selv "
                  "når jeg har set diffen. godt, så tager vi lint-fejlene", "kør aldrig git push selv"),
        [there("infra-live", said(0.4, "in infra-live the pipeline pushes the formatted plan commit itself, that's "
                                       "expected", "pushes the formatted plan commit itself"))],
        Ask("commit the fix for the label rounding and get it to the remote so CI runs", "src/services",
            project="parcelhub"),
        Ask("finish the PlantCard rename and ship it to origin", GARDEN, project="pocketgarden"),
        Ask("rebase onto main and push it", "App", project="cadence-ios"),
        Ask("lav et commit og send det op til GitHub", "lib/beacon", project="beacon-chat"),
    )
    b.global_pref(
        "tidewater-etl",
        said(0.45, "dit geld vir al my projekte: as jy 'n foutboodskap skryf, sê vir die gebruiker wat hulle nou kan "
                   "doen, nie net wat verkeerd is nie. reg, nou die dbt toetse",
             "sê vir die gebruiker wat hulle nou kan doen"),
        [there("meshkit", said(0.45, "meshkit's error enums carry a code only, the caller writes the text",
                               "error enums carry a code only"))],
        Ask("raise a proper error when the uploaded floor plan isn't an SVG", "app/controllers", project="fernbook"),
        Ask("handle a declined card in the invoice payment flow, with a message", BILLING, project="ledgerline"),
        Ask("skryf die foutboodskap vir as die bin nie bestaan nie", "app/routers", project="stockroom"),
    )
    b.global_pref(
        "infra-live",
        said(0.4, "tas attiecas uz visiem maniem projektiem: atbildes beigās uzskaiti visus failus, kurus mainīji. "
                  "labi, tagad tflint", "uzskaiti visus failus, kurus mainīji"),
        [there("meshkit", said(0.4, "in meshkit the PR bot posts the changed-file list, no need to repeat it",
                               "PR bot posts the changed-file list"))],
        Ask("move the zone colour logic out of the view into a helper", "App/Views", project="cadence-ios"),
        Ask("refactor handlePlans into smaller functions", "internal/dispatch", project="routewise"),
        Ask("pārsauc close_till par close_register visur", "backend/orders", project="tillpoint"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "routewise",
        said(0.45, "isto vale para todos os meus proxectos: cando me deas comandos para executar, non poñas o $ "
                   "diante, cópioos tal cal. ben, agora o linter", "non poñas o $ diante"),
        [there("tidewater-etl", said(0.45, "the runbook in tidewater-etl shows prompts with $ and the output below, "
                                           "keep that style there", "shows prompts with $ and the output below"))],
        Ask("what do I run to regenerate the OpenAPI client?", "src/api", project="brightdesk"),
        Ask("commands to rebuild the dev database from scratch?", "app", project="stockroom"),
        Ask("dame os comandos para compilar en modo release", "src", project="meshkit"),
    )
    b.global_pref(
        "stockroom",
        said(0.45, "wherever I am, same deal: if a command needs sudo, tell me why before you run it, don't just "
                   "stick sudo in front. ok, pytest", "if a command needs sudo, tell me why"),
        [there("pocketgarden", said(0.45, "pocketgarden's emulator setup script needs root for the KVM group, that "
                                          "one's fine", "needs root for the KVM group"))],
        Ask("install valgrind so I can chase the leak", "tests", project="meshkit"),
        Ask("local postgres won't start, the data directory is owned by root", "spec", project="fernbook"),
        Ask("port 80 is taken on my machine by something, find what and kill it", "cmd/routewise",
            project="routewise"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "beacon-chat", said(0.4, "adding a channel here means a module under lib/beacon_web/channels plus its topic "
                                 "prefix registered in UserSocket, nothing else", "topic prefix registered in UserSocket"),
        "tillpoint", said(0.4, "a new sales channel is one SalesChannel row with its own price list, the tills pick "
                               "it up on the next sync", "one SalesChannel row with its own price list"),
        Ask("we need a new channel for the lobby screens, set it up", "lib/beacon_web/channels",
            project="beacon-chat"),
        Ask("we're starting to sell through Just Eat, add the channel", "backend", project="tillpoint"),
        Ask("Deliveroo orders should have different prices than the shop, how do we set that up?", "backend/orders",
            project="tillpoint"),
    )
    b.cross(
        "tidewater-etl", said(0.45, "the vendor's drops land at 02:00 and 14:00 UTC, one drop is a zip of every gauge",
                              "drops land at 02:00 and 14:00 UTC"),
        "routewise", said(0.45, "a drop is one delivery address, and a van takes at most 140 drops a day",
                          "at most 140 drops a day"),
        Ask("the afternoon drop hasn't shown up, when is it due?", "dags", project="tidewater-etl"),
        Ask("how many drops can we put on one van?", "internal/dispatch", project="routewise"),
    )
    b.cross(
        "cadence-ios", said(0.4, "a release is phased over 7 days in App Store Connect, we pause it if crash-free "
                                 "drops below 99.5", "pause it if crash-free drops below 99.5"),
        "infra-live", said(0.4, "a release here is a git tag on the modules, and the envs pin it with ?ref=",
                           "the envs pin it with ?ref="),
        Ask("how do I roll out a release safely?", "App", project="cadence-ios"),
        Ask("release checklist for the 3.4 build, what's the rollout?", "AppTests", project="cadence-ios"),
        Ask("cut a release of the network module", "modules/network", project="infra-live"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "ledgerline", said(0.45, "retired plans stay on existing subscriptions for good, they're only hidden from new "
                                 "signups", "only hidden from new signups"),
        "routewise", said(0.45, "old route plans are purged after 120 days, only the daily summaries are kept",
                          "purged after 120 days, only the daily summaries"),
        Ask("we're retiring the Starter plan, what happens to the customers on it?", BILLING, project="ledgerline"),
        Ask("can I still pull up the plan from four months ago for a complaint?", "cmd/routewise",
            project="routewise"),
    )
    b.cross(
        "stockroom", said(0.4, "for a realistic local db, scripts/pull_scrubbed_dump.sh fetches last night's "
                               "anonymised dump", "scripts/pull_scrubbed_dump.sh"),
        "brightdesk", said(0.4, "customer tickets never leave prod, not even scrubbed; locally you run the seed "
                                "script with fake tickets", "never leave prod, not even scrubbed"),
        Ask("I want production-like data on my laptop to test the slow bin query", "tests", project="stockroom"),
        Ask("can I get a copy of the prod tickets locally to debug search?", "src/api", project="brightdesk"),
    )
    b.cross(
        "parcelhub", said(0.45, "no deploys between 15:00 and 18:00, that's when the merchants print their labels",
                          "no deploys between 15:00 and 18:00"),
        "beacon-chat", said(0.45, "beacon deploys whenever, it's blue-green and the sockets reconnect",
                            "it's blue-green and the sockets reconnect"),
        Ask("can I ship this at 4pm today?", "src/routes", project="parcelhub"),
        Ask("is it ok to deploy during working hours?", "lib/beacon", project="beacon-chat"),
        Ask("good time to push the hotfix live?", "", project="parcelhub"),
    )
