"""What the commands print while they run, in the chosen language: the Gomocup brain's refusals
and the Gomocup match's summary, ``verify-dice``'s findings, and the refusals of ``rollout``,
``backup``, ``external`` and ``admin``."""

from pathlib import Path

import pytest

from gamehall.cli import main
from gamehall.engines.gomocup.brain import Brain
from gamehall.engines.gomocup.manager import GameRecord, MatchResult
from gamehall.engines.renju import RandomRenjuEngine
from gamehall.play.dice import DiceReport, RollMismatch
from gamehall.terminal.dice_report import findings
from gamehall.words import words


def _brain(language: str) -> Brain:
    return Brain(RandomRenjuEngine(seed=1), said=words(language).refusal)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "ru",
            ["UNKNOWN FLY — такой команды этот мозг не знает", "ERROR сначала отправьте START 15"],
        ),
        ("ka", ["UNKNOWN FLY — ეს ტვინი ასეთ ბრძანებას არ იცნობს", "ERROR ჯერ გაგზავნეთ START 15"]),
    ],
)
def test_the_brain_refuses_in_the_chosen_language(language: str, said: list[str]) -> None:
    brain = _brain(language)
    assert [brain.answer("FLY"), brain.answer("BEGIN")] == said
    assert (
        brain.answer("START 20")
        == {
            "ru": "ERROR поддерживается только доска 15x15",
            "ka": "ERROR მხარდაჭერილია მხოლოდ 15x15 დაფა",
        }[language]
    )
    assert brain.answer("START 15") == "OK"
    assert (
        brain.answer("TURN 20,3")
        == {
            "ru": "ERROR 20,3 — за пределами доски 15x15 (x и y от 0 до 14)",
            "ka": "ERROR 20,3 15x15 დაფის გარეთაა (x და y 0-დან 14-მდე)",
        }[language]
    )


def test_the_brain_speaks_english_by_default() -> None:
    brain = Brain(RandomRenjuEngine(seed=1))
    assert brain.answer("FLY") == "UNKNOWN FLY is not a command this brain knows"


def test_the_match_summary_in_russian() -> None:
    result = MatchResult(names={"A": "rapfi", "B": "gamehall"})
    result.add(GameRecord(1, "A", "black", "five", ("h8",), "five"))
    result.add(GameRecord(2, "B", "white", "black timeout: 6000 ms", ("h8",), "engine-timeout"))
    result.add(GameRecord(3, "A", None, "full-board", (), "full-board"))
    assert result.summary(words("ru").say).splitlines() == [
        "сыграно партий: 3",
        "  A rapfi: очков 2.5; чёрными выиграно 1, проиграно 0, вничью 1; "
        "белыми выиграно 1, проиграно 0, вничью 0",
        "  B gamehall: очков 0.5; чёрными выиграно 0, проиграно 1, вничью 0; "
        "белыми выиграно 0, проиграно 1, вничью 1",
        "  чем закончились: доска заполнена 1, игрок B не ответил вовремя 1, пять в ряд 1",
    ]
    english = result.summary(words("en").say)
    assert "B did not answer in time 1" in english and "five in a row 1" in english


def test_a_record_without_its_ending_code_shows_its_reason() -> None:
    result = MatchResult()
    result.add(GameRecord(1, "A", "black", "five", ("h8",)))
    assert result.summary(words("ru").say).endswith("чем закончились: five 1")


def test_the_dice_findings_in_russian() -> None:
    say = words("ru").say
    assert findings(DiceReport(7, True), say) == "все броски (7) сходятся"
    report = DiceReport(3, False, (RollMismatch(2, 2, (6, 6), (3, 5)),), ((3, 4),))
    assert findings(report, say).splitlines() == [
        "раскрытое зерно сервера не совпадает с опубликованным хешем",
        "бросок 2 (счётчик 2) был 6-6, а зёрна дают 3-5",
        "у броска 3 счётчик 4, а не 3: броски могли пропустить",
    ]


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str]:
    status = main(argv)
    return status, capsys.readouterr().err.strip()


def test_verify_dice_refuses_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dice.json"
    assert _refused(capsys, ["--lang", "ru", "verify-dice", str(path)]) == (
        1,
        f"gamehall: не удаётся открыть запись костей {path}",
    )
    path.write_text("not json")
    assert _refused(capsys, ["--lang", "zh", "verify-dice", str(path)]) == (
        1,
        f"gamehall: 骰子记录 {path} 不是 JSON",
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["rollout", "backgammon", "start", "--dice", "31"],
            "--plays и --dice даются вместе: ходы какого броска разыгрывать",
        ),
        (
            ["rollout", "backgammon", "start", "--dice", "77", "--plays", "2"],
            "кости — два числа от 1 до 6, например 31, а не '77'",
        ),
        (
            ["rollout", "nardy", "start", "--cubeful"],
            "в длинных нардах нет куба удвоения: их роллауты — без куба",
        ),
        (
            ["external", "backgammon", "--socket", "gnubg.sock", "--host", "here"],
            "--host даётся с --port: у сокета Unix есть путь, а не хост",
        ),
        (
            ["match", "renju", "--black", "a", "--white", "b", "--games", "0"],
            "число партий — целое число от 1, а не 0",
        ),
    ],
)
def test_a_command_refuses_in_russian(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    assert _refused(capsys, ["--lang", "ru", *argv]) == (1, f"gamehall: {said}")


def test_backup_refuses_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "none.db"
    argv = ["backup", str(tmp_path / "out.backup"), "--database", f"sqlite:///{database}"]
    assert _refused(capsys, ["--lang", "ru", *argv]) == (
        1,
        f"gamehall: по адресу {database} нет базы данных",
    )
    assert _refused(capsys, ["--lang", "ka", *argv]) == (
        1,
        f"gamehall: {database}-ზე მონაცემთა ბაზა არ არის",
    )


def test_admin_says_an_unreachable_server_in_russian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMEHALL_ADMIN_TOKEN", "secret")
    status, said = _refused(
        capsys, ["--lang", "ru", "admin", "--url", "http://127.0.0.1:9", "engines"]
    )
    assert status == 1
    assert said.startswith("gamehall: не удаётся связаться с сервером http://127.0.0.1:9: ")
