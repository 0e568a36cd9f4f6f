"""Plugin form, while the plugin's environment is still being built: a capture event goes to the spool.

hooks/bootstrap.sh runs `<any python >= 3.10> -I hooks/spool_capture.py <event script>` (stop,
pre_compact, post_compact, session_end) with the event JSON on stdin. The environment with msgpack
does not exist yet, so this uses only the standard library and the stdlib-only ``mnemon.paths`` of
the plugin's own tree. The daemon drains the spool when it first runs, so the first session's turns
are not lost. Prints nothing; always exits 0.
"""

import os
import sys

EVENTS = {"stop": "Stop", "pre_compact": "PreCompact", "post_compact": "PostCompact", "session_end": "SessionEnd"}

try:
    _here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:0] = [_here, os.path.dirname(_here)]
    from _hooklib import finish, spool_capture
except BaseException:  # noqa: BLE001 - fail open even when the plugin tree is broken
    sys.exit(0)

if __name__ == "__main__":
    _name = EVENTS.get(sys.argv[1] if len(sys.argv) > 1 else "")
    finish(spool_capture(_name) if _name else 0)
