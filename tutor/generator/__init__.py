"""The puzzle generator: puzzles mined from seeded random deals, proved by the solver (docs/generator.md)."""
