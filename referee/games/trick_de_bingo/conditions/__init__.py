"""The Trick de Bingo condition language and the 50-card catalog (docs/rules/trick-de-bingo.md §4.3, §4.5).

- ``language``: ``TrickRecord``, ``Rules``, ``Proof`` (``ProofDetail`` as a view shows it), ``holds``,
  ``achieved`` (the one evaluator), ``achiever`` (the same for one condition, read once), ``trick_predicate`` (a ``trick``
  condition's predicate alone), ``trick_gate``/``trick_facts`` (the tricks a card may be achieved on),
  ``card_check`` (the three, kept per condition and rules);
- ``deck``: ``CATALOG`` (TB-01..TB-50 as data), ``CATALOG_BY_ID``, ``ConditionCard``
  (``CardDetail`` as a view shows it);
- ``text``: ``render_en``/``render_ja`` (a condition's text from its data, for custom cards);
- ``validate``: ``validate`` (custom card data).
"""

from .deck import CATALOG, CATALOG_BY_ID, CardDetail, ConditionCard
from .language import (
    Achiever,
    Check,
    Fact,
    Predicate,
    Proof,
    ProofDetail,
    Rules,
    TrickRecord,
    achieved,
    achiever,
    card_check,
    first_achieved,
    holds,
    kind_label,
    trick_facts,
    trick_gate,
    trick_predicate,
)
from .text import render_en, render_ja
from .validate import validate

__all__ = [
    "Achiever",
    "Fact",
    "CATALOG",
    "CATALOG_BY_ID",
    "CardDetail",
    "Check",
    "ConditionCard",
    "Predicate",
    "Proof",
    "ProofDetail",
    "Rules",
    "TrickRecord",
    "achieved",
    "achiever",
    "card_check",
    "first_achieved",
    "holds",
    "kind_label",
    "render_en",
    "render_ja",
    "trick_facts",
    "trick_gate",
    "trick_predicate",
    "validate",
]
