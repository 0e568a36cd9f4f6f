"""The plugin's MCP server while its Python environment is still being built.

Claude Code starts the plugin's MCP server once per session and remembers a server that
failed to start for a quarter of an hour, so answering "not yet" with a failure would hide
the memory tools well after the environment is ready. Instead, until then, bootstrap.sh
runs this: a standard-library speaker of MCP over stdio (newline-delimited JSON-RPC) that
connects, offers no tools and says why in its instructions. The next session starts the
real server (``mnemon.mcp_server``).

    python -I mcp_pending.py [BUILD_LOG]
"""

from __future__ import annotations

import json
import sys
from typing import Any

PROTOCOL = "2025-06-18"


def answer(message: dict[str, Any], log: str) -> dict[str, Any] | None:
    """The reply to one JSON-RPC message (None for a notification)."""
    if "id" not in message:
        return None
    method = message.get("method")
    given = message.get("params")
    params: dict[str, Any] = given if isinstance(given, dict) else {}
    results: dict[str, Any] = {
        "ping": {},
        "tools/list": {"tools": []},
        "resources/list": {"resources": []},
        "resources/templates/list": {"resourceTemplates": []},
        "prompts/list": {"prompts": []},
    }
    if method == "initialize":
        where = f" (progress: {log})" if log else ""
        result: dict[str, Any] = {
            "protocolVersion": str(params.get("protocolVersion") or PROTOCOL),
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "mnemon", "version": "0 (setting up)"},
            "instructions": "Mnemon's environment is still being set up" + where + "; its memory tools "
            "(memory_search, memory_show, memory_timeline, memory_remember) are available from the next session.",
        }
    elif method in results:
        result = results[str(method)]
    else:
        return {"jsonrpc": "2.0", "id": message["id"],
                "error": {"code": -32601, "message": f"{method}: not available while Mnemon is being set up"}}
    return {"jsonrpc": "2.0", "id": message["id"], "result": result}


def main() -> int:
    log = sys.argv[1] if len(sys.argv) > 1 else ""
    for line in sys.stdin:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        reply = answer(message, log) if isinstance(message, dict) else None
        if reply is not None:
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
