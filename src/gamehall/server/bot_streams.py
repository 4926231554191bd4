"""The bot API's two NDJSON streams (``docs/bot-api.md``): one JSON object a line, and a
``keep_alive`` line when nothing else was sent for ``KEEP_ALIVE`` seconds.

``/api/stream/event``: what happens to the account: the challenges made to it, its matches
started and finished. It looks at the store every ``TICK`` seconds (two short reads), so it
hears of what any server process did.

``/api/bot/game/stream/{id}``: one match, as its player's socket sees it: the stream joins the
live match as a connection of the player's seat (``LiveMatches.join``), so its first line is the
socket's ``hello`` (the whole state, the log, the seat's legal actions) and each change is the
socket's ``update``, made once for the pages and the bots alike. While it is open the bot is at
the table (``presence``); when it closes he is away, as a person who closed the page. It ends
after the update that ends the match.

Both streams end when their token is revoked (looked at on each keep-alive).
"""

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import cast

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse
from pydantic import RootModel

from gamehall import jsontext
from gamehall.jsontext import JsonObject
from gamehall.play.settings import GameName
from gamehall.server.bearer import Bearer, Reader
from gamehall.server.bot_schemas import (
    ChallengeLine,
    EventLine,
    GameFinish,
    GameStart,
    KeepAlive,
)
from gamehall.server.language import reader_language
from gamehall.server.live import LiveMatch
from gamehall.server.live.fanout import Serialised
from gamehall.server.protocol.match import MatchServerMessage
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import ChallengeView
from gamehall.server.services import Hall, Services
from gamehall.store import Challenge, StoredMatch
from gamehall.store.tokens import TokenUse

router = APIRouter(prefix="/api")

NDJSON = "application/x-ndjson"


class NdjsonResponse(StreamingResponse):
    """A stream of NDJSON lines (its media type is what the OpenAPI names its lines under)."""

    media_type = NDJSON


EventStreamLine = RootModel[EventLine]
"""A line of the event stream, as the OpenAPI describes it."""
GameStreamLine = RootModel[MatchServerMessage | KeepAlive]
"""A line of a game stream, as the OpenAPI describes it: the match socket's messages (of them
``hello``, ``update`` and ``presence``) and ``keep_alive``."""
KEEP_ALIVE = 5.0
"""Seconds without a line after which a stream sends ``keep_alive``."""
TICK = 1.0
"""Seconds between two looks of the event stream at the store."""
QUEUE_SIZE = 256
"""Messages of a match waiting for a slow stream before it is cut off."""
PLAYING_LIMIT = 100
"""The most matches of one account the event stream follows."""


def line(message: JsonObject) -> str:
    """One line of a stream: the message's JSON text and a newline."""
    return jsontext.dumps(message) + "\n"


async def _token_gone(hall: Services, bearer: Bearer) -> bool:
    """Whether the stream's token was revoked (or is gone) since the stream began."""
    use: TokenUse | None = await hall.workers.store(hall.store.tokens.use, bearer.token)
    return use is None or use.revoked


# -- the event stream ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Look:
    """What the event stream saw at one look: the open challenges made to the account, and
    its matches being played."""

    challenges: list[Challenge]
    playing: list[StoredMatch]


def _look(hall: Services, user_id: int) -> _Look:
    challenges = [
        c
        for c in hall.store.offers.list_challenges(user_id)
        if c.to_user_id == user_id and c.status == "open"
    ]
    playing = hall.store.matches.list_matches(
        status="playing", user_id=user_id, limit=PLAYING_LIMIT
    )
    return _Look(challenges, playing)


def _started(stored: StoredMatch, user_id: int) -> GameStart:
    you = next(i for i, seat in enumerate(stored.seats) if seat.user_id == user_id)
    return GameStart(
        match_id=stored.id,
        game=cast(GameName, stored.game),
        you=you,
        opponent=stored.seats[1 - you].name,
    )


async def event_lines(hall: Services, bearer: Bearer) -> AsyncIterator[str]:
    """The event stream's lines, until the token is revoked or the client goes."""
    user_id = bearer.user.id
    told: set[int] = set()
    playing: set[str] = set()
    quiet = 0.0
    while True:
        look = await hall.workers.store(_look, hall, user_id)
        lines: list[str] = []
        for challenge in look.challenges:
            if challenge.id not in told:
                told.add(challenge.id)
                lines.append(line(ChallengeLine(challenge=ChallengeView.of(challenge)).wire()))
        now_playing = {stored.id: stored for stored in look.playing}
        for match_id, stored in now_playing.items():
            if match_id not in playing:
                lines.append(line(_started(stored, user_id).wire()))
        for match_id in sorted(playing - now_playing.keys()):
            lines.append(line(GameFinish(match_id=match_id).wire()))
        playing = set(now_playing)
        for text in lines:
            yield text
        quiet = 0.0 if lines else quiet + TICK
        if quiet >= KEEP_ALIVE:
            if await _token_gone(hall, bearer):
                return
            yield line(KeepAlive(time=hall.clock()).wire())
            quiet = 0.0
        await asyncio.sleep(TICK)


@router.get(
    "/stream/event",
    response_class=NdjsonResponse,
    responses={200: {"model": EventStreamLine, "description": "one line a JSON object"}},
)
async def event_stream(bearer: Reader, hall: Hall) -> NdjsonResponse:
    """The account's events, as NDJSON lines: ``challenge``, ``game_start``, ``game_finish``
    and ``keep_alive`` (``docs/bot-api.md``)."""
    return NdjsonResponse(event_lines(hall, bearer))


# -- a match's stream ---------------------------------------------------------------------------


class StreamConnection:
    """A game stream as the live match sees it: a connection of the bot's seat whose messages
    wait in a bounded queue for the stream to write them (a stream left too far behind is
    cut off: it can open the stream again and get a new ``hello``)."""

    def __init__(self, seat: int, language: str) -> None:
        self.seat: int | None = seat
        self.language = language
        self.queue: asyncio.Queue[JsonObject | None] = asyncio.Queue(QUEUE_SIZE)

    def send(self, message: JsonObject) -> None:
        """Queue ``message``; a stream left behind is ended instead."""
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


async def _text(hall: Services, message: JsonObject) -> str:
    """A match message's line: an update's text is made already; a hello (with the whole
    log) is written out on the play thread."""
    if isinstance(message, Serialised):
        return message.text + "\n"
    if message.get("type") == "hello":
        text: str = await hall.workers.play(jsontext.dumps, message)
        return text + "\n"
    return line(message)


async def game_lines(
    hall: Services, bearer: Bearer, live: LiveMatch, connection: StreamConnection
) -> AsyncIterator[str]:
    """The game stream's lines: the hello, then every message of the match to the bot's seat,
    until the match is over, the token revoked or the client gone."""
    await hall.live.join(live, connection)
    try:
        while True:
            try:
                message = await asyncio.wait_for(connection.queue.get(), KEEP_ALIVE)
            except TimeoutError:
                if await _token_gone(hall, bearer):
                    return
                yield line(KeepAlive(time=hall.clock()).wire())
                continue
            if message is None:
                return
            yield await _text(hall, message)
            if live.match.is_over and connection.queue.empty():
                return
    finally:
        await hall.live.leave(live, connection)


@router.get(
    "/bot/game/stream/{match_id}",
    response_class=NdjsonResponse,
    responses={200: {"model": GameStreamLine, "description": "one line a JSON object"}},
)
async def game_stream(
    match_id: str, bearer: Reader, hall: Hall, request: Request
) -> NdjsonResponse:
    """One of my matches, as NDJSON lines: ``hello`` (everything, with my legal actions),
    then ``update`` for each change, ``presence``, and ``keep_alive`` (``docs/bot-api.md``)."""
    live = await hall.live.get(match_id)
    seat = live.seat_of(bearer.user.id)
    if seat is None:
        raise Refusal(403, "not-a-player", match=match_id)
    connection = StreamConnection(seat, reader_language(request))
    return NdjsonResponse(game_lines(hall, bearer, live, connection))
