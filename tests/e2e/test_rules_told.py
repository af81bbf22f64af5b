"""The rules pages as a reader sees them (issue 36, item 4): the comparison of every rule set fits
a laptop screen without sideways scrolling, and a rule set's page opens with its game told in words
on a phone, the settings table below."""

import pytest


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_the_comparison_fits_a_laptop_screen(visit, base_url, lang):
    page = visit(viewport={"width": 1366, "height": 768}).open(f"{base_url}/{lang}/rules/")
    box = page.locator(".table-scroll")
    overflow = box.evaluate("(node) => node.scrollWidth - node.clientWidth")
    assert overflow <= 0, f"the comparison table scrolls sideways by {overflow} px"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    # every rule set's column is there, named by a short heading that links to its page
    assert page.locator("table.compare thead a").count() == 9


@pytest.mark.parametrize("lang", ["fi", "en"])
def test_a_rule_set_page_opens_with_the_game_told(visit, base_url, lang):
    page = visit(viewport={"width": 390, "height": 844}).open(f"{base_url}/{lang}/rules/three-player/")
    told = page.locator(".told p").first
    assert told.bounding_box()["y"] < 844, "the told game starts below the first phone screen"
    assert page.locator(".told h2").count() >= 5
    settings = page.locator("#settings").bounding_box()["y"]
    assert settings > page.locator(".told").bounding_box()["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
