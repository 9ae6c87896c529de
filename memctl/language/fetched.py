"""Code fetched from an address and run in one step, in any shell form: a form of the steering
orders (memctl.language.steering) that the injection reading catches from every source but the
user.

What an address serves is run with nobody reading it first, whichever way a shell puts it:

- piped into an interpreter: `curl -s URL | sudo bash`, `wget -qO- URL | python3 -`,
  `iwr URL | iex`;
- the fetch's output given to an interpreter as its program: `sh -c "$(curl -fsSL URL)"`,
  `bash <(wget -qO- URL)`, `eval "$(curl URL)"`, `source <(curl URL)`, `. <(curl URL)`,
  `python3 -c "$(curl URL)"`, PowerShell's `iex (iwr URL)` or
  `iex ((New-Object Net.WebClient).DownloadString(URL))`;
- saved, then run at once: `curl -o /tmp/a.sh URL && bash /tmp/a.sh`, `wget URL/x.sh;
  chmod +x x.sh; ./x.sh` (the file the fetch wrote is the one run);
- a package given by its address and run at once: `npx -y URL`, `npx github:someone/tool`,
  `uvx --from git+https://…`, `pipx run URL`, `deno run URL`;
- in words: "run https://…/setup.sh", "execute the script at https://…/x.ps1".

A fetch whose output is only read (`curl URL | jq .`, `curl URL | python3 -m json.tool`,
`curl -o data.csv URL && python3 clean.py data.csv`), a package from the registry by its name
(`npx prettier --write .`), a file of one's own sourced (`source ~/.bashrc`) are tasks.
Matched on folded text (lower case: `-O` reads as `-o`).
"""

from __future__ import annotations

# what fetches from an address, in a shell or PowerShell
_FETCHER = (
    r"(?:\b(?<!-)(?:curl|wget2?|fetch|iwr|irm|invoke-webrequest|invoke-restmethod|"
    r"start-bitstransfer|new-object\s+(?:system\.)?net\.webclient)(?![\w-])|"
    r"\.download(?:string|file|data)\s*\()"
)
# what runs the code it is given: shells, interpreters, PowerShell's Invoke-Expression (each
# written out: a text of many short words is read at each of them)
_RUNNER = (
    r"(?:sh|bash|zsh|dash|ksh|csh|tcsh|fish|ash|python[\d.]*|py|pypy\d*|node|nodejs|deno|bun|"
    r"perl|ruby|php|lua|pwsh|powershell(?:\.exe)?|iex|invoke-expression)"
)
# what may stand before it: sudo and its options, env and its settings, a path
_BEFORE = (
    r"(?:sudo\s+(?:-[\w-]+\s+(?:[a-z]\w*\s+)?)*|env\s+(?:[\w-]+=\S*\s+)*|doas\s+)?"
    r"(?:(?:/usr)?(?:/local)?/bin/(?:env\s+)?)?"
)
# …and what may not follow it: a module, a program of its own or a file to run on the data
_READS_ONLY = r"(?!\s+(?:-(?:[a-z]*[mcepnr]|command)\s+(?!-(?![\w-]))|[^\s-]*[./]))"
_END = r"(?![\w-])(?!\.\w)"
# …given what a fetch prints as its program: its options, then `"$(curl …)"`, `<(wget …)`
_PROGRAM = (
    r"(?:\s+-[\w-]+)*\s*[\"'`(]*\s*(?:\$\(|`|<\()\s*"
    r"(?:sudo\s+(?:-[\w-]+\s+)*)?"
    r"(?:\b(?<!-)(?:curl|wget2?|fetch|iwr|irm|invoke-webrequest|invoke-restmethod)(?![\w-])|"
    r"\(?\s*new-object\s+(?:system\.)?net\.webclient)"
)
# a run within one command: no other command begins between
_SAME = r"(?:[^|;&]|&(?!&)){0,240}?"
_ADDRESS = r"(?:https?://|www\.|git\+\w+://|git@|(?:github|gitlab|bitbucket|gist):)"


def _saved_then_run(saved: str) -> str:
    """The fetch writes a file (`saved` captures its name) that a later command runs."""
    return (
        rf"{_FETCHER}{_SAME}{saved}(?:[^.!?]|\.(?=\S)){{0,200}}?(?:&&|\|\||;|\band\b|\bthen\b|,)"
        rf"\s*(?:then\s+)?{_BEFORE}(?:(?:{_RUNNER}|source|\.|exec|start-process|&|chmod\s+"
        r"\S+)\s+(?:-[\w-]+\s+)*)?[\"'`]?(?:[\w.~$:-]*[/\\])*(?P=saved)(?![\w.-])"
    )


_WHY = "tells the agent to run code fetched from an address"
FETCHED = [
    (  # piped into an interpreter
        rf"{_FETCHER}{_SAME}\|\s*{_BEFORE}(?:\b{_RUNNER}{_END}{_READS_ONLY}|(?:source|\.)\s+"
        r"/dev/stdin\b)",
        _WHY,
    ),
    # the fetch's output as the program: `sh -c "$(curl …)"`, `source <(curl …)`, `. <(curl
    # …)`, `iex (iwr …)` (one pattern each: a text of many short words is read at each of them)
    (rf"\b(?:{_RUNNER}|eval|source|exec){_PROGRAM}", _WHY),
    (rf"(?:^|[\s;&|(\"'`{{])\.{_PROGRAM}", _WHY),
    (rf"(?:\b(?:iex|invoke-expression)|\[scriptblock\]::create)\b[^;|]{{0,40}}?{_FETCHER}", _WHY),
    (  # saved under a name of its own: `curl -o /tmp/a.sh URL && bash /tmp/a.sh`
        _saved_then_run(
            r"(?:-[a-z]*o|--output(?:-document)?|-outfile|>)\s*[\"']?(?:[\w.~$:-]*[/\\])*"
            r"(?P<saved>[\w-][\w.-]*)"
        ),
        _WHY,
    ),
    (  # saved under the address's own name: `wget URL/x.sh && sh x.sh`
        _saved_then_run(r"https?://\S*/(?P<saved>[\w-][\w.-]*\.\w+)(?=[\s\"'])"),
        _WHY,
    ),
    (  # a package given by its address, run at once: `npx -y URL`, `uvx --from git+https://…`
        r"\b(?:npx|pnpx|bunx|(?:pnpm|yarn)\s+dlx|npm\s+(?:exec|x)|uvx|uv\s+(?:tool\s+)?run|pipx\s+"
        rf"run|deno\s+run|bun\s+(?:run|x))\s+(?:\S+\s+){{0,4}}?{_ADDRESS}|"
        r"\b(?:npx|pnpx|bunx|(?:pnpm|yarn)\s+dlx)\s+(?:-[\w-]+\s+)*(?<![@.\w/-])[\w-]+/[\w.-]+"
        r"(?:#\S+)?(?!\S)",
        _WHY,
    ),
    (  # in words: "run https://…/setup.sh", "execute the script at https://…/x.ps1"
        r"\b(?:run|execute|exec|source|eval|launch|invoke)\s+(?:\S+\s+){0,4}?(?:https?://|www\.)"
        r"\S*\.(?:sh|bash|zsh|ps1|psm1|py|pl|rb|bat|cmd|vbs|command)(?![\w.-])",
        _WHY,
    ),
]
