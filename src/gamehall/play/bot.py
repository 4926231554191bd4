"""The computer player's driver: an engine's decisions turned into a match's actions.

``step(match, player, engine)`` asks the engine the one decision ``player`` faces now (double or
roll, take or drop, a play, an answer to a resignation or a draw offer, a renju move) and applies
the answer with ``match.act``; ``play_out`` runs a match unattended for the players that have
an engine. Both only ever take actions the match allows now, so they can drive a match that
people play too (the terminal and the server do).
"""

import random
from collections.abc import Mapping
from dataclasses import replace

from gamehall.engines.base import (
    AnswerDouble,
    AnswerDraw,
    AnswerResignation,
    ChooseMove,
    ChoosePlay,
    ChooseResignation,
    CubeOwner,
    Engine,
    MatchContext,
    OfferDouble,
)
from gamehall.errors import GameError
from gamehall.play.events import Event
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.tables_match import TablesMatch


class SeededDice:
    """Dice from ``random.Random(seed)``: the same seed gives the same rolls.

    For reproducible practice games and tests only: anyone who knows the seed knows every roll,
    so these dice are neither secure nor fair (a match between people uses the match's own
    secure or provably fair dice).
    """

    def __init__(self, seed: int | str) -> None:
        self._random = random.Random(seed)

    def roll(self, n_dice: int = 2) -> tuple[int, ...]:
        """``n_dice`` faces from 1 to 6."""
        if n_dice < 1:
            raise GameError(f"cannot roll {n_dice} dice: roll one die or more")
        return tuple(self._random.randint(1, 6) for _ in range(n_dice))


def match_context(match: TablesMatch, player: int) -> MatchContext:
    """The match as ``player``'s engine sees it: the score and the cube from his side."""
    owner: CubeOwner | None = None
    if match.cube_owner is not None:
        owner = "engine" if match.cube_owner == player else "opponent"
    context = MatchContext(
        match_length=match.settings.length,
        score=(int(match.score[player]), int(match.score[1 - player])),
        cube_value=match.cube,
        cube_owner=owner,
        crawford=match.crawford_game,
        beavers=match.settings.beavers and match.settings.length == 0,
        cube_cap=match.settings.cube_cap,
    )
    if match.variant is None:
        return context
    return replace(context, variant=match.variant.name)


def wants_to_act(match: Match, player: int) -> bool:
    """Whether ``player`` has a decision to make now (in renju the player to move also answers
    a draw offer of his opponent's, before his move)."""
    return not match.is_over and match.to_act == player


def step(match: Match, player: int, engine: Engine) -> list[Event]:
    """Ask ``engine`` the decision ``player`` faces now and apply its answer; returns the events.

    A play is applied whole (``play`` and then ``confirm``, unless the variant confirmed it).
    Raises ``GameError`` when ``player`` has nothing to decide.
    """
    if not wants_to_act(match, player):
        raise GameError(f"{match.players[player]} has nothing to decide now")
    if isinstance(match, RenjuMatch):
        return _renju_step(match, player, engine)
    assert isinstance(match, TablesMatch)
    return _tables_step(match, player, engine)


def _renju_step(match: RenjuMatch, player: int, engine: Engine) -> list[Event]:
    assert match.board is not None
    if match.draw_offer == 1 - player:
        answer = engine.decide(AnswerDraw(match.board.copy()))
        return match.act(player, "accept" if answer else "decline")
    point = engine.decide(ChooseMove(match.board.copy()))
    if point == "pass":
        return match.act(player, "pass")
    return match.act(player, "move", point=point)


def _tables_step(match: TablesMatch, player: int, engine: Engine) -> list[Event]:
    position = match.position
    assert position is not None
    context = match_context(match, player)
    if match.phase == "double":
        answer = engine.decide(AnswerDouble(position, context))
        if answer == "beaver" and "beaver" not in match.legal_actions(player):
            answer = "take"
        return match.act(player, answer)
    if match.phase == "resign":
        assert match.resign_offer is not None
        offer = AnswerResignation(position, match.resign_offer[1], context)
        accepted = engine.decide(offer)
        return match.act(player, "accept" if accepted else "decline")
    turn = match.turn
    starting = match.phase == "roll" or (turn is not None and not turn.moves)
    if starting and "resign" in match.legal_actions(player):
        resign = engine.decide(ChooseResignation(position, context))
        if resign is not None and resign not in _offers_this_game(match, player):
            return match.act(player, "resign", value=resign)
    if match.phase == "roll":
        doubles = match.may_double(player) and engine.decide(OfferDouble(position, context))
        return match.act(player, "double" if doubles else "roll")
    assert match.dice is not None
    play = engine.decide(ChoosePlay.roll(position, match.dice, context))
    events = match.act(player, "play", text=play.notation)
    if "confirm" in match.legal_actions(player):
        events += match.act(player, "confirm")
    return events


def _offers_this_game(match: TablesMatch, player: int) -> set[int]:
    """The resignations ``player`` has offered in the current game: he does not repeat one."""
    offered: set[int] = set()
    for event in reversed(match.events):
        if event.kind == "game_start":
            break
        if event.kind == "resign" and event.player == player:
            offered.add(int(event.data.get("value", 1)))
    return offered


def play_out(
    match: Match,
    engines: Mapping[int, Engine],
    max_actions: int = 100_000,
    *,
    session_games: int = 1,
) -> list[Event]:
    """Let the engines act for their players until the match is over or a player without an
    engine must act; returns the events. Starts the match if it has not started.

    Between the games of a money session (length 0) people decide whether to go on; when
    engines play both sides, the session ends once ``session_games`` games have been played.
    Raises ``GameError`` if the engines take more than ``max_actions`` decisions.
    """
    first = len(match.events)
    if not match.started:
        match.start()
    for _ in range(max_actions):
        if match.is_over:
            return match.events[first:]
        if isinstance(match, TablesMatch) and match.phase == "between":
            if len(engines) < 2:
                return match.events[first:]
            seat = min(engines)
            more = len(match.games) < session_games
            match.act(seat, "next_game" if more else "end_session")
            continue
        player = next((p for p in sorted(engines) if wants_to_act(match, p)), None)
        if player is None:
            return match.events[first:]
        step(match, player, engines[player])
    raise GameError(f"the match did not end within {max_actions} decisions")
