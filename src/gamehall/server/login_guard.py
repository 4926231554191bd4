"""The per-account guard on logins: wrong passwords for one account from many addresses.

The per-address limit (``rate_login``) stops one address guessing; spread over many addresses
(or behind a proxy that forwards whatever a client says) a guesser tries one account from each.
So each account also counts its wrong passwords (``rate_login_account``), but only those from
addresses that never logged in to it: once that count is spent, a login from such an address is
refused before its password is hashed, while one from an address the player logged in from
before (within ``limits.REMEMBERED_FOR``) is still checked as usual. A stranger can thus stop
new addresses logging in to an account for a while, never its player from where he plays: the
lock-out a plain per-account limit would hand to anybody who knows a name.
"""

from gamehall.server.limits import RateLimits
from gamehall.server.refusals import Refusal


def _account(name: str) -> str:
    return f"account:{name.casefold()}"


def _place(name: str, address: str) -> str:
    return f"login:{name.casefold()}@{address}"


async def before_login(limits: RateLimits, name: str, address: str) -> None:
    """Refuse (429 ``account-guarded``) a login to ``name`` from a new address while the
    account's wrong passwords from new addresses are spent."""
    wait = await limits.spent("login_account", _account(name))
    if wait is None or await limits.remembers(_place(name, address)):
        return
    raise Refusal(429, "account-guarded", {"Retry-After": str(wait)}, seconds=wait)


async def login_failed(limits: RateLimits, name: str, address: str) -> None:
    """Count a wrong password for ``name``, unless from an address that logged in to it."""
    if not await limits.remembers(_place(name, address)):
        await limits.count("login_account", _account(name))


async def logged_in(limits: RateLimits, name: str, address: str) -> None:
    """Remember that ``name`` logged in from ``address``."""
    await limits.remember(_place(name, address))
