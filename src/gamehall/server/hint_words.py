"""A hint's engine words in the reader's language (``gamehall.words.hints``): renju's verdicts,
the cube's choices and the note on the proper cube action. The engines keep their English; the
API says these from the hint's typed parts (the score, the cube's action and answer), never by
translating the engine's sentences."""

from gamehall.server.hint_schemas import CandidateView, HintAnswer
from gamehall.words import Words, words
from gamehall.words.hints import answers_a_double, cube_choice, cube_note, verdict
from gamehall.words.languages import DEFAULT


def said(answer: HintAnswer, language: str) -> HintAnswer:
    """``answer`` with its engine words in ``language`` (as it is in English)."""
    if language == DEFAULT:
        return answer
    say = words(language)
    candidates = [_candidate(c, answer.game, say) for c in answer.candidates]
    notes = answer.notes
    if answer.cube is not None:
        answering = answers_a_double([c.move for c in answer.candidates])
        notes = [cube_note(answer.cube, answering, say)]
    return answer.model_copy(update={"candidates": candidates, "notes": notes})


def _candidate(candidate: CandidateView, game: str, say: Words) -> CandidateView:
    if game == "renju" and candidate.score is not None:
        return candidate.model_copy(update={"text": verdict(candidate.score, say)})
    return candidate.model_copy(update={"move": cube_choice(candidate.move, say)})
