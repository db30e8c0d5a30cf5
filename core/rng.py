"""Deterministic PRNG whose whole state is one integer kept in the game state.

xorshift64* (Vigna 2016), seeded through splitmix64. No module-level state, no `random`,
no clock: the same seed and the same actions always give the same dice.
"""
from __future__ import annotations

from typing import Protocol

_MASK = (1 << 64) - 1


class HasRng(Protocol):
    rng: int


def seed_state(seed: int) -> int:
    """Turn any integer seed into a non-zero 64-bit generator state (splitmix64)."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    z ^= z >> 31
    return z or 0x2545F4914F6CDD1D


def randbelow(holder: HasRng, n: int) -> int:
    """A uniform integer in [0, n), advancing holder.rng (rejection sampling, no bias)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    x = holder.rng
    while True:
        # one xorshift64* step: the next state x, and its output
        x ^= x >> 12
        x ^= (x << 25) & _MASK
        x ^= x >> 27
        out = (x * 0x2545F4914F6CDD1D) & _MASK
        if out < limit:
            holder.rng = x
            return out % n


def roll(holder: HasRng, sides: int = 6) -> int:
    """One die with `sides` faces, 1..sides."""
    return randbelow(holder, sides) + 1


def shuffle(holder: HasRng, items: list) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(holder, i + 1)
        items[i], items[j] = items[j], items[i]
