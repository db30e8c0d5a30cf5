"""Wellington: the options a game is set up with, typed once (core/options.py).

The rulebook offers no optional rules besides the choice of the start year (a scenario) and
the split of the four Powers among 2, 3 or 4 players (2.1, powers.py). Every ambiguity the
reference marks [config] (../shared/rules/wellington.md §G) is an option here whose default is
the reference's recommended reading; the other reading is the option's alternative value.
Options other parts will read (G.36 convoys, G.47 #5, G.60 #94) are declared here too, so the
game has one options type.
"""
from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.options import option, specs

Split = Literal["4", "3-allies", "3-french", "2"]


class WellingtonOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Every option of Wellington; the defaults are the readings of the reference."""

    players: Annotated[Split, option(
        "Players (2.1)", "neutral",
        "4: one Power each. 3-allies: one player holds Great Britain and Spain, one each "
        "French Power. 3-french: one player holds both French Powers, one Great Britain, one "
        "Spain. 2: the Allies against the French. Partners on a side still keep separate "
        "hands and Resources (2.5); the split decides who may win individually (19.1).")] = "4"
    bid_sp: Annotated[int, option(
        "Bid: SP the highest bidder removes (2.1)", "neutral",
        "Players who disagree on the Powers may bid SP they are willing to lose. The highest "
        "bidder removes that many SP of its own soldiers anywhere on the map before play "
        "(0: no bid).")] = 0
    bid_winner: Annotated[Literal["", "GB", "Spain", "AdS", "AdN"], option(
        "Bid: a Power of the highest bidder (2.1)", "neutral",
        "One Power of the player who won the bid (with two Powers, either one: that player "
        "removes the SP from any soldiers of its Powers).")] = ""
    preempt_first_round_any_start: Annotated[bool, option(
        "No preemption in the first round of any start year (G.10)", "neutral",
        "By default nobody may preempt during the first round of the game, whichever year it "
        "starts. Turn this off to read 4.22 literally: only the first round of 1812 is "
        "protected, so a 1813 start allows preemption at once.")] = True
    substitution_to_deck: Annotated[bool, option(
        "Substitution discards go into the draw deck (G.15)", "neutral",
        "By default the cards given back by a Substitution (2.6) go to the discard pile and "
        "return at the next Interphase shuffle. Turn this on to shuffle them into the draw "
        "deck before the new cards are drawn.")] = False
    appeal_removal_as_sp: Annotated[bool, option(
        "Appeal to the Emperor removals counted in SP (G.39)", "pro-Allied",
        "By default 'remove units worth 2/4/8 CP' values units at build cost (2 CP per SP), "
        "so 1, 2 or 4 SP. Turn this on to remove 2, 4 or 8 SP.")] = False
    ask_every_power_for_responses: Annotated[bool, option(
        "Ask every Power at each Response window (5.2)", "neutral",
        "By default a Response window asks only the Powers holding a Response playable at "
        "that moment (faster, but the others learn that such a Power holds one). Turn this "
        "on to ask every other Power every time, which tells nobody anything.")] = False
    convoy_assault_needs_93: Annotated[bool, option(
        "Convoy into a besieged enemy fortress needs #93 (G.36)", "pro-French",
        "14.2: such a convoy 'is resolved as an Amphibious Assault'. By default every 14.3 "
        "condition applies (#93, minor port only).")] = True
    disaster_on_the_rhine_sp: Annotated[Literal[3, 5], option(
        "#5 Disaster on the Rhine: SP the French lose (G.47)", "neutral",
        "The card's number is garbled in the source ('3 5'); the reference reads 5.")] = 5
    knight_response_outside_gb_impulse: Annotated[bool, option(
        "#94 may be handed over outside the British impulse (G.60)", "pro-Allied",
        "By default #94 Knight of St George is handed to Spain only in the British "
        "impulse.")] = False


OPTIONS = specs(WellingtonOptions)
