"""Wellington events #56-110: cards that act on hands, the deck and the cards just played
(#57, #65, #76, #78, #83, #89, #94, #104). Registered on import."""
from __future__ import annotations

from core import cards, rng, stack
from core.wellington import cardplay, hands, impulse
from core.wellington import flags as geo
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.impulse import Impulse
from core.wellington.state import (FRENCH, GB, IN_PLAY, NATIONAL_DECKS, POWERS, RESERVES,
                                   SPAIN, WellingtonState)


# --- #83 Change of Plans ----------------------------------------------------------------------
# "Una Potenza a tua scelta deve scartare a caso una carta Nazionale ed una non Nazionale dalla
# sua mano. Quella Potenza pesca poi una carta dal mazzo. Se non ci sono carte disponibili da
# scartare, non c'è penalità. La Potenza colpita da questo evento può comunque pescare."

CHANGE_OF_PLANS = 83
PLANS_DRAW = 1


def _plans_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, CHANGE_OF_PLANS, trigger)


def _plans_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, CHANGE_OF_PLANS, "power",
               [(p, f"{p} discards a national and a non-national card at random, then "
                    "draws a card") for p in POWERS],
               "which Power changes its plans?")


def _plans_power(state: WellingtonState, frame: EventChoice, victim: str) -> None:
    """5.4: the national card goes to its Reserve, the other to the discard pile (both at
    random); then the victim draws 1 card, discards or not."""
    held = hands.hand(state, victim)
    nationals = [n for n in held if hands.is_national(n)]
    gone: list[int] = []
    if nationals:
        gone.append(nationals[rng.randbelow(state, len(nationals))])
        state.reveals += 1
    common_card = hands.random_common(state, victim)
    if common_card is not None:
        gone.append(common_card)
    for number in gone:
        hands.discard_from_hand(state, victim, number)
    drawn = hands.draw(state, victim, PLANS_DRAW)
    named = ", ".join(hands.title(n) for n in gone) or "nothing (no card to discard)"
    state.log.append(f"#83 Change of Plans: {victim} discards {named} at random and draws "
                     f"{drawn} card.")


# --- #57 House of Rothschild -------------------------------------------------------------------
# "Pescate 2 carte, dovete giocarne una ora. Non giocabile in un impulso nel quale avete la
# capacità di Prelazione. Dopo aver giocato questa carta mescolate tutti gli scarti non
# Nazionali, inclusa questa carta, nel mazzo."

ROTHSCHILD = 57
ROTHSCHILD_DRAW = 2


def _rothschild_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """R14: the Preemption capability is 4.22's: holding strictly the most playable cards."""
    if not h.own_impulse(state, power, ROTHSCHILD, trigger):
        return False
    counts = {p: impulse.playable_cards(state, p) for p in POWERS}
    return not all(counts[power] > n for p, n in counts.items() if p != power)


def _rothschild_play(state: WellingtonState, frame: EventPlay) -> None:
    common.then(state, frame.power, ROTHSCHILD, "reshuffle")     # after the card drawn is played
    h.draw_and_offer(state, frame.power, ROTHSCHILD, ROTHSCHILD_DRAW, must=True)


def _rothschild_reshuffle(state: WellingtonState, frame: EventStep) -> None:
    """The discard pile holds only common cards (national ones go to their Reserve, 4.21):
    it and #57 itself are shuffled into the deck."""
    also = [ROTHSCHILD] if ROTHSCHILD in state.piles.boxes[IN_PLAY] else []
    cards.reshuffle(state, state.piles, also=also)
    state.log.append(f"#57 House of Rothschild: the discards and the card are shuffled into "
                     f"the deck ({len(state.piles.deck)} cards).")


# --- #89 The Church (+E, Spain) ---------------------------------------------------------------
# "Pescate due carte; ne potete giocare una immediatamente."

CHURCH = 89
CHURCH_DRAW = 2


def _church_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, CHURCH, trigger)


def _church_play(state: WellingtonState, frame: EventPlay) -> None:
    h.draw_and_offer(state, frame.power, CHURCH, CHURCH_DRAW, must=False)


# --- #104 Imperial Favour (E, French) ---------------------------------------------------------
# "Pescate 2 carte; ne potete giocare una immediatamente. Oppure: scegliete una carta Nazionale
# francese dalla Riserva (anche una già giocata in questo turno) e guadagnate una Risorsa."

IMPERIAL_FAVOUR = 104
FAVOUR_DRAW = 2
FAVOUR_RESOURCES = 1


def _favour_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, IMPERIAL_FAVOUR, trigger)


def _favour_play(state: WellingtonState, frame: EventPlay) -> None:
    options = [("draw", f"Draw {FAVOUR_DRAW} cards; you may play one of them now")]
    if reserve(state):
        options.append(("reserve", "Take a French national card from the Reserve and gain "
                                   f"{FAVOUR_RESOURCES} Resource"))
    common.ask(state, frame.power, IMPERIAL_FAVOUR, "mode", options, "which favour?")


def _favour_mode(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    if mode == "draw":
        h.draw_and_offer(state, frame.power, IMPERIAL_FAVOUR, FAVOUR_DRAW, must=False)
        return
    common.ask(state, frame.power, IMPERIAL_FAVOUR, "reserve",
               [(str(n), f"Take {hands.title(n)}") for n in reserve(state)],
               "which card from the French Reserve?")


def reserve(state: WellingtonState) -> list[int]:
    """The seed's French Reserve: the undealt national cards (2.4) and the played ones (4.21),
    two boxes here; "even one already played this turn"."""
    return sorted([*state.piles.boxes[NATIONAL_DECKS[FRENCH]],
                   *state.piles.boxes[RESERVES[FRENCH]]])


def _favour_reserve(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    number = int(noun)
    cards.move(state.piles, number, state.piles.where(number), hands.holder(state, frame.power))
    state.resources[frame.power] = state.resources.get(frame.power, 0) + FAVOUR_RESOURCES
    state.log.append(f"#104 Imperial Favour: {frame.power} takes a French national card from "
                     f"the Reserve and gains {FAVOUR_RESOURCES} Resource.")


# --- #76 Exploring Officers / Spies (+E) -----------------------------------------------------
# "Pescate sino a 3 carte non nazionali a caso dalla mano di qualsiasi altra Potenza. Scartate
# una carta a vostra scelta e riponete il resto nella mano di quella Potenza. Oppure: pescate le
# seguenti 3 carte dal mazzo. Se non avete speso alcuna Risorsa in questo impulso, potete ora
# spenderne una per acquisire una di queste carte. Riorganizzate le altre due carte in qualsiasi
# ordine e ponetele a faccia in giù sopra il mazzo."

SPIES = 76
SPIES_TAKEN = 3
OFFICERS_SEEN = 3
OFFICERS_COST = 1


def _spies_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, SPIES, trigger)


def _spies_victims(state: WellingtonState, power: str) -> list[str]:
    return [p for p in POWERS if p != power
            and any(not hands.is_national(n) for n in hands.hand(state, p))]


def _spies_play(state: WellingtonState, frame: EventPlay) -> None:
    options = [(f"spies:{p}", f"Spies: up to {SPIES_TAKEN} cards of {p}'s hand; discard one")
               for p in _spies_victims(state, frame.power)]
    if state.piles.deck or state.piles.discard:
        options.append(("officers", f"Exploring Officers: look at the next {OFFICERS_SEEN} "
                                    "cards of the deck"))
    if options:
        common.ask(state, frame.power, SPIES, "mode", options, "spies or exploring officers?")


def _spies_mode(state: WellingtonState, frame: EventChoice, mode: str) -> None:
    if mode == "officers":
        _officers(state, frame.power)
        return
    victim = mode.split(":")[1]
    pool = [n for n in hands.hand(state, victim) if not hands.is_national(n)]
    seen = []
    while pool and len(seen) < SPIES_TAKEN:
        seen.append(pool.pop(rng.randbelow(state, len(pool))))
    state.reveals += 1
    common.ask(state, frame.power, SPIES, "discard",
               [(str(n), f"Discard {hands.title(n)}") for n in seen],
               f"{victim}'s cards: which one is discarded (the rest go back)?", picked=[victim])


def _spies_discard(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    victim = frame.picked[0]
    hands.discard_from_hand(state, victim, int(noun))
    state.log.append(f"#76 Spies: {frame.power} makes {victim} discard {hands.title(int(noun))}.")


def _officers(state: WellingtonState, power: str) -> None:
    """The next 3 cards are looked at where they lie, on top of the deck (only the player
    sees them); G.56: with none taken all 3 go back in the order the player chooses."""
    hands.refill_deck(state)
    seen = list(reversed(state.piles.deck[-OFFICERS_SEEN:]))
    state.reveals += 1
    impulse_ = stack.find(state, Impulse)
    can_buy = (state.resources.get(power, 0) >= OFFICERS_COST
               and not (impulse_ is not None and impulse_.resource))
    if can_buy and seen:
        common.ask(state, power, SPIES, "buy",
                   [(str(n), f"Spend {OFFICERS_COST} Resource to take {hands.title(n)}")
                    for n in seen], "take one of them for a Resource?",
                   picked=[str(n) for n in seen], optional=True)
    else:
        _officers_order(state, power, [str(n) for n in seen])


def _officers_buy(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    seen = list(frame.picked)
    if noun != common.DECLINE:
        state.resources[frame.power] -= OFFICERS_COST
        cards.move(state.piles, int(noun), cards.DECK, hands.holder(state, frame.power))
        seen.remove(noun)
        state.log.append(f"#76 Exploring Officers: {frame.power} spends {OFFICERS_COST} "
                         "Resource for one of the cards.")
    _officers_order(state, frame.power, seen)


def _officers_order(state: WellingtonState, power: str, left: list[str]) -> None:
    """The cards go back on top one at a time, in the order the player chooses: the last one
    put back is the top card."""
    if len(left) <= 1:
        for noun in left:
            cards.move(state.piles, int(noun), cards.DECK, cards.DECK)
        return
    common.ask(state, power, SPIES, "back",
               [(n, f"Put {hands.title(int(n))} back now (under those put back after it)")
                for n in left], "which card goes back on the deck next?", picked=left)


def _officers_back(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    cards.move(state.piles, int(noun), cards.DECK, cards.DECK)
    _officers_order(state, frame.power, [n for n in frame.picked if n != noun])


# --- #65 Palace Intrigue (E) ------------------------------------------------------------------
# "Prendete una carta non Nazionale a caso dalla mano di qualsiasi altra Potenza, la potete
# giocare o tenere o scambiare con questa carta. Quella Potenza deve usare questa carta come 2
# CP nel suo impulso seguente a meno che non sia persa nel frattempo. Ponete il segnalino di
# ricordo dell'evento accanto alla Tabella del Turno."

PALACE_INTRIGUE = 65


def _intrigue_victims(state: WellingtonState, power: str) -> list[str]:
    return [p for p in POWERS if p != power
            and any(not hands.is_national(n) for n in hands.hand(state, p))]


def _intrigue_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, PALACE_INTRIGUE, trigger) and bool(
        _intrigue_victims(state, power))


def _intrigue_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, PALACE_INTRIGUE, "victim",
               [(p, f"Take a card at random from {p}'s hand")
                for p in _intrigue_victims(state, frame.power)],
               "whose court do you intrigue in?")


def _intrigue_victim(state: WellingtonState, frame: EventChoice, victim: str) -> None:
    """G.55: a random non-national card of the victim's goes to the player, who may play it
    at once (a continuation, 5.6) or keep it; #65 passes to the victim, bound to be spent as
    2 CP in its next impulse (impulse.py's obligation: wiring W6) unless it loses it first."""
    taken = hands.random_common(state, victim)
    assert taken is not None
    cards.move(state.piles, taken, hands.holder(state, victim), hands.holder(state, frame.power))
    cards.move(state.piles, PALACE_INTRIGUE, IN_PLAY, hands.holder(state, victim))
    state.obligations.setdefault(victim, []).append(PALACE_INTRIGUE)
    state.log.append(f"#65 Palace Intrigue: {frame.power} takes a card at random from "
                     f"{victim}'s hand; {victim} must spend #65 as 2 CP in its next impulse.")
    h.offer(state, frame.power, PALACE_INTRIGUE, [taken], must=False)


# --- #78 Reversal of Fortune (R) ----------------------------------------------------------------
# "Quando è usata in risposta al gioco di Disastro sul Reno #5, Fronte Russo #4, La Chiamata
# dell'Imperatore #38, Dissenso Realista #74 [#39, G.4] o Tutti i Cavalli dell'Imperatore #85,
# quella carta viene scartata ed i suoi effetti sono annullati. Oppure: piazzate 4 SP inglesi in
# qualsiasi Ducato Nazionale Chiave inglese amico e controllato."

REVERSAL = 78
REVERSIBLE = (4, 5, 38, 39, 85)
REVERSAL_SP = 4


def _reversal_target(state: WellingtonState, trigger: str) -> EventPlay | None:
    """The first mode answers the play of one of the five cards, before its event is carried
    out (cardplay's `play:N` window)."""
    target = cardplay.cancellable(state, trigger)
    return target if isinstance(target, EventPlay) and target.card in REVERSIBLE else None


def _reversal_sites(state: WellingtonState) -> list[str]:
    """A British National Key duchy (1.21, 1.9) under British control (3.1; so friendly)."""
    return [d for d in geo.duchies() if geo.is_key(d) and geo.national_power(d) == GB
            and geo.controller(state, d) == GB]


def _reversal_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, REVERSAL, trigger) and (
        _reversal_target(state, trigger) is not None or bool(_reversal_sites(state)))


def _reversal_play(state: WellingtonState, frame: EventPlay) -> None:
    options = []
    target = _reversal_target(state, frame.trigger)
    if target is not None:
        options.append(("cancel", f"{hands.title(target.card)} is discarded and its effects "
                                  "cancelled"))
    options += [(d, f"Place {REVERSAL_SP} British SP at {geo.name(d)}")
                for d in _reversal_sites(state)]
    common.ask(state, frame.power, REVERSAL, "mode", options, "which reversal?",
               picked=[frame.trigger])


def _reversal_mode(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    if noun == "cancel":
        target = _reversal_target(state, frame.picked[0])
        if target is not None:
            cardplay.cancel(state, target, f"{frame.power}'s {hands.title(REVERSAL)}")
        return
    common.place_sp_then(state, noun, GB, REVERSAL_SP, hands.title(REVERSAL), REVERSAL, "")


# --- #94 Knight of St George (+R, GB) ----------------------------------------------------------
# "La Gran Bretagna può dare questa carta alla Spagna per usarla in qualsiasi impulso spagnolo
# in questo turno come 5 CP (ma non come carta +). Il darla in questo modo è come il gioco di
# una carta inglese per l'impulso."

KNIGHT = 94
KNIGHT_CP = 5


def _knight_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """G.60: handed over as GB's card play ("+", impulse.card_allowed) in its own impulse; as
    a Response in another moment only when the option says so (never between impulses)."""
    if not h.owner(power, KNIGHT):
        return False
    if trigger == "":
        return common.own_impulse(state, power, trigger)
    return state.options.knight_response_outside_gb_impulse


def _knight_play(state: WellingtonState, frame: EventPlay) -> None:
    """The card passes face up into Spain's hand; impulse.py offers it to Spain only as 5 CP,
    a non-"+" play (`impulse.HANDED`); 17.1: if it was GB's last card, Spain is now the last
    Power holding one (impulse.turn_over)."""
    cards.move(state.piles, KNIGHT, IN_PLAY, hands.holder(state, SPAIN))
    state.log.append(f"GB hands {hands.title(KNIGHT)} to Spain: {KNIGHT_CP} CP in a Spanish "
                     "impulse this turn.")


def knight_cp(state: WellingtonState, power: str) -> int:
    """Spain spends the handed #94 as 5 CP (the only way it reaches a Spanish hand)."""
    return KNIGHT_CP if power == SPAIN and KNIGHT in hands.hand(state, SPAIN) else 0


def knight_returns(state: WellingtonState) -> None:
    """"in questo turno": not spent by the end of the impulse phase, it goes to the British
    Reserve (4.21), which 16.44 gathers."""
    if KNIGHT in hands.hand(state, SPAIN):
        cards.move(state.piles, KNIGHT, hands.holder(state, SPAIN), RESERVES[GB])
        state.log.append(f"Spain did not spend {hands.title(KNIGHT)} this turn: it returns to "
                         "the British Reserve.")


# --- registration (on import) --------------------------------------------------------------------

cardplay.register(CHANGE_OF_PLANS, cardplay.Event(_plans_playable, _plans_play))
common.on_choice(CHANGE_OF_PLANS, "power", _plans_power)
cardplay.register(ROTHSCHILD, cardplay.Event(_rothschild_playable, _rothschild_play))
common.on_choice(ROTHSCHILD, h.PLAY_DRAWN, h.play_drawn)
common.on_step(ROTHSCHILD, "reshuffle", _rothschild_reshuffle)
cardplay.register(CHURCH, cardplay.Event(_church_playable, _church_play))
common.on_choice(CHURCH, h.PLAY_DRAWN, h.play_drawn)
cardplay.register(IMPERIAL_FAVOUR, cardplay.Event(_favour_playable, _favour_play))
common.on_choice(IMPERIAL_FAVOUR, "mode", _favour_mode)
common.on_choice(IMPERIAL_FAVOUR, "reserve", _favour_reserve)
common.on_choice(IMPERIAL_FAVOUR, h.PLAY_DRAWN, h.play_drawn)
cardplay.register(SPIES, cardplay.Event(_spies_playable, _spies_play))
common.on_choice(SPIES, "mode", _spies_mode)
common.on_choice(SPIES, "discard", _spies_discard)
common.on_choice(SPIES, "buy", _officers_buy)
common.on_choice(SPIES, "back", _officers_back)
cardplay.register(PALACE_INTRIGUE, cardplay.Event(_intrigue_playable, _intrigue_play))
common.on_choice(PALACE_INTRIGUE, "victim", _intrigue_victim)
common.on_choice(PALACE_INTRIGUE, h.PLAY_DRAWN, h.play_drawn)
cardplay.register(REVERSAL, cardplay.Event(_reversal_playable, _reversal_play))
common.on_choice(REVERSAL, "mode", _reversal_mode)
cardplay.register(KNIGHT, cardplay.Event(_knight_playable, _knight_play))
impulse.HANDED[KNIGHT] = knight_cp
impulse.PHASE_END_HOOKS.append(knight_returns)
