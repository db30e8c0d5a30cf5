"""Washington's War: every frame of the decision stack (core/stack.py), as data.

Each module holds the frames of one part of the sequence of play; what each frame *does* is in
the module of the same part (core/ww/<part>.py). The union `WwFrame` is what the state's stack
holds, so a save carries the whole stack.

    turn.py      GameTurn, the set-up stops (4.0)                          core/ww/flow.py, setup.py
    strategy.py  the Strategy Phase: impulses, card uses, PC actions,
                 reinforcements, queues, exchanges, campaigns (5.3, 6, 7.1,
                 7.2, 8, 10.1)                                             core/ww/strategy.py
    movement.py  an activation: movement, naval movement, capture, the
                 Congress, interception, retreat before battle (7.3-7.9)   core/ww/movement.py
    battle.py    a battle, steps 1-7, retreats, surrender, overrun (9)      core/ww/battle.py
    phases.py    winter attrition, French naval phase, political control,
                 end phase, the French Alliance (10.2, 10.3, 11, 12, 13)   core/ww/phases.py
    events.py    the frames card events push (6.3)                         core/ww/events/
"""
from __future__ import annotations

from typing import Union

from core.ww.frames import battle, events, movement, phases, strategy, turn

FRAMES = (*turn.FRAMES, *strategy.FRAMES, *movement.FRAMES, *battle.FRAMES, *phases.FRAMES,
          *events.FRAMES)
WwFrame = Union[FRAMES]  # type: ignore[valid-type]
