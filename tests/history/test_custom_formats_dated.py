"""A format of a user's formats file judged as of a day: it reads the history of the format it
extends (its base's banned, restricted and legal sets on the day), and its own ban list bans on
every day, also where the history does not answer (docs/format-history.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deckcheck.format_spec import FormatSpec
from deckcheck.formats import load_registry
from deckcheck.history import AS_OF_DECK, with_as_of
from deckcheck.rules import check_deck
from deckcheck.rules.companions import evaluate
from tests.history.test_as_of import ISLAND, LURRUS, MAIN, MOX_OPAL, SIDE, deck, printed

BOLT = printed("Lightning Bolt", "LEA", "M10", type_line="Instant")
SOL_RING = printed("Sol Ring", "LEA", "C21", type_line="Artifact")

FORMATS = """
[house]
extends = "modern"
title = "House"
extra_banned = ["Lightning Bolt", "Lurrus of the Dream-Den"]

[annex]
extends = "house"
title = "Annex"

[plain]
extends = "modern"
title = "Plain"

[legacyish]
extends = "modern"
title = "Legacyish"
legality_key = "legacy"
extra_banned = ["Lightning Bolt"]

[pile]
extends = "commander"
title = "Pile"
extra_banned = ["Sol Ring"]
"""


@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory) -> dict[str, FormatSpec]:
    path = tmp_path_factory.mktemp("formats") / "formats.toml"
    path.write_text(FORMATS, encoding="utf-8")
    return load_registry([path])


def dc2(findings: list[Any]) -> dict[str, list[Any]]:
    """The deck's legality findings by code."""
    found: dict[str, list[Any]] = {}
    for f in findings:
        if f.code.startswith("DC2"):
            found.setdefault(f.code, []).append(f)
    return found


def banned(findings: list[Any]) -> list[str]:
    return sorted(f.card for f in findings if f.code == "DC201")


def test_a_format_records_the_formats_it_extends_with_its_legality_keys(
    registry: dict[str, FormatSpec],
) -> None:
    assert registry["house"].legality_bases == ("modern",)
    assert registry["annex"].legality_bases == ("house", "modern")
    assert registry["pile"].legality_bases == ("commander",)
    # a legality key of its own: another card pool, whose history is not Modern's
    assert registry["legacyish"].legality_bases == ()
    assert registry["modern"].legality_bases == ()
    assert registry["historicbrawl"].legality_bases == ("brawl",)
    assert registry["standardbrawl"].legality_bases == ()  # (legality keys of its own)


def test_a_house_format_reads_its_base_formats_history_for_the_day(registry: dict[str, FormatSpec]) -> None:
    """Mox Opal, legal in today's data, was banned in Modern on 2021-06-01: banned in House that day;
    Lightning Bolt and Lurrus (legal in Modern then) are banned by House's own list, on that day too."""
    d = deck((52, ISLAND, MAIN), (4, MOX_OPAL, MAIN), (4, BOLT, MAIN), (1, LURRUS, SIDE))
    found = check_deck(d, with_as_of(registry["house"], "2021-06-01"))
    assert banned(found) == ["Lightning Bolt", "Lurrus of the Dream-Den", "Mox Opal"]
    by_code = dc2(found)
    assert "DC206" not in by_code and "DC207" not in by_code
    opal = next(f for f in found if f.card == "Mox Opal")
    assert "banned in House (as of 2021-06-01)" in opal.message and "own_list" not in dict(opal.data)
    bolt = next(f for f in found if f.card == "Lightning Bolt")
    assert dict(bolt.data)["own_list"] is True
    (note,) = by_code["DC205"]
    assert "House as modern, the format it extends, was defined from 2021-04-23" in note.message
    assert "House's own banned list" in note.message
    facts = dict(note.data)
    assert facts["history"] == "modern" and facts["effective"] == "2021-04-23"
    assert facts["extra_banned"] == ["Lightning Bolt", "Lurrus of the Dream-Den"]
    # a day before Mox Opal's ban: legal in House as in Modern; the own list still bans
    earlier = check_deck(d, with_as_of(registry["house"], "2019-12-01"))
    assert banned(earlier) == ["Lightning Bolt", "Lurrus of the Dream-Den"]
    # a format extending the house format reads Modern's history through it, and inherits its list
    annex = check_deck(d, with_as_of(registry["annex"], "2021-06-01"))
    assert banned(annex) == ["Lightning Bolt", "Lurrus of the Dream-Den", "Mox Opal"]
    assert dict(dc2(annex)["DC205"][0].data)["history"] == "modern"


def test_a_house_format_with_no_list_of_its_own_is_its_base_on_the_day(
    registry: dict[str, FormatSpec],
) -> None:
    d = deck((52, ISLAND, MAIN), (4, MOX_OPAL, MAIN), (4, BOLT, MAIN))
    for day in ("2019-12-01", "2021-06-01"):
        plain = check_deck(d, with_as_of(registry["plain"], day))
        modern = check_deck(d, with_as_of(registry["modern"], day))
        assert banned(plain) == banned(modern), day
    (note,) = dc2(check_deck(d, with_as_of(registry["plain"], "2021-06-01")))["DC205"]
    assert "own banned list" not in note.message and "extra_banned" not in dict(note.data)


@pytest.mark.parametrize("day", ["2010-01-01", "2030-01-01"])
def test_outside_the_base_history_the_own_list_still_bans(registry: dict[str, FormatSpec], day: str) -> None:
    """Never confidently wrong: what Modern's history does not cover stays not checked (DC206,
    naming Modern's dates), but a card House bans is banned whatever the day."""
    d = deck((52, ISLAND, MAIN), (4, MOX_OPAL, MAIN), (4, BOLT, MAIN))
    found = check_deck(d, with_as_of(registry["house"], day))
    assert banned(found) == ["Lightning Bolt"]
    (error,) = dc2(found)["DC206"]
    assert "history of modern, the format House extends, covers 2011-05-19 to 2022-06-02" in error.message
    assert "legality not checked beyond House's own banned list" in error.message
    assert dict(error.data)["history"] == "modern"


def test_a_deck_without_a_date_keeps_the_own_list(registry: dict[str, FormatSpec]) -> None:
    d = deck((56, ISLAND, MAIN), (4, BOLT, MAIN))
    found = check_deck(d, with_as_of(registry["house"], AS_OF_DECK))
    assert banned(found) == ["Lightning Bolt"]
    assert "no date" in dc2(found)["DC206"][0].message


def test_a_base_without_history_keeps_dc206_and_the_own_list(registry: dict[str, FormatSpec]) -> None:
    """Commander has no history: Pile's legality on a day is not checked but for its own list; a
    format that sets a legality key of its own reads no base's history either."""
    commander = printed("Grizzly Chief", "LEA", type_line="Legendary Creature — Bear")
    d = deck((1, commander, MAIN), (1, SOL_RING, MAIN), (98, ISLAND, MAIN))
    found = check_deck(d, with_as_of(registry["pile"], "2021-06-01"))
    assert banned(found) == ["Sol Ring"]
    (error,) = dc2(found)["DC206"]
    assert "history of commander, the format Pile extends, has none for this format" in error.message
    legacyish = check_deck(
        deck((56, ISLAND, MAIN), (4, BOLT, MAIN)), with_as_of(registry["legacyish"], "2021-06-01")
    )
    assert banned(legacyish) == ["Lightning Bolt"]
    (error,) = dc2(legacyish)["DC206"]
    assert "format history has none for this format" in error.message
    assert dict(error.data)["history"] == "legacyish"


def test_a_companion_the_own_list_bans_is_banned_on_any_day(registry: dict[str, FormatSpec]) -> None:
    """Lurrus was legal in Modern on 2021-06-01 and the history does not answer for 2030: in House
    it is banned either way, never "not verified"; Plain follows Modern's history."""
    d = deck((60, ISLAND, MAIN))

    def lurrus(fmt: str, day: str) -> Any:
        results = evaluate(d, with_as_of(registry[fmt], day), {LURRUS.name: LURRUS}.get)
        return next(r for r in results if r.companion == LURRUS.name)

    for day in ("2021-06-01", "2030-01-01", AS_OF_DECK):
        result = lurrus("house", day)
        assert result.eligible is False, day
        assert any("Lurrus is banned in House" in p for p in result.placement), day
    assert lurrus("plain", "2021-06-01").eligible is True
    assert lurrus("plain", "2022-03-07").eligible is False  # banned in Modern that day
    assert lurrus("plain", "2030-01-01").eligible is None


def test_an_overridden_format_keeps_its_own_list_on_a_day(tmp_path: Path) -> None:
    """``[modern] extra_banned = [...]`` in a user's file: Modern's history, and the added bans."""
    path = tmp_path / "formats.toml"
    path.write_text('[modern]\nextra_banned = ["Lightning Bolt"]\n', encoding="utf-8")
    modern = load_registry([path])["modern"]
    found = check_deck(deck((56, ISLAND, MAIN), (4, BOLT, MAIN)), with_as_of(modern, "2021-06-01"))
    assert banned(found) == ["Lightning Bolt"]
    assert dict(dc2(found)["DC205"][0].data)["history"] == "modern"
