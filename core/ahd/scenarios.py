"""The year scenarios (O5.0) and the scenario victory table (T9).

Seed, "Regole Opzionali e Scenari" 5.0: every scenario starts with the April turn of its year,
the Union moving first; both players have only 1 march on the scenario's first turn; the game
may be ended at the end of any March from 1862 to 1864, comparing D = MAS(Union) - MAS(CSA)
with the table. The setups themselves are data (setups.toml), loaded by core/ahd/setup.py.
"""
from __future__ import annotations

from typing import Any

from core.ahd.calendar import label, turn_of
from core.ahd.options import AhdOptions

CAMPAIGN = "campaign"
SCENARIOS = ("1862", "1863", "1864")
NO_END = "none"
END_CHOICES = (NO_END, "1862-03", "1863-03", "1864-03", "1865-03")

# O5.0: the judged March each start may agree on. The seed allows the Marches of 1862-1864
# after the start; the 1864 scenario has none left, so the reference's extrapolated March 1865
# row (AMB-24, AMB-60) is offered for it alone.
VALID_ENDS: dict[str, tuple[str, ...]] = {
    CAMPAIGN: ("1862-03", "1863-03", "1864-03"),
    "1862": ("1863-03", "1864-03"),
    "1863": ("1864-03",),
    "1864": ("1865-03",),
}

# T9, the seed's "Tabella per la Determinazione della Vittoria negli Scenari": for the March of
# each year, the D of each column; the first column is "or more" (11+), the last "or less"
# ("5 o meno"). The 1865 row is not in the seed: the reference extrapolates +4 per year (AMB-24).
LEVELS = ("Union victory", "Union advantage", "Union edge", "Historical result (draw)",
          "Confederate edge", "Confederate advantage", "Confederate victory")
T9: dict[int, tuple[int, ...]] = {
    1862: (11, 10, 9, 8, 7, 6, 5),
    1863: (15, 14, 13, 12, 11, 10, 9),
    1864: (19, 18, 17, 16, 15, 14, 13),
    1865: (23, 22, 21, 20, 19, 18, 17),  # extrapolated (AMB-24), not in the seed
}
EXTRAPOLATED = (1865,)


def is_scenario(name: str) -> bool:
    return name in SCENARIOS


def end_point(options: AhdOptions) -> str:
    """The agreed March ("1863-03"), or "none"."""
    return options.scenario_end


def end_year(options: AhdOptions) -> int | None:
    point = end_point(options)
    return None if point == NO_END else int(point[:4])


def end_turn(options: AhdOptions) -> int | None:
    """The game turn of the judged March (Mar 1863 = turn 17), or None."""
    year = end_year(options)
    return None if year is None else turn_of("Mar", year)


def check_end_point(scenario: str, start_turn: int, options: AhdOptions) -> None:
    """O5.0: refuse an end point the start cannot reach (ValueError with the reason)."""
    point = end_point(options)
    if point == NO_END:
        return
    when = end_turn(options)
    assert when is not None
    game = "the campaign" if scenario == CAMPAIGN else f"the {scenario} scenario"
    if when <= start_turn:
        raise ValueError(f"scenario_end {point}: the end of {label(when)} is not after the "
                         f"start of {game} ({label(start_turn)}); choose a later March "
                         f"(O5.0)")
    if point not in VALID_ENDS[scenario]:
        raise ValueError(f"scenario_end {point}: the March 1865 row of the scenario victory "
                         f"table is an extrapolation offered only for the 1864 scenario "
                         f"(AMB-24); {game} may end at "
                         f"{', '.join(VALID_ENDS[scenario])} (O5.0)")
    if options.short_game and when > 10:
        raise ValueError(f"scenario_end {point}: the short game (B13.0) ends in June 1862, "
                         f"before the end of {label(when)}")


def level(year: int, d: int) -> str:
    """T9: the result for D = MAS(Union) - MAS(CSA) at the end of March of `year`."""
    row = T9[year]
    if d >= row[0]:
        return LEVELS[0]
    if d <= row[-1]:
        return LEVELS[-1]
    return LEVELS[row.index(d)]


def row_text(year: int) -> str:
    """'row Mar 1863: Union victory 15+, ... Confederate victory 9 or less'."""
    row = T9[year]
    cells = [f"{LEVELS[0]} {row[0]}+"]
    cells += [f"{name} {value}" for name, value in zip(LEVELS[1:-1], row[1:-1])]
    cells.append(f"{LEVELS[-1]} {row[-1]} or less")
    note = " (extrapolated, AMB-24)" if year in EXTRAPOLATED else ""
    return f"row Mar {year}{note}: {', '.join(cells)}"


def judgement(year: int, union_mas: int, csa_mas: int) -> str:
    """The result text at the end of the agreed March (O5.0, T9)."""
    d = union_mas - csa_mas
    return (f"{level(year, d)} at the end of Mar {year} (O5.0, T9): D = Union MAS {union_mas} "
            f"- Confederate MAS {csa_mas} = {d}; {row_text(year)}.")
