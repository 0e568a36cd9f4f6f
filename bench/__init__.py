"""Benchmarks for Mnemon, run from the repository root as ``python -m bench <command>``.

- ``locomo``: retrieval quality on LoCoMo conversations through the real capture, recall and
  injection code, next to a SQLite FTS5 BM25 baseline scored by the same metric code.
- ``speed``: latency, start-up, memory and concurrency figures on synthetic stores.
- ``security``: the secrets and prompt-injection screens on the training and held-out corpora.

Speed targets are shown here, never by timed unit tests. Nothing here fakes a figure: when a
part of Mnemon the benchmark needs is missing, the command stops with an error naming it.
"""
