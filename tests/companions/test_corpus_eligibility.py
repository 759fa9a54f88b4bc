"""Companion eligibility over the real decklist corpus with the real card data (run with -s for the
table). Decks with a commander are judged as Commander decks, the rest as 60-card constructed decks
(Vintage's deck rules, no companion bans); only decks whose every card resolved are counted, since a
missing card could be the one that breaks a condition. Skipped without ../shared/realdata."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from deckcheck.cards.store import CardStore
from deckcheck.deck import Zone
from deckcheck.decklist import parse_file
from deckcheck.engine import resolve_deck
from deckcheck.formats import get_format
from deckcheck.rules.companions import COMPANIONS, evaluate
from tests.test_realdata_resolution import DECKLIST_SUFFIXES, NOT_DECKLISTS

pytestmark = pytest.mark.realdata


def test_corpus_companion_eligibility(realdata: Path, real_store: CardStore) -> None:
    commander, constructed = get_format("commander"), get_format("vintage")
    eligible: dict[str, Counter[str]] = {"commander": Counter(), "constructed": Counter()}
    judged: Counter[str] = Counter()
    skipped = 0
    for path in sorted((realdata / "decks").rglob("*")):
        if not path.is_file() or path.suffix.lower() not in DECKLIST_SUFFIXES or path.name in NOT_DECKLISTS:
            continue
        parsed = parse_file(path)
        playable = [e for e in parsed.entries if e.zone is not Zone.MAYBEBOARD]
        if not playable:
            continue
        deck, findings = resolve_deck(parsed, real_store, suggest=False)
        if any(f.code in {"DC010", "DC011"} for f in findings if f.location.section != "maybeboard"):
            skipped += 1
            continue
        kind = "commander" if deck.commanders else "constructed"
        if kind == "constructed" and deck.count(Zone.MAIN) < 40:
            continue  # not a deck (a plane deck, a token list)
        judged[kind] += 1
        for result in evaluate(deck, commander if kind == "commander" else constructed):
            if result.eligible:
                assert not result.breakers and result.add == 0
            else:  # every "no" says why: breaking cards, cards to add, or what forbids it here
                assert result.breakers or result.add or result.placement
            if result.eligible:
                eligible[kind][result.companion] += 1
    print(f"\njudged {dict(judged)} decks whose every card is in the data ({skipped} others skipped)")
    print(f"{'companion':28} {'commander':>10} {'constructed':>12}")
    for rule in COMPANIONS:
        print(
            f"{rule.name:28} {eligible['commander'][rule.name]:>10} {eligible['constructed'][rule.name]:>12}"
        )
    assert judged["commander"] > 50 and judged["constructed"] > 500
    # The rules make these impossible in Commander, whatever the deck.
    assert eligible["commander"]["Yorion, Sky Nomad"] == 0
    assert eligible["commander"]["Lutri, the Spellchaser"] == 0
