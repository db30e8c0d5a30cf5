"""The card events that needed a seam in the impulse or in card play (issue 10 parts 3/4):
#24 Hand of God, #25 General Staff, #34 Seize the Initiative, #78 Reversal of Fortune, #94
Knight of St George, #98 The Light Division; and the Response windows of 5.2 (who is asked).
Each with the numbers of its own paragraph in the seed's card list (003, "ALLEGATO: ELENCO
DELLE CARTE"); positions are put in place, then played through Match (the game's own impulse
menu and Response windows)."""
from __future__ import annotations

from core import stack
from core.engine import Action, Match
from core.wellington import building, cardplay, hands, impulse
from core.wellington.events import cards_56_110 as ev
from core.wellington.flow import FLOW, settle
from core.wellington.frames.battle import Battle
from core.wellington.frames.cardplay import CommandPoints
from core.wellington.frames.events import EventChoice
from core.wellington.frames.impulse import Impulse, ImpulseMenu, ImpulsePhase, ResponseWindow
from core.wellington.frames.siege import Siege
from core.wellington.frames.turn import GameTurn
from core.wellington.siege import BESIEGER
from core.wellington.state import (ADN, ADS, ALLIES, GB, IN_EFFECT, REGROUP, RESERVES, SPAIN,
                                   Effect)
from tests.test_wellington_flow import empty_hands, give, impulses, new, nouns, past_setup, top

PLAIN = 17                  # Portuguese Revolt (5, E; red circle: removed after its event)
PLAIN_CP = 16               # a 5-CP card (R), here played for its CP
PLUS_E = 105                # Afrancesados (+E, French national)
NO_RESPONSE = Action("no-response")
POWER = {"GB": GB, "ADS": ADS, "SPAIN": SPAIN, "ADN": ADN}     # keyword -> Power


def at(power: str, round_: int = 2, last: str = ADN, **held: list[int]) -> Match:
    """A game at `power`'s scheduled impulse in round `round_`, the hands exactly `held`
    (keyword: the Power's constant's name)."""
    match = new()
    past_setup(match)
    empty_hands(match.state)
    for who, numbers in held.items():
        give(match.state, POWER[who], *numbers)
    impulses(match, power, round_=round_, last=last)
    return match


def window(match: Match) -> ResponseWindow:
    frame = top(match)
    assert isinstance(frame, ResponseWindow)
    return frame


def asked_in_windows(match: Match) -> list[str]:
    """Every Power asked in the Response windows now open, in order; all decline."""
    asked = []
    while isinstance(top(match), ResponseWindow):
        asked.append(match.state.active[0])
        match.act(match.state.active[0], NO_RESPONSE)
    return asked


def choose(match: Match, noun: str) -> None:
    match.act(match.state.active[0], Action("event-choice", noun))


def options(match: Match) -> list[str]:
    frame = top(match)
    assert isinstance(frame, EventChoice)
    return list(frame.options)


# --- 5.2 who a Response window asks ---------------------------------------------------------


def test_5_2_every_power_that_may_answer_is_asked_in_impulse_order() -> None:
    """5.2 "Qualsiasi Potenza può giocare eventi di Risposta": after GB's card play AdS
    (#78: British SP into Lisbon) and Spain (#24: a card from another hand) are asked, the next
    in impulse order first; AdN, holding no Response, is not (the default option)."""
    match = at(GB, GB=[PLAIN_CP, 25], ADS=[78], SPAIN=[24], ADN=[PLUS_E])
    match.act(GB, Action("cp", PLAIN_CP))
    assert window(match).trigger == f"cp-card:{PLAIN_CP}"
    assert asked_in_windows(match) == [ADS, SPAIN]
    assert isinstance(top(match), CommandPoints)


def test_5_2_the_active_power_may_answer_its_own_play_last() -> None:
    """The acting Power is asked too, after the others (#24 in GB's hand answers GB's own card
    play: "qualsiasi Potenza", "nel corso di qualsiasi Impulso")."""
    match = at(GB, GB=[PLAIN_CP, 24], ADS=[78], ADN=[PLUS_E])
    match.act(GB, Action("cp", PLAIN_CP))
    assert asked_in_windows(match) == [ADS, GB]


def test_5_2_responses_are_not_played_between_impulses_except_34() -> None:
    """5.2: Responses are played during an impulse; only #34's own text allows one "before a
    Power's impulse begins"."""
    match = before_gb(SPAIN=[24, 34], GB=[PLAIN_CP], ADS=[78])
    assert window(match).trigger == cardplay.BEFORE_IMPULSE + GB
    assert nouns(match, "respond") == []                 # GB, asked first, holds nothing
    assert until_asked(match, SPAIN) == [GB, ADS]        # AdS's #78 waits for the impulse
    assert nouns(match, "respond") == [34]               # Spain's #24 too


def test_34_the_window_asks_every_power_so_as_not_to_name_the_holder() -> None:
    """The window before an impulse asks every Power in turn, the scheduled one first (only
    asking the holder would tell everyone that it holds #34); with no #34 held, none opens."""
    match = before_gb(SPAIN=[34], GB=[PLAIN_CP])
    assert until_asked(match, SPAIN) == [GB, ADS]
    match.act(SPAIN, NO_RESPONSE)
    assert match.state.active == [ADN]
    match.act(ADN, NO_RESPONSE)
    assert stack.find(match.state, Impulse).power == GB
    none = before_gb(GB=[PLAIN_CP])
    assert not isinstance(top(none), ResponseWindow) and stack.find(none.state, Impulse)


# --- #24 Hand of God --------------------------------------------------------------------------


def test_24_cancels_an_event_before_it_resolves_and_discards_the_card() -> None:
    """"Annullate tutti gli effetti di una carta appena giocata e ponete quella carta tra gli
    scarti": GB plays #17 as its event; Spain answers with #24: #17 has no effect, goes to the
    discard pile (not removed, 5.7) and is not counted among the turn's events; no window
    answers an event that did not happen."""
    match = at(GB, GB=[PLAIN], SPAIN=[24])
    match.act(GB, Action("event", PLAIN))
    assert window(match).trigger == f"play:{PLAIN}" and nouns(match, "respond") == [24]
    match.act(SPAIN, Action("respond", 24))
    asked_in_windows(match)                              # the window of #24's own play
    assert options(match)[0] == "cancel"
    choose(match, "cancel")
    asked_in_windows(match)
    state = match.state
    assert not any(e.card == PLAIN for e in state.effects)
    assert PLAIN in state.piles.discard and PLAIN not in state.piles.removed
    assert 24 in state.piles.discard and PLAIN not in state.played_this_turn
    assert any("all its effects are cancelled" in line for line in state.log)
    assert isinstance(top(match), ImpulseMenu) and state.active == [GB]
    assert stack.find(state, Impulse).played                # GB's card play is made (4.24)


def test_24_cancels_a_card_played_for_cp_before_any_is_spent() -> None:
    """A card played for CP: AdS answers GB's 5-CP card with #24; its 5 CP are lost."""
    match = at(GB, GB=[PLAIN_CP], ADS=[24])
    match.act(GB, Action("cp", PLAIN_CP))
    match.act(ADS, Action("respond", 24))
    asked_in_windows(match)
    choose(match, "cancel")
    asked_in_windows(match)
    state = match.state
    assert stack.find(state, CommandPoints) is None
    assert isinstance(top(match), ImpulseMenu) and state.active == [GB]
    assert PLAIN_CP in state.piles.discard and 24 in state.piles.discard
    assert stack.find(state, Impulse).plain == 1


def test_24_takes_a_random_non_national_card_from_another_hand() -> None:
    """"Oppure: prendete una carta non Nazionale a caso dalla mano di un'altra Potenza": as
    AdS's own card play; GB holds one common card and a national one (never taken, 5.4). No
    log line names the card taken."""
    match = at(ADS, last=GB, ADS=[24], GB=[PLAIN, 93])
    match.act(ADS, Action("event", 24))
    asked_in_windows(match)
    assert options(match) == ["take:GB"]                 # no card just played to cancel
    choose(match, "take:GB")
    state = match.state
    assert PLAIN in hands.hand(state, ADS) and hands.hand(state, GB) == [93]
    assert not any(hands.title(PLAIN) in line for line in state.log[-3:])


def test_24_not_playable_with_nothing_to_cancel_or_take() -> None:
    match = at(ADS, last=GB, ADS=[24], GB=[93], SPAIN=[87])
    assert 24 not in nouns(match, "event")               # only national cards elsewhere
    assert 24 in nouns(match, "cp")


# --- #25 General Staff -----------------------------------------------------------------------


def test_25_two_cp_to_move_or_build_a_resource_and_a_plus_card() -> None:
    """"può ora usare 2 CP per muovere o costruire e considera questa come una carta '+',
    ottenendo anche una Risorsa" (G.50: the playing Power): GB gains 1 Resource and 2 CP for
    moves (9) and builds (6.1) only; then one non-"+" card, never a second "+" card."""
    match = at(GB, GB=[25, PLAIN, 93])
    state = match.state
    state.troops["almaraz"] = {GB: [1, 0, 0]}           # a flag could be bought at Almaraz
    resources = state.resources[GB]
    match.act(GB, Action("event", 25))
    asked_in_windows(match)
    frame = top(match)
    assert isinstance(frame, CommandPoints) and frame.left == 2 and frame.card == 25
    assert match.state.resources[GB] == resources + 1
    groups = {c.group for c in match.actions(GB)}
    assert "build" in groups and "flag" not in groups and "regroup" not in groups
    assert "build" in {c.action.verb for c in match.actions(GB)}
    match.act(GB, Action("stop"))
    asked_in_windows(match)
    assert PLAIN in nouns(match, "cp") and 93 not in nouns(match, "cp")


def test_25_only_as_the_card_play_of_its_own_impulse() -> None:
    match = at(GB, GB=[PLAIN_CP], ADS=[25])
    assert not cardplay.event_playable(match.state, ADS, 25, f"cp-card:{PLAIN_CP}")
    assert not cardplay.event_playable(match.state, ADS, 25)


# --- #34 Seize the Initiative -------------------------------------------------------------------


def until_asked(match: Match, power: str) -> list[str]:
    """Decline the window for every Power asked before `power`; the Powers that declined."""
    passed = []
    while match.state.active != [power]:
        passed.append(match.state.active[0])
        match.act(match.state.active[0], NO_RESPONSE)
    return passed


def before_gb(**held: list[int]) -> Match:
    """The impulse phase about to give GB its scheduled impulse (round 2, AdN had the last
    impulse), run to its first decision: #34's window."""
    match = new()
    past_setup(match)
    state = match.state
    empty_hands(state)
    for who, numbers in held.items():
        give(state, POWER[who], *numbers)
    state.stack = [GameTurn(step=1), ImpulsePhase()]
    state.marker, state.round, state.last_impulse = 0, 2, ADN
    stack.run(state, FLOW, settle)
    return match


def test_34_an_unscheduled_three_cp_impulse_before_the_scheduled_one() -> None:
    """G.51: before GB's scheduled impulse Spain plays #34 and names the Armée du Sud (not
    AdN, who had the last impulse, nor GB, whose impulse comes next: two in a row); AdS
    spends 3 CP as its "+" play, may add one non-"+" card (no "+" card, no Resource), and the
    Impulse marker stays on GB, whose impulse follows."""
    match = before_gb(SPAIN=[34], ADS=[PLAIN, PLUS_E], GB=[PLAIN_CP])
    match.state.resources[ADS] = 2
    assert window(match).trigger == cardplay.BEFORE_IMPULSE + GB
    until_asked(match, SPAIN)
    assert nouns(match, "respond") == [34]
    match.act(SPAIN, Action("respond", 34))
    asked_in_windows(match)
    assert options(match) == [ADS, SPAIN]
    choose(match, ADS)
    asked_in_windows(match)
    current = stack.find(match.state, Impulse)
    assert current is not None and current.power == ADS
    assert current.kind == impulse.INITIATIVE
    frame = top(match)
    assert isinstance(frame, CommandPoints) and frame.left == 3 and frame.power == ADS
    match.act(ADS, Action("stop"))
    assert nouns(match, "cp") == [PLAIN]
    assert "resource" not in {c.action.verb for c in match.actions(ADS)}
    match.act(ADS, Action("end"))
    asked_in_windows(match)
    state = match.state
    assert state.marker == 0 and state.last_impulse == ADS
    current = stack.find(state, Impulse)
    assert current is not None and current.power == GB and current.kind == "scheduled"
    assert 34 in state.piles.discard


def test_34_declined_the_scheduled_impulse_follows() -> None:
    match = before_gb(SPAIN=[34], GB=[PLAIN_CP])
    asked_in_windows(match)
    current = stack.find(match.state, Impulse)
    assert current is not None and current.power == GB and 34 in hands.hand(match.state, SPAIN)


def test_34_only_between_impulses() -> None:
    match = at(GB, GB=[PLAIN_CP], SPAIN=[34])
    state = match.state
    assert not cardplay.event_playable(state, SPAIN, 34, f"cp-card:{PLAIN_CP}")
    assert not cardplay.event_playable(state, SPAIN, 34)


# --- #78 Reversal of Fortune -------------------------------------------------------------------


def test_78_cancels_russian_front_before_it_resolves() -> None:
    """"Quando è usata in risposta al gioco di ... Fronte Russo #4 ... quella carta viene
    scartata ed i suoi effetti sono annullati": AdN plays #4 (Must-Play); GB answers with
    #78: no French SP are lost, nobody draws, #4 goes to the discard pile (not removed: no
    Appeal +2, and #101's "#4 has been played" stays false)."""
    match = at(ADN, last=SPAIN, ADN=[4, PLAIN_CP], GB=[78])
    deck = len(match.state.piles.deck)
    match.act(ADN, Action("event", 4))
    assert window(match).trigger == "play:4"
    match.act(GB, Action("respond", 78))
    asked_in_windows(match)
    assert options(match)[0] == "cancel"
    choose(match, "cancel")
    asked_in_windows(match)
    state = match.state
    assert 4 in state.piles.discard and 4 not in state.piles.removed
    assert isinstance(top(match), ImpulseMenu) and state.active == [ADN]
    assert len(state.piles.deck) == deck and hands.hand(state, ADN) == [PLAIN_CP]
    assert stack.find(state, Impulse).extra == 0            # no "play another card"


def test_78_places_4_british_sp_in_a_british_key_duchy() -> None:
    """"Oppure: piazzate 4 SP inglesi in qualsiasi Ducato Nazionale Chiave inglese amico e
    controllato": GB's own card play; Lisbon (1 cavalry, 2 SP) gains 4 SP."""
    match = at(GB, GB=[78])
    match.act(GB, Action("event", 78))
    asked_in_windows(match)
    assert "cancel" not in options(match) and "lisbon" in options(match)
    assert "salamanca" not in options(match)
    before = building.sp(match.state, "lisbon", GB)
    choose(match, "lisbon")
    assert building.sp(match.state, "lisbon", GB) == before + 4


def test_78_first_mode_only_against_the_five_cards() -> None:
    """#17 is not one of the five: only the placement is offered; with no British Key duchy
    under British control the card cannot answer #17 at all."""
    match = at(GB, GB=[PLAIN], ADS=[78])
    state = match.state
    assert cardplay.event_playable(state, ADS, 78, f"play:{PLAIN}")
    for duchy in ("lisbon", "porto", "elvas", "almeida", "gibraltar"):
        state.flags[duchy] = ADS
    assert not cardplay.event_playable(state, ADS, 78, f"play:{PLAIN}")


# --- #94 Knight of St George -------------------------------------------------------------------


def test_94_handed_to_spain_as_gb_s_plus_play_then_5_cp_for_spain() -> None:
    """"La Gran Bretagna può dare questa carta alla Spagna per usarla in qualsiasi impulso
    spagnolo in questo turno come 5 CP (ma non come carta +)" (G.60): handing it is GB's "+"
    play (GB may still play #17); Spain is offered it only as 5 CP, its non-"+" play; then the
    card goes to the British Reserve."""
    match = at(GB, GB=[94, PLAIN], SPAIN=[PLAIN_CP, 89])
    match.act(GB, Action("event", 94))
    asked_in_windows(match)
    state = match.state
    assert 94 in hands.hand(state, SPAIN)
    assert PLAIN in nouns(match, "cp")                       # one non-"+" card still
    match.act(GB, Action("end"))
    asked_in_windows(match)
    while match.state.active != [SPAIN] or not isinstance(top(match), ImpulseMenu):
        role = match.state.active[0]
        verbs = {c.action.verb for c in match.actions(role)}
        if "cp" in verbs:
            card = nouns(match, "cp")[0]
            match.act(role, Action("cp", card))
            asked_in_windows(match)
            match.act(role, Action("stop"))
        elif "end" in verbs:
            match.act(role, Action("end"))
        else:
            match.act(role, match.actions(role)[-1].action)
        asked_in_windows(match)
    assert nouns(match, "handed") == [94]
    assert 94 not in nouns(match, "cp") and 94 not in nouns(match, "event")
    match.act(SPAIN, Action("handed", 94))
    asked_in_windows(match)
    frame = top(match)
    assert isinstance(frame, CommandPoints) and frame.left == 5 and frame.power == SPAIN
    assert 94 in match.state.piles.boxes[RESERVES[GB]]
    match.act(SPAIN, Action("stop"))
    assert nouns(match, "cp") == [89]                        # only a "+" card may follow
    assert PLAIN_CP not in nouns(match, "cp")


def test_94_tc_27_the_last_card_handed_on_extends_the_turn() -> None:
    """TC-27 (17.1): GB, holding the last playable card of the turn, hands #94 to Spain: the
    turn does not end; Spain is the last Power with a playable card and takes the last
    impulse, spending it as 5 CP; then the impulse phase is over."""
    match = at(GB, GB=[94], SPAIN=[])
    match.act(GB, Action("event", 94))
    asked_in_windows(match)
    match.act(GB, Action("end"))
    state = match.state
    phase = stack.find(state, ImpulsePhase)
    assert phase is not None and not phase.over and state.last_holder == SPAIN
    match.act(ADS, Action("end"))                            # AdS passes (4.23)
    assert match.state.active == [SPAIN] and nouns(match, "handed") == [94]
    match.act(SPAIN, Action("handed", 94))
    asked_in_windows(match)
    match.act(SPAIN, Action("stop"))
    match.act(SPAIN, Action("end"))
    assert stack.find(match.state, ImpulsePhase) is None     # the impulses are over (4.24)
    assert 94 in match.state.piles.boxes[RESERVES[GB]]


def test_94_unspent_at_the_end_of_the_impulses_returns_to_the_british_reserve() -> None:
    match = at(GB, GB=[94])
    state = match.state
    give(state, SPAIN, 94)
    for hook in impulse.PHASE_END_HOOKS:
        hook(state)
    assert 94 in state.piles.boxes[RESERVES[GB]] and 94 not in hands.hand(state, SPAIN)


def test_94_handed_over_only_in_gb_s_impulse_unless_the_option_says_so() -> None:
    """G.60 [config]: by default not as a Response outside GB's own impulse."""
    match = at(ADS, last=GB, GB=[94], ADS=[PLAIN_CP])
    assert not cardplay.event_playable(match.state, GB, 94, f"cp-card:{PLAIN_CP}")
    assert not cardplay.event_playable(match.state, SPAIN, 94)
    other = new(knight_response_outside_gb_impulse=True)
    past_setup(other)
    assert cardplay.event_playable(other.state, GB, 94, f"cp-card:{PLAIN_CP}")


# --- #98 The Light Division --------------------------------------------------------------------


def light_on_wellington() -> Match:
    match = at(GB, GB=[98, PLAIN], ADS=[PLAIN_CP])
    match.act(GB, Action("event", 98))
    asked_in_windows(match)
    assert "wellington" in options(match)
    choose(match, "wellington")
    asked_in_windows(match)
    return match


def test_98_tc_e01_e07_wellington_s_free_cp_moves_his_army_alone() -> None:
    """TC-E01: #98 on Wellington, the impulse goes on; TC-E07: its free CP moves Wellington's
    Army out of Ciudad Rodrigo (the tutorial goes to Almaraz; here the movement part offers
    Fuentes d'Oñoro for 1 CP), De España's Army staying behind (moving both: 2 CP)."""
    match = light_on_wellington()
    assert isinstance(top(match), ImpulseMenu) and match.state.active == [GB]
    match.act(GB, Action("light-division"))
    match.act(GB, Action("move", "wellington"))
    match.act(GB, Action("to", "fuentes-d-onoro"))
    asked_in_windows(match)
    state = match.state
    assert state.commanders["wellington"] == "fuentes-d-onoro"
    assert state.commanders["de-espana"] == "ciudad-rodrigo"
    assert isinstance(top(match), ImpulseMenu) and PLAIN in nouns(match, "cp")


def test_98_one_free_cp_for_his_army_or_flags_in_every_british_impulse() -> None:
    """"date a questi 1 CP gratuito da usare per muovere, porre bandiere o togliere bandiere
    in ogni impulso inglese" (the tutorial: Wellington's Army moves with it): the card stays
    in effect; the free CP moves only Wellington's Army or flags at or next to him; once per
    impulse, and not a card play (GB may still play #17)."""
    match = light_on_wellington()
    state = match.state
    assert 98 in state.piles.boxes[IN_EFFECT]
    assert "light-division" in {c.action.verb for c in match.actions(GB)}
    match.act(GB, Action("light-division"))
    frame = top(match)
    assert isinstance(frame, CommandPoints) and frame.left == 1
    assert frame.commander == "wellington"
    moves = [c.action for c in match.actions(GB) if c.group == "move"]
    assert moves == [Action("move", "wellington")]
    flags = [str(c.action.noun).split("=")[0] for c in match.actions(GB)
             if c.action.verb == "flag"]
    assert set(flags) <= {"ciudad-rodrigo", "salamanca", "almaraz", "fuentes-d-onoro"}
    assert "build" not in {c.group for c in match.actions(GB)}
    match.act(GB, Action("stop"))
    assert "light-division" not in {c.action.verb for c in match.actions(GB)}
    assert PLAIN in nouns(match, "cp")


def test_98_not_offered_in_another_power_s_impulse_and_again_in_the_next_british() -> None:
    match = light_on_wellington()
    match.act(GB, Action("light-division"))
    match.act(GB, Action("stop"))
    match.act(GB, Action("end"))
    asked_in_windows(match)
    assert match.state.active == [ADS]
    assert "light-division" not in {c.action.verb for c in match.actions(ADS)}
    assert not any(e.card == 98 and e.target == ev.LIGHT_USED for e in match.state.effects)


def test_98_a_die_in_his_battles_and_sieges() -> None:
    """"aggiungere un dado in ogni round battaglia o di assedio dove questo comandante è
    presente": +1 die every round (0) for the Allies where Wellington fights or besieges."""
    match = light_on_wellington()
    state = match.state
    effect = next(e for e in state.effects if e.card == 98)
    here = Battle(duchy="ciudad-rodrigo", attacker=GB, attacking=ALLIES, defending="French")
    ev._light_in_battle(state, here, effect)
    assert here.extra_dice == [(ALLIES, 0, 1, "#98 The Light Division")]
    away = Battle(duchy="salamanca", attacker=GB, attacking=ALLIES, defending="French")
    ev._light_in_battle(state, away, effect)
    assert away.extra_dice == []
    siege = Siege(duchy="ciudad-rodrigo", power=GB, commander="wellington", owner=ADN,
                  strength=3)
    ev._light_in_siege(state, siege)
    assert siege.extra_dice == [(BESIEGER, 0, 1, "#98 The Light Division")]


def test_98_ends_when_he_is_eliminated_or_the_impulses_are_over() -> None:
    """"Scartatela alla fine del turno o se il comandante viene eliminato": to the British
    Reserve (4.21)."""
    match = light_on_wellington()
    state = match.state
    state.commanders["wellington"] = REGROUP
    ev.light_division_checked(state, GB, "scheduled")
    assert 98 in state.piles.boxes[RESERVES[GB]] and not any(e.card == 98 for e in state.effects)
    other = light_on_wellington()
    for hook in impulse.PHASE_END_HOOKS:
        hook(other.state)
    assert 98 in other.state.piles.boxes[RESERVES[GB]]


def test_98_only_gb_in_its_own_impulse() -> None:
    match = at(GB, GB=[PLAIN_CP], ADS=[98])
    assert not cardplay.event_playable(match.state, ADS, 98)
    assert not cardplay.event_playable(match.state, GB, 98, f"cp-card:{PLAIN_CP}")
    state = match.state
    state.effects.append(Effect(card=98, power=GB, target="wellington", until="turn"))
    assert "light-division" in {c.action.verb for c in match.actions(GB)}


def test_24_cancels_a_battle_card_as_it_is_declared() -> None:
    """#24 answers a battle card's declaration (battle/cards.py's `play:N` window): AdN's #110
    12-Pounders at Zamora has no effect (no die rolled) and goes to the French Reserve (a
    national card's discard, 4.21)."""
    from core.dice import scripted
    from core.wellington.battle import cards as battle_cards
    from core.wellington.state import FRENCH
    from tests.support import wellington_battle as wb
    state = wb.board(ADN)
    wb.place(state, "zamora", SPAIN, infantry=3)
    wb.place(state, "zamora", ADN, infantry=3)
    battle = Battle(duchy="zamora", attacker=SPAIN, active=SPAIN, attacking=ALLIES,
                    defending=FRENCH, round=1)
    state.stack += [battle, wb.Caller(power=ADN)]           # the battle waits beneath
    wb.give(state, ADN, 110)
    wb.give(state, GB, 24)
    wb.give(state, ADS, PLAIN)                               # a card #24 could take
    with scripted([], strict=True):
        battle_cards.play_battle_card(state, battle, ADN, 110)
        stack.run(state, wb.FLOW, settle)
        assert isinstance(stack.top(state), ResponseWindow)
        assert stack.top(state).trigger == "play:110" and state.active == [GB]
        state = stack.act(state, wb.FLOW, GB, Action("respond", 24), settle=settle)
        while isinstance(stack.top(state), ResponseWindow):
            state = stack.act(state, wb.FLOW, state.active[0], NO_RESPONSE, settle=settle)
        state = stack.act(state, wb.FLOW, GB, Action("event-choice", "cancel"), settle=settle)
        while isinstance(stack.top(state), ResponseWindow):
            state = stack.act(state, wb.FLOW, state.active[0], NO_RESPONSE, settle=settle)
    assert isinstance(stack.top(state), wb.Caller)
    battle = stack.find(state, Battle)
    assert battle is not None and battle.extra_dice == [] and 110 not in [
        n for n, _ in battle.in_play]
    assert 110 in state.piles.boxes[RESERVES[FRENCH]] and 110 not in state.played_this_turn
