"""The measured claims hold: the hybrid ranking beats plain BM25, and recall keeps its balance.

A small run of scripts/eval_search.py (docs/search.md has the full figures).
"""

from __future__ import annotations


def test_hybrid_beats_plain_bm25_and_recall_stays_balanced():
    from eval_search import run

    report = run(files=300, seed=7)
    search = report["search"]
    assert search["all"]["hybrid"]["mrr"] >= search["all"]["bm25"]["mrr"] + 0.15
    assert search["held-out"]["hybrid"]["mrr"] > search["held-out"]["bm25"]["mrr"]
    for kind in ("typo", "partial", "cjk"):
        assert search[kind]["hybrid"]["recall@5"] >= 0.9, (kind, search[kind])
    judged = report["recall"]["threshold_in_use"]
    assert judged["speaks_when_it_should"] >= 0.75, judged
    assert judged["silent_when_it_should"] >= 0.85, judged
