"""The semantic path: the model memctl[semantic] installs, the vectors in .memctl/vectors.db kept
fresh file by file, and nearest() over real workspaces."""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import sqlite3
import subprocess
import sys

import pytest

from conftest import NOW, TODAY
from memctl.daily import append_log
from memctl.forgetting.purge import purge
from memctl.longterm import add_entry, new_note
from memctl.search import crowding, pieces, semantic, vectorfile
from memctl.search import vectors as vectorstore
from memctl.search.index import open_index
from memctl.search.matrix import closest
from memctl.search.vectors import DB_NAME, VectorIndex, hamming
from memctl.workspace import open_workspace

pytestmark = pytest.mark.skipif(not semantic.available(), reason=semantic.ENABLE_HINT)


@pytest.fixture
def home(ws):
    new_note(ws, "people/trades", title="Trades", today=TODAY)
    add_entry(
        ws, "people/trades", "Jorge the plumber, 0612 448 903, fixed the kitchen leak", today=TODAY
    )
    new_note(ws, "paperwork/mortgage", title="Mortgage", today=TODAY)
    add_entry(
        ws, "paperwork/mortgage", "Mortgage fixed rate of 3.1% ends in August 2027", today=TODAY
    )
    append_log(ws, "Vet", "Miso the cat had her vaccines at Riverside Vet", now=NOW)
    return ws


def test_embed_gives_unit_rows_that_put_paraphrases_close():
    vectors = semantic.embed(
        [
            "who fixes our pipes?",
            "the plumber repaired the leaking sink",
            "our fixed-rate mortgage ends next year",
            "",
        ]
    )
    assert vectors.shape == (4, 384) and str(vectors.dtype) == "float32"
    assert abs(float((vectors**2).sum(axis=1)[0]) - 1) < 1e-4
    sims = semantic.cosine(vectors[0], vectors[1:3])
    assert sims[0] > sims[1] + 0.2  # pipes are a plumber's matter, not a mortgage's
    assert semantic.cosine(vectors[1], vectors[1]) == pytest.approx(1, abs=1e-4)


LONG = {
    "prose": "the plumber fixed the kitchen leak on Tuesday and left a bill " * 2000,
    "one word": "QmFzZTY0IGJsb2I" * 40000,
    "spaced": ("receipt  \n\t  " * 30 + "x" * 150 + " ") * 800,
    "pieces": "a+b/c=d " * 30000,
}


@pytest.mark.parametrize("kind", sorted(LONG))
def test_a_long_text_is_read_only_as_far_as_its_first_word_pieces(kind):
    """The tokenizer reads a text whole before it truncates: a 50 MB note took minutes to
    embed. What is given it is cut first, to what its first word pieces can hold."""
    text = LONG[kind]
    cut = pieces.head(text)
    assert len(cut) < 14_000 < len(text)
    tokenizer = semantic.model_for(None).tokenizer
    assert tokenizer.encode(cut).ids == tokenizer.encode(text).ids


def test_nearest_finds_a_memory_that_shares_no_word_with_the_question(home):
    found = semantic.nearest(home, "who do I call when a pipe bursts?", limit=2)
    assert found[0].path == "people/trades.md" and found[0].kind == "entry"
    assert found[0].id and 0.2 < found[0].similarity <= 1
    assert semantic.nearest(home, "kitty shots", limit=1)[0].path.startswith("daily/")
    assert semantic.nearest(home, "kitty shots", category="paperwork", limit=1)[0].path == (
        "paperwork/mortgage.md"
    )
    assert (home.state_dir / DB_NAME).is_file()


def test_an_edit_embeds_only_the_lines_it_changed(home):
    vectors = semantic.warm(home)
    with open_index(home) as index:
        first = vectors.sync(index)
    assert first.embedded == first.units > 5 and first.pending == 0
    add_entry(home, "people/trades", "Karin next door has the spare key", today=TODAY)
    with open_index(home) as index:
        again = vectors.sync(index)
        assert vectors.sync(index) == again  # nothing changed since: nothing to do
    assert again.files == 1 and again.embedded == 1 and again.units == first.units + 1
    # A fresh process reads what was stored and embeds nothing.
    fresh = VectorIndex(home.state_dir / DB_NAME, vectors.model)
    with open_index(home) as index:
        assert fresh.sync(index).embedded == 0


def test_a_budget_leaves_the_rest_pending_and_search_uses_what_is_ready(home, monkeypatch):
    from memctl.search import vectors as semanticindex

    with open_index(home) as index:  # a small first embedding is done whole, budget or not
        whole = VectorIndex(home.state_dir / "small.db", semantic.model_for(home))
        assert whole.sync(index, budget=2).pending == 0
    monkeypatch.setattr(semanticindex, "WHOLE", 0)  # as in a workspace too large for that
    for n in range(6):
        new_note(home, f"tools/t{n}", title=f"Tool {n}", today=TODAY)
        add_entry(home, f"tools/t{n}", f"Tool number {n} lives in drawer {n}", today=TODAY)
    vectors = VectorIndex(home.state_dir / "other.db", semantic.model_for(home))
    with open_index(home) as index:
        partial = vectors.sync(index, budget=3)
        assert partial.pending > 0 and partial.units < partial.units + partial.pending
        assert vectors.search(semantic.embed(["plumber"])[0], 3)  # answers with what is ready
        done = vectors.sync(index, budget=None)
    assert done.pending == 0 and done.units >= partial.units + partial.pending


def test_a_damaged_or_foreign_vector_file_is_started_over(home):
    (home.state_dir / DB_NAME).write_bytes(b"not a database at all" * 100)
    vectors = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    with open_index(home) as index:
        assert vectors.sync(index).units > 0
    db = sqlite3.connect(home.state_dir / DB_NAME)
    db.execute("UPDATE meta SET value = 'another-model' WHERE key = 'model'")
    db.commit()
    db.close()
    again = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    assert again.files == {}  # vectors of another model are not mixed in


def test_the_vector_file_keeps_a_write_ahead_log_and_one_made_before_keeps_its_vectors(
    home, tmp_path
):
    """A write syncs the file at checkpoints only (not a journal three times a write); a store
    written with a rollback journal is taken over as it is."""
    semantic.nearest(home, "who fixes the pipes", limit=1)
    db = sqlite3.connect(home.state_dir / DB_NAME)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()
    model = semantic.model_for(home)
    older = tmp_path / "older.db"
    db = sqlite3.connect(older)
    db.executescript(vectorfile.SCHEMA)
    db.execute("INSERT INTO meta VALUES ('model', ?)", (f"{model.id} {vectorstore.RECIPE}",))
    db.execute("INSERT INTO files VALUES ('a.md', 1, 2, x'', x'', x'')")
    db.commit()
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()
    again = VectorIndex(older, model)
    assert again.db is not None
    assert again.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert again.db.execute("SELECT path FROM files").fetchall() == [("a.md",)]


def test_turned_off_in_the_config(home):
    (home.state_dir / "config.yaml").write_text("semantic: false\n")
    from memctl.workspace import open_workspace

    off = open_workspace(home.root)
    assert not semantic.available(off)
    assert "semantic: false" in semantic.unavailable_reason(off)


def test_a_purge_deletes_the_vectors(home):
    add_entry(home, "people/trades", "Anna's phone is +1 555 0134", today=TODAY)
    semantic.nearest(home, "phone number", limit=1)
    assert (home.state_dir / DB_NAME).is_file()
    model = semantic.model_for(home)
    assert model._memo  # this process's recent vectors
    purge(home, "+1 555 0134", now=NOW, dry_run=False)
    assert not (home.state_dir / DB_NAME).exists()  # it holds no text, but vectors of it
    assert not model._memo


def test_a_line_embedded_again_in_the_same_process_is_not_run_through_the_model_again(
    home, monkeypatch
):
    model = semantic.model_for(home)
    model.forget_memo()
    ran: list[str] = []
    run = model._run

    def counted(texts):
        ran.extend(texts)
        return run(texts)

    monkeypatch.setattr(model, "_run", counted)
    first = model.embed(["the boiler was serviced in May", "who fixes our pipes?"])
    again = model.embed(["who fixes our pipes?", "a line not seen before", "who fixes our pipes?"])
    assert ran == [
        "the boiler was serviced in May",
        "who fixes our pipes?",
        "a line not seen before",
    ]
    assert (again[0] == first[1]).all() and (again[2] == first[1]).all()
    assert again.shape == (3, model.dim) and abs(float(again[1] @ again[1]) - 1) < 1e-5
    monkeypatch.setattr(semantic, "MEMO", 2)
    model.embed(["one more", "and another"])
    assert len(model._memo) == 2  # the oldest went first


def test_a_long_embedding_interrupted_keeps_what_it_saved(home, monkeypatch):
    from memctl.search import vectors as semanticindex

    monkeypatch.setattr(semanticindex, "SAVE_EVERY", 2)
    for n in range(4):
        new_note(home, f"tools/t{n}", title=f"Tool {n}", today=TODAY)
        add_entry(home, f"tools/t{n}", f"Tool number {n} lives in drawer {n}", today=TODAY)
    calls = []

    def stop_after_a_while(done, total):
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    vectors = VectorIndex(home.state_dir / "long.db", semantic.model_for(home))
    with open_index(home) as index, pytest.raises(KeyboardInterrupt):
        vectors.sync(index, budget=None, progress=stop_after_a_while)
    again = VectorIndex(home.state_dir / "long.db", semantic.model_for(home))
    assert 0 < len(again.files) < len(vectors.files) + 1
    with open_index(home) as index:
        rest = again.sync(index, budget=None)
    assert rest.pending == 0 and rest.embedded < rest.units  # only what was not saved


def test_a_generic_line_near_everything_is_crowded_and_ranks_below_the_answer(home):
    """A line copied with small changes across many notes (a hub: near any question) has a
    higher crowding than a memory that says one thing, and the question's answer ranks first
    with its full standing among the neighbours."""
    from memctl.search.meaning import RELATIVE_FULL
    from memctl.search.rank import search

    people = ["Omar", "Wei", "Lena", "Inês", "Carlos", "Priya", "Jonas", "Dana"]
    plans = ["deploys", "budget", "release", "roadmap", "security review", "database"]
    for n in range(48):
        project = f"projects/p{n}"
        new_note(home, project, title=f"Project {n}", today=TODAY)
        text = f"Waiting for {people[n % 8]} to review the {plans[n % 6]} plan"
        add_entry(home, project, text, today=TODAY)
    with open_index(home) as index:
        vectors = semantic.warm(home)
        vectors.sync(index, budget=None)
        sql = "SELECT path, line FROM units WHERE kind = 'entry' AND path IN (?, ?) ORDER BY path"
        lines = index.db.execute(sql, ("projects/p0.md", "people/trades.md")).fetchall()
        unique, hub = vectors.crowding([tuple(row) for row in lines])
    assert hub > unique + 0.2
    found = search(home, "who do I call when a pipe bursts?", explain=True, today=TODAY)
    top = found.hits[0]
    assert top.path == "people/trades.md" and top.kind == "entry"
    assert top.components["dense"] >= RELATIVE_FULL > top.components["closeness"]


def test_a_bare_title_is_not_offered_by_meaning_alone(home):
    """A note header that is only a title ("Kids") is near every question on its topic and
    answers none: meaning offers the entry that answers, and words still find the title."""
    from memctl.search.meaning import prepare
    from memctl.search.rank import search

    for title in ("Kids", "Car", "Garden", "Cooking", "School"):
        new_note(home, f"house/{title.lower()}", title=title, today=TODAY)
    add_entry(
        home, "house/kids", "Leo's pickup is 15:30 on weekdays, Grandma does Fridays", today=TODAY
    )
    question = "who collects the children in the afternoon?"
    with open_index(home) as index:
        semantic.warm(home).sync(index, budget=None)
        meaning = prepare(index, question)
        assert meaning is not None
        offered = {(path, line) for path, line, _, _ in meaning.nearest}
    assert ("house/kids.md", 1) not in offered and ("house/school.md", 1) not in offered
    top = search(home, question, today=TODAY).hits[0]
    assert top.path == "house/kids.md" and top.kind == "entry"
    assert search(home, "kids", today=TODAY, semantic=False).hits[0].path == "house/kids.md"


@pytest.mark.parametrize(
    ("text", "only_when"),
    [
        ("Updated: 2026-11-30 09:00", True),
        ("Reviewed 2026-05-01", True),
        ("2026-11-02", True),
        ("Plumber: 0612 448 903", False),  # a phone number is not a date
        ("Standup at 09:30 daily", False),
        ("Meeting moved to 10:00 on 2026-12-01", False),
    ],
)
def test_a_stamp_is_a_line_that_only_says_when(text, only_when):
    from memctl.search.meaning import stamp

    assert stamp(text) is only_when


def test_now_mds_updated_line_is_not_offered_by_meaning_to_a_question_asking_when(ws, cli):
    """Every workspace's NOW.md starts with "Updated: DATE TIME". Near no memory, it stood
    out among a small store's units for any "when" question and ranked above the answer."""
    from memctl.search.rank import search

    for text in (
        "Quarterly planning happens the first Monday of each quarter at 10:00.",
        "Payday is the 25th; if it falls on a weekend, the Friday before.",
        "Security training must be done by 31 January every year.",
        "The on-call rota changes every Monday at 9; swaps go through PagerDuty.",
    ):
        cli("remember", text, "--source", "user")
    hits = search(ws, "when do we set goals for the next three months?", today=TODAY).hits
    assert hits[0].text.startswith("Quarterly planning"), [h.text for h in hits]
    assert all(h.path != "NOW.md" for h in hits)
    assert search(ws, "updated", today=TODAY, semantic=False).hits[0].path == "NOW.md"


def test_the_signs_read_from_a_float16_s_bits_are_its_comparison_with_zero_for_every_value():
    """matrix.positive reads `> 0` from a float16's bits (a float16 comparison is slow): for
    every one of the 65,536 bit patterns but NaN's, the same answer as the comparison."""
    import numpy as np

    from memctl.search.matrix import positive

    every = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    every = every[~np.isnan(every)].reshape(1, -1)
    assert (positive(every) == (every > 0)).all()
    assert positive(every).sum() == (every > 0).sum() == 0x7C00  # +subnormals…+inf
    rows = np.asarray([[0.5, -0.5], [-0.0, 2.0]], dtype=np.float32)
    assert (positive(rows) == (rows > 0)).all()


def test_a_store_past_the_exact_size_is_prefiltered_by_signs_and_finds_the_same(home, monkeypatch):
    """Past EXACT_MAX units, the signs of the vectors pick the candidates the full vectors rank:
    the Hamming distances are those of the bits, and with every unit kept the answer is the
    exact product's."""
    import numpy as np

    bits = np.random.default_rng(7).integers(0, 2, size=(50, 384), dtype=np.uint8).astype(bool)
    query = np.random.default_rng(8).integers(0, 2, size=384).astype(bool)
    codes = np.ascontiguousarray(np.packbits(bits, axis=1).view(np.uint64).T)
    signs = np.packbits(query).view(np.uint64)
    assert hamming(codes, signs).tolist() == (bits != query).sum(axis=1).tolist()
    distance = np.random.default_rng(9).integers(0, 385, size=5000).astype(np.uint16)
    for keep in (1, 10, 1000, 5000, 9000):
        rows = closest(distance, keep)
        worst = np.sort(distance)[min(keep, len(distance)) - 1]
        assert sorted(rows.tolist()) == np.flatnonzero(distance <= worst).tolist()  # ties kept
    question = semantic.embed(["who do I call when a pipe bursts?"], home)[0]
    exact = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    with open_index(home) as index:
        exact.sync(index)
    assert exact.view().codes is None
    monkeypatch.setattr(vectorstore, "EXACT_MAX", 1)
    signed = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    with open_index(home) as index:
        signed.sync(index)
    assert signed.view().codes is not None
    # Loaded from disk, the files' vectors are one block, and the matrix is that block: one copy
    matrix = signed.view().matrix
    assert all(np.shares_memory(matrix, f.vecs) for f in signed.files.values() if len(f.vecs))
    found = signed.search(question, 3)
    assert [f[:2] for f in found] == [f[:2] for f in exact.search(question, 3)]
    for store in (exact, signed):  # the crowding read by row is the crowding of each address
        crowded = store.search_crowded(question, 5)
        plain = store.search(question, 5)
        assert [c[:3] for c in crowded] == plain
        assert [c[3] for c in crowded] == store.crowding([(p, line) for p, line, _ in plain])
    assert found[0][0] == "people/trades.md"
    # A file changed: the view is built anew, and the files' rows are its rows again
    add_entry(home, "people/trades", "Ana the electrician rewired the hallway", today=TODAY)
    with open_index(home) as index:
        signed.sync(index)
    matrix = signed.view().matrix
    assert all(np.shares_memory(matrix, f.vecs) for f in signed.files.values() if len(f.vecs))
    wired = semantic.embed(["who rewired the hallway?"], home)[0]
    assert "electrician" in signed_text(home, signed.search(wired, 1)[0])


def signed_text(ws, found: tuple[str, int, float]) -> str:
    return (ws.root / found[0]).read_text().splitlines()[found[1] - 1]


def test_numpy_runs_its_products_on_one_thread_unless_the_user_says_otherwise():
    """OpenBLAS threads spin between products and take the CPU a warm server's caller needs:
    the semantic path asks for one before numpy loads; a count the user set is kept, and a
    program memctl runs (a model command) gets the environment without what memctl set."""
    probe = (
        "import memctl.search.semantic, numpy, os; from memctl.threads import child_environment;"
        "c = child_environment(); "
        "print(os.environ['OPENBLAS_NUM_THREADS'], 'none' if c is None else c.get("
        "'OPENBLAS_NUM_THREADS', 'unset'), 'none' if c is None else c.get("
        "'ORT_DISABLE_TELEMETRY', 'unset'), numpy.__name__)"
    )
    ours = ("OPENBLAS_NUM_THREADS", "ORT_DISABLE_TELEMETRY")
    env = {k: v for k, v in os.environ.items() if k not in ours}
    ran = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True)
    assert ran.stdout.split() == ["1", "unset", "unset", "numpy"], ran.stderr
    mine = subprocess.run(
        [sys.executable, "-c", probe],
        env={**env, "OPENBLAS_NUM_THREADS": "3", "ORT_DISABLE_TELEMETRY": "1"},
        capture_output=True,
        text=True,
    )
    assert mine.stdout.split() == ["3", "none", "none", "numpy"], mine.stderr


def test_the_model_runs_offline_and_leaves_nothing_of_the_runtime_in_home(home, tmp_path):
    """onnxruntime 1.29 and later keep a device id and usage events under ~/.cache and send them
    when a network allows: a real `memctl search` by meaning leaves no trace of it in HOME (the
    environment asks the runtime for none, memctl.threads), and a value the user set stays."""
    from conftest import MEMCTL_BIN

    # This process set the variable when it imported the semantic path: the command must not
    # inherit it, but set it itself.
    env = {k: v for k, v in os.environ.items() if k != "ORT_DISABLE_TELEMETRY"}
    env |= {"HOME": str(tmp_path / "home"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    (tmp_path / "home").mkdir()
    asked = [str(MEMCTL_BIN), "search", "who do I call when the sink drips", "--json"]
    found = subprocess.run(asked, cwd=home.root, env=env, capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    assert "people/trades.md" in found.stdout  # the model ran: no word is shared
    left = [p for p in (tmp_path / "home", tmp_path / "cache") if p.exists() and any(p.rglob("*"))]
    assert left == [], [str(f) for p in left for f in p.rglob("*")]

    probe = "import memctl.search.semantic, os; print(os.environ['ORT_DISABLE_TELEMETRY'])"
    said = subprocess.run(
        [sys.executable, "-c", probe],
        env={**env, "ORT_DISABLE_TELEMETRY": "0"},
        text=True,
        capture_output=True,
    )
    assert said.stdout.split() == ["0"], said.stderr


def test_crowding_measured_ahead_in_steps_is_what_a_question_would_measure(home, monkeypatch):
    """A server measures every unit's crowding in short steps of idle time; the values are the
    ones a question would have measured for itself."""
    monkeypatch.setattr(crowding, "CROWD_K", 1)  # a crowd in a three-note store
    monkeypatch.setattr(crowding, "CROWD_SAMPLE", 4)
    asked = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    ahead = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    with open_index(home) as index:
        asked.sync(index)
        ahead.sync(index)
    view = ahead.view()
    units = [(view.paths[view.owner[i]], int(view.lines[i])) for i in range(len(view.lines))]
    assert len(units) > 4
    import numpy as np

    steps = 1
    while ahead.crowd_ahead(2):
        steps += 1
    assert steps == -(-len(units) // 2)
    assert not any(np.isnan(ahead.crowds.values))  # all measured, none asked
    assert ahead.crowding(units) == pytest.approx(asked.crowding(units))


def test_a_write_costs_the_crowding_of_the_file_it_changed_not_of_the_whole_store(
    home, monkeypatch
):
    """A new view of the store keeps the crowding measured of every file whose units did not
    change: after a write, idle work (and a question) measures only the rows of the file that
    was embedded again."""
    import numpy as np

    monkeypatch.setattr(crowding, "CROWD_K", 1)
    monkeypatch.setattr(crowding, "CROWD_SAMPLE", 4)
    new_note(home, "house/garden", title="Garden", today=TODAY)
    for text in ("Roses pruned in March", "Hedge trimmed by Tomasz", "Compost turned monthly"):
        add_entry(home, "house/garden", text, today=TODAY)
    store = VectorIndex(home.state_dir / DB_NAME, semantic.model_for(home))
    with open_index(home) as index:
        store.sync(index)
    while store.crowd_ahead(1000):
        pass
    view = store.view()
    kept = {
        (view.paths[view.owner[i]], int(view.lines[i])): float(store.crowds.values[i])
        for i in range(len(view.lines))
    }
    add_entry(home, "house/garden", "Lawn mown every Saturday in summer", today=TODAY)
    with open_index(home) as index:
        assert store.sync(index).files == 1
    store.crowding([])  # the new view's values, before anything is measured
    view = store.view()
    rows = range(len(view.lines))
    unmeasured = {view.paths[view.owner[i]] for i in rows if np.isnan(store.crowds.values[i])}
    assert unmeasured == {"house/garden.md"}
    for i in rows:
        at = (view.paths[view.owner[i]], int(view.lines[i]))
        if at[0] != "house/garden.md":
            assert float(store.crowds.values[i]) == kept[at]
    steps = 1
    while store.crowd_ahead(2):
        steps += 1
    garden = view.spans["house/garden.md"]
    assert steps == -(-garden[1] // 2) - garden[0] // 2  # the other files' rows: passed over
    assert not any(np.isnan(store.crowds.values))


def test_the_query_is_embedded_while_its_words_are_looked_up_and_a_failure_is_not_lost(
    home, monkeypatch
):
    import threading

    from memctl.search import rank as ranking
    from memctl.search.rank import Filters, rank, search

    model = semantic.model_for(home)
    embed, lookup = model.embed, ranking.find_candidates
    words_looked_up = threading.Event()
    overlapped = []

    def slow_embed(texts):
        overlapped.append(words_looked_up.wait(10))  # the words are looked up meanwhile
        return embed(texts)

    def candidates(*args):
        words_looked_up.set()
        return lookup(*args)

    search(home, "plumber", today=TODAY)  # warm: the model loaded, the vectors synced
    monkeypatch.setattr(model, "embed", slow_embed)
    monkeypatch.setattr(ranking, "find_candidates", candidates)
    hits = search(home, "who fixes our pipes? the plumber", today=TODAY).hits
    # the query first (then the headings of what it found, once each for the workspace)
    assert overlapped[0] is True and hits[0].path == "people/trades.md"

    def broken(texts):
        raise MemoryError("the model ran out of memory")

    monkeypatch.setattr(model, "embed", broken)
    with open_index(home) as index:
        from memctl.search.meaning import prepare

        meaning = prepare(index, "who fixes our pipes?")
        with pytest.raises(MemoryError, match="ran out"):
            rank(index, "pipes", limit=3, filters=Filters(), today=TODAY, meaning=meaning)


def _logged(ws, speaker: str, turns: list[str]) -> None:
    for i, text in enumerate(turns):
        append_log(ws, speaker, text, now=NOW + dt.timedelta(minutes=i))


CHAT = [
    "Respectable.",
    "Finally! Tell me everything. How did the talk go?",
    "That's the most wholesome thing I've ever heard.",
    "Yes, the landlord's selling the house. I found a studio in Eastgate and move in July 1st.",
    "You know me too well. Chai forever, coffee never.",
    "I booked my Pune flights: leaving December 15th, back on the 29th.",
    "Told you she was magic.",
]


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("When did Priya move into her studio?", "studio in Eastgate"),
        ("What does Priya drink instead of coffee?", "Chai forever"),
        ("Where will Priya be over the holidays?", "Pune flights"),
    ],
)
def test_a_turn_that_only_bears_its_speakers_name_does_not_outrank_the_answer(ws, question, answer):
    """A logged turn's vector holds its title (the speaker): "Priya: Respectable." is nearer
    any question about Priya than the turn that answers it. What a unit says beyond its
    heading decides; the heading lifts it a little at most."""
    from memctl.search.rank import search

    _logged(ws, "Priya", CHAT)
    found = search(ws, question, explain=True, today=TODAY)
    assert answer in found.hits[0].text
    from memctl.search.meaning import HEADING_LIFT

    chatter = next(h for h in found.hits if h.text.endswith("Respectable."))
    whole = semantic.cosine(*semantic.embed([question, "Priya: Respectable."]))
    assert chatter.components["cosine"] < whole - HEADING_LIFT / 2


@pytest.mark.parametrize("whole", [False, True])
def test_a_unit_without_a_heading_or_long_enough_to_speak_for_itself_keeps_its_cosine(ws, whole):
    """A log entry with no text under its title has no heading to take out, and a session
    logged whole (more than HEADED_WORDS words) is more what it says than its title: their
    cosine is the model's."""
    from memctl.search.rank import search

    if whole:
        append_log(ws, "Priya", " ".join(CHAT), now=NOW)
    else:
        append_log(ws, "Priya's new studio in Eastgate", "", now=NOW)
    question = "where does Priya live now?"
    hit = search(ws, question, explain=True, today=TODAY).hits[0]
    said = semantic.cosine(*semantic.embed([question, hit.text]))
    assert hit.components["cosine"] == pytest.approx(float(said), abs=1e-3)


def test_a_heading_is_embedded_once_for_the_workspace_and_purged_with_the_rest(ws, monkeypatch):
    """A heading's vector is kept in vectors.db: a later process (here, the same store with its
    own copy emptied and the model's memo forgotten) reads it instead of running the model, and
    a purge leaves none of it in the process or on disk."""
    from memctl.search.rank import search

    _logged(ws, "Priya", CHAT)
    question = "When did Priya move into her studio?"
    search(ws, question, today=TODAY)
    store = semantic.warm(ws)
    assert store.headings
    rows = sqlite3.connect(ws.state_dir / DB_NAME).execute("SELECT count(*) FROM headings")
    assert rows.fetchone()[0] == len(store.headings) == 1  # the speaker, once
    store.headings.clear()
    model = semantic.model_for(ws)
    model.forget_memo()
    ran: list[str] = []
    run = model._run
    monkeypatch.setattr(model, "_run", lambda texts: ran.extend(texts) or run(texts))
    again = search(ws, question, today=TODAY)
    assert "Priya" not in ran and ran == [question]  # the question only, not the heading
    assert "studio in Eastgate" in again.hits[0].text
    purge(ws, "Respectable", now=NOW, dry_run=False)
    assert not store.headings and not (ws.state_dir / DB_NAME).exists()


def test_headings_are_embedded_with_their_units_so_a_question_runs_the_model_once(ws, monkeypatch):
    """Embedding a unit embeds its heading too (a question then pays for the question alone);
    a store that lacks them (made before, or emptied) is completed by the next full embedding,
    and an ordinary question does not do that work."""
    from memctl.search.headings import DONE
    from memctl.search.rank import search

    _logged(ws, "Priya", CHAT)
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    add_entry(ws, "people/anna", "allergic to hazelnuts", today=TODAY)
    semantic.embed_all(ws)
    db = sqlite3.connect(ws.state_dir / DB_NAME, isolation_level=None)
    assert db.execute("SELECT count(*) FROM headings").fetchone()[0] == 2  # Priya's, Anna's
    model = semantic.model_for(ws)
    model.forget_memo()
    ran: list[str] = []
    run = model._run
    monkeypatch.setattr(model, "_run", lambda texts: ran.extend(texts) or run(texts))
    for question in ["When did Priya move into her studio?", "what can Anna not eat?"]:
        search(ws, question, today=TODAY)
    assert ran == ["When did Priya move into her studio?", "what can Anna not eat?"]
    db.execute("DELETE FROM meta WHERE key = ?", (DONE,))
    search(ws, "is Anna allergic to anything?", today=TODAY)
    assert not db.execute("SELECT 1 FROM meta WHERE key = ?", (DONE,)).fetchone()
    db.execute("DELETE FROM headings")
    semantic.warm(ws).headings.clear()
    ran.clear()
    shown: list[tuple[int, int]] = []
    sync = semantic.embed_all(ws, lambda done, total: shown.append((done, total)))
    assert sorted(ran) == ["Anna", "Priya"] and shown[-1] == (2, 2)  # a progress bar says so
    assert sync.headings == 2 and sync.embedded == 0  # and `memctl reindex --json`
    assert db.execute("SELECT count(*) FROM headings").fetchone()[0] == 2
    assert db.execute("SELECT 1 FROM meta WHERE key = ?", (DONE,)).fetchone()


def test_a_servers_idle_time_embeds_what_waits_and_the_headings_a_store_lacks(ws, monkeypatch):
    """A large first embedding is left by an ordinary call (it answers with what is ready);
    the server's idle steps go on with it, a few units a step, then complete a store made
    before headings were embedded with their units, then measure the crowding."""
    from memctl.cli import serve
    from memctl.search import headings
    from memctl.search.headings import DONE

    monkeypatch.setattr(vectorstore, "WHOLE", 2)  # a "large" first embedding
    monkeypatch.setattr(serve, "AHEAD_UNITS", 3)
    monkeypatch.setattr(serve, "_settle", lambda: None)
    monkeypatch.setattr(headings, "SCAN_ROWS", 4)
    for day, turns in enumerate([CHAT[:3], CHAT[3:5], CHAT[5:]]):  # a log a day
        for i, text in enumerate(turns):
            append_log(ws, "Priya", text, now=NOW - dt.timedelta(days=day, minutes=i))
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    add_entry(ws, "people/anna", "allergic to hazelnuts", today=TODAY)
    with open_index(ws) as index:
        first = semantic.warm(ws).sync(index, budget=2)
    assert first.pending > 3
    model = semantic.model_for(ws)
    sizes: list[int] = []
    run = model._run
    monkeypatch.setattr(model, "_run", lambda texts: sizes.append(len(texts)) or run(texts))
    steps = 1  # the last step, which finds nothing left, too
    while serve._ahead(ws):
        steps += 1
        assert steps < 100
    store = semantic.warm(ws)
    assert store.last.pending == 0 and store.last.units == first.pending + first.units
    assert steps >= -(-first.pending // 3) and max(sizes) <= 3  # 3 units a step at most
    db = sqlite3.connect(ws.state_dir / DB_NAME, isolation_level=None)
    assert db.execute("SELECT count(*) FROM headings").fetchone()[0] == 2
    db.execute("DELETE FROM headings")  # a store from before: its units, and no heading
    db.execute("DELETE FROM meta WHERE key = ?", (DONE,))
    store.heading_scan = headings.Scan()
    store.headings.clear()
    model.forget_memo()
    sizes.clear()
    while serve._ahead(ws):
        steps += 1
        assert steps < 100
    assert sorted(sizes) == [1, 1]  # Anna's heading and Priya's, each in a step of its own
    assert db.execute("SELECT count(*) FROM headings").fetchone()[0] == 2
    assert db.execute("SELECT 1 FROM meta WHERE key = ?", (DONE,)).fetchone()


def test_idle_work_stops_once_the_workspace_is_not_the_folder_the_server_opened(ws, tmp_path):
    """A workspace moved away while its server runs, a link left in its place: idle work that
    waits (here, headings a store lacks) would walk the old path, find every file gone, and
    empty the search index the moved folder still holds. It stops instead."""
    from memctl.cli import serve
    from memctl.search.headings import DONE

    _logged(ws, "Priya", CHAT)
    semantic.embed_all(ws)
    db = sqlite3.connect(ws.state_dir / DB_NAME, isolation_level=None)
    db.execute("DELETE FROM meta WHERE key = ?", (DONE,))  # work that waits
    db.close()
    step = serve._idle_work(ws)
    moved = tmp_path / "moved"
    ws.root.rename(moved)
    ws.root.symlink_to(moved)
    assert step() is False
    units = sqlite3.connect(moved / ".memctl" / "search.db").execute("SELECT count(*) FROM units")
    assert units.fetchone()[0] >= len(CHAT)


SESSIONS = {
    "Conversation: Priya and Jonah (spring)": [
        "Jonah: How was the conference?",
        "Priya: Exhausting but good, the keynote on urban bats was the highlight.",
        "Jonah: Did you present?",
        "Priya: A poster, which is fine. Lots of people stopped by to ask about the wind data.",
        "Jonah: Nice. Any plans for the summer?",
        "Priya: Fieldwork at the reservoir, mostly nights.",
        "Jonah: Bring a jacket, it gets cold out there.",
        "Priya: Always do. Also I finally fixed my bike.",
        "Jonah: The one with the broken gears?",
        "Priya: That one. New chain too.",
        "Jonah: By the way, my sister adopted a leopard gecko called Mochi.",
        "Priya: A gecko! Does it eat crickets?",
        "Jonah: Live crickets, dusted with calcium powder, three times a week.",
    ],
    "Conversation: Priya and Jonah (autumn)": [
        "Priya: I'm back from the field, finally.",
        "Jonah: How did the nights go?",
        "Priya: Cold, long, and the data look promising.",
        "Jonah: Are you writing it up?",
        "Priya: My first chapter is due in March, so yes.",
        "Jonah: Good luck. I started cello lessons, by the way.",
        "Priya: With whom?",
        "Jonah: A retired lady in my building who played in an orchestra.",
        "Priya: That sounds lovely. Do you pay her?",
        "Jonah: I fix her computer instead.",
        "Priya: Fair trade. I booked flights to Pune for the holidays.",
        "Jonah: When do you leave?",
        "Priya: December 15th, back on the 29th, about seven hundred in total.",
    ],
}


def test_a_long_entry_is_found_by_what_it_says_at_its_end(ws):
    """A session logged whole is longer than the model reads at once: it is embedded in parts,
    each opened with its title, and found by its nearest part, here its last."""
    from memctl.search.passages import PART_WORDS, parts

    for i, (title, turns) in enumerate(SESSIONS.items()):
        append_log(ws, title, "\n".join(turns), now=NOW + dt.timedelta(hours=i))
    made = parts(f"{next(iter(SESSIONS))}\n" + "\n".join(SESSIONS[next(iter(SESSIONS))]))
    assert len(made) > 1 and all(len(p.split()) <= PART_WORDS for p in made)
    assert all(p.startswith("Conversation: Priya and Jonah (spring)\n") for p in made)
    for question, said in (
        ("what does the lizard get fed?", "leopard gecko"),
        ("when is the trip to India?", "flights to Pune"),
    ):
        found = semantic.nearest(ws, question, limit=1)[0]
        assert said in found.text, (question, found.text[:60])


def test_a_text_is_cut_into_parts_at_its_lines_then_its_sentences():
    from memctl.search.passages import PART_WORDS, parts

    assert parts("Vet\nMiso had her vaccines") == ["Vet\nMiso had her vaccines"]
    sentence = "We walked along the river and talked about the new flat for a while. "
    long_line = sentence * 12  # one line, no title: cut at its sentences
    made = parts(long_line.strip())
    assert len(made) > 1 and all(len(p.split()) <= PART_WORDS for p in made)
    assert " ".join(" ".join(made).split()) == " ".join(long_line.split())  # nothing lost
    titled = "Standup\n" + "\n".join(f"- item {n}: " + " ".join(["word"] * 15) for n in range(12))
    made = parts(titled)
    assert all(p.startswith("Standup\n") for p in made) and len(made) >= 3
    body = [line for p in made for line in p.split("\n")[1:]]
    assert body == titled.split("\n")[1:]  # every line once, in order


def test_a_file_with_more_to_embed_than_the_budget_is_embedded_in_part_and_searched_meanwhile(
    ws, monkeypatch
):
    """A note that gains many entries at once (a catalogue of past chats, an import) is not
    embedded whole by the question that finds it changed: that question embeds its budget of
    them, each unit whole, and answers with them; the units whose text it knew keep their
    vectors; the next calls go on where it stopped until the file is done."""
    monkeypatch.setattr(vectorstore, "WHOLE", 2)  # a "large" embedding
    new_note(ws, "people/ann", title="Ann", today=TODAY)
    add_entry(ws, "people/ann", "Ann grows tomatoes on the balcony", today=TODAY)
    store = semantic.warm(ws)
    with open_index(ws) as index:
        store.sync(index, budget=None)
    before = len(store.files["people/ann.md"].lines)  # its heading's unit and the tomatoes
    for i in range(9):
        add_entry(ws, "people/ann", f"Ann's chat {i} was about the garden plan", today=TODAY)
    model = semantic.model_for(ws)
    sizes: list[int] = []
    run = model._run
    monkeypatch.setattr(model, "_run", lambda texts: sizes.append(len(texts)) or run(texts))
    with open_index(ws) as index:
        first = store.sync(index, budget=3)
    assert first.embedded == 3 and first.pending == 6
    assert max(sizes) <= 3  # the budget, and a heading at most in a call of its own
    lines = store.files["people/ann.md"].lines.tolist()
    assert len(lines) == before + 3  # the tomatoes kept their vector, three chats have theirs
    with open_index(ws) as index:
        found = store.search(semantic.embed(["who grows tomatoes?"], ws)[0], 1)
    assert found and found[0][0] == "people/ann.md"
    calls = [first]
    with open_index(ws) as index:
        while calls[-1].pending:
            calls.append(store.sync(index, budget=3))
            assert len(calls) < 10
    assert [c.embedded for c in calls] == [3, 3, 3]
    assert len(store.files["people/ann.md"].lines) == before + 9
    assert store.files["people/ann.md"].stamp != vectorstore.PARTIAL


def test_a_pasted_page_is_embedded_a_calls_worth_at_a_time_not_whole_before_an_answer(
    ws, monkeypatch
):
    """One logged text of two thousand words (a pasted transcript) is one unit of many parts.
    An ordinary call embeds a call's worth of them and answers; it neither takes the page for a
    small workspace by its count of units nor finishes the unit whole (each part costs what an
    80-word passage costs: 500 of them held a recall for 14 s). Later calls embed the rest, and
    the page's last sentence is then found by its meaning."""
    monkeypatch.setattr(vectorstore, "WHOLE_WORDS", 300)
    filler = [f"Item {i} on the agenda was discussed and noted for later." for i in range(200)]
    page = " ".join([*filler, "Finally, Priya said the boiler service moved to March."])
    append_log(ws, "Priya", page, now=NOW)
    model = semantic.model_for(ws)
    sizes: list[int] = []
    run = model._run
    monkeypatch.setattr(model, "_run", lambda texts: sizes.append(len(texts)) or run(texts))
    with open_index(ws) as index:
        first = semantic.warm(ws).sync(index, budget=8)
        assert first.pending > 8 and sum(sizes) <= 8 + 1  # its parts, and the log's heading
        while semantic.warm(ws).sync(index, budget=8).pending:
            assert len(sizes) < 20
    assert len(sizes) >= 3 and max(sizes) < 2 * 8  # a call's worth, with a unit's last parts
    assert semantic.nearest(ws, "when is the heating checked?", limit=1)[0].path.startswith(
        "daily/"
    )


def test_a_process_that_visits_many_workspaces_keeps_a_few_vector_stores_open(ws, tmp_path):
    import gc
    import shutil

    def vector_files() -> int:
        names = []
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):
                names.append(os.readlink(f"/proc/self/fd/{fd}"))
        return sum(DB_NAME in name for name in names)

    gc.collect()
    before = vector_files()
    for n in range(vectorstore.KEEP_OPEN + 4):
        root = tmp_path / f"visited-{n}"
        shutil.copytree(ws.root, root)
        other = open_workspace(root)
        new_note(other, "lessons/api", title="API", today=TODAY)
        add_entry(other, "lessons/api", f"the staging key rotates every {n + 2} days", today=TODAY)
        assert semantic.nearest(other, "how often is the key changed", limit=1)
    gc.collect()
    # each open store holds its database, its write-ahead log and its shared memory
    assert vector_files() - before <= 3 * vectorstore.KEEP_OPEN


@pytest.mark.parametrize("name", ["Okafor", "Kowalski", "Mr. Okafor", "Anna Brightwell"])
def test_a_name_nothing_holds_finds_nothing_by_meaning(home, name):
    """A name's vector is near anything ("Kowalski" is as near the plumber's line as "plumber"
    is): searched for alone, a name on no line answered with whatever was nearest. The name
    said in a question, and a question in other words, are still read by meaning."""
    from memctl.search.rank import search

    add_entry(home, "people/trades", "Mario fixes our pipes and the boiler", today=TODAY)
    with open_index(home) as index:
        semantic.warm(home).sync(index, budget=None)
    assert search(home, name, today=TODAY).hits == []
    top = search(home, "who fixes the plumbing?", today=TODAY).hits[0]
    assert top.path == "people/trades.md", top
