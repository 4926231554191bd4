"""What every external engine is to the rest of gamehall: an engine with a name of its own and a
process to let go of."""

from abc import abstractmethod

from gamehall.engines.base import Engine
from gamehall.engines.external.spec import ExternalSpec


class ExternalPlayer(Engine):
    """An engine that runs in a process of its own, as ``spec`` says.

    The house levels do not apply to it: it counts as ``world-class`` where code asks an
    engine's level, and shows the operator's name and level label instead.
    """

    def __init__(self, spec: ExternalSpec, seed: int | None = None) -> None:
        super().__init__(spec.game, "world-class", seed)
        self.spec = spec

    @property
    def name(self) -> str:
        """The operator's name for the engine."""
        return self.spec.name

    @abstractmethod
    def close(self) -> None:
        """Let the engine's process go; a later decision starts it again."""
