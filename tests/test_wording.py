"""How messages word a count (deckcheck.wording.counted): the noun plural unless the count is 1,
the number with thousands separators, in every layer alike (the check summary's counts too)."""

from __future__ import annotations

from deckcheck.reporters import RunTally, summary_text
from deckcheck.wording import counted


def test_a_count_of_one_is_singular_and_thousands_are_separated() -> None:
    assert [counted(n, "card") for n in (0, 1, 2, 999, 1000, 1234567)] == [
        "0 cards",
        "1 card",
        "2 cards",
        "999 cards",
        "1,000 cards",
        "1,234,567 cards",
    ]


def test_the_check_summary_separates_thousands_in_every_count() -> None:
    tally = RunTally()
    tally.decks, tally.legal, tally.with_errors, tally.not_verified = 12_345, 10_000, 1_234, 1_111
    tally.errors, tally.warnings, tally.infos, tally.failing_on_warnings = 5_678, 1, 2_000, 1_001
    tally.not_checked, tally.skipped = 1_500, 1
    assert summary_text(tally, verbose=False) == (
        "12,345 decks checked: 10,000 legal, 1,234 illegal, 1,111 not verified (5,678 errors, "
        "1 warning); 1,001 failing on warnings (--strict); 2,000 notes hidden (-v shows them); 1,500 files "
        "could not be checked; 1 file skipped (not a decklist; -v lists them)"
    )


def test_the_check_summary_tells_errors_that_leave_rules_unchecked_from_broken_rules() -> None:
    """Regression: an empty decklist (DC005, an error that leaves its deck not verified) made the
    summary read "0 with errors, 1 not verified (1 error, ...)": decks counted one way, errors
    another. The errors that break no rule are named as such, with their verb's number."""
    tally = RunTally()
    tally.decks, tally.not_verified, tally.errors, tally.unchecked_errors = 1, 1, 1, 1
    assert summary_text(tally, verbose=False) == (
        "1 deck checked: 0 legal, 0 illegal, 1 not verified (1 error that leaves rules unchecked, 0 warnings)"
    )
    tally.decks, tally.with_errors, tally.errors, tally.unchecked_errors = 1_003, 1_002, 3_001, 2_000
    assert summary_text(tally, verbose=False) == (
        "1,003 decks checked: 0 legal, 1,002 illegal, 1 not verified (1,001 errors that break a rule, "
        "2,000 errors that leave rules unchecked, 0 warnings)"
    )
    tally.errors = 2_001
    assert (
        "(1 error that breaks a rule, 2,000 errors that leave rules unchecked, 0 warnings)"
        in summary_text(tally, verbose=False)
    )


def test_a_run_that_checked_no_deck_counts_no_verdicts_and_no_errors() -> None:
    """Regression: a player's one file declaring a format deckcheck does not know printed its DC006
    error, then "0 decks checked: 0 legal, 0 illegal (0 errors, 0 warnings); 1 file could not be
    checked": an error shown, and none counted. With no deck checked, the summary says only that,
    and what became of the files."""
    tally = RunTally()
    tally.not_checked = 1
    assert summary_text(tally, verbose=False) == "0 decks checked; 1 file could not be checked"
    tally.not_checked, tally.skipped, tally.skipped_excluded = 0, 2, 2
    assert summary_text(tally, verbose=True) == "0 decks checked; 2 files skipped (excluded)"
