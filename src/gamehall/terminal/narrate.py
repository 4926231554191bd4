"""What happened, in words: one line for each event of a match's log that a player wants told.

``Narrator.tell(events)`` turns new events into lines such as ``Computer: 6-5 24/13`` or
``Game over: Human wins (a gammon, 2 points) by bearing off. Score: Human 2, Computer 0``. Single
checker moves and rolls are not told on their own: a turn is told once, when it is confirmed,
with its dice.
"""

from collections.abc import Iterable

from gamehall.play.event_keys import FalseClaimOutcome, GameEndOutcome, GameStartOutcome
from gamehall.play.events import Event
from gamehall.play.match import Match
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.render import show_dice, show_points
from gamehall.words import words
from gamehall.words.languages import DEFAULT


class Narrator:
    """Tells the events of one match in ``language``, remembering the dice of the turn."""

    def __init__(self, match: Match, language: str = DEFAULT) -> None:
        self.match = match
        self.words = words(language)
        self._dice: list[int] | None = None

    def tell(self, events: Iterable[Event]) -> list[str]:
        """The lines for ``events`` (some events have none)."""
        lines = []
        for event in events:
            text = self.text(event)
            if text:
                lines += text.split("\n")
        return lines

    def text(self, event: Event) -> str:
        """What to say about one event (a line or two), or an empty string."""
        say = self.words.say
        if event.kind in ("roll", "opening"):
            self._dice = list(event.outcome["dice"])
        if event.kind == "game_start":
            return self._game_start(event.outcome)
        if event.kind == "opening":
            first, second = event.outcome["dice"]
            names = self.match.players
            key = "terminal.opening.tie" if first == second else "terminal.opening"
            return say(key, first=names[0], first_die=first, second=names[1], second_die=second)
        if event.kind == "game_end":
            return self._game_end(event.outcome)
        if event.kind == "match_end":
            return self._match_end()
        if event.kind == "flag":
            return say("terminal.flag", name=self.match.players[event.outcome["player"]])
        if event.player is None:
            return ""
        return self._action(event, self.match.players[event.player])

    def _action(self, event: Event, name: str) -> str:
        say = self.words.say
        dice = show_dice(self._dice) if self._dice else ""
        simple = ("drop", "accept", "decline", "offer_draw", "pass", "next_game", "end_session")
        text = ""
        if event.kind == "no_move":
            text = say("terminal.told.no_move", dice=dice)
        elif event.kind in simple:
            text = say(f"terminal.told.{event.kind}")
        elif event.kind == "double":
            text = say("terminal.told.double", cube=event.outcome["cube"])
        elif event.kind in ("take", "beaver"):
            text = say(f"terminal.told.{event.kind}", cube=event.outcome["cube"])
        elif event.kind == "claim":
            pattern = event.outcome["pattern"]
            pattern = self.words.texts.get(f"terminal.pattern.{pattern}", pattern)
            text = say("terminal.told.claim", pattern=pattern, point=event.outcome["point"])
        elif event.kind == "false_claim":
            text = false_claim_words(event.outcome, self.words.language)
        elif event.kind == "opening_choice":
            choice = event.outcome["choice"]
            if choice == "black" and event.outcome.get("swap"):
                text = say("terminal.told.choice.swap")
            elif choice in ("white", "black", "place2"):
                text = say(f"terminal.told.choice.{choice}")
            else:
                text = say("terminal.told.choice.declare", count=choice)
        elif event.kind == "offer":
            text = say("terminal.told.offer", point=event.data["point"])
        elif event.kind == "undo":
            text = say("terminal.told.undo", move=event.outcome["move"])
        elif event.kind == "confirm":
            text = f"{dice} {event.outcome['play']}" if event.outcome["play"] else ""
        elif event.kind == "resign" and "points" in event.outcome:
            offers = isinstance(self.match, TablesMatch) and not self.match.is_nardy
            key = "terminal.told.resign.offer" if offers else "terminal.told.resign.points"
            text = say(key, points=self._points(event.outcome["points"]))
        elif event.kind == "resign":
            text = say("terminal.told.resign")
        elif event.kind == "move" and not isinstance(self.match, TablesMatch):
            text = event.outcome["move"]
        return f"{name}: {text}" if text else ""

    def _game_start(self, out: GameStartOutcome) -> str:
        say = self.words.say
        parts = [say("terminal.game", number=out["number"])]
        if out.get("crawford"):
            parts.append(say("terminal.game.crawford"))
        black = out.get("black")
        if black is not None:
            parts.append("· " + say("terminal.game.black", name=self.match.players[black]))
        text = "--- " + " ".join(parts) + " ---"
        if out.get("commitment"):
            text += "\n" + say("terminal.fair.commitment", commitment=out["commitment"])
        return text

    def _game_end(self, out: GameEndOutcome) -> str:
        w = self.words
        winner = out["winner"]
        names = self.match.players
        if winner is not None:
            kind = out.get("kind")
            points = self._points(out.get("points", 1))
            if kind and kind not in ("single", "win"):
                what = w.texts.get(f"terminal.kind.{kind}", str(kind))
                points = f"{what}, {points}"
            reason = w.end_reason(out["reason"], names[1 - winner])
            text = w.say("terminal.wins", name=names[winner], points=points, reason=reason)
        else:
            text = w.say("terminal.draw", reason=w.end_reason(out["reason"]))
        score = out["score"]
        shown = ", ".join(f"{names[p]} {show_points(score[p])}" for p in (0, 1))
        text = (
            w.say("terminal.game-over", result=text) + "\n" + w.say("terminal.score", score=shown)
        )
        if out.get("server_seed"):
            text += "\n" + w.say("terminal.fair.seed", seed=out["server_seed"])
        return text

    def _match_end(self) -> str:
        match = self.match
        say = self.words.say
        what = "match" if match.settings.length else "session"
        if match.winner is None:
            score = f"{show_points(match.score[0])}-{show_points(match.score[1])}"
            return say(f"terminal.{what}.drawn", score=score)
        won, lost = match.score[match.winner], match.score[1 - match.winner]
        score = f"{show_points(won)}-{show_points(lost)}"
        return say(f"terminal.{what}.won", name=match.players[match.winner], score=score)

    def _points(self, points: float) -> str:
        count = int(points) if points == int(points) else points
        return self.words.say_count("terminal.points", count)  # type: ignore[arg-type]


def false_claim_words(outcome: FalseClaimOutcome, language: str = DEFAULT) -> str:
    """A false claim and its sanction in words (the catalog's, as the pages say it)."""
    say = words(language).say
    sanction = say(f"claim.false.{outcome['penalty']}", seconds=outcome.get("seconds", 0))
    return say("claim.false") + (f" ({sanction})" if sanction else "")
