"""The evening's paper in Japanese (issue 17): the table cards, the standings PDF and CSV read back
whole: every header in Japanese and every player's name, none cut short ("…" marks a cut)."""

from __future__ import annotations

import csv
import io

from flask_babel import force_locale, gettext
from pypdf import PdfReader

from tests.web.test_sessions import golden, import_into, new_session, session_table

# Long-ish names as a Japanese club writes them (family and given name, a space between).
ROSTER = ["佐々木 真理子", "長谷川 健太郎", "小笠原 美奈", "宇佐美 翔太郎", "Aki"]


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def japanese(app, *messages: tuple[str, dict]) -> list[str]:
    with app.test_request_context(), force_locale("ja"):
        return [gettext(m, **params) for m, params in messages]


def evening(client):
    session = new_session(client, players=ROSTER, name="木曜ドミノ会 第12回 リーグ戦")
    import_into(client, session, golden("records/five-up-partners-to-61.json", ROSTER[:4]))
    session_table(client, session, "ninety-nine", ROSTER[1:4])
    client.get(f"/s/{session['id']}?token={session['director_token']}")
    return session


def test_the_table_cards_in_japanese_keep_every_header_and_name_whole(client):
    session = evening(client)
    pdf = client.get(f"/s/{session['id']}/cards.pdf", headers={"Accept-Language": "ja"})
    assert pdf.status_code == 200
    text = text_of(pdf.data)
    wanted = japanese(
        client.application,
        ("Table %(n)s", {"n": 1}),
        ("Table %(n)s", {"n": 2}),
        ("Five Up", {}),
        ("Ninety-Nine", {}),
        ("Scan to join seat %(n)s", {"n": 4}),
    )
    assert "…" not in text and not any(w.isascii() for w in wanted)  # in Japanese, and whole
    for part in [*wanted, *ROSTER[:4], "木曜ドミノ会 第12回 リーグ戦"]:
        assert part.replace(" ", "") in text.replace(" ", ""), part


def test_the_standings_in_japanese_keep_every_header_and_name_whole(client):
    session = evening(client)
    pdf = client.get(f"/s/{session['id']}/standings.pdf", headers={"Accept-Language": "ja"})
    text = text_of(pdf.data)
    heads = japanese(
        client.application, ("Standings", {}), ("Player", {}), ("Played", {}), ("Wins", {}), ("Points", {})
    )
    assert "…" not in text and not any(h.isascii() for h in heads)
    for part in [*heads, japanese(client.application, ("Five Up", {}))[0], *ROSTER[:4]]:
        assert part.replace(" ", "") in text.replace(" ", ""), part

    data = client.get(f"/s/{session['id']}/standings.csv", headers={"Accept-Language": "ja"}).data
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0] == japanese(
        client.application,
        ("Game", {}),
        ("Rank", {}),
        ("Player", {}),
        ("Played", {}),
        ("Wins", {}),
        ("Points", {}),
    )
    assert sorted(r[2] for r in rows[1:]) == sorted(ROSTER[:4])
