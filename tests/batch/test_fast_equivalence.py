"""The fast batch path gives exactly the engine's rows.

``batch.validate_texts(..., fast=True)`` checks the decks it can check exactly with a lean path and
hands the rest to the engine; ``fast=False`` runs the engine (``engine.check_parsed``) on every deck.
The contract: the same rows in every table — findings (code, severity, message text, card, line,
section, rule, path), companions, breakers, summary, metadata (and the entry table when asked for) —
in the same order, value for value and type for type. :func:`assert_same_rows` runs both and, on the
first difference, says which deck, table, row and column, with both values and the deck's text.

The fast call runs first, on a fresh store where the test can afford one, so the lean path meets cold
caches; the engine then runs over the same store.

Inputs (tests/batch/deckgen.py): Hypothesis strategies over every format of the registry, a seeded
bulk of realistic decks (the benchmark's generator) plus every odd shape, the repository's own
decklists (data/decks, data/corpus), and with real data (../shared/realdata, skipped when absent) the
same generator over the real card pool and a fixed sample of real decklists.

Budget: DECKCHECK_FUZZ_EXAMPLES (default 100) examples for the mixed-format property, a quarter of
that (at least 10) per format for the per-format one; derandomized, so CI sees the same examples.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import os
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcheck import batch, fastcheck
from deckcheck.cards.store import CardStore, bundled_cards_path, write_store
from deckcheck.deck import ParsedDeck, Zone
from deckcheck.decklist import parse_text
from deckcheck.decklist._decode import decode
from deckcheck.decklist.fast import read_plain
from deckcheck.formats import load_registry
from deckcheck.history import with_as_of
from tests.batch import deckgen
from tests.cardfactory import record

REPO = Path(__file__).resolve().parents[2]
DATA_DECKS = REPO / "data" / "decks"
DATA_CORPUS = REPO / "data" / "corpus"
BENCH = REPO / "benchmarks" / "bench_batch.py"

EXAMPLES = int(os.environ.get("DECKCHECK_FUZZ_EXAMPLES", "100"))
FORMATS = sorted(load_registry())
TABLES = ("findings", "companions", "breakers", "summary", "metadata")
FUZZ = settings(
    max_examples=max(1, EXAMPLES),
    deadline=None,
    derandomize=True,  # the same examples on every run: CI stays stable
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
PER_FORMAT = settings(FUZZ, max_examples=max(10, EXAMPLES // 4))

BUNDLED = CardStore.bundled()
POOL = deckgen.pool_for(BUNDLED)

Item = tuple[Hashable, str]


# -- the comparison ------------------------------------------------------------------------------
def _same(a: Any, b: Any) -> bool:
    """Equal and of the same type (True is not 1, 1.0 is not 1: a DataFrame column would differ)."""
    return type(a) is type(b) and a == b


def _show(value: Any, limit: int = 400) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _deck_text(items: Sequence[Item], deck_id: Any, lines: int = 60) -> str:
    """The deck's text for the failure message: its first lines, and as a repr when it is short (so
    blank-only text, CRLF, tabs and control characters show)."""
    for key, text in items:
        if key == deck_id:
            shown = text.splitlines()[:lines]
            more = len(text.splitlines()) - len(shown)
            out = [f"    | {line}" for line in shown]
            if more:
                out.append(f"    | ... {more} more lines")
            if len(text) <= 300:
                out.append(f"    as a Python string: {text!r}")
            return "\n".join(out)
    return "    (deck text not found)"


def _format_of(context: batch.ContextFor, deck_id: Any) -> str:
    try:
        chosen = context if isinstance(context, batch.BatchContext) else context(deck_id)
    except Exception as exc:  # a broken context function is the test's bug, not the deck's
        return f"? ({exc})"
    return chosen.spec.name


def table_difference(
    table: str, engine: batch.Columns, fast: batch.Columns, items: Sequence[Item], context: batch.ContextFor
) -> str | None:
    """A readable account of the first row where two tables differ, or None when they are identical."""
    if engine.names != fast.names:
        return f"table {table!r}: columns differ\n  engine: {engine.names}\n  fast:   {fast.names}"
    engine_rows, fast_rows = list(engine.rows()), list(fast.rows())
    for index, (want, got) in enumerate(zip(engine_rows, fast_rows, strict=False)):
        columns = [c for c in engine.names if not _same(want[c], got[c])]
        if not columns:
            continue
        deck_id = want["deck_id"]
        lines = [
            f"fast path differs from the engine: deck {deck_id!r} (format {_format_of(context, deck_id)}), "
            f"table {table!r}, row {index}"
        ]
        if got["deck_id"] != deck_id:
            lines.append(f"  (the fast row belongs to deck {got['deck_id']!r}: rows out of order or missing)")
        for column in columns:
            lines += [
                f"  column {column!r}:",
                f"    engine: {_show(want[column])} ({type(want[column]).__name__})",
                f"    fast:   {_show(got[column])} ({type(got[column]).__name__})",
            ]
        lines += [f"  engine row: {_show(want, 1200)}", f"  fast row:   {_show(got, 1200)}"]
        lines += ["  deck text:", _deck_text(items, deck_id)]
        return "\n".join(lines)
    if len(engine_rows) != len(fast_rows):
        longer, side = (
            (engine_rows, "engine") if len(engine_rows) > len(fast_rows) else (fast_rows, "fast path")
        )
        extra = longer[min(len(engine_rows), len(fast_rows))]
        deck_id = extra["deck_id"]
        return "\n".join(
            [
                f"fast path differs from the engine: table {table!r} has {len(engine_rows)} rows from the "
                f"engine, {len(fast_rows)} from the fast path; the first row only the {side} has "
                f"(deck {deck_id!r}, format {_format_of(context, deck_id)}):",
                f"  {_show(extra, 1200)}",
                "  deck text:",
                _deck_text(items, deck_id),
            ]
        )
    return None


def entries_difference(engine: batch.EntryTable | None, fast: batch.EntryTable | None) -> str | None:
    if engine is None or fast is None:
        return None if engine is fast else f"entry table: engine {engine!r}, fast {fast!r}"
    for attribute in ("deck_ids", "paths", "deck", "zone", "card", "written", "qty", "line", "written_names"):
        want, got = list(getattr(engine, attribute)), list(getattr(fast, attribute))
        if want != got:
            at = next(
                (i for i, (a, b) in enumerate(zip(want, got, strict=False)) if a != b),
                min(len(want), len(got)),
            )
            return (
                f"entry table column {attribute!r} differs at index {at} "
                f"(lengths {len(want)} / {len(got)}):\n"
                f"  engine: {_show(want[at : at + 5])}\n  fast:   {_show(got[at : at + 5])}"
            )
    for index, (want_row, got_row) in enumerate(zip(engine.cards, fast.cards, strict=False)):
        if want_row != got_row:
            return f"entry table card row {index} differs:\n  engine: {want_row}\n  fast:   {got_row}"
    if len(engine.cards) != len(fast.cards):
        return (
            f"entry table: {len(engine.cards)} card rows from the engine, {len(fast.cards)} from the fast one"
        )
    return None


def _run(items: Sequence[Item], context: batch.ContextFor, **options: Any) -> tuple[batch.BatchRows, int]:
    done = [0]

    def progress(n: int) -> None:
        done[0] += n

    rows = batch.validate_texts(items, context, progress=progress, **options)
    return rows, done[0]


def assert_same_rows(
    items: Iterable[Item],
    context: batch.ContextFor,
    *,
    entries: bool = False,
    breakers: bool = True,
    input_format: str | None = None,
) -> batch.BatchRows:
    """Check ``items`` with the fast path (first) and with the engine; fail with the first
    difference. Returns the engine's rows."""
    items = list(items)
    options: dict[str, Any] = {"entries": entries, "breakers": breakers, "input_format": input_format}
    fast, fast_done = _run(items, context, fast=True, **options)
    engine, engine_done = _run(items, context, fast=False, **options)
    assert len(engine.summary) == len(items), "the engine gave one summary row per deck"
    for table in TABLES:
        difference = table_difference(table, getattr(engine, table), getattr(fast, table), items, context)
        if difference is not None:
            raise AssertionError(difference)
    difference = entries_difference(engine.entries, fast.entries)
    if difference is not None:
        raise AssertionError(difference)
    assert fast_done == engine_done == len(items), (
        f"progress reported {fast_done} decks (fast) and {engine_done} (engine) for {len(items)}"
    )
    return engine


# -- contexts ------------------------------------------------------------------------------------
def fresh_bundled_store() -> CardStore:
    """The bundled cards in a store no test has used: empty caches for the fast path to fill."""
    store = CardStore.from_json(bundled_cards_path())
    store.description = BUNDLED.description
    return store


def context_for(store: CardStore, fmt: str) -> batch.BatchContext:
    return batch.BatchContext(store, batch.as_spec(fmt))


def per_deck_contexts(
    store: CardStore, formats: dict[Hashable, str]
) -> Callable[[Hashable], batch.BatchContext]:
    cache: dict[str, batch.BatchContext] = {}

    def context(deck_id: Hashable) -> batch.BatchContext:
        fmt = formats[deck_id]
        if fmt not in cache:
            cache[fmt] = context_for(store, fmt)
        return cache[fmt]

    return context


def check_by_format(
    store: CardStore, decks: Iterable[tuple[Hashable, str, str]], *, breakers: bool = True
) -> int:
    """(deck id, text, format) triples, one batch (one context) per format, in first-seen order.
    Without the breakers table (frames.validate's default) a deck without findings has its rows
    written straight from the lean checker's arrays; with it, any deck with a breaker is written
    with messages: the bulk tests run both ways."""
    groups: dict[str, list[Item]] = {}
    for deck_id, text, fmt in decks:
        groups.setdefault(fmt, []).append((deck_id, text))
    for fmt, items in groups.items():
        assert_same_rows(items, context_for(store, fmt), breakers=breakers)
    return sum(len(items) for items in groups.values())


BREAKERS = pytest.mark.parametrize("breakers", [False, True], ids=["no-breakers", "breakers"])


# -- properties over every format --------------------------------------------------------------------
@pytest.mark.parametrize("fmt", FORMATS)
@PER_FORMAT
@given(data=st.data(), breakers=st.booleans())
def test_fuzz_every_format(fmt: str, data: st.DataObject, breakers: bool) -> None:
    """Batches of one to four generated decks in each format of the registry (the decks salted by
    the format, so each format meets its own)."""
    texts = data.draw(deckgen.batches(POOL, max_size=4, salt=fmt), label="texts")
    items = [(f"deck-{i}", text) for i, text in enumerate(texts)]
    assert_same_rows(items, context_for(BUNDLED, fmt), breakers=breakers)


@FUZZ
@given(
    decks=st.lists(st.tuples(deckgen.deck_texts(POOL), st.sampled_from(FORMATS)), min_size=1, max_size=8),
    entries=st.booleans(),
    integer_ids=st.booleans(),
    input_format=st.sampled_from((None, None, None, None, "arena", "mtgo", "plain", "moxfield", "csv")),
)
def test_fuzz_mixed_formats(
    decks: list[tuple[str, str]], entries: bool, integer_ids: bool, input_format: str | None
) -> None:
    """Decks of several formats in one call (a context per deck), ids of other types than str, the
    entry table kept or not, the input format detected or forced."""
    items: list[Item] = [(i if integer_ids else f"d{i}", text) for i, (text, _) in enumerate(decks)]
    formats = {deck_id: fmt for (deck_id, _), (_, fmt) in zip(items, decks, strict=True)}
    assert_same_rows(items, per_deck_contexts(BUNDLED, formats), entries=entries, input_format=input_format)


# -- seeded bulk -------------------------------------------------------------------------------------
@BREAKERS
def test_bulk_realistic_decks(breakers: bool) -> None:
    """2,000 benchmark-style decks (1 in 4 Commander), each in the format it was built for, most in
    the benchmark's own layout and the rest in the other export styles."""
    store = fresh_bundled_store()
    pool = deckgen.pool_for(store)
    rng = random.Random(20260)
    decks = []
    for i, (deck_id, text, fmt) in enumerate(deckgen.realistic(pool, 2000, seed=20260)):
        if i % 3 == 0:  # the same kind of deck in another style (and now and then some noise)
            shape = "realistic_commander" if fmt == "commander" else "realistic_constructed"
            text = deckgen.make_text(pool, shape, rng, noise_rate=0.2)
        decks.append((deck_id, text, fmt))
    assert check_by_format(store, decks, breakers=breakers) == 2000


@BREAKERS
def test_names_as_real_lists_write_them(breakers: bool) -> None:
    """1,200 benchmark-style decks named as real lists name cards: adventure and double-faced cards
    by their front face, names in MTGO's and typed spellings (accents and punctuation dropped, lower
    case), one deck in ten with a card the data does not know. The lean path takes the decks whose
    every name reads as one card (with the engine's DC012 / DC013 notes and its findings naming
    each card as written), the engine the others."""
    store = fresh_bundled_store()
    pool = deckgen.pool_for(store)
    decks = deckgen.realistic_named(pool, 1200, seed=1919, unknown=0.1)
    assert check_by_format(store, decks, breakers=breakers) == 1200


@BREAKERS
def test_names_read_by_folding_or_a_face_in_every_rule(breakers: bool) -> None:
    """Face and folded names where every rule speaks of them: a banned card, too many copies over
    deck and sideboard, a commander, a card outside the commander's identity, a declared
    companion, a companion's breakers; and a card written two ways (the engine's)."""
    items: list[Item] = [
        ("banned", "4 Bonecrusher Giant\n4 lightning bolt\n52 Mountain\n\n1 Lurrus of the Dream Den\n"),
        ("copies", "3 Brazen Borrower\n57 Island\n\n2 brazen borrower\n"),
        ("two-ways", "2 Bonecrusher Giant\n2 Bonecrusher Giant // Stomp\n56 Mountain\n"),
        ("companion", "Companion\n1 lurrus of the dream-den\n\nDeck\n4 Delver of Secrets\n56 Island\n"),
        ("mixed", "4 Valakut Awakening\n4 Lightning Blot\n52 Mountain\n"),
    ]
    assert_same_rows(items, context_for(fresh_bundled_store(), "modern"), breakers=breakers)
    assert_same_rows(items, context_for(fresh_bundled_store(), "legacy"), breakers=breakers)
    commander: list[Item] = [
        ("face-commander", "Commander\n1 Valki, God of Lies\n\nDeck\n1 Bonecrusher Giant\n98 Swamp\n"),
        ("outside", "Commander\n1 Valki, God of Lies\n\nDeck\n1 Brazen Borrower\n98 Swamp\n"),
        ("twice", "Commander\n1 Valki, God of Lies\n\nDeck\n2 Bonecrusher Giant\n97 Swamp\n"),
    ]
    context = context_for(fresh_bundled_store(), "commander")
    assert_same_rows(commander, context, breakers=breakers)
    assert [d for d, text in commander if not _taken(context, str(d), text)] == []


@BREAKERS
def test_a_name_with_a_slash_of_its_own_agrees(breakers: bool) -> None:
    """A card whose own name holds a slash (Summon: Choco/Mog), written as the card data names it,
    with spaces around the slash, and in small letters: the same notes and the same names in the
    findings on both paths."""
    store = CardStore.from_records(
        [
            record(
                "Summon: Choco/Mog",
                "{2}{W}",
                "Enchantment Creature — Saga Bird Moogle",
                legal={"modern": "legal"},
            ),
            record("Plains", None, "Basic Land — Plains", identity=["W"], legal={"modern": "legal"}),
        ]
    )
    items: list[Item] = [
        ("as-named", "5 Summon: Choco/Mog\n55 Plains\n"),
        ("spaced", "5 Summon: Choco // Mog\n55 Plains\n"),
        ("small-letters", "5 summon: choco/mog\n55 Plains\n"),
    ]
    rows = assert_same_rows(items, context_for(store, "modern"), breakers=breakers)
    notes = [row["deck_id"] for row in rows.findings.rows() if row["code"] == "DC012"]
    assert notes == ["small-letters"]
    copies = {row["deck_id"]: row["message"] for row in rows.findings.rows() if row["code"] == "DC104"}
    assert copies["as-named"].startswith("5 copies of Summon: Choco/Mog across")
    assert copies["spaced"] == copies["as-named"]


# the decks of test_unknown_cards_in_every_rule whose Lutri depends on a name the data does not know
LUTRI_UNDETERMINED = [
    "lutri",
    "lutri-misspelt",
    "lutri-misspelt-twice",
    "lutri-unaccented",
    "lutri-unaccented-twice",
]


@BREAKERS
def test_unknown_cards_in_every_rule(breakers: bool) -> None:
    """Names the card data does not know where every rule speaks of them: DC010 with and without
    a likely spelling, legality not verified (also for a card only in the sideboard), more copies
    of an unknown name than the format allows (written two ways), deck and sideboard sizes that
    count them, a declared companion and undeclared ones whose conditions they leave open, Yorion
    counting them, Lutri with one written twice or one misspelt or typed without the accents of a
    printed name (DC010's offer a nonland card of the starting deck or another unknown name's; not
    a land's, nor a card's elsewhere, nor a sideboard card's), a deck of
    nothing else, beside a face name, a deck dated after the card data; in Commander (and
    freeform, where Lutri may be a companion), colour identity not verified, the singleton rule,
    the sideboard, a misspelt commander. The lean path takes these decks: the engine's rows."""
    items: list[Item] = [
        ("typo", "4 Lightning Blot\n56 Mountain\n"),
        ("newer", "4 Orcish Bowmasters\n56 Swamp\n"),
        ("sideboard-only", "4 Lightning Bolt\n56 Mountain\n\n3 Orcish Bowmasters\n"),
        ("copies", "3 Orcish Bowmasters\n53 Swamp\n\n2 orcish bow-masters\n"),
        ("too-small", "4 Orcish Bowmasters\n40 Swamp\n"),
        ("big-sideboard", "Deck\n60 Swamp\n\nSideboard\n10 Orcish Bowmasters\n6 Duress\n"),
        (
            "declared",
            "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Orcish Bowmasters\n4 Duress\n52 Swamp\n",
        ),
        ("yorion", "4 Orcish Bowmasters\n76 Plains\n\n1 Yorion, Sky Nomad\n"),
        ("yorion-short", "4 Orcish Bowmasters\n60 Plains\n\n1 Yorion, Sky Nomad\n"),
        ("lutri", "2 Orcish Bowmasters\n1 Duress\n57 Swamp\n\n1 Lutri, the Spellchaser\n"),
        ("lutri-once", "1 Orcish Bowmasters\n1 Duress\n58 Island\n\n1 Lutri, the Spellchaser\n"),
        # a name that may be (its did-you-mean) a card the deck holds, or the card another may be
        ("lutri-misspelt", "1 Counterspell\n1 Counterspel\n58 Island\n\n1 Lutri, the Spellchaser\n"),
        ("lutri-misspelt-twice", "1 Counterspel\n1 Countrspell\n58 Island\n\n1 Lutri, the Spellchaser\n"),
        ("lutri-misspelt-land", "1 Islnd\n1 Duress\n58 Island\n\n1 Lutri, the Spellchaser\n"),
        ("lutri-misspelt-aside", "1 Counterspel\n59 Island\n\n1 Counterspell\n1 Lutri, the Spellchaser\n"),
        # a Spanish printed name typed without its accents ("Relámpago": Lightning Bolt), DC010's offer
        ("lutri-unaccented", "1 Lightning Bolt\n1 Relampago\n58 Mountain\n\n1 Lutri, the Spellchaser\n"),
        (
            "lutri-unaccented-twice",
            "1 Relampago\n1 Lightning Blot\n58 Mountain\n\n1 Lutri, the Spellchaser\n",
        ),
        ("lutri-unaccented-elsewhere", "1 Relampago\n1 Duress\n58 Swamp\n\n1 Lutri, the Spellchaser\n"),
        ("lutri-unaccented-land", "1 Ile\n1 Duress\n58 Island\n\n1 Lutri, the Spellchaser\n"),  # "Île"
        ("kaheera", "4 Orcish Bowmasters\n56 Plains\n\n1 Kaheera, the Orphanguard\n"),
        ("nothing-known", "60 Snow-Covered Wastes of the Future\n"),
        ("beside-a-face", "4 Bonecrusher Giant\n4 Orcish Bowmasters\n52 Mountain\n"),
        ("banned-too", "4 Orcish Bowmasters\n4 Mox Opal\n52 Swamp\n"),
        ("dated", "// DATE: 2031-05-01\n4 Orcish Bowmasters\n4 Mox Opal\n52 Swamp\n"),
    ]
    for fmt in ("modern", "legacy", "pauper"):
        context = context_for(fresh_bundled_store(), fmt)
        rows = assert_same_rows(items, context, breakers=breakers)
        assert [d for d, text in items if not _taken(context, str(d), text)] == []
        lutri = {
            row["deck_id"]: row["eligible"]
            for row in rows.companions.rows()
            if row["companion"] == "Lutri, the Spellchaser" and str(row["deck_id"]).startswith("lutri")
        }
        # (Lutri is not legal in Pauper: never eligible there, whatever the deck holds)
        undetermined = [] if fmt == "pauper" else LUTRI_UNDETERMINED
        assert [d for d, eligible in lutri.items() if eligible is None] == undetermined, fmt
    commander: list[Item] = [
        ("identity", "Commander\n1 Valki, God of Lies\n\nDeck\n1 Orcish Bowmasters\n98 Swamp\n"),
        ("singleton", "Commander\n1 Valki, God of Lies\n\nDeck\n2 Orcish Bowmasters\n97 Swamp\n"),
        (
            "sideboard",
            "Commander\n1 Valki, God of Lies\n\nDeck\n99 Swamp\n\nSideboard\n1 Orcish Bowmasters\n",
        ),
        (
            "companion",
            "Commander\n1 Kaheera, the Orphanguard\n\nCompanion\n1 Lurrus of the Dream-Den\n\n"
            "Deck\n1 Ranger of the Future\n98 Plains\n",
        ),
        # the commander is part of the starting deck Lutri looks at
        (
            "lutri-commander",
            "Commander\n1 Atreus, Impulsive Son\n\nDeck\n1 Atreus Impulsive So\n98 Island\n",
        ),
    ]
    assert_same_rows(commander, context_for(fresh_bundled_store(), "commander"), breakers=breakers)
    # (Lutri is banned in the Commander formats: freeform reads its condition)
    assert_same_rows(commander, context_for(fresh_bundled_store(), "freeform"), breakers=breakers)


@BREAKERS
def test_bulk_odd_shapes(breakers: bool) -> None:
    """Every odd shape a dozen times, every style in turn, across the formats the shape suits."""
    store = fresh_bundled_store()
    pool = deckgen.pool_for(store)
    rng = random.Random(4242)
    styles = list(deckgen.STYLES)
    decks = []
    for i in range(12):
        for j, shape in enumerate(deckgen.ODD_SHAPES):
            suits = deckgen.SHAPES[shape].formats
            text = deckgen.make_text(
                pool, shape, rng, style=styles[(i * 7 + j) % len(styles)], noise_rate=0.3
            )
            decks.append((f"{shape}-{i:02d}", text, suits[i % len(suits)]))
    assert check_by_format(store, decks, breakers=breakers) == 12 * len(deckgen.ODD_SHAPES)


def _bench_module() -> Any:
    if not BENCH.is_file():
        pytest.skip(f"{BENCH} not present")
    spec = importlib.util.spec_from_file_location("_bench_batch_for_tests", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if not all(hasattr(module, name) for name in ("Pool", "generate", "load_records")):
        pytest.skip("benchmarks/bench_batch.py no longer has Pool / generate / load_records")
    return module


@BREAKERS
def test_benchmark_generator_decks(breakers: bool) -> None:
    """The benchmark's own decks (benchmarks/bench_batch.py generate(), bundled cards), each in the
    format the benchmark checks it in."""
    bench = _bench_module()
    records, _, _ = bench.load_records(None)
    pool = bench.Pool(records, random.Random(7))
    decks = [
        (deck_id, text, "commander" if deck_id.startswith("edh-") else "modern")
        for deck_id, text in bench.generate(pool, 400, 7)
    ]
    assert check_by_format(fresh_bundled_store(), decks, breakers=breakers) == 400


# -- the repository's decklists ----------------------------------------------------------------------
def _read(path: Path) -> str | None:
    decoded = decode(path.read_bytes())
    return decoded.text


def _natural_format(path: Path) -> str:
    if path.is_relative_to(DATA_CORPUS):
        return path.relative_to(DATA_CORPUS).parts[0]
    return path.name.split("-", 1)[0]


REPOSITORY_FORMATS = ("modern", "legacy", "vintage", "pauper", "commander", "brawl", "limited", "freeform")


@BREAKERS
def test_repository_decklists(breakers: bool) -> None:
    """Every list in data/decks and data/corpus, in its own format and in eight others."""
    files = sorted(p for root in (DATA_DECKS, DATA_CORPUS) for p in root.rglob("*.txt"))
    assert len(files) >= 60
    store = fresh_bundled_store()
    decks = []
    for path in files:
        text = _read(path)
        assert text is not None, path
        deck_id = path.relative_to(REPO).as_posix()
        natural = _natural_format(path)
        assert natural in FORMATS, path
        for fmt in dict.fromkeys((natural, *REPOSITORY_FORMATS)):
            decks.append((f"{deck_id}@{fmt}", text, fmt))
    check_by_format(store, decks, breakers=breakers)


# -- real data ---------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def real_pool(real_store: CardStore) -> deckgen.CardPool:
    return deckgen.pool_for(real_store)


@pytest.fixture(scope="module")
def real_sqlite_store(
    atomic_records: list[dict[str, Any]], tmp_path_factory: pytest.TempPathFactory
) -> CardStore:
    """The real cards in a SQLite store, as ``deckcheck cards update`` builds it (the other backend;
    its name suggestions for the many post-2022 names of real lists are also three times cheaper)."""
    path = tmp_path_factory.mktemp("real-store") / "cards.sqlite"
    # dated within the tests' day (conftest.TEST_TODAY), so both paths judge legality, not withhold it
    meta = {"source": "MTGJSON AtomicCards 2022-04-25", "updated_at": "2026-01-01"}
    write_store(atomic_records, path, meta=meta)
    return CardStore.open(path)


@pytest.mark.realdata
@BREAKERS
def test_real_cards_generated_decks(
    real_store: CardStore, real_pool: deckgen.CardPool, breakers: bool
) -> None:
    """1,000 decks over the real card pool: 800 benchmark-style (Modern and Commander), 200 odd
    shapes (each of them), each in a format it suits."""
    decks = [(f"real-{i}", t, f) for i, (_, t, f) in enumerate(deckgen.realistic(real_pool, 800, seed=99))]
    rng = random.Random(99)
    for i in range(200):
        shape = deckgen.ODD_SHAPES[i % len(deckgen.ODD_SHAPES)]
        suits = deckgen.SHAPES[shape].formats
        decks.append((f"odd-{shape}-{i}", deckgen.make_text(real_pool, shape, rng), suits[i % len(suits)]))
    assert check_by_format(real_store, decks, breakers=breakers) == 1000


# taw/magic-preconstructed-decks: the Brawl precons are Standard Brawl (60) and Arena Brawl (100) decks
PRECON_FORMATS = {"brawl": "standardbrawl", "hist-brawl": "brawl"}
REAL_SAMPLE = 500


def _real_formats(relative: Path, text: str) -> tuple[str, ...]:
    """Commander lists (a commander marked) as Commander (or their Brawl), the others as Modern and
    as Legacy."""
    parsed = parse_text(text, relative.as_posix())
    if parsed.zone(Zone.COMMANDER):
        parts = relative.parts
        directory = parts[2] if len(parts) > 3 and parts[0] == "taw_magic-preconstructed-decks" else ""
        return (PRECON_FORMATS.get(directory, "commander"),)
    return ("modern", "legacy")


@pytest.mark.realdata
@pytest.mark.slow  # ~25 s: name suggestions for ~2,000 cards printed after the April 2022 data
@BREAKERS
def test_real_decklists(realdata: Path, real_sqlite_store: CardStore, breakers: bool) -> None:
    """A fixed sample of the real decklists in ../shared/realdata/decks, in their natural formats,
    against the real cards in a SQLite store."""
    root = realdata / "decks"
    if not root.is_dir():
        pytest.skip(f"{root} not present")
    files = sorted(p for p in root.rglob("*") if p.is_file())
    sample = sorted(random.Random(2022).sample(files, min(REAL_SAMPLE, len(files))))
    decks = []
    for path in sample:
        text = _read(path)
        if text is None:  # refused as binary: not text for validate_texts
            continue
        relative = path.relative_to(root)
        for fmt in _real_formats(relative, text):
            decks.append((f"{relative.as_posix()}@{fmt}", text, fmt))
    assert len(decks) > REAL_SAMPLE // 2
    check_by_format(real_sqlite_store, decks, breakers=breakers)


def _mtgo_text(deck: Any) -> str:
    """An event deck's list as MTGO exports it as text: main deck, a blank line, the sideboard."""
    main = [f"{e.quantity} {e.name}" for e in deck.entries if e.zone is Zone.MAIN]
    side = [f"{e.quantity} {e.name}" for e in deck.entries if e.zone is Zone.SIDEBOARD]
    return "\n".join(main + (["", *side] if side else [])) + "\n"


def _lean_names(context: batch.BatchContext, text: str) -> bool:
    """Whether every name of a plain text is one the lean path reads: an exact oracle name, one
    the store's resolver reads as one card by folding or a face (each card written one way), or
    one it reads as no card at all (an unknown card, in the deck or the sideboard)."""
    entries = read_plain([text]).entries(0)
    assert entries is not None
    table = context.facts
    written: dict[int, str] = {}
    for _, name, _, _ in entries:
        code = table.code(name)
        if code < 0:
            code = table.resolved(name)[0]
        if code == fastcheck.UNRESOLVED:
            continue
        if code < 0 or written.setdefault(code, name) != name:
            return False
    return True


def _known_lines(context: batch.BatchContext, text: str) -> str:
    """The text without the card lines whose name the card data does not know."""
    kept = []
    for line in text.splitlines():
        count, _, name = line.partition(" ")
        if not count.isdigit() or context.store.resolve(name, suggest=False).card is not None:
            kept.append(line)
    return "\n".join(kept) + "\n"


@pytest.mark.realdata
@BREAKERS
def test_real_event_decks(realdata: Path, real_sqlite_store: CardStore, breakers: bool) -> None:
    """Every deck of the real MTGO event documents in ../shared/realdata/decks/mtgo_events, in its
    event's format, as MTGO's text export of the list: the same rows either way; and the lean path
    takes exactly the decks whose names it reads (front faces, MTGO spellings and names the 2022
    card data does not know, from later events, included): nearly all of them. The same lists
    without the cards the data does not know: nearly all on the lean path, the same rows."""
    from deckcheck.decklist import parse_text_decks

    files = sorted((realdata / "decks" / "mtgo_events").glob("*.json"))
    if not files:
        pytest.skip("no MTGO event documents in ../shared/realdata/decks/mtgo_events")
    by_format: dict[str, list[Item]] = {}
    for path in files:
        for deck in parse_text_decks(path.read_text(encoding="utf-8"), path.name):
            assert deck.declared_format is not None and not deck.problems, deck.path
            by_format.setdefault(deck.declared_format, []).append((deck.path, _mtgo_text(deck)))
    for fmt, items in by_format.items():
        context = context_for(real_sqlite_store, fmt)
        assert_same_rows(items, context, breakers=breakers)
        taken = [deck_id for deck_id, text in items if _taken(context, deck_id, text)]
        for deck_id, text in items:
            assert (deck_id in taken) == _lean_names(context, text), deck_id
        assert len(taken) >= 0.95 * len(items), (len(taken), len(items))
        known = [(f"{deck_id}-known", _known_lines(context, text)) for deck_id, text in items]
        assert_same_rows(known, context, breakers=breakers)
        taken = [deck_id for deck_id, text in known if _taken(context, deck_id, text)]
        assert len(taken) >= 0.95 * len(known), (len(taken), len(known))


def _taken(context: batch.BatchContext, deck_id: str, text: str) -> bool:
    """Whether the lean path takes a plain text."""
    rows = batch.BatchRows()
    sink = fastcheck.RowSink(
        rows.findings.add, rows.companions.add_block, None, rows.summary.add, rows.metadata.add
    )
    entries = read_plain([text]).entries(0)
    assert entries is not None, deck_id  # MTGO's text export is plain
    assert context.spec is not None
    return fastcheck.check_entries(sink, deck_id, deck_id, entries, context.spec, context.facts)


@BREAKERS
def test_decks_dated_after_the_card_data_agree(breakers: bool) -> None:
    """A deck dated after the card data, or before it, has its legality withheld (not verified) on
    both paths: the data's legalities describe its own day. One dated that day is judged by them."""
    data_day = BUNDLED.meta["oracle_as_of"][:10]
    later = f"{int(data_day[:4]) + 1}{data_day[4:]}"
    deck = "4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n"
    items: list[Item] = [
        ("later", f"// date: {later}\n{deck}"),
        ("earlier", f"// date: 2020-01-01\n{deck}"),
        ("same day", f"// date: {data_day}\n{deck}"),
        ("undated", deck),
        # a date without a colon, or with a full-width one (U+FF1A), after the cards
        ("later, no colon", f"{deck}// date {later}\n"),
        ("later, full-width colon", f"{deck}// Date\uff1a{later}\n"),
    ]
    rows = assert_same_rows(items, context_for(BUNDLED, "modern"), breakers=breakers)
    codes: dict[Hashable, list[str]] = {}
    for deck_id, code in zip(rows.findings.data["deck_id"], rows.findings.data["code"], strict=True):
        codes.setdefault(deck_id, []).append(code)
    for withheld in ("later", "earlier", "later, no colon", "later, full-width colon"):
        assert "DC202" not in codes[withheld] and "DC015" in codes[withheld]
    assert "DC202" in codes["same day"] and "DC202" in codes["undated"]


@BREAKERS
def test_decks_whose_date_names_no_day_agree(breakers: bool) -> None:
    """A date that names no day for certain (06/01/2019 reads two ways, 2020-02-30 is none) leaves
    the day a deck is judged for unknown: its legality findings are withheld, not judged for the day
    of the check, on both paths (the lean path hands such a deck to the engine, which names the
    date's line). A date written year first, a note after it or not, is the deck's day."""
    deck = "4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n"
    items: list[Item] = [
        ("two ways", f"// date: 06/01/2019\n{deck}"),
        ("no day", f"// date: 2020-02-30\n{deck}"),
        ("noted", f"// date: 2019-06-01 (GP Barcelona)\n{deck}"),
        ("slashes", f"// date: 2019/06/01\n{deck}"),
        ("month named", f"// date: June 1, 2019\n{deck}"),
        ("day over 12", f"// date: 13/06/2019\n{deck}"),
    ]
    context = context_for(BUNDLED, "modern")
    rows = assert_same_rows(items, context, breakers=breakers)
    codes = _codes_by_deck(rows)
    for deck_id, _ in items:
        assert "DC202" not in codes[deck_id] and "DC015" in codes[deck_id], deck_id
    found = rows.findings.data
    notes = {
        d: line
        for d, line, code in zip(found["deck_id"], found["line"], found["code"], strict=True)
        if code == "DC015"
    }
    assert notes == {"two ways": 1, "no day": 1, "noted": 0, "slashes": 0, "month named": 0, "day over 12": 0}
    assert _handed_back(context, [text for _, text in items]) == [0, 1]
    legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
    assert all(legal[deck_id] is None for deck_id, _ in items), legal


@BREAKERS
def test_undated_decks_checked_long_after_the_card_data_agree(
    breakers: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An undated deck is judged for the day of the check: up to 90 days after the card data's day
    by the data's legalities, from the 91st day on with them withheld (not verified), on both paths;
    ``as_of="data"`` judges every deck by the data whatever the day, a dated one too; a deck dated
    the data's own day is judged by it on any day of the check."""
    data_day = dt.date.fromisoformat(BUNDLED.meta["oracle_as_of"][:10])
    deck = "4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n"
    later = (data_day + dt.timedelta(days=400)).isoformat()
    items: list[Item] = [("undated", deck), ("same day", f"// date: {data_day.isoformat()}\n{deck}")]
    items.append(("later", f"// date: {later}\n{deck}"))
    for age, withheld in ((90, {"later"}), (91, {"undated", "later"})):
        monkeypatch.setenv("DECKCHECK_TODAY", (data_day + dt.timedelta(days=age)).isoformat())
        context = context_for(BUNDLED, "modern")
        rows = assert_same_rows(items, context, breakers=breakers)
        assert _handed_back(context, [text for _, text in items]) == []  # (the lean path's rows)
        codes = _codes_by_deck(rows)
        assert {d for d in codes if "DC202" not in codes[d] and "DC015" in codes[d]} == withheld, age
        assert {d for d in codes if "DC202" in codes[d]} == {d for d, _ in items} - withheld, age
        legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
        assert all(legal[d] is None for d in withheld) and legal["same day"] is False
    context = batch.BatchContext(BUNDLED, with_as_of(batch.as_spec("modern"), "data"))
    rows = assert_same_rows(items, context, breakers=breakers)
    assert _handed_back(context, [text for _, text in items]) == []
    assert all("DC202" in found and "DC015" not in found for found in _codes_by_deck(rows).values())


@BREAKERS
def test_companions_checked_long_after_the_card_data_agree(
    breakers: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the card data is too old for the day a deck is judged for, what it says of a companion
    card's own legality is not gone by, on both paths: a met condition is undetermined (the data's
    "legal" Kaheera and its "banned" Lurrus alike), a broken one stays broken."""
    data_day = dt.date.fromisoformat(BUNDLED.meta["oracle_as_of"][:10])
    items: list[Item] = [
        ("lands", "60 Mountain\n"),
        ("declared", "60 Mountain\nCompanion\n1 Kaheera, the Orphanguard\n"),
        ("sideboard", "60 Mountain\nSideboard\n1 Kaheera, the Orphanguard\n"),
        ("near", "1 Grizzly Bears\n59 Mountain\n"),
        ("dated", f"// date: {data_day.isoformat()}\n60 Mountain\n"),  # the data's own day
    ]
    for age in (90, 91):
        monkeypatch.setenv("DECKCHECK_TODAY", (data_day + dt.timedelta(days=age)).isoformat())
        context = context_for(BUNDLED, "modern")
        rows = assert_same_rows(items, context, breakers=breakers)
        assert _handed_back(context, [text for _, text in items]) == []  # (the lean path's rows)
        table = rows.companions.data
        eligible = {
            (deck_id, name.split(",")[0].split(" ")[0]): value
            for deck_id, name, value in zip(
                table["deck_id"], table["companion"], table["eligible"], strict=True
            )
        }
        stale = age == 91
        for deck_id in ("lands", "declared", "sideboard"):
            assert eligible[deck_id, "Kaheera"] is (None if stale else True), (age, deck_id)
            assert eligible[deck_id, "Lurrus"] is (None if stale else False), (age, deck_id)  # (banned)
            assert eligible[deck_id, "Yorion"] is False  # 60 cards: the condition decides
        assert eligible["near", "Kaheera"] is False and eligible["near", "Lurrus"] is (
            None if stale else False
        )
        assert eligible["dated", "Kaheera"] is True and eligible["dated", "Lurrus"] is False  # its own day
        found = rows.findings.data
        kaheera = [
            (deck_id, code, message)
            for deck_id, code, message in zip(found["deck_id"], found["code"], found["message"], strict=True)
            if "Kaheera" in message
        ]
        offered = {deck_id for deck_id, code, _ in kaheera if code == "DC410"}  # ("can be your companion")
        assert offered == ({"dated"} if stale else {"lands", "sideboard", "dated"}), (age, kaheera)
        (near,) = [message for deck_id, code, message in kaheera if deck_id == "near" and code == "DC413"]
        assert ("Kaheera's own legality in Modern is not known" in near) is stale, near
        if stale:  # the declared one is not verified, never an error
            (declared,) = [m for d, c, m in kaheera if d == "declared"]
            assert declared.startswith("declared companion Kaheera") and "not verified" in declared


@BREAKERS
def test_a_commander_that_breaks_a_condition_is_no_near_miss(breakers: bool) -> None:
    """Kenrith (mana value 5) keeps Gyruda out of a deck of Plains: replacing the commander is no
    card to swap, so no near miss is suggested (it was: "replace 1 Kenrith, the Returned King");
    a card of the 99 that breaks it is one, on both paths, where Gyruda fits the commander's
    colours (Cecily's); where it does not (Valki's), nothing qualifies it: no near miss either."""
    items: list[Item] = [
        ("commander-breaks", "Commander\n1 Kenrith, the Returned King\n\nDeck\n99 Plains\n"),
        ("card-breaks", "Commander\n1 Cecily, Haunted Mage\n\nDeck\n1 Bonecrusher Giant\n98 Swamp\n"),
        ("outside-colours", "Commander\n1 Valki, God of Lies\n\nDeck\n1 Bonecrusher Giant\n98 Swamp\n"),
    ]
    rows = assert_same_rows(items, context_for(BUNDLED, "commander"), breakers=breakers)
    table = rows.companions.data
    near = {
        deck_id: value
        for deck_id, name, value in zip(table["deck_id"], table["companion"], table["near_miss"], strict=True)
        if name == "Gyruda, Doom of Depths"
    }
    assert near == {"commander-breaks": False, "card-breaks": True, "outside-colours": False}
    found = rows.findings.data
    suggested = {
        d
        for d, code, m in zip(found["deck_id"], found["code"], found["message"], strict=True)
        if code == "DC413" and "Gyruda" in m
    }
    assert suggested == {"card-breaks"}


def _codes_by_deck(rows: batch.BatchRows) -> dict[Hashable, list[str]]:
    codes: dict[Hashable, list[str]] = {}
    for deck_id, code in zip(rows.findings.data["deck_id"], rows.findings.data["code"], strict=True):
        codes.setdefault(deck_id, []).append(code)
    return codes


@BREAKERS
def test_a_number_read_as_part_of_a_name_agrees(breakers: bool) -> None:
    """A list with no counts that writes "1996 World Champion" or "+2 Mace": the engine reads such a
    line again as one copy of that card (engine.resolve_deck); the lean path leaves a deck with a
    name that could be so read to the engine, and the rows are the same."""
    from tests.test_engine import NUMBERED as store  # (+2 Mace, 1996 World Champion and two more)

    items: list[Item] = [
        ("countless", "Lightning Bolt\n1996 World Champion\n+2 Mace\n57 Mountain\n"),
        ("counted", "1 1996 World Champion\n2 Mace\n57 Mountain\n"),
        ("plain", "4 Lightning Bolt\n56 Mountain\n"),
    ]
    context = context_for(store, "legacy")
    rows = assert_same_rows(items, context, breakers=breakers)
    assert _handed_back(context, [text for _, text in items]) == [0, 1]
    dc003 = [f for f in rows.findings.rows() if f["code"] == "DC003" and f["card"]]
    assert [(f["deck_id"], f["card"]) for f in dc003] == [
        ("countless", "1996 World Champion"),
        ("countless", "+2 Mace"),
    ]


@BREAKERS
def test_counts_in_other_digits_agree(breakers: bool) -> None:
    """A count in Arabic-Indic or fullwidth digits is read by both paths alike and noted (DC003);
    one mixing two digit systems is refused by both (DC002): no path reads "1٣" as 13."""
    items: list[Item] = [
        ("arabic", "٤ Lightning Bolt\n56 Mountain\n"),
        ("fullwidth", "４ Lightning Bolt\n５６x Mountain\n\nSideboard\n１５ Island\n"),
        ("trailing", "Lightning Bolt x４\n56 Mountain\n"),
        ("mixed", "4 Lightning Bolt\n5٦ Mountain\n"),
        ("ascii", "4 Lightning Bolt\n56 Mountain\n"),
    ]
    rows = assert_same_rows(items, context_for(fresh_bundled_store(), "modern"), breakers=breakers)
    codes = {(f["deck_id"], f["code"]) for f in rows.findings.rows() if f["code"] in ("DC002", "DC003")}
    assert codes == {("arabic", "DC003"), ("fullwidth", "DC003"), ("trailing", "DC003"), ("mixed", "DC002")}
    legal = {row["deck_id"]: row["legal"] for row in rows.summary.rows()}
    assert legal["arabic"] is legal["fullwidth"] is legal["trailing"] is legal["ascii"] is True
    assert legal["mixed"] is None


# Lines with no count whose name the data does not know: 1 card, or none if the line is no card
# (a section word, a note): a size they decide is not verified (unresolved.uncertain_copies).
UNCERTAIN = (
    "{deck}\n\nSideboard\n15 Island\nNotes\n",  # a sideboard of 15 or 16
    "4 Lightning Bolt\n55 Mountain\nRamp\n",  # a main deck of 59 or 60
    "{deck}\nRamp\n",  # 60 or 61: no size left open
    "4 Lightning Bolt\n75 Mountain\nRamp\n",  # 79 or 80: Yorion (80) left open
)
CERTAIN = (
    "{deck}\nIsland\n",  # no count, a card the data knows
    "Deck\n{deck}\n\nMaybeboard\nRamp\n",  # no count, no card, counted by no rule
)


@BREAKERS
def test_a_line_with_no_count_that_names_no_card_agrees(breakers: bool) -> None:
    """The lean path hands a deck with such a line in a zone that counts to the engine (rare: no
    real decklist has one), takes the others with lines without counts, and the rows are the
    engine's: no size error that exists only if the line is a card."""
    store = fresh_bundled_store()
    constructed = "4 Lightning Bolt\n4 Bonecrusher Giant\n4 Mox Opal\n48 Mountain"
    sources = _sources((*UNCERTAIN, *CERTAIN), constructed)
    context = context_for(store, "modern")
    rows = assert_same_sources(sources, context, breakers=breakers)
    assert _lean_share(context, sources[: len(UNCERTAIN)]) == 0.0
    assert _lean_share(context, sources[len(UNCERTAIN) :]) == 1.0
    sizes = [(f["deck_id"], f["rule"]) for f in rows.findings.rows() if "size" in (f["rule"] or "")]
    assert sizes == [("d0", "Modern sideboard size"), ("d1", "Modern deck size")]
    assert not {"DC101", "DC103"} & {f["code"] for f in rows.findings.rows()}
    commander = "Commander\n1 Kenrith, the Returned King\n\nDeck\nRamp\n1 Sol Ring\n98 Forest\n"
    context = context_for(store, "commander")
    rows = assert_same_sources([("c", "c.txt", commander)], context, breakers=breakers)
    assert "DC306" not in {f["code"] for f in rows.findings.rows()}
    assert _lean_share(context, [("c", "c.txt", commander)]) == 0.0


@BREAKERS
def test_cards_no_deck_holds_agree(breakers: bool) -> None:
    """A plane, phenomenon, scheme or Vanguard card named in a zone that counts is an error (DC018:
    the deck is illegal, the line read outside the deck), in the maybeboard a note: the lean path
    leaves a deck naming one to the engine, never calling the card unknown (DC010), and keeps a deck
    whose name is no card at all. A Planes section is not looked up at all, as before (DC017). A
    meld result is the same error (its meld cards are cards)."""
    from tests.test_engine import NON_DECK_STORE as store  # (Chaotic Aether, Akoum, Ertai, a scheme, melds)

    items: list[Item] = [
        ("main", "56 Mountain\n3 Lightning Bolt\n1 Chaotic Aether\n"),
        ("folded", "56 Mountain\n3 Lightning Bolt\n1 chaotic aether\n"),
        ("sideboard", "57 Mountain\n3 Lightning Bolt\n\nSideboard\n1 Ertai\n"),
        ("maybeboard", "57 Mountain\n3 Lightning Bolt\n\nMaybeboard\n1 Akoum\n"),
        ("section", "57 Mountain\n3 Lightning Bolt\n\nPlanes\n1 Akoum\n1 Chaotic Aether\n"),
        ("unknown", "56 Mountain\n3 Lightning Bolt\n1 Chaotic Ether\n"),
        ("plain", "57 Mountain\n3 Lightning Bolt\n"),
        ("meld", "56 Mountain\n3 Lightning Bolt\n1 Chittering Host\n"),
        ("meld maybe", "57 Mountain\n3 Lightning Bolt\n\nMaybeboard\n1 Chittering Host\n"),
        ("meld cards", "58 Mountain\n1 Graf Rats\n1 Midnight Scavengers\n"),
    ]
    context = context_for(store, "modern")
    rows = assert_same_rows(items, context, breakers=breakers)
    handed = set(_handed_back(context, [text for _, text in items]))
    assert {0, 1, 2, 3, 7, 8} <= handed and not {5, 6, 9} & handed  # (a Planes section: the reader's choice)
    summary = _summary(rows)
    assert summary["main"] == summary["folded"] == (False, 0, 2)  # DC018, and DC101: 59 cards in the deck
    assert summary["sideboard"] == (False, 0, 1)
    assert summary["maybeboard"] == summary["section"] == summary["plain"] == (True, 0, 0)
    assert summary["meld"] == (False, 0, 2) and summary["meld maybe"] == summary["meld cards"] == (True, 0, 0)
    assert summary["unknown"] == (None, 1, 1)  # a name of no card at all: DC010, not verified
    codes = _codes_by_deck(rows)
    assert [c for c in codes["maybeboard"] if c.startswith("DC01")] == ["DC018"]
    assert [c for c in codes["section"] if c.startswith("DC01")] == ["DC017"]
    assert "DC010" not in codes["main"] + codes["folded"] + codes["sideboard"] + codes["meld"]
    assert [c for c in codes["meld"] + codes["meld maybe"] if c.startswith("DC01")] == ["DC018", "DC018"]


@BREAKERS
def test_a_legends_short_name_that_is_a_vanguard_card_agrees(breakers: bool) -> None:
    """ "Karn" is the Vanguard card's name and the Karn legends' short name: both paths call it
    ambiguous (DC011, not verified), naming the Vanguard card among the candidates, in the
    maybeboard a warning; "Oracle", which only nonlegendary cards begin with, stays DC018."""
    from tests.test_engine import KARN_STORE as store

    items: list[Item] = [
        ("main", "56 Mountain\n4 Karn\n"),
        ("maybeboard", "60 Mountain\n\nMaybeboard\n1 karn\n"),
        ("oracle", "56 Mountain\n4 Oracle\n"),
        # no card a deck holds: "Karn" is the Vanguard card, even with no other name to tell it
        ("vanguard only", "1 Oracle\n1 Karn\n"),
        ("karn only", "4 Karn\n"),
    ]
    rows = assert_same_rows(items, context_for(store, "modern"), breakers=breakers)
    summary = _summary(rows)
    assert summary["main"] == (None, 4, 1) and summary["maybeboard"] == (True, 0, 0)
    assert summary["oracle"][0] is False
    codes = _codes_by_deck(rows)
    assert [c for c in codes["main"] if c in ("DC010", "DC011", "DC018")] == ["DC011"]
    assert [c for c in codes["maybeboard"] if c.startswith("DC01")] == ["DC016"]
    assert [c for c in codes["oracle"] if c.startswith("DC01")] == ["DC018"]
    assert [c for c in codes["vanguard only"] if c.startswith("DC01")] == ["DC018", "DC018"]
    assert [c for c in codes["karn only"] if c in ("DC011", "DC018")] == ["DC018"]


@BREAKERS
@pytest.mark.parametrize("fmt", ["limited", "freeform", "vintage"])
def test_a_conspiracy_outside_the_sideboard_agrees(breakers: bool, fmt: str) -> None:
    """A conspiracy card in the main deck or as the companion is DC018 (CR 315.3), the line read
    outside the deck: the lean path hands such a deck to the engine; in the sideboard and the
    maybeboard it is no error, and the lean path keeps the deck."""
    from tests.test_engine import CONSPIRACY_STORE as store

    items: list[Item] = [
        ("main", "36 Mountain\n3 Lightning Bolt\n1 Backup Plan\n"),
        ("companion", "40 Mountain\n\nCompanion\n1 Backup Plan\n"),
        ("sideboard", "40 Mountain\n\nSideboard\n1 Backup Plan\n"),
        ("maybeboard", "40 Mountain\n\nMaybeboard\n1 Backup Plan\n"),
    ]
    context = context_for(store, fmt)
    rows = assert_same_rows(items, context, breakers=breakers)
    assert set(_handed_back(context, [text for _, text in items])) == {0, 1}
    codes = _codes_by_deck(rows)
    assert "DC018" in codes["main"] and "DC018" in codes["companion"]
    assert "DC018" not in codes.get("sideboard", []) + codes.get("maybeboard", [])
    assert _summary(rows)["main"][0] is False


@BREAKERS
def test_a_companion_in_a_commander_sideboard_beside_a_declared_one_agrees(breakers: bool) -> None:
    """Commander has no sideboard (CR 903.5e): a companion card there is DC403 whether or not
    another is listed under Companion; the lean path hands either deck to the engine."""
    head = "Commander\n1 Kenrith, the Returned King\n\n"
    tail = "Deck\n98 Plains\n\nSideboard\n1 Kaheera, the Orphanguard\n"
    items: list[Item] = [
        ("declared", head + "Companion\n1 Jegantha, the Wellspring\n\n" + tail),
        ("alone", head + tail),
    ]
    context = context_for(fresh_bundled_store(), "commander")
    codes = _codes_by_deck(assert_same_rows(items, context, breakers=breakers))
    assert "DC403" in codes["declared"] and "DC403" in codes["alone"]


@BREAKERS
def test_gladiator_sizes_and_companions_agree(breakers: bool) -> None:
    """Gladiator: at least 100 cards with no maximum, and no companion (no sideboard): a companion
    declared, in the sideboard or in the deck reads the same on both paths."""
    singles = "1 Lightning Bolt\n1 Counterspell\n"
    items: list[Item] = [
        ("99", singles + "97 Island\n"),
        ("100", singles + "98 Island\n"),
        ("101", singles + "99 Island\n"),
        ("declared", singles + "98 Island\n\nCompanion\n1 Lurrus of the Dream-Den\n"),
        ("sideboard", singles + "98 Island\n\nSideboard\n1 Lurrus of the Dream-Den\n"),
        ("in the deck", singles + "97 Island\n1 Lurrus of the Dream-Den\n"),
    ]
    rows = assert_same_rows(items, context_for(fresh_bundled_store(), "gladiator"), breakers=breakers)
    legal = {deck: verdict for deck, (verdict, _, _) in _summary(rows).items()}
    assert legal == {
        "99": False,
        "100": True,
        "101": True,
        "declared": False,
        "sideboard": False,
        "in the deck": True,
    }
    codes = _codes_by_deck(rows)
    assert "DC407" in codes["declared"]
    assert not any(code.startswith("DC41") for code in codes.get("in the deck", []))  # (none offered)


@BREAKERS
def test_a_companion_ban_of_an_inferred_shape_agrees(breakers: bool) -> None:
    """No format given, the Commander shape: Commander bans Lutri as a companion, and the deck may
    not be a Commander deck, so both paths leave Lutri not verified (DC015), declared or not, and
    neither says DC406."""
    from deckcheck.inference import COMMANDER_SHAPE, with_known_formats

    body = (
        "Commander\n1 Atreus, Impulsive Son\n\nDeck\n"
        "1 Lightning Bolt\n1 Counterspell\n49 Island\n48 Mountain\n"
    )
    items: list[Item] = [
        ("declared", body + "\nCompanion\n1 Lutri, the Spellchaser\n"),
        ("undeclared", body),
    ]
    rows = assert_same_rows(
        items, context_for(BUNDLED, with_known_formats(COMMANDER_SHAPE)), breakers=breakers
    )
    codes = _codes_by_deck(rows)
    assert "DC015" in codes["declared"] and "DC406" not in codes["declared"]
    lutri = [
        (deck_id, eligible)
        for deck_id, companion, eligible in zip(
            rows.companions.data["deck_id"],
            rows.companions.data["companion"],
            rows.companions.data["eligible"],
            strict=True,
        )
        if companion == "Lutri, the Spellchaser"
    ]
    assert [eligible for _, eligible in lutri] == [None, None]


def _eligible(rows: batch.BatchRows, companion: str) -> dict[Hashable, object]:
    """Deck id -> the companion's ``eligible`` in the companions table."""
    data = rows.companions.data
    return {
        deck_id: eligible
        for deck_id, name, eligible in zip(data["deck_id"], data["companion"], data["eligible"], strict=True)
        if name == companion
    }


LURRUS_DECKS: list[Item] = [
    ("sideboard", "4 Lightning Bolt\n4 Goblin Guide\n52 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"),
    ("declared", "4 Lightning Bolt\n4 Goblin Guide\n52 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n"),
    ("missed", "4 Kitchen Finks\n56 Forest\n\nCompanion\n1 Lurrus of the Dream-Den\n"),
    ("sealed", "4 Lightning Bolt\n36 Mountain\n\nSideboard\n1 Lurrus of the Dream-Den\n"),
]


@BREAKERS
@pytest.mark.parametrize("given", ["inferred shape", "no format"])
def test_a_met_companion_with_no_format_given_agrees(breakers: bool, given: str) -> None:
    """No format given: whether a companion is legal where the deck is played is not checked, so a
    60-card deck that meets Lurrus's condition leaves it not verified (DC015) on both paths, declared
    or not, never offered (DC410) nor an error; one that misses it has it not eligible, its breaker
    and DC401 stand. A 40-card deck is Limited's shape, whose format has no ban list: eligible and
    offered. The shapes passed as the context's format, or no format at all (the engine infers them)."""
    from deckcheck.inference import CONSTRUCTED_SHAPE, LIMITED_SHAPE, with_known_formats

    if given == "no format":
        rows = assert_same_rows(LURRUS_DECKS, batch.BatchContext(BUNDLED, None), breakers=breakers)
    else:
        shape_of = {
            deck_id: LIMITED_SHAPE if deck_id == "sealed" else CONSTRUCTED_SHAPE
            for deck_id, _ in LURRUS_DECKS
        }
        contexts = {
            deck_id: batch.BatchContext(BUNDLED, with_known_formats(shape))
            for deck_id, shape in shape_of.items()
        }
        rows = assert_same_rows(LURRUS_DECKS, contexts.__getitem__, breakers=breakers)
    assert _eligible(rows, "Lurrus of the Dream-Den") == {
        "sideboard": None,
        "declared": None,
        "missed": False,
        "sealed": True,
    }
    assert _eligible(rows, "Jegantha, the Wellspring")["sideboard"] is None  # (undeclared, met)
    codes = _codes_by_deck(rows)
    assert "DC015" in codes["sideboard"] and "DC015" in codes["declared"]
    assert "DC410" not in codes["sideboard"] + codes["declared"] + codes["missed"]
    assert "DC401" not in codes["declared"] and {"DC401", "DC411"} <= set(codes["missed"])
    assert "DC410" in codes["sealed"]


@BREAKERS
def test_a_format_without_legality_data_is_not_verified(breakers: bool) -> None:
    """A deck whose only error says the card data has no legality for the format (DC204, a rule
    that could not be checked) is "not verified" on both paths, never "illegal"."""
    items: list[Item] = [("wastes", "60 Wastes\n"), ("headed", "Deck\n60 Wastes\n")]
    rows = assert_same_rows(items, context_for(fresh_bundled_store(), "historic"), breakers=breakers)
    assert list(rows.summary.data["legal"]) == [None, None]
    assert "DC204" in rows.findings.data["code"]


# Lines outside the batch reader's regex that the full parser's own line reader reads as a card, a
# zone header, a comment or a blank (decklist.fast takes such texts), and metadata it hands back.
READER_LINES = (
    "4\tLightning Bolt\n4 Duress [M10]\n2 [M10:146] Counterspell\n1 Black Lotus*\n",
    "// Burn, as a player wrote it\n# a second note\n4 Lightning Bolt\n\n// Sideboard\n3 Duress\n",
    "4 Lightning Bolt\n// a note between cards\n1 Sol Ring\n\n2 Duress\n",
    "LAYOUT MAIN:(1,1)|(NONE,false,50)|([1,2])\n4 Lightning Bolt (M10) 1-a\n",
    "// NAME: Burn\n// SOURCE: https://example.org/burn\n4 Lightning Bolt\n",  # a name, metadata rows
    "# DATE: 2020-01-01\n4 Lightning Bolt\n1 Black Lotus\n",  # dated before the card data
    "// format: commander\n// name: a\n// Title: b\n4 Lightning Bolt\n// name: c\n",
    # dated after the bundled card data (2026-10-01): its legality findings withheld, not verified
    "// date: 2027-01-15\n4 Lightning Bolt\n1 Black Lotus\n",
)
# Metadata the lean path leaves to the engine: a commander comment, which places the command zone.
ENGINE_METADATA = ("// Commander: Lurrus of the Dream-Den\n4 Lightning Bolt\n",)


@BREAKERS
def test_lines_the_full_parser_reads_plainly(breakers: bool) -> None:
    """Texts with tabs, set annotations, rarity stars, comments and metadata comments (taken by the
    batch reader; the lean checker leaves a date after the card data and a commander comment to
    the engine): the engine's rows either way, in three formats."""
    filler = "".join(f"1 {name}\n" for name in ("Island", "Swamp", "Mountain"))
    items: list[Item] = []
    for i, text in enumerate(READER_LINES):
        body = text.replace("4 Lightning Bolt\n", "4 Lightning Bolt\n" + filler * 18, 1)
        items.append((f"lines-{i}", body))
    taken = [read_plain([text]).entries(0) is not None for _, text in items]
    assert all(taken)
    engine_only = [(f"engine-{i}", text + filler * 18) for i, text in enumerate(ENGINE_METADATA)]
    for fmt in ("modern", "vintage", "commander"):
        context = context_for(fresh_bundled_store(), fmt)
        rows = assert_same_rows([*items, *engine_only], context, breakers=breakers)
        assert len(rows.metadata) == 8  # (the texts' metadata rows, the same both ways)
        dated = [f["code"] for f in rows.findings.rows() if f["deck_id"] == f"lines-{len(items) - 1}"]
        assert "DC015" in dated and not {"DC201", "DC202", "DC203"} & set(dated)  # Black Lotus: withheld
        if fmt != "commander":  # (sizes: in Commander these go to the engine for other reasons)
            handed = _handed_back(context, [text for _, text in [*items, *engine_only]])
            assert handed == list(range(len(items), len(items) + len(engine_only))), fmt


def _handed_back(context: batch.BatchContext, texts: list[str]) -> list[int]:
    """The positions of the texts the lean checker hands back to the engine."""
    rows = batch.BatchRows()
    sink = fastcheck.RowSink(
        rows.findings.add, rows.companions.add_block, None, rows.summary.add, rows.metadata.add
    )
    read = read_plain(texts)
    assert context.spec is not None
    handed: list[int] = []
    taken = [i for i in range(len(texts)) if read.taken[i]]
    decks = [(f"d{i}", f"d{i}", context.spec) for i in range(len(texts))]
    fastcheck.check_decks(sink, decks, read, context.facts, handed.append)
    return sorted({*handed, *(i for i in range(len(texts)) if i not in taken)})


@pytest.mark.realdata
def test_real_decklists_the_reader_takes(realdata: Path, real_sqlite_store: CardStore) -> None:
    """Every real text decklist the batch reader takes (the rest carry metadata, other formats or
    parse problems), as Modern: the same rows with and without the fast path."""
    root = realdata / "decks"
    if not root.is_dir():
        pytest.skip(f"{root} not present")
    items: list[Item] = []
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "mtgo_events" not in p.parts):
        text = _read(path)
        if text is not None and read_plain([text]).entries(0) is not None:
            items.append((path.relative_to(root).as_posix(), text))
    assert items
    assert_same_rows(items, context_for(real_sqlite_store, "modern"))


# -- decks the batch reader leaves to their own parser ---------------------------------------------------
def assert_same_sources(
    sources: Sequence[tuple[Hashable, str, batch.DeckSource]],
    context: batch.ContextFor,
    *,
    breakers: bool = True,
) -> batch.BatchRows:
    """:func:`assert_same_rows` for ``(deck id, path, text or parsed deck)`` sources, as files and
    event documents become (batch.path_sources): the lean path's rows (batch.check_texts) against
    the engine's on the same decks as parse_text reads them."""
    fast = batch.check_texts(sources, context, breakers)
    engine = batch.check_parsed_decks(
        [
            (deck_id, parse_text(source, path) if isinstance(source, str) else source)
            for deck_id, path, source in sources
        ],
        context,
        breakers=breakers,
    )
    items = [(deck_id, source if isinstance(source, str) else repr(source)) for deck_id, _, source in sources]
    for table in TABLES:
        difference = table_difference(table, getattr(engine, table), getattr(fast, table), items, context)
        if difference is not None:
            raise AssertionError(difference)
    return engine


def _lean_share(
    context: batch.BatchContext, sources: Sequence[tuple[Hashable, str, batch.DeckSource]]
) -> float:
    """The share of these decks batch.check_texts gives to the lean checker."""
    counts = [0, 0]
    original = fastcheck.check_decks

    def counting(
        sink: fastcheck.RowSink, decks: Any, entries: Any, table: Any, fallback: Callable[[int], None]
    ) -> int:
        def engine(index: int) -> None:
            counts[1] += 1
            fallback(index)

        taken = original(sink, decks, entries, table, engine)
        counts[0] += taken
        return taken

    fastcheck.check_decks = counting
    try:
        batch.check_texts(sources, context, False)
    finally:
        fastcheck.check_decks = original
    return counts[0] / max(1, sum(counts))


# Commander lists as preconstructed decks write them: the commander on a line of its own, placed by
# a COMMANDER: prefix, with a printing and a finish, anywhere in the list, and a Display Commander
# section (the batch reader takes them: decklist.fast). A blank line before the prefixed line
# starts nothing; after it, the next card starts the blank-line sideboard, which the deck then has.
COMMANDER_LINES = (
    "// NAME: Deadly Disguise\n// DATE: 2022-03-01\n"
    "COMMANDER: 1 Valki, God of Lies [foil] [KHM:114]\n{deck}\n",
    "COMMANDER: 1 Kenrith, the Returned King [ELD:303] [foil]\n{deck}\n",
    "{deck}\n\nCMDR: 1 Kenrith, the Returned King\n",
    "commander: 1 Valki, God of Lies [KHM:114]\n\n{deck}\n",
    "COMMANDER: 1 Kenrith, the Returned King\n{deck}\n\n2 Duress\n",
    # and the display commander's section (its cards the maybeboard's, with parse_text's info)
    "COMMANDER: 1 Valki, God of Lies [foil] [KHM:114]\n{deck}\n\nDisplay Commander\n"
    "1 Valki, God of Lies [KHM:300] [foil] [etched]\n1 Lightnig Bolt\n",
)


@BREAKERS
def test_commanders_placed_by_their_line(breakers: bool) -> None:
    """Preconstructed Commander lists whose commander line says its zone (``COMMANDER: 1 Valki,
    God of Lies [foil] [KHM:114]``): the batch reader takes them, the lean checker checks them in
    Commander, and the rows are the engine's, there and in a format with no command zone (which
    the lean checker hands to the engine)."""
    commander = "1 Lightning Bolt\n1 Bonecrusher Giant\n1 Sol Ring\n1 Mox Opal\n95 Swamp"
    sources = _sources(COMMANDER_LINES, commander)
    texts = [source for _, _, source in sources if isinstance(source, str)]
    assert all(read_plain(texts).taken)
    store = fresh_bundled_store()
    context = context_for(store, "commander")
    assert_same_sources(sources, context, breakers=breakers)
    assert _lean_share(context, sources) == 1.0
    assert_same_sources(sources, context_for(store, "modern"), breakers=breakers)


# Texts the batch reader does not take, as real lists write them: sections the deck does not count
# (a preconstructed deck's Display Commander, Planechase's and Archenemy's decks, a maybeboard),
# lines with something to report, other formats. parse_text reads them; the lean checker takes
# what it read.
PRECON = (
    "// NAME: Deadly Disguise\n// SOURCE: https://example.org/mkc\n// DATE: 2024-02-09\n"
    "COMMANDER: 1 Valki, God of Lies [foil] [KHM:114]\n{deck}\n\nDisplay Commander\n"
    "1 Valki, God of Lies [KHM:300] [foil] [etched]\n"
)
OTHER_SECTIONS = (
    "Deck\n{deck}\n\nPlanar Deck\n1 Orcish Bowmasters\n1 Tazri, Beacon of Unity\n",
    "{deck}\n\nScheme Deck\n2 Lightning Bolt\n",
    "Deck\n{deck}\n\nMaybeboard\n4 Lightning Bolt\n1 Bonecrusher Giant\n2 lurrus of the dream den\n",
    "Deck\n{deck}\n\nSideboard\n2 Duress\n\nMaybeboard\n1 Orcish Bowmasters\n",
)
WITH_PROBLEMS = (
    "{deck}\n4 Lightning Bolt <- the best\nLightning Bolt\n",  # a line that is no card, no count
    "{deck}\n}},\n",  # a stray line of JSON
    "4 Llanowar Elves\n{deck}\n\n16 Duress\n",  # a large blank-line sideboard: a warning
)


def _sources(texts: Iterable[str], deck: str) -> list[tuple[Hashable, str, batch.DeckSource]]:
    return [(f"d{i}", f"d{i}.txt", text.format(deck=deck)) for i, text in enumerate(texts)]


@BREAKERS
def test_sections_and_problems_the_reader_leaves_to_parse_text(breakers: bool) -> None:
    """Texts with sections the deck does not count and with lines parse_text reports on: the lean
    path takes them as parse_text reads them, with its findings (DC003), the maybeboard's names
    noted and its unknown cards reported but counted by no rule; the engine's rows. A deck with a
    line not read (DC002) it hands to the engine."""
    store = fresh_bundled_store()
    constructed = "4 Lightning Bolt\n4 Bonecrusher Giant\n4 Mox Opal\n48 Mountain"
    sources = _sources((*OTHER_SECTIONS, *WITH_PROBLEMS), constructed)
    read = read_plain([source for _, _, source in sources if isinstance(source, str)])
    assert read.taken.count(False) == 5  # (the maybeboards the batch reader reads itself)
    unread = sources[-3:-1]  # (a line of the deck not read: engine.unread_part, the engine's)
    for fmt in ("modern", "legacy", "vintage"):
        context = context_for(store, fmt)
        assert_same_sources(sources, context, breakers=breakers)
        assert _lean_share(context, sources[:-3] + sources[-1:]) == 1.0, fmt
        assert _lean_share(context, unread) == 0.0, fmt
    commander = "1 Lightning Bolt\n1 Bonecrusher Giant\n1 Sol Ring\n1 Orcish Bowmasters\n95 Swamp"
    sources = _sources((PRECON, *OTHER_SECTIONS[2:], *WITH_PROBLEMS[:2]), commander)
    context = context_for(store, "commander")
    assert_same_sources(sources, context, breakers=breakers)
    assert _lean_share(context, sources[:1]) == 1.0  # (the others have no commander: the engine's)


# Names in zones no rule counts, beside a deck the data knows (or not): the maybeboard's unknown
# names and typos, a warning each (read by the batch reader itself, or by parse_text: a precon's
# display commander), and zones whose names are not looked up, one note each (a Cockatrice deck's
# tokens, Planechase and Archenemy decks, Forge's Vanguard avatar, lines marked as tokens; parse_text
# reads them, and the lean checker takes what it read).
UNCOUNTED = (
    "Deck\n{deck}\n\nMaybeboard\n1 Orcish Bowmasters\n2 Lightnig Bolt\n",
    "Deck\n{deck}\n\nSideboard\n2 Duress\n\nMaybeboard\n1 orcish bowmasters\n",
    "Deck\n{deck}\n\nDisplay Commander\n1 Lightnig Bolt\n",
    "{deck}\n1 Elemental [token]\n2 Treasure [token]\n",
    "Deck\n{deck}\n\nTokens\n1 Elemental\n1 Lightning Bolt\n\nPlanar Deck\n1 Stensia\n\nTokens\n1 Clue\n",
    "[metadata]\nName=Avatar\n[Main]\n{deck}\n[Avatar]\n1 Akroma Avatar\n[Schemes]\n1 All in Good Time\n",
    "Deck\n{deck}\n\nMaybeboard\n1 Lightnig Bolt\n\nTokens\n1 Lightnig Bolt\n",
)
UNCOUNTED_COD = """<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1">
    <deckname>Tokens</deckname>
    <zone name="main">
        <card number="4" name="Lightning Bolt"/>
        <card number="4" name="Bonecrusher Giant"/>
        <card number="52" name="Mountain"/>{main}
    </zone>
    <zone name="side">
        <card number="2" name="Duress"/>
    </zone>
    <zone name="tokens">
        <card number="1" name="Elemental"/>
        <card number="3" name="Goblin"/>
    </zone>
</cockatrice_deck>
"""


def _summary(rows: batch.BatchRows) -> dict[Hashable, tuple[object, int, int]]:
    """Deck id -> (legal, unknown_cards, errors) from the summary table."""
    data = rows.summary.data
    return {
        deck_id: (legal, unknown, errors)
        for deck_id, legal, unknown, errors in zip(
            data["deck_id"], data["legal"], data["unknown_cards"], data["errors"], strict=True
        )
    }


@BREAKERS
def test_names_in_zones_no_rule_counts_agree(breakers: bool) -> None:
    """A name the data does not know in the maybeboard is a warning (DC016) and a zone of tokens
    or planes is one note (DC017): neither withholds the verdict, which is the counted zones' on
    both paths; a main deck's unknown card still does. The lean path takes every such deck with a
    card in the zones that count."""
    store = fresh_bundled_store()
    known = "4 Lightning Bolt\n4 Bonecrusher Giant\n52 Mountain"
    unknown = "4 Lightning Bolt\n4 Bonecrusher Giant\n51 Mountain\n1 Orcish Bowmasters"
    sources = [
        *_sources(UNCOUNTED, known),
        *[(f"u{i}", f"u{i}.txt", text.format(deck=unknown)) for i, text in enumerate(UNCOUNTED)],
        ("cod", "cod.cod", UNCOUNTED_COD.format(main="")),
        (
            "cod-unknown",
            "cod-u.cod",
            UNCOUNTED_COD.format(main='\n<card number="1" name="Orcish Bowmasters"/>'),
        ),
        ("only-tokens", "t.txt", "Tokens\n1 Elemental\n"),  # (no card in the deck: the engine's)
    ]
    for fmt in ("modern", "legacy"):
        context = context_for(store, fmt)
        rows = assert_same_sources(sources, context, breakers=breakers)
        assert _lean_share(context, sources[:-1]) == 1.0, fmt
        summary = _summary(rows)
        for deck_id, (legal, unknown_cards, errors) in summary.items():
            if deck_id == "only-tokens":
                continue
            counted_unknown = str(deck_id).startswith("u") or deck_id == "cod-unknown"
            assert (legal, unknown_cards) == ((None, 1) if counted_unknown else (True, 0)), (deck_id, fmt)
            assert errors == (1 if counted_unknown else 0), (deck_id, fmt)  # the main deck's DC010
        codes = _codes_by_deck(rows)
        assert codes["d0"].count("DC016") == 2 and codes["d1"].count("DC016") == 1
        assert codes["d2"].count("DC016") == 1 and "DC017" not in codes["d2"]
        assert codes["d3"].count("DC017") == 1 and codes["d4"].count("DC017") == 2  # (tokens, planes)
        assert codes["d5"].count("DC017") == 2 and codes["cod"].count("DC017") == 1
        assert codes["d6"].count("DC016") == 1 and codes["d6"].count("DC017") == 1
        assert not any("DC010" in codes[deck_id] for deck_id in summary if str(deck_id).startswith("d"))
    commander = "Commander\n1 Gisela, the Broken Blade\n\nDeck\n1 Swords to Plowshares\n98 Plains"
    commander_sources = [
        (f"c{i}", f"c{i}.txt", text.replace("Deck\n{deck}", "{deck}").format(deck=commander))
        for i, text in enumerate(UNCOUNTED[:5])
    ]
    context = context_for(store, "commander")
    rows = assert_same_sources(commander_sources, context, breakers=breakers)
    assert _lean_share(context, commander_sources) == 1.0
    summary = _summary(rows)
    assert summary.pop("c1")[0] is False  # (a sideboard in Commander: DC103)
    assert set(summary.values()) == {(True, 0, 0)}


@BREAKERS
def test_commanders_the_data_does_not_know(breakers: bool) -> None:
    """A commander newer than the card data is still the commander: its eligibility and every
    card's colour identity are not verified, companions whose identity it might hold stay open; the
    lean path takes such decks with the engine's rows. Two copies of one go to the engine."""
    deck = "1 Lightning Bolt\n1 Orcish Bowmasters\n1 Sol Ring\n1 Mox Opal\n96 Swamp\n"
    items: list[Item] = [
        ("plain", f"Commander\n1 Kaust, Eyes of the Glade\n\nDeck\n{deck}"),
        (
            "companion",
            f"Commander\n1 Kaust, Eyes of the Glade\n\nCompanion\n1 Lurrus of the Dream-Den\n\nDeck\n{deck}",
        ),
        ("sideboard", f"Commander\n1 Kaust, Eyes of the Glade\n\nDeck\n{deck}\nSideboard\n1 Duress\n"),
        ("small", "Commander\n1 Kaust, Eyes of the Glade\n\nDeck\n1 Lightning Bolt\n50 Swamp\n"),
        ("twice", f"Commander\n2 Kaust, Eyes of the Glade\n\nDeck\n{deck}"),
        ("pair", f"Commander\n1 Kaust, Eyes of the Glade\n1 Valki, God of Lies\n\nDeck\n{deck}"),
    ]
    for fmt in ("commander", "brawl", "duel"):
        context = context_for(fresh_bundled_store(), fmt)
        assert_same_rows(items, context, breakers=breakers)
    context = context_for(fresh_bundled_store(), "commander")
    assert [d for d, text in items if not _taken(context, str(d), text)] == ["twice", "pair"]


# Pauper Commander's commanders (PDH 906.3), each deck by the verdict both paths give it in Pauper
# Commander and in Commander: an uncommon creature leads, legendary or not (Murmuring Mystic; Akoum
# Warrior by its front face, written as the face or the whole card); a land creature or a planeswalker
# that doesn't say it can be your commander does not; one the data lists as legal (printed at common)
# is not verified; a rare legend is not legal; an uncommon in the 99 is legal only as the commander.
# Two commanders: a Partner with pair, a Background.
PDH_DECKS: tuple[tuple[str, str, bool | None, bool | None], ...] = (
    ("mystic", "1 Murmuring Mystic\n\nDeck\n99 Island", True, False),
    ("akoum-face", "1 Akoum Warrior\n\nDeck\n99 Mountain", True, False),
    ("akoum", "1 Akoum Warrior // Akoum Teeth\n\nDeck\n99 Mountain", True, False),
    ("arbor", "1 Dryad Arbor\n\nDeck\n99 Forest", False, False),
    ("kaya", "1 Kaya, Bane of the Dead\n\nDeck\n99 Plains", False, False),
    ("teferi", "1 Teferi, Temporal Archmage\n\nDeck\n99 Island", True, True),
    ("bears", "1 Grizzly Bears\n\nDeck\n99 Forest", None, False),
    ("niv", "1 Niv-Mizzet, Parun\n\nDeck\n99 Island", False, True),
    ("in-the-99", "1 Lore Weaver\n\nDeck\n1 Murmuring Mystic\n98 Island", False, False),
    ("weavers", "1 Ley Weaver\n1 Lore Weaver\n\nDeck\n98 Island", True, False),
    ("background", "1 Wilson, Refined Grizzly\n1 Raised by Giants\n\nDeck\n98 Forest", None, True),
)


def _pdh_records() -> list[dict[str, Any]]:
    """The cards of PDH_DECKS, with their Pauper Commander legality as the decks need it."""
    from tests.formats.cards import RECORDS

    status = {
        "Dryad Arbor": "restricted",  # (a land creature, were it printed at uncommon)
        "Kaya, Bane of the Dead": "restricted",
        "Teferi, Temporal Archmage": "restricted",
        "Grizzly Bears": "legal",
        "Wilson, Refined Grizzly": "restricted",
        "Raised by Giants": "legal",
    }
    names = {
        *status,
        "Murmuring Mystic",
        "Akoum Warrior // Akoum Teeth",
        "Niv-Mizzet, Parun",
        "Lore Weaver",
        "Ley Weaver",
        "Island",
        "Mountain",
        "Forest",
        "Plains",
    }
    records = []
    for name in sorted(names):
        legalities = dict(RECORDS[name]["legalities"])
        if name in status:
            legalities["paupercommander"] = status[name]
        records.append({**RECORDS[name], "legalities": legalities})
    return records


@BREAKERS
@pytest.mark.parametrize("stored", [False, True], ids=["computed-facts", "stored-facts"])
def test_pauper_commander_commanders(tmp_path: Path, breakers: bool, stored: bool) -> None:
    """Pauper Commander's commander rule (PDH 906.3) gives the same rows on both paths, with the
    facts computed from the cards or stored in the card store; the lean path takes every deck, one
    commander or a pair."""
    from deckcheck import card_facts

    records = _pdh_records()
    if stored:
        path = tmp_path / "pdh.sqlite"
        write_store(
            records,
            path,
            meta={"source": "test", "updated_at": "2026-01-01"},
            facts=card_facts.facts_builder(),
        )
        store = CardStore.open(path)
    else:
        store = CardStore.from_records(records)
    items: list[Item] = [(deck_id, f"Commander\n{text}\n") for deck_id, text, _, _ in PDH_DECKS]
    found: dict[str, list[tuple[str, str, str, str]]] = {}
    for fmt, column in (("paupercommander", 2), ("commander", 3)):
        context = context_for(store, fmt)
        assert context.facts.stored is stored
        rows = assert_same_rows(items, context, breakers=breakers)
        legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
        assert legal == {deck[0]: deck[column] for deck in PDH_DECKS}, fmt
        assert not _handed_back(context, [text for _, text in items]), fmt
        found[fmt] = [
            (row["deck_id"], row["code"], row["card"], row["rule"])
            for row in rows.findings.rows()
            if row["code"] in ("DC015", "DC202", "DC301")
        ]
    assert found["paupercommander"] == [
        ("arbor", "DC301", "Dryad Arbor", "PDH 906.3"),
        ("kaya", "DC301", "Kaya, Bane of the Dead", "PDH 906.3"),
        ("bears", "DC015", "Grizzly Bears", "PDH 906.3"),
        ("niv", "DC202", "Niv-Mizzet, Parun", "Pauper Commander card pool"),
        ("in-the-99", "DC202", "Murmuring Mystic", "Pauper Commander card pool"),
        ("background", "DC015", "Raised by Giants", "PDH 906.3"),
    ]
    # Commander: legendary commanders only (CR 903.3), and these cards all legal
    assert {(deck_id, code) for deck_id, code, _, _ in found["commander"]} == {
        (deck_id, "DC301")
        for deck_id in ("mystic", "akoum-face", "akoum", "arbor", "kaya", "bears", "in-the-99", "weavers")
    }


# Two commanders in Brawl (Arena Brawl, Standard Brawl): whether the format lets them lead is not
# known, so a pair the partner rules allow is not verified; one they refuse, or three, fails; in
# Commander the same pairs are legal. The lean path takes the one-commander deck, and the pairs in
# Commander; it hands the Brawl pairs (their finding is the engine's) and three commanders to the engine.
BRAWL_PAIRS: tuple[tuple[str, tuple[str, ...], bool | None, bool | None], ...] = (
    ("one", ("Niv-Mizzet, Parun",), True, True),
    ("partners", ("Thrasios, Triton Hero", "Tymna the Weaver"), None, True),
    ("partner-with", ("Rhoda, Geist Avenger", "Timin, Youthful Geist"), None, True),
    ("background", ("Wilson, Refined Grizzly", "Raised by Giants"), None, True),
    ("refused", ("Niv-Mizzet, Parun", "Thrasios, Triton Hero"), False, False),
    ("three", ("Thrasios, Triton Hero", "Tymna the Weaver", "Kraum, Ludevic's Opus"), False, False),
)


@BREAKERS
def test_two_commanders_in_brawl(breakers: bool) -> None:
    from tests.formats.cards import RECORDS

    names = {name for _, commanders, _, _ in BRAWL_PAIRS for name in commanders} | {"Wastes"}
    brawl_legal = {"historicbrawl": "legal", "brawl": "legal", "standardbrawl": "legal"}
    store = CardStore.from_records(
        [{**RECORDS[n], "legalities": {**RECORDS[n]["legalities"], **brawl_legal}} for n in sorted(names)]
    )
    for fmt, size, pair_verdict in (("brawl", 100, 2), ("standardbrawl", 60, 2), ("commander", 100, 3)):
        items: list[Item] = [
            (
                deck_id,
                "Commander\n"
                + "".join(f"1 {name}\n" for name in commanders)
                + f"\nDeck\n{size - len(commanders)} Wastes\n",
            )
            for deck_id, commanders, _, _ in BRAWL_PAIRS
        ]
        context = context_for(store, fmt)
        rows = assert_same_rows(items, context, breakers=breakers)
        legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
        assert legal == {deck[0]: deck[pair_verdict] for deck in BRAWL_PAIRS}, fmt
        handed_back = [items[i][0] for i in _handed_back(context, [text for _, text in items])]
        pairs_lead = fmt == "commander"
        assert handed_back == [
            deck_id
            for deck_id, commanders, _, _ in BRAWL_PAIRS
            if len(commanders) > 2 or (len(commanders) == 2 and not pairs_lead)
        ]


# Partner pairs (CR 702.124) in every Commander format that lets two commanders lead: the pairs each
# partner rule allows (partner, Partner with, friends forever, Choose a Background, Doctor's
# companion) and ones it refuses; a half that can't be a commander; main-deck cards inside one
# commander's identity, the pair's, or neither; a companion inside the pair's identity or outside it;
# two commanders the data does not know; names written as the data does not write them. The lean
# path takes every one, with the engine's rows, but a known commander beside an unknown one, one
# listed twice, and one whose colour is chosen.
PAIRS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("partners", ("Thrasios, Triton Hero", "Tymna the Weaver")),
    ("partners-reversed", ("Tymna the Weaver", "Thrasios, Triton Hero")),
    ("partner-with", ("Will Kenrith", "Rowan Kenrith")),
    ("partner-with-other", ("Will Kenrith", "Thrasios, Triton Hero")),
    ("friends-forever", ("Hargilde, Kindly Runechanter", "Sophina, Spearsage Deserter")),
    ("partner-texts-differ", ("Sample Friend", "Sample Fighter")),
    ("background", ("Wilson, Refined Grizzly", "Raised by Giants")),
    ("background-first", ("Raised by Giants", "Wilson, Refined Grizzly")),
    ("background-without-choice", ("Thrasios, Triton Hero", "Raised by Giants")),
    ("doctor", ("Sample Companion", "The Tenth Doctor")),
    ("doctor-changeling", ("Sample Companion", "Sample Shapeshifting Doctor")),
    ("not-a-doctor", ("Sample Companion", "The Master, Formed Anew")),
    ("doctor-choosing-a-colour", ("Clara Oswald", "The Tenth Doctor")),
    ("no-partner", ("Niv-Mizzet, Parun", "Kozilek, Butcher of Truth")),
    ("written-another-way", ("thrasios, triton hero", "Niv Mizzet Parun")),
    ("half-not-legendary", ("Grizzly Bears", "Thrasios, Triton Hero")),
    ("half-a-planeswalker", ("Kaya, Bane of the Dead", "Tymna the Weaver")),
    ("vehicle", ("Parhelion II", "Thrasios, Triton Hero")),
    ("unknown-pair", ("Kaust, Eyes of the Glade", "Frodo, Adventurous Hobbit")),
    ("known-and-unknown", ("Thrasios, Triton Hero", "Frodo, Adventurous Hobbit")),
    ("twice", ("Thrasios, Triton Hero", "Thrasios, Triton Hero")),
    ("chosen-colour", ("The Prismatic Piper", "Thrasios, Triton Hero")),
)
PAIRS_HANDED_BACK = ("known-and-unknown", "twice", "chosen-colour", "doctor-choosing-a-colour")
# a Doctor's companion whose colour is its own (Clara Oswald's is chosen)
DOCTORS_COMPANION = record(
    "Sample Companion",
    "{1}{W}",
    "Legendary Creature — Human",
    "Doctor's companion (You can have two commanders if the other is the Doctor.)",
    identity=["W"],
    legal={"commander": "legal", "duel": "legal"},
)
# main decks: inside one commander's identity only, the pair's, outside it; over and under size
PAIR_DECKS = {
    "full": "1 Counterspell\n1 Kitchen Finks\n1 Lightning Bolt\n1 Sol Ring\n94 Wastes\n",
    "small": "1 Counterspell\n1 Dark Ritual\n50 Wastes\n",
}
PAIR_COMPANIONS = {"none": "", "lurrus": "Companion\n1 Lurrus of the Dream-Den\n\n"}


@BREAKERS
def test_partner_pairs_agree(breakers: bool) -> None:
    from tests.formats.cards import RECORDS

    store = CardStore.from_records([*(RECORDS[name] for name in sorted(RECORDS)), DOCTORS_COMPANION])
    items: list[Item] = []
    for pair_id, commanders in PAIRS:
        leaders = "".join(f"1 {name}\n" for name in commanders)
        for deck_id, deck in PAIR_DECKS.items():
            for companion_id, companion in PAIR_COMPANIONS.items():
                text = f"Commander\n{leaders}\n{companion}Deck\n{deck}"
                items.append((f"{pair_id}/{deck_id}/{companion_id}", text))
    every_pair = {pair_id for pair_id, _ in PAIRS}
    for fmt in ("commander", "duel", "paupercommander", "brawl", "oathbreaker"):
        context = context_for(store, fmt)
        assert_same_rows(items, context, breakers=breakers)
        handed = {str(items[i][0]).split("/")[0] for i in _handed_back(context, [text for _, text in items])}
        # (Brawl: whether pairs lead is not known; Oathbreaker: its own command zone, the engine's)
        assert handed == (every_pair if fmt in ("brawl", "oathbreaker") else set(PAIRS_HANDED_BACK)), fmt


def _event_document(decks: Sequence[tuple[str, Sequence[tuple[int, str, Zone, int]]]], date: str) -> str:
    """An MTGO event document (its decklist JSON) holding these players' decks."""
    import json

    def card(quantity: int, name: str, sideboard: bool) -> dict[str, Any]:
        return {"qty": quantity, "sideboard": sideboard, "card_attributes": {"card_name": name}}

    return json.dumps(
        {
            "decklists": [
                {
                    "player": player,
                    "loginid": i,
                    "main_deck": [card(q, n, False) for q, n, z, _ in entries if z is not Zone.SIDEBOARD],
                    "sideboard_deck": [card(q, n, True) for q, n, z, _ in entries if z is Zone.SIDEBOARD],
                }
                for i, (player, entries) in enumerate(decks)
            ],
            "event_id": 1,
            "description": "Modern Challenge 64",
            "starttime": f"{date} 17:00:00.0",
            "format": "CMODERN",
            "final_rank": [{"loginid": i, "rank": i + 1} for i in range(len(decks))],
        }
    )


@BREAKERS
def test_event_documents(tmp_path: Path, breakers: bool) -> None:
    """MTGO event documents (every deck of an event in one JSON file, entries without source
    lines, the event's metadata, front-face names and cards the data does not know): the lean path
    takes their decks, with the engine's rows; one dated after the card data has its legality
    withheld on both paths."""
    store = fresh_bundled_store()
    pool = deckgen.pool_for(store)
    generated = [
        (deck_id, text)
        for deck_id, text, fmt in deckgen.realistic_named(pool, 120, seed=64, unknown=0.1)
        if fmt == "modern"
    ]
    players = []
    for deck_id, text in generated:
        entries = read_plain([text]).entries(0) or [
            (e.quantity, e.name, e.zone, e.line) for e in parse_text(text, deck_id).entries
        ]
        players.append((deck_id, [e for e in entries if e[2] in (Zone.MAIN, Zone.SIDEBOARD)]))
    later = f"{int(BUNDLED.meta['oracle_as_of'][:4]) + 1}-01-15"
    paths = []
    for i, date in enumerate(("2020-06-14", later)):
        path = tmp_path / f"event-{i}.json"
        path.write_text(_event_document(players[i::2], date), encoding="utf-8")
        paths.append((f"event-{i}", path))
    sources = list(batch.path_sources(paths))
    assert len(sources) == len(players) and all(isinstance(s, ParsedDeck) for _, _, s in sources)
    context = context_for(store, "modern")
    rows = assert_same_sources(sources, context, breakers=breakers)
    assert _lean_share(context, sources) >= 0.95
    withheld = {row["deck_id"] for row in rows.findings.rows() if row["code"] == "DC015"}
    assert {deck_id for deck_id, _, _ in sources if deck_id.startswith("event-1")} <= withheld


def _rows_of(columns: batch.Columns, deck_ids: Sequence[Hashable]) -> batch.Columns:
    """The rows of these decks."""
    wanted, out = set(deck_ids), batch.Columns(columns.names)
    for row in columns.rows():
        if row["deck_id"] in wanted:
            out.add(tuple(row[name] for name in columns.names))
    return out


@BREAKERS
def test_event_documents_given_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, breakers: bool
) -> None:
    """An event document's text (a Series of decklist text, a Dask partition) is its decks, as its
    file is: batch.validate_texts names them ``ID#player`` and gives, on the lean path and on the
    engine's, the rows of the file's decks (batch.path_sources); the lean checker takes them."""
    store = fresh_bundled_store()
    pool = deckgen.pool_for(store)
    generated = [
        (deck_id, text)
        for deck_id, text, fmt in deckgen.realistic_named(pool, 60, seed=65, unknown=0.1)
        if fmt == "modern"
    ]
    players = []
    for deck_id, text in generated[1:]:
        entries = read_plain([text]).entries(0) or [
            (e.quantity, e.name, e.zone, e.line) for e in parse_text(text, deck_id).entries
        ]
        players.append((deck_id, [e for e in entries if e[2] in (Zone.MAIN, Zone.SIDEBOARD)]))
    document = _event_document(players, "2020-06-14")
    items = [("event", document), generated[0]]
    context = context_for(store, "modern")
    fast = batch.validate_texts(items, context, breakers=breakers)
    engine = batch.validate_texts(items, context, breakers=breakers, fast=False)
    ids = [f"event#{player}" for player, _ in players]
    assert [row["deck_id"] for row in engine.summary.rows()] == [*ids, generated[0][0]]
    monkeypatch.chdir(tmp_path)  # (the file "event": its decks' ids and paths are the text's)
    Path("event").write_text(document, encoding="utf-8")
    from_file = batch.check_texts(batch.path_sources([("event", Path("event"))]), context, breakers)
    shown = [*items[1:], *((deck_id, f"(a deck of the event document {items[0][0]!r})") for deck_id in ids)]
    for table in TABLES:
        difference = table_difference(
            table, getattr(engine, table), getattr(fast, table), shown, context
        ) or (
            table_difference(
                table, getattr(from_file, table), _rows_of(getattr(fast, table), ids), shown, context
            )
        )
        assert difference is None, difference
    assert _lean_share(context, list(batch.text_sources(items))) == 1.0


@pytest.mark.realdata
@BREAKERS
def test_real_event_documents(realdata: Path, real_sqlite_store: CardStore, breakers: bool) -> None:
    """Every real MTGO event document, read as an analyst's batch reads files (batch.path_sources),
    in its event's format: the lean path takes every deck, with the engine's rows."""
    files = sorted((realdata / "decks" / "mtgo_events").glob("*.json"))
    if not files:
        pytest.skip("no MTGO event documents in ../shared/realdata/decks/mtgo_events")
    sources = list(batch.path_sources([(path.name, path) for path in files]))
    by_format: dict[str, list[tuple[Hashable, str, batch.DeckSource]]] = {}
    for source in sources:
        deck = source[2]
        assert isinstance(deck, ParsedDeck) and deck.declared_format is not None
        by_format.setdefault(deck.declared_format, []).append(source)
    for fmt, group in by_format.items():
        context = context_for(real_sqlite_store, fmt)
        assert_same_sources(group, context, breakers=breakers)
        assert _lean_share(context, group) == 1.0, fmt


def test_texts_beside_decks_read_already_keep_their_metadata() -> None:
    """A chunk mixing texts with decks read already (a file that needed a fallback encoding, an
    event document) reads its texts as any chunk does: a text's name and metadata comments come
    with it to the lean path (its summary name and metadata rows), as the engine writes them."""
    named = "// NAME: Burn\n// SOURCE: https://example.org/burn\n4 Lightning Bolt\n56 Mountain\n"
    sources: list[tuple[Hashable, str, batch.DeckSource]] = [
        ("read", "read.txt", parse_text("4 Lightning Bolt\n56 Mountain\n", "read.txt")),
        ("named", "named.txt", named),
    ]
    context = context_for(fresh_bundled_store(), "modern")
    rows = assert_same_sources(sources, context)
    assert _lean_share(context, sources) == 1.0
    assert [row["name"] for row in rows.summary.rows()] == [None, "Burn"]
    assert len(rows.metadata) == 2


# Files not read in full (DC001): an MTGO .dek cut off in its third card (two cards read) and a JSON
# deck cut off (none read). The engine judges no rule on them (engine.unread_part); the lean path
# hands them to it.
UNREAD = (
    '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
    '  <Cards CatID="1" Quantity="20" Sideboard="false" Name="Mountain" />\n'
    '  <Cards CatID="2" Quantity="4" Sideboard="false" Name="Lightning Bolt" />\n'
    '  <Cards CatID="3" Quantity="4" Sideboard="false" Name="Goblin Gu\n',
    '{"main": [{"name": "Mountain", "quantity": 20}, {"name": "Lightning Bolt", "quantity": 4}',
)


@BREAKERS
def test_files_not_read_in_full_are_not_judged(breakers: bool) -> None:
    store = fresh_bundled_store()
    sources: list[tuple[Hashable, str, batch.DeckSource]] = [
        *((f"d{i}", f"d{i}.txt", text) for i, text in enumerate(UNREAD)),
        ("whole", "whole.txt", "20 Mountain\n4 Lightning Bolt\n"),
    ]
    context = context_for(store, "modern")
    rows = assert_same_sources(sources, context, breakers=breakers)
    assert _lean_share(context, sources) == 1 / 3  # (the whole one)
    legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
    assert legal == {"d0": None, "d1": None, "whole": False}
    codes: dict[Hashable, list[str]] = {}
    for deck_id, code in zip(rows.findings.data["deck_id"], rows.findings.data["code"], strict=True):
        codes.setdefault(deck_id, []).append(code)
    assert codes["d0"] == codes["d1"] == ["DC001"]
    assert "DC101" in codes["whole"]


@pytest.mark.parametrize("fmt", ["modern", "commander", "paupercommander"])
def test_a_batch_of_names_the_data_does_not_know(fmt: str) -> None:
    """Regression: with no card of the chunk known the per-card arrays are empty, and the commander
    screens indexed them with -1 (IndexError)."""
    sources: list[tuple[Hashable, str, batch.DeckSource]] = [
        ("a", "a.txt", "1 Foo Bar Baz\n"),
        ("b", "b.txt", "Commander\n1 Foo Qux\n\nDeck\n99 Zzz Yyy\n"),
    ]
    rows = assert_same_sources(sources, context_for(fresh_bundled_store(), fmt))
    assert list(rows.summary.data["unknown_cards"]) == [1, 100]


@BREAKERS
def test_a_commander_that_breaks_a_condition_is_not_in_the_cut(breakers: bool) -> None:
    """Kenrith (mana value 5) breaks Gyruda's condition: the cut lists only cards of the 99 (none
    qualifies it), and the DC401 says another commander is needed, on both paths."""
    items: list[Item] = [
        (
            "declared",
            "Commander\n1 Kenrith, the Returned King\n\nCompanion\n1 Gyruda, Doom of Depths\n\n"
            "Deck\n99 Plains\n",
        ),
    ]
    context = context_for(BUNDLED, "commander")
    rows = assert_same_rows(items, context, breakers=breakers)
    assert _handed_back(context, [text for _, text in items]) == []  # (the lean path's rows)
    table = rows.companions.data
    cut = {name: value for name, value in zip(table["companion"], table["cut"], strict=True)}
    assert cut["Gyruda, Doom of Depths"] == 0
    found = rows.findings.data
    (message,) = [m for code, m in zip(found["code"], found["message"], strict=True) if code == "DC401"]
    assert "the commander breaks it: another commander is needed" in message


@BREAKERS
def test_a_card_on_several_lines_breaks_a_condition_once(breakers: bool) -> None:
    """Kitchen Finks written on three lines (three printings) is one card that breaks Lurrus's
    condition: "2 cards (5 copies)", the Finks shown once with its lines, on both paths."""
    items: list[Item] = [
        (
            "finks",
            "2 Kitchen Finks\n1 Kitchen Finks\n1 Questing Beast\n1 Kitchen Finks\n55 Forest\n\n"
            "Companion\n1 Lurrus of the Dream-Den\n",
        ),
    ]
    context = context_for(BUNDLED, "modern")
    rows = assert_same_rows(items, context, breakers=breakers)
    assert _handed_back(context, [text for _, text in items]) == []  # (the lean path's rows)
    found = rows.findings.data
    (message,) = [m for code, m in zip(found["code"], found["message"], strict=True) if code == "DC401"]
    assert "2 cards (5 copies) break it: 4 Kitchen Finks (lines 1, 2, 4: " in message


# -- a user's formats file -------------------------------------------------------------------------
OWN_BANS = """
[house]
extends = "constructed"
min_main = 20
extra_banned = ["Lightning Bolt", "Lurrus of the Dream-Den"]

[kitchen]
extends = "modern"
min_main = 20
extra_banned = ["Lightning Bolt", "Lurrus of the Dream-Den"]
"""


def _assert_own_list_bans_bolt_and_lurrus(rows: Any) -> None:
    """The own list (OWN_BANS) banned Lightning Bolt in decks bolt and lurrus, and Lurrus, the
    companion, is not eligible wherever it is judged."""
    banned = sorted((row["deck_id"], row["card"]) for row in rows.findings.rows() if row["code"] == "DC201")
    assert banned == [
        ("bolt", "Lightning Bolt"),
        ("lurrus", "Lightning Bolt"),
        ("lurrus", "Lurrus of the Dream-Den"),
    ]
    lurrus = [row for row in rows.companions.rows() if row["companion"] == "Lurrus of the Dream-Den"]
    assert lurrus and all(row["eligible"] is False for row in lurrus)


@pytest.mark.parametrize("fmt", ["house", "kitchen"])
def test_a_formats_own_ban_list_on_both_paths(tmp_path: Path, fmt: str) -> None:
    """A format's own ban list bans its cards, and its companions, on the lean path as in the engine,
    in a format with no legality key (house) as in one with a key (kitchen)."""
    path = tmp_path / "formats.toml"
    path.write_text(OWN_BANS, encoding="utf-8")
    spec = load_registry([path])[fmt]
    items: list[Item] = [
        ("bolt", "4 Lightning Bolt\n16 Mountain\n"),
        ("lurrus", "4 Lightning Bolt\n16 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n"),
        ("clean", "4 Shock\n16 Mountain\n"),
    ]
    rows = assert_same_rows(items, batch.BatchContext(BUNDLED, spec))
    _assert_own_list_bans_bolt_and_lurrus(rows)


@pytest.mark.parametrize("fmt", ["house", "kitchen"])
def test_no_cut_for_a_companion_the_formats_own_list_bans(tmp_path: Path, fmt: str) -> None:
    """A companion the format's own ban list bans can never be the deck's companion, whatever the
    card data lists for it (House has no legality key; Modern's data bans Lurrus too): neither path
    offers a cut that would qualify the deck for it (the lean path offered one in House)."""
    path = tmp_path / "formats.toml"
    path.write_text(OWN_BANS, encoding="utf-8")
    context = batch.BatchContext(BUNDLED, load_registry([path])[fmt])
    items: list[Item] = [
        (
            "giant",
            "4 Lightning Bolt\n1 Bonecrusher Giant\n16 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n",
        )
    ]
    rows = assert_same_rows(items, context)
    assert _handed_back(context, [text for _, text in items]) == []  # (the lean path's rows)
    (declared,) = [row["message"] for row in rows.findings.rows() if row["code"] == "DC401"]
    assert "breaks it: 1 Bonecrusher Giant" in declared and "to qualify" not in declared


@pytest.mark.parametrize("as_of", ["2021-06-01", "2010-01-01", "deck"])
@pytest.mark.parametrize("fmt", ["house", "kitchen"])
def test_a_formats_own_ban_list_on_a_day_on_both_paths(tmp_path: Path, fmt: str, as_of: str) -> None:
    """Judged as of a day (one Modern's history covers, one before it, each deck's own date), a
    format's own ban list bans its cards and its companions on every day, on the lean path (which
    hands dated decks to the engine) as in the engine: Kitchen reads Modern's history for the rest
    (DC205 naming it, or DC206 where it does not answer), House has no legality key to read."""
    path = tmp_path / "formats.toml"
    path.write_text(OWN_BANS, encoding="utf-8")
    spec = with_as_of(load_registry([path])[fmt], as_of)
    items: list[Item] = [
        ("bolt", "// date: 2021-06-01\n4 Lightning Bolt\n16 Mountain\n"),
        ("lurrus", "4 Lightning Bolt\n16 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n"),
        ("clean", "// date: 2010-01-01\n4 Shock\n16 Mountain\n"),
    ]
    rows = assert_same_rows(items, batch.BatchContext(BUNDLED, spec))
    _assert_own_list_bans_bolt_and_lurrus(rows)
    dated = {
        row["deck_id"]: (row["code"], row["message"])
        for row in rows.findings.rows()
        if row["code"] in ("DC205", "DC206")
    }
    if fmt == "house":  # no legality key: nothing read from a history
        assert dated == {}
        return
    expected = {"2021-06-01": "555", "2010-01-01": "666", "deck": "566"}[as_of]
    assert [dated[deck_id][0] for deck_id, _ in items] == [f"DC20{digit}" for digit in expected]
    for code, message in dated.values():
        assert code == "DC206" or "Kitchen as modern, the format it extends" in message


OLD_SCHOOL_SETS = sorted(load_registry()["oldschool"].pool_sets)


def _pool_records() -> list[dict[str, Any]]:
    """Old School cards as MTGJSON's 2022 data gives them (Mountain and Birds of Paradise with no
    "oldschool" legality though printed in Alpha), a card with no printings (synthetic), Lurrus
    with no "oldschool" legality, and two book promos with none (synthetic: the data lists Arena,
    which the pool names, as legal; Windseeker Centaur, of 1995, the pool does not hold)."""
    from tests.formats.cards import RECORDS

    def with_(name: str, legalities: dict[str, str], printings: list[str] | None) -> dict[str, Any]:
        found = {**RECORDS[name], "legalities": legalities}
        if printings is not None:
            found["printings"] = printings
        return found

    return [
        with_("Mountain", {"legacy": "legal"}, ["LEA", "M10"]),
        with_("Island", {"legacy": "legal"}, None),  # (no printings: not known whether in the pool)
        with_("Black Lotus", {"oldschool": "restricted", "vintage": "restricted"}, ["LEA"]),
        with_("Lightning Bolt", {"oldschool": "legal", "legacy": "legal"}, ["LEA", "M10"]),
        with_("Counterspell", {"oldschool": "not_legal", "legacy": "legal"}, ["LEA"]),  # (as Scryfall lists)
        with_("Brainstorm", {"legacy": "legal"}, ["ICE", "MMQ"]),
        with_("Lurrus of the Dream-Den", {"legacy": "banned"}, ["IKO"]),
        *(
            {
                "name": name,
                "layout": "normal",
                "faces": [{"name": name, "mana_cost": None, "type_line": "Land", "oracle_text": ""}],
                "color_identity": [],
                "legalities": {"legacy": "legal"},
                "printings": ["PHPR", "PRM"],
            }
            for name in ("Arena", "Windseeker Centaur")
        ),
    ]


@BREAKERS
@pytest.mark.parametrize("stored", [False, True], ids=["computed-facts", "stored-facts"])
def test_a_card_pool_of_sets_on_both_paths(tmp_path: Path, breakers: bool, stored: bool) -> None:
    """Old School (pool_sets, pool_cards): a card the data lists no legality for is not verified when
    printed in a pool set, named by the pool, or when its printings are not known, not legal
    otherwise; listed cards as listed; a deck no card of which lists the key judged by printings
    too (no DC204); a dated deck the data does not vouch for withholds it all. The same rows on
    both paths, facts computed or stored."""
    from deckcheck import card_facts

    path = tmp_path / "pool.sqlite"
    # (dated: "later" is after its day; a few cards of data that knows every set of the pool)
    meta = {"source": "test", "updated_at": "2026-01-01", "set_codes": " ".join(OLD_SCHOOL_SETS)}
    write_store(_pool_records(), path, meta=meta, facts=card_facts.facts_builder() if stored else None)
    store = CardStore.open(path)
    items: list[Item] = [
        ("pool", "4 Lightning Bolt\n1 Black Lotus\n55 Mountain\n"),
        ("unlisted only", "56 Mountain\n4 Brainstorm\n"),
        ("listed", "4 Lightning Bolt\n4 Counterspell\n52 Mountain\n"),
        ("unprinted", "4 Lightning Bolt\n56 Island\n"),
        ("lurrus", "4 Lightning Bolt\n56 Mountain\n\nCompanion\n1 Lurrus of the Dream-Den\n"),
        ("later", "// date: 2027-01-15\n4 Lightning Bolt\n4 Brainstorm\n52 Mountain\n"),
        ("promos", "4 Lightning Bolt\n4 Arena\n4 Windseeker Centaur\n48 Mountain\n"),
    ]
    context = context_for(store, "oldschool")
    assert context.facts.stored is stored
    rows = assert_same_rows(items, context, breakers=breakers)
    found = sorted(
        (row["deck_id"], row["code"], row["card"])
        for row in rows.findings.rows()
        if row["code"] in ("DC015", "DC201", "DC202", "DC204") and row["card"]
    )
    assert found == [
        ("listed", "DC015", "Mountain"),
        ("listed", "DC202", "Counterspell"),
        ("lurrus", "DC015", "Mountain"),
        ("lurrus", "DC202", "Lurrus of the Dream-Den"),
        ("pool", "DC015", "Mountain"),
        ("promos", "DC015", "Arena"),
        ("promos", "DC015", "Mountain"),
        ("promos", "DC202", "Windseeker Centaur"),
        ("unlisted only", "DC015", "Mountain"),
        ("unlisted only", "DC202", "Brainstorm"),
        ("unprinted", "DC015", "Island"),
    ]
    legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
    assert legal == {
        "pool": None,
        "unlisted only": False,
        "listed": False,
        "unprinted": None,
        "lurrus": False,
        "later": None,
        "promos": False,
    }


NEW_POOL = """
[newpool]
extends = "constructed"
title = "New Pool"
legality_key = "newpool"
pool_sets = ["LEA", "DMU", "MH22"]

[oldpool]
extends = "constructed"
title = "Old Pool"
legality_key = "newpool"
pool_sets = ["LEA", "M10"]
"""


@BREAKERS
def test_a_card_pool_naming_sets_the_data_does_not_know_on_both_paths(tmp_path: Path, breakers: bool) -> None:
    """A user's card pool that names sets the card data knows no card of (DMU, newer than it; MH22,
    a mistyping of MH2): a card printed in none of the pool's other sets is not verified, never
    "not legal", on both paths (the lean checker hands such decks to the engine); a pool of sets
    the data knows judges it not legal as before, on the lean path."""
    path = tmp_path / "pool.sqlite"
    meta = {"source": "test", "updated_at": "2026-01-01", "set_codes": "MH2"}
    write_store(_pool_records(), path, meta=meta)
    formats = tmp_path / "formats.toml"
    formats.write_text(NEW_POOL, encoding="utf-8")
    registry = load_registry([formats])
    store = CardStore.open(path)
    texts = [
        "4 Brainstorm\n56 Mountain\n",
        "4 Sheoldred, the Apocalypse\n56 Mountain\n",
    ]
    items: list[Item] = [(f"d{i}", text) for i, text in enumerate(texts)]
    judged: dict[str, list[tuple[str, str, str]]] = {}
    messages: dict[str, dict[str, str]] = {}
    for fmt in ("newpool", "oldpool"):
        context = batch.BatchContext(store, registry[fmt])
        rows = assert_same_rows(items, context, breakers=breakers)
        judged[fmt] = sorted(
            (row["deck_id"], row["code"], row["card"])
            for row in rows.findings.rows()
            if row["code"] in ("DC010", "DC015", "DC202") and row["card"]
        )
        messages[fmt] = {
            row["card"]: row["message"] for row in rows.findings.rows() if row["code"] == "DC015"
        }
        handed = _handed_back(context, texts)
        assert handed == ([0, 1] if fmt == "newpool" else [])
    assert judged["newpool"] == [
        ("d0", "DC015", "Brainstorm"),
        ("d0", "DC015", "Mountain"),
        ("d1", "DC010", "Sheoldred, the Apocalypse"),
        ("d1", "DC015", "Mountain"),
    ]
    # (the card the data does not know: its legality not verified, in the deck's note of them)
    assert "4 Sheoldred, the Apocalypse (line 1) are not in the card data" in " ".join(
        messages["newpool"].values()
    )
    assert (
        "printed in sets DMU, MH22 (did you mean MH2?) of New Pool's card pool"
        in messages["newpool"]["Brainstorm"]
    )
    assert ("d0", "DC202", "Brainstorm") in judged["oldpool"]


BALDUR_POOL = """
[baldur]
extends = "constructed"
title = "Baldur Pool"
legality_key = "baldur"
pool_sets = ["LEA", "CLB"]
"""


@BREAKERS
def test_a_card_pool_naming_a_set_known_in_part_on_both_paths(
    tmp_path: Path, breakers: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A user's card pool naming a set released after the card data's day (CLB, previewed in April
    2022), with the store keeping the sets' release days: a card printed in none of the pool's
    other sets is not verified on both paths (the lean checker hands such decks to the engine);
    without the release days, not legal on the lean path, as before."""
    monkeypatch.setenv("DECKCHECK_TODAY", "2022-04-25")
    formats = tmp_path / "formats.toml"
    formats.write_text(BALDUR_POOL, encoding="utf-8")
    spec = load_registry([formats])["baldur"]
    texts = ["4 Brainstorm\n56 Mountain\n"]
    items: list[Item] = [("d0", texts[0])]
    judged: dict[bool, list[tuple[str, str]]] = {}
    for with_days in (True, False):
        path = tmp_path / f"pool-{with_days}.sqlite"
        # (the data knows some card of CLB: its previewed part)
        meta = {"source": "test", "updated_at": "2022-04-25", "set_codes": "CLB"}
        if with_days:
            days = "CLB:2022-06-10 ICE:1995-06-03 LEA:1993-08-05 M10:2009-07-17 MMQ:1999-10-04"
            meta |= {"set_release_dates": days, "set_release_dates_as_of": "2023-05-21"}
        write_store(_pool_records(), path, meta=meta)
        context = batch.BatchContext(CardStore.open(path), spec)
        rows = assert_same_rows(items, context, breakers=breakers)
        judged[with_days] = sorted(
            (row["code"], row["card"]) for row in rows.findings.rows() if row["code"] in ("DC015", "DC202")
        )
        assert _handed_back(context, texts) == ([0] if with_days else [])
    assert judged[True] == [("DC015", "Brainstorm"), ("DC015", "Mountain")]
    assert ("DC202", "Brainstorm") in judged[False]


@pytest.mark.realdata
def test_real_old_school_basics_are_not_failed(real_sqlite_store: CardStore) -> None:
    """MTGJSON's April 2022 data gives no "oldschool" legality for Mountain, Birds of Paradise, City
    of Brass or Shivan Dragon, all printed in Alpha: their Old School legality is not verified on
    both paths, never "not legal"; a card printed after 1994 is still not legal, and in Premodern a
    card printed only in Portal sets is not legal (the data lists every card of Premodern's sets)."""
    items: list[Item] = [
        ("birds", "4 Birds of Paradise\n56 Mountain\n"),
        ("dragons", "4 City of Brass\n4 Shivan Dragon\n52 Mountain\n"),
        ("goyf", "4 Tarmogoyf\n56 Mountain\n"),
    ]
    rows = assert_same_rows(items, context_for(real_sqlite_store, "oldschool"))
    errors = {
        (row["deck_id"], row["code"], row["card"])
        for row in rows.findings.rows()
        if row["severity"] == "error"
    }
    assert errors == {("goyf", "DC202", "Tarmogoyf")}
    unverified = {(row["deck_id"], row["card"]) for row in rows.findings.rows() if row["code"] == "DC015"}
    assert {("birds", "Birds of Paradise"), ("birds", "Mountain"), ("dragons", "Shivan Dragon")} <= unverified
    legal = dict(zip(rows.summary.data["deck_id"], rows.summary.data["legal"], strict=True))
    assert legal == {"birds": None, "dragons": None, "goyf": False}
    premodern: list[Item] = [
        ("portal", "4 Alluring Scent\n56 Forest\n"),
        ("tempest", "4 Wasteland\n56 Forest\n"),
    ]
    rows = assert_same_rows(premodern, context_for(real_sqlite_store, "premodern"))
    found = {(row["deck_id"], row["code"], row["card"]) for row in rows.findings.rows() if row["card"]}
    assert found == {("portal", "DC202", "Alluring Scent")}


@pytest.mark.parametrize("breakers", [False, True])
def test_a_companion_counted_among_the_hundred_is_named_in_the_size_error(breakers: bool) -> None:
    """101 cards, one of them a companion card listed in the deck: the size error says that as the
    companion it is not one of the 100 (its place is a Companion section), in both paths. It said
    "this one has 101 (100 in the deck + 1 commander)" and left the player to find the card."""
    store = fresh_bundled_store()
    listed = (
        "Commander\n1 Kenrith, the Returned King\n\nDeck\n1 Jegantha, the Wellspring\n1 Sol Ring\n98 Forest\n"
    )
    declared = listed.replace("Deck\n1 Jegantha", "Companion\n1 Jegantha").replace(
        "1 Sol Ring\n", "\nDeck\n1 Sol Ring\n"
    )
    larger = listed.replace("98 Forest", "99 Forest")
    sources = [("listed", "l.txt", listed), ("declared", "d.txt", declared), ("larger", "g.txt", larger)]
    rows = assert_same_sources(sources, context_for(store, "commander"), breakers=breakers)
    sizes = {f["deck_id"]: f["message"] for f in rows.findings.rows() if f["code"] == "DC306"}
    assert sizes["listed"].endswith(
        "this one has 101 (100 in the deck + 1 commander): if Jegantha, the Wellspring is your "
        "companion, list it under 'Companion': the companion is not one of the 100"
    )
    assert "declared" not in sizes  # (the companion outside the 100: 100 cards)
    assert "companion" not in sizes["larger"]  # (102 cards: moving it out would not make 100)
