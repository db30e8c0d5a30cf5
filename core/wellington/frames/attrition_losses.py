"""Attrition checked in the middle of an action (13.1): the counters an Army loses.
Behaviour: core/wellington/attrition.py (the `AttritionCasualty` stop, which asks this frame
too) and core/wellington/movement.py (`attrition`, which pushes it).

    ArmyCasualty    the `AttritionCasualty` question limited to the moving Armies' soldiers
                    of one Power: the chooser picks which of them take the losses; once
                    answered the Armies carry what is left of them (change made, 1.5)
    ArmySplit       the `AttritionSplit` question for a moving two-Power Army Group: the
                    Commander's Power says which Power takes each loss, then the counters
                    (ArmyCasualty)
    BattleTally     below the questions of an attrition suffered in a battle (#31, #54, #61):
                    once they are answered, what was lost is recorded as the battle's
                    eliminations (core/wellington/battle/procedure.py, `tally`)
"""
from __future__ import annotations

import msgspec

from core.stack import Sequence
from core.wellington.frames.siege import AttritionCasualty, AttritionSplit


class ArmyCasualty(AttritionCasualty, tag="army-casualty", kw_only=True):
    """13.1 "La Potenza influenzata sceglie quale SP eliminare": `chooser` picks the counters
    of `power` that lose the `left` SP still to lose in `duchy`, among the soldiers that
    suffer the attrition only (`pool`: [infantry, cavalry, artillery] of them still there;
    other soldiers of `power` in `duchy` are not affected). `army` names the force for the
    prompt (movement.army_key): the commander id of the first of `power`'s Armies that has
    one, else the leaderless force's Formation id "<power>:<duchy>". `moving`: the
    Formation ids of those Armies (armies.formation_id; a leaderless one's, once for all
    its counters); once the losses are taken, they (in the `Move` or `Attempt` on the stack
    at `duchy`) carry `pool` (armies.carry)."""

    pool: list[int]
    army: str = ""
    moving: list[str] = []


class Pool(msgspec.Struct, kw_only=True):
    """One Power's part of a moving Formation that suffers attrition: `troops` [infantry,
    cavalry, artillery], its commanders there (`chiefs`), `army` and `moving` (see
    ArmyCasualty)."""

    power: str
    army: str
    troops: list[int]
    chiefs: list[str] = []
    moving: list[str] = []


class ArmySplit(AttritionSplit, tag="army-split", kw_only=True):
    """The `AttritionSplit` question for a moving two-Power Army Group: `pools` holds each
    Power's affected units, whose counters are then asked (`ArmyCasualty`). (A list: the
    state's copier keeps Structs in lists, core/engine.py.)"""

    pools: list[Pool]


class BattleTally(Sequence, tag="battle-tally", kw_only=True):
    """`side` suffered attrition in the battle on the stack for `why` (a card's title);
    `before`: its SP and commanders in the battle duchy by Power before the dice. Once the
    owners have chosen the losses (the questions above it), they are recorded as the battle's
    eliminations of `side` (11.52: #48, #49 can take them back); `suffered`: they count among
    the round's losses (#31, #54; not #61's, after the Rout)."""

    side: str
    why: str
    before: dict[str, tuple[int, list[str]]]
    suffered: bool = False


FRAMES = (ArmyCasualty, ArmySplit, BattleTally)
