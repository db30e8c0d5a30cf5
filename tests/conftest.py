"""Every test runs with MUSTER_HOME in a folder of its own: a test that opens a game (the app
saves a new game at once) or lists saves never reads or writes the player's real saves.
Test files that need a known home set their own over this one."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _own_muster_home(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUSTER_HOME", str(tmp_path_factory.mktemp("muster-home")))
