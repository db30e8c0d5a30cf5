"""A battle (9.0-9.7): steps 1-7, the mixed American/French losses, retreats, sea retreat and
surrender. Behaviour: core/ww/battle.py."""
from __future__ import annotations

from core.stack import Frame, Sequence


class Battle(Sequence, tag="battle", kw_only=True):
    """One battle in `space` (9.2). The activated Army is always the attacker (9.1).

    The frame records the battle step by step, so the view can show each step as it happens:
    the cards (step 1), the battle-rating dice and ratings (step 2), every DRM named with its
    rule (step 3), the battle dice and the winner (step 4), the casualty dice and the losses
    (step 5), the retreat or the surrender (step 6).

    `modifiers[side]` lists every DRM as (amount, reason with its rule), in the order of table
    9.4; a DRM a Battle card takes away stays listed as +0 with the card named. The Battle card
    effects (9.45) are data the later steps read; the events part sets them with the functions
    of core/ww/battle.py (`deny`, `grant`, `halve_rating`, `change_losses`, `end_as_overrun`)."""

    space: str
    attacker: str                     # AMERICAN or BRITISH
    defender: str
    attacker_general: str = ""        # "" = no general (rating 0, 9.3)
    defender_general: str = ""
    entered_from: str = ""            # where the attacker came from (9.61.B, 9.63.A)
    intercepted: bool = False         # the defender intercepted (9.46: +1)
    winter_offensive: bool = False    # 9.44: Washington attacking with the last card
    # step 1 (9.45)
    cards: dict[str, int] = {}        # side -> the Event card it played or discarded
    played: dict[str, bool] = {}      # side -> True: played as a Battle card (+2), False: +1
    overrun: bool = False             # a card event turned the battle into an Overrun (9.7)
    # Battle card effects for this battle only (9.45), set through core/ww/battle.py
    denied: list[tuple[str, str, str]] = []        # (side, DRM rule "9.42", why)
    granted: list[tuple[str, str, str]] = []       # (side, DRM rule, why)
    half_rating: list[tuple[str, str]] = []        # (side, why): half Tactical whatever the die
    loss_changes: list[tuple[str, str, int, str]] = []   # (if this side wins, side, CUs, why)
    # step 2 (9.3)
    rating_rolls: dict[str, int] = {}  # side -> the battle-rating die
    ratings: dict[str, int] = {}      # side -> battle rating
    # step 3 (9.4)
    modifiers: dict[str, list[tuple[int, str]]] = {}
    # step 4
    rolls: dict[str, int] = {}        # side -> the battle die
    winner: str = ""
    # step 5 (9.5)
    casualty_rolls: dict[str, int] = {}   # side -> the casualty die
    losses: dict[str, int] = {}       # side -> CUs lost to casualties (no more than it had)
    # step 6 (9.6)
    retreat_to: str = ""              # where the loser went
    by_sea: bool = False              # ... by sea (9.62)
    surrendered: str = ""             # the side that surrendered (9.63)
    surrendered_cus: int = 0
    british_lost: int = 0             # casualties and surrendered British CUs (9.41, A33)


class BattleCard(Frame, tag="battle-card", kw_only=True):
    """9.2 step 1: `side` may play one Battle card or discard one Event card (attacker first)."""

    side: str


class BattleLosses(Frame, tag="battle-losses", kw_only=True):
    """9.5, 12.2.C (as 11.3): the American chooses how many of the `count` CUs his mixed stack
    in `space` loses are French."""

    side: str
    space: str
    count: int


class BattleRetreat(Frame, tag="battle-retreat", kw_only=True):
    """9.61, 9.62: the loser `side` chooses where its force in `space` retreats, or by sea."""

    side: str
    space: str


FRAMES: tuple[type, ...] = (Battle, BattleCard, BattleLosses, BattleRetreat)
