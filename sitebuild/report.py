"""What the build says while it works: each step as it starts and with its time when it ends,
progress through the costly ones ("checking puzzles 57/189"), and what came from the cache. One
line per message, the same on a terminal and in a log; ``quiet()`` keeps only the summary (CI).
The lines go to stderr, so a tool that reads the build's stdout is not disturbed."""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager

_quiet = False
PROGRESS_EVERY = 5.0  # seconds between progress lines of one step (and at its end)


def quiet(value: bool = True) -> None:
    global _quiet
    _quiet = value


def say(text: str) -> None:
    if not _quiet:
        print(text, file=sys.stderr, flush=True)


@contextmanager
def step(name: str):
    """``with step("pages"):`` prints the start and the end of a step with its time."""
    say(f"{name} …")
    start = time.monotonic()
    yield
    say(f"{name}: done in {time.monotonic() - start:.1f} s")


class Progress:
    """Counts through ``total`` items of a step, printing at most every ``PROGRESS_EVERY`` seconds."""

    def __init__(self, what: str, total: int, note: str = ""):
        self.what, self.total, self.note = what, total, note
        self.done = 0
        self.last = time.monotonic()
        if total:
            say(f"{what} 0/{total}{note}")

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if self.done >= self.total or now - self.last >= PROGRESS_EVERY:
            self.last = now
            say(f"{self.what} {self.done}/{self.total}{self.note}")
