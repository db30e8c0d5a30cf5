"""Wellington: the 110 cards as typed, validated data (core/wellington/cards.toml).

The seed (003, Italian rules) prints every card in its card list: number, CP value, type
letters and event text. cards.toml carries them, translated, with a structured `effect` for the
event code; docs/wellington-cards.md gives the conventions and every reading. This module loads
the file into frozen msgspec structs, checks every constraint the seed fixes, and exposes the
deck and its groups as constants. Errors name the card: 'card 49 "Rearguard": ...'.

What the seed fixes and this loader enforces:
  * 110 cards numbered 1..110 (tutorial "da 1 a 110"), each number once.
  * Decks (1.10, 2.7, tutorial): 86 common cards #1-86; 24 national cards: Spain 6 (#87-92),
    Great Britain 6 (#93-98), French 12 (#99-110), the French deck shared by the Armée du Nord
    and the Armée du Sud. A national card's event is played only by its deck's Power(s) (5.4).
  * CP (1.10, 5.5, tutorial): every card but the Must-Play cards shows a CP value, one of
    2, 3, 4, 5, 6 or 8; Must-Play cards have none and are played only as events (5.8).
  * Type letters (card-list legend): R Response, B Battle, E Event, + Plus, MP Must-Play.
  * Battle cards usable in battle or siege: exactly #70, #73, #81, #91 (5.3); siege battle
    cards say so (12.23).
  * Removed after the event (red circle, 5.7): the Must-Play cards except #46 (glossary
    "Rimozione") and the cards whose text says so.
  * Appeal to the Emperor modifiers (16.21 table; #86's text).
  * The 1813 start removes #38, #99, #4 and #6 (2.7).
"""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, get_args

import msgspec

from core import catalogue

from core.wellington.state import ADN, ADS, GB, POWERS, SPAIN
from maps.wellington import ENGLAND, GIBRALTAR, MADRID

DECK_FILE = Path(__file__).with_name("cards.toml")

DECK_SIZE = 110                                   # tutorial: "un numero (da 1 a 110)"
# 1.10 / 2.7: the common deck and the three national decks, with their printed number ranges.
DECK_RANGES: dict[str, tuple[int, int]] = {
    "common": (1, 86),       # tutorial "Vi sono 86 altre carte"
    "spain": (87, 92),       # 1.10: 6 for Spain; card list "CARTE NAZIONALI SPAGNOLE"
    "gb": (93, 98),          # 1.10: 6 for Great Britain; "CARTE NAZIONALI INGLESI"
    "french": (99, 110),     # 1.10: 12 for the French, shared; "CARTE NAZIONALI FRANCESI"
}
DECK_COUNTS: dict[str, int] = {"common": 86, "spain": 6, "gb": 6, "french": 12}
NATIONAL_CARD_COUNT = 24                          # 1.10 "Vi sono 24 Carte Nazionali"
# 5.4: who may use a deck's cards (common cards: any Power, 5.1); Power ids from state.py.
DECK_OWNERS: dict[str, tuple[str, ...]] = {
    "common": POWERS, "spain": (SPAIN,), "gb": (GB,), "french": (ADS, ADN),
}
CP_VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 8)   # tutorial "un numero (2, 3, 4, 5, 6 o 8)"
# The Must-Play cards: printed "MP" in the card list, with no CP (5.8).
MUST_PLAY_CARDS = frozenset({4, 5, 6, 26, 38, 46, 64, 77})
RESHUFFLE_MUST_PLAY = 46          # glossary: "L'unica carta Obbligatoria che non viene rimossa è la #46"
BATTLE_OR_SIEGE = frozenset({70, 73, 81, 91})     # 5.3 "#70, #73, #81 e #91"
SIEGE_ONLY = frozenset({15, 21, 71})              # 12.23: their texts apply to sieges only
# 5.7 red circle: removed after the event (glossary 'Rimozione' names #85, #20, #38, #17 and
# the Must-Play cards but #46; the others from their own texts; #85 follows its card, G.58).
REMOVED_AFTER_PLAY = frozenset({4, 5, 6, 17, 20, 26, 38, 39, 64, 72, 77, 86})
RESHUFFLE_CARDS = frozenset({46, 57})             # their texts: discards and the card into the deck
# Appeal to the Emperor table modifiers (16.21 chart) and #86's "-3 from the next roll".
APPEAL_DRM: dict[int, int] = {4: 2, 5: 2, 26: 1, 38: 1, 39: 1, 86: -3}
SETUP_1813_REMOVED: tuple[int, ...] = (38, 99, 4, 6)    # 2.7: "#38, #99, #4 e #6"
YOUNG_GUARD = 99                                   # removed from play when #38 is played
AMPHIBIOUS_ASSAULT_CARD = 93                       # 14.3: an amphibious assault needs #93
FRENCH_NAVAL_CARD = 103                            # 14.1: French naval moves only by #103
KNIGHT_OF_ST_GEORGE = 94                           # 17.1: handing over the last card
HASTY_FORT = 37                                    # 12.3 strength 2, 12.5, 14.3 battery 4
HASTY_FORT_STRENGTH = 2                            # 12.3 "2 per tutte le fortificazioni rapide"

DeckName = Literal["common", "spain", "gb", "french"]
Players = Literal["any", "spain", "gb", "french"]
ModePlayers = Literal["any", "allied", "french", "spain", "gb"]
CardType = Literal["E", "R", "B", "+", "+E", "+R", "+B", "MP"]
TYPES: tuple[str, ...] = get_args(CardType)        # card-list legend "TIPO": R, B, E, +, MP
AfterPlay = Literal["discard", "reserve", "removed", "reshuffle", "kept", "victim", "spain"]
Siege = Literal["no", "also", "only"]
Confidence = Literal["seed", "reading", "reconstructed"]
TitleSource = Literal["research", "translation"]
ValueSource = Literal["seed", "reconstructed"]
Timing = Literal["own-impulse", "response", "battle", "siege", "battle-or-siege",
                 "before-impulse"]
Duration = Literal[
    "instant",                                  # done at once
    "this-round", "this-battle", "this-siege",  # the current battle or siege (round)
    "this-impulse",                             # until the end of the current impulse
    "until-player-next-impulse",                # until the card player's next impulse begins
    "until-target-next-impulse-end",            # until the end of the target Power's next impulse
    "until-target-next-scheduled-impulse-end",  # ... next scheduled impulse (#22)
    "next-gb-scheduled-impulse",                # an obligation in GB's next scheduled impulse (#26)
    "next-target-impulse",                      # an obligation in the victim's next impulse (#65)
    "until-each-french-scheduled-impulse",      # until each French Power has had one (#39)
    "this-turn",                                # until the end of the turn
    "next-roll",                                # the next reinforcement / Appeal roll (#72, #86)
    "until-captured",                           # the Hasty Fort (#37)
    "rest-of-game",                             # for the rest of the game
]
# What a player picks when it plays the event.
TARGETS = frozenset({
    "none", "battle", "battle-side", "siege", "duchy", "two-duchies", "two-adjacent-duchies",
    "pass-line", "river-line", "commander", "own-commander", "formation", "own-formations",
    "army", "own-army", "any-power", "power-hand", "own-reserve", "card-just-played",
    "card-in-play", "french-powers", "gb", "spain", "gb-and-spain", "every-power",
})
# The numbers an effect may carry (docs/wellington-cards.md explains each).
NUMBER_KEYS = frozenset({
    "dice", "dice_per_duchy", "dice_per_loss", "sixes", "fives_per_six", "hit_on", "hit_steps",
    "disorganisations", "cancel_disorganisations", "self_loss_max", "drm", "drm_from_die",
    "plunder_drm", "rout_shift", "rounds", "range", "leaderless_bv", "leaderless_cv",
    "commander_bv", "commander_cv", "max_bv", "nationality_bonus", "sp", "sp_loss", "minutes",
    "resources", "resources_above", "draw", "play", "cp", "cp_multiplier", "cards_taken",
    "cards_seen", "discard_random", "discard_random_national", "duchies", "formations",
    "convoys", "fortress_strength", "coastal_battery", "reinforcement_dice", "conquest_roll",
})
# Places the card texts name, as printed (Italian), and their map ids (maps/wellington.toml);
# "Portsmouth" is the England box (G.7).
PLACE_IDS: dict[str, str] = {"Madrid": MADRID, "Gibilterra": GIBRALTAR, "Portsmouth": ENGLAND}
SEED_PLACES = frozenset(PLACE_IDS)
# Regions the texts name, as printed, and the map's `country` values.
REGION_COUNTRIES: dict[str, str] = {"Spagna": "Spain", "Portogallo": "Portugal"}
REGIONS = frozenset(REGION_COUNTRIES)
BOXES = frozenset({"Appello all'Imperatore", "Lettera alle Guardie a Cavallo",
                   "Sollevamento Popolare", "Tabella del Turno", "Tabella del Quartier Generale",
                   "Casella del Raggruppamento", "Riserva"})
COMMANDERS = frozenset({"Wellington", "Soult"})      # the commanders card texts name (C.7)

_REF = re.compile(r"#(\d+)")
_MISPRINT = re.compile(r"\[printed [^\]]*\]")      # "[printed #74]": the seed's wrong number


class DeckError(ValueError):
    """The deck file breaks a rule; the message names the card (or the file) and the problem."""


class Mode(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One choice of an "either ... or" event; its steps come before the effect's own steps."""

    name: str
    steps: tuple[str, ...]
    numbers: dict[str, int] = {}
    players: ModePlayers = "any"


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """What the event does, structured for the event code (cards.toml header)."""

    timing: Timing
    trigger: str
    target: str
    duration: Duration
    conditions: tuple[str, ...] = ()
    steps: tuple[str, ...] = ()
    numbers: dict[str, int] = {}
    modes: tuple[Mode, ...] = ()
    cancels: tuple[int, ...] = ()
    cancelled_by: tuple[int, ...] = ()
    refers_to: tuple[int, ...] = ()
    appeal_drm: int | None = None
    options: dict[str, tuple[int, ...]] = {}


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """One card as printed (seed card list), translated; field notes atop cards.toml."""

    number: int
    title_it: str
    title: str
    title_source: TitleSource
    type: CardType
    type_printed: str
    deck: DeckName
    players: Players
    after_play: AfterPlay
    text: str
    source: str
    confidence: Confidence
    effect: Effect
    cp: int | None = None
    cp_source: ValueSource = "seed"
    type_source: ValueSource = "seed"
    must_play: bool = False
    remove_after_play: bool = False
    removed_when: str = ""
    kept_until: str = ""
    siege: Siege | None = None
    reconstruction: str = ""
    places: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()
    boxes: tuple[str, ...] = ()
    commanders: tuple[str, ...] = ()

    @property
    def plus(self) -> bool:
        """A "+" card: playable besides another card in the impulse (5.6)."""
        return self.type.startswith("+")

    @property
    def national(self) -> bool:
        return self.deck != "common"

    @property
    def battle(self) -> bool:
        """A Battle card (B, +B): played only by a Power with a Formation in the battle (5.3)."""
        return self.type.endswith("B")

    @property
    def response(self) -> bool:
        """A Response (R, +R): playable in any impulse (5.2)."""
        return self.type.endswith("R")

    @property
    def owners(self) -> tuple[str, ...]:
        """The Powers that may play the event (5.1 common: any; 5.4 national: the owners)."""
        return DECK_OWNERS[self.deck]

    @property
    def name(self) -> str:
        """'49 Rearguard', as a hand lists it."""
        return f"{self.number} {self.title}"

    @property
    def references(self) -> frozenset[int]:
        """Every card number the effect names (cancels, cancelled by, refers to)."""
        e = self.effect
        return frozenset(e.cancels) | frozenset(e.cancelled_by) | frozenset(e.refers_to)

    @property
    def tags(self) -> list[str]:
        """Short public labels for a card view."""
        out = [f"{self.cp} CP" if self.cp is not None else "no CP", self.type]
        if self.must_play:
            out.append("must play")
        if self.national:
            out.append(f"{self.deck} national")
        if self.remove_after_play:
            out.append("removed after the event")
        if self.siege == "also":
            out.append("battle or siege")
        elif self.siege == "only":
            out.append("siege")
        return out


def _err(card: Card | Mapping[str, Any], problem: str) -> DeckError:
    if isinstance(card, Card):
        return DeckError(f'card {card.number} "{card.title}": {problem}')
    return DeckError(f'card {card.get("number", "?")} "{card.get("title", "?")}": {problem}')


def _check_numbers(c: Card, numbers: Mapping[str, int], where: str) -> None:
    unknown = sorted(set(numbers) - NUMBER_KEYS)
    if unknown:
        raise _err(c, f"{where}: unknown number key(s) {unknown}")


def _check_identity(c: Card) -> None:
    """Number, deck and players (1.10, 2.7, 5.1, 5.4)."""
    if not 1 <= c.number <= DECK_SIZE:
        raise _err(c, f"number outside 1..{DECK_SIZE}")
    low, high = DECK_RANGES[c.deck]
    if not low <= c.number <= high:
        raise _err(c, f"deck {c.deck!r} holds #{low}-#{high} (1.10), not #{c.number}")
    want = "any" if c.deck == "common" else c.deck
    if c.players != want:
        raise _err(c, f"a {c.deck} card's event is played by {want!r} (5.1, 5.4), not {c.players!r}")
    for field in ("title_it", "title", "text", "source"):
        if not getattr(c, field).strip():
            raise _err(c, f"empty {field}")


def _check_cp_and_type(c: Card) -> None:
    """CP value, type letters, Must-Play (1.10, 5.5, 5.8, §K 11)."""
    if (c.type == "MP") != c.must_play:
        raise _err(c, "must_play is true exactly for type 'MP' (5.8)")
    if c.must_play:
        if c.cp is not None:
            raise _err(c, "a Must-Play card has no CP value (5.8)")
        if c.deck != "common":
            raise _err(c, "Must-Play cards are common cards")
        if not c.text.startswith("MUST PLAY."):
            raise _err(c, "a Must-Play card's text starts 'MUST PLAY.'")
    elif c.cp not in CP_VALUES:
        raise _err(c, f"CP {c.cp} is not one of the printed values {list(CP_VALUES)}")
    if c.type_source == "seed" and c.type_printed != c.type:
        raise _err(c, f"type {c.type!r} differs from the printed {c.type_printed!r}: "
                      "mark it type_source = 'reconstructed'")
    if c.type_source == "reconstructed":
        if c.type_printed not in ("", "+"):
            raise _err(c, "only a lost type or a bare '+' is reconstructed (§K 11)")
        if c.type_printed == "+" and c.type not in ("+E", "+R", "+B"):
            raise _err(c, "a bare '+' keeps its '+' and gains a letter")
    reconstructed = c.cp_source == "reconstructed" or c.type_source == "reconstructed"
    if reconstructed and c.confidence != "reconstructed":
        raise _err(c, "a reconstructed value makes the card's confidence 'reconstructed'")
    if c.confidence == "reconstructed" and len(c.reconstruction.strip()) < 80:
        raise _err(c, "a reconstructed card needs its reasoning in `reconstruction`")
    if c.type_printed == "" and c.type_source != "reconstructed":
        raise _err(c, "a type lost in extraction must be marked type_source = 'reconstructed'")


def _check_timing(c: Card) -> None:
    """The type letters say when the event may be played (5.1-5.3, 5.8, 12.23)."""
    t = c.effect.timing
    if c.type in ("E", "+E", "+", "MP"):
        ok = t == "own-impulse"
    elif c.battle:
        ok = t in ("battle", "siege", "battle-or-siege")
    else:  # R, +R: any impulse, or (5.2) as an ordinary card in the player's own impulse
        ok = t in ("response", "before-impulse", "own-impulse")
    if not ok:
        raise _err(c, f"timing {t!r} does not fit type {c.type!r}")
    if c.battle:
        want = {"battle": "no", "battle-or-siege": "also", "siege": "only"}[t]
        if c.siege != want:
            raise _err(c, f"a Battle card with timing {t!r} has siege = {want!r} (5.3, 12.23)")
    elif c.siege is not None:
        raise _err(c, "only a Battle card sets `siege`")


def _check_disposal(c: Card) -> None:
    """Where the card goes after its event (4.21, 5.4, 5.7)."""
    if c.national and c.after_play not in ("reserve", "kept", "spain"):
        raise _err(c, f"a national card goes to its Reserve (4.21, 5.4), not {c.after_play!r}")
    if not c.national and c.after_play in ("reserve", "spain"):
        raise _err(c, f"a common card cannot go to {c.after_play!r}")
    if c.after_play == "removed" and not c.remove_after_play:
        raise _err(c, "after_play 'removed' needs remove_after_play = true")
    if c.remove_after_play and c.after_play not in ("removed", "kept"):
        raise _err(c, f"a red-circle card is removed (5.7), not {c.after_play!r}")
    if bool(c.removed_when) != (c.remove_after_play and c.after_play == "kept"):
        raise _err(c, "removed_when is set exactly on red-circle cards kept in play first")
    if bool(c.kept_until) != (c.after_play == "kept"):
        raise _err(c, "kept_until is set exactly when after_play = 'kept'")
    if c.must_play and not c.remove_after_play and c.number != RESHUFFLE_MUST_PLAY:
        raise _err(c, f"every Must-Play card but #{RESHUFFLE_MUST_PLAY} is removed (glossary)")


def _check_effect(c: Card) -> None:
    e = c.effect
    if not e.trigger.strip():
        raise _err(c, "effect: empty trigger")
    if e.target not in TARGETS:
        raise _err(c, f"effect: unknown target {e.target!r}")
    if not e.steps and not e.modes:
        raise _err(c, "effect: no steps and no modes")
    if len(e.modes) == 1:
        raise _err(c, "effect: a single mode; modes are the choices of an 'either/or' card")
    names = [m.name for m in e.modes]
    if len(set(names)) != len(names):
        raise _err(c, f"effect: mode names repeat {names}")
    _check_numbers(c, e.numbers, "effect")
    for m in e.modes:
        if not m.steps:
            raise _err(c, f"effect: mode {m.name!r} has no steps")
        _check_numbers(c, m.numbers, f"mode {m.name!r}")
        if m.players != "any" and c.deck != "common":
            raise _err(c, f"mode {m.name!r}: only a common card restricts a mode's players")
    for key, values in e.options.items():
        every = dict(e.numbers)
        for m in e.modes:
            every.update(m.numbers)
        if key not in every or every[key] not in values or len(values) < 2:
            raise _err(c, f"effect.options {key!r} must list the default {every.get(key)} "
                          "and at least one alternative")
    for n in c.references:
        if not 1 <= n <= DECK_SIZE or n == c.number:
            raise _err(c, f"effect names card #{n}, which is not another card of the deck")
    named = {int(n) for n in _REF.findall(_MISPRINT.sub("", c.text))}
    unlisted = sorted(named - c.references)
    if unlisted:
        raise _err(c, f"the text names #{unlisted[0]}, which no cancels/cancelled_by/"
                      "refers_to lists")
    stray = sorted(set(e.refers_to) - named)
    if stray:
        raise _err(c, f"refers_to #{stray[0]}, which the text does not name")
    want_drm = APPEAL_DRM.get(c.number)
    if e.appeal_drm != want_drm:
        raise _err(c, f"Appeal to the Emperor modifier {e.appeal_drm} (16.21 table: {want_drm})")


def _check_names(c: Card) -> None:
    for field, values, known in (("places", c.places, SEED_PLACES), ("regions", c.regions, REGIONS),
                                 ("boxes", c.boxes, BOXES), ("commanders", c.commanders, COMMANDERS)):
        if len(set(values)) != len(values):
            raise _err(c, f"{field} lists an entry twice: {list(values)}")
        wrong = sorted(set(values) - known)
        if wrong:
            raise _err(c, f"unknown {field} {wrong}")


def _check_card(c: Card) -> None:
    """Every rule one card must satisfy on its own."""
    _check_identity(c)
    _check_cp_and_type(c)
    _check_timing(c)
    _check_disposal(c)
    _check_effect(c)
    _check_names(c)


def _check_set(cards: Sequence[Card], what: str, got: set[int], want: frozenset[int]) -> None:
    """The cards with a property (`got`) must be exactly the ones the rules give it (`want`)."""
    by_number = {c.number: c for c in cards}
    extra, missing = sorted(got - want), sorted(want - got)
    if extra:
        raise _err(by_number[extra[0]], f"must not be {what}")
    if missing:
        raise _err(by_number[missing[0]], f"must be {what}")


def validate(cards: Sequence[Card]) -> None:
    """Check the whole deck; raise DeckError naming the first bad card."""
    seen: dict[int, Card] = {}
    for c in cards:
        _check_card(c)
        if c.number in seen:
            raise _err(c, f"number {c.number} already used by {seen[c.number].title!r}")
        seen[c.number] = c
    if len(cards) != DECK_SIZE:
        missing = sorted(set(range(1, DECK_SIZE + 1)) - set(seen))
        raise DeckError(f"the deck has {len(cards)} cards, the game has {DECK_SIZE}; "
                        f"missing numbers: {missing}")
    counts = {name: sum(1 for c in cards if c.deck == name) for name in DECK_RANGES}
    if counts != DECK_COUNTS:
        raise DeckError(f"cards per deck {counts}, the rules give {DECK_COUNTS} (1.10, tutorial)")
    titles: dict[str, int] = {}
    for c in cards:
        if c.title in titles:
            raise _err(c, f"title {c.title!r} already used by card {titles[c.title]}")
        titles[c.title] = c.number

    _check_set(cards, "a Must-Play card (printed 'MP', 5.8)",
               {c.number for c in cards if c.must_play}, MUST_PLAY_CARDS)
    _check_set(cards, "a Battle card usable in battle or siege (5.3)",
               {c.number for c in cards if c.siege == "also"}, BATTLE_OR_SIEGE)
    _check_set(cards, "a siege-only Battle card (12.23)",
               {c.number for c in cards if c.siege == "only"}, SIEGE_ONLY)
    _check_set(cards, "removed from play after its event (5.7)",
               {c.number for c in cards if c.remove_after_play}, REMOVED_AFTER_PLAY)
    _check_set(cards, "a card shuffled into the deck after its event",
               {c.number for c in cards if c.after_play == "reshuffle"}, RESHUFFLE_CARDS)

    # Cancellation is one relation, written on both cards.
    for c in cards:
        for n in c.effect.cancels:
            if c.number not in seen[n].effect.cancelled_by:
                raise _err(seen[n], f"is cancelled by #{c.number}: list it in cancelled_by")
        for n in c.effect.cancelled_by:
            if c.number not in seen[n].effect.cancels:
                raise _err(seen[n], f"cancels #{c.number}: list it in cancels")


def from_data(raw: Mapping[str, Any]) -> tuple[Card, ...]:
    """Build and validate the deck from parsed TOML ({"card": [{...}, ...]})."""
    return catalogue.deck_from_data(raw, Card, DeckError, _err, validate)


def load(path: Path = DECK_FILE) -> tuple[Card, ...]:
    """Read, parse and validate a deck file."""
    return catalogue.load_deck(path, Card, DeckError, _err, validate)


# --- the deck ----------------------------------------------------------------------------------

CATALOGUE: catalogue.Catalogue[Card] = catalogue.Catalogue("Wellington", load())
CARDS: tuple[Card, ...] = CATALOGUE.cards
BY_NUMBER: dict[int, Card] = CATALOGUE.by_number
card = CATALOGUE.card            # the card with this number (KeyError naming the game if none)


def deck_cards(name: str) -> tuple[int, ...]:
    """The numbers of one deck: 'common', 'spain', 'gb' or 'french'."""
    if name not in DECK_RANGES:
        raise KeyError(f"no Wellington deck {name!r}; decks: {sorted(DECK_RANGES)}")
    return tuple(c.number for c in CARDS if c.deck == name)


def national_deck_of(power: str) -> str:
    """The name of the national deck a Power plays (2.7: the French Powers share theirs)."""
    for name, owners in DECK_OWNERS.items():
        if name != "common" and power in owners:
            return name
    raise KeyError(f"no Wellington Power {power!r}; Powers: {list(POWERS)}")


def may_play_event(number: int, power: str) -> bool:
    """Whether `power` may play this card's event at all (5.1, 5.4); timing is the engine's."""
    return power in card(number).owners


COMMON_CARDS: tuple[int, ...] = deck_cards("common")
NATIONAL_CARDS: dict[str, tuple[int, ...]] = {d: deck_cards(d) for d in ("spain", "gb", "french")}
PLUS_CARDS: frozenset[int] = frozenset(c.number for c in CARDS if c.plus)
BATTLE_CARDS: frozenset[int] = frozenset(c.number for c in CARDS if c.battle)
RESPONSE_CARDS: frozenset[int] = frozenset(c.number for c in CARDS if c.response)
RECONSTRUCTED: frozenset[int] = frozenset(c.number for c in CARDS if c.confidence == "reconstructed")
