"""Naval matters (14): a convoy or an amphibious assault being loaded and sailed.
Behaviour: core/wellington/naval.py."""
from __future__ import annotations

import msgspec

from core.stack import Frame, Sequence


class Convoy(Frame, tag="convoy", kw_only=True):
    """14.2, 14.3: `power` convoys up to 5 commanders and SP from the friendly port `origin`
    ("" until chosen) to another port; `kind` "convoy" or "assault" (14.3, with #93); `free`:
    no CP (#93's free convoys, #103). `soldiers` ([infantry, cavalry, artillery]) and
    `commanders` are loaded so far (they stay in `origin` until the convoy sails)."""

    power: str
    kind: str = "convoy"
    free: bool = False
    origin: str = ""
    soldiers: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    commanders: list[str] = []


class Sailing(Sequence, tag="sailing", kw_only=True):
    """The convoy or assault `power` has paid for, announced (Responses, 5.2: #103 may block
    it, `blocked` then says why), then carried out: `soldiers` and `commanders` from `origin`
    to `to`."""

    power: str
    kind: str
    free: bool
    origin: str
    to: str
    soldiers: list[int]
    commanders: list[str]
    blocked: str = ""


FRAMES: tuple[type, ...] = (Convoy, Sailing)
