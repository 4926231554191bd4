"""The hall's words for the pages in the reader's language (``/api/words``) and a player's
remembered choice (``PUT /api/me/language``)."""

from gamehall.server.language import offered
from gamehall.words import words
from server.helpers import PASSWORD, Hall


def test_the_words_follow_the_browsers_languages(hall: Hall) -> None:
    client = hall.client()
    russian = client.get("/api/words", headers={"Accept-Language": "de;q=0.9, ru-RU, en;q=0.5"})
    assert russian.status_code == 200
    answer = russian.json()
    assert (answer["language"], answer["tag"]) == ("ru", "ru")
    assert answer["texts"] == dict(words("ru").texts)
    assert answer["texts"]["site.nav.lobby"] == "Лобби"
    chinese = client.get("/api/words", headers={"Accept-Language": "zh-CN"}).json()
    assert (chinese["language"], chinese["tag"]) == ("zh_Hans", "zh-Hans")
    # Traditional Chinese is not spoken here: the next wanted language is
    taiwan = client.get("/api/words", headers={"Accept-Language": "zh-TW, ka"}).json()
    assert taiwan["language"] == "ka"
    nothing = client.get("/api/words", headers={"Accept-Language": "de, fr"}).json()
    assert nothing["language"] == "en" and nothing["texts"]["site.nav.lobby"] == "Lobby"


def test_the_menu_offers_each_complete_language_in_its_own_words(hall: Hall) -> None:
    answer = hall.client().get("/api/words").json()
    names = {offer["language"]: offer["name"] for offer in answer["offered"]}
    assert tuple(names) == offered() == ("en", "ka", "ru", "zh_Hans")
    assert names["ru"] == "Русский" and names["ka"] == "ქართული"
    assert names["zh_Hans"].startswith("中文")


def test_a_chosen_language_beats_the_browsers(hall: Hall) -> None:
    client = hall.client()
    client.cookies.set("gamehall_language", "ka")
    answer = client.get("/api/words", headers={"Accept-Language": "ru"}).json()
    assert answer["language"] == "ka"
    asked = client.get("/api/words", params={"language": "zh_Hans"}).json()
    assert asked["language"] == "zh_Hans"
    client.cookies.set("gamehall_language", "tlh")  # a language not spoken: the browser's then
    assert client.get("/api/words", headers={"Accept-Language": "ru"}).json()["language"] == "ru"


def test_an_unknown_language_is_refused_in_words(hall: Hall) -> None:
    refused = hall.client().get("/api/words", params={"language": "tlh"})
    assert refused.status_code == 422
    spoken = "it speaks en, ka, ru, zh_Hans"
    assert refused.json()["detail"] == f"the hall does not speak 'tlh': {spoken}"


def test_a_player_s_profile_remembers_his_language(hall: Hall) -> None:
    ann = hall.register("ann")
    assert ann.ok("get", "/api/me")["language"] is None
    headers = {"X-CSRF-Token": ann.csrf or ""}
    chosen = ann.client.put("/api/me/language", json={"language": "ru"}, headers=headers)
    assert chosen.status_code == 200, chosen.text
    assert ann.ok("get", "/api/me")["language"] == "ru"
    elsewhere = hall.client().post("/api/login", json={"name": "ann", "password": PASSWORD})
    assert elsewhere.json()["language"] == "ru"
    bad = ann.client.put("/api/me/language", json={"language": "xx"}, headers=headers)
    assert bad.status_code == 422 and "does not speak 'xx'" in bad.json()["detail"]
    wrong_type = ann.client.put("/api/me/language", json={"language": 7}, headers=headers)
    assert wrong_type.status_code == 422
    assert ann.ok("get", "/api/me")["language"] == "ru"
    cleared = ann.client.put("/api/me/language", json={"language": None}, headers=headers)
    assert cleared.status_code == 200
    assert ann.ok("get", "/api/me")["language"] is None


def test_choosing_a_language_needs_a_session_and_its_token(hall: Hall) -> None:
    anonymous = hall.client().put("/api/me/language", json={"language": "ru"})
    assert anonymous.status_code == 401
    ann = hall.register("ann")
    forged = ann.client.put("/api/me/language", json={"language": "ru"})
    assert forged.status_code == 403
