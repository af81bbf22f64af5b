"""The story of a deal told once, and the rule knowledge kept in one place (issue 37, item 2):
``RuleSet.seats_of``, the contract asked of ``scoring``, the solver's public position API, the
deal's phases as a ``StrEnum`` and the events of ``core.story`` with what each seat may see."""

from __future__ import annotations

import pytest

from engine import PRESETS


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_seats_of_each_side_are_the_seats_that_score_for_it(name):
    rules = PRESETS[name]
    seen = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        assert seats == sorted(seats) and seats
        assert all(rules.side_of(seat) == side for seat in seats)
        seen += seats
    assert sorted(seen) == list(range(rules.players))
    assert len(rules.seats_of(0)) == (2 if rules.partnership else 1)
