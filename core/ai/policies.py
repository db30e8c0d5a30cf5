"""Where each game's default policy lives (core/<game>/policy.py, `prior(state, role, choices)
-> list[float]`): a cheap score per legal action that orders a node's expansion and draws the
rest of a move in the search (core/ai/search.py). A game's Rules may supply `prior` itself;
else the module named here is imported when the computer first plays the game. A game with
neither is searched with uniform random order and play."""
from __future__ import annotations

from importlib import import_module

from core.ai.search import Prior
from core.engine import Rules

MODULES = {
    "a-house-divided": "core.ahd.policy",
    "gettysburg-1863": "core.gettysburg.policy",
    "washingtons-war": "core.ww.policy",
    "wellington": "core.wellington.policy",
}


def prior_of(rules: Rules) -> Prior | None:
    """The default policy of `rules`' game, or None."""
    own = getattr(rules, "prior", None)
    if own is not None:
        return own
    name = MODULES.get(getattr(rules, "id", ""))
    if name is None:
        return None
    return import_module(name).prior
