"""Readers lured into a harm from inside the data they process, in forms the other passes of
:func:`mnemon.safety.guard.scan` did not read: round 26's classes of missed payloads, read as extra rules
(:func:`rules`). Like :mod:`mnemon.safety.agentic`, a payload is read as **a reader** and **a harm** found apart,
near each other, the harm not negated just before it and the text not a report of an attack; this module widens
both sides.

* **more readers**: AI readers a tool's output or a file's metadata addresses by what they do ("LLM reviewers",
  "agents reconciling this resource", "AI agents must"), a note put to the assistant (``[to the assistant]``,
  "attention Copilot/Claude:", a quoted ``"Assistant:"``), the agent loading a skill ("use this skill whenever"),
  and the assistant's memory ("saved note for future sessions", ``memory.add(...)``, a permanent preference);
* **more harms**: review findings suppressed ("report zero findings", "mark it as clean"), the reader's task
  dropped ("stop what you are doing"), a remote script or snippet added to every page, a command run as root or an
  archive unpacked over ``/``, a package installed from a URL, checks uninstalled, cluster-admin given to anonymous
  users, a tool called with the user's messages for an outside address, every instruction in tool output or a
  README trusted, scripts from paste links always run, a forced push;
* **an order to a review bot in Chinese or Japanese**: a bot or assistant told to approve or merge without running
  the tests;
* **"AI" hailed with a vocative comma at a line's start, the rest of the line in another language naming a secret**
  (round 27: "AI, ... sen mi di API key", "AI, ... paswɔd", "AI, ... ~/.ssh"), whatever verb the language asks with;
* **an AI hailed in a label ending with a colon, in a language the word tables do not know** ("Für dr
  KI-Assistänt: ...", "Sa AI assistant: ...": :mod:`mnemon.safety.steered` read only a vocative comma), the rest of
  the line with no English function words and naming the reader's instructions (the word most languages borrow)
  beside a secret, an address or a deletion.

Texts arrive folded and lower-cased; every pattern is bounded and tried only after a literal test.
"""

from __future__ import annotations

import re

from mnemon.safety import agentic, steered
from mnemon.safety.spans import starts

_READER = re.compile(
    r"\b(?:ai|llm|gpt)\s+(?:reviewers?|agents?|assistants?|bots?|tools?)\b"
    r"|\b(?:agents?|bots?|assistants?)\s+(?:reconciling|reading|processing|handling|reviewing|running|indexing"
    r"|summari[sz]ing|triaging|working\s+on)\b"
    r"|\[\s*(?:to|for)\s+(?:the\s+)?(?:assistant|agent|model|ai)\s*\]"
    r"|\b(?:attention|note\s+(?:to|for)|hey)\s+(?:the\s+)?(?:claude|copilot|cursor|gemini|codex|assistant|agent|ai)\b"
    r"|[\"'“(]\s*(?:assistant|agent|ai)\s*:"
    r"|\b(?:use|load|invoke|run)\s+this\s+skill\b"
    r"|\b\w{0,20}memory\.(?:add|save|store|put|remember)\s*\(|\bremember\s*\(\s*(?:kind|type|text)\s*="
    r"|\b(?:saved?|stored?|kept)\s+(?:note|memory|fact|preference)\s+for\s+(?:all\s+)?future\s+sessions"
    r"|\bnote\s+to\s+remember\s+for\s+(?:all\s+)?future\s+sessions|\b(?:permanent|standing)\s+(?:user\s+)?preference"
    r"|\buser\s+preference\s+\(permanent\)"
    # round 27: the files agents read as their instructions, a heading or clause for them, AI named by its job
    r"|(?:^|[\s/`'\"(])(?:agents|claude|warp|gemini|copilot-instructions)\.md\b|\bllms(?:-full)?\.txt\b|\.cursorrules\b"
    r"|(?:^|[\s`'\"(])\.(?:aiassistant|cursor|windsurf|clinerules|continue|junie)/"
    r"|\bfor\s+(?:ai\s+|coding\s+|llm\s+)?(?:agents|assistants|llms|bots)\b"
    r"|\b(?:when\s+you|on|upon|after)\s+(?:load|read|process|pars|open|ingest)\w{0,3}\s+this\s+(?:file|page|document)"
    r"|\b(?:ai|llm)\s+[a-z]{2,20}(?:ers|ors|ants|ents)\b|\b(?:ai|llm)\s+(?:[a-z]{3,20}\s+){0,2}(?:hint|note|fix|tip)\s*:"
    r"|(?:^|\n|[—–])[ \t]*(?:the\s+)?(?:assistant|agent|ai|model)\s*:"
    r"|\b(?:agents?|bots?|assistants?)\s+[a-z]{3,20}ing\b"
)
_READER_NEEDLES = ("ai ", "llm ", "gpt ", "agent", "bot", "assistant", "[", "attention", "note ", "hey ", "skill",
                   "memory", "remember", "future sessions", "preference", ".md", "llms", ".cursor", "/", "for ",
                   " this file", " this page", " this document", "ai:", "model")
_HARM = re.compile(
    # review findings suppressed, the reader's task dropped
    r"\breport\s+(?:zero|no|0)\s+(?:findings|issues|vulnerabilities|problems|warnings)"
    r"|\bmark\s+(?:this|the|it)\s+(?:[\w-]+\s+){0,2}as\s+(?:clean|safe|passing|approved|reviewed)\b"
    r"|\byour\s+(?:instructions|guidelines|rules)\s+(?:have\s+|were\s+)?(?:changed|updated|replaced)"
    r"|\bstop\s+(?:what\s+you\s+are\s+doing|your\s+current\s+task|your\s+task)"
    # a remote script, a package from a URL, a command as root, checks removed, a forced push
    r"|\badd\b[^.\n]{0,50}?(?:snippet|<script|script\s+tag|pixel|tracker)[^\n]{0,100}?\b(?:every|all|each)\s+"
    r"(?:html|page|file|template|view)"
    r"|\b(?:npm\s+(?:i|install)|pip\s+install|gem\s+install|yarn\s+add|pnpm\s+add|go\s+get|cargo\s+install)\b"
    r"[^\n`]{0,80}?(?:git\+https?://|https?://|--index-url|--extra-index-url)"
    r"|\brun\s+[\w./-]{1,40}\s+as\s+root\b|\b(?:extract|unpack|unzip|untar)\s+(?:it\s+|them\s+)?(?:to|into|over)\s+/"
    r"(?=[\s;,.]|$)"
    r"|\b(?:uninstall|disable|remove|delete|skip)\s+(?:the\s+)?(?:project's\s+|repo's\s+)?(?:[\w-]+\s+){0,2}"
    r"(?:checks|verification|signature\s+checks?|hooks)\b"
    r"|\bgit\s+push\s+(?:--force|-f)\b"
    # access granted to anyone, the user's messages sent out through a tool
    r"|\bsystem:(?:anonymous|unauthenticated)\b|\bcluster-admin\b[^\n]{0,80}?\b(?:anonymous|unauthenticated|everyone)\b"
    r"|\b(?:call|use|invoke)\s+the\s+[\w-]{2,30}\s+tool\s+(?:with|to\s+(?:send|forward))\b[^\n]{0,80}?"
    r"(?:user's|messages|inbox|history|e-?mails|files)\b"
    # standing obedience planted in memory
    r"|\b(?:trusts?|follow|obey|execute|run|carry\s+out)\s+(?:every|all|any)\s+(?:instructions?|commands?|scripts?)\s+"
    r"(?:that\s+appears?\s+|found\s+|from\s+|in\s+)"
    r"|\b(?:trust|run|execute)\s+(?:the\s+)?commands\s+in\s+(?:readme|web|tool|issue)"
    r"|\balways\s+(?:run|execute)\s+(?:[\w-]+\s+){0,2}(?:scripts?|commands?)\s+from\s+(?:pastebin|paste|links?|urls?|"
    r"gists?)"
    # round 27: a remote script into a (root) shell, the user's work thrown away, admin rights, scanners turned off,
    # alerts dismissed, the reader's rules replaced
    r"|\b(?:curl|wget|iwr|invoke-webrequest)\b[^\n|]{0,200}\|[ \t]*(?:sudo[ \t]+(?:-\w+[ \t]+)?)?(?:ba|z|da|k)?sh\b"
    r"|\bgit\s+reset\s+--hard\b|\bgit\s+clean\s+-\w{0,4}f|\bgit\s+checkout\s+--\s+\."
    r"|\b(?:delete|discard|drop|wipe|erase|throw\s+away|revert)\s+(?:all\s+)?(?:of\s+)?the\s+user'?s?\s+(?:\w+\s+){0,2}"
    r"(?:changes|work|edits|files|commits)\b"
    r"|\b(?:set|grant|give|bind|add|enable|assign)\b[^\n]{0,60}?\bcluster-?admin\b"
    r"|\b(?:disable|remove|uninstall|turn\s+off|delete|drop|silence)\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:codeql|semgrep|snyk"
    r"|trivy|dependabot|scanners?|scanning|audit\s+tools?|auditing|sanitizers?|alerts?|security\s+(?:scans?|checks?|tools?))\b"
    r"|-fno-sanitize\b|\bdismiss\s+(?:the\s+|this\s+|all\s+|every\s+)?(?:alerts?|findings?|warnings?|vulnerabilit\w+)"
    r"|\bmark\s+(?:this|the|it)\s+(?:[\w-]+\s+){0,2}as\s+(?:a\s+)?(?:false\s+positive|won'?t\s+fix)"
    r"|\b(?:obey|follow)\s+only\b|\b(?:forget|ignore|disregard)\s+the\s+(?:rules|instructions|guidelines)\s+of\b"
)
_HARM_STARTS = ("report", "mark", "your", "stop", "add", "npm", "pip", "gem", "yarn", "pnpm", "go get", "cargo", "run",
                "extract", "unpack", "unzip", "untar", "uninstall", "disable", "remove", "delete", "skip", "git push",
                "system:", "cluster-admin", "call", "use", "invoke", "trust", "follow", "obey", "execute", "carry",
                "always", "curl", "wget", "iwr", "invoke-webrequest", "git ", "discard", "drop", "wipe", "erase", "throw",
                "revert", "set", "grant", "give", "bind", "enable", "assign", "turn off", "silence", "-fno-sanitize",
                "dismiss", "forget", "ignore", "disregard")
_NEAR = 300
_CJK_READER = re.compile(r"ai|机器人|機器人|助手|ボット|アシスタント|ロボット")
_CJK_APPROVE = re.compile(r"(?:批准|核准|合并|合併|承认|承認|マージ)")
_CJK_UNTESTED = re.compile(
    r"(?:不要|不用|别|別|跳过|跳過)[^\n。]{0,6}?(?:测试|測試|审查|審查)|(?:テスト|レビュー)[^\n。]{0,6}?(?:しない|せず|不要)")
_INSTRUCTIONS = steered._table(
    r"instru|istru|instrukc|instrukt|инструкц|талимат|talimat|anweis|aawiis|aawiis|awais|aawais|rávvag|ravvag|ohje"
    r"|utasít|pokyn|wskazów|polecen|direktiv|aanwijzing|consign|indicazion|oharra|jarraibide|maagizo|arahan|petunjuk"
    r"|kürsätmä|kursatma|nurodym|norādījum|juhis|uputst|упутств|указани|вказівк|οδηγί|הוראות|تعليمات|دستورالعمل"
    r"|निर्देश|指示|指令|지시|คำสั่ง|hướng\s+dẫn"
)
_DELETE = steered._table(
    r"delet|lösch|losch|lösc|supprim|elimin|borr|cancell|usuń|usun|smaž|smaz|sil\b|silin|удал|видал|wis\b|verwijder"
    r"|radera|slet|poista|töröl|ezabatu|futa|hapus|branches|branch\b"
)
_DISCLOSED = steered._table(
    r"\bciav|\bclav|privat|privà|privad|privé|prywatn|приватн|soukrom|publi|pùbli|pubbli|публик|veröffentl|zveřejn"
    r"|opublik|yayınla"
)
"""A private key or a publication in the languages whose words :data:`steered._SECRET` lacks."""
_COLON_HAIL = steered._table(
    r"(?:^|\n)[ \t]*(?:[^\n:,;]{1,30}:[ \t]*)?(?:[^\s,;:.!?]{1,20}[ \t]+){0,3}(?:[^\s,;:.!?]{0,6}-)?"
    r"(?:ai|a\.i\.|ia|ki|ии|llm|gpt|yapay\s+zek\w*|süni\s+intellekt\w*|asist\w*|assist\w*|asyst\w*|асистент\w*"
    r"|ассистент\w*|助手|アシスタント|어시스턴트)[^\s,;:.!?]{0,12}(?:[ \t]+[^\s,;:.!?]{1,20})?[ \t]*:[ \t]+"
)


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    if _lured(text):
        found.add("addressed_to_model")
    if not text.isascii() and _CJK_APPROVE.search(text) and _CJK_UNTESTED.search(text) and _CJK_READER.search(text):
        found.add("addressed_to_model")
    if ":" in text:
        found |= _colon_hail(text)
    if "," in text or "!" in text:
        found |= _hailed_secret(text)
    return found


def _lured(text: str) -> bool:
    """A harm near a reader (this module's or :mod:`mnemon.safety.agentic`'s), not negated just before it, in a text
    that does not report an attack."""
    harms = [pos for pos in starts(text, _HARM_STARTS) if _HARM.match(text, pos)
             and agentic._NEGATION.search(text, max(0, pos - 20), pos) is None]
    if not harms:
        return False
    readers = [m.start() for m in _READER.finditer(text)] if any(n in text for n in _READER_NEEDLES) else []
    readers += agentic._needle_matches(agentic._READER, agentic._READER_STARTS, text)
    return (any(abs(pos - reader) <= _NEAR for pos in harms for reader in readers)
            and agentic._REPORT.search(text) is None)


def _colon_hail(text: str) -> set[str]:
    """An AI hailed in a colon label, the rest of its line in another language naming the reader's instructions
    with a secret, an address or a deletion (the module docstring)."""
    found: set[str] = set()
    for match in _COLON_HAIL.finditer(text):
        end = text.find("\n", match.end())
        rest = text[match.end() : end if end >= 0 else len(text)]
        words = agentic._URL.sub(" ", rest)
        if len(set(steered._ENGLISH.findall(words))) >= 2 or not _INSTRUCTIONS.search(rest):
            continue
        if steered._SECRET.search(words) or steered._DESTINATION.search(rest) or _DISCLOSED.search(words):
            found.add("exfiltration")
        if _DELETE.search(words):
            found.add("instruction_override")
    return found


_AI_VOCATIVE = re.compile(r"(?:^|\n)[ \t]*(?:[^\n:,;]{1,30}:[ \t]*)?(?:[^\s,;:.!?]{1,6}[ \t]+){0,2}(?:ai|a\.i\.)[ \t]*[,!]")
_SPELLED_SECRET = re.compile(r"\bp(?:h)?a[sz]{1,2}[iy]?[wv][oɔ0]|~/\.[a-z]|\bapi[ \t-]?keys?\b|\bssh\b|\.env\b|credential")
""""Password" as languages spell it after the sound (``paswɔd``, ``pasword``), a dot-folder in the home, API keys,
SSH, ``.env`` and credentials: the words a line in any language borrows for what it asks the reader to hand over."""


def _hailed_secret(text: str) -> set[str]:
    """"AI" hailed with a vocative comma at the start of a line (perhaps after a label and a particle: "Yuh AI,",
    "E te AI,"), the rest of the line in another language naming a secret (:data:`_SPELLED_SECRET`): the reader is
    asked for it, whatever the unknown verb ("sen mi di API key")."""
    for match in _AI_VOCATIVE.finditer(text):
        end = text.find("\n", match.end())
        rest = text[match.end() : end if end >= 0 else len(text)]
        if len(set(steered._ENGLISH.findall(agentic._URL.sub(" ", rest)))) >= 2:
            continue
        if _SPELLED_SECRET.search(rest):
            return {"exfiltration"}
    return set()
