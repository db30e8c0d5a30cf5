"""How hard the computer thinks: each level is a search budget counted in iterations and capped
in steps of work, never in seconds, so a given seed always gives the same move on any machine;
and the shape of the tree (core/ai/search.py, `Shape`): how many decisions of one move an
expansion adds, and how slowly a node takes new actions."""
from __future__ import annotations

from dataclasses import dataclass

from core.ai.search import Shape


@dataclass(frozen=True)
class Level:
    name: str
    iterations: int        # simulated lines of play per decision
    exploration: float     # UCB1 constant: higher tries more of the other actions
    rollout: int           # default-policy actions played past the tree before evaluating
    widening: float = 1.0  # progressive widening (search.Shape): 0 = every action first
    chain: int = 4         # decisions of one move added per expansion (search.Shape)
    think: float | None = None   # seconds of CPU a decision may take on this machine (issue 19)

    def iterations_for(self, game: str) -> int:
        """The budget in `game`: `iterations` times the game's share (GAME_SHARE), so that a
        decision stays within the level's think time where the game's rules cost more."""
        return max(1, round(self.iterations * GAME_SHARE.get(game, 1.0)))

    def work_for(self, game: str) -> int | None:
        """The cap on a search's steps in `game` (search.grow: actions played and lines
        valued): the level's think time, less a margin (WORK_MARGIN), over the game's measured
        CPU per step (STEP_COST); None: no cap. A position whose lines are long (many actions
        a line, costly ones) ends its search before `iterations_for` is reached instead of
        overrunning the think time, and the same seed still gives the same move whatever the
        load of the machine: the cap counts work, not seconds."""
        if self.think is None or game not in STEP_COST:
            return None
        return max(1, round(self.think * WORK_MARGIN / STEP_COST[game]))

    @property
    def shape(self) -> Shape:
        return Shape(widening=self.widening, chain=self.chain)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=24, exploration=1.0, rollout=0),
    "normal": Level("normal", iterations=400, exploration=0.6, rollout=0, think=2.0),
    "hard": Level("hard", iterations=1600, exploration=0.5, rollout=0, think=8.0),
}
DEFAULT_LEVEL = "normal"

# Each game's share of a level's iterations (issue 19, part 4: normal at most 2 s a decision
# and hard at most 8 s on this machine). Measured CPU per decision at normal's 400 with whole
# moves (docs/ai.md): A House Divided 0.57 s (slowest 0.68 s), Gettysburg 1.84 s (slowest
# 2.46 s), Washington's War 0.85 s from the start but 2.03 s (slowest 3.48 s) in the middle
# game positions of tests/data/ai_positions, Wellington 3.28 s (slowest 4.07 s) from the
# start of 1813 and 2.89 s (slowest 3.61 s) at 0.7 of it in the positions.
GAME_SHARE = {"gettysburg-1863": 0.7, "washingtons-war": 0.7, "wellington": 0.45}

# CPU seconds per step of a search (core/ai/search.py `grow`: an action played on a line, or a
# line started and valued), measured on this machine: `bench.ai_positions --check` prints each
# game's CPU per step over its positions (docs/ai.md, "Think time"). The slowest of the
# positions' ratios is taken, so that a cap made from it holds in the costliest positions too.
STEP_COST: dict[str, float] = {"a-house-divided": 0.25e-3, "gettysburg-1863": 0.46e-3,
                                "washingtons-war": 0.40e-3, "wellington": 1.71e-3}
WORK_MARGIN = 0.8     # the share of the think time the cap aims at (the rest: the steps'
                      # spread in cost, the choices listed before the search)


def level(name: str) -> Level:
    """The level called `name`; ValueError naming the known levels."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r} (levels: {', '.join(LEVELS)})") from None
