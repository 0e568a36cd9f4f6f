"""The single writer: order, coalescing, and a stop that runs everything already queued."""

from __future__ import annotations

import threading

import pytest
from mnemon_daemon.ops import OPS, Arg
from mnemon_daemon.writer import Writer

from mnemon.errors import DaemonError


def test_jobs_run_in_order_on_one_thread() -> None:
    writer = Writer()
    seen: list[tuple[int, str]] = []
    futures = [writer.submit(lambda i=i: seen.append((i, threading.current_thread().name))) for i in range(50)]
    for fut in futures:
        fut.result(5)
    writer.stop()
    assert [i for i, _ in seen] == list(range(50))
    assert {name for _, name in seen} == {"mnemon-writer"}


def test_coalescing_drops_a_waiting_duplicate_but_not_one_that_started() -> None:
    writer = Writer()
    gate = threading.Event()
    started = threading.Event()
    runs: list[str] = []

    def blocker() -> None:
        started.set()
        gate.wait(5)

    writer.submit(blocker)
    started.wait(5)
    first = writer.submit_once("capture:s1", lambda: runs.append("a"))
    assert first is not None
    assert writer.submit_once("capture:s1", lambda: runs.append("b")) is None
    assert writer.submit_once("capture:s2", lambda: runs.append("c")) is not None
    gate.set()
    first.result(5)
    again = writer.submit_once("capture:s1", lambda: runs.append("d"))
    assert again is not None
    again.result(5)
    writer.stop()
    assert runs == ["a", "c", "d"]


def test_stop_runs_every_queued_job_then_refuses_new_ones() -> None:
    writer = Writer()
    gate = threading.Event()
    done: list[int] = []
    writer.submit(lambda: gate.wait(5))
    for i in range(20):
        writer.submit(lambda i=i: done.append(i))
    stopper = threading.Thread(target=writer.stop)
    stopper.start()
    gate.set()
    stopper.join(10)
    assert done == list(range(20))
    with pytest.raises(DaemonError, match="shutting down"):
        writer.submit(lambda: None)


def test_a_failing_job_reports_through_its_future_and_the_writer_goes_on() -> None:
    writer = Writer()
    bad = writer.submit(lambda: 1 / 0)
    good = writer.submit(lambda: 42)
    with pytest.raises(ZeroDivisionError):
        bad.result(5)
    assert good.result(5) == 42
    writer.stop()


def test_argument_schemas() -> None:
    remember = OPS["remember"]
    out = remember.validate({"content": "x", "created_at": 5, "tags": ["a"]})
    assert out["created_at"] == 5.0 and isinstance(out["created_at"], float)
    assert out["importance"] == 3 and out["no_diff"] is False
    assert Arg("n", (int,), nullable=True).check("op", None) is None
    every_op_is_routed = {op.kind for op in OPS.values()}
    assert every_op_is_routed <= {"loop", "read", "write", "stream"}
