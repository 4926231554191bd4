"""Glicko-2, as Glickman's "Example of the Glicko-2 system" (glicko.net/glicko/glicko2.pdf)
sets it out, step by step.

A rating period's games are rated together (``rate_period``); a player who played none only
gets the deviation increase (``idle``). Online sites rate each game at once, as a period of its
own (``rate_game``). The additions to the paper are bounds: a ceiling on the deviation
(``Settings``: 350 by default, an unrated player's), so that a long absence never makes a rating
less known than a newcomer's, and the ranges of ``values`` that a new rating is kept in (no real
rating reaches them; they keep the arithmetic finite). Pure arithmetic: no clock, no I/O.
"""

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.ratings.values import (
    DEVIATION_LIMIT,
    RATING_RANGE,
    VOLATILITY_RANGE,
    Glicko2Rating,
    RatingError,
    check_between,
    check_count,
    check_score,
)

SCALE = 173.7178
"""The paper's factor between the Glicko scale and the Glicko-2 scale (400 / ln 10)."""
CENTRE = 1500.0
"""The Glicko scale's rating that is 0 on the Glicko-2 scale."""
CONVERGENCE = 0.000001
"""The paper's tolerance ε for the volatility's iteration."""
TAU_RANGE = (0.1, 2.0)
"""The values of τ taken: around the paper's suggested 0.3 to 1.2, wide enough to try."""


@dataclass(frozen=True)
class Settings:
    """The system's settings: ``tau`` (τ), which bounds how fast the volatility may change (the
    paper suggests 0.3 to 1.2; smaller for improbable results), and ``max_deviation``, the
    ceiling on a deviation."""

    tau: float = 0.5
    max_deviation: float = 350.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "tau", check_between("tau", self.tau, *TAU_RANGE))
        object.__setattr__(
            self,
            "max_deviation",
            check_between("max_deviation", self.max_deviation, 1.0, DEVIATION_LIMIT),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {"tau": self.tau, "max_deviation": self.max_deviation}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Settings":
        """Settings from ``to_dict``'s form (a missing key takes its default); unknown keys
        are an error."""
        if not isinstance(data, Mapping):
            raise RatingError(f"Glicko-2 settings are read from a mapping, not {data!r}")
        unknown = sorted(str(key) for key in data if key not in ("tau", "max_deviation"))
        if unknown:
            raise RatingError(f"unknown Glicko-2 settings: {', '.join(unknown)}")
        return cls(**data)


@dataclass(frozen=True)
class Outcome:
    """One game of a rating period, from the rated player's side: the opponent's rating at the
    start of the period and the player's score (1 a win, 0.5 a draw, 0 a loss)."""

    opponent: Glicko2Rating
    score: float

    def __post_init__(self) -> None:
        if not isinstance(self.opponent, Glicko2Rating):
            raise RatingError(f"an opponent must be a Glicko2Rating, not {self.opponent!r}")
        object.__setattr__(self, "score", check_score(self.score))


def _check_settings(settings: object) -> Settings:
    if not isinstance(settings, Settings):
        raise RatingError(f"Glicko-2 settings must be a glicko2.Settings, not {settings!r}")
    return settings


def _check_player(player: object) -> Glicko2Rating:
    if not isinstance(player, Glicko2Rating):
        raise RatingError(f"a player's rating must be a Glicko2Rating, not {player!r}")
    return player


def _logistic(x: float) -> float:
    """1 / (1 + e^-x), without overflow for any x."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


def _g(phi: float) -> float:
    """The paper's g(φ): how much an opponent's uncertainty flattens the expected score."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(player: Glicko2Rating, opponent: Glicko2Rating) -> float:
    """The player's expected score against the opponent, E(μ, μ_j, φ_j) of the paper."""
    mu, mu_j = (player.rating - CENTRE) / SCALE, (opponent.rating - CENTRE) / SCALE
    return _logistic(_g(opponent.deviation / SCALE) * (mu - mu_j))


def _pre_period_phi(phi: float, sigma: float, settings: Settings) -> float:
    """Step 6: φ* = √(φ² + σ²), the deviation grown by one period, under the ceiling."""
    return min(math.hypot(phi, sigma), settings.max_deviation / SCALE)


def idle(
    player: Glicko2Rating, settings: Settings | None = None, periods: int = 1
) -> Glicko2Rating:
    """The rating after ``periods`` rating periods in which the player played no game: rating
    and volatility stay, the deviation grows to √(φ² + periods·σ²) (the paper, end of step 6:
    φ' = φ* each period), under the ceiling."""
    player, settings = (
        _check_player(player),
        _check_settings(Settings() if settings is None else settings),
    )
    check_count("periods", periods, 0)
    phi = min(
        math.sqrt((player.deviation / SCALE) ** 2 + periods * player.volatility**2),
        settings.max_deviation / SCALE,
    )
    if periods == 0 or phi * SCALE <= player.deviation:
        return player
    return Glicko2Rating(player.rating, phi * SCALE, player.volatility)


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: σ', the root of f by the Illinois algorithm (regula falsi that halves the
    stale side's value)."""
    a = 2.0 * math.log(sigma)  # ln σ², which cannot underflow
    spread = phi * phi + v

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - spread - ex) / (2.0 * (spread + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > spread:
        big_b = math.log(delta * delta - spread)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        # The root lies between B and C (a product of exactly 0: C is the root itself).
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate_period(
    player: Glicko2Rating, outcomes: Sequence[Outcome], settings: Settings | None = None
) -> Glicko2Rating:
    """The player's rating at the end of a rating period in which they played ``outcomes``
    (steps 2 to 8 of the paper); with no games, ``idle``."""
    player, settings = (
        _check_player(player),
        _check_settings(Settings() if settings is None else settings),
    )
    if isinstance(outcomes, str | bytes) or not isinstance(outcomes, Sequence):
        raise RatingError(f"a period's games must be a list of Outcome, not {outcomes!r}")
    for outcome in outcomes:
        if not isinstance(outcome, Outcome):
            raise RatingError(f"a period's games must be Outcome values, not {outcome!r}")
    if not outcomes:
        return idle(player, settings)
    # Step 2: to the Glicko-2 scale (the paper's step 1, a newcomer's 1500/350/0.06, is
    # Glicko2Rating's default).
    mu, phi, sigma = (player.rating - CENTRE) / SCALE, player.deviation / SCALE, player.volatility
    # Steps 3 and 4: the estimated variance v and improvement Δ from the games alone.
    information = 0.0
    surprise = 0.0
    for outcome in outcomes:
        g = _g(outcome.opponent.deviation / SCALE)
        x = g * (mu - (outcome.opponent.rating - CENTRE) / SCALE)
        expected, unexpected = _logistic(x), _logistic(-x)
        information += g * g * expected * unexpected
        # s - E, written so that a win against a far weaker player does not cancel to 0.
        surprise += g * (unexpected if outcome.score == 1 else outcome.score - expected)
    v = 1.0 / information
    delta = v * surprise
    # Step 5: the new volatility (within the range a rating takes).
    sigma_new = min(
        max(_new_volatility(phi, sigma, v, delta, settings.tau), VOLATILITY_RANGE[0]),
        VOLATILITY_RANGE[1],
    )
    # Steps 6 and 7: the new deviation and rating.
    phi_star = _pre_period_phi(phi, sigma_new, settings)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + information)
    # μ' = μ + φ'² Σ g(φ_j)(s_j - E_j); step 8 takes it back to the Glicko scale as the old
    # rating plus the change, so that rounding can never turn a gain into a loss.
    rating_new = player.rating + SCALE * phi_new * phi_new * surprise
    return Glicko2Rating(
        min(max(rating_new, RATING_RANGE[0]), RATING_RANGE[1]),
        SCALE * phi_new,
        sigma_new,
    )


def rate_game(
    player: Glicko2Rating,
    opponent: Glicko2Rating,
    score: float,
    settings: Settings | None = None,
) -> tuple[Glicko2Rating, Glicko2Rating]:
    """Both players' ratings after one game rated at once, as a period of its own (as online
    sites rate): ``score`` is the first player's (1, 0.5 or 0). Each side is rated from the
    other's rating before the game."""
    player, opponent = _check_player(player), _check_player(opponent)
    score = check_score(score)
    return (
        rate_period(player, [Outcome(opponent, score)], settings),
        rate_period(opponent, [Outcome(player, 1.0 - score)], settings),
    )
