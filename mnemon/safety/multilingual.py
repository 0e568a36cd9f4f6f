"""The core injection concepts in the languages developers paste from, as one table of data.

guard and ``address`` hold many phrasings per language, grown one family at a time. This module covers the few
concepts every injection reuses, in each language, by their grammar (a verb within a short span of its object)
rather than by whole sentences:

* ``override`` (instruction_override): ignore / forget the previous, above or system instructions;
* ``persona`` (role_impersonation): "you are now" followed by an assistant, a model or freedom from restrictions;
* ``prompt_leak`` (exfiltration): show / print / reveal the system prompt or your instructions;
* ``conceal`` (conceal_from_user): say nothing to the user, without telling the user;
* ``send`` (exfiltration): send or upload credentials, keys, tokens, ``.env`` or environment variables;
* ``run`` (tool_coercion): execute a command without asking, or execute a command that fetches and runs code
  or deletes recursively.

Languages: Spanish, German, French, Portuguese, Italian, Russian, Chinese, Japanese and Korean (English is guard's
own). Developer imperatives in these languages ("Ignora los avisos de deprecación", "忽略 build 目录下的 lint 警告",
"ビルドディレクトリの警告は無視してください", "Ejecuta npm test antes de abrir el PR") stay clean: the object of the
override must be instructions, rules or a prompt, and a command must be run without asking or be destructive.

Texts arrive folded and lower-cased (``guard._fold``). Each pattern is tried only when one of its needles occurs.
"""

from __future__ import annotations

import re

_SHELL = (
    r"(?:curl|wget|iwr|invoke-webrequest)\s[^\n|]{0,120}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\brm\s+-[rf]{2}\s+[~/.*]"
    r"|\bmkfs\b|\bdd\s+if=|\bchmod\s+(?:-r\s+)?777\s+/|\bnc\s+-e\b|/dev/tcp/"
)
_DESTINATION = (
    r"(?:[a-z][a-z0-9+.-]{1,10}://|\b[\w.+-]+@[\w-]+\.[\w.]+|\b\d{1,3}(?:\.\d{1,3}){3}\b|servidor|server|serveur|"
    r"サーバー|サーバ|服务器|서버|сервер|webhook|pastebin|gist)"
)

_CONCEPTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # (rule, pattern, needles); the send concept is _SEND below
    ("instruction_override",
     # Spanish, Portuguese, Italian, French, German
     r"\b(?:ignora|ignore|ignorar|olvida|olvide|descarta|omite|esque[çc]a|ignorate|ignori|dimentica|oublie[zs]?|"
     r"ignoriere|vergiss|missachte|übergehe)\b[^.\n]{0,40}?\b(?:instrucciones|indicaciones|reglas|directrices|"
     r"instru[çc](?:õ|o)es|regras|diretrizes|istruzioni|regole|instructions|consignes|règles|anweisungen|regeln|"
     r"vorgaben|richtlinien)\b[^.\n]{0,20}?\b(?:anteriores|previas|de\s+arriba|originales|del\s+sistema|"
     r"precedentes|pr[ée]c[ée]dentes|ant[ée]rieures|ci-dessus|du\s+syst[èe]me|do\s+sistema|precedenti|"
     r"di\s+sistema|vorherigen|bisherigen|obigen|vorigen|früheren|des\s+systems)\b"
     r"|\b(?:ignora|ignore|olvida|descarta|ignoriere|vergiss|oublie|ignorez|dimentica)\s+(?:todas?|todos|tutte|toutes|"
     r"alle|tus|tes|deine|le\s+tue)\s+(?:las\s+|as\s+|les\s+|die\s+)?(?:tus\s+|suas\s+|vos\s+|tes\s+)?(?:instrucciones|"
     r"instru[çc](?:õ|o)es|istruzioni|instructions|consignes|anweisungen)\b"
     # Russian
     r"|(?:игнорируй|забудь|проигнорируй|не\s+обращай\s+внимания\s+на)[^.\n]{0,12}?(?:предыдущ|прежн|прошл|все|"
     r"системн|вышеуказанн|свои)[^.\n]{0,20}?(?:инструкци|указани|правил)"
     # Japanese
     r"|(?:これまで|以前|前|上記|今まで|最初|元|システム)の?[^。\n]{0,6}?(?:指示|命令|ルール|指令|プロンプト)[^。\n]{0,10}?"
     r"(?:無視|忘れて|破棄)|(?:指示|命令|ルール|指令|プロンプト)[^。\n]{0,4}?(?:すべて|全て)(?:無視|忘れて|破棄)"
     # Korean
     r"|(?:이전|앞의|위의|기존|모든)[^.\n]{0,12}?(?:지시|지침|명령|규칙|프롬프트)[^.\n]{0,12}?(?:무시|잊어)"
     # Chinese
     r"|(?:忽略|无视|忘记|忘掉|不要理会|抛开)[^。\n]{0,12}?(?:之前|以前|上面|以上|先前|原来|所有|系统)[^。\n]{0,8}?"
     r"(?:指令|指示|规则|提示|说明|设定)",
     ("ignor", "olvid", "descart", "omite", "esque", "dimentic", "oubli", "vergiss", "missacht", "übergeh", "игнор",
      "забудь", "не обращай", "無視", "忘れ", "破棄", "무시", "잊어", "忽略", "无视", "忘记", "忘掉", "不要理会",
      "抛开")),
    ("role_impersonation",
     r"\b(?:ahora\s+eres|a\s+partir\s+de\s+ahora\s+eres|desde\s+ahora\s+eres|eres\s+ahora|agora\s+(?:voc[eê]\s+)?(?:é|e|"
     r"és)|voc[eê]\s+agora\s+(?:é|e)|a\s+partir\s+de\s+agora\s+voc[eê]\s+(?:é|e)|(?:ora|adesso|da\s+ora\s+in\s+poi)\s+"
     r"sei|tu\s+es\s+(?:maintenant|désormais|dorénavant)|désormais,?\s+tu\s+es|du\s+bist\s+(?:jetzt|nun|ab\s+sofort)|"
     r"ab\s+jetzt\s+bist\s+du)\b(?:[^.\n;]{0,40}?\b(?:sin\s+(?:restricciones|l[íi]mites|filtros|reglas)|sem\s+"
     r"(?:restri[çc](?:õ|o)es|limites|filtros|regras)|senza\s+(?:restrizioni|limiti|filtri|regole)|sans\s+"
     r"(?:aucune\s+)?(?:restriction|limite|filtre|règle)s?|ohne\s+(?:jegliche\s+)?(?:einschränkungen|grenzen|"
     r"filter|regeln)|libre|livre|libero|frei|dan)\b|\s+(?:una?|um|uma|une|ein|eine|einen|uno)\s+(?:[\w-]+\s+){0,2}?"
     r"(?:asistente|assistente|assistant|assistent|ia|ki|modelo|modello|modèle|modell|agente|agent|bot|llm)\b)"
     r"|(?:теперь|отныне)\s+ты\b[^.\n]{0,40}?(?:без\s+ограничений|ассистент|ии\b|модель|свободн)"
     r"|(?:今から|これから|今後|これより)[^。\n]{0,12}?(?:制限のない|制約のない|無制限の|自由な|何でもできる)"
     r"|あなたは(?:今から|これから|今後)[^。\n]{0,20}?(?:アシスタント|ai|モデル|エージェント)"
     r"|(?:이제|지금부터|앞으로)\s*(?:너는|당신은|넌)",
     ("eres", "agora", "você", "voce", "sei", "tu es", "désormais", "du bist", "bist du", "теперь", "отныне", "今から",
      "これから", "今後", "これより", "이제", "지금부터", "앞으로")),
    ("exfiltration",
     # the system prompt asked for
     r"\b(?:muestra|muéstrame|revela|imprime|dime|escribe|repite|enséñame|revele|mostre|mostra|exiba|imprima|diga|"
     r"rivela|stampa|dimmi|ripeti|affiche|montre|révèle|revele|donne|imprime|répète|gib|zeig|zeige|verrate|nenne|"
     r"drucke|wiederhole)\b[^.\n]{0,20}?\b(?:tu|tus|ton|tes|votre|vos|seu|suas|teu|tuo|tue|deine[nm]?|dein|ihre[nm]?)\s+"
     r"(?:prompt|instrucciones|instructions|instru[çc](?:õ|o)es|istruzioni|anweisungen|systemprompt|system-prompt)"
     r"|(?:покажи|выведи|раскрой|напечатай|повтори|скажи)[^.\n]{0,30}?(?:системн\w*\s+(?:промпт|подсказк|инструкци)|"
     r"свои\s+инструкции)"
     r"|(?:输出|显示|打印|告诉我|透露|泄露|重复|给我看|说出)[^。\n]{0,3}?(?:你的|您的)(?:系统提示|系统指令|初始指令|指令|提示词)"
     r"|(?:あなたの|自分の)(?:システムプロンプト|指示)[^。\n]{0,10}?(?:表示|出力|教えて|見せて|公開|印刷)"
     r"|(?:너의|당신의|네)\s*(?:시스템\s*)?(?:프롬프트|지시)[^.\n]{0,15}?(?:출력|보여|알려|공개|표시)",
     ("prompt", "anweisung", "instruc", "instruç", "istruz", "промпт", "инструкц", "系统", "提示", "指令", "システム",
      "프롬프트")),
    ("addressed_to_model",
     # a header for every AI in another language: "Para cualquier IA:", "An alle KI-Agenten,", "Pour tout modèle :"
     r"(?:^|(?<=[.!?\n]))\s*(?:para|a|an|für|pour|à|per|для)\s+(?:cualquier|toda?s?|todos|jede[nrs]?|alle|tout|toute|"
     r"tous\s+les|toutes\s+les|ogni|qualquer|любого|любой|всех)\s+(?:el\s+|la\s+|les\s+|l['’]\s*)?(?:ias?|ki|"
     r"ki-[\w-]+|modelos?|mod[èe]les?|modell|modelle|modello|agentes?|agents?|agenten|asistentes?|assistentes?|"
     r"assistants?|assistenten|llms?|ии|ассистент\w*|модел\w*|агент\w*)\s*[:,]",
     ("para", "a ", "an ", "für", "pour", "à", "per", "для")),
    ("conceal_from_user",
     r"ユーザー(?:に|には)(?:言わず|伝えず|知らせず|黙って|内緒で|秘密で|気づかれ)"
     r"|(?:사용자|유저)(?:에게|한테)\s*(?:알리지|말하지|알려주지)"
     r"|\bsin\s+que\s+(?:el\s+usuario|nadie)\s+(?:lo\s+)?(?:sepa|note|se\s+entere)"
     r"|\bsans\s+que\s+l['’]\s*utilisateur\s+(?:le\s+)?(?:sache|remarque)"
     r"|\bohne\s+dass\s+(?:der|die)\s+(?:nutzer|benutzer|anwender)(?:in)?\s+(?:es\s+)?(?:merkt|erfährt|weiß)",
     ("ユーザー", "사용자", "유저", "sin que", "sans que", "ohne dass")),
)

_SEND = re.compile(
    r"\b(?:envía|envia|sube|manda|publica|comparte|reenvía|envie|mande|suba|publique|compartilhe|invia|carica|"
    r"pubblica|condividi|envoie|envoyez|téléverse|publie|partage|transmets|lade|schicke|sende|übertrage|poste)\b"
    r"[^.\n]{0,60}?(?:credenciales|contraseñas?|claves?|tokens?|\.env\b|secretos?|variables\s+de\s+entorno|"
    r"credenciais|senhas?|chaves?|segredos?|vari[áa]veis\s+de\s+ambiente|credenziali|password|chiavi|segreti|"
    r"identifiants|mots?\s+de\s+passe|cl[ée]s|jetons?|secrets?|variables\s+d['’]environnement|zugangsdaten|"
    r"anmeldedaten|passw[öo]rter|schlüssel|geheimnisse|umgebungsvariablen)"
    r"|(?:отправь|загрузи|перешли|опубликуй)[^.\n]{0,60}?(?:парол|ключ|токен|учетн|учётн|\.env|секрет)"
    r"|(?:\.env|認証情報|パスワード|秘密鍵|トークン|apiキー|環境変数|クレデンシャル)[^。\n]{0,40}?(?:送信|アップロード|送って|転送)"
    r"|(?:비밀번호|토큰|api\s*키|\.env|자격\s*증명|환경\s*변수)[^.\n]{0,30}?(?:전송|업로드|보내)"
)
"""Credentials sent out (exfiltration): counts only with a destination on the line of the match."""
_SEND_NEEDLES = ("envi", "enví", "sube", "manda", "publi", "compart", "suba", "carica", "condivid", "envoie", "envoy",
                 "téléverse", "partage", "transmet", "lade", "schick", "sende", "übertrag", "poste", "отправь",
                 "загрузи", "перешли", "опубликуй", "送信", "アップロード", "送って", "転送", "전송", "업로드", "보내")
_DESTINATION_AT = re.compile(_DESTINATION)

_RUN_VERB = (
    r"\b(?:ejecuta|ejecute|corre|lanza|execute|executa|rode|esegui|lancia|exécute|exécutez|lance|lancez|führe|"
    r"starte|выполни|запусти)\b|执行|运行|実行|실행"
)
_WITHOUT_ASKING = (
    r"\bsin\s+(?:preguntar|confirmar|pedir|consultar|avisar)|\bsem\s+(?:perguntar|confirmar|pedir)|"
    r"\bsenza\s+(?:chiedere|confermare)|\bsans\s+(?:demander|confirmer|confirmation|prévenir)|"
    r"\bohne\s+(?:zu\s+fragen|nachzufragen|rückfrage|bestätigung|zu\s+bestätigen)|\bне\s+спрашивая|"
    r"\bбез\s+подтверждения|不要询问|无需确认|不要确认|不用确认|不必确认|不用问|確認せずに|確認なしで|聞かずに|"
    r"확인\s*없이|묻지\s*말고"
)
_COMMAND = r"(?:comando|commande|befehl|kommando|команду|命令|コマンド|명령)"
_RUN = re.compile(
    r"(?:" + _RUN_VERB + r")[^\n]{0,40}?" + _COMMAND + r"[^\n]{0,40}?(?:" + _WITHOUT_ASKING + r")|(?:"
    + _WITHOUT_ASKING + r")[^\n]{0,40}?" + _COMMAND + r"[^\n]{0,20}?(?:" + _RUN_VERB + r")|(?:" + _RUN_VERB
    + r")[^\n]{0,60}?(?:" + _SHELL + r")"
)
_RUN_NEEDLES = ("ejecut", "corre", "lanza", "execut", "rode", "esegu", "lancia", "exécut", "lance", "führe", "starte",
                "выполни", "запусти", "执行", "运行", "実行", "실행")

_COMPILED = tuple((rule, re.compile(pattern), needles) for rule, pattern, needles in _CONCEPTS)


def _sent_out(text: str) -> bool:
    for match in _SEND.finditer(text):
        start = text.rfind("\n", 0, match.start()) + 1
        end = text.find("\n", match.end())
        if _DESTINATION_AT.search(text, start, len(text) if end < 0 else end):
            return True
    return False


def rules(text: str) -> set[str]:
    """The guard rules that ``text`` (folded, lower case) trips by a core concept in another language."""
    if text.isascii() and not any(hint in text for hint in _ASCII_HINTS):
        return set()
    found = {rule for rule, pattern, needles in _COMPILED
             if any(needle in text for needle in needles) and pattern.search(text)}
    if any(needle in text for needle in _SEND_NEEDLES) and _sent_out(text):
        found.add("exfiltration")
    if any(needle in text for needle in _RUN_NEEDLES) and _RUN.search(text):
        found.add("tool_coercion")
    return found


_ASCII_HINTS = (
    "ignora", "olvida", "descarta", "ignoriere", "vergiss", "oublie", "dimentica", "eres", "agora", "voce", "sei",
    "tu es", "du bist", "bist du", "muestra", "revela", "imprime", "dime", "mostra", "revele", "affiche", "montre",
    "gib", "zeig", "envia", "sube", "manda", "envie", "invia", "envoie", "lade", "schick", "sende", "ejecut", "corre",
    "execut", "rode", "esegu", "lance", "fuhre", "starte", "sin que", "sans que", "ohne dass", "prompt", "para ",
    "pour ", "an alle", "an jede", "per ogni", "a toda",
)
"""Cheap test for ASCII text (accented text is not ASCII and is always searched)."""
