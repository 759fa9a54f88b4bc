"""Pausing Python's cyclic garbage collector around bulk work that makes no reference cycles."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Objects made meanwhile are still freed by reference counting; only cycle detection waits.
    Worth it where tens of thousands of long-lived containers exist (a card store's facts): each
    full collection triggered by a batch's allocations would re-scan them all."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# A young-generation collection after this many new container objects (Python's default is 700).
RELAXED_YOUNG_THRESHOLD = 20_000


@contextlib.contextmanager
def gc_relaxed() -> Iterator[None]:
    """Fewer young-generation collections while a run checks deck after deck: each deck makes and
    drops thousands of small objects, and at Python's default threshold every few hundred of them
    start a collection that also scans whatever survived (the card store's growing caches) until it
    is promoted. Cycles are still found, a little later; the thresholds are restored afterwards."""
    young, *older = gc.get_threshold()
    gc.set_threshold(max(young, RELAXED_YOUNG_THRESHOLD), *older)
    try:
        yield
    finally:
        gc.set_threshold(young, *older)
