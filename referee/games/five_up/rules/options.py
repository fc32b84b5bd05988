"""Five Up table options (docs/rules/README.md §8) and the rules they resolve to for a player count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.rules.base import MalformedEvent, Option, OptionGroup, _

from .scoring import CLOU, IDA

HAND_SIZE = OptionGroup(
    "handSize", _("Tiles dealt to each player"), _("Standard: 7 with 2 players, 5 with 3 or 4 (F7)")
)
RESERVE = OptionGroup(
    "reserve",
    _("Tiles that stay in the boneyard"),
    _("The rule book's: IDA 2 with 2 players, else 1; Le Quantette 1 with 3, else 2 (F8)"),
)

OPTIONS = (
    Option(
        "profile",
        IDA,
        _("IDA (Armanino) rules, or Jean Clou's Le Quantette: rounding down, 35-point sets."),
        choices=(IDA, CLOU),
        label=_("Rule book"),
        choice_words=((IDA, _("IDA (Armanino)")), (CLOU, _("Le Quantette (Jean Clou)"))),
        common=True,
    ),
    Option(
        "handSize5All", False, _("Deal 5 tiles at every player count (F-Δ1)."),
        label=_("5 tiles at every player count"), group=HAND_SIZE, common=True,
    ),
    Option(
        "handSizeLeeflang", False, _("Deal 8 minus the number of players (F-Δ1, Leeflang)."),
        label=_("8 minus the number of players (Leeflang)"), group=HAND_SIZE, common=True,
    ),
    Option(
        "handSize5Clou2p", False, _("Deal 5 tiles with 2 players, as Clou also allows (F-Δ1)."),
        label=_("5 tiles with 2 players (Clou)"), group=HAND_SIZE, common=True,
    ),
    Option(
        "dominoerLeads", False,
        _("The player who went out leads the next hand; after a block, by lot (F-Δ2)."),
        label=_("Who went out leads the next hand"),
    ),
    Option(
        "reserve2Always", False, _("Always leave 2 tiles in the boneyard (F-Δ3, European)."),
        label=_("Always 2 (European)"), group=RESERVE,
    ),
    Option(
        "reserveClou", False, _("Leave 2 tiles with 2 or 4 players, 1 with 3 (F-Δ3, Clou)."),
        label=_("2 with 2 or 4 players, 1 with 3 (Clou)"), group=RESERVE,
    ),
    Option(
        "reserveNone", False, _("Draw until the boneyard is empty (F-Δ3)."),
        label=_("None: draw until it is empty"), group=RESERVE,
    ),
    Option(
        "strictlyOver61", False, _("The game ends only above 61, not at 61 (F-Δ5). IDA profile only: a Le Quantette set ends at 35."),
        label=_("Win only above 61"),
    ),
    Option(
        "immediateWinAt61", False,
        _(
            "The game ends as soon as a side reaches the target, even mid-hand (F-Δ6). With muggins, a "
            "play's points count once its call is made or missed: the game ends at the call, or at the next "
            "event (a play too, recorded in full), not on a tie on top; a player who goes out still has the "
            "hand's end scored first."
        ),
        label=_("Win the moment the target is reached"),
    ),
    Option(
        "winnerBonus10", False, _(
            "The winner adds 10 before game points are worked out (F33). IDA profile only: "
            "a Le Quantette set has no game points."
        ),
        label=_("The winner adds 10"),
    ),
    Option(
        "skunk10", False, _("Skunk: the winner gets 10 more against a loser at 30 or less (F34)."),
        label=_("Skunk: 10 more against 30 or less"),
    ),
    Option(
        "skunkDouble", False, _("Skunk by doubling the game points against a loser at 30 or less (F34)."),
        label=_("Skunk: double against 30 or less"),
    ),
    Option(
        "dominoBonus2", False, _("A player who goes out scores 2 more (F35), added with the hand's end when the pips are entered."),
        label=_("Going out scores 2 more"),
    ),
    Option(
        "doubleSetPoints", False,
        _("Le Quantette demi-score doubles the winner's 35 instead of counting 2 sets (F-Δ7)."),
        label=_("Le Quantette demi-score: double the 35"),
    ),
    Option(
        "subtractOwnTwice", False, _("3-player block: (others − own) for each other player (F-Δ8)."),
        label=_("3-player block: others minus own, per player"),
    ),
    Option(
        "calledScore", False,
        _(
            "Players announce their own points after each play; the app checks the calls. A call is "
            "recorded as the event right after the play it announces."
        ),
        label=_("Players call their own points"), common=True,
    ),
    Option(
        "muggins", False, _(
            "With called scores: points a player fails to call go to the next player as soon as anything "
            "but the call comes next (the next play, a draw or a pass)."
        ),
        label=_("Muggins: uncalled points go to the next player"), common=True,
    ),
    Option(
        "sets", 1, _("Le Quantette: the number of 35-point sets in the match (F36)."),
        choices=tuple(range(1, 10)), label=_("Sets in the match (Le Quantette)"),
    ),
)  # fmt: skip


@dataclass(frozen=True)
class Rules:
    players: int
    profile: str
    hand_size: int
    dominoer_leads: bool
    reserve: int
    target: int
    strictly_over: bool
    immediate: bool
    winner_bonus: bool
    skunk10: bool
    skunk_double: bool
    domino_bonus: bool
    double_set_points: bool
    subtract_own_twice: bool
    called: bool
    muggins: bool
    sets: int

    @property
    def boneyard(self) -> int:
        return 28 - self.players * self.hand_size


def resolve(options: dict[str, Any], players: int) -> Rules:
    """The rules for this table; two choices from one F-Δ group are refused."""
    opts = {o.id: o.default for o in OPTIONS}
    opts.update(options or {})
    for group in (HAND_SIZE, RESERVE):
        chosen = [o.id for o in OPTIONS if o.group == group and opts.get(o.id)]
        if len(chosen) > 1:
            raise MalformedEvent(
                "bad_option", _("Choose at most one of %(options)s."), options=", ".join(chosen)
            )
    profile = opts["profile"]
    # F7 hand size, F-Δ1 variants
    hand_size = 7 if players == 2 else 5
    if opts["handSizeLeeflang"]:
        hand_size = 8 - players
    elif opts["handSize5All"] or opts["handSize5Clou2p"]:
        hand_size = 5
    # F8 reserve, F-Δ3 variants; Le Quantette keeps Clou's reserve unless another is chosen
    reserve = 2 if players == 2 else 1
    if opts["reserve2Always"]:
        reserve = 2
    elif opts["reserveNone"]:
        reserve = 0
    elif opts["reserveClou"] or profile == CLOU:
        reserve = 1 if players == 3 else 2
    if opts["muggins"] and not opts["calledScore"]:
        raise MalformedEvent("bad_option", _("Muggins needs the called-score option."))
    return Rules(
        players=players,
        profile=profile,
        hand_size=hand_size,
        dominoer_leads=bool(opts["dominoerLeads"]),
        reserve=reserve,
        target=35 if profile == CLOU else 61,
        strictly_over=bool(opts["strictlyOver61"]) and profile == IDA,
        immediate=bool(opts["immediateWinAt61"]),
        winner_bonus=bool(opts["winnerBonus10"]) and profile == IDA,
        skunk10=bool(opts["skunk10"]),
        skunk_double=bool(opts["skunkDouble"]),
        domino_bonus=bool(opts["dominoBonus2"]),
        double_set_points=bool(opts["doubleSetPoints"]),
        subtract_own_twice=bool(opts["subtractOwnTwice"]),
        called=bool(opts["calledScore"]),
        muggins=bool(opts["muggins"]),
        sets=int(opts["sets"]),
    )
