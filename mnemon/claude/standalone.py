"""Requests that hold all they need: a small artifact made from a spec the prompt gives (a pattern,
a filter, a one-liner), a literal worked on (translated, spelled, converted, put into words),
arithmetic, or the meaning of a message a tool printed; and requests that are no work on any code: a
piece composed for people (a verse, an analogy, an agenda, made-up sample values), a number or a time
of day written another way, what a reference book answers about words and ideas (where a name comes
from, how it is said, an acronym, a law known by its author's name), a quoted passage reworded or
given data laid out. Their answer is the same in any repository, so a note that shares a word with them is there by chance: :func:`is_standalone`
makes them prompts that rarely need memory (:func:`mnemon.claude.prompts.is_general`).

Each pattern is a class of request, not a phrase: what is made (a regular expression, a jq
filter, an awk one-liner), what it is made from (a quoted literal, a pasted command), what it is
(an amount of time, an address range). What a project decides about its own operations ("the
command to deploy", "a script that backs up the database", "the commit message for this change")
is left out: a runbook, a rule for scripts or for commit messages may answer those.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher

_OPENER = r"^\W*(?:(?:pls|please|can you|could you|quick|quickly|just|now|ok|also|hey|so)[,:]?\s+)*"

# a small artifact of a pattern or a pipeline, made from the spec that follows ("a regex that matches
# invoice ids like INV-0042", "jq filter that keeps the failed runs", "an awk one-liner to sum column 2")
_ARTIFACT = re.compile(
    _OPENER + r"(?:(?:write|give|gimme|show|need|make|craft|build|suggest|what(?:'s| is))(?: me| us)?\s+)?"
    r"(?:(?:an?|the|one|some)\s+)?(?:(?:quick|small|simple|short|tiny|single|good|safe|strict|loose|posix)\s+)*"
    r"(?:regexp?|regexes|regular expression|(?:pcre|posix|js|javascript|python|go|rust|java)\s+regex"
    r"|(?:glob|grep|egrep|rg|ripgrep|sed|awk|jq|yq|xpath|jsonpath|css|find|xargs|perl|cut|sort|tr)"
    r"\s*(?:one-?liner|filter|expression|pattern|selector|command|invocation|line|incantation|program)"
    r"|(?:bash|shell|zsh|fish|powershell)\s+one-?liner|one-?liner|cron (?:expression|line|schedule|entry|syntax)"
    r"|glob pattern|xpath|jsonpath)\b\s*(?:that|to|for|which|matching|to match|to find|to pull|to get|:)",
    re.IGNORECASE)

# a literal worked on: translated, spelled, made plural, picked between, put into words or converted
# ("translate 'save for later' into Portuguese", "'colour' or 'color' for the label?", "put this
# crontab line into plain English: ...", "turn this curl into a requests call: curl ...")
_QUOTED = r"(?:['\"‘“`«][^'\"’”`»\n]{1,80}['\"’”`»])"
_LITERAL = re.compile(
    r"\b(?:translate|say|write|put)\b[^\n]{0,40}" + _QUOTED + r"[^\n]{0,20}\b(?:into|in|to)\s+(?:\w+\s+){0,2}"
    r"(?:english|german|french|spanish|italian|portuguese|dutch|polish|czech|swedish|danish|norwegian|finnish|"
    r"japanese|chinese|korean|russian|ukrainian|turkish|greek|arabic|hebrew|hindi|plain (?:english|words))\b"
    r"|\bplural(?:s| form| forms)? of\s+" + _QUOTED +
    r"|\bhow (?:do (?:you|i|we)|would you|is it) (?:say|spell|write|pronounce)\b[^\n]{0,20}" + _QUOTED +
    r"|^\W*(?:¿\s*)?(?:c[oó]mo se dice|comment dit-on|wie sagt man|come si dice|como se diz)\b"
    r"|\b(?:turn|convert|rewrite|port|put|translate|explain|decode|read)\s+(?:this|that|the following)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:curl(?: command)?|cron(?:tab)?(?: line| entry| expression)?|command|regexp?|regex|"
    r"one-?liner|timestamp|date|epoch|cidr|mask|json|yaml|toml|xml|csv|snippet|query string|url|header|"
    r"uuid|hex|base64|unicode escape)\b[^\n]{0,40}?(?:into|to|as|in)\b[^\n]*(?::\s*\S|\n|```)"
    r"|\b(?:turn|convert|format|make)\s+(?:these|those|the following)\s+(?:[\w-]+\s+){0,2}?(?:ids|values|numbers|"
    r"words|names|items|lines|rows|strings)\b[^\n]{0,40}?\b(?:into|to|as)\b[^\n]*:\s*\S",
    re.IGNORECASE)

# arithmetic and units: amounts of time or size, dates apart, an address range, a conversion
_UNITS = (r"(?:seconds|minutes|hours|days|weeks|months|years|milliseconds|microseconds|nanoseconds|ms|"
          r"(?:working|business|calendar|week) ?days|weekdays|weekends|bytes|bits|kb|mb|gb|tb|kib|mib|gib|tib|"
          r"met(?:re|er)s|kilomet(?:re|er)s|centimet(?:re|er)s|millimet(?:re|er)s|km|cm|mm|miles|feet|foot|inches|yards|"
          r"lit(?:re|er)s|millilit(?:re|er)s|gallons|grams|kilograms|kg|pounds|lbs|ounces|oz)")
_ARITHMETIC = re.compile(
    r"\bhow many " + _UNITS + r"\b[^\n]{0,40}\b(?:in|between|are there|from|until|till|per)\b"
    r"|\b(?:first|last|usable|broadcast|network|host) (?:and (?:the )?(?:first|last) )?(?:usable )?(?:ip )?"
    r"address(?:es)? (?:of|in|for)\s+\d{1,3}(?:\.\d{1,3}){3}/\d{1,2}\b"
    r"|\bhow many (?:hosts|addresses|ips|ip addresses)\b[^\n]{0,30}/\d{1,2}\b"
    r"|\bconvert\s+\d[\d.,]*\s*\w+\s+(?:to|into|in)\s+\w+"
    r"|\b\d[\d.,]*\s*" + _UNITS + r"\s+(?:in|to|into)\s+" + _UNITS + r"\b"
    r"|^\W*what(?:'s| is)\s+\d[\d.,]*\s*(?:[-+*/x×÷^%]|times|plus|minus|divided by|percent of|% of)\s*\d"
    # the weekday of a date; an amount compared with another ("is 3^12 more or less than half a million?")
    r"|^\W*(?:what|which) (?:weekday|day of the week)\b[^\n]{0,30}\b\d{4}\b"
    r"|^\W*is\s+\d[\d.,]*(?:\s*[\^*x×]\s*\d[\d.,]*)?\s+(?:[\w-]+\s+){0,2}?(?:more|less|bigger|smaller|larger|fewer)"
    r"(?: or (?:more|less|bigger|smaller|larger|fewer))? than\b",
    re.IGNORECASE)

# a tool's own keys and views, and a picture of a textbook idea ("the VS Code shortcut to ...",
# "draw an ASCII diagram of a skip list")
_TRIVIA = re.compile(
    r"\b(?:keyboard )?(?:shortcut|hotkey|key ?binding|keystroke)s?\s+(?:to|for)\b"
    r"|\bdraw (?:me |us )?(?:an? )?(?:quick |small |simple )?(?:ascii|text|plain-?text)\s+"
    r"(?:diagram|picture|sketch|drawing|art)\s+of\s+(?:an?|two|three)\b"
    # a diagram drawn from the steps the prompt spells out ("sketch a mermaid flowchart: a user signs up, ...")
    r"|\b(?:draw|sketch|make|give)\s+(?:me\s+|us\s+)?(?:an?\s+)?(?:quick\s+|simple\s+|small\s+)?(?:mermaid|plantuml|ascii|"
    r"graphviz|dot)\s+(?:sequence\s+|class\s+|state\s+|flow\s?chart\s+|er\s+)?(?:diagram|chart|graph|flowchart)\s*:\s*\S",
    re.IGNORECASE)

# what any reference book answers: a word in another language, a code point, a standard's code, a
# name in botany, an acronym spelled out, a colour's code, the better of two wordings, what a
# protocol's header is for, one language's counterpart of another's idiom
_LANGUAGES = (r"(?:python|java|kotlin|swift|go|golang|rust|ruby|elixir|erlang|scala|php|perl|lua|dart|haskell|"
              r"javascript|typescript|js|ts|c\+\+|c#|c|bash|zsh|shell|powershell|sql|css|html)")
_KNOWLEDGE = re.compile(
    r"^\W*what(?:'s| is) the (?:\w+ )?word for\b"
    r"|\b(?:unicode|ascii|utf-8) (?:code ?point|character|value|escape|name)s? (?:of|for)\b"
    r"|\b(?:iso|iana|ietf|mime|http status)(?: [\w-]+){0,2} codes? (?:for|of)\b"
    r"|\b(?:botanical|latin|scientific) name (?:of|for)\b"
    r"|^\W*spell out [A-Z]{2,}\b|^\W*what (?:does|do) [A-Z]{2,}s? stand for\b"
    r"|\bhex (?:colou?r|code)s? (?:that|for|of)\b"
    r"|\bwhich is (?:better|correct|more idiomatic|more natural) (?:english|german|french|spanish|wording|phrasing)\b"
    r"|^\W*(?:(?:roughly|briefly|quickly),?\s+)?what(?:'s| is) the [\w-]+ header (?:for|used for)\b"
    r"|\b(?:answer|equivalent|counterpart) to " + _LANGUAGES + r"'s\b"
    r"|^\W*" + _LANGUAGES + r"\s+(?:f-string|format string|idiom|one-?liner|expression|snippet|syntax)\s+(?:that|to|for)\b"
    # a language or a tool named first, then a how-to ("kotlin: how do I ...", "jq: print only ...")
    r"|^\W*(?:" + _LANGUAGES + r"|jq|yq|sed|awk|find|grep|git|docker|kubectl|curl|make)(?:\s*\+\s*\w+)?\s*:\s*"
    r"(?:how (?:do|can|would|should) (?:i|you|one)|how to|when (?:do|should|would|can) (?:i|you|one)|"
    r"what(?:'s| is) the difference|print|replace|pad|format|convert|strip|split|join|squash|undo|revert|amend|list|"
    r"count|show)\b"
    # which of two status codes fits a case the prompt names ("409 or 422?")
    r"|\bwhich (?:http )?status(?: code)?\b[^\n]{0,80}\b[1-5]\d\d,? or [1-5]\d\d\b",
    re.IGNORECASE)

# the meaning of a message a tool printed, quoted or named after the tool ("cargo says 'E0499', what
# does that mean?", "explain: TypeError: x is undefined"); "what's going on" asks about this system instead
_MEANING = re.compile(
    r"\b(?:says|said|prints|printed|shows|showed|gives|gave|throws|threw|complains|reports|fails with|errors with|"
    r"warns)\b[^\n]{3,200}\bwhat (?:does|do) (?:that|this|it|these|those) (?:\w+ )?mean\b"
    r"|^\W*explain(?: this| the following)?\s*:\s*\S"
    r"|^\W*explain (?:this|that|the|[\w+#.-]+'s) (?:[\w+#.-]+ )?(?:warning|error|message|diagnostic)\b[^\n]{0,40}"
    + _QUOTED + r"|^\W*explain " + _LANGUAGES + r"'s " + _QUOTED + r"|^\W*what (?:does|do) " + _QUOTED + r" (?:\w+ )?mean\b",
    re.IGNORECASE)

# two spellings of one word to choose between ("'grey' or 'gray' on the button?"); two different words
# ("'strict' or 'lenient' for the importer?") are a decision the project may have made
_CHOICE = re.compile(r"['\"‘“`]([^\W\d_]{3,30})['\"’”`]\s+or\s+['\"‘“`]([^\W\d_]{3,30})['\"’”`]")
SPELLING_SIMILARITY = 0.8  # difflib's ratio at or above which two quoted words are one word spelled two ways


def _spelling_choice(line: str) -> bool:
    return any(SequenceMatcher(None, a.casefold(), b.casefold()).ratio() >= SPELLING_SIMILARITY
               for a, b in _CHOICE.findall(line))


# two wordings of one message to choose between ("button label: 'save draft' or 'keep as draft', which
# sounds clearer?"): a phrase, not a single word, on either side
_WORDING = re.compile(r"['\"‘“][^'\"’”\n]{1,80}\s[^'\"’”\n]{1,80}['\"’”]\s*,?\s+or\s+" + _QUOTED
                      + r"[^\n]{0,60}\b(?:reads?|sounds?|wording|phrasing|friendlier|clearer|nicer|better|more natural)\b"
                      r"|\b(?:wording|phrasing|title|label|subject line|status line)\b[^\n]{0,20}:\s*" + _QUOTED
                      + r"\s*,?\s+or\s+" + _QUOTED, re.IGNORECASE)

# a piece composed for people on a theme the prompt gives, no work on any code: a verse, a joke, an
# analogy, a meeting's agenda, questions for an interview, made-up sample values ("a haiku about flaky
# tests", "an analogy for garbage collection a designer would get", "agenda for a 30-minute retro",
# "five made-up company names"); their answer is the same in any repository
_COMPOSED = re.compile(
    r"\b(?:haikus?|limericks?|poems?|sonnets?|rhymes?|verses?|jokes?|puns?|riddles?|toasts?|analog(?:y|ies)|"
    r"metaphors?|icebreakers?)\s+(?:about|on|for|of|explaining|comparing)\b"
    r"|\bagenda (?:for|of) [^\n]{0,40}\b(?:retro(?:spective)?|stand-?up|meeting|kick-?off|workshop|planning|"
    r"1:1|one-on-one|offsite|all-hands)\b"
    r"|\b(?:questions|things) (?:to ask|for) (?:an? |the |my )?(?:[\w-]+\s+){0,3}?(?:candidates?|interviewees?|"
    r"applicants?)\b"
    r"|^\W*(?:(?:give|write|list|suggest|need|make up|come up with|generate)(?: me| us)?\s+)?(?:an?|some|a few|\d{1,3}|"
    r"two|three|four|five|six|seven|eight|nine|ten|twenty)\s+(?:[\w-]+\s+){0,2}?(?:made-up|made up|fake|fictional|"
    r"fictitious|invented|dummy|placeholder)\b(?![^\n]*\b(?:seeds?|fixtures?|factor(?:y|ies)|scripts?|files?|tables?|"
    r"database|db|migrations?)\b)",
    re.IGNORECASE)

# a number or a time of day written another way: roman numerals, another base, another time zone
# ("2027 in roman numerals", "200 in binary and hex", "14:30 in London, what time is that in Tokyo?")
_CONVERSION = re.compile(
    r"\broman numerals?\b|\b(?:0x[0-9a-f]+|\d[\d,.]*)\s+(?:(?:in|to|into|as)\s+)(?:binary|hex(?:adecimal)?|octal|"
    r"decimal|base[- ]?\d{1,2})\b"
    r"|\b\d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\.?)\b[^\n]{0,60}\bwhat time (?:is|would|will) (?:that|it)(?: be)? (?:in|for)\b"
    r"|\bconvert \d{1,2}(?:[:.]\d{2}|\s*[ap]\.?m\.?)\b[^\n]{0,40}\b(?:to|into) [^\n]{1,30}\btime\b",
    re.IGNORECASE)

# what a reference book answers about words and ideas: where a name comes from, how it is said, what
# an acronym stands for wherever it is asked, a formula or law known by its author's name, what a
# library call gives for the values the prompt names ("where does the name grep come from?", "how do
# you pronounce kubectl?", "a new hire asks what PTAL means", "Amdahl's law in one line",
# "what does LocalDate.plusMonths(1) give on 31 January?")
_REFERENCE = re.compile(
    r"\bwhere (?:does|do|did) (?:the )?(?:name|word|term|phrase|expression)s? [^\n]{1,40}? (?:come|comes|came) from\b"
    r"|\bwhere (?:does|do|did) [^\n]{1,40}?(?:'s|\bits|\btheir) names? (?:come|comes|came) from\b"
    r"|\b(?:origin|etymology|history) of the (?:name|word|term|phrase|expression)\b"
    # who first made or found a thing, a thing's past told short ("who invented the barcode?", "a brief history of email")
    r"|^\W*who (?:first )?(?:invented|discovered|coined|devised)\b(?!\s+(?:this|that|these|those)\b)|\bwhen was [^\n]{1,40}? (?:invented|discovered|coined)\b"
    r"|\b(?:brief|short|quick|potted) history of\b"
    r"|\bwhy (?:is|are|was|were) (?:an? )?(?!the\b|this\b|that\b|our\b|it\b|its\b)[\w\s-]{1,40} (?:called|named)\b"
    r"|\bwhy (?:is|are|was|were) (?:it|they) (?:called|named) (?:an? |['\"‘“])"
    r"|\bhow (?:do|does|should|would|did|can|to|is|are) [^\n?]{0,30}?\bpronounc|\bpronunciation of\b"
    r"|\bhow (?:do|does|should|would|did|can) (?:you|people|i|we|one|folks) say [^\n]{1,30} (?:out loud|aloud)\b"
    r"|\bwhat (?:does |do )?(?:the )?(?:acronyms? |abbreviations? |initialisms? )?(?-i:[A-Z]{2,}s?)"
    r"(?:,? (?:and|or) (?-i:[A-Z]{2,}s?))* (?:stands? for|means?)\b"
    r"|\b(?-i:[A-Z])[a-z]+'s (?:formula|law|theorem|lemma|principle|conjecture|identity|paradox|constant|"
    r"inequality|algorithm)\b"
    r"|(?![^\n]*\b(?:here|locally|in prod(?:uction)?)\b)\bwhat (?:does|do|will|would) (?:[\w$]+\.)+[\w$]+"
    r"\([^)\n]*\d[^)\n]*\) (?:give|return|yield|produce|print|output|evaluate to)\b",
    re.IGNORECASE)

# a passage the prompt quotes, to be reworded ("make this sound less stiff: '...'", "tighten this changelog
# line: '...'"), or data it gives, to be laid out ("turn this into a markdown table: a, 1 / b, 2"). A commit
# message is left out: the user's rules for commit messages govern its wording
_REWORD = re.compile(
    r"^\W*(?:(?:pls|please|can you|could you|now|ok|also|just)[, ]+)?(?:make|tighten|shorten|rephrase|reword|rewrite|"
    r"polish|soften|simplify|trim|improve|punch up|clean up|fix up|tone down)\b(?![^\n:]*\bcommit\b)[^\n:]{0,60}:\s*"
    r"['\"‘“«]\S"
    r"|\b(?:turn|convert|format|put|make)\s+(?:this|these|that|the following)(?:\s+[\w-]+){0,2}?\s+(?:into|as|to)\s+"
    r"(?:an?\s+)?(?:markdown|html|ascii|plain[- ]text)?\s*(?:table|list|bullets|bullet list|bullet points)\b[^\n]{0,20}:\s*\S",
    re.IGNORECASE)

# a message a tool printed, to be explained, asked in the other languages the cues cover ("explique-moi
# cette erreur du linker : ...", "erklär mir diese Fehlermeldung: ...")
_MEANING_ELSEWHERE = re.compile(
    r"^\W*(?:explique[sz]?(?:-moi)?|expl[ií]ca(?:me|-me)?|erkl[äa]re?(?: mir)?|spiegami|spiega(?:mi)?)\b[^\n]{0,40}"
    r"\b(?:erreurs?|errors?|erro(?:re)?s?|fehler(?:meldung)?|meldung|message|mensaje|mensagem|messaggio|warning|"
    r"avertissement|aviso|avviso|warnung)\b[^\n]{0,30}:\s*\S",
    re.IGNORECASE)

# a note for colleagues on an occasion of working life, no work on any code: an away message, thanks, a
# welcome, a nudge or a reminder to a colleague, an icebreaker, questions for a quiz ("draft an out-of-office
# reply", "a polite nudge to a colleague whose PR waits for review", "two-line welcome message for the new
# office's channel", "trivia questions about the history of the web for the team quiz"). A message the product
# shows its users ("the welcome email for new signups") or a reply to a customer is work on the project
_COLLEAGUES = (r"(?:colleagues?|co-?workers?|teammates?|team|manager|boss|reviewers?|hires?|joiners?|starters?|interns?|"
               r"office|channel|crew|staff|everyone)")
_FOR_COLLEAGUES = re.compile(
    r"\b(?:out[- ]of[- ]office|ooo)[- ](?:reply|message|note|responder|email)\b|\bvacation (?:reply|responder)\b"
    r"|\bthank[- ]?you(?: note| message| card| line| email)?\s+(?:[\w-]+\s+){0,2}?(?:to|for) (?:an? |the |my )?"
    r"(?:[\w'’-]+ ){0,3}?" + _COLLEAGUES + r"\b|\b(?:note|words|message|card) of (?:thanks|gratitude|appreciation)\b"
    r"|\b(?:welcome|farewell|goodbye|leaving|send-?off|congratulations|birthday|condolence)\s+"
    r"(?:message|note|post|card|words|speech|toast)\b[^\n]{0,40}\b(?:for|to) (?:an? |the |my )?(?:[\w'’-]+ ){0,3}?"
    + _COLLEAGUES + r"\b"
    r"|\b(?:polite|friendly|gentle|kind|tactful|diplomatic|short)\s+(?:[\w-]+\s+)?(?:nudge|reminder|ping|follow-?up)\b"
    r"[^\n]{0,20}\bto (?:an? |the |my )?(?:colleague|co-?worker|teammate|reviewer|manager|boss)\b"
    r"|\bice-?breakers?\b|\btrivia questions?\b|\bpub[- ]quiz\b|\bfun facts? (?:about|on)\b|\b(?:gift|present) ideas?\b"
    # how a meeting of people is run well ("tips for running a good retro", "how do I prepare for a 1:1?")
    r"|\b(?:tips|advice|ideas|checklist)\s+(?:for|on)\s+(?:running|facilitating|hosting|preparing(?: for)?|leading|"
    r"giving|holding)?\s*(?:an? |the |my )?(?:good |great |better |first |remote |short )?(?:retro(?:spective)?|stand-?up|"
    r"1:1|one-on-one|interview|presentation|conference talk|workshop|offsite|all-hands|performance review|feedback)s?\b",
    re.IGNORECASE)

# a way to learn or remember what the trade or the world knows: a book or a course to read, a mnemonic, a
# word spelled for a phone call, a formula in a spreadsheet ("recommend one approachable book on distributed
# systems", "a mnemonic for the OSI layers", "spell PX7 in the NATO alphabet", "spreadsheet formula: sum
# column C where ..."); a library or a tool to adopt is a decision the project may have made
_TO_LEARN = re.compile(
    r"\b(?:recommend|suggest)\s+(?:me\s+|us\s+)?(?:an?\s+|one\s+|some\s+|a few\s+|\d\s+|two\s+|three\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:books?|courses?|podcasts?|talks?|videos?|tutorials?|articles?|papers?|textbooks?|reads?|"
    r"reading)\s+(?:on|about|to learn|that (?:explains?|teach(?:es)?|covers?))\b"
    r"|\bmnemonics? (?:for|to remember)\b|\b(?:nato|phonetic|spelling) alphabet\b"
    r"|\b(?:spreadsheet|excel|google sheets|libreoffice calc)\s+(?:formula|function)\b",
    re.IGNORECASE)

_OURS = re.compile(r"\b(?:our|ours|we|us|the (?:app|project|repo|repository|codebase|service))\b", re.IGNORECASE)


_NO_WORK_ON_CODE = (_ARITHMETIC, _COMPOSED, _CONVERSION, _REFERENCE, _FOR_COLLEAGUES, _TO_LEARN)


def is_standalone(first_line: str) -> bool:
    """Does the request hold all it needs (see the module docstring)? Read on the prompt's first line;
    a request that names this project's own ("our", "the app") is not."""
    plain = re.sub(_QUOTED, " ", first_line)  # the words of a quoted literal are not the speaker's
    if _OURS.search(plain):
        # an aside after a question that is no work on any code ("how do people pronounce kubectl? we have a
        # bet going") says why it is asked, not what it is about
        asked, mark, aside = plain.partition("?")
        return bool(mark and aside.strip() and not _OURS.search(asked)
                    and any(p.search(asked) for p in _NO_WORK_ON_CODE))
    return any(p.search(first_line) for p in (_ARTIFACT, _LITERAL, _ARITHMETIC, _TRIVIA, _KNOWLEDGE, _MEANING,
                                              _WORDING, _COMPOSED, _CONVERSION, _REFERENCE, _MEANING_ELSEWHERE, _REWORD,
                                              _FOR_COLLEAGUES, _TO_LEARN)) \
        or _spelling_choice(first_line)
