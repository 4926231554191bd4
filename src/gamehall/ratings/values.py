"""The rating values a player holds: a Glicko-2 rating and, in the tables games, a FIBS rating.

Frozen dataclasses, checked when made (a wrongly typed or impossible number is refused with a
``RatingError`` saying what is allowed, never coerced), whose ``to_dict`` form ``from_dict``
reads back. The checks live here too, so that every function of the package refuses bad input
with the same words.
"""

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gamehall.errors import GameError

RATING_RANGE = (0.0, 10000.0)
"""The Glicko-2 ratings the package takes and gives; no real rating comes near either end, and
within it the formulas cannot overflow or lose every digit."""
DEVIATION_LIMIT = 1000.0
"""The largest rating deviation taken (above zero; a newcomer has 350)."""
VOLATILITY_RANGE = (0.0001, 1.0)
"""The volatilities taken (a newcomer has 0.06; real ones stay near it)."""
PROVISIONAL_DEVIATION = 110.0
"""A Glicko-2 rating whose deviation is above this is provisional (shown with "?"), as on
lichess: the site does not yet know the player's strength within about ±220 points."""


class RatingError(GameError):
    """A rating, result or setting that the rating formulas cannot take."""


def check_number(name: str, value: object) -> float:
    """``value`` as a float if it is a finite int or float (never a bool or a text)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RatingError(f"{name} must be a number, not {value!r}")
    try:
        number = float(value)
    except OverflowError:  # an int too large for a float
        number = math.inf
    if not math.isfinite(number):
        raise RatingError(f"{name} must be a finite number, not {value!r}")
    return number


def check_positive(name: str, value: object) -> float:
    """``value`` as a float if it is a finite number above zero."""
    number = check_number(name, value)
    if number <= 0:
        raise RatingError(f"{name} must be above 0, not {value!r}")
    return number


def check_between(name: str, value: object, least: float, most: float) -> float:
    """``value`` as a float if it is a number from ``least`` to ``most``."""
    number = check_number(name, value)
    if not least <= number <= most:
        raise RatingError(f"{name} must be from {least:g} to {most:g}, not {value!r}")
    return number


def check_count(name: str, value: object, least: int) -> int:
    """``value`` if it is a whole number (not a bool) of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RatingError(f"{name} must be a whole number, not {value!r}")
    if value < least:
        raise RatingError(f"{name} must be {least} or more, not {value!r}")
    return value


def check_score(value: object) -> float:
    """A game's result for one player: 1 a win, 0.5 a draw, 0 a loss (as int or float)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value not in (0, 0.5, 1):
        raise RatingError(f"a result must be 1 (win), 0.5 (draw) or 0 (loss), not {value!r}")
    return float(value)


def _read(cls: type, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``cls`` from ``data``: every one present, nothing else."""
    if not isinstance(data, Mapping):
        raise RatingError(f"a {cls.__name__} is read from a mapping, not {data!r}")
    fields = [item.name for item in dataclasses.fields(cls)]
    missing = [name for name in fields if name not in data]
    unknown = sorted(str(key) for key in data if key not in fields)
    if missing or unknown:
        raise RatingError(
            f"a {cls.__name__} has the fields {', '.join(fields)}"
            + (f"; missing: {', '.join(missing)}" if missing else "")
            + (f"; unknown: {', '.join(unknown)}" if unknown else "")
        )
    return {name: data[name] for name in fields}


@dataclass(frozen=True)
class Glicko2Rating:
    """A Glicko-2 rating: the rating ``r``, its deviation ``RD`` and the volatility ``σ``, on the
    published (Elo-like, 1500-centred) scale. The defaults are the paper's for a newcomer.
    Bounds: ``RATING_RANGE``, ``DEVIATION_LIMIT``, ``VOLATILITY_RANGE``."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        object.__setattr__(self, "rating", check_between("rating", self.rating, *RATING_RANGE))
        deviation = check_positive("rating deviation", self.deviation)
        if deviation > DEVIATION_LIMIT:
            raise RatingError(
                f"rating deviation must be at most {DEVIATION_LIMIT:g}, not {self.deviation!r}"
            )
        object.__setattr__(self, "deviation", deviation)
        volatility = check_between("volatility", self.volatility, *VOLATILITY_RANGE)
        object.__setattr__(self, "volatility", volatility)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional: its deviation is above
        ``PROVISIONAL_DEVIATION``."""
        return self.deviation > PROVISIONAL_DEVIATION

    def display(self) -> str:
        """The rating as the site shows it: rounded, with "?" after it while provisional."""
        shown = str(math.floor(self.rating + 0.5))
        return shown + "?" if self.provisional else shown

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {"rating": self.rating, "deviation": self.deviation, "volatility": self.volatility}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Glicko2Rating":
        """The rating from ``to_dict``'s form; a missing or unknown key is an error."""
        return cls(**_read(cls, data))


@dataclass(frozen=True)
class FibsRating:
    """A FIBS rating and the experience behind it: the sum of the lengths of the matches the
    player has finished. Everyone starts at 1500 with no experience."""

    rating: float = 1500.0
    experience: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "rating", check_number("rating", self.rating))
        check_count("experience", self.experience, 0)

    def display(self) -> str:
        """The rating as FIBS shows it: with two decimals."""
        return f"{self.rating:.2f}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able dict that ``from_dict`` reads back."""
        return {"rating": self.rating, "experience": self.experience}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "FibsRating":
        """The rating from ``to_dict``'s form; a missing or unknown key is an error."""
        return cls(**_read(cls, data))
