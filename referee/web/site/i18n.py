"""Language: chosen by a cookie the switch sets, else the browser's Accept-Language.

Each area (core, and each game) keeps its own catalogue (a game's in its folder), so work on one
game never edits another's; Flask-Babel merges them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import current_app, request
from flask_babel import get_locale, gettext
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from referee.rules.base import WORDS, RuleError, Texts
from referee.translation_catalogs import directories

COOKIE = "lang"


def translation_directories() -> list[str]:
    """Every area's catalogue folder: the shared ones and each game's own (translation_catalogs.py)."""
    return [str(d) for d in directories()]


def compile_catalogs() -> None:
    """Compile each .po to .mo when the .mo is missing or older (cheap when up to date)."""
    for po in (po for d in directories() for po in d.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as f:
                catalog = read_po(f)
            with mo.open("wb") as f:
                write_mo(f, catalog)


def select_locale() -> str:
    return choose_locale(
        request.cookies.get(COOKIE), request.headers.get("Accept-Language"), current_app.config["LANGUAGES"]
    )


def choose_locale(chosen: str | None, accept_language: str | None, languages: Sequence[str]) -> str:
    """The language of a page: the switch's cookie if it names one we have, else the browser's best
    match, else the first. Pure, so the live gate (``live_gate``) picks exactly what Flask-Babel does."""
    if chosen is not None and chosen in languages:
        return chosen
    return parse_accept_header(accept_language, LanguageAccept).best_match(languages) or languages[0]


def say(message: str, params: Mapping[str, Any] | None = None) -> str:
    """A rules-layer message (msgid with %(name)s params) in the request's language."""
    ja = str(get_locale()) == "ja"
    words = {
        k: gettext(v) if isinstance(v, str) and v in WORDS
        else (v.ja if ja else v.en) if isinstance(v, Texts)
        else gettext(", ").join(map(str, v)) if isinstance(v, tuple)  # a list (base.param_text), "、" in Japanese
        else v
        for k, v in (params or {}).items()
    }
    return no_honorific_for_stand_ins(gettext(message, **words))


def no_honorific_for_stand_ins(text: str) -> str:
    """Japanese names a player "Benさん" in every sentence; a stand-in in a name's place is no person: the
    dummy (two-player Ninety-Nine, "ダミーさん" reads wrong, "ダミー" right) and an unnamed player
    ("Player 1" of the quick checks: "プレイヤー1", as their forms write it, not "プレイヤー1さん", issue 27)."""
    if "さん" not in text:
        return text
    dummy = gettext("the dummy")
    return unnamed_player(gettext("Player %(n)s")).sub(r"\1", text.replace(f"{dummy}さん", dummy))


@cache
def unnamed_player(name: str) -> re.Pattern[str]:
    """The translated "Player %(n)s" with a number and さん after it; its group is the name without さん."""
    before, _n, after = name.partition("%(n)s")
    return re.compile(f"({re.escape(before)}\\d+{re.escape(after)})さん")


def explain(error: RuleError) -> str:
    return say(error.message, error.params)
