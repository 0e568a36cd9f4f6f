"""The guard's phrase tables: each rule of ``mnemon.safety.guard`` as phrases (a cheap trigger, then
the pattern, with optional context on the left and words it needs), in English and Chinese. Data:
a rule change here raises ``guard.RULES_VERSION``.

Part of ``mnemon.safety``: imports the standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class _Phrase:
    """One pattern family. ``trigger`` (plain literals, which `re` scans for fast) finds candidate starts;
    ``body`` must match at such a start; ``left``, if set, must match the text just before it; ``needs``, if
    set, must occur inside the matched text. Triggers keep the screen linear and cheap on ordinary text."""

    trigger: re.Pattern[str]
    body: re.Pattern[str]
    left: re.Pattern[str] | None = None
    needs: re.Pattern[str] | None = None
    literals: tuple[str, ...] = ()

    def matches(self, text: str) -> Iterator[re.Match[str]]:
        for start in self._starts(text):
            if self.left is not None and not self.left.search(text, max(0, start - 40), start):
                continue
            match = self.body.match(text, start)
            if match and (self.needs is None or self.needs.search(match.group(0))):
                yield match

    def search(self, text: str) -> bool:
        return next(self.matches(text), None) is not None

    def _starts(self, text: str) -> Iterator[int]:
        """Trigger positions: by ``str.find`` per literal when the trigger is plain (much faster than a regex
        alternation), else by the trigger pattern."""
        if not self.literals:
            yield from (hit.start() for hit in self.trigger.finditer(text))
            return
        if len(self.literals) == 1:
            literal = self.literals[0]
            pos = text.find(literal)
            while pos >= 0:
                yield pos
                pos = text.find(literal, pos + len(literal))
            return
        found: set[int] = set()
        for literal in self.literals:
            pos = text.find(literal)
            while pos >= 0:
                found.add(pos)
                pos = text.find(literal, pos + len(literal))
        yield from sorted(found)


_META = re.compile(r"(?<!\\)[?+*\[\]{}()^$]")


def _phrase(trigger: str, body: str, left: str | None = None, needs: str | None = None) -> _Phrase:
    """``trigger`` is ``|``-separated literals (regex-escaped where needed); when it is plain, a substring test
    on each literal lets a phrase skip texts that cannot match without running any regex."""
    pieces = trigger.split("|")
    plain = not any(_META.search(piece) for piece in pieces)
    return _Phrase(
        re.compile(trigger),
        re.compile(body, re.MULTILINE),
        re.compile(left) if left else None,
        re.compile(needs) if needs else None,
        tuple(re.sub(r"\\(.)", r"\1", piece) for piece in pieces) if plain else (),
    )


def _any(phrases: tuple[_Phrase, ...], text: str) -> bool:
    return any(phrase.search(text) for phrase in phrases)


_OVERRIDE_VERBS = (
    "ignore|disregard|forget|override|bypass|discard|abandon|neglect|pay no attention|set aside|drop|throw out|scrap|ditch"
)
_FILLER = (
    r"(?:all|any|every|each|of|the|your|my|these|those|previous|previously|prior|earlier|above|preceding|"
    r"foregoing|original|initial|system|existing|current|old|other|safety|developer|given|provided|stated|"
    r"aforementioned|and|or|context|user's|user’s|human's|human’s|operator's|operator’s)"
)
_ORDERS = (
    r"(?:instructions?|prompts?|directives?|rules|guidelines|guardrails|orders|constraints|restrictions|"
    r"programming|messages|policies|guidance|directions|training)"
)

_OVERRIDE = (
    _phrase(
        _OVERRIDE_VERBS,
        r"\b(?:ignore|disregard|forget|override|bypass|discard|abandon|neglect|pay\s+no\s+attention\s+to|set\s+aside|"
        r"drop|throw\s+out|scrap|ditch)\s+"
        rf"(?:{_FILLER}\s+){{0,6}}{_ORDERS}\b(?![\"”'’])",
        left=r"(?:\A|[^\"“'‘«])\Z",
        needs=r"\b(?:previous|previously|prior|earlier|above|preceding|foregoing|original|initial|system|all|your|"
        r"safety|user's|user’s|human's|human’s|operator's|operator’s)",
    ),
    _phrase(
        "no longer|need not|needn't|don't need|do not need|treat|whatever|what|anything|everything|do not|don't|never"
        "|stop|these|this|the following|the operator|the user|the developer|the system|your|the person|the human"
        "|you are to|person|human|user",
        r"\b(?:no\s+longer\s+(?:need|have)\s+to|need\s+not|needn't|(?:don't|do\s+not)\s+(?:need|have)\s+to)\s+"
        r"(?:follow|obey|respect|comply\s+with|stick\s+to|honou?r)\s+(?:the\s+|your\s+|any\s+|its\s+)?(?:[\w-]+(?:'s|’s)\s+)?"
        r"(?:[\w-]+\s+)?(?:rules|instructions|guidelines|conventions|policies|guidance|directives|constraints)\b"
        r"|\btreat\s+(?:the|your|all|any|these|those)\s+(?:[\w-]+\s+){0,3}?(?:instructions|rules|guidance|directives|"
        r"requests)\s+(?:[\w\s]{0,30}?\s)?as\s+(?:outdated|void|obsolete|invalid|cancell?ed|optional|suggestions|irrelevant|"
        r"superseded|null)\b"
        r"|\b(?:whatever|what|anything|everything)\s+(?:the\s+user|they|you\s+were|the\s+human|the\s+person)\s+"
        r"(?:told|said\s+to|asked|gave|instructed)(?:\s+you)?(?:\s+(?:before|earlier|previously))?\s+(?:doesn't|does\s+not|"
        r"no\s+longer|won't|will\s+not)\s+(?:count|matter|apply)\b"
        r"|\b(?:do\s+not|don't|never|stop)\s+(?:follow(?:ing)?|obey(?:ing)?|listen(?:ing)?\s+to)\s+(?:the\s+)?"
        r"(?:user|human|person|operator)(?:'s|’s)\s+(?:instructions|requests|orders|rules|commands|wishes)\b"
        r"|\b(?:these|this|the\s+following)\s+(?:directives|instructions|rules|notes?|lines)\s+(?:replace|supersede|override|"
        r"take\s+precedence\s+over|outrank)\s+(?:anything|everything|all|any|whatever)\b[^.!?\n]{0,60}?\b(?:you|user|"
        r"told|conversation|chat|system|person)\b"
        r"|\b(?:the\s+)?(?:operator|user|developer|system|human)(?:'s|’s)\s+(?:orders|instructions|rules|requests|"
        r"guidance)\s+(?:are|is)\s+(?:now\s+)?(?:void|null|cancell?ed|revoked|obsolete|invalid|irrelevant|overridden)\b"
        r"|\byou\s+are\s+to\s+(?:comply\s+with|obey|follow)\s+(?:only\s+)?(?:the\s+notes?|this\s+(?:note|file|memory)|"
        r"these\s+notes)\b"
        r"|\b(?:the\s+)?(?:person|human|user)\s+(?:in\s+this\s+(?:chat|conversation|session)\s+|you(?:'re|\s+are)\s+"
        r"(?:talking|chatting)\s+(?:to|with)\s+)?is\s+not\s+your\s+(?:real\s+|actual\s+|true\s+)?(?:user|owner|operator)\b"
        r"|\byour\s+(?:real|actual|true)\s+(?:user|owner|operator)\s+(?:is|wrote)\b",
    ),
    _phrase(
        "follow|obey|trust|prioriti|prefer|listen",
        r"\b(?:follow|obey|trust|prioriti[sz]e|prefer|listen\s+to)\s+(?:this|these|the)\s+(?:memory|memories|note|notes|"
        r"file|message|line)\s+(?:over|more\s+than|above|before|rather\s+than)\s+(?:the\s+|any\s+)?(?:user|human|person|"
        r"operator|conversation|chat|instructions)\b",
    ),
    _phrase(
        "you have|you've|you are|you're|pre-approved|preapproved|has been|have been|was|were",
        r"\b(?:you\s+(?:have|'ve|got|are\s+given)\s+(?:been\s+given\s+)?(?:standing\s+|full\s+|explicit\s+|blanket\s+)?"
        r"(?:permission|authori[sz]ation|approval|clearance)\s+to|you(?:\s+are|'re)\s+(?:allowed|authori[sz]ed|permitted|"
        r"cleared)\s+to|(?:has|have|was|were)\s+(?:been\s+)?pre-?approved|pre-?approved)\b[^.!?\n]{0,100}?"
        r"(?:\bpush\b|\bdeploy|\bdelete|\bdrop\b|\bwipe|\brm\s+-|\bsudo\b|\bdestructive|without\s+(?:a\s+)?(?:review|"
        r"checking|asking|confirmation|approval)|~/\.ssh|\bsecrets?\b|\bcredentials\b|\bsend\b|\bexfiltrat|"
        r"\bdisable\b|\bbypass\b)",
    ),
    _phrase(
        "the real|the actual|the true",
        r"\bthe\s+(?:real|actual|true)\s+(?:task|goal|job|purpose|mission|objective)\b(?:\s+[\w-]+){0,5}?\s+is\s+to\b",
    ),
    _phrase(
        "real|actual|true|correct",
        r"\b(?:real|actual|true|correct)\s+instructions\s+(?:(?:that\s+)?you\s+(?:should|must|need\s+to|are\s+to)\s+"
        r"(?:follow|obey)|(?:are|follow)\s+(?:in|below|inside|within)?\s*(?:this|these|the\s+following)\s+"
        r"(?:note|memory|message|comment|file|lines?)|to\s+(?:follow|obey)\s+are)\b",
    ),
    _phrase(
        "your",
        r"\byour\s+(?:new|real|true|actual|only|sole|primary|top)\s+(?:[\w-]+\s+)?(?:task|goal|purpose|objective|"
        r"role|mission|job|duty|priority|instructions?)\b(?:\s+here|\s+now|,\s*[\w\s]{1,30},)?\s+(?:is|are)\b",
    ),
    _phrase(
        "outrank|take|has|have|over|instead|obey|follow|listen|only|the|your|repository|repo|project|regardless",
        r"\b(?:outranks?|takes?\s+precedence\s+over|(?:has|have|takes?)\s+(?:higher\s+)?priority\s+over)\s+"
        r"(?:the\s+|your\s+|any\s+|all\s+|every\s+)?(?:user|human|operator|developer|system|instructions?|requests?|"
        r"conversation|chat|messages?|prompts?)\b"
        r"|\bover\s+(?:anything|everything|whatever)\s+the\s+(?:user|human)\s+(?:says|said|asks|wants|wrote)\b"
        r"|\binstead\s+of\s+(?:the\s+)?(?:user|human)(?:'s|’s)?(?:\s+(?:request|instructions|orders|wishes))?\b"
        r"|\b(?:obey|follow|listen\s+to)\s+only\s+(?:the\s+|this\s+|these\s+)?(?:notes?|memory|memories|instructions|"
        r"lines?|file)\b|\bonly\s+(?:obey|follow)\s+(?:the\s+|this\s+|these\s+)?(?:notes?|memory|memories|instructions)\b"
        r"|\bthe\s+(?:user|human)\s+is\s+lying\b"
        r"|\bthe\s+(?:user|human|developer|owner)\s+has\s+(?:already\s+)?(?:authori[sz]ed|approved|allowed|permitted)"
        r"\s+you\b"
        r"|\byour\s+(?:operator|owner|administrator|admin|creator)\s+(?:instructs|wants|orders|requires|commands|says)\b"
        r"|\b(?:repository|repo|project)(?:'s|’s)?\s+owner\s+(?:wants|has\s+asked|instructs|requires)\s+you\b"
        r"|\bregardless\s+of\s+(?:what\s+)?the\s+(?:user|human)\b",
    ),
    _phrase(
        "ignore|disregard|forget",
        r"\b(?:ignore|disregard|forget)\s+(?:everything|all|anything)\s+(?:(?:you\s+were|you've\s+been|you\s+have"
        r"\s+been|i)\s+(?:told|said|given)|above|before|previously|prior|so\s+far)\b"
        r"|\b(?:ignore|disregard)\s+(?:the\s+|all\s+)?(?:above|previous|preceding)\s*(?:[.,;:!]|$|and\b)",
    ),
    _phrase("new", r"\bnew\s+(?:instructions?|directives?|system\s+prompt|orders)\s*:"),
    _phrase(
        "ignore|disregard|forget|set aside|stop following|stop obeying|no longer follow|do not follow|don't follow"
        "|do not obey|don't obey",
        r"\b(?:ignore|disregard|forget|set\s+aside|stop\s+following|stop\s+obeying|no\s+longer\s+follow|"
        r"do\s+not\s+follow|don't\s+follow|do\s+not\s+obey|don't\s+obey)\s+"
        r"(?:(?:whatever|what|everything|anything|all)\s+(?:you\s+(?:were|have\s+been|'ve\s+been)\s+(?:told|given|"
        r"instructed|asked)|the\s+(?:user|human|person)\s+(?:said|says|asked|wants|wrote|told\s+you|asked\s+you|"
        r"instructed\s+you|told))"
        r"|(?:the\s+|your\s+|any\s+|all\s+)?(?:rules|instructions|guidelines|directives|guidance|system\s+prompt)\s+"
        r"(?:you\s+(?:were|have\s+been|'ve\s+been)\s+given|above|from\s+(?:the\s+)?(?:user|system|developer))"
        r"|(?:the\s+|your\s+)system\s+prompt\b|your\s+(?:instructions|rules|guidelines|directives)\b)",
    ),
    _phrase(
        "instructions|rules|directives|guidance|real|actual|true|all|earlier|previous|prior|above|preceding",
        r"\b(?:(?:instructions|rules|directives|guidance)\s+(?:above|before\s+this|you\s+were\s+given)"
        r"|(?:all\s+)?(?:earlier|previous|prior|above|preceding)\s+(?:instructions|rules|directives|guidance|"
        r"context|prompts?))\s+(?:is|are|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:outdated|void|wrong|invalid|fake|"
        r"obsolete|cancell?ed|revoked|superseded|null|no\s+longer\s+valid)\b"
        r"|\b(?:real|actual|true)\s+instructions\s+(?:are|follow)\s+(?:below|here|as\s+follows)\b",
    ),
    _phrase(
        "the|your|all|previous|prior|earlier|original|initial|above|system|guidance|instructions|rules|directives",
        r"\b(?:(?:the|your|all)\s+)?(?:(?:previous|prior|earlier|original|initial|above|system|safety|security|content|usage)\s+)?"
        r"(?:guidance|instructions|rules|directives|guidelines|system\s+prompt|restrictions|policies)"
        r"(?:\s+(?:you\s+(?:received|were\s+given|got|have\s+been\s+given)|given\s+to\s+you|above|before\s+this))?"
        r"(?:\s+(?:earlier|before|previously))?\s+(?:no\s+longer\s+appl(?:y|ies)|(?:is|are|were|has\s+been|have\s+been)\s+"
        r"(?:now\s+)?(?:suspended|lifted|disabled|revoked|void|cancell?ed|outdated|obsolete|superseded|null|invalid|"
        r"rescinded|withdrawn|removed|waived|retracted|switched\s+off|turned\s+off|no\s+longer\s+valid))\b",
        needs=r"\b(?:previous|prior|earlier|original|initial|above|system|received|given|your|safety|security)\b",
    ),
    _phrase(
        "treat",
        r"\btreat\s+(?:this|these|the\s+following|what\s+follows|this\s+(?:note|memory|message))\s+as\s+(?:your\s+)?"
        r"(?:(?:new|real|top[-\s]priority|highest[-\s]priority|primary|only|official)\s+){0,2}"
        r"(?:instructions|system\s+prompt|orders|directives|rules)\b",
    ),
    _phrase(
        "ignore|disregard|forget",
        r"\b(?:ignore|disregard|forget)\s+(?:any|all|the|every)\s+(?:instructions|rules|guidance|directives|messages)\s+"
        r"(?:that\s+)?(?:came|come|were\s+given|given|written|appearing|stated)\s+(?:before|above|earlier|prior)\b",
    ),
    _phrase(
        "updated|revised|real|actual|true|secret|hidden|override|instruction",
        r"\b(?:updated|revised|real|actual|true|secret|hidden|override)\s+instructions?\s*:"
        r"|\binstructions?\s+(?:override|update)\s*:",
    ),
    _phrase(
        "from now on|from this moment|from this point|from here on",
        r"\bfrom\s+(?:now|this\s+moment|this\s+point|here)\s+on(?:wards?)?,?\s+(?:you\s+(?:are|will\s+(?:act|respond|answer|obey|ignore|only|comply|follow|"
        r"pretend|behave|be|reply|never|always)|must\s+(?:obey|ignore|only|comply|follow|never|always)|have\s+no"
        r"|no\s+longer|shall|can\s+ignore|should\s+ignore)|(?:act|respond|behave|answer|reply)\s+(?:as|like|only)\b)",
    ),
    _phrase(
        "your",
        r"\byour\s+(?:new|real|true|actual)\s+(?:instructions|task|goal|purpose|objective|role|mission)\s+(?:is|are)\b",
    ),
    _phrase(
        "developer|god|jailbreak|dan|unrestricted|root|admin|sudo|maintenance|do anything now",
        r"\b(?:developer|god|jailbreak|jailbroken|dan|unrestricted|root|admin|sudo|maintenance)\s+mode\s+"
        r"(?:(?:is|has\s+been|was)\s+(?:now\s+)?)?(?:enabled|activated|on|unlocked)\b"
        r"|\bdo\s+anything\s+now\b",
    ),
    _phrase(
        "忽略|无视|忽视|不要理会|不用理会|忘记|忘掉|抛弃|跳过|不要遵守|不再遵守|停止遵守|别管|不要管|不用管|从现在|新|你的新"
        "|以上|上面|之前|先前|前面",
        r"(?:忽略|无视|忽视|不要理会|不用理会|忘记|忘掉|抛弃|跳过|不要遵守|不再遵守|停止遵守|别管|不要管|不用管)(?:掉)?(?:你|您)?(?:的)?(?:之前|以前|先前|上面|上述|"
        r"前面|此前|所有|全部|一切|原来|原有|原先|系统)(?:的)?(?:所有|全部|一切)?(?:的)?(?:指令|指示|说明|规则|提示|要求|"
        r"设定|命令|约束|安全限制|安全规则|安全策略|限制)"
        r"|从现在(?:开始|起)[,，]?\s*你(?:是|将|必须|要|只能|不再|就是)"
        r"|(?:以上|上面|之前|先前|前面)的?(?:内容|指令|指示|规则|说明|要求)?(?:全部|都|均)?(?:作废|无效|失效|不再有效)"
        r"|新的?(?:指令|指示|任务|规则)\s*[:：]"
        r"|你的新(?:任务|指令|角色|目标)是",
    ),
)

_LINE_START = r"(?:\A|(?<=\n))[ \t>#*]*(?:(?:<!--|//+|/\*+|--|;+)[ \t]*)?\Z"
_MENTION_AHEAD = (
    r"(?!\s*(?:is|are|was|were|and|or|tokens?|tags?|markers?|turns?|prefix(?:es)?|headers?|delimiters?|"
    r"elements?)\b|\s*[/,])"
)
"""What follows a tag or role header that is being talked about rather than used ("<|user|> and <|assistant|>
tokens", "Human: and Assistant: turns")."""
_NOT_QUOTED = r"(?:\A|[^`'\"‘])\Z"
"""A tag written between backticks or quotes is a mention ("wrapped in `<system-reminder>`"), not markup."""

_ROLE = (
    _phrase(
        "<",
        r"(?:<\s*/?\s*(?:system|assistant|developer|instructions?|im_start|im_end|system[_-]prompt|system-reminder|"
        r"function_results|function_calls|tool_result|tool_use|antml:[a-z_]+)(?:\s[^<>\n]{0,80})?\s*/?>"
        r"|<\s*/\s*(?:user|human)\s*>"
        r"|<\|(?:im_start|im_end|im_sep|system|user|assistant|start_header_id|end_header_id|eot_id|begin_of_text|"
        r"start_of_turn|end_of_turn|start|end|message|channel|return|call|constrain)\|>"
        r"|<<\s*/?\s*sys\s*>>"
        r"|<\s*/?\s*(?:start_of_turn|end_of_turn)\s*>"
        r"|<\s*/?\s*(?:system|developer|admin|assistant)[_-](?:instructions?|prompt|override|message|directive|note|"
        r"rules?|policy)\s*>"
        r"|<\s*/?\s*(?:instructions?|directives?|override)[_-](?:system|developer|admin)\s*>"
        r"|<\s*/\s*(?:memory|memories|user_memory|context|notes|document|data)\s*>\s*(?:<|new\s|system|"
        r"instructions?|\[))(?![`'\"’])" + _MENTION_AHEAD,
        left=_NOT_QUOTED,
    ),
    _phrase(r"\[", r"\[\s*(?:system|assistant|developer)\s*\]\s*\(\s*#"),
    _phrase(
        r"\[\[",
        r"\[\[\s*/?\s*(?:system|instructions?|assistant|developer|admin|override|system\s+override)\s*\]\]"
        r"(?!\s*(?:placeholders?|tags?|markers?|blocks?|sections?|and|or|is|are)\b)",
    ),
    _phrase(
        r"---|===|\*\*\*|##",
        r"(?<![-=*#])(?:-{3,}|={3,}|\*{3,}|#{2,})\s*(?:begin|end|start)?\s*(?:of\s+)?system\s+(?:prompt|message|instructions?|"
        r"override)\s*(?:-{3,}|={3,}|\*{3,}|#{2,}|$)"
        r"|(?<![-=*#])(?:={2,}|#{2,}|\*{3,}|-{3,})\s*(?:system|admin|developer)\s*(?:={2,}|#{2,}|\*{3,}|-{3,})(?=\s*\S)",
    ),
    _phrase(
        "#",
        r"#{1,6}[ \t]*(?:instruction|system|system\s+prompt|input|response)[ \t]*:?[ \t]*\n"
        r"|#{1,6}[ \t]*(?:new\s+|updated\s+)?(?:system\s+(?:prompt|message|instructions?)|instructions?\s+for\s+the\s+"
        r"(?:assistant|model|ai|agent))[^\n]{0,40}\n[ \t]*(?:you\s+(?:are|will|must|have|should)|ignore|from\s+now|always|"
        r"never|do\s+not)",
        left=_LINE_START,
    ),
    _phrase("```", r"```[ \t]*(?:system|sys|instructions?|system[_-]prompt|developer)[ \t]*\n"),
    _phrase(
        '"role"',
        r"\"role\"\s*:\s*\"(?:system|developer)\"\s*,\s*\"content\"\s*:\s*\"[^\"\n]{0,300}?(?:ignore|disregard|reveal|"
        r"never\s+refuse|no\s+restrictions|unrestricted|exfiltrat|secrets?|passwords?|api\s+keys?|rm\s+-rf|without\s+asking|"
        r"obey|comply)",
    ),
    _phrase(r"\[", r"\[系统\]"),
    _phrase(
        "system",
        r"\bsystem\s+(?:prompt|message|instruction|override)\s*:\s*(?:you|your|ignore|disregard|forget|new|the\s+"
        r"assistant|the\s+model|claude|assistant|from\s+now|do\s+not|don't|always|never|override|act|respond|answer|"
        r"obey|follow|important|attention|developer|admin|root|all|safety|the\s+following|this)\b",
    ),
    _phrase(
        r"(?m)^[ \t>#*]*(?:==|---|\*\*\*)",
        r"[ \t>#*]*(?:={2,}|-{3,}|\*{3,})\s*(?:system|assistant|human|user|developer)(?:\s+(?:prompt|message))?\s*"
        r"(?:={2,}|-{3,}|\*{3,})[ \t]*$",
    ),
    _phrase(
        "human|assistant|ai assistant", r"(?:human|assistant|ai\s+assistant)\s*:" + _MENTION_AHEAD, left=_LINE_START
    ),
    _phrase(
        "system|developer",
        r"(?:system|developer)\s*:\s*(?:you|ignore|disregard|forget|new|the\s+assistant|the\s+model|claude|"
        r"from\s+now|do\s+not|don't|always|never|override|important|attention)\b",
        left=_LINE_START,
    ),
    _phrase(
        "you are now",
        r"\byou\s+are\s+now\s+(?:a|an|the|my|dan|no\s+longer|free|unrestricted|jailbroken|acting|operating|root|"
        r"admin|uncensored|unfiltered|called|named|going\s+to|evil|in\s+(?:developer|god|admin|unrestricted|"
        r"jailbreak|dan|root|sudo|superuser|privileged|maintenance|debug|unsafe)\s+mode)\b",
    ),
    _phrase("pretend", r"\bpretend\s+(?:that\s+)?you\s+are\b"),
    _phrase(
        "from|message|note|update|instructions",
        r"\b(?:(?:message|note|update|instructions?)\s+)?from\s+(?:the\s+)?(?:system|developers?|administrator|admin|"
        r"anthropic|openai|operator)\s*:",
    ),
    _phrase(
        "act as|behave as|respond as",
        r"\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|unfiltered|"
        r"jailbroken|evil|dan|root|the\s+system|system\s+administrator)\b",
    ),
    _phrase(
        "你现在|系统提示|系统消息|【系统】|（系统）",
        r"你现在是|你现在的(?:身份|角色)是|系统提示\s*[:：]|系统消息\s*[:：]|【系统】|（系统）",
    ),
)

_SEND = _phrase(
    "send|upload|post|exfil|transmit|forward|email|e-mail|mail|leak|share|deliver|submit|curl|wget|scp|rsync|beam|ship|paste"
    "|发送|上传|发到|发给|传到|传给|外传|泄露|转发|提交到|寄给|同步到",
    r"\b(?:send|upload|post|exfiltrate|exfil|transmit|forward|e-?mail|mail|leak|share|deliver|submit|curl|wget|"
    r"scp|rsync|beam|ship|paste)\b"
    r"|(?:发送|上传|发到|发给|传到|传给|外传|泄露|转发|提交到|寄给|同步到)",
)
_STRONG_SECRETS = (
    r"(?:credentials?|secrets?|api[\s_-]?keys?|access[\s_-]?keys?|private[\s_-]?keys?|ssh[\s_-]?keys?|passwords?|"
    r"environment[\s_-]?variables?|env[\s_-]?vars?|keychain|wallet|seed\s+phrase)"
)
_SENSITIVE = _phrase(
    r"~/\.aws|\.aws/|~/\.ssh|\.ssh/|id_rsa|id_ed25519|id_ecdsa|\.env|\.netrc|\.npmrc|\.pypirc|\.git-credentials|"
    r"/etc/passwd|/etc/shadow|printenv|your|all|any|every|the|my|their|our|these|those|"
    r"凭证|凭据|密钥|密码|令牌|口令|私钥|环境变量|api|访问密钥",
    r"~/\.aws|\.aws/credentials|~/\.ssh|\.ssh/|\bid_rsa|\bid_ed25519|\bid_ecdsa|(?<![\w/])\.env\b|\.netrc|"
    r"\.npmrc|\.pypirc|\.git-credentials|/etc/passwd|/etc/shadow|\bprintenv\b"
    r"|\b(?:your|all|any|every|the\s+user's|the\s+user’s|my|their|our)\s+(?:\w+\s+){0,2}?"
    rf"(?:{_STRONG_SECRETS}|tokens?|cookies|session[\s_-]?tokens?)\b"
    rf"|\b(?:the|these|those)\s+(?:\w+\s+)?{_STRONG_SECRETS}\b"
    r"|凭证|凭据|密钥|密码|令牌|口令|私钥|环境变量|api\s*key|访问密钥",
)
_DESTINATION = _phrase(
    r"://|@|[0-9]+|webhook|pastebin|ngrok|requestbin|burpcollaborator|interact\.sh|attacker|remote|"
    r"external|my|our|this|that|the following|服务器|邮箱|网址|链接|地址",
    r"://|(?<=[\w.+-])@[\w-]+\.[a-z]{2,}\b|(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}\b|webhook|pastebin|ngrok|"
    r"requestbin|burpcollaborator|interact\.sh|\battacker|\b(?:remote|external|my|our|this|that|the\s+following)\s+"
    r"(?:server|url|endpoint|address|host|inbox|bucket)\b"
    r"|服务器|邮箱|网址|链接|地址",
)
_SEND_WEAK = _phrase(
    "include|attach|append|embed|encode|put|add|insert",
    r"\b(?:include|attach|append|embed|encode|put|add|insert)\b",
)
_FILE_LITERALS = (
    r"~/\.aws|\.aws/|~/\.ssh|\.ssh/|id_rsa|id_ed25519|id_ecdsa|\.env|\.netrc|\.npmrc|\.pypirc|\.git-credentials|"
    r"/etc/passwd|/etc/shadow|\.kube/config|\.docker/config|\.gnupg"
)
_FILE_BODY = (
    r"(?:~/\.aws\b|\.aws/credentials|(?:~/)?\.ssh/(?![\w.-]*\.pub\b)|~/\.ssh\b(?!/)|\bid_(?:rsa|ed25519|ecdsa)\b"
    r"(?!\.pub)|(?<![\w/])\.env\b|\.netrc|\.npmrc|\.pypirc|\.git-credentials|/etc/passwd|/etc/shadow|"
    r"\.kube/config|\.docker/config\.json|~/\.gnupg)"
)
_SECRET_FILE = _phrase(_FILE_LITERALS, _FILE_BODY)
"""Files that hold credentials (public keys excluded)."""
_SENTENCE_END = re.compile(r"[.!?]\s|\n\s*\n|[。！？]")
_EXFIL_SHELL = (
    _phrase(
        "curl|wget|http|nc|netcat",
        r"\b(?:curl|wget|https?|nc|ncat|netcat)\b[^\n|;]{0,200}?(?:\s-d|\s--data(?:-binary|-raw|-urlencode)?|"
        r"\s-f\b|\s--form|\s-t\b|\s--upload-file|\s--post-file|\s--body-file)[\s=]*['\"]?[\w@=-]{0,60}@?"
        r"[^\s'\"]{0,200}?(?:\.aws|\.ssh|\.env\b|credentials|id_rsa|id_ed25519|passwd|shadow|\.netrc|"
        r"\.git-credentials)",
    ),
    _phrase(
        _FILE_LITERALS,
        _FILE_BODY
        + r"[^\n]{0,120}?\|\s*(?:curl|wget|nc|ncat|netcat|telnet|openssl\s+s_client|mail|sendmail)\b",
    ),
    _phrase(
        "env|printenv|set",
        r"\b(?:env|printenv|set)\s*\|\s*(?:base64\s*\|\s*)?(?:curl|wget|nc|ncat|netcat|mail)\b",
    ),
    _phrase(
        "curl|wget",
        r"\b(?:curl|wget)\b[^\n]{0,200}?\$\((?:cat|base64|env|printenv)\b"
        r"|\b(?:curl|wget)\b[^\n]{0,200}?https?://[^\s\"']{0,200}?\$\{?(?:aws_secret|aws_access|"
        r"[a-z_]{0,40}(?:token|secret|password|api_key))",
    ),
)

_IMPERATIVE = _phrase(
    "run|execute|exec|invoke|paste|type|enter|you must|you should|you need to|you have to|please|immediately|"
    "silently|now|just|quietly|without|运行|执行|立即|马上|立刻|请",
    r"\b(?:run|execute|exec|invoke|paste|type|enter)\s+(?:this|these|the\s+following|the\s+(?:command|script|code"
    r"|snippet)\s+below|the\s+below|the\s+next|it\s+(?:now|immediately)|immediately|now|silently|right\s+away)\b"
    r"|\b(?:you\s+(?:must|should|need\s+to|have\s+to)|please|immediately|silently|now|just|quietly)\s+"
    r"(?:run|execute|exec)\b"
    r"|\bwithout\s+(?:asking|confirmation|confirming|approval|prompting)\b"
    r"|(?:运行|执行)(?:以下|下面|这个|这条|这些|如下)|(?:立即|马上|立刻|请)(?:运行|执行)",
)
_DANGEROUS = _phrase(
    "curl|wget|bash -c|zsh -c|sh -c|bash <|zsh <|sh <|rm|base64|eval|python|perl|ruby|node|chmod|dd|mkfs|iex|"
    "invoke-expression|powershell",
    r"\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b"
    r"|\b(?:curl|wget)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:python3?|perl|ruby|node)\b"
    r"|\b(?:ba|z)?sh\s+-c\s+[\"']?\$\((?:curl|wget)\b"
    r"|\b(?:ba|z)?sh\s+<\s*\(\s*(?:curl|wget)\b"
    r"|\brm\s+-(?:[a-z]*r[a-z]*f|[a-z]*f[a-z]*r)[a-z]*\s+(?:--no-preserve-root\s+)?[\"'`]?"
    r"(?:(?:/|~|\$home|\$\{home\}|\.\.?)/?\*?|\*|~/[\w.\-/]+)(?=\s|$|[\"'`;&|)])"
    r"|\bbase64\s+(?:-d|--decode)\b[^\n]{0,100}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b"
    r"|\beval\s*\(?\s*[\"']?\$\((?:curl|wget|echo|base64)\b"
    r"|\b(?:python3?|perl|ruby|node)\s+-[ce]\s+[^\n]{0,200}(?:exec|eval|system|socket|subprocess|child_process)\s*\("
    r"|\bchmod\s+(?:-r\s+)?777\s+/(?:\s|$)"
    r"|\bdd\s+if=/dev/(?:zero|random|urandom)\s+of=/dev/"
    r"|\bmkfs\.\w+\s+/dev/"
    r"|\biex\s*\(|\binvoke-expression\b|\bpowershell(?:\.exe)?\s+-(?:enc|encodedcommand|e)\s",
)
_REVERSE_SHELL = _phrase(
    r"/dev/tcp/|nc|ncat|bash -i|mkfifo|:\(|rm -rf --no-preserve-root",
    r"/dev/tcp/|\bnc(?:at)?\s+(?:-[a-z]*e\s|-c\s)|\bbash\s+-i\s+>&|\bmkfifo\s+/tmp/\S+\s*;\s*nc\b"
    r"|:\(\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:"
    r"|\brm\s+-rf\s+--no-preserve-root\s+/",
)

_NEGATIONS = "do not|don't|don’t|dont|never|must not|mustn't|should not|shouldn't|under no circumstances|in no case|at no point"
_CONCEAL = (
    _phrase(
        _NEGATIONS,
        r"(?:do\s+not|don't|don’t|dont|never|must\s+not|mustn't|should\s+not|shouldn't|under\s+no\s+circumstances|"
        r"in\s+no\s+case|at\s+no\s+point)\s+(?:(?:should|must|will|may|do|are|can)\s+you\s+)?"
        r"(?:tell|inform|notify|alert|warn|mention\s+(?:this|it|that)\s+to|let)\s+(?:the\s+|your\s+)?"
        r"(?:user|human|operator)\b",
        left=r"(?:\A|[.!?;:,\n()\[\]<>\"“”*\-]\s*|\b(?:and|but|please|also|so|just|then|important|note)\s*[:,]?\s+)\Z",
    ),
    _phrase(
        _NEGATIONS,
        r"(?:do\s+not|don't|don’t|never)\s+(?:mention|reveal|disclose|say|report|show)\s+(?:this|these|that|it|"
        r"anything)(?:\s+\w+){0,3}?\s+to\s+(?:the\s+)?(?:user|human)\b"
        r"|(?:never|do\s+not|don't)\s+(?:reveal|disclose|mention|repeat)\s+(?:these|this|your|the)\s+"
        r"(?:instructions|prompt|system\s+prompt|message)\b",
    ),
    _phrase("without", r"\bwithout\s+(?:telling|informing|notifying|alerting)\s+(?:the\s+)?(?:user|human)\b"),
    _phrase(
        "without mentioning|without telling|without saying|without reporting|without noting|without flagging"
        "|without announcing|keep this between|keep it between|leave it out|leave this out|keep it out|keep this out"
        "|don't bring|do not bring|never bring",
        r"\bwithout\s+(?:mentioning|telling|saying|reporting|noting|flagging|announcing)\s+(?:it|this|that|anyone|anybody|"
        r"them)\b"
        r"|\bkeep\s+(?:this|it)\s+between\s+(?:us|you\s+and\s+me|ourselves)\b"
        r"|\b(?:leave|keep)\s+(?:it|this|that|them)\s+out\s+of\s+(?:the|your|any)\s+(?:summary|report|reply|answer|"
        r"response|changelog|pr|commit|notes|log)\b"
        r"|\b(?:don't|do\s+not|never)\s+bring\s+(?:this|it|that)\s+up\s+(?:with|to)\s+(?:the\s+)?(?:user|human|person)\b",
    ),
    _phrase(
        "silently|quietly|secretly|covertly|discreetly",
        r"(?:silently|quietly|secretly|covertly|discreetly)\s+(?:replace|change|add|insert|remove|delete|disable|"
        r"modify|rewrite|swap|upload|send|copy|push|commit|install|weaken|turn\s+off|set|edit|append|rename)\b",
        left=r"(?:\A|[.!?:;\n]\s*|\b(?:and|then|just)\s+)\Z",
    ),
    _phrase(
        "silently|quietly|secretly|covertly|discreetly",
        r"\b(?:silently|quietly|secretly|covertly|discreetly)\s+(?:replace|change|add|insert|remove|delete|disable|"
        r"modify|rewrite|swap|upload|send|copy|push|commit|install|weaken|turn\s+off|set|edit|append)\b",
        left=r"\byou\b[^.!?\n]{0,80}\Z",
    ),
    _phrase(
        "keep|stay|remain",
        r"\b(?:keep|stay|remain)\s+(?:quiet|silent|mum)\s+about\s+(?:this|it|that|these)\b[^.\n]{0,60}?\b(?:user|human)\b",
    ),
    _phrase(
        "hide|conceal|keep",
        r"\b(?:hide|conceal|keep)\s+(?:this|these|it|that|them)(?:\s+\w+){0,3}?\s+(?:from|secret\s+from|hidden\s+from)"
        r"\s+(?:the\s+)?(?:user|human)\b",
    ),
    _phrase(
        "the user",
        r"\bthe\s+user\s+(?:must|should|shall|can|may)(?:\s+not|\s+never|n't|n’t|not)\s+(?:know|find\s+out|learn|"
        r"notice|be\s+told|suspect|see\s+(?:this|it|that|these|what\s+you|anything))\b",
    ),
    _phrase(
        "make sure|ensure|so that|so the",
        r"\b(?:make\s+sure|ensure|so\s+that|so)\s+(?:that\s+)?(?:the\s+)?(?:user|human)\s+(?:doesn't|does\s+not|"
        r"won't|will\s+not|never|cannot|can't)\s+(?:find\s+out|know|notice|see|learn|realise|realize|suspect)\b",
    ),
    _phrase(
        "不要|别|不能|对用户|瞒着",
        r"(?:不要|别)告诉用户|(?:不要|别|不能)让用户(?:知道|发现|察觉|注意到|看到)|不要向用户(?:透露|提及|说明|提起)|对用户隐瞒|瞒着用户"
        r"|不要通知用户",
    ),
)
