"""Wellington: the words of the log and the prompts for the engine's ids (issue 10).

The engine keys commanders, duchies and Formations by ids (`hill`, `ciudad-rodrigo`,
`AdS:lerida`); a player reads names. The sides `Allies` and `French` are plural nouns ("the
Allies win"). Every log line or prompt that names one of these goes through here.
"""
from __future__ import annotations

from core.wellington import flags as geo
from core.wellington import forces
from core.wellington.state import ALLIES, COUNTER_NAME, INF, SP


def commander(cid: str) -> str:
    """A commander's printed name (1.6)."""
    return forces.forces().commander(cid).name


def formation(fid: str, at: bool = False) -> str:
    """A Formation id (armies.formation_id): its Commander's name, or a Power's leaderless
    soldiers ("<power>:<duchy>"; `at`: naming the duchy of the id)."""
    if ":" in fid:
        power, _, duchy = fid.partition(":")
        return f"{power}'s leaderless Formation" + (f" at {geo.name(duchy)}" if at else "")
    return commander(fid)


def side(side_: str) -> str:
    """A side as the subject or object of a sentence: "the Allies", "the French"."""
    return f"the {side_}"


def side_does(side_: str, verb: str) -> str:
    """A side with a verb in its plural form: side_does("Allies", "win") -> "the Allies win"."""
    return f"{side(side_)} {verb}"


def adjective(side_: str) -> str:
    """A side before a noun: "Allied", "French"."""
    return "Allied" if side_ == ALLIES else side_


def article(word: str) -> str:
    """`word` with its indefinite article: "an infantry", "a cavalry"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def counter_loss(kind: int, left: int) -> str:
    """A loss choice's words (13.1, 11.5): the whole counter, or 1 SP of it with change
    made (1.5) when fewer SP than it holds are left to lose."""
    if left >= SP[kind] or kind == INF:
        return f"Lose {article(COUNTER_NAME[kind])} ({SP[kind]} SP)"
    return f"Lose 1 SP of {article(COUNTER_NAME[kind])}, change made (1.5)"


def line(kind: str) -> str:
    """"a river line", "an open line" (9.1)."""
    return f"{article(kind)} line"


def dice(count: int) -> str:
    """"1 die", "3 dice"."""
    return f"{count} {'die' if count == 1 else 'dice'}"
