"""After a correction the answer says what it changed for the players: whose totals moved (before →
after, a negative total with the minus sign), or that none did, in both languages; computed by
replaying the table with the entry as it stood before (referee/web/tables/correction_effect.py)."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from five_up_hands import play
from tables import new_table, post
from test_correction_sheet import JA, answer_of

from referee.web.tables import table_page

RECORDS = Path(__file__).parents[1] / "records"


def corrected(client, game, players, events, target, event, options=None):
    table = new_table(client, game, players, options, scorer=True)
    for e in events:
        assert post(client, table, e).status_code == 201
    assert post(client, table, {"type": "correct", "target": target, "event": event}).status_code == 201
    return table["id"]


@pytest.mark.parametrize(
    ("game", "events", "target", "event", "en", "ja"),
    [
        (  # a lead worth 10 (+2) corrected to one worth 8: Aki loses the 2
            "five-up",
            [{"type": "hand", "leader": 0}, play(0, "6-4")],
            2,
            play(0, "6-2"),
            "Totals changed: Aki 2 → 0",
            "合計の変化： Akiさん 2 → 0",
        ),
        (  # a round's −1 corrected to −4: Ben's total goes below zero
            "score-pad",
            [{"type": "round", "points": [3, -1]}, {"type": "round", "points": [2, 2]}],
            1,
            {"type": "round", "points": [3, -4]},
            "Totals changed: Ben 1 → −2",
            "合計の変化： Benさん 1 → −2",
        ),
        (  # the same entry saved again: nothing moved, and the answer says so
            "score-pad",
            [{"type": "round", "points": [3, -1]}],
            1,
            {"type": "round", "points": [3, -1]},
            "No total changed.",
            "合計は変わりません。",
        ),
    ],
)
def test_the_answer_after_a_correction_says_whose_totals_moved(client, game, events, target, event, en, ja):
    table = corrected(client, game, ("Aki", "Ben"), events, target, event)
    assert en in answer_of(client.get(f"/t/{table}").get_data(as_text=True))
    assert ja in answer_of(client.get(f"/t/{table}", headers=JA).get_data(as_text=True))


def test_a_later_entry_whose_outcome_changed_is_said_again(client):
    """Bingo: Ben's reply in trick 2 corrected to 6-0, which turns the deal: the claim after
    it is said again as it now reads, with what it read before struck through."""
    record = json.loads((RECORDS / "bingo-four-deals-to-eight.json").read_text())
    fixed = {"type": "trick", "lead": "6-6", "reply": "6-0"}
    table = corrected(
        client, "bingo", tuple(record["players"]), record["events"][:6], 4, fixed, record["options"]
    )
    answer = answer_of(client.get(f"/t/{table}").get_data(as_text=True))
    assert "Now reads:" in answer and answer.count("Aki claims") == 2
    assert "Totals changed:" in answer


def test_undo_withdraws_the_latest_entry_and_take_back_undoes_the_correction(client):
    """docs/record-format.md: undo withdraws the latest standing event, so after a correction the undo
    strip says it takes the latest entry, not the correction, and the answer offers "Take back the
    correction", which corrects the entry once more to what it was (the history keeps all three)."""
    table = corrected(
        client,
        "score-pad",
        ("Aki", "Ben"),
        [{"type": "round", "points": [3, -1]}, {"type": "round", "points": [2, 2]}],
        1,
        {"type": "round", "points": [9, -1]},
    )
    page = client.get(f"/t/{table}").get_data(as_text=True)
    assert 'id="take-back"' in page and "Take back the correction" in page
    assert "Tap again to undo the latest entry, not the correction" in page
    resp = client.post(f"/t/{table}/take-back", headers={"HX-Request": "true"})
    assert resp.status_code == 200
    api = client.get(f"/api/v1/tables/{table}").get_json()
    assert api["totals"] == [5, 1] and [e["points"] for e in api["events"]] == [[3, -1], [2, 2]]
    assert "Totals changed: Aki 11 → 5" in answer_of(resp.get_data(as_text=True))
    client.post(f"/t/{table}/events", data={"type": "round", "points": ["1", "1"]})
    assert 'id="take-back"' not in client.get(f"/t/{table}").get_data(as_text=True)
    late = client.post(f"/t/{table}/take-back", headers={"HX-Request": "true"})
    assert late.status_code == 422 and "no correction to take back" in late.get_data(as_text=True)


def test_the_table_and_its_alarm_show_one_page_built_once(client, monkeypatch):
    """Issue 30: the page object is built once per request, before rendering: the answer after a
    take-back (the table and the alarm sent with it both say what changed) replays the table
    before the correction once, not once per template that shows it."""
    table = corrected(
        client, "score-pad", ("Aki", "Ben"), [{"type": "round", "points": [3, -1]}], 1, {"type": "round", "points": [9, -1]}
    )
    built = []
    build = table_page.table_page
    monkeypatch.setattr(table_page, "table_page", lambda *a, **k: built.append(k) or build(*a, **k))
    resp = client.post(f"/t/{table}/take-back", headers={"HX-Request": "true"})
    assert resp.status_code == 200 and len(built) == 1
    assert resp.get_data(as_text=True).count("Totals changed") == 3  # the answer box, its data-say, the alarm


def test_the_effect_narrates_only_the_events_from_the_corrected_one():
    """Issue 29: the table before the correction says the same as now up to the corrected entry, so
    its replay takes those sentences from the table as it stands and narrates only the rest."""
    from dataclasses import replace

    from referee.games import game
    from referee.store.replay import LogEntry, replay
    from referee.web.tables.correction_effect import correction_effect

    said = []
    pad = game("score-pad")

    def counted(ev, players, before=None, after=None):
        said.append(ev)
        return pad.narrate(ev, players, before=before, after=after)

    log = [LogEntry(seq, "event", {"type": "round", "points": [seq, 1]}) for seq in range(1, 6)]
    fix = LogEntry(6, "correct", {"target": 2, "event": {"type": "round", "points": [0, 9]}})
    rep = replay(replace(pad, narrate=counted), ("Aki", "Ben"), {}, [*log, fix], narrated=True)
    said.clear()
    effect = correction_effect(rep, 2)
    assert len(said) == 4  # the entry as it stood before, and the three after it
    assert effect is not None and effect.totals == (("Aki", 15, 13), ("Ben", 5, 13))


def test_a_correction_that_moves_no_total_says_which_later_entries_changed(client):
    """np13 finding 2: a correction that changed a later claim's count (and could change later tricks' winners)
    said "No total changed." over toggles all titled "Now reads:", and the spoken answer ran them together
    ("Now reads:Trick 3"). The answer says how many later entries changed, each toggle is labelled with the entry
    as it now reads, what it read before waits behind it, and the spoken text keeps the sentences apart."""
    record = json.loads((RECORDS / "bingo-four-deals-to-eight.json").read_text())
    fixed = {"type": "trick", "lead": "3-0", "reply": "1-0"}  # deal 2's first trick: Ben's 1-1 was 1-0
    table = corrected(client, "bingo", tuple(record["players"]), record["events"][:13], 8, fixed, record["options"])
    html = client.get(f"/t/{table}").get_data(as_text=True)
    assert "No total changed, but 1 later entry now reads differently:" in answer_of(html)
    summaries = [" ".join(re.sub(r"<[^>]+>", " ", s).split()) for s in re.findall(r"<summary>(.*?)</summary>", html)]
    now = "Now reads: Ben claims 70. Ben scores 2 game points. A correct claim: 72 points, 70 needed, and Aki has only"
    assert any(s.startswith(now + " 10 points") for s in summaries), summaries
    said = unescape(re.search(r'class="answer-status" data-say="([^"]*)"', html).group(1))
    assert "differently: Now reads: Ben claims 70." in said and "Before: Ben claims 70." in said and ":B" not in said
    ja = client.get(f"/t/{table}", headers=JA).get_data(as_text=True)
    assert "合計は変わりませんが、あとの記録1件の内容が変わりました：" in answer_of(ja)
    assert "変更前：" in answer_of(ja)
