"""Concurrent writes (issue 12, point 4): a write without If-Match is never refused as stale; legal
writes racing for the same seq are serialised, none dropped; three seats sealing their Ninety-Nine
bids at the same moment from pages of the same age all succeed. SQLite and PostgreSQL."""

import threading

from sqlalchemy import select

from referee.extensions import db
from referee.store.models import EventRow
from tests.web.tables import new_table

THREADS, WRITES = 6, 8


def run_together(n: int, work) -> list:
    """Run ``work(i)`` in ``n`` threads released at the same moment; their results in order."""
    barrier = threading.Barrier(n)
    results: list = [None] * n

    def go(i: int) -> None:
        barrier.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=go, args=(i,)) for i in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=120)
    return results


def seqs(app, table_id: str) -> list[int]:
    with app.app_context():
        rows = db.session.scalars(
            select(EventRow.seq).where(EventRow.table_id == table_id).order_by(EventRow.seq)
        )
        return list(rows)


def test_api_writes_without_if_match_are_all_stored_in_some_order(app, client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}

    def writer(i: int) -> list[int]:
        c = app.test_client()
        return [
            c.post(
                f"/api/v1/tables/{made['id']}/events",
                json={"type": "round", "points": [i + 1, 1]},
                headers=auth,
            ).status_code
            for _ in range(WRITES)
        ]

    codes = run_together(THREADS, writer)
    assert all(code == 201 for per in codes for code in per), codes
    assert seqs(app, made["id"]) == list(range(1, THREADS * WRITES + 1))  # no gap, no duplicate
    state = client.get(f"/api/v1/tables/{made['id']}").get_json()
    assert state["totals"] == [WRITES * sum(range(1, THREADS + 1)), THREADS * WRITES]


def test_if_match_still_refuses_a_stale_write(client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    url = f"/api/v1/tables/{made['id']}/events"
    assert client.post(url, json={"type": "round", "points": [1, 0]}, headers=auth).status_code == 201
    stale = client.post(url, json={"type": "round", "points": [1, 0]}, headers={**auth, "If-Match": '"0"'})
    assert stale.status_code == 409


def ninety_nine(client) -> dict:
    made = new_table(client, "ninety-nine", ("Aki", "Ben", "Chie"))
    deal = client.post(
        f"/api/v1/tables/{made['id']}/events",
        json={"type": "deal", "dealer": 0},
        headers={"Authorization": f"Bearer {made['scorer_token']}"},
    )
    assert deal.status_code == 201
    return made


BIDS = (["KS", "QH", "7C"], ["AD", "9H", "8C"], ["JS", "10H", "6C"])


def test_three_seats_seal_from_their_phones_at_the_same_moment(app, client):
    """Each phone's page was drawn at seq 1; all three bids go in, each seat sees its own."""
    made = ninety_nine(client)
    phones = []
    for token in made["seat_tokens"]:
        phone = app.test_client()
        assert phone.get(f"/t/{made['id']}/join/{token}").status_code == 302
        phones.append(phone)

    def seal(seat: int) -> int:
        form = {
            "type": "bid",
            "seat": str(seat),
            "cards": BIDS[seat],
            "based_on": "1",
            "idem": f"seal-{seat}",
        }
        return (
            phones[seat]
            .post(f"/t/{made['id']}/events", data=form, headers={"HX-Request": "true"})
            .status_code
        )

    assert run_together(3, seal) == [200, 200, 200]
    assert seqs(app, made["id"]) == [1, 2, 3, 4]
    for seat, phone in enumerate(phones):
        page = phone.get(f"/t/{made['id']}").get_data(as_text=True)
        assert 'id="my-bid-sealed"' in page and "Sealed ✓" in page
        mine = page.split('id="my-bid-sealed"', 1)[1].split("</p>", 1)[0]
        assert all(f'aria-label="{c}"' in mine or c in mine for c in BIDS[seat])


def test_a_public_entry_from_an_out_of_date_page_is_still_refused(app, client):
    made = ninety_nine(client)
    scorer = app.test_client()
    scorer.get(f"/t/{made['id']}/join/{made['scorer_token']}")
    form = {"type": "premium", "seat": "1", "kind": "declare", "based_on": "0", "idem": "old-page"}
    resp = scorer.post(f"/t/{made['id']}/events", data=form, headers={"HX-Request": "true"})
    assert resp.status_code == 409 and "Someone else recorded" in resp.get_data(as_text=True)


def test_a_trick_de_bingo_pick_from_a_seat_phone_is_not_refused_as_out_of_date(app, client):
    """Ben's page was drawn before Aki picked; his own pick, his turn now, goes in."""
    made = client.post(
        "/api/v1/tables", json={"game": "trick-de-bingo", "players": ["Aki", "Ben", "Chie", "Dai"]}
    ).get_json()
    tid, phones = made["id"], []
    for token in made["seat_tokens"][:2]:
        phone = app.test_client()
        assert phone.get(f"/t/{tid}/join/{token}").status_code == 302
        phones.append(phone)
    auth = {"Authorization": f"Bearer {made['scorer_token']}"}
    assert (
        client.post(
            f"/api/v1/tables/{tid}/events", json={"type": "round", "dealer": 0}, headers=auth
        ).status_code
        == 201
    )
    first = {"type": "pick", "seat": "0", "card": "TB-07", "cell": "5", "based_on": "1"}
    assert phones[0].post(f"/t/{tid}/events", data=first).status_code == 302
    late = {"type": "pick", "seat": "1", "card": "TB-08", "cell": "5", "based_on": "1"}
    assert phones[1].post(f"/t/{tid}/events", data=late).status_code == 302
    sheets = client.get(f"/api/v1/tables/{tid}").get_json()["detail"]["sheets"]
    assert sheets[1][4]["card"] == "TB-08"
