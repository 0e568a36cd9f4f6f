"""The transcript reader on real-format samples, hostile bytes and hypothesis-generated junk."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mnemon.claude.transcript import (
    Cursor,
    clean_text,
    parse_turns,
    read_chunk,
    summarise_tools,
    tool_action,
    user_prompt,
)

DATA = Path(__file__).parent / "data" / "transcripts"
CWD = "/home/dev/shop"


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    shutil.copy(DATA / name, target)
    return target


def _line(obj: object) -> bytes:
    return json.dumps(obj, separators=(",", ":")).encode() + b"\n"


def _user(uuid: str, text: object, **extra: object) -> dict[str, object]:
    return {"type": "user", "uuid": uuid, "timestamp": "2026-11-20T10:00:00Z",
            "message": {"role": "user", "content": text}, **extra}


def _assistant(uuid: str, mid: str, block: dict[str, object]) -> dict[str, object]:
    return {"type": "assistant", "uuid": uuid, "timestamp": "2026-11-20T10:00:01Z",
            "message": {"id": mid, "role": "assistant", "content": [block]}}


def test_real_format_sample_gives_two_turns_without_noise(tmp_path: Path) -> None:
    path = _copy(tmp_path, "session_basic.jsonl")
    chunk = read_chunk(str(path), Cursor())
    assert chunk.eof and not chunk.partial and chunk.bad_lines == 0
    assert chunk.end == path.stat().st_size and chunk.end_line == 24
    turns = parse_turns(chunk.records, cwd=CWD)
    assert [t.uuid for t in turns] == ["u1", "u2"]
    assert [t.index for t in turns] == [1, 2]
    first = turns[0]
    assert first.prompt is not None and first.prompt.startswith("We decided to use SQLite")
    assert "hunter2" not in first.prompt and "private" not in first.prompt
    assert "orders table" in first.text and "WAL mode" in first.text
    assert "SECRET-THOUGHT" not in first.text
    assert summarise_tools(first.tools) == "Wrote db.py; ran `pytest -q tests/test_db.py`."
    everything = " ".join((t.prompt or "") + t.text for t in turns)
    for noise in ("Caveat", "/model", "Set model", "mnemon-notes", "We use Flask", "TodoWrite", "interrupted",
                  "File created", "3 passed"):
        assert noise not in everything


def test_lines_sharing_a_message_id_merge_into_one_reply(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(_line(_user("u", "explain the cache"))
                     + _line(_assistant("a1", "msg_1", {"type": "text", "text": "First part."}))
                     + _line(_assistant("a2", "msg_1", {"type": "tool_use", "name": "Edit",
                                                       "input": {"file_path": "/p/cache.py"}}))
                     + _line(_assistant("a3", "msg_1", {"type": "text", "text": "Second part."})))
    turns = parse_turns(read_chunk(str(path), Cursor()).records, cwd="/p")
    assert len(turns) == 1 and len(turns[0].replies) == 1
    reply = turns[0].replies[0]
    assert reply.text == "First part.\n\nSecond part." and reply.uuid == "a1"
    assert summarise_tools(list(reply.tools)) == "Edited cache.py."


def test_partial_last_line_is_left_for_the_next_read(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    whole = _line(_user("u1", "first prompt here"))
    tail = _line(_user("u2", "second prompt here"))
    path.write_bytes(whole + tail[:10])
    chunk = read_chunk(str(path), Cursor())
    assert chunk.partial and chunk.end == len(whole) and len(chunk.records) == 1
    with path.open("ab") as fh:
        fh.write(tail[10:])
    nxt = read_chunk(str(path), Cursor(chunk.end, chunk.end_line, chunk.inode))
    assert [r.data["uuid"] for r in nxt.records] == ["u2"] and nxt.records[0].line == 2


def test_invalid_utf8_binary_deep_nesting_and_non_objects_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(
        b"\xff\xfe\x00binary junk\x00\n"
        + b'{"type":"user","uuid":"u1","message":{"role":"user","content":"caf\xc3\xa9 \xff ok please"}}\n'
        + b"[1,2,3]\n" + b"null\n" + b"{not json}\n"
        + b'{"a":' * 100000 + b"1" + b"}" * 100000 + b"\n"
        + b"\n\n"
        + _line(_user("u2", "after the junk")))
    chunk = read_chunk(str(path), Cursor())
    assert [r.data.get("uuid") for r in chunk.records] == ["u1", "u2"]
    assert chunk.bad_lines >= 4 and chunk.eof
    turns = parse_turns(chunk.records)
    assert turns[0].prompt is not None and "café" in turns[0].prompt and "\ufffd" in turns[0].prompt


def test_huge_line_is_skipped_in_bounded_pieces(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    huge = _line(_user("big", "x" * 300_000))
    path.write_bytes(_line(_user("u1", "before it")) + huge + _line(_user("u2", "after it")))
    chunk = read_chunk(str(path), Cursor(), max_line=64 * 1024)
    assert [r.data["uuid"] for r in chunk.records] == ["u1", "u2"]
    assert chunk.long_lines == 1 and chunk.end == path.stat().st_size
    assert [r.line for r in chunk.records] == [1, 3]


def test_huge_unterminated_line_is_skipped_as_far_as_written_and_never_read_again(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    first = _line(_user("u1", "before it"))
    path.write_bytes(first + b'{"type":"user","x":"' + b"y" * 200_000)
    chunk = read_chunk(str(path), Cursor(), max_line=64 * 1024)
    assert chunk.partial and chunk.skipping and chunk.long_lines == 1
    assert [r.data["uuid"] for r in chunk.records] == ["u1"] and chunk.end == path.stat().st_size
    cursor = Cursor(chunk.end, chunk.end_line, chunk.inode, skipping=True)
    assert Cursor.from_dict(cursor.to_dict()) == cursor
    with path.open("ab") as fh:  # the line ends at last; the next one is read from its start
        fh.write(b"y" * 1000 + b'"}\n' + _line(_user("u2", "after it")))
    nxt = read_chunk(str(path), cursor, max_line=64 * 1024)
    assert [(r.data["uuid"], r.line) for r in nxt.records] == [("u2", 3)]
    assert nxt.start == chunk.end and not nxt.skipping and nxt.eof


def test_a_line_with_no_end_in_sight_is_skipped_within_each_reads_budget(tmp_path: Path) -> None:
    """A huge file without a newline (issue 11 item 9: 20 GB blocked the writer for 57 s,
    read whole on every capture): each read stops after its byte budget and the next
    continues from there, so no read is long and no byte is read twice."""
    path = tmp_path / "t.jsonl"
    first = _line(_user("u1", "before it"))
    with path.open("wb") as fh:
        fh.write(first)
        fh.truncate(len(first) + 64 * 1024 * 1024)  # sparse: 64 MiB of NULs, no newline
    cursor, reads, starts = Cursor(), 0, []
    while True:
        chunk = read_chunk(str(path), cursor, max_bytes=4 * 1024 * 1024)
        reads += 1
        starts.append(chunk.start)
        assert chunk.end - chunk.start <= 4 * 1024 * 1024 + 64 * 1024
        cursor = Cursor(chunk.end, chunk.end_line, chunk.inode, skipping=chunk.skipping)
        if chunk.eof:
            break
    assert reads >= 16 and starts == sorted(set(starts)) and cursor.skipping
    assert cursor.offset == path.stat().st_size and chunk.long_lines == 0
    again = read_chunk(str(path), cursor)
    assert again.start == again.end == path.stat().st_size and again.eof and again.skipping


def test_max_bytes_bounds_one_read_and_the_rest_follows(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"".join(_line(_user(f"u{i}", f"prompt number {i}")) for i in range(200)))
    cursor, seen, reads = Cursor(), [], 0
    while True:
        chunk = read_chunk(str(path), cursor, max_bytes=2000)
        reads += 1
        assert chunk.end - chunk.start <= 2000 + 200
        seen += [r.data["uuid"] for r in chunk.records]
        cursor = Cursor(chunk.end, chunk.end_line, chunk.inode)
        if chunk.eof:
            break
    assert seen == [f"u{i}" for i in range(200)] and reads > 5


def test_missing_file_truncation_and_replacement(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    missing = read_chunk(str(path), Cursor(5, 1))
    assert missing.missing and missing.records == () and missing.end == 5
    path.write_bytes(_line(_user("u1", "one")) + _line(_user("u2", "two")))
    done = read_chunk(str(path), Cursor())
    path.write_bytes(_line(_user("u9", "new")))
    again = read_chunk(str(path), Cursor(done.end, done.end_line, done.inode))
    assert again.reset and [r.data["uuid"] for r in again.records] == ["u9"]
    os.remove(path)
    path.write_bytes(_line(_user("u1", "one")) + _line(_user("u2", "two")) + _line(_user("u3", "three")))
    moved = read_chunk(str(path), Cursor(done.end, done.end_line, done.inode + 1 if done.inode else 1))
    assert moved.reset and len(moved.records) == 3


def test_cursor_from_garbage_is_the_start() -> None:
    assert Cursor.from_dict(None) == Cursor()
    assert Cursor.from_dict({"offset": -3, "line": "x", "inode": True, "turn_uuid": 5}) == Cursor()
    c = Cursor(10, 2, 7, "u", 3)
    assert Cursor.from_dict(c.to_dict()) == c


def test_user_prompt_noise_rules() -> None:
    assert user_prompt(_user("u", "plain prompt")) == "plain prompt"
    assert user_prompt(_user("u", "x", isMeta=True)) is None
    assert user_prompt(_user("u", "x", isCompactSummary=True)) is None
    assert user_prompt(_user("u", [{"type": "tool_result", "content": "ok"}])) is None
    assert user_prompt(_user("u", "<command-name>/clear</command-name>")) is None
    assert user_prompt(_user("u", "<task-notification>done</task-notification>")) is None
    assert user_prompt(_user("u", [{"type": "text", "text": "<system-reminder>r</system-reminder>"},
                                   {"type": "text", "text": "real words"}])) == "real words"
    assert user_prompt(_user("u", "keep <private>secret</private>this")) == "keep this"
    assert user_prompt(_user("u", "a <mnemon-notes>\n- [x] old note\n</mnemon-notes> b")) == "a  b"
    assert user_prompt({"type": "user", "message": "not a dict"}) is None
    assert clean_text("<private>unclosed everything") == ""


def test_tool_actions() -> None:
    assert tool_action("Edit", {"file_path": "/r/src/a.py"}, "/r") == "edited\tsrc/a.py"
    assert tool_action("Bash", {"command": "make\nmake install"}, None) == "ran\tmake"
    assert tool_action("Bash", {"command": 5}, None) is None
    assert tool_action("TodoWrite", {}, None) is None
    assert tool_action(None, {}, None) is None
    assert summarise_tools(["read\t", "searched\t"]) is None
    text = summarise_tools([f"edited\tf{i}.py" for i in range(9)] + ["read\t"])
    assert text == "Edited f0.py, f1.py, f2.py, f3.py, f4.py, f5.py and 3 more; read or searched 1 time."


def test_continuation_lines_join_the_open_turn(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(_line(_assistant("a9", "msg_9", {"type": "text", "text": "late flush"}))
                     + _line(_user("u5", "next prompt")))
    chunk = read_chunk(str(path), Cursor())
    turns = parse_turns(chunk.records, open_turn="u4", turn_index=4)
    assert [(t.uuid, t.index, t.prompt) for t in turns] == [("u4", 4, None), ("u5", 5, "next prompt")]
    assert turns[0].text == "late flush"
    assert parse_turns(chunk.records)[0].uuid == "u5"


def test_sidechain_lines_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(_line(_user("u1", "main prompt"))
                     + _line({**_user("s1", "subagent prompt"), "isSidechain": True}))
    turns = parse_turns(read_chunk(str(path), Cursor()).records)
    assert [t.uuid for t in turns] == ["u1"]


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=30))
json_value = st.recursive(json_leaf, lambda kids: st.lists(kids, max_size=4)
                          | st.dictionaries(st.sampled_from(["type", "message", "content", "text", "id", "uuid",
                                                             "isMeta", "name", "input", "role", "timestamp",
                                                             "dia_id", "isSidechain", "tool_use_id"]) | st.text(max_size=5),
                                            kids, max_size=5), max_leaves=25)
line_obj = st.fixed_dictionaries({"type": st.sampled_from(["user", "assistant", "system", "attachment", "x"])},
                                 optional={"message": json_value, "uuid": json_value, "isMeta": json_value,
                                           "timestamp": json_value, "dia_id": json_value})


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.one_of(line_obj.map(_line), st.binary(max_size=60)), max_size=12),
       cut=st.integers(min_value=0, max_value=5000), max_bytes=st.integers(min_value=1, max_value=3000))
def test_fuzz_reader_and_parser_never_raise(tmp_path: Path, lines: list[bytes], cut: int, max_bytes: int) -> None:
    path = tmp_path / "fuzz.jsonl"
    blob = b"".join(lines)
    path.write_bytes(blob[: cut] if cut < len(blob) else blob)
    cursor = Cursor()
    for _ in range(len(blob) + 2):
        chunk = read_chunk(str(path), cursor, max_bytes=max_bytes, max_line=200)
        turns = parse_turns(chunk.records, open_turn=cursor.turn_uuid, turn_index=cursor.turn, cwd="/r")
        for turn in turns:
            assert isinstance(turn.text, str)
            summarise_tools(turn.tools)
        assert chunk.end >= chunk.start
        cursor = Cursor(chunk.end, chunk.end_line, chunk.inode, turns[-1].uuid if turns else cursor.turn_uuid)
        if chunk.eof:
            break
    else:
        raise AssertionError("the reader made no progress")


def test_fifo_device_and_directory_are_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    for path in (str(fifo), "/dev/zero", str(tmp_path)):
        chunk = read_chunk(path, Cursor())
        assert chunk.missing and chunk.records == ()


def test_compaction_boundary_and_summary_are_not_turns(tmp_path: Path) -> None:
    path = _copy(tmp_path, "session_compact.jsonl")
    turns = parse_turns(read_chunk(str(path), Cursor()).records)
    assert [(t.uuid, t.prompt) for t in turns] == [
        ("k1", "Let's use ruff for linting instead of flake8."),
        ("k3", "Now add a pre-commit hook that runs ruff."),
    ]
    assert "continued from a previous conversation" not in " ".join(t.text for t in turns)
    assert turns[1].text == "Added .pre-commit-config.yaml running ruff check and ruff format."
