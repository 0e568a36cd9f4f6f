"""What a prompt asks for, read from its shape: a question about the trade, a small edit at
hand or one that reshapes code without changing what it does (:func:`is_general`: it rarely needs memory), a question after a cause (:func:`asks_cause`),
a report of a malfunction (:func:`reports_symptom`). :mod:`mnemon.claude.inject` weighs its notes
by these readings.
"""

from __future__ import annotations

import re

from mnemon.claude.facets import CAPS_NAME
from mnemon.claude.sentences import is_machine_line
from mnemon.claude.standalone import is_standalone
from mnemon.engine import text

# how to do one of the project's own operations ("how do I deploy?", "how do I run the tests?"): its
# runbook, not the trade, has the answer
_NOT_AN_OPERATION = (r"(?!(?:deploy|release|ship|publish|roll ?back|onboard|get (?:access|a shell|into))\b|"
                     r"(?:run|start|build|test|lint|seed|migrate|install|set up|setup|bootstrap|debug|reset|restart|"
                     r"update|upgrade|boot|launch|provision) (?:the|it|everything|all|things)\b)")
# a question about the trade itself, not about this project ("what's the difference between a
# shallow and a deep copy?", "what does HTTP 409 mean?", "explain how generators work")
_KNOWLEDGE = re.compile(
    r"^\W*(?:(?:so|ok|quick question|hey)[,:]?\s+)?(?:what(?:'s| is| are) the difference between|"
    r"(?:what(?:'s| is| are| does| do)|explain(?: to me)?(?: what| how| why)?|how (?:does|do)|why (?:does|do|is|are))"
    r"\s+(?:an? |the )?[\w .+#@$:=<>'\"()`?!*&|\[\]-]{1,60}\s+(?:actually |really |exactly )?(?:mean|do|does|work|works|differ|"
    r"stand for)\b|"
    r"explain\s+[\w .+#-]{1,40}\s+(?:vs\.?|versus)\b|"
    r"is it (?:better|ok|okay|fine|safe) to\b|when should (?:i|you|we) use\b|"
    r"(?:what(?:'s| is) the syntax (?:for|of)|is there a way to|give me an example of|show me an example of)\b|"
    r"how (?:do|can|would|should) (?:i|you|we|one) [\w .+#'-]{1,60}\bin (?:python|go|golang|rust|java|javascript|"
    r"typescript|ruby|elixir|c\+\+|c#|swift|kotlin|bash|shell|sql|css|html|php|scala|haskell)\b|"
    r"write (?:me )?(?:a |an )?(?:quick |small |simple )?(?:regex|regular expression|one-liner|oneliner|"
    r"(?:bash|shell|python|sql) (?:script|snippet|command|query))\b|"
    r"what(?:'s| is| are) (?:an? )(?!good|better|best|nice|new|quick|simple|safe|sensible)(?![\w .+#-]*\b(?:our|my|"
    r"this|here)\b)[\w .+#-]{1,30}\?\s*$|what (?:is|are) [\w .+#-]{1,30} (?:used|good) for\b|"
    r"when (?:would|do|should) (?:i|you|one) (?:use|pick|choose|prefer)\b|"
    r"what(?:'s| is) the (?:(?:worst|best|average)[- ]case |[\w-]+ ){0,2}(?:time |space )?complexity of (?!(?:this|our|my|the new)\b)|"
    # a formula, or a definition, asked for by name ("formula for compound interest")
    r"(?:the |a )?(?:formula|equation) (?:for|of) (?!(?:this|our|my|the new)\b)|"
    # the same questions of the trade in the other languages the cues cover
    r"(?:quelle est la |c'est quoi la |(?:cuál|cual) es la |qual (?:é|e) a |qual è la |was ist der )?"
    r"(?:différence|diferencia|diferença|differenza|unterschied) (?:entre|tra|fra|zwischen)\b|"
    r"qu'est-ce que [^?\n]{1,40} veut dire|que (?:signifie|veut dire)\b|qué significa\b|o que significa\b|"
    r"cosa significa\b|was bedeutet\b|"
    r"why do (?:people|folks|devs|developers|programmers) (?:say|think|hate|prefer|avoid|recommend)\b|"
    # "what's a monad?": a named idea, no identifier (no capitals run, underscore or digit), nothing of ours
    r"what(?:'s| is| are) (?!the |this |that |these |those |our |my |your |its? |in |on |up |wrong |going |left )"
    r"(?![^?\n]*(?-i:[A-Z]{2}|_|\d))(?![^?\n]*\b(?:here|we|us|staging|prod|production|locally)\b)"
    r"(?:[\w+#.-]+ ){0,3}[\w+#.-]+\?\s*$|"
    r"why would (?:i|you|one|anyone) (?:use|pick|choose|prefer|want) (?:an? )?[\w .+#-]{1,30} (?:instead of|over|rather than)\b|"
    r"(?:can you )?explain (?:the )?difference\b|"
    # a how-to, a definition or an explanation that names nothing of this project's own
    r"(?![^?\n]*\b(?:this|our|ours|here|we|us|locally|prod|production|staging|"
    r"the (?:app|project|repo|repository|codebase|service))\b)"
    r"(?:how (?:do|can|would|should) (?:i|you|one) " + _NOT_AN_OPERATION + r"[^?\n]{3,80}\?|"
    r"what(?:'s| is| are) an? (?!good|better|best|nice|new|quick|simple|safe|sensible)[\w .+#-]{1,30}(?:,[\w .]{1,30})?\?|explain (?:the |an? )?[\w .+#-]{1,30}[.?!]?)\s*$)",
    re.IGNORECASE,
)
# a small edit of whatever is at hand ("sort the imports in this file", "add a newline at the end")
_AT_HAND = (
    r"(?:file|class|function|method|line|block|match|loop|test|spec|variable|import|snippet|selection|expression|"
    r"statement|component|module|query|regex|string|struct|enum|type|interface|signature|comment|docstring|error|"
    r"warning|stack trace|traceback|output|diff|json|yaml|xml|csv|list|array|dict|dictionary|map|table|paragraph|"
    r"sentence|code|command|log|message|payload|response|script|sql|html|markdown|callback|closure|promise|lambda|"
    r"handler|hook|constant|macro|template|fixture|assertion|condition|case|word|name)"
)
_LOCAL_EDIT = re.compile(
    # "this/that" names one thing at hand ("fix that test"), "these/those" several; "that" before a
    # verb is a relative pronoun ("an endpoint that lists ...")
    r"\b(?:this|that|the current|the open|the selected) (?:[\w-]+ ){0,2}?" + _AT_HAND + r"\b"
    r"|\b(?:these|those) (?:[\w-]+ ){0,2}?" + _AT_HAND + r"(?:s|es)\b"
    r"|\b(?:at|to) the (?:end|top|start|bottom) of the (?:file|line|function|readme|document|doc)\b"
    r"|\bthe (?:\w+ ){0,2}(?:i|you) just (?:wrote|added|changed|pasted|edited|made)\b|\bi just pasted\b",
    re.IGNORECASE,
)

# an edit that reshapes code without changing what it does, or fixes a spelling: the code at hand
# holds all it needs ("sort the usings in Startup.cs", "rename foo2 in sync.py to something clearer",
# "split the long spec in cart_spec.rb into two", "fix 'adress' in the signup form", "add docstrings to
# the helpers in util.py", "walk me through what the regex in router.ts matches")
_TIDY = re.compile(
    r"^\W*(?:(?:pls|please|can you|could you|now|ok|also)[, ]+)?(?:fix (?:the )?(?:spelling|typo|misspelling)"
    r"|fix ['\"‘“`][^'\"’”`\s]{2,30}['\"’”`]|[^\n]{0,60}\bfix the spelling\b"
    r"|rename [^\n]{1,60}\bto something\b|sort (?:the )?(?:requires|use statements)\b"
    r"|re-?format [^\n]{1,60}\b(?:so|to|with|into)\b|re-?indent\b"
    r"|split (?:the|this|that) (?:long |big |huge )?(?:test|spec|function|method|class|component)\b[^\n]{0,60}\binto\b"
    r"|(?:pull|extract|factor|move) (?:out )?(?:the )?(?:repeated|duplicated|duplicate|copy-pasted)\b"
    r"|add (?:doc ?comments|docstrings|doc-comments|type hints|type annotations)\b"
    r"|walk me through what (?:the|this|that) (?:loop|function|method|code|line|block|regex|query|snippet|expression)\b"
    r"|(?:fix|tidy|clean up) (?:the )?(?:grammar|wording|phrasing|punctuation|capitali[sz]ation)\b|(?:reword|rephrase) (?:the |this |that )?(?:[\w-]+ ){0,2}?(?:comment|docstring|commit message|log message|"
    r"sentence|paragraph)s?\b"
    r"|(?:turn|convert|rewrite|change) [^\n]{1,60}\binto (?:guard clauses|early exits|an? (?:list |dict |set )?"
    r"comprehension|an? (?:for |while )?loop|an? (?:switch|match|ternary|enum|dataclass|constant|one-liner)|async/await|"
    r"f-strings|template literals)\b"
    # layout and dead code: blank lines, case of keywords, line wrapping; commented-out code, unused names
    r"|(?:add|remove|delete|insert) (?:a |an |the )?(?:blank|empty) lines?\b|(?:upper|lower)-?case the (?:sql )?keywords\b"
    r"|(?:wrap|break) (?:the )?(?:long )?lines\b|(?:remove|delete|drop) (?:the |all )?(?:commented[- ]out code|dead code|"
    r"unused (?:imports?|variables?|functions?|params|parameters|code))\b"
    # small reshapes: imports tidied, a helper inlined, members reordered, branches merged, a literal named
    r"|inline (?:the|this|that) (?:[\w-]+ ){0,3}?(?:helper|function|"
    r"method|variable|constant)\b|reorder (?:the )?(?:methods|functions|fields|imports|props|members|keys|params)\b"
    r"|merge (?:the )?(?:two |three )?(?:identical |duplicate |duplicated )?(?:if |else )?branches\b"
    r"|(?:extract|pull|move) (?:the |this |that )?magic (?:string|number|value|literal)\b"
    r"|(?:grammatically correct|(?:fix|correct) (?:the )?grammar)\b"
    # a document's layout: two sections or headings made one, or their order changed
    r"|(?:merge|combine|dedupe|de-?duplicate|swap|reorder)\b[^\n]{0,40}\b(?:headings|headers|sections|paragraphs|"
    r"bullets|bullet points|titles)\b|[^\n]{0,40}\b(?:headings|headers|sections|paragraphs|titles)\b[^\n]{0,30}"
    r"\b(?:merge|combine|swap|reorder) (?:them|those|these|the two)\b"
    # a construct rewritten as another that does the same ("rewrite the nested case as a with expression")
    r"|(?:turn|convert|rewrite|change|express|refactor)\b[^\n]{1,60}\b(?:into|as|to use) (?:an? |the )?(?:with[- ]expression|"
    r"pipeline|pipe|pattern[- ]match|match(?: expression| statement)?|switch(?: expression| statement)?|case expression|"
    r"guard (?:clause|let|statement)s?|early[ -]returns?|if[- ]let|when expression|comprehension|generator(?: expression)?|"
    r"recursion|reduce|fold|map/filter|stream|iterator|ternary|one-liner|lambda|closure|method reference|"
    r"optional chaining|template literals?|f-strings?|async/await|(?:for[- ]|while[- ])?loop)\b"
    # a formatter named as the authority ("gofmt is unhappy with ...", "the way terraform fmt would")
    r"|[^\n]{0,60}\b(?:gofmt|go fmt|goimports|rustfmt|cargo fmt|prettier|black|isort|ruff format|clang-format|"
    r"terraform fmt|tofu fmt|mix format|swiftformat|swift-format|ktlint|ktfmt|dart format|rubocop -a|eslint --fix|"
    r"autopep8|yapf|shfmt|stylua|google-java-format)\b[^\n]{0,30}\b(?:would|is unhappy|complains|wants|does|"
    r"flags?|fix(?:es)?|happy)\b)",
    re.IGNORECASE,
)

# the same, composed: a verb that reshapes text without changing what it does, then within a few words
# a piece of code's surface ("swap the order of the two arguments", "convert these tabs to spaces",
# "collapse the two log lines into one", "rename the loop variable i to index")
_RESHAPE_VERB = (r"(?:rename|reorder|re-?order|sort|swap|collapse|inline|re-?format|re-?indent|indent|align|wrap|"
                 r"shorten|tidy(?: up)?|clean up|upper-?case|lower-?case|capitali[sz]e|alphabeti[sz]e|dedupe|"
                 r"de-?duplicate|convert|normali[sz]e|pretty-?print|add|remove|delete|drop|strip)")
_SURFACE = (r"(?:loop variable|local variable|variables?|arguments?|args|parameters?|params|imports?|includes?|"
            r"usings?|commas?|tabs|spaces|whitespace|quotes|brackets|braces|parens|parentheses|"
            r"semicolons?|log lines|lines|blank lines|empty lines|line breaks|"
            r"if[- ]statements?|conditions|ternar(?:y|ies)|lambdas?|indentation|line endings|keys|type hints|"
            r"function names?|method names?|variable names?|(?:enum|class|struct|object) members|aliases|"
            r"keywords|newlines?)")
_RESHAPE = re.compile(r"^\W*(?:(?:pls|please|can you|could you|now|ok|also|just)[, ]+)?" + _RESHAPE_VERB
                      + r" (?:(?:the|this|that|these|those|a|an|all|every|two|three|both|some|any|my)\s+)?"
                      r"(?:[\w'.#-]+\s+){0,4}?" + _SURFACE + r"\b", re.IGNORECASE)

# a new input a function or the program takes ("add a tenant argument to export()", "add a FOO_BAR variable"):
# a change of what callers and users pass, not a reshaping of the text at hand
_NEW_INPUT = re.compile(r"^\W*(?:(?:pls|please|can you|could you|now|ok|also|just)[, ]+)?add (?:an? |the |new )?"
                        r"(?:[\w'.#-]+\s+){0,3}?(?:arguments?|args|parameters?|params)\b"
                        r"|^\W*(?:(?:pls|please|can you|could you|now|ok|also|just)[, ]+)?add (?:an? |the |new )?"
                        + CAPS_NAME + r" (?:env(?:ironment)? )?variable\b", re.IGNORECASE)

# what names something of this project's own ("our client", "the app", "here", "we"): a prompt
# that says none of it asks about the trade, whatever its exact words
_OURS = (r"(?![^\n]*\b(?:this|our|ours|here|we|us|locally|prod|production|staging|"
         r"the (?:app|project|repo|repository|codebase|service))\b)")
# a comparison ("val vs const val in kotlin?", "whats the diff between X and Y") or an explanation
# of something named without "the" ("explain what a left anti join is", "explain what readOnly on
# @Transactional does"), or a cosmetic edit ("fix the typo in the README", "the indentation is off")
_TRADE = re.compile(
    r"^" + _OURS + r"(?:[^\n]{1,80}?\s(?:vs\.?|versus)\s[^\n]{1,80}$|[^\n]{0,40}\bdiff(?:erence)?s? (?:between|of)\b"
    r"|\W*(?:(?:so|ok|hey|quick question)[,:]?\s+)?(?:can you |could you |pls |please )?explain(?: to me)?"
    r" (?:what|how|why|when) (?!the\b|this\b|that\b|these\b|those\b|it\b|its\b))"
    r"|^[^\n]{0,60}\b(?:typos?|misspell(?:ed|ing)|spelling mistake|spell[- ]?check(?:ing)?|proof-?read|indentation|"
    r"trailing whitespace|whitespace)\b"
    # the order things run in, or whether to use a construct named as code ("should I std::move a local?")
    r"|^" + _OURS + r"\W*(?:in what order|what(?:'s| is) the order)\b[^\n]*\?\s*$"
    # ("can I use X here?" asks what this project's toolchain allows: not the trade)
    r"|^" + _OURS + r"\W*(?:should|do) (?:i|you|we|one) [^?\n]{0,40}(?:\w::\w|\w\(\)|`[^`]+`)[^?\n]{0,60}\?\s*$",
    re.IGNORECASE,
)


# a rename of a piece of code whose new name is all the task needs: a method or function ("rename
# Cart#qty to quantity", "rename Parser.feed() to push()"), a variable, or a name in a file named
# ("rename cnt to retry_count in poller.py"); not a field, column or key that data or clients hold
# ("rename Order.ref to Order.reference" may need the project's rule for renaming columns)
_IDENT = r"[`'\"]?[\w$]+(?:(?:\.|#|::)[\w$]+)*(?:\(\))?[`'\"]?"
_RENAME_CODE = re.compile(
    r"^\W*(?:(?:pls|please|can you|could you|now|ok|also|just)[, ]+)?"
    r"(?:rename (?:the )?(?:(?:local |loop )?(?:variable|var|function|method|helper|param(?:eter)?|argument) )?"
    r"(?P<old>" + _IDENT + r") (?:to|as|into) " + _IDENT +
    r"|renomme (?:la variable |la fonction |la méthode |le paramètre )?\S+ en \S+"
    r"|renombr[ae] (?:la variable |la función |el método |el parámetro )?\S+ (?:a|como|por) \S+"
    r"|renome(?:ia|ie|ar) (?:a variável |a função |o método |o parâmetro )?\S+ (?:para|como) \S+"
    r"|rinomina (?:la variabile |la funzione |il metodo |il parametro )?\S+ in \S+"
    r"|benenne (?:die Variable |die Funktion |die Methode |den Parameter )?\S+ (?:in|zu) \S+ um)",
    re.IGNORECASE)
_RENAMED_DATA = re.compile(r"\b(?:fields?|columns?|tables?|models?|schema|migrations?|response|request|payload|api|"
                           r"endpoints?|env|environment|events?|queues?|topics?|keys?|flags?|settings?|config|properties|"
                           r"attributes?|enum values?|routes?|urls?|params? in the (?:url|query)|json)\b", re.IGNORECASE)
_CALLABLE_OR_LOCAL = re.compile(r"\(\)|#\w|\b(?:variable|var|local|loop|function|method|helper|param(?:eter)?|"
                                r"argument|variabl\w*|fonction|función|função|funzione|Funktion|méthode|método|metodo|"
                                r"Methode)\b|\bin [\w/.-]+\.(?:py|js|jsx|ts|tsx|go|rs|rb|java|kt|swift|c|cc|cpp|h|hpp|cs|"
                                r"ex|exs|php|scala|m|dart|lua|sh)\b|\bdans [\w/.-]+\.\w+|\ben [\w/.-]+\.\w+", re.IGNORECASE)


_FILE_NAME = re.compile(r"[\w/.-]+\.[a-z]{1,5}\b")


def renames_code(prompt: str) -> bool:
    """A rename of a method, a function, a variable or a name in a named file, nothing more."""
    m = _RENAME_CODE.search(prompt)
    if not m:
        return False
    if m.group("old") and "." in m.group("old").strip("`'\"()") and not _CALLABLE_OR_LOCAL.search(prompt):
        return False  # "Model.attribute": a field that data may hold
    return bool(_CALLABLE_OR_LOCAL.search(prompt)) and not _RENAMED_DATA.search(_FILE_NAME.sub(" ", prompt))


# a comment or a doc comment to put right, the prompt saying what is wrong ("the docstring of parse()
# says it returns a list but it returns a tuple, fix the comment")
_FIX_DOC = re.compile(r"\b(?:fix|correct|update) (?:the |that |this |its )?(?:doc ?)?(?:comment|docstring|jsdoc|javadoc|"
                      r"kdoc|rustdoc|doc-comment|header comment)s?\W*$", re.IGNORECASE)

# a question about a tool's or a language's own behaviour ("why does the compiler complain about
# this?", "why does clippy warn about ...", "why does std::map need operator<?")
_TOOL_WHY = re.compile(
    r"^\W*why (?:does|do|would|is|did) (?:the )?(?:compiler|borrow checker|type ?checker|linter|interpreter|"
    r"cargo|rustc|clippy|tsc|typescript|mypy|pyright|eslint|gcc|g\+\+|clang|javac|kotlinc|swiftc|go vet|"
    r"python|node|npm|pip|gradle|maven|webpack|vite|babel|jest|pytest|std::\w+|java|rust|go|swift|kotlin|"
    r"c\+\+|javascript|ruby|elixir)\b(?![^?\n]*\b(?:our|we|us|in prod|on ci|in ci|since)\b)", re.IGNORECASE)


# a question after the cause of something that changed or broke ("what changed?", "why ...?")
_CAUSE_ASKED = re.compile(
    r"\bwhy\b|\bwhat (?:changed|happened|broke|did (?:we|you|i|they) (?:change|do|touch))\b|\bwho (?:changed|broke)\b"
    r"|\bsince when\b|\bwhat (?:will|would|could|might) break\b|\bhow come\b|\bwhat(?:'s| is) causing\b"
    r"|\bstarted (?:to|failing|breaking|happening)\b|\bsuddenly\b|\bregress",
    re.IGNORECASE,
)


# a prompt that reports a malfunction ("the dashboard keeps refetching", "totals are wrong since
# the upgrade"): the notes that explain causes, and the changes made earlier, are likely answers
_SYMPTOM_PROMPT = re.compile(
    r"\bkeeps? \w+ing\b|\bever since\b|\bsince (?:yesterday|last|the|we|our)\b|\bstopped (?:working|\w+ing)\b"
    r"|\bbroke\b|\bbroken\b|\bcrash(?:es|ed|ing)?\b|\bfail(?:s|ed|ing)?\b|\bwrong\b|\btwice\b|\bduplicat"
    r"|\bmissing\b|\bhangs?\b|\btim(?:es|ed|ing) out\b|\bdropp(?:ed|ing)\b|\bleak|\binflated\b|\bnegative\b"
    r"|\bend(?:ed|s)? up with\b|\beven though\b|\bdoesn't\b|\bdon't\b|\bisn't\b|\bwon't\b|\bcan't\b"
    r"|\bthrows?\b|\berror(?:s|ed)? (?:out|on|when|with)\b|\bexceptions?\b|\bworks? fine\b|\b(?:is|are) fine\b"
    r"|\bsporadic|\bintermittent|\brandomly\b|\bawful\b|\bterrible\b|\bwhite screen\b|\bblank\b",
    re.IGNORECASE,
)


# the words that put a request, not its subject: asking and making, how many, how long, how soon ("give me
# two short ...", "draft a quick ...", "recommend one ..."), said where a request opens. A note that shares
# only these with a prompt shares nothing of what it asks; after the subject they may be part of it ("what
# did she give him?")
FRAMING = ("give write draft suggest recommend show tell explain please thanks two three four five six seven "
           "eight nine ten one short long quick brief small big next")
_FRAMING_TOKENS = frozenset(t for word in FRAMING.split() for t in text.query_tokens(word)) | frozenset(FRAMING.split())


def framing(prompt: str) -> frozenset[str]:
    """The words that open the prompt and put its request (see FRAMING), up to its first other word."""
    found: set[str] = set()
    for word in prompt.split(None, 12)[:12]:
        said = text.query_tokens(word)
        if said and not said <= _FRAMING_TOKENS:
            break
        found |= said
    return frozenset(found)


def reports_symptom(prompt: str) -> bool:
    """Does the prompt report something going wrong?"""
    return _SYMPTOM_PROMPT.search(prompt) is not None


# a plan to make a change again, further or elsewhere ("give the search endpoint the same timeout", "lower it
# even more", "cache the stencils as well"), or a question about what a change costs: what the change led to
# before is what the plan must know
_EFFECT_ASKED = re.compile(
    r"\b(?:too|as well|again|further|even (?:more|less|further|later|earlier|smaller|bigger|longer|shorter|fewer|lower|higher)"
    r"|the same|same (?:way|as)|still)\b|\bany (?:catch|downside|risk|side[- ]effects?)\b|\bside[- ]effects?\b"
    r"|\bwhat (?:breaks|would break|will break|happens|went wrong|bit us|did (?:it|they|that) break)\b"
    r"|\banything (?:to (?:worry|watch)|that (?:would|could|might) break|that bit)\b|\bwhat does .{1,60} cost\b",
    re.IGNORECASE,
)


def asks_effect(prompt: str) -> bool:
    """Does the prompt plan a change made before again (further, elsewhere), or ask what one led to?"""
    return _EFFECT_ASKED.search(prompt) is not None


def asks_cause(prompt: str) -> bool:
    """Does the prompt ask why something changed or broke? Changes made earlier are then the
    first suspects: a note that reports one weighs CHANGE_BOOST more."""
    return _CAUSE_ASKED.search(prompt) is not None


def is_general(prompt: str) -> bool:
    """A prompt that rarely needs memory: a question about the trade itself, or a small edit of
    what is at hand. Notes must then bear on it strongly to be injected."""
    first = prompt.strip().split("\n", 1)[0]
    words = len(text.query_tokens(first))
    return bool(_KNOWLEDGE.search(first)) and not _NAMED_PART.search(first) or words <= 8 and bool(_LOCAL_EDIT.search(first)) \
        or words <= 14 and bool(_TRADE.search(first)) or words <= 20 and _hedged(first) \
        or words <= 16 and bool(_TIDY.search(first) or _RESHAPE.search(first) and not _NEW_INPUT.search(first)
                                or renames_code(first)) \
        or words <= 30 and bool(_FIX_DOC.search(first) or _TOOL_WHY.search(first)) \
        or words <= 40 and is_standalone(first) or words <= 24 and _trade_shaped(first)


# what a question names as a part of this system ("what does the network module do?", "explain how the
# nightly report gets built"): a definite article before a part of a system, asked how it works
_NAMED_PART = re.compile(
    r"^\W*(?:what does|what do|how does|how do|explain(?: to me)?(?: how| what)?)\s+(?:the|our|this|my)\s+"
    r"(?:[\w-]+\s+){0,2}(?:module|service|job|report|page|screen|endpoint|worker|pipeline|app|lockfile|build|"
    r"config|script|model|queue|client|server|component|view|handler|importer|exporter|sync|cron|dashboard|"
    r"migration|schema|router|controller|layer|package|plugin|library|cli|tool|bot|flow|process|run)s?\b",
    re.IGNORECASE)


# more questions of the trade, by their shape: how two things differ ("remind me how errors.Join differs
# from wrapping with %w"), what a thing is for ("what is HTTP 103 for, and do browsers act on it?"), how a
# technology named by its proper name does something ("how does HTTP Basic auth encode the credentials?"),
# a textbook rule asked by its name ("what's the rule of three?")
_DIFFERS = re.compile(r"^\W*(?:(?:remind me|tell me|explain|quick question|so|ok)[,:]?\s+)?how (?:does |do |is |are )?"
                      r"[^?\n]{1,60}? (?:differs?|compares?|different) (?:from|to|with)\b", re.IGNORECASE)
_FOR_WHAT = re.compile(r"^\W*(?:(?:remind me|tell me|quick question|so|ok)[,:]?\s+)?what(?:'s| is| are) (?:an? )?"
                       r"(?!the\b|this\b|that\b|these\b|those\b|my\b|your\b|its?\b)[^?\n,]{1,50}? (?:used |good )?for"
                       r"\s*(?:\?|,|\band\b)", re.IGNORECASE)
_HOW_NAMED = re.compile(r"^\W*how (?:does|do) (?-i:[A-Z])[\w/.+-]*(?: [\w/.+-]+){0,3}? (?:encode|decode|handle|store|"
                        r"pick|choose|decide|detect|resolve|compute|calculate|hash|sign|verify|guarantee|prevent|avoid|"
                        r"implement|achieve|schedule|order|compare|find)s?\b", re.IGNORECASE)
_RULE_NAMED = re.compile(r"^\W*what(?:'s| is| are) the (?:rule|law|principle|theorem) of \w+\W*$", re.IGNORECASE)
_OWN_IDENTIFIER = re.compile(r"_|[a-z][A-Z]|\w\.\w|/\w")  # a name of code: a project's own, or any


def _trade_shaped(first: str) -> bool:
    if not _NOT_OURS.match(first):
        return False
    named = _FOR_WHAT.search(first) or _HOW_NAMED.search(first)
    return bool(_DIFFERS.search(first) or _RULE_NAMED.search(first)
                or named and not _OWN_IDENTIFIER.search(named.group(0)))


# a question asked of the trade at large, which says so ("..., generally speaking?", "conceptually?",
# "in plain words", "short version") or names the language it is about ("a nil map in Go, can I ...?")
_HEDGE = re.compile(r"\b(?:in general|generally speaking|,\s*generally(?=\W*$)|conceptually|in (?:plain|simple|layman'?s) (?:words|english|"
                    r"terms)|in a nutshell|short version|tl;?dr version|in theory|in principle|eli5|like i'?m (?:five|5)|high[- ]level|"
                    r",\s*briefly|in brief|in (?:a few|two|three|one|a couple of|a single) (?:sentences?|lines?|words?|paragraphs?)|short answer|"
                    r"in an? (?:short|brief|quick|single|small) (?:sentence|paragraph)|"
                    r"with an? (?:tiny|small|short|quick|simple) example|"
                    r"(?:one|two|three|a few|\d) (?:paragraphs?|sentences?|lines?|bullets?) (?:max|tops|at most)|"
                    # put for an audience that is not at work on the code ("like I'm a junior dev", "that a PM would get")
                    r"like i'?m (?:an? )?(?:[\w-]+ )?(?:dev(?:eloper)?|engineer|intern|hire|manager|pm|designer|beginner|"
                    r"newbie|kid|child)|(?:for|to) (?:an? )?(?:non-?technical (?:person|people|folks|colleague|manager)|"
                    r"product manager|pm|new hire|junior dev(?:eloper)?|beginner|kid|child|stakeholders?|layperson|"
                    r"(?:\d{1,2}|three|four|five|six|seven|eight|nine|ten|eleven|twelve)[- ]years?[- ]old|"
                    r"non-?(?:[a-z]+(?:ian|ist)|programmer|engineer|developer|coder|techie|expert|specialist|native speaker)s?)|"
                    r"that (?:an? )?(?:product manager|pm|manager|designer|non-?technical person|new hire|junior dev(?:eloper)?|"
                    r"kid|child) (?:would|could|can|will) (?:get|understand|follow)|"
                    r"textbook)\b", re.IGNORECASE)
_IN_LANGUAGE = re.compile(r"\bin (?:python|go|golang|rust|java|javascript|typescript|ruby|elixir|erlang|c\+\+|c#|"
                          r"swift|kotlin|bash|sql|php|scala|haskell|postgres(?:ql)?|mysql|sqlite|spring(?: boot)?|django|"
                          r"rails|react|vue|angular|svelte|flask|fastapi|express|laravel|phoenix|swiftui|"
                          r"terraform|kubernetes|k8s|docker|airflow|dbt|pandas|numpy)\b", re.IGNORECASE)
_ASKS = re.compile(r"\?\s*$|^\W*(?:what|what's|whats|how|why|when|which|is|are|can|does|do|should|explain|define)\b", re.IGNORECASE)
_NOT_OURS = re.compile(r"^" + _OURS, re.IGNORECASE)


def _hedged(first: str) -> bool:
    if not (_ASKS.search(first) and _NOT_OURS.match(first)):
        return False
    return bool(_HEDGE.search(first)) or first.rstrip().endswith("?") and bool(_IN_LANGUAGE.search(first))


LONG_PROMPT = 2_000  # characters; a longer prompt is read without most of what a program wrote in it
MACHINE_LINES = 3  # log, trace or code lines kept at each end of a long prompt (the error, the command)
MAX_READ = 12_000  # characters of a prompt the block reads at most: its start, and READ_TAIL of its end
READ_TAIL = 3_000


def within_reach(query: str) -> tuple[str, str]:
    """A prompt as the block reads it: whole, or for a long paste (a log, a trace, a file) the person's own
    lines with the first and last MACHINE_LINES of what a program wrote, within MAX_READ characters (start and
    end): read whole, a log's thousand distinct numbers outweigh the question, and a megabyte of it outlasts
    the hook's deadline. Second, for a long paste, the person's lines alone ("" for a short prompt)."""
    if len(query) <= LONG_PROMPT:
        return query, ""
    lines = query.splitlines()
    machine = [n for n, line in enumerate(lines) if is_machine_line(line)]
    kept = set(machine[:MACHINE_LINES] + machine[-MACHINE_LINES:])
    skipped = set(machine) - kept
    read = "\n".join(line for n, line in enumerate(lines) if n not in skipped)
    written = set(machine)
    own = "\n".join(line for n, line in enumerate(lines) if n not in written and line.strip())[:MAX_READ]
    if len(read) <= MAX_READ:
        return read, own
    return f"{read[:MAX_READ - READ_TAIL]}\n\n{read[-READ_TAIL:]}", own
