"""Practice drills: endless puzzles generated from random deals, one theme at a time, each with a
unique answer. ``drill(theme, seed)`` is deterministic: the same seed gives the same puzzle.

Themes and what makes an answer unique:

* ``follow-suit``, ``overtake``, ``must-trump``: a position where that duty leaves exactly one
  legal card (pick a legal card);
* ``trick-winner``: the last card of a trick is played (pick the winning card);
* ``best-card``: at most three tricks left and exactly one optimal card (solver);
* ``scoring``: the last trick is played out (enter the bidder's deal score).

Each drill carries a ``hint``: a code and parameters for the site's catalogs (``drill_hints``).
"""

from __future__ import annotations

import random

from ..core.actions import Play
from ..core.deal import Deal
from ..core.notation import format_position
from ..core.rules import preset
from ..players import random_action

THEMES = ("follow-suit", "overtake", "must-trump", "trick-winner", "best-card", "scoring")
DUTY = {"follow-suit": "must_follow_suit", "overtake": "must_overtake", "must-trump": "must_trump"}
PRESETS_FOR = {
    "follow-suit": ("three-player", "faq", "faq-pairs"),
    "overtake": ("three-player", "wikibooks", "faq-pairs"),
    "must-trump": ("three-player", "faq-pairs", "ukrainian"),
    "trick-winner": ("three-player", "faq-pairs", "ukrainian"),
    "best-card": ("three-player", "faq", "faq-pairs"),
    "scoring": ("three-player", "faq", "faq-pairs", "german"),
}
MAX_DEALS = 400


class DrillError(ValueError):
    """An unknown theme, or no drill found (should not happen with the themes above)."""


def _match(theme: str, deal: Deal, rng: random.Random) -> dict | None:
    if deal.phase != "play" or deal.pending_question is not None:
        return None
    rules = deal.rules
    position = format_position(deal)
    left = rules.hand_size - deal.tricks_played
    if theme in DUTY:
        if not deal.trick or len(deal.hands[deal.to_move]) < 3:
            return None
        allowed, code, _ = deal.play_duty()
        if code != DUTY[theme] or len(allowed) != 1:
            return None
        if theme == "overtake" and sum(c.suit is deal.trick[0].suit for c in deal.hands[deal.to_move]) < 2:
            return None
        return {"kind": "legal-card", "position": position}
    if theme == "trick-winner":
        if len(deal.trick) != rules.players - 1:
            return None
        card = rng.choice(deal.legal_cards())
        return {"kind": "trick-winner", "position": position, "then": str(card)}
    if theme == "best-card":
        if left > 3 or not deal.trick or len(deal.legal_cards()) < 2:
            return None
        from ..puzzles import solution

        spec = {"kind": "best-card", "position": position, "show": list(range(rules.players))}
        solved = solution(spec)
        values = sorted(solved["values"].values(), reverse=True)
        if len(solved["cards"]) != 1 or values[0] - values[1] < 5:
            return None
        return spec
    if theme == "scoring":
        if left != 1 or deal.trick or deal.bidder is None or deal.declare_state == "open":
            return None
        after = deal.copy()
        cards = []
        while not after.is_over:
            card = after.legal_cards()[0]
            cards.append(str(card))
            after.apply(Play(card))
        return {"kind": "score", "position": position, "then": "-".join(cards), "side": rules.side_of(deal.bidder)}
    return None


def _hint(theme: str, deal: Deal) -> dict:
    """A nudge towards the answer, as a code and parameters that the site words in the page's
    language (its catalogs' ``drill_hints``): the led suit, the card to beat, the trump, what is
    left to play or the contract, all read from the drill's position."""
    if theme in DUTY:
        _, code, params = deal.play_duty()
        hint = {"suit": str(deal.trick[0].suit)}
        if theme == "overtake":
            hint["beat"] = str(params["beat"])
        if theme == "must-trump":
            hint["trump"] = str(deal.trump)
        return {"code": theme.replace("-", "_"), "params": hint}
    if theme == "trick-winner":
        suit = str(deal.trick[0].suit)
        if deal.trump is None:
            return {"code": "trick_winner", "params": {"suit": suit}}
        return {"code": "trick_winner_trump", "params": {"suit": suit, "trump": str(deal.trump)}}
    if theme == "best-card":
        return {"code": "best_card", "params": {"count": deal.rules.hand_size - deal.tricks_played}}
    return {"code": "scoring", "params": {"contract": deal.contract}}


def drill(theme: str, seed: int) -> dict:
    """A puzzle spec for the theme, generated from deals seeded by ``seed``."""
    if theme not in THEMES:
        raise DrillError(f"unknown drill theme {theme!r}; themes: {', '.join(THEMES)}")
    rng = random.Random(seed)
    names = PRESETS_FOR[theme]
    for attempt in range(MAX_DEALS):
        rules = preset(names[attempt % len(names)])
        deal_seed = rng.randrange(1 << 30)
        deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
        play_rng = random.Random(deal_seed)
        while not deal.is_over:
            found = _match(theme, deal, rng)
            if found is not None:
                found["theme"] = theme
                found["hint"] = _hint(theme, deal)
                return found
            actions = deal.legal_actions() if deal.phase == "play" else None
            declarations = [a for a in actions or [] if not isinstance(a, Play)]
            if declarations and play_rng.random() < 0.8:
                deal.apply(play_rng.choice(declarations))  # trumps make must-trump drills possible
            else:
                deal.apply(random_action(deal, play_rng))
    raise DrillError(f"no {theme} drill found for seed {seed}")
