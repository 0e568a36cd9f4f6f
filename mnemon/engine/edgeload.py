"""Reading a store's graph edges from SQLite into :class:`mnemon.engine.state.State`'s adjacency arrays."""

from __future__ import annotations

import sqlite3
from array import array
from operator import itemgetter
from typing import TYPE_CHECKING

import numpy as np

from mnemon.engine.model import EDGE_CODE
from mnemon.errors import CorruptData

if TYPE_CHECKING:
    from mnemon.engine.state import State

_first, _second = itemgetter(0), itemgetter(1)


def load_edges(st: State, conn: sqlite3.Connection) -> None:
    """Bulk-build the adjacency arrays: edges come keyed by row sequence numbers, numpy
    groups them by row (a Python loop per edge took seconds at 100k memories)."""
    n = len(st.insights)
    seqs = np.asarray(st.row_seq, dtype=np.int64)
    # read in chunks straight into numpy: a list of 2 million row tuples would cost
    # hundreds of MB at its peak
    # two values a row, (src << 32) | (dst << 4) | type and the weight: SQLite's per-value
    # cost is most of the read
    keys: list[np.ndarray] = []
    weights_in: list[np.ndarray] = []
    if len(seqs) and int(seqs[-1]) >= 1 << 28:
        raise CorruptData("insight sequence numbers beyond 2**28; export and re-import the store")
    cur = conn.execute("SELECT (src << 32) | (dst << 4) | type, weight FROM graph_edges WHERE type < ?",
                       (len(EDGE_CODE),))
    while True:
        chunk = cur.fetchmany(65536)
        if not chunk:
            break
        # two arrays, not one float64 array of both: a float64 holds a key exactly only
        # while src < 2**21, and sequence numbers go higher in a long-lived store
        keys.append(np.fromiter(map(_first, chunk), np.int64, count=len(chunk)))
        weights_in.append(np.fromiter(map(_second, chunk), np.float32, count=len(chunk)))
    if not keys:
        return
    packed = np.concatenate(keys)
    a = np.searchsorted(seqs, packed >> 32)
    b = np.searchsorted(seqs, (packed >> 4) & 0xFFFFFFF)
    code = packed & 15
    weight = np.concatenate(weights_in)
    causal_code, super_code = EDGE_CODE["causal"], EDGE_CODE["supersedes"]
    shared = np.zeros(len(a), dtype=bool)
    first: dict[tuple[int, int, int], int] = {}
    for i in np.flatnonzero((code == causal_code) | (code == super_code)):
        x, y, c = int(a[i]), int(b[i]), int(code[i])
        if c == causal_code:
            shared[i] = x in st.causal_out.get(y, ())
            st.causal_out[x].add(y)
        else:
            shared[i] = y in st.superseded_by.get(x, ())
            st.superseded_by[y].add(x)
        if shared[i]:  # the entry of the edge the other way holds the stronger weight, as add_edge leaves it
            j = first[(y, x, c)]
            st.both_ways[(x, y, c)], st.both_ways[(y, x, c)] = float(weight[i]), float(weight[j])
            weight[j] = max(weight[j], weight[i])
        else:
            first[(x, y, c)] = int(i)
    st.degree[:n] += (np.bincount(a, minlength=n) + np.bincount(b, minlength=n)).astype(st.degree.dtype)
    st.edge_count = len(a)
    # a directed edge the other way already put both rows in each other's lists
    keep = ~shared
    a, b, code, weight = a[keep], b[keep], code[keep], weight[keep]
    loops = a == b
    owner = np.concatenate([a, b[~loops]])
    other = np.concatenate([b, a[~loops]])
    codes = (other << 4) | np.concatenate([code, code[~loops]])
    weights = np.concatenate([weight, weight[~loops]])
    order = np.argsort(owner, kind="stable")
    owner, codes, weights = owner[order], codes[order], weights[order]
    bounds = np.searchsorted(owner, np.arange(n + 1))
    code_bytes, weight_bytes = codes.astype(np.int32), weights.astype(np.float32)
    for row in np.flatnonzero(bounds[1:] > bounds[:-1]):
        lo, hi = bounds[row], bounds[row + 1]
        st.adj_code[row] = array("i", code_bytes[lo:hi].tobytes())
        st.adj_weight[row] = array("f", weight_bytes[lo:hi].tobytes())
