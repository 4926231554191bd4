"""The arenas' side of the tournament director: an arena runs by the clock from its start, its
players are paired as soon as their games end (not by rounds), and they join, pause and leave
while it runs.

The tournament director calls these steps under the tournament's lock, and its sweep steps every
running arena twice a second: the finished matches are recorded, the players who did not come
to their match lose it by forfeit and are paused (they come back by joining again), the waiting
players are paired (``gamehall.tournaments.arena`` says how), their matches are made and the
players told on their own socket; once the time is up and the last game is over, the arena is
finished. The arena's time is seconds from ``starts_at``, which the start sets to the moment it
began. Each game's match is tied to it as the pairing (round = the game's number, board 1, leg
1), so a restarted server goes on where the last one stopped, as for every tournament.
"""

from datetime import datetime
from functools import partial
from typing import Protocol

from gamehall.jsontext import JsonObject
from gamehall.server.arena_schemas import seconds_since
from gamehall.server.live import LiveMatches
from gamehall.server.protocol.user import Notice, TournamentMatch, TournamentOver, TournamentRef
from gamehall.server.tournament_results import NO_SHOW, forfeit_of, result_of
from gamehall.server.user_channels import UserChannels
from gamehall.store import ConflictError, NotAllowedError, PlayerSeat, Store
from gamehall.store.tournaments import StoredTournament, TournamentStore
from gamehall.tournaments import Arena, Pairing, TournamentError, TournamentSettings


class Director(Protocol):
    """What an arena needs of the tournament director: its services, and what it keeps of
    the players' matches (who came, the notices waiting)."""

    store: Store
    tournaments: TournamentStore
    live: LiveMatches
    channels: UserChannels

    @property
    def since(self) -> datetime: ...

    def seen(self, match_id: str) -> set[int]: ...

    async def watch(self, stored: StoredTournament) -> None: ...

    def forget(self, match_id: str) -> None: ...

    def user_ids(self, names: tuple[str, ...]) -> dict[str, int]: ...

    def remember(
        self, stored: StoredTournament, pairing: Pairing, match_id: str, users: dict[str, int]
    ) -> list[tuple[int, TournamentMatch]]: ...

    async def tell_all(self, stored: StoredTournament, message: Notice) -> None: ...


class ArenaDirector:
    """Starts, steps, joins, pauses and finishes arenas for the tournament director."""

    def __init__(self, director: Director) -> None:
        self.director = director
        self.live = director.live
        self.tournaments = director.tournaments

    async def start(self, stored: StoredTournament) -> None:
        """Start the arena now with the players who entered (none is needed: players come
        while it runs); its clock runs from now."""
        settings = TournamentSettings.from_dict(stored.settings)
        arena = Arena.create(settings, stored.entries)
        now = self.tournaments.now()
        await self.live.workers.store(
            self.tournaments.begin, stored.id, list(stored.entries), arena.to_dict(), now
        )

    def _now(self, stored: StoredTournament) -> tuple[datetime, float]:
        now = self.tournaments.now()
        return now, seconds_since(stored.starts_at, now)

    async def _save(self, stored: StoredTournament, arena: Arena, finished: bool) -> None:
        await self.live.workers.store(
            self.tournaments.save_state,
            stored.id,
            arena.to_dict(),
            finished=finished,
            read_at=stored.updated_at,
        )

    # -- players --------------------------------------------------------------------------------

    async def join(self, stored: StoredTournament, user_id: int, name: str) -> None:
        """Enter ``name`` in the running arena, or bring him back from a pause."""
        arena = Arena.from_dict(_state(stored))
        _, at = self._now(stored)
        if at >= arena.duration:
            raise ConflictError("the arena's time is up: nobody can join it now")
        arena = arena.join(name, at)
        await self.live.workers.store(self.tournaments.enter_running, stored.id, user_id)
        await self._save(stored, arena, False)

    async def pause(self, stored: StoredTournament, name: str) -> None:
        """Pause ``name``: he keeps his score and is not paired until he joins again."""
        arena = Arena.from_dict(_state(stored))
        if name not in arena.players:
            raise NotAllowedError("you are not in this arena")
        _, at = self._now(stored)
        await self._save(stored, arena.pause(name, at), False)

    async def leave(self, stored: StoredTournament, user_id: int, name: str) -> None:
        """``name`` leaves: taken off the arena if he has played no game, paused otherwise."""
        arena = Arena.from_dict(_state(stored))
        if name not in arena.players:
            raise NotAllowedError("you are not in this arena")
        _, at = self._now(stored)
        arena = arena.leave(name, at)
        await self._save(stored, arena, False)
        if name not in arena.players:
            await self.live.workers.store(self.tournaments.drop_entry, stored.id, user_id)

    # -- one step -------------------------------------------------------------------------------

    async def step(self, stored: StoredTournament) -> None:
        """Record what happened, pair who waits, make their matches; finish when it is over."""
        director = self.director
        await director.watch(stored)
        now, at = self._now(stored)
        before = Arena.from_dict(_state(stored))
        arena = await self._record(stored, before, now, at)
        arena = arena.pair(at)
        finished = arena.is_finished(at)
        if arena != before or finished:
            try:
                await self._save(stored, arena, finished)
            except ConflictError:  # another server stepped it: the next sweep reads that
                return
            if finished:
                await self._announce_end(stored, arena, at)
        await self._end_forfeited(stored, arena)
        await self._make_matches(stored, arena)

    async def _record(
        self, stored: StoredTournament, arena: Arena, now: datetime, at: float
    ) -> Arena:
        """The arena with the finished matches' results, and the forfeits of the players who
        did not come (who are paused)."""
        director = self.director
        for game in arena.pending:
            row = stored.game_of(game.number, 1, 1)
            if row is None:
                continue
            if row.status == "over":
                arena = arena.record(game.number, result_of(row, arena.settings), at)
                director.forget(row.match_id)
                continue
            waited = (now - max(row.created_at, director.since)).total_seconds()
            if waited < stored.grace_seconds:
                continue
            if self.live.cached(row.match_id) is None:
                await self.live.get(row.match_id)
                await director.watch(stored)
            seen = director.seen(row.match_id)
            absent = [seat for seat in (0, 1) if seat not in seen]
            if not absent:
                continue
            arena = arena.record(game.number, forfeit_of(absent), at)
            for seat in absent:
                name = game.players[seat]
                if not arena.entry(name).paused:
                    arena = arena.pause(name, at)
        return arena

    async def _end_forfeited(self, stored: StoredTournament, arena: Arena) -> None:
        """End the matches still playing whose game was decided by a no-show: the absent
        player (the first, when neither came) loses it, and it is not rated. (Leaving or
        pausing never ends a game: it is played out.)"""
        for row in stored.games:
            if row.status != "playing":
                continue
            game = next((g for g in arena.games if g.number == row.round), None)
            if game is None or game.result is None:
                continue
            absent = 0 if game.result.outcome in ("-+", "--") else 1
            await self.live.workers.store(self.tournaments.unrate, row.match_id)
            await self.live.forfeit(row.match_id, absent, NO_SHOW)
            self.director.forget(row.match_id)

    async def _make_matches(self, stored: StoredTournament, arena: Arena) -> None:
        """Start the match of every game under way that has none, and tell its players."""
        director = self.director
        users = await self.live.workers.store(director.user_ids, stored.entries)
        for game in arena.pending:
            pairing = Pairing(game.number, 1, game.first, game.second)
            row = stored.game_of(game.number, 1, 1)
            if row is not None:
                match_id = row.match_id
            else:
                seats = [PlayerSeat(users[name], "human", None, name) for name in game.players]
                save = partial(
                    director.store.matches.create,
                    rated=stored.rated,
                    then=self.tournaments.link(stored.id, game.number, 1, 1),
                )
                try:
                    match_id = await self.live.create(arena.settings.match, seats, save)
                except ConflictError:  # another process made it: the next step sees it
                    continue
            for user_id, notice in director.remember(stored, pairing, match_id, users):
                director.channels.notify(user_id, notice.wire())

    async def _announce_end(self, stored: StoredTournament, arena: Arena, at: float) -> None:
        """Tell every player that the arena is over, and who won it."""
        for row in stored.games:
            self.director.forget(row.match_id)
        ref = TournamentRef(id=stored.id, name=stored.name)
        await self.director.tell_all(
            stored, TournamentOver(tournament=ref, winner=arena.winner(at))
        )


def _state(stored: StoredTournament) -> JsonObject:
    if stored.state is None:
        raise TournamentError("the arena has not started")
    return stored.state
