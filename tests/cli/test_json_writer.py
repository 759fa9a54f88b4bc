"""The JSON reporter's own indented writer: byte for byte what ``json.dumps(indent=2,
ensure_ascii=False)`` writes, for every document the reporters build and for any mix of dicts, lists,
tuples, strings, numbers, booleans and None."""

from __future__ import annotations

import enum
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcheck.reporters import indented_json, json_text


class Colour(enum.StrEnum):
    RED = "R"


class Copies(enum.IntEnum):
    FOUR = 4


def reference(document: Any) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False)


TRICKY = [
    {},
    [],
    (),
    "plain",
    3,
    -0.0,
    1e300,
    math.nan,
    math.inf,
    -math.inf,
    True,
    None,
    {"a": {}, "b": [], "c": [{}], "d": [[]]},
    [{"card": "}, {", "line": 1}, {"card": "x\n  },\n  {", "quantity": 2}],
    [{"a": 1}, {"b": [1, 2]}],
    [{"a": 1}, {}],
    [{"a": 1}, [1]],
    {"zone": Colour.RED, "copies": Copies.FOUR, "list": (1, "two", None)},
    [{"zone": Colour.RED}, {"copies": Copies.FOUR}],
    {"text": 'Æther \u202e \x1b \u2028 "quoted" \\ back'},
    [[{"a": [{"b": {"c": [1, {"d": "e"}]}}]}]],
]


@pytest.mark.parametrize("document", TRICKY, ids=range(len(TRICKY)))
def test_tricky_documents_match_json_dumps(document: Any) -> None:
    assert indented_json(document) == reference(document)


def test_keys_and_types_only_json_knows_fall_back_to_json_itself() -> None:
    assert json_text({1: "one", None: [2.5]}) == reference({1: "one", None: [2.5]})
    with pytest.raises(TypeError):
        json_text({"card": object()})


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(),
)
documents = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=5),
        st.lists(children, max_size=5).map(tuple),
        st.dictionaries(st.text(max_size=6), children, max_size=5),
        st.lists(st.dictionaries(st.text(max_size=6), scalars, max_size=4), max_size=4),
    ),
    max_leaves=40,
)


@settings(max_examples=300, deadline=None)
@given(documents)
def test_any_plain_document_matches_json_dumps(document: Any) -> None:
    assert indented_json(document) == reference(document)


@pytest.mark.parametrize(
    ("value", "written"),
    [("x\x7fy", "x\\u007fy"), ("Æther\u202e", "Æther\\u202e"), ("plain ascii", "plain ascii")],
)
def test_characters_a_terminal_obeys_are_escaped_ascii_or_not(value: str, written: str) -> None:
    assert json_text({"card": value}) == '{\n  "card": "' + written + '"\n}'
