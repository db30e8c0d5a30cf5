"""Wellington's 110 card events against their documentation (issue 10 part 3).

Every card is either registered (its event, battle card or siege card: offered where its text
allows) or listed OPEN in docs/wellington-events-1-55.md / -56-110.md with the reason, never
both; an OPEN card is never offered as an event.
"""
from __future__ import annotations

import re
from pathlib import Path

import core.wellington.flow  # noqa: F401  (imports the events, which register themselves)
from core.wellington import cardplay, siege
from core.wellington.battle import cards as battle_cards
from core.wellington.state import GB
from tests.support import wellington_siege as ws

DOCS = [Path(__file__).parent.parent / "docs" / name
        for name in ("wellington-events-1-55.md", "wellington-events-56-110.md")]
CARD = re.compile(r"#(\d+)\b")


def registered() -> set[int]:
    return set(cardplay.EVENTS) | set(battle_cards.BATTLE_EVENTS) | set(siege.SIEGE_CARDS)


def open_cards() -> set[int]:
    """The cards of the docs' OPEN rows: a row under an "## OPEN" heading, or a table row
    whose status cell begins with OPEN (the cards named in its first cell)."""
    found: set[int] = set()
    for doc in DOCS:
        in_open = False
        for line in doc.read_text(encoding="utf-8").splitlines():
            if line.startswith("## "):
                in_open = line.startswith("## OPEN")
            if not line.startswith("| #"):
                continue
            cells = [c.strip() for c in line.strip("|").split("|")]
            if in_open or (len(cells) > 1 and cells[1].startswith("OPEN")):
                found |= {int(n) for n in CARD.findall(cells[0])}
    return found


def test_every_card_is_registered_or_documented_open_never_both() -> None:
    done, unfinished = registered(), open_cards()
    assert done | unfinished == set(range(1, 111)), sorted(set(range(1, 111)) - done - unfinished)
    assert not done & unfinished, f"registered but documented OPEN: {sorted(done & unfinished)}"


def test_every_card_has_its_row_in_the_events_docs() -> None:
    """Each card is named in the first cell of a table row of the events docs."""
    named: set[int] = set()
    for doc in DOCS:
        for line in doc.read_text(encoding="utf-8").splitlines():
            if line.startswith("| #"):
                named |= {int(n) for n in CARD.findall(line.strip("|").split("|")[0])}
    assert named >= set(range(1, 111)), sorted(set(range(1, 111)) - named)


def test_an_open_card_is_never_offered_as_an_event_in_the_impulse_menu() -> None:
    """Through the real impulse menu (impulse.py): a registered event is offered, an OPEN
    card only for its CP."""
    match = ws.board()
    ws.give(match.state, GB, 72, *sorted(open_cards()))
    ws.impulse(match, GB)
    offered = set(ws.offered(match, "event"))
    assert 72 in offered and not offered & open_cards()
