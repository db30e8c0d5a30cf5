"""How hard the computer thinks: each level is a search budget counted in iterations and capped
in steps of work, never in seconds, so a given seed always gives the same move on any machine;
and the shape of the tree (core/ai/search.py, `Shape`): how many decisions of one move an
expansion adds, and how slowly a node takes new actions."""
from __future__ import annotations

from dataclasses import dataclass

from core.ai.search import Shape, Work


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

    def work_for(self, game: str) -> Work | None:
        """The cap on a search's work in `game` (search.grow: actions played and lines valued,
        legal actions listed): the level's think time over the game's measured CPU per step,
        a listed action weighing its measured share of a step (STEP_COST); None: no cap. A
        position whose lines are long or whose decisions list many actions ends its search
        before `iterations_for` is reached instead of overrunning the think time, and the
        same seed still gives the same move whatever the load of the machine: the cap counts
        work, not seconds."""
        if self.think is None or game not in STEP_COST:
            return None
        step, listing = STEP_COST[game]
        return Work(cap=self.think / step, listing=listing / step)

    @property
    def shape(self) -> Shape:
        return Shape(widening=self.widening, chain=self.chain)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=24, exploration=1.0, rollout=0),
    "normal": Level("normal", iterations=1000, exploration=0.6, rollout=0, think=2.0),
    "hard": Level("hard", iterations=5000, exploration=0.15, rollout=0, think=8.0),
}
# Hard's exploration (issue 19, part 6). The root's actions differ by a few thousandths of a
# value, their lines by a tenth or more (dice, dealt cards), and UCB1 rescales the means to
# the range of the lines (search.Bounds), so at 0.5 the bonus for few tries outweighed the
# differences and hard's 1,600 lines spread over the root actions about as evenly as
# normal's 400: four times the lines bought four times as many shallow looks, not a deeper
# one, and hard was no stronger than normal (17 of 34 games won or led). At 0.15 its lines
# gather on the few best actions and look further along them: over 8 A House Divided
# positions the most tried action had 61% of hard's lines (36% at 0.5, normal 27%) and its
# subtree went 15 decisions deep (12, normal 10), with 2.0 decisions of the opponent per line
# (1.7): the replies to its best moves get searched (tests/test_ai_search.py, *Luck*).
DEFAULT_LEVEL = "normal"

# Each game's share of a level's iterations (issue 19, part 4: normal at most 2 s a decision
# and hard at most 8 s on this machine). Measured CPU per decision at normal's 400 with whole
# moves (docs/ai.md): A House Divided 0.57 s (slowest 0.68 s), Gettysburg 1.84 s (slowest
# 2.46 s), Washington's War 0.85 s from the start but 2.03 s (slowest 3.48 s) in the middle
# game positions of tests/data/ai_positions, Wellington 3.28 s (slowest 4.07 s) from the
# start of 1813 and 2.89 s (slowest 3.61 s) at 0.7 of it in the positions.
GAME_SHARE = {"wellington": 0.6}

# CPU seconds a search spends per step (an action played on a line, or a line started and
# valued) and per legal action listed at a decision (core/ai/search.py `grow`), each game's
# fitted on this machine by least squares over searched decisions at normal without the cap
# (half the positions of tests/data/ai_positions and the first decisions from the start;
# bench/step_cost.py, docs/ai.md "A cap on work"), then raised so that no measured decision
# costs more than the model says.
# Fitted 2026-12-03 (16 decisions a game; the model's worst under-estimate, the raise: x1.15
# A House Divided, x1.23 Gettysburg, x1.28 Washington's War, x1.33 Wellington): seconds per
# step, seconds per listed action. Gettysburg's listed actions cost nothing the fit can tell
# from its steps (its choices are made once and cached): steps alone. The 2026-12-02 fit
# (206e-6, 5.4e-6; 136e-6, 42.4e-6; 77.6e-6, 24.2e-6; 1457e-6, 76.5e-6) over-estimated
# today's decisions 3 to 14 times after the rules' speed rounds.
STEP_COST: dict[str, tuple[float, float]] = {
    "a-house-divided": (54.8e-6, 3.84e-6),
    "gettysburg-1863": (84.7e-6, 0.0),
    "washingtons-war": (35.4e-6, 4.57e-6),
    "wellington": (166e-6, 13.0e-6),
}


def level(name: str) -> Level:
    """The level called `name`; ValueError naming the known levels."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"unknown level {name!r} (levels: {', '.join(LEVELS)})") from None
