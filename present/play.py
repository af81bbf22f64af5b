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

from .text import card_name, fmt, message, number, reason_text
from .tree import Node, h, to_dict

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


# -- what the table shows: the words of one view (op "game", op "moment") ---------------------------
BUTTON_CALLS = ("trump:", "askhalf:", "answer:")
CARD_SETS = ("discard", "give", "return")


def pick_count(view: dict) -> int:
    """How many cards a discard, give or return takes: the view's ``pick.count``, or, from a view
    saved before it said so, the widow's size or the engine's listed sets (as play-controls.js)."""
    if view.get("pick"):
        return view["pick"]["count"]
    legal = view.get("legal") or []
    if view["phase"] == "discard" and view.get("widow"):
        return len(view["widow"])
    first = legal[0] if legal else ""
    return len(first.split(":")[1].split(".")) if ":" in first else 0


def scores_text(totals: list, view: dict, cat: dict) -> str:
    """Each side's total: 'Te 120, Vastapari −40'."""
    return ", ".join(f"{side_name(side, view, cat)} {number(t, cat)}" for side, t in enumerate(totals))


def scores_line(view: dict, cat: dict) -> str:
    """The game's totals above the table, after the deal's score once the deal is over."""
    if view["phase"] == "done" and view.get("totals_after"):
        return ui("play_totals_after", cat, {"scores": scores_text(view["totals_after"], view, cat)})
    return ui("play_totals", cat, {"scores": scores_text(view["totals"], view, cat)})


def table_info(view: dict, cat: dict) -> str:
    """The line in the middle of the table: the trump, and the contract with its bidder."""
    trump = cat["suits"][view["trump"]]["nom"] if view.get("trump") else ui("no_trump", cat)
    info = [f"{ui('trump', cat)}: {trump}"]
    if view.get("contract") is not None and view.get("bidder") is not None:
        bidder = seat_name(view["bidder"], view, cat).lower()
        info.append(f"{ui('contract', cat)}: {view['contract']} ({bidder})")
    return " · ".join(info)


def prompt(view: dict, cat: dict) -> str:
    """What seat 0 is asked to do now (empty when it is not its turn): bid or open with the
    minimum and the highest bid so far; how many cards to put away, give or return; keep or raise
    the contract; answer the partner's question (the question first), call, or play a card."""
    if view["phase"] == "done" or view["to_move"] != 0:
        return ""
    legal = view["legal"]
    phase = view["phase"]
    texts: list[str] = []
    if phase == "auction":
        bids = [a for a in legal if AMOUNT.match(a)]
        high = [b["action"] for b in view["auction"] if AMOUNT.match(b["action"])]
        if "p" in legal:
            texts.append(ui("prompt_bid", cat))
        elif bids:
            texts.append(ui("prompt_open", cat, {"minimum": bids[0]}))
        if high:
            texts.append(ui("prompt_high", cat, {"amount": high[-1]}))
    elif phase in CARD_SETS:
        texts.append(ui(f"prompt_{phase}", cat, {"count": pick_count(view)}))
    elif phase == "raise":
        texts.append(ui("prompt_raise", cat, {"contract": view["contract"]}))
    elif phase == "play":
        choices = [a for a in legal if not CARD_CODE.match(a)]
        if any(a.startswith("answer:") for a in choices):
            asked = [e for e in view["log"] if e["kind"] == "ask_full"]
            if asked:
                texts.append(event_text(asked[-1], view, cat))
            texts.append(ui("prompt_answer", cat))
        elif choices:
            texts.append(
                ui("prompt_declare_ask" if any(a.startswith("ask") for a in choices) else "prompt_declare", cat)
            )
        else:
            texts.append(ui("prompt_play", cat))
    return " ".join(t for t in texts if t)


def labels(view: dict, cat: dict) -> dict:
    """The caption of each button seat 0 may press now, by the action it sends: pass, each bid
    (its spoken name; the button shows the figure), keep and each raise, each call, a redeal, and
    the one button that puts the chosen cards away, gives or returns them (by the phase's name)."""
    if view["phase"] == "done" or view["to_move"] != 0:
        return {}
    out = {}
    for action in view["legal"]:
        if action == "p":
            out[action] = ui("play_pass", cat)
        elif AMOUNT.match(action):
            out[action] = ui("bid_amount", cat, {"amount": action})
        elif action == "hold":
            out[action] = ui("play_hold_n", cat, {"contract": view["contract"]})
        elif action.startswith("raise:"):
            out[action] = ui("play_raise_to", cat, {"amount": action[6:]})
        elif action == "askfull" or action.startswith(BUTTON_CALLS):
            out[action] = choice_button_label(action, cat)
        elif action == "redeal":
            out[action] = ui("play_redeal_button", cat)
    if view["phase"] in CARD_SETS:
        out[view["phase"]] = ui(f"play_{view['phase']}", cat, {"count": pick_count(view)})
    if view["phase"] == "raise":  # the page always offers to keep the contract
        out["hold"] = ui("play_hold_n", cat, {"contract": view["contract"]})
    return out


def summary_lines(view: dict, cat: dict) -> list[str]:
    """The deal's result in sentences: whose contract was made or lost and by how much, a lost
    contract's missing card points, a Porvoo; or a deal played without a contract."""
    score = view["score"]
    if score["contract"] is None:
        return [ui("sum_free", cat)]
    lines = []
    for side in score["sides"]:
        if side["role"] == "bidder":
            total = side["compared"] if side.get("compared") is not None else side["total"]
            params = {"total": total, "contract": score["contract"]}
            lines.append(
                say_side("sum_made" if side["contract_made"] else "sum_failed", side["side"], view, cat, params)
            )
            if not side["contract_made"] and total >= score["contract"]:
                lines.append(ui("sum_no_cards_pairs" if view["partnership"] else "sum_no_cards", cat))
        elif side.get("porvoo"):
            lines.append(say_side("sum_porvoo", side["side"], view, cat, {"bid": score["bid"]}))
    return lines


def breakdown_table(score: dict, names: list[str], cat: dict) -> Node:
    """How a deal's score is reached, by side: the one breakdown table of the play page's end of a
    deal and of the score sheet's deals (a table; each cell labelled for a phone's one-column
    layout). ``score``: the engine's breakdown (``scoring.score_deal``: each side's role, card
    points, the last trick where it scored, trumps, total, deal score and its ``result`` code);
    ``names``: each side's name by its number. The deal score says why it is what it is in the
    engine's words (``ui.bd_<result>`` with ``result_params``), except a side's own total."""
    sides = score["sides"]
    last_trick = any(side["last_trick"] for side in sides)
    columns = ["bd_side", "bd_role", "bd_cards", *(["bd_last"] if last_trick else []), "bd_trumps", "bd_total"]
    columns.append("bd_result")
    table = h("table", "breakdown", None, h("caption", "", None, ui("breakdown", cat)))
    table.add(h("tr", "", None, [h("th", "", {"scope": "col"}, ui(key, cat)) for key in columns]))
    for side in sides:
        trumps = ", ".join(f"{cat['suits'][d['suit']]['nom']} {d['bonus']}" for d in side["declarations"]) or "0"
        rounded = side.get("rounded")
        total = (
            f"{side['total']} → {rounded}" if rounded is not None and rounded != side["total"] else str(side["total"])
        )
        lost = side.get("discard_not_counted")  # house rule discard_needs_trick: the discard not counted
        cards = f"{side['card_points']} ({number(-lost, cat)})" if lost else str(side["card_points"])
        result = number(side["deal_score"], cat, plus=True)
        if side["result"] != "scores":
            why = ui("bd_" + side["result"], cat, side.get("result_params") or {})
            result = f"{result} ({why})"
        values = [ui(f"role_{side['role']}", cat), cards]
        values += [str(side["last_trick"])] if last_trick else []
        values += [trumps, total, result]
        row = h("tr", "bidder-row" if side["role"] == "bidder" else "", None)
        row.add(h("th", "", {"scope": "row"}, names[side["side"]]))
        row.add([h("td", "", {"data-label": ui(key, cat)}, value) for key, value in zip(columns[1:], values)])
        table.add(row)
    region = {"tabindex": "0", "role": "region", "aria-label": ui("breakdown", cat)}
    return h("div", "table-scroll", region, table)


def breakdown_tree(view: dict, cat: dict) -> Node:
    """The end of a deal's breakdown at the play table: the sides named as seat 0 sees them."""
    names = [side_name(side, view, cat) for side in range(len(view["score"]["sides"]))]
    return breakdown_table(view["score"], names, cat)


def result_tree(view: dict, cat: dict) -> list[Node]:
    """The end of a deal, above its buttons (the page adds those): the title; a deal dealt again
    says so; else the summary lines, the breakdown, the totals after the deal and, at the end of
    the game, its winner. Nothing before the deal is over."""
    if view["phase"] != "done":
        return []
    out = [h("h2", "", None, ui("sum_title", cat))]
    if view.get("redealt"):
        return [*out, h("p", "", None, ui("play_redeal", cat))]
    out += [h("p", "summary-line", None, line) for line in summary_lines(view, cat)]
    out.append(breakdown_tree(view, cat))
    scores = scores_text(view["totals_after"], view, cat)
    out.append(h("p", "totals-after", None, ui("play_totals_after", cat, {"scores": scores})))
    if view.get("match_over"):
        names = ", ".join(side_name(w, view, cat) for w in view["winners"])
        out.append(h("p", "verdict right", None, ui("play_winner", cat, {"names": names})))
    return out


def badges(seat: int, view: dict, cat: dict) -> list[str]:
    """A seat's marks at the table: the dealer; the bidder, with the contract."""
    out = []
    if view.get("dealer") == seat:
        out.append(ui("play_dealer", cat))
    if view.get("bidder") == seat and view.get("contract") is not None:
        out.append(ui("play_bidder_badge", cat, {"contract": view["contract"]}))
    return out


def tricks_won(seat: int, view: dict, cat: dict) -> str:
    """'2 tikkiä voitettu', '1 trick won'; nothing before a seat has won one."""
    n = view["tricks"][seat]
    return ui("play_tricks_n", cat, {"n": n}) if n > 0 else ""


def seat_notes(seat: int, view: dict, cat: dict) -> dict:
    """What the table shows at another seat besides its name: its marks (``badges``), its last
    call in the auction (``bid``), how many cards it holds (``cards``; never which) and the tricks
    it has won (``tricks``); an empty text where there is nothing to show."""
    bid = ""
    calls = [b["action"] for b in view.get("auction") or [] if b["seat"] == seat]
    if view["phase"] == "auction" and calls:
        bid = ui("pass", cat) if calls[-1] == "p" else f"{ui('play_bids', cat)}: {calls[-1]}"
    count = view["counts"][seat]
    cards = (
        ""
        if count <= 0
        else cat["cards"]["hidden_one"]
        if count == 1
        else fmt(cat["cards"]["hidden"], {"count": count}, cat)
    )
    return {"badges": badges(seat, view, cat), "bid": bid, "cards": cards, "tricks": tricks_won(seat, view, cat)}


def hand_title(view: dict, cat: dict) -> str:
    """The line above your hand: 'Your hand', your marks, the tricks you have won and, while
    your side plays as the bidder, its points so far against the contract (the engine's count)."""
    notes = [ui("your_hand", cat), *badges(0, view, cat), tricks_won(0, view, cat)]
    if view.get("so_far"):
        notes.append(ui("play_so_far", cat, view["so_far"]))
    return " · ".join(n for n in notes if n)


def picture(event: dict, cat: dict) -> str:
    """The spoken name of what the table shows for a moment at an event: the king and queen of a
    pair declared (or completed by an answer), the widow's cards as it is turned up; else none."""
    kind = event.get("kind")
    if kind == "declare" or (kind == "answer" and event.get("suit")) or (kind == "ask_half" and event.get("completed")):
        return ui("play_declared", cat, {"suit": event["suit"]})
    if kind == "widow":
        return f"{ui('play_widow', cat)}: {card_list(event['cards'], cat)}"
    return ""


def refusal(view: dict, cat: dict) -> list[str]:
    """Why the engine refused seat 0's action (the view's ``refused``), in the catalog's words: a
    card that may not be played says so first. Nothing where it refused none."""
    refused = view.get("refused")
    if not refused:
        return []
    lines = []
    if view["phase"] == "play" and CARD_CODE.match(refused.get("action") or ""):
        lines.append(fmt(message(cat["verdicts"], "illegal"), {}, cat))
    return [*lines, reason_text(refused, cat)]


def table_words(view: dict, cat: dict) -> dict:
    """Every sentence the play table shows about one view of the engine (op ``game`` or
    ``moment``), for the page to set as text or mount (``result``: ``to_dict`` nodes):

    * ``log``: each event of the view's ``log``, in its order; ``pictures``: what the table shows
      for a moment at each (``picture``); ``watched``: each card of the view's ``watched`` (house
      rule ``no_look_back``) as the play that the news line tells; ``story``: the story's title;
    * ``seats``: each seat's name; ``notes``: what each seat shows besides (``seat_notes``);
      ``hand``: the line above your hand; ``deal``: the deal's number and dealer; ``scores``: the
      totals; ``table``: the trump and the contract; ``dead_hand``: the dead hand's cards;
    * ``prompt``: what seat 0 is asked to do; ``labels``: its buttons' captions by action;
      ``refused``: why the engine refused its action (``refusal``);
    * ``result``: the end of the deal (``result_tree``)."""
    dead = view.get("dead_count") or 0
    return {
        "log": [event_text(e, view, cat) for e in view["log"]],
        "pictures": [picture(e, cat) for e in view["log"]],
        "watched": [say("ev_play", w["seat"], view, cat, {"card": w["card"]}) for w in view.get("watched") or []],
        "story": ui("play_story_done", cat, {"n": view["deal_number"]})
        if view["phase"] == "done"
        else ui("play_story", cat),
        "seats": [seat_name(seat, view, cat) for seat in range(view["players"])],
        "notes": [seat_notes(seat, view, cat) for seat in range(view["players"])],
        "hand": hand_title(view, cat),
        "deal": ui("play_deal", cat, {"n": view["deal_number"], "dealer": seat_name(view["dealer"], view, cat)}),
        "scores": scores_line(view, cat),
        "table": table_info(view, cat),
        "dead_hand": ui("play_dead_hand", cat, {"n": dead}) if dead else "",
        "prompt": prompt(view, cat),
        "labels": labels(view, cat),
        "refused": refusal(view, cat),
        "result": to_dict(result_tree(view, cat)),
    }
