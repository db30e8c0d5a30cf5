"""Gettysburg 1863: the corps chits drawn from the cup and the activation dice (``chits.toml``).

The chit mix is data, validated against the roster (units.toml): one flag per side, one chit
per corps of each side, none for the cavalry and artillery reserves unless the
``reserve-chits`` option is on (reference 1.3 [INF], AMB-03 [R]). What the cup holds is the rule
of 2.0 and 7.0, :func:`ChitMix.cup`: at the start of each turn the two flags and the chit of
every corps that has a unit on the map or one arriving this turn; nothing at night (7.1).

A bad file raises :class:`ChitsError` naming the file and the entry, e.g.
``chits.toml: chit 'US.XI': corps 'US.XI' is Union, the chit is Confederate``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

import msgspec

from core.catalogue import convert, read_toml
from core.gettysburg.units import SIDE_PREFIX, Roster, roster

__all__ = [
    "CHITS_PATH",
    "OPTIONS",
    "RESERVE_CHITS",
    "ActivationDice",
    "Chit",
    "ChitMix",
    "ChitsError",
    "chit_mix",
    "load_chits",
]

CHITS_PATH = Path(__file__).with_name("chits.toml")

# AMB-03 option: the cavalry and artillery reserves get a chit each.
RESERVE_CHITS = "reserve-chits"
OPTIONS = frozenset({RESERVE_CHITS})

Side = Literal["Union", "Confederate"]
Positive = Annotated[int, msgspec.Meta(ge=1)]


class ChitsError(ValueError):
    """chits.toml is unreadable or invalid; the message names the file and the entry."""


class _Data(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every record: immutable, and an unknown key is an error."""


class ActivationDice(_Data):
    """2.0 step 2: the white dice the owner of the drawn chit rolls."""

    Union: Positive
    Confederate: Positive
    source: str


class Chit(_Data):
    """One black disc of the cup: a side's flag or a corps indicator (1.3)."""

    id: str
    side: Side
    kind: Literal["flag", "corps"]
    source: str
    corps: str = ""
    option: str = ""


class ChitMix(_Data):
    """The whole of chits.toml."""

    activation_dice: ActivationDice
    chits: dict[str, Chit]

    def dice(self, side: str) -> int:
        """White dice rolled for a chit of `side` (2.0: Confederate 5, Union 4)."""
        return getattr(self.activation_dice, side)

    def in_box(self, options: Collection[str] = ()) -> tuple[Chit, ...]:
        """The chits in play with `options` (file order)."""
        return tuple(c for c in self.chits.values() if not c.option or c.option in options)

    def flag(self, side: str) -> Chit:
        return next(c for c in self.chits.values() if c.kind == "flag" and c.side == side)

    def corps_chit(self, corps_id: str, options: Collection[str] = ()) -> Chit | None:
        """The chit of a corps, or None (a reserve without the option, AMB-03)."""
        return next((c for c in self.in_box(options) if c.corps == corps_id), None)

    def cup(self, corps_in_play: Iterable[str], options: Collection[str] = (),
            night: bool = False) -> tuple[str, ...]:
        """Chit ids put in the cup at the start of a turn: both flags, and the chit of each
        corps in `corps_in_play` (those with a unit on the map or arriving this turn, 2.0, 7.0)
        that has one; empty in the night turn (7.1: units are not activated)."""
        if night:
            return ()
        present = set(corps_in_play)
        return tuple(c.id for c in self.in_box(options)
                     if c.kind == "flag" or c.corps in present)


def _check(chit: Chit, roster_: Roster) -> str | None:
    prefix = SIDE_PREFIX[chit.side]
    if chit.option and chit.option not in OPTIONS:
        return f"unknown option {chit.option!r} (expected one of {', '.join(sorted(OPTIONS))})"
    if chit.kind == "flag":
        if chit.corps:
            return "a flag chit has no corps"
        if chit.id != f"{prefix}.flag":
            return f"a {chit.side} flag chit's id is {prefix + '.flag'!r}"
        if chit.option:
            return "both flags are always in the cup (2.0)"
        return None
    corps = roster_.corps.get(chit.corps)
    if corps is None:
        return f"unknown corps {chit.corps!r}"
    if corps.side != chit.side:
        return f"corps {chit.corps!r} is {corps.side}, the chit is {chit.side}"
    if chit.id != chit.corps:
        return f"a corps chit's id is its corps id, {chit.corps!r}"
    if corps.reserve and chit.option != RESERVE_CHITS:
        return f"a reserve has a chit only with the {RESERVE_CHITS!r} option (AMB-03)"
    if not corps.reserve and chit.option:
        return "a corps' chit is always in play (1.3, 2.0)"
    return None


def load_chits(path: str | Path = CHITS_PATH, roster_: Roster | None = None) -> ChitMix:
    """Read and validate a chits file against the roster."""
    path = Path(path)
    fname = path.name
    roster_ = roster_ or roster()
    data = read_toml(path, ChitsError)
    unknown = sorted(set(data) - {"activation_dice", "chit"})
    if unknown:
        raise ChitsError(f"{fname}: unknown top-level key(s) {', '.join(map(repr, unknown))}")
    if "activation_dice" not in data:
        raise ChitsError(f"{fname}: missing 'activation_dice'")
    dice = convert(data["activation_dice"], ActivationDice,
                   lambda msg: ChitsError(f"{fname}: activation_dice: {msg}"))
    entries = data.get("chit", [])
    if not isinstance(entries, list) or not entries:
        raise ChitsError(f"{fname}: no [[chit]] entries")
    chits: dict[str, Chit] = {}
    for index, raw in enumerate(entries):
        cid = raw.get("id") if isinstance(raw, dict) else None
        label = repr(cid) if isinstance(cid, str) else f"#{index + 1}"

        def fail(msg: str, label: str = label) -> ChitsError:
            return ChitsError(f"{fname}: chit {label}: {msg}")

        chit = convert(raw, Chit, fail)
        if chit.id in chits:
            raise fail("duplicate id")
        problem = _check(chit, roster_)
        if problem:
            raise fail(problem)
        chits[chit.id] = chit
    for side in SIDE_PREFIX:
        if not any(c.kind == "flag" and c.side == side for c in chits.values()):
            raise ChitsError(f"{fname}: no {side} flag chit (2.0: the cup holds both flags)")
    for corps in roster_.corps.values():
        if not corps.reserve and not any(c.corps == corps.id for c in chits.values()):
            raise ChitsError(f"{fname}: corps {corps.id!r} has no chit (1.3, 2.0)")
    return ChitMix(dice, chits)


@cache
def chit_mix() -> ChitMix:
    """The Gettysburg chits, loaded once per process."""
    return load_chits()
