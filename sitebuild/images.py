"""Pictures of positions for link previews (``og:image``): one PNG per puzzle, per lesson and for
the site, drawn with Pillow from the engine's puzzle view and the card geometry of
``sitebuild.cards`` (suits are shapes, not font glyphs). A puzzle's picture shows its question
along the top, the table (the other seats and the trick) and the whole hand of the player to
move along the bottom; a lesson's shows its title over its first puzzle. The words make a
picture per language: ``og/LANG/p/ID.png``, ``og/LANG/lesson/SLUG.png``; the site's picture has
none: ``og/site.png``.

Each picture is cached in ``build/og-cache/`` (git-ignored; ``$HUUTOPUSSI_BUILD_CACHE/og`` when
that is set, none when it is ``off``) under a hash of what it shows and of this drawing code, so a
build redraws only what changed.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import ROOT
from .cards import (
    EMBLEM_FILL,
    EMBLEM_STROKE,
    EMBLEMS,
    FACE_LETTER_SIZE,
    FRAME,
    FRAME_FILL,
    HEIGHT,
    INDEX_RANK_SIZE,
    INDEX_RANK_Y,
    INDEX_SUIT,
    INDEX_X,
    RED,
    SUIT_SHAPES,
    WIDTH,
    Circle,
    Curve,
    pip_layout,
    rank_text,
)

SIZE = (1200, 630)
SCALE = 2  # drawn at twice the size and reduced: smooth edges without an anti-aliasing renderer
FELT, FELT_DARK, FELT_LINE = (31, 111, 80), (23, 85, 61), (46, 138, 101)
INK, RED_INK, WHITE = (20, 33, 61), (176, 16, 28), (255, 255, 255)
BACK, BACK_LINE = (30, 58, 138), (59, 100, 216)
CACHE = ROOT / "build" / "og-cache"


def cache_dir() -> Path | None:
    setting = os.environ.get("HUUTOPUSSI_BUILD_CACHE", "")
    if setting.lower() == "off":
        return None
    return Path(setting) / "og" if setting else CACHE


def _hex(color: str) -> tuple[int, int, int]:
    return tuple(int(color[i : i + 2], 16) for i in (1, 3, 5))


def _bezier(p0, c1, c2, p1, steps=10):
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        yield (
            u**3 * p0[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t**3 * p1[0],
            u**3 * p0[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t**3 * p1[1],
        )


def curve_points(curve: Curve) -> list[tuple[float, float]]:
    points = [curve.start]
    for c1, c2, end in curve.segments:
        if c2 == end:
            points.append(end)
        else:
            points.extend(_bezier(points[-1], c1, c2, end))
    return points


class Painter:
    """Draws on an RGB image at SCALE times the picture's size."""

    def __init__(self):
        from PIL import Image, ImageDraw, ImageFont

        self.image = Image.new("RGB", (SIZE[0] * SCALE, SIZE[1] * SCALE), FELT)
        self.draw = ImageDraw.Draw(self.image)
        self._fonts = {}
        self._font = ImageFont.load_default

    def font(self, size: float):
        key = round(size * SCALE)
        if key not in self._fonts:
            self._fonts[key] = self._font(size=key)
        return self._fonts[key]

    def suit(self, suit: str, x: float, y: float, size: float, color) -> None:
        """A suit shape in the box (x, y, size) of picture units."""
        k = size / 100 * SCALE

        def place(point):
            return (x * SCALE + point[0] * k, y * SCALE + point[1] * k)

        for shape in SUIT_SHAPES[suit]:
            if isinstance(shape, Circle):
                cx, cy = place(shape.center)
                r = shape.radius * k
                self.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=color)
            else:
                self.draw.polygon([place(p) for p in curve_points(shape)], fill=color)

    # Pillow's built-in font has no letters with diacritics: they are drawn as the plain letter
    # and the marks above it (Finnish needs ä, ö and å), dashes and signs as their ASCII forms.
    MARKS = {
        "ä": "a:",
        "ö": "o:",
        "å": "ao",
        "Ä": "A:",
        "Ö": "O:",
        "Å": "Ao",
        "ü": "u:",
        "Ü": "U:",
        "é": "e'",
        "É": "E'",
    }
    PLAIN = {"\u2212": "-", "\u2013": "-", "\u2014": "-", "\u00d7": "x", "\u00a0": " "}

    def line_width(self, text: str, size: float) -> float:
        font = self.font(size)
        return sum(font.getlength(self.MARKS.get(c, self.PLAIN.get(c, c))[0]) for c in text) / SCALE

    def words(self, x: float, y: float, text: str, size: float, color) -> None:
        """One line of words from its left end at (x, baseline y), letter by letter."""
        font = self.font(size)
        for c in text:
            base, mark = (self.MARKS[c][0], self.MARKS[c][1]) if c in self.MARKS else (self.PLAIN.get(c, c), "")
            width = font.getlength(base) / SCALE
            self.draw.text((x * SCALE, y * SCALE), base, font=font, fill=color, anchor="ls")
            if mark:
                top = y - size * (0.98 if base.isupper() else 0.78)
                mid = x + width * 0.46
                r = size * 0.065
                if mark == ":":
                    for dx in (-size * 0.13, size * 0.13):
                        self.draw.ellipse(
                            [(mid + dx - r) * SCALE, (top - r) * SCALE, (mid + dx + r) * SCALE, (top + r) * SCALE],
                            fill=color,
                        )
                elif mark == "o":
                    ring = [(mid - 2 * r) * SCALE, (top - 2 * r) * SCALE, (mid + 2 * r) * SCALE, (top + 2 * r) * SCALE]
                    self.draw.ellipse(ring, outline=color, width=max(1, round(r * SCALE)))
                else:
                    self.draw.line(
                        [(mid - r) * SCALE, (top + r) * SCALE, (mid + 2 * r) * SCALE, (top - 2 * r) * SCALE],
                        fill=color,
                        width=max(1, round(r * 1.5 * SCALE)),
                    )
            x += width

    def question(self, text: str, right: float = 1150, size: float = 31) -> None:
        """The question along the top of the picture: at most three lines, shortened with "…"."""
        left, top = 64, 84
        lines: list[str] = []
        for word in text.split():
            if lines and self.line_width(f"{lines[-1]} {word}", size) <= right - left:
                lines[-1] += f" {word}"
            else:
                lines.append(word)
        if len(lines) > 3:
            lines = lines[:3]
            while self.line_width(lines[2] + " …", size) > right - left and " " in lines[2]:
                lines[2] = lines[2].rsplit(" ", 1)[0]
            lines[2] += " …"
        self.draw.rounded_rectangle(
            (40 * SCALE, 40 * SCALE, (SIZE[0] - 40) * SCALE, 170 * SCALE), 30 * SCALE, fill=FELT
        )
        offset = (3 - len(lines)) * 20 + (size - 31) / 2
        for i, line in enumerate(lines):
            self.words(left, top + offset + i * 40, line, size, WHITE)

    def text(self, x: float, y: float, text: str, size: float, color, anchor: str = "ms") -> None:
        self.draw.text(
            (x * SCALE, y * SCALE),
            text,
            font=self.font(size),
            fill=color,
            anchor=anchor,
            stroke_width=max(1, round(size * SCALE / 30)),
            stroke_fill=color,
        )

    def card(self, code: str | None, x: float, y: float, width: float) -> None:
        """A card face (or its back when ``code`` is None) with its top-left corner at (x, y)."""
        k = width / WIDTH
        height = HEIGHT * k
        box = [v * SCALE for v in (x, y, x + width, y + height)]
        radius = 4 * k * SCALE
        shadow = [v + 3 * SCALE for v in box]
        self.draw.rounded_rectangle(shadow, radius, fill=FELT_DARK)
        if code is None:
            self.draw.rounded_rectangle(box, radius, fill=WHITE)
            inner = [box[0] + 3 * k * SCALE, box[1] + 3 * k * SCALE, box[2] - 3 * k * SCALE, box[3] - 3 * k * SCALE]
            self.draw.rounded_rectangle(inner, radius * 0.6, fill=BACK)
            step = 6 * k * SCALE
            left, top, right, bottom = inner
            offset = 0.0
            while offset < (right - left) + (bottom - top):
                a = (left + offset, top) if offset < right - left else (right, top + offset - (right - left))
                b = (left, top + offset) if offset < bottom - top else (left + offset - (bottom - top), bottom)
                self.draw.line([a, b], fill=BACK_LINE, width=max(1, round(k * SCALE * 1.2)))
                offset += step
            return
        self.draw.rounded_rectangle(box, radius, fill=WHITE, outline=(148, 163, 184), width=max(1, round(SCALE)))
        suit, rank = code[0], code[1]
        color = RED_INK if suit in RED else INK

        def at(u, v):
            return x + u * k, y + v * k

        if rank in "KQJ":
            fx, fy, fw, fh = FRAME
            frame = [*at(fx, fy), *at(fx + fw, fy + fh)]
            self.draw.rounded_rectangle(
                [v * SCALE for v in frame], 3 * k * SCALE, fill=_hex(FRAME_FILL), outline=color, width=SCALE
            )
            emblem = [at(fx + (fw - 30) / 2 + px, fy + 6 + py) for px, py in curve_points(EMBLEMS[rank])]
            self.draw.polygon(
                [(px * SCALE, py * SCALE) for px, py in emblem],
                fill=_hex(EMBLEM_FILL),
                outline=_hex(EMBLEM_STROKE),
            )
            self.text(*at(WIDTH / 2, fy + fh / 2 + 9), rank, FACE_LETTER_SIZE * k, color)
            self.suit(suit, *at(WIDTH / 2 - 5, fy + fh - 16), 10 * k, color)
        else:
            for px, py, size in pip_layout(rank):
                self.suit(suit, *at(px, py), size * k, color)
        self.text(*at(INDEX_X, INDEX_RANK_Y), rank_text(rank), INDEX_RANK_SIZE * k, color)
        sx, sy, ss = INDEX_SUIT
        self.suit(suit, *at(sx, sy), ss * k, color)

    def badge(self, x: float, y: float, radius: float, text: str | None) -> None:
        """A white chip with a number, or with a dash (a pass) when ``text`` is None."""
        s = SCALE
        self.draw.ellipse(((x - radius) * s, (y - radius) * s, (x + radius) * s, (y + radius) * s), fill=WHITE)
        if text is None:
            self.draw.rounded_rectangle(
                ((x - radius / 2) * s, (y - 5) * s, (x + radius / 2) * s, (y + 5) * s), 5 * s, fill=FELT_DARK
            )
        else:
            self.text(x, y, text, radius * 1.1, FELT_DARK, anchor="mm")

    def table(self) -> None:
        s = SCALE
        self.draw.rounded_rectangle((24 * s, 24 * s, (SIZE[0] - 24) * s, (SIZE[1] - 24) * s), 60 * s, fill=FELT_DARK)
        self.draw.rounded_rectangle(
            (32 * s, 32 * s, (SIZE[0] - 32) * s, (SIZE[1] - 32) * s), 54 * s, outline=FELT_LINE, width=2 * s
        )

    def png(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # 64 colours are plenty for flat shapes and halve the file (about 12 kB a picture)
        self.image.reduce(SCALE).quantize(64).save(path, "PNG")


# Where things are in the picture (picture units, 1200 x 630): the question in a band along the
# top (40-170), the other seats and the trick in the middle, the whole hand along the bottom.
TRICK_CARD = 92
HAND_CARD = 124
SIDE_CARD = 62
HAND_TOP = 420  # the hand's cards end at 420 + 124 * 1.4 = 594, inside the table's edge
TRICK_AT = {  # top-left corner of a trick card at each place
    "left": (452, 214),
    "right": (656, 214),
    "partner": (554, 180),
    "across": (554, 180),
    "you": (554, 268),
}


def _fan(painter: Painter, cards, x: float, y: float, width: float, step_x: float, step_y: float) -> None:
    for i, code in enumerate(cards):
        painter.card(code, x + i * step_x, y + i * step_y, width)


def draw_position(painter: Painter, view: dict) -> None:
    """Seats round the table, the trick in the middle and the mover's hand at the bottom."""
    painter.table()
    where = view["where"]
    for seat in view["seats"]:
        if seat["you"]:
            continue
        place = where[seat["seat"]]
        cards = seat["cards"] if seat["cards"] is not None else [None] * seat["count"]
        n = len(cards)
        # a seat's cards in a row beside the trick (across: to the left of it, above the left seat)
        step = min(30, (330 - SIDE_CARD) / max(1, n - 1))
        if place == "left":
            _fan(painter, cards, 80, 250, SIDE_CARD, step, 0)
        elif place == "right":
            _fan(painter, cards, SIZE[0] - 80 - SIDE_CARD - step * (n - 1), 250, SIDE_CARD, step, 0)
        else:
            _fan(painter, cards, 80, 186, SIDE_CARD * 0.8, min(24, step), 0)
    # a trick to finish is drawn finished (its ``then`` cards); elsewhere ``then`` is play to come
    played = list(view["trick"]) + (list(view["then"]) if view["form"]["shape"] == "trick" else [])
    places = {"left": 0, "partner": 1, "across": 1, "right": 2, "you": 3}
    for item in sorted(played, key=lambda t: places[where[t["seat"]]]):
        px, py = TRICK_AT[where[item["seat"]]]
        painter.card(item["card"], px, py, TRICK_CARD)
    me = view["seats"][view["mover"]]["cards"] or []
    n = len(me)
    step = min(104, (SIZE[0] - 140 - HAND_CARD) / max(1, n - 1))
    start = (SIZE[0] - (HAND_CARD + step * (n - 1))) / 2
    _fan(painter, me, start, HAND_TOP, HAND_CARD, step, 0)
    if view.get("trump"):  # the trump suit in a white chip beside the trick
        painter.draw.ellipse((1040 * SCALE, 186 * SCALE, 1110 * SCALE, 256 * SCALE), fill=WHITE)
        color = RED_INK if view["trump"] in RED else INK
        painter.suit(view["trump"], 1053, 199, 44, color)


def draw_auction(painter: Painter, view: dict) -> None:
    """The bids of an auction as a row of chips (a pass is a dash), over a few face-down cards."""
    painter.table()
    for i in range(view["players"]):
        _fan(painter, [None] * 3, 150 + i * 260, 200, 84, 26, 0)
    bids = [b["bid"] for b in view["bids"]]
    width = min(150, (SIZE[0] - 120) / max(1, len(bids)))
    start = (SIZE[0] - width * len(bids)) / 2
    for i, bid in enumerate(bids):
        x = start + i * width + width / 2
        painter.badge(x, 460, min(58, width * 0.4), None if bid == "p" else bid)


def draw_site(painter: Painter) -> None:
    painter.table()
    fan = ["SA", "HT", "CK", "DQ", "HJ"]
    _fan(painter, fan, 600 - (170 + 4 * 120) / 2, 200, 170, 120, 0)
    painter.text(600, 150, "Huutopussi", 72, WHITE)
    for i, suit in enumerate("SHCD"):
        painter.suit(suit, 510 + i * 50, 480, 34, WHITE)


def lesson_badge(painter: Painter, number: int) -> None:
    painter.draw.ellipse((1050 * SCALE, 55 * SCALE, 1150 * SCALE, 155 * SCALE), fill=WHITE)
    painter.text(1100, 106, str(number), 54, FELT_DARK, anchor="mm")


DRAWING_VERSION = hashlib.sha256(Path(__file__).read_bytes() + (Path(__file__).parent / "cards.py").read_bytes())


def _paint(what: dict, path: Path) -> None:
    """Draw the picture ``what`` describes (the site's, a puzzle's or a lesson's) into ``path``."""
    painter = Painter()
    if "site" in what:
        draw_site(painter)
    else:
        view = what["view"]
        (draw_auction if view["form"]["layout"] == "auction" else draw_position)(painter, view)
        if "lesson" in what:
            painter.question(what["title"], right=1030, size=46)
            lesson_badge(painter, what["lesson"])
        else:
            painter.question(what["question"])
    painter.png(path)


def _paint_job(job: tuple[dict, Path]) -> None:
    _paint(*job)


def _draw_all(pictures: list[tuple[Path, dict]], processes: int | None = None) -> None:
    """Every picture into its target: from the cache, else drawn (on every core when there are
    many: drawing one takes about 0.1 s) and kept in the cache."""
    directory = cache_dir()
    todo: dict[Path, dict] = {}  # where to draw -> what
    copies: list[tuple[Path, Path]] = []
    for target, what in pictures:
        target.parent.mkdir(parents=True, exist_ok=True)
        if directory is None:
            todo[target] = what
            continue
        digest = DRAWING_VERSION.copy()
        digest.update(json.dumps(what, sort_keys=True).encode())
        cached = directory / f"{digest.hexdigest()[:24]}.png"
        if not cached.exists():
            todo[cached] = what
        copies.append((cached, target))
    jobs = [(what, path) for path, what in todo.items()]
    workers = min(processes or os.cpu_count() or 1, len(jobs) // 8 + 1)
    if workers > 1:
        # spawn, as the build's other pools: forking a process with threads may deadlock
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
            list(pool.map(_paint_job, jobs, chunksize=8))
    else:
        for job in jobs:
            _paint_job(job)
    for cached, target in copies:
        shutil.copyfile(cached, target)


def write_images(lessons, out: Path, words: dict, processes: int | None = None) -> dict[str, str]:
    """Draws every picture into ``out``; returns where each is, relative to the site's root:
    ``site``, ``LANG/lesson/SLUG`` and ``LANG/puzzle/ID``. ``words[lang]`` holds each puzzle's
    question (``puzzle/ID``) and each lesson's title (``lesson/SLUG``) as plain text."""
    paths = {"site": "og/site.png"}
    pictures: list[tuple[Path, dict]] = [(out / paths["site"], {"site": True})]
    for lang, texts in words.items():
        for lesson in lessons:
            first = None
            for p in lesson.puzzles:
                view = lesson.checked[p["id"]]["view"]
                key = f"{lang}/puzzle/{p['id']}"
                if view["form"]["shape"] == "steps":  # a guided deal: the table as its first step shows it
                    view = {**view["steps"][0]["state"], "form": view["form"]}
                if view["form"]["layout"] != "auction" and not ("seats" in view and "trick" in view):
                    paths[key] = paths["site"]  # a whole deal from its record: the site's picture
                    continue
                paths[key] = f"og/{lang}/p/{p['id']}.png"
                pictures.append((out / paths[key], {"view": view, "question": texts[f"puzzle/{p['id']}"]}))
                first = first or view
            key = f"{lang}/lesson/{lesson.slug}"
            paths[key] = f"og/{lang}/lesson/{lesson.slug}.png"
            if first is None:
                paths[key] = paths["site"]
                continue
            title = texts[f"lesson/{lesson.slug}"]
            pictures.append((out / paths[key], {"lesson": lesson.order, "view": first, "title": title}))
    _draw_all(pictures, processes)
    return paths
