"""Legality: banned, not legal and restricted cards (the format's card pool and lists), and the
legality key a deck is read under.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from deckcheck import unresolved as unres
from deckcheck.as_of import reads_history
from deckcheck.cards.model import Card, printings_of
from deckcheck.deck import CardFactsLike, Deck, DeckCard, Placed, Zone
from deckcheck.findings import Code, Finding, Location, Severity, define
from deckcheck.format_spec import FormatSpec
from deckcheck.rules.common import ALL_ZONES, MAYBEBOARD_CODE, by_name, cards_in, lines_text, placed_at

if TYPE_CHECKING:
    from deckcheck.rules.chunk import Chunk  # annotations only: a one-deck check never builds one

BANNED = define("DC201", "banned", Severity.ERROR, "A card banned in the format.")
NOT_LEGAL = define("DC202", "not-legal", Severity.ERROR, "A card that is not legal in the format.")
RESTRICTED = define(
    "DC203",
    "restricted",
    Severity.ERROR,
    "More than one copy of a restricted card (deck + sideboard combined).",
)
NO_LEGALITY_DATA = define(
    "DC204",
    "no-legality-data",
    Severity.ERROR,
    "No card of the deck has legality data for the format: the card data predates it; legality not checked.",
)
CODES = (BANNED, NOT_LEGAL, RESTRICTED, NO_LEGALITY_DATA)
# what a card's legality in the format can be reported as (card data older than a deck withholds them)
LEGALITY_CODES = frozenset({BANNED.code, NOT_LEGAL.code, RESTRICTED.code, NO_LEGALITY_DATA.code})


def legality_key_for(deck: Deck, spec: FormatSpec) -> str | None:
    """The legality key to read for this deck: the first of the format's aliases that any card of the
    deck lists (card data sources renamed keys; MTGJSON leaves out formats a card is not legal in, so
    one card is not enough to tell, but a whole deck, basics included, is). None = no card has any,
    unless the format names its pool's sets or cards: then the first, each card judged by its
    printings and name (:func:`listed_legality`)."""
    present = {key for c in cards_in(deck, ALL_ZONES) for key in legality_keys_of(c)}
    for key in spec.legality_candidates:
        if key in present:
            return key
    return _pool_key(spec)


def _pool_key(spec: FormatSpec) -> str | None:
    """The key a deck none of whose cards lists any of the format's legality keys is read under: the
    first where the format names its pool (a card listed under no key is judged by its printings
    and the pool's cards), else None (DC204: the card data predates the format)."""
    return spec.legality_candidates[0] if spec.names_its_pool and spec.legality_candidates else None


def legality_keys_of(deck_card: DeckCard) -> Iterable[str]:
    """The legality keys the entry's card lists (from its stored facts when it has them,
    rules.common)."""
    facts = deck_card.facts
    return (key for key, _ in deck_card.card.legalities) if facts is None else facts.legality_keys


# A card's status where the card data lists no legality for it under the deck's key (MTGJSON leaves
# out the formats a card is not legal in) but the format names its card pool, a list of sets
# (FormatSpec.pool_sets) and cards (FormatSpec.pool_cards), and the card may be in it: its legality
# is not verified (DC015), never "not legal" (MTGJSON's 2022 data leaves out Old School for
# Mountain and Birds of Paradise).
IN_POOL_UNLISTED = "in_pool_unlisted"  # a printing in one of the pool's sets, or a card it names
UNPRINTED_UNLISTED = "unprinted_unlisted"  # the data gives no printings to tell by
# printed in none of the pool's sets the data knows, and the pool names sets it does not know
# (FormatSpec.unknown_pool_sets: newer than the data's printings, or mistyped): it may be in one
UNKNOWN_SET_UNLISTED = "unknown_set_unlisted"
# printed in none of the pool's sets the data knows in full, and the pool names sets it knows only
# in part (FormatSpec.pool_sets_in_part: released after its printings' day): it may be reprinted there
SET_IN_PART_UNLISTED = "set_in_part_unlisted"
NOT_GIVEN = frozenset({IN_POOL_UNLISTED, UNPRINTED_UNLISTED, UNKNOWN_SET_UNLISTED, SET_IN_PART_UNLISTED})


def listed_legality(name: str, given: str | None, printings: Collection[str] | None, spec: FormatSpec) -> str:
    """The legality of the card ``name`` (its oracle name) as the card data lists it under the
    deck's legality key: ``given``, its value (None: the data lists none), else "not_legal", unless
    the format names its pool and the card may be in it: the pool names the card, or it has a
    printing in one of the pool's sets (:data:`IN_POOL_UNLISTED`), or ``printings``, its set codes,
    are not known where the pool has sets (:data:`UNPRINTED_UNLISTED`), or the pool has sets the
    card data does not know, which it may have been printed in (:data:`UNKNOWN_SET_UNLISTED`), or
    knows only in part (:data:`SET_IN_PART_UNLISTED`). The engine, the lean batch checker and the
    companion engine all ask this."""
    if given is not None:
        return given
    if name in spec.pool_cards:
        return IN_POOL_UNLISTED
    if not spec.pool_sets:
        return "not_legal"
    if printings is None:
        return UNPRINTED_UNLISTED
    if not spec.pool_sets.isdisjoint(printings):
        return IN_POOL_UNLISTED
    if spec.unknown_pool_sets:
        return UNKNOWN_SET_UNLISTED
    return SET_IN_PART_UNLISTED if spec.pool_sets_in_part else "not_legal"


def card_listed(card: Card, key: str, spec: FormatSpec) -> str:
    """:func:`listed_legality` of a card read from its record."""
    given = next((value for listed_key, value in card.legalities if listed_key == key), None)
    return listed_legality(card.name, given, printings_of(card), spec)


def facts_listed(facts: CardFactsLike, key: str, spec: FormatSpec) -> str:
    """:func:`listed_legality` of a card read from its stored facts."""
    return listed_legality(facts.name, facts.legalities.get(key), facts.printings, spec)


def legality_of(deck_card: DeckCard, key: str, spec: FormatSpec) -> str:
    """The entry's card's legality under ``key`` (:func:`listed_legality`), from its stored facts
    when it has them."""
    facts = deck_card.facts
    return card_listed(deck_card.card, key, spec) if facts is None else facts_listed(facts, key, spec)


def key_screen(chunk: Chunk) -> Any:
    """The array form of :func:`legality_key_for`: (decks,) int, each deck's legality key as an
    index into its format's legality_candidates, -1 when no card of the deck (maybeboard excepted)
    lists any (0 where the format names its pool's sets)."""
    import numpy as np

    d, c, z, n, cards, formats = chunk.d, chunk.c, chunk.z, chunk.n, chunk.cards, chunk.formats
    key_of = np.full(n, -1, dtype=np.int64)
    counted = z != MAYBEBOARD_CODE
    for s, spec in enumerate(formats.specs):
        candidates = spec.legality_candidates
        if not candidates:
            continue
        in_format = formats.decks_of(s)
        present = np.zeros((n, len(candidates)), dtype=bool)
        for k, key in enumerate(candidates):
            present[:, k] = np.bincount(d[counted & cards.lists_key(key)[c]], minlength=n) > 0
        found = present.any(axis=1) & in_format
        key_of[found] = present.argmax(axis=1)[found]
        if _pool_key(spec) is not None:
            key_of[in_format & ~found] = 0
    return key_of


def screen(chunk: Chunk, key_of: Any, code_of: Mapping[str, int]) -> tuple[Any, Any]:
    """The legality screen (what :func:`card_legality` may report, over many decks): (entries,)
    bool, the entry's card is not legal under its deck's key (``key_of``: :func:`key_screen`) or
    the format's own list bans it (``code_of``: card codes by oracle name); (decks,) bool, no card
    of the deck lists any of its format's keys (:func:`no_legality_data_finding`)."""
    import numpy as np

    d, c, formats = chunk.d, chunk.c, chunk.formats
    reported = np.zeros(len(c), dtype=bool)
    no_key = np.zeros(chunk.n, dtype=bool)
    key_at = key_of[d]
    for s, spec in enumerate(formats.specs):
        candidates = spec.legality_candidates
        if not candidates:
            continue
        of_format = formats.decks_of(s)
        no_key |= of_format & (key_of < 0)
        in_format = of_format[d]
        for k, key in enumerate(candidates):
            under = np.flatnonzero(in_format & (key_at == k))
            reported[under] |= ~chunk.cards.legal(key)[c[under]]
    for s, spec in enumerate(formats.specs):  # the format's own list, whatever its legality key
        banned = [code for name in spec.extra_banned if (code := code_of.get(name)) is not None]
        if banned:
            reported |= formats.decks_of(s)[d] & np.isin(c, banned)
    return reported, no_key


def check_legality(deck: Deck, spec: FormatSpec, card_data_day: dt.date | None = None) -> list[Finding]:
    """The format's legality findings: from the card data's legalities, or under ``spec.as_of`` from
    the format's history on a day, with ``card_data_day`` the day the card data (its printings)
    describes (history.dated_legality_findings). A format with no legality key (a house format
    written with its own ban list) has only its own list to judge by."""
    if not spec.legality_candidates and not spec.extra_banned:
        return []
    cards = cards_in(deck, ALL_ZONES)
    if not spec.legality_candidates:
        groups = by_name(cards)
        found = (card_legality(deck.path, name, groups[name], "legal", None, spec) for name in groups)
        return [f for f in found if f is not None]
    unknown = deck.unresolved_in(*ALL_ZONES)
    findings: list[Finding] = []
    if unknown:
        findings.append(unknown_cards_finding(deck.path, spec, unknown))
    if not cards:
        return findings
    if reads_history(spec.as_of):  # the format's history on a day, not the card data's legalities
        from deckcheck.history import dated_legality_findings

        groups = by_name(cards)
        # the format's own list bans on every day, whatever the history has (or lacks) for the day
        own = [name for name in groups if banned_by_own_list(name, spec)]
        banned = (legality_finding(deck.path, name, groups.pop(name), "banned", None, spec) for name in own)
        findings.extend(f for f in banned if f is not None)
        dated = dated_legality_findings(deck, spec, groups, legality_finding, card_data_day=card_data_day)
        return [*dated, *findings]
    key = legality_key_for(deck, spec)
    if key is None:
        return [no_legality_data_finding(deck.path, spec), *findings]
    for name, group in by_name(cards).items():
        finding = card_legality(deck.path, name, group, legality_of(group[0], key, spec), key, spec)
        if finding is not None:
            findings.append(finding)
    return findings


def unknown_cards_finding(path: str, spec: FormatSpec, unknown: Sequence[unres.Written]) -> Finding:
    """The format's legality is not verified: ``unknown``, the deck's entries (every zone) whose
    names the card data does not know, may be banned or not legal. The engine and the lean batch
    checker both ask this."""
    return unres.not_verified(path, f"{spec.title} legality", unknown, unres.unknown_cards_text(unknown))


def card_legality(
    path: str,
    name: str,
    group: Sequence[Placed],
    listed: str,
    key: str | None,
    spec: FormatSpec,
    *,
    withheld: bool = False,
) -> Finding | None:
    """The legality decision for one card: ``listed``, what the card data lists for it under
    ``key``, unless the format's own list bans it; ``group``: its entries, every zone. (A format
    with no legality key, ``key`` None, lists every card as "legal": only its own list bans.)
    ``withheld`` as for :func:`legality_finding`. The engine and the lean batch checker both ask
    this."""
    status = legality_status(name, listed, spec)
    return legality_finding(path, name, group, status, key, spec, withheld=withheld)


def legality_status(name: str, listed: str, spec: FormatSpec) -> str:
    """A card's status in the format: what the card data lists (``listed``), unless the format's
    own list bans it (bans the card data may not know yet)."""
    return "banned" if banned_by_own_list(name, spec) else listed


def banned_by_own_list(name: str, spec: FormatSpec) -> bool:
    """The format's own ban list (``extra_banned`` in a formats file) bans the card: whatever the
    card data lists for it, whatever day the data describes, on any day legality is judged as of
    (whatever the format's history holds for it, or lacks), and in a format with no legality key.
    The format rules, the companion engine and the lean batch checker all ask this."""
    return name in spec.extra_banned


OWN_LIST = "own_list"  # a DC201 finding's data: the format's own list bans the card


def goes_by_card_data(finding: Finding) -> bool:
    """A legality finding that the card data's legalities decide (not the format's own list): card
    data that does not vouch for the day a deck is judged for withholds it."""
    return finding.code in LEGALITY_CODES and (OWN_LIST, True) not in finding.data


def no_legality_data_finding(path: str, spec: FormatSpec) -> Finding:
    """No card of the deck at ``path`` lists any of the format's legality keys."""
    keys = " / ".join(repr(k) for k in spec.legality_candidates)
    return NO_LEGALITY_DATA(
        f"no card in this deck has {spec.title} legality data ({keys}) in the card data, which "
        f"probably predates the format: {spec.title} legality was not checked",
        location=Location(path, 0, None),
        rule=f"{spec.title} card pool",
        data={"legality_keys": list(spec.legality_candidates)},
    )


def legality_finding(
    path: str,
    name: str,
    group: Sequence[Placed],
    status: str,
    key: str | None,
    spec: FormatSpec,
    *,
    withheld: bool = False,
) -> Finding | None:
    """The finding for a card of this legality ``status`` (under legality ``key``; "banned" for the
    format's extra bans), whose entries of the deck at ``path`` are ``group``; None when legal.
    ``withheld``: the deck's legality findings that go by the card data are withheld
    (engine.withheld_legality names only their code, card and line): such a finding is made with
    those alone, its message never written."""
    if status in NOT_GIVEN:
        # (withheld: the deck's legality is not verified as a whole already, unresolved.stale_legality)
        return None if withheld else _not_given_finding(path, name, group, status, key, spec)
    decided = _decision(group, status, spec)
    if decided is None:
        return None
    code, named = decided  # (named: the entries the finding names; it is placed at the first)
    where = placed_at(path, named[0])
    own_list = status == "banned" and banned_by_own_list(name, spec)
    if withheld and not own_list:
        return code("", location=where, card=name)  # (what unresolved.stale_legality reads of it)
    count = sum(c.quantity for c in group)
    facts = {"legality_key": key, "status": status, "lines": [c.line for c in group], "count": count}
    title, lines = spec.title, lines_text(named)
    if status == "banned":
        if own_list:
            facts[OWN_LIST] = True
        message, rule = f"{name} is banned in {title} ({lines})", f"{title} banned list"
    elif status == "not_legal":
        message, rule = f"{name} is not legal in {title} ({lines})", f"{title} card pool"
    elif spec.restricted_means == "not-as-commander":
        message = f"{name} is banned as a commander in {title} (it may only be in the deck) ({lines})"
        rule = f"{title} banned-as-commander list"
        facts["status"] = "banned_as_commander"
    elif spec.restricted_means == "commander-only":
        message = f"{name} is legal in {title} only as the commander ({lines})"
        rule = f"{title} card pool"
        facts["status"] = "commander_only"
    else:
        message = (
            f"{name} is restricted in {title}: at most 1 copy across deck and sideboard, found "
            f"{count} ({lines})"
        )
        rule = f"{title} restricted list"
        facts["limit"] = 1
    return code(message, location=where, card=name, rule=rule, data=facts)


def _not_given_finding(
    path: str, name: str, group: Sequence[Placed], status: str, key: str | None, spec: FormatSpec
) -> Finding:
    """The card data lists no legality for the card under ``key``, and the format's card pool may
    hold it (``status``: :data:`NOT_GIVEN`): its legality is not verified."""
    title, lines = spec.title, lines_text(group)
    if status == IN_POOL_UNLISTED and name in spec.pool_cards:
        why, fix = f"though {title}'s card pool names it", "card data that gives it"
    elif status == IN_POOL_UNLISTED:
        why, fix = f"though it was printed in a set of {title}'s card pool", "card data that gives it"
    elif status == UNKNOWN_SET_UNLISTED:
        several = len(spec.unknown_pool_sets) > 1
        # ("which it knows no card of" read as if the card knew them)
        why = (
            f"nor whether it was printed in {_unknown_sets_text(spec)} of {title}'s card pool: the "
            f"card data knows no card of {'those sets' if several else 'that set'} (newer than the "
            "data, or mistyped in the format's definition)"
        )
        if spec.pool_sets_in_part:
            why += f", and {_sets_in_part_text(spec)} only in part"
        fix = f"card data that knows the set{'s' if several or spec.pool_sets_in_part else ''}"
    elif status == SET_IN_PART_UNLISTED:
        several = len(spec.pool_sets_in_part) > 1
        undated = [day is None for _, day in spec.pool_sets_in_part]
        reasons = []
        if not all(undated):
            reasons.append("released after the day its printings describe")
        if any(undated):
            reasons.append("not among the release days it keeps, which may be older than the data")
        why = (
            f"nor whether it was printed in {_sets_in_part_text(spec)} of {title}'s card pool: the "
            f"card data may know {'those sets' if several else 'that set'} only in part "
            f"({', or '.join(reasons)})"
        )
        fix = f"card data made since {'those sets were' if several else 'that set was'} released"
    else:
        why = f"nor its printings, to tell whether it is in {title}'s card pool"
        fix = "card data that gives either"
    message = (
        f"{title} legality of {name} not verified ({lines}): the card data does not give its {title} "
        f"legality (no {key!r} entry), {why}; {fix} decides it (current data: `deckcheck cards update`)"
    )
    count = sum(c.quantity for c in group)
    facts: dict[str, object] = {
        "legality_key": key,
        "status": status,
        "lines": [c.line for c in group],
        "count": count,
    }
    if status == UNKNOWN_SET_UNLISTED:
        facts["unknown_sets"] = [
            {"code": code, "suggestions": list(guesses)} for code, guesses in spec.unknown_pool_sets
        ]
    if status in (UNKNOWN_SET_UNLISTED, SET_IN_PART_UNLISTED) and spec.pool_sets_in_part:
        facts["sets_in_part"] = [
            {"code": code, "released": None if day is None else day.isoformat()}
            for code, day in spec.pool_sets_in_part
        ]
    rule = f"{title} card pool"
    return unres.NOT_VERIFIED(message, location=placed_at(path, group[0]), card=name, rule=rule, data=facts)


def _unknown_sets_text(spec: FormatSpec) -> str:
    """The card pool's sets the card data does not know (FormatSpec.unknown_pool_sets) as a
    message names them: "set DMU", "sets DMU, MH22 (did you mean MH2?)"."""
    named = [
        f"{code} (did you mean {' or '.join(guesses)}?)" if guesses else code
        for code, guesses in spec.unknown_pool_sets
    ]
    return f"set{'s' if len(named) > 1 else ''} {', '.join(named)}"


def _sets_in_part_text(spec: FormatSpec) -> str:
    """The card pool's sets the card data knows only in part (FormatSpec.pool_sets_in_part) as a
    message names them: "set CLB (released 2022-06-10)", "sets CLB (released 2022-06-10), HTR20
    (release day not known)"."""
    named = [
        f"{code} ({'release day not known' if day is None else f'released {day.isoformat()}'})"
        for code, day in spec.pool_sets_in_part
    ]
    return f"set{'s' if len(named) > 1 else ''} {', '.join(named)}"


def not_given(finding: Finding) -> bool:
    """A card's legality not verified because the card data lists none for it
    (:func:`_not_given_finding`): a deck whose legality the data does not vouch for at all
    (unresolved.stale_legality) has no such finding, as :func:`legality_finding` withheld makes none."""
    return finding.code == unres.NOT_VERIFIED.code and dict(finding.data).get("status") in NOT_GIVEN


def _decision(group: Sequence[Placed], status: str, spec: FormatSpec) -> tuple[Code, Sequence[Placed]] | None:
    """The code of a card's legality finding for this ``status`` and the entries it names (those in
    the command zone, or outside it, where the format restricts a card to one or the other); None
    when the card has none."""
    if status == "banned":
        return BANNED, group
    if status == "not_legal":
        return NOT_LEGAL, group
    if status != "restricted":
        return None
    if spec.restricted_means == "not-as-commander":
        as_commander = [c for c in group if c.zone is Zone.COMMANDER]
        return (BANNED, as_commander) if as_commander else None
    if spec.restricted_means == "commander-only":
        outside = [c for c in group if c.zone is not Zone.COMMANDER]
        return (NOT_LEGAL, outside) if outside else None
    return (RESTRICTED, group) if sum(c.quantity for c in group) > 1 else None
