"""Five Up's history in plain words: "Ben plays 4-3 on 4-0: the ends count 10, 2 points"."""

from __future__ import annotations

from referee.rules.base import Line, _, counted
from referee.rules.narration import make_narrate

from .events import Call, Draw, End, Hand, Pass, Play
from .scoring import uncounted
from .state import State


def _hand(ev: Hand, players: tuple[str, ...], after: State | None) -> Line:
    hand = after.hand if after is not None else None
    if hand is None:
        return Line(_("A new hand."))
    return Line(_("Hand %(no)s: %(name)s leads."), {"no": hand.number, "name": players[hand.leader]})


def _play(ev: Play, players: tuple[str, ...], after: State | None) -> Line:
    """The play, with the count and points it made."""
    who = {"name": players[ev.seat], "tile": str(ev.tile)}
    hand = after.hand if after is not None else None
    note = hand.plays[-1] if hand is not None and hand.plays else None
    if note is None or note.tile != ev.tile or not note.points:
        if ev.on is None:
            return Line(_("%(name)s plays %(tile)s."), who)
        return Line(_("%(name)s plays %(tile)s on %(on)s."), {**who, "on": str(ev.on)})
    if ev.on is None:
        return counted(
            "%(name)s plays %(tile)s: the ends count %(count)s, %(n)s point.",
            "%(name)s plays %(tile)s: the ends count %(count)s, %(n)s points.",
            note.points, count=note.count, **who,
        )  # fmt: skip
    return counted(
        "%(name)s plays %(tile)s on %(on)s: the ends count %(count)s, %(n)s point.",
        "%(name)s plays %(tile)s on %(on)s: the ends count %(count)s, %(n)s points.",
        note.points, count=note.count, on=str(ev.on), **who,
    )  # fmt: skip


def _draw(ev: Draw, players: tuple[str, ...], after: State | None) -> Line:
    return counted("%(name)s draws %(n)s tile.", "%(name)s draws %(n)s tiles.", ev.count, name=players[ev.seat])


def _pass(ev: Pass, players: tuple[str, ...], after: State | None) -> Line:
    return Line(_("%(name)s passes."), {"name": players[ev.seat]})


def _end(ev: End, players: tuple[str, ...], after: State | None) -> Line:
    """The pips left, and why the hand scored as it did (F25-F27); the hand F25 ignores is said to be
    not counted, whatever number the record gives it."""
    hand = after.hand if after is not None else None
    ignored = uncounted(len(players), hand.dominoer) if hand is not None else None
    pips = tuple(
        Line(_("%(name)s not counted"), {"name": players[s]}) if s == ignored else f"{players[s]} {p}"
        for s, p in enumerate(ev.pips)
        if s < len(players)
    )
    line = Line(_("Hand over; pips left: %(pips)s."), {"pips": pips})
    why = hand.explanation if hand is not None else None
    if not why:
        return line
    return Line(line.message, line.params, more=(Line(why["msg"], dict(why["params"])),))


def _call(ev: Call, players: tuple[str, ...], after: State | None) -> Line:
    return Line(_("%(name)s calls %(points)s."), {"name": players[ev.seat], "points": ev.points})


narrate = make_narrate({Hand: _hand, Play: _play, Draw: _draw, Pass: _pass, End: _end, Call: _call})


def ends_to_recount(was: State, now: State) -> tuple[Line, ...]:
    """After a correction (``was``: the table before it, ``now``: after), each ended hand whose end was
    counted with a hand of a size the correction changed (an old draw corrected: newplayer11 #4). The end
    records pips only, which may still be possible and are kept, so the correction stands; but the tiles
    shown then no longer match the hand, and a referee says so rather than "totals unchanged". Not a
    refusal: the end can only be corrected to the new size once the draw is, so the draw comes first."""
    out = []
    for old, new in zip(was.hands, now.hands, strict=False):
        ignored = uncounted(len(new.held), new.dominoer)
        for seat, (before, after) in enumerate(zip(old.held, new.held, strict=True)):
            if before != after and seat != ignored:
                out.append(
                    counted(
                        "%(name)s now holds %(n)s tile at the end of hand %(hand)s, not %(was)s as when its end was "
                        "counted: correct the end of the hand too.",
                        "%(name)s now holds %(n)s tiles at the end of hand %(hand)s, not %(was)s as when its end was "
                        "counted: correct the end of the hand too.",
                        after, name=now.players[seat], hand=new.number, was=before,
                    )  # fmt: skip
                )
    return tuple(out)
