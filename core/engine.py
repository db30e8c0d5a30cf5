"""The contract every game is built against (see ../shared/DESIGN.md, "The rules engine").

A game is a state machine over a serialisable `State`: it stops at states that ask one role
for a choice, each choice is an `Action`, and `Rules.act` runs the consequences up to the next
stop. `Match` wraps one game in progress with its history, undo stack and header; tests, the
terminal UI, the saves and the benchmarks all drive games through it.
"""
from __future__ import annotations

import threading
from typing import Any, Callable, ClassVar, Iterable, Protocol, get_type_hints, runtime_checkable

import msgspec
import msgspec.inspect as mi

Options = dict[str, Any]


class IllegalAction(Exception):
    """An action that is not legal now. The state it was offered to is left untouched."""


class Action(msgspec.Struct, frozen=True, array_like=True):
    """One choice: `Action("space", "boston")`, `Action("card", 17)`, `Action("pass", None)`."""

    verb: str
    noun: str | int | None = None

    def __str__(self) -> str:
        return self.verb if self.noun is None else f"{self.verb} {self.noun}"


class Token(msgspec.Struct):
    """A piece or marker as a player sees it."""

    id: str
    kind: str
    side: str
    label: str
    strength: int | None = None
    flags: list[str] = []


class Card(msgspec.Struct):
    """A card as its holder sees it."""

    id: int
    name: str
    value: int | None
    text: str
    tags: list[str] = []


class Choice(msgspec.Struct, frozen=True, gc=False):
    """A legal action with its human label; `group` sorts the action menu. (Not tracked by
    the garbage collector: it holds only strings and an Action, so it is never in a cycle;
    many are made at every decision.) Frozen: a game may build its choices once and hand the
    same ones out at every decision (Gettysburg's are cached), so nobody may change one."""

    action: Action
    label: str
    group: str = ""
    ends_turn: bool = False        # taking it hands the game to another player (UI marks it)
    # a convenience for people: what it leads to is also reached by the other choices one
    # step at a time (choosing several pieces to move together); the computer leaves it out
    shortcut: bool = False


class Panel(msgspec.Struct):
    """What is being resolved right now (a battle, a siege, a card play), shown prominently."""

    title: str                     # "Battle of Fredericksburg — round 2, day 1"
    rows: list[list[str]]          # e.g. each side's pieces: type, strength, marks
    notes: list[str] = []          # each die or shot: what it needs, every modifier named
    where: str = ""                # the location id it happens at ("" if none): the map marks it


class View(msgspec.Struct):
    """What one role (or a spectator, role None) may see. The UI renders only views."""

    game: str
    scenario: str
    role: str | None
    active: list[str]
    prompt: str
    actions: list[Choice]
    board: dict[str, list[Token]]
    boxes: dict[str, list[Token]]
    control: dict[str, str]
    tracks: dict[str, int | str]
    hand: list[Card] | None
    hand_sizes: dict[str, int]
    log: list[str]
    result: str | None
    pinned: list[str] = []         # keys of `tracks` the UI must always show
    focus: Panel | None = None     # the battle, siege, card play or combat being resolved
    piles: dict[str, list[Card]] = {}  # face-up card piles: discard, removed, in play...


class OptionSpec(msgspec.Struct, frozen=True):
    """One option a game offers at New Game (`muster new --option KEY=VALUE`)."""

    key: str
    label: str
    default: bool | int | str
    help: str = ""
    choices: tuple[str, ...] = ()
    balance: str = ""  # e.g. "neutral", "pro-Union", "pro-Confederate"


class Preset(msgspec.Struct, frozen=True):
    """A named set of options offered at New Game (`muster new --preset KEY`)."""

    key: str
    label: str
    options: dict[str, Any]
    help: str = ""


def presets_of(rules: "Rules") -> list[Preset]:
    """The presets a game offers (games without any have an empty list)."""
    presets = getattr(rules, "presets", None)
    return list(presets()) if presets is not None else []


def preset_options(rules: "Rules", key: str) -> dict[str, Any]:
    """The options of preset `key`; ValueError naming the known presets."""
    known = presets_of(rules)
    for preset in known:
        if preset.key == key:
            return dict(preset.options)
    names = ", ".join(p.key for p in known) or "none"
    raise ValueError(f"unknown preset {key!r} for {rules.id} (known: {names})")


class Header(msgspec.Struct, frozen=True):
    """What identifies a game: rebuilt exactly by `Match.replay(rules, header, history)`."""

    game: str
    rules_version: str
    scenario: str
    options: dict[str, Any]
    seed: int


class State(msgspec.Struct, kw_only=True):
    """Base of every game's state. Subclasses add the board, pieces, phase stack..."""

    game: str
    scenario: str
    options: dict[str, Any] = {}
    rng: int = 0
    active: list[str] = []
    log: list[str] = []
    result: str | None = None
    reveals: int = 0  # bumped whenever hidden information is revealed (an undo barrier)


@runtime_checkable
class Rules(Protocol):
    id: str
    title: str
    version: str
    state_type: ClassVar[type[State]] | type[State]
    hidden_info: bool

    def scenarios(self) -> list[str]: ...

    def roles(self, scenario: str, options: Options) -> list[str]: ...

    def option_specs(self) -> list[OptionSpec]: ...

    def setup(self, seed: int, scenario: str, options: Options) -> State: ...

    def view(self, state: State, role: str | None) -> View: ...

    def actions(self, state: State, role: str) -> list[Choice]: ...

    def act(self, state: State, role: str, action: Action,
            legal: list[Choice] | None = None) -> State: ...
    # `legal`: the list `actions(state, role)` returned for this very state, when the caller
    # has it (a playout, a computer player): act may check membership in it instead of
    # listing the legal actions again. Anything not in it is still refused.

    # Optional: `check_players(options, players) -> None`, ValueError when the players (every
    # role -> its player, as Match.players) contradict the options (Wellington's split, 2.1);
    # Match.new calls it before the set-up.

    # Optional: `apply(state, role, action) -> None`, the same consequences as `act` carried
    # out on `state` itself, for an action already found legal (in the list `actions` returned
    # for this very state). Match uses it when it acts in place (`Match.in_place`).


# --- state copies -----------------------------------------------------------------------

_SCALARS = (mi.IntType, mi.StrType, mi.BoolType, mi.FloatType, mi.NoneType, mi.LiteralType,
            mi.EnumType)
_IMMUTABLE = (int, str, bool, float, type(None))
_copiers: dict[type, Callable[[Any], Any]] = {}
_building: dict[type, Callable[[Any], Any]] = {}  # copiers being derived (the lock held)
_copier_lock = threading.RLock()


def _copier_for(info: mi.Type) -> Callable[[Any], Any] | None:
    """A function deep-copying values of this type; None when the value is immutable."""
    if isinstance(info, mi.Metadata):  # Annotated[...]: copied as the type it annotates
        info = info.type
    if isinstance(info, _SCALARS):
        return None
    if isinstance(info, mi.UnionType):
        parts = [_copier_for(t) for t in info.types]
        real = [c for c in parts if c is not None]
        if not real:
            return None
        if len(real) == 1:  # e.g. `Battle | None`: copy the mutable alternative only
            only = real[0]
            if only is _deep:
                return _deep
            return lambda v: v if isinstance(v, _IMMUTABLE) else only(v)
        if all(isinstance(t, (mi.StructType, mi.NoneType)) for t in info.types):
            # a tagged union of Structs (a decision stack's frames): copy by the value's type
            return _copy_by_type
        return _deep
    if isinstance(info, mi.TupleType):  # a fixed-length tuple: immutable if its items are
        return None if all(_copier_for(t) is None for t in info.item_types) else _deep
    if isinstance(info, (mi.ListType, mi.SetType, mi.FrozenSetType, mi.VarTupleType)):
        item = _copier_for(info.item_type)
        make = {mi.ListType: list, mi.SetType: set, mi.FrozenSetType: frozenset,
                mi.VarTupleType: tuple}[type(info)]
        if item is None:
            return make
        if item is _deep:
            return _deep
        if make is list and item is _copy_by_type:
            return copy_structs
        if make is list:
            return lambda v: [item(x) for x in v] if v else []
        return lambda v: make(item(x) for x in v)
    if isinstance(info, mi.DictType):
        key, value = _copier_for(info.key_type), _copier_for(info.value_type)
        if key is None and value is None:
            return dict
        if key is None and value is not _deep:  # e.g. dict[str, Army]: each value copied
            return lambda v: {k: value(x) for k, x in v.items()}
        return _deep
    if isinstance(info, mi.StructType):
        if info.cls.__struct_config__.frozen and all(
                _copier_for(f.type) is None for f in info.fields):
            return None  # e.g. a game's typed options: never changed, shared by every copy
        return struct_copier(info.cls)
    return _deep


def _copy_by_type(value: Any) -> Any:
    """A Struct of any type (or None), copied by the copier of its own type."""
    if value is None:
        return None
    copier = _copiers.get(type(value))
    return (copier or struct_copier(type(value)))(value)


def copy_structs(values: list[Any]) -> list[Any]:
    """A list of Structs of several types (or None), each copied by the copier of its type:
    `_copy_by_type` over a list (a decision stack), without a call per item."""
    return [value if value is None
            else (_copiers.get(type(value)) or struct_copier(type(value)))(value)
            for value in values]


def _deep(value: Any) -> Any:
    """Fallback for types the fast path does not know: a msgpack round trip. It stands for
    "copy this field by a round trip": `struct_copier` replaces it by `_deep_as` with the
    field's declared type (decoding as `type(value)` would turn a `dict[str, Army]`'s Armies
    into plain dicts), so a composite holding it is copied whole that way too."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(value), type=type(value))


def _deep_as(annotation: Any) -> Callable[[Any], Any]:
    """A msgpack round trip decoding as `annotation` (a field's declared type)."""
    decoder = msgspec.msgpack.Decoder(annotation)
    encode = msgspec.msgpack.encode
    return lambda value: decoder.decode(encode(value))


def struct_copier(kind: type) -> Callable[[Any], Any]:
    """A deep-copy function for a msgspec Struct type, derived once from its field types.

    Thread-safe: copiers are derived under a lock and published only when whole, so a thread
    copying states (the UI, the online server) while another derives a copier (the computer
    thinking in a worker thread) never meets one half made."""
    copier = _copiers.get(kind)
    if copier is not None:
        return copier
    with _copier_lock:
        copier = _copiers.get(kind) or _building.get(kind)
        if copier is not None:  # derived meanwhile, or a type containing itself
            return copier
        # a type may contain itself: its copier calls the finished one, once published
        _building[kind] = lambda v: (_copiers.get(kind) or struct_copier(kind))(v)
        try:
            copier = derive_copier(kind)
        finally:
            del _building[kind]
        _copiers[kind] = copier
        return copier


def derive_copier(kind: type) -> Callable[[Any], Any]:
    """The deep-copy function of Struct type `kind` worked out from its field types (what
    `struct_copier` publishes; a game's own copier that adds what its state keeps outside its
    fields may start from it, `use_copier`)."""
    info = mi.type_info(kind)
    fields = [(f.name, c) for f in info.fields if (c := _copier_for(f.type)) is not None]
    if any(c is _deep for _, c in fields):
        hints = get_type_hints(kind, include_extras=True)
        fields = [(name, _deep_as(hints[name]) if c is _deep else c) for name, c in fields]
    if not fields:  # only immutable fields: a shallow copy is a deep copy
        return kind.__copy__

    def copy_struct(value: Any) -> Any:
        new = value.__copy__()
        for name, field_copier in fields:
            setattr(new, name, field_copier(getattr(value, name)))
        return new

    return copy_struct


def use_copier(kind: type, copier: Callable[[Any], Any]) -> None:
    """Copy values of Struct type `kind` with `copier` instead of the copier derived from its
    field types: for a game state copied at every action, written out field by field (faster),
    with what the state keeps outside its fields. It must copy every mutable field: a game's
    tests check it against the derived copier (see tests/test_ahd_speed.py)."""
    _copiers[kind] = copier


def clone(state: State) -> State:
    """A deep copy of a state: mutable parts copied, immutable values shared."""
    return (_copiers.get(type(state)) or struct_copier(type(state)))(state)


# --- options ----------------------------------------------------------------------------

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def normalize_options(rules: Rules, options: Options | None) -> dict[str, Any]:
    """Fill defaults and type-check options. Strings from the command line are converted.

    Raises ValueError naming the bad key or value.
    """
    specs = {spec.key: spec for spec in rules.option_specs()}
    given = dict(options or {})
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(sorted(specs)) or "none"
        raise ValueError(f"unknown option {unknown[0]!r} for {rules.id} (known: {known})")
    result: dict[str, Any] = {}
    for key, spec in specs.items():
        value = given.get(key, spec.default)
        result[key] = _convert_option(spec, value)
    return result


def _convert_option(spec: OptionSpec, value: Any) -> bool | int | str:
    if isinstance(spec.default, bool):
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise ValueError(f"option {spec.key} takes true or false, not {value!r}")
    if isinstance(spec.default, int):
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ValueError(f"option {spec.key} takes a whole number, not {value!r}") from None
    text = str(value)
    if spec.choices and text not in spec.choices:
        raise ValueError(f"option {spec.key} takes one of {', '.join(spec.choices)}, not {text!r}")
    return text


def as_action(action: Action | tuple | list) -> Action:
    """Accept `Action`, `(verb, noun)` or `[verb, noun]`."""
    if isinstance(action, Action):
        return action
    if isinstance(action, (tuple, list)) and 1 <= len(action) <= 2:
        return Action(*action)
    raise IllegalAction(f"not an action: {action!r}")


def check_legal(choices: Iterable[Choice], action: Action) -> Choice:
    """The choice matching `action`, or IllegalAction with a one-line reason."""
    for choice in choices:
        if choice.action == action:
            return choice
    raise IllegalAction(f"{action} is not a legal action now")


# --- a game in progress -----------------------------------------------------------------


class Match:
    """One game in progress: rules + state + history + undo stack + header + players."""

    COMPUTER: ClassVar[str] = "computer"  # the player of a role the computer plays

    def __init__(self, rules: Rules, header: Header, state: State,
                 history: list[tuple[str, Action]] | None = None,
                 players: dict[str, str] | None = None) -> None:
        self.rules = rules
        self.header = header
        self.state = state
        self.history: list[tuple[str, Action]] = list(history or [])
        self._undo: list[tuple[State, int]] = []
        # whether act keeps the states undo goes back to: a random playout, which never undoes,
        # turns it off and each state is dropped as soon as the next one replaces it
        self.keeps_undo = True
        # whether act may change the state itself instead of making the next one (only when no
        # undo is kept, for an action `actions` listed, and when the rules have `apply`): for a
        # random playout whose states nobody keeps. Then `state` stays the same object.
        self.in_place = False
        self._apply: Callable[[State, str, Action], None] | None = getattr(rules, "apply", None)
        # the last list actions() returned: (state, role, choices, the choices as listed: they
        # are frozen, so the tuple keeps their actions even if the list is edited since)
        self._listed: tuple[State, str, list[Choice], tuple[Choice, ...]] | None = None
        # role -> who plays it: a display name or COMPUTER; saved with the game, not rules
        self.players: dict[str, str] = self.players_for(self.roles, players)

    @staticmethod
    def players_for(roles: list[str], players: dict[str, str] | None) -> dict[str, str]:
        """Every role -> its player: the names given, else the role's own name (its default).

        One player may hold several roles. ValueError naming an unknown role or an empty name.
        """
        result = {role: role for role in roles}
        for role, name in (players or {}).items():
            if role not in result:
                raise ValueError(f"unknown role {role!r} (roles: {', '.join(roles)})")
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"the player of {role} needs a name (or {Match.COMPUTER!r})")
            result[role] = name.strip()
        return result

    @staticmethod
    def seated(rules: Rules, scenario: str, options: Options,
               players: dict[str, str]) -> dict[str, str]:
        """`players` (every role -> its player) with the game's seats filled in: when the
        rules seat one player on several roles (`rules.seats(scenario, options)`, Wellington's
        `players` split, 2.1), the roles of a seat left to their default player (the role's
        own name) get the seat's player: the name (or the computer) given to another role of
        the seat, else the roles joined by "+" ("GB+Spain", as New Game names it). So a
        2-player Wellington with no names is two people, not four. Used by the hotseat app
        (`tui.session.new_match`) and the saves' loading; `Match.new` leaves the players
        as given (a server's open seats are named by their roles until someone sits)."""
        seats = getattr(rules, "seats", None)
        if seats is None:
            return players
        result = dict(players)
        for seat in seats(scenario, dict(options)):
            if len(seat) < 2:
                continue
            given = [result[role] for role in seat if result.get(role, role) != role]
            player = given[0] if given else "+".join(seat)
            for role in seat:
                if result.get(role, role) == role:
                    result[role] = player
        return result

    def player_of(self, role: str) -> str:
        """Who plays `role`: a name or "computer". ValueError for a role not in the game."""
        player = self.players.get(role)
        if player is not None:
            return player
        if role in self.roles:  # `players` was replaced by a mapping missing this role
            return role
        raise ValueError(f"unknown role {role!r} (roles: {', '.join(self.roles)})")

    def roles_of(self, player: str) -> list[str]:
        """The roles `player` holds, in the game's order (empty for a stranger)."""
        return [role for role in self.roles if self.player_of(role) == player]

    @classmethod
    def new(cls, rules: Rules, seed: int = 0, scenario: str | None = None,
            options: Options | None = None,
            players: dict[str, str] | None = None) -> "Match":
        scenarios = rules.scenarios()
        if scenario is None:
            scenario = scenarios[0]
        elif scenario not in scenarios:
            raise ValueError(f"unknown scenario {scenario!r} for {rules.id} "
                             f"(known: {', '.join(scenarios)})")
        opts = normalize_options(rules, options)
        header = Header(game=rules.id, rules_version=rules.version, scenario=scenario,
                        options=opts, seed=int(seed))
        chosen = cls.players_for(rules.roles(scenario, opts), players)  # refused before setup
        check_players = getattr(rules, "check_players", None)  # optional: the game's seating
        if check_players is not None:
            check_players(opts, chosen)
        return cls(rules, header, rules.setup(int(seed), scenario, opts), players=chosen)

    @classmethod
    def replay(cls, rules: Rules, header: Header,
               history: Iterable[tuple[str, Action] | list],
               players: dict[str, str] | None = None) -> "Match":
        """Rebuild a game from its header and actions; the undo stack starts empty."""
        match = cls(rules, header, rules.setup(header.seed, header.scenario, dict(header.options)),
                    players=players)
        for role, action in history:
            match.act(role, as_action(action))
        match._undo.clear()
        return match

    @property
    def roles(self) -> list[str]:
        return self.rules.roles(self.header.scenario, dict(self.header.options))

    @property
    def hidden_info(self) -> bool:
        """Whether this game's roles see different things: `rules.hidden_info`, or, for a game
        where an option decides (Gettysburg's fog of war), `rules.hides_information(options)`.
        The UI hides the screen between players and the computer deals what it cannot see
        when this is true."""
        decide = getattr(self.rules, "hides_information", None)
        if decide is not None:
            return bool(decide(dict(self.header.options)))
        return bool(getattr(self.rules, "hidden_info", False))

    @property
    def active(self) -> list[str]:
        return list(self.state.active)

    @property
    def result(self) -> str | None:
        return self.state.result

    def view(self, role: str | None) -> View:
        return self.rules.view(self.state, role)

    def actions(self, role: str) -> list[Choice]:
        """The legal actions of `role` now (the same list as `view(role).actions`)."""
        if self.state.result is not None or role not in self.state.active:
            return []
        choices = self.rules.actions(self.state, role)
        self._listed = (self.state, role, choices, tuple(choices))  # one copy, no loop
        return choices

    def act(self, role: str, action: Action | tuple | list,
            legal: list[Choice] | None = None) -> None:
        """Take an action. Refused actions raise IllegalAction and change nothing.

        `legal`, optional: the very list `actions(role)` last returned, for a caller that chose
        from it; it spares the rules listing the legal actions a second time. Any other list
        (a copy, a view's actions, a forged one) is ignored: the rules then check by themselves.
        """
        if not isinstance(action, Action):
            action = as_action(action)
        self._check_turn(role)
        vouched = legal is not None and self._vouched(role, action, legal)
        self._carry_out(role, action, legal if vouched else None)

    def take(self, role: str, choices: list[Choice], index: int) -> Action:
        """Take the `index`-th of `choices`, the very list `actions(role)` last returned for
        this state, and return its action: for a caller that picks by position (a random
        playout, a computer player). The choice is read from the list as it was returned (a
        list edited since cannot smuggle an action in), so the rules need not check it again.
        Any other list raises ValueError; an index out of range, IndexError."""
        listed = self._listed
        state = self.state
        if listed is None or choices is not listed[2] or state is not listed[0] or (
                role != listed[1]):
            raise ValueError("take() needs the list actions(role) returned for this state")
        action = listed[3][index].action
        if self.in_place and not self.keeps_undo and self._apply is not None:
            # (`actions` listed it, so the game goes on and `role` is to act)
            self._listed = None  # the listed state is changing: its list goes with it
            if self._undo:
                self._undo.clear()
            self._apply(state, role, action)
            self.history.append((role, action))
            return action
        self._check_turn(role)
        self._carry_out(role, action, choices if self._unedited(choices) else None)
        return action

    def _check_turn(self, role: str) -> None:
        if self.state.result is not None:
            raise IllegalAction("the game is over")
        if role not in self.state.active:
            raise IllegalAction(f"it is not {role}'s turn to act")

    def _carry_out(self, role: str, action: Action, legal: list[Choice] | None) -> None:
        """The state after `action`, kept with the history and undo. `legal`: the list
        `actions(role)` returned for this state, when `action` is known to be in it."""
        before = self.state
        if legal is not None and self.in_place and not self.keeps_undo and (
                self._apply is not None):
            self._listed = None  # the listed state is changing: its list goes with it
            self._undo.clear()
            self._apply(before, role, action)
            self.history.append((role, action))
            return
        if legal is not None:
            after = self.rules.act(before, role, action, legal=legal)
        else:
            after = self.rules.act(before, role, action)
        if (not self.keeps_undo or after.rng != before.rng or after.active != before.active
                or after.reveals != before.reveals or after.result is not None):
            self._undo.clear()  # dice, draws, reveals and hand-overs cannot be taken back
        else:
            self._undo.append((before, len(self.history)))
        self.state = after
        self.history.append((role, action))

    def _vouched(self, role: str, action: Action, legal: list[Choice]) -> bool:
        """Whether `legal` is the list `actions(role)` returned for this very state and
        `action` was in it as listed (the actions are frozen when listed, so a list or choice
        edited since cannot smuggle an action in)."""
        listed = self._listed
        return (listed is not None and legal is listed[2] and self.state is listed[0]
                and role == listed[1] and self._unedited(legal)
                and any(choice.action == action for choice in listed[3]))

    def _unedited(self, choices: list[Choice]) -> bool:
        """Whether `choices` still holds the very choices `actions` listed (none replaced,
        added or taken out since): then the rules may check an action against it."""
        listed = self._listed
        return listed is not None and len(choices) == len(listed[3]) and all(
            mine is theirs for mine, theirs in zip(choices, listed[3]))

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def undoable_states(self) -> list[State]:
        """The states before each action that undo could still take back (since the last die,
        draw, reveal or hand-over), oldest first."""
        return [state for state, _ in self._undo]

    @property
    def undo_base(self) -> tuple[State, int] | None:
        """(the oldest state undo can go back to, the length of the history then), or None
        when there is nothing to undo: with the history's tail after it, what a save keeps
        so that undo survives quitting (`restore_undo`)."""
        return self._undo[0] if self._undo else None

    def restore_undo(self, base: State, start: int) -> bool:
        """Rebuild the undo stack from `base`, the state before action `start` of the
        history (a save's `undo_base`): the actions after it are carried out again from it,
        each one that undo could take back. Kept only if every one of them is undoable and
        they arrive at this match's state exactly (the same encoding); otherwise the stack
        stays as it was and False is returned."""
        if not 0 <= start < len(self.history) or base.game != self.state.game:
            return False
        stack: list[tuple[State, int]] = []
        state = base
        try:
            for index in range(start, len(self.history)):
                role, action = self.history[index]
                after = self.rules.act(state, role, action)
                if (after.rng != state.rng or after.active != state.active
                        or after.reveals != state.reveals or after.result is not None):
                    return False  # a barrier inside the tail: not a stack undo could have kept
                stack.append((state, index))
                state = after
        except IllegalAction:
            return False
        if msgspec.json.encode(state) != msgspec.json.encode(self.state):
            return False
        self._undo = stack
        return True

    def undo(self) -> None:
        """Take back the last action, back to the last die roll, draw, reveal or hand-over."""
        if not self._undo:
            raise IllegalAction("nothing to undo since the last die roll or change of player")
        self.state, length = self._undo.pop()
        del self.history[length:]
