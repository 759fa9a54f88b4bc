"""The card pools of data/formats.toml against the real April 2022 card data (skipped without
../shared/realdata): the sets named are the pool the data's own legality keys describe, and the
cards the data leaves out of Old School are the ones the pool_sets reading makes "not verified";
the cards Old School names beyond its sets (pool_cards) are those the data lists outside them."""

from __future__ import annotations

from typing import Any

import pytest

from deckcheck.formats import get_format

pytestmark = pytest.mark.realdata


def _in_pool(record: dict[str, Any], pool: frozenset[str]) -> bool:
    return not pool.isdisjoint(record.get("printings", ()))


def test_premoderns_sets_are_the_cards_the_data_lists(atomic_records: list[dict[str, Any]]) -> None:
    pool = get_format("premodern").pool_sets
    listed = {r["name"] for r in atomic_records if "premodern" in r["legalities"]}
    printed = {r["name"] for r in atomic_records if _in_pool(r, pool)}
    assert listed == printed  # (Portal, Starter and promo-only cards are in neither)


def test_old_schools_sets_hold_what_the_data_lists_and_what_it_leaves_out(
    atomic_records: list[dict[str, Any]],
) -> None:
    pool = get_format("oldschool").pool_sets
    listed = {r["name"] for r in atomic_records if "oldschool" in r["legalities"]}
    printed = {r["name"] for r in atomic_records if _in_pool(r, pool)}
    # the 1994 promos, named by no set (their sets hold later cards too) but by the pool's cards
    assert (
        listed - printed
        == {"Arena", "Nalathni Dragon", "Sewers of Estark"}
        == get_format("oldschool").pool_cards
    )
    left_out = printed - listed  # what the data gives no Old School legality for
    assert {"Mountain", "Birds of Paradise", "City of Brass", "Shivan Dragon"} <= left_out
