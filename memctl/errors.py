"""The one error family memctl raises, and the exit codes callers can branch on."""

from __future__ import annotations

import enum
from pathlib import Path


class ExitCode(enum.IntEnum):
    """Documented in README.md; keep the two in step."""

    OK = 0
    ERROR = 1  # bad input, a workspace problem, something not found
    USAGE = 2  # wrong options or arguments (also what Typer/Click use)
    REFUSED = 3  # a deliberate refusal a caller may branch on (gate, guard, purge safety)
    UNKNOWN = 4  # a write the warm server took up and did not answer: it may be done, look first


def redacted(text: str) -> str:
    """A text memctl prints or logs about what went wrong (an error, a hook's failure) with
    each secret in it redacted: a message quotes what it was given (a value, a field, a
    line), and what it was given may hold a key."""
    if len(text) < 8:
        return text
    from .secrets.scan import redact

    return redact(text)


class MemctlError(Exception):
    """An error meant for the person or agent at the terminal: one line, no traceback."""

    exit_code: ExitCode = ExitCode.ERROR

    def __init__(self, message: str, *, path: Path | str | None = None, line: int | None = None):
        message = redacted(message)
        super().__init__(message)
        self.message = message
        self.path = redacted(str(path)) if path is not None else None
        self.line = line

    def where(self) -> str:
        if self.path is None:
            return ""
        return f"{self.path}:{self.line}" if self.line else self.path

    def __str__(self) -> str:
        where = self.where()
        return f"{where}: {self.message}" if where else self.message

    def to_dict(self) -> dict:
        return {
            "error": self.message,
            "type": type(self).__name__,
            "path": self.path,
            "line": self.line,
            "exit_code": int(self.exit_code),
        }


class UsageFailure(MemctlError):
    """Wrong options or arguments, as the command line parser found them (exit 2)."""

    exit_code = ExitCode.USAGE


class WorkspaceNotFound(MemctlError):
    """No workspace was given and none was found walking up from the current folder."""


class ConfigError(MemctlError):
    """.memctl/config.yaml is invalid."""


class ParseError(MemctlError):
    """A file could not be read as memctl Markdown; it is left untouched."""


class NotFound(MemctlError):
    """A file, entry id or section that does not exist."""


class PathRefused(MemctlError):
    """A path outside the workspace, or one memctl must not write."""


class LockTimeout(MemctlError):
    """Another memctl process held the workspace lock for too long."""


class InvalidValue(MemctlError):
    """A value (date, priority, status, kind) memctl cannot accept."""


class Refused(MemctlError):
    """memctl declines on purpose; callers may branch on the exit code."""

    exit_code = ExitCode.REFUSED


class GitError(MemctlError):
    """git refused an operation memctl needed."""


class GitBusy(MemctlError):
    """git's state forbids a commit now: a merge in progress, a conflicted file, a detached
    HEAD. Nothing was written."""


class StorageError(MemctlError):
    """The system refused a write: a full disk, a read-only folder, no permission. Every change
    memctl started was put back (or is, by the next command)."""


_STORAGE = {
    "ENOSPC": "the disk is full",
    "EDQUOT": "the disk quota is used up",
    "EFBIG": "the file would be larger than the system lets this process write (ulimit -f)",
    "EROFS": "the file system is read-only",
    "EACCES": "permission denied",
    "EPERM": "not permitted",
    "EIO": "the disk failed to read or write",
    "ENAMETOOLONG": "a file name is too long for the file system",
}


def storage_error(exc: OSError) -> StorageError | None:
    """The one-line error for an OSError that is the system's, not memctl's; None for others."""
    import errno

    name = errno.errorcode.get(exc.errno or 0, "")
    what = _STORAGE.get(name)
    if what is None:
        return None
    where = exc.filename if isinstance(exc.filename, str) else None
    return StorageError(
        f"{what}; nothing was changed (a change cut short is put back by the next command)",
        path=where,
    )


_NOT_A_FILE = {
    "EISDIR": "a folder where memctl expects a file",
    "ENOTDIR": "a file stands on this path where memctl expects a folder",
}


def file_error(exc: OSError) -> MemctlError | None:
    """The one-line error for an OSError that is the system's or the workspace's, not
    memctl's: storage_error's, or a folder where a file should be (a peer's commit, a gitlink
    checked out) or the other way round. None for others (a bug: its traceback)."""
    import errno

    found = storage_error(exc)
    what = _NOT_A_FILE.get(errno.errorcode.get(exc.errno or 0, ""))
    if found is not None or what is None:
        return found
    where = exc.filename if isinstance(exc.filename, str) else None
    return InvalidValue(f"{what}; nothing was changed", path=where)


def cause(output: str, returncode: int) -> str:
    """The line of git's output that says why it failed: its first `fatal:` or `error:` (a
    command that runs others, as `git gc` does, ends on "failed to run pack-refs" after the
    line that names the file in the way), else its last line, else the exit code."""
    lines = [line.strip() for line in output.strip().splitlines() if line.strip()]
    told = [line for line in lines if line.startswith(("fatal:", "error:"))]
    if told:
        return told[0]
    return lines[-1] if lines else str(returncode)
