"""Plumbing shared by `deckcheck cards update` (Scryfall) and `deckcheck cards import` (MTGJSON).

- :class:`UpdateResult`: what an update did, for the CLI to print.
- :class:`ConversionStats` and :func:`unique_by_name`: what a converter skipped, and why.
- :func:`update_lock`: one update at a time per store (a second one waits, then fails clearly).
- :func:`scratch_file`: a download never leaves a half-written file under a name that something
  reads (the store itself is replaced through :mod:`deckcheck.atomic`).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import filelock

from deckcheck.errors import DeckcheckError

DEFAULT_LOCK_TIMEOUT = 300.0  # a full Scryfall download takes well under a minute on a normal line
DUPLICATE_NAMES_KEPT = 20  # how many duplicate names a result lists (the count is always complete)


class UpdateLockedError(DeckcheckError):
    """Another update of the same card store holds the lock."""


class Progress(Protocol):
    """Progress callback: ``stage`` is one of ``bulk-data``, ``download`` (``done``/``total`` in
    bytes), ``read`` (bytes of a local file), ``convert`` (records so far; ``total`` may be None)."""

    def __call__(self, stage: str, done: int, total: int | None) -> None: ...


@dataclass
class ConversionStats:
    """Filled in by a converter while its records are consumed."""

    skipped: Counter[str] = field(default_factory=Counter)  # reason (usually the layout) -> count
    duplicates: int = 0
    duplicate_names: list[str] = field(default_factory=list)  # the first few, for the report
    records: int = 0

    def skip(self, reason: str) -> None:
        self.skipped[reason] += 1


@dataclass(frozen=True)
class UpdateResult:
    source: str  # "scryfall" | "mtgjson"
    store_path: Path
    records: int | None  # None: unknown (an offline report of a store without a count)
    skipped: Mapping[str, int] = field(default_factory=dict)
    duplicates: int = 0
    duplicate_names: tuple[str, ...] = ()
    downloaded_bytes: int = 0
    up_to_date: bool = False  # nothing new: the store was left as it was
    offline: bool = False
    seconds: float = 0.0
    meta: Mapping[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # things worth telling the user (a stale descriptor was used, ...)

    def summary(self) -> str:
        """One line for the CLI."""
        if self.offline:
            stamp = self.meta.get("updated_at") or self.meta.get("mtgjson_date") or "unknown date"
            count = "an unknown number of" if self.records is None else f"{self.records:,}"
            return f"offline: {self.store_path} has {count} cards from {self.source} ({stamp})"
        if self.up_to_date:
            stamp = self.meta.get("updated_at", "")
            return f"card store {self.store_path} is up to date ({self.source} {stamp}); nothing downloaded"
        parts = [f"wrote {self.records or 0:,} cards from {self.source} to {self.store_path}"]
        if self.downloaded_bytes:
            parts.append(f"downloaded {_size(self.downloaded_bytes)}")
        skipped = sum(self.skipped.values())
        if skipped:
            detail = ", ".join(f"{reason} {n}" for reason, n in sorted(self.skipped.items()))
            parts.append(f"skipped {skipped} ({detail})")
        if self.duplicates:
            parts.append(f"{self.duplicates} duplicate names kept once")
        parts.append(f"{self.seconds:.1f} s")
        return "; ".join(parts)


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


def unique_by_name(records: Iterable[dict[str, Any]], stats: ConversionStats) -> Iterator[dict[str, Any]]:
    """Drop records whose name was already seen (the first one wins), counting them in ``stats``."""
    seen: set[str] = set()
    for record in records:
        name = record["name"]
        if name in seen:
            stats.duplicates += 1
            if len(stats.duplicate_names) < DUPLICATE_NAMES_KEPT:
                stats.duplicate_names.append(name)
            continue
        seen.add(name)
        stats.records += 1
        yield record


def counting_progress(
    records: Iterable[dict[str, Any]], progress: Progress | None, every: int = 1000
) -> Iterator[dict[str, Any]]:
    """Pass records through, telling ``progress`` ("convert") how many have gone by."""
    count = 0
    for record in records:
        count += 1
        if progress is not None and count % every == 0:
            progress("convert", count, None)
        yield record
    if progress is not None:
        progress("convert", count, count)


def lock_path_for(store_path: Path) -> Path:
    return store_path.with_name(store_path.name + ".lock")


@contextlib.contextmanager
def update_lock(store_path: Path, *, timeout: float = DEFAULT_LOCK_TIMEOUT) -> Iterator[None]:
    """Hold the store's update lock. The OS releases it when the holder dies, so a crashed update
    never blocks the next one; a live one makes this wait ``timeout`` seconds, then fail clearly."""
    store_path.parent.mkdir(parents=True, exist_ok=True)
    path = lock_path_for(store_path)
    # thread_local=False: the lock belongs to this update, whichever thread releases it.
    lock = filelock.FileLock(str(path), timeout=timeout, thread_local=False)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise UpdateLockedError(
            f"another card data update is running for {store_path} (lock {path} is held; "
            f"waited {timeout:g} s)",
            hint="wait for the other `deckcheck cards update`/`cards import` to finish, then run it again",
        ) from None
    try:
        yield
    finally:
        lock.release()


@contextlib.contextmanager
def scratch_file(target: Path, suffix: str = ".part") -> Iterator[Path]:
    """A scratch path next to ``target`` (same file system, so moving it into place is atomic).
    The scratch file is removed on the way out unless it has been moved into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = target.with_name(target.name + suffix)
    remove_quietly(scratch)  # left over from an update that was killed
    try:
        yield scratch
    finally:
        remove_quietly(scratch)


def remove_quietly(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
