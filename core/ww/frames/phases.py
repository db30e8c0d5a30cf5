"""Frames of core/ww/phases (see core/ww/frames/__init__.py)."""
from __future__ import annotations

FRAMES: tuple[type, ...] = ()
