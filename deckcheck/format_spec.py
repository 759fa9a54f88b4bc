"""The shape of a format in the registry (data/formats.toml). Rules read these fields, never a
format's name, so a new format is a few lines of TOML and no code."""

from __future__ import annotations

import datetime as dt

from deckcheck.value import FrozenValue, fields_setter

# The values of FormatSpec.commander_cards (which cards may be the commander)
LEGENDARY_COMMANDERS = "legendary"
UNCOMMON_CREATURE_COMMANDERS = "uncommon-creature"
# Oathbreaker: a planeswalker card leads (the Oathbreaker), each with an instant or sorcery card
# beside it in the command zone (its Signature Spell)
OATHBREAKER_COMMANDERS = "oathbreaker"
COMMANDER_CARDS = (LEGENDARY_COMMANDERS, UNCOMMON_CREATURE_COMMANDERS, OATHBREAKER_COMMANDERS)


class FormatSpec(FrozenValue):
    FIELDS = (
        "name",
        "title",
        "legality_key",
        "min_main",
        "max_main",
        "sideboard_max",
        "copy_limit",
        "commander",
        "max_commanders",
        "colourless_basic_exception",
        "companion_bans",
        "extra_banned",
        "description",
        "aliases",
        "legality_keys",
        "planeswalker_commanders",
        "restricted_means",
        "min_main_known",
        "inferred",
        "as_of",
        "rules_min_main",
        "commander_cards",
        "companions",
        "legality_unchecked",
        "legality_bases",
        "commander_pairs_known",
        "commander_pairs_reason",
        "pool_sets",
        "pool_cards",
        "unknown_pool_sets",
        "pool_sets_in_part",
    )
    __slots__ = FIELDS

    name: str  # registry key, e.g. "modern", "commander"
    title: str  # for messages, e.g. "Modern"
    legality_key: str | None  # key in card legalities; None = no legality data (limited, freeform)
    min_main: int  # minimum deck size (commander(s) included where `commander` is true)
    max_main: int | None  # None = no maximum (CR 100.5)
    sideboard_max: int | None  # None = no limit (limited pool); 0 = no sideboard allowed
    copy_limit: int | None  # None = any number (limited)
    commander: bool  # a Commander-family format: command zone, identity, singleton
    max_commanders: int
    colourless_basic_exception: bool  # Brawl: a colourless commander may run basics of one type
    companion_bans: frozenset[str]  # banned *as companion* only
    extra_banned: frozenset[str]  # bans the card data may not know
    description: str
    aliases: tuple[str, ...]  # other names players use ("edh"); get_format accepts them
    # Aliases of the legality key, in order of preference: card data renamed keys over time (Scryfall's
    # 2024 historicbrawl -> brawl -> standardbrawl). The first key any card of a deck lists is used.
    # Empty = just ``legality_key``.
    legality_keys: tuple[str, ...]
    planeswalker_commanders: bool  # Brawl: any legendary planeswalker can be the commander
    # What the data's "restricted" means here: "one-copy" (Vintage: at most one across deck and
    # sideboard), "not-as-commander" (Duel Commander: legal in the deck, banned as commander) or
    # "commander-only" (Pauper Commander in older data: an uncommon legal only as the commander).
    restricted_means: str
    # False for the shapes deckcheck infers when no format is given (deckcheck.inference): the deck
    # is checked as its family's usual shape, and rules that need the format's real minimum deck
    # size (Yorion's "minimum + 20") cannot be decided from ``min_main``.
    min_main_known: bool
    inferred: bool  # a shape inferred from the deck, not a format anyone named
    # Legality as of a day (deckcheck.history) instead of the card data's current legalities: a date,
    # "deck" (each deck's own date from its metadata); "data": the card data's legalities however
    # old; None: the card data's, for the days they vouch for (engine.legality_out_of_date).
    as_of: dt.date | str | None
    # The minimum deck size of the game's rules where the format checks none (Freeform: 60, CR 100.2a
    # and Yorion's ruling "sixty cards for ... casual freeform play"): what Yorion adds 20 to.
    # None: ``min_main``.
    rules_min_main: int | None
    # Which cards may be the commander: LEGENDARY_COMMANDERS (Commander, CR 903.3: a legendary
    # creature, Vehicle or Spacecraft, a card that says it "can be your commander", and legendary
    # planeswalkers where ``planeswalker_commanders``) or UNCOMMON_CREATURE_COMMANDERS (Pauper
    # Commander, PDH 906.3: a nonland creature card, legendary or not, printed at uncommon; the card
    # data tells the rarity only through the format's legality: rules.commander.rarity_finding) or
    # OATHBREAKER_COMMANDERS (Oathbreaker: a planeswalker card leads, its front face a planeswalker,
    # and each leader has an instant or sorcery card beside it as its Signature Spell, both in the
    # command zone: rules.commander.oathbreaker_roles).
    commander_cards: str
    # False: the format lets no card work from outside the game, so no companion can be revealed
    # (Oathbreaker, Gladiator: no sideboard, and abilities that refer to outside the game do not function)
    companions: bool
    # An inferred shape (``inferred``) some known format of which judges card legality
    # (inference.with_known_formats): where the deck is played, and so whether a card is legal
    # there, is not known (the shape has no legality key), so a companion whose condition the deck
    # meets is undetermined, not eligible (rules.companions.obstacles).
    legality_unchecked: bool
    # The formats this one extends (``extends`` in a formats file), nearest first, as far as they
    # read the same legality keys: a house format's legality on a day is its nearest base's in the
    # format history (deckcheck.history) when it has none of its own. A format that sets legality
    # keys of its own has none: its card pool is not its base's.
    legality_bases: tuple[str, ...]
    # False: whether the format lets two commanders lead together by their partner abilities (CR
    # 702.124) is not known (Arena Brawl: docs/format-history.md), so a pair those abilities allow is
    # not verified, neither passed nor failed (rules.commander.unsettled_pair_finding). Needs
    # ``max_commanders`` of 2.
    commander_pairs_known: bool
    # Why ``commander_pairs_known`` is False, as the not-verified finding says it (Brawl's: its sources
    # disagree). Empty: the finding says only that the format's definition sets the key.
    commander_pairs_reason: str
    # The set codes (MTGJSON's, upper case) whose cards make up the format's card pool, where the
    # pool is a list of sets (Old School, Premodern); empty: not given. A card the data lists under
    # none of the deck's legality key is then not legal only when none of its printings is in one
    # of them (rules.legality.listed_legality): card data may leave out cards it should list.
    pool_sets: frozenset[str]
    # Cards of the card pool no set of ``pool_sets`` holds (Old School's 1994 promos, whose sets
    # hold later cards too), by oracle name: such a card the data lists under none of the deck's
    # legality keys is not verified either, never "not legal".
    pool_cards: frozenset[str]
    # The sets of ``pool_sets`` the card data at hand knows no card of (a set newer than its
    # printings, or a code written wrong), each with the known codes it may be a mistyping of:
    # set for that data (engine.with_card_data), never by a formats file. A card the data lists
    # under none of the deck's legality keys and prints in none of the other pool sets may have been
    # printed in one of these, so its legality is not verified (rules.legality.listed_legality).
    unknown_pool_sets: tuple[tuple[str, tuple[str, ...]], ...]
    # The sets of ``pool_sets`` the card data at hand may know only in part, each with its release
    # day (None: not known): released after the day its printings describe, a set it saw
    # previewed (CardStore.sets_known_in_part). Set for that data (engine.with_card_data) as
    # ``unknown_pool_sets`` is, and read the same way: a card of an older set may be reprinted there.
    pool_sets_in_part: tuple[tuple[str, dt.date | None], ...]

    def __init__(
        self,
        name: str,
        title: str,
        legality_key: str | None,
        min_main: int,
        max_main: int | None = None,
        sideboard_max: int | None = 15,
        copy_limit: int | None = 4,
        commander: bool = False,
        max_commanders: int = 2,
        colourless_basic_exception: bool = False,
        companion_bans: frozenset[str] = frozenset(),
        extra_banned: frozenset[str] = frozenset(),
        description: str = "",
        aliases: tuple[str, ...] = (),
        legality_keys: tuple[str, ...] = (),
        planeswalker_commanders: bool = False,
        restricted_means: str = "one-copy",
        min_main_known: bool = True,
        inferred: bool = False,
        as_of: dt.date | str | None = None,
        rules_min_main: int | None = None,
        commander_cards: str = LEGENDARY_COMMANDERS,
        companions: bool = True,
        legality_unchecked: bool = False,
        legality_bases: tuple[str, ...] = (),
        commander_pairs_known: bool = True,
        commander_pairs_reason: str = "",
        pool_sets: frozenset[str] = frozenset(),
        pool_cards: frozenset[str] = frozenset(),
        unknown_pool_sets: tuple[tuple[str, tuple[str, ...]], ...] = (),
        pool_sets_in_part: tuple[tuple[str, dt.date | None], ...] = (),
    ) -> None:
        _set_spec(
            self,
            (
                name,
                title,
                legality_key,
                min_main,
                max_main,
                sideboard_max,
                copy_limit,
                commander,
                max_commanders,
                colourless_basic_exception,
                companion_bans,
                extra_banned,
                description,
                aliases,
                legality_keys,
                planeswalker_commanders,
                restricted_means,
                min_main_known,
                inferred,
                as_of,
                rules_min_main,
                commander_cards,
                companions,
                legality_unchecked,
                legality_bases,
                commander_pairs_known,
                commander_pairs_reason,
                pool_sets,
                pool_cards,
                unknown_pool_sets,
                pool_sets_in_part,
            ),
        )

    @property
    def legality_candidates(self) -> tuple[str, ...]:
        if self.legality_keys:
            return self.legality_keys
        return (self.legality_key,) if self.legality_key else ()

    @property
    def names_its_pool(self) -> bool:
        """The format names its card pool's sets or cards (``pool_sets``, ``pool_cards``): a card
        the data lists no legality for may be in it (rules.legality.listed_legality)."""
        return bool(self.pool_sets or self.pool_cards)

    @property
    def is_limited(self) -> bool:
        return self.copy_limit is None and not self.commander

    @property
    def deck_minimum(self) -> int:
        """The minimum deck size the game's rules set (:attr:`rules_min_main`, else ``min_main``)."""
        return self.min_main if self.rules_min_main is None else self.rules_min_main

    @property
    def fixed_size(self) -> bool:
        return self.max_main is not None and self.max_main == self.min_main


_set_spec = fields_setter(FormatSpec)

# How to name the format a deck is played in, for a message that asks for it
NAMING_A_FORMAT = '--format, a `// format: NAME` line in the decklist, or `format = "NAME"` in the config'
