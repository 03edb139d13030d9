"""Shared helpers: the command line `ayo` the results are compared with, and the fixtures."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, List

import pytest

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "fixtures"


def cli_path() -> str:
    """`AYO_BIN`, else the workspace's release build, else `ayo` on PATH."""
    given = os.environ.get("AYO_BIN")
    if given:
        return given
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    for candidate in (target / "release" / "ayo", ROOT / "target" / "release" / "ayo"):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which("ayo")
    if found:
        return found
    pytest.fail("no ayo binary: run `cargo build --release` or set AYO_BIN")
    raise AssertionError


def ayo(*args: str, ok: tuple = (0, 1)) -> str:
    """Runs the command line from the checkout's root and returns its standard output."""
    run = subprocess.run([cli_path(), *args], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode in ok, f"ayo {' '.join(args)}: exit {run.returncode}: {run.stderr}"
    return run.stdout


def ayo_json_lines(*args: str) -> List[Any]:
    return [json.loads(line) for line in ayo(*args).splitlines() if line.strip()]


def record_fixtures() -> List[str]:
    """Every record file under fixtures/, relative to the root (as the CLI is given them)."""
    return sorted(str(p.relative_to(ROOT)) for p in FIXTURES.rglob("*.ayo"))


@pytest.fixture(autouse=True)
def at_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Relative fixture paths resolve as for the command line."""
    monkeypatch.chdir(ROOT)
