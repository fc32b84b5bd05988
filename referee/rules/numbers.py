"""Whole numbers written as text: the one reader of every number a URL, a form or a header carries.

Only ASCII digits with an optional sign count. ``str.isdigit`` is no guard: it takes "²" and "①",
which ``int`` refuses (a 500 where it was trusted), and ``int`` itself reads "١٢" and "１２" as 12
and "1_000" as 1000, so neither decides what a number is here. The length is bounded too: ``int``
refuses more than 4,300 digits, and no count or position at a table needs more than a few.
"""

from __future__ import annotations

import re

MAX_DIGITS = 18
LARGEST = 10**MAX_DIGITS - 1
"""The largest whole number read (what an API document gives as a number's ``maximum``)."""
_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)
_SPACE = " \t\r\n"


def whole_number(text: object, *, signed: bool = False) -> int | None:
    """``text`` as a whole number (spaces at either end ignored; a sign only when ``signed``), else
    None: not text, no digits, other digits than ASCII, a decimal point or exponent, too long."""
    if not isinstance(text, str):
        return None
    text = text.strip(_SPACE)
    if not _WHOLE.fullmatch(text) or (not signed and text[0] in "+-"):
        return None
    return int(text)


MINUS = "\u2212"


def shown_number(n: int, *, sign: bool = False) -> str:
    """A score as a player reads it: a negative one with the minus sign (−3, as the −1 buttons say),
    never the hyphen; with ``sign`` the rest keep their plus (+5, +0: a round's points). Text only:
    JSON values stay numbers."""
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if sign else str(n)
