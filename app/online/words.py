"""The words of online play's screens, German and English: one table for the dialog,
the join form, the lobby, the bar over a table and a table server's own screens
(``app.online.screens``, ``app.online.dialog``, ``app.online.server_screens``).

>>> tr("full", "de"), tr("seat_n", "en", n=3)
('Der Tisch ist voll.', 'Seat 3')
"""

from __future__ import annotations

from typing import Any

from app.i18n import lookup

WORDS: dict[str, tuple[str, str]] = {
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
    return lookup(WORDS, key, lang, **values)


__all__ = ["WORDS", "tr"]
