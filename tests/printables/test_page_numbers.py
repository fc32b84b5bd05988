"""Every printed page of a filled score sheet says which page it is of how many, the race chart's page
included (np13 #7: the score pad's and Bingo's sheets said "1/1" on page 1 of 2, the chart's page
nothing), read back as a player reads the paper (pdftotext), for a ruled sheet and a tally sheet."""

from __future__ import annotations

import subprocess

import pytest


def pages(data: bytes) -> list[str]:
    """Each page's words, as pdftotext reads them (a form feed ends each page)."""
    out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout
    return [page.split() for page in out.decode().split("\f") if page.strip()]


@pytest.mark.parametrize(
    ("game", "entries"),
    [
        ("score-pad", [{"type": "round", "points": [4, 7]}]),
        ("five-up", [{"type": "hand", "leader": 0}, {"type": "play", "seat": 0, "tile": "5-5"}]),
    ],
    ids=["ruled sheet", "tally sheet"],
)
def test_every_page_of_a_filled_sheet_is_numbered_of_all_its_pages(client, game, entries):
    table = client.post("/api/v1/tables", json={"game": game, "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {table['scorer_token']}"}
    for entry in entries:
        assert client.post(f"/api/v1/tables/{table['id']}/events", json=entry, headers=auth).status_code == 201
    read = pages(client.get(f"/t/{table['id']}/print/score-sheet.pdf").data)
    assert len(read) == 2  # the sheet, then the race
    assert [page[-1] for page in read] == ["1/2", "2/2"], read
