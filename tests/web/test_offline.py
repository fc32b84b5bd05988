"""The service worker and the manifest as served (issue 16): the worker's bytes change with any asset
it caches (so browsers install the new version), it is never served from an HTTP cache, and the
manifest names the app in the reader's language."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

STATIC = Path(__file__).parent.parent.parent / "static"


def version(client) -> str:
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Cache-Control"] == "no-cache"
    found = re.match(r'self\.REFEREE_VERSION = "([0-9a-f]+)";', resp.get_data(as_text=True))
    assert found
    return found.group(1)


def test_the_worker_lists_every_asset_of_a_table_page(client):
    body = client.get("/sw.js").get_data(as_text=True)
    for name in ("vendor/htmx-2.0.11.min.js", "js/app.js", "js/offline.js", "css/app.css", "games/bingo/bingo.css",
                 "games/five_up/five_up.js", "icons/icon-192.png", "icons/icon-512.png"):  # fmt: skip
        assert f'"/static/{name}"' in body
        assert client.get(f"/static/{name}").status_code == 200


def test_a_changed_asset_changes_the_worker(app, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    app.static_folder = str(static)
    client = app.test_client()
    before = version(client)
    assert version(client) == before
    css = static / "css" / "app.css"
    css.write_text(css.read_text() + "\n.brand { color: red; }\n")
    os.utime(css, (1, 1))  # a different modification time, whatever the clock's resolution
    assert version(client) != before


def test_the_manifest_speaks_the_readers_language(client):
    en = client.get("/manifest.webmanifest", headers={"Accept-Language": "en"}).get_json(force=True)
    ja = client.get("/manifest.webmanifest", headers={"Accept-Language": "ja"}).get_json(force=True)
    assert en["name"] == "referee: table-side referee"
    assert ja["name"] == "referee: テーブルの審判と記録係"
    assert en["display"] == "standalone" and en["start_url"] == "/"
    assert {i["sizes"] for i in en["icons"]} == {"192x192", "512x512"}
