"""Battlefield morale (A8.1), rallying (A8.1.1) and desertion (A8.1.2): the tables.

Seed, "Regole Avanzate" 8.1 "Il Morale sul Campo di Battaglia", 8.11 "Recupero del Morale",
8.12 "Disertare e Sbandare", and player aid 2 ("Tabella del Morale", "Modificatori sul Campo di
Battaglia", "Modificatori sulla Diserzione"). The battle (core/ahd/battle/rout.py, desertion.py)
rolls the dice and asks the questions; here are the numbers.

  T4  morale value: crack 5, veteran 4, militia 3 after 1861, militia 2 in 1861
      "Un pezzo fallisce il test sul morale se il risultato del dado lanciato è maggiore del
      valore di morale di quell'unità, inclusi i modificatori"
  T5  battlefield morale: -1 if the piece is in a fort or entrenched (AMB-52: entrenched by any
      means; a box called "Fort ..." gives nothing by itself)
  T6  desertion: +1 if its army has just lost the battle, -1 if it is not routed, minus the
      value of every friendly leader present (A8.2.3)
"""
from __future__ import annotations

from core.ahd.calendar import year
from core.ahd.state import CRACK, MILITIA, VETERAN, Piece

# T4 "Tabella del Morale"
MORALE = {CRACK: 5, VETERAN: 4, MILITIA: 3}
MILITIA_1861 = 2  # "Tutta la Milizia nel 1861"

DAY = 4  # A8.1.1 "Al termine di ognuno dei quattro turni di battaglia (cioè alla fine di ogni
         # giorno)": rounds 4, 8, 12...


def morale_value(p: Piece, turn: int) -> int:
    """T4: the piece's morale value in game turn `turn` (AMB-48: the turn's calendar year)."""
    if p.grade == MILITIA and year(turn) == 1861:
        return MILITIA_1861
    return MORALE[p.grade]


def battlefield_modifier(entrenched: bool) -> int:
    """T5: 'Sottraete uno dal test sul morale se l'unità si trova in un forte od è trincerata'."""
    return -1 if entrenched else 0


def desertion_modifier(lost: bool, routed: bool, leaders: int) -> int:
    """T6: +1 if the piece's army has just lost the battle ('ha appena perso una battaglia';
    the aid sheet's 'si ritira' is one way of losing, AMB-43), -1 if it is not routed, minus the
    value of the friendly leaders present (A8.1.2, A8.2.3)."""
    return (1 if lost else 0) + (0 if routed else -1) - leaders


def fails(die: int, modifier: int, value: int) -> bool:
    """T4: the test fails when the die plus its modifiers is greater than the morale value."""
    return die + modifier > value


def end_of_day(round_no: int) -> bool:
    """A8.1.1: rounds 4, 8, 12... end a day of battle (AMB-40: days of 4 rounds are used even
    without A7.0)."""
    return round_no > 0 and round_no % DAY == 0


