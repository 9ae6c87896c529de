"""`memctl hooks install claude-code` wires the MCP server too: .mcp.json or ~/.claude.json,
merged, idempotent, and taken out again by uninstall."""

from __future__ import annotations

import json

import pytest

from conftest import MEMCTL_BIN

OTHER = {"type": "stdio", "command": "npx", "args": ["-y", "some-server"], "env": {}}


def test_install_adds_the_server_beside_the_others_and_uninstall_takes_only_it(ws, cli, tmp_path):
    project = tmp_path / "app"
    project.mkdir()
    path = project / ".mcp.json"
    path.write_text(json.dumps({"mcpServers": {"other": OTHER}}))
    done = cli.json("hooks", "install", "claude-code", "--project", str(project))
    assert done["mcp"] == {"path": str(path), "state": "added"} and done["changed"]
    servers = json.loads(path.read_text())["mcpServers"]
    assert servers["other"] == OTHER
    assert servers["memctl"] == {
        "type": "stdio",
        "command": str(MEMCTL_BIN),
        "args": ["-w", str(ws.root), "serve"],
        "env": {},
    }
    first = path.read_bytes()
    again = cli.json("hooks", "install", "claude-code", "--project", str(project))
    assert again["mcp"]["state"] == "unchanged" and not again["changed"]
    assert path.read_bytes() == first
    gone = cli.json("hooks", "uninstall", "claude-code", "--project", str(project))
    assert gone["mcp"]["state"] == "removed"
    assert json.loads(path.read_text()) == {"mcpServers": {"other": OTHER}}


def test_a_file_memctl_made_alone_goes_and_the_user_scope_keeps_claudes_keys(
    ws, cli, tmp_path, monkeypatch
):
    project = tmp_path / "app"
    project.mkdir()
    cli("hooks", "install", "claude-code", "--project", str(project))
    assert (project / ".mcp.json").exists()
    cli("hooks", "uninstall", "claude-code", "--project", str(project))
    assert not (project / ".mcp.json").exists()
    user = tmp_path / "home" / ".claude.json"
    monkeypatch.setenv("HOME", str(user.parent))
    user.parent.mkdir(exist_ok=True)
    user.write_text(json.dumps({"numStartups": 7, "projects": {"/x": {"mcpServers": {}}}}))
    cli("hooks", "install", "claude-code", "--user")
    data = json.loads(user.read_text())
    assert data["numStartups"] == 7 and data["projects"] == {"/x": {"mcpServers": {}}}
    assert data["mcpServers"]["memctl"]["args"][-1] == "serve"
    cli("hooks", "uninstall", "claude-code", "--user")
    kept = {"numStartups": 7, "projects": {"/x": {"mcpServers": {}}}, "mcpServers": {}}
    assert json.loads(user.read_text()) == kept


def test_another_server_named_memctl_is_replaced_by_install_and_kept_by_uninstall(
    ws, cli, tmp_path
):
    """The name the user approves runs memctl: install replaces another server registered
    as `memctl` (saying what it was); uninstall leaves one that is not memctl's, named."""
    project = tmp_path / "app"
    project.mkdir()
    mine = {"command": "/opt/memctl-fork/bin/run", "args": ["--stdio"]}
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"memctl": mine}}))
    done = cli.json("hooks", "install", "claude-code", "--project", str(project))["mcp"]
    assert done["state"] == "replaced" and done["other"] == "/opt/memctl-fork/bin/run --stdio"
    assert json.loads((project / ".mcp.json").read_text())["mcpServers"]["memctl"]["args"][-1] == (
        "serve"
    )
    (project / ".mcp.json").write_text(json.dumps({"mcpServers": {"memctl": mine}}))
    gone = cli("hooks", "uninstall", "claude-code", "--project", str(project)).stdout
    assert "names another server `memctl` (/opt/memctl-fork/bin/run --stdio)" in gone
    assert json.loads((project / ".mcp.json").read_text()) == {"mcpServers": {"memctl": mine}}


@pytest.mark.parametrize("text", ["{not json", "[1, 2]"])
def test_a_malformed_mcp_file_is_refused_and_left_alone(ws, cli, tmp_path, text):
    project = tmp_path / "app"
    project.mkdir()
    (project / ".mcp.json").write_text(text)
    result = cli("hooks", "install", "claude-code", "--project", str(project), code=1)
    assert ".mcp.json:1" in result.stderr
    assert (project / ".mcp.json").read_text() == text
