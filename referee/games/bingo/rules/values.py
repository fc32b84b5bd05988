"""Bingo tile logic: blank = 7, trumps, suits, rank, trick winner, card points, phase-2 duties.

Rules: B4-B14 (values, suits, trick winner, card points), B24-B25 (phase-2 replies), B27
(declaration table), B-Δ6 (pip-total tricks), B-Δ7 (follow without heading). Pure functions of tiles.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.rules.base import _, word
from referee.rules.message import Message
from referee.rules.tiles import Tile, double_set

BINGO = Tile(0, 0)
ALL_TILES = double_set()
DOUBLES = tuple(t for t in ALL_TILES if t.is_double)
TARGET = 70  # B33
MATCH_TARGET = 7  # B2


def tile_texts(tiles: Iterable[Tile]) -> list[str]:
    """Tiles as the detail writes them: ``"a-b"``."""
    return [str(t) for t in tiles]


def val(n: int) -> int:
    """B4: a blank counts as 7."""
    return 7 if n == 0 else n


def trump_of(indicator: Tile) -> int:
    """B6: the higher number of the indicator, blank = 7 (so any blank makes blanks trump)."""
    return 0 if indicator.lo == 0 else indicator.hi


def is_trump(tile: Tile, trump: int) -> bool:
    """B7: a tile with the trump number belongs only to the trump suit."""
    return tile.hi == trump or tile.lo == trump  # ``tile.has(trump)``, read directly (asked ~5 times a trick)


def rank_in(tile: Tile, suit: int) -> int:
    """B9: the double is highest; other tiles rank by their other number, blank = 7."""
    return 99 if tile.is_double else val(tile.other(suit))


def led_suit(lead: Tile, trump: int) -> int:
    """B10: the trump number if the lead is a trump, else its higher number (blank = 7)."""
    if is_trump(lead, trump):
        return trump
    return 0 if lead.lo == 0 else lead.hi


def follows(tile: Tile, suit: int, trump: int) -> bool:
    """B7/B8/B25: a non-trump tile containing the led number; [0-0] only follows blanks."""
    return tile.has(suit) and not is_trump(tile, trump)


def pip_total(tile: Tile) -> int:
    """B-Δ6: the pip total used by the legacy variant, blank = 7 as in B4."""
    return val(tile.hi) + val(tile.lo)


def card_points(tile: Tile, trump: int) -> int:
    """B12: the card points a captured tile is worth."""
    if is_trump(tile, trump):
        return 28 if tile.is_double else val(tile.hi) + val(tile.lo)
    if tile.is_double:
        return 2 * val(tile.hi)
    return 10 if val(tile.hi) + val(tile.lo) == 10 else 0


def deck_points(trump: int) -> int:
    """B14: the card points of all 28 tiles for this trump (without the last trick)."""
    return sum(card_points(t, trump) for t in ALL_TILES)


def suit_name(n: int) -> str:
    """A suit as a message param: its number, or the word "blank" (translated where it is shown)."""
    return word(_("blank")) if n == 0 else str(n)


def _why(msg: str, leader_wins: bool, **params: Any) -> tuple[bool, Message]:
    """A trick's winner and the reason, its values as text (``trick_winner``'s answer): the message
    written out, as every trick makes one (``message`` would copy the parameters once more)."""
    text = {k: str(v) for k, v in params.items()}
    text["winner"] = _SIDE[leader_wins]
    return leader_wins, {"msg": msg, "params": text}


_SIDE = {True: "leader", False: "replier"}


def trick_winner(
    lead: Tile, reply: Tile, trump: int, pip_tricks: bool = False
) -> tuple[bool, Message]:
    """B11 (or B-Δ6): (does the leader win?, a translatable explanation)."""
    # B11.1 / B8: [0-0] beats everything.
    if lead == BINGO:
        return _why(_("%(tile)s is bingo and beats every tile"), True, tile=lead)
    if reply == BINGO:
        return _why(_("%(tile)s is bingo and beats every tile"), False, tile=reply)
    lt, rt = is_trump(lead, trump), is_trump(reply, trump)
    if lt and rt:  # B11.2
        if rank_in(lead, trump) > rank_in(reply, trump):
            return _why(_("Both are trumps and %(tile)s ranks higher"), True, tile=lead)
        return _why(_("Both are trumps and %(tile)s ranks higher"), False, tile=reply)
    if lt:  # B11.3
        return _why(_("%(tile)s is a trump"), True, tile=lead)
    if rt:
        return _why(_("%(tile)s is a trump"), False, tile=reply)
    if pip_tricks:  # B-Δ6: higher pip total, ties to the leader
        a, b = pip_total(lead), pip_total(reply)
        if b > a:
            return _why(
                _("%(tile)s has more pips (%(more)s against %(less)s)"),
                False,
                tile=reply,
                more=b,
                less=a,
            )
        return _why(
            _("%(tile)s has at least as many pips (%(more)s against %(less)s)"),
            True,
            tile=lead,
            more=a,
            less=b,
        )
    suit = led_suit(lead, trump)
    if not follows(reply, suit, trump):  # B11.5
        return _why(
            _("%(tile)s does not follow the suit led (%(suit)s)"),
            True,
            tile=reply,
            suit=suit_name(suit),
        )
    if rank_in(reply, suit) > rank_in(lead, suit):  # B11.4
        return _why(
            _("%(tile)s follows the suit led (%(suit)s) and outranks the lead"),
            False,
            tile=reply,
            suit=suit_name(suit),
        )
    return _why(
        _("%(tile)s follows the suit led (%(suit)s) but ranks lower"),
        True,
        tile=reply,
        suit=suit_name(suit),
    )


def reply_level(tile: Tile, lead: Tile, trump: int, heading: bool = True) -> int:
    """The priority group of a phase-2 reply: 1 is the most urgent, 4 is 'any tile'.

    B24 (trump led): 1 a higher trump, 2 any trump, 3 [0-0], 4 anything.
    B25 (plain led): 1 a higher tile of the led suit, 2 any of it, 3 a trump or [0-0], 4 anything.
    B-Δ7 (``heading=False``): no duty to beat, so group 1 folds into group 2.
    """
    if is_trump(lead, trump):
        if is_trump(tile, trump):
            return 1 if heading and rank_in(tile, trump) > rank_in(lead, trump) else 2
        return 3 if tile == BINGO else 4
    suit = led_suit(lead, trump)
    if follows(tile, suit, trump):
        return 1 if heading and rank_in(tile, suit) > rank_in(lead, suit) else 2
    return 3 if is_trump(tile, trump) or tile == BINGO else 4


def legal_replies(hand: Iterable[Tile], lead: Tile, trump: int, heading: bool = True) -> set[Tile]:
    """B24-B25: the first non-empty priority group of the hand (the whole hand if all are 'any')."""
    tiles = list(hand)
    if not tiles:
        return set()
    best = min(reply_level(t, lead, trump, heading) for t in tiles)
    return {t for t in tiles if reply_level(t, lead, trump, heading) == best}


DECLARATION_NAMES = {
    2: _("double"),
    3: _("triplet"),
    4: _("double doublet"),
    5: _("king"),
    6: _("emperor"),
    7: _("invincible"),
}
_DECLARATION_POINTS = {2: 20, 3: 40, 4: 50, 5: 60, 6: 70}


def declaration_points(doubles: Iterable[Tile]) -> int:
    """B27: 20/40/50/60/70 for 2-6 doubles, +10 with [0-0]; 0 for seven (invincible scores GP)."""
    shown = tuple(doubles)
    if len(shown) not in _DECLARATION_POINTS:
        return 0
    return _DECLARATION_POINTS[len(shown)] + (10 if BINGO in shown else 0)
