"""The `tcgsim` command line (app.py); each module parses one command's options, calls sim.workflows and prints."""
