"""The wire between processes: the frame protocol, the socket client, and the daemon's
lifecycle as clients see it (spawn, locks, stop).

Hooks import it on every prompt, so it imports only the standard library, msgpack and the base
modules (``mnemon.errors``, ``mnemon.paths``): never the engine, safety or the Claude Code
integration (a test keeps numpy, sqlite3 and platformdirs out of a hook's process).
"""
