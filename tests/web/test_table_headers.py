"""Every header cell of a table grid names its column (axe's ``empty-table-header``, issue 27): on the
table page, the dispute view (the table as it stood at an earlier entry) and the big screen, at every
game's start, middle and end. A corner cell above a column of row names is a plain ``<td>``."""

import json
import re
from pathlib import Path

import pytest

RECORDS = Path(__file__).parent.parent / "records"
HEADER = re.compile(r"<th\b([^>]*)>(.*?)</th>", re.S)


def empty_headers(page: str) -> list[str]:
    return [
        m.group(0)
        for m in HEADER.finditer(page)
        if not re.sub(r"<[^>]+>|\s", "", m.group(2)) and "aria-label" not in m.group(1)
    ]


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDS.glob("*.json")))
def test_no_empty_table_header_on_the_table_the_dispute_view_or_the_big_screen(client, name):
    record = json.loads((RECORDS / name).read_text())
    table = client.post("/api/v1/records", json=record).get_json()["id"]
    last = len(record["events"])
    for url in (
        f"/t/{table}",
        f"/t/{table}/screen",
        *(f"/t/{table}?at={k}" for k in (1, last // 2, last)),
    ):
        page = client.get(url)
        assert page.status_code == 200, url
        assert empty_headers(page.get_data(as_text=True)) == [], url


def test_no_empty_table_header_on_a_score_pad(client):
    table = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["A", "B"]}).get_json()
    client.post(
        f"/api/v1/tables/{table['id']}/events",
        json={"type": "round", "points": [3, 1]},
        headers={"Authorization": f"Bearer {table['scorer_token']}"},
    )
    for url in (f"/t/{table['id']}", f"/t/{table['id']}/screen", f"/t/{table['id']}?at=1"):
        assert empty_headers(client.get(url).get_data(as_text=True)) == [], url
