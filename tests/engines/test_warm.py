"""``engines.warm``: one small hint of each engine, so that their kernels are compiled (or
loaded from numba's cache) before anybody waits for them."""

from gamehall.engines.warm import ENGINES, warm_up


def test_the_warm_up_runs_every_engine_and_says_how_long_each_took() -> None:
    taken = warm_up()
    assert list(taken) == list(ENGINES)
    assert all(seconds > 0 for seconds in taken.values())


def test_the_warm_up_runs_only_the_engines_asked_for() -> None:
    assert list(warm_up(["nardy"])) == ["nardy"]
