"""The card faces, drawn by the site itself: one geometry for the SVG sprite that every page with
cards carries (``<svg class="face"><use href="#c-HK"/></svg>``, the same markup from present/puzzle.py
and from site/assets/cards.js) and for the PNG pictures of positions (``sitebuild.images``).

A face is 60 by 84 units: the index (rank and suit) in the top-left corner and, turned round, in
the bottom-right one; the pips of a number card in their usual places, one big pip on an ace, and a
framed picture on a king, queen and jack (crown, tiara, cap: told apart at a glance, not only by
their letter). Suits are shapes (cubic curves and circles), never font glyphs, so they look the
same on every device; the whole face is an image whose text alternative is the card's spoken name.
"""

from __future__ import annotations

from dataclasses import dataclass

SUITS = "SCDH"
RANKS = "ATKQJ9876"
RED = "DH"
WIDTH, HEIGHT = 60, 84
RANK_TEXT = {"T": "10"}


@dataclass(frozen=True)
class Curve:
    """A closed outline: a start point and cubic segments (c1, c2, end), in a 100 x 100 box."""

    start: tuple[float, float]
    segments: tuple[tuple[tuple[float, float], tuple[float, float], tuple[float, float]], ...]


@dataclass(frozen=True)
class Circle:
    center: tuple[float, float]
    radius: float


def _line(a, b):
    """A straight segment from a to b written as a cubic one (its second control point is its end)."""
    return (a, b, b)


# Suits in a 100 x 100 box, filled with the suit's colour.
SUIT_SHAPES: dict[str, tuple] = {
    "H": (
        Curve(
            (50, 95),
            (
                ((22, 72), (2, 52), (2, 32)),
                ((2, 16), (14, 5), (28, 5)),
                ((39, 5), (46, 12), (50, 22)),
                ((54, 12), (61, 5), (72, 5)),
                ((86, 5), (98, 16), (98, 32)),
                ((98, 52), (78, 72), (50, 95)),
            ),
        ),
    ),
    "D": (
        Curve(
            (50, 2),
            (
                ((62, 20), (74, 36), (88, 50)),
                ((74, 64), (62, 80), (50, 98)),
                ((38, 80), (26, 64), (12, 50)),
                ((26, 36), (38, 20), (50, 2)),
            ),
        ),
    ),
    "S": (
        Curve(
            (50, 2),
            (
                ((66, 22), (98, 40), (98, 62)),
                ((98, 76), (88, 84), (76, 84)),
                ((66, 84), (58, 79), (54, 72)),
                ((55, 84), (60, 92), (70, 98)),
                _line((70, 98), (30, 98)),
                ((40, 92), (45, 84), (46, 72)),
                ((42, 79), (34, 84), (24, 84)),
                ((12, 84), (2, 76), (2, 62)),
                ((2, 40), (34, 22), (50, 2)),
            ),
        ),
    ),
    "C": (
        Circle((50, 27), 22),
        Circle((26, 58), 22),
        Circle((74, 58), 22),
        Curve(
            (46, 40),
            (
                _line((46, 40), (54, 40)),
                ((54, 70), (58, 88), (70, 98)),
                _line((70, 98), (30, 98)),
                ((42, 88), (46, 70), (46, 40)),
            ),
        ),
        Circle((50, 52), 10),
    ),
}

# Emblems of the face cards in the picture frame (a 30 x 16 box at the top of the frame).
EMBLEMS = {
    # a crown with three points
    "K": Curve(
        (2, 16),
        (
            _line((2, 16), (0, 2)),
            _line((0, 2), (8, 9)),
            _line((8, 9), (15, 0)),
            _line((15, 0), (22, 9)),
            _line((22, 9), (30, 2)),
            _line((30, 2), (28, 16)),
            _line((28, 16), (2, 16)),
        ),
    ),
    # a rounded tiara
    "Q": Curve(
        (3, 16),
        (
            ((3, 8), (9, 3), (15, 3)),
            ((21, 3), (27, 8), (27, 16)),
            _line((27, 16), (3, 16)),
        ),
    ),
    # a cap with a feather
    "J": Curve(
        (2, 16),
        (
            ((2, 6), (10, 2), (18, 4)),
            ((24, 0), (30, 0), (30, 4)),
            ((26, 5), (24, 8), (25, 16)),
            _line((25, 16), (2, 16)),
        ),
    ),
}

# Pip centres of the number cards and their size (the ace has one big pip). Unlike printed cards,
# no pip is turned round: an upside-down heart looks like a spade to a beginner.
_SIX = tuple((x, y) for y in (17, 42, 67) for x in (21.5, 38.5))
_NINE = tuple((x, y) for y in (16, 33, 51, 68) for x in (21, 39))
PIPS: dict[str, tuple[float, tuple[tuple[float, float], ...]]] = {
    "6": (11, _SIX),
    "7": (11, _SIX + ((30, 29.5),)),
    "8": (11, _SIX + ((30, 29.5), (30, 54.5))),
    "9": (10, _NINE + ((30, 42),)),
    "T": (10, _NINE + ((30, 24.5), (30, 59.5))),
}
ACE_PIP = 26
INDEX_X, INDEX_RANK_Y, INDEX_RANK_SIZE = 8.5, 16.5, 16
INDEX_SUIT = (3.5, 20, 10)  # x, y, size
FRAME = (15.5, 9, 29, 66)  # x, y, width, height of a face card's picture
FACE_LETTER_SIZE = 22
FRAME_FILL = "#fbf0d0"
EMBLEM_FILL = "#e0a82e"
EMBLEM_STROKE = "#8a5a00"


def rank_text(rank: str) -> str:
    return RANK_TEXT.get(rank, rank)


def _num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def curve_path(curve: Curve, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> str:
    def p(point):
        return f"{_num(point[0] * scale + dx)} {_num(point[1] * scale + dy)}"

    parts = [f"M{p(curve.start)}"]
    for c1, c2, end in curve.segments:
        if c2 == end:
            parts.append(f"L{p(end)}")
        else:
            parts.append(f"C{p(c1)} {p(c2)} {p(end)}")
    return "".join(parts) + "Z"


def _suit_symbol(suit: str) -> str:
    body = []
    for shape in SUIT_SHAPES[suit]:
        if isinstance(shape, Circle):
            body.append(f'<circle cx="{_num(shape.center[0])}" cy="{_num(shape.center[1])}" r="{_num(shape.radius)}"/>')
        else:
            body.append(f'<path d="{curve_path(shape)}"/>')
    return f'<symbol id="s-{suit}" viewBox="0 0 100 100">{"".join(body)}</symbol>'


def _use(suit: str, x: float, y: float, size: float) -> str:
    return f'<use href="#s-{suit}" x="{_num(x)}" y="{_num(y)}" width="{_num(size)}" height="{_num(size)}"/>'


def _index(card: str) -> str:
    suit, rank = card[0], card[1]
    text = rank_text(rank)
    squeeze = ' textLength="15" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""
    x, y, size = INDEX_SUIT
    return (
        f'<text x="{_num(INDEX_X)}" y="{_num(INDEX_RANK_Y)}" font-size="{INDEX_RANK_SIZE}"{squeeze}>{text}</text>'
        + _use(suit, x, y, size)
    )


def pip_layout(rank: str) -> list[tuple[float, float, float]]:
    """(x, y, size) of every pip of a number card or ace, in face units."""
    if rank == "A":
        return [(WIDTH / 2 - ACE_PIP / 2, HEIGHT / 2 - ACE_PIP / 2, ACE_PIP)]
    if rank not in PIPS:
        return []
    size, centres = PIPS[rank]
    return [(x - size / 2, y - size / 2, size) for x, y in centres]


def _face_picture(card: str) -> str:
    suit, rank = card[0], card[1]
    x, y, w, h = FRAME
    emblem = curve_path(EMBLEMS[rank], 1.0, x + (w - 30) / 2, y + 6)
    return (
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="3" '
        f'fill="{FRAME_FILL}" stroke="currentColor" stroke-width="0.8"/>'
        f'<path d="{emblem}" fill="{EMBLEM_FILL}" stroke="{EMBLEM_STROKE}" stroke-width="0.8" stroke-linejoin="round"/>'
        f'<text x="{_num(WIDTH / 2)}" y="{_num(y + h / 2 + 9)}" font-size="{FACE_LETTER_SIZE}">{rank}</text>'
        + _use(suit, WIDTH / 2 - 5, y + h - 16, 10)
    )


def _card_symbol(card: str) -> str:
    rank = card[1]
    corner = _index(card)
    middle = _face_picture(card) if rank in "KQJ" else "".join(_use(card[0], *pip) for pip in pip_layout(rank))
    return (
        f'<symbol id="c-{card}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'{middle}{corner}<g transform="rotate(180 {WIDTH // 2} {HEIGHT // 2})">{corner}</g></symbol>'
    )


def cards() -> list[str]:
    return [s + r for s in SUITS for r in RANKS]


def sprite() -> str:
    """The hidden SVG that defines every suit (``#s-H``) and every card face (``#c-HK``)."""
    symbols = [_suit_symbol(s) for s in SUITS] + [_card_symbol(c) for c in cards()]
    return f'<svg class="card-sprite" aria-hidden="true" focusable="false"><defs>{"".join(symbols)}</defs></svg>'
