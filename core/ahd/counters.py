"""The counter mix: every piece that exists, in a fixed order (GAP-6).

The seed prints no counter sheet. Militia counts are fixed by the rules: 24 Union militia
infantry (12 on the map, 12 enlisted later, B2.0/B8.0), 8 Confederate militia infantry (every
setup fields exactly 8, GAP-6), one militia cavalry in each starting pool (B2.0) and a second
Union one that the scenarios need. Veteran and crack counts are reconstructed: at least what the
scenarios field (GAP-6 minimum table), with room for promotions. Three extra Confederate militia
infantry wait set aside for the border-state support rule (A8.3), which is the only way they
enter the game. Provenance: "reconstructed" unless a rule is cited.

The four foreign units of foreign intervention (A8.4) exist only in games played with that rule:
the seed gives their number (4) but not their type or values (GAP-8); they are read as veteran
infantry (docs/ahd-decisions.md), ids C-FOR-01 to C-FOR-04, after every other counter.
"""
from __future__ import annotations

from core.ahd.state import (CAVALRY, CODE, CRACK, CSA, INFANTRY, MILITIA, SPARE, UNION, VETERAN,
                            Piece)

# (side, arm, grade) -> number of counters
COUNTER_MIX: dict[tuple[str, str, str], int] = {
    (UNION, INFANTRY, MILITIA): 24,   # seed B2.0, B8.0
    (UNION, INFANTRY, VETERAN): 24,   # reconstructed (scenarios need 18)
    (UNION, INFANTRY, CRACK): 6,      # reconstructed (scenarios need 3)
    (UNION, CAVALRY, MILITIA): 2,     # seed B2.0 (1 in the pool); scenarios need 2
    (UNION, CAVALRY, VETERAN): 6,     # reconstructed (scenarios need 2)
    (UNION, CAVALRY, CRACK): 3,       # reconstructed
    (CSA, INFANTRY, MILITIA): 11,     # seed: 8 (GAP-6) + 3 for A8.3 border-state support
    (CSA, INFANTRY, VETERAN): 18,     # reconstructed (scenarios need 10)
    (CSA, INFANTRY, CRACK): 6,        # reconstructed (scenarios need 2)
    (CSA, CAVALRY, MILITIA): 1,       # seed B2.0 (1 in the pool)
    (CSA, CAVALRY, VETERAN): 8,       # reconstructed (scenarios need 4)
    (CSA, CAVALRY, CRACK): 3,         # reconstructed (scenarios need 1)
}


def make_counters() -> list[Piece]:
    """Every counter, all spare (not in play), in the fixed order that INDEX describes."""
    pieces = []
    for (side, arm, grade), count in COUNTER_MIX.items():
        prefix = "U" if side == UNION else "C"
        for n in range(1, count + 1):
            pid = f"{prefix}-{CODE[(arm, grade)]}-{n:02d}"
            pieces.append(Piece(id=pid, side=side, arm=arm, grade=grade, loc=SPARE))
    return pieces


FOREIGN_UNITS = 4  # seed A8.4: "4 unità straniere in Europa"


def foreign_counters() -> list[Piece]:
    """The A8.4 foreign units, set aside until intervention; veteran infantry (GAP-8, a
    reading). In a game with the rule they follow make_counters() in the piece list."""
    return [Piece(id=f"C-FOR-{n:02d}", side=CSA, arm=INFANTRY, grade=VETERAN, loc="aside",
                  foreign=True) for n in range(1, FOREIGN_UNITS + 1)]


# Where the foreign units start in a game's piece list (they follow every other counter).
FIRST_FOREIGN = len(make_counters())

COUNTERS: list[Piece] = [*make_counters(), *foreign_counters()]  # every counter, as it starts
INDEX: dict[str, int] = {p.id: i for i, p in enumerate(COUNTERS)}
# Each counter's (arm, grade), by its position in the list: they never change (a promotion
# swaps counters, B6.0).
KINDS: tuple[tuple[str, str], ...] = tuple((p.arm, p.grade) for p in COUNTERS)
