"""The panels through the controller with a fake page: settings drafts, language at
once, rules help, statistics export/import/reset and notices about backed-up data."""

from __future__ import annotations

import json

from app.controller import Controller
from app.host import QuietHost
from app.stats import model as stats_mod
from app.storage import MemoryBackend, Store
from tests.app.markup import parse


class Host(QuietHost):
    def __init__(self):
        self.markup, self.state, self.downloads, self.timers = "", None, [], []

    def show(self, markup, log, state):
        self.markup, self.state = markup, state

    def later(self, ms, callback):
        self.timers.append(callback)

    def download(self, filename, text):
        self.downloads.append((filename, text))

    def tree(self):
        return parse(self.markup)


def start(items=None, query="?seed=3&speed=0"):
    host = Host()
    backend = MemoryBackend(items or {})
    c = Controller(
        host, Store(backend), query=query, browser_lang="de", seed_source=lambda: 5, tab_id="tab"
    )
    c.start()
    return c, host, backend


def press(c, action, form=None):
    c.handle({"type": "action", "action": action, "form": form})


def test_settings_draft_redraws_dialog_and_language_applies_at_once():
    c, host, backend = start()
    press(c, "settings")
    form = host.tree().find(data_testid="settings")
    assert "hidden" not in form.parent.attrs
    c.handle({"type": "settings-draft", "form": {"preset": "hosenowi", "bots": "3", "lang": "en"}})
    tree = host.tree()
    assert tree.find(name="bots").get("max") == "7"
    assert tree.find(id="settings-title").all_text() == "Settings"
    assert c.ui.lang == "en"
    saved = json.loads(backend.items["schwimmen.settings"])["data"]
    assert saved["lang"] == "en" and saved["preset"] == "classic"  # rules wait for a new match
    press(c, "close-settings")
    assert c.ui.panels.settings["preset"] == "classic"  # the draft is dropped, the language kept
    assert c.ui.lang == "en"


def test_new_match_from_a_custom_form_and_per_bot_difficulties():
    c, _, _ = start()
    press(c, "settings")
    c.handle({"type": "settings-draft", "form": {"preset": "custom", "from_preset": "knack"}})
    fields = {
        "preset": "custom",
        "bots": "2",
        "difficulty": "per_bot",
        "difficulty_1": "hard",
        "difficulty_2": "easy",
        "rule.deck": "52",
        "rule.deal": "open",
        "rule.knock": "anytime",
        "rule.swim": "none",
        "rule.match_end": "first_out",
        "rule.direction": "clockwise",
        "rule.max_cycles": "40",
        "rule.feuer_value": "33",
        "rule.min_players": "2",
        "rule.max_players": "9",
        "rule.feuer": "on",
        "lives": "2",
        "luegen": "on",
    }
    press(c, "new-match", fields)
    rules = c.match.rules
    assert (rules.deck, rules.deal.value, rules.swim.value, rules.lives) == (52, "open", "none", 2)
    assert rules.luegen and rules.feuer and not rules.passing and rules.max_cycles == 40
    assert c.settings.difficulties == ("hard", "easy")
    assert len(c.match.lives()) == 3


def test_rules_help_for_the_match_and_for_the_dialog():
    c, host, _ = start(query="?seed=3&speed=0&preset=knack&lang=en")
    press(c, "open-help")
    help_ = host.tree().find(data_testid="rules-help")
    assert help_.get("data-preset") == "knack" and help_.get("data-lang") == "en"
    press(c, "close-help")
    assert not host.tree().find_all(data_testid="rules-help")
    press(c, "settings")
    c.handle({"type": "settings-draft", "form": {"preset": "pub", "bots": "3", "lang": "de"}})
    press(c, "open-help")
    assert host.tree().find(data_testid="rules-help").get("data-preset") == "pub"


def test_statistics_export_reset_import():
    s = stats_mod.Stats()
    s.record_deal("knack", lives_lost=1, hand_value=20)
    s.record_match("knack", place=2, players=3, date="2026-11-30")
    c, host, backend = start({"schwimmen.stats": json.dumps({"version": 2, "data": s.to_dict()})})
    assert c.ui.look.stats == (1, 0)
    press(c, "open-stats")
    assert host.tree().find(data_testid="stats-panel").get("data-matches") == "1"
    press(c, "stats-export")
    ((name, text),) = host.downloads
    assert name.startswith("schwimmen-statistik-") and stats_mod.Stats.from_json(text) == s
    press(c, "stats-reset")
    assert c.ui.look.stats == (1, 0)  # only asked
    press(c, "stats-reset-confirm")
    assert c.ui.look.stats == (0, 0)
    assert json.loads(backend.items["schwimmen.stats"])["data"]["overall"]["matches"] == 0
    c.handle({"type": "stats-import", "text": "[1, 2]"})
    msg = host.tree().find(data_testid="stats-message")
    assert msg.get("data-kind") == "error" and c.ui.look.stats == (0, 0)
    c.handle({"type": "stats-import", "text": text})
    assert host.tree().find(data_testid="stats-message").get("data-kind") == "ok"
    assert c.ui.look.stats == (1, 0)
    press(c, "stats-scope-knack")
    assert host.tree().find(data_testid="stats-panel").get("data-scope") == "knack"
    press(c, "close-stats")
    assert not host.tree().find_all(data_testid="stats-panel")


def test_damaged_data_is_backed_up_and_announced_until_dismissed():
    c, host, backend = start(
        {"schwimmen.stats": "nope", "schwimmen.match": "{", "schwimmen.settings": '{"lang": "en"}'}
    )
    notices = host.tree().find(data_testid="notices").all_text()
    for key in ("stats", "match", "settings"):
        assert f"schwimmen.backup.{key}.1" in notices
    assert backend.items["schwimmen.backup.stats.1"] == "nope"
    assert host.state == "human" or host.timers  # the game started anyway
    press(c, "dismiss-notices")
    assert not host.tree().find_all(data_testid="notices")


def test_a_language_change_does_not_remember_url_parameters():
    c, _, backend = start(query="?seed=3&speed=0&preset=pub&bots=4")
    press(c, "settings")
    form = {"preset": "pub", "bots": "4", "lang": "en", "speed": "0", "deck_style": "french"}
    c.handle({"type": "settings-draft", "form": form})
    saved = json.loads(backend.items["schwimmen.settings"])["data"]
    assert saved["lang"] == "en"
    assert (saved["speed"], saved["preset"], saved["bots"]) == ("normal", "classic", 3)
    assert c.next_settings.speed == "0" and c.next_settings.preset == "pub"


def test_escape_closes_the_top_panel_then_the_dialog_then_the_selection():
    c, host, _ = start()
    press(c, "settings")
    press(c, "open-help")
    c.handle({"type": "escape"})  # rules help lies above the settings dialog
    assert not c.ui.panels.help_open and c.ui.panels.settings_open
    assert c.take_focus() == "set-open-help"  # back to the button that opened it
    c.handle({"type": "escape"})
    assert not c.ui.panels.settings_open and c.take_focus() == "act-settings"
    press(c, "open-stats")
    c.handle({"type": "escape"})
    assert not c.ui.panels.stats_open
    assert not host.tree().find_all(data_testid="stats-panel")
    c.ui.choice.selected = (("hand", "0"),)
    c.handle({"type": "escape"})
    assert c.ui.choice.selected == ()
