"""The games of a renju match as boards, read from the match's log: what a ``.psq`` file holds,
with the opening rule's decisions, and a ``.psq`` file read back into a match.

``renju_game(settings, events, number)`` replays game ``number`` of a match (by default the last
game with a stone on the board) onto a ``Board`` with the match's rules options, and says who
had Black; ``RenjuGame.to_psq(players)`` writes it as Piskvork does. ``import_psq(text)`` plays
a ``.psq`` file into a one-game ``RenjuMatch``, its opening decisions included.

A ``.psq`` file has no place for an opening rule's decisions (swaps, the declared number of
fifth moves, the offers), so gamehall writes them as lines after the result code, where
Piskvork has stopped reading (it reads the header, the move lines and the two names)::

    Piskvorky 15x15, 11:11, 0
    8,8,0                    <- the stones, as always (move 5 is the offer White chose)
    ...
    Ann                      <- Black's and White's names (after the swaps)
    Bob
    -1                       <- the result code
    opening yamaguchi        <- the rule (a value of the match option "opening")
    after 3 choose 2         <- each decision: the stones on the board when it was made,
    after 3 choose black        "choose" and the choice (a swap is "black" or "white", a
    after 4 offer g7            declaration a number) or "offer" and a point, in order
    after 4 offer i11
    after 9 claim warning    <- White's claim when there was nothing to claim, and its penalty
    claim                    <- (a claim of a foul stays the last line)

A game with false claims and no opening rule's decisions has the block too, its ``opening``
line naming the match's opening (``center`` or ``free``). A file read back with false claims
is played under ``forbidden="claim"``, their sanction ``loss`` when one was a warning or a loss,
else ``none`` (a file has no clock to give time on).

None of these lines is a move line (``x,y,time``), so readers that skip what they do not know
still read the stones; a file without them is read as a game without decisions.
"""

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from gamehall.errors import GameError, IllegalMoveError, RecordError
from gamehall.play.actions import Action, ClaimFoul, OfferFifth, OpeningChoice, Place
from gamehall.play.events import Event, event_from_dict
from gamehall.play.renju_match import RenjuMatch, new_board
from gamehall.play.renju_openings import OPENING_RULES
from gamehall.play.settings import RENJU_OPENINGS, MatchSettings
from gamehall.play.takebacks import without_taken_back
from gamehall.renju import Board
from gamehall.renju.points import CLAIM, point_name
from gamehall.renju.records import read_psq

StepKind = Literal["choose", "offer", "claim"]
_STEP_KINDS: dict[str, StepKind] = {"choose": "choose", "offer": "offer", "claim": "claim"}
_OPENING = re.compile(r"opening\s+(\S+)\s*")
_STEP = re.compile(r"after\s+(\d+)\s+(choose|offer|claim)\s+(\S+)\s*")
_NUMBER = re.compile(r"\s*-?\d+\s*")


@dataclass(frozen=True)
class OpeningStep:
    """One decision of an opening rule, or a false claim: ``after`` stones were on the board
    when it was made; ``kind`` ``choose`` (an ``opening_choice``) or ``offer`` (a fifth-move
    offer) of ``value``, or ``claim``: White's claim when there was nothing to claim, and its
    penalty as ``value`` (``none``, ``warning``, ``time`` or ``loss``)."""

    after: int
    kind: StepKind
    value: str

    def line(self) -> str:
        """The step as a line of a ``.psq`` file."""
        return f"after {self.after} {self.kind} {self.value}"

    def action(self) -> Action:
        """The match's action of this step."""
        if self.kind == "claim":
            return ClaimFoul()
        return OpeningChoice(self.value) if self.kind == "choose" else OfferFifth(self.value)


@dataclass(frozen=True)
class PsqOpening:
    """An opening rule's decisions in a game and White's false claims: the rule (the match's
    ``opening`` option) and its steps, in order."""

    rule: str
    steps: tuple[OpeningStep, ...] = ()

    def lines(self) -> list[str]:
        """The lines a ``.psq`` file holds them in."""
        return [f"opening {self.rule}", *(step.line() for step in self.steps)]


@dataclass(frozen=True)
class RenjuGame:
    """One game of a renju match: its number (from 1), the seat with Black (after the opening
    rule's swaps), the board with every stone, pass and claim played in it, and the opening
    rule's decisions if the match has one."""

    number: int
    black: int
    board: Board
    opening: PsqOpening | None = None

    @property
    def has_pass(self) -> bool:
        """Whether a player passed in this game (a ``.psq`` file cannot hold a pass)."""
        return "pass" in self.board.moves

    def to_psq(self, players: Sequence[str]) -> str:
        """The game as a ``.psq`` text, ``players`` being the match's two names in seat order;
        ``RecordError`` for a game with a pass."""
        if len(players) != 2:
            raise RecordError("a renju game has two players")
        if self.has_pass:
            raise RecordError("this game has a pass, which a .psq file cannot hold")
        text = self.board.to_psq((players[self.black], players[1 - self.black]))
        if self.opening is None:
            return text
        lines = text.splitlines()
        at = len(lines) - 1 if lines[-1] == "claim" else len(lines)
        return "\n".join([*lines[:at], *self.opening.lines(), *lines[at:]]) + "\n"


def renju_game(
    settings: MatchSettings,
    events: Iterable[Event | Mapping[str, object]],
    number: int | None = None,
) -> RenjuGame:
    """Game ``number`` (from 1) of the renju match whose log is ``events`` (``Event`` values or
    their dict form); ``None`` takes the last game in which a stone has been played.
    ``RecordError`` when there is no such game or the log does not replay."""
    if settings.game != "renju":
        raise RecordError(f"a {settings.game} match has no renju games")
    rule = settings.options.get("opening", "center")
    games: list[tuple[list[int], list[str], list[OpeningStep]]] = []
    read = [event_from_dict(item) if isinstance(item, Mapping) else item for item in events]
    for event in without_taken_back(read):
        if event.kind == "game_start":
            games.append(([event.outcome.get("black", 0)], [], []))
        elif not games or event.derived:
            continue
        elif event.kind in ("move", "claim"):
            games[-1][1].append(event.outcome["move"])
        elif event.kind == "pass":
            games[-1][1].append("pass")
        elif event.kind == "offer":
            games[-1][2].append(_step(len(games[-1][1]), "offer", event.data["point"]))
        elif event.kind == "false_claim":
            games[-1][2].append(_step(len(games[-1][1]), "claim", event.outcome["penalty"]))
        elif event.kind == "opening_choice":
            games[-1][2].append(_step(len(games[-1][1]), "choose", event.data["choice"]))
            black = event.outcome.get("black")
            if black is not None:
                games[-1][0][0] = black
    if number is None:
        played = [i + 1 for i, (_, moves, _) in enumerate(games) if moves]
        if not played:
            raise RecordError("no stone has been played in this match yet")
        number = played[-1]
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(games):
        raise RecordError(f"this match has no game {number!r} (it has {len(games)})")
    (black,), moves, steps = games[number - 1]
    board = new_board(settings.options)
    for move in moves:
        try:
            if move == "claim":
                board.claim()
            else:
                board.play(move)
        except GameError as exc:
            raise RecordError(f"game {number} does not replay: {exc}") from None
    kept = rule in OPENING_RULES or any(step.kind == "claim" for step in steps)
    opening = PsqOpening(rule, tuple(steps)) if kept else None
    return RenjuGame(number, black, board, opening)


def _step(stones: int, kind: StepKind, value: str) -> OpeningStep:
    """The step of an ``opening_choice`` (``choose``), ``offer`` or ``false_claim`` (``claim``)
    event, made after ``stones``."""
    return OpeningStep(stones, kind, value.strip().lower())


def import_psq(text: str, options: Mapping[str, str] | None = None) -> RenjuMatch:
    """The game of a ``.psq`` text played as a one-game renju match with the rules ``options``
    (``rule``, ``opening``, ``forbidden``, which the file does not hold), its opening rule's
    decisions and a claim included: seat 0 is the tentative first player. The names are the
    file's (``Black`` and ``White`` when it has none).

    ``RecordError`` for a file that cannot be read or whose opening lines contradict
    ``options``; ``IllegalMoveError("line 7: ...")`` naming the line of a step the rules refuse.
    """
    lines = text.lstrip("\ufeff").splitlines()
    moves = read_psq(text)
    opening = _read_opening(lines)
    given = dict(options or {})
    if opening is not None:
        if given.get("opening", opening.rule) != opening.rule:
            raise RecordError(
                f"the file was played under the opening {opening.rule!r}, not {given['opening']!r}"
            )
        given["opening"] = opening.rule
        penalties = {step.value for _, step in opening.steps if step.kind == "claim"}
        if penalties:  # false claims: White claimed fouls; a replay keeps their sanction
            given.setdefault("forbidden", "claim")
            given.setdefault("false_claim", "loss" if penalties & {"warning", "loss"} else "none")
    settings = MatchSettings.from_dict({"game": "renju", "length": 1, "options": {**given}})
    names = _names(lines, moves)
    steps = [] if opening is None else opening.steps
    match = _replay(settings, names, moves, steps)
    if match.black == 1:  # an odd number of swaps: the file's Black was the second player
        match = _replay(settings, (names[1], names[0]), moves, steps)
    return match


@dataclass(frozen=True)
class _ReadOpening:
    """The opening block of a file: the rule, and each step with its line number."""

    rule: str
    steps: list[tuple[int, OpeningStep]]


def _read_opening(lines: list[str]) -> _ReadOpening | None:
    """The opening block at the end of the file (before a last ``claim``), with the line
    number of each step; None when there is none."""
    end = len(lines)
    while end and not lines[end - 1].strip():
        end -= 1
    if end and lines[end - 1].strip() == "claim":
        end -= 1
    start = end
    while start and _STEP.fullmatch(lines[start - 1]):
        start -= 1
    head = _OPENING.fullmatch(lines[start - 1]) if start else None
    if head is None:
        if start < end:
            raise RecordError(f"line {start + 1}: an opening step comes after an 'opening' line")
        return None
    if head[1] not in RENJU_OPENINGS:
        raise RecordError(
            f"line {start}: {head[1]!r} is not an opening rule: one of {', '.join(RENJU_OPENINGS)}"
        )
    steps: list[tuple[int, OpeningStep]] = []
    for number in range(start + 1, end + 1):
        step = _STEP.fullmatch(lines[number - 1])
        assert step is not None
        kind: StepKind = (
            "claim" if step[2] == "claim" else "choose" if step[2] == "choose" else "offer"
        )
        steps.append((number, OpeningStep(int(step[1]), kind, step[3].lower())))
        if len(steps) > 1 and steps[-1][1].after < steps[-2][1].after:
            raise RecordError(
                f"line {number}: the steps are out of order: one made after "
                f"{steps[-1][1].after} stones follows one made after {steps[-2][1].after}"
            )
    return _ReadOpening(head[1], steps)


def _names(lines: list[str], moves: list[tuple[int, int]]) -> tuple[str, str]:
    """Black's and White's names: the two lines after the moves when they are there (a result
    code alone is not a name)."""
    last = max((number for number, point in moves if point != CLAIM), default=1)
    tail = [line.strip() for line in lines[last:] if line.strip()]
    if len(tail) >= 2 and not _NUMBER.fullmatch(tail[0]) and not _OPENING.fullmatch(tail[0]):
        return tail[0], tail[1]
    return "Black", "White"


def _replay(
    settings: MatchSettings,
    players: tuple[str, str],
    moves: list[tuple[int, int]],
    steps: list[tuple[int, OpeningStep]],
) -> RenjuMatch:
    """The match after the file's stones and steps, each step before the stone that follows
    it."""
    match = RenjuMatch(settings, players, time_source=lambda: 0.0)
    match.start()
    pending = list(steps)
    for stone, (number, point) in enumerate([*moves, (0, None)]):
        while pending and pending[0][1].after <= stone:
            line, step = pending.pop(0)
            claimer = None if match.board is None else 1 - match.black
            _apply(match, line, claimer if step.kind == "claim" else match.to_act, step.action())
        if point is None:
            break
        if point == CLAIM:
            _apply(match, number, 1 - match.black, ClaimFoul())
        else:
            _apply(match, number, match.to_act, Place(point_name(point)))
    if pending:
        line, step = pending[0]
        raise RecordError(f"line {line}: the file has only {len(moves)} moves, not {step.after}")
    return match


def _apply(match: RenjuMatch, line: int, player: int | None, action: Action) -> None:
    if player is None:
        raise IllegalMoveError(f"line {line}: the game is over")
    try:
        match.apply(player, action)
    except IllegalMoveError as error:
        raise IllegalMoveError(f"line {line}: {error}") from None
