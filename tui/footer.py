"""The game screen's footer: Textual's Footer, rebuilt only when the keys it shows change.

Textual's Footer removes and re-mounts all its keys whenever the screen's bindings may have
changed (the screen's activation, each change of focus), and shows no keys until the first
such change: at start-up that is three rebuilds of ~10 styled widgets, one of them before the
first frame (issue 7 part 10). This one composes its keys at once, remembers what they were
composed from (key, label, action, group, enabled, tooltip, the palette key) and rebuilds only
when that changes."""
from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey


def shown_keys(screen: Screen, palette_key: str | None) -> tuple[Any, ...]:
    """What a Footer on `screen` composes from: its shown bindings, in order."""
    bindings = screen.active_bindings
    shown = tuple((b.key, b.key_display, b.description, b.action, b.group, enabled, tooltip)
                  for _, b, enabled, tooltip in bindings.values() if b.show)
    palette = bindings.get(palette_key) if palette_key else None
    extra = (palette[1].key, palette[2], palette[3]) if palette is not None else None
    return shown, extra


def with_compact_class(widget: Widget, compact: bool) -> Widget:
    """A FooterKey of a compact footer with its class "-compact" before it is mounted: its
    `compact` watcher adds it at mount otherwise, a style pass of its own per key."""
    if compact and isinstance(widget, FooterKey):
        widget.add_class("-compact", update=False)
    return widget


class GameFooter(Footer):
    """Compact, spaced as a plain one by app.tcss (so it looks the same). Textual's FooterKey
    starts compact and a non-compact Footer then turns every key back, two style passes per
    key before the first frame; a compact one leaves them as they are."""

    _shown: tuple[Any, ...] | None = None  # what the keys on show were composed from

    def __init__(self, *args: Any, compact: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, compact=compact, **kwargs)

    def _palette_key(self) -> str | None:
        return self.app.COMMAND_PALETTE_BINDING if self.show_command_palette else None

    def compose(self) -> ComposeResult:
        # the keys from the first compose on (Textual's Footer waits for the first change of
        # bindings and then rebuilds): the focus moving to the map shows the same keys
        self._bindings_ready = True
        self._shown = shown_keys(self.screen, self._palette_key())
        for widget in super().compose():
            yield with_compact_class(widget, self.compact)

    def bindings_changed(self, screen: Screen) -> None:
        if screen is self.screen and self.is_attached and screen.app.app_focus \
                and shown_keys(screen, self._palette_key()) == self._shown:
            return
        super().bindings_changed(screen)
