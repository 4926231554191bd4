"""Importing a ``.mat`` file: its text read, and replayed into the match it records.

``import_match(text)`` reads the layout (``mat_reader``) and replays each written action into a
``TablesMatch`` (``MatReplay``) as it goes, since what an action means depends on the game:

* a roll written without a play is GNU Backgammon's forced play when the roll has one legal
  play, else a roll left unplayed (the player then resigned, or the record stops);
* a play written as single moves (``24/18 18/14*``) is recorded in standard notation
  (``24/14*``), as the match logs it;
* "Doubles" and "Beavers" without a value offer what the match's cube offers;
* a "Wins" line while the game is still on is a resignation of the other player, accepted.

The result holds both the ``MatRecord`` as written and the replayed ``TablesMatch``: a match
like any played one (``to_dict``/``from_dict`` round-trip it), whose ``mat_record`` written out
again gives the same text for the files GNU Backgammon writes.
"""

from dataclasses import dataclass

from gamehall.errors import RecordError
from gamehall.play.records.mat_dice import Slot
from gamehall.play.records.mat_reader import Entry, WrittenMatch, read_mat
from gamehall.play.records.mat_record import MatGame, MatRecord, MatTurn
from gamehall.play.records.mat_replay import MatReplay
from gamehall.play.records.mat_settings import event_time, match_settings
from gamehall.play.tables_match import TablesMatch


@dataclass(frozen=True)
class ImportedMatch:
    """A ``.mat`` file imported: the ``record`` as written (headers included) and the
    ``match`` it replays to."""

    record: MatRecord
    match: TablesMatch


def _where(written: WrittenMatch, entry: Entry) -> str:
    return f"line {entry.line} ({written.players[entry.column]})"


def _slot(written: WrittenMatch, entry: Entry) -> Slot:
    """The turn an entry is for the dice: a "Wins" line is the other player's resignation."""
    player = 1 - entry.column if entry.kind == "wins" else entry.column
    return Slot(player, entry.dice, _where(written, entry))


class _Importer:
    """Replays the written games one entry at a time, building the record as it goes."""

    def __init__(self, written: WrittenMatch) -> None:
        beavered = any(e.kind == "beaver" for g in written.games for e in g.entries)
        settings = match_settings(
            written.variant, written.length, written.header, beavered=beavered
        )
        plan = [[_slot(written, e) for e in game.entries] for game in written.games]
        self.written = written
        self.replay = MatReplay(
            settings, written.players, plan, start_time=event_time(written.header)
        )

    def run(self) -> ImportedMatch:
        written = self.written
        record = MatRecord(written.length, written.players, written.variant, [], written.header)
        for number, game in enumerate(written.games, 1):
            mat_game = MatGame(game.score)
            record.games.append(mat_game)
            self.replay.begin_game(game.score, f"line {game.score_line} (game {number})")
            points: int | None = None
            for index, entry in enumerate(game.entries):
                points = self.apply(index, entry, mat_game, points)
            if self.replay.over:
                summary = self.replay.match.games[number - 1]
                mat_game.winner = summary.winner
                mat_game.points = points if points is not None else int(summary.points)
            last = number == len(written.games)
            self.replay.end_game(f"line {game.line} (game {number})", mat_game, last)
        return ImportedMatch(record, self.replay.match)

    def apply(self, index: int, entry: Entry, game: MatGame, points: int | None) -> int | None:
        """Replay the action ``entry`` and add it to ``game``; the points of a "Wins" line."""
        replay = self.replay
        where = _where(self.written, entry)
        player = entry.column
        if entry.kind == "wins":
            if points is not None:
                raise RecordError(f"{where}: the game's winner was already written")
            if not replay.over:
                game.turns.append(replay.resign(where, index, 1 - player, entry.points))
            winner = replay.winner
            if winner != player:
                names = self.written.players
                won = names[winner] if winner is not None else "nobody"
                raise RecordError(f"{where}: {won} won the game, not {names[player]}")
            return entry.points
        turn: MatTurn
        if entry.kind == "roll":
            assert entry.dice is not None
            gnubg = not replay.match.is_nardy  # GNU Backgammon reads no nardy files
            turn = replay.roll(where, index, player, entry.dice, entry.moves, gnubg=gnubg)
        elif entry.kind == "double":
            turn = replay.double(where, index, player, entry.cube)
        elif entry.kind == "beaver":
            turn = replay.beaver(where, index, player, entry.cube)
        else:
            turn = replay.answer(where, index, player, entry.kind)
        game.turns.append(turn)
        return points


def import_match(text: str) -> ImportedMatch:
    """Read a ``.mat`` file (GNU Backgammon's, Jellyfish's, XG's) and replay it into the match
    it records (see the module).

    Raises ``RecordError`` naming the line and what was expected there, or the action the match
    refuses and the play layer's reason.
    """
    return _Importer(read_mat(text)).run()


def import_mat(text: str) -> MatRecord:
    """The ``MatRecord`` of a ``.mat`` file, its plays in standard notation (see
    ``import_match``, which also gives the replayed match)."""
    return import_match(text).record
