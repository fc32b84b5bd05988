"""A refused entry reaches the app's own page as a 200 that names its refusal (issue 27): Chromium logs
"Failed to load resource" for every 4xx answer, and a player's mistake is no fault of the page. Only
htmx requests that carry the page's header (base.html's ``hx-headers``) are answered so; a form
posted without JavaScript, a script's htmx-like request and the JSON API keep their 4xx statuses."""

import pytest
from tables import post, state

from referee.web.site.refusals import PAGE_HEADER, REFUSED_HEADER
from tests.web.tables import new_table_by_form

HTMX = {"HX-Request": "true"}
PAGE = {**HTMX, PAGE_HEADER: "1"}
TOO_BIG = {"type": "round", "points": ["2000000", "-4"]}  # a score pad refuses it (422)
STALE = {"type": "round", "points": ["1", "1"], "based_on": "0"}  # made before the first round (409)


@pytest.fixture
def table(client):
    """A score pad on this phone with one round recorded, so that a form based on seq 0 is stale."""
    url = new_table_by_form(client)
    assert client.post(f"{url}/events", data={"type": "round", "points": ["3", "1"]}).status_code == 302
    return url


@pytest.mark.parametrize(
    ("form", "status", "says"),
    [(TOO_BIG, 422, "between"), (STALE, 409, "Someone else recorded something just now")],
    ids=["illegal", "stale"],
)
def test_the_apps_own_page_gets_a_refusal_as_200_naming_its_status(client, table, form, status, says):
    resp = client.post(f"{table}/events", data=form, headers=PAGE)
    assert resp.status_code == 200
    assert resp.headers[REFUSED_HEADER] == str(status)
    assert says in resp.get_data(as_text=True)  # the same answer, swapped where the 4xx one was
    assert PAGE_HEADER in resp.headers["Vary"]
    bare = client.post(f"{table}/events", data=form, headers=HTMX)
    assert bare.status_code == status and REFUSED_HEADER not in bare.headers
    assert bare.headers.get("HX-Retarget") == resp.headers.get("HX-Retarget")


def test_an_illegal_entry_from_the_page_changes_nothing(client, table):
    assert client.post(f"{table}/events", data=TOO_BIG, headers=PAGE).headers[REFUSED_HEADER] == "422"
    assert 'data-seq="1"' in client.get(table).get_data(as_text=True)  # the one round before it


@pytest.mark.parametrize("headers", [{}, {PAGE_HEADER: "1"}], ids=["form", "header-without-htmx"])
def test_a_form_without_javascript_keeps_its_422(client, table, headers):
    resp = client.post(f"{table}/events", data=TOO_BIG, headers=headers)
    assert resp.status_code == 422 and REFUSED_HEADER not in resp.headers


def test_the_json_api_keeps_its_422_and_body_whatever_headers_it_is_sent(client):
    made = client.post("/api/v1/tables", json={"game": "score-pad", "players": ["Aki", "Ben"]}).get_json()
    resp = post(client, made, {"type": "round", "points": [2000000, -4]}, **PAGE)
    assert resp.status_code == 422 and REFUSED_HEADER not in resp.headers
    assert "between" in resp.get_json()["error"]["message"]
    assert state(client, made)["seq"] == 0
