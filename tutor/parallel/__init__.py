"""Long work shared over the machine's cores by forked helper processes (given to the solver as a ``Share``)."""
