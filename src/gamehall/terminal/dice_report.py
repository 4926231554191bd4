"""What ``gamehall verify-dice`` prints: a dice check's findings (``DiceReport``) in the
reader's words, one line a finding, from the report's figures (its ``summary`` is the
library's English)."""

from collections.abc import Callable, Sequence

from gamehall.play.dice import DiceReport


def _dice(dice: Sequence[int]) -> str:
    return "-".join(map(str, dice))


def findings(report: DiceReport, say: Callable[..., str]) -> str:
    """The report's findings in ``say``'s words: all rolls check out, or each fault."""
    if report.ok:
        return say("cli.verify.all-good", count=report.rolls_checked)
    lines = [] if report.commitment_ok else [say("cli.verify.commitment")]
    lines += [
        say(
            "cli.verify.mismatch",
            roll=m.index,
            counter=m.counter,
            recorded=_dice(m.recorded),
            expected=_dice(m.expected),
        )
        for m in report.mismatches
    ]
    lines += [
        say("cli.verify.out-of-sequence", roll=index, counter=counter)
        for index, counter in report.out_of_sequence
    ]
    return "\n".join(lines)
