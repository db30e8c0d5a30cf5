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

# O4.4 (the 1863 draft riots): the April 1863 enlistment comes one militia at a time, in April,
# May, June and July 1863 (all single-month turns).
DRAFT_RIOT_TURNS = tuple(turn_of(m, 1863) for m in ("Apr", "May", "Jun", "Jul"))
UNION_MILITIA_AT_START = 12  # B8.0: on the map in July 1861; the other 12 wait for enlistment


def enlistment(turn: int, draft_riots: bool = False) -> int:
    """Union militia infantry joining the pool at the start of `turn` (B8.0; O4.4)."""
    if draft_riots and turn in DRAFT_RIOT_TURNS:
        return 1  # April 1863 included: 1 instead of 4
    return 4 if turn in ENLISTMENT_TURNS else 0


def militia_enlisted(turn: int, draft_riots: bool = False) -> int:
    """Union militia infantry that may be in play or in the pool once `turn` has begun (B8.0,
    TC-14): 12, then 16, 20, 24; under O4.4 17, 18, 19, 20 from April to July 1863."""
    return UNION_MILITIA_AT_START + sum(enlistment(t, draft_riots) for t in range(1, turn + 1))
