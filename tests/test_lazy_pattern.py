"""LazyPattern answers as the pattern re.compile would give, and compiles only when first used."""

from __future__ import annotations

import re

from deckcheck.lazy_pattern import LazyPattern


def test_it_answers_as_the_compiled_pattern() -> None:
    source, flags = r"(?P<count>\d+)\s+(?P<name>\w+)", re.IGNORECASE
    lazy, compiled = LazyPattern(source, flags), re.compile(source, flags)
    text = "4 Opt, 2 Duress"
    assert lazy.search(text).group("name") == compiled.search(text).group("name")
    assert lazy.match(text) is not None and lazy.fullmatch(text) is None
    assert lazy.findall(text) == compiled.findall(text)
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in compiled.finditer(text)]
    assert lazy.sub("#", text) == compiled.sub("#", text)
    assert lazy.subn("#", text) == compiled.subn("#", text)
    assert lazy.split(text) == compiled.split(text)
    assert lazy.compiled is compiled  # re's own cache: the same object
    assert lazy.search(text, 2).span() == compiled.search(text, 2).span()


def test_nothing_is_compiled_before_the_first_use() -> None:
    lazy = LazyPattern("[unclosed")  # an invalid pattern fails only when it is first used
    assert lazy.pattern == "[unclosed" and lazy.flags == 0
    try:
        lazy.search("x")
    except re.error:
        pass
    else:
        raise AssertionError("the pattern was not compiled on its first use")
