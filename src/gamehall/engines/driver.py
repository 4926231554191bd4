"""The computer player's driver: an engine's decisions turned into a match's actions.

It sits in the engines layer, above the play layer it drives (the play layer knows no engine).

``step(match, player, engine)`` asks the engine the one decision ``player`` faces now (double or
roll, take or drop, a play, an answer to a resignation or a draw offer, a renju move) and applies
the answer with ``match.apply``; ``play_out`` runs a match unattended for the players that have
an engine. Both only ever take actions the match allows now, so they can drive a match that
people play too (the terminal and the server do).
"""

import logging
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
    EngineFault,
    Evaluator,
    MatchContext,
    OfferDouble,
)
from gamehall.errors import GameError, IllegalMoveError
from gamehall.play.actions import (
    Accept,
    Beaver,
    ClaimFoul,
    Confirm,
    Decline,
    Double,
    Drop,
    EndSession,
    NextGame,
    OpeningChoice,
    Pass,
    Place,
    Play,
    Resign,
    Roll,
    Take,
)
from gamehall.play.events import Event
from gamehall.play.match import Match
from gamehall.play.renju_match import RenjuMatch
from gamehall.play.renju_openings import WITH_OFFERS, Opening, Soosorv8, Taraguchi10, Yamaguchi
from gamehall.play.settings import BackgammonRules, NardySettings
from gamehall.play.tables_match import TablesMatch
from gamehall.renju import Board

log = logging.getLogger(__name__)


def match_context(match: TablesMatch, player: int) -> MatchContext:
    """The match as ``player``'s engine sees it: the score and the cube from his side."""
    owner: CubeOwner | None = None
    if match.cube_owner is not None:
        owner = "engine" if match.cube_owner == player else "opponent"
    settings = match.settings
    cube = settings if isinstance(settings, BackgammonRules) else None
    money = cube is not None and settings.length == 0
    context = MatchContext(
        match_length=settings.length,
        score=(int(match.score[player]), int(match.score[1 - player])),
        cube_value=match.cube,
        cube_owner=owner,
        crawford=match.crawford_game,
        beavers=money and cube is not None and cube.beavers,
        cube_cap=None if cube is None else cube.cube_cap,
        jacoby=money and cube is not None and cube.jacoby,
        crawford_rule=cube is not None and cube.uses_crawford,
        surrender=settings.surrender_value if isinstance(settings, NardySettings) else "oin",
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
    Raises ``GameError`` when ``player`` has nothing to decide. An engine that fails to decide
    (``EngineFault``: an external engine's crash, hang or unusable answer) forfeits the match
    for ``player``, the fault's kind the reason recorded.
    """
    if not wants_to_act(match, player):
        raise GameError(f"{match.players[player]} has nothing to decide now")
    first = len(match.events)
    try:
        if isinstance(match, RenjuMatch):
            return _renju_step(match, player, engine)
        assert isinstance(match, TablesMatch)
        return _tables_step(match, player, engine)
    except EngineFault as fault:  # an external engine crashed, hung or answered nonsense
        log.warning("%s forfeits for %s: %s", engine.name, fault.kind, fault)
        return match.events[first:] + match.forfeit(player, fault.kind)


def _renju_step(match: RenjuMatch, player: int, engine: Engine) -> list[Event]:
    assert match.board is not None
    if match.draw_offer == 1 - player:
        answer = engine.decide(AnswerDraw(match.board.copy()))
        return match.apply(player, Accept() if answer else Decline())
    if match.opening is not None and not match.opening.places():
        if isinstance(match.opening, (Soosorv8, Yamaguchi)) and match.opening.step == "declare":
            return match.apply(player, OpeningChoice(_declared(match.board, engine)))
        return match.apply(player, OpeningChoice(_opening_colour(match.board, engine)))
    if isinstance(match.opening, WITH_OFFERS) and match.opening.step in ("offers", "select"):
        return match.apply(player, Place(_fifth_move(match.opening, match.board, engine)))
    if "claim" in match.legal_actions(player) and any(f.claimable for f in match.board.fouls()):
        # The computer, as White, always spots a foul it may still claim.
        return match.apply(player, ClaimFoul())
    if match.opening is None:
        point = engine.decide(ChooseMove(match.board.copy()))
        return match.apply(player, Pass() if point == "pass" else Place(point))
    allowed = opening_points(match.opening, match.board)
    if not allowed:
        raise GameError("no point is left that the opening rule accepts now")
    point = engine.decide(ChooseMove(match.board.copy(), allowed))
    return match.apply(player, Place(point))


def opening_points(opening: Opening, board: Board) -> frozenset[str]:
    """The legal points that ``opening`` accepts for its next stone or fifth-move offer: the
    opening rule itself answers for each point, so no rule is written twice."""
    return frozenset(p for p in board.legal_moves() if _accepts(opening, board, p))


def _accepts(opening: Opening, board: Board, point: str) -> bool:
    try:
        opening.place(board, point)
    except IllegalMoveError:
        return False
    return True


def _score(board: Board, engine: Engine) -> float:
    """The engine's evaluation for the side to move on ``board`` (0 if it cannot evaluate)."""
    return engine.evaluate(board.copy()) if isinstance(engine, Evaluator) else 0.0


def _declared(board: Board, engine: Engine) -> str:
    """The number of fifth moves to declare (Soosõrv-8's White after move 4, Yamaguchi's first
    player after move 3): many (8) when Black stands better, so that White may pick the least
    of many offers; else 1."""
    score = _score(board, engine)
    black = score if board.turn == "black" else -score
    return "8" if black > 0 else "1"


def _fifth_move(opening: Soosorv8 | Taraguchi10 | Yamaguchi, board: Board, engine: Engine) -> str:
    """Black's next fifth-move offer (the engine's choice among the points the rule still
    accepts), or White's choice among the offers: the one after which the
    engine scores White (to move) best."""
    if opening.step == "select":
        scores = {}
        for offer in opening.offers:
            after = board.copy()
            after.play(offer)
            scores[offer] = _score(after, engine)
        return max(opening.offers, key=lambda offer: scores[offer])
    allowed = opening_points(opening, board)
    if not allowed:
        raise GameError("no fifth move is left to offer")
    return engine.decide(ChooseMove(board.copy(), allowed))


def _opening_colour(board: Board, engine: Engine) -> str:
    """The colour to take at an opening rule's choice (Swap2's after three or five stones):
    White, to move, if the engine's evaluation of the position for the side to move is not
    below zero, else Black. An engine that cannot evaluate stays White."""
    if not isinstance(engine, Evaluator):
        return "white"
    score = engine.evaluate(board.copy())
    return (
        ("white" if score >= 0 else "black")
        if board.turn == "white"
        else ("black" if score >= 0 else "white")
    )


def _tables_step(match: TablesMatch, player: int, engine: Engine) -> list[Event]:
    position = match.position
    assert position is not None
    context = match_context(match, player)
    if match.phase == "double":
        answer = engine.decide(AnswerDouble(position, context))
        if answer == "beaver" and "beaver" not in match.legal_actions(player):
            answer = "take"
        return match.apply(player, {"take": Take(), "drop": Drop(), "beaver": Beaver()}[answer])
    if match.phase == "resign":
        assert match.resign_offer is not None
        offer = AnswerResignation(position, match.resign_offer[1], context)
        accepted = engine.decide(offer)
        return match.apply(player, Accept() if accepted else Decline())
    turn = match.turn
    starting = match.phase == "roll" or (turn is not None and not turn.moves)
    if starting and "resign" in match.legal_actions(player):
        resign = engine.decide(ChooseResignation(position, context))
        if resign is not None and resign not in _offers_this_game(match, player):
            return match.apply(player, Resign(resign))
    if match.phase == "roll":
        doubles = match.may_double(player) and engine.decide(OfferDouble(position, context))
        return match.apply(player, Double() if doubles else Roll())
    assert match.dice is not None
    play = engine.decide(ChoosePlay.roll(position, match.dice, context))
    events = match.apply(player, Play(play.notation))
    if "confirm" in match.legal_actions(player):
        events += match.apply(player, Confirm())
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
            match.apply(seat, NextGame() if more else EndSession())
            continue
        player = next((p for p in sorted(engines) if wants_to_act(match, p)), None)
        if player is None:
            return match.events[first:]
        step(match, player, engines[player])
    raise GameError(f"the match did not end within {max_actions} decisions")
