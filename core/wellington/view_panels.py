"""What the terminal UI pins, marks and puts in the focus panel for Wellington, added to the
View that view.py builds (one call at the end of `view.build`: `extend(state, view)`).

Everything here is public: the Impulse Track and the marker (1.3, 4.2), who may preempt (4.22,
from the playable-card counts view.py already shows as "Most cards"), the besieged fortresses
(12: an enemy Formation in a fortress duchy, visible on the map), and an interception or
evasion being tried (10.4, 10.7: announced, then rolled, before everyone).

    pinned   Turn, Round, Impulse (who and which kind), the Impulse Track with the marker,
             who may preempt: the turn bar shows them on one line at 80 columns
             (`Turn 1812 · Round 2 · scheduled · GB ▸AdS Spain AdN · AdN may preempt`)
    board    a "Besieged" marker (kind "marker", no side) in every besieged fortress duchy;
             a "March" marker (kind "marker", no side; `+M` on the map) in every duchy where
             a Formation has marched this impulse (9.42: `state.marched`, public);
             commanders without a strength (their label says BV-CV), so the map's strengths
             are soldiers' SP only: `G:C·C·7` is two commanders and 7 SP
    focus    the interception or evasion being tried, with its need and every modifier named
             (the battle's or siege's panel otherwise, as view.py found it)
"""
from __future__ import annotations

from core import stack
from core.engine import Panel, Token, View
from core.wellington import building, impulse, interception
from core.wellington import flags as geo
from core.wellington.frames.battle import Battle
from core.wellington.frames.impulse import Impulse, Preempt
from core.wellington.frames.movement import Attempt
from core.wellington.frames.siege import Siege
from core.wellington.movement import army_sp
from core.wellington.state import POWERS, SIDE, WellingtonState

TURN, ROUND, IMPULSE = "Turn", "Round", "Impulse"        # the keys view.py uses
TRACK = "Track"                                          # the Impulse Track (1.3)
PREEMPT = "Preemption"                                   # 4.22
# one-word keys with values that say it all: at 80 columns the turn bar drops such keys
# (tui/panes.py SHORTENINGS, "bare") and the line still reads
PINNED = [TURN, ROUND, IMPULSE, TRACK, PREEMPT]
MARKER = "▸"                                             # before the Power on the marker
KINDS = {"scheduled": "scheduled", "preemptive": "preemptive", "pass": "passes"}
BESIEGED = "Besieged (12)"
MARCH = "March (9.42)"                                   # a march marker's label (`+M`)
KIND_WORDS = {"intercept": "Interception (10.4)", "evade": "Evasion (10.7)"}


def extend(state: WellingtonState, view: View) -> View:
    """`view` with the pinned tracks, the besieged markers and the attempt's panel added."""
    view.tracks.update(tracks(state))
    view.pinned = list(PINNED)
    for tokens in view.board.values():
        for token in tokens:
            if token.kind == "commander":
                token.strength = None   # his BV-CV is in the label; strengths are SP only
    for duchy in besieged(state):
        view.board.setdefault(duchy, []).append(
            Token(id=f"besieged-{duchy}", kind="marker", side="", label=BESIEGED))
    for duchy, label in march_markers(state).items():
        view.board.setdefault(duchy, []).append(
            Token(id=f"march-{duchy}", kind="marker", side="", label=label))
    panel = attempt_panel(state)
    if panel is not None:
        view.focus = panel
    return view


# --- pinned tracks ---------------------------------------------------------------------------


def tracks(state: WellingtonState) -> dict[str, int | str]:
    """The Impulse (`GB scheduled`), the Track and who may preempt (`AdN may preempt`)."""
    current = stack.find(state, Impulse)
    power = may_preempt(state)
    return {IMPULSE: f"{current.power} {KINDS.get(current.kind, current.kind)}" if current
            else "-",
            TRACK: impulse_track(state),
            PREEMPT: f"{power} may preempt" if power else "no preemption"}


def impulse_track(state: WellingtonState) -> str:
    """1.3: the four Powers in impulse order, the one on the Impulse marker marked `▸`."""
    return " ".join(f"{MARKER if i == state.marker else ''}{p}" for i, p in enumerate(POWERS))


def may_preempt(state: WellingtonState) -> str:
    """4.22: the Power that may preempt the next scheduled impulse as the cards stand now
    ("" for nobody): during an impulse, the one after it (the marker moves on after a
    scheduled impulse, not after a preemptive one, and the Power acting now will have had the
    previous impulse); between impulses, the one on the marker (`impulse.preemptor`)."""
    if state.result is not None:
        return ""
    asked = stack.find(state, Preempt)
    if asked is not None:
        return asked.power
    current = stack.find(state, Impulse)
    if current is None:
        if impulse.first_round(state):
            return ""
        return impulse.preemptor(state, POWERS[state.marker])
    index = state.marker + (0 if current.kind == "preemptive" else 1)
    if impulse.first_round(state) and index < len(POWERS):
        return ""                                   # the rest of the first round
    scheduled = POWERS[index % len(POWERS)]
    if not impulse.holds_playable(state, scheduled):
        return ""
    counts = {p: impulse.playable_cards(state, p) for p in POWERS}
    most = max(counts.values())
    leaders = [p for p, n in counts.items() if n == most]
    if len(leaders) != 1 or leaders[0] in (scheduled, current.power):
        return ""
    return leaders[0]


# --- the map ---------------------------------------------------------------------------------


def besieged(state: WellingtonState) -> list[str]:
    """Fortress duchies with a Formation of the side that does not control them (12, 3.1)."""
    out = []
    for duchy in geo.duchies():
        if not geo.is_fortress(state, duchy):
            continue
        owner = geo.controller(state, duchy)
        if owner and geo.has_formation(state, duchy, geo.enemy_side(SIDE[owner])):
            out.append(duchy)
    return out


def march_markers(state: WellingtonState) -> dict[str, str]:
    """9.42: duchy -> the label of its march marker this impulse (`state.marched`'s entries
    standing there: each Formation's commanders and a Power's leaderless soldiers, with the
    duchies entered; the 5th and later bring forced-march attrition), e.g.
    `March (9.42): Wellington 3, GB soldiers 1`."""
    found: dict[str, list[str]] = {}
    for formation, entered in sorted(state.marched.items()):
        if entered <= 0:
            continue
        if ":" in formation:                         # "<power>:<duchy>" (movement's ids)
            power, duchy = formation.split(":", 1)
            if not building.sp(state, duchy, power):
                continue
            name = f"{power} soldiers"
        else:
            duchy, name = state.commanders.get(formation, ""), building.commander(formation).name
        if geo.on_map(duchy):
            found.setdefault(duchy, []).append(f"{name} {entered}")
    return {duchy: f"{MARCH}: {', '.join(names)}" for duchy, names in found.items()}


# --- the focus panel -------------------------------------------------------------------------


def attempt_panel(state: WellingtonState) -> Panel | None:
    """10.4, 10.7: the interception or evasion being tried, when it is nested deeper than any
    battle or siege (an event's interception into a battle shows over the battle)."""
    attempt = stack.find(state, Attempt)
    if attempt is None or attempt.kind not in KIND_WORDS:
        return None
    here = next(i for i, f in enumerate(state.stack) if f is attempt)
    if any(isinstance(f, (Battle, Siege)) for f in state.stack[here + 1:]):
        return None
    mods = interception.attempt_modifiers(state, attempt)
    total = sum(v for _, v in mods)
    need = interception.SUCCESS - total
    who = (f"{building.commander(attempt.leader).name}'s Army" if attempt.leader
           else f"{attempt.power}'s soldiers")
    word = KIND_WORDS[attempt.kind]
    title = f"{word}: {who}, {geo.name(attempt.origin)} to {geo.name(attempt.target)}"
    rows = [[attempt.power, "Formation", f"{who} ({sum(army_sp(a) for a in attempt.armies)} SP)"],
            [attempt.power, "From", f"{geo.name(attempt.origin)} "
                                    f"({geo.line(attempt.origin, attempt.target)} line)"
             if attempt.target in geo.neighbours(attempt.origin) else geo.name(attempt.origin)],
            [attempt.power, "Into", geo.name(attempt.target)]]
    notes = [f"Needs {need}+ on 2d6: a modified {interception.SUCCESS} or more succeeds."]
    notes += [f"{v:+d} {what}" for what, v in mods] or ["no modifier"]
    if attempt.rolls:
        rolled = ", ".join(f"{r} {total:+d} = {r + total}" for r in attempt.rolls)
        notes.append(f"Rolled {rolled} (needs {interception.SUCCESS})"
                     + (": succeeds" if attempt.success else ""))
    else:
        notes.append("Not rolled yet (Responses first, 5.2).")
    if attempt.cancelled:
        notes.append(f"Cancelled: {attempt.cancelled}")
    return Panel(title=title, rows=rows, notes=notes, where=attempt.target)
