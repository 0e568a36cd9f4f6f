"""The cues that give a statement its kind: a correction, a decision, a house rule.

Read by :func:`mnemon.claude.notes.kind_of`; kept apart so the reading of a turn stays one module and
these lists can grow. Each cue is a form of saying, not a phrase of one project.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

CORRECTION = re.compile(
    r"^\s*(?:no|nope|wrong|correction|update|heads[- ]up|scratch that|actually)\b\s*[,.!:;-]"
    r"|\bno,?\s+actually\b|(?:^|[.;:]\s*|\b(?:oh|ah|but|and)\s+)actually,?\s|\bcorrection\b|\bscratch that\b|\bi was wrong\b"
    r"|\bthat(?:'s| is| was)\s+(?:wrong|not right|incorrect|outdated|out of date|stale|no longer true)\b"
    r"|\bno longer\b|\bnot any ?more\b|\bis now\b|\bare now\b|\b(?:it's|it is|that's|they're) now\b"
    r"|\b(?:changed|switched|moved|replaced|reworked) (?:the|our|its|their) \w+(?: \w+)?[:;,] "
    r"|\bnow (?:lives?|runs?|uses?|points?|"
    r"listens?|sits?|goes|go|is|are)\b|\b(?:has|have) (?:been )?(?:moved|changed|switched|replaced|"
    r"renamed|migrated)\b|\b(?:moved|changed|switched|migrated) (?:it |them |that )?(?:from|to|over to|off)\b"
    r"|\binstead of\b|\brather than\b|\breplaced (?:by|with)\b|\bnot .{1,40}, but\b"
    r"|^\W*(?:an? )?update (?:on|re|about|regarding)\b|^\W*(?:a )?change of plans?\b|^\W*(?:an? )?update from [^:,.;]{2,50}:"
    r"|\b(?:is|are) (?:\w+ ){0,2}\d[\w.,]* ?\w{0,12} now\b|\brestated\b|\bto restate\b|\bnow,? (?:because|since|as) \w"
    r"|\b(?:rule|limit|restriction|requirement|workaround) is (?:over|gone|dead|obsolete)\b"
    r"|\ben fait\b|\beigentlich\b|\ben realidad\b"
    r"|\bfinal answer\b|\bback and forth\b|\b(?:this|that) one sticks\b|\bchanged my mind\b|\bon second thought\b"
    # owning up to a wrong memory; a fact true only until an event; an old value struck through
    r"|\bi (?:misremembered|misspoke|mixed (?:that|it|them|those) up|(?:had|got) (?:that|it|this) wrong)\b"
    r"|\b(?:was|were) (?:only )?true until\b|\b(?:is|are) (?:dead|gone|obsolete|retired) (?:since|as of|after)\b"
    r"|~~[^~\n]{1,60}~~"
    r"|\b(?:points?|lives?|sits?|goes|runs?|reads?) (?:at|to|in|under|on|from) \S+ now\b",
    _I,
)
STRONG_CORRECTION = re.compile(
    r"^\s*(?:no|nope|wrong|correction|scratch that|actually)\b|\bno,?\s+actually\b"
    r"|(?:[.;:]\s*|\b(?:oh|ah|but)\s+)actually\b|\bcorrection\b"
    r"|\bi was wrong\b|\bno longer\b|\bnot any ?more\b|\bthat(?:'s| is| was)\s+(?:wrong|incorrect|outdated)\b",
    _I,
)
DECISION = re.compile(
    r"\b(?:we|i)(?:\s+|(?='))(?:have\s+|'ve\s+)?(?:decided|chose|chosen|picked|agreed|settled|opted|went with|"
    r"are going with|'re going with|go with|will go with|'ll go with|will use|'ll use|are using|'re using|"
    r"standardi[sz]ed on|switched to|moved to|landed on)\b"
    r"|\blet'?s\s+(?:use|go with|switch to|stick with|keep|adopt|move to|pick)\b|\bgoing with\b"
    r"|\bdecision\s*:|\bchose\b.{1,80}\bover\b|\bsettled on\b|\bdecided (?:to|on|that|against)\b"
    r"|\bthe plan is\b|\bwe(?:'re| are) (?:keeping|sticking with|dropping)\b|\btrade-?off\b"
    r"|\b(?:from now on|going forward|from here on)\b"
    r"|^\W*(?:we|i)\s+(?:now\s+)?(?:use|keep|store|parse|run|do|put|build|render|send|handle|compute|require|need|"
    r"target|support|pin|ship)\b[^.;]{3,80}"
    r"(?:\bnow\b|\binstead\b)[,.;:]"
    r"|^\W*(?:we|i)\s+(?:use|keep|store|chose|run)\b[^.;]{3,80}(?:\bbecause\b|\bsince\b|\bso that\b|:\s)"
    r"|\bwent with\b|\bdecided\s*:|^\W*(?:we\s+)?(?:decided|agreed|settled)\b(?! (?:if|whether|yet)\b)|\bdecision\b[^:.;]{0,30}:|\bwe (?:stay|stick|remain) (?:on|with)\b"
    r"|\bthat was the (?:call|decision|choice)\b|^\W*(?:conclusion|verdict|outcome|tl;?dr)\b\W*\s*we\b"
    r"|^\W*we\s+(?:now\s+)?\w+\b[^;]{3,100}?\binstead of\b|,\s+not\s+[^,;]{1,50},?\s+(?:because|since|as)\b"
    r"|\bon a choisi\b|\bon a décidé\b|\bwir nehmen\b|\bwir haben entschieden\b|\bvamos a usar\b|\bdecidimos\b"
    # a design said to be meant ("a random code on purpose, not ..."); a message a team pinned
    r"|\b(?:is|are|was|were|stays?) [^.;?!]{1,60}\b(?:on purpose|by design|deliberately|intentionally)\b"
    r"|^\W*(?:📌\s*)?pinned (?:by|in)\b",
    _I,
)
RULE = re.compile(
    r"\b(?:in|for|across) (?:this|our) (?:repo|repository|project|codebase|code base|team|monorepo|org|app|"
    r"service|library|package|crate|module|pipeline|stack)\b"
    r"|\b(?:don'?t|do not|never) (?:ever )?\w+\b[^.;]{0,40}\b(?:here|in this \w+)\b"
    r"|\b(?:we|you|i|everyone|nobody|no one) (?:always|never|must|must not|mustn't|should never|"
    r"should always|don't ever|do not ever|only ever)\b|\b(?:must|must not|mustn't|is required|"
    r"are required|is not allowed|are not allowed|is forbidden|are forbidden|is mandatory|are mandatory)\b"
    r"|\bthe (?:rule|convention|policy|standard) (?:is|here)\b|\bby convention\b|\bhouse rule\b"
    r"|\b(?:our|the team's|team) (?:convention|rule|policy|standard|guideline)s?\b"
    r"|\b(?:is|are) (?:banned|forbidden|not allowed|off[- ]limits|a no-go)\b"
    r"|^\W*(?:(?:here|in this \w+|for this \w+),?\s+)?we (?:don't|do not|never|only) (?:ever )?(?:use|allow|"
    r"write|call|put|touch|commit|add|import|hardcode|"
    r"hard-code|store|log|return|throw|raise|mock)\b"
    r"|^\W*(?:all|every|each|any) [\w /.-]{1,40} (?:goes|go|must go|lives?|belongs?|has to go) "
    r"(?:through|in|into|under|via)\b"
    r"|\bmake sure (?:to|you)\b"
    r"|^\W*(?:(?:house|quick|golden|hard|strict|team|one|our|a)\s+)?rules?(?:\s+(?:here|of the house|for (?:this|the|our) "
    r"\w+|in (?:this|the|our) \w+))?\s*[:\-–—]|\brule of the house\b"
    r"|\b(?:every|each|any|all) new \w+(?: \w+)? (?:gets?|ships?|has|have|needs?|must|comes?|requires?|should|goes|go|is|are)\b"
    r"|(?:^|[:;]\s)\W*(?:every|each) [\w-]+(?: [\w-]+)? (?:needs|must|has to|should|gets|requires)\b"
    # how every thing of a kind is made here: "every request body is validated with ...", "every modal opens
    # through ...", "each model names an owning team"; not a time ("every time it runs"), not a symptom
    r"|(?:^|[:;\"']\s*)\W*(?:every|each) (?!(?:time|day|night|morning|week|month|run|other|single|now)\b)[\w-]+"
    r"(?: [\w-]+){0,2} (?:(?:needs|must|has to|should|gets|requires)\b|(?:(?:is|are) (?:always |only )?(?:[a-z]+ed|"
    r"built|written|kept|made|run|sent|done|drawn|shown)|opens|goes|names|carries|starts|writes|calls|uses|lives|comes|"
    r"runs) (?:through|via|with|from|in|into|by|against|as|for|an?|the|its|their|one|on|at|under|to)\b(?![^.;\n]*\bnow\b))"
    r"|\b(?:comes?|go|goes|lives?|happens?) only (?:from|through|in|via|on)\b|\b(?:nothing|no) hard-?coded\b"
    r"|\b[\w@-]+ only,\s+no\b"
    # a convention given by example: "same as the stations model: every column in snake_case"
    r"|^\W*(?:(?:again|reminder|remember|and|also)\W+)?(?:same as|just like|like) (?:we did |i said |we have )?"
    r"(?:in|on|for|with|the) [^:;]{1,60}[:;]\s*\S"
    r"|^\W*(?:(?:nit|also|and|but|ok|so|argh|ugh|pls|please|btw)\b[\w ]{0,12}[,:.!]*\s+)?no \S+(?: \S+){0,5}? "
    r"(?:anymore|any more|please|pls|ever again)\b"
    r"|\bfails? the (?:build|pipeline|ci|check|lint)\b|\bbefore (?:a |any |the )?(?:merge|merging|it(?:'s| is) merged)\b"
    r"|\bonly ever\b|\bno\b(?:[^,.;]|\.(?=\w)){1,40},? ever\b"
    # "..., no exceptions"; approval on a condition; what a lesson taught; the one thing to remember
    r"|\bno exceptions\b|\b(?:i|we)(?:'ll| will)? only (?:approve|accept|merge|sign off on)\b"
    r"|\blessons? learn(?:ed|t)\b|\blearn(?:ed|t) (?:it )?the hard way\b"
    r"|\b(?:if you|you should) remember (?:one|only one|a single) thing\b|\bthe one thing to remember\b"
    r"|\b(?:we|you) (?:\w+ ){0,2}?(?:use|do|write|call|put)\b[^.;]{1,60}\beverywhere\b",
    _I,
)
