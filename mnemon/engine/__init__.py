"""The memory engine: the store (SQLite, canonical) and its RAM state, remembering with the
duplicate/update diff, recall over the graph, lifecycle and maintenance (``memory.Memory`` is
the one entry point).

It may import :mod:`mnemon.safety` and the base modules (``mnemon.errors``, ``mnemon.config``,
``mnemon.paths``); never :mod:`mnemon.claude`, :mod:`mnemon.wire`, the daemon or the hooks.
Importing this package imports nothing: ``mnemon.engine.model`` stays light.
"""
