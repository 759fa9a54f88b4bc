"""The format of a deck nobody named: no ``--format``, no ``// format:`` line, no config.

Such a deck is never called legal on the strength of a format with no rules. It is checked in the
shape of its family, inferred from the deck as written:

- a commander marked (a Commander section, or a Cockatrice ``CDR:`` comment naming a card of the
  list), or exactly 100 cards with no name twice (basic lands and "any number" cards aside): the
  Commander shape (CR 903.5: 100 cards, singleton, colour identity); a deck with a commander that
  is 60 cards in all, commander included, is Brawl's size (CR 903.12) and gets the Brawl shape
  (60 cards, a legendary creature or planeswalker as commander, a colourless commander's basics),
  so a Brawl list is not failed for not being 100 cards; a command zone that holds an instant or
  sorcery card (an Oathbreaker list's Signature Spell, which no Commander-family format lets lead)
  gets the Oathbreaker shape (60 cards, a planeswalker and its Signature Spell, no companion), as
  does a singleton deck of 58 (56) whose sideboard is one (two) planeswalker cards and as many
  instant or sorcery cards, the way XMage writes an Oathbreaker deck;
- 40 to 59 cards: the Limited shape (CR 100.2b: at least 40 cards, any number of copies);
- anything else: the generic constructed shape (CR 100.2a / 100.4a: at least 60 cards, a
  sideboard of up to 15, at most 4 copies).

No shape has legality data, so a warning (DC020) says that legality and ban lists were not
checked and how to name the format; with ``require_format`` the same deck gets an error (DC021)
instead. A shape's minimum deck size is the family's usual one, not a known one
(``FormatSpec.min_main_known`` is False): the real format may ask for more.
"""

from __future__ import annotations

from deckcheck.deck import Deck, Entry, ParsedDeck, Zone
from deckcheck.findings import Finding, Location, Severity, define
from deckcheck.format_spec import NAMING_A_FORMAT, OATHBREAKER_COMMANDERS, FormatSpec
from deckcheck.value import replace

UNKNOWN_FORMAT = define(
    "DC006",
    "unknown-format",
    Severity.ERROR,
    "The decklist declares a format deckcheck does not know: the file is not checked (exit 2).",
)
FORMAT_INFERRED = define(
    "DC020",
    "format-inferred",
    Severity.WARNING,
    "No format given: the deck was checked in the shape of its family (commander, limited or "
    "constructed); legality and ban lists were not checked.",
)
FORMAT_REQUIRED = define(
    "DC021",
    "format-required",
    Severity.ERROR,
    "No format given, and require_format (--require-format) asks for one: the deck is not verified and "
    "fails the run, the finding reported or ignored.",
)

COMMANDER_SHAPE = FormatSpec(
    name="generic-commander",
    title="Commander (no format given)",
    legality_key=None,
    min_main=100,
    max_main=100,
    sideboard_max=0,
    copy_limit=1,
    commander=True,
    max_commanders=2,
    description="exactly 100 cards including the commander(s), singleton, colour identity",
    min_main_known=False,
    inferred=True,
)
# Brawl is a Commander variant (CR 903.12): the Commander shape but for these. Partners stay
# allowed, as in the Commander rules it builds on: no pair is failed on a guess.
BRAWL_SHAPE = replace(
    COMMANDER_SHAPE,
    name="generic-brawl",
    title="Brawl (no format given)",
    min_main=60,
    max_main=60,
    colourless_basic_exception=True,
    planeswalker_commanders=True,
    description="exactly 60 cards including the commander, singleton, colour identity",
)
# Oathbreaker (oathbreakermtg.org; magic.wizards.com/en/formats/oathbreaker): a planeswalker card
# leads, an instant or sorcery card beside it in the command zone as its Signature Spell, 60 cards in
# all, singleton, colour identity, no companion. A command zone that holds an instant or sorcery card
# is no Commander or Brawl deck's: it is checked so, not failed for a Signature Spell that is no
# commander.
OATHBREAKER_SHAPE = replace(
    COMMANDER_SHAPE,
    name="generic-oathbreaker",
    title="Oathbreaker (no format given)",
    min_main=60,
    max_main=60,
    commander_cards=OATHBREAKER_COMMANDERS,
    companions=False,
    description=(
        "exactly 60 cards including the Oathbreaker and its Signature Spell, singleton, colour identity"
    ),
)
LIMITED_SHAPE = FormatSpec(
    name="generic-limited",
    title="Limited (no format given)",
    legality_key=None,
    min_main=40,
    max_main=None,
    sideboard_max=None,
    copy_limit=None,
    description="at least 40 cards, any number of copies",
    min_main_known=False,
    inferred=True,
)
CONSTRUCTED_SHAPE = FormatSpec(
    name="generic-constructed",
    title="Constructed (no format given)",
    legality_key=None,
    min_main=60,
    max_main=None,
    sideboard_max=15,
    copy_limit=4,
    description="at least 60 cards, a sideboard of up to 15, at most 4 copies of a card",
    min_main_known=False,
    inferred=True,
)
SHAPES = (COMMANDER_SHAPE, BRAWL_SHAPE, OATHBREAKER_SHAPE, LIMITED_SHAPE, CONSTRUCTED_SHAPE)
LIMITED_SIZES = range(40, 60)
COMMAND_ZONE_LAYOUT_SIZES = (98, 99)


def infer_format(parsed: ParsedDeck, deck: Deck) -> tuple[FormatSpec, str]:
    """The shape to check ``parsed`` in (``deck``: its resolved cards) and why, e.g.
    ``"inferred: a 100-card singleton deck"``. Counts are the decklist's as written, so a name that
    did not resolve does not shrink the deck into another family. The shape carries what the known
    formats of its shape say of companions (:func:`with_known_formats`)."""
    shape, because = _infer_shape(parsed, deck)
    return with_known_formats(shape), because


_WITH_FORMATS: dict[str, FormatSpec] = {}  # shape name -> the shape with what its formats say


def with_known_formats(shape: FormatSpec) -> FormatSpec:
    """``shape`` with what the known formats of its shape (the same family and deck size) say of a
    companion: their companion bans (Commander's Lutri for the Commander shape), and
    ``legality_unchecked`` where any of them judges card legality (every shape but Limited's, whose
    format has no ban list). Which of them the deck is played in is not known, so rules.companions
    reads either as leaving a companion whose condition the deck meets undetermined, never as
    forbidding it; nor is it passed over as if no format banned it. (Whether the companion card is
    legal in every one of them is not asked: a deck of the shape may be played in a format of
    another shape, a 100-card singleton in Pauper Commander or Gladiator, or in one deckcheck does
    not know, and the card data may not describe the day the deck is played.)"""
    found = _WITH_FORMATS.get(shape.name)
    if found is None:
        from deckcheck.formats import load_registry

        formats = [
            spec
            for spec in load_registry().values()
            if (spec.commander, spec.min_main, spec.commander_cards)
            == (shape.commander, shape.min_main, shape.commander_cards)
        ]
        bans = frozenset(name for spec in formats for name in spec.companion_bans)
        unchecked = any(spec.legality_candidates for spec in formats)
        found = shape
        if bans or unchecked:
            found = replace(shape, companion_bans=bans, legality_unchecked=unchecked)
        _WITH_FORMATS[shape.name] = found
    return found


def _infer_shape(parsed: ParsedDeck, deck: Deck) -> tuple[FormatSpec, str]:
    size = parsed.count(Zone.MAIN)
    if parsed.count(Zone.COMMANDER):
        if _signature_spells(deck):
            return (
                OATHBREAKER_SHAPE,
                "inferred: its command zone holds a Signature Spell (an instant or sorcery card)",
            )
        return _commander_shape(size + parsed.count(Zone.COMMANDER), "the deck has a commander")
    # (only a list with a commander comment loads the command zone's module: most have none)
    named = _named_commanders(deck) if parsed.metadata.get("commander") else None
    if named is not None:
        in_sideboard = sum(e.quantity for e in named if e.zone is Zone.SIDEBOARD)
        return _commander_shape(size + in_sideboard, "its comments name its commander (CDR: or commander:)")
    if size == COMMANDER_SHAPE.min_main and _singleton(parsed, deck):
        return COMMANDER_SHAPE, "inferred: a 100-card singleton deck"
    # MTGO and XMage write a Commander deck as the 99 (98 with partners) and the commander(s), with
    # a companion, in the sideboard; deckcheck.command_zone then reads that sideboard as the zone
    held = parsed.count(Zone.SIDEBOARD)
    layout = size in COMMAND_ZONE_LAYOUT_SIZES and 1 <= held <= 3 and size + held >= COMMANDER_SHAPE.min_main
    if layout and _singleton(parsed, deck):
        # (a layout, not yet a reading: deckcheck.command_zone says whether the sideboard reads as
        # the command zone, DC106, or not)
        return COMMANDER_SHAPE, (
            f"inferred: a {size}-card singleton deck and {held} in the sideboard, as MTGO writes a Commander "
            "deck with its commander there"
        )
    # XMage writes an Oathbreaker deck as the 58 (56 with partners) and its Oathbreaker(s) and their
    # Signature Spell(s) in the sideboard (deckcheck.command_zone reads that sideboard as the zone)
    if (
        size + held == OATHBREAKER_SHAPE.min_main
        and _oathbreaker_sideboard(parsed, deck)
        and _singleton(parsed, deck)
    ):
        plural = "s" if held > 2 else ""
        return OATHBREAKER_SHAPE, (
            f"inferred: a {size}-card singleton deck, its Oathbreaker{plural} and Signature Spell{plural} "
            "in the sideboard as XMage writes an Oathbreaker deck"
        )
    if size in LIMITED_SIZES:
        return LIMITED_SHAPE, f"inferred: {size} cards, a limited deck"
    return CONSTRUCTED_SHAPE, "inferred: no format given"


def _named_commanders(deck: Deck) -> list[Entry] | None:
    from deckcheck.command_zone import named_commanders

    return named_commanders(deck)


def _signature_spells(deck: Deck) -> bool:
    """Whether the deck's command zone holds an instant or sorcery card the data knows: an
    Oathbreaker deck's Signature Spell (no Commander-family format lets one lead)."""
    from deckcheck.rules.commander import SPELL, oathbreaker_role

    return any(oathbreaker_role(dc) == SPELL for dc in deck.zone(Zone.COMMANDER))


def _oathbreaker_sideboard(parsed: ParsedDeck, deck: Deck) -> bool:
    """Whether the sideboard is one or two Oathbreakers and as many Signature Spells, as XMage
    writes them: one copy of each, every card known, half planeswalker cards, half instant or
    sorcery cards."""
    from deckcheck.rules.commander import LEADER, SPELL, oathbreaker_role

    written = parsed.zone(Zone.SIDEBOARD)
    if len(written) not in (2, 4) or any(entry.quantity != 1 for entry in written):
        return False
    side = deck.zone(Zone.SIDEBOARD)
    roles = [oathbreaker_role(dc) for dc in side]
    return len(side) == len(written) and roles.count(LEADER) == roles.count(SPELL) == len(side) // 2


def _commander_shape(size: int, because: str) -> tuple[FormatSpec, str]:
    """The shape of a deck with a commander, ``size`` cards in all (commanders included)."""
    if size == BRAWL_SHAPE.min_main:
        return BRAWL_SHAPE, f"inferred: {because}, {size} cards in all, Brawl's size"
    return COMMANDER_SHAPE, f"inferred: {because}"


def _singleton(parsed: ParsedDeck, deck: Deck) -> bool:
    from deckcheck.rules.sizes import entry_copy_limit

    resolved = {id(dc.entry): dc for dc in deck.cards}
    copies: dict[str, int] = {}
    for entry in parsed.zone(Zone.MAIN):
        card = resolved.get(id(entry))
        limit = 1 if card is None else entry_copy_limit(card, COMMANDER_SHAPE)
        if limit is None:
            continue  # basic lands, "any number of cards named ..."
        key = card.oracle_name if card is not None else entry.name.casefold()
        copies[key] = copies.get(key, 0) + entry.quantity
        if copies[key] > limit:
            return False
    return True


def format_finding(path: str, spec: FormatSpec, *, required: bool) -> Finding:
    """The deck-level finding of a deck checked in an inferred ``spec``."""
    fix = f"name it with {NAMING_A_FORMAT}"
    where = Location(path, 0, None)
    if required:
        return FORMAT_REQUIRED(
            f"no format given and one is required (require_format): {fix}. Meanwhile checked as "
            f"{spec.title}: {spec.description}, without legality or ban lists",
            location=where,
            data={"inferred": spec.name},
        )
    return FORMAT_INFERRED(
        f"no format given: checked as {spec.title}: {spec.description}; legality and ban lists "
        f"were not checked; {fix}",
        location=where,
        data={"inferred": spec.name},
    )
