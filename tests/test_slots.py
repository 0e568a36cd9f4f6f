"""When a newer statement replaces an older one by the value it sets (mnemon.engine.slots)."""

from __future__ import annotations

from typing import Any

import pytest

from mnemon.engine.slots import read, replaces


@pytest.mark.parametrize("older,newer", [
    ("our minSdk is 21, keep that in mind for the date code.", "we raised minSdk to 23 so we can use the new APIs."),
    ("Payment calls time out after 4 seconds; it's set in the client defaults.",
     "we bumped the payment timeout to 9 seconds, the sandbox is slow."),
    ("the search cache is at cache.internal on port 6380", "the search cache now sits behind the proxy on port 6390"),
    ("The nightly export runs at 01:00 UTC, after the backup.", "the backup moved later, so the nightly export now "
                                                                  "runs at 03:15 UTC."),
    ("we target C++14, so no structured bindings please.", "we moved the build to C++17, so structured bindings are fine now."),
    ("prod runs in us-east-1, remember that for the provider block.", "prod lives in ap-south-2 now."),
    ("the orders API is versioned under /v1/orders", "everything moved to /v2/order-lists, the old routes return 410."),
    # one dimension in two units
    ("Search results are cached for 10 minutes (cacheTtl) before a refresh.",
     "people saw stale results. set the search results cacheTtl down to 45 seconds"),
    # a currency amount
    ("the minimum basket for delivery is $30, show it at checkout", "sales moved delivery to baskets over $40 from june"),
    # one number named two ways: "per seat is 12", "seats can hold 20 now"
    ("max guests per table is 12, the booking form enforces it", "the venue raised the cap, a table can seat 20 guests now"),
    # a schedule without a number, then clock times
    ("the invoice sync runs every hour", "switched the invoice sync to run at 07:00 and 19:00 only"),
    # a version on the same subject named by another word
    ("the worker pools run 3.9", "the platform's been upgraded to runtime 3.11, worker pools too"),
    # a change said by a word the older statement also uses as an adjective ("reduced")
    ("The reduced fee is configured as 2% in the fees table.", "regulator change: the reduced fee is 3% from this month"),
])
def test_a_changed_value_on_the_same_subject_replaces(older: str, newer: str) -> None:
    assert replaces(newer, older)
    assert not replaces(older, newer)  # the older one says nothing changed


@pytest.mark.parametrize("older,newer", [
    # the same unit on another subject
    ("Payment calls time out after 4 seconds.", "the tracking webhook now retries after 30 seconds."),
    # a routine sentence said again with another count: nothing changed
    ("It's used in 4 files, so renaming is cheap now.", "It's used in 7 files, so renaming is cheap now."),
    # no change said and no correction: two facts side by side
    ("The cache listens on port 6380.", "The queue listens on port 5672."),
    # the same value: a restatement, not a replacement
    ("the API listens on 8443", "the API now listens on 8443 behind the proxy"),
    # two durations of one dimension on subjects sharing a single word
    ("Exports older than 90 days are purged by the storage provider.", "we bumped the storage timeout to 12 seconds"),
    # a bare number and a number of seconds: other kinds of value
    ("the support team changed it: agent pings now come every 15 seconds",
     "support raised the cap, agents can take 30 chats now"),
    # a schedule on another subject
    ("Backups are checked nightly by a job that runs alone.", "switched the digest job to run at 06:00 only"),
    # the days of two things sharing one word: a unit names no subject
    ("the ledger archive must keep snapshots 40 days for the auditors, not 10.",
     "archive cleanup, only the unit changes: 12 weeks, not 12 days."),
])
def test_other_subjects_routine_repeats_and_restatements_do_not_replace(older: str, newer: str) -> None:
    assert not replaces(newer, older)


def test_a_correction_without_a_shared_slot_needs_much_the_same_words() -> None:
    older = "invoices are numbered per year, like INV-2024-00017."
    newer = "finance changed the numbering: one sequence per legal entity now, for example LL-UK-000451, no year."
    assert replaces(newer, older, correction=True)
    assert not replaces("The release notes are in `docs/changes.md` now.", older, correction=True)


def test_slots_name_units_names_and_glued_versions() -> None:
    s = read("minSdk is 21, iOS 15 and C++17; pings every 5 seconds on port 6390")
    assert s.slots["minsdk"] == {"21"} and s.slots["ios"] == {"15"} and s.slots["c++"] == {"17"}
    assert s.slots["second"] == {"5"} and s.slots["port"] == {"6390"}


def test_of_two_statements_a_change_could_replace_it_replaces_the_one_it_shares_most_words_with(tmp_path) -> None:
    from mnemon.config import load
    from mnemon.engine.memory import Memory

    memory = Memory.open(tmp_path / "m.db", config=load(env={}, overrides={"embedder": "none"}))
    try:
        def add(content: str, at: float) -> str:
            result = memory.remember(content, category="general", importance=2, scope="/p", embed=False,
                                     created_at=at, tags=("claude-code", "note", "statement"))
            assert result.id is not None
            return str(result.id)

        per_user = add("the api allows 100 requests per user per minute for the export endpoints", 1_700_000_000.0)
        per_ip = add("the login form allows 5 requests per ip", 1_710_000_000.0)
        newer = memory.remember("the api now allows 300 requests per user per minute on the export endpoints",
                                category="general", importance=2, scope="/p", embed=False, created_at=1_720_000_000.0,
                                tags=("claude-code", "note", "statement"))
        assert newer.superseded_id == per_user, (newer.superseded_id, per_user, per_ip)
    finally:
        memory.close()


def test_years_and_an_arrow_say_a_duration_changed() -> None:
    # "1 yr" is a duration like "90 days"; "->" says the value changed
    assert replaces("audit logs on the team plan are kept 2 yrs now, legal asked",
                    "team plan: audit logs are kept for 180 days, then archived")
    assert replaces("lock timeout -> 45 seconds, the batch jobs were starved",
                    "the lock timeout on the batch jobs is 20 seconds")
    # an arrow between two things that are no values of one setting replaces nothing
    assert not replaces("login -> dashboard redirect is done", "the dashboard loads in 2 seconds")


def test_a_value_named_as_replaced_keeps_its_thousands_and_a_shared_slot_stands_for_a_second_subject_word(tmp_path) -> None:
    from mnemon.config import load
    from mnemon.engine.memory import Memory
    from mnemon.engine.slots import named_old

    assert named_old("the default quota is 750 GB now, not 2,500, ops asked") == frozenset({"2,500"})
    memory = Memory.open(tmp_path / "m.db", config=load(env={}, overrides={"embedder": "none"}))
    try:
        def add(content: str, at: float, tag: str) -> Any:
            return memory.remember(content, category="general", importance=2, scope="/p", embed=False,
                                   created_at=at, tags=("claude-code", "note", tag))

        quota = add("The importer assumes a 2,500 GB quota per tenant unless the plan row says otherwise.", 1.7e9, "statement")
        warmup = add("the warm-up block defaults to 8 minutes before every session", 1.7e9 + 10, "statement")
        assert add("heard from infra: the default tenant quota is 750 GB now, not 2,500.", 1.71e9, "fact").superseded_id == quota.id
        assert add("from Ines: warm-up default is 6 minutes, not 8.", 1.71e9 + 10, "fact").superseded_id == warmup.id
        # the same when the correction was captured first and the older statement is imported after it
        newer = add("from Ines: cool-off default is 4 minutes, not 9.", 1.72e9, "fact")
        older = add("the cool-off block defaults to 9 minutes after every session", 1.69e9, "statement")
        st = memory._st
        rows = {ins.id: row for row, ins in enumerate(st.insights) if ins is not None}
        assert rows[newer.id] in st.superseded_by.get(rows[older.id], set())
    finally:
        memory.close()


@pytest.mark.parametrize("older,newer,replaced", [
    ("refunds are batched and paid out weekly by region", "refunds are paid out per order now, not weekly, and the region batching is gone", True),
    ("a signed quote stays valid within three days, then sales must issue it again", "signed quote validity window: one day, not three.", True),
    ("promo discounts apply per basket, capped by the promo row", "the promo row discounts count per customer, not per basket.", True),
    # the word named is another thing's, or the two share too little besides it
    (".env files are gitignored in every service", "the signing keys live in the keychain, not in .env files", False),
    ("we use Memcached for sessions", "sessions go to Redis, not Memcached", False),
])
@pytest.mark.parametrize("newer_first", [False, True])
def test_a_word_named_as_replaced_supersedes_the_statement_holding_it(tmp_path, older: str, newer: str, replaced: bool,
                                                                      newer_first: bool) -> None:
    from mnemon.config import load
    from mnemon.engine.memory import Memory

    memory = Memory.open(tmp_path / "m.db", config=load(env={}, overrides={"embedder": "none"}))
    try:
        def add(content: str, at: float) -> str:
            return str(memory.remember(content, category="general", importance=2, scope="/p", embed=False,
                                       created_at=at, tags=("claude-code", "note", "statement")).id)

        if newer_first:
            new_id, old_id = add(newer, 1.71e9), add(older, 1.7e9)
        else:
            old_id, new_id = add(older, 1.7e9), add(newer, 1.71e9)
        st = memory._st
        rows = {ins.id: row for row, ins in enumerate(st.insights) if ins is not None}
        assert (rows[new_id] in st.superseded_by.get(rows[old_id], set())) is replaced
    finally:
        memory.close()


@pytest.mark.parametrize("older,newer", [
    # a plain word before a number names an instance, not a setting, unless the two share a subject word
    ("the label printer in warehouse 3 jams when the roll is nearly empty",
     "09:40 first alert, scanners offline in warehouse 5, root cause a switch, replaced"),
    ("the frost alert fires at 2°C", "the sync job was switched to an alarm that fires every 15 minutes"),
    ("a comment is capped at 2,000 characters, the editor rejects longer ones",
     "we lifted the project cap to 500 for the team plan"),
    # "now" inside code says no change
    ("the admin site is on port 8001 locally and the mail catcher on 1025",
     "found it: the admin mail template calls datetime.now() without a time zone in 1 place, so the mail shows UTC"),
    # the numbers of a list's items and a chat line's time stamps state no value
    ("three things: 1) the export is a plain CSV, not Excel 2) keep the header row",
     "the report API keeps at most 50 rows per page, everything past the 50th is dropped"),
    ("[09:12] Priya: refunds go back to the original card [09:13] Tom: ok, final answer then",
     "16:05 first report, refunds failing for card payments 16:20 root cause: an expired key, replaced instead"),
])
def test_instances_code_and_markers_do_not_make_a_replacement(older: str, newer: str) -> None:
    assert not replaces(newer, older)


@pytest.mark.parametrize("older,newer", [
    ("Kotlin 1.9 everywhere, the compose compiler pins it", "we moved to Kotlin 2.0 last sprint"),
    ("the app targets iOS 15", "the app targets iOS 17 now"),
    ("max_retries is 3 in the worker config", "we raised max_retries to 5"),
    ("the heat warning on the dashboard fires at 32°C", "the heat warning on the dashboard now fires at 30°C"),
])
def test_a_slot_named_by_a_name_or_on_a_shared_subject_still_replaces(older: str, newer: str) -> None:
    assert replaces(newer, older)


def test_list_markers_and_chat_stamps_are_not_values() -> None:
    s = read("two things: 1) keep the header 2) [10:05] Ana: use 4 spaces")
    assert "1" not in s.values and "2" not in s.values and "10:05" not in s.values
    assert s.values == {"4"}
