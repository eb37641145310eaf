"""Online play, the pure-Python part: the messages between host and guests
(``protocol``), what each seat may know on the wire (``views``), the host's referee
(``referee``) and a guest's side of it (``guest``). No network code and no page
code: the transport hands text in and out (docs/online.md, "Protocol and referee")."""
