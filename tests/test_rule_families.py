"""The rule-family table (deckcheck.rules.FAMILIES) is complete: every finding code a family module
declares is in its entry, and every construction, legality, Commander and companion code (DC1xx to
DC4xx) is in exactly one family."""

from __future__ import annotations

import importlib

from deckcheck.findings import Code, all_codes
from deckcheck.rules import FAMILIES


def test_each_family_lists_the_codes_its_module_declares() -> None:
    for family in FAMILIES:
        module = importlib.import_module(family.module)
        declared = {value.code for value in vars(module).values() if isinstance(value, Code)}
        assert {code.code for code in family.codes} == declared, family.name


def test_every_rule_code_is_in_exactly_one_family() -> None:
    listed = [code.code for family in FAMILIES for code in family.codes]
    assert len(listed) == len(set(listed))
    rule_codes = {code for code in all_codes() if code[2] in "1234"}
    assert set(listed) == rule_codes
