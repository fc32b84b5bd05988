"""Trick de Bingo's tricks and flips in a view (issue 29): a flip's sentence (``why``) is read by the API
alone, a trick's (why its card won) by the API and a page's verdict on the last trick, so a view makes each
at its first read; the API writes every trick and flip as it always has."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from referee.games.trick_de_bingo.rules import GAME
from referee.rules.events import decode

VIEW = importlib.import_module("referee.games.trick_de_bingo.rules.view")  # the package exports ``view``
TESTS = Path(__file__).parents[1]
RECORDS = sorted(
    p
    for folder in (TESTS / "records", TESTS / "acceptance" / "records")
    for p in folder.glob("trick-de-bingo*.json")
)
FLIP_SENTENCE = "%(player)s flips %(card)s: %(text)s (tricks %(tricks)s, cards %(cards)s)."
WON_SENTENCE = (
    "%(player)s won with %(card)s, the highest card of the suit led (%(suit)s); no trumps (T2, T11)."
)
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def final_state(path: Path) -> Any:
    """The record's last state (up to a refused event, for the records that end in one)."""
    record = json.loads(path.read_text())
    state = GAME.start(tuple(record["players"]), GAME.resolve_options(record.get("options")))
    for raw in record["events"]:
        try:
            state = GAME.apply(state, decode(GAME.events, raw))
        except Exception:  # a record that ends in a refused event: its state before
            break
    return state


def test_a_view_makes_a_flip_s_sentence_only_when_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    mark = VIEW._
    monkeypatch.setattr(VIEW, "_", lambda msg: said.append(msg) or mark(msg))
    tricks = GAME.view(final_state(TESTS / "records" / "trick-de-bingo-one-round.json")).detail["tricks"]
    flips = [f for t in tricks for f in t["flips"]]
    assert len(flips) > 10
    for f in flips:  # what a page reads of a flip
        f["seat"], f["cell"], f["card"], f["proof"]
    assert FLIP_SENTENCE not in said
    assert flips[0]["why"]["msg"] == FLIP_SENTENCE and said.count(FLIP_SENTENCE) == 1
    json.dumps(tricks, default=dict)
    assert said.count(FLIP_SENTENCE) == len(flips)


def reads_as(before: dict, kind: type, args: tuple, other: str) -> None:
    """A detail made when read (a fresh ``kind(*args)`` each time) equals ``before`` in keys, order, values and
    JSON, whether its ``why`` or another key (``other``) is read first."""
    for first in (other, "why"):
        detail = kind(*args)
        detail[first]
        assert list(dict(detail).items()) == list(before.items())
        assert json.dumps(detail, default=dict) == json.dumps(before, default=dict)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_flip_reads_as_the_api_has_always_written_it_whatever_is_read_first(path: Path) -> None:
    """The flip the view held before issue 29 (a dict made whole, its keys in this order): the same keys,
    values and order, whether its sentence or its other keys are read first."""
    state = final_state(path)
    players = state.players
    for rnd in state.rounds:
        proofs = {key: f.proof.as_json() for key, f in rnd.flips().items()}
        for t in rnd.tricks:
            for f in t.flips:
                proof = f.proof
                before = {
                    "seat": f.seat, "cell": f.cell, "card": f.card, "event": f.event, "proof": proofs[f.seat, f.cell],
                    "why": {"msg": FLIP_SENTENCE, "params": {
                        "player": players[f.seat], "card": f.card, "text": state.drafted(f.card).en,
                        "tricks": ", ".join(str(n) for n in proof.tricks) or "-",
                        "cards": ", ".join(c.face for c in proof.cards) or "-",
                    }},
                }  # fmt: skip
                reads_as(before, VIEW.FlipDetail, (players, f, state.drafted(f.card), proofs[f.seat, f.cell]), "seat")


def test_a_view_makes_a_trick_s_sentence_only_when_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    mark = VIEW._
    monkeypatch.setattr(VIEW, "_", lambda msg: said.append(msg) or mark(msg))
    tricks = GAME.view(final_state(TESTS / "records" / "trick-de-bingo-one-round.json")).detail["tricks"]
    assert len(tricks) == 13
    flips = [t["flips"] for t in tricks]  # what a page reads of every trick: its cards, its flips
    assert [len(t["cards"]) for t in tricks] == [4] * 13 and WON_SENTENCE not in said
    assert tricks[-1]["why"]["msg"] == WON_SENTENCE and said.count(WON_SENTENCE) == 1  # the verdict's
    assert all(t["flips"] is read for t, read in zip(tricks, flips, strict=True))  # made once, kept
    json.dumps(tricks, default=dict)
    assert said.count(WON_SENTENCE) == 13


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_trick_reads_as_the_api_has_always_written_it_whatever_is_read_first(path: Path) -> None:
    """The trick the view held before issue 29 (a dict made whole, its keys in this order): the same keys,
    values and order, whether its sentence or its other keys are read first."""
    state = final_state(path)
    players = state.players
    for rnd in state.rounds:
        proofs = {key: f.proof.as_json() for key, f in rnd.flips().items()}
        cards = {p.card: state.drafted(p.card) for p in rnd.picks}
        for t in rnd.tricks:
            r = t.record
            before = {
                "number": r.number, "event": t.event, "leader": r.leader, "winner": r.winner,
                "led_suit": r.cards[r.leader].suit, "cards": [{"seat": s, "card": str(r.cards[s])} for s in r.order],
                "why": {"msg": WON_SENTENCE, "params": {
                    "player": players[r.winner], "card": r.cards[r.winner].face, "suit": SUITS[r.led.suit],
                }},
                "flips": [VIEW.FlipDetail(players, f, cards[f.card], proofs[f.seat, f.cell]) for f in t.flips],
                "new_lines": [{"seat": line.seat, "cells": list(line.cells)} for line in t.lines],
                "bonuses": [{"seat": b.seat, "kind": b.kind, "points": b.points} for b in t.bonuses],
            }  # fmt: skip
            reads_as(before, VIEW.TrickDetail, (players, t, cards, proofs), "cards")
