"""Localized printed type lines: read them as CR supertypes and card types.

A German list says "Legendäre Kreatur — Katze Albtraum", a Chinese one "传奇生物～猫／梦魇", an Italian
one "Planeswalker Leggendario — Jace". :func:`parse_localized_type_line` reads such a line with the
per-language word lists of :mod:`deckcheck.cards.vocabulary` (``LOCALIZED_TYPE_WORDS``, derived from
real printed lines) and returns the same :class:`~deckcheck.cards.typeline.TypeLine` the English
parser gives: supertypes and card types as CR words, so a localized card's type can be checked
against its oracle card. Subtypes are kept as printed ("Katze", "猫"): there is no localized subtype
vocabulary, and nothing downstream needs one. A supertype or card-type word the tables do not know
is never guessed: it is reported in :attr:`TypeLine.unknown`.

Lines are split in two at the language's subtype separator (an em dash almost everywhere, a colon
in French, a full-width tilde in Chinese, an article in old German "Beschwörung eines Ritters").
The left part is read by longest match against the phrases of the language (and the English CR
words, which some foreign printings keep), so compounds ("Artefaktkreatur"), multi-word phrases
("Mágica Instantânea") and the unspaced Chinese and Japanese forms ("传奇生物") all read the same way.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from deckcheck.cards import vocabulary as vocab
from deckcheck.cards.model import Card
from deckcheck.cards.typeline import EMPTY_TYPE_LINE, TypeLine, parse_type_line, split_faces

# Languages written without spaces between words: a phrase may end anywhere.
UNSPACED_LANGUAGES = frozenset({"ja", "zhs", "zht"})

# Separators every language may use (some foreign printings keep the English line), tried after the
# language's own; the first listed wins where two start at the same place.
_COMMON_SEPARATORS = (" — ", " – ", " - ", " -- ", "—", "–")

# Between words of the supertype/card-type part. A hyphen joins French and German compounds
# ("Créature-artefact", "Stammes-Hexerei") whose halves are each a type word.
_LEFT_SEPARATORS = frozenset(" ,、・·･-")

# Between subtypes as printed: spaces, commas, the Japanese middle dot, the Chinese full-width slash.
_SUBTYPE_SPLIT = re.compile(r"[\s,、・·･／/]+")
# Conjunctions some languages print between subtypes ("Créature : humain et druide").
_SUBTYPE_CONJUNCTIONS: dict[str, frozenset[str]] = {"fr": frozenset({"et"})}

# The pre-2005 "Enchant <object>" types ("Enchant Forest", "Enchant Permanent"), which Oracle reads as
# Enchantment (now an Aura): the verb or compound with any object, where LOCALIZED_TYPE_WORDS lists only
# the common objects. Matched on the lower-cased types part, before the word tables, from any word on
# (after a supertype: "伝説のエンチャント（土地）"). The compounds leave out the modern words that end
# the same way: German World and Kindred enchantments, Chinese legendary, kindred, snow and basic ones.
_OLD_ENCHANT_FORMS: dict[str, re.Pattern[str]] = {
    lang: re.compile(pattern)
    for lang, pattern in {
        "de": r"verzaubere\s.+|(?!welten|stammes)[\w-]+verzauberung",  # Verzaubere Wald, Waldverzauberung
        "es": r"encantar\s.+",  # Encantar bosque
        "pt": r"encantar\s.+",  # Encantar Floresta
        "it": r"incanta\s.+",  # Incanta Foresta
        "ja": r"エンチャント（[^）]*）",  # エンチャント（森）
        "zhs": r"(?!传奇|部族|雪境|基本)\S+结界",  # 树林结界
        "zht": r"(?!傳奇|部族|雪境|基本)\S+結界",
    }.items()
}
_ENCHANTMENT = ("Enchantment",)

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "ʼ": "'"})
_SUPERTYPE_WORDS = {w.casefold(): w for w in vocab.SUPERTYPES}
_CARD_TYPE_WORDS = {w.casefold(): w for w in vocab.CARD_TYPES} | {
    old.casefold(): new for old, new in vocab.OLD_TYPE_NAMES.items()
}


@dataclass(frozen=True, slots=True)
class _Language:
    phrases: dict[str, tuple[str, ...]]  # lower-cased phrase -> CR words
    longest_first: tuple[str, ...]
    separators: tuple[str, ...]
    unspaced: bool
    old_enchant: re.Pattern[str] | None


def supported_languages() -> tuple[str, ...]:
    """Language codes with a localized type-word table (Scryfall's codes: de, fr, it, zhs, ...)."""
    return tuple(sorted(vocab.LOCALIZED_TYPE_WORDS))


@cache
def _language(lang: str) -> _Language:
    phrases: dict[str, tuple[str, ...]] = {}
    for word, canonical in _SUPERTYPE_WORDS.items():
        phrases[word] = (canonical,)
    for word, canonical in _CARD_TYPE_WORDS.items():
        phrases[word] = (canonical,)
    for printed, english in vocab.LOCALIZED_TYPE_WORDS.get(lang, {}).items():
        words = tuple(_cr_word(w) for w in english.split())
        phrases[_fold(printed)] = words
    separators = vocab.LOCALIZED_SUBTYPE_SEPARATORS.get(lang, ()) + _COMMON_SEPARATORS
    return _Language(
        phrases,
        tuple(sorted(phrases, key=lambda p: (-len(p), p))),
        tuple(dict.fromkeys(separators)),
        lang in UNSPACED_LANGUAGES,
        _OLD_ENCHANT_FORMS.get(lang),
    )


def _cr_word(word: str) -> str:
    key = word.casefold()
    if key in _SUPERTYPE_WORDS:
        return _SUPERTYPE_WORDS[key]
    if key in _CARD_TYPE_WORDS:
        return _CARD_TYPE_WORDS[key]
    raise ValueError(f"LOCALIZED_TYPE_WORDS maps to {word!r}, which is no CR supertype or card type")


def _fold(text: str) -> str:
    """Lower-case without changing the length (``casefold`` turns "ß" into "ss"), so positions in
    the folded text are positions in the original."""
    folded = text.lower()
    return folded if len(folded) == len(text) else text


def _clean(text: str) -> str:
    return " ".join(unicodedata.normalize("NFC", text).translate(_APOSTROPHES).split())


def _split_at_separator(line: str, separators: tuple[str, ...]) -> tuple[str, str | None]:
    """(types part, subtypes part or None): split at the earliest separator; where two start at the
    same place, the one listed first."""
    best: tuple[int, int, str] | None = None
    for rank, separator in enumerate(separators):
        at = line.find(separator)
        if at > 0 and (best is None or (at, rank) < best[:2]):
            best = (at, rank, separator)
    if best is None:
        return line, None
    at, _rank, separator = best
    right = line[at + len(separator) :].strip()
    right = re.sub(r"^[-–—]\s*", "", right)  # "Créature : - ange", "生物～ - 天使"
    return line[:at].strip(), right


def _left_words(text: str, language: _Language) -> Iterator[tuple[str, tuple[str, ...] | None]]:
    """(text as written, CR words or None when unknown) for the types part, by longest match."""
    folded = _fold(text)
    position = 0
    pending_start: int | None = None  # an unknown run in an unspaced language
    while position < len(text):
        if text[position] in _LEFT_SEPARATORS:
            if pending_start is not None:
                yield text[pending_start:position], None
                pending_start = None
            position += 1
            continue
        old = language.old_enchant.fullmatch(folded, position) if language.old_enchant else None
        if old is not None:
            if pending_start is not None:
                yield text[pending_start:position], None
                pending_start = None
            yield text[position:], _ENCHANTMENT
            return
        match = _match_at(folded, position, language)
        if match is not None:
            if pending_start is not None:
                yield text[pending_start:position], None
                pending_start = None
            yield text[position : position + len(match)], language.phrases[match]
            position += len(match)
            continue
        if language.unspaced:
            if pending_start is None:
                pending_start = position
            position += 1
            continue
        end = position
        while end < len(text) and text[end] not in _LEFT_SEPARATORS:
            end += 1
        yield text[position:end], None
        position = end
    if pending_start is not None:
        yield text[pending_start:], None


def _match_at(folded: str, position: int, language: _Language) -> str | None:
    for phrase in language.longest_first:
        if not folded.startswith(phrase, position):
            continue
        end = position + len(phrase)
        at_boundary = (
            language.unspaced or end == len(folded) or folded[end] in _LEFT_SEPARATORS or phrase.endswith("-")
        )
        if at_boundary:
            return phrase
    return None


@lru_cache(maxsize=65536)
def parse_localized_type_line(text: str, lang: str) -> TypeLine:
    """Parse one face's printed type line in language ``lang`` (a Scryfall code: de, fr, it, es, pt,
    ja, ko, ru, zhs, zht; ``en`` is the Oracle parser). Supertypes and card types come back as CR
    words; subtypes as printed; words that are no known supertype or card type are in ``unknown``.
    A language without a table reads only the English CR words, so its own words are all unknown."""
    if lang == "en":
        return parse_type_line(text)
    line = _clean(text)
    if not line:
        return EMPTY_TYPE_LINE
    language = _language(lang)
    left, right = _split_at_separator(line, language.separators)
    supertypes: set[str] = set()
    types: set[str] = set()
    unknown: list[str] = []
    for written, words in _left_words(left, language):
        if words is None:
            unknown.append(written)
            continue
        for word in words:
            (supertypes if word in vocab.SUPERTYPES else types).add(word)
    subtypes: tuple[str, ...] = ()
    if right:
        if "Plane" in types:
            subtypes = (right,)  # a planar type is one multi-word subtype (CR 205.3n)
        else:
            skip = _SUBTYPE_CONJUNCTIONS.get(lang, frozenset())
            subtypes = tuple(w for w in _SUBTYPE_SPLIT.split(right) if w and w.lower() not in skip)
    if "Planeswalker" in types:
        # As in the Oracle parser: every planeswalker is legendary (Ixalan-era errata), whatever
        # older printings say.
        supertypes.add("Legendary")
    return TypeLine(frozenset(supertypes), frozenset(types), subtypes, tuple(unknown), line)


def parse_localized_faces(text: str, lang: str) -> list[TypeLine]:
    """A printed line that may hold several faces ("Instantané // Instantané")."""
    return [parse_localized_type_line(face, lang) for face in split_faces(text)]


# -- a card's localized type line ------------------------------------------------------------------
def localized_face_type_lines(card: Card, lang: str) -> tuple[str | None, ...]:
    """The printed type line of each face of ``card`` in ``lang`` (None where unknown), one per face."""
    for code, lines in card.printed_type_lines:
        if code == lang:
            padded = tuple(lines) + (None,) * (len(card.faces) - len(lines))
            return padded[: len(card.faces)]
    return (None,) * len(card.faces)


def localized_type_line(card: Card, lang: str) -> str | None:
    """The card's type line as printed in ``lang`` (faces joined with " // "), or None when the card
    data has none for that language. Faces without a printed line are left out."""
    lines = [line for line in localized_face_type_lines(card, lang) if line]
    return " // ".join(lines) if lines else None


def localized_type_disagreements(card: Card, lang: str) -> list[str]:
    """Where the printed type line in ``lang`` does not say what the Oracle type line says: one
    message per face whose supertypes or card types differ, or that has words the parser cannot map.
    Empty when they agree (or the card data has no printed line for that language)."""
    problems: list[str] = []
    for face, printed in zip(card.faces, localized_face_type_lines(card, lang), strict=True):
        if not printed:
            continue
        parsed = parse_localized_type_line(printed, lang)
        oracle = face.type_line
        if parsed.unknown:
            problems.append(f"{face.name}: {printed!r}: unknown type words {list(parsed.unknown)}")
        elif (parsed.supertypes, parsed.types) != (oracle.supertypes, oracle.types):
            problems.append(
                f"{face.name}: {printed!r} reads as {_describe(parsed)}, the Oracle type line "
                f"{oracle.text!r} as {_describe(oracle)}"
            )
    return problems


def _describe(line: TypeLine) -> str:
    words = sorted(line.supertypes) + sorted(line.types)
    return " ".join(words) or "(no types)"
