"""The correction form asks with the same pickers as entry: tiles from the triangle, cards from the
suit grid, players by name, points with steppers; only what no picker covers stays a text field.

An entry with a play surface of its own (a trick's triangles or card steps, a bid's counted cards, a
declaration's row of doubles, a play's layout picture, a draw's counter, the tiles left in each hand,
a pick's deck and sheet, a placement's board, a deal's or hand's start, a claim, a close, a call, a
pass, the tiles shown or left in hand) is corrected on that very surface (issue 27): the template the
entry form includes, named by the game's ``web.CORRECTION`` (a :class:`Correction`), drawn as the
table stood just before the entry (``detail_before``), with the entry as recorded ticked.

What each field of the corrected event needs is read off the event class's type hints (``Tile``,
``Card``, ``Literal``, a seat number, a list of one number per player), so a new event type gets
its pickers without a line here. The event's current values come preselected (``preselect``), so
correcting one tile is one tap.
"""

from __future__ import annotations

import html
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from flask_babel import LazyString, gettext, lazy_gettext
from markupsafe import Markup

from referee.games import part
from referee.rules.base import D, Game, Line
from referee.rules.cards import Card
from referee.rules.events import field_specs, type_of
from referee.rules.forms import FormReader
from referee.rules.numbers import whole_number
from referee.rules.tiles import Tile
from referee.store.replay import Effective, Replayed, replay_events

from .table_page import TableLink
from .words import line_of

SEATS = frozenset({"seat", "leader", "dealer"})
LABELS = {
    "seat": lazy_gettext("Player"),
    "leader": lazy_gettext("Who leads"),
    "dealer": lazy_gettext("Dealer"),
    "tile": lazy_gettext("Tile"),
    "points": lazy_gettext("Points"),
    "cards": lazy_gettext("Cards"),
}
"""The labels of fields several games' events have; a field of one game's events is labelled by the
game (``Correction.labels``), and a field no one labels by its name."""


# What a correction is of, as players name the play: the history's own number of it ("Trick 3:",
# "Deal 2:"), by event type (or as the game's ``Correction.titles`` names it); other entries are named
# by their history sentence under the title.
TITLES = {
    "trick": lazy_gettext("Fix trick %(no)s"),
    "deal": lazy_gettext("Fix the start of deal %(no)s"),
    "hand": lazy_gettext("Fix the start of hand %(no)s"),
    "round": lazy_gettext("Fix the start of round %(no)s"),
}


def correction_title(rep: Replayed[D], seq: int) -> str:
    """The heading of the correction of the event logged as ``seq``: "Fix trick 3"."""
    found = line_of(rep, seq)
    line = None if found is None else found[1]
    if found is None or line is None or "no" not in line.params:
        return gettext("Fix this entry")
    body, line = found
    kind = str(body.get("type"))
    title = correction_of(rep.game.id).titles.get(kind) or TITLES.get(kind)
    return gettext("Fix this entry") if title is None or line is None else str(title) % {"no": line.params["no"]}


@dataclass(frozen=True)
class Field:
    """One input of the correction form: ``kind`` picks the widget in table/correct.html."""

    kind: str  # seat, tile, tiles, tile_positions, card, cards, card_positions, number, per_player, choice, text
    name: str
    label: str
    value: Any
    required: bool
    choices: tuple[Any, ...] = ()


def _plain(hint: Any) -> tuple[Any, bool]:
    """``X | None`` -> (X, True); anything else -> (hint, False)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return hint, False


def correction_fields(game: Game[Any, Any], body: Mapping[str, Any], players: Iterable[str]) -> list[Field]:
    """The inputs that re-enter ``body`` (an event of ``game``) with the entry pickers."""
    cls = next(c for c in game.events if type_of(c) == body["type"])
    n_players = len(tuple(players))
    fields = []
    for name, hint, optional in field_specs(cls):
        hint, nullable = _plain(hint)
        value = body.get(name)
        required = not (optional or nullable)
        label = field_label(game.id, name)
        item = typing.get_args(hint)[0] if typing.get_origin(hint) is tuple else None
        if hint is Tile:
            kind = "tile"
        elif hint is Card:
            kind = "card"
        elif item in (Tile, Card):
            kind = ("tile" if item is Tile else "card") + (
                "_positions" if (body["type"], name) in correction_of(game.id).ordered else "s"
            )
        elif hint is int and name in SEATS:
            kind = "seat"
        elif hint is int:
            kind = "number"
        elif item is int and isinstance(value, list) and len(value) == n_players:
            kind = "per_player"
        elif typing.get_origin(hint) is typing.Literal:
            fields.append(Field("choice", name, label, value, required, typing.get_args(hint)))
            continue
        else:
            kind = "text"
            if isinstance(value, list | dict):
                value = json.dumps(value, ensure_ascii=False)
        fields.append(Field(kind, name, label, value, required))
    return fields


# A deal, hand or round starts with one of these: the tiles and cards of its entries are out of play
# for the others of the same deal, hand or round.
STARTS = frozenset({"deal", "hand", "round"})
_TILE = re.compile(r"^(\d)-(\d)$")


@dataclass(frozen=True)
class Pack:
    """What the correction's pickers offer, as the entry form does: the game's own cards (``allowed``;
    None: every card) and the tiles and cards the other entries of the same deal took (``used``)."""

    used: tuple[str, ...]
    allowed: tuple[str, ...] | None
    lowest: int  # the lowest card rank shown (6 for a 36-card pack)


def _spent(body: Mapping[str, Any], spent: frozenset[str]) -> list[str]:
    values: list[str] = []
    for name in spent & body.keys():
        value = body[name]
        values.extend(
            str(v) for v in (value if isinstance(value, list | tuple) else [value]) if v is not None
        )
    # a tile is named high number first in the pickers ("6-4"), whichever way the entry wrote it
    return [f"{max(m[1], m[2])}-{min(m[1], m[2])}" if (m := _TILE.match(v)) else v for v in values]


def correction_pack(rep: Replayed[D], seq: int) -> Pack:
    """The tiles and cards the correction of the entry logged as ``seq`` may pick from."""
    events = list(rep.effective)
    at = next((i for i, e in enumerate(events) if e.seq == seq), None)
    how = correction_of(rep.game.id)
    used: list[str] = []
    if at is not None:
        first = next((i for i in range(at, -1, -1) if events[i].body.get("type") in STARTS), 0)
        end = next(
            (i for i in range(at + 1, len(events)) if events[i].body.get("type") in STARTS), len(events)
        )
        # a sealed entry's cards are never greyed (``Correction.sealed``)
        used = [
            v
            for i in range(first, end)
            if i != at and events[i].body.get("type") not in how.sealed
            for v in _spent(events[i].body, how.spent)
        ]
    detail = rep.view.detail if isinstance(rep.view.detail, Mapping) else {}
    pack = detail.get("pack") or None
    return Pack(tuple(used), None if pack is None else tuple(pack), 6 if pack and len(pack) <= 40 else 2)


_INPUT = re.compile(r"<input\b[^>]*>")
_VALUE = re.compile(r'\bvalue="([^"]*)"')


def preselect(picker: str, values: Any) -> Markup:
    """A rendered picker with ``values`` (one or a list) ticked, as the event now stands."""
    wanted = {str(v) for v in (values if isinstance(values, list | tuple) else [values]) if v is not None}

    def tick(match: re.Match[str]) -> str:
        tag = match.group(0)
        found = _VALUE.search(tag)
        if found and html.unescape(found.group(1)) in wanted and " checked" not in tag:
            return tag[:-1].rstrip("/ ") + " checked>"
        return tag

    return Markup(_INPUT.sub(tick, str(picker)))


def seat_number(value: Any) -> int | None:
    """A seat as recorded (a number) or as a refused correction posted it (text), for ticking it."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return whole_number(value)


Reader = Callable[[Replayed, int], FormReader]
"""The form reader of a correction of the entry at a seq of the table (``rules.forms.decode_form``)."""
"""``reader(rep, seq, form)``: the corrected event of the entry logged as ``seq`` from its surface's form,
and the sentence why it cannot be (None: it can); a refused event comes back as it was entered."""


@dataclass(frozen=True)
class Correction:
    """How a game's entries are corrected beyond the field-by-field form: its ``web.CORRECTION``.

    ``surfaces``: event type -> the entry surface template the correction is made on. The template reads
    ``d`` (the view detail as the table stood before the entry), ``names`` and, for a correction,
    ``picked`` (the entry as recorded) and ``also`` (tiles and cards the deal's other entries took).
    ``readers``: event type -> how the surface's form becomes the event, where it posts more than the
    event's own fields (the tiles left in each hand, a placement's cells and way round).
    ``titles``: event type -> the correction's heading, where the game names it otherwise than ``TITLES``.
    ``labels``: event field -> its picker's label, for the fields only this game's events have (Bingo's
    led tile); the fields several games have are labelled by ``LABELS``.
    ``spent``: the fields whose tiles or cards an entry takes out of play (played, placed, bid, shown, a
    condition card picked): a correction's picker greys those the other entries of its deal (hand,
    round) took. A tile played on or a trump indicator is not spent.
    ``ordered``: (event type, field) of the lists whose order means something (a trick's play order,
    one opening tile per seat): one picker per position, posted as name.0, name.1, ... like the entry
    forms. Other lists are sets.
    ``missing``: event field -> what a form that left it empty is told, where "Nothing was chosen for
    <label>" says too little (Five Up's draw box, submitted empty: type or tap how many).
    ``missing_in_sheet``: the same for the correction sheet, whose surface is not the table's (a counter
    with −1 and +1 where the table has a row of numbers, "Save the correction" for its button).
    ``left_to_check``: (the game's state before a correction, after it) -> sentences on what the correction
    left that no longer matches and is not refused (Five Up: a hand's end counted with a hand size a
    corrected draw changed), said in the correction's answer; none by default.
    ``sealed``: the event types private to their seat (a sealed bid): their cards are never greyed,
    which would tell anyone who opens a correction what was bid.
    ``tiles``: the highest and the lowest number on the game's tiles, for the field-by-field pickers."""

    surfaces: Mapping[str, str] = field(default_factory=dict)
    readers: Mapping[str, Reader] = field(default_factory=dict)
    titles: Mapping[str, LazyString] = field(default_factory=dict)
    labels: Mapping[str, LazyString] = field(default_factory=dict)
    spent: frozenset[str] = frozenset()
    ordered: frozenset[tuple[str, str]] = frozenset()
    missing: Mapping[str, LazyString] = field(default_factory=dict)
    missing_in_sheet: Mapping[str, LazyString] = field(default_factory=dict)
    left_to_check: Callable[[Any, Any], tuple[Line, ...]] = lambda _was, _now: ()
    sealed: frozenset[str] = frozenset()
    tiles: tuple[int, int] = (6, 0)


def correction_of(game_id: str) -> Correction:
    """How the game's entries are corrected (its ``web.CORRECTION``)."""
    found: Correction = part(game_id, "web").CORRECTION
    return found


def field_label(game_id: str, name: str) -> str:
    """The label of an event field of the game as its picker says it ("Led tile"), else its name."""
    found = correction_of(game_id).labels.get(name) or LABELS.get(name)
    return name if found is None else str(found)


def correction_surface(rep: Replayed[D], body: Mapping[str, Any]) -> str | None:
    """The entry surface template the correction of ``body`` is made on (None: field pickers)."""
    return correction_of(rep.game.id).surfaces.get(str(body.get("type")))


def state_before(rep: Replayed[D], seq: int) -> Any:
    """The game state just before the entry logged as ``seq``: the replay of the entries before it."""
    bodies = [e.body for e in rep.effective]
    at = next((i for i, e in enumerate(rep.effective) if e.seq == seq), len(bodies))
    return replay_events(rep.game, rep.players, rep.options, bodies[:at])


def detail_before(rep: Replayed[D], seq: int, reader_seat: int | None) -> D:
    """The view detail the entry form had when the entry logged as ``seq`` was made, as ``reader_seat``
    may see it (another seat's sealed bid left out)."""
    return rep.game.public_detail(rep.game.view(state_before(rep, seq)).detail, reader_seat)


@dataclass(frozen=True)
class CorrectionPage(Generic[D]):
    """The correction of one entry as its page or sheet shows it (table/_correction.html): the entry
    (``target``) and its fields as the form stands (``shown``: a refused try keeps its picks), why
    it was refused, its heading, what the pickers offer (``pack``), and either the entry's own
    surface (``surface``, drawn with the detail ``before`` it) or the field-by-field ``fields``."""

    table: TableLink
    rep: Replayed[D]
    target: Effective
    shown: Mapping[str, Any]
    error: str | None
    title: str
    pack: Pack
    surface: str | None
    before: D | None
    fields: tuple[Field, ...]
    seats: Sequence[str]
    tiles: tuple[int, int]


def correction_page(
    table: TableLink,
    rep: Replayed[D],
    target: Effective,
    shown: Mapping[str, Any],
    error: str | None,
    reader_seat: int | None,
) -> CorrectionPage[D]:
    """The correction of ``target`` as ``reader_seat`` may see the table before it, all worked out."""
    surface = correction_surface(rep, target.body)
    return CorrectionPage(
        table=table,
        rep=rep,
        target=target,
        shown=shown,
        error=error,
        title=correction_title(rep, target.seq),
        pack=correction_pack(rep, target.seq),
        surface=surface,
        before=detail_before(rep, target.seq, reader_seat) if surface else None,
        fields=() if surface else tuple(correction_fields(rep.game, shown, rep.players)),
        seats=part(rep.game.id, "web").seat_names(rep.players),
        tiles=correction_of(rep.game.id).tiles,
    )
