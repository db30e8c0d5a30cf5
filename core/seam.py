"""A test seam: the one part a mechanism calls into (the battle, as the movement calls it; the
other parts, as the battle calls them) held so that a test may stand something else in for it
within a block, the way `core.dice.scripted` scripts the dice. Nothing is patched: play always
gets the default, and the stand-in lasts exactly as long as the `with` block.

    BATTLES = Seam("ww_movement_battles", Battles())
    BATTLES.get().begin(...)                      # the mechanism's call
    with BATTLES.standing_in(recorder): ...       # a test's stand-in

Used by core/ww/movement.py (`battles_by`) and core/ww/battle.py (`standing_in`); Wellington's
movement has the same seam (`battles_by`).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Generic, Iterator, TypeVar

T = TypeVar("T")


class Seam(Generic[T]):
    """The default of a part, or a test's stand-in within `standing_in`."""

    def __init__(self, name: str, default: T) -> None:
        self._current: ContextVar[T] = ContextVar(name, default=default)

    def get(self) -> T:
        return self._current.get()

    @contextmanager
    def standing_in(self, stand_in: T) -> Iterator[T]:
        """Within the block, the seam gives `stand_in`."""
        token = self._current.set(stand_in)
        try:
            yield stand_in
        finally:
            self._current.reset(token)
