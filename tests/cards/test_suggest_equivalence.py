"""The did-you-mean gives exactly what it gave before it was made faster: the same suggestions, in
the same order, with the same ``other_epithet``, for every kind of name (typos, made-up names,
truncations, dropped and added words, legends with another epithet, Alchemy names, very short
names, non-ASCII and garbage). The reference is the index with the candidate search it had
(commit 7751ded), kept here verbatim in what it computes; the package keeps only the fast one.

Over the bundled card set (and a few Alchemy names) always; over the real card pool when
../shared/realdata is present.
"""

from __future__ import annotations

import json
import random
import string
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from deckcheck.cards.names import fold_of_key, lookup_key
from deckcheck.cards.store import CardStore
from deckcheck.cards.suggest import (
    _NO_TRIGRAM,
    ALCHEMY_PREFIX,
    NameIndex,
    _letter_signature,
    _letter_signatures,
    _trigram_numbers,
    allowed_edits,
    trigrams,
)

_MOST_CHANGED = (0, 8, 14)


@dataclass(frozen=True, slots=True)
class _Candidate:
    rank: float
    letters: int
    shared: int
    key: int


def _letter_gap(a: str, b: str) -> int:
    gap = 0
    for char in set(a) | set(b):
        gap += abs(a.count(char) - b.count(char))
    return gap


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (changes, insertions, deletions, swaps of neighbours),
    or ``limit + 1`` as soon as it is known to be larger than ``limit``. Only the diagonal band
    of width ``2 * limit + 1`` is computed: a cell off it is already more than ``limit``."""
    over = limit + 1
    if abs(len(a) - len(b)) > limit:
        return over
    if a == b:
        return 0
    # What both start and end with costs nothing (names that differ share most of their letters).
    head = 0
    while head < len(a) and head < len(b) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < len(a) - head and tail < len(b) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    a, b = a[head : len(a) - tail], b[head : len(b) - tail]
    if not a or not b:
        return len(a) + len(b) if len(a) + len(b) <= limit else over
    width = len(b)
    before: list[int] = []  # the row two above (for swaps)
    above = [j if j <= limit else over for j in range(width + 1)]
    for i in range(1, len(a) + 1):
        row = [over] * (width + 1)
        if i <= limit:
            row[0] = i
        char_a = a[i - 1]
        best = row[0]
        for j in range(max(1, i - limit), min(width, i + limit) + 1):
            char_b = b[j - 1]
            value = above[j - 1] + (char_a != char_b)
            if above[j] + 1 < value:
                value = above[j] + 1
            if row[j - 1] + 1 < value:
                value = row[j - 1] + 1
            if i > 1 and j > 1 and char_a == b[j - 2] and a[i - 2] == char_b and before[j - 2] + 1 < value:
                value = before[j - 2] + 1
            row[j] = value if value < over else over
            if value < best:
                best = value
        if best > limit:
            return over
        before, above = above, row
    return above[width]


class ReferenceIndex(NameIndex):
    """The index with the candidate search it had before it was made faster (7751ded): two bisects
    on the lengths per trigram, one numpy count over the whole key range per name, the checks in a
    Python loop over the keys counted enough. The rest (the tables, truncations, legends, the
    order of the suggestions) is the index's own, which the change left as it was."""

    def _close(self, key: str, folded: str) -> list[_Candidate]:  # type: ignore[override]
        candidates: dict[int, _Candidate] = {}
        edits = allowed_edits(len(folded) + 2)
        query_grams = trigrams(folded)
        if edits:
            size = len(folded)
            windows = []
            for gram in query_grams:
                start, end = self._grams.get(gram, (0, 0))
                low = bisect_left(self._lengths, size - edits, start, end)
                high = bisect_right(self._lengths, size + edits, low, end)
                if high > low:
                    windows.append((low, high))
            fewest = len(query_grams) - 4 * edits
            alchemy = key.startswith(ALCHEMY_PREFIX)
            for number, shared in self._count(windows, fewest):
                other = self._folded[number]
                forgiven = allowed_edits(len(other)) - self._faces[number]
                if forgiven <= 0 or shared < len(query_grams) - 4 * forgiven:
                    continue
                if len(query_grams) + self._gram_counts[number] - 2 * shared > _MOST_CHANGED[forgiven]:
                    continue
                if self._keys[number].startswith(ALCHEMY_PREFIX) != alchemy:
                    continue
                letters = _letter_gap(folded, other)
                if (letters + 1) // 2 > forgiven:
                    continue
                distance = _edit_distance(folded, other, forgiven)
                if distance <= forgiven:
                    candidates[number] = _Candidate(distance, letters, shared, number)
        words = tuple(word for word in map(fold_of_key, key.split(" ")) if word)
        one_word_apart: list[int] = []
        shortened = self._dropped_number.get(folded)
        if shortened is not None:
            one_word_apart.extend(self._dropped_keys.row(shortened))
        if len(words) >= 3:
            by_fold = self._folds()
            for i in range(1, len(words) - 1):
                one_word_apart.extend(by_fold.get("".join(words[:i]) + "".join(words[i + 1 :]), ()))
        for number in one_word_apart:
            if number not in candidates:
                other = self._folded[number]
                shared = len(query_grams & trigrams(other))
                candidates[number] = _Candidate(1.5, _letter_gap(folded, other), shared, number)
        return sorted(candidates.values(), key=lambda c: (c.rank, c.letters, -c.shared, self._keys[c.key]))

    def _count(self, windows: Sequence[tuple[int, int]], fewest: int) -> list[tuple[int, int]]:
        if not windows or fewest > len(windows):
            return []
        postings = np.frombuffer(self._postings, dtype=np.uint32)
        listed = np.concatenate([postings[low:high] for low, high in windows])
        counts = np.bincount(listed)
        numbers = np.flatnonzero(counts >= max(fewest, 1))
        return list(zip(numbers.tolist(), counts[numbers].tolist(), strict=True))


# -- the names -------------------------------------------------------------------------------------
def name_rows(records: Iterable[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(lookup key, card name) for every full and face name, as a store indexes them."""
    rows = []
    for record in records:
        name = str(record["name"])
        rows.append((lookup_key(name), name))
        faces = record.get("faces") or []
        if len(faces) > 1:
            rows.extend((lookup_key(str(face["name"])), name) for face in faces)
    return rows


def _typo(name: str, rng: random.Random) -> str:
    """A letter changed, added or dropped, or two neighbours swapped, anywhere in the name."""
    if not name:
        return rng.choice(string.ascii_lowercase)
    i = rng.randrange(len(name))
    how = rng.randrange(4)
    if how == 0:
        return name[:i] + rng.choice(string.ascii_lowercase) + name[i + 1 :]
    if how == 1:
        return name[:i] + rng.choice(string.ascii_lowercase + " -',") + name[i:]
    if how == 2:
        return name[:i] + name[i + 1 :]
    return name[:i] + name[i + 1 : i + 2] + name[i] + name[i + 2 :]


def _garbage(rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits + string.punctuation + " ÆæŒœéüßńø’“–/_ 漢字"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))


FIXED_NAMES = [
    "",
    " ",
    "!!!",
    "a",
    "ab",
    "abc",
    "abcd",
    "_____",
    "_____ Goblin",
    "A-",
    "a-b",
    "Ax",
    "Æther Vial",
    "Aether Vail",
    "Lim-Dûl's Vault",
    "Jötun Grunt",
    "Lightning Blot",
    "Lightnig Bolt",
    "Lurrus of Dream-Den",
    "Lurrus of the the Dream-Den",
    "Brimaz, Unyielding Lion",
    "Jace, Wielder of Mysteries",
    "Snapcaster",
    "Smother",
    "Charge",
    "Island",
    "Cut Down",
    "Orcish Bowmasters",
    "A-Luminarch Aspirant",
    "A-Luminarch Aspirnt",
    "Luminarch Aspirnt",
    "Fire // Ice",
    "Fire/Ice",
    "Dusk // Dawm",
    "Dawm",
    "x" * 300,
    "ab" * 200,
    "\ud800 lone surrogate",
    "漢字",
    "Лесной медведь",
]


def names_to_try(card_names: Sequence[str], rng: random.Random, count: int) -> list[str]:
    """Names of every kind, each made from the card names at random."""
    words = [word for name in card_names for word in name.split(" ") if word]
    legends = [name.split(",", 1)[0] for name in card_names if "," in name]
    names = list(FIXED_NAMES)
    for _ in range(count):
        name = rng.choice(card_names)
        kind = rng.randrange(10)
        if kind == 0:
            names.append(_typo(name, rng))
        elif kind == 1:
            names.append(_typo(_typo(name, rng), rng))
        elif kind == 2:  # two words of different cards: what a newer card looks like
            names.append(f"{rng.choice(words)} {rng.choice(words)}")
        elif kind == 3:  # truncated, at a word or anywhere
            split = name.split(" ")
            names.append(" ".join(split[: rng.randrange(1, len(split) + 1)]))
            names.append(name[: rng.randrange(1, len(name) + 1)])
        elif kind == 4:  # a word dropped or added
            split = name.split(" ")
            i = rng.randrange(len(split) + 1)
            names.append(" ".join(split[:i] + split[i + 1 :]))
            names.append(" ".join([*split[:i], rng.choice(words), *split[i:]]))
        elif kind == 5 and legends:  # a legend with another epithet
            names.append(f"{rng.choice(legends)}, {rng.choice(words)} {rng.choice(words)}")
        elif kind == 6:  # an Alchemy name, or an Alchemy prefix taken away
            names.append(ALCHEMY_PREFIX.upper() + _typo(name, rng))
            names.append(name.removeprefix("A-"))
        elif kind == 7:  # very short
            names.append(name[: rng.randrange(1, 6)])
            names.append(_typo(rng.choice(words)[:5], rng))
        elif kind == 8:  # accents, case and punctuation
            names.append(_typo(name, rng).upper().replace("a", "á").replace("e", "ë").replace(" ", "-"))
        else:
            names.append(_garbage(rng))
    return names


def assert_same_suggestions(rows: list[tuple[str, str]], names: Iterable[str]) -> int:
    """Every name gets the same from the index (built, and read back from its blob) as from the
    reference, for the store's limit and others; the number of names that got a suggestion."""
    reference = ReferenceIndex.build(rows)
    built = NameIndex.build(rows)
    indexes = [built, NameIndex.from_blob(built.to_blob())]
    suggested = 0
    for name in names:
        for limit in (3, 1, 5):
            expected = reference.suggestions(name, limit)
            for index in indexes:
                assert index is not None
                assert index.suggestions(name, limit) == expected, (name, limit)
        suggested += bool(expected.names)
    return suggested


# Alchemy rebalances and a legend or two more: the bundled set has none of the first.
EXTRA_NAMES = [
    "A-Luminarch Aspirant",
    "Luminarch Aspirant",
    "A-Dragon's Rage Channeler",
    "A-Lightning Bolt",
    "Brimaz, King of Oreskos",
    "Jace, the Mind Sculptor",
    "Jace, Vryn's Prodigy // Jace, Telepath Unbound",
    "Dusk // Dawn",
    "Fire // Ice",
]


@pytest.mark.parametrize("narrow_keys", [1 << 16, 0], ids=["16-bit key numbers", "32-bit key numbers"])
def test_the_same_suggestions_as_before_over_the_bundled_cards(
    narrow_keys: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (an index of more keys than 16 bits number counts in 32-bit numbers: the same suggestions)
    monkeypatch.setattr("deckcheck.cards.suggest._NARROW_KEYS", narrow_keys)
    records = list(CardStore.bundled().records())
    extra = [{"name": name} for name in EXTRA_NAMES if name not in {r["name"] for r in records}]
    for name in EXTRA_NAMES:
        if " // " in name:
            extra = [r for r in extra if r["name"] != name]
            extra.append({"name": name, "faces": [{"name": face} for face in name.split(" // ")]})
    rows = name_rows([*records, *extra])
    card_names = sorted({card_name for _, card_name in rows})
    names = names_to_try(card_names, random.Random("bundled"), 3000)
    suggested = assert_same_suggestions(rows, names)
    assert 300 < suggested < len(names) - 300  # both kinds of answer were compared


@pytest.mark.realdata
def test_the_same_suggestions_as_before_over_the_real_cards(atomic_records: list[dict[str, Any]]) -> None:
    rows = name_rows(atomic_records)
    card_names = sorted({card_name for _, card_name in rows})
    names = names_to_try(card_names, random.Random("real cards"), 4000)
    suggested = assert_same_suggestions(rows, names)
    assert 500 < suggested < len(names) - 500


# -- the tables the count reads ---------------------------------------------------------------------
SYMBOLS = "^$_0123456789abcdefghijklmnopqrstuvwxyz"  # what a trigram of a folded name is made of


def number_of(gram: str) -> int:
    return sum(
        SYMBOLS.index(letter) * len(SYMBOLS) ** power for letter, power in zip(gram, (2, 1, 0), strict=True)
    )


@pytest.mark.parametrize("fold", ["a", "ab", "lightningbolt", "_____goblin", "0123456789", "aaaaaa"])
def test_a_trigram_number_stands_for_one_trigram(fold: str) -> None:
    assert _trigram_numbers(fold) == {number_of(gram) for gram in trigrams(fold)}


def test_a_trigram_with_a_letter_no_name_folds_to_is_numbered_as_none() -> None:
    """(as an index folded by another release might hold: it shares no trigram with a name)"""
    assert _trigram_numbers("bolø") == {number_of("^bo"), number_of("bol"), _NO_TRIGRAM}
    assert len(SYMBOLS) ** 3 == _NO_TRIGRAM  # past every trigram's number


def test_the_count_tables_find_each_trigrams_run_and_lengths() -> None:
    index = NameIndex.build(name_rows(CardStore.bundled().records()))
    tables = index._tables()
    width = len(tables.table) // len(index._grams)
    lengths = index._lengths
    for gram, (start, end) in index._grams.items():
        row = tables.row_of_number[number_of(gram)]
        assert (tables.table[row], tables.table[row + width - 1]) == (start, end)
        for length in range(1, width - 1):  # where the keys of this length (or more) start
            assert tables.table[row + length] == bisect_left(lengths, length, start, end)


def test_an_index_with_trigrams_of_other_letters_counts_the_others() -> None:
    """A stored index folded otherwise (another release) may hold trigrams no name folded now can
    have: they get no row, and every other trigram keeps its own."""
    rows = name_rows(CardStore.bundled().records())
    payload = json.loads(NameIndex.build(rows).to_blob())
    renamed = payload["grams"].index("bol")
    payload["grams"][renamed] = "bøl"
    index = NameIndex.from_blob(json.dumps(payload).encode("ascii"))
    assert index is not None
    tables = index._tables()
    assert tables.row_of_number[number_of("bol")] == -1
    assert tables.row_of_number[number_of("ol$")] >= 0
    # "Lightning Blot" has no "bol" to count: it is suggested what it was
    assert index.suggestions("Lightning Blot") == ReferenceIndex.build(rows).suggestions("Lightning Blot")
    assert index.suggest("Lightning Blot")[0] == "Lightning Bolt"


LETTER_PAIRS = [
    ("lightningbolt", "lightningblot"),
    ("lightningbolt", "lightninghelix"),
    ("goblinlightning", "goblinlookout"),
    ("aaab", "ab"),
    ("a1_b2", "a2_b1"),
    ("_____", "_____goblin"),
    ("", "xyz"),
]


@pytest.mark.parametrize(("a", "b"), LETTER_PAIRS)
def test_letter_signatures_differ_in_no_more_bits_than_the_letters(a: str, b: str) -> None:
    assert (_letter_signature(a) ^ _letter_signature(b)).bit_count() <= _letter_gap(a, b)


def test_letter_signatures_made_at_once_are_each_names_own() -> None:
    folds = [fold for pair in LETTER_PAIRS for fold in pair]
    lengths = np.array([len(fold) for fold in folds])
    assert _letter_signatures(folds, lengths).tolist() == [_letter_signature(fold) for fold in folds]
