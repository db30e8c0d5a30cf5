"""Board data files and the loaders that turn them into networkx graphs.

``maps.board`` is the generic point-to-point model and TOML loader; each title has a data file and a
small module (e.g. ``maps.a_house_divided``) that loads it with the game's own validation.
"""
