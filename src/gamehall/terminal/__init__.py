"""Playing in the terminal: boards drawn as text, the events told in words, the input loop.

``TerminalGame(match, engines, stdin, stdout).run()`` plays a match with people typing their
moves and engines playing for the others (``gamehall play`` on the command line builds one);
``render(match, viewer)`` draws a match's board and status lines from one player's side.
"""

from gamehall.terminal.render import render
from gamehall.terminal.session import TerminalGame

__all__ = ["TerminalGame", "render"]
