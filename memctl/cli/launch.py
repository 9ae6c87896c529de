"""The `memctl` console script: the warm path first, then the CLI.

While `memctl serve` runs for a workspace, the commands a harness runs every turn (recall, guard
check, search, now, show, and the writes `log` and `remember`, whose gate reads meaning with a
model that a process of its own loads in about a second) are answered by it through
`.memctl/serve.sock`. This process sends the command line, its working folder, its environment
and its standard input (the descriptor itself, passed over the socket), and writes back what
the server's run of the same command wrote to stdout and stderr, in the order it was written,
then exits with the same code. It imports nothing the interpreter has not already loaded, so a
warm answer costs little more than Python's own start.

A write is never run twice. Once the server has taken a write up (it answered "A" and this
process confirmed with "G"), this process does not run it itself: if the server then stops
before it answers, or fails, it says so in one line on stderr and exits with UNKNOWN (4): the
write may be done, and the caller looks before it runs it again. Up to then, and for the other
commands at any point, it runs here as if no server ran.

Everything else runs here, as it always has: when no server runs (no socket, or a socket file
left by one that died), when it does not take the request up within ANSWER_MS (or the whole
number of milliseconds MEMCTL_SERVE_WAIT_MS gives, on a machine too loaded to schedule the
server that soon), when it serves another memctl or another workspace, when a terminal is
attached (rich output for a person is drawn here), and for every other command. Search and
recall then start the prefetched walk (memctl.search.prefetch) before the CLI is imported.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    import _socket
    import io

# Commands whose first step is the search index's freshness walk, which a forked child does
# while the CLI is imported (memctl.search.prefetch). Only commands that read before they write.
WALK_FIRST = ("search", "recall")

PROTOCOL = 1
SOCKET_NAME = "serve.sock"  # in .memctl/
SHORT_PATH = 100  # sockets are named by at most ~107 bytes: longer paths are reached from .memctl/
ANSWER_MS = 20  # a server that has not taken the request up by then is taken to be stuck
WAIT_VARIABLE = "MEMCTL_SERVE_WAIT_MS"  # milliseconds, in place of ANSWER_MS
WAIT_MAX_MS = 60_000  # the most MEMCTL_SERVE_WAIT_MS is read as
RESULT_S = 120.0  # once taken up, the longest wait before this process answers it itself
WRITES = ("remember", "log")  # answered warm, and never run here once the server took them up
WRITE_S = 600.0  # the longest wait for a write's answer (the workspace lock waits less)
UNKNOWN = 4  # memctl.errors.ExitCode.UNKNOWN: a write the server took and did not answer
NOT_WARM = ("enforce", "watch", "list")  # guard's subcommands that are not checks


def run() -> None:
    """Console-script entry point."""
    readable_input()
    code = warm(sys.argv[1:])
    if code is not None:
        os._exit(code)  # all was written with os.write: nothing is left to flush
    from . import flags

    shared, rest = flags.parse_global_options(sys.argv[1:])
    if rest and rest[0] in WALK_FIRST and "--help" not in rest and "-h" not in rest:
        from ..search import prefetch

        prefetch.start(shared.workspace)
    from .main import run as run_cli

    run_cli()


def readable_input() -> None:
    """The command line and standard input as text every later step can hold: a byte no
    encoding reads (a binary paste, a terminal in another locale) comes to Python as an
    unpaired surrogate, which no UTF-8 file, database or model takes; it is read as U+FFFD
    instead, here and in a server this process hands stdin to."""
    if not all(arg.isascii() for arg in sys.argv):
        sys.argv[1:] = [_readable(arg) for arg in sys.argv[1:]]
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        try:
            reconfigure(errors="replace")
        except (OSError, ValueError):  # closed: the command that reads it says so
            pass


def _readable(arg: str) -> str:
    try:
        return arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a surrogate that is no escaped byte
        from ..controls import valid_text

        return valid_text(arg)


def identity() -> str:
    """What a client and a server must share: this memctl (version and place) and Python."""
    from .. import __version__

    return f"{__version__} {os.path.dirname(os.path.dirname(__file__))} {sys.hexversion}"


def warm(argv: list[str]) -> int | None:
    """Have a running server answer this command line; its exit code, or None to run it here."""
    found = _warm_command(argv)
    if found is None:
        return None
    given, write = found
    try:
        if os.isatty(0) or os.isatty(1) or os.isatty(2):
            return None  # a person is watching: rich output is decided and drawn here
        cwd = os.getcwd()
        root = workspace_root(given, cwd)
        if root is None:
            return None
        # typeshed calls sys.stdout a TextIO; it is a TextIOWrapper (write_through, buffer)
        pairs = ((1, sys.stdout), (2, sys.stderr))
        streams = tuple(_buffering(fd, stream) for fd, stream in pairs)  # type: ignore[arg-type]
        request = (
            "run",
            argv,
            cwd,
            dict(os.environ),
            streams,
            (sys.stdin.encoding, sys.stdin.errors),
        )
        wait_s = answer_ms() / 1000
        answer = ask(
            root, request, stdin=True, wait_s=wait_s, result_s=WRITE_S if write else RESULT_S
        )
    except (OSError, AttributeError, ValueError):
        return None  # a closed standard stream, a folder gone: the CLI says what is wrong
    if answer is None:
        return None
    if answer[0] != "done":
        if not write:
            return None  # taken up, then lost or failed: a read runs here instead
        said = (
            "the server (memctl serve) took this write up and stopped or failed before it "
            "answered; it may be done: look (memctl search, git log) before running it again"
        )
        options = argv[: argv.index("--")] if "--" in argv else argv  # after "--": text
        if "--json" in options:
            import json

            error = {"error": said, "type": "WriteUnknown", "path": root, "line": None}
            document = json.dumps({**error, "exit_code": UNKNOWN}, ensure_ascii=False, indent=2)
            _write(1, (document + "\n").encode(errors="replace"))
        _write(2, f"memctl: error: {root}: {said}\n".encode(errors="replace"))
        return UNKNOWN
    _, code, chunks = answer
    for fd, data in chunks:
        _write(fd, data)
    return code


def answer_ms() -> int:
    """How long this process waits for a server to take its command up: ANSWER_MS, or the
    whole number of milliseconds MEMCTL_SERVE_WAIT_MS gives (up to WAIT_MAX_MS; any other value
    is not read), where a loaded machine may schedule the server later than that."""
    given = os.environ.get(WAIT_VARIABLE, "")
    if given.isascii() and given.isdigit() and 0 < int(given) <= WAIT_MAX_MS:
        return int(given)
    return ANSWER_MS


def _write(fd: int, data: bytes) -> None:
    try:
        while data:
            data = data[os.write(fd, data) :]
    except OSError:
        pass


def _buffering(fd: int, stream: io.TextIOWrapper) -> tuple[str, str | None, bool, bool, int]:
    """How a standard stream buffers (PYTHONUNBUFFERED, -u and the descriptor decide): what the
    server needs to write the same bytes in the same order."""
    unbuffered = type(stream.buffer).__name__ == "FileIO"
    size = 0 if unbuffered else os.fstat(fd).st_blksize
    return (stream.encoding, stream.errors, stream.line_buffering, stream.write_through, size)


def _warm_command(argv: list[str]) -> tuple[str | None, bool] | None:
    """(--workspace given, if any; a write) when argv is a command the warm path answers, else
    None."""
    explicit, command, rest = None, None, []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("--", "--debug", "-h", "--help"):
            return None
        if arg in ("-w", "--workspace"):
            if i + 1 == len(argv):
                return None
            explicit = argv[i + 1]
            i += 1
        elif arg.startswith("--workspace="):
            explicit = arg[12:]
        elif arg == "--json":
            pass
        elif command is None:
            if arg[:1] == "-":
                return None
            command = arg
        else:
            rest.append(arg)
        i += 1
    if command in ("recall", "search", "show"):
        return (explicit, False)
    if command == "guard" and (not rest or rest[0] not in NOT_WARM):
        return (explicit, False)
    if command == "now" and all(arg[:1] == "-" for arg in rest):
        return (explicit, False)
    if command in WRITES:
        return (explicit, True)
    return None


def workspace_root(given: str | None, cwd: str) -> str | None:
    """The workspace memctl.workspace.find_root would open (the folder, resolved), or None."""
    given = given or os.environ.get("MEMCTL_WORKSPACE")
    if given:
        root = os.path.realpath(os.path.expanduser(given))
        return root if os.path.isdir(os.path.join(root, ".memctl")) else None
    here = os.path.realpath(cwd)
    while True:
        if os.path.isdir(os.path.join(here, ".memctl")):
            return here
        parent = os.path.dirname(here)
        if parent == here:
            return None
        here = parent


def ask(
    root: str,
    request: tuple,
    *,
    stdin: bool = False,
    wait_s: float = ANSWER_MS / 1000,
    result_s: float = RESULT_S,
) -> tuple | None:
    """Send a request to the server of the workspace at `root`; its answer, or None when there
    is no server, it does not take the request up within `wait_s`, or it declines it: the
    request was not run. ("lost",) when the server took a command up (`stdin`) and then gave
    no answer: it may have run."""
    import _socket
    import marshal

    sock = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    committed = False
    try:
        sock.settimeout(wait_s)
        connect(sock, root)
        data = marshal.dumps((PROTOCOL, identity(), root, *request))
        head = len(data).to_bytes(4, "big")
        if stdin:  # the descriptor itself: the server reads only what the command reads
            rights = [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, (0).to_bytes(4, sys.byteorder))]
            sent = sock.sendmsg([head + data], rights)
        else:
            sent = sock.send(head + data)
        if sent < len(head) + len(data):
            sock.sendall((head + data)[sent:])
        taken = sock.recv(1)
        if taken != b"A":
            return None  # declined (another memctl, another workspace, busy) or gone
        if stdin:  # committed: from here on the answer comes from the server
            sock.send(b"G")
            committed = True
        sock.settimeout(result_s)
        chunks = []
        while chunk := sock.recv(1 << 16):
            chunks.append(chunk)
        return marshal.loads(b"".join(chunks))
    except (OSError, EOFError, ValueError, TypeError):
        # no server, a stale socket file; or, once committed, a server that stopped midway
        return ("lost",) if committed else None
    finally:
        sock.close()


def connect(sock: _socket.socket, root: str) -> None:
    """Connect to .memctl/serve.sock of `root`; a path too long for a socket's name is reached
    from inside its folder."""
    folder = os.path.join(root, ".memctl")
    path = os.path.join(folder, SOCKET_NAME)
    if len(os.fsencode(path)) <= SHORT_PATH:
        sock.connect(path)
        return
    back = os.open(".", os.O_RDONLY)
    try:
        os.chdir(folder)
        sock.connect(SOCKET_NAME)
    finally:
        os.fchdir(back)
        os.close(back)
