"""Leaders, advanced optional rule A8.2 (seed "Regole Avanzate" 8.2, 8.2.1, 8.2.2, 8.2.3).

Three leader counters: Lee (Confederate), Grant and Sherman (Union). A leader is not a piece
(AMB-46): it never counts for MAS, support, capture, "only cavalry" or targeting, and it cannot
be hit. Its counter's date and values are reconstructed in leaders.toml (GAP-7).

  * Arrival and condition: on its arrival turn the leader is placed in its owner's recruiting
    segment, in any box holding a friendly piece ("Quando i leader sono piazzati sulla mappa,
    possono essere sistemati in un qualunque riquadro che contiene un pezzo amico"); on its
    condition turn its value changes (Lee down, Grant and Sherman up).
  * Movement (A8.2.1): it moves with the pieces of its box at no cost (it follows a piece that
    left its box this turn while it was there: march, naval move or invasion), or alone, up to
    two free marches a turn like cavalry but never jumping (AMB-44), never alone into a box
    holding enemy pieces, and never out of one (its pieces there are stopped, AMB-11).
  * Battles (A8.2.2, core/ahd/battle/leadership.py): its value adds to its side's command
    value (A7.0) and is allotted each round as bonus points to firing pieces; it may reinforce
    a battle alone or with a piece; it goes with its army's retreat.
  * A leader left alone in a box holding enemy pieces is not destroyed: it is removed and
    returns in its owner's next recruiting segment ("ritornano in gioco durante il prossimo
    segmento di reclutamento del giocatore proprietario").
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from core import stack
from core.catalogue import read_toml
from core.ahd import movement
from core.ahd import query as q
from core.ahd.text import name as box_name
from core.ahd.calendar import label, turn_of
from core.ahd.frames import LeaderPlacement, LeaderTo, PlayerTurn
from core.ahd.counters import INDEX
from core.ahd.pieces import piece
from core.ahd.state import (ARRIVING, CAVALRY, NOT_ARRIVED, RETURNING, VETERAN, AhdState, Leader,
                            Piece)
from core.engine import Action, Choice

MAX_ALONE_MARCHES = 2  # A8.2.1 "Possono fare fino a due marce senza nessun costo"
GROUP = "leader"


@dataclass(frozen=True)
class Counter:
    """A leader counter as printed (leaders.toml): who, when it arrives, its values."""

    id: str
    side: str
    name: str
    split: int            # A8.2.2: pieces its bonus may be divided among
    arrives: int          # game turn of arrival
    value: int            # command value on arrival
    condition: int        # game turn its condition changes its value
    condition_value: int
    provenance: str


def _turn(text: str) -> int:
    month, when = text.rsplit(" ", 1)
    return turn_of(month, int(when))


@cache
def counters() -> dict[str, Counter]:
    """The three leader counters, from leaders.toml."""
    data = read_toml(Path(__file__).with_name("leaders.toml"), ValueError)
    return {lid: Counter(id=lid, side=d["side"], name=d["name"], split=d["split"],
                         arrives=_turn(d["arrives"]), value=d["value"],
                         condition=_turn(d["condition"]), condition_value=d["condition_value"],
                         provenance=d["provenance"])
            for lid, d in data.items()}


def in_use(state: AhdState) -> bool:
    return bool(state.options.leaders)


def name(lid: str) -> str:
    return counters()[lid].name


def split(lid: str) -> int:
    return counters()[lid].split


def leader(state: AhdState, lid: str) -> Leader:
    for ldr in state.leaders:
        if ldr.id == lid:
            return ldr
    raise KeyError(lid)


def tag(ldr: Leader) -> str:
    """'Lee 3': the counter's name and its command value now."""
    return f"{name(ldr.id)} {ldr.value}"


def at(state: AhdState, box: str, side: str | None = None) -> list[Leader]:
    """The leaders standing in `box` (of `side`)."""
    return [ldr for ldr in state.leaders if ldr.loc == box and (side is None or ldr.side == side)]


# --- entering the game: arrivals and conditions ---------------------------------------------


def enter_game(state: AhdState, placed: dict[str, dict[str, dict]]) -> None:
    """Create the three leaders when the rule is in force. `placed`: the scenario's "***"
    entries ({side: {leader: {box, value}}}, setup.scenario_leaders): those start on the map
    with the listed value ("*** = Se non giocate con i Leader, questo pezzo non viene
    piazzato"); the others wait for their date (GAP-9: leaders follow their counters)."""
    if not in_use(state):
        return
    state.leaders = [Leader(id=c.id, side=c.side, value=c.value) for c in counters().values()]
    for side, entries in placed.items():
        for lid, where in entries.items():
            ldr = leader(state, lid)
            if ldr.side != side:
                raise ValueError(f"setups.toml: leader {lid} is not a {side} leader")
            ldr.loc = where["box"]
            ldr.value = int(where["value"])


def start_of_turn(state: AhdState) -> None:
    """At the start of each game turn: leaders whose date has come arrive (placed in their
    owner's recruiting segment); a leader's condition changes its value on its date."""
    for ldr in state.leaders:
        c = counters()[ldr.id]
        if ldr.loc == NOT_ARRIVED and c.arrives <= state.turn:
            ldr.loc = ARRIVING
            state.log.append(f"{tag(ldr)} arrives ({label(c.arrives)}, A8.2): placed in the "
                             f"{ldr.side} recruiting segment in a box with a {ldr.side} piece.")
        if state.turn == c.condition and ldr.value != c.condition_value:
            why = ("the death of Stonewall Jackson" if c.condition_value < ldr.value
                   else "promotion")
            state.log.append(f"{name(ldr.id)}'s condition ({label(c.condition)}, A8.2): "
                             f"{why}, command value {ldr.value} -> {c.condition_value}.")
            ldr.value = c.condition_value


def start_player_turn(state: AhdState, side: str) -> None:
    """A8.2.1 bookkeeping: two free marches alone per turn."""
    for ldr in state.leaders:
        if ldr.side == side:
            ldr.marches = 0
            ldr.sailed = False
            ldr.followable = []


# --- placement: arrival and return ----------------------------------------------------------


def waiting(state: AhdState, side: str) -> list[Leader]:
    """`side`'s leaders to be placed: arrived, or back after being left alone with enemies."""
    return [ldr for ldr in state.leaders if ldr.side == side and ldr.loc in (ARRIVING, RETURNING)]


def placement_boxes(state: AhdState, side: str) -> list[str]:
    """A8.2: 'un qualunque riquadro che contiene un pezzo amico'."""
    return sorted(q.occupied(state, side))


def placement_due(state: AhdState) -> bool:
    """The active player has a leader to place now (and a piece on the map to place it with)."""
    side = state.player
    return bool(waiting(state, side)) and bool(placement_boxes(state, side))


def place_arrivals(state: AhdState, turn: PlayerTurn) -> None:
    """End of the recruiting segment (A8.2): each arriving or returning leader is placed, one
    question each; one that cannot be placed (no friendly piece on the map) waits."""
    if placement_due(state):
        stack.repeat(turn)  # after this placement, look again for another leader to place
        stack.push(state, LeaderPlacement())
        return
    note_unplaceable(state)


def placement_choices(state: AhdState, frame: LeaderPlacement) -> list[Choice]:
    ldr = waiting(state, state.player)[0]
    return [Choice(Action("place-leader", box),
                   f"Place {tag(ldr)} in {box_name(box)} ({len(q.pieces_at(state, box, ldr.side))} "
                   f"{ldr.side} pieces)", GROUP)
            for box in placement_boxes(state, state.player)]


def _place(state: AhdState, frame: LeaderPlacement, box: str) -> None:
    ldr = waiting(state, state.player)[0]
    how = "returns" if ldr.loc == RETURNING else "enters the map"
    ldr.loc = box
    ldr.followable = []
    state.log.append(f"{tag(ldr)} {how} in {box_name(box)} (A8.2).")
    stack.done(state, frame)


def _placement_prompt(state: AhdState, frame: LeaderPlacement) -> str:
    ldr = waiting(state, state.player)[0]
    return f"{state.player}: place {tag(ldr)} in a box holding a {state.player} piece (A8.2)."


PLACEMENT = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=_placement_prompt,
    choices=placement_choices,
    handlers={"place-leader": _place},
)


def note_unplaceable(state: AhdState) -> None:
    """A leader cannot be placed without a friendly piece on the map: it waits."""
    side = state.player
    if waiting(state, side) and not placement_boxes(state, side):
        names = ", ".join(tag(ldr) for ldr in waiting(state, side))
        state.log.append(f"{names}: no {side} piece on the map to join; waits (A8.2).")


# --- A8.2.1 movement ------------------------------------------------------------------------


def note_departure(state: AhdState, p: Piece, origin: str) -> None:
    """A piece leaves `origin` (march, naval move, invasion): the leaders there may go with it
    (A8.2.1 'I Leader possono spostarsi normalmente assieme ai pezzi che si trovano nello
    stesso loro riquadro')."""
    for ldr in at(state, origin, p.side):
        if p.id not in ldr.followable:
            ldr.followable.append(p.id)


def _stand_in(ldr: Leader) -> Piece:
    """A leader alone moves like cavalry but never jumps (AMB-44): a cavalry piece that has
    used its jump."""
    return Piece(id=ldr.id, side=ldr.side, arm=CAVALRY, grade=VETERAN, loc=ldr.loc,
                 marches=ldr.marches, sailed=ldr.sailed, jumped=True)


def _stuck(state: AhdState, ldr: Leader) -> bool:
    """Its box holds enemy pieces (a battle to come or a contained port): it stays there."""
    return q.has_enemy(state, ldr.loc, ldr.side)


def follow_boxes(state: AhdState, ldr: Leader) -> list[str]:
    """Where the pieces that left the leader's box this turn now stand (free, A8.2.1)."""
    followed = [piece(state, pid) for pid in ldr.followable]
    return sorted({p.loc for p in followed if p.on_map and p.loc != ldr.loc})


def alone_boxes(state: AhdState, ldr: Leader) -> list[str]:
    """A8.2.1, AMB-44: one free march alone, like cavalry (2 boxes, road and rail mixed, or
    river), never a jump, never three boxes by rail, never into a box holding enemy pieces."""
    if ldr.marches >= MAX_ALONE_MARCHES or ldr.sailed or _stuck(state, ldr):
        return []
    occ = q.Occupancy(state)
    found = movement.entries(state, _stand_in(ldr), occ)
    return sorted(dest for dest, ways in found.items()
                  if not occ.enemy(dest, ldr.side)
                  and any(len(route.path) <= 3 and not route.jump for route in ways.values()))


def may_go_alone(state: AhdState, ldr: Leader) -> bool:
    """Whether `alone_boxes` has any box, found without listing them: a march alone may stop
    after one box, and every farther box is reached through a neighbouring one (a leader never
    jumps), so there is somewhere to go exactly when a neighbouring box can be entered and
    holds no enemy piece."""
    if ldr.marches >= MAX_ALONE_MARCHES or ldr.sailed or _stuck(state, ldr):
        return False
    return any(q.enterable(state, box) and not q.has_enemy(state, box, ldr.side)
               for box in q.neighbours(ldr.loc, ldr.side))


def sail_boxes(state: AhdState, ldr: Leader) -> list[str]:
    """AMB-44: it may sail alone, as one of its free marches, from a port it has not left this
    turn, to a port its pieces could sail to, free of enemy pieces."""
    standin = _stand_in(ldr)
    if _stuck(state, ldr) or not movement.can_sail(state, standin):
        return []
    occ = q.Occupancy(state)
    return [port for port in movement.sail_destinations(state, standin, occ)
            if not occ.enemy(port, ldr.side)]


def destinations(state: AhdState, ldr: Leader) -> dict[str, str]:
    """Every box the leader may go to now, with how: 'with' pieces (free), 'alone' (one of its
    two free marches) or 'sea' (alone by sea)."""
    if not ldr.on_map:
        return {}
    out = {box: "sea" for box in sail_boxes(state, ldr)}
    out.update({box: "alone" for box in alone_boxes(state, ldr)})
    out.update({box: "with" for box in follow_boxes(state, ldr)})
    return out


def movers(state: AhdState) -> list[Leader]:
    """The active player's leaders with somewhere to go."""
    return [ldr for ldr in state.leaders if ldr.side == state.player and may_move(state, ldr)]


def may_move(state: AhdState, ldr: Leader) -> bool:
    """Whether `destinations` has any box for the leader (the cheapest ways looked at first)."""
    return ldr.on_map and (may_follow(state, ldr) or may_go_alone(state, ldr)
                           or bool(sail_boxes(state, ldr)))


def may_follow(state: AhdState, ldr: Leader) -> bool:
    """Whether `follow_boxes` has any box."""
    pieces = state.pieces
    for pid in ldr.followable:
        p = pieces[INDEX[pid]]
        if p.loc != ldr.loc and p.on_map:
            return True
    return False


def move_choices(state: AhdState) -> list[Choice]:
    return [Choice(*move_choice(ldr.id, ldr.value, ldr.loc, ldr.marches), GROUP)
            for ldr in movers(state)]


@cache
def move_choice(lid: str, value: int, box: str, marches: int) -> tuple[Action, str]:
    """The action and label of moving leader `lid` (of command value `value`, in `box`,
    `marches` free marches made), made once (an Action is frozen: every choice may share it)."""
    left = MAX_ALONE_MARCHES - marches
    return (Action("leader", lid),
            f"Move {name(lid)} {value} from {box_name(box)} (with its pieces, or alone: "
            f"{left} free march{'es' if left != 1 else ''} left)")


HOW = {"with": "with its pieces, free", "alone": "alone, 1 free march", "sea": "alone by sea, "
       "1 free march"}


def destination_choices(state: AhdState, frame: LeaderTo) -> list[Choice]:
    ldr = leader(state, frame.leader)
    out = [Choice(Action("space", box), f"{tag(ldr)} to {box_name(box)} ({HOW[how]})", GROUP)
           for box, how in sorted(destinations(state, ldr).items())]
    out.append(Choice(Action("cancel", None), "Choose something else", "turn"))
    return out


def _move(state: AhdState, frame: LeaderTo, box: str) -> None:
    """A8.2.1: the leader goes with pieces of its box, or alone (2 free marches a turn)."""
    ldr = leader(state, frame.leader)
    how = destinations(state, ldr)[box]
    start = ldr.loc
    if how != "with":
        ldr.marches += 1
    if how == "sea":
        ldr.sailed = True
    ldr.loc = box
    ldr.followable = []
    state.log.append(f"{tag(ldr)}: {box_name(start)} to {box_name(box)} ({HOW[how]}, A8.2.1).")
    stack.done(state, frame)


def _move_prompt(state: AhdState, frame: LeaderTo) -> str:
    ldr = leader(state, frame.leader)
    return (f"Where does {tag(ldr)} go? With pieces that left its box (free), or alone "
            f"({MAX_ALONE_MARCHES - ldr.marches} free marches left, A8.2.1).")


LEADER_TO = stack.Stop(
    role=lambda state, frame: state.player,
    prompt=_move_prompt,
    choices=destination_choices,
    handlers={"space": _move, "cancel": lambda state, frame, _noun: stack.done(state, frame)},
)


# --- left alone with the enemy ---------------------------------------------------------------


def sweep(state: AhdState) -> None:
    """A8.2.2: 'I leader che si vengono a trovare da soli in un riquadro che contiene delle
    unità nemiche, non sono distrutti. Essi ritornano in gioco durante il prossimo segmento di
    reclutamento del giocatore proprietario.'"""
    at = state.whereabouts.at  # (a leader off the map is never where a counter is)
    for ldr in state.leaders:
        if ldr.loc in at[q.ENEMY[ldr.side]] and ldr.loc not in at[ldr.side]:
            state.log.append(f"{tag(ldr)} is left alone with enemy pieces in {box_name(ldr.loc)}: "
                             f"removed, back in the {ldr.side} recruiting segment (A8.2.2).")
            ldr.loc = RETURNING
            ldr.followable = []


# --- battles (A8.2.2): core/ahd/battle/leadership.py ----------------------------------------


# --- the view -----------------------------------------------------------------------------


def where(state: AhdState, ldr: Leader) -> str:
    """Where a leader is, for the tracks."""
    if ldr.on_map:
        return box_name(ldr.loc)
    if ldr.loc == NOT_ARRIVED:
        return f"arrives {label(counters()[ldr.id].arrives)}"
    if ldr.loc == ARRIVING:
        return f"arrived: placed in the {ldr.side} recruiting segment"
    return f"returns in the {ldr.side} recruiting segment"


def tracks(state: AhdState) -> dict[str, int | str]:
    """Each leader's command value and whereabouts, and when its condition changes it."""
    out: dict[str, int | str] = {}
    for ldr in state.leaders:
        c = counters()[ldr.id]
        change = (f"; {c.condition_value} from {label(c.condition)}"
                  if state.turn < c.condition else "")
        moved = (f"; {ldr.marches}/{MAX_ALONE_MARCHES} free marches used"
                 if ldr.marches and ldr.side == state.player else "")
        out[f"{c.name} (A8.2)"] = f"{ldr.value} — {where(state, ldr)}{change}{moved}"
    return out
