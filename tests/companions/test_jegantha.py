"""Jegantha: "No card in your starting deck has more than one of the same mana symbol in its mana cost."

Exact symbols per card (IKO release notes); split cards' halves are seen as separate symbols
(CR 709.4b: Fire // Ice has {1} twice); only the front face of a DFC and the creature of an adventurer."""

from __future__ import annotations

import pytest

from deckcheck.deck import Deck, DeckCard, Entry, Zone
from tests.cardfactory import card as make_card
from tests.companions.cards import MODERN, deck, lands, result


@pytest.mark.parametrize(
    ("name", "passes"),
    [
        ("Fire // Ice", False),  # {1}{R} // {1}{U}: {1} twice (CR 709.4b example)
        ("Farm // Market", False),  # {2}{W} // {2}{U}: {2} twice
        ("Commit // Memory", False),  # {U} three times
        ("Collision // Colossus", True),  # {1}{R/G} // {R}{G}: {R/G} is not {R} or {G}
        ("Ticket Booth // Tunnel of Hate", False),  # a Room: {2}{R} // {4}{R}{R}, {R} in both doors
        ("Bottomless Pool // Locker Room", False),  # {U} // {4}{U}
        ("Dirgur Island Dragon // Skimming Strike", True),  # the Omen's {1}{U} is ignored (CR 720.4)
        ("Phyrexian Fleshgorger", True),  # {7}; the prototype cost {1}{B}{B} is rules text (CR 718.4)
        ("Wear // Tear", True),  # {1}{R} // {W}
        ("Beanstalk Giant // Fertile Footsteps", True),  # adventure half ignored ({G} would repeat)
        ("Flaxen Intruder // Welcome Home", True),  # {G}; the adventure's {5}{G}{G} is ignored
        ("Valki, God of Lies // Tibalt, Cosmic Impostor", True),  # MDFC back {5}{B}{R} ignored
        ("Flamescroll Celebrant // Revel in Silence", True),  # MDFC back {W}{W} ignored
        ("Kitchen Finks", False),  # {G/W}{G/W}
        ("Walking Ballista", False),  # {X}{X}
        ("Chalice of the Void", False),  # {X}{X}
        ("Crackle with Power", False),  # {X}{X}{X}{R}{R}
        ("Dismember", False),  # {B/P}{B/P}
        ("Spectral Procession", False),  # {2/W} x3
        ("Counterspell", False),
        ("Shivan Dragon", False),
        ("Lightning Bolt", True),
        ("Ugin, the Spirit Dragon", True),  # {8}: one symbol
        ("Island", True),  # no mana cost at all
        ("Ancient Den", True),
    ],
)
def test_exact_symbols(name: str, passes: bool) -> None:
    d = deck((1, name), *lands(59, "Island"))
    assert result(d, MODERN, "Jegantha").eligible is passes


@pytest.mark.parametrize(
    ("cost", "passes"),
    [
        ("{C}{C}", False),
        ("{S}{S}", False),
        ("{1}{2}", True),
        ("{R}{R/G}", True),
        ("{2/W}{2/W}", False),
        ("{W/P}{W/P}", False),
    ],
)
def test_symbol_identity(cost: str, passes: bool) -> None:
    odd = make_card("Test Cost", cost, "Artifact")
    d = Deck("d", [DeckCard(Entry(1, odd.name, Zone.MAIN, 1), odd)])
    assert result(d, MODERN, "Jegantha").eligible is passes


def test_reason_shows_the_split_cost_and_the_repeated_symbol() -> None:
    d = deck((2, "Fire // Ice"), *lands(58, "Island"))
    (b,) = result(d, MODERN, "Jegantha").breakers
    assert b.reason == "mana cost {1}{R} // {1}{U} has {1} more than once"
