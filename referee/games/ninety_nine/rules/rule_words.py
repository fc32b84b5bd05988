"""Ninety-Nine's rules in a few plain words each, for the "why?" behind an answer, as Bingo's
(referee/games/bingo/rules/rule_words.py): every rule and decision the table's sentences cite
(docs/rules/ninety-nine.md)."""

from __future__ import annotations

from referee.rules.base import _

RULE_WORDS = {
    "N2": _("Each deal the deal and the first lead pass one seat to the left."),
    "N3": _("A bid is three of your own cards laid face down; their suits count ♣ 3, ♥ 2, ♠ 1, ♦ 0, so a bid is 0 to 9."),
    "N4": _("The aim is to take exactly as many tricks as you bid."),
    "N5": _("A declarer shows the bid cards when play starts; a revealer also plays the whole hand face up."),
    "N6": _("At most one premium bid (declare or reveal) in a deal."),
    "N7": _("Between premium bidders a reveal beats a declare; between equals the seat nearest the dealer's left, the dealer last."),
    "N8": _("The first deal has no trump; then the number who made their bid sets the trump: 0 ♦, 1 ♠, 2 ♥, 3 ♣."),
    "N10": _("Follow suit if you can; otherwise play any card. Nobody has to trump or to win."),
    "N12": _("Every trick taken scores 1 point, bid made or not."),
    "N13": _("Making your bid exactly adds a bonus: 30 if you are the only one, 20 if two made it, 10 if three did, nothing if all four did."),
    "N14": _("A premium made scores 30 for a declare, 60 for a reveal; a premium failed pays that to each other player."),
    "N17": _("A game ends after the deal in which someone reaches 100; the winner and all others at 100 add 100; the first to win 3 games takes the rubber."),
    "N18": _("With this option only players at 100 who made their bid in that last deal get the 100 bonus."),
    "N19": _("With this option the game goes on until someone passes the agreed total; the highest total wins."),
    "N23": _("With two players both may declare, nobody may reveal."),
    "N29": _("With two players a declarer who makes it scores 30; one who fails gives 30 to the other player and the dummy."),
    "N33": _("With this option a turned-up card sets the trump; a 9 or the Joker means no trump."),
    "N34": _("Oxford Whist: bids stay hidden, each success scores 10, and a pack of 2s to 5s turns up a trump for each of 16 deals."),
    "N-Δ1": _("Where the sources differ: the first deal is played without trump unless the table chose otherwise."),
    "N-Δ2": _("Where the sources differ: premiums follow the seat order from the dealer's left unless the table chose to ask from the dealer."),
    "N-Δ3": _("Where the sources differ: a revealer shows the hand before the first lead unless the table chose the house rule."),
    "N-Δ4": _("Where the sources differ: with four players the success bonus is 30/20/10/0 unless the table chose 40/30/20/10."),
}  # fmt: skip
