"""The sixteenth held-out split: fresh facts and probes; written as the next held-out split.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's results or
failures; the earlier splits' planted statements, probes and irrelevant prompts were read only to keep
these facts, values, subjects and wordings clear of them. Same repositories, new facts, in forms the
earlier splits do not use (or use only for another kind or in another project): decisions recorded as a row of an ADR index table, reached by a benchmark of
two ways to compute the same thing, weighed in a pros-and-cons table the user pastes, written into a SQL
comment the user dictates, kept at the end of a time-boxed trial, and one decision reversed by a later
one in another session (the earlier one is its near miss); rules given as a pre-commit hook's failure
that the user explains, as an excerpt of an onboarding document, as a rule with one exception, as a
postmortem's action item, as "whenever you add ..., you also ..." and as the check the user asks for to
guard it; corrections embedded mid-sentence in an unrelated request, given as item 3 of a numbered list,
as an arrow the user writes into a pasted summary of the assistant's, in a P.S., asked back as "wait,
didn't I say ...?", and found by the assistant when the code disagrees with the README; bugs diagnosed
from a ``git bisect run``, a profiler flame graph, a Sentry issue, a diff of a good run's log against a
bad one's, a heap dump and a ``py-spy dump``; facts under ``kubectl get hpa``, ``ip addr``, ``openssl
x509``, ``pip show``, ``bundle exec whenever`` and one given only in a table; causes and effects linked
through a middle step (a cap fills a queue that delays thumbnails, a bigger download meets the
mobile-data prompt); global preferences in Albanian, Kazakh, Esperanto and Yoruba (each probed once in
that language) and in an English idiom ("as a rule of thumb wherever I code"); cross-project negatives
where two projects use one word (hold, watermark, quiet hours, grace period) for different things, and
one plain question answered two ways. Probes paraphrase the subject with no shared word, ask by symptom,
are terse or typo-ridden, are phrased as tasks and mostly come from a subdirectory; the irrelevant
prompts ask for a job-title distinction, a phonetic spelling, a mnemonic, a grammar rewrite, a maths
puzzle, a topology question, a domain definition, a warm-up routine, a botany term, a spreadsheet
formula, a science explanation for a child, an out-of-office reply, an icebreaker, a book recommendation,
quiz questions, a logistics term, a thank-you note, a review nudge and a welcome message, in the
projects' vocabulary and on no subject any split planted there. Decisions, rules, corrections and
irrelevant prompts are here; bugfixes, facts and causes and effects are in
:mod:`bench.coding.heldout16_more`; global preferences and cross-project negatives in
:mod:`bench.coding.heldout16_shared`.

heldout16 was written to be held out after heldout15. Its first figure was taken at 019e21f and its second
at 3d4a1a3 (both 0.397; the engine of 706dea0 on the same corpus 0.388). It is training from the release
after (cfd7a9d on): its failures may be read and tuned on. heldout17 (:mod:`bench.coding.heldout17`) is the
held-out split now.
"""

from __future__ import annotations

from bench.coding import heldout16_more, heldout16_shared
from bench.coding.cases import Ask, SplitBuilder, concluded, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def build() -> Split:
    b = SplitBuilder("heldout16")
    _decisions(b)
    _decisions_rest(b)
    _rules(b)
    _rules_rest(b)
    _corrections(b)
    _corrections_rest(b)
    heldout16_more.add(b)
    heldout16_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "infra-live",
        said(0.4, "adding our row to the ADR index, check the table renders:\n\n| ADR | Title | Decision | Status |\n"
                  "|---|---|---|---|\n| 0047 | Image vulnerability scanning | ECR enhanced scanning through Inspector, "
                  "on push and continuously; the Trivy job in CI is removed | Accepted |\n\nthen tflint the registry "
                  "module", "ECR enhanced scanning through Inspector"),
        [said(0.7, "the ECR repositories keep the last 30 untagged images, a lifecycle policy expires the rest",
              "keep the last 30 untagged images")],
        Ask("add a trivy step to the pipeline before we push images", "envs/staging"),
        Ask("security wants to know how we find CVEs in our container images", "modules/network"),
        Ask("where do I look at the vulnerability findings for the api image?", "envs/prod"),
    )
    b.decision(
        "logslice",
        said(0.35, "criterion numbers for --stats on 50M latencies: sorting a Vec<u64> and indexing took 4.1 s and "
                   "400 MB, the histogram took 0.6 s and 2 MB. so percentiles come from hdrhistogram at 3 "
                   "significant digits, close to 0.1% is good enough. ship it, then the doc tests",
             "percentiles come from hdrhistogram"),
        [said(0.75, "--stats prints counts per level in a fixed order: error, warn, info, debug",
              "counts per level in a fixed order")],
        Ask("p99 from --stats is off by a hair compared to numpy, why isn't it exact?", "src"),
        Ask("make the latency quantiles exact by sorting every value", "crates/slice-core"),
        Ask("how does slice work out the median and the tail numbers?", "src"),
    )
    b.decision(
        "beacon-chat",
        said(0.65, "new session, and I'm undoing the room-address decision from the spring: room links use the "
                   "room's numeric id, like /r/8812, and two rooms may share a name. renaming a room broke every "
                   "link people had shared. carry on with the channel test",
             "room links use the room's numeric id"),
        [said(0.25, "rooms get a URL slug from their name, unique per workspace, and the slug is how links point at a "
                    "room. ok, credo", "the slug is how links point at a room")],
        Ask("two teams both want a room called 'standup', can they?", "lib/beacon"),
        Ask("build the shareable link in the invite dialog", "lib/beacon_web/channels"),
        Ask("if an admin renames a room, do the old links still open it?", "test"),
    )


def _decisions_rest(b: SplitBuilder) -> None:
    b.decision(
        "ledgerline",
        said(0.4, "weighing the portal sign-in options, my table:\n\n| option | for | against |\n|---|---|---|\n"
                  "| passwords | familiar | resets are a third of support tickets |\n| SSO through the customer's "
                  "IdP | big customers like it | months of setup per customer |\n| emailed one-time links | no "
                  "secrets to keep | depends on mail delivery |\n\ngoing with the last row: customer portal sign-in "
                  "is by magic link, valid for ten minutes and usable once. now the checkstyle",
             "sign-in is by magic link, valid for ten minutes"),
        [said(0.7, "staff use the admin app through Okta, that's separate from the customer portal",
              "staff use the admin app through Okta")],
        Ask("add a forgot-password page to the customer portal", BILLING),
        Ask("how long can a customer wait before clicking their login email?", BILLING_TESTS),
        Ask("customers ask why there's no password box when they log in", BILLING),
    )
    b.decision(
        "tidewater-etl",
        said(0.45, "put this at the top of fct_surge.sql before you touch it:\n```sql\n-- decision 2026-02 (hydro "
                   "team): surge residual = observed minus predicted, computed here in the mart and nowhere "
                   "upstream; staging keeps raw observed levels only\n```\nthen the sqlfluff errors",
             "computed here in the mart and nowhere upstream"),
        [said(0.75, "predicted levels come from the port authority's yearly table",
              "port authority's yearly table")],
        Ask("add observed minus predicted as a column in stg_gauge_readings", "models/staging"),
        Ask("which layer should the storm-driven water excess be worked out in?", "dags"),
    )
    b.decision(
        "fernbook",
        said(0.4, "the four-week trial ends today and we keep it: members may book a desk for a teammate, but only "
                  "someone in their own team, and the teammate gets the confirmation email, not the booker. ok, "
                  "rubocop", "only someone in their own team"),
        [said(0.7, "office managers can book for anyone in the building", "office managers can book for anyone")],
        Ask("let members reserve desks for people from other departments", "app/controllers"),
        Ask("who gets the confirmation when I book on behalf of a colleague?", "app/models"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "parcelhub",
        said(0.4, "```\n$ git commit -m 'returns: label endpoint'\nhusky > pre-commit\n✖ eslint: src/routes/returns.js"
                  "\n  1:1  error  Prefer named exports  import/no-default-export\n```\nthat one is on purpose: no "
                  "default exports anywhere in src, every module exports by name so renames stay greppable. fix it "
                  "and commit again", "no default exports anywhere in src"),
        [said(0.7, "config files at the root may use module.exports, they're CommonJS",
              "config files at the root may use module.exports")],
        Ask("new service module for customs forms, export the class as default", "src/services"),
        Ask("write the router for /pickups", "src/routes"),
        Ask("how should a new helper file expose its functions?", "src/services"),
    )
    b.rule(
        "meshkit",
        said(0.45, "from docs/ONBOARDING.md, section 4, since you asked how headers work here:\n> Every public header "
                   "under include/meshkit compiles on its own. CI builds one tiny .cpp per header that includes only "
                   "that header; if it needs <vector>, it includes <vector> itself.\nso add the includes the new "
                   "header is missing", "Every public header under include/meshkit compiles on its own"),
        [said(0.75, "private headers in src/ may lean on the precompiled header",
              "may lean on the precompiled header")],
        Ask("new header for the quadric error metric, what goes at the top?", "include/meshkit"),
        Ask("CI says halfedge.hpp fails the single-include check but the library builds fine", "tests"),
        Ask("expose bvh.hpp as part of the public API", "src"),
    )
    b.rule(
        "brightdesk",
        said(0.4, "type rule for this repo: never any, not as a cast and not as a parameter type; use unknown and "
                  "narrow it. the one exception is src/api/generated, the codegen output nobody edits by hand. ok, "
                  "the lint", "use unknown and narrow it"),
        [said(0.7, "ts-expect-error is allowed in test files with a reason comment",
              "ts-expect-error is allowed in test files")],
        Ask("the webhook payload type is a mess, cast it so it compiles and move on", "src/api"),
        Ask("typing the props of the legacy ticket table is painful, quickest way out?", "src/components"),
    )


def _rules_rest(b: SplitBuilder) -> None:
    b.rule(
        "routewise",
        said(0.4, "action item from Thursday's postmortem, and it's a standing rule now: a column is dropped only in "
                  "the release after the code stopped reading it, never in the same deploy. the old pods were still "
                  "selecting depot_tz when the goose file removed it. ok, back to the vet warnings",
             "dropped only in the release after the code stopped reading it"),
        [said(0.75, "new nullable columns can ship with the code that writes them",
              "new nullable columns can ship with the code")],
        Ask("remove the legacy van_capacity field and the code that uses it in one PR", "internal/dispatch"),
        Ask("write the migration that deletes stops.eta_legacy", "cmd/routewise"),
        Ask("cleanup: kill the old geohash column + its reader together", "internal/geo"),
    )
    b.rule(
        "pocketgarden",
        said(0.45, "whenever you add a screen, you also add its route to DeepLinkTest with a sample uri, otherwise "
                   "shared links land on home without a word. that's how it's done here. now the ktlint errors",
             "add its route to DeepLinkTest"),
        [said(0.7, "dialogs and bottom sheets don't get deep links", "bottom sheets don't get deep links")],
        Ask("make a new settings screen for the fertiliser schedule", GARDEN),
        Ask("I added the repotting screen, what else needs touching?", GARDEN_TESTS),
    )
    b.rule(
        "tidewater-etl",
        said(0.4, "write a check in scripts/lint_dbt.py that fails CI when a test added after today has severity "
                  "warn. the rule it guards: a new dbt test starts at severity error; warn is only for old tests "
                  "being phased out, with a ticket in the description",
             "a new dbt test starts at severity error"),
        [said(0.75, "source freshness checks warn after 2 hours and error after 6",
              "warn after 2 hours and error after 6")],
        Ask("add a not_null test on tide_height but make it warn so it doesn't break the nightly", "models/staging"),
        Ask("what level should the new accepted_values check on station_type fail at?", "dags"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "tillpoint",
        said(0.2, "the till prompts a safe drop when the cash drawer goes over £500",
             "prompts a safe drop when the cash drawer goes over £500"),
        said(0.7, "rename calc_float_total to drawer_cash_total — oh and it's £300 for the safe-drop prompt now, not "
                  "what I told you before, the insurer changed it — then run the reports tests",
             "£300 for the safe-drop prompt"),
        [said(0.45, "the manager's end-of-shift count is typed into the back office, not on the till",
              "end-of-shift count is typed into the back office")],
        Ask("at what amount does the till tell the cashier to move notes to the safe?", "backend/orders"),
        Ask("write a test for the skim reminder threshold", "backend"),
        Ask("cashier had £420 in the drawer and got no prompt, is that right?", "backend/reports"),
    )
    b.correction(
        "fernbook",
        said(0.2, "members can book a parking space on at most 3 days a week", "parking space on at most 3 days a week"),
        said(0.75, "three things before lunch:\n1. bump rubocop-rails\n2. rename Desk#zone_name to area_name\n3. I gave "
                   "you the wrong parking number last time: the cap is 2 days a week per member, facilities cut it\n"
                   "then push", "the cap is 2 days a week per member"),
        [said(0.45, "bike racks are first come first served, not bookable", "bike racks are first come first served")],
        Ask("how many days can someone reserve a car spot each week?", "app/models"),
        Ask("validation for the weekly limit on parking bookings", "spec"),
    )
    b.correction(
        "tidewater-etl",
        said(0.2, "the neighbour check flags a gauge when it disagrees with the next gauge along the coast by more "
                  "than 40 cm", "disagrees with the next gauge along the coast by more than 40 cm"),
        said(0.7, "your QC summary from Tuesday, with my marks:\n- stations covered: 48 ✓\n- neighbour check "
                  "threshold: 40 cm → 25 cm, I misremembered, the Harwich drift got through for a week\n- freshness "
                  "alerts: ✓\nchange the model to match the arrow",
             "neighbour check threshold: 40 cm → 25 cm"),
        [said(0.45, "a gauge with no reading for 3 hours is marked offline, not flagged",
              "no reading for 3 hours is marked offline")],
        Ask("how far apart can neighbouring stations read before QC complains?", "models/staging"),
        Ask("the Harwich gauge drifted 30 cm and nothing fired", "dags"),
        Ask("write a dbt test for the adjacent-gauge mismatch threshold", "models/staging"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "cadence-ios",
        said(0.2, "new users get a default weekly goal of 3 runs", "default weekly goal of 3 runs"),
        said(0.75, "ok the onboarding copy looks good, ship it.\n\nP.S. the default goal I gave you was wrong: new "
                   "users start at 2 runs a week, coaching said 3 made beginners quit in week one",
             "new users start at 2 runs a week"),
        [said(0.45, "returning users keep the goal they had before reinstalling",
              "keep the goal they had before reinstalling")],
        Ask("what target does a brand-new runner see in their first week?", "App/Views"),
        Ask("onboarding unit test for the starting weekly target", "AppTests"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "the low-humidity warning fires below 30% relative humidity", "fires below 30% relative humidity"),
        concluded(0.7, "why did Maria's fern get a dry-air warning at 35%?",
                  "The README line is stale: HumidityMonitor.kt compares against LOW_HUMIDITY = 40, so the warning "
                  "fires under 40% relative humidity, and that constant is what ships. I've updated the README to "
                  "say 40%.", "warning fires under 40% relative humidity"),
        [said(0.45, "succulents are exempt from humidity warnings", "succulents are exempt from humidity warnings")],
        Ask("at what air moisture level does the app warn about dry air?", GARDEN),
        Ask("test the dry-air alert boundary", GARDEN_TESTS),
        Ask("user says her calathea at 38% got no warnign, expected?", GARDEN),
    )
    b.correction(
        "stockroom",
        said(0.15, "the handhelds log the picker out after a quarter of an hour idle",
             "log the picker out after a quarter of an hour idle"),
        said(0.7, "wait, didn't I say fifteen for the handheld auto-logout? that's outdated: shared "
                  "devices sign out after 5 minutes idle now, the auditors flagged it. fix the constant",
             "shared devices sign out after 5 minutes idle"),
        [said(0.45, "supervisor tablets stay logged in for the whole shift",
              "supervisor tablets stay logged in for the whole shift")],
        Ask("how long before a scanner kicks the user back to the login screen?", "app"),
        Ask("pickers complain they get signed out while walking to the far aisle", "app/routers"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("commis chef vs sous chef, what does each one do, a sentence each?", "backend"))
    b.irrelevant("parcelhub", Ask("spell the reference PX7-QK in the NATO alphabet for a phone call", "src/routes"))
    b.irrelevant("logslice", Ask("give me a mnemonic for the seven OSI layers, bottom to top", "src"))
    b.irrelevant("brightdesk", Ask("rewrite in the passive voice: 'the design team shipped the new inbox layout on "
                                   "Tuesday'", "src/components"))
    b.irrelevant("routewise", Ask("explain the Seven Bridges of Königsberg puzzle in a short paragraph",
                                  "internal/geo"))
    b.irrelevant("meshkit", Ask("torus vs Klein bottle, what's the difference for a non-mathematician?",
                                "include/meshkit"))
    b.irrelevant("stockroom", Ask("in general, what separates a warehouse from a distribution centre?", "app"))
    b.irrelevant("cadence-ios", Ask("five warm-up moves before a 10k race", "App"))
    b.irrelevant("pocketgarden", Ask("cultivar vs variety, what's the botanical difference in a sentence?", GARDEN))
    b.irrelevant("ledgerline", Ask("spreadsheet formula: add up column C where column A says 'paid'", BILLING))
    b.irrelevant("tidewater-etl", Ask("why are there two high tides a day? explain it for a ten-year-old", "scripts"))
    b.irrelevant("infra-live", Ask("draft an out-of-office reply, I'm away until the 14th, short and friendly",
                                   "envs/staging"))
    b.irrelevant("fernbook", Ask("suggest an icebreaker question for the next team meeting", "app/controllers"))
    b.irrelevant("beacon-chat", Ask("recommend one approachable book on distributed systems for a junior",
                                    "lib/beacon"))
    b.irrelevant("brightdesk", Ask("three trivia questions about the history of email for Friday's team quiz",
                                   "src/api"))
    b.irrelevant("routewise", Ask("what does 'last mile' mean in logistics, in one sentence?", "cmd/routewise"))
    b.irrelevant("stockroom", Ask("write a two-line thank-you to the goods-in team for staying late before the "
                                  "holidays", "tests"))
    b.irrelevant("ledgerline", Ask("a polite nudge to a colleague whose PR has waited three days for review",
                                   BILLING_TESTS))
    b.irrelevant("fernbook", Ask("two-line welcome message for the new Porto office's Slack channel", "spec"))
