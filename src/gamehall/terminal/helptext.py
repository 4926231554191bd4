"""The command line's help in the chosen language: argparse's own words (``usage:``, the
groups' titles, ``--help``'s help, the error line and its refusals of bad options) said from the
catalog, and a long help text (an epilog) laid out for the terminal, each line wrapped on its
own."""

import argparse
import sys
import textwrap
from collections.abc import Callable, Iterable
from typing import Any, NoReturn, cast

from gamehall.terminal.parser_words import speaking, type_name
from gamehall.words import Words

Say = Callable[..., str]

WIDTH = 95


def paragraphs(text: str, width: int = WIDTH) -> str:
    """``text`` with each of its lines wrapped to ``width`` columns (an indented line keeps its
    indent; the blank lines between paragraphs stay)."""
    return "\n".join(textwrap.fill(line, width) for line in text.split("\n"))


def said_parser(said: Words) -> type[argparse.ArgumentParser]:
    """An ``ArgumentParser`` whose own words are ``said``'s, its refusals of bad options too;
    its subcommands' parsers (of ``add_subparsers``) are of the same class, so speak the same
    language."""
    say = said.say

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

        def parse_args(self, args: Iterable[str] | None = None, namespace: Any = None) -> Any:
            with speaking(said):
                return super().parse_args(args, namespace)

        def parse_known_args(
            self, args: Iterable[str] | None = None, namespace: Any = None
        ) -> tuple[Any, list[str]]:
            with speaking(said):
                return super().parse_known_args(args, namespace)

        def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
            """The value of an option, or a refusal naming the kind of value it takes in the
            reader's words (argparse names the type's Python name)."""
            try:
                return super()._get_value(action, arg_string)
            except argparse.ArgumentError:
                kind = type_name(said, action.type)
                if kind is None:
                    raise
                template = vars(argparse)["_"]("invalid %(type)s value: %(value)r")
                message = template % {"type": kind, "value": arg_string}
                raise argparse.ArgumentError(action, message) from None

        def error(self, message: str) -> NoReturn:
            self.print_usage(sys.stderr)
            self.exit(2, say("cli.error", prog=self.prog, message=message) + "\n")

    return SaidParser
