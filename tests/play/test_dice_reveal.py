"""Fair dice are revealed however a game ends (issue 17): a match that ended on time or by
forfeit in the middle of a game never revealed its seed, so the game's dice could not be
checked and the secret stayed with the server. Players' own seeds count in every roll."""

import io
import json
from pathlib import Path
from typing import Any

from gamehall import cli
from gamehall.play.dice import verify_record
from gamehall.play.match import Match
from gamehall.play.settings import MatchSettings
from gamehall.play.tables_match import TablesMatch
from gamehall.play.views import legal_of
from gamehall.words import words


class Time:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _fair(game: str = "backgammon", clock: str | None = None, **extra: Any) -> tuple[Match, Time]:
    time = Time()
    settings = MatchSettings.from_dict(
        {"game": game, "length": 3, "dice": "fair", "clock": clock, **extra}
    )
    return TablesMatch(settings, ("ann", "bob"), time_source=time), time


def _play_a_little(match: Match, actions: int = 6) -> None:
    """A few decisions of whoever is to act: rolls, the first legal play and its confirm."""
    for _ in range(actions):
        seat = match.to_act
        assert seat is not None
        kinds = match.legal_actions(seat)
        legal = legal_of(match, seat)
        if legal and legal["plays"] and "play" in kinds:
            match.act(seat, "play", text=legal["plays"][0])
        elif "confirm" in kinds:
            match.act(seat, "confirm")
        elif "roll" in kinds:
            match.act(seat, "roll")
        else:
            return


def _checks(match: Match) -> None:
    """The cut-short game's seed is out, its dice verify, no secret is left, the log replays
    to the same match (from the log and from a snapshot)."""
    end = match.events[-1]
    assert end.kind == "match_end"
    assert "server_seed" in end.outcome
    record = match.dice_record(len(match.games) + 1)
    assert record.server_seed is not None
    report = verify_record(record)
    assert report.ok and report.rolls_checked >= 1, report.summary()
    assert "secrets" not in match.to_dict(secrets=True)
    assert "secrets" not in match.snapshot(secrets=True)
    again = type(match).from_dict(match.to_dict())
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in match.events]
    assert again.dice_record(len(match.games) + 1) == record


def test_a_forfeit_reveals_the_game_in_progress() -> None:
    match, _ = _fair()
    match.start()
    _play_a_little(match)
    match.forfeit(0, "abandoned")
    _checks(match)


def test_a_flag_reveals_the_game_in_progress() -> None:
    match, time = _fair(clock="fischer:60+0")
    match.start()
    _play_a_little(match, 3)
    time.now += 3600
    assert [e.kind for e in match.check_time()] == ["flag", "match_end"]
    _checks(match)


def test_a_claimed_flag_reveals_too() -> None:
    match, time = _fair(clock="fischer:60+0")
    match.start()
    _play_a_little(match, 3)
    to_act = match.to_act
    assert to_act is not None
    time.now += 3600
    match.act(1 - to_act, "claim_time")
    _checks(match)


def test_a_snapshot_taken_mid_game_goes_on_to_reveal() -> None:
    match, _ = _fair()
    match.start()
    _play_a_little(match)
    snapshot = match.snapshot(secrets=True)
    restored = TablesMatch.from_snapshot(snapshot, match.events)
    restored.forfeit(1, "abandoned")
    _checks(restored)


def test_a_match_ended_by_its_last_game_reveals_once() -> None:
    match, _ = _fair(game="backgammon")
    match.start()
    _play_a_little(match, 2)
    seat = match.to_act
    assert seat is not None
    for _ in range(3):  # resign three games: 3 points
        if match.is_over:
            break
        seat = match.to_act
        assert seat is not None
        if "resign" not in match.legal_actions(seat):
            _play_a_little(match, 1)
            continue
        match.act(seat, "resign", value=1)
        match.act(1 - seat, "accept")
    while not match.is_over:
        seat = match.to_act
        assert seat is not None
        if "resign" in match.legal_actions(seat):
            match.act(seat, "resign", value=1)
            match.act(1 - seat, "accept")
        else:
            _play_a_little(match, 1)
    assert "server_seed" not in match.events[-1].outcome
    for number in range(1, len(match.games) + 1):
        assert verify_record(match.dice_record(number)).ok
    assert "secrets" not in match.to_dict(secrets=True)


def test_a_log_from_before_the_fix_still_replays() -> None:
    """A stored match that ended by forfeit before seeds were revealed has no seed in its
    ``match_end``: it replays as it was (its dice stay unrevealed)."""
    match, _ = _fair()
    match.start()
    _play_a_little(match)
    match.forfeit(0, "abandoned")
    old = match.to_dict()
    del old["events"][-1]["outcome"]["server_seed"]
    replayed = TablesMatch.from_dict(old)
    assert replayed.dice_record(1).server_seed is None


def test_players_seeds_count_and_verify_dice_checks_a_forfeited_game(tmp_path: Path) -> None:
    match, _ = _fair()
    match.add_client_seed(0, "ann's lucky seed")
    match.add_client_seed(1, "bob")
    match.start()
    _play_a_little(match)
    match.forfeit(1, "abandoned")
    record = match.dice_record(1)
    assert record.client_seeds == (b"ann's lucky seed", b"bob")
    assert verify_record(record).ok
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match.to_dict()))
    out = io.StringIO()
    assert cli.verify_dice(str(path), out, words("en").say) == 0
    assert out.getvalue().startswith("game 1: all ")
    tampered = match.to_dict()
    tampered["events"][-1]["outcome"]["server_seed"] = "00" * 32
    path.write_text(json.dumps(tampered))
    out = io.StringIO()
    assert cli.verify_dice(str(path), out, words("en").say) == 1
    assert "does not match the published hash" in out.getvalue()
