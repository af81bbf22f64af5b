"""Practice drills: endless puzzles generated from random deals, one theme at a time, each with a
unique answer. ``drill(theme, seed)`` is deterministic: the same seed gives the same puzzle.

Themes and what makes an answer unique:

* ``follow-suit``: by the seed, one of four questions about the duty to follow suit: pick the one
  legal card; pick a legal card when two or more are legal (and at least one is not); mark every
  legal card (the same positions); or which card wins a full trick in which a card of another suit,
  not a trump, outranks the winner (the duty decides, not the rank);
* ``overtake``, ``must-trump``: a position where that duty leaves exactly one legal card (pick a
  legal card);
* ``trick-winner``: the last card of a trick is played (pick the winning card);
* ``best-card``: at most three tricks left and exactly one optimal card (solver);
* ``scoring``: the last trick is played out (enter the bidder's deal score); the last lead is
  taken when no declaration or partner question is possible there any more.

Every theme is drilled in the three-player game, the one the lessons teach first (``GAME_FOR``);
a theme about another game would name that game's preset there.

Each drill carries a ``hint``: a code and parameters for the site's catalogs (``drill_hints``).
"""

from __future__ import annotations

import random

from ..core.actions import Play
from ..core.deal import Deal
from ..core.notation import format_position
from ..core.play import winning_index
from ..core.rules import preset
from ..players import random_action

THEMES = ("follow-suit", "overtake", "must-trump", "trick-winner", "best-card", "scoring")
DUTY = {"follow-suit": "must_follow_suit", "overtake": "must_overtake", "must-trump": "must_trump"}
GAME_FOR = {theme: "three-player" for theme in THEMES}  # the preset each theme is drilled in
# the follow-suit questions, by the seed modulo 4 (the build's bank takes seeds 1, 2, ...: a
# picked card first, then the marks and the trick)
FOLLOW_SUIT = ("which-wins", "one-legal", "several-legal", "mark-all")
MAX_DEALS = 400


class DrillError(ValueError):
    """An unknown theme, or no drill found (should not happen with the themes above)."""


def _follow_suit(variant: str, deal: Deal, position: str) -> dict | None:
    """The follow-suit question ``variant`` at this point of the deal, or None where it has none."""
    rules = deal.rules
    if variant == "which-wins":
        if len(deal.trick) != rules.players - 1:
            return None
        led = deal.trick[0].suit
        strength = rules.strength
        for card in deal.legal_cards():
            trick = [*deal.trick, card]
            winner = strength[trick[winning_index(rules, trick, deal.trump)].rank]
            if any(c.suit is not led and c.suit != deal.trump and strength[c.rank] > winner for c in trick):
                return {"kind": "trick-winner", "position": position, "then": str(card)}
        return None
    if not deal.trick or len(deal.hands[deal.to_move]) < 3:
        return None
    allowed, code, _ = deal.play_duty()
    if code != "must_follow_suit":
        return None
    if variant == "one-legal":
        return {"kind": "legal-card", "position": position} if len(allowed) == 1 else None
    if len(allowed) < 2 or len(allowed) == len(deal.hands[deal.to_move]):
        return None  # two or more legal cards, and at least one that is not
    return {"kind": "legal-card" if variant == "several-legal" else "all-legal", "position": position}


def _match(theme: str, deal: Deal, rng: random.Random, variant: str) -> dict | None:
    if deal.phase != "play" or deal.pending_question is not None:
        return None
    rules = deal.rules
    position = format_position(deal)
    left = rules.hand_size - deal.tricks_played
    if theme == "follow-suit":
        return _follow_suit(variant, deal, position)
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
        if left != 1 or deal.trick or deal.bidder is None:
            return None
        if any(not isinstance(action, Play) for action in deal.legal_actions()):
            return None  # a declaration or question is still possible: the score is not yet fixed
        after = deal.copy()
        cards = []
        while not after.is_over:
            card = after.legal_cards()[0]
            cards.append(str(card))
            after.apply(Play(card))
        return {"kind": "score", "position": position, "then": "-".join(cards), "side": rules.side_of(deal.bidder)}
    return None


def _hint(theme: str, deal: Deal, variant: str) -> dict:
    """A nudge towards the answer, as a code and parameters that the site words in the page's
    language (its catalogs' ``drill_hints``): the led suit, the card to beat, the trump, what is
    left to play or the contract, all read from the drill's position. A "who wins the trick"
    question (its theme, or the follow-suit variant) is nudged towards the trick."""
    who_wins = theme == "trick-winner" or variant == "which-wins"
    if theme in DUTY and not who_wins:
        _, code, params = deal.play_duty()
        hint = {"suit": str(deal.trick[0].suit)}
        if theme == "overtake":
            hint["beat"] = str(params["beat"])
        if theme == "must-trump":
            hint["trump"] = str(deal.trump)
        return {"code": theme.replace("-", "_"), "params": hint}
    if who_wins:
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
    rules = preset(GAME_FOR[theme])
    variant = FOLLOW_SUIT[seed % len(FOLLOW_SUIT)] if theme == "follow-suit" else ""
    for _ in range(MAX_DEALS):
        deal_seed = rng.randrange(1 << 30)
        deal = Deal.new(rules, deal_seed, dealer=deal_seed % rules.players)
        play_rng = random.Random(deal_seed)
        while not deal.is_over:
            found = _match(theme, deal, rng, variant)
            if found is not None:
                found["theme"] = theme
                found["hint"] = _hint(theme, deal, variant)
                return found
            actions = deal.legal_actions() if deal.phase == "play" else None
            declarations = [a for a in actions or [] if not isinstance(a, Play)]
            if declarations and play_rng.random() < 0.8:
                deal.apply(play_rng.choice(declarations))  # trumps make must-trump drills possible
            else:
                deal.apply(random_action(deal, play_rng))
    raise DrillError(f"no {theme} drill found for seed {seed}")
