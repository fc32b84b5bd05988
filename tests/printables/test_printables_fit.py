"""Every printable, blank for every table size, in English and Japanese: no text is cut and no
header is wider than its column, measured with the embedded font's metrics.

Japanese words are often wider than the English ones, so a sheet laid out in English can cut its
Japanese headers. The builders set text in two ways, both watched here: headers through the score
sheet's layout (wrapped, never cut), everything else through ``fit_text`` (which cuts with "…" as
a last resort, which a blank sheet must never need).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import printables.drawing as drawing
from printables.drawing import HEADER_MIN_PT, fit_header
from printables.fonts import text_width
from printables.registry import _registry
from printables.score_sheet import _Layout
from referee.games import GAMES
from tests.conftest import close_app, make_app

CASES = [
    (p.game, p.kind, n, lang)
    for p in _registry()
    for n in range(GAMES[p.game].min_players, GAMES[p.game].max_players + 1)
    for lang in ("ja", "en")
]


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('fit') / 'fit.sqlite3'}"
    app = make_app(url)
    yield app.test_client()
    close_app(app, url)


@pytest.mark.parametrize(("game", "kind", "players", "lang"), CASES)
def test_no_text_is_cut_and_every_header_fits_its_column(client, monkeypatch, game, kind, players, lang):
    cut: list[tuple[str, str]] = []
    layouts: list[_Layout] = []
    fit_text, layout_of = drawing.fit_text, _Layout.of.__func__

    def watched_fit(text, width_pt, size, min_size=drawing.MIN_PT):
        out, at = fit_text(text, width_pt, size, min_size)
        if out != text:
            cut.append((text, out))
        return out, at

    def watched_layout(cls, sheet, spec):
        layouts.append(layout_of(cls, sheet, spec))
        return layouts[-1]

    monkeypatch.setattr(drawing, "fit_text", watched_fit)
    monkeypatch.setattr(_Layout, "of", classmethod(watched_layout))
    resp = client.get(f"/print/{game}/{kind}.pdf?players={players}", headers={"Accept-Language": lang})
    assert resp.status_code == 200 and resp.mimetype == "application/pdf"
    assert cut == []
    for lay in layouts:
        for cell in lay.headers:
            assert "".join(cell.fit.lines).replace(" ", "") == cell.text.replace(" ", ""), cell
            assert cell.fit.size >= HEADER_MIN_PT
            for line in cell.fit.lines:
                assert text_width(line, cell.fit.size) <= cell.inner_pt, (cell.text, line)
            assert len(cell.fit.lines) * cell.fit.size * drawing.LEADING <= drawing.pt(cell.h), cell


def test_every_game_offers_a_printable_checked_here():
    assert {game for game, *_ in CASES} == set(GAMES)


@given(
    text=st.text(alphabet="アイウエオーッャ漢字点数合計 abcdefghWM.,()", min_size=1, max_size=24).filter(
        str.strip
    ),
    width=st.floats(min_value=12.0, max_value=200.0),
)
def test_a_header_is_never_cut_whatever_its_width(text, width):
    fit = fit_header(text, width)
    assert "".join(fit.lines).replace(" ", "") == text.replace(" ", "")
    assert all(text_width(line, fit.size) <= width for line in fit.lines)
    assert HEADER_MIN_PT <= fit.size <= drawing.HEADER_PT
