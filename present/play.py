"""The words of the play table: every sentence about a seat, a side, an event of the deal's
story or an action, drawn from the engine's answers (op ``game``: the view of seat 0) and a
catalog (``site/messages/*.json``). Ported from ``site/assets/play-words.js`` with the same
catalog keys, the same grammar and the same choice of variant (``_you`` for seat 0, ``_us`` for
your pair, ``_one`` / ``_zero`` forms by ``present.text.message``).

A seat's name and place come from the view: ``where`` (a seat's place at the table, from seat
0's chair: ``you``, ``left``, ``partner``, ...) and ``partnership`` (whether sides are pairs).
Standard library only; the engine never imports it (``tests/test_layers.py``)."""

from __future__ import annotations

import re

from .text import card_name, fmt, message

CARD_CODE = re.compile(r"^[SCDH][AKQJT9876]$")
AMOUNT = re.compile(r"^\d+$")


class PlayWordsError(ValueError):
    """An event or action the table has no words for (a kind of the story or an action that the
    catalog does not know): a bug between the engine and this module, said with what it was."""


def ui(key: str, cat: dict, params: dict | None = None, fragment: bool = False) -> str:
    """The catalog's ``ui`` entry ``key`` (its ``_one`` / ``_zero`` form where the count says so),
    filled with ``params``; as ``ui`` in site/assets/messages.js."""
    params = params or {}
    entry = message(cat["ui"], key, params) if key in cat["ui"] else None
    if not isinstance(entry, str):
        raise PlayWordsError(f"the catalog has no message ui.{key}")
    return fmt(entry, params, cat, fragment)


def place(seat: int, view: dict) -> str:
    """A seat's place at the table seen from seat 0 (``you``, ``left``, ``partner``, ...)."""
    return view["where"][seat]


def seat_name(seat: int, view: dict, cat: dict) -> str:
    """A seat's name as the table heads it: 'Vasemmalla', 'Left', 'Sinä'."""
    return cat["seats"][place(seat, view)]


def card_list(cards: list, cat: dict) -> str:
    """Cards named and joined: 'hertta kuningas, pata ässä'."""
    return ", ".join(card_name(c, "nom", cat) for c in cards)


def say(key: str, seat: int, view: dict, cat: dict, params: dict | None = None) -> str:
    """A sentence about a seat: its own wording for you (``key_you``), else with the seat as its
    subject (``who``, ``who_gen``: the seat's place, 'Vasemmalla puolellasi istuva')."""
    params = params or {}
    if seat == 0:
        return ui(f"{key}_you", cat, params)
    where = place(seat, view)
    who = {"who": ui(f"who_{where}", cat), "who_gen": ui(f"who_{where}_gen", cat)}
    return ui(key, cat, {**who, **params})


def say_side(key: str, side: int, view: dict, cat: dict, params: dict | None = None) -> str:
    """A sentence about a scoring side: you (``key_you``), your pair (``key_us``), or the others
    (the other pair, or the seat of that side in a game without partners)."""
    params = params or {}
    if side == 0:
        return yours(key, view, cat, params)
    if view["partnership"]:
        return ui(key, cat, {"who": ui("who_them", cat), "who_gen": ui("who_them_gen", cat), **params})
    return say(key, side, view, cat, params)


def yours(key: str, view: dict, cat: dict, params: dict | None = None) -> str:
    """A sentence about your own side: you alone (``key_you``) or you and your partner (``key_us``)."""
    return ui(f"{key}_us" if view["partnership"] else f"{key}_you", cat, params)


def side_name(side: int, view: dict, cat: dict) -> str:
    """A scoring side's name: 'Te' / 'Vastapari' in the pairs game, else the seat's name."""
    if view["partnership"]:
        return ui("play_you_pair" if side == 0 else "play_them_pair", cat)
    return seat_name(side, view, cat)


def event_text(event: dict, view: dict, cat: dict) -> str:
    """One event of the deal's story (an entry of the view's ``log``) as a sentence: 'Vasemmalla
    puolellasi istuva tarjoaa 60.', 'You win the trick: 15 points.' Cards are named only where
    the event names them (the engine leaves out what seat 0 could not see)."""
    kind = event.get("kind")
    seat = event.get("seat")
    if kind in ("bid", "raise", "hold", "contract"):
        return say(f"ev_{kind}", seat, view, cat, {"amount": event["amount"]})
    if kind in ("pass", "redeal", "redeal_failed"):
        return say(f"ev_{kind}", seat, view, cat)
    if kind in ("redealt", "no_contract"):
        return ui(f"ev_{kind}", cat)
    if kind == "widow":
        return ui("ev_widow", cat, {"cards": card_list(event["cards"], cat)})
    if kind == "widow_secret":
        return say("ev_widow_secret", seat, view, cat, {"count": event["count"]})
    if kind == "discard":
        if seat == 0:
            return ui("ev_discard_you", cat, {"cards": card_list(event["cards"], cat)})
        return say("ev_discard", seat, view, cat, {"count": event["count"]})
    if kind in ("give", "return"):
        if seat == 0:
            return ui(f"ev_{kind}_you", cat, {"cards": card_list(event["cards"], cat)})
        if event.get("to") == 0:
            return ui(f"ev_{kind}_to_you", cat, {"cards": card_list(event["cards"], cat)})
        return say(f"ev_{kind}", seat, view, cat, {"count": event["count"]})
    if kind == "play":
        # a card of a gathered trick under the house rule no_look_back: the engine names none
        if event.get("hidden"):
            return say("ev_play_hidden", seat, view, cat)
        return say("ev_play", seat, view, cat, {"card": event["card"]})
    if kind == "trick":
        return say(
            "ev_trick_hidden" if event.get("hidden") else "ev_trick", seat, view, cat, {"points": event["points"]}
        )
    if kind == "last_trick":
        return say("ev_last", seat, view, cat, {"bonus": event["bonus"]})
    if kind == "declare":
        return say("ev_declare", seat, view, cat, {"suit": event["suit"], "bonus": event["bonus"]})
    if kind == "ask_full":
        return ui("ev_ask_full_to_you", cat) if event.get("partner") == 0 else say("ev_ask_full", seat, view, cat)
    if kind == "answer":
        if event.get("suit"):
            return say("ev_answer", seat, view, cat, {"suit": event["suit"], "bonus": event["bonus"]})
        return say("ev_answer_no", seat, view, cat)
    if kind == "ask_half":
        key = "ev_ask_half_yes" if event.get("completed") else "ev_ask_half_no"
        params = {"suit": event["suit"], "bonus": event.get("bonus")}
        return ui(f"{key}_to_you", cat, params) if event.get("partner") == 0 else say(key, seat, view, cat, params)
    raise PlayWordsError(f"an event of the story of kind {str(kind)[:40]!r} has no words")


def action_label(action: str, contract, cat: dict) -> str:
    """An action of seat 0 as an imperative, for hints and the review: 'pelaa hertta kuningas',
    'raise the contract to 120', 'keep the contract at 100' (``contract``: the contract then)."""
    if CARD_CODE.match(action):
        return ui("act_play", cat, {"card": action})
    if AMOUNT.match(action):
        return ui("act_bid", cat, {"amount": action})
    simple = {"p": "act_pass", "redeal": "act_redeal", "askfull": "act_ask_full", "answer:no": "act_answer_no"}
    if action in simple:
        return ui(simple[action], cat)
    if action == "hold":
        return ui("act_hold", cat, {"amount": contract})
    kind, _, rest = action.partition(":")
    if kind == "raise" and AMOUNT.match(rest):
        return ui("act_raise", cat, {"amount": rest})
    suited = {"trump": "act_declare", "askhalf": "act_ask_half", "answer": "act_answer"}
    if kind in suited and rest in cat["suits"]:
        return ui(suited[kind], cat, {"suit": rest})
    if kind in ("discard", "give", "return") and rest:
        return ui(f"act_{kind}", cat, {"cards": card_list(rest.split("."), cat)})
    raise PlayWordsError(f"the action {action[:40]!r} has no words")


def choice_name(action: str, contract, cat: dict) -> str:
    """What seat 0 did, as a noun where it is a card ('hertta kuningas'), else as the imperative
    (``action_label``)."""
    return card_name(action, "nom", cat) if CARD_CODE.match(action) else action_label(action, contract, cat)


def choice_button_label(action: str, cat: dict) -> str:
    """The caption of a button for a call at the table: a declaration ('Ilmoita hertta valtiksi'),
    a question to the partner, or an answer to one."""
    if action == "askfull":
        return ui("ask_full", cat)
    if action == "answer:no":
        return ui("play_answer_no", cat)
    kind, _, suit = action.partition(":")
    key = {"trump": "declare_suit", "askhalf": "ask_half", "answer": "play_answer"}.get(kind)
    if key is None or suit not in cat["suits"]:
        raise PlayWordsError(f"the call {action[:40]!r} has no button")
    return ui(key, cat, {"suit": suit})
