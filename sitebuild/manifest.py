"""The web app manifests and their icons: the site installs on a phone's home screen.

One manifest per language (``manifest.fi.webmanifest``, ``manifest.en.webmanifest``, linked from
every page of that language by ``_head.html``; the language choice and the 404 page link the
Finnish one), both with the same ``id`` so that it is one app whichever page installed it. The
icons are drawn here with Pillow: the site's icon (a white card with a red heart, as
``site/assets/icon.svg``) on the felt green, at 192 and 512 pixels, and a maskable one whose card
keeps inside the middle 80 % that every launcher's mask leaves visible. They live in ``icons/``
at the top level (not under ``assets/``: the manifest names them, and it is not fingerprinted).
"""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image, ImageDraw

from . import LANGS

THEME = "#1f6f50"  # the felt green of the site (site.css --felt)
BACKGROUND = "#fbfaf6"  # the page colour (site.css --paper)
FELT, WHITE, NAVY, RED = (31, 111, 80), (255, 255, 255), (29, 53, 87), (193, 18, 31)
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-512.png", 512, "maskable"),
)
DRAW_SCALE = 4  # drawn at four times the size and reduced: smooth edges


def manifest_name(lang: str) -> str:
    return f"manifest.{lang}.webmanifest"


def _heart(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A heart: two circles and the triangle below them (radius ``r`` of each lobe)."""
    draw.ellipse((cx - 2 * r, cy - r, cx, cy + r), fill=RED)
    draw.ellipse((cx, cy - r, cx + 2 * r, cy + r), fill=RED)
    draw.polygon(
        [(cx - 1.96 * r, cy + 0.35 * r), (cx, cy), (cx + 1.96 * r, cy + 0.35 * r), (cx, cy + 2.6 * r)], fill=RED
    )


def draw_icon(size: int, maskable: bool) -> Image.Image:
    """The app icon at ``size`` pixels; a maskable one fills the square with green and keeps the
    card within the safe zone (a circle of 80 % of the size)."""
    big = size * DRAW_SCALE
    image = Image.new("RGB", (big, big), FELT)
    draw = ImageDraw.Draw(image)
    card_h = big * (0.56 if maskable else 0.78)
    card_w = card_h * 44 / 56
    x0, y0 = (big - card_w) / 2, (big - card_h) / 2
    stroke = card_h * 4 / 56
    draw.rounded_rectangle((x0, y0, x0 + card_w, y0 + card_h), radius=card_h * 6 / 56, fill=WHITE)
    draw.rounded_rectangle(
        (x0 + stroke / 2, y0 + stroke / 2, x0 + card_w - stroke / 2, y0 + card_h - stroke / 2),
        radius=card_h * 5 / 56,
        outline=NAVY,
        width=max(1, round(stroke)),
    )
    _heart(draw, big / 2, big / 2 - card_h * 0.08, card_h * 0.14)
    return image.resize((size, size), Image.LANCZOS)


def manifest(cat: dict, lang: str) -> dict:
    ui = cat["ui"]
    return {
        "id": "./",
        "name": ui["site_title"],
        "short_name": cat["score"]["ui"]["app_short_name"],
        "description": ui["site_description"],
        "lang": lang,
        "dir": "ltr",
        "start_url": f"./{lang}/",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": [
            {"src": path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for path, size, purpose in ICONS
        ],
        "shortcuts": [
            {"name": cat["score"]["ui"]["title"], "url": f"./{lang}/score/"},
            {"name": ui["play_title"], "url": f"./{lang}/play/"},
        ],
    }


def write_manifests(out: Path, catalogs: dict) -> None:
    """The icons and one manifest per language, at the top of the built site."""
    for path, size, purpose in ICONS:
        target = out / path
        target.parent.mkdir(parents=True, exist_ok=True)
        draw_icon(size, purpose == "maskable").save(target, optimize=True)
    for lang in LANGS:
        text = json.dumps(manifest(catalogs[lang], lang), ensure_ascii=False, indent=1)
        (out / manifest_name(lang)).write_text(text + "\n", encoding="utf-8")
