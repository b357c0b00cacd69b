"""The interactive tutor: a prompt_toolkit shell over a pure command dispatcher."""
