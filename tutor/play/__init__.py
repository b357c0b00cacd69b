"""Computer players: what a seat may know, the levels, games between players, the arena, the advisor and the review.

Built on the rules core only: nothing here reads files, renders text or
talks to the shell; the ``cassino-tutor arena`` command line that writes the
arena's records is :mod:`tutor.cli.arena`.
"""
