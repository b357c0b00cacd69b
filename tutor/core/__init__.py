"""The rules core: cards, variants, positions, moves, notation, legality, scoring, rounds and the solver; no I/O."""
