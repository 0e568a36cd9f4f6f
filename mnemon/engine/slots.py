"""What a statement sets, and when a newer statement replaces an older one.

"The search cache listens on port 6380" sets the slot *port* to 6380 on the subject *search
cache*; "the search cache now sits behind the proxy on port 6390" sets the same slot to
another value on the same subject, so the newer statement replaces the older. A slot is the word
a value hangs on: a unit after a number ("every 15 seconds", "03:15 UTC"), the name before it
("minSdk is 21", "iOS 15", "port 6390"), the name a number is glued to ("C++17", "python3.11",
the ``v1`` of a path), or, for codes without a name (regions, ids), their shape ("us-east-1"
and "ap-south-2" are one shape). Units of one dimension also set one broad slot ("cached for 10
minutes", "down to 45 seconds": a duration), as do a currency and a schedule ("syncs every night",
"syncs at 07:30"); a broad slot needs two shared subject words. Values without any slot (paths, URLs, names in backticks)
replace one another when the two statements share their subject.

A newer statement replaces an older one (:func:`replaces`) when it says something changed
("now", "moved", "raised", "no longer", ...: words the older one does not use) or was filed
as a correction, the two state
different values, and they are about the same thing: the same slot on a shared subject word
(a slot named like an identifier, ``minSdk``, is a subject of its own), or, with no shared slot,
two shared subject words; or, when each states one number of one kind (a count, a version, a
duration) and says a change, two shared words counting the names the numbers hang on ("max
guests per table is 12", "a table can seat 20 guests now"). Statements that share only a unit ("15 seconds", "2 seconds") on
different subjects never replace each other.

Part of the engine: imports the engine's own modules only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from mnemon.engine import concepts, text

# a unit after a number names the slot ("15 seconds", "5 MB", "03:15 UTC")
UNITS = frozenset("""
    ms millisecond milliseconds s sec secs second seconds min mins minute minutes h hr hrs hour hours day days
    week weeks month months year years utc gmt cet pst est kb mb gb tb kib mib gib b bytes byte % percent currency
    px em rem pt dp sp rows row items item requests request retries retry attempts attempt workers worker
    threads thread connections connection replicas replica nodes node pods pod cores core chars characters
    lines line times tries users seats yr yrs wk wks mo mos
    """.split())
# units of one dimension set one slot whatever the unit ("cached for 10 minutes", "down to 45 seconds")
DIMENSIONS = {
    **{u: "duration" for u in "ms millisecond milliseconds s sec secs second seconds min mins minute minutes h hr hrs "
                                "hour hours d day days wk wks week weeks mo mos month months yr yrs year years".split()},
    **{u: "size" for u in "kb mb gb tb kib mib gib b bytes byte".split()},
    "currency": "currency",
}
# a schedule said without a number ("syncs every night", "hourly") sets the slot a clock time sets
_EVERY = re.compile(r"\b(?:every (?:hour|day|night|morning|evening|week|month|minute)|hourly|daily|nightly|weekly|"
                    r"monthly)\b", re.IGNORECASE)
_CLOCK = re.compile(r"^\d{1,2}:\d{2}$")
_CURRENCY = re.compile(r"[£$€¥]\s?(\d[\d,.]*\d|\d)")
_NUMBER_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)-(" + "|".join(sorted(DIMENSIONS, key=len, reverse=True)) + r")\b",
                          re.IGNORECASE)  # "30-day": a number and its unit in one word
# words between a name and its value ("minSdk is 21", "raised minSdk to 23")
_BRIDGE = frozenset("""
    is are was were be been to at of on in = : now set from by around about every each per under over than after
    within for until
    up down the a an its it's of currently still only just exactly roughly approximately max min maximum
    minimum least most - -> →
    """.split())
# names that say little about the subject by themselves: they need a shared subject word
GENERIC_KEYS = frozenset(text.stem(w) for w in """
    port version v ver level size limit count number id value default timeout interval every run runs
    """.split()) | frozenset(text.stem(u) for u in UNITS) | {"duration", "size", "schedule"}
# slots of a whole dimension: two statements setting one need two subject words in common
_BROAD = frozenset({"duration", "size", "schedule", "currency"})
# the units of a dimension ("days", "MB"): "12 weeks, not 12 days" and "40 days, not 10" may change
# the days of two different things
_DIMENSION_UNITS = frozenset(text.stem(u) for u in DIMENSIONS)
# words that are no subject even when both statements use them: generic slot names, the words
# of a change itself, who asked for it
_NO_SUBJECT = frozenset(text.stem(w) for w in "port version v ver level size limit count number id value default "
                        "timeout interval every run runs now new old team".split()) | _BROAD | {"percent"}
# "something changed": the newer statement replaces what was said before (when it says so in
# words the older one does not use: "the reduced rate" is not a change said twice)
_CHANGE = re.compile(
    r"(?<![.\w])now\b(?!\s*\()|\bno longer\b|\bnot any ?more\b|\banymore\b|\bfrom now on\b|\bgoing forward\b|\binstead\b"
    r"|\s(?:->|→)\s"  # "shift cap -> 10h"
    r"|\b(?:changed?|changes|moved|switched|migrated|bumped|raised|lowered|increased|decreased|reduced|dropped|"
    r"replaced|upgraded|downgraded|lifted|retired|deprecated|updated)\b|\bused to\b"
    r"|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )\bset\b[^.;]{0,40}?\b(?:down |up |back )?to\b",
    re.IGNORECASE,
)
SHARED_WORDS, SHARED_SHARE = 2, 0.5  # with no shared slot: the subject words two statements must share
_TOKEN = re.compile(r"`[^`]+`|https?://\S+|[\w+#./:%-]+")
_GLUED = re.compile(r"^([a-z][a-z+#]*?)[ -]?v?(\d+(?:\.\d+)*)$")  # c++17, python3.11, v2, ios17
_NUMBER = re.compile(r"^\d[\d.,:]*%?$")
_CODE = re.compile(r"^(?=[\w.-]*\d)(?=[\w.-]*[a-z])[\w]+(?:[.-][\w]+)+$", re.IGNORECASE)  # us-east-1, ORD-2023-7


@dataclass(frozen=True)
class Statement:
    """The slots a statement sets, the values it states and the words it is about."""

    slots: dict[str, frozenset[str]]
    values: frozenset[str]
    subject: frozenset[str]
    cues: frozenset[str]  # the words by which it says something changed
    numbers: frozenset[str]  # the kinds of number it states: "count", "version", "clock"
    names: frozenset[str] = frozenset()  # the slots named by a name ("apiLevel", "iOS", "python3.12"), not a plain word

    @property
    def changed(self) -> bool:
        return bool(self.cues)

    @property
    def specific_keys(self) -> frozenset[str]:
        return frozenset(k for k in self.slots if k not in GENERIC_KEYS and not k.startswith("shape:"))


def _shape(code: str) -> str:
    return "shape:" + re.sub(r"[a-z]+", "a", re.sub(r"[A-Z]+", "A", re.sub(r"\d+", "9", code)))


def _key(word: str) -> str:
    word = word.strip("`'\",.;:()[]")
    if re.search(r"[A-Z].*[A-Z]|[a-z][A-Z]|[+#]", word):  # minSdk, iOS, C++: a name of its own
        return word.lower()
    return text.stem(word.lower())


_NAME = re.compile(r"[A-Z]|[_+#]")  # a word written as a name: "Kotlin", "iOS", "apiLevel", "max_seats", "C#"
_TIME_OUT = re.compile(r"\btime[sd]? out\b", re.IGNORECASE)
# numbers that mark a place in the text, not a value it states: the time stamp of a chat or log line
# ("[09:41] Sam: ..."), the number of an item in a list ("two things: 1) ... 2) ...")
_MARKERS = re.compile(r"\[\d{1,2}:\d{2}(?::\d{2})?\]|(?:^|(?<=[\s:;,]))\(?\d{1,2}\)(?=\s)")


@lru_cache(maxsize=4096)
def read(content: str) -> Statement:
    """The slots, values and subject of one statement."""
    content = _MARKERS.sub(" ", _TIME_OUT.sub("timeout", content))
    cues = frozenset(m.group().lower().split()[0] for m in _CHANGE.finditer(content))
    content = _NUMBER_UNIT.sub(r"\1 \2", _CURRENCY.sub(r"\1 currency", content))
    raw = _TOKEN.findall(content)
    words = [w.strip(",.;:!?()[]\"'") for w in raw]
    slots: dict[str, set[str]] = {}
    values: set[str] = set()
    value_words: list[str] = []

    numbers: set[str] = set()
    names: set[str] = set()

    def put(key: str, value: str) -> None:
        if key and key not in text.STOPWORDS:
            slots.setdefault(key, set()).add(value)

    for m in _EVERY.finditer(content):
        put("schedule", m.group().lower())

    for i, word in enumerate(words):
        if not word or not any(ch.isdigit() for ch in word):
            continue
        low = word.lower().strip("`")
        if "/" in low:  # a path or URL: its versioned segments are slots ("/v1/orders")
            values.add(low)
            for seg in re.split(r"[/.]", low):
                glued = _GLUED.match(seg)
                if glued and glued.group(1):
                    put(glued.group(1), glued.group(2))
                elif seg and not seg.isdigit():
                    value_words.extend(re.split(r"[-_]", seg))
            continue
        glued = _GLUED.match(low)
        if glued and glued.group(1) and glued.group(1) not in UNITS:
            key = _key(word[: len(glued.group(1))]) if word[:1].isalpha() else glued.group(1)
            put(key, glued.group(2))
            names.add(key)
            values.add(low)
            continue
        if _NUMBER.match(low):
            number = low.rstrip(".,:")
            values.add(number)
            after = words[i + 1].lower() if i + 1 < len(words) else ""
            numbers.add("clock" if _CLOCK.match(number) else "percent" if low.endswith("%") else
                        DIMENSIONS.get(after) or ("version" if "." in number.strip(".") else "count"))
            if after in UNITS or low.endswith("%"):
                put(text.stem(after) if after in UNITS else "percent", number)
            if after in DIMENSIONS:
                put(DIMENSIONS[after], number)
            if _CLOCK.match(number):
                put("schedule", number)
            j = i - 1
            while j >= 0 and j >= i - 4 and words[j].lower() in _BRIDGE:
                j -= 1
            if j >= 0 and j < i - 0 and words[j] and not any(ch.isdigit() for ch in words[j]):
                put(_key(words[j]), number)
                if _NAME.search(words[j]):
                    names.add(_key(words[j]))
            continue
        if _CODE.match(low):
            values.add(low)
            put(_shape(word), low)
    words_of, stated = text.subject_and_values(content)  # names in backticks, paths, file names
    values |= stated
    subject = concepts.canonical((words_of | {text.stem(w) for w in value_words if len(w) > 2}) - set(slots))
    return Statement({k: frozenset(v) for k, v in slots.items()}, frozenset(values), subject, cues,
                     frozenset(numbers), frozenset(names))


def says_change(new_content: str, old_content: str) -> bool:
    """Does the newer statement say something changed, in words the older one does not use?"""
    return bool(read(new_content).cues - read(old_content).cues)


def replaces(new_content: str, old_content: str, *, correction: bool = False) -> bool:
    """Does the newer statement replace the older one? See the module docstring."""
    new, old = read(new_content), read(old_content)
    said = bool(new.cues - old.cues)
    if not (said or correction):
        return False
    return _same_setting(new, old, fallback=correction) or said and _same_number(new, old)


def contradicts(new_content: str, old_content: str) -> bool:
    """Do two statements set the same slot on the same subject to different values, whether or
    not the newer one says it changed? (Two notes that both bear on one prompt and do this
    cannot both be current: the block keeps the newer.)"""
    return _same_setting(read(new_content), read(old_content), fallback=False)


def _same_setting(new: Statement, old: Statement, *, fallback: bool) -> bool:
    if not (new.values or new.slots) or not (old.values or old.slots) or new.values & old.values:
        return False
    shared = (new.subject & old.subject) - _NO_SUBJECT
    changed = [key for key in new.slots.keys() & old.slots.keys() if not new.slots[key] & old.slots[key]]
    named = [key for key in changed if key not in _BROAD and key not in _DIMENSION_UNITS]  # nor does a unit of one
    # a slot named by a name is a subject of its own ("apiLevel", "Kotlin"); one named by a plain word ("store 4",
    # "alerts at 80%", "the cap") needs a subject word in common besides: "failed in store 9" is another store's story
    if any(key in new.specific_keys and (shared or key in new.names) for key in changed) or changed and len(shared) + len(named) >= SHARED_WORDS:
        return True
    # no slot in common: only a statement filed as a correction, on much the same words
    return fallback and len(shared) >= SHARED_WORDS and text.overlap_min(new.subject, old.subject) >= SHARED_SHARE


def _same_number(new: Statement, old: Statement) -> bool:
    """A said change to the one number two statements state, named differently ("max guests per
    table is 12", "a table can seat 20 guests now"): numbers of one kind, and two subject words
    shared, the words the numbers hang on included."""
    if len(new.numbers) != 1 or new.numbers != old.numbers or new.values & old.values:
        return False
    about_new = new.subject | concepts.canonical(frozenset(k for k in new.slots if not k.startswith("shape:")))
    about_old = old.subject | concepts.canonical(frozenset(k for k in old.slots if not k.startswith("shape:")))
    return len((about_new & about_old) - _NO_SUBJECT) >= SHARED_WORDS


# what a correction names as the value it replaces: "62 mm, not 58", "scratch the 45, it's 30 now",
# "instead of `v3`", "up from 12", "pas 4 colonnes", "statt 7070"
_REPLACED = re.compile(r"\b(?:not|no longer|instead of|rather than|used to be|(?:up|down) from|scratch(?: that)?(?: the)?|"
                       r"pas|nicht|statt|en vez de|em vez de|invece di)\s+(?:the |a |an |de |le |la |les )?(?=\S)",
                       re.IGNORECASE)


def named_old_words(content: str) -> frozenset[str]:
    """The word a statement names as replaced when no value follows its cue ("split per shift now,
    not weekly", "one day, not two", "scratch the three months"): the first word after the cue
    that is not a function word, stemmed. Empty when a value follows (:func:`named_old`)."""
    words: set[str] = set()
    for m in _REPLACED.finditer(content):
        ahead = _CLAUSE_END.split(content[m.end():m.end() + 24], 1)[0]
        if text.subject_and_values(ahead)[1]:
            continue
        first = next(iter(text.tokens(ahead)), None)
        if first is not None and first not in GENERIC_KEYS:
            words.add(first)
    return frozenset(words)


def holds_in_shared_slot(new_content: str, old_content: str, named: frozenset[str]) -> bool:
    """Does the older statement hold a value the newer one names as replaced in a slot both set
    ("the warm-up defaults to 8 minutes" / "warm-up default is 6 minutes, not 8": the default)?
    One subject word in common is then enough to say they are about the same thing."""
    new, old = read(new_content), read(old_content)
    return any(named & old.slots[key] and not named & new.slots[key]
               for key in new.slots.keys() & old.slots.keys() if key not in _BROAD and key not in _DIMENSION_UNITS)


CLAUSE_COMMA = r",(?!\d{3}\b)"  # a comma that ends a clause, not the one in "1,200"
_CLAUSE_END = re.compile(CLAUSE_COMMA + r"|[.;:!?](?:\s|$)")  # or a sentence's end


def named_old(content: str) -> frozenset[str]:
    """The values a statement names as replaced: the first value within a few words after a cue
    ("not", "instead of", "scratch the" ...). A statement that holds such a value is out of date
    once this one is said, whatever else the two share."""
    named: set[str] = set()
    for m in _REPLACED.finditer(content):
        ahead = _CLAUSE_END.split(content[m.end():m.end() + 24], 1)[0]  # "not 1,200, ..." keeps its number
        _, values = text.subject_and_values(ahead)
        first = min(values, key=lambda v: ahead.lower().find(v), default=None)
        if first is not None:
            named.add(first)
    return frozenset(named)
