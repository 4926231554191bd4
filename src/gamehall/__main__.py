"""``python -m gamehall``: the command line."""

from gamehall.cli import main

raise SystemExit(main())
