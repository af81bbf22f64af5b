"""A shared position shows the friend only what the puzzle's seat may see: opened from a link in a
fresh browser, the page holds no card that the engine's view of the puzzle keeps hidden (no card,
no spoken name) and the folded editor holds no hand, dead hand or answer, until the puzzle is
solved (the editor then opens with the whole position) or the friend opens the editor on purpose
with a button that says it shows every hand."""

import json
from urllib.parse import quote

import build
from engine.core.notation import parse_position
from engine.web import handle
from sitebuild.catalogs import card_label, card_name

# three players: seat 2 led the jack of hearts; seat 0 (the puzzle's seat) holds the ace, king and
# queen of hearts and the six of diamonds; the best card is the ace
POSITION = "rules:three-player/hands:..6.AKQ,A.A.TJ.,T.T.9./lead:2/trick:HJ"
HANDS = ["..6.AKQ", "A.A.TJ.", "T.T.9."]
# best card (all hands known, by the kind), with its answer in the link
BEST = "#k=best-card&p=" + quote(POSITION, safe="") + "&a=HA"
# which cards are legal: seats 1 and 2 hidden
LEGAL = "#k=legal-card&p=" + quote(POSITION, safe="")
# two players with the house rule dead_hand: nobody sees the dead hand
DEAD = "rules:wikibooks-2p+dead_hand/hands:A..A.K,T..T.A/lead:0/dead:KQJ9.AKQJ9.K.Q"


def hidden_cards(kind: str, position: str) -> list[str]:
    """The cards of the position that the engine's view of the puzzle does not show its seat."""
    answer = json.loads(handle(json.dumps({"op": "puzzle", "puzzle": {"kind": kind, "position": position}})))
    view = answer["view"]
    seen = {card for seat in view["seats"] for card in seat["cards"] or ()} | {t["card"] for t in view["trick"]}
    parsed = parse_position(position)
    every = {str(card) for hand in parsed.hands for card in hand} | {str(card) for card in parsed.dead or ()}
    return sorted(every - seen)


def page_holds(page) -> dict:
    """Everything the page holds that could name a card: its HTML, all its text (shown or hidden,
    but the data scripts), the cards' codes and names, and the values of its fields (a value set
    by a script is not in the HTML)."""
    return page.evaluate(
        """() => {
          const body = document.body.cloneNode(true);
          for (const node of body.querySelectorAll("script")) node.remove();
          return {
            html: document.documentElement.outerHTML,
            text: body.textContent,
            cards: [...document.querySelectorAll("[data-card]")].map((n) => n.dataset.card),
            labels: [...document.querySelectorAll("[aria-label]")].map((n) => n.getAttribute("aria-label")),
            values: [...document.querySelectorAll("input, select, textarea")].map((n) => n.value),
          };
        }"""
    )


def assert_nothing_given_away(page, cat, hidden, secrets):
    """No hidden card anywhere in the page, and none of ``secrets`` (hands, the dead hand as the link
    writes them) in a field or the page's text; the editor folded."""
    assert page.locator("#editor").is_hidden()
    held = page_holds(page)
    for code in hidden:
        assert code not in held["cards"] and f'data-card="{code}"' not in held["html"], code
        for name in (card_name(code, "nom", cat), card_label(code, cat)):
            assert name not in held["text"] and not any(name in label for label in held["labels"]), (code, name)
    for secret in secrets:
        # (the language link keeps the address's fragment, the link the friend was given: not shown)
        assert secret not in held["text"] and not any(secret in value for value in held["values"]), secret
    for field in ("#ed-hand-0", "#ed-hand-1", "#ed-hand-2", "#ed-dead", "#ed-answer"):
        assert page.input_value(field) == "", field


def folded(page, cat):
    """Wait until the engine has read the shared position and the editor is folded away."""
    page.locator("#puzzle-shared .hand button").first.wait_for(timeout=180_000)
    page.locator("#ed-open[data-held]").wait_for(timeout=60_000)
    button = page.locator("#ed-open")
    assert button.inner_text() == cat["ui"]["editor_reveal"] and button.get_attribute("aria-expanded") == "false"
    return button


def test_a_shared_best_card_link_in_a_fresh_browser_shows_no_hidden_card_until_it_is_solved(visit, base_url):
    """Best card: the kind shows every hand (the engine's view hides nothing), so what would give it
    away is the answer the link carries: not in the page until the puzzle is solved."""
    cat = build.load_catalog("en")
    assert hidden_cards("best-card", POSITION) == []
    v = visit()
    page = v.open(base_url + "/en/position/" + BEST)
    button = folded(page, cat)
    assert_nothing_given_away(page, cat, [], ["A.A.TJ.", "T.T.9."])
    section = page.locator("#puzzle-shared")
    section.locator('button[data-card="HK"]').click()  # a wrong answer gives nothing away either
    section.locator(".feedback .verdict").first.wait_for(timeout=60_000)
    assert_nothing_given_away(page, cat, [], ["A.A.TJ."])
    assert page.input_value("#ed-answer") == ""
    # solved: the editor opens with the whole position and the answer
    section.locator('button[data-card="HA"]').click()
    section.locator(".verdict.right").wait_for(timeout=60_000)
    page.locator("#editor").wait_for(timeout=10_000)
    assert button.is_hidden()
    assert [page.input_value(f"#ed-hand-{seat}") for seat in range(3)] == HANDS
    assert page.input_value("#ed-answer") == "HA" and page.input_value("#ed-kind") == "best-card"
    assert not v.errors


def test_hidden_hands_and_a_dead_hand_stay_out_of_the_page_until_the_editor_is_opened_on_purpose(visit, base_url):
    """Which cards are legal, seats 1 and 2 hidden; then a dead hand (house rule): none of their
    cards in the page, until the friend opens the editor with the button that says what it shows."""
    cat = build.load_catalog("fi")
    hidden = hidden_cards("legal-card", POSITION)
    assert hidden == sorted(str(c) for seat in (1, 2) for c in parse_position(POSITION).hands[seat])
    v = visit()
    page = v.open(base_url + "/fi/position/" + LEGAL)
    button = folded(page, cat)
    assert_nothing_given_away(page, cat, hidden, HANDS[1:])
    button.click()
    page.locator("#editor").wait_for()
    assert button.is_hidden() and button.get_attribute("aria-expanded") == "true"
    assert [page.input_value(f"#ed-hand-{seat}") for seat in range(3)] == HANDS
    dead = hidden_cards("legal-card", DEAD)
    assert set(str(c) for c in parse_position(DEAD).dead) <= set(dead)
    other = visit()
    page = other.open(base_url + "/fi/position/#k=legal-card&p=" + quote(DEAD, safe=""))
    folded(page, cat)
    assert_nothing_given_away(page, cat, dead, ["KQJ9.AKQJ9.K.Q", "T..T.A"])
    # the page without a link: the editor at once, empty, nothing folded
    fresh = visit().open(base_url + "/fi/position/")
    assert fresh.locator("#editor").is_visible() and fresh.locator("#ed-open").is_hidden()
    assert not v.errors and not other.errors
