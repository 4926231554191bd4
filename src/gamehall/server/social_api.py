"""Following and blocking players (``/api/follows``, ``/api/blocks``): ``docs/protocol.md``.

The list of the players I follow says who of them is online (has a user socket open on any
process) and which matches each is playing, to watch. A player I block can neither send me a
private message nor challenge me (``messages_api.admit``, ``api.create_challenge``).
"""

from fastapi import APIRouter

from gamehall.server.auth import Acting, Session
from gamehall.server.refusals import Refusal
from gamehall.server.schemas import Empty
from gamehall.server.services import Hall, Services, on_store_threads
from gamehall.server.social_schemas import Blocks, FollowedView, Following, PlayingView
from gamehall.store import User

router = APIRouter(prefix="/api")


def named(hall: Services, name: str) -> User:
    """The player called ``name``; refused (404 ``no-such-player``) when there is none."""
    user = hall.store.users.by_name(name)
    if user is None:
        raise Refusal(404, "no-such-player", name=name)
    return user


@router.get("/follows")
async def following(session: Session, hall: Hall) -> Following:
    """The players I follow, with whether each is online and the matches he is playing."""
    social = hall.store.social
    followed = await hall.workers.store(social.following, session.user.id)
    ids = [f.user_id for f in followed]
    playing = await hall.workers.store(social.playing, ids) if ids else []
    return Following(
        players=[
            FollowedView(
                name=f.name,
                bot=f.bot,
                online=hall.channels.connected(f.user_id),
                playing=[PlayingView.of(p) for p in playing if p.user_id == f.user_id],
            )
            for f in followed
        ]
    )


@router.post("/follows/{name}")
@on_store_threads
def follow(name: str, session: Acting, hall: Hall) -> Empty:
    """Follow the player ``name`` (following him again changes nothing)."""
    hall.store.social.follow(session.user.id, named(hall, name).name)
    return Empty()


@router.delete("/follows/{name}")
@on_store_threads
def unfollow(name: str, session: Acting, hall: Hall) -> Empty:
    """Stop following the player ``name``."""
    hall.store.social.unfollow(session.user.id, named(hall, name).name)
    return Empty()


@router.get("/blocks")
@on_store_threads
def blocks(session: Session, hall: Hall) -> Blocks:
    """The players I block, in alphabetical order."""
    return Blocks(names=hall.store.social.blocked(session.user.id))


@router.post("/blocks/{name}")
@on_store_threads
def block(name: str, session: Acting, hall: Hall) -> Blocks:
    """Block the player ``name``: he can no longer message or challenge me."""
    hall.store.social.block(session.user.id, named(hall, name).name)
    return Blocks(names=hall.store.social.blocked(session.user.id))


@router.delete("/blocks/{name}")
@on_store_threads
def unblock(name: str, session: Acting, hall: Hall) -> Blocks:
    """Stop blocking the player ``name``."""
    hall.store.social.unblock(session.user.id, named(hall, name).name)
    return Blocks(names=hall.store.social.blocked(session.user.id))
