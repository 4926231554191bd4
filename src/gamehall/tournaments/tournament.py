"""A tournament as a value: its settings, its players, every pairing so far and its result.

It is pure: each step returns a new ``Tournament`` and nothing is read from a clock or a file,
so the server can store it (``to_dict``) and resume it after a restart (``from_dict``), and the
command line can drive it the same way::

    t = Tournament.create(settings, ["ann", "bob", "cid", "dan"])
    t = t.pair_next_round()                 # round 1
    for p in t.pending:
        t = t.record(p.round, p.board, Result("1-0"))
    t = t.pair_next_round()                 # ... until t.is_finished
    t.standings()

A bye (or a round robin's rest) is decided as it is paired; so is any pairing of a withdrawn
player (a forfeit). A knockout pairing that ends drawn (renju) gets a replay, colours swapped,
in the same round, until one is decided.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gamehall.tournaments import forfeits
from gamehall.tournaments.berger import Table, berger_table, double_berger_table
from gamehall.tournaments.errors import TournamentError
from gamehall.tournaments.groups import group_name, snake_groups
from gamehall.tournaments.knockout import draw_by_lot, first_round, next_round
from gamehall.tournaments.pairing import Outcome, Pairing, Result, StageName
from gamehall.tournaments.settings import TournamentSettings
from gamehall.tournaments.standings import StandingRow, Standings, compute_standings, lots
from gamehall.tournaments.swiss import SwissPlayer, pair_round


@dataclass(frozen=True)
class Tournament:
    """The state of a tournament; ``players`` are in seeding order (the strongest first)."""

    settings: TournamentSettings
    players: tuple[str, ...]
    pairings: tuple[Pairing, ...] = ()
    withdrawn: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.settings, TournamentSettings):
            raise TournamentError("settings must be TournamentSettings")
        if self.settings.format == "arena":
            raise TournamentError("an arena is not played in rounds: it is an Arena")
        names = self.players
        if not isinstance(names, tuple) or not all(isinstance(p, str) and p for p in names):
            raise TournamentError("players are a list of names (non-empty texts)")
        if len(set(names)) != len(names):
            raise TournamentError("every player may enter once: a name is given twice")
        if len(names) < 2:
            raise TournamentError("a tournament needs 2 players or more")
        if self.settings.format in ("groups", "two-stage"):
            smallest = min(len(g) for g in snake_groups(list(names), self.settings.group_size))
            if self.settings.qualify >= smallest:
                raise TournamentError(
                    f"a group of {smallest} players with {self.settings.qualify} qualifying "
                    "decides nothing: qualify fewer than the smallest group has players"
                )
            if self.settings.format == "two-stage" and self.qualifier_count() < 2:
                raise TournamentError("the final needs 2 qualifiers or more: qualify more")
        entered = set(names)
        unknown = [p for p in self.withdrawn if p not in entered]
        unknown += [n for p in self.pairings for n in p.players if n not in entered]
        if unknown:
            raise TournamentError(f"{unknown[0]} is not in the tournament")
        if len(set(self.withdrawn)) != len(self.withdrawn):
            raise TournamentError("a player is listed as withdrawn twice")

    # -- making one -----------------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        settings: TournamentSettings,
        players: Sequence[str],
        ratings: Mapping[str, float] | None = None,
    ) -> "Tournament":
        """A tournament before its first round. With ``ratings``, players are seeded by rating
        (highest first; equal ratings keep the entry order); without, by entry order."""
        seeded = list(players)
        if ratings is not None:
            missing = [p for p in seeded if p not in ratings]
            if missing:
                raise TournamentError(f"{missing[0]} has no rating: give every player one")
            wrong = [
                p
                for p in seeded
                if not isinstance(ratings[p], int | float) or isinstance(ratings[p], bool)
            ]
            if wrong:
                raise TournamentError(
                    f"{wrong[0]}'s rating must be a number, not {ratings[wrong[0]]!r}"
                )
            seeded.sort(key=lambda p: -ratings[p])
        return cls(settings, tuple(seeded))

    # -- what it is now -------------------------------------------------------------------------

    @property
    def current_round(self) -> int:
        """The last round paired (0 before the first)."""
        return max((p.round for p in self.pairings), default=0)

    @property
    def pending(self) -> tuple[Pairing, ...]:
        """The pairings waiting for a result."""
        return tuple(p for p in self.pairings if p.result is None)

    def round_pairings(self, number: int) -> tuple[Pairing, ...]:
        """The pairings of round ``number``, by board and leg."""
        return tuple(p for p in self.pairings if p.round == number)

    @property
    def is_finished(self) -> bool:
        """Whether every round has been played: no pending pairing and no next round."""
        return not self.pending and not self._more_rounds()

    def qualifier_count(self) -> int:
        """How many go on from the groups: ``qualify`` from each group."""
        groups = snake_groups(list(self.players), self.settings.group_size)
        return sum(min(self.settings.qualify, len(group)) for group in groups)

    def swiss_warning(self) -> str | None:
        """The director's warning when a Swiss has more rounds than its field can pair without
        a repeat (and, in an odd field, without a second bye); ``None`` otherwise. Such rounds
        are still paired: a pair meets again, or a player has another bye, as seldom as the
        pairing can manage."""
        rounds = self.settings.rounds
        if self.settings.format != "swiss" or rounds is None:
            return None
        n = len(self.players)
        most = n - 1 if n % 2 == 0 else n
        if rounds <= most:
            return None
        without = "a repeat" if n % 2 == 0 else "a repeat or a second bye"
        again = "meet again" if n % 2 == 0 else "meet again and have a second bye"
        return (
            f"{n} players can play at most {most} Swiss rounds without {without}: in {rounds} "
            f"rounds some will {again} (each as seldom as the pairing can manage)"
        )

    # -- steps ----------------------------------------------------------------------------------

    def pair_next_round(self) -> "Tournament":
        """The tournament with its next round paired. Raises when a result is still missing
        or the tournament is over."""
        if self.pending:
            raise TournamentError(
                f"round {self.current_round} is not over: {len(self.pending)} result(s) missing"
            )
        planned = self._next_round()
        if planned is None:
            raise TournamentError("the tournament is over: there is no next round")
        decided = [self._decide_unplayed(p) for p in planned]
        return self._with(self.pairings + tuple(decided))

    def record(self, round: int, board: int, result: Result) -> "Tournament":
        """The tournament with the result of the pending pairing on ``board`` of ``round``.

        A drawn knockout pairing gets a replay with colours swapped (a new leg, pending)."""
        if not isinstance(result, Result):
            raise TournamentError("a result is a Result value")
        target = next(
            (p for p in self.pairings if p.round == round and p.board == board and not p.result),
            None,
        )
        if target is None:
            raise TournamentError(f"round {round} has no pairing on board {board} waiting")
        if result.outcome == "bye":
            raise TournamentError("a bye is given by the pairing, not recorded")
        if result.drawn and not self.settings.can_draw:
            raise TournamentError(f"a {self.settings.game} match cannot be drawn")
        decided = target.with_result(result)
        added: tuple[Pairing, ...] = ()
        if result.drawn and self._is_knockout(target.stage):
            assert target.second is not None
            replay = replace(
                target, first=target.second, second=target.first, leg=target.leg + 1, result=None
            )
            added = (self._decide_unplayed(replay),)
        kept = tuple(decided if p is target else p for p in self.pairings)
        return self._with(kept + added)

    def withdraw(self, player: str) -> "Tournament":
        """The tournament with ``player`` withdrawn: his waiting pairings and every later one
        are lost by forfeit; he is not paired in a Swiss any more."""
        if player not in self.players:
            raise TournamentError(f"{player} is not in the tournament")
        if player in self.withdrawn:
            raise TournamentError(f"{player} has already withdrawn")
        if self.is_finished:
            raise TournamentError("the tournament is over: nobody can withdraw")
        later = replace(self, withdrawn=(*self.withdrawn, player))
        return later._with(tuple(later._decide_unplayed(p) for p in self.pairings))

    # -- standings ------------------------------------------------------------------------------

    def standings(self) -> Standings:
        """The standings as they are now (see ``docs/tournaments.md`` for each format)."""
        form = self.settings.format
        if form == "swiss":
            return self._table(list(self.players), self.pairings, virtual=True)
        if form == "round-robin":
            return self._table(list(self.players), self.pairings, schedule=self._tables()[0])
        if form == "groups":
            return _joined(self.group_standings(), self.settings)
        if form == "knockout":
            return self._knockout_standings(list(self.players), self.pairings)
        return self._two_stage_standings()

    def group_standings(self) -> list[Standings]:
        """Each group's standings (groups and two-stage events), qualifiers marked."""
        if self.settings.format not in ("groups", "two-stage"):
            raise TournamentError(f"a {self.settings.format} tournament has no groups")
        out = []
        for index, (members, table) in enumerate(zip(self._groups(), self._tables(), strict=True)):
            letter = group_name(index)
            pairings = [p for p in self.pairings if p.group == letter]
            table_standings = self._table(members, pairings, schedule=table, group=letter)
            out.append(self._mark_qualifiers(table_standings))
        return out

    def qualifiers(self) -> list[str]:
        """The players who go on to the final, seeded: group winners first (in group order),
        then the seconds, and so on. Only once every group has finished."""
        if self._groups_rounds_left():
            raise TournamentError("the groups have not finished: no qualifiers yet")
        places: list[tuple[int, int, str]] = []
        for index, table in enumerate(self.group_standings()):
            chosen = [row for row in table.rows if row.qualified]
            places += [(place, index, row.player) for place, row in enumerate(chosen)]
        return [player for _, _, player in sorted(places)]

    @property
    def winner(self) -> str | None:
        """The winner once the tournament is over (a groups-only event has none)."""
        if self.settings.format == "groups" or not self.is_finished:
            return None
        return self.standings().rows[0].player

    # -- the dict form --------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {
            "settings": self.settings.to_dict(),
            "players": list(self.players),
            "pairings": [p.to_dict() for p in self.pairings],
            "withdrawn": list(self.withdrawn),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Tournament":
        """A tournament from ``to_dict``'s form."""
        if not isinstance(data, Mapping) or set(data) - {
            "settings",
            "players",
            "pairings",
            "withdrawn",
        }:
            raise TournamentError(
                "a tournament has the fields settings, players, pairings, withdrawn"
            )
        return cls(
            TournamentSettings.from_dict(data["settings"]),
            tuple(data["players"]),
            tuple(Pairing.from_dict(p) for p in data.get("pairings", ())),
            tuple(data.get("withdrawn", ())),
        )

    # -- pairing each format --------------------------------------------------------------------

    def _with(self, pairings: tuple[Pairing, ...]) -> "Tournament":
        ordered = tuple(sorted(pairings, key=lambda p: (p.round, p.board, p.leg)))
        return replace(self, pairings=ordered)

    def _is_knockout(self, stage: str) -> bool:
        form = self.settings.format
        return form == "knockout" or (
            form == "two-stage" and stage == "final" and self.settings.final == "knockout"
        )

    def _decide_unplayed(self, pairing: Pairing) -> Pairing:
        """A bye's result, or a forfeit for a withdrawn player, when the pairing has none."""
        if pairing.result is not None:
            return pairing
        if pairing.second is None:
            return pairing.with_result(Result("bye"))
        first_out = pairing.first in self.withdrawn
        second_out = pairing.second in self.withdrawn
        if first_out and second_out:
            # Nobody came; in a knockout someone must go through: the first (higher seed).
            both: Outcome = "+-" if self._is_knockout(pairing.stage) else "--"
            return pairing.with_result(Result(both, reason=forfeits.BOTH_WITHDRAWN))
        if first_out:
            return pairing.with_result(Result("-+", reason=forfeits.WITHDRAWN))
        if second_out:
            return pairing.with_result(Result("+-", reason=forfeits.WITHDRAWN))
        return pairing

    def _more_rounds(self) -> bool:
        """Whether another round is to be paired, once this one is over (without pairing it:
        a Swiss round is a matching, too dear to compute just to ask)."""
        form = self.settings.format
        if form == "swiss":
            active = sum(1 for p in self.players if p not in self.withdrawn)
            return self.current_round < (self.settings.rounds or 0) and active >= 2
        if form == "knockout" or (form == "two-stage" and self.settings.final == "knockout"):
            stage: StageName = "main" if form == "knockout" else "final"
            mine = [p for p in self.pairings if p.stage == stage]
            if form == "two-stage" and not mine:
                return True
            return self.winner_of_knockout(mine) is None
        return self._next_round() is not None

    def _next_round(self) -> list[Pairing] | None:
        form = self.settings.format
        start = self.current_round + 1
        if form == "swiss":
            return self._swiss(start)
        if form == "round-robin":
            return self._scheduled([list(self.players)], self._tables(), "main", start, None)
        if form == "groups":
            return self._scheduled(self._groups(), self._tables(), "main", start, "letters")
        if form == "knockout":
            return self._knockout(self._seeded(list(self.players)), "main", start)
        if self._groups_rounds_left():
            return self._scheduled(self._groups(), self._tables(), "groups", start, "letters")
        finalists = self.qualifiers()
        if self.settings.final == "knockout":
            return self._knockout(self._seeded(finalists), "final", start)
        return self._scheduled([finalists], [self._table_for(finalists)], "final", start, None)

    def _groups(self) -> list[list[str]]:
        return snake_groups(list(self.players), self.settings.group_size)

    def _table_for(self, players: list[str]) -> Table:
        maker = double_berger_table if self.settings.double else berger_table
        return maker(len(players))

    def _tables(self) -> list[Table]:
        if self.settings.format in ("groups", "two-stage"):
            return [self._table_for(group) for group in self._groups()]
        return [self._table_for(list(self.players))]

    def _groups_rounds_left(self) -> bool:
        done = max((p.round for p in self.pairings if p.stage == "groups"), default=0)
        return done < max(len(table) for table in self._tables())

    def _scheduled(
        self,
        sections: list[list[str]],
        tables: list[Table],
        stage: StageName,
        start: int,
        letters: str | None,
    ) -> list[Pairing] | None:
        """The next round of round robins played side by side (one per section)."""
        offset = min((p.round for p in self.pairings if p.stage == stage), default=start) - 1
        index = start - offset - 1
        out: list[Pairing] = []
        for number, (members, table) in enumerate(zip(sections, tables, strict=True)):
            if index >= len(table):
                continue
            group = group_name(number) if letters else None
            for white, black in table[index]:
                out.append(
                    Pairing(
                        start,
                        len(out) + 1,
                        members[white - 1],
                        None if black is None else members[black - 1],
                        group=group,
                        stage=stage,
                    )
                )
        return out or None

    def _seeded(self, players: list[str]) -> list[str]:
        if self.settings.seeding == "lots":
            return draw_by_lot(players, self.settings.lots_seed)
        return players

    def _knockout(self, seeded: list[str], stage: StageName, start: int) -> list[Pairing] | None:
        """The next knockout round: the bracket's first, or the winners of the last."""
        mine = [p for p in self.pairings if p.stage == stage]
        if not mine:
            boards = [(a, b) for a, b in first_round(seeded)]
        else:
            last = max(p.round for p in mine)
            winners = [_winner(legs) for legs in _boards_of([p for p in mine if p.round == last])]
            if len(winners) == 1:
                return None
            boards = [(a, b) for a, b in next_round(winners)]
        return [
            Pairing(start, board, a, b, stage=stage) for board, (a, b) in enumerate(boards, start=1)
        ]

    def _swiss(self, start: int) -> list[Pairing] | None:
        rounds = self.settings.rounds
        assert rounds is not None
        if start > rounds:
            return None
        active = [p for p in self.players if p not in self.withdrawn]
        if len(active) < 2:
            return None
        by_player: dict[str, list[Pairing]] = {name: [] for name in self.players}
        for pairing in self.pairings:
            for name in pairing.players:
                by_player[name].append(pairing)
        players = [
            _swiss_player(name, number, by_player[name])
            for number, name in enumerate(self.players, start=1)
            if name in active
        ]
        pairs = pair_round(players, colour_balance=self.settings.colour_balance)
        return [Pairing(start, board, a, b) for board, (a, b) in enumerate(pairs, start=1)]

    # -- standings of each format ---------------------------------------------------------------

    def _table(
        self,
        players: list[str],
        pairings: Sequence[Pairing],
        *,
        virtual: bool = False,
        schedule: Table | None = None,
        group: str | None = None,
    ) -> Standings:
        annulled: frozenset[str] = frozenset()
        if schedule is not None and self.settings.withdrawal == "annul-under-half":
            annulled = _annulled(players, pairings, schedule, frozenset(self.withdrawn))
        return compute_standings(
            players,
            pairings,
            tiebreaks=self.settings.chosen_tiebreaks,
            bye_points=self.settings.bye_points,
            lots_seed=self.settings.lots_seed,
            virtual_opponents=virtual,
            annulled=annulled,
            group=group,
        )

    def _mark_qualifiers(self, table: Standings) -> Standings:
        rows = []
        left = self.settings.qualify
        for row in table.rows:
            going = left > 0 and not row.annulled and row.player not in self.withdrawn
            left -= going
            rows.append(replace(row, qualified=going))
        return replace(table, rows=tuple(rows))

    def _knockout_standings(self, players: list[str], pairings: Sequence[Pairing]) -> Standings:
        """Ranked by how far each went (the winner first), then by seed."""
        reached = dict.fromkeys(players, 0)
        for pairing in pairings:
            for name in pairing.players:
                reached[name] = max(reached[name], pairing.round)
        champion = self.winner_of_knockout(pairings)
        points = {
            name: sum(p.points_of(name, 0.0) for p in pairings if name in p.players)
            for name in players
        }
        seed = {name: index for index, name in enumerate(players)}
        order = sorted(players, key=lambda name: (name != champion, -reached[name], seed[name]))
        lot = lots(players, self.settings.lots_seed)
        rows = tuple(
            StandingRow(rank, name, points[name], {}, lot[name])
            for rank, name in enumerate(order, start=1)
        )
        return Standings(rows, (), self.settings.lots_seed)

    @staticmethod
    def winner_of_knockout(pairings: Sequence[Pairing]) -> str | None:
        """Who won the last round of a knockout, once it is decided and has one board."""
        if not pairings:
            return None
        last = max(p.round for p in pairings)
        boards = _boards_of([p for p in pairings if p.round == last])
        if len(boards) != 1 or boards[0][-1].result is None:
            return None
        return _winner(boards[0])

    def _two_stage_standings(self) -> Standings:
        groups = self.group_standings()
        if self._groups_rounds_left() or not any(p.stage == "final" for p in self.pairings):
            return _joined(groups, self.settings)
        finalists = self.qualifiers()
        finals = [p for p in self.pairings if p.stage == "final"]
        if self.settings.final == "knockout":
            final = self._knockout_standings(self._seeded(finalists), finals)
        else:
            final = self._table(finalists, finals, schedule=self._table_for(finalists))
        others = sorted(
            (row for table in groups for row in table.rows if row.player not in finalists),
            key=lambda row: (row.annulled, row.rank, -row.points, row.lot),
        )
        rows = list(final.rows) + [
            replace(row, rank=rank) for rank, row in enumerate(others, start=len(final.rows) + 1)
        ]
        return Standings(tuple(rows), final.tiebreaks, self.settings.lots_seed)


def _swiss_player(name: str, number: int, mine: Sequence[Pairing]) -> SwissPlayer:
    """``name`` as the Swiss pairing sees him from his pairings ``mine``: score, opponents met
    (by forfeit too, once per meeting), byes, and the colours of his played games."""
    colours = "".join(
        "B" if name == p.first else "W" for p in mine if p.result is not None and p.result.played
    )
    return SwissPlayer(
        name,
        sum(p.points_of(name) for p in mine),
        number,
        tuple(o for p in mine if (o := p.opponent(name)) is not None),
        sum(1 for p in mine if p.is_bye),
        colours,
    )


def _boards_of(pairings: Sequence[Pairing]) -> list[list[Pairing]]:
    """The legs of each board, boards in order, legs in order."""
    boards: dict[int, list[Pairing]] = {}
    for pairing in sorted(pairings, key=lambda p: (p.board, p.leg)):
        boards.setdefault(pairing.board, []).append(pairing)
    return [boards[b] for b in sorted(boards)]


def _winner(legs: list[Pairing]) -> str:
    """Who goes through from a knockout board: the winner of its last leg."""
    last = legs[-1]
    if last.result is None:
        raise TournamentError(f"round {last.round}, board {last.board} has no result yet")
    if last.result.outcome in ("0-1", "-+"):
        assert last.second is not None
        return last.second
    return last.first


def _annulled(
    players: list[str],
    pairings: Sequence[Pairing],
    schedule: Table,
    withdrawn: frozenset[str],
) -> frozenset[str]:
    """Withdrawn players who played fewer than half of their scheduled games."""
    games = sum(1 for rnd in schedule for _, black in rnd if black is not None)
    per_player = 2 * games // len(players) if players else 0
    out = set()
    for name in players:
        if name not in withdrawn:
            continue
        played = sum(
            1 for p in pairings if name in p.players and p.result is not None and p.result.played
        )
        if 2 * played < per_player:
            out.add(name)
    return frozenset(out)


def _joined(tables: list[Standings], settings: TournamentSettings) -> Standings:
    """The groups' standings one after another (each row keeps its rank in its group)."""
    rows = tuple(row for table in tables for row in table.rows)
    return Standings(rows, settings.chosen_tiebreaks, settings.lots_seed)
