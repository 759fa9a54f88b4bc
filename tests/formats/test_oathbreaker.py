"""Oathbreaker: a planeswalker card leads (the Oathbreaker), an instant or sorcery card beside it in
the command zone (its Signature Spell), 60 cards in all, singleton, every card within the
Oathbreaker's colour identity, two Oathbreakers only with partner (each with a Signature Spell of its
own), and no companion. The Signature Spell sits in the command zone as the readers read an
"Oathbreaker" / "Signature Spell" section: it is no commander, and its identity is not the deck's."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from deckcheck import engine
from deckcheck.cards.model import Card
from deckcheck.deck import Deck
from deckcheck.findings import Severity
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format
from deckcheck.inference import OATHBREAKER_SHAPE
from deckcheck.rules import check_deck
from tests.formats.cards import CMDR, COMP, MAIN, deck_of
from tests.formats.helpers import codes, errors, one, only

OATHBREAKER = get_format("oathbreaker")
CHANDRA, BOLT = "Chandra, Torch of Defiance", "Lightning Bolt"


def oathbreaker_deck(
    leaders: Sequence[str | Card],
    spells: Sequence[str | Card],
    main: Sequence[str | Card] = (),
    *,
    filler: str = "Mountain",
    size: int = 60,
) -> Deck:
    """Oathbreaker(s) and Signature Spell(s) in the command zone, one of each main card, then
    basics up to ``size`` cards in all."""
    items = [(1, c, CMDR) for c in (*leaders, *spells)] + [(1, c, MAIN) for c in main]
    rest = size - len(items)
    return deck_of(*items, *([(rest, filler, MAIN)] if rest > 0 else []))


def rule_codes(deck: Deck, spec: FormatSpec = OATHBREAKER) -> list[str]:
    """The error codes other than legality (DC2xx), which depend on the card data's date."""
    return [c for c in codes(errors(check_deck(deck, spec))) if not c.startswith("DC2")]


def test_the_registry_format() -> None:
    assert get_format("Oathbreaker") is OATHBREAKER
    assert (OATHBREAKER.min_main, OATHBREAKER.max_main, OATHBREAKER.copy_limit) == (60, 60, 1)
    assert OATHBREAKER.commander and OATHBREAKER.sideboard_max == 0 and OATHBREAKER.max_commanders == 2
    assert OATHBREAKER.legality_candidates == ("oathbreaker",) and not OATHBREAKER.companions


@pytest.mark.parametrize("spec", [OATHBREAKER, OATHBREAKER_SHAPE], ids=["oathbreaker", "inferred"])
def test_a_planeswalker_and_its_signature_spell_make_a_deck(spec: FormatSpec) -> None:
    """Lightning Bolt is no legendary creature and Chandra no partner: neither matters here."""
    assert rule_codes(oathbreaker_deck([CHANDRA], [BOLT]), spec) == []


def test_each_oathbreaker_has_exactly_one_signature_spell() -> None:
    none = one(check_deck(oathbreaker_deck([CHANDRA], []), OATHBREAKER), "DC310")
    assert none.message.startswith(f"{CHANDRA} has no Signature Spell in the command zone")
    assert none.severity is Severity.ERROR and none.location.line == 1
    two = one(check_deck(oathbreaker_deck([CHANDRA], [BOLT, "Shock"]), OATHBREAKER), "DC310")
    assert two.message.startswith(f"2 Signature Spells ({BOLT}, Shock) for 1 Oathbreaker ({CHANDRA})")


def test_the_oathbreaker_is_a_planeswalker_card() -> None:
    """A legendary creature can't lead, nor a card whose front face is a creature that transforms
    into a planeswalker; a card whose front face is a planeswalker can (Grist, a creature off the
    battlefield, is a planeswalker card too)."""
    creature = one(check_deck(oathbreaker_deck(["Niv-Mizzet, Parun"], [BOLT]), OATHBREAKER), "DC301")
    assert creature.message == (
        "Niv-Mizzet, Parun (Legendary Creature — Dragon Wizard) is not a planeswalker card, which an "
        "Oathbreaker is, nor an instant or sorcery card, which a Signature Spell is"
    )
    assert creature.rule == "Oathbreaker deck construction"
    valki = "Valki, God of Lies // Tibalt, Cosmic Impostor"
    assert "DC301" in rule_codes(oathbreaker_deck([valki], [BOLT]))
    assert rule_codes(oathbreaker_deck(["Grist, the Hunger Tide"], ["Thoughtseize"], filler="Swamp")) == []


def test_the_signature_spell_is_within_the_oathbreakers_identity_and_does_not_widen_it() -> None:
    found = check_deck(oathbreaker_deck([CHANDRA], ["Counterspell"], ["Brainstorm"]), OATHBREAKER)
    outside = only(found, "DC304")
    assert sorted(f.card for f in outside) == ["Brainstorm", "Counterspell"]
    spell = next(f for f in outside if f.card == "Counterspell")
    assert spell.message.startswith(
        "Counterspell has colour identity U, outside the Oathbreaker's identity R"
    )
    assert spell.location.section == "commander" and spell.location.line == 2


def test_partner_oathbreakers_each_have_a_signature_spell() -> None:
    kenriths = ["Will Kenrith", "Rowan Kenrith"]
    assert rule_codes(oathbreaker_deck(kenriths, ["Counterspell", BOLT], filler="Island")) == []
    # both spells are Will's colour: no pairing gives Rowan one of his own
    paired = one(check_deck(oathbreaker_deck(kenriths, ["Counterspell", "Brainstorm"]), OATHBREAKER), "DC310")
    assert paired.message.startswith("Counterspell and Brainstorm can't each be a different Oathbreaker's")
    # one spell for two Oathbreakers
    assert "DC310" in rule_codes(oathbreaker_deck(kenriths, [BOLT]))
    # Will has Partner with Rowan only
    assert "DC302" in rule_codes(oathbreaker_deck(["Will Kenrith", CHANDRA], ["Counterspell", BOLT]))
    three = oathbreaker_deck([*kenriths, CHANDRA], ["Counterspell", BOLT, "Shock"])
    assert one(check_deck(three, OATHBREAKER), "DC303").message.startswith("3 Oathbreakers")


def test_sixty_cards_including_the_command_zone() -> None:
    short = one(check_deck(oathbreaker_deck([CHANDRA], [BOLT], size=59), OATHBREAKER), "DC306")
    assert short.message == (
        "Oathbreaker decks have exactly 60 cards including the Oathbreaker and its Signature Spell; "
        "this one has 59 (57 in the deck + 2 in the command zone)"
    )


def test_a_signature_spell_alone_marks_no_oathbreaker() -> None:
    """The planeswalker listed in the deck, not the command zone: not guessed (DC105), and no
    Signature Spell finding for a deck whose Oathbreaker is not known."""
    deck = deck_of((1, BOLT, CMDR), (1, CHANDRA, MAIN), (58, "Mountain", MAIN))
    found = check_deck(deck, OATHBREAKER)
    assert one(found, "DC105").message.startswith(
        "a 59-card singleton deck with no Oathbreaker marked: Oathbreaker needs its Oathbreaker (a "
        f"planeswalker card) in the command zone, beside {BOLT},"
    )
    assert dict(one(found, "DC105").data)["candidates"] == [CHANDRA]
    assert not only(found, "DC310") and not only(found, "DC304")
    assert engine.deck_status(found) == "not verified"


def test_oathbreaker_has_no_companion() -> None:
    """No sideboard, and outside-the-game abilities do not function (the rules committee's ruling
    on Ikoria's companions): a declared companion can never be revealed, and none is offered."""
    deck = deck_of(
        (1, CHANDRA, CMDR), (1, BOLT, CMDR), (58, "Mountain", MAIN), (1, "Jegantha, the Wellspring", COMP)
    )
    report = engine.check_deck(deck, OATHBREAKER)
    never = one(report.findings, "DC407")
    assert never.message.endswith(
        "Oathbreaker has no companions: it has no sideboard, and abilities that work from outside the game "
        "do not function"
    )
    assert not only(report.findings, "DC404")  # (its colours are beside the point)
    assert report.companions and not any(c.eligible for c in report.companions)
