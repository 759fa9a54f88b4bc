"""A tally of what the reliability tests tried and what came of it, printed at the end of the run
(``pytest tests/reliability`` shows the table in the terminal summary)."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field


@dataclass
class Tally:
    # section ("hostile input", "fault") -> class -> outcome -> count
    counts: dict[str, dict[str, Counter[str]]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(Counter))
    )

    def record(self, section: str, kind: str, outcome: str) -> None:
        self.counts[section][kind][outcome] += 1

    def lines(self) -> list[str]:
        out: list[str] = []
        for section, kinds in sorted(self.counts.items()):
            total = sum(sum(c.values()) for c in kinds.values())
            out.append(f"{section}: {total} tried")
            for kind, outcomes in sorted(kinds.items()):
                detail = "; ".join(f"{n} {outcome}" for outcome, n in sorted(outcomes.items()))
                out.append(f"  {kind:<40} {sum(outcomes.values()):>4}  {detail}")
        return out


TALLY = Tally()
