"""The catalog: facts cached by stamp, a damaged or older cache rebuilt, and a large parse split
between two processes with exactly the result of one."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from memctl import catalog
from memctl.catalog import scan


def fill(ws, count: int) -> None:
    for i in range(count):
        day = f"2026-{1 + i // 28 % 12:02d}-{1 + i % 28:02d}"
        path = ws.root / (f"daily/{day}.md" if i % 3 == 0 else f"lessons/note-{i}.md")
        path.write_text(
            f"---\ntitle: Note {i}\npriority: {'low' if i % 2 else 'med'}\n---\n"
            f"- [🟢LOW] added:2026-01-01 expires:{day} · fact {i} ^n{i}x\n"
            f"- ~~[🟡MED] added:2026-01-01 until:2026-02-01 · closed~~ ^c{i}x\n"
            f"### 09:{i % 60:02d} — a heading\n"
        )


def everything(facts) -> list[dict]:
    return [{**f.to_dict(), "stamp": f.stamp} for f in facts]


def test_a_parse_split_between_two_processes_gives_what_one_gives(ws, monkeypatch, tmp_path):
    if not catalog._can_fork():
        pytest.skip("the second process is only used on Linux")
    fill(ws, 60)
    (ws.root / "lessons/broken.md").write_text("---\ntitle: [oops\n---\n")
    monkeypatch.setattr(catalog, "PARALLEL_FROM", 10**9)
    alone = everything(scan(ws))
    shutil.rmtree(ws.cache_dir)

    pids = tmp_path / "pids"
    read = catalog.read_facts

    def noting_the_process(*args, **kwargs):
        with open(pids, "a") as handle:  # the helper process appends here too
            handle.write(f"{os.getpid()}\n")
        return read(*args, **kwargs)

    monkeypatch.setattr(catalog, "read_facts", noting_the_process)
    monkeypatch.setattr(catalog, "PARALLEL_FROM", 2)
    seen = []
    split = everything(scan(ws, progress=lambda done, total: seen.append((done, total))))
    assert split == alone  # the same facts, in the same order
    assert len(set(pids.read_text().split())) == 2  # and two processes read them
    assert seen[-1] == (len(alone), len(alone)) and all(d <= t for d, t in seen)
    monkeypatch.setattr(catalog, "read_facts", read)
    assert everything(scan(ws)) == alone  # remembered: nothing parsed again


def test_the_cache_is_kept_by_stamp_and_a_damaged_or_older_one_is_rebuilt(ws, monkeypatch):
    fill(ws, 6)
    first = everything(scan(ws))
    parsed = []
    read = catalog.read_facts
    monkeypatch.setattr(catalog, "read_facts", lambda *a, **k: parsed.append(a[2]) or read(*a, **k))
    assert everything(scan(ws)) == first and parsed == []
    (ws.root / "lessons/note-1.md").write_text("- changed\n")
    scan(ws)
    assert parsed == ["lessons/note-1.md"]

    cache = ws.cache_dir / "catalog.json"
    rows = json.loads(cache.read_text())
    older = {
        "version": 6,
        "files": [dict(zip(rows["fields"], row, strict=True)) for row in rows["files"]],
    }
    # what a crash may leave of a cache written without a sync: empty, or half
    half = cache.read_text()[: len(cache.read_text()) // 2]
    for damaged in (
        json.dumps(older),
        "{not json",
        json.dumps({**rows, "fields": ["path"]}),
        "",
        half,
    ):
        cache.write_text(damaged)
        parsed.clear()
        assert everything(scan(ws)) == everything(scan(ws))
        assert len(parsed) == len(first)  # all parsed again, once
        assert json.loads(cache.read_text())["version"] == rows["version"]


def test_the_cache_is_written_without_a_sync(ws, monkeypatch):
    """The cache is checked when read and rebuilt when damaged (above): a command that changes
    a note pays no disk flush for it."""
    fill(ws, 3)
    synced = []
    for name in ("fsync", "fdatasync", "sync"):
        real = getattr(os, name)
        monkeypatch.setattr(os, name, lambda *a, _n=name, _r=real: synced.append(_n) or _r(*a))
    (ws.root / "lessons/note-1.md").write_text("- changed\n")
    scan(ws)
    assert json.loads((ws.cache_dir / "catalog.json").read_text())["files"]
    assert synced == []
