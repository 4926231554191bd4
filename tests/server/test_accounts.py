"""Accounts over the HTTP API: register, log in and out, guests, /api/me, plain-word errors."""

from server.helpers import PASSWORD, Hall


def test_register_logs_in_and_me_shows_the_user(hall: Hall) -> None:
    ann = hall.register("ann")
    me = ann.ok("get", "/api/me")
    assert me["user"]["name"] == "ann"
    assert me["user"]["guest"] is False
    assert me["csrf_token"] == ann.csrf
    cookie = ann.client.cookies.jar
    assert any(c.name == "gamehall_session" for c in cookie)


def test_the_session_cookie_is_http_only_and_lax(hall: Hall) -> None:
    client = hall.client()
    response = client.post("/api/register", json={"name": "bob", "password": PASSWORD})
    header = response.headers["set-cookie"].lower()
    assert "httponly" in header and "samesite=lax" in header and "secure" not in header


def test_nobody_logged_in(hall: Hall) -> None:
    nobody = {"user": None, "csrf_token": None, "language": None}
    assert hall.anonymous().ok("get", "/api/me") == nobody


def test_login_and_logout(hall: Hall) -> None:
    hall.register("ann")
    client = hall.client()
    bad = client.post("/api/login", json={"name": "ann", "password": "wrong password"})
    assert bad.status_code == 401
    assert bad.json() == {"code": "wrong-password", "detail": "wrong name or password"}
    unknown = client.post("/api/login", json={"name": "nobody", "password": PASSWORD})
    assert unknown.status_code == 401
    good = client.post("/api/login", json={"name": "ANN", "password": PASSWORD})
    assert good.status_code == 200
    csrf = good.json()["csrf_token"]
    assert client.get("/api/me").json()["user"]["name"] == "ann"
    assert client.post("/api/logout", headers={"X-CSRF-Token": csrf}).status_code == 200
    assert client.get("/api/me").json()["user"] is None


def test_logout_needs_the_csrf_token(hall: Hall) -> None:
    ann = hall.register("ann")
    assert ann.client.post("/api/logout").status_code == 403
    assert ann.ok("get", "/api/me")["user"]["name"] == "ann"


def test_guest(hall: Hall) -> None:
    client = hall.client()
    response = client.post("/api/guest", json={})
    assert response.status_code == 200
    user = response.json()["user"]
    assert user["guest"] is True and user["name"].startswith("Guest-")
    assert client.get("/api/me").json()["user"]["name"] == user["name"]


def test_bad_names_and_passwords_are_explained(hall: Hall) -> None:
    client = hall.client()
    for body, status, words in [
        ({"name": "a b", "password": PASSWORD}, 400, "not a valid name"),
        ({"name": "x", "password": PASSWORD}, 400, "3 to 20"),
        ({"name": "Guest-abc", "password": PASSWORD}, 400, "kept for guests"),
        ({"name": "carol", "password": "short"}, 400, "at least 8 characters"),
        ({"name": "carol"}, 422, "password: Field required"),
        ({"name": 5, "password": PASSWORD}, 422, "name: Input should be a valid string"),
        ({"name": "carol", "password": PASSWORD, "admin": True}, 422, "admin: Extra inputs"),
    ]:
        response = client.post("/api/register", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["detail"], (body, response.text)
    assert client.get("/api/me").json()["user"] is None


def test_duplicate_names_whatever_the_case(hall: Hall) -> None:
    hall.register("ann")
    response = hall.client().post("/api/register", json={"name": "Ann", "password": PASSWORD})
    assert response.status_code == 409
    assert response.json()["detail"] == "the name Ann is taken"


def test_names_of_every_script_and_their_look_alikes(hall: Hall) -> None:
    client = hall.client()
    answer = client.post("/api/register", json={"name": "Дмитрий", "password": PASSWORD})
    assert answer.status_code == 200 and answer.json()["user"]["name"] == "Дмитрий"
    hall.register("ann")
    spoof = hall.client().post("/api/register", json={"name": "\u0430nn", "password": PASSWORD})
    assert spoof.status_code == 409
    assert spoof.json()["detail"] == "the name \u0430nn looks like ann, which is taken"


def test_profile(hall: Hall) -> None:
    hall.register("ann")
    profile = hall.anonymous().ok("get", "/api/users/ann")
    assert profile["user"]["name"] == "ann"
    assert profile["stats"] == {"played": 0, "won": 0, "lost": 0}
    assert profile["recent"] == []
    missing = hall.anonymous().get("/api/users/nobody")
    assert missing.status_code == 404
    assert missing.json()["detail"] == "there is no player named nobody"
