"""The locks in ``requirements/`` hold exactly what ``pyproject.toml`` asks for, each package at one
exact version with its hashes; the library's own metadata pins nobody.

``make lock`` (``tools/lock``) writes the locks; when a dependency is added to, dropped from or
raised in ``pyproject.toml`` without it, these tests fail and say which.
"""

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import NormalizedName, canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
SELF = "gamehall (pyproject.toml)"
"""How uv's annotation names a requirement that comes from the project itself."""

ENTRY = re.compile(
    r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)(?:\s*;\s*(?P<marker>[^\\]+?))?\s*\\?$"
)


@dataclass(frozen=True)
class Pin:
    """One entry of a lock: a package at one version, for the environments its marker names."""

    name: NormalizedName
    version: Version
    marker: Marker | None
    hashes: tuple[str, ...]
    via: tuple[str, ...]

    def applies(self) -> bool:
        """Whether pip installs this entry in the environment running the tests."""
        return self.marker is None or self.marker.evaluate()


def read_lock(path: Path) -> list[Pin]:
    """The entries of a lock written by ``uv pip compile --generate-hashes``."""
    pins: list[Pin] = []
    entry: tuple[NormalizedName, Version, Marker | None] | None = None
    hashes: list[str] = []
    via: list[str] = []

    def close() -> None:
        if entry is not None:
            pins.append(Pin(*entry, hashes=tuple(hashes), via=tuple(via)))

    for line in path.read_text().splitlines():
        stripped = line.strip()
        if not stripped or (line.startswith("#") and not line.startswith("    ")):
            continue
        if not line.startswith(" "):
            close()
            match = ENTRY.match(line)
            assert match, f"{path.name}: not an exact pin: {line!r}"
            marker = match["marker"]
            entry = (
                canonicalize_name(match["name"]),
                Version(match["version"]),
                Marker(marker) if marker else None,
            )
            hashes, via = [], []
        elif stripped.startswith("--hash="):
            hashes.append(stripped.removeprefix("--hash=").rstrip(" \\"))
        elif stripped.startswith("# via "):
            via.append(stripped.removeprefix("# via "))
        elif stripped.startswith("#   "):
            via.append(stripped.removeprefix("#   "))
        else:
            assert stripped == "# via", f"{path.name}: unexpected line {line!r}"
    close()
    return pins


with (ROOT / "pyproject.toml").open("rb") as _file:
    PYPROJECT = tomllib.load(_file)
BUILD = [Requirement(text) for text in PYPROJECT["build-system"]["requires"]]


def declared(extras: list[str]) -> list[Requirement]:
    """What ``pyproject.toml`` asks for: the dependencies, ``extras`` and the build backend."""
    project = PYPROJECT["project"]
    texts = [*project["dependencies"]]
    for extra in extras:
        texts += project["optional-dependencies"][extra]
    return [Requirement(text) for text in texts] + BUILD


LOCKS = {"serve.txt": [], "test.txt": ["test"]}


@pytest.mark.parametrize("lock", LOCKS)
def test_every_package_is_pinned_with_its_hashes(lock: str) -> None:
    pins = read_lock(ROOT / "requirements" / lock)
    assert pins
    for pin in pins:
        assert pin.hashes, f"{lock}: {pin.name} has no hash"
        assert all(h.startswith("sha256:") for h in pin.hashes), pin.name
    here = [pin.name for pin in pins if pin.applies()]
    assert len(here) == len(set(here)), f"{lock}: a package pinned twice for this Python"


@pytest.mark.parametrize(("lock", "extras"), LOCKS.items())
def test_the_lock_holds_every_requirement_of_pyproject(lock: str, extras: list[str]) -> None:
    pins = read_lock(ROOT / "requirements" / lock)
    for requirement in declared(extras):
        name = canonicalize_name(requirement.name)
        found = [pin for pin in pins if pin.name == name]
        assert found, f"{lock} lacks {requirement}: run `make lock`"
        if requirement.marker is None or requirement.marker.evaluate():
            assert any(pin.applies() for pin in found), f"{lock}: no {name} for this Python"
        for pin in found:
            assert requirement.specifier.contains(pin.version, prereleases=True), (
                f"{lock} pins {name}=={pin.version}, pyproject.toml asks {requirement}: "
                "run `make lock`"
            )


@pytest.mark.parametrize(("lock", "extras"), LOCKS.items())
def test_the_lock_holds_nothing_pyproject_does_not_ask_for(lock: str, extras: list[str]) -> None:
    asked = {canonicalize_name(requirement.name) for requirement in declared(extras)}
    build = {canonicalize_name(requirement.name) for requirement in BUILD}
    for pin in read_lock(ROOT / "requirements" / lock):
        if SELF in pin.via:
            assert pin.name in asked, f"{lock} has {pin.name}, which pyproject.toml no longer asks"
        elif not pin.via:
            assert pin.name in build, f"{lock}: {pin.name} comes from nowhere"


def test_serve_and_test_install_the_same_versions() -> None:
    test = {
        (pin.name, str(pin.marker)): pin.version
        for pin in read_lock(ROOT / "requirements/test.txt")
    }
    for pin in read_lock(ROOT / "requirements/serve.txt"):
        assert test.get((pin.name, str(pin.marker))) == pin.version, (
            f"serve.txt has {pin.name}=={pin.version}, test.txt does not: run `make lock`"
        )


def test_the_library_pins_nobody() -> None:
    """A wheel of gamehall keeps lower bounds only: the locks are the application's, not its
    users'."""
    project = PYPROJECT["project"]
    texts = [*project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        texts += extra
    for text in texts:
        operators = {spec.operator for spec in Requirement(text).specifier}
        assert operators <= {">="}, f"{text}: a library dependency takes a lower bound only"
