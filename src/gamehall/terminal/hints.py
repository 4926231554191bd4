"""The engine's hints as terminal text: the ranked choices with their figures, and renju's
winning sequence move by move."""

import textwrap

from gamehall.engines.hints import Hints, WinningLine
from gamehall.terminal.render import WIDTH, wrap
from gamehall.words import words
from gamehall.words.hints import answers_a_double, cube_choice, cube_note, verdict
from gamehall.words.languages import DEFAULT

LABELS = {
    "win": "win",
    "win_gammon": "W gammon",
    "win_backgammon": "W bg",
    "lose_gammon": "L gammon",
    "lose_backgammon": "L bg",
    "win_mars": "W mars",
    "lose_mars": "L mars",
}
"""Short names of the engine's probabilities."""


def hint_lines(hints: Hints, language: str = DEFAULT) -> list[str]:
    """The ranked choices, best first: the move, its evaluation (and for the tables games the
    difference to the best, the ply and the probabilities on a line of their own)."""
    w = words(language)
    english = language == DEFAULT
    lines = [w.say("terminal.hint.choices", method=hints.method)]
    for rank, candidate in enumerate(hints.candidates, 1):
        if candidate.equity is None:
            text = candidate.text
            if not english and candidate.score is not None:
                text = verdict(candidate.score, w)
            lines.append(f"  {rank:>2}. {candidate.move:<6} {text}")
            continue
        move = candidate.move if english else cube_choice(candidate.move, w)
        difference = "" if rank == 1 else f"{candidate.difference:+.3f}"
        row = f"  {rank:>2}. {move:<24} {candidate.text:>7} {difference:>7}"
        lines.append(row.rstrip())
        figures = ", ".join(
            f"{w.texts.get(f'terminal.hint.{name}', LABELS.get(name, name))} {100 * chance:.1f}%"
            for name, chance in candidate.probabilities
        )
        lines += textwrap.wrap(figures, WIDTH, initial_indent="      ", subsequent_indent="      ")
    notes = list(hints.notes)
    if hints.cube is not None and not english:
        answering = answers_a_double([c.move for c in hints.candidates])
        notes = [cube_note(hints.cube, answering, w)]
    lines += [f"  ({note})" for note in notes]
    if hints.winning is not None:
        line = hints.winning
        how = w.say(f"terminal.hint.{line.kind if line.kind == 'vcf' else 'vct'}")
        lines.append(w.say("terminal.hint.forced", how=how, count=len(line.moves)))
    return lines


def winning_lines(line: WinningLine, language: str = DEFAULT) -> list[str]:
    """A forced win move by move, numbered, with each stone's colour, and how it ends."""
    w = words(language)
    attacker = w.say(f"terminal.hint.side.{line.attacker}")
    steps = [
        f"{number}. {point} ({w.texts.get(f'terminal.colour.{colour}', colour)})"
        for point, colour, number in line.stones()
    ]
    if line.ending == "five":
        end = w.say("terminal.hint.five", side=attacker)
    else:
        end = w.say("terminal.hint.trap", point=line.trap)
    how = w.say(f"terminal.hint.{'vcf' if line.kind == 'vcf' else 'vct'}")
    text = w.say("terminal.hint.wins", side=attacker, how=how, steps=", ".join(steps), end=end)
    return wrap(text, indent="  ")
