"""How A House Divided names things in prompts, labels and the log (one place for each)."""
from __future__ import annotations

from functools import cache

from core.ahd import query as q


@cache
def name(box: str) -> str:
    """A box's printed name: 'St. Louis'."""
    return q.board().locations[box].name


def marches(n: int) -> str:
    """'1 march', '3 marches'."""
    return f"{n} march" if n == 1 else f"{n} marches"
