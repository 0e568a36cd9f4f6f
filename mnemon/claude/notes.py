"""What a captured turn is worth: the sentences that are notes, of what kind, for which scope.

A transcript turn is mostly work in progress: requests ("add a test for ..."), questions,
narration ("Let me look at the config"), reports ("Updated the fixture; tests pass"),
explanations and acknowledgements. Now and then one sentence matters for months: a decision
with its reason, a rule, a correction, a bug's root cause, a project fact (a port, a variable,
a command, a path, an owner), a preference. Such sentences come in any phrasing, often in the
middle of a longer reply, so :func:`read_turn` keeps *sentences*, not turns: it splits a message
into sentences, files each by its *shape* and keeps every statement of substance as a note,
with a *kind* from its cues that weighs it:

* a **question** is never a note (it indexes its answer: capture stores it as the answer's
  search context);
* a **request** (an imperative addressed to the assistant) is work, not knowledge, unless it
  states a standing rule ("always ...", "never ...", "from now on ...") or a decision ("let's
  go with ...");
* **chatter** (greetings, thanks, "Noted.") and the assistant's **narration** of its own
  process ("I'll check ...", "I read the config") are never notes;
* a **statement** is a note; cues make it a decision, rule, preference, correction, cause or
  fact (importance 3 or 4), else it stays a plain ``statement`` (importance 2); what the
  assistant reports it changed is ``done`` (importance 2: it may hold the fix). A problem the
  user reports without a value ("the export crashes on empty files") is work to do, not a note:
  the turn's trace finds the fix by it.

Scope: a preference the user states about themselves, or a rule they give "for all my
projects", "in every repo", "globally", is global ("everywhere" alone is not: "rename it
everywhere" means everywhere in this code) and a ``preference``, whatever its other cues: it
is how the user works; a house rule of this repository ("in this
repo we ...") stays with the project. Cues are English with common French, German and
Spanish forms, and only ever weigh a note: none decides alone whether something is kept.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from mnemon.claude.asked import described, presented
from mnemon.claude.cues import is_trivial, shorten
from mnemon.claude.framing import conditional_order, dictated, leads, premise
from mnemon.claude.kindcues import CORRECTION as _CORRECTION
from mnemon.claude.kindcues import DECISION as _DECISION
from mnemon.claude.kindcues import RULE as _RULE
from mnemon.claude.kindcues import STRONG_CORRECTION as _STRONG_CORRECTION
from mnemon.claude.scopewords import EVERY_PROJECT, GLOBAL, is_global
from mnemon.claude.sentences import marked
from mnemon.engine import text

_I = re.IGNORECASE

MAX_NOTE = 400  # characters: a note is a sentence or two, not a paragraph
MIN_WORDS = 4


# -- shapes ---------------------------------------------------------------------------------

_INTERROGATIVE = re.compile(r"^(?:what|what's|whats|why|how|where|when|who|which|is there|are there|does|do|did|"
                            r"can|could|should|would|is it|are we|any idea)\b", re.IGNORECASE)
# "how we do X: ...", "what we decided: ...": a statement that opens like a question
_HOW_WE = re.compile(r"^(?:how|what|why|where|when)\s+(?:we|i|you|they)\s", re.IGNORECASE)
_GREETING = re.compile(
    r"^(?:hi|hello|hey|thanks|thank you|thx|cheers|great|awesome|perfect|nice|cool|wow|sure|ok(?:ay)?|"
    r"alright|got it|noted|understood|sounds good|good|yes|yep|no problem|you're welcome|sorry|oops|"
    r"absolutely|exactly|right|indeed|of course|certainly|merci|danke|gracias|parfait|genial)\b[\s,.!:;-]*",
    _I,
)
# what the assistant is about to do or how it went about it: never a note
_NARRATION = re.compile(
    r"^(?:(?:now|first|next|then|ok(?:ay)?|alright|sure|great|good|perfect|so),?\s+)?"
    r"(?:i'll|i will|i'm going to|i am going to|i'd|i would|let me|let's (?:look|check|see|start|try|run|"
    r"take|read|find|open|inspect|verify|dig|figure)|i need to|i should|i can|i could|"
    r"i(?:'ve| have)? (?:now |also |first )?(?:checked|looked|read|reviewed|searched|grepped|went through|"
    r"traced|reproduced|ran|run|tested|verified|confirmed|noticed|see|saw|think|believe|suspect|"
    r"didn't|did not|don't see|couldn't|can't|tried)|here(?:'s| is| are)|below is|"
    r"if you (?:want|like|prefer)|let me know|looking at|checking|reading|running|"
    r"all (?:\d+ )?tests? pass|(?:the )?tests? (?:now )?pass|everything passes)\b",
    _I,
)
# what the assistant changed: a note of what was done (it may hold the fix)
_REPORT = re.compile(
    r"^(?:(?:now|so|then|ok(?:ay)?|done|and),?\s+)?(?:i(?:'ve| have)? (?:now |also |just )?|we(?:'ve| have)? )?"
    r"(?:updated|added|changed|fixed|created|removed|deleted|renamed|moved|edited|wrote|written|replaced|"
    r"refactored|implemented|made|applied|installed|bumped|upgraded|reverted|committed|pushed|opened|built|"
    r"extracted|threaded|merged|kept|left|converted|split|wired|dropped|switched|used|put|gave|set|enabled|"
    r"disabled|turned|lowered|raised|increased|decreased|pinned|inlined|adjusted|tidied|simplified|"
    r"documented|restored|rewrote|reran|cleaned|wrapped|guarded|clamped|cached|batched|migrated|imported|"
    r"exported|normalised|normalized|cast|pulled|split)\b",
    _I,
)
# a change someone made to the system, said by either side ("I switched prod to one NAT gateway",
# "we turned on persistent connections"): the first suspect when something later breaks
_PAST_CHANGE = (r"switched|turned (?:on|off)|enabled|disabled|added|raised|lowered|increased|decreased|bumped|changed|"
                r"moved|replaced|removed|dropped|upgraded|downgraded|made|introduced|configured|capped|limited|cached|"
                r"reduced|extended|shortened|tuned|migrated|resized|scaled (?:up|down|out|in)|renamed|pinned|rotated")
_CHANGE_MADE = re.compile(
    r"^(?:(?:so|then|also|and|btw|fyi|heads[- ]up|finally)[,:]?\s+)?(?:(?:i|we)(?:'ve| have)? (?:now |also |just |recently )?"
    r"(?:" + _PAST_CHANGE + r"|set|put)|" + _PAST_CHANGE + r")\b",  # without a subject, only past forms ("enabled X")
    _I,
)


def reports_change(sentence: str) -> bool:
    """Does the sentence say that someone changed the system (a config, a dependency, a limit)?"""
    return _CHANGE_MADE.match(sentence.strip()) is not None


# an imperative addressed to the assistant: the request shapes of a coding session
_ASKING = re.compile(
    r"^(?:(?:please|pls|ok(?:ay)?|so|now|and|also|then|next|hey|quick(?: one)?|alright|first|finally|anyway|anyways|"
    r"whatever|btw)[,:]?\s+)*(?:(?:can|could|would|will) (?:you|u|ya|we)|i (?:want|need|would like|'d like) (?:you )?to|i want|i need|"
    r"let's|lets|help me|try to|go ahead and|make sure)\b",
    _I,
)
_LEAD = re.compile(r"^(?:(?:please|pls|ok(?:ay)?|so|now|and|also|then|next|hey|quick(?: one)?|alright|first|"
                   r"finally|anyway|anyways|whatever)[,:]?\s+)*([a-z][a-z-]*)(?:\s+([\w'`-]+))?", _I)
# verbs that open a request whatever follows them
_VERBS = frozenset("""
    add fix make run write create update change remove delete rename refactor move check look find show explain walk
    tell help implement debug investigate review bump upgrade downgrade install uninstall setup try open read
    set let address print clean lint rebase revert describe generate convert extract replace migrate optimise optimize speed
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
    regenerate rebuild notify mention ping ask
    """.split())
# verbs that are as often nouns ("build", "cache", "release"): a request only when what follows is an object
_AMBIGUOUS = frozenset("""
    document sort group filter trace profile patch stub mock copy paste push merge commit squash tag release
    deploy ship publish build test format log index lock queue port sync schedule list drop clear note cache
    type call pass return load save store import export limit cap comment block order
    """.split())
# verbs that are also the news they bring ("update on the release: ...", "fix for the login bug: ...")
_NEWS = frozenset({"update", "change", "fix"})
_NEWS_ABOUT = frozenset({"on", "re", "about", "regarding", "for"})
_FROM_SOMEONE = re.compile(r"^\W*\w+ from [^:,.;]{2,50}:\s")  # "update from the platform team: ...": news sent
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
    if sentence[m.end(1):m.end(1) + 1] in ("_", ".", "(", ":", "/"):
        return False  # a name in code ("verify_host is ...", "build.sh takes ..."), not a verb
    if verb not in _VERBS or verb in _NEWS and (after in _NEWS_ABOUT or after == "of" or after == "from" and _FROM_SOMEONE.match(sentence)):
        return False  # "update on the retention thing: ..." is news, not an order
    if verb in _AMBIGUOUS:
        return not after or after in _OBJECT or after.startswith("`")
    return True


# verbs that say what to do instead, after a rule ("Never use floats. Use Decimal.")
_INSTEAD = frozenset("use return raise throw wrap call pass put keep prefer log go validate".split()) | _VERBS


def _bare_order(sentence: str) -> bool:
    """An imperative with no lead-in ("Return errors wrapped with %w."): after a rule, what to do
    instead; a new request is asked ("can you ...", "also, ...", "then ...")."""
    m = _LEAD.match(sentence.strip())
    return m is not None and m.start(1) == 0 and m.group(1).lower() in _INSTEAD \
        and not _ASKING.match(sentence)



# a request to set a value, with its reason: the user's decision, carried out in that session
_SETTING = re.compile(r"^\W*(?:(?:please|pls|ok|so|finally|now)[,:]?\s+)?(?:set|raise|lower|bump|cap|limit|increase|decrease|"
                      r"reduce|cut|turn (?:on|off)|enable|disable)\b[^,;]{3,80}(?:,\s+(?!(?:and|then|also|can|could|"
                      r"pls|please|after|before|run|and then)\b)[\w-]+ [\w-]+|\b(?:because|since|so that)\b"
                      r"|\bso (?:the|that|it|its|our|we|they|their|nobody|no one|users|people)\b)", _I)
# what a setting is set to: a number, an assignment, a flag's word after a colon, a name in camelCase
_SET_TO = re.compile(r"\d|=|\b\w+:\s+(?:true|false|on|off|yes|no|null|none)\b|\b[a-z]+[A-Z][A-Za-z]+\b"
                     r"|\b[A-Z][a-z]+(?:[A-Z][a-z]+){2,}\b|\b[a-z]+_[a-z_]+\b|\s--?[a-z][\w-]+")
# a request that is also a standing rule
_STANDING = re.compile(
    r"^(?:\w+\W+){0,3}?(?:always|never)\b|\b(?:always|never) (?:\w+ )?(?:use|add|call|write|run|put|keep|make|"
    r"commit|push|merge|deploy|test|check|ask|show|wait|edit|touch|change|log|print|return|raise|throw|store|"
    r"name|import|mock|pin|tag|sign|go)\b"
    # a habit to drop ("stop putting prints in views"), not a process to halt ("stop running the seed")
    r"|\b(?:stop|quit) (?!(?:running|executing|building|deploying|installing|downloading|uploading|loading|syncing|"
    r"serving|watching|training|processing|polling|retrying|spinning)\b)\w{2,}ing\b"
    r"|\b(?:from now on|going forward|in future|in the future|every time|each time|whenever|"
    r"by default|as a rule|no matter|at all times|ever again|anymore|any more|wherever i|regardless of)\b"
    r"|\bwhatever (?:the )?(?:project|repo|repository|codebase|language)\b"
    r"|\bnever\b[^.;!?]*,\s*ever\b"  # "log the id, never the body, ever"
    r"|\b(?:don'?t|do not|never) (?:ever )?(?:use|add|commit|push|touch|edit|modify|change|import|call|"
    r"write|put|mock|run|deploy|merge|rename|delete|remove|store|log|print|hardcode|hard-code|bypass|skip|"
    r"disable|introduce|rely|depend)\b",
    _I,
)

# -- kinds ----------------------------------------------------------------------------------

_ACKNOWLEDGED = re.compile(r"^\W*(?:agreed|noted|understood|got it|sounds good|ok(?:ay)?|sure|right)\b\s*[:,.!\u2013\u2014-]\s*", _I)


def acknowledged(sentence: str) -> str | None:
    """What an assistant sentence says after the acknowledgement it opens with ("Noted: X", "Got it,
    X", "Understood \u2014 X"), or None when it opens with none."""
    match = _ACKNOWLEDGED.match(sentence)
    return sentence[match.end():] if match else None


_ANSWER_NO = re.compile(r"^\s*(?:no|nope)\b\s*[,.!:;-]", _I)
_ASSISTANT_RULE = re.compile(r"^\W*(?:please\s+)?(?:don'?t|do not|never)\b", _I)  # "Please don't: ..."
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
    r"|\bthe fix (?:was|is) (?:to|that|in|a|an|the|\w+ing)\b|\bfixed by\b|\bfixed (?:it|this|that|the \w+) by\b|\bthe reason (?:was|is)\b"
    r"|\b(?:fails|failed|breaks|broke|crashes|crashed|hangs|hung|times out|timed out) because\b"
    r"|\bworkaround\b|\bso (?:that's|that is) why\b|\bwhich is why\b|\bthat's why\b|\bresulted in\b|\bled to\b"
    r"|\bcaused\b|^\W*(?:ok\W+|so\W+)?(?:i |we )?found (?:the|it|out|why)\b",
    _I,
)
_FACT = re.compile(
    r"\bports?\s*:?\s*\d{2,5}\b|\b(?:listens?|listening|runs?|running|lives?|living|sits?|hosted|served|"
    r"deployed|stored|kept|located|mounted|configured|defined|declared|set|pinned|exposed|reachable|"
    r"available) (?:on|at|in|under|from|via|to|behind|through)\b|\bbelongs? to\b|\b\w+'s team\b|\bhandled by\b"
    r"|^\W*[a-z][\w -]{2,25}:\s+\S|\b(?:our|the|my) [\w -]{1,30}? (?:id|key name|name|number|account|url|host|handle) is\b"
    r"|\b(?:owned|maintained|run|managed|written|"
    r"reviewed) by\b|\b(?:owns|maintains|is responsible for|is the owner of|on call for|on-call for)\b"
    r"|\b(?:env(?:ironment)? var(?:iable)?|the (?:[\w-]+ ){0,2}?(?:endpoint|url|host|hostname|bucket|queue|topic|table|schema|"
    r"database|db|cluster|namespace|region|branch|tag|version|timeout|limit|quota|secret name|key prefix|"
    r"path|directory|folder|file|command|script|target|job|cron|schedule|account|project id|default))\b"
    r"|\b(?:deploy|release|ship|publish|build|migrate|seed|bootstrap|provision|rotate|back up|backup|restore)"
    r"(?:s|ed|ing)? (?:with|via|using|by running|through)\b|\bdefaults? to\b|\bis set to\b|\bpoints? (?:to|at)\b"
    r"|\b(?:ask|talk to|ping|contact|check with) [A-Z][a-z]+\b|\bgoes (?:through|to|via)\b|\bwe use\b",
    _I,
)
_VALUE = re.compile(
    r"`[^`]{2,}`|\b\d[\d.,:]*\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|(?:^|\s)(?:\.{0,2}/)?[\w.-]+/[\w./-]+"
    r"|\b[\w-]+\.(?:py|go|rs|ts|tsx|js|jsx|rb|ex|exs|java|kt|cpp|cc|h|hpp|toml|json|ya?ml|ini|cfg|env|sql|sh|"
    r"md|tf|lock|conf|xml|gradle)\b|https?://\S+|\b[a-z]+(?:-[a-z0-9]+){2,}\b"
    r"|\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,}\b|\b[A-Za-z_][\w.]*=[^\s,;]+",  # X4TT9Q2ZK1, MODE=full
)
# a cause said plainly ("the ids got mixed up, because the file is tab-separated", "the gaps come
# from ..."): weaker than _CAUSE, so a rule or a decision with its reason stays a rule or a decision
_WEAK_CAUSE = re.compile(
    r"\bbecause\b|^\W*found it\b|\b(?:problem|issue|bug|crash|error|failure|holes?|gaps?|leak|slowdown|spike|"
    r"drift|flake|flakiness|duplicates?) (?:comes?|came|stems?|stemmed|originates?) from\b",
    _I,
)
# a problem the user reports ("the export crashes on empty files", "search got slow"): work to do,
# kept as the turn's trace to find the fix by, not a note of its own
_SYMPTOM = re.compile(  # ("crash reports" names a thing, not a malfunction)
    r"\b(?:crash(?:es|ed|ing)?(?! (?:reports?|reporting|reporter|dumps?|logs?|handler|course)\b)|blows? up|blew up|blowing up|fails|is failing|are failing|broke|breaks|is broken|are broken|"
    r"hangs|hanging|freezes(?! (?:time|the clock|the date)\b)|is flaky|are flaky|throws|stutters|lags|is slow|are slow|got slow|gets slow|"
    r"doesn't work|does not work|isn't working|stopped working|shows? (?:the )?wrong|is complaining|"
    r"complains?|is leaking|leaks|is stuck|never (?:resets|updates|loads|finishes|returns)|blows? away)\b",
    _I,
)
# a request closing a statement that is only its reason ("X is a bad name, rename it everywhere")
_TRAILING_REQUEST = re.compile(r"[,;:]\s*(?:(?:please|so|and|just)\s+)*(?:" + "|".join(sorted(_VERBS - _AMBIGUOUS))
                               + r")\s+(?:it|that|this|them|those|these)\b[^,;]{0,60}$", _I)
# "pls remember: ...", "note that ...": what follows is information to keep, not work to do
_KEEP_THIS = re.compile(r"^\W*(?:(?:please|pls|just|also)\s+)?(?:remember|note|keep in mind|never forget)(?:\s+that)?\s*[:,-]?\s+\S",
                        _I)
# the user marking something as information to keep
_INFO = re.compile(r"^\W*(?:fyi|btw|by the way|heads[- ]up|note(?: that)?|for the record|just so you know|"
                   r"keep in mind|remember(?: that)?|important|context|for context|for reference|reminder|"
                   r"nb|psa|side note|also note)\b", _I)


@dataclass(frozen=True)
class Note:
    """One sentence (or two joined by a reason) worth injecting later."""

    text: str
    kind: str  # decision | rule | preference | correction | cause | fact | statement | done
    scope_global: bool

    @property
    def category(self) -> str:
        return KIND_CATEGORY[self.kind]

    @property
    def importance(self) -> int:
        return KIND_IMPORTANCE[self.kind]


KIND_CATEGORY = {"decision": "decision", "rule": "preference", "preference": "preference",
                 "correction": "fact", "cause": "insight", "fact": "fact", "statement": "general",
                 "done": "general"}
KIND_IMPORTANCE = {"decision": 4, "rule": 4, "preference": 4, "correction": 4, "cause": 4, "fact": 3,
                   "statement": 2, "done": 2}
NOTE_KINDS = tuple(KIND_CATEGORY)


@dataclass(frozen=True)
class Reading:
    """What one message is: its notes and the shape of the whole."""

    notes: tuple[Note, ...]
    shape: str  # statement | request | question | report | chatter
    covered: float  # share of the message's words its notes hold


_NEXT_TOPIC = re.compile(r"^\W*(?:anyway|anyways|whatever|ok now|now|next|moving on|then|bon|bref|bueno|pues|"
                         r"también|na ja|jedenfalls|comunque|allora)\b[,:]?\s+"
                         # "ok, the snapshot failures next"
                         r"|^\W*(?:ok(?:ay)?|right|alright|so)\b[,:]?\s+(?:[\w'-]+\s+){1,6}next\W*$", _I)


def shape_of(sentence: str, role: str) -> str:
    """question, chatter, narration, request, rule-request or statement."""
    s = sentence.strip().strip("*_ ")
    words = text.tokens(s)
    if s.endswith("?") or _INTERROGATIVE.match(s) and not _HOW_WE.match(s) and (":" in s or len(words) <= 8):
        return "question"
    rest = _GREETING.sub("", s, count=1)
    if not text.tokens(rest) or is_trivial(s) or (rest != s and len(words) <= 3 and not _VALUE.search(s)):
        return "chatter"
    if role == "user" and (order := conditional_order(rest)) is not None and _is_request(order):
        return "rule-request"
    if role == "user" and _NEXT_TOPIC.match(s) and len(words) <= 8 and not _VALUE.search(s):
        return "request"  # "anyway, the void receipt view": the next thing to work on
    if role == "assistant" and _NARRATION.match(rest):
        return "narration"
    if role == "assistant" and _REPORT.match(rest):
        return "report"
    if role == "user" and _is_request(rest) and not _KEEP_THIS.match(rest):
        standing = _STANDING.search(rest) or re.search(EVERY_PROJECT, rest, re.IGNORECASE)  # "stop X, in every repo"
        return "rule-request" if standing else "request"
    if role == "user" and re.match(r"^(?:don'?t|do not|never|always|avoid|stop|quit|make sure)\b", rest, _I):
        return "rule-request"
    return "statement"


def kind_of(sentence: str, role: str, shape: str) -> str | None:
    """The kind of note a sentence is, or None when it is not one.

    Every statement of substance is a note; its cues give it a kind (decision, rule,
    preference, correction, cause, fact) and, by that, its weight. Statements without a cue
    are kept as ``statement`` (the user's, and the assistant's conclusions about the code) or
    ``done`` (what the assistant changed: it may hold the fix), weighted low. Questions,
    requests, acknowledgements and the assistant's narration of its own process are not notes."""
    if shape == "request":  # "let's go with X"; "set a 2s timeout on the engine calls, tail latency was awful"
        valued = _VALUE.search(sentence) or _SET_TO.search(sentence)
        return "decision" if _DECISION.search(sentence) or _SETTING.match(sentence) and valued else None
    if shape in ("question", "chatter"):
        return None
    if shape == "narration":  # "I found the cause: ...", "I'll go with X"
        return "cause" if _CAUSE.search(sentence) else "decision" if _DECISION.search(sentence) else None
    if shape == "rule-request":
        return "preference" if _PREFERENCE.search(sentence) else "rule"
    if role == "user" and _NO_EVER.search(sentence):
        return "rule"  # "no ORMs, ever.": short, and a rule all the same
    if len(text.tokens(sentence)) < MIN_WORDS and not _VALUE.search(sentence):
        return None
    # the assistant's "Agreed: X" / "Noted, X" acknowledges what was decided; it decides nothing itself
    decided = _DECISION.search(_ACKNOWLEDGED.sub("", sentence, count=1) if role == "assistant" else sentence)
    # an assistant's "No, ..." answers a question; only its other correction cues correct something
    strong = _STRONG_CORRECTION.search(_ANSWER_NO.sub("", sentence, count=1) if role == "assistant" else sentence)
    if strong or shape == "statement" and role == "user" and not decided and _CORRECTION.search(sentence):
        return "correction"
    if decided:
        return "decision"
    if _CAUSE.search(sentence):
        return "cause"
    if role == "assistant" and shape == "statement" and (_FIXED_THE.search(sentence) or _DIAGNOSED.search(sentence)
                                                         and _PAST.search(sentence.split(";")[0])):
        return "cause"
    if shape == "report":
        return "done"
    if role == "user" and _PREFERENCE.search(sentence):
        return "preference"
    if _RULE.search(sentence) or role == "user" and _BARE_RULE.search(sentence) \
            or role == "assistant" and _ASSISTANT_RULE.match(sentence):
        return "rule"
    if role == "user" and _TRAILING_REQUEST.search(sentence) and not _VALUE.search(sentence):
        return None  # "this is a bad name, rename it everywhere": a request with its reason
    if role == "user" and _SYMPTOM.search(sentence) and not _VALUE.search(sentence) \
            and not GLOBAL.search(sentence) and not _STANDING.search(sentence) and not _INFO.match(sentence):
        return None  # a problem to work on: the turn's trace finds its fix
    if _FACT.search(sentence) and (_VALUE.search(sentence) or role == "user") or role == "user" and _INFO.match(sentence):
        return "fact"
    if _WEAK_CAUSE.search(sentence):
        return "cause"
    return "statement"


_NO_EVER = re.compile(r"^\W*no (?:[^,.;!?]|\.(?=\w)){2,40},? ever\b|\bnever,? ever\b", _I)
_MASK = re.compile(r"`[^`]*`|https?://\S+|\S*[/_.]\S*\w|\b\d[\w.:,-]*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[A-Z]{2,}\w*\b")


def pattern(sentence: str) -> str:
    """The wording of a sentence with its values masked (names in backticks, paths, numbers,
    identifiers), as a short hash: "Fixed the import in `a.py`" and "Fixed the import in
    `b.py`" share one. Routine turns repeat a few patterns with other values; a fact worth
    remembering is said once, in words of its own (see :mod:`mnemon.claude.capture`)."""
    skeleton = " ".join(text.tokens(_MASK.sub(" ", sentence)))
    return hashlib.sha1(skeleton.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def pattern_key(shape: str) -> str:
    """The kv key counting the notes stored with one wording pattern."""
    return f"pattern:{shape}"


ROUTINE_REPEATS = 3  # notes of one wording pattern stored this often are routine, not facts


_ANAPHOR = re.compile(r"^(?:(?:for the record|also|btw|fyi|note|and|but|so|oh)[,:]?\s+)?"
                     r"(?:it|it's|its|they|they're|this|that|these|those|he|she|there)\b", _I)
_FIX_START = re.compile(r"^(?:fixed (?:it |this |that )?by|the fix (?:is|was)|fix:|i fixed (?:it|this|that)\b|"
                        r"so (?:i|we) (?:changed|made|added|switched|moved|wrapped|replaced|now)|"
                        r"(?:i|we)(?:'ve| have)? (?:changed|made|added|switched|moved|wrapped|replaced) (?:it|the|that|a|an|this)\b|"
                        r"now (?:it|we|the)\b|(?:added|changed|switched|moved|wrapped|replaced|set|pinned|bumped) "
                        r"(?:it|them|that|this)\b)", _I)
# the assistant's diagnosis with its fix: what went wrong (said in the past), then what the code
# does now ("X was keyed by the index, so ...; it is keyed by id now")
_PAST = re.compile(r"\b(?:was|were|wasn't|weren't|had|hadn't|didn't|never|went|threw|broke|took|got|ran|lost|sent|"
                   r"came|grew|hung|froze|wrote|read|overflowed|\w{3,}ed)\b", _I)
_DIAGNOSED = re.compile(r"^[^;]{12,};\s*[^;]*\bnow\b", _I)
_NOW_END = re.compile(r"\bnow[.!]?$", _I)
_FIXED_THE = re.compile(r"\b(?:fixed|cured|solved|resolved) the (?:crash|bug|issue|problem|error|leak|hang|race|failure|"
                        r"flake|test|warning)\b", _I)
_REASON_START = re.compile(r"^(?:because|since|that's because|this is because|the reason|so that|otherwise|"
                           r"that way|which means|this means|it's because)\b", _I)


def read_turn(body: str, role: str, *, max_notes: int = 8) -> Reading:
    """The notes of one message (``role`` "user" or "assistant"); see the module docstring."""
    pairs = marked(body, code_prose=role == "user")
    if role == "user":  # "given that X, is it ok to ...?": X is said like any statement; so is a dictated text
        pairs = [(dictated(part) or part, item) for pair in pairs for part, item in _premised(pair)]
    if not pairs:
        return Reading((), "chatter", 0.0)
    parts = [part for part, _ in pairs]
    framed = leads(pairs) if role == "user" else [(False, False, False)] * len(pairs)
    shapes = [_framed_shape(shape_of(part, role), frame) for part, frame in zip(parts, framed, strict=True)]
    asked = described(parts, shapes) if role == "user" else set()  # "X fails like this, where should I look?"
    evidence = asked | presented(parts, shapes) if role == "user" else asked  # "X failed again, here's the log:"
    notes: list[Note] = []
    used = 0
    i = 0
    last = -1  # the index of the part the last note ends with
    while i < len(parts):
        sentence, shape = parts[i], shapes[i]
        kind = kind_of(sentence, role, shape)
        if kind is None and shape == "statement" and i + 1 < len(parts) and shapes[i + 1] == "statement" \
                and _NOW_END.search(parts[i + 1]) and _PAST.search(sentence) \
                and kind_of(parts[i + 1], role, shapes[i + 1]) is not None:
            kind = "statement"  # a malfunction with what was wrong, then what the code does now: its cause
        if kind is None or i in evidence and kind in ("statement", "fact"):
            i += 1
            continue
        joined = sentence
        # "it listens on 7431" needs the sentence that says what "it" is: when that sentence is a
        # note already, this one completes it ("we never put logic in views. It goes in services.")
        if i > 0 and _ANAPHOR.match(sentence) and len(parts[i - 1]) + len(sentence) < MAX_NOTE:
            if last == i - 1 and notes and len(notes[-1].text) + len(sentence) < MAX_NOTE:
                prev = notes.pop()
                used -= len(prev.text)
                kind = prev.kind if _RANK[prev.kind] >= _RANK[kind] else kind
                joined = f"{prev.text} {sentence}"
            else:
                joined = f"{parts[i - 1]} {sentence}"
        # a reason given in the next sentence belongs to this one, and so does the fix of a cause
        follows = parts[i + 1] if i + 1 < len(parts) else ""
        start = i
        if (shape == "rule-request" or kind == "rule") and follows and shapes[i + 1] in ("request", "statement") \
                and not framed[i + 1][1] \
                and _bare_order(follows) and (shape == "rule-request" or len(text.tokens(follows)) >= 4) \
                and len(joined) + len(follows) < MAX_NOTE:  # "Stop panicking in library code. Return errors."
            joined = f"{joined} {follows}"
            i += 1
            follows = parts[i + 1] if i + 1 < len(parts) else ""
        diagnosed = kind in ("statement", "fact") and _PAST.search(joined) is not None
        fix = bool(follows) and (_FIX_START.match(follows) is not None or _NOW_END.search(follows) is not None
                                 or role == "assistant" and (_REPORT.match(follows) is not None or " now" in follows))
        if follows and (_REASON_START.match(follows) or fix and (kind == "cause" or diagnosed)) \
                and len(joined) + len(follows) < MAX_NOTE:
            joined = f"{joined} {parts[i + 1]}"
            kind = "cause" if fix and diagnosed else kind
            i += 1
        scope_global = is_global(joined, kind, role) or framed[start][2]
        if scope_global and kind in ("statement", "fact", "rule", "correction", "decision"):
            kind = "preference"  # what the user says for all their projects is how they want to work
        notes.append(Note(_clip(joined), kind, scope_global))
        used += len(joined)
        last = i
        i += 1
    notes.sort(key=lambda n: -_RANK[n.kind])
    kept = tuple(sorted(notes[:max_notes], key=lambda n: body.find(n.text[:40])))
    total = sum(len(p) for p in parts)
    overall = _overall([s if i not in asked else "question" for i, s in enumerate(shapes)])
    return Reading(kept, overall, min(1.0, used / max(total, 1)))


def _premised(pair: tuple[str, bool]) -> list[tuple[str, bool]]:
    split = premise(pair[0]) if pair[0].endswith("?") else None
    return [(split[0], pair[1]), (split[1], pair[1])] if split else [pair]


def _framed_shape(shape: str, frame: tuple[bool, bool, bool]) -> str:
    """A lead-in of rules is no note itself; an order or a statement listed under it is a rule."""
    lead, under, _ = frame
    if lead:
        return "chatter"
    return "rule-request" if under and shape in ("request", "statement") else shape


_RANK = {"correction": 6, "decision": 5, "rule": 5, "preference": 5, "cause": 4, "fact": 3, "statement": 1,
         "done": 1}


def _overall(shapes: list[str]) -> str:
    """The shape of a whole message: the first of statement, request, question and report that one of its sentences has."""
    for shape, members in (("statement", ("statement", "rule-request")), ("request", ("request",)),
                           ("question", ("question",)), ("report", ("narration", "report"))):
        if any(s in members for s in shapes):
            return shape
    return "chatter"


def _clip(sentence: str) -> str:
    return sentence if len(sentence) <= MAX_NOTE else shorten(sentence, MAX_NOTE)
