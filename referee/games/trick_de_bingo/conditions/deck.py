"""The proposed 50-card condition catalog of docs/rules/trick-de-bingo.md §4.5, every card as data.

``CATALOG`` (ids ``TB-01`` .. ``TB-50``) is what the table uses by default and what the printables
print. Each card keeps the digest's Japanese and English wording, its type, simulated rate, tier and
bonus (BP is paid when the card is placed, T10; VP only if it is flipped, T20). The seed's own
examples are #1, #5, #9, #13, #15 and #18.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypedDict

from referee.rules.base import Texts
from referee.rules.frozen import derived

from .language import kind_label

WIN = {"outcome": "win"}
LOSE = {"outcome": "lose"}
LEAD = {"led": True}
ANY: dict[str, list[Any]] = {"all": []}


class CardDetail(TypedDict):
    """A :class:`ConditionCard` in a view's detail (a table's custom cards)."""

    id: str
    ja: str
    en: str
    condition: dict[str, Any]  # the condition language's data (language.py)
    type: str  # trick | multi | cumul (§4.5)
    bp: int
    vp: int
    tier: str


class CellKeys(TypedDict):
    """A placed :class:`ConditionCard`'s own keys in a sheet's cell (``view.SheetCell``)."""

    ja: str
    en: str
    bp: int
    vp: int
    type: str


@dataclass(frozen=True)
class ConditionCard:
    """One condition card: its id, texts, the condition as data, and its BP/VP bonus."""

    id: str
    ja: str
    en: str
    condition: Mapping[str, Any]
    bp: int = 0
    vp: int = 0
    tier: str = ""
    rate: str = ""

    @derived
    def type(self) -> str:
        """Kept once read: a view shows the type of every card on the sheets."""
        return kind_label(self.condition)

    @derived
    def sheet_keys(self) -> CellKeys:
        """The card's keys in a sheet's cell (``view.SheetCell``), in their order there: made once per
        card (a catalog card's once per process), since every view writes every card on the sheets.
        Read only by unpacking it into a cell of its own, so no reader can change it."""
        return {"ja": self.ja, "en": self.en, "bp": self.bp, "vp": self.vp, "type": self.type}

    @derived
    def words(self) -> Texts:
        """What the card says, in each language: how a sentence names it to players (never by its id).
        Kept once read: the history names a card at its pick and at its flip, and refusals name it."""
        return Texts(self.en, self.ja)

    def as_json(self) -> CardDetail:
        return {
            "id": self.id,
            "ja": self.ja,
            "en": self.en,
            "condition": dict(self.condition),
            "type": self.type,
            "bp": self.bp,
            "vp": self.vp,
            "tier": self.tier,
        }


def _trick(*atoms: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": "trick", "when": atoms[0] if len(atoms) == 1 else {"all": list(atoms)}}


def _card(**f: Any) -> dict[str, Any]:
    return {"card": f}


_BONUS = {"E": (0, 0), "M": (0, 1), "H": (0, 2), "X": (1, 3)}

# (number, 日本語, English, condition, rate, tier); holder cards (#48, #49) give their lowered tier.
_ROWS: tuple[tuple[int, str, str, dict[str, Any], str, str], ...] = (
    (1, "クラブでトリックに勝つ", "Win a trick with a club", _trick(WIN, _card(suit="C")), "0.56", "E"),
    (2, "ダイヤでトリックに勝つ", "Win a trick with a diamond", _trick(WIN, _card(suit="D")), "0.55", "E"),
    (3, "ハートでトリックに勝つ", "Win a trick with a heart", _trick(WIN, _card(suit="H")), "0.55", "E"),
    (4, "スペードでトリックに勝つ", "Win a trick with a spade", _trick(WIN, _card(suit="S")), "0.55", "E"),
    (
        5,
        "ハートをリードしてトリックに負ける",
        "Lead a heart and lose that trick",
        _trick(LEAD, _card(suit="H"), LOSE),
        "0.42",
        "M",
    ),
    (
        6,
        "スペードをリードしてトリックに負ける",
        "Lead a spade and lose that trick",
        _trick(LEAD, _card(suit="S"), LOSE),
        "0.42",
        "M",
    ),
    (
        7,
        "クラブをリードしてトリックに勝つ",
        "Lead a club and win that trick",
        _trick(LEAD, _card(suit="C"), WIN),
        "0.22",
        "H",
    ),
    (
        8,
        "ダイヤをリードしてトリックに勝つ",
        "Lead a diamond and win that trick",
        _trick(LEAD, _card(suit="D"), WIN),
        "0.22",
        "H",
    ),
    (9, "Aを出してトリックに負ける", "Lose a trick with an Ace", _trick(LOSE, _card(rank=14)), "0.20", "H"),
    (10, "2でトリックに勝つ", "Win a trick with a 2", _trick(WIN, _card(rank=2)), "0.02", "X"),
    (
        11,
        "絵札(J・Q・K)でトリックに勝つ",
        "Win a trick with a court card (J, Q or K)",
        _trick(WIN, _card(court=True)),
        "0.79",
        "E",
    ),
    (
        12,
        "10以下の数札でトリックに勝つ",
        "Win a trick with a card ranked 2-10",
        _trick(WIN, _card(min=2, max=10)),
        "0.59",
        "E",
    ),
    (
        13,
        "4を出し、それがトリックの最小値だった",
        "Play a 4 that is the lowest rank in its trick",
        _trick(_card(rank=4), {"extreme": "lowest"}),
        "0.46",
        "M",
    ),
    (
        14,
        "Qを出し、それがトリックの最大値だった",
        "Play a Queen that is the highest rank in its trick",
        _trick(_card(rank=12), {"extreme": "highest"}),
        "0.47",
        "M",
    ),
    (
        15,
        "右隣より小さい数字を出す",
        "Play a lower rank than your right-hand neighbour in the same trick",
        _trick({"rank": {"op": "lt", "than": "right"}}),
        "1.00",
        "E",
    ),
    (
        16,
        "リードされたカードよりちょうど1つ上の数字を出す",
        "Play exactly one rank above the card led (e.g. an 8 on a led 7, any suit)",
        _trick({"rank": {"op": "eq", "than": "leader", "plus": 1}}),
        "0.53",
        "E",
    ),
    (
        17,
        "向かいの人と同じ数字を出す",
        "Play the same rank as the player opposite, in the same trick",
        _trick({"rank": {"op": "eq", "than": "opposite"}}),
        "0.28",
        "M",
    ),
    (
        18,
        "連続する2トリックで同じ数字を出す",
        "Play the same rank in two consecutive tricks",
        {"kind": "run", "length": 2, "when": ANY, "same": "rank"},
        "0.51",
        "E",
    ),
    (
        19,
        "連続する2トリックで同じスートをリードする",
        "Lead the same suit in two consecutive tricks",
        {"kind": "run", "length": 2, "when": LEAD, "same": "suit"},
        "0.24",
        "H",
    ),
    (
        20,
        "2トリック連続で勝つ",
        "Win two consecutive tricks",
        {"kind": "run", "length": 2, "when": WIN},
        "0.56",
        "E",
    ),
    (
        21,
        "3トリック連続で勝つ",
        "Win three consecutive tricks",
        {"kind": "run", "length": 3, "when": WIN},
        "0.25",
        "M",
    ),
    (
        22,
        "3トリック連続で負ける",
        "Lose three consecutive tricks",
        {"kind": "run", "length": 3, "when": LOSE},
        "0.97",
        "E",
    ),
    (23, "第1トリックに勝つ", "Win trick 1", _trick({"trick": 1}, WIN), "0.25", "M"),
    (
        24,
        "第13トリック(最終トリック)に勝つ",
        "Win trick 13 (the last trick)",
        _trick({"trick": 13}, WIN),
        "0.25",
        "M",
    ),
    (25, "第7トリックでリードする", "Lead to trick 7", _trick({"trick": 7}, LEAD), "0.25", "M"),
    (
        26,
        "通算4トリック以上勝つ",
        "Win 4 or more tricks in total (achieved on the 4th win)",
        {"kind": "count", "when": WIN, "at_least": 4},
        "0.40",
        "M",
    ),
    (
        27,
        "第6トリック終了時点で1トリックも勝っていない",
        "Have won no trick when trick 6 ends",
        {"kind": "count", "when": WIN, "at_most": 0, "at_trick": 6},
        "0.19",
        "H",
    ),
    (
        28,
        "4枚とも同じスートのトリックに勝つ",
        "Win a trick in which all four cards are the same suit",
        _trick(WIN, {"suits": 1}),
        "0.82",
        "E",
    ),
    (
        29,
        "4スートすべてが出たトリックに勝つ",
        "Win a trick that contains all four suits",
        _trick(WIN, {"suits": 4}),
        "0.06",
        "X",
    ),
    (
        30,
        "リードと違うスートを出す",
        "Play a card of a suit other than the one led",
        _trick(_card(follows=False)),
        "0.91",
        "E",
    ),
    (
        31,
        "同じ数字が2枚以上含まれるトリックに勝つ",
        "Win a trick that contains two or more cards of the same rank",
        _trick(WIN, {"pair": True}),
        "0.34",
        "M",
    ),
    (
        32,
        "リードしたカードがトリックの最小値だった",
        "Lead a card that is the lowest rank in its trick",
        _trick(LEAD, {"extreme": "lowest"}),
        "0.61",
        "E",
    ),
    (
        33,
        "トリック中で最も高いランクを出して負ける",
        "Play the highest rank in a trick and still lose it",
        _trick({"extreme": "highest"}, LOSE),
        "0.55",
        "E",
    ),
    (
        34,
        "偶数の数札(2・4・6・8・10)でトリックに勝つ",
        "Win a trick with an even number card (2, 4, 6, 8, 10)",
        _trick(WIN, _card(parity="even")),
        "0.42",
        "M",
    ),
    (
        35,
        "奇数の数札(3・5・7・9)でトリックに勝つ",
        "Win a trick with an odd number card (3, 5, 7, 9)",
        _trick(WIN, _card(parity="odd")),
        "0.32",
        "M",
    ),
    (
        36,
        "3番手に出してトリックに勝つ",
        "Win a trick playing third",
        _trick(WIN, {"position": 3}),
        "0.52",
        "E",
    ),
    (
        37,
        "4番手(最後)に出してトリックに勝つ",
        "Win a trick playing fourth (last)",
        _trick(WIN, {"position": 4}),
        "0.51",
        "E",
    ),
    (
        38,
        "2番手に出してトリックに勝つ",
        "Win a trick playing second",
        _trick(WIN, {"position": 2}),
        "0.52",
        "E",
    ),
    (39, "自分がリードしたトリックに勝つ", "Win a trick that you led", _trick(LEAD, WIN), "0.58", "E"),
    (
        40,
        "3種類のスートでそれぞれトリックに勝つ",
        "Win tricks with cards of three different suits (round total)",
        {"kind": "count", "when": WIN, "distinct": "suit", "at_least": 3},
        "0.41",
        "M",
    ),
    (
        41,
        "4枚とも同じスートのトリックで最小値を出す",
        "In a trick whose four cards are all one suit, play the lowest card",
        _trick({"suits": 1}, {"extreme": "lowest"}),
        "0.82",
        "E",
    ),
    (42, "10でトリックに勝つ", "Win a trick with a 10", _trick(WIN, _card(rank=10)), "0.25", "M"),
    (43, "Qを出してトリックに負ける", "Lose a trick with a Queen", _trick(LOSE, _card(rank=12)), "0.42", "M"),
    (44, "Jでトリックに勝つ", "Win a trick with a Jack", _trick(WIN, _card(rank=11)), "0.33", "M"),
    (45, "Kを出してトリックに負ける", "Lose a trick with a King", _trick(LOSE, _card(rank=13)), "0.33", "M"),
    (
        46,
        "4枚の合計が20以下のトリックに勝つ",
        "Win a trick whose four ranks add up to 20 or less (J=11, Q=12, K=13, A=14)",
        _trick(WIN, {"sum": {"max": 20}}),
        "0.14",
        "H",
    ),
    (
        47,
        "通算で4スートすべてをリードする",
        "Over the round, lead at least one card of each suit",
        {"kind": "count", "when": LEAD, "distinct": "suit", "at_least": 4},
        "0.07",
        "X",
    ),
    (
        48,
        "スペードのQでトリックに負ける",
        "Lose a trick with the Queen of spades (holder card)",
        _trick(LOSE, _card(card="QS")),
        "0.12",
        "M",
    ),
    (
        49,
        "ハートのAでトリックに勝つ",
        "Win a trick with the Ace of hearts (holder card)",
        _trick(WIN, _card(card="AH")),
        "0.20",
        "E",
    ),
    (
        50,
        "同じ数字のカードでトリックに2回勝つ",
        "Win two tricks with cards of the same rank (e.g. two 9s)",
        {"kind": "count", "when": WIN, "same": "rank", "at_least": 2},
        "0.39",
        "M",
    ),
)


def _build() -> tuple[ConditionCard, ...]:
    cards = []
    for number, ja, en, condition, rate, tier in _ROWS:
        bp, vp = _BONUS[tier]
        cards.append(ConditionCard(f"TB-{number:02d}", ja, en, condition, bp, vp, tier, rate))
    return tuple(cards)


CATALOG: tuple[ConditionCard, ...] = _build()
CATALOG_BY_ID: Mapping[str, ConditionCard] = {card.id: card for card in CATALOG}
