"""Telling players when somebody they follow comes online or starts a match (``FollowWatch``).

Every ``INTERVAL`` seconds each process looks at who is online (on any process:
``UserChannels.online_users``) and at the matches being played (one query), and tells the
followers of each player who came online or sat down to a new match, on their user sockets on
this process (every process tells its own): ``followed_online`` and ``followed_playing``
notices. The first look only learns what is so (as does the first after a time with no user
socket on this process, when nothing is read); a follower who is himself in the match is not
told of it.
"""

import asyncio
import logging

from gamehall.server.background import Background
from gamehall.server.failures import Failures
from gamehall.server.live.workers import Workers
from gamehall.server.social_schemas import FollowedOnline, FollowedPlaying, game_name
from gamehall.server.user_channels import UserChannels
from gamehall.store import Store
from gamehall.store.social import PlayingNow

log = logging.getLogger(__name__)

INTERVAL = 2.0
"""Seconds between two looks."""


class FollowWatch(Background):
    """Who was online and who was playing at the last look, to tell followers what is new."""

    def __init__(
        self, store: Store, channels: UserChannels, workers: Workers, interval: float = INTERVAL
    ) -> None:
        self.store = store
        self.channels = channels
        self.workers = workers
        self.interval = interval
        self._failures = Failures("the follow watch", log)
        self._online: set[int] | None = None
        self._playing: set[tuple[int, str]] = set()

    async def _run(self) -> None:
        while True:
            try:
                await self.look()
                self._failures.succeeded()
            except Exception as exc:
                self._failures.failed(exc)
            await asyncio.sleep(self.interval)

    async def look(self) -> None:
        """Read who is online and what is being played; tell the followers what is new. With
        no user socket on this process there is nobody to tell: nothing is read, and the next
        look only learns again what is so."""
        if not self.channels.serving():
            self._online = None
            return
        online = self.channels.online_users()
        playing = await self.workers.store(self.store.social.playing, None)
        seated = {(p.user_id, p.match_id) for p in playing}
        first = self._online is None
        came = {
            i: n for i, n in online.items() if self._online is not None and i not in self._online
        }
        started = [p for p in playing if (p.user_id, p.match_id) not in self._playing]
        self._online, self._playing = set(online), seated
        if first or not (came or started):
            return
        ids = sorted(set(came) | {p.user_id for p in started})
        followers = await self.workers.store(self.store.social.followers, ids)
        for user_id, name in came.items():
            for follower in followers.get(user_id, []):
                self.channels.notify(follower, FollowedOnline(name=name).wire())
        for match in started:
            for follower in followers.get(match.user_id, []):
                if (follower, match.match_id) not in seated:
                    self.channels.notify(follower, _playing(match).wire())


def _playing(match: PlayingNow) -> FollowedPlaying:
    return FollowedPlaying(
        name=match.name,
        match_id=match.match_id,
        game=game_name(match.game),
        opponent=match.opponent,
    )
