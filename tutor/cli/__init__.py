"""The command line: argument parsing, every subcommand, and the last line of defence (:mod:`.main`)."""
