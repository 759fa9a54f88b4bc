"""The card store the benchmarks time against, built as ``deckcheck cards import`` builds it.

A store built without the per-card facts (deckcheck.card_facts.facts_builder) sends the batch path
to the card records for every distinct name, which is not what a user's store does: the CLI's
``cards import`` and ``cards update`` always store the facts.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REALDATA = Path(os.environ.get("DECKCHECK_REALDATA", REPO.parent / "shared" / "realdata"))
ATOMIC = REALDATA / "AtomicCards-2022-04-25.json.gz"

# The day the benchmarks check decks on (DECKCHECK_TODAY, for this process and those it starts): the
# real card data's own day, so that no figure changes as the calendar moves on. Checked years after
# it, an undated deck has its legality withheld (deckcheck.as_of.DATA_AGE_LIMIT_DAYS): other work
# than the timed one. The bundled set is newer than this day, so it vouches for it too.
CHECK_DAY = "2022-04-25"
os.environ.setdefault("DECKCHECK_TODAY", CHECK_DAY)


def build_store(directory: Path) -> tuple[Path, str]:
    """(store path, what it was built from): the real MTGJSON AtomicCards file when it is there,
    else the bundled card set, with the per-card facts either way."""
    from deckcheck.card_facts import facts_builder
    from deckcheck.cards.store import bundled_cards_path, write_store

    store = directory / "cards.sqlite"
    if ATOMIC.is_file():
        from deckcheck.cards.mtgjson import import_atomic_cards

        result = import_atomic_cards(ATOMIC, store, facts=facts_builder())
        return store, f"MTGJSON {ATOMIC.name} ({result.records:,} cards)"
    payload = json.loads(bundled_cards_path().read_text(encoding="utf-8"))
    records = payload["cards"] if isinstance(payload, dict) else payload
    meta = {"source": "bundled", "oracle_as_of": payload["meta"]["oracle_as_of"]}  # (its day: see CHECK_DAY)
    count = write_store(records, store, meta=meta, facts=facts_builder())
    return store, f"bundled card set ({count} cards; ../shared/realdata not found)"
