"""PDFs from the web: blank per game, filled from a table, read back."""

import io

from pypdf import PdfReader


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_a_blank_score_pad_sheet_for_three_players(client):
    resp = client.get("/print/score-pad/score-sheet.pdf?players=3")
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    text = text_of(resp.data)
    assert "Player 1" in text and "Player 3" in text and "Player 4" not in text


def test_a_sheet_filled_from_a_table_in_japanese(client):
    table = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    client.post(
        f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": [7, 3]}, headers=auth
    )
    client.post(
        f"/api/v1/tables/{table['id']}/events", json={"type": "round", "points": [5, 9]}, headers=auth
    )
    resp = client.get(f"/t/{table['id']}/print/score-sheet.pdf", headers={"Accept-Language": "ja"})
    text = text_of(resp.data)
    assert "スコアパッド" in text and "Aki" in text and "12" in text


def test_unknown_printables_are_404(client):
    assert client.get("/print/score-pad/nothing.pdf").status_code == 404
    assert client.get("/print/chess/score-sheet.pdf").status_code == 404
    assert client.get("/t/nope/print/score-sheet.pdf").status_code == 404


def test_the_print_index_lists_the_score_pad_sheet(client):
    assert "/print/score-pad/score-sheet.pdf" in client.get("/print").get_data(as_text=True)
