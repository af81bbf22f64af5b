"""Cards first, one idea per screen (issue 33, item 1): over every lesson in both languages, a
puzzle's prompt (its placeholders filled) has at most 25 words, two lines on a phone above the
cards, and each teaching step (the Markdown between puzzles, split at ``## `` headings as
``lesson_steps`` splits it) has at most 60 words. A card row (``::: cards ...``) is a picture,
not words; a closed aside (``::: aside``) is folded away when the step opens, so it is not
counted either (lessons/README.md, "Short steps"). The English and Finnish texts of a lesson
have the same steps in the same order."""

import re
from pathlib import Path

import pytest

from sitebuild import LANGS
from sitebuild.lessons import ASIDE_OPEN, CARDS_OPEN, parse_lesson_text, split_sections
from sitebuild.pages import markdown, plain_text

ROOT = Path(__file__).resolve().parent.parent
LESSON_DIRS = sorted(d for d in (ROOT / "lessons").iterdir() if d.is_dir())
PROMPT_WORDS = 25
STEP_WORDS = 60
MD = markdown()
WORD = re.compile(r"\w")


def word_count(plain: str) -> int:
    """Words as a reader counts them: runs of text between spaces holding a letter or a digit
    (a dash or a minus sign on its own is not a word)."""
    return sum(1 for token in plain.split() if WORD.search(token))


def visible_text(section: str) -> str:
    """A step's Markdown as the learner reads it when the step opens: no card row, no aside."""
    kept, in_aside = [], False
    for line in section.split("\n"):
        stripped = line.strip()
        if in_aside:
            in_aside = stripped != ":::"
            continue
        if ASIDE_OPEN.match(stripped):
            in_aside = True
            continue
        if CARDS_OPEN.match(stripped):
            continue
        kept.append(line)
    return plain_text(MD.render("\n".join(kept)))


def source_line(path: Path, section: str) -> int:
    first = next(line for line in section.split("\n") if line.strip())
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if line == first:
            return number
    return 1


def test_word_count_counts_words_not_signs():
    assert word_count("Sinä pelaat herttakympin — ja 40 pistettä − 20.") == 7  # the dash and the minus are no words
    assert visible_text("## Ranks\n\nHigh to low:\n::: cards SA ST\n\n::: aside Other\nFAQ words.\n:::") == (
        "Ranks\nHigh to low:"
    )


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("folder", LESSON_DIRS, ids=lambda d: d.name)
def test_every_teaching_step_has_at_most_60_words(folder, lang):
    path = folder / f"{lang}.md"
    text = parse_lesson_text(path)
    long = []
    for kind, value in text.segments:
        if kind != "md":
            continue
        for section in split_sections(value):
            count = word_count(visible_text(section))
            if count > STEP_WORDS:
                long.append(f"{path.relative_to(ROOT)}:{source_line(path, section)}: {count} words")
    assert not long, f"teaching steps longer than {STEP_WORDS} words (split at '## '):\n" + "\n".join(long)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("folder", LESSON_DIRS, ids=lambda d: d.name)
def test_every_puzzle_prompt_has_at_most_25_words(lessons, folder, lang):
    lesson = next(x for x in lessons if x.path == folder)
    text = lesson.texts[lang]
    long = []
    for pid, puzzle in text.puzzles.items():
        words = plain_text(MD.renderInline(puzzle.fields["prompt"]))  # as the page shows it
        count = word_count(words)
        if count > PROMPT_WORDS:
            long.append(f"{text.path.relative_to(ROOT)}:{puzzle.field_lines['prompt']}: {pid}: {count} words")
    assert not long, f"puzzle prompts longer than {PROMPT_WORDS} words:\n" + "\n".join(long)


def step_shape(path: Path) -> list[str]:
    """A lesson text as its sequence of steps: each teaching section ("text") and each puzzle id."""
    shape = []
    for kind, value in parse_lesson_text(path).segments:
        shape.extend([value] if kind == "puzzle" else ["text"] * len(split_sections(value)))
    return shape


@pytest.mark.parametrize("folder", LESSON_DIRS, ids=lambda d: d.name)
def test_the_languages_have_the_same_steps_in_the_same_order(folder):
    shapes = {lang: step_shape(folder / f"{lang}.md") for lang in LANGS}
    first, *others = LANGS
    for lang in others:
        assert shapes[lang] == shapes[first], f"{folder.name}: {lang} and {first} differ in their steps"
