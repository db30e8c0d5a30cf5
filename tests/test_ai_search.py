"""core/ai/search.py: the Monte Carlo tree search on a toy game where the moves differ by
little, as a march one box nearer a target does in A House Divided."""
from __future__ import annotations

from core import rng
from core.ai.search import Bounds, Game, grow, search
from core.engine import Action, Choice, IllegalAction, State, check_legal

PICKER, OTHER = "Picker", "Other"
PICKS = 12
STEP = 0.001     # what one more point of a pick is worth: small beside the exploration bonus


class PickState(State, kw_only=True):
    picked: int = -1


class PickRules:
    """One decision: pick a number; the position after it is worth a little more for every
    point picked."""

    id = "pick"
    title = "Pick"
    hidden_info = False

    def actions(self, state: PickState, role: str) -> list[Choice]:
        if role not in state.active:
            return []
        return [Choice(Action("pick", n), f"Pick {n}") for n in range(PICKS)]

    def act(self, state: PickState, role: str, action: Action,
            legal: list[Choice] | None = None) -> PickState:
        if role not in state.active:
            raise IllegalAction("not your turn")
        check_legal(self.actions(state, role), action)
        new = state.__copy__()
        new.picked, new.active = int(action.noun), []
        return new

    def evaluate(self, state: PickState, role: str) -> float:
        mine = 0.5 + STEP * max(state.picked, 0)
        return mine if role == PICKER else 1.0 - mine


RULES = PickRules()


def root() -> PickState:
    return PickState(game="pick", scenario="standard", rng=rng.seed_state(1), active=[PICKER])


def test_small_differences_between_moves_steer_the_search():
    """Values are rescaled to the range seen (Bounds): the best pick gets most of the tries,
    the worst few; on the raw values (all within 0.011) every pick would be tried about as
    often, and more iterations would buy nothing."""
    tree = grow(Game(RULES, RULES.evaluate), root(), PICKER, [PICKER, OTHER], 400, 0.6, 0,
                seed=3)
    visits = {int(a.noun): node.visits for a, node in tree.children.items()}
    assert visits[PICKS - 1] == max(visits.values())
    assert visits[PICKS - 1] > 4 * visits[0]
    assert search(Game(RULES, RULES.evaluate), root(), PICKER, [PICKER, OTHER], 400, 0.6, 0,
                  seed=3) == Action("pick", PICKS - 1)


def test_bounds_rescale_each_roles_values_to_what_it_has_seen():
    bounds = Bounds()
    assert bounds.scale(PICKER, 0.3) == 0.3          # nothing seen yet: unchanged
    bounds.widen({PICKER: 0.50, OTHER: 0.50})
    assert bounds.scale(PICKER, 0.5) == 0.5          # one value: no range yet
    bounds.widen({PICKER: 0.52, OTHER: 0.48})
    assert abs(bounds.scale(PICKER, 0.51) - 0.5) < 1e-9
    assert abs(bounds.scale(PICKER, 0.52) - 1.0) < 1e-9
    assert abs(bounds.scale(OTHER, 0.48) - 0.0) < 1e-9
    assert bounds.scale(None, 0.7) == 0.7            # the root: nobody chose it
