"""The HTTP API (``/api``): accounts, the lobby (seeks, challenges, games against the computer),
matches and their records. ``docs/protocol.md`` is its contract.

Routes only check who asks and what they send; the store and the live-match manager do the
work, and their ``GameError``s become ``{"detail": ...}`` answers (``error_status``).
"""

import dataclasses
import secrets
from functools import partial
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import PlainTextResponse

from gamehall.engines import levels_of
from gamehall.errors import GameError, RecordError
from gamehall.play.dice import verify_record
from gamehall.play.match import Match
from gamehall.play.records import export_mat
from gamehall.play.records.from_match import mat_record
from gamehall.play.records.renju import renju_game
from gamehall.play.settings import GAME_NAMES, GameSettings, MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.server.auth import (
    SESSION_COOKIE,
    Acting,
    MaybeSession,
    Session,
    clear_session_cookie,
    from_our_pages,
    set_session_cookie,
)
from gamehall.server.caps import computer_match_slot, over_cap
from gamehall.server.figures import LOGIN_FAILURES
from gamehall.server.limited import (
    LimitedChallenges,
    LimitedGuest,
    LimitedLogin,
    LimitedRegister,
    LimitedSeeks,
)
from gamehall.server.limits import client_address
from gamehall.server.live import NoSuchMatchError, SaveNewMatch
from gamehall.server.live.snapshots import rebuild
from gamehall.server.live.terms import takebacks_for
from gamehall.server.lobby_notices import (
    challenge_declined_from_thread,
    challenges_changed_from_thread,
    offer_accepted,
)
from gamehall.server.login_guard import before_login, logged_in, login_failed
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import (
    AcceptBody,
    AnalysedView,
    ChallengeBody,
    Challenges,
    ChallengeView,
    ComputerBody,
    ComputerLevels,
    Credentials,
    DiceAnswer,
    DiceRecordView,
    Empty,
    ExternalEngineView,
    LoggedIn,
    MatchAnswer,
    MatchCreated,
    Matches,
    MatchRecord,
    MatchView,
    Me,
    Profile,
    SeekBody,
    Seeks,
    SeekView,
    Stats,
    UserView,
    Verification,
    stored_id,
)
from gamehall.server.services import Hall, Services, on_store_threads
from gamehall.store import (
    ConflictError,
    LimitReachedError,
    NameTakenError,
    NotAllowedError,
    NotFoundError,
    PlayerSeat,
    StoredMatch,
    User,
)

router = APIRouter(prefix="/api")


def error_status(exc: GameError) -> int:
    """The HTTP status of a refusal: 404 no such thing, 403 not yours, 409 not now, else 400."""
    if isinstance(exc, NotFoundError | NoSuchMatchError):
        return 404
    if isinstance(exc, NotAllowedError):
        return 403
    if isinstance(exc, ConflictError | NameTakenError):
        return 409
    return 400


NO_SEED = AcceptBody()
"""Accepting without a body: no seed of the accepter's."""


def _seats_in_random_order(first: User, second: User) -> list[PlayerSeat]:
    seats = [PlayerSeat(u.id, "human", None, u.name, u.bot) for u in (first, second)]
    return seats if secrets.randbelow(2) else seats[::-1]


# -- accounts -----------------------------------------------------------------------------------


def _logged_in(hall: Services, user: User, response: Response) -> LoggedIn:
    token, csrf_token = hall.store.users.create_session(user.id, hall.config.session_days)
    set_session_cookie(response, token, hall.config)
    return LoggedIn(user=UserView.of(user), csrf_token=csrf_token, language=user.language)


@router.post("/register", dependencies=[Depends(from_our_pages)])
async def register(
    body: Credentials, hall: Hall, request: Request, response: Response, _: LimitedRegister
) -> LoggedIn:
    """Make an account and log in to it (its password hashed in the hashing pool)."""
    address = client_address(request)
    user = await hall.hashing.run(address, hall.store.users.create, body.name, body.password)
    await logged_in(hall.limits, body.name, address)
    return await hall.workers.store(_logged_in, hall, user, response)


@router.post("/login", dependencies=[Depends(from_our_pages)])
async def login(
    body: Credentials, hall: Hall, request: Request, response: Response, _: LimitedLogin
) -> LoggedIn:
    """Log in with a name and a password (checked in the hashing pool), unless the account is
    guarded against the client's address (``login_guard.py``)."""
    address = client_address(request)
    await before_login(hall.limits, body.name, address)
    authenticate = hall.store.users.authenticate
    user = await hall.hashing.run(address, authenticate, body.name, body.password)
    if user is None:
        LOGIN_FAILURES.inc()
        await login_failed(hall.limits, body.name, address)
        raise Refusal(401, "wrong-password")
    if user.banned:  # told only to who knows the password
        why = await hall.workers.store(hall.store.moderation.ban_reason, user.id)
        raise Refusal(403, "banned", reason=why or "")
    await logged_in(hall.limits, body.name, address)
    return await hall.workers.store(_logged_in, hall, user, response)


@router.post("/guest", dependencies=[Depends(from_our_pages)])
@on_store_threads
def guest(hall: Hall, response: Response, _: LimitedGuest) -> LoggedIn:
    """Play without an account, as a new guest ``Guest-xxxx``."""
    return _logged_in(hall, hall.store.users.create_guest(), response)


@router.post("/logout")
@on_store_threads
def logout(session: Acting, hall: Hall, request: Request, response: Response) -> Empty:
    """End this session."""
    hall.store.users.delete_session(request.cookies.get(SESSION_COOKIE, ""))
    clear_session_cookie(response, hall.config)
    return Empty()


@router.get("/me")
async def me(session: MaybeSession) -> Me:
    """Who I am (null when not logged in) and my CSRF token."""
    if session is None:
        return Me(user=None, csrf_token=None, language=None)
    user = session.user
    return Me(user=UserView.of(user), csrf_token=session.csrf_token, language=user.language)


@router.get("/users/{name}")
@on_store_threads
def profile(name: str, hall: Hall) -> Profile:
    """A player's page: when they joined, what they played and won, their last matches, and
    (a registered player's) figures over his last analysed matches."""
    user = hall.store.users.by_name(name)
    if user is None:
        raise Refusal(404, "no-such-player", name=name)
    stats = hall.store.matches.stats(user.id)
    analysed = [] if user.guest else hall.store.analyses.figures(user.id)
    return Profile(
        user=UserView.of(user),
        stats=Stats(played=stats.played, won=stats.won, lost=stats.lost),
        recent=[MatchView.of(m) for m in hall.store.matches.history(user.id)],
        analysed=[AnalysedView.of(figure) for figure in analysed],
        engine_assisted=user.engine_assisted,
    )


# -- seeks --------------------------------------------------------------------------------------


@router.get("/seeks")
@on_store_threads
def list_seeks(hall: Hall) -> Seeks:
    """The open seeks, oldest first (at most ``lobby_seeks`` of them)."""
    listed = hall.store.offers.list_seeks(hall.config.lobby_seeks)
    return Seeks(seeks=SeekView.of_all(listed, hall.store.ratings.of_seeks(listed)))


@router.post("/seeks")
@on_store_threads
def create_seek(body: SeekBody, session: Acting, hall: Hall, _: LimitedSeeks) -> SeekView:
    """Offer a match to anybody, rated or casual (guests play casual games only; bots play
    by challenge only)."""
    if session.user.bot:
        raise Refusal(403, "bots-no-seeks")
    try:
        seek = hall.store.offers.create_seek(
            session.user.id,
            body.settings.to_settings(),
            rated=body.rated,
            seed=body.seed,
            most=hall.config.max_seeks,
        )
    except LimitReachedError as exc:
        raise over_cap(exc) from None
    return SeekView.of(seek, hall.store.ratings.of_seeks([seek])[seek.id])


@router.delete("/seeks/{seek_id}")
@on_store_threads
def delete_seek(seek_id: int, session: Acting, hall: Hall) -> Empty:
    """Withdraw my seek."""
    stored_id(seek_id, "seek")
    hall.store.offers.delete_seek(seek_id, session.user.id)
    return Empty()


async def start_match(
    hall: Services,
    other_id: int,
    user: User,
    settings: GameSettings,
    save: SaveNewMatch,
    body: AcceptBody,
    maker_seed: str | None,
    rated: bool,
) -> MatchCreated:
    """Start the match of a seek or challenge between its maker and the accepter (with the
    maker's and the accepter's fair-dice seeds, those given; takebacks allowed when it is
    casual); ``save`` stores it in the transaction that accepts the seek or challenge."""
    other = await hall.workers.store(hall.store.users.get, other_id)
    if other is None:
        raise Refusal(404, "offer-gone")
    seats = _seats_in_random_order(other, user)
    seeds = {**_seeds(seats, other_id, maker_seed), **_seeds(seats, user.id, body.seed)}
    takebacks = takebacks_for(settings, seats, rated)
    match_id = await hall.live.create(settings, seats, save, seeds, takebacks)
    return MatchCreated(match_id=match_id)


def _seeds(seats: list[PlayerSeat], user_id: int, seed: str | None) -> dict[int, str]:
    """The fair-dice seed of the user in ``seats``, by seat (none if not given)."""
    if seed is None:
        return {}
    return {next(i for i, s in enumerate(seats) if s.user_id == user_id): seed}


@router.post("/seeks/{seek_id}/accept")
async def accept_seek(
    seek_id: int, session: Acting, hall: Hall, body: AcceptBody = NO_SEED
) -> MatchCreated:
    """Accept somebody's seek: the match starts (the seek is taken only with its match), and
    its maker is told on his own socket. Seeks are for people: a bot is refused."""
    stored_id(seek_id, "seek")
    if session.user.bot:
        raise Refusal(403, "bots-no-seeks")
    seek = await hall.workers.store(hall.store.offers.get_seek, seek_id)
    if seek is None:
        raise Refusal(404, "no-such-seek", id=seek_id)
    save = partial(hall.store.offers.accept_seek, seek_id, session.user.id, rated=seek.rated)
    created = await start_match(
        hall, seek.user_id, session.user, seek.settings, save, body, seek.seed, seek.rated
    )
    offer_accepted(
        hall.channels,
        "seek",
        seek.user_id,
        match_id=created.match_id,
        by=session.user.name,
        settings=seek.settings.to_dict(),
        rated=(await hall.live.get(created.match_id)).terms.rated,
    )
    return created


# -- challenges ---------------------------------------------------------------------------------


@router.get("/challenges")
@on_store_threads
def list_challenges(session: Session, hall: Hall) -> Challenges:
    """The open challenges to me and from me."""
    challenges = hall.store.offers.list_challenges(session.user.id)
    return Challenges(challenges=[ChallengeView.of(c) for c in challenges])


@router.post("/challenges")
@on_store_threads
def create_challenge(
    body: ChallengeBody, session: Acting, hall: Hall, _: LimitedChallenges
) -> ChallengeView:
    """Challenge a player by name (both are told on their own sockets)."""
    opponent = hall.store.users.by_name(body.opponent)
    if opponent is None:
        raise Refusal(404, "no-such-player", name=body.opponent)
    try:
        challenge = hall.store.offers.create_challenge(
            session.user.id,
            opponent.id,
            body.settings.to_settings(),
            rated=body.rated,
            seed=body.seed,
            most=(hall.config.max_challenges, hall.config.max_challenges_to_one),
        )
    except LimitReachedError as exc:
        raise over_cap(exc, name=opponent.name) from None
    challenges_changed_from_thread(hall, session.user.id, opponent.id)
    return ChallengeView.of(challenge)


@router.post("/challenges/{challenge_id}/accept")
async def accept_challenge(
    challenge_id: int,
    session: Acting,
    hall: Hall,
    body: AcceptBody = NO_SEED,
) -> MatchCreated:
    """Accept a challenge made to me: the match starts, and the challenger is told on his own
    socket."""
    return await accept_challenge_of(hall, session.user, challenge_id, body)


async def accept_challenge_of(
    hall: Services, user: User, challenge_id: int, body: AcceptBody
) -> MatchCreated:
    """``user`` accepts the challenge ``challenge_id`` made to him: the match starts and the
    challenger is told (the pages' and the bots' one way to)."""
    stored_id(challenge_id, "challenge")
    challenge = await hall.workers.store(hall.store.offers.get_challenge, challenge_id)
    if challenge is None:
        raise Refusal(404, "no-such-challenge", id=challenge_id)
    save = partial(hall.store.offers.accept_challenge, challenge_id, user.id, rated=challenge.rated)
    created = await start_match(
        hall,
        challenge.from_user_id,
        user,
        challenge.settings,
        save,
        body,
        challenge.seed,
        challenge.rated,
    )
    offer_accepted(
        hall.channels,
        "challenge",
        challenge.from_user_id,
        match_id=created.match_id,
        by=user.name,
        settings=challenge.settings.to_dict(),
        rated=(await hall.live.get(created.match_id)).terms.rated,
    )
    return created


@router.post("/challenges/{challenge_id}/withdraw")
@on_store_threads
def withdraw_challenge(challenge_id: int, session: Acting, hall: Hall) -> Empty:
    """Withdraw a challenge I made, before it is answered."""
    stored_id(challenge_id, "challenge")
    challenge = hall.store.offers.withdraw_challenge(challenge_id, session.user.id)
    challenges_changed_from_thread(hall, challenge.from_user_id, challenge.to_user_id)
    return Empty()


@router.post("/challenges/{challenge_id}/decline")
@on_store_threads
def decline_challenge(challenge_id: int, session: Acting, hall: Hall) -> Empty:
    """Decline a challenge made to me (the challenger is told on his own socket)."""
    stored_id(challenge_id, "challenge")
    challenge = hall.store.offers.decline_challenge(challenge_id, session.user.id)
    challenge_declined_from_thread(hall, challenge)
    return Empty()


# -- the computer -------------------------------------------------------------------------------


@router.get("/computer/levels")
async def computer_levels(hall: Hall) -> ComputerLevels:
    """The levels the computer plays each game at, and the operator's external engines."""
    external = hall.config.external_engines
    return ComputerLevels(
        levels={game: list(levels_of(game)) for game in GAME_NAMES},
        engines={
            game: [
                ExternalEngineView(id=spec.id, name=spec.name, level=spec.level)
                for spec in external
                if spec.game == game
            ]
            for game in GAME_NAMES
        },
    )


@router.post("/computer")
async def play_computer(body: ComputerBody, session: Acting, hall: Hall) -> MatchCreated:
    """Start a match against the computer (a house level, or an external ``engine``); I sit in
    ``side``."""
    return await start_computer(hall, session.user, body)


async def start_computer(hall: Services, user: User, body: ComputerBody) -> MatchCreated:
    """Start a match of ``user`` against the computer (a house level, or an external
    ``engine``), as ``body`` asks (the pages' and the bots' one way to)."""
    settings = body.settings.to_settings()
    if body.engine is not None:
        engines = [s for s in hall.config.external_engines if s.game == settings.game]
        spec = next((s for s in engines if s.id == body.engine), None)
        if spec is None:
            names = ", ".join(s.id for s in engines) or "none is configured"
            raise GameError(
                f"there is no external {settings.game} engine {body.engine!r}: {names}",
                reason="no-such-engine",
                game=settings.game,
                engine=repr(body.engine),
                engines=", ".join(s.id for s in engines) or "-",
            )
        computer = PlayerSeat(None, "computer", spec.id, spec.name)
    else:
        levels = levels_of(settings.game)
        if body.level not in levels:
            raise GameError(
                f"the computer does not play {settings.game} at the {body.level} level: "
                f"choose {', '.join(levels)}",
                reason="no-such-level",
                game=settings.game,
                level=str(body.level),
                levels=", ".join(levels),
            )
        computer = PlayerSeat(None, "computer", body.level, f"Computer ({body.level})")
    person = PlayerSeat(user.id, "human", None, user.name, user.bot)
    seats = [person, computer] if body.side == 0 else [computer, person]
    seeds: dict[int, str] = {} if body.seed is None else {body.side: body.seed}
    async with computer_match_slot(hall, user.id):
        return MatchCreated(match_id=await hall.live.create(settings, seats, seeds=seeds))


# -- matches ------------------------------------------------------------------------------------


@router.get("/matches")
@on_store_threads
def list_matches(
    hall: Hall,
    status: Literal["live", "over", "all"] = "live",
    user: Annotated[str | None, Query(max_length=100)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> Matches:
    """Matches, newest first: being played (``live``), finished or all; of one player."""
    user_id = None
    if user is not None:
        found = hall.store.users.by_name(user)
        if found is None:
            raise Refusal(404, "no-such-player", name=user)
        user_id = found.id
    stored_status = {"live": "playing", "over": "over", "all": None}[status]
    matches = hall.store.matches.list_matches(status=stored_status, user_id=user_id, limit=limit)
    return Matches(matches=[MatchView.of(m) for m in matches])


def _stored(hall: Services, match_id: str) -> StoredMatch:
    stored = hall.store.matches.load(match_id)
    if stored is None:
        raise Refusal(404, "no-such-match", match=match_id)
    return stored


def _replayed(hall: Services, stored: StoredMatch) -> Match:
    """The stored match, with its whole log: restored from its snapshot and the events after
    it, else replayed (the routes that call it run in a worker thread), on the server's clock.
    Without the server's secrets: the records need none."""
    return rebuild(dataclasses.replace(stored, secrets=None), hall.live.clock, None)[0]


@router.get("/matches/{match_id}")
async def get_match(match_id: str, hall: Hall) -> MatchAnswer:
    """A match's summary and its state now."""
    stored = await hall.workers.store(_stored, hall, match_id)
    state = await hall.live.state(match_id)
    return MatchAnswer(match=MatchView.of(stored), state=state)


@router.get("/matches/{match_id}/record.json", response_model_exclude_unset=True)
async def record_json(
    match_id: str, request: Request, hall: Hall, response: Response
) -> MatchRecord:
    """The public event log (``Match.to_dict()``: no secrets), which replays the match: a
    heavy read, kept once the match is over (``heavy_reads.py``)."""
    kept = hall.heavy.kept(("record.json", match_id))
    if isinstance(kept, MatchRecord):
        record = kept
    else:
        stored = await hall.workers.store(_stored, hall, match_id)  # 404 for an unknown id
        work = partial(MatchRecord.model_validate, stored.as_match_dict(secrets=False))
        keep = None if stored.status == "playing" else ("record.json", match_id)
        record = await hall.heavy.read(client_address(request), work, keep=keep)
    response.headers["Content-Disposition"] = f'attachment; filename="gamehall-{match_id}.json"'
    return record


@router.get("/matches/{match_id}/record.psq", response_class=PlainTextResponse)
@on_store_threads
def record_psq(
    match_id: str, hall: Hall, game: Annotated[int | None, Query(ge=1)] = None
) -> PlainTextResponse:
    """A renju game as a Piskvork ``.psq`` file: game ``game`` of the match (default: the
    last one with a move)."""
    stored = _stored(hall, match_id)
    if stored.game != "renju":
        raise Refusal(404, "psq-renju-only")
    settings = MatchSettings.from_dict(stored.settings)
    try:
        renju = renju_game(settings, stored.log, game)
    except RecordError as exc:
        raise Refusal(404, "no-such-step", as_is=True, reason=str(exc)) from None
    if renju.has_pass:
        raise Refusal(409, "psq-pass")
    return PlainTextResponse(
        renju.to_psq(stored.players),
        headers={"Content-Disposition": f'attachment; filename="gamehall-{match_id}.psq"'},
    )


@router.get("/matches/{match_id}/record.mat", response_class=PlainTextResponse)
async def record_mat(match_id: str, request: Request, hall: Hall) -> PlainTextResponse:
    """A backgammon, Georgian or nardy match as a Jellyfish ``.mat`` file, as GNU Backgammon
    writes it (the games so far, for a match still being played): a heavy read, kept once
    the match is over (``heavy_reads.py``)."""
    text = hall.heavy.kept(("record.mat", match_id))
    if not isinstance(text, str):
        stored = await hall.workers.store(_stored, hall, match_id)
        keep = None if stored.status == "playing" else ("record.mat", match_id)
        work = partial(_mat_text, hall, stored)
        text = await hall.heavy.read(client_address(request), work, keep=keep)
    return PlainTextResponse(
        text, headers={"Content-Disposition": f'attachment; filename="gamehall-{match_id}.mat"'}
    )


def _mat_text(hall: Services, stored: StoredMatch) -> str:
    """The ``.mat`` text of a stored tables match (replayed on the heavy reads' thread)."""
    match = _replayed(hall, stored)
    if not isinstance(match, TablesMatch):
        raise Refusal(404, "mat-dice-only")
    try:
        return export_mat(mat_record(match))
    except RecordError as exc:
        raise Refusal(409, "mat-cannot", reason=str(exc)) from None


@router.get("/matches/{match_id}/dice/{game}")
@on_store_threads
def dice(match_id: str, game: int, hall: Hall) -> DiceAnswer:
    """Game ``game``'s provably fair dice record, once that game is over, and its check."""
    stored = _stored(hall, match_id)
    if stored.settings.get("dice") != "fair":
        raise Refusal(404, "no-fair-dice")
    match = _replayed(hall, stored)
    try:
        record = match.dice_record(game)
    except RecordError:
        raise Refusal(404, "no-such-game", game=game) from None
    if record.server_seed is None:
        raise Refusal(409, "dice-not-revealed", game=game)
    report = verify_record(record)
    return DiceAnswer(
        game=game,
        record=DiceRecordView.of(record),
        verification=Verification(
            ok=report.ok, rolls_checked=report.rolls_checked, summary=report.summary()
        ),
    )
