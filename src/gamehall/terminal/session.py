"""Playing a match at the terminal: people type their moves, engines play for the others.

``TerminalGame(match, engines, stdin, stdout).run()`` starts the match and runs it to its end:
it tells every event (``Computer: 6-5 24/13``), shows the board from the side of whoever must
type next, reads a command, applies it and answers a mistake with the rule it breaks and a new
prompt. ``quit``, the end of the input and Ctrl-C leave the match unfinished.
"""

import contextlib
import sys
from collections.abc import Mapping
from typing import TextIO

from gamehall.engines.base import Engine
from gamehall.engines.driver import step, wants_to_act
from gamehall.engines.hints import HintError, hint_for
from gamehall.errors import GameError, IllegalMoveError
from gamehall.play.match import Match
from gamehall.play.records import mat_record
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import WITH_OFFERS, Soosorv8, Swap2, Yamaguchi
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.analyse import report
from gamehall.terminal.hints import hint_lines, winning_lines
from gamehall.terminal.moves import single_steps
from gamehall.terminal.narrate import Narrator
from gamehall.terminal.render import colour, render, show_dice, wrap
from gamehall.words import words
from gamehall.words.languages import DEFAULT

HINT_LIMIT = 60
"""The most plays or points ``hint`` lists."""
ROLLOUT_TRIALS = 216
"""The games ``hint rollout`` plays out for each play unless told (six rotations of the first
roll: some thirty seconds on two cores)."""
ROLLOUT_PLAYS = 3
"""The plays ``hint rollout`` rolls out: the best few at 0-ply."""
RENJU_SECONDS = 0.3
"""The search's time a move when the terminal analyses a renju match (a game of 60 moves in
about 20 seconds)."""

_SIMPLE = {
    "roll": "roll",
    "double": "double",
    "take": "take",
    "drop": "drop",
    "beaver": "beaver",
    "accept": "accept",
    "decline": "decline",
    "undo": "undo",
    "confirm": "confirm",
    "pass": "pass",
    "claim": "claim",
    "draw": "offer_draw",
    "next": "next_game",
    "end": "end_session",
}
"""Commands that are one action of the match, with no argument."""

_OPENING_CHOICES = ("white", "black", "place2", "offers")
"""The choices of an opening rule (Swap2), each a command."""
_WORDS = (
    "analyse",
    "help",
    "hint",
    "moves",
    "winning",
    "board",
    "quit",
    "exit",
    "resign",
    *_SIMPLE,
    *_OPENING_CHOICES,
)
_IN_FULL = ("quit", "exit", "resign", "claim", "analyse", *_OPENING_CHOICES)
"""Commands that are never guessed from their first letters."""
_ALIASES = {"q": "quit", "?": "help", "solve": "winning"}


class _Quit(Exception):
    """The player asked to leave (``quit`` or the end of the input)."""


class TerminalGame:
    """One match played at a terminal; ``engines`` maps the computer's players to engines."""

    def __init__(
        self,
        match: Match,
        engines: Mapping[int, Engine],
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        language: str = DEFAULT,
    ) -> None:
        self.match = match
        self.engines = dict(engines)
        self.humans = [p for p in (0, 1) if p not in self.engines]
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.language = language
        self.words = words(language)
        self.narrator = Narrator(match, language)
        self._told = 0
        self._shown: tuple[int, int] | None = None
        self._interactive = (
            self.stdin is sys.stdin
            and self.stdout is sys.stdout
            and self.stdin.isatty()
            and self.stdout.isatty()
        )
        if self._interactive:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401  (line editing and history for input())

    # -- the loop ---------------------------------------------------------------------------------

    def run(self) -> int:
        """Play the match to its end or until the player leaves; returns the exit status:
        0 (also for ``quit`` and the end of the input), 130 after Ctrl-C."""
        try:
            if not self.match.started:
                self.match.start()
            self._tell()
            while not self.match.is_over:
                self.match.check_time()
                self._tell()
                if self.match.is_over:
                    break
                if not self._computer_acts():
                    self._human_acts()
            self._offer_analysis()
        except _Quit:
            self._say(self.words.say("terminal.left"))
            return 0
        except KeyboardInterrupt:
            self._say("\n" + self.words.say("terminal.interrupted"))
            return 130
        return 0

    def _computer_acts(self) -> bool:
        """Let an engine make its decision, if one has to; returns whether one did."""
        match = self.match
        if isinstance(match, TablesMatch) and match.phase == "between":
            if self.humans:
                return False
            match.act(min(self.engines), "end_session")
        else:
            player = next((p for p in sorted(self.engines) if wants_to_act(match, p)), None)
            if player is None:
                return False
            step(match, player, self.engines[player])
        self._tell()
        return True

    def _human_acts(self) -> None:
        """Show the board to the person who must act, read one command and apply it."""
        player = self._human_to_act()
        if self._shown != (len(self.match.events), player):
            self._say(render(self.match, player, self.language))
            self._shown = (len(self.match.events), player)
        line = self._read(self._prompt(player))
        try:
            self._command(player, line.strip())
        except GameError as error:
            self._say(self.words.refusal(error))
        self._tell()

    def _offer_analysis(self) -> None:
        """Once the match is over, offer a person at the keyboard its analysis."""
        if not self.humans:
            return
        try:
            answer = self._read(self.words.say("terminal.prompt.analyse") + " ")
        except _Quit:
            return
        if answer.strip().lower() in ("analyse", "analyze"):
            self._say(self._analysis())

    def _analysis(self) -> str:
        """The analysis of the match so far, as ``gamehall analyse`` prints it."""
        # The analysers load the engines' kernels: imported when asked for, so that every
        # other command of the CLI (``gamehall serve`` among them) starts without them.
        from gamehall.analysis.renju import analyse_renju
        from gamehall.analysis.tables import analyse_record

        match = self.match
        if isinstance(match, RenjuMatch):
            return report(analyse_renju(match, seconds_per_move=RENJU_SECONDS), self.words)
        assert isinstance(match, TablesMatch)
        return report(analyse_record(mat_record(match)), self.words)

    def _human_to_act(self) -> int:
        to_act = self.match.to_act
        return self.humans[0] if to_act is None else to_act

    # -- commands ---------------------------------------------------------------------------------

    def _command(self, player: int, line: str) -> None:
        words = line.split()
        if not words:
            self._empty_line(player)
            return
        word = self._word(words[0].lower())
        if words[0].isdigit() and isinstance(self.match, RenjuMatch) and self.match.opening:
            self._act(player, "opening_choice", choice=words[0])
        elif word is None:
            self._move(player, line)
        elif word in ("quit", "exit"):
            raise _Quit
        elif word == "help":
            game = "renju" if isinstance(self.match, RenjuMatch) else "tables"
            self._say(self.words.say(f"terminal.help.{game}"))
        elif word == "hint" and len(words) > 1:
            self._say("\n".join(self._rolled_out(player, words[1:])))
        elif word == "hint":
            self._say("\n".join(self._hint(player)))
        elif word == "moves":
            self._say("\n".join(self._moves(player)))
        elif word == "winning":
            self._say("\n".join(self._winning(player)))
        elif word == "board":
            self._say(render(self.match, player, self.language))
        elif word == "analyse":
            self._say(self._analysis())
        elif word == "resign":
            self._resign(player, words[1:])
        elif word in _OPENING_CHOICES:
            self._act(player, "opening_choice", choice=word)
        else:
            self._act(player, _SIMPLE[word])

    @staticmethod
    def _word(text: str) -> str | None:
        """The command ``text`` names, in full or by its first letters, or None for a move."""
        if text in _WORDS or text in _ALIASES:
            return _ALIASES.get(text, text)
        if not text.isalpha() or len(text) < 2:
            return None
        found = [word for word in _WORDS if word.startswith(text) and word not in _IN_FULL]
        return found[0] if len(found) == 1 else None

    def _act(self, player: int, kind: str, **data: object) -> None:
        self.match.act(player, kind, **data)

    def _empty_line(self, player: int) -> None:
        match = self.match
        if not isinstance(match, TablesMatch):
            return
        if match.phase == "roll":
            self._act(player, "roll")
        elif match.phase == "move" and "confirm" in match.legal_actions(player):
            self._act(player, "confirm")

    def _resign(self, player: int, rest: list[str]) -> None:
        match = self.match
        if isinstance(match, RenjuMatch) or (isinstance(match, TablesMatch) and match.is_nardy):
            self._act(player, "resign")
            return
        value = rest[0] if rest else "1"
        if value not in ("1", "2", "3"):
            raise IllegalMoveError(self.words.say("terminal.error.resign"))
        self._act(player, "resign", value=int(value))

    def _move(self, player: int, text: str) -> None:
        match = self.match
        if isinstance(match, RenjuMatch):
            self._act(player, "move", point=text.lower())
            return
        assert isinstance(match, TablesMatch)
        if match.phase != "move" or match.to_act != player:
            if "/" not in text:
                raise IllegalMoveError(self.words.say("terminal.error.command", text=repr(text)))
            if match.phase == "roll" and match.to_act == player:
                raise IllegalMoveError(self.words.say("terminal.error.roll-first"))
            self._act(player, "play", text=text)
            return
        assert match.turn is not None
        if not match.turn.moves:
            try:
                self._act(player, "play", text=text)
            except IllegalMoveError as whole:
                try:
                    steps = single_steps(match, text, self.language)
                except IllegalMoveError:
                    raise whole from None
            else:
                if "confirm" in match.legal_actions(player):
                    self._act(player, "confirm")
                return
        else:
            steps = single_steps(match, text, self.language)
        for src, die in steps:
            self._act(player, "move", src=src, die=die)

    def _hint(self, player: int) -> list[str]:
        """The engine's ranked choices for ``player`` on move (renju: with Black's forbidden
        points); what ``moves`` lists when the engine has no hint for now."""
        match = self.match
        midway = isinstance(match, TablesMatch) and match.turn is not None and match.turn.moves
        if midway or not wants_to_act(match, player):
            return self._moves(player)
        try:
            hints = hint_for(match, player)
        except HintError:
            return self._moves(player)
        lines = hint_lines(hints, self.language)
        if isinstance(match, RenjuMatch):
            lines += self._forbidden(match)
        return lines

    def _rolled_out(self, player: int, options: list[str]) -> list[str]:
        """``hint rollout [N]``: the best few plays of the roll rolled out with N games each
        (``ROLLOUT_TRIALS`` unless told), ranked by the rollout."""
        match = self.match
        count = options[1] if len(options) > 1 else str(ROLLOUT_TRIALS)
        if (
            options[0].lower().lstrip("-") != "rollout"
            or len(options) > 2
            or not count.isdigit()
            or not isinstance(match, TablesMatch)
        ):
            return [self.words.say("terminal.hint.rollout-usage")]
        midway = match.turn is not None and match.turn.moves
        if midway or not wants_to_act(match, player) or match.dice is None:
            return self._moves(player)
        assert match.position is not None
        # The rollout machinery loads numpy, numba and the networks: only when asked for.
        from gamehall.engines.neural.rollout import RolloutSettings
        from gamehall.engines.neural.rollout_hints import rollout_hint

        try:
            settings = RolloutSettings(trials=int(count))
            hints = rollout_hint(match.position, match.dice, settings, count=ROLLOUT_PLAYS)
        except GameError as error:
            return [str(error).capitalize() + "."]
        return hint_lines(hints, self.language)

    def _winning(self, player: int) -> list[str]:
        """Renju: the winning sequence of ``player``, to move, when the engine finds one."""
        match = self.match
        if not isinstance(match, RenjuMatch):
            return [self.words.say("terminal.winning.tables")]
        try:
            hints = hint_for(match, player)
        except HintError as error:
            said = self.words.refusal(error)
            return [said[:1].upper() + said[1:] + ("." if self.language == DEFAULT else "")]
        if hints.winning is None:
            return [self.words.say("terminal.winning.none")]
        return winning_lines(hints.winning, self.language)

    def _forbidden(self, match: RenjuMatch) -> list[str]:
        """Black's forbidden points listed, when Black is to move and they are shown."""
        assert match.board is not None
        board = match.board
        forbidden = board.forbidden_points() if board.turn == "black" else {}
        if board.forbidden == "claim" or not forbidden:
            return []
        shown = [f"{p} ({why})" for p, why in sorted(forbidden.items())]
        return self._listing(self.words.say("terminal.list.forbidden"), shown)

    def _moves(self, player: int) -> list[str]:
        """What ``player`` may play now: the legal plays or points, or the actions."""
        match = self.match
        if isinstance(match, RenjuMatch):
            assert match.board is not None
            if match.to_act != player:
                return [self.words.say("terminal.not-your-move")]
            points = match.board.legal_moves()
            title = self.words.say("terminal.list.points", count=len(points))
            listing = self._listing(title, points)
            return listing + self._forbidden(match)
        assert isinstance(match, TablesMatch)
        actions = match.legal_actions(player)
        if match.phase == "move" and match.to_act == player:
            assert match.turn is not None and match.position is not None
            assert match.dice is not None
            if match.turn.moves:
                if match.turn.is_complete:
                    return [self.words.say("terminal.play-complete")]
                moves = [str(move) for move in match.turn.legal_moves()]
                title = self.words.say("terminal.list.single", dice=show_dice(match.turn.dice_left))
                return self._listing(title, moves)
            plays = [play.notation for play in match.position.legal_plays(match.dice)]
            title = self.words.say(
                "terminal.list.plays", dice=show_dice(match.dice), count=len(plays)
            )
            return self._listing(title, plays)
        commands = {action: command for command, action in _SIMPLE.items()}
        shown = [commands.get(a, a) for a in actions if a != "claim_time"]
        wait = self.words.say("terminal.list.wait")
        return [self.words.say("terminal.list.may", actions=", ".join(shown) or wait)]

    def _listing(self, title: str, items: list[str]) -> list[str]:
        more = len(items) - HINT_LIMIT
        text = f"{title}: " + ", ".join(items[:HINT_LIMIT])
        if more > 0:
            text += " " + self.words.say("terminal.list.more", count=more)
        return wrap(text, indent="  ")

    # -- input and output -------------------------------------------------------------------------

    def _prompt(self, player: int) -> str:
        return self._prompt_text(player) + "> "

    def _prompt_text(self, player: int) -> str:
        match = self.match
        say = self.words.say
        name = match.players[player]
        if isinstance(match, RenjuMatch):
            if match.draw_offer is not None and match.draw_offer != player:
                side = colour(self.words, match.colour_of(player))
                return say("terminal.prompt.draw", name=name, colour=side)
            if match.opening is not None:
                rule = (
                    "Swap2"
                    if isinstance(match.opening, Swap2)
                    else "Soosorv-8"
                    if isinstance(match.opening, Soosorv8)
                    else "Yamaguchi"
                    if isinstance(match.opening, Yamaguchi)
                    else "Taraguchi-10"
                )
                choices = match.opening.choices()
                if len(choices) > 3:
                    return say(
                        "terminal.prompt.declare",
                        name=name,
                        rule=rule,
                        low=choices[0],
                        high=choices[-1],
                    )
                if choices:
                    return say(
                        "terminal.prompt.choose",
                        name=name,
                        rule=rule,
                        choices=", ".join(choices[:-1]),
                        last=choices[-1],
                    )
                opening = match.opening
                if isinstance(opening, WITH_OFFERS) and opening.step == "offers":
                    return say("terminal.prompt.offer", name=name, rule=rule)
                if isinstance(opening, WITH_OFFERS) and opening.step == "select":
                    offers = ", ".join(opening.offers)
                    return say("terminal.prompt.select", name=name, rule=rule, offers=offers)
                stone = match.board.turn if match.board else "black"
                return say(f"terminal.prompt.place.{stone}", name=name, rule=rule)
            return f"{name} ({colour(self.words, match.colour_of(player))})"
        assert isinstance(match, TablesMatch)
        if match.phase == "double":
            if "beaver" in match.legal_actions(player):
                return say("terminal.prompt.take.beaver", name=name)
            return say("terminal.prompt.take", name=name)
        if match.phase == "resign":
            return say("terminal.prompt.resign", name=name)
        if match.phase == "roll":
            return say("terminal.prompt.roll", name=name)
        if match.phase == "between":
            return say("terminal.prompt.between")
        assert match.turn is not None
        if match.turn.is_complete:
            return say("terminal.prompt.confirm", name=name)
        return f"{name} [{show_dice(match.turn.dice_left)}]"

    def _read(self, prompt: str) -> str:
        """A line of input; ``_Quit`` at the end of the input."""
        if self._interactive:
            try:
                return input(prompt)
            except EOFError:
                self._say("")
                raise _Quit from None
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self._say("")
            raise _Quit
        self._say(line.rstrip("\n"))
        return line

    def _say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def _tell(self) -> None:
        """Tell the events not yet told."""
        events = self.match.events
        for line in self.narrator.tell(events[self._told :]):
            self._say("\n".join(wrap(line, indent="  ")))
        self._told = len(events)
