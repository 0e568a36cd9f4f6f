"""What a captured turn is worth: the sentences that are notes, of what kind, for which scope.

A transcript turn is mostly work in progress: requests ("add a test for ..."), questions,
narration ("Let me look at the config"), reports ("Updated the fixture; tests pass"),
explanations and acknowledgements. Now and then one sentence matters for months: a decision
with its reason, a rule, a correction, a bug's root cause, a project fact (a port, a variable,
a command, a path, an owner), a preference. :func:`read_turn` splits a turn into sentences,
files each by its *shape* (question, request, chatter, narration, statement) and, for
statements, by the *kind* its cues say, and returns the notes worth injecting later.

Everything here is judged by the shape of the language, never by a list of known facts:

* a **question** is never a note (it may index its answer: capture stores it as the answer's
  search context);
* a **request** (an imperative addressed to the assistant) is work, not knowledge, unless it
  states a standing rule ("always ...", "never ...", "from now on ...", "in this repo ...");
* **chatter** (greetings, thanks, praise, "Noted.") and **narration** ("I'll check ...",
  "Let me ...") are never notes;
* a **statement** is a note when its cues give it a kind (decision, rule, preference,
  correction, cause, fact); the user's own plain statements of substance are kept as remarks,
  an assistant's plain explanations are not (they are what fills a coding transcript).

Scope: a preference the user states about themselves, or a rule they give "for all my
projects", "in every repo", "globally", is ``global``; a house rule of this repository ("in
this repo we ...") stays with the project. Cues are English with common French, German and
Spanish forms; they err towards "not a note" for the assistant and "remark" for the user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mnemon import text
from mnemon.cues import is_trivial, shorten

_I = re.IGNORECASE

# -- sentences ------------------------------------------------------------------------------

_FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|\Z)", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[`*_]*[A-Z0-9])|(?<=[.!?:])\s*\n+|\n\s*\n+")
_BULLET = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_EMPHASIS = re.compile(r"\*\*|__")
MAX_NOTE = 400  # characters: a note is a sentence or two, not a paragraph
MIN_WORDS = 4


def sentences(body: str) -> list[str]:
    """The sentences of a message: prose only (code blocks become ``code`` inline when short,
    else are dropped), list items and lines as sentences of their own."""

    def inline(m: re.Match[str]) -> str:
        code = m.group(1).strip()
        if code and "\n" not in code and len(code) <= 160:
            return f" `{code}` "
        return "\n\n"

    prose = _FENCE.sub(inline, body)
    out: list[str] = []
    for line in re.split(r"\n(?=\s*(?:[-*+•]|\d{1,2}[.)]|#{1,6})\s)", prose):
        line = _HEADING.sub("", _BULLET.sub("", line))
        for part in _SENTENCE_END.split(line):
            part = " ".join(_EMPHASIS.sub("", part).split()).strip()
            if part:
                out.append(part)
    return out


# -- shapes ---------------------------------------------------------------------------------

_GREETING = re.compile(
    r"^(?:hi|hello|hey|thanks|thank you|thx|cheers|great|awesome|perfect|nice|cool|wow|sure|ok(?:ay)?|"
    r"alright|got it|noted|understood|sounds good|good|yes|yep|no problem|you're welcome|sorry|oops|"
    r"absolutely|exactly|right|indeed|of course|certainly|merci|danke|gracias|parfait|genial)\b[\s,.!:;-]*",
    _I,
)
_NARRATION = re.compile(
    r"^(?:(?:now|first|next|then|ok(?:ay)?|alright|sure|great|good|perfect),?\s+)?"
    r"(?:i'll|i will|i'm going to|i am going to|i'd|i would|let me|let's (?:look|check|see|start|try|run|"
    r"take|read|find|open|inspect|verify|dig|figure|fix|update|add|write)|i need to|i should|i can|"
    r"i('ve| have)? (?:now )?(?:updated|added|changed|fixed|created|removed|deleted|renamed|moved|edited|"
    r"written|wrote|ran|run|checked|looked|read|reviewed|tested|verified|implemented|refactored|replaced|"
    r"made|applied|installed|bumped|upgraded|reverted|committed|pushed|opened|found|noticed|confirmed|"
    r"see|saw|think|believe|suspect)|here(?:'s| is| are)|below is|this (?:should|will) |that (?:should|will) |"
    r"done|all (?:\d+ )?tests? pass|tests? (?:now )?pass|the tests? (?:now )?pass|everything passes|"
    r"looking at|checking|reading|running)\b",
    _I,
)
# an imperative addressed to the assistant: the request shapes of a coding session
_ASKING = re.compile(
    r"^(?:(?:please|pls|ok(?:ay)?|so|now|and|also|then|next|hey|quick(?: one)?|alright|first|finally)[,:]?\s+)*"
    r"(?:(?:can|could|would|will) (?:you|we)|i (?:want|need|would like|'d like) (?:you )?to|i want|i need|"
    r"let's|lets|help me|try to|go ahead and|make sure)\b",
    _I,
)
_LEAD = re.compile(r"^(?:(?:please|pls|ok(?:ay)?|so|now|and|also|then|next|hey|quick(?: one)?|alright|first|"
                   r"finally)[,:]?\s+)*([a-z][a-z-]*)(?:\s+([\w'`-]+))?", _I)
# verbs that open a request whatever follows them
_VERBS = frozenset("""
    add fix make run write create update change remove delete rename refactor move check look find show explain
    tell help implement debug investigate review bump upgrade downgrade install uninstall setup try open read
    set print clean lint rebase revert describe generate convert extract replace migrate optimise optimize speed
    wire handle catch skip translate summarise summarize compare measure benchmark reproduce rerun re-run
    retry restart stop start kill reset tidy polish simplify inline expose hide rewrite enable disable re-enable
    increase decrease raise lower paraphrase continue resume finish complete double-check go get give put use
    do keep take pick see search grep scaffold draft rotate wrap unwrap split combine rework redo undo bring
    pull fetch verify validate ensure confirm sanitize sanitise escape quote parse serialize serialise load
    save store cache-bust rerender render call invoke pass return throw raise await bump trim shorten
    lengthen extend shrink limit cap throttle debounce memoize memoise hoist import export annotate type-check
    typecheck re-run double remember forget note list drop clear pin unpin swap flip toggle silence suppress
    mute unmute ignore exclude include allow deny block unblock whitelist blacklist comment uncomment
    document sort group filter trace profile patch stub mock copy paste push merge commit squash tag
    release deploy ship publish build test format log index lock queue port sync schedule
    """.split())
# verbs that are as often nouns ("build", "cache", "release"): a request only when what follows is an object
_AMBIGUOUS = frozenset("""
    document sort group filter trace profile patch stub mock copy paste push merge commit squash tag release
    deploy ship publish build test format log index lock queue port sync schedule list drop clear note cache
    type call pass return load save store import export limit cap comment block order
    """.split())
_OBJECT = frozenset("""
    the a an this that these those it them all every each my our your its his her their some any me us up out
    down in off over back everything something anything
    """.split())


def _is_request(sentence: str) -> bool:
    """An imperative addressed to the assistant ("rotate the logs", "can you ...")."""
    if _ASKING.match(sentence):
        return True
    m = _LEAD.match(sentence)
    if m is None:
        return False
    verb, after = m.group(1).lower(), (m.group(2) or "").lower()
    if verb not in _VERBS:
        return False
    if verb in _AMBIGUOUS:
        return not after or after in _OBJECT or after.startswith("`")
    return True


# a request that is also a standing rule
_STANDING = re.compile(
    r"\b(?:always|never|from now on|going forward|in future|in the future|every time|each time|whenever|"
    r"by default|as a rule|no matter|at all times|ever again|anymore|any more)\b"
    r"|\b(?:don'?t|do not|never) (?:ever )?(?:use|add|commit|push|touch|edit|modify|change|import|call|"
    r"write|put|mock|run|deploy|merge|rename|delete|remove|store|log|print|hardcode|hard-code|bypass|skip|"
    r"disable|introduce|rely|depend)\b",
    _I,
)

# -- kinds ----------------------------------------------------------------------------------

_CORRECTION = re.compile(
    r"^\s*(?:no|nope|wrong|correction|update|heads[- ]up|scratch that|actually)\b\s*[,.!:;-]"
    r"|\bno,?\s+actually\b|\bactually,?\s|\bcorrection\b|\bscratch that\b|\bi was wrong\b"
    r"|\bthat(?:'s| is| was)\s+(?:wrong|not right|incorrect|outdated|out of date|stale|no longer true)\b"
    r"|\bno longer\b|\bnot any ?more\b|\bis now\b|\bare now\b|\bnow (?:lives?|runs?|uses?|points?|"
    r"listens?|sits?|goes|go|is|are)\b|\b(?:has|have) (?:been )?(?:moved|changed|switched|replaced|"
    r"renamed|migrated)\b|\b(?:moved|changed|switched|migrated) (?:it |them |that )?(?:from|to|over to|off)\b"
    r"|\binstead of\b|\brather than\b|\breplaced (?:by|with)\b|\bnot .{1,40}, but\b"
    r"|\ben fait\b|\beigentlich\b|\ben realidad\b",
    _I,
)
_STRONG_CORRECTION = re.compile(
    r"^\s*(?:no|nope|wrong|correction|scratch that|actually)\b|\bno,?\s+actually\b|\bactually\b|\bcorrection\b"
    r"|\bi was wrong\b|\bno longer\b|\bnot any ?more\b|\bthat(?:'s| is| was)\s+(?:wrong|incorrect|outdated)\b",
    _I,
)
_DECISION = re.compile(
    r"\b(?:we|i)\s+(?:have\s+|'ve\s+)?(?:decided|chose|chosen|picked|agreed|settled|opted|went with|"
    r"are going with|'re going with|go with|will go with|'ll go with|will use|'ll use|are using|'re using|"
    r"standardi[sz]ed on|switched to|moved to|landed on)\b"
    r"|\blet'?s\s+(?:use|go with|switch to|stick with|keep|adopt|move to|pick)\b|\bgoing with\b"
    r"|\bdecision\s*:|\bchose\b.{1,80}\bover\b|\bsettled on\b|\bdecided (?:to|on|that|against)\b"
    r"|\bthe plan is\b|\bwe(?:'re| are) (?:keeping|sticking with|dropping)\b|\btrade-?off\b"
    r"|\bon a choisi\b|\bon a décidé\b|\bwir nehmen\b|\bwir haben entschieden\b|\bvamos a usar\b|\bdecidimos\b",
    _I,
)
_RULE = re.compile(
    r"\b(?:in|for|across) (?:this|the|our) (?:repo|repository|project|codebase|code base|team|monorepo|org)\b"
    r"|\b(?:we|you|i|everyone|nobody|no one) (?:always|never|must|must not|mustn't|should never|"
    r"should always|don't ever|do not ever|only ever)\b|\b(?:must|must not|mustn't|is required|"
    r"are required|is not allowed|are not allowed|is forbidden|are forbidden|is mandatory|are mandatory)\b"
    r"|\bthe (?:rule|convention|policy|standard) (?:is|here)\b|\bby convention\b|\bhouse rule\b"
    r"|\bmake sure (?:to|you)\b",
    _I,
)
_BARE_RULE = re.compile(r"\bnever\b|\balways\b|\bonly ever\b", _I)  # a rule when the user says it
_PREFERENCE = re.compile(
    r"\b(?:i|we)\s+(?:really\s+|much\s+|generally\s+|usually\s+|strongly\s+)?(?:prefer|like|love|hate|"
    r"dislike|can't stand|want|favou?r)\b|\bmy (?:preference|preferred|favou?rite|editor|shell|os|style)\b"
    r"|\bi'?d rather\b|\bplease (?:always|never)\b|\bcall me\b|\bmy name is\b|\bmy pronouns\b"
    r"|\bje\s+pr[ée]f[èe]re\b|\bich\s+(?:bevorzuge|mag|hasse)\b|\bprefiero\b|\bme gusta\b",
    _I,
)
_CAUSE = re.compile(
    r"\broot[- ]cause\b|\bthe cause\b|\bcaused by\b|\bturn(?:s|ed) out\b|\bthe culprit\b|\btraced (?:it|this|the)\b"
    r"|\bthe (?:bug|issue|problem|crash|failure|flake|flakiness|leak|error|regression|outage|timeout|slowdown|"
    r"race|deadlock|hang) (?:was|is|came|comes|happened|happens|occurs|occurred)\b|\b(?:was|were|is|are) "
    r"(?:failing|crashing|flaky|timing out|hanging|leaking|broken|slow) because\b|\bbecause of\b|\bdue to\b"
    r"|\bthe fix (?:was|is)\b|\bfixed (?:it|this|that|the \w+) by\b|\bthe reason (?:was|is)\b"
    r"|\b(?:fails|failed|breaks|broke|crashes|crashed|hangs|hung|times out|timed out) (?:when|whenever|if|because)\b"
    r"|\bworkaround\b|\bso (?:that's|that is) why\b|\bwhich is why\b|\bthat's why\b|\bresulted in\b|\bled to\b"
    r"|\bcaused\b|\bcauses\b",
    _I,
)
_FACT = re.compile(
    r"\bports?\s*:?\s*\d{2,5}\b|\b(?:listens?|listening|runs?|running|lives?|living|sits?|hosted|served|"
    r"deployed|stored|kept|located|mounted|configured|defined|declared|set|pinned|exposed|reachable|"
    r"available) (?:on|at|in|under|from|via|to|behind|through)\b|\b(?:owned|maintained|run|managed|written|"
    r"reviewed) by\b|\b(?:owns|maintains|is responsible for|is the owner of|on call for|on-call for)\b"
    r"|\b(?:env(?:ironment)? var(?:iable)?|the (?:endpoint|url|host|hostname|bucket|queue|topic|table|schema|"
    r"database|db|cluster|namespace|region|branch|tag|version|timeout|limit|quota|secret name|key prefix|"
    r"path|directory|folder|file|command|script|target|job|cron|schedule|account|project id|default))\b"
    r"|\b(?:deploy|release|ship|publish|build|migrate|seed|bootstrap|provision|rotate|back up|backup|restore)"
    r"(?:s|ed|ing)? (?:with|via|using|by running|through)\b|\bdefaults? to\b|\bis set to\b|\bpoints? (?:to|at)\b"
    r"|\b(?:ask|talk to|ping|contact|check with) [A-Z][a-z]+\b|\bgoes (?:through|to|via)\b",
    _I,
)
_GLOBAL = re.compile(
    r"\b(?:for|in|across|on) (?:all|every|each|any) (?:of )?(?:my |our )?(?:projects?|repos?|repositories|"
    r"codebases?|code ?bases|work|code)\b|\bglobally\b|\beverywhere\b|\bno matter (?:the|which|what) "
    r"(?:project|repo|codebase)\b|\bwhatever (?:the )?(?:project|repo)\b|\bin general,? i\b|\bas a rule,? i\b"
    r"|\bi (?:always|never|generally|usually|personally)\b|\bpersonally\b|\bmy (?:preference|style|editor|"
    r"shell|os|machine|laptop|setup|workflow|habit)\b|\bi(?:'m| am) (?:on|using) (?:a |an )?\w+"
    r"|\bdans tous mes projets\b|\bin allen (?:meinen )?projekten\b|\ben todos mis proyectos\b",
    _I,
)
_PROJECT_MARKER = re.compile(
    r"\b(?:this|the|our)\s+(?:project|repo|repository|codebase|code base|app|service|module|package|team|"
    r"monorepo|api|server|client|library|crate|gem)\b|\bhere\b|\bin this\b"
    r"|[\w-]+\.(?:py|js|ts|tsx|go|rs|rb|java|kt|ex|cpp|toml|json|ya?ml|md|sql|sh|tf)\b|\w/\w",
    _I,
)
_FIRST_PERSON = re.compile(r"^(?:[\w,]+\s+){0,3}?(?:i|i'm|i've|i'd|my|me|we|we're|we've|our)\b", _I)
_VALUE = re.compile(
    r"`[^`]{2,}`|\b\d[\d.,:]*\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|(?:^|\s)(?:\.{0,2}/)?[\w.-]+/[\w./-]+"
    r"|\b[\w-]+\.(?:py|go|rs|ts|tsx|js|jsx|rb|ex|exs|java|kt|cpp|cc|h|hpp|toml|json|ya?ml|ini|cfg|env|sql|sh|"
    r"md|tf|lock|conf|xml|gradle)\b|https?://\S+|\b[a-z]+(?:-[a-z0-9]+){2,}\b",
)
_EXPLANATORY = re.compile(
    r"^(?:this|that|it|these|those|the (?:function|method|class|module|file|test|code|component|helper|"
    r"script|hook|handler|loop|query|change|diff|output|error|warning|log|result)s?)\b",
    _I,
)


@dataclass(frozen=True)
class Note:
    """One sentence (or two joined by a reason) worth injecting later."""

    text: str
    kind: str  # decision | rule | preference | correction | cause | fact | remark
    scope_global: bool

    @property
    def category(self) -> str:
        return KIND_CATEGORY[self.kind]

    @property
    def importance(self) -> int:
        return KIND_IMPORTANCE[self.kind]


KIND_CATEGORY = {"decision": "decision", "rule": "preference", "preference": "preference",
                 "correction": "fact", "cause": "insight", "fact": "fact", "remark": "fact"}
KIND_IMPORTANCE = {"decision": 4, "rule": 4, "preference": 4, "correction": 4, "cause": 4, "fact": 3,
                   "remark": 2}
NOTE_KINDS = tuple(KIND_CATEGORY)


@dataclass(frozen=True)
class Reading:
    """What one message is: its notes and the shape of the whole."""

    notes: tuple[Note, ...]
    shape: str  # statement | request | question | report | chatter
    covered: float  # share of the message's words its notes hold


def shape_of(sentence: str, role: str) -> str:
    """question, chatter, narration, request, rule-request or statement."""
    s = sentence.strip().strip("*_ ")
    words = text.tokens(s)
    if s.endswith("?"):
        return "question"
    rest = _GREETING.sub("", s, count=1)
    if not text.tokens(rest) or is_trivial(s) or (rest != s and len(words) <= 3 and not _VALUE.search(s)):
        return "chatter"
    if role == "assistant" and _NARRATION.match(rest):
        return "narration"
    if role == "user" and _is_request(rest):
        return "rule-request" if _STANDING.search(rest) else "request"
    if role == "user" and re.match(r"^(?:don'?t|do not|never|always|avoid|stop|make sure)\b", rest, _I):
        return "rule-request"
    return "statement"


def kind_of(sentence: str, role: str, shape: str) -> str | None:
    """The kind of note a sentence is, or None when it is not one."""
    if shape == "request" and _DECISION.search(sentence):
        return "decision"  # "let's go with X"
    if shape in ("question", "chatter", "narration", "request"):
        if shape == "narration" and (_CAUSE.search(sentence) or _DECISION.search(sentence)):
            pass  # "I found the cause: ..." still names a cause
        else:
            return None
    if shape == "rule-request":
        return "preference" if _PREFERENCE.search(sentence) else "rule"
    decided = _DECISION.search(sentence)
    if _CORRECTION.search(sentence) and (_VALUE.search(sentence) or len(text.tokens(sentence)) >= MIN_WORDS):
        if not decided or _STRONG_CORRECTION.search(sentence):
            return "correction"
    if decided:
        return "decision"
    if _CAUSE.search(sentence):
        return "cause"
    if role == "user" and _PREFERENCE.search(sentence):
        return "preference"
    if _RULE.search(sentence) or role == "user" and _BARE_RULE.search(sentence):
        return "rule"
    if _FACT.search(sentence) and _VALUE.search(sentence) or _FACT.search(sentence) and role == "user":
        return "fact"
    if role == "user":
        if len(text.tokens(sentence)) >= MIN_WORDS:
            return "remark"
        return None
    if _FIRST_PERSON.match(sentence) and not _EXPLANATORY.match(sentence) and len(text.tokens(sentence)) >= MIN_WORDS:
        return "remark"  # what a speaker says of themselves ("I've been learning the cello")
    return None


def is_global(sentence: str, kind: str, role: str) -> bool:
    """A preference or rule the user means for every project."""
    if role != "user" or kind not in ("preference", "rule", "decision", "remark", "fact"):
        return False
    if _GLOBAL.search(sentence):
        explicit = re.search(r"\b(?:all|every|each|any) (?:of )?(?:my |our )?(?:projects?|repos?|repositories|"
                             r"codebases?)\b|\bglobally\b|\beverywhere\b", sentence, _I)
        return bool(explicit) or not _PROJECT_MARKER.search(sentence)
    return kind == "preference" and bool(re.match(r"^\W*(?:i|i'm|i am|my)\b", sentence, _I)) \
        and not _PROJECT_MARKER.search(sentence) and not re.search(r"\bwe\b|\bour\b", sentence, _I)


_REASON_START = re.compile(r"^(?:because|since|that's because|this is because|the reason|so that|otherwise|"
                           r"that way|which means|this means|it's because)\b", _I)


def read_turn(body: str, role: str, *, max_notes: int = 4) -> Reading:
    """The notes of one message (``role`` "user" or "assistant"); see the module docstring."""
    parts = sentences(body)
    if not parts:
        return Reading((), "chatter", 0.0)
    shapes = [shape_of(p, role) for p in parts]
    notes: list[Note] = []
    used = 0
    i = 0
    while i < len(parts):
        sentence, shape = parts[i], shapes[i]
        kind = kind_of(sentence, role, shape)
        if kind is None:
            i += 1
            continue
        joined = sentence
        # a reason given in the next sentence belongs to this one
        if i + 1 < len(parts) and _REASON_START.match(parts[i + 1]) and len(joined) + len(parts[i + 1]) < MAX_NOTE:
            joined = f"{joined} {parts[i + 1]}"
            i += 1
        notes.append(Note(_clip(joined), kind, is_global(joined, kind, role)))
        used += len(joined)
        i += 1
    notes.sort(key=lambda n: -_RANK[n.kind])
    kept = tuple(sorted(notes[:max_notes], key=lambda n: body.find(n.text[:40])))
    total = sum(len(p) for p in parts)
    overall = _overall(shapes)
    return Reading(kept, overall, min(1.0, used / max(total, 1)))


_RANK = {"correction": 6, "decision": 5, "rule": 5, "preference": 5, "cause": 4, "fact": 3, "remark": 1}


def _overall(shapes: list[str]) -> str:
    if any(s == "statement" or s == "rule-request" for s in shapes):
        return "statement"
    if any(s == "request" for s in shapes):
        return "request"
    if any(s == "question" for s in shapes):
        return "question"
    if any(s == "narration" for s in shapes):
        return "report"
    return "chatter"


def _clip(sentence: str) -> str:
    return sentence if len(sentence) <= MAX_NOTE else shorten(sentence, MAX_NOTE)
