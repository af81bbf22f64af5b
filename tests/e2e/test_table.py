"""The play table (issue 23) in Chromium, at 390×844 (a phone) and 1366×768 (a laptop), in both
languages: the page opens on the table and the first decision is there at once, before the engine
has started, with its controls and the whole hand on one screen; a whole deal played with every
control (bid, the widow into the hand and the discard, the raise stepper, a dimmed card and the
engine's reason for it, a declaration, cards that move); the story panel; the engine blocked
(the first decision and the first drills still shown, the page says what needs the engine);
reduced motion; settings and the game in progress remembered across a reload.

The learner's actions are worked out first with the engine (``engine.coach.game.step``, the code the
page's worker runs)."""

import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from test_play import SHOTS

import build
from engine.coach.game import step
from sitebuild.catalogs import fmt

SIZES = {"phone": (390, 844), "laptop": (1366, 768)}
CATALOGS = {lang: build.load_catalog(lang) for lang in ("fi", "en")}
# the deal of the whole journey: three players, easy computers; you must open, win the auction
# at 40, take the widow, hold, declare trump and meet a card you may not play (found with the engine)
DEAL = {"rules": "three-player", "seed": 122, "computers": ["easy", "easy"]}

# When the first decision appears (its controls in #actions) and the first contentful paint.
TIMING = """
window.__t = {};
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (e.name === "first-contentful-paint") window.__t.fcp = e.startTime;
}).observe({ type: "paint", buffered: true });
new MutationObserver(() => {
  const t = window.__t;
  if (!t.decision && document.querySelector("#actions button[data-action]")) {
    t.decision = performance.now();
    t.engine_at_decision = document.documentElement.dataset.engineStart || null; // set once the engine is ready
  }
  if (!t.drill && document.querySelector("#drill section.puzzle")) {
    t.drill = performance.now();
    t.engine_at_drill = document.documentElement.dataset.engineStart || null;
  }
  for (const n of document.querySelectorAll(".pair-shown, .widow-shown")) t[n.className] = (t[n.className] || 0) + 1;
}).observe(document, { subtree: true, childList: true });
"""


def ui(lang, key, **params):
    return fmt(CATALOGS[lang]["ui"][key], params, CATALOGS[lang])


def context(visit, size, motion="no-preference"):
    width, height = SIZES[size]
    options = {"viewport": {"width": width, "height": height}, "reduced_motion": motion}
    if size == "phone":
        options.update(is_mobile=True, has_touch=True)
    v = visit(**options)
    v.context.add_init_script(TIMING)
    return v


def press(page, locator, size):
    if size == "phone":
        locator.tap()
    else:
        page.mouse.move(0, 0)
        locator.click()


def wait_step(page, before, timeout=180):
    """Until the table has answered (its step moved on and it is not busy)."""
    game = page.locator("#game")
    if before is None:
        expect(game).to_have_attribute("data-step", re.compile(r"\d"), timeout=timeout * 1000)
    else:
        expect(game).not_to_have_attribute("data-step", before, timeout=timeout * 1000)
    page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=timeout * 1000)


def resumed(page, said, timeout=120):
    """Until the game is back on the table after a reload; if it never comes, fail with what the
    page said (its status line, how the engine started, its console: said, a list page.on filled)."""
    try:
        page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=timeout * 1000)
    except PlaywrightTimeout:
        status = page.locator("#play-status").inner_text()
        start = page.evaluate("document.documentElement.dataset.engineStart || 'not ready'")
        said = said[-20:]
        raise AssertionError(f"no game after {timeout} s: status {status!r}, engine {start}, console {said}") from None


def inside(page, selector):
    """Every element of the selector lies wholly inside the viewport (nothing to scroll to)."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    boxes = page.locator(selector).evaluate_all("(els) => els.map((e) => e.getBoundingClientRect().toJSON())")
    assert boxes, f"nothing matches {selector}"
    for box in boxes:
        assert box["left"] >= -0.5 and box["right"] <= width + 0.5, (selector, box)
        assert box["top"] >= -0.5 and box["bottom"] <= height + 0.5, (selector, box)


STRIPS = """(cards) => cards.map((card, i) => {
  const box = card.getBoundingClientRect();
  const face = card.querySelector('.face').getBoundingClientRect();
  const next = cards[i + 1] && cards[i + 1].getBoundingClientRect();
  const right = next && Math.abs(next.top - box.top) < 2 ? next.left : face.right;
  const x = (box.left + right) / 2, y = box.top + Math.min(12, box.height / 2);
  const hit = document.elementFromPoint(x, y);
  return {card: card.dataset.card, top: Math.round(box.top), shown: right - box.left,
          tapped: hit && hit.closest('[data-card]') === card};
})"""


def strips(page, least=36):
    """Issue 34: every card of the hand shows at least ``least`` px of its face, and a tap in the
    middle of that strip lands on that card. Returns how many rows the hand has."""
    cards = page.locator("#hand .card").evaluate_all(STRIPS)
    for c in cards:
        assert c["shown"] >= least and c["tapped"], c
    return len({c["top"] for c in cards})


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-{name}.png"))


@pytest.mark.parametrize("lang", ["fi", "en"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_cold_visit_opens_on_the_first_decision_before_the_engine_runs(visit, base_url, lang, size):
    v = context(visit, size)
    page = v.open(f"{base_url}/{lang}/play/")
    page.locator("#actions button[data-action]").first.wait_for(timeout=10_000)
    t = page.evaluate("window.__t")
    # before the engine: the opening the engine prepared at build time (how soon after the first
    # paint is a figure of `make bench-site`, not a timed test: it moved with the machine's load)
    assert page.evaluate("document.documentElement.scrollHeight") <= SIZES[size][1] + 1, "the table scrolls"
    assert t["decision"] and t["engine_at_decision"] is None, t
    game = page.locator("#game")
    assert game.get_attribute("data-phase") == "auction" and game.get_attribute("data-to-move") == "0"
    inside(page, "#actions button")
    inside(page, "#hand .card")
    inside(page, "#table .seat")
    assert page.locator("#hand .card").count() == 11  # three players: 11 cards each
    rows = strips(page)
    assert rows == (2 if size == "phone" else 1), "a phone shows 11 cards in two fans, a laptop in one"
    # the seats show their card backs; the settings are a sheet, closed; the prompt is in this language
    assert page.locator("#table .seat .backs .back").count() >= 2
    assert page.locator("#play-sheet").is_hidden()
    # the opening is one the engine prepared (the saved game is it): its prompt, its hand; the
    # page stores the game's record (seed, history), not the engine's answer (docs/storage.md)
    saved = json.loads(page.evaluate("localStorage.getItem('huutopussi.play')"))["game"]
    assert set(saved) == {"rules", "preset", "seed", "computers", "hints", "moves", "history"}
    state = step({"rules": "three-player", "seed": saved["seed"], "computers": ["normal", "normal"]})
    assert saved["history"] == state["history"]
    bids = [a for a in state["legal"] if a.isdigit()]
    key = "prompt_bid" if "p" in state["legal"] else "prompt_open"
    assert ui(lang, key, minimum=bids[0])[:12] in page.locator("#play-prompt").inner_text()
    assert page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)") == state["hand"]
    shoot(page, f"{lang}-{size}-first-decision")
    assert not v.errors


@pytest.mark.parametrize("lang,size", [("fi", "phone"), ("en", "laptop")])
def test_a_whole_deal_with_every_control_and_cards_that_move(visit, base_url, lang, size):
    cat = CATALOGS[lang]
    v = context(visit, size)
    page = v.open(f"{base_url}/{lang}/play/#seed={DEAL['seed']}")
    page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=180_000)
    # the settings sheet opens from the table: easy computers for this deal
    press(page, page.locator("#play-settings"), size)
    page.select_option("#play-rules", DEAL["rules"])
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    before = page.locator("#game").get_attribute("data-step")
    press(page, page.locator("#play-start"), size)
    assert page.locator("#play-sheet").is_hidden()
    wait_step(page, before)
    state = step(dict(DEAL))
    seen = set()
    illegal_tried = False
    while state["phase"] != "done":
        game = page.locator("#game")
        assert game.get_attribute("data-phase") == state["phase"] and game.get_attribute("data-to-move") == "0"
        legal = state["legal"]
        before = game.get_attribute("data-step")
        if state["phase"] == "auction":
            action = "40"
            press(page, page.locator(f'#actions button[data-action="{action}"]'), size)
        elif state["phase"] == "discard":
            # the widow is in the hand, its cards marked; the button waits for the right number
            widow = state["widow"]
            assert sorted(
                page.locator("#hand .card.from-widow").evaluate_all("(els) => els.map((e) => e.dataset.card)")
            ) == sorted(widow)
            put = page.locator('#actions button[data-action="discard"]')
            assert put.get_attribute("data-ready") == "false"
            cards = state["hand"][:3]
            for card in cards[:2]:
                press(page, page.locator(f'#hand button[data-card="{card}"]'), size)
            assert put.get_attribute("data-ready") == "false"
            assert ui(lang, "play_choose_more", n=1) in page.locator("#actions").inner_text()
            press(page, page.locator(f'#hand button[data-card="{cards[2]}"]'), size)
            assert put.get_attribute("data-ready") == "true"
            assert ui(lang, "chosen_count", n=3, count=3) in page.locator("#actions").inner_text()
            inside(page, "#actions button")
            inside(page, "#hand .card")
            assert page.locator("#hand .card").count() == 14
            strips(page)  # 14 cards: each readable and tappable, on a phone in two rows
            shoot(page, f"{lang}-{size}-discard")
            action = "discard:" + ".".join(cards)
            press(page, put, size)
            seen.add("discard")
        elif state["phase"] == "raise":
            # a short control over the engine's raises: a stepper, never thirty buttons
            assert page.locator("#actions button:not(.hint-button)").count() <= 5
            go = page.locator("#actions .raise-go")
            raises = [a for a in legal if a.startswith("raise:")]
            assert go.get_attribute("data-action") == raises[0]
            press(page, page.locator("#actions .stepper .step").nth(1), size)
            assert go.get_attribute("data-action") == raises[1]
            press(page, page.locator("#actions .stepper .step").nth(0), size)
            assert go.get_attribute("data-action") == raises[0]
            action = "hold"
            press(page, page.locator('#actions button[data-action="hold"]'), size)
            seen.add("raise")
        else:
            declarations = [a for a in legal if a.startswith("trump:")]
            cards = [c for c in state["hand"] if c in legal]
            dimmed = [c for c in state["hand"] if c not in legal]
            rendered = page.locator("#hand .card.illegal").evaluate_all("(els) => els.map((e) => e.dataset.card)")
            assert sorted(rendered) == sorted(dimmed) if not declarations else True
            if declarations:
                action = declarations[0]
                press(page, page.locator(f'#actions button[data-action="{action}"]'), size)
                seen.add("declare")
            elif dimmed and not illegal_tried:
                # a dimmed card: a tap asks the engine, which says why; the table stays as it was
                illegal_tried = True
                press(page, page.locator(f'#hand button[data-card="{dimmed[0]}"]'), size)
                wait_step(page, before)
                feedback = page.locator("#play-feedback").inner_text()
                assert cat["verdicts"]["illegal"] in feedback
                refused = step({**DEAL, "history": state["history"], "action": dimmed[0]})["refused"]
                assert refused["code"] in cat["reasons"]
                shoot(page, f"{lang}-{size}-illegal")
                before = page.locator("#game").get_attribute("data-step")
                action = cards[0]
                press(page, page.locator(f'#hand button[data-card="{action}"]'), size)
                seen.add("illegal")
            else:
                action = cards[0]
                press(page, page.locator(f'#hand button[data-card="{action}"]'), size)
        wait_step(page, before)
        state = step({**DEAL, "history": state["history"], "action": action})
        if state["phase"] == "play" and state["to_move"] == 0 and state["trick"] and "trick" not in seen:
            seen.add("trick")
            inside(page, "#actions button, #hand .card")
            assert page.locator("#trick-now li").count() == len(state["trick"])
            shoot(page, f"{lang}-{size}-trick")
    assert seen >= {"discard", "raise", "declare", "illegal", "trick"}, seen
    t = page.evaluate("window.__t")
    assert t.get("pair-shown", 0) >= 1, "the declaration showed the king and queen"
    assert t.get("cards widow-shown", 0) >= 1, "the widow showed on the table"
    assert page.locator("#game").get_attribute("data-phase") == "done"
    assert ui(lang, "play_story_done", n=1) == page.locator("#story-title").inner_text()
    shoot(page, f"{lang}-{size}-done")
    assert not v.errors


def test_the_story_panel_is_a_drawer_on_a_phone_grouped_by_trick(visit, base_url):
    v = context(visit, "phone")
    page = v.open(f"{base_url}/fi/play/#seed={DEAL['seed']}")
    page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=180_000)
    page.locator("#play-settings").tap()
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    before = page.locator("#game").get_attribute("data-step")
    page.locator("#play-start").tap()
    wait_step(page, before)
    state = step(dict(DEAL))
    while not (state["phase"] == "play" and sum(state["tricks"]) >= 2):
        legal = state["legal"]
        action = {"auction": "40", "discard": "discard:" + ".".join(state["hand"][:3]), "raise": "hold"}.get(
            state["phase"]
        )
        if action is None:
            action = (
                next(a for a in legal if a.startswith("trump:"))
                if any(a.startswith("trump:") for a in legal)
                else next(c for c in state["hand"] if c in legal)
            )
        before = page.locator("#game").get_attribute("data-step")
        if action.startswith("discard:"):
            for card in state["hand"][:3]:
                page.locator(f'#hand button[data-card="{card}"]').tap()
            page.locator('#actions button[data-action="discard"]').tap()
        elif re.fullmatch(r"[SCDH][AKQJT9876]", action):
            page.locator(f'#hand button[data-card="{action}"]').tap()
        else:
            page.locator(f'#actions button[data-action="{action}"]').tap()
        wait_step(page, before)
        state = step({**DEAL, "history": state["history"], "action": action})
    panel = page.locator("#story-panel")
    assert panel.is_hidden()
    page.locator("#play-story-open").tap()
    assert panel.is_visible()
    inside(page, "#story-panel")
    titles = panel.locator(".story-group h3").all_inner_texts()
    assert titles[0] == ui("fi", "play_story_before")
    assert ui("fi", "trick_number", n=1) in titles and ui("fi", "trick_number", n=2) in titles
    assert panel.locator("li").count() == len(state["log"])
    assert page.locator("#story-title").inner_text() == ui("fi", "play_story")
    shoot(page, "fi-phone-story")
    page.keyboard.press("Escape")
    assert panel.is_hidden()
    assert not v.errors


@pytest.mark.parametrize("lang,size", [("fi", "phone"), ("en", "laptop")])
def test_with_the_engine_blocked_the_first_decision_and_drills_still_show(visit, base_url, lang, size):
    v = context(visit, size)
    for pattern in ("**/assets/worker.*.js", "**/assets/pyodide/**"):
        v.context.route(pattern, lambda route: route.abort())
    page = v.open(f"{base_url}/{lang}/play/")
    page.locator("#actions button[data-action]").first.wait_for(timeout=10_000)
    inside(page, "#hand .card")
    status = page.locator("#engine-status.failed")
    status.wait_for(timeout=60_000)
    assert status.inner_text() == ui(lang, "engine_blocked_play")
    # a bid now: the table keeps the decision and the status line still names what needs the engine
    before = page.locator("#game").get_attribute("data-step")
    press(page, page.locator("#actions button[data-action]").first, size)
    page.wait_for_timeout(500)  # a time for the phase to move on if it would: nothing to wait for
    assert page.locator("#game").get_attribute("data-phase") == "auction"
    assert status.is_visible()
    assert before is not None
    shoot(page, f"{lang}-{size}-engine-blocked")
    page = v.open(f"{base_url}/{lang}/practice/")
    drill = page.locator("#drill section.puzzle")
    drill.wait_for(timeout=10_000)
    page.locator("#practice-engine.failed").wait_for(timeout=60_000)
    assert page.locator("#practice-engine").inner_text() == ui(lang, "engine_blocked_practice")
    # every theme's first drill is there and answers from its table
    for theme in ("scoring", "trick-winner", "best-card"):
        page.click(f'button[data-theme="{theme}"]')
        page.locator(f'#drill section.puzzle[data-theme="{theme}"]').wait_for(timeout=5_000)
    shoot(page, f"{lang}-{size}-practice-blocked")


def test_reduced_motion_moves_nothing(visit, base_url):
    v = context(visit, "laptop", motion="reduce")
    page = v.open(f"{base_url}/en/play/#seed={DEAL['seed']}")
    page.locator('#game[aria-busy="false"]').wait_for(state="attached", timeout=180_000)
    page.locator("#play-settings").click()
    page.select_option("#play-level-1", "easy")
    page.select_option("#play-level-2", "easy")
    before = page.locator("#game").get_attribute("data-step")
    page.locator("#play-start").click()
    wait_step(page, before)
    page.evaluate("window.__anims = 0; setInterval(() => { window.__anims += document.getAnimations().length; }, 20)")
    before = page.locator("#game").get_attribute("data-step")
    page.locator('#actions button[data-action="40"]').click()
    wait_step(page, before)
    t = page.evaluate("window.__t")
    assert "cards widow-shown" not in t and page.evaluate("window.__anims") == 0
    assert page.locator("#game").get_attribute("data-phase") == "discard"
    assert not v.errors


def test_settings_and_the_game_in_progress_survive_a_reload_and_an_old_record(visit, base_url):
    v = context(visit, "phone")
    page = v.open(f"{base_url}/fi/play/")
    said = []
    page.on("console", lambda message: said.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: said.append(f"error: {error}"))
    page.locator("#actions button[data-action]").first.wait_for(timeout=10_000)
    page.locator("#play-settings").tap()
    page.select_option("#play-rules", "faq-pairs")
    page.select_option("#play-level-2", "easy")
    before = page.locator("#game").get_attribute("data-step")
    page.locator("#play-start").tap()
    wait_step(page, before, timeout=30)
    hand = page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)")
    saved = json.loads(page.evaluate("localStorage.getItem('huutopussi.play')"))
    assert saved["version"] == 2 and saved["settings"]["preset"] == "faq-pairs"
    assert saved["settings"]["computers"] == ["normal", "easy", "normal"]
    state = step({key: saved["game"][key] for key in ("rules", "seed", "computers")})
    assert saved["game"]["history"] == state["history"] and hand == state["hand"]
    page.reload()
    # the game comes back from its record: the engine plays its history again
    resumed(page, said)
    assert page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)") == hand
    assert page.locator("#play-status").inner_text() == ui("fi", "play_resumed")
    assert page.locator("#play-rules").input_value() == "faq-pairs"
    assert page.locator("#play-level-2").input_value() == "easy"
    # a record written before records had a version (the engine's whole answer as game.state):
    # migrated to the game's record, its game resumed, nothing dropped (the record as it was kept)
    old = {"settings": saved["settings"], "game": {**saved["game"], "state": state}, "recent": saved["recent"]}
    del old["game"]["history"]
    page.evaluate("(text) => localStorage.setItem('huutopussi.play', text)", json.dumps(old))
    page.reload()
    resumed(page, said)
    assert page.locator("#hand .card").evaluate_all("(els) => els.map((e) => e.dataset.card)") == hand
    assert page.locator("#play-status").inner_text() == ui("fi", "play_resumed")
    assert json.loads(page.evaluate("localStorage.getItem('huutopussi.play.v1')")) == old
    migrated = json.loads(page.evaluate("localStorage.getItem('huutopussi.play')"))
    assert migrated["version"] == 2 and "state" not in migrated["game"]
    assert migrated["game"]["history"] == state["history"]
    assert not v.errors


def test_practice_starts_from_the_bank_keeps_the_streak_across_themes_and_writes_minus_signs(visit, base_url):
    v = context(visit, "phone")
    page = v.open(f"{base_url}/fi/practice/")
    drill = page.locator("#drill section.puzzle")
    drill.wait_for(timeout=10_000)
    t = page.evaluate("window.__t")
    # from the build's bank, before the engine (how soon is a figure of `make bench-site`)
    assert t["drill"] and t["engine_at_drill"] is None, t
    assert "Tekstin voi lukea" not in page.locator("main").inner_text()
    # solve the first drill, change theme: the streak goes on
    spec = json.loads(drill.get_attribute("data-puzzle"))
    table = json.loads(drill.get_attribute("data-answers"))
    assert spec["kind"] == "legal-card"
    right = next(card for card, entry in table["answers"].items() if entry["verdict"] == "correct")
    drill.locator(f'.hand button[data-card="{right}"]').tap()
    assert page.locator("#streak").inner_text().startswith(ui("fi", "streak", n=1))
    page.locator('button[data-theme="scoring"]').tap()
    drill = page.locator('#drill section.puzzle[data-theme="scoring"]')
    drill.wait_for(timeout=10_000)
    assert page.locator("#streak").inner_text().startswith(ui("fi", "streak", n=1))
    spec = json.loads(drill.get_attribute("data-puzzle"))
    assert not spec["position"].startswith("rules:german"), "the first scoring drill is not the German variant"
    number = json.loads(drill.get_attribute("data-answers"))["number"]
    drill.locator("input.number").fill("-150" if number != -150 else "-155")
    drill.locator("button.check").tap()
    feedback = drill.locator(".feedback").inner_text()
    assert "\u2212" in feedback and "-15" not in feedback, feedback
    assert page.locator("#streak").inner_text().startswith(ui("fi", "streak", n=0))
    shoot(page, "fi-phone-practice")
    assert not v.errors
