"""``bench/server.py``, the instrument of the server's figures, still measures and still
checks: a tiny run on SQLite (its pages in two worker processes, a finished phase and
the floor) prints every figure, and its check read every page's messages into a
``Guest`` and found each view equal to the stored match replayed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_small_run_prints_its_figures_and_a_clean_check():
    out = subprocess.run(
        [
            sys.executable,
            "bench/server.py",
            "--tables",
            "4",
            "--rate",
            "12",
            "--seconds",
            "3",
            "--finish",
            "2",
            "--floor-seconds",
            "2",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    result = json.loads(out)
    held, finished, floor = result["held"], result["finished"], result["floor"]
    assert held["moves"] >= 12 and held["check"]["mismatches"] == []
    assert held["check"]["tables_checked"] == 4
    assert held["check"]["moves_checked"] == held["moves"]  # every move sent was stored
    assert held["latency_ms"]["n"] == held["moves"]  # and told to all four pages
    assert held["server_cpu_ms_per_move"] > 0 and held["pages_cpu_ms_per_move"] > 0
    assert finished["matches"] == 2 and finished["check"]["mismatches"] == []
    assert floor["moves"] > 0 and result["cpu_ratio_to_floor"] > 0
