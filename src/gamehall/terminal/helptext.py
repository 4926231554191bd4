"""The command line's help in the chosen language: argparse's own words (``usage:``, the
groups' titles, ``--help``'s help, the error line) said from the catalog, and a long help text
(an epilog) laid out for the terminal, each line wrapped on its own."""

import argparse
import sys
import textwrap
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, cast

Say = Callable[..., str]

WIDTH = 95


def paragraphs(text: str, width: int = WIDTH) -> str:
    """``text`` with each of its lines wrapped to ``width`` columns (an indented line keeps its
    indent; the blank lines between paragraphs stay)."""
    return "\n".join(textwrap.fill(line, width) for line in text.split("\n"))


def said_parser(say: Say) -> type[argparse.ArgumentParser]:
    """An ``ArgumentParser`` whose own words are ``say``'s; its subcommands' parsers (of
    ``add_subparsers``) are of the same class, so speak the same language."""

    class SaidParser(argparse.ArgumentParser):
        def __init__(self, **kwargs: Any) -> None:
            helps = kwargs.pop("add_help", True)
            super().__init__(**{**kwargs, "add_help": False})
            self._positionals.title = say("cli.positionals")
            self._optionals.title = say("cli.options")
            if helps:
                self.add_argument(
                    "-h", "--help", action="help", default=argparse.SUPPRESS, help=say("cli.help")
                )

        def _get_formatter(self) -> argparse.HelpFormatter:
            prefix = say("cli.usage") + " "
            plain = cast(type[argparse.HelpFormatter], self.formatter_class)

            def add_usage(
                formatter: argparse.HelpFormatter,
                usage: str | None,
                actions: Iterable[argparse.Action],
                groups: Iterable[argparse._MutuallyExclusiveGroup],
                given: str | None = None,
            ) -> None:
                plain.add_usage(
                    formatter, usage, actions, groups, prefix if given is None else given
                )

            said = type("SaidFormatter", (plain,), {"add_usage": add_usage})
            return cast(argparse.HelpFormatter, said(prog=self.prog))

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            self.exit(2, say("cli.error", prog=self.prog, message=message) + "\n")

    return SaidParser
