"""Notes that say different things of one subject: the newer one stands, for this prompt.

A block that holds both "uploads are limited to 500 KB" and, from a later session, "2 MB max for
uploads now" tells the model two things at once. :func:`newest_of` keeps the newer of two notes that
conflict, unless the older one answers a part of the prompt the newer does not.
"""

from __future__ import annotations

import functools
import os
import re

from mnemon.claude.notes import reports_change
from mnemon.engine import concepts, slots, text
from mnemon.engine.model import Insight

CONFLICT_SUBJECT = 0.5
_NOW = re.compile(r"\bnow\b|\b(?:starting|effective|as of)\s+(?:(?:this|next|on)\s+)?(?:today|tomorrow|tonight|"
                  r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|week|month|release|sprint|(?:the )?\d{1,2}(?:st|nd|rd|th)?\b)"
                  r"|\bfrom (?:today|tomorrow|(?:this|next) (?:week|month|release|sprint|(?:mon|tues|wednes|thurs|fri|satur|sun)day))\b",
                  re.IGNORECASE)  # what holds now, or from a day on ("starting monday", "effective the 1st")
Candidate = tuple[Insight, float, dict[str, float]]


@functools.lru_cache(maxsize=8192)
def changed(content: str) -> bool:
    """Does a note report a change someone made (:func:`reports_change`)? Cached: the same notes meet every prompt."""
    return reports_change(content)


def holds_now(content: str) -> bool:
    """Does a note report a change, or say what holds now ("the batch nodes are preemptible now")?"""
    return changed(content) or _NOW.search(content) is not None


def _says_now(ins: Insight) -> bool:
    """Does a note say what holds now (:func:`holds_now`), or come as a correction?"""
    return holds_now(ins.content) or "correction" in ins.tags


@functools.lru_cache(maxsize=4096)
def subject_of(content: str) -> tuple[frozenset[str], frozenset[str]]:
    """A note's subject words (stemmed, synonyms made one) and the values it states; cached."""
    subject, values = text.subject_and_values(content)
    named = (t for v in values if (m := _SETTING.fullmatch(v)) for t in text.tokens(m.group(1)))
    joined = text.tokens(" ".join(_HYPHENATED.findall(content)).replace("-", " "))  # "low-stock": low, stock
    return concepts.canonical(subject.union(named, joined)), values.union(_assigned(values))


_HYPHENATED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
# a value that sets a named setting ("`max_upload_mb: 35`", "`POOL_SIZE = 8`"): the setting's words are
# the subject (the older note says "a page lists 25 rows at most"), and the value after the sign is a value too
_SETTING = re.compile(r"([a-z][\w.-]*[a-z])\s*(?:=|:|:=)\s*(\S+)")


def _assigned(values: frozenset[str]) -> frozenset[str]:
    return frozenset(m.group(2).strip("'\"") for v in values if (m := _SETTING.fullmatch(v)))


def newest_of(candidates: list[Candidate], query: str) -> list[Candidate]:
    """Drop an older note that a newer correction of the same subject replaces, for this prompt.

    Two notes conflict when both state a value (a number, a name in backticks, a path), the
    newer one covers every prompt word the older one covers, and either the newer one is a
    correction or decision sharing most of the older one's other words, or the two set the same
    slot of the same subject to different values (:func:`mnemon.engine.slots.contradicts`). A
    newer change stated without values replaces an older note in nearly the same words
    (:func:`_restated_without_values`)."""
    asked = concepts.canonical(text.query_tokens(query))
    drop: set[str] = set()
    parsed = [(ins, subject_of(ins.content)) for ins, _, _ in candidates]
    for new, (new_subject, new_values) in parsed:
        if not new_values:
            drop |= _restated_without_values(new, new_subject, parsed, asked)
            continue
        stated = bool({"correction", "decision"} & set(new.tags) or new.category == "decision")
        named = _named_old(new.content)
        for old, (old_subject, old_values) in parsed:
            if old is new or old.created_at >= new.created_at:
                continue
            if _names_as_replaced(named, new_subject, old):
                drop.add(old.id)  # "cap it at 30 rows, not 20" after "the page shows 20 rows"
                continue
            if (stated or holds_now(new.content)) and _units(new.content) & _units(old.content) \
                    and old_values - new_values and text.overlap_min(new_subject, old_subject) >= ALIKE_SUBJECT:
                drop.add(old.id)  # "2 MB max now" after "uploads are limited to 500 KB"
                continue
            if old_values <= new_values:  # a newer note restating the older one's values agrees with it, unless it
                # corrects it ("final answer: the auto-close comes back, after 5 hours" after "drop the auto-close")
                if "correction" in new.tags and not asked & old_subject - new_subject \
                        and text.overlap_min(new_subject, old_subject) >= CONFLICT_SUBJECT:
                    drop.add(old.id)
                continue
            if _alike(new_values - old_values, old_values - new_values) and (stated or changed(new.content)) \
                    and text.overlap_min(new_subject, old_subject) >= ALIKE_SUBJECT:
                drop.add(old.id)  # "a cache.m6g.large node" after "resized it to cache.m6g.4xlarge"
                continue
            if "correction" in new.tags and text.overlap_min(new_subject, old_subject) >= CONFLICT_SUBJECT:
                drop.add(old.id)  # said to correct a statement of half its subject: whatever else the older one says
                continue
            if asked & old_subject - new_subject:
                continue  # the older note answers part of the prompt the newer does not
            if stated and text.overlap_min(new_subject, old_subject) >= CONFLICT_SUBJECT \
                    or slots.contradicts(new.content, old.content):
                drop.add(old.id)
    drop |= _replaced_by_name(candidates)
    return [c for c in candidates if c[0].id not in drop]


# a name in code or a number: a word with a digit, or words joined by "_", ":", ".", "-" or "/"
_NAME = re.compile(r"\b(?:[^\W\d_]\w*(?:[_:./-]\w+)+|\w*\d\w*)\b")
# a proper name inside a sentence (a capitalised word after a lower-case one), or what something is called
_PROPER = re.compile(r"(?<=[a-z,;:] )[A-Z][a-z]+\b|(?<=\bcalled )\w+|(?<=\bnamed )\w+")
_RENAMED = re.compile(r"\brenamed\b|\b(?:is|are) now called\b|\bcalled\b[^.;\n]{1,40}\bnow\b", re.IGNORECASE)
# an old name said to be retired ("mailq is gone", "Dana left", "v1 is no longer used", "the old one")
_RETIRED = (r"\s+(?:is|are|was|were|has|have)?\s*(?:gone|retired|left|removed|deleted|deprecated|dead|unused|"
            r"no longer\b|not used\b|only (?:carries|handles|serves|holds|takes|for|does|runs|owns|covers|keeps)\b|does nothing|"
            r"any ?more\b|on (?:leave|holiday|vacation|sabbatical|parental leave)\b|out of (?:the )?office\b)")


@functools.lru_cache(maxsize=8192)
def _names(content: str) -> frozenset[str]:
    return frozenset(m.lower() for m in (*_NAME.findall(content), *_PROPER.findall(content)))


@functools.lru_cache(maxsize=8192)
def _retired(content: str, names: frozenset[str]) -> frozenset[str]:
    return frozenset(n for n in names if re.search(r"(?<![\w:./-])" + re.escape(n) + r"(?![\w:./-])" + _RETIRED,
                                                   content, re.IGNORECASE))


@functools.lru_cache(maxsize=8192)
def _retired_people(content: str) -> frozenset[str]:
    """Capitalised names inside a sentence that a note says are retired ("ask Ravi now, Dana is on leave"), to be
    looked for anywhere in an older note (:data:`_PROPER` misses a name that opens one). A sentence's first word
    is left out: "Tickets are deleted after a month" retires no name."""
    return frozenset(m.group(1).lower() for m in re.finditer(r"(?<=[a-z,;] )([A-Z][a-z]{2,})" + _RETIRED, content))


def _mentions(content: str, names: frozenset[str]) -> bool:
    """Does ``content`` hold one of ``names`` (lower case) as a whole word or name?"""
    lowered = content.lower()
    return any(name in lowered and re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", lowered)
               for name in names if name)


@functools.lru_cache(maxsize=8192)
def _alike_names(old: frozenset[str], new: frozenset[str]) -> bool:
    """Could a new name stand for an old one: written alike ("topic:a" and "topic:b", "a_b" and "c_d"),
    joined by the same marks, or a plain word for a plain word?"""
    def marks(name: str) -> frozenset[str]:
        return frozenset(c for c in name if c in "_:./-")
    return any(marks(a) & marks(b) or not marks(a) and not marks(b) for a in old for b in new)


def without_retired(chosen: list[Candidate]) -> list[Candidate]:
    """The chosen notes but those a newer one replaces by name (:func:`_replaced_by_name`) or names as
    replaced (:func:`_named_old`): a lane may bring back an older note that :func:`newest_of` left out of
    the main candidates."""
    drop = _replaced_by_name(chosen)
    for new, _, _ in chosen:
        named = _named_old(new.content)
        if named:
            new_subject = subject_of(new.content)[0]
            drop |= {old.id for old, _, _ in chosen
                     if old is not new and old.created_at < new.created_at and _names_as_replaced(named, new_subject, old)}
    return [c for c in chosen if c[0].id not in drop]


def _names_as_replaced(named: frozenset[str], new_subject: frozenset[str], old: Insight) -> bool:
    """Does an older note hold a value (or a word) a newer note of its subject names as replaced?"""
    if not named:
        return False
    old_subject, old_values = subject_of(old.content)
    return bool(old_values & named or _mentions(old.content, named - old_values)) \
        and text.overlap_min(new_subject, old_subject) >= ALIKE_SUBJECT


def _replaced_by_name(candidates: list[Candidate]) -> set[str]:
    """Older notes a newer change replaces by name (when both are candidates for one prompt).

    The newer note states what holds now and names something the older did not (a new name in
    code, a number, a person), of the same subject; and either it says it renamed something the
    older note names by a name written alike (a bug's explanation renames nothing), or it says a
    name of the older note is retired ("the mail queue is mail.bulk.v3
    now, mailq is gone" after "mail goes to the queue called mailq"; "Dana left, ask Ravi Shah now"
    after "the contact is Dana Ek")."""
    drop: set[str] = set()
    for new, _, _ in candidates:
        if not _says_now(new):
            continue
        new_subject = subject_of(new.content)[0]
        new_names = _names(new.content)
        renamed = _RENAMED.search(new.content) is not None
        lowered = new.content.lower()
        for old, _, _ in candidates:
            if old is new or old.created_at >= new.created_at \
                    or text.overlap_min(new_subject, subject_of(old.content)[0]) < ALIKE_SUBJECT:
                continue
            old_names = _names(old.content)
            if not new_names - old_names:
                continue
            mentioned = frozenset(n for n in old_names if n in lowered)  # most pairs stop here
            if renamed and "cause" not in old.tags and _alike_names(old_names - new_names, new_names - old_names) \
                    or mentioned and _retired(new.content, mentioned) \
                    or _mentions(old.content, _retired_people(new.content)):
                drop.add(old.id)
    return drop


ALIKE_SUBJECT = 0.25  # the share of words two notes stating alike values must share to conflict
SAME_SUBJECT = 0.75  # the share of words a change without values must repeat of an older note to replace it


def _restated_without_values(new: Insight, subject: frozenset[str],
                             parsed: list[tuple[Insight, tuple[frozenset[str], frozenset[str]]]],
                             asked: frozenset[str]) -> set[str]:
    """The older notes a change said in words replaces ("plain text by default now, binary when
    asked" after "it writes binary by default, text only when asked"): nearly the same words."""
    if not _says_now(new) or len(subject) < 4:
        return set()
    return {old.id for old, (old_subject, _) in parsed
            if old is not new and old.created_at < new.created_at and not asked & old_subject - subject
            and text.overlap_min(subject, old_subject) >= SAME_SUBJECT}


# what a correction says the value was ("30 rows, not 20", "no longer 8080", "instead of `v1`", "up from 30")
_REPLACED = re.compile(r"\b(?:not|no longer|instead of|rather than|used to be|(?:up|down) from)\s+(?:the |a |an )?(?=\S)",
                       re.IGNORECASE)
# an earlier statement the speaker calls out of date ("what I said about 10.72 was the old account")
_SAID_ABOUT = re.compile(r"\bwhat (?:I|we) (?:said|wrote|told you|mentioned) (?:about|of|regarding) (?:the |a |an )?(?=\S)"
                         r"(?=(?:[^.;!?\n]|\.(?=\S)){0,60}\b(?:wrong|old|outdated|out of date|stale|incorrect|obsolete|no longer|"
                         r"not (?:true|right|correct)|doesn't hold|does not hold)\b)", re.IGNORECASE)
# a proper name right after such a cue ("not the Contentful client"): a name the older note may hold
_CUE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\b")
# one word alone between "not" and the end of its clause: the old value in words ("per shift now, not weekly.")
_LONE_WORD = re.compile(r"([^\W\d_]{3,})\s*(?:[,.;:!)]|$)")
_NOT_A_VALUE = frozenset(("sure", "yet", "really", "always", "quite", "exactly", "necessarily", "only", "just", "much",
                          "many", "all", "ever", "now", "there", "here", "this", "that", "these", "those", "them", "it",
                          "good", "great", "bad", "ideal", "needed", "required", "possible", "allowed", "important",
                          "enough", "true", "false", "anymore", "both", "either", "mine", "ours", "yours", "again"))
_CLAUSE_COMMA = re.compile(slots.CLAUSE_COMMA)
_WAS = re.compile(r"\b(?:was|were)(?: previously| before| originally)?\s+(?:the |a |an )?(?=\S)", re.IGNORECASE)
# an old value struck through ("~~--fast~~"), and what a move moved away ("git mv old/ new/", "renamed `a` to `b`")
_STRUCK = re.compile(r"~~([^~\n]{1,60})~~")
_MOVED_AWAY = re.compile(r"(?:\bgit mv|(?<![\w-])mv)\s+(?:-\w+\s+)*`?([^\s`]+)`?\s+`?[\w./-]"
                         r"|\b(?:renamed|moved)\s+(?:from\s+)?`?([^\s`]+)`?\s+to\s+`?[\w./-]")


@functools.lru_cache(maxsize=4096)
def _named_old(content: str) -> frozenset[str]:
    """The values a note names as replaced: the first value within a few words after "not", "no
    longer", "instead of", "what I said about X was old/wrong" and the like, or "was" in a note that says
    what holds now (the value a setting was given, for "no longer `LIMIT = 50`"); failing a value, a proper
    name right after the cue ("not the Mailgun relay") or, in a note saying what holds now, the one word
    closing the clause ("per shift now, not weekly,"). A value a correction names this way is no longer
    true, whatever else the older note says."""
    named: set[str] = set()
    cues = [*_REPLACED.finditer(content), *_SAID_ABOUT.finditer(content),
            *(_WAS.finditer(content) if holds_now(content) else ())]
    for m in cues:
        ahead = content[m.end():m.end() + (60 if content.startswith("`", m.end()) else 24)]  # a whole `name = 50`
        _, values = text.subject_and_values(_CLAUSE_COMMA.split(ahead, maxsplit=1)[0])  # "not 1,200, ..."
        first = min(values, key=lambda v: ahead.lower().find(v), default=None)
        if first is not None:
            named |= _assigned(frozenset((first,))) or {first}  # "no longer `POOL_SIZE = 8`" names 8
        elif m.group()[0].islower() and (proper := _CUE_NAME.match(ahead)) is not None:
            named.add(proper.group().lower())
        elif content[max(0, m.start() - 2):m.start()] == ", " and m.group().lower().startswith("not") \
                and holds_now(content) and (lone := _LONE_WORD.match(ahead)) is not None \
                and lone.group(1).lower() not in _NOT_A_VALUE:
            named.add(lone.group(1).lower())  # "split per shift now, not weekly, ..."
    named.update(m.group(1).strip(" `'\"-").lower() for m in _STRUCK.finditer(content))
    for m in _MOVED_AWAY.finditer(content):  # what a shell move moved is a path; a rename's old name is a name
        if m.group(1) or _NAME.fullmatch(m.group(2)):
            named.add((m.group(1) or m.group(2)).rstrip("/").lower())
    return frozenset(n for n in named if n)


# a quantity and its unit: "500 characters", "2k chars", "25 MB", "90 s"; "two hours" is left out (no digit)
_QUANTITY = re.compile(r"\b\d[\d.,]*\s?k?\s?([a-z]{1,12})\b", re.IGNORECASE)
_UNIT_WORDS = frozenset(("percent", "chars", "characters", "char", "bytes", "kb", "mb", "gb", "tb", "kib", "mib", "gib",
                         "ms", "s", "sec", "secs", "seconds", "min", "mins", "minutes", "h", "hours", "hrs", "days", "weeks",
                         "months", "years", "px", "dp", "pt", "rem", "em", "dpi", "lines", "rows", "items", "entries",
                         "requests", "attempts", "retries", "connections", "workers", "threads", "nodes", "replicas",
                         "users", "members", "seats", "km", "m", "kg", "g", "eur", "euros", "usd", "dollars", "gbp"))


@functools.lru_cache(maxsize=8192)
def _units(content: str) -> frozenset[str]:
    """The units a note states quantities in, by their first three letters ("characters" and "chars"
    are one unit)."""
    return frozenset(m.group(1).lower()[:3] for m in _QUANTITY.finditer(content) if m.group(1).lower() in _UNIT_WORDS) \
        | frozenset(_MONEY.findall(content))


_MONEY = re.compile(r"([£$€¥₹])\s?\d")  # an amount written after its currency sign: "£50", "$ 12"


def _alike(new: frozenset[str], old: frozenset[str]) -> bool:
    """Does a value of the newer note look like another spelling of the same setting as one of the
    older's (one family of names, another member: "cache.m6g.large" and "cache.m6g.4xlarge", "node18"
    and "node22")? Numbers alone say nothing of the kind."""
    for a in new:
        for b in old:
            if a[:4] != b[:4]:
                continue  # a common prefix of four characters at least is needed below
            shorter = min(len(a), len(b))
            common = len(os.path.commonprefix([a, b]))
            if common >= 4 and common * 2 >= shorter and not a.replace(".", "").isdigit():
                return True
    return False


RESTATED = 0.7  # the share of the shorter note's words a longer one repeats to say the same thing


def distinct(chosen: list[Candidate]) -> list[Candidate]:
    """The block's notes without restatements: of two notes stating the same values (or none) in
    mostly the same words (the user's rule and the assistant's "Noted for every repository: ..." of
    it), the one with more words stays, the newer on a tie, in the place of the better placed."""
    kept: list[Candidate] = []
    for c in chosen:
        words, values = _words(c[0].content), subject_of(c[0].content)[1]
        twin = next((k for k, other in enumerate(kept) if _restates(words, values, other[0].content)), None)
        if twin is None:
            kept.append(c)
        elif (len(words), c[0].created_at) > (len(_words(kept[twin][0].content)), kept[twin][0].created_at):
            kept[twin] = c
    return kept


def _restates(words: frozenset[str], values: frozenset[str], other: str) -> bool:
    theirs = _words(other)
    return len(words) >= 4 and len(theirs) >= 4 and values == subject_of(other)[1] \
        and text.overlap_min(words, theirs) >= RESTATED


@functools.lru_cache(maxsize=8192)
def _words(content: str) -> frozenset[str]:
    return concepts.canonical(text.tokens(content))
