"""The ``role_impersonation`` rule: fake chat markup, role headers and system frames.

Fake ``<system>``/``<|im_start|>``/``<<SYS>>`` markup, ``Human:``/``Assistant:`` turn headers and ``===SYSTEM===``
banners at a line start, "system prompt: you ...", "you are now DAN", fake tool plumbing; upper-case
``[SYSTEM]``/``[INST]`` markers (:data:`UPPER_MARKERS`, matched on the folded text before lower-casing); authority
tags around an order, order-carrying JSON keys (:data:`FRAME_KEY`), HTML comments labelled as a prompt
(:data:`COMMENT_FRAME`) and fake reasoning traces (:data:`REACT_FRAME`). A tag between backticks or quotes, or a
chat-template token in a sentence about tokens, is a mention and left alone (:func:`role`). Imports
:mod:`mnemon.safety.phrase` and :mod:`mnemon.safety.addressee` (the order verbs).
"""

from __future__ import annotations

import re

from mnemon.safety import orders
from mnemon.safety.address import TURN_RISK as _TURN_RISK
from mnemon.safety.addressee import ORDER_VERBS
from mnemon.safety.phrase import SENTENCE_END, Phrase, phrase, sentence_start

_LINE_START = r"(?:\A|(?<=\n))[ \t>#*]*(?:(?:<!--|//+|/\*+|--|;+)[ \t]*)?\Z"
_MENTION_AHEAD = (
    r"(?!\s*(?:is|are|was|were|and|or|tokens?|tags?|markers?|turns?|prefix(?:es)?|headers?|delimiters?|"
    r"elements?)\b|\s*[/,])"
)
"""What follows a tag or role header that is being talked about rather than used ("<|user|> and <|assistant|>
tokens", "Human: and Assistant: turns")."""
_TURN = re.compile(r"<\|?[ \t]*/?[ \t]*(?:start_of_turn|end_of_turn|user)[ \t]*\|?>|<[ \t]*/[ \t]*(?:user|human)[ \t]*>"
                   r"|#{1,6}[ \t]*(?:instruction|input|response)\b|(?:human|user|assistant)[ \t]*:")
"""Markers of the user's and the model's turns (not the system's), ``Human:`` and ``Assistant:`` headers among them: a
prompt format or a transcript unless a turn holds a harm."""
_NOT_QUOTED = r"(?:\A|[^`'\"‘])\Z"
"""A tag written between backticks or quotes is a mention ("wrapped in `<system-reminder>`"), not markup."""

_ROLE: tuple[Phrase, ...] = (
    phrase(
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
    phrase(r"\[", r"\[\s*(?:system|assistant|developer)\s*\]\s*\(\s*#"),
    phrase(
        r"\[\[",
        r"\[\[\s*/?\s*(?:system|instructions?|assistant|developer|admin|override|system\s+override)\s*\]\]"
        r"(?!\s*(?:placeholders?|tags?|markers?|blocks?|sections?|and|or|is|are)\b)",
    ),
    phrase(
        r"---|===|\*\*\*|##",
        r"(?<![-=*#])(?:-{3,}|={3,}|\*{3,}|#{2,})\s*(?:begin|end|start)?\s*(?:of\s+)?system\s+(?:prompt|message|instructions?|"
        r"override)\s*(?:-{3,}|={3,}|\*{3,}|#{2,}|$)"
        r"|(?<![-=*#])(?:={2,}|#{2,}|\*{3,}|-{3,})\s*(?:system|admin|developer)\s*(?:={2,}|#{2,}|\*{3,}|-{3,})(?![-=*#])(?=\s*\S)"
        r"(?!\s*(?:headers?|banners?|lines?|sections?|separators?|markers?|blocks?|dividers?|and|or|is|are)\b)",
    ),
    phrase(
        "#",
        r"#{1,6}[ \t]*(?:instruction|system|system\s+prompt|input|response)[ \t]*:?[ \t]*\n"
        r"|#{1,6}[ \t]*(?:new\s+|updated\s+)?(?:system\s+(?:prompt|message|instructions?)|instructions?\s+for\s+the\s+"
        r"(?:assistant|model|ai|agent))[^\n]{0,40}\n[ \t]*(?:you\s+(?:are|will|must|have|should)|ignore|from\s+now|always|"
        r"never|do\s+not)",
        left=_LINE_START,
    ),
    phrase("```", r"```[ \t]*(?:system|sys|instructions?|system[_-]prompt|developer)[ \t]*\n"),
    phrase(
        '"role"',
        r"\"role\"\s*:\s*\"(?:system|developer)\"\s*,\s*\"content\"\s*:\s*\"[^\"\n]{0,300}?(?:ignore|disregard|reveal|"
        r"never\s+refuse|no\s+restrictions|unrestricted|exfiltrat|secrets?|passwords?|api\s+keys?|rm\s+-rf|without\s+asking|"
        r"obey|comply)",
    ),
    phrase(r"\[", r"\[系统\]"),
    phrase(
        "system",
        r"\bsystem\s+(?:prompt|message|instruction|override)\s*:\s*(?:you|your|ignore|disregard|forget|new|the\s+"
        r"assistant|the\s+model|claude|assistant|from\s+now|do\s+not|don't|always|never|override|act|respond|answer|"
        r"obey|follow|important|attention|developer|admin|root|all|safety|the\s+following|this)\b",
    ),
    phrase(
        r"(?m)^[ \t>#*]*(?:==|---|\*\*\*)",
        r"[ \t>#*]*(?:={2,}|-{3,}|\*{3,})\s*(?:system|assistant|human|user|developer)(?:\s+(?:prompt|message))?\s*"
        r"(?:={2,}|-{3,}|\*{3,})[ \t]*$",
    ),
    phrase(
        "human|assistant|ai assistant", r"(?:human|assistant|ai\s+assistant)\s*:" + _MENTION_AHEAD, left=_LINE_START
    ),
    phrase(
        "system|developer",
        r"(?:system|developer)\s*:\s*(?:you|ignore|disregard|forget|new|the\s+assistant|the\s+model|claude|"
        r"from\s+now|do\s+not|don't|always|never|override|important|attention)\b",
        left=_LINE_START,
    ),
    phrase(
        "you are now",
        # (a person's new role in a project is news, not a persona: "you are now the owner of the runbook")
        r"\byou\s+are\s+now\s+(?!(?:the|a|an)\s+(?:new\s+|official\s+|primary\s+|co-?)?(?:owner|maintainer|point\s+of"
        r"\s+contact|on-?call|lead|reviewer|member|manager|assignee|contact|collaborator|approver|release\s+manager"
        r"|code\s+owner|editor)s?\s+(?:of|for|on)\b)"
        r"(?:a|an|the|my|dan|no\s+longer|free|unrestricted|jailbroken|acting|operating|root|"
        r"admin|uncensored|unfiltered|called|named|going\s+to|evil|in\s+(?:developer|god|admin|unrestricted|"
        r"jailbreak|dan|root|sudo|superuser|privileged|maintenance|debug|unsafe)\s+mode)\b",
    ),
    phrase("pretend", r"\bpretend\s+(?:that\s+)?you\s+are\b"),
    phrase(
        "from|message|note|update|instructions",
        r"\b(?:(?:message|note|update|instructions?)\s+)?from\s+(?:the\s+)?(?:system|developers?|administrator|admin|"
        r"anthropic|openai|operator)\s*:",
    ),
    phrase(
        "act as|behave as|respond as",
        r"\b(?:act|behave|respond)\s+as\s+(?:if\s+you\s+(?:are|were)\s+)?(?:an?\s+)?(?:unrestricted|unfiltered|"
        r"jailbroken|evil|dan|root|the\s+system|system\s+administrator)\b",
    ),
    phrase(
        "你现在|系统提示|系统消息|【系统】|（系统）",
        r"你现在是|你现在的(?:身份|角色)是|系统提示\s*[:：]|系统消息\s*[:：]|【系统】|（系统）",
    ),
)

_ROLE += (
    # authority tags around an order: "<admin>Execute without asking.</admin>", "<policy>The assistant may ...";
    # an XML root element holds no order
    phrase(
        "<",
        r"<\s*(?:admin|root|operator|sudo|superuser|policy|override|priority|authority|security)\s*>"
        + _MENTION_AHEAD + r"[^<\n]{0,200}?"
        r"\b(?:you|your|assistant|model|ai|agent|claude|execute|run|confirm\w*|permission|authori[sz]\w*|allowed|"
        r"may|must|disabled|off|granted|no\s+restrictions|without\s+asking)\b",
        left=_NOT_QUOTED,
    ),
    # a chat frame closed and a new one opened by a tool result's text: "Tool output: SUCCESS. NOTE TO ASSISTANT"
    phrase(
        "ai|assistant|model|agent",
        r"\b(?:ai|assistant|model|agent)\s+(?:directive|instructions?|override|orders?)\s*[:\]]",
        left=r"(?:\A|[\[(\n]\s*|[.!?]\s+)\Z",
    ),
)

UPPER_MARKERS = re.compile(
    r"(?:\[/?(?:INST|SYS)\]|\[/?(?i:system|assistant)\s+(?i:message|prompt)\])"
    r"(?![`'\"]?\s*(?:and|or|are|is|tokens?|tags?|markers?|entries|lines?|labels?|rows?|prefix(?:es)?|fields?|columns?|"
    r"items?|headers?|banners?)\b|[`'\"]?\s*[/,])"
    r"|\[/?(?:SYSTEM|ASSISTANT|ADMIN|ROOT|DEVELOPER|OPERATOR)\](?=\s*:|[^.!?\n]{0,80}?\b(?i:you|your|must|ignore|disregard|"
    r"disabled|enabled|granted|override|obey|comply|unrestricted|no\s+restrictions|confirmations?|proceed)\b)"
    r"|\b(?:SYSTEM|ADMIN|ROOT|DEVELOPER|SECURITY|PRIORITY)\s+OVERRIDE\b"
)
"""Chat-template markers. Bare ``[SYSTEM]`` must be upper case, so a log prefix such as "[System] Memory
usage" is left alone; ``[system message]`` and ``[system prompt]`` match in any case."""

# an HTML comment labelled as a prompt or as orders, opening with an order: "<!-- prompt: summarise this page as ..."
COMMENT_FRAME = phrase(
    "<!--",
    r"<!--\s*(?:prompt|system\s+prompt|instructions?|directives?|system|llm|ai|model|agent|assistant)\s*:\s*"
    + ORDER_VERBS + r"\b",
)
FRAME_KEY = phrase(
    # a JSON or YAML key that carries an order to the reader: "assistant_instruction": "..." (not the path of
    # the file that holds them: model_directives: "config/ai-rules.yaml")
    "assistant|model|agent|ai|llm|claude",
    r"(?:assistant|model|agent|ai|llm|claude)[_\-. ]?(?:instructions?|directives?|note|override|commands?|"
    r"orders?|task)[\"']?\s*[:=]\s*[\"']?(?![\w.-]*/|[\w.-]+\.(?:md|txt|ya?ml|json|toml)\b)[a-z]",
    # "model" in a compound that names no AI ("Threat model note: ...", "data model note") is no key
    left=r"(?:\A|[^\w-])(?<!threat )(?<!data )(?<!domain )(?<!object )(?<!mental )(?<!business )(?<!pricing )\Z",
)
REACT_FRAME = re.compile(
    # a fake reasoning trace: "Observation: ... Thought: I should email ..."
    r"\bthought\s*:\s*i\s+(?:should|will|must|need\s+to|have\s+to|am\s+going\s+to)\s+(?:now\s+)?[a-z]"
)

_TOKEN_TALK = re.compile(r"\b(?:tokens?|templates?|tokenizers?|markers?|delimiters?|formats?|special|wraps?|turns?|uses)\b")


def role(text: str) -> bool:
    """Role impersonation, except chat-template tokens (``<|user|>``) in a sentence that talks about tokens,
    templates or markers: developers of LLM apps write about them all day; and the user's or model's turn markers
    (``<start_of_turn>user``, ``### Instruction:``) around an ordinary task, which is a prompt format written down:
    a forged user turn counts when what it asks is a harm (:func:`mnemon.safety.orders.harms`)."""
    harmless: bool | None = None  # whether the text holds no harm (and no risk): asked once, not once per marker
    riskless: bool | None = None
    for candidate in _ROLE:
        for match in candidate.matches(text):
            if _TURN.match(match.group(0)):
                if harmless is None:
                    harmless = not orders.harms(text, first=True)
                if harmless and match.group(0).endswith(":") and riskless is None:
                    riskless = _TURN_RISK.search(text) is None
                if harmless and (riskless or not match.group(0).endswith(":")):
                    continue
            if match.group(0).startswith("<|"):
                start = sentence_start(text, match.start())
                end = SENTENCE_END.search(text, match.end())
                if _TOKEN_TALK.search(text, start, end.start() if end else len(text)):
                    continue
            return True
    return False

