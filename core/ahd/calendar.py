"""The turn track (B10.0, T12): 40 game turns from July 1861 to June 1865.

The seed says turns are one month, or two in winter, without naming the paired months (GAP-5).
Fixed points: 40 turns in 48 months, 10 turns from July 1861 to June 1862 (B13.0), April to
July single (O4.4), every March ends a turn (O5.0). Reading chosen (docs/ahd-decisions.md):
November-December and January-February are the two double turns of each winter, so no turn
straddles a new year and every turn has one calendar year (for the Command Table columns and
the 1861 rules).
"""
from __future__ import annotations

_WAR_YEAR = ["Jul", "Aug", "Sep", "Oct", "Nov-Dec", "Jan-Feb", "Mar", "Apr", "May", "Jun"]
LAST_TURN = 40


def month(turn: int) -> str:
    """'Jul', 'Nov-Dec', ... for game turn 1..40."""
    return _WAR_YEAR[(turn - 1) % 10]


def year(turn: int) -> int:
    """Calendar year of a game turn: Jul-Dec belong to the first year of the war year."""
    war_year = 1861 + (turn - 1) // 10
    return war_year if (turn - 1) % 10 < 5 else war_year + 1


def label(turn: int) -> str:
    """'Nov-Dec 1861'."""
    return f"{month(turn)} {year(turn)}"


def turn_of(name: str, when: int) -> int:
    """The game turn of a month name in a calendar year: turn_of('Apr', 1862) == 8."""
    for turn in range(1, LAST_TURN + 1):
        if month(turn) == name and year(turn) == when:
            return turn
    raise ValueError(f"no game turn {name} {when}")


# B8.0: the three enlistments, 4 Union militia infantry each, in April 1862/1863/1864.
ENLISTMENT_TURNS = (turn_of("Apr", 1862), turn_of("Apr", 1863), turn_of("Apr", 1864))
