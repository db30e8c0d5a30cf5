"""Online play: the Muster server and its client (docs/online.md; ../shared/DESIGN.md
"Online play"). Imports core/ and saves/, never tui/.

    protocol.py   the messages (msgspec Structs) and their length-prefixed frames
    paths.py      where the server listens (socket) and keeps its games (database)
    host.py       who a connection is (SO_PEERCRED -> account)
    command.py    the words of `muster serve`
    seats.py      who plays a role, as text (an account, the computer, an open seat)
    store.py      SQLite: games, seats, actions
    games.py      the games in memory and the rules of who may do what (undo, stale acts)
    server.py     the asyncio UNIX-socket server (`muster serve`)
    computer.py   the computer seats' searches, in worker processes
    client.py     the asyncio client library the app uses
"""
