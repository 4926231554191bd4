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


class Narrator:
    """Tells the events of one match, remembering the dice of the turn being played."""

    def __init__(self, match: Match) -> None:
        self.match = match
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
        if event.kind in ("roll", "opening"):
            self._dice = list(event.outcome["dice"])
        if event.kind == "game_start":
            return self._game_start(event.outcome)
        if event.kind == "opening":
            first, second = event.outcome["dice"]
            again = ": a tie, again" if first == second else ""
            names = self.match.players
            return f"Opening roll: {names[0]} {first}, {names[1]} {second}{again}"
        if event.kind == "game_end":
            return self._game_end(event.outcome)
        if event.kind == "match_end":
            return self._match_end()
        if event.kind == "flag":
            return f"{self.match.players[event.outcome['player']]} has run out of time"
        if event.player is None:
            return ""
        return self._action(event, self.match.players[event.player])

    def _action(self, event: Event, name: str) -> str:
        dice = show_dice(self._dice) if self._dice else ""
        text = {
            "no_move": f"{dice}, no move",
            "drop": "drops",
            "accept": "accepts",
            "decline": "declines",
            "offer_draw": "offers a draw",
            "pass": "passes",
            "next_game": "starts the next game",
            "end_session": "ends the session",
        }.get(event.kind, "")
        if event.kind == "double":
            text = f"doubles to {event.outcome['cube']}"
        elif event.kind in ("take", "beaver"):
            verb = "takes" if event.kind == "take" else "beavers"
            text = f"{verb}: the cube is at {event.outcome['cube']}"
        elif event.kind == "claim":
            text = f"claims Black's {event.outcome['pattern']} on {event.outcome['point']}"
        elif event.kind == "false_claim":
            text = false_claim_words(event.outcome)
        elif event.kind == "opening_choice":
            choice = event.outcome["choice"]
            text = {
                "white": "plays White",
                "black": "takes Black" + (" (a swap)" if event.outcome.get("swap") else ""),
                "place2": "will place two more stones (White, then Black)",
            }.get(choice, f"declares {choice} fifth moves")
        elif event.kind == "offer":
            text = f"offers {event.data['point']} as a fifth move"
        elif event.kind == "undo":
            text = f"takes back {event.outcome['move']}"
        elif event.kind == "confirm":
            text = f"{dice} {event.outcome['play']}" if event.outcome["play"] else ""
        elif event.kind == "resign" and "points" in event.outcome:
            offers = isinstance(self.match, TablesMatch) and not self.match.is_nardy
            verb = "offers to resign" if offers else "resigns"
            text = f"{verb} ({self._points(event.outcome['points'])})"
        elif event.kind == "resign":
            text = "resigns"
        elif event.kind == "move" and not isinstance(self.match, TablesMatch):
            text = event.outcome["move"]
        return f"{name}: {text}" if text else ""

    def _game_start(self, out: GameStartOutcome) -> str:
        parts = [f"--- Game {out['number']}"]
        if out.get("crawford"):
            parts.append("(the Crawford game)")
        black = out.get("black")
        if black is not None:
            parts.append(f"· {self.match.players[black]} plays Black")
        text = " ".join(parts) + " ---"
        if out.get("commitment"):
            text += f"\nFair dice: the game's secret seed has the SHA-256 {out['commitment']}"
        return text

    def _game_end(self, out: GameEndOutcome) -> str:
        winner = out["winner"]
        names = self.match.players
        if winner is not None:
            kind = out.get("kind")
            article = "an" if str(kind)[:1] in "aeiou" else "a"
            what = f"{article} {kind}, " if kind and kind not in ("single", "win") else ""
            reason = words().end_reason(out["reason"], names[1 - winner])
            text = f"{names[winner]} wins ({what}{self._points(out.get('points', 1))}): {reason}"
        else:
            text = f"a draw ({words().end_reason(out['reason'])})"
        score = out["score"]
        shown = ", ".join(f"{names[p]} {show_points(score[p])}" for p in (0, 1))
        text = f"Game over: {text}.\nScore: {shown}"
        if out.get("server_seed"):
            text += f"\nFair dice: the game's secret seed was {out['server_seed']}"
        return text

    def _match_end(self) -> str:
        match = self.match
        what = "match" if match.settings.length else "session"
        if match.winner is None:
            score = f"{show_points(match.score[0])}-{show_points(match.score[1])}"
            return f"The {what} is over, drawn {score}"
        won, lost = match.score[match.winner], match.score[1 - match.winner]
        name = match.players[match.winner]
        return f"{name} wins the {what} {show_points(won)}-{show_points(lost)}"

    @staticmethod
    def _points(points: float) -> str:
        return f"{show_points(points)} point{'' if points == 1 else 's'}"


def false_claim_words(outcome: FalseClaimOutcome) -> str:
    """A false claim and its sanction in words (the catalog's, as the pages say it)."""
    say = words().say
    sanction = say(f"claim.false.{outcome['penalty']}", seconds=outcome.get("seconds", 0))
    return say("claim.false") + (f" ({sanction})" if sanction else "")
