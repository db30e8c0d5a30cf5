"""Battle days and command values, advanced rule A7.0 (the Command Table: core/ahd/command.py).

Seed "Regole Avanzate" 7.0 "Le Battaglie e la Tabella di Comando": 'Le battaglie sono misurate
in giornate, con quattro round di battaglia al giorno'. 'Il comando è determinato all'inizio di
ogni giorno di battaglia': each side rolls 1d6 on the Command Table (T2) in the column of the
current year; from day 2 half the previous day's value, rounded up, is added (TC-18); A8.2.2
adds the leaders present; at most 8. That many of its pieces may fire in each round of the day
('il numero di pezzi che il giocatore può agganciare'): the owner picks them each round
(AMB-40); every piece present stays a target.
"""
from __future__ import annotations

from core import dice, stack
from core.ahd.battle import garrison, leadership
from core.ahd.battle.base import GROUP, current, day, in_line, short, tag, title
from core.ahd.calendar import year
from core.ahd.command import carried_over, day_value, table_value
from core.ahd.frames import Firers
from core.ahd.pieces import piece
from core.ahd.state import AhdState, Battle
from core.engine import Action, Choice


def in_force(state: AhdState) -> bool:
    return state.options.battle_days


def start_day(state: AhdState, b: Battle) -> None:
    """A7.0, step at the start of rounds 1, 5, 9...: each side's command value for the day,
    attacker first, then defender."""
    if not in_force(state) or b.round % 4 != 1:
        return
    when = year(state.turn)
    for side in (b.attacker, b.defender):
        die = dice.d6(state, f"{side} command, day {day(b.round)}", "A7.0")
        table = table_value(when, die, side)
        previous = b.command.get(side, 0)
        led = leadership.command_bonus(state, b, side)  # A8.2.2: the leaders present
        b.command_die[side] = die
        b.command_carried[side] = carried_over(previous)
        b.command_leaders[side] = led
        b.command[side] = day_value(table, previous, led)
        carried = f" + {b.command_carried[side]} carried" if previous else ""
        carried += f" + {led} leaders (A8.2.2)" if led else ""
        state.log.append(f"{tag(b)}: day {day(b.round)}, {side} Command Table die {die} "
                         f"({when}): {table}{carried} = command {b.command[side]} (A7.0)")


def quota(state: AhdState, b: Battle, side: str) -> int:
    """How many of `side`'s pieces fire this round: at most the day's command value (the
    coastal garrison, not a piece, is not counted)."""
    return min(len(in_line(b, side)), b.command[side])


def engages(state: AhdState, b: Battle, side: str) -> None:
    """A7.0, step after a fire opens: when more of `side`'s pieces could fire than its
    command value allows, the owner picks which (the Firers stop)."""
    if in_force(state) and len(in_line(b, side)) > quota(state, b, side):
        stack.push(state, Firers(side=side))


def _prompt(state: AhdState, frame: Firers) -> str:
    b = current(state)
    return (f"{title(b)} — {frame.side} command {b.command[frame.side]} (A7.0): choose the "
            f"pieces that fire this round ({len(frame.engaged)} of "
            f"{quota(state, b, frame.side)} chosen)")


def _choices(state: AhdState, frame: Firers) -> list[Choice]:
    b = current(state)
    return [Choice(Action("engage", pid),
                   f"Engage {pid} ({short(state, b, piece(state, pid))}"
                   f"{leadership.bonus_note(b, pid)}): it fires this round", GROUP)
            for pid in sorted(in_line(b, frame.side)) if pid not in frame.engaged]


def _engage(state: AhdState, frame: Firers, pid: str) -> None:
    b = current(state)
    side = frame.side
    frame.engaged.append(pid)
    if len(frame.engaged) < quota(state, b, side):
        return
    idle = sorted(p for p in in_line(b, side) if p not in frame.engaged)
    state.log.append(f"{tag(b)}: {side} engages {', '.join(sorted(frame.engaged))} (command "
                     f"{b.command[side]}); not firing: {', '.join(idle)} (A7.0)")
    b.firers = garrison.fires_first(b, side, sorted(frame.engaged))
    stack.done(state, frame)



FIRERS = stack.Stop(role=lambda state, frame: frame.side, prompt=_prompt, choices=_choices,
                    handlers={"engage": _engage})
