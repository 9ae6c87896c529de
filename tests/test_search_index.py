"""The search index keeps itself current, repairs itself and never ends up in git."""

from __future__ import annotations

import os
import sqlite3
import time

import pytest

from conftest import MEMCTL_BIN, TODAY, git
from memctl.longterm import add_entry, new_note
from memctl.search import index as searchindex
from memctl.search import schema as searchschema
from memctl.search.index import SearchIndex, db_path, open_index
from memctl.search.rank import search
from memctl.search.rebuild import rebuild
from memctl.search.schema import MIGRATIONS


def find(ws, query):
    result = search(ws, query, today=TODAY, semantic=False)  # the words: what freshness is about
    return result, [h.address for h in result.hits]


def write(ws, rel, text):
    """Write a file dated 10 s ago: old enough that the index trusts its stamp (see RACY_NS)."""
    path = ws.root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    age(path)


def age(path):
    then = time.time_ns() - 10_000_000_000
    os.utime(path, ns=(then, then))


def test_first_search_builds_then_only_changes_are_read(ws):
    for path in ws.root.rglob("*.md"):
        age(path)
    write(ws, "lessons/a.md", "- the router password is on the fridge\n")
    write(ws, "lessons/b.md", "- the boiler was serviced in March\n")
    result, found = find(ws, "router password")
    assert found == ["lessons/a.md:1"] and result.freshness.rebuilt
    assert db_path(ws).exists()
    result, _ = find(ws, "router password")
    assert result.freshness.indexed == 0 and not result.freshness.rebuilt

    write(ws, "lessons/a.md", "- the router password is in the drawer now\n")  # a hand edit
    result, found = find(ws, "drawer")
    assert found == ["lessons/a.md:1"] and result.freshness.indexed == 1
    assert find(ws, "fridge")[1] == []

    write(ws, "people/new.md", "- Dana fixed the router\n")  # added
    (ws.root / "lessons/b.md").unlink()  # removed
    result, found = find(ws, "router")
    assert set(found) == {"lessons/a.md:1", "people/new.md:1"}
    assert (result.freshness.indexed, result.freshness.removed) == (1, 1)
    assert find(ws, "boiler")[1] == []


def test_changes_made_by_git_are_noticed(ws):
    write(ws, "lessons/a.md", "- deploys happen from Lisbon\n")
    git(ws, "add", "-A")
    git(ws, "commit", "-qm", "a")
    assert find(ws, "lisbon")[1] == ["lessons/a.md:1"]
    write(ws, "lessons/a.md", "- deploys happen from Porto\n")
    git(ws, "commit", "-qam", "b")
    assert find(ws, "porto")[1] == ["lessons/a.md:1"]
    git(ws, "checkout", "-q", "HEAD~1", "--", "lessons/a.md")
    assert find(ws, "lisbon")[1] == ["lessons/a.md:1"]
    assert find(ws, "porto")[1] == []


def test_memctl_writes_are_found_at_once(ws):
    new_note(ws, "tools/vpn", title="VPN", today=TODAY)
    assert find(ws, "vpn")[1] == ["tools/vpn.md:1"]
    ref = add_entry(ws, "tools/vpn", "The VPN config lives in 1Password", today=TODAY).value
    assert f"tools/vpn.md:{ref.entry.line}" in find(ws, "1password")[1]


@pytest.mark.parametrize("damage", [b"not a database at all" * 100, b""])
def test_a_damaged_or_empty_index_is_rebuilt_without_being_asked(ws, damage):
    write(ws, "lessons/a.md", "- the spare key is with Anna\n")
    find(ws, "spare key")
    for suffix in ("-wal", "-shm"):
        db_path(ws).with_name(db_path(ws).name + suffix).unlink(missing_ok=True)
    db_path(ws).write_bytes(damage)
    result, found = find(ws, "spare key")
    assert found == ["lessons/a.md:1"] and result.freshness.rebuilt


def test_a_deleted_index_and_one_from_a_newer_memctl_are_rebuilt(ws):
    write(ws, "lessons/a.md", "- the spare key is with Anna\n")
    find(ws, "spare key")
    db_path(ws).unlink()
    assert find(ws, "spare key")[1] == ["lessons/a.md:1"]
    with sqlite3.connect(db_path(ws)) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    result, found = find(ws, "spare key")
    assert found == ["lessons/a.md:1"] and result.freshness.rebuilt


def test_migrations_run_in_order_once(ws):
    with open_index(ws) as index:
        assert index.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    with open_index(ws) as index:  # reopening applies nothing twice
        assert index.db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
    names = [name for name, _ in MIGRATIONS]
    assert len(set(names)) == len(names)


def test_a_migration_that_changes_units_reads_every_file_again_once(ws):
    write(ws, "daily/2026-11-02.md", "The boiler pressure is 1.5 bar.\n")
    assert find(ws, "boiler")[1] == ["daily/2026-11-02.md:1"]
    with sqlite3.connect(db_path(ws)) as db:  # as an index of the memctl before that step left it
        db.execute("UPDATE units SET recorded = NULL")
        db.execute("ALTER TABLE units DROP COLUMN ref")
        db.execute("ALTER TABLE units DROP COLUMN title")
        db.execute("ALTER TABLE units DROP COLUMN closes")  # what the last step adds
        db.execute("ALTER TABLE units DROP COLUMN starts")
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    result = search(ws, "boiler", today=TODAY)
    assert result.freshness.rebuilt and [(h.address, h.date) for h in result.hits] == [
        ("daily/2026-11-02.md:1", "2026-11-02")
    ]
    assert search(ws, "boiler", today=TODAY).freshness.indexed == 0


def test_a_file_another_process_indexed_meanwhile_is_not_indexed_twice(ws, monkeypatch):
    write(ws, "lessons/a.md", "- the spare key is with Anna\n")
    find(ws, "spare key")
    write(ws, "lessons/x.md", "- the xylophone is in the attic\n")
    real, calls = SearchIndex._known, []

    def known_then_another_process(self):
        found = real(self)
        if not calls:  # between this look and the write lock, another process catches up
            calls.append(self)
            open_index(ws).close()
        return found

    monkeypatch.setattr(SearchIndex, "_known", known_then_another_process)
    assert find(ws, "xylophone")[1] == ["lessons/x.md:1"]
    with sqlite3.connect(db_path(ws)) as db:
        rows = db.execute("SELECT count(*) FROM units WHERE path = 'lessons/x.md'").fetchone()
        assert rows[0] == 1


def test_a_locked_index_answers_and_says_it_is_stale(ws, monkeypatch):
    monkeypatch.setattr(searchschema, "BUSY_MS", 50)
    write(ws, "lessons/a.md", "- the spare key is with Anna\n")
    find(ws, "spare key")
    write(ws, "lessons/a.md", "- the spare key is with Anna, and one with Tom\n")
    other = sqlite3.connect(db_path(ws), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process in the middle of an update
    try:
        result, found = find(ws, "spare key")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert found == ["lessons/a.md:1"]  # the old answer, not an empty one
    assert "changed since it was built" in result.freshness.stale
    result, _ = find(ws, "tom")
    assert result.hits and result.freshness.stale is None


def test_reindex_rebuilds_everything(ws):
    write(ws, "lessons/a.md", "- one\n")
    find(ws, "one")
    freshness = rebuild(ws)
    assert freshness.rebuilt and freshness.indexed == freshness.files


def test_incremental_updates_equal_a_full_rebuild(ws):
    for i in range(6):
        write(ws, f"lessons/n{i}.md", f"- alpha beta {i}\n- gamma délta {i * 2}\n")
    find(ws, "alpha")
    write(ws, "lessons/n1.md", "- zeta eta\n")
    (ws.root / "lessons/n2.md").unlink()
    write(ws, "people/p.md", "---\ntitle: Theta\nuse_when: [iota kappa]\n---\n- lambda 北京\n")
    find(ws, "alpha")

    def snapshot():
        with open_index(ws) as index:
            units = index.db.execute(
                "SELECT path, line, kind, text, keys FROM units ORDER BY path, line"
            ).fetchall()
            words = index.db.execute("SELECT word, n FROM words ORDER BY word").fetchall()
            fts = index.db.execute("SELECT count(*) FROM fts").fetchone()[0]
        return units, words, fts

    incremental = snapshot()
    rebuild(ws)
    assert snapshot() == incremental


def test_the_index_is_never_committed(ws):
    write(ws, "lessons/a.md", "- x\n")
    find(ws, "x")
    assert db_path(ws).exists()
    status = git(ws, "status", "--porcelain", "--untracked-files=all")
    assert ".memctl/" not in status


def test_an_index_that_cannot_be_stored_still_answers(ws):
    write(ws, "lessons/a.md", "- the spare key is with Anna\n")
    db_path(ws).mkdir()  # .memctl/search.db cannot be a database here
    result, found = find(ws, "spare key")
    assert found == ["lessons/a.md:1"]


def test_the_progress_bar_goes_to_a_terminal_on_stderr_never_to_stdout(ws):
    import pty
    import subprocess

    for i in range(160):
        write(ws, f"episodic/e{i}.md", f"- event number {i}\n")
    main, follower = pty.openpty()
    done = subprocess.run(
        [str(MEMCTL_BIN), "-w", str(ws.root), "reindex"],
        stdout=subprocess.PIPE,
        stderr=follower,
        env={**os.environ, "TERM": "xterm"},
        timeout=60,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(main)
    assert done.returncode == 0
    assert done.stdout.decode().startswith("indexed ") and "\x1b" not in done.stdout.decode()
    assert b"indexing the workspace" in shown


def test_a_same_size_edit_within_the_same_timestamp_is_not_missed(ws):
    # A file stamped at or after the moment the index read it (same timestamp tick, or a file
    # system clock ahead of ours) could change again without its stamp changing.
    path = ws.root / "lessons/code.md"
    path.write_text("- the locker label is 1111\n")
    tick = time.time_ns() + 5_000_000_000
    os.utime(path, ns=(tick, tick))
    assert find(ws, "locker label")[1] == ["lessons/code.md:1"]
    path.write_text("- the locker label is 2222\n")  # same size, and the same mtime below
    os.utime(path, ns=(tick, tick))
    hits = search(ws, "locker label", today=TODAY).hits
    assert hits[0].text == "the locker label is 2222"


def test_a_file_stamped_before_the_read_is_trusted(ws):
    write(ws, "lessons/code.md", "- the door code is 1111\n")
    assert search(ws, "door code", today=TODAY).freshness.indexed >= 1
    assert search(ws, "door code", today=TODAY).freshness.indexed == 0


def test_most_files_changed_at_once_rebuilds_the_index(ws, monkeypatch):
    monkeypatch.setattr(searchindex, "REBUILD_AFTER", 0)  # a quarter of the files is enough
    for n in range(12):
        write(ws, f"people/p{n}.md", f"- person {n} likes tea number {n}\n")
    search(ws, "tea", today=TODAY)
    for n in range(8):  # a checkout of another branch, say: most files differ
        write(ws, f"people/p{n}.md", f"- person {n} likes coffee number {n}\n")
    (ws.root / "people/p11.md").unlink()
    result, found = find(ws, "coffee")
    assert result.freshness.rebuilt and result.freshness.indexed >= 11
    assert sorted(found) == sorted(f"people/p{n}.md:1" for n in range(8))
    assert sorted(find(ws, "tea")[1]) == [f"people/p{n}.md:1" for n in (10, 8, 9)]
    with open_index(ws) as index:
        assert index.document_frequency("coffee") == 8 and index.document_frequency("tea") == 3
