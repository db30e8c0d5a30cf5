"""Gettysburg 1863: the options a game is set up with, typed once (core/options.py).

The defaults play every rule of the seed as the reference recommends ([R]); each option is an
alternative reading the reference offers for an ambiguity (§H, AMB-n), or the optional corps
integrity rule (6.0). Rules code reads them as attributes: `state.options.corps_integrity`.
"""
from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from core.engine import OptionSpec
from core.options import option, specs


class GbOptions(msgspec.Struct, frozen=True, kw_only=True):
    """Every option of Gettysburg 1863; the defaults are the recommended readings."""

    corps_integrity: Annotated[bool, option(
        "Corps integrity (6.0, optional rule)", "advanced",
        "At the end of each turn every unit must be within 2 hexes of another unit of its corps "
        "(reserves and lone units exempt); a unit that fails may only move to close the distance "
        "until it passes again (AMB-22 [R]).")] = False
    integrity_reading: Annotated[Literal["chain", "pairwise"], option(
        "Corps integrity: how close (AMB-22)", "neutral",
        "'chain' [R]: within 2 hexes of at least one unit of its corps. 'pairwise': within 2 "
        "hexes of every unit of its corps.")] = "chain"
    reserve_chits: Annotated[bool, option(
        "Chits for the cavalry and artillery reserves (AMB-03)", "neutral",
        "The seed's box has no disc left for a reserve chit, so by default the reserves act "
        "through the command hat, a flag chit or a bugle [R]. On: US CR, US AR and CSA CR get a "
        "chit each.")] = False
    recovery_sight: Annotated[Literal["4 hexes", "unlimited"], option(
        "Recovery: enemies whose line of sight counts (AMB-06)", "neutral",
        "A unit out of cover may recover only out of the line of sight of the enemy: of every "
        "enemy within 4 hexes, the longest fire range [R], or of every enemy on the "
        "map.")] = "4 hexes"
    reaction_activation: Annotated[Literal["fires or evades", "any attempt"], option(
        "Reaction: what uses up a unit's activation (AMB-08 b)", "neutral",
        "'fires or evades' [R]: a reacting unit is activated when it actually fires or evades. "
        "'any attempt': rolling for a reaction activates it.")] = "fires or evades"
    reaction_once: Annotated[bool, option(
        "Reaction: once per unit per turn (AMB-08 c)", "neutral",
        "Off [R]: every unit may react whenever an enemy moves next to it, activated or not. On: "
        "a unit may try to react only once a turn.")] = False
    return_fire: Annotated[bool, option(
        "Reaction: an attacked unit may return fire (AMB-08 d)", "neutral",
        "Off [R]: only movement into adjacency sets off a reaction. On: a unit attacked from an "
        "adjacent hex that was already adjacent may also try to react and fire back.")] = False
    reaction_answers_attack: Annotated[bool, option(
        "Reaction fire only answers an attack (AMB-08 e)", "neutral",
        "Off [R]: a successful reactor fires at the unit that moved next to it even if that "
        "unit makes no attack. On: it fires only if the mover attacks.")] = False
    leave_zoc: Annotated[Literal["never re-enter", "re-enter and stop"], option(
        "Leaving an enemy zone of control (AMB-10)", "neutral",
        "A unit starting next to the enemy may move, but not straight into another enemy ZoC "
        "hex. 'never re-enter' [R]: it may not end its move next to an enemy. 're-enter and "
        "stop': once out of the ZoC it may enter another one and stop there.")] = "never re-enter"
    stream_cost: Annotated[Literal["2 in total", "+2"], option(
        "Stream crossing cost (AMB-13)", "neutral",
        "'2 in total' [R]: entering a hex across a stream costs 2 MP (the hex's cost if higher) "
        "and ends the move. '+2': 2 MP on top of the hex's cost.")] = "2 in total"
    same_level_hill: Annotated[Literal["woods part", "none"], option(
        "Fire at a wooded hill from the same level (AMB-14)", "neutral",
        "5.2: fire at a unit at the same elevation is not modified by the hill. 'woods part' "
        "[R]: a wooded or rough hill still gives -1 for its woods. 'none': the literal reading, "
        "no protection at all at the same level.")] = "woods part"
    artillery_losses: Annotated[Literal["fixed", "halved"], option(
        "Artillery fire after a loss (AMB-17)", "neutral",
        "'fixed' [R]: artillery keeps its printed fire array at 1 SP. 'halved': at 1 SP it fires "
        "half its array, rounded up.")] = "fixed"
    night_movement: Annotated[Literal["arrivals only", "every unit"], option(
        "Night turn movement (AMB-24)", "neutral",
        "'arrivals only' [R]: only the units arriving that night move (MP x 2). 'every unit': "
        "every unit may also move with MP x 2, never next to an enemy.")] = "arrivals only"
    vp_control: Annotated[Literal["occupied", "last occupied"], option(
        "Who controls a VP hex (AMB-25)", "neutral",
        "'occupied' [R]: the Confederate player scores a red-dot hex a Confederate unit "
        "occupies at the end of the day. 'last occupied': the last side to occupy it keeps "
        "it.")] = "occupied"
    eliminated_before_start: Annotated[bool, option(
        "Units eliminated before Scenarios 2 and 3 score (AMB-25)", "pro-Confederate",
        "On [R]: the Union units listed as eliminated before the start count for the "
        "Confederate player (9 VP in Scenario 2, 20 in Scenario 3). Off: the list only says "
        "which counters to leave out.")] = True
    scenario_2_length: Annotated[Literal["2-3 July", "2 July only"], option(
        "Scenario 2 length (AMB-28)", "neutral",
        "'2-3 July' [R]: the table lists 3 July arrivals and a night turn, so the scenario runs "
        "to the end of 3 July. '2 July only': it ends after 2 July, if the players "
        "agree.")] = "2-3 July"
    fog_of_war: Annotated[bool, option(
        "Fog of war: the backs of enemy counters hidden (AMB-31, optional)", "neutral",
        "Stand-up counters show their back (training, printed SP) to their owner only; once a "
        "unit is activated it is turned to face the opponent (4.0). On: each side sees the "
        "enemy's printed values only for units activated this turn; the strength discs stay "
        "visible to both. Hotseat then hides the screen between players.")] = False


OPTIONS: list[OptionSpec] = specs(GbOptions)


def readings(options: GbOptions) -> list[str]:
    """The options that differ from the defaults, as short labels (the track pane's 'Rules')."""
    default = GbOptions()
    out = []
    for spec in OPTIONS:
        value = getattr(options, spec.key)
        if value != getattr(default, spec.key):
            out.append(spec.label if value is True else f"{spec.label}: {value}")
    return out
