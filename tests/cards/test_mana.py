from __future__ import annotations

import pytest

from deckcheck.cards.mana import ManaCostError, colours_in_text, parse_mana_cost, symbol_colours, symbol_value


@pytest.mark.parametrize(
    ("cost", "value"),
    [
        ("{4}{U/B}{U/B}", 6),
        ("{X}{X}{R}", 1),  # X is 0 off the stack (CR 202.3e)
        ("{2/W}{2/W}", 4),  # hybrid counts its largest component (202.3f)
        ("{W/P}{W/P}", 2),  # Phyrexian counts 1 (202.3g)
        ("{G/W/P}", 1),
        ("{0}", 0),
        ("", 0),
        ("{15}", 15),
        ("{C}{C}", 2),
        ("{S}", 1),
    ],
)
def test_mana_value(cost: str, value: int) -> None:
    assert parse_mana_cost(cost).mana_value == value


def test_no_cost_is_not_zero_cost() -> None:
    assert not parse_mana_cost("").present
    assert not parse_mana_cost(None).present
    assert parse_mana_cost("{0}").present


def test_symbols_keep_exact_form() -> None:
    assert parse_mana_cost("{1}{r/g}{R/G}").symbols == ("1", "R/G", "R/G")


def test_bad_cost_is_an_error() -> None:
    with pytest.raises(ManaCostError):
        parse_mana_cost("2RR")


def test_hybrid_symbol_is_all_its_colours() -> None:
    assert symbol_colours("W/U") == {"W", "U"}
    assert symbol_colours("2/B") == {"B"}
    assert symbol_colours("G/W/P") == {"G", "W"}
    assert symbol_colours("C") == frozenset()
    assert symbol_value("HW") == 0


def test_colours_in_rules_text() -> None:
    assert colours_in_text("{T}: Add {W}{U}{B}{R}{G}.") == {"W", "U", "B", "R", "G"}
