"""Templates only show (issue 30, point 2): what a page says about the game's log is chosen before rendering,
in the page object (``referee/web/tables/table_page.py``) where mypy sees it and a unit test holds it, not by a
template working over the replay or the view.

A template is read from its parsed source: a ``namespace()`` (a counter or a flag carried across a loop: a
search written in Jinja) and a filter that selects, sorts, groups or adds up (``selectattr``, ``groupby``,
``sort``, ``sum``...) over the replay, the page or the view, or over a name set from them (``{% set d =
page.view.detail %}``, ``{% for t in d.tricks %}``), are caught. Saying a value in words (``|number``,
``|join``, ``ngettext`` by a count) is showing, and stays in the templates. Macro parameters are not
followed (a macro is handed its values by its caller, whose own template is read).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from jinja2 import Environment, nodes

ROOT = Path(__file__).resolve().parents[2]
GAME_DATA = {"rep", "page", "view", "state"}
"""The names a template is handed the game's log by: the replay, the page object, a view, a state."""
DECIDING = {"selectattr", "rejectattr", "groupby", "sort", "sum", "min", "max", "unique"}

LEFT = {  # what still decides in a template, each with why it stays (a count: one more is caught)
    "referee/games/bead_game/templates/bead_game/_verdict.html: selectattr": (
        1,
        "the latest placement in the game's own sheet (its verdict's subject): a per-game answer part would hold it",
    ),
    "referee/games/five_up/templates/five_up/_input.html: min": (
        1,
        "the draw buttons: as many as the tiles drawable, at most five on a phone's row (a layout cap)",
    ),
    "referee/games/five_up/templates/five_up/_layout.html: namespace": (
        1,
        "a correction's radio buttons: only the first open end matching the play corrected is ticked (the form's state)",
    ),
    "referee/games/ninety_nine/templates/ninety_nine/_state.html: selectattr": (
        3,
        "a seat's premium bid looked up in the view's list of them, by seat (a lookup, not a choice)",
    ),
    "referee/games/ninety_nine/templates/ninety_nine/_state.html: sum": (
        1,
        "whether any trick is won yet, so the chips leave out a row of zeros (what to show)",
    ),
    "referee/games/trick_de_bingo/templates/trick_de_bingo/_verdict.html: selectattr": (
        4,
        "the trick's winning card and each seat's flips and lines, looked up by seat in the trick just played, "
        "and the round's non-zero items: Trick de Bingo's view code is another change's (i29-tdb6) this session",
    ),
}


def game_data_names(tree: nodes.Template) -> set[str]:
    """The names that hold the game's log in ``tree``: ``GAME_DATA`` and every name set or looped from one."""
    held = set(GAME_DATA)
    while True:
        before = len(held)
        for assign in tree.find_all(nodes.Assign):
            if names_in(assign.node) & held:
                held |= names_in(assign.target)
        for loop in tree.find_all(nodes.For):
            if names_in(loop.iter) & held:
                held |= names_in(loop.target)
        if len(held) == before:
            return held


def names_in(node: nodes.Node) -> set[str]:
    found = {n.name for n in node.find_all(nodes.Name)}
    return found | {node.name} if isinstance(node, nodes.Name) else found


def deciding(source: str) -> Counter[str]:
    """What in ``source`` decides: its ``namespace`` calls and its deciding filters over the game's log."""
    tree = Environment(extensions=["jinja2.ext.i18n", "jinja2.ext.do"]).parse(source)
    held = game_data_names(tree)
    found: Counter[str] = Counter(
        "namespace" for call in tree.find_all(nodes.Call) if isinstance(call.node, nodes.Name) and call.node.name == "namespace"
    )
    found.update(
        f.name for f in tree.find_all(nodes.Filter) if f.name in DECIDING and f.node is not None and names_in(f.node) & held
    )
    return found


def templates() -> list[Path]:
    return sorted([*(ROOT / "templates").rglob("*.html"), *(ROOT / "referee" / "games").rglob("templates/**/*.html")])


def test_no_template_decides_what_the_page_object_should():
    found = {
        f"{path.relative_to(ROOT).as_posix()}: {what}": n
        for path in templates()
        for what, n in deciding(path.read_text(encoding="utf-8")).items()
    }
    assert len(templates()) > 100
    assert found == {key: n for key, (n, _why) in LEFT.items()}


# b72b15e's table/_breaches.html, whose choice of the answer's rule breaks is now answer_breaches.py's
OLD_BREACHES = """{% set seen = page.view %}
{% set start = namespace(i=0) %}
{% if settled %}{% for e in rep.effective %}{% if e.body.type == opener %}{% set start.i = loop.index0 %}{% endif %}{% endfor %}{% endif %}
{% set breaches = (seen.breaches or [])|selectattr("event", "ge", start.i)|list if settled
   else (seen.breaches or [])|selectattr("detected_at", "equalto", rep.effective|length - 1)|list %}
{% for b in breaches %}{{ breach_sentence(b) }}{% endfor %}
"""


@pytest.mark.parametrize(
    ("source", "found"),
    [
        (OLD_BREACHES, {"namespace": 1, "selectattr": 2}),
        ("{% set d = page.view.detail %}{% for t in d.tricks %}{{ t.cards|sort|join }}{% endfor %}", {"sort": 1}),
        ("{{ rep.undone|map(attribute='seq')|sort|join(', ') }}", {"sort": 1}),
        ("{% for p in corrections.pending %}{{ page.shown|selectattr('seq', 'equalto', p.target)|first }}{% endfor %}", {"selectattr": 1}),
        ("{{ page.rule_breaks|length }} {{ options|selectattr('common')|list }} {{ [n, 5]|min }}", {}),  # not the game's log
        ("{% macro m(xs) %}{{ xs|sort }}{% endmacro %}{{ m(rep.players) }}", {}),  # a macro's parameter: not followed
    ],
)
def test_what_decides_is_caught(source: str, found: dict[str, int]):
    assert deciding(source) == Counter(found)
