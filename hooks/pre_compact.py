"""Claude Code PreCompact hook: capture everything up to the compaction; prints nothing (stdout would reach the summariser).

Run as `<venv python> -I hooks/pre_compact.py` with the event JSON on stdin; see _hooklib.py. Always exits 0.
"""

import os
import sys

try:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _hooklib import capture, finish
except BaseException:  # noqa: BLE001 - fail open even when the install is broken
    sys.exit(0)

if __name__ == "__main__":
    finish(capture("PreCompact"))
