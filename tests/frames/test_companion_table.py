"""The vectorised companion table equals companions.evaluate, deck by deck.

frames.companion_table computes every condition as a group-by over the whole batch; only the
per-card facts come from the companion engine. These tests hold it to the engine: on the bundled
corpus and example decks in every format, and on random batches over the companion tests' card set,
which has the awkward shapes (split cards sharing a name with another card, Rooms, Grist's
off-battlefield creature type, changelings, Zirda's ability cases)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from deckcheck import frames
from deckcheck.cards.store import CardStore
from deckcheck.deck import Deck, DeckCard, Entry, Zone
from deckcheck.engine import did_you_mean
from deckcheck.format_spec import FormatSpec
from deckcheck.formats import get_format, load_registry
from deckcheck.inference import LIMITED_SHAPE, SHAPES, with_known_formats
from deckcheck.rules.companions import COMPANIONS, evaluate
from tests.companions import cards as test_cards

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "data" / "corpus"
EXAMPLES = REPO / "data" / "decks"
COLUMNS = ["deck_id", "companion", "eligible", "declared", "breakers", "cut", "add", "near_miss"]
BREAKER_COLUMNS = ["deck_id", "companion", "card", "qty", "zone", "line"]


def reference(frame: pd.DataFrame, spec: FormatSpec, store: CardStore) -> tuple[pd.DataFrame, pd.DataFrame]:
    """companions.evaluate on each deck of a long frame: (table, breakers) in companion_table's shape."""
    table: list[dict[str, Any]] = []
    breakers: list[dict[str, Any]] = []
    for deck_id, rows in frame.groupby("deck_id", sort=False):
        cards = []
        unknown = []  # names that match no card still count (engine.resolve_deck keeps them)
        for row in rows.itertuples():
            name = row.card if not pd.isna(row.card) else getattr(row, "written", None)
            if name is None or pd.isna(name):
                continue
            line = getattr(row, "line", 0)
            line = 0 if pd.isna(line) else int(line)
            entry = Entry(int(row.qty), str(name), Zone(row.zone), line)
            card = store.get(name)
            if card is not None:
                cards.append(DeckCard(entry, card))
            else:
                unknown.append(entry)
        deck = Deck(str(deck_id), cards, unresolved=unknown)
        for result in evaluate(deck, spec, store.get, may_be=did_you_mean(store)):
            table.append(
                {
                    "deck_id": deck_id,
                    "companion": result.companion,
                    "eligible": result.eligible,
                    "declared": result.declared,
                    "breakers": len(result.breakers),
                    "cut": result.cut_count,
                    "add": result.add,
                    "near_miss": result.near_miss,
                }
            )
            breakers += [
                {
                    "deck_id": deck_id,
                    "companion": result.companion,
                    "card": b.card,
                    "qty": b.quantity,
                    "zone": b.zone,
                    "line": b.line or pd.NA,
                }
                for b in result.breakers
            ]
    return pd.DataFrame(table, columns=COLUMNS), pd.DataFrame(breakers, columns=BREAKER_COLUMNS)


def assert_same(frame: pd.DataFrame, spec: FormatSpec, store: CardStore) -> pd.DataFrame:
    table = frames.companion_table(frame, format=spec, store=store)
    expected, expected_breakers = reference(frame, spec, store)
    got = table[COLUMNS].astype({"companion": str, "deck_id": object}).reset_index(drop=True)
    want = expected.astype({"deck_id": object, "eligible": "boolean"})
    # undetermined (NA) on one side only is a mismatch too
    mismatch = (got.astype(object).fillna("NA") != want.astype(object).fillna("NA")).any(axis=1)
    assert not mismatch.any(), (
        f"{spec.name}: vectorised table differs from evaluate:\n"
        f"{pd.concat([got[mismatch], want[mismatch]], keys=['table', 'evaluate']).to_string()}"
    )
    breakers = frames.companion_breakers(frame, format=spec, store=store)
    got_b = breakers[BREAKER_COLUMNS].astype(
        {"companion": str, "zone": str, "card": str, "deck_id": object, "line": object}
    )
    want_b = expected_breakers.astype({"deck_id": object, "line": object})
    pd.testing.assert_frame_equal(
        got_b.reset_index(drop=True), want_b.reset_index(drop=True), check_dtype=False
    )
    return table


@pytest.fixture(scope="module")
def bundled() -> CardStore:
    return CardStore.bundled()


@pytest.fixture(scope="module")
def corpus(bundled: CardStore) -> pd.DataFrame:
    return frames.load_decks(CORPUS, store=bundled)


@pytest.mark.parametrize("format_name", sorted(load_registry()))
def test_corpus_in_every_format(corpus: pd.DataFrame, bundled: CardStore, format_name: str) -> None:
    assert_same(corpus, get_format(format_name), bundled)


@pytest.mark.parametrize("format_name", ["modern", "legacy", "vintage", "commander", "brawl", "limited"])
def test_example_decks(bundled: CardStore, format_name: str) -> None:
    assert_same(frames.load_decks(EXAMPLES, store=bundled), get_format(format_name), bundled)


@pytest.mark.parametrize("shape", SHAPES, ids=[shape.name for shape in SHAPES])
def test_corpus_in_every_inferred_shape(corpus: pd.DataFrame, bundled: CardStore, shape: FormatSpec) -> None:
    """No format given: the shape as the engine checks it (its known formats' companion bans and
    unchecked legality) gives the same table; outside Limited, no companion is eligible for certain."""
    table = assert_same(corpus, with_known_formats(shape), bundled)
    eligible = table["eligible"].astype("boolean")
    if shape is LIMITED_SHAPE:
        assert eligible.fillna(False).any()
    else:
        assert not eligible.fillna(False).any()


def test_no_format_leaves_a_met_companion_not_verified(bundled: CardStore, tmp_path: Path) -> None:
    """``format=None`` infers each deck's shape, as ``deckcheck check`` does: a 60-card deck that
    meets Lurrus's condition has it not verified (<NA>) in the vectorised table and in validate's,
    a 40-card (Limited, no ban list) deck has it eligible, a deck that misses it has it not."""
    lists = {
        "burn.txt": "4 Lightning Bolt\n4 Goblin Guide\n52 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n",
        "sealed.txt": "4 Lightning Bolt\n36 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n",
        "finks.txt": "4 Kitchen Finks\n56 Forest\n\nSideboard\n1 Lurrus of the Dream-Den\n",
    }
    for name, text in lists.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    table = frames.companion_table(tmp_path, store=bundled)
    validated = frames.validate(tmp_path, store=bundled).companions
    for found in (table, validated):
        lurrus = found[found["companion"] == "Lurrus of the Dream-Den"]
        by_deck = {
            Path(str(deck_id)).name: None if pd.isna(eligible) else bool(eligible)
            for deck_id, eligible in zip(lurrus["deck_id"], lurrus["eligible"], strict=True)
        }
        assert by_deck == {"burn.txt": None, "sealed.txt": True, "finks.txt": False}


def test_corpus_has_eligible_and_blocked_companions(corpus: pd.DataFrame, bundled: CardStore) -> None:
    """The equality above means something only if the corpus has both outcomes for most companions."""
    formats_of = {d: d.split("/")[0] for d in corpus["deck_id"].unique()}
    table = frames.companion_table(corpus, format=formats_of, store=bundled)
    outcomes = table.groupby("companion", observed=True)["eligible"].agg(["any", "all"])
    assert outcomes["any"].sum() >= 5
    assert not outcomes["all"].any()


# -- random batches ---------------------------------------------------------------------------------
COMPANION_CARDS = [rule.name for rule in COMPANIONS]
ZONES = [Zone.MAIN] * 7 + [Zone.SIDEBOARD] * 2 + [Zone.COMMANDER, Zone.COMPANION, Zone.MAYBEBOARD]


def random_batch(rng: random.Random, names: list[str], decks: int) -> pd.DataFrame:
    rows: list[dict[str, Any]] = []
    basics = [n for n in ("Island", "Forest", "Plains", "Swamp", "Mountain") if n in names]
    for d in range(decks):
        deck_id = f"deck-{d}"
        entries: list[tuple[int, str | None, Zone]] = []
        for _ in range(rng.randint(0, 18)):
            entries.append((rng.choice((1, 1, 1, 2, 3, 4, 5)), rng.choice(names), rng.choice(ZONES)))
        if rng.random() < 0.4:  # a companion somewhere
            entries.append((1, rng.choice(COMPANION_CARDS), rng.choice((Zone.COMPANION, Zone.SIDEBOARD))))
        if rng.random() < 0.3:  # big enough for Yorion, or just many lands
            entries.append((rng.choice((40, 60, 85)), rng.choice(basics), Zone.MAIN))
        if rng.random() < 0.1:
            entries.append((1, None, Zone.MAIN))  # a name that matched no card
        if rng.random() < 0.2 and entries:  # the same card on a second line
            qty, name, zone = rng.choice(entries)
            entries.append((qty, name, zone))
        for line, (qty, name, zone) in enumerate(entries, start=1):
            rows.append(
                {
                    "deck_id": deck_id,
                    "zone": str(zone),
                    "card": name,
                    "written": name or "Not A Real Card",
                    "qty": qty,
                    "line": line if rng.random() < 0.9 else pd.NA,
                }
            )
    frame = pd.DataFrame(rows)
    frame["line"] = frame["line"].astype("Int64")
    return frame


@pytest.fixture(scope="module")
def test_store() -> CardStore:
    return CardStore.from_records(test_cards.RECORDS, "companion test cards")


SPECS = {
    "modern": test_cards.MODERN,
    "limited": test_cards.LIMITED,
    "commander": test_cards.COMMANDER,
    "brawl": test_cards.BRAWL,
    "gladiator": get_format("gladiator"),
    "freeform": get_format("freeform"),
}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("spec_name", sorted(SPECS))
def test_random_batches(test_store: CardStore, spec_name: str, seed: int) -> None:
    rng = random.Random(f"{spec_name}-{seed}")
    names = sorted(c.name for c in test_store.all_cards())
    assert_same(random_batch(rng, names, 60), SPECS[spec_name], test_store)


def test_split_cards_sharing_a_name_use_the_exact_cut(test_store: CardStore) -> None:
    """Fire // Ice next to a card named Fire: keeping one of the two is a search, not a sum."""
    frame = pd.DataFrame(
        {
            "deck_id": ["a", "a", "a", "b", "b"],
            "zone": ["main"] * 5,
            "card": ["Fire // Ice", "Fire", "Ice", "Fire // Ice", "Lightning Bolt"],
            "qty": [1, 1, 1, 2, 1],
        }
    )
    table = assert_same(frame, test_cards.MODERN, test_store)
    lutri = table[table["companion"] == "Lutri, the Spellchaser"].set_index("deck_id")
    assert lutri.loc["a", "cut"] == 1  # keep Fire and Ice, cut Fire // Ice
    assert lutri.loc["b", "cut"] == 1


def test_names_are_resolved_and_unknown_names_still_count(test_store: CardStore) -> None:
    frame = pd.DataFrame(
        {
            "deck_id": [1, 1, 1, 2],
            "zone": ["main", "main", "sideboard", "main"],
            "card": ["lightning bolt", "No Such Card", "Lurrus of the Dream-Den", None],
            "qty": [4, 2, 1, 3],
        }
    )
    table = frames.companion_table(frame, format=test_cards.MODERN, store=test_store)
    assert list(table["deck_id"].unique()) == [1, 2]
    lurrus = table[(table["companion"] == "Lurrus of the Dream-Den")].set_index("deck_id")
    # the unknown card might be a permanent with mana value 3 or more: undetermined
    assert bool(lurrus.loc[1, "declared"]) and pd.isna(lurrus.loc[1, "eligible"])
    gyruda = table[(table["companion"] == "Gyruda, Doom of Depths")].set_index("deck_id")
    assert gyruda.loc[1, "breakers"] == 1 and gyruda.loc[1, "cut"] == 4  # only the bolts break it
    assert gyruda.loc[1, "eligible"] == False  # noqa: E712 - decided by the bolts, not NA
    yorion = table[(table["companion"] == "Yorion, Sky Nomad")].set_index("deck_id")
    assert yorion.loc[1, "add"] == 80 - 6  # the two unknown cards count toward the size


def test_lutri_reads_what_an_unknown_name_may_be(bundled: CardStore) -> None:
    # by DC010's offer (a likely spelling, or a printed name it is without its accents: "Relampago",
    # Lightning Bolt's "Relámpago"): a nonland card of the starting deck (a, f), another unknown
    # name's card (b, g); not a land (c, "Ile": Island's "Île" in h), a card newer than the data
    # (d), a card in the sideboard (e), a card not in the deck (i)
    decks = {
        "a": [("main", "Counterspell"), ("main", "Counterspel")],
        "b": [("main", "Counterspel"), ("main", "Countrspell")],
        "c": [("main", "Counterspell"), ("main", "Islnd")],
        "d": [("main", "Counterspell"), ("main", "Zzyzx, Card From The Future")],
        "e": [("sideboard", "Counterspell"), ("main", "Counterspel")],
        "f": [("main", "Lightning Bolt"), ("main", "Relampago")],
        "g": [("main", "Relampago"), ("main", "Lightning Blot")],
        "h": [("main", "Counterspell"), ("main", "Ile")],
        "i": [("main", "Counterspell"), ("main", "Relampago")],
    }
    rows = [(deck, zone, name, 1) for deck, cards in decks.items() for zone, name in cards]
    rows += [(deck, "main", "Island", 58) for deck in decks]
    frame = pd.DataFrame(rows, columns=["deck_id", "zone", "card", "qty"])
    table = assert_same(frame, get_format("vintage"), bundled)
    lutri = table[table["companion"] == "Lutri, the Spellchaser"].set_index("deck_id")["eligible"]
    assert [deck for deck in decks if pd.isna(lutri[deck])] == ["a", "b", "f", "g"]
    assert lutri[["c", "d", "e", "h", "i"]].tolist() == [True] * 5


def test_per_deck_formats(corpus: pd.DataFrame, bundled: CardStore) -> None:
    formats_of = pd.Series({d: d.split("/")[0] for d in corpus["deck_id"].unique()})
    mixed = frames.companion_table(corpus, format=formats_of, store=bundled)
    assert list(mixed["deck_id"].unique()) == list(corpus["deck_id"].unique())
    for name, ids in formats_of.groupby(formats_of).groups.items():
        alone = frames.companion_table(corpus[corpus["deck_id"].isin(ids)], format=str(name), store=bundled)
        got = mixed[mixed["deck_id"].isin(ids)].reset_index(drop=True)
        pd.testing.assert_frame_equal(got, alone.reset_index(drop=True))


def test_bad_frames_are_clear_errors(test_store: CardStore) -> None:
    good = {"deck_id": ["a"], "zone": ["main"], "card": ["Island"], "qty": [1]}
    with pytest.raises(ValueError, match="unknown zone"):
        frames.companion_table(pd.DataFrame({**good, "zone": ["library"]}), format="modern", store=test_store)
    with pytest.raises(ValueError, match="qty"):
        frames.companion_table(pd.DataFrame({**good, "qty": [0]}), format="modern", store=test_store)
    with pytest.raises(ValueError, match="no format given"):
        frames.companion_table(pd.DataFrame(good), format={"b": "modern"}, store=test_store)


def test_empty_frame_gives_empty_table(test_store: CardStore) -> None:
    empty = pd.DataFrame({"deck_id": [], "zone": [], "card": [], "qty": []})
    table = frames.companion_table(empty, format="modern", store=test_store)
    assert list(table.columns) == COLUMNS and table.empty
    assert frames.companion_breakers(empty, format="modern", store=test_store).empty


def test_a_chosen_colour_commander_counts_its_colour_for_the_companion(test_store: CardStore) -> None:
    """The Prismatic Piper's chosen colour (CR 903.4b) is part of the identity the companion must
    fit (903.11a), as the engine assumes it: black beside Thrasios for Umori; a lone Piper is one
    colour, which can't hold Umori's two."""
    rows = [
        ("pair", "commander", "The Prismatic Piper", 1),
        ("pair", "commander", "Thrasios, Triton Hero", 1),
        ("pair", "main", "Island", 49),
        ("pair", "main", "Forest", 49),
        ("pair", "companion", "Umori, the Collector", 1),
        ("undeclared", "commander", "The Prismatic Piper", 1),
        ("undeclared", "commander", "Thrasios, Triton Hero", 1),
        ("undeclared", "main", "Island", 98),
        ("alone", "commander", "The Prismatic Piper", 1),
        ("alone", "main", "Forest", 99),
        ("alone", "companion", "Umori, the Collector", 1),
    ]
    frame = pd.DataFrame(rows, columns=["deck_id", "zone", "card", "qty"])
    table = assert_same(frame, test_cards.COMMANDER, test_store)
    umori = table[table["companion"] == "Umori, the Collector"].set_index("deck_id")["eligible"]
    assert umori.to_dict() == {"pair": True, "undeclared": True, "alone": False}


def test_a_commander_is_no_card_to_cut(test_store: CardStore) -> None:
    """Teysa Karlov breaks Lurrus's condition: no cut of the 99 qualifies. Lord Windgrace keeps
    Umori's type a planeswalker: the Elves are the cut, not the commander."""
    rows = [
        ("teysa", "commander", "Teysa Karlov", 1),
        ("teysa", "main", "Kitchen Finks", 1),
        ("teysa", "main", "Plains", 98),
        ("windgrace", "commander", "Lord Windgrace", 1),
        ("windgrace", "main", "Grist, the Hunger Tide", 1),
        ("windgrace", "main", "Llanowar Elves", 1),
        ("windgrace", "main", "Forest", 97),
    ]
    frame = pd.DataFrame(rows, columns=["deck_id", "zone", "card", "qty"])
    table = assert_same(frame, test_cards.COMMANDER, test_store).set_index(["deck_id", "companion"])
    assert table.loc[("teysa", "Lurrus of the Dream-Den"), "cut"] == 0
    assert table.loc[("windgrace", "Umori, the Collector"), "cut"] == 1
    assert bool(table.loc[("windgrace", "Umori, the Collector"), "near_miss"])
    breakers = frames.companion_breakers(frame, format=test_cards.COMMANDER, store=test_store)
    umori = breakers[(breakers["deck_id"] == "windgrace") & (breakers["companion"] == "Umori, the Collector")]
    assert umori["card"].tolist() == ["Llanowar Elves"]


def test_a_companion_the_formats_own_list_bans_is_banned_on_a_day(bundled: CardStore, tmp_path: Path) -> None:
    """A format's own ban list bans its companion on every day: the engine judging a day (Modern's
    history covers it or not) bans Kaheera, which the card data lists as legal in Modern, as the
    vectorised table does (it reads the card data's legalities, whatever day its format names; the
    engine left the companion undetermined where the history did not answer)."""
    from deckcheck.history import with_as_of

    path = tmp_path / "formats.toml"
    path.write_text('[kitchen]\nextends = "modern"\nextra_banned = ["Kaheera, the Orphanguard"]\n', "utf-8")
    kitchen = load_registry([path])["kitchen"]
    frame = frames.load_decks(pd.Series({"lands": "60 Mountain\n"}), store=bundled)
    for as_of in (None, "2021-06-01", "2010-01-01"):
        spec = kitchen if as_of is None else with_as_of(kitchen, as_of)
        table = frames.companion_table(frame, format=spec, store=bundled)
        (row,) = table[table["companion"] == "Kaheera, the Orphanguard"].itertuples()
        expected, _ = reference(frame, spec, bundled)
        (want,) = expected[expected["companion"] == "Kaheera, the Orphanguard"].itertuples()
        assert pd.notna(row.eligible) and not row.eligible, as_of
        assert want.eligible is False, as_of
