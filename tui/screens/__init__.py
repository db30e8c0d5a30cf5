"""The app's screens, one module each: title, new game, load, game, help, hand-off, dialogs."""
