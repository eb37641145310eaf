"""The invitation codec: what an invite link's fragment says of the table it leads to
(whose table, its rules, the time per move), written from the lobby and read back,
checked, on the join form's page.

The guest's page knows nothing of the table before it sits down, and the fragment goes
to no server; a link is input like any other, so a fragment that does not fit reads as
no invitation at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.i18n import life_word, preset_name
from app.online.words import tr
from engine import PRESETS, bounds
from engine.online.protocol import MOVE_TIMES, ProtocolError, clean_name


@dataclass(frozen=True)
class Invitation:
    """Whose table an invite link leads to and its rules, as the link's fragment says
    (``#by=NAME&game=PRESET&lives=N&mistery=1&luegen=1&time=SECONDS``): the guest's page
    knows nothing of the table before it sits down, and the fragment goes to no server.
    The lobby, once seated, shows what the host's page says."""

    host: str
    game: str  # a preset's name, or "custom"
    lives: int
    mistery: bool
    luegen: bool
    move_time: int


def invitation_fragment(body: Mapping[str, Any]) -> str:
    """The fragment an invite link carries, from the table's ``lobby`` body (seat 0 is
    the host's, or a table server's creator's), "" without a name at seat 0.

    >>> invitation_fragment({"seats": [{"seat": 0, "name": "Hana Ö"}], "preset": "knack",
    ...     "rules": {"lives": 3, "mistery": True, "luegen": False}, "move_time": 60})
    '#by=Hana%20%C3%96&game=knack&lives=3&mistery=1&luegen=0&time=60'
    """
    from urllib.parse import quote

    seats = body.get("seats") or ()
    name = str(seats[0].get("name") or "") if seats else ""
    if not name:
        return ""
    rules = body.get("rules") or {}
    fields = {
        "by": name,
        "game": str(body.get("preset") or "custom"),
        "lives": str(rules.get("lives", 3)),
        "mistery": "1" if rules.get("mistery") else "0",
        "luegen": "1" if rules.get("luegen") else "0",
        "time": str(body.get("move_time", 0)),
    }
    return "#" + "&".join(f"{k}={quote(v, safe='')}" for k, v in fields.items())


def read_invitation(fields: Mapping[str, str]) -> Invitation | None:
    """The fragment's fields (``app.url.parse_query``) as an Invitation, checked as the
    wire's are (``protocol.clean_name``, ``engine.bounds.LIVES``, the presets, the move
    times); None when one does not fit: a link is input like any other.

    >>> read_invitation({"by": "Hana", "game": "knack", "lives": "3", "time": "60"})
    Invitation(host='Hana', game='knack', lives=3, mistery=False, luegen=False, move_time=60)
    >>> read_invitation({"by": "Hana", "lives": "99"}), read_invitation({"game": "knack"})
    (None, None)
    """
    try:
        host = clean_name(fields.get("by"))
    except ProtocolError:
        return None
    game = fields.get("game", "custom")
    lives, time = fields.get("lives", "3"), fields.get("time", "0")
    if game not in (*PRESETS, "custom") or not (lives.isdigit() and time.isdigit()):
        return None
    if int(lives) not in bounds.LIVES or int(time) not in MOVE_TIMES:
        return None
    flag = {"1": True, "0": False}
    mistery, luegen = flag.get(fields.get("mistery", "0")), flag.get(fields.get("luegen", "0"))
    if mistery is None or luegen is None:
        return None
    return Invitation(host, game, int(lives), mistery, luegen, int(time))


def invitation_line(invitation: Invitation, lang: str) -> str:
    """Whose table and its rules, in words (``[data-testid=join-table]``).

    >>> invitation_line(Invitation("Hana", "knack", 3, True, True, 60), "en")
    "Hana's table: Knack, 3 tokens, Mistery, Lügen (bluffing). Time per move: 1 minute."
    """
    rules = [
        preset_name(invitation.game, lang),
        tr("lives_n", lang, n=invitation.lives, life=life_word(invitation.game, lang)),
    ]
    rules += [tr("mistery", lang)] if invitation.mistery else []
    rules += [tr("luegen", lang)] if invitation.luegen else []
    table = tr("join_table", lang, name=invitation.host, rules=", ".join(rules))
    time = tr("time_line", lang, time=tr(f"time_{invitation.move_time}", lang))
    return f"{table} {time}."


__all__ = ["Invitation", "invitation_fragment", "invitation_line", "read_invitation"]
