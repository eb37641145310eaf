"""Browser-test fixtures: the built site served on 127.0.0.1, Debian's Chromium.

Every test under ``tests/e2e`` is marked ``e2e``. Fixtures for other tests:

- ``built_site``: the site built once per session into a temporary folder.
- ``site_url``: ``http://127.0.0.1:PORT/`` serving it at the root.
- ``subpath_url``: the same site under ``/sub/schwimmen/`` on another server.
- ``page`` / ``context`` (pytest-playwright) run in /usr/bin/chromium; a test module
  may define its own ``context`` (locale, viewport).
- ``game``: a ``GamePage`` on a new page of ``context`` that fails the test on any
  script or console error.
- ``driver``, ``make_driver``, ``x_display``: the cross-browser tier's browsers
  (Chromium, Firefox, WebKit behind one ``Driver``; ``engines/fixtures.py``).
- ``signal``: the signalling service of online play (``scripts/signal``, PeerJS's
  PeerServer) on a free port of 127.0.0.1 for the session; ``signal.url`` is the value
  for the page's ``?signal=`` (``net_support.py`` has its helpers).

Helpers to import in tests (``from tests.e2e.support import open_game, wait_state``)
live in ``support.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.build import build
from scripts.serve import start_server
from tests.e2e.engines.fixtures import driver, make_driver, x_display  # noqa: F401
from tests.e2e.net_support import start_signal
from tests.e2e.pages import game_in
from tests.e2e.support import CHROMIUM, CHROMIUM_ARGS, SUBPATH


def pytest_collection_modifyitems(items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory) -> Path:
    return build(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="session")
def site_url(built_site):
    server, url = start_server(built_site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def subpath_url(built_site, tmp_path_factory):
    host = tmp_path_factory.mktemp("host")
    target = host / SUBPATH
    target.parent.mkdir(parents=True)
    target.symlink_to(built_site, target_is_directory=True)
    server, url = start_server(host)
    yield url + SUBPATH
    server.shutdown()


@pytest.fixture
def game(context):
    yield from game_in(context)


@pytest.fixture(scope="session")
def signal(tmp_path_factory):
    service = start_signal(log=tmp_path_factory.mktemp("signal") / "signal.log")
    yield service
    service.stop()
