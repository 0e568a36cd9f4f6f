"""The Claude Code integration: reading transcripts, capturing their turns as notes and traces,
the blocks injected on prompts and session starts, Claude Code's settings and projects.

It may import :mod:`mnemon.engine`, :mod:`mnemon.safety` and the base modules
(``mnemon.errors``, ``mnemon.config``, ``mnemon.paths``); never :mod:`mnemon.wire`, the daemon
or the hooks.
"""
