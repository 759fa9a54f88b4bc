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
