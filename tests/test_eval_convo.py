"""scripts/eval_convo.py: its conversations hold together, and it measures what it says (a
conversation logged through the daily log, a question asked of it by recall and search)."""

from __future__ import annotations

import json

import eval_convo

MINI = {
    "conversations": [
        {
            "id": "c1",
            "style": "locomo",
            "speakers": ["Lena", "Tomas"],
            "split": "tune",
            "sessions": [
                {
                    "date": "2026-03-02",
                    "time": "19:30",
                    "turns": [
                        {
                            "id": "t1",
                            "speaker": "Lena",
                            "text": "I adopted a tabby from the shelter today, her name is Miso",
                        },
                        {
                            "id": "t2",
                            "speaker": "Tomas",
                            "text": "Congrats! I'm building a "
                            "walnut bookshelf for my daughter this weekend",
                        },
                    ],
                }
            ],
            "questions": [
                {
                    "id": "q1",
                    "q": "What is the name of Lena's tabby?",
                    "evidence": ["t1"],
                    "category": "single-hop",
                },
                {
                    "id": "q2",
                    "q": "What wood is Tomas's bookshelf made of?",
                    "evidence": ["t2"],
                    "category": "single-hop",
                },
            ],
        }
    ],
    "silent": [{"id": "s1", "q": "thanks, sounds good!", "split": "tune"}],
}


def test_every_question_names_turns_that_exist_and_both_parts_are_there():
    data = eval_convo.load()
    turns = {t["id"] for c in data["conversations"] for s in c["sessions"] for t in s["turns"]}
    questions = [q for c in data["conversations"] for q in c["questions"]]
    assert len(turns) == sum(len(s["turns"]) for c in data["conversations"] for s in c["sessions"])
    assert all(q["evidence"] and set(q["evidence"]) <= turns for q in questions)
    assert {c["split"] for c in data["conversations"]} == {"tune", "held-out"}
    assert {s["split"] for s in data["silent"]} == {"tune", "held-out"}


def test_a_logged_conversation_is_found_by_search_and_recall(tmp_path):
    path = tmp_path / "mini.json"
    path.write_text(json.dumps(MINI), encoding="utf-8")
    report = eval_convo.run("turn", meaning=False, sweep=False, path=path)
    tune = report["summary"]["tune"]
    assert tune["search_hit@1"] == 1.0 and tune["recall_silent"] == 1.0
    assert all(r["right"] == r["speaks"] for r in report["questions"])
