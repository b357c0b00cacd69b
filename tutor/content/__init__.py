"""The content model: lessons, steps, puzzles and the named variants as values, and where their files are."""
