"""Tiles, cards and scores have names a screen reader reads right, in English and Japanese (issue 33)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from referee.rules import spoken
from referee.translation_catalogs import CATALOGS


def japanese() -> spoken.Say:
    """The Japanese catalogues merged, as the app's gettext sees them."""
    words: dict[str, str] = {}
    for po in sorted(CATALOGS.glob("*/ja/LC_MESSAGES/messages.po")):
        with po.open("rb") as f:
            words.update({m.id: m.string for m in read_po(f) if isinstance(m.id, str) and m.string})
    return lambda msgid: words.get(msgid, msgid)


SAY = {"en": lambda msgid: msgid, "ja": japanese()}


@pytest.mark.parametrize(
    ("value", "en", "ja"),
    [
        ("6-4", "six-four", "6と4"),
        ("4-6", "six-four", "6と4"),  # the higher number first, as the tile is named
        ("6-6", "double six", "6のダブル"),
        ("3-0", "three-blank", "3とブランク"),
        ("0-0", "double blank", "ブランクのダブル"),
        ("9-8", "nine-eight", "9と8"),  # a double-nine set
    ],
)
def test_a_tile_is_said_as_its_two_numbers(value, en, ja):
    assert spoken.tile(value, SAY["en"]) == en
    assert spoken.tile(value, SAY["ja"]) == ja


@pytest.mark.parametrize(
    ("value", "en", "ja"),
    [
        ("QH", "queen of hearts", "ハートのクイーン"),
        ("10C", "ten of clubs", "クラブの10"),
        ("AS", "ace of spades", "スペードのエース"),
        ("2D", "two of diamonds", "ダイヤの2"),
        ("JS", "jack of spades", "スペードのジャック"),
        ("KD", "king of diamonds", "ダイヤのキング"),
        ("Q♥", "queen of hearts", "ハートのクイーン"),
        ("JK", "joker", "ジョーカー"),
    ],
)
def test_a_card_is_said_as_rank_of_suit(value, en, ja):
    assert spoken.card(value, SAY["en"]) == en
    assert spoken.card(value, SAY["ja"]) == ja


@pytest.mark.parametrize(
    ("a", "b", "en", "ja"), [(66, 40, "66 to 40", "66対40"), (0, -5, "0 to -5", "0対-5")]
)
def test_a_score_is_said_as_one_side_to_the_other(a, b, en, ja):
    assert spoken.score(a, b, SAY["en"]) == en
    assert spoken.score(a, b, SAY["ja"]) == ja


def test_every_tile_and_card_has_a_spoken_name_in_japanese_without_english_left():
    ja = SAY["ja"]
    names = [spoken.tile(f"{hi}-{lo}", ja) for hi in range(7) for lo in range(hi + 1)]
    names += [
        spoken.card(f"{r}{s}", ja) for r in ("A", "K", "Q", "J", *map(str, range(2, 11))) for s in "SHDC"
    ]
    assert len(set(names)) == len(names)  # no two tiles or cards sound alike
    assert not [n for n in names if any(c.isascii() and c.isalpha() for c in n)]


@pytest.mark.parametrize(
    ("lang", "written", "said"),
    [
        ("en", "Recorded: Ben plays 6-4. Ben wins", "Recorded: Ben plays six-four. Ben wins"),
        ("en", "Trick 3: Aki 6-6, Ben 3-0 — Aki wins.", "Trick 3: Aki double six, Ben three-blank — Aki wins."),
        ("en", "Trick 2: Aki Q♥, Ben 10♣ — Ben wins.", "Trick 2: Aki queen of hearts, Ben ten of clubs — Ben wins."),
        ("en", "Totals: 66-40", "Totals: 66 to 40"),
        ("en", "digits 0-9, not 12:30-1 or 2026-11-27", "digits 0 to 9, not 12:30-1 or 2026-11-27"),
        ("ja", "記録：ベンさんが6-4を出しました。", "記録：ベンさんが6と4を出しました。"),
        ("ja", "アキさんA♠、ベンさん6-6", "アキさんスペードのエース、ベンさん6のダブル"),
        ("ja", "合計：66-40", "合計：66対40"),
    ],
)
def test_an_announcement_says_its_tiles_cards_and_scores_in_spoken_forms(lang, written, said):
    """What a live region says is the page's sentence with "6-4" said "six-four" ("6と4"), never "6 minus 4"."""
    assert spoken.sentence(written, SAY[lang]) == said
