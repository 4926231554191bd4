"""A hint's engine words said from the catalog: renju's verdict on a move by its score (a
proved forced win, a win or a loss in so many moves), the cube's choices by their names and the
note on the proper cube action by the cube hint's action and answer. The engines write these in
English for the library; the server and the terminal say them in their reader's language."""

from collections.abc import Mapping

from gamehall.engines.hints import CHOICE_NAMES
from gamehall.engines.renju_search.scores import WIN
from gamehall.words.catalog import Words

_CODES = {name: code for code, name in CHOICE_NAMES.items()}
_NEAR = 1000
"""How far from ``WIN`` a score still counts the moves to a forced end (as the engine's own
``score_text`` reads it)."""


def verdict(score: int, said: Words) -> str:
    """A renju move's score in words: a proved forced win, a win or loss in so many moves, or
    the score's points."""
    if score == WIN:
        return said.say("hints.forced-win")
    if score > WIN - _NEAR:
        return said.say_count("hints.wins-in", WIN - score)
    if score < -WIN + _NEAR:
        return said.say_count("hints.loses-in", WIN + score)
    return f"{score:+d}"


def cube_choice(name: str, said: Words) -> str:
    """A cube hint's choice (``No double``, ``Take``…) in words; another move as it is."""
    return said.say(f"hints.cube.{_CODES[name]}") if name in _CODES else name


def answers_a_double(moves: list[str]) -> bool:
    """Whether a cube hint's choices are the answers to a double (else the doubler's)."""
    return CHOICE_NAMES["take"] in moves


def cube_note(cube: Mapping[str, object], answering: bool, said: Words) -> str:
    """The note on the proper cube action of a cube hint (``CubeHint.to_dict()``)."""
    action, response = str(cube["action"]), str(cube["response"])
    if action == "no-double" and response == "beaver":
        doubler = said.say("hints.cube.action.no-double-beaver")
    else:
        doubler = said.say(f"hints.cube.action.{action}")
    if answering:
        proper = said.say(f"hints.cube.{response}")
        return said.say("hints.cube.note.answer", answer=proper, action=doubler)
    return said.say("hints.cube.note.action", action=doubler)
