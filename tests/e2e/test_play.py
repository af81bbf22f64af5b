"""The play page in Chromium: a whole deal that tells its story, hints that never name a hidden
card, the end-of-deal summary, and the review that finds the cost of a deliberately bad card;
in every state: no text of the other language's catalog and no horizontal scroll.

The human's actions are worked out first with the engine (``engine.coach.game.step``, the same code the
page's worker runs), so the test knows which card is the bad one and what it costs (``solve``)."""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

import build
from engine import ALL_CARDS
from engine.coach.game import _replay, step
from engine.core.rules import parse_rules
from engine.search.solver import solve
from sitebuild.catalogs import card_label, card_name, fmt, message

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


def script(rules, seed, computers):
    """Seat 0's actions: pass (or open at the minimum), declare or ask the partner when it can,
    answer the first way it can, the first legal card, and once, from the second trick on, the
    card the solver finds dearest. Returns the actions, the states before each, the bad card."""
    request = {"rules": rules, "seed": seed, "computers": computers}
    state = step(request)
    actions, states, bad = [], [], None
    while state["phase"] != "done":
        legal = state["legal"]
        states.append(state)
        cards = [c for c in state["hand"] if c in legal]
        others = [a for a in legal if a not in cards]
        if state["phase"] == "auction":
            action = "p" if "p" in legal else min((a for a in legal if a.isdigit()), key=int)
        elif state["phase"] in ("discard", "give", "return"):
            count = len(legal[0].split(":")[1].split("."))
            action = f"{state['phase']}:" + ".".join(state["hand"][:count])
        elif state["phase"] == "raise":
            action = "hold"
        elif others:
            preferred = [a for a in others if a.startswith("trump:")] + [a for a in others if a == "askfull"]
            action = (preferred or [a for a in others if a.startswith("answer")] or cards)[0]
        elif bad is None and sum(state["tricks"]) >= 1 and len(cards) > 1:
            deal = _replay(parse_rules(rules), seed, state["history"]).deal
            solution = solve(deal)
            worst = min(solution.actions, key=lambda a: a.value)
            action = cards[0]
            if solution.value - worst.value >= 5:
                action = worst.action
                bad = {"card": worst.action, "cost": solution.value - worst.value, "trick": sum(state["tricks"]) + 1}
        else:
            action = cards[0]
        actions.append(action)
        state = step({**request, "history": state["history"], "action": action})
    return actions, states, bad, state


def _texts(catalog):
    def walk(value):
        if isinstance(value, dict):
            for v in value.values():
                yield from walk(v)
        elif isinstance(value, str):
            yield value

    for section in ("ui", "verdicts", "reasons", "kinds", "seats", "presets", "cards", "suits", "ranks"):
        yield from walk(catalog.get(section, {}))


def foreign_fragments(lang):
    """Pieces of the other language's catalog that cannot appear on a page in ``lang``: the text
    between placeholders, at least two words and 10 characters, found nowhere in ``lang``'s."""
    mine = " ".join(_texts(build.load_catalog(lang)))
    other = build.load_catalog("en" if lang == "fi" else "fi")
    found = set()
    for text in _texts(other):
        for part in re.split(r"\{[^}]*\}", text):
            part = part.strip(" .,:;!?()–-·✓✗")
            if len(part) >= 10 and " " in part and part not in mine:
                found.add(part)
    return found


FOREIGN_WORDS = {
    "fi": re.compile(r"\b(spades|clubs|diamonds|hearts|ace|king|queen|jack|bid|pass|trick|trump)\b", re.I),
    "en": re.compile(r"\b(pata|risti|ruutu|hertta|ässä|kuningas|rouva|sotilas|tikki|valtti)\w*", re.I),
}


class Journey:
    """A visit to the play page that checks every state it reaches."""

    def __init__(self, visit, base_url, lang, width, height, mobile, axe=False, motion="reduce"):
        # reduced motion unless asked: the cards that move between two views (play-table.js
        # playFrames) are test_table's subject, and here they only made every deal wait, about
        # 2 s a trick, and drew frames (a deal: 146 s -> 83 s under load, a third less Chromium CPU)
        options = {"viewport": {"width": width, "height": height}, "reduced_motion": motion}
        if axe:
            options["bypass_csp"] = True  # axe-core is injected as a script
        if mobile:
            options.update(is_mobile=True, has_touch=True)
        self.v = visit(**options)
        self.lang = lang
        self.width = width
        self.mobile = mobile
        self.catalog = build.load_catalog(lang)
        self.fragments = foreign_fragments(lang)
        self.base_url = base_url
        self.news: list[str] = []
        self.states = 0
        self.axe = None
        if axe:
            from axe_playwright_python.sync_playwright import Axe

            self.axe = Axe()

    def ui(self, key, **params):
        return fmt(message(self.catalog["ui"], key, params), params, self.catalog)

    def open(self, seed, settings=True):
        """The table of a deal to play again (#seed=N): it opens on the table, started by the
        engine; with ``settings`` the settings sheet is then opened from the table."""
        self.page = self.v.open(f"{self.base_url}/{self.lang}/play/#seed={seed}")
        self.game = self.page.locator("#game")
        self.page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=180_000)
        self.check()
        if settings:
            self.settings()
        return self.page

    def settings(self):
        """Open the settings sheet from the table (rules, house rules, computers, hints)."""
        if self.page.locator("#play-sheet").is_hidden():
            self.press(self.page.locator("#play-settings"))
        self.page.locator("#play-sheet").wait_for(state="visible")

    def press(self, locator):
        if self.mobile:
            locator.tap()
        else:
            self.page.mouse.move(0, 0)  # a card under the resting pointer would lift on hover
            locator.click()

    def check(self, name=None):
        """No text of the other language, no horizontal scroll; a screenshot when named."""
        page = self.page
        text = page.locator("main").inner_text()
        found = [f for f in self.fragments if f in text]
        assert not found, f"{self.lang} page shows the other language's text: {found[:5]}"
        word = FOREIGN_WORDS[self.lang].search(text)
        assert not word, f"{self.lang} page shows the word {word.group(0)!r}"
        assert page.evaluate("document.documentElement.scrollWidth") <= self.width, "the page scrolls sideways"
        if name and self.axe:
            results = self.axe.run(page)
            bad = [x for x in results.response["violations"] if x["impact"] in ("serious", "critical")]
            assert not bad, (name, [(x["id"], x["nodes"][0]["html"]) for x in bad])
        if name:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"play-{self.lang}-{self.width}-{name}.png"), full_page=True)
        self.states += 1

    def start(self):
        """Press "start a game" and wait for the engine's first answer."""
        before = self.game.get_attribute("data-step")
        self.press(self.page.locator("button.start"))
        self.wait_step(before, timeout=180)

    def wait_step(self, before, timeout=120):
        """Until the page has answered (its step moved on)."""
        if before is None:
            expect(self.game).to_have_attribute("data-step", re.compile(r"\d"), timeout=timeout * 1000)
        else:
            expect(self.game).not_to_have_attribute("data-step", before, timeout=timeout * 1000)
        self.news.append(self.page.locator("#play-news").inner_text())

    def wait_text(self, selector, predicate, timeout=120):
        start = time.time()
        while time.time() - start < timeout:
            text = self.page.locator(selector).inner_text()
            if predicate(text):
                return text
            self.page.wait_for_timeout(200)
        raise AssertionError(f"{selector}: {self.page.locator(selector).inner_text()!r}")

    def act(self, action):
        page = self.page
        before = self.game.get_attribute("data-step")
        if re.fullmatch(r"[SCDH][AKQJT9876]", action):
            self.press(page.locator(f'#hand button[data-card="{action}"]'))
        elif action.split(":")[0] in ("discard", "give", "return"):
            kind, cards = action.split(":")
            for card in cards.split("."):
                self.press(page.locator(f'#hand button[data-card="{card}"]'))
            self.press(page.locator(f'#actions button[data-action="{kind}"]'))
        else:
            self.press(page.locator(f'#actions button[data-action="{action}"]'))
        self.wait_step(before)


def hidden_cards(state):
    """The cards seat 0 cannot know of at this state (in the others' hands, or a discard)."""
    seen = set(state["hand"]) | set(state["widow"])
    for event in state["log"]:
        seen |= {event.get("card")} | set(event.get("cards", []))
    return [str(c) for c in ALL_CARDS if str(c) not in seen]


def names(card, catalog):
    return [card_name(card, case, catalog) for case in ("nom", "gen", "part", "ade")] + [card_label(card, catalog)]


def ask_hint(journey, state):
    page = journey.page
    journey.press(page.locator("#actions .hint-button"))
    journey.wait_text("#play-hint", lambda t: t.strip() and "…" not in t)
    # the choice and why first; how it was worked out one tap away (text_content: closed too)
    text = page.locator("#play-hint").text_content()
    assert text.startswith(journey.ui("hint_choice", choice="")[:5])
    # a hint says what it ranks by (or that the choice is forced), so its figures never seem to
    # contradict it; the auction hint shows both expected scores it compared
    said = [journey.ui("hint_rank"), journey.ui("hint_rank_raise", margin=2), journey.ui("hint_forced", choice="")[:12]]
    said += [journey.ui(k, choice="").split(". ", 1)[1][:30] for k in ("hint_must_open", "hint_partner_holds")]
    said += [journey.ui(k, bid="", defend="")[:20] for k in ("hint_bid_pass", "hint_bid_bid")]
    assert any(s in text for s in said), text
    assert "puolesi" not in text and "your side" not in text
    for card in hidden_cards(state):
        for name in names(card, journey.catalog):
            assert name not in text, f"the hint names the hidden {card}: {text}"
    journey.check()
    return text


def test_a_pairs_deal_told_hinted_summed_up_and_reviewed_on_a_phone_in_finnish(visit, base_url):
    """faq-pairs, seat 0 defends: the partner asks seat 0 for a full pair, a computer's answer
    declares trump, seat 0 asks its partner; seat 0 plays one bad card; the review finds it."""
    seed, computers = 14, ["normal", "normal", "normal"]
    actions, states, bad, final = script("faq-pairs", seed, computers)
    assert bad is not None
    j = Journey(visit, base_url, "fi", 390, 844, mobile=True, axe=True)
    page = j.open(seed)
    page.select_option("#play-rules", "faq-pairs")
    for i in range(3):
        assert page.locator(f"#play-level-{i + 1}").input_value() == "normal"
    page.check("#play-hints")
    j.check("setup")
    j.start()
    assert page.locator("#play-news").get_attribute("aria-live") == "polite"
    hinted = 0
    for i, (action, state) in enumerate(zip(actions, states)):
        assert j.game.get_attribute("data-phase") == state["phase"] and j.game.get_attribute("data-to-move") == "0"
        j.check("auction" if i == 0 else "mid-deal" if sum(state["tricks"]) == 4 and not state["trick"] else None)
        prompt = page.locator("#play-prompt").inner_text()
        if any(a.startswith("answer:") for a in state["legal"]):  # the partner's question, with what was asked
            assert j.ui("ev_ask_full_to_you") in prompt and j.ui("prompt_answer") in prompt
            j.check("question")
        if state["phase"] == "auction":
            assert page.locator("#actions select").count() == 0  # bid buttons, not a <select>
            assert page.locator('#actions button[data-action="p"]').count() == 1
        if (i == 0 or (state["phase"] == "play" and hinted < 2)) and page.locator("#actions .hint-button").count():
            ask_hint(j, state)
            hinted += 1
        j.act(action)
    assert hinted >= 2
    assert j.game.get_attribute("data-phase") == "done"
    # the story: the partner's question to you, the computer's declaring answer, your question
    told = "\n".join(j.news)
    answer = next(e for e in final["log"] if e["kind"] == "answer" and e["suit"])
    assert (
        j.ui("ev_answer", who=j.ui(f"who_{final['where'][answer['seat']]}"), suit=answer["suit"], bonus=answer["bonus"])
        in told
    )
    assert j.ui("ev_ask_full_you") in told
    assert j.ui("ev_ask_full_to_you") in told
    story = page.locator("#story-list li")
    assert story.count() == len(final["log"])
    # the end of the deal: contract made or lost, each side, the new totals; nothing stale
    result = page.locator("#result").inner_text()
    bidder = next(s for s in final["score"]["sides"] if s["role"] == "bidder")
    key = "sum_made" if bidder["contract_made"] else "sum_failed"
    who = {"who": j.ui("who_them"), "who_gen": j.ui("who_them_gen")}
    assert j.ui(key, total=bidder["total"], contract=final["score"]["contract"], **who) in result
    totals = ", ".join(
        f"{j.ui('play_you_pair' if side == 0 else 'play_them_pair')} {t}"
        for side, t in enumerate(final["totals_after"])
    )
    assert j.ui("play_totals_after", scores=totals) in result
    assert page.locator("#scores").inner_text() == j.ui("play_totals_after", scores=totals)
    assert page.locator("#hand").is_hidden() and page.locator("#actions button").count() == 0
    assert "0 piilossa" not in page.locator("#table").inner_text()
    assert page.locator(".breakdown .bidder-row").count() == 1
    # issue 34: on a phone the end-of-deal table is stacked, its deciding column in view
    assert page.locator("#result .table-scroll").evaluate("(e) => e.scrollWidth <= e.clientWidth + 1")
    assert page.locator(".breakdown .bidder-row td").last.is_visible()
    assert page.locator(".breakdown th", has_text=j.ui("bd_last")).count() == 1  # FAQ: 20 for the last trick
    j.check("end")
    # the review: stopped while it starts, then run to the end
    j.press(page.locator("#review-start"))
    # the method a tap away, never first (issue 34)
    method = page.locator("#review > details.review-method")
    assert j.ui("review_assumes_us") in method.text_content()
    assert j.ui("review_assumes_us") not in page.locator("#review").inner_text()
    j.check()
    j.press(page.locator("#review button", has_text=j.ui("review_stop")))
    j.wait_text("#review", lambda t: j.ui("review_stopped") in t)
    j.check()
    j.press(page.locator("#review-start"))
    finished = (j.ui("review_blamed_count", count=0)[:8], j.ui("review_blamed_none")[:8])
    j.wait_text("#review", lambda t: any(f in t for f in finished), 600)
    j.check("review")
    # the summary is the deal as it was played: the deal's own score, never a sum of figures
    played = "review_played_made" if bidder["contract_made"] else "review_played_lost"
    summary = page.locator("#review .review-total").inner_text()
    assert j.ui(played, total=bidder["total"], contract=final["score"]["contract"], **who) in summary
    trick = page.locator(f'.replay-trick[data-trick="{bad["trick"]}"]')
    # the card's block: blamed (by what you could see, and its one figure shows a loss), its
    # figure the solver's, exact unless the bounded review had to cut the search short (on a slow
    # or loaded machine) and says so; a blamed card says why in cards and shows the two lines
    chosen = j.ui("review_choice", choice=card_name(bad["card"], "nom", j.catalog))
    block = trick.locator(".decision", has_text=chosen)
    assert block.get_attribute("data-decision") == "card"
    if block.get_attribute("data-cost"):
        assert "costly" in trick.get_attribute("class")
        assert block.locator(".review-why").count() >= 1
        assert block.locator(".review-lines .line").count() == 2
        if j.ui("review_estimate") not in block.text_content():
            assert float(block.get_attribute("data-cost")) == bad["cost"]
    # a blamed choice says why in cards (issue 34), read from the two lines of play
    assert page.locator("#review .decision.costly .review-why").count() >= 1
    review = page.locator("#review").inner_text()
    assert "puolesi" not in review and "Huutajan puoli" not in review
    assert not j.v.errors


def test_a_three_player_deal_in_english_and_a_review_stopped_by_the_next_deal(visit, base_url):
    seed, computers = 7, ["expert", "easy"]
    actions, states, bad, final = script("three-player", seed, computers)
    j = Journey(visit, base_url, "en", 1280, 900, mobile=False)
    page = j.open(seed)
    page.select_option("#play-rules", "three-player")
    # every computer seat offers the engine's player types, weakest first, by their names in the catalog
    for i in (1, 2):
        offered = page.locator(f"#play-level-{i} option")
        assert offered.evaluate_all("os => os.map(o => o.value)") == ["easy", "normal", "expert"]
        assert offered.all_inner_texts() == [j.ui(f"level_{level}") for level in ("easy", "normal", "expert")]
    page.select_option("#play-level-1", "expert")  # the expert plays the deal in the page's engine
    page.select_option("#play-level-2", "easy")
    page.check("#play-hints")
    j.start()
    for i, (action, state) in enumerate(zip(actions, states)):
        j.check("mid-deal" if i == len(actions) // 2 else None)
        if i == 2 and page.locator("#actions .hint-button").count():
            ask_hint(j, state)
        j.act(action)
    told = "\n".join(j.news)
    declaration = next(e for e in final["log"] if e["kind"] == "declare")
    who = j.ui(f"who_{final['where'][declaration['seat']]}")
    assert j.ui("ev_declare", who=who, suit=declaration["suit"], bonus=declaration["bonus"]) in told
    widow = next(e for e in final["log"] if e["kind"] == "widow")
    assert j.ui("ev_widow", cards=", ".join(card_name(c, "nom", j.catalog) for c in widow["cards"])) in told
    table = page.locator("#table").inner_text()
    assert "0 hidden" not in table
    # the contract's seat reads as in a sentence, as on the lesson pages: "Contract: 50 (left)"
    bidder = j.catalog["seats"][final["where"][final["bidder"]]]
    assert f"{j.ui('contract')}: {final['contract']} ({bidder.lower()})" in page.locator(".table-info").inner_text()
    assert page.locator(".breakdown .bidder-row").count() == 1
    assert page.locator(".breakdown th", has_text=j.ui("bd_last")).count() == 0  # no points for the last trick
    # the first whole deal played on this device was celebrated (celebrate.js), once
    assert page.evaluate("localStorage.getItem('huutopussi.first-deal')") == "played"
    j.check("end")
    # a review in progress is dropped when the next deal starts, and the table goes on at once
    j.press(page.locator("#review-start"))
    j.check()
    before = j.game.get_attribute("data-step")
    started = time.time()
    j.press(page.locator("#result button", has_text=j.ui("play_next")))
    j.wait_step(before, timeout=60)
    assert time.time() - started < 30
    assert page.locator("#review").is_hidden()
    assert page.locator("#deal-info").inner_text().startswith(j.ui("play_deal", n=2, dealer="")[:6])
    j.check()
    assert not j.v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_wrong_number_of_discards_gets_the_right_message(visit, base_url, lang):
    """Three-player, seat 0 opens and wins the auction: putting away two cards instead of three
    is refused with 'choose exactly 3 cards', never with a word about playing a card."""
    rules, seed = "three-player", None
    for candidate in range(1, 60):
        state = step({"rules": rules, "seed": candidate, "computers": ["easy", "easy"]})
        if state["phase"] == "auction" and "p" not in state["legal"]:
            after = step(
                {
                    "rules": rules,
                    "seed": candidate,
                    "computers": ["easy", "easy"],
                    "history": state["history"],
                    "action": "40",
                }
            )
            if after["phase"] == "discard":
                seed = candidate
                break
    assert seed is not None
    j = Journey(visit, base_url, lang, 390, 844, mobile=True)
    page = j.open(seed)
    page.select_option("#play-rules", rules)
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    j.start()
    j.act("40")
    assert j.game.get_attribute("data-phase") == "discard"
    assert j.ui("prompt_discard", count=3) in page.locator("#play-prompt").inner_text()
    for card in page.locator("#hand button").all()[:2]:
        j.press(card)
    assert j.ui("chosen_count", n=2, count=3) in page.locator("#actions").inner_text()
    before = j.game.get_attribute("data-step")
    j.press(page.locator('#actions button[data-action="discard"]'))
    j.wait_step(before)
    feedback = page.locator("#play-feedback").inner_text()
    catalog = j.catalog
    assert fmt(catalog["reasons"]["wrong_card_count"], {"count": 3}, catalog) in feedback
    assert catalog["verdicts"]["illegal"] not in feedback
    j.check("discard-refused")
    # "Start a game" during the deal asks first; keeping the game changes nothing
    step_before = j.game.get_attribute("data-step")
    j.settings()
    j.press(page.locator("#play-start"))
    confirm = page.locator("#play-restart")
    assert confirm.is_visible() and page.locator("#play-start").is_hidden()
    assert j.ui("play_restart_ask") in confirm.inner_text()
    assert page.evaluate("document.activeElement.id") == "play-restart-no"
    j.check("restart-asked")
    j.press(page.locator("#play-restart-no"))
    assert confirm.is_hidden() and page.locator("#play-start").is_visible()
    page.wait_for_timeout(300)  # a time for a new game to start if it would: nothing to wait for
    assert j.game.get_attribute("data-step") == step_before and j.game.get_attribute("data-phase") == "discard"
    # Escape keeps the game too; confirming starts a new one
    j.press(page.locator("#play-start"))
    page.keyboard.press("Escape")
    assert confirm.is_hidden() and j.game.get_attribute("data-phase") == "discard"
    j.press(page.locator("#play-start"))
    j.press(page.locator("#play-restart-yes"))
    j.wait_step(step_before)
    assert (
        j.game.get_attribute("data-phase") == "auction"
        and page.locator('#actions button[data-action="40"]').count() == 1
    )
    assert not j.v.errors


def test_a_six_card_widow_discard_is_picked_on_the_table(visit, base_url):
    """wikibooks-2p+six_card_widow: the bidder puts away 6 of 17 cards (tens of thousands of
    sets; the engine's step lists only the first few hundred and says how many to pick). The page
    asks for 6 cards, and a discard that is not among those listed is taken by the engine."""
    rules, computers = "wikibooks-2p+six_card_widow", ["easy"]
    seed = state = None
    for candidate in range(1, 80):
        request = {"rules": rules, "seed": candidate, "computers": computers}
        first = step(request)
        bids = [a for a in first["legal"] if a.isdigit()]
        if first["phase"] != "auction" or first["to_move"] != 0 or not bids:
            continue
        after = step({**request, "history": first["history"], "action": bids[0]})
        if after["phase"] == "discard" and after["to_move"] == 0:
            seed, state, bid = candidate, after, bids[0]
            break
    assert seed is not None
    assert state["pick"] == {"count": 6, "complete": False}
    listed = {a for a in state["legal"] if a.startswith("discard:")}
    cards = sorted(state["hand"])[-6:]
    assert "discard:" + ".".join(cards) not in listed
    j = Journey(visit, base_url, "en", 390, 844, mobile=True)
    j.page = j.v.open(f"{base_url}/en/play/#rules={rules}&seed={seed}")
    j.game = j.page.locator("#game")
    page = j.page
    # the link's rules are read by the engine, then shown in the settings (the house rule ticked)
    page.wait_for_function(
        "() => document.querySelector('#play-rule-six_card_widow')?.checked === true", timeout=180_000
    )
    assert page.locator("#play-rules").input_value() == "wikibooks-2p"
    j.settings()
    page.select_option("#play-level-1", "easy")
    j.start()
    j.act(bid)
    assert j.game.get_attribute("data-phase") == "discard"
    assert j.ui("prompt_discard", count=6) in page.locator("#play-prompt").inner_text()
    j.act("discard:" + ".".join(cards))
    assert j.game.get_attribute("data-phase") != "discard"
    assert not page.locator("#play-feedback .verdict.wrong").count()
    for card in cards:
        assert page.locator(f'#hand [data-card="{card}"]').count() == 0
    j.check()
    assert not j.v.errors


def test_a_forced_opening_that_cannot_be_made_is_reviewed_without_contradiction(visit, base_url):
    """Three-player (everyone plays alone), seat 0 must open at 40 and cannot make it even with
    best play: the review says the opening was forced, that 40 is the lowest bid, and that holding
    loses least (never "the best contract would have been 40"); hints and review speak to you, not
    to a "side"; the others are "Vasemmalla puolellasi istuva" / "Oikealla puolellasi istuva" at the table."""
    rules, seed, computers = "three-player", 77, ["easy", "easy"]
    request = {"rules": rules, "seed": seed, "computers": computers}
    state = step(request)
    assert state["phase"] == "auction" and "p" not in state["legal"]
    j = Journey(visit, base_url, "fi", 390, 844, mobile=True)
    page = j.open(seed)
    page.select_option("#play-rules", rules)
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    page.check("#play-hints")
    j.start()
    hints = []
    while state["phase"] != "done":
        legal = state["legal"]
        if state["phase"] == "auction":
            action = min((a for a in legal if a.isdigit()), key=int)
        elif state["phase"] == "discard":
            action = "discard:" + ".".join(state["hand"][:3])
        elif state["phase"] == "raise":
            action = "hold"
        else:
            action = next(c for c in state["hand"] if c in legal)
        if state["phase"] in ("discard", "raise") or (state["phase"] == "play" and len(hints) < 3):
            hints.append(ask_hint(j, state))
        j.act(action)
        state = step({**request, "history": state["history"], "action": action})
    for text in hints:
        assert j.ui("hint_points_you") in text and "puolesi" not in text and "parisi" not in text
        assert (
            j.ui("hint_rank") in text
            or j.ui("hint_rank_raise", margin=2) in text
            or j.ui("hint_forced", choice="")[:8] in text
        )
    story = "\n".join(page.locator("#story-list li").all_text_contents())
    assert "Vasen " not in story and "Oikea " not in story
    assert re.search(r"^(Vasemmalla|Oikealla) puolellasi istuva \w+", story, re.M)
    j.press(page.locator("#review-start"))
    finished = (j.ui("review_blamed_count", count=0)[:8], j.ui("review_blamed_none")[:8])
    j.wait_text("#review", lambda t: any(f in t for f in finished), 600)
    review = page.locator("#review").inner_text()
    auction = page.locator(".review-auction").inner_text()
    assert j.ui("review_auction_forced_you") in auction
    # the first trick's total is exact (37) unless the bounded review had to estimate it (and
    # says so); either way the raise never contradicts the auction
    said = re.escape(j.ui("review_auction_total_you", total=0)).replace("0", r"(\d+)", 1)
    total = 37 if j.ui("review_estimate") not in auction else int(re.search(said, auction).group(1))
    made = j.ui("review_auction_can", contract=40) in auction
    assert made or j.ui("review_auction_cannot", contract=40) in auction
    assert j.ui("review_auction_total_you", total=total) in auction
    if not made:
        assert j.ui("review_auction_lowest", minimum=40) in auction
        # the raise never says a higher contract could be made (holding the bid loses least)
        assert j.ui("why_raise_low_you", total=total, best=45)[:30] not in review
        assert j.ui("review_raise_you", total=total, best=40) not in review
    assert total == 37 or j.ui("review_estimate") in auction
    assert j.ui("review_assumes_you") in page.locator("#review > details.review-method").text_content()
    for wrong in ("puolesi", "Huutajan puoli", "parisi"):
        assert wrong not in review
    j.check("forced-review")
    assert not j.v.errors


# The review's first results at once and both figures on a costly choice (issue 24): checked in
# tests/e2e/test_moment_replay.py, on the same deal (seed 11) played the same way on the same phone,
# whose review that test opens anyway (one deal played and reviewed instead of two).


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_hints_are_on_for_a_new_learner_and_switch_from_the_table_at_once(visit, base_url, lang):
    """Issue 34: hints were off by default and only a new game applied the setting. A first visit
    has the hint button; the bar's switch takes it away and brings it back in the same deal; a
    seat that must open is told which bid and why, not "only one choice"."""
    request = {"rules": "three-player", "seed": 0, "computers": ["normal", "normal"]}
    seed = next(s for s in range(40) if "p" not in step({**request, "seed": s})["legal"])
    j = Journey(visit, base_url, lang, 390, 844, mobile=True)
    page = j.open(seed, settings=False)
    hint = page.locator("#actions .hint-button")
    switch = page.locator("#play-hints-switch")
    expect(hint).to_have_count(1, timeout=180_000)  # once the engine runs (a hint needs it)
    assert switch.get_attribute("aria-pressed") == "true"
    step_before = j.game.get_attribute("data-step")
    j.press(hint)
    text = j.wait_text("#play-hint", lambda t: t.strip() and "…" not in t)
    must_open = j.ui("hint_must_open", choice="")
    assert must_open.split(". ", 1)[1] in text and j.ui("hint_forced", choice="")[:12] not in text
    lowest = min((a for a in step({**request, "seed": seed})["legal"] if a.isdigit()), key=int)
    expect(page.locator("#play-hint .hint-take")).to_have_attribute("data-action", lowest)  # one tap away
    j.press(switch)
    expect(hint).to_have_count(0)
    expect(page.locator("#play-hint")).to_be_empty()
    assert switch.get_attribute("aria-pressed") == "false"
    j.press(switch)
    expect(hint).to_have_count(1)
    assert j.game.get_attribute("data-step") == step_before  # the same deal, not a new game
    page.reload()
    page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=180_000)
    expect(page.locator("#actions .hint-button")).to_have_count(1, timeout=180_000)
    j.press(page.locator("#play-hints-switch"))
    page.reload()
    page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=180_000)
    assert page.locator("#play-hints-switch").get_attribute("aria-pressed") == "false"  # remembered
    expect(page.locator("#actions .hint-button")).to_have_count(0)
