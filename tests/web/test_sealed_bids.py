"""Sealed Ninety-Nine bids cannot be read by probing (issue 13): two tables that differ only in one
seat's sealed cards answer every other reader and writer alike, byte for byte once table ids and
tokens are normalised; only the bidder changes a sealed bid; the pending-correction panel and the
history never show its cards before the bids open."""

from __future__ import annotations

import re
import shutil
import subprocess
from datetime import UTC, datetime

import pytest

from referee.store.sharing import PendingCorrection
from referee.web.tables.table_page import Proposed
from tests.web.tables import new_table

PLAYERS = ["Aki", "Ben", "Chie"]
BIDS = {  # per seat: its bid at table X and at table Y
    1: (["KS", "QH", "7C"], ["AD", "9H", "8C"]),
    2: (["JS", "10H", "6C"], ["QS", "JD", "7H"]),
}
SECRET = sorted({c for pair in BIDS.values() for bid in pair for c in bid})


class Table:
    """One table with an HTML client per role (scorer, viewer, each seat) and its API tokens."""

    def __init__(self, app, client, options=None, confirm=False):
        self.made = new_table(client, "ninety-nine", PLAYERS, options, confirm_corrections=confirm)
        self.id = self.made["id"]
        self.api = client
        self.tokens = {"scorer": self.made["scorer_token"], "viewer": None}
        self.tokens.update({f"seat{i}": tok for i, tok in enumerate(self.made["seat_tokens"])})
        self.html = {}
        for role, token in self.tokens.items():
            c = app.test_client()
            if token:
                assert c.get(f"/t/{self.id}/join/{token}").status_code == 302
            self.html[role] = c

    def post(self, role, event, if_match=None):
        headers = {"Authorization": f"Bearer {self.tokens[role]}"} if self.tokens[role] else {}
        if if_match is not None:
            headers["If-Match"] = f'"{if_match}"'
        return self.api.post(f"/api/v1/tables/{self.id}/events", json=event, headers=headers)

    def get(self, role, path):
        headers = {"Authorization": f"Bearer {self.tokens[role]}"} if self.tokens[role] else {}
        return self.api.get(path.replace("{id}", self.id), headers=headers)

    def form(self, role, path, data):
        return self.html[role].post(path.replace("{id}", self.id), data=data, headers={"HX-Request": "true"})

    def page(self, role, path):
        return self.html[role].get(path.replace("{id}", self.id))

    def normal(self, resp) -> tuple[int, str]:
        """Status and body with what differs between any two tables (ids, tokens, keys) blanked."""
        body = resp.get_data()
        text = pdf_text(body) if resp.mimetype == "application/pdf" else body.decode()
        text = text.replace(self.id, "TABLE").replace(self.id[:8], "TABLE")
        for token in self.tokens.values():
            if token:
                text = text.replace(token, "TOKEN")
        text = re.sub(r'name="(idem|csrf_token)" value="[^"]*"', r'name="\1"', text)
        text = re.sub(r'"X-CSRFToken": "[^"]*"', '"X-CSRFToken": ""', text)
        text = re.sub(r"\b\d\d:\d\d\b", "HH:MM", text)
        return resp.status_code, text


def pdf_text(data: bytes) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    out = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True)
    return out.stdout.decode()


def shown(t: Table, resp) -> str:
    """A page without its table id and hidden values (tokens may spell a card code by chance)."""
    return re.sub(r'value="[^"]*"', "", t.normal(resp)[1])


SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def has_card(html: str, card: str) -> bool:
    """The card as a code (KS) or in words with its suit sign (K♠), however the history words it."""
    sign = re.escape(card[:-1] + SUIT_SIGNS[card[-1]])
    return re.search(rf"(?<![\w-])({card}|{sign})(?![\w-])", html) is not None


def bid(seat, cards):
    return {"type": "bid", "seat": seat, "cards": list(cards)}


def trick_form(cards):
    return {"type": "trick", **{f"cards.{i}": c for i, c in enumerate(cards)}}


def bid_form(seat, cards):
    return {"type": "bid", "seat": str(seat), "cards": list(cards)}


def sealed_pair(app, client, differ: int):
    """Tables X and Y: dealt by Aki, Ben and Chie sealed; only seat ``differ``'s cards differ."""
    tables = []
    for which in (0, 1):
        t = Table(app, client)
        assert t.post("scorer", {"type": "deal", "dealer": 0}).status_code == 201
        for seat in (1, 2):
            cards = BIDS[seat][which if seat == differ else 0]
            assert t.post(f"seat{seat}", bid(seat, cards)).status_code == 201
        tables.append(t)
    return tables


def same(x: Table, y: Table, ask) -> tuple[int, str]:
    """Ask both tables the same thing; the answers must not differ."""
    a, b = x.normal(ask(x)), y.normal(ask(y))
    assert a == b, (
        a[0],
        b[0],
        [la for la, lb in zip(a[1].splitlines(), b[1].splitlines(), strict=False) if la != lb][:3],
    )
    return a


def reads(x: Table, y: Table, readers) -> None:
    """Every page, fragment, poll, state, record, correction page and PDF, for every reader."""
    paths = [
        "/api/v1/tables/{id}",
        "/api/v1/tables/{id}/record",
    ]
    pages = ["/t/{id}", "/t/{id}/live?since=0", "/t/{id}/screen", "/t/{id}/live?since=0&view=screen",
             "/t/{id}/record.json", "/t/{id}/correct/1", "/t/{id}/correct/2", "/t/{id}/correct/3",
             "/t/{id}/print/score-sheet.pdf"]  # fmt: skip
    for role in readers:
        for path in paths:
            same(x, y, lambda t, path=path, role=role: t.get(role, path))
        for path in pages:
            status, _ = same(x, y, lambda t, path=path, role=role: t.page(role, path))
            assert status == 200 or "correct" in path, (role, path, status)


@pytest.mark.parametrize("differ", [1, 2])
def test_no_probe_tells_a_sealed_bid_apart(app, client, differ):
    x, y = sealed_pair(app, client, differ)
    others = [r for r in ("scorer", "viewer", "seat0", "seat1", "seat2") if r != f"seat{differ}"]
    reads(x, y, others)
    opponent = 3 - differ  # the other seat that has bid
    for card in [*SECRET, "2C"]:
        probe = [card, "6S", "2C"] if card != "2C" else ["2C", "6S", "7S"]
        status, _ = same(x, y, lambda t, probe=probe: t.post("scorer", {"type": "trick", "cards": probe}))
        assert status == 422  # 2C is outside the 36-card pack: refused whatever the bids hold
        same(x, y, lambda t, probe=probe: t.form("scorer", "/t/{id}/events", trick_form(probe)))
        bid_probe = [card, "2C", "6S"] if card != "2C" else ["2C", "6S", "7S"]
        for role in ("seat0", "scorer"):  # a seat that has not bid, and the scorer for it
            status, _ = same(x, y, lambda t, b=bid_probe, role=role: t.post(role, bid(0, b)))
            assert status == 422
            same(x, y, lambda t, b=bid_probe, role=role: t.form(role, "/t/{id}/events", bid_form(0, b)))
        status, _ = same(x, y, lambda t, b=bid_probe: t.post(f"seat{opponent}", bid(opponent, b)))
        assert status == 422  # its bid is in already
        assert (
            same(x, y, lambda t, p=probe: t.post(f"seat{opponent}", {"type": "trick", "cards": p}))[0] == 403
        )
    # Cards of the sealed bid, used for real: accepted at both tables alike, told when the bids open.
    one, other = BIDS[differ][0], BIDS[differ][1]
    assert (
        same(x, y, lambda t: t.post("scorer", {"type": "trick", "cards": [one[0], other[0], "6S"]}))[0] == 201
    )
    assert same(x, y, lambda t: t.post("seat0", bid(0, [one[1], other[1], "6D"])))[0] == 201
    for role in ("scorer", *others):  # nobody but the bidder changes or undoes a sealed bid
        seq = 2 if differ == 1 else 3
        event = {"type": "correct", "target": seq, "event": bid(differ, ["8S", "9S", "10S"])}
        assert same(x, y, lambda t, role=role, e=event: t.post(role, e))[0] in (401, 403)
        form = {**bid_form(differ, ["8S", "9S", "10S"])}
        assert (
            same(x, y, lambda t, role=role, f=form, s=seq: t.form(role, f"/t/{{id}}/correct/{s}", f))[0]
            == 403
        )
    assert (
        same(x, y, lambda t: t.post("scorer", {"type": "undo"}))[0] == 403
    )  # the last entry is Aki's sealed bid
    assert (
        same(
            x,
            y,
            lambda t: t.post(
                "scorer", {"type": "correct", "target": 1, "event": {"type": "deal", "dealer": 1}}
            ),
        )[0]
        == 403
    )
    reads(x, y, others)


def test_the_pending_correction_panel_never_shows_a_sealed_bid(app, client):
    """A correction proposed while the bids were open, left pending when an undo sealed them again."""
    t = Table(app, client, confirm=True)
    for role, ev in (("scorer", {"type": "deal", "dealer": 0}), ("seat1", bid(1, BIDS[1][0])),
                     ("scorer", {"type": "tricks", "counts": [3, 3, 3]}), ("seat2", bid(2, BIDS[2][0])),
                     ("seat0", bid(0, ["6D", "7D", "8D"]))):  # fmt: skip
        assert t.post(role, ev).status_code == 201, ev
    # The deal is complete and every bid open: the scorer proposes to correct Ben's bid.
    proposed = t.post("scorer", {"type": "correct", "target": 2, "event": bid(1, ["AS", "QH", "7C"])})
    assert proposed.status_code == 202
    assert t.post("scorer", {"type": "undo"}).status_code == 201  # Aki's bid: the deal is open again
    for role in ("scorer", "viewer", "seat0", "seat2"):
        page = shown(t, t.page(role, "/t/{id}"))
        panel = page.split('class="pending"', 1)[1].split("</section>", 1)[0]
        for card in ("KS", "AS", "QH", "7C"):
            history = page.split('class="events"', 1)[1].split("</ol>", 1)[0]
            assert not has_card(panel, card) and not has_card(history, card), (role, card)
    panel = shown(t, t.page("seat1", "/t/{id}")).split('class="pending"', 1)[1]
    assert has_card(panel, "KS") and has_card(panel, "AS")  # Ben sees his own bid and what is proposed for it
    refused = t.form("seat0", "/t/{id}/corrections/1/confirm", {})
    assert refused.status_code == 422 and "sealed" in refused.get_data(as_text=True)
    assert t.get("viewer", "/api/v1/tables/{id}").get_json()["detail"]["bids"] == [None, None, None]


@pytest.mark.parametrize("confirm", [False, True])
def test_only_the_bidder_changes_a_sealed_bid_and_the_history_shows_the_change(app, client, confirm):
    t = Table(app, client, confirm=confirm)
    t.post("scorer", {"type": "deal", "dealer": 0})
    assert t.post("seat1", bid(1, BIDS[1][0])).status_code == 201
    change = {"type": "correct", "target": 2, "event": bid(1, ["AS", "QH", "7C"])}
    assert t.post("viewer", change).status_code == 401
    for role in ("scorer", "seat0", "seat2"):
        assert t.post(role, change).status_code == 403, role
        assert t.form(role, "/t/{id}/correct/2", bid_form(1, ["AS", "QH", "7C"])).status_code == 403, role
    assert t.post("seat1", {**change, "event": bid(2, ["AS", "QH", "7C"])}).status_code == 403
    assert t.post("seat1", change).status_code == 201  # the bidder: at once, no confirmation
    ben = t.get("seat1", "/api/v1/tables/{id}").get_json()
    assert ben["detail"]["bids"][1]["cards"] == ["AS", "QH", "7C"]
    for role in ("scorer", "viewer", "seat0", "seat2"):
        history = shown(t, t.page(role, "/t/{id}")).split('class="events"', 1)[1].split("</ol>", 1)[0]
        assert "corrected in entry 3 by Ben" in history, role  # the change is log line 3
        assert not any(has_card(history, c) for c in ("KS", "AS", "QH", "7C")), role
        events = t.get(role, "/api/v1/tables/{id}").get_json()["events"]
        assert events[1] == {"seq": 2, "type": "bid", "seat": 1, "sealed": True}
    # Ben changes it again from his phone's form: the page he sealed on is out of date by now.
    t.post("scorer", {"type": "premium", "seat": 2, "kind": "declare"})
    resp = t.form("seat1", "/t/{id}/correct/2", {**bid_form(1, ["AS", "KH", "7C"]), "based_on": "1"})
    assert resp.status_code in (200, 302)
    assert t.get("seat1", "/api/v1/tables/{id}").get_json()["detail"]["bids"][1]["cards"] == [
        "AS",
        "KH",
        "7C",
    ]


def test_the_scorers_undo_of_a_sealed_bid_is_refused_with_the_reason_on_the_page(app, client):
    t = Table(app, client)
    t.post("scorer", {"type": "deal", "dealer": 0})
    t.post("seat1", bid(1, BIDS[1][0]))
    resp = t.form("scorer", "/t/{id}/undo", {})
    assert resp.status_code == 422  # swapped in by htmx, so the scorer reads why
    assert "only that player can change it" in resp.get_data(as_text=True)
    assert t.get("scorer", "/api/v1/tables/{id}").get_json()["seq"] == 2


def test_the_sealed_panel_speaks_japanese(app, client):
    t = Table(app, client)
    t.post("scorer", {"type": "deal", "dealer": 0})
    t.post("seat1", bid(1, BIDS[1][0]))
    t.html["seat1"].set_cookie("lang", "ja")
    page = t.page("seat1", "/t/{id}").get_data(as_text=True)
    assert "伏せました ✓" in page and "ビッドを変更する" in page and "新しいビッドを伏せる" in page
    t.html["scorer"].set_cookie("lang", "ja")
    undo = t.form("scorer", "/t/{id}/undo", {})
    assert undo.status_code == 422 and "変更できるのはそのプレイヤーだけです" in undo.get_data(as_text=True)


def test_a_proposal_is_said_to_each_reader_as_they_may_read_the_entry_it_corrects():
    """The history's corrections, waiting and rejected alike, are worked out for the reader before rendering
    (``Proposed.of``): to a reader the corrected entry is sealed to, the proposal is said as that entry is
    (its type and seat), never with its cards; to anyone else as proposed, with the entry it replaces."""
    row = PendingCorrection(id=1, target=2, event=bid(1, ["AS", "QH", "7C"]), proposed_by="scorer",
                            proposed_at=datetime(2026, 11, 29, tzinfo=UTC), decided_by="seat0")  # fmt: skip
    sealed = {"type": "bid", "seat": 1, "sealed": True}
    assert (Proposed.of(row, sealed).event, Proposed.of(row, sealed).was) == (sealed, sealed)
    now = bid(1, ["KS", "QH", "7C"])
    assert (Proposed.of(row, now).event, Proposed.of(row, now).was) == (row.event, now)
    assert (Proposed.of(row, None).event, Proposed.of(row, None).was) == (row.event, None)  # not among the entries seen
