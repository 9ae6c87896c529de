"""The semantic side of a search: candidates close in meaning, and how close each candidate is.

Used by memctl.search.rank when memctl.search.semantic is available. The query is embedded once;
the units nearest to it join the lexical candidates (a paraphrase shares no word with its
memory, so FTS alone never offers it), and every candidate gets two measures of its closeness:

- `closeness`, its cosine mapped to 0..1 between DENSE_FLOOR (unrelated, for this model) and
  DENSE_FULL (the same thing said another way): how sure meaning alone is, whatever else is
  stored (recall decides from it whether to speak);
- `dense`, what ranks: the larger of closeness and its standing among this query's neighbours,
  from 0 at the NEAREST-th unit (what the store holds by chance for this query) to
  RELATIVE_FULL at the nearest one. Standing is measured on the cosine less CROWDING of the
  unit's crowding (memctl.search.vectors: a generic line near everything is near every
  question too), among the WIDEN units nearest by cosine. A question and the sentence that
  answers it seldom reach a high cosine for a small model (0.3-0.5, where a restated sentence
  reaches 0.8), but the memory that answers stands out from the rest of the store: the
  neighbours' own scale tells a clear best match from the crowd, where a fixed scale would
  rate it low and let any word in common outrank it.

A third measure, `lead`, is how far a unit's cosine stands above the nearest other unit's (a
copy of the same text aside): recall reads it as evidence that the memory answers. In a small
store the nearest unit is the nearest by default, and a question people ask of their own life
("who do I call when a tap drips?") reaches its answer at a cosine of 0.3-0.5; that the answer
is clearly nearer than anything else stored is what tells it from a turn no memory answers,
whose nearest units sit close together (see memctl.search.recall.confident)."""

from __future__ import annotations

import functools
import json
import re
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from ..workspace import Workspace
    from .index import SearchIndex
    from .vectors import Sync, VectorIndex

NEAREST = 40  # units offered by meaning alone
MEANING_MIN = 0.20  # the cosine a unit needs to be offered by meaning alone
DENSE_FLOOR = 0.15  # all-MiniLM-L6-v2: unrelated sentences score about 0-0.15
DENSE_FULL = 0.60  # a question and its answer 0.3-0.6, a restated sentence 0.6-0.9
RELATIVE_FULL = 0.75  # what the nearest unit gets from its standing among the neighbours
RELATIVE_FROM = 0.25  # standing counts only for a unit at least this close in itself
INHERITED = 0.9  # an entry's share of its note header's dense
WIDEN = 200  # units nearest by cosine, ranked again with their crowding
BARE_WORDS = 3  # a note header of fewer words is a bare title (see _mute_among)
CROWDING = 0.5  # the share of a unit's crowding taken off its cosine (CSLS takes 1 of 2 cosines)
HEADING_LIFT = 0.2  # the most a unit's heading adds to its cosine (see beyond_heading)
HEADINGS = 8  # the headings weighed for one query at most (see beyond_heading)
COPY = 1e-3  # units whose cosines differ by less are taken for copies of one text (see lead)
LEAD_LOOK = 8  # the nearest units by cosine looked up for a bare title or a stamp (see lead)

# A query of names alone ("Okafor", "Mr. Okafor", "Anna Kowalski"): one to three capitalised
# words. A name's vector says nothing of what it names: "Kowalski" is as near "Mario fixes our
# pipes" (cosine 0.33) as "plumber" is (0.34).
_NAMES_ONLY = re.compile(r"(?:(?:Mr|Mrs|Ms|Dr|Prof)\.?\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}")


class Meaning:
    """The query's vector and its nearest units, looked up on a thread of their own: the
    embedding (onnxruntime) and the vector search (numpy) let go of the interpreter, so the
    lexical candidates are found meanwhile. The first read of `query` or `nearest` waits."""

    def __init__(self, index: SearchIndex, vectors: VectorIndex, sync: Sync, text: str) -> None:
        self.vectors, self.sync = vectors, sync
        self._index = index
        self.names_only = bool(_NAMES_ONLY.fullmatch(text.strip()))
        self._found: tuple[np.ndarray, list[tuple[str, int, float, float]]] | None = None
        self._raw: list[tuple[str, int, float]] = []  # the units found, nearest by cosine first
        self._leads: dict[tuple[str, int], float] | None = None
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._look, args=(text,), daemon=True)
        self._thread.start()

    def _look(self, text: str) -> None:
        try:
            from . import semantic

            vector = semantic.embed([text], self._index.ws)[0]
            with self.vectors.lock:  # a lookup left behind by a failed answer: one at a time
                found = self.vectors.search_crowded(vector, WIDEN)
            scaled = [(p, line, c, c - CROWDING * r) for p, line, c, r in found]
            scaled.sort(key=lambda unit: -unit[3])
            self._raw = [(p, line, c) for p, line, c, _ in found]
            self._found = (vector, scaled[: 2 * NEAREST])
        except BaseException as error:  # noqa: BLE001  (raised again where it is read)
            self._failed = error

    def close(self) -> None:
        """Wait for the lookup's thread, read or not ("Okafor" never reads it). A thread still
        inside onnxruntime when the interpreter exits is torn down mid-call, and the C++
        runtime aborts the process (exit 134, "terminate called without an active
        exception"): every search waits for it before it answers."""
        self._thread.join()

    def _wait(self) -> tuple[np.ndarray, list[tuple[str, int, float, float]]]:
        self._thread.join()
        if self._failed is not None:
            raise self._failed
        assert self._found is not None
        return self._found

    @property
    def query(self) -> np.ndarray:
        return self._wait()[0]

    @property
    def index(self) -> SearchIndex:
        return self._index

    def lead(self, address: tuple[str, int]) -> float:
        """How far the unit's cosine stands above the nearest other unit's (0 when it does not):
        see leads. A unit meaning does not offer (a bare title, a stamp) neither leads nor is
        led by."""
        if self._leads is None:
            gone = self._mute | _ended_among(self._index, self._raw[:LEAD_LOOK])
            self._leads = leads([u for u in self._raw if (u[0], u[1]) not in gone])
        return self._leads.get(address, 0.0)

    @functools.cached_property
    def generic(self) -> float:
        """The cosine of the request any assistant is asked (memctl.search.asks) nearest the
        query: what a memory must stand above to be more than the nearest by chance."""
        from .asks import nearest_ask

        return nearest_ask(self.vectors, self.query)

    @functools.cached_property
    def nearest(self) -> list[tuple[str, int, float, float]]:
        """The NEAREST units: path, line, cosine, and the cosine less its crowding, by which
        they are ordered, but for those meaning does not offer (see _mute)."""
        kept = self._wait()[1]
        return [unit for unit in kept if (unit[0], unit[1]) not in self._mute][:NEAREST]

    @functools.cached_property
    def _mute(self) -> set[tuple[str, int]]:
        """Of the units kept and the LEAD_LOOK nearest by cosine, those meaning does not offer
        (see _mute_among), in one lookup: they are few, and each costs one (on this thread:
        the index's connection is this thread's)."""
        kept = [(p, line) for p, line, _, _ in self._wait()[1]]
        return _mute_among(self._index, kept + [(p, line) for p, line, _ in self._raw[:LEAD_LOOK]])


def leads(found: list[tuple[str, int, float]]) -> dict[tuple[str, int], float]:
    """The lead of the nearest unit found (by cosine) over the next one, DENSE_FLOOR standing
    in for the next when there is none; the others lead nothing. A unit with the same cosine
    is a copy of the same text (a log line kept as an entry too), not another memory as near:
    it shares the lead."""
    cosines = sorted((c for _, _, c in found), reverse=True)
    if not cosines:
        return {}
    best = cosines[0]
    lead = best - next((c for c in cosines if best - c >= COPY), min(best, DENSE_FLOOR))
    return {(p, line): lead for p, line, c in found if best - c < COPY and lead > 0}


def describe(ws: Workspace, meaning: Meaning | None, asked: bool) -> str:
    """One line on whether meaning was searched: how many units it reached, or why not (with
    how to turn it on)."""
    from . import semantic

    if meaning is not None:
        sync = meaning.sync
        line = f"meaning searched too: {sync.units} memories have a vector"
        if sync.pending:
            line += f", {sync.pending} not yet (memctl reindex embeds them)"
        return line
    if not asked:
        return "words only (asked for)"
    return f"words only: {semantic.unavailable_reason(ws) or 'nothing to embed'}"


def prepare(index: SearchIndex, query: str) -> Meaning | None:
    """The query's vector and the workspace's vectors brought up to date, or None when the
    semantic path is not available (not installed, or turned off)."""
    from . import semantic

    if not query.strip() or not semantic.available(index.ws):  # available() loads the model
        return None
    vectors = semantic.warm(index.ws)
    sync = vectors.sync(index)
    return Meaning(index, vectors, sync, query[:2000])


def _mute_among(index: SearchIndex, addresses: list[tuple[str, int]]) -> set[tuple[str, int]]:
    """The units that do not say enough to be found by meaning: a bare title of a few words
    ("Kids", "Car"), close to every question on its topic and answering none (its entries
    carry the title in their own vectors, and words still find it), and a stamp (see stamp)."""
    if not addresses:
        return set()
    return {
        (p, line)
        for p, line, kind, text in index.db.execute(
            "SELECT u.path, u.line, u.kind, u.text FROM units u JOIN json_each(:a) j "
            "ON u.path = j.value ->> 0 AND u.line = j.value ->> 1",
            {"a": json.dumps([list(a) for a in dict.fromkeys(addresses)])},
        )
        if (kind == "note" and len(text.split()) < BARE_WORDS) or stamp(text)
    }


def _ended_among(index: SearchIndex, found: list[tuple[str, int, float]]) -> set[tuple[str, int]]:
    """Of the units found, those closed or superseded: a corrected line stands as near as the
    line that corrected it, and is no other memory as near (recall never shows it), so it takes
    no lead from it ("who fixes our pipes?" after "actually it's Joe, not Jim")."""
    if not found:
        return set()
    return {
        (p, line)
        for p, line in index.db.execute(
            "SELECT u.path, u.line FROM units u JOIN json_each(:a) j "
            "ON u.path = j.value ->> 0 AND u.line = j.value ->> 1 "
            "WHERE u.status IN ('closed', 'superseded')",
            {"a": json.dumps([[p, line] for p, line, _ in found])},
        )
    }


_WHEN = re.compile(
    r"\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?|\d{1,2}:\d{2}(?::\d{2})?"
    r"|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}"
)


def stamp(text: str) -> bool:
    """A line that only says when: a date or a time, and a label of one word at most
    ("Updated: 2026-11-30 09:00", "Reviewed 2026-05-01"). Its vector holds little but the
    date's shape, near any question that asks "when" and answering none."""
    if len(text) > 80 or not _WHEN.search(text):
        return False
    rest = _WHEN.sub(" ", text)
    return len(re.findall(r"[^\W\d_]{2,}", rest)) <= 1


def nearest_rows(
    index: SearchIndex,
    meaning: Meaning,
    columns: str,
    condition: str,
    params: dict,
    known: set[tuple[str, int]],
) -> list[tuple]:
    """Candidate rows (as the lexical query returns them, with no BM25) for the units nearest
    in meaning that pass the filters and are not among the lexical candidates already."""
    from .candidates import CONTEXT

    if meaning.names_only:
        return []  # "Okafor": a name is found by its letters; its vector is near anything
    found = [(p, line) for p, line, cosine, _ in meaning.nearest if cosine >= MEANING_MIN]
    found = [address for address in found if address not in known]
    if not found:
        return []
    sql = (
        f"SELECT {columns}, 0.0, {CONTEXT.format(f='f.')} FROM units u "
        f"JOIN json_each(:addresses) j ON u.path = j.value ->> 0 AND u.line = j.value ->> 1 "
        f"JOIN fts f ON f.rowid = u.id WHERE {condition}"
    )
    addresses = json.dumps([list(a) for a in found])
    return index.db.execute(sql, {**params, "addresses": addresses}).fetchall()


def dense(
    meaning: Meaning,
    addresses: list[tuple[str, int]],
    kinds: list[str],
    headings: list[str | None] | None = None,
) -> list[tuple[float, float, float]]:
    """(cosine, closeness, dense) for each unit (see the module's docstring); zeros for one
    without a vector yet. An entry line is read in its note: it ranks at least INHERITED of its
    note's header when the note as a whole is what the query is about ("Anna" for "what can
    Anna eat?", where the line says "allergic to hazelnuts"). `headings`: the heading each
    unit's vector holds (see heading), which can lift its cosine by HEADING_LIFT at most."""
    near = [scaled for _, _, _, scaled in meaning.nearest]
    best = near[0] if near else 0.0
    # The store's chance level for this query; a small store has no crowd: the fixed floor.
    crowd = near[-1] if len(near) >= NEAREST else DENSE_FLOOR

    def measure(
        where: list[tuple[str, int]], cosines: list[float | None]
    ) -> list[tuple[float, float, float]]:
        crowding = meaning.vectors.crowding(where)
        out = []
        for cosine, around in zip(cosines, crowding, strict=True):
            if cosine is None:
                out.append((0.0, 0.0, 0.0))
                continue
            closeness = share(cosine, DENSE_FLOOR, DENSE_FULL)
            scaled = cosine - CROWDING * around
            standing = share(scaled, crowd, best) if cosine >= RELATIVE_FROM else 0.0
            out.append((cosine, closeness, max(closeness, RELATIVE_FULL * standing)))
        return out

    vectors = meaning.vectors.vectors(addresses)
    headings = headings or [None] * len(addresses)
    own = measure(addresses, beyond_heading(meaning, vectors, headings))
    notes = sorted({p for (p, line), kind in zip(addresses, kinds, strict=True) if kind == "entry"})
    tops = [(p, 1) for p in notes]
    header = {
        p: m[2]
        for p, m in zip(
            notes, measure(tops, meaning.vectors.similarity(meaning.query, tops)), strict=True
        )
    }
    out = []
    for (path, _), kind, (cosine, closeness, mine) in zip(addresses, kinds, own, strict=True):
        if kind == "entry":
            mine = max(mine, (mine + INHERITED * header.get(path, 0.0)) / 2)
        out.append((cosine, closeness, mine))
    return out


def beyond_heading(
    meaning: Meaning,
    vectors: list[np.ndarray | None],
    headings: list[str | None],
) -> list[float | None]:
    """Each unit's cosine with the query, its heading's share counted HEADING_LIFT at most.
    A short unit's vector is mostly its heading: "Priya: Respectable." sits nearer every
    question about Priya (0.6) than the turn that answers one ("Priya: I found a studio in
    Eastgate…", 0.47), and the name alone nearer still (0.68). Taking the heading's direction
    out of the unit's vector leaves what the unit itself says; the cosine with that, plus the
    lift, bounds the whole one. A unit without a heading keeps its cosine. The headings are
    embedded as they are written (a note's header holds more than its title: its description
    and keys say what its entries say), the HEADINGS nearest only: a few milliseconds each the
    first time a workspace's store sees one (memctl.search.headings keeps them)."""
    import numpy as np

    from .headings import heading_vectors

    query = meaning.query
    wholes = [None if v is None else float((v @ query).max()) for v in vectors]
    nearest: dict[str, float] = {}  # a heading: the nearest of its units
    for heading, whole in zip(headings, wholes, strict=True):
        if heading and whole is not None:
            nearest[heading] = max(whole, nearest.get(heading, -1.0))
    named = sorted(nearest, key=lambda h: -nearest[h])[:HEADINGS]
    found = heading_vectors(meaning.vectors, named) if named else {}
    out: list[float | None] = []
    for vector, whole, heading in zip(vectors, wholes, headings, strict=True):
        t = found.get(heading) if heading else None
        if vector is None or whole is None or t is None or len(vector) > 1:
            out.append(whole)  # no heading to take out, or long enough to be in parts
            continue
        vector = vector[0]
        body = vector - float(vector @ t) * t
        size = float(np.linalg.norm(body))
        said = float(body @ query) / size if size > 1e-6 else 0.0
        out.append(min(whole, said + HEADING_LIFT))
    return out


def share(value: float, low: float, high: float) -> float:
    """Where `value` falls from `low` (0) to `high` (1), clipped to 0..1."""
    if high <= low:
        return 1.0 if value >= high else 0.0
    return min(1.0, max(0.0, (value - low) / (high - low)))
