"""What happened, in words: one line for each event of a match's log that a player wants told.

``Narrator.tell(events)`` turns new events into lines such as ``Computer: 6-5 24/13`` or
``Game over: Human wins (a gammon, 2 points) by bearing off. Score: Human 2, Computer 0``. Single
checker moves and rolls are not told on their own: a turn is told once, when it is confirmed,
with its dice.
"""

from collections.abc import Iterable

from gamehall.play.events import Event
from gamehall.play.match import Match
from gamehall.play.tables_match import TablesMatch
from gamehall.terminal.render import show_dice, show_points

_REASONS = {
    "bear-off": "bearing off",
    "drop": "a dropped double",
    "resign": "resignation",
    "time": "time",
    "five": "five in a row",
    "double-four": "Black's forbidden double-four",
    "double-three": "Black's forbidden double-three",
    "overline": "Black's forbidden overline",
    "agreement": "agreement",
    "full-board": "a full board",
    "two-passes": "two passes",
    "last-roll tie": "both bearing off on the last roll",
    "session ended": "the end of the session",
}


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
        kind, out = event.kind, event.outcome
        if "dice" in out and kind in ("roll", "opening"):
            self._dice = list(out["dice"])
        if kind == "game_start":
            return self._game_start(out)
        if kind == "opening":
            first, second = out["dice"]
            again = ": a tie, again" if first == second else ""
            names = self.match.players
            return f"Opening roll: {names[0]} {first}, {names[1]} {second}{again}"
        if kind == "game_end":
            return self._game_end(out)
        if kind == "match_end":
            return self._match_end()
        if kind == "flag":
            return f"{self.match.players[out['player']]} has run out of time"
        if event.player is None:
            return ""
        return self._action(event)

    def _action(self, event: Event) -> str:
        assert event.player is not None
        name = self.match.players[event.player]
        kind, out = event.kind, event.outcome
        dice = show_dice(self._dice) if self._dice else ""
        text = {
            "no_move": f"{dice}, no move",
            "double": f"doubles to {out.get('cube')}",
            "take": f"takes: the cube is at {out.get('cube')}",
            "beaver": f"beavers: the cube is at {out.get('cube')}",
            "drop": "drops",
            "accept": "accepts",
            "decline": "declines",
            "offer_draw": "offers a draw",
            "pass": "passes",
            "claim": f"claims Black's {out.get('pattern')} on {out.get('point')}",
            "opening_choice": {
                "white": "plays White",
                "black": "takes Black" + (" (a swap)" if out.get("swap") else ""),
                "place2": "will place two more stones (White, then Black)",
            }.get(str(out.get("choice")), f"declares {out.get('choice')} fifth moves"),
            "offer": f"offers {event.data.get('point')} as a fifth move",
            "undo": f"takes back {out.get('move')}",
            "next_game": "starts the next game",
            "end_session": "ends the session",
        }.get(event.kind)
        if kind == "confirm":
            text = f"{dice} {out['play']}" if out.get("play") else ""
        elif kind == "resign" and "points" in out:
            offers = isinstance(self.match, TablesMatch) and not self.match.is_nardy
            verb = "offers to resign" if offers else "resigns"
            text = f"{verb} ({self._points(out['points'])})"
        elif kind == "resign":
            text = "resigns"
        elif kind == "move" and not isinstance(self.match, TablesMatch):
            text = out["move"]
        return f"{name}: {text}" if text else ""

    def _game_start(self, out: dict[str, object]) -> str:
        number = out.get("number")
        parts = [f"--- Game {number}"]
        if out.get("crawford"):
            parts.append("(the Crawford game)")
        black = out.get("black")
        if isinstance(black, int):
            parts.append(f"· {self.match.players[black]} plays Black")
        text = " ".join(parts) + " ---"
        if out.get("commitment"):
            text += f"\nFair dice: the game's secret seed has the SHA-256 {out['commitment']}"
        return text

    def _game_end(self, out: dict[str, object]) -> str:
        winner = out.get("winner")
        reason = _REASONS.get(str(out.get("reason")), str(out.get("reason")))
        names = self.match.players
        if isinstance(winner, int):
            kind = out.get("kind")
            article = "an" if str(kind)[:1] in "aeiou" else "a"
            what = f"{article} {kind}, " if kind and kind not in ("single", "win") else ""
            points = out.get("points", 1)
            assert isinstance(points, int | float)
            text = f"{names[winner]} wins ({what}{self._points(points)}) by {reason}"
        else:
            text = f"a draw by {reason}"
        score = out.get("score")
        assert isinstance(score, list)
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
