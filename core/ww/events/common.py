"""What every card event shares (6.3, 6.31): the registry of events, the Event sequence (the
card's text in order, then the card's destination), the choices a text gives a player
(EventPick), and the small board changes events make (PCs, CUs from the Reserve).

An event module registers each card it implements into the Strategy Phase's event window
(core/ww/event_cards.py, which owns the registry):

    register(title_or_number, playable, *stages)   ->  event_cards.EVENTS[number]

`playable(state, side)` is exact (6.32.A: a card whose conditions cannot be met, or none of
whose instructions can be carried out, is not playable and is discarded instead; a Special
Event always is). `stages` are the parts of the card text in order; each may do its work at once
or ask a player (`ask`), whose choices run before the next stage.

Choices are registered once by name: PICKS["brant"] = Pick(prompt, targets, apply). The same
`targets` function answers `playable` ("is there anything to choose?") and lists the stop's
choices, so a choice offered is legal and a legal choice is offered.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Iterable, Iterator

from core import cards, stack
from core.engine import Action, Choice
from core.ww import deck, event_cards, hands
from core.ww import generals as roster
from core.ww import query as q
from core.ww.arrival import arrive
from core.ww.event_cards import EVENTS, EventDef, Stage
from core.ww.frames.events import Event, EventPick
from core.ww.state import (AMERICAN, BRITISH, IN_PLAY, RESERVE, RESHUFFLE_REMINDER, WAR_ENDS,
                           WwState)

Noun = str | int
Target = tuple[str, Noun, str]            # verb, noun, label

THIRTEEN = tuple(c for c in deck.COLONIES if c != q.CANADA)


@dataclass(frozen=True)
class Pick:
    """One kind of choice an event text gives: the prompt, the legal targets now (given what
    the frame has already chosen; a list, or yielded in order so that the question "is there
    any?" stops at the first, `exists`) and what choosing one does."""

    prompt: Callable[[WwState, EventPick], str]
    targets: Callable[[WwState, EventPick], Iterable[Target]]
    apply: Callable[[WwState, EventPick, str, Noun], None]
    group: str = "pc"
    done_label: str = "No more"


PICKS: dict[str, Pick] = {}


def card_number(title: str) -> int:
    """The number of the one card with this title (cards.toml is the authority)."""
    found = deck.by_title(title)
    if len(found) != 1:
        raise ValueError(f"{len(found)} cards are titled {title!r}")
    return found[0].number


def register(title_or_number: str | int, playable: Callable[[WwState, str], bool],
             *stages: Stage) -> int:
    number = (title_or_number if isinstance(title_or_number, int)
              else card_number(title_or_number))
    event_cards.register(number, EventDef(playable, stages))
    return number


def always(state: WwState, side: str) -> bool:
    return True


# --- names for the log and the menus --------------------------------------------------------


def name(space: str) -> str:
    return q.name(space)


def general_name(general: str) -> str:
    return roster.display(general)


def title(number: int) -> str:
    return deck.card(number).name


def cu_word(n: int) -> str:
    return f"{n} CU{'' if n == 1 else 's'}"


# --- the Event sequence (6.3) ------------------------------------------------------------------


def resolve(state: WwState, frame: Event) -> None:
    """Carry out the next part of the card text; the parts a player must choose for run before
    the part after them."""
    stages = EVENTS[frame.card].stages
    if frame.stage >= len(stages):
        return
    part = stages[frame.stage]
    frame.stage += 1
    if frame.stage < len(stages):
        stack.repeat(frame)
    part(state, frame)


def destination(number: int) -> str:
    """Where a played event's card goes (6.3.C, 6.3.D, 6.34.C.iii)."""
    c = deck.card(number)
    if c.kind == "war-ends":
        return WAR_ENDS
    if c.remove_after_play:
        return cards.REMOVED
    if c.reshuffle == "played":
        return RESHUFFLE_REMINDER
    return cards.DISCARD


def finish(state: WwState, frame: Event) -> None:
    """The event is fully resolved: the card goes where its text sends it.

    - A War Ends card goes to the War Ends box; a War Ends card already there goes to the
      discard pile (6.34.C.iii).
    - A card played "once per game" is removed from the game (6.3.C).
    - A reshuffle event lies face up on the deck as the reminder, and the deck is rebuilt at
      the next Strategy Card Phase (6.3.D, 6.1 note). The Declaration of Independence is both:
      its text removes it at that rebuild, so it goes straight to the removed cards with the
      rebuild pending (the same game: nothing is drawn from under a reminder that is not
      there, and the rebuild of hands.rebuild would otherwise shuffle it back in)."""
    number = frame.card
    c = deck.card(number)
    where = destination(number)
    if where == WAR_ENDS:
        for old in list(state.piles.boxes[WAR_ENDS]):
            cards.move(state.piles, old, WAR_ENDS, cards.DISCARD)
            state.log.append(f"{title(old)} leaves the War Ends box for the discard pile "
                             "(6.34.C.iii).")
        hands.finish_card(state, number, WAR_ENDS)
        state.log.append(f"{c.name} goes to the War Ends box: the game ends in the End Phase "
                         f"of {c.war_end_year} or any later year (6.34.C.iii, 5.7).")
        return
    hands.finish_card(state, number, where)
    if c.reshuffle == "played":
        state.reshuffle_pending = True
        state.log.append(f"{c.name}: the deck will be rebuilt at the start of the next "
                         "Strategy Card Phase (6.1 note, 6.3.D).")
    if where == cards.REMOVED:
        state.log.append(f"{c.name} is removed from the game (6.3.C).")


EVENT = stack.Steps((resolve, finish))


def event_frame(state: WwState) -> Event:
    """The innermost event being carried out."""
    frame = stack.find(state, Event)
    assert frame is not None, "no event is being carried out"
    return frame


# --- choices (EventPick) ---------------------------------------------------------------------


def pick(what: str, prompt: Callable[[WwState, EventPick], str],
         targets: Callable[[WwState, EventPick], list[Target]],
         apply: Callable[[WwState, EventPick, str, Noun], None], group: str = "pc",
         done_label: str = "No more") -> str:
    if what in PICKS:
        raise ValueError(f"pick {what!r} registered twice")
    PICKS[what] = Pick(prompt, targets, apply, group, done_label)
    return what


def any_target_now(state: WwState, what: str, side: str, card: int = 0) -> bool:
    """Whether a new choice `what` would offer a target now (for `playable`), found without
    listing the rest (a `targets` function may yield them)."""
    return exists(PICKS[what].targets(state, EventPick(side=side, card=card, what=what,
                                                       left=1, must=True)))


def exists(items: Iterable[object]) -> bool:
    """Whether `items` (a list, or items yielded one by one: a `targets` function's answer, a
    listing of spaces) holds one: the rest are not made."""
    return next(iter(items), None) is not None


def ask(state: WwState, what: str, side: str, card: int, left: int, must: bool) -> bool:
    """Push the choice `what` for `side` if it has any target; whether it was pushed."""
    frame = EventPick(side=side, card=card, what=what, left=left, must=must)
    if left <= 0 or not exists(PICKS[what].targets(state, frame)):
        return False
    stack.push(state, frame)
    return True


def pick_choices(state: WwState, frame: EventPick) -> list[Choice]:
    kind = PICKS[frame.what]
    out = [Choice(Action(verb, noun), label, kind.group)
           for verb, noun, label in kind.targets(state, frame)]
    if not frame.must or not out:
        out.append(Choice(Action("done"), kind.done_label, "turn"))
    return out


def _picked(verb: str, state: WwState, frame: EventPick, noun: Noun) -> None:
    kind = PICKS[frame.what]
    if verb == "done":
        stack.done(state, frame)
        return
    frame.chosen.append(noun)
    frame.left -= 1
    if frame.left <= 0:
        stack.done(state, frame)          # before apply: apply may push frames (an activation)
        kind.apply(state, frame, verb, noun)
        return
    kind.apply(state, frame, verb, noun)
    assert state.stack and state.stack[-1] is frame, "a repeated choice pushed a frame"
    if not exists(kind.targets(state, frame)):
        stack.done(state, frame)


VERBS = ("place", "flip", "remove", "general", "zone", "american", "french", "space", "count",
         "done")

EVENT_PICK = stack.Stop(
    role=lambda state, frame: frame.side,
    prompt=lambda state, frame: PICKS[frame.what].prompt(state, frame),
    choices=pick_choices,
    handlers={verb: partial(_picked, verb) for verb in VERBS},
)


def left_text(frame: EventPick) -> str:
    return f"{frame.left} more" if frame.must else f"up to {frame.left} more"


# --- the board: PCs -------------------------------------------------------------------------


def american_may_place(state: WwState, space: str) -> bool:
    """10.11.A.ii: no PC of either side and no British CU. A played event places even while the
    Congress is dispersed or after the Mutinies (10.11.A.iv)."""
    return space not in state.pcs and not q.cus(state, space, BRITISH)


def british_may_place(state: WwState, space: str) -> bool:
    """10.11.B.ii: no PC of either side and no American Unit (an American or French general or
    CU, or the Congress); an event's text says when no adjacency is needed."""
    return space not in state.pcs and not q.american_units(state, space)


def unprotected_american_pc(state: WwState, space: str) -> bool:
    """An American PC in a space with no American CU, no American general and no Continental
    Congress (French CUs and Rochambeau are American, 12.2.C)."""
    return (state.pcs.get(space) == AMERICAN and not q.cus(state, space, AMERICAN)
            and q.general_at(state, space, AMERICAN) is None and state.congress != space)


def set_pc(state: WwState, space: str, side: str, why: str) -> None:
    flipped = space in state.pcs
    state.pcs[space] = side
    state.log.append(f"{side} {'flips the PC' if flipped else 'places a PC'} in {name(space)} "
                     f"({why}).")


def remove_pc(state: WwState, space: str, chooser: str, why: str) -> None:
    holder = state.pcs.pop(space)
    state.log.append(f"{chooser} removes the {holder} PC in {name(space)} ({why}).")


# --- the board: CUs and generals ---------------------------------------------------------------


def from_reserve(state: WwState, space: str, nationality: str, n: int, why: str) -> int:
    """Up to `n` CUs of `nationality` from the Reserve to `space` (R19: fewer if the Reserve
    holds fewer)."""
    moved = q.move_cus(state, RESERVE, space, nationality, n)
    state.log.append(f"{cu_word(moved)} ({nationality}) from the Reserve to {name(space)} "
                     f"({why}).")
    return moved


def eliminate(state: WwState, space: str, nationality: str, chooser: str, why: str) -> None:
    """One CU leaves the map (American and British CUs to the Reserve, French CUs for good)."""
    q.eliminate_cus(state, space, nationality, 1)
    state.log.append(f"{chooser} removes 1 {nationality} CU at {name(space)} ({why}).")


def generals_on_map(state: WwState, side: str) -> Iterator[str]:
    """`side`'s generals on the map, in the state's order (yielded: `exists` stops at the
    first)."""
    return (g for g, where in state.generals.items()
            if roster.side(g) == side and q.on_map(where))


def arrival(state: WwState, space: str, side: str) -> None:
    """Pieces of `side` have just been placed in `space` by an event: what any arrival settles
    (arrival.arrive: 7.4.C two generals of a side, 7.6 a lone enemy general captured by CUs,
    8.2 clarification; 7.7 the Congress dispersed by a British Army)."""
    arrive(state, space, side)


def to_box(state: WwState, general: str, box: str, why: str) -> None:
    state.generals[general] = box
    state.log.append(f"{general_name(general)} goes to the {name(box)} box ({why}).")


def take_in_play(state: WwState, number: int) -> None:
    """A card carried out outside a play (6.34.B) enters the in-play box first."""
    cards.move(state.piles, number, state.piles.where(number), IN_PLAY)
