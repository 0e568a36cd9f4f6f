"""Whether a text pass scales linearly: a ratio of two timings on one machine, so a slow machine does not fail it.

Eight times the text should cost about eight times the time; quadratic work costs sixty-four times. The bound is
twenty times (best of three runs each), with 50 ms of slack for passes too quick to time.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def best_of_three(work: Callable[[str], object], text: str) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        work(text)
        times.append(time.process_time() - start)
    return min(times)


def assert_linear(work: Callable[[str], object], text: str, name: str) -> None:
    big = text * 2
    small = big[: len(big) // 8]
    small_time, big_time = best_of_three(work, small), best_of_three(work, big)
    assert big_time < 20 * small_time + 0.05, (
        f"{name}: {small_time:.3f}s for {len(small)} chars, {big_time:.3f}s for {len(big)}"
    )
