"""Commander: the command zone (CR 903.3), commander eligibility and partner pairs (CR 903.3,
702.124) and colour identity (CR 903.4, 903.5c/d, Brawl's colourless-commander basics).
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from deckcheck import unresolved as unres
from deckcheck.as_of import AsOf, judged_day
from deckcheck.cards.mana import sort_colours
from deckcheck.cards.model import BASIC_LAND_MANA, Card
from deckcheck.cards.names import lookup_key
from deckcheck.cards.typeline import TypeLine
from deckcheck.deck import CardFactsLike, Deck, DeckCard, Entry, Placed, Zone
from deckcheck.findings import Finding, Severity, define
from deckcheck.format_spec import (
    LEGENDARY_COMMANDERS,
    OATHBREAKER_COMMANDERS,
    UNCOMMON_CREATURE_COMMANDERS,
    FormatSpec,
)
from deckcheck.rules.common import (
    MAIN_CODE,
    by_name,
    card_at,
    cards_in,
    deck_at,
    first_placed,
    identity_of,
    identity_text,
    is_basic_land_of,
    label,
    lines_text,
    placed_at,
    rules_text,
)
from deckcheck.rules.legality import legality_key_for, legality_of, legality_status
from deckcheck.rules.sizes import entry_copy_limit

if TYPE_CHECKING:
    from deckcheck.rules.chunk import Chunk  # annotations only: a one-deck check never builds one

AMBIGUOUS_ZONES = define(
    "DC105",
    "ambiguous-zones",
    Severity.ERROR,
    "The deck's zones don't fit the format (no commander marked, or a commander in a format without "
    "one); deckcheck does not guess what was meant, so the deck is not verified.",
)
NOT_A_COMMANDER = define(
    "DC301", "not-a-commander", Severity.ERROR, "A card in the command zone that can't be a commander."
)
PAIR_NOT_ALLOWED = define(
    "DC302",
    "commander-pair-not-allowed",
    Severity.ERROR,
    "Two commanders whose partner abilities don't pair them.",
)
TOO_MANY_COMMANDERS = define(
    "DC303", "too-many-commanders", Severity.ERROR, "More commanders than the format allows."
)
COLOUR_IDENTITY = define(
    "DC304",
    "colour-identity",
    Severity.ERROR,
    "A card whose colour identity is outside the commander's (CR 903.5c).",
)
BASIC_TYPE_MANA = define(
    "DC305",
    "basic-land-type-mana",
    Severity.ERROR,
    "A card with a basic land type whose mana is outside the commander's identity (CR 903.5d).",
)
COLOURLESS_BASICS = define(
    "DC308",
    "colourless-commander-basics",
    Severity.ERROR,
    "Brawl's colourless-commander exception allows basic lands of one basic land type only.",
)
CHOSEN_COLOUR = define(
    "DC309",
    "chosen-colour",
    Severity.INFO,
    "A commander that is a colour chosen before the game (CR 903.4b): the colour deckcheck assumed.",
)
SIGNATURE_SPELLS = define(
    "DC310",
    "signature-spells",
    Severity.ERROR,
    "An Oathbreaker deck whose Signature Spells don't match its Oathbreakers: each Oathbreaker has "
    "exactly one, an instant or sorcery card within that Oathbreaker's colour identity.",
)
CODES = (
    AMBIGUOUS_ZONES,
    NOT_A_COMMANDER,
    PAIR_NOT_ALLOWED,
    TOO_MANY_COMMANDERS,
    COLOUR_IDENTITY,
    BASIC_TYPE_MANA,
    COLOURLESS_BASICS,
    CHOSEN_COLOUR,
    SIGNATURE_SPELLS,
)


def pair_findings(path: str, a: Card, b: Card, second: Placed, leaders: str) -> list[Finding]:
    """DC302 when the two cards' partner abilities don't let them lead together (``leaders``:
    "commanders", "Oathbreakers"), at the second card's entry (``second``). The engine and the lean
    batch checker both ask this."""
    problem_rule = pair_problem(a, b)
    if problem_rule is None:
        return []
    reason, rule = problem_rule
    return [
        PAIR_NOT_ALLOWED(
            f"{a.name} and {b.name} can't be {leaders} together: {reason}",
            location=placed_at(path, second),
            card=b.name,
            rule=rule,
            data={"commanders": [a.name, b.name]},
        )
    ]


# -- the command zone (CR 903.3) ------------------------------------------------------------------
def check_zones(deck: Deck, spec: FormatSpec) -> list[Finding]:
    commanders = deck.zone(Zone.COMMANDER)
    unknown_commanders = deck.unresolved_in(Zone.COMMANDER)
    # (Oathbreaker: a command zone of Signature Spells alone marks no Oathbreaker)
    leaders = leaders_of(deck, spec)
    if spec.commander and not leaders and not unknown_commanders:
        main = deck.zone(Zone.MAIN)
        size = deck.count(Zone.MAIN)
        singleton = all(
            sum(c.quantity for c in group) == 1
            for group in by_name(main).values()
            if entry_copy_limit(group[0], spec) is not None
        )
        shape = f"a {size}-card singleton deck" if singleton else f"a {size}-card deck"
        candidates = _could_lead(deck, spec)
        oathbreaker = spec.commander_cards == OATHBREAKER_COMMANDERS
        hint = ""
        if candidates:
            shown = ", ".join(dict.fromkeys(candidates[:6]))
            more = f" and {len(candidates) - 6} more" if len(candidates) > 6 else ""
            leader = "the Oathbreaker" if oathbreaker else "the commander"
            hint = f"; cards that could be {leader}: {shown}{more}"
        if oathbreaker:
            spells = f", beside {' and '.join(label(c) for c in commanders)}," if commanders else ""
            return [
                AMBIGUOUS_ZONES(
                    f"{shape} with no Oathbreaker marked: {spec.title} needs its Oathbreaker (a planeswalker "
                    f"card) in the command zone{spells} and deckcheck does not guess which card it is, so "
                    f"colour identity and the Oathbreaker rules were not checked. Mark it with an "
                    f"'Oathbreaker' section{hint}",
                    location=deck_at(deck),
                    rule=OATHBREAKER_RULE,
                    data={"candidates": list(dict.fromkeys(candidates))},
                )
            ]
        commented = _unmatched_comment(deck, candidates)
        return [
            AMBIGUOUS_ZONES(
                f"{shape} {commented or 'with no commander marked'}: {spec.title} needs its commander in "
                "the command zone (CR 903.3) and deckcheck does not guess which card it is, so colour "
                "identity and commander rules were not checked. "
                f"{'Correct the comment, or mark' if commented else 'Mark'} it with a 'Commander' section "
                f"or a *CMDR* marker{hint}",
                location=deck_at(deck),
                rule="CR 903.3",
                data={"candidates": list(dict.fromkeys(candidates))},
            )
        ]
    if not spec.commander and (commanders or unknown_commanders):
        marked = [c.oracle_name for c in commanders] + [e.name for e in unknown_commanders]
        names = ", ".join(dict.fromkeys(marked))
        first = first_placed([*commanders, *unknown_commanders])
        return [
            AMBIGUOUS_ZONES(
                f"{names} {'is' if len(marked) == 1 else 'are'} marked as commander, but {spec.title} "
                f"has no commander: counted as main-deck cards. Check it with a Commander format, or list "
                f"{'it' if len(marked) == 1 else 'them'} in the deck",
                location=placed_at(deck.path, first),
                card=marked[0],
                rule="CR 903.3",
            )
        ]
    return []


def _unmatched_comment(deck: Deck, candidates: Sequence[str]) -> str:
    """For a deck with no commander placed although its comments name one (Cockatrice's ``CDR:``,
    command_zone.named_commanders): what they name, which no card of the list is (listed once),
    and the likeliest card meant. Empty when no comment names a commander."""
    names = deck.parsed.commented_commanders() if deck.parsed is not None else []
    if not names:
        return ""
    import difflib

    keys = {lookup_key(c): c for c in candidates}
    guesses = [
        keys[found[0]]
        for name in names
        if (found := difflib.get_close_matches(lookup_key(name), list(keys), n=1, cutoff=0.75))
    ]
    likely = f" (did you mean {' and '.join(dict.fromkeys(guesses))}?)" if guesses else ""
    return (
        f"whose comment names {'; '.join(names)!r} as the commander, but no card listed once in the "
        f"deck or sideboard has that name{likely}"
    )


def _could_lead(deck: Deck, spec: FormatSpec) -> list[str]:
    """The deck's cards that could be its commander, for the hint of a deck with none marked: the
    ones the format's rule lets lead; where commanders are uncommon creatures, not those the card
    data shows were never printed at uncommon or common (not legal, banned), and those it shows were
    printed at uncommon (legal only as the commander) first. Not a card listed under Companion: it
    is declared as the companion, outside the deck. Not a Vehicle or Spacecraft on a day before
    they could lead, or one not known (:func:`vehicles_lead_on`)."""
    cards = [c for c in cards_in(deck, (Zone.MAIN, Zone.SIDEBOARD)) if eligibility_of(c, spec) is None]
    if spec.commander_cards == LEGENDARY_COMMANDERS and any(leads_by_vehicle_of(c) for c in cards):
        metadata = deck.parsed.metadata if deck.parsed is not None else {}
        if not vehicles_lead_on(metadata, spec.as_of):
            cards = [c for c in cards if not leads_by_vehicle_of(c)]
    key = legality_key_for(deck, spec) if spec.commander_cards == UNCOMMON_CREATURE_COMMANDERS else None
    if key is None:
        return [c.oracle_name for c in cards]
    status = {c.oracle_name: legality_status(c.oracle_name, legality_of(c, key, spec), spec) for c in cards}
    return [
        name
        for wanted in ("restricted", _COMMON_PRINTING)
        for name in (c.oracle_name for c in cards)
        if status[name] == wanted
    ]


# -- commanders: eligibility and pairs (CR 903.3, 702.124) ----------------------------------------
_CAN_BE_COMMANDER_RE = re.compile(r"\bcan be your commander\b", re.IGNORECASE)
_CHOSEN_COLOUR_RE = re.compile(r"\bchoose a colou?r before the game begins\b", re.IGNORECASE)
_TIME_LORD_DOCTOR = frozenset({"Time Lord", "Doctor"})


@dataclass(frozen=True, slots=True)
class PartnerAbilities:
    """The partner abilities of a card (CR 702.124a), parsed from its oracle text: Scryfall's
    ``keywords`` does not tell the variants apart."""

    partner: bool = False
    partner_with: tuple[str, ...] = ()
    partner_texts: tuple[str, ...] = ()  # "Friends forever", "Character select", ... (702.124i)
    choose_background: bool = False
    doctors_companion: bool = False

    @property
    def any(self) -> bool:
        return bool(
            self.partner
            or self.partner_with
            or self.partner_texts
            or self.choose_background
            or self.doctors_companion
        )

    def describe(self) -> str:
        parts = []
        if self.partner:
            parts.append("Partner")
        parts += [f"Partner with {n}" for n in self.partner_with]
        parts += [f"Partner—{t}" for t in self.partner_texts]
        if self.choose_background:
            parts.append("Choose a Background")
        if self.doctors_companion:
            parts.append("Doctor's companion")
        return " and ".join(parts) if parts else "no partner ability"


_PARTNER_WITH_RE = re.compile(r"^partner with\s+(.+?)\.?$", re.IGNORECASE)
_PARTNER_TEXT_RE = re.compile(r"^partner\s*(?:—|–|--|-)\s*(.+?)\.?$", re.IGNORECASE)


def partner_abilities(card: Card) -> PartnerAbilities:
    partner = choose_background = doctors_companion = False
    partner_with: list[str] = []
    texts: list[str] = []
    for raw_line in rules_text(card).splitlines():
        line = raw_line.strip()
        if not line:
            continue
        with_match = _PARTNER_WITH_RE.match(line)
        if with_match:  # a name may hold commas, so this line is not a keyword list
            partner_with.append(with_match.group(1).strip())
            continue
        text_match = _PARTNER_TEXT_RE.match(line)
        if text_match:
            texts.append(text_match.group(1).strip().capitalize())
            continue
        for item in (i.strip().rstrip(".").casefold() for i in line.split(",")):
            if item == "partner":
                partner = True
            elif item == "friends forever":  # CR25's form of "Partner—Friends forever"
                texts.append("Friends forever")
            elif item == "choose a background":
                choose_background = True
            elif item in ("doctor's companion", "doctor’s companion"):
                doctors_companion = True
    return PartnerAbilities(
        partner, tuple(partner_with), tuple(dict.fromkeys(texts)), choose_background, doctors_companion
    )


def is_background(card: Card) -> bool:
    """A legendary Background enchantment card (702.124k)."""
    types = card.deck_types
    return types.is_legendary and "Enchantment" in types.types and "Background" in types.subtypes


def is_time_lord_doctor(card: Card) -> bool:
    """A legendary Time Lord Doctor creature card with no other creature types (702.124m)."""
    types = card.deck_types
    return (
        types.is_legendary
        and types.is_creature
        and frozenset(types.subtypes) == _TIME_LORD_DOCTOR
        and not card.is_changeling
    )


def _has_pt(card: Card) -> bool:
    front = card.deck_faces[0]
    return front.power is not None and front.toughness is not None


def commander_eligibility(card: Card, spec: FormatSpec) -> str | None:
    """None when the card can be a commander on its own; else why not, by the format's rule for
    which cards lead (``spec.commander_cards``): :func:`legendary_commander_problem` (Commander) or
    :func:`creature_commander_problem` (Pauper Commander)."""
    if spec.commander_cards == UNCOMMON_CREATURE_COMMANDERS:
        return creature_commander_problem(card)
    if spec.commander_cards == OATHBREAKER_COMMANDERS:
        # (the type line as the card's stored facts keep it: card_facts, companions.card_features)
        type_text = " // ".join(f.type_line.text for f in card.deck_faces if f.type_line.text)
        return oathbreaker_problem(card.name, frozenset(card.deck_types.types), type_text)
    return legendary_commander_problem(card, planeswalkers=spec.planeswalker_commanders)


def legendary_commander_problem(card: Card, *, planeswalkers: bool, vehicles: bool = True) -> str | None:
    """Commander's rule, CR 903.3 (2026 wording): a legendary creature card, a legendary Vehicle
    card, or a legendary Spacecraft card with power and toughness; or a card that says it "can be
    your commander" (903.3a). Brawl (``planeswalkers``) also allows any legendary planeswalker. A
    Background is a commander only beside "Choose a Background". Without ``vehicles``, the wording
    before Edge of Eternities (:data:`VEHICLES_LEAD_FROM`): a legendary creature card; the card
    data's leadership, which says what the rule of the data's own day allows, then vouches for no
    Vehicle or Spacecraft."""
    types = card.deck_types
    if _CAN_BE_COMMANDER_RE.search(rules_text(card)):
        return None
    if card.can_lead("commander") is True and (vehicles or not _vehicle_or_spacecraft(types)):
        return None
    if not types.is_legendary:
        shown = _front_face_note(card, types) or f" ({types.text or _NO_TYPES})"
        return f"{card.name} is not legendary{shown}"
    if types.is_creature:  # incl. Grist: a creature card off the battlefield (Card.deck_types)
        return None
    if vehicles and "Vehicle" in types.subtypes:
        return None
    if vehicles and "Spacecraft" in types.subtypes:
        if _has_pt(card):
            return None
        return f"{card.name} is a Spacecraft without power and toughness (CR 903.3c)"
    if planeswalkers and "Planeswalker" in types.types:
        return None
    if is_background(card):
        return _background_problem(card)
    what = "legendary creature or planeswalker" if planeswalkers else "legendary creature"
    also = ", Vehicle or Spacecraft" if vehicles else ""
    return (
        f"{_named_with_types(card, types)} is not a {what}{also} and doesn't say it can "
        f"be your commander{_front_face_note(card, types)}"
    )


def _vehicle_or_spacecraft(types: TypeLine) -> bool:
    return not types.is_creature and ("Vehicle" in types.subtypes or "Spacecraft" in types.subtypes)


# -- CR 903.3 as of a day ------------------------------------------------------------------------------
# Until Edge of Eternities CR 903.3 read "Each deck has a legendary creature card designated as its
# commander" (so did the rules of 2025-06-06, in force until the next, of 2025-07-25); since, a
# legendary creature, Vehicle or Spacecraft card with a power/toughness box. The change came with the
# set: its rules took effect at its prerelease, 2025-07-25, the set was released 2025-08-01. Which
# wording held on the days between is not pinned down, so there a commander only the new wording
# allows is not verified, and so is one the old allowed in a Brawl-family format whose rule of then
# deckcheck's rules reference does not give.
CREATURES_ONLY_UNTIL: Final = dt.date(2025, 7, 24)
VEHICLES_LEAD_FROM: Final = dt.date(2025, 8, 1)
_OLD_903_3 = '"Each deck has a legendary creature card designated as its commander"'


def leads_by_vehicle(card: Card) -> bool:
    """Whether the card can be a commander by CR 903.3 only through its Vehicle and Spacecraft
    clauses, which date from Edge of Eternities: whether it leads depends on the day the deck is
    judged for (:func:`dated_vehicle_finding`). (The same in Brawl: no planeswalker is a Vehicle.)"""
    return (
        legendary_commander_problem(card, planeswalkers=False) is None
        and legendary_commander_problem(card, planeswalkers=False, vehicles=False) is not None
    )


def leads_by_vehicle_of(deck_card: DeckCard) -> bool:
    """:func:`leads_by_vehicle` of the entry's card (from its stored facts when it has them)."""
    facts = deck_card.facts
    return leads_by_vehicle(deck_card.card) if facts is None else facts.leads_by_vehicle


def vehicles_lead_on(metadata: Mapping[str, str], as_of: AsOf | None) -> bool:
    """Whether a Vehicle or Spacecraft leads by CR 903.3 as worded on the day a deck with this
    metadata is judged for under ``as_of`` (as_of.judged_day): False when that day is before the
    change or not known for certain (:func:`dated_vehicle_finding` says which). The lean batch
    checker hands a deck whose commander :func:`leads_by_vehicle` to the engine when this is False."""
    day, _ = judged_day(metadata, as_of)
    return day is not None and day >= VEHICLES_LEAD_FROM


def dated_vehicle_finding(deck: Deck, deck_card: DeckCard, spec: FormatSpec) -> Finding | None:
    """For a commander that :func:`leads_by_vehicle`: None when CR 903.3 as worded on the day the
    deck is judged for lets it lead; DC301 when that day is before the change in Commander (its
    reason naming the rule as it stood); else not verified (a day when which wording held is not
    known, a day not known, or a Brawl-family format's rule of before the change)."""
    metadata = deck.parsed.metadata if deck.parsed is not None else {}
    day, where = judged_day(metadata, spec.as_of)
    if day is not None and day >= VEHICLES_LEAD_FROM:
        return None
    card = deck_card.card
    if day is not None and day <= CREATURES_ONLY_UNTIL and not spec.planeswalker_commanders:
        old = legendary_commander_problem(card, planeswalkers=False, vehicles=False)
        return NOT_A_COMMANDER(
            f"{old}: as of {day} ({where}) CR 903.3 read {_OLD_903_3}; Vehicles and Spacecraft lead "
            f"since Edge of Eternities ({VEHICLES_LEAD_FROM})",
            location=card_at(deck, deck_card),
            card=card.name,
            rule=eligibility_rule(spec),
            data={"line": deck_card.line, "as_of": day.isoformat(), "source": where},
        )
    if day is None:
        why = (
            f"the day the deck is judged for is not known: {where}. Write the deck's date as YYYY-MM-DD, "
            "or give one with --as-of YYYY-MM-DD"
        )
    elif day <= CREATURES_ONLY_UNTIL:
        why = f"as of {day} ({where}), before the change, which cards could lead in {spec.title} is not known"
    else:
        why = (
            f"as of {day} ({where}) which wording held is not known: the rules that changed it took effect "
            f"on {CREATURES_ONLY_UNTIL + dt.timedelta(days=1)}, the set was released on {VEHICLES_LEAD_FROM}"
        )
    kind = "Vehicle" if "Vehicle" in card.deck_types.subtypes else "Spacecraft"
    rule = eligibility_rule(spec)
    # the deck's verdict in a few words (reporters.unverified_reason): which rule, and why
    undecided = f"whether {card.name} may be the commander ({rule}) " + (
        "depends on the deck's day, not known" if day is None else f"as of {day} is not known"
    )
    return unres.NOT_VERIFIED(
        f"commander eligibility ({rule}) not verified: {card.name} is a legendary {kind}, a commander by "
        f"{rule} since Edge of Eternities, not before (when it read {_OLD_903_3}); {why}",
        location=card_at(deck, deck_card),
        card=card.name,
        rule=rule,
        data={"as_of": None if day is None else day.isoformat(), "source": where, "undecided": undecided},
    )


def creature_commander_problem(card: Card) -> str | None:
    """Pauper Commander's rule, PDH 906.3 (rules v5.3): a nonland creature card, legendary or not
    (for a double-faced card the front face: Akoum Warrior, creature // land, leads; Dryad Arbor,
    a land creature, does not), or a card that says it "can be your commander" (906.3a). Its rarity
    (uncommon) is the card data's legality in the format: :func:`rarity_finding`. The card data's
    leadership skills are not read: they answer Commander's rule."""
    types = card.deck_types
    if _CAN_BE_COMMANDER_RE.search(rules_text(card)):
        return None
    if types.is_creature and "Land" not in types.types:  # (Grist too, a creature card by its text)
        return None
    if is_background(card):
        return _background_problem(card)
    return (
        f"{_named_with_types(card, types)} is not a nonland creature card{_front_face_note(card, types)}: "
        f"Pauper Commander's commander is an uncommon creature ({PDH_COMMANDER_RULE})"
    )


# The rule by which a card of several faces has only its front (normal) face's characteristics
# before the game; any other such layout is a double-faced card (transform, modal, meld: 712.8a).
_FRONT_FACE_RULE = {"flip": "CR 710.2", "adventure": "CR 715.4"}
_NO_TYPES = "no type line"


def _front_face_note(card: Card, types: TypeLine) -> str:
    """For a card whose other faces are not in the deck (not a split card): the face whose types an
    eligibility reason read, since the name written may be a back face that is, say, a legendary
    creature. Empty for any other card: its types are shown beside its name."""
    if len(card.faces) < 2 or card.is_split:
        return ""
    rule = _FRONT_FACE_RULE.get(card.layout, "CR 712.8a")
    return (
        f": its front face, {card.faces[0].name}, is {types.text or 'without a type line'}, and a card "
        f"has only its front face's characteristics before the game ({rule})"
    )


def _named_with_types(card: Card, types: TypeLine) -> str:
    """The card's name and types, "Karakas (Legendary Land)"; a card of several faces by its name
    alone (its front face's types follow the reason: :func:`_front_face_note`)."""
    return card.name if _front_face_note(card, types) else f"{card.name} ({types.text or _NO_TYPES})"


def _background_problem(card: Card) -> str:
    return (
        f"{card.name} is a Background: it can be a commander only beside a commander with "
        "Choose a Background (CR 702.124k)"
    )


PDH_COMMANDER_RULE = "PDH 906.3"
OATHBREAKER_RULE = "Oathbreaker deck construction"


def eligibility_rule(spec: FormatSpec) -> str:
    """The rule that says which cards may be the format's commander."""
    if spec.commander_cards == UNCOMMON_CREATURE_COMMANDERS:
        return PDH_COMMANDER_RULE
    return OATHBREAKER_RULE if spec.commander_cards == OATHBREAKER_COMMANDERS else "CR 903.3"


# -- Oathbreaker: a planeswalker leads, its Signature Spell beside it ------------------------------
# The format's rules (magic.wizards.com/en/formats/oathbreaker; oathbreakermtg.org): the deck's
# Oathbreaker is a planeswalker card and its Signature Spell an instant or sorcery card, both in the
# command zone; every card of the deck, the Signature Spell too, is within the Oathbreaker's colour
# identity. A card whose front face is a planeswalker leads (the rules committee on Rowan, Scholar
# of Sparks, May 2021); a creature that transforms into one does not. Two Oathbreakers with partner
# lead together (their identities united, CR 702.124c), each with a Signature Spell of its own
# (oathbreakermtg.org's FAQ: "each Oathbreaker is paired with a Signature Spell").
LEADER, SPELL = "oathbreaker", "signature spell"
_SPELL_TYPES = frozenset({"Instant", "Sorcery"})


def oathbreaker_problem(name: str, card_types: frozenset[str], type_text: str) -> str | None:
    """None when the card (its deck-zone ``card_types``) can be an Oathbreaker: a planeswalker
    card; else why not."""
    if "Planeswalker" in card_types:
        return None
    what = (
        "an instant or sorcery card, so it can be a Signature Spell but not"
        if card_types & _SPELL_TYPES
        else "not"
    )
    return f"{name} ({type_text or 'no type line'}) is {what} a planeswalker card, which an Oathbreaker is"


def oathbreaker_role(deck_card: DeckCard) -> str | None:
    """What a command-zone card is in Oathbreaker: :data:`LEADER` (a planeswalker card),
    :data:`SPELL` (an instant or sorcery card) or None (neither: it can be no part of the command
    zone). The card's deck-zone types (its front face), from its stored facts when it has them."""
    facts = deck_card.facts
    types = frozenset(deck_card.card.deck_types.types) if facts is None else facts.card_types
    if "Planeswalker" in types:
        return LEADER
    return SPELL if types & _SPELL_TYPES else None


def is_signature_spell(deck_card: DeckCard, spec: FormatSpec) -> bool:
    """A command-zone card that is a Signature Spell, not a leader (Oathbreaker's instants and
    sorceries): its colour identity is not part of the deck's."""
    return spec.commander_cards == OATHBREAKER_COMMANDERS and oathbreaker_role(deck_card) == SPELL


def leaders_of(deck: Deck, spec: FormatSpec) -> list[DeckCard]:
    """The command zone's cards that lead the deck (whose colour identity is the deck's): all of
    them but Oathbreaker's Signature Spells."""
    return [c for c in deck.zone(Zone.COMMANDER) if not is_signature_spell(c, spec)]


def _spell_pairing(leaders: Sequence[DeckCard], spells: Sequence[DeckCard]) -> bool:
    """Whether each Signature Spell can be a different Oathbreaker's, within its colour identity."""
    return any(
        all(identity_of(spell) <= identity_of(leader) for spell, leader in zip(spells, order, strict=False))
        for order in itertools.permutations(leaders, len(spells))
    )


def check_oathbreakers(deck: Deck, spec: FormatSpec) -> list[Finding]:
    """Oathbreaker's command zone: its Oathbreakers (planeswalker cards, two only with partner), one
    Signature Spell (an instant or sorcery card) for each, and no other card. Each copy is one card
    of the zone. A card the data does not know may be either, so what it could complete is not
    judged (its eligibility is not verified)."""
    zone = deck.zone(Zone.COMMANDER)
    unknown = deck.unresolved_in(Zone.COMMANDER)
    findings: list[Finding] = []
    leaders = [c for c in zone if oathbreaker_role(c) == LEADER]
    spells = [c for c in zone if oathbreaker_role(c) == SPELL]
    for group in by_name(c for c in zone if oathbreaker_role(c) is None).values():
        problem = eligibility_of(group[0], spec) or ""
        findings.append(
            not_a_commander_finding(
                deck.path,
                group[0].oracle_name,
                group[0],
                f"{problem}, nor an instant or sorcery card, which a Signature Spell is",
                spec,
            )
        )
    n_leaders = sum(c.quantity for c in leaders)
    n_spells = sum(c.quantity for c in spells)
    n_unknown = sum(e.quantity for e in unknown)
    if n_leaders > spec.max_commanders:
        allowed = (
            "one Oathbreaker" if spec.max_commanders == 1 else f"at most {spec.max_commanders} Oathbreakers"
        )
        findings.append(
            TOO_MANY_COMMANDERS(
                f"{n_leaders} Oathbreakers ({_names((label(c) for c in leaders), len(leaders))}); "
                f"{spec.title} allows {allowed} (two only with partner)",
                location=placed_at(deck.path, first_placed(leaders)),
                rule="CR 702.124g" if spec.max_commanders == 2 else OATHBREAKER_RULE,
                data={"count": n_leaders, "max": spec.max_commanders},
            )
        )
    distinct = list(by_name(leaders).values())
    if len(distinct) == 2 and n_leaders == 2:
        a, b = distinct[0][0], distinct[1][0]
        findings += pair_findings(deck.path, a.card, b.card, b, "Oathbreakers")
    # one Signature Spell for each Oathbreaker, unless the unknown cards could make it so
    fits = any(n_leaders + k == n_spells + n_unknown - k for k in range(n_unknown + 1))
    if n_leaders and not fits:
        shown_spells = _names((label(c) for c in spells), len(spells))
        shown_leaders = _names((label(c) for c in leaders), len(leaders))
        if not n_spells:
            verb = "has" if n_leaders == 1 else "have"
            what = f"{shown_leaders} {verb} no Signature Spell in the command zone"
        else:
            what = (
                f"{n_spells} Signature Spell{'s' if n_spells > 1 else ''} ({shown_spells}) for {n_leaders} "
                f"Oathbreaker{'s' if n_leaders > 1 else ''} ({shown_leaders})"
            )
        first = first_placed([*spells, *leaders])
        findings.append(
            SIGNATURE_SPELLS(
                f"{what}: each Oathbreaker has exactly one Signature Spell, an instant or sorcery card",
                location=placed_at(deck.path, first),
                card=label(spells[0]) if spells else None,
                rule=OATHBREAKER_RULE,
                data={"oathbreakers": n_leaders, "signature_spells": n_spells},
            )
        )
    elif n_leaders == n_spells == 2 and not unknown and len(distinct) == 2:
        # each within the united identity (check_identity), but each must be its own Oathbreaker's
        combined = combined_identity(identity_of(c) for c in leaders)
        if all(identity_of(c) <= combined for c in spells) and not _spell_pairing(leaders, spells):
            findings.append(
                SIGNATURE_SPELLS(
                    f"{' and '.join(label(c) for c in spells)} can't each be a different Oathbreaker's "
                    f"Signature Spell within that Oathbreaker's colour identity ("
                    + "; ".join(f"{label(c)} {identity_text(identity_of(c))}" for c in leaders)
                    + ")",
                    location=card_at(deck, spells[0]),
                    card=label(spells[0]),
                    rule=OATHBREAKER_RULE,
                    data={"signature_spells": [label(c) for c in spells]},
                )
            )
    return findings + unknown_commander_findings(deck.path, [c.oracle_name for c in zone], unknown, spec)


# The card data's legality of a card in a format with uncommon-creature commanders (restricted_means
# "commander-only", formats.py): "restricted" is an uncommon printing and no common one (legal only as
# the commander); "legal" a common printing, with or without an uncommon one; "not_legal" neither
# (the legality rule's DC202); "banned" the ban list's (DC201).
_COMMON_PRINTING = "legal"


def rarity_finding(
    path: str, name: str, entry: Placed, spec: FormatSpec, key: str | None, listed: str | None
) -> Finding | None:
    """Pauper Commander's commander was printed at uncommon (PDH 906.1, 906.3; a card has every
    rarity it was printed at, on paper or MTGO), and the card data tells it only by the card's
    legality in the format: ``listed``, under the deck's legality ``key`` (None: no card of the deck
    lists any of the format's keys). A card legal only as the commander ("restricted") was printed
    at uncommon and never at common: it is one. A card listed as legal was printed at common, and
    the data does not say whether also at uncommon: the rule is not verified (DC015), neither
    passed nor failed. Nothing for a card the legality rule reports (banned, not legal), or in a
    format whose commanders are legendary. The engine and the lean batch checker both ask this."""
    if spec.commander_cards != UNCOMMON_CREATURE_COMMANDERS:
        return None
    status = None if listed is None else legality_status(name, listed, spec)
    if status == _COMMON_PRINTING:
        why = (
            f"the card data records a common printing of {name} (legal in {spec.title}) but not whether it "
            f"was also printed at uncommon, which {spec.title}'s commander must be"
        )
    elif status is None:
        why = (
            f"the card data has no {spec.title} legality for {name}, which is where it records whether a "
            f"card was printed at uncommon, as {spec.title}'s commander must be"
        )
    else:
        return None
    return unres.NOT_VERIFIED(
        f"commander rarity ({PDH_COMMANDER_RULE}) not verified: {why} ({lines_text([entry])})",
        location=placed_at(path, entry),
        card=name,
        rule=PDH_COMMANDER_RULE,
        data={"legality_key": key, "status": status, "line": entry.line},
    )


def _pair_ok(a: Card, pa: PartnerAbilities, b: Card, pb: PartnerAbilities) -> bool:
    if pa.partner and pb.partner:
        return True
    if any(lookup_key(n) == lookup_key(b.name) for n in pa.partner_with) and any(
        lookup_key(n) == lookup_key(a.name) for n in pb.partner_with
    ):
        return True
    if set(pa.partner_texts) & set(pb.partner_texts):
        return True
    if (pa.choose_background and is_background(b)) or (pb.choose_background and is_background(a)):
        return True
    return bool(
        (pa.doctors_companion and is_time_lord_doctor(b)) or (pb.doctors_companion and is_time_lord_doctor(a))
    )


def pair_problem(a: Card, b: Card) -> tuple[str, str] | None:
    """None when ``a`` and ``b`` may be commanders together; else (reason, rule)."""
    pa, pb = partner_abilities(a), partner_abilities(b)
    if _pair_ok(a, pa, b, pb):
        return None
    reasons: list[str] = []
    rule = "CR 702.124"
    for x, px, y in ((a, pa, b), (b, pb, a)):
        for named in px.partner_with:
            if lookup_key(named) != lookup_key(y.name):
                reasons.append(f"{x.name} has Partner with {named}, so it pairs only with {named}")
                rule = "CR 702.124j"
            elif not any(lookup_key(n) == lookup_key(x.name) for n in partner_abilities(y).partner_with):
                reasons.append(f"{x.name} names {y.name}, but {y.name} has no Partner with {x.name}")
                rule = "CR 702.124j"
    if pa.partner_texts and pb.partner_texts:
        reasons.append(
            f"{a.name} has {pa.describe()} and {b.name} has {pb.describe()}: only the same Partner—[text] "
            "ability pairs"
        )
        rule = "CR 702.124i"
    for x, px, y in ((a, pa, b), (b, pb, a)):
        if is_background(y) and not px.choose_background:
            reasons.append(f"{y.name} is a Background, which joins only a commander with Choose a Background")
            rule = "CR 702.124k"
        if px.choose_background and not is_background(y):
            reasons.append(f"{x.name} has Choose a Background, but {y.name} is not a legendary Background")
            rule = "CR 702.124k"
        if px.doctors_companion and not is_time_lord_doctor(y):
            reasons.append(
                f"{x.name} has Doctor's companion, which pairs only with a legendary Time Lord Doctor "
                f"creature with no other creature types ({y.name} is {y.deck_types.text})"
            )
            rule = "CR 702.124m"
    if not reasons:
        if pa.any and pb.any:
            reasons.append(
                f"{a.name} has {pa.describe()} and {b.name} has {pb.describe()}: "
                "partner abilities can't be mixed"
            )
            rule = "CR 702.124f"
        else:
            for x, px in ((a, pa), (b, pb)):
                if not px.any and not is_background(x) and not is_time_lord_doctor(x):
                    reasons.append(f"{x.name} has no partner ability")
            if not reasons:
                reasons.append(f"{a.name} has {pa.describe()} and {b.name} has {pb.describe()}")
            rule = "CR 702.124a"
    return "; ".join(dict.fromkeys(reasons)), rule


def not_a_commander_finding(path: str, name: str, entry: Placed, problem: str, spec: FormatSpec) -> Finding:
    """The finding for a commander that can't be one (``problem``: :func:`commander_eligibility`'s
    reason), at its entry of the deck at ``path``."""
    return NOT_A_COMMANDER(
        problem,
        location=placed_at(path, entry),
        card=name,
        rule=eligibility_rule(spec),
        data={"line": entry.line},
    )


def check_commanders(deck: Deck, spec: FormatSpec) -> list[Finding]:
    if spec.commander_cards == OATHBREAKER_COMMANDERS:
        return check_oathbreakers(deck, spec)
    entries = deck.zone(Zone.COMMANDER)
    unknown = deck.unresolved_in(Zone.COMMANDER)
    if not entries and not unknown:
        return []
    findings: list[Finding] = []
    count = deck.count(Zone.COMMANDER)
    if count > spec.max_commanders:
        marked = itertools.chain((label(c) for c in entries), (e.name for e in unknown))
        names = _names(marked, len(entries) + len(unknown))
        allowed = "one commander" if spec.max_commanders == 1 else f"at most {spec.max_commanders} commanders"
        if not spec.commander_pairs_known:
            allowed += " (two only if it allows partner pairs at all, which is not known)"
        rule = "CR 702.124g" if spec.max_commanders == 2 else f"{spec.title} deck construction"
        uncertain = unres.uncertain_copies(unknown)  # (lines that may be no card: a count left open)
        fewest = count - unres.copies(uncertain)
        if fewest <= spec.max_commanders:
            findings.append(
                unres.not_verified(
                    deck.path,
                    f"number of commanders ({rule})",
                    uncertain,
                    f"{unres.count_range(fewest, count)} commanders ({names}); {spec.title} allows "
                    f"{allowed}: {unres.uncertain_text(uncertain)}",
                )
            )
        else:
            findings.append(
                TOO_MANY_COMMANDERS(
                    f"{count} commanders ({names}); {spec.title} allows {allowed}",
                    location=placed_at(deck.path, first_placed([*entries, *unknown])),
                    rule=rule,
                    data={"count": count, "max": spec.max_commanders},
                )
            )
    distinct = list(by_name(entries).values())
    pair = len(distinct) == 2 and count == 2 and spec.max_commanders >= 2
    # (uncommon-creature commanders: the card data tells the rarity by the legality under this key)
    key = legality_key_for(deck, spec) if spec.commander_cards == UNCOMMON_CREATURE_COMMANDERS else None
    for group in distinct:
        problem = eligibility_of(group[0], spec)
        # (an ineligible Background as half of a pair: legal with Choose a Background, else the pair
        # finding explains)
        if problem is not None and not ((pair or unknown) and is_background_of(group[0])):
            findings.append(not_a_commander_finding(deck.path, group[0].oracle_name, group[0], problem, spec))
            continue
        # (a Vehicle or Spacecraft leads by CR 903.3 as worded on the deck's day)
        if spec.commander_cards == LEGENDARY_COMMANDERS and leads_by_vehicle_of(group[0]):
            dated = dated_vehicle_finding(deck, group[0], spec)
            if dated is not None:
                findings.append(dated)
                if dated.code == NOT_A_COMMANDER.code:
                    continue
        listed = None if key is None else legality_of(group[0], key, spec)
        rarity = rarity_finding(deck.path, group[0].oracle_name, group[0], spec, key, listed)
        if rarity is not None:
            findings.append(rarity)
    if pair:
        a, b = distinct[0][0], distinct[1][0]
        paired = pair_findings(deck.path, a.card, b.card, b, "commanders")
        if not paired and not spec.commander_pairs_known:
            paired = [unsettled_pair_finding(deck, a, b, spec)]
        findings += paired
    lone = _joined_by_none(deck, distinct, unknown, count, spec)
    findings += lone
    known = [] if lone else [c.oracle_name for c in entries]  # (the pair is decided: not "nor whether")
    return findings + unknown_commander_findings(deck.path, known, unknown, spec)


def unsettled_pair_finding(deck: Deck, a: DeckCard, b: DeckCard, spec: FormatSpec) -> Finding:
    """Not verified: ``a`` and ``b`` may lead together by their partner abilities (CR 702.124), but
    whether the format lets two commanders lead at all is not known (``commander_pairs_known`` false:
    Arena Brawl, whose sources disagree, docs/format-history.md; or a formats file of one's own). The
    reason is the format's ``commander_pairs_reason``, else its definition's key. The same on every
    day: the deck's day is named, not decisive."""
    metadata = deck.parsed.metadata if deck.parsed is not None else {}
    day, where = judged_day(metadata, spec.as_of)
    when = "" if day is None else f", as of {day} ({where}) or any other day"
    reason = spec.commander_pairs_reason or (
        f"the definition of the format ([{spec.name}] in its formats file) sets commander_pairs_known = "
        "false; set it to true where the format settles it (max_commanders = 2 allows a pair, 1 refuses it)"
    )
    return unres.NOT_VERIFIED(
        f"number of commanders ({spec.title} deck construction) not verified: {a.card.name} and "
        f"{b.card.name} may be commanders together by their partner abilities (CR 702.124), but whether "
        f"{spec.title} allows two commanders is not known{when}: {reason}",
        location=card_at(deck, b),
        card=b.card.name,
        rule=f"{spec.title} deck construction",
        data={
            "commanders": [a.card.name, b.card.name],
            "as_of": None if day is None else day.isoformat(),
            "source": where,
            # the deck's verdict in a few words (reporters.unverified_reason)
            "undecided": f"whether {spec.title} allows two commanders (partners) is not known",
        },
    )


def _joined_by_none(
    deck: Deck, distinct: Sequence[list[DeckCard]], unknown: Sequence[Entry], count: int, spec: FormatSpec
) -> list[Finding]:
    """DC302 for a known commander beside a second one the card data does not know, when no card
    could be a commander beside it: it has no partner ability and is neither a Background nor a Time
    Lord Doctor (702.124: every way to two commanders needs one of these of it). Not when the second
    line may be no card at all (no count written: unresolved.uncertain_copies)."""
    if not (len(distinct) == 1 and count == 2 and spec.max_commanders >= 2 and unknown):
        return []
    if unres.uncertain_copies(unknown):
        return []
    known = distinct[0][0]
    if partner_abilities(known.card).any or is_background(known.card) or is_time_lord_doctor(known.card):
        return []
    other = unknown[0]
    return [
        PAIR_NOT_ALLOWED(
            f"{known.card.name} and {other.name} can't be commanders together: {known.card.name} has no "
            f"partner ability and is neither a Background nor a Time Lord Doctor, so no card can be a second "
            f"commander beside it, whatever card {other.name} is",
            location=placed_at(deck.path, other),
            card=known.card.name,
            rule="CR 702.124a",
            data={"commanders": [known.card.name, other.name]},
        )
    ]


def unknown_commander_findings(
    path: str, known: Sequence[str], unknown: Sequence[unres.Written], spec: FormatSpec
) -> list[Finding]:
    """Commander eligibility is not verified for ``unknown``, the command zone's entries the card
    data does not know (one finding per name as written), beside the ``known`` commanders' names.
    The engine and the lean batch checker both ask this."""
    findings: list[Finding] = []
    for written in unres.by_written_name(unknown).values():
        # by identity: an entry equal to one of the group has its name, so it is in the group; the
        # first few others are named (a list with thousands of unknown commander entries stays
        # linear, and its messages short)
        mine = {id(e) for e in written}
        others = itertools.chain(known, (e.name for e in unknown if id(e) not in mine))
        count = len(known) + len(unknown) - len(written)
        together = _names(others, count)
        pairing = f", nor whether it can be a commander together with {together}" if count else ""
        findings.append(
            unres.not_verified(
                path,
                f"commander eligibility ({eligibility_rule(spec)})",
                written,
                f"{unres.unknown_cards_text(written)}: counted as the commander, but whether it can be "
                f"your commander was not checked{pairing}",
                card=written[0].name,
            )
        )
    return findings


def _names(names: Iterable[str], count: int) -> str:
    """The first few of ``count`` names, and how many more (as unresolved.entries_text): a file of
    card names read as a command zone would otherwise write thousands into one message."""
    named = list(itertools.islice(names, _NAMED_AT_MOST))
    more = count - len(named)
    return ", ".join(named) + (f" and {more:,} more" if more > 0 else "")


_NAMED_AT_MOST = 3


# -- colour identity (CR 903.4, 903.5c/d) ----------------------------------------------------------
@dataclass(frozen=True, slots=True, eq=False)
class IdentityChoice:
    """The commanders' combined colour identity, with the colours assumed for "choose a colour"
    commanders (903.4b: the chosen colour is part of the identity; the data shows none)."""

    base: frozenset[str]
    assumed: tuple[tuple[str, str | None], ...]  # (commander name, colour assumed or None)
    wanted: frozenset[str] = frozenset()  # colours the deck's cards have beyond ``base``

    @property
    def identity(self) -> frozenset[str]:
        return self.base | {c for _, c in self.assumed if c}


def choose_colours(
    base: frozenset[str],
    choosers: Sequence[str],
    needs: Sequence[frozenset[str]],
    companions: Sequence[frozenset[str]] = (),
) -> IdentityChoice:
    """The colours assumed for the ``choosers`` (commanders whose colour is chosen before the game,
    CR 903.4b) beside the commanders' identity ``base``: the choice that brings the most of ``needs``
    (the main deck's colour identities, one per entry) inside, and of those the most of
    ``companions`` (the companion must fit too, CR 903.11a, but not at a card of the deck's cost).
    A deck and companion that can fit, do. The engine and the companion arrays both ask this."""
    wanted = frozenset().union(*needs, *companions) - base
    if not choosers:
        return IdentityChoice(base, (), wanted)
    options = sort_colours(wanted)

    def fits(colours: frozenset[str]) -> tuple[int, int]:
        return sum(1 for n in needs if n <= colours), sum(1 for n in companions if n <= colours)

    best: tuple[str, ...] = ()
    best_fits = fits(base)
    for size in range(1, min(len(choosers), len(options)) + 1):
        for combo in itertools.combinations(options, size):
            found = fits(base | set(combo))
            if found > best_fits:
                best, best_fits = combo, found
    assumed = [(name, best[i] if i < len(best) else None) for i, name in enumerate(choosers)]
    return IdentityChoice(base, tuple(assumed), wanted)


def combined_identity(identities: Iterable[frozenset[str]]) -> frozenset[str]:
    """The commanders' combined colour identity (CR 903.4, 702.124c: partners' identities are
    united), from each commander's own."""
    return frozenset().union(*identities)


def identity_choice(
    deck: Deck, companion: frozenset[str] | None = None, *, leaders: Sequence[DeckCard] | None = None
) -> IdentityChoice:
    """The commanders' colour identity and the colours assumed for the ones that choose theirs
    (:func:`choose_colours`: the main deck first, then the companion, CR 903.11a). ``companion``:
    the colour identity of the companion the deck would reveal, in place of the cards listed under
    Companion (the companion table asks it of every companion). ``leaders``: the command zone's
    cards whose identity is the deck's (:func:`leaders_of`; default: all of them)."""
    commanders = deck.zone(Zone.COMMANDER) if leaders is None else list(leaders)
    base = combined_identity(identity_of(c) for c in commanders)
    choosers = [c.oracle_name for c in commanders if chooses_colour_of(c)]
    if not choosers:  # (most decks: nothing to choose)
        return IdentityChoice(base, ())
    needs = [identity_of(c) for c in deck.zone(Zone.MAIN)]
    listed = [identity_of(c) for c in deck.zone(Zone.COMPANION)] if companion is None else [companion]
    return choose_colours(base, choosers, needs, listed)


def chooses_colour(card: Card) -> bool:
    """A commander whose colour is chosen before the game (CR 903.4b)."""
    return bool(_CHOSEN_COLOUR_RE.search(rules_text(card)))


def basic_land_types(card: Card) -> frozenset[str]:
    """The card's basic land types (any face): each makes one colour of mana (CR 903.5d)."""
    return frozenset(t for face in card.faces for t in face.type_line.subtypes if t in BASIC_LAND_MANA)


# -- what these rules read of an entry's card (its stored facts when it has them, rules.common) -------
def eligibility_of(deck_card: DeckCard, spec: FormatSpec) -> str | None:
    """:func:`commander_eligibility` of the entry's card (from its stored facts when it has them:
    :func:`stored_eligibility`)."""
    facts = deck_card.facts
    if facts is None:
        return commander_eligibility(deck_card.card, spec)
    return stored_eligibility(facts, spec)


def stored_eligibility(facts: CardFactsLike, spec: FormatSpec) -> str | None:
    """:func:`commander_eligibility` as a card's stored facts keep it: it reads two fields of the
    format, which cards lead (``commander_cards``) and, for legendary ones, whether planeswalkers
    may (``planeswalker_commanders``), so the facts keep its three answers."""
    if spec.commander_cards == UNCOMMON_CREATURE_COMMANDERS:
        return facts.commander_problem_creature
    if spec.commander_cards == OATHBREAKER_COMMANDERS:  # (from the card's types, a fact of its own)
        return oathbreaker_problem(facts.name, facts.card_types, facts.type_text)
    return facts.commander_problem_pw if spec.planeswalker_commanders else facts.commander_problem


def chooses_colour_of(deck_card: DeckCard) -> bool:
    """:func:`chooses_colour` of the entry's card."""
    facts = deck_card.facts
    return chooses_colour(deck_card.card) if facts is None else facts.chooses_colour


def is_background_of(deck_card: DeckCard) -> bool:
    """:func:`is_background` of the entry's card (a file of thousands of commander entries then
    reads no card object for each)."""
    facts = deck_card.facts
    return is_background(deck_card.card) if facts is None else facts.is_background


def land_types_of(deck_card: DeckCard) -> frozenset[str]:
    """:func:`basic_land_types` of the entry's card."""
    facts = deck_card.facts
    return basic_land_types(deck_card.card) if facts is None else facts.basic_land_types


def commander_identity(deck: Deck) -> frozenset[str]:
    """The combined colour identity of the deck's commanders (702.124c: partners' identities are
    united), including the colour assumed for a "choose a colour before the game begins" commander."""
    return identity_choice(deck).identity


def _colourless_basics(
    deck: Deck, spec: FormatSpec, identity: frozenset[str]
) -> tuple[set[str], list[Finding]]:
    """Brawl: a colourless commander may run basic lands of one basic land type. Returns the basic
    land names allowed that way (the type with the most cards) and findings for the other types."""
    if identity or not spec.colourless_basic_exception:
        return set(), []
    basics = [c for c in deck.zone(Zone.MAIN) if is_basic_land_of(c) and identity_of(c)]
    by_type: dict[str, list[DeckCard]] = {}
    for deck_card in basics:
        for land_type in sorted(land_types_of(deck_card)):
            by_type.setdefault(land_type, []).append(deck_card)
    if not by_type:
        return set(), []
    order = list(BASIC_LAND_MANA)  # ties go to WUBRG order

    def weight(land_type: str) -> tuple[int, int]:
        return sum(c.quantity for c in by_type[land_type]), -order.index(land_type)

    chosen = max(by_type, key=weight)
    allowed = {c.oracle_name for c in by_type[chosen]}
    findings = []
    for land_type, group in by_type.items():
        if land_type == chosen:
            continue
        for name, cards in by_name(c for c in group if c.oracle_name not in allowed).items():
            findings.append(
                COLOURLESS_BASICS(
                    f"{label(cards[0])} ({lines_text(cards)}): with a colourless commander, {spec.title} "
                    f"allows basic lands of one basic land type only; deckcheck took {chosen} (the most "
                    "common), so this basic is outside the commander's colour identity",
                    location=card_at(deck, cards[0]),
                    card=name,
                    rule=f"{spec.title} colourless-commander rule",
                    data={"chosen_type": chosen, "type": land_type},
                )
            )
    return allowed, findings


def identity_findings(
    path: str,
    name: str,
    group: Sequence[Placed],
    card_identity: frozenset[str],
    land_types: frozenset[str],
    is_basic_land: bool,
    identity: frozenset[str],
    spec: FormatSpec,
) -> list[Finding]:
    """A main-deck card's (or Oathbreaker's Signature Spell's) colour-identity findings (CR 903.5c,
    903.5d) against the commanders' ``identity``: its entries of the deck at ``path`` are
    ``group``, ``land_types`` its basic land types."""
    findings: list[Finding] = []
    outside = card_identity - identity
    if not outside and not land_types:  # most cards: nothing to place or word
        return findings
    where = placed_at(path, group[0])
    leader = "Oathbreaker" if spec.commander_cards == OATHBREAKER_COMMANDERS else "commander"
    if outside:
        note = ""
        if not identity and is_basic_land and not spec.colourless_basic_exception:
            note = " (the colourless-commander basic land exception is a Brawl rule)"
        findings.append(
            COLOUR_IDENTITY(
                f"{name} has colour identity {identity_text(card_identity)}, outside "
                f"the {leader}'s identity {identity_text(identity)} ({lines_text(group)}){note}",
                location=where,
                card=name,
                rule="CR 903.5c",
                data={
                    "card_identity": list(sort_colours(card_identity)),
                    "commander_identity": list(sort_colours(identity)),
                },
            )
        )
    beyond = frozenset(BASIC_LAND_MANA[t] for t in land_types) - identity
    if beyond and not (outside and beyond <= card_identity):
        types = ", ".join(sorted(land_types))
        findings.append(
            BASIC_TYPE_MANA(
                f"{name} has the basic land type {types}, so it can produce "
                f"{identity_text(beyond)} mana, outside the {leader}'s identity {identity_text(identity)} "
                f"({lines_text(group)})",
                location=where,
                card=name,
                rule="CR 903.5d",
                data={
                    "mana": list(sort_colours(beyond)),
                    "commander_identity": list(sort_colours(identity)),
                },
            )
        )
    return findings


_ALL_COLOURS = frozenset("WUBRG")


def identity_screen(chunk: Chunk, commander_card: Any) -> Any:
    """The colour-identity screen (what :func:`identity_findings` may report, over many decks with
    one commander each, ``commander_card`` its card code per deck, -1 none): (entries,) bool, a
    main-deck card of a Commander deck with a colour, or mana of a basic land type, outside the
    commander's identity (colour masks ``identity`` and ``land_mana`` per card)."""
    d, c, cards = chunk.d, chunk.c, chunk.cards
    led = commander_card >= 0  # (a commander the data does not know: no card's identity is checked)
    identity = _of_commander(cards.identity, commander_card, 0)[d]
    outside = ((cards.identity[c] | cards.land_mana[c]) & ~identity) != 0
    return (chunk.z == MAIN_CODE) & (chunk.commander & led)[d] & outside


def _of_commander(values: Any, commander_card: Any, missing: Any) -> Any:
    """(decks,) ``values`` of each deck's commander card, ``missing`` for a deck whose commander the
    data does not know (-1), as when no card of the chunk is known and ``values`` is empty."""
    import numpy as np

    led = commander_card >= 0
    if not led.any():
        return np.full(len(commander_card), missing, dtype=values.dtype)
    return np.where(led, values[np.where(led, commander_card, 0)], missing)


def leader_screen(chunk: Chunk, commander_card: Any, key_of: Any) -> Any:
    """The commander screen (what :func:`not_a_commander_finding` and :func:`rarity_finding` may
    report): (decks,) bool, the deck's format has a commander and its one commander
    (``commander_card``) can't be one (:func:`stored_eligibility`'s answers per card:
    ``commander_ok``, ``commander_ok_pw`` where planeswalkers lead, ``commander_ok_creature`` where
    uncommon creatures do), or, where uncommon creatures lead, one whose rarity the card data may not
    tell: listed as legal under the deck's legality key (``key_of``: legality.key_screen), or no key."""
    import numpy as np

    cards, formats = chunk.cards, chunk.formats
    creature = formats.per_deck(lambda s: s.commander_cards == UNCOMMON_CREATURE_COMMANDERS, bool)
    leader_ok = np.where(
        creature,
        _of_commander(cards.commander_ok_creature, commander_card, True),
        np.where(
            formats.per_deck(lambda s: s.planeswalker_commanders, bool),
            _of_commander(cards.commander_ok_pw, commander_card, True),
            _of_commander(cards.commander_ok, commander_card, True),
        ),
    )
    led = chunk.commander & (commander_card >= 0)  # (-1: the data does not know it)
    screened = led & ~leader_ok
    if creature.any():
        rarity_open = key_of < 0
        for s, spec in enumerate(formats.specs):
            if spec.commander_cards != UNCOMMON_CREATURE_COMMANDERS:
                continue
            of_format = formats.decks_of(s)
            for k, key in enumerate(spec.legality_candidates):
                under = of_format & (key_of == k)
                rarity_open[under] = cards.legal(key)[commander_card[under]]
        screened |= led & leader_ok & creature & rarity_open
    return screened


def check_identity(deck: Deck, spec: FormatSpec) -> list[Finding]:
    commanders = leaders_of(deck, spec)
    unknown_commanders = deck.unresolved_in(Zone.COMMANDER)
    if not commanders:
        return unknown_leaders_identity_findings(deck.path, unknown_commanders)
    findings: list[Finding] = []
    choice = identity_choice(deck, leaders=commanders)
    identity = choice.identity
    # a commander the data does not know may widen the identity: a card outside the known part is
    # undetermined, not an error
    partial = bool(unknown_commanders) and identity != _ALL_COLOURS
    outside_known: list[Entry] = []
    for name, colour in choice.assumed:
        if colour:
            what = f"assumed {colour}, the colour the deck needs"
        elif choice.wanted - choice.identity:
            what = "no one colour brings more of the deck's cards inside the identity, so none was assumed"
        else:
            what = "no extra colour is needed"
        findings.append(
            CHOSEN_COLOUR(
                f"{name} is a colour chosen before the game (CR 903.4b): {what}; commander identity "
                f"{identity_text(identity)}",
                location=card_at(deck, next(c for c in commanders if c.oracle_name == name)),
                card=name,
                rule="CR 903.4b",
                data={"colour": colour, "identity": list(sort_colours(identity))},
            )
        )
    allowed_basics, basic_findings = (set(), []) if partial else _colourless_basics(deck, spec, identity)
    findings.extend(basic_findings)
    reported = {f.card for f in basic_findings}
    # the main deck, and Oathbreaker's Signature Spells (within the Oathbreaker's identity too)
    checked = [*deck.zone(Zone.MAIN), *(c for c in deck.zone(Zone.COMMANDER) if is_signature_spell(c, spec))]
    for name, group in by_name(checked).items():
        if name in allowed_basics or name in reported:
            continue
        found = identity_findings(
            deck.path,
            name,
            group,
            identity_of(group[0]),
            land_types_of(group[0]),
            is_basic_land_of(group[0]),
            identity,
            spec,
        )
        if found and partial:
            outside_known += [c.entry for c in group]
        else:
            findings += found
    if outside_known:
        findings.append(
            unres.not_verified(
                deck.path,
                "colour identity (CR 903.4)",
                outside_known,
                f"{unres.entries_text(outside_known)} {'is' if len(outside_known) == 1 else 'are'} outside "
                f"the identity {identity_text(identity)} of the commanders the card data knows, and the "
                f"commander {unres.unknown_cards_text(unknown_commanders)}",
            )
        )
    return findings + unknown_identity_findings(deck.path, deck.unresolved_in(Zone.MAIN), identity)


def unknown_leaders_identity_findings(
    path: str, unknown_commanders: Sequence[unres.Written]
) -> list[Finding]:
    """A deck whose every commander the card data does not know (``unknown_commanders``): no
    card's colour identity is checked. The engine and the lean batch checker both ask this."""
    if not unknown_commanders:
        return []
    return [
        unres.not_verified(
            path,
            "colour identity (CR 903.4)",
            unknown_commanders,
            f"the commander, {unres.unknown_cards_text(unknown_commanders)}: no card's colour identity "
            "was checked",
        )
    ]


def unknown_identity_findings(
    path: str, unknown: Sequence[unres.Written], identity: frozenset[str]
) -> list[Finding]:
    """Colour identity is not verified for ``unknown``, the main deck's entries the card data does
    not know, unless the commanders' ``identity`` has every colour. The engine and the lean batch
    checker both ask this."""
    if not unknown or identity == _ALL_COLOURS:
        return []
    return [
        unres.not_verified(
            path,
            "colour identity (CR 903.4)",
            unknown,
            f"{unres.unknown_cards_text(unknown)}: whether "
            f"{'it is' if unres.copies(unknown) == 1 else 'they are'} inside the commander's "
            f"identity {identity_text(identity)} was not checked",
        )
    ]
