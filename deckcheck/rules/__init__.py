"""The deck-construction rules, one module per family.

Each family module holds a rule's finding codes, its scalar decisions (what the engine runs on one
deck, and what the lean batch checker calls for the decks it reports) and its array screens (the
lean checker's "may anything be wrong here" test over a chunk of decks at once, numpy imported on
first use), side by side:

- :mod:`deckcheck.rules.sizes`: deck and sideboard sizes, copy limits (CR 100.2, 100.4a, 113.6n,
  903.5a/b/e);
- :mod:`deckcheck.rules.legality`: banned, not legal and restricted cards, the legality key;
- :mod:`deckcheck.rules.commander`: the command zone, commander eligibility and pairs, colour
  identity (CR 903.3-903.5, 702.124);
- :mod:`deckcheck.history` (legality as of a date: the format's sets and lists on a day; its codes
  and the ``as_of`` setting in :mod:`deckcheck.as_of`, which a check without a date needs alone) and
  :mod:`deckcheck.command_zone` (a Commander list written with its commander in the sideboard)
  beside them, their screens those of legality and commander (the lean checker takes no dated
  format, and hands every deck the placement could apply to to the engine);
- :mod:`deckcheck.rules.companions`: the ten companion conditions (CR 702.139), a table of its own
  (``companions.COMPANIONS``), their array screens in :mod:`deckcheck.rules.companion_arrays`.

A format is data (:class:`~deckcheck.format_spec.FormatSpec`, read by :mod:`deckcheck.formats`);
the rules read only its fields. Every violation is reported (not just the first), with the card,
its line(s) and the rule.
"""

from __future__ import annotations

import datetime as dt

from deckcheck.deck import Deck, Zone
from deckcheck.findings import Finding
from deckcheck.format_spec import FormatSpec
from deckcheck.rules import legality, sizes


def check_deck(deck: Deck, spec: FormatSpec, card_data_day: dt.date | None = None) -> list[Finding]:
    """Every construction, legality and Commander finding for ``deck`` in ``spec`` (companion
    conditions excepted: :mod:`deckcheck.rules.companions`), in a fixed order: the command zone, sizes,
    copies, legality, then the commanders and colour identity. ``card_data_day``: the day the card
    data describes, for legality as of a day (rules.legality.check_legality)."""
    findings: list[Finding] = []
    # The Commander rules concern a format with a command zone, or a deck that marks a commander
    # anyway; any other deck does not load them.
    companion_names: frozenset[str] = frozenset()
    if spec.commander or deck.zone(Zone.COMMANDER) or deck.unresolved_in(Zone.COMMANDER):
        from deckcheck.rules import commander
        from deckcheck.rules.companions import COMPANION_NAMES as companion_names

        findings += commander.check_zones(deck, spec)
    findings += sizes.check_sizes(deck, spec, companion_names)
    found = legality.check_legality(deck, spec, card_data_day)
    # one finding per card: a restricted card over one copy gets the restricted-list finding only
    restricted = {f.card for f in found if f.code == legality.RESTRICTED.code and f.card}
    findings += sizes.check_copies(deck, spec, restricted)
    findings += found
    if spec.commander:
        from deckcheck.rules import commander

        findings += commander.check_commanders(deck, spec)
        findings += commander.check_identity(deck, spec)
    return findings


def __getattr__(name: str) -> object:
    """``FAMILIES`` and ``Family`` (:mod:`deckcheck.rules.families`), loaded when first asked for:
    the table imports every family's module, which checking one deck does not need."""
    if name in ("FAMILIES", "Family"):
        from deckcheck.rules import families

        return getattr(families, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
