"""The race chart (issue 32) as a reader gets it: ``/t/<id>/race.svg`` for any link of the table, and the
race tab of the table page and the big screen with the numbers as a table beside the picture.

The tests read the SVG: the lines' points, turned back into totals by the chart's own grid labels,
are the golden records' running totals; the summary sentence in both languages; no style (the CSP)."""

from __future__ import annotations

import base64
import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pypdf import PdfReader

from printables.race import plot, svg
from referee.rules.race import Race
from tests.conftest import close_app, make_app
from tests.rules.test_race import GOLDEN

RECORDS = Path(__file__).resolve().parents[1] / "records"
NS = {"s": "http://www.w3.org/2000/svg"}
SUMMARIES = {
    "bingo-four-deals-to-eight": ("Aki won by 5 after deal 4.", "第4ディール終了時点でAkiさんが5点差で勝ちました。"),
    "five-up-partners-to-61": ("Aki & Chie won by 40 after hand 8.", "第8ハンド終了時点でAki & Chieさんが40点差で勝ちました。"),
    "ninety-nine-three-player-game-to-100": ("Aki leads by 31 after deal 5.", "第5ディール終了時点でAkiさんが31点リードしています。"),
    "trick-de-bingo-one-round": ("Aki won by 1 after round 1.", "第1ラウンド終了時点でAkiさんが1点差で勝ちました。"),
    "bead-game-two-hands": ("Aki won by 234 after hand 2.", "第2ハンド終了時点でAkiさんが234点差で勝ちました。"),
}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('race') / 'race.sqlite3'}"
    app = make_app(url, WTF_CSRF_ENABLED=False)
    yield app
    close_app(app, url)


@pytest.fixture(scope="module")
def tables(app) -> dict[str, str]:
    """Each golden record imported once: record name -> the table's page."""
    out = {}
    for name in GOLDEN:
        resp = app.test_client().post("/import", data={"text": (RECORDS / f"{name}.json").read_text()})
        assert resp.status_code == 302
        out[name] = resp.headers["Location"]
    return out


def phone(app, lang: str = "en"):
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client


def read_lines(text: str) -> tuple[list[list[float]], float | None]:
    """Each line's values and the target's, turned back from coordinates by the y axis's own labels."""
    root = ET.fromstring(text)
    ticks = [(float(t.get("y")) - 4, float(t.text)) for t in root.findall("s:g[@text-anchor='end']/s:text", NS)]
    (y0, v0), (y1, v1) = ticks[0], ticks[-1]
    value = lambda y: v0 + (y - y0) * (v1 - v0) / (y1 - y0)  # noqa: E731
    lines = [[value(float(p.split(",")[1])) for p in pl.get("points").split()] for pl in root.iter(f"{{{NS['s']}}}polyline")]
    target = next((value(float(p.get("d").split()[1].split("H")[0])) for p in root.findall("s:path[@stroke-dasharray='1 2']", NS)), None)
    return lines, target


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_the_chart_draws_the_running_totals_of_a_golden_record(app, tables, name):
    _, _, running, target = GOLDEN[name]
    resp = phone(app).get(f"{tables[name]}/race.svg")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    text = resp.get_data(as_text=True)
    lines, drawn_target = read_lines(text)
    # one pixel of the plot is at most this many points (the y axis spans the ticks over its height)
    root = ET.fromstring(text)
    ys = [float(t.get("y")) for t in root.findall("s:g[@text-anchor='end']/s:text", NS)]
    labels = [float(t.text) for t in root.findall("s:g[@text-anchor='end']/s:text", NS)]
    per_pixel = (max(labels) - min(labels)) / (max(ys) - min(ys))
    for s, line in enumerate(lines):
        start = 1 if name.startswith("trick-de-bingo") else 0  # T3: everyone starts with a chip
        expected = [start, *(row[s] for row in running)]
        assert len(line) == len(expected)
        assert all(abs(a - b) <= per_pixel / 2 + 1e-9 for a, b in zip(line, expected, strict=True)), (line, expected)
    assert (drawn_target is None) == (target is None)
    if target is not None:
        assert abs(drawn_target - target) <= per_pixel / 2 + 1e-9


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_the_chart_is_an_image_with_a_title_and_its_summary_in_both_languages(app, tables, name):
    for lang, sentence in zip(("en", "ja"), SUMMARIES[name], strict=True):
        root = ET.fromstring(phone(app, lang).get(f"{tables[name]}/race.svg").get_data(as_text=True))
        assert root.get("role") == "img"
        assert root.find("s:title", NS).text.startswith("The race" if lang == "en" else "得点の推移")
        assert root.find("s:desc", NS).text == sentence


def test_lines_differ_by_colour_dash_and_marker_and_nothing_needs_a_style(app, tables):
    text = phone(app).get(f"{tables['trick-de-bingo-one-round']}/race.svg").get_data(as_text=True)
    root = ET.fromstring(text)
    lines = list(root.iter(f"{{{NS['s']}}}polyline"))
    assert len(lines) == 4
    for attribute in ("stroke", "stroke-dasharray", "marker-end"):
        values = [line.get(attribute, "") for line in lines]
        assert len(set(values)) == 4, attribute
    # the Content-Security-Policy allows no inline style: no style attribute, no <style>, no script
    assert not re.search(r"\sstyle=|<style|<script|\son\w+=", text)


def test_the_table_page_and_the_big_screen_show_the_chart_with_its_numbers(app, tables):
    url = tables["bingo-four-deals-to-eight"]
    for path in (url, f"{url}/screen"):
        for lang, sentence in zip(("en", "ja"), SUMMARIES["bingo-four-deals-to-eight"], strict=True):
            page = phone(app, lang).get(path).get_data(as_text=True)
            figure = re.search(r'(?s)<figure class="race" id="race">(.*?)</figure>', page).group(1)
            assert f'src="{url}/race.svg?v=' in figure
            assert sentence in figure
            rows = re.findall(r"(?s)<tr><th scope=\"row\">(\d+)</th>(.*?)</tr>", figure)
            totals = [tuple(int(t) for t in re.findall(r"<td>(-?\d+) ", cells)) for _, cells in rows]
            assert totals == [(3, 0), (3, 3), (5, 3), (8, 3)]


def test_every_link_of_the_table_gets_the_chart_and_an_unknown_table_none(app):
    scorer = phone(app)
    resp = scorer.post("/import", data={"text": (RECORDS / "ninety-nine-three-player-game-to-100.json").read_text()})
    url = resp.headers["Location"]
    page = scorer.get(url).get_data(as_text=True)
    seat_link = re.findall(r'class="join-link" href="http://localhost(/t/[^"]+/join/[^"]+)"', page)[1]
    seat = phone(app)
    assert seat.get(seat_link).status_code == 302
    charts = {who.get(f"{url}/race.svg").get_data() for who in (scorer, seat, phone(app))}
    assert len(charts) == 1  # the same public race for the scorer, a seat and a viewer
    assert phone(app).get("/t/no-such-table/race.svg").status_code == 404


def test_the_chart_is_in_the_openapi_document(app):
    doc = phone(app).get("/api/openapi.json").get_json()
    assert "image/svg+xml" in doc["paths"]["/t/{table_id}/race.svg"]["get"]["responses"]["200"]["content"]


@pytest.mark.parametrize("steps", [1, 3, 5, 8, 12, 40, 41, 500, 5000])
@pytest.mark.parametrize("sides", [2, 4, 8])
def test_a_chart_stays_within_6_kb_however_long_the_table(steps, sides):
    """The worst words: 40-character Japanese names (3 bytes a character), a long title and summary."""
    rows = tuple(tuple((i * 37 + s * 11) % 151 - 50 for s in range(sides)) for i in range(steps))
    race = Race("round", tuple((s,) for s in range(sides)), rows, (0,) * sides, 500)
    names = tuple("名" * 40 for _ in range(sides))
    text = svg(plot(race, names), "得点の推移：ラウンドごとの累計", "第5000ラウンド終了時点で" + "名" * 40 + "が12345点リードしています。", ("目標", "カウント"))
    assert len(text.encode()) <= 6 * 1024
    ET.fromstring(text)  # and it is well-formed


def last_page_text(data: bytes) -> str:
    reader = PdfReader(io.BytesIO(data))
    return reader.pages[-1].extract_text()


@pytest.mark.parametrize(
    ("name", "kind", "rows"),
    [
        ("bingo-four-deals-to-eight", "score-sheet", ["4 8 (+3) 3 (+0)"]),
        ("five-up-partners-to-61", "score-sheet", ["8 73 (+13) 33 (+1)"]),  # the tally sheet, then the race
        ("ninety-nine-three-player-game-to-100", "report", ["5 276 (+184) 44 (+0) 245 (+185)"]),
    ],
)
def test_the_score_sheet_and_the_dispute_report_end_with_the_race(app, tables, name, kind, rows):
    path = f"{tables[name]}/print/{kind}.pdf"
    for lang, sentence in zip(("en", "ja"), SUMMARIES[name], strict=True):
        text = last_page_text(phone(app, lang).get(path).get_data())
        flat = " ".join(text.split())
        assert sentence.replace(" ", "") in flat.replace(" ", "")
        for row in rows:
            assert row in flat, flat


def test_five_up_shows_the_count_after_each_play_with_the_scoring_plays_marked(app):
    """Mid-game (40 events): one bar per play of the hand in play, the scoring ones dark."""
    record = json.loads((RECORDS / "five-up-partners-to-61.json").read_text())
    record["events"] = record["events"][:40]
    url = app.test_client().post("/import", data={"text": json.dumps(record)}).headers["Location"]
    plays = app.test_client().get(f"/api/v1/tables/{url.rsplit('/', 1)[1]}").get_json()["detail"]["hand"]["plays"]
    assert plays and any(p["points"] for p in plays) and not all(p["points"] for p in plays)
    root = ET.fromstring(phone(app).get(f"{url}/race.svg").get_data(as_text=True))
    bars = {p.get("fill"): p.get("d").count("M") for p in root.findall("s:path[@fill='#222']", NS) + root.findall("s:path[@fill='#bbb']", NS)}
    assert bars == {"#222": sum(1 for p in plays if p["points"]), "#bbb": sum(1 for p in plays if not p["points"])}


def test_the_bars_and_the_count_ticks_are_explained_in_words_in_both_languages(app):
    """Issue 27: a new player saw an unlabelled bar chart and a "Count" strip under the lines and could not
    tell what they meant. The figure says it in words: the bars always, the count ticks for Five Up."""
    record = json.loads((RECORDS / "five-up-partners-to-61.json").read_text())
    record["events"] = record["events"][:40]
    five_up = app.test_client().post("/import", data={"text": json.dumps(record)}).headers["Location"]
    bingo = app.test_client().post(
        "/import", data={"text": (RECORDS / "bingo-four-deals-to-eight.json").read_text()}
    ).headers["Location"]
    expected = {
        ("en", five_up): [
            "The bars under the lines: the points of each hand, in the colour of each line; a bar hanging down is a loss.",
            "Count: one tick per play of the hand, as tall as the count after it; a dark tick is a play that scored.",
        ],
        ("en", bingo): [
            "The bars under the lines: the points of each deal, in the colour of each line; a bar hanging down is a loss.",
        ],
        ("ja", five_up): [
            "線の下の棒：各ハンドの得点です。色は線と同じで、下向きの棒は失点です。",
            "カウント：ハンドのプレイごとに1本の目盛りで、高さはそのプレイ後のカウントです。濃い目盛りは得点したプレイです。",
        ],
    }
    for (lang, url), lines in expected.items():
        page = phone(app, lang).get(url).get_data(as_text=True)
        figure = re.search(r'(?s)<figure class="race" id="race">(.*?)</figure>', page).group(1)
        assert re.findall(r'<p class="race-legend muted">(.*?)</p>', figure) == lines


@pytest.mark.parametrize("name", ["bingo-four-deals-to-eight", "ninety-nine-three-player-game-to-100"])
def test_the_moment_page_draws_the_race_as_it_stood_after_entry_k(app, tables, name):
    """At every moment K: each line is the start, the golden running totals of the steps finished by K,
    and last the table's totals at K (what the API answers at K); the page shows that chart and its
    numbers, and the summary sentence of that moment."""
    _, _, running, _ = GOLDEN[name]
    url = tables[name]
    api = f"/api/v1/tables/{url.rsplit('/', 1)[1]}"
    last = phone(app).get(api).get_json()["seq"]
    lengths = []
    for k in range(last + 1):
        resp = phone(app).get(f"{url}/race.svg?at={k}")
        assert resp.status_code == 200
        text = resp.get_data(as_text=True)
        lines, _ = read_lines(text)
        root = ET.fromstring(text)
        ys = [float(t.get("y")) for t in root.findall("s:g[@text-anchor='end']/s:text", NS)]
        labels = [float(t.text) for t in root.findall("s:g[@text-anchor='end']/s:text", NS)]
        half = (max(labels) - min(labels)) / (max(ys) - min(ys)) / 2 + 1e-9
        totals = phone(app).get(f"{api}?at={k}").get_json()["totals"]
        for s, line in enumerate(lines):
            done = [row[s] for row in running[: max(0, len(line) - 2)]]
            assert abs(line[0]) <= half and all(abs(a - b) <= half for a, b in zip(line[1:-1], done, strict=True))
            assert abs(line[-1] - totals[s]) <= half, (k, line, totals)
        lengths.append(len(lines[0]) if lines else 1)
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1] == len(running) + 1
    middle = next(k for k, n in enumerate(lengths) if n == 3)  # the first moment of the second step
    for lang in ("en", "ja"):
        page = phone(app, lang).get(f"{url}?at={middle}").get_data(as_text=True)
        figure = re.search(r'(?s)<figure class="race" id="race">(.*?)</figure>', page).group(1)
        drawn = base64.b64decode(re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', figure).group(1)).decode()
        chart = phone(app, lang).get(f"{url}/race.svg?at={middle}").get_data(as_text=True)
        assert drawn == chart  # the picture drawn into the page is race.svg's at that moment
        desc = ET.fromstring(chart).find("s:desc", NS).text
        assert desc in figure and desc != SUMMARIES[name][lang == "ja"]
        rows = re.findall(r"(?s)<tr><th scope=\"row\">(\d+)</th>(.*?)</tr>", figure)
        assert [n for n, _ in rows] == ["1", "2"]
        first = tuple(int(t) for t in re.findall(r"<td>(-?\d+) ", rows[0][1]))
        assert first == running[0]


def test_a_moment_that_does_not_exist_has_no_race(app, tables):
    url = tables["bingo-four-deals-to-eight"]
    for at in ("-1", "x", "0.5", "100000", "9" * 40):
        for lang, start in (("en", "A moment is" if at in ("x", "0.5", "9" * 40) else "There is no moment"), ("ja", "")):
            resp = phone(app, lang).get(f"{url}/race.svg?at={at}")
            assert resp.status_code == 422 and resp.mimetype == "text/plain"
            assert resp.get_data(as_text=True).startswith(start) and (lang == "en" or not resp.get_data(as_text=True).isascii())


def test_the_chart_at_a_moment_is_in_the_openapi_document(app):
    doc = phone(app).get("/api/openapi.json").get_json()
    chart = doc["paths"]["/t/{table_id}/race.svg"]["get"]
    assert "?at=K" in chart["description"]
    [at] = [p for p in chart["parameters"] if p["name"] == "at"]
    assert at["in"] == "query" and not at["required"] and at["schema"] == {"type": "integer", "minimum": 0, "maximum": 10**18 - 1}
    assert "beyond the last line" in at["description"]
    assert chart["responses"]["422"]["content"] == {"text/plain": {"schema": {"type": "string"}}}
