"""Mana costs: symbols, mana value and the colours a symbol stands for (CR 107, 202.3)."""

from __future__ import annotations

import re

from deckcheck.value import FrozenValue, slot_setters

COLOURS = ("W", "U", "B", "R", "G")
_SYMBOL_RE = re.compile(r"\{([^{}]+)\}")
_COLOUR_WORD = re.compile(r"\{([^{}]+)\}")


class ManaCostError(ValueError):
    """A mana cost string that is not a sequence of ``{...}`` symbols."""


class ManaCost(FrozenValue):
    """A parsed mana cost. ``symbols`` keeps every symbol as written, upper-cased: ``("4", "U/B", "U/B")``.

    An empty cost (a land, Ancestral Vision) and ``{0}`` are different costs, but both have mana value 0.
    """

    FIELDS = ("symbols", "present")
    __slots__ = FIELDS

    symbols: tuple[str, ...]
    present: bool  # False when the card has no mana cost at all

    def __init__(self, symbols: tuple[str, ...], present: bool) -> None:
        _set_symbols(self, symbols)
        _set_present(self, present)

    @property
    def mana_value(self) -> int:
        return sum(symbol_value(s) for s in self.symbols)

    @property
    def colours(self) -> frozenset[str]:
        found: set[str] = set()
        for s in self.symbols:
            found |= symbol_colours(s)
        return frozenset(found)

    def text(self) -> str:
        return "".join("{" + s + "}" for s in self.symbols)


_set_symbols, _set_present = slot_setters(ManaCost, *ManaCost.FIELDS)
NO_COST = ManaCost((), False)


def parse_mana_cost(text: str | None) -> ManaCost:
    """Parse ``"{2}{W/U}{W/U}"``. ``None`` or ``""`` mean the card has no mana cost."""
    if text is None:
        return NO_COST
    stripped = text.strip()
    if not stripped:
        return NO_COST
    symbols = _SYMBOL_RE.findall(stripped)
    if _SYMBOL_RE.sub("", stripped).strip():
        raise ManaCostError(f"mana cost {text!r} has text outside {{...}} symbols")
    parsed = tuple(s.strip().upper() for s in symbols)
    for symbol in parsed:
        try:
            symbol_value(symbol)
        except ValueError:  # a number too long for int() (Python caps digits at 4,300)
            raise ManaCostError(
                f"mana cost symbol {{{symbol[:12]}...}} is a number too long to read"
            ) from None
    return ManaCost(parsed, True)


def symbol_value(symbol: str) -> int:
    """Mana value contribution of one symbol off the stack (CR 202.3).

    X, Y, Z count 0 (202.3e); hybrid counts its largest component (202.3f: {2/W} is 2);
    Phyrexian counts 1 (202.3g); half-mana symbols are Un-cards and count 0 here.
    """
    if symbol.isdecimal():  # not isdigit(): "²" is a digit that int() refuses
        return int(symbol)
    if symbol in {"X", "Y", "Z"}:
        return 0
    parts = symbol.split("/")
    if len(parts) > 1:
        values = [int(p) if p.isdecimal() else (0 if p == "P" else 1) for p in parts]
        return max(values)
    if symbol.startswith("H"):  # {HW}: half a white mana (Un-sets)
        return 0
    return 1  # W U B R G C S and anything coloured


def symbol_colours(symbol: str) -> frozenset[str]:
    """The colours a symbol is (CR 107.4e: a hybrid symbol is all of its component colours)."""
    return frozenset(p for p in re.split(r"[/]", symbol.lstrip("H")) if p in COLOURS)


def colours_in_text(text: str) -> frozenset[str]:
    """Colours of every mana symbol written in rules text (CR 903.4)."""
    found: set[str] = set()
    for s in _COLOUR_WORD.findall(text):
        found |= symbol_colours(s.upper())
    return frozenset(found)


def sort_colours(colours: frozenset[str] | set[str]) -> tuple[str, ...]:
    """WUBRG order, the order players read colour identities in."""
    return tuple(c for c in COLOURS if c in colours)
