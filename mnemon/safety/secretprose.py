"""Credentials told in sentences: the prose pass of :func:`mnemon.safety.redact.redact`.

* a secret noun (password, passphrase, passcode, token, API key, secret, credentials; and Passwort,
  contraseña, mot de passe, senha, 密码, パスワード, пароль, पासवर्ड, كلمة المرور; a key or token as Schlüssel
  (also in compounds such as "API-Schlüssel"), 키, ключ, токен, टोकन; an SNMP "community" when SNMP is named) followed within a few words by a link (is, was,
  =, :, to, lautet, es, est, é, 是, है, هي, ...) and a value that looks like a password rather than a word ("the
  staging password is Xk2...", "I set the admin password to ..."); a ``user / password`` or ``user:password``
  pair after login, credentials or access; "use VALUE as the password".

Values pass the same checks as the other forms (:mod:`mnemon.safety.secretforms`,
:mod:`mnemon.safety.secretwords`): references, placeholders and plain words are left alone. Nouns are found
with ``str.find`` and every pattern is bounded, so cost stays linear.
"""

from __future__ import annotations

import re

from mnemon.safety import secrettongues
from mnemon.safety.entropy import decodes_to_text, looks_generated, public_identifier
from mnemon.safety.secretforms import Span, _literal, _password_like, _span
from mnemon.safety.secretwords import token_like
from mnemon.safety.spans import starts

_NOUN_NEEDLES = ("pass", "pw", "key", "secret", "token", "cred", "clave", "senha", "mot de passe", "mdp",
                 "wachtwoord", "kennwort", "contrasena")
_NOUN_NEEDLES_WIDE = ("contraseña", "hasło", "пароль", "Пароль", "ПАРОЛЬ", "密码", "口令", "パスワード", "暗号", "密钥", "令牌",
                      "mật khẩu", "비밀번호", "암호", "şifre", "lösenord", "κωδικός", "密碼", "schlüssel", "키", "टोकन",
                      "पासवर्ड", "كلمة", "токен", "ключ")
"""Needles outside ASCII, searched only in text that has such characters."""
_NOUN = re.compile(
    r"(?:passwords?|passwort|passwd|passphrase|passcode|pass|pwd?|keys?|secrets?|tokens?|credentials?|creds"
    r"|contraseña|contrasena|clave|senha|mot de passe|mdp|wachtwoord|hasło|пароль|Пароль|ПАРОЛЬ|kennwort"
    r"|mật khẩu|şifre|lösenord(?:et)?|κωδικός|schlüssel|токен|ключ|community)(?![\w\-])"
    r"|密码|口令|パスワード|暗号|密钥|令牌|비밀번호|암호|密碼|키(?=[는은: \t])|टोकन|पासवर्ड|كلمة (?:مرور|المرور|السر)"
)
_NOT_BEFORE = frozenset("-./:=@$%{_")
_QUALIFIED = re.compile(
    r"(?:api|access|secret|private|signing|unseal|master|license|licence|auth|encryption|ssh|deploy|account"
    r"|admin|root|app|client|service|webhook|bot|server|merchant|partner|storage|hmac|jwt|shared|personal"
    r"|integration|routing)[ _\-]?$"
)
"""A bare "key" means too many things (cache, primary, sort, Enter key); a qualified one is a credential."""
_LINK_WORDS = (r"is|was|are|were|be|becomes|became|remains|=|->|→|=>|to|now|lautet|ist|war|es|est|é|è|era|était|sind"
               r"|sera|será|wird|queda como|ahora es|ist jetzt")
_LINK = re.compile(
    r"(?:[ \t]+(?:" + _LINK_WORDS + r")[ \t]+"
    r"|[ \t]*(?:[:=：]|是|为|は|:)[ \t]*"
    r"|[ \t]+[—–][ \t]+)"
)
"""The verb or sign between a noun and its value."""
_LINK_WIDE = re.compile(
    r"(?:[ \t]+(?:" + _LINK_WORDS + r"|теперь|сейчас|là|quedó como|agora é|adalah|jest|är|olarak|है|هي|هو)[ \t]+"
    r"|[ \t]*(?:[:=：]|是|为|は|는|은|:)[ \t]*"
    r"|[ \t]+[—–][ \t]+)"
)
"""The same, with the words and particles of text outside ASCII (Russian, Vietnamese, Korean ...)."""
_ADVERB = re.compile(
    r"(?:still|now|currently|just|simply|always|actually|temporarily|again|also|noch|immer|toujours|encore"
    r"|todavía|aún|ainda|nu|jetzt|ahora|agora|maintenant|teraz|ora)[ \t]+"
)
"""An adverb after the link, skipped before the value is read ("is still X", "lautet noch X")."""
_GAP_WORD = r"[ \t]+(?:\([^()\n]{1,40}\)|[\w'’()]+(?:[\-@.][\w'’()]+)*@?)"
"""One word between noun and link: a hyphenated or dotted word, an address, or a parenthesis ("(bld-03)",
"(not the search-only one!)")."""
_GAP = re.compile("(?:" + _GAP_WORD + "){0,7}?(?=" + _LINK.pattern + ")")
_GAP_WORDS = re.compile("(?:" + _GAP_WORD + "){0,7}")
_GAP_LINK = re.compile("(?:" + _GAP_WORD + "){0,7}?(?:" + _LINK.pattern + ")")
_GAP_LINK_WIDE = re.compile("(?:" + _GAP_WORD + "){0,7}?(?:" + _LINK_WIDE.pattern + ")")
"""Up to seven words, then the first link after them: tried again after a link whose value is no credential
("the password on prod was changed to X": "was", then "to")."""
_CODE_AFTER = frozenset(("(", ".", "[", "{", "\"", "'", "`", "/"))
"""What follows a noun used as a name in code (``password.encode()``, ``token["x"]``): no prose there."""
_VERBS = frozenset(("use", "using", "with", "try", "enter", "type"))
_DETERMINERS = frozenset(("the", "this", "my", "our", "that", "api", "api-", "api_"))


def _verb_before(words: list[str]) -> bool:
    """"use", "with", "try" ... right before the noun, perhaps with a determiner between."""
    words = list(words)
    while words and words[-1] in _DETERMINERS:
        words.pop()
    return bool(words) and words[-1] in _VERBS


def _user_before(words: list[str]) -> bool:
    """A user named just before the password noun: "user X, pass", "username: X password"."""
    return any(w.rstrip(":=") in ("user", "username", "login") for w in words[-4:-1])


_LINKLESS_VALUE = re.compile(r"[ \t]*[:=]?[ \t]*[\"'`]?(?P<val>(?![>)\]}])[^\s,;\"'`]{4,256})")
_LOGIN_AS_WITH = re.compile(
    r"\b(?:log[ \t]*in|login|sign[ \t]*in|ssh|connect|authenticate)\b[^.\n]{0,60}?\bas[ \t]+\S{1,64}[ \t]+with[ \t]+"
    r"(?:(?:the[ \t]+)?(?P<noun>password|pw|passphrase)[ \t]+)?[\"'`]?(?P<val>[^\s\"'`]{4,256})"
)
"""Logging in "as USER with PASS"."""
_NOUN_LINK = re.compile("(" + _NOUN.pattern + ")" + _GAP.pattern + "(?:" + _LINK.pattern + ")")
"""A noun, up to seven words, and a link, in one match (the value is read after it)."""
_PROSE_VALUE = re.compile(r"(?P<q>[\"'`]?)(?P<val>[^\s\"'`]{1,256})")
_DIGIT_NOUNS = ("pin", "passcode")
_STRONG_NOUN_FORMS = frozenset((
    "password", "passwords", "passwort", "passwd", "passphrase", "passcode", "pass", "pw", "pwd", "kennwort",
    "contraseña", "contrasena", "senha", "mot de passe", "mdp", "clave", "wachtwoord", "hasło", "пароль", "密码",
    "口令", "パスワード", "暗号", "Пароль", "ПАРОЛЬ", "mật khẩu", "비밀번호", "암호", "şifre", "lösenord", "κωδικός", "密碼",
    "lösenordet", "पासवर्ड", "كلمة مرور", "كلمة المرور", "كلمة السر", "community",
))
_PAIR_NEEDLES = ("login", "log-in", "credential", "creds", "access", "account")
_PAIR_CONTEXT = re.compile(
    r"(?:login|log-in|logins|credentials?|creds|access|account)(?![\w\-])[^\n/]{0,40}?"
    r"(?:[:=]|\bis\b|\bare\b)?[ \t]*(?P<user>[\w.@+\-]{2,64}|\[redacted:\w+\])(?:[ \t]*/[ \t]*|:)(?P<val>[^\s/]{4,128})",
)
_AS_NOUN = re.compile(
    r" as[ \t]+(?:the[ \t]+|your[ \t]+)?(?:password|passphrase|passcode|pw|token|api[ _\-]?key|secret)(?![\w\-])"
)
_USE_VALUE = re.compile(r"(?:use|try|enter|type)[ \t]+(?P<q>[\"'`]?)(?P<val>[^\s\"'`]{4,256})(?P=q)$")
_TRAILING = ".,;:)]}>!?\"'`"


_NOT_A_VALUE = re.compile(r"v?\d+(?:[.,:]\d+)+%?|\d+%|\d+(?:ms|s|m|h|d|kb|mb|gb)", re.IGNORECASE)


def _issued_password(value: str) -> bool:
    """A value right after "password" with no verb or link before it ("account: password Xk2..."): only a
    value no word looks like (both cases and digits, a symbol, or a generated string), since "password
    reset" and "password sha256-hashed" are talk about passwords."""
    upper = any(c.isupper() for c in value)
    lower = any(c.islower() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = any(c in "!@#$%^&*+=?~" for c in value)
    return (upper and lower and digit) or (symbol and digit and (upper or lower)) or looks_generated(value, 8)


_VAULTS = frozenset(
    "1password bitwarden vaultwarden lastpass keepass keepassxc dashlane keychain keeper enpass nordpass protonpass "
    "infisical doppler passbolt psono".split()
)
"""Password managers: "the password is in 1Password" names where it is kept, not the password."""


def _prose_ok(noun: str, value: str) -> bool:
    """Whether the word after "<noun> is" reads as the credential itself (cheap tests first)."""
    if len(value) < 4 or (value.isalpha() and (value.islower() or len(value) < 12)) or value.lower() in _VAULTS:
        return False
    if value.isdigit():
        return noun.startswith(_DIGIT_NOUNS) and len(value) >= 4
    strong = noun in _STRONG_NOUN_FORMS
    if strong:
        if not _password_like(value):  # which holds only for a literal
            return False
    elif len(value) < 12 or not (token_like(value) or looks_generated(value, 12)):
        return False
    return not (
        value.startswith(("http", "/", "~", "./", "www."))
        or _NOT_A_VALUE.fullmatch(value)
        or not (strong or _literal(value))
        or public_identifier(value)
        or (value.startswith("eyJ") and decodes_to_text(value))
    )


def prose_spans(text: str, lowered: str) -> list[Span]:
    """Credentials told in sentences (see the module docstring)."""
    spans: list[Span] = []
    ascii_only = lowered.isascii()
    needles: tuple[str, ...] = _NOUN_NEEDLES if ascii_only else _NOUN_NEEDLES + _NOUN_NEEDLES_WIDE
    if "snmp" in lowered:
        needles += ("community",)  # an SNMP community string is a password; "community" elsewhere is a word
    gap_link = _GAP_LINK if ascii_only else _GAP_LINK_WIDE
    for pos in starts(lowered, needles):
        if pos and lowered[pos].isascii() and (lowered[pos - 1].isalnum() or lowered[pos - 1] in _NOT_BEFORE):
            if not (lowered[pos - 1] == "-" and pos > 1 and lowered[pos - 2].isalpha()) and not _env_name(text, pos):
                continue  # a name in code; "root-password" (a compound word) and "set DB_PASSWORD to" are prose
        spans.extend(_noun_spans(text, lowered, pos, gap_link))
    spans.extend(_login_as_spans(text, lowered))
    spans.extend(_pair_spans(text, lowered))
    spans.extend(_slash_pair_spans(text, lowered))
    spans.extend(_use_spans(text, lowered))
    spans.extend(secrettongues.tongue_spans(text, lowered))  # the languages this pass has no words for
    spans.extend(secrettongues.near_spans(text, lowered))  # nouns whose value sits next to them
    return spans


_ENV_NAME = re.compile(r"(?<![^ \t])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*_[A-Z]+ ")


def _env_name(text: str, pos: int) -> bool:
    """The noun ends an environment variable's name (``MYSQL_PASSWORD``) that a sentence talks about: a
    word of its own, between blanks (not ``${DB_PASSWORD}`` nor ``DB_PASSWORD=``)."""
    if text[pos - 1] != "_" or pos < 2 or not (text[pos].isupper() and text[pos - 2].isupper()):
        return False
    start = pos - 1
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_") and pos - start < 40:
        start -= 1
    return start > 0 and _ENV_NAME.match(text, start) is not None


def _noun_spans(text: str, lowered: str, pos: int, gap_link: re.Pattern[str] = _GAP_LINK) -> list[Span]:
    """The value a noun at ``pos`` is linked to ("password ... is X"), or that follows it directly."""
    noun = _NOUN.match(lowered, pos)
    if noun is None or lowered[noun.end() : noun.end() + 1] in _CODE_AFTER:
        return []
    if "[redacted:" in lowered[noun.end() : noun.end() + 16]:
        return []  # an earlier pass took the value that follows the noun
    spans: list[Span] = []
    bare_key = noun.group(0).startswith("key") and not _QUALIFIED.search(lowered, max(0, pos - 16), pos)
    cursor, window_end = noun.end(), min(len(lowered), noun.end() + 90)
    for _ in range(0 if bare_key else 3):
        link = gap_link.match(lowered, cursor, window_end)
        if link is None:
            break
        cursor = link.end()
        while cursor > link.start() and lowered[cursor - 1] in " \t":
            cursor -= 1  # the next gap starts with the blank after this link
        adverb = _ADVERB.match(lowered, link.end())
        value = _PROSE_VALUE.match(text, adverb.end() if adverb else link.end())
        if value is None:
            continue
        raw = _before_wide(value.group("val"))
        stripped = raw.rstrip(_TRAILING) or raw
        if _prose_ok(noun.group(0), stripped):
            spans.append(_span(value.start("val"), stripped, "password"))
            break
        phrase = _word_phrase(text, link.end()) if noun.group(0) in _STRONG_NOUN_FORMS else None
        if phrase:
            spans.append(_span(link.end(), phrase, "password"))
            break
    password_noun = noun.group(0).startswith(("pass", "pw"))
    if password_noun or not bare_key or _introduced(lowered, pos, password_noun):
        value = _LINKLESS_VALUE.match(text, noun.end())
        if value:
            raw = _before_wide(value.group("val"))
            stripped = raw.rstrip(_TRAILING) or raw
            if (_prose_ok(noun.group(0), stripped) and (
                _introduced(lowered, pos, password_noun)
                or (_issued_password(stripped) if password_noun else looks_generated(stripped, 16))
            )) or (not password_noun and not bare_key and _named_hex(stripped)):
                spans.append(_span(value.start("val"), stripped, "password"))
    if not spans and not bare_key:
        spans.extend(_anaphor_spans(text, lowered, noun.end(), noun.group(0)))
    return spans


_WIDE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uff00-\uffef]")
"""Ideographs, kana, Hangul and full-width forms: a value ends where such text resumes (\"12文字以上\" is a
length rule; in \"パスワードはXk2...です\" the password is the ASCII part)."""
_HEX_VALUE = re.compile(r"[0-9a-f]{24,128}|[0-9A-F]{24,128}")
_ANAPHOR = re.compile(
    r"[^\n]{0,60}?(?:(?:\b(?:the[ \t]+)?new[ \t]+one|\bla[ \t]+nueva|\bdas[ \t]+neue|\ble[ \t]+nouveau|\bo[ \t]+novo"
    r"|\bil[ \t]+nuovo|\bhet[ \t]+nieuwe)(?:[ \t]+(?:is|was|es|est|ist|lautet|é|è)|[ \t]*[:=—–])"
    r"|\b(?:the[ \t]+)?new[ \t]+value(?:[ \t]+(?:is|was)|[ \t]*[:=—–])?"
    r"|\bit(?:'s|’s|[ \t]+is)[ \t]+now|\bnow[ \t]+it(?:'s|’s|[ \t]+is)|\b(?:changed|reset|set|updated)[ \t]+it[ \t]+to)[ \t]+"
)
"""A credential named once and its value told after a pronoun: "rotated the password, new one is X", "changed
it to X", "la nueva es X", "rotated the signing key, new value X" (the noun, then the same sentence or the next)."""


_ANAPHOR_NEEDLES = ("new", "now", " it to", "nueva", "neue", "nouveau", "novo", "nuovo", "nieuwe")
"""One of these occurs in every :data:`_ANAPHOR` match."""


def _before_wide(raw: str) -> str:
    """The value up to where wide text resumes; nothing when that text is the possessive の ("パスワードはAcmeの
    金庫フォルダを参照": the value then names the owner of what follows, not the password)."""
    wide = _WIDE.search(raw) if not raw.isascii() else None
    if wide and raw[wide.start()] == "の":
        return ""
    return raw[: wide.start()] if wide else raw


def _named_hex(value: str) -> bool:
    """Hex that a token, secret or qualified key names directly ("auth token 5d55...", "api secret 9f3a..."):
    a credential, not a digest, since no hash name leads it."""
    return _HEX_VALUE.fullmatch(value) is not None


def _anaphor_spans(text: str, lowered: str, pos: int, noun: str) -> list[Span]:
    """The value told after a pronoun standing for a credential noun that ended at ``pos`` (see :data:`_ANAPHOR`):
    a password's passes the password test; a token's, secret's or qualified key's must look issued or be hex."""
    window = lowered[pos : pos + 120]
    if not any(needle in window for needle in _ANAPHOR_NEEDLES):
        return []
    match = _ANAPHOR.match(lowered, pos, min(len(lowered), pos + 120))
    if match is None:
        return []
    value = _PROSE_VALUE.match(text, match.end())
    if value is None:
        return []
    raw = _before_wide(value.group("val"))
    stripped = raw.rstrip(_TRAILING) or raw
    if noun in _STRONG_NOUN_FORMS:
        ok = _prose_ok("password", stripped)
    else:
        ok = _prose_ok(noun, stripped) or (_named_hex(stripped) and not public_identifier(stripped))
    return [_span(value.start("val"), stripped, "password")] if ok else []


def _introduced(lowered: str, pos: int, password_noun: bool) -> bool:
    """The noun at ``pos`` follows a verb ("use the token ...") or, for a password, a user ("user X, pass ...")."""
    before = lowered[max(0, pos - 90) : pos].split()[-4:]
    return _verb_before(before) or (password_noun and _user_before(before))


_PHRASE = re.compile(r"[\"'`]?(?P<val>[a-z]{3,10}(?:(?P<sep>[ \-])[a-z]{3,10})(?:(?P=sep)[a-z]{3,10}){2,10})")
_COMMON_WORDS = frozenset((
    "the a an and or but if then than that this these those it its is are was were be been being to of in on at "
    "by for with from into onto over under about after before as not no yes all any some every each both either "
    "you your we our they their he she his her my me us them who what which when where why how can could will "
    "would should must may might shall do does did done have has had get got make made use used using set see "
    "here there now just only also very more most less much many such same other another new old same please "
    "stored kept saved rotated changed reset required needed long short strong weak enough something anything "
    "nothing everything works work fine same value values secret password passphrase token key vault"
).split())
"""Words a sentence about a password uses ("is stored in the vault", "must be long enough"): a random
word phrase (diceware) almost never draws one, so a phrase holding one is talk, not the passphrase."""


def _word_phrase(text: str, start: int) -> str | None:
    """A passphrase of four or more random lower-case words ("marble orbit cactus velvet", "correct-horse-
    battery-staple") told after a password noun's link, ending the sentence."""
    match = _PHRASE.match(text, start)
    if match is None:
        return None
    after = text[match.end() : match.end() + 2]
    if after[:1] and after[:1] not in ".,;:!?)\n\"'`" and after not in (" (", " -", " —"):
        return None  # the sentence goes on: the words are talk, not the phrase
    words = re.split(r"[ \-]", match.group("val"))
    return None if any(w in _COMMON_WORDS for w in words) else match.group("val")


def _login_as_spans(text: str, lowered: str) -> list[Span]:
    """Logging in "as USER with PASS"."""
    spans: list[Span] = []
    if " as " in lowered and " with " in lowered and any(w in lowered for w in ("log", "sign", "ssh", "connect", "auth")):
        for login in _LOGIN_AS_WITH.finditer(lowered):
            raw = text[login.start("val") : login.end("val")]
            stripped = raw.rstrip(_TRAILING) or raw
            if _prose_ok(login.group("noun") or "password", stripped):
                spans.append(_span(login.start("val"), stripped, "password"))
    return spans


def _pair_spans(text: str, lowered: str) -> list[Span]:
    """``user / password`` or ``user:password`` after login, credentials, access or account."""
    spans: list[Span] = []
    for pos in starts(lowered, _PAIR_NEEDLES):
        if pos and (lowered[pos - 1].isalnum() or lowered[pos - 1] in "-_"):
            continue
        match = _PAIR_CONTEXT.match(lowered, pos)
        if match and not _resource_name(match.group("user"), match.group("val")):
            raw = text[match.start("val") : match.end("val")]
            stripped = raw.rstrip(_TRAILING) or raw
            if _password_like(stripped) and not stripped.startswith(("http", "/")):
                spans.append(_span(match.start("val"), stripped, "password"))
    return spans


def _resource_name(user: str, value: str) -> bool:
    """A colon-separated resource name read as ``user:password``: an ARN or URN (``arn:aws:iam::1234:user``,
    ``urn:li:organization:90210``), or any value with two more colons in it (a path of fields, not a password)."""
    return user in ("arn", "urn") or value.count(":") >= 2


_SLASH_PAIR = re.compile(
    r"(?:(?:^|(?<=[\s(]))(?P<email>[\w.+\-]{1,64}@[\w\-]+(?:\.[\w\-]+)+)"
    r"|(?:\bis|\bare|\bwas|[:=])[ \t]+(?P<user>[a-z][a-z0-9._\-]{1,31}))"
    r"[ \t]+/[ \t]+[\"'`]?(?P<val>[^\s/\"'`]{8,256})"
)
"""``ada@example.org / VALUE`` anywhere, ``... is admin / VALUE`` after a link: a login and its password."""


def _slash_pair_spans(text: str, lowered: str) -> list[Span]:
    """:data:`_SLASH_PAIR` tried around each spaced slash only."""
    spans: list[Span] = []
    slash = text.find(" / ")
    while slash >= 0:
        match = _SLASH_PAIR.search(text, max(0, slash - 80), slash + 264)
        while match is not None and match.start("val") < slash + 3:
            match = _SLASH_PAIR.search(text, match.end(), slash + 264)  # a pair before this slash: done already
        slash = text.find(" / ", slash + 3)
        if match is None:
            continue
        value = match.group("val").rstrip(_TRAILING)
        if "@" in value or value.startswith("http") or _NOT_A_VALUE.fullmatch(value) or re.search(r"\d\.\d", value):
            continue
        if _issued_password(value) and _literal(value):
            spans.append(_span(match.start("val"), value, "password"))
    return spans


_USE_TO = re.compile(r"\b(?:use|using|enter|type|with)[ \t]+[\"'`]?(?P<val>[^\s\"'`]{8,128}?)[\"'`]?[ \t]+$", re.IGNORECASE)
_OPENS = ("to unlock", "to decrypt", "to log in", "to login", "to sign in", "to authenticate", "to get in")
""""use VALUE to unlock the vault", "type VALUE to log in": a value that opens something is its password."""


def _use_spans(text: str, lowered: str) -> list[Span]:
    """"use VALUE as the password" and "use VALUE to unlock/log in"."""
    spans: list[Span] = []
    pos = lowered.find(" as ")
    while pos >= 0:
        if _AS_NOUN.match(lowered, pos):
            line_start = lowered.rfind("\n", 0, pos) + 1
            use = _USE_VALUE.search(text, max(line_start, pos - 300), pos)
            if use and _password_like(use.group("val")):
                spans.append(_span(use.start("val"), use.group("val"), "password"))
        pos = lowered.find(" as ", pos + 4)
    for opens in _OPENS:
        at = lowered.find(opens)
        while at >= 0:
            match = _USE_TO.search(text, max(0, at - 150), at)
            at = lowered.find(opens, at + len(opens))
            if match is None:
                continue
            value = match.group("val")
            digits = sum(c.isdigit() for c in value)
            strong = (_issued_password(value) and digits >= 2) or looks_generated(value, 12)
            if strong and _literal(value) and not _NOT_A_VALUE.fullmatch(value):
                spans.append(_span(match.start("val"), value, "password"))
    return spans
