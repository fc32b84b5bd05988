"""What a PDF builder gets (``PrintJob``) and what a game offers (``Printable``). Builders stay pure:
the web layer hands them a job with the table's data (or none, for a blank sheet) and a translate
function for the request's language. Each builder module lists its ``PRINTABLES``; registry.py
gathers them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic

from printables.geometry import A4, PageSpec
from printables.race import RacePage
from referee.rules.base import D


def _identity(message: str, params: Mapping[str, Any] | None = None) -> str:
    return message % dict(params) if params else message


@dataclass(frozen=True)
class PrintJob(Generic[D]):
    """What a builder gets. ``detail`` is the game's ``View.detail`` (None: a blank sheet), typed by
    the game's detail ``D`` in the game's builders."""

    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    detail: D | None = None
    totals: tuple[int, ...] = ()
    subtitle: str = ""
    spec: PageSpec = A4
    translate: Callable[..., str] = _identity
    link: Callable[[str], str] | None = None  # absolute URL for a path (QR codes)
    params: Mapping[str, str] = field(default_factory=dict)  # the request's query, e.g. a back offset
    race: RacePage | None = None  # a filled score sheet's race chart, on a page of its own (issue 32)
    result: str = ""  # a finished table's outcome in words ("Ann wins the match 7–4."), under the subtitle

    @property
    def blank(self) -> bool:
        return self.detail is None

    def t(self, message: str, **params: Any) -> str:
        return self.translate(message, params)


@dataclass(frozen=True)
class Printable(Generic[D]):
    """A PDF a game offers; ``build`` reads the game's own detail ``D``. The registry finds it by
    ``game``, so the job it is handed carries that game's table (a bare ``Printable`` holds any game's)."""

    game: str
    kind: str
    title: str  # msgid, shown in the language of the request
    build: Callable[[PrintJob[D]], bytes]
    fillable: bool = True  # can be filled from a table (else it is the same for every table)
