"""Who a statement is meant for: this project, or every project of the user's.

A preference or rule said "for all my projects", "in every repo of mine", "globally", or about
the user themselves ("I always ...", "on all my machines") is global: it is injected in every
project. A house rule of this repository ("in this repo", a path of its own) stays in the project.
"""

from __future__ import annotations

import re

_I = re.IGNORECASE

# "all"/"every" and "project" in the languages no phrase above covers, romanised or written, next to
# each other in either order, a possessive or two between them: a person saying a rule holds for
# all their projects says these two words whatever their language ("kila mradi wangu", "lahat ng
# proyekto ko", "ola ta project mou"). A word joined to a prefix counts ("lekhol haprojektim").
_ALL_WORDS = (r"(?:all[ea]?|tou(?:s|tes)|tod[oa]s|tutt[ie]|toate|tot|wszystki\w*|v(?:š|s)ech\w*|vse\w*|tüm|bütün|kaikki\w*|"
              r"semua|setiap|sebarang|zenbu|subete|modeun|modu|sab(?:hi)?|saare|minden|(?:le|be|ba)?k(?:h)?ol|ola|oles|"
              r"kathe|m(?:o|ọ|ỗ)i|t(?:a|ấ)t c(?:a|ả)|lahat|bawat|zote|yote|kila|cada|chaque|jede[mnrs]?|ogni|elke?|iedere?|"
              r"varje|hver[tn]?|każd\w*|každ\w*|her(?= proje(?!ct))|qualquer|hamm?e|kull|tots|totes|thuk|shob|sob|shokol|"
              r"sagl[eai]|sarva|sare|duk|gbogbo|[yz]onke|öll|vis(?:i|os|uose|iems|ų|us|ose|oms|iem|ām)|kõik|kõigi\w*|kõiki|"
              r"pob|mhob|phob|gach|"
              r"ĉiuj|ĉiu|v(?:š|s)etk\w*|sv(?:e|ih|im|ima)|"
              r"все\w*|всі\w*|кожн\w*|каждо\w*|всички|όλα|όλ\w+|κάθε|כל|בכל|לכל|كل|جميع|همه|모든|सभी|सारे|हर)"
              r"(?:-\w{1,3})?")  # a joined ending ("hame-ye")
_PROJECT_WORDS = (r"(?:\w{0,3}(?:proje(?!ct(?:ion|or|ile))\w*|proyek\w*|proyect\w*|progett\w*|proiect\w*|prosjekt\w*|purojekuto|peurojekteu\w*|"
                  r"m(?:i)?radi|(?:p|mh|ph|b)rosiect\w*|repo(?:s|sitor\w*|zit\w*)?(?!\w)|codebase\w*|kodbas\w*|mashari\w*|mashru\w*)|d(?:u|ự) (?:a|á)n|"
                  r"проект\w*|проєкт\w*|έργ\w+|\w{0,2}פרויקט\w*|مشروع\w*|مشاريع\w*|پروژه\w*|프로젝트\w*|प्रोजेक्ट\w*)")
_BETWEEN = (r"(?:\s+(?!(?:this|the|ce|cet|este|esta|estos|dieses?|diesem|questo|deze|dit|den|ten|tento|этот|этом|bu|ini|ito|"
            r"hii|huu|αυτό|αυτά)\b)[^\s,.;:]{1,12}){0,2}\s+")
# the few languages that put "all" after the projects ("miradi yangu yote", "purojekuto zenbu")
_ALL_AFTER = r"(?:yote|zote|zenbu|subete|hepsi\w*|tamamı\w*)"
ANY_LANGUAGE = (r"ทุก\s*(?:โปรเจ|โครงการ)|(?<![\w-])" + _ALL_WORDS + _BETWEEN + _PROJECT_WORDS + r"|(?<![\w-])"
                + _PROJECT_WORDS + r"(?:\s+[^\s,.;:]{1,12}){0,2}\s+" + _ALL_AFTER + r"(?![\w-])")

# the places a rule can be meant for: "for all my projects", "in every repo of mine"
EVERY_PROJECT = (r"(?:(?:all|every|each|any)(?: single)? (?:of )?(?:my |our )?(?!the |this |these |those )(?:\w+ )?"
                 r"|(?:my|our) (?:other )?)"
                 r"(?:projects?|repos?|repositor(?:y|ies)|codebases?|code ?bases|services|apps|workspaces?)\b"
                 r"|\b(?:projects?|repos?|repositories|codebases?) of mine\b|\bglobally\b"
                 r"|\b(?:all|any|every bit) of my (?:stuff|things|code|work)\b|\ball my (?:stuff|code|work)\b"
                 r"|\b(?:everywhere|wherever|anywhere) i (?:work|code|go)\b"
                 r"|\b(?:all|every|each|any) (?:of )?my (?:machines|computers|laptops|boxes|environments|setups)\b"
                 r"|\b(?:applies|goes|holds|counts) (?:for |to )?(?:everywhere|everything)\b|\bgenerally,? for me\b"
                 r"|\bfor me,? (?:in )?general(?:ly)?\b|\b(?:a |one )?personal (?:thing|rule|preference|request|pet peeve)\b"
                 r"|\bnot (?:only|just) (?:for |in )?(?:this|the) (?:\w+ )?(?:app|project|repo|repository|codebase|service)\b"
                 r"|\bnot (?:only|just) (?:here|in here)\b|\b(?:want|need|like) (?:this|that|it) everywhere\b"
                 r"|\b(?:universal|general|personal) rule (?:for|of) (?:me|mine|my work)\b|\bfor (?:all )?my work\b"
                 r"|\ball the (?:stuff|code|things|projects|repos|apps) (?:i|we) (?:maintain|own|write|build|touch|work on)\b"
                 r"|\bwherever (?:we|you) (?:are|go|work)\b|\bas a (?:general|personal) rule\b"
                 # a standing default said with the place it holds: "my default everywhere", "my rule anywhere"
                 r"|\bmy (?:default|rule|standard|convention|habit|preference)s?,? (?:everywhere|anywhere)\b"
                 # whichever place it is: "no matter the codebase", "regardless of the repo", "whatever the stack"
                 r"|\b(?:no matter|regardless of|irrespective of|whatever|whichever) (?:the |which |what )?"
                 r"(?:projects?|repos?|repositor(?:y|ies)|codebases?|code ?bases?|stacks?|languages?)\b"
                 # the same in the languages the cues cover: French, Spanish, Portuguese, German, Italian, Dutch
                 r"|\btou(?:s|tes) (?:mes|nos) (?:projets|dépôts|depots|repos|applis?|codes?)\b|\bchaque projet\b"
                 r"|\btod[oa]s (?:(?:los|as|os) )?(?:mis|nuestros|meus|nossos) (?:proyectos|projetos|repos|repositorios|"
                 r"repositórios|aplicaciones)\b|\b(?:cada|qualquer) (?:proyecto|projeto)\b"
                 r"|\b(?:alle[nm]?|jede[mnrs]?) (?:meine[mnr]? |unsere[mnr]? )?(?:Projekte?n?|Repos?|Repositor(?:y|ies)|"
                 r"Codebasen)\b|\btutti i (?:miei|nostri) (?:progetti|repo|repository)\b|\bogni (?:mio )?progetto\b"
                 # and Dutch
                 r"|\b(?:al|alle) (?:mijn|onze) (?:projecten|repos?|repositories|codebases?)\b|\belk (?:project|repo)\b"
                 # Swedish, Norwegian and Danish; Polish, Czech, Russian and Ukrainian; Turkish, Finnish,
                 # Indonesian; Japanese (romanised and written) and Chinese
                 r"|\b(?:alla|alle) (?:mina|mine|våra|vore) (?:projekt(?:en|er)?|prosjekt(?:er|ene)?|repon?|repos?)\b"
                 r"|\b(?:varje|hvert|ethvert) (?:projekt|prosjekt)\b"
                 r"|\bwszystki(?:ch|e|mi) (?:moi(?:ch|mi)|moje|nasz(?:ych|e)) (?:projekt(?:ów|ach|y|ami)|repo\w*)\b"
                 r"|\bw każdym (?:moim )?projekcie\b|\bkażdego projektu\b"
                 r"|\bv(?:š|s)ech(?:ny)? (?:moj(?:e|ich)|mých|našich|naše) (?:projekt(?:y|ech|ů)|repozitář\w*)\b"
                 r"|(?:все|всех|всіх|всі|во всех|у всіх) (?:мои|моих|моїх|мої|наши|наших)? ?(?:проект(?:ы|ах|ов|и|ів)|репозитори\w*)"
                 r"|в любом проекте|\b(?:tüm|bütün) projelerim\w*\b|\bkaikissa projekteissani\b"
                 r"|\bsemua proyek(?: saya| kami)?\b|\b(?:zenbu|subete|dono) no purojekuto\b|\bdono purojekuto demo\b"
                 # Korean and Hindi (romanised and written), Romanian, Hungarian, Arabic
                 r"|\b(?:modeun|eoneu| modu) (?:nae )?peurojekteu?\w*|\bmodeun projekt\w*|(?:모든|어느|어떤) (?:내 )?프로젝트"
                 r"|\b(?:har|sabhi|saare|sare|sab) (?:mere |hamare )?(?:projects?|repos?|codebases?)\b|(?:हर|सभी|सारे) (?:मेरे )?प्रोजेक्ट"
                 r"|\btoate proiectele (?:mele|noastre)\b|\b(?:în )?(?:orice|fiecare) proiect\b"
                 r"|\bminden (?:projektem\w*|projektben|repómban)\b|(?:كل|جميع) (?:مشاريعي|المشاريع)"
                 r"|(?:全て|すべて|全部|どの)の?プロジェクト|所有(?:的)?(?:项目|項目|专案|專案|仓库|倉庫)|每(?:一)?个项目"
                 r"|" + ANY_LANGUAGE)
GLOBAL = re.compile(
    # EVERY_PROJECT (last) is a place a rule can be meant for, with or without "for"/"in" before it
    r"\b(?:all|every|each|any) (?:of )?(?:my |our )?"
    r"(?!the |this |these |those )(?:\w+ )?"
    r"(?:projects?|repos?|repositories|codebases?|code ?bases|work|code)\b|\bno matter (?:the|which|what|where) "
    r"|\bwhatever (?:the )?(?:project|repo|codebase|language)\b|\bregardless of (?:the )?(?:project|repo|codebase)\b"
    r"|\bwherever i\b|\bwhichever (?:project|repo)\b|\b(?:everything|anything) i (?:write|build|work on|ship)\b"
    r"|\bacross the board\b|\bin general,? i\b|\bas a rule,? i\b"
    r"|\bi (?:always|never|generally|usually|personally)\b|\bpersonally\b|\bmy (?:preference|style|editor|"
    r"shell|os|machine|laptop|setup|workflow|habit)\b|\bi(?:'m| am) (?:on|using) (?:a |an )?\w+"
    r"|" + EVERY_PROJECT,
    _I,
)
_FOR_THE_USER = re.compile(r"^\W*noted\b|\bfor you\b|\byou (?:want|prefer|like|asked)\b|\byour (?:projects?|repos?)\b", _I)
_PROJECT_MARKER = re.compile(
    r"\b(?:this|the|our)\s+(?:project|repo|repository|codebase|code base|app|service|module|package|team|"
    r"monorepo|api|server|client|library|crate|gem)\b|\bhere\b|\bin this\b"
    r"|[\w-]+\.(?:py|js|ts|tsx|go|rs|rb|java|kt|ex|cpp|toml|json|ya?ml|md|sql|sh|tf)\b|\w/\w",
    _I,
)


# A scope announced before the rule ("<it holds for all my projects>: <the rule>"): a short lead
# clause that names projects, then a colon or a dash and the rule. This project is the default
# scope of whatever is said in it and needs no announcing, so a lead that names projects without a
# demonstrative or an article right before them ("this repo", "the whole repository", "ce projet")
# announces a wider one, whatever the language: the word for "project" is a shared loan in most
# of them (projekte, proxectos, proiektu, proġetti), the rest of the lead need not be understood.
_LEAD = re.compile(r"^\W*(?P<lead>[^:.!?;\n—–]{3,90}?)\s*(?::|\s[—–-]\s)\s*(?P<rule>\S.{8,})$", re.DOTALL)
_PROJECT_LOAN = re.compile(r"^(?:\w{0,4}?(?:pro(?!t|du|sp)[^\W\d_]{0,3}?(?:[ck]t|tt|et)\w*|repo(?:s|sitor\w*|zit\w*)?|"
                           r"codebases?|kodbas\w*)|проект\w*|проєкт\w*)$", _I)
_NEAR_THIS = frozenset("""this that the these those our current same whole ce cet cette le la este esta ese esa estos
    el lo dieses diesem dieser diese das dem den questo questa quello il deze dit het dat ten tento tomto tom
    этот этом этого этой тот bu ini itu ito hii huu αυτό αυτά το""".split())
_LEAD_MAX_WORDS = 12
_ONE_PROJECT = frozenset({"project", "repo", "repository", "codebase"})  # English says "all" where it means more


def announced_everywhere(sentence: str) -> bool:
    """Does a lead clause before the rule announce a scope of projects in general (see _LEAD)?"""
    m = _LEAD.match(sentence.strip())
    if m is None:
        return False
    words = [w for w in re.split(r"[\s\-'’]+", m.group("lead").casefold()) if w]
    if len(words) > _LEAD_MAX_WORDS:
        return False
    for n, word in enumerate(words):
        word = word.strip(",()\"")
        if _PROJECT_LOAN.match(word) and word not in _ONE_PROJECT and not _NEAR_THIS & set(words[max(0, n - 2):n]):
            return not _PROJECT_MARKER.search(m.group("lead"))
    return False


def is_global(sentence: str, kind: str, role: str) -> bool:
    """A preference or rule the user means for every project."""
    if kind not in ("preference", "rule", "decision", "statement", "fact", "correction"):
        return False
    if role != "user":  # the assistant restating what the user wants everywhere ("Noted for all your projects: ...")
        return bool(re.search(EVERY_PROJECT, sentence, _I) and _FOR_THE_USER.search(sentence))
    if announced_everywhere(sentence):
        return True
    if GLOBAL.search(sentence):
        explicit = re.search(EVERY_PROJECT, sentence, _I)
        return bool(explicit) or not _PROJECT_MARKER.search(sentence)
    return kind == "preference" and bool(re.match(r"^\W*(?:i|i'm|i am|my)\b", sentence, _I)) \
        and not _PROJECT_MARKER.search(sentence) and not re.search(r"\bwe\b|\bour\b", sentence, _I)
