"""The peer-to-peer dialog offers the live times per move only (a host's page must stay
open), and a lobby names every time a table may have, a server's 24 hours too."""

from __future__ import annotations

import re

from app.online import dialog, words
from engine.online.protocol import CORRESPONDENCE_MOVE_TIMES, LIVE_MOVE_TIMES


def test_the_dialog_offers_the_live_times_and_reads_no_other():
    markup = dialog.dialog(dialog.Draft(name="Ann"), "en", {})
    offered = re.findall(
        r'<option value="(\d+)"', markup.split('name="move_time"', 1)[1].split("</select>")[0]
    )
    assert [int(v) for v in offered] == list(LIVE_MOVE_TIMES)
    assert dialog.read_dialog({"move_time": "86400"}, dialog.Draft()).move_time == 0
    assert dialog.read_dialog({"move_time": "300"}, dialog.Draft()).move_time == 300


def test_every_time_has_words():
    for seconds in (*LIVE_MOVE_TIMES, *CORRESPONDENCE_MOVE_TIMES):
        for lang in ("de", "en"):
            assert words.tr(f"time_{seconds}", lang) != f"time_{seconds}"
    assert words.tr("time_86400", "de") == "24 Stunden"
