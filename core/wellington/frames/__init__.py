"""Wellington: every frame of the decision stack (core/stack.py), as data.

Each module holds the frames of one part of the sequence of play; what each frame *does* is in
the module named beside it. The union `WellingtonFrame` is what the state's stack holds, so a
save carries the whole stack.

    turn.py       GameTurn (4.1), Setup, the bid removal (2.1), Substitution (2.6)
                                                        core/wellington/flow.py, setup.py, hands.py
    impulse.py    the impulse phase, preemption, one impulse, its menu, Response windows
                  (4.2-4.24, 5.2, 5.6, 15.2)            core/wellington/impulse.py
    cardplay.py   CP spending (5.5), flags (7.1), building and regrouping (6)
                                                        core/wellington/cardplay.py, flags.py,
                                                        building.py
    movement.py   a move, its entries, interception and evasion (9, 10)
                                                        core/wellington/movement.py,
                                                        interception.py
    battle.py     a battle (11)                         core/wellington/battle/
    siege.py      a siege (12)                          core/wellington/siege.py
    naval.py      a convoy or amphibious assault (14)   core/wellington/naval.py
    events.py     a card event's questions and steps    core/wellington/events/
    interphase.py the Interphase (16)                   core/wellington/interphase.py
"""
from __future__ import annotations

from typing import Union

from core.wellington.frames import (attrition_losses, battle, cardplay, events, impulse,
                                    interphase, movement, naval, siege, turn)

FRAMES = (*turn.FRAMES, *impulse.FRAMES, *cardplay.FRAMES, *movement.FRAMES, *battle.FRAMES,
          *siege.FRAMES, *naval.FRAMES, *events.FRAMES, *interphase.FRAMES,
          *attrition_losses.FRAMES)
WellingtonFrame = Union[FRAMES]  # type: ignore[valid-type]
