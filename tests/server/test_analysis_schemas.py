"""The analysis API's typed views read every kind of tables decision the analysis makes, a
resignation's offer and acceptance among them."""

from gamehall.analysis.values import DECISION_KINDS, Choice, Decision
from gamehall.server.analysis_schemas import TablesDecisionView


def test_every_decision_kind_is_a_view() -> None:
    for kind in DECISION_KINDS:
        decision = Decision(
            game=1, move=2, player=1, kind=kind, played="resign-gammon", best="play-on",
            loss=2.4, equity_before=0.4, equity_after=-2.0, band="blunder",
            choices=(Choice("play-on", 0.4), Choice("resign-gammon", -2.0)),
        )  # fmt: skip
        view = TablesDecisionView.model_validate({**decision.to_dict(), "frame": 3})
        assert view.kind == kind and view.choices[1].move == "resign-gammon"
