"""A card as the pages draw it: its face from the page's card sprite (``#c-HK``), named by its spoken
name, as a picture (``card_span``) or an answer button (``card_button``). The puzzles
(``present.puzzle``) and the explanations of a verdict (``present.explain``) draw cards with it,
and so does the play table: the build gives its page every card drawn (``card_trees``), which
``site/assets/cards.js`` mounts. ``w`` is the words of one language (``present.text.Words``)."""

from __future__ import annotations

from .text import Words, card_face, card_label
from .tree import Node, h, svg, to_dict


def face(code: str) -> Node:
    """A card's face: the page's sprite symbol ``#c-XX`` (in the SVG namespace)."""
    attrs = {"class": "face", "viewBox": "0 0 60 84", "aria-hidden": "true", "focusable": "false"}
    return svg("svg", attrs, svg("use", {"href": f"#c-{code}"}))


def card_span(code: str, w: Words) -> Node:
    red = " red" if card_face(code)["red"] else ""
    return h("span", f"card{red}", {"role": "img", "aria-label": card_label(code, w.cat)}, face(code))


def card_button(code: str, w: Words, toggle: bool = False, widow: bool = False) -> Node:
    red = " red" if card_face(code)["red"] else ""
    label = card_label(code, w.cat) + (f" ({w.cat['estimate']['widow_card']})" if widow else "")
    attrs = {"type": "button", "data-card": code, "aria-label": label, "aria-pressed": "false" if toggle else None}
    attrs["disabled"] = True
    return h("button", f"card{red}{' from-widow' if widow else ''}", attrs, face(code))


def cards(codes, w: Words) -> Node:
    return h("span", "cards", None, [card_span(c, w) for c in codes])


def card_trees(w: Words) -> dict:
    """Every card of the catalog's ranks drawn for the play table's page, by its code: ``span`` a
    picture, ``button`` an answer button (``to_dict`` data: the page mounts them)."""
    codes = [suit + rank for suit in "SCDH" for rank in w.cat["ranks"]]
    return {code: {"span": to_dict(card_span(code, w)), "button": to_dict(card_button(code, w))} for code in codes}
