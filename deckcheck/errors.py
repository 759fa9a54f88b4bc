"""Errors that end a run with exit code 2 (usage, config, card data, network, internal).

Findings about a deck are never exceptions; these are for when deckcheck cannot do its job.
"""

from __future__ import annotations


class DeckcheckError(Exception):
    """Base class: a message for the user, no traceback, exit code 2."""

    exit_code = 2

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message}\nhint: {self.hint}"


class ConfigError(DeckcheckError):
    """Bad configuration file or option value."""


class CardDataError(DeckcheckError):
    """Card data is missing, corrupt or of the wrong shape."""


class NetworkError(DeckcheckError):
    """A download failed; the previous card store is left as it was."""


class InputError(DeckcheckError):
    """A decklist file cannot be opened at all (missing, a directory, permission denied)."""
