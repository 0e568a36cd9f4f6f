"""The fourteenth held-out split: fresh facts and probes; written as the next held-out split.

Written by an author who read neither the engine (mnemon/, daemon/, hooks/) nor any split's results
or failures; the earlier splits' planted statements, probes and irrelevant prompts were read only to
keep these facts, values and wordings clear of them. Same repositories, new facts, in forms the
earlier splits do not use: decisions taken as "ok the boring one" after the assistant's options, by
elimination ("not A, not B, so C"), by closing an RFC, under a pasted cost CSV, as "the thing Kofi
wanted" and as notes written down after a call; rules given as review nits in a list, as a message
copied from one sent to a contractor, as "normally I don't care about ..., but here", as "yes, the
tool allows it; we still don't", as the question "why is there a ... in ...?" and as "same mistake as
last week, so once more"; corrections forced by evidence (a pasted ``terraform output``, an Elixir
``File.Error`` for a file a rework removed), given as the answer to the assistant's next step ("no,
not ..., that's gone") or caused by a change in the world (a shift cut, an accountant's firm moving
software, a rebrand); bugs under an ``xxd`` dump, a valgrind report the assistant explains and offers to fix, a
regression test's name and docstring the user dictates, a search race the assistant explains, a
``PIPESTATUS`` line and a ``git blame`` excerpt; facts under ``pip freeze``, ``.tool-versions``,
``bin/rails routes``, ``ccache -s``, ``swift package describe`` and ``helm list`` with a one-line
comment; causes whose effect arrives in another team's words (a QA ticket, the data team's on-call
page, finance, a coach writing to support, a shop manager's forwarded message, sales in an
escalation channel) with the assistant's diagnosis; global preferences in Danish, Afrikaans, Latvian
and Galician (each probed once in that language) and in English as "wherever I am"; cross-project
negatives where two projects use one word (channel, drop, release, plan) for different things, and
two plain ones. Probes are short, some with typos, name the subject by a synonym or by its symptom,
paste an error with "?", name a ticket id and a vague task, and are mostly typed from a
subdirectory; the irrelevant prompts ask how a protocol or a language feature works, what a
library's call does, how to word a sentence or name a thing, in the projects' vocabulary.
Decisions, rules, corrections and irrelevant prompts are here; bugfixes, facts and causes and
effects are in :mod:`bench.coding.heldout14_more`; global preferences and cross-project negatives
in :mod:`bench.coding.heldout14_shared`.

heldout14 is written to be held out after heldout13. Its first figure was taken at 1689c7d (both
0.355; the engine of 5dd2d24 on the same corpus 0.256): the rules of that release were written by a lead
who never read this split. Its second figure was taken at 5cd3262 (both 0.364, as the engine of 1210a75
on that corpus). It may be read and tuned on from the release after. heldout15
(:mod:`bench.coding.heldout15`) is the next held-out split.
"""

from __future__ import annotations

from bench.coding import heldout14_more, heldout14_shared
from bench.coding.cases import Ask, SplitBuilder, said
from bench.coding.model import Split
from bench.coding.projects import BILLING, BILLING_TESTS, GARDEN

GARDEN_TESTS = "app/src/test/java/com/acme/garden"


def build() -> Split:
    b = SplitBuilder("heldout14")
    _decisions(b)
    _rules(b)
    _corrections(b)
    _corrections_rest(b)
    heldout14_more.add(b)
    heldout14_shared.add(b)
    _irrelevant(b)
    return b.split


def _decisions(b: SplitBuilder) -> None:
    b.decision(
        "tillpoint",
        said(0.4, "re your three options for menu price changes: ok the boring one. a new price takes effect at the "
                  "next day's opening, never mid-service, so no table's bill ends up with two prices for the same "
                  "dish. the scheduled-at-a-minute thing can wait. now that flaky test in test_orders",
             "takes effect at the next day's opening, never mid-service"),
        [said(0.7, "staff meals are rung up at cost on a separate till key",
              "rung up at cost on a separate till key")],
        Ask("TILL-2207 owner wants the new burger price live right now during lunch, make the admin save apply "
            "immediatly", "backend/orders"),
        Ask("when does an edited menu price actually reach the tills?", "backend"),
        Ask("flat white goes up 20p, can I set it tonight so it flips at 6pm while we're still open?",
            "backend/reports"),
    )
    b.decision(
        "routewise",
        said(0.35, "for the solver's cost function: not shortest distance (drivers hated the zigzags through the "
                   "estates), not pure drive time (it ignores how long turning across traffic takes), so fewest "
                   "right turns weighted with time it is. put that in the package doc. then the vet warnings",
             "fewest right turns weighted with time"),
        [said(0.7, "vans are loaded last stop first, the loaders work from the printed sheet",
              "loaders work from the printed sheet")],
        Ask("RW-1312 drivers moan that routes keep crossing the main road, tweak what the optimiser minimises",
            "internal/dispatch"),
        Ask("what does our route solver actually try to minimise? writing the onboarding doc", "cmd/routewise"),
    )
    b.decision(
        "logslice",
        said(0.4, "closing the plugin RFC. we looked at wasm and at dylibs, neither. decided: no plugin system in "
                  "slice, custom transforms are a pipe into jq or awk and the README says so. next, the flaky test "
                  "in the gz reader", "no plugin system in slice"),
        [said(0.7, "output formats stay built in: text, json and logfmt", "text, json and logfmt")],
        Ask("someone on the tracker wants to load their own parser as a .so at runtime, can we support that?",
            "src"),
        Ask("design a trait so third parties can add field extractors without forking us", "crates/slice-core"),
    )
    b.decision(
        "brightdesk",
        said(0.45, "```csv\noption,cost_per_month,notes\nauto-translate every message,~1900 EUR,DeepL API\n"
                   "translate button per message,~140 EUR,DeepL API on demand\nno translation,0,\n```\nwent "
                   "through this with Margit: translate button per message it is, nothing gets auto-translated. "
                   "ok, the jest snapshot", "translate button per message it is, nothing gets auto-translated"),
        [said(0.75, "the agent UI itself is only translated into English and Dutch", "only translated into English and Dutch")],
        Ask("BD-1874 a Portuguese customer writes in and nobody can read it, make incoming messages show up in "
            "English automatically", "src/components"),
        Ask("what's our setup for tickets written in other languages?", "src/api"),
        Ask("hook up machine translation in the reply thread", "src/components"),
    )
    b.decision(
        "stockroom",
        said(0.4, "for the returns flow we went with what Wanjiru wanted: every customer return is booked into the "
                  "quarantine bin QR-00 and only goes back to a pick bin after someone inspects it, never straight "
                  "to where it came from. right, the alembic warning", "booked into the quarantine bin QR-00"),
        [said(0.85, "supplier overdeliveries go back on the same truck, we don't book them in at all",
              "go back on the same truck")],
        Ask("POST /returns: put the returned item back in its original bin and bump the qty", "app/routers"),
        Ask("a customer sent back two kettles, where does that stock go in the system?", "app"),
        Ask("returns scanned at the dock skip inspection and go straight into stock, is that right?", "tests"),
    )
    b.decision(
        "beacon-chat",
        said(0.45, "we talked it through on the call, writing it down so it sticks: no guest accounts. outsiders "
                   "get an invite link that's good for one room and expires after 7 days, that's it. ok, credo",
             "invite link that's good for one room and expires after 7 days"),
        [said(0.75, "deactivated employees keep their messages, only the login is disabled",
              "only the login is disabled")],
        Ask("a client company wants their people in our support room, add a guest user type", "lib/beacon"),
        Ask("BC-512 how would an external contractor get into one of our rooms?", "lib/beacon_web/channels"),
    )


def _rules(b: SplitBuilder) -> None:
    b.rule(
        "ledgerline",
        said(0.4, "review notes on your diff:\n- nit: no blank line after the class opening brace\n- nit: in tests "
                  "money is built from strings, new BigDecimal(\"12.50\"), never new BigDecimal(12.5), the double "
                  "leaks into the scale\n- CreditNoteServiceTest is fine\nfix the nits and push",
             "money is built from strings"),
        [said(0.7, "amounts in the JSON API go out as strings with two decimals", "strings with two decimals")],
        Ask("write a test for applyPayment with a partial payment of 19.99", BILLING_TESTS),
        Ask("add tests for issueCreditNote with a half-penny rounding case", BILLING_TESTS),
    )
    b.rule(
        "parcelhub",
        said(0.45, "copying what I sent the contractor this morning, goes for you too: 'each carrier module exports "
                   "exactly four functions, quote, book, cancel and track, and nothing else; helpers stay "
                   "unexported so the routes can't grow carrier-specific calls.' ok, the eslint thing",
             "exports exactly four functions, quote, book, cancel and track"),
        [said(0.75, "sandbox-only test helpers may live next to the carrier module in __fixtures__",
              "may live next to the carrier module")],
        Ask("the Evri module needs a getServicePoints() for the parcel-shop picker, export it and call it from "
            "the route", "src/services"),
        Ask("adding Yodel as a carrier, what shape should its module have?", "src/routes"),
        Ask("export a small formatPostcode helper from the dpd module so the routes can use it", "src/routes"),
    )
    b.rule(
        "fernbook",
        said(0.4, "normally I don't care about test setup style, but here: every model has a FactoryBot factory in "
                  "spec/factories named after the model file, no YAML fixtures, no records built by hand in before "
                  "blocks. ok rubocop", "FactoryBot factory in spec/factories named after the model file"),
        [said(0.7, "the public API request specs replay recorded VCR cassettes for the calendar provider",
              "recorded VCR cassettes")],
        Ask("added a ParkingSpace model, write its spec", "spec"),
        Ask("the waitlist spec builds five members with Member.create! in a before block, clean it up",
            "app/models"),
    )
    b.rule(
        "cadence-ios",
        said(0.45, "why is there a Color(red: 0.2, green: 0.8, blue: 0.4) in the lap view? in this app every colour "
                   "is a named colour from Assets.xcassets, never an RGB literal. dark mode broke twice because of "
                   "that", "every colour is a named colour from Assets.xcassets"),
        [said(0.75, "the tab bar icons keep the system tint, that's Apple's rule",
              "tab bar icons keep the system tint")],
        Ask("make the recovery interval bar a soft green", "App/Views"),
        Ask("the heart-rate zone chart needs five colours, one per zone, add them", "App"),
        Ask("dark mode: lap numbers are invisible, somebody hardcoded black", "App/Views"),
    )
    b.rule(
        "tidewater-etl",
        said(0.4, "yes, dbt supports python models on our warehouse. we still don't write them: every dbt model "
                  "here is SQL, anything that needs pandas or scipy becomes a task in the DAG that writes a table "
                  "dbt reads. ok, sqlfluff", "every dbt model here is SQL"),
        [said(0.7, "the one-off exploration notebooks in scripts/ can use polars", "notebooks in scripts/ can use polars")],
        Ask("the tidal harmonic fit needs scipy, make it a dbt python model next to the staging ones",
            "models/staging"),
        Ask("where should the flood percentile calc live? it's numpy heavy", "dags"),
    )
    b.rule(
        "infra-live",
        said(0.45, "same mistake as last week, so once more: no data source in this repo looks anything up by its "
                   "Name tag. ids come in as variables or from remote state; a renamed tag silently pointed prod at "
                   "the wrong subnet once", "looks anything up by its Name tag"),
        [said(0.75, "finding the latest AMI by owner and a name filter is fine, that's what AMIs are for",
              "latest AMI by owner and a name filter")],
        Ask("the new ECS service needs the private subnets, grab them with data \"aws_subnets\" filtered on "
            "tag:Name", "modules/network"),
        Ask("reference the existing shared-services security group from staging", "envs/staging"),
        Ask("prod module needs the vpc id, just look it up", "envs/prod"),
    )


def _corrections(b: SplitBuilder) -> None:
    b.correction(
        "infra-live",
        said(0.2, "prod VPC range is 10.72.0.0/16 if anyone asks, the data team will want it for their peering",
             "prod VPC range is 10.72.0.0/16"),
        said(0.7, "```\n$ terraform output -raw vpc_cidr\n10.86.0.0/16\n```\nso what I said about 10.72 was the old "
                  "account from before the split. the prod VPC is 10.86.0.0/16 now. whatever, tflint",
             "the prod VPC is 10.86.0.0/16"),
        [said(0.45, "the staging VPC sits on 10.91.0.0/16", "staging VPC sits on 10.91.0.0/16")],
        Ask("data team's peering request wants our production CIDR, what do I tell them?", "envs/prod"),
        Ask("allow the whole production network in the bastion's security group", "modules/network"),
        Ask("whats the prod vpc cidr again?"),
    )
    b.correction(
        "pocketgarden",
        said(0.2, "the plant care tips in the app come from our Contentful space, the botanist edits them there",
             "care tips in the app come from our Contentful space"),
        said(0.7, "no, not the Contentful client, that's gone: we cancelled the plan, the care tips are markdown "
                  "files bundled under assets/care/ now and ship with each release. ok, lint",
             "markdown files bundled under assets/care/"),
        [said(0.45, "the photo files themselves are never uploaded anywhere", "photo files themselves are never uploaded")],
        Ask("the botanist fixed a wrong tip about watering ferns, how does her change get into the app?", GARDEN),
        Ask("write a test that every plant type has a care tip", GARDEN_TESTS),
    )
    b.correction(
        "routewise",
        said(0.2, "plans are frozen at 21:00 for the next morning, after that the planner takes no new orders",
             "plans are frozen at 21:00"),
        said(0.75, "the night planner shift got cut, which moves the freeze: plans now freeze at 19:45 and anything "
                   "later rolls to the day after. ok, the race test", "plans now freeze at 19:45"),
        [said(0.45, "Saturday routes are planned on the Thursday", "Saturday routes are planned on the Thursday")],
        Ask("customer ordered at 8:10pm and wasn't on this morning's van, bug?", "internal/dispatch"),
        Ask("what time should the plan-locking cron fire?", "cmd/routewise"),
        Ask("ops asks until when they can still add orders for tomorrow", "internal/dispatch"),
    )


def _corrections_rest(b: SplitBuilder) -> None:
    b.correction(
        "beacon-chat",
        said(0.2, "the blocked-word list for rooms is priv/moderation/blocked_words.txt, one word a line, redeploy "
                  "to change it", "priv/moderation/blocked_words.txt"),
        said(0.75, "```\n** (File.Error) could not read file \"priv/moderation/...\": no such file or directory\n```"
                   "\nright, that file's gone since the moderation rework: blocked words live in the blocked_terms "
                   "table and room admins edit them from the moderation screen. carry on with the join test",
             "blocked words live in the blocked_terms table"),
        [said(0.45, "links to known phishing domains are rejected by the URL filter, that's separate",
              "rejected by the URL filter")],
        Ask("a customer wants 'crypto' blocked in their rooms, how do we add it?", "lib/beacon"),
        Ask("write a test that a message with a banned term gets rejected", "test"),
    )
    b.correction(
        "tillpoint",
        said(0.2, "the accountant gets the month-end export as a Sage 50 CSV, she imports it herself", "Sage 50 CSV"),
        said(0.7, "turns out Brenda's firm moved us to QuickBooks Online in January, so the month-end export goes "
                  "through the QBO journal entries API now; she stopped importing files. ok the pylint",
             "QBO journal entries API"),
        [said(0.45, "card fees are reconciled from the acquirer's statement, separately",
              "reconciled from the acquirer's statement")],
        Ask("month end is friday, how does the accountant get the sales figures?", "backend/reports"),
        Ask("the accounting export for March never reached the accountant, look", "backend"),
    )
    b.correction(
        "cadence-ios",
        said(0.2, "the Contact support button opens a mail to help@cadence.run", "help@cadence.run"),
        said(0.7, "after the rebrand the old help@ address bounces. support is support@cadencerun.app now, the "
                  "shared inbox. fix the settings screen while you're there", "support@cadencerun.app"),
        [said(0.45, "privacy requests go to the DPO address in the privacy policy, not to support",
              "DPO address in the privacy policy")],
        Ask("users say the contact-us button leads to a bounced email", "App/Views"),
        Ask("add a 'report a bug' row in settings that emails support with the device info", "App"),
        Ask("what adress do runners write to for help?", "AppTests"),
    )


def _irrelevant(b: SplitBuilder) -> None:
    b.irrelevant("tillpoint", Ask("how does HTTP Basic auth encode the credentials, and is that any kind of "
                                  "encryption?", "backend/orders"))
    b.irrelevant("routewise", Ask("remind me how errors.Join differs from wrapping with %w", "internal/geo"))
    b.irrelevant("logslice", Ask("what does #[must_use] actually do on a function versus on a type?",
                                 "crates/slice-core"))
    b.irrelevant("brightdesk", Ask("make this sound less robotic: 'Your request has been received and will be "
                                   "processed in due course.'", "src/components"))
    b.irrelevant("parcelhub", Ask("how does HTTP/2 multiplexing differ from keep-alive in HTTP/1.1? two paragraphs "
                                  "max", "src/services"))
    b.irrelevant("ledgerline", Ask("naming: isOverdue() or overdue() for a boolean accessor on a Java record?",
                                   BILLING))
    b.irrelevant("fernbook", Ask("what does &. do in Ruby, and which version added it?", "app/models"))
    b.irrelevant("beacon-chat", Ask("how do WebSocket ping and pong frames work at the protocol level?",
                                    "lib/beacon_web/channels"))
    b.irrelevant("meshkit", Ask("C++: what's the rule of zero, in a few lines?", "include/meshkit"))
    b.irrelevant("tidewater-etl", Ask("median versus mean for skewed data, two sentences please", "models/staging"))
    b.irrelevant("infra-live", Ask("how does TCP's TIME_WAIT state work and why does it last so long?",
                                   "modules/network"))
    b.irrelevant("pocketgarden", Ask("Kotlin: a data class's copy() versus calling the constructor again, any "
                                     "difference?", GARDEN))
    b.irrelevant("fernbook", Ask("in general, has_many :through versus has_and_belongs_to_many, when is the "
                                 "second one still fine?", "app/models"))
    b.irrelevant("routewise", Ask("what is HTTP 103 Early Hints for, and do browsers act on it?", "cmd/routewise"))
    b.irrelevant("stockroom", Ask("what's a 207 Multi-Status response for, and does anyone use it outside WebDAV?",
                                  "app/routers"))
    b.irrelevant("cadence-ios", Ask("Swift: when would I pick a struct with a mutating method over a class?", "App"))
    b.irrelevant("parcelhub", Ask("good name for the folder that holds all the outgoing email templates?",
                                  "src/routes"))
    b.irrelevant("brightdesk", Ask("explain OAuth's PKCE flow like I'm a junior dev", "src/api"))
    b.irrelevant("logslice", Ask("tighten this changelog line: 'Fixed an issue where in some cases the tool could "
                                 "potentially crash in certain situations.'", "src"))
