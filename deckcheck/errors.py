"""Errors that end a run with exit code 2 (usage, config, card data, network, internal).

Findings about a deck are never exceptions; these are for when deckcheck cannot do its job.
"""

from __future__ import annotations

from collections.abc import Sequence


class DeckcheckError(Exception):
    """Base class: a message for the user, no traceback, exit code 2."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None, details: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint
        # Lines shown under the message (one item each: a message is one line, so a line break
        # inside a file or card name can never pass for a line of its own).
        self.details = tuple(details)

    def __str__(self) -> str:
        lines = [self.message, *(f"  {d}" for d in self.details)]
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return "\n".join(lines)


class ConfigError(DeckcheckError):
    """Bad configuration file or option value."""


class CardDataError(DeckcheckError):
    """Card data is missing, corrupt or of the wrong shape."""


class NetworkError(DeckcheckError):
    """A download failed; the previous card store is left as it was."""


class InputError(DeckcheckError):
    """A decklist file cannot be opened at all (missing, a directory, permission denied)."""
