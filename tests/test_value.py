"""The model's record and value classes (deckcheck.value) behave as the dataclasses they replaced:
the same constructor, equality, hash and repr as a dataclass of the same fields, replace() and
pickling keep every field, and the frozen ones refuse assignment."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from deckcheck.cards.mana import ManaCost
from deckcheck.cards.model import Card, Face
from deckcheck.cards.store import FactColumns, FactsBuilder, NameRow, Resolution
from deckcheck.cards.typeline import TypeLine
from deckcheck.config import Config
from deckcheck.deck import Deck, Entry, ParsedDeck, ParseProblem
from deckcheck.decklist._grammar import CardLine, Header
from deckcheck.engine import Report
from deckcheck.findings import Finding, Location
from deckcheck.format_spec import FormatSpec
from deckcheck.rules.companions import CompanionResult, DeckVerdict
from deckcheck.value import FrozenValue, Record, Value, fields, replace

RECORDS: list[type[Record]] = [ParsedDeck, Deck, Report, CardLine]
VALUES: list[type[Record]] = [
    Location,
    Finding,
    Resolution,
    NameRow,
    FactsBuilder,
    FactColumns,
    ParseProblem,
    Header,
    DeckVerdict,
    Config,
]
FROZEN: list[type[Record]] = [ManaCost, TypeLine, Face, Card, Entry, FormatSpec, CompanionResult]
ALL = RECORDS + VALUES + FROZEN


def sample(cls: type[Record], tag: str = "") -> tuple[Any, ...]:
    """One value per field, all different (strings: hashable, and nothing checks types at run time)."""
    return tuple(f"{name}{tag}" for name in cls.FIELDS)


def compared(cls: type[Record]) -> tuple[str, ...]:
    return cls.FIELDS if cls.COMPARED is None else cls.COMPARED


def as_dataclass(cls: type[Record], values: tuple[Any, ...]) -> Any:
    """The dataclass these fields made before: the same name, fields and compare/repr flags."""
    shown = compared(cls)
    made = dataclasses.make_dataclass(
        cls.__name__,
        [(name, Any, dataclasses.field(compare=name in shown, repr=name in shown)) for name in cls.FIELDS],
        eq=True,
        frozen=issubclass(cls, Value),
    )
    return made(*values)


def test_the_classes_are_sorted_by_kind() -> None:
    assert all(not issubclass(cls, Value) for cls in RECORDS)
    assert all(issubclass(cls, Value) and not issubclass(cls, FrozenValue) for cls in VALUES)
    assert all(issubclass(cls, FrozenValue) for cls in FROZEN)


@pytest.mark.parametrize("cls", ALL, ids=lambda cls: cls.__name__)
def test_the_constructor_takes_the_fields_in_order(cls: type[Record]) -> None:
    parameters = list(inspect.signature(cls).parameters.values())
    assert tuple(p.name for p in parameters) == cls.FIELDS == fields(cls)
    assert all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in parameters)
    made = cls(*sample(cls))
    assert tuple(getattr(made, name) for name in cls.FIELDS) == sample(cls)
    assert cls(**dict(zip(cls.FIELDS, sample(cls), strict=True))) == made
    if cls is Card:  # its cached properties live in its dict
        assert "__slots__" not in cls.__dict__
    else:
        assert sorted(cls.__slots__) == sorted(cls.FIELDS) and not hasattr(made, "__dict__")


@pytest.mark.parametrize("cls", ALL, ids=lambda cls: cls.__name__)
def test_equal_hashed_and_printed_as_the_dataclass(cls: type[Record]) -> None:
    values = sample(cls)
    made, before = cls(*values), as_dataclass(cls, values)
    assert repr(made) == repr(before)
    assert made == cls(*values)
    assert not made != cls(*values)  # noqa: SIM202 (__ne__ is the inverse of __eq__)
    assert made != before  # another class: never equal, as between two dataclasses
    if issubclass(cls, Value):
        assert hash(made) == hash(before) == hash(cls(*values))
    else:
        with pytest.raises(TypeError, match="unhashable"):
            hash(made)
    for name in cls.FIELDS:  # each compared field decides equality; the others do not
        changed = replace(made, **{name: "other"})
        assert (changed == made) is (name not in compared(cls)), name
        assert (changed == made) is (dataclasses.replace(before, **{name: "other"}) == before)


@pytest.mark.parametrize("cls", ALL, ids=lambda cls: cls.__name__)
def test_replace_keeps_every_other_field(cls: type[Record]) -> None:
    made = cls(*sample(cls))
    for index, name in enumerate(cls.FIELDS):
        for value in ("changed", "", 0, False):  # (a falsy value replaces too)
            changed = replace(made, **{name: value})
            assert type(changed) is cls and changed is not made
            expected: list[Any] = list(sample(cls))
            expected[index] = value
            assert [getattr(changed, n) for n in cls.FIELDS] == expected
    assert replace(made) == made
    with pytest.raises(TypeError, match="no field nonesuch"):
        replace(made, nonesuch=1)


@pytest.mark.parametrize("cls", ALL, ids=lambda cls: cls.__name__)
def test_pickled_and_copied_with_every_field(cls: type[Record]) -> None:
    made = cls(*sample(cls))
    for again in (pickle.loads(pickle.dumps(made)), copy.copy(made), copy.deepcopy(made)):
        assert type(again) is cls and again == made
        assert [getattr(again, n) for n in cls.FIELDS] == list(sample(cls))


@pytest.mark.parametrize("cls", FROZEN, ids=lambda cls: cls.__name__)
def test_frozen_values_refuse_assignment(cls: type[Record]) -> None:
    made = cls(*sample(cls))
    for name in cls.FIELDS:
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
            setattr(made, name, "other")
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(made, name)
    assert [getattr(made, n) for n in cls.FIELDS] == list(sample(cls))


def test_defaults_are_the_dataclasses() -> None:
    """The defaults the constructors spell out, including the fresh lists a default factory gave."""
    parsed, other = ParsedDeck("p", "text"), ParsedDeck("p", "text")
    assert parsed.entries == [] and parsed.entries is not other.entries
    assert parsed.metadata == {} and parsed.metadata is not other.metadata
    assert Deck("p").cards == [] and Deck("p").unresolved == []
    assert Finding("DC001", "m", 2).location == Location() == Location("<deck>", 0, None)
    assert Card("n", "normal", (), frozenset()).record == {}
    assert Card("n", "normal", (), frozenset(), record={"a": 1}) == Card("n", "normal", (), frozenset())
    assert FormatSpec("x", "X", None, 60) == FormatSpec(
        "x",
        "X",
        None,
        60,
        None,
        15,
        4,
        False,
        2,
        False,
        frozenset(),
        frozenset(),
        "",
        (),
        (),
        False,
        "one-copy",
    )
    line = CardLine(1, "Bolt")
    assert (line.tags, line.notes, line.warnings, line.foil, line.zone) == ([], [], [], False, None)
