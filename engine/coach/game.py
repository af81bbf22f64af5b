"""Playing against computer players: the stateless game step of the play page, the story of a
deal and the coach's hint.

The computer players (``engine.players``) see only what their seat may see: their own hand, the
cards on the table, the widow once it is shown, the bids and the declarations. They never read
another hand, and follow the rules by choosing among ``Deal.legal_actions()`` only.

``step(request)`` replays a match from its seed and the actions so far, applies the human's
action (seat 0) or refuses it with the engine's reason, lets the computers move until it is the
human's turn again, and returns what seat 0 may see, with the story of the deal so far
(``public_log``). The browser keeps nothing but this history. Each computer seat is played by
the simple player (``engine.players.easy``, "easy") or by ``engine.players.normal`` ("normal");
``hint(request)`` is the normal player's advice for seat 0.
"""

from __future__ import annotations

import itertools
import random

from ..core.actions import (
    Discard,
    Give,
    Play,
    Redeal,
    Return,
    parse_action,
)
from ..core.cards import NotationError
from ..core.match import Match, match_result
from ..core.notation import format_record
from ..core.play import IllegalAction
from ..core.rules import changed_options, parse_rules
from ..core.seats import seat_places
from ..core.story import tell, widow_seen
from ..players import PLAYERS

HUMAN = 0
MAX_HISTORY = 400  # actions in one deal are far fewer; a longer history is refused
MAX_DEALS = 200  # deals in one game's history (a match to 500 takes a few dozen, redeals included)
MAX_ACTIONS = 12_000  # actions in the whole history, all deals together


class GameError(NotationError):
    """A game request that cannot be carried out; ``code`` names the mistake (``errors.<code>``)."""


def _replay(rules, seed: int, history: list[list[str]]) -> Match:
    if len(history) > MAX_DEALS:
        raise GameError(f"history: at most {MAX_DEALS} deals, not {len(history)}", "history_too_long", most=MAX_DEALS)
    if sum(len(actions) for actions in history if isinstance(actions, list)) > MAX_ACTIONS:
        raise GameError(f"history: at most {MAX_ACTIONS} actions in all", "history_too_long", most=MAX_DEALS)
    match = Match(rules, seed=seed, first_dealer=seed % rules.players)
    for number, actions in enumerate(history):
        if not isinstance(actions, list) or len(actions) > MAX_HISTORY:
            raise GameError(
                f"history: deal {number + 1} is not a list of at most {MAX_HISTORY} actions",
                "history_deal",
                deal=number + 1,
                most=MAX_HISTORY,
            )
        if number > 0:
            if not match.deal.is_over:
                raise GameError(f"history: deal {number} is not finished", "history_unfinished", deal=number)
            match.finish_deal()
            if match.is_over:
                raise GameError("history: the match is already over", "history_match_over", deal=number + 1)
        for index, text in enumerate(actions, 1):
            try:
                if not isinstance(text, str):
                    raise NotationError("an action is text")
                match.deal.apply(parse_action(text))
            except (IllegalAction, ValueError) as e:
                raise GameError(
                    f"history: deal {number + 1}, action {index} ({str(text)[:40]}): {e}",
                    "history_action",
                    deal=number + 1,
                    index=index,
                ) from None
    return match


def _computer_types(rules, request: dict) -> list[str]:
    """The player type of each seat (seat 0 is the human): ``computers`` in the request lists
    the types of seats 1, 2, ...; the simple player by default."""
    names = request.get("computers")
    if names is None:
        return ["human"] + ["easy"] * (rules.players - 1)
    if not isinstance(names, list) or len(names) != rules.players - 1:
        raise GameError(
            f"computers: a list of {rules.players - 1} player types, one per computer seat",
            "computers_shape",
            count=rules.players - 1,
        )
    for name in names:
        if not isinstance(name, str) or name not in PLAYERS:
            raise GameError(
                f"computers: unknown player {str(name)[:40]!r}; choose {', '.join(PLAYERS)}",
                "unknown_player",
                choices=list(PLAYERS),
            )
    return ["human", *names]


def _computers(match: Match, seed: int, history: list[list[str]], types: list[str]) -> None:
    deal = match.deal
    rng = random.Random(seed * 7919 + len(history) * 104729 + len(history[-1]))
    while not deal.is_over and deal.to_move != HUMAN:
        action = PLAYERS[types[deal.to_move]](deal, rng)
        deal.apply(action)
        history[-1].append(str(action))


def public_log(deal, viewer: int = HUMAN, look_back: bool = False) -> list[dict]:
    """What happened in the deal so far as ``viewer`` saw it, one event at a time: bids and
    passes, the contract, the widow shown, discards and exchanges (their cards only where the
    viewer took part), raises, cards (none of a gathered trick under the house rule
    ``no_look_back``, unless ``look_back``: a finished deal's review), tricks won with their
    points, declarations, partner questions and their answers (``core.story``, as JSON)."""
    return [_logged(event.seen_from(viewer)) for event in tell(deal, look_back)]


def _logged(event) -> dict:
    """One event of the story as the play page's log gives it."""
    kind = event.kind
    out: dict = {"seat": event.seat, "kind": kind} if event.action is not None else {"kind": kind, "seat": event.seat}
    if kind in ("bid", "raise", "hold", "contract"):
        out["amount"] = event.amount
    elif kind in ("discard", "give", "return"):
        out.update(count=event.count, to=event.to)
        if event.cards is not None:
            out["cards"] = [str(c) for c in event.cards]
    elif kind == "widow":
        if event.cards is None:  # house rule secret_widow: the bidder takes it unseen
            return {"kind": "widow_secret", "seat": event.seat, "count": event.count}
        out["cards"] = [str(c) for c in event.cards]
    elif kind == "play":
        if event.card is None:  # house rule no_look_back: a gathered trick's card, seen by nobody now
            out["hidden"] = True
        else:
            out["card"] = str(event.card)
    elif kind == "declare":
        out.update(suit=str(event.suit), bonus=event.bonus)
    elif kind == "ask_full":
        out["partner"] = event.partner
    elif kind == "answer":
        out.update(suit=str(event.suit) if event.suit is not None else None, asker=event.partner)
    elif kind == "ask_half":
        out.update(suit=str(event.suit), partner=event.partner, completed=event.completed)
    elif kind == "trick":
        out.update(points=event.points, number=event.number)
        if event.cards is None:  # house rule no_look_back: gathered, its cards no longer to be seen
            out["hidden"] = True
    if event.bonus is not None and kind in ("answer", "ask_half", "last_trick"):
        out["bonus"] = event.bonus
    return out


def _points_so_far(deal) -> dict | None:
    """While the human's side plays as the bidder: its points so far against the contract (card
    points taken, declarations made, the human's own discard), as the human could count them at a
    real table. None otherwise, and where a part would come from cards the human has not seen
    (another seat's discard)."""
    rules = deal.rules
    side = rules.side_of(HUMAN)
    if deal.phase != "play" or deal.bidder is None or rules.side_of(deal.bidder) != side:
        return None
    if deal.bidder != HUMAN and deal.discard:
        return None
    seats = rules.seats_of(side)
    points = sum(deal.points[s] for s in seats)
    if rules.discard_needs_trick and deal.tricks[deal.bidder] == 0:
        points -= sum(rules.points[c.rank] for c in deal.discard)  # not counted until the bidder takes a trick
    points += sum(rules.bonus[d.suit] for d in deal.declarations if rules.side_of(d.seat) == side)
    return {"points": points, "contract": deal.contract}


def _view(match: Match, history: list[list[str]], refused=None, types=None) -> dict:
    deal = match.deal
    rules = deal.rules
    widow_shown = widow_seen(rules, deal.bidder, HUMAN, deal.phase)
    out = {
        "rules": rules.name,
        "options": changed_options(rules),  # what the game changes from its preset (house rules)
        "players": rules.players,
        "partnership": rules.partnership,
        "history": history,
        "dealer": deal.dealer,
        "phase": deal.phase,
        "to_move": deal.to_move,
        "hand": [str(c) for c in deal.hands[HUMAN]],
        "where": seat_places(rules.players, rules.partnership, HUMAN),
        "counts": [len(h) for h in deal.hands],
        "dead_count": len(deal.dead),  # house rule dead_hand: how many cards lie face down, never which
        "auction": [{"seat": s, "action": str(a)} for s, a in deal.auction],
        "widow": [str(c) for c in deal.initial_widow] if widow_shown else [],
        "bidder": deal.bidder,
        "contract": deal.contract,
        "trick": [{"seat": (deal.leader + i) % rules.players, "card": str(c)} for i, c in enumerate(deal.trick)]
        if deal.phase == "play"
        else [],
        "last_trick": [] if rules.no_look_back else _last_trick(deal),
        "watched": _watched(deal),
        "trump": str(deal.trump) if deal.trump is not None else None,
        "declarations": [{"suit": str(d.suit), "seat": d.seat, "how": d.how} for d in deal.declarations],
        "points": deal.points if deal.is_over else None,
        "so_far": _points_so_far(deal),
        "tricks": list(deal.tricks),
        "legal": _legal_listed(deal)[0] if deal.to_move == HUMAN else [],
        "totals": list(match.totals),
        "deal_number": len(history),
        "refused": refused,
        "computers": (types or [])[1:],
        "log": public_log(deal),
    }
    if deal.is_over:
        out["record"] = format_record(deal)  # every hand, for the review (the deal is over)
    if deal.is_over and not deal.redealt:
        breakdown = deal.score()
        out["score"] = breakdown.to_dict()
        out["totals_after"] = [t + s for t, s in zip(match.totals, breakdown.deal_scores())]
        result = match_result(
            rules, out["totals_after"], rules.side_of(deal.bidder) if deal.bidder is not None else None
        )
        out["match_over"] = result.finished
        out["winners"] = result.winners
    out["redealt"] = deal.redealt
    if deal.to_move == HUMAN and deal.phase in CARD_SET_PHASES:
        # the page lets the learner pick the cards and asks the engine whether they may go
        size = deal.rules.widow_size if deal.phase == "discard" else deal.rules.exchange_size
        out["pick"] = {"count": size, "complete": _legal_listed(deal)[1]}
    return out


CARD_SET_PHASES = {"discard": Discard, "give": Give, "return": Return}
MAX_LISTED_CHOICES = 200  # card sets a view lists at most (a six-card widow has tens of thousands)


def _legal_listed(deal) -> tuple[list[str], bool]:
    """The legal actions of the seat to move, the card sets of a discard, give or return cut to
    the first ``MAX_LISTED_CHOICES`` (the view's ``pick`` says how many cards a set takes and
    whether the list is complete): a step's answer stays small however many sets are legal."""
    kind = CARD_SET_PHASES.get(deal.phase)
    if kind is None:
        return [str(a) for a in deal.legal_actions()], True
    size = deal.rules.widow_size if deal.phase == "discard" else deal.rules.exchange_size
    sets = (kind(c) for c in itertools.combinations(deal.hands[deal.to_move], size))
    legal = (str(a) for a in sets if deal.why_illegal(a) is None)
    listed = list(itertools.islice(legal, MAX_LISTED_CHOICES + 1))
    complete = len(listed) <= MAX_LISTED_CHOICES
    listed = listed[:MAX_LISTED_CHOICES]
    if deal.why_illegal(Redeal()) is None:
        listed.append("redeal")  # house rule redeal_four_sixes_late
    return listed, complete


def _last_trick(deal) -> list:
    """The last completed trick (public: everybody saw it)."""
    played = [(s, a) for s, a in deal.history if isinstance(a, Play)]
    n = deal.rules.players
    done = len(played) // n * n
    return [{"seat": s, "card": str(a.card)} for s, a in played[done - n : done]] if done else []


def _watched(deal) -> list:
    """House rule ``no_look_back``: the cards of the tricks gathered since seat 0's last action,
    which it watched being played (the page shows them moving to the trick and to its winner, and
    then no more: the log names no card of a gathered trick). Empty without the rule."""
    if not deal.rules.no_look_back:
        return []
    n = deal.rules.players
    mine = max((i for i, (s, _) in enumerate(deal.history) if s == HUMAN), default=-1)
    plays = [(i, s, a.card) for i, (s, a) in enumerate(deal.history) if isinstance(a, Play)]
    gathered = plays[: len(plays) // n * n]
    return [{"seat": s, "card": str(card)} for i, s, card in gathered if i >= mine]


def _read_request(request: dict) -> tuple:
    """The rules, the seed and the history (a list of deals, each a list of actions) of a game request."""
    text = request.get("rules", "")
    if not isinstance(text, str):
        raise GameError("rules: expected text", "field_type", field="rules")
    rules = parse_rules(text)
    seed = int(request.get("seed", 0))
    history = request.get("history") or [[]]
    if not isinstance(history, list) or not history:
        raise GameError("history: a list of deals, each a list of actions", "history_shape")
    return rules, seed, [list(d) if isinstance(d, list) else d for d in history]


def step(request: dict) -> dict:
    """One move of the human (seat 0), then the computers until it is the human's turn again."""
    rules, seed, history = _read_request(request)
    types = _computer_types(rules, request)
    match = _replay(rules, seed, history)
    action = request.get("action")
    refused = None
    if action == "next":
        if not match.deal.is_over:
            raise GameError("next: the deal is not over", "deal_not_over")
        match.finish_deal()
        if match.is_over:
            raise GameError("next: the match is over", "match_over")
        history.append([])
    elif action is not None:
        if not isinstance(action, str):
            raise GameError("action: expected text", "field_type", field="action")
        if match.deal.to_move != HUMAN:
            raise GameError("it is not your turn", "not_your_move")
        parsed = parse_action(action)
        reason = match.deal.why_illegal(parsed)
        if reason is not None:
            refused = {"action": str(parsed), "code": reason.code, "params": reason.args, "message": str(reason)}
        else:
            match.deal.apply(parsed)
            history[-1].append(str(parsed))
    _computers(match, seed, history, types)
    return _view(match, history, refused, types)


def hint(request: dict) -> dict:
    """What the normal player would do in the human's place, and why (its own reasoning, from
    what seat 0 has seen: it never reads a hidden card). Same request as ``step``, no action.
    Its random draws come from what seat 0 knows (``normal.hint_rng``), so the deal review, which
    asks the same question at the same moment, gets the same answer."""
    from ..players.normal import decide, hint_rng

    rules, seed, history = _read_request(request)
    deal = _replay(rules, seed, history).deal
    if deal.is_over or deal.to_move != HUMAN:
        raise GameError("hint: it is not your turn", "not_your_move")
    made = decide(deal, hint_rng(deal, HUMAN), HUMAN, explain=True)
    decision = made.to_dict()
    decision["choices"] = decision["choices"][:3]
    # why, in cards (trick play): the hint's choice against the next best on made-up deals
    decision["why"] = None
    others = [c.action for c in made.choices if str(c.action) != str(made.action)]
    if deal.phase == "play" and others:
        from .reasons import hint_reason

        decision["why"] = hint_reason(deal, HUMAN, made.action, others[0], hint_rng(deal, HUMAN))
    elif deal.phase == "discard" and others:
        from .reasons import discard_reason

        decision["why"] = discard_reason(deal, HUMAN, made.action, others[0])
    return {"hint": decision}
