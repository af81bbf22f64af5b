"""Rules of thumb measured by the engine (issue 38): the build fills ``{measured:NAME}`` in a lesson
from the measurement data (``lessons/measured.json``, written by benchmarks/bench_strategy.py),
never from typed figures; the committed figures are what the measurement gives."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_build import GOOD_MD, fails, make_lesson, run_build

from sitebuild.catalogs import load_catalog
from sitebuild.measured import measured_text

ROOT = Path(__file__).resolve().parent.parent


FIGURES = {"deals": 160, "mean": 6.5, "low": 2.25, "high": 10.8, "better": 70, "worse": 21}


def write_measured(lessons: Path, **rules) -> None:
    (lessons / "measured.json").write_text(json.dumps({"rules": rules}))


def with_placeholder(title: str, name: str = "lead-the-ace") -> str:
    return GOOD_MD.format(title=title).replace("Some *text*", f"Leading it kept {{measured:{name}}}. Some *text*")


def measured_span(page: str) -> tuple[str, str]:
    match = re.search(r'<span class="measured" data-measured="(\d+)">([^<]*)</span>', page)
    assert match, "no measured figure on the page"
    return match.group(1), match.group(2)


def test_the_page_shows_the_measurement_data_and_changes_with_it(tmp_path):
    lessons = make_lesson(tmp_path, fi=with_placeholder("Testi"), en=with_placeholder("Test"))
    write_measured(lessons, **{"lead-the-ace": FIGURES})
    run_build(tmp_path, lessons)
    page = lambda lang: (tmp_path / "out" / lang / "lessons" / "test" / "index.html").read_text()  # noqa: E731
    assert measured_span(page("en")) == (
        "160",
        "6.5 points more on average (95% interval 2.2 to 10.8; of 160 deals, better in 70, worse in 21)",
    )
    assert measured_span(page("fi")) == (
        "160",
        "keskimäärin 6,5 pistettä enemmän (95 %:n luottamusväli 2,2…10,8; jakoja 160: parempi tulos 70, huonompi 21)",
    )
    assert "{measured:" not in page("fi") + page("en")

    changed = {"deals": 48, "mean": -1, "low": -3.5, "high": 1.5, "better": 9, "worse": 30}
    write_measured(lessons, **{"lead-the-ace": changed})
    run_build(tmp_path, lessons)
    assert measured_span(page("en")) == (
        "48",
        "1 point fewer on average (95% interval \u22123.5 to 1.5; of 48 deals, better in 9, worse in 30)",
    )
    assert measured_span(page("fi"))[1].startswith("keskimäärin pisteen vähemmän (95 %:n luottamusväli \u22123,5…1,5")


def test_an_unknown_measured_rule_names_file_and_line(tmp_path):
    lessons = make_lesson(tmp_path, fi=with_placeholder("Testi", "no-such-rule"))
    write_measured(lessons, **{"lead-the-ace": FIGURES})
    fails(tmp_path, lessons, "01-test/fi.md:5", "unknown measured rule 'no-such-rule'", "lead-the-ace")


def test_measurement_data_without_a_figure_fails_the_build(tmp_path):
    lessons = make_lesson(tmp_path)
    write_measured(lessons, **{"lead-the-ace": {k: v for k, v in FIGURES.items() if k != "low"}})
    fails(tmp_path, lessons, "measured.json", "'lead-the-ace' has no number 'low'")


@pytest.mark.parametrize(
    ("mean", "fi", "en"),
    [
        (1, "keskimäärin pisteen enemmän", "1 point more on average"),
        (0, "keskimäärin yhtä paljon", "the same on average"),
        (-12.25, "keskimäärin 12,2 pistettä vähemmän", "12.2 points fewer on average"),
    ],
)
def test_the_words_agree_with_the_number(mean, fi, en):
    figures = {**FIGURES, "mean": mean}
    assert measured_text(figures, load_catalog("fi")).startswith(fi + " (")
    assert measured_text(figures, load_catalog("en")).startswith(en + " (")
