"""The table server: online tables kept in a database, refereed by the engine's own
``engine.online.referee.Referee``, played over one WebSocket per page (``docs/server.md``).

- ``db``: the tables of the database, the engine of SQLAlchemy for a URL, the migrations;
- ``store``: every read and write of a table, in transactions;
- ``tables``: a table's referee loaded, a message or a deadline applied, saved, told;
- ``hub``: the connections of this process, what each was sent, and the news of other
  processes (PostgreSQL ``LISTEN/NOTIFY``);
- ``push``: reminders by Web Push (VAPID);
- ``app``: the Starlette application (HTTP API, WebSocket, the site), ``__main__`` the
  command that serves it.

Nothing in ``engine/`` or ``app/`` imports this package.
"""
