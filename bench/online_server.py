"""The Muster server as bench/online.py starts it for a game whose seats need two accounts
(Wellington: one account may not hold enemy Powers, 2.1): the product's `online.server.serve`,
with the connections named as the test suite names them (tests/support/online.py: each client
socket bound to an abstract address that carries its account) instead of by their peer
credentials, since the bench runs as one OS account. Never the product: `muster serve` has no
such switch.

    python -m bench.online_server --socket PATH --db PATH
"""
from __future__ import annotations

import asyncio
import sys

from online.server import build_parser, serve
from tests.support.online import identify_test_connection


def main(argv: list[str] | None = None) -> int:
    args = build_parser("python -m bench.online_server").parse_args(argv)
    return asyncio.run(serve(args.socket, args.db, identify=identify_test_connection,
                             account_exists=lambda name: True))


if __name__ == "__main__":
    sys.exit(main())
