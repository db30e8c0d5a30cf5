"""Wellington 9.62: "Quel comandante rimane il Comandante sino a quando non si unisce al Gruppo
di Armate un altro comandante o entrambe le Potenze coinvolte si accordano su un nuovo
Comandante durante il suo Impulso": in its impulse, spending a card's CP, a Power of a
two-Power Army Group proposes another commander of the group; the other Power agrees or not
(docs/wellington-movement.md, M4a). (The file sits with the 13.1 choice tests: same helper.)"""
from __future__ import annotations

import msgspec
import pytest

from core.engine import IllegalAction
from core.wellington.frames.movement import CommanderConsent
from core.wellington.state import SPAIN, WellingtonState
from tests.support.wellington_movement import act, empty, nouns, put, spend, top


def spanish_led_group() -> WellingtonState:
    """De España commands an Army Group at Lisbon with Wellington (Spain named him: 9.62's
    rule when the Powers disagree); GB spends a card's CP in its impulse."""
    state = empty()
    put(state, "de-espana", "lisbon", [2, 0, 0])
    put(state, "wellington", "lisbon", [1, 0, 0], lead=False)
    return spend(state, "GB", 4)


def test_9_62_gb_proposes_wellington_spain_agrees_gb_moves_the_group():
    """9.62: "entrambe le Potenze coinvolte si accordano su un nuovo Comandante durante il suo
    Impulso"; 9.64: the group then moves in GB's impulse."""
    state = spanish_led_group()
    assert "lisbon" not in nouns(state, "GB", "move-group")      # De España's group
    assert nouns(state, "GB", "propose-commander") == ["lisbon>wellington"]
    state = act(state, "GB", "propose-commander", "lisbon>wellington")
    assert isinstance(top(state), CommanderConsent) and state.active == [SPAIN]
    before = msgspec.json.encode(state)
    with pytest.raises(IllegalAction):
        act(state, "GB", "agree")
    assert msgspec.json.encode(state) == before
    loaded = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=WellingtonState)
    state = act(loaded, SPAIN, "agree")
    assert state.leading["lisbon"] == "wellington"
    assert "lisbon" in nouns(state, "GB", "move-group")


def test_9_62_spain_refuses_the_commander_stays_and_is_not_asked_again():
    state = spanish_led_group()
    state = act(state, "GB", "propose-commander", "lisbon>wellington")
    state = act(state, SPAIN, "refuse")
    assert state.leading["lisbon"] == "de-espana"
    assert nouns(state, "GB", "propose-commander") == []
    with pytest.raises(IllegalAction):
        act(state, "GB", "propose-commander", "lisbon>wellington")


def test_9_62_no_proposal_in_a_one_power_group_or_for_a_commander_elsewhere():
    state = empty()
    put(state, "wellington", "lisbon", [2, 0, 0])
    put(state, "beresford", "lisbon", [1, 0, 0], lead=False)
    put(state, "de-espana", "coimbra", [1, 0, 0])
    state = spend(state, "GB", 4)
    assert nouns(state, "GB", "propose-commander") == []
    with pytest.raises(IllegalAction):
        act(state, "GB", "propose-commander", "lisbon>de-espana")
