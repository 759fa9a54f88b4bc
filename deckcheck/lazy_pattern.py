"""Regular expressions compiled when first used.

A module-level ``re.compile`` runs in every process that imports the module, whether or not the
pattern ever matches anything: a one-deck check compiled dozens it never used (other dialects'
card-line decorations, rare oracle sentences), a good part of its start-up. :class:`LazyPattern` is
written where ``re.compile`` was and used the same way; it compiles on its first use, and from then
on its methods are the compiled pattern's own, so a call costs what it costs on the pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

# The methods of re.Pattern a LazyPattern answers for.
_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "split", "sub", "subn")


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled at the first call of one of its methods.

    ``pattern`` and ``flags`` are as given (a compiled pattern's ``flags`` also hold re.UNICODE);
    :attr:`compiled` is the compiled pattern itself (for ``match.re is ...``, say)."""

    __slots__ = ("pattern", "flags", "_compiled", *_METHODS)

    # Bound to the compiled pattern's methods on first use; until then __getattr__ answers.
    search: Callable[..., re.Match[str] | None]
    match: Callable[..., re.Match[str] | None]
    fullmatch: Callable[..., re.Match[str] | None]
    finditer: Callable[..., Iterator[re.Match[str]]]
    findall: Callable[..., list[Any]]
    split: Callable[..., list[Any]]
    sub: Callable[..., str]
    subn: Callable[..., tuple[str, int]]

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            compiled = re.compile(self.pattern, self.flags)
            for method in _METHODS:
                setattr(self, method, getattr(compiled, method))
            self._compiled = compiled
        return self._compiled

    def __getattr__(self, name: str) -> Any:
        # Called only for an attribute not set: a method before the first use.
        if name not in _METHODS:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return getattr(self.compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r}, {self.flags!r})"
