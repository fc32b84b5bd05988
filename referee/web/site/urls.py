"""The app's URL rules: their ``int`` (``/club/<id>/players/<int:index>``) takes ASCII digits only, and
the URL builder werkzeug writes for a rule is compiled once per process, not once per app.

Werkzeug's own matches ``\\d+``, which in Python takes every script's digits, and reads them with
``int``: ``/players/١`` was player 1 and ``/players/²`` a ValidationError. Here a segment is a
number only as ``whole_number`` reads one (referee/rules/numbers.py), so every number in a URL,
form or header goes through the same reader; anything else matches no rule (404).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask
from werkzeug.routing import IntegerConverter, Rule, ValidationError

from referee.rules.numbers import MAX_DIGITS, whole_number


class AsciiInteger(IntegerConverter):
    regex = rf"[0-9]{{1,{MAX_DIGITS}}}"

    def to_python(self, value: str) -> int:
        number = whole_number(value)
        if number is None:
            raise ValidationError()
        return number


Builder = Callable[..., tuple[str, str]]
_BUILDERS: dict[tuple[bool, str, tuple[tuple[bool, str], ...]], Builder] = {}


class SharedBuilderRule(Rule):
    """A rule whose two URL builders (``url_for``'s code for it) are shared by every app in the process.

    Werkzeug writes each builder as a Python function (an AST, then ``compile``) when the rule is added:
    about 1.5 ms a rule, so 95% of making an app (78 rules); the tests make thousands of apps. A builder
    without defaults is made from the rule's text and its parsed parts (``_trace``) alone and reads the
    converters from the rule it is bound to when called, so rules alike can share one. A rule with
    defaults has them compiled in (through its converters) and keeps its own builder."""

    def _compile_builder(self, append_unknown: bool = True) -> Builder:
        if self.defaults:
            return super()._compile_builder(append_unknown)
        key = (append_unknown, self.rule, tuple(self._trace))
        if key not in _BUILDERS:
            _BUILDERS[key] = super()._compile_builder(append_unknown)
        return _BUILDERS[key]


def init_app(app: Flask) -> None:
    """Before any blueprint is registered: rules take their class and converters when they are added."""
    app.url_rule_class = SharedBuilderRule
    app.url_map.converters["int"] = AsciiInteger
