"""Orders to the reader found by their structure, scored over several weak features instead of one phrase each
(the features themselves are the table in :mod:`mnemon.safety.intents`).

guard's phrase rules catch the families they were written for; a fresh paraphrase slips past them. This screen
asks what an injected order *does* rather than how it is worded. A note is an order to the reader when, inside
one sentence and the next, it

* **addresses a reader**: a second-person word ("you", "your"), an imperative opening a clause ("make sure
  ...", "reply only ..."), or an AI noun ("the assistant", "any agent"); and
* shows at least two kinds of **intent** (weights in brackets; the sum must reach 2):

  - ``stealth`` (1): quietly, silently, without telling or asking, "keep this between us", "don't mention";
  - ``conceal`` (2): the principal kept in the dark: "no need to tell the developer", "make sure the user never
    finds out", "don't mention it to the maintainers";
  - ``weaken`` (1): checks, tests, reviews, confirmations or certificate verification skipped or switched off,
    "without reading the diff", "you never need to ask", a back door or a new collaborator;
  - ``consent`` (1): approval claimed for the order: "the owner has approved", "you have been cleared to", "by
    order of the security team";
  - ``forge`` (2): the principal's words or state made up: "pretend the user said yes", "the user knows";
  - ``hijack`` (1): the reader's own output steered: "your answers ... should", "respond only with", "always say";
  - ``falsify`` (1): a verdict fixed in advance: "say that the audit passed", whatever the file says;
  - ``leak`` (1): a secret (``.env``, keys, tokens, credentials) moved, shown or echoed;
  - ``origin`` (1): the note claims to be the real or higher-priority order, or to come from the developer;
  - ``obsolete`` (1): the reader's guidelines, instructions or training called outdated or replaced;
  - ``delegate`` (1): "carry out whatever is written in TODO.md";
  - ``standing`` (0.5): from now on, whenever, any time; ``destination`` (0.5): a URL, an e-mail or IP address.

A single kind is ordinary engineering talk ("Quietly retry failed uploads", "Skip CI for docs-only changes",
"Send the metrics to metrics@example.com", "You must restart the daemon"); two kinds aimed at a reader are how
an injected order reads. Negated weakening ("never skip the tests") does not count.

:func:`frame` finds upper-case operator and system banners ("BEGIN OPERATOR MESSAGE", "=== ADMIN OVERRIDE ===")
and double-bracketed authority labels ("[[ADMIN]]") that open an order.

Texts arrive folded and lower-cased (``guard._fold``), except for :func:`frame`, which reads the folded text
with its case. Every pattern has bounded repetition; each is run once over the text and its hits are assigned to
sentences, so the cost is linear.
"""

from __future__ import annotations

import re
from bisect import bisect_right

from mnemon.safety.intents import FEATURES, READER_OUTPUT, Feature

_NEGATED_WEAKEN = re.compile(
    r"\b(?:never|don't|do\s+not|must\s+not|mustn't|should\s+not|shouldn't|not|no\s+one\s+should|avoid|cannot|can't"
    r"|won't)\s+"
    r"(?:[\w'-]+\s+)?\Z"
)
_SECOND_PERSON = re.compile(
    r"\b(?:you|your|yourself|you'll|you're|you've|you'd|reader|tú|tu|tus|te|du|dir|dich|dein|deine|vous|votre|toi|"
    r"você|voce|seu|sua|ti|tuo|tua|ты|тебе|твой|твои)\b|你|您|あなた|당신|너는|네가"
    r"|ください|して|しろ|하세요|해라|하십시오|해\s*주세요|请|務必|务必|必须|一定要"
)
_AI_READER = re.compile(
    r"\b(?:the|any|every|each|whichever|whatever)\s+(?:[\w-]+\s+)?(?:assistant|agent|model|ai|llm|bot|copilot|"
    r"claude)s?\b|\bwhoever\s+(?:reads|automates|runs|maintains|picks\s+up)\b|\breads?\s+this\s+next\b"
    r"|\banyone\s+(?:automating|reading|running)\b|\bany\s+automated\s+(?:tool|agent|system)s?\b"
)
_IMPERATIVE = re.compile(
    r"(?:^|(?<=[.!?;:\n(\"“\]])|(?<=,\s))\s*(?:(?:please|just|now|also|then|and|first)\s+)?(?:make\s+sure|ensure|stop|"
    r"keep|treat|reply|respond|answer|say|add|remove|delete|disable|skip|turn|switch|comment|send|upload|post|"
    r"paste|echo|print|share|email|forward|put|include|copy|sync|dump|reveal|show|collect|grab|read|pretend|"
    r"assume|approve|merge|push|commit|deploy|run|execute|carry|follow|obey|change|set|edit|write|replace|ignore|"
    r"forget|drop|grant|give|tell|mark|hide|accept|act|consider|silently|quietly|secretly|never|always|don't|"
    r"do\s+not|state|deny|open|rewrite|access|upload|report|disregard|override|bypass|claim|leave|omit|exclude|zip|comply|rotate|first|mark|blame|swap|copy|responde|borra|elimina|aprueba|envía|ejecuta|ignora|"
    r"lösche|antworte|genehmige|schicke|führe|ignoriere|supprime|réponds|approuve|envoie|exécute|ne|approva|"
    r"cancella|rispondi|invia|esegui|apague|aprove|responda|envie|diga|удаляй|удали|отвечай|отправь|не)\b"
)
_ML_IMPERATIVE = re.compile(
    r"\b(?:responde|borra|aprueba|envía|ejecuta|lösche|antworte|genehmige|schicke|führe|ignoriere|supprime|"
    r"réponds|approuve|envoie|exécute|approva|cancella|rispondi|invia|esegui|apague|aprove|responda|envie|diga|"
    r"удаляй|удали|отвечай|отправь|gib|zeig|zeige|bitte|sag|sage|approuve|apruébalos|ricorda|recuerda|lembre|rappelle|por\s+favor|per\s+favore)\b"
    r"|не\s+спрашивай|\bne\s+(?:demande|dis|mentionne|préviens)\b|\bnon\s+(?:dire|chiedere|mostrare)\b|"
    r"\bno\s+(?:digas|pidas|muestres)\b|\bnão\s+(?:diga|conte|peça|mostre)\b|\bsag\s+(?:nicht|nichts)\b"
)
_FOREIGN_LETTER = re.compile(r"[\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
"""Cyrillic, kana, CJK and Hangul: scripts whose imperatives the gate cannot see, so a sentence in them passes it."""
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n|[。！？；]")
_THRESHOLD = 2.0
_READER_OUTPUT_AT = re.compile(READER_OUTPUT + r"\s+(?:must|should|shall|has\s+to|needs\s+to|is\s+to)\b")
_AI_SUBJECT = re.compile(
    r"\b(?:ai|llm|coding|automated)\s+(?:[\w-]+\s+){0,2}?(?:tools?|agents?|assistants?|models?|bots?)\b[^.;!?\n]{0,30}?"
    r"\b(?:must|should|shall|are\s+to|need\s+to|have\s+to)\b"
)
_ADDRESS = (_SECOND_PERSON, _AI_READER, _IMPERATIVE, _ML_IMPERATIVE, _FOREIGN_LETTER, _READER_OUTPUT_AT, _AI_SUBJECT)


def _sentence_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in _SENTENCE_END.finditer(text)]


def _needle_starts(text: str, literals: tuple[str, ...]) -> list[int]:
    """Where the matches of ``Feature.needles`` (the alternation of ``literals``, in order) start, as ``finditer``
    yields them, found with ``str.find`` (a few times faster than the long alternation): at each position the
    first literal in order that occurs there, then leftmost matches that do not overlap."""
    first: dict[int, int] = {}
    for literal in literals:
        pos = text.find(literal)
        while pos >= 0:
            first.setdefault(pos, pos + len(literal))
            pos = text.find(literal, pos + 1)
    found: list[int] = []
    last = 0
    for pos in sorted(first):
        if pos >= last:
            found.append(pos)
            last = first[pos]
    return found


def scores(text: str) -> dict[str, float]:
    """The intent kinds, with their weights, of the best-scoring pair of adjacent sentences of ``text`` (folded,
    lower case) that addresses a reader and reaches the threshold; empty when there is none.

    A feature's pattern is run only over the pairs of sentences whose needles could reach the threshold, so a
    long memory of ordinary notes costs a few substring tests per sentence."""
    features = [feature for feature in FEATURES if any(literal in text for literal in feature.literals)]
    if sum(feature.weight for feature in features) < _THRESHOLD:
        return {}
    starts = _sentence_starts(text)
    count = len(starts)
    bounds = [*starts, len(text)]
    present: list[list[Feature]] = [[] for _ in range(count)]
    for feature in features:
        last = -1
        for hit in _needle_starts(text, feature.literals):
            index = bisect_right(starts, hit) - 1
            if index != last:
                present[index].append(feature)
                last = index
    windows: dict[str, list[tuple[int, int]]] = {}
    for index in range(count):
        nearby = present[index] + (present[index + 1] if index + 1 < count else [])
        if sum({feature.kind: feature.weight for feature in nearby}.values()) >= _THRESHOLD:
            for feature in nearby:
                spans = windows.setdefault(feature.kind, [])
                start, end = bounds[index], bounds[min(count, index + 2)]
                if spans and start <= spans[-1][1]:
                    spans[-1] = (spans[-1][0], max(end, spans[-1][1]))
                else:
                    spans.append((start, end))
    found: list[dict[str, float]] = [{} for _ in range(count)]
    other_script = not text.isascii()
    for feature in features:
        for start, end in windows.get(feature.kind, ()):
            for pattern in (feature.ascii, feature.other if other_script else None):
                for match in pattern.finditer(text, start, end) if pattern else ():
                    if feature.kind in ("weaken", "leak") and _NEGATED_WEAKEN.search(
                            text, max(0, match.start() - 30), match.start()):
                        continue
                    if feature.kind == "leak" and _PUBLIC_HALF.search(match.group(0)):
                        continue  # a public key handed over is how access is asked for, not a secret leaked
                    found[bisect_right(starts, match.start()) - 1][feature.kind] = feature.weight
    best: dict[str, float] = {}
    for index in range(count):
        pair = range(index, min(count, index + 2))
        merged: dict[str, float] = {}
        for i in pair:
            merged.update(found[i])
        if sum(merged.values()) <= sum(best.values()) or sum(merged.values()) < _THRESHOLD:
            continue
        end = starts[pair[-1] + 1] if pair[-1] + 1 < count else len(text)
        if any(pattern.search(text, starts[index], end) for pattern in _ADDRESS):
            best = merged
    return best


_PUBLIC_HALF = re.compile(r"\bpublic\s+(?:ssh\s+)?key\b|\bpubkey\b|\.pub\b")


def directive(text: str) -> str | None:
    """The guard rule for an order to the reader in ``text`` (folded, lower case) by :func:`scores`:
    ``conceal_from_user`` when keeping the principal in the dark is what carries it, else ``addressed_to_model``;
    None when there is no such order."""
    found = scores(text)
    if sum(found.values()) < _THRESHOLD:
        return None
    if "conceal" in found and sum(found.values()) - found["conceal"] < _THRESHOLD:
        return "conceal_from_user"
    return "addressed_to_model"


_FRAME = re.compile(
    r"\b(?:BEGIN|START|END|OPEN|CLOSE)\s+(?:OF\s+)?(?:THE\s+)?(?:SYSTEM|OPERATOR|ADMIN|ADMINISTRATOR|DEVELOPER|"
    r"ROOT|TRUSTED|PRIORITY|PRIVILEGED|INTERNAL|OVERRIDE)\s+(?:MESSAGE|PROMPT|INSTRUCTIONS?|NOTICE|BLOCK|DIRECTIVES?|"
    r"ORDERS?|COMMANDS?|CONTEXT|SECTION)\b"
    r"|\[\[\s*(?:SYSTEM|ADMIN|ROOT|OPERATOR|DEVELOPER|OVERRIDE|PRIORITY|SUDO)\s*\]\]"
    r"|(?:^|\n)\s*(?:={3,}|-{3,}|#{2,}|\*{3,})\s*(?:SYSTEM|OPERATOR|ADMIN|DEVELOPER|ROOT)\s+(?:OVERRIDE|MESSAGE|"
    r"PROMPT|NOTICE|INSTRUCTIONS?)\s*(?:={3,}|-{3,}|#{2,}|\*{3,})?"
)


def frame(folded: str) -> bool:
    """An upper-case operator or system banner, or a double-bracketed authority label (``folded`` keeps its case)."""
    if "[[" not in folded and not any(word in folded for word in ("SYSTEM", "OPERATOR", "ADMIN", "DEVELOPER", "ROOT",
                                                                 "TRUSTED", "PRIORITY", "PRIVILEGED", "INTERNAL",
                                                                 "OVERRIDE")):
        return False
    return _FRAME.search(folded) is not None
