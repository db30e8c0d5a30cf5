"""Frames of core/ww/events (see core/ww/frames/__init__.py)."""
from __future__ import annotations

FRAMES: tuple[type, ...] = ()
