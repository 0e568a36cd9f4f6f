"""The ``conceal_from_user`` rule's English and Chinese phrases.

"Do not tell the user", "without telling the user", "hide this from the user", "the user shouldn't notice",
"keep this between us", stealth edits ("silently replace ..."), 不要告诉用户. Other languages' forms live in
``mnemon.safety.address``. Imports only :mod:`mnemon.safety.phrase`.
"""

from __future__ import annotations

from mnemon.safety.phrase import phrase

_NEGATIONS = "do not|don't|don’t|dont|never|must not|mustn't|should not|shouldn't|under no circumstances|in no case|at no point"
CONCEAL = (
    phrase(
        _NEGATIONS,
        r"(?:do\s+not|don't|don’t|dont|never|must\s+not|mustn't|should\s+not|shouldn't|under\s+no\s+circumstances|"
        r"in\s+no\s+case|at\s+no\s+point)\s+(?:(?:should|must|will|may|do|are|can)\s+you\s+)?"
        r"(?:(?:tell|inform|notify|alert|warn|mention\s+(?:this|it|that)\s+to)\s+(?:the\s+|your\s+)?(?:user|human|operator)\b"
        # a developer's product note is no concealment: "don't tell the user to run sudo", "never let the user
        # submit the form twice"
        r"(?!\s+(?:to|how|when|where|which|whether|what|why|their)\b)"
        r"|let\s+(?:the\s+|your\s+)?(?:user|human|operator)\s+(?:know|see|find\s+out|notice)\b)",
        left=r"(?:\A|[.!?;:,\n()\[\]<>\"“”*\-]\s*|\b(?:and|but|please|also|so|just|then|important|note)\s*[:,]?\s+)\Z",
    ),
    phrase(
        _NEGATIONS,
        r"(?:do\s+not|don't|don’t|never)\s+(?:mention|reveal|disclose|say|report|show)\s+(?:this|these|that|it|"
        r"anything)(?:\s+\w+){0,3}?\s+to\s+(?:the\s+)?(?:user|human)\b"
        r"|(?:never|do\s+not|don't)\s+(?:reveal|disclose|mention|repeat)\s+(?:(?:these|this|your)\s+(?:instructions|"
        r"prompt|system\s+prompt|message)|the\s+(?:instructions|message))\b",  # "the bot must never reveal the system
        # prompt" is a product requirement
    ),
    phrase("without", r"\bwithout\s+(?:telling|informing|notifying|alerting)\s+(?:the\s+)?(?:user|human)\b"),
    phrase(
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
    phrase(
        "silently|quietly|secretly|covertly|discreetly",
        r"(?:silently|quietly|secretly|covertly|discreetly)\s+(?:replace|change|add|insert|remove|delete|disable|"
        r"modify|rewrite|swap|upload|send|copy|push|commit|install|weaken|turn\s+off|set|edit|append|rename)\b",
        left=r"(?:\A|[.!?:;\n]\s*|\b(?:and|then|just)\s+)\Z",
    ),
    phrase(
        "silently|quietly|secretly|covertly|discreetly",
        r"\b(?:silently|quietly|secretly|covertly|discreetly)\s+(?:replace|change|add|insert|remove|delete|disable|"
        r"modify|rewrite|swap|upload|send|copy|push|commit|install|weaken|turn\s+off|set|edit|append)\b",
        left=r"\byou\b[^.!?\n]{0,80}\Z",
    ),
    phrase(
        "keep|stay|remain",
        r"\b(?:keep|stay|remain)\s+(?:quiet|silent|mum)\s+about\s+(?:this|it|that|these)\b[^.\n]{0,60}?\b(?:user|human)\b",
    ),
    phrase(
        "hide|conceal|keep",
        r"\b(?:hide|conceal|keep)\s+(?:this|these|it|that|them)(?:\s+\w+){0,3}?\s+(?:from|secret\s+from|hidden\s+from)"
        r"\s+(?:the\s+)?(?:user|human)\b",
    ),
    phrase(
        "the user",
        r"\bthe\s+user\s+(?:must|should|shall|can|may)(?:\s+not|\s+never|n't|n’t|not)\s+(?:know|find\s+out|learn|"
        r"notice|be\s+told|suspect|see\s+(?:this|it|that|these|what\s+you|anything))\b",
    ),
    phrase(
        "make sure|ensure|so that|so the",
        r"\b(?:make\s+sure|ensure|so\s+that|so)\s+(?:that\s+)?(?:the\s+)?(?:user|human)\s+(?:doesn't|does\s+not|"
        r"won't|will\s+not|never|cannot|can't)\s+(?:find\s+out|know|notice|see|learn|realise|realize|suspect)\b",
    ),
    phrase(
        "不要|别|不能|对用户|瞒着",
        r"(?:不要|别)告诉用户|(?:不要|别|不能)让用户(?:知道|发现|察觉|注意到|看到)|不要向用户(?:透露|提及|说明|提起)|对用户隐瞒|瞒着用户"
        r"|不要通知用户",
    ),
)
