"""Every op's arguments, fuzzed: validation answers a clear InvalidInput or a checked dict, and a
real daemon fed random arguments answers every request and keeps serving."""

from __future__ import annotations

from typing import Any

import pytest
from daemon_harness import DaemonProcess
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mnemon_daemon.ops import OPS

from mnemon.errors import MnemonError

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.floats(allow_nan=True) | st.text(max_size=40)
    | st.binary(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=10), children, max_size=4),
    max_leaves=12,
)
arg_maps = st.dictionaries(st.sampled_from(["content", "query", "id", "limit", "scope", "session_id", "type",
                                            "source", "tags", "weight", "prompt", "cwd", "x", ""]),
                           json_values, max_size=6)


@settings(max_examples=300, deadline=None)
@given(op=st.sampled_from(sorted(OPS)), args=arg_maps)
def test_validation_never_crashes(op: str, args: dict[str, Any]) -> None:
    try:
        checked = OPS[op].validate(args)
    except MnemonError as err:
        assert str(err)
        return
    assert isinstance(checked, dict)


SAFE_OPS = sorted(set(OPS) - {"shutdown", "import_transcripts", "import", "export"})


@pytest.fixture
def daemon(mnemon_home: Any) -> Any:
    proc = DaemonProcess(mnemon_home)
    yield proc
    proc.stop()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(op=st.sampled_from(SAFE_OPS), args=arg_maps)
def test_a_real_daemon_answers_random_arguments(daemon: Any, op: str, args: dict[str, Any]) -> None:
    with daemon.client() as client:
        try:
            client.call(op, args)
        except MnemonError as err:
            assert str(err)
        assert client.call("ping", {})["pid"]
