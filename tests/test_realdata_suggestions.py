"""The did-you-mean, calibrated on the real card pool (MTGJSON AtomicCards 2022-04-25): typos made
from real card names get their card as the first suggestion, and real card names missing from the
data get no suggestion at all, each at least 95 % of the time. Also the client spellings that must
resolve, and the suggestions that once went wrong. Skipped without ../shared/realdata.

The samples are seeded, so a run is repeatable; ``-s`` prints the rates and the misses. What a typo
is follows the suggester's own rule (deckcheck.cards.suggest): one edit for a name of at least
ONE_EDIT_FROM letters, two for TWO_EDITS_FROM; the edits are made on letters at random positions,
the first letter included; a dropped word is a middle word (a last word dropped is a truncation).
"""

from __future__ import annotations

import random
import string
import unicodedata
from collections.abc import Callable
from typing import Any

import pytest

from deckcheck.cards.names import fold_key
from deckcheck.cards.store import CardStore
from deckcheck.cards.suggest import ONE_EDIT_FROM, TWO_EDITS_FROM

pytestmark = pytest.mark.realdata

SAMPLE = 800
ABSENT_SAMPLE = 2000  # more than the typos: a rate near the bound needs the larger sample
REQUIRED = 0.95
Typo = Callable[[str, random.Random], str | None]


def _letters(name: str) -> list[int]:
    return [i for i, c in enumerate(name) if c.isalpha()]


def _edit(name: str, rng: random.Random) -> str:
    """One letter changed, added or dropped."""
    positions = _letters(name)
    how = rng.randrange(3)
    i = rng.choice(positions)
    if how == 0:
        return name[:i] + rng.choice(string.ascii_lowercase.replace(name[i].lower(), "")) + name[i + 1 :]
    if how == 1:
        return name[:i] + rng.choice(string.ascii_lowercase) + name[i:]
    return name[:i] + name[i + 1 :]


def one_edit(name: str, rng: random.Random) -> str | None:
    return _edit(name, rng) if len(fold_key(name)) >= ONE_EDIT_FROM else None


def two_edits(name: str, rng: random.Random) -> str | None:
    if len(fold_key(name)) < TWO_EDITS_FROM:
        return None
    first = swapped_pair(name, rng) if rng.random() < 0.25 else _edit(name, rng)
    return None if first is None else _edit(first, rng)


def swapped_pair(name: str, rng: random.Random) -> str | None:
    pairs = [
        i
        for i in range(len(name) - 1)
        if name[i].isalpha() and name[i + 1].isalpha() and name[i].lower() != name[i + 1].lower()
    ]
    if len(fold_key(name)) < ONE_EDIT_FROM or not pairs:
        return None
    i = rng.choice(pairs)
    return name[:i] + name[i + 1] + name[i] + name[i + 2 :]


def dropped_word(name: str, rng: random.Random) -> str | None:
    words = name.split(" ")
    if len(words) < 3:
        return None
    i = rng.randrange(1, len(words) - 1)
    return " ".join(words[:i] + words[i + 1 :])


@pytest.fixture(scope="module")
def card_names(atomic_records: list[dict[str, Any]]) -> list[str]:
    return sorted(str(r["name"]) for r in atomic_records)


@pytest.mark.parametrize("make", [one_edit, two_edits, swapped_pair, dropped_word], ids=lambda f: f.__name__)
def test_typos_of_real_names_get_their_card_first(
    real_store: CardStore, card_names: list[str], make: Typo
) -> None:
    rng = random.Random(f"typos-{make.__name__}")
    right, misses, tried = 0, [], 0
    while tried < SAMPLE:
        name = rng.choice(card_names)
        written = make(name, rng)
        if written is None:
            continue
        result = real_store.resolve(written)
        if result.match != "unknown":  # the typo is another card's name (or reads as one)
            continue
        tried += 1
        if result.suggestions[:1] == (name,):
            right += 1
        else:
            misses.append((written, name, result.suggestions))
    rate = right / tried
    print(f"\n{make.__name__}: {rate:.1%} right first of {tried}; misses: {misses[:10]}")
    assert rate >= REQUIRED, misses[:20]


def test_real_names_missing_from_the_data_get_no_suggestion(
    atomic_records: list[dict[str, Any]], card_names: list[str]
) -> None:
    rng = random.Random("absent")
    absent = set(rng.sample(card_names, ABSENT_SAMPLE))
    store = CardStore.from_records(
        [r for r in atomic_records if r["name"] not in absent], "the real cards less a sample"
    )
    suggested, unknown = [], 0
    for name in sorted(absent):
        result = store.resolve(name)
        if result.card is not None:  # another card's localized name ("Suffocation" is Choke in French)
            continue
        unknown += 1
        if result.suggestions:
            suggested.append((name, result.suggestions))
    rate = 1 - len(suggested) / unknown
    print(f"\nabsent names: {rate:.1%} without a suggestion; suggested: {suggested[:20]}")
    assert rate >= REQUIRED, suggested


@pytest.mark.parametrize(
    ("written", "oracle"),
    [
        ("Lurrus of the Dream Den", "Lurrus of the Dream-Den"),  # MTGO's spelling
        ("Lurrus of the Dream-den", "Lurrus of the Dream-Den"),
        ("Kroxa Titan of Deaths Hunger", "Kroxa, Titan of Death's Hunger"),
        ("Fable of the Mirror Breaker", "Fable of the Mirror-Breaker // Reflection of Kiki-Jiki"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),  # typed without accents
        ("Juzam Djinn", "Juzám Djinn"),
        ("Seance", "Séance"),
        ("Dandan", "Dandân"),
    ],
)
def test_client_spellings_resolve(real_store: CardStore, written: str, oracle: str) -> None:
    result = real_store.resolve(written)
    assert result.card is not None and result.card.name == oracle
    assert result.match in ("folded", "normalized")


def test_no_real_card_is_read_as_another_by_folding(
    real_store: CardStore, atomic_records: list[dict[str, Any]]
) -> None:
    """A fold two cards share ("Wasteland" / "Waste Land") is refused, never a guess; each of
    those names still resolves to itself."""
    by_fold: dict[str, set[str]] = {}
    for record in atomic_records:
        by_fold.setdefault(fold_key(record["name"]), set()).add(record["name"])
    shared = [names for names in by_fold.values() if len(names) > 1]
    assert shared, "the real data has names that fold alike"
    for names in shared:
        for name in names:
            found = real_store.resolve(name).card
            assert found is not None and found.name == name
        variant = "-".join(min(names).split(" ")).swapcase()
        if real_store.resolve(variant, suggest=False).match != "normalized":
            result = real_store.resolve(variant, suggest=False)
            assert result.match == "ambiguous" and set(result.suggestions) == names, (variant, result)


@pytest.mark.parametrize(
    "written",
    [
        "Orcish Bowmasters",  # not "Orcish Settlers"
        "Cut Down",  # not "Cast Down"
        "The Prismatic Piper",  # not "Esika, God of the Tree // The Prismatic Bridge"
    ],
)
def test_cards_newer_than_the_data_get_no_wrong_guess(real_store: CardStore, written: str) -> None:
    result = real_store.resolve(written)
    assert result.match == "unknown"
    assert result.suggestions == ()


def test_a_legend_with_another_epithet_gets_the_one_of_that_name(real_store: CardStore) -> None:
    assert real_store.resolve("Brimaz, Unyielding Lion").suggestions[:1] == ("Brimaz, King of Oreskos",)


def _without_accents(name: str) -> str:
    """A name as typed on a keyboard without accents or ligatures ("Lim-Dul's Vault", "Aether")."""
    decomposed = unicodedata.normalize("NFKD", name.replace("Æ", "Ae").replace("æ", "ae"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def test_every_english_name_typed_without_its_accents_is_its_card(
    real_store: CardStore, atomic_records: list[dict[str, Any]]
) -> None:
    """ "Lim-Dul's Vault", "Juzam Djinn", "Seance", "Dandan": an English list that leaves out a
    name's accents names that card (a DC012 note says so), for every card whose name has them."""
    accented = [record["name"] for record in atomic_records if not record["name"].isascii()]
    assert len(accented) >= 20  # (26 in April 2022)
    for name in accented:
        found = real_store.resolve(_without_accents(name), suggest=False)
        assert found.card is not None and found.card.name == name, (name, found.match)


def test_a_printed_name_typed_without_its_accents_is_offered_in_any_list(
    real_store: CardStore, atomic_records: list[dict[str, Any]]
) -> None:
    """A sample of the printed names with accents, typed without them: each is offered as written,
    with its card, in a list of no language (CardStore.printed_unaccented with no languages)."""
    printed = sorted(
        (str(text), record["name"], lang)
        for record in atomic_records
        for lang, texts in (record.get("printed_names") or {}).items()
        if lang in ("fr", "de", "es", "it", "pt")
        for text in texts
        if not str(text).isascii()
    )
    for text, card, lang in random.Random(7).sample(printed, 300):
        typed = _without_accents(text)
        if typed.isascii() and real_store.resolve(typed, suggest=False).card is None:
            assert (text, card, lang) in real_store.printed_unaccented(typed, None), typed
