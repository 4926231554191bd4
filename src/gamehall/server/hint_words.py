"""A hint's engine words said in the reader's language: renju's verdict on a move (a forced
win, a win or a loss in so many moves), the cube's choices and the note on the proper cube
action. The engines keep their English for library users and the terminal's English; the API
says these from the catalog (``hints.*``) from the hint's typed parts (the score, the cube's
action and answer), never by translating the engine's sentences."""

from typing import TYPE_CHECKING

from gamehall.engines.hints import CHOICE_NAMES
from gamehall.engines.renju_search.scores import WIN
from gamehall.words import Words, words
from gamehall.words.languages import DEFAULT

if TYPE_CHECKING:  # the hint API uses this module to answer
    from gamehall.server.hints_api import CandidateView, HintAnswer

_CODES = {name: code for code, name in CHOICE_NAMES.items()}
_NEAR = 1000
"""How far from ``WIN`` a score still counts the moves to a forced end (as the engine's own
``score_text`` reads it)."""


def said(answer: "HintAnswer", language: str) -> "HintAnswer":
    """``answer`` with its engine words in ``language`` (as it is in English)."""
    if language == DEFAULT:
        return answer
    say = words(language)
    candidates = [_candidate(c, answer.game, say) for c in answer.candidates]
    notes = _notes(answer, say)
    return answer.model_copy(update={"candidates": candidates, "notes": notes})


def _candidate(candidate: "CandidateView", game: str, say: Words) -> "CandidateView":
    if game == "renju" and candidate.score is not None:
        return candidate.model_copy(update={"text": _verdict(candidate.score, say)})
    if candidate.move in _CODES:
        move = say.say(f"hints.cube.{_CODES[candidate.move]}")
        return candidate.model_copy(update={"move": move})
    return candidate


def _verdict(score: int, say: Words) -> str:
    """A renju move's score in words: a proved forced win, a win or loss in so many moves."""
    if score == WIN:
        return say.say("hints.forced-win")
    if score > WIN - _NEAR:
        return say.say_count("hints.wins-in", WIN - score)
    if score < -WIN + _NEAR:
        return say.say_count("hints.loses-in", WIN + score)
    return f"{score:+d}"


def _notes(answer: "HintAnswer", say: Words) -> list[str]:
    """The cube hint's note on the proper action (other notes as they are)."""
    cube = answer.cube
    if cube is None:
        return answer.notes
    action, response = str(cube["action"]), str(cube["response"])
    if action == "no-double" and response == "beaver":
        doubler = say.say("hints.cube.action.no-double-beaver")
    else:
        doubler = say.say(f"hints.cube.action.{action}")
    if any(c.move == CHOICE_NAMES["take"] for c in answer.candidates):
        proper = say.say(f"hints.cube.{response}")
        return [say.say("hints.cube.note.answer", answer=proper, action=doubler)]
    return [say.say("hints.cube.note.action", action=doubler)]
