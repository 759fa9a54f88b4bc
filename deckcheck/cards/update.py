"""Plumbing shared by `deckcheck cards update` (Scryfall) and `deckcheck cards import` (MTGJSON).

- :class:`UpdateResult`: what an update did, for the CLI to print.
- :class:`ConversionStats` and :func:`unique_by_name`: what a converter skipped, and why.
- :func:`update_lock`: one update at a time per store (a second one waits, then fails clearly).
- :func:`refuse_older_data`, :func:`refuse_smaller_data`, :func:`step_back_notes`: new card data
  that would be a step back (older than the store's, or far fewer cards) is refused unless
  ``--allow-downgrade``, which says what it replaced.
- :func:`scratch_file`: a download never leaves a half-written file under a name that something
  reads (the store itself is replaced through :mod:`deckcheck.atomic`).
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Protocol

import filelock

from deckcheck.cards.nondeck import NonDeckCard
from deckcheck.cards.store import card_data_date
from deckcheck.errors import CardDataError, DeckcheckError
from deckcheck.wording import counted

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
    # the cards no deck can hold (planes, schemes, Vanguard, meld results: deckcheck.cards.nondeck),
    # by name: not card records, but kept in the store by name and kind (the first of a name wins)
    non_deck: dict[str, NonDeckCard] = field(default_factory=dict)
    # a meld result's name -> the meld cards met whose back it is (MTGJSON names the pair on its
    # fronts only, which may come before or after the result: non_deck_cards joins them at the end)
    meld_parts: dict[str, list[str]] = field(default_factory=dict)

    def skip(self, reason: str) -> None:
        self.skipped[reason] += 1

    def keep_non_deck(self, card: NonDeckCard) -> None:
        if has_control_characters(card.name) or has_control_characters(card.type_line):
            self.skip(CONTROL_SKIP_REASON)  # (as a card record named so is)
        else:
            self.non_deck.setdefault(card.name, card)

    def keep_meld_part(self, result: str, part: str) -> None:
        """``part`` is a meld card whose back face is part of the meld result named ``result``."""
        parts = self.meld_parts.setdefault(result, [])
        if part not in parts:
            parts.append(part)

    def non_deck_cards(self) -> Iterator[NonDeckCard]:
        """The cards kept in ``non_deck``, a meld result with the meld cards met (``meld_parts``)
        when its own data named none: to be read once every record is in (write_store's
        ``non_deck`` is)."""
        for card in self.non_deck.values():
            parts = self.meld_parts.get(card.name) if card.is_meld_result and not card.parts else None
            yield card.with_parts(tuple(sorted(parts))) if parts else card


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
    non_deck: int = 0  # planes, schemes, Vanguard cards and meld results kept by name (no deck holds them)

    def summary(self) -> str:
        """One line for the CLI."""
        if self.offline:
            stamp = self.meta.get("updated_at") or self.meta.get("mtgjson_date") or "unknown date"
            count = "an unknown number of cards" if self.records is None else counted(self.records, "card")
            return f"offline: {self.store_path} has {count} from {self.source} ({stamp})"
        if self.up_to_date:
            stamp = self.meta.get("updated_at", "")
            return f"card store {self.store_path} is up to date ({self.source} {stamp}); nothing downloaded"
        parts = [f"wrote {counted(self.records or 0, 'card')} from {self.source} to {self.store_path}"]
        if self.downloaded_bytes:
            parts.append(f"downloaded {_size(self.downloaded_bytes)}")
        skipped = sum(self.skipped.values())
        if skipped:
            detail = ", ".join(f"{reason} {n}" for reason, n in sorted(self.skipped.items()))
            parts.append(f"skipped {skipped} ({detail})")
        if self.non_deck:
            kept = counted(self.non_deck, "name")
            parts.append(f"kept {kept} of cards no deck holds (planes, schemes, Vanguard, meld results)")
        if self.duplicates:
            parts.append(f"{counted(self.duplicates, 'duplicate name')} kept once")
        parts.append(f"{self.seconds:.1f} s")
        return "; ".join(parts)


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 100_000 else f"{count / 1e3:.1f} kB"


# -- a step back: older card data, or far fewer cards ---------------------------------------------
class DowngradeRefused(CardDataError):
    """New card data that would replace the store's with older data or far fewer cards: refused,
    the store as it was, unless ``--allow-downgrade`` (``cards update``, ``cards import``)."""


# Card data only grows; new data with fewer than this share of the store's cards is not taken for
# it without --allow-downgrade.
SMALLEST_SHARE = 0.5


def older_data(old_meta: Mapping[str, str], new_day: date | None) -> tuple[date, date] | None:
    """(the store's day, the new data's) when the new data describes an earlier day than the
    store's card data (``old_meta``); None otherwise, or when either day is not known."""
    old_day = card_data_date(old_meta)
    return (old_day, new_day) if old_day is not None and new_day is not None and new_day < old_day else None


def far_smaller(old_meta: Mapping[str, str], count: int) -> int | None:
    """The store's number of cards when new data of ``count`` has fewer than SMALLEST_SHARE of them."""
    try:
        old_count = int(old_meta.get("records", ""))
    except ValueError:
        return None
    return old_count if count < old_count * SMALLEST_SHARE else None


def refuse_older_data(
    old_meta: Mapping[str, str],
    new_day: date | None,
    what: str,
    *,
    hint: str,
    kept: str = "the store was not replaced",
) -> None:
    """Refuse new card data older than the store's: it would drop what changed since (a ban
    announced in between), and checks would trust it as the data of its own day. ``what`` names
    the new data (``x.json: card data``), ``kept`` what was left as it was."""
    older = older_data(old_meta, new_day)
    if older is not None:
        raise DowngradeRefused(
            f"{what} of {older[1].isoformat()}, older than the card data in the store "
            f"({older[0].isoformat()}); {kept}",
            hint=hint,
        )


def refuse_smaller_data(old_meta: Mapping[str, str], count: int, what: str, *, hint: str) -> None:
    """Refuse new card data of ``count`` cards, far fewer than the store's (``what`` names it)."""
    old_count = far_smaller(old_meta, count)
    if old_count is not None:
        raise DowngradeRefused(
            f"{what}: {counted(count, 'card')}, where the store has {old_count:,} (a "
            "real build only grows); the store was not replaced",
            hint=hint,
        )


def step_back_notes(
    old_meta: Mapping[str, str], new_day: date | None, count: int, kind: str = "build"
) -> list[str]:
    """What new card data (a ``kind``: build, file) taken with --allow-downgrade replaced, when
    it is a step back :func:`refuse_older_data` or :func:`refuse_smaller_data` refuse otherwise."""
    notes = []
    older = older_data(old_meta, new_day)
    if older is not None:
        notes.append(
            f"the store's card data of {older[0].isoformat()} was replaced with an older {kind}, of "
            f"{older[1].isoformat()} (--allow-downgrade)"
        )
    old_count = far_smaller(old_meta, count)
    if old_count is not None:
        notes.append(f"the store's {old_count:,} cards were replaced with {count:,} (--allow-downgrade)")
    return notes


# Characters no real card name has, and a terminal or a CI log would obey when the name is printed:
# C0/C1 controls, DEL, line/paragraph separators, bidirectional overrides and isolates.
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
CONTROL_SKIP_REASON = "control characters in the name"


def has_control_characters(text: str) -> bool:
    return CONTROL_CHARACTERS.search(text) is not None


def without_control_names(record: dict[str, Any]) -> dict[str, Any] | None:
    """The record, or None when its name or a face name has control characters (such a record is
    not a card: it is skipped and counted); localized printed names that have them are dropped."""
    names = [str(record["name"]), *(str(f.get("name", "")) for f in record.get("faces") or ())]
    if any(has_control_characters(name) for name in names):
        return None
    printed = record.get("printed_names")
    if isinstance(printed, Mapping) and any(
        has_control_characters(str(n)) for values in printed.values() for n in values
    ):
        cleaned = {
            lang: kept
            for lang, values in printed.items()
            if (kept := [n for n in values if not has_control_characters(str(n))])
        }
        record = (
            {**record, "printed_names": cleaned}
            if cleaned
            else {k: v for k, v in record.items() if k != "printed_names"}
        )
    return record


def unique_by_name(records: Iterable[dict[str, Any]], stats: ConversionStats) -> Iterator[dict[str, Any]]:
    """Drop records whose name was already seen (the first one wins), counting them in ``stats``;
    records named with control characters are skipped (see :func:`without_control_names`)."""
    seen: set[str] = set()
    for original in records:
        record = without_control_names(original)
        if record is None:
            stats.skip(CONTROL_SKIP_REASON)
            continue
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
    path = lock_path_for(store_path)
    # thread_local=False: the lock belongs to this update, whichever thread releases it.
    lock = filelock.FileLock(str(path), timeout=timeout, thread_local=False)
    try:
        store_path.parent.mkdir(parents=True, exist_ok=True)
        _make_lock_file(path)
        lock.acquire()
    except filelock.Timeout:  # (a TimeoutError, so an OSError: first)
        raise UpdateLockedError(
            f"another card data update is running for {store_path} (lock {path} is held; "
            f"waited {timeout:g} s)",
            hint="wait for the other `deckcheck cards update`/`cards import` to finish, then run it again",
        ) from None
    except OSError as exc:
        raise unwritable_directory(store_path, exc) from None
    try:
        remove_stale_temporaries(store_path)
        yield
    finally:
        lock.release()


def _make_lock_file(path: Path) -> None:
    """Create the lock file unless it exists (an OSError when it cannot be made). filelock retries
    one it cannot create in a folder that exists (/proc, some network file systems) as if another
    process held it: it would wait out the whole timeout, then blame another update."""
    os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o644))


def remove_stale_temporaries(store_path: Path) -> list[Path]:
    """Remove what killed updates of this store left next to it: store builds
    (``.cards.sqlite.<pid>.<random>.tmp``, deckcheck.atomic.replacing; without the leading dot
    from older releases) and downloads (``cards.sqlite.<what>.part``). Called with the update lock
    held, so no other update of this store is writing one; a build whose writer is still alive (a
    program calling write_store without the lock) is left alone. The paths removed."""
    removed: list[Path] = []
    prefixes = ("." + store_path.name + ".", store_path.name + ".")
    try:
        candidates = [p for p in store_path.parent.iterdir() if p.name.startswith(prefixes)]
    except OSError:
        return removed
    for candidate in candidates:
        prefix = next(p for p in prefixes if candidate.name.startswith(p))
        rest = candidate.name[len(prefix) :]
        if rest.endswith(".tmp"):
            writer = rest.split(".", 1)[0]
            if writer.isdigit() and _alive(int(writer), candidate):
                continue
        elif not rest.endswith(".part"):
            continue
        try:
            if candidate.is_file() and not candidate.is_symlink():
                candidate.unlink()
                removed.append(candidate)
        except OSError:
            pass  # someone else's file, or gone already: not ours to insist on
    return removed


STALE_AFTER = 24 * 3600.0  # where a writer's pid cannot be checked: a build older than this is stale


def _alive(pid: int, build: Path) -> bool:
    if pid == os.getpid():
        return False  # this process holds the lock and is not writing yet
    if os.name != "posix":  # (os.kill would end the process there): go by the file's age
        with contextlib.suppress(OSError):
            return time.time() - build.stat().st_mtime < STALE_AFTER
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # exists (another user's), or cannot tell: keep it
    return True


def unwritable_directory(store_path: Path, exc: OSError) -> DeckcheckError:
    """A store directory the update cannot write in (read-only, another user's, not a folder)."""
    reason = (exc.strerror or type(exc).__name__).lower()
    return DeckcheckError(
        f"cannot write in {store_path.parent}, where the card store {store_path.name} is built "
        f"({reason}{': ' + exc.filename if exc.filename else ''})",
        hint="make that directory writable, or build the store elsewhere: --card-db PATH, "
        "or DECKCHECK_CACHE_DIR",
    )


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
