"""An arena as a value: a fixed duration, players who join, pause and come back at any time,
and games paired as soon as players are free (lichess's most played format).

Time is a number of seconds from the arena's start, given by the caller to every step (the
value reads no clock). The rules, all in ``docs/tournaments.md``:

* **Pairing** (``pair``): every *waiting* player (in the arena, not paused, not in a game) is
  paired at once with another waiting player, by a maximum matching that pairs as many as it
  can and, among those, the closest places on the leaderboard (least sum of squared rank
  differences; on equal sums, the higher places are paired, and the lowest waits). Two players
  never meet twice in a row (either's last game was against the other) unless both have
  waited ``REMATCH_AFTER`` seconds and the rematch lets everyone waiting play: a rematch is
  only ever made when every waiting player is paired. More than ``BLOCK`` waiting players are
  matched in blocks of that many by place, without rematches, whoever a block leaves unpaired
  going on to the next; those the last block leaves are matched together, rematches allowed.
* **Colours**: the player who has been first (Black in renju, seat 0) less often is first;
  on equal counts, the higher on the leaderboard.
* **The last moments**: no game starts once fewer than ``closing`` seconds are left (a tenth of
  the duration, at most two minutes): such a game could seldom finish in time.
* **The end**: at ``duration`` seconds; games under way then are played out and count, and the
  arena is finished when the last of them ends (``is_finished``).
* **Scoring and ranking**: ``arena_scores``.

>>> from gamehall.tournaments import TournamentSettings
>>> from gamehall.tournaments.arena import Arena
>>> from gamehall.tournaments.pairing import Result
>>> a = Arena.create(TournamentSettings("arena", duration=600), ["ann", "bob"])
>>> a = a.pair(0.0)
>>> [(g.first, g.second) for g in a.pending]
[('ann', 'bob')]
>>> a = a.record(1, Result("1-0"), 30.0)
>>> [(row.player, row.score) for row in a.leaderboard()]
[('ann', 2), ('bob', 0)]
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

import networkx as nx

from gamehall.tournaments.arena_scores import LeaderRow, ScoredGame, leaderboard
from gamehall.tournaments.errors import TournamentError
from gamehall.tournaments.pairing import Result
from gamehall.tournaments.settings import TournamentSettings

REMATCH_AFTER = 10.0
"""Seconds both players must have waited before they may meet twice in a row."""
CLOSING_SHARE = 10
"""Pairings close in the last 1/CLOSING_SHARE of the duration..."""
CLOSING_MOST = 120.0
"""... but never more than this many seconds before the end."""
BLOCK = 16
"""Waiting players matched together, by place: a larger crowd (the start of a big arena) is
matched block after block, so that a step stays a few milliseconds."""


def _moment(name: str, value: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
        raise TournamentError(f"{name} is a number of seconds of 0 or more, not {value!r}")
    return float(value)


@dataclass(frozen=True)
class ArenaEntry:
    """A player in the arena: since when he is free to be paired (his latest join or return),
    and whether he is paused (keeps his score, is not paired)."""

    player: str
    joined: float
    paused: bool = False

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {"player": self.player, "joined": self.joined, "paused": self.paused}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ArenaEntry":
        """An entry from ``to_dict``'s form."""
        _known(data, {"player", "joined", "paused"}, "an arena entry")
        if not isinstance(data["player"], str) or not data["player"]:
            raise TournamentError("an arena entry's player is a name")
        if not isinstance(data.get("paused", False), bool):
            raise TournamentError("an arena entry's paused is true or false")
        return cls(data["player"], _moment("joined", data["joined"]), data.get("paused", False))


@dataclass(frozen=True)
class ArenaGame:
    """One game (a match under the arena's settings) of two players, numbered in the order
    paired; ``ended`` and ``result`` once it is over."""

    number: int
    first: str
    second: str
    started: float
    ended: float | None = None
    result: Result | None = None

    @property
    def players(self) -> tuple[str, str]:
        """The two players, first (seat 0) first."""
        return (self.first, self.second)

    def opponent(self, player: str) -> str:
        """``player``'s opponent in this game."""
        return self.second if player == self.first else self.first

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "number": self.number,
            "first": self.first,
            "second": self.second,
            "started": self.started,
            "ended": self.ended,
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ArenaGame":
        """A game from ``to_dict``'s form."""
        _known(data, {"number", "first", "second", "started", "ended", "result"}, "an arena game")
        number = data["number"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise TournamentError(f"an arena game's number is a whole number from 1: {number!r}")
        first, second = data["first"], data["second"]
        if not isinstance(first, str) or not isinstance(second, str) or first == second:
            raise TournamentError("an arena game is played by two different players")
        ended = data.get("ended")
        result = data.get("result")
        if (ended is None) != (result is None):
            raise TournamentError("an arena game that ended has a result, and only such a game")
        return cls(
            number,
            first,
            second,
            _moment("started", data["started"]),
            None if ended is None else _moment("ended", ended),
            None if result is None else Result.from_dict(result),
        )


@dataclass(frozen=True)
class Arena:
    """The state of an arena: its settings, its entries (in the order they came) and its
    games (in the order paired)."""

    settings: TournamentSettings
    entries: tuple[ArenaEntry, ...] = ()
    games: tuple[ArenaGame, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.settings, TournamentSettings) or self.settings.format != "arena":
            raise TournamentError("an arena's settings are TournamentSettings of format arena")
        names = [e.player for e in self.entries]
        if len(set(names)) != len(names):
            raise TournamentError("every player may enter an arena once: a name is given twice")
        known = set(names)
        for game in self.games:
            for name in game.players:
                if name not in known:
                    raise TournamentError(f"{name} is not in the arena")
        busy = [n for g in self.games if g.result is None for n in g.players]
        if len(set(busy)) != len(busy):
            raise TournamentError("a player is in two games at once")

    # -- making one -----------------------------------------------------------------------------

    @classmethod
    def create(cls, settings: TournamentSettings, players: Sequence[str] = ()) -> "Arena":
        """An arena at its start, with the players who entered before it."""
        arena = cls(settings)
        for name in players:
            arena = arena.join(name, 0.0)
        return arena

    # -- what it is now -------------------------------------------------------------------------

    @property
    def duration(self) -> float:
        """The arena's length in seconds."""
        assert self.settings.duration is not None
        return float(self.settings.duration)

    @property
    def closing(self) -> float:
        """Seconds before the end from which no game starts."""
        return min(self.duration / CLOSING_SHARE, CLOSING_MOST)

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone who entered, in the order they came."""
        return tuple(e.player for e in self.entries)

    @property
    def pending(self) -> tuple[ArenaGame, ...]:
        """The games under way."""
        return tuple(g for g in self.games if g.result is None)

    def entry(self, player: str) -> ArenaEntry:
        """``player``'s entry; ``TournamentError`` if he has none."""
        found = next((e for e in self.entries if e.player == player), None)
        if found is None:
            raise TournamentError(f"{player} is not in the arena")
        return found

    def playing(self, player: str) -> ArenaGame | None:
        """The game ``player`` is playing now, if any."""
        return next((g for g in self.pending if player in g.players), None)

    def last_opponent(self, player: str) -> str | None:
        """Whom ``player`` last played (or plays), if anyone."""
        mine = [g for g in self.games if player in g.players]
        return mine[-1].opponent(player) if mine else None

    def free_since(self, player: str) -> float:
        """Since when ``player`` has been waiting: his latest join or return, or the end of
        his last game, whichever is later."""
        ends = [g.ended for g in self.games if player in g.players and g.ended is not None]
        return max([self.entry(player).joined, *ends])

    def waiting(self) -> tuple[str, ...]:
        """The players free to be paired: in the arena, not paused, not playing."""
        busy = {n for g in self.pending for n in g.players}
        return tuple(e.player for e in self.entries if not e.paused and e.player not in busy)

    def pairing_open(self, at: float) -> bool:
        """Whether a game may start at ``at``: the arena has not reached its last moments."""
        return at < self.duration - self.closing

    def is_finished(self, at: float) -> bool:
        """Whether the arena is over at ``at``: its time is up and no game is under way."""
        return at >= self.duration and not self.pending

    def leaderboard(self) -> tuple[LeaderRow, ...]:
        """The players ranked as ``arena_scores`` says."""
        finished = [
            ScoredGame(g.first, g.second, g.result, g.ended)
            for g in self.games
            if g.result is not None and g.ended is not None
        ]
        paused = [e.player for e in self.entries if e.paused]
        return leaderboard(self.players, paused, finished)

    def winner(self, at: float) -> str | None:
        """The top of the leaderboard once the arena is over and someone scored."""
        if not self.is_finished(at):
            return None
        rows = self.leaderboard()
        return rows[0].player if rows and rows[0].score > 0 else None

    # -- steps ----------------------------------------------------------------------------------

    def join(self, player: str, at: float) -> "Arena":
        """``player`` enters the arena, or comes back from a pause, at ``at``."""
        at = _moment("the time", at)
        if not isinstance(player, str) or not player:
            raise TournamentError("a player is a name (a non-empty text)")
        if at >= self.duration:
            raise TournamentError("the arena is over: nobody can join it now")
        found = next((e for e in self.entries if e.player == player), None)
        if found is None:
            return replace(self, entries=(*self.entries, ArenaEntry(player, at)))
        if not found.paused:
            raise TournamentError(f"{player} is in the arena already")
        back = ArenaEntry(player, at)
        return replace(self, entries=tuple(back if e is found else e for e in self.entries))

    def pause(self, player: str, at: float) -> "Arena":
        """``player`` pauses: he keeps his score and is not paired until he joins again; a
        game he is playing goes on and counts."""
        _moment("the time", at)
        found = self.entry(player)
        if found.paused:
            raise TournamentError(f"{player} has paused already")
        paused = replace(found, paused=True)
        return replace(self, entries=tuple(paused if e is found else e for e in self.entries))

    def leave(self, player: str, at: float) -> "Arena":
        """``player`` leaves: one who has played no game is taken off the arena, anyone else
        pauses (his score stays on the leaderboard, and he may come back)."""
        found = self.entry(player)
        if any(player in g.players for g in self.games):
            return self.pause(player, at) if not found.paused else self
        return replace(self, entries=tuple(e for e in self.entries if e is not found))

    def record(self, number: int, result: Result, at: float) -> "Arena":
        """The arena with game ``number`` over at ``at`` with ``result``."""
        at = _moment("the time", at)
        if not isinstance(result, Result):
            raise TournamentError("a result is a Result value")
        game = next((g for g in self.pending if g.number == number), None)
        if game is None:
            raise TournamentError(f"the arena has no game {number} under way")
        if result.outcome == "bye":
            raise TournamentError("an arena has no byes: every game has two players")
        if result.drawn and not self.settings.can_draw:
            raise TournamentError(f"a {self.settings.game} match cannot be drawn")
        over = replace(game, ended=max(at, game.started), result=result)
        return replace(self, games=tuple(over if g is game else g for g in self.games))

    def pair(self, at: float) -> "Arena":
        """The arena with the waiting players paired at ``at`` (the rules above); the same
        arena when nobody can be paired."""
        at = _moment("the time", at)
        if not self.pairing_open(at):
            return self
        waiting = self.waiting()
        if len(waiting) < 2:
            return self
        ranks = {row.player: row.rank for row in self.leaderboard()}
        last: dict[str, str | None] = {name: None for name in waiting}
        free = {e.player: e.joined for e in self.entries}
        firsts = dict.fromkeys(waiting, 0)
        for game in self.games:  # one pass over the games (a big arena has thousands)
            for name in game.players:
                last[name] = game.opponent(name)
                if game.ended is not None:
                    free[name] = max(free[name], game.ended)
            firsts[game.first] = firsts.get(game.first, 0) + 1
        rested = {name: at - free[name] for name in waiting}
        edges = _Edges(ranks, last, rested, len(self.entries))
        ordered = sorted(waiting, key=ranks.__getitem__)
        matched: list[tuple[str, str]] = []
        carried: list[str] = []
        for start in range(0, len(ordered), BLOCK):
            block = carried + ordered[start : start + BLOCK]
            found = edges.match(block, rematches=False)
            paired = {name for pair in found for name in pair}
            matched += found
            carried = [name for name in block if name not in paired]
        matched += edges.match(carried, rematches=True)
        pairs = sorted(matched, key=lambda pair: min(ranks[pair[0]], ranks[pair[1]]))
        made = list(self.games)
        for a, b in pairs:
            first, second = (b, a) if (firsts[a], ranks[a]) > (firsts[b], ranks[b]) else (a, b)
            made.append(ArenaGame(len(made) + 1, first, second, at))
        return replace(self, games=tuple(made))

    # -- the dict form --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "settings": self.settings.to_dict(),
            "entries": [e.to_dict() for e in self.entries],
            "games": [g.to_dict() for g in self.games],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Arena":
        """An arena from ``to_dict``'s form."""
        _known(data, {"settings", "entries", "games"}, "an arena")
        return cls(
            TournamentSettings.from_dict(data["settings"]),
            tuple(ArenaEntry.from_dict(e) for e in data.get("entries", ())),
            tuple(ArenaGame.from_dict(g) for g in data.get("games", ())),
        )


def _known(data: Mapping[str, Any], known: set[str], what: str) -> None:
    if not isinstance(data, Mapping):
        raise TournamentError(f"{what} is a mapping, not {data!r}")
    unknown = set(data) - known
    if unknown:
        raise TournamentError(f"unknown fields of {what}: {', '.join(sorted(map(str, unknown)))}")


@dataclass(frozen=True)
class _Edges:
    """Who may meet whom in a pairing, and at what cost (the rules of the module's docstring)."""

    ranks: Mapping[str, int]
    last: Mapping[str, str | None]
    rested: Mapping[str, float]
    count: int

    def match(self, players: Sequence[str], *, rematches: bool) -> list[tuple[str, str]]:
        """The pairs of a maximum matching of ``players`` of least cost: closest places (their
        squared difference; on a tie the higher places); a rematch (both waited
        ``REMATCH_AFTER``) only with ``rematches``, and then dearer than any other pair."""
        scale = 2 * self.count + 1  # above any sum of two ranks: the tie-break never outweighs
        repeat = self.count**2 * scale + 1  # above any other pair: a rematch only when it must
        edges = []
        for a, b in combinations(players, 2):
            ra, rb = self.ranks[a], self.ranks[b]
            cost = (ra - rb) ** 2 * scale + ra + rb
            if self.last[a] == b or self.last[b] == a:
                if not rematches or min(self.rested[a], self.rested[b]) < REMATCH_AFTER:
                    continue
                cost += repeat
            edges.append((a, b, cost))
        top = max((cost for _, _, cost in edges), default=0) + 1
        graph: nx.Graph[str] = nx.Graph()
        graph.add_weighted_edges_from((a, b, top - cost) for a, b, cost in edges)
        found: set[tuple[str, str]] = nx.max_weight_matching(graph, maxcardinality=True)
        return list(found)
