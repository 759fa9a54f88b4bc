"""The ten companions (CR 702.139): conditions as a data-driven table, placement, and findings.

Every condition is evaluated on the *starting deck* (CR 103.2a, 702.139b): the main deck, plus the
commander(s) in a Commander-family format; never the sideboard, the companion zone or the maybeboard.
Cards are judged by their deck-zone characteristics (:mod:`deckcheck.cards.model`, CR 712.8a, 715.4): the
front face of a DFC, the normal half of an adventurer, both halves of a split card (but Jegantha sees
the halves' separate symbols, CR 709.4b). Per-card facts are computed once per card
(:func:`card_features`), so evaluating 100k decks costs one parse per distinct card.

What counts as *declared* (the companion the player means to reveal, CR 103.2b):

1. Every companion card listed in :attr:`Zone.COMPANION`. These are judged strictly: a condition
   that fails is an error (DC401), more than one card there is an error (DC402).
2. Otherwise, in a format that has a sideboard (not Commander), every companion card in the
   sideboard is a companion the deck *could* reveal; ``declared`` is True for each of them. A
   sideboard card is also just a sideboard card (a sideboarded Kaheera may be a creature for games
   two and three), so a failing condition there is never an error (a bug another validator has):
   it is a warning (DC412) when no sideboard companion qualifies, and info when another one does.
3. In Commander (no sideboard, CR 903.5e) a companion card in the sideboard is not declared; it gets
   a placement warning (DC403) that says whether it would qualify.
4. A companion card in the starting deck (main deck, or as the commander) imposes nothing (IKO
   release notes) and is not declared. In a non-Commander format a companion listed in the commander
   zone is misplaced (DC403); in Commander one listed *next to* another commander is a bogus second
   commander (DC403; none of the ten has a partner ability).

``eligible`` means the deck may reveal this companion in this format: the condition holds *and*
nothing forbids the card as companion here (a companion ban from :attr:`FormatSpec.companion_bans`;
the rule's ``format_check``, i.e. Yorion where the maximum deck size is under minimum + 20; in
Commander, a colour outside the commanders' combined identity or a card of the same name in the 100,
CR 903.11a). Such obstacles are listed in ``placement`` (with where-it-is-listed problems, which do
not change eligibility). Nothing here reads a format's name: only :class:`FormatSpec` fields.

Findings: DC401 declared companion not eligible (error, with DC411 per breaking card, info); DC402
more than one companion declared; DC403 misplaced (as a commander; in a Commander sideboard: warning);
DC404 outside the commander's colour identity; DC405 named like a card in the 100; DC406 banned as a
companion; DC407 can never qualify in this format (Yorion); DC408 no companion ability; DC409 a
companion ability deckcheck does not know (warning, never assumed met: the deck is not verified,
engine.UNDECIDED_CODES); DC410 an undeclared or sideboard companion the deck qualifies for (info);
DC412 a sideboard companion it does not qualify for; DC413 near miss (info).

Near misses: ``cut`` is always the smallest set of copies whose removal satisfies the condition
(for a per-card condition, exactly the breaking cards; for Lutri, a maximum set of name-disjoint
nonland cards is kept; for Umori, the card type shared by the most nonland copies is kept), and
``add`` is the number of cards Yorion still needs. A result is a near miss when that is at most
:data:`NEAR_MISS_CARDS` cards (DC413, info). Neither is offered where something forbids the companion
whatever the deck holds (a ban, its colours outside the commander's): :func:`offered_change`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol, TypeVar

from deckcheck import unresolved as unres
from deckcheck.as_of import reads_history
from deckcheck.cards import vocabulary
from deckcheck.cards.mana import sort_colours
from deckcheck.cards.model import BASIC_LAND_MANA, Card, strip_reminder_text
from deckcheck.deck import STARTING_ZONES, Deck, DeckCard, Entry, Placed, Zone
from deckcheck.findings import Finding, Location, Severity, define
from deckcheck.format_spec import NAMING_A_FORMAT, FormatSpec
from deckcheck.lazy_pattern import LazyPattern
from deckcheck.rules.legality import NOT_GIVEN as _NOT_GIVEN
from deckcheck.rules.legality import banned_by_own_list, card_listed, legality_key_for
from deckcheck.value import FrozenValue, Value, slot_setters
from deckcheck.wording import counted

if TYPE_CHECKING:  # (annotations only: the Commander rules are loaded for a deck with a commander)
    from deckcheck.rules.commander import IdentityChoice

NEAR_MISS_CARDS = 4  # at most this many copies to cut (or cards to add) is a near miss
RULE = "CR 702.139a"

# -- finding codes -------------------------------------------------------------------------------
NOT_ELIGIBLE = define(
    "DC401",
    "companion-not-eligible",
    Severity.ERROR,
    "The declared companion's condition is not met by the starting deck.",
)
MULTIPLE_COMPANIONS = define(
    "DC402",
    "multiple-companions",
    Severity.ERROR,
    "More than one companion is declared; a player reveals at most one (CR 103.2b).",
)
PLACEMENT = define(
    "DC403",
    "companion-placement",
    Severity.ERROR,
    "A companion card is listed where a companion cannot be (e.g. as a commander; a warning for one in "
    "a Commander sideboard).",
    also=(Severity.WARNING,),
)
OUTSIDE_IDENTITY = define(
    "DC404",
    "companion-colour-identity",
    Severity.ERROR,
    "The companion has a colour outside the commander's colour identity (CR 903.11a).",
)
NAME_IN_DECK = define(
    "DC405",
    "companion-name-in-deck",
    Severity.ERROR,
    "The companion has the same name as a card in the 100 (CR 903.11a).",
)
BANNED_AS_COMPANION = define(
    "DC406",
    "companion-banned",
    Severity.ERROR,
    "The card is banned as a companion in this format (e.g. Lutri in Commander).",
)
YORION_FIXED_SIZE = define(
    "DC407",
    "yorion-fixed-size",
    Severity.ERROR,
    "Yorion needs twenty cards over the minimum; impossible where the deck size is fixed.",
)
NOT_A_COMPANION = define(
    "DC408",
    "not-a-companion",
    Severity.ERROR,
    "A card in the companion section has no companion ability.",
)
UNCHECKED_COMPANION = define(
    "DC409",
    "companion-unchecked",
    Severity.WARNING,
    "A companion ability deckcheck does not know; its condition is not checked (never assumed met): the "
    "deck is not verified.",
)
ELIGIBLE_COMPANION = define(
    "DC410",
    "companion-available",
    Severity.INFO,
    "The starting deck meets this companion's condition and it is not declared.",
)
BREAKER = define(
    "DC411",
    "companion-breaker",
    Severity.INFO,
    "One card that breaks the declared companion's condition (card, line, why).",
)
SIDEBOARD_NOT_ELIGIBLE = define(
    "DC412",
    "sideboard-companion-not-eligible",
    Severity.WARNING,
    "A companion card in the sideboard whose condition the deck does not meet (so it cannot be revealed; "
    "a note when another sideboard companion qualifies).",
    also=(Severity.INFO,),
)
NEAR_MISS = define(
    "DC413",
    "companion-near-miss",
    Severity.INFO,
    "The deck is a few cards away from qualifying for a companion.",
)
CODES = (
    NOT_ELIGIBLE,
    MULTIPLE_COMPANIONS,
    PLACEMENT,
    OUTSIDE_IDENTITY,
    NAME_IN_DECK,
    BANNED_AS_COMPANION,
    YORION_FIXED_SIZE,
    NOT_A_COMPANION,
    UNCHECKED_COMPANION,
    ELIGIBLE_COMPANION,
    BREAKER,
    SIDEBOARD_NOT_ELIGIBLE,
    NEAR_MISS,
)


# -- per-card features -----------------------------------------------------------------------------
# AbilityScan, Ability and About are plain classes with Final attributes, not frozen dataclasses:
# nothing compares or copies them, and a dataclass compiles its methods in every process that
# imports this module (about 0.5 ms a class of a one-deck check's start-up).
class AbilityScan:
    """What the Zirda parser found in a card's deck-zone rules text."""

    __slots__ = ("activated", "has_activated", "kinds", "reason")

    def __init__(
        self,
        has_activated: bool,
        reason: str,  # why it has one ("{T}: Add {W}.") or why not
        activated: tuple[str, ...] = (),  # the activated abilities found (text as written)
        kinds: tuple[str, ...] = (),  # kind of every ability paragraph, in order
    ) -> None:
        self.has_activated: Final = has_activated
        self.reason: Final = reason
        self.activated: Final = activated
        self.kinds: Final = kinds


class CardFeatures:
    """Deck-zone facts the ten conditions read, computed once per card. (A plain class with Final
    attributes, like AbilityScan: nothing compares or copies them.)"""

    __slots__ = (
        "abilities",
        "card_types",
        "changeling",
        "cost_text",
        "creature_types",
        "is_creature",
        "is_land",
        "is_permanent",
        "mana_value",
        "name",
        "names",
        "repeated_symbols",
        "type_text",
    )

    def __init__(
        self,
        name: str,
        names: frozenset[str],
        is_land: bool,
        is_permanent: bool,
        is_creature: bool,
        mana_value: int,
        cost_text: str,
        repeated_symbols: tuple[str, ...],
        card_types: frozenset[str],
        creature_types: tuple[str, ...],
        changeling: bool,
        type_text: str,
        abilities: AbilityScan,
    ) -> None:
        self.name: Final = name
        self.names: Final = names
        self.is_land: Final = is_land
        self.is_permanent: Final = is_permanent
        self.is_creature: Final = is_creature
        self.mana_value: Final = mana_value
        self.cost_text: Final = cost_text  # "{1}{R} // {1}{U}"; "" when the card has no mana cost
        self.repeated_symbols: Final = repeated_symbols  # symbols appearing more than once (Jegantha)
        # CR 205.2a card types (Card.deck_types: incl. Grist-style additions)
        self.card_types: Final = card_types
        self.creature_types: Final = creature_types
        self.changeling: Final = changeling
        self.type_text: Final = type_text
        self.abilities: Final = abilities

    @property
    def name_keys(self) -> frozenset[str]:
        """The names case-folded (Lutri compares names so)."""
        return _name_keys(self.names)


Reasons = tuple[str | None, ...]  # per COMPANIONS index: why a card breaks that per-card condition
# a card, its features, its reasons and the COMPANIONS indices with a reason (what a deck reads)
_Judged = tuple[Card, CardFeatures, Reasons, tuple[int, ...]]
_CACHE: dict[str, _Judged] = {}
_CACHE_LIMIT = 200_000


def card_features(card: Card) -> CardFeatures:
    """Per-card facts, cached by card name (checked against the card, so two card sets never mix)."""
    return _judged(card)[1]


def _judged(card: Card) -> _Judged:
    """The card's features and its per-card verdicts (:func:`card_reasons`), computed once per card
    (cached as :func:`card_features` says): a deck's evaluation reads them, it does not recompute them."""
    hit = _CACHE.get(card.name)
    if hit is not None and (hit[0] is card or hit[0] == card):
        return hit
    features = _compute_features(card)
    reasons = card_reasons(features)
    judged = (card, features, reasons, tuple(i for i, reason in enumerate(reasons) if reason is not None))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[card.name] = judged
    return judged


def card_reasons(features: CardFeatures) -> Reasons:
    """Per COMPANIONS index, why a card with these features breaks that companion's per-card
    condition (None: it does not, or the condition is the deck's, not the card's). The engine reads
    them per card (:func:`_judged`); the stored card facts keep them (card_facts.CardFacts.reasons)."""
    return tuple(rule.card_check(features) if rule.card_check is not None else None for rule in COMPANIONS)


def clear_feature_cache() -> None:
    _CACHE.clear()


# Subtypes that are never creature types ("Equipment" of an Equipment Lizard, "Grist" of Grist).
_NON_CREATURE_SUBTYPES = (
    frozenset().union(*(words for kind, words in vocabulary.SUBTYPES_BY_TYPE.items() if kind != "Creature"))
    - vocabulary.CREATURE_TYPES
)


def _compute_features(card: Card) -> CardFeatures:
    types = set(card.deck_types.types)
    subtypes = list(card.deck_types.subtypes)
    counts: dict[str, int] = {}
    for symbol in card.cost_symbols:
        counts[symbol] = counts.get(symbol, 0) + 1
    is_creature = "Creature" in types
    return CardFeatures(
        name=card.name,
        names=card.names,
        is_land="Land" in types,
        is_permanent=card.is_permanent or is_creature,
        is_creature=is_creature,
        mana_value=card.mana_value,
        cost_text=" // ".join(f.mana_cost.text() for f in card.deck_faces if f.mana_cost.present),
        repeated_symbols=tuple(s for s, n in counts.items() if n > 1),
        card_types=frozenset(types),
        creature_types=tuple(s for s in subtypes if s not in _NON_CREATURE_SUBTYPES) if is_creature else (),
        changeling=card.is_changeling,
        type_text=" // ".join(f.type_line.text for f in card.deck_faces if f.type_line.text),
        abilities=scan_abilities(card),
    )


# -- the Zirda ability splitter ----------------------------------------------------------------
class Ability:
    """One ability paragraph of rules text and what kind of ability it is.

    kind: activated | loyalty | keyword-activated | intrinsic-mana | triggered | chapter | static |
    keywords | granted (a quoted ability given to something else) | conditional (exists only in a
    state the card is not in in the library: level, station, max speed) | marker | reminder.
    """

    __slots__ = ("kind", "text")

    def __init__(self, kind: str, text: str) -> None:
        self.kind: Final = kind
        self.text: Final = text

    @property
    def is_activated(self) -> bool:
        return self.kind in {"activated", "loyalty", "keyword-activated", "intrinsic-mana"}


# Keyword abilities that are activated abilities (CR 702): "Equip {2}", "Crew 3", "Swampcycling {2}".
_ACTIVATED_KEYWORDS = (
    "equip",
    "crew",
    "(?:[a-z]+ )?[a-z]*cycling",
    "commander ninjutsu",
    "ninjutsu",
    "reconfigure",
    "fortify",
    "outlast",
    "scavenge",
    "unearth",
    "embalm",
    "eternalize",
    "transmute",
    "level up",
    "saddle",
    "station",
    "craft with",
    "encore",
    "forecast",
    "bloodrush",
    "reinforce",
    "transfigure",
    "aura swap",
    "boast",
)
# Keywords whose parameter may be words before the cost ("Equip Knight {1}", "Craft with artifact {3}").
_WORDY_KEYWORDS = frozenset({"equip", "craft with"})
_KEYWORD_RE = re.compile(r"^(" + "|".join(_ACTIVATED_KEYWORDS) + r")\b(.*)$", re.IGNORECASE)
# what follows an activated keyword when it is one (a cost): compiled for the first such keyword
_COST_TAIL_RE = LazyPattern(r"^(?:\s*—.*|\s+(?:\{|\d|X\b).*|\s*)$")
_WORDY_TAIL_RE = LazyPattern(r"^\s+[A-Za-z' -]*?(?:\{[^}]+\})+\s*$")
_LOYALTY_RE = re.compile(r"^(?:\[\s*[+−–-]?\s*(?:\d+|X)\s*\]|[+−–-]?(?:\d+|X))\s*:")
_CHAPTER_RE = re.compile(r"^[IVX]+(?:\s*,\s*[IVX]+)*\s*—")
_MARKER_RE = re.compile(r"^(?:LEVEL \d+(?:-\d+|\+)|STATION \d+\+)$", re.IGNORECASE)
_PT_RE = re.compile(r"^[*\d+-]+/[*\d+-]+$")
_ABILITY_WORD_RE = re.compile(r"^([A-Z][A-Za-z' ,-]*?)\s*—\s*(.+)$")
_CONDITIONAL_WORDS = frozenset({"max speed"})  # "Max speed — [ability]" = has it only at max speed
_QUOTED_RE = re.compile(r"\"[^\"]*\"|“[^”]*”")
_TRIGGER_RE = re.compile(r"^(?:when|whenever|at)\b", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"[.!?](?:\s|$)")
# The longest real costs run to about a dozen words ("Exile a creature card from your graveyard and pay
# its mana cost"); a colon after a long clause is punctuation in a static sentence (Un-cards).
_MAX_COST_WORDS = 20


def split_abilities(text: str) -> list[Ability]:
    """Split rules text into abilities (one per paragraph) and classify each one.

    Reminder text is not an ability; text in quotation marks is an ability granted to something
    else, not one the card has; a colon counts only when it ends the first clause of a paragraph
    that is not a triggered ability (``[Cost]: [Effect]``, CR 602.1)."""
    abilities: list[Ability] = []
    conditional = False  # after a LEVEL / STATION marker: abilities the card has only in that state
    for raw in text.splitlines():
        paragraph = raw.strip()
        if not paragraph:
            continue
        stripped = " ".join(strip_reminder_text(paragraph).split())
        if not stripped:
            abilities.append(Ability("reminder", paragraph))
            continue
        if _MARKER_RE.match(stripped):
            conditional = True
            abilities.append(Ability("marker", paragraph))
            continue
        if _PT_RE.match(stripped):
            abilities.append(Ability("marker", paragraph))
            continue
        kind = _classify(stripped)
        if conditional and kind != "keyword-activated":
            kind = "conditional"
        abilities.append(Ability(kind, paragraph))
    return abilities


def _classify(text: str) -> str:
    if _CHAPTER_RE.match(text):
        return "chapter"
    had_quote = bool(_QUOTED_RE.search(text))
    body = _QUOTED_RE.sub('"…"', text)
    if _keyword_activated(body):
        return "keyword-activated"
    word = _ABILITY_WORD_RE.match(body)
    if word and not _LOYALTY_RE.match(body):
        if word.group(1).strip().lower() in _CONDITIONAL_WORDS:
            return "conditional"
        body = word.group(2)
    if _LOYALTY_RE.match(body):
        return "loyalty"
    if _TRIGGER_RE.match(body):
        return "triggered"
    colon = body.find(":")
    if (
        colon > 0
        and not _SENTENCE_END_RE.search(body[:colon])
        and len(body[:colon].split()) <= _MAX_COST_WORDS
    ):
        return "activated"
    if had_quote:
        quoted = " ".join(q.strip('"“”') for q in _QUOTED_RE.findall(text))
        # an ability in quotation marks belongs to whatever receives it (CR 113.1a), not to this card
        granted = ":" in quoted or any(_keyword_activated(q) for q in quoted.splitlines())
        return "granted" if granted else "static"
    if _looks_like_keyword_list(body):
        return "keywords"
    return "static"


def _keyword_activated(text: str) -> bool:
    for piece in re.split(r"[,;]\s*", text.rstrip(".")):
        match = _KEYWORD_RE.match(piece.strip())
        if match is None:
            continue
        keyword, tail = match.group(1).lower(), match.group(2)
        if _COST_TAIL_RE.match(tail) or (keyword in _WORDY_KEYWORDS and _WORDY_TAIL_RE.match(tail)):
            return True
    return False


def _looks_like_keyword_list(text: str) -> bool:
    """A line of keywords ("Flying, vigilance", "Protection from red"): short, and not a sentence."""
    return not _SENTENCE_END_RE.search(text.rstrip(".") + " ") and len(text.split()) <= 8 and "." not in text


def scan_abilities(card: Card) -> AbilityScan:
    """Does this card have an activated ability in the deck? (Zirda; deck-zone faces only.)"""
    abilities: list[Ability] = []
    for face in card.deck_faces:
        text = face.oracle_text
        for name in {card.name, face.name}:
            if ":" in name:  # "Circle of Protection: Art" names itself: not a cost
                text = text.replace(name, "CARDNAME")
        abilities += split_abilities(text)
        if face.type_line.is_land:
            for subtype in face.type_line.subtypes:
                if subtype in BASIC_LAND_MANA:
                    # CR 305.6: a basic land type gives "{T}: Add [mana]." even with no text printed.
                    abilities.append(
                        Ability("intrinsic-mana", f"{subtype}: {{T}}: Add {{{BASIC_LAND_MANA[subtype]}}}.")
                    )
    kinds = tuple(a.kind for a in abilities)
    activated = tuple(a.text for a in abilities if a.is_activated)
    if activated:
        return AbilityScan(True, activated[0], activated, kinds)
    return AbilityScan(False, _no_activated_reason(card, abilities), (), kinds)


def _no_activated_reason(card: Card, abilities: Sequence[Ability]) -> str:
    """Why there is none, phrased to follow "permanent card with ..."."""
    kinds = {a.kind for a in abilities if a.kind not in {"marker", "reminder"}}
    if not kinds:
        return "no abilities"
    if "Saga" in card.deck_types.subtypes:
        return "no activated ability (a Saga: its chapter abilities are triggered)"
    if "granted" in kinds:
        return "no activated ability (the one in quotation marks is granted to something else)"
    if "conditional" in kinds:
        return "no activated ability (it has one only in a state it is not in before the game)"
    colon_kinds = {a.kind for a in abilities if ":" in strip_reminder_text(a.text)}
    if colon_kinds:
        return f"no activated ability (its only ':' is inside a {'/'.join(sorted(colon_kinds))} ability)"
    return f"no activated ability (only {', '.join(sorted(kinds))})"


# -- the table -------------------------------------------------------------------------------------
class Breaker(NamedTuple):
    """One entry that breaks a condition: the card, where it is listed, its copies and why. A
    frozen value like the results that hold it, kept as a named tuple: a deck's evaluation makes a
    hundred or so of them, and a tuple is made in a third of a frozen dataclass's time."""

    card: str
    line: int
    zone: str
    quantity: int
    reason: str

    @property
    def name(self) -> str:  # the card as written (unresolved.Written)
        return self.card

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")


_COMMANDER_ZONE = str(Zone.COMMANDER)  # (a Breaker's zone)
UNKNOWN_REASON = "not in the card data"
# (an unknown entry Lutri's verdict depends on as the card its did-you-mean offers: lutri_kin)
_IT = f"{UNKNOWN_REASON}; it "
_MAY_BE = f"{_IT}may be "
# (an unresolved entry Yorion's count depends on: yorion_uncertain)
NO_COUNT_REASON = "no count and not in the card data: 1 card, or none if the line names no card"
YORION_UNKNOWN_MINIMUM = "no format given, so the minimum deck size Yorion adds 20 to is not known"
# a companion card's legality status when the card data does not vouch for the day the deck is
# judged for: neither "legal" nor "banned" is known (obstacles() makes it an UNVERIFIED item)
LEGALITY_UNVERIFIED = "unverified"
# the same when legality is read from the format's history, which does not answer for that day (or
# for that card: no printings)
HISTORY_UNVERIFIED = "unverified by the history"
# obstacles()' kind of an item that forbids nothing but leaves the verdict undetermined
UNVERIFIED = "unverified"


class CompanionResult(FrozenValue):
    """One companion's verdict: ``eligible`` is True, False, or None (undetermined: no known card
    breaks the condition, but the ``unresolved`` entries might)."""

    FIELDS = (
        "companion",
        "eligible",
        "breakers",
        "cut",
        "add",
        "note",
        "plain_note",
        "declared",
        "placement",
        "unresolved",
    )
    __slots__ = FIELDS

    companion: str
    eligible: bool | None
    breakers: tuple[Breaker, ...]
    cut: tuple[tuple[str, int], ...]  # (card name, copies to cut) to meet the condition
    add: int  # Yorion: cards still needed
    note: str
    # the note without the change it advises: what an output giving the change beside it says (Yorion's
    # count without "add N"); the note itself where it advises none
    plain_note: str
    declared: bool
    placement: tuple[str, ...]  # obstacles and placement problems
    unresolved: tuple[Breaker, ...]  # unknown entries the verdict depends on (eligible is None)

    def __init__(
        self,
        companion: str,
        eligible: bool | None,
        breakers: tuple[Breaker, ...] = (),
        cut: tuple[tuple[str, int], ...] = (),
        add: int = 0,
        note: str = "",
        plain_note: str | None = None,  # (None: the note advises no change)
        declared: bool = False,
        placement: tuple[str, ...] = (),
        unresolved: tuple[Breaker, ...] = (),
    ) -> None:
        _set_companion(self, companion)
        _set_eligible(self, eligible)
        _set_breakers(self, breakers)
        _set_cut(self, cut)
        _set_add(self, add)
        _set_note(self, note)
        _set_plain_note(self, note if plain_note is None else plain_note)
        _set_declared(self, declared)
        _set_placement(self, placement)
        _set_unresolved(self, unresolved)

    @property
    def cut_count(self) -> int:
        return sum(n for _, n in self.cut)

    @property
    def near_miss(self) -> bool:
        """Not eligible, but a few cards to cut or add away; never when a commander breaks the
        condition (a commander is not one card of the deck to swap: it sets the colour identity)."""
        if self.eligible is not False or self.unresolved:
            return False
        changes = self.cut_count + self.add
        if not 0 < changes <= NEAR_MISS_CARDS:
            return False
        return not self.commander_breaks

    @property
    def commander_breaks(self) -> bool:
        """A commander breaks the condition: no cut of the deck's cards qualifies it."""
        return any(b.zone == _COMMANDER_ZONE for b in self.breakers)


(
    _set_companion,
    _set_eligible,
    _set_breakers,
    _set_cut,
    _set_add,
    _set_note,
    _set_plain_note,
    _set_declared,
    _set_placement,
    _set_unresolved,
) = slot_setters(CompanionResult, *CompanionResult.FIELDS)


def _new_result(
    companion: str,
    eligible: bool | None,
    breakers: tuple[Breaker, ...],
    cut: tuple[tuple[str, int], ...],
    add: int,
    note: str,
    plain_note: str,
    declared: bool,
    placement: tuple[str, ...],
    unresolved: tuple[Breaker, ...],
) -> CompanionResult:
    """``CompanionResult(companion, eligible, ...)``, every field in order, made through its slots:
    the engine makes ten a deck, and this skips the call through the class."""
    result: CompanionResult = object.__new__(CompanionResult)
    _set_companion(result, companion)
    _set_eligible(result, eligible)
    _set_breakers(result, breakers)
    _set_cut(result, cut)
    _set_add(result, add)
    _set_note(result, note)
    _set_plain_note(result, plain_note)
    _set_declared(result, declared)
    _set_placement(result, placement)
    _set_unresolved(result, unresolved)
    return result


class DeckVerdict(Value):
    """What a deck-level condition found. Its ``cut`` and ``add`` are offered only where nothing
    else forbids the companion (:func:`offered_change`), and :meth:`advice` is then the note: the
    ``advised`` text where the advice differs from the plain note (Yorion's cards to add, Lutri's
    copies to keep), else the note."""

    FIELDS = ("breakers", "cut", "add", "note", "advised")
    __slots__ = FIELDS

    def __init__(
        self,
        breakers: tuple[Breaker, ...] = (),
        cut: tuple[tuple[str, int], ...] = (),
        add: int = 0,
        note: str = "",
        advised: str = "",
    ) -> None:
        self.breakers: Final = breakers
        self.cut: Final = cut
        self.add: Final = add
        self.note: Final = note
        self.advised: Final = advised  # ("": the note is all there is to say)

    def advice(self) -> str:
        """The note to give where the change is offered (offered_change)."""
        return self.advised or self.note


class CardTraits(Protocol):
    """What the deck-level conditions read of a card (CardFeatures has it; so do batch facts)."""

    @property
    def name(self) -> str: ...
    @property
    def names(self) -> frozenset[str]: ...
    @property
    def name_keys(self) -> frozenset[str]: ...  # the names case-folded (Lutri compares them so)
    @property
    def is_land(self) -> bool: ...
    @property
    def card_types(self) -> frozenset[str]: ...


Counted = tuple[Placed, CardTraits]  # an entry of the starting deck and its card
# the cards a name the data does not know may be, as its DC010 offers them (engine.did_you_mean): those
# of the printed names it is without accents ("Relampago": Lightning Bolt's "Relámpago"), the likely spellings
MayBe = Callable[[str], Sequence[str]]
CardCheck = Callable[[CardFeatures], str | None]
DeckCheck = Callable[[Sequence[Counted], FormatSpec], DeckVerdict]
FormatCheck = Callable[[FormatSpec], str | None]


class CompanionRule:
    """One companion's deckbuilding condition. (A plain class with Final attributes: the ten are made
    once, and nothing compares or copies them.)"""

    __slots__ = ("card_check", "colour_identity", "condition", "deck_check", "format_check", "name", "short")

    def __init__(
        self,
        name: str,
        short: str,
        condition: str,
        colour_identity: frozenset[str],
        card_check: CardCheck | None = None,  # reason the card breaks the condition, or None
        deck_check: DeckCheck | None = None,
        format_check: FormatCheck | None = None,  # why the condition can never hold in a format, or None
    ) -> None:
        if (card_check is None) == (deck_check is None):
            raise ValueError(f"{name}: give exactly one of card_check / deck_check")
        self.name: Final = name
        self.short: Final = short
        self.condition: Final = condition
        self.colour_identity: Final = colour_identity
        self.card_check: Final = card_check
        self.deck_check: Final = deck_check
        self.format_check: Final = format_check


def _gyruda(f: CardFeatures) -> str | None:
    return None if f.mana_value % 2 == 0 else f"mana value {f.mana_value} is odd"


def _keruga(f: CardFeatures) -> str | None:
    if f.is_land or f.mana_value >= 3:
        return None
    return f"nonland card with mana value {f.mana_value}"


def _obosh(f: CardFeatures) -> str | None:
    if f.is_land or f.mana_value % 2 == 1:
        return None
    return f"nonland card with even mana value {f.mana_value}"


def _jegantha(f: CardFeatures) -> str | None:
    if not f.repeated_symbols:
        return None
    twice = ", ".join("{" + s + "}" for s in f.repeated_symbols)
    return f"mana cost {f.cost_text} has {twice} more than once"


KAHEERA_TYPES = ("Cat", "Elemental", "Nightmare", "Dinosaur", "Beast")


def _kaheera(f: CardFeatures) -> str | None:
    if not f.is_creature or f.changeling or set(f.creature_types) & set(KAHEERA_TYPES):
        return None
    kinds = " ".join(f.creature_types) or "no creature type"
    return f"creature card ({kinds}) that is not a Cat, Elemental, Nightmare, Dinosaur or Beast"


def _lurrus(f: CardFeatures) -> str | None:
    if not f.is_permanent or f.mana_value <= 2:
        return None
    return f"permanent card with mana value {f.mana_value}"


def _zirda(f: CardFeatures) -> str | None:
    if not f.is_permanent or f.abilities.has_activated:
        return None
    return f"permanent card with {f.abilities.reason}"


COMMANDER_BREAKS = "the commander breaks it: another commander is needed"


def breakers_verdict(breakers: Sequence[Breaker], spec: FormatSpec, note: str = "") -> DeckVerdict:
    """The verdict of a condition its ``breakers`` break, each to be cut: their copies by card, in
    deck order. In a format with a command zone a commander is not a card of the deck to cut (it
    leads the deck and sets its colour identity): where one breaks the condition, no cut of the 99
    qualifies, and the note says so. The engine and the lean batch checker both ask this."""
    if spec.commander and any(b.zone == _COMMANDER_ZONE for b in breakers):
        return DeckVerdict(
            tuple(breakers), (), 0, f"{note}; {COMMANDER_BREAKS}" if note else COMMANDER_BREAKS
        )
    totals: dict[str, int] = {}
    for b in breakers:
        totals[b.card] = totals.get(b.card, 0) + b.quantity
    return DeckVerdict(tuple(breakers), tuple(totals.items()), 0, note)


def _lines(entries: Iterable[Placed]) -> str:
    lines = sorted({dc.line for dc in entries if dc.line})
    return ", ".join(str(n) for n in lines)


def _at_lines(entries: Iterable[Placed]) -> str:
    """Where the entries are, for a message: " (line 4)", " (lines 4, 9)", or "" without line numbers."""
    where = _lines(entries)
    if not where:
        return ""
    return f" (line {where})" if "," not in where else f" (lines {where})"


_NAME_KEYS: dict[frozenset[str], frozenset[str]] = {}


def _name_keys(names: frozenset[str]) -> frozenset[str]:
    """A card's names, case-folded (Lutri compares names so), computed once per card."""
    keys = _NAME_KEYS.get(names)
    if keys is None:
        if len(_NAME_KEYS) >= _CACHE_LIMIT:
            _NAME_KEYS.clear()
        keys = _NAME_KEYS[names] = frozenset(n.casefold() for n in names)
    return keys


class _LutriTally:
    # A plain class, like the evaluation's other scratch records (_Listing, _Context): a dataclass
    # compiles its methods in every process that imports this module, and these need none of them.
    __slots__ = ("copies", "entries_of", "names_of", "nonland", "simple")

    def __init__(
        self,
        nonland: list[Counted],
        copies: dict[str, int],  # card -> copies
        names_of: dict[str, frozenset[str]],  # card -> its case-folded names
        entries_of: dict[str, list[Placed]],
        simple: bool,  # one name per card and no two cards alike: only repeated copies can break it
    ) -> None:
        self.nonland = nonland
        self.copies = copies
        self.names_of = names_of
        self.entries_of = entries_of
        self.simple = simple


def _lutri_tally(items: Sequence[Counted]) -> _LutriTally:
    nonland = [(dc, f) for dc, f in items if not f.is_land]
    copies: dict[str, int] = {}
    names_of: dict[str, frozenset[str]] = {}
    entries_of: dict[str, list[Placed]] = {}
    for dc, f in nonland:
        name = f.name
        if name in copies:
            copies[name] += dc.quantity
            entries_of[name].append(dc)
        else:
            copies[name] = dc.quantity
            names_of[name] = f.name_keys
            entries_of[name] = [dc]
    return _LutriTally(nonland, copies, names_of, entries_of, _distinct_single_names(list(names_of.values())))


def _distinct_single_names(names: Sequence[frozenset[str]]) -> bool:
    return all(len(n) == 1 for n in names) and len(frozenset().union(*names)) == len(names)


def _lutri(items: Sequence[Counted], spec: FormatSpec) -> DeckVerdict:
    tally = _lutri_tally(items)
    nonland, copies, names_of, entries_of = tally.nonland, tally.copies, tally.names_of, tally.entries_of
    if tally.simple:
        # Only repeated copies break it, and the cut keeps one copy of each (what the general
        # search below finds, without the search).
        return _lutri_copies(nonland, copies, entries_of)
    users: dict[str, list[str]] = {}
    name_copies: dict[str, int] = {}
    for card_name, names in names_of.items():
        for n in names:
            users.setdefault(n, []).append(card_name)
            name_copies[n] = name_copies.get(n, 0) + copies[card_name]
    shared = {n for n, count in name_copies.items() if count > 1}
    clashing = {card_name for n in shared for card_name in users[n]}  # (the cards that break it)
    breakers: list[Breaker] = []
    for dc, f in nonland:
        if f.name not in clashing:
            continue
        clash = sorted(names_of[f.name] & shared)
        others = sorted({c for n in clash for c in users[n]} - {f.name})
        total = copies[f.name]
        parts = []
        if total > 1:
            parts.append(f"{total} copies of this name{_at_lines(entries_of[f.name])}")
        for other in others:
            parts.append(f"shares a name with {other}{_at_lines(entries_of[other])}")
        breakers.append(Breaker(f.name, dc.line, str(dc.zone), dc.quantity, "; ".join(parts)))
    cut = _lutri_cut(copies, names_of, users)
    return DeckVerdict(tuple(breakers), cut, 0, advised=_lutri_advice(copies, cut))


def _lutri_copies(
    nonland: Sequence[Counted], copies: dict[str, int], entries_of: dict[str, list[Placed]]
) -> DeckVerdict:
    breakers = tuple(
        Breaker(
            f.name,
            dc.line,
            str(dc.zone),
            dc.quantity,
            f"{copies[f.name]} copies of this name{_at_lines(entries_of[f.name])}",
        )
        for dc, f in nonland
        if copies[f.name] > 1
    )
    cut = tuple((name, n - 1) for name, n in copies.items() if n > 1)  # (deck order, as every cut)
    return DeckVerdict(breakers, cut, 0, advised=_lutri_advice(copies, cut))


def _lutri_advice(copies: dict[str, int], cut: tuple[tuple[str, int], ...]) -> str:
    """Lutri's advice where cards are to be cut (advice only: no note where Lutri is forbidden)."""
    if not cut:
        return ""
    kept = sum(copies.values()) - sum(n for _, n in cut)
    return f"keep one copy of each name: {kept} nonland cards remain"


def _lutri_cut(
    copies: dict[str, int], names_of: dict[str, frozenset[str]], holders: dict[str, list[str]]
) -> tuple[tuple[str, int], ...]:
    """Fewest copies to cut so no two nonland cards share a name: keep one copy of each card in a
    maximum set of cards whose names are pairwise disjoint (exact per connected group of cards that
    share names; groups are tiny in practice, split cards being the only source of overlap). A card
    that shares no name with another is a group of its own, which keeps one copy: only the cards
    that share names (``holders``: each name's cards) are grouped (a long list has tens of
    thousands of the others)."""
    parent: dict[str, str] = {}  # (the cards that share a name with another)

    def find(c: str) -> str:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    for cards in holders.values():
        if len(cards) > 1:
            for c in cards:
                parent.setdefault(c, c)
            for c in cards[1:]:
                parent[find(c)] = find(cards[0])
    groups: dict[str, list[str]] = {}
    for c in parent:
        groups.setdefault(find(c), []).append(c)
    cut: list[tuple[str, int]] = []
    for group in groups.values():
        kept = _max_disjoint(group, names_of)
        for c in sorted(group):
            extra = copies[c] - (1 if c in kept else 0)
            if extra:
                cut.append((c, extra))
    cut += [(c, n - 1) for c, n in copies.items() if n > 1 and c not in parent]
    first_seen = {c: i for i, c in enumerate(copies)}  # (deck order, as every cut)
    return tuple(sorted(cut, key=lambda item: first_seen[item[0]]))


def _max_disjoint(group: list[str], names_of: dict[str, frozenset[str]]) -> set[str]:
    group = sorted(group)
    if len(group) == 1:
        return set(group)
    if len(group) <= 16:
        for size in range(len(group), 0, -1):
            for chosen in combinations(group, size):
                seen: set[str] = set()
                ok = True
                for c in chosen:
                    if seen & names_of[c]:
                        ok = False
                        break
                    seen |= names_of[c]
                if ok:
                    return set(chosen)
    # Greedy fallback for implausibly large overlapping groups: fewest names first.
    kept: set[str] = set()
    used: set[str] = set()
    for c in sorted(group, key=lambda c: (len(names_of[c]), c)):
        if not used & names_of[c]:
            kept.add(c)
            used |= names_of[c]
    return kept


def _umori_tally(
    nonland: Iterable[tuple[int, frozenset[str]]], keep_from: frozenset[str] | None = None
) -> tuple[int, dict[str, int], str | None, int]:
    """Over (copies, card types) of the nonland cards: (nonland copies, copies having each card
    type, the type to keep, copies having it). ``keep_from``: the card types the kept one must be
    among when any is (the types every commander has: a commander is no card to cut)."""
    total = 0
    have_type: dict[str, int] = {}  # copies of nonland cards having each card type
    for copies, card_types in nonland:
        total += copies
        for card_type in card_types:
            have_type[card_type] = have_type.get(card_type, 0) + copies
    if not have_type:
        return total, have_type, None, 0
    choices = {t: n for t, n in have_type.items() if t in keep_from} if keep_from else have_type
    shared_type = _umori_keep(choices or have_type)
    return total, have_type, shared_type, have_type[shared_type]


def umori_preference(card_types: Iterable[str]) -> list[str]:
    """Umori's tie-break: of card types equally many nonland copies have, the first in this order
    (alphabetical) is the one kept. The engine and the array screen (companion_arrays) both read it."""
    return sorted(card_types)


def _umori_keep(have_type: dict[str, int]) -> str:
    """The card type to keep: the one the most nonland copies have (fewest cuts), ties broken by
    :func:`umori_preference`."""
    most = max(have_type.values())
    return next(t for t in umori_preference(have_type) if have_type[t] == most)


_TYPES_TEXT: dict[frozenset[str], str] = {}  # (one entry per set of card types: a few dozen)


def _types_text(card_types: frozenset[str]) -> str:
    """A card's types as Umori's reason names them, worked out once per set of types."""
    text = _TYPES_TEXT.get(card_types)
    if text is None:
        text = _TYPES_TEXT[card_types] = " ".join(sorted(card_types)) or "no card type"
    return text


def _with_article(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def umori_keep_from(leaders: Iterable[frozenset[str]]) -> frozenset[str] | None:
    """The card types Umori's kept type must be among in a deck led by nonland commanders with card
    types ``leaders``: those every one of them has (a commander is no card to cut). None when they
    have none (or there is no commander): any type, and a commander then breaks the condition. The
    engine and the array screen (companion_arrays) both read it."""
    shared = frozenset.intersection(*leaders) if leaders else frozenset()
    return shared or None


def _umori(items: Sequence[Counted], spec: FormatSpec) -> DeckVerdict:
    nonland = [(dc, f) for dc, f in items if not f.is_land]
    if not nonland:
        return DeckVerdict(note="no nonland cards")
    led = [f.card_types for dc, f in nonland if spec.commander and dc.zone is Zone.COMMANDER]
    keep_from = umori_keep_from(led)
    total, have_type, shared_type, have = _umori_tally(
        [(dc.quantity, f.card_types) for dc, f in nonland], keep_from
    )
    if shared_type is not None and have == total:
        return DeckVerdict(note=f"every nonland card is {_with_article(shared_type)} card")
    kept_from = keep_from or have_type
    ties = sorted(t for t, n in have_type.items() if t != shared_type and n == have and t in kept_from)
    # the type kept is one choice of several where others tie: each reason says so
    tied = (
        f", as many as have {' or '.join(ties)}: {'either' if len(ties) == 1 else 'any'} can be kept"
        if ties
        else ""
    )
    breakers = []
    for dc, f in nonland:
        if shared_type is None or shared_type not in f.card_types:
            types = _types_text(f.card_types)
            why = (
                f"{types} card: does not share {shared_type}, the card type {have:,} of {total:,} "
                f"nonland cards have{tied}"
                if shared_type
                else f"{types} card: no card type found"
            )
            breakers.append(Breaker(f.name, dc.line, str(dc.zone), dc.quantity, why))
    note = f"no card type is shared by every nonland card; best is {shared_type} ({have:,} of {total:,})"
    if keep_from is not None and max(have_type.values()) > have:
        note += ", a card type of the commander's"
    if ties:
        note += f"; {', '.join(ties)} would need as many cuts"
    return breakers_verdict(breakers, spec, note)


def yorion_needs(spec: FormatSpec) -> int:
    """The starting deck Yorion asks for: twenty cards over the minimum deck size (the game's, where
    the format checks none: FormatSpec.deck_minimum)."""
    return spec.deck_minimum + 20


def yorion_impossible(spec: FormatSpec) -> bool:
    """Whether no deck of the format can hold :func:`yorion_needs` cards (its maximum is lower:
    Commander, Brawl)."""
    return spec.max_main is not None and spec.max_main < yorion_needs(spec)


def _yorion_possible(spec: FormatSpec) -> str | None:
    """Why Yorion can never be revealed in the format (:func:`yorion_impossible`), else None."""
    needed = yorion_needs(spec)
    if not yorion_impossible(spec):
        return None
    fixed = "exactly" if spec.fixed_size else "at most"
    return (
        f"{spec.title} decks have {fixed} {spec.max_main} cards, so the starting deck can never have the "
        f"{needed} ({spec.deck_minimum} + 20) Yorion needs"
    )


def _yorion(items: Sequence[Counted], spec: FormatSpec) -> DeckVerdict:
    return yorion_verdict(sum(dc.quantity for dc, _ in items), spec)


def yorion_verdict(size: int, spec: FormatSpec, uncertain: Sequence[unres.Written] = ()) -> DeckVerdict:
    """Yorion's condition on a starting deck of ``size`` cards: a count, so it is decided whatever
    the cards are (unknown ones included), but for the ``uncertain`` lines among them
    (:func:`yorion_uncertain`): each may be no card, so the deck may have fewer. ``add`` is what
    the deck as read lacks; the note says the range and the lines it depends on, and the advised
    note how many cards to add."""
    needed = yorion_needs(spec)
    if size >= needed and not uncertain:
        return DeckVerdict(note=f"{size} cards, at least {needed} ({spec.deck_minimum} + 20)")
    fewest = size - unres.copies(uncertain)
    cards = unres.count_range(fewest, size) if uncertain else str(size)
    count = f"the starting deck has {cards} cards; Yorion needs {needed} ({spec.deck_minimum} + 20)"
    advice = ""
    if size < needed:
        lacking = unres.count_range(needed - size, needed - fewest) if uncertain else str(needed - size)
        advice = f": add {lacking}"
    depends = f"; {unres.uncertain_text(uncertain)}" if uncertain else ""
    return DeckVerdict(add=max(needed - size, 0), note=count + depends, advised=count + advice + depends)


def yorion_uncertain(unknown: Sequence[_U], size: int, spec: FormatSpec) -> list[_U]:
    """The starting deck's ``unknown`` lines that may be no card (unresolved.uncertain_copies) where
    Yorion's count of ``size`` cards depends on them: without them the deck falls short of
    :func:`yorion_needs`. Its verdict is then undetermined if the deck as read has enough, and
    how many cards it lacks is not known if it has not."""
    uncertain = unres.uncertain_copies(unknown)
    return uncertain if size - unres.copies(uncertain) < yorion_needs(spec) else []


def _ci(letters: str) -> frozenset[str]:
    return frozenset(letters)


COMPANIONS: tuple[CompanionRule, ...] = (
    CompanionRule(
        "Gyruda, Doom of Depths",
        "Gyruda",
        "Your starting deck contains only cards with even mana values.",
        _ci("UB"),
        card_check=_gyruda,
    ),
    CompanionRule(
        "Jegantha, the Wellspring",
        "Jegantha",
        "No card in your starting deck has more than one of the same mana symbol in its mana cost.",
        _ci("WUBRG"),
        card_check=_jegantha,
    ),
    CompanionRule(
        "Kaheera, the Orphanguard",
        "Kaheera",
        "Each creature card in your starting deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast card.",
        _ci("GW"),
        card_check=_kaheera,
    ),
    CompanionRule(
        "Keruga, the Macrosage",
        "Keruga",
        "Your starting deck contains only cards with mana value 3 or greater and land cards.",
        _ci("GU"),
        card_check=_keruga,
    ),
    CompanionRule(
        "Lurrus of the Dream-Den",
        "Lurrus",
        "Each permanent card in your starting deck has mana value 2 or less.",
        _ci("WB"),
        card_check=_lurrus,
    ),
    CompanionRule(
        "Lutri, the Spellchaser",
        "Lutri",
        "Each nonland card in your starting deck has a different name.",
        _ci("UR"),
        deck_check=_lutri,
    ),
    CompanionRule(
        "Obosh, the Preypiercer",
        "Obosh",
        "Your starting deck contains only cards with odd mana values and land cards.",
        _ci("BR"),
        card_check=_obosh,
    ),
    CompanionRule(
        "Umori, the Collector",
        "Umori",
        "Each nonland card in your starting deck shares a card type.",
        _ci("BG"),
        deck_check=_umori,
    ),
    CompanionRule(
        "Yorion, Sky Nomad",
        "Yorion",
        "Your starting deck contains at least twenty cards more than the minimum deck size.",
        _ci("WU"),
        deck_check=_yorion,
        format_check=_yorion_possible,
    ),
    CompanionRule(
        "Zirda, the Dawnwaker",
        "Zirda",
        "Each permanent card in your starting deck has an activated ability.",
        _ci("RW"),
        card_check=_zirda,
    ),
)
COMPANION_BY_NAME: dict[str, CompanionRule] = {r.name: r for r in COMPANIONS}
# compiled when a card outside the ten is first asked about
_COMPANION_TEXT_RE = LazyPattern(r"^companion\s*[—–-]", re.IGNORECASE | re.MULTILINE)


def rule_for(card: Card) -> CompanionRule | None:
    return COMPANION_BY_NAME.get(card.name)


def has_companion_ability(card: Card) -> bool:
    return rule_for(card) is not None or bool(_COMPANION_TEXT_RE.search(card.oracle_text))


def _rule_of(dc: DeckCard) -> CompanionRule | None:
    """:func:`rule_for` an entry's card, by its oracle name."""
    return COMPANION_BY_NAME.get(dc.oracle_name)


def _has_ability(dc: DeckCard) -> bool:
    """:func:`has_companion_ability` of an entry's card (its stored facts hold it, rules.common)."""
    facts = dc.facts
    return has_companion_ability(dc.card) if facts is None else facts.has_companion_ability


# -- where the companions are listed -------------------------------------------------------------
class _Listing:
    """Companion cards by where the list put them, and which count as declared."""

    __slots__ = ("commander_zone", "declared", "from_sideboard", "non_companions", "sideboard", "zone_cards")

    def __init__(self) -> None:
        self.zone_cards: list[DeckCard] = []  # companion-ability cards in Zone.COMPANION
        self.non_companions: list[DeckCard] = []  # other cards in Zone.COMPANION
        self.sideboard: list[DeckCard] = []  # companion cards (of the ten) in the sideboard
        self.commander_zone: list[DeckCard] = []  # companion cards listed as commanders
        self.declared: dict[str, DeckCard] = {}  # rule name -> first declaring entry
        self.from_sideboard = False


def _listing(
    companion_zone: Iterable[DeckCard],
    sideboard: Iterable[DeckCard],
    commanders: Iterable[DeckCard],
    spec: FormatSpec,
) -> _Listing:
    """Where the deck lists its companion cards, from its cards under Companion, in the sideboard
    and in the command zone (each in deck order)."""
    listing = _Listing()
    for dc in companion_zone:
        (listing.zone_cards if _has_ability(dc) else listing.non_companions).append(dc)
    listing.sideboard = [dc for dc in sideboard if _rule_of(dc)]
    listing.commander_zone = [dc for dc in commanders if _has_ability(dc)]
    listing.declared, listing.from_sideboard = declarations(
        [(rule.name, dc) for dc in listing.zone_cards if (rule := _rule_of(dc)) is not None],
        [(rule.name, dc) for dc in listing.sideboard if (rule := _rule_of(dc)) is not None],
        zone_used=bool(listing.zone_cards),
        commander=spec.commander,
    )
    return listing


_Key = TypeVar("_Key")  # what a declaration is told apart by (a name, an index)
_At = TypeVar("_At")  # where it is (an entry, a position)
_W = TypeVar("_W", bound=unres.Written)  # an entry as written (an Entry, the lean checker's)
_U = TypeVar("_U", bound=unres.Uncounted)  # one that says whether its line gave a count


def declarations(
    zone: Iterable[tuple[_Key, _At]],
    sideboard: Iterable[tuple[_Key, _At]],
    *,
    zone_used: bool,
    commander: bool,
) -> tuple[dict[_Key, _At], bool]:
    """Which companions a list declares (CR 702.139a): each companion (``_Key``) by its first entry
    (``_At``) under Companion (``zone``: the cards there that are one of the ten); when no card with
    a companion ability is listed there (``zone_used``) and the format has a sideboard (not
    Commander, CR 903.5e), the sideboard's companion cards instead. Returns them and whether they
    come from the sideboard. The engine and the lean batch checker both ask this."""
    declared: dict[_Key, _At] = {}
    for key, at in zone:
        declared.setdefault(key, at)
    if zone_used or commander:
        return declared, False
    for key, at in sideboard:
        declared.setdefault(key, at)
    return declared, bool(declared)


# -- evaluation --------------------------------------------------------------------------------------
class _Context:
    """What every rule of one evaluation reads, computed once per deck (by :func:`_context`)."""

    __slots__ = (
        "breakers",
        "chooses",
        "deck",
        "identity",
        "items",
        "legality_key",
        "legality_open",
        "listing",
        "lookup",
        "may_be",
        "named",
        "obstacles",
        "size",
        "spec",
        "unknown",
        "unknown_commanders",
        "unread",
    )

    def __init__(
        self,
        deck: Deck,
        spec: FormatSpec,
        items: list[tuple[Entry, CardTraits]],  # the starting deck's entries (slots, no properties)
        size: int,
        identity: frozenset[str] | None,  # the commanders' combined colour identity (None: no commander)
        listing: _Listing,
        lookup: CardLookup | None,
        legality_key: str | None,  # the card data's key for this format (None: not checked)
        # the card data does not vouch for the day the deck is judged for (engine.legality_out_of_date),
        # or, under a format's history, its printings may lack sets that joined the format since
        legality_open: bool,
        unknown: list[Entry],  # starting-deck entries the data does not know
        unknown_commanders: list[Entry],
        # per COMPANIONS index: the starting deck's cards that break its per-card condition, in deck
        # order (every card's verdicts are read in one pass over the deck)
        breakers: list[list[Breaker]],
        # companion name -> the starting-deck entries with that name (their copies may leave no room
        # for the companion: obstacles)
        named: dict[str, list[DeckCard]],
        # per COMPANIONS index: its obstacles (_obstacles), once asked for
        obstacles: list[list[tuple[str, str]] | None],
        # why the deck is not the deck its file holds (engine.unread_part), or None
        unread: str | None = None,
        # a commander's colour is chosen before the game (CR 903.4b): part of its identity
        chooses: bool = False,
        may_be: MayBe | None = None,  # the cards an unknown name may be (DC010's did-you-mean)
    ) -> None:
        self.deck = deck
        self.spec = spec
        self.items = items
        self.size = size
        self.identity = identity
        self.listing = listing
        self.lookup = lookup
        self.legality_key = legality_key
        self.legality_open = legality_open
        self.unknown = unknown
        self.unknown_commanders = unknown_commanders
        self.breakers = breakers
        self.named = named
        self.obstacles = obstacles
        self.unread = unread
        self.chooses = chooses
        self.may_be = may_be


_ZONE_TEXT = {zone: str(zone) for zone in Zone}  # a Breaker's zone, without str() per entry
# Breaker(*values), without the named tuple's generated __new__ in between: a deck makes a hundred
_new_tuple = tuple.__new__
COMPANION_NAMES = frozenset(rule.name for rule in COMPANIONS)  # (the cards with a companion ability)


def _context(
    deck: Deck,
    spec: FormatSpec,
    lookup: CardLookup | None = None,
    legality_open: bool = False,
    unread: str | None = None,
    may_be: MayBe | None = None,
) -> _Context:
    # the rules never import companions: no cycle
    from deckcheck.rules.common import identity_of

    # one pass over the deck: the starting deck (and each card's verdicts), and the cards the
    # companion listing reads (Companion, sideboard, command zone)
    start = STARTING_ZONES
    items: list[tuple[Entry, CardTraits]] = []
    breakers: list[list[Breaker]] = [[] for _ in COMPANIONS]
    named: dict[str, list[DeckCard]] = {}
    by_zone: dict[Zone, list[DeckCard]] = {Zone.COMMANDER: [], Zone.COMPANION: [], Zone.SIDEBOARD: []}
    size = 0
    for dc in deck.cards:
        entry = dc.entry
        zone = entry.zone
        if zone in by_zone:
            by_zone[zone].append(dc)
        if zone not in start:
            continue
        facts = dc.facts
        features: CardTraits
        if facts is None:
            _, features, reasons, breaks = _judged(dc.card)
        else:  # the card's stored facts: its verdicts and what the deck-level conditions read
            features, reasons, breaks = facts, facts.reasons, facts.breaks
        items.append((entry, features))
        quantity = entry.quantity
        size += quantity
        if breaks:
            name, line, zone_text = features.name, entry.line, _ZONE_TEXT[zone]
            for i in breaks:
                breakers[i].append(_new_tuple(Breaker, (name, line, zone_text, quantity, reasons[i] or "")))
        if not features.names.isdisjoint(COMPANION_NAMES):
            for name in sorted(features.names & COMPANION_NAMES):
                named.setdefault(name, []).append(dc)
    commanders = by_zone[Zone.COMMANDER]
    identity: frozenset[str] | None = None
    chooses = False
    if commanders:  # the Commander rules are loaded for a deck with a commander only
        from deckcheck.rules.commander import chooses_colour_of, combined_identity, is_signature_spell

        # (Oathbreaker's Signature Spells lead nothing: the identity is the Oathbreakers')
        leading = [dc for dc in commanders if not is_signature_spell(dc, spec)]
        if leading:
            identity = combined_identity(identity_of(dc) for dc in leading)
        chooses = spec.commander and any(chooses_colour_of(dc) for dc in leading)
    unknown = deck.unresolved_start() if deck.unresolved else []
    unknown_commanders = deck.unresolved_in(Zone.COMMANDER) if spec.commander and deck.unresolved else []
    if identity is None and unknown_commanders:
        identity = frozenset()  # known to have a commander; its identity is what the data knows of it
    size += unres.copies(unknown)
    key = legality_key_for(deck, spec) if spec.legality_candidates else None
    return _Context(
        deck,
        spec,
        items,
        size,
        identity,
        _listing(by_zone[Zone.COMPANION], by_zone[Zone.SIDEBOARD], commanders, spec),
        lookup,
        key,
        legality_open and key is not None,
        unknown,
        unknown_commanders,
        breakers,
        named,
        [None] * len(COMPANIONS),
        unread,
        chooses,
        may_be,
    )


def _identity_text(colours: frozenset[str]) -> str:
    return "".join("{" + c + "}" for c in sort_colours(colours)) or "colourless"


def _obstacles(index: int, ctx: _Context) -> list[tuple[str, str]]:
    """(kind, text) of what forbids companion ``index`` (its declared card, else the card of its
    name) here, whatever the deck's contents (:func:`obstacles`), from an evaluation context; asked
    once per deck."""
    found = ctx.obstacles[index]
    if found is None:
        rule = COMPANIONS[index]
        declared = ctx.listing.declared.get(rule.name)
        found = ctx.obstacles[index] = _card_obstacles(rule, declared.card if declared else None, ctx)
    return found


def companion_card_status(
    name: str,
    listed: str | None,
    spec: FormatSpec,
    *,
    legality_open: bool,
    on_the_day: Callable[[], str] | None = None,
) -> str | None:
    """A companion card's own legality in ``spec`` for its obstacles: banned where the format's own
    list bans it, whatever the data says and on any day; else, under legality as of a day, its
    status from the format's history (``on_the_day``); else as the card data lists it under the
    deck's legality key (``listed``; None: no card or no key), :data:`LEGALITY_UNVERIFIED` where
    what the data says is too old for the deck's day (``legality_open``). The engine and the lean
    batch checker both ask this."""
    if banned_by_own_list(name, spec):
        return "banned"
    if on_the_day is not None:
        return on_the_day()
    return LEGALITY_UNVERIFIED if legality_open else listed


def _card_obstacles(rule: CompanionRule, card: Card | None, ctx: _Context) -> list[tuple[str, str]]:
    known = card if card is not None else (ctx.lookup(rule.name) if ctx.lookup is not None else None)
    legality_key = ctx.legality_key
    listed = (
        card_listed(known, legality_key, ctx.spec) if known is not None and legality_key is not None else None
    )
    on_the_day: Callable[[], str] | None = None
    # legality on a day: the format's history (a format without legality, Limited, has none to read)
    if known is not None and reads_history(ctx.spec.as_of) and ctx.spec.legality_candidates:
        dated_card = known

        def on_the_day() -> str:
            from deckcheck.history import dated_status

            # (a day the history does not cover, or a card without printings: not known, never legal;
            # nor "not legal" by printings that may lack sets that joined the format after the data's day)
            dated = dated_status(dated_card, ctx.deck, ctx.spec, printings_complete=not ctx.legality_open)
            return dated or (LEGALITY_UNVERIFIED if ctx.legality_open else HISTORY_UNVERIFIED)

    status = companion_card_status(
        rule.name, listed, ctx.spec, legality_open=ctx.legality_open, on_the_day=on_the_day
    )
    companion_identity = card.color_identity if card is not None else rule.colour_identity
    clash = ctx.named.get(rule.name, [])
    # a commander the data does not know may hold the colours: undetermined (depends_on)
    identity = None if ctx.unknown_commanders else ctx.identity
    shown: str | None = None
    if identity is not None and ctx.chooses:
        from deckcheck.rules.commander import identity_choice

        # the chosen colour is part of the identity (CR 903.4b), assumed as the colour-identity rule
        # assumes it (DC309), the companion among what must fit: the declared one as listed, any
        # other as if the deck revealed it instead
        choice = identity_choice(ctx.deck, None if card is not None else companion_identity)
        identity, shown = choice.identity, _chosen_identity_text(choice)
    no_commander = ctx.spec.commander and ctx.identity is None  # (not even one the data does not know)
    if clash:  # names this deck's own entries
        return obstacles(
            rule,
            ctx.spec,
            status,
            companion_identity,
            identity,
            clash,
            no_commander=no_commander,
            unread=ctx.unread,
            identity_shown=shown,
        )
    # else the same few answers recur over a run (by format, legality, commander identity): each
    # is worked out once (the spec is kept beside it, so its id stays its own)
    spec = ctx.spec
    key = (rule.name, id(spec), status, companion_identity, identity, no_commander, ctx.unread, shown)
    hit = _OBSTACLES.get(key)
    if hit is None or hit[0] is not spec:
        if len(_OBSTACLES) >= _OBSTACLES_LIMIT:
            _OBSTACLES.clear()
        found = obstacles(
            rule,
            spec,
            status,
            companion_identity,
            identity,
            (),
            no_commander=no_commander,
            unread=ctx.unread,
            identity_shown=shown,
        )
        hit = _OBSTACLES[key] = (spec, found)
    return hit[1]


# obstacles() answers without a name clash (never mutated: results and findings copy them), by
# (companion, format's id, status, companion's and commanders' colour identities, no commander
# marked, why the file was not read, how a chosen colour is named); bounded
_ObstacleKey = tuple[
    str, int, str | None, frozenset[str], frozenset[str] | None, bool, str | None, str | None
]
_OBSTACLES: dict[_ObstacleKey, tuple[FormatSpec, list[tuple[str, str]]]] = {}
_OBSTACLES_LIMIT = 10_000


def _chosen_identity_text(choice: IdentityChoice) -> str:
    """The commanders' identity with a chosen colour (CR 903.4b), as DC404 names it: the colour
    assumed for each such commander, or, where none fits, that it is one colour (never "colourless":
    the commander is the colour chosen)."""
    said = [f"{{{colour}}} assumed for {name}" for name, colour in choice.assumed if colour]
    said += [
        f"{'and ' if choice.identity else ''}one colour chosen for {name}"
        for name, colour in choice.assumed
        if not colour
    ]
    if not choice.identity:  # (only unassigned choosers: the identity is their one colour each)
        return f"({', '.join(said)}; CR 903.4b)"
    return f"{_identity_text(choice.identity)} ({', '.join(said)}; CR 903.4b)"


def obstacles(
    rule: CompanionRule,
    spec: FormatSpec,
    status: str | None,
    companion_identity: frozenset[str],
    identity: frozenset[str] | None,
    clash: Sequence[Placed],
    *,
    no_commander: bool = False,
    unread: str | None = None,
    identity_shown: str | None = None,
) -> list[tuple[str, str]]:
    """(kind, text) of what forbids this card as companion here, whatever the deck's contents.

    ``status``: the companion card's legality in the format (None: card or legality data unknown);
    ``identity``: the commanders' combined colour identity (None: no commander); ``clash``: the
    starting-deck entries with the companion's name (where the format limits copies).

    kind: banned (FormatSpec.companion_bans) | legality (the card itself is banned or not legal in the
    format, when the card is known) | format (the rule's format check: Yorion where the deck size is
    fixed) | identity | name (the starting deck already holds as many copies of the companion's name
    as the format allows: CR 903.11a in Commander, 100.2a otherwise) | :data:`UNVERIFIED` (``status``
    is :data:`LEGALITY_UNVERIFIED`, :data:`HISTORY_UNVERIFIED` or one the card data does not give
    where the format's card pool may hold the card (rules.legality.NOT_GIVEN): the card's own
    legality is not known; or no format was given, ``spec`` an inferred shape whose formats ban it
    as a companion or judge legality (inference.with_known_formats); or ``no_commander``: a
    Commander deck that marks no commander, whose colour identity and own part of the starting deck
    (702.139b) are not known; or
    ``unread``: why the deck is not the one its file holds (engine.unread_part), whose starting deck
    is then not known. Each forbids nothing but leaves a met condition undetermined;
    :func:`decisive` leaves it out).
    ``identity_shown``: how the findings name ``identity`` when a commander's colour is chosen
    (it holds the colour assumed for it)."""
    problems: list[tuple[str, str]] = []
    if unread is not None:
        problems.append((UNVERIFIED, f"{unread}, so the starting deck is not known"))
    if rule.name in spec.companion_bans and spec.inferred:  # (inference.with_known_formats)
        problems.append(
            (
                UNVERIFIED,
                f"{rule.short} is banned as a companion in some formats of this shape, {spec.title}, and "
                f"the deck names none, so whether {rule.short} may be its companion is not known; name the "
                f"format with {NAMING_A_FORMAT}",
            )
        )
    elif spec.legality_unchecked:
        problems.append(
            (
                UNVERIFIED,
                f"no format given: whether {rule.short} is legal is not checked; name the format with "
                f"{NAMING_A_FORMAT}",
            )
        )
    elif rule.name in spec.companion_bans:
        problems.append(("banned", f"{rule.short} is banned as a companion in {spec.title}"))
    if status in {"banned", "not_legal"}:
        word = "banned" if status == "banned" else "not legal"
        problems.append(("legality", f"{rule.short} is {word} in {spec.title}"))
    elif status == LEGALITY_UNVERIFIED:
        problems.append(
            (
                UNVERIFIED,
                f"the card data does not describe the day the deck is judged for, so {rule.short}'s own "
                f"legality in {spec.title} is not known (DC015)",
            )
        )
    elif status in _NOT_GIVEN:
        problems.append(
            (
                UNVERIFIED,
                f"the card data gives no {spec.title} legality for {rule.short}, which may be in "
                f"{spec.title}'s card pool, so its own legality is not known (DC015)",
            )
        )
    elif status == HISTORY_UNVERIFIED:
        problems.append(
            (
                UNVERIFIED,
                f"the format's history does not answer for the day the deck is judged for, so "
                f"{rule.short}'s own legality in {spec.title} is not known (DC206, DC207)",
            )
        )
    impossible = rule.format_check(spec) if rule.format_check is not None else None
    if impossible:
        problems.append(("format", impossible))
    if not spec.companions:  # (what else the deck would have to fit is beside the point)
        problems.append(
            (
                "format",
                f"{spec.title} has no companions: it has no sideboard, and abilities that work from outside "
                "the game do not function",
            )
        )
        return problems
    if spec.commander:
        if no_commander:
            problems.append(
                (
                    UNVERIFIED,
                    f"no commander is marked, so whether {rule.short}'s colour identity fits the "
                    "commander's, and whether the commander keeps the condition, is not known (DC105)",
                )
            )
        if identity is not None and not companion_identity <= identity:
            outside = _identity_text(companion_identity - identity)
            problems.append(
                (
                    "identity",
                    f"{rule.short}'s colour identity {_identity_text(companion_identity)} has {outside} "
                    f"outside the commander's colour identity {identity_shown or _identity_text(identity)}",
                )
            )
    copies = sum(entry.quantity for entry in clash)
    limit = companion_copy_limit(spec, status)
    if copies and limit is not None and copies >= limit:
        if spec.commander:
            text = f"a card named {rule.name} is already in the starting deck{_at_lines(clash)}"
        else:  # the companion is a sideboard card: it counts toward the copies (CR 100.2a, 702.139a)
            held = f"{copies} {'copy' if copies == 1 else 'copies'} of {rule.name}{_at_lines(clash)}"
            allowed = (
                f"{rule.short} is restricted in {spec.title}"
                if limit == 1 and spec.copy_limit != 1
                else f"{spec.title} allows {limit} across deck and sideboard"
            )
            text = f"the starting deck already has {held} and {allowed}: the companion would be one too many"
        problems.append(("name", text))
    return problems


def companion_copy_limit(spec: FormatSpec, status: str | None) -> int | None:
    """How many copies of a companion card the starting deck may hold before revealing it from
    outside the deck would be one too many (None: any number): the format's copy limit, which counts
    deck and sideboard together (CR 100.2a; 903.5b in Commander, where it is 1), or 1 for a card
    restricted in the format (Vintage)."""
    if status == "restricted" and spec.restricted_means == "one-copy":
        return 1
    return spec.copy_limit


def decisive(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The items of :func:`obstacles` that forbid the companion (all but :data:`UNVERIFIED`)."""
    return [item for item in found if item[0] != UNVERIFIED] if found else found


def _placement(rule: CompanionRule, ctx: _Context) -> list[str]:
    """Problems with where this companion is listed (they do not change eligibility)."""
    listing, spec = ctx.listing, ctx.spec
    if not (listing.zone_cards or listing.commander_zone or listing.sideboard):
        return []  # no companion card listed anywhere: nowhere to be misplaced
    problems: list[str] = []
    in_zone = [dc for dc in listing.zone_cards if _rule_of(dc) is rule]
    zone_total = sum(dc.quantity for dc in listing.zone_cards)
    if in_zone and zone_total > 1:
        problems.append(f"{zone_total} cards are listed as companion; a deck reveals at most one")
    for dc in listing.commander_zone:
        if _rule_of(dc) is not rule:
            continue
        if not spec.commander:
            problems.append(
                f"listed as a commander, but {spec.title} has no commander; a companion goes in the sideboard"
            )
        elif ctx.deck.count(Zone.COMMANDER) > 1:
            problems.append("listed as a second commander; a companion goes in the Companion section")
    if spec.commander and not in_zone and any(_rule_of(dc) is rule for dc in listing.sideboard):
        problems.append(
            f"listed in the sideboard, but {spec.title} has no sideboard; "
            "list it under Companion to declare it"
        )
    return problems


CardLookup = Callable[[str], Card | None]


def evaluate(
    deck: Deck,
    spec: FormatSpec,
    lookup: CardLookup | None = None,
    *,
    legality_open: bool = False,
    may_be: MayBe | None = None,
) -> list[CompanionResult]:
    """All ten companions, in table order, evaluated on this deck's starting deck.

    ``lookup`` (e.g. ``CardStore.get``) finds companion cards the deck does not list, so a companion
    that is banned or not legal in the format is not offered as one it could reveal.
    ``legality_open``: the card data does not vouch for the day the deck is judged for
    (engine.legality_out_of_date), so what it says of a companion card's legality is not gone by:
    a met condition is undetermined, not eligible. ``may_be``: the cards a name the data does not
    know may be (:data:`MayBe`, DC010's offer): Lutri's verdict depends on one that may be a card the
    starting deck holds (:func:`lutri_kin`); without it such a name is no card the deck holds."""
    return _evaluate(_context(deck, spec, lookup, legality_open, may_be=may_be))


def evaluate_with_findings(
    deck: Deck,
    spec: FormatSpec,
    lookup: CardLookup | None = None,
    *,
    legality_open: bool = False,
    unread: str | None = None,
    may_be: MayBe | None = None,
) -> tuple[list[CompanionResult], list[Finding]]:
    """:func:`evaluate` and :func:`companion_findings` of one deck, from one evaluation context
    (what the engine asks of every deck). ``unread``: why the deck is not the one its file holds
    (engine.unread_part): no condition is met for certain, nor Yorion's count missed. ``may_be`` as
    for :func:`evaluate`."""
    ctx = _context(deck, spec, lookup, legality_open, unread, may_be)
    results = _evaluate(ctx)
    return results, _findings(ctx, results)


def _evaluate(ctx: _Context) -> list[CompanionResult]:
    return [_evaluate_rule(i, rule, ctx) for i, rule in enumerate(COMPANIONS)]


def _verdict(index: int, rule: CompanionRule, ctx: _Context, uncertain: Sequence[Entry] = ()) -> DeckVerdict:
    """The verdict on the known cards (:func:`open_entries` says what the unknown ones leave open);
    Yorion counts every card (``uncertain``: :func:`yorion_uncertain`). A per-card condition's
    breakers are the cards whose verdict (:func:`card_reasons`) names a reason, in deck order."""
    if rule.deck_check is not None:
        return deck_verdict(rule, ctx.items, ctx.size, ctx.spec, uncertain)
    return breakers_verdict(ctx.breakers[index], ctx.spec)


def deck_verdict(
    rule: CompanionRule,
    items: Sequence[Counted],
    size: int,
    spec: FormatSpec,
    uncertain: Sequence[unres.Written] = (),
) -> DeckVerdict:
    """A deck-level condition's verdict on the starting deck's known cards (``items``); Yorion's
    counts every card, ``size`` (the unknown ones too; ``uncertain``: :func:`yorion_uncertain`).
    The engine and the lean batch checker both ask this."""
    if rule.deck_check is _yorion:
        return yorion_verdict(size, spec, uncertain)
    assert rule.deck_check is not None
    return rule.deck_check(items, spec)


def open_entries(
    rule: CompanionRule,
    unknown: Sequence[_W],
    items: Callable[[], Sequence[Counted]] = tuple,
    may_be: MayBe | None = None,
) -> list[tuple[_W, str]]:
    """The unknown starting-deck entries that could break ``rule``'s condition, each with why: any
    card for the per-card conditions and Umori; for Lutri those :func:`lutri_kin` names (``items``:
    the starting deck's known cards, asked for only when a name's did-you-mean offers a card: the
    lean batch checker builds them only for a deck that needs them; ``may_be`` as for
    :func:`evaluate`); none for Yorion, whose condition is a count."""
    if rule.deck_check is _yorion:
        return []
    if rule.deck_check is _lutri:
        groups = unres.by_written_name(unknown)
        offered: dict[str, Sequence[str]] = {}
        if may_be is not None:
            offered = {key: _offers(group, may_be) for key, group in groups.items()}
        nonland = {card.name for _, card in items() if not card.is_land} if any(offered.values()) else set()
        why = lutri_kin({key: unres.copies(group) for key, group in groups.items()}, offered, nonland)
        return [(e, why[key]) for key, group in groups.items() if key in why for e in group]
    return [(e, UNKNOWN_REASON) for e in unknown]


def _offers(entries: Sequence[unres.Written], may_be: MayBe) -> tuple[str, ...]:
    """The cards any of ``entries`` (one name, written one way or several) may be."""
    return tuple(dict.fromkeys(card for e in entries for card in may_be(e.name)))


_K = TypeVar("_K", bound=Hashable)


def lutri_kin(
    copies: Mapping[_K, int], may_be: Mapping[_K, Sequence[str]], nonland: Collection[str]
) -> dict[_K, str]:
    """The names the data does not know in a starting deck (by a key per name as written, with
    their ``copies``) that Lutri's verdict depends on, each with why: a name written more than once,
    or one that may be (``may_be``: DC010's offer, :data:`MayBe`: a likely spelling, or a printed
    name it is without accents) a card already there: a nonland card of the starting deck
    (``nonland``: their names) or a card another such name may be. A name whose offers name nothing
    there (a card newer than the data) is no card there. The engine and the lean batch checker
    both ask this."""
    found = {key: UNKNOWN_REASON for key, n in copies.items() if n > 1}
    offered_by: dict[str, int] = {}  # card -> how many of the names may be it
    for cards in may_be.values():
        for card in set(cards):
            offered_by[card] = offered_by.get(card, 0) + 1
    for key, cards in may_be.items():
        if key in found or not cards:
            continue
        held = [card for card in cards if card in nonland]
        shared = [card for card in cards if offered_by[card] > 1]
        if held:
            found[key] = f"{_MAY_BE}{' or '.join(held)}, which the starting deck holds"
        elif shared:
            found[key] = f"{_MAY_BE}{' or '.join(shared)}, as another name the data does not know may be"
    return found


def depends_on(
    rule: CompanionRule,
    companion_identity: frozenset[str],
    unknown: Sequence[_W],
    unknown_commanders: Sequence[_W],
    identity: frozenset[str] | None,
    *,
    impossible: bool = False,
    items: Callable[[], Sequence[Counted]] = tuple,
    may_be: MayBe | None = None,
) -> list[tuple[_W, str]]:
    """The unknown entries a companion's verdict depends on, each with why: those that could break
    its condition (:func:`open_entries`, ``items`` and ``may_be`` its; none where it can never
    hold), and the commanders the data does not know where the companion's colour identity (a
    declared one's card's, else the rule's) is not within the known commanders' ``identity``: they
    may hold its colours. The engine and the lean batch checker both ask this."""
    found = [] if impossible else open_entries(rule, unknown, items, may_be)
    if unknown_commanders and not companion_identity <= (identity or frozenset()):
        listed = [e for e, _ in found]
        found += [(e, UNKNOWN_REASON) for e in unknown_commanders if e not in listed]
    return found


def undetermined(entries: Iterable[tuple[unres.Written, str]]) -> tuple[Breaker, ...]:
    """A result's ``unresolved``: the unknown entries its verdict depends on and why (depends_on's,
    or yorion_uncertain's with :data:`NO_COUNT_REASON`)."""
    # (made through tuple.__new__, as _context makes its breakers: a long list's unknown entries
    # are thousands, each made again for every companion whose verdict they leave open)
    return tuple(
        [_new_tuple(Breaker, (e.name, e.line, str(e.zone), e.quantity, reason)) for e, reason in entries]
    )


def _evaluate_rule(index: int, rule: CompanionRule, ctx: _Context) -> CompanionResult:
    declared_entry = ctx.listing.declared.get(rule.name)
    card = declared_entry.card if declared_entry else None
    obstacles = _obstacles(index, ctx)
    impossible = next((text for kind, text in obstacles if kind == "format"), None)
    # where the condition can never hold there is nothing to cut or add; ``placement`` says why
    # Yorion's count of a deck not read in full counts nothing (its obstacles say so)
    uncounted = ctx.unread is not None and rule.deck_check is _yorion
    # lines with no count that may be no card, which Yorion's count depends on
    uncertain = (
        yorion_uncertain(ctx.unknown, ctx.size, ctx.spec)
        if rule.deck_check is _yorion and not (impossible or uncounted)
        else []
    )
    verdict = DeckVerdict() if impossible or uncounted else _verdict(index, rule, ctx, uncertain)
    met = not verdict.breakers and verdict.add == 0 and impossible is None
    companion_identity = card.color_identity if card is not None else rule.colour_identity
    open_ = depends_on(
        rule,
        companion_identity,
        ctx.unknown,
        ctx.unknown_commanders,
        ctx.identity,
        impossible=bool(impossible),
        items=lambda: ctx.items,
        may_be=ctx.may_be,
    )
    forbidding = decisive(obstacles)
    eligible: bool | None = met and not forbidding
    # unknown cards, lines that may be no card, or its own legality
    if eligible and (open_ or uncertain or len(forbidding) < len(obstacles)):
        eligible = None
    # on a deck not read in full no cut is offered: the lines not read may break the condition too
    cut, add, note, plain_note = offered_change(
        verdict, ctx.size, ctx.spec, withheld=bool(forbidding) or ctx.unread is not None
    )
    if rule.deck_check is _yorion and not ctx.spec.min_main_known and not forbidding:
        # an inferred shape's minimum is the family's usual one, not the real format's
        eligible = None
        note = f"{note}; {YORION_UNKNOWN_MINIMUM}"
        plain_note = f"{plain_note}; {YORION_UNKNOWN_MINIMUM}"
    # ``unresolved`` also where known cards already decide "no": a cut that would qualify the
    # known cards may not qualify the deck, so it is not offered as a near miss
    return _new_result(
        rule.name,
        eligible,
        verdict.breakers,
        cut,
        add,
        note,
        plain_note,
        declared_entry is not None,
        # (its own legality not verified matters only where nothing else decides the verdict)
        tuple(
            [text for kind, text in obstacles if kind != UNVERIFIED or eligible is None]
            + _placement(rule, ctx)
        ),
        undetermined([*open_, *((e, NO_COUNT_REASON) for e in uncertain)])
        if eligible is None or (not forbidding and not met)
        else (),
    )


def offered_change(
    verdict: DeckVerdict, size: int, spec: FormatSpec, *, withheld: bool
) -> tuple[tuple[tuple[str, int], ...], int, str, str]:
    """The (cut, add, note, plain note) a result offers for ``verdict`` on a starting deck of ``size``
    cards; the plain note is the verdict's, without the change. No change is offered where it is
    ``withheld``: something forbids the companion whatever the deck holds (banned as a companion, not
    legal, outside the commander's colours: no cut qualifies it), or the deck is not read in full.
    The engine and the lean batch checker both ask this."""
    if withheld:
        return (), 0, verdict.note, verdict.note
    note = cut_note(verdict, size, spec) if verdict.cut else verdict.advice()
    return verdict.cut, verdict.add, note, verdict.note


def cut_leaves_too_few(cut: int, size: int, spec: FormatSpec) -> bool:
    """Whether cutting ``cut`` cards from a starting deck of ``size`` leaves it under the format's
    minimum: the cards must then be replaced, not just cut."""
    return size - cut < spec.min_main


def cut_note(verdict: DeckVerdict, size: int, spec: FormatSpec) -> str:
    """A result's note when cards must be cut (``size``: the starting deck's card count)."""
    cut = sum(n for _, n in verdict.cut)
    left = size - cut
    text = f"cut {counted(cut, 'card')} to qualify"
    if cut_leaves_too_few(cut, size, spec):
        text += f" (that leaves {left}, below {spec.title}'s minimum of {spec.min_main}: replace them)"
    advice = verdict.advice()
    return f"{advice}; {text}" if advice else text


# -- findings ------------------------------------------------------------------------------------------
_FIRST_FEW = 3


def _summary(result: CompanionResult) -> str:
    """``2 cards (5 copies) break it: 2 Niv-Mizzet Reborn (line 1: ...); 3 Benalish Marshal (lines
    8, 9, 10: ...)``. The count is of cards (names), the copies follow when they differ; a card
    written on several lines (printings) is shown once, with its lines, its copies summed."""
    groups: dict[tuple[str, str], list[Breaker]] = {}
    for breaker in result.breakers:
        groups.setdefault((breaker.card, breaker.reason), []).append(breaker)
    shown = [_breaker_text(group) for group in list(groups.values())[:_FIRST_FEW]]
    more = len(groups) - _FIRST_FEW
    cards = len({breaker.card for breaker in result.breakers})
    copies = sum(breaker.quantity for breaker in result.breakers)
    verb = "breaks" if cards == 1 else "break"
    copies_text = "" if copies == cards else f" ({copies} copies)"
    head = f"{counted(cards, 'card')}{copies_text} {verb} it: "
    return head + "; ".join(shown) + (f"; and {more} more" if more > 0 else "")


def _breaker_text(group: Sequence[Breaker]) -> str:
    """One card that breaks a condition, on one line or several: ``3 Benalish Marshal (lines 8, 9,
    10: why)``."""
    first = group[0]
    lines = [str(breaker.line) for breaker in group if breaker.line]
    where = f"line {lines[0]}: " if len(lines) == 1 else f"lines {', '.join(lines)}: " if lines else ""
    return f"{sum(breaker.quantity for breaker in group)} {first.card} ({where}{first.reason})"


def why_not(result: CompanionResult) -> str:
    if not result.breakers:
        return result.note
    # (no cut of the 99 qualifies: breakers_verdict)
    return (
        f"{_summary(result)}; {COMMANDER_BREAKS}"
        if result.commander_breaks and not result.cut
        else _summary(result)
    )


def reason_beside_change(result: CompanionResult) -> str:
    """Why ``result`` does not qualify, for an output that gives the change beside it (a finding's
    :func:`change_text`, the companions table's fix): its breakers, or Yorion's plain note, without
    the cards to add."""
    return why_not(result) if result.breakers or not result.add else result.plain_note


def change_text(result: CompanionResult, size: int, spec: FormatSpec) -> str:
    """What to do to qualify: "add 3 cards", "cut 2 X", or "replace 2 X" when cutting would leave the
    deck (``size`` cards) below the format's minimum."""
    if result.add:
        return f"add {counted(result.add, 'card')}"
    cards = ", ".join(f"{n} {name}" for name, n in result.cut)
    cut = result.cut_count
    if cut_leaves_too_few(cut, size, spec):
        left = counted(size - cut, "card")
        return f"replace {cards} (cutting leaves {left}, below the minimum of {spec.min_main})"
    return f"cut {cards}"


def _location(deck: Deck, dc: DeckCard | None) -> Location:
    if dc is None:
        return Location(deck.path, 0, None)
    return Location(deck.path, dc.line, str(dc.zone))


def _result_data(rule: CompanionRule, result: CompanionResult) -> dict[str, object]:
    data: dict[str, object] = {
        "companion": rule.name,
        "eligible": result.eligible,
        "breakers": len(result.breakers),
        "cut": result.cut,
        "add": result.add,
    }
    if result.unresolved:
        data["unresolved"] = [b.card for b in result.unresolved]
    return data


def may_be_texts(unresolved: Iterable[Breaker]) -> list[str]:
    """``Counterspel may be Counterspell, which the starting deck holds``: why Lutri's verdict
    depends on a name the data does not know whose did-you-mean is a card already there (lutri_kin),
    once per name."""
    return list(
        dict.fromkeys(
            f"{b.card} {b.reason.removeprefix(_IT)}" for b in unresolved if b.reason.startswith(_MAY_BE)
        )
    )


def _not_verified_text(about: About) -> str:
    """Why a result is undetermined: ``4 Orcish Bowmasters (line 5) is not in the card data``, the
    companion's own legality not verified, Yorion's minimum not known (its note says so)."""
    result = about.result
    unknown = [b for b in result.unresolved if b.reason != NO_COUNT_REASON]
    parts = [unres.unknown_cards_text(unknown)] if unknown else []
    parts += may_be_texts(unknown)
    no_count = len(unknown) < len(result.unresolved)
    if no_count:
        # lines with no count that may be no card (yorion_uncertain): Yorion's note says the count
        # they leave open (and the minimum, where it is not known)
        parts.append(result.note)
    parts += about.unverified
    if YORION_UNKNOWN_MINIMUM in result.note and not no_count:
        parts.append(YORION_UNKNOWN_MINIMUM)
    return "; ".join(parts)


def _not_verified(about: About, where: Location, what: str) -> Finding:
    rule, result = about.rule, about.result
    return unres.NOT_VERIFIED(
        f"{what} not verified: {_not_verified_text(about)} ({RULE})",
        location=where,
        card=rule.name,
        rule=f"{rule.short}'s companion condition",
        data={"companion": rule.name, "unresolved": unres.unresolved_data(result.unresolved)},
    )


def companion_findings(
    deck: Deck,
    spec: FormatSpec,
    results: list[CompanionResult] | None = None,
    lookup: CardLookup | None = None,
    *,
    legality_open: bool = False,
    may_be: MayBe | None = None,
) -> list[Finding]:
    """Findings for this deck's companions (see the module docstring for what is declared).
    ``lookup``, ``legality_open`` and ``may_be`` as for :func:`evaluate`, and the same ones: a
    companion banned in the format is then neither offered (DC410) nor suggested as a near miss
    (DC413)."""
    ctx = _context(deck, spec, lookup, legality_open, may_be=may_be)
    return _findings(ctx, _evaluate(ctx) if results is None else results)


def _findings(ctx: _Context, results: list[CompanionResult]) -> list[Finding]:
    deck, spec, listing = ctx.deck, ctx.spec, ctx.listing
    by_name = {r.companion: r for r in results}
    findings = _listing_findings(ctx)
    sideboard_eligible = listing.from_sideboard and any(by_name[n].eligible for n in listing.declared)
    for i, rule in enumerate(COMPANIONS):
        result = by_name[rule.name]
        entry = listing.declared.get(rule.name)
        about = About.of(rule, result, _obstacles(i, ctx))
        if entry is not None and listing.from_sideboard:
            findings += sideboard_findings(about, _location(deck, entry), sideboard_eligible)
        elif entry is not None:
            findings += declared_findings(about, _location(deck, entry), deck.path, ctx.size, spec)
        else:
            findings += _undeclared_findings(ctx, about)
    return findings


class About:
    """One companion's evaluation, as the finding builders need it (the engine's and the lean
    batch checker's alike)."""

    __slots__ = ("obstacles", "result", "rule")

    def __init__(
        self,
        rule: CompanionRule,
        result: CompanionResult,
        obstacles: list[tuple[str, str]],  # (kind, text) from obstacles()
    ) -> None:
        self.rule: Final = rule
        self.result: Final = result
        self.obstacles: Final = obstacles

    @classmethod
    def of(cls, rule: CompanionRule, result: CompanionResult, obstacles: list[tuple[str, str]]) -> About:
        return cls(rule, result, obstacles)

    @property
    def data(self) -> dict[str, object]:
        """The findings' data payload (made when a finding is: most companions of a deck get none)."""
        return _result_data(self.rule, self.result)

    @property
    def hard(self) -> list[str]:
        """What forbids the companion here."""
        return [text for kind, text in self.obstacles if kind != UNVERIFIED]

    @property
    def unverified(self) -> list[str]:
        """What is not known of the companion itself (its own legality: obstacles()' UNVERIFIED)."""
        return [text for kind, text in self.obstacles if kind == UNVERIFIED]


def _listing_findings(ctx: _Context) -> list[Finding]:
    deck, spec, listing = ctx.deck, ctx.spec, ctx.listing
    found: list[Finding] = []
    for dc in listing.non_companions:
        found.append(
            NOT_A_COMPANION(
                f"{dc.oracle_name} is listed as companion but has no companion ability",
                location=_location(deck, dc),
                card=dc.oracle_name,
                rule=RULE,
            )
        )
    for dc in listing.zone_cards:
        if _rule_of(dc) is None:
            found.append(
                UNCHECKED_COMPANION(
                    f"{dc.oracle_name} has a companion ability deckcheck does not know; its condition is not "
                    "checked and not assumed to be met",
                    location=_location(deck, dc),
                    card=dc.oracle_name,
                    rule=RULE,
                )
            )
    zone_total = sum(dc.quantity for dc in listing.zone_cards)
    if zone_total > 1:
        names = ", ".join(f"{dc.quantity} {dc.oracle_name}" for dc in listing.zone_cards)
        second = listing.zone_cards[1] if len(listing.zone_cards) > 1 else listing.zone_cards[0]
        found.append(
            MULTIPLE_COMPANIONS(
                f"{zone_total} cards are listed as companion ({names}); a player may reveal only one",
                location=_location(deck, second),
                rule="CR 103.2b",
            )
        )
    for dc in listing.commander_zone:
        rule = _rule_of(dc)
        if rule is None:
            continue
        if not spec.commander:
            message = (
                f"{rule.short} is listed as a commander, but {spec.title} has no commander; "
                "a companion belongs in the sideboard"
            )
        elif deck.count(Zone.COMMANDER) > 1:
            message = (
                f"{rule.short} is listed as a second commander (it has no partner ability); if it is "
                "your companion, list it under Companion, outside the 100"
            )
        else:
            continue  # the sole commander: part of the starting deck, imposes nothing
        found.append(PLACEMENT(message, location=_location(deck, dc), card=rule.name, rule=RULE))
    return found


def declared_findings(about: About, where: Location, path: str, size: int, spec: FormatSpec) -> list[Finding]:
    """The findings of a companion declared under Companion (listed at ``where``), in a deck at
    ``path`` whose starting deck has ``size`` cards."""
    rule, result = about.rule, about.result
    found: list[Finding] = []
    # a card the format bans outright may not be played in the deck either (its own finding says so)
    playable = not any(kind == "legality" for kind, _ in about.obstacles)
    for kind, text in about.obstacles:
        if kind == "banned":
            found.append(
                BANNED_AS_COMPANION(
                    f"{rule.name} is banned as a companion in {spec.title}"
                    + (" (it may still be played in the deck)" if playable else ""),
                    location=where,
                    card=rule.name,
                    data=about.data,
                )
            )
        elif kind == "format":
            found.append(
                YORION_FIXED_SIZE(
                    f"{rule.short} can never be your companion in {spec.title}: {text}",
                    location=where,
                    card=rule.name,
                    rule=RULE,
                    data=about.data,
                )
            )
        elif kind == "identity":
            found.append(
                OUTSIDE_IDENTITY(
                    f"companion {text}", location=where, card=rule.name, rule="CR 903.11a", data=about.data
                )
            )
        elif kind == "name" and spec.commander:  # (elsewhere the copy limit's own finding, DC104)
            found.append(
                NAME_IN_DECK(
                    f"companion {rule.short}: {text}; the companion cannot share a name with a card in the "
                    "starting deck",
                    location=where,
                    card=rule.name,
                    rule="CR 903.11a",
                    data=about.data,
                )
            )
    if result.eligible is None:
        found.append(_not_verified(about, where, f"declared companion {rule.name} ({rule.condition})"))
    if result.breakers or result.add:
        if result.near_miss:
            change = change_text(result, size, spec)
            reason = f"{reason_beside_change(result)}; {change} to qualify"
        else:
            reason = why_not(result)
        found.append(
            NOT_ELIGIBLE(
                f"declared companion {rule.name} is not eligible ({rule.condition}): {reason} ({RULE})",
                location=where,
                card=rule.name,
                rule=RULE,
                data=about.data,
            )
        )
        for b in result.breakers:
            found.append(
                BREAKER(
                    f"{b.card} breaks {rule.short}'s condition: {b.reason}",
                    location=Location(path, b.line, b.zone),
                    card=b.card,
                    rule=RULE,
                    data={"companion": rule.name, "quantity": b.quantity},
                )
            )
    return found


def sideboard_findings(about: About, where: Location, any_eligible: bool) -> list[Finding]:
    """The finding of a sideboard companion a constructed deck declares (listed at ``where``);
    ``any_eligible``: another sideboard companion qualifies."""
    rule, result = about.rule, about.result
    if result.eligible is None:
        return [_not_verified(about, where, f"whether the deck can reveal {rule.name} as companion")]
    if result.eligible:
        return [
            ELIGIBLE_COMPANION(
                f"{rule.name} in the sideboard can be revealed as your companion"
                + (f" ({result.note})" if result.note else ""),
                location=where,
                card=rule.name,
                rule=RULE,
                data=about.data,
            )
        ]
    reasons = about.hard + ([why_not(result)] if result.breakers or result.add else [])
    severity = Severity.INFO if any_eligible else Severity.WARNING
    tail = (
        "another sideboard companion qualifies, so this one is a plain sideboard card"
        if any_eligible
        else "fine if it is only a sideboard card"
    )
    return [
        SIDEBOARD_NOT_ELIGIBLE(
            f"{rule.name} is in the sideboard, but the deck cannot reveal it as companion: "
            f"{'; '.join(reasons)} ({tail})",
            location=where,
            card=rule.name,
            rule=RULE,
            severity=severity,
            data=about.data,
        )
    ]


def _undeclared_findings(ctx: _Context, about: About) -> list[Finding]:
    rule, result, spec = about.rule, about.result, ctx.spec
    if spec.commander:
        in_sideboard = next((dc for dc in ctx.listing.sideboard if _rule_of(dc) is rule), None)
        if in_sideboard is not None:
            reasons = about.hard + ([why_not(result)] if result.breakers or result.add else [])
            if result.eligible is None:
                state = "whether it would qualify is not verified: " + _not_verified_text(about)
            elif result.eligible:
                state = "it would qualify"
            else:
                state = "it would not qualify: " + "; ".join(reasons)
            return [
                PLACEMENT(
                    f"{rule.name} is in the sideboard, but {spec.title} has no sideboard; list it under "
                    f"Companion to declare it ({state})",
                    location=_location(ctx.deck, in_sideboard),
                    card=rule.name,
                    rule="CR 903.5e",
                    severity=Severity.WARNING,
                    data=about.data,
                )
            ]
    return undeclared_findings(about, ctx.deck.path, ctx.size, spec)


def undeclared_findings(about: About, path: str, size: int, spec: FormatSpec) -> list[Finding]:
    """The finding of a companion the deck does not list, if any: it qualifies (DC410), or it is a
    near miss nothing else forbids (DC413). A starting deck of no card (``size`` 0: every line a
    plane, say) meets every condition and is offered none: the offer would say nothing."""
    rule, result = about.rule, about.result
    whole_deck = Location(path, 0, None)
    if result.eligible and size > 0:
        return [
            ELIGIBLE_COMPANION(
                f"the starting deck meets {rule.name}'s condition: it could be your companion"
                + (f" ({result.note})" if result.note else ""),
                location=whole_deck,
                card=rule.name,
                rule=RULE,
                data=about.data,
            )
        ]
    if result.near_miss and not about.hard:
        # (with its own legality not verified, only the condition is said to be met)
        not_known = about.unverified
        outcome = f"meets {rule.name}'s condition" if not_known else f"qualifies for {rule.name}"
        unverified = "".join(f"; {text}" for text in not_known)
        return [
            NEAR_MISS(
                f"{change_text(result, size, spec)} and the deck {outcome}: "
                f"{reason_beside_change(result)}{unverified}",
                location=whole_deck,
                card=rule.name,
                rule=RULE,
                data=about.data,
            )
        ]
    return []
