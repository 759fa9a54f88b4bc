"""Did-you-mean for a name that matches no card: an index, so a suggestion costs well under a
millisecond against the full card pool, and a suggestion only when it can be trusted.

What counts as a likely spelling of a card (calibrated on the real card pool: typos made from real
names get their card first, and real names missing from the data get nothing):

- a *typo*: the folded name (:func:`~deckcheck.cards.names.fold_key`: case, accents, punctuation
  and spaces ignored) is within a few edits of a card's folded name: none for a card of very
  short name, one edit (a letter changed, added or dropped, or two neighbours swapped) from
  :data:`ONE_EDIT_FROM` letters, two from :data:`TWO_EDITS_FROM`. Short names are close to many
  other short names ("Cut Down" is two edits from "Cast Down"), so they get less room;
- a *dropped or added word*: the name is a card's name with one word left out ("Lurrus of Dream-Den")
  or with one word too many;
- a *truncation*: the name is the start of card names, up to a word's end ("Snapcaster" ->
  "Snapcaster Mage", but not "Smother" -> "Smothering Tithe"); a single word only when it starts
  one card's name ("Charge" starts several, and is more likely a card the data lacks);
- the *same legend*: "Name, epithet" where exactly one card is called "Name, ..." ("Brimaz,
  Unyielding Lion" -> "Brimaz, King of Oreskos").

Never across an Alchemy rebalance: "A-Luminarch Aspirant" is another card than "Luminarch
Aspirant". Among equally close candidates, the one with the same letters comes first (a swapped
pair: "Lightning Blot" is "Lightning Bolt" before "Lightning Blow").

Candidates are found through trigrams of the folded names: a name within ``k`` edits of another
shares all but at most ``4k`` of its trigrams (a change touches three, a swap four). For each
trigram of the name the index lists the names that have it, sorted by length, and a table says where
each length starts in each list, so the names of the lengths a typo can have are one slice of each
list. Those slices (a thousand numbers or so), sorted together in numpy, list each name as often as
it shares a trigram; the few listed often enough whose letters are close enough (a signature of
their letters first, then their counts) get a bounded edit distance. The index is built
from the store's name rows, and a built SQLite store keeps it (:meth:`NameIndex.to_blob`) so that a
check does not rebuild it; the table of lengths is made from it when a name is first unknown.
Measured on the full card pool, between the lookups of a batch: about 0.08 ms per unknown name, 0.1 ms
for a typo (benchmarks/bench_suggest.py).
"""

from __future__ import annotations

import base64
import functools
import json
import sys
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from deckcheck.cards.names import fold_of_key, lookup_key

INDEX_VERSION = 1  # layout of to_blob(); a reader builds the index itself from any other
ONE_EDIT_FROM = 5  # folded letters from which one edit is forgiven
TWO_EDITS_FROM = 13  # ... and two
ALCHEMY_PREFIX = "a-"  # MTG Arena's rebalanced cards: "A-Luminarch Aspirant"
_AFTER_ALCHEMY_PREFIX = "a."  # the first text after every one that starts with ALCHEMY_PREFIX
_WORD_END = frozenset(" ,")
# Trigrams lost plus trigrams gained, at most, for names this many edits apart: a changed letter
# loses three and gains three, an added or dropped one five in all, a swap eight; two edits are
# taken to include at most one swap (two swaps in one name are not a typo we look for).
_MOST_CHANGED = (0, 8, 14)
_U32 = next(code for code in "IL" if array(code).itemsize == 4)
_I32 = next(code for code in "il" if array(code).itemsize == 4)
# Keys of this many folded letters or more share one column of _CountTables (about 2 % of keys).
_LONGEST_COLUMN = 24
# An index of at most this many keys counts shared trigrams in 16-bit numbers (_CountTables).
_NARROW_KEYS = 1 << 16
# The letters of a folded name (names.fold_of_key) and the two that pad it (trigrams), numbered.
_SYMBOLS = b"^$_0123456789abcdefghijklmnopqrstuvwxyz"
_SYMBOL_NUMBERS = bytes.maketrans(  # each symbol its number, any other byte 255
    bytes(range(256)).translate(None, _SYMBOLS) + _SYMBOLS,
    b"\xff" * (256 - len(_SYMBOLS)) + bytes(range(len(_SYMBOLS))),
)
_NO_TRIGRAM = len(_SYMBOLS) ** 3  # the number of every trigram with another letter: no key has it
# The bits of a letter signature (_letter_signature): a letter, a digit or "_"; a letter again.
_LETTER_BITS = {letter: 1 << bit for bit, letter in enumerate("abcdefghijklmnopqrstuvwxyz_0123456789")}
_ONCE_BITS = (1 << 26) - 1  # the letters' bits, which _TWICE_SHIFT places higher for a letter twice
_TWICE_SHIFT = len(_LETTER_BITS)
_NEVER = -(1 << 20)  # a term no count of trigrams makes up for


def allowed_edits(folded_length: int) -> int:
    """How many edits a folded name of this length may be away from a card it is a typo of."""
    if folded_length >= TWO_EDITS_FROM:
        return 2
    return 1 if folded_length >= ONE_EDIT_FROM else 0


def trigrams(folded: str) -> set[str]:
    """The distinct trigrams of a folded name, padded so that its first and last letters count."""
    padded = f"^{folded}$"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _trigram_numbers(folded: str) -> set[int]:
    """:func:`trigrams` as numbers, one for each of the 39 ** 3 trigrams a folded name can have: a
    number is looked up in a table, where a text is hashed and compared in a dict (and the table
    is a small part of memory: between two unknown names the rest of a check evicts the caches).
    A trigram with a letter no name folded now has (an index folded otherwise) is :data:`_NO_TRIGRAM`."""
    symbols = f"^{folded}$".encode("ascii", "replace").translate(_SYMBOL_NUMBERS)
    if max(symbols) < len(_SYMBOLS):  # (1521 is 39 * 39)
        return {a * 1521 + b * 39 + c for a, b, c in zip(symbols, symbols[1:], symbols[2:], strict=False)}
    return {
        a * 1521 + b * 39 + c if max(a, b, c) < len(_SYMBOLS) else _NO_TRIGRAM
        for a, b, c in zip(symbols, symbols[1:], symbols[2:], strict=False)
    }


def _letter_signature(folded: str) -> int:
    """Which letters a folded name has, and which twice or more (a digit or "_" just whether):
    each bit two names differ in is a letter one has more of than the other, so the bits they
    differ in are never more than their :func:`_letter_gap`."""
    seen = again = 0
    for letter in folded:
        bit = _LETTER_BITS.get(letter, 0)
        again |= seen & bit
        seen |= bit
    return seen | (again & _ONCE_BITS) << _TWICE_SHIFT


def _differing_parts(a: str, b: str) -> tuple[str, str]:
    """Two names without what both start and end with: that costs no edit and changes no letter
    count (names that differ share most of their letters)."""
    shorter = min(len(a), len(b))
    head = 0
    while head < shorter and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < shorter - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return a[head : len(a) - tail], b[head : len(b) - tail]


def edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (changes, insertions, deletions, swaps of neighbours),
    or ``limit + 1`` as soon as it is known to be larger than ``limit``. Only the diagonal band
    of width ``2 * limit + 1`` is computed: a cell off it is already more than ``limit``."""
    over = limit + 1
    if abs(len(a) - len(b)) > limit:
        return over
    if a == b:
        return 0
    a, b = _differing_parts(a, b)
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


def _words(key: str) -> tuple[str, ...]:
    """The folded words of a lookup key ("dream-den" is one word, "dreamden")."""
    return tuple(filter(None, map(fold_of_key, key.split(" "))))


class Suggestions(NamedTuple):
    """Did-you-mean candidates, likeliest first. ``other_epithet``: they are not a likely spelling
    but the one card of the legend the name names with another epithet ("Brimaz, Unyielding Lion"
    -> "Brimaz, King of Oreskos"), which is as likely a newer card of that legend."""

    names: tuple[str, ...]
    other_epithet: bool = False


_NO_SUGGESTIONS = Suggestions(())


@dataclass(frozen=True, slots=True)
class _Candidate:
    rank: float  # edits, or 1.5 for a dropped / added word
    letters: int  # letters not in common (a swapped pair is closer than a changed letter)
    shared: int  # trigrams in common with the query (more is closer)
    key: int


def _letter_gap(a: str, b: str) -> int:
    gap = 0
    for char in set(a) | set(b):
        gap += abs(a.count(char) - b.count(char))
    return gap


def _middle_drops(words: Sequence[str]) -> Iterator[str]:
    """The folded name with one of its middle words left out ("lurrusofdreamden")."""
    for i in range(1, len(words) - 1):
        yield "".join(words[:i]) + "".join(words[i + 1 :])


class _Ragged:
    """Rows of numbers of different lengths, as one flat table and each row's end."""

    def __init__(self, flat: array[int], ends: array[int]) -> None:
        if ends and ends[-1] != len(flat):
            raise ValueError("names index: a table's rows do not match its numbers")
        self.flat, self.ends = flat, ends

    @classmethod
    def of(cls, rows: Iterable[Iterable[int]]) -> _Ragged:
        flat, ends = array(_U32), array(_U32)
        for row in rows:
            flat.extend(row)
            ends.append(len(flat))
        return cls(flat, ends)

    def __len__(self) -> int:
        return len(self.ends)

    def row(self, number: int) -> array[int]:
        return self.flat[self.ends[number - 1] if number else 0 : self.ends[number]]


class _CountTables:
    """What counting the trigrams a name shares with each key needs (:meth:`NameIndex._sharing`),
    made from the index's tables (numpy) the first time a name is unknown: about 2.5 MB.

    Between two unknown names the rest of a check pushes these tables out of the processor's
    caches, so a name's count is made to touch few places in them: a trigram's number (not its
    text, hashed and compared in a dict) finds its row, and the row says where each folded length
    starts in the trigram's run of postings, so the window of keys of a few lengths is two
    numbers read from it (not two bisects, a dozen places each, through a 1.4 MB table). What a
    key's own conditions need is side by side in one place (:attr:`terms`).
    """

    def __init__(self, index: NameIndex) -> None:
        import numpy as np

        by_start = sorted(index._grams, key=lambda gram: index._grams[gram][0])
        starts = np.array([index._grams[gram][0] for gram in by_start], dtype=np.int64)
        self.table = array(_I32, _length_table(starts, index._lengths).tobytes())
        self.row_of_number = array(_I32, _rows_by_number(by_start).tobytes())
        # The postings, to take windows of without copying. While every key number fits in 16
        # bits (the whole card pool has about 25,000 keys), the postings are copied so: numpy sorts
        # 16-bit numbers by radix ("stable"), three times faster than 32-bit ones, which it sorts
        # fastest as signed numbers (quicksort).
        narrow = len(index._keys) <= _NARROW_KEYS
        self.postings = (
            np.frombuffer(index._postings, dtype=np.uint32).astype(np.uint16).data
            if narrow
            else memoryview(index._postings)
        )
        self.posting_type: Any = np.uint16 if narrow else np.int32
        self.frombuffer: Any = np.frombuffer  # (numpy is imported once a name is unknown)
        self.sort_kind: Literal["stable", "quicksort"] = "stable" if narrow else "quicksort"
        # Per key, four numbers: 4 per edit it is forgiven for a name that is not an Alchemy
        # rebalance, the same for one that is, each _NEVER where the key is forgiven nothing
        # (never suggested) or is not of that kind; the trigrams it may change less its own
        # number of trigrams; and its letter signature (_letter_signature), by which a key that
        # shares enough trigrams is compared before its letters are counted.
        key_lengths = np.fromiter(map(len, index._folded), dtype=np.int64, count=len(index._keys))
        forgiven = (key_lengths >= TWO_EDITS_FROM).astype(np.int64) + (key_lengths >= ONE_EDIT_FROM)
        # A face name alone ("Dawn" of Dusk // Dawn, "Serve" of Protect // Serve) is forgiven one
        # edit less: the halves of split cards are short common words.
        forgiven -= np.frombuffer(index._faces, dtype=np.uint32)
        leeway = np.where(forgiven > 0, 4 * forgiven, _NEVER)
        alchemy = np.zeros(len(index._keys), dtype=bool)  # sorted keys: the "a-" ones are one run
        alchemy[
            bisect_left(index._keys, ALCHEMY_PREFIX) : bisect_left(index._keys, _AFTER_ALCHEMY_PREFIX)
        ] = True
        terms = np.empty((len(index._keys), 4), dtype=np.int64)
        terms[:, 0] = np.where(alchemy, _NEVER, leeway)
        terms[:, 1] = np.where(alchemy, leeway, _NEVER)
        changed = np.array(_MOST_CHANGED)[np.maximum(forgiven, 0)]
        terms[:, 2] = changed - np.frombuffer(index._gram_counts, dtype=np.uint32)
        terms[:, 3] = _letter_signatures(index._folded, key_lengths)
        self.terms = array("q", terms.tobytes())


@functools.lru_cache(maxsize=256)
def _length_columns(size: int, edits: int) -> tuple[int, int]:
    """The columns of :func:`_length_table` between which a row lists the keys a name of ``size``
    folded letters may be a typo of when ``edits`` is the most any key is forgiven (and, past
    :data:`_LONGEST_COLUMN`, some longer keys). Remembered: a name's length is one of few."""
    shortest, longest = size - edits, size + edits
    # Fewer lengths still: a key is never within more edits than its own length forgives.
    while size - shortest > allowed_edits(shortest):
        shortest += 1
    while longest - size > allowed_edits(longest):
        longest -= 1
    return min(shortest, _LONGEST_COLUMN), min(longest + 1, _LONGEST_COLUMN + 1)


def _length_table(starts: Any, lengths: array[int]) -> Any:
    """Per trigram's run (its start in the postings, in order), where the keys of each folded
    length start: a column per length up to :data:`_LONGEST_COLUMN`, for the keys of that length
    or more, and one more, the run's end. Longer keys share the last length's column, so a long
    name's windows hold some keys too long to be its typos: those the edit distance refuses."""
    import numpy as np

    width = _LONGEST_COLUMN + 2
    runs = np.diff(starts, append=len(lengths))
    # per posting: its run's row and its length's column; per row and column: how many
    columns = np.minimum(np.frombuffer(lengths, dtype=np.uint32), _LONGEST_COLUMN)
    cells = np.repeat(np.arange(len(starts)) * width, runs) + columns
    per_cell = np.bincount(cells, minlength=len(starts) * width).reshape(-1, width)
    table = np.zeros((len(starts), width), dtype=np.int64)
    table[:, 1:] = np.cumsum(per_cell[:, :-1], axis=1)
    table += starts[:, None]
    return table.astype(np.int32)


def _rows_by_number(grams: Sequence[str]) -> Any:
    """Per trigram number (_trigram_numbers), where the row of that trigram (``grams`` in the
    order of the table's rows) starts in :func:`_length_table`, or -1 for a trigram no key has, or
    for one of other letters (which an index folded otherwise might hold)."""
    import numpy as np

    rows = np.full(_NO_TRIGRAM + 1, -1, dtype=np.int32)
    threes = [row for row, gram in enumerate(grams) if len(gram) == 3]
    text = "".join(grams[row] for row in threes).encode("ascii", "replace")
    symbols = np.frombuffer(text.translate(_SYMBOL_NUMBERS), dtype=np.uint8).reshape(-1, 3)
    known = (symbols < len(_SYMBOLS)).all(axis=1)
    numbers = symbols[known].astype(np.int64) @ np.array([len(_SYMBOLS) ** 2, len(_SYMBOLS), 1])
    rows[numbers] = np.array(threes, dtype=np.int32)[known] * (_LONGEST_COLUMN + 2)
    return rows


def _letter_signatures(folded: Sequence[str], lengths: Any) -> Any:
    """:func:`_letter_signature` of each folded name (their lengths given), at once."""
    import numpy as np

    symbols = np.frombuffer("".join(folded).encode("ascii", "replace").translate(_SYMBOL_NUMBERS), np.uint8)
    owners = np.repeat(np.arange(len(folded)), lengths)
    known = symbols < len(_SYMBOLS)  # (a letter of another folding counts for nothing)
    counts = np.bincount(
        owners[known] * len(_SYMBOLS) + symbols[known], minlength=len(folded) * len(_SYMBOLS)
    ).reshape(len(folded), len(_SYMBOLS))
    once, twice = np.zeros((2, len(_SYMBOLS)), dtype=np.int64)
    for letter, bit in _LETTER_BITS.items():
        symbol = _SYMBOLS.index(letter.encode("ascii"))
        once[symbol], twice[symbol] = bit, (bit & _ONCE_BITS) << _TWICE_SHIFT
    return (counts >= 1).astype(np.int64) @ once + (counts >= 2).astype(np.int64) @ twice


class NameIndex:
    """Lookup keys of every card name and face name, their folded forms, the trigrams of those, and
    the card names they stand for."""

    def __init__(
        self,
        cards: Sequence[str],
        keys: Sequence[str],
        folded: Sequence[str],
        key_cards: _Ragged,
        grams: dict[str, tuple[int, int]],
        postings: array[int],
        lengths: array[int],
        gram_counts: array[int],
        faces: array[int],
        dropped: Sequence[str],
        dropped_keys: _Ragged,
    ) -> None:
        if not len(keys) == len(folded) == len(key_cards) == len(gram_counts) == len(faces):
            raise ValueError("names index: its key tables differ in length")
        if len(lengths) != len(postings) or len(dropped) != len(dropped_keys):
            raise ValueError("names index: its trigram or word tables differ in length")
        bounds = ((key_cards.flat, len(cards)), (postings, len(keys)), (dropped_keys.flat, len(keys)))
        for numbers, bound in bounds:
            if numbers and max(numbers) >= bound:
                raise IndexError("names index: a number past the end of its table")
        self._cards = cards  # card names
        self._keys = keys  # lookup keys, sorted
        self._folded = folded  # fold of each key
        self._key_cards = key_cards  # per key: the cards (indexes into cards) it names
        self._grams = grams  # trigram -> (start, end) of its run in postings
        self._postings = postings  # key numbers, each trigram's run sorted by folded length
        self._lengths = lengths  # the folded length of each posting (bisected per run)
        self._gram_counts = gram_counts  # how many distinct trigrams each key has
        self._faces = faces  # 1 for a key that is only a face name ("dawn" of Dusk // Dawn)
        self._dropped = dropped  # keys' folds with a middle word left out ...
        self._dropped_keys = dropped_keys  # ... and the keys each is one of
        self._dropped_number = {variant: number for number, variant in enumerate(dropped)}
        self._count_tables: _CountTables | None = None  # made once a name is unknown
        self._by_fold: dict[str, list[int]] | None = None  # fold -> keys, once needed

    def __len__(self) -> int:
        return len(self._keys)

    # -- building ------------------------------------------------------------------------------
    @classmethod
    def build(cls, rows: Iterable[tuple[str, str]]) -> NameIndex:
        """From (lookup key, card name) pairs: every full name and face name of the store."""
        by_key: dict[str, set[str]] = {}
        for key, card_name in rows:
            if key:
                by_key.setdefault(key, set()).add(card_name)
        keys = sorted(by_key)
        cards = sorted({name for names in by_key.values() for name in names})
        card_number = {name: number for number, name in enumerate(cards)}
        key_cards = _Ragged.of(sorted(card_number[name] for name in by_key[key]) for key in keys)
        faces = array(_U32, (all(lookup_key(name) != key for name in by_key[key]) for key in keys))
        folded = [fold_of_key(key) for key in keys]
        gram_keys: dict[str, list[tuple[int, int]]] = {}
        dropped: dict[str, list[int]] = {}
        for number, (key, fold) in enumerate(zip(keys, folded, strict=True)):
            size = len(fold)
            for gram in trigrams(fold):
                gram_keys.setdefault(gram, []).append((size, number))
            for variant in _middle_drops(_words(key)):
                dropped.setdefault(variant, []).append(number)
        postings, lengths = array(_U32), array(_U32)
        gram_counts = array(_U32, [0] * len(keys))
        grams: dict[str, tuple[int, int]] = {}
        for gram in sorted(gram_keys):
            start = len(postings)
            for size, number in sorted(gram_keys[gram]):
                postings.append(number)
                lengths.append(size)
                gram_counts[number] += 1
            grams[gram] = (start, len(postings))
        variants = sorted(dropped)
        return cls(
            cards,
            keys,
            folded,
            key_cards,
            grams,
            postings,
            lengths,
            gram_counts,
            faces,
            variants,
            _Ragged.of(dropped[variant] for variant in variants),
        )

    # -- persistence ------------------------------------------------------------------------------
    def to_blob(self) -> bytes:
        """The index as stored in a SQLite store: JSON, the number tables as base64 of
        little-endian unsigned 32-bit integers."""
        gram_names = sorted(self._grams, key=lambda gram: self._grams[gram][0])
        gram_ends = array(_U32, (self._grams[gram][1] for gram in gram_names))
        payload = {
            "version": INDEX_VERSION,
            "cards": list(self._cards),
            "keys": list(self._keys),
            "folded": list(self._folded),
            "key_cards": _b64(self._key_cards.flat),
            "key_card_ends": _b64(self._key_cards.ends),
            "grams": gram_names,
            "gram_ends": _b64(gram_ends),
            "postings": _b64(self._postings),
            "lengths": _b64(self._lengths),
            "gram_counts": _b64(self._gram_counts),
            "faces": _b64(self._faces),
            "dropped": list(self._dropped),
            "dropped_keys": _b64(self._dropped_keys.flat),
            "dropped_ends": _b64(self._dropped_keys.ends),
        }
        return json.dumps(payload, ensure_ascii=True, separators=(",", ":")).encode("ascii")

    @classmethod
    def from_blob(cls, blob: bytes) -> NameIndex | None:
        """The index from :meth:`to_blob`, or None for another layout (the caller builds it).
        Raises ValueError, TypeError, KeyError or IndexError for a corrupt one."""
        payload = json.loads(blob)
        if not isinstance(payload, dict) or payload.get("version") != INDEX_VERSION:
            return None
        strings = [payload[name] for name in ("cards", "keys", "folded", "grams", "dropped")]
        if not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in strings):
            raise TypeError("names index: its names are not lists of text")
        cards, keys, folded, gram_names, dropped = strings
        gram_ends = _unb64(payload["gram_ends"])
        if len(gram_ends) != len(gram_names):
            raise ValueError("names index: trigram table does not match its trigrams")
        postings = _unb64(payload["postings"])
        if gram_ends and gram_ends[-1] != len(postings):
            raise ValueError("names index: trigram table does not match its postings")
        grams: dict[str, tuple[int, int]] = {}
        start = 0
        for gram, end in zip(gram_names, gram_ends, strict=True):
            grams[gram] = (start, end)
            start = end
        return cls(
            cards,
            keys,
            folded,
            _Ragged(_unb64(payload["key_cards"]), _unb64(payload["key_card_ends"])),
            grams,
            postings,
            _unb64(payload["lengths"]),
            _unb64(payload["gram_counts"]),
            _unb64(payload["faces"]),
            dropped,
            _Ragged(_unb64(payload["dropped_keys"]), _unb64(payload["dropped_ends"])),
        )

    # -- suggesting -------------------------------------------------------------------------------
    def suggest(self, name: str, limit: int = 3) -> tuple[str, ...]:
        """Card names a name that matched no card is likely a spelling of, the likeliest first
        (empty when none is likely enough to offer)."""
        return self.suggestions(name, limit).names

    def suggestions(self, name: str, limit: int = 3) -> Suggestions:
        """:meth:`suggest`, and whether the one suggestion is only the card of the same legend."""
        key = lookup_key(name)
        folded = fold_of_key(key)
        found: list[str] = []
        if " // " in key:  # a split card with its faces written in the other order: that card first
            self._add_cards(found, self._faces_swapped(key))
        if folded:
            self._add_cards(found, [candidate.key for candidate in self._close(key, folded)])
        if len(found) < limit and len(folded) >= 4:
            self._add_cards(found, self._prefixed(key, limit))
        if found:
            return Suggestions(tuple(found[:limit]), other_epithet=False)
        if "," not in key:
            return _NO_SUGGESTIONS  # (most names the data lacks: newer cards)
        self._add_cards(found, self._same_legend(key))
        return Suggestions(tuple(found[:limit]), other_epithet=bool(found))

    def _add_cards(self, found: list[str], key_numbers: Iterable[int]) -> None:
        """The cards of these keys added to ``found``, in order, each once."""
        for number in key_numbers:
            for card in self._key_cards.row(number):
                card_name = self._cards[card]
                if card_name not in found:
                    found.append(card_name)

    def _close(self, key: str, folded: str) -> list[_Candidate]:
        """Keys within the allowed edits of the folded name, or one middle word apart, closest
        first."""
        candidates: dict[int, _Candidate] = {}
        # The edits forgiven depend on the card's name: a typo that drops letters is shorter.
        edits = allowed_edits(len(folded) + 2)
        query_grams = _trigram_numbers(folded)
        if edits:
            # (an Alchemy rebalance, "A-", is another card than its original)
            alchemy = key.startswith(ALCHEMY_PREFIX)
            signature = None
            for number, shared, forgiven, letters_of_key in self._sharing(
                folded, query_grams, edits, alchemy
            ):
                # letters one name has (or has twice) and the other lacks add to the letter gap
                if signature is None:
                    signature = _letter_signature(folded)
                if (signature ^ letters_of_key).bit_count() > 2 * forgiven:
                    continue
                other = self._folded[number]
                differing, other_differing = _differing_parts(folded, other)
                letters = _letter_gap(differing, other_differing)
                if (letters + 1) // 2 > forgiven:  # a change alters two letter counts, a swap none
                    continue
                distance = edit_distance(differing, other_differing, forgiven)
                if distance <= forgiven:
                    candidates[number] = _Candidate(distance, letters, shared, number)
        one_word_apart: list[int] = []
        shortened = self._dropped_number.get(folded)
        if shortened is not None:  # the query lacks a middle word
            one_word_apart.extend(self._dropped_keys.row(shortened))
        if key.count(" ") >= 2 and len(words := _words(key)) >= 3:  # it has a middle word too many
            by_fold = self._folds()
            for variant in _middle_drops(words):
                one_word_apart.extend(by_fold.get(variant, ()))
        for number in one_word_apart:
            if number not in candidates:
                other = self._folded[number]
                shared = len(query_grams & _trigram_numbers(other))
                candidates[number] = _Candidate(1.5, _letter_gap(folded, other), shared, number)
        if not candidates:
            return []
        return sorted(candidates.values(), key=lambda c: (c.rank, c.letters, -c.shared, self._keys[c.key]))

    def _folds(self) -> dict[str, list[int]]:
        if self._by_fold is None:
            by_fold: dict[str, list[int]] = {}
            for number, fold in enumerate(self._folded):
                by_fold.setdefault(fold, []).append(number)
            self._by_fold = by_fold
        return self._by_fold

    def _sharing(
        self, folded: str, query_grams: set[int], edits: int, alchemy: bool
    ) -> list[tuple[int, int, int, int]]:
        """(key number, trigrams it shares with the query, edits it is forgiven, its letter
        signature) for the keys of the query's kind (an Alchemy rebalance or not) that share enough
        trigrams to be within their forgiven edits, in no particular order; perhaps a few keys too
        long to be typos as well.

        A key within ``k`` edits is at most ``k`` letters longer or shorter, so only the keys of a
        few lengths count: in each trigram's run one window (:class:`_CountTables`). The windows
        (a thousand key numbers or so), sorted in numpy, list each key as many times as it shares
        a trigram; a key listed at least ``least`` times is listed again ``least - 1`` places on,
        which finds the few in one comparison."""
        tables = self._tables()
        first, last = _length_columns(len(folded), edits)
        table, postings = tables.table, tables.postings
        windows = [
            postings[low:high]
            for row in map(tables.row_of_number.__getitem__, query_grams)
            if row >= 0 and (high := table[row + last]) > (low := table[row + first])
        ]
        # A key shares at most one trigram per window, and a key forgiven k edits must share all
        # but 4k of the query's trigrams (k is at most ``edits`` here).
        least = max(len(query_grams) - 4 * edits, 1)
        if len(windows) < least:
            return []
        listed = tables.frombuffer(bytearray().join(windows), dtype=tables.posting_type)
        listed.sort(kind=tables.sort_kind)
        head = listed[: len(listed) - least + 1]
        repeated = head[head == listed[least - 1 :]]
        if not len(repeated):  # (most names: no key shares enough)
            return []
        shared_by_key: dict[int, int] = {}
        for number in repeated.tolist():
            shared_by_key[number] = shared_by_key.get(number, least - 1) + 1
        # Then each key's own conditions (see _CountTables.terms): an Alchemy rebalance ("A-") only
        # for an Alchemy name and none for another, and
        #   shared >= len(query_grams) - 4 * forgiven  (all but four trigrams per edit forgiven)
        #   len(query_grams) + its trigrams - 2 * shared <= _MOST_CHANGED[forgiven]
        terms, needed, kind = tables.terms, len(query_grams), int(alchemy)
        found = []
        for number, shared in shared_by_key.items():
            leeway = terms[4 * number + kind]
            if shared + leeway >= needed and 2 * shared + terms[4 * number + 2] >= needed:
                found.append((number, shared, leeway // 4, terms[4 * number + 3]))
        return found

    def _tables(self) -> _CountTables:
        if self._count_tables is None:
            self._count_tables = _CountTables(self)
        return self._count_tables

    def _faces_swapped(self, key: str) -> list[int]:
        """The key of the two-faced name ``key`` with its faces the other way round ("ice // fire"
        for "fire // ice"), if a card has it."""
        faces = key.split(" // ")
        if len(faces) != 2:
            return []
        swapped = f"{faces[1]} // {faces[0]}"
        at = bisect_left(self._keys, swapped)
        return [at] if at < len(self._keys) and self._keys[at] == swapped else []

    def _prefixed(self, key: str, limit: int) -> list[int]:
        """Keys that go on from this one at a word's end (a truncated name: "snapcaster" ->
        "snapcaster mage"), in order. Not within a word: "smother" is not "smothering tithe", nor
        "edgar markov" "edgar markov's coffin"."""
        first = bisect_left(self._keys, key)
        found: list[int] = []
        for number in range(first, len(self._keys)):
            other = self._keys[number]
            if not other.startswith(key) or len(found) > limit:
                break
            if len(other) > len(key) and other[len(key)] in _WORD_END:
                found.append(number)
        if not found:  # (most names)
            return found
        # One word that starts several names ("charge", "island") is more likely a card of its own
        # that the data lacks than a truncation.
        if " " not in key and len({c for n in found for c in self._key_cards.row(n)}) > 1:
            return []
        return found[:limit]

    def _same_legend(self, key: str) -> list[int]:
        """The one card called "Name, ..." for a "Name, epithet" that matched nothing."""
        head = key.split(",", 1)[0].strip()
        if len(fold_of_key(head)) < 3:
            return []
        prefix = head + ","
        first = bisect_left(self._keys, prefix)
        found: list[int] = []
        for number in range(first, len(self._keys)):
            if not self._keys[number].startswith(prefix):
                break
            found.append(number)
        cards = {card for number in found for card in self._key_cards.row(number)}
        return found[:1] if len(cards) == 1 else []


def _b64(numbers: array[int]) -> str:
    data = array(_U32, numbers)
    if sys.byteorder == "big":
        data.byteswap()
    return base64.b64encode(data.tobytes()).decode("ascii")


def _unb64(text: object) -> array[int]:
    if not isinstance(text, str):
        raise TypeError("names index: a number table is not text")
    numbers = array(_U32)
    numbers.frombytes(base64.b64decode(text, validate=True))
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers
