"""The purge registry read line by line: a record that is not as memctl writes it never stops a
sync or a write, never weakens a real purge, and `memctl doctor` names its line; a line that is
not JSON stops every write, as memctl does not guess what was purged. Real clones and a bare
remote on this machine."""

from __future__ import annotations

import json

from test_sync import at, machines  # noqa: F401  (the fixture)

from conftest import git
from memctl.purged import REGISTRY

CODE = "Zanzibar-7731"

JUNK = {
    "a salt that is not hex": {"salt": "zz", "hash": "00"},
    "a salt too long for the hash": {"salt": "ab" * 65},
    "a hash that is not hex": {"hash": "xyz"},
    "an anchor of the wrong type": {"anchor": "word"},
    "an anchor without its fields": {"anchor": {"kind": "word"}},
    "a length past what a float holds": "1e400",
    "a negative length": {"length": -3},
    "a huge length": {"length": 10**40},
    "an integer of 5,000 digits": "1" + "0" * 5000,
    "a length that is a list": {"length": [3]},
    "fields that are not strings": {"receipt": 7, "salt": 7, "hash": 7, "date": 7},
    "not an object": "[1, 2]",
    "commits that are not a list": {"commits": 5},
}


def junk_line(kind: str) -> str:
    change = JUNK[kind]
    base = {
        "receipt": "r1",
        "salt": "ab" * 16,
        "hash": "cd" * 32,
        "length": 3,
        "date": "2026-01-01",
    }
    if change == "[1, 2]":
        return change
    if isinstance(change, str):  # a number json.dumps cannot write
        return json.dumps(base).replace('"length": 3', f'"length": {change}')
    return json.dumps({**base, **change})


def peer_appends(root, lines: list[str]) -> list[int]:
    """B adds lines to the registry by hand, commits and pushes; their numbers."""
    path = root / REGISTRY
    have = path.read_text() if path.exists() else ""
    path.write_text(have + "".join(line + "\n" for line in lines))
    git(root, "add", REGISTRY)
    git(root, "commit", "-qm", "registry by hand")
    git(root, "push", "-q", "origin", "main")
    first = len(have.splitlines()) + 1
    return list(range(first, first + len(lines)))


def test_malformed_records_from_a_peer_stop_nothing_and_weaken_no_purge(machines):  # noqa: F811
    """Every kind of malformed record in one registry (as a peer's hand or another build may
    leave several): each is named on its own line, none stops a sync or a write."""
    a, b, a_root, b_root = machines
    a("log", "locker", "-m", f"code {CODE}", env=at("10:00"))
    a("forget", "--purge", "--match", CODE, "--yes")
    a("sync")
    b("sync")
    numbers = dict(zip(JUNK, peer_appends(b_root, [junk_line(kind) for kind in JUNK]), strict=True))

    assert a.json("sync")["received"] == 1
    a("log", "after", "-m", "writes go on", env=at("10:10"))  # every write still works
    refused = a("add", "semantic/inbox", f"the code is {CODE.lower()}", code=3)
    assert "purged on purpose" in refused.stderr  # and the purge still holds
    report = a.json("doctor")
    found = {f["where"]: f for f in report["findings"] if f["code"] == "purge-record-invalid"}
    assert sorted(found) == sorted(f"{REGISTRY}:{n}" for n in numbers.values())
    for kind, number in numbers.items():
        finding = found[f"{REGISTRY}:{number}"]
        if "anchor" in kind:  # its salt, hash and length can still find a text: kept
            assert "reads in part" in finding["message"], kind
            assert "still refused" in finding["fix"], kind
        else:  # it could match no text: left out
            assert "cannot read" in finding["message"], kind
            assert "refuses nothing" in finding["fix"], kind
    b("log", "B", "-m", "B writes on too", env=at("10:20"))
    assert b.json("sync")["sent"] == 1


def test_a_record_whose_anchor_is_off_is_kept_and_still_refuses_its_text(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    a("log", "locker", "-m", f"code {CODE}", env=at("10:00"))
    a("forget", "--purge", "--match", CODE, "--yes")
    lines = (a_root / REGISTRY).read_text().splitlines()
    record = json.loads(lines[0])
    record.update(anchor="word", receipt="")  # a wrong anchor, an empty receipt: kept
    (a_root / REGISTRY).write_text(json.dumps(record) + "\n")
    git(a_root, "commit", "-qam", "registry by hand")

    for door in (("add", "semantic/inbox", f"code {CODE}"), ("log", "x", "-m", f"a {CODE}")):
        assert "purged on purpose" in a(*door, code=3).stderr
    report = a.json("doctor")
    found = [f for f in report["findings"] if f["code"] == "purge-record-invalid"]
    assert [f["where"] for f in found] == [f"{REGISTRY}:1"]
    assert "reads in part" in found[0]["message"] and "still refused" in found[0]["fix"]
    assert "receipt, anchor" in found[0]["message"]


def test_a_line_that_is_not_json_stops_writes_and_doctor_names_it(machines):  # noqa: F811
    a, b, a_root, b_root = machines
    a("log", "locker", "-m", f"code {CODE}", env=at("10:00"))
    a("forget", "--purge", "--match", CODE, "--yes")
    a("sync")
    b("sync")
    [number] = peer_appends(b_root, ['{"receipt": "r1", "salt": "ab'])  # cut short
    refused = a("sync", code=1)
    assert f"{REGISTRY}:{number} as origin/main has it is not JSON" in refused.stderr
    assert "nothing was merged" in refused.stderr
    assert git(a_root, "for-each-ref", "refs/memctl/") == ""
    a("log", "after", "-m", "A's own registry is whole", env=at("10:10"))

    have = (a_root / REGISTRY).read_text()
    (a_root / REGISTRY).write_text(have + "<<<<<<< HEAD\n")
    where = f"{REGISTRY}:{len(have.splitlines()) + 1}"
    stopped = a("log", "x", "-m", "y", env=at("10:20"), code=1)
    assert f"{where}: the purge registry is damaged" in stopped.stderr
    report = a.json("doctor", code=1)
    found = [f for f in report["findings"] if f["code"] == "purge-registry-damaged"]
    assert [(f["severity"], f["where"]) for f in found] == [("error", where)]
    assert "every write is refused" in found[0]["message"]
