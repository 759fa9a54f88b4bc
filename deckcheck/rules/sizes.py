"""Sizes and copies: deck and sideboard sizes (CR 100.2, 100.4a, 903.5a, 903.5e) and copy limits
(CR 100.2a, 903.5b, with the oracle-text overrides of 113.6n).

A companion card still counts here towards the sideboard and the copy limit outside Commander
(CR 702.139a: it starts the game in the sideboard). Entries the card data does not know count by
their written quantity: sizes never shrink. A line with no count whose name matches no card may be
no card at all (unresolved.uncertain_copies): a size it decides is not verified.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

from deckcheck import unresolved as unres
from deckcheck.cards.model import Card
from deckcheck.cards.names import lookup_key
from deckcheck.deck import STARTING_ZONES, ZONE_CODE, Deck, DeckCard, Placed, WrittenEntry, Zone
from deckcheck.findings import Finding, Location, Severity, define
from deckcheck.format_spec import OATHBREAKER_COMMANDERS, FormatSpec
from deckcheck.lazy_pattern import LazyPattern
from deckcheck.rules.common import (
    ALL_ZONES,
    COMMANDER_CODE,
    MAIN_CODE,
    by_name,
    cards_in,
    lines_text,
    placed_at,
    rules_text,
)
from deckcheck.wording import counted

if TYPE_CHECKING:
    from deckcheck.rules.chunk import Chunk  # annotations only: a one-deck check never builds one

MAIN_TOO_SMALL = define(
    "DC101", "main-deck-too-small", Severity.ERROR, "The main deck has fewer cards than the format's minimum."
)
MAIN_TOO_LARGE = define(
    "DC102", "main-deck-too-large", Severity.ERROR, "The main deck has more cards than the format's maximum."
)
SIDEBOARD_TOO_LARGE = define(
    "DC103",
    "sideboard-too-large",
    Severity.ERROR,
    "The sideboard (with the companion, outside Commander) has more cards than allowed; nothing is trimmed.",
)
TOO_MANY_COPIES = define(
    "DC104",
    "too-many-copies",
    Severity.ERROR,
    "More copies of a card (by English name, deck + sideboard) than allowed.",
)
COMMANDER_DECK_SIZE = define(
    "DC306",
    "commander-deck-size",
    Severity.ERROR,
    "A Commander-family deck not of the exact size (commanders included).",
)
SINGLETON = define(
    "DC307",
    "singleton",
    Severity.ERROR,
    "More than one card with the same English name in a singleton format.",
)
CODES = (MAIN_TOO_SMALL, MAIN_TOO_LARGE, SIDEBOARD_TOO_LARGE, TOO_MANY_COPIES, COMMANDER_DECK_SIZE, SINGLETON)


# -- copy limits (CR 100.2a, 903.5b, 113.6n) -------------------------------------------------------
_NUMBER_WORDS = {
    word: value
    for value, word in enumerate(
        (
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        )
    )
}
# compiled for the first card with such a sentence (the any-number and up-to-seven cards)
_DECK_LIMIT_RE = LazyPattern(
    r"\bA deck can have (?P<amount>any number of|up to (?P<count>\w+)|only (?P<only>one|\d+)) cards? named "
    r"(?P<name>[^.\n]+?)\.?(?:\n|$|\.\s)",
    re.IGNORECASE,
)


def _number(word: str) -> int | None:
    word = word.casefold()
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word)


_DECK_LIMITS: dict[str, tuple[Card, tuple[bool, int | None]]] = {}


def oracle_deck_limit(card: Card) -> tuple[bool, int | None]:
    """The card's own deck-construction override (CR 113.6n), from its oracle text:
    (True, None) for "any number of cards named …", (True, 7) for "up to seven", (True, 1) for
    "only one"; (False, None) when the card has none. The sentence must name the card itself.
    Cached per card (checked by identity, so two card sets never mix): batches ask per deck."""
    hit = _DECK_LIMITS.get(card.name)
    if hit is not None and hit[0] is card:
        return hit[1]
    if len(_DECK_LIMITS) > 200_000:
        _DECK_LIMITS.clear()
    result = _oracle_deck_limit(card)
    _DECK_LIMITS[card.name] = (card, result)
    return result


def _oracle_deck_limit(card: Card) -> tuple[bool, int | None]:
    if "a deck can have" not in card.oracle_text.casefold():
        return False, None
    own_names = {lookup_key(n) for n in (card.name, *card.face_names, *card.names)}
    for match in _DECK_LIMIT_RE.finditer(rules_text(card)):
        if lookup_key(match.group("name").strip()) not in own_names:
            continue
        if match.group("amount").casefold() == "any number of":
            return True, None
        amount = _number(match.group("count") or match.group("only") or "")
        if amount is not None:
            return True, amount
    return False, None


def copy_inputs(deck_card: DeckCard) -> tuple[bool, tuple[bool, int | None]]:
    """What the copy limit reads of an entry's card: whether it is a basic land, and its own
    "A deck can have ..." sentence as :func:`oracle_deck_limit` reads it (from the card's stored
    facts when it has them, rules.common)."""
    facts = deck_card.facts
    if facts is not None:
        return facts.is_basic_land, (facts.own_limit, facts.limit)
    card = deck_card.card
    return card.is_basic_land, oracle_deck_limit(card)


def entry_copy_limit(deck_card: DeckCard, spec: FormatSpec) -> int | None:
    """:func:`copy_limit_for` of an entry's card."""
    return copy_limit_of(*copy_inputs(deck_card), spec)


def copy_limit_for(card: Card, spec: FormatSpec) -> int | None:
    """How many copies of ``card`` a deck of this format may hold (None = any number).

    Basic lands (the supertype: snow basics and Wastes too) are exempt (100.2a, 903.5b); a card's
    own "A deck can have …" sentence replaces the format's limit (113.6n). Restricted cards are
    handled with the card's legality (:data:`RESTRICTED`), not here.
    """
    return copy_limit_of(card.is_basic_land, oracle_deck_limit(card), spec)


def copy_limit_of(is_basic_land: bool, own_limit: tuple[bool, int | None], spec: FormatSpec) -> int | None:
    """:func:`copy_limit_for` from a card's facts: whether it is a basic land, and its own "A deck
    can have ..." sentence (found, number) as :func:`oracle_deck_limit` reads it."""
    if spec.copy_limit is None or is_basic_land:
        return None
    found, limit = own_limit
    return limit if found else spec.copy_limit


def copy_zones(spec: FormatSpec) -> tuple[Zone, ...]:
    """Where copies are counted: deck and sideboard (CR 100.2a), the 100 in Commander (903.5b)."""
    return (Zone.MAIN, Zone.COMMANDER) if spec.commander else ALL_ZONES


def sideboard_zones(spec: FormatSpec) -> tuple[Zone, ...]:
    """What the format counts as sideboard: a companion is a sideboard card (CR 702.139a) except in
    Commander, where it sits outside the game and there is no sideboard (903.5e)."""
    return (Zone.SIDEBOARD,) if spec.commander else (Zone.SIDEBOARD, Zone.COMPANION)


def check_sizes(deck: Deck, spec: FormatSpec, companion_names: Collection[str] = ()) -> list[Finding]:
    """``companion_names``: the cards with a companion ability (rules.companions.COMPANION_NAMES),
    for a Commander deck one card too large because its companion is listed in it."""
    # every entry counts by its written quantity, resolved or not: sizes never shrink (but a line
    # with no count that names no card may be no card at all: unresolved.uncertain_copies)
    zones = sideboard_zones(spec)
    counts = deck.counts()

    def sideboard() -> list[Placed]:
        entries: list[Placed] = [*cards_in(deck, zones), *deck.unresolved_in(*zones)]
        entries.sort(key=lambda c: c.line)
        return entries

    return size_findings(
        deck.path,
        spec,
        counts[Zone.MAIN],
        counts[Zone.COMMANDER],
        counts[Zone.COMPANION],
        sum(counts[zone] for zone in zones),
        sideboard,
        unres.uncertain_copies(deck.unresolved_counted()) if deck.unresolved else (),
        lambda: [(c.quantity, c.card.name) for c in deck.zone(Zone.MAIN) if c.card.name in companion_names],
    )


def size_findings(
    path: str,
    spec: FormatSpec,
    main: int,
    commanders: int,
    companions: int,
    sideboard_count: int,
    sideboard: Callable[[], Sequence[Placed]],
    uncertain: Sequence[WrittenEntry] = (),
    companions_in_main: Callable[[], Sequence[tuple[int, str]]] = tuple,
) -> list[Finding]:
    """Deck-size findings for the deck at ``path`` from its zone counts (``sideboard_count``: the
    cards the format counts as sideboard); ``sideboard`` gives those entries, asked for only when
    there are too many. ``uncertain``: the entries among those counted that may be no card
    (unresolved.uncertain_copies): a size rule they decide is not verified (DC015).
    ``companions_in_main``: the companion cards in the main deck (quantity, oracle name), asked for
    only when a Commander deck is one card too large without a companion: that card may be it."""
    findings: list[Finding] = []
    total = main + commanders
    in_deck = [e for e in uncertain if e.zone in STARTING_ZONES]
    in_sideboard = [e for e in uncertain if e.zone in sideboard_zones(spec)]
    broken, undecided = size_verdicts(
        spec, total, sideboard_count, unres.copies(in_deck), unres.copies(in_sideboard)
    )
    if undecided:
        findings += _undecided_sizes(path, spec, undecided, total, sideboard_count, in_deck, in_sideboard)
    if not broken:
        return findings
    if spec.commander:
        wanted = _commander_size(spec)
        if "commander-size" in broken:
            note = " (a companion is outside the deck and not counted)" if companions else ""
            one_over = spec.fixed_size and spec.companions and not companions and total == spec.min_main + 1
            listed = companions_in_main() if one_over else ()
            if len(listed) == 1 and listed[0][0] == 1:  # (CR 702.139a: it starts outside the game)
                note = (
                    f": if {listed[0][1]} is your companion, list it under 'Companion': the companion is "
                    f"not one of the {spec.min_main}"
                )
            leading, held, rule = (
                ("the commander(s)", f"{commanders} commander{'' if commanders == 1 else 's'}", "CR 903.5a")
                if spec.commander_cards != OATHBREAKER_COMMANDERS
                else (
                    "the Oathbreaker and its Signature Spell",
                    f"{commanders} in the command zone",
                    "Oathbreaker deck construction",
                )
            )
            findings.append(
                COMMANDER_DECK_SIZE(
                    f"{spec.title} decks have {wanted} cards including {leading}; this one has "
                    f"{total} ({main} in the deck + {held}){note}",
                    location=Location(path, 0, str(Zone.MAIN)),
                    rule=rule,
                    data={
                        "count": total,
                        "main": main,
                        "commanders": commanders,
                        "min": spec.min_main,
                        "max": spec.max_main,
                    },
                )
            )
    else:
        # A commander zone in a non-commander format is reported by check_zones and counted here.
        rule = "CR 100.2b" if spec.is_limited else "CR 100.2a"
        if "too-small" in broken:
            findings.append(
                MAIN_TOO_SMALL(
                    f"the main deck has {counted(total, 'card')}; "
                    f"{spec.title} needs at least {spec.min_main}",
                    location=Location(path, 0, str(Zone.MAIN)),
                    rule=rule,
                    data={"count": total, "min": spec.min_main},
                )
            )
        if "too-large" in broken:
            findings.append(
                MAIN_TOO_LARGE(
                    f"the main deck has {counted(total, 'card')}; "
                    f"{spec.title} allows at most {spec.max_main}",
                    location=Location(path, 0, str(Zone.MAIN)),
                    rule=f"{spec.title} deck size",
                    data={"count": total, "max": spec.max_main},
                )
            )
    if "sideboard" in broken and spec.sideboard_max is not None:
        count = sideboard_count
        entries = sideboard()
        companion_note = ""
        if not spec.commander and companions:
            companion_note = f" ({count - companions} + the companion, which is a sideboard card)"
        allowed = _sideboard_allowed(spec)
        findings.append(
            SIDEBOARD_TOO_LARGE(
                f"the sideboard has {count} card{'s' if count != 1 else ''}{companion_note}; {allowed}. "
                "Every card is still checked: nothing was dropped",
                location=placed_at(path, entries[0]),
                rule="CR 903.5e" if spec.commander else "CR 100.4a",
                data={"count": count, "max": spec.sideboard_max, "lines": [c.line for c in entries]},
            )
        )
    return findings


def size_verdicts(
    spec: FormatSpec, total: int, sideboard_count: int, uncertain_deck: int = 0, uncertain_sideboard: int = 0
) -> tuple[list[str], list[str]]:
    """The size rules (:func:`size_problems`) the counts break whatever ``uncertain_deck`` of the
    ``total`` and ``uncertain_sideboard`` of the ``sideboard_count`` copies are (each one card or
    none: unresolved.uncertain_copies), and those they break only for some of those readings."""
    high = size_problems(spec, total, sideboard_count)
    if not uncertain_deck and not uncertain_sideboard:
        return high, []
    low_total = total - uncertain_deck
    low = size_problems(spec, low_total, sideboard_count - uncertain_sideboard)
    # A bound (a minimum, a maximum) broken at both ends of the range is broken at every count in
    # it; but a range too small at its low end and too large at its high end holds the sizes in
    # between (Commander's exact 100), so the Commander size is then left open.
    straddles = low_total < spec.min_main and spec.max_main is not None and total > spec.max_main
    broken, undecided = [], []
    for problem in dict.fromkeys([*high, *low]):
        if problem in high and problem in low and not (problem == "commander-size" and straddles):
            broken.append(problem)
        else:
            undecided.append(problem)
    return broken, undecided


def _undecided_sizes(
    path: str,
    spec: FormatSpec,
    undecided: Sequence[str],
    total: int,
    sideboard_count: int,
    in_deck: Sequence[WrittenEntry],
    in_sideboard: Sequence[WrittenEntry],
) -> list[Finding]:
    """A not-verified finding (DC015) for each size rule that the copies of ``in_deck`` and
    ``in_sideboard`` decide (:func:`size_verdicts`)."""
    findings = []
    deck_range = unres.count_range(total - unres.copies(in_deck), total)
    side_range = unres.count_range(sideboard_count - unres.copies(in_sideboard), sideboard_count)
    said = {
        "commander-size": f"{spec.title} decks have {_commander_size(spec)} cards including the command "
        f"zone; this one has {deck_range}",
        "too-small": f"the main deck has {deck_range} cards; {spec.title} needs at least {spec.min_main}",
        "too-large": f"the main deck has {deck_range} cards; {spec.title} allows at most {spec.max_main}",
        "sideboard": f"the sideboard has {side_range} cards; {_sideboard_allowed(spec)}",
    }
    for problem in undecided:
        rule, entries = (
            (f"{spec.title} sideboard size", in_sideboard)
            if problem == "sideboard"
            else (f"{spec.title} deck size", in_deck)
        )
        why = f"{said[problem]}: {unres.uncertain_text(entries)}"
        findings.append(unres.not_verified(path, rule, entries, why))
    return findings


def _commander_size(spec: FormatSpec) -> str:
    """How many cards a Commander-family deck has: "exactly 100", "at least 60 and at most 100"."""
    if spec.fixed_size:
        return f"exactly {spec.min_main}"
    return f"at least {spec.min_main}" + (f" and at most {spec.max_main}" if spec.max_main else "")


def _sideboard_allowed(spec: FormatSpec) -> str:
    if spec.sideboard_max == 0:
        return f"{spec.title} decks have no sideboard"
    return f"{spec.title} allows at most {spec.sideboard_max}"


def size_problems(spec: FormatSpec, total: int, sideboard_count: int) -> list[str]:
    """The deck-size rules zone counts break (``total``: main deck and commanders; ``sideboard_count``:
    what the format counts as sideboard): "commander-size", "too-small", "too-large", "sideboard".
    Empty for a deck of the right size: what a batch asks of every deck before building messages."""
    broken: list[str] = []
    too_large = spec.max_main is not None and total > spec.max_main
    if spec.commander:
        if total < spec.min_main or too_large:
            broken.append("commander-size")
    else:
        if total < spec.min_main:
            broken.append("too-small")
        if too_large:
            broken.append("too-large")
    if spec.sideboard_max is not None and sideboard_count > spec.sideboard_max:
        broken.append("sideboard")
    return broken


def check_copies(deck: Deck, spec: FormatSpec, restricted: set[str]) -> list[Finding]:
    if spec.copy_limit is None:
        return []
    zones = copy_zones(spec)
    findings: list[Finding] = []
    for name, group in by_name(dc for dc in deck.cards if dc.entry.zone in zones).items():
        if name in restricted:
            continue  # one finding per card: the restricted-list one is stricter
        finding = card_copies(deck.path, name, group, *copy_inputs(group[0]), spec)
        if finding is not None:
            findings.append(finding)
    return findings + unknown_copies_findings(deck.path, deck.unresolved_in(*zones), spec)


def unknown_copies_findings(path: str, unknown: Sequence[WrittenEntry], spec: FormatSpec) -> list[Finding]:
    """The copy-limit findings of ``unknown``, the entries the card data does not know in the
    zones the format counts (:func:`copy_zones`): one per name written more often than most cards
    may be (names folded as unresolved.by_written_name folds them). The engine and the lean batch
    checker both ask this."""
    findings = []
    for entries in unres.by_written_name(unknown).values():
        count = unres.copies(entries)
        if spec.copy_limit is not None and count > spec.copy_limit:
            findings.append(unknown_copies_finding(path, entries, count, spec))
    return findings


def card_copies(
    path: str,
    name: str,
    group: Sequence[Placed],
    is_basic_land: bool,
    own_limit: tuple[bool, int | None],
    spec: FormatSpec,
) -> Finding | None:
    """The copies decision for one card: ``group``, its entries in the zones the format counts
    (:func:`copy_zones`), over the card's limit (:func:`copy_limit_of` of its facts). The engine
    and the lean batch checker both ask this."""
    limit = copy_limit_of(is_basic_land, own_limit, spec)
    if limit is None:
        return None
    count = group[0].quantity if len(group) == 1 else sum(c.quantity for c in group)  # (most: one entry)
    if count <= limit:
        return None
    return copies_finding(path, name, group, count, limit, own_limit[0], spec)


NO_LIMIT: Final = -1  # a copy limit array's "any number"


def copies_screen(chunk: Chunk) -> Any:
    """The copies screen (what :func:`card_copies` may report, over many decks): (entries,) bool,
    the entry's card is over its copy limit in its deck (the zones the format counts, the card's own
    limit, basic lands exempt). Reads ``own_limit``, ``limit`` (:data:`NO_LIMIT`: any number) and
    ``is_basic_land`` per card."""
    import numpy as np

    d, c, z, q, cards, commander = chunk.d, chunk.c, chunk.z, chunk.q, chunk.cards, chunk.commander
    n_cards = max(len(cards), 1)
    copy_default = chunk.formats.per_deck(
        lambda s: NO_LIMIT if s.copy_limit is None else s.copy_limit, np.int64
    )
    counted = np.where(commander[d], (z == MAIN_CODE) | (z == COMMANDER_CODE), True)  # copy_zones
    pairs, group = np.unique(d.astype(np.int64) * n_cards + c, return_inverse=True)
    deck_of, card_of = pairs // n_cards, pairs % n_cards
    copies = np.bincount(group, weights=np.where(counted, q, 0), minlength=len(pairs))
    listed = np.bincount(group, weights=counted, minlength=len(pairs)) > 0
    default = copy_default[deck_of]
    limit = np.where(cards.own_limit[card_of], cards.limit[card_of], default)
    over = (
        listed
        & (default != NO_LIMIT)
        & ((copies > 1) | (default < 1))
        & ~cards.is_basic_land[card_of]
        & (limit != NO_LIMIT)
        & (copies > limit)
    )
    return over[group]


def size_screen(decks: Iterable[tuple[FormatSpec, Sequence[int]]]) -> list[bool]:
    """The size screen (what :func:`size_findings` may report): for each deck, given as its format
    and its card count per zone code (deck.ZONE_CODE), whether every size rule holds. A batch has a
    few distinct sizes: each is asked once."""
    main, leading = ZONE_CODE[Zone.MAIN], ZONE_CODE[Zone.COMMANDER]
    side_codes: dict[FormatSpec, tuple[int, ...]] = {}
    fits_of: dict[tuple[FormatSpec, int, int], bool] = {}
    found = []
    for spec, counts in decks:
        side = side_codes.get(spec)
        if side is None:
            side = side_codes[spec] = tuple(ZONE_CODE[zone] for zone in sideboard_zones(spec))
        size_key = (spec, counts[main] + counts[leading], sum(counts[k] for k in side))
        fits = fits_of.get(size_key)
        if fits is None:
            fits = fits_of[size_key] = not size_problems(*size_key)
        found.append(fits)
    return found


def unknown_copies_finding(
    path: str, entries: Sequence[WrittenEntry], count: int, spec: FormatSpec
) -> Finding:
    """More copies of an unknown card than the format allows of most cards: whether that is legal
    depends on the card (a basic land, or "a deck can have any number"), so it is not verified."""
    limit = spec.copy_limit
    rule = f"{spec.title} singleton rule" if limit == 1 else f"{spec.title} {limit}-copy limit"
    scope = "" if spec.commander else " across deck and sideboard"
    return unres.not_verified(
        path,
        rule,
        entries,
        f"{count} copies of {entries[0].name}{scope} ({lines_text(entries)}): allowed only if it is a "
        "basic land or its own text allows more, and it is not in the card data",
        card=entries[0].name,
    )


def copies_finding(
    path: str, name: str, group: Sequence[Placed], count: int, limit: int, own: bool, spec: FormatSpec
) -> Finding:
    """The finding for ``count`` copies of a card over its ``limit`` (``own``: the limit is the
    card's own "A deck can have ..." sentence), its entries of the deck at ``path`` being ``group``."""
    facts = {"count": count, "limit": limit, "lines": [c.line for c in group]}
    where = placed_at(path, group[0])
    if spec.copy_limit == 1 and limit == 1:
        return SINGLETON(
            f"{name} appears {count} times ({lines_text(group)}); {spec.title} decks "
            "may hold one copy of each card other than basic lands",
            location=where,
            card=name,
            rule="CR 903.5b" if spec.commander else f"{spec.title} singleton rule",
            data=facts,
        )
    reason = "its own text allows" if own else f"{spec.title} allows"
    scope = "" if spec.commander else " across deck and sideboard"
    code = SINGLETON if spec.commander else TOO_MANY_COPIES
    return code(
        f"{count} copies of {name}{scope} ({lines_text(group)}); {reason} at most {limit}",
        location=where,
        card=name,
        rule="CR 113.6n" if own else ("CR 903.5b" if spec.commander else "CR 100.2a, 100.4a"),
        data=facts,
    )
