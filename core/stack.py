"""The decision stack (../shared/DESIGN.md, "The shared core": Decision stack).

A game's state holds a stack of *frames*: what is pending, innermost last. There are two kinds.

- A **stop** asks one role one question: a card to play, a piece to move, a target to fire at.
  Each kind of stop is declared once, in one place, as a `Stop`: who is asked, the prompt, the
  legal choices and the handler of each verb (the way one rulebook paragraph describes one
  step). A handler changes the state and usually ends its own frame with `done`; it may push
  further frames (a card event that starts a battle pushes the battle).
- A **sequence** runs a list of steps in the rulebook's order (a turn's sequence of play, a
  battle round) and is declared once as `Steps`. Each step is a function of the state and its
  frame; it may do its work at once, or push frames (a stop, another sequence), which run before
  the next step. A step may `repeat` itself (a loop: "while battles remain, fight one") or
  `goto` another step of its list ("next round"); at the end of its list a sequence is done.

Frames are data (msgspec Structs tagged by their stop's name, so a save holds the whole stack);
the behaviour of each frame type lives in a `Flow`, a dict from frame type to its `Stop` or
`Steps`. `run` carries out sequences until a stop asks a role (or the game is over);
`choices` is the top stop's choices and `act` refuses anything else, so there is one legality
path. A game's Rules object calls `choices`, `prompt` and `act`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Protocol, TypeVar

import msgspec

from core.engine import Action, Choice, IllegalAction, State, clone

Noun = str | int | None


class Frame(msgspec.Struct, tag_field="stop", kw_only=True):
    """Something pending. Subclass once per kind: `class March(Frame, tag="march")`."""


class Sequence(Frame, kw_only=True):
    """A frame that runs a list of steps; `step` is the index of the next step to run."""

    step: int = 0


S = TypeVar("S", bound=State)
F = TypeVar("F", bound=Frame)
Q = TypeVar("Q", bound=Sequence)


class Stacked(Protocol):
    stack: list[Any]
    active: list[str]
    result: str | None


@dataclass(frozen=True)
class Stop(Generic[S, F]):
    """One kind of decision: who decides, what they are asked, what they may choose, and what
    each verb does (`handlers[verb](state, frame, noun)`). Not subclassed: the stack tells a
    stop from a sequence by its type (`type(kind) is Stop`, cheaper than isinstance in the loop
    that runs at every action)."""

    role: Callable[[S, F], str]
    prompt: Callable[[S, F], str]
    choices: Callable[[S, F], list[Choice]]
    handlers: Mapping[str, Callable[[S, F, Any], None]]


@dataclass(frozen=True)
class Steps(Generic[S, Q]):
    """A sequence of steps, in the rulebook's order."""

    steps: tuple[Callable[[S, Q], None], ...]

    def index(self, step: Callable[[S, Q], None]) -> int:
        return self.steps.index(step)


Flow = Mapping[type, "Stop[Any, Any] | Steps[Any, Any]"]


# --- the stack ----------------------------------------------------------------------------


def push(state: Stacked, frame: Frame) -> None:
    """Put `frame` on top: it runs (or asks) before whatever was pending."""
    state.stack.append(frame)


def done(state: Stacked, frame: Frame) -> None:
    """End `frame`, which must be the top of the stack."""
    if not state.stack or state.stack[-1] is not frame:
        raise RuntimeError(f"{type(frame).__name__} is not the top of the stack")
    state.stack.pop()


def find(state: Stacked, kind: type[F]) -> F | None:
    """The innermost pending frame of type `kind`, or None."""
    for frame in reversed(state.stack):
        if type(frame) is kind:
            return frame
    return None


def top(state: Stacked) -> Frame | None:
    return state.stack[-1] if state.stack else None


def repeat(frame: Sequence) -> None:
    """Run the current step again once the frames it pushed are done (a loop)."""
    frame.step -= 1


def goto(frame: Q, steps: Steps[Any, Q], step: Callable[[Any, Q], None]) -> None:
    """Continue `frame`'s sequence at `step` (called from a step of that sequence)."""
    frame.step = steps.index(step)


# --- running and asking -------------------------------------------------------------------


Settle = Callable[[Any], None]


def run(state: Stacked, flow: Flow, settle: Settle | None = None) -> None:
    """Carry out sequences until a stop asks a role, the stack is empty or the game is over;
    `state.active` becomes the asked role (nobody once the game is over). `settle`, if given,
    runs after every step: the game's consequences that must hold at every moment."""
    stack = state.stack
    while state.result is None and stack:
        frame = stack[-1]
        kind = flow[type(frame)]
        if type(kind) is Stop:
            state.active = [kind.role(state, frame)]
            return
        steps = kind.steps
        index = frame.step
        if index >= len(steps):
            stack.pop()
            continue
        frame.step = index + 1
        steps[index](state, frame)
        if settle is not None:
            settle(state)
    state.active = []


def asking(state: Stacked, flow: Flow) -> tuple[Stop[Any, Any], Frame] | None:
    """The stop on top of the stack and its frame, when the game waits for a decision."""
    if state.result is not None or not state.stack:
        return None
    frame = state.stack[-1]
    kind = flow[type(frame)]
    return (kind, frame) if type(kind) is Stop else None


def choices(state: Stacked, flow: Flow, role: str) -> list[Choice]:
    """The legal actions of `role` now: the top stop's choices when it asks `role`."""
    if state.result is not None or not state.stack or role not in state.active:
        return []
    frame = state.stack[-1]  # (`asking`, written out: listed at every decision)
    stop = flow[type(frame)]
    return stop.choices(state, frame) if type(stop) is Stop else []


def prompt(state: Stacked, flow: Flow) -> str:
    ask = asking(state, flow)
    if ask is None:
        return ""
    stop, frame = ask
    return stop.prompt(state, frame)


def act(state: S, flow: Flow, role: str, action: Action,
        legal: list[Choice] | None = None, settle: Settle | None = None) -> S:
    """The state after `role` takes `action`: the top stop's handler, then `run`. Anything not
    among the stop's choices raises IllegalAction and `state` is left untouched. `legal`: the
    list `choices` returned for this very state and role (Match passes it only then)."""
    if state.result is not None:
        raise IllegalAction("the game is over")
    if role not in state.active:
        raise IllegalAction(f"it is not {role}'s turn to act")
    ask = asking(state, flow)
    if ask is None:
        raise IllegalAction("nothing is asked now")
    stop, frame = ask
    for choice in stop.choices(state, frame) if legal is None else legal:
        if choice.action == action:
            break
    else:
        raise IllegalAction(f"{action} is not a legal action now: {stop.prompt(state, frame)}")
    new = clone(state)
    apply(new, flow, action, settle)
    return new


def apply(state: Stacked, flow: Flow, action: Action, settle: Settle | None = None) -> None:
    """Carry out an action already found legal, in place: the top stop's handler, then `run`."""
    frame = state.stack[-1]
    stop = flow[type(frame)]
    assert type(stop) is Stop
    stop.handlers[action.verb](state, frame, action.noun)
    if settle is not None:
        settle(state)
    run(state, flow, settle)
