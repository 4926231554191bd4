"""Dice: secure, scripted and provably fair, and the verification of a fair record."""

import hashlib
import hmac
import io
import json
import re
from collections import Counter
from contextlib import redirect_stdout
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamehall.errors import GameError, RecordError
from gamehall.play.dice import (
    DOMAIN,
    DiceError,
    DiceRecord,
    DiceSource,
    FairDice,
    FairRoll,
    ScriptedDice,
    ScriptExhaustedError,
    SecureDice,
    SeededDice,
    commitment_of,
    derive_roll,
    die_face,
    hmac_message,
    verify_record,
)

SEED = bytes(range(32))
DOC = Path(__file__).parents[2] / "docs" / "fair-dice.md"

# The worked example of docs/fair-dice.md: it fixes the format, so it must never change.
EXAMPLE_ROLLS = [(1, 1), (4, 2), (3, 5), (2, 2), (5, 4), (6, 5)]


def example_dice() -> FairDice:
    dice = FairDice(SEED, [b"alice", "bob"])
    for _ in EXAMPLE_ROLLS:
        dice.roll()
    dice.roll(1)
    dice.reveal()
    return dice


def example_record() -> dict[str, Any]:
    return example_dice().record().to_dict()


# Die faces and the rejection rule


def test_each_face_comes_from_exactly_42_accepted_bytes() -> None:
    faces = Counter(die_face(b) for b in range(256))
    assert faces.pop(None) == 4
    assert faces == dict.fromkeys(range(1, 7), 42)


def test_rejection_boundary() -> None:
    assert die_face(0) == 1
    assert die_face(5) == 6
    assert die_face(251) == 6
    assert [die_face(b) for b in (252, 253, 254, 255)] == [None] * 4


def test_a_rejected_byte_is_skipped() -> None:
    # Counter 3 of the example: digest f7 fc d9 ... gives 2, (skip), 2.
    message = hmac_message([b"alice", b"bob"], 3, 0)
    digest = hmac.new(SEED, message, hashlib.sha256).digest()
    assert digest[:3] == bytes.fromhex("f7fcd9")
    assert derive_roll(SEED, [b"alice", b"bob"], 3) == (2, 2)


def test_a_roll_longer_than_one_digest_goes_on_with_the_next_block() -> None:
    stream = b"".join(
        hmac.new(SEED, hmac_message([], 7, block), hashlib.sha256).digest() for block in (0, 1, 2)
    )
    expected = tuple(b % 6 + 1 for b in stream if b < 252)[:40]
    assert derive_roll(SEED, [], 7, 40) == expected


def test_message_layout() -> None:
    message = hmac_message([b"ab", b""], 258, 1)
    assert message == (
        b"gamehall-dice-v1"
        + b"\x00\x00\x00\x02ab"
        + b"\x00\x00\x00\x00"
        + b"\x00\x00\x00\x00\x00\x00\x01\x02"
        + b"\x00\x00\x00\x01"
    )
    assert message.startswith(DOMAIN)


def test_seed_boundaries_matter() -> None:
    assert derive_roll(SEED, [b"ab", b"c"], 0, 20) != derive_roll(SEED, [b"a", b"bc"], 0, 20)


# Fair dice


def test_fair_dice_match_the_documented_example() -> None:
    dice = FairDice(SEED, [b"alice", "bob"])
    assert dice.commitment == hashlib.sha256(SEED).hexdigest()
    assert [dice.roll() for _ in EXAMPLE_ROLLS] == EXAMPLE_ROLLS
    assert dice.roll(1) == (1,)
    assert [roll.counter for roll in dice.rolls] == list(range(7))


def test_fair_dice_are_deterministic_and_depend_on_every_seed() -> None:
    def rolls(seed: bytes, *clients: bytes) -> list[tuple[int, ...]]:
        dice = FairDice(seed, clients)
        return [dice.roll() for _ in range(20)]

    assert rolls(SEED, b"x") == rolls(SEED, b"x")
    assert rolls(SEED, b"x") != rolls(SEED, b"y")
    assert rolls(SEED, b"x") != rolls(bytes(32), b"x")
    assert rolls(SEED, b"x", b"y") != rolls(SEED, b"y", b"x")


def test_a_default_server_seed_is_secret_and_fresh() -> None:
    first, second = FairDice(), FairDice()
    assert first.commitment != second.commitment
    assert re.fullmatch("[0-9a-f]{64}", first.commitment)
    assert first.record().server_seed is None


def test_client_seeds_only_before_the_first_roll() -> None:
    dice = FairDice(SEED)
    dice.add_client_seed("alice")
    dice.add_client_seed(b"\xff\x00")
    assert dice.client_seeds == (b"alice", b"\xff\x00")
    dice.roll()
    with pytest.raises(DiceError, match="before the first roll"):
        dice.add_client_seed("bob")
    assert dice.client_seeds == (b"alice", b"\xff\x00")


def test_no_roll_after_the_seed_is_revealed() -> None:
    dice = FairDice(SEED)
    dice.roll()
    assert dice.reveal() == SEED
    with pytest.raises(DiceError, match="revealed"):
        dice.roll()


def test_a_short_server_seed_is_refused() -> None:
    with pytest.raises(DiceError, match="16 bytes"):
        FairDice(b"short")


def test_the_record_shows_the_seed_only_once_revealed() -> None:
    dice = FairDice(SEED, ["alice"])
    dice.roll()
    assert dice.record().server_seed is None
    assert dice.record().to_dict()["server_seed"] is None
    dice.reveal()
    record = dice.record()
    assert record.server_seed == SEED
    assert record.server_seed_hash == commitment_of(SEED)
    assert record.rolls == (FairRoll(0, derive_roll(SEED, [b"alice"], 0)),)


def test_resume_goes_on_as_if_never_stopped() -> None:
    whole = FairDice(SEED, ["alice"])
    first = [whole.roll() for _ in range(5)]
    part = FairDice(SEED, ["alice"])
    assert [part.roll() for _ in range(5)] == first
    resumed = FairDice.resume(DiceRecord.from_dict(part.record().to_dict()), SEED)
    assert [resumed.roll() for _ in range(5)] == [whole.roll() for _ in range(5)]
    assert resumed.record() == whole.record()


def test_resume_refuses_a_seed_or_record_that_does_not_fit() -> None:
    dice = FairDice(SEED)
    dice.roll()
    record = dice.record()
    with pytest.raises(DiceError, match="commitment"):
        FairDice.resume(record, bytes(32))
    forged = replace(record, rolls=(FairRoll(0, (7 - record.rolls[0].dice[0], 1)),))
    with pytest.raises(DiceError, match="does not follow"):
        FairDice.resume(forged, SEED)


# Verification


def test_an_honest_record_checks_out() -> None:
    report = verify_record(example_record())
    assert report.ok
    assert report.rolls_checked == 7
    assert report.summary() == "all 7 rolls check out"
    assert verify_record(example_dice().record()) == report


def test_a_changed_roll_is_reported() -> None:
    record = example_record()
    record["rolls"][2]["dice"] = [6, 6]
    report = verify_record(record)
    assert not report.ok
    assert report.commitment_ok
    (mismatch,) = report.mismatches
    assert (mismatch.index, mismatch.counter) == (2, 2)
    assert (mismatch.recorded, mismatch.expected) == ((6, 6), (3, 5))
    assert report.summary() == "roll 2 (counter 2) was 6-6, the seeds give 3-5"


def test_a_wrong_revealed_seed_is_reported() -> None:
    record = example_record()
    record["server_seed"] = bytes(32).hex()
    report = verify_record(record)
    assert not report.commitment_ok
    assert not report.ok
    assert report.mismatches
    assert report.summary().startswith("the revealed server seed does not match")


def test_a_seed_that_matches_but_changed_client_seeds_are_reported() -> None:
    record = example_record()
    record["client_seeds"] = [b"alice".hex()]
    report = verify_record(record)
    assert report.commitment_ok
    assert report.mismatches


def test_a_skipped_counter_is_reported() -> None:
    dice = FairDice(SEED)
    rolls = [FairRoll(c, derive_roll(SEED, [], c)) for c in (0, 1, 3)]
    record = replace(dice.record(), rolls=tuple(rolls), server_seed=SEED)
    report = verify_record(record)
    assert not report.mismatches
    assert report.out_of_sequence == ((2, 3),)
    assert not report.ok
    assert "roll 2 has counter 3" in report.summary()


def test_an_unrevealed_record_cannot_be_checked() -> None:
    record = example_record()
    record["server_seed"] = None
    with pytest.raises(RecordError, match="not been revealed"):
        verify_record(record)


def test_the_hash_may_be_written_in_capitals() -> None:
    record = example_record()
    record["server_seed_hash"] = record["server_seed_hash"].upper()
    assert verify_record(record).ok


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, "version 1"),
        ({"server_seed_hash": "abc"}, "64 hex digits"),
        ({"server_seed_hash": "zz" * 32}, "64 hex digits"),
        ({"server_seed_hash": None}, "64 hex digits"),
        ({"server_seed": "12x"}, "server seed is not hex"),
        ({"server_seed": 5}, "hex"),
        ({"client_seeds": "alice"}, "lists"),
        ({"client_seeds": ["xyz"]}, "client seed 0 is not hex"),
        ({"rolls": [{"counter": 0, "dice": [0, 3]}]}, "roll 0 .* faces from 1 to 6"),
        ({"rolls": [{"counter": 0, "dice": []}]}, "faces from 1 to 6"),
        ({"rolls": [{"counter": -1, "dice": [1, 3]}]}, "counter"),
        ({"rolls": [{"counter": True, "dice": [1, 3]}]}, "counter"),
        ({"rolls": [[0, [1, 3]]]}, "roll 0 of the record must be an object"),
    ],
)
def test_a_malformed_record_says_what_is_wrong(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        verify_record(example_record() | change)


def test_a_record_must_be_an_object() -> None:
    with pytest.raises(RecordError, match="JSON object"):
        DiceRecord.from_dict([])  # type: ignore[arg-type]


seeds = st.binary(max_size=40)
records = st.builds(
    DiceRecord,
    server_seed_hash=st.binary(min_size=32, max_size=32).map(bytes.hex),
    client_seeds=st.lists(seeds, max_size=4).map(tuple),
    rolls=st.lists(
        st.builds(
            FairRoll,
            counter=st.integers(0, 2**63),
            dice=st.lists(st.integers(1, 6), min_size=1, max_size=4).map(tuple),
        ),
        max_size=10,
    ).map(tuple),
    server_seed=st.none() | seeds,
)


@given(records)
def test_the_record_format_round_trips_through_json(record: DiceRecord) -> None:
    assert DiceRecord.from_dict(json.loads(json.dumps(record.to_dict()))) == record


@given(st.binary(min_size=16, max_size=40), st.lists(seeds, max_size=3), st.integers(0, 30))
def test_every_fair_game_verifies(server: bytes, clients: list[bytes], n_rolls: int) -> None:
    dice = FairDice(server, clients)
    for i in range(n_rolls):
        dice.roll(1 + i % 2)
    dice.reveal()
    assert verify_record(json.loads(json.dumps(dice.record().to_dict()))).ok


def test_the_procedure_in_the_docs_checks_the_example() -> None:
    text = DOC.read_text()
    (code,) = re.findall(r"```python\n(import hashlib.*?)```", text, re.S)
    (example,) = re.findall(r"```json\n(.*?)```", text, re.S)
    assert json.loads(example) == example_record()
    namespace: dict[str, Any] = {}
    exec(code.replace('check(json.load(open("record.json")))', ""), namespace)
    for record, expected in [
        (example_record(), "checked 7 rolls\n"),
        (example_record() | {"server_seed": bytes(32).hex()}, "does not match"),
    ]:
        out = io.StringIO()
        with redirect_stdout(out):
            namespace["check"](record)
        assert expected in out.getvalue()
    changed = example_record()
    changed["rolls"][3]["dice"] = [2, 3]
    out = io.StringIO()
    with redirect_stdout(out):
        namespace["check"](changed)
    assert out.getvalue() == "roll 3 differs\nchecked 7 rolls\n"


# Secure and scripted dice


def test_secure_dice_roll_faces_from_one_to_six() -> None:
    dice: DiceSource = SecureDice()
    faces = Counter(face for _ in range(3000) for face in dice.roll())
    assert set(faces) == set(range(1, 7))
    assert len(dice.roll(1)) == 1
    assert len(dice.roll(4)) == 4


@pytest.mark.parametrize("source", [SecureDice(), FairDice(SEED), ScriptedDice([(1, 2)])])
def test_no_source_rolls_zero_dice(source: DiceSource) -> None:
    with pytest.raises(DiceError, match="cannot roll 0 dice"):
        source.roll(0)


def test_scripted_dice_play_back_in_order() -> None:
    dice = ScriptedDice([(3, 1), [6, 6], (4,)])
    assert dice.remaining == 3
    assert dice.roll() == (3, 1)
    assert dice.roll() == (6, 6)
    assert dice.roll(1) == (4,)
    assert dice.remaining == 0
    with pytest.raises(ScriptExhaustedError, match="all 3 scripted rolls have been used"):
        dice.roll()


def test_scripted_dice_refuse_a_roll_of_the_wrong_size() -> None:
    dice = ScriptedDice([(3, 1)])
    with pytest.raises(DiceError, match=r"3-1 \(2 dice\), but a roll of 1 die was asked for"):
        dice.roll(1)
    assert dice.roll() == (3, 1)


@pytest.mark.parametrize("roll", [(0, 1), (7,), (), (1.0, 2)])
def test_scripted_dice_refuse_impossible_faces(roll: tuple[Any, ...]) -> None:
    with pytest.raises(DiceError, match="not a roll"):
        ScriptedDice([(1, 2), roll])


def test_dice_errors_are_game_errors() -> None:
    assert issubclass(ScriptExhaustedError, DiceError)
    assert issubclass(DiceError, GameError)


def test_seeded_dice_repeat_and_refuse_no_dice() -> None:
    first, second, other = SeededDice(5), SeededDice(5), SeededDice(6)
    rolls_of = [[dice.roll() for _ in range(20)] for dice in (first, second, other)]
    assert rolls_of[0] == rolls_of[1] != rolls_of[2]
    rolls = SeededDice("x")
    assert all(1 <= face <= 6 for _ in range(100) for face in rolls.roll(3))
    with pytest.raises(DiceError, match="cannot roll 0 dice"):
        SeededDice(1).roll(0)
