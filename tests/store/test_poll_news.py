"""A live poll's one decision (``live_versions.news``): 204 while the page shows the table's version,
304 while the phone's last answer is of it, else the fresh fragment; both ways a poll is answered
(the gate before Flask and ``live.poll``) ask it and decide nothing of their own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from referee.store.live_versions import News, news

ROOT = Path(__file__).resolve().parents[2]
NOW = "3.1.0"  # last seq 3, one correction proposed, none decided


@pytest.mark.parametrize(
    ("since", "if_none_match", "expected"),
    [
        (NOW, None, News.NONE),
        (NOW, '"2.0.0"', News.NONE),  # the page is up to date, whatever answer the phone holds
        ("2.0.0", f'"{NOW}"', News.NOT_MODIFIED),  # the page is behind, the phone's last answer is not
        (None, f'"1.0.0", "{NOW}"', News.NOT_MODIFIED),
        (None, "*", News.NOT_MODIFIED),
        (None, f'W/"{NOW}"', News.CHANGED),  # a weak ETag was never sent
        ("3.0.0", None, News.CHANGED),  # the correction proposed since the page was made
        (None, None, News.CHANGED),
        ("", "", News.CHANGED),
    ],
)
def test_news_for_a_page(since, if_none_match, expected):
    assert news(NOW, since, if_none_match) is expected


@pytest.mark.parametrize("path", ["referee/web/updates/gate.py", "referee/web/updates/pages.py"])
def test_both_live_paths_ask_the_one_decision(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert "news" in calls
    assert not {"parse_etags", "if_none_match"} & (calls | attributes)
