"""Bingo's rules in a few plain words each, for the "why?" behind an answer (issue 27): a player who
opens it reads what the rule says, the rule's id beside it for the digest (docs/rules/bingo.md). Only
the rules the table's answers cite most; any other shows its id alone."""

from __future__ import annotations

from ..base import _

RULE_WORDS = {
    "B11": _("Who takes a trick: [0-0] first, then the higher trump, then a higher tile of the suit led; otherwise the leader."),
    "B13": _("The last trick adds 10 card points, but not in a closed deal."),
    "B15": _("The first leader of the match is agreed or drawn by lot."),
    "B24": _("When a trump is led, the reply must be a higher trump if possible, else any trump, else [0-0]."),
    "B25": _("When a number is led, the reply must be a higher tile of that number if possible, else any tile of it, else a trump or [0-0]."),
    "B28": _("Only the player about to lead may declare doubles, and must then lead one of them."),
    "B30": _("A declaration made on the first lead counts only once its maker takes a trick; with no trick it is void."),
    "B31": _("All seven doubles in hand when about to lead: 3 game points, and the deal ends."),
    "B35": _("Players may not keep count of card points during a deal."),
    "B37": _("A deal played to the end with no close and no claim scores nothing."),
    "B38": _("The winner of a trick in phase 1 may close: no more drawing, phase 2 duties apply."),
    "B40": _("A closed deal played out with no claim counts as a claim by the closer."),
    "B41": _("A closed deal has no 10 points for the last trick."),
    "B42": _("At the close the opponent's card points and tricks are noted: they fix what the closer can win."),
    "B44": _("The table of game points for a claim, a close and a deal played out."),
    "B45": _("The winner of the deal leads the next deal."),
    "B46": _("[0-0] captures the trump double: 1 game point at once for the player of [0-0]."),
}  # fmt: skip
