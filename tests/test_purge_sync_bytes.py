"""What a peer's commits bring is read as bytes by sync's purge check: a binary file or a message
not in UTF-8 never stops a sync, and a purged text inside one, or inside a note saved as UTF-16
or UTF-32, is refused as any other. Two real clones and a bare remote on this machine."""

from __future__ import annotations

import subprocess

import pytest
from test_purge_sync import objects
from test_sync import machines  # noqa: F401  (the fixture)

from conftest import git

CODE = "Zanzibar-7731"
ACCENTED = "Zürich-Straße 9"  # not ASCII: its Latin-1 bytes are not UTF-8
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xd8\x00\x10"


def purged_on_both(a, b, *texts: str) -> None:
    """A purges each text and shares the registry; B takes it (B never held the texts)."""
    for text in texts:
        a("forget", "--purge", "--match", text, "--yes")
    a("sync")
    b("sync")


def peer_commits(root, files: dict[str, bytes], message: bytes = b"from the peer") -> None:
    """B commits files (as bytes) with git alone, under a message kept byte for byte (`git
    commit` would read one that is not UTF-8 as Latin-1 and store it as UTF-8), and pushes."""
    for rel, data in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
        git(root, "add", rel)
    tree, parent = git(root, "write-tree").strip(), git(root, "rev-parse", "HEAD").strip()
    who = b"B <b@example.com> 1796025600 +0000"
    head = f"tree {tree}\nparent {parent}\n".encode()
    commit = head + b"author " + who + b"\ncommitter " + who + b"\n\n" + message + b"\n"
    made = subprocess.run(
        ["git", "hash-object", "-t", "commit", "-w", "--stdin"],
        cwd=root,
        input=commit,
        capture_output=True,
        check=True,
    )
    git(root, "update-ref", "HEAD", made.stdout.decode().strip())
    git(root, "push", "-q", "origin", "main")


def refused(a, a_root) -> None:
    done = a("sync", code=3)
    assert "holds text purged on purpose" in done.stderr
    assert "Traceback" not in done.stderr
    assert "people/bob-old.md" not in git(a_root, "ls-files")
    assert git(a_root, "for-each-ref", "refs/memctl/") == ""  # what was fetched went again


def test_a_binary_file_and_a_message_not_in_utf8_from_a_peer_are_synced(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    purged_on_both(a, b, CODE)
    peer_commits(b_root, {"projects/diagram.png": PNG}, "Café notes".encode("latin-1"))
    done = a.json("sync")
    assert done["received"] == 1
    assert (a_root / "projects/diagram.png").read_bytes() == PNG
    b("log", "later", "-m", "B writes on", env={"MEMCTL_NOW": "2026-11-30T10:00"})
    b("sync")
    assert a.json("sync")["received"] == 1  # and every sync after it


def test_a_purged_text_inside_a_binary_file_is_refused(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    purged_on_both(a, b, CODE)
    blob = PNG + b"tEXt\x00Comment\x00locker " + CODE.encode() + b"\xff\xfe\x00end"
    peer_commits(b_root, {"projects/diagram.png": blob})
    refused(a, a_root)
    assert CODE.encode() not in objects(a_root)


def test_a_purged_text_in_a_message_in_latin1_is_refused(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    purged_on_both(a, b, ACCENTED)
    peer_commits(b_root, {"NOTES.txt": b"nothing here\n"}, f"met at {ACCENTED}".encode("latin-1"))
    refused(a, a_root)


WIDE = {
    "utf-16-le with its mark": lambda t: b"\xff\xfe" + t.encode("utf-16-le"),
    "utf-16-le": lambda t: t.encode("utf-16-le"),
    "utf-16-be with its mark": lambda t: b"\xfe\xff" + t.encode("utf-16-be"),
    "utf-16-be": lambda t: t.encode("utf-16-be"),
    "utf-32-le with its mark": lambda t: t.encode("utf-32"),  # Python writes the mark, LE
    "utf-32-be": lambda t: t.encode("utf-32-be"),
    # wide characters whose high byte is not NUL, to tip a guess by where NULs fall: the ASCII
    # text after them is still read
    "utf-16-le padded": lambda t: ("\u0100" * 5000 + t).encode("utf-16-le"),
}


@pytest.mark.parametrize("encoding", list(WIDE))
def test_a_purged_text_in_a_note_in_utf16_or_utf32_is_refused(machines, encoding):  # noqa: F811
    a, b, a_root, b_root = machines
    purged_on_both(a, b, CODE)
    note = f"# Bob\n\nBob's locker code is {CODE.upper()}, he says.\n"
    peer_commits(b_root, {"people/bob-old.md": WIDE[encoding](note)}, b"memctl new: bob-old")
    refused(a, a_root)


def test_a_note_in_utf16_without_a_purged_text_is_synced(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    purged_on_both(a, b, CODE)
    data = "\ufeff# Bob\n\nBob likes tea, Zürich, Zanzibar.\n".encode("utf-16-le")
    peer_commits(b_root, {"people/bob-old.md": data})
    assert a.json("sync")["received"] == 1


@pytest.mark.parametrize("between", ["\r", "\u2028", "\x0c"])
def test_a_purged_text_after_a_line_break_git_does_not_count_is_refused(machines, between):  # noqa: F811
    """git ends a line at "\\n" alone: what follows a "\\r" (or U+2028, a form feed) inside an
    added line is part of that added line, not a line of its own the check would skip."""
    a, b, a_root, b_root = machines
    purged_on_both(a, b, CODE)
    note = f"# Bob\n\nnothing to see{between}Bob's locker code is {CODE}\n"
    peer_commits(b_root, {"people/bob-old.md": note.encode()})
    refused(a, a_root)
