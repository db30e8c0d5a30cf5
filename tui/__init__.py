"""Muster's terminal UI (Textual) and command line. See docs/ui.md.

Importing this package is cheap: Textual is only imported by `tui.app` and the screens.
"""
