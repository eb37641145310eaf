"""The whole decision on one screen in Firefox too (issue 37): the walk of
``test_phone.py`` (``tests/e2e/decisions.py``) on desktop sizes, Lügen with Mistery and
nine seats, in Firefox through the cross-browser tier's driver. Firefox's fonts and
line heights are not Chromium's: a layout that fitted Chromium by a few pixels left
Lügen's hand cards under the move bar there, and a whole match could not click its two
cards to show.
"""

from __future__ import annotations

import pytest

from tests.e2e.decisions import LUEGEN, Walk, check_walk, on_driver, walk_url
from tests.e2e.engines.game import EngineGame

pytestmark = pytest.mark.engines

SCREENS = (
    ("1000x800", LUEGEN),
    ("1280x800", LUEGEN),
    ("1280x800", f"{LUEGEN}:de"),
    ("1366x768", LUEGEN),
    ("1000x800", "knack-nine"),  # no seat's last move cut
)


@pytest.mark.parametrize(("size", "rules"), SCREENS, ids=[f"{s}-{r}" for s, r in SCREENS])
def test_every_decision_is_on_one_screen_in_firefox(make_driver, site_url, size, rules):
    driver = make_driver("firefox")
    driver.resize(*map(int, size.split("x")))
    game = EngineGame(driver).open(site_url, walk_url(rules))
    check_walk(Walk(on_driver(game), f"firefox {size} {rules}"), rules)
    assert driver.errors() == []
