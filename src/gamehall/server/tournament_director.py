"""The tournament director: it starts tournaments, pairs round after round as results arrive,
starts each pairing's match, tells the players, forfeits those who do not come, and finishes.

Everything it knows is in the database: the tournament's state (``Tournament.to_dict()``) and
the match of each pairing, tied to it in the transaction that stores the match. It reads them
again on every step, so a restarted server goes on where the last one stopped: results that
arrived are recorded, pairings without a match get one, the next round is paired. A step of a
tournament runs under that tournament's lock; a sweep every ``poll_seconds`` steps every
running tournament (and starts those whose start time has come), so nothing waits for a
request. Order of writes: the state first (a round paired, a forfeit recorded), then the
matches it calls for, so a crash between the two is repaired by the next step.

A paired player "comes" by opening the match's page (a socket on the match) or by acting in
it; one who has not come ``grace_seconds`` after the match was made (or after this server
started, whichever is later) loses the pairing by forfeit (``+-``, ``-+``, or ``--`` when
neither came), and the match is ended and made casual.

A house engine entered by the director sits in its pairings' matches as a computer seat of its
level: it is always on the board, so it plays as soon as it is its turn, and its matches are
casual (a person's rating does not move against it).
"""

import asyncio
import logging
from datetime import datetime
from functools import partial

from gamehall.engines.base import LEVELS, Level
from gamehall.errors import GameError
from gamehall.server.arena_director import ArenaDirector
from gamehall.server.failures import Failures
from gamehall.server.live import LiveMatches
from gamehall.server.protocol.user import (
    Notice,
    TournamentMatch,
    TournamentOver,
    TournamentRef,
    TournamentRound,
)
from gamehall.server.tournament_results import NO_SHOW, WITHDRAWN, forfeit_of, result_of
from gamehall.server.user_channels import UserChannels
from gamehall.store import ConflictError, NotAllowedError, PlayerSeat, Store
from gamehall.store.tournaments import StoredTournament, TournamentGame
from gamehall.tournaments import Pairing, Tournament, TournamentSettings

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5
"""How often every running tournament is looked at."""


class TournamentDirector:
    """Runs every tournament of the store from this process."""

    def __init__(
        self,
        store: Store,
        live: LiveMatches,
        channels: UserChannels,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        self.store = store
        self.tournaments = store.tournaments
        self.ratings = store.ratings
        self.live = live
        self.channels = channels
        self.poll_seconds = poll_seconds
        self._locks: dict[int, asyncio.Lock] = {}
        self._seen: dict[str, set[int]] = {}
        """Seats seen in each tournament match (a socket on it, or an action)."""
        self._notices: dict[int, dict[str, TournamentMatch]] = {}
        """The tournament matches waiting for each user: user id -> match id -> notice."""
        self._since = self.tournaments.now()
        self._task: asyncio.Task[None] | None = None
        self._failures = Failures("the tournament sweep", log)
        self.arenas = ArenaDirector(self)
        channels.current = self.current

    # -- running --------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start sweeping (the first sweep resumes every running tournament)."""
        self._since = self.tournaments.now()
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        """Stop sweeping; a step under way is cancelled between writes."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception as exc:
                self._failures.failed(exc)
            else:
                self._failures.succeeded()
            await asyncio.sleep(self.poll_seconds)

    async def sweep(self) -> None:
        """Start the tournaments whose time has come; step every running one."""
        for due in await self.live.workers.store(self.tournaments.due, self.tournaments.now()):
            waiting = await self.live.workers.store(self.tournaments.get, due)
            if waiting is None or (len(waiting.entries) < 2 and not _is_arena(waiting)):
                continue  # it starts as soon as a second player enters (an arena: on time)
            try:
                await self.start_tournament(due)
            except GameError as exc:
                log.warning("tournament %s cannot start: %s", due, exc)
        for tournament_id in await self.live.workers.store(self.tournaments.ids, "running"):
            try:
                await self.step(tournament_id)
            except GameError as exc:
                log.error("tournament %s: %s", tournament_id, exc)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    @property
    def since(self) -> datetime:
        """When this director started: a player's grace runs from then at the earliest."""
        return self._since

    def seen(self, match_id: str) -> set[int]:
        """The seats seen in a tournament match so far."""
        return self._seen.get(match_id, set())

    def current(self, user_id: int) -> list[Notice]:
        """The tournament matches waiting for the user (sent on a new user socket)."""
        return list(self._notices.get(user_id, {}).values())

    # -- starting -------------------------------------------------------------------------------

    async def start_tournament(self, tournament_id: int) -> None:
        """Close the entries and start: seed the players by rating and pair the first round,
        or start an arena's clock."""
        async with self._lock(tournament_id):
            stored = await self.live.workers.store(self.tournaments.need, tournament_id)
            if stored.status != "open":
                raise ConflictError("the tournament has started already")
            if _is_arena(stored):
                await self.arenas.start(stored)
            else:
                await self._begin_rounds(stored)
        await self.step(tournament_id)

    async def _begin_rounds(self, stored: StoredTournament) -> None:
        """Start a tournament played in rounds: seeded by rating, round 1 paired."""
        if len(stored.entries) < 2:
            raise ConflictError(
                f"a tournament needs 2 players or more: {len(stored.entries)} entered"
            )
        settings = TournamentSettings.from_dict(stored.settings)
        players = list(stored.entries)
        ratings = await self.live.workers.store(self.ratings.seeding, players, stored.game)
        state = Tournament.create(settings, players, ratings).pair_next_round()
        await self.live.workers.store(self.tournaments.begin, stored.id, players, state.to_dict())
        await self._announce_round(stored, state)

    async def arena_join(self, tournament_id: int, user_id: int, name: str) -> None:
        """Enter a player in a running arena, or bring him back from his pause."""
        async with self._lock(tournament_id):
            await self.arenas.join(await self._running_arena(tournament_id), user_id, name)
        await self.step(tournament_id)

    async def arena_pause(self, tournament_id: int, name: str) -> None:
        """Pause a player of a running arena (he keeps his score)."""
        async with self._lock(tournament_id):
            await self.arenas.pause(await self._running_arena(tournament_id), name)

    async def arena_leave(self, tournament_id: int, user_id: int, name: str) -> None:
        """A player leaves a running arena (``ArenaDirector.leave``)."""
        async with self._lock(tournament_id):
            await self.arenas.leave(await self._running_arena(tournament_id), user_id, name)

    async def _running_arena(self, tournament_id: int) -> StoredTournament:
        stored = await self.live.workers.store(self.tournaments.need, tournament_id)
        if not _is_arena(stored):
            raise ConflictError("only an arena takes players while it is played")
        if stored.status != "running" or stored.state is None:
            raise ConflictError("the arena is not being played")
        return stored

    async def withdraw(self, tournament_id: int, player: str) -> None:
        """Withdraw ``player`` from a running tournament: his waiting and later pairings are
        lost by forfeit (his match being played ends), as the tournament's withdrawal policy
        says (``docs/tournaments.md``)."""
        async with self._lock(tournament_id):
            stored = await self.live.workers.store(self.tournaments.need, tournament_id)
            if stored.status != "running" or stored.state is None:
                raise ConflictError("the tournament is not being played: there is nothing to leave")
            state = Tournament.from_dict(stored.state)
            if player not in state.players:
                raise NotAllowedError("you are not in this tournament")
            state = state.withdraw(player)
            await self.live.workers.store(
                self.tournaments.save_state,
                tournament_id,
                state.to_dict(),
                finished=state.is_finished,
                read_at=stored.updated_at,
            )
            if state.is_finished:
                await self._announce_end(stored, state)
            # his match being played ends now: a withdrawal that finishes the tournament
            # leaves nothing for the next step to do, which would leave it live for ever
            await self._end_decided(stored, state)
        await self.step(tournament_id)

    # -- one step -------------------------------------------------------------------------------

    async def step(self, tournament_id: int) -> None:
        """Bring the tournament up to date: record the results that came, forfeit those who
        did not come, pair the next round, start the matches it needs."""
        async with self._lock(tournament_id):
            stored = await self.live.workers.store(self.tournaments.get, tournament_id)
            if stored is None or stored.status != "running" or stored.state is None:
                return
            if _is_arena(stored):
                await self.arenas.step(stored)
                return
            await self.watch(stored)
            state = Tournament.from_dict(stored.state)
            before = state
            rounds = state.current_round
            state = await self._record(stored, state)
            while not state.pending and not state.is_finished:
                state = state.pair_next_round()
            if state != before:
                finished = state.is_finished
                try:
                    await self.live.workers.store(
                        self.tournaments.save_state,
                        tournament_id,
                        state.to_dict(),
                        finished=finished,
                        read_at=stored.updated_at,
                    )
                except ConflictError:  # another server stepped it: the next sweep reads that
                    return
                if state.current_round > rounds:
                    await self._announce_round(stored, state)
                if finished:
                    await self._announce_end(stored, state)
            await self._end_decided(stored, state)
            await self._make_matches(stored, state)

    async def watch(self, stored: StoredTournament) -> None:
        """Note who is at each match now (a socket on it, or an action in it)."""
        for game in stored.games:
            if game.status != "playing":
                continue
            live = self.live.cached(game.match_id)
            if live is None:
                continue
            seen = self._seen.setdefault(game.match_id, set())
            seen.update(seat for seat, here in enumerate(live.connected()) if here)
            # Only what a player did himself: the rules' own events (an automatic roll, a game's
            # end) name a player who may never have come.
            if not live.match.events.complete:
                await self.live.workers.store(live.match.events.load)
            seen.update(e.player for e in live.match.events if e.player in (0, 1) and not e.derived)

    async def _record(self, stored: StoredTournament, state: Tournament) -> Tournament:
        """The state with the results of the finished matches and the forfeits of the
        players who did not come."""
        now = self.tournaments.now()
        for pairing in state.pending:
            if pairing.second is None:
                continue
            game = stored.game_of(pairing.round, pairing.board, pairing.leg)
            if game is None:
                continue
            if game.status == "over":
                state = state.record(pairing.round, pairing.board, result_of(game, state.settings))
                self.forget(game.match_id)
                continue
            waited = (now - max(game.created_at, self._since)).total_seconds()
            if waited < stored.grace_seconds:
                continue
            if self.live.cached(game.match_id) is None:
                await self.live.get(game.match_id)
                await self.watch(stored)
            seen = self._seen.get(game.match_id, set())
            absent = [seat for seat in (0, 1) if seat not in seen]
            if absent:
                state = state.record(pairing.round, pairing.board, forfeit_of(absent))
        return state

    async def _end_decided(self, stored: StoredTournament, state: Tournament) -> None:
        """End the matches still playing whose pairing was decided without them (a forfeit: a
        no-show, a withdrawal): the absent player loses it, and it is not rated."""
        for game in stored.games:
            if game.status != "playing":
                continue
            pairing = _pairing(state, game)
            if pairing is None or pairing.result is None:
                continue
            absent = 0 if pairing.result.outcome in ("-+", "--") else 1
            gone = pairing.players[absent] in state.withdrawn
            await self.live.workers.store(self.tournaments.unrate, game.match_id)
            await self.live.forfeit(game.match_id, absent, WITHDRAWN if gone else NO_SHOW)
            self.forget(game.match_id)

    async def _make_matches(self, stored: StoredTournament, state: Tournament) -> None:
        """Start the match of every waiting pairing that has none, and tell its players."""
        users = await self.live.workers.store(self.user_ids, stored.entries)
        for pairing in state.pending:
            if pairing.second is None:
                continue
            game = stored.game_of(pairing.round, pairing.board, pairing.leg)
            if game is not None:  # made before a restart, or by another server: tell them here
                for notice_user, notice in self.remember(stored, pairing, game.match_id, users):
                    self.channels.notify(notice_user, notice.wire())
                continue
            seats = [_seat(stored, name, users) for name in pairing.players]
            save = partial(
                self.store.matches.create,
                rated=stored.rated and all(seat.kind == "human" for seat in seats),
                then=self.tournaments.link(stored.id, pairing.round, pairing.board, pairing.leg),
            )
            try:
                match_id = await self.live.create(state.settings.match, seats, save)
            except ConflictError as exc:  # another process made it: the next step sees it
                log.info("tournament %s: %s", stored.id, exc)
                continue
            for notice_user, notice in self.remember(stored, pairing, match_id, users):
                self.channels.notify(notice_user, notice.wire())

    def user_ids(self, names: tuple[str, ...]) -> dict[str, int]:
        found = {}
        for name in names:
            user = self.store.users.by_name(name)
            if user is not None:
                found[name] = user.id
        return found

    def remember(
        self, stored: StoredTournament, pairing: Pairing, match_id: str, users: dict[str, int]
    ) -> list[tuple[int, TournamentMatch]]:
        """Keep the notices of a pairing's match for its players; returns those that are new
        to this process."""
        made = []
        for seat, name in enumerate(pairing.players):
            notice = TournamentMatch(
                tournament=TournamentRef(id=stored.id, name=stored.name),
                round=pairing.round,
                board=pairing.board,
                leg=pairing.leg,
                match_id=match_id,
                seat=seat,
                opponent=pairing.players[1 - seat],
                arena=_is_arena(stored),
                opponent_level=_level(stored, pairing.players[1 - seat]),
            )
            if name not in users:  # a house engine needs no telling
                continue
            kept = self._notices.setdefault(users[name], {})
            if match_id not in kept:
                kept[match_id] = notice
                made.append((users[name], notice))
        return made

    def forget(self, match_id: str) -> None:
        self._seen.pop(match_id, None)
        for notices in self._notices.values():
            notices.pop(match_id, None)

    # -- telling the players --------------------------------------------------------------------

    async def tell_all(self, stored: StoredTournament, message: Notice) -> None:
        users = await self.live.workers.store(self.user_ids, stored.entries)
        for user_id in users.values():
            self.channels.notify(user_id, message.wire())

    async def _announce_round(self, stored: StoredTournament, state: Tournament) -> None:
        """Tell every player that a round is paired (and who has a bye in it)."""
        number = state.current_round
        byes = [p.first for p in state.round_pairings(number) if p.second is None]
        message = TournamentRound(
            tournament=TournamentRef(id=stored.id, name=stored.name), round=number, byes=byes
        )
        await self.tell_all(stored, message)

    async def _announce_end(self, stored: StoredTournament, state: Tournament) -> None:
        """Tell every player that the tournament is over, and who won."""
        for game in stored.games:
            self.forget(game.match_id)
        message = TournamentOver(
            tournament=TournamentRef(id=stored.id, name=stored.name),
            winner=state.winner,
            winner_level=_level(stored, state.winner) if state.winner is not None else None,
        )
        await self.tell_all(stored, message)


def _level(stored: StoredTournament, name: str) -> Level | None:
    """The level of the house engine entered as ``name``; None for a person."""
    level = stored.level_of(name)
    return next((known for known in LEVELS if known == level), None)


def _seat(stored: StoredTournament, name: str, users: dict[str, int]) -> PlayerSeat:
    """The match seat of the entry ``name``: a person, or the house engine of its level."""
    level = stored.level_of(name)
    if level is not None:
        return PlayerSeat(None, "computer", level, name)
    return PlayerSeat(users[name], "human", None, name)


def _pairing(state: Tournament, game: TournamentGame) -> Pairing | None:
    return next(
        (p for p in state.round_pairings(game.round) if (p.board, p.leg) == (game.board, game.leg)),
        None,
    )


def _is_arena(stored: StoredTournament) -> bool:
    return stored.settings.get("format") == "arena"
