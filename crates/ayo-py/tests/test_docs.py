"""The examples of docs/PYTHON.md run as written (Python's doctest)."""

from __future__ import annotations

import doctest

from conftest import ROOT


def test_the_python_guide() -> None:
    failures, tried = doctest.testfile(
        str(ROOT / "docs" / "PYTHON.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert tried > 30
    assert failures == 0


def test_the_package_docstring() -> None:
    import ayo

    failures, tried = doctest.testmod(ayo)
    assert tried > 0
    assert failures == 0
