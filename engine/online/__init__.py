"""Online play, the pure-Python part: the messages between host and guests
(``protocol``, ``schema``), what each seat may know on the wire (``views``), the
host's referee (``referee``) and a guest's side of it (``guest``).

No network code and no page code: a transport hands text in and out
(docs/online.md, "Protocol and referee"). It lives in the engine so that a host's
page and a table server run the same referee.
"""
