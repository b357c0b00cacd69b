"""The interactive tutor: a prompt_toolkit shell over a pure command dispatcher, and games against the computer."""
