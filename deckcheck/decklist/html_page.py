"""Web pages saved instead of a decklist (deck sites' HTML, or their JavaScript embeds).

They are not a decklist format: the whole file is one clear problem, never a crash and never a
pile of bogus card lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcheck.deck import ParsedDeck
from deckcheck.decklist._base import UNREADABLE, whole_file_problem


@dataclass(frozen=True, slots=True)
class HtmlFormat:
    name: str = "html"
    description: str = "an HTML page or script (not a decklist): reported, not read"

    def parse(self, text: str, path: str) -> ParsedDeck:
        return whole_file_problem(
            path,
            self.name,
            "not a decklist (HTML page): export the deck as text, CSV or JSON from the site",
            code=UNREADABLE,
            text=text,
        )


HTML = HtmlFormat()
