"""Wellington: the four Powers and the players who hold them (2.1, 2.5, 19.1).

`Rules.roles()` are always the four Powers (1.1); `Match.players` says who plays each, and
one player may hold two Powers of the same side (2.1). The `players` option names the split:

    4         one Power each
    3-allies  one player GB + Spain, one the Armée du Sud, one the Armée du Nord   (2.1 a)
    3-french  one player both French Powers, one GB, one Spain                      (2.1 b)
    2         GB + Spain against both French Powers

A player with two Powers keeps two hands and two Resource pools (2.5); the split matters to the
rules only for the individual winner (19.1: partners on a side first win as a team; two
players on the winning side compare their own VP). The bid (2.1): players who disagree on the
Powers bid SP; the highest bidder removes that many SP of its own soldiers before play
(setup.py asks it, BidRemoval); the others choose in bid order; ties are broken by dice
(`bid_order`).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from core.wellington.state import ADN, ADS, GB, POWERS, SIDE, SPAIN

Seat = tuple[str, ...]

SPLITS: dict[str, tuple[Seat, ...]] = {
    "4": ((GB,), (ADS,), (SPAIN,), (ADN,)),
    "3-allies": ((GB, SPAIN), (ADS,), (ADN,)),
    "3-french": ((ADS, ADN), (GB,), (SPAIN,)),
    "2": ((GB, SPAIN), (ADS, ADN)),
}


def seats(split: str) -> tuple[Seat, ...]:
    """The players' seats of a split: each the Powers one player holds (2.1)."""
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r} (known: {', '.join(SPLITS)})")
    return SPLITS[split]


def seat_of(split: str, power: str) -> Seat:
    return next(seat for seat in seats(split) if power in seat)


def players_for(split: str, names: list[str]) -> dict[str, str]:
    """`Match.players` for a split: the i-th name plays every Power of the i-th seat."""
    table = seats(split)
    if len(names) != len(table):
        raise ValueError(f"split {split} seats {len(table)} players, not {len(names)}")
    return {power: name for seat, name in zip(table, names) for power in seat}


def check_players(split: str, players: Mapping[str, str]) -> None:
    """2.1: one player may hold two Powers only of the same side, and only as the split
    says (ValueError naming the mismatch)."""
    for seat in seats(split):
        names = {players.get(p, p) for p in seat}
        if len(names) != 1:
            raise ValueError(f"split {split}: {' and '.join(seat)} are held by one player")
    for a in POWERS:
        for b in POWERS:
            if a < b and players.get(a, a) == players.get(b, b) and SIDE[a] != SIDE[b]:
                raise ValueError(f"{a} and {b} are enemies: one player cannot hold both (2.1)")


def bid_order(bids: Mapping[int, int], roll: Callable[[], int]) -> list[int]:
    """2.1, G.16: the seats in the order they choose their Powers: highest bid first; seats
    with equal bids roll a die each (again while tied), the higher first."""
    groups: dict[int, list[int]] = {}
    for seat, bid in bids.items():
        groups.setdefault(bid, []).append(seat)
    order: list[int] = []
    for bid in sorted(groups, reverse=True):
        order.extend(_break_ties(groups[bid], roll))
    return order


def _break_ties(seats_: list[int], roll: Callable[[], int]) -> list[int]:
    if len(seats_) <= 1:
        return list(seats_)
    rolls: dict[int, list[int]] = {}
    for seat in seats_:
        rolls.setdefault(roll(), []).append(seat)
    out: list[int] = []
    for face in sorted(rolls, reverse=True):
        out.extend(_break_ties(rolls[face], roll))
    return out


def bidder_powers(split: str, winner: str) -> list[str]:
    """The Powers whose soldiers the bid's winner removes (2.1): the seat holding `winner`,
    `winner` first (the role asked)."""
    if not winner:
        return []
    return [winner, *(p for p in seat_of(split, winner) if p != winner)]
