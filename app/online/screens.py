"""The screens of online play as markup: the "Play online" dialog, the join screen, the
lobby with its invite, and the bar over an online table. Pure functions of plain data;
every text from elsewhere (a name, an address) goes through ``esc``.

Contract (CONFORMANCE.md): the dialog ``[data-testid=online]`` has a field ``name`` and
``[data-action=host]``; the lobby ``[data-testid=lobby]`` lists seats ``[data-seat]``
with ``data-kind`` host, guest, bot or open, the invite ``[data-testid=invite-link]``
(an ``<a>`` whose ``href`` is the whole join URL) and ``[data-testid=invite-qr]``
(inline SVG), and the host's ``[data-action=start-online]``; the join screen
``[data-testid=join]`` has a field ``name`` and ``[data-action=join]``.

>>> "data-testid=\\"join\\"" in join_screen("<b>Bo</b>", "en")
True
>>> "&lt;b&gt;Bo&lt;/b&gt;" in join_screen("<b>Bo</b>", "en")
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app import forms
from app.escape import escape as esc
from app.i18n import life_word, lookup, preset_line, preset_name
from app.table.parts import button as _button
from engine import PRESETS, bots, bounds
from engine.online.protocol import (
    LIVE_MOVE_TIMES,
    MOVE_TIMES,
    NAME_MAX,
    ON_TIMEOUT,
    ProtocolError,
    clean_name,
)

_T: dict[str, tuple[str, str]] = {
    # a table server's tables (app.online.server_screens)
    "intro_server": (
        "Du eröffnest einen Tisch auf dem Tischserver {server} und lädst Freunde mit einem "
        "Link ein. Der Tisch bleibt dort, auch wenn alle Browser zu sind: spielt live oder "
        "über Tage.",
        "You open a table on the table server {server} and invite friends with a link. The "
        "table stays there while every browser is closed: play live or over days.",
    ),
    "my_tables": ("Meine Tische", "My tables"),
    "list_open": (
        "Unter „Offene Tische“ zeigen: jeder kann sich setzen",
        "List under “Open tables”: anyone may sit down",
    ),
    "my_tables_intro": (
        "Die Tische, an denen dieses Gerät sitzt.",
        "The tables this device sits at.",
    ),
    "my_tables_none": (
        "Dieses Gerät sitzt an keinem Tisch.",
        "This device sits at no table.",
    ),
    "my_tables_loading": ("Lade die Tische …", "Loading the tables …"),
    "turn_you": ("Du bist dran", "Your turn"),
    "turn_of": ("{name} ist dran", "{name}'s turn"),
    "table_lobby": ("Noch nicht gestartet", "Not started yet"),
    "table_over": ("Partie vorbei", "Match over"),
    "table_left": ("noch {t}", "{t} left"),
    "open_table": ("Öffnen", "Open"),
    "new_table": ("Neuer Tisch", "New table"),
    "back": ("Zurück", "Back"),
    "creating": ("Der Tisch wird eröffnet …", "Opening the table …"),
    "seat_link": ("Auf einem anderen Gerät weiterspielen", "Play on another device"),
    "seat_link_text": (
        "Öffne diesen Link (oder scanne den Code) auf dem anderen Gerät: er trägt deinen "
        "Platz. Gib ihn niemandem sonst.",
        "Open this link (or scan the code) on the other device: it carries your seat. "
        "Give it to nobody else.",
    ),
    "remind_on": ("Erinnere mich, wenn ich dran bin", "Remind me when it is my turn"),
    "remind_off": ("Keine Erinnerungen mehr", "No more reminders"),
    "reminders_set": (
        "Du bekommst eine Nachricht, wenn du dran bist.",
        "You get a notification when it is your turn.",
    ),
    "remind_denied": (
        "Der Browser erlaubt dieser Seite keine Benachrichtigungen.",
        "The browser does not allow this page to notify.",
    ),
    "remind_failed": (
        "Erinnerungen gehen nicht: {detail}",
        "Reminders failed: {detail}",
    ),
    "seat_qr_label": ("QR-Code mit deinem Platz", "QR code carrying your seat"),
    "leave_server": (
        "Der Tisch läuft weiter; unter „Meine Tische“ kommst du zurück.",
        "The table goes on; you come back to it from “My tables”.",
    ),
    "detail_server": (
        "Der Tischserver antwortet nicht.",
        "The table server does not answer.",
    ),
    "detail_no-server": (
        "Diese Seite kennt keinen Tischserver.",
        "This page knows no table server.",
    ),
    "detail_refused": (
        "Der Tischserver hat die Verbindung abgelehnt.",
        "The table server refused the connection.",
    ),
    "online": ("Online spielen", "Play online"),
    "intro": (
        "Du eröffnest einen Tisch und lädst Freunde mit einem Link ein. Eure Browser "
        "spielen direkt miteinander; dein Gerät ist der Schiedsrichter.",
        "You open a table and invite friends with a link. Your browsers play directly "
        "with each other; your device is the referee.",
    ),
    "name": ("Dein Name", "Your name"),
    "name_hint": ("Bis zu {n} Zeichen.", "Up to {n} characters."),
    "preset": ("Regeln", "Rules"),
    "custom": ("Eigene Regeln (aus den Einstellungen)", "Own rules (from the settings)"),
    "lives": ("Leben", "Lives"),
    "mistery": ("Mistery", "Mistery"),
    "luegen": ("Lügen", "Lügen (bluffing)"),
    "seats": ("Plätze am Tisch", "Seats at the table"),
    "seats_hint": ("{lo} bis {hi}, dich eingerechnet.", "{lo} to {hi}, you included."),
    "bot_level": ("Bots auf freien Plätzen", "Bots on empty seats"),
    "level_random": ("Zufall", "Random"),
    "level_easy": ("Leicht", "Easy"),
    "level_medium": ("Mittel", "Medium"),
    "level_hard": ("Schwer", "Hard"),
    "move_time": ("Zeit pro Zug", "Time per move"),
    "time_0": ("Ohne Limit", "No limit"),
    "time_30": ("30 Sekunden", "30 seconds"),
    "time_60": ("1 Minute", "1 minute"),
    "time_120": ("2 Minuten", "2 minutes"),
    "time_300": ("5 Minuten", "5 minutes"),
    "time_600": ("10 Minuten", "10 minutes"),
    "time_3600": ("1 Stunde", "1 hour"),
    "time_43200": ("12 Stunden", "12 hours"),
    "time_86400": ("24 Stunden", "24 hours"),
    "on_timeout": ("Wenn die Zeit abläuft", "When the time runs out"),
    # the choices short (a select cuts long ones off), what they mean in the hint
    "timeout_bot": ("… zieht ein Bot", "… a bot moves"),
    "timeout_end": ("… endet die Partie", "… the match ends"),
    "timeout_hint": (
        "Ein Bot zieht für den, der zu lange braucht; oder die Partie endet für alle, "
        "ohne dass jemand ein Leben verliert.",
        "A bot moves for whoever takes too long; or the match ends for everyone, and "
        "nobody loses a life.",
    ),
    "servers": ("Verbindung", "Connection"),
    "servers_text": (
        "Zum Verbinden fragt die Seite {signal} ({library}); die Daten gehen danach "
        "direkt von Browser zu Browser, über {ice}. Bis du einen Tisch eröffnest, "
        "verbindet sich die Seite nirgendwohin.",
        "To connect, the page asks {signal} ({library}); after that the data goes "
        "directly from browser to browser, via {ice}. Until you open a table, the page "
        "connects nowhere.",
    ),
    "host": ("Tisch eröffnen", "Open a table"),
    "cancel": ("Abbrechen", "Cancel"),
    "join_title": ("Einladung an einen Tisch", "Invitation to a table"),
    "join_intro": (
        "Gib deinen Namen ein und setz dich. Die Karten teilt das Gerät des Gastgebers aus.",
        "Give your name and sit down. The host's device deals the cards.",
    ),
    "join_intro_server": (
        "Gib deinen Namen ein und setz dich. Die Karten teilt der Tisch-Server aus.",
        "Give your name and sit down. The table server deals the cards.",
    ),
    "join": ("Hinsetzen", "Sit down"),
    "join_table": ("Der Tisch von {name}: {rules}.", "{name}'s table: {rules}."),
    "lives_n": ("{n} {life}", "{n} {life}"),
    # why the join form refused a name (the engine's and the host's details in words)
    "name_empty": ("Gib einen Namen ein.", "Give a name."),
    "name_control": (
        "Ein Name darf keine Steuerzeichen enthalten.",
        "A name may not hold control characters.",
    ),
    "name_long": (
        "Der Name hat {len} Zeichen; erlaubt sind höchstens {n}.",
        "The name has {len} characters; at most {n} are allowed.",
    ),
    "name_taken": (
        "Am Tisch heißt schon jemand {name}. Wähl einen anderen Namen.",
        "Someone at this table is called {name} already. Choose another name.",
    ),
    "name_refused": (
        "Der Gastgeber hat diesen Namen nicht angenommen ({detail}).",
        "The host did not accept this name ({detail}).",
    ),
    "lobby": ("Der Tisch", "The table"),
    "invite": ("Einladen", "Invite"),
    "invite_text": (
        "Schick diesen Link deinen Freunden, oder lass sie den Code scannen:",
        "Send this link to your friends, or let them scan the code:",
    ),
    "qr_label": ("QR-Code des Einladungslinks", "QR code of the invitation link"),
    "share": ("Link teilen oder kopieren", "Share or copy the link"),
    "copy_seat_link": ("Link kopieren", "Copy the link"),
    "share_title": ("Schwimmen: Einladung an einen Tisch", "Schwimmen: an invitation to a table"),
    "said_shared": ("Geteilt.", "Shared."),
    "said_copied": ("Kopiert.", "Copied."),
    "said_failed": (
        "Der Link ließ sich nicht kopieren: Er ist markiert, kopiere ihn selbst.",
        "The link could not be copied: it is selected, copy it yourself.",
    ),
    "kind_host": ("Gastgeber", "host"),
    "kind_guest": ("Gast", "guest"),
    "kind_creator": ("hat den Tisch eröffnet", "creator"),
    "kind_bot": ("Bot ({level})", "bot ({level})"),
    "kind_open": ("frei", "open"),
    "away": ("weg", "away"),
    "you": ("du", "you"),
    "make_bot": ("Bot", "Bot"),
    "make_open": ("Freigeben", "Open"),
    "seat_n": ("Platz {n}", "Seat {n}"),
    "start": ("Partie starten", "Start the match"),
    "start_hint": (
        "Freie Plätze bekommen beim Start Bots.",
        "Open seats get bots when the match starts.",
    ),
    "waiting": (
        "Warte, bis {name} die Partie startet …",
        "Waiting for {name} to start the match …",
    ),
    "the_creator": ("die Person, die den Tisch eröffnet hat,", "the table's creator"),
    "rules_line": (
        "{game}, {lives} {life}, {seats} Plätze",
        "{game}, {lives} {life}, {seats} seats",
    ),
    "time_line": ("Zeit pro Zug: {time}", "Time per move: {time}"),
    "leave": ("Tisch verlassen", "Leave the table"),
    "leave_title": ("Den Tisch verlassen?", "Leave the table?"),
    "leave_host": (
        "Der Tisch schließt dann für alle, und du kommst zurück zum Spiel gegen den "
        "Computer.",
        "The table then closes for everyone, and you go back to the game against the "
        "computer.",
    ),
    "leave_guest": (
        "Ein Bot spielt dann deinen Platz zu Ende, und du kommst zurück zum Spiel gegen "
        "den Computer.",
        "A bot then plays your seat to the end, and you go back to the game against the "
        "computer.",
    ),
    "stay": ("Am Tisch bleiben", "Stay at the table"),
    "retry": ("Nochmal versuchen", "Try again"),
    "rematch": ("Revanche", "Rematch"),
    "timer_me": ("Dein Zug: noch {t}", "Your move: {t} left"),
    "timer_other": ("{name}: noch {t}", "{name}: {t} left"),
    "state_connecting": ("Verbinde …", "Connecting …"),
    "state_open": ("Verbunden", "Connected"),
    "state_reconnecting": (
        "Verbindung unterbrochen, verbinde neu …",
        "Connection lost, reconnecting …",
    ),
    "state_closed": ("Verbindung beendet", "Connection closed"),
    "state_unreachable": ("Nicht erreichbar", "Unreachable"),
    "detail_signal": (
        "Der Verbindungsdienst antwortet nicht.",
        "The connection service does not answer.",
    ),
    "detail_signal-refused": (
        "Diese Adresse für den Verbindungsdienst ist nicht erlaubt.",
        "This address for the connection service is not allowed.",
    ),
    "detail_host": (
        "Diesen Tisch gibt es gerade nicht (ist der Gastgeber noch da?).",
        "This table is not there right now (is the host still there?).",
    ),
    "detail_peer": (
        "Es gibt keinen Weg zum Gerät des Gastgebers (Netzwerk oder Firewall).",
        "There is no path to the host's device (network or firewall).",
    ),
    "detail_webrtc": (
        "Dieser Browser kann keine direkten Verbindungen (WebRTC).",
        "This browser cannot make direct connections (WebRTC).",
    ),
    "detail_bad-id": ("Der Einladungslink ist kaputt.", "The invitation link is broken."),
    "detail_id-taken": (
        "Dieser Tisch ist schon in einem anderen Fenster offen.",
        "This table is open in another window already.",
    ),
    "detail_network": ("Das Netzwerk ist unterbrochen.", "The network is interrupted."),
    "detail_lost": ("Die Verbindung zum Gastgeber ist weg.", "The link to the host is gone."),
    # the same at a table server's table, where the server deals and referees
    "detail_lost_server": (
        "Die Verbindung zum Tisch-Server ist weg.",
        "The link to the table server is gone.",
    ),
    "detail_host_server": (
        "Diesen Tisch kennt der Tisch-Server nicht (mehr).",
        "The table server has no such table (any more).",
    ),
    "update_guest": (
        "Der Gastgeber spielt mit einer neueren Version. Lade diese Seite neu.",
        "The host plays a newer version. Reload this page.",
    ),
    "update_host": (
        "Der Gastgeber spielt mit einer älteren Version: er muss seine Seite neu laden.",
        "The host plays an older version: the host must reload their page.",
    ),
    "reload": ("Neu laden", "Reload"),
    "rejected": ("Nicht angenommen: {detail}", "Not accepted: {detail}"),
    "refused": (
        "Eine Nachricht des Gastgebers wurde nicht angenommen ({detail}); "
        "hier bleibt der letzte gültige Stand.",
        "A message from the host was not accepted ({detail}); "
        "this page keeps the last valid state.",
    ),
    "full": ("Der Tisch ist voll.", "The table is full."),
    "started": ("Die Partie läuft schon ohne dich.", "The match has started without you."),
    "timeout_over": (
        "Die Zeit ist abgelaufen: Die Partie ist zu Ende, niemand verliert ein Leben dafür.",
        "Time ran out: the match is over, nobody loses a life for it.",
    ),
}


def tr(key: str, lang: str, **values: Any) -> str:
    return lookup(_T, key, lang, **values)


# ---------------------------------------------------------------- the "Play online" dialog


@dataclass(frozen=True)
class Draft:
    """The dialog's fields as the player left them."""

    name: str = ""
    preset: str = "classic"
    lives: int = 3
    mistery: bool = False
    luegen: bool = False
    players: int = 4
    bot_level: str = "medium"
    move_time: int = 0
    on_timeout: str = "bot"


LEVELS = ("easy", "medium", "hard")


def dialog(
    draft: Draft,
    lang: str,
    servers: Mapping[str, Any],
    *,
    custom: bool = False,
    seat_range: tuple[int, int] = (2, 9),
    problem: str = "",
    move_times: Sequence[int] = LIVE_MOVE_TIMES,
    server: str = "",
) -> str:
    """The "Play online" dialog (``[data-testid=online]``). ``servers``: the page's
    connection settings (``net.config()``) to name; ``custom``: offer the player's own
    rules from the settings; ``problem``: what is wrong with the fields, if anything;
    ``server``: the table server whose tables these are (with ``move_times`` up to a day,
    and "My tables"), "" for peer-to-peer play."""
    presets = [(p, preset_name(p, lang)) for p in PRESETS]
    if custom:
        presets.append(("custom", preset_name("custom", lang)))
    lines = "".join(
        f"<li><b>{esc(name)}</b>: {esc(preset_line(p, lang))}</li>" for p, name in presets
    )
    lo, hi = seat_range
    fields = [
        _field(
            "name",
            tr("name", lang),
            f'<input type="text" name="name" id="online-name" data-key="online-name" '
            f'maxlength="{NAME_MAX}" autocomplete="nickname" required value="{esc(draft.name)}">',
            tr("name_hint", lang, n=NAME_MAX),
        ),
        _field("preset", tr("preset", lang), _select("preset", presets, draft.preset))
        + f'<ul class="preset-lines">{lines}</ul>',
        _field(
            "lives",
            tr("lives", lang),
            f'<input type="number" name="lives" id="online-lives" data-key="online-lives" '
            f'min="1" max="10" value="{draft.lives}">',
        ),
        _check("mistery", tr("mistery", lang), draft.mistery),
        _check("luegen", tr("luegen", lang), draft.luegen),
        _field(
            "players",
            tr("seats", lang),
            f'<input type="number" name="players" id="online-players" data-key="online-players" '
            f'min="{lo}" max="{hi}" value="{draft.players}">',
            tr("seats_hint", lang, lo=lo, hi=hi),
        ),
        _field(
            "bot_level",
            tr("bot_level", lang),
            _select("bot_level", [(v, tr("level_" + v, lang)) for v in LEVELS], draft.bot_level),
        ),
        _field(
            "move_time",
            tr("move_time", lang),
            _select(
                "move_time",
                [(str(s), tr(f"time_{s}", lang)) for s in move_times],
                draft.move_time,
            ),
        ),
        _field(
            "on_timeout",
            tr("on_timeout", lang),
            _select(
                "on_timeout", [(v, tr("timeout_" + v, lang)) for v in ON_TIMEOUT], draft.on_timeout
            ),
            tr("timeout_hint", lang),
        ),
    ]
    if server:  # a table server's table may be listed under "Open tables" (issue 41)
        fields.append(_check("open", tr("list_open", lang), False))
    error = (
        f'<p class="settings-error" role="alert" data-testid="online-error">{esc(problem)}</p>'
        if problem
        else ""
    )
    return (
        '<div class="online-layer">'
        '<form class="panel settings online" data-testid="online" data-form="online" '
        'aria-labelledby="online-title">'
        f'<h2 id="online-title">{esc(tr("online", lang))}</h2>'
        f'<p class="note">{esc(tr("intro_server" if server else "intro", lang, server=server))}</p>'
        f'<fieldset class="group"><legend>{esc(tr("lobby", lang))}</legend>{"".join(fields)}'
        "</fieldset>"
        f"{'' if server else servers_note(servers, lang)}{error}"
        '<div class="buttons">'
        f"{_button('host', tr('host', lang), cls='primary')}"
        f"{_button('my-tables', tr('my_tables', lang), cls='ghost') if server else ''}"
        f"{_button('close-online', tr('cancel', lang), cls='ghost')}</div>"
        "</form></div>"
    )


def servers_note(servers: Mapping[str, Any], lang: str) -> str:
    """The servers the page will use, named (the build's settings, ``online.json``)."""
    given = servers.get("signal") or ()
    signal = given if isinstance(given, str) else ", ".join(str(s) for s in given)
    signal = signal or "–"
    library = servers.get("library") or {}
    lib = f"{library.get('name', '?')} {library.get('version', '')}".strip()
    ice = []
    for server in servers.get("iceServers") or ():
        urls = server.get("urls") if isinstance(server, Mapping) else None
        ice += [urls] if isinstance(urls, str) else list(urls or ())
    text = tr("servers_text", lang, signal=signal, library=lib, ice=", ".join(ice) or "–")
    return (
        f'<details class="servers" data-testid="online-servers"><summary>'
        f"{esc(tr('servers', lang))}</summary><p>{esc(text)}</p></details>"
    )


def read_dialog(
    form: Mapping[str, Any], base: Draft, move_times: Sequence[int] = LIVE_MOVE_TIMES
) -> Draft:
    """The dialog's fields (strings from the page) as a Draft, each clamped or kept from
    ``base`` when it does not fit: the form is input like any other."""

    def number(name: str, lo: int, hi: int, default: int) -> int:
        try:
            return min(hi, max(lo, int(str(form.get(name, default)).strip())))
        except ValueError:
            return default

    def choice(name: str, options: Sequence[str], default: str) -> str:
        value = str(form.get(name, default))
        return value if value in options else default

    def flag(name: str) -> bool:
        return form.get(name) in (True, "on", "true", "1")

    time = str(form.get("move_time", base.move_time))
    return Draft(
        name=str(form.get("name", base.name))[:200],
        preset=choice("preset", (*PRESETS, "custom"), base.preset),
        lives=number("lives", 1, 10, base.lives),
        mistery=flag("mistery"),
        luegen=flag("luegen"),
        players=number("players", 2, 9, base.players),
        bot_level=choice("bot_level", bots.NAMES, base.bot_level),
        move_time=int(time) if time in {str(s) for s in move_times} else base.move_time,
        on_timeout=choice("on_timeout", ON_TIMEOUT, base.on_timeout),
    )


# ---------------------------------------------------------------- joining

# The details ``protocol.clean_name`` and the referee give for a refused name (English,
# lower case: wire text), each with the words the join form says instead.
_NAME_DETAILS = (
    (re.compile(r"a name may not be empty"), "name_empty"),
    (re.compile(r"a name (may not hold control characters|is text, not .*)"), "name_control"),
    (
        re.compile(r"a name of (?P<len>\d+) characters; at most (?P<n>\d+) are allowed"),
        "name_long",
    ),
    (re.compile(r"someone at this table is called (?P<name>.+) already"), "name_taken"),
)


def join_problem(detail: str, lang: str) -> str:
    """Why a name was refused, as a sentence for the join form (``detail``: the
    ProtocolError's detail, from this page or from the host).

    >>> join_problem("a name may not be empty", "en")
    'Give a name.'
    >>> join_problem("someone at this table is called Ben already", "de")
    'Am Tisch heißt schon jemand Ben. Wähl einen anderen Namen.'
    >>> join_problem("odd", "en")
    'The host did not accept this name (odd).'
    """
    for pattern, key in _NAME_DETAILS:
        found = pattern.fullmatch(detail)
        if found:
            return tr(key, lang, **found.groupdict())
    return tr("name_refused", lang, detail=detail[:200])


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
    rules = [preset_name(invitation.game, lang), tr(
        "lives_n", lang, n=invitation.lives, life=life_word(invitation.game, lang)
    )]
    rules += [tr("mistery", lang)] if invitation.mistery else []
    rules += [tr("luegen", lang)] if invitation.luegen else []
    table = tr("join_table", lang, name=invitation.host, rules=", ".join(rules))
    time = tr("time_line", lang, time=tr(f"time_{invitation.move_time}", lang))
    return f"{table} {time}."


def join_screen(
    name: str,
    lang: str,
    problem: str = "",
    invitation: Invitation | None = None,
    server: bool = False,
) -> str:
    """What a guest sees on opening an invitation (``[data-testid=join]``): whose table
    and its rules when the link says (``invitation``), the name field, why a name was
    refused (``problem``), and who deals (the host's page, or a ``server``'s referee)."""
    table = (
        f'<p class="join-table" data-testid="join-table">'
        f"{esc(invitation_line(invitation, lang))}</p>"
        if invitation is not None
        else ""
    )
    error = (
        f'<p class="settings-error" role="alert" data-testid="online-error">{esc(problem)}</p>'
        if problem
        else ""
    )
    return (
        '<div class="online-layer">'
        '<form class="panel settings online" data-testid="join" data-form="join" '
        'aria-labelledby="join-title">'
        f'<h2 id="join-title">{esc(tr("join_title", lang))}</h2>{table}'
        f'<p class="note">{esc(tr("join_intro_server" if server else "join_intro", lang))}</p>'
        + _field(
            "name",
            tr("name", lang),
            f'<input type="text" name="name" id="online-name" data-key="online-name" '
            f'maxlength="{NAME_MAX}" autocomplete="nickname" required value="{esc(name)}">',
            tr("name_hint", lang, n=NAME_MAX),
        )
        + f"{error}"
        '<div class="buttons">'
        f"{_button('join', tr('join', lang), cls='primary')}"
        f"{_button('leave-online', tr('cancel', lang), cls='ghost')}</div>"
        "</form></div>"
    )


# ---------------------------------------------------------------- the lobby


def lobby(
    body: Mapping[str, Any],
    me: int | None,
    lang: str,
    *,
    host: bool,
    invite: str = "",
    qr: Sequence[str] = (),
    status: str = "",
    said: str = "",
) -> str:
    """The lobby (``[data-testid=lobby]``) from a ``lobby`` message's body. The host
    also gets the invite (link and QR code: ``qr`` is the code's rows of "0"/"1"; a
    button to share or copy the link, ``said``: what became of the last press) and
    buttons per seat and to start."""
    rows = []
    for s in body["seats"]:
        seat, kind = int(s["seat"]), str(s["kind"])
        name = str(s.get("name") or "")
        label = tr(
            "kind_" + _kind_shown(seat, kind),
            lang,
            level=tr("level_" + str(s.get("level") or "medium"), lang),
        )
        shown = name or tr("seat_n", lang, n=seat + 1)
        tags = [label]
        if seat == me:
            tags.append(tr("you", lang))
        if s.get("away"):
            tags.append(tr("away", lang))
        controls = ""
        if host and seat != 0 and not body.get("started"):
            if kind != "bot":
                controls += _small_button(f"seat-bot-{seat}", tr("make_bot", lang), shown)
            if kind != "open":
                controls += _small_button(f"seat-open-{seat}", tr("make_open", lang), shown)
        rows.append(
            f'<li class="lobby-seat" data-seat="{seat}" data-kind="{esc(kind)}"'
            f"{' data-away' if s.get('away') else ''}>"
            f'<span class="lobby-name">{esc(shown)}</span>'
            f'<span class="lobby-kind">{esc(" · ".join(tags))}</span>{controls}</li>'
        )
    rules = body.get("rules") or {}
    preset = body.get("preset")
    game = preset_name(str(preset) if preset in PRESETS else "custom", lang)
    life = life_word(str(preset) if preset in PRESETS else "custom", lang)
    summary = tr(
        "rules_line",
        lang,
        game=game,
        lives=rules.get("lives", "?"),
        life=life,
        seats=body["players"],
    )
    time = tr("time_line", lang, time=tr(f"time_{body.get('move_time', 0)}", lang))
    invite_el = ""
    if host and invite:
        invite_el = (
            f'<section class="invite" aria-labelledby="invite-title">'
            f'<h3 id="invite-title">{esc(tr("invite", lang))}</h3>'
            f"<p>{esc(tr('invite_text', lang))}</p>"
            f'<p class="invite-link"><a data-testid="invite-link" href="{esc(invite)}" '
            f'target="_blank" rel="noopener">{esc(invite)}</a></p>'
            f"{share_row(said, lang)}{qr_svg(qr, tr('qr_label', lang))}</section>"
        )
    if host and not body.get("started"):
        foot = (
            f'<p class="note">{esc(tr("start_hint", lang))}</p><div class="buttons">'
            f"{_button('start-online', tr('start', lang), cls='primary')}"
            f"{_button('leave-online', tr('leave', lang), cls='ghost')}</div>"
        )
    else:
        foot = (
            f'<p class="note" role="status">{esc(tr("waiting", lang, name=_opener(body, lang)))}'
            '</p><div class="buttons">'
            f"{_button('leave-online', tr('leave', lang), cls='ghost')}</div>"
        )
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="lobby" '
        'aria-labelledby="lobby-title">'
        f'<h2 id="lobby-title">{esc(tr("lobby", lang))}</h2>'
        f'<p class="note">{esc(summary)}. {esc(time)}</p>{status}'
        f'<ol class="lobby-seats">{"".join(rows)}</ol>{invite_el}{foot}</section></div>'
    )


def _kind_shown(seat: int, kind: str) -> str:
    """The kind a lobby row names: at a table server the creator sits at seat 0 as a
    guest of the server's referee (``engine.online.protocol``), named as the creator."""
    return "creator" if seat == 0 and kind == "guest" else kind


def _opener(body: Mapping[str, Any], lang: str) -> str:
    """Who starts the match: the name at seat 0 (the host, or a server table's creator)."""
    names = [str(s.get("name") or "") for s in body["seats"] if int(s["seat"]) == 0]
    return (names[0] if names else "") or tr("the_creator", lang)


def share_row(
    said: str, lang: str, action: str = "share-invite", label: str = "share", testid: str = ""
) -> str:
    """The invite's button ``[data-action=share-invite]`` (the Web Share API where the
    browser has it, the clipboard otherwise) and the line that says what became of it
    (``[data-testid=invite-said]``: ``said`` is shared, copied or failed, or ""). Another
    link's button names its ``action``, its ``label`` (a text's key) and the ``testid``
    of its line."""
    text = tr("said_" + said, lang) if said else ""
    return (
        '<p class="invite-share">'
        f"{_button(action, tr(label, lang), cls='ghost small')}"
        f'<span data-testid="{testid or "invite-said"}" role="status">{esc(text)}</span></p>'
    )


def qr_svg(rows: Sequence[str], label: str, testid: str = "invite-qr") -> str:
    """A QR code as inline SVG (``[data-testid=invite-qr]``): one square per dark module
    of ``rows`` (strings of "0" and "1"), with the quiet zone of four modules around it
    that scanners need."""
    n = len(rows)
    quiet = 4
    parts = [
        f"M{x + quiet} {y + quiet}h1v1h-1z"
        for y, row in enumerate(rows)
        for x, bit in enumerate(row)
        if bit == "1"
    ]
    size = n + 2 * quiet
    return (
        f'<svg class="invite-qr" data-testid="{testid}" role="img" aria-label="{esc(label)}" '
        f'viewBox="0 0 {size} {size}" xmlns="http://www.w3.org/2000/svg" '
        f'shape-rendering="crispEdges" data-modules="{n}">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path d="{"".join(parts)}" fill="#000"/></svg>'
    )


# ---------------------------------------------------------------- the bar over the table


def detail_text(detail: str, lang: str, server: bool = False) -> str:
    """A connection detail in words; a table server's own words where it has them.

    >>> detail_text("lost", "en"), detail_text("lost", "en", server=True)
    ('The link to the host is gone.', 'The link to the table server is gone.')
    """
    key = "detail_" + detail
    return tr(key + "_server" if server and key + "_server" in _T else key, lang)


def status_line(state: str, detail: str, lang: str, server: bool = False) -> str:
    """The connection state in words (``[data-testid=online-state]``), with what it
    means when something is wrong (at a ``server``'s table, said of the server)."""
    words = tr("state_" + state, lang) if state else ""
    more = detail_text(detail, lang, server) if detail and state != "open" else ""
    if more.startswith("detail_"):
        more = detail
    text = f"{words}. {more}" if more else words
    return (
        f'<p class="online-state" data-testid="online-state" data-state="{esc(state)}" '
        f'data-detail="{esc(detail)}" role="status">{esc(text)}</p>'
    )


def clock_text(left_ms: float) -> str:
    """Minutes and seconds left, rounded up (hours too from one hour on).

    >>> clock_text(61_001), clock_text(0), clock_text(29_500), clock_text(86_400_000)
    ('1:02', '0:00', '0:30', '24:00:00')
    """
    seconds = int(-(-max(0.0, left_ms) // 1000))
    if seconds >= 3600:
        return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
    return f"{seconds // 60}:{seconds % 60:02d}"


def timer_text(seat: int, left_ms: float, names: Sequence[str], lang: str) -> str:
    """The running time of the decision due now; ``seat`` as the screen numbers it (0 is
    the person at this page)."""
    if seat == 0:
        return tr("timer_me", lang, t=clock_text(left_ms))
    name = names[seat] if seat < len(names) else str(seat)
    return tr("timer_other", lang, name=name, t=clock_text(left_ms))


def bar(state_el: str, timer: str, lang: str, *, extra: str = "") -> str:
    """The line over an online table: connection state, move timer, leaving."""
    return (
        '<div class="online-bar" data-testid="online-bar">'
        f"{state_el}"
        f'<p class="move-timer" data-testid="move-timer" aria-live="off">{esc(timer)}</p>'
        f"{extra}"
        f"{_button('leave-online', tr('leave', lang), cls='ghost')}</div>"
    )


def leave_question(host: bool, lang: str, *, server: bool = False) -> str:
    """Asked before leaving a table, with where it leads: back to the game against bots;
    the host's table closes for everyone, a guest's seat is played by a bot; a table
    server's table goes on (``server``)."""
    key = "leave_server" if server else "leave_host" if host else "leave_guest"
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="leave-question" role="alertdialog" '
        'aria-labelledby="leave-title" aria-describedby="leave-text">'
        f'<h2 id="leave-title">{esc(tr("leave_title", lang))}</h2>'
        f'<p id="leave-text">{esc(tr(key, lang))}</p>'
        '<div class="buttons">'
        f"{_button('leave-confirm', tr('leave', lang), cls='primary')}"
        f"{_button('leave-cancel', tr('stay', lang), cls='ghost')}</div></section></div>"
    )


def problem_screen(title: str, text: str, lang: str, *, retry: bool, reload: bool = False) -> str:
    """A connection that failed, or a version to update: said in words, with a way on."""
    buttons = ""
    if retry:
        buttons += f"{_button('retry-online', tr('retry', lang), cls='primary')}"
    if reload:
        buttons += f"{_button('reload', tr('reload', lang), cls='primary')}"
    buttons += f"{_button('leave-online', tr('leave', lang), cls='ghost')}"
    return (
        '<div class="online-layer">'
        '<section class="panel settings online" data-testid="online-problem" role="alert" '
        'aria-labelledby="problem-title">'
        f'<h2 id="problem-title">{esc(title)}</h2><p>{esc(text)}</p>'
        f'<div class="buttons">{buttons}</div></section></div>'
    )


# ---------------------------------------------------------------- small parts


def _field(name: str, label: str, control: str, hint: str = "") -> str:
    return forms.field(name, label, control, hint, prefix="online")


def _select(name: str, options: Sequence[tuple[str, str]], value: Any) -> str:
    return forms.select(name, [(v, text, False) for v, text in options], value, prefix="online")


def _check(name: str, label: str, checked: bool) -> str:
    return forms.check(name, label, checked, prefix="online")


def _small_button(action: str, label: str, seat_name: str) -> str:
    return (
        f'<button type="button" class="ghost small" data-action="{esc(action)}" '
        f'data-key="act-{esc(action)}" aria-label="{esc(label)}: {esc(seat_name)}">'
        f"{esc(label)}</button>"
    )


__all__ = [
    "Draft",
    "Invitation",
    "bar",
    "clock_text",
    "dialog",
    "invitation_fragment",
    "invitation_line",
    "join_problem",
    "join_screen",
    "lobby",
    "problem_screen",
    "qr_svg",
    "read_dialog",
    "read_invitation",
    "servers_note",
    "share_row",
    "status_line",
    "timer_text",
    "tr",
]
