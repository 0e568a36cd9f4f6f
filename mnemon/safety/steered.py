"""Orders an AI reader is steered by, in forms the other passes of :func:`mnemon.safety.guard.scan` did not read:
round 24's classes of missed payloads, read as extra rules (:func:`rules`).

* **an AI hailed at the start of a line in a language the word tables do not know** ("<label>: <greeting> AI,
  ..."), told to send a secret to an address (``exfiltration``) or to approve or merge without review
  (``addressed_to_model``). Nobody can list every language's verbs, so the line is read by its structure: a
  vocative (an AI noun, with at most three words before it and one after, then a comma: before a colon it is a
  label, as in ``--auth bot:...``), then two nouns most languages borrow or that a short table lists (a secret:
  password, token, ``.env``, SSH, API, a private key; a destination: an address, an e-mail, a URL, an issue, a
  repository). A line with English
  function words is left to the English rules, which know its verbs; a request with no destination ("AI, why
  does this token expire?") has only one of the two nouns, and a secret's word counts only outside a URL;
* **an AI reader named by its role** (an automated fixer, an AI minute-taker, a note to the support bot, a
  screening assistant) **with a harm the older lists lacked**: a ranking fixed regardless of merit, a record
  falsified ("mark it approved even though no vote was held"), refunds with credits, invitations accepted
  wholesale on others' behalf, everything made world-writable, every workload scaled to zero or deleted;
* **memory poisoning by a planted fact or standing order** ("keep this as a lasting fact", "for the rest of
  this project, every time you ...") that calls a harm fine (destructive acts on production, live keys or
  secrets committed) or plants a remote script piped into a shell.

Texts arrive folded and lower-cased; every pattern is bounded and tried only after a literal test.
"""

from __future__ import annotations

import re
import unicodedata

from mnemon.safety import agentic, heeded


def _table(pattern: str) -> re.Pattern[str]:
    """A word table compiled in NFKC and lower case, like the folded texts it is matched against."""
    return re.compile(unicodedata.normalize("NFKC", pattern).lower())


_AI_NOUN = (
    r"ai|a\.i\.|ia|ki|ии|жи|ші|яи|llm|gpt|yapay\s+zek\w*|asist\w*|assist\w*|asyst\w*|асистент\w*|ассистент\w*"
    r"|agent\w*|агент\w*|modell?\w*|модел\w*|msaidizi|دستیار|مساعد|помічни\w*|помощни\w*|सहायक|कृत्रिमबुद्ध\w*"
    r"|助手|アシスタント|어시스턴트|ผู้ช่วย|trợ\s+lý|bot\w*|бот\w*"
)
_HAIL = _table(
    r"(?:^|\n)[ \t]*(?:[^\n:,;]{1,30}:[ \t]*)?(?:[^\s,;:.!?،]{1,20}[ \t]+){0,3}(?:" + _AI_NOUN + r")[^\s,;:.!?،]{0,6}"
    r"(?:[ \t]+[^\s,;:.!?،]{1,20})?[ \t]*[,،!]"
)
_SECRET = _table(
    r"passw|parol|парол|пароль|\bssh\b|\btokens?\b|токен|\.env\b|credential|\bapi\b|şifre|sifre|hasł|hasl|heslo|hesla"
    r"|jelsz|contraseñ|senha|mot de passe|wachtwoord|lösenord|adgangskode|passord|salasan|nenosiri|kata sandi|סיסמ"
    r"|كلمة المرور|كلمة السر|رمز عبور|گذرواژه|पासवर्ड|गूढशब्द|गुप्तशब्द|密码|密碼|パスワード|비밀번호|รหัสผ่าน|mật khẩu"
    r"|funguo|anahtar|ключ|ključ|klucz|klíč|kulcs|sleutel|nyckl|nyckel|nøgle|nøkkel|schlüssel|chave|clave|\bclaus?\b"
    r"|chiav|\bclés?\b|cheil|kunci|avaim|avain"
)
_DESTINATION = _table(
    r"e-?mail|imeli|īmēra|\bmail|adres|address|aterese|aderesi|adiresy|àdírẹ́sì|alamat|dilesi|ndagiriro|anwani|endereç"
    r"|direcci|indirizz|adresse|адрес|آدرس|عنوان|כתובת|\burl\b|\blinks?\b|webhook|https?://|@[a-z0-9]|\bcím|naslov"
    r"|\bissue|comment|komentář|pastebin|\bgist\b|\brepo|صفحه|\bpage\b|सङ्केत|ঠিকানা|पते|पता|地址|アドレス|주소|ที่อยู่"
    r"|địa chỉ"
)
_APPROVE = _table(
    r"aprob|aprov|approv|aprueb|approuv|setuj|goedkeur|keur\s+\w+\s+goed|godkänn|godkend|godkjenn|genehmig|zatwierd"
    r"|onayla|hyväksy|jóváhagy|schval|одобр|схвал|\bmerge"
)
_UNREVIEWED = _table(
    r"\b(?:fără|sem|sin|sans|senza|ohne|zonder|utan|uden|uten|bez|без|tanpa|walang|ilman|χωρίς|bila)\s+(?:\w+\s+)?"
    r"(?:revi|review|revis|granskn|gennemgang|gjennomgang|przegląd|kontrol|controll|überprüf|prüfung|провер|перевір"
    r"|pregled|revizu|check|confirm|bevestig|onay)"
)
_ENGLISH = re.compile(r"\b(?:the|and|to|is|of|for|please|this|with|your|you|use|that|all|from|it|are|be)\b")


def rules(text: str) -> set[str]:
    """The guard rules ``text`` (folded, lower case) trips by this module's forms (its docstring)."""
    found: set[str] = set()
    if "," in text or ":" in text or "،" in text or "!" in text:
        found |= _foreign_hail(text)
    if _role_harmed(text):
        found.add("addressed_to_model")
    if _planted(text):
        found.add("addressed_to_model")
    return found


def _foreign_hail(text: str) -> set[str]:
    """A line in another language that hails an AI and carries a secret and a destination, or an approval
    without review (the module docstring)."""
    found: set[str] = set()
    for match in _HAIL.finditer(text):
        end = text.find("\n", match.end())
        rest = text[match.end() : end if end >= 0 else len(text)]
        words = agentic._URL.sub(" ", rest)
        if len(set(_ENGLISH.findall(words))) >= 2:
            continue
        if _SECRET.search(words) and _DESTINATION.search(rest):
            found.add("exfiltration")
        if _APPROVE.search(rest) and _UNREVIEWED.search(rest):
            found.add("addressed_to_model")
    return found


_ROLE_READER = re.compile(
    r"\b(?:automated|ai|llm|scheduling|booking|screening|hiring|operator|on-call|triage|repair|support|recruiting)"
    r"[ \t]+(?:fixer|note[- ]?takers?|minute[- ]?takers?|agents?|assistants?|bots?)\b"
    r"|\bnote[ \t]+to[ \t]+(?:the[ \t]+)?(?:\w+[ \t]+)?(?:agent|assistant|bot|ai)\b"
    r"|\b(?:automated[ \t]+)?fixer\b|\b(?:ai|bot)[ \t]+(?:note[- ]?taker|minute[- ]?taker|scribe)\b"
)
_ROLE_HARM = re.compile(
    r"\brank\w*\b[^.\n]{0,60}?\b(?:first|top|above|highest)\b[^.\n]{0,60}?\bregardless\b"
    r"|\b(?:mark|record|log|list|minute)\w*\b[^.\n]{0,60}?\bas[ \t]+[\"'“]?(?:an?[ \t]+)?(?:approved|passed|agreed"
    r"|accepted|signed[ \t]+off)\b[^.\n]{0,60}?\b(?:even[ \t]+though|although|though|despite)\b"
    r"|\b(?:issue|grant|give)\b[^.\n]{0,20}?\brefund\b[^.\n]{0,40}?\b(?:plus|and[ \t]+add|and)\b[^.\n]{0,20}?\bcredits?\b"
    r"|\baccept\w*[ \t]+(?:all|every|each|any)\b[^\n]{0,80}?\bon[ \t]+behalf[ \t]+of\b"
    r"|\bchmod[ \t]+(?:-r[ \t]+)?0?777[ \t]+(?:~|/)"
    r"|\bscale\b[^.\n]{0,60}?\bto[ \t]+0\b[^.\n]{0,40}?\ball[ \t]+namespaces\b"
    r"|\b(?:delete|remove|drain)\w*[ \t]+(?:every|all)[ \t]+(?:pods?|nodes?|deployments?)\b[^.\n]{0,20}?\ball[ \t]+namespaces"
)
_ROLE_NEEDLES = ("rank", "mark", "record", "log", "list", "minute", "refund", "accept", "chmod", "scale", "delete",
                 "remove", "drain")


def _role_harmed(text: str) -> bool:
    """A reader named by its role (or any AI reader agentic knows) near one of :data:`_ROLE_HARM`, not reported."""
    if not any(needle in text for needle in _ROLE_NEEDLES):
        return False
    harms = [m.start() for m in _ROLE_HARM.finditer(text)]
    if not harms:
        return False
    readers = [m.start() for m in _ROLE_READER.finditer(text)]
    readers += agentic._needle_matches(agentic._READER, agentic._READER_STARTS, text)
    readers += [m.start() for m in heeded._TASK_READER.finditer(text)]
    return any(agentic._near(pos, readers) for pos in harms) and agentic._REPORT.search(text) is None


_KEEP = re.compile(
    r"\b(?:store|save|add|keep|record|commit)\b[^.\n]{0,30}?\b(?:facts?|memory|memories|long-term|permanent\w*)\b"
    r"|\bremember[ \t]+this\b|\bfrom[ \t]+now[ \t]+(?:on|until)\b|\bfor[ \t]+the[ \t]+rest[ \t]+of[ \t]+(?:this|the)\b"
    r"|\b(?:whenever|every[ \t]+time)[ \t]+you\b"
)
_NORMALISED = re.compile(
    r"\b(?:fine|ok|okay|safe|allowed|acceptable|permitted)[ \t]+to[ \t]+(?:run|use|commit|push|drop|delete|skip|disable"
    r"|deploy)\b[^.\n]{0,60}?\b(?:prod|production|live|main|secrets?|\.env|destructive)\b"
    r"|\b(?:secrets?|\.env|credentials?|keys?|passwords?|tokens?)[ \t]+(?:files?[ \t]+)?(?:may|can|are[ \t]+allowed[ \t]+to)"
    r"[ \t]+be[ \t]+committed\b|\ballows?[ \t]+committing[ \t]+(?:secrets?|\.env|credentials?|keys?|passwords?)"
    r"|\b(?:add|insert|include|prepend)\b[^\n]{0,80}?\b(?:curl|wget)\b[^\n|]{0,120}\|[ \t]*(?:sudo[ \t]+)?(?:ba)?sh\b"
    r"|\bpipes?[ \t]+https?://\S{1,120}[ \t]+(?:into|to)[ \t]+(?:ba)?sh\b"
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b[^.\n]{0,12}$")


def _planted(text: str) -> bool:
    """A persistence cue and a harm called normal (or a remote script planted), the harm not negated just before."""
    keep = _KEEP.search(text)
    if keep is None:
        return False
    for match in _NORMALISED.finditer(text):
        if not _NEGATED.search(text, max(0, match.start() - 14), match.start()):
            return True
    return False
