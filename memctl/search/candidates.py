"""The candidates of a search: the SQL that finds units by FTS5 and passes them through the
filters (category, path, dates, status, archive, as-of), for memctl.search.rank to score.

A query without narrowing filters ranks in FTS5 alone and looks the best few up (cheap); with
filters that may leave out most matches, it joins and filters in one statement.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import TYPE_CHECKING

from ..kinds import NOW_FILE
from .schema import UNIT_COLUMNS

if TYPE_CHECKING:
    from .index import SearchIndex
    from .rank import Filters

# text, use-when keys, context (title, section, tags), CJK bigrams, the note's use-when keys
BM25_COLUMNS = "1.0, 2.0, 0.5, 1.0, 0.5"
# What ranking reads as a unit's context: its note's use-when keys too.
CONTEXT = "{f}context || CASE WHEN {f}inherited = '' THEN '' ELSE char(10) || {f}inherited END"

# A unit's status on :today (entry.holds, in SQL; with --as-of, that day): an open entry whose
# until: day has come is closed, one whose from: day is ahead is upcoming; no file changes when
# a day passes, so the index cannot hold this. On an --as-of day, one closed or superseded after
# it was open then; one not verified since :cutoff (stale_days before the day) is stale.
EFFECTIVE_STATUS = (
    "CASE WHEN :as_of IS NOT NULL AND u.status IN ('closed', 'superseded') "
    "AND u.until > :as_of THEN 'active' "
    "WHEN u.status IN ('closed', 'superseded', 'injection') THEN u.status "
    "WHEN u.closes IS NOT NULL AND u.closes <= :today THEN 'closed' "
    "WHEN u.starts IS NOT NULL AND u.starts > :today THEN 'upcoming' "
    "WHEN u.status = 'active' AND u.verified IS NOT NULL "
    "AND u.verified < :cutoff THEN 'stale' ELSE u.status END"
)


def conditions(filters: Filters, today: dt.date, stale_days: int) -> tuple[list, dict, bool]:
    """The SQL conditions on `units u` the filters make, their parameters, and whether they may
    leave out most matches."""
    where = []
    day = filters.as_of or today
    params: dict = {
        "cutoff": (day - dt.timedelta(days=stale_days)).isoformat(),
        "today": day.isoformat(),
        "as_of": None,
    }
    narrow = False  # a filter that may leave out most matches
    if not (filters.archive or filters.as_of):
        where.append("u.archived = 0")
    if filters.status:
        where.append(f"{EFFECTIVE_STATUS} = :status")
        params["status"] = filters.status
        narrow = True
    elif not (filters.closed or filters.as_of):
        where.append(f"{EFFECTIVE_STATUS} NOT IN ('closed', 'superseded')")
        if not filters.archive:  # past its expires: no longer held, though not archived yet
            where.append("(u.until IS NULL OR u.until >= :today OR u.priority = 'high')")
    if filters.as_of:
        where.append("(u.recorded IS NULL OR u.recorded <= :as_of)")
        # NOW.md is rewritten as work moves: what it says is today's, never a past day's
        where.append(f"u.path != '{NOW_FILE}'")
        where.append("(u.until IS NULL OR u.until > :as_of)")
        if not filters.closed:
            where.append("NOT (u.status IN ('closed', 'superseded') AND u.until IS NULL)")
        params["as_of"] = filters.as_of.isoformat()
        narrow = True
    if filters.category:
        where.append("u.category = :category")
        params["category"] = filters.category
        narrow = True
    if filters.path:
        glob = filters.path if re.search(r"[*?\[]", filters.path) else filters.path + "*"
        where.append("u.path GLOB :glob")
        params["glob"] = glob
        narrow = True
    if filters.since:
        where.append("u.recorded >= :since")
        params["since"] = filters.since.isoformat()
        narrow = True
    if filters.until:
        where.append("u.recorded <= :until_day")
        params["until_day"] = filters.until.isoformat()
        narrow = True
    return where, params, narrow


# A candidate row: the unit's columns, its status as it stands today; then its BM25 score and
# its context (ROW names them all).
UNIT = UNIT_COLUMNS
COLUMNS = ", ".join(EFFECTIVE_STATUS if c == "status" else f"u.{c}" for c in UNIT)
ROW = (*UNIT, "bm25", "context")


def candidates(
    index: SearchIndex,
    match: str,
    filters: Filters,
    today: dt.date,
    stale_days: int,
    candidates: int,
) -> list[tuple]:
    """The best `candidates` units by BM25 that pass the filters, with their context."""
    where, params, narrow = conditions(filters, today, stale_days)
    columns = COLUMNS
    condition = " AND ".join(where) or "1"
    if not narrow:
        # Rank in FTS5 alone (cheap), then look the best few up: far faster than filtering
        # every match through a join. Falls through when the filters left too few.
        fetch = candidates * 3
        ranked = index.db.execute(
            f"SELECT rowid, bm25(fts, {BM25_COLUMNS}), {CONTEXT.format(f='')} FROM fts "
            "WHERE fts MATCH ? "
            "ORDER BY 2 LIMIT ?",
            (match, fetch),
        ).fetchall()
        by_id = {rowid: (bm25, context) for rowid, bm25, context in ranked}
        sql = f"SELECT {columns} FROM units u WHERE u.id IN (SELECT value FROM json_each(:ids))"
        found = index.db.execute(
            f"{sql} AND {condition}", {**params, "ids": json.dumps(list(by_id))}
        )
        rows = [(*row, *by_id[row[0]]) for row in found]
        if len(rows) >= candidates or len(ranked) < fetch:
            rows.sort(key=lambda row: row[-2])
            return rows[:candidates]
    params.update(match=match, limit=candidates)
    sql = (
        f"SELECT {columns}, bm25(fts, {BM25_COLUMNS}) AS b, {CONTEXT.format(f='f.')} "
        f"FROM fts f JOIN units u ON u.id = f.rowid WHERE fts MATCH :match AND {condition} "
        f"ORDER BY b LIMIT :limit"
    )
    return index.db.execute(sql, params).fetchall()
