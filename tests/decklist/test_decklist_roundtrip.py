"""Property tests: random decks written with each writer parse back to the same entries (zone,
quantity, name, and the fields that writer carries); random text never breaks a parser."""

from __future__ import annotations

import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck.deck import Entry, LineKind, ParsedDeck, Zone
from deckcheck.decklist import (
    INPUT_FORMATS,
    WRITER_FIELDS,
    WRITER_ZONES,
    WRITERS,
    parse_text,
    split_lines,
    write_mtgo,
)

PROPERTY = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LETTERS = string.ascii_lowercase + "àéíöüñæ"
word = st.text(alphabet=LETTERS, min_size=1, max_size=8).map(str.capitalize)
joined_word = st.one_of(
    word,
    st.tuples(word, st.sampled_from(["'s", "-", "'"]), word).map(lambda t: t[0] + t[1] + t[2].lower()),
)
face = st.lists(joined_word, min_size=1, max_size=4).map(" ".join)
card_name = st.one_of(
    face,
    st.tuples(face, face).map(lambda t: f"{t[0]}, {t[1]}"),
    st.tuples(face, face).map(lambda t: f"{t[0]} // {t[1]}"),
)
set_code = st.from_regex(r"[A-Z][A-Z0-9]{1,4}", fullmatch=True)
collector_number = st.from_regex(r"[1-9][0-9]{0,2}[a-z]?", fullmatch=True)
tag = st.from_regex(r"[A-Za-z][A-Za-z0-9]{0,9}", fullmatch=True)
deck_name = st.one_of(st.none(), st.lists(word, min_size=1, max_size=3).map(" ".join))


def _key(name: str) -> str:
    return name.casefold()


@st.composite
def decks(draw: st.DrawFn, writer: str) -> ParsedDeck:
    zones = sorted(WRITER_ZONES[writer], key=list(Zone).index)
    fields = WRITER_FIELDS[writer]
    names = draw(st.lists(card_name, max_size=12, unique_by=_key))
    entries = []
    for name in names:
        code = draw(set_code) if "set_code" in fields and draw(st.booleans()) else None
        number = (
            draw(collector_number) if code and "collector_number" in fields and draw(st.booleans()) else None
        )
        entries.append(
            Entry(
                quantity=draw(st.integers(min_value=1, max_value=10_000)),
                name=name,
                zone=draw(st.sampled_from(zones)),
                line=0,
                set_code=code,
                collector_number=number,
                foil="foil" in fields and draw(st.booleans()),
                tags=tuple(draw(st.lists(tag, max_size=2))) if "tags" in fields else (),
            )
        )
    return ParsedDeck(path="<generated>", input_format="generated", entries=entries, name=draw(deck_name))


def by_zone(deck: ParsedDeck, fields: frozenset[str]) -> dict[Zone, list[tuple[object, ...]]]:
    def view(e: Entry) -> tuple[object, ...]:
        return (e.quantity, e.name, *(getattr(e, f) for f in sorted(fields)))

    return {zone: [view(e) for e in deck.zone(zone)] for zone in Zone}


def check_round_trip(writer: str, deck: ParsedDeck) -> None:
    text = WRITERS[writer](deck)
    parsed = parse_text(text, f"<{writer}>")
    fields = WRITER_FIELDS[writer]
    assert by_zone(parsed, fields) == by_zone(deck, fields), text
    # An empty deck round-trips to an empty file, which is (rightly) an error.
    expected = ["no card lines in the file"] if not parsed.entries else []
    assert [p.message for p in parsed.problems if p.severity != "info"] == expected, text
    if writer in ("arena", "forge", "xmage", "cod"):
        assert parsed.name == deck.name


@PROPERTY
@given(decks("arena"))
def test_arena_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("arena", deck)


@PROPERTY
@given(decks("mtgo"))
def test_mtgo_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("mtgo", deck)


@PROPERTY
@given(decks("moxfield"))
def test_moxfield_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("moxfield", deck)


@PROPERTY
@given(decks("forge"))
def test_forge_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("forge", deck)


@PROPERTY
@given(decks("xmage"))
def test_xmage_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("xmage", deck)


@PROPERTY
@given(decks("cod"))
def test_cod_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("cod", deck)


@PROPERTY
@given(decks("dek"))
def test_dek_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("dek", deck)


@PROPERTY
@given(decks("csv"))
def test_csv_round_trip(deck: ParsedDeck) -> None:
    check_round_trip("csv", deck)


def test_every_writer_has_a_round_trip_test() -> None:
    tested = {
        name.removeprefix("test_").removesuffix("_round_trip")
        for name in globals()
        if name.endswith("_round_trip")
    }
    assert set(WRITERS) <= tested


def test_mtgo_folds_commander_and_companion_into_the_sideboard() -> None:
    deck = ParsedDeck(
        path="x",
        input_format="x",
        entries=[
            Entry(1, "Kenrith, the Returned King", Zone.COMMANDER, 0),
            Entry(1, "Lurrus of the Dream-Den", Zone.COMPANION, 0),
            Entry(98, "Plains", Zone.MAIN, 0),
            Entry(1, "Opt", Zone.MAYBEBOARD, 0),
        ],
    )
    parsed = parse_text(write_mtgo(deck))
    assert [(e.zone, e.name) for e in parsed.entries] == [
        (Zone.MAIN, "Plains"),
        (Zone.SIDEBOARD, "Kenrith, the Returned King"),
        (Zone.SIDEBOARD, "Lurrus of the Dream-Den"),
    ]


@PROPERTY
@given(st.text(max_size=400), st.sampled_from([None, *sorted(INPUT_FORMATS)]))
def test_random_text_never_breaks_a_parser(text: str, input_format: str | None) -> None:
    deck = parse_text(text, "<fuzz>", input_format)
    assert not any("internal error" in p.message for p in deck.problems)
    assert all(e.quantity >= 1 for e in deck.entries)
    if deck.input_format not in ("json", "unknown") and not any(r.line == 0 for r in deck.lines):
        assert [r.line for r in deck.lines] == list(
            range(1, len(split_lines(text.removeprefix("\ufeff"))) + 1)
        )


@PROPERTY
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["", "Sideboard", "Deck", "Commander", "Companion", "// c", "SB:"]),
            st.tuples(st.integers(-2, 12), card_name).map(lambda t: f"{t[0]} {t[1]}"),
        ),
        max_size=30,
    )
)
def test_random_decklists_account_for_every_line(lines: list[str]) -> None:
    text = "\n".join(lines)
    deck = parse_text(text)
    assert len(deck.lines) == len(split_lines(text))
    card_lines = {r.line for r in deck.lines if r.kind is LineKind.CARD}
    assert {e.line for e in deck.entries} <= card_lines
