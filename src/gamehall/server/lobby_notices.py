"""Notices of the lobby on the maker's own socket (``/ws/user``): the seek or challenge he made
was accepted, and the match's id, so that whatever page he is on he can go and play, or his
challenge was declined; on whichever server process his socket is (``UserChannels.tell``)."""

from typing import Literal

from gamehall.jsontext import JsonObject
from gamehall.server.protocol.user import (
    ChallengeAccepted,
    ChallengeDeclined,
    ChallengesChanged,
    SeekAccepted,
)
from gamehall.server.schemas import Settings
from gamehall.server.services import Services
from gamehall.server.user_channels import UserChannels
from gamehall.store.values import Challenge


def offer_accepted(
    channels: UserChannels,
    kind: Literal["seek", "challenge"],
    owner_id: int,
    *,
    match_id: str,
    by: str,
    settings: JsonObject,
    rated: bool,
) -> None:
    """Tell the maker of a seek or challenge that ``by`` accepted it: the match ``match_id``
    has started, rated or not (``{"type": "seek_accepted" | "challenge_accepted", ...}``)."""
    read = Settings.model_validate(settings)
    notice = (
        SeekAccepted(match_id=match_id, opponent=by, settings=read, rated=rated)
        if kind == "seek"
        else ChallengeAccepted(match_id=match_id, opponent=by, settings=read, rated=rated)
    )
    channels.tell(owner_id, notice.wire())


def challenges_changed_from_thread(hall: Services, *user_ids: int) -> None:
    """Tell the users (from a route's worker thread) that a challenge to or from them was
    made, declined or withdrawn: ``{"type": "challenges"}``, for their lobby to read them
    again."""

    def tell() -> None:
        for user_id in user_ids:
            hall.channels.tell(user_id, ChallengesChanged().wire())

    hall.workers.on_loop(tell)


def challenge_declined_from_thread(hall: Services, challenge: Challenge) -> None:
    """Tell the challenger (from a route's worker thread) that his challenge was declined, and
    the challenged player that his challenges changed."""
    declined = ChallengeDeclined(
        opponent=challenge.to_name,
        settings=Settings.model_validate(challenge.settings.to_dict()),
        rated=challenge.rated,
    )

    def tell() -> None:
        hall.channels.tell(challenge.from_user_id, declined.wire())
        hall.channels.tell(challenge.to_user_id, ChallengesChanged().wire())

    hall.workers.on_loop(tell)
