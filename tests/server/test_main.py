"""``gamehall serve`` (``server.main.run``): the engines warm up beside the serving."""

import threading

import pytest

from gamehall.engines import warm
from gamehall.server import main
from gamehall.server.config import Config


def test_the_server_warms_the_engines_on_a_thread_of_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first hint after an install waited for numba to compile its kernels inside the
    request (about 30 s for renju, more on a busy machine): the server now warms them up as it
    starts, beside serving, unless told not to."""
    warmed = threading.Event()
    serving = threading.Event()

    def warm_up() -> dict[str, float]:
        assert serving.wait(10), "the warm-up held up the serving"
        warmed.set()
        return {"renju": 0.5}

    monkeypatch.setattr(main.uvicorn, "run", lambda app, **options: serving.set())
    monkeypatch.setattr(warm, "warm_up", warm_up)
    main.run(Config(warm_engines=False))
    assert serving.is_set() and not warmed.wait(0.2)
    serving.clear()
    main.run(Config())
    assert warmed.wait(10)
