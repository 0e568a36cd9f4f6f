"""Claude Code SessionStart hook: start the daemon when it is down and print the session brief (standing decisions and preferences; after compaction, what the session had established).

Run as `<venv python> -I hooks/session_start.py` with the event JSON on stdin; see _hooklib.py. Always exits 0.
"""

import os
import sys

try:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _hooklib import brief, finish
except BaseException:  # noqa: BLE001 - fail open even when the install is broken
    sys.exit(0)

if __name__ == "__main__":
    finish(brief("SessionStart"))
