"""A part of a view made when it is read, not when the view is made (issue 29).

Every page after an undo, a correction or a time-travel step is a replay and a view, and some of a view
is read by the API alone: every bead placement's factors (a page shows the last one's), every Trick de
Bingo flip's sentence (a page shows none). Such a part is a :class:`MadeWhenRead`: a read-only mapping
with the keys its JSON has always had, in the same order, whose ``later`` keys are made at the first
read of one of them and the rest at the first read of any other. The API's JSON writer
(``referee.app.JSONProvider``) writes a mapping as an object, so its answer is the same, byte for byte.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Generic, TypeVarTuple

Of = TypeVarTuple("Of")


class MadeWhenRead(Mapping[str, Any], Generic[*Of]):
    """A read-only mapping made at its first read: ``_made(whole=False)`` gives every key but the
    ``LATER`` ones (cheap, what a page reads), ``_made(whole=True)`` every key (what the API writes);
    each is made once and kept. ``_keys()`` are the keys in the order the JSON writes them.

    What the values are made from is ``_of``, as given to the class (``SheetRow(turn)``, typed by the
    subclass's parameters: ``MadeWhenRead[TurnRecord]``): one ``__init__`` for every subclass, since a
    view makes one such mapping per turn or trick and a second initialiser called through ``super()``
    was a third of making one."""

    __slots__ = ("_of", "_short", "_whole")
    LATER: ClassVar[frozenset[str]]

    def __init__(self, *of: *Of) -> None:
        self._of: tuple[*Of] = of
        self._short: dict[str, Any] | None = None
        self._whole: dict[str, Any] | None = None

    @abstractmethod
    def _keys(self) -> tuple[str, ...]:
        """The keys, in the order the JSON writes them (each subclass says its own)."""

    @abstractmethod
    def _made(self, whole: bool) -> dict[str, Any]:
        """The values: every key but the ``LATER`` ones, or with ``whole`` every key."""

    def __getitem__(self, key: str) -> Any:
        whole = self._whole
        if whole is None and key in self.LATER:
            whole = self._whole = self._made(whole=True)
        if whole is not None:
            return whole[key]
        short = self._short
        if short is None:
            short = self._short = self._made(whole=False)
        return short[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return len(self._keys())

    def __contains__(self, key: object) -> bool:  # by the keys: reading a value could make the later ones
        return key in self._keys()
