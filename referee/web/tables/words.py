"""Plain words for players: history sentences, lists in the reader's language, and rule codes
moved out of a sentence into a small "why" disclosure.

The rules layer says what happened as :class:`~referee.rules.base.Line` (an msgid with params);
this module turns it into the request's language. Rule codes ("(B15)", "（B38、B41）") belong to
the rules digest, not to the sentence a player reads: :func:`why` shows them behind a tap.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from flask_babel import get_locale, get_translations, gettext
from markupsafe import Markup, escape

from referee.games import GAMES
from referee.rules import spoken
from referee.rules.base import WORDS, Breach, D, Line, RuleError, Texts
from referee.rules.cards import Card
from referee.rules.events import decode
from referee.store.replay import Effective, Replayed
from referee.web.site.i18n import no_honorific_for_stand_ins, say

from .access import Access
from .presenting import public_events

# A parenthesised note that starts with a rule id of the digest: B15, F-Δ1, N12, T2, D-Δ3, R15.
# The id ends where no letter or digit of its own follows (a Japanese note goes on at once: "B44の表").
_RULE_NOTE = re.compile(r"\s*[(（]\s*([A-Z]{1,2}(?:-Δ)?\d+[a-z]?(?:[-–][A-Z]{1,2}\d+)?(?![0-9A-Za-z])[^()（）]*)[)）]")


def split_rules(text: str) -> tuple[str, str]:
    """``(sentence, rules)``: the text without its rule notes, and the notes joined (or "")."""
    notes = [m.group(1).strip() for m in _RULE_NOTE.finditer(text)]
    if not notes:
        return text, ""
    sentence = _RULE_NOTE.sub("", text)
    sentence = re.sub(r"\s+([.。,、:：])", r"\1", sentence).strip()
    return sentence, "; ".join(notes)


def _safe(text: Any) -> str:
    return str(text if isinstance(text, Markup) else escape(str(text)))


_RULE_ID = re.compile(r"[A-Z]{1,2}(?:-Δ)?\d+[a-z]?")
RULE_WORDS = {code: words for game in GAMES.values() for code, words in game.rule_words}
"""Every game's rules in plain words, by rule id (each game's ids have their own letter)."""


def rule_words(rules: str) -> str:
    """What the rules cited in ``rules`` say, in the reader's language (those that have their words)."""
    return " ".join(
        say(RULE_WORDS[code], {}) for code in dict.fromkeys(_RULE_ID.findall(rules)) if code in RULE_WORDS
    )


def why(text: Any, first: str | None = None) -> Markup:
    """The text with its rule codes behind a "why" disclosure (HTML): the rules in words where they have
    them, then their ids; already-safe text stays safe. ``first``: a sentence the disclosure says before
    the rules, such as the count a verdict rests on (newplayer9: a claim's points added up)."""
    if text is None or text == "":
        return Markup("")
    note = why_note([text], first)
    return Markup("{} {}").format(unwhy(text), note) if note else unwhy(text)


def unwhy(text: Any) -> Markup:
    """The text without its rule notes: one of several lines whose notes share one :func:`why_note`."""
    return Markup(split_rules(_safe(text))[0])


_TAG_OR_TILE = re.compile(r"(<[^>]*>)|(?<![\w./-])(\d{1,2}-\d{1,2})(?![\w/-])")


def whole_tiles(text: Any) -> Markup:
    """Each tile name of a sentence ("5-3") kept on one line: a browser may break a line after a hyphen,
    and a list of tiles wrapping as "5-" / "3" reads as two wrong tiles (newplayer5). Only text between
    tags changes, and only by a span around the name, so what the page says stays the same."""
    html = _safe(text)
    return Markup(_TAG_OR_TILE.sub(lambda m: m.group(1) or f'<span class="tile-name">{m.group(2)}</span>', html))


def why_note(texts: Any, first: str | None = None) -> Markup:
    """One "why" disclosure holding the rule notes of all the texts (each note once), or nothing: a
    breakdown of many short lines (a deal's score, bid by bid) reads better with a single tap for why.
    ``first``: a sentence it says before the rules."""
    notes: list[str] = []
    for text in texts:
        for note in split_rules(_safe(text))[1].split("; "):
            if note and note not in notes:
                notes.append(note)
    if not notes:
        return Markup("")
    rules = "; ".join(notes)
    said = rule_words(rules)
    return Markup('<details class="why"><summary>{}</summary>{}{}<span class="rule">{}</span></details>').format(
        gettext("why?"),
        Markup('<span class="why-first">{}</span> ').format(first) if first else "",
        Markup('<span class="rule-words">{}</span> ').format(said) if said else "",
        Markup(rules),
    )


class Speaker:
    """The reader's language, looked up once for many sentences: a long table's history is most of
    what a live fragment renders, and Flask-Babel finds the request's translations on every call."""

    def __init__(self) -> None:
        self.translations = get_translations()
        self.ja = str(get_locale()) == "ja"

    def gettext(self, message: str, **params: Any) -> str:
        """As Flask-Babel's ``gettext``: the translation, formatted when there are params."""
        text: str = self.translations.ugettext(message)
        return text % params if params else text

    def word(self, value: Any) -> Any:
        """A param as the reader reads it: a marked word translated, a list joined in their language,
        a sentence (a list's item with a word of its own) said."""
        if isinstance(value, Line):
            return self.line(value)
        if isinstance(value, Texts):
            return value.ja if self.ja else value.en
        if isinstance(value, tuple | list):
            return self.gettext(", ").join(str(self.word(v)) for v in value)
        if isinstance(value, str) and value in WORDS:
            return self.gettext(value)
        return value

    def line(self, line: Line | None) -> str:
        """One history line (and the sentences after it) in the reader's language."""
        if line is None:
            return ""
        params = {k: self.word(v) for k, v in line.params.items()}
        if line.plural is not None:
            n = int(line.params.get("n", 0))
            text = self.translations.ungettext(line.message, line.plural, n) % {"num": n, **params}
        else:
            text = self.gettext(line.message, **params)
        for more in line.more:  # Japanese sentences follow one another without a space
            text += ("" if text.endswith(("。", "」", "）")) else " ") + self.line(more)
        return no_honorific_for_stand_ins(text) if self.ja else text


def words(value: Any) -> Any:
    """A param as the reader reads it: a marked word translated, a list joined in their language."""
    return Speaker().word(value)


def say_line(line: Line | None) -> str:
    """One history line (and the sentences after it) in the request's language."""
    return Speaker().line(line)


def event_words(rep: Replayed[D], body: Mapping[str, Any] | None) -> str:
    """An event body on its own (a correction's original, a proposed correction) in plain words:
    what was played, without the outcome, which depends on the events around it."""
    if not body:
        return ""
    if body.get("sealed"):  # as a reader who may not see it gets it (state.public_events): whose, not what
        seat = body.get("seat")
        if not (isinstance(seat, int) and 0 <= seat < len(rep.players)):  # the dummy (two players)
            # the scorer enters it, so the answer to it says what the history says: set aside face down before
            # the tricks, turned up after them (it stays private while another bid is missing; "sealed" said the
            # opposite, newplayer9). Only the latest entry has its sentence made with its states.
            latest = rep.effective[-1].body if rep.effective else {}
            if latest.get("type") == body.get("type") and latest.get("seat") == seat and rep.lines[-1] is not None:
                return say_line(rep.lines[-1])
            return gettext("The dummy's bid is sealed.")
        return gettext("%(name)s sealed a bid.", name=rep.players[seat])
    game = rep.game
    try:
        ev = decode(game.events, body)
    except RuleError:
        return gettext("an entry that cannot be read")
    if game.narrate is None:
        return ""
    said = say_line(game.narrate(ev, rep.players))
    cards = body.get("cards") if body.get("type") in game.private_events else None
    if cards:  # a seat's own private event, shown to a reader who may see it (its seat, or once open)
        return gettext("%(said)s Cards: %(cards)s.", said=said, cards=words(tuple(card_face(c) for c in cards)))
    return said


def card_face(code: Any) -> str:
    """A card code as players write it (A♠), or the code itself if it is not one."""
    try:
        return Card.parse(str(code)).face
    except RuleError:
        return str(code)


def breach_sentence(breach: Breach) -> str:
    """What was wrong and its rule (the rule id in brackets, which :func:`why` moves behind the
    disclosure): the breach as the answer says it, where no entry numbers are shown."""
    message = say(breach.message, dict(breach.params))
    if breach.rule and breach.rule not in message:
        message = f"{message} ({breach.rule})"
    return message


def breach_words(rep: Replayed[D], breach: Breach) -> str:
    """A rule break found afterwards, as the history lists it: the entry it is about, then
    :func:`breach_sentence`."""
    return gettext("Entry %(n)s: %(message)s", n=rep.seq_of(breach.event) or "?", message=breach_sentence(breach))


def line_of(rep: Replayed[D], seq: int) -> tuple[Mapping[str, Any], Line | None] | None:
    """The event logged as ``seq`` as it now stands, with its history line; None if it does not stand."""
    i = next((i for i, e in enumerate(rep.effective) if e.seq == seq), None)
    if i is None:
        return None
    return rep.effective[i].body, rep.lines[i] if i < len(rep.lines) else None


def entry_line(rep: Replayed[D], seq: int) -> str:
    """The history's sentence for the event logged as ``seq``, as it now stands and with its
    outcome ("Trick 3: Aki 6-4, Ben 5-5 — Ben wins.")."""
    found = line_of(rep, seq)
    return say_line(found[1]) if found else ""


def history(rep: Replayed[D], access: Access) -> Iterator[tuple[Effective, str]]:
    """The effective events as this reader may see them, each with its sentence, oldest first."""
    lines, speaker = rep.lines, Speaker()
    for i, e in enumerate(public_events(rep, access)):
        yield e, speaker.line(lines[i]) if i < len(lines) else ""


_WHY = re.compile(r'<details class="why">.*?</details>', re.S)


def spoken_text(html: Any) -> str:
    """What a live region says for a piece of the page (issue 33): its text without the "why"
    disclosures, with tiles, cards and scores in their spoken forms ("six-four", not "6-4")."""
    text = Markup(_WHY.sub("", str(html))).striptags()
    return spoken.sentence(text, gettext)
