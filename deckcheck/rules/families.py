"""The rule families (:mod:`deckcheck.rules`): for each, the module holding its codes, decisions and
screens, and the finding codes it reports. ``deckcheck.rules.FAMILIES`` names this table too."""

from __future__ import annotations

from dataclasses import dataclass

# By full name: `from deckcheck.rules import ...` would make this module, which the package loads
# on first use, depend on the package.
import deckcheck.as_of as as_of
import deckcheck.command_zone as command_zone
import deckcheck.rules.commander as commander
import deckcheck.rules.companions as companions
import deckcheck.rules.legality as legality
import deckcheck.rules.sizes as sizes
from deckcheck.findings import Code


@dataclass(frozen=True, slots=True)
class Family:
    """One rule family: the module holding its codes, decisions and screens, and the finding codes
    it reports."""

    name: str
    module: str
    codes: tuple[Code, ...]


FAMILIES: tuple[Family, ...] = (
    Family("sizes and copies", sizes.__name__, sizes.CODES),
    Family("legality", legality.__name__, legality.CODES),
    Family("legality as of a date", as_of.__name__, as_of.CODES),
    Family("commander", commander.__name__, commander.CODES),
    Family("command zone placement", command_zone.__name__, command_zone.CODES),
    Family("companions", companions.__name__, companions.CODES),
)
