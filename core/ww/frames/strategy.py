"""The Strategy Phase (5.3): impulses and what one card play can do (6.0-6.34, 7.1, 7.2, 8.0,
10.1)."""
from __future__ import annotations

from core.stack import Frame, Sequence


class StrategyPhase(Sequence, tag="strategy-phase", kw_only=True):
    """5.3: who plays first, then impulses until both hands are empty."""


class FirstPlayer(Frame, tag="first-player", kw_only=True):
    """5.3: the British may open with a Campaign card (he plays first); otherwise the
    American chooses who plays first. `asked`: AMERICAN or BRITISH, who is asked now."""

    asked: str


class Impulse(Sequence, tag="impulse", kw_only=True):
    """One impulse of `side` (5.3): the exchange window, one card play, the French Alliance
    check, replacement draws."""

    side: str
    card: int = 0                   # the card played (0 until chosen; preset for a British
                                    # opening Campaign, 5.3)
    last_card: bool = False         # no card left in either hand once it was played (9.44)


class Exchange(Frame, tag="exchange", kw_only=True):
    """6.32.C: `side` may swap an OPS card (American: 2 or 3) for the Event card the opponent
    has just discarded as a play, before its own impulse."""

    side: str
    card: int


class PlayCard(Frame, tag="play-card", kw_only=True):
    """5.3, 6.2, 6.3: `side` chooses a card and what to do with it (one action = card + use)."""

    side: str


class ChooseGeneral(Frame, tag="choose-general", kw_only=True):
    """7.1: activate one general with strategy <= `ops` (an OPS card or a queue's total)."""

    side: str
    ops: int
    card: int                      # the card played (the last card added, for a queue)
    queue: bool = False            # the ops are a queue's total: it may also be kept (7.1.B)


class PcActions(Frame, tag="pc-actions", kw_only=True):
    """10.11: up to `left` PC actions (place or flip) with card `card`; `before`: the spaces
    holding a British PC when the card was played (10.11.B: no daisy-chaining)."""

    side: str
    card: int
    left: int
    before: list[str] = []
    done_spaces: list[str] = []


class DiscardAction(Frame, tag="discard-action", kw_only=True):
    """6.32.B: after discarding Event `card` as a play, `side` may do one minor action:
    nothing, place or flip one PC, or remove one enemy PC, next to a friendly PC."""

    side: str
    card: int


class Reinforce(Frame, tag="reinforce", kw_only=True):
    """8.1.C / 8.2.C: where the reinforcements played with `card` arrive; then how many CUs
    (British) and which general. `space` is "" until chosen; `cus` -1 until chosen."""

    side: str
    card: int
    space: str = ""
    cus: int = -1
    french: bool = False            # 12.2.B.ii: the French group arrives instead (A22)


class Campaign(Sequence, tag="campaign", kw_only=True):
    """7.2: up to `activations` generals of `side`, one after the other, or a Landing Party
    (British, 7.2.B). `activated`: generals already activated; `moved`: space -> how many of
    the CUs standing there have already moved with a general during this card (7.4.E: CUs are
    counted, not named, so the ones that moved are counted where they stopped)."""

    side: str
    card: int
    activations: int
    activated: list[str] = []
    moved: dict[str, int] = {}
    landing_party: bool = False
    finished: bool = False


class CampaignChoice(Frame, tag="campaign-choice", kw_only=True):
    """7.2: the next general of the campaign, a Landing Party, or end the campaign."""

    side: str


class LandingParty(Frame, tag="landing-party", kw_only=True):
    """7.2.B: flip an American PC or place a British PC in a port."""

    side: str


FRAMES = (StrategyPhase, FirstPlayer, Impulse, Exchange, PlayCard, ChooseGeneral, PcActions,
          DiscardAction, Reinforce, Campaign, CampaignChoice, LandingParty)
