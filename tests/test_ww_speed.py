"""What Washington's War's random play does for speed (issue 19 part 3), checked.

The rules that list choices read the board once per listing (docs/ww-engine.md, "Speed"): the
PC rules as sets of spaces (core/ww/pc_spaces.py), questions of existence that stop at the
first answer (`can_place`, `any_pc_target`, `exists`), the spaces next to a side's PCs from a
cached union of neighbour sets (`query.Neighbourhood`), isolation's targets as sets, and a
hint of where the 13.1 CUs were last seen (`victory.cus_for_victory`). These tests play random
games and, at every state, hold each shortcut against the plain definition it stands for:
a scan of every space asking the board directly.
"""
from __future__ import annotations

import msgspec
import networkx
import pytest

from core import rng
from core.engine import Match, clone
from core.playout import _Chooser
from core.registry import get_rules
from core.ww import isolation, movement, pc_spaces, space_bits, strategy, victory
from core.ww import query as q
from core.ww.events.common import exists
from core.ww.events.military import cu_spaces
from core.ww.state import AMERICAN, BRITISH, SIDES, WwState

RULES = get_rules("washingtons-war")
SEEDS = (1, 2, 3)


def states_of(seed: int) -> list[WwState]:
    """Every state a random game goes through (the playout's policy, one copy per action)."""
    match = Match.new(RULES, seed=seed)
    chooser = _Chooser(rng.seed_state(seed ^ 0x5EED))
    seen: list[WwState] = []
    while match.state.result is None:
        seen.append(match.state)
        role = match.state.active[0]
        choices = match.actions(role)
        match.take(role, choices, rng.randbelow(chooser, len(choices)))
    return seen


@pytest.fixture(scope="module", params=SEEDS)
def states(request: pytest.FixtureRequest) -> list[WwState]:
    return states_of(request.param)


def adjacent_by_scan(space: str, side: str, pcs: set[str]) -> bool:
    """10.11 / 10.12.B adjacency asked of the map (A35 for the British)."""
    return q.friendly_adjacent(space, side, pcs)


def has_army(state: WwState, space: str, side: str) -> bool:
    return q.has_army(state, space, side)


def placeable_by_scan(state: WwState, side: str, before: set[str],
                      discard: bool) -> set[str]:
    """10.11.A.ii, 10.11.A.iv / 10.11.B.ii-iii, and 10.12.B by discard, space by space."""
    out = set()
    for space in q.spaces():
        if space in state.pcs:
            continue
        if side == AMERICAN:
            ok = (not q.congress_dispersed(state) and not state.mutiny
                  and not q.cus(state, space, BRITISH))
            if discard:
                ok = ok and adjacent_by_scan(space, side, q.pcs_of(state, side))
        else:
            ok = not q.american_units(state, space)
            if discard:
                ok = ok and adjacent_by_scan(space, side, q.pcs_of(state, side))
            else:
                ok = ok and (adjacent_by_scan(space, side, before)
                             or has_army(state, space, BRITISH))
        if ok:
            out.add(space)
    return out


def flippable_by_scan(state: WwState, side: str, discard: bool) -> set[str]:
    """10.11.A.iii / 10.11.B.iii (and 10.12.B by discard), space by space."""
    out = set()
    for space in q.spaces():
        if state.pcs.get(space) != q.enemy(side):
            continue
        if side == AMERICAN:
            ok = q.general_at(state, space, AMERICAN) is not None
        else:
            ok = has_army(state, space, BRITISH)
        if discard:
            ok = ok and adjacent_by_scan(space, side, q.pcs_of(state, side))
        if ok:
            out.add(space)
    return out


def removable_by_scan(state: WwState, side: str) -> set[str]:
    """6.32.B.iii, A9, space by space."""
    out = set()
    for space in q.spaces():
        if state.pcs.get(space) != q.enemy(side):
            continue
        if not adjacent_by_scan(space, side, q.pcs_of(state, side)):
            continue
        if (not q.american_units(state, space) if side == BRITISH
                else not q.cus(state, space, BRITISH)):
            out.add(space)
    return out


def as_set(mask: int) -> set[str]:
    return set(space_bits.spaces_in(mask))


def test_pc_rules_as_sets_match_the_space_by_space_rules(states: list[WwState]) -> None:
    for state in states[::3]:
        for side in SIDES:
            mine = q.pcs_of(state, side)
            before = q.pcs_of(state, BRITISH)
            board = pc_spaces.PcBoard(state)
            friendly = pc_spaces.friendly_adjacent(side, space_bits.mask_of(mine))
            placeable = as_set(pc_spaces.placeable(board, side, pc_spaces.friendly_adjacent(
                BRITISH, space_bits.mask_of(before))))
            assert placeable == placeable_by_scan(state, side, before, discard=False)
            assert (as_set(pc_spaces.placeable(board, side, friendly=friendly))
                    == placeable_by_scan(state, side, before, discard=True))
            assert (as_set(pc_spaces.flippable(board, side))
                    == flippable_by_scan(state, side, False))
            assert (as_set(pc_spaces.flippable(board, side, friendly))
                    == flippable_by_scan(state, side, True))
            assert as_set(pc_spaces.removable(board, side, friendly)) == removable_by_scan(
                state, side)
            assert pc_spaces.can_place(board, side, before) == bool(placeable)
            assert list(pc_spaces.placements(board, side, before)) == [
                space for space in q.spaces() if space in placeable]


def test_british_placements_for_any_pcs_before(states: list[WwState]) -> None:
    """10.11.B.ii with the PCs before the card one port, two ports or an inland space (A35:
    every port next to every other port for the British)."""
    ports = q.ports()
    for state in states[::9]:
        board = pc_spaces.PcBoard(state)
        for before in ({ports[0]}, {ports[0], ports[-1]}, {"worcester"}, set()):
            placeable = as_set(pc_spaces.placeable(board, BRITISH, pc_spaces.friendly_adjacent(
                BRITISH, space_bits.mask_of(before))))
            assert placeable == placeable_by_scan(state, BRITISH, before, discard=False)
            assert list(pc_spaces.placements(board, BRITISH, before)) == [
                space for space in q.spaces() if space in placeable]


def test_spaces_as_bits_and_back_in_board_order() -> None:
    """space_bits.BIT: one bit per map space in board order; `spaces_in` reads them back."""
    spaces = q.spaces()
    assert space_bits.spaces_in(space_bits.MAP) == list(spaces)
    some = [spaces[i] for i in (0, 7, 8, 40, len(spaces) - 1)]
    assert space_bits.spaces_in(space_bits.mask_of(reversed(some))) == some
    assert space_bits.spaces_in(0) == []


def test_existence_shortcuts_match_the_listings(states: list[WwState]) -> None:
    for state in states[::3]:
        for side in SIDES:
            before = strategy.pcs_before(state, side)
            targets = strategy.pc_targets(state, side, before)
            assert strategy.has_pc_target(state, side) == bool(targets)
            assert strategy.any_pc_target(state, side, before) == bool(targets)
            done = {space for _, space in targets[:2]}
            assert strategy.any_pc_target(state, side, before, done) == bool(
                strategy.pc_targets(state, side, before, done))
            assert exists(cu_spaces(state, side)) == any(
                q.cus(state, space, side) for space in q.spaces())


def test_neighbourhood_sets_match_the_map(states: list[WwState]) -> None:
    for state in states[::7]:
        for side in SIDES:
            pcs = q.pcs_of(state, side)
            near = q.Neighbourhood(pcs)
            by_scan = {space for space in q.spaces() if adjacent_by_scan(space, side, pcs)}
            assert near.adjacent_set(side) == by_scan
            assert as_set(pc_spaces.friendly_adjacent(side, space_bits.mask_of(pcs))) == by_scan


def test_isolation_targets_match_the_space_by_space_rules(states: list[WwState]) -> None:
    """10.31.A / 10.32.A and A7, C6 as each space would be asked."""
    for state in states[::7]:
        board = pc_spaces.PcBoard(state)
        american_units = {s for s in q.spaces() if q.american_units(state, s)}
        assert as_set(isolation.friendly_targets(board, AMERICAN)) == american_units
        assert as_set(isolation.friendly_targets(board, BRITISH)) == {
            s for s in q.spaces() if q.is_port(s) or q.cus(state, s, BRITISH)}
        assert as_set(isolation.uncontrolled_targets(board, AMERICAN)) == {
            s for s in q.spaces() if state.congress == s
            or (s not in state.pcs and not q.cus(state, s, BRITISH))}
        assert as_set(isolation.uncontrolled_targets(board, BRITISH)) == {
            s for s in q.spaces() if s not in state.pcs and not q.cus(state, s, AMERICAN)
            and q.general_at(state, s, AMERICAN) is None}


def isolated_by_parts(state: WwState, side: str) -> set[str]:
    """10.3's engine algorithm as written: each connected part of the controlled graph is safe
    if it holds a friendly target or touches an uncontrolled one."""
    graph = isolation.controlled_graph(state, side)
    board = pc_spaces.PcBoard(state)
    friendly = as_set(isolation.friendly_targets(board, side))
    uncontrolled = as_set(isolation.uncontrolled_targets(board, side))
    out: set[str] = set()
    for part in networkx.connected_components(graph):
        touched = {other for space in part for other in q.neighbours(space)} - part
        if part.isdisjoint(friendly) and touched.isdisjoint(uncontrolled):
            out |= part
    return out


def test_isolated_pcs_traced_from_the_safe_ones_are_the_parts_ones(
        states: list[WwState]) -> None:
    """10.31, 10.32: the PCs `isolation.isolated` traces outwards from the safe ones are those
    of the parts of the controlled graph that are not safe."""
    for state in states[::3]:
        for side in SIDES:
            assert isolation.isolated(state, side) == isolated_by_parts(state, side)


def test_the_victory_hint_never_decides(states: list[WwState]) -> None:
    """13.1: whatever the remembered spaces, cus_for_victory answers from the state, and
    check_automatic decides nothing unless one of them is missing."""
    for state in states[::5]:
        american = any(q.cus(state, s, AMERICAN) for s in q.spaces())
        british = any(q.cus(state, s, BRITISH) for s in q.spaces() if q.colony(s) != q.CANADA)
        for hint in (["", ""], ["boston", "boston"], ["quebec", "new-york"]):
            victory._WITNESS[:] = hint
            assert victory.cus_for_victory(state) == (american, british)
            victory._WITNESS[:] = hint
            checked = clone(state)
            checked.result = None
            victory.check_automatic(checked)
            assert (checked.result is None) == (american and british
                                                or not victory.automatic_victory_possible(state))
            # the fast path trusts a witness to be a map space, the British one in the 13
            # colonies (or "", which holds no CU): only cus_for_victory sets them
            american_at, british_at = victory._WITNESS
            assert american_at in {"", *victory._MAP}
            assert british_at in {"", *victory._THIRTEEN}


def test_generals_at_answers_as_a_scan(states: list[WwState]) -> None:
    for state in states[::11]:
        for where in (*q.spaces(), *set(state.generals.values())):
            for side in SIDES:
                found = [g for g, at in state.generals.items()
                         if at == where and q.roster.side(g) == side]
                assert q.general_at(state, where, side) == (found[0] if found else None)
                assert q.generals_at(state, where, side) == found


def test_an_ops_cards_questions_answered_as_the_listings(states: list[WwState]) -> None:
    """The OPS card menu's shortcuts: a placement found space by space from the state
    (`can_place_now`), the least Strategy rating from the ratings in order (7.1.A)."""
    for state in states[::3]:
        before = q.pcs_of(state, BRITISH)
        for side in SIDES:
            board = pc_spaces.PcBoard(state)
            assert pc_spaces.can_place_now(state, side) == pc_spaces.can_place(
                board, side, before) == bool(placeable_by_scan(state, side, before, False))
            assert pc_spaces.can_flip_now(state, side) == bool(
                flippable_by_scan(state, side, False))
            ratings = [movement.strategy(g) for g in movement.activatable(state, side, None)]
            assert movement.least_strategy(state, side) == min(ratings, default=None)


def test_a_boards_pcs_of_both_sides_are_each_sides_pcs(states: list[WwState]) -> None:
    """PcBoard.pcs: the second side's PCs are the rest of the PCs (10.0.A)."""
    for state in states[::3]:
        for first, second in ((AMERICAN, BRITISH), (BRITISH, AMERICAN)):
            board = pc_spaces.PcBoard(state)
            assert as_set(board.pcs(first)) == q.pcs_of(state, first)
            assert as_set(board.pcs(second)) == q.pcs_of(state, second)


def test_reinforcement_spaces_as_bits_match_the_space_by_space_rules(
        states: list[WwState]) -> None:
    """8.1.C: a port, not blockaded, with no American CU and no American PC; 8.2.C: any space
    with no British CU and no British PC; in board order."""
    zones = sorted({q.zone(port) for port in q.ports()})
    for i, state in enumerate(states[::5]):
        state = clone(state)
        state.navy = zones[i % len(zones)]   # (random games rarely blockade: one each time)
        assert strategy.reinforcement_spaces(state, BRITISH) == [
            s for s in q.ports() if not q.blockaded(state, s)
            and not q.cus(state, s, AMERICAN) and state.pcs.get(s) != AMERICAN]
        assert strategy.reinforcement_spaces(state, AMERICAN) == [
            s for s in q.spaces() if not q.cus(state, s, BRITISH)
            and state.pcs.get(s) != BRITISH]
        for side in SIDES:
            assert strategy.any_reinforcement_space(state, side) == bool(
                strategy.reinforcement_spaces(state, side))


def test_gather_reads_a_tables_spaces_in_board_order() -> None:
    """space_bits.gather(mask, table(f)) is [f(s) for s in spaces_in(mask)]."""
    made = space_bits.table(lambda space: space.upper())
    for mask in (0, space_bits.MAP, space_bits.PORTS, space_bits.MAP & 0x5A5A5A5A5A5A5A5A5A5A5A5A,
                 space_bits.BIT[q.spaces()[-1]]):
        assert space_bits.gather(mask, made) == [s.upper() for s in space_bits.spaces_in(mask)]


def test_an_event_cards_fixed_verdict_is_may_play_event(states: list[WwState]) -> None:
    """The card menu's answer from the card and side alone (`_event_plays`) is
    `may_play_event` wherever it is given, and the state's answer otherwise."""
    from core.ww import deck, event_cards
    events = [c.number for c in deck.CARDS if c.kind != "ops"]
    for state in states[::13]:
        for side in SIDES:
            for number in events:
                fixed, _menus = strategy._event_plays(number, side)
                expected = strategy.may_play_event(state, side, number)
                if fixed is None:
                    assert event_cards.playable_by_state(state, side, number) == expected
                else:
                    assert fixed == int(expected)


def test_declaration_spaces_are_where_the_american_may_place(states: list[WwState]) -> None:
    from core.ww.events.common import THIRTEEN, american_may_place
    from core.ww.events.special import declaration_spaces
    for state in states[::7]:
        for colony in THIRTEEN:
            assert declaration_spaces(state, colony) == [
                s for s in q.spaces() if q.colony(s) == colony and american_may_place(state, s)]


def test_reinforcement_mask_is_the_reinforcement_spaces(states: list[WwState]) -> None:
    for state in states[::7]:
        for side in SIDES:
            assert (space_bits.spaces_in(strategy.reinforcement_mask(state, side))
                    == strategy.reinforcement_spaces(state, side))


def test_committees_spaces_have_no_pc_and_no_british_piece(states: list[WwState]) -> None:
    from core.ww.events.common import THIRTEEN
    from core.ww.setup import committees_spaces
    for state in states[::7]:
        for colony in THIRTEEN:
            assert committees_spaces(state, colony) == [
                s for s in q.spaces() if q.colony(s) == colony and s not in state.pcs
                and not q.british_pieces(state, s)]


def for_the_king_by_scan(state: WwState, before: list[str]) -> list[str]:
    """4.0.7 space by space: no PC, no American unit, next to a British PC of `before` or with
    a British Army; not in MA, CT, NH, PA or VA (nor Canada, with the option off)."""
    from core.ww import forces
    excluded = set(forces.setup().for_the_king.excluded_colonies)
    if not state.options.for_the_king_in_canada:
        excluded.add(q.CANADA)
    return [s for s in q.spaces() if q.colony(s) not in excluded and s not in state.pcs
            and not q.american_units(state, s)
            and (adjacent_by_scan(s, BRITISH, set(before)) or has_army(state, s, BRITISH))]


def test_for_the_king_spaces_match_the_space_by_space_rule(states: list[WwState]) -> None:
    from core.ww.frames.turn import ForTheKing
    from core.ww.setup import for_the_king_spaces
    for state in states[::9]:
        for before in (sorted(q.pcs_of(state, BRITISH)), ["boston"], []):
            for canada in (True, False):
                probe = clone(state)
                probe.options = msgspec.structs.replace(probe.options,
                                                        for_the_king_in_canada=canada)
                assert (for_the_king_spaces(probe, ForTheKing(before=before))
                        == for_the_king_by_scan(probe, before))
