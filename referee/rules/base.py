"""The vocabulary every game module shares: rule errors, options, the game description, the view.

Rules modules are pure: no Flask, SQL, randomness or clock. They take plain data in and give
plain data out, or raise a :class:`RuleError` whose message a player understands. Messages are
marked with :func:`_` (an identity marker that Babel extracts); the web layer translates them
into the request's language and fills in the parameters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar  # a default for D (PEP 696, in typing from Python 3.13)

from .frozen import quick

if TYPE_CHECKING:
    from .race_shape import Race


def _(message: str) -> str:
    """Mark a message for translation; the web layer translates it when it is shown."""
    return message


WORDS: set[str] = set()
"""Words the rules put into a message's parameters (e.g. "the dummy"); the web layer translates them."""


def word(message: str) -> str:
    """Mark ``_("...")`` as a parameter word to translate when the message is shown."""
    WORDS.add(message)
    return message


def param_text(value: Any) -> str | Texts | tuple[str, ...]:
    """A message parameter as players write it: a card as ``A♠`` (its ``face``), words already written in
    each language (:class:`Texts`) kept for the reader's, a list (tuple) kept as a list of such texts, which
    the web layer joins in the reader's language ("6-5、5-5" in Japanese, issue 27), anything else as text."""
    if isinstance(value, Texts):
        return value
    if isinstance(value, tuple):
        return tuple(str(getattr(v, "face", v)) for v in value)
    return str(getattr(value, "face", value))


def english(params: Mapping[str, Any]) -> dict[str, Any]:
    """Params as an English sentence takes them, where no reader's language is at hand (``str()`` of a
    refusal, a log): a list joined with ", "."""
    return {k: ", ".join(v) if isinstance(v, tuple) else v for k, v in params.items()}


class RuleError(ValueError):
    """An event the rules refuse. ``code`` is stable for clients; ``message`` is an msgid.

    ``str(err)`` is the English sentence with its parameters filled in.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        self.code = code
        self.message = message
        self.params = {k: param_text(v) for k, v in params.items()}
        super().__init__(message % english(self.params) if self.params else message)


class MalformedEvent(RuleError):
    """The event is not of the record format's shape (unknown type, missing or bad field)."""


class IllegalEvent(RuleError):
    """The event is well formed, but the rules or the table so far forbid it."""


class RuleBroken(IllegalEvent):
    """An event the table has proved impossible under a numbered rule of the digest: ``rule`` is its
    id (``B28``), also a parameter of the message, so a client can point at the rule and a player
    reads it in the sentence."""

    def __init__(self, code: str, message: str, rule: str, **params: Any) -> None:
        self.rule = rule
        super().__init__(code, message, rule=rule, **params)


class GameOver(IllegalEvent):
    """An event after the end of the match/game the record holds."""

    def __init__(self) -> None:
        super().__init__("finished", _("This table is finished: no more events can be recorded."))


@dataclass(frozen=True)
class OptionGroup:
    """Yes/no options of which at most one may be on (e.g. Five Up's hand sizes): one choice to players,
    shown as a radio group whose first choice, ``default``, is "none of them"."""

    id: str
    label: str
    default: str


@dataclass(frozen=True)
class Option:
    """A table option from docs/rules/README.md §8: a yes/no switch (``choices`` and ``bounds`` None),
    one of fixed ``choices``, or a whole number within ``bounds`` (or the ``default``, meaning "off";
    ``choices`` then only suggest usual values).

    Values are read strictly, as JSON gives them (``true``, not ``"yes"``; ``200``, not ``"200"``):
    an HTML form turns its text into these types first (referee/rules/forms.py).

    For players: ``label`` names it in a few words (``help`` is the detail under it), ``choice_words``
    names choices that are not plain numbers, ``group`` makes it one choice of several, and ``common``
    options come first on the new-table form (the rest are folded away)."""

    id: str
    default: Any = False
    help: str = ""
    choices: Sequence[Any] | None = None
    bounds: tuple[int, int] | None = None
    label: str = ""
    choice_words: tuple[tuple[Any, str], ...] = ()
    group: OptionGroup | None = None
    common: bool = False

    @property
    def is_switch(self) -> bool:
        return self.choices is None and self.bounds is None

    def choice_word(self, choice: Any) -> str:
        """A choice in words (an msgid), or the choice itself written as text."""
        return next((w for c, w in self.choice_words if c == choice), str(choice))

    def coerce(self, value: Any) -> Any:
        """The value if it is one this option takes, else a RuleError naming the option."""
        if self.bounds is not None:
            lo, hi = self.bounds
            if isinstance(value, int) and not isinstance(value, bool) and (value == self.default or lo <= value <= hi):
                return value
            raise MalformedEvent(
                "bad_option",
                _("Option %(option)s takes a whole number from %(min)s to %(max)s (or %(off)s for none)."),
                option=self.id,
                min=lo,
                max=hi,
                off=self.default,
            )
        if self.choices is None:
            if isinstance(value, bool):
                return value
            raise MalformedEvent("bad_option", _("Option %(option)s takes true or false."), option=self.id)
        for choice in self.choices:
            if type(value) is type(choice) and value == choice:
                return choice
        raise MalformedEvent(
            "bad_option",
            _("Option %(option)s takes one of: %(choices)s."),
            option=self.id,
            choices=", ".join(str(c) for c in self.choices),
        )


@dataclass(frozen=True)
class Breach:
    """A rule break that a later event proved (docs/record-format.md, 'Breaches found after the fact').

    ``event`` is the offending event; ``detected_at`` the first event that proves it (the table
    could not have known sooner), so a reader sees both where it happened and why it shows now.
    """

    event: int
    rule: str
    seat: int
    message: str
    params: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    detected_at: int | None = None


@quick
@dataclass(frozen=True)
class Line:
    """One sentence of the history in plain words, as a referee would say it: an msgid with
    ``%(name)s`` params (player names, tiles as ``3-1``, cards as ``A♠``), translated when shown.

    ``plural`` is the plural msgid for ngettext (its count is ``params["n"]``); a tuple param is a
    list the web layer joins in the reader's language (an item may be a Line of its own, said in that
    language: "the dummy A♠"); ``more`` are sentences that follow it."""

    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    more: tuple[Line, ...] = ()


@dataclass(frozen=True)
class Texts:
    """A :class:`Line` param already written in each language (a condition card's own text)."""

    en: str
    ja: str

    def __str__(self) -> str:
        """The English, where no reader's language is at hand (``str()`` of a refusal, a log)."""
        return self.en


def counted(singular: str, plural: str, n: int, **params: Any) -> Line:
    """A :class:`Line` whose words follow the count ``n`` ("1 tile", "2 tiles"): ngettext when
    shown. Babel extracts both forms (``counted`` is a plural keyword in translation_catalogs.py)."""
    return Line(singular, {"n": n, **params}, plural=plural)


D = TypeVar("D", bound=Mapping[str, Any], default=Mapping[str, Any])
"""A game's view detail: a TypedDict in the game's ``view`` module (what templates, printables and the API read).
Where no one game is known (a page or a printout that serves every game), a bare ``Replayed``,
``TablePage`` or ``PrintJob`` holds any game's detail, ``Mapping[str, Any]``."""

S = TypeVar("S")
"""A game's state: the frozen dataclass in the game's ``state`` module."""


@dataclass(frozen=True)
class View(Generic[D]):
    """What the table shows: the record format's ``totals``, ``finished``, ``winners``, ``breaches``,
    plus game-specific ``detail`` (JSON-able, typed per game) for the API and the templates."""

    totals: tuple[int, ...]
    detail: D
    finished: bool = False
    winners: tuple[int, ...] = ()
    breaches: tuple[Breach, ...] = ()


@dataclass(frozen=True)
class Stats:
    """A game's numbers for a club's player pages: ``kind`` is the per-seat numbers (a frozen dataclass
    that adds up with ``+``), ``of_seat(state, view, seat)`` a finished table's numbers for one seat."""

    kind: type[Any]
    of_seat: Callable[[Any, View[Any], int], Any]
    about: Mapping[str, str] = field(default_factory=dict)
    """What each number means, for the API document: by field of ``kind`` (and by property, for one
    worked out from the fields, such as an average); the types come from ``kind``'s annotations."""


@dataclass(frozen=True)
class Game(Generic[S, D]):
    """One game as the rest of the app sees it: found by ``id`` in the registry, typed by its state
    ``S`` and view detail ``D`` (so ``GAME.view(state).detail["status"]`` is checked per game).

    ``start(players, options) -> state`` and ``apply(state, event) -> state`` (raises RuleError) live in
    the game's ``play`` module, ``view(state) -> View[D]`` in its ``view`` module, the event classes
    (``events``) in its ``events`` module.
    """

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    events: tuple[type, ...]
    start: Callable[[tuple[str, ...], Mapping[str, Any]], S]
    apply: Callable[[S, object], S]
    view: Callable[[S], View[D]]
    redact: Callable[[D, int | None], D] | None = None
    """``redact(detail, seat)``: the detail as seat ``seat`` (None: everyone else) may see it."""
    seat_events: frozenset[str] = frozenset()
    """Event types a seat may record for itself with its own link (its ``seat`` field must be its own):
    a sealed Ninety-Nine bid, and its premium bid, which everyone sees at once. Who may write, not who may see."""
    private_events: frozenset[str] = frozenset()
    """Event types whose contents stay their seat's until the game opens them (a sealed bid; the view's
    ``detail["private_events"]`` says which entries still are): only that seat reads, undoes or corrects
    them. Who may see, not who may write."""
    contested_events: frozenset[str] = frozenset()
    """Seat events that another seat's entry of the same kind can outrank (Ninety-Nine's premium bids,
    N6-N7): a seat's page made before the table's last line is stale for them, as the scorer's is. A
    seat's other entries (a sealed bid, a card drafted in turn) stand whatever its page showed: the rules
    check them against the table as it is."""
    hidden_errors: Callable[[S], Sequence[tuple[int, RuleError]]] | None = None
    """``hidden_errors(state)``: refusals the rules held back because they would reveal a private
    event (a card of a sealed bid), as (event index, error). A record is refused at the first."""
    narrate: Callable[..., Line] | None = None
    """``narrate(event, players, before=None, after=None)``: the event as a history sentence. With the
    states before and after it (during a replay) it may say who won; without them, only what was played.
    A private event (a sealed bid) must say nothing its owner hides."""
    rule_words: tuple[tuple[str, str], ...] = ()
    """(rule id, what the rule says in a few plain words: an msgid), for the "why?" behind an answer."""
    steps: tuple[tuple[frozenset[str], str], ...] = ()
    """Time travel's steps besides "entry", small to big: (the event types that mark one, its name),
    e.g. ``(frozenset({"trick"}), "trick")``; the name picks the page's words ("Next trick")."""
    stats: Stats | None = None
    """What a finished table adds to its players' club numbers (None: the game keeps none)."""
    sides: Callable[[int], tuple[tuple[int, ...], ...]] | None = None
    """``sides(players)``: the seats that score together at a table of that many players (Five Up's
    partnerships, F1); None: every seat for itself. Ratings rank sides, and partners are no opponents."""
    race: Callable[[Mapping[str, Any], int, bool], Race] | None = None
    """``race(detail, players, finished)``: the points of each deal, hand or round as the public view
    ``detail`` shows them (referee/rules/race.py); None: the game has no race to draw."""

    def sides_at(self, players: int) -> tuple[tuple[int, ...], ...]:
        """The sides of a table of ``players``: ``sides`` if the game has partnerships, else each seat."""
        return self.sides(players) if self.sides else tuple((seat,) for seat in range(players))

    def public_detail(self, detail: D, seat: int | None) -> D:
        return self.redact(detail, seat) if self.redact else detail

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise MalformedEvent(
            "unknown_option", _("Unknown option for this game: %(option)s."), option=option_id[:40]
        )

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """All options with defaults filled in; an unknown option or value is an error."""
        resolved = {opt.id: opt.default for opt in self.options}
        for key, value in (given or {}).items():
            resolved[key] = self.option(key).coerce(value)
        return resolved


def check_seat(seat: int, players: int) -> None:
    """Refuse a seat number that is not at the table."""
    if not 0 <= seat < players:
        raise IllegalEvent("bad_seat", _("There is no seat %(seat)s at this table."), seat=seat)
