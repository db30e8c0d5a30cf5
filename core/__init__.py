"""Muster's rules core: the engine contract, the PRNG, the registry and one package per game."""
