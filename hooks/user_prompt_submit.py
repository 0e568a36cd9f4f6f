"""Claude Code UserPromptSubmit hook: print the notes relevant to the prompt as additionalContext, or nothing.

Run as `<venv python> -I hooks/user_prompt_submit.py` with the event JSON on stdin; see _hooklib.py. Always exits 0.
"""

import os
import sys

try:
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from _hooklib import finish, inject
except BaseException:  # noqa: BLE001 - fail open even when the install is broken
    sys.exit(0)

if __name__ == "__main__":
    finish(inject("UserPromptSubmit"))
