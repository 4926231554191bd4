"""Password hashing with Argon2id (argon2-cffi's ``PasswordHasher``).

A hash carries its own parameters, so a hash made with weaker parameters still verifies, and
``needs_rehash`` tells when to replace it after a successful login.
"""

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

DEFAULT_HASHER = PasswordHasher()
"""Argon2id with argon2-cffi's recommended parameters (RFC 9106, low memory)."""


def hash_password(password: str, hasher: PasswordHasher = DEFAULT_HASHER) -> str:
    """The Argon2id hash of ``password``, with a random salt, in PHC string form."""
    return hasher.hash(password)


def verify_password(
    password_hash: str, password: str, hasher: PasswordHasher = DEFAULT_HASHER
) -> bool:
    """Whether ``password`` matches ``password_hash``; False also for a malformed hash."""
    try:
        return hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str, hasher: PasswordHasher = DEFAULT_HASHER) -> bool:
    """Whether ``password_hash`` was made with other parameters than ``hasher``'s."""
    return hasher.check_needs_rehash(password_hash)
