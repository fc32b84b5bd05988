"""The history's links: every line of a table's history links to its correction form (for the scorer)
and to the table as it stood then, built once per render from the table's own address, so they must
be exactly the addresses Flask's router builds and serves for that line."""

from __future__ import annotations

import re

from flask import url_for

from tests.web.tables import new_table, post


def test_every_history_line_links_to_its_own_correction_and_moment(app, client):
    table = new_table(client, players=("Aki", "Ben"), scorer=True)
    for n in range(12):
        assert post(client, table, {"type": "round", "points": [n, 1]}).status_code == 201
    html = client.get(f"/t/{table['id']}").get_data(as_text=True)
    seqs = [int(s) for s in re.findall(r'<li data-seq="(\d+)"[^>]*>', html)]
    assert len(seqs) == 12
    edits = re.findall(r'<a class="edit" href="([^"]+)"', html)
    moments = re.findall(r'<a class="moment-link" href="([^"]+)"', html)
    with app.test_request_context():
        assert edits == [url_for("table.correct", table_id=table["id"], seq=s) for s in seqs]
        assert moments == [url_for("table.show", table_id=table["id"], at=s) for s in seqs]
    for href in edits[:2] + moments[:2]:
        assert client.get(href.replace("&amp;", "&")).status_code == 200
