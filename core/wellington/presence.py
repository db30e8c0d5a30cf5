"""Wellington: who stands where (1.5, 1.6), an index kept up to date as pieces move.

`Presence` is derived from the state's `troops` and `commanders` and never saved: it lives
outside the state's fields (`WellingtonState` has `dict=True`; `msgspec.json.encode` and saves
are unchanged). `of(state)` builds it on first use; the two writers of pieces keep it in step:
`building.add` (soldiers, through `recount`) and `place_commander` (commanders). A state whose
`troops` or `commanders` dict was replaced (the set-up, a copy, a loaded save) gets a new
index, built from scratch on first use. Code that writes those dicts directly (test set-ups)
calls `forget(state)` before reading again. tests/test_wellington_presence.py checks the index
against a fresh build after every action of random games.
"""
from __future__ import annotations

from functools import cache
from typing import Callable

from core.engine import derive_copier, use_copier
from core.wellington import forces
from core.wellington.state import WellingtonState

_NO_TROOPS: dict[str, list[int]] = {}
NOBODY: frozenset[str] = frozenset()       # (read-only: nobody present)


class Presence:
    """For each place holding a piece: the Powers with a soldier or commander there (1.6,
    `powers`), and the commanders there in `WellingtonState.commanders` order (`chiefs`).
    The sets and tuples are replaced, never changed: a caller may keep one it was given.
    `changes` counts what changed control may depend on (3.1): the pieces, and the flags and
    Hasty Forts their writers report (`control_changed`). `totals`: each Power's soldier
    counters in play, [infantry, cavalry, artillery] (on the map, in England and the Regroup
    Box: `building.in_play`). `seen_*`: the troops, commanders, flags and Hasty Forts as
    the index last knew them, for `checked`: the troops' entries and the flags and forts
    are replaced, never changed, so copies of the index may share them."""

    __slots__ = ("troops", "commanders", "powers", "chiefs", "changes", "totals",
                 "seen_troops", "seen_commanders", "seen_flags", "seen_forts")

    def __init__(self, state: WellingtonState) -> None:
        self.troops = state.troops
        self.commanders = state.commanders
        self.chiefs: dict[str, tuple[str, ...]] = {}
        for cid, where in state.commanders.items():
            self.chiefs[where] = self.chiefs.get(where, ()) + (cid,)
        self.powers: dict[str, set[str]] = {}
        self.changes = 0
        for place in (*state.troops, *self.chiefs):
            self.recount(place)
        self.totals: dict[str, list[int]] = {}
        for by_power in state.troops.values():
            for power, counts in by_power.items():
                total = self.totals.setdefault(power, [0, 0, 0])
                for kind, n in enumerate(counts):
                    total[kind] += n
        self.seen_troops = {place: {p: list(counts) for p, counts in by_power.items()}
                            for place, by_power in state.troops.items()}
        self.seen_commanders = dict(state.commanders)
        self.seen_flags = dict(state.flags)
        self.seen_forts = list(state.hasty_forts)

    def recount(self, place: str) -> None:
        """`place`'s entry worked out again from the state (its soldiers, then its
        commanders: the order `flags.powers_present` always had)."""
        self.changes += 1
        out = {p for p, counts in self.troops.get(place, _NO_TROOPS).items()
               if counts[0] or counts[1] or counts[2]}
        for cid in self.chiefs.get(place, ()):
            out.add(commander_power(cid))
        if out:
            self.powers[place] = out
        else:
            self.powers.pop(place, None)

    def moved(self, cid: str, old: str | None, new: str) -> None:
        """Commander `cid` went from `old` (None: he was nowhere) to `new`."""
        for place in (old, new):
            if place is None:
                continue
            chiefs = tuple(c for c, at in self.commanders.items() if at == place)
            if chiefs:
                self.chiefs[place] = chiefs
            else:
                self.chiefs.pop(place, None)
            self.recount(place)

    def copy(self, state: WellingtonState) -> Presence:
        """The same index for `state`, a copy of the state this one describes."""
        new = Presence.__new__(Presence)
        new.troops, new.commanders = state.troops, state.commanders
        new.chiefs, new.powers = dict(self.chiefs), dict(self.powers)
        new.changes = self.changes
        new.totals = {power: list(total) for power, total in self.totals.items()}
        new.seen_troops, new.seen_commanders = dict(self.seen_troops), dict(self.seen_commanders)
        new.seen_flags, new.seen_forts = self.seen_flags, self.seen_forts
        return new


@cache
def commander_power(cid: str) -> str:
    return forces.forces().commander(cid).power


def of(state: WellingtonState) -> Presence:
    """The state's index, built on first use (or again once `troops` or `commanders` was
    replaced)."""
    index: Presence | None = state.__dict__.get("_presence")
    if index is None or index.troops is not state.troops \
            or index.commanders is not state.commanders:
        index = state.__dict__["_presence"] = Presence(state)
    return index


def known(state: WellingtonState) -> Presence | None:
    """The state's index if it has a valid one, else None (nothing is built)."""
    index: Presence | None = state.__dict__.get("_presence")
    if index is None or index.troops is not state.troops \
            or index.commanders is not state.commanders:
        return None
    return index


def forget(state: WellingtonState) -> None:
    """Drop the index (after writing `troops` or `commanders` other than through the two
    writers): the next question builds it again."""
    state.__dict__.pop("_presence", None)


def troops_changed(state: WellingtonState, place: str, power: str, kind: int, count: int
                   ) -> None:
    """`building.add` added `count` counters (fewer if negative) of `kind` of `power`'s at
    `place`."""
    index = known(state)
    if index is not None:
        index.recount(place)
        index.totals.setdefault(power, [0, 0, 0])[kind] += count
        by_power = state.troops.get(place)
        if by_power is None:
            index.seen_troops.pop(place, None)
        else:
            index.seen_troops[place] = {p: list(counts) for p, counts in by_power.items()}


def control_changed(state: WellingtonState) -> None:
    """A flag or a Hasty Fort changed (their writers call this: flags.set_flag and
    remove_flag, #37's placing, 12.3's destruction): what control depends on besides the
    pieces (3.1), counted in `Presence.changes`."""
    index = known(state)
    if index is not None:
        index.changes += 1


def place_commander(state: WellingtonState, cid: str, where: str) -> None:
    """The one writer of a commander's place (`WellingtonState.commanders`): a duchy, ENGLAND,
    REGROUP or UNBUILT."""
    old = state.commanders.get(cid)
    state.commanders[cid] = where
    index = known(state)
    if index is not None:
        index.seen_commanders[cid] = where
        if old != where:
            index.moved(cid, old, where)


def checked(state: WellingtonState) -> None:
    """At the door of the rules (every listing, view and `act`, core/wellington/rules.py):
    the index set right for a state written other than through the writers (a test or a
    check setting up a position by hand, `state.commanders[...] = ...`). Troops or commanders
    not as the index last saw them: it is built again on the next question; flags or Hasty
    Forts: counted as a change of control (`changes`, what the immediate-end test's memo
    reads). Three comparisons of dicts in C, a few microseconds: random play's `apply`, which
    follows the listing of the very same state, is not checked again."""
    index = known(state)
    if index is None:
        return
    if index.seen_troops != state.troops or index.seen_commanders != state.commanders:
        forget(state)
    elif index.seen_flags != state.flags or index.seen_forts != state.hasty_forts:
        index.changes += 1
        index.seen_flags, index.seen_forts = dict(state.flags), list(state.hasty_forts)


_DERIVED: list[Callable[[WellingtonState], WellingtonState]] = []   # derived on first use


def copy_state(state: WellingtonState) -> WellingtonState:
    """`clone`'s copy of a state (the copier derived from its fields, `derive_copier`), with
    a copy of its index when it has one."""
    if not _DERIVED:
        _DERIVED.append(derive_copier(WellingtonState))
    new = _DERIVED[0](state)
    index = known(state)
    if index is not None:
        new.__dict__["_presence"] = index.copy(new)
    return new


use_copier(WellingtonState, copy_state)
