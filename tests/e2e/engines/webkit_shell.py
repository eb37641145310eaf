#!/usr/bin/python3
"""A small WebKitGTK browser for WebKitWebDriver (tests/e2e/engines/webkit.py).

Debian's MiniBrowser runs automation sessions in an ephemeral profile (nothing is kept
when it closes, so no second visit after a relaunch) and without init scripts or
console output. This one is the same engine (WebKitGTK 4.1 through Debian's
``python3-gi`` and ``gir1.2-webkit2-4.1``, run by the system's Python) with:

- ``--profile=DIR``: website data (storage, caches, service workers) kept in DIR;
- ``--init-script=FILE``: a user script run at document start in every page;
- console messages and uncaught errors on stdout (WebKit's ``CONSOLE ... ERROR`` lines);
- SIGUSR1 takes it off the network (every request goes to a closed proxy port),
  SIGUSR2 brings it back (``DIR/network`` then says ``offline`` or ``online``); its
  process id is in ``DIR/shell.pid``;
- ``--memory-limit=MB``: WebKit's own memory-pressure limit for its web processes (it
  collects garbage harder as the limit nears), for bench/memory.py;
- WebRTC switched on (WebKitGTK has it off by default).

WebKitWebDriver starts it with ``--automation`` and drives the views it asks for.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

DEAD_PROXY = "http://127.0.0.1:9"  # the discard port: nothing listens there


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--automation", action="store_true")
    parser.add_argument("--profile", required=True)
    parser.add_argument("--init-script")
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--memory-limit", type=int, default=0, help="MB; 0: WebKit's default")
    return parser.parse_known_args(argv)[0]


def main(argv: list[str]) -> None:
    import gi  # the system's, not the test environment's

    gi.require_version("Gtk", "3.0")
    gi.require_version("WebKit2", "4.1")
    from gi.repository import GLib, Gtk, WebKit2

    args = parse(argv)
    manager = WebKit2.WebsiteDataManager(
        base_data_directory=os.path.join(args.profile, "data"),
        base_cache_directory=os.path.join(args.profile, "cache"),
    )
    pressure = {}
    if args.memory_limit:
        limit = WebKit2.MemoryPressureSettings.new()
        limit.set_memory_limit(args.memory_limit)
        pressure["memory_pressure_settings"] = limit
    context = WebKit2.WebContext(website_data_manager=manager, **pressure)
    context.set_automation_allowed(True)
    content = WebKit2.UserContentManager()
    if args.init_script:
        with open(args.init_script, encoding="utf-8") as file:
            source = file.read()
        content.add_script(
            WebKit2.UserScript.new(
                source,
                WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )
    settings = WebKit2.Settings()
    settings.set_enable_write_console_messages_to_stdout(True)
    settings.set_enable_webrtc(True)
    settings.set_enable_media_stream(True)
    windows = []

    def new_view(_session):
        view = WebKit2.WebView(
            web_context=context,
            user_content_manager=content,
            settings=settings,
            is_controlled_by_automation=True,
        )
        window = Gtk.Window()
        window.set_default_size(args.width, args.height)
        window.add(view)
        window.show_all()
        windows.append(window)
        return view

    def started(_context, session):
        info = WebKit2.ApplicationInfo()
        info.set_name("MiniBrowser")  # the name Selenium's WebKitGTK options ask for
        info.set_version(
            WebKit2.get_major_version(), WebKit2.get_minor_version(), WebKit2.get_micro_version()
        )
        session.set_application_info(info)
        session.connect("create-web-view", new_view)

    def offline(on: bool) -> bool:
        if on:
            proxy = WebKit2.NetworkProxySettings.new(DEAD_PROXY, [])
            manager.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, proxy)
        else:
            manager.set_network_proxy_settings(WebKit2.NetworkProxyMode.NO_PROXY, None)
        # Said once it holds, so the driver waits for this rather than for a while.
        with open(os.path.join(args.profile, "network"), "w", encoding="utf-8") as file:
            file.write("offline" if on else "online")
        return True  # keep the signal handler

    context.connect("automation-started", started)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, offline, True)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR2, offline, False)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, Gtk.main_quit)
    with open(os.path.join(args.profile, "shell.pid"), "w", encoding="utf-8") as file:
        file.write(str(os.getpid()))
    sys.stdout.reconfigure(line_buffering=True)
    Gtk.main()


if __name__ == "__main__":
    main(sys.argv[1:])
