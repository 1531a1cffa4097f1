"""Running the command line in-process, with its output captured."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from scrabble_fr.cli import main
from scrabble_fr.i18n import set_language


@dataclass
class Run:
    status: int
    out: str
    err: str


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Call ``scrabble_fr.cli.main`` and check that nothing ever prints a traceback."""

    def _run(*argv: str) -> Run:
        out, err = io.StringIO(), io.StringIO()
        status = main(list(argv), out=out, err=err)
        captured = capsys.readouterr()
        result = Run(status, out.getvalue() + captured.out, err.getvalue() + captured.err)
        assert "Traceback" not in result.out + result.err
        return result

    return _run


@pytest.fixture
def english() -> None:
    set_language("en")
