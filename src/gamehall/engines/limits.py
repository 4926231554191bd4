"""The limits an engine's subprocess runs under, set in the child before it starts."""

import resource
from collections.abc import Callable


def memory_limit(limit: int) -> Callable[[], None]:
    """A function for ``subprocess.Popen(preexec_fn=...)`` that caps the child's address space
    at ``limit`` bytes: past it, the child's allocations fail (it usually exits, which its
    supervisor sees as a crash)."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return cap
