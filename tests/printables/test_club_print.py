"""Paper for a club evening (printables/club.py): table cards with a QR code per seat, and the standings."""

from __future__ import annotations

import base64
import io
import random
from pathlib import Path

from pypdf import PdfReader

from printables.club import StandingRow, TableCard, build_standings_pdf, build_table_cards, standings_csv
from tests.printables.test_printables_tally_qr import scan


def text_of(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


CARDS = [
    TableCard(
        1, "Bingo", ("Aki", "Ben"), ("https://club.example/t/a/join/s0", "https://club.example/t/a/join/s1")
    ),
    TableCard(
        2, "Five Up", ("千恵", "Dai", "Eri"), tuple(f"https://club.example/t/b/join/s{i}" for i in range(3))
    ),
    TableCard(3, "Score pad", ("Fumi", "Gen"), ("https://club.example/t/c/join/s0", "")),
]


def test_a_card_per_table_two_to_a_page_with_number_game_and_players():
    pages = text_of(build_table_cards("Friday club", CARDS))
    assert len(pages) == 2
    assert all(s in pages[0] for s in ("Table 1", "Bingo", "Aki", "Ben", "Table 2", "Five Up", "千恵", "Eri"))
    assert "Table 3" in pages[1] and "Fumi" in pages[1] and "Friday club" in pages[1]
    assert pages[0].count("Scan to join seat") == 5


def test_each_seat_qr_code_scans_to_its_own_link(tmp_path: Path):
    pdf = build_table_cards("Friday club", CARDS[:2])
    assert sorted(scan(pdf, tmp_path)) == sorted([*CARDS[0].seat_links, *CARDS[1].seat_links])


def seat_links(count: int) -> list[str]:
    """Links as a session prints them: the host a phone reaches (LAN address and port, a name, an IPv6
    address), the table id (16 random bytes) and the seat token (32), base64url as the store makes them."""
    rng = random.Random(28)
    hosts = ("http://192.168.1.20:8000", "https://club.example.org", "http://[fe80::1c2:3ff:fe4d:5e6f]:8000")

    def urlsafe(n: int) -> str:
        return base64.urlsafe_b64encode(rng.randbytes(n)).rstrip(b"=").decode()

    return [f"{rng.choice(hosts)}/t/{urlsafe(16)}/join/{urlsafe(32)}" for _ in range(count)]


def test_every_seat_of_a_club_night_scans_back_to_its_own_link(tmp_path: Path):
    """The encoder chooses each code's mask itself (printables/qr.py): 16 tables of 4 seats, printed as
    the director prints them, every code read back by zbar to exactly its link."""
    links = seat_links(64)
    cards = [
        TableCard(n + 1, "Five Up", ("Aki", "Ben", "Chie", "Dai"), tuple(links[4 * n : 4 * n + 4]))
        for n in range(16)
    ]
    assert sorted(scan(build_table_cards("Friday club", cards), tmp_path)) == sorted(links)


def test_no_tables_is_still_a_page_that_says_so():
    assert "No tables yet." in text_of(build_table_cards("Empty", []))[0]


STANDINGS = {
    "Bingo": [StandingRow("Ben", 2, 1, 10), StandingRow("Aki", 2, 1, 8)],
    "Five Up": [StandingRow("千恵", 1, 1, 73), StandingRow("=SUM(A1)", 1, 0, 33)],
}


def test_standings_pdf_lists_every_game_and_row_in_order():
    (page,) = text_of(build_standings_pdf("Friday club", STANDINGS))
    assert (
        page.index("Bingo")
        < page.index("Ben")
        < page.index("Aki")
        < page.index("Five Up")
        < page.index("千恵")
    )
    assert "Standings" in page and "Points" in page


def test_a_long_standings_list_runs_onto_more_pages():
    many = {"Bingo": [StandingRow(f"P{i}", 1, 0, i) for i in range(80)]}
    pages = text_of(build_standings_pdf("Big night", many))
    assert len(pages) >= 2 and "P0" in pages[0] and "P79" in pages[-1]


def test_standings_csv_has_a_header_ranks_and_keeps_formulas_as_text():
    text = standings_csv(STANDINGS).decode("utf-8-sig")
    lines = text.splitlines()
    assert lines[0] == "Game,Rank,Player,Played,Wins,Points"
    assert lines[1:] == [
        "Bingo,1,Ben,2,1,10",
        "Bingo,2,Aki,2,1,8",
        "Five Up,1,千恵,1,1,73",
        "Five Up,2,'=SUM(A1),1,0,33",
    ]
