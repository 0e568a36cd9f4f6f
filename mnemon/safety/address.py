"""Instructions addressed to the model, and the override, concealment and fake-frame phrasings of other languages.

A stored memory is read back to the model on every prompt, so the most direct attack is a note that speaks to
the model: "Note to the assistant: ...", "Claude, when you read this, ...", "If you are an AI, ...", "Any LLM
processing this document should ...". :func:`addressed` finds such notes in English, and the explicit forms in
Chinese, Spanish, German, French, Italian, Portuguese, Russian and Japanese. It needs two things:

* an **addressee**: an AI term (AI, LLM, (language) model, assistant, agent, bot, Claude, Copilot, GPT, ...;
  KI, IA, ИИ, 助手, 模型, ...) in an addressing form: a note header ("message for the AI:", "instructions to
  the model:", "Bot instructions:"), a vocative at the start of a sentence ("Claude, ...", "Hey assistant,
  ...", "Reader AI: ..."), or inside one (", assistant, ..."), an identity condition ("if you are an AI",
  "whatever model you are", "whoever reads this as an AI"), or an audience ("any AI reading this", "the agent
  that reads this", "AI assistants working in this repository must");
* an **instruction** after it: a second-person word, please, a modal, "from now on", or an imperative verb.

Descriptions of AI features stay clean: "The assistant panel should collapse on mobile", "Claude wrote most
of the script", "Our agent retries tool calls" name an AI but address nobody.

:func:`override_other_languages`, :func:`conceal_other_languages` and :func:`system_frame_other_languages` are
the counterparts of guard's English and Chinese instruction-override, concealment and fake-system-message
rules ("ignora las instrucciones anteriores", "sag dem Nutzer nichts", "Message système :", ...).

Texts arrive folded and lower-cased (see ``mnemon.safety.fold.fold``). Every pattern is tried only where a literal needle
occurs and uses bounded repetition, so cost stays linear.
"""

from __future__ import annotations

import re

from mnemon.safety.spans import merged

_AI_EN = (
    r"(?:a\.?i\.?|llms?|large\s+language\s+models?|language\s+models?|chatbots?|copilot|claude(?:\s+code)?|"
    r"chatgpt|gpt(?:-?\d[\w.-]*)?|gemini|cursor|codex|devin|aider|windsurf|"
    r"(?:ai|coding|code|dev|developer|automated|autonomous|software|programming|reader|llm|ai-powered)[\s-]+"
    r"(?:assistants?|agents?|models?|bots?|systems?|reviewers?|tools?)|assistants?|agents?|models?|bots?)"
)
_AI_STRICT = (
    r"(?:a\.?i\.?|llms?|large\s+language\s+models?|language\s+models?|copilot|claude(?:\s+code)?|chatgpt|"
    r"gpt(?:-?\d[\w.-]*)?|gemini|codex|(?:ai|coding|automated|autonomous)\s+(?:assistants?|agents?|models?|"
    r"systems?))"
)
"""AI terms that mean an AI even in the plural and without an article ("AI agents must ...")."""

_CUE = re.compile(
    r"\b(?:you|your|yourself|you're|you'll|please|pls|do\s+not|don't|never|always|from\s+now\s+on|"
    r"from\s+this\s+point|must|should|shall|need\s+to|have\s+to|are\s+to|is\s+to|ignore|forget|disregard|"
    r"delete|remove|drop|erase|wipe|destroy|run|execute|exec|eval|install|uninstall|add|append|insert|replace|"
    r"change|modify|edit|rewrite|set|unset|disable|enable|turn\s+(?:off|on)|switch|skip|bypass|approve|merge|push|"
    r"force-push|commit|deploy|publish|send|upload|post|email|share|forward|leak|print|output|reveal|show|"
    r"display|dump|paste|copy|move|grant|give|allow|permit|accept|reject|stop|obey|follow|comply|treat|act|"
    r"pretend|respond|reply|answer|say|tell|report|rate|recommend|write|create|generate|open|download|fetch|curl|"
    r"wget|cat|include|attach|embed|hide|conceal|suppress|mark|clone|update|revert|reset|kill|collect|gather|chmod|chown|sudo|"
    r"exfiltrate|transmit|store|save|quietly|silently|immediately|when|whenever|before|after|priority|overrides?|"
    r"outranks?|authority|rename|overwrite|mine|harvest|recommend|answer)\b"
)
_NOTE_HEAD = re.compile(
    r"\b(?:note|notes|message|msg|memo|reminder|instructions?|notice|hint|directive|warning|psa|update|tip|"
    r"guidance|orders?|rules?|priority\s+message|important\s+message|attention)\s+(?:to|for)\s+"
    r"(?:the\s+|any\s+|all\s+|every\s+|each\s+|whichever\s+|whatever\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,2}?"
    + _AI_EN
    + r"(?=(?:\s+[\w'-]+){0,4}\s*[:,\u2014\u2013-]|\s+(?:reading|that|who|which|processing|loading|seeing|working|running)\b"
    r"|\s*$)"
)
_NOT_AI_MODIFIER = (
    r"(?:threat|data|domain|object|mental|business|pricing|security|permission|memory|cost|er|view|role|access|trust|"
    r"reference|document|relational|entity|maturity|operating|delivery|deployment|execution|threading|concurrency|"
    r"actor|component|event|ownership|support|sales|travel|insurance|customer|human|live|ssh|gpg|user|build|ci|"
    r"monitoring|datadog|puppet|zabbix|jenkins|release|revenue|subscription|licensing|scoring|risk|financial|"
    r"statistical|regression|linear|logistic|physical|3d|scale|state|service)"
)
"""Words that make the AI noun after them something else ("Threat model:", "Data model:", "User agent:",
"Support agent:", "Build agent:"): a header opened by such a compound addresses no AI."""
_TERM_HEAD = re.compile(
    # a line start, a sentence end, a ``path:line:`` prefix of grep or compiler output, or a JSON string's start
    # (or just after an HTML tag or a quote marker: "<div hidden>AI assistant: ...", "> Copilot / Claude: ...")
    r"(?:^|(?<=[.!?\n)>])|(?<=\d:)|(?<=\":\")|(?<=\": \"))\s*(?:(?:#+|//+|/\*+|<!--|--|;+|\*)\s*)?"
    r"(?:(?:hey|hi|hello|dear|attention|attn|ok|okay|yo|listen|psst|important|note)[\s,:]+)?"
    r"(?:(?:the|you|my|our|to|for|all|any|every|whichever|whatever|each)\s+)?(?:(?!" + _NOT_AI_MODIFIER + r"\s)[\w-]+\s+)?"
    + _AI_EN
    + r"(?:\s*(?:and|or|/|,|&)\s*(?:(?:any|all|every|other|the)\s+)?" + _AI_EN + r"){0,3}"
    r"(?:\s+(?:sessions?|instances?|runs?|readers?))?"
    r"(?:\s+(?:reading|seeing|processing|loading|parsing|opening|reads|sees|loads|processes|parses|opens|finds|"
    r"gets)\s+this(?:\s+[\w-]+)?)?"
    r"(?:\s+(?:instructions?|orders|rules|note|message|directive))?(?:\s*\([^()\n]{0,60}\))?"
    r"\s*(?:[:,!\u2014\u2013]|\s-\s)"
)
_VOCATIVE_INSIDE = re.compile(
    r",\s*(?:assistant|claude|copilot|agent|a\.?i\.?|llm|model|gpt|chatgpt|gemini|bot)\s*[,:]"
)
_SECOND_PERSON = re.compile(r"\b(?:you|your|yourself|you're)\b")
_IDENTITY = re.compile(
    r"\bif\s+you(?:'re|\s+are)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?" + _AI_EN + r"\b"
    r"|\bwhatever\s+(?:ai|model|assistant|agent|llm|bot)\s+you\s+are\b"
    r"|\bwho(?:ever|so\s*ever)\s+(?:reads|is\s+reading)\s+this\s+as\s+an?\s+" + _AI_EN + r"\b"
    r"|\byou,?\s+the\s+(?:[\w-]+\s+)?" + _AI_EN + r"\b"
    r"|\bif\s+(?:this|these)\s+(?:text|note|notes|file|message|memory|lines?|words)\s+(?:is|are)\s+(?:being\s+)?"
    r"(?:read|processed|seen|parsed)\s+by\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?" + _AI_EN + r"\b"
)
_AUDIENCE = re.compile(
    r"\b(?:any|all|every|each|whichever|whatever)\s+(?:[\w-]+\s+){0,2}?" + _AI_EN
    + r"\b[^.!?\n]{0,80}?\b(?:must|should|shall|will|needs?\s+to|is\s+to|are\s+to|has\s+to|have\s+to|ought\s+to|"
    r"(?:is|are)\s+(?:expected|required|supposed)\s+to)\b"
    r"|\b(?:when|once|if|after|whenever)\s+(?:the|an?|any|this)\s+(?:[\w-]+\s+)?" + _AI_EN
    + r"\s+(?:reads|sees|loads|processes|opens|finds|parses|gets\s+to)\s+th(?:is|ese)\b"
    r"|" + _AI_EN + r"\s+(?:working|operating|running|acting|active|deployed)\s+(?:on|in|inside|within)\s+this\s+"
    r"(?:codebase|code\s+base|repo(?:sitory)?|project|workspace|directory|folder|file)\b[^.!?\n]{0,40}?\b(?:must|should|"
    r"shall|will|need\s+to|have\s+to|are\s+to|is\s+to|are\s+expected\s+to|is\s+expected\s+to|are\s+required\s+to)\b"
    r"|(?:^|(?<=[.!?\n]))\s*(?:[\w-]+\s+)?" + _AI_STRICT
    + r"\b[^.!?\n]{0,60}?\b(?:must|should|shall|are\s+to|need\s+to|have\s+to)\s+(?:not\s+|never\s+|always\s+|also\s+|"
    r"quietly\s+|silently\s+|now\s+|immediately\s+|directly\s+)?(?!be\b|have\b|get\b|not\s+be\b"
    # the duties every contributor has are a team norm, not an order: "AI coding tools must run the pre-commit hooks"
    r"|(?:run|pass)\s+(?:the\s+)?(?:tests|test\s+suite|pre-commit|linters?|hooks|ci|`?make\s+(?:lint|test|check|fmt|format)\w*"
    r"|formatters?|type\s*check\w*)\b|follow\s+(?:the|our)\s+(?:style|"
    r"coding|contribution|commit)|cite\b|(?:add|write)\s+tests\b)[a-z]"
    r"|\b(?:to|for)\s+(?:any|all|every|whichever|whatever|the)\s+(?:[\w-]+\s+)?" + _AI_EN
    + r"\s+(?:(?:that|who|which)\s+)?(?:reading|reads|processing|processes|loading|loads|seeing|sees|opening|opens|"
    r"parsing|parses|finding|finds)\b"
)
_OTHER = re.compile(
    # Spanish
    r"\b(?:nota|mensaje|instrucci[oó]n(?:es)?|aviso|recordatorio|indicaciones?)\s+(?:para|a)\s+(?:el|la|los|las|"
    r"cualquier|toda?)?\s*(?:[\w-]+\s+)?(?:asistente|ia|modelo|agente|bot|llm|inteligencia\s+artificial)\b"
    r"|(?:^|(?<=[.!?\n]))\s*para\s+(?:el|la)\s+(?:ia|asistente|modelo|agente)\b"
    r"|\bsi\s+eres\s+(?:una?\s+)?(?:ia|modelo|asistente|agente|bot|llm|inteligencia\s+artificial)\b"
    r"|(?:^|(?<=[.!?\n]))\s*(?:(?:hola|oye|querid[oa]|atención|atencion)[\s,]+)?(?:asistente(?:\s+de\s+ia)?|ia|agente)"
    r"\s*[,:]"
    # German
    r"|\b(?:hinweis|nachricht|anweisung(?:en)?|notiz|mitteilung|befehl)\s+(?:an|für)\s+(?:den|die|das|jede[nrs]?|"
    r"alle)?\s*(?:[\w-]+\s+)?(?:ki|ki-[\w-]+|assistent(?:en)?|agent(?:en)?|modell|sprachmodell|bot|llm)\b"
    r"|(?:^|(?<=[.!?\n]))\s*an\s+(?:die|den)\s+(?:ki|assistent(?:en)?|agent(?:en)?|modell|sprachmodell)\b"
    r"|\b(?:wenn|falls)\s+du\s+(?:eine?n?\s+)?(?:ki|sprachmodell|modell|assistent|agent|bot|llm)\b"
    r"|\b(?:für|an)\s+(?:alle|jede[ns]?)\s+(?:ki-?[\w-]*|sprachmodelle?|modelle?|assistenten|agenten|bots)\b"
    r"|(?:^|(?<=[.!?\n]))\s*(?:hallo\s+|hey\s+|liebe[rs]?\s+)?(?:ki(?:-[\w-]+)?|assistent|agent)\s*[,:]"
    # French
    r"|\b(?:note|message|instructions?|consigne|rappel|avis)\s+(?:pour|à|a)\s+(?:l['’]\s*|le\s+|la\s+|les\s+|"
    r"tout\s+|toute\s+)?(?:[\w-]+\s+)?(?:assistant|ia|modèle|modele|agent|bot|llm)\b"
    r"|(?:^|(?<=[.!?\n]))\s*(?:à|a)\s+l['’]\s*(?:ia|assistant|agent)\b"
    r"|\bsi\s+(?:tu\s+es|vous\s+êtes|vous\s+etes)\s+(?:une?\s+)?(?:ia|modèle|modele|assistant|agent|bot|llm)\b"
    r"|\bpour\s+(?:tout|toute|chaque|tous\s+les)\s+(?:modèles?|modeles?|ia|assistants?|agents?)\s+qui\s+(?:lit|lisent)"
    # Italian and Portuguese
    r"|\b(?:nota|messaggio|istruzioni)\s+per\s+(?:l['’]\s*)?(?:ia|assistente|modello|agente)\b"
    r"|(?:^|(?<=[.!?\n]))\s*per\s+l['’]\s*ia\b|\bse\s+sei\s+(?:un['’]\s*|un\s+)?(?:ia|assistente|modello|agente)\b"
    r"|\b(?:nota|mensagem|instru[cç](?:ão|ões|ao|oes))\s+para\s+(?:o|a)\s+(?:ia|assistente|modelo|agente)\b"
    r"|(?:^|(?<=[.!?\n]))\s*para\s+a\s+ia\b|\bse\s+voc[eê]\s+(?:é|e)\s+(?:uma?\s+)?(?:ia|modelo|assistente)\b"
    # Russian
    r"|(?:примечание|сообщение|инструкция|заметка|указание)\s+для\s+(?:ии|ассистента|модели|агента|бота)"
    r"|(?:^|(?<=[.!?\n]))\s*(?:ии(?:-ассистент)?|ассистент|агент)\s*[,:]|если\s+ты\s+(?:ии|модель|ассистент|бот)"
    # Japanese
    r"|(?:ai|アシスタント|モデル|エージェント)(?:アシスタント)?(?:へ|に)(?:の)?(?:指示|メッセージ|注意|お願い)?\s*[:：、]"
    r"|もし(?:あなたが)?(?:ai|言語モデル)"
    # Chinese
    r"|致\s*(?:ai|人工智能|助手|模型|大模型|编程助手|编程代理|代理|智能体|机器人)"
    r"|给\s*(?:ai|人工智能|助手|模型|编程助手|代理|智能体)\s*(?:助手)?\s*的\s*(?:说明|指示|指令|消息|提示)"
    r"|如果你是\s*(?:一个|一名)?\s*(?:ai|人工智能|语言模型|大模型|模型|助手|机器人)"
    r"|(?:ai|助手|大模型|模型|智能体)\s*请|请\s*(?:ai|助手|模型|大模型)\s*(?:助手)?\s*注意"
    r"|(?:ai|助手|大模型|模型|智能体|代理)[^。！？\n]{0,20}(?:必须|务必|一定要|需要先|应当)"
)
_OTHER_NEEDLES = (
    # words and function-word pairs of the addressing forms that English text does not use
    "asistente", "agente", "modelo", "ia", "si eres", "para el", "para la", "para a ", "para o ",
    "ki", "ki-", "assistent", "sprachmodell", "modell", "an die", "an den", "für den", "für die", "wenn du",
    "falls du", "pour l", "pour le", "pour la", "à l", "a l'", "a l’", "si tu es", "si vous", "modèle", "modele",
    "per l'", "per l’", "se sei", "assistente", "modello", "se você", "se voce",
    "для", "если ты", "ии", "ассистент", "агент", "もし", "アシスタント", "モデル", "エージェント", "ai", "致", "给", "atención", "atencion", "für alle", "an alle", "pour tout", "ии-", "必须", "务必",
    "如果你是", "请", "助手", "模型",
)


_EN_NEEDLES = (
    "ai", "a.i", "llm", "model", "assistant", "agent", "bot", "claude", "copilot", "gpt", "gemini", "cursor",
    "codex", "devin", "aider", "windsurf", "chatbot", "reviewer", "automated",
)
_OTHER_ASCII_HINTS = ("asistente", "agente", "modelo", " ia", "ki", "assistent", "modell", "si eres", "wenn du",
                      "pour tout",
                      "falls du", "si tu", "si vous", "per l", "se sei", "se voc", "para ", " an d", "für d",
                      "pour l", "modele", "modello")
"""Cheap test before the other-language search on ASCII text (folded text with accents is not ASCII)."""
_WINDOW = 120
"""How far around a needle (an AI term, a verb) the patterns are looked for."""


def _hits(text: str, needles: tuple[str, ...]) -> list[int]:
    """Positions where a needle starts a word; a short Latin needle must also end one ("ai" is not "again").
    Needles in scripts without spaces (Chinese, Japanese) match anywhere."""
    hits: set[int] = set()
    for needle in needles:
        spaced = needle[0].isascii() or "\u0400" <= needle[0] <= "\u04ff" or needle[0] in "àáâäçèéêëíîïñóôöúûüß"
        short = len(needle) <= 3 and spaced
        pos = text.find(needle)
        while pos >= 0:
            end = pos + len(needle)
            starts = not spaced or pos == 0 or not (text[pos - 1].isalnum() or text[pos - 1] == "_")
            ends = not short or end >= len(text) or not text[end].isalpha() or text[end : end + 2] in ("s ", "s,", "s:")
            if starts and ends:
                hits.add(pos)
            pos = text.find(needle, end)
    return sorted(hits)


def _windows(hits: list[int], length: int, before: int = _WINDOW, after: int = _WINDOW) -> list[tuple[int, int]]:
    """Merged windows around each hit."""
    return merged(hits, length, before, after)


def _search_near(pattern: re.Pattern[str], text: str, needles: tuple[str, ...], before: int = _WINDOW,
                 after: int = _WINDOW) -> bool:
    return any(pattern.search(text, a, b) for a, b in _windows(_hits(text, needles), len(text), before, after))


def addressed(text: str) -> bool:
    """Whether ``text`` (folded, lower case) addresses the model or an AI agent with an instruction."""
    if not text.isascii() or any(n in text for n in _OTHER_ASCII_HINTS):
        if _search_near(_OTHER, text, _OTHER_NEEDLES, before=40, after=120):
            return True
    for a, b in _windows(_hits(text, _EN_NEEDLES), len(text)):
        if _IDENTITY.search(text, a, b) or _AUDIENCE.search(text, a, min(len(text), b + 80)):
            return True
        for pattern in (_NOTE_HEAD, _TERM_HEAD):
            for match in pattern.finditer(text, a, b):
                if pattern is _TERM_HEAD and _speaker_turn(text, match):
                    continue
                if _CUE.search(text, match.end(), _clause_end(text, match.end())):
                    return True
        for match in _VOCATIVE_INSIDE.finditer(text, a, b):
            start = max(text.rfind(".", 0, match.start()), text.rfind("\n", 0, match.start())) + 1
            end = _clause_end(text, match.end())
            if _SECOND_PERSON.search(text, start, end) or _CUE.search(text, match.end(), end):
                return True
    return False


_SPEAKER_LABEL = re.compile(r"\s*(?:[\w-]+\s+)?(?:agent|bot|chatbot)\s*:")
TURN_RISK = re.compile(r"\b(?:ignor\w*|disregard\w*|forget|forgot|override\w*|bypass\w*|approv\w*|delet\w*|remov\w*|drop|wipe"
                       r"|passw\w*|secrets?|tokens?|credentials?|keys?|environment|env|rules|instructions|prompt|sudo|root)\b|/etc/")
"""What a transcript's turns hold when they are a forgery rather than a conversation written down: a ``Human:`` turn
holding an override or a deletion, an ``Assistant:`` turn handing out a secret."""
_HUMAN_TURN = re.compile(r"^[ \t>*]*(?:user|customer|client|caller|human|visitor|guest|me|q|patient|student|buyer|"
                         r"shopper|member|employee|tenant)\s*:", re.MULTILINE)


_ASSISTANT_TURN = re.compile(r"^[ \t>*]*(?:assistant|ai|claude)[ \t]*:", re.MULTILINE)


def transcript(text: str) -> bool:
    """A conversation written down: a person's turn and the assistant's turn each open a line, and no turn holds an
    override, a deletion or a secret (:data:`TURN_RISK`). Its "Assistant:" header is a speaker, not an address."""
    return (_ASSISTANT_TURN.search(text) is not None and _HUMAN_TURN.search(text) is not None
            and TURN_RISK.search(text) is None)


_TEAM_DUTY = re.compile(r"\b(?:must|should|shall|needs?\s+to|have\s+to|has\s+to|are\s+to)\s+(?:always\s+|first\s+|also\s+)?"
                        r"(?:run|pass)\s+(?:the\s+)?(?:tests|test\s+suite|pre-commit|linters?|hooks|ci|`?make\s+(?:lint|test"
                        r"|check|fmt|format)\w*|formatters?|type\s*check\w*)\b")


def team_duty(text: str) -> bool:
    """A duty every contributor has, put to AI contributors too ("coding agents must run `make check` before
    committing"): a team norm, not an order slipped in, when nothing in the text is a risk (:data:`TURN_RISK`)."""
    return _TEAM_DUTY.search(text) is not None and TURN_RISK.search(text) is None


def _speaker_turn(text: str, match: re.Match[str]) -> bool:
    """A header that is one speaker's turn in a transcript ("User: how do I reset it?\nAgent: Go to Settings"):
    a bare agent or bot label at a line start, in a text where a person's turn starts another line."""
    label = match.group(0).lstrip()
    start = match.end() - len(label)
    at_line_start = not text[text.rfind("\n", 0, start) + 1 : start].strip(" \t>*")
    return at_line_start and _SPEAKER_LABEL.fullmatch(label) is not None and (
        _HUMAN_TURN.search(text) is not None)


def _clause_end(text: str, start: int) -> int:
    """End of the sentence after ``start`` and of the one after it (a note's header is often followed by
    a short statement, then the order): at most 240 characters on."""
    stop = min(len(text), start + 240)
    first = stop
    for mark in (". ", "! ", "? ", "\n"):
        index = text.find(mark, start, stop)
        if index >= 0:
            first = min(first, index)
    second = stop
    for mark in (". ", "! ", "? ", "\n"):
        index = text.find(mark, first + 1, stop)
        if index >= 0:
            second = min(second, index)
    return second


_OVERRIDE_OTHER = re.compile(
    r"\b(?:ignora|ignorar|ignore|olvida|olvidar|omite|descarta)\s+(?:las\s+|los\s+)?(?:todas?|todos|tus|sus)\s+"
    r"(?:las\s+|los\s+|tus\s+|sus\s+)?(?:instrucciones|indicaciones|[oó]rdenes|directrices)\b"
    r"|\b(?:ignora|ignorar|olvida|olvidar|omite|descarta)\s+(?:las\s+|los\s+)?(?:instrucciones|reglas|indicaciones)"
    r"\s+(?:anteriores|previas|de\s+arriba|que\s+te\s+dieron|del\s+sistema)\b"
    r"|\bolvida\s+todo\s+lo\s+que\s+te\s+(?:dijeron|han\s+dicho|dije)"
    r"|\b(?:ignorier(?:e|en|t)?|vergiss|vergessen\s+sie|missachte)\s+(?:(?:alle|deine|ihre|die|sämtliche)\s+){0,2}"
    r"(?:(?:bisherigen|vorherigen|vorigen|früheren|obigen|alten)\s+)?(?:anweisungen|regeln|instruktionen|vorgaben|"
    r"befehle|richtlinien)\b"
    r"|\bvergiss\s+alles,?\s+was\s+(?:man\s+)?dir"
    r"|\b(?:ignore[zs]?|oublie[zs]?)\s+(?:(?:toutes|tous|les|tes|vos|ces)\s+){1,3}(?:instructions|règles|regles|"
    r"consignes|directives|ordres)\b"
    r"|\b(?:ignore[zs]?|oublie[zs]?)\s+(?:les\s+)?(?:instructions|règles|regles|consignes)\s+(?:précédentes|"
    r"precedentes|antérieures|anterieures|ci-dessus)\b"
    r"|\boublie[zs]?\s+tout\s+ce\s+qu(?:e\s+|['’]\s*)(?:on|je)\s+(?:t|vous)['’]\s*a\s+dit"
    r"|\b(?:ignora|dimentica)\s+(?:(?:tutte|le|tue)\s+){1,3}(?:istruzioni|regole)\b"
    r"|\b(?:ignore|ignora|esqueça|esqueca)\s+(?:(?:todas|as|suas|tuas)\s+){1,3}(?:instruções|instrucoes|regras)\b"
    r"|(?:игнорируй|игнорируйте|забудь|забудьте|проигнорируй)\s+(?:(?:все|свои|ваши)\s+){0,2}"
    r"(?:(?:предыдущие|прежние|прошлые)\s+(?:инструкции|правила|указания)|(?:инструкции|указания)\b)"
    r"|(?:これまでの|以前の|前の|上記の)(?:すべての|全ての)?(?:指示|ルール|命令|指令)を(?:すべて|全て)?無視"
    r"|(?:指示|ルール)を(?:すべて|全て)無視"
    r"|(?:忽略|无视|忘记|不要理会)(?:掉)?以上(?:的)?(?:所有|全部|一切)?(?:的)?(?:指令|指示|规则|要求|说明)"
    r"|从现在(?:开始|起)[,，]?\s*(?:不要|请|必须|只)"
    # the real task, in other languages
    r"|\btu\s+(?:verdadera|real|aut[eé]ntica)\s+(?:tarea|misi[oó]n|funci[oó]n|objetivo)|\btu\s+tarea\s+real\b"
    r"|\bdeine\s+(?:eigentliche|wahre|echte|richtige|neue)\s+(?:aufgabe|mission|rolle)"
    r"|\b(?:ta|votre)\s+(?:vraie|v[ée]ritable|nouvelle)\s+(?:mission|t[aâ]che)"
    r"|\bil\s+tuo\s+vero\s+compito|\b(?:sua|tua)\s+verdadeira\s+tarefa|твоя\s+(?:настоящая|истинная)\s+задача"
    r"|(?:你|您)(?:的)?(?:真正|实际|真实)的?(?:任务|目标|工作)|真正的任务是"
    # "you are now ..." in other languages
    # (bare "du bist jetzt" / "tu es maintenant" / "ahora eres" are multilingual.py's persona concept, which also
    # needs an assistant or freedom from rules after them: "Du bist jetzt Maintainer" is a team note)
    r"|\btu\s+n['’]as\s+(?:maintenant|désormais|dorénavant)\s+(?:plus|aucune?)\b"
    r"|\b(?:a\s+partir\s+de\s+ahora|desde\s+ahora)\s+(?:ignora|no\s+(?:sigas|obedezcas|respetes))"
    r"|\bà\s+partir\s+de\s+maintenant,?\s+tu\b"
)
_OVERRIDE_NEEDLES = (
    "ignora", "ignore", "olvida", "omite", "descarta", "ignorier", "vergiss", "vergessen", "missachte", "oublie",
    "dimentica", "esqueça", "esqueca", "игнорируй", "забудь", "проигнорируй", "これまでの", "以前の", "前の", "上記の",
    "指示", "ルール", "忽略", "无视", "忘记", "不要理会", "从现在", "tu", "deine", "ta", "votre", "il tuo", "sua",
    "tua", "твоя", "你", "您", "真正", "du bist", "à partir", "a partir", "desde ahora",
)
"""The first words of the patterns below: each pattern is tried only where one starts."""

_CONCEAL_OTHER = re.compile(
    r"\bno\s+(?:le\s+)?(?:digas|cuentes|menciones|informes|avises)\s+(?:nada\s+)?(?:de\s+esto\s+|esto\s+)?"
    r"al\s+usuario|\bsin\s+(?:avisar|decirle|decir|informar)(?:le)?\s+al\s+usuario"
    r"|\bsag(?:e|en\s+sie)?\s+(?:dem|der)\s+(?:nutzer|benutzer|anwender|user)(?:in)?\s+(?:nichts|nicht)"
    r"|\bohne\s+(?:den|die)\s+(?:nutzer|benutzer|anwender)(?:in)?\s+zu\s+(?:informieren|benachrichtigen|fragen)"
    r"|\bne\s+(?:dis|dites|mentionne|mentionnez)\s+(?:rien|pas)\s+(?:de\s+(?:ceci|cela)\s+)?(?:à|a)\s+l['’]\s*utilisateur"
    r"|\bsans\s+(?:prévenir|prevenir|avertir|informer|le\s+dire\s+à)\s+l['’]\s*utilisateur"
    r"|\bnon\s+dire\s+(?:niente|nulla)\s+all['’]\s*utente|\bsenza\s+avvisare\s+l['’]\s*utente"
    r"|\bn[aã]o\s+(?:diga|conte)\s+(?:nada\s+)?ao\s+usu[aá]rio|\bsem\s+avisar\s+o\s+usu[aá]rio"
    r"|не\s+(?:кажи|говори|повідомляй|розповідай)\s+(?:нічого\s+)?користувачу|\bnie\s+(?:mów|informuj|wspominaj)\s+"
    r"(?:nic\s+)?użytkownikowi|\bvertel\s+(?:het\s+)?(?:de\s+)?gebruiker\s+(?:niets|niet)|\bsäg\s+(?:inget|inte)\s+till\s+användaren"
    r"|не\s+(?:говори|сообщай|рассказывай)\s+(?:ничего\s+)?пользователю|ユーザーに(?:は)?(?:言わない|伝えない|知らせない)"
    r"|不要把[^。！？\n]{0,30}告诉用户|不要(?:提到|提及|透露)这(?:条|个)(?:说明|信息|消息|指示)|别让用户知道"
    r"|\b(?:never|do\s+not|don't)\s+(?:mention|reveal|disclose)\s+this\s+(?:note|memory|message|instruction)s?\b"
)
_CONCEAL_NEEDLES = ("no", "nie", "vertel", "säg", "sin", "sag", "sage", "ohne", "ne", "sans", "non", "senza", "não", "nao", "sem", "не", "ユーザー",
                    "不要", "别", "never", "do not", "don't")

_SYSTEM_OTHER = re.compile(
    r"\b(?:systemnachricht|systemmeldung|systemanweisung|systemprompt)\s*:|\bmessage\s+(?:système|systeme)\s*:"
    r"|\bmensaje\s+del\s+sistema\s*:|\binstrucciones\s+del\s+sistema\s*:|\bmessaggio\s+di\s+sistema\s*:"
    r"|\bmensagem\s+do\s+sistema\s*:|системное\s+сообщение\s*:|システム(?:メッセージ|プロンプト)\s*[:：]"
)
_SYSTEM_NEEDLES = ("system", "message", "mensaje", "instrucciones", "messaggio", "mensagem", "системное", "システム")


def _match_at(pattern: re.Pattern[str], text: str, needles: tuple[str, ...]) -> bool:
    """Whether ``pattern`` matches where one of its first words starts."""
    return any(pattern.match(text, pos) for pos in _hits(text, needles))


def override_other_languages(text: str) -> bool:
    """Instruction overrides, "your real task", "you are now" outside English (Chinese beyond guard's forms)."""
    return _match_at(_OVERRIDE_OTHER, text, _OVERRIDE_NEEDLES)


def conceal_other_languages(text: str) -> bool:
    """"Don't tell the user" outside English, and "never mention this note"."""
    return _match_at(_CONCEAL_OTHER, text, _CONCEAL_NEEDLES)


def system_frame_other_languages(text: str) -> bool:
    """A fake "system message:" label in German, French, Spanish, Italian, Portuguese, Russian or Japanese."""
    return _match_at(_SYSTEM_OTHER, text, _SYSTEM_NEEDLES)


_RISKY = re.compile(
    r"\b(?:disable|skip|bypass|remove|weaken|turn\s+off|switch\s+off|suppress|comment\s+out|circumvent|neuter|"
    r"short-circuit|stub\s+out)\s+(?:[\w'-]+\s+){0,3}?(?:security|auth\w*|2fa|mfa|tests?|test\s+suite|checks?|reviews?|"
    r"code\s+review|linters?|hooks?|pre-commit|sandbox|confirmations?|safety|protections?|rate\s+limit\w*|firewall|"
    r"validation|signature\s+(?:check|verification)|audit\w*|logging|branch\s+protection|ci|tls|ssl|verification|"
    r"permissions?\s+checks?|password\s+checks?|warnings?)\b"
    r"|\b(?:delete|drop|wipe|erase|destroy|truncate|nuke|purge|rm\s+-rf)\s+(?:[\w'-]+\s+){0,3}?(?:repo(?:sitory)?|"
    r"database|db|prod(?:uction)?|backups?|logs?|tests?|test\s+suite|branches|history|migrations?|everything|"
    r"all\s+files|the\s+project|home\s+directory|audit\s+\w+|docs)\b"
    r"|\b(?:push|deploy|merge|commit|ship)\s+(?:[\w'-]+\s+){0,3}?(?:straight|directly|right)\s+(?:to|into|on)\s+"
    r"(?:main|master|prod(?:uction)?)\b"
    r"|\b(?:push|deploy|merge)\b[^.!?\n]{0,40}?\b(?:without\s+(?:a\s+)?(?:review|approval|tests|checks|asking)|--force|"
    r"-f\b|--no-verify)"
    r"|\b(?:approve|merge|accept|mark)\s+(?:all|every|each|this|these|any)\s+(?:[\w'-]+\s+)?(?:prs?|pull\s+requests?|"
    r"changes?|diffs?|merges?|updates?|tickets?)\b[^.!?\n]{0,40}?\b(?:without|regardless|no\s+matter|automatically|"
    r"unread|blindly|as\s+(?:safe|done|passed))"
    r"|\b(?:reveal|print|output|show|dump|leak|share|send|upload|post|expose|exfiltrate)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:system\s+prompt|hidden\s+prompt|context\s+window|secrets?|api\s+keys?|tokens?|passwords?|credentials?|"
    r"private\s+keys?|ssh\s+keys?|env(?:ironment)?\s+variables?|\.env|deploy\s+key|keychain|cookies?)\b"
    r"|\b(?:never|don't|do\s+not|will\s+not|won't|must\s+not|cannot|can't)\s+refuse\b|\bno\s+restrictions\b|"
    r"\bunrestricted\b|\bjailbr(?:eak|oken)\b"
    r"|\b(?:backdoor|hardcoded?\s+(?:admin|password|credentials?|user)|phone\s+home|phones\s+home)\b"
    r"|\b(?:pretend|claim|say|report|answer|reply)\b[^.!?\n]{0,40}?\b(?:tests?|suite|build|checks?)\s+(?:passed|pass|"
    r"succeeded|are\s+green|is\s+green)\b"
    r"|\bmake\s+(?:the\s+)?(?:repo(?:sitory)?|bucket|project)\s+public\b"
)
_AUDIENCE_HINT = re.compile(
    r"\b(?:you|your|yourself|you're|you'll|you've)\b|\bfrom\s+now\s+on\b|\b(?:quietly|silently|secretly)\b|"
    r"\btop\s+priority\b|\bpre-?approved\b|\bwithout\s+(?:asking|telling|confirmation)\b"
)


def harmful_directive(text: str) -> bool:
    """A harmful action (disable the checks, delete the repository, push straight to production, reveal the
    secrets, approve every PR, report the tests green) asked of the reader: the text also speaks to "you",
    names an AI, or asks for stealth or standing permission. Plain team notes ("Disable the cron job during
    the migration") name no reader and stay clean."""
    for risky in _RISKY.finditer(text):
        if (_DESCRIBED_ATTACK.search(text, max(0, risky.start() - 260), risky.start()) or _TIDY.search(risky.group(0))
                or _TIP.match(text, risky.end(), risky.end() + 80) or _ASKED.match(text, risky.end())
                or (_AI_TERM.search(risky.group(0)) and _SELF_OBJECT.match(text, risky.end()))):
            continue
        if "refuse" in risky.group(0) or not _NEGATED_BEFORE.search(text, max(0, risky.start() - 24), risky.start()):
            break
    else:
        return False
    return _AUDIENCE_HINT.search(text) is not None or any(_AI_TERM.search(text, a, b)
                                                          for a, b in _windows(_hits(text, _EN_NEEDLES), len(text)))


_AI_TERM = re.compile(r"\b" + _AI_EN + r"\b")
_NEGATED_BEFORE = re.compile(r"\b(?:do\s+not|don't|never|avoid|must\s+not|mustn't|should\s+not|shouldn't|cannot|can't|"
                             r"won't|no\s+one\s+should|nobody\s+should)\s+(?:[\w'-]+\s+)?$")
_DESCRIBED_ATTACK = re.compile(
    # a threat model or test fixture describing what an attack could make an agent do: "a hostile issue might
    # tell a triage agent to leak tokens", "a poisoned page might ask the assistant to reveal the prompt"
    r"\b(?:malicious|attackers?|adversar\w*|poisoned|compromised|hostile|untrusted|rogue|crafted|injected|injection)"
    r"\b[^.!?\n]{0,80}?\b(?:could|might|may|can|would|tries\s+to|try\s+to|attempts?\s+to|is\s+able\s+to|asks?|"
    r"tells?)\b[^.!?\n]{0,60}$"
    # a hypothetical manipulation in the passive: "an agent could be told to ...", "a model might be tricked into"
    r"|\b(?:could|might|may|can|would)\s+be\s+(?:told|asked|tricked|instructed|made|convinced|persuaded|coaxed"
    r"|manipulated|steered)\s+(?:in)?to\s+$"
    # a report of such a text: "the wiki page held a line urging the bots to ..."
    r"|\b(?:message|comment|note|text|line|string|banner|readme|issue|e-?mail|page|payload|changelog|description|cell"
    r"|instruction)\b[^.!?\n]{0,60}?\b(?:asking|asked|"
    r"telling|instructing|urging|urged|ordering)\s+(?:them|it|(?:the\s+)?(?:[\w-]+\s+)?(?:agents?|assistants?|models?|bots?))"
    r"\s+to\s+(?:[\w-]+\s+)?$"
    # a report's header before it: "Post-mortem: ...", "Incident review: ...", "Write-up: ..."
    r"|^[ \t]*(?:post-?mortem|incident(?:\s+review)?|write-?up|threat\s+model(?:\s+note)?|retrospective)\b[^\n]{0,240}$"
)
_ASKED = re.compile(r"[^.!\n]{0,80}\?")
"""The harm sits in a question ("could those pages leak secrets?"): a checklist asks it of people, it orders nothing."""
_TIP = re.compile(r"[^.!?\n]{0,60}?\b(?:when|if|whenever)\s+you\s+(?:just\s+|only\s+)?(?:need|want|are\s+after)\s+(?:a|an|to)\b")
"""A tip on a shortcut, not an order: "skip the browser suite with --project=api if you only want a fast signal"."""
_SELF_OBJECT = re.compile(r"(?:[ \t]+[\w-]+){0,2}?[ \t]+(?:bots?|assistants?|agents?|reviewers?)\b")
"""What follows a risky verb whose object is the AI reader itself ("disable the AI code review bot"): a team
note about the tool, not an order to it."""
_TIDY = re.compile(r"\b(?:unused|stale|obsolete|duplicate[ds]?|dead|empty|redundant|leftover|orphaned)\b")
"""Housekeeping: what a review asks to delete is qualified as no longer needed ("delete the stale migrations")."""
