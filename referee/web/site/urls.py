"""The ``int`` of the app's URL rules (``/club/<id>/players/<int:index>``): ASCII digits only.

Werkzeug's own matches ``\\d+``, which in Python takes every script's digits, and reads them with
``int``: ``/players/١`` was player 1 and ``/players/²`` a ValidationError. Here a segment is a
number only as ``whole_number`` reads one (referee/rules/numbers.py), so every number in a URL,
form or header goes through the same reader; anything else matches no rule (404).
"""

from __future__ import annotations

from flask import Flask
from werkzeug.routing import IntegerConverter, ValidationError

from referee.rules.numbers import MAX_DIGITS, whole_number


class AsciiInteger(IntegerConverter):
    regex = rf"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        number = whole_number(value)
        if number is None:
            raise ValidationError()
        return number


def init_app(app: Flask) -> None:
    """Before any blueprint is registered: rules take their converters when they are added."""
    app.url_map.converters["int"] = AsciiInteger
