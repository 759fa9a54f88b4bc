"""The ten companion conditions over many decks at once, as numpy arrays (no pandas here).

A batch is a set of entries — deck code ``d``, card code ``c``, zone code ``z``, quantity ``q``, one
array each — and one row per distinct card (:class:`CardArrays`, its companion facts as small
integers, computed once per card). Each condition is then a group-by over the whole batch
(``np.bincount`` over deck codes) instead of a loop per deck. :func:`evaluate` gives the deck x
companion table :func:`deckcheck.rules.companions.evaluate` gives deck by deck (tests/frames and
tests/batch hold it to that); both ``frames.companion_table`` and the lean batch checker
(:mod:`deckcheck.fastcheck`) read it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from deckcheck.card_facts import CardFacts, StoredFacts, colour_mask, rule_mask, type_bits, type_mask
from deckcheck.cards.model import Card
from deckcheck.deck import ZONE_CODE, Entry, Zone
from deckcheck.format_spec import FormatSpec
from deckcheck.rules import companions, legality
from deckcheck.rules.chunk import Chunk

RULES = companions.COMPANIONS
N_RULES = len(RULES)

# zone codes in entry arrays (deck.ZONE_CODE)
MAIN, SIDEBOARD, COMMANDER, COMPANION, MAYBEBOARD = (
    ZONE_CODE[z] for z in (Zone.MAIN, Zone.SIDEBOARD, Zone.COMMANDER, Zone.COMPANION, Zone.MAYBEBOARD)
)


def _deck_rule(short: str) -> int:
    return next(i for i, r in enumerate(RULES) if r.deck_check is not None and r.short == short)


LUTRI, UMORI, YORION = _deck_rule("Lutri"), _deck_rule("Umori"), _deck_rule("Yorion")
if {i for i, r in enumerate(RULES) if r.deck_check is not None} != {LUTRI, UMORI, YORION}:
    raise RuntimeError(  # pragma: no cover - a new deck-level condition needs its vectorised form here
        "companions.COMPANIONS has a deck-level condition that deckcheck.rules.companion_arrays does not know"
    )


def bits(masks: Any, width: int) -> Any:
    """(n,) int masks -> (n, width) bool."""
    return ((masks[:, None] >> np.arange(width, dtype=np.int64)) & 1).astype(bool)


def per_deck(deck: Any, n_decks: int, weights: Any = None) -> Any:
    return np.bincount(deck, weights=weights, minlength=n_decks)


@dataclass(frozen=True, slots=True)
class Column:
    """One per-card array: the card fact it encodes (a CardFacts field, and the stored column of
    the same name), how one value is converted, and the dtype (None: kept as a list of values)."""

    name: str
    fact: str
    convert: Callable[[Any], Any] | None = None
    dtype: Any = None


def columns_of(cards: Sequence[CardFacts], columns: Sequence[Column]) -> dict[str, Any]:
    """Each column's values for a run of cards: from a store's facts (StoredFacts), converted once
    per distinct stored value, else card by card."""
    if isinstance(cards, StoredFacts):
        return {
            c.name: cards.per_card(c.fact, c.convert)
            if c.dtype is None
            else cards.array(c.fact, c.convert or _same, c.dtype)
            for c in columns
        }
    found: dict[str, Any] = {}
    for c in columns:
        values = [getattr(card, c.fact) for card in cards]
        if c.convert is not None:
            values = list(map(c.convert, values))
        found[c.name] = values if c.dtype is None else np.array(values, dtype=c.dtype).reshape(len(values))
    return found


def _same(value: Any) -> Any:
    return value


class CardArrays:
    """Distinct cards as arrays, one row per card code (0, 1, ... in the order added). It grows:
    :meth:`add` appends cards, :meth:`ready` brings the arrays up to date (only the new rows are
    converted), so a batch that meets new cards chunk after chunk never converts a card twice;
    :meth:`append` takes many cards' values as columns at once (:data:`COLUMNS`)."""

    COLUMNS: tuple[Column, ...] = (
        # bit i of a mask: COMPANIONS[i] (the card breaks its card condition; has its name)
        Column("breaks", "breaks", rule_mask, np.int64),
        Column("named", "named", rule_mask, np.int64),
        Column("rule_index", "rule_index", int, np.int64),  # the companion this card is, else -1
        Column("is_land", "is_land", bool, bool),
        Column("ability", "has_companion_ability", bool, bool),
        Column("identity", "color_identity", colour_mask, np.int64),  # bit i = "WUBRG"[i]
        Column("chooses_colour", "chooses_colour", bool, bool),  # a colour chosen before the game
        Column("type_mask", "card_types", type_mask, np.int64),  # bits from type_bit
        Column("name_keys", "name_keys"),  # case-folded names (a split card has two)
        Column("legality_keys", "legalities", frozenset),
    )

    def __init__(self, cards: Iterable[CardFacts] = ()) -> None:
        self.cards: Sequence[CardFacts] = []  # by code
        self._built = 0
        self.breaks = np.zeros((0, N_RULES), dtype=bool)  # (cards, companions)
        self.named = np.zeros((0, N_RULES), dtype=bool)
        self.has_named: Any = np.zeros(0, dtype=bool)
        self.rule_index = np.zeros(0, dtype=np.int64)
        self.is_land = np.zeros(0, dtype=bool)
        self.ability = np.zeros(0, dtype=bool)
        self.identity = np.zeros(0, dtype=np.int64)
        self.chooses_colour = np.zeros(0, dtype=bool)  # as a commander (CR 903.4b)
        self.type_mask = np.zeros(0, dtype=np.int64)
        self.legality_keys: list[frozenset[str]] = []
        # every card's case-folded names, flattened: name id and the card code it belongs to
        self.name_ids = np.zeros(0, dtype=np.int64)
        self.name_owner = np.zeros(0, dtype=np.int64)
        self._name_id: dict[str, int] = {}
        self._lists_key: dict[str, Any] = {}
        for card in cards:
            self.add(card)
        self.ready()

    def __len__(self) -> int:
        return len(self.cards)

    def add(self, card: CardFacts) -> int:
        """Append a card; its code."""
        cards = self.cards
        assert isinstance(cards, list)  # one added card at a time, or columns (append), not both
        cards.append(card)
        return len(cards) - 1

    def ready(self) -> None:
        """Convert the cards added since the last call."""
        new = self.cards[self._built :]
        if new:
            self.append(columns_of(new, self.COLUMNS))

    def append(self, columns: dict[str, Any]) -> None:
        """The next cards' rows (codes from the number of rows so far), from their values."""
        first, n = self._built, len(columns["rule_index"])

        def grow(old: Any, values: Sequence[Any], dtype: Any) -> Any:
            return np.concatenate([old, np.array(values, dtype=dtype).reshape(n)])

        self.breaks = np.concatenate([self.breaks, bits(np.asarray(columns["breaks"], np.int64), N_RULES)])
        self.named = np.concatenate([self.named, bits(np.asarray(columns["named"], np.int64), N_RULES)])
        self.has_named = self.named.any(axis=1)  # the card has a companion's name
        self.rule_index = grow(self.rule_index, columns["rule_index"], np.int64)
        self.is_land = grow(self.is_land, columns["is_land"], bool)
        self.ability = grow(self.ability, columns["ability"], bool)
        self.identity = grow(self.identity, columns["identity"], np.int64)
        self.chooses_colour = grow(self.chooses_colour, columns["chooses_colour"], bool)
        self.type_mask = grow(self.type_mask, columns["type_mask"], np.int64)
        legality_keys = columns["legality_keys"]
        self.legality_keys += legality_keys
        for key, lists in self._lists_key.items():
            self._lists_key[key] = np.concatenate([lists, _contains(legality_keys, key)])
        name_id = self._name_id
        owned = [
            (name_id.setdefault(key, len(name_id)), code)
            for code, keys in enumerate(columns["name_keys"], start=first)
            for key in keys
        ]
        if owned:
            ids, owners = zip(*owned, strict=True)
            self.name_ids = np.concatenate([self.name_ids, np.array(ids, dtype=np.int64)])
            self.name_owner = np.concatenate([self.name_owner, np.array(owners, dtype=np.int64)])
        self._built = first + n

    def lists_key(self, key: str) -> Any:
        """(cards,) bool: the card data lists legality ``key`` for the card."""
        found = self._lists_key.get(key)
        if found is None:
            found = self._lists_key[key] = _contains(self.legality_keys, key)
        return found


def _contains(sets: Sequence[Collection[str]], key: str) -> Any:
    """(n,) bool: ``key in sets[i]``, tested once per distinct set object (cards share them)."""
    answer = {id(s): key in s for s in dict(zip(map(id, sets), sets, strict=True)).values()}
    return np.fromiter(map(answer.__getitem__, map(id, sets)), dtype=bool, count=len(sets))


@dataclass(slots=True)
class DeckFormats:
    """Each deck's format as arrays: ``specs[index[d]]`` is deck d's."""

    specs: list[FormatSpec]
    index: Any  # (decks,) int

    @classmethod
    def of(cls, per_deck_specs: Sequence[FormatSpec]) -> DeckFormats:
        # by identity first: a batch passes the same few spec objects, and hashing one hashes every field
        by_id: dict[int, int] = {}
        distinct: dict[FormatSpec, int] = {}
        codes = []
        for spec in per_deck_specs:
            code = by_id.get(id(spec))
            if code is None:
                code = by_id[id(spec)] = distinct.setdefault(spec, len(distinct))
            codes.append(code)
        return cls(list(distinct), np.array(codes, dtype=np.intp))

    def decks_of(self, s: int) -> Any:
        return self.index == s

    def per_deck(self, value: Callable[[FormatSpec], Any], dtype: Any) -> Any:
        """``value(spec)`` for every deck."""
        return np.array([value(spec) for spec in self.specs], dtype=dtype)[self.index]


@dataclass(slots=True)
class Evaluation:
    """The companion table of one batch as arrays: (decks, companions) and (entries, companions)."""

    eligible: Any
    declared: Any
    breakers: Any  # breaking entries
    cut: Any  # copies to cut
    add: Any  # cards to add (Yorion)
    obstacle: Any  # something forbids the companion whatever the deck holds (companions.obstacles)
    breaking: Any  # (entries, companions): the entry breaks the companion's condition
    key_of: Any  # (decks,) the legality key (rules.legality.key_screen)
    # (decks, companions): unknown cards could break the condition (companions.open_entries) and
    # nothing known decides it: eligible is False there and the verdict is undetermined
    undetermined: Any = None
    depends: Any = None  # (decks, companions): the result lists unknown entries (CompanionResult.unresolved)
    commander_breaks: Any = None  # (decks, companions): a commander breaks the condition
    near_miss: Any = None  # not eligible, but a few changes away (CompanionResult.near_miss)

    def __post_init__(self) -> None:
        if self.undetermined is None:
            self.undetermined = np.zeros_like(self.eligible)
        if self.depends is None:
            self.depends = np.zeros_like(self.eligible)
        if self.commander_breaks is None:
            self.commander_breaks = np.zeros_like(self.eligible)
        changes = self.cut + self.add
        self.near_miss = (
            ~self.eligible
            & ~self.depends
            & ~self.commander_breaks
            & (changes > 0)
            & (changes <= companions.NEAR_MISS_CARDS)
        )


@dataclass(frozen=True, slots=True)
class UnknownEntries:
    """The entries of a batch whose names match no card: deck ``d``, zone ``z``, quantity ``q`` and
    ``name``, a code shared by the entries that write one name (folded as
    :func:`deckcheck.unresolved.by_written_name` folds it); ``uncertain``: the entry's line wrote
    no count, so it may be no card at all (unresolved.uncertain_copies; None: every line wrote one);
    ``may_be``: by name code, the cards the name may be (its did-you-mean, companions.MayBe; None:
    none asked for)."""

    d: Any
    z: Any
    q: Any
    name: Any
    uncertain: Any = None
    may_be: Sequence[Sequence[str]] | None = None

    @classmethod
    def none(cls) -> UnknownEntries:
        empty = np.zeros(0, dtype=np.int32)
        return cls(empty, empty.astype(np.int8), empty, empty)


class DeckSums:
    """Per-deck sums of entry columns, one column at a time (a corpus of 100k decks has millions of
    entries: no entries x companions temporaries). Entries are usually grouped by deck already (a
    decklist's entries are read together): then a cumulative sum does every deck at once; else a
    bincount."""

    def __init__(self, d: Any, n_decks: int) -> None:
        self.d, self.n_decks = d, n_decks
        grouped = len(d) > 0 and bool(np.all(d[:-1] <= d[1:]))
        self.bounds = np.searchsorted(d, np.arange(n_decks + 1)) if grouped else None

    def of(self, values: Any, weights: Any = None) -> Any:
        """(decks, k) int64: the sums of the (entries, k) ``values``, each entry's times ``weights``."""
        found = np.zeros((self.n_decks, values.shape[1]), dtype=np.int64)
        for k in range(values.shape[1]):
            column = values[:, k] if weights is None else np.where(values[:, k], weights, 0)
            if self.bounds is None:
                found[:, k] = np.bincount(self.d, weights=column, minlength=self.n_decks)
            else:
                running = np.concatenate([[0], np.cumsum(column, dtype=np.int64)])
                found[:, k] = running[self.bounds[1:]] - running[self.bounds[:-1]]
        return found


def evaluate(
    d: Any,
    c: Any,
    z: Any,
    q: Any,
    n_decks: int,
    cards: CardArrays,
    formats: DeckFormats,
    lookup: Callable[[str], Card | None],
    unknown: UnknownEntries | None = None,
    legality_open: Any = None,
    unread: Any = None,
) -> Evaluation:
    """The ten companions on every deck of a batch of entries (deck ``d``, card ``c``, zone ``z``,
    quantity ``q``; every entry names a card). ``lookup`` finds a card by oracle name (the companion
    cards' own legality and identity). ``unknown``: the entries whose names match no card; they
    count toward Yorion's size and leave open the conditions they could break, as in
    companions.evaluate. ``legality_open``: (decks,) bool, the card data does not vouch for the day
    the deck is judged for: a companion card's own legality is not known there, and a met condition
    is undetermined (companions.evaluate's ``legality_open``).
    ``unread``: (decks,) bool, the deck is not all of the deck written (engine.unread_part): no
    condition is met for certain, no cut is offered and Yorion's count counts nothing
    (companions.evaluate_with_findings' ``unread``)."""
    cards.ready()
    unknown = unknown if unknown is not None else UnknownEntries.none()
    in_part = np.zeros(n_decks, dtype=bool) if unread is None else np.asarray(unread, dtype=bool)
    commander_format = formats.per_deck(lambda spec: spec.commander, bool)
    # the starting deck (deck.STARTING_ZONES): the main deck and the commanders (outside Commander a
    # card marked as commander counts as a main-deck card)
    start = (z == MAIN) | (z == COMMANDER)
    nonland = start & ~cards.is_land[c]
    unknown_start = (unknown.z == MAIN) | (unknown.z == COMMANDER)
    open_ = _open(unknown, unknown_start, n_decks)
    if unknown.may_be is not None:
        _lutri_kin(open_, unknown, unknown_start, d, c, nonland, cards)

    breaking = start[:, None] & cards.breaks[c]  # per-card conditions; deck-level columns False here
    leader = nonland & (z == COMMANDER) & commander_format[d]  # (a commander is no card to cut)
    _umori_breaking(breaking, d, c, q, nonland, leader, cards, n_decks)
    # a format with no companions at all (FormatSpec.companions: Oathbreaker): no condition can
    # hold there, so nothing breaks one and there is nothing to cut or add (companions.obstacles)
    no_companions = formats.per_deck(lambda spec: not spec.companions, bool)
    lutri_cut = _lutri(breaking, d, c, q, nonland, cards, n_decks, formats)
    if no_companions.any():
        breaking &= ~no_companions[d][:, None]
        lutri_cut = np.where(no_companions, 0, lutri_cut)
    sums = DeckSums(d, n_decks)
    breakers = sums.of(breaking)
    cut = sums.of(breaking, q)
    cut[:, LUTRI] = lutri_cut
    met = breakers == 0

    # Yorion: twenty cards over the minimum; impossible where the maximum is below that
    add = np.zeros((n_decks, N_RULES), dtype=np.int64)
    obstacle = np.zeros((n_decks, N_RULES), dtype=bool)
    needed = formats.per_deck(companions.yorion_needs, np.int64)
    impossible = formats.per_deck(companions.yorion_impossible, bool)
    size = per_deck(d[start], n_decks, q[start]).astype(np.int64)
    size += per_deck(unknown.d[unknown_start], n_decks, unknown.q[unknown_start]).astype(np.int64)
    add[:, YORION] = np.where(impossible | no_companions | in_part, 0, np.maximum(needed - size, 0))
    met[:, YORION] = ~impossible & (add[:, YORION] == 0)
    obstacle[:, YORION] = impossible
    if unknown.uncertain is not None:
        # lines that may be no card, where the deck without them falls short (companions.yorion_uncertain):
        # met, Yorion is undetermined; not met, how many cards to add is not known (no near miss)
        maybe_none = unknown_start & unknown.uncertain
        fewest = size - per_deck(unknown.d[maybe_none], n_decks, unknown.q[maybe_none]).astype(np.int64)
        depends_on = (per_deck(unknown.d[maybe_none], n_decks) > 0) & (fewest < needed)
        open_[:, YORION] = depends_on & ~(impossible | no_companions | in_part)

    # declared: the companion cards under Companion; else, outside Commander, the sideboard's
    rule_of = cards.rule_index[c]
    companion_zone = z == COMPANION
    zone_has_companion = per_deck(d[companion_zone & cards.ability[c]], n_decks) > 0
    declared = np.zeros((n_decks, N_RULES), dtype=bool)
    listed = companion_zone & (rule_of >= 0)
    declared[d[listed], rule_of[listed]] = True
    listed = (z == SIDEBOARD) & (rule_of >= 0) & ~zone_has_companion[d] & ~commander_format[d]
    declared[d[listed], rule_of[listed]] = True

    # what forbids a companion whatever its condition says (companions.obstacles)
    bans = np.array(
        [[rule.name in spec.companion_bans for rule in RULES] for spec in formats.specs], dtype=bool
    ).reshape(len(formats.specs), N_RULES)
    # an inferred shape's bans are its formats', and where they judge legality no card's legality is
    # checked (inference.with_known_formats): they leave a met condition undetermined, they forbid nothing
    inferred = np.array([spec.inferred for spec in formats.specs], dtype=bool)[:, None]
    unchecked = np.array([spec.legality_unchecked for spec in formats.specs], dtype=bool)[:, None]
    not_known = ((bans & inferred) | unchecked)[formats.index]
    obstacle |= (bans & ~inferred)[formats.index] | no_companions[:, None]
    key_of = legality.key_screen(Chunk(d, c, z, q, n_decks, cards, formats, commander_format))
    # decks whose legality the data does not vouch for (and that have a legality to judge)
    unverified = (
        np.zeros(n_decks, dtype=bool) if legality_open is None else np.asarray(legality_open, dtype=bool)
    ) & (key_of >= 0)
    # a companion card the data lists under no legality key but the format's card pool may hold:
    # its own legality is not known (companions.obstacles), a met condition undetermined
    not_known |= _illegal_companions(obstacle, key_of, formats, lookup, unverified)
    # the starting deck already holds as many copies of a companion's name as the format allows
    # (companions.obstacles' "name"; few entries have such a name)
    hits = np.flatnonzero(start & cards.has_named[c])
    if len(hits):
        entry_of, named_rule = np.nonzero(cards.named[c[hits]])
        copies = np.zeros((n_decks, N_RULES), dtype=np.int64)
        np.add.at(copies, (d[hits][entry_of], named_rule), q[hits][entry_of])
        obstacle |= copies >= _companion_limits(key_of, formats, lookup, unverified)
    # Commander decks that mark no commander: its identity and its own cards are not known
    # (companions.obstacles' no_commander), so a met condition is undetermined
    no_commander = np.zeros(n_decks, dtype=bool)
    if commander_format.any():
        commanders = z == COMMANDER
        unknown_commander = (per_deck(unknown.d[unknown.z == COMMANDER], n_decks) > 0) & commander_format
        has_commander = ((per_deck(d[commanders], n_decks) > 0) & commander_format) | unknown_commander
        no_commander = commander_format & ~has_commander
        commander_identity = np.zeros(n_decks, dtype=np.int64)
        np.bitwise_or.at(commander_identity, d[commanders], cards.identity[c[commanders]])
        # (decks, companions): the identity each companion must fit
        identity = np.repeat(commander_identity[:, None], N_RULES, axis=1)
        _chosen_colours(identity, declared, d, c, z, cards, commander_format)
        for r, rule in enumerate(RULES):
            own = colour_mask(rule.colour_identity)
            card = lookup(rule.name)  # a declared companion is judged as the card it is
            as_declared = own if card is None else colour_mask(card.color_identity)
            companion_identity = np.where(declared[:, r], as_declared, own)
            outside = has_commander & ((companion_identity & ~identity[:, r]) != 0)
            # a commander the data does not know may hold the colours: open, not an obstacle
            obstacle[:, r] |= outside & ~unknown_commander
            open_[:, r] |= outside & unknown_commander

    # a commander that breaks a condition is no card to swap for a near miss (CompanionResult.near_miss)
    commander_breaks = np.zeros((n_decks, N_RULES), dtype=bool)
    in_command_zone = np.flatnonzero(z == COMMANDER)
    if len(in_command_zone):
        np.logical_or.at(commander_breaks, d[in_command_zone], breaking[in_command_zone])
        # and no cut of the deck's cards qualifies it (companions.breakers_verdict); Lutri's cut keeps
        # one copy of each name, which the commander's can be
        no_cut = commander_breaks & commander_format[:, None]
        no_cut[:, LUTRI] = False
        cut[no_cut] = 0
    cut[in_part] = 0  # the lines not read may break the condition too
    # nothing to cut or add where something forbids the companion whatever the deck holds
    # (companions.offered_change)
    cut[obstacle] = 0
    add[obstacle] = 0

    eligible = met & ~obstacle
    undetermined = eligible & (open_ | not_known | (unverified | no_commander | in_part)[:, None])
    depends = open_ & (undetermined | (~obstacle & ~met))  # (the unknown entries it is open on)
    # an inferred shape's minimum is not the real format's: Yorion is undetermined either way
    unknown_min = formats.per_deck(lambda spec: not spec.min_main_known, bool) & ~obstacle[:, YORION]
    undetermined[:, YORION] |= unknown_min
    depends[:, YORION] |= unknown_min
    open_[:, YORION] |= unknown_min
    return Evaluation(
        eligible & ~undetermined,
        declared,
        breakers,
        cut,
        add,
        obstacle,
        breaking,
        key_of,
        undetermined,
        depends,
        commander_breaks,
    )


def _chosen_colours(
    identity: Any, declared: Any, d: Any, c: Any, z: Any, cards: CardArrays, commander_format: Any
) -> None:
    """Where a commander's colour is chosen before the game (CR 903.4b), add the colour assumed for
    it to ``identity`` (decks, companions): commander.identity_choice's choice, the declared
    companion among what must fit, any other as if the deck revealed it. Deck by deck, as the
    engine does: few decks have such a commander."""
    chooser = (z == COMMANDER) & cards.chooses_colour[c] & commander_format[d]
    if not chooser.any():
        return
    from deckcheck.rules.commander import choose_colours

    order = np.argsort(d, kind="stable")
    bounds = np.searchsorted(d[order], np.arange(len(identity) + 1))
    facts = cards.cards
    for deck_code in np.unique(d[chooser]).tolist():
        at = order[bounds[deck_code] : bounds[deck_code + 1]]
        leaders = [facts[int(i)] for i in c[at[z[at] == COMMANDER]]]
        base = frozenset().union(*(f.color_identity for f in leaders))
        choosers = [f.name for f in leaders if f.chooses_colour]
        main = [facts[int(i)].color_identity for i in c[at[z[at] == MAIN]]]
        listed = [facts[int(i)].color_identity for i in c[at[z[at] == COMPANION]]]
        for r, rule in enumerate(RULES):
            companion = listed if declared[deck_code, r] else [rule.colour_identity]
            identity[deck_code, r] = colour_mask(choose_colours(base, choosers, main, companion).identity)


def _open(unknown: UnknownEntries, start: Any, n_decks: int) -> Any:
    """(decks, companions): the conditions the starting deck's unknown entries could break
    (companions.open_entries): any of them, but for Lutri a name written more than once, and
    never Yorion's (a count)."""
    open_ = np.zeros((n_decks, N_RULES), dtype=bool)
    if not start.any():
        return open_
    d, name, q = unknown.d[start], unknown.name[start], unknown.q[start]
    open_[np.unique(d)] = True
    names = int(name.max()) + 1
    keys, inverse = np.unique(d.astype(np.int64) * names + name, return_inverse=True)
    copies = np.bincount(inverse, weights=q, minlength=len(keys))
    open_[:, LUTRI] = open_[:, YORION] = False
    open_[(keys[copies > 1] // names).astype(np.intp), LUTRI] = True
    return open_


def _lutri_kin(
    open_: Any, unknown: UnknownEntries, start: Any, d: Any, c: Any, nonland: Any, cards: CardArrays
) -> None:
    """Marks Lutri open where a name the data does not know in the starting deck may be a card
    already there (companions.lutri_kin); only the decks with such a name whose did-you-mean
    offers a card are looked at, one by one."""
    assert unknown.may_be is not None
    may_be = unknown.may_be
    offers = np.array([bool(cards_) for cards_ in may_be], dtype=bool)
    offering = start & offers[unknown.name]
    if not offering.any():
        return
    decks = set(unknown.d[offering].tolist())
    names: dict[int, dict[int, int]] = {deck: {} for deck in decks}  # deck -> name code -> copies
    for deck, name, quantity in zip(
        unknown.d[start].tolist(), unknown.name[start].tolist(), unknown.q[start].tolist(), strict=True
    ):
        if deck in names:
            names[deck][name] = names[deck].get(name, 0) + quantity
    held: dict[int, set[str]] = {deck: set() for deck in decks}  # deck -> its nonland cards' names
    at = np.flatnonzero(nonland & np.isin(d, np.fromiter(decks, dtype=d.dtype, count=len(decks))))
    for deck, code in zip(d[at].tolist(), c[at].tolist(), strict=True):
        held[deck].add(cards.cards[code].name)
    for deck, copies in names.items():
        if companions.lutri_kin(copies, {name: may_be[name] for name in copies}, held[deck]):
            open_[deck, LUTRI] = True


def _illegal_companions(
    obstacle: Any, key_of: Any, formats: DeckFormats, lookup: Callable[[str], Card | None], unverified: Any
) -> Any:
    """A companion card banned or not legal in the format is not one the deck can reveal, judged
    under the deck's own legality key; not in the ``unverified`` decks, which the data's
    legalities do not describe. The format's own ban list forbids its cards in every deck.
    Returns (decks, companions) bool: the card's legality is not given (legality.NOT_GIVEN)."""
    not_given = np.zeros(obstacle.shape, dtype=bool)
    companion_cards = [lookup(rule.name) for rule in RULES]
    for s, spec in enumerate(formats.specs):
        if spec.extra_banned:  # on any day (as companions.companion_card_status)
            of_format = formats.decks_of(s)
            for r, rule in enumerate(RULES):
                if legality.banned_by_own_list(rule.name, spec):
                    obstacle[:, r] |= of_format
        candidates = spec.legality_candidates
        if not candidates:
            continue
        # (key_of indexes each deck's own format's candidates: read for this format's decks only)
        has_key = formats.decks_of(s) & (key_of >= 0) & ~unverified
        for r, card in enumerate(companion_cards):
            if card is not None:
                listed = [legality.card_listed(card, key, spec) for key in candidates]
                illegal = np.array([status in ("banned", "not_legal") for status in listed])
                obstacle[has_key, r] |= illegal[key_of[has_key]]
                unlisted = np.array([status in legality.NOT_GIVEN for status in listed])
                not_given[has_key, r] |= unlisted[key_of[has_key]]
    return not_given


def _companion_limits(
    key_of: Any, formats: DeckFormats, lookup: Callable[[str], Card | None], unverified: Any
) -> Any:
    """(decks, companions): companions.companion_copy_limit, the copies of a companion's name the
    starting deck may hold before the companion would be one too many, from the companion card's
    status under the deck's legality key (none: no key, a card the data lacks, or an ``unverified``
    deck, whose legality the data does not describe); a number no deck reaches where any number is
    allowed."""
    no_limit = np.iinfo(np.int64).max

    def limit(spec: FormatSpec, status: str | None) -> int:
        found = companions.companion_copy_limit(spec, status)
        return no_limit if found is None else found

    limits = np.empty((len(formats.index), N_RULES), dtype=np.int64)
    companion_cards = [lookup(rule.name) for rule in RULES]
    for s, spec in enumerate(formats.specs):
        of_format = formats.decks_of(s)
        has_key = of_format & (key_of >= 0) & ~unverified
        for r, card in enumerate(companion_cards):
            limits[of_format, r] = limit(spec, None)
            if card is not None and spec.legality_candidates:
                by_key = np.array([limit(spec, card.legality(key)) for key in spec.legality_candidates])
                limits[has_key, r] = by_key[key_of[has_key]]
    return limits


def _lutri(
    breaking: Any,
    d: Any,
    c: Any,
    q: Any,
    nonland: Any,
    cards: CardArrays,
    n_decks: int,
    formats: DeckFormats,
) -> Any:
    """Each nonland card has a different name (companions._lutri). A card whose names no other card
    of the batch has breaks it when the deck has more than one copy of it, and the cut keeps one copy
    of each such card. A deck with a card that shares a name with a different card (split halves) is
    left to Lutri's own condition (companions.deck_verdict) on the cards' facts: which card to keep
    is a small search there. (What forbids Lutri whatever the deck holds, and decks of formats
    without companions, :func:`evaluate` handles for every deck alike.)"""
    cut = np.zeros(n_decks, dtype=np.int64)
    entries = np.flatnonzero(nonland)
    if not len(entries):
        return cut
    # the cards of the batch that share a name with another card of the batch
    present = np.zeros(len(cards), dtype=bool)
    present[c[entries]] = True
    of_present = present[cards.name_owner]
    names, owners = cards.name_ids[of_present], cards.name_owner[of_present]
    shared = np.bincount(names) > 1  # a name of two (or more) of them
    shares = np.zeros(len(cards), dtype=bool)
    shares[owners[shared[names]]] = True
    # copies of each card per deck: group the (deck, card) pairs by sorting (no hash table)
    n_cards = max(len(cards), 1)
    pair = d[entries].astype(np.int64) * n_cards + c[entries]
    order = np.argsort(pair, kind="stable")
    sorted_pair = pair[order]
    del pair
    starts = np.flatnonzero(np.r_[True, sorted_pair[1:] != sorted_pair[:-1]])
    copies = np.add.reduceat(q[entries][order], starts)
    group = np.empty(len(order), dtype=np.int64)
    group[order] = np.repeat(np.arange(len(starts)), np.diff(np.r_[starts, len(order)]))
    breaking[entries, LUTRI] = copies[group] > 1
    cut += np.bincount(sorted_pair[starts] // n_cards, weights=copies - 1, minlength=n_decks).astype(np.int64)
    del order, sorted_pair, group
    for deck_code in np.unique(d[entries][shares[c[entries]]]).tolist():
        in_deck = entries[d[entries] == deck_code]
        items: list[companions.Counted] = []
        for position, i in enumerate(in_deck.tolist(), start=1):
            facts = cards.cards[int(c[i])]
            items.append((Entry(int(q[i]), facts.name, Zone.MAIN, position), facts))
        spec = formats.specs[formats.index[deck_code]]
        verdict = companions.deck_verdict(RULES[LUTRI], items, 0, spec)  # (Lutri's reads no size)
        hit = np.zeros(len(in_deck), dtype=bool)
        hit[[b.line - 1 for b in verdict.breakers]] = True
        breaking[in_deck, LUTRI] = hit
        cut[deck_code] = sum(n for _, n in verdict.cut)
    return cut


def _umori_breaking(
    breaking: Any, d: Any, c: Any, q: Any, nonland: Any, leader: Any, cards: CardArrays, n_decks: int
) -> None:
    """Each nonland card shares a card type: keep the type the most nonland copies have (ties as
    companions.umori_preference breaks them), of those every ``leader`` entry of its deck (a
    commander) has when they share one (companions.umori_keep_from); every nonland entry without
    it breaks the condition."""
    entries = np.flatnonzero(nonland)
    if not len(entries):
        return
    deck, masks, copies = d[entries], cards.type_mask[c[entries]], q[entries]
    present = np.bitwise_or.reduce(masks)
    order = companions.umori_preference(t for t, bit in type_bits().items() if present >> bit & 1)
    if not order:  # no nonland card has a card type at all
        breaking[entries, UMORI] = True
        return
    bit_of = type_bits()
    bit_numbers = np.array([bit_of[t] for t in order], dtype=np.int64)
    has_type = (masks[:, None] >> bit_numbers) & 1 > 0
    counts = DeckSums(deck, n_decks).of(has_type, copies)
    if leader.any():
        keep_from = np.full(n_decks, -1, dtype=np.int64)  # every bit: any type
        np.bitwise_and.at(keep_from, d[leader], cards.type_mask[c[leader]])
        keep_from[keep_from == 0] = -1  # the commanders share no type: any (one of them breaks it)
        counts = np.where((keep_from[:, None] >> bit_numbers) & 1 > 0, counts, -1)
    best = counts.argmax(axis=1)  # the first of equal counts: the tie order above
    breaking[entries, UMORI] = ~has_type[np.arange(len(entries)), best[deck]]
