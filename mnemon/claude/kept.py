"""What a backup carries beyond memories and edges: the settings Claude Code's side keeps in the
store's key-value table that change what is injected.

* ``mute:project:<scope>`` and ``mute:session:<id>``: injection muted by the user. Without them a
  restored store injected a project its user had silenced.
* ``pattern:<shape>``: how many notes capture stored with one wording pattern; at
  :data:`mnemon.claude.notes.ROUTINE_REPEATS` injection passes over the pattern as routine work.
  Counted from zero after a restore, routine notes came back into the blocks.

Capture cursors are not carried: they name transcript files, offsets and inodes of the machine that
wrote them (a restored capture is found by its origin and skipped instead).

``mnemon export`` writes each as ``{"kind": "setting", "key": ..., "value": ...}``; an import never
lowers a count already here and never overrides a mute set here, so importing twice changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from mnemon.errors import InvalidInput

if TYPE_CHECKING:
    from mnemon.engine.memory import Memory

PREFIXES = ("mute:project:", "mute:session:", "pattern:")
MAX_KEY = 2000


def setting_records(memory: Memory) -> Iterator[dict[str, Any]]:
    """The settings to export, in key order (each checked as an import would check it)."""
    for prefix in PREFIXES:
        keys = sorted(memory.kv_keys(prefix))
        values = memory.kv_get_many(keys) if keys else {}
        for key in keys:
            value = values.get(key)
            if _valid(key, value):
                yield {"kind": "setting", "key": key, "value": value}


def import_setting(memory: Memory, rec: dict[str, Any]) -> bool:
    """Apply one exported setting; True when it changed the store. A count is raised, never
    lowered; a mute already recorded here (on or off) is kept."""
    key: Any = rec.get("key")
    value: Any = rec.get("value")
    if not isinstance(key, str) or not key.startswith(PREFIXES) or len(key) > MAX_KEY:
        raise InvalidInput(f"setting: key must start with one of {', '.join(PREFIXES)} (at most {MAX_KEY} "
                           "characters)")
    if not _valid(key, value):
        raise InvalidInput(f"setting {key[:80]!r}: value {str(value)[:80]!r} is not one this key takes")
    here = memory.kv_get(key)
    if key.startswith("pattern:"):
        if isinstance(here, int) and not isinstance(here, bool) and here >= value:
            return False
    elif isinstance(here, dict):
        return False
    memory.kv_set(key, value)
    return True


def _valid(key: str, value: Any) -> bool:
    if key.startswith("pattern:"):
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53
    return isinstance(value, dict) and isinstance(value.get("on"), bool) and all(
        isinstance(v, (int, float, bool, str)) for v in value.values())
