"""A Bingo claim checked without a recorded deal (``/check`` and ``POST /api/v1/checks/bingo-claim``).

Players who did not record every trick still argue about claims. They tell what lies on the table:
the trump, each trick pile, the declarations that count, who won the last trick, and the close's
B42 snapshot. That becomes a :class:`DealState` whose tricks are the piles in pairs, and the deal's own
scoring (:func:`seat_points`, :func:`settle_claim`) answers: nothing about points is computed here.
Impossible input is refused with the reason (a tile twice, a tile in both piles, an odd pile, a
declared "double" that is not one, a double declared twice, declared doubles still in a hand too small
to hold them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.base import IllegalEvent, MalformedEvent, RuleBroken, _
from referee.rules.message import Message
from referee.rules.tiles import Tile

from .scoring import settle_claim
from .settlement import ClaimDetail
from .state import HAND, CloseRecord, DealState, DeclarationRecord, TrickRecord
from .values import DECLARATION_NAMES, card_points, declaration_points

SCORING_OPTIONS = ("thresholdCardPointsOnly", "threeIfNonClaimerTrickless")

_UNTOLD: Message = {"msg": "", "params": {}}
"""Why a told trick was won: never shown (a pile says who won it, not why)."""

Line = tuple[str, dict[str, Any]]
"""A sentence of the breakdown: an msgid and its parameters (seats as ints, for names)."""


@dataclass(frozen=True)
class _Told(DealState):
    """A deal as players tell it: played out exactly when they say someone won the last trick."""

    last_trick_played: bool = False

    @property
    def played_out(self) -> bool:
        return self.last_trick_played


@dataclass(frozen=True)
class ClaimCheck:
    points: tuple[int, int]
    correct: bool
    winner: int
    game_points: int
    lines: tuple[Line, ...]
    breakdown: ClaimDetail


def _seat(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value not in (0, 1):  # 1.0 is no seat
        raise MalformedEvent("bad_seat", _("%(what)s must be seat 0 or seat 1."), what=what)
    return int(value)


def _tiles(raw: Any, what: str) -> list[Tile]:
    if not isinstance(raw, list):
        raise MalformedEvent("bad_tiles", _("%(what)s must be a list of tiles like 6-4."), what=what)
    return [Tile.parse(t) for t in raw]


def _piles(raw: Any) -> tuple[list[Tile], list[Tile]]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise MalformedEvent("bad_piles", _("won must hold two trick piles, one per player."))
    piles = (_tiles(raw[0], "won[0]"), _tiles(raw[1], "won[1]"))
    seen: dict[Tile, int] = {}
    for seat, pile in enumerate(piles):
        for tile in pile:
            if tile in seen:
                if seen[tile] == seat:
                    raise IllegalEvent(
                        "tile_twice", _("%(tile)s is twice in player %(n)s's pile."), tile=tile, n=seat + 1
                    )
                raise IllegalEvent("tile_in_both", _("%(tile)s is in both trick piles."), tile=tile)
            seen[tile] = seat
        if len(pile) % 2:
            raise IllegalEvent(
                "odd_pile",
                _("Tiles in player %(n)s's pile: %(count)s; a trick pile holds two tiles per trick."),
                n=seat + 1,
                count=len(pile),
            )
    return piles


def _declarations(raw: Any) -> list[DeclarationRecord]:
    if not isinstance(raw, list) or len(raw) != 2:
        raise MalformedEvent("bad_declarations", _("declarations must hold two lists, one per player."))
    out: list[DeclarationRecord] = []
    declared: set[Tile] = set()
    for seat, made in enumerate(raw):
        if not isinstance(made, list):
            raise MalformedEvent("bad_declarations", _("declarations must hold two lists, one per player."))
        for doubles_raw in made:
            doubles = _tiles(doubles_raw, f"declarations[{seat}]")
            for tile in doubles:
                if not tile.is_double:
                    raise IllegalEvent("not_a_double", _("%(tile)s is not a double."), tile=tile)
                if tile in declared:
                    raise IllegalEvent(
                        "declared_twice",
                        _("%(tile)s is declared twice: a double counts in one declaration only."),
                        tile=tile,
                    )
                declared.add(tile)
            if len(doubles) < 2:
                raise IllegalEvent("too_few_doubles", _("A declaration shows at least two doubles."))
            if len(doubles) == 7:
                raise IllegalEvent(
                    "invincible", _("All seven doubles is invincible: 3 game points, and no claim to check.")
                )
            out.append(DeclarationRecord(len(out), seat, tuple(doubles), declaration_points(doubles), 1))
    return out


def _check_hands(
    declarations: Sequence[DeclarationRecord], piles: tuple[list[Tile], list[Tile]], closed: bool
) -> None:
    """B28 with B23/B38: a declared double in no trick pile has not been led yet, so it is still in its
    declarer's hand; that hand holds 7 tiles in phase 1 and one fewer after each phase-2 trick. The
    told piles give the number of tricks, not when a close came, so a closed deal is given the largest
    hand it can have (a close after trick 6 at the latest)."""
    tricks = (len(piles[0]) + len(piles[1])) // 2
    size = max(0, min(HAND, 2 * HAND - tricks - (1 if closed else 0)))
    in_piles = {t for pile in piles for t in pile}
    for seat in (0, 1):
        held = sorted(
            (d for decl in declarations if decl.seat == seat for d in decl.doubles if d not in in_piles),
            reverse=True,
        )
        if len(held) > size:
            raise RuleBroken(
                "declared_not_in_hand",
                _(
                    "Player %(n)s declared %(tiles)s, which are in no trick pile and so still in hand, "
                    "but after %(tricks)s tricks a hand holds at most %(size)s tiles (%(rule)s)."
                ),
                rule="B28",
                n=seat + 1,
                tiles=tuple(held),
                tricks=tricks,
                size=size,
            )


def _close(raw: Any, claimer: int, trick_count: int) -> CloseRecord | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise MalformedEvent("bad_close", _("closed must be null or {by, opponentPoints, opponentHadTrick}."))
    by = _seat(raw.get("by"), "closed.by")
    points, had = raw.get("opponentPoints"), raw.get("opponentHadTrick")
    if isinstance(points, bool) or not isinstance(points, int) or points < 0 or not isinstance(had, bool):
        raise MalformedEvent("bad_close", _("closed must be null or {by, opponentPoints, opponentHadTrick}."))
    if points and not had:
        raise IllegalEvent(
            "points_without_trick", _("An opponent with no trick at the close had no points then.")
        )
    return CloseRecord(
        event=0, seat=by, after_trick=trick_count, opp_card_points=points, opp_declared=0, opp_tricks=int(had)
    )


def check_claim(body: Any) -> ClaimCheck:
    """The claim of ``body`` (the API's request) settled by the deal's scoring, or a RuleError."""
    if not isinstance(body, Mapping):
        raise MalformedEvent("bad_json", _("The request body must be a JSON object."))
    trump = body.get("trump")
    if not isinstance(trump, int) or isinstance(trump, bool) or trump not in range(7):
        raise MalformedEvent("bad_trump", _("trump is a number from 0 (blanks) to 6."))
    claimer = _seat(body.get("claimer"), "claimer")
    piles = _piles(body.get("won"))
    declarations = _declarations(body.get("declarations"))
    raw_last = body.get("lastTrick")
    last = None if raw_last is None else _seat(raw_last, "lastTrick")
    if last is not None and not piles[last]:
        raise IllegalEvent(
            "last_without_pile", _("Player %(n)s won the last trick but has an empty pile."), n=last + 1
        )
    options = body.get("options", {})
    if not isinstance(options, Mapping) or any(k not in SCORING_OPTIONS for k in options):
        raise MalformedEvent(
            "bad_option", _("options may only hold %(names)s."), names=SCORING_OPTIONS
        )
    if any(not isinstance(v, bool) for v in options.values()):
        raise MalformedEvent("bad_option", _("Each option is true or false."))
    indicator = Tile(trump, trump)
    tricks: list[TrickRecord] = []
    order = (1 - last, last) if last is not None else (0, 1)  # the last trick's winner's pile goes last
    for seat in order:
        pile = piles[seat]
        for i in range(0, len(pile), 2):
            lead, reply = pile[i], pile[i + 1]
            worth = card_points(lead, trump) + card_points(reply, trump)
            tricks.append(TrickRecord(0, len(tricks) + 1, seat, lead, reply, seat, worth, 1, _UNTOLD))
    close = _close(body.get("closed"), claimer, len(tricks))
    _check_hands(declarations, piles, close is not None)
    deal = _Told(
        no=1,
        event=0,
        leader=0,
        indicator=indicator,
        tricks=tuple(tricks),
        declarations=tuple(declarations),
        close=close,
        last_trick_played=last is not None and close is None,  # B41: a closed deal has no last-trick 10
    )
    settled = settle_claim(deal, claimer, dict(options), "claim", None)
    told = settled.breakdown
    mine, theirs = int(told["claimer_points"]["total"]), int(told["opponent_points"]["total"])
    points = (mine, theirs) if claimer == 0 else (theirs, mine)
    assert settled.winner is not None  # a claim always has a winner (B34)
    lines = claim_lines(told, by_trick=False)
    return ClaimCheck(points, bool(told["correct"]), settled.winner, settled.game_points, lines, told)


def claim_lines(breakdown: ClaimDetail, *, by_trick: bool = True) -> tuple[Line, ...]:
    """A claim's settlement (``settle_claim``'s breakdown) as sentences: each side's points line by
    line, the claim against 70, the B44 reason and the game points. ``seat`` params name players.

    ``by_trick=False`` for a check, which knows each player's pile of won tiles but not its tricks: the
    pile is one line, so no two tiles are said to have been a trick (newplayer7: "won 6-6 and 6-4")."""
    out: list[Line] = []
    claimer = breakdown["claimer"]
    for side in (breakdown["claimer_points"], breakdown["opponent_points"]):
        seat = side["seat"]
        if not by_trick and side["tricks"]:
            out.append(
                (
                    _("%(seat)s won %(tiles)s: %(points)s"),
                    {
                        "seat": seat,
                        "tiles": tuple(str(x) for t in side["tricks"] for x in (t["lead"], t["reply"])),
                        "points": side["trick_points"],
                    },
                )
            )
        for t in side["tricks"] if by_trick else ():
            out.append(
                (
                    _("%(seat)s won %(lead)s and %(reply)s: %(points)s"),
                    {"seat": seat, "lead": t["lead"], "reply": t["reply"], "points": t["points"]},
                )
            )
        for d in side["declarations"]:
            params = {
                "seat": seat,
                "name": d["name"],
                "doubles": tuple(d["doubles"]),
                "points": d["points"],
            }
            if d["counts"]:
                out.append((_("%(seat)s declared a %(name)s (%(doubles)s): %(points)s"), params))
            else:
                out.append(
                    (_("%(seat)s declared a %(name)s (%(doubles)s): void, no trick won (B30)"), params)
                )
        if side["last_trick"]:
            out.append((_("%(seat)s won the last trick: 10"), {"seat": seat}))
        out.append((_("%(seat)s: %(total)s card points in all"), {"seat": seat, "total": side["total"]}))
    at_close = breakdown.get("at_close")
    if at_close:
        out.append(
            (
                _("At the close, %(seat)s had card points: %(points)s; tricks: %(tricks)s (B42)."),
                {"seat": 1 - at_close["closer"], "points": at_close["points"], "tricks": at_close["tricks"]},
            )
        )
    verdict = (
        _("%(seat)s claims with %(total)s points, %(target)s needed: the claim holds.")
        if breakdown["correct"]
        else _("%(seat)s claims with %(total)s points, %(target)s needed: the claim fails.")
    )
    out.append((verdict, {"seat": claimer, "total": breakdown["total"], "target": breakdown["target"]}))
    reason = breakdown["reason"]
    out.append((reason["msg"], dict(reason["params"])))
    out.append(
        (
            _("Game points for %(seat)s: %(gp)s."),
            {"seat": breakdown["winner"], "gp": breakdown["game_points"]},
        )
    )
    return tuple(out)


SEAT_PARAMS = ("seat", "opponent")
"""The params of a claim's sentences that hold a seat (a claim's reason keeps its ``opponent`` as text)."""


def name_seats(lines: Sequence[Line], names: Sequence[str]) -> list[Line]:
    """The lines with each seat param (``SEAT_PARAMS``) replaced by that player's name."""
    return [
        (msg, {**params, **{k: names[int(params[k])] for k in SEAT_PARAMS if k in params}}) for msg, params in lines
    ]


__all__ = ["DECLARATION_NAMES", "SEAT_PARAMS", "ClaimCheck", "check_claim", "claim_lines", "name_seats"]
