"""A progress bar on stderr for long batch runs (no click: the batch core stays free of the CLI).

Silent when the stream is not a terminal (CI, notebooks, pipes) unless ``enabled`` says otherwise.
Updates are batched, and the line is redrawn at most ten times a second, so a fast loop pays
almost nothing.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

from deckcheck.wording import counted

_WIDTH = 36  # characters of the bar itself
_REDRAW_SECONDS = 0.1


class ProgressBar:
    """``with ProgressBar(total, "checking decks") as bar: ... bar(n)`` after every n decks."""

    def __init__(
        self,
        total: int | None,
        label: str,
        *,
        enabled: bool | None = None,
        stream: TextIO | None = None,
        every: int = 256,
    ) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = _is_tty(self.stream) if enabled is None else enabled
        self.total = total
        self.label = label
        self.every = every
        self.done = 0
        self._pending = 0
        self._started = 0.0
        self._drawn_at: float | None = None

    def __enter__(self) -> ProgressBar:
        self._started = time.monotonic()
        if self.enabled and self.total:
            self._draw(force=True)
        return self

    def __call__(self, n: int = 1) -> None:
        self._pending += n
        if self._pending >= self.every:
            self._flush()

    def _flush(self, *, force: bool = False) -> None:
        self.done += self._pending
        moved = bool(self._pending)
        self._pending = 0
        if self.enabled and (moved or force) and (self.total or self.done):
            self._draw(force=force)

    def _draw(self, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and self._drawn_at is not None and now - self._drawn_at < _REDRAW_SECONDS:
            return
        self._drawn_at = now
        if self.total:
            done = min(self.done, self.total)
            filled = _WIDTH * done // self.total
            bar = "#" * filled + "-" * (_WIDTH - filled)
            line = f"{self.label}  [{bar}]  {done}/{self.total}{self._eta(done, now)}"
        else:
            line = f"{self.label}: {counted(self.done, 'deck')}"
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()

    def _eta(self, done: int, now: float) -> str:
        if not done or self.total is None or done >= self.total:
            return ""
        left = (now - self._started) / done * (self.total - done)
        minutes, seconds = divmod(int(left), 60)
        hours, minutes = divmod(minutes, 60)
        return f"  eta {hours:02d}:{minutes:02d}:{seconds:02d}"

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._flush(force=True)
        if self.enabled and (self.done or self.total):
            self.stream.write("\n")
            self.stream.flush()


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
