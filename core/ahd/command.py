"""The Command Table (T2) and command values: marches (A3.0) and battle days (A7.0).

Seed, "Regole Avanzate" 3.0 "Movimento e Comandi" and 7.0 "Le Battaglie e la Tabella di
Comando" (table of contents numbers 8 and 12). One d6, read in the column of the current year;
each entry is Union value / Confederate value.
"""
from __future__ import annotations

from core.ahd.state import UNION

# T2, seed "Tabella di Comando": die 1..6 -> (Union, Confederate) for each year of the war.
COMMAND_TABLE: dict[int, tuple[tuple[int, int], ...]] = {
    1861: ((2, 2), (2, 3), (2, 3), (3, 4), (3, 4), (4, 5)),
    1862: ((2, 3), (2, 3), (3, 4), (3, 4), (4, 5), (4, 5)),
    1863: ((2, 3), (3, 4), (3, 4), (4, 5), (4, 5), (5, 6)),
    1864: ((3, 3), (3, 3), (4, 4), (4, 4), (5, 5), (5, 5)),
    1865: ((3, 2), (4, 3), (4, 3), (5, 4), (5, 4), (6, 5)),
}

# A7.0: "al massimo possono essere agganciate 8 unità per fronte ad ogni attacco" (the
# Command Value track of player aid 2 runs 1 to 8).
MAX_ENGAGED = 8


def table_value(year: int, die: int, side: str) -> int:
    """T2: the number `side` reads for `die` in the column of `year` (AMB-48: a turn's year)."""
    union, csa = COMMAND_TABLE[year][die - 1]
    return union if side == UNION else csa


def carried_over(previous: int) -> int:
    """A7.0: half the previous day's command value, rounded up (0 before the first day)."""
    return -(-previous // 2)


def day_value(table: int, previous: int, leaders: int = 0) -> int:
    """A7.0, AMB-40: a side's command value for a battle day, capped at 8.

    Day 1: the table result. Later days: the table result plus half the previous day's
    recorded value, rounded up. A8.2.2: 'per ogni giorno potete aggiungere il bonus dei vostri
    leader presenti in battaglia. L'effetto è applicabile al massimo ad 8 pezzi' (TC-18 with
    Grant: 4 + 2 + 2 = 8).
    """
    return min(MAX_ENGAGED, table + carried_over(previous) + leaders)
