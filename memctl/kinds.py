"""The kinds of memory file, and where each lives: NOW.md, INDEX.md, the daily logs, the relations
of the graph, the nightly reports; every other Markdown file is a note.
"""

from __future__ import annotations

NOW_FILE = "NOW.md"
INDEX_FILE = "INDEX.md"
DAILY_DIR = "daily"
GRAPH_DIR = "graph"
REPORTS_DIR = "reports"  # the nightly morning reports, reports/YYYY-MM-DD.md (nightly/sleep.py)


def kind_of(rel: str, daily_dir: str = DAILY_DIR) -> str:
    if rel == NOW_FILE:
        return "now"
    if rel == INDEX_FILE:
        return "index"
    if rel.startswith(f"{daily_dir}/"):
        return "daily"
    if rel.startswith(f"{GRAPH_DIR}/"):
        return "graph"  # relations: their ids count, but they are not notes (graph/relations.py)
    if rel.startswith(f"{REPORTS_DIR}/") and _is_day_name(rel[len(REPORTS_DIR) + 1 :]):
        return "report"  # searchable, but not a note: the gate, INDEX.md and archive skip it
    return "note"


def _is_day_name(name: str) -> bool:
    return len(name) == 13 and name.endswith(".md") and name[:4].isdigit() and name[4] == "-"
