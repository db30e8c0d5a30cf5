"""Washington's War: the options a game is set up with, typed once (core/options.py).

The rulebook offers no optional rules. Where the text is ambiguous, the game plays the reading
of ../shared/rules/washingtons-war.md ("Ambiguities") and offers the literal alternative as an
option, so a player who reads the rule the other way can play it so.
"""
from __future__ import annotations

from typing import Annotated

import msgspec

from core.options import option, specs


class WwOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Every option of Washington's War; the defaults are the readings of the reference."""

    war_ends_literal: Annotated[bool, option(
        "War Ends: the Italian text's 'current or previous year' (D6)",
        "neutral",
        "By default the game ends in the End Phase when the card in the War Ends box shows the "
        "current year or any earlier one (the German text). The Italian literally says the "
        "current or the previous year, so a card played two or more years late never ends "
        "the game.")] = False
    sea_retreat_needs_general: Annotated[bool, option(
        "Retreat by sea only with a British general (A16)",
        "pro-American",
        "By default British CUs without a general may also retreat by sea from a port (9.62). "
        "The literal text speaks of 'a British general and surviving CUs'.")] = False
    for_the_king_in_canada: Annotated[bool, option(
        "For the King may place in Canada (A19)",
        "pro-British",
        "The British set-up PCs may go in any colony except MA, CT, NH, PA and VA; Canada is "
        "not on that list (the default). Turn this off to read Canada as excluded, since it is "
        "not a colony (10.0.B).")] = True


OPTIONS = specs(WwOptions)
