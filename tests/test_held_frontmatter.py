"""A person's edit of a note's frontmatter is read as YAML reads it before memctl commits it
first: a secret split over lines by a continuation, a folded scalar or escapes is one value to
every reader, and is refused; listings print a title or description written by hand redacted,
as `show` and `search` do.
"""

from __future__ import annotations

import pytest

from conftest import git

TOKEN = "ghp_" + "1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ"
SAID = "the vault password is\n  Tr0ub4dor&3x!Q"  # each line alone says no secret
HEADERS = {
    "a backslash continuation": f'title: "Deploy token {TOKEN[:20]}\\\n  {TOKEN[20:]}"',
    "an escape": 'title: "Deploy token \\x67hp_' + TOKEN[4:] + '"',
    "a unicode escape": 'title: "Deploy token \\u0067hp_' + TOKEN[4:] + '"',
    "a folded scalar": f"title: Deploy\ndescription: >-\n  {SAID}",
    "a plain scalar over lines": f"title: Deploy\ndescription: {SAID}",
    "a nested list": f"title: Deploy\nuse_when:\n  - deploying with\n    {TOKEN}",
}


def _edit_title(ws, header: str) -> None:
    path = ws.root / "lessons/deploy.md"
    path.write_text(path.read_text().replace("title: Deploy notes", header))


@pytest.mark.parametrize("header", HEADERS.values(), ids=HEADERS.keys())
def test_a_secret_split_in_a_hand_edited_frontmatter_is_not_committed_first(ws, cli, header):
    cli("new", "lessons/deploy", "-t", "Deploy notes")
    _edit_title(ws, header)
    head = git(ws, "rev-parse", "HEAD")
    refused = cli("add", "lessons/deploy", "we deploy on tuesdays", "-k", "FACT", code=3)
    assert "lessons/deploy.md:" in refused.stderr and "uncommitted edit" in refused.stderr
    assert git(ws, "rev-parse", "HEAD") == head
    assert git(ws, "status", "--porcelain").strip() == "M lessons/deploy.md"  # left as written


def test_a_purged_text_split_in_a_hand_edited_frontmatter_is_not_committed_first(ws, cli):
    cli("log", "t", "-m", "met Mara Quillfeather")
    cli("forget", "--purge", "--match", "Mara Quillfeather", "--yes")
    cli("new", "lessons/deploy", "-t", "Deploy notes")
    _edit_title(ws, 'title: "Deploy with Mara Quill\\\n  feather"')
    refused = cli("add", "lessons/deploy", "we deploy on tuesdays", code=3)
    assert "purged on purpose" in refused.stderr


def test_a_frontmatter_value_the_note_held_before_is_not_new(ws, cli):
    cli("new", "lessons/deploy", "-t", "Deploy notes")
    _edit_title(ws, HEADERS["a backslash continuation"])
    git(ws, "commit", "-qam", "by hand")
    path = ws.root / "lessons/deploy.md"
    path.write_text(path.read_text().replace("priority: med", "priority: high"))
    cli("add", "lessons/deploy", "we deploy on tuesdays", "-k", "FACT")  # the title was there


def test_listings_print_a_secret_written_by_hand_in_a_header_redacted(ws, cli):
    cli("new", "lessons/deploy", "-t", "Deploy notes", "--description", "how we deploy")
    path = ws.root / "lessons/deploy.md"
    text = path.read_text().replace("title: Deploy notes", HEADERS["a backslash continuation"])
    text = text.replace("description: how we deploy", f"description: uses {TOKEN}")
    text = text.replace("tags: []", f"tags: [{TOKEN}]\nexpires: 2020-01-01")
    path.write_text(text)
    git(ws, "commit", "-qam", "by hand")
    for argv in (["ls"], ["ls", "--json"], ["ls", "-c", "lessons"], ["expiring", "--json"]):
        out = cli(*argv).stdout
        assert TOKEN not in out and TOKEN[:20] not in out, argv
        assert "[redacted:github-token]" in out, argv
