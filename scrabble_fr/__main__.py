"""``python -m scrabble_fr`` is the ``scrabble-fr`` command."""

from scrabble_fr.cli import main

raise SystemExit(main())
