"""`tcgsim serve`: a local web service over the workflow layer (issue 32).

config (settings and named card pools), store (SQLite job and deck records), requests (the JSON
bodies and their caps), decks (a deck checked line by line), jobs (a job checked before it is
queued), execute (a job, in a worker process), worker (the queue and the worker processes),
security (token, host, body size), app (the FastAPI routes and the page in static/).
"""
