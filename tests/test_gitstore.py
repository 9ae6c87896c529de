"""gitstore.commit on its plumbing path: a large commit stores its blobs as one pack."""

from __future__ import annotations

from conftest import git
from memctl import gitstore


def objects(ws) -> dict[str, int]:
    counts = dict(line.split(": ") for line in git(ws, "count-objects", "-v").splitlines())
    return {"loose": int(counts["count"]), "packed": int(counts["in-pack"])}


def test_a_large_commit_stores_its_blobs_in_one_pack_and_records_exactly_its_paths(ws):
    (ws.root / "lessons/gone.md").write_text("- soon removed\n")
    (ws.root / "lessons/same.md").write_text("- unchanged\n")
    gitstore.commit(ws.root, ["lessons/gone.md", "lessons/same.md"], "memctl test: before")
    (ws.root / "lessons/gone.md").unlink()
    paths = [f"lessons/n{i}.md" for i in range(300)]
    for i, rel in enumerate(paths):
        (ws.root / rel).write_text(f"- note {i}\n")
    (ws.root / "lessons/link.md").symlink_to("n1.md")
    before = objects(ws)
    listed = [*paths, "lessons/gone.md", "lessons/same.md", "lessons/link.md", "lessons/ghost.md"]
    made = gitstore.commit(ws.root, listed, "memctl test: many")

    assert sorted(made.paths) == sorted([*paths, "lessons/gone.md", "lessons/link.md"])
    after = objects(ws)
    assert after["packed"] - before["packed"] >= 300  # the blobs, packed
    assert after["loose"] - before["loose"] < 10  # trees and the commit only
    assert git(ws, "show", "HEAD:lessons/n7.md") == "- note 7\n"
    assert git(ws, "cat-file", "-t", "HEAD:lessons/link.md").strip() == "blob"
    assert git(ws, "ls-tree", "HEAD", "lessons/link.md").startswith("120000")  # still a link
    assert git(ws, "status", "--porcelain") == ""  # the index knows each file as it is
    assert gitstore.commit(ws.root, listed, "memctl test: again") is None
