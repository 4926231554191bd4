"""``gamehall tournament GAME``: an engine tournament on the command line.

Computer players (``--player computer:LEVEL``, once per player) play a tournament in any
format; a progress bar runs on the standard error while they play, the standings are printed
at the end, and ``--json FILE`` writes the whole event (the schema is in docs/tournaments.md).
Each player is one unique name, its level and its entry number (``random-1``, ``beginner-2``),
used the same way everywhere.
"""

import argparse
import json
import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from gamehall.engines import LEVELS
from gamehall.errors import GameError
from gamehall.play.settings import GAME_NAMES
from gamehall.terminal import columns
from gamehall.terminal.helptext import paragraphs
from gamehall.terminal.settings import add_settings_arguments, describe, settings_from
from gamehall.terminal.tournament_play import Absence, Entrant, run
from gamehall.tournaments import (
    ROUND_FORMATS,
    TIEBREAKS,
    Pairing,
    StandingRow,
    Standings,
    Tournament,
    TournamentSettings,
)
from gamehall.tournaments.groups import snake_groups
from gamehall.words.catalog import Words
from gamehall.words.forfeits import forfeit_reason

Say = Callable[..., str]


def add_parser(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", say: Say) -> None:
    """Add ``tournament`` to the command line's subcommands, its help in ``say``'s language."""
    parser = sub.add_parser(
        "tournament",
        help=say("cli.tournament.help"),
        description=say("cli.tournament.description"),
        epilog=paragraphs(say("cli.tournament.epilog", levels=", ".join(LEVELS))),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", choices=GAME_NAMES)
    parser.add_argument(
        "--format",
        choices=ROUND_FORMATS,
        default="round-robin",
        dest="form",
        metavar="FORMAT",
        help=say("cli.tournament.format", formats=", ".join(ROUND_FORMATS)),
    )
    parser.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="computer:LEVEL",
        help=say("cli.tournament.player"),
    )
    parser.add_argument("--rounds", type=int, metavar="N", help=say("cli.tournament.rounds"))
    parser.add_argument(
        "--double", action="store_true", default=None, help=say("cli.tournament.double")
    )
    parser.add_argument(
        "--group-size",
        type=int,
        metavar="N",
        help=say("cli.tournament.group-size"),
    )
    parser.add_argument(
        "--qualify",
        type=int,
        metavar="N",
        help=say("cli.tournament.qualify"),
    )
    parser.add_argument(
        "--final",
        choices=("knockout", "round-robin"),
        help=say("cli.tournament.final"),
    )
    parser.add_argument(
        "--seeding",
        choices=("standard", "lots"),
        help=say("cli.tournament.seeding"),
    )
    parser.add_argument(
        "--tiebreak",
        action="append",
        choices=TIEBREAKS,
        metavar="NAME",
        help=say("cli.tournament.tiebreak", tiebreaks=", ".join(TIEBREAKS)),
    )
    parser.add_argument("--seed", type=int, metavar="S", help=say("cli.tournament.seed"))
    parser.add_argument("--json", metavar="FILE", help=say("cli.tournament.json"))
    parser.add_argument(
        "--withdraw",
        action="append",
        default=[],
        metavar="NAME@ROUND",
        help=say("cli.tournament.withdraw"),
    )
    parser.add_argument(
        "--forfeit",
        action="append",
        default=[],
        metavar="NAME@ROUND",
        help=say("cli.tournament.forfeit"),
    )
    parser.add_argument("--quiet", action="store_true", help=say("cli.quiet"))
    add_settings_arguments(parser, say)


def entrants(specs: list[str]) -> list[Entrant]:
    """The players of ``--player`` options, each named ``LEVEL-N`` (N its entry number)."""
    out = []
    for number, spec in enumerate(specs, start=1):
        kind, _, level = spec.partition(":")
        if kind != "computer":
            raise GameError(
                f"--player {spec!r}: give computer:LEVEL ({', '.join(LEVELS)}); "
                "external engines need a protocol adapter"
            )
        chosen = next((name for name in LEVELS if name == level), None)
        if chosen is None:
            raise GameError(f"--player {spec!r}: there is no level {level!r}: {', '.join(LEVELS)}")
        out.append(Entrant(f"{chosen}-{number}", chosen))
    if len(out) < 2:
        raise GameError("a tournament needs 2 players or more: give --player for each")
    return out


FORMAT_OPTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "double": ("--double", ("round-robin", "groups", "two-stage")),
    "group_size": ("--group-size", ("groups", "two-stage")),
    "qualify": ("--qualify", ("groups", "two-stage")),
    "final": ("--final", ("two-stage",)),
    "seeding": ("--seeding", ("knockout", "two-stage")),
    "tiebreak": ("--tiebreak", ("round-robin", "groups", "two-stage", "swiss")),
}
"""The options that only some formats read (dest: flag, formats): given with another format
they would be ignored, so they are refused."""


def check_options(args: argparse.Namespace) -> None:
    """Refuse an option the chosen format or game would silently ignore (``GameError``)."""
    for dest, (flag, formats) in FORMAT_OPTIONS.items():
        if getattr(args, dest) is not None and args.form not in formats:
            raise GameError(
                f"{flag} does not apply to a {args.form} tournament: it is for {', '.join(formats)}"
            )
    if args.forbidden is not None and (args.rule or "renju").startswith("gomoku"):
        raise GameError(
            f"--forbidden {args.forbidden} does not apply to {args.rule}: only renju rules have "
            "forbidden moves (leave --forbidden out, or play --rule renju)"
        )


def check_json_path(name: str) -> None:
    """Refuse a ``--json`` file that could not be written, before the tournament runs."""
    path = Path(name)
    if path.is_dir():
        raise GameError(f"--json {name} is a folder: give a file name, e.g. {path / 'result.json'}")
    folder = path.resolve().parent
    if not folder.is_dir():
        raise GameError(f"--json {name}: there is no folder {path.parent}")
    if (path.exists() and not os.access(path, os.W_OK)) or (
        not path.exists() and not os.access(folder, os.W_OK)
    ):
        raise GameError(f"--json {name}: cannot write there (permission denied)")


def absences(args: argparse.Namespace, players: list[Entrant]) -> list[Absence]:
    """The ``--withdraw`` and ``--forfeit`` options as the director's decisions."""
    names = [entrant.name for entrant in players]
    out = []
    for flag, specs, withdraws in (
        ("--withdraw", args.withdraw, True),
        ("--forfeit", args.forfeit, False),
    ):
        for spec in specs:
            name, _, number = spec.rpartition("@")
            if not name or not number.isdigit() or int(number) < 1:
                raise GameError(f"{flag} {spec!r}: write NAME@ROUND, e.g. {names[0]}@2")
            if name not in names:
                raise GameError(f"{flag} {spec!r}: {name} is not a player: {', '.join(names)}")
            out.append(Absence(name, int(number), withdraws))
    leaving = [a.player for a in out if a.withdraws]
    twice = next((name for name in leaving if leaving.count(name) > 1), None)
    if twice is not None:
        raise GameError(f"--withdraw: {twice} can withdraw once")
    return out


def tournament_settings(args: argparse.Namespace, lots_seed: int) -> TournamentSettings:
    """The tournament the options describe (checked by ``TournamentSettings``); the options
    not given take the settings' defaults."""
    return TournamentSettings(
        args.form,
        settings_from(args),
        rounds=args.rounds,
        double=bool(args.double),
        group_size=args.group_size,
        qualify=3 if args.qualify is None else args.qualify,
        final=args.final or "knockout",
        seeding=args.seeding or "standard",
        tiebreaks=tuple(args.tiebreak or ()),
        lots_seed=lots_seed,
    )


def expected_matches(t: Tournament) -> int:
    """How many matches the tournament will play, replays of drawn knockout pairings aside."""
    s, n = t.settings, len(t.players)
    cycles = 2 if s.double else 1
    groups = [len(group) for group in snake_groups(list(t.players), s.group_size)]
    in_groups = sum(cycles * g * (g - 1) // 2 for g in groups)
    if s.format == "round-robin":
        return cycles * n * (n - 1) // 2
    if s.format == "swiss":
        return (s.rounds or 0) * (n // 2)
    if s.format == "knockout":
        return n - 1
    if s.format == "groups":
        return in_groups
    q = t.qualifier_count()
    return in_groups + (q - 1 if s.final == "knockout" else cycles * q * (q - 1) // 2)


class ProgressBar:
    """A bar of the matches played; redrawn in place on a terminal, a line a round elsewhere."""

    WIDTH = 30

    def __init__(self, stream: TextIO, total: int, say: Say) -> None:
        self.stream = stream
        self.say = say
        self.total = max(1, total)
        self.done = 0
        self.live = stream.isatty()

    def __call__(self, t: Tournament, pairing: Pairing) -> None:
        self.done += 1
        self.total = max(self.total, self.done)
        filled = self.WIDTH * self.done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        said = self.say(
            "terminal.tournament.progress", done=self.done, total=self.total, round=pairing.round
        )
        line = f"[{bar}] {said}"
        if self.live:
            self.stream.write("\r" + line)
        elif not t.pending:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def number(value: float | None) -> str:
    """A score as people write it: 3, 2.5, 10.75; ``-`` for none."""
    return "-" if value is None else f"{value:g}"


def standings_table(standings: Standings, say: Say, by_group: bool = False) -> str:
    """The standings as a text table: ``by_group``, each group under its own heading (its
    qualifiers starred); otherwise one table, with a column for the group where rows have one."""
    names = list(standings.tiebreaks)
    width = max([len(row.player) for row in standings.rows] + [6])
    show_group = not by_group and any(row.group for row in standings.rows)
    player, group_word = say("terminal.tournament.player"), say("terminal.tournament.group")
    points = say("terminal.tournament.points")
    width = max(width, columns.width(player))
    group_width = max(5, columns.width(group_word))
    points_width = max(6, columns.width(points))
    header = (
        f"{'#':>3}  {columns.left(player, width)}"
        + (f"  {columns.right(group_word, group_width)}" if show_group else "")
        + f"  {columns.right(points, points_width)}"
        + "".join(f"  {name:>{max(len(name), 6)}}" for name in names)
    )
    lines: list[str] = []
    group: str | None = None
    for row in standings.rows:
        if not lines or (by_group and row.group != group):
            group = row.group
            if lines:
                lines.append("")
            if by_group and group is not None:
                lines.append(say("terminal.tournament.group-heading", group=group))
            lines.append(header)
        mark = "*" if row.qualified else " "
        cells = "".join(
            f"  {number(row.tiebreaks.get(name)):>{max(len(name), 6)}}" for name in names
        )
        place = f"  {row.group or '':>{group_width}}" if show_group else ""
        note = "  " + say("terminal.tournament.annulled") if row.annulled else ""
        score = f"{number(row.points):>{points_width}}"
        lines.append(f"{row.rank:>3}{mark} {row.player:<{width}}{place}  {score}{cells}{note}")
    if any(row.qualified for row in standings.rows):
        lines.append("* " + say("terminal.tournament.qualified"))
    return "\n".join(lines)


def report(t: Tournament, said: Words) -> str:
    """What the command prints at the end: the standings (the groups' first in a two-stage
    event), the forfeits and why, and the winner, in ``said``'s language."""
    say = said.say
    form = t.settings.format
    parts = []
    if form in ("groups", "two-stage"):
        groups = Standings(
            tuple(row for table in t.group_standings() for row in table.rows),
            t.settings.chosen_tiebreaks,
            t.settings.lots_seed,
        )
        parts.append(standings_table(groups, say, by_group=True))
    if form == "two-stage":
        heading = say("terminal.tournament.final-standings", final=t.settings.final)
        parts.append(heading + "\n" + standings_table(t.standings(), say))
    elif form != "groups":
        parts.append(standings_table(t.standings(), say))
    forfeits = [p for p in t.pairings if p.result is not None and p.result.reason is not None]
    if forfeits:
        lines = [_forfeit_line(p, said) for p in forfeits]
        parts.append(say("terminal.tournament.forfeits") + "\n" + "\n".join(lines))
    if t.winner is not None:
        parts.append(say("terminal.tournament.winner", name=t.winner))
    return "\n\n".join(parts) + "\n"


def _forfeit_line(pairing: Pairing, said: Words) -> str:
    """One forfeit of the record: where, the result as crosstables write it, and why (its
    code in the reader's words)."""
    assert pairing.result is not None
    line = said.say(
        "terminal.tournament.forfeit",
        round=pairing.round,
        board=pairing.board,
        players=f"{pairing.first} - {pairing.second}",
        outcome=pairing.result.outcome,
        reason=forfeit_reason(said, pairing),
    )
    return f"  {line}"


def to_json(t: Tournament, seed: int | None) -> dict[str, Any]:
    """The tournament in the command line's JSON form (docs/tournaments.md)."""
    rounds: list[list[dict[str, Any]]] = [[] for _ in range(t.current_round)]
    for p in t.pairings:
        result = p.result
        rounds[p.round - 1].append(
            {
                "players": [p.first, p.second],
                "result": None if result is None else result.outcome,
                "score": None if result is None or result.score is None else list(result.score),
                "reason": None if result is None else result.reason,
                "board": p.board,
                "leg": p.leg,
                "group": p.group,
                "stage": p.stage,
            }
        )
    standings = t.standings()
    return {
        "format": t.settings.format,
        "game": t.settings.game,
        "players": list(t.players),
        "rounds": rounds,
        "standings": [_row(row) for row in standings.rows],
        "groups": (
            [[_row(row) for row in table.rows] for table in t.group_standings()]
            if t.settings.format in ("groups", "two-stage")
            else None
        ),
        "winner": t.winner,
        "settings": t.settings.to_dict(),
        "seed": seed,
        "lots_seed": t.settings.lots_seed,
    }


def _row(row: StandingRow) -> dict[str, Any]:
    return {
        "rank": row.rank,
        "player": row.player,
        "points": row.points,
        "tiebreaks": dict(row.tiebreaks),
        "group": row.group,
        "qualified": row.qualified,
        "annulled": row.annulled,
        "lot": row.lot,
    }


def main(args: argparse.Namespace, stdout: TextIO, stderr: TextIO, words: Words) -> int:
    """Run ``gamehall tournament``, saying what it prints in ``words``' language; returns the
    exit status (``GameError`` for bad options)."""
    say = words.say
    players = entrants(args.player)
    if args.seed is not None and args.seed < 0:
        raise GameError(f"--seed {args.seed}: give a whole number of 0 or more")
    check_options(args)
    absent = absences(args, players)
    lots_seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    settings = tournament_settings(args, lots_seed)
    if args.json:
        check_json_path(args.json)
    t = Tournament.create(settings, [entrant.name for entrant in players])
    heading = say(
        "terminal.tournament.heading",
        format=settings.format,
        settings=describe(settings.match, words.language),
        count=len(players),
        seed=lots_seed,
    )
    stdout.write(heading + "\n")
    warning = t.swiss_warning()
    if warning is not None:
        stderr.write(say("terminal.tournament.warning", warning=warning) + "\n")
    stdout.flush()
    bar = None if args.quiet else ProgressBar(stderr, expected_matches(t), say)
    t = run(t, players, args.seed, bar, absent)
    if bar is not None:
        bar.close()
    for absence in absent:
        if absence.round > t.current_round:
            flag = "--withdraw" if absence.withdraws else "--forfeit"
            option = f"{flag} {absence.player}@{absence.round}"
            said = say("terminal.tournament.unused", option=option, last=t.current_round)
            stderr.write(said + "\n")
    stdout.write(report(t, words))
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(to_json(t, args.seed), indent=2) + "\n")
        except OSError as error:
            raise GameError(f"cannot write {args.json}: {error}") from None
        stdout.write(say("terminal.tournament.wrote", path=args.json) + "\n")
    return 0
