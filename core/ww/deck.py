"""Washington's War: the 110 Strategy Cards as typed, validated data (core/ww/cards.toml).

The seeds print no card texts; cards.toml reconstructs every card from what the rules fix and
docs/ww-cards.md says how. This module loads the file into frozen msgspec structs, checks every
constraint the seed fixes (and the file's own conventions), and exposes the deck and the named
cards as constants. Any error names the bad card ("card 14 'Hortelez et Cie: ...': ...").

What the seed fixes and this loader enforces:
  * 110 Strategy Cards (2.0), numbered 1..110 here, each number once.
  * Two kinds of card (3.0): OPS cards carry a value 1, 2 or 3 and no event (6.2); Event cards
    carry a flag and no OPS value (6.3). Battle cards are Event cards (6.33); Minor and Major
    Campaigns are flagless Event cards activating up to 2 / 3 generals (7.2.A, 6.3.B).
  * Flags (6.3.B): American, British, none (either player), both (a Special Event).
  * Seven Special Events "Must Play" (6.34.A): Declaration of Independence, Benjamin Franklin,
    and five Lord North "War Ends" cards for 1779, 1780, 1781, 1782 and 1783 (6.34.C).
  * Set aside at setup until 1776: Declaration of Independence and Baron von Steuben (4.0, 6.1.E).
  * Reshuffle triggers (6.1 note): Declaration and Pitt when played; Hortalez when discarded.
  * Battle cards are played only in battle, except Tarleton's Waxhaws Massacre, which the
    British may also play in the Strategy Phase; they are discarded after the battle, except
    Benedict Arnold Betrays the Patriot Cause, which is removed from the game (6.33.A).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import msgspec

from core import catalogue

DECK_FILE = Path(__file__).with_name("cards.toml")

DECK_SIZE = 110                                       # 2.0 "110 Carte Strategiche"
OPS_VALUES = (1, 2, 3)                                # 3.0 "Carta OPZ": a 1, 2 or 3 top left
SPECIAL_EVENT_COUNT = 7                               # 6.34.A "Ci sono sette Carte Evento Speciali"
WAR_END_YEARS = (1779, 1780, 1781, 1782, 1783)        # 6.34.C.iii "dal 1779 al 1783"
SET_ASIDE_YEAR = 1776                                 # 4.0, 6.1.E "All'inizio del turno 1776"
BATTLE_CARD_DRM = 2                                   # 9.45: a Battle card played as an event
DISCARDED_EVENT_DRM = 1                               # 9.45, 6.33.C: any Event card discarded
CAMPAIGN_ACTIVATIONS = {"Minor Campaign": 2, "Major Campaign": 3}   # 7.2.A

Kind = Literal["ops", "event", "battle", "campaign", "special", "war-ends"]
Flag = Literal["american", "british", "none", "both"]
Reshuffle = Literal["none", "played", "discarded"]
Confidence = Literal["seed", "partial", "reconstructed"]
Phase = Literal["strategy", "battle"]

KINDS: tuple[str, ...] = ("ops", "event", "battle", "campaign", "special", "war-ends")
FLAGS: tuple[str, ...] = ("american", "british", "none", "both")
MUST_PLAY_KINDS = frozenset({"special", "war-ends"})  # 6.34.C

# 3.0 / 10.0: the 13 colonies and Canada (a colony only for victory, 13.2).
COLONIES: tuple[str, ...] = ("NH", "MA", "RI", "CT", "NY", "NJ", "PA", "DE", "MD", "VA", "NC",
                             "SC", "GA", "Canada")
# 4.0 set-up: the 13 generals the seed names (ids as in the generals data).
GENERALS = frozenset({"washington", "greene", "arnold", "lincoln", "gates", "lee", "lafayette",
                      "rochambeau", "carleton", "howe", "burgoyne", "clinton", "cornwallis"})

# Machine-readable play conditions (`requires`). The event engine checks them before offering
# the event; a card whose conditions fail can only be discarded (6.32.A).
BATTLE_REQUIREMENTS = frozenset({
    "american-attacking",     # the American is the attacker in this battle (9.1)
    "american-defending",     # the American is the defender
    "british-attacking",      # the British is the attacker
    "battle-in-port",         # the battle space is a port (12.3 list)
})
REQUIREMENTS = BATTLE_REQUIREMENTS | frozenset({
    "france-not-in-war",      # the French Alliance has not happened (12.2.A)
    "france-in-war",          # the French Alliance has happened
    "european-war",           # the European War is in effect (12.2.B.iii: from that End Phase)
    "french-navy-in-zone",    # the French Navy stands in a Blockade Zone (12.3)
    "opponent-has-cards",     # the other player holds at least one card (6.31 random discard)
})

# The cards the rules name, by key -> title in cards.toml. Each must be present exactly once.
NAMED_TITLES: dict[str, str] = {
    "declaration": "Declaration of Independence",                       # 4.0, 6.1.E, 6.34.C.i
    "franklin": "Benjamin Franklin: Minister to France",                # 6.34.C.ii, 12.1
    "steuben": "Baron von Steuben Trains the Continental Army",         # 4.0, 6.1.E, 9.41
    "hortalez": "Hortelez et Cie: Clandestine French Aid",              # 6.1 note, 12.1
    "pitt": "William Pitt Urges Peace Negotiations",                    # 6.1 note, 6.32.A
    "john_paul_jones": "John Paul Jones' Raids on Merchant Shipping",   # 6.1.D
    "henry_knox": "Henry Knox, Continental Army Artillery Commander",   # 6.32.C example
    "tarleton": "Banastre Tarleton's Waxhaws Massacre",                 # 6.33.A
    "arnold_betrays": "Benedict Arnold Betrays the Patriot Cause",      # 6.3.B, 6.33, 9.2, 9.7
    "brant": "Joseph Brant Leads an Iroquois Raid",                     # 6.31
    "glover": "John Glover's Marblehead Regiment",                      # 7.0, 7.3.C
    "mutinies": "Pennsylvania and New Jersey Line Mutinies",            # 10.11.A.iv
    "destaing": "d'Estaing Sails for the Caribbean",                    # 12.3
    "morgan": "Morgan's Riflemen",                                      # 9.2 example
}
WAR_ENDS_TITLE = "North's Government Falls — The War Ends in {year}"    # 6.34.C.iii

_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")   # map space ids: "fort-detroit", "new-york"


class DeckError(ValueError):
    """The deck file breaks a rule; the message names the card (or the file) and the problem."""


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One Strategy Card as printed (reconstructed): see the field notes at the top of cards.toml."""

    number: int
    title: str
    kind: Kind
    flag: Flag
    text: str
    source: str
    confidence: Confidence
    ops: int | None = None
    play_in: tuple[Phase, ...] = ("strategy",)
    battle: bool = False
    battle_effect: str = ""
    activations: int | None = None
    must_play: bool = False
    remove_after_play: bool = False
    reshuffle: Reshuffle = "none"
    set_aside_until: int | None = None
    war_end_year: int | None = None
    requires: tuple[str, ...] = ()
    colonies: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    generals: tuple[str, ...] = ()

    @property
    def is_event(self) -> bool:
        """An Event card (every kind but OPS cards; 3.0)."""
        return self.kind != "ops"

    @property
    def name(self) -> str:
        """'14 Hortelez et Cie: Clandestine French Aid': number and title, as the hand lists it."""
        return f"{self.number} {self.title}"

    @property
    def tags(self) -> list[str]:
        """Short public labels for a card view (core.engine Card.tags)."""
        out: list[str] = []
        if self.is_event:
            out.append({"american": "American flag", "british": "British flag",
                        "none": "no flag", "both": "both flags"}[self.flag])
        if self.must_play:
            out.append("must play")
        if self.battle:
            out.append("battle card")
        if self.kind == "campaign":
            out.append(f"campaign ({self.activations} generals)")
        if self.remove_after_play:
            out.append("removed after play")
        if self.reshuffle != "none":
            out.append(f"reshuffle when {self.reshuffle}")
        if self.war_end_year is not None:
            out.append(f"war ends {self.war_end_year}")
        return out


def _err(card: Card | Mapping[str, Any], problem: str) -> DeckError:
    if isinstance(card, Card):
        return DeckError(f'card {card.number} "{card.title}": {problem}')
    return DeckError(f'card {card.get("number", "?")} "{card.get("title", "?")}": {problem}')


def _check_card(c: Card) -> None:
    """Every rule one card must satisfy on its own."""
    if not c.title.strip():
        raise _err(c, "empty title")
    if len(c.text.strip()) < 40:
        raise _err(c, "text missing or too short to say what the card does")
    if not c.source.strip():
        raise _err(c, "no source (provenance) given")
    if len(set(c.play_in)) != len(c.play_in) or not c.play_in:
        raise _err(c, f"play_in {list(c.play_in)} must list 'strategy' and/or 'battle' once each")

    # 3.0, 6.2, 6.3: OPS cards have a value and no event; Event cards have no OPS value.
    if c.kind == "ops":
        if c.ops not in OPS_VALUES:
            raise _err(c, f"an OPS card needs ops = 1, 2 or 3 (3.0), not {c.ops}")
        if c.flag != "none":
            raise _err(c, f"an OPS card prints no flag (3.0, 6.3.B): flag must be 'none', not {c.flag!r}")
        extras = {"battle": c.battle, "battle_effect": c.battle_effect,
                  "activations": c.activations, "must_play": c.must_play,
                  "remove_after_play": c.remove_after_play,
                  "reshuffle": c.reshuffle != "none", "set_aside_until": c.set_aside_until,
                  "war_end_year": c.war_end_year, "requires": c.requires,
                  "colonies": c.colonies, "places": c.places, "generals": c.generals,
                  "play_in": c.play_in != ("strategy",)}
        bad = [k for k, v in extras.items() if v]
        if bad:
            raise _err(c, f"an OPS card has no event, so it cannot set {', '.join(bad)}")
        return
    if c.ops is not None:
        raise _err(c, f"an Event card has no OPS value (3.0, 6.3), but ops = {c.ops}")

    # 6.33: Battle cards.
    if c.battle != (c.kind == "battle"):
        raise _err(c, "battle = true exactly for kind 'battle' (6.33.A)")
    if c.battle:
        if not c.battle_effect.strip():
            raise _err(c, "a Battle card needs its battle_effect, the benefit besides +2 (9.45)")
        if "battle" not in c.play_in:
            raise _err(c, "a Battle card's event is played in battle (6.33.A): play_in needs 'battle'")
        if c.flag not in ("american", "british"):
            raise _err(c, f"a Battle card belongs to one side (red or blue title box), not {c.flag!r}")
    else:
        if c.battle_effect:
            raise _err(c, "only a Battle card has a battle_effect")
        if c.play_in != ("strategy",):
            raise _err(c, "only a Battle card is played in battle as an event (6.33.A)")
        bad_req = sorted(set(c.requires) & BATTLE_REQUIREMENTS)
        if bad_req:
            raise _err(c, f"battle conditions {bad_req} on a card that is not a Battle card")

    # 6.3.B, 7.2.A: campaigns are flagless and activate 2 or 3 generals.
    if c.kind == "campaign":
        if c.flag != "none":
            raise _err(c, f"a Campaign has no flag (6.3.B), not {c.flag!r}")
        want = CAMPAIGN_ACTIVATIONS.get(c.title)
        if want is None:
            raise _err(c, f"a Campaign is titled one of {sorted(CAMPAIGN_ACTIVATIONS)}")
        if c.activations != want:
            raise _err(c, f"a {c.title} activates up to {want} generals (7.2.A), not {c.activations}")
    elif c.activations is not None:
        raise _err(c, "only a Campaign card has activations")

    # 6.3.B, 6.34: both flags <=> Special Event <=> must play.
    special = c.kind in MUST_PLAY_KINDS
    if c.must_play != special:
        raise _err(c, "must_play = true exactly for the Special Events, kinds 'special' and "
                      "'war-ends' (6.34.A)")
    if (c.flag == "both") != special:
        raise _err(c, "both flags mark exactly the Special Events (6.3.B)")
    if c.kind == "event" and c.flag not in ("american", "british"):
        raise _err(c, f"an ordinary Event card carries the American or British flag, not {c.flag!r}")

    # 6.34.C.iii: the War Ends cards.
    if (c.kind == "war-ends") != (c.war_end_year is not None):
        raise _err(c, "war_end_year is set exactly on the War Ends cards (6.34.C.iii)")
    if c.war_end_year is not None:
        if c.war_end_year not in WAR_END_YEARS:
            raise _err(c, f"War Ends year {c.war_end_year} is not one of {list(WAR_END_YEARS)}")
        if c.title != WAR_ENDS_TITLE.format(year=c.war_end_year):
            raise _err(c, f"a War Ends card is titled {WAR_ENDS_TITLE.format(year=c.war_end_year)!r}")
        if c.remove_after_play or c.reshuffle != "none":
            raise _err(c, "a War Ends card goes to the War Ends box: it is neither removed nor a "
                          "reshuffle trigger (6.34.C.iii)")

    if c.set_aside_until is not None and c.set_aside_until != SET_ASIDE_YEAR:
        raise _err(c, f"cards are set aside only until {SET_ASIDE_YEAR} (6.1.E), "
                      f"not {c.set_aside_until}")

    unknown = sorted(set(c.requires) - REQUIREMENTS)
    if unknown:
        raise _err(c, f"unknown requirement(s) {unknown}; known: {sorted(REQUIREMENTS)}")
    for field, values, known in (("colonies", c.colonies, set(COLONIES)),
                                 ("generals", c.generals, GENERALS)):
        if len(set(values)) != len(values):
            raise _err(c, f"{field} lists an entry twice: {list(values)}")
        wrong = sorted(set(values) - known)
        if wrong:
            raise _err(c, f"unknown {field} {wrong}")
    if len(set(c.places)) != len(c.places):
        raise _err(c, f"places lists a space twice: {list(c.places)}")
    for place in c.places:
        if not _ID.match(place):
            raise _err(c, f"place id {place!r} is not a lowercase-hyphen map id like 'fort-detroit'")


def _one(cards: Sequence[Card], title: str) -> Card:
    found = [c for c in cards if c.title == title]
    if not found:
        raise DeckError(f"missing card {title!r}: the rules name it")
    if len(found) > 1:
        raise _err(found[1], f"title {title!r} appears {len(found)} times "
                             f"(cards {[c.number for c in found]})")
    return found[0]


def _check_set(cards: Sequence[Card], what: str, got: Iterable[Card], want: Iterable[Card]) -> None:
    """The cards with a property (`got`) must be exactly the ones the rules give it (`want`)."""
    got_n = {c.number for c in got}
    want_n = {c.number for c in want}
    by_number = {c.number: c for c in cards}
    extra, missing = sorted(got_n - want_n), sorted(want_n - got_n)
    if extra:
        raise _err(by_number[extra[0]], f"must not be {what}")
    if missing:
        raise _err(by_number[missing[0]], f"must be {what}")


def validate(cards: Sequence[Card]) -> None:
    """Check the whole deck; raise DeckError naming the first bad card."""
    for c in cards:
        _check_card(c)

    # 2.0: 110 cards, numbered 1..110 once each.
    seen: dict[int, Card] = {}
    for c in cards:
        if not 1 <= c.number <= DECK_SIZE:
            raise _err(c, f"number outside 1..{DECK_SIZE}")
        if c.number in seen:
            raise _err(c, f"number {c.number} already used by {seen[c.number].title!r}")
        seen[c.number] = c
    if len(cards) != DECK_SIZE:
        missing = sorted(set(range(1, DECK_SIZE + 1)) - set(seen))
        raise DeckError(f"the deck has {len(cards)} cards, the game has {DECK_SIZE} (2.0); "
                        f"missing numbers: {missing}")

    # Titles: unique, except repeated Campaign and OPS cards.
    for c in cards:
        if c.kind not in ("ops", "campaign"):
            _one(cards, c.title)

    named = {key: _one(cards, title) for key, title in NAMED_TITLES.items()}
    for title in CAMPAIGN_ACTIVATIONS:
        if not any(c.title == title for c in cards):
            raise DeckError(f"missing card {title!r}: the rules name it (7.2.A)")

    # 6.34.A: seven Special Events (SPECIAL_EVENT_COUNT): Declaration, Franklin, and five War
    # Ends cards, 1779..1783 (6.34.C).
    war_ends = [_one(cards, WAR_ENDS_TITLE.format(year=y)) for y in WAR_END_YEARS]
    _check_set(cards, "a Special Event (Must Play, 6.34.C)", [c for c in cards if c.must_play],
               [named["declaration"], named["franklin"], *war_ends])
    for key in ("declaration", "franklin"):
        if named[key].kind != "special":
            raise _err(named[key], "is a Special Event: kind 'special' (6.34.C)")

    # 4.0, 6.1.E: set aside until 1776.
    _check_set(cards, f"set aside until {SET_ASIDE_YEAR} (4.0, 6.1.E)",
               [c for c in cards if c.set_aside_until is not None],
               [named["declaration"], named["steuben"]])

    # 6.1 note: reshuffle triggers.
    _check_set(cards, "a reshuffle trigger when played (6.1 note)",
               [c for c in cards if c.reshuffle == "played"],
               [named["declaration"], named["pitt"]])
    _check_set(cards, "a reshuffle trigger when discarded (6.1 note)",
               [c for c in cards if c.reshuffle == "discarded"], [named["hortalez"]])

    # 6.33.A: only Tarleton is also a Strategy Phase event; only Arnold's card is removed.
    battles = [c for c in cards if c.battle]
    _check_set(cards, "a Battle card also playable in the Strategy Phase (6.33.A)",
               [c for c in battles if "strategy" in c.play_in], [named["tarleton"]])
    _check_set(cards, "a Battle card removed from the game after play (6.33.A)",
               [c for c in battles if c.remove_after_play], [named["arnold_betrays"]])
    for key in ("tarleton", "arnold_betrays", "morgan"):
        if not named[key].battle:
            raise _err(named[key], "is a Battle card (6.33.A, 9.2)")


def from_data(raw: Mapping[str, Any]) -> tuple[Card, ...]:
    """Build and validate the deck from parsed TOML ({"card": [{...}, ...]})."""
    return catalogue.deck_from_data(raw, Card, DeckError, _err, validate)


def load(path: Path = DECK_FILE) -> tuple[Card, ...]:
    """Read, parse and validate a deck file."""
    return catalogue.load_deck(path, Card, DeckError, _err, validate)


# --- the deck ----------------------------------------------------------------------------------

CATALOGUE: catalogue.Catalogue[Card] = catalogue.Catalogue("Washington's War", load())
CARDS: tuple[Card, ...] = CATALOGUE.cards
BY_NUMBER: dict[int, Card] = CATALOGUE.by_number
by_title = CATALOGUE.by_title    # every card with exactly this title (OPS, Campaign: several)


def card(number: int) -> Card:
    """The card with this number (CATALOGUE.card's KeyError, naming the game, if none); the
    rules ask it at every turn, so the table is read here first."""
    try:
        return BY_NUMBER[number]
    except KeyError:
        return CATALOGUE.card(number)


def _named(key: str) -> int:
    return by_title(NAMED_TITLES[key])[0].number


DECLARATION: int = _named("declaration")
FRANKLIN: int = _named("franklin")
STEUBEN: int = _named("steuben")
HORTALEZ: int = _named("hortalez")
PITT: int = _named("pitt")
JOHN_PAUL_JONES: int = _named("john_paul_jones")
HENRY_KNOX: int = _named("henry_knox")
TARLETON: int = _named("tarleton")
ARNOLD_BETRAYS: int = _named("arnold_betrays")
BRANT: int = _named("brant")
GLOVER: int = _named("glover")
MUTINIES: int = _named("mutinies")
DESTAING: int = _named("destaing")
MORGAN: int = _named("morgan")

WAR_END_YEAR: dict[int, int] = {c.number: c.war_end_year for c in CARDS
                                if c.war_end_year is not None}
WAR_ENDS_CARDS: tuple[int, ...] = tuple(sorted(WAR_END_YEAR, key=WAR_END_YEAR.__getitem__))
MUST_PLAY: tuple[int, ...] = tuple(c.number for c in CARDS if c.must_play)
SET_ASIDE: tuple[int, ...] = tuple(c.number for c in CARDS if c.set_aside_until is not None)
RESHUFFLE_WHEN_PLAYED: frozenset[int] = frozenset(c.number for c in CARDS if c.reshuffle == "played")
RESHUFFLE_WHEN_DISCARDED: frozenset[int] = frozenset(c.number for c in CARDS
                                                     if c.reshuffle == "discarded")
REMOVE_AFTER_PLAY: frozenset[int] = frozenset(c.number for c in CARDS if c.remove_after_play)
OPS_CARDS: tuple[int, ...] = tuple(c.number for c in CARDS if c.kind == "ops")
EVENT_CARDS: tuple[int, ...] = tuple(c.number for c in CARDS if c.is_event)
BATTLE_CARDS: tuple[int, ...] = tuple(c.number for c in CARDS if c.battle)
CAMPAIGNS: tuple[int, ...] = tuple(c.number for c in CARDS if c.kind == "campaign")
MINOR_CAMPAIGNS: tuple[int, ...] = tuple(c.number for c in CARDS if c.title == "Minor Campaign")
MAJOR_CAMPAIGNS: tuple[int, ...] = tuple(c.number for c in CARDS if c.title == "Major Campaign")
