"""The kinds of work prompts ask for and standing instructions govern (mnemon.claude.facets)."""

from __future__ import annotations

import pytest

from mnemon.claude.facets import BROAD, FACETS, asks, of


@pytest.mark.parametrize("instruction,prompt,facet", [
    ("Write commit messages in the imperative mood.", "commit this with a good message", "committing"),
    ("Show me the plan before editing more than a handful of files.", "restructure the parsers and update callers",
     "a change across files"),
    ("No exclamation marks in anything user-facing.", "write the copy for the upgrade banner", "text people read"),
    ("When you fix a bug, add a regression test first.", "fix the crash on an empty cart", "fixing a bug"),
    ("Outbound HTTP goes through the shared client with retries.", "integrate the shipping rates endpoint",
     "HTTP and APIs"),
    ("Handlers never open a database connection themselves; they call the store layer.",
     "add an endpoint that lists overdue loans", "HTTP and APIs"),
    ("Every outbound HTTP call is built with an explicit timeout.", "call the currency service to convert totals",
     "HTTP and APIs"),
    ("Amounts are integers in minor units, never floats.", "add a late fee for returns after 30 days", "money"),
    ("Every new component ships with a story and an accessibility check.", "add a dropdown to pick the shelf",
     "user interface"),
    ("Anything new uses async/await with streams, not callbacks.", "stream sensor readings into the chart view",
     "concurrency"),
    ("Changes to the public API need a changelog entry.", "make the config struct's fields private", "public interface"),
    ("No module-level state: keep it in the request context.", "remember which filters a user picked",
     "keeping state"),
    ("Hot paths use the flat hash map, not the standard one.", "build a lookup from tag to posts", "performance"),
    ("Applies to prod only run from the pipeline, never from a laptop.", "roll the firewall change out to prod",
     "deploying"),
    ("Never add a new dependency without asking me.", "add a library for reading spreadsheets", "dependencies"),
    ("Never add a new dependency without asking me.", "we need a diff renderer for the review page", "dependencies"),
    ("Pin every dependency to an exact version.", "pull in left-pad-ng for the report padding", "dependencies"),
    ("Say what a command does before running anything destructive.", "reset the test database and reseed it",
     "destructive operations"),
    ("When a requirement is unclear, ask me one question instead of guessing.", "implement the waitlist flow",
     "building a feature"),
])
def test_an_instruction_and_a_task_in_other_words_share_a_facet(instruction: str, prompt: str, facet: str) -> None:
    assert facet in of(instruction, "instruction") & of(prompt, "prompt")


def test_words_of_any_task_name_no_facet() -> None:
    # an edit of any kind names only the broad kind "any code change" (instructions for every change)
    assert of("add the thing and change the code in this file") == frozenset({"any code change"})
    assert of("the thing and the code in this file") == frozenset()


def test_facets_hold_no_word_twice_within_one() -> None:
    for facet, members in FACETS.items():
        assert len(set(members)) == len(members), facet


@pytest.mark.parametrize("instruction,prompt,facet", [
    ("For me, everywhere: short answers in bullets, no recap at the end.", "how does the nightly sync pick its rows?",
     "answering questions"),
    ("Never push to the remote yourself; I push.", "tidy up the export work and send it up", "branches and merging"),
    ("I'm on fish, so give me commands that work in fish.", "how do i run the worker locally with debug logs",
     "running commands"),
    ("Spell out names in full: no abbreviations.", "write a helper that rounds prices to the nearest cent",
     "writing code"),
])
def test_a_task_and_an_instruction_share_a_kind_of_work_named_on_one_side_only(instruction: str, prompt: str,
                                                                              facet: str) -> None:
    assert facet in of(instruction, "instruction") & of(prompt, "prompt")


def test_a_word_of_one_side_does_not_count_on_the_other() -> None:
    assert "answering questions" not in of("comments explain why the code is the way it is", "instruction")
    assert "writing code" not in of("fix the names in the payload", "prompt")
    with pytest.raises(ValueError):
        of("anything", "both")


@pytest.mark.parametrize("prompt", ["kannst du mir zeigen, wie der Import funktioniert?",
                                    "pourquoi le test de connexion échoue sur la CI ?",
                                    "¿puedes explicar cómo se calculan los descuentos?"])
def test_a_prompt_in_another_language_asks_for_the_language_of_answers(prompt: str) -> None:
    assert "language of answers" in of(prompt)
    assert "language of answers" in of("please always reply to me in English, my team reads these", "instruction")


@pytest.mark.parametrize("prompt", ["explain how the importer works", "why does the login test fail on CI?",
                                    "the Die Hard quote in the README is wrong"])
def test_a_prompt_in_english_does_not(prompt: str) -> None:
    assert "language of answers" not in of(prompt)


def test_showing_status_is_a_kind_of_work() -> None:
    instruction = of("I can't tell red from green: never show a status by colour alone, add an icon", "instruction")
    for prompt in ("mark each printer online or offline on the dashboard", "show whether a job passed or failed",
                   "add a badge with the build state to each row"):
        assert "showing status" in of(prompt) & instruction, prompt


def test_a_destructive_step_is_its_own_kind_of_work_apart_from_writing_commands() -> None:
    destructive = of("explain what a command does before running anything destructive", "instruction")
    how_to_write = of("when you give me shell commands, one per line, no && chaining", "instruction")
    for prompt in ("wipe the emulator data and reinstall the app", "clear out the build directory and start over"):
        assert of(prompt) & destructive and not of(prompt) & how_to_write, prompt


def test_quoted_examples_in_an_instruction_govern_nothing() -> None:
    assert "security" not in of("name tests as sentences: 'rejects expired tokens', not 'test_token_2'", "instruction")
    assert "security" in of("never log tokens", "instruction")


def test_a_task_that_needs_a_library_or_names_a_day_has_that_kind_of_work() -> None:
    assert "dependencies" in of("add charts to the stats screen")
    assert "dependencies" not in of("use the client we have for the upload")
    assert "dates and times" in of("show the expected delivery day on the order page")


def test_an_instruction_for_every_change_bears_on_any_edit_and_nothing_else() -> None:
    every = of("whenever you edit code, list the files you touched at the end", "instruction")
    assert "any code change" in every
    for prompt in ("rename the invoice status enum", "bump the cache size to 512", "make the header sticky"):
        assert "any code change" in of(prompt) & every, prompt
    assert not of("what does the billing module do?") & every
    assert "any code change" in BROAD  # sharing it says less than sharing a narrower kind of work


def test_coping_with_a_failure_is_error_handling() -> None:
    for prompt in ("handle the geocoder being down when a stop is saved", "handle the avatar upload failing"):
        assert "error handling" in of(prompt), prompt
    assert "error handling" not in of("handle the click on the save button")


def test_a_pr_is_committing_work_and_instructions_in_other_languages_name_their_kind_of_work() -> None:
    assert "committing" in of("open a PR for the retry fix") & of("PR descriptions list the risk first", "instruction")
    assert "dependencies" in of("pour tous mes projets : épingle chaque dépendance", "instruction")
    assert "dependencies" in of("für alle Projekte: jede Abhängigkeit mit fester Version", "instruction")
    assert "error handling" in of("jede Fehlermeldung sagt, was zu tun ist", "instruction")


@pytest.mark.parametrize("instruction,prompt,facet", [
    ("No magic numbers: every constant gets a name that says what it means.", "retry the upload five times",
     "named constants"),
    ("niente numeri magici nel codice, ogni costante con un nome", "hide the banner after 3 seconds",
     "named constants"),
    ("Every TODO you leave links to an issue.", "stub out the export for now, we'll do it next sprint",
     "unfinished work"),
    ("Every TODO you leave links to an issue.", "leave the edge case unimplemented, the main path first",
     "unfinished work"),
])
def test_values_written_into_code_and_work_left_for_later_are_kinds_of_work(instruction: str, prompt: str,
                                                                            facet: str) -> None:
    assert facet in of(instruction, "instruction")
    assert facet in of(prompt)


@pytest.mark.parametrize("prompt", ["why does the build take 10 minutes?", "how long is 30 days in seconds?",
                                    "rename the cart module"])
def test_a_question_or_a_task_without_a_quantity_writes_no_constant(prompt: str) -> None:
    assert "named constants" not in of(prompt)


@pytest.mark.parametrize("instruction,facet", [
    ("för alla mina projekt: kommentarer förklarar varför, inte vad.", "documentation"),
    ("dla wszystkich moich projektów: żadnych migracji bez przeglądu.", "schema changes"),
    ("subete no purojekuto de: komitto wa chiisaku.", "committing"),
    ("для всех моих проектов: никаких коммитов в main, только коммиты в ветки.", "committing"),
    ("在所有项目里，生产环境只能由我来部署。", "deploying"),
    ("pre všetky moje projekty: než začneš niečo mazať, opýtaj sa ma.", "destructive operations"),
    ("para todos mis proyectos: antes de borrar ficheros, enséñame la lista.", "destructive operations"),
    ("untuk semua proyek saya: setiap fungsi harus pendek.", "code structure"),
    ("za sve moje projekte: svaka skripta ima --help.", "running commands"),
    ("alle prosjektene mine: før du legger til et bibliotek, si hvor stort det er.", "dependencies"),
])
def test_an_instruction_in_another_language_names_its_kind_of_work(instruction: str, facet: str) -> None:
    assert facet in of(instruction, "instruction")


@pytest.mark.parametrize("prompt,facet", [
    ("add an example .env file", "configuration"),
    ("rename the user model everywhere", "a change across files"),
    ("refactor the permission check", "code structure"),
])
def test_more_tasks_name_their_kind_of_work(prompt: str, facet: str) -> None:
    assert facet in of(prompt)


def test_a_request_to_delete_is_destructive_and_a_foreign_library_a_dependency_on_the_prompt_side_too() -> None:
    assert "destructive operations" in of("delete the stale preview branches")
    assert "destructive operations" in of("get rid of the old export buckets")
    assert "dependencies" in of("finn et bibliotek som leser CSV")


def test_every_facet_lists_its_members_as_a_tuple() -> None:
    """A single string in place of a tuple would make each of its characters a member."""
    from mnemon.claude.facets import ABROAD, FACETS

    for table in (FACETS, ABROAD):
        for facet, members in table.items():
            assert isinstance(members, tuple) and all(members), facet


@pytest.mark.parametrize("instruction,facet", [
    # a migration, a column, a table, declined; a function's signature; an environment variable; a command
    ("velja za vse moje projekte: vsaka migracija ima tudi korak nazaj.", "schema changes"),
    ("für alle meine Projekte: jede neue Spalte bekommt einen Standardwert.", "schema changes"),
    ("para todos mis proyectos: antes de cambiar la firma de la función, enséñame quién la llama.", "signatures"),
    ("dla wszystkich moich projektów: każdą nową zmienną środowiskową opisz w README.", "configuration"),
    ("kõigis minu projektides: iga uus keskkonnamuutuja läheb näidisfaili.", "configuration"),
    ("pour tous mes projets: chaque commande longue sur plusieurs lignes.", "running commands"),
])
def test_more_kinds_of_work_in_more_languages(instruction: str, facet: str) -> None:
    assert facet in of(instruction, "instruction")


@pytest.mark.parametrize("prompt,facet", [
    ("add a tenant parameter to the export function", "signatures"),
    ("add a BILLING_DRY_RUN variable that skips the charge", "configuration"),
    ("dodaj stolpec archived_at v tabelo invoices", "schema changes"),
])
def test_adding_a_parameter_a_variable_or_a_column_names_its_kind_of_work(prompt: str, facet: str) -> None:
    assert facet in of(prompt)


def test_a_snake_case_variable_is_no_configuration() -> None:
    assert "configuration" not in of("add a retry_count variable to the loop")


@pytest.mark.parametrize("prompt,facet", [
    ("track how often members open the weekly digest", "analytics and tracking"),
    ("fire an event when a booking is cancelled", "analytics and tracking"),
    ("make the disk-full alert page someone at night", "alerting and on-call"),
    ("the new build crashes on start, how do we roll back?", "deploying"),
])
def test_tracking_alerting_and_rolling_back_are_kinds_of_work(prompt: str, facet: str) -> None:
    assert facet in of(prompt)


@pytest.mark.parametrize("prompt,ask,about", [
    # the ask first, what it is about in a clause or a phrase after it
    ("fix the bug where bookings ending at midnight show on the wrong day", "fixing a bug", "dates and times"),
    ("write tests for the SLA timer", "tests", "performance"),
    # the ask after the clause, behind a comma
    ("the unread badge says 0 when there are unread tickets, fix it", "fixing a bug", None),
])
def test_a_task_asks_for_one_kind_of_work_and_names_others_in_what_it_is_about(prompt: str, ask: str,
                                                                                about: str | None) -> None:
    asked, named = asks(prompt)
    assert ask in asked and ask not in named
    if about is not None:
        assert about in named and about not in asked


@pytest.mark.parametrize("prompt,facet", [
    ("make the toast disappear after four seconds", "named constants"),  # the value is the task wherever it is said
    ("only handle text messages in the export for now, files can come later", "unfinished work"),
    # an ask that names only a kind of work any task is of: what it is about is all there is to go on
    ("add a model that joins the readings to the table of station owners", "schema changes"),
])
def test_some_kinds_of_work_count_as_asked_wherever_the_task_names_them(prompt: str, facet: str) -> None:
    asked, named = asks(prompt)
    assert facet in asked and not named


def test_a_copy_of_something_is_no_text_people_read() -> None:
    assert "text people read" not in of("can I get a copy of the prod tickets locally to debug search?")
    assert "text people read" not in of("copy the templates into dist on build")
    assert "text people read" in of("rewrite the copy on the signup page")
    assert "text people read" in of("UI copy follows the style guide", "instruction")


@pytest.mark.parametrize("instruction", [
    "after you change code, tell me the exact command to check it myself",
    "once you've edited files, run the formatter",
    "when you're done, end with a list of the files you touched",
])
def test_an_instruction_said_after_any_change_governs_any_code_change(instruction: str) -> None:
    assert "any code change" in of(instruction, "instruction")


def test_a_long_command_line_option_in_a_task_is_configuration() -> None:
    assert "configuration" in of("give the mesh CLI a --max-faces switch")
    assert "configuration" not in of("give the mesh CLI a faster loader")
    assert "configuration" not in of("run git log -- src")  # the end of options is no option


def test_a_rename_is_naming_work_on_both_sides() -> None:
    assert "naming" in of("rename parse_line to parse_record and make it skip empty lines")
    assert "naming" in of("a rename goes in its own commit, never mixed with a behaviour change", "instruction")


@pytest.mark.parametrize("prompt,facet", [
    ("remove the legacy CSV importer path from the extract", "destructive operations"),
    ("drop the dead migrations that were squashed last year", "destructive operations"),
    ("install valgrind so I can chase the leak", "running commands"),
    ("port 80 is taken on my machine by something, find what and kill it", "running commands"),
])
def test_taking_out_old_code_and_working_on_the_machine_name_their_kind_of_work(prompt: str, facet: str) -> None:
    assert facet in of(prompt)


def test_removing_a_thing_in_use_or_naming_an_installer_is_not_that_work() -> None:
    assert "destructive operations" not in of("remove the border from the login button")
    assert "running commands" not in of("show the installed version in the about screen")


def test_an_instruction_not_to_reformat_untouched_lines_governs_formatting_and_any_change() -> None:
    named = of("please never reformat lines you are not editing, keep the diff small", "instruction")
    assert {"formatting and linting", "any code change"} <= named
