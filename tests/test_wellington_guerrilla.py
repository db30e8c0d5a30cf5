"""Wellington: the Guerrilla phase (4.4, table C.17), with the seed's numbers
(../shared/rules/wellington.md §I: TC-35)."""
from __future__ import annotations

from core.dice import scripted
from core.wellington import flags as geo
from core.wellington import guerrilla
from core.wellington.state import ADN, ADS, GB, SPAIN
from tests.support.wellington_siege import board, flag, put


def only(state, duchy: str) -> None:
    """Make `duchy` the one eligible duchy: French troops stand in every other one."""
    for other in guerrilla.eligible(state):
        if other != duchy:
            put(state, other, ADN, inf=1)


def test_tc_35_occupied_duchy_adjacent_to_a_spanish_formation():
    """TC-35: Almaraz (AdN blue dot, unfortified, no French unit), a Spanish Formation next
    door at Ciudad Rodrigo: 3 + 1 = 4, a Spanish flag is placed."""
    match = board()
    state = match.state
    put(state, "ciudad-rodrigo", SPAIN, "de-espana", inf=1)
    only(state, "almaraz")
    assert guerrilla.eligible(state) == ["almaraz"]
    with scripted([3], strict=True):
        guerrilla.guerrilla_step(state)
    assert state.flags["almaraz"] == SPAIN
    assert geo.controller(state, "almaraz") == SPAIN


def test_tc_35_portuguese_duchy_under_a_french_flag_reverts_to_gb():
    match = board()
    state = match.state
    flag(state, "braga", ADN)
    only(state, "braga")
    assert guerrilla.eligible(state) == ["braga"]
    with scripted([4], strict=True):
        guerrilla.guerrilla_step(state)
    assert "braga" not in state.flags and geo.controller(state, "braga") == GB


def test_4_4_one_to_three_no_effect_and_the_plus_one_is_never_more():
    match = board()
    state = match.state
    put(state, "ciudad-rodrigo", SPAIN, "de-espana", inf=1)
    put(state, "caceres", GB, "hill")                     # two Allied neighbours: still +1
    only(state, "almaraz")
    assert guerrilla.modifier(state, "almaraz") == 1
    with scripted([2], strict=True):
        guerrilla.guerrilla_step(state)
    assert "almaraz" not in state.flags and geo.controller(state, "almaraz") == ADN


def test_4_4_spanish_duchy_under_a_french_flag_reverts_to_spain():
    match = board()
    state = match.state
    flag(state, "cartagena", ADS)
    only(state, "cartagena")
    with scripted([5], strict=True):
        guerrilla.guerrilla_step(state)
    assert "cartagena" not in state.flags and geo.controller(state, "cartagena") == SPAIN


def test_4_4_eligibility():
    """Not a fortress, not in France, not with a soldier or commander, French-controlled."""
    match = board()
    state = match.state
    found = guerrilla.eligible(state)
    assert "ciudad-rodrigo" not in found                  # a fortress
    assert "bayonne" not in found                         # in France
    assert "almaraz" in found
    put(state, "almaraz", ADN, inf=1)
    put(state, "talavera-de-la-reina", GB, inf=1)         # Uncontrolled: not French-controlled
    found = guerrilla.eligible(state)
    assert "almaraz" not in found and "talavera-de-la-reina" not in found
    with scripted([1] * len(found), strict=True):         # one die per eligible duchy
        guerrilla.guerrilla_step(state)
