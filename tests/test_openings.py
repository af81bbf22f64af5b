"""The openings and the drill bank that the play and practice pages show before the engine has
started in the browser (sitebuild/openings.py): each is exactly the engine's own answer to the
request the page's worker would send, for every preset and every mix of computer levels."""

import itertools

import pytest

from engine.coach.drills import GAME_FOR, THEMES, drill
from engine.coach.game import step
from engine.core.rules import PRESETS
from engine.puzzles import answer_table
from sitebuild import openings


@pytest.fixture(scope="module")
def prepared(tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("HUUTOPUSSI_BUILD_CACHE", str(tmp_path_factory.mktemp("cache")))
    return openings.play_openings(), openings.drill_bank()


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_every_preset_and_mix_of_levels_has_openings_that_are_the_engines_first_answer(prepared):
    table, _ = prepared
    assert set(table) == set(PRESETS)
    for name, rules in PRESETS.items():
        mixes = table[name]
        assert set(mixes) == {".".join(m) for m in itertools.product(("normal", "easy"), repeat=rules.players - 1)}
        for key, states in mixes.items():
            assert states, (name, key)
            for opening in states:
                again = step({"rules": name, "seed": opening["seed"], "computers": key.split(".")})
                assert opening["state"] == again  # the worker would say exactly this
                assert again["to_move"] == 0 and again["phase"] != "done"  # the learner's decision


def test_the_drill_bank_has_the_engines_drills_with_their_answer_tables(prepared):
    _, bank = prepared
    assert set(bank) == set(THEMES)
    for theme, drills in bank.items():
        assert len(drills) == openings.DRILLS_PER_THEME
        assert len({d["puzzle"]["position"] for d in drills}) == len(drills)
        for d in drills:
            assert d["puzzle"] == drill(theme, d["seed"])
            assert d["table"] == answer_table(d["puzzle"])
        # every drill of the bank is in the theme's game (the three-player game)
        assert all(d["view"]["rules"] == GAME_FOR[theme] for d in drills), theme


def test_the_drill_bank_takes_only_drills_of_the_themes_game(monkeypatch):
    """The bank's filter on its own: of the answers the engine gives, only those in the theme's game."""
    asked = []

    def fake(request):
        asked.append(request["seed"])
        rules = ("faq", "faq-pairs", "three-player")[request["seed"] % 3]
        position = f"{request['theme']}-{request['seed']}"
        return {"puzzle": {"position": position}, "view": {"rules": rules}}

    monkeypatch.setattr(openings, "_ask", fake)
    bank = openings.drill_bank()
    for theme, drills in bank.items():
        assert [d["view"]["rules"] for d in drills] == ["three-player"] * openings.DRILLS_PER_THEME, theme
        assert [d["seed"] for d in drills] == [2, 5, 8, 11]
