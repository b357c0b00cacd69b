"""Teaching: a typed answer judged (the coach), computed answers, line and personal puzzles, and the proofs behind ``check``."""
