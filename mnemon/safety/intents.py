"""The weak features of an order to the reader, as one table of data (used by :mod:`mnemon.safety.structure`).

Each feature is a kind of intent an injected order shows (stealth, weakened checks, claimed consent, the
reader's output steered, secrets moved, ...), its weight, its needles (literals one of which every match holds,
so a feature is tried only where it can match) and its pattern. :func:`_feature` splits each pattern into the
alternatives that open in ASCII (tried on every text) and those that open in another script (tried only on text
that is not ASCII), and lets the alternatives that open with ``\\b`` share one look-behind: Python's ``re``
then skips ahead by their first letters. Texts arrive folded and lower-cased (``guard``'s ``fold``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

_PRINCIPAL = (
    r"(?:the\s+|your\s+|my\s+|our\s+)?(?:user|developer|dev|owner|maintainers?|human|operator|reviewers?|boss|"
    r"lead|admins?)"
)
_SECRET = (
    r"(?:\.env\b(?!\.)|credentials?\b|tokens?\b|api[\s_-]?keys?\b|(?:prod(?:uction)?|signing|deploy|master|root|access|"
    r"secret|aws|gcp|azure)\s+keys?\b|passwords?\b|passwd\b|private[\s_-]?keys?\b|"
    r"id_(?:rsa|ed25519|ecdsa)\b|\.pem\b|secrets?\b|ssh[\s_-]keys?\b|~/\.ssh\b|~/\.aws\b|\.npmrc\b|\.netrc\b|"
    r"env(?:ironment)?\s+var(?:iable)?s\b|cookies?\b|session\s+ids?\b|\$[a-z_]*(?:key|token|secret|password)\b|"
    r"contraseñas?|credenciales|zugangsdaten|passwörter|identifiants|mots?\s+de\s+passe|credenziali|senhas?|"
    r"credenciais|密码|密钥|凭证|令牌|パスワード|秘密鍵|認証情報|トークン|비밀번호|토큰|пароль|пароли|токен|ключи)"
)
READER_OUTPUT = (
    r"(?:(?:every|each|all|any|your|the\s+next|your\s+next)\s+(?:[\w-]+\s+)?(?:response|responses|reply|replies|"
    r"answer|answers|summary|summaries|output|message|comment|review|pr\s+description|commit\s+message)s?\b)"
)


class Feature(NamedTuple):
    """One weak feature: its kind, weight, needles (one must occur in the text for it to be tried) and pattern,
    split into the alternatives that start with ASCII (tried on every text) and those that start in another
    script (tried only on texts that are not ASCII: the long lists of other-language words would otherwise
    slow the screen of every English memory)."""

    kind: str
    weight: float
    literals: tuple[str, ...]
    needles: re.Pattern[str]
    ascii: re.Pattern[str] | None
    other: re.Pattern[str] | None


def _alternatives(pattern: str) -> list[str]:
    """The top-level ``|`` alternatives of a regular expression."""
    parts: list[str] = []
    current, depth, in_class, i = "", 0, False, 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            current += pattern[i:i + 2]
            i += 2
            continue
        if in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char in "()":
            depth += 1 if char == "(" else -1
        elif char == "|" and depth == 0:
            parts.append(current)
            current, i = "", i + 1
            continue
        current += char
        i += 1
    parts.append(current)
    return parts


_LEAD = re.compile(r"^(?:\\b|\(\?:|\^|\(\?<=[^)]*\)|\s)+")


def _feature(kind: str, weight: float, needles: str, pattern: str) -> Feature:
    """``needles`` is ``|``-separated literals, one of which every match holds."""
    ascii_parts: list[str] = []
    other_parts: list[str] = []
    for part in _alternatives(pattern):
        (ascii_parts if _LEAD.sub("", part)[:12].isascii() else other_parts).append(part)
    literals = sorted(needles.split("|"), key=len, reverse=True)
    return Feature(kind, weight, tuple(literals), re.compile("|".join(map(re.escape, literals))), _compile(ascii_parts),
                    _compile(other_parts))


def _compile(parts: list[str]) -> re.Pattern[str] | None:
    """The alternatives as one pattern; those opening with ``\\b`` share one look-behind instead, which lets
    ``re`` skip ahead by their first letters (about three times faster on ordinary text)."""
    if not parts:
        return None
    bounded = [part[2:] for part in parts if part.startswith("\\b")]
    rest = [part for part in parts if not part.startswith("\\b")]
    return re.compile("|".join(([r"(?<!\w)(?:" + "|".join(bounded) + ")"] if bounded else []) + rest))


FEATURES: tuple[Feature, ...] = (
    _feature(
        "stealth", 1.0,
        "tell no|ne dis|personne|"
        "quiet|silent|secret|covert|discreet|stealth|unnoticed|without|keep|between|don't|do not|never|no need|"
        "didn't|did not|nobody|heimlich|unauffällig|erwähne|silencio|menciones|discrètement|silence|mentionne|"
        "nascosto|silenzi|silenciosamente|escondido|segredo|mencione|悄悄|偷偷|默默|不要提|别提|こっそり|黙って|言わない|몰래|조용히|말하지|тихо|"
        "незаметно|втихую|не упоминай",
        r"\b(?:quietly|silently|secretly|covertly|discreetly|stealthily|unnoticed|on\s+the\s+quiet)\b"
        r"|\bwithout\s+(?:telling|informing|notifying|alerting|asking|showing|mentioning|letting|flagging|"
        r"reporting|saying|announcing|explaining)\b"
        r"|\bkeep\s+(?:this|it|that)\s+(?:between\s+(?:us|ourselves)|(?:a\s+)?secret|quiet|to\s+yourself|"
        r"off\s+the\s+record)\b|\b(?:just\s+)?between\s+(?:you\s+and\s+me|us|ourselves)\b"
        r"|\b(?:don't|do\s+not|never|no\s+need\s+to)\s+(?:mention|say\s+(?:why|anything|a\s+word)|bring\s+(?:it|this|"
        r"that)\s+up|disclose|explain\s+(?:why|it|this)|flag\s+it|report\s+it|note\s+it|point\s+(?:this|it|that)\s+out)\b"
        r"|\b(?:don't|do\s+not|never|didn't|did\s+not)\s+(?:tell|inform|let)\s+(?:anyone|anybody)\b"
        r"|\bnobody\s+(?:needs\s+to|must|should)\s+(?:know|find\s+out|notice)\b|\btell\s+(?:nobody|no\s+one|no-one)\b"
        r"|\bne\s+(?:dis|dites)\s+rien\b|\bà\s+personne\b"
        r"|\b(?:stillschweigend|heimlich|unauffällig|ohne\s+es\s+zu\s+erwähnen)\b|\berwähne\s+(?:es|das|dies)\s+nicht\b"
        r"|\b(?:en\s+silencio|en\s+secreto|sin\s+decir\s+nada)\b|\bno\s+lo\s+menciones\b"
        r"|\b(?:discrètement|en\s+silence|en\s+secret)\b|\bne\s+le\s+mentionne\s+pas\b"
        r"|\b(?:di\s+nascosto|silenziosamente|in\s+silenzio)\b|\bnon\s+menzionarlo\b"
        r"|\b(?:silenciosamente|escondido|em\s+segredo)\b|\bnão\s+mencione\b"
        r"|悄悄|偷偷|默默地|不要提(?:及|起)?|别提|こっそり|黙って|何も言わない|言わないで|몰래|조용히|말하지\s*마"
        r"|\b(?:тихо|незаметно|втихую)\b|не\s+упоминай",
    ),
    _feature(
        "conceal", 2.0,
        "tell|mention|inform|notify|alert|bother|let|find out|finds out|notice|realis|realiz|learn|suspect|know|"
        "hide|conceal|deny|ユーザー|用户|dire|digas|dis pas|diga|conte|sag dem",
        r"\b(?:don't|do\s+not|never|no\s+need\s+to|without|not)\s+(?:tell(?:ing)?|mention(?:ing)?\s+(?:it|this|that|"
        r"them|anything)\s+to|inform(?:ing)?|notify(?:ing)?|alert(?:ing)?|bother(?:ing)?)\s+"
        + _PRINCIPAL + r"\b(?!\s+(?:to|how|when|where|which|whether|what|why|their|about\s+(?:how|the\s+docs))\b)"
        r"|\b(?:don't|do\s+not|never|without)\s+let(?:ting)?\s+" + _PRINCIPAL + r"\s+know\b"
        r"|\b" + _PRINCIPAL + r"\s+(?:must\s+|should\s+|will\s+|can\s+)?(?:never|not|n't|doesn't|does\s+not|won't|"
        r"will\s+not|can't|cannot)\s+(?:ever\s+)?(?:finds?\s+out|notices?|realises?|realizes?|learns?\s+(?:of|about)|"
        r"suspects?|knows?\s+(?:about|that|what))\b"
        r"|\b(?:hide|conceal)\s+(?:it|this|that|them|the\s+\w+)\s+from\s+" + _PRINCIPAL + r"\b"
        r"|\bif\s+(?:you\s+are\s+|you're\s+)?asked\s+about\s+(?:this|these|the)\s+(?:memory|note|notes|file|message|"
        r"instructions?|change)\b[^.;!?\n]{0,30}?\b(?:deny|say\s+(?:no|nothing)|pretend|lie)\b"
        r"|\bdeny\s+(?:it|this|that|they)\s+(?:exists?|ever\s+existed|happened|was\s+here)\b"
        r"|\b(?:don't|do\s+not|didn't|did\s+not|never|not)\s+(?:tell|mention\s+(?:it\s+)?to|inform|let)\s+(?:anyone|"
        r"anybody|the\s+\w+|them)\s+(?:know\s+)?(?:that|about\s+(?:what|how))\s+you\b"
        r"|ユーザーに(?:は)?(?:何も)?(?:言わない|伝えない|内緒)|(?:不要|别)(?:告诉|通知)用户"
        r"|\bnon\s+dire\s+all['’]\s*utente|\bno\s+le\s+digas\s+al\s+usuario\s+que|\bne\s+dis\s+pas\s+à\s+l['’]\s*"
        r"utilisateur|\bnão\s+(?:diga|conte)\s+ao\s+usu[aá]rio|\bsag\s+dem\s+(?:nutzer|benutzer)\s+nicht",
    ),
    _feature(
        "weaken", 1.0,
        "off|worry|bcrypt|pbkdf2|argon2|scrypt|md5|sha1|leave the old|"
        "skip|bypass|disable|turn off|switch|comment out|stop|suppress|silence|circumvent|neuter|weaken|loosen|"
        "relax|waive|disregard|ignore|optional|turned off|disabled|lifted|removed|suspended|not required|not needed|"
        "unnecessary|fake|bogus|pointless|obsolete|without|refuse|remove|change the|debug|allowed_hosts|777|"
        "no-verify|insecure|verify|backdoor|back door|fallback|master|skeleton|accept|elevated|never|don't|do not|"
        "no longer|sin |senza|ohne|sans|sem |no pidas|ne demande|frag nicht|no preguntes|não|non chiedere|"
        "не спрашивай|跳过|不经|无需|確認|확인|검토|без",
        r"\b(?:skip|skipping|bypass|disable|turn\s+off|switch\s+off|comment\s+out|stop\s+(?:running|flagging|"
        r"warning\s+about|reporting|checking|sandboxing|validating|verifying|asking|confirming|scanning)|suppress|silence|circumvent|neuter|weaken|loosen|relax|waive|"
        r"disregard|ignore)\b"
        r"[^.;!?\n]{0,40}?\b(?:reviews?|tests?|ci|checks?|verification|verify|confirmations?|2fa|mfa|two-factor|"
        r"auth(?:entication|orization)?|tls|ssl|certificates?|warnings?|safety|security|protections?|lint(?:ing|er)?|"
        r"audits?|scans?|guardrails|sandbox|approvals?|signing|signatures?|validation|sanitization|csrf|risks?|"
        r"vulnerabilit(?:y|ies)|eval\(\)|alerts?)\b"
        r"|\b(?:safety|security|checks?|guardrails|restrictions|filters?|reviews?|confirmations?|tests|"
        r"verification|protections?)(?:\s+(?:in|on|for|of)\s+[\w./-]+)?\s+(?:are|is|have\s+been|has\s+been)\s+"
        r"(?:now\s+)?(?:switched\s+off|turned\s+off|disabled|off|lifted|removed|suspended|waived|optional|"
        r"not\s+(?:required|needed)|unnecessary|fake|bogus|pointless|obsolete)\b"
        r"|\b(?:scanner|checks?|linter|audit\w*|logg(?:er|ing)|firewall|protections?|verification|sandbox|guardrails?|"
        r"alerts?|monitoring)\b[^.;!?\n]{0,40}?\b(?:turn|switch)\s+(?:it|them)\s+off\b"
        r"|\bdon't\s+worry\s+about\s+(?:the\s+)?(?:[\w-]+\s+)?(?:checks?|tests?|reviews?|scan|scanner|license|security|"
        r"warnings?|audit)\b"
        r"|\b(?:bcrypt|pbkdf2|argon2|scrypt)\b[^.;!?\n]{0,30}?\b(?:cost|rounds|iterations|work\s+factor)\b[^.;!?\n]{0,10}?"
        r"\b(?:to|=)\s*[1-4]\b|\b(?:switch|change|downgrade)\s+(?:[\w-]+\s+){0,3}?to\s+(?:md5|sha1|des|rc4|ecb)\b"
        r"|\bleave\s+the\s+old\s+(?:ones|keys|credentials|tokens|passwords)\s+(?:active|valid|working|in\s+place)\b"
        r"|\bstop\s+(?:sandboxing|asking\s+(?:for\s+)?(?:permission|confirmation|approval)|confirming|validating|verifying|"
        r"scanning)\b"
        r"|\bwithout\s+(?:a\s+|any\s+)?(?:double-?checking|review(?:ing)?|reading|confirmation|confirming|checking|testing|approval|"
        r"looking\s+at|running\s+the\s+tests)\b"
        r"|\b(?:never|don't|do\s+not|no\s+longer)\s+(?:run|write|ask\s+for|wait\s+for|request)\s+(?:the\s+|any\s+)?"
        r"(?:tests?|confirmation|approval|reviews?|permission)\b"
        r"|\b(?:never|don't|do\s+not|won't)\s+refuses?\b|\bremove\s+(?:them|the\s+tests?)\s+if\s+they\s+fail\b"
        r"|\bchange\s+the\s+(?:assertions?|expected\s+values?|tests?)\s+so\s+(?:that\s+)?they\s+pass\b"
        r"|\bdebug\s*=\s*true\b|\ballowed_hosts\s*=\s*\[?\s*['\"]\*|\bchmod\s+(?:-r\s+)?777\b|--no-verify\b|"
        r"--insecure\b|\bverify\s*=\s*false\b"
        r"|\b(?:backdoor|back\s+door|fallback\s+login|master\s+password|skeleton\s+key)\b"
        r"|\baccepts?\s+(?:any|every|the)\s+password\b|\belevated\s+(?:access|privileges|rights)\b"
        r"|\bsin\s+(?:revisar(?:los|las)?|leer(?:los|las)?|pruebas|confirmaci[oó]n|preguntar|aprobaci[oó]n|ejecutar|correr)\b"
        r"|\bsenza\s+(?:leggerl[ei]|leggere|revisione|conferma|chiedere|test)\b"
        r"|\bohne\s+(?:prüfung|review|bestätigung|zu\s+fragen|nachzufragen|tests)\b"
        r"|\bsans\s+(?:confirmation|vérification|relecture|relire|lire|demander|tests)\b"
        r"|\bsem\s+(?:revisar|ler|confirmação|perguntar|testes)\b"
        r"|\bno\s+pidas\s+(?:confirmaci[oó]n|permiso)\b|\b(?:ne\s+demande\s+plus|frag\s+nicht\s+mehr|"
        r"no\s+(?:pidas|preguntes)\s+más|não\s+(?:peça|pergunte)\s+mais|"
        r"non\s+chiedere\s+più)\b|не\s+спрашивай\s+подтвержд"
        r"|跳过(?:所有)?(?:测试|审查|检查|确认|代码审查)|不经(?:确认|审查|测试)|无需(?:确认|审查)|確認(?:せず|なし)|"
        r"(?:확인|검토)\s*(?:절차)?(?:를|을)?\s*(?:건너뛰|생략)|확인\s*없이|без\s+(?:подтверждения|проверки)",
    ),
    _feature(
        "rubber_stamp", 1.0,
        "apruéba|aprueba|"
        "approv|aprueba|aprova|genehmige|merge|accept|straight|directly|바로|直接|auto|comply",
        r"\b(?:approve|merge|accept)\s+(?:every|all|any)\s+(?:[\w-]+\s+){0,2}?(?:prs?|pull\s+requests?|migrations?|"
        r"changes|diffs?|dependency|dependencies|commits?|tool\s+calls?|requests?|commands?)\b"
        r"|\bauto-?(?:approve|merge|accept|confirm)\b|\bcomply\s+with\s+(?:all|any|every)\b|\b(?:approva|aprueba|aprova|approuve|genehmige)\s+"
        r"(?:tutte|todas|todos|toutes|tous|alle|jede)\b|\bapru[ée]ba(?:los|las)\s+tod|\bapprouve\s+sans\b"
        r"|\b(?:push|deploy|ship|merge)\w*\s+(?:[\w-]+\s+){0,3}?(?:straight|directly)\s+(?:to|into|on)\s+"
        r"(?:main|master|prod(?:uction)?)\b|바로\s*배포|直接(?:部署|上线|推送)|直接デプロイ",
    ),
    _feature(
        "cheat", 1.0,
        "fail|pass|assert|test|prueba|teste|テスト|测试|테스트|тест",
        r"\b(?:remove|delete|drop|skip)\s+(?:them|the\s+tests?|any\s+tests?|(?:the\s+)?failing\s+tests?)\s+"
        r"(?:if|when|that)\s+(?:they\s+)?fail\b|\b(?:remove|delete|drop)\s+(?:the\s+|any\s+|all\s+)?failing\s+tests\b"
        r"|\bchange\s+the\s+(?:assertions?|expected\s+values?|tests?)\s+so\s+(?:that\s+)?(?:they|it)\s+pass"
        r"|\beven\s+if\s+(?:the\s+)?(?:tests?|checks?|ci|it|they|the\s+build)\s+(?:fail|fails|failed|break|breaks)\b"
        r"|\b(?:make|get)\s+the\s+tests\s+pass\s+by\s+(?:changing|editing|deleting|removing|weakening)\b"
        r"|\b(?:apague|apaga)\s+os\s+testes|\bborra\s+(?:los\s+tests|las\s+pruebas)|\blösche\s+(?:die|alle)\s+tests"
        r"|\bsupprime\s+les\s+tests|\bcancella\s+i\s+test|删除了?(?:所有|全部)?(?:失败的)?测试|テストを(?:全部|すべて)?削除|"
        r"테스트를?\s*(?:모두\s*)?삭제|удали\s+(?:все\s+)?тесты",
    ),
    _feature(
        "override", 1.5,
        "ignore|disregard|forget|override|bypass|skip",
        r"\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:the\s+|all\s+|any\s+)?(?:[\w-]+\s+){0,3}?(?:(?:in|of|"
        r"from)\s+)?(?:claude\.md|agents\.md|\.cursorrules|copilot-instructions(?:\.md)?|\.windsurfrules|"
        r"your\s+(?:instructions|rules|guidelines|prompt|system\s+prompt|training|principles|policies))\b",
    ),
    _feature(
        "reader_secret", 0.5,
        "your",
        r"\byour\s+(?!own\b)(?:[\w-]+\s+){0,2}?" + _SECRET,
    ),
    _feature(
        "ship", 1.0,
        "send|upload|post|forward|copy|mirror|email|sync|zip|tar|archive|bundle|compress|pack",
        r"\b(?:send|upload|post|forward|email|mirror|sync)\s+(?:a\s+copy\s+of\s+)?(?:each|every|all|the\s+whole|"
        r"the\s+entire|the\s+full|a\s+copy)\s+(?:of\s+(?:the\s+|your\s+)?)?(?:[\w-]+\s+)?(?:diffs?|commits?|files?|"
        r"changes|conversations?|chats?|prompts?|code|codebase|repo(?:sitory)?|source|transcripts?|session)\b"
        r"[^.;!?\n]{0,60}?(?:://|@|\b\d{1,3}(?:\.\d{1,3}){3}\b)"
        r"|\b(?:zip|tar|archive|bundle|compress|pack)\s+(?:up\s+)?(?:the\s+|this\s+|your\s+)?(?:whole\s+|entire\s+)?"
        r"(?:repo(?:sitory)?|codebase|project|source(?:\s+code)?|home\s+directory)\b[^.;!?\n]{0,40}?\b(?:upload|send|post|"
        r"push|transfer|email)\b",
    ),
    _feature(
        "suppress", 1.0,
        "指摘|報告|言及|不要|别|"
        "leave out|omit|don't include|do not include|never show|don't show|do not show|never mention|hide|exclude|skip",
        r"\b(?:leave\s+out|omit|don't\s+include|do\s+not\s+include|never\s+(?:show|mention|include)|don't\s+show|"
        r"do\s+not\s+show|hide|exclude|skip)\s+(?:any(?:thing)?\s+(?:about\s+)?|all\s+|the\s+)?(?:[\w-]+\s+){0,2}?"
        r"(?:diffs?|changes|security|vulnerabilit(?:y|ies)|fail(?:ed|ures?|ing)|errors?|warnings?|scans?|incidents?|"
        r"cves?|sql\s+injection|risks?)\b|\bleave\s+out\s+(?:that|the\s+fact|any\s+mention)\b"
        r"|(?:問題|脆弱性|エラー)[^。\n]{0,6}?(?:指摘|報告|言及)しない|(?:不要|别)(?:提到|提及|报告)[^。\n]{0,10}?(?:删除|漏洞|失败|错误)",
    ),
    _feature(
        "persist_hook", 1.0,
        "bashrc|zshrc|profile|crontab|authorized_keys|git/hooks|launchagents|systemd",
        r"(?:~/)?\.(?:bashrc|zshrc|bash_profile|profile)\b|\bcrontab\b|\bauthorized_keys\b|\.git/hooks/|"
        r"launchagents|/etc/systemd/",
    ),
    _feature(
        "publish", 0.5,
        "push|commit|publish",
        _SECRET + r"[^.;!?\n]{0,60}?\b(?:then|and)\s+(?:push|commit|publish)\b",
    ),
    _feature(
        "destroy", 0.5,
        "delete|drop|wipe|erase|remove|purge|lösche|borra|elimina|supprim|apague|apaga|cancella|删除|削除|삭제|удал",
        r"\b(?:delete|drop|wipe|erase|purge|remove)\s+(?:all\s+|every\s+|the\s+)?(?:[\w-]+\s+)?(?:logs?|branches|"
        r"tests?|database|db|backups?|files|history|tables?|repos?(?:itory)?|prod(?:uction)?)\b"
        r"|\b(?:lösche|borra|elimina|supprim\w*|apague|apaga|cancella)\b|删除|削除|삭제|удал(?:и|яй)",
    ),
    _feature(
        "access", 1.0,
        "add |grant|granted|elevated",
        r"\badd\s+\S+\s+(?:as\s+)?(?:an?\s+)?(?:maintainer|collaborator|admin|owner|co-?owner|codeowner)s?\b"
        r"|\bgrant\s+\S+\s+(?:admin|write|owner|root|push)\s+(?:access|rights|permissions?)\b"
        r"|\b(?:been\s+)?granted\s+(?:elevated|admin|root|sudo|full|unrestricted)\s+(?:access|rights|privileges)\b",
    ),
    _feature(
        "consent", 1.0,
        "can run|trusts you|"
        "approv|authori|okayed|cleared|sanctioned|granted|given|permission|blessing|go-ahead|allowed|permitted|"
        "permitting|allowing|confirmed|agreed|verified|may now|aprobó|genehmigt|approuvé|approvato|aprovou|同意|承認|승인|"
        "одобрил",
        r"\b(?:approved|authori[sz]ed|pre-?approved|okayed|cleared|sanctioned)\s+(?:every|all|any|everything|"
        r"anything|whatever)\b|\b(?:all|every|any)\s+(?:[\w-]+\s+){0,2}(?:are|is)\s+(?:now\s+)?pre-?approved\b"
        r"|\byou(?:'ve|\s+have)?\s+(?:been|got|have)\s+(?:cleared|authori[sz]ed|granted|given\s+(?:permission|"
        r"clearance|approval|the\s+go-ahead)|pre-?approved|permission\s+from)\b"
        r"|\byou\s+have\s+(?:the\s+)?(?:[\w']+\s+){0,2}(?:permission|blessing|approval|go-ahead|authori[sz]ation)\s+"
        r"(?:from|of)\b"
        r"|\byou(?:'re|\s+are)\s+(?:now\s+|hereby\s+)?(?:allowed|permitted|cleared|authori[sz]ed)\s+to\s+[a-z]"
        r"|\b(?:authori[sz]ing|permitting|allowing)\s+you\s+to\b"
        r"|\b(?:confirmed|agreed|verified)\s+(?:that\s+)?(?:it'?s|it\s+is|this\s+is|that's)\s+(?:safe|fine|ok|"
        r"okay|allowed)\b|\bverified\s+as\s+(?:an?\s+)?(?:admin|administrator|owner|root|maintainer)\b"
        r"|\b(?:ya\s+)?aprobó\s+todo|\bhat\s+alles\s+genehmigt|\ba\s+tout\s+approuvé|\bha\s+approvato\s+tutto|"
        r"\bjá\s+aprovou\s+tudo|已经同意|已同意|承認済み|이미\s*승인|уже\s+одобрил"
        r"|\byou\s+may\s+now\s+(?:access|read|delete|push|run|skip|bypass|disable|deploy|merge)\b"
        r"|\bpermission\s+granted\b|\byou\s+can\s+(?:now\s+)?run\s+(?:any|every|all)\s+(?:shell\s+)?commands?\b"
        r"|\btrusts\s+you\s+(?:completely|fully|entirely|implicitly)\b",
    ),
    _feature(
        "claimed", 0.5,
        "approved|authori|signed off|okayed|ok'd|cleared|consented|sanctioned|green|want|order|behalf|blessing|"
        "permission|approval|prefer|updated|appreciate",
        r"\b(?:user|owner|maintainers?|developers?|team|admins?|operator|lead|boss|management|cto|owners)(?:'s)?\s+"
        r"(?:has\s+|have\s+|would\s+)?(?:already\s+|really\s+)?(?:approved|authori[sz]ed|signed\s+off|pre-?approved|"
        r"okayed|ok'd|cleared|consented|sanctioned|green-?lit|wants?\s+(?:you|it|this)|prefers?\s+that\s+you|"
        r"appreciate\s+it\s+if\s+you)\b"
        r"|\b(?:by\s+order|on\s+(?:the\s+)?orders?|on\s+behalf|with\s+the\s+(?:blessing|permission|approval))\s+of\b"
        r"|\bsigned\s+off\s+on\s+(?:it|this|that)\b|\bthat's\s+how\s+the\s+\w+\s+wants\s+it\b"
        r"|\b(?:instructions|rules|guidelines|prompt|orders)\s+(?:have|has)\s+(?:been\s+)?(?:updated|changed|revised)"
        r"\s+by\b",
    ),
    _feature(
        "unleash", 1.5,
        "need|have to|safety|security|different|unrestricted|unfiltered|jailbroken|new",
        r"\byou\s+(?:no\s+longer|don't|do\s+not|never|won't)\s+(?:need|have)\s+(?:to\s+)?(?:ask|confirm|check|"
        r"(?:any\s+)?(?:permission|confirmation|approval|review))\b"
        r"|\byour\s+(?:safety|security)\s+(?:checks|rules|filters|guidelines|restrictions|training)\b"
        r"|\byou(?:'re|\s+are)\s+(?:now\s+)?(?:an?\s+)?(?:different|new|unrestricted|unfiltered|jailbroken)\s+"
        r"(?:assistant|ai|model|agent|bot)\b",
    ),
    _feature(
        "forge", 2.0,
        "pretend|knows|agreed|won't|never|assume",
        r"\bpretend\s+(?:that\s+)?" + _PRINCIPAL + r"\s+(?:said|agreed|approved|answered|confirmed|asked|wants?|"
        r"replied)\b"
        r"|\b(?:the\s+)?(?:user|developer|owner)\s+(?:already\s+)?(?:knows(?:\s+about\s+(?:it|this))?[.;,!]|"
        r"agreed\s+to\s+(?:this|it)|won't\s+(?:check|mind|notice|read)|never\s+(?:checks|reads|looks|reviews))"
        r"|\bassume\s+(?:that\s+)?" + _PRINCIPAL + r"\s+(?:said|agreed|approved|answered|confirmed)\s+yes\b",
    ),
    _feature(
        "hijack", 1.0,
        "writ|描述|"
        "answer|respon|repl|say|summar|output|review|report|asked|message|comment|description|claim|state|antwort|"
        "répon|rispo|respost|回答|回复|答复|返信|応答|답변|응답|ответ|отвеч",
        r"\byour\s+(?:answers?|replies|responses?|output|reviews?|summar(?:y|ies)|reports?)\b|" + READER_OUTPUT
        + r"|\b(?:answer|respond|reply)\s+(?:to\s+)?(?:every|all|any|each|only)\b"
        r"|\b(?:always|only)\s+(?:say|answer|respond|reply|report|claim|state)\b"
        r"|\b(?:respond|reply|answer|say)\s+(?:only\s+)?(?:with\s+)?[\"'“‘][^\"'”’\n]{1,40}[\"'”’]"
        r"|\b(?:respond|reply|answer)\s+(?:to\s+(?:the\s+)?(?:user|developer|human)\s+)?only\s+with\b|"
        r"\b(?:be\s+)?answered\s+with\b"
        r"|\bwhen\s+(?:you\s+)?(?:summari[sz]e|summari[sz]ing|reviewing|reporting|answering)\b"
        r"|\bwhen\s+(?:you\s+are\s+|you're\s+)?asked\s+(?:for|about)\b"
        r"|\bwhen\s+(?:you\s+)?writ(?:e|ing)\s+(?:the\s+|a\s+|any\s+)?(?:[\w-]+\s+)?(?:report|summary|notes|changelog|"
        r"release\s+notes|pr\s+description|commit\s+messages?)\b|(?:pr|提交|合并请求)\s*描述"
        r"|\bif\s+(?:you\s+are\s+|you're\s+)?asked\s+about\b"
        r"|\bresponde\s+que\b|\b(?:cada|toda)\s+respuesta\b|\bjede[rnms]?\s+antwort\b|\bbevor\s+du\s+antwortest\b|"
        r"\bantworte\s+(?:immer|stets)\b|\bchaque\s+réponse\b|\bréponds\s+(?:toujours|que)\b|\bogni\s+risposta\b|"
        r"\brispondi\s+(?:sempre|che)\b|\btoda\s+resposta\b|\bresponda\s+(?:sempre|que)\b"
        r"|每次(?:回答|回复|答复)|(?:回答|回复)(?:时|里|中)都|すべての(?:返信|応答|回答)|(?:모든|매번)\s*(?:답변|응답)|"
        r"кажд(?:ый|ом)\s+ответ|отвечай,?\s+(?:всегда|что)|всегда\s+отвечай",
    ),
    _feature(
        "falsify", 1.0,
        "mark|sag|問題|blame|"
        "say|report|claim|state|answer|reply|confirm|tell|regardless|no matter|whatever|irrespective|lgtm|even though|"
        "although|deny|success|vulnerabilit|aunque|obwohl|même si|anche se|mesmo que|pasaron|passou|bestanden|"
        "réussi|passati|通过|成功|통과|прошли|parfait|schwachstellen|уязвим|漏洞|脆弱性|취약점|даже|finished|done|"
        "complete|working|fixed",
        r"\b(?:say|report|claim|state|answer|reply|confirm|tell\s+(?:the\s+user|them|him|her|everyone|the\s+team))\s+"
        r"(?:that\s+)?[^.;!?\n]{0,50}?\b(?:passed|is\s+safe|are\s+safe|looks?\s+good|is\s+fine|no\s+issues|is\s+secure|"
        r"are\s+green|succeeded|no\s+restrictions|(?:was|were|is|are)\s+approved|(?:is|was)\s+(?:finished|done|"
        r"complete|working|fixed))\b"
        r"|\b(?:est|sont)\s+parfaits?\b|\bno\s+hay\s+vulnerabilidades\b|\bkeine\s+schwachstellen\b|"
        r"\baucune\s+vulnérabilité\b|\bnessuna\s+vulnerabilità\b|\bnenhuma\s+vulnerabilidade\b|уязвимостей\s+нет|"
        r"没有(?:任何)?漏洞|脆弱性は(?:ない|ありません)|취약점이\s*없|даже\s+если\s+(?:они\s+)?(?:есть|не)"
        r"|\b(?:regardless\s+of|no\s+matter|whatever|irrespective\s+of)\s+(?:what\s+)?(?:the\s+)?[\w./-]+"
        r"(?:\s+[\w./-]+)?\s+(?:says?|shows?|contains?|reports?|returns?)\b"
        r"|\b(?:respond|reply|answer)\s+[\"'“‘]?lgtm\b"
        r"|\bmark\s+[^.;!?\n]{0,40}?\bas\s+(?:complete|completed|done|passed|resolved|fixed|green|compliant)\b"
        r"|\bsag(?:e)?,?\s+dass\s+[^.;!?\n]{0,40}?\b(?:behoben|bestanden|sicher|erledigt|grün)\b|問題(?:なし|ない)と"
        r"|\bblame\s+(?:the\s+)?[\w-]+\s+(?:team|person|vendor)\b"
        r"|\breport\s+(?:success|that\s+(?:all|everything))\b|\bno\s+known\s+vulnerabilities\b"
        r"|\baunque\s+fallen\b|\b(?:todas\s+las\s+pruebas|los\s+tests)\s+pasaron\b|\btudo\s+passou\b|"
        r"\b(?:alle\s+tests|alles)\s+(?:bestanden|grün)\b|\btout\s+(?:a\s+réussi|passe)\b|\bmême\s+s['’]ils\s+échouent\b|"
        r"\btutto\s+(?:ok|passato)\b|\banche\s+se\s+falliscono\b|\bmesmo\s+que\s+falhem\b"
        r"|(?:全部|都)通过了?|すべて成功|(?:모두|다)\s*통과|все\s+тесты\s+прошли",
    ),
    _feature(
        "deceive", 1.0,
        "even though|although|pretend|auch wenn|même si|aunque|anche se|mesmo que|即使|たとえ",
        r"\beven\s+though\s+(?:it|they|that|this|nobody|no\s+one|we|you)\s+(?:wasn't|weren't|isn't|aren't|didn't|did\s+not|"
        r"was\s+not|failed|fails|did|had|never|hasn't|haven't)\b|\balthough\s+(?:it|they)\s+(?:failed|didn't|wasn't)\b"
        r"|\bpretend\s+(?:that\s+)?you\s+(?:did|have|had|ran|fixed|rotated|completed|checked|reviewed|tested)\b"
        r"|\bauch\s+wenn\s+(?:das|es)\s+nicht\s+stimmt\b|\bmême\s+si\s+(?:ce\s+n['’]est|c['’]est)\s+faux\b|"
        r"\baunque\s+no\s+sea\s+(?:verdad|cierto)\b",
    ),
    _feature(
        "trigger", 1.0,
        "whenever|mention|says|types",
        r"\bwhenever\s+(?:someone|anyone|the\s+user|a\s+user|somebody)\s+(?:mentions|says|types|writes|asks\s+(?:about|for))"
        r"\s+[\"'“‘]",
    ),
    _feature(
        "leak", 1.0,
        ".env|credential|token|api|password|passwd|private|id_|.pem|secret|ssh|~/.aws|env var|environment var|cookie|"
        "session id|$|.npmrc|key|printenv|content|output|inhalt|"
        ".netrc|contraseñ|credencial|zugangsdaten|passwört|identifiants|mot|credenzial|senha|密码|密钥|凭证|令牌|"
        "パスワード|秘密鍵|認証情報|トークン|비밀번호|토큰|парол|токен|ключи",
        r"\b(?:send|upload|post|paste|pasted|echo|print|share|email|forward|leak|expose|publish|put|include|append|"
        r"attach|copy|sync|mirror|dump|reveal|show|output|collect|gather|grab|exfiltrate|transmit|read|commit|"
        r"end\s+with|add)\b[^;!?\n]{0,50}?" + _SECRET
        + r"|" + _SECRET + r"[^.;!?\n]{0,30}?\b(?:pasted|added|committed|posted|included)\s+(?:in|into|to)\b"
        r"|(?:附上|贴上|粘贴|发到|上传)[^。\n]{0,20}?(?:~/|\.env|" + _SECRET + r")"
        r"|" + _SECRET + r"[^。\n]{0,6}?(?:写进|写入|放进|加到|提交到|贴到)"
        r"|\b(?:inhalt|contents?|contenido|contenu|conteúdo|contenuto|содержимое|output)\s+(?:von|of|de|del|di|do|da)?\s*"
        r"[`'\"]?(?:~/|\$|printenv|env\b|(?:[\w.~-]+/){0,4}" + _SECRET + r")"
        r"|(?:~/\.aws|~/\.ssh|\.env)[^。\n]{0,20}?(?:的内容|の内容|내용)",
    ),
    _feature(
        "origin", 1.0,
        "only]|only ]|rule for|outrank|"
        "coming|priority|job|task|goal|purpose|mission|notice|message|update|alert|directive|instruction|previous|"
        "'s new|’s new|treat|do what|request|question|correct behav|hidden|policy|replace|supersede|override|"
        "precedence|wins|comes first|apply|applies",
        r"\bcoming\s+(?:straight\s+|directly\s+)?from\s+(?:the\s+)?(?:developer|owner|user|operator|admin|"
        r"maintainers?|system)\b"
        r"|\b(?:new|real|true|actual|top|highest|first)\s+(?:priority|job|task|goal|purpose|mission)\s*(?:for\s+you|"
        r"is\b|in\s+this|:)"
        r"|(?:^|(?<=[\n.!?]))\s*(?:system|admin|operator|security|platform|root)\s+(?:notice|message|update|alert|"
        r"directive|instruction)s?\s*:"
        r"|\b(?:the\s+)?previous\s+(?:assistant|agent|session|model)\s+(?:left|asked|wanted|started)\b"
        r"|\b(?:assistant|agent|model|ai)(?:'s|’s)\s+new\s+(?:default|rule|behaviou?r|policy)\b"
        r"|\b(?:in|from)\s+this\s+(?:note|memory|file|message|comment|document)\s+(?:replaces?|supersedes?|"
        r"overrides?|takes?\s+precedence|wins?|comes?\s+first|appl(?:y|ies)\s+instead)\b"
        r"|\btreat\s+(?:this|it|anything|everything|whatever|the\s+following)\b[^.;!?\n]{0,40}?\bas\s+(?:coming|"
        r"an?\s+(?:order|system|admin|operator|developer)|orders|instructions?|authoritative|binding|official)\b"
        r"|\bdo\s+what\s+this\s+(?:file|note|memory|message|comment|document)\s+says\b"
        r"|\b(?:the\s+)?(?:user's|user’s)\s+(?:request|question|task)\s+is\s+(?:out\s+of\s+scope|irrelevant|"
        r"cancell?ed|a\s+distraction)\b"
        r"|\bthe\s+correct\s+behaviou?r\s+for\s+you\b|\bhidden\s+(?:requirement|rule|instruction|task)\b"
        r"|\[\s*(?:assistant|ai|agent|model|bot|llm)[\s_-]*(?:only|eyes[\s_-]+only|note|instructions?)\s*\]"
        r"|\bnew\s+(?:house\s+)?rule\s+for\s+(?:assistants|agents|ai|bots|models)\b"
        r"|\boutrank\s+(?:the\s+)?(?:chat|user|conversation|prompt)\b"
        r"|\bnew\s+policy\b[^.;!?\n]{0,40}?\byou\s+(?:must|should|will|are\s+to)\b|\bpolicy\s+update\b",
    ),
    _feature(
        "precedence", 1.0,
        "above|over|before|instead|ahead|priority|precedence|not what|override|first",
        r"\b(?:above|over|before|instead\s+of|ahead\s+of)\s+(?:whatever|anything|what|everything)\s+(?:the\s+user|"
        r"they|the\s+developer|the\s+human|the\s+operator)\s+(?:types?|says?|asks?|writes?|wants?)\b"
        r"|(?:^|(?<=[\n.!?]))\s*override\s*:\s"
        r"|\b(?:whatever|no\s+matter\s+what)\s+the\s+(?:user|developer|human)\s+(?:asks|says|wants|types)\s*(?:next|"
        r"for)?[^.;!?\n]{0,10}?\bfirst\b"
        r"|\bnot\s+what\s+(?:the\s+user|the\s+developer|they|the\s+human)\s+(?:says?|asks?|wants?|types?)\b"
        r"|\bpriority\s+(?:0|zero|one|1)\b|\bhighest[\s-]priority\b|\boverrides?\s+(?:the\s+user|everything|"
        r"all\s+other)\b|\btakes?\s+precedence\s+over\s+(?:the\s+user|anything|everything|whatever)\b",
    ),
    _feature(
        "obsolete", 1.0,
        "outdated|obsolete|void|supersede|replace|revoked|no longer|override|written for",
        r"\b(?:guidelines|instructions|rules|prompt|training|directives|policies|safeguards|safety\s+section)\b"
        r"[^.!?\n]{0,40}?\b(?:are|is|were|was|have\s+been|has\s+been)\s+(?:now\s+)?(?:outdated|obsolete|void|"
        r"superseded|replaced|revoked|no\s+longer\s+(?:valid|in\s+force|binding)|(?:only\s+)?written\s+for)\b"
        r"|\b(?:replace|supersede|override)s?\s+(?:them|those|your\s+\w+)\b",
    ),
    _feature(
        "delegate", 1.0,
        "whatever|everything|anything|all that",
        r"\b(?:carry\s+out|execute|run|follow|do|obey|perform|apply)\s+(?:whatever|everything|anything|all\s+that)"
        r"\s+(?:is\s+|it\s+)?(?:written|said|says|listed|appears?|found|stated|in)\b"
        r"|\bwhatever\s+the\s+next\s+(?:message|line|note|memory)\s+says\b",
    ),
    _feature(
        "standing", 0.5,
        "from now|from this|from here|going forward|henceforth|whenever|every time|any time|anytime|each time|"
        "session|partir|jetzt|nun an|ab sofort|désormais|ora in poi|agora em|从现在|以后|今後|これから|지금부터|앞으로|с этого|отныне|"
        "впредь",
        r"\b(?:from\s+(?:now|this\s+(?:message|point|note|memory)|here)\s+on(?:wards?)?|going\s+forward|henceforth|"
        r"whenever|every\s+time|any\s+time|anytime|each\s+time|in\s+(?:every|all|future)\s+sessions?)\b"
        r"|(?:\b|(?<=\s)|^)[aà]\s+partir\s+de\s+(?:este\s+momento|ahora|hoy|agora|maintenant)\b|\bab\s+(?:jetzt|sofort)\b|"
        r"\bvon\s+nun\s+an\b|\bdésormais\b|\b(?:da|d['’])\s*ora\s+in\s+poi\b|\bde\s+agora\s+em\s+diante\b"
        r"|从现在(?:开始|起)|以后每次|今後|これから|지금부터|앞으로|с\s+этого\s+момента|\bотныне\b|\bвпредь\b",
    ),
    _feature(
        "destination", 0.5,
        "://|@|public|pastebin|chat",
        r"\b[a-z][a-z0-9+.-]{1,10}://[^\s]+|\b[\w.+-]+@[\w-]+\.[\w.]+\b|\b\d{1,3}(?:\.\d{1,3}){3}\b"
        r"|\bpublic\s+(?:gist|paste|repo|bucket|channel|readme)\b|\bpastebin\b|\b(?:in|into)\s+the\s+chat\b",
    ),
)
