"""Page weight (benchmark 2), run on demand: `.venv/bin/python benchmarks/page_weight.py`.

For each game: a table half-way through its golden record (tests/records/) or fresh, then the bytes the scorer's
phone downloads on first load of its table page (HTML plus every stylesheet and script it links) and
for one htmx swap (the ``#table`` fragment sent after an entry), gzip-compressed at level 6 as a
reverse proxy would send them. The baseline is the home page's first load in the same run.
Uses the app in-process (same bytes as gunicorn sends). Figures only.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from referee.games import GAMES  # noqa: E402
from tests.conftest import make_app  # noqa: E402

ASSET = re.compile(r'<(?:link[^>]+href|script[^>]+src)="(/static/[^"?]+)[^"]*"')


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6))


def first_load(client, path: str) -> tuple[int, int, int]:
    """(raw bytes, gzip bytes, number of requests) for a page and its CSS/JS."""
    html = client.get(path).get_data()
    raw, packed, n = len(html), gz(html), 1
    for asset in sorted(set(ASSET.findall(html.decode()))):
        body = client.get(asset).get_data()
        raw, packed, n = raw + len(body), packed + gz(body), n + 1
    return raw, packed, n


def table_for(client, game_id: str) -> str:
    for path in sorted((ROOT / "tests" / "records").glob("*.json")):
        record = json.loads(path.read_text())
        if record["game"] == game_id:
            half = {**record, "events": record["events"][: len(record["events"]) // 2]}
            r = client.post("/api/v1/records", json=half)
            if r.status_code == 201:
                return r.get_json()
    game = GAMES[game_id]
    r = client.post(
        "/api/v1/tables", json={"game": game_id, "players": [f"P{i}" for i in range(game.min_players)]}
    )
    return r.get_json()


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        app = make_app(f"sqlite:///{Path(tmp) / 'w.sqlite3'}", WTF_CSRF_ENABLED=False)
        client = app.test_client()
        base_raw, base_gz, base_n = first_load(client, "/")
        print(f"{'page':<34} {'raw KiB':>9} {'gzip KiB':>9} {'reqs':>5} {'x home':>7}")
        print(
            f"{'home page (baseline)':<34} {base_raw / 1024:9.1f} {base_gz / 1024:9.1f} {base_n:5d} {1:7.2f}"
        )
        for game_id in GAMES:
            made = table_for(client, game_id)
            table_id = made["id"]
            client.get(f"/t/{table_id}/join/{made['scorer_token']}")  # the scorer's page, with its forms
            raw, packed, n = first_load(client, f"/t/{table_id}")
            print(
                f"{game_id + ' table, first load':<34} {raw / 1024:9.1f} {packed / 1024:9.1f} {n:5d} {packed / base_gz:7.2f}"
            )
            swap = client.get(f"/t/{table_id}", headers={"HX-Request": "true"}).get_data()
            print(
                f"{game_id + ' table, htmx swap':<34} {len(swap) / 1024:9.1f} {gz(swap) / 1024:9.1f} {1:5d} {gz(swap) / base_gz:7.2f}"
            )


if __name__ == "__main__":
    main()
