"""Naval matters (14): a convoy or an amphibious assault being loaded and sailed.
Behaviour: core/wellington/naval.py."""
from __future__ import annotations

import msgspec

from core.stack import Frame, Sequence
from core.wellington.frames.movement import Army


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
    landed: str = ""          # the landing Formation's id once it has landed (14.2, 14.3)
    before: str = ""          # the port's controller before the landing (10.7, G.18)
    tried: list[str] = []     # the defenders' evasions tried: "<power>:army|soldiers|stay"
    asked: list[str] = []     # the enemy Powers still to be asked to intercept (10.1)
    pending: list[Army] = []  # the interception being tried (its Armies)
    counts: dict[str, list[int]] = {}   # the port's counters per Power before it
    arrived: list[Army] = []  # the interceptors that came, as they came (they do not evade)


class LandingEvade(Frame, tag="landing-evade", kw_only=True):
    """14.2, 14.3, 10.5: before the landing's battle, the enemy `power` in the port (the
    besiegers of a friendly fortress, the defenders of an assaulted port) may evade."""

    power: str


class LandingIntercept(Frame, tag="landing-intercept", kw_only=True):
    """10.1: the enemy `power` may try to intercept into the port where a convoy or an
    amphibious assault has landed."""

    power: str


FRAMES: tuple[type, ...] = (Convoy, Sailing, LandingEvade, LandingIntercept)
