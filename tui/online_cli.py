"""`muster online`: play on this host's Muster server (tui/cli.py hands the command here).

    muster online [--server PATH]                   the Online screen: your games, open seats
    muster online list                              the same list, printed
    muster online open GAME                         straight into one of your games
    muster online new GAME [--scenario S] [--preset P] [--option KEY=VALUE]...
                    [--player ROLE=ACCOUNT]... [--computer ROLE[=LEVEL]]... [--open ROLE]...
                                                    create a game (roles not named are open)
                                                    and play it
    muster online join GAME ROLE                    take an open seat and play
    muster online upload PATH --player ROLE=ACCOUNT...   continue a hotseat save online
    muster online download GAME [PATH]              a finished game as an ordinary save

The server is found at --server PATH, else $MUSTER_SERVER, else the default socket; one that
cannot be reached is one line saying where it looked and how to start one (`muster serve`).
Exit codes as tui/cli.py's: 0 fine, 1 the server refused or cannot be reached, 2 bad arguments.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any, Callable

from tui import remote, session
from tui.computer import LEVEL_NAMES

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


def add_parser(commands: Any, parser_class: Any = argparse.ArgumentParser) -> None:
    """The `online` command and its own commands, on tui/cli.py's subparsers."""
    online = commands.add_parser(
        "online", help="play on this host's Muster server (each player at their own terminal)",
        description="Play online: every player at their own terminal (ssh -t HOST muster "
                    "online), on the Muster server of this host (started once with `muster "
                    "serve`). With no command: the Online screen, your games first.",
        epilog="The server is found at --server PATH, else $MUSTER_SERVER, else "
               "/tmp/muster/server.sock. A seat is an account, computer[:LEVEL] or open.")
    online.add_argument("--server", metavar="PATH",
                        help="the server's socket (default: $MUSTER_SERVER, else "
                             "/tmp/muster/server.sock)")
    sub = online.add_subparsers(dest="online_command", metavar="COMMAND",
                                parser_class=parser_class)
    sub.add_parser("list", help="print your games (waiting on you first) and the open seats")
    opened = sub.add_parser("open", help="open one of your games")
    opened.add_argument("game_id", metavar="GAME", type=int, help="the game's number")
    new = sub.add_parser("new", help="create an online game and play it",
                         epilog="Roles not named by --player, --computer or --open are open: "
                                "the first account to join takes each.")
    new.add_argument("game", metavar="GAME", help="game id, e.g. washingtons-war")
    new.add_argument("--scenario", metavar="S")
    new.add_argument("--preset", metavar="P", help="a set of options (`muster games`)")
    new.add_argument("--option", metavar="KEY=VALUE", action="append", default=[])
    new.add_argument("--player", metavar="ROLE=ACCOUNT", action="append", default=[],
                     help="the account holding ROLE; repeat for each")
    new.add_argument("--computer", metavar="ROLE[=LEVEL]", action="append", default=[],
                     help=f"the server's computer plays ROLE ({', '.join(LEVEL_NAMES)})")
    new.add_argument("--open", metavar="ROLE", action="append", default=[],
                     help="ROLE is open: the first account to join takes it")
    join = sub.add_parser("join", help="take an open seat of a game and play it")
    join.add_argument("game_id", metavar="GAME", type=int)
    join.add_argument("role", metavar="ROLE")
    upload = sub.add_parser("upload", help="continue a hotseat save online",
                            epilog="Every role of the save must be given a seat.")
    upload.add_argument("path", metavar="PATH", help="a .muster save file")
    upload.add_argument("--player", metavar="ROLE=SEAT", action="append", default=[],
                        help="who takes ROLE: an account, computer[:LEVEL] or open")
    upload.add_argument("--computer", metavar="ROLE[=LEVEL]", action="append", default=[])
    download = sub.add_parser("download", help="a finished online game as an ordinary save")
    download.add_argument("game_id", metavar="GAME", type=int)
    download.add_argument("path", metavar="PATH", nargs="?",
                          help="a file or folder (default: the saves folder)")


def main(args: argparse.Namespace, run_app: Callable[..., int]) -> int:
    command = args.online_command
    server = args.server
    if command is None:
        return run_app(start="online", online_server=server)
    if command == "open":
        return run_app(start="online", online_server=server, online_game=args.game_id)
    if command == "list":
        return _run(_list(server), server)
    if command == "new":
        seats = _seats(args.player, args.computer, args.open)
        if seats is None:
            return EXIT_USAGE
        options = _options(args)
        if options is None:
            return EXIT_USAGE
        game_id = _run(_create(server, args.game, args.scenario, options, seats), server,
                       value=True)
        if game_id <= 0:
            return EXIT_FAIL
        return run_app(start="online", online_server=server, online_game=game_id)
    if command == "join":
        game_id = _run(_join(server, args.game_id, args.role), server, value=True)
        if game_id <= 0:
            return EXIT_FAIL
        return run_app(start="online", online_server=server, online_game=game_id)
    if command == "upload":
        seats = _seats(args.player, args.computer, [])
        if seats is None:
            return EXIT_USAGE
        return _run(_upload(server, Path(args.path), seats), server)
    if command == "download":
        return _run(_download(server, args.game_id, args.path), server)
    return EXIT_USAGE  # pragma: no cover - argparse knows every command


def _seats(players: list[str], computers: list[str], opens: list[str]) -> dict[str, str] | None:
    """role -> seat from --player ROLE=ACCOUNT, --computer ROLE[=LEVEL], --open ROLE; None
    (after one line) for a bad one or a role given twice."""
    seats: dict[str, str] = {}

    def put(role: str, seat: str, item: str) -> bool:
        role = role.strip()
        if not role:
            _say(f"bad seat {item!r}: name the role")
            return False
        if role in seats and seats[role] != seat:
            _say(f"{role} is given twice ({seats[role]} and {seat})")
            return False
        seats[role] = seat
        return True

    for item in players:
        role, sep, who = item.partition("=")
        if not sep or not who.strip():
            _say(f"bad player {item!r}: write it as ROLE=ACCOUNT")
            return None
        if not put(role, who.strip(), item):
            return None
    for item in computers:
        role, sep, level = item.partition("=")
        if sep and not level.strip():
            _say(f"bad computer {item!r}: write it as ROLE or ROLE=LEVEL")
            return None
        if not put(role, f"computer:{level.strip()}" if sep else "computer", item):
            return None
    for role in opens:
        if not put(role, "open", role):
            return None
    return seats


def _options(args: argparse.Namespace) -> dict[str, Any] | None:
    options: dict[str, Any] = {}
    if args.preset:
        try:
            rules = session.get_rules(args.game)
        except KeyError:
            options = {}  # the server names the unknown game
        else:
            preset = next((p for p in session.presets_of(rules) if p.key == args.preset), None)
            if preset is None:
                known = ", ".join(p.key for p in session.presets_of(rules)) or "none"
                _say(f"unknown preset {args.preset!r} for {args.game} (presets: {known})")
                return None
            options.update(preset.options)
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            _say(f"bad option {item!r}: write it as KEY=VALUE")
            return None
        options[key.strip()] = value.strip()
    return options


def _say(message: str) -> None:
    print(f"muster: {message}", file=sys.stderr)


def _run(job: Any, server: str | None, value: bool = False) -> int:
    """Run one conversation with the server; its problems are one line on stderr (exit 1;
    -1 when `value`: the job returns a game's number)."""
    from online.client import OnlineError

    try:
        return asyncio.run(job)
    except OnlineError as exc:
        _say(_line(exc, server))
    except OSError as exc:  # the save to upload or the file to write
        _say(f"{exc.filename or 'the file'}: {exc.strerror or exc}")
    return -1 if value else EXIT_FAIL


def _line(exc: Exception, server: str | None) -> str:
    from online.client import NoServer, ServerError

    if isinstance(exc, NoServer):
        return remote.unreachable(exc, server)
    if isinstance(exc, ServerError):
        return remote.refusal_text(exc)
    return str(exc)


async def _connect(server: str | None) -> Any:
    from online.client import Connection

    return await Connection.open(server)


async def _list(server: str | None) -> int:
    seats_text, state_text = remote.seats_text, remote.state_text
    conn = await _connect(server)
    try:
        listing = await conn.list_games()
    finally:
        await conn.close()
    print(f"Server {conn.path} run by {conn.server_account or '?'}; you are {conn.account}.")
    if not listing.games:
        print("No games of yours yet: muster online new GAME creates one.")
    for info in listing.games:
        others = seats_text(info, conn.account)
        print(f"  #{info.game_id}  {info.title} {info.scenario}  {state_text(info)[0]}"
              + (f"  · {others}" if others else ""))
    if listing.open:
        print("Open seats (muster online join GAME ROLE):")
        for info in listing.open:
            seats = ", ".join(r for r, s in info.seats.items() if s == "open")
            print(f"  #{info.game_id}  {info.title} {info.scenario}  open: {seats}")
    return EXIT_OK


async def _create(server: str | None, game: str, scenario: str | None,
                  options: dict[str, Any], seats: dict[str, str]) -> int:
    conn = await _connect(server)
    try:
        info = await conn.create_game(game, seats=seats, scenario=scenario, options=options)
    finally:
        await conn.close()
    print(f"Created online game #{info.game_id}: {info.title} {info.scenario}.")
    if info.status == "waiting":
        print(f"It starts once its open seats are taken (muster online join {info.game_id} "
              "ROLE).")
    return info.game_id


async def _join(server: str | None, game_id: int, role: str) -> int:
    conn = await _connect(server)
    try:
        info = await conn.join(game_id, role)
    finally:
        await conn.close()
    print(f"You hold {role} in online game #{info.game_id}.")
    return info.game_id


async def _upload(server: str | None, path: Path, seats: dict[str, str]) -> int:
    conn = await _connect(server)
    try:
        info = await conn.upload(path, seats=seats)
    finally:
        await conn.close()
    print(f"{path.name} continues as online game #{info.game_id} ({info.title} "
          f"{info.scenario}); muster online open {info.game_id} plays it.")
    return EXIT_OK


async def _download(server: str | None, game_id: int, path: str | None) -> int:
    target = Path(path) if path else session.saves_dir()
    if not path:
        target.mkdir(parents=True, exist_ok=True)
    conn = await _connect(server)
    try:
        written = await conn.download_to(game_id, target)
    finally:
        await conn.close()
    print(f"Online game #{game_id} saved as {written} (muster replay {written} steps through "
          "it).")
    return EXIT_OK
