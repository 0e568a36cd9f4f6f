"""What a turn is worth: shapes, kinds and scopes of sentences, judged by language alone."""

from __future__ import annotations

import pytest

from mnemon.claude.notes import read_turn, reports_change, shape_of
from mnemon.claude.sentences import chat_messages, is_machine_line, sentences


def kinds(body: str, role: str = "user") -> list[tuple[str, bool]]:
    return [(n.kind, n.scope_global) for n in read_turn(body, role).notes]


@pytest.mark.parametrize("body", [
    "why does the importer skip empty rows?",
    "Can you add a retry to the upload client?",
    "please rename get_user to fetch_user everywhere",
    "ok thanks!",
    "Run the linter and fix what it finds.",
    "continue where we left off",
    "Could we look at the flaky snapshot test next?",
])
def test_questions_requests_and_chatter_are_not_notes(body: str) -> None:
    assert read_turn(body, "user").notes == ()


@pytest.mark.parametrize("body", [
    "I'll open the config loader first.",
    "Let me check the migration history.",
    "Sure! Here's the updated function.",
    "Noted.",
    "All 112 tests pass.",
    "I read the config loader and the two callers.",
])
def test_assistant_narration_is_not_a_note(body: str) -> None:
    assert read_turn(body, "assistant").notes == ()


def test_explanations_and_reports_are_light_notes() -> None:
    explained = read_turn("This function walks the tree and returns the leaves in order.", "assistant").notes
    done = read_turn("I added a unique index on orders.external_id so retries cannot insert twice.", "assistant").notes
    assert [n.kind for n in explained] == ["statement"] and [n.kind for n in done] == ["done"]
    assert explained[0].importance == done[0].importance == 2


@pytest.mark.parametrize("body,kind", [
    ("We decided to publish the SDK from the monorepo because versioning two repos drifted.", "decision"),
    ("Let's go with protobuf for the event payloads.", "decision"),
    ("Actually, the nightly export runs at 02:30 UTC now, not midnight.", "correction"),
    ("The upload service no longer writes to the legacy bucket.", "correction"),
    ("The root cause was a timezone-naive comparison in the scheduler.", "cause"),
    ("It turned out the cache key ignored the tenant id, so users saw each other's drafts.", "cause"),
    ("The metrics sidecar listens on port 9102.", "fact"),
    ("Mara owns the search indexer; check with Mara before changing its mappings.", "fact"),
    ("In this repo we never commit generated protobuf files.", "rule"),
    ("Always run the migrations through the wrapper script.", "rule"),
    ("Don't add new dependencies to the core package.", "rule"),
])
def test_statements_get_the_kind_their_cues_say(body: str, kind: str) -> None:
    assert [k for k, _ in kinds(body)] == [kind]


def test_assistant_conclusions_with_cues_are_notes() -> None:
    body = ("I'll look at the logs first.\n\nThe crash comes from the pool: it is sized from `MAX_CONN` read as a "
            "string, so the comparison fails. All tests pass now.")
    notes = read_turn(body, "assistant").notes
    assert [n.kind for n in notes] == ["cause"]
    assert "MAX_CONN" in notes[0].text and "I'll look" not in notes[0].text


@pytest.mark.parametrize("body,is_global", [
    ("For all my projects I want type hints on every public function.", True),
    ("In every repo I work on, keep line length at 100.", True),
    ("Globally, I prefer squash merges.", True),
    ("I prefer pytest fixtures over setUp methods.", True),
    ("In this repo we prefer dataclasses over attrs.", False),
    ("We always tag releases from the main branch.", False),
    ("I prefer black formatting for src/app.py", False),
    ("The date helpers keep times in UTC everywhere.", False),
    ("Backend moved: the API is now served through the proxy, so use relative URLs everywhere.", False),
])
def test_scope_of_preferences_and_rules(body: str, is_global: bool) -> None:
    found = kinds(body)
    assert found and found[0][1] is is_global, found


def test_a_reason_in_the_next_sentence_joins_its_statement() -> None:
    notes = read_turn("We decided to drop the ORM for reports. Because the generated SQL was too slow.",
                      "user").notes
    assert len(notes) == 1 and notes[0].text.endswith("too slow.")


def test_sentences_split_prose_lists_and_code() -> None:
    body = "First point.\n\n- a list item here\n- another item\n\n```sh\nmake deploy\n```\nDone. Ship v1.2 today."
    parts = sentences(body)
    assert "a list item here" in parts and "another item" in parts
    assert any("`make deploy`" in p for p in parts)
    assert "Ship v1.2 today." in parts


def test_shapes() -> None:
    assert shape_of("Why is it slow?", "user") == "question"
    assert shape_of("thanks a lot!", "user") == "chatter"
    assert shape_of("add a test", "user") == "request"
    assert shape_of("never push to main directly", "user") == "rule-request"
    assert shape_of("Let me run the tests.", "assistant") == "narration"
    assert shape_of("The index is built at startup.", "assistant") == "statement"


def test_notes_are_short_and_bounded() -> None:
    body = " ".join(f"We decided to use tool{i} because reason {i} matters a lot for the team." for i in range(20))
    notes = read_turn(body, "user").notes
    assert 1 <= len(notes) <= 8 and all(len(n.text) <= 400 for n in notes)


def test_actually_inside_a_sentence_is_not_a_correction() -> None:
    body = "The new test fails if I revert the guard in `parse`, so it actually covers the branch rather than running it."
    assert [n.kind for n in read_turn(body, "assistant").notes] != ["correction"]
    assert [n.kind for n in read_turn("Actually, the worker pool is sized from MAX_CONN.", "user").notes] == ["correction"]


@pytest.mark.parametrize("body", [
    "globally, I don't want emoji anywhere: not in code, comments, logs or commit messages.",
    "for all my projects: when you fix a bug, write the failing test first and show it to me failing.",
    "Side note, for all my projects: write commit messages in the imperative mood.",
])
def test_what_the_user_says_for_all_projects_is_a_global_preference(body: str) -> None:
    notes = read_turn(body, "user").notes
    assert [(n.kind, n.scope_global) for n in notes][:1] == [("preference", True)]


def test_a_house_rule_of_this_app_is_a_rule() -> None:
    notes = read_turn("in this app all user-visible strings go in strings.xml, with a plurals entry.", "user").notes
    assert [(n.kind, n.scope_global) for n in notes] == [("rule", False)]


@pytest.mark.parametrize("body", ["the order export crashes when the list is empty",
                                  "parse_header blows up on missing input, fix it",
                                  "the search page got slow after the merge",
                                  "profile render_rows, the endpoint got slow",
                                  "walk me through parse_header, I don't get the second branch",
                                  "OrderRow is a bad name, rename it everywhere"])
def test_a_reported_problem_is_work_not_a_note(body: str) -> None:
    assert read_turn(body, "user").notes == ()
    assert read_turn("the importer crashes on files over 2 GB; that's a known limit", "user").notes


def test_the_fix_after_a_root_cause_joins_it() -> None:
    body = ("Root cause: the normaliser mutated the shared address object from the request cache, so concurrent "
            "requests saw each other's postcodes. Fixed by cloning it before normalising.")
    notes = read_turn(body, "assistant").notes
    assert [n.kind for n in notes] == ["cause"] and notes[0].text.endswith("before normalising.")


@pytest.mark.parametrize("body,role", [
    ("We keep shared UI state in small stores from now on, not context: the context version re-rendered too much.",
     "user"),
    ("we parse dates with the other crate now; the old one kept getting time zones wrong.", "user"),
    ("How we do retries from now on: back off exponentially and give up after the fifth attempt.", "user"),
    ("We use integer cents for every amount: with floats, the totals drifted by a cent.", "assistant"),
])
def test_choices_said_plainly_are_decisions(body: str, role: str) -> None:
    assert [n.kind for n in read_turn(body, role).notes] == ["decision"]


def test_a_change_of_a_named_thing_is_a_correction() -> None:
    body = "ops changed the numbering: it's now one sequence per region, for example EU-000123, no year in it."
    assert [n.kind for n in read_turn(body, "user").notes] == ["correction"]


@pytest.mark.parametrize("body,is_global", [
    ("across all my repos: keep functions short and return early.", True),
    ("in every single project of mine I want type hints on public functions.", True),
    ("this goes for all my other codebases too: no abbreviations in names.", True),
    ("wherever I work, I want the linter to pass before you commit.", True),
    ("geldt voor al mijn projecten: functies kort houden en vroeg returnen.", True),
    ("we log through the request logger in all the services of this repo", False),
])
def test_more_ways_to_say_for_all_my_projects(body: str, is_global: bool) -> None:
    found = kinds(body)
    assert found and found[0][1] is is_global, found


@pytest.mark.parametrize("body", [
    "every outbound call goes through the shared client.",
    "our convention is one component per file.",
    "raw SQL is banned outside the reports module.",
    "we only use UTC timestamps in the database.",
])
def test_house_rules_said_many_ways_are_rules(body: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == ["rule"]


def test_a_code_path_we_dont_use_is_not_a_house_rule() -> None:
    body = "The advisory is for a code path we don't use, but the fixed version is a patch release, so I bumped it."
    assert "rule" not in [n.kind for n in read_turn(body, "assistant").notes]


@pytest.mark.parametrize("body,role,kind", [
    ("Found it: the parser got the columns swapped for rows from the uploader, because that file is tab-separated.",
     "assistant", "cause"),
    ("The gaps come from collapsing edges on the border: border edges had no penalty.", "assistant", "cause"),
    ("The suite passes (221 tests).", "assistant", "statement"),
])
def test_plain_causes(body: str, role: str, kind: str) -> None:
    assert [n.kind for n in read_turn(body, role).notes] == [kind]


@pytest.mark.parametrize("body,role", [
    ("team rule: no global mutable state in handlers, pass it in", "user"),
    ("rule here: no wildcard imports in any module past the entry point", "user"),
    ("in here every new screen ships with a snapshot test", "user"),
    ("pls remember: schema changes need a migration review before merge", "user"),
    ("Please don't: the layering is handler, then service, then store, and a lint check fails the build when a "
     "handler reaches past the service.", "assistant"),
    ("No: releases only ever go out from the release pipeline on a tagged commit; laptops only build.", "assistant"),
])
def test_house_rules_by_label_by_every_new_thing_and_by_what_enforces_them(body: str, role: str) -> None:
    assert [n.kind for n in read_turn(body, role).notes] == ["rule"], read_turn(body, role).notes


@pytest.mark.parametrize("body,role", [
    ("We'll use the embedded store over the server one, since the app has to work offline.", "assistant"),
    ("went with threads for the batch mode btw, an event loop felt like overkill for cpu work.", "user"),
    ("decided: no exceptions in the core module, errors are return values", "user"),
    ("TL;DR we stay on plain HTTP for the device API: the firmware's stack already retries.", "assistant"),
    ("We consume the billing events from the stream instead of polling; polling missed short-lived holds.",
     "assistant"),
    ("Reminders are scheduled with the periodic scheduler, not exact timers, because exact timers need a permission.",
     "user"),
])
def test_decisions_in_plain_and_terse_words(body: str, role: str) -> None:
    assert [n.kind for n in read_turn(body, role).notes] == ["decision"], read_turn(body, role).notes


@pytest.mark.parametrize("body", [
    "The rows were keyed by their position, so inserting at the top remounted every row; they are keyed by id now.",
    "The splitter kept the trailing carriage return on each line, so the last field never matched. Lines are "
    "trimmed before the split now.",
    "The callback updated the state from a background queue; hopping to the main queue first fixed the crash.",
])
def test_a_diagnosis_with_what_the_code_does_now_is_a_cause(body: str) -> None:
    notes = read_turn(body, "assistant").notes
    assert [n.kind for n in notes] == ["cause"] and notes[0].text.rstrip(".").endswith(body.rstrip(".")[-20:]), notes


def test_a_global_instruction_worded_as_a_correction_is_a_global_preference() -> None:
    notes = read_turn("globally: when you're unsure about a requirement, ask me instead of guessing", "user").notes
    assert [(n.kind, n.scope_global) for n in notes] == [("preference", True)]


@pytest.mark.parametrize("body", [
    "this applies to all my stuff, not just here: two spaces for indentation",
    "everywhere i work: tests go next to the code they test",
    "stop abbreviating variable names, in every project",
    "going forward, in all projects, ask before adding a dependency",
])
def test_scope_for_all_my_work_in_more_words_makes_a_global_preference(body: str) -> None:
    assert [(n.kind, n.scope_global) for n in read_turn(body, "user").notes] == [("preference", True)]


def test_a_plain_request_with_no_scope_is_still_work() -> None:
    assert read_turn("stop the dev server", "user").notes == ()
    assert read_turn("rename it everywhere in this repo", "user").notes == ()


@pytest.mark.parametrize("body", [
    "i'm on zsh on all my machines, so any commands you give me should work in zsh",
    "a personal rule, applies everywhere: don't open pull requests for me, i open them myself",
    "generally for me: short replies, no summary at the end",
    "for me in general: ask me before deleting any files, branches or tables",
    "this holds for everything: never print secrets in logs",
])
def test_said_about_the_user_everywhere_is_a_global_preference(body: str) -> None:
    assert [(n.kind, n.scope_global) for n in read_turn(body, "user").notes] == [("preference", True)]


@pytest.mark.parametrize("body", [
    "decided with the data team: events are kept for 90 days, then archived to cold storage",
    "agreed w/ product: the free plan stops at three projects",
])
def test_a_decision_said_first_with_whom_it_was_made_is_a_decision(body: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == ["decision"]


def test_a_question_whether_something_was_decided_is_not_a_decision() -> None:
    assert "decision" not in [n.kind for n in read_turn("decided yet whether we keep the old importer?", "user").notes]


@pytest.mark.parametrize("body,kept", [
    ("stop swallowing exceptions in the workers, log them with the job id", "log them with the job id"),
    ("quit hardcoding the region in the clients. Read it from the settings module.", "Read it from the settings"),
    ("Stop mocking the database in the service tests. Use the throwaway container instead.", "throwaway container"),
])
def test_a_habit_to_stop_is_a_rule_with_what_to_do_instead(body: str, kept: str) -> None:
    notes = read_turn(body, "user").notes
    assert [n.kind for n in notes] == ["rule"] and kept in notes[0].text, notes


def test_stopping_one_thing_now_is_a_request() -> None:
    assert read_turn("stop running the seed script, it's wiping my data", "user").notes == ()


@pytest.mark.parametrize("body", [
    "every queue needs a dead-letter queue, we lost messages twice last quarter",
    "each migration must be reversible, the rollback runbook depends on it",
    "ugh, no wildcard imports please. import the names you use",
    "also: no sleeps in tests anymore, wait on the condition instead",
])
def test_a_rule_said_as_a_complaint_or_for_every_thing_is_a_rule(body: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == ["rule"]


@pytest.mark.parametrize("body,kind", [
    ("set the worker concurrency to 4, the box only has four cores", "decision"),
    ("lower the session ttl to 15m because the auditors asked for it", "decision"),
    ("bump the version to 2.0.1, then run the tests", None),
])
def test_a_request_to_set_a_value_with_its_reason_is_a_decision(body: str, kind: str | None) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == ([kind] if kind else [])


@pytest.mark.parametrize("sentence,change", [
    ("enabled gzip on the reverse proxy, pages are half the size", True),
    ("turned off the query cache in staging", True),
    ("we set the pool size to 20", True),
    ("set the pool size to 20", False),  # an order, not a report
    ("add a pool for the workers", False),
])
def test_a_change_reported_without_a_subject_is_a_change(sentence: str, change: bool) -> None:
    assert reports_change(sentence) is change


@pytest.mark.parametrize("body,role", [
    ("our google play account id is 7H3K9Q2M4X, every build uploads with it. then the login bug", "user"),
    ("payments reconciliation belongs to Dana Okafor's team, they run the ledger service", "user"),
    ("load tests: k6 run perf/checkout.js against the staging copy on the perf box", "user"),
    ("Worth knowing: the nightly export runs with EXPORT_MODE=full from the scheduler, never by hand.", "assistant"),
])
def test_ids_owners_and_labelled_facts_are_facts(body: str, role: str) -> None:
    assert [n.kind for n in read_turn(body, role).notes] == ["fact"]


@pytest.mark.parametrize("body,fix", [
    ("The worker opened a file handle per job and never closed it. Added a with-block around the reader.", "with-block"),
    ("The importer read the CSV as Latin-1, so every umlaut came out garbled. It reads UTF-8 with a BOM check now, "
     "and the bad rows were re-imported.", "UTF-8 with a BOM"),
    ("The cache key left out the locale, so French users got German pages. The key now includes the locale.",
     "now includes the locale"),
])
def test_an_assistant_diagnosis_keeps_the_fix_said_after_it(body: str, fix: str) -> None:
    notes = read_turn(body, "assistant").notes
    assert [n.kind for n in notes] == ["cause"] and fix in notes[0].text, notes


def test_sentences_typed_in_lowercase_are_split_after_a_word_and_a_stop() -> None:
    assert sentences("ran the suite: 233 passed. long is 32-bit there, so the offset overflowed. e.g. see the log") == [
        "ran the suite: 233 passed.", "long is 32-bit there, so the offset overflowed.", "e.g. see the log"]


@pytest.mark.parametrize("body,note,rest", [
    # a two-letter word or a number before the stop: a lowercase typist's next sentence, a request
    ("the billing worker is owned by the data team, we only read from it. can u sort the flags", "read from it.",
     "sort the flags"),
    ("the nightly export finished at 9. could you bump the linter next", "finished at 9.", "bump the linter"),
    # a dash after a stop opens another thought
    ("we keep the lockfile in git, not in the image. -- ok, the docs build is red", "not in the image.",
     "docs build"),
])
def test_a_lowercase_request_after_a_short_word_or_number_is_not_part_of_the_note(body: str, note: str, rest: str) -> None:
    notes = read_turn(body, "user").notes
    assert notes and notes[0].text.endswith(note), notes
    assert not any(rest in n.text for n in notes), notes


def test_abbreviations_typed_in_lowercase_end_no_sentence() -> None:
    assert sentences("use the queue vs. the cron here, see e.g. the worker") == [
        "use the queue vs. the cron here, see e.g. the worker"]


@pytest.mark.parametrize("body", ["anyway, the export screen", "whatever, can u look at the flaky test too"])
def test_moving_on_to_the_next_thing_is_no_note(body: str) -> None:
    assert read_turn(body, "user").notes == ()


def test_an_assistant_agreeing_decides_nothing_itself() -> None:
    notes = read_turn("Agreed: the exports move to S3, since the disk keeps filling up.", "assistant").notes
    assert "decision" not in [n.kind for n in notes]
    assert [n.kind for n in read_turn("agreed with ops: exports move to S3, the disk keeps filling up", "user").notes] \
        == ["decision"]


@pytest.mark.parametrize("body,kind", [
    # news is no order: "update on X" brings a changed setting
    ("update on the invoice export: it runs weekly now because finance asked, still as CSV.", "correction"),
    ("the session timeout, restated: 20 minutes for staff, 2 hours for kiosks.", "correction"),
    # conventions given by example, or as "only"/"nothing hard-coded"
    ("same as the orders module: every table name in plural with a tenant_id column first.", "rule"),
    ("like we did in the billing client: retries only, no circuit breaker, jitter on every backoff.", "rule"),
    ("fonts come only from the design tokens package, nothing hard-coded in the components.", "rule"),
    ("reminder from the last review: every screen gets a loading state and an error state.", "rule"),
    ("the worker runs on Python 3.12, the lock is poetry.lock, don't run pip install here.", "rule"),
    ("we require Node 22 now for the fetch API, so the Node 18 limit is over.", "correction"),
    ("we target Android 15 now, because the store demands it.", "decision"),
    # the user's own diagnosis, with the fix that follows it
    ("found the flaky upload, the temp dir was shared between workers so files got overwritten.", "cause"),
    ("the nightly job that died at 2am: the token refresh ran after the export started. it's refreshed first now.",
     "cause"),
])
def test_more_ways_users_state_rules_corrections_and_causes(body: str, kind: str) -> None:
    assert [k for k, _ in kinds(body)] == [kind]


@pytest.mark.parametrize("body", ["update the README with the new flags", "fix the login redirect loop",
                                  "change the default port to 8081 in the compose file"])
def test_orders_that_start_with_a_news_word_stay_orders(body: str) -> None:
    assert read_turn(body, "user").notes == () or kinds(body)[0][0] == "decision"


def test_the_assistant_restating_a_preference_for_all_the_users_projects_is_global() -> None:
    notes = read_turn("Fixed the heading. Noted for everything I write for you, in any project: times in 24-hour "
                      "format, never am/pm.", "assistant").notes
    assert [n.scope_global for n in notes] == [True]
    local = read_turn("I checked all the services in this repo: each one pins its base image.", "assistant").notes
    assert not any(n.scope_global for n in local)


def test_not_only_for_this_app_is_meant_for_every_project() -> None:
    notes = read_turn("and not only for this app: when you suggest a migration, show me the SQL it runs first",
                      "user").notes
    assert [n.scope_global for n in notes] == [True]


# -- sentence shapes of chat as people type it -------------------------------------------------

@pytest.mark.parametrize("body,first", [
    ("why did you inline the config loader again?? we never inline loaders in this repo. redo it",
     "we never inline loaders in this repo."),
    ("why is the cron on UTC again... we always schedule jobs in the shop's local time here. fix it",
     "we always schedule jobs in the shop's local time here."),
])
def test_a_doubled_stop_ends_the_complaint_and_the_rule_after_it_is_kept(body: str, first: str) -> None:
    notes = read_turn(body, "user").notes
    assert [n.text for n in notes] == [first] and notes[0].kind == "rule", notes


def test_a_predicate_method_question_mark_ends_no_sentence() -> None:
    body = "The invoice view called order.customer.name when the order had no customer. It checks order.guest? now."
    assert sentences(body)[-1] == "It checks order.guest? now."
    assert [n.kind for n in read_turn(body, "assistant").notes] == ["cause"]


def test_a_name_in_code_at_the_start_is_no_order() -> None:
    # "check_signature" starts with the verb "check" but names a setting
    assert [k for k, _ in kinds("check_signature is strict for the partner webhooks now, audit finding")] \
        and read_turn("check the signature of the partner webhooks", "user").notes == ()


def test_a_malfunction_its_diagnosis_and_the_fix_after_it_make_a_cause() -> None:
    body = ("export crash on android 9: the share intent used a file:// uri and the old sdk rejected the uri. "
            "code goes through the content provider now. can u look at the list screen")
    notes = read_turn(body, "user").notes
    assert [n.kind for n in notes] == ["cause"] and "content provider now" in notes[0].text
    assert read_turn("the export crashed on empty files. it is fine now.", "user").notes == ()


def test_a_fact_in_the_past_then_what_holds_now_is_one_note() -> None:
    notes = read_turn("fyi the nightly totals were summed per local day so the DST night counted twice. "
                      "sums per utc_day now.", "user").notes
    assert [n.kind for n in notes] == ["cause"] and "utc_day now" in notes[0].text


def test_a_pasted_settings_diff_is_a_correction_with_the_new_value() -> None:
    body = "ops changed it, so you know:\n```\n- RETRY_LIMIT = 3\n+ RETRY_LIMIT = 7\n```\nthe carrier is flaky."
    notes = read_turn(body, "user").notes
    assert [n.kind for n in notes] == ["correction"]
    assert "`RETRY_LIMIT = 7`" in notes[0].text and "no longer `RETRY_LIMIT = 3`" in notes[0].text
    yaml_diff = "mirror it:\n```diff\n--- a/values.yaml\n+++ b/values.yaml\n@@ -3 +3 @@\n- replicas: 2\n+ replicas: 4\n```"
    assert "`replicas: 4`" in read_turn(yaml_diff, "user").notes[0].text
    code_diff = "look:\n```\n- total = add(a)\n+ total = add(a, b)\n- return total\n+ return total or 0\n```"
    assert read_turn(code_diff, "user").notes == ()


def test_a_quoted_review_comment_is_read_as_its_own_sentences() -> None:
    body = "pasting my review comment:\n> no global_state, ever. it breaks the parallel tests.\n\nok now the spec"
    assert "no global_state, ever." in [n.text for n in read_turn(body, "user").notes]


def test_a_rule_and_the_order_that_says_what_to_do_instead_are_one_note() -> None:
    body = "we never catch bare Exception in handlers here. catch what you can handle, the rest goes to the middleware."
    assert [n.text for n in read_turn(body, "user").notes] == [body]


@pytest.mark.parametrize("body", [
    "petit rappel pour tous mes projets : les messages de commit en anglais, toujours. bon, la page de login",
    "una cosa para todos mis proyectos: nada de tabs, siempre espacios. bueno, sigamos con el login",
    "für alle meine Projekte: Commits immer auf Englisch, bitte.",
    "uma coisa para todos os meus projetos: nada de tabs, sempre espaços.",
])
def test_all_my_projects_in_other_languages_is_global_and_the_next_topic_is_no_note(body: str) -> None:
    notes = read_turn(body, "user").notes
    assert [n.scope_global for n in notes] == [True], notes


def test_the_assistant_noting_a_preference_for_every_repository_is_global() -> None:
    notes = read_turn("Done. Noted for every repository: branch names as type/short-topic.", "assistant").notes
    assert [n.scope_global for n in notes] == [True]


@pytest.mark.parametrize("body,first", [
    ("for the checkout screens, ground rules:\n- prices are shown with the currency symbol after the amount\n"
     "- one call to the pricing service per render\nanyway, the failing snapshot",
     "prices are shown with the currency symbol after the amount"),
    ("our conventions for migrations:\n1. every migration can be rolled back\n2. no data changes inside a schema "
     "migration\n", "every migration can be rolled back"),
])
def test_items_under_a_lead_in_of_rules_are_rules(body: str, first: str) -> None:
    reading = read_turn(body, "user")
    assert [n.kind for n in reading.notes] == ["rule", "rule"]
    assert reading.notes[0].text == first
    assert all("rules" not in n.text and "conventions" not in n.text for n in reading.notes)  # the lead-in is no note


def test_items_under_a_lead_in_for_every_project_are_global_preferences() -> None:
    body = ("two things for every repo of mine:\n- error pages never show a stack trace\n"
            "- new endpoints get a rate limit from day one\nnow the login bug")
    notes = read_turn(body, "user").notes
    assert [(n.kind, n.scope_global) for n in notes] == [("preference", True), ("preference", True)]
    assert notes[1].text == "new endpoints get a rate limit from day one"


def test_a_list_of_chores_is_still_work() -> None:
    assert read_turn("things for today:\n- fix the flaky cart test\n- bump the linter", "user").notes == ()


@pytest.mark.parametrize("body,premise", [
    ("given that we moved the thumbnails to a CDN with signed URLs, is it fine to cache the page for an hour?",
     "we moved the thumbnails to a CDN with signed URLs"),
    ("since every date in the API is an ISO string in UTC, which helper should format it for the table?",
     "every date in the API is an ISO string in UTC"),
    ("now that the nightly import is owned by Marek Dvořák's team, who reviews changes to it?",
     "the nightly import is owned by Marek Dvořák's team"),
])
def test_the_premise_of_a_question_is_a_note_and_the_question_is_not(body: str, premise: str) -> None:
    notes = read_turn(body, "user").notes
    assert [n.text for n in notes] == [premise]


@pytest.mark.parametrize("body", ["since yesterday morning, why is the build failing?",
                                  "since the deploy, why is it slow?"])
def test_a_question_dated_by_its_since_states_nothing(body: str) -> None:
    assert read_turn(body, "user").notes == ()


def test_the_rule_a_pasted_diff_carries_in_its_comments_is_a_note() -> None:
    body = ("keep to this everywhere, it's from the review:\n```diff\n"
            "+# Prices in this module are integer cents. Never floats: rounding drifts once a basket has\n"
            "+# more than a few lines.\n+PRICE_SCALE = 100\n"
            "-# prices are floats for now, temporary\n def total(lines):\n```\nok, now the cart bug")
    texts = [n.text for n in read_turn(body, "user").notes]
    assert any("integer cents" in t for t in texts), texts
    assert any(t.startswith("Never floats: rounding drifts once a basket has more than a few lines") for t in texts)
    assert not any("temporary" in t for t in texts)  # a removed line is gone


def test_a_pasted_docstring_and_commit_message_are_read_but_not_a_log() -> None:
    docstring = ('the base class, for context:\n```python\nclass Ledger:\n    """Every write to a balance also '
                 'appends an entry to the journal table in the same\n    transaction."""\n    def post(self):\n'
                 '        pass\n```')
    assert any("journal table in the same transaction" in n.text for n in read_turn(docstring, "user").notes)
    commit = ("the commit, for the record:\n```\nfix(export): totals were counted twice for refunds\n\n"
              "A refund produced a second line per order. Sum per order id before adding refunds.\n```")
    assert any("Sum per order id before adding refunds" in n.text for n in read_turn(commit, "user").notes)
    log = ("it fails like this:\n```\nTraceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n"
           "    main()\nValueError: the configuration file could not be read today\n```")
    assert read_turn(log, "user").notes == ()


def test_the_assistant_code_comments_are_not_read_as_notes() -> None:
    body = ("Here is the change:\n```python\n# Retry the upload three times with a growing pause between tries.\n"
            "for attempt in range(3):\n    upload()\n```")
    assert not any("Retry the upload" in n.text for n in read_turn(body, "assistant").notes)


def test_an_ellipsis_inside_pasted_sql_ends_no_sentence() -> None:
    body = ("double bookings of a seat: it was read, check, write. now it's one UPDATE ... SET taken = true WHERE "
            "taken = false and no row updated means someone else won.")
    notes = read_turn(body, "user").notes
    assert len(notes) == 1 and notes[0].text.endswith("no row updated means someone else won.")


def test_a_setting_given_as_a_flag_or_a_camel_case_name_with_its_reason_is_a_decision() -> None:
    for body in ("set retryOnMount: false on the report queries, the server was flooded on every navigation",
                 "disable keepPreviousData in the search hook, the old results confused people"):
        assert [n.kind for n in read_turn(body, "user").notes] == ["decision"], body
    assert read_turn("set up the lint job on the new runner, it keeps failing", "user").notes == ()


def test_a_sentence_may_start_with_a_dotfile_name() -> None:
    body = ("I read through `src/app.ts` to see how the pieces fit together. .npmrc pins the registry to the "
            "internal mirror, so installs outside the VPN fail.")
    notes = read_turn(body, "assistant").notes
    assert [n.text[:6] for n in notes] == [".npmrc"]


@pytest.mark.parametrize("body", ["ok, the flaky reservation test next", "right, the import warnings next"])
def test_naming_what_comes_next_is_no_note(body: str) -> None:
    assert read_turn(body, "user").notes == ()


def test_a_whole_pasted_file_gives_no_notes_from_its_comments() -> None:
    body = "here's the whole module for context:\n```python\n" + "".join(
        f"# Step {i} of the importer reads one more column of the sheet.\nvalue_{i} = read({i})\n"
        for i in range(30)) + "```\nwhy is it slow?"
    assert read_turn(body, "user").notes == ()
    excerpt = "the review asked for this:\n```python\n" + "".join(
        f"# Rule {i}: every column {i} value is trimmed before it is stored.\nvalue_{i} = read({i})\n\n"
        for i in range(6)) + "```"
    assert len([n for n in read_turn(excerpt, "user").notes if n.text.startswith("Rule")]) == 3


@pytest.mark.parametrize("line,machine", [
    ("2026-11-27 10:00:01 INFO worker-3 processed batch 12 in 40 ms", True),
    ("WARN  pool exhausted, waiting", True),
    ('  File "app/export.py", line 88, in write_rows', True),
    ("    return rows.filter(r => r.total > 0);", True),
    ("| 12 | 0.41 | 99.2 |", True),
    ("where does the nightly export write its files?", False),
    ("that's the whole log, sorry", False),
])
def test_a_line_a_program_wrote_is_told_from_a_person_s(line: str, machine: bool) -> None:
    assert is_machine_line(line) is machine


@pytest.mark.parametrize("body", [
    "no matter the stack: commit messages are written in English, tell me if a hook rewrites them.",
    "regardless of the repo, keep the changelog entries in the past tense.",
    "ye sabhi projects ke liye hai: har naya config flag README mein likhna, example ke saath.",
    "모든 프로젝트에서 커밋 메시지는 영어로 써 주세요",
    "geureongeo modeun peurojekteue jeogyong: tests go next to the code they cover.",
    "asta e pentru toate proiectele mele: fără tab-uri, doar spații.",
    "minden projektemben: a commit üzenet angolul legyen.",
    # "all" and "project" next to each other in languages no phrase covers, romanised or written
    "hii ni kwa kila mradi wangu: tumia tabs, sio spaces.",
    "para sa lahat ng proyekto ko: walang console.log sa commit.",
    "afto isxyei gia ola ta project mou: ta tests prota, meta o kodikas.",
    "ini untuk semua projek saya: pakai tanda petik tunggal.",
    "áp dụng cho mọi dự án của tôi: đặt tên biến bằng tiếng Anh.",
    "ze tov lekhol haprojektim sheli: bli emoji be-commit.",
    # the words joined to an ending, a possessive between them, another alphabet's spelling of "project"
    "això val per a tots els meus projectes: res de tabuladors.",
    "in baraye hame-ye proje-haye man ast: faghat single quote.",
    "ei niyom amar shob project-er jonno: kono emoji na.",
    "kot ni chai kap thuk project khong phom: mai mi emoji.",
    "це правило для всіх моїх проєктів: жодних табуляцій.",
    "toto platí pre všetky moje projekty: žiadne tabulátory v kóde.",
    "ovo važi za sve moje projekte: bez emojija u commit porukama.",
    # "all" declined (Estonian, Lithuanian, Latvian), "every" mutated and "project" in Welsh, a default said for
    # everywhere
    "see reegel kehtib kõigile minu projektidele: ära kasuta tabulaatoreid.",
    "šita taisyklė galioja visiems mano repozitorijams: jokių emoji.",
    "tas attiecas uz visiem maniem projektiem: bez tabulācijām.",
    "rheol ym mhob prosiect sydd gen i: dim tabiau yn y cod.",
    "my rule anywhere: no emoji in commit messages.",
])
def test_every_project_in_more_languages_and_whichever_codebase_is_global(body: str) -> None:
    notes = read_turn(body, "user").notes
    assert [n.scope_global for n in notes][:1] == [True], notes


@pytest.mark.parametrize("body", [
    "en este proyecto todos usan tabs, no lo cambies.",
    "all reports go in the reports dir of this repo, keep it that way.",
    "ask her project lead before you touch the billing schema.",
    "the visual project board is out of date, move the cards.",
    "tamam, proje planını güncelle ve testleri çalıştır.",
    "ob das Projekt schon läuft, weiß ich nicht.",
    "Bob moved their project to the new runner last week.",
])
def test_all_and_project_apart_or_of_this_project_stay_in_the_project(body: str) -> None:
    assert [n.scope_global for n in read_turn(body, "user").notes][:1] in ([False], []), read_turn(body, "user").notes


@pytest.mark.parametrize("body,kind", [
    # a verb used as a noun before news: "change of plan", "update from <someone>:"
    ("change of plan on the exports: the cutoff is in hours now, 36 of them, whatever the timezone", "correction"),
    ("update from the billing team: the retry window is 45 min now, they asked for it after the outage", "correction"),
    # a setting with its reason after a comma, the reason's first word hyphenated
    ("set PREFETCH_LIMIT = 12 in the worker config, over-eager prefetching starved the slow queue", "decision"),
    # "crash reports" names a thing; the sentence states how the project works
    ("the desktop client has no analytics at all, crash reports are whatever users email us", "statement"),
])
def test_news_settings_and_things_named_after_a_malfunction_are_notes(body: str, kind: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes] == [kind]


def test_update_from_a_branch_is_still_a_request() -> None:
    assert read_turn("update from main and rerun the tests", "user").notes == ()


def test_a_decision_taken_in_a_pasted_chat_thread_is_a_note() -> None:
    body = ("pasting it so it's written down:\n```\n[09:40] rosalind: do we round the loyalty points per line or per "
            "basket?\n[09:44] mehmet (pos): decided: points are rounded down once per basket, never per line\n"
            "[09:45] rosalind: 🙌\n```\nright. the failing fixture next")
    notes = read_turn(body, "user").notes
    assert [n.kind for n in notes if "rounded down once per basket" in n.text] == ["decision"], notes
    assert not any("rosalind" in n.text or "09:44" in n.text or "per line or per basket?" in n.text for n in notes)
    irc = "```\n<quill> the nightly export goes to the sftp box at files.example.test, user exporter\n<bram> ack\n```"
    assert any("nightly export goes to the sftp box" in n.text for n in read_turn(irc, "user").notes)


def test_a_pasted_log_with_time_stamps_is_no_chat() -> None:
    log = ("it prints:\n```\n[10:01:02] INFO: worker started with the default settings for the queue\n"
           "[10:01:05] ERROR: the connection to the broker was refused by the remote host\n```")
    assert read_turn(log, "user").notes == ()
    shouted = ["10:01 SCHEDULER: picked up the job that refreshes the search index", "10:02 SCHEDULER: done in 4 s"]
    assert chat_messages(shouted) == []
    assert chat_messages([line.replace("SCHEDULER", "ines") for line in shouted]) == [
        "picked up the job that refreshes the search index", "done in 4 s"]


def test_settings_nested_under_a_key_keep_the_key() -> None:
    body = ("```yaml\n  queue-cache:\n    image: valkey:8\n    ports: [\"6402:6379\"]  # job locks live here, not in "
            "the session store\n```\nthat's the one")
    assert any(n.text.startswith("queue-cache: image: valkey:8") for n in read_turn(body, "user").notes)
    make = ("```make\nrefresh-zones:\n\tgo run ./cmd/zones --from https://files.example.test/zones.csv  # the delivery "
            "zones and their cut-off times\n```\nok, lint next")
    assert any("refresh-zones: go run ./cmd/zones" in n.text for n in read_turn(make, "user").notes)


def test_a_setting_with_its_purpose_after_so_is_a_decision_and_never_ever_a_rule() -> None:
    for body in ("set purge_on_boot = false on the preview cache so the warm pages survive a restart",
                 "bump the uploader's --chunk-size so the proxy stops cutting big files"):
        assert [n.kind for n in read_turn(body, "user").notes] == ["decision"], body
    complaint = "it annoys me when a job retries forever. cap the retries at the queue, never in the job, ever"
    assert any(n.kind == "rule" and "never in the job" in n.text for n in read_turn(complaint, "user").notes)
    assert [n.kind for n in read_turn("every spec that touches expiry freezes time with the clock helper, "
                                      "never with sleeps", "user").notes] != []


def test_a_final_answer_after_back_and_forth_is_a_correction() -> None:
    for body in ("ok final answer on the export, sorry for the back and forth: it runs at 04:00 after all",
                 "changed my mind on the retries: 5 attempts with a 2 s pause"):
        assert [n.kind for n in read_turn(body, "user").notes] == ["correction"], body


def test_a_short_paste_and_what_the_person_reads_from_it_are_one_note() -> None:
    body = ("```\n$ git shortlog -sn -- services/billing\n    52  Priya Nair\n     4  Jo Park\n```\n"
            "so the billing service is basically Priya's, ask her before touching it")
    notes = read_turn(body, "user").notes
    assert any("Priya Nair" in n.text and "ask her before touching it" in n.text for n in notes), notes
    program = "```\n" + "\n".join(f"line_{n} = compute({n})  # step" for n in range(12)) + "\n```\nok, lint next"
    assert read_turn(program, "user").notes == ()
    said = ("Here is what it printed:\n```\n$ whoami\nbuild-bot\n```\nSo the job runs as build-bot on that host.")
    assert not any("$ whoami" in n.text for n in read_turn(said, "assistant").notes)


@pytest.mark.parametrize("body,kind", [
    # a wrong memory owned up to, a fact true only until an event, an old value struck through, a place "now"
    ("I misspoke yesterday: the nightly export writes to reports/v3/ and the old folder is frozen.", "correction"),
    ("that was only true until the upgrade: sessions live in Redis now, keyed by the device id.", "correction"),
    ("~~--legacy-auth~~ is gone since the SSO rollout, the login flag is --sso-only.", "correction"),
    ("the fixtures loader reads from tests/golden now; the old seed folder is unused.", "correction"),
    # a rule with "no exceptions", approval on a condition, a lesson, the one thing to remember, "no x.y(), ever"
    ("every webhook handler verifies the signature before parsing the body, no exceptions.", "rule"),
    ("I'll only merge migrations where the down step restores the old column type.", "rule"),
    ("lesson learned after the outage: feature flags get an owner and an expiry date.", "rule"),
    ("if you remember one thing here: money is integer cents in every table.", "rule"),
    ("no os.system() in the tooling, ever: subprocess.run with a list of arguments.", "rule"),
])
def test_owned_up_mistakes_are_corrections_and_conditions_of_approval_are_rules(body: str, kind: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes][:1] == [kind], read_turn(body, "user").notes


@pytest.mark.parametrize("body,kind", [
    ("Every webhook payload is checked against the JSON schema in docs/hooks before it is stored.", "rule"),
    ("every drawer opens through useDrawer() so focus and Escape behave the same.", "rule"),
    ('from the review: "every firewall rule change needs a ticket number in its description".', "rule"),
])
def test_how_every_thing_of_a_kind_is_made_here_is_a_rule(body: str, kind: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes][:1] == [kind], read_turn(body, "user").notes


@pytest.mark.parametrize("body", ["every time I run the import it crashes on row 17",
                                  "each worker runs on a spot node now"])
def test_every_time_and_a_change_to_every_thing_are_no_rule(body: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes][:1] != ["rule"], read_turn(body, "user").notes


@pytest.mark.parametrize("body,text", [
    ("write the commit message for this fix: the nightly export skipped Sundays because the week started on "
     "Monday in the cron; it runs every day now.", "the nightly export skipped Sundays"),
    ("put this as the doc comment on fn merge(), word for word: /// Inputs are merged by timestamp, never "
     "one file after another; readers expect one timeline.", "Inputs are merged by timestamp"),
])
def test_a_text_the_user_dictates_for_a_commit_or_a_comment_is_a_note(body: str, text: str) -> None:
    notes = read_turn(body, "user").notes
    assert notes and notes[0].text.startswith(text), notes


@pytest.mark.parametrize("body", [
    "Order numbers on receipts are random five-letter codes on purpose, not the database id: ids leak volume.",
    "📌 pinned by the lead in #ops: a failed payout is retried by a person, never automatically.",
])
def test_a_design_meant_on_purpose_or_a_pinned_message_is_a_decision(body: str) -> None:
    assert [n.kind for n in read_turn(body, "user").notes][:1] == ["decision"], read_turn(body, "user").notes


def test_asking_whether_something_was_on_purpose_is_no_note() -> None:
    assert read_turn("did you delete the branch on purpose?", "user").notes == ()


@pytest.mark.parametrize("body", [
    "isto aplícase a todos os meus proxectos: usa sempre espazos, nunca tabulacións.",
    "dan jgħodd għall-proġetti kollha tiegħi: l-ebda emoji fil-kodiċi.",
    "dat gëllt fir all meng Projeten: keng Tabs am Code, ëmmer Espacen.",
])
def test_a_lead_clause_naming_projects_announces_a_rule_for_every_project(body: str) -> None:
    # a language no cue covers: the lead before the colon names projects, not this one
    notes = read_turn(body, "user").notes
    assert [(n.scope_global, n.category) for n in notes][:1] == [(True, "preference")], notes


@pytest.mark.parametrize("body", [
    "dans ce projet : jamais de tabs dans le code.",
    "en este proyecto: nada de emoji en el código.",
    "rule for this repo: no floats for money, ever.",
    "to protect prod: never run migrations by hand.",
    "I searched the whole repository, including tests and scripts: nothing calls it.",
])
def test_a_lead_clause_naming_this_project_or_no_project_stays_in_the_project(body: str) -> None:
    assert not any(n.scope_global for n in read_turn(body, "user").notes)


_RAW_LOG = "\n".join(f"2026-11-29T10:{i % 60:02d}:00Z ERROR orders.views: payment call failed status=502 attempt={i}"
                     for i in range(400))


def test_a_long_log_pasted_without_a_fence_is_no_note_of_the_person() -> None:
    """Found by pasting a 400-line log into Claude Code with a question under it: the log's first
    lines were stored as a 'statement' note (a log is read as the person's words only when fenced).
    Now a run of more than six lines a program wrote is read as a pasted block, fenced or not."""
    notes = read_turn(_RAW_LOG + "\n\nwe decided to retry the payment call three times, never more.", "user").notes
    assert [n.category for n in notes] == ["decision"] and "ERROR" not in notes[0].text
    spaced = _RAW_LOG.replace("attempt=7\n", "attempt=7\n\n")  # a blank line inside the log is part of it
    assert not any("ERROR" in n.text for n in read_turn(spaced + "\n\nso the gateway is down", "user").notes)


def test_short_pastes_and_lists_that_look_like_a_diff_stay_as_they_were() -> None:
    # a short paste is still read with the line after it, and a checklist of rules is prose
    short = "```\n$ git blame billing/codes.py | head -1\n4f2a9c1 (Priya Raman 2024-03-02) BILLING_CODE = 'BX-7'\n```\n" \
            "so the billing code is Priya's, ask her before changing it"
    assert any("Priya" in n.text for n in read_turn(short, "user").notes)
    checklist = "\n".join(f"- [ ] never push to the release branch number {i} without a review" for i in range(8))
    assert len(read_turn("house rules:\n" + checklist, "user").notes) >= 7
