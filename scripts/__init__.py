"""Project commands written in Python (build, serve); importable from tests and bench."""
