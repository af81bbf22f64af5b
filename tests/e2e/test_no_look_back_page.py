"""Issue 35 at the table, in the browser: the house rule ``no_look_back`` (a gathered trick is not
looked at again) and the late redeal (house rule ``redeal_four_sixes_late``) at the discard and,
with ``late_redeal_at_raise``, at the raise.

The deals are worked out first with the engine (``engine.coach.game.step``, the code the page's
worker runs), so the test knows the first trick's cards and where the sixes are."""

import pytest
from test_play import Journey

from engine import Play
from engine.coach.game import _replay, step
from engine.core.rules import parse_rules
from sitebuild.catalogs import card_label, card_name, fmt, message

NO_LOOK = "three-player+no_look_back"
COMPUTERS = ["easy", "easy"]
# seed 1: seat 0 passes, the bidder (seat 2) leads, seat 0 plays second, seat 1 ends the trick;
# no card of the first trick is in the widow (which the story names as it was shown)
NO_LOOK_SEED = 1
LATE = "three-player+redeal_four_sixes_late+late_redeal_at_raise"
LATE_SEED = 53  # seat 0 bids the minimum, the others pass: it takes the widow and holds four sixes

# the cards the page draws while a step is shown (moving or still), recorded as they are added
WATCH = """() => {
  window.__drawn = [];
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node.nodeType === 1)
          for (const card of [node, ...node.querySelectorAll('.card')])
            if (card.classList?.contains('card') && card.getAttribute('aria-label'))
              window.__drawn.push(card.getAttribute('aria-label'));
  }).observe(document.getElementById('table'), { childList: true, subtree: true });
}"""


def first_trick():
    """Seat 0's actions up to the first trick gathered, the trick's cards and its winner's event."""
    request = {"rules": NO_LOOK, "seed": NO_LOOK_SEED, "computers": COMPUTERS}
    state = step(request)
    actions = []
    while not (state["phase"] == "play" and sum(state["tricks"]) >= 1):
        legal = state["legal"]
        action = "p" if state["phase"] == "auction" else next(c for c in state["hand"] if c in legal)
        actions.append(action)
        state = step({**request, "history": state["history"], "action": action})
    deal = _replay(parse_rules(NO_LOOK), NO_LOOK_SEED, state["history"]).deal
    cards = [str(a.card) for _, a in deal.history if isinstance(a, Play)][:3]
    assert not set(cards) & set(state["widow"]) and actions[0] == "p"
    trick = next(e for e in state["log"] if e["kind"] == "trick")
    return actions, cards, trick, state


def open_with(j, rules, seed, rule):
    """The play page from a link with these rules and this seed, easy computers, started."""
    page = j.v.open(f"{j.base_url}/{j.lang}/play/#rules={rules}&seed={seed}")
    j.page, j.game = page, page.locator("#game")
    page.wait_for_function(f"() => document.querySelector('#play-rule-{rule}')?.checked === true", timeout=180_000)
    j.settings()
    for seat in (1, 2):
        page.select_option(f"#play-level-{seat}", "easy")
    j.start()
    return page


@pytest.mark.parametrize("lang, motion", [("en", "no-preference"), ("fi", "reduce")])
def test_a_gathered_trick_leaves_no_card_in_the_page_and_the_story_says_it_was_gathered(visit, base_url, lang, motion):
    actions, cards, trick, state = first_trick()
    j = Journey(visit, base_url, lang, 390, 844, mobile=True)
    j.v = visit(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion=motion)
    page = open_with(j, NO_LOOK, NO_LOOK_SEED, "no_look_back")
    catalog = j.catalog
    labels = {card: card_label(card, catalog) for card in cards}
    for action in actions[:-1]:
        j.act(action)
    # before seat 0's card: the leader's card lies on the table, in view
    assert page.locator("#trick-now .card").count() == 1
    page.evaluate(WATCH)
    j.act(actions[-1])  # seat 0's card, then the last player's: the trick is gathered
    assert j.game.get_attribute("data-tricks") == "1"
    # seat 0 watched the trick completed: its own card and the last one were drawn on the table
    drawn = page.evaluate("window.__drawn")
    assert labels[cards[1]] in drawn and labels[cards[2]] in drawn, drawn
    # gathered: no card of it anywhere in the page (a card's code, its spoken name, its name)
    html = page.content()
    text = page.locator("body").inner_text() + page.locator("#story-list").text_content()
    for card in cards:
        assert page.locator(f'[data-card="{card}"]').count() == 0
        assert f'aria-label="{labels[card]}"' not in html, card
        for case in ("nom", "gen", "part", "ade"):
            assert card_name(card, case, catalog) not in text, (card, case)
    assert page.locator(".last-trick").count() == 0
    # the story tells the trick as gathered, with its winner and points, and who played in it
    seat = trick["seat"]
    key = "ev_trick_hidden_you" if seat == 0 else "ev_trick_hidden"
    params = {"points": trick["points"]}
    if seat:
        params["who"] = catalog["ui"][f"who_{state['where'][seat]}"]
    gathered = fmt(message(catalog["ui"], key, params), params, catalog)
    story = page.locator("#story-list").text_content()
    assert gathered in story, (gathered, story)
    assert j.ui("ev_play_hidden_you") in story
    j.check(f"no-look-back-{motion}")
    assert not j.v.errors


def test_the_late_redeal_button_shows_at_the_discard_and_the_raise_where_the_engine_lists_it(visit, base_url):
    request = {"rules": LATE, "seed": LATE_SEED, "computers": COMPUTERS}
    state = step(request)
    bids = []  # seat 0 bids the minimum each time, until the others pass
    while state["phase"] == "auction":
        assert state["to_move"] == 0 and "redeal" not in state["legal"]  # not before the widow is taken
        bids.append(min((a for a in state["legal"] if a.isdigit()), key=int))
        state = step({**request, "history": state["history"], "action": bids[-1]})
    discard = state
    assert discard["phase"] == "discard" and "redeal" in discard["legal"]
    assert sum(1 for c in discard["hand"] if c[1] == "6") == 4
    keep = next(a for a in discard["legal"] if a.startswith("discard:") and "6" not in a[8:].replace(".", "")[1::2])
    raising = step({**request, "history": discard["history"], "action": keep})
    assert raising["phase"] == "raise" and "redeal" in raising["legal"]

    j = Journey(visit, base_url, "en", 390, 844, mobile=True)
    page = open_with(j, LATE, LATE_SEED, "late_redeal_at_raise")
    redeal = page.locator('#actions button[data-action="redeal"]')
    assert redeal.count() == 0  # not at the first bid: seat 0 does not hold the four sixes yet
    for bid in bids:
        j.act(bid)
    assert j.game.get_attribute("data-phase") == "discard"
    assert redeal.is_visible() and redeal.inner_text() == j.ui("play_redeal_button")
    j.check("late-redeal-discard")
    j.act(keep)
    assert j.game.get_attribute("data-phase") == "raise"
    assert redeal.is_visible() and redeal.inner_text() == j.ui("play_redeal_button")
    j.act("redeal")
    assert j.game.get_attribute("data-phase") == "done"
    assert j.ui("ev_redeal_you") in page.locator("#story-list").text_content()
    assert not page.locator("#play-feedback .verdict.wrong").count()
    assert not j.v.errors
