"""`memctl forget --purge` in real repositories: stashes kept, file and ref names renamed the
same everywhere, nothing left under .git, registered first, and finished by a rerun after
`kill -9`."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time

import pytest

from conftest import MEMCTL_BIN, NOW, TODAY, Cli, commit_count, git, run_memctl
from memctl.daily import append_log
from memctl.errors import Refused
from memctl.forgetting.purge import purge
from memctl.longterm import add_entry, new_note
from memctl.purged import REGISTRY, purged_match
from memctl.workspace import open_workspace

PHONE = "+1 555 0134"


def traces(root, text: str = PHONE) -> list[str]:
    """Every place under the workspace, .git included, that still holds the text."""
    found = []
    objects = subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch"],
        cwd=root,
        capture_output=True,
        check=True,
    ).stdout
    if text.lower().encode() in objects.lower():
        found.append("git objects")
    grep = subprocess.run(
        ["grep", "-rIil", "--exclude-dir=objects", "-F", text, str(root)],
        capture_output=True,
        text=True,
    )
    return found + grep.stdout.split()


def stash(root, path: str, line: str, message: str | None = None) -> None:
    with open(root / path, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    git(root, "stash", "push", "-q", *(["-m", message] if message else []))


def test_stashes_are_kept_rewritten_and_said_so(ws):
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    add_entry(ws, "people/anna", f"phone {PHONE}", today=TODAY)
    stash(ws.root, "NOW.md", "- an unrelated draft")
    stash(ws.root, "people/anna.md", f"- call {PHONE} back", message=f"about {PHONE}")
    dry = purge(ws, PHONE, now=NOW, dry_run=True)
    assert dry.stashes == 2 and "2 would be kept" in dry.render()
    receipt = purge(ws, PHONE, now=NOW, dry_run=False)
    assert receipt.stashes == 2 and "git stashes: 2 kept" in receipt.render()
    listed = git(ws, "stash", "list").splitlines()
    assert len(listed) == 2 and listed[0].endswith("about [purged]")
    assert "+- call [purged] back" in git(ws, "stash", "show", "-p", "stash@{0}")
    assert "+- an unrelated draft" in git(ws, "stash", "show", "-p", "stash@{1}")
    assert traces(ws.root) == []
    git(ws, "stash", "pop", "-q", "stash@{1}")  # a kept stash still applies
    assert "an unrelated draft" in (ws.root / "NOW.md").read_text()


def test_a_text_in_file_names_renames_them_alike_in_history_and_here(ws):
    for name in ("people/joe-smith", "people/smith", "projects/smith-and-co/plan"):
        new_note(ws, name, title="Joe", today=TODAY)
        add_entry(ws, name, f"a line about {name.rsplit('/', 1)[-1]}", today=TODAY)
    notes_before = len(git(ws, "ls-files", "people", "projects").split())
    receipt = purge(ws, "smith", now=NOW, dry_run=False)
    assert receipt.renamed == [
        "people/[purged].md",
        "people/joe-[purged].md",
        "projects/[purged]-and-co/plan.md",
    ]
    assert git(ws, "status", "--porcelain") == ""  # HEAD and the working tree agree
    assert not (ws.root / "projects/smith-and-co").exists()
    assert len(git(ws, "ls-files", "people", "projects").split()) == notes_before

    # A second purge whose new name is taken does not write one note over another
    new_note(ws, "people/jones", title="Jones", today=TODAY)
    add_entry(ws, "people/jones", "a line about jones", today=TODAY)
    kept = (ws.root / "people/[purged].md").read_text()
    second = purge(ws, "jones", now=NOW, dry_run=False)
    assert second.renamed == ["people/[purged-2].md"]
    assert (ws.root / "people/[purged].md").read_text() == kept
    assert git(ws, "status", "--porcelain") == ""
    assert len(git(ws, "ls-files", "people", "projects").split()) == notes_before + 1
    assert git(ws, "show", "HEAD:people/[purged].md") == kept
    assert traces(ws.root, "smith") == [] and traces(ws.root, "jones") == []


def test_nothing_under_git_keeps_a_copy(ws):
    remote = ws.root.parent / "remote.git"
    subprocess.run(["git", "init", "-q", "--bare", str(remote)], check=True)
    git(ws, "remote", "add", "origin", str(remote))
    append_log(ws, "Call Anna", f"her number {PHONE}", now=NOW)
    (ws.root / "NOW.md").write_text((ws.root / "NOW.md").read_text() + f"\n- ring {PHONE}\n")
    git(ws, "commit", "-qam", f"ring {PHONE}")  # COMMIT_EDITMSG, and a reflog line
    git(ws, "reset", "-q", "--soft", "HEAD~1")  # ORIG_HEAD; the commit stays in the reflog
    git(ws, "commit", "-qm", f"again {PHONE}")
    git(ws, "tag", "-a", "v1", "-m", f"tagged with {PHONE}")
    assert len(traces(ws.root)) >= 4
    receipt = purge(ws, PHONE, now=NOW, dry_run=False)
    assert traces(ws.root) == [] and receipt.still_in_git == []
    assert git(ws, "status", "--porcelain") == ""
    text = receipt.render()
    assert text.count("git remote origin") == 1 and "cannot reach" in text

    git(ws, "config", "memctl.test", f"a setting holding {PHONE}")  # a place memctl leaves
    again = purge(ws, PHONE, now=NOW, dry_run=False)
    assert again.still_in_git == [".git/config"]
    assert "NOT removed: .git/config still holds it" in again.render()


def test_copies_as_a_person_reads_them_go_from_the_files_and_from_history(ws):
    """A copy with a character nobody sees inside, or with fullwidth digits, is the same text
    to whoever reads it: the purge removes it everywhere it removes the text itself."""
    copies = ["+1 5\u200b55 0134", "+\uff11 555 \uff10134", "+1 555 01\u00ad34"]
    for n, copy in enumerate(copies):
        append_log(ws, f"Call {n}", f"her number {copy}", now=NOW)
    (ws.root / "NOW.md").write_text((ws.root / "NOW.md").read_text() + f"\n- ring {copies[0]}\n")
    git(ws, "commit", "-qam", f"ring {copies[1]}")
    assert len(read_as_people_do(ws.root)) >= 4
    receipt = purge(ws, PHONE, now=NOW, dry_run=False)
    assert read_as_people_do(ws.root) == [] and receipt.still_in_git == []
    assert "her number [purged]" in (ws.root / "daily" / f"{TODAY}.md").read_text()


def test_copies_in_look_alike_letters_go_from_the_files_and_from_history(ws):
    """ "Zаnzibar" with a Cyrillic "а", or in Cyrillic and Greek capitals, is "Zanzibar" to
    whoever reads it: the purge removes it, and the registry keeps it out afterwards."""
    name = "Zanzibar-7731"
    copies = ["Z\u0430nzibar-7731", "Z\u0410NZIB\u0391R-7731", "zanzib\u03b1r-7731"]
    for n, copy in enumerate(copies):
        append_log(ws, f"Call {n}", f"ask for {copy}", now=NOW)
    (ws.root / "NOW.md").write_text((ws.root / "NOW.md").read_text() + f"\n- ask {copies[2]}\n")
    git(ws, "commit", "-qam", f"ask for {copies[1]}")
    shown = str.maketrans("\u0430\u0410\u0391\u03b1", "aAAa")  # how a person reads them
    assert read_as_people_do(ws.root, name, shown)
    receipt = purge(ws, name, now=NOW, dry_run=False)
    assert read_as_people_do(ws.root, name, shown) == [] and receipt.still_in_git == []
    assert "ask for [purged]" in (ws.root / "daily" / f"{TODAY}.md").read_text()
    with pytest.raises(Refused):
        append_log(ws, "again", "ask for Zanzib\u0430r-7731", now=NOW)


def read_as_people_do(root, wanted: str = PHONE, shown: dict | None = None) -> list[str]:
    """Every file and git object under the workspace holding `wanted` (case-insensitive) once
    read as a person reads it: no format characters (Unicode's Cf), compatibility forms as what
    they stand for, look-alike letters as `shown` reads them."""
    import unicodedata

    def seen(data: bytes) -> str:
        text = data.decode("utf-8", "replace")
        text = "".join(c for c in text if unicodedata.category(c) != "Cf")
        return unicodedata.normalize("NFKC", text).translate(shown or {}).casefold()

    found = []
    for kind in subprocess.run(
        ["git", "cat-file", "--batch-all-objects", "--batch-check=%(objectname) %(objecttype)"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines():
        name, _ = kind.split()
        data = subprocess.run(["git", "cat-file", "-p", name], cwd=root, capture_output=True).stdout
        if wanted.casefold() in seen(data):
            found.append(name)
    for path in root.rglob("*"):
        if path.is_file() and "/.git/objects/" not in path.as_posix():
            if wanted.casefold() in seen(path.read_bytes()):
                found.append(str(path.relative_to(root)))
    return found


def test_a_branch_named_after_the_text_is_renamed_and_head_follows_it(ws):
    append_log(ws, "Acme", "the acme-corp deal", now=NOW)
    git(ws, "checkout", "-q", "-b", "deal-acme-corp")
    git(ws, "config", "branch.deal-acme-corp.description", "kept settings")
    append_log(ws, "More", "more on ACME-CORP", now=NOW)
    git(ws, "branch", "acme-corp-old")
    receipt = purge(ws, "acme-corp", now=NOW, dry_run=False)
    assert receipt.refs_renamed == ["refs/heads/deal-purged", "refs/heads/purged-old"]
    assert git(ws, "symbolic-ref", "HEAD").strip() == "refs/heads/deal-purged"
    assert git(ws, "config", "branch.deal-purged.description").strip() == "kept settings"
    assert git(ws, "branch", "--format=%(refname:short)").split() == [
        "deal-purged",
        "main",
        "purged-old",
    ]
    assert traces(ws.root, "acme-corp") == [] and git(ws, "status", "--porcelain") == ""


def test_a_merge_in_progress_is_refused_before_anything_changes(ws):
    append_log(ws, "Call", f"number {PHONE}", now=NOW)
    git(ws, "checkout", "-q", "-b", "side")
    (ws.root / "NOW.md").write_text("side\n")
    git(ws, "commit", "-qam", "side")
    git(ws, "checkout", "-q", "main")
    (ws.root / "NOW.md").write_text("main\n")
    git(ws, "commit", "-qam", "main")
    subprocess.run(["git", "merge", "-q", "side"], cwd=ws.root, capture_output=True)
    head, count = git(ws, "rev-parse", "HEAD"), commit_count(ws)
    with pytest.raises(Refused, match="a merge is in progress"):
        purge(ws, PHONE, now=NOW, dry_run=False)
    assert git(ws, "rev-parse", "HEAD") == head and commit_count(ws) == count
    assert not (ws.root / REGISTRY).exists()


# --- registered first; a rerun after kill -9 finishes ------------------------------------------


def history(root, commits: int) -> None:
    """`commits` commits of daily logs through fast-import, the text in a few of them."""
    stream = []
    for n in range(commits):
        day = f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}"
        line = f"Called Anna on {PHONE}.\n" if n % 97 == 5 else f"Worked on item {n}.\n"
        body = f"# {day}\n\n### 09:00 — Entry {n}\n\n" + line * 40
        data = body.encode()
        stream.append(
            b"commit refs/heads/main\ncommitter T <t@e> %d +0000\ndata 4\nlog\n"
            b"%sM 100644 inline daily/%s.md\ndata %d\n%s\n"
            % (
                1700000000 + n,
                b"from refs/heads/main^0\n" if n == 0 else b"",
                day.encode(),
                len(data),
                data,
            )
        )
    subprocess.run(
        ["git", "fast-import", "--quiet", "--force"], cwd=root, input=b"".join(stream), check=True
    )
    git(root, "reset", "-q", "--hard")


def committed_receipts(root) -> list[str]:
    return git(root, "ls-tree", "-r", "--name-only", "HEAD", ".memctl/receipts").split()


def test_killed_at_any_moment_the_text_is_refused_or_untouched_and_a_rerun_finishes(ws, tmp_path):
    root = tmp_path / "base"
    shutil.copytree(ws.root, root)
    history(root, 400)
    stash(root, "NOW.md", f"- ring {PHONE}", message="a draft")  # kept through every kill
    argv = [str(MEMCTL_BIN), "-w", "", "forget", "--purge", "--match", PHONE, "--yes"]

    def copy(name: str):
        target = tmp_path / name
        shutil.copytree(root, target, symlinks=True)
        return target

    started = time.monotonic()
    whole = copy("whole")
    assert run_memctl(*argv[1:2], str(whole), *argv[3:]).returncode == 0
    duration = time.monotonic() - started
    assert traces(whole) == []

    landed = {"untouched": 0, "registered": 0, "finished": 0}
    # at fractions of a whole run's time, and once just as the text is registered (a loaded
    # machine moves where the fractions fall: that moment is waited for)
    for i, fraction in enumerate((0.15, 0.3, 0.45, 0.6, 0.75, 0.9, None)):
        target = copy(f"kill{i}")
        head = git(target, "rev-parse", "HEAD")
        argv[2] = str(target)
        registry = target / ".memctl" / "purged.jsonl"
        assert not registry.exists()
        proc = subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
        )
        if fraction is None:
            while proc.poll() is None and not registry.exists():
                time.sleep(0.002)
        else:
            time.sleep(duration * fraction)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        while True:  # the git it ran, left to finish its own step (its locks are its own)
            try:
                os.killpg(proc.pid, 0)
                time.sleep(0.02)
            except ProcessLookupError:
                break
        receipts = committed_receipts(target)
        if receipts:  # it had finished
            landed["finished"] += 1
        elif purged_match(open_workspace(target), f"call {PHONE}"):
            landed["registered"] += 1
            refused = Cli(target)("log", "again", "-m", f"call {PHONE}", code=3)
            assert "purged on purpose" in refused.stderr
        else:  # killed before it registered: nothing was changed yet
            landed["untouched"] += 1
            assert git(target, "rev-parse", "HEAD") == head
            # (the kill may cut short the registry's atomic write: its temp file alone is left)
            status = git(target, "status", "--porcelain").splitlines()
            assert [line for line in status if not line.endswith(".tmp")] == []
        done = run_memctl("-w", str(target), "forget", "--purge", "--match", PHONE, "--yes")
        assert done.returncode == 0, done.stderr
        assert traces(target) == []
        # The rerun finished the same purge (one receipt), or, after one that had finished,
        # made a purge of its own
        assert len(committed_receipts(target)) == len(receipts) + 1
        # (a temp file of an atomic write the kill cut short is the write layer's to clean)
        status = git(target, "status", "--porcelain").splitlines()
        assert [line for line in status if not line.endswith(".tmp")] == []
        assert not (target / ".git" / "memctl-purge.json").exists()
        assert git(target, "stash", "list").splitlines() == ["stash@{0}: On main: a draft"]
        assert "+- ring [purged]" in git(target, "stash", "show", "-p")
        subprocess.run(
            ["git", "fsck", "--no-progress"], cwd=target, check=True, capture_output=True
        )
    assert landed["registered"] >= 1, landed


def test_what_a_process_kept_of_a_text_goes_when_another_process_purges_it(ws):
    """A server keeps the words of the units it ranked (keyed by their text) and the vectors
    of what it embedded: a purge run by another process empties them by the next question."""
    from memctl import memos
    from memctl.search import kept, semantic
    from memctl.search.rank import search

    assert memos.REGISTRY == REGISTRY
    new_note(ws, "people/anna", title="Anna", today=TODAY)
    add_entry(ws, "people/anna", f"Anna's phone is {PHONE}", today=TODAY)
    search(ws, "Anna phone", today=TODAY)
    assert any(PHONE in key[0] for key in kept._UNITS)
    model = semantic.model_for(ws) if semantic.available(ws) else None
    embedded = set(model._memo) if model is not None else set()
    done = run_memctl("-w", str(ws.root), "forget", "--purge", "--match", PHONE, "--yes")
    assert done.returncode == 0, done.stderr
    search(ws, "Anna phone", today=TODAY)  # the next question here
    assert not any(PHONE in key[0] for key in kept._UNITS)
    assert model is None or embedded - set(model._memo)  # the purged line's vector went
    assert not any(PHONE in text for row in kept._ROWS.values() for v in row for text in [str(v)])
    assert memos.after_purge(ws.root) is False  # seen once: nothing more to forget


def test_a_purge_empties_every_cache_of_memctls_functions_however_new(ws, cli):
    """What any function of memctl's keeps of a text it read (the gate's reading, search's,
    recall's, the secret scanner's) goes with a purge run by another process, by the next
    question: each cache is found by looking, so one added later is emptied too."""
    from memctl import memos
    from memctl.gate.reading import analyze
    from memctl.language.questions import _holds
    from memctl.search.changed import _content
    from memctl.search.recall import recall

    cli("log", "Plumber", "-m", f"Jorge the plumber moved, his phone is now {PHONE}")
    cli.tell(f"Our plumber Jorge is on {PHONE}")
    asked = "who is our plumber and what's his phone number?"
    recall(ws, asked, today=TODAY)
    analyze(f"Jorge is on {PHONE}")
    found = memos.cached_functions()
    assert {analyze, _holds, _content} <= set(found)
    assert [f for f in found if f.cache_info().currsize]  # something of the text was kept
    done = run_memctl("-w", str(ws.root), "forget", "--purge", "--match", PHONE, "--yes")
    assert done.returncode == 0, done.stderr
    assert memos.after_purge(ws.root)  # the next question here sees the purge first
    assert [f for f in memos.cached_functions() if f.cache_info().currsize] == []


def test_a_text_in_a_notes_frontmatter_is_purged_and_the_note_still_reads(ws):
    """Where the text begins a YAML value, `[purged]` would begin a list (`title: [purged]`)
    or break the YAML (`description: [purged], our contact`): in the frontmatter the mark is
    `(purged)`, in the files and in history, and every command reads the note afterwards."""
    cli = Cli(ws.root)
    name = "Alice Smith"
    cli("new", "people/alice", "-t", name, "--tag", name, "-d", f"{name}, our contact")
    cli("add", "people/alice", f"{name} prefers email")
    receipt = purge(ws, name, now=NOW, dry_run=False)
    assert receipt.still_in_git == []
    text = (ws.root / "people/alice.md").read_text()
    assert "title: (purged)\n" in text and "tags: [(purged)]\n" in text
    assert "description: (purged), our contact\n" in text and "[purged] prefers email" in text
    listed = cli.json("ls")
    [note] = [n for n in listed["files"] if n["path"] == "people/alice.md"]
    assert note["title"] == "(purged)" and note["entries"] == 1 and note["error"] is None
    assert "people/alice.md" not in cli("doctor", code=None).stdout
    history = git(ws, "log", "--all", "-p", "--", "people/alice.md")
    assert "+title: (purged)" in history and "title: [purged]" not in history


def test_a_long_word_is_searched_without_a_record_of_each_of_its_runs():
    """A text purged inside a word is looked for in every run of four characters of every
    word; a 50 MB base64 line from a peer kept a tag for each of its 50 million runs (4 GB)."""
    import base64
    import os
    import tracemalloc

    from memctl.purged import Registry, new_record

    record = new_record(
        "zanzibar44", salt="9d5329072667c32f8618b970c31cda94", receipt="r1", today=TODAY
    )
    blob = base64.b64encode(os.urandom(100_000)).decode()
    text = f"{blob}Zanzibar44{blob}"
    tracemalloc.start()
    try:
        assert Registry([record]).match(text) == "r1"
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 * len(text)  # the text's own copies (folded, casefolded), not 70 bytes a run


def test_a_remote_whose_link_holds_a_token_is_named_without_it_in_the_receipt(ws, cli):
    """The receipt names each remote that keeps the old history; a remote's link may carry a
    login (`https://sam:ghp_…@github.com/…`). The purge finished, and its receipt holds the
    link without it (the receipt refused to be written, so every purge stayed cut short)."""
    token = "ghp_1a2b3c4d5e6f7g8h9i0j1k2l3m4n5o6p7q8r"
    cli("log", "Met Jim", "-m", "Jim Hardie lives at 12 Larkspur Lane")
    git(ws, "remote", "add", "upstream", f"https://sam:{token}@github.com/sam/memory.git")
    done = cli.json("forget", "--purge", "--match", "Larkspur Lane", "--yes")
    receipt = next((ws.root / ".memctl" / "receipts").glob("purge-*.md")).read_text()
    assert token not in receipt and "sam:" not in receipt
    assert "git remote upstream (https://github.com/sam/memory.git, its login left out)" in receipt
    assert token not in str(done)
    assert "cut short" not in cli("log", "later", "-m", "x").stderr


def test_a_token_split_as_markdown_or_code_writes_it_goes_from_the_files_and_history(ws):
    """A token's copies split by a code block's indentation, a quote's marks, a tab, a `" + "`
    (memctl.secrets.joined: each door refuses them; a hand's edit or a peer's sync may bring
    them) go with the token, from the files and from every commit; a line with its first half
    alone is no copy, and stays (a log of such lines once took minutes to search)."""
    token = "ghp_R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u"
    first, rest = token[:20], token[20:]
    copies = [
        f"    {first}\n    {rest}",
        f"> {first}\n> {rest}",
        f"{first}\t{rest}",
        f'"{first}" + "{rest}"',
        f"| {first} | {rest} |",
        f"{first}\\\n{rest}",
        f"{first}   {rest}",
    ]
    note = ws.root / "notes.md"
    for n, copy in enumerate(copies):
        with open(note, "a", encoding="utf-8") as handle:
            handle.write(f"build {n}\n{copy}\n")
        git(ws, "add", "notes.md")
        git(ws, "commit", "-qm", f"build {n}")
    with open(note, "a", encoding="utf-8") as handle:
        handle.write(f"- build id {first} done\n" * 40)
    git(ws, "commit", "-qam", "builds")
    purge(ws, token, now=NOW, dry_run=False)
    assert traces(ws.root, rest) == []
    assert note.read_text().count(f"- build id {first} done\n") == 40
