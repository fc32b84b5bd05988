"""The one form decoder (referee/rules/forms.py): an event posted as the page's form decodes to the
same event as its JSON does through the codec, for every event type of every game; and no module but
the decoder's entry (``service.posted``) reads a posted form into an event."""

from __future__ import annotations

import ast
import dataclasses
import json
import types
import typing
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from referee.games import GAMES
from referee.rules.base import RuleError
from referee.rules.cards import JOKER, deck
from referee.rules.events import decode, encode, field_specs, type_of
from referee.rules.forms import decode_form
from referee.rules.tiles import Tile

ROOT = Path(__file__).resolve().parents[2] / "referee"

# Text a player types: printable, no comma (a one-item list typed into one input is split on commas)
# and not starting like JSON (one input holding JSON text is read as JSON).
TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters=","), min_size=1, max_size=12)
TEXT = TEXT.filter(lambda t: t.strip() == t and t != "" and not t.startswith(("[", "{")))
CARDS = st.sampled_from([*deck(), JOKER])
TILES = st.builds(Tile.of, st.integers(0, 6), st.integers(0, 6))


def values(hint: Any) -> st.SearchStrategy[Any]:
    """Any value of an event field's type, as the event class holds it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return st.none() | values(next(a for a in args if a is not type(None)))
    if origin is typing.Literal:
        return st.sampled_from(args)
    simple = {int: st.integers(-500, 500), bool: st.booleans(), str: TEXT | TILES.map(str), Tile: TILES}
    if hint in simple:
        return simple[hint]
    if hint.__name__ == "Card":
        return CARDS
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(values(args[0]), max_size=4).map(tuple)
        return st.tuples(*(values(a) for a in args))
    assert dataclasses.is_dataclass(hint), hint
    fields = st.fixed_dictionaries({spec.name: values(spec.hint) for spec in field_specs(hint)})
    return fields.map(partial(made, hint)).filter(lambda made: made is not None)


def made(cls: type, fields: dict[str, Any]) -> Any:
    """``cls`` from ``fields``, or None where the class itself refuses them (a tile field's text)."""
    try:
        return cls(**fields)
    except RuleError:
        return None


def events(game_id: str) -> st.SearchStrategy[Any]:
    return st.sampled_from(GAMES[game_id].events).flatmap(values)


def scalar(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def as_form(ev: Any) -> MultiDict[str, str]:
    """The event as a page posts it: a text box or picker per field, a list as repeated inputs (its
    one item as one input), an empty list or nested values as JSON text in one input."""
    pairs = [("type", str(type_of(type(ev))))]
    for name, value in encode(ev).items():
        if name == "type":
            continue
        flat = isinstance(value, list) and value and all(not isinstance(v, list | dict) for v in value)
        if flat:
            pairs += [(name, scalar(v)) for v in value]
        elif isinstance(value, list | dict):
            pairs.append((name, json.dumps(value, ensure_ascii=False)))
        else:
            pairs.append((name, scalar(value)))
    return MultiDict(pairs)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_an_event_posted_as_its_form_decodes_as_its_json_does(game_id: str, data: st.DataObject) -> None:
    """Every event type of the game, with random field values: the form the page would post, read by
    the one form decoder, gives the event the codec gives for the event's JSON."""
    game = GAMES[game_id]
    ev = data.draw(events(game_id))
    try:
        expected = decode(game.events, json.loads(json.dumps(encode(ev))))
    except RuleError:
        assume(False)  # not an event of this game (a tile outside its set): the codec refuses its JSON too
    found = decode_form(game, as_form(ev))
    assert found.refusal is None
    assert decode(game.events, found.body) == expected == ev


# --- nobody else reads a form into an event -----------------------------------------------------

DECODER_ENTRY = "web/tables/service.py"  # ``posted``: request.form into rules.forms.decode_form
# Forms that post no event (and their reason): a new club, session or table, a pasted record, the
# director's tables and rounds.
NOT_EVENTS = {
    "web/club/pages.py",
    "web/club/director.py",
    "web/site/pages.py",
}


def form_readers(root: Path) -> dict[str, int]:
    """Modules that touch ``request.form``, with how often."""
    found: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_form = isinstance(node, ast.Attribute) and node.attr == "form"
            if is_form and isinstance(node.value, ast.Name) and node.value.id == "request":
                key = path.relative_to(root).as_posix()
                found[key] = found.get(key, 0) + 1
    return found


def test_only_the_one_decoder_reads_a_posted_form_into_an_event() -> None:
    """Entries, corrections and the games' own entry pages all go through ``service.posted``
    (``rules.forms.decode_form``); a module reading ``request.form`` itself would be a second reader."""
    readers = form_readers(ROOT)
    assert set(readers) - NOT_EVENTS == {DECODER_ENTRY}
    service = (ROOT / DECODER_ENTRY).read_text(encoding="utf-8")
    assert "decode_form(find_game(g.table.game), request.form, read)" in service


def test_the_reader_check_finds_a_form_read_put_back(tmp_path: Path) -> None:
    """The check above fails on a form reader put back in a game's web module."""
    game = tmp_path / "games" / "bead_game"
    game.mkdir(parents=True)
    (game / "web.py").write_text("from flask import request\nbody = request.form.getlist('cell')\n")
    assert form_readers(tmp_path) == {"games/bead_game/web.py": 1}


BEAD_CELLS = st.tuples(st.integers(-6, 6), st.integers(-6, 6)).flatmap(
    lambda cell: st.sampled_from([((cell[0], cell[1]), (cell[0], cell[1] + 1)), ((cell[0], cell[1]), (cell[0] + 1, cell[1]))])
)


@settings(max_examples=150, deadline=None)
@given(seat=st.integers(0, 3), a=st.integers(1, 5), b=st.integers(1, 5), cells=BEAD_CELLS)
def test_a_bead_placement_posted_as_its_taps_decodes_as_its_json_does(seat: int, a: int, b: int, cells: Any) -> None:
    """The bead board's form (two tapped cells, the tile as its picker names it, which way round:
    what ``bead_picked`` ticks for a recorded placement), read by the game's reader through the one
    decoder, gives the event its JSON gives."""
    from referee.games.bead_game.rules.events import Place
    from referee.games.bead_game.web import bead_picked, placement

    game = GAMES["bead-game"]
    ev = Place(seat=seat, tile=f"{a}-{b}", cells=cells)
    picked = bead_picked(encode(ev))
    form = MultiDict([("seat", str(seat)), ("tile", picked["tile"]), ("turn", picked["turn"])])
    form.setlist("cell", picked["cells"])
    found = decode_form(game, form, placement)
    assert found.refusal is None
    assert decode(game.events, found.body) == decode(game.events, json.loads(json.dumps(encode(ev)))) == ev


# --- a quick check's form asks what its JSON API asks ---------------------------------------------

DOUBLES = [f"{n}-{n}" for n in range(7)]
PILES = st.lists(TILES.map(str), unique=True, max_size=14).flatmap(
    lambda tiles: st.integers(0, len(tiles)).map(lambda cut: [tiles[:cut], tiles[cut:]])
)
DECLARED = st.lists(st.lists(st.sampled_from(DOUBLES), min_size=1, max_size=6, unique=True), max_size=2)
CLOSED = st.none() | st.fixed_dictionaries(
    {"by": st.sampled_from([0, 1]), "opponentPoints": st.integers(0, 200), "opponentHadTrick": st.booleans()}
)


def claim_bodies() -> st.SearchStrategy[dict[str, Any]]:
    """A claim as ``POST /api/v1/checks/bingo-claim`` takes it, with what the check page can say: any
    trump, claimer and piles, up to two declarations a player, both options told."""
    from referee.games.bingo.rules.quick_check import SCORING_OPTIONS

    return st.fixed_dictionaries(
        {
            "trump": st.integers(0, 6),
            "claimer": st.sampled_from([0, 1]),
            "won": PILES,
            "declarations": st.tuples(DECLARED, DECLARED).map(list),
            "lastTrick": st.sampled_from([None, 0, 1]),
            "closed": CLOSED,
            "options": st.fixed_dictionaries({name: st.booleans() for name in SCORING_OPTIONS}),
        }
    )


def claim_form(body: dict[str, Any]) -> MultiDict[str, str]:
    """The claim as the check page posts it: a picker per trick pile and per declaration (``decl<seat>a``,
    ``decl<seat>b``), a choice for the last trick and the close, checkboxes for the options."""
    form = MultiDict([("check", "bingo-claim"), ("trump", str(body["trump"])), ("claimer", str(body["claimer"]))])
    for seat in (0, 1):
        form.setlist(f"won{seat}", body["won"][seat])
        for group, doubles in zip("ab", body["declarations"][seat], strict=False):
            form.setlist(f"decl{seat}{group}", doubles)
    form["last"] = "" if body["lastTrick"] is None else str(body["lastTrick"])
    closed = body["closed"]
    form["closed_by"] = "" if closed is None else str(closed["by"])
    if closed is not None:
        form["close_points"] = str(closed["opponentPoints"])
        if closed["opponentHadTrick"]:
            form["close_trick"] = "yes"
    for name, ticked in body["options"].items():
        if ticked:
            form[name] = "true"
    return form


@settings(max_examples=200, deadline=None)
@given(body=claim_bodies())
def test_a_claim_posted_on_the_check_page_asks_what_its_json_api_asks(body: dict[str, Any]) -> None:
    """The Bingo claim check's form, read by the check's reader (``QuickCheck.read``), is the request body
    its API reads from JSON: the page and the API put one question to the rules."""
    from referee.games.bingo.web import QUICK_CHECKS

    (claim,) = QUICK_CHECKS
    assert claim.read(claim_form(body)) == json.loads(json.dumps(body))
