"""The watcher a server keeps (memctl.integrations.watch): the walk it keeps equals the walk a
command takes, whatever changed on disk, and what it remembers is forgotten when its folder
changes."""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from memctl.integrations import watch
from memctl.workspace import flat_stamps, open_workspace

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify")


@pytest.fixture
def watched(example_ws):
    watcher = watch.Watcher(example_ws).start()
    watch.register(watcher)
    yield example_ws
    watch.unregister(watcher)


def same_walk(ws) -> bool:
    return watch.current_walk(ws) == flat_stamps(ws)


def test_the_kept_walk_is_the_walk_after_every_kind_of_change(watched):
    ws, root = watched, watched.root
    assert same_walk(ws)
    (root / "people" / "zoe.md").write_text("# Zoe\n")
    with (root / "NOW.md").open("a") as handle:
        handle.write("\n")
    assert same_walk(ws)
    deep = root / "projects" / "kiln" / "notes"
    deep.mkdir(parents=True)
    (deep / "glaze.md").write_text("- celadon\n")
    (deep / ".hidden.md").write_text("not walked\n")
    (deep / "draft.txt").write_text("not Markdown\n")
    assert same_walk(ws)
    (deep / "glaze.md").rename(deep / "glazes.md")
    os.symlink(root / "NOW.md", root / "people" / "link.md")  # links are not followed
    assert same_walk(ws)
    shutil.rmtree(root / "projects" / "kiln")
    (root / "people" / "zoe.md").unlink()
    assert same_walk(ws)
    (root / "lessons").rename(root / "learned")
    assert same_walk(ws)
    (root / ".archive" / "old.md").parent.mkdir(exist_ok=True)
    (root / ".archive" / "old.md").write_text("archived\n")
    assert same_walk(ws)
    os.utime(root / "NOW.md", ns=(1, 1))  # touched back in time, same size
    assert same_walk(ws)


def test_a_new_exclude_setting_is_walked_anew(watched):
    ws = watched
    config = ws.state_dir / "config.yaml"
    text = config.read_text()
    config.write_text(text.replace("exclude: [README.md]", "exclude: [README.md, people/*]"))
    fresh = open_workspace(ws.root)
    assert fresh.config.exclude == ("README.md", "people/*")
    assert watch.current_walk(fresh) == flat_stamps(fresh)
    assert not any(str(p).startswith("people/") for p in watch.current_walk(fresh)[0::3])


def test_remembered_values_last_until_their_folder_changes(watched):
    ws, root = watched, watched.root
    shutil.rmtree(root / "rules")
    calls = []

    def compute():
        calls.append(1)
        return len(list((root / "rules").glob("*.md"))) if (root / "rules").exists() else 0

    assert watch.remembered(ws, "rules", "n", compute) == 0
    assert watch.remembered(ws, "rules", "n", compute) == 0 and len(calls) == 1
    (root / "people" / "x.md").write_text("elsewhere\n")
    assert watch.remembered(ws, "rules", "n", compute) == 0 and len(calls) == 1
    (root / "rules").mkdir()  # the folder itself comes
    (root / "rules" / "a.md").write_text("- rule\n")
    assert watch.remembered(ws, "rules", "n", compute) == 1
    (root / "rules" / ".b.md.swp").write_text("an editor's file\n")
    assert watch.remembered(ws, "rules", "n", compute) == 1 and len(calls) == 3


def test_the_core_finds_the_watcher_and_keeps_its_index_and_checks(watched):
    import datetime as dt

    from memctl.nightly.guard import checks
    from memctl.search.recall import recall

    ws, root = watched, watched.root
    watcher = watch.watching(ws)
    today = dt.date(2026, 11, 30)
    recall(ws, "postgres staging migration", today=today, semantic=False)
    kept = watcher.index
    assert kept is not None  # the index stays open for the next answer
    checks(ws)
    assert "guard.checks" in watcher.memo  # and the rules' checks are remembered
    (root / "projects" / "kiln.md").write_text("# Kiln\n\n- [🟡MED] The kiln fires at cone 6\n")
    found = recall(ws, "what cone does the kiln fire at", today=today, semantic=False)
    assert watcher.index is kept
    assert any(p.path == "projects/kiln.md" for p in found.pointers)  # the edit is seen


def test_kept_candidates_follow_every_change_to_the_index(watched):
    import datetime as dt

    from memctl.search import kept
    from memctl.search.index import ask
    from memctl.search.rank import Filters
    from memctl.search.recall import recall

    ws, root = watched, watched.root
    today = dt.date(2026, 11, 30)

    def rows(match: str) -> list[tuple]:
        found, _ = ask(ws, lambda index: kept.candidates(index, match, Filters(), today, 30, 50))
        return found

    before = rows('"glaze"')
    assert rows('"glaze"') == before == []
    assert any(key[3] == '"glaze"' for key in kept._ROWS)  # kept while watched
    (root / "projects" / "kiln.md").write_text("# Kiln\n\n- [🟡MED] A celadon glaze for the mugs\n")
    assert [row[1] for row in rows('"glaze"')] == ["projects/kiln.md"]  # the edit is seen
    found = recall(ws, "which glaze for the mugs", today=today, semantic=False)
    assert [p.path for p in found.pointers] == ["projects/kiln.md"]
    (root / "projects" / "kiln.md").unlink()
    assert rows('"glaze"') == []
    watch.unregister(watch.watching(ws))
    count = len(kept._ROWS)
    assert rows('"glaze"') == [] and len(kept._ROWS) == count  # unwatched: nothing kept
