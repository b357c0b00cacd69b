"""Computer players: what a seat may know, the levels of play, and games between players.

Built on the rules core only: nothing here reads files, renders text or
talks to the shell.
"""
