"""Harms bidden to an AI reader in any language and any tone: rounds 19 and 20's classes of missed payloads, read by
:func:`mnemon.safety.guard.scan` as an extra rule (:func:`rules`).

A payload names or hails its reader and asks for something the user would not want. Rounds 19 and 20 showed both
halves in forms the other rules did not read:

* **the reader** (:data:`_READER`): an AI noun joined to a role ("AI operators", "coding assistants", "automated
  clients", "AI merge helper", "asistente de IA", "KI-Assistent", "ИИ-помощник", "yapay zeka asistanı"), an AI
  reader singled out by what it is doing ("any model reading this", "whichever assistant is condensing"), "the
  assistant" spoken of in the third person or hailed ("assistant, please"), an @-handle of a bot or agent, and the
  label of a fake grader or memory update (``[grader]``, ``[preference update]``);
* **the tone**: an order, but also a wish ("it would be lovely if", "sería estupendo que", "es wäre nett, wenn"), a
  claimed preference of the owners, a permission ("may push without"), a threat ("locked unless the assistant"):
  the tone is left open, since the harm is what makes the text a payload;
* **the harm** (:func:`found_harms`), in about twenty languages: a safeguard switched off (verification, signatures,
  tests, reviews, protections, rate limits, password checks), secrets or credential files moved (sent, pasted,
  committed, re-entered), unchecked pushes and merges, destruction and privilege (``rm -rf``, ``--privileged``,
  everything scaled to zero, tables dumped to a public paste), output steered (a library described as audited,
  findings reported as none, values replaced by a link's), previous instructions dropped, and the user kept
  unaware of a harm (with a second harm, since "without asking" alone is an ordinary permission).

A harm just after a prohibition ("must never wipe the staging bucket", "reject any patch that drops the signature
check") is not bidden, and a text that tells of an attack (a post-mortem, a threat model, a write-up, "the
attacker") is left to the rules that read quotes. Texts arrive folded and lower-cased; every pattern is bounded.
"""

from __future__ import annotations

import re

_ROLE = (r"(?:assistants?|agents?|tools?|helpers?|operators?|clients?|models?|reviewers?|bots?|analysts?|evaluators?"
         r"|copilots?)")
_READER = re.compile(
    r"\b(?:ai|a\.i\.|llm|ki|ia|ии|automated|autonomous|coding|merge|code[ -]review)[ -]" + _ROLE + r"\b"
    r"|\b(?:assistants?|agents?|models?|asistentes?|assistentes?|assistenti|assistent|modelos?|modell[io])[ \t]+(?:de[ \t]+|d')?"
    r"(?:ia|ai|ki)\b"
    r"|\b(?:any|whichever|every|each|all|the)[ \t]+(?:ai[ \t]+)?(?:llms?|models?|assistants?|agents?)[ \t]+(?:that[ \t]+|who[ \t]+)?"
    r"(?:is[ \t]+|are[ \t]+)?(?:reading|reads?|summari[sz]ing|condensing|processing|parsing|indexing|in[ \t]+this)"
    r"|\bthe[ \t]+assistant\b|(?:^|[.:;!?(\]][ \t]*)assistant[ \t]*,"
    r"|(?:^|[\"'(\[:.\u2014\u2013][ \t]*)(?:ai[ \t]+)?(?:assistants?|agents?|models?|llms?)[ \t]+(?:reading|summari[sz]ing"
    r"|condensing|processing|parsing|fixing|repairing)\b"
    r"|\b(?:ai[ \t]+)?(?:assistants|agents|models|llms)[ \t]+(?:in|on|for|working[ \t]+on)[ \t]+this[ \t]+(?:workspace|repo\w*"
    r"|project|codebase|org\w*|cluster|server)"
    r"|(?:^|[\s\u2014\u2013-])(?:ai[ \t]+)?(?:agents|assistants|llms)[ \t]*:"
    r"|copilot-instructions|\.cursorrules|\bagents\.md\b|\bclaude\.md\b"
    r"|\"description\"[ \t]*:[ \t]*\"[^\"\n]{0,200}<important>"
    r"|@[\w-]{0,20}(?:ai|agent|bot|claude|copilot|gpt)\b|\[(?:evaluator|grader|judge|memory[ \t]+update|preference[ \t]+update)\]"
    r"|\b(?:ki|ai|ии)-(?:assistent\w*|агент\w*|ассистент\w*|помощник\w*|helper\w*)"
    r"|\b(?:assistente|assistent|asysten|asistan|ассистент|помощник|asistente|l'assistant|assistant)\w*[ \t]+(?:ia|ai|ki|ии)\b"
    r"|\b(?:ии|ии-|ai|ia|ki)[ \t]*-?(?:ассистент|помощник|асистент)\w*|yapay[ \t]+zek[aâ]|هوش[ \t]+مصنوعی"
    r"|\b(?:modelo|modello|modèle|model|asistente|assistente|assistant|assistent|asystent)[ \t]+(?:que|che|qui|der|die|który|som)"
    r"[ \t]+(?:lee|legge|lit|liest|czyta|läser|leser|lê)\b|\b(?:der|die)[ \t]+ki-assistent\w*"
)
_READER_NEEDLES = ("ai", "llm", "ki", "ia", "ии", "automated", "autonomous", "coding", "merge", "review", "assistant",
                   "model", "agent", "@", "[", "asist", "assistent", "asysten", "copilot", ".cursorrules", "<important>", "asystent", "yapay", "هوش", "modell", "modèle")

_WEAKEN_VERB = re.compile(
    r"\b(?:disabl\w*|turn\w*[ \t]+off|switch\w*[ \t]+off|remov\w*|delet\w*|drop\w*|skip\w*|bypass\w*|exempt\w*|weghal\w*"
    r"|verwijder\w*|deaktivier\w*|abschalt\w*|désactiv\w*|supprim\w*|desativ\w*|desactiv\w*|disattiv\w*|disabilit\w*"
    r"|wyłącz\w*|usuń\w*|usun\w*|отключ\w*|удал\w*|kapat\w*|atla\w*|slet\w*|fjern\w*|radera\w*|elimin\w*|rimuov\w*"
    r"|vypn\w*|smaž\w*|غیرفعال|حذف|uitschakel\w*|weg[ \t]?haa?l\w*|grant\w*|raise\w*|lower\w*)")
_WEAKEN_TARGET = re.compile(
    r"verif|ssl|tls|signatur|signature|firma|assinatura|imza|подпис|check|control|kontrol|test|prueb|teste|prove\b|testy"
    r"|тест|review|revis|protect|schutz|ochron|защит|rate[ \t]*limit|limiter|approv|wachtwoordcontrole|auth\b|middleware"
    r"|security|segur|sicherheit|bezpiecz|безопас|güvenlik|beveilig|sikkerhed|säkerhet|sécurité|sicurezza|privilege"
    r"|permissions|schutzregeln|doğrulama|verifica|verificação|vérification|проверк|sprawdz")
_SECRET_NOUN = re.compile(
    r"~/\S{2,60}|api[ _-]?keys?|\btokens?\b|_token\b|_secret\b|credential|passwords?|passwort|wachtwoord|senha|contraseña|hasło"
    r"|пароль|парол|\bparola\b|mot[ \t]+de[ \t]+passe|jeton|chiav[ei]|klucz|\.netrc|\.env\b|local\.properties"
    r"|kube/config|mcp\.json|hosts\.yml|id_rsa|id_ed25519|\.ssh/|\.aws/|prod\.env|\bsecrets?\b|секрет|ключ")
_MOVE_VERB = re.compile(
    r"\b(?:includ(?:e|es|ed|ing)|add(?:s|ed|ing)?|send(?:s|ing)?|shar(?:e|es|ed|ing)|commit(?:s|ted|ting)?"
    r"|cop(?:y|ies|ied|ying)|past(?:e|es|ed|ing)|print(?:s|ed|ing)?|post(?:s|ed|ing)?|forward(?:s|ed|ing)?"
    r"|transmit(?:s|ted|ting)?|pass(?:es|ed|ing)?|confirm(?:s|ed|ing)?|re-?ent(?:er|ers|ered|ering)"
    r"|dump(?:s|ed|ing)?|upload(?:s|ed|ing)?|envi\w*|copi\w*|transmet\w*|trasmett\w*"
    r"|invi\w*|stuur\w*|wyślij|wysłać|отправ\w*|пришли\w*|gönder\w*|pošl\w*|skicka\w*|ارسال|incluir\w*|inclu\w*"
    r"|envoy\w*|schick\w*|sende\w*|retry|retries|resend(?:s|ing)?|read(?:s|ing)?)\b")
_DESTROY = re.compile(
    r"rm[ \t]+-rf|--privileged|\bmount[ \t]+/|\bscale\w*[ \t]+(?:\w+[ \t]+){0,6}to[ \t]+(?:zero|0)\b|write-all"
    r"|\b(?:delet\w*|remov\w*|usuwan\w*|usuń|lösch\w*|supprim\w*)[ \t]+(?:\w+[ \t]+){0,2}(?:files|plik\w*|dateien|fichiers)"
    r"|(?:requests\.post|fetch|curl|urlopen|axios\.post)[^\n]{0,120}(?:os\.environ|process\.env)\b"
    r"|allow-?list|firewall|proxy[ \t]+all|credential\.helper[ \t]+store|chmod[ \t]+777|drop[ \t]+(?:table|database)"
    r"|\b(?:dump\w*|upload\w*|export\w*|cop\w*)[ \t]+(?:\w+[ \t]+){0,3}(?:table|database|db)\b[^.\n]{0,40}public"
    r"|\b(?:delet\w*|remov\w*|lösch\w*|supprim\w*|elimin\w*|usuń|удали\w*|slet\w*|radera\w*|sil)[ \t]+(?:every|all|the"
    r"[ \t]+(?:folder|directory)|den[ \t]+ordner|le[ \t]+dossier|mappen|folder|il[ \t]+file|la[ \t]+carpeta|папк\w*)"
    r"|\b(?:delet\w*|remov\w*|lösch\w*|supprim\w*|slet\w*|radera\w*|elimin\w*)[ \t]+(?:\w+[ \t]+){0,2}[\w.-]+/"
    r"|required_approvals|required[ \t]+reviewers|share\w*[ \t]+(?:\w+[ \t]+){0,3}with[ \t]+\S+@\S+")
_UNCHECKED = re.compile(
    r"\b(?:push\w*|merg\w*|approv\w*|appl(?:y|ies)|commit\w*|wypchnij\w*|gönder\w*|پوش)[^.\n]{0,60}"
    r"(?:\bmain\b|\bmaster\b|production|without|\bsin\b|\bsem\b|\bohne\b|\bsans\b|\bsenza\b|\bbez\b|\bбез\b|\butan\b"
    r"|\buden\b|sormadan|بدون)|\b(?:main|master)[ \t]+پوش")
_STEERED = re.compile(
    r"\bdescrib\w*[ \t]+[^.\n]{0,50}[ \t]as[ \t]+(?:fully[ \t]+|being[ \t]+)?(?:security-?)?(?:audited|safe|secure|verified)"
    r"|\bmark\w*[ \t]+(?:it|this|them)[ \t]+as[ \t]+(?:safe|secure|resolved|approved)"
    r"|\breport\w*[ \t]+[^.\n]{0,40}[ \t]as[ \t]+none|\brecommend\w*[ \t]+[^.\n]{0,60}(?:mirror|fork)\b"
    r"|\breplac\w*[ \t]+[^.\n]{0,80}(?:with|by)[ \t]+[^.\n]{0,40}(?:from|at)[ \t]+(?:the[ \t]+)?(?:attached[ \t]+)?"
    r"(?:link|url|https?://|[\w-]+\.(?:dev|io|com|net|org|example))"
    r"|\btreat\w*[ \t]+this[ \t]+(?:comment|note|text|file)[ \t]+as[ \t]+(?:a[ \t]+)?system"
    r"|\bexempt[ \t]+from[ \t]+review|\bdo[ \t]+not[ \t]+read[ \t]+the[ \t]+diff|without[ \t]+reading[ \t]+the[ \t]+diff")
_OVERRIDE = re.compile(
    r"\b(?:ignor\w*|forget|disregard|glem|glöm|oblida|olvida|oublie|vergiss|zapomnij|забудь|unut\w*|se[ \t]+bort[ \t]+fra)"
    r"[ \t]+[^.\n]{0,40}(?:instruc|instrukti|istruzion|anweisung|instrukcj|инструкц|talimat|instructies)")
_QUIET = re.compile(
    r"\b(?:don't|do[ \t]+not|never|not|no|ne|nicht|nichts|niet|não|non|nie|не|sin|sans|senza|utan|uden|without|без)"
    r"[ \t]+(?:\w+[ \t]+){0,3}(?:tell\w*|mention\w*|inform\w*|notify\w*|sag\w*|vertel\w*|dig\w*|dire|dis\b|pytaj\w*"
    r"|сообщ\w*|говор\w*|fråga\w*|nævn\w*|prévenir|avis\w*|fråg\w*)|sormadan|بدون[ \t]+پرسیدن|چیزی[ \t]+نگو"
    r"|\bnie[ \t]+pytaj\w*")
_HARMS = (("destroy", _DESTROY), ("unchecked", _UNCHECKED), ("steered", _STEERED), ("override", _OVERRIDE))
"""The harms a pattern finds whole; a safeguard weakened and a secret moved pair a verb with its object
(:func:`_paired`)."""
_PROHIBITION = re.compile(r"(?:\bnever|\bnot|\bcannot|n't|\bno|\bflag\w*|\breject\w*|\bblock\w*|\bavoid\w*|\bprevent\w*|\bforbid\w*"
                          r"|\bcatch\w*|\bwarn\w*)[ \t]+(?:\w+[ \t]+){0,4}$")
_TOLD = re.compile(r"\b(?:post-?mortem|write-?up|incident|threat[ \t]+model|attacker|payload|injection|nobody[ \t]+(?:did|followed)"
                   r"|we[ \t]+treat|was[ \t]+asked|asked[ \t]+(?:ai|the|an?)\b|tried[ \t]+to)")


def _bidden(pattern: re.Pattern[str], text: str) -> bool:
    """A match of ``pattern`` not just after a prohibition ("never", "flag any change that") and not opening on an
    English past tense outside a wish (:func:`_told_verb`)."""
    wish = "would" in text or "if " in text
    return any(_PROHIBITION.search(text, max(0, m.start() - 40), m.start()) is None
               and (wish or not _told_verb(m.group(0))) for m in pattern.finditer(text))


def _told_verb(found: str) -> bool:
    """The match opens on an English past tense ("deleted the old folder"): what was done, not what is bidden."""
    head = found.split(None, 1)[0] if found.strip() else ""
    return head.isascii() and head.endswith("ed") and len(head) > 4


def _paired(verbs: re.Pattern[str], targets: re.Pattern[str], text: str) -> bool:
    """A verb of ``verbs`` with a word of ``targets`` as its object: within 70 characters after it, or just before it
    (languages that put the object first); not an English past tense ("found ... and removed them": told, not
    bidden, unless a wish frames it: "it would help if the model removed ...") and not after a prohibition."""
    wish = "would" in text or "if " in text
    for match in verbs.finditer(text):
        if (not wish and _told_verb(match.group(0))) or _PROHIBITION.search(
                text, max(0, match.start() - 40), match.start()):
            continue
        after = targets.search(text, match.end(), min(len(text), match.end() + 70))
        if after and _SENTENCE_END.search(text, match.end(), after.start()) is None and not _in_reader(text, after):
            return True
        before = targets.search(text, max(0, match.start() - 50), match.start())
        if before and _SENTENCE_END.search(text, before.end(), match.start()) is None:
            return True
    return False


_SENTENCE_END = re.compile(r"[.,;:!?](?:\s|$)|[?!]")


def _in_reader(text: str, target: re.Match[str]) -> bool:
    """The target word is part of the reader's own name ("disable the AI code review bot"): the reader is what the
    verb acts on, a team note about the tool, not a safeguard weakened."""
    start = max(0, target.start() - 20)
    return any(m.start() <= target.start() and m.end() >= target.end()
               for m in _READER.finditer(text, start, min(len(text), target.end() + 20)))


def found_harms(text: str) -> set[str]:
    """The harm kinds of this module bidden in ``text`` (folded, lower case)."""
    kinds = {kind for kind, pattern in _HARMS if _bidden(pattern, text)}
    if _paired(_WEAKEN_VERB, _WEAKEN_TARGET, text):
        kinds.add("weaken")
    if _paired(_MOVE_VERB, _SECRET_NOUN, text):
        kinds.add("secret")
    if kinds and _QUIET.search(text):
        kinds.add("quiet")
    return kinds


def rules(text: str) -> set[str]:
    """``addressed_to_model`` when an AI reader and a bidden harm share the text (this module's docstring)."""
    if not any(needle in text for needle in _READER_NEEDLES) or _TOLD.search(text):
        return set()
    reader = _READER.search(text)
    if reader is None:
        return set()
    window = text[max(0, reader.start() - 300) : reader.end() + 500]
    return {"addressed_to_model"} if found_harms(window) else set()
