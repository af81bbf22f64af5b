"""One renderer (issue 37, item 1) in Chromium: drills, shared positions and the drills of the review
of the day are the trees present/ draws (the worker's answer or the build's drill bank), mounted
by site/assets/mount.js as text, never HTML; their section#puzzle-… has the parts, in order, of a
lesson puzzle of the same kind; a drill kept before drills carried trees comes back drawn anew."""

import json
import re

import pytest
from e2e.conftest import asset_url
from playwright.sync_api import expect

import build

KEY = "huutopussi.replay"
# a section's children by role: the table area, the answer area, else the class
PARTS = """(s) => [...s.children].map((c) => c.hasAttribute("data-table-area") ? "table"
  : c.hasAttribute("data-answer-area") ? "answer" : c.className || c.tagName.toLowerCase())
  .filter((p) => p !== "hint-text" && p !== "house-info")"""
# what the answer area holds: its controls, by what they are
CONTROLS = """(s) => [...s.querySelectorAll("[data-answer-area] button, [data-answer-area] input")]
  .map((c) => c.dataset.card ? "card" : c.className.split(" ")[0]).filter((x, i, a) => a.indexOf(x) === i).sort()"""
CATALOGS = {lang: build.load_catalog(lang) for lang in ("fi", "en")}
POSITION = "rules:three-player/hands:AK.Q..,T9.K..,J.A../lead:2/trick:SQ"


def bank(site_dir, lang):
    html = (site_dir / lang / "practice" / "index.html").read_text(encoding="utf-8")
    return json.loads(html.split('id="drill-bank">', 1)[1].split("</script>", 1)[0])


def lesson_puzzle(site_dir, lang, kind):
    """The id of a lesson puzzle of ``kind`` (from its own page, /LANG/p/ID/)."""
    for page in sorted((site_dir / lang / "p").glob("*/index.html")):
        if re.search(rf'<section class="puzzle"[^>]*data-kind="{kind}"', page.read_text(encoding="utf-8")):
            return page.parent.name
    raise AssertionError(f"no lesson puzzle of kind {kind}")


def lesson_parts(v, base_url, site_dir, lang, kind):
    pid = lesson_puzzle(site_dir, lang, kind)
    page = v.open(f"{base_url}/{lang}/p/{pid}/")
    section = page.locator(f"section#puzzle-{pid}")
    return section.evaluate(PARTS), section.evaluate(CONTROLS)


def test_a_tree_is_mounted_as_text_never_html(visit, base_url, site_dir):
    v = visit()
    page = v.open(f"{base_url}/en/")
    out = page.evaluate(
        """async (module) => {
            const { mount, MountError } = await import(module);
            const evil = "<img src=x onerror=window.__hit=1>";
            const face = { tag: "svg", ns: "svg", children: [{ tag: "use", ns: "svg", attrs: { href: "#c-HK" } }] };
            const node = mount({ tag: "p", class: "x", attrs: { "data-a": evil }, children: [evil, face] });
            document.body.append(node);
            await new Promise((r) => setTimeout(r, 50));
            const refused = [];
            const bads = [{ tag: "img", attrs: { onerror: "window.__hit=2" } }, { tag: "<b>" }];
            bads.push({ tag: "p", children: [7] });
            for (const bad of bads) {
              try { mount(bad); refused.push(false); } catch (e) { refused.push(e instanceof MountError); }
            }
            return { text: node.firstChild.textContent, imgs: document.querySelectorAll("p.x img").length,
              hit: window.__hit ?? null, attr: node.dataset.a, svg: node.querySelector("use").namespaceURI, refused };
        }""",
        asset_url(site_dir, "mount.js"),
    )
    assert out["text"] == "<img src=x onerror=window.__hit=1>" and out["imgs"] == 0 and out["hit"] is None
    assert out["attr"] == "<img src=x onerror=window.__hit=1>"
    assert out["svg"] == "http://www.w3.org/2000/svg"
    assert out["refused"] == [True, True, True]
    assert not v.errors


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_drills_and_review_drills_have_the_lesson_puzzles_layout(visit, base_url, site_dir, lang):
    v = visit()
    for pattern in ("**/assets/worker.*.js", "**/assets/pyodide/**"):
        v.context.route(pattern, lambda route: route.abort())  # the bank's drills, drawn at build time
    page = v.open(f"{base_url}/{lang}/practice/")
    seen = {}
    for theme in ("follow-suit", "trick-winner", "best-card", "scoring"):
        page.locator(f'button[data-theme="{theme}"]').click()
        section = page.locator(f'#drill section#puzzle-drill[data-theme="{theme}"]')
        section.wait_for(timeout=10_000)
        kind = section.get_attribute("data-kind")
        seen[kind] = (section.evaluate(PARTS), section.evaluate(CONTROLS))
        assert section.locator("[data-table-area]").count() == 1 and section.locator("[data-answer-area]").count() == 1
        # every card drawn with its face (the SVG's class kept in the tree), and the answer's cards on screen
        assert section.locator(".card:not(.back) > svg.face").count() == section.locator(".card:not(.back)").count()
        expect(section.locator("[data-answer-area] button, .trick button.card").first).to_be_visible()
    # the review of the day: a missed drill from the bank, mounted from the tree kept with it
    drill = bank(site_dir, lang)["scoring"][0]
    assert drill["lang"] == lang and drill["tree"]["attrs"]["id"] == "puzzle-drill"
    item = {"kind": "drill", "theme": "scoring", "seed": drill["seed"], "drill": drill}
    stored = {"version": 1, "items": [{**item, "missed": 1, "due": 2, "right": 0, "gap": 0}], "days": {}, "themes": {}}
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(stored))})")
    page = v.open(f"{base_url}/{lang}/")
    review = page.locator("#daily section#puzzle-drill")
    review.wait_for(timeout=10_000)
    review_parts = (review.evaluate(PARTS), review.evaluate(CONTROLS))
    for kind, parts in seen.items():
        assert parts == lesson_parts(v, base_url, site_dir, lang, kind), kind
    assert review_parts == seen[drill["view"]["kind"]]
    assert not v.errors


def test_a_shared_position_has_the_lesson_puzzles_layout(visit, base_url, site_dir):
    v = visit()
    page = v.open(f"{base_url}/fi/position/#k=legal-card&p={POSITION.replace(':', '%3A').replace('/', '%2F')}")
    section = page.locator("#shared section#puzzle-shared")
    section.wait_for(timeout=90_000)
    parts = (section.evaluate(PARTS), section.evaluate(CONTROLS))
    assert section.locator(".prompt").inner_text() == CATALOGS["fi"]["kinds"]["legal-card"]
    assert parts == lesson_parts(v, base_url, site_dir, "fi", "legal-card")
    assert not v.errors


def test_a_drill_kept_without_a_tree_comes_back_drawn_anew(visit, base_url, site_dir):
    """A drill on the replay list from before issue 37 (no tree) or seen in the other language: the
    engine draws it anew in the page's language; the entry stays as it was."""
    drill = bank(site_dir, "en")["overtake"][0]
    old = {k: v for k, v in drill.items() if k not in ("tree", "lang")}
    item = {"kind": "drill", "theme": "overtake", "seed": drill["seed"], "drill": old}
    stored = {"version": 1, "items": [{**item, "missed": 1, "due": 2, "right": 0, "gap": 0}], "days": {}, "themes": {}}
    text = json.dumps(stored)
    v = visit()
    v.context.add_init_script(
        f"if (localStorage.getItem('{KEY}') === null) localStorage.setItem('{KEY}', {json.dumps(text)});"
    )
    page = v.open(f"{base_url}/fi/")
    section = page.locator("#daily section#puzzle-drill")
    section.wait_for(timeout=90_000)
    assert section.locator(".prompt").inner_text() == CATALOGS["fi"]["kinds"][drill["puzzle"]["kind"]]  # in Finnish
    assert section.locator(".hand button.card").count() == len(drill["view"]["seats"][drill["view"]["mover"]]["cards"])
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["items"][0]["drill"] == old
    assert not v.errors
