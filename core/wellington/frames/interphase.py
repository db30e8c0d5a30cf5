"""The Interphase (16). Behaviour: core/wellington/interphase.py,
flags.py, building.py."""
from __future__ import annotations

import msgspec

from core.stack import Frame, Sequence


class Interphase(Sequence, tag="interphase", kw_only=True):
    """16: Resources, Reinforcements, Deployment, strategic transfer, the cards. `order`: the
    Powers from the one with the next scheduled impulse, in impulse-track order (16.2)."""

    order: list[str] = []
    appeal: int = 0                  # the Appeal to the Emperor result (16.21), 0 = not yet
    carried: dict[str, list[int]] = {}   # Power -> common cards held over (16.42)
    extra: list[str] = []                # Powers that bought an extra Deployment (16.31)
    deployed: list[str] = []             # commanders that deployed (16.31: once each)
    deployed_troops: dict[str, list[int]] = {}   # "power@duchy" -> counters deployed there
    fresh: dict[str, list[int]] = {}     # Power -> cards just drawn it may substitute


class Reinforce(Frame, tag="reinforce", kw_only=True):
    """16.2, 16.43: `power` spends its Reinforcement CP (`WellingtonState.reinforcement_cp`)
    on builds and regroups. `duchy`: where every reinforcement goes once the first is placed
    (16.2: only one National Key duchy; "" not chosen yet); `anywhere`: 16.43, any friendly
    National Key duchy; `odd`: CP usable only to regroup (16.43)."""

    power: str
    duchy: str = ""
    anywhere: bool = False
    odd: int = 0


class Deployment(Frame, tag="deployment", kw_only=True):
    """16.3, 16.31: `power` chooses a commander to deploy (`left` deployments: 1, 2 after an
    extra Deployment bought for 1 Reinforcement CP), or none."""

    power: str
    left: int = 1


class Deploy(Frame, tag="deploy", kw_only=True):
    """16.3: `commander` deploys from `start` through friendly duchies; `at` where he is now;
    `carried` the counters [inf, cav, art] and `staff` the commanders going with him (within
    his CV); `path` the duchies entered."""

    power: str
    commander: str
    start: str
    at: str
    carried: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    staff: list[str] = []
    path: list[str] = []


class SeaDeploy(Frame, tag="sea-deploy", kw_only=True):
    """16.3: GB's convoy Deployment: from the friendly port `origin` ("" until chosen), up to
    5 commanders and SP (14.2) loaded so far, to a friendly unbesieged port."""

    power: str
    origin: str = ""
    soldiers: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])
    commanders: list[str] = []


class AppealRemoval(Frame, tag="appeal-removal", kw_only=True):
    """16.21: the Appeal to the Emperor takes units worth `left` more (SP or CP, G.39) from
    `power`'s Formations on the map."""

    power: str
    left: int


class StrategicTransfer(Frame, tag="strategic-transfer", kw_only=True):
    """16.32: `power` may remove commanders from the map, as if killed."""

    power: str


class ExcessCards(Frame, tag="excess-cards", kw_only=True):
    """16.43: `power` holds more than 8 common cards: it discards down to 8, each discarded
    card's CP becoming Reinforcement CP (`cp` so far)."""

    power: str
    cp: int = 0


FRAMES = (Interphase, Reinforce, Deployment, Deploy, SeaDeploy, AppealRemoval, StrategicTransfer,
          ExcessCards)
