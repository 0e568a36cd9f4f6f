"""The kind of answer a prompt needs, and the kind a note gives.

"who can approve the firewall change?" needs a person; "open the app in my browser" needs an
address on this machine; "ship it to staging" needs the command or target that does it; "run the
sync against the sandbox" needs the variable that switches it. A note that gives that kind of
answer ("network changes are signed off by Tomasz Wierzbicki", "the dev server is on port 4310")
rarely repeats the prompt's words beyond one or two, and ranks below notes that merely share
more of them. :func:`needs` and :func:`gives` read both ends; :mod:`mnemon.claude.inject` weighs a
note that gives what the prompt needs higher.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from mnemon.claude.sided import SidedTable

# kind -> (a prompt that needs it, a note that gives it)
KINDS: Mapping[str, tuple[str, str]] = {
    "person": (
        r"\bwho(?:'s| is| are| can| should| do| does| owns| decides| fixes| approves| knows)?\b|\bsomeone\b|"
        r"\bsomebody\b|\bwhom\b|\b(?:approve|sign(?:s|ed)? off|review(?:er)?s?|owner|owns|in charge|contact)\b",
        # a full name (two capitalised words inside the sentence), or a name after who it is to ask
        r"(?<=[a-z,:;] )(?<!\b[Tt]he )(?<!\b[Aa] )(?<!\b[Aa]n )(?<!\b[Oo]ur )(?<!\b[Mm]y )(?<!\b[Tt]his )[A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)? [A-Z][a-zà-ÿ]+(?:-[A-Z][a-zà-ÿ]+)?\b|"
        r"\b(?:ask|ping|contact|talk to|owned by|owner is|maintained by|managed by|signed off by) [A-Z][a-zà-ÿ]+\b"),
    "local address": (
        r"\b(?:on|from) my (?:machine|laptop|computer|box)\b|\bin (?:my|the) browser\b|\blocal(?:ly|host)?\b|"
        r"\bcurl\b|\bconnect (?:\w+ ){0,3}to\b",
        r"\bport \d{2,5}\b|\blocalhost(?::\d+)?\b|\b127\.0\.0\.1\b|\b0\.0\.0\.0\b|:\d{4,5}\b|https?://"),
    "command": (
        r"\b(?:ship|deploy|release|publish|roll out|push)\b[^.?!]{0,40}\b(?:to|on(?:to)?) (?:prod\w*|staging|"
        r"live|the store|testers)\b|\bhow do (?:i|we) (?:run|build|deploy|release|generate|regenerate|get|start)\b|"
        r"\b(?:run|rerun|re-run|regenerate)\b[^.?!]{0,40}\b(?:locally|the way ci does|against|for one|again)\b",
        r"`[^`]{3,}`|\b(?:make|npm run|yarn|pnpm|bin/\w+|bundle exec|cargo|go run|gradle\w*|\./\w+|just|task|"
        r"ctest|fly|kubectl|terraform|docker compose)\s+[\w:.-]+"),
    "setting": (
        r"\bagainst (?:the |a )?(?:sandbox|staging|test|mock|fake)\b|\b(?:sandbox|test) mode\b|\bswitch(?:es)?\b|"
        r"\bconfigure\b|\bwhich (?:env|variable|setting|flag)\b",
        r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[A-Za-z_][\w.]*=[^\s,;]+"),
}

# what a prompt needs is read without regard to case; a name is read by its capitals
_TABLE = SidedTable(KINDS, ("need", "give"), (re.IGNORECASE, 0))


def needs(prompt: str) -> frozenset[str]:
    """The kinds of answer a prompt needs (see :data:`KINDS`)."""
    return _TABLE.read(prompt, "need")


def gives(note: str) -> frozenset[str]:
    """The kinds of answer a note gives."""
    return _TABLE.read(note, "give")
