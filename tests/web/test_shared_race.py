"""Two phones record the same round at the same moment, 200 times: exactly one write wins each time,
the other is told the table moved on (409), and the log has no duplicates and no gaps."""

import threading

from sqlalchemy import select

from referee.extensions import db
from referee.store.models import EventRow

RACES = 200


def test_two_phones_race_the_same_write_200_times(app, client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    t = f"/t/{made['id']}"
    phones = [app.test_client(), app.test_client()]
    for phone in phones:
        assert phone.get(f"{t}/join/{made['scorer_token']}").status_code == 302

    barrier = threading.Barrier(2)
    outcomes: list[list[int]] = []
    for race in range(RACES):
        codes = [0, 0]

        def tap(i: int, race: int = race, codes: list[int] = codes) -> None:
            form = {
                "type": "round",
                "points": [str(i + 1), "0"],
                "based_on": str(race),
                "idem": f"{race}-{i}",
            }
            barrier.wait()
            codes[i] = phones[i].post(f"{t}/events", data=form).status_code

        threads = [threading.Thread(target=tap, args=(i,)) for i in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        outcomes.append(sorted(codes))

    assert all(o == [302, 409] for o in outcomes), [o for o in outcomes if o != [302, 409]][:5]
    with app.app_context():
        seqs = list(
            db.session.scalars(
                select(EventRow.seq).where(EventRow.table_id == made["id"]).order_by(EventRow.seq)
            )
        )
    assert seqs == list(range(1, RACES + 1))
    state = client.get(f"/api/v1/tables/{made['id']}").get_json()
    assert state["seq"] == RACES and len(state["events"]) == RACES
    assert sum(state["totals"]) == sum(e["points"][0] for e in state["events"])
