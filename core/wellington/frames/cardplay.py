"""A card played for Command Points (5.5) and what CP buy: flags (7.1), building and
regrouping (6.1-6.3); moves, convoys and assaults are pushed by their own parts.
Behaviour: core/wellington/cardplay.py, flags.py, building.py."""
from __future__ import annotations

from core.stack import Frame, Sequence


class CommandPoints(Frame, tag="command-points", kw_only=True):
    """5.5: `power` spends the `left` CP of `card` (0: an owed marker, #26) one declared
    expenditure at a time; CP not spent are lost when it stops (5.5)."""

    power: str
    card: int
    left: int
    first: bool = False              # the Power's first card of the turn (5.12 reminders)
    only: list[str] = []             # an event's CP limited to these kinds of expenditure
    #                                  (choice groups: "move", "build", "regroup", "flag",
    #                                  "naval"; #25, #98)
    commander: str = ""              # the CP are this commander's own (#98 The Light
    #                                  Division): his Army's moves and flags only


class FlagChoice(Frame, tag="flag-choice", kw_only=True):
    """7.0, 7.1: in `duchy`, which flag `power` places (GB in an Occupied Spanish duchy: a
    British or a Spanish flag; on an ally's National duchy: its own flag or none).
    `free`: no CP (11.9, 12.3, 4.3); `why` names the rule."""

    power: str
    duchy: str
    free: bool = False
    why: str = ""
    must: bool = False               # 4.3: the surviving Formations flag the duchy


class EventPlay(Sequence, tag="event-play", kw_only=True):
    """5.1: `power` plays `card` as its event (`trigger`: "" in its own impulse as its card
    play, else the moment a Response or battle card answers, 5.2, 11.1). The card waits in the
    in-play box until the event is resolved, then goes where 4.21, 5.4, 5.7 send it. A
    Response window opens before it resolves (trigger "play:N", 5.2), where a cancelling
    Response sets `cancelled`, and after it ("event:N")."""

    power: str
    card: int
    trigger: str = ""
    cancelled: bool = False          # a Response cancelled it before it resolved (#24, #78)


class Removal(Frame, tag="removal", kw_only=True):
    """An event makes `power` lose `left` more SP of its soldiers on the map, its choice of
    where, change made (1.5, 5.12); `to`: REGROUP for the Regroup Box, "" eliminated; `card`
    the event (for the 5.12 reminder and 5.13)."""

    power: str
    left: int
    card: int = 0
    to: str = ""
    why: str = ""


class RemovalPayment(Frame, tag="removal-payment", kw_only=True):
    """5.12: `power` could not remove `left` SP of an event's removal from the map: at once,
    outside the impulses, it must build and lose them with its remaining cards (their CP,
    2 CP an SP) or Resources (each draws a card, 15.2). Its reminder (the newest entry of
    `owed_removals`) already holds `left`; what is paid comes off it."""

    power: str
    left: int
    why: str = ""


FRAMES = (CommandPoints, FlagChoice, EventPlay, Removal, RemovalPayment)
