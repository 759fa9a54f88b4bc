"""Decklist *text* for the fast-path equivalence tests (tests/batch/test_fast_equivalence.py).

Every name is drawn from a given card store (:class:`CardPool`), so the same generator runs over the
bundled 292 cards and over the real MTGJSON data: what a store has (companions, commanders, partner
pairs, backgrounds, basics incl. snow and Wastes, "a deck can have any number of cards named …" cards,
banned and restricted cards per format, split / adventure / MDFC cards, localized printed names) is
found by asking the store's cards, never from a hard-coded list.

Three layers:

- shapes (:data:`SHAPES`): a function ``(pool, rng) -> GenDeck | str`` per kind of deck — the realistic
  lists of benchmarks/bench_batch.py (:class:`RealisticPool`, the same algorithm over any store) and
  every odd case the rules have to handle (companions anywhere, partner pairs, wrong colour identity,
  singleton and copy violations, sizes, Yorion / Lutri / Umori decks, unknown and misspelt names…),
  each with the formats it suits;
- styles (:data:`STYLES`): how a deck is written — Arena with or without ``(SET) 123``, MTGO with a
  blank line or a ``Sideboard`` header, ``SB:`` prefixes, Moxfield, Archidekt, ``4x``, ``Name x4``,
  type groups, localized headers, JSON, and the repository's own writers (Forge, XMage, .cod, .dek, CSV);
- noise (:data:`NOISE`): what real files add — comments and metadata, ``About`` / ``Name``, blank lines,
  duplicated lines, CRLF, a BOM, tabs, unparsable lines, count-less lines, control characters, unknown
  headers, set codes.

:func:`make_text` combines them from a seeded :class:`random.Random`; :func:`deck_texts` and
:func:`batches` are the Hypothesis strategies.
"""

from __future__ import annotations

import json
import random
import unicodedata
import weakref
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from deckcheck.cards.model import Card
from deckcheck.cards.store import CardStore
from deckcheck.deck import Entry, ParsedDeck, Zone
from deckcheck.decklist import WRITERS
from deckcheck.decklist.headers import LOCALIZED_ZONE_HEADERS
from deckcheck.formats import get_format
from deckcheck.rules import companions
from deckcheck.rules.commander import (
    commander_eligibility,
    is_background,
    is_time_lord_doctor,
    partner_abilities,
)
from deckcheck.rules.sizes import oracle_deck_limit

COLOURS = "WUBRG"
BASIC_NAMES = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
CONSTRUCTED = ("modern", "legacy", "vintage", "pioneer", "pauper", "standard", "premodern", "historic")
COMMANDER_FORMATS = ("commander", "duel", "paupercommander", "brawl")
SET_CODES = ("M10", "MH2", "ELD", "IKO", "2XM", "LEA", "DMU", "SLD", "PLST", "c16", "znr")
MADE_UP = (
    "Lightning Blot",
    "Grizzly Bares",
    "Totally Real Card",
    "Black Lotus 2",
    "Snapcaster Mage of the Multiverse",
    "Jace, the Mind Sculptor",  # real card, but not in the bundled set
    "Sol Rign",
    "Counter Spell",
    "Force Of Wil",
    "Llanowar Elfs",
    "Xyzzy",
)


# -- the deck model --------------------------------------------------------------------------------
Line = tuple[int, str]  # (quantity, name as it will be written)


@dataclass
class GenDeck:
    """A deck before it is written: lines per zone (names as they will be written)."""

    main: list[Line] = field(default_factory=list)
    sideboard: list[Line] = field(default_factory=list)
    commander: list[Line] = field(default_factory=list)
    companion: list[Line] = field(default_factory=list)
    maybe: list[Line] = field(default_factory=list)
    name: str | None = None
    sideboard_header: bool = True  # MTGO-style text: a "Sideboard" line, else just a blank line

    def zones(self) -> list[tuple[Zone, list[Line]]]:
        return [
            (Zone.COMMANDER, self.commander),
            (Zone.COMPANION, self.companion),
            (Zone.MAIN, self.main),
            (Zone.SIDEBOARD, self.sideboard),
            (Zone.MAYBEBOARD, self.maybe),
        ]

    def all_lines(self) -> list[Line]:
        return [line for _, lines in self.zones() for line in lines]

    def rename(self, fn: Callable[[str], str]) -> GenDeck:
        """The same deck with every name passed through ``fn`` (written variants)."""

        def each(lines: list[Line]) -> list[Line]:
            return [(q, fn(n)) for q, n in lines]

        return GenDeck(
            each(self.main),
            each(self.sideboard),
            each(self.commander),
            each(self.companion),
            each(self.maybe),
            self.name,
            self.sideboard_header,
        )


# -- names and pools ------------------------------------------------------------------------------
class Popular:
    """Names drawn by popularity (benchmarks/bench_batch.py's Popular): a card's weight falls with its
    seeded rank as 1/rank (Zipf), so staples recur across decks as they do in real metagames."""

    def __init__(self, names: Sequence[str], rng: random.Random) -> None:
        self.names = list(names)
        self.members = frozenset(self.names)
        rng.shuffle(self.names)
        total = 0.0
        self.cumulative: list[float] = []
        for rank in range(1, len(self.names) + 1):
            total += 1.0 / rank
            self.cumulative.append(total)

    def __len__(self) -> int:
        return len(self.names)

    def pick(self, rng: random.Random, k: int, exclude: frozenset[str] = frozenset()) -> list[str]:
        """Up to ``k`` distinct names."""
        k = min(k, len(self.names) - len(exclude & self.members))
        chosen: dict[str, None] = {}
        while len(chosen) < k:
            for name in rng.choices(self.names, cum_weights=self.cumulative, k=k - len(chosen)):
                if name not in exclude:
                    chosen[name] = None
        return list(chosen)[:k]


class RealisticPool:
    """benchmarks/bench_batch.py's ``Pool`` over any store's cards: Modern lists of one to three
    colours (60-75 cards in 4/3/2/1-ofs, basics and duals, a 0-15 card sideboard, a companion in it one
    time in five) and Commander lists (a legendary creature commander, 99 singletons inside its
    identity, a companion under Companion one time in ten). Same algorithm, so the same shapes, but
    one difference kept on purpose: the sideboard here may take a card past four copies across deck
    and sideboard (the benchmark caps it, as registered lists are), so the copies rule is exercised
    at volume too."""

    def __init__(self, cards: Iterable[Card], companion_names: Sequence[str], seed: int = 7) -> None:
        rng = random.Random(seed)
        commander = get_format("commander")
        self.companion_names = tuple(companion_names) or ("Lurrus of the Dream-Den",)
        spells: dict[frozenset[str], list[str]] = {}
        duals: dict[frozenset[str], list[str]] = {}
        edh_spells: dict[frozenset[str], list[str]] = {}
        edh_lands: dict[frozenset[str], list[str]] = {}
        self.commanders: list[tuple[frozenset[str], str]] = []
        for card in cards:
            if card.is_basic_land or card.name in self.companion_names:
                continue
            identity = card.color_identity
            if card.legality("modern") == "legal":
                if not card.is_land:
                    spells.setdefault(identity, []).append(card.name)
                elif len(identity) == 2:
                    duals.setdefault(identity, []).append(card.name)
            if card.legality("commander") == "legal":
                (edh_lands if card.is_land else edh_spells).setdefault(identity, []).append(card.name)
                if commander_eligibility(card, commander) is None and card.deck_types.is_creature:
                    self.commanders.append((identity, card.name))
        self.spells = {k: Popular(v, rng) for k, v in spells.items()}
        self.duals = {k: Popular(v, rng) for k, v in duals.items()}
        self.edh_spells = {k: Popular(v, rng) for k, v in edh_spells.items()}
        self.edh_lands = {k: Popular(v, rng) for k, v in edh_lands.items()}

    @staticmethod
    def _within(pools: dict[frozenset[str], Popular], identity: frozenset[str]) -> list[Popular]:
        return [pool for key, pool in pools.items() if key <= identity and len(pool)]

    def constructed(self, rng: random.Random) -> GenDeck:
        colours = rng.sample(COLOURS, rng.choice((1, 2, 2, 2, 3)))
        allowed = frozenset(colours)
        mono = [self.spells[frozenset(c)] for c in colours if frozenset(c) in self.spells]
        spells = [n for pool in mono for n in pool.pick(rng, 7)]
        gold = [p for k, p in self.spells.items() if len(k) > 1 and k <= allowed]
        if gold:
            spells += rng.choice(gold).pick(rng, 3)
        if frozenset() in self.spells:
            spells += self.spells[frozenset()].pick(rng, 2)
        spells = list(dict.fromkeys(spells))
        rng.shuffle(spells)
        main_size = rng.choice((60, 60, 60, 60, 61, 62, 64, 68, 75))
        land_count = round(main_size * rng.uniform(0.34, 0.42))
        deck = GenDeck()
        total = 0
        for name in spells:
            if total >= main_size - land_count:
                break
            copies = min(rng.choice((4, 4, 4, 3, 3, 2, 1)), main_size - land_count - total)
            deck.main.append((copies, name))
            total += copies
        dual_pools = self._within(self.duals, allowed)
        for _ in range(rng.randint(0, 3) if dual_pools else 0):
            name = rng.choice(dual_pools).pick(rng, 1)[0]
            copies = min(4, main_size - total)
            if copies > 0 and all(n != name for _, n in deck.main):
                deck.main.append((copies, name))
                total += copies
        for i, colour in enumerate(colours):
            share = (main_size - total) // (len(colours) - i)
            if share > 0:
                deck.main.append((share, BASIC_NAMES[colour]))
                total += share
        side_total = rng.choice((0, 7, 15, 15, 15))
        if rng.random() < 0.2 and side_total:
            deck.sideboard.append((1, rng.choice(self.companion_names)))
            side_total -= 1
        while side_total > 0 and mono:
            copies = min(rng.choice((1, 2, 3)), side_total)
            deck.sideboard.append((copies, rng.choice(mono).pick(rng, 1)[0]))
            side_total -= copies
        deck.sideboard_header = rng.random() >= 0.5
        return deck

    def commander(self, rng: random.Random) -> GenDeck:
        identity, commander = rng.choice(self.commanders)
        pools = self._within(self.edh_spells, identity)
        weights = [len(p) for p in pools]
        chosen: dict[str, None] = {}
        while len(chosen) < 62 and pools:
            pool = rng.choices(pools, weights=weights)[0]
            for name in pool.pick(rng, 1, frozenset(chosen) | {commander}):
                chosen[name] = None
            if sum(weights) <= len(chosen) + 1:
                break
        lands: dict[str, None] = {}
        land_pools = self._within(self.edh_lands, identity)
        for _ in range(12 if land_pools else 0):
            for name in rng.choice(land_pools).pick(rng, 1, frozenset(lands)):
                lands[name] = None
        deck = GenDeck(commander=[(1, commander)])
        if rng.random() < 0.1:
            deck.companion.append((1, rng.choice(self.companion_names)))
        deck.main = [(1, n) for n in [*chosen, *lands]]
        remaining = 99 - len(chosen) - len(lands)
        colours = [c for c in COLOURS if c in identity]
        if not colours:
            deck.main.append((remaining, "Wastes"))
        for i, colour in enumerate(colours):
            share = remaining // (len(colours) - i)
            if share:
                deck.main.append((share, BASIC_NAMES[colour]))
                remaining -= share
        return deck


class CardPool:
    """A store's cards sorted by what a deck shape needs them for. Build it with :func:`pool_for`."""

    def __init__(self, store: CardStore) -> None:
        self.store = store
        cards = sorted(store.all_cards(), key=lambda c: c.name)
        self.cards: dict[str, Card] = {c.name: c for c in cards}
        self.names = [c.name for c in cards]
        commander, brawl = get_format("commander"), get_format("brawl")
        self.basics: dict[str, str] = {}
        self.snow_basics: dict[str, str] = {}
        self.colourless_basics: list[str] = []
        self.spells: dict[frozenset[str], list[str]] = {}  # nonland cards by colour identity
        self.lands: dict[frozenset[str], list[str]] = {}  # nonbasic lands by colour identity
        self.nonland: list[str] = []
        self.companions: list[str] = []
        self.commanders: list[str] = []
        self.brawl_commanders: list[str] = []  # planeswalkers and the rest Brawl allows
        self.legendary_non_commanders: list[str] = []
        self.backgrounds: list[str] = []
        self.choosers: list[str] = []  # Choose a Background
        self.plain_partners: list[str] = []
        self.partner_with: list[tuple[str, str]] = []
        self.partner_texts: dict[str, list[str]] = {}
        self.doctors: list[str] = []
        self.doctor_companions: list[str] = []
        self.any_number: list[str] = []
        self.limited_number: list[tuple[str, int]] = []
        self.restricted: dict[str, list[str]] = {}
        self.banned: dict[str, list[str]] = {}
        self.legal: dict[str, list[str]] = {}
        self.multi_face: list[str] = []
        self.split: list[str] = []
        self.printed: list[tuple[str, str, str]] = []  # (printed name, language, oracle name)
        self.by_type: dict[str, list[str]] = {}  # nonland cards by card type
        self.basic_typed_lands: list[str] = []  # nonbasic lands with basic land types (CR 903.5d)
        lower_names: dict[str, list[str]] = {}
        buckets = {"legal": self.legal, "banned": self.banned, "restricted": self.restricted}
        for card in cards:
            name = card.name
            types = card.deck_types
            identity = card.color_identity
            for key, value in card.legalities:
                bucket = buckets.get(value)
                if bucket is not None:
                    bucket.setdefault(key, []).append(name)
            for language, printed in card.printed_names:
                for written in printed:
                    if written and written != name:
                        self.printed.append((written, language, name))
            if len(card.faces) > 1:
                self.multi_face.append(name)
            if card.is_split:
                self.split.append(name)
            for face in card.face_names:
                lower_names.setdefault(face.casefold(), []).append(name)
            if card.is_basic_land:
                if len(identity) == 1:
                    (colour,) = identity
                    target = self.snow_basics if "Snow" in types.supertypes else self.basics
                    target.setdefault(colour, name)
                elif not identity:
                    self.colourless_basics.append(name)
                continue
            if card.is_land:
                self.lands.setdefault(identity, []).append(name)
                if set(types.subtypes) & set(BASIC_NAMES.values()):
                    self.basic_typed_lands.append(name)
            else:
                self.nonland.append(name)
                self.spells.setdefault(identity, []).append(name)
                for card_type in types.types:
                    self.by_type.setdefault(card_type, []).append(name)
            if companions.has_companion_ability(card):
                self.companions.append(name)
            if types.is_legendary:
                if commander_eligibility(card, commander) is None:
                    self.commanders.append(name)
                elif commander_eligibility(card, brawl) is None:
                    self.brawl_commanders.append(name)
                else:
                    self.legendary_non_commanders.append(name)
                if is_background(card):
                    self.backgrounds.append(name)
                if is_time_lord_doctor(card):
                    self.doctors.append(name)
                abilities = partner_abilities(card)
                if abilities.partner:
                    self.plain_partners.append(name)
                if abilities.choose_background:
                    self.choosers.append(name)
                if abilities.doctors_companion:
                    self.doctor_companions.append(name)
                for text in abilities.partner_texts:
                    self.partner_texts.setdefault(text, []).append(name)
                for other in abilities.partner_with:
                    if other in self.cards or store.card(other) is not None:
                        self.partner_with.append((name, other))
            found, limit = oracle_deck_limit(card)
            if found:
                if limit is None:
                    self.any_number.append(name)
                else:
                    self.limited_number.append((name, limit))
        # names shared by several cards' faces (Lutri's "different name" across split halves)
        self.languages = sorted({language for _, language, _ in self.printed})
        self.shared_names = sorted(n for n, owners in lower_names.items() if len(set(owners)) > 1)
        self.companions = self.companions or ["Lurrus of the Dream-Den"]
        self.realistic = RealisticPool(cards, [c for c in self.companions if c in _TEN])
        self._fits: dict[str, list[str]] = {}
        self._within: dict[tuple[frozenset[str], bool, str | None], list[str]] = {}
        self._translations: dict[str, dict[str, str]] = {}

    # -- small helpers ------------------------------------------------------------------------
    def basic(self, colour: str) -> str:
        return self.basics.get(colour, BASIC_NAMES[colour])

    def sample(self, rng: random.Random, names: Sequence[str], k: int) -> list[str]:
        return rng.sample(list(names), min(k, len(names))) if names else []

    def within(self, identity: frozenset[str], *, lands: bool = False, key: str | None = None) -> list[str]:
        """Nonland (or nonbasic land) cards inside a colour identity, legal under ``key`` if given."""
        cache_key = (identity, lands, key)
        found = self._within.get(cache_key)
        if found is None:
            source = self.lands if lands else self.spells
            names = [n for ident, group in source.items() if ident <= identity for n in group]
            if key is not None:
                legal = set(self.legal.get(key, ()))
                names = [n for n in names if n in legal]
            found = self._within[cache_key] = sorted(names)
        return found

    def translations(self, language: str) -> dict[str, str]:
        """Oracle name -> a printed name in ``language``."""
        found = self._translations.get(language)
        if found is None:
            found = self._translations[language] = {o: w for w, lang, o in self.printed if lang == language}
        return found

    def fits(self, companion: str) -> list[str]:
        """Nonland cards that meet a per-card companion condition (all of them, a bounded sample on
        a large store), for decks that really qualify."""
        found = self._fits.get(companion)
        if found is None:
            rule = companions.COMPANION_BY_NAME.get(companion)
            check = rule.card_check if rule is not None else None
            candidates = self.nonland
            if len(candidates) > 4000:
                candidates = sorted(random.Random(companion).sample(candidates, 4000))
            found = []
            for name in candidates:
                card = self.cards[name]
                if rule is not None and not card.color_identity <= rule.colour_identity:
                    continue
                if check is None or check(companions.card_features(card)) is None:
                    found.append(name)
            self._fits[companion] = found
        return found

    def card_type_of(self, name: str) -> str:
        card = self.cards.get(name)
        if card is None:
            return "Other"
        if card.is_land:
            return "Land"
        for kind in ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment"):
            if kind in card.deck_types.types:
                return kind
        return "Other"

    # -- names as people write them -----------------------------------------------------------
    def written(self, name: str, rng: random.Random, kind: str | None = None) -> str:
        """``name`` as a decklist might spell it (``kind`` picks the variant, else at random)."""
        card = self.cards.get(name)
        kind = kind or rng.choice(NAME_VARIANTS)
        if kind == "lower":
            return name.lower()
        if kind == "upper":
            return name.upper()
        if kind == "title":
            return name.title()
        if kind == "face" and card is not None and len(card.faces) > 1:
            return rng.choice(card.face_names)
        if kind == "slash" and card is not None and len(card.faces) > 1:
            return rng.choice(("/", " / ", "//", " /// ")).join(card.face_names)
        if kind == "printed" and card is not None and card.printed_names:
            _language, printed = rng.choice(card.printed_names)
            return rng.choice(printed) if printed else name
        if kind == "typo" and len(name) > 3:
            return typo(name, rng)
        if kind == "ascii":
            return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
        if kind == "apostrophe":
            return name.replace("'", "’") if "'" in name else name.replace(",", "")
        if kind == "spaces":
            return "  ".join(name.split(" "))
        if kind == "punctuation":  # as MTGO writes "Lurrus of the Dream Den": read folded
            if "-" in name:
                return name.replace("-", " ")
            return name.replace("'", "") if "'" in name else name.replace(" ", "", 1)
        if kind == "unknown":
            return rng.choice(MADE_UP)
        return name


NAME_VARIANTS = (
    "oracle",
    "lower",
    "upper",
    "title",
    "face",
    "slash",
    "printed",
    "typo",
    "ascii",
    "apostrophe",
    "spaces",
    "punctuation",
    "unknown",
)
_TEN = frozenset(rule.name for rule in companions.COMPANIONS)


def typo(name: str, rng: random.Random) -> str:
    """One slip of the keyboard: a swapped, dropped, doubled or wrong letter."""
    letters = [i for i, c in enumerate(name) if c.isalpha()]
    if len(letters) < 2:
        return name + "s"
    i = rng.choice(letters[:-1])
    how = rng.randrange(4)
    if how == 0:
        return name[:i] + name[i + 1] + name[i] + name[i + 2 :]
    if how == 1:
        return name[:i] + name[i + 1 :]
    if how == 2:
        return name[:i] + name[i] + name[i:]
    return name[:i] + rng.choice("aeiourstln") + name[i + 1 :]


_POOLS: weakref.WeakKeyDictionary[CardStore, CardPool] = weakref.WeakKeyDictionary()


def pool_for(store: CardStore) -> CardPool:
    """The (cached) pool of a store."""
    pool = _POOLS.get(store)
    if pool is None:
        pool = _POOLS[store] = CardPool(store)
    return pool


# -- shapes -----------------------------------------------------------------------------------------
def _fill_basics(pool: CardPool, deck: GenDeck, colours: str, target: int, rng: random.Random) -> None:
    """Basic lands (sometimes snow, Wastes when colourless) up to ``target`` main-deck cards."""
    total = sum(q for q, _ in deck.main) + sum(q for q, _ in deck.commander)
    missing = target - total
    if missing <= 0:
        return
    if not colours:
        names = pool.colourless_basics or ["Wastes"]
        deck.main.append((missing, rng.choice(names)))
        return
    for i, colour in enumerate(colours):
        share = missing // (len(colours) - i)
        if share:
            snow = colour in pool.snow_basics and rng.random() < 0.15
            deck.main.append((share, pool.snow_basics[colour] if snow else pool.basic(colour)))
            missing -= share


def _colours_of(pool: CardPool, names: Iterable[str]) -> str:
    found: set[str] = set()
    for name in names:
        card = pool.cards.get(name)
        if card is not None:
            found |= card.color_identity
    return "".join(c for c in COLOURS if c in found)


def shape_realistic_constructed(pool: CardPool, rng: random.Random) -> GenDeck:
    return pool.realistic.constructed(rng)


def shape_realistic_commander(pool: CardPool, rng: random.Random) -> GenDeck:
    return pool.realistic.commander(rng)


def _spells_deck(
    pool: CardPool,
    rng: random.Random,
    names: Sequence[str],
    size: int,
    copies: Sequence[int] = (4, 4, 3, 2, 1),
) -> GenDeck:
    """A constructed-style main deck from ``names`` in 4/3/2/1-ofs, the rest basics of its colours."""
    deck = GenDeck()
    spells = pool.sample(rng, names, 16)
    total, spell_target = 0, round(size * rng.uniform(0.55, 0.66))
    for name in spells:
        if total >= spell_target:
            break
        qty = min(rng.choice(copies), spell_target - total)
        deck.main.append((qty, name))
        total += qty
    _fill_basics(pool, deck, _colours_of(pool, spells), size, rng)
    return deck


def _sideboard(pool: CardPool, rng: random.Random, names: Sequence[str], size: int) -> list[Line]:
    side: list[Line] = []
    names = list(names)
    while size > 0 and names:
        qty = min(rng.choice((1, 2, 3, 4)), size)
        side.append((qty, rng.choice(names)))
        size -= qty
    return side


def shape_companion_sideboard(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = pool.realistic.constructed(rng)
    deck.sideboard = deck.sideboard[: rng.randint(0, len(deck.sideboard))]
    deck.sideboard.insert(rng.randint(0, len(deck.sideboard)), (1, rng.choice(pool.companions)))
    return deck


def shape_companion_section(pool: CardPool, rng: random.Random) -> GenDeck:
    """Under Companion; sometimes in the sideboard too (the DC004 merge), sometimes twice there."""
    deck = pool.realistic.constructed(rng) if rng.random() < 0.7 else pool.realistic.commander(rng)
    companion = rng.choice(pool.companions)
    deck.companion = [(rng.choice((1, 1, 1, 2)), companion)]
    if rng.random() < 0.4:
        deck.sideboard.append((1, companion))
    return deck


def shape_companion_main(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = pool.realistic.constructed(rng) if rng.random() < 0.7 else pool.realistic.commander(rng)
    companion = rng.choice(pool.companions)
    deck.main.insert(rng.randint(0, len(deck.main)), (rng.choice((1, 1, 2, 4)), companion))
    if rng.random() < 0.3:
        deck.sideboard.append((1, companion))
    return deck


def shape_companion_commander(pool: CardPool, rng: random.Random) -> GenDeck:
    """A companion as the commander, beside another commander, or in a Commander deck's sideboard."""
    deck = pool.realistic.commander(rng)
    companion = rng.choice(pool.companions)
    how = rng.randrange(4)
    if how == 0:
        deck.commander = [(1, companion)]
    elif how == 1:
        deck.commander.append((1, companion))
    elif how == 2:
        deck.sideboard.append((1, companion))
    else:
        deck.companion = [(1, companion)]
        deck.main.append((1, companion))  # named like a card in the 100 (CR 903.11a)
    return deck


def shape_two_companions(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = pool.realistic.constructed(rng) if rng.random() < 0.8 else pool.realistic.commander(rng)
    first, second = pool.sample(rng, pool.companions, 2) * (2 if len(pool.companions) < 2 else 1)
    where = rng.randrange(3)
    if where == 0:
        deck.sideboard += [(1, first), (1, second)]
    elif where == 1:
        deck.companion = [(1, first), (1, second)]
    else:
        deck.companion = [(1, first)]
        deck.sideboard.append((1, second))
    return deck


def shape_companion_fits(pool: CardPool, rng: random.Random) -> GenDeck:
    """A deck built to meet a per-card companion condition, sometimes with 1-5 breakers (near miss)."""
    rules = [r for r in companions.COMPANIONS if r.card_check is not None and r.name in pool.cards]
    if not rules:
        return shape_companion_sideboard(pool, rng)
    rule = rng.choice(rules)
    fitting = pool.fits(rule.name)
    size = rng.choice((60, 60, 61, 64, 40))
    deck = _spells_deck(pool, rng, fitting or pool.nonland, size)
    breakers = rng.choice((0, 0, 1, 2, 3, 4, 5))
    fitting_set = set(fitting)
    others = [n for n in pool.within(rule.colour_identity) if n not in fitting_set]
    for name in pool.sample(rng, others, breakers):
        deck.main.append((1, name))
    where = rng.random()
    if where < 0.5:
        deck.sideboard = [(1, rule.name), *_sideboard(pool, rng, fitting, rng.randint(0, 14))]
    elif where < 0.85:
        deck.companion = [(1, rule.name)]
    else:
        deck.commander = [(1, rule.name)]
    return deck


def shape_yorion(pool: CardPool, rng: random.Random) -> GenDeck:
    """Oversized decks: 76-100 main-deck cards with Yorion (near misses at 76-79)."""
    size = rng.choice((76, 78, 79, 80, 80, 80, 81, 85, 90, 100))
    identity = frozenset("WU") if rng.random() < 0.7 else frozenset(rng.sample(COLOURS, 2))
    deck = _spells_deck(pool, rng, pool.within(identity), size)
    yorion = "Yorion, Sky Nomad"
    where = rng.randrange(3)
    if where == 0:
        deck.sideboard = [(1, yorion), *_sideboard(pool, rng, pool.within(identity), rng.randint(0, 14))]
    elif where == 1:
        deck.companion = [(1, yorion)]
    else:
        deck.companion = [(1, yorion)]
        deck.sideboard = [(1, yorion)]
    return deck


def shape_lutri(pool: CardPool, rng: random.Random) -> GenDeck:
    """Singleton nonland cards with Lutri, the same split card written several ways (full name, a
    face, ``/``), cards sharing a face name, or one real duplicate."""
    identity = frozenset("UR")
    singles = pool.sample(rng, pool.within(identity), 30)
    deck = GenDeck(main=[(1, n) for n in singles])
    for name in pool.sample(rng, pool.split, rng.randint(1, 3)):
        deck.main.append((1, name))
        for _ in range(rng.randint(0, 2)):
            deck.main.append((1, pool.written(name, rng, rng.choice(("face", "slash", "lower")))))
    for shared in pool.sample(rng, pool.shared_names, rng.randint(0, 2)):
        deck.main.append((1, shared))
    if singles and rng.random() < 0.3:
        deck.main.append((rng.choice((1, 2)), rng.choice(singles)))
    _fill_basics(pool, deck, "UR", rng.choice((60, 60, 40, 100)), rng)
    lutri = "Lutri, the Spellchaser"
    if rng.random() < 0.5:
        deck.companion = [(1, lutri)]
    else:
        deck.sideboard = [(1, lutri)]
    if rng.random() < 0.2:
        deck.commander = [(1, rng.choice(pool.commanders or [lutri]))]
    return deck


def shape_umori(pool: CardPool, rng: random.Random) -> GenDeck:
    """Nonland cards of one card type with Umori; sometimes one card of another type."""
    kinds = [k for k, names in pool.by_type.items() if len(names) >= 4]
    kind = rng.choice(kinds) if kinds else "Creature"
    names = pool.by_type.get(kind, pool.nonland)
    deck = _spells_deck(pool, rng, names, rng.choice((60, 60, 61, 40)))
    if rng.random() < 0.4:
        same = set(names)
        odd = [n for n in pool.nonland if n not in same and pool.card_type_of(n) != kind]
        for name in pool.sample(rng, odd, rng.randint(1, 3)):
            deck.main.append((1, name))
    umori = "Umori, the Collector"
    if rng.random() < 0.6:
        deck.companion = [(1, umori)]
    else:
        deck.sideboard = [(1, umori)]
    return deck


def _commander_deck(
    pool: CardPool, rng: random.Random, commanders: Sequence[str], size: int = 100, key: str | None = None
) -> GenDeck:
    """Singletons inside the commanders' identity (legal under ``key`` when given), then basics."""
    identity = frozenset(_colours_of(pool, commanders))
    deck = GenDeck(commander=[(1, c) for c in commanders])
    spells = [n for n in pool.within(identity, key=key) if n not in set(commanders)]
    lands = pool.within(identity, lands=True, key=key)
    chosen = pool.sample(rng, spells, min(len(spells), round(size * 0.6)))
    chosen += pool.sample(rng, lands, min(len(lands), round(size * 0.1)))
    deck.main = [(1, n) for n in chosen[: size - len(commanders)]]
    _fill_basics(pool, deck, "".join(c for c in COLOURS if c in identity), size, rng)
    return deck


def _valid_pairs(pool: CardPool) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = list(pool.partner_with)
    partners = pool.plain_partners
    pairs += [(a, b) for i, a in enumerate(partners[:40]) for b in partners[i + 1 : 40]]
    pairs += [(a, b) for a in pool.choosers[:20] for b in pool.backgrounds[:20]]
    pairs += [(a, b) for a in pool.doctor_companions[:20] for b in pool.doctors[:20]]
    for group in pool.partner_texts.values():
        pairs += [(a, b) for i, a in enumerate(group[:20]) for b in group[i + 1 : 20]]
    return pairs


def shape_partners(pool: CardPool, rng: random.Random) -> GenDeck:
    pairs = _valid_pairs(pool)
    if not pairs:
        return shape_realistic_commander(pool, rng)
    pair = list(rng.choice(pairs))
    rng.shuffle(pair)
    return _commander_deck(pool, rng, pair, size=rng.choice((100, 100, 100, 99, 101)))


def shape_background(pool: CardPool, rng: random.Random) -> GenDeck:
    if not pool.choosers or not pool.backgrounds:
        return shape_partners(pool, rng)
    pair = [rng.choice(pool.choosers), rng.choice(pool.backgrounds)]
    if rng.random() < 0.2:
        pair = [rng.choice(pool.backgrounds)]  # a Background alone
    elif rng.random() < 0.2:
        pair = [rng.choice(pool.commanders), rng.choice(pool.backgrounds)]  # no Choose a Background
    return _commander_deck(pool, rng, pair)


def shape_bad_commanders(pool: CardPool, rng: random.Random) -> GenDeck:
    """Two commanders that do not pair, three commanders, a non-legendary or a legendary
    non-creature commander, a commander written twice."""
    how = rng.randrange(5)
    if how == 0:
        chosen = pool.sample(rng, pool.commanders, 2)
    elif how == 1:
        chosen = pool.sample(rng, pool.commanders, 3)
    elif how == 2:
        chosen = [rng.choice(pool.nonland)]
    elif how == 3:
        chosen = [rng.choice(pool.legendary_non_commanders or pool.brawl_commanders or pool.nonland)]
    else:
        chosen = [rng.choice(pool.commanders)] * 2
    return _commander_deck(pool, rng, chosen)


def shape_wrong_identity(pool: CardPool, rng: random.Random) -> GenDeck:
    """A Commander deck with cards outside the commander's colours, basics of other colours, or
    nonbasic lands with basic land types whose mana is outside it (CR 903.5d)."""
    commander = rng.choice(pool.commanders)
    deck = _commander_deck(pool, rng, [commander])
    identity = pool.cards[commander].color_identity
    outside = [n for n in pool.nonland if not pool.cards[n].color_identity <= identity]
    extra = pool.sample(rng, outside, rng.randint(1, 4))
    extra += pool.sample(rng, pool.basic_typed_lands, rng.randint(0, 2))
    if rng.random() < 0.3:
        extra.append(pool.basic(rng.choice([c for c in COLOURS if c not in identity] or ["W"])))
    deck.main = deck.main[len(extra) :] + [(1, n) for n in extra]
    return deck


def shape_singleton_violation(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = shape_realistic_commander(pool, rng)
    singles = [n for q, n in deck.main if q == 1]
    for name in pool.sample(rng, singles, rng.randint(1, 3)):
        how = rng.randrange(3)
        if how == 0:
            deck.main.append((1, name))  # the same card on a second line
        elif how == 1:
            deck.main = [(rng.choice((2, 3, 4)) if n == name else q, n) for q, n in deck.main]
        else:
            deck.main.append((1, pool.written(name, rng, "lower")))
    if rng.random() < 0.3:
        deck.main.append((1, deck.commander[0][1]))  # the commander in the 99 too
    return deck


def shape_too_many_copies(pool: CardPool, rng: random.Random) -> GenDeck:
    """Five or more copies across main and sideboard, on one line or spread over several."""
    deck = shape_realistic_constructed(pool, rng)
    spells = [n for _, n in deck.main if n in pool.cards and not pool.cards[n].is_basic_land]
    for name in pool.sample(rng, spells, rng.randint(1, 3)):
        how = rng.randrange(4)
        if how == 0:
            deck.main.append((rng.randint(1, 4), name))
        elif how == 1:
            deck.sideboard.append((rng.randint(1, 4), name))
        elif how == 2:
            deck.main = [(q + rng.randint(1, 6) if n == name else q, n) for q, n in deck.main]
        else:
            deck.sideboard.append((rng.randint(1, 2), pool.written(name, rng)))
    return deck


def shape_banned_restricted(pool: CardPool, rng: random.Random) -> GenDeck:
    """Banned and restricted cards (one or several copies) of some format's legality key."""
    keys = sorted(set(pool.banned) | set(pool.restricted))
    deck = (
        shape_realistic_constructed(pool, rng) if rng.random() < 0.7 else shape_realistic_commander(pool, rng)
    )
    if not keys:
        return deck
    key = rng.choice(keys)
    for name in pool.sample(rng, pool.restricted.get(key, []), rng.randint(0, 4)):
        (deck.main if rng.random() < 0.7 else deck.sideboard).append((rng.choice((1, 1, 2, 4)), name))
    for name in pool.sample(rng, pool.banned.get(key, []), rng.randint(0, 3)):
        (deck.main if rng.random() < 0.8 else deck.sideboard).append((rng.choice((1, 2, 4)), name))
    return deck


def shape_any_number(pool: CardPool, rng: random.Random) -> GenDeck:
    """Piles of a card a deck can have any number of (Relentless Rats), "up to seven" cards (Seven
    Dwarves) at and over the limit, "only one" cards twice, in constructed and in Commander."""
    deck = GenDeck()
    if pool.any_number:
        name = rng.choice(pool.any_number)
        deck.main.append((rng.choice((5, 20, 30, 40, 60, 99)), name))
    for name, limit in pool.limited_number:
        if rng.random() < 0.6:
            deck.main.append((limit + rng.choice((-1, 0, 0, 1, 2)), name))
    deck.main = [(max(q, 1), n) for q, n in deck.main]
    if rng.random() < 0.4 and pool.commanders:
        black = [c for c in pool.commanders if "B" in pool.cards[c].color_identity]
        deck.commander = [(1, rng.choice(black or pool.commanders))]
        _fill_basics(pool, deck, _colours_of(pool, [n for _, n in deck.main + deck.commander]), 100, rng)
    else:
        _fill_basics(pool, deck, _colours_of(pool, [n for _, n in deck.main]), rng.choice((60, 61, 40)), rng)
        deck.sideboard = _sideboard(pool, rng, pool.any_number or pool.nonland, rng.choice((0, 4, 15)))
    return deck


def shape_sideboard_sizes(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = shape_realistic_constructed(pool, rng)
    spells = [n for _, n in deck.main if n in pool.cards and not pool.cards[n].is_basic_land]
    deck.sideboard = _sideboard(pool, rng, spells or pool.nonland, rng.randint(0, 20))
    if rng.random() < 0.3:
        deck.sideboard.append((1, rng.choice(pool.companions)))
    return deck


def shape_deck_sizes(pool: CardPool, rng: random.Random) -> GenDeck:
    """Too small, too large, exactly at the limits (0-300 cards; Commander 98-102)."""
    if rng.random() < 0.35:
        commander = rng.choice(pool.commanders)
        size = rng.choice((1, 2, 50, 59, 60, 61, 98, 99, 101, 102, 150))
        return _commander_deck(pool, rng, [commander], size=size)
    size = rng.choice((0, 1, 7, 39, 40, 41, 59, 60, 61, 99, 100, 101, 250, 300))
    deck = _spells_deck(pool, rng, pool.nonland, size) if size else GenDeck()
    if size and rng.random() < 0.5:
        deck.sideboard = _sideboard(pool, rng, pool.nonland, rng.choice((0, 15, 16, 45)))
    return deck


def shape_names(pool: CardPool, rng: random.Random) -> GenDeck:
    """A realistic deck with names spelt as people spell them: unknown and misspelt names, wrong
    case, faces of split / adventure / MDFC cards, ``/`` for ``//``, localized printed names, no
    accents, curly apostrophes, doubled spaces."""
    deck = (
        shape_realistic_constructed(pool, rng) if rng.random() < 0.7 else shape_realistic_commander(pool, rng)
    )
    rate = rng.choice((0.05, 0.1, 0.3, 1.0))
    variants = [v for v in NAME_VARIANTS if rng.random() < 0.6] or ["typo"]
    deck = deck.rename(lambda n: pool.written(n, rng, rng.choice(variants)) if rng.random() < rate else n)
    for name in pool.sample(rng, pool.multi_face, rng.randint(0, 3)):
        deck.main.append(
            (rng.randint(1, 4), pool.written(name, rng, rng.choice(("face", "slash", "oracle"))))
        )
    for _ in range(rng.randint(0, 2)):
        deck.main.append((rng.randint(1, 4), rng.choice(MADE_UP)))
    return deck


def shape_localized(pool: CardPool, rng: random.Random) -> GenDeck:
    """A list in one language (printed names where the store has them), or one stray localized name
    in an English list (the warning path), or a mixed list."""
    if not pool.printed:
        return shape_names(pool, rng)
    language = rng.choice(pool.languages)
    translated = pool.translations(language)
    deck = _spells_deck(pool, rng, sorted(translated) or pool.nonland, rng.choice((60, 60, 40)))
    deck.sideboard = _sideboard(pool, rng, sorted(translated) or pool.nonland, rng.choice((0, 7, 15)))
    how = rng.randrange(3)
    if how == 0:
        deck = deck.rename(lambda n: translated.get(n, n))
    elif how == 1:
        stray = rng.choice(pool.printed)[0]
        deck.main.append((rng.randint(1, 4), stray))
    else:
        deck = deck.rename(lambda n: translated.get(n, n) if rng.random() < 0.5 else n)
    return deck


def shape_duplicate_lines(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = (
        shape_realistic_constructed(pool, rng) if rng.random() < 0.7 else shape_realistic_commander(pool, rng)
    )
    for _ in range(rng.randint(1, 5)):
        if not deck.main:
            break
        qty, name = rng.choice(deck.main)
        target = rng.choice((deck.main, deck.main, deck.sideboard, deck.maybe))
        target.insert(rng.randint(0, len(target)), (rng.choice((qty, 1)), name))
    return deck


def shape_metadata(pool: CardPool, rng: random.Random) -> str:
    """Comments and metadata around a realistic deck: ``// Name: x``, ``// Format: legacy``,
    ``About`` / ``Name Foo``, ``NAME:``, ``#`` notes, Forge ``[metadata]``."""
    deck = (
        shape_realistic_constructed(pool, rng) if rng.random() < 0.7 else shape_realistic_commander(pool, rng)
    )
    deck.name = rng.choice(("Burn", "My Deck: v2", "Ünïcode ✓ deck", "x" * 80, "  spaced  "))
    style = rng.choice(("arena", "arena", "mtgo", "writer_forge", "writer_xmage", "moxfield", "plain"))
    text = render(pool, deck, style, rng)
    lines = text.split("\n")
    head = rng.choice(
        (
            [
                f"// Name: {deck.name}",
                "// Format: " + rng.choice(("modern", "legacy", "commander", "pauper")),
            ],
            ["// Deck exported from somewhere", "# a hash comment", "// Author: someone"],
            [f"About\nName {deck.name}", ""],
            [f"NAME:{deck.name}", "AUTHOR: me"],
            ["// archetype: burn", "// key = value", "//no space", "//"],
            [],
        )
    )
    for _ in range(rng.randint(0, 3)):
        lines.insert(rng.randint(0, len(lines)), rng.choice(("// comment", "# note", "//", "// Sideboard")))
    return "\n".join([*head, *lines])


def shape_blank(pool: CardPool, rng: random.Random) -> str:
    return rng.choice(
        (
            "",
            "\n",
            "\n\n\n",
            "   \n\t\n  ",
            "\r\n\r\n",
            "\ufeff",
            "// just a comment\n",
            "# nothing here\n// either\n",
            "Deck\n",
            "Deck\n\nSideboard\n",
            "Commander\n\nDeck\n",
            "About\nName Empty\n",
            "Sideboard\n4 " + rng.choice(pool.names) + "\n",
            "Maybeboard\n1 " + rng.choice(pool.names) + "\n",
            "Companion\n1 " + rng.choice(pool.companions) + "\n",
        )
    )


JUNK_LINES = (
    "4",
    "x",
    "4x",
    "-2 Island",
    "0 Island",
    "+3 Island",
    "99999 Island",
    "10001 Island",
    "1 ",
    "1 " + "A" * 400,
    "4 " + "B" * 1200,
    "4 Island (",
    "4 [Island",
    "Tokens:",
    "Foo Bar:",
    "[Ramp]",
    "Creatures (12)",
    "Planes",
    "SB:",
    "SB: 2",
    "CMDR: 1",
    "4 Island *X*",
    "4 Island #tag",
    "4\tIsland",
    "4 Is\x07land",
    "\x1b[31m4 Island\x1b[0m",
    "½ Island",
    "4 Island // ",
    "1 //",
    "<b>4 Island</b>",
    "1 Name|SET|1",
    "Island",
    "4 x Island",
    "x4 Island",
    "Island x4",
)


def shape_junk(pool: CardPool, rng: random.Random) -> str:
    """Parse problems among real card lines (and a few whole-file oddities)."""
    how = rng.random()
    if how < 0.08:
        return rng.choice(
            (
                "{not json",
                "<xml><broken",
                "<html><body><div>4 Island</div></body></html>",
                "Count,Name\n4,Island\nfour,Mountain\n",
                "a\x00b",
                "\x01\x02\x03\x04\x05",
                "[1, 2, 3]",
            )
        )
    lines = [f"{rng.randint(1, 4)} {n}" for n in pool.sample(rng, pool.names, rng.randint(0, 15))]
    for _ in range(rng.randint(1, 8)):
        lines.insert(rng.randint(0, len(lines)), rng.choice(JUNK_LINES))
    return "\n".join(lines)


def shape_brawl(pool: CardPool, rng: random.Random) -> GenDeck:
    """Brawl: a planeswalker commander, a colourless commander with basics of one or two basic land
    types (the colourless-commander exception), 60-card Standard Brawl."""
    candidates = pool.brawl_commanders + pool.commanders
    colourless = [c for c in candidates if not pool.cards[c].color_identity]
    if colourless and rng.random() < 0.4:
        commander = rng.choice(colourless)
        size = rng.choice((100, 60))
        deck = _commander_deck(pool, rng, [commander], size=size)
        deck.main = [(q, n) for q, n in deck.main if n not in pool.colourless_basics]
        missing = size - 1 - sum(q for q, _ in deck.main)
        kinds = pool.sample(
            rng, sorted(set(pool.basics.values()) | set(pool.colourless_basics)), rng.choice((1, 1, 2))
        )
        for i, name in enumerate(kinds):
            share = missing // (len(kinds) - i)
            if share > 0:
                deck.main.append((share, name))
                missing -= share
        return deck
    commander = rng.choice(pool.brawl_commanders or candidates)
    return _commander_deck(
        pool, rng, [commander], size=rng.choice((100, 60)), key=rng.choice(("brawl", None))
    )


def shape_limited(pool: CardPool, rng: random.Random) -> GenDeck:
    """Limited pools (40 cards, many copies, a large sideboard) and Gladiator-style 100 singletons."""
    if rng.random() < 0.4:
        names = pool.sample(rng, pool.nonland, 60)
        deck = GenDeck(main=[(1, n) for n in names])
        _fill_basics(pool, deck, _colours_of(pool, names[:10])[:2], rng.choice((100, 100, 99)), rng)
        return deck
    deck = _spells_deck(pool, rng, pool.nonland, rng.choice((40, 40, 41, 39)), copies=(1, 1, 2, 3, 5))
    deck.sideboard = _sideboard(pool, rng, pool.nonland, rng.choice((0, 15, 30, 45)))
    return deck


def shape_maybeboard(pool: CardPool, rng: random.Random) -> GenDeck:
    deck = (
        shape_realistic_constructed(pool, rng) if rng.random() < 0.6 else shape_realistic_commander(pool, rng)
    )
    deck.maybe = [(rng.randint(1, 4), n) for n in pool.sample(rng, pool.names, rng.randint(1, 8))]
    if rng.random() < 0.3:
        deck.maybe.append((1, rng.choice(MADE_UP)))
    return deck


def shape_random_pile(pool: CardPool, rng: random.Random) -> GenDeck:
    """Anything: random cards, counts and zones."""
    deck = GenDeck()
    zones = (deck.main,) * 6 + (deck.sideboard,) * 2 + (deck.commander, deck.companion, deck.maybe)
    for _ in range(rng.randint(1, 40)):
        name = rng.choice(pool.names)
        qty = rng.choice((1, 1, 1, 2, 3, 4, 4, 5, 10, 20))
        rng.choice(zones).append((qty, name if rng.random() < 0.9 else pool.written(name, rng)))
    return deck


@dataclass(frozen=True)
class Shape:
    make: Callable[[CardPool, random.Random], GenDeck | str]
    formats: tuple[str, ...]  # the formats the shape suits, most natural first
    styles: tuple[str, ...] = ()  # the styles it is written in; empty: any


SHAPES: dict[str, Shape] = {
    "realistic_constructed": Shape(shape_realistic_constructed, ("modern", *CONSTRUCTED)),
    "realistic_commander": Shape(shape_realistic_commander, ("commander", *COMMANDER_FORMATS)),
    "companion_sideboard": Shape(shape_companion_sideboard, ("modern", "legacy", "pioneer", "commander")),
    "companion_section": Shape(shape_companion_section, ("modern", "legacy", "commander")),
    "companion_main": Shape(shape_companion_main, ("modern", "commander", "vintage")),
    "companion_commander": Shape(shape_companion_commander, ("commander", "duel", "modern", "brawl")),
    "two_companions": Shape(shape_two_companions, ("modern", "legacy", "commander")),
    "companion_fits": Shape(shape_companion_fits, ("modern", "legacy", "vintage", "limited", "commander")),
    "yorion": Shape(shape_yorion, ("modern", "legacy", "pioneer", "gladiator", "commander")),
    "lutri": Shape(shape_lutri, ("legacy", "modern", "commander", "duel")),
    "umori": Shape(shape_umori, ("modern", "legacy", "limited")),
    "partners": Shape(shape_partners, ("commander", "duel", "brawl", "paupercommander")),
    "background": Shape(shape_background, ("commander", "duel", "brawl")),
    "bad_commanders": Shape(shape_bad_commanders, ("commander", "brawl", "duel", "modern")),
    "wrong_identity": Shape(shape_wrong_identity, ("commander", "duel", "brawl")),
    "singleton_violation": Shape(shape_singleton_violation, ("commander", "paupercommander", "gladiator")),
    "too_many_copies": Shape(shape_too_many_copies, ("modern", "legacy", "vintage", "freeform")),
    "banned_restricted": Shape(
        shape_banned_restricted, ("vintage", "legacy", "modern", "pauper", "commander")
    ),
    "any_number": Shape(shape_any_number, ("modern", "commander", "legacy", "limited")),
    "sideboard_sizes": Shape(shape_sideboard_sizes, ("modern", "legacy", "standard", "limited")),
    "deck_sizes": Shape(shape_deck_sizes, ("modern", "commander", "limited", "freeform", "standardbrawl")),
    "names": Shape(shape_names, ("modern", "commander", "legacy")),
    "localized": Shape(shape_localized, ("modern", "pioneer", "legacy")),
    "duplicate_lines": Shape(shape_duplicate_lines, ("modern", "commander", "vintage")),
    "metadata": Shape(shape_metadata, ("modern", "commander", "legacy")),
    "blank": Shape(shape_blank, ("modern", "commander", "freeform", "limited")),
    "junk": Shape(shape_junk, ("modern", "freeform", "commander")),
    "brawl": Shape(shape_brawl, ("brawl", "standardbrawl", "historicbrawl", "commander")),
    "limited": Shape(shape_limited, ("limited", "gladiator", "freeform", "modern")),
    "maybeboard": Shape(shape_maybeboard, ("modern", "commander")),
    "random_pile": Shape(shape_random_pile, ("freeform", "modern", "commander", "limited", "vintage")),
}
ODD_SHAPES = tuple(name for name in SHAPES if not name.startswith("realistic"))


# -- styles -----------------------------------------------------------------------------------------
def _printing(rng: random.Random, chance: float) -> str:
    if rng.random() >= chance:
        return ""
    number = rng.choice(("", f" {rng.randint(1, 400)}", " 12a", " ★5"))
    return f" ({rng.choice(SET_CODES).upper()}){number}"


def _lines(lines: Sequence[Line], fmt: Callable[[int, str], str]) -> list[str]:
    return [fmt(q, n) for q, n in lines]


def render_arena(pool: CardPool, deck: GenDeck, rng: random.Random, *, sets: float = 0.0) -> str:
    blocks: list[str] = []
    if deck.name and rng.random() < 0.8:
        blocks.append(f"About\nName {deck.name}")
    headers = {
        Zone.COMMANDER: "Commander",
        Zone.COMPANION: "Companion",
        Zone.MAIN: "Deck",
        Zone.SIDEBOARD: "Sideboard",
        Zone.MAYBEBOARD: "Maybeboard",
    }
    for zone, lines in deck.zones():
        if lines:
            body = _lines(lines, lambda q, n: f"{q} {n}{_printing(rng, sets)}")
            blocks.append("\n".join([headers[zone], *body]))
    return "\n\n".join(blocks) + "\n"


def render_bench(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    """The text benchmarks/bench_batch.py writes (Commander lists: Commander / Companion / Deck
    blocks; the others: the main deck, then a blank line or a ``Sideboard`` header)."""
    if deck.commander or deck.companion:
        lines: list[str] = []
        if deck.commander:
            lines += ["Commander", *(f"{q} {n}" for q, n in deck.commander), ""]
        if deck.companion:
            lines += ["Companion", *(f"{q} {n}" for q, n in deck.companion), ""]
        lines.append("Deck")
        lines += [f"{q} {n}" for q, n in deck.main]
        if deck.sideboard:
            lines += ["", "Sideboard", *(f"{q} {n}" for q, n in deck.sideboard)]
        return "\n".join(lines) + "\n"
    text = "\n".join(f"{q} {n}" for q, n in deck.main)
    if deck.sideboard:
        text += ("\n\nSideboard\n" if deck.sideboard_header else "\n\n") + "\n".join(
            f"{q} {n}" for q, n in deck.sideboard
        )
    return text + "\n"


def render_mtgo(pool: CardPool, deck: GenDeck, rng: random.Random, *, header: bool = False) -> str:
    out: list[str] = []
    if deck.commander:
        out += ["Commander", *_lines(deck.commander, lambda q, n: f"{q} {n}"), ""]
    if deck.companion:
        out += ["Companion", *_lines(deck.companion, lambda q, n: f"{q} {n}"), ""]
    out += _lines(deck.main, lambda q, n: f"{q} {n}")
    if deck.sideboard:
        out += ["", *(["Sideboard"] if header else []), *_lines(deck.sideboard, lambda q, n: f"{q} {n}")]
    if deck.maybe:
        out += ["", "Maybeboard", *_lines(deck.maybe, lambda q, n: f"{q} {n}")]
    return "\n".join(out) + "\n"


def render_plain(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    """MWS / plain: ``SB:`` and ``CMDR:`` prefixes, ``[SET]`` codes, ``//`` comments."""
    prefixes = {
        Zone.COMMANDER: rng.choice(("CMDR: ", "CM: ", "COMMANDER: ")),
        Zone.COMPANION: "Companion: ",
        Zone.MAIN: rng.choice(("", "", "MB: ")),
        Zone.SIDEBOARD: rng.choice(("SB: ", "SB:  ", "sb: ")),
        Zone.MAYBEBOARD: "Maybe: ",
    }
    out = [f"// {deck.name}"] if deck.name else []
    for zone, lines in deck.zones():
        for q, n in lines:
            printing = f"[{rng.choice(SET_CODES)}] " if rng.random() < 0.3 else ""
            out.append(f"{prefixes[zone]}{q} {printing}{n}")
    return "\n".join(out) + "\n"


def render_moxfield(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    out: list[str] = []

    def line(q: int, n: str) -> str:
        foil = rng.choice(("", "", "", " *F*", " *E*"))
        tag = rng.choice(("", "", "", " #Removal", " #!Ramp"))
        return f"{q} {n}{_printing(rng, 0.7)}{foil}{tag}"

    out += [f"{line(q, n)} *CMDR*" for q, n in deck.commander]
    if deck.companion:
        out += ["", "COMPANION:", *_lines(deck.companion, line)]
    if out:
        out.append("")
    out += _lines(deck.main, line)
    if deck.sideboard:
        out += ["", "SIDEBOARD:", *_lines(deck.sideboard, line)]
    if deck.maybe:
        out += ["", "MAYBEBOARD:", *_lines(deck.maybe, line)]
    return "\n".join(out) + "\n"


def render_archidekt(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    categories = {
        Zone.COMMANDER: "Commander{top}",
        Zone.COMPANION: "Companion",
        Zone.SIDEBOARD: "Sideboard{noDeck}",
        Zone.MAYBEBOARD: "Maybeboard{noDeck}{noPrice}",
    }
    out: list[str] = []
    for zone, lines in deck.zones():
        for q, n in lines:
            category = categories.get(zone) or rng.choice(("Ramp", "Land", "Removal,Draw", "Creature"))
            out.append(f"{q}x {n} ({rng.choice(SET_CODES).lower()}) {rng.randint(1, 300)} [{category}]")
    return "\n".join(out) + "\n"


def render_counts_x(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    out: list[str] = []
    for zone, lines in deck.zones():
        if lines:
            out += [zone.value.capitalize() if zone is not Zone.MAIN else "Deck"]
            out += _lines(lines, lambda q, n: f"{q}x {n}")
            out.append("")
    return "\n".join(out)


def render_trailing_x(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    out: list[str] = []
    for zone, lines in deck.zones():
        if lines:
            out += [f"{zone.value.capitalize()}:" if zone is not Zone.MAIN else "Main:"]
            out += _lines(lines, lambda q, n: f"{n} x{q}")
            out.append("")
    return "\n".join(out)


def render_no_counts(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    """One line per copy, no counts (each read as 1, with warnings)."""
    out: list[str] = []
    for zone, lines in deck.zones():
        if lines:
            out.append("Deck" if zone is Zone.MAIN else zone.value.capitalize())
            out += [n for q, n in lines for _ in range(min(q, 30))]
            out.append("")
    return "\n".join(out)


def render_grouped(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    """Type groups (``Creatures (12)``) the way deck sites print them."""
    out: list[str] = []
    if deck.commander:
        out += ["Commander", *_lines(deck.commander, lambda q, n: f"{q} {n}"), ""]
    if deck.companion:
        out += ["Companion", *_lines(deck.companion, lambda q, n: f"{q} {n}"), ""]
    groups: dict[str, list[Line]] = {}
    for q, n in deck.main:
        groups.setdefault(pool.card_type_of(n), []).append((q, n))
    for kind, lines in groups.items():
        label = {"Sorcery": "Sorceries", "Other": "Other"}.get(kind, f"{kind}s")
        out += [f"{label} ({sum(q for q, _ in lines)})", *_lines(lines, lambda q, n: f"{q} {n}"), ""]
    if deck.sideboard:
        out += [
            f"Sideboard ({sum(q for q, _ in deck.sideboard)})",
            *_lines(deck.sideboard, lambda q, n: f"{q} {n}"),
        ]
    return "\n".join(out) + "\n"


def render_localized_headers(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    language = rng.choice(sorted(LOCALIZED_ZONE_HEADERS))
    words = LOCALIZED_ZONE_HEADERS[language]
    english = {Zone.MAIN: "Deck", Zone.SIDEBOARD: "Sideboard", Zone.MAYBEBOARD: "Maybeboard"}
    blocks: list[str] = []
    for zone, lines in deck.zones():
        if lines:
            header = rng.choice(words[zone]) if zone in words else english.get(zone, zone.value)
            blocks.append("\n".join([header, *_lines(lines, lambda q, n: f"{q} {n}")]))
    return "\n\n".join(blocks) + "\n"


def render_json(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
    """Moxfield's JSON shape (boards of name -> quantity)."""
    boards = {
        Zone.COMMANDER: "commanders",
        Zone.COMPANION: "companions",
        Zone.MAIN: "mainboard",
        Zone.SIDEBOARD: "sideboard",
        Zone.MAYBEBOARD: "maybeboard",
    }
    payload: dict[str, Any] = {"name": deck.name or "generated", "format": "none"}
    for zone, lines in deck.zones():
        board: dict[str, Any] = payload.setdefault(boards[zone], {})
        for q, n in lines:
            board[n] = {"quantity": q, "card": {"name": n}}
    return json.dumps(payload, ensure_ascii=rng.random() < 0.5)


def render_writer(pool: CardPool, deck: GenDeck, rng: random.Random, *, writer: str) -> str:
    """The repository's own writers (Forge, XMage, Cockatrice, MTGO .dek, CSV, ...)."""
    parsed = ParsedDeck("<generated>", "generated", name=deck.name)
    for zone, lines in deck.zones():
        for q, n in lines:
            printing = rng.random() < 0.5
            parsed.entries.append(
                Entry(
                    q,
                    n,
                    zone,
                    0,
                    set_code=rng.choice(SET_CODES) if printing else None,
                    collector_number=str(rng.randint(1, 300)) if printing else None,
                    foil=rng.random() < 0.1,
                )
            )
    return WRITERS[writer](parsed)


Renderer = Callable[[CardPool, GenDeck, random.Random], str]


def _writer_style(writer: str) -> Renderer:
    def style(pool: CardPool, deck: GenDeck, rng: random.Random) -> str:
        return render_writer(pool, deck, rng, writer=writer)

    return style


STYLES: dict[str, Renderer] = {
    "bench": render_bench,
    "arena": render_arena,
    "arena_sets": lambda p, d, r: render_arena(p, d, r, sets=0.9),
    "mtgo": render_mtgo,
    "mtgo_header": lambda p, d, r: render_mtgo(p, d, r, header=True),
    "plain": render_plain,
    "moxfield": render_moxfield,
    "archidekt": render_archidekt,
    "counts_x": render_counts_x,
    "trailing_x": render_trailing_x,
    "no_counts": render_no_counts,
    "grouped": render_grouped,
    "localized_headers": render_localized_headers,
    "json": render_json,
    **{f"writer_{name}": _writer_style(name) for name in sorted(WRITERS)},
}
# How often each style is drawn: the text shapes real exports use most, the rest now and then.
STYLE_WEIGHTS: dict[str, int] = {name: 1 for name in STYLES} | {
    "bench": 6,
    "arena": 5,
    "arena_sets": 4,
    "mtgo": 5,
    "mtgo_header": 3,
    "moxfield": 2,
    "plain": 2,
}


def render(pool: CardPool, deck: GenDeck, style: str, rng: random.Random) -> str:
    return STYLES[style](pool, deck, rng)


# -- noise ------------------------------------------------------------------------------------------
def _is_card_line(line: str) -> bool:
    return bool(line) and line[0].isdigit()


def _on_lines(fn: Callable[[list[str], random.Random], list[str]]) -> Callable[[str, random.Random], str]:
    def apply(text: str, rng: random.Random) -> str:
        return "\n".join(fn(text.split("\n"), rng))

    return apply


def _insert(lines: list[str], rng: random.Random, choices: Sequence[str], most: int = 3) -> list[str]:
    lines = list(lines)
    for _ in range(rng.randint(1, most)):
        lines.insert(rng.randint(0, len(lines)), rng.choice(choices))
    return lines


def _dup_line(lines: list[str], rng: random.Random) -> list[str]:
    cards = [i for i, line in enumerate(lines) if _is_card_line(line)]
    if not cards:
        return lines
    i = rng.choice(cards)
    return [*lines[: i + 1], lines[i], *lines[i + 1 :]]


def _strip_count(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    for i in [i for i, line in enumerate(lines) if _is_card_line(line)][: rng.randint(1, 8)]:
        lines[i] = lines[i].split(" ", 1)[-1]
    return lines


def _whitespace(lines: list[str], rng: random.Random) -> list[str]:
    return [
        rng.choice(("", " ", "\t")) + line + rng.choice(("", " ", "  ", "\t")) if rng.random() < 0.3 else line
        for line in lines
    ]


def _tabs(lines: list[str], rng: random.Random) -> list[str]:
    return [
        line.replace(" ", "\t", 1) if _is_card_line(line) and rng.random() < 0.5 else line for line in lines
    ]


def _sb_prefix(lines: list[str], rng: random.Random) -> list[str]:
    cards = [i for i, line in enumerate(lines) if _is_card_line(line)]
    lines = list(lines)
    for i in cards[-rng.randint(1, 4) :] if cards else []:
        lines[i] = "SB: " + lines[i]
    return lines


def _set_codes(lines: list[str], rng: random.Random) -> list[str]:
    return [
        f"{line}{_printing(rng, 1.0)}" if _is_card_line(line) and rng.random() < 0.5 else line
        for line in lines
    ]


def _control(lines: list[str], rng: random.Random) -> list[str]:
    lines = list(lines)
    if lines:
        i = rng.randrange(len(lines))
        j = rng.randint(0, len(lines[i]))
        lines[i] = lines[i][:j] + rng.choice(("\x07", "\x0b", "\u200b", "\x1b")) + lines[i][j:]
    return lines


NOISE: dict[str, Callable[[str, random.Random], str]] = {
    "comments": _on_lines(
        lambda ls, r: _insert(ls, r, ("// Name: x", "# comment", "// Format: modern", "//", "// Creatures"))
    ),
    "about": lambda t, r: f"About\nName {r.choice(('Foo', 'Deck: 2', 'ünï'))}\n\n{t}",
    "blank_lines": _on_lines(lambda ls, r: _insert(ls, r, ("", "   "))),
    "dup_line": _on_lines(_dup_line),
    "crlf": lambda t, r: t.replace("\n", "\r\n"),
    "cr": lambda t, r: t.replace("\n", "\r"),
    "bom": lambda t, r: "\ufeff" + t,
    "whitespace": _on_lines(_whitespace),
    "tabs": _on_lines(_tabs),
    "bad_lines": _on_lines(lambda ls, r: _insert(ls, r, JUNK_LINES)),
    "no_count": _on_lines(_strip_count),
    "control": _on_lines(_control),
    "headers": _on_lines(
        lambda ls, r: _insert(
            ls, r, ("Tokens:", "Sideboard", "Deck", "Maybeboard", "Planes", "Foo:", "Commander"), 2
        )
    ),
    "sb_prefix": _on_lines(_sb_prefix),
    "set_codes": _on_lines(_set_codes),
    "no_final_newline": lambda t, r: t.rstrip("\n"),
}


# -- putting it together ----------------------------------------------------------------------------
def make_text(
    pool: CardPool,
    shape: str,
    rng: random.Random,
    *,
    style: str | None = None,
    noise: Sequence[str] | None = None,
    noise_rate: float = 0.25,
) -> str:
    """One decklist text of a shape, in a style (else drawn by :data:`STYLE_WEIGHTS`), with noise
    (else each kind of noise drawn with ``noise_rate`` / its count)."""
    made = SHAPES[shape].make(pool, rng)
    if isinstance(made, str):
        text = made
    else:
        allowed = SHAPES[shape].styles or tuple(STYLES)
        if style is None:
            style = rng.choices(allowed, weights=[STYLE_WEIGHTS[s] for s in allowed])[0]
        text = render(pool, made, style, rng)
    if noise is None:
        noise = [n for n in NOISE if rng.random() < noise_rate / 4] if rng.random() < noise_rate else []
    for kind in noise:
        text = NOISE[kind](text, rng)
    return text


# How real lists write names the card data reads as one card: MTGO drops accents ("Lim-Dul's
# Vault") and some punctuation ("Lurrus of the Dream Den"), people type in lower case.
REAL_SPELLINGS = ("ascii", "punctuation", "lower")


def front_face(pool: CardPool, name: str) -> str:
    """A multi-face card as MTGO and Arena lists name an adventure, transforming or modal
    double-faced card: by its front face ("Bonecrusher Giant"); split cards keep their full name."""
    card = pool.cards.get(name)
    if card is None or len(card.faces) < 2 or card.is_split:
        return name
    return card.face_names[0]


def real_list_names(
    pool: CardPool, deck: GenDeck, rng: random.Random, *, spelt: float = 0.05, unknown: float = 0.0
) -> GenDeck:
    """``deck`` named the way real lists name cards: multi-face cards by their front face (nine
    times in ten), a ``spelt`` share of the other names in an MTGO or typed spelling
    (:data:`REAL_SPELLINGS`), and with chance ``unknown`` one card the data does not know (a card
    newer than it) in the main deck. A card is written one way throughout a deck, as the program
    that wrote the list does."""
    chosen: dict[str, str] = {}

    def written(name: str) -> str:
        if name not in chosen:
            face = front_face(pool, name)
            if face != name and rng.random() < 0.9:
                chosen[name] = face
            elif rng.random() < spelt:
                chosen[name] = pool.written(name, rng, rng.choice(REAL_SPELLINGS))
            else:
                chosen[name] = name
        return chosen[name]

    deck = deck.rename(written)
    if rng.random() < unknown:
        deck.main.append((rng.randint(1, 4), rng.choice(MADE_UP)))
    return deck


def realistic_named(pool: CardPool, n: int, seed: int, *, unknown: float = 0.0) -> list[tuple[str, str, str]]:
    """:func:`realistic` decks, named as real lists name cards (:func:`real_list_names`), some of
    them in MTGO's layout."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        commander = rng.random() < 0.25
        made = pool.realistic.commander(rng) if commander else pool.realistic.constructed(rng)
        deck = real_list_names(pool, made, rng, spelt=rng.choice((0.0, 0.05, 0.2)), unknown=unknown)
        render = render_bench if rng.random() < 0.7 else render_mtgo
        text = render(pool, deck, rng)
        fmt = "commander" if commander else "modern"
        out.append((f"{'edh' if commander else 'deck'}-{i:06d}", text, fmt))
    return out


def realistic(pool: CardPool, n: int, seed: int) -> list[tuple[str, str, str]]:
    """benchmarks/bench_batch.py's ``generate``: (deck id, text, format), a quarter Commander
    (as commander), the rest Modern lists (as modern), in the benchmark's own text layout."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        if rng.random() < 0.25:
            out.append((f"edh-{i:06d}", render_bench(pool, pool.realistic.commander(rng), rng), "commander"))
        else:
            out.append((f"deck-{i:06d}", render_bench(pool, pool.realistic.constructed(rng), rng), "modern"))
    return out


def mixed(
    pool: CardPool, n: int, seed: int, *, odd_share: float = 0.3, formats: Sequence[str] | None = None
) -> list[tuple[str, str, str]]:
    """(deck id, text, format): realistic decks in every style, and ``odd_share`` of them odd shapes
    (each odd shape in turn, so every one is there), each in a format the shape suits (70 % its first,
    most natural one) or, with ``formats``, in one of those."""
    rng = random.Random(seed)
    out = []
    odd_index = 0
    for i in range(n):
        if rng.random() < odd_share:
            shape = ODD_SHAPES[odd_index % len(ODD_SHAPES)]
            odd_index += 1
        else:
            shape = rng.choice(("realistic_constructed", "realistic_constructed", "realistic_commander"))
        suits = SHAPES[shape].formats
        if formats is not None:
            fmt = rng.choice(list(formats))
        else:
            fmt = suits[0] if rng.random() < 0.7 else rng.choice(suits)
        out.append((f"{shape}-{i:05d}", make_text(pool, shape, rng), fmt))
    return out


# -- Hypothesis strategies --------------------------------------------------------------------------
def shaped_texts(
    pool: CardPool, shapes: Sequence[str] | None = None, salt: str = ""
) -> st.SearchStrategy[str]:
    """A shape (every one of :data:`SHAPES` unless given) made from a drawn seed. ``salt`` changes
    the decks a seed makes (a derandomized test parametrized by format draws the same seeds for each
    format; salted by the format, each gets its own decks)."""
    names = list(shapes or SHAPES)
    return st.builds(
        lambda shape, seed: make_text(pool, shape, random.Random(f"{salt}:{seed}")),
        st.sampled_from(names),
        st.integers(0, 2**32 - 1),
    )


_QUANTITIES = st.one_of(
    st.sampled_from((1, 1, 1, 2, 3, 4, 4)),
    st.integers(1, 30),
    st.sampled_from((0, 5, 7, 8, 15, 40, 60, 99, 100, 250, 10_000, 10_001)),
)


def written_names(pool: CardPool) -> st.SearchStrategy[str]:
    """A store name as written: the oracle name mostly, else a variant (see :meth:`CardPool.written`)."""
    special = sorted(
        {
            *pool.companions,
            *pool.commanders[:50],
            *pool.any_number,
            *(n for n, _ in pool.limited_number),
            *pool.multi_face,
            *pool.backgrounds,
            *pool.colourless_basics,
            *pool.snow_basics.values(),
            *pool.basics.values(),
            *(n for names in pool.restricted.values() for n in names[:20]),
        }
    )
    names = st.one_of(st.sampled_from(pool.names), st.sampled_from(special or pool.names))
    return st.one_of(
        names,
        st.builds(
            lambda name, kind, seed: pool.written(name, random.Random(seed), kind),
            names,
            st.sampled_from(NAME_VARIANTS),
            st.integers(0, 2**16),
        ),
        st.sampled_from(MADE_UP),
        st.sampled_from([p for p, _, _ in pool.printed] or MADE_UP),
    )


@st.composite
def entry_texts(draw: st.DrawFn, pool: CardPool, salt: str = "") -> str:
    """A deck built entry by entry from drawn names, counts and zones (shrinks to small decks)."""
    zone_names = ("main", "main", "main", "sideboard", "commander", "companion", "maybe")
    entries = draw(
        st.lists(
            st.tuples(st.sampled_from(zone_names), _QUANTITIES, written_names(pool)), min_size=0, max_size=30
        )
    )
    deck = GenDeck(name=draw(st.none() | st.sampled_from(("Foo", "Deck: 2"))))
    for zone, qty, name in entries:
        getattr(deck, zone).append((qty, name))
    if draw(st.booleans()):  # fill the main deck up to a size, so the size rules pass now and then
        target = draw(st.sampled_from((40, 60, 80, 100)))
        _fill_basics(
            pool, deck, draw(st.sampled_from(("", "W", "UR", "BG", "WUBRG"))), target, random.Random(0)
        )
    style = draw(st.sampled_from(sorted(STYLES)))
    seed = draw(st.integers(0, 2**16))
    noise = draw(st.lists(st.sampled_from(sorted(NOISE)), max_size=3, unique=True))
    rng = random.Random(f"{salt}:{seed}")
    text = render(pool, deck, style, rng)
    for kind in noise:
        text = NOISE[kind](text, rng)
    return text


def junk_texts() -> st.SearchStrategy[str]:
    """Arbitrary short text (and lines of it), decklist-ish characters weighted up."""
    alphabet = st.one_of(st.sampled_from("0123456789 x\n/#:[]()*"), st.characters(codec="utf-8"))
    return st.text(alphabet, max_size=200)


def deck_texts(pool: CardPool, salt: str = "") -> st.SearchStrategy[str]:
    """Any decklist text: a shape (half the time), an entry-by-entry deck, or junk."""
    shaped, entries = shaped_texts(pool, salt=salt), entry_texts(pool, salt)
    junk = junk_texts()
    return st.integers(0, 5).flatmap(lambda i: shaped if i < 3 else entries if i < 5 else junk)


def batches(pool: CardPool, max_size: int = 6, salt: str = "") -> st.SearchStrategy[list[str]]:
    """Several decklists checked in one call (state carried from deck to deck must not leak)."""
    return st.lists(deck_texts(pool, salt), min_size=1, max_size=max_size)
