"""Draft logs saved instead of a decklist: the log MTGO writes of a draft, which XMage writes too
(``.draft``): the players, then each pick's pack with the card taken marked ``--> Name``.

A draft log is not a deck: its picks are the pool a Limited deck is built from (with basic lands
added, the rest the sideboard), and the cards left in the packs went to the other players. Reading
it as a deck would judge the packs, or a pool nobody played, so the whole file is one clear
problem, naming what to check instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckcheck.deck import ParsedDeck
from deckcheck.decklist._base import UNREADABLE, split_lines, whole_file_problem

PICK_MARK = "--> "
PACK_HEADER = re.compile(r"Pack \d+ pick \d+:")


@dataclass(frozen=True, slots=True)
class DraftLogFormat:
    name: str = "draft"
    description: str = "an MTGO or XMage draft log (.draft: packs and picks, not a deck): reported, not read"

    def parse(self, text: str, path: str) -> ParsedDeck:
        # MTGO marks the player's own name in the players list the same way: only the marks after
        # the first "Pack 1 pick 1:" are picks
        lines = split_lines(text)
        first_pack = next((i for i, line in enumerate(lines) if PACK_HEADER.match(line)), len(lines))
        picks = sum(1 for line in lines[first_pack:] if line.startswith(PICK_MARK))
        return whole_file_problem(
            path,
            self.name,
            f"not a decklist (an MTGO or XMage draft log: {picks} picks and the packs they were taken "
            "from): build the deck from the picks (XMage's deck editor imports a .draft as its pool), "
            "save it (.dck, or a text list with its basic lands), and check that",
            code=UNREADABLE,
            text=text,
        )


DRAFT_LOG = DraftLogFormat()
