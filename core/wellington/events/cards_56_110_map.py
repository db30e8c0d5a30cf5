"""Wellington events #56-110: cards that place pieces and flags or strike Formations on the
map (#56, #63, #69, #80, #88, #92, #101, #105), and those acting through the movement and
interception seams (interception.py TRY, REINFORCE; movement.py's free moves): #67
Conflicting Orders, #108 March to the Sound of the Guns, #109 "The Duke of Damnation".
Registered on import."""
from __future__ import annotations

from collections.abc import Iterator

from core import dice
from core import stack
from core.stack import Frame
from core.wellington import (attrition, building, cardplay, hands, interception, lookups,
                             movement, naval)
from core.wellington.battle import cards as battle_cards
from core.wellington import flags as geo
from core.wellington.events import common
from core.wellington.events import helpers_56_110 as h
from core.wellington.frames.cardplay import EventPlay
from core.wellington.frames.battle import Battle
from core.wellington.frames.events import EventChoice, EventStep
from core.wellington.frames.movement import JoinBattle, Move
from core.wellington.state import ADN, ADS, ALLIES, FRENCH, GB, INF, SIDE, SPAIN, WellingtonState
from maps.wellington import MADRID


# --- #101 German Conscripts (+E, French) ------------------------------------------------------
# "Piazza 4 SP francesi in uno dei tuoi Ducati Nazionali controllati. Non può essere giocata
# come evento se è stato giocato l'evento Fronte Russo #4."

GERMAN_CONSCRIPTS = 101
RUSSIAN_FRONT = 4
CONSCRIPTS_SP = 4


def _german_places(state: WellingtonState, power: str) -> list[str]:
    """Its own controlled National duchies; the 6.3 French exception (none left: the other
    French Power's), as cards.toml reads the card."""
    own = building.own_national(state, power, keys_only=False)
    if not own:
        own = building.own_national(state, ADN if power == ADS else ADS, keys_only=False)
    return own


def _german_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """R15: #4 played as its event is removed from play (5.7; a #4 the 1813 start plays is
    removed too, 2.7); a #4 cancelled by #78 is discarded, so it does not count."""
    return (h.own_impulse(state, power, GERMAN_CONSCRIPTS, trigger)
            and RUSSIAN_FRONT not in state.piles.removed
            and bool(_german_places(state, power)))


def _german_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, GERMAN_CONSCRIPTS, "duchy",
               [(d, f"Place {CONSCRIPTS_SP} SP at {geo.name(d)}")
                for d in _german_places(state, frame.power)],
               f"where do the {CONSCRIPTS_SP} SP of German conscripts go?")


def _german_duchy(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    common.place_sp_then(state, duchy, frame.power, CONSCRIPTS_SP, "#101 German Conscripts",
                         GERMAN_CONSCRIPTS, "")


# --- #105 Afrancesados (+E, French) -----------------------------------------------------------
# "Piazza 2 SP francesi in qualsiasi Ducato spagnolo non assediato che occupi o controlli.
# Madrid: questa carta non può essere giocata come evento se la Spagna o la Gran Bretagna
# controlla Madrid."

AFRANCESADOS = 105
AFRANCESADOS_SP = 2


def _afrancesados_places(state: WellingtonState, power: str) -> list[str]:
    """A duchy in Spain (1.21), not besieged, where the Power has pieces or its flag
    controls it."""
    return list(_afrancesados_found(state, power))


def _afrancesados_found(state: WellingtonState, power: str) -> Iterator[str]:
    return (d for d in geo.duchies()
            if geo.country(d) == "Spain" and not building.besieged(state, d)
            and (power in geo.powers_present(state, d) or geo.controller(state, d) == power))


def _afrancesados_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return (h.own_impulse(state, power, AFRANCESADOS, trigger)
            and geo.controller(state, MADRID) not in (SPAIN, GB)
            and common.exists(_afrancesados_found(state, power)))


def _afrancesados_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, AFRANCESADOS, "duchy",
               [(d, f"Place {AFRANCESADOS_SP} SP at {geo.name(d)}")
                for d in _afrancesados_places(state, frame.power)],
               f"where do the {AFRANCESADOS_SP} SP of Afrancesados go?")


def _afrancesados_duchy(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    common.place_sp_then(state, duchy, frame.power, AFRANCESADOS_SP, "#105 Afrancesados",
                         AFRANCESADOS, "")


# --- #63 British Subsidies --------------------------------------------------------------------
# "La Gran Bretagna piazza 4 SP in qualsiasi Ducato Nazionale britannico che sia un porto e sotto
# controllo britannico. Anche la Spagna piazza 4 SP in qualsiasi Ducato Nazionale spagnolo che
# sia un porto sotto controllo britannico o spagnolo. Sia la Gran Bretagna che la Spagna pescano
# una carta extra."

SUBSIDIES = 63
SUBSIDIES_SP = 4
SUBSIDIES_DRAW = 1


def _subsidy_places(state: WellingtonState, power: str) -> list[str]:
    """GB: its (printed) National port duchies it controls. Spain: a port in Spain under
    British or Spanish control — 1.21 makes a duchy of Spain Spanish National only while
    Spain controls it, so the card's "under British control" can only mean the duchies of
    Spain (reading, docs/wellington-events-56-110.md)."""
    if power == GB:
        return [d for d in geo.duchies() if geo.national_power(d) == GB and naval.is_port(d)
                and geo.controller(state, d) == GB]
    return [d for d in geo.duchies() if geo.country(d) == "Spain" and naval.is_port(d)
            and geo.controller(state, d) in (GB, SPAIN)]


def _subsidies_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, SUBSIDIES, trigger)


def _subsidies_play(state: WellingtonState, frame: EventPlay) -> None:
    """Each part happens where it can: a Power with no such port places nothing; both draw.
    GB chooses first, then Spain (impulse order, 1.3); the cards are drawn once both have
    placed (the card's order; 5.11: a Power short of counters chooses its SP to eliminate
    before its placement)."""
    common.then(state, frame.power, SUBSIDIES, "draw")       # pushed first: runs last
    for power in (SPAIN, GB):               # pushed: GB's question comes first
        places = _subsidy_places(state, power)
        if places:
            common.ask(state, power, SUBSIDIES, "port",
                       [(d, f"Place {SUBSIDIES_SP} {power} SP at {geo.name(d)}")
                        for d in places],
                       f"where do {power}'s {SUBSIDIES_SP} SP land?")
        else:
            state.log.append(f"#63 British Subsidies: {power} has no port it may use.")


def _subsidies_port(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    common.place_sp_then(state, duchy, frame.power, SUBSIDIES_SP, "#63 British Subsidies",
                         SUBSIDIES, "")


def _subsidies_draw(state: WellingtonState, frame: EventStep) -> None:
    for power in (GB, SPAIN):
        drawn = hands.draw(state, power, SUBSIDIES_DRAW)
        state.log.append(f"#63 British Subsidies: {power} draws {drawn} card.")


# --- #80 Incompetent Commissary ---------------------------------------------------------------
# "Un'Armata o Gruppo di Armate a vostra scelta deve controllare per l'Attrito."

INCOMPETENT_COMMISSARY = 80


def armies(state: WellingtonState) -> list[tuple[str, str]]:
    """(duchy, side) of every Army or Army Group on the map: a side's Formation led by a
    commander (1.6); a two-Power Army Group is the side's pieces in the duchy together."""
    out = []
    for duchy in sorted({d for d in state.commanders.values() if geo.on_map(d)}):
        for side in (ALLIES, FRENCH):
            if any(SIDE[geo.commander_power(c)] == side
                   for c in building.commanders_at(state, duchy)):
                out.append((duchy, side))
    return out


def army_attrition(state: WellingtonState, duchy: str, side: str, why: str,
                   asks: list[Frame] | None = None) -> dict[str, int]:
    """13.1: the Army (or Army Group) of `side` in `duchy` checks attrition once; the
    Commander's Power of a two-Power group shares its losses, the Power affected picks the
    counters (attrition.check's questions: appended to `asks`, else pushed at once; the
    losses returned are those taken at once)."""
    units = attrition.units_of_side(state, duchy, side)
    own: list[Frame] = [] if asks is None else asks
    lost = attrition.check(state, duchy, units, why=why, leader=state.leading.get(duchy, ""),
                           asks=own)
    if asks is None:
        attrition.push_all(state, own)
    return lost


def _commissary_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, INCOMPETENT_COMMISSARY, trigger) and bool(armies(state))


def _commissary_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, INCOMPETENT_COMMISSARY, "army",
               [(f"{d}|{side}", f"The {side} Army at {geo.name(d)}")
                for d, side in armies(state)],
               "which Army checks for attrition?")


def _commissary_army(state: WellingtonState, frame: EventChoice, noun: str) -> None:
    duchy, side = noun.split("|")
    army_attrition(state, duchy, side, "#80 Incompetent Commissary")


# --- #88 Partisans (+E, Spain) ----------------------------------------------------------------
# "Scegliete 3 qualsiasi Formazioni spagnole in Ducati diversi. Ogni Formazione in Spagna
# adiacente ad una di queste Formazioni deve controllare per l'attrito (nessuna Formazione
# francese può controllare per l'attrito più di una volta con questo evento)."

PARTISANS = 88
PARTISAN_FORMATIONS = 3


def spanish_formations(state: WellingtonState) -> list[str]:
    places = set(state.troops) | set(state.commanders.values())
    return sorted(d for d in places if geo.on_map(d) and SPAIN in geo.powers_present(state, d))


def _partisans_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, PARTISANS, trigger) and bool(spanish_formations(state))


def _partisans_ask(state: WellingtonState, power: str, picked: list[str]) -> None:
    left = [d for d in spanish_formations(state) if d not in picked]
    if len(picked) >= PARTISAN_FORMATIONS or not left:
        _partisans_strike(state, picked)
        return
    common.ask(state, power, PARTISANS, "formation",
               [(d, f"The Spanish Formation at {geo.name(d)}") for d in left],
               f"choose Spanish Formation {len(picked) + 1} of {PARTISAN_FORMATIONS} "
               "(each in a different duchy)", picked=picked)


def _partisans_play(state: WellingtonState, frame: EventPlay) -> None:
    _partisans_ask(state, frame.power, [])


def _partisans_formation(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    _partisans_ask(state, frame.power, [*frame.picked, duchy])


def _partisans_strike(state: WellingtonState, picked: list[str]) -> None:
    """R9: the French Formations in Spain adjacent to a chosen one, each checking once."""
    struck = sorted({n for d in picked for n in geo.neighbours(d)
                     if geo.country(n) == "Spain" and geo.has_formation(state, n, FRENCH)})
    state.log.append(f"#88 Partisans strike from {', '.join(geo.name(d) for d in picked)}.")
    asks: list[Frame] = []
    for duchy in struck:
        army_attrition(state, duchy, FRENCH, "#88 Partisans", asks)
    attrition.push_all(state, asks)           # 13.1: the losses chosen in map order


# --- #69 Descent from the Sea -----------------------------------------------------------------
# "Ponete 1 SP inglese (da quelli fuori gioco) e una bandiera inglese in qualsiasi porto non
# fortificato e non occupato dal nemico, come se fosse stato effettuato un assalto anfibio
# (14.3). Nessuna batteria costiera può sparare. Questo è in aggiunta a qualsiasi altro
# convoglio o assalto anfibio effettuato dall'inglese in questo impulso."

DESCENT = 69
DESCENT_SP = 1


def _descent_ports(state: WellingtonState) -> list[str]:
    """Unfortified ports on the map with no Formation of the French (GB's enemy)."""
    return list(_descent_found(state))


def _descent_found(state: WellingtonState) -> Iterator[str]:
    return (d for d in geo.duchies() if naval.is_port(d) and not geo.is_fortress(state, d)
            and not geo.has_formation(state, d, FRENCH))


def _descent_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """"(da quelli fuori gioco)": the unbuilt counters, as for every event placing SP; with
    no British infantry unbuilt, 5.11 has GB eliminate 1 SP of its own on the map first, so
    the card needs an unbuilt infantry or a British SP on the map."""
    return (h.own_impulse(state, power, DESCENT, trigger) and common.exists(_descent_found(state))
            and (building.unbuilt(state, GB)[INF] > 0 or bool(common.donors(state, GB))))


def _descent_play(state: WellingtonState, frame: EventPlay) -> None:
    common.ask(state, frame.power, DESCENT, "port",
               [(d, f"Land 1 British SP and a British flag at {geo.name(d)}")
                for d in _descent_ports(state)],
               "where do the British land?")


def _descent_port(state: WellingtonState, frame: EventChoice, port: str) -> None:
    """As by an amphibious assault (14.3): the SP came by sea this impulse (no land move
    after it, 14.2); no coastal battery fires; GB's convoys and assaults are untouched."""
    common.place_sp_then(state, port, GB, DESCENT_SP, "#69 Descent from the Sea", DESCENT,
                         "landed", picked=[port, geo.controller(state, port)],
                         intercept=common.OFFERED_BY_CALLER)


def _descent_landed(state: WellingtonState, frame: EventStep) -> None:
    """The SP placed (5.11: GB's choice first when short of counters), then the flag; then,
    the placement complete, the French may intercept into the port (10.1, with the control
    before the landing, G.18; a successful one: the battle, the SP attacking, P2). With no
    SP placed the flag stands alone: 10.10."""
    port, before, placed = frame.picked[0], frame.picked[1], int(frame.picked[-1])
    geo.set_flag(state, port, GB, "#69 Descent from the Sea")
    state.sea_moved[f"{GB}@{port}"] = state.impulses
    common.offer_interception(state, port, GB, before=before, flag=not placed)


# --- #56 Cavalry Raid (R) ---------------------------------------------------------------------
# "Giocatela su due qualsiasi Ducati non fortificati* adiacenti ad un'Armata amica. Ogni
# bandiera e Formazione nemica in questi Ducati deve controllare per l'attrito. Se le bandiere
# nemiche sono rimosse, sono sostituite da bandiere della Potenza che controlla quell'Armata
# (se possibile). *Una forza nemica che assedia una Fortezza può essere scelta come bersaglio."

CAVALRY_RAID = 56
RAID_DUCHIES = 2


def _raid_targets(state: WellingtonState, power: str, army_duchy: str) -> list[str]:
    """The duchies next to the Army: unfortified, or a fortress of the player's side that an
    enemy force besieges (the card's asterisk)."""
    side = SIDE[power]
    enemy = FRENCH if side == ALLIES else ALLIES
    out = []
    for d in geo.neighbours(army_duchy):
        if not geo.on_map(d):
            continue
        if not geo.is_fortress(state, d) or (SIDE.get(geo.controller(state, d), "") == side
                                             and geo.has_formation(state, d, enemy)):
            out.append(d)                        # (a besieged friendly fortress)
    return sorted(out)


def _raid_armies(state: WellingtonState, power: str) -> list[str]:
    return list(_raid_armies_found(state, power))


def _raid_armies_found(state: WellingtonState, power: str) -> Iterator[str]:
    return (d for d, side in armies(state) if side == SIDE[power]
            and len(_raid_targets(state, power, d)) >= RAID_DUCHIES)


def _raid_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, CAVALRY_RAID, trigger) and common.exists(
        _raid_armies_found(state, power))


def _raid_play(state: WellingtonState, frame: EventPlay) -> None:
    """Responses answering the raid resolve before it (5.2): when they leave no friendly
    Army with two duchies to raid (#52 sent its commander to the Regroup Box), the cavalry
    have nobody to ride from and the event has no effect."""
    sources = _raid_armies(state, frame.power)
    if not sources:
        state.log.append(f"#56 Cavalry Raid: {frame.power} no longer has a friendly Army next "
                         "to two duchies to raid: no effect.")
        return
    common.ask(state, frame.power, CAVALRY_RAID, "army",
               [(d, f"Raid from the Army at {geo.name(d)}") for d in sources],
               "from which friendly Army do the cavalry ride?")


def _raid_army(state: WellingtonState, frame: EventChoice, army: str) -> None:
    _raid_ask(state, frame.power, [army])


def _raid_leader(state: WellingtonState, duchy: str, side: str) -> str:
    """The Commander of the side's Army in `duchy` (9.53): the named one, else its first
    commander there."""
    named = state.leading.get(duchy, "")
    if named and SIDE[geo.commander_power(named)] == side:
        return named
    return next(c for c in sorted(building.commanders_at(state, duchy))
                if SIDE[geo.commander_power(c)] == side)


def _raid_ask(state: WellingtonState, power: str, picked: list[str]) -> None:
    left = [d for d in _raid_targets(state, power, picked[0]) if d not in picked[1:]]
    common.ask(state, power, CAVALRY_RAID, "duchy",
               [(d, f"Raid {geo.name(d)}") for d in left],
               f"raid duchy {len(picked)} of {RAID_DUCHIES}", picked=picked)


def _raid_duchy(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    picked = [*frame.picked, duchy]
    if len(picked) - 1 < RAID_DUCHIES:
        _raid_ask(state, frame.power, picked)
        return
    army, targets = picked[0], picked[1:]
    raider = geo.commander_power(_raid_leader(state, army, SIDE[frame.power]))
    enemy = FRENCH if SIDE[frame.power] == ALLIES else ALLIES
    asks: list[Frame] = []                    # 13.1: the losses chosen once all are rolled
    flagged: list[tuple[str, str]] = []
    for target in targets:
        if geo.has_formation(state, target, enemy):
            units = attrition.units_of_side(state, target, enemy)
            attrition.check(state, target, units, why="#56 Cavalry Raid",
                            leader=state.leading.get(target, ""), asks=asks)
        flag = state.flags.get(target, "")
        if flag and SIDE[flag] == enemy and \
                attrition.flag_attrition(state, target, "#56 Cavalry Raid", "G.38"):
            if raider in geo.flag_options(state, target, raider):
                geo.set_flag(state, target, raider, "#56 Cavalry Raid")
                flagged.append((target, flag))
    for target, before in reversed(flagged):  # 10.10, once the losses are taken (pushed
        common.offer_interception(state, target, raider, before=before, flag=True)  # first)
    attrition.push_all(state, asks)


# --- #92 Guerrilla Attacks (+R, Spain) --------------------------------------------------------
# "Scegliete sino a 5 Ducati controllati dai francesi in Spagna che non contengano Formazioni.
# Tirate un dado per ciascuno di essi; aggiungete +1 al risultato se il Ducato è adiacente ad
# una Formazione inglese o spagnola. Con un 4, 5 o 6 ponete la bandiera spagnola nel Ducato. La
# Spagna può anche forzare un controllo per l'attrito su qualsiasi Armata o Gruppo di Armate
# francese a sua scelta che non possa tracciare una linea di Ducati amici verso uno dei suoi
# Ducati Nazionali amici."

GUERRILLA = 92
GUERRILLA_DUCHIES = 5
GUERRILLA_NEED = 4
GUERRILLA_DRM = 1


def _guerrilla_duchies(state: WellingtonState) -> list[str]:
    return [d for d in geo.duchies() if _guerrilla_target(state, d)]


def _guerrilla_target(state: WellingtonState, duchy: str) -> bool:
    """#92: an empty French-controlled duchy in Spain."""
    return geo.country(duchy) == "Spain" and geo.controller(state, duchy) in (ADS, ADN) \
        and not geo.has_formation(state, duchy, ALLIES) \
        and not geo.has_formation(state, duchy, FRENCH)


def cut_off(state: WellingtonState, duchy: str) -> bool:
    """#92: the French Army in `duchy` cannot trace a line of friendly duchies (its own start
    included) to one of its own friendly National duchies: those of the Powers in it."""
    powers = [p for p in (ADS, ADN) if p in geo.powers_present(state, duchy)]
    homes = {d for d in geo.duchies() for p in powers
             if geo.is_national(state, d, p) and geo.friendly(state, d, p)}
    if not geo.friendly(state, duchy, powers[0]):
        return True
    seen, todo = {duchy}, [duchy]
    while todo:
        here = todo.pop()
        if here in homes:
            return False
        for there in geo.neighbours(here):
            if there not in seen and geo.on_map(there) and geo.friendly(state, there, powers[0]):
                seen.add(there)
                todo.append(there)
    return True


def _guerrilla_armies(state: WellingtonState) -> list[str]:
    return [d for d, side in armies(state) if side == FRENCH and cut_off(state, d)]


def _guerrilla_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.any_moment(state, power, GUERRILLA, trigger) and (
        any(_guerrilla_target(state, d) for d in geo.duchies()) or bool(_guerrilla_armies(state)))


def _guerrilla_play(state: WellingtonState, frame: EventPlay) -> None:
    _guerrilla_ask(state, frame.power, [])


def _guerrilla_ask(state: WellingtonState, power: str, picked: list[str]) -> None:
    left = [d for d in _guerrilla_duchies(state) if d not in picked]
    if len(picked) >= GUERRILLA_DUCHIES or not left:
        _guerrilla_roll(state, power, picked)
        return
    common.ask(state, power, GUERRILLA, "duchy",
               [(d, f"Raise the guerrillas at {geo.name(d)}") for d in left],
               f"choose up to {GUERRILLA_DUCHIES} French-controlled duchies "
               f"({len(picked)} chosen)", picked=picked, optional=True)


def _guerrilla_duchy(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    if duchy == common.DECLINE:
        _guerrilla_roll(state, frame.power, frame.picked)
    else:
        _guerrilla_ask(state, frame.power, [*frame.picked, duchy])


def _guerrilla_roll(state: WellingtonState, power: str, picked: list[str]) -> None:
    """A die for each duchy chosen; then the French may intercept into each duchy flagged, in
    the order chosen (10.10: the flag is removed once an interceptor is in; the control
    before the flag for 10.4, G.18); then the attrition choice (pushed first: it runs last)."""
    flagged: list[tuple[str, str]] = []
    for duchy in picked:
        near = any(geo.has_formation(state, n, ALLIES) for n in geo.neighbours(duchy))
        drm = GUERRILLA_DRM if near else 0
        face = dice.d6(state, f"#92 Guerrilla Attacks at {geo.name(duchy)}", "#92")
        if face + drm >= GUERRILLA_NEED:
            flagged.append((duchy, geo.controller(state, duchy)))
            geo.set_flag(state, duchy, SPAIN, f"#92 Guerrilla Attacks, {face}{drm:+d}")
        else:
            state.log.append(f"#92 Guerrilla Attacks at {geo.name(duchy)}: {face}{drm:+d}, "
                             "nothing.")
    common.then(state, power, GUERRILLA, "armies")
    for duchy, before in reversed(flagged):
        common.offer_interception(state, duchy, SPAIN, before=before, flag=True)


def _guerrilla_cut_off(state: WellingtonState, frame: EventStep) -> None:
    """The card's last part, once the interceptions are over: the cut-off French Armies as
    they stand now."""
    power = frame.power
    armies_ = _guerrilla_armies(state)
    if armies_:
        common.ask(state, power, GUERRILLA, "army",
                   [(d, f"The French Army at {geo.name(d)} (cut off)") for d in armies_],
                   "force an attrition check on a cut-off French Army?", optional=True)


def _guerrilla_army(state: WellingtonState, frame: EventChoice, duchy: str) -> None:
    if duchy != common.DECLINE:
        army_attrition(state, duchy, FRENCH, "#92 Guerrilla Attacks")


# --- #67 Conflicting Orders (R) -----------------------------------------------------------------
# "Annullate qualsiasi movimento, intercettazione o evasione di una qualsiasi Formazione (o Gruppo
# di Armate) comandato da un comandante con Valore in Battaglia di 0, 1 o 2. Non può muovere o
# intercettare oltre in questo impulso. Qualsiasi CP speso per il tentativo di movimento viene
# perso. Ponete un segnalino di "Battaglia o Intercettazione Fallita" sulla Formazione."

CONFLICTING_ORDERS = 67
CONFLICTING_BV = 2              # a BV of 0, 1 or 2


def _conflicting_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    """TRY: a move step declared, an interception (a card's too) or an evasion announced,
    by a Formation whose Commander's BV (as it stands) is 2 or less; leaderless soldiers
    have no commander and are not struck."""
    attempt = interception.trying(state, trigger)
    return h.owner(power, CONFLICTING_ORDERS) and attempt is not None \
        and bool(attempt.leader) \
        and lookups.battle_value(state, attempt.leader) <= CONFLICTING_BV


def _conflicting_play(state: WellingtonState, frame: EventPlay) -> None:
    """The step or attempt does not happen (a step's CP are spent, the move is over: the
    #67 reading) and the Formation takes a BFI marker: it moves (M2) and intercepts (10.3)
    no more this impulse."""
    interception.cancel(state, frame.trigger, "#67 Conflicting Orders", mark=True)


# --- #108 March to the Sound of the Guns (R) -----------------------------------------------------
# "Giocatela prima dell'inizio di qualsiasi round di battaglia. Qualsiasi Formazione a scelta di
# chi gioca la carta che si trovi entro due Ducati dal sito della battaglia può tirare per tentare
# l'intercettazione. Per questo tiro considerate i soldati francesi senza comandante come se
# avessero un comandante 2-4."

MARCH_TO_THE_GUNS = 108
GUNS_VIRTUAL = "2-4"


def _guns_battle(state: WellingtonState, trigger: str) -> Battle | None:
    """The battle whose round is about to be rolled (its before-dice window: the #108 reading)."""
    if trigger != battle_cards.BEFORE_DICE:          # (asked first: no stack to look through)
        return None
    battle = stack.find(state, Battle)
    if battle is None or battle.rolls:
        return None
    return battle


def _guns_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    battle = _guns_battle(state, trigger)
    if battle is None or not h.owner(power, MARCH_TO_THE_GUNS):
        return False
    probe = JoinBattle(power=power, card=MARCH_TO_THE_GUNS, duchy=battle.duchy,
                       virtual=GUNS_VIRTUAL, french_only_virtual=True)
    return interception.can_reinforce(state, probe)


def _guns_play(state: WellingtonState, frame: EventPlay) -> None:
    """interception.reinforcement: the player's side's Formations within two duchies, one
    attempt each, French leaderless soldiers under a virtual 2-4 (Allied ones may not)."""
    battle = _guns_battle(state, frame.trigger)
    assert battle is not None
    interception.reinforcement(state, frame.power, MARCH_TO_THE_GUNS, battle.duchy,
                               GUNS_VIRTUAL, french_only_virtual=True)


# --- #109 "The Duke of Damnation" (+E, AdS) -----------------------------------------------------
# "Soult può muovere per terra attraverso un numero illimitato di Ducati amici raccogliendo
# soldati e comandanti a piacere sino al suo Valore di Comando nel farlo. Può lasciare soldati e
# comandanti nel Ducato da dove inizia ma non ne può lasciare alcuno nel corso del movimento.
# Soult non può entrare in alcun Ducato dove potrebbe essere intercettato."

DUKE_OF_DAMNATION = 109
SOULT = "soult"


def _soult_move(state: WellingtonState) -> Move | None:
    """Soult's free Move as it would start (movement.SOULT), or None when he may not go."""
    if SOULT not in movement.movable_commanders(state, ADS):
        return None
    at = state.commanders[SOULT]
    move = Move(power=ADS, armies=[movement.form_army(state, SOULT, at, [])], at=at,
                start=at, free=movement.SOULT)
    return move if movement.step_destinations(state, move) else None


def _soult_playable(state: WellingtonState, power: str, trigger: str) -> bool:
    return h.own_impulse(state, power, DUKE_OF_DAMNATION, trigger) and power == ADS \
        and _soult_move(state) is not None


def _soult_play(state: WellingtonState, frame: EventPlay) -> None:
    """A free Move of Soult's Army: any number of friendly duchies where no enemy Army could
    intercept him (movement.step_destinations), taking soldiers and commanders of the Armée
    du Sud up to his CV anywhere, leaving them only where he starts (movement.may_drop); the
    movement rules otherwise stand (9.42's forced march: the #109 reading)."""
    move = _soult_move(state)
    assert move is not None
    state.log.append(f"{frame.power}: #109 \"The Duke of Damnation\": Soult moves from "
                     f"{geo.name(move.at)}.")
    stack.push(state, move)


# --- registration (on import) --------------------------------------------------------------------

cardplay.register(CONFLICTING_ORDERS, cardplay.Event(_conflicting_playable, _conflicting_play))
cardplay.register(MARCH_TO_THE_GUNS, cardplay.Event(_guns_playable, _guns_play))
cardplay.register(DUKE_OF_DAMNATION, cardplay.Event(_soult_playable, _soult_play))

cardplay.register(GERMAN_CONSCRIPTS, cardplay.Event(_german_playable, _german_play))
common.on_choice(GERMAN_CONSCRIPTS, "duchy", _german_duchy)
cardplay.register(AFRANCESADOS, cardplay.Event(_afrancesados_playable, _afrancesados_play))
common.on_choice(AFRANCESADOS, "duchy", _afrancesados_duchy)
cardplay.register(SUBSIDIES, cardplay.Event(_subsidies_playable, _subsidies_play))
common.on_choice(SUBSIDIES, "port", _subsidies_port)
common.on_step(SUBSIDIES, "draw", _subsidies_draw)
cardplay.register(INCOMPETENT_COMMISSARY, cardplay.Event(_commissary_playable,
                                                         _commissary_play))
common.on_choice(INCOMPETENT_COMMISSARY, "army", _commissary_army)
cardplay.register(PARTISANS, cardplay.Event(_partisans_playable, _partisans_play))
common.on_choice(PARTISANS, "formation", _partisans_formation)
cardplay.register(DESCENT, cardplay.Event(_descent_playable, _descent_play))
common.on_choice(DESCENT, "port", _descent_port)
common.on_step(DESCENT, "landed", _descent_landed)
cardplay.register(CAVALRY_RAID, cardplay.Event(_raid_playable, _raid_play))
common.on_choice(CAVALRY_RAID, "army", _raid_army)
common.on_choice(CAVALRY_RAID, "duchy", _raid_duchy)
cardplay.register(GUERRILLA, cardplay.Event(_guerrilla_playable, _guerrilla_play))
common.on_choice(GUERRILLA, "duchy", _guerrilla_duchy)
common.on_choice(GUERRILLA, "army", _guerrilla_army)
common.on_step(GUERRILLA, "armies", _guerrilla_cut_off)
