"""A token broken across lines ("ghp_…⏎…") is one secret: the scanner redacts both halves, so
the daily log and the chat catalogue, which join a transcript's lines alike, store neither."""

from __future__ import annotations

import json

from doors import write_transcript

HALF = "3yT6bH1cF5dJ0sA2eG9u"
TOKEN = f"ghp_R8xK2mQ9vL4nP7wZ\n{HALF}"


def test_both_halves_of_a_wrapped_token_are_redacted():
    from memctl.secrets.scan import redact

    for text in (f"Pushed with token {TOKEN}", " ".join(f"Pushed with token {TOKEN}".split())):
        assert HALF not in redact(text) and "ghp_" not in redact(text)
    assert redact("ghp_R8xK2mQ9vL4nP7wZ3yT6bH1cF5dJ0sA2eG9u and then the rest") == (
        "[redacted:github-token] and then the rest"
    )


def test_the_log_and_the_chat_catalogue_keep_no_half(cli, ws, tmp_path):
    path = write_transcript(tmp_path / "t", "s-wrap", ["push the branch please"])
    lines = path.read_text().splitlines()
    last = json.loads(lines[-1])
    last["message"]["content"] = [{"type": "text", "text": f"Pushed with token {TOKEN}"}]
    path.write_text("\n".join([*lines[:-1], json.dumps(last)]) + "\n")
    cli("flush", str(path), "--event", "ended")
    stored = [p.read_text() for p in (ws.root / "daily").glob("*.md")]
    stored.append((ws.root / "episodic" / "chats.md").read_text())
    assert "Pushed with token" in stored[-1]
    assert not [text for text in stored if HALF in text or "ghp_" in text]
