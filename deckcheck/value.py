"""Record and value classes whose methods are written in the source, not generated at import.

A dataclass writes its ``__init__``, ``__repr__``, ``__eq__``, ``__hash__`` (and a frozen one's
``__setattr__`` and ``__delattr__``) as source text and compiles it with ``exec`` each time a process
defines the class: 0.5-1.6 ms a class, about 20 ms of a one-deck check's start-up for the classes
it uses. The classes built on these bases write their ``__init__`` by hand (compiled once into the
module's bytecode) and take the rest, written once, from here:

- :class:`Record`: equal when of the same class with equal fields (``FIELDS``, in order), printed as
  ``Name(field=value, ...)``, not hashable (a mutable record: a dataclass with ``eq=True``);
- :class:`Value`: a record that is also hashed by its fields (a frozen dataclass's value semantics).
  Its attributes are ``Final``: mypy refuses an assignment, as for the package's other plain classes;
- :class:`FrozenValue`: a value that also refuses assignment at run time
  (``dataclasses.FrozenInstanceError``), for the classes that are hashed as dict keys or set members
  (a card and what it is made of, an entry, a format, a companion result), where a changed field
  would leave a stale hash behind. Its constructor sets the slots through their descriptors
  (:func:`slot_setters`, :func:`fields_setter`).

``FIELDS`` lists every field in the constructor's order: the constructor takes them positionally in
that order (what :func:`replace`, pickling and ``copy`` rely on). A slotted class's slots are its
fields: ``__slots__ = FIELDS``, written once. ``COMPARED`` (default: ``FIELDS``)
is what equality, hashing and the repr read. :func:`replace` is ``dataclasses.replace`` for these
classes; :func:`fields` their field names.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, ClassVar, TypeVar

R = TypeVar("R", bound="Record")


class Record:
    """A mutable record: equal by its fields, printed with them, unhashable."""

    __slots__ = ()

    FIELDS: ClassVar[tuple[str, ...]] = ()
    COMPARED: ClassVar[tuple[str, ...] | None] = None  # None: every field
    # the compared fields' values and every field's, each as a tuple (an attrgetter: one C call)
    _compared: ClassVar[attrgetter[Any]]
    _all: ClassVar[attrgetter[Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.FIELDS:  # a base class
            return
        cls._compared = attrgetter(*(cls.FIELDS if cls.COMPARED is None else cls.COMPARED))
        cls._all = attrgetter(*cls.FIELDS)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        compared = self._compared
        equal: bool = compared(self) == compared(other)
        return equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        names = self.FIELDS if self.COMPARED is None else self.COMPARED
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({shown})"

    def __reduce__(self) -> tuple[type[Record], tuple[Any, ...]]:
        values = self._all(self)
        return self.__class__, values if len(self.FIELDS) > 1 else (values,)


class Value(Record):
    """An immutable value: equal and hashed by its fields (``Final`` attributes; mypy enforces)."""

    __slots__ = ()

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(self._compared(self))


class FrozenValue(Value):
    """A value that refuses assignment at run time too (a dict key, a set member)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")


def slot_setters(cls: type, *names: str) -> tuple[Callable[[Any, Any], None], ...]:
    """The slot descriptors' setters of ``names``: how a frozen class's constructor sets its fields
    (about half the time of ``object.__setattr__``, which its own ``__setattr__`` leaves as the
    only other way)."""
    return tuple(cls.__dict__[name].__set__ for name in names)


def fields_setter(cls: type[Record]) -> Callable[[Any, tuple[Any, ...]], None]:
    """A function setting every field of a frozen class's instance from a tuple in ``FIELDS`` order,
    through the slot setters: the constructor of a class that is made a few times a run (a hot one
    sets each slot itself, without the loop)."""
    setters = slot_setters(cls, *cls.FIELDS)

    def set_fields(record: Any, values: tuple[Any, ...]) -> None:
        for setter, value in zip(setters, values, strict=True):
            setter(record, value)

    return set_fields


def fields(record: Record | type[Record]) -> tuple[str, ...]:
    """The field names of a record or record class, in the constructor's order."""
    return record.FIELDS


def replace(record: R, /, **changes: Any) -> R:
    """A copy of ``record`` with ``changes`` (field=value) made, every other field as it was: the
    ``dataclasses.replace`` of these classes. A name that is not a field is a TypeError."""
    cls = record.__class__
    unknown = changes.keys() - set(cls.FIELDS)
    if unknown:
        raise TypeError(f"{cls.__qualname__} has no field {', '.join(sorted(unknown))}")
    values = [changes[name] if name in changes else getattr(record, name) for name in cls.FIELDS]
    return cls(*values)
