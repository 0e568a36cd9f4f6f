"""The sixteenth held-out split, the cases that span projects: global preferences (said in Albanian,
Kazakh, Esperanto and Yoruba, each probed once in that language too, and in an English idiom) and
cross-project negatives (two projects using one word, hold, watermark, quiet hours or grace period,
for different things, and two projects answering one plain question their own way); see
:mod:`bench.coding.heldout16`."""

from __future__ import annotations

from bench.coding.cases import Ask, SplitBuilder, said, there
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN


def add(b: SplitBuilder) -> None:
    _globals(b)
    _globals_rest(b)
    _cross(b)
    _cross_rest(b)


def _globals(b: SplitBuilder) -> None:
    b.global_pref(
        "routewise",
        said(0.4, "kjo vlen për të gjitha projektet e mia, jo vetëm këtu: mos i gëlltit gabimet në heshtje, çdo catch "
                  "ose e regjistron gabimin ose e hedh më tej. mirë, tani vet",
             "mos i gëlltit gabimet në heshtje"),
        [there("parcelhub", said(0.4, "in parcelhub the analytics ping is fire-and-forget, its errors are ignored "
                                      "on purpose", "analytics ping is fire-and-forget"))],
        Ask("wrap the receipt email send in a try so a mail failure doesn't break checkout", "backend/orders",
            project="tillpoint"),
        Ask("the avatar fetch sometimes rejects, just catch it so the console stays clean", "src/components",
            project="brightdesk"),
        Ask("shto një try/except që aplikacioni të mos rrëzohet kur mungon skedari i konfigurimit", "app",
            project="stockroom"),
    )
    b.global_pref(
        "tidewater-etl",
        said(0.45, "бұл менің барлық жобаларыма қатысты: құжаттамада әр сөйлемді жаңа жолдан жаз, сонда diff "
                   "оқуға оңай. жарайды, енді sqlfluff", "әр сөйлемді жаңа жолдан жаз, сонда diff"),
        [there("fernbook", said(0.45, "fernbook's docs are hard-wrapped at 80 columns by the markdown linter",
                                "hard-wrapped at 80 columns by the markdown linter"))],
        Ask("write a docs page on how the simplifier picks which edges to collapse", "include/meshkit",
            project="meshkit"),
        Ask("add a README section on bootstrapping a new environment", "modules/network", project="infra-live"),
        Ask("жаңа эндпоинттер үшін README бөлімін жазып бер", "app/routers", project="stockroom"),
    )
    b.global_pref(
        "pocketgarden",
        said(0.4, "tio validas por ĉiuj miaj projektoj: en tekstoj por uzantoj kaj en dokumentoj ne skribu 'simply', "
                  "'just' aŭ 'obviously', ili ofendas tiujn, kiuj ne komprenas. bone, nun ktlint",
             "en tekstoj por uzantoj kaj en dokumentoj ne skribu"),
        [there("cadence-ios", said(0.4, "cadence's coach voice is deliberately chatty, 'just two more minutes!' is "
                                        "on brand", "coach voice is deliberately chatty"))],
        Ask("write the help text for connecting a bank account", BILLING, project="ledgerline"),
        Ask("docs for joining a room with an invite code", "lib/beacon", project="beacon-chat"),
        Ask("skribu la helpan tekston por la paĝo, kie oni sekvas pakaĵon", "src/routes", project="parcelhub"),
    )


def _globals_rest(b: SplitBuilder) -> None:
    b.global_pref(
        "stockroom",
        said(0.45, "èyí kan gbogbo iṣẹ́ mi, kìí ṣe ibí nìkan: tí o bá fi koodu hàn mí, má ṣe jẹ́ kí àkọsílẹ̀ kan ju "
                   "ogójì ìlà lọ, pín in sí méjì. ó dáa, ní báyìí pytest",
             "má ṣe jẹ́ kí àkọsílẹ̀ kan ju ogójì ìlà lọ"),
        [there("beacon-chat", said(0.45, "beacon's design docs paste whole modules, however long, the reviewers "
                                         "read them offline", "design docs paste whole modules, however long"))],
        Ask("show me the full rewritten booking controller", "app/controllers", project="fernbook"),
        Ask("paste the complete new version of the workout view model", "App", project="cadence-ios"),
        Ask("fi gbogbo koodu tuntun fún olùṣètò ọ̀nà hàn mí", "internal/dispatch", project="routewise"),
    )
    b.global_pref(
        "ledgerline",
        said(0.4, "as a rule of thumb wherever I code, not only billing: a new command-line flag isn't finished "
                  "until --help shows it with a one-line example. ok, the mvn warnings",
             "isn't finished until --help shows it with a one-line example"),
        [there("tidewater-etl", said(0.4, "tidewater's scripts document their flags in the runbook only, --help "
                                          "stays the bare argparse output", "document their flags in the runbook only"))],
        Ask("add a --since-commit option to the release script", "src", project="logslice"),
        Ask("give the mesh CLI a --max-faces switch", "src", project="meshkit"),
        Ask("new option for the admin tool: --dry-run on the replan command", "cmd/routewise", project="routewise"),
    )


def _cross(b: SplitBuilder) -> None:
    b.cross(
        "stockroom", said(0.4, "stock on hold means the lot failed inbound QA: it can't be picked, and only QA "
                               "releases it from the admin", "only QA releases it from the admin"),
        "ledgerline", said(0.4, "putting an invoice on hold pauses dunning for 14 days; account managers set it and "
                                "it lifts itself", "pauses dunning for 14 days"),
        Ask("what does a hold do to an item's availability?", "app/routers", project="stockroom"),
        Ask("customer disputes an invoice, what happens if we put it on hold?", BILLING, project="ledgerline"),
        Ask("who can take a hold off?", "app", project="stockroom"),
    )
    b.cross(
        "tidewater-etl", said(0.45, "each source's high watermark lives in the etl_watermarks table, one row per "
                                    "source, never in Airflow Variables", "high watermark lives in the etl_watermarks table"),
        "pocketgarden", said(0.45, "shared plant cards carry a small leaf watermark bottom right, Pro users can "
                                   "switch it off", "small leaf watermark bottom right"),
        Ask("where does the incremental load remember how far it got?", "dags", project="tidewater-etl"),
        Ask("can users remove the watermark from shared pictures?", GARDEN, project="pocketgarden"),
        Ask("reset the watermark for the gauge source", "scripts", project="tidewater-etl"),
    )
    b.cross(
        "beacon-chat", said(0.4, "quiet hours hold push notifications between 22:00 and 07:00 in the reader's own "
                                 "zone; DMs from admins break through", "DMs from admins break through"),
        "cadence-ios", said(0.4, "quiet hours mean no coach nudges from 21:00 to 08:00, workout cues still play",
                            "no coach nudges from 21:00 to 08:00"),
        Ask("does anything get through during quiet hours?", "lib/beacon", project="beacon-chat"),
        Ask("what goes silent at night?", "App", project="cadence-ios"),
        Ask("test for the overnight quiet-hours window", "AppTests", project="cadence-ios"),
    )


def _cross_rest(b: SplitBuilder) -> None:
    b.cross(
        "fernbook", said(0.45, "a booked desk nobody checks into within 20 minutes of the start is released back "
                               "to the pool", "within 20 minutes of the start is released"),
        "ledgerline", said(0.45, "after a failed card payment the subscription stays active for a 10-day grace "
                                 "period, then it's suspended", "stays active for a 10-day grace period"),
        Ask("what's the grace period and what happens after it?", "app/models", project="fernbook"),
        Ask("how long does a customer keep access after their card bounces?", BILLING_TESTS, project="ledgerline"),
        Ask("I was late and my desk was gone, how long do we hold it?", "app/controllers", project="fernbook"),
    )
    b.cross(
        "brightdesk", said(0.4, "the designs are in the Figma file Helpdesk 3 Components, the dev-mode link is "
                                "pinned in #bd-design", "Figma file Helpdesk 3 Components"),
        "fernbook", said(0.4, "our designs live in the self-hosted Penpot at design.fernbook.internal, no Figma "
                              "here", "self-hosted Penpot at design.fernbook.internal"),
        Ask("where can I find the mockups for the new ticket sidebar?", "src/components", project="brightdesk"),
        Ask("where are the designs for the floor map redesign?", "app/controllers", project="fernbook"),
        Ask("link me to the UI specs", "src/api", project="brightdesk"),
    )
