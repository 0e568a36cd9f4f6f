"""``python -m bench viewer`` end to end on a tiny store: every page kind answers and is timed."""

from __future__ import annotations

from bench import viewer


def test_viewer_bench_times_every_page_kind() -> None:
    report = viewer.run([60], rounds=2, progress=lambda _message: None)
    result = report["sizes"]["60"]
    assert result["memories"] == 60 and result["injection_log_entries"] >= viewer.PROMPTS
    assert set(result["pages"]) == {"memories", "memories, a deep page", "search", "memory", "sessions", "session",
                                    "injections", "projects", "status"}
    for name, page in result["pages"].items():
        assert 0 < page["p50"] <= page["p95"] <= page["max_ms"], name
        assert page["bytes"] > 500, name
    assert result["met"] == all(p["p95"] <= viewer.TARGET_P95_MS for p in result["pages"].values())
    table = viewer.format_table(report)
    assert "viewer pages at 60 memories" in table and "every page" in table
