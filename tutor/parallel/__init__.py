"""Long work over the machine's cores: helpers sharing one search, a pool of many tasks, a worker in the background.

Forked helpers share one long exact search (given to the solver as a ``Share``, :mod:`.workers`); a pool runs many
independent tasks, games say (:mod:`.pool`); and one worker process does work while the learner plays on
(:func:`.pool.background`).
"""
