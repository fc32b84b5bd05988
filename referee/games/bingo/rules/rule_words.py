"""Bingo's rules in a few plain words each, for the "why?" behind an answer (issue 27): a player who
opens it reads what the rule says, the rule's id beside it for the digest (docs/rules/bingo.md). Every
rule and variant a sentence of the game cites (answers, refusals, options, the printed sheets) is here;
tests/web/test_why_in_words.py checks that none is missing."""

from __future__ import annotations

from referee.rules.base import _

RULE_WORDS = {
    "B11": _("Who takes a trick: 0-0 first, then the higher trump, then a higher tile of the suit led; otherwise the leader."),
    "B13": _("The last trick adds 10 card points, but not in a closed deal."),
    "B15": _("The first leader of the match is agreed or drawn by lot."),
    "B24": _("When a trump is led, the reply must be a higher trump if possible, else any trump, else 0-0."),
    "B25": _("When a number is led, the reply must be a higher tile of that number if possible, else any tile of it, else a trump or 0-0."),
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
    "B46": _("Playing 0-0 on the trump double captures it: 1 game point at once for that player."),
    "B2": _("The match goes to the first player with 7 game points, checked each time game points are won."),
    "B4": _("A blank counts as 7: for ranking, for choosing the trump and for card points."),
    "B6": _("The player who does not lead turns up a boneyard tile: its higher number is the trump, a blank counting as 7."),
    "B12": _("Card points: the trump double 28; another trump or double, its two numbers added, a blank as 7; 6-4 and 3-0 10; any other tile 0."),
    "B14": _("The whole set holds 131 to 147 card points, depending on the trump, and 10 more for the last trick."),
    "B17": _("The trump indicator lies face up in the boneyard and cannot be drawn until it is the last tile."),
    "B21": _("When one face-down tile and the indicator are left, the trick's winner takes the face-down tile and the loser takes the indicator."),
    "B27": _("Doubles declared together score 20 for two, 40 for three, 50 for four, 60 for five and 70 for six; 10 more with 0-0 among them."),
    "B29": _("A double declared once cannot be declared again in the same deal; a new declaration needs two doubles not declared before."),
    "B33": _("A claim says the claimer has 70 card points or more, counting tricks, declarations that count and the last trick; play stops at once."),
    "B47": _("The match ends the moment a player reaches 7 game points, even in the middle of a deal."),
    "B-Δ2": _("Where the sources differ: a failed claim gives 3 game points when either player has no trick, unless the table chose to look at the non-claimer only."),
    "B-Δ3": _("Where the sources differ: declarations that count are part of the opponent's 30 points, unless the table chose to count card points only."),
    "B-Δ4": _("Where the sources differ: the winner of a deal leads the next one, and after a deal nobody won the other player leads, unless the table chose to alternate the lead."),
    "B-Δ5": _("Where the sources differ: after trick 7 the loser takes the trump indicator, unless the table chose the winner."),
    "B-Δ6": _("Where the sources differ: a trick without a trump goes by the suit led, unless the table chose the old rule of the higher pip total."),
    "B-Δ7": _("Where the sources differ: in phase 2 a reply must beat the lead if it can, unless the table chose only to follow suit."),
    "B-Δ8": _("Where the sources differ: nobody may close before the first trick, unless the table chose to let the first leader close."),
    "B-Δ10": _("Where the sources differ: a player may declare any two or more undeclared doubles, unless the table chose that all of them must be shown."),
}  # fmt: skip
