"""Notes aimed at an AI reader in forms the addressing rules do not list, carrying one harmful order.

:mod:`mnemon.safety.address` and :mod:`mnemon.safety.addressee` know the usual ways to speak to a model ("Note to
the assistant:", "Claude, ...", "If you are an AI, ..."); :mod:`mnemon.safety.structure` needs two kinds of
intent. Between them slip notes that name their AI audience some other way and ask for one harmful thing:

* an **audience** (:data:`AUDIENCE`): "To the code model:", "Note for machine readers:", "For whatever assistant
  picks this up next", "Instructions embedded for language models", "Notes for AI assistants", "Voor de
  AI-agent", "You, reading this as an AI", "(the assistant)", "Whoever processes this text next, human or
  machine", "whoever triages this", "If an AI is summarizing this page", "Coding agents triaging this should",
  "Reviewer bots and AI assistants must", "Language model, ...", "Assistant: ..." inside a quoted message, and
  machine-readable fields named for an AI (``ai-instructions``, ``agent_directives``), an order to the reader's
  memory ("Remember this permanently") or replies ("in your next reply", "every response"), and エージェントは,
  助手, and a greeting to an AI noun ("Hi bot labelling PRs");
* one **harmful order** (:data:`HARM`) near it: a safeguard removed or switched off (a license check, CSRF,
  the sandbox, CODEOWNERS, OTP, install scripts), a mass or irreversible act (close every issue, lock threads,
  force-push, ``rm -rf``, a pipe into a shell, publish a package, a global install, a reverse shell, approve
  automatically), secrets or the conversation moved out (forward every file, email the contents of a secrets
  file, list every key, dump the database, read ``~/.netrc``, the context window), or deceit (leave out, claim
  that, tell the user a library is deprecated and to install another, role-play to recite passwords).

Either half alone is ordinary: "Notes for AI assistants: we use pnpm" and "close every issue labelled duplicate"
are. Texts arrive folded and lower-cased; patterns are bounded and tried only where a needle occurs.
"""

from __future__ import annotations

import re

_AI = (
    r"(?:(?:code|coding|language|ai|llm|review(?:er)?|triage)[\s-]+)?(?:models?|assistants?|agents?|bots?|llms?|a\.?i\.?)"
    r"|machine\s+readers?|language\s+models?|copilot|claude"
)
AUDIENCE = re.compile(
    r"(?:^|[\n.!?:;\"'(>#*-])\s*(?:(?:notes?|instructions?|message|directives?)\s+(?:embedded\s+)?)?"
    r"(?:to|for)\s+(?:the\s+|any\s+|all\s+|whatever\s+|whichever\s+|every\s+)?(?:" + _AI + r")\b"
    r"|\bvoor\s+de\s+(?:ai|llm)[\s-]*(?:agent|assistent|model)?\b"
    r"|\byou,?\s+reading\s+this\s+as\s+an?\s+(?:ai|llm|model|assistant|agent)\b"
    r"|\(\s*(?:the|an?)\s+(?:ai|assistant|agent|model|llm)\s*\)"
    r"|\bwhoever\s+(?:processes|triages|reads|handles|parses|summari[sz]es)\s+this\b"
    r"|\bhuman\s+or\s+machine\b"
    r"|\bif\s+(?:an?|the|any)\s+(?:ai|llm|model|assistant|agent|bot)\s+is\s+(?:summari[sz]ing|reading|processing|"
    r"parsing|indexing|crawling|triaging|reviewing)\b"
    r"|\b(?:coding|ai|review(?:er)?|triage)\s+(?:agents?|bots?|assistants?)\s+(?:and\s+[\w\s]{0,20}?)?"
    r"(?:triaging|reading|processing|reviewing|must|should|shall|need\s+to|are\s+to)\b"
    r"|(?:^|[\"'.!?:]\s*|\]\s*)(?:language\s+model|(?:ai\s+)?assistant|ai\s+agent|llm)\s*[,:]"
    r"|\bremember\s+(?:this|that)\s+(?:permanently|forever|for\s+(?:all\s+)?future)"
    r"|\b(?:every|each|your\s+next)\s+(?:reply|response|answer)\b"
    r"|(?:エージェント|アシスタント|モデル|助手|智能体)\s*(?:は|へ|に|よ|、|，|:|：)"
    r"|\b(?:ai|llm|agent|assistant)[-_](?:instructions?|directives?|prompts?|rules|orders)\b"
)
_AUDIENCE_NEEDLES = ("model", "assistant", "agent", "bot", "llm", "machine", "copilot", "claude", "whoever",
                     "remember", "repl", "respon", "answer", "エージェント", "アシスタント", "モデル", "助手", "智能体")
_AI_WORD = re.compile(r"(?<!\w)ai(?![a-z0-9])")
""""ai" where :data:`AUDIENCE` can read it: after a non-word character and before no letter or digit. As a bare
substring it occurs in most texts ("email", "main", "said"), so testing it as a needle ruled nothing out."""

HARM = re.compile(
    r"\b(?:remove[ds]?|delete[ds]?|disable[ds]?|comment(?:ed)?\s+out|strip|bypass|turn\s+off|skip)\s+(?:the\s+)?"
    r"(?:[\w./-]+\s+){0,3}?(?:license\s+(?:check|file)|licen[cs]e\b|csrf|sandbox|codeowners|otp|2fa|mfa"
    r"|signature\s+check|auth(?:entication)?\s+(?:check|middleware)|\.github/workflows|workflows?\b|branch\s+protection)"
    r"|\b(?:license\s+check|csrf\s+\w+|sandbox|codeowners|signature\s+check|2fa|mfa)\s+(?:[\w./-]+\s+){0,4}?"
    r"(?:should|must|can|needs\s+to)\s+be\s+(?:removed|deleted|disabled|commented\s+out|skipped|bypassed)"
    r"|\bdisable_sandbox|--otp\s+skip|--ignore-scripts=false|\bignore\s+the\s+codeowners"
    r"|\bchange\s+the\s+(?:admin|root|production)\s+password"
    r"|\bclose\s+(?:every|all)\b|\block\s+(?:the\s+|all\s+)?threads|\bas\s+wontfix|push\s+--force|force[- ]push"
    r"|\brm\s+-rf\b|\|\s*(?:sudo\s+)?(?:ba|z)?sh\b|\bnpm\s+publish|\binstall\s+[\w@/.-]+\s+--global"
    r"|\breverse\s+shell|\bapprove\s+(?:the\s+)?(?:pr|pull\s+request|it|them|all)\s+(?:automatically|without)"
    r"|\bforward\s+(?:every|all)\b|\b(?:email|send|upload|post)\s+(?:the\s+contents\s+of|every|all)\b"
    r"|\blist\s+(?:every|all)\s+(?:api\s+)?(?:keys?|secrets?|tokens?|passwords?)|\bdump\s+(?:the\s+)?(?:memory|database|"
    r"context|conversation|env)|\bread\s+~/\.|\bcontext\s+window|\bpaste\s+(?:their|your)\s+[\w\s]{0,12}?(?:keys?|"
    r"passwords?|tokens?|credentials)|\bleave\s+out\b|\bclaim\s+(?:that\s+)?(?:this|the)\b|\bdeprecated\s+and\b"
    r"|\binstall\s+[\w-]+\s+instead|\brole-?play\s+as\b[^.\n]{0,80}?passwords?"
    r"|\bverwijder\b|\bzonder\s+het\s+te\s+melden"
)
_WINDOW = 240


def aimed(text: str) -> bool:
    """An AI audience (:data:`AUDIENCE`) and a harmful order (:data:`HARM`) within :data:`_WINDOW` characters
    after it (``text`` folded and lower-cased)."""
    if not any(needle in text for needle in _AUDIENCE_NEEDLES) and ("ai" not in text or _AI_WORD.search(text) is None):
        return False
    for audience in AUDIENCE.finditer(text):
        if HARM.search(text, max(0, audience.start() - 40), audience.end() + _WINDOW):
            return True
    if text.startswith(("hi ", "yo ")) or any(greeting in text for greeting in _GREETINGS):
        for greeted in _GREETED.finditer(text):
            if HARM.search(text, greeted.end(), greeted.end() + _WINDOW):
                return True
    return False


_GREETINGS = ("hey ", " hi ", "hello ", "dear ", " yo ")
_GREETED = re.compile(
    # a greeting to a generic AI noun: "Hi bot labelling PRs - close every ...", "hello model,"
    r"\b(?:hey|hi|hello|dear|yo)\s+(?:there\s+)?(?:[\w-]+\s+)?(?:agents?|bots?|models?|assistants?|llms?|a\.?i\.?)\b"
)
