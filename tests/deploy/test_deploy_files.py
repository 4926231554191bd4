"""The production files of ``deploy/`` checked by the tools that read them: nginx's site by
``nginx -t`` (Debian's nginx, installed by ``make test``'s setup), the systemd unit by
``systemd-analyze verify``, the shared settings by the server's own reading of them. HAProxy's
file is run for real by ``tools/cluster`` (``tests/server/processes/test_cluster.py``)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gamehall.server.config import PREFIX, Config
from support.services import ROOT, free_port

DEPLOY = ROOT / "deploy"
NGINX = "/usr/sbin/nginx"


def _nginx_test(site: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``nginx -t`` of a main configuration that includes ``site`` as Debian's does a site of
    ``sites-enabled``, everything it writes kept in ``folder`` and its port a free one."""
    if not Path(NGINX).exists():
        raise RuntimeError("nginx is not installed (Debian package nginx; make test installs it)")
    (folder / "gamehall").write_text(site.replace("listen 80;", f"listen 127.0.0.1:{free_port()};"))
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    (folder / "nginx.conf").write_text(
        f"pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\nevents {{}}\n"
        f"http {{\n  access_log off;\n  {temp}\n"
        f"  uwsgi_temp_path {folder / 'uwsgi'};\n  scgi_temp_path {folder / 'scgi'};\n"
        f"  include {folder / 'gamehall'};\n}}\n"
    )
    command = [NGINX, "-t", "-p", str(folder), "-c", str(folder / "nginx.conf")]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_nginx_takes_the_site(tmp_path: Path) -> None:
    site = (DEPLOY / "nginx.conf").read_text()
    checked = _nginx_test(site, tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "test is successful" in checked.stderr
    for needed in ("least_conn;", "proxy_set_header Upgrade $http_upgrade;", "X-Forwarded-For"):
        assert needed in site


def test_nginx_refuses_a_broken_site(tmp_path: Path) -> None:
    """The check above can fail: a directive nginx does not know is refused."""
    broken = (DEPLOY / "nginx.conf").read_text().replace("least_conn;", "least_connections;")
    checked = _nginx_test(broken, tmp_path)
    assert checked.returncode != 0
    assert "least_connections" in checked.stderr


def _verify(unit: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``systemd-analyze verify`` of the template ``unit`` as instance 8001, its command the
    one this checkout installs (the unit's own, /opt/gamehall/..., exists only on the server)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        raise RuntimeError("systemd-analyze is not installed (Debian package systemd)")
    installed = Path(sys.executable).with_name("gamehall")
    gamehall = str(installed if installed.exists() else sys.executable)
    path = folder / "gamehall@8001.service"
    path.write_text(unit.replace("/opt/gamehall/.venv/bin/gamehall", gamehall))
    command = [analyze, "verify", "--man=no", str(path)]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_systemd_takes_the_unit(tmp_path: Path) -> None:
    unit = (DEPLOY / "gamehall@.service").read_text()
    checked = _verify(unit, tmp_path)
    assert checked.returncode == 0 and not checked.stderr.strip(), checked.stderr
    assert "Environment=GAMEHALL_PORT=%i" in unit
    assert "KillSignal=SIGTERM" in unit


def test_systemd_warns_of_a_key_it_does_not_know(tmp_path: Path) -> None:
    unit = (DEPLOY / "gamehall@.service").read_text().replace("TimeoutStopSec", "TimeoutStopSecs")
    checked = _verify(unit, tmp_path)
    assert "Unknown key 'TimeoutStopSecs'" in checked.stderr


def test_the_shared_settings_are_the_server_s(monkeypatch: pytest.MonkeyPatch) -> None:
    settings = {}
    for line in (DEPLOY / "gamehall.env").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            assert name.startswith(PREFIX), name
            assert name[len(PREFIX) :].lower() in Config.model_fields, f"{name} is no setting"
            settings[name] = value
            monkeypatch.setenv(name, value)
    config = Config.from_env()
    assert config.host == "127.0.0.1" and config.drain_seconds == 10
    assert "GAMEHALL_REDIS_URL" in settings and "GAMEHALL_DATABASE_URL" in settings
