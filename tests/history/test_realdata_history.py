"""The format history against the card data itself: as of 2022-04-25, the history's answer for every
card of the real MTGJSON AtomicCards of that day must equal the card data's own ``legalities`` in
Standard, Pioneer, Modern, Legacy and Vintage, except for the disagreements explained below (each is printed);
Pauper has no history, which the data says. Skips without ../shared/realdata."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from typing import Any

import pytest

from deckcheck.cards.records import card_from_record
from deckcheck.history import load_history, status_on

DAY = dt.date(2022, 4, 25)
FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage")

# The Street Fighter Secret Lair cards: Forge's definitions list them as individually legal from
# 2022-02-18 (and all of Secret Lair is legal there), while the 2022-04-25 card data lists them as not
# legal. The sources disagree; neither is corrected.
STREET_FIGHTER = {
    "Blanka, Ferocious Friend",
    "Chun-Li, Countless Kicks",
    "Dhalsim, Pliable Pacifist",
    "E. Honda, Sumo Champion",
    "Guile, Sonic Soldier",
    "Ken, Burning Brawler",
    "Ryu, World Warrior",
    "Zangief, the Red Cyclone",
}


def explain(
    fmt: str, name: str, expected: str, got: str | None, record: dict[str, Any], on_release: str | None
) -> str | None:
    """Why the history and the card data disagree on this card, or None when nothing explains it.
    ``on_release``: the history's answer on 2022-04-29, when SNC joins."""
    printings = set(record.get("printings") or ())
    if got is None and name.startswith("A-"):
        return "Arena rebalanced card: its printings are not recorded, so not verified"
    if expected == "legal" and got == "not_legal" and "SNC" in printings and on_release == "legal":
        # The card data lists Streets of New Capenna legal four days before its release; the history
        # adds SNC on its Effective date, 2022-04-29.
        return "SNC card, legal in the card data before SNC's release (2022-04-29)"
    if fmt in {"legacy", "vintage"} and name in STREET_FIGHTER and (expected, got) == ("not_legal", "legal"):
        return "Secret Lair x Street Fighter: Forge lists it legal, the card data does not"
    if fmt == "pioneer" and name == "Endless Ranks of the Dead" and (expected, got) == ("not_legal", "legal"):
        # An Innistrad (2011) card, not Pioneer-legal; the card data lists a printing in DBL, a set
        # Pioneer includes.
        return "the card data lists a DBL printing of this pre-Pioneer card"
    return None


def test_history_agrees_with_the_card_data_of_2022_04_25(
    atomic_records: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    history = load_history()
    unexplained: list[str] = []
    explained: dict[str, list[str]] = defaultdict(list)
    checked = 0
    for record in atomic_records:
        card = card_from_record(record)
        for fmt in FORMATS:
            state = history.formats[fmt].state_at(DAY)
            assert state is not None
            expected, got = card.legality(fmt), status_on(card, state)
            checked += 1
            if expected == got:
                continue
            on_release = status_on(card, history.formats[fmt].states[-1])
            reason = explain(fmt, card.name, expected, got, record, on_release)
            if reason is None:
                unexplained.append(f"{fmt}: {card.name}: card data {expected}, history {got}")
            else:
                explained[f"{fmt}: {reason}"].append(card.name)
    with capsys.disabled():
        total = sum(len(names) for names in explained.values())
        print(
            f"\nformat history vs card data as of {DAY}: {checked} card/format pairs, {total} explained "
            f"disagreements, {len(unexplained)} unexplained"
        )
        for reason, names in sorted(explained.items()):
            print(f"  {reason} ({len(names)}): {'; '.join(names)}")
    assert checked > 80_000
    assert not unexplained, "\n".join(unexplained)


def test_pauper_has_no_history(atomic_records: list[dict[str, Any]]) -> None:
    history = load_history()
    assert "pauper" not in history.formats and "pauper" in history.not_built
    # the card data does have Pauper legalities: the gap is the history's, and it is said
    assert any("pauper" in (r.get("legalities") or {}) for r in atomic_records[:2000])


def test_imported_records_carry_printings(atomic_records: list[dict[str, Any]]) -> None:
    by_name = {r["name"]: r for r in atomic_records}
    assert "IKO" in by_name["Lurrus of the Dream-Den"]["printings"]
    assert "printings" not in by_name["A-Goldspan Dragon"]
    assert sum("printings" in r for r in atomic_records) > 0.95 * len(atomic_records)
