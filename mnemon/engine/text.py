"""Text analysis shared by the write and read paths: tokens, entities, cues.

Tokens are lower-cased words stemmed by Porter's algorithm (from the ``snowballstemmer``
package), minus a stoplist; the keyword index (``mnemon.engine.fts``) holds these same tokens. CJK text is split into character bigrams so Chinese queries still match.

Entities come from four sources, merged in this order: those the caller gives, regexes
(CamelCase, ALL_CAPS acronyms, file paths, URLs, @mentions, 《titles》), a dictionary of
common technical terms, and capitalised words the store already knows as entities (the
engine passes its known-entity set). Entities are compared case-insensitively.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Collection, Container, Iterable, Sequence

import snowballstemmer

ENGLISH_STOPWORDS = frozenset(
    """
    a about above after again against all am an and any are aren't as at be because been before being
    below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down
    during each few for from further had hadn't has hasn't have haven't having he he'd he'll he's her here
    here's hers herself him himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself
    let's me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves
    out over own same shan't she she'd she'll she's should shouldn't so some such than that that's the their
    theirs them themselves then there there's these they they'd they'll they're they've this those through
    to too under until up very was wasn't we we'd we'll we're we've were weren't what what's when when's
    where where's which while who who's whom why why's with won't would wouldn't you you'd you'll you're
    you've your yours yourself yourselves also just really will yeah yes ok okay oh hey hi thanks thank
    well got get gets like lot lots much many one ones thing things s t d ll m re ve
    every everything everyone everywhere anything anyone anywhere something someone somewhere
    """.split()
)
STOPWORDS = ENGLISH_STOPWORDS | frozenset(
    # the function words of the other languages developers write in (French, Spanish, Portuguese,
    # Italian, German, Dutch, Swedish/Norwegian/Danish): in a store written mostly in English they are
    # rare, so their IDF is high and every note in that language would match every prompt in it.
    # Words that are also words of substance in developers' English stay out: "die", "per", "van", "door",
    # "men", "var", and the short ones that name tools and ideas ("ci", "io", "os", "vi", "du", "su", "di",
    # "em", "eu", "mit", "sin", "del", "car", "sim", "sans").
    """
    le la les un une des de et ou où au aux en est sont pas ne que qui quoi quel quelle quels quelles ce cet
    cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs il elle ils elles nous vous je tu
    te se y dans sur par pour avec sous chez vers entre mais donc ni très aussi bien être avoir été
    ça lui eux même tout tous toute toutes chaque quand comme alors puis déjà encore ici là
    el los las unos unas al con por para sobre es está están era fue ser estar hay qué quien quién
    cual cuál cómo cuando cuándo donde dónde mis tus sus nuestro nuestra nuestros nuestras lo les yo tú él
    ella ellos ellas este esta estos estas ese esa eso esto sí pero porque muy más ya también hasta desde cada
    todo todos toda todas
    um uma uns umas do da das na nos nas é são estão foi quem qual onde meu minha meus minhas seu
    sua seus suas nosso nossa lhe você ele ela eles isso isto não mas muito já até
    il lo gli della dei delle dal dalla nel nella sul sulla tra fra è sono che chi cui dove mio mia miei
    mie tuo suo nostro lui lei noi voi loro questo questa quello quella anche già più molto
    ogni tutto tutti
    der das den dem des ein eine einen einem einer eines und oder aber nicht kein keine ist sind waren wird
    werden wurde hat haben hatte ich sie es wir ihr mich dich sich uns euch mein meine dein sein seine
    ihre unser unsere zu zum zur im am auf aus bei nach von vor für über unter durch gegen ohne um als wie
    wenn dass daß auch noch schon nur doch mal bitte ja nein hier da dort wer wo warum dann denn weil
    het een niet geen zijn wordt worden werd heeft hebben ik jij je hij zij ze wij jullie mijn jouw haar ons
    onze bij naar voor uit onder tegen zonder dat dit deze wat wie waar hoe waarom ook nog wel toch even daar
    och att det som ett är för på av till inte jag han hon har om så också
    """.split()
)
# a French or Italian elision before a word ("l'aire", "d'un", "qu'on", "dell'utente"): the word is what follows
_ELISION = re.compile(r"^(?:l|d|j|n|s|t|m|c|qu|jusqu|lorsqu|puisqu|dell|dall|nell|sull|all|un)'(?=[^\W\d_]{2,})")

_WORD = re.compile(r"[^\W_][\w'-]*", re.UNICODE)
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+")


_STEMMERS = threading.local()  # a snowball stemmer keeps its word and cursor in itself: one per thread


_STEMS: dict[str, str] = {}
_STEMS_MAX = 200_000


def stem(word: str) -> str:
    """Porter's stemmer ("paged" and "page" are one word). Words of three letters or fewer and
    non-ASCII words are kept as they are. Memoised: a word's stem never changes, and callers
    that read whole statements (:mod:`mnemon.engine.slots`) stem the same few words again and
    again (snowball costs some 50 microseconds a word)."""
    if len(word) <= 3 or not word.isascii():
        return word
    done = _STEMS.get(word)
    if done is not None:
        return done
    porter = getattr(_STEMMERS, "porter", None)
    if porter is None:
        porter = _STEMMERS.porter = snowballstemmer.stemmer("porter")
    out = str(porter.stemWord(word))
    if len(_STEMS) < _STEMS_MAX:
        _STEMS[word] = out
    return out


_TOKEN_CACHE: dict[str, tuple[str, ...]] = {}
_TOKEN_CACHE_MAX = 200_000


def _word_tokens(word: str) -> tuple[str, ...]:
    """The tokens one lower-cased word contributes (memoised: vocabularies are small)."""
    cached = _TOKEN_CACHE.get(word)
    if cached is not None:
        return cached
    out: list[str] = []
    w = word.strip("'-")
    if w and _CJK.search(w):
        for run in _CJK.findall(w):
            if len(run) == 1:
                out.append(run)
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
        out.extend(stem(x) for x in _CJK.sub(" ", w).split() if x not in STOPWORDS)
    elif w and w not in STOPWORDS:
        if "'" in w:
            elided = _ELISION.match(w)
            w = w[elided.end():] if elided else w.split("'")[0]
        if w and w not in STOPWORDS:
            out.append(stem(w))
    result = tuple(out)
    if len(_TOKEN_CACHE) < _TOKEN_CACHE_MAX:
        _TOKEN_CACHE[word] = result
    return result


# the tag of every memory Claude Code's capture writes: its other tags are the capture's labels
# ("note", "fact", "request", "trace"), not words a person searches by (see word_tags)
CAPTURE_TAG = "claude-code"


def word_tags(tags: Sequence[str]) -> tuple[str, ...]:
    """The tags searched as words: those a person gave. A captured memory's tags are labels every
    note carries; indexed as words they would make "fact", "rule" or "request" look common, so a
    prompt about a "fact table" or a "request id" would lose those words."""
    return () if CAPTURE_TAG in tags else tuple(tags)


# The version of what tokens() returns. Token sets are stored beside each memory (so opening a
# store need not re-tokenise it); bump this whenever tokens() would return something different
# for some text, and the stored sets are recomputed at the next open.
TOKENS_VERSION = 6  # 3: names in code add the words they are made of; 5: other languages' function words, elisions; 6: tags are not words


def tokens(text: str) -> list[str]:
    """Content tokens of a text, stemmed, stopwords removed, in order (duplicates kept). A name
    in code adds the words it is made of after its own token (:func:`_name_parts`)."""
    out: list[str] = []
    for word in _WORD.findall(text):
        out.extend(_cased_tokens(word))
    return out


_NAME_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")


def _cased_tokens(word: str) -> tuple[str, ...]:
    """The tokens of one word as written: those of its lower case, then, for a name in code
    (``snake_case``, ``camelCase``, ``SCREAMING_CASE``), those of the words it is made of, so
    "the order batch is too big" finds ``ORDER_BATCH_MAX_ROWS`` and "retry budget" finds
    ``RetryBudgetPolicy``, as code search splits identifiers."""
    lower = word.lower()
    if "_" not in word and lower == word:
        return _word_tokens(word)
    cached = _TOKEN_CACHE.get(word)
    if cached is None:
        own = _word_tokens(lower)
        cached = own + tuple(t for t in _name_parts(word) if t not in own)
        if len(_TOKEN_CACHE) < _TOKEN_CACHE_MAX:
            _TOKEN_CACHE[word] = cached
    return cached


def _name_parts(word: str) -> list[str]:
    """The stemmed words a name in code is made of (three letters or more, no stopwords), or
    nothing for an ordinary word ("Paris", "HTTP")."""
    pieces = [p for p in word.split("_") if p] if "_" in word.strip("_") else [word]
    words: list[str] = []
    for piece in pieces:
        inner = piece[1:]
        camel = any(c.isupper() for c in inner) and any(c.islower() for c in piece)
        words.extend(_NAME_PART.findall(piece) if camel else [piece])
    if len(words) < 2:
        return []
    out: list[str] = []
    for w in words:
        w = w.lower().strip("'-")
        if len(w) >= 3 and w.isalpha() and w not in STOPWORDS and (t := stem(w)) not in out:
            out.append(t)
    return out


# What the keyword index holds for a word without tokens (a stopword): it counts toward the
# document's length, as every word does in BM25, but is no query's token (fts_query skips it).
PLACEHOLDER = "_"


def index_tokens(text: str) -> list[str]:
    """:func:`tokens`, with :data:`PLACEHOLDER` for each word that has none: what the keyword
    index holds (``mnemon.engine.fts``)."""
    out: list[str] = []
    for word in _WORD.findall(text):
        out.extend(_cased_tokens(word) or (PLACEHOLDER,))
    return out


def query_tokens(text: str) -> frozenset[str]:
    """The tokens of a query, without question-framing words."""
    # without the words a name in code is made of: the name itself is the evidence a query
    # gives, and its parts would count it three times over (they help a memory be found)
    return frozenset(t for word in _WORD.findall(text.lower()) for t in _word_tokens(word)
                     if t not in _QUERY_NOISE_TOKENS)


def _common(a: Collection[str], b: Collection[str]) -> int:
    """|A∩B| for collections of distinct tokens (sets, or the sorted tuples memories keep)."""
    if isinstance(a, (set, frozenset)):
        return len(a.intersection(b))
    if isinstance(b, (set, frozenset)):
        return len(b.intersection(a))
    return len(set(a).intersection(b))


def overlap(a: Collection[str], b: Collection[str]) -> float:
    """|A∩B| / max(|A|,|B|): the causal-edge overlap of the reference design."""
    if not a or not b:
        return 0.0
    return _common(a, b) / max(len(a), len(b))


def overlap_min(a: Collection[str], b: Collection[str]) -> float:
    """|A∩B| / min(|A|,|B|): how much of the shorter text the longer one repeats."""
    if not a or not b:
        return 0.0
    return _common(a, b) / min(len(a), len(b))


def jaccard(a: Collection[str], b: Collection[str]) -> float:
    if not a or not b:
        return 0.0
    common = _common(a, b)
    return common / (len(a) + len(b) - common)


# -- entities -------------------------------------------------------------------------------

_CAMEL = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b")
_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]{1,5}\b")
_PATH = re.compile(r"(?:(?<=\s)|^)(?:\.{0,2}/)?(?:[\w.-]+/)+[\w.-]+\.\w{1,8}\b|\b[\w-]+\.(?:py|go|rs|ts|tsx|js|jsx|md|toml|json|yaml|yml|sql|sh|c|h|cpp|java|rb|php|css|html|lock|txt|cfg|ini)\b")
_URL = re.compile(r"\bhttps?://[^\s)>\]\"']+")
_MENTION = re.compile(r"(?<![\w@])@[A-Za-z][\w-]{1,38}\b")
_TITLE = re.compile(r"《([^》]{1,40})》")
# A capitalised word (or run of them) that does not open a sentence: a proper noun.
_PROPER = re.compile(r"(?<=[a-z0-9,;)] )[A-Z][a-z]{2,}(?: [A-Z][a-z]{2,}){0,2}\b")

ACRONYM_STOP = frozenset(
    """
    A I IN ON THE GO TO OF OR AND IS IT BE AS AT BY DO IF ME MY NO SO UP US WE AN AM OK HI OH ID PM AM TV
    TODO FIXME NOTE OK YES NO ALL ANY ARE BUT CAN FOR HAS HOW NOT NOW OUT SEE THE WAS WHO WHY YOU LOL OMG
    BTW FYI IMO ASAP ETA TBD TBA WIP PR PRS
    """.split()
)

CALENDAR_WORDS = frozenset(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december today tomorrow yesterday".split()
)

TECH_TERMS = frozenset(
    t.lower()
    for t in """
    Python Go Golang Rust Java Kotlin Swift Ruby PHP Perl Scala Haskell Elixir Erlang Clojure Lua Julia Zig
    TypeScript JavaScript Node Deno Bun React Vue Svelte Angular Next.js Nuxt Remix Astro Vite Webpack Babel
    esbuild Rollup Jest Vitest Mocha Pytest unittest Hypothesis Django Flask FastAPI Starlette Pydantic
    SQLAlchemy Alembic Celery Redis RabbitMQ Kafka NATS ZeroMQ gRPC GraphQL REST OpenAPI Swagger Protobuf
    msgpack JSON YAML TOML SQLite PostgreSQL Postgres MySQL MariaDB MongoDB Cassandra DynamoDB Elasticsearch
    OpenSearch ClickHouse DuckDB Snowflake BigQuery Qdrant Milvus Chroma Pinecone Weaviate FAISS pgvector
    Docker Kubernetes Helm Terraform Ansible Pulumi Nginx Apache Caddy Traefik Envoy Istio Linux macOS Windows
    Ubuntu Debian Alpine systemd Bash Zsh Git GitHub GitLab Bitbucket Jenkins CircleCI Travis Actions AWS GCP
    Azure Lambda S3 EC2 ECS EKS CloudFront Vercel Netlify Heroku Cloudflare Fly Render Supabase Firebase
    Stripe Twilio Sentry Datadog Prometheus Grafana OpenTelemetry Jaeger Kibana Logstash numpy pandas polars
    scipy PyTorch TensorFlow JAX sklearn scikit-learn HuggingFace transformers LangChain LlamaIndex Ollama
    OpenAI Anthropic Claude GPT Gemini Llama Mistral embeddings FTS5 WAL asyncio threading multiprocessing
    uvicorn gunicorn httpx requests aiohttp poetry pip uv conda venv npm yarn pnpm cargo make cmake bazel
    Tailwind Bootstrap CSS HTML Sass Markdown LaTeX Jupyter VSCode Vim Emacs Neovim tmux SSH TLS OAuth JWT
    SAML OIDC CORS CSRF WebSocket HTTP HTTPS TCP UDP DNS CDN Unix socket mypy ruff black flake8 pylint eslint
    prettier watchfiles platformdirs
    """.split()
)


def extract_entities(text: str, known: Container[str] = frozenset(), limit: int = 50,
                     proper_nouns: bool = True) -> list[str]:
    """Entities mentioned in ``text``: regexes, the tech dictionary, then known store entities.

    Returns display forms, first occurrence first, unique case-insensitively.
    """
    found: dict[str, str] = {}

    def add(entity: str) -> None:
        entity = entity.strip().strip(".,;:!?")
        key = entity.lower()
        if 2 <= len(entity) <= 128 and key not in found:
            found[key] = entity

    for pattern in (_URL, _PATH, _CAMEL, _MENTION):
        for m in pattern.finditer(text):
            add(m.group())
    for m in _ACRONYM.finditer(text):
        if m.group() not in ACRONYM_STOP:
            add(m.group())
    if proper_nouns:
        for m in _PROPER.finditer(text):
            low = m.group().lower()
            if low not in STOPWORDS and low not in CALENDAR_WORDS:
                add(m.group())
    for m in _TITLE.finditer(text):
        add(m.group(1))
    words = [w.strip("'-.") for w in re.findall(r"[\w.+#-]+", text)]
    lowered = [w.lower() for w in words]
    for i, word in enumerate(words):
        low = lowered[i]
        if low in TECH_TERMS or (known and low in known and low not in STOPWORDS):
            add(word)
        if known:  # multi-word known entities ("New York") by word n-grams
            for size in (2, 3):
                if i + size <= len(words):
                    phrase = " ".join(lowered[i : i + size])
                    if phrase in known:
                        add(" ".join(words[i : i + size]))
    return list(found.values())[:limit]


def normalise_entity(entity: str) -> str:
    return " ".join(entity.lower().split())


# -- cues ------------------------------------------------------------------------------------

CAUSAL_CUES = re.compile(
    r"\b(because|therefore|due to|caused by|as a result|decided to|chosen because|so that|in order to|"
    r"leads? to|led to|results? in|resulted in|since we|thanks to|which is why|that's why|hence|"
    r"enables?|allows?|prevents?|blocks?|avoids?)\b|因为|所以|由于|导致|因此",
    re.IGNORECASE,
)
_PREVENT = re.compile(r"\b(prevents?|blocks?|avoids?|stops?|to avoid)\b|防止|避免", re.IGNORECASE)
_ENABLE = re.compile(r"\b(enables?|allows?|so that|in order to|lets?|makes? it possible)\b|使得", re.IGNORECASE)

NEGATION_CUES = re.compile(
    r"\b(no longer|not anymore|don't|doesn't|do not|does not|never|switched from|switch(?:ed)? to|instead of|"
    r"rather than|replaced|replacing|deprecated|stopped using|moved away from|moved from|changed (?:from|to)|"
    r"actually|correction|not .{1,30} but)\b|不再|改用|而不是",
    re.IGNORECASE,
)


def has_causal_cue(text: str) -> bool:
    return CAUSAL_CUES.search(text) is not None


def causal_subtype(text: str) -> str:
    if _PREVENT.search(text):
        return "prevents"
    if _ENABLE.search(text):
        return "enables"
    return "causes"


def has_negation(text: str) -> bool:
    return NEGATION_CUES.search(text) is not None


# Words that frame a question rather than say what it is about ("what kind of ...", "would
# she likely ..."): dropped from queries only, never from stored text.
QUERY_NOISE = frozenset(
    "kind kinds type types sort sorts likely would could might may say said think thought go going goes went "
    "gone get getting make made thing things something anything stuff way ways much many often".split()
)


_QUERY_NOISE_TOKENS = frozenset({stem(w) for w in QUERY_NOISE} | QUERY_NOISE)


def fts_query(text: str, max_terms: int = 32, freq: Callable[[str], int] | None = None,
              budget: int = 0) -> str | None:
    """An FTS5 MATCH expression for the keyword index (``mnemon.engine.fts``, which holds these
    same tokens): :func:`fts_terms`, quoted and OR-ed."""
    terms = fts_terms(text, max_terms, freq, budget)
    return " OR ".join(fts_phrase(t) for t in terms) if terms else None


def fts_terms(text: str, max_terms: int = 32, freq: Callable[[str], int] | None = None,
              budget: int = 0) -> list[str]:
    """The terms of :func:`fts_query`, in its order: the tokens of the query's content words, distinct.

    With ``freq`` (how many rows hold a token) and a ``budget`` of postings, the rarest tokens
    are kept until their postings would exceed the budget (at least the two rarest are always
    kept): FTS5 scores every matching row, so this bounds the work of a query, and the tokens
    dropped are the most common ones, which add the least to BM25."""
    seen: list[str] = []
    for word in _WORD.findall(text.lower()):
        word = word.strip("'-")
        if "'" in word:
            elided = _ELISION.match(word)
            word = word[elided.end():] if elided else word.split("'")[0]
        if not word or word in STOPWORDS or word in QUERY_NOISE:
            continue
        for token in _word_tokens(word):
            if token not in seen and token != PLACEHOLDER:
                seen.append(token)
    if not seen:
        return []
    if freq is not None and budget > 0:
        counts = {t: freq(t) for t in seen}
        ranked = sorted(seen, key=lambda t: (counts[t], seen.index(t)))
        keep: set[str] = set()
        spent = 0
        for t in ranked:
            if len(keep) >= 2 and spent + counts[t] > budget:
                break
            keep.add(t)
            spent += counts[t]
        seen = [t for t in seen if t in keep]
    return seen[:max_terms]


_VALUE = re.compile(
    r"`[^`]+`|https?://\S+|(?:\.{0,2}/)?[\w.-]+/[\w./-]+|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b"
    r"|\b(?=[\w.:,-]*\d)\w[\w.:,-]*\w\b|\b\d\b|\b[\w-]+\.[a-z]{1,5}\b|\b[a-z]+(?:-[a-z0-9]+){2,}\b"
)


def subject_and_values(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """What a statement is about and the values it states: numbers, names in backticks, paths,
    URLs, environment variables, file names. "The API listens on 8443" gives ({api, listen},
    {8443}). Values are compared as written (lower-cased)."""
    values = frozenset(m.group().strip("`").lower().rstrip(".,") for m in _VALUE.finditer(text))
    subject = frozenset(tokens(_VALUE.sub(" ", text)))
    return subject, values


def fts_phrase(word: str) -> str:
    """One word as an FTS5 string (a phrase, so no word is read as an operator)."""
    return '"' + word.replace('"', '""') + '"'


def iter_unique(items: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        key = item.lower()
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


_MONTHS = {name: i + 1 for i, name in enumerate(
    "january february march april may june july august september october november december".split())}
_MONTHS.update({name[:3]: num for name, num in list(_MONTHS.items())})
_MONTHS.pop("may", None)
_MONTHS["may"] = 5
_PERIOD = re.compile(
    r"\b(?:(january|february|march|april|may|june|july|august|september|october|november|december|"
    r"jan|feb|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?(?:\s+(\d{4}))?|(\d{4}))\b", re.IGNORECASE)


def time_periods(text: str) -> tuple[tuple[int | None, int | None], ...]:
    """(year, month) periods a text names: "July", "in May 2023", "2024". "May" counts only
    when capitalised mid-sentence or followed by a year (it is also a verb)."""
    out: list[tuple[int | None, int | None]] = []
    for m in _PERIOD.finditer(text):
        word, year, bare_year = m.group(1), m.group(2), m.group(3)
        if bare_year:
            y = int(bare_year)
            if 1990 <= y <= 2100:
                out.append((y, None))
            continue
        assert word is not None
        full = m.group(0)
        if word.lower() == "may" and not year and not full.startswith("May"):
            continue
        month = _MONTHS.get(word.lower()[:3])
        if month:
            out.append((int(year) if year else None, month))
    return tuple(dict.fromkeys(out))


def in_periods(ts: float, periods: Iterable[tuple[int | None, int | None]]) -> bool:
    from mnemon.engine.model import utc

    moment = utc(ts)
    if moment is None:  # a time no calendar can show is in no period
        return False
    return any((y is None or moment.year == y) and (m is None or moment.month == m) for y, m in periods)
