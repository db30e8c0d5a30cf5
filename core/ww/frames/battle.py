"""A battle (9.0-9.7): steps 1-7, retreats, sea retreat and surrender. Behaviour:
core/ww/battle.py."""
from __future__ import annotations

from core.stack import Frame, Sequence


class Battle(Sequence, tag="battle", kw_only=True):
    """One battle in `space` (9.2). The activated Army is always the attacker (9.1).

    `modifiers[side]` lists every DRM as (amount, reason) so the view can name each one (9.4);
    Battle cards add theirs there (9.45) and record the card in `cards[side]`."""

    space: str
    attacker: str                     # AMERICAN or BRITISH
    defender: str
    attacker_general: str = ""        # "" = no general (rating 0, 9.3)
    defender_general: str = ""
    entered_from: str = ""            # where the attacker came from (9.61.B)
    intercepted: bool = False         # the defender intercepted (9.46: +1)
    winter_offensive: bool = False    # 9.44: Washington attacking with the last card
    cards: dict[str, int] = {}        # side -> the Event card it played or discarded (9.45)
    played: dict[str, bool] = {}      # side -> True: played as a Battle card (+2), False: +1
    ratings: dict[str, int] = {}      # side -> battle rating (9.3)
    modifiers: dict[str, list[tuple[int, str]]] = {}
    rolls: dict[str, int] = {}        # side -> the battle die (9.2 step 4)
    winner: str = ""
    losses: dict[str, int] = {}       # side -> CUs lost (9.5)
    british_lost: int = 0             # for the Regulars rule (9.41, A33)
    retreat_to: str = ""


class BattleCard(Frame, tag="battle-card", kw_only=True):
    """9.2 step 1: `side` may play one Battle card or discard one Event card (attacker first)."""

    side: str


class BattleLosses(Frame, tag="battle-losses", kw_only=True):
    """9.5, 11.3: the American chooses which nationality loses `count` CUs in a mixed stack."""

    side: str
    space: str
    count: int


class BattleRetreat(Frame, tag="battle-retreat", kw_only=True):
    """9.61, 9.62: the loser `side` chooses where its force retreats (or by sea)."""

    side: str
    space: str


FRAMES: tuple[type, ...] = (Battle, BattleCard, BattleLosses, BattleRetreat)
