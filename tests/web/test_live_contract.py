"""The live contract (issue 20): ``GET /t/<id>/live?since=V`` answers 204 while the table's version is
V and the reader's fresh fragment once it changed, for the viewer, the big screen, each seat and the
scorer; a fragment is rendered once per version for the readers who share it, and a reader never gets
another's private view, whoever asked first (a fragment cache keyed without the kind of reader, or
keeping a seat's page, fails these)."""

from __future__ import annotations

import re

import pytest

from tests.web.test_sealed_bids import BIDS, Table, bid, has_card, shown

READERS = ("viewer", "screen", "scorer", "seat0", "seat1", "seat2")
SEALED = BIDS[1][0]  # seat 1's cards, sealed until the bids open
BANNER = "seat: your private view"


def live(t: Table, reader: str, since: str, headers: dict | None = None):
    role, view = ("viewer", "&view=screen") if reader == "screen" else (reader, "")
    return t.html[role].get(f"/t/{t.id}/live?since={since}{view}", headers=headers or {})


def version_of(resp) -> str:
    return re.search(r'data-version="([^"]+)"', resp.get_data(as_text=True)).group(1)


@pytest.fixture
def dealt(app, client) -> Table:
    t = Table(app, client)
    assert t.post("scorer", {"type": "deal", "dealer": 0}).status_code == 201
    return t


def test_204_while_unchanged_then_the_fragment_for_every_reader(dealt):
    t = dealt
    before = version_of(live(t, "viewer", "none"))
    for reader in READERS:
        resp = live(t, reader, before)
        assert resp.status_code == 204 and resp.get_data() == b"", reader
    assert t.post("seat2", bid(2, BIDS[2][0])).status_code == 201
    for reader in READERS:
        resp = live(t, reader, before)
        assert resp.status_code == 200, reader
        now = version_of(resp)
        assert now != before
        expected = '<main id="screen"' if reader == "screen" else "<"
        assert resp.get_data(as_text=True).lstrip().startswith(expected)
        assert live(t, reader, now).status_code == 204, reader


def test_if_none_match_gets_304_until_changed(dealt):
    t = dealt
    resp = live(t, "viewer", "none")
    etag = resp.headers["ETag"]
    assert etag == f'"{version_of(resp)}"'
    unchanged = t.html["viewer"].get(f"/t/{t.id}/live", headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert t.post("seat2", bid(2, BIDS[2][0])).status_code == 201
    changed = t.html["viewer"].get(f"/t/{t.id}/live", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def test_an_unknown_table_is_404_whatever_the_version(client):
    for since in ("0.0.0", "none"):
        assert client.get(f"/t/nosuchtable/live?since={since}").status_code == 404
    assert client.get("/t/" + "x" * 40 + "/live?since=0.0.0").status_code == 404


def whole_page(t: Table, reader: str) -> str:
    """The reader's own full page, which holds its fragment (rendered afresh, never cached)."""
    return shown(t, t.page("viewer", "/t/{id}/screen") if reader == "screen" else t.page(reader, "/t/{id}"))


@pytest.mark.parametrize("first", READERS)
def test_no_reader_gets_another_readers_view_whoever_asks_first(dealt, first):
    t = dealt
    before = version_of(live(t, "viewer", "none"))
    assert t.post("seat1", bid(1, SEALED)).status_code == 201
    order = [first, *(r for r in READERS if r != first), *READERS]  # then all again, from the cache
    for reader in order:
        fragment = shown(t, live(t, reader, before)).strip()
        assert fragment in whole_page(t, reader), reader
        assert (BANNER in fragment) == reader.startswith("seat"), reader
        for seat, name in enumerate(("Aki", "Ben", "Chie")):
            mine = f"{name}&#39;s {BANNER}" in fragment or f"{name}'s {BANNER}" in fragment
            assert mine == (reader == f"seat{seat}"), reader
        if reader in ("viewer", "screen"):
            assert not any(has_card(fragment, card) for card in SEALED), reader


def test_one_render_per_change_for_the_readers_who_share_it(app, dealt):
    t = dealt
    cache = app.extensions["live_fragments"]
    before = version_of(live(t, "viewer", "none"))
    assert t.post("seat2", bid(2, BIDS[2][0])).status_code == 201
    renders = cache.renders
    phones = [app.test_client() for _ in range(5)]
    for reader in ("viewer", "screen"):
        view = "&view=screen" if reader == "screen" else ""
        pages = {p.get(f"/t/{t.id}/live?since={before}{view}").get_data() for p in phones}
        assert len(pages) == 1
    assert cache.renders == renders + 2
