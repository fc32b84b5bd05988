"""One page, one object (issue 30: templates only show).

Every page and fragment is rendered from one frozen, typed page object, built in the view before
rendering: a template reads the page's fields by their names and asks nothing of the store, the
request or the rules on its own. ``render_page`` is the one way the floor renders a template
(``tests/web/test_one_page_object.py`` fails on any other ``render_template`` call), and it
refuses anything but a frozen dataclass, so a view cannot hand a template loose keyword arguments
or a row it could still query through.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from flask import render_template

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


@dataclasses.dataclass(frozen=True)
class Named:
    """A club or a session as its pages show it: its id for the links and its name (not the row)."""

    id: str
    name: str


@dataclasses.dataclass(frozen=True)
class Message:
    """A page that says one thing: why a request was refused (too many, too large, not allowed)."""

    message: str


def render_page(template: str, page: DataclassInstance) -> str:
    """``template`` showing ``page``: each of its fields is a name the template reads."""
    params = getattr(type(page), "__dataclass_params__", None)
    if params is None or not params.frozen:
        raise TypeError(f"{template} is rendered from a frozen page object, not {type(page).__name__}")
    return render_template(template, **{f.name: getattr(page, f.name) for f in dataclasses.fields(page)})
