"""Argon2id hashing: salted, verified, and rehashed when the parameters change."""

from argon2 import PasswordHasher

from gamehall.store import hash_password, needs_rehash, verify_password
from gamehall.store.passwords import DEFAULT_HASHER

WEAK = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def test_a_hash_is_argon2id_salted_and_verifies() -> None:
    first = hash_password("correct horse", WEAK)
    second = hash_password("correct horse", WEAK)
    assert first.startswith("$argon2id$") and "correct horse" not in first
    assert first != second
    assert verify_password(first, "correct horse", WEAK)
    assert verify_password(second, "correct horse", WEAK)
    assert not verify_password(first, "correct horsE", WEAK)


def test_a_malformed_hash_verifies_nothing() -> None:
    assert not verify_password("not a hash", "anything", WEAK)
    assert not verify_password("", "", WEAK)


def test_a_hash_made_with_other_parameters_needs_rehashing() -> None:
    weak = hash_password("correct horse", WEAK)
    assert not needs_rehash(weak, WEAK)
    assert needs_rehash(weak, DEFAULT_HASHER)
    # A hash still verifies with any hasher: its parameters are in it.
    assert verify_password(weak, "correct horse", DEFAULT_HASHER)


def test_the_default_hasher_is_argon2id_with_the_recommended_parameters() -> None:
    assert DEFAULT_HASHER.type.name == "ID"
    assert DEFAULT_HASHER.memory_cost >= 64 * 1024 and DEFAULT_HASHER.time_cost >= 2
    made = hash_password("correct horse")
    assert verify_password(made, "correct horse") and not needs_rehash(made)
